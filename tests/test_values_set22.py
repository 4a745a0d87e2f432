"""Values from the set-22 reading (backflow testing, drilling operations, track maintenance):
each case fails when its rule is removed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from generator.core.values import value_for


@pytest.mark.parametrize(("name", "description", "lo", "hi"), [
    ("depth_ft_md", "Bit depth when the event started, feet.", 300, 40000),  # "a bit depth of 5"
    ("sample_depth_ft_md", "Measured depth where the sample was taken, in feet.", 300, 40000),
    ("tvd", "True vertical depth, ft.", 300, 40000),
    ("density_ppg", "Slurry density in ppg.", 6, 23),  # "a slurry density of 3"
    ("mud_weight", "Mud weight in pounds per gallon.", 6, 23),
])
def test_a_well_depth_and_a_fluid_weight_are_on_their_scale(name: str, description: str, lo: float, hi: float) -> None:
    spec = {"type": "number", "description": description}
    drawn = [value_for(spec, random.Random(seed), name=name) for seed in range(30)]
    assert all(lo <= v <= hi for v in drawn), drawn


def test_a_depth_with_no_well_stays_small() -> None:
    spec = {"type": "integer", "description": "Depth of the pool in feet."}
    assert max(value_for(spec, random.Random(s), name="pool_depth_ft") for s in range(30)) < 100


@pytest.mark.parametrize("name", ["calibrated_on", "installed_on", "tested_at", "spudded_date"])
def test_a_date_of_something_done_is_not_after_the_call(name: str) -> None:
    """A gauge "calibrated on" 2025-05-03 in a call made on 2025-05-01 (set 22: 243 of 358
    history dates that should lie behind their call lay ahead of it)."""
    from datetime import datetime

    from generator.core.values import temporal_value

    when = datetime(2025, 5, 1, 7, 21)
    spec = {"type": "string", "format": "date-time" if name.endswith("_at") else "date"}
    for seed in range(30):
        value = temporal_value(name, spec, when, random.Random(seed))
        assert value is not None and value[:10] <= "2025-05-01", (name, value)


def test_a_planned_date_may_lie_ahead() -> None:
    from generator.core.values import _happened

    assert not _happened("scheduled_on") and not _happened("due_date") and _happened("calibrated_on")


def test_a_code_the_prose_lists_is_never_re_cased_as_a_valid_call() -> None:
    """judge rows labelled VALID_CALL with "Mud_Spots", "Issued_In_Error" (set 22): a code listed in
    a description, or written in snake_case, is as cased as an enum."""
    from generator.core.lore import annotate
    from generator.records import Tool, ToolCall

    tool = Tool(name="log_hold", app="", api="log_hold", domain="track", description="Put a work order on hold. "
                "hold_reason is one of: mud_spots, material, weather.",
                parameters={"type": "object", "properties": {"hold_reason": {"type": "string"},
                                                             "cause": {"type": "string"},
                                                             "note": {"type": "string"},
                                                             "zone": {"type": "string", "description":  # set 25
                                                                      "Mountain zone. One of 'base_area', 'summit'."}}})
    tool = annotate([tool])[0]
    gold = ToolCall(tool="log_hold", arguments={"hold_reason": "weather", "cause": "downhole_tools",
                                                   "note": "Waiting on the ballast train", "zone": "summit"})
    assert recased(tool, gold) == {"note"}


def recased(tool: Any, gold: Any, seeds: int = 40) -> set[str]:
    """The parameters the valid_case_variant judge operator re-cases over `seeds` draws."""
    from generator.judge.cases import Scenario
    from generator.judge.operators import valid_case_variant

    seen: set[str] = set()
    for seed in range(seeds):
        sc = Scenario(wanted=tool, wanted_call=gold, offered=[tool], gold=gold, catalog=None)
        cand = valid_case_variant(sc, random.Random(seed))
        if cand is not None and cand.call is not None:
            seen |= {k for k, v in cand.call.arguments.items() if v != gold.arguments[k]}
    return seen


def test_a_numeric_example_sets_the_scale_not_the_value() -> None:
    """Milepost "e.g. 112.47" was 100 of 257 mileposts (set 22)."""
    spec = {"type": "number", "description": "Milepost, e.g. 112.47."}
    drawn = [value_for(spec, random.Random(seed), name="begin_mp") for seed in range(60)]
    assert sum(v == 112.47 for v in drawn) <= 12 and len(set(drawn)) >= 30, drawn
    assert all(isinstance(v, float) for v in drawn)


def _npt_tool():
    from generator.records import Tool

    return Tool(name="log_npt_event", app="", api="log_npt_event", domain="drilling",
                description="Log a non-productive time event. Category is one of: rig_equipment, downhole_tools, "
                            "waiting_on_weather, waiting_on_third_party, other.",
                parameters={"type": "object", "required": ["category", "description"], "properties": {
                    "category": {"type": "string", "description": "NPT category (see the tool description)."},
                    "depth_ft_md": {"type": "integer", "description": "Bit depth when the event started, feet."},
                    "description": {"type": "string",
                                    "description": "What happened, e.g. 'top drive washpipe leaking, replaced packing'."}}})


def test_a_bit_depth_is_no_box_size() -> None:
    """"a bit depth of 5" even after the well-depth rule: the size of a thing (1-8 ft) took over."""
    from generator.core.lore import annotate
    from generator.core.values import sample_arguments

    tool = annotate([_npt_tool()])[0]
    depths = [sample_arguments(tool, random.Random(s), optional_rate=1.0)["depth_ft_md"] for s in range(15)]
    assert min(depths) >= 300, depths


def test_an_event_waiting_on_weather_is_not_told_as_a_repair() -> None:
    """27 of 29 NPT events said "top drive washpipe leaking, replaced packing" whatever their
    category (set 22): an event's kind with a witness's line of its own takes that line."""
    from generator.core.lore import annotate
    from generator.core.values import sample_arguments

    tool = annotate([_npt_tool()])[0]
    for seed in range(40):
        args = sample_arguments(tool, random.Random(seed), optional_rate=0.0,
                                fixed={"category": "waiting_on_weather"})
        assert "washpipe" not in args["description"], args


def test_an_appointment_on_weekdays_is_never_on_a_weekend() -> None:
    """"Appointments are on weekdays between 07:00 and 17:00": 5 appointments on a Saturday or a
    Sunday (set 22)."""
    from datetime import datetime

    from generator.core.lore import annotate
    from generator.core.values import sample_arguments
    from generator.records import Tool

    tool = Tool(name="schedule_test", app="", api="schedule_test", domain="backflow",
                description="Book a test appointment. Appointments are on weekdays between 07:00 and 17:00 local time.",
                parameters={"type": "object", "required": ["window_start"], "properties": {
                    "window_start": {"type": "string", "format": "date-time", "description": "Start of the window."}}})
    tool = annotate([tool])[0]
    for seed in range(30):
        start = datetime.fromisoformat(sample_arguments(tool, random.Random(seed))["window_start"][:19])
        assert start.weekday() < 5 and 7 <= start.hour < 17, start


def test_a_number_the_prose_says_is_a_multiple_is_drawn_in_its_steps() -> None:
    """"speed_mph must be below ... and is a multiple of 5 mph": 12 of 15 slow orders were not (set 22)."""
    from generator.core.lore import annotate
    from generator.core.values import sample_arguments
    from generator.records import Tool

    tool = Tool(name="issue_slow_order", app="", api="issue_slow_order", domain="track",
                description="Place a slow order. speed_mph must be below the class maximum and is a multiple of 5 mph.",
                parameters={"type": "object", "required": ["speed_mph"], "properties": {
                    "speed_mph": {"type": "integer", "minimum": 5, "maximum": 75, "description": "Speed, mph."}}})
    tool = annotate([tool])[0]
    speeds = [sample_arguments(tool, random.Random(seed))["speed_mph"] for seed in range(30)]
    assert all(v % 5 == 0 for v in speeds), speeds


def test_an_id_whose_description_lists_its_first_part_opens_with_one() -> None:
    """API well numbers "60-487-64759-00-04": 147 of 181 state codes that do not exist, where the
    description lists "State codes in use here: 42 Texas, 30 New Mexico, ..." (set 22)."""
    spec = {"type": "string", "pattern": "^[0-9]{2}-[0-9]{3}-[0-9]{5}-[0-9]{2}-[0-9]{2}$",
            "description": "API well number SS-CCC-UUUUU-SS-EE: 2-digit state code, e.g. 42-317-41235-00-00. "
                           "State codes in use here: 42 Texas, 30 New Mexico, 35 Oklahoma, 05 Colorado."}
    drawn = [value_for(spec, random.Random(seed), name="api_number") for seed in range(30)]
    assert {v[:2] for v in drawn} <= {"42", "30", "35", "05"}, drawn


def test_an_output_field_takes_the_parameter_of_its_thing_whatever_the_unit() -> None:
    """get_rig's `bop_stack_rating` came back 4.1 (a star rating) where the catalog's
    `stack_rating_psi` takes 3000-15000 (set 22)."""
    from generator.traject.simulate import matching_param

    vocab = {"min_bop_rating_psi": {}, "stack_rating_psi": {}, "rig_class": {}}
    assert matching_param("bop_stack_rating", vocab) == "stack_rating_psi"
    assert matching_param("rating", vocab) == ""


def test_a_serial_whose_examples_are_makes_is_drawn_as_a_serial() -> None:
    """gauge_serial "Mid-West" or "Watts TK-DP" in all 54 calls: the description's parenthesis
    names gauge makes, not serials (set 22)."""
    spec = {"type": "string", "description": "Serial number of the differential pressure test gauge used "
                                             "(Mid-West, Watts TK-DP, etc.)."}
    drawn = [value_for(spec, random.Random(seed), name="gauge_serial") for seed in range(20)]
    assert not {"Mid-West", "Watts TK-DP"} & set(drawn), drawn
