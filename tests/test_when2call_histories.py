"""The history twins: the determined history makes the left-out value the most recent and the single
most frequent of the target tool's calls; each undetermined case breaks exactly that, and the
twins share everything else (background, call times, the other arguments)."""

import random
from collections import Counter
from datetime import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.readers import read_catalogs
from generator.records import HistoryEvent, UserHistory
from generator.when2call import histories as hist

ROOT = __import__("pathlib").Path(__file__).resolve().parents[1]
START = datetime(2025, 5, 1)


@given(k=st.integers(3, 12), seed=st.integers(0, 10_000))
def test_the_determined_values_settle_on_the_gold(k, seed):
    values = hist.determined_values(k, "g", "o", random.Random(seed))
    assert len(values) == k and hist.settled(values) == "g"


@given(k=st.integers(3, 12), seed=st.integers(0, 10_000))
def test_a_tie_leaves_no_value_ahead_and_ends_on_the_gold(k, seed):
    values = hist.tie_values(k, "g", "o", "x", random.Random(seed))
    top = Counter(values).most_common(2)
    assert len(values) == k and values[-1] == "g" and top[0][1] == top[1][1]
    assert hist.settled(values) is None


@given(k=st.integers(3, 12), seed=st.integers(0, 10_000))
def test_a_conflict_keeps_the_gold_most_frequent_but_not_last(k, seed):
    values = hist.conflicting_values(k, "g", "o", random.Random(seed))
    assert len(values) == k and values[-1] == "o" and Counter(values).most_common(1)[0][0] == "g"
    assert hist.settled(values) is None


def test_settled_needs_both_readings():
    assert hist.settled(["a", "b", "a"]) == "a"
    assert hist.settled(["a", "a", "b"]) is None  # most frequent a, most recent b
    assert hist.settled(["a", "b"]) is None  # a tie
    assert hist.settled([]) is None


@pytest.fixture(scope="module")
def solar():
    tools = read_catalogs([ROOT / "tests" / "fixtures" / "catalogs" / "home_solar.json"])
    return {t.name: t for t in tools}


def background(n: int, param: str) -> UserHistory:
    events = [HistoryEvent(time=f"2025-05-{1 + i // 4:02d} {8 + 3 * (i % 4):02d}:15", apitype="other", toolname="Other",
                           apiname=f"call_{i % 3}", parameters={"x": i, **({param: "leak"} if i % 5 == 0 else {})})
              for i in range(n)]
    return UserHistory(user="u", events=events)


def calls_of(events, tool, param):
    from generator.core.identity import trail_names

    return [e.parameters[param] for e in events if (e.toolname, e.apiname) == trail_names(tool)]


@settings(max_examples=25, deadline=None)
@given(case=st.sampled_from(["absent", "tie", "conflicting"]), seed=st.integers(0, 10_000), k=st.integers(3, 6))
def test_the_twins_differ_only_in_the_left_out_values(solar, case, seed, k):
    tool, param = solar["set_battery_reserve"], "battery_name"
    rng = random.Random(seed)
    back = hist.background(background(30, param), tool, param, 8, rng)
    assert all(param not in e.parameters for e in back)  # only the target tool carries the parameter
    times = hist.call_times(back, k, START, rng)
    when = hist.query_time(back, times, START, rng)
    built = hist.build(back, tool, param, "garage battery", case, times, when, rng)
    assert built is not None and when.hour in hist.AWAKE
    det, undet = calls_of(built.determined, tool, param), calls_of(built.undetermined, tool, param)
    assert hist.settled(det) == "garage battery"
    assert hist.settled(undet) is None
    if case == "absent":
        assert undet == [] and [e for e in built.undetermined] == back
        return
    assert len(undet) == len(det)
    same = [(e.time, {k: v for k, v in e.parameters.items() if k != param}) for e in built.determined]
    twin = [(e.time, {k: v for k, v in e.parameters.items() if k != param}) for e in built.undetermined]
    assert same == twin
    assert all(e.time < when.strftime(hist.EVENT_FORMAT) for e in built.determined)


def test_an_enum_with_one_other_value_still_makes_a_tie(solar):
    tool = solar["book_installer_visit"]
    tool = tool.model_copy(update={"parameters": {**tool.parameters, "properties": {
        **tool.properties, "fault_kind": {"type": "string", "enum": ["inverter_fault", "battery_fault"]}}}})
    rng = random.Random(3)
    times = hist.call_times([], 5, START, rng)
    built = hist.build([], tool, "fault_kind", "inverter_fault", "tie", times, hist.query_time([], times, START, rng), rng)
    assert built is not None
    values = calls_of(built.undetermined, tool, "fault_kind")
    assert len(values) == 4 and hist.settled(values) is None and values[-1] == "inverter_fault"


def test_a_value_without_another_to_draw_cannot_be_held_out(solar):
    tool = solar["get_tariff_rates"]
    tool = tool.model_copy(update={"parameters": {**tool.parameters, "properties": {
        **tool.properties, "tariff_plan": {"type": "string", "enum": ["agile"]}}}})
    rng = random.Random(1)
    times = hist.call_times([], 3, START, rng)
    assert hist.build([], tool, "tariff_plan", "agile", "tie", times, START, rng) is None
