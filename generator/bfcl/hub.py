"""What the Hub side needs of the bfcl product: its facets for duplicate removal and splits, its
`datasets` configs with their declared features, its intended use on the dataset card and its
panel of the categories plot."""

from __future__ import annotations

from typing import Any

from ..hub.configs import FEATURES, SPECS, SPLIT, ConfigSpec, feature, list_feature
from ..hub.facets import FACETS, Facets, domains_of, make
from ..hub.plots import CATEGORY_PANELS
from ..hub.sections import USES
from ..products.base import RunContext, WorkItem
from ..records import Sample

NAME = "bfcl"

# ---------------------------------------------------------------- facets


def _calls(answer: dict[str, Any] | None) -> list[tuple[str, dict[str, Any]]]:
    """Gold calls of a single-turn possible answer: the first acceptable value of each
    parameter that may not be omitted (an omittable one equals its default)."""
    if answer is None or not answer.get("ground_truth") or not isinstance(answer["ground_truth"][0], dict):
        return []
    return [(name, {k: alts[0] for k, alts in params.items() if "" not in alts})
            for call in answer["ground_truth"] for name, params in call.items()]


def _multi_turn(answer: dict[str, Any] | None) -> list[tuple[str, dict[str, Any]]]:
    if answer is None or not answer.get("ground_truth") or isinstance(answer["ground_truth"][0], dict):
        return []
    return [(c.split("(", 1)[0], {"call": c}) for turn in answer["ground_truth"] for c in turn]


@FACETS.register(NAME)
def bfcl_facets(sample: Sample, item: WorkItem, ctx: RunContext) -> Facets:
    q, a, catalog = sample.payload["question"], sample.payload["answer"], ctx.catalog
    lead = "\n".join(m["content"] for turn in q["question"] for m in turn
                     if m.get("role") == "user" and m.get("content"))
    calls = _calls(a) or _multi_turn(a)
    offered = [f["name"] for f in q.get("function") or []]
    extra = {} if calls else {"domains": domains_of(offered, catalog)}
    return make(NAME, sample.item_id, sample.item_id, lead, calls, catalog,
                groups={item.spec.category: 1}, **extra)


# ---------------------------------------------------------------- datasets configs

FEATURES[NAME] = [feature("id"), list_feature("question", {"list": "json"}), list_feature("function")]
FEATURES["bfcl_answers"] = [feature("id"), list_feature("ground_truth")]
SPECS += [
    ConfigSpec(NAME, NAME, rf"bfcl/(?:{SPLIT}/)?BFCL_v4_(?!multi_turn)[^/]+\.json",
               "BFCL v4 single-turn questions (the category is the id's prefix)"),
    ConfigSpec("bfcl_answers", NAME,
               rf"bfcl/(?:{SPLIT}/)?(?:possible_answer|gold)/BFCL_v4_(?!multi_turn)[^/]+\.json",
               "BFCL v4 possible answers of the single-turn questions (gold/ for live_relevance)", secondary=True),
    ConfigSpec("bfcl_multi_turn", NAME, rf"bfcl/(?:{SPLIT}/)?BFCL_v4_multi_turn[^/]+\.json",
               "BFCL v4 multi-turn questions with their initial state"),
    ConfigSpec("bfcl_multi_turn_answers", NAME,
               rf"bfcl/(?:{SPLIT}/)?possible_answer/BFCL_v4_multi_turn[^/]+\.json",
               "BFCL v4 multi-turn possible answers (call strings per turn)", secondary=True),
]

# ---------------------------------------------------------------- the card

USES[NAME] = "running the Berkeley Function Calling Leaderboard's official checker on new tools"
CATEGORY_PANELS.add(NAME, "entries")
