"""Set-11 readings (pest control, radiology, car rental; catalogs new to trajgen): each phrase or
value a reader marked defective, as a person says or draws it. Each test fails without its fix."""

from __future__ import annotations

import random
import re
from datetime import datetime

from generator.core.constraints import pairs_for
from generator.core.values import _fake_str
from generator.phrasebook.fragments import bool_words, enum_words
from generator.phrasebook.intent import from_description
from generator.phrasebook.terms import say, term
from generator.records import Tool


def _intent(name: str, description: str) -> str:
    return from_description(Tool(name=name, app="", api=name, domain="x", description=description,
                                 parameters={"type": "object", "properties": {}}))


def test_a_plural_noun_before_a_preposition_is_no_verb() -> None:
    assert bool_words("pets_on_site") == ("with pets on site", "without pets on site")


def test_a_mass_noun_takes_no_article() -> None:
    assert bool_words("needs_anesthesia") == ("needing anesthesia", "not needing anesthesia")
    assert bool_words("needs_interpreter") == ("needing an interpreter", "not needing an interpreter")


def test_an_abbreviation_with_a_participle_is_a_state() -> None:
    assert bool_words("npo_confirmed") == ("with NPO confirmed", "with NPO not confirmed")


def test_a_split_phrasal_verb_keeps_its_particle() -> None:
    assert _intent("check_in_patient", "Check a patient in at the imaging desk. Returns {accession_number}.") == \
        "check a patient in"
    assert _intent("check_availability", "Check a slot in the calendar.") == "check a slot"


def test_a_verb_of_handing_over_says_to_whom() -> None:
    assert _intent("open_rental_agreement", "Hand a car to the renter at the counter and start the rental.") == \
        "hand a car to the renter"


def test_a_determiner_of_the_author_is_kept() -> None:
    assert _intent("add_additional_driver", "Add another driver to a reservation. Spouses are free.") == \
        "add another driver"


def test_the_kinds_an_object_may_be_of_are_left_out() -> None:
    assert _intent("record_radiation_dose", "Record the dose report of a CT or fluoroscopy exam for the registry.") \
        == "record the dose report"


def test_a_part_of_the_day_is_said_as_one() -> None:
    t = term("time_of_day", {"type": "string", "enum": ["morning", "afternoon", "any"], "default": "any"})
    assert (say(t, "enum", "morning"), say(t, "enum", "any")) == ("in the morning", "at any time of day")
    from generator.phrasebook.fragments import enum_words  # the value's words, as the writers take them

    assert enum_words("any", "time_of_day", {"type": "string", "enum": ["morning", "afternoon", "any"]}) == \
        "at any time of day"


def test_last_digits_are_said_as_what_ends_in_them() -> None:
    t = term("card_last4", {"type": "string", "pattern": "^[0-9]{4}$",
                            "description": "Last 4 digits of the card the deposit is held on."})
    assert say(t, "text", "7490") == "with the card ending in 7490"


def test_one_of_the_kinds_a_description_lists_is_no_noun() -> None:
    spec = {"type": "string", "pattern": "^[A-Z]{2}$",
            "description": "Issuing US state or Canadian province (2 letters, e.g. 'CO', 'ON')."}
    assert term("issuing_region", spec).noun == "issuing region"


def test_the_unit_is_not_said_twice() -> None:
    spec = {"type": "integer", "minimum": 0, "maximum": 8,
            "description": "At checkout. Fuel gauge in eighths of a tank, 0 (empty) to 8 (full)."}
    assert say(term("fuel_out_eighths", spec), "number", "4").count("eighths") == 1
    assert say(term("odometer_in_mi", {"type": "integer", "minimum": 0}), "number", "6100") == \
        "with the odometer at 6100 miles"  # never "odometer in 6100 miles"


def test_an_id_spelling_a_date_and_a_time_gets_real_ones() -> None:
    spec = {"type": "string", "description": "Slot id from find_scanner_slots, e.g. 'SLT-20250614-CT2-0930'.",
            "pattern": "^SLT-[0-9]{8}-[A-Z]{2}[0-9]-[0-9]{4}$"}
    rng, ref = random.Random(3), datetime(2025, 6, 2, 10, 0)
    for _ in range(20):
        value = _fake_str("slot_id", spec, rng, ref)
        day, clock = re.findall(r"\d{8}|\d{4}$", value)
        assert datetime.strptime(day, "%Y%m%d") > ref and datetime.strptime(clock, "%H%M").hour in range(7, 18), value


def test_a_car_is_returned_after_it_is_picked_up() -> None:
    pairs = pairs_for({"pickup_at": {"type": "string", "format": "date-time"},
                       "return_at": {"type": "string", "format": "date-time"}})
    assert [(p.first, p.second) for p in pairs if p.kind == "order"] == [("pickup_at", "return_at")]


def test_none_and_not_options_are_said_as_such() -> None:
    spec = {"type": "string", "enum": ["none", "mild", "moderate", "severe"]}
    reaction, none = term("prior_reaction", spec), enum_words("none", "prior_reaction", spec)
    test = term("pregnancy_test", {"type": "string", "enum": ["negative", "positive", "declined", "not_required"]})
    assert say(reaction, "enum", str(none)) == "with no prior reaction"  # never "with the none prior reaction"
    assert say(reaction, "enum", "none") == "with no prior reaction"  # as written too (TRAJECT's literal values)
    assert say(test, "enum", "not required") == "with the pregnancy test not required"


def test_a_long_one_word_flag_is_a_thing_had_or_not() -> None:
    assert bool_words("extravasation") == ("with extravasation", "without extravasation")


def test_placing_and_marking_say_where_and_what() -> None:
    assert _intent("assign_study", "Put an exam on a radiologist's worklist. Returns {assigned}.") == \
        "put an exam on a radiologist's worklist"
    assert _intent("complete_exam", "Mark an exam as performed and send the images to PACS.") == \
        "mark an exam as performed"


def test_a_particle_that_ends_its_clause_stays() -> None:
    assert _intent("close_rental_agreement", "Check a car in and close the rental.") == "check a car in"


def test_places_named_from_and_to_are_a_move() -> None:
    spec = {"type": "string", "pattern": "^[A-Z]{3}[0-9]{2}$", "description": "Branch code, e.g. 'DEN01'."}
    assert (say(term("from_location", spec), "text", "DEN08"), say(term("to_location", spec), "text", "DEN87")) == \
        ("from DEN08", "to DEN87")


def test_fractions_of_a_tank_are_a_unit() -> None:
    assert say(term("min_fuel_eighths", {"type": "integer", "minimum": 0, "maximum": 8}), "number", "4") == \
        "with at least 4 eighths of fuel"


def test_asking_says_for_what() -> None:
    assert _intent("request_outside_images", "Ask another facility for a patient's prior images for comparison.") == \
        "ask another facility for prior images"


def test_tools_one_trailbench_name_would_confuse_are_screened() -> None:
    from generator.screening import screen

    def tool(name: str, prop: str) -> Tool:
        return Tool(name=name, app="", api=name, domain="cars", description="Rent a car.",
                    parameters={"type": "object", "properties": {prop: {"type": "string"}}, "required": [prop]})

    kept, skipped = screen([tool("car_rental", "city"), tool("car.rental", "location"), tool("car_return", "city")])
    assert [t.name for t in kept] == ["car_rental", "car_return"]
    assert [t.name for t, _ in skipped] == ["car.rental"] and "Cars_car_rental" in skipped[0][1]


def test_an_example_slot_is_reshaped_to_a_day_ahead_and_a_working_time() -> None:
    from generator.core.values import _reshaped

    rng, ref = random.Random(1), datetime(2025, 6, 2, 10, 0)
    for _ in range(20):
        day, clock = re.findall(r"\d{8}|\d{4}$", _reshaped("SLT-20250614-CT2-0930", rng, ref, False, True))
        assert datetime.strptime(day, "%Y%m%d") > ref and 7 <= int(clock[:2]) <= 17


def test_a_slot_drawn_from_its_example_lies_ahead() -> None:
    from generator.core.values import value_for

    spec = {"type": "string", "description": "Slot id from find_scanner_slots, e.g. 'SLT-20250614-CT2-0930'.",
            "pattern": "^SLT-[0-9]{8}-[A-Z]{2}[0-9]-[0-9]{4}$"}
    rng, ref = random.Random(2), datetime(2025, 6, 2, 10, 0)
    drawn = {value_for(spec, rng, name="slot_id", ref=ref) for _ in range(30)} - {"SLT-20250614-CT2-0930"}
    assert len(drawn) > 10
    for value in drawn:
        day, clock = re.findall(r"\d{8}|\d{4}$", value)
        assert datetime.strptime(day, "%Y%m%d") > ref and 7 <= int(clock[:2]) <= 17, value


def test_a_moment_read_from_an_earlier_output_is_no_place() -> None:
    from generator.writers.phrasing.clauses import result_ref

    said = {result_ref("pickup_at", None, random.Random(i)) for i in range(6)}
    assert not any("place" in s for s in said) and all("pickup time" in s for s in said), said
    assert "place" in result_ref("pickup_location", None, random.Random(1))


def test_a_flag_whose_verb_the_tool_uses_is_said_as_the_act() -> None:
    from generator.phrasebook.derive import surfaces
    from generator.reader import read_value

    tool = Tool(name="create_maintenance_ticket", app="", api="create_maintenance_ticket", domain="x",
                description="Send a car to the shop. Grounded cars cannot be rented until the ticket is closed.",
                parameters={"type": "object", "properties": {"ground_vehicle": {"type": "boolean", "default": True}}})
    said = surfaces(tool, {"ground_vehicle": term("ground_vehicle", tool.properties["ground_vehicle"])})
    assert said["ground_vehicle"] == {"true": "grounding the vehicle", "false": "without grounding the vehicle"}
    assert read_value("send it to the shop, grounding the vehicle", "ground_vehicle", True)
    assert read_value("send it to the shop without grounding the vehicle", "ground_vehicle", False)


def test_a_providers_npi_is_one_cms_could_issue() -> None:
    spec = {"type": "string", "pattern": "^[0-9]{10}$", "description": "10-digit NPI of the ordering provider."}
    rng, ref = random.Random(3), datetime(2025, 6, 2)
    for _ in range(30):
        npi = _fake_str("ordering_provider_npi", spec, rng, ref)
        digits = [int(c) for c in "80840" + npi]
        luhn = sum(d if i % 2 == 0 else (2 * d - 9 if 2 * d > 9 else 2 * d) for i, d in enumerate(reversed(digits)))
        assert npi[0] in "12" and luhn % 10 == 0, npi


def test_a_person_born_acting_is_an_adult_unless_said_young() -> None:
    from generator.core.values import _meant_moment

    rng, when, date = random.Random(1), datetime(2025, 6, 2), {"type": "string", "format": "date"}
    for _ in range(20):
        adult = datetime.strptime(_meant_moment("date_of_birth", "date", date, when, rng) or "", "%Y-%m-%d")
        child = datetime.strptime(_meant_moment("child_birth_date", "date", date, when, rng) or "", "%Y-%m-%d")
        assert (when - adult).days >= 21 * 365 and (when - child).days < 18 * 365
