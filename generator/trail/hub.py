"""What the Hub side needs of the trail product: its facets for duplicate removal and splits, its
`datasets` config with its declared features, its intended use on the dataset card, and its panel
of the per-level plots."""

from __future__ import annotations

from typing import Any

from ..catalog import Catalog
from ..hub.configs import FEATURES, SPECS, SPLIT, ConfigSpec, feature, list_feature
from ..hub.facets import FACETS, PLANNED, Facets, make
from ..hub.meaning import Band, add_bands
from ..hub.plots import LEVEL_PANELS, LevelPanel
from ..hub.sections import USES
from ..products.base import RunContext, WorkItem
from ..records import Sample
from .config import TRAILBENCH_BY_SIZE, TRAILBENCH_MEAN, TrailConfig

NAME = "trail"

# ---------------------------------------------------------------- facets


def _tool_named(catalog: Catalog, app: str, api: str) -> str:
    """The catalog name of a TRAILBench answer's function (`<app>_<api>` unless the catalog
    names it otherwise)."""
    return next((t.name for t in catalog.tools if t.app == app and t.api == api), f"{app}_{api}")


@FACETS.register(NAME)
def trail_facets(sample: Sample, item: WorkItem, ctx: RunContext) -> Facets:
    p = sample.payload
    answer = p["answer"]
    name = _tool_named(ctx.catalog, answer["toolname"], answer["apiname"])
    lead = next(iter(p["query"].values()))[0]
    groups = {"targets": 1, **{f"{level} queries": len(qs) for level, qs in p["query"].items()}}
    return make(NAME, sample.item_id, sample.item_id, lead, [(name, answer["parameters"])], ctx.catalog,
                user=p["user"], domains=[answer["apitype"]], groups=groups)


@PLANNED.register(NAME)
def trail_planned(item: WorkItem, ctx: RunContext) -> dict[str, int]:
    cfg = ctx.config.products.section(NAME, TrailConfig) or TrailConfig()
    return {"targets": 1, **{f"{level} queries": n for level, n in cfg.paraphrases.by_level().items()}}


# ---------------------------------------------------------------- datasets configs

LEVELS = ("Minimum Difficulty", "Low Difficulty", "Medium Difficulty", "High Difficulty")
FEATURES[NAME] = [feature("id", "int64"), feature("time"),
                  {"name": "query", "struct": [list_feature(lv, "string") for lv in LEVELS]},
                  feature("answer", "json"), feature("user_history")]
SPECS.append(ConfigSpec(NAME, NAME, rf"trail/(?:{SPLIT}/)?all_generated_queries_[^/]+\.json",
                        "TRAILBench records: one target call, queries at four vagueness levels, the user history"))

# ---------------------------------------------------------------- the card

USES[NAME] = ("evaluating personalized tool calling: resolving vague requests from the user's history and "
              "the query time, level by level")

# TRAILBench's GPT-written query files (1,815 queries over 10 users), measured with the same
# value-recall rule as `trajgen stats`: constants, so that the figure does not need the files.
PLOT_LEVELS = ("Minimum", "Low", "Medium", "High")
UPSTREAM_VR = (0.655, 0.497, 0.303, 0.039)
UPSTREAM_WORDS = (20.0, 14.0, 10.2, 9.7)


def _series(fig: dict[str, Any], what: str) -> list[float | None]:
    return [fig.get(f"all.{lv.lower()}.{what}") for lv in PLOT_LEVELS]


LEVEL_PANELS.add(NAME, LevelPanel("TRAILBench levels", "TRAILBench", "vagueness level", PLOT_LEVELS, _series,
                                  {"vr": UPSTREAM_VR, "words": UPSTREAM_WORDS}))


# ---------------------------------------------------------------- vagueness bands by meaning

# The original TRAILBench query files read by trajgen's reader (rules only, every file that
# parses, 6,089 pairs) give 0.838 / 0.589 / 0.358 / 0.057 by meaning, Minimum to High (literally
# 0.655 / 0.497 / 0.303 / 0.039, held to 0.55-0.80 / 0.40-0.60 / 0.20-0.40 / at most 0.10). A
# band by meaning is centred where the benchmark itself reads by meaning, with the literal bands'
# margins: a date said as "tomorrow" is stated to a reader and left out to a literal count. The
# three calibrated levels follow a file's mix of call sizes (config.TRAILBENCH_BY_SIZE: a call of
# one value states it at Minimum in every TRAILBench query): 0.74-0.99 at Minimum is the band for
# TRAILBench's own mix, 0.90-1.00 for a file of one-value calls.
# tests/test_card_meaning.py reads the original files and checks each lies in its band.
add_bands(*(Band(NAME, f"{level} Difficulty", low, high, TRAILBENCH_BY_SIZE[level], TRAILBENCH_MEAN[level])
            for level, low, high in (("Minimum", 0.74, 0.99), ("Low", 0.49, 0.69), ("Medium", 0.25, 0.45))),
          Band(NAME, "High Difficulty", 0.0, 0.12))
