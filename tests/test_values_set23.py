"""Values that lie along a line (set 22 read by hand): a stretch's two ends near each other, a
list's items in the order they happen or lie."""

from __future__ import annotations

import random

from generator.core import values
from generator.core.constraints import constraint_problems
from generator.core.sequence import in_sequence
from generator.records import Tool


def _tool(props: dict, required: list[str] | None = None) -> Tool:
    return Tool(name="log_work", app="track", api="log_work", domain="rail", description="Log work on the line.",
                parameters={"type": "object", "properties": props, "required": required or list(props)})


WORK_LIMITS = _tool({
    "begin_mp": {"type": "number", "description": "Beginning milepost of the work limits."},
    "end_mp": {"type": "number", "description": "Ending milepost of the work limits."},
})


def test_a_stretch_of_mileposts_far_apart_is_a_problem() -> None:
    assert constraint_problems(WORK_LIMITS, {"begin_mp": 73.0, "end_mp": 791.0})
    assert not constraint_problems(WORK_LIMITS, {"begin_mp": 73.0, "end_mp": 74.5})


def test_a_stretch_that_does_not_move_is_a_problem() -> None:
    assert constraint_problems(WORK_LIMITS, {"begin_mp": 73.0, "end_mp": 73.0})


def test_price_bounds_are_no_stretch() -> None:
    prices = _tool({"from_price": {"type": "number"}, "to_price": {"type": "number"}})
    assert not constraint_problems(prices, {"from_price": 10, "to_price": 900})


def test_sampled_stretches_stay_short() -> None:
    rng = random.Random(5)
    for _ in range(40):
        args = values.sample_arguments(WORK_LIMITS, rng, optional_rate=1.0)
        gap = args["end_mp"] - args["begin_mp"]
        assert 0 < gap <= max(1.0, 0.04 * abs(args["begin_mp"])) + 1e-9, args


def test_a_day_of_time_rows_does_not_overlap() -> None:
    schema = {"type": "array", "description": "What the rig did over the day, in order.",
              "items": {"type": "object", "properties": {"from_time": {"type": "string", "description": "HH:MM"},
                                                          "to_time": {"type": "string", "description": "HH:MM"},
                                                          "code": {"type": "integer"}},
                        "required": ["from_time", "to_time", "code"]}}
    rows = [{"from_time": "12:15", "to_time": "20:00", "code": 1}, {"from_time": "16:15", "to_time": "17:00", "code": 2},
            {"from_time": "06:00", "to_time": "08:00", "code": 3}]
    out = in_sequence(schema, schema["items"], rows)
    assert [r["code"] for r in out] == [3, 1, 2]
    assert out[2] == {"from_time": "20:00", "to_time": "20:45", "code": 2}


def test_a_row_pushed_past_midnight_ends_the_list() -> None:
    schema = {"type": "array", "items": {"type": "object", "properties": {
        "start_time": {"type": "string"}, "end_time": {"type": "string"}}}}
    rows = [{"start_time": "10:00", "end_time": "23:00"}, {"start_time": "12:00", "end_time": "14:00"}]
    assert in_sequence(schema, schema["items"], rows) == rows[:1]


def test_stations_are_listed_by_depth() -> None:
    schema = {"type": "array", "description": "Survey stations, shallowest first.",
              "items": {"type": "object", "properties": {"measured_depth_ft": {"type": "number"},
                                                          "inclination_deg": {"type": "number"}}}}
    rows = [{"measured_depth_ft": 9100, "inclination_deg": 3}, {"measured_depth_ft": 6500, "inclination_deg": 2}]
    assert [r["measured_depth_ft"] for r in in_sequence(schema, schema["items"], rows)] == [6500, 9100]


def test_kinds_said_in_order_follow_the_enum() -> None:
    schema = {"type": "array", "description": "Slurries pumped, in order.",
              "items": {"type": "object", "properties": {"role": {"type": "string", "enum": ["spacer", "lead", "tail"]},
                                                          "volume_bbl": {"type": "number"}}, "required": ["role"]}}
    rows = [{"role": "tail", "volume_bbl": 40}, {"role": "spacer", "volume_bbl": 20}, {"role": "lead", "volume_bbl": 80}]
    assert [r["role"] for r in in_sequence(schema, schema["items"], rows)] == ["spacer", "lead", "tail"]
    unsaid = {**schema, "description": "Slurries pumped."}
    assert in_sequence(unsaid, unsaid["items"], rows) == rows
