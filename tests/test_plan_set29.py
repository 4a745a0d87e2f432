"""A date left to the query day only where the user's own calls mostly were on their own day
(set 29: tee times searched for the days ahead and pickups quoted 0 to 7 days out, asked with
no date at all, were read as undetermined). Where they mostly were, "today" goes unsaid."""

from __future__ import annotations

import random

from generator.core.plan import dated_apart, plan_levels
from generator.records import HistoryEvent, Target, Tool, ToolCall

SEARCH = Tool(name="GolfCourse_search_tee_times", app="GolfCourse", api="search_tee_times", domain="golf",
              description="Search open tee times.",
              parameters={"type": "object", "required": ["course_id", "date"], "properties": {
                  "course_id": {"type": "string", "pattern": "^CRS-[0-9]{3}$", "description": "Course id."},
                  "date": {"type": "string", "format": "date", "description": "Play date."}}})


def _history(days_ahead: list[int]) -> list[HistoryEvent]:
    return [HistoryEvent(time=f"2025-05-{10 + i:02d} 17:30", apitype="golf", toolname="GolfCourse",
                         apiname="search_tee_times", parameters={"course_id": "CRS-629", "date": f"2025-05-{10 + i + d:02d}"})
            for i, d in enumerate(days_ahead)]


def test_dated_apart_reads_the_users_own_calls() -> None:
    assert dated_apart(_history([1, 2, 0, 3]), SEARCH, "date")
    assert not dated_apart(_history([0, 0, 1, 0]), SEARCH, "date")
    assert not dated_apart([], SEARCH, "date")


def _date_modes(days_ahead: list[int]) -> set[str]:
    history = _history(days_ahead)
    target = Target(id="t", kind="single", calls=[ToolCall(tool=SEARCH.name, arguments={
        "course_id": "CRS-629", "date": "2025-05-30"})], offered=[SEARCH.name], domain="golf", history=history, temporal_parameters=["date"],
        time="2025-05-30 17:40")
    modes = set()
    for seed in range(12):
        for plan in plan_levels(target, SEARCH, random.Random(seed)):
            modes |= {a.mode for c in plan.calls for a in c.args if a.param == "date"}
    return modes


def test_a_date_the_user_sets_ahead_is_never_left_unsaid() -> None:
    assert "omitted" not in _date_modes([1, 2, 0, 3, 5])
    assert "omitted" in _date_modes([0, 0, 0, 1, 0])
