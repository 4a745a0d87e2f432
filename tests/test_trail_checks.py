"""The trail product's own checks, each shown failing: target eligibility, temporal consistency,
gold self-score, and 'High strictly vaguer than Minimum'."""

import json
from collections import Counter

import pytest

from generator.catalog import Catalog
from generator.products.base import WorkItem
from generator.records import ArgPlan, CallPlan, DisclosurePlan, Draft, HistoryEvent, Tool, UserHistory
from generator.trail.product import ItemFailed, TrailSpec, answer_of, check_answer, strictly_vaguer
from generator.trail.targets import Mix, Pools, adapt, build_target, eligible, inferable, select

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
    # theo lunches elsewhere: identical gold calls of two users are taken once (their queries would say the same)
    b = UserHistory(user="theo", events=[e.model_copy(update={"parameters": {**e.parameters, "location": "Maple Court"}})
                                         for e in a.events])
    mix = Mix(repeat_share=0.5, recent_share=0.5)
    picks = select([a, b], CATALOG, 4, 20, 1.0, random.Random(1), mix)
    assert picks == select([a, b], CATALOG, 4, 20, 1.0, random.Random(1), mix)
    assert [u for u, _ in picks] == ["maya", "maya", "theo", "theo"]


def varied_log(user: str, n: int = 30, place: str = "Granite Tower") -> UserHistory:
    """Lunch at the office (`place`; users with the same one share gold calls, which are taken
    once), with one of three sort orders: the last event is a new combination, the earlier ones
    repeat an earlier call (sort_by cycling) or the most recent one."""
    orders = ["rating", "distance", "rating", "rating"]
    events = [event(1 + i // 3, 12, location=place, meal_type="lunch", sort_by=orders[i % 4]) for i in range(n)]
    return UserHistory(user=user, events=[*events, event(20, 19, location=place, meal_type="dinner")])


def test_repeat_share_is_a_ceiling_on_what_is_produced():
    """Each log has one new target (its last event) and a few distinct repeats: with
    repeat_share 0.25 two new targets allow no repeat at all, so 2 of 4 are produced, and
    the selection says why; one user's identical calls are taken once."""
    import random

    logs = [varied_log("maya"), varied_log("theo", place="Maple Court")]
    picks = select(logs, CATALOG, 4, 20, 1.0, random.Random(1))
    assert picks == [("maya", 30), ("theo", 30)]
    why = picks.why_short(4)
    assert "2 of 4 targets" in why and "took 0 + 0 within repeat_share 0.25" in why, why
    half = select(logs, CATALOG, 4, 20, 1.0, random.Random(1), Mix(repeat_share=0.34, recent_share=0.34))
    assert len(half) == 3  # one repeat beside two new targets: 1/3 <= 0.34
    every = select(logs, CATALOG, 40, 20, 1.0, random.Random(1), Mix(repeat_share=1.0, recent_share=1.0))
    calls = Counter((u, json.dumps(logs[0].events[k].parameters, sort_keys=True)) for u, k in every)
    assert len(every) < 20 and max(calls.values()) == 1  # each user's call once, not 10 times


def test_defaults_adapt_when_the_logs_cannot_give_the_mix():
    """Short under the default mix, the shares left at their defaults are relaxed only as far as
    needed and the steps are said; a share the config sets is kept."""
    import random

    logs = [varied_log("maya"), varied_log("theo", place="Maple Court")]
    pools = Pools(logs, CATALOG, 20, 1.0, random.Random(1))
    picks, steps = adapt(pools, 4, Mix(), set())
    assert len(picks) == 4 and steps == ["repeat_share 0.25 -> 0.5"], steps
    kept, none = adapt(pools, 4, Mix(), {"repeat_share"})
    assert len(kept) == 2 and none == []


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
