"""What the Hub side needs of the judge product: its facets for duplicate removal and splits, its
`datasets` configs with their declared features, its intended use on the dataset card and its
label-mix plot."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..hub.configs import FEATURES, SPECS, SPLIT, ConfigSpec, feature, list_feature
from ..hub.facets import FACETS, PLANNED, Facets, domains_of, make
from ..hub.plots import PlotInput, figure, plot, requested_vs_produced
from ..hub.sections import USES
from ..products.base import RunContext, WorkItem
from ..records import Sample

NAME = "judge"

# ---------------------------------------------------------------- facets


@FACETS.register(NAME)
def judge_facets(sample: Sample, item: WorkItem, ctx: RunContext) -> Facets:
    row, catalog = sample.payload, ctx.catalog
    gold = row.get("gold")
    calls = [(gold["tool"], gold["arguments"])] if gold else []
    extra = {} if calls else {"domains": domains_of([t["function"]["name"] for t in row["tools"]], catalog)}
    return make(NAME, row["id"], row["id"], row["request"], calls, catalog,
                groups={row["label"]: 1}, **extra)


@PLANNED.register(NAME)
def judge_planned(item: WorkItem, ctx: RunContext) -> dict[str, int]:
    groups: dict[str, int] = {}
    for label in item.spec.labels:
        groups[label] = groups.get(label, 0) + 1
    return groups


# ---------------------------------------------------------------- datasets configs

FEATURES[NAME] = [feature(c) for c in ("tools_list", "messages_history", "label", "binary_label", "failure_reason")]
FEATURES["judge_meta"] = [feature("id"), feature("operator"), feature("label"), feature("gold", "json"),
                          feature("note")]
FEATURES["judge_pairs"] = [feature("id"), feature("tools_list"), list_feature("prompt"), list_feature("chosen"),
                           list_feature("rejected"), feature("label"), feature("failure_reason")]
SPECS += [
    ConfigSpec(NAME, NAME, rf"judge/{SPLIT}\.jsonl",
               "judge rows: tools, messages, label, binary label, failure reasons (all strings; the same "
               "rows as the .parquet file)"),
    ConfigSpec("judge_meta", NAME, rf"judge/meta(?:_{SPLIT})?\.jsonl",
               "provenance of the judge rows, line by line: operator, gold call, note", secondary=True),
    ConfigSpec("judge_pairs", NAME, rf"judge/pairs(?:_{SPLIT})?\.jsonl",
               "preference pairs (prompt / chosen / rejected) from the corrupted judge rows", secondary=True),
]

# ---------------------------------------------------------------- the card

USES[NAME] = "training and evaluating judges (reward models) of tool-call correctness"


@plot("label_mix.png", "Judge labels: rows requested by the plan and rows written", 30)
def label_mix(inp: PlotInput) -> Any | None:
    planned, produced = inp.prep.planned.get(NAME), inp.prep.produced.get(NAME)
    if not planned:
        return None
    labels = [lab for lab in ("VALID_CALL", "TOOL_ERROR", "PARAM_NAME_ERROR", "PARAM_VALUE_ERROR") if lab in planned]
    fig, (ax,) = figure(7.0, 2.8)
    requested_vs_produced(ax, planned, produced or Counter(), labels)
    ax.set_xlabel("rows")
    ax.set_title("Judge label mix (VALID_CALL = the candidate answer is right)", fontsize=10)
    return fig
