"""Phrasing fixed in set 49 (a hot-air balloon operator, a court reporting agency, an ice arena): people
listed with their noun said once, two readings of one noun told apart by their own name word, a term
with no noun said by its name's words ("a ceiling of 3200 feet", never "FT AGL at most"), a compass
direction in degrees, a booking moved "to" a flight, an intent that names the choice keeps its words,
false of "over Zoom rather than in the room", a language, a count of changes, a mode, a kind of copy,
a purpose, a latest start, a weekday, a birthday child who was not "born on", a county with no
qualifier, and the description's opening when no intent could be derived."""

from __future__ import annotations

from phrasing_support import annotated_tool, explicit_query

from generator.core.surface import render
from generator.phrasebook.intent import intent_of
from generator.phrasebook.terms import term
from generator.records import Tool
from generator.writers.phrasing.args import said_as


def _tool(name: str, description: str, props: dict) -> Tool:
    return annotated_tool(name, description, props, "desk", "set49")


def _query(tool: Tool, args: dict) -> str:
    return explicit_query(tool, args)


def test_people_are_listed_with_their_noun_once_and_their_numbers_named():
    tool = _tool("create_passenger_booking", "Book passengers on a scheduled flight.", {
        "passengers": {"type": "array", "description": "Every passenger on the booking.", "items": {
            "type": "object", "properties": {"name": {"type": "string", "description": "Passenger's full name."},
                                             "weight": {"type": "number"}, "age": {"type": "integer"}}}}})
    said = render([{"name": "Melissa Russo", "weight": 63}, {"name": "Sara Jackson", "weight": 56, "age": 73}],
                  "passengers", tool)
    assert said == "the passengers Melissa Russo (weight 63) and Sara Jackson (weight 56, age 73)"


def test_two_readings_of_one_noun_are_told_apart_by_their_own_words():
    tool = _tool("record_refrigeration_check", "Record the daily plant check.", {
        "brine_supply_temp_f": {"type": "number", "description": "Brine temperature leaving the chiller, degrees F."},
        "brine_return_temp_f": {"type": "number", "description": "Brine temperature returning from the floor, "
                                                                 "degrees F."}})
    query = _query(tool, {"brine_supply_temp_f": 16, "brine_return_temp_f": 18})
    assert "brine supply temperature of 16" in query and "brine return temperature of 18" in query, query


BALLOON = _tool("record_go_no_go_decision", "Record the pilot-in-command's go/no-go decision for a flight.", {
    "decision": {"type": "string", "enum": ["go", "no_go", "delay"], "description": "The decision."},
    "ceiling_ft_agl": {"type": "integer", "minimum": 0, "maximum": 12000,
                       "description": "Lowest broken or overcast cloud layer in feet above ground level."},
    "surface_wind_direction": {"type": "integer", "minimum": 0, "maximum": 360,
                               "description": "Direction the surface wind blows from, degrees true."}})


def test_a_name_without_a_noun_is_said_by_its_own_words():
    assert said_as("ceiling_ft_agl", BALLOON, "number", "3200") == "with a ceiling of 3200 feet"
    pilots = _tool("search_pilots", "Search the operator's pilots.", {
        "min_envelope_cubic_feet": {"type": "integer", "description": "Pilot must be signed off for envelopes at "
                                                                      "least this big, in cubic feet."},
        "medical_valid_through": {"type": "string", "format": "date", "description": "Only pilots whose medical "
                                                                                   "certificate is valid through this date."}})
    assert said_as("min_envelope_cubic_feet", pilots, "number", "94000") == "with an envelope of at least 94000 cubic feet"
    assert said_as("medical_valid_through", pilots, "date", "June 4") == "with a medical valid through June 4"


def test_a_compass_direction_is_said_in_degrees():
    assert said_as("surface_wind_direction", BALLOON, "number", "90") == "with a surface wind direction of 90 degrees"
    sites = _tool("search_launch_sites", "Search launch sites.", {
        "wind_from_degrees": {"type": "integer", "minimum": 0, "maximum": 360,
                              "description": "Forecast surface wind direction (from), degrees true."}})
    assert said_as("wind_from_degrees", sites, "number", "240") == "with the wind from 240 degrees"


def test_an_intent_that_names_the_choice_is_not_cut_to_another_value():
    query = _query(BALLOON, {"decision": "delay"})
    assert "go decision" not in query.replace("go no go decision", ""), query


def test_a_booking_is_moved_to_its_new_flight():
    tool = _tool("rebook_passenger_booking", "Move an existing booking to another scheduled flight.", {
        "new_flight_id": {"type": "string", "description": "Flight to move the booking to, e.g. 'FLT-10517'."}})
    assert said_as("new_flight_id", tool, "text", "FLT-10517") == "to flight FLT-10517"


COURT = _tool("request_interpreter", "Request an interpreter for a deposition.", {
    "language": {"type": "string", "description": "Language of the witness, e.g. 'Spanish'."},
    "mode": {"type": "string", "enum": ["consecutive", "simultaneous"], "description": "Interpretation mode."},
    "remote": {"type": "boolean", "description": "Interpreter joins over Zoom rather than in the room."},
    "changes_count": {"type": "integer", "description": "Number of corrections listed."},
    "copy_type": {"type": "string", "enum": ["original", "copy"], "description": "Original or a copy."},
    "purpose": {"type": "string", "enum": ["court_filing", "appeal_record"], "description": "What it is for."},
    "latest_start": {"type": "string", "description": "Latest start time wanted, e.g. '21:00'."},
    "day_of_week": {"type": "string", "enum": ["monday", "sunday"], "description": "Day the class meets."},
    "county": {"type": "string", "description": "County of an in-person job, to find reporters who cover it."}})


def test_court_and_rink_values_are_said_as_clerks_say_them():
    assert said_as("language", COURT, "text", "Korean") == "in Korean"
    assert said_as("mode", COURT, "enum", "simultaneous") == "with simultaneous interpretation"
    assert render(False, "remote", COURT) == "in the room"
    assert said_as("copy_type", COURT, "enum", "original") == "for the original"
    assert said_as("purpose", COURT, "enum", "court filing") == "for court filing"
    assert said_as("purpose", COURT, "enum", "appeal record") == "for the appeal record"
    assert said_as("latest_start", COURT, "clock", "9 pm") == "starting no later than 9 pm"
    assert said_as("day_of_week", COURT, "enum", "sunday") == "on Sunday"
    assert term("county", COURT.properties["county"]).noun == "county"


def test_a_birthday_childs_name_and_a_party_booking_are_no_day_of_birth():
    assert term("birthday_child_name", {"type": "string", "description": "Name of the birthday child."}).phrase == ""
    assert term("party_booking_id", {"type": "string", "description": "Birthday party booking, e.g. 'BDAY-0217'."}
                ).phrase == ""
    assert term("birthday", {"type": "string", "format": "date", "description": "Birthday."}).phrase == "born on"


def test_the_descriptions_opening_is_the_intent_where_nothing_else_reads():
    tool = _tool("search_learn_to_skate_classes", "Search the Learn to Skate USA classes of the current session "
                 "(8-week sessions).", {"level": {"type": "string", "enum": ["basic_1"]}})
    assert intent_of(tool) == "search for the Learn to Skate USA classes"


RINK = _tool("book_birthday_party", "Book a birthday party.", {
    "session": {"type": "string", "enum": ["early_13_00", "late_15_30"], "description": "Public skate the party joins."},
    "location": {"type": "string", "enum": ["rink_a_ice", "rink_b_stands", "lobby"], "description": "Where it happened."},
    "ammonia_detector_test": {"type": "string", "enum": ["not_tested", "passed", "failed"],
                              "description": "Result of the ammonia detector bump test, if one was done today."},
    "recurring_weeks": {"type": "integer", "minimum": 1, "maximum": 30, "description": "Weeks in a row."},
    "case_caption": {"type": "string", "description": "Short caption as on the notice."},
    "realtime_requested": {"type": "boolean", "description": "Counsel want a realtime feed; the job then needs a CRR."}})


def test_members_counts_captions_and_wishes_are_said_as_people_say_them():
    assert said_as("session", RINK, "enum", "late 15-30") == "with the late 3:30 pm public skate"
    assert "rink A ice" in said_as("location", RINK, "enum", "rink a ice")
    assert said_as("ammonia_detector_test", RINK, "enum", "failed") == "with the ammonia detector test failed"
    assert said_as("recurring_weeks", RINK, "number", "25") == "recurring for 25 weeks"
    assert said_as("case_caption", RINK, "text", "Ramirez v. Coastal Freight") == "in Ramirez v. Coastal Freight"
    assert render(False, "realtime_requested", RINK) == "without a realtime feed"
    assert render(True, "realtime_requested", RINK) == "with a realtime feed"


def test_a_member_said_with_its_clock_or_letter_is_stated():
    from generator.core.surface import mentions

    assert mentions("Book it with the late 3:30 pm public skate.", "late_15_30", "session", RINK)
    assert mentions("Book it with the early 1 pm public skate.", "early_13_00", "session", RINK)
    assert mentions("He fell at rink A ice.", "rink_a_ice", "location", RINK)


def test_hours_spent_and_a_hints_noun_are_said_without_unit_words():
    from generator.core.surface import noun

    tool = _tool("search_pilots", "Search pilots and their inspections.", {
        "time_in_service_hours": {"type": "number", "description": "Total time in service of the envelope, in hours."},
        "min_total_hours": {"type": "integer", "description": "Minimum total balloon flight hours as pilot in command."},
        "min_envelope_cubic_feet": {"type": "integer", "description": "Pilot must be signed off for envelopes at least "
                                                                      "this big, in cubic feet."},
        "bearing_degrees": {"type": "integer", "maximum": 360, "description": "Direction from the launch site the balloon "
                            "is expected to drift toward, degrees true (the wind direction plus 180)."}})
    assert said_as("time_in_service_hours", tool, "number", "640") == "with 640 hours in service"
    assert term("time_in_service_hours", tool.properties["time_in_service_hours"]).phrase == ""
    assert said_as("min_total_hours", tool, "number", "2325") == "with at least 2325 total balloon flight hours"
    assert noun("min_envelope_cubic_feet", tool) == "minimum envelope"
    assert noun("bearing_degrees", tool) == "bearing"
