"""What the Hub side needs of the traject product: its facets for duplicate removal and splits,
its `datasets` configs with their declared features, its intended use on the dataset card, its
panel of the per-level plots and its tool calls per trajectory."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..catalog import Catalog
from ..hub.configs import FEATURES, SPECS, SPLIT, ConfigSpec, feature, list_feature
from ..hub.facets import FACETS, PLANNED, Facets, make
from ..hub.plots import LENGTH_SERIES, LEVEL_PANELS, LevelPanel, PlotInput
from ..hub.sections import USES
from ..products.base import RunContext, WorkItem
from ..records import Sample
from .export import traject_name

NAME = "traject"

# ---------------------------------------------------------------- facets


def _names(catalog: Catalog) -> dict[str, str]:
    return {traject_name(t): t.name for t in catalog.tools}


def _calls(record: dict[str, Any], names: dict[str, str]) -> list[tuple[str, dict[str, Any]]]:
    calls = []
    for c in record["tool list"]:
        args = {p["name"]: p["value"] for k in ("required parameters", "optional parameters")
                for p in c.get(k) or []}
        calls.append((names.get(c["tool name"], c["tool name"]), args))
    return calls


@FACETS.register(NAME)
def traject_facets(sample: Sample, item: WorkItem, ctx: RunContext) -> Facets:
    p = sample.payload
    first = next(iter(p["records"].values()))  # simple (parallel) or traj_query (sequential)
    calls = _calls(first, _names(ctx.catalog))
    return make(NAME, sample.item_id, sample.item_id, first["query"], calls, ctx.catalog,
                domains=[p["domain"]], groups=traject_planned(item, ctx))


@PLANNED.register(NAME)
def traject_planned(item: WorkItem, ctx: RunContext) -> dict[str, int]:
    return {f"{item.spec.kind} / {item.spec.domain}": 1}


# ---------------------------------------------------------------- datasets configs

FEATURES["traject_simple"] = [feature("query"), list_feature("tool list"), feature("trajectory_type"),
                              feature("tool count", "int64"), feature("final_answer")]
FEATURES["traject_sequential"] = [
    feature("query"), feature("final_answer", "json"), list_feature("tool list"), feature("sequence_name"),
    feature("sequence_description"), feature("num_tools_used", "int64"), feature("num_successful_tools", "int64"),
    feature("domain"), feature("executable", "bool"), feature("generation_info", "json")]
FEATURES["traject_hard"] = FEATURES["traject_simple"]
SPECS += [
    ConfigSpec("traject_simple", NAME, rf"traject/(?:{SPLIT}/)?parallel/[^/]+/simple_ver\.json",
               "TRAJECT-Bench parallel trajectories, simple queries"),
    ConfigSpec("traject_hard", NAME, rf"traject/(?:{SPLIT}/)?parallel/[^/]+/hard_ver\.json",
               "TRAJECT-Bench parallel trajectories, hard queries (row i is the twin of simple row i)",
               secondary=True),
    ConfigSpec("traject_sequential", NAME, rf"traject/(?:{SPLIT}/)?sequential/[^/]+/traj_query\.json",
               "TRAJECT-Bench sequential trajectories (each step feeds the next)"),
]

# ---------------------------------------------------------------- the card

USES[NAME] = ("evaluating multi-tool trajectories: choosing and parameterizing several tools from simple "
              "and deliberately vague (hard) queries")

# TRAJECT-Bench's parallel queries (9 domains), measured with the same value-recall rule as
# `trajgen stats`: constants, so that the figure does not need the files.
VERSIONS = ("simple", "hard", "sequential")
UPSTREAM_VR = (0.743, 0.413, 0.697)
UPSTREAM_WORDS = (56.4, 109.1, None)


def _series(fig: dict[str, Any], what: str) -> list[float | None]:
    return [fig.get(f"{v}_{what}") if fig.get(f"{v}_records") else None for v in VERSIONS]


LEVEL_PANELS.add(NAME, LevelPanel("TRAJECT-Bench versions", "TRAJECT-Bench", "query version", VERSIONS, _series,
                                  {"vr": UPSTREAM_VR, "words": UPSTREAM_WORDS}))


def _lengths(root: Path, pattern: str) -> list[int]:
    return [len(r["tool list"]) for f in sorted(root.rglob(pattern))
            for r in json.loads(f.read_text(encoding="utf-8"))]


def traject_lengths(inp: PlotInput) -> list[tuple[str, Sequence[int]]]:
    root = inp.out_dir / NAME
    if NAME not in inp.products or not root.is_dir():
        return []
    return [("TRAJECT parallel", _lengths(root, "simple_ver.json")),
            ("TRAJECT sequential", _lengths(root, "traj_query.json"))]


LENGTH_SERIES.append((10, traject_lengths))
