"""Hints a reader of the user's history resolves to the gold, read over whole calls.

Three cases a reader of a capable model's queries found not determined (LLM play, set 9): a "usual"
resolved over the one search that named a category while three left it out; a default left out
where the user's own rides on the route took another class; an app left unnamed for a user who
never used any app of its kind, with two such apps offered.
"""

from __future__ import annotations

import random

from test_plan import FOOD, TAXI, event, target

from generator.core.plan import app_determined, habit_rules, plan_levels, recoverable_from
from generator.reader.history import NONE_GIVEN, usual, values
from generator.records import HistoryEvent
from generator.validators.habitphrase import Reader


def _searches(categories: list[str | None]) -> list:
    return [event(FOOD, {"location": "Harborview Station", **({"meal_type": c} if c else {})}) for c in categories]


def test_a_call_that_left_the_parameter_out_counts_against_usual_and_last_time() -> None:
    log = _searches([None, "dinner", None, None])
    t = target(FOOD, {"location": "Harborview Station", "meal_type": "dinner", "food": ["x"], "is_delivery": True},
               log)
    assert habit_rules(t, FOOD, "meal_type", "dinner") == set()  # the planner: neither reading
    assert habit_rules(t, FOOD, "location", "Harborview Station") == {"recent", "usual"}
    # the text gate, with its own implementation
    reader = Reader(log, FOOD.app, FOOD.api, FOOD.domain)
    assert reader.problem("dinner near the usual spot, the kind of meal I always get", "meal_type", "dinner",
                          hint="the kind of meal I always get") is not None
    # `trajgen read`, with a third
    assert usual(values(log, "meal_type", FOOD.api))[0] == NONE_GIVEN
    assert usual(values(log, "meal_type"))[0] == "dinner"  # without the API: only the calls that named one


def test_calls_that_named_the_parameter_every_time_still_give_it() -> None:
    log = _searches(["dinner", "lunch", "dinner"])
    t = target(FOOD, {"location": "Harborview Station", "meal_type": "dinner", "food": ["x"], "is_delivery": True},
               log)
    assert habit_rules(t, FOOD, "meal_type", "dinner") == {"recent", "usual"}
    assert Reader(log, FOOD.app, FOOD.api, FOOD.domain).problem(
        "the kind of meal I always get", "meal_type", "dinner", hint="the kind of meal I always get") is None


def test_a_default_the_users_own_calls_contradict_is_not_left_out_for_it() -> None:
    args = {"start_name": "Maple Court", "end_name": "Eastgate Plaza", "car_type": "taxi", "share_ride": False}
    shared = [event(TAXI, {**args, "share_ride": True}) for _ in range(2)]
    assert "default" not in recoverable_from(target(TAXI, args, shared), TAXI, "share_ride", False)
    plain = [event(TAXI, {k: v for k, v in args.items() if k != "share_ride"}) for _ in range(2)]
    assert "default" in recoverable_from(target(TAXI, args, plain), TAXI, "share_ride", False)
    assert "default" in recoverable_from(target(TAXI, args, []), TAXI, "share_ride", False)


def _other_taxi_app():
    return TAXI.model_copy(update={"app": "Hopcab", "name": "Hopcab_get_taxi"})


def test_an_app_the_history_does_not_give_is_named_at_every_level() -> None:
    args = {"start_name": "Maple Court", "end_name": "Eastgate Plaza", "car_type": "taxi"}
    apps = ["Ridely", "Hopcab"]
    never = target(TAXI, args, [event(FOOD, {"location": "x"})])
    assert not app_determined(never, TAXI, apps)
    assert app_determined(never, TAXI, ["Ridely"])  # no other app offers the function
    other = target(TAXI, args, [event(_other_taxi_app(), args)])
    assert not app_determined(other, TAXI, apps)
    own = target(TAXI, args, [event(_other_taxi_app(), args), event(TAXI, args), event(TAXI, args)])
    assert app_determined(own, TAXI, apps)
    for known, modes in ((False, {"named"}), (True, {"implied", "omitted"})):
        plans = plan_levels(own, TAXI, random.Random(3), u_app=0.99, app_known=known)
        assert {p.calls[0].tool_mode for p in plans[1:]} <= modes


def test_a_near_tie_for_the_most_frequent_is_no_habit() -> None:
    near = _searches(["dinner"] * 4 + ["lunch"] * 3 + ["breakfast"] * 3 + ["dinner"])  # 5 of 11 beside 3 and 3
    args = {"location": "Harborview Station", "meal_type": "dinner", "food": ["x"], "is_delivery": True}
    assert "usual" not in habit_rules(target(FOOD, args, near), FOOD, "meal_type", "dinner")
    assert Reader(near, FOOD.app, FOOD.api, FOOD.domain).problem(
        "the kind of meal I always get", "meal_type", "dinner", hint="the kind of meal I always get") is not None
    clear = _searches(["dinner"] * 4 + ["lunch"] * 2 + ["dinner"])  # 5 of 7
    assert "usual" in habit_rules(target(FOOD, args, clear), FOOD, "meal_type", "dinner")


def test_a_pointer_naming_another_parameter_of_the_call_bears_on_that_one_only() -> None:
    """Two pointers in one query (TRAILBench u-logs): "the search keywords from my movie search on
    August 5, the same sorting options as my knowledge request earlier today" -- the second says
    nothing of the keywords, whether or not the sort order is counted as left out."""
    history = [HistoryEvent(time="2025-08-05 10:00", apitype="video", toolname="Bilibili", apiname="search_video",
                            parameters={"keyword": "f1", "order": "totalrank"}),
               HistoryEvent(time="2025-08-14 15:40", apitype="knowledge", toolname="Zhihu", apiname="search_knowledge",
                            parameters={"keyword": "semantic id", "order": "pubdate"})]
    reader = Reader(history, "Bilibili", "search_video", "video", "2025-08-14 18:00",
                    {"keyword": "Search keywords", "order": "Sorting options"})
    query = ("Please search for the video using Bilibili, for the search keywords from my movie search on August 5, "
             "for the same sorting options as my knowledge request earlier today.")
    assert reader.problem(query, "keyword", "f1", None, {"keyword": "f1"}, named=True, said=["pubdate"]) is None
