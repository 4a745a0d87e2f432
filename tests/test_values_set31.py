"""Values the set-31 readers and players found wrong (a flight school, a dairy herd, a solar
installer, and the bundled catalog): a time read as a place, a catalog's one example used for
every call, a clock window a pattern overruled, a band of another scale, a reading pair out of
order."""

from __future__ import annotations

import random
from collections import Counter

from generator.core import semantic
from generator.core.quantities import bands
from generator.core.values import _on_step, sample_arguments, value_for
from generator.records import Tool


def _draws(spec: dict, name: str, n: int = 40) -> list:
    rng = random.Random(3)
    return [value_for(spec, rng, name=name) for _ in range(n)]


def test_a_departure_described_as_a_time_is_a_time_never_a_city() -> None:
    spec = {"type": "string", "description": "Earliest departure time, format %H:%M"}
    assert semantic.infer("earliest_departure", spec) == "clock"
    assert semantic.infer("departure", {"type": "string", "description": "Departure city"}) != "clock"
    assert semantic.infer("pickup_location", {"type": "string", "description": "Pickup location and time window"}) != "clock"
    tool = Tool(name="find_trains", app="rail", api="find_trains", domain="travel", description="Find trains.",
                parameters={"type": "object", "required": ["origin_city", "destination_city"], "properties": {
                    "origin_city": {"type": "string", "description": "Departure city"},
                    "destination_city": {"type": "string", "description": "Arrival city"},
                    "earliest_departure": spec}})
    rng = random.Random(2)
    times = [a.get("earliest_departure") for a in (sample_arguments(tool, rng, optional_rate=1.0) for _ in range(30))]
    assert all(t is None or (len(t) == 5 and t[2] == ":") for t in times), times


def test_a_full_name_example_is_one_person_of_many() -> None:
    spec = {"type": "string", "description": "Full name of the homeowner who signed, e.g. 'Marisol Delgado'."}
    assert semantic.infer("signer_name", spec) == "person"
    drawn = _draws(spec, "signer_name")
    assert Counter(drawn).most_common(1)[0][1] <= 4 and all(len(d.split()) >= 2 for d in drawn), drawn


def test_an_ear_tag_example_is_the_shape_of_the_herd_s_numbers() -> None:
    spec = {"type": "string", "description": "The cow's herd number (visual ear tag), 1 to 5 digits, e.g. '2417'."}
    drawn = _draws(spec, "cow_id")
    assert drawn.count("2417") <= 8 and all(d.isdigit() and len(d) == 4 for d in drawn), drawn
    assert not any(d.startswith(("19", "20")) and d[:4].isdigit() and 1980 <= int(d) <= 2049 for d in drawn), drawn


def test_examples_that_are_no_garment_sizes_are_the_size() -> None:
    spec = {"type": "string", "description": "Rafter or truss size and spacing, e.g. '2x6 @ 24 in' or '2x4 truss @ 24 in'."}
    assert all("@" in d for d in _draws(spec, "rafter_size")), _draws(spec, "rafter_size")


def test_a_dose_in_its_unit_is_no_sum_of_money() -> None:
    spec = {"type": "number", "description": "Amount per administration, in dose_unit."}
    assert semantic.infer("dose", spec) != "money"
    assert max(_draws(spec, "dose")) <= 100


def test_a_clock_window_holds_where_the_pattern_takes_only_half_hours() -> None:
    spec = {"type": "string", "pattern": "^([01][0-9]|2[0-3]):(00|30)$",
            "description": "Start of the check, between 07:00 and 17:00. Local time, 24-hour HH:MM, on the hour or half hour."}
    drawn = _draws(spec, "start_time")
    assert all("07:00" <= d <= "17:00" and d[3:] in ("00", "30") for d in drawn), drawn


_LOG = Tool(name="log_flight", app="school", api="log_flight", domain="flight",
            description="Close out a flown reservation. Hobbs in must be greater than Hobbs out; a typical lesson is "
                        "1.0 to 2.0 Hobbs hours.",
            parameters={"type": "object", "required": ["hobbs_out", "hobbs_in"], "properties": {
                "hobbs_out": {"type": "number", "minimum": 0, "multipleOf": 0.1,
                              "description": "Hobbs meter at engine start, to the tenth, e.g. 4521.3."},
                "hobbs_in": {"type": "number", "minimum": 0, "multipleOf": 0.1,
                             "description": "Hobbs meter at shutdown, to the tenth; greater than hobbs_out."}}})


def test_a_band_far_from_the_parameter_s_own_example_measures_another_thing() -> None:
    assert bands(_LOG.description, _LOG.properties) == {}
    assert bands("A typical lesson is 1.0 to 2.0 Hobbs hours.",
                 {"hobbs_hours": {"type": "number", "description": "Hobbs time flown, e.g. 1.4."}}) == {"hobbs_hours": (1.0, 2.0)}


def test_a_meter_read_at_shutdown_is_a_little_above_its_reading_at_start() -> None:
    rng = random.Random(4)
    for _ in range(30):
        args = sample_arguments(_LOG, rng)
        assert args["hobbs_out"] > 100 and 0 < args["hobbs_in"] - args["hobbs_out"] <= 30, args


def test_a_number_a_rule_moved_lands_on_its_step() -> None:
    spec = {"type": "number", "multipleOf": 0.1}
    assert _on_step(spec, 1537.8999999) == 1537.9
    assert _on_step({"type": "number"}, 1.23) is None


def test_a_direction_to_a_thing_is_no_persona_place() -> None:
    from generator.derived_personas import _takes_place

    assert not _takes_place("to_pen", {"type": "string", "description": "Pen she goes back to, e.g. '6'."})
    assert _takes_place("to_city", {"type": "string"}) and _takes_place("destination", {"type": "string"})


def test_an_allowance_s_wide_bounds_are_used_at_their_low_end() -> None:
    drawn = _draws({"type": "integer", "description": "Number of straws, 5 to 500."}, "straws", 60)
    assert all(5 <= d <= 125 for d in drawn) and sorted(drawn)[30] <= 60, drawn
    narrow = _draws({"type": "integer", "description": "Days of treatment, 1-8."}, "days", 60)
    assert max(narrow) >= 6, narrow  # a short scale is drawn whole


def test_an_amount_in_a_unit_of_pieces_is_a_few() -> None:
    tool = Tool(name="record_treatment", app="herd", api="record_treatment", domain="dairy", description="Record a treatment.",
                parameters={"type": "object", "required": ["dose", "dose_unit"], "properties": {
                    "dose": {"type": "number", "description": "Amount per administration, in dose_unit."},
                    "dose_unit": {"type": "string", "enum": ["mL", "tube", "bolus", "g"], "description": "Unit of the dose."}}})
    rng = random.Random(6)
    drawn = [sample_arguments(tool, rng) for _ in range(40)]
    pieces = [a["dose"] for a in drawn if a["dose_unit"] in ("tube", "bolus")]
    assert pieces and all(1 <= p <= 4 for p in pieces), drawn


def test_a_rating_not_above_another_s_stays_on_its_list_and_under_it() -> None:
    from generator.core.dependencies import rules

    props = {"main_panel_amps": {"type": "integer", "enum": [100, 125, 150, 200, 225, 400],
                                 "description": "Bus rating of the main service panel in amps."},
             "main_breaker_amps": {"type": "integer", "enum": [60, 100, 125, 150, 175, 200, 225, 400],
                                   "description": "Rating of the main breaker in amps; not above main_panel_amps."}}
    assert any(r.kind == "below" and r.subject == "main_breaker_amps" for r in rules("Record a site survey.", props))
    tool = Tool(name="create_site_survey", app="solar", api="create_site_survey", domain="solar",
                description="Record a site survey.", parameters={"type": "object", "required": list(props), "properties": props})
    rng = random.Random(8)
    for _ in range(40):
        a = sample_arguments(tool, rng)
        assert isinstance(a["main_breaker_amps"], int) and a["main_breaker_amps"] <= a["main_panel_amps"], a
    sparse = {"main_panel_amps": {**props["main_panel_amps"], "enum": [100, 200, 400]},
              "main_breaker_amps": {**props["main_breaker_amps"], "enum": [60, 150, 300]}}  # none within a few percent
    tool = tool.model_copy(update={"parameters": {"type": "object", "required": list(sparse), "properties": sparse}})
    for _ in range(40):
        a = sample_arguments(tool, rng)
        assert a["main_breaker_amps"] <= a["main_panel_amps"], a


def test_a_building_department_is_said_in_its_own_form() -> None:
    spec = {"type": "string", "description": "Authority having jurisdiction, e.g. 'City of San Jose', 'County of Sacramento'."}
    assert all(d.startswith(("City of ", "County of ")) and "San Jose" in d or "Sacramento" in d
               for d in _draws(spec, "ahj")), _draws(spec, "ahj")


def test_a_tool_named_by_its_verb_does_what_the_verb_says() -> None:
    """`cancel_herd_check` cancels a visit: its id is acted on once, no habit (set 31: one visit
    cancelled in every week of a history), though "check" reads elsewhere."""
    from generator.core.habitual import action, habitual

    props = {"visit_id": {"type": "string", "description": "Visit id, e.g. 'VET-2025-0611'."},
             "reason": {"type": "string", "enum": ["weather", "vet_unavailable"]}}
    cancel = Tool(name="cancel_herd_check", app="herd", api="cancel_herd_check", domain="dairy",
                  description="Cancel a booked herd check.", parameters={"type": "object", "properties": props})
    assert action(cancel) == "write" and not habitual(cancel, "visit_id")
    check = Tool(name="check_availability", app="herd", api="check_availability", domain="dairy",
                 description="Check a vet's free slots.", parameters={"type": "object", "properties": props})
    assert action(check) == "read"


def test_a_parameter_required_for_kinds_said_in_words_is_given_for_them() -> None:
    """"Required for stage and end-of-course checks" names stage_1..stage_3 and end_of_course of
    `check_type` (set 31: 22 stage checks with no check instructor)."""
    from generator.core.dependencies import rules

    props = {"check_type": {"type": "string", "enum": ["stage_1", "stage_2", "stage_3", "end_of_course", "practical_test"]},
             "check_instructor_id": {"type": "string", "pattern": "^CFI-[0-9]{3}$", "description":
                                     "Check instructor, e.g. 'CFI-003'. Required for stage and end-of-course checks."}}
    got = [r for r in rules("Schedule a stage check.", props) if r.subject == "check_instructor_id"]
    assert got and set(got[0].values) == {"stage_1", "stage_2", "stage_3", "end_of_course"}, got
    tool = Tool(name="schedule_stage_check", app="school", api="schedule_stage_check", domain="flight",
                description="Schedule a stage check.", parameters={"type": "object", "required": ["check_type"],
                                                                    "properties": props})
    rng = random.Random(2)
    for _ in range(30):
        a = sample_arguments(tool, rng)
        assert a["check_type"] == "practical_test" or "check_instructor_id" in a, a
