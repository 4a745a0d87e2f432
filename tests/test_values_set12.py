"""Values a person would use, from the set-12 reading and the set-11 reading's leftovers."""

from __future__ import annotations

import random
from datetime import datetime

from generator.core.constraints import constraint_problems, repair
from generator.records import Tool


def _NOWHERE(name: str, rng: random.Random, pool: bool) -> None:
    """No fresh draws: the repair must shift the moment."""


def _gap_days(args: dict[str, str], first: str, second: str) -> float:
    a, b = (datetime.fromisoformat(args[k]) for k in (first, second))
    return (b - a).total_seconds() / 86400


def test_a_rental_runs_the_days_its_description_says() -> None:
    props = {"pickup_at": {"type": "string", "format": "date-time"},
             "return_at": {"type": "string", "format": "date-time",
                           "description": "Return date and time; rentals run 1 to 28 days."}}
    tool = Tool(name="search_rates", app="rentals", api="search_rates", domain="car_rental",
                description="Search cars and rates.",
                parameters={"type": "object", "properties": props})
    two_hours = {"pickup_at": "2025-06-02T10:00:00Z", "return_at": "2025-06-02T12:00:00Z"}
    assert constraint_problems(tool, two_hours)  # a car rented for two hours breaks the description
    for seed in range(20):
        fixed = repair(props, two_hours, random.Random(seed), resample=_NOWHERE)
        assert 1 <= _gap_days(fixed, "pickup_at", "return_at") <= 28, fixed
        assert not constraint_problems(tool, fixed)


def test_a_pickup_and_return_with_no_written_span_are_days_apart_but_a_meeting_is_not() -> None:
    rental = {"pickup_time": {"type": "string", "format": "date-time"},
              "return_time": {"type": "string", "format": "date-time"}}
    fixed = repair(rental, {"pickup_time": "2025-06-02T09:30:00Z", "return_time": "2025-06-02T11:00:00Z"},
                   random.Random(4), resample=_NOWHERE)
    assert 1 <= _gap_days(fixed, "pickup_time", "return_time") <= 14
    meeting = {"start_time": {"type": "string", "format": "date-time"},
               "end_time": {"type": "string", "format": "date-time"}}
    hour = {"start_time": "2025-06-02T09:30:00Z", "end_time": "2025-06-02T10:30:00Z"}
    assert repair(meeting, hour, random.Random(4), resample=_NOWHERE) == hour


def test_a_record_number_written_as_digits_is_a_shape_not_the_one_unit() -> None:
    from generator.core.values import value_for

    unit = {"type": "string", "description": "Fleet unit number on the key tag, 7 digits, e.g. '4418027'.",
            "pattern": "^[0-9]{7}$"}
    mrn = {"type": "string", "description": "Medical record number, 8 digits, e.g. '00471236'.",
           "pattern": "^[0-9]{8}$"}
    rng = random.Random(1)
    units = [value_for(unit, rng, name="unit_number") for _ in range(20)]
    mrns = [value_for(mrn, rng, name="mrn") for _ in range(20)]
    assert len(set(units)) > 10 and all(u.startswith("4") and len(u) == 7 for u in units)  # the same fleet series
    assert len(set(mrns)) > 10 and all(m.startswith("00") and len(m) == 8 for m in mrns)


def test_a_look_back_s_dates_lie_behind_the_call() -> None:
    from generator.core.lore import annotate
    from generator.core.values import sample_arguments

    prior = Tool(name="request_outside_images", app="pacs", api="request_outside_images", domain="radiology",
                 description="Ask another facility for a patient's prior images for comparison.",
                 parameters={"type": "object", "required": ["exam_date_from", "exam_date_to"],
                             "properties": {"exam_date_from": {"type": "string", "format": "date"},
                                            "exam_date_to": {"type": "string", "format": "date"}}})
    since = Tool(name="search_orders", app="ris", api="search_orders", domain="radiology",
                 description="Find imaging orders of a patient.",
                 parameters={"type": "object", "required": ["ordered_since"],
                             "properties": {"ordered_since": {"type": "string", "format": "date"}}})
    prior, since = annotate([prior, since])
    ref, rng = datetime(2025, 6, 2, 10), random.Random(2)
    for _ in range(20):
        days = [*sample_arguments(prior, rng, ref=ref).values(), *sample_arguments(since, rng, ref=ref).values()]
        assert all(datetime.strptime(d, "%Y-%m-%d") < ref.replace(hour=0) for d in days), days


def test_an_invoice_never_lists_one_service_twice() -> None:
    from generator.core.values import value_for

    lines = {"type": "array", "minItems": 1, "items": {
        "type": "object", "required": ["description", "amount_usd"],
        "properties": {"description": {"type": "string", "description": "e.g. 'Quarterly general pest service' or "
                                                                         "'Exterior rodent exclusion, 6 entry points'."},
                       "amount_usd": {"type": "number", "minimum": 0, "maximum": 10000}}}}
    rng = random.Random(3)
    for _ in range(20):
        said = [line["description"] for line in value_for(lines, rng, name="line_items")]
        assert len(said) == len(set(said)), said


def _numbered_catalog() -> list[Tool]:
    from generator.core.lore import annotate

    district = {"type": "string", "pattern": "^D(0[1-9]|1[0-2])$",
                "description": "Maintenance district code: 'D' and two digits, e.g. 'D03'. The state has 12 districts, "
                               "D01 to D12."}
    segment = {"type": "string", "pattern": "^SG-[0-9]{6}$", "description": "Road segment id, e.g. 'SG-041207' "
               "(district number, then a 4-digit sequence)."}
    truck = {"type": "string", "pattern": "^[0-9]{4}$",
             "description": "Fleet unit number of the truck, 4 digits with a leading district digit pair, e.g. '0417'."}
    chair = {"type": "string", "pattern": "^CH[0-9]{2}$", "description": "Chair number, 'CH' and two digits, e.g. "
             "'CH07'. Chairs CH21-CH24 are the isolation room."}
    treatment = {"type": "string", "pattern": "^TX20[0-9]{6}-[0-9]{2}$",
                 "description": "Treatment id, e.g. 'TX20250314-07' (date, then chair number)."}
    props = {"district": district, "segment_id": segment, "truck_id": truck, "chair_id": chair,
             "treatment_id": treatment}
    return annotate([Tool(name="log_work", app="ops", api="log_work", domain="ops", description="Log work.",
                          parameters={"type": "object", "properties": props, "required": list(props)})])


def test_an_id_s_numbered_parts_stay_in_the_series_the_catalog_states() -> None:
    import re

    from generator.core.values import sample_arguments

    (tool,) = _numbered_catalog()
    rng, trucks = random.Random(5), set()
    for _ in range(40):
        args = sample_arguments(tool, rng, optional_rate=1.0)
        assert 1 <= int(args["segment_id"][3:5]) <= 12, args  # never SG-801118: the state has 12 districts
        assert 1 <= int(args["truck_id"][:2]) <= 12, args
        assert 1 <= int(args["chair_id"][2:]) <= 24, args  # never CH88: the unit has 24 chairs
        assert 1 <= int(args["treatment_id"][-2:]) <= 24, args
        assert re.fullmatch(r"TX20\d{6}-\d{2}", args["treatment_id"])
        trucks.add(args["truck_id"])
    assert len(trucks) > 10  # the example '0417' is the shape, not every truck


def test_a_liquid_is_spread_by_volume_and_a_solid_by_weight() -> None:
    from generator.core.value_sense import agreeing_units

    props = {"material": {"type": "string", "enum": ["rock_salt", "salt_brine", "abrasives", "calcium_chloride_liquid"]},
             "rate_unit": {"type": "string", "enum": ["lb_per_lane_mile", "gal_per_lane_mile"]}}
    said = {m: agreeing_units(props, {"material": m, "rate_unit": u}, frozenset())["rate_unit"]
            for m in props["material"]["enum"] for u in props["rate_unit"]["enum"]}
    assert said == {"rock_salt": "lb_per_lane_mile", "salt_brine": "gal_per_lane_mile",
                    "abrasives": "lb_per_lane_mile", "calcium_chloride_liquid": "gal_per_lane_mile"}
