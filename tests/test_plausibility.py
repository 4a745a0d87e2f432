"""The plausibility audit (generator.core.plausibility): each check flags a known-bad value and
passes a good one; the audit reads calls from rows that carry their tools."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.plausibility import CHECKS, audit_calls, file_calls, plausibility_lines

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
    ("range", {"starch_index": {"type": "number", "description": "Starch-iodine index, 1-8 (lab scale)."}},
     {"starch_index": 18.9}, {"starch_index": 4.5}),
    ("range", {"ph": {"type": "number"}}, {"ph": 17}, {"ph": 3.4}),
    ("range", {"containment_pct": {"type": "integer"}}, {"containment_pct": 140}, {"containment_pct": 55}),
    ("region", {"polygon": {"type": "array"}},
     {"polygon": [{"lat": 0, "lon": -130.8}, {"lat": -57, "lon": -37.2}, {"lat": -39.2, "lon": 79}]},
     {"polygon": [{"lat": 40.5, "lon": -122.4}, {"lat": 40.6, "lon": -122.3}, {"lat": 40.55, "lon": -122.5}]}),
    ("region", {"lat": {"type": "number"}, "lon": {"type": "number", "description": "lon is negative in the west."}},
     {"lat": 42.3, "lon": 107.0}, {"lat": 40.5, "lon": -122.4}),
    ("needs", {"sweeten_to": {"type": "number", "description": "Target (requires pasteurize or sterile_filter)."},
               "pasteurize": {"type": "boolean"}, "sterile_filter": {"type": "boolean"}},
     {"sweeten_to": 1.01, "pasteurize": False}, {"sweeten_to": 1.01, "pasteurize": True}),
    ("needs", {"release_to": {"type": "string"},
               "new_id": {"type": "string", "description": "Required when release_to is another_incident."}},
     {"release_to": "home_unit", "new_id": "X"}, {"release_to": "another_incident", "new_id": "X"}),
    ("same_day", {"start_time": {"type": "string"},
                  "end_time": {"type": "string", "description": "On the same day as start."}},
     {"start_time": "2025-06-02T09:00:00", "end_time": "2025-06-04T11:00:00"},
     {"start_time": "2025-06-02T09:00:00", "end_time": "2025-06-02T11:00:00"}),
    ("same_format", {"start": {"type": "string", "description": "Local start, 'YYYY-MM-DDTHH:MM'"},
                     "end": {"type": "string", "description": "Local end, same format"}},
     {"start": "2025-06-02T10:30", "end": "json"}, {"start": "2025-06-02T10:30", "end": "2025-06-02T12:00"}),
    ("same_format", {"period_from": {"type": "string"},
                     "period_to": {"type": "string", "description": "Same format as period_from"}},
     {"period_from": "2025-06-02", "period_to": "2025-14-50T85:73"}, {"period_from": "2025-06-02", "period_to": "2025-06-09"}),
    ("ordered", {"tare_kg": {"type": "number"}, "gross_kg": {"type": "number"}}, {"tare_kg": 60, "gross_kg": 45},
     {"tare_kg": 60, "gross_kg": 420}),
    ("ordered", {"min_lat": {"type": "number"}, "max_lat": {"type": "number"}}, {"min_lat": 67, "max_lat": 18.7},
     {"min_lat": 40.1, "max_lat": 40.6}),
    ("own_words", {"administered_by": {"type": "string"}}, {"administered_by": "administered 4"},
     {"administered_by": "Dana Reyes"}),
    ("own_words", {"reaction_type": {"type": "string"}}, {"reaction_type": "type 3"}, {"reaction_type": "febrile"}),
    ("own_words", {"din": {"type": "string", "description": "Donation number, 13 characters: facility code (letter "
                                                            "+ 4 digits), 2-digit collection year, e.g. W036824123456."}},
     {"din": "facility code"}, {"din": "W036824123456"}),
    ("own_words", {"dins": {"type": "array", "items": {"type": "string", "description": "Unit id: site code plus a "
                                                                                         "6-digit serial."}}},
     {"dins": ["site code"]}, {"dins": ["W036824123456"]}),
    ("own_words", {"status": {"type": "string", "description": "Status: in progress, done."}},
     {"status": "status 2"}, {"status": "in progress"}),
]


@pytest.mark.parametrize(("check", "props", "bad", "good"), CASES, ids=[f"{c[0]}-{next(iter(c[2]))}" for c in CASES])
def test_each_check_flags_the_bad_value_and_passes_the_good(check: str, props: dict[str, Any],
                                                              bad: dict[str, Any], good: dict[str, Any]) -> None:
    flagged = audit_calls([(props, bad)])
    assert flagged.checked[check] == 1 and flagged.failed[check] == 1, flagged
    passed = audit_calls([(props, good)])
    assert passed.checked[check] == 1 and passed.failed[check] == 0, passed


def test_every_check_has_a_bad_case() -> None:
    # `rules` reads a run's value_profiles.json: tests/test_profiles.py feeds it a known-bad call
    assert {c[0] for c in CASES} | {"rules"} == set(CHECKS)


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


# ---------------------------------------------------------------- native files: schemas elsewhere in the run

_PROPS = {"num_guests": {"type": "integer", "description": "Number of guests"},
          "units": {"type": "string", "description": "Unit system"},
          "tags": {"type": "array", "items": {"type": "string"}}}
_TOOL = {"type": "function", "function": {"name": "Stayly_book", "description": "Books a stay.",
                                          "parameters": {"type": "object", "properties": _PROPS}}}


def _write(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))


def _native_run(root: Path, guests: int, units: str) -> Path:
    """A run directory in the three native layouts, every call with the same two values."""
    _write(root / "trail/apis/apis_openai/travel_openai.json", [_TOOL])
    _write(root / "trail/all_generated_queries_ana.json",
           [{"id": 0, "answer": {"toolname": "Stayly", "apiname": "book",
                                 "parameters": {"num_guests": guests, "units": units}}}])
    _write(root / "traject/tools/travel_tool.json", [{**_TOOL, "function": {**_TOOL["function"], "name": "Stayly: book"}}])
    step = {"tool name": "Stayly: book", "required parameters": [{"name": "num_guests", "value": str(guests)}],
            "optional parameters": [{"name": "units", "value": units}, {"name": "tags", "value": "quiet, garden"}]}
    _write(root / "traject/parallel/travel/simple_ver.json", [{"query": "q", "tool list": [step]}])
    _write(root / "traject/parallel/travel/hard_ver.json", [{"query": "q", "tool list": [step]}])  # same calls
    _write(root / "traject/sequential/travel/traj_query.json", [{"query": "q", "trajectory": [step]}])
    doc = {"name": "Stayly_book", "description": "Books a stay.",
           "parameters": {"type": "dict", "properties": {k: {**v, "type": {"integer": "integer", "string": "string",
                                                                            "array": "tuple"}[v["type"]]}
                                                        for k, v in _PROPS.items()}}}
    (root / "bfcl").mkdir()
    (root / "bfcl/BFCL_v4_simple_python.json").write_text(json.dumps({"id": "simple_python_0", "function": [doc]}) + "\n")
    _write(root / "bfcl/possible_answer/BFCL_v4_simple_python.json",
           {"id": "simple_python_0", "ground_truth": [{"Stayly_book": {"num_guests": [guests], "units": [units, ""]}}]})
    return root


@pytest.mark.parametrize("product", ["trail", "traject", "bfcl"])
def test_reads_trail_traject_and_bfcl_outputs_with_the_schemas_of_the_run(tmp_path: Path, product: str) -> None:
    """TRAIL answers, TRAJECT steps (wire strings read back by type; hard_ver not counted twice)
    and BFCL ground truth are audited, from the run root and from the product folder alike."""
    bad = _native_run(tmp_path / "bad", guests=1748858400, units="Fuentes")
    good = _native_run(tmp_path / "good", guests=3, units="metric")
    calls = {"trail": 1, "traject": 2, "bfcl": 1}[product]
    tally = audit_calls(file_calls(bad / product))
    assert tally.checked["count"] == calls and tally.failed["count"] == calls
    assert tally.checked["word"] == calls and tally.failed["word"] == calls
    assert audit_calls(file_calls(good / product)).failed == {}
    assert audit_calls(file_calls(bad)).checked["count"] == 4  # the whole run: each product once


def test_traject_wire_values_read_back_as_their_schema_types(tmp_path: Path) -> None:
    run = _native_run(tmp_path, guests=3, units="metric")
    args = [a for _, a in file_calls(run / "traject")]
    assert args[0] == {"num_guests": 3, "units": "metric", "tags": ["quiet", "garden"]}



def test_every_check_is_explained_on_the_card() -> None:
    from generator.core.plausibility import MEANING

    assert set(CHECKS) <= set(MEANING)
