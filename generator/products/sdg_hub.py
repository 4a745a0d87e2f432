"""What the Hub side needs of the sdg product: its facets for duplicate removal and splits, its
`datasets` configs with their declared features, its intended use on the dataset card, and its
parts of the card's plots (its categories, its tool calls per row)."""

from __future__ import annotations

import json
from array import array
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..catalog import Catalog
from ..hub.configs import FEATURES, SPECS, SPLIT, ConfigSpec, Feature, feature, list_feature
from ..hub.facets import FACETS, Facets, domains_of, make
from ..hub.plots import CATEGORY_PANELS, LENGTH_SERIES, PlotInput
from ..hub.sections import USES
from ..records import Sample
from .base import RunContext, WorkItem

NAME = "sdg"

# ---------------------------------------------------------------- facets


def message_calls(messages: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for m in messages:
        for tc in m.get("tool_calls") or []:
            args = tc["function"].get("arguments") or "{}"
            out.append((tc["function"]["name"], json.loads(args) if isinstance(args, str) else args))
    return out


def _offered_domains(tools_json: str, catalog: Catalog) -> list[str]:
    return domains_of([t["function"]["name"] for t in json.loads(tools_json)], catalog)


@FACETS.register(NAME)
def sdg_facets(sample: Sample, item: WorkItem, ctx: RunContext) -> Facets:
    row, catalog = sample.payload, ctx.catalog
    lead = "\n".join(m["content"] for m in row["messages"] if m["role"] == "user" and m.get("content"))
    calls = message_calls(row["messages"])
    extra = {} if calls else {"domains": _offered_domains(row["tools"], catalog)}
    return make(NAME, row["id"], row["trajectory_id"], lead, calls, catalog,
                groups={row["category"]: 1}, **extra)


# ---------------------------------------------------------------- datasets configs

# SDG rows: also the form of other products' SDG files (when2call/hub.py copies it)
SDG: list[Feature] = [feature("id"), feature("trajectory_id"), feature("category"), list_feature("messages"),
                      feature("tools")]
FEATURES[NAME] = SDG
FEATURES["sdg_chat"] = [*SDG[:4], list_feature("tools")]
SPECS += [
    ConfigSpec(NAME, NAME, rf"sdg/{SPLIT}\.jsonl",
               "SFT rows (BFCL-toolcall-SDG form): OpenAI messages, `tools` and call arguments as JSON strings"),
    ConfigSpec("sdg_chat", NAME, rf"sdg/chat/{SPLIT}\.jsonl",
               "the same SFT rows in the chat-template form: `tools` a list of JSON Schemas, arguments objects",
               secondary=True),
]

# ---------------------------------------------------------------- the card

USES[NAME] = ("supervised fine-tuning of tool calling (single, parallel, multiple-choice, irrelevance and "
              "multi-turn calls)")
CATEGORY_PANELS.add(NAME, "rows (multi-turn miss_func yields two rows per conversation)")


def _calls_per_row(path: Path) -> array[int]:
    """Read line by line into a compact array: flat in memory whatever the file's size."""
    out = array("I")
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                row = json.loads(line)
                out.append(sum(len(m.get("tool_calls") or []) for m in row["messages"]))
    return out


def sdg_lengths(inp: PlotInput) -> list[tuple[str, Sequence[int]]]:
    files = sorted((inp.out_dir / NAME).glob("*.jsonl")) if NAME in inp.products else []
    return [("SDG rows", array("I", (n for f in files for n in _calls_per_row(f))))] if files else []


LENGTH_SERIES.append((20, sdg_lengths))  # after TRAJECT's series (10), as the figure always drew them
