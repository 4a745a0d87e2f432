"""The trail product's own checks, each shown failing: target eligibility, temporal consistency,
gold self-score, and 'High strictly vaguer than Minimum'."""

import pytest

from generator.catalog import Catalog
from generator.products.base import WorkItem
from generator.records import ArgPlan, CallPlan, DisclosurePlan, Draft, HistoryEvent, Tool, UserHistory
from generator.trail.product import ItemFailed, TrailSpec, answer_of, check_answer, strictly_vaguer
from generator.trail.targets import build_target, eligible, inferable, select

TOOL = Tool(name="Dishdash_search_restaurant", app="Dishdash", api="search_restaurant", domain="food",
            parameters={"type": "object", "properties": {
                "location": {"type": "string"}, "is_delivery": {"type": "boolean"},
                "meal_type": {"type": "string", "enum": ["breakfast", "lunch", "dinner", "night_snack"]},
                "sort_by": {"type": "string", "enum": ["rating", "distance"], "default": "rating"}}})
CATALOG = Catalog([TOOL])
ITEM = WorkItem(item_id="t-1", product="trail", index=0, spec=TrailSpec(user="maya", k=25))


def event(day: int, hour: int, **params) -> HistoryEvent:
    return HistoryEvent(time=f"2025-05-{day:02d} {hour:02d}:00", apitype="food", toolname="Dishdash",
                        apiname="search_restaurant", parameters=params)


def log(n: int, last: dict) -> UserHistory:
    events = [event(1 + i // 3, 12, location="Granite Tower", meal_type="lunch") for i in range(n)]
    return UserHistory(user="maya", events=[*events, event(20, 19, **last)])


def test_inferable_sources_and_eligibility():
    lg = log(25, {"location": "Granite Tower", "meal_type": "dinner", "sort_by": "rating", "is_delivery": True})
    target = build_target("x", lg, 25, TOOL, CATALOG)
    assert target.temporal_parameters == ["meal_type"]
    assert inferable(target, TOOL) == {"location": "history", "meal_type": "time", "sort_by": "default"}
    assert eligible(lg, 25, CATALOG, 20, 1.0)
    assert not eligible(lg, 25, CATALOG, 30, 1.0)  # not enough history
    new_place = log(25, {"location": "Somewhere New", "meal_type": "dinner"})
    assert not eligible(new_place, 25, CATALOG, 20, 1.0)  # a value the history cannot recover
    assert eligible(new_place, 25, CATALOG, 20, 0.5)
    bad_args = log(25, {"location": "Granite Tower", "meal_type": "brunch"})
    assert not eligible(bad_args, 25, CATALOG, 20, 0.0)  # invalid against the schema
    assert not eligible(log(25, {"location": "Granite Tower"}).model_copy(update={"events": [
        *log(25, {}).events[:25], event(20, 19, location="Granite Tower").model_copy(update={"toolname": "Nope"})]}),
        25, CATALOG, 20, 0.0)  # unknown tool


def test_select_spreads_over_users_deterministically():
    import random

    a = log(30, {"location": "Granite Tower"})
    b = a.model_copy(update={"user": "theo"})
    picks = select([a, b], CATALOG, 4, 20, 1.0, random.Random(1), repeat_share=0.5, recent_share=0.5)
    assert picks == select([a, b], CATALOG, 4, 20, 1.0, random.Random(1), repeat_share=0.5, recent_share=0.5)
    assert [u for u, _ in picks] == ["maya", "maya", "theo", "theo"]


def test_repeat_share_is_a_ceiling_on_what_is_produced():
    """Each log has one new target (its last event) and ten verbatim repeats: with
    repeat_share 0.25 two new targets allow no repeat at all, so 2 of 4 are produced, and
    the selection says why."""
    import random

    a = log(30, {"location": "Granite Tower"})
    logs = [a, a.model_copy(update={"user": "theo"})]
    picks = select(logs, CATALOG, 4, 20, 1.0, random.Random(1))
    assert picks == [("maya", 30), ("theo", 30)]
    assert "2 of 4 targets" in picks.why_short(4, 0.25, 0.06) and "capped by repeat_share 0.25 at 0" in (
        picks.why_short(4, 0.25, 0.06))
    half = select(logs, CATALOG, 4, 20, 1.0, random.Random(1), repeat_share=0.34, recent_share=0.34)
    assert len(half) == 3  # one repeat beside two new targets: 1/3 <= 0.34


def test_temporal_inconsistency_is_rejected():
    lg = log(25, {"location": "Granite Tower", "meal_type": "breakfast"})  # breakfast at 19:00
    target = build_target("x", lg, 25, TOOL, CATALOG)
    with pytest.raises(ItemFailed) as err:
        check_answer(ITEM, target, answer_of(target, TOOL), TOOL)
    assert err.value.rejection.validator == "temporal_consistent"


def test_string_boolean_gold_is_rejected():
    lg = log(25, {"location": "Granite Tower", "is_delivery": "true"})
    target = build_target("x", lg, 25, TOOL, CATALOG)
    with pytest.raises(ItemFailed) as err:
        check_answer(ITEM, target, answer_of(target, TOOL), TOOL)
    assert err.value.rejection.validator == "gold_self_score"


def plan(level: str, mode: str) -> DisclosurePlan:
    return DisclosurePlan(target_id="x", level=level, calls=[CallPlan(
        tool=TOOL.name, tool_mode="implied", args=[ArgPlan(param="location", value="Granite Tower", mode=mode)])])


def test_high_must_recall_less_than_minimum():
    plans = [plan("Minimum", "stated"), plan("High", "stated")]
    same = [Draft(target_id="x", level=p.level, texts=["go to granite tower"], writer="t") for p in plans]
    assert not strictly_vaguer(plans, same)[0].ok
    vaguer = [same[0], Draft(target_id="x", level="High", texts=["the usual place"], writer="t")]
    assert strictly_vaguer(plans, vaguer)[0].ok
