"""Optional LLM proposal of tool-graph edges (config `llm_edges: true`), task `propose_edges`.

One request per domain (cached by the client like every exchange). Every proposed edge is
checked against the catalog -- both tools exist in the domain and differ, every param is a
real, feedable parameter of the consumer -- and the problems are fed back as a re-ask; edges
that still fail are dropped. Accepted edges are added with source "llm" after the catalog
and inferred edges, so they only connect pairs the other sources left unconnected.
"""

from __future__ import annotations

from pydantic import Field

from ..llm.protocol import LLMClient
from ..prompting import prompts
from ..records import Edge, Record, Tool
from .graph import ToolGraph, feedable

TEMPLATE = "traject_edges"
TEMPLATE_VARS = {TEMPLATE: {"domain", "tools"}}  # for prompting.check_templates at start-up


class ProposedEdge(Record):
    producer: str
    tool: str
    params: list[str] = Field(default_factory=list)


class ProposedEdges(Record):
    edges: list[ProposedEdge] = Field(default_factory=list)


def tool_view(tool: Tool) -> dict:
    return {
        "name": tool.name,
        "description": tool.description,
        "output": tool.output or "",
        "parameters": {p: s.get("type", "string") for p, s in tool.properties.items()},
    }


def messages(domain: str, tools: list[Tool]) -> list[dict[str, str]]:
    return prompts().render_messages(TEMPLATE, domain=domain, tools=[tool_view(t) for t in tools])


def edge_problems(edge: ProposedEdge, by_name: dict[str, Tool]) -> list[str]:
    consumer = by_name.get(edge.tool)
    if edge.producer not in by_name or consumer is None:
        return [f"edge {edge.producer!r} -> {edge.tool!r}: unknown tool name"]
    if edge.producer == edge.tool:
        return [f"edge {edge.producer!r} -> itself: producer and consumer must differ"]
    return [
        f"edge {edge.producer!r} -> {edge.tool!r}: {p!r} is not a feedable parameter of the consumer"
        for p in edge.params
        if p not in consumer.properties or not feedable(consumer, p)
    ] + ([] if edge.params else [f"edge {edge.producer!r} -> {edge.tool!r}: no params"])


def reply_check(by_name: dict[str, Tool]):
    def check(reply: ProposedEdges) -> list[str]:
        return [p for e in reply.edges for p in edge_problems(e, by_name)]

    return check


async def propose(llm: LLMClient, domain: str, tools: list[Tool]) -> list[ProposedEdge]:
    by_name = {t.name: t for t in tools}
    reply = await llm.structured(
        messages(domain, tools),
        ProposedEdges,
        check=reply_check(by_name),
        temperature=0.0,
        tag=f"traject.propose_edges:{domain}",
    )
    return [e for e in reply.value.edges if not edge_problems(e, by_name)]


async def add_llm_edges(graph: ToolGraph, by_domain: dict[str, list[Tool]], llm: LLMClient) -> int:
    """Ask per domain (sorted, so the graph is deterministic); returns the number of edges added."""
    added = 0
    for domain in sorted(by_domain):
        if len(by_domain[domain]) < 2:
            continue
        for e in sorted(await propose(llm, domain, by_domain[domain]), key=lambda e: (e.producer, e.tool)):
            added += graph.add(e.producer, Edge(tool=e.tool, params=sorted(set(e.params)), source="llm"))
    return added
