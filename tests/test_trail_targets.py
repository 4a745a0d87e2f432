"""Target mix (few verbatim repeats) and the stricter recoverability of temporal values."""

import json

from generator.records import HistoryEvent, UserHistory
from generator.trail.measure import measure
from generator.trail.targets import repeat_kind

LEVELS = ("Minimum Difficulty", "Low Difficulty", "Medium Difficulty", "High Difficulty")


def _ev(t: str, **params) -> HistoryEvent:
    return HistoryEvent(time=t, apitype="food", toolname="Tablely", apiname="search_restaurant",
                        parameters=params)


def test_repeat_kind():
    log = UserHistory(user="u", events=[
        _ev("2025-05-01 10:00", city="A"), _ev("2025-05-02 10:00", city="B"),
        _ev("2025-05-03 10:00", city="B"), _ev("2025-05-04 10:00", city="A"),
        _ev("2025-05-05 10:00", city="C", party_size=2)])
    assert [repeat_kind(log, k) for k in range(5)] == ["new", "new", "recent", "repeat", "new"]


def _record(date: str, high: str, time: str = "2025-06-04 11:23", history=()) -> dict:
    answer = {"apitype": "food", "toolname": "Tablely", "apiname": "search_restaurant",
              "parameters": {"city": "Ashford Vale", "date": date}, "temporal_parameters": ["date"]}
    query = {lv: ["Find a table in Ashford Vale."] for lv in LEVELS[:3]} | {LEVELS[3]: [high]}
    return {"user": "u", "time": time, "query": query, "answer": answer,
            "user_history": json.dumps(list(history))}


def _high(rec: dict) -> tuple[int, int]:
    f = measure([rec]).levels["High Difficulty"]
    return f.recoverable, f.omitted


def test_a_listed_temporal_date_is_recoverable_only_when_the_time_gives_it():
    hist = [{"toolname": "Tablely", "apiname": "search_restaurant", "parameters": {"city": "Ashford Vale"}}]
    # A week ahead, never mentioned: listing it as temporal does not make it recoverable.
    assert _high(_record("2025-06-11", "Any free tables?", history=hist)) == (1, 2)
    assert _high(_record("2025-06-11", "Any free tables a week from today?", history=hist)) == (2, 2)
    assert _high(_record("2025-06-11", "Any free tables next Wednesday?", history=hist)) == (2, 2)
    assert _high(_record("2025-06-04", "Any free tables?", history=hist)) == (2, 2)  # the query date


def test_repeat_shares_are_reported():
    same = {"toolname": "Tablely", "apiname": "search_restaurant",
            "parameters": {"city": "Ashford Vale", "date": "2025-06-04"}}
    other = {**same, "parameters": {"city": "Elsewhere"}}
    recs = [_record("2025-06-04", "x", history=[same]), _record("2025-06-04", "x", history=[same, other]),
            _record("2025-06-04", "x", history=[other])]
    fig = measure(recs)
    assert (fig.exact_repeats, fig.recent_repeats) == (2, 1)
