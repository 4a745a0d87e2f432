"""Target mix (few verbatim repeats) and the stricter recoverability of temporal values."""

import json

from generator.records import HistoryEvent, UserHistory
from generator.trail.measure import measure
from generator.trail.targets import Candidate, Mix, choose, repeat_kind

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


class _Pools:
    """Just what `choose` reads of targets.Pools: one user's candidates per tier."""

    def __init__(self, new: list, partial: list) -> None:
        self.events = {"u": 100}
        self.tiers = {"new": new, "partial": partial, "repeat": [], "recent": []}
        self.queues = {"u": self.tiers}
        sizes = [c.size for c in new + partial]
        self.mean_size = sum(sizes) / len(sizes)
        self.pointers = False


def test_the_stated_only_budget_pools_values_as_the_reader_counts_them():
    # Ten one-value lookups say nothing at High; six-value bookings each say 1 of 6 at every level.
    # A mean of per-target shares (1/6 per booking) lets 4 bookings into 0.10 of 14 targets
    # (0.067 per target), but the High level then states 4 of 34 values (0.118) to a reader, who
    # pools values; the budget in values lets in 2 bookings (2 of 22 = 0.091).
    new = [Candidate("u", k, 0.0, f"lookup {k}", "t.get", size=1) for k in range(10)]
    partial = [Candidate("u", 50 + k, 1 / 6, f"book {k}", "t.book", size=6) for k in range(6)]
    sel = choose(_Pools(new, partial), 14, Mix(1.0, 1.0, 0.10))  # type: ignore[arg-type]
    chosen = [c for cs in sel.chosen.values() for c in cs]
    said, values = sum(c.fixed * c.size for c in chosen), sum(c.size for c in chosen)
    assert said / values <= 0.10 + 1e-9, (said, values)
    assert sel.taken["partial"] >= 1  # the budget is spent, not refused
