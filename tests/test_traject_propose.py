"""The optional LLM edge proposal: prompt renders with a task block, bad edges are re-asked/dropped."""

from __future__ import annotations

import asyncio
import json

from test_traject_support import bundled_catalog

from generator.llm.protocol import Structured, Usage
from generator.traject.graph import build_graph
from generator.traject.propose import ProposedEdges, add_llm_edges, messages


class ScriptedLLM:
    """Returns the scripted reply; records the check's problems like a real client would re-ask."""

    model, endpoint = "scripted", "memory"

    def __init__(self, edges: list[dict]) -> None:
        self.edges, self.usage, self.problems, self.tags = edges, Usage(), [], []

    async def structured(self, messages, reply_model, *, check=None, temperature=None, tag=""):
        value = reply_model.model_validate({"edges": self.edges})
        self.problems += check(value) if check else []
        self.tags.append(tag)
        return Structured(value=value, raw=json.dumps({"edges": self.edges}), attempts=1)


def test_prompt_carries_the_domain_and_its_tools():
    cat = bundled_catalog()
    content = messages("travel", cat.by_domain["travel"])[-1]["content"]
    assert '"travel" domain' in content and "```" not in content
    line = content.split("parameter types):\n", 1)[1].split("\n", 1)[0]
    assert {t["name"] for t in json.loads(line)} == {t.name for t in cat.by_domain["travel"]}


def test_only_valid_new_edges_are_added():
    cat = bundled_catalog()
    graph = build_graph(cat.tools)
    before = graph.edge_count()
    llm = ScriptedLLM(
        [
            {
                "producer": "Roamly_search_hotels",
                "tool": "Jetfare_search_flights",
                "params": ["to_city"],
            },  # new, valid
            {"producer": "Roamly_search_hotels", "tool": "Nowhere_tool", "params": ["x"]},  # unknown tool
            {"producer": "Skyhop_search_flights", "tool": "Skyhop_book_flight", "params": ["not_a_param"]},
        ]
    )
    added = asyncio.run(add_llm_edges(graph, {"travel": cat.by_domain["travel"]}, llm))
    assert added == 1 and graph.edge_count()["llm"] == 1
    assert graph.edge("Roamly_search_hotels", "Jetfare_search_flights").source == "llm"
    assert len(llm.problems) == 2 and llm.tags == ["traject.propose_edges:travel"]
    assert {k: v for k, v in graph.edge_count().items() if k != "llm"} == before


def test_reply_model_accepts_empty_answer():
    assert ProposedEdges.model_validate({"edges": []}).edges == []
