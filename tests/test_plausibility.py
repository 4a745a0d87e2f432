"""The plausibility audit (generator.plausibility): each check flags a known-bad value and
passes a good one; the audit reads calls from rows that carry their tools."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.plausibility import CHECKS, audit_calls, file_calls, plausibility_lines

# (check, properties, bad arguments, good arguments)
CASES: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any]]] = [
    ("listed", {"el": {"type": "string", "description": "Elevation band, one of: low, mid, high."}},
     {"el": "mid and "}, {"el": "mid"}),
    ("code", {"flag_state": {"type": "string", "description": "ISO 3166-1 alpha-2 code of the flag state"}},
     {"flag_state": "XY"}, {"flag_state": "PA"}),
    ("code", {"currency": {"type": "string"}}, {"currency": "ABC"}, {"currency": "EUR"}),
    ("code", {"language_code": {"type": "string"}}, {"language_code": "qq"}, {"language_code": "de"}),
    ("code", {"iata": {"type": "string"}}, {"iata": "QQX"}, {"iata": "LHR"}),
    ("count", {"num_updates": {"type": "integer"}}, {"num_updates": 1748858400}, {"num_updates": 3}),
    ("word", {"units": {"type": "string"}}, {"units": "Fuentes"}, {"units": "metric"}),
    ("word", {"freq": {"type": "string"}}, {"freq": "Haney"}, {"freq": "weekly"}),
    ("word", {"status": {"type": "string"}}, {"status": "happy birthday, hope you have a great day"},
     {"status": "pending"}),
    ("word", {"amenities": {"type": "string"}}, {"amenities": "Erickson, Russell and Mitchell"}, {"amenities": "pool"}),
    ("note", {"special_requests": {"type": "string"}}, {"special_requests": "keep it under 100 words"},
     {"special_requests": "a quiet room, please"}),
    ("note", {"notes": {"type": "string"}}, {"notes": "Fuentes"}, {"notes": "all good, nothing to report"}),
    ("ordered", {"arrival_time": {"type": "string"}, "departure_time": {"type": "string"}},
     {"arrival_time": "2025-06-02T14:00:00", "departure_time": "2025-06-02T09:00:00"},
     {"arrival_time": "2025-06-02T09:00:00", "departure_time": "2025-06-02T14:00:00"}),
    ("ordered", {"departure": {"type": "string"}, "arrival": {"type": "string"}},
     {"departure": "2025-06-03 10:00", "arrival": "2025-06-03 08:00"},
     {"departure": "2025-06-03 08:00", "arrival": "2025-06-03 10:00"}),
    ("ordered", {"min_price": {"type": "number"}, "max_price": {"type": "number"}},
     {"min_price": 90, "max_price": 10}, {"min_price": 10, "max_price": 90}),
    ("ordered", {"filed_after": {"type": "string"}, "filed_before": {"type": "string"}},
     {"filed_after": "2025-06-09", "filed_before": "2025-06-02"}, {"filed_after": "2025-06-02", "filed_before": "2025-06-09"}),
    ("meal", {"meal_type": {"type": "string"}, "delivery_time": {"type": "string"}},
     {"meal_type": "night_snack", "delivery_time": "09:15"}, {"meal_type": "night_snack", "delivery_time": "22:30"}),
    ("distance", {"activity": {"type": "string"}, "distance": {"type": "number"}},
     {"activity": "yoga", "distance": 16.1}, {"activity": "running", "distance": 16.1}),
]


@pytest.mark.parametrize(("check", "props", "bad", "good"), CASES, ids=[f"{c[0]}-{next(iter(c[2]))}" for c in CASES])
def test_each_check_flags_the_bad_value_and_passes_the_good(check: str, props: dict[str, Any],
                                                              bad: dict[str, Any], good: dict[str, Any]) -> None:
    flagged = audit_calls([(props, bad)])
    assert flagged.checked[check] == 1 and flagged.failed[check] == 1, flagged
    passed = audit_calls([(props, good)])
    assert passed.checked[check] == 1 and passed.failed[check] == 0, passed


def test_every_check_has_a_bad_case() -> None:
    assert {c[0] for c in CASES} == set(CHECKS)


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1_000_000_000, max_value=2_000_000_000))
def test_any_unix_time_as_a_count_is_flagged(ts: int) -> None:
    tally = audit_calls([({"guest_count": {"type": "integer"}}, {"guest_count": ts})])
    assert tally.failed["count"] == 1


def test_reads_calls_from_rows_that_carry_their_tools(tmp_path: Path) -> None:
    tool = {"type": "function", "function": {"name": "plan", "parameters": {"type": "object", "properties": {
        "freq": {"type": "string"}}}}}
    row = {"tools": [tool], "messages": [{"role": "assistant", "tool_calls": [
        {"function": {"name": "plan", "arguments": json.dumps({"freq": "Haney"})}}]}]}
    (tmp_path / "rows.jsonl").write_text(json.dumps(row) + "\n")
    (tmp_path / ".state").mkdir()
    (tmp_path / ".state" / "rows.jsonl").write_text(json.dumps(row) + "\n")  # not read twice
    tally = audit_calls(file_calls(tmp_path))
    assert tally.checked["word"] == 1 and tally.failed["word"] == 1
    assert any("freq='Haney'" in line for line in plausibility_lines(tally))
