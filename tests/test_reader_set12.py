"""The reader, from the set-12 capable-model play (22 false re-asks: a blood pressure and a unit)."""

from __future__ import annotations

from generator.reader.read import read_value

_RATE_UNIT = {"type": "string", "enum": ["lb_per_lane_mile", "gal_per_lane_mile"]}


def test_a_blood_pressure_over_its_second_number_states_both() -> None:
    text = "My pre-treatment blood pressure was 158/65 today."
    assert read_value(text, "pre_bp_systolic", 158, {"type": "integer"})
    assert read_value(text, "pre_bp_diastolic", 65, {"type": "integer"})
    assert read_value("Open 24/7 from 12/25.", "staff", 24, {"type": "integer"}) is None  # no reading, no date


def test_a_unit_said_in_full_states_its_abbreviation() -> None:
    text = "Spread 86 gallons per lane mile of brine."
    assert read_value(text, "rate_unit", "gal_per_lane_mile", _RATE_UNIT)
    assert read_value(text, "rate_unit", "lb_per_lane_mile", _RATE_UNIT) is None
