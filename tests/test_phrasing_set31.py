"""Phrasing the set-31 readers and players found wrong: codes lowered and then read as articles
("the a.10"), initialisms in lower case ("certificate sought cfii"), an intent cut at a number
("schedule a Part"), a possessive with no article, a noun cut before a clause ("a day she")."""

from __future__ import annotations

from generator.core.surface import noun
from generator.core.textquality import defects
from generator.phrasebook.intent import intent_of
from generator.records import Tool
from generator.testing.phrasing import explicit_query as _query
from generator.testing.phrasing import one_tool


def _tool(name: str, description: str, required: list[str], properties: dict) -> Tool:
    return one_tool(name, description, required, properties, domain="flight")


ENDORSE = _tool("record_endorsement", "Record an instructor endorsement in the student's logbook.", ["student_id", "endorsement"], {
    "student_id": {"type": "string", "description": "Student id, e.g. 'STU-20417'."},
    "endorsement": {"type": "string", "description": "AC 61-65 endorsement.", "enum": ["A.3", "A.6", "A.10", "A.15"]},
    "aircraft_make_model": {"type": "string", "description": "Make and model.", "enum": ["C172S", "PA-28-161"]}})
STUDENTS = _tool("search_students", "Find students enrolled at the school.", [], {
    "certificate_sought": {"type": "string", "description": "Certificate sought.", "enum": ["private", "cfi", "cfii"]}})


def test_a_letter_joined_to_a_code_is_no_article() -> None:
    for text in ("Record an A.6 solo endorsement for STU-1.", "Add the A.8 endorsement.", "Log an A&P inspection.",
                 "Get the A/C status."):
        assert not defects(text), (text, defects(text))
    assert defects("book the a table") and defects("I want the a.")


def test_a_code_is_said_as_written() -> None:
    q = _query(ENDORSE, {"student_id": "STU-20417", "endorsement": "A.10", "aircraft_make_model": "PA-28-161"})
    assert "A.10" in q and "PA-28-161" in q and "a.10" not in q, q
    assert not defects(q), defects(q)


def test_an_initialism_in_lower_case_is_said_in_capitals() -> None:
    q = _query(STUDENTS, {"certificate_sought": "cfii"})
    assert "CFII" in q and "cfii" not in q, q
    assert "private" in _query(STUDENTS, {"certificate_sought": "private"})


def test_an_intent_is_never_cut_where_a_name_goes_on_with_a_number() -> None:
    tool = _tool("schedule_stage_check", "Schedule a Part 141 stage check, end-of-course test or an FAA practical "
                 "test (checkride).", ["student_id"], {"student_id": {"type": "string"}})
    assert intent_of(tool) != "schedule a Part" and "stage check" in intent_of(tool), intent_of(tool)


def test_a_possessive_object_takes_its_article() -> None:
    tool = _tool("get_aircraft_status", "Look up one aircraft's airworthiness status: in service or grounded.",
                 ["tail_number"], {"tail_number": {"type": "string"}})
    assert intent_of(tool) == "look up the aircraft's airworthiness status", intent_of(tool)


def test_a_description_cut_before_its_clause_gives_no_noun() -> None:
    tool = _tool("record_cull", "Record a cow leaving the herd.", ["leave_date"], {
        "leave_date": {"type": "string", "description": "Day she left or died. Format YYYY-MM-DD."},
        "to_pen": {"type": "string", "description": "Pen she goes back to, e.g. '6'."},
        "release_date": {"type": "string", "description": "Day her milk goes back in the tank."}})
    for param in ("leave_date", "to_pen", "release_date"):
        said = noun(param, tool)
        assert not {"she", "her"} & set(said.split()), (param, said)


def test_an_intent_never_names_what_an_optional_flag_turns_on() -> None:
    tool = _tool("get_weather_briefing", "Get the current METAR and TAF for an airport with the flight category.",
                 ["icao"], {"icao": {"type": "string"}, "include_taf": {"type": "boolean", "default": True,
                                                                        "description": "Include the TAF."}})
    assert "taf" not in intent_of(tool).lower() and "weather briefing" in intent_of(tool), intent_of(tool)


def test_the_tool_s_own_words_gathered_across_a_request_restate_nothing() -> None:
    from generator.validators.reading import _excused

    own = ["get the current metar and taf for an airport"]
    assert _excused("you get the current metar taf", own)
    assert not _excused("with the taf", ["find an airport"])


def test_how_a_thing_is_packed_is_no_unit_of_its_count() -> None:
    from generator.phrasebook.terms import term

    assert term("quantity", {"type": "integer", "description": "Units; modules come in pallets of 30 or loose."}).unit == ""
    assert term("depth", {"type": "number", "description": "Sensor depth in metres"}).unit == "metres"


def test_a_reading_taken_on_the_way_in_is_no_length() -> None:
    from generator.phrasebook.terms import term

    for name, said in (("hobbs_in", "Hobbs meter at shutdown, to the tenth; greater than hobbs_out."),
                       ("tach_in", "Tach reading at shutdown; greater than tach_out.")):
        assert term(name, {"type": "number", "description": said}).unit != "inches", name
    assert term("slump_in", {"type": "number", "description": "Slump of the concrete."}).unit == "inches"


def test_a_rate_in_the_prose_is_said_whole() -> None:
    from generator.phrasebook.terms import term

    assert term("price_per_watt", {"type": "number", "description": "Gross price in USD per DC watt."}).unit == \
        "USD per DC watt"
    assert term("ppa_rate_per_kwh", {"type": "number", "description": "PPA price in USD per kWh, e.g. 0.18."}).unit == \
        "USD per kWh"
    assert term("rate", {"type": "number", "description": "Rate in dollars per hour for the crew"}).unit == "dollars per hour"


def test_a_moved_thing_s_new_day_is_where_it_moves_to() -> None:
    tool = _tool("reschedule_installation", "Move a booked installation to another day.", ["install_id", "new_start_date"], {
        "install_id": {"type": "string", "description": "Installation id, e.g. 'INS-25-0552'."},
        "new_start_date": {"type": "string", "description": "New first install day, a weekday. Format YYYY-MM-DD."},
        "reason": {"type": "string", "enum": ["weather", "equipment_delay"], "description": "Why it moves."}})
    for seed in range(3):
        q = _query(tool, {"install_id": "INS-25-3804", "new_start_date": "2025-06-09", "reason": "weather"}, seed)
        assert " to June 9" in q or " to the 9th of June" in q, q
        assert "starting" not in q, q


CALVING = one_tool("record_calving", "Record a calving.", ["dam_id", "calf_sex"], {
    "dam_id": {"type": "string", "description": "Herd number of the cow that calved, e.g. '2417'."},
    "calf_sex": {"type": "string", "enum": ["heifer", "bull"], "description": "Sex of the calf."},
    "calf_weight_lb": {"type": "integer", "description": "Birth weight in pounds: 70-110 for Holsteins."}}, domain="dairy")


def test_one_calf_recorded_is_a_heifer_calf_and_its_birth_weight_no_birthday() -> None:
    q = _query(CALVING, {"dam_id": "5856", "calf_sex": "heifer", "calf_weight_lb": 76})
    assert "a heifer calf" in q and "that are" not in q, q
    assert "born on" not in q and "76 pounds" in q, q
    search = one_tool("search_horses", "Find horses in the barn.", [], {
        "horse_sex": {"type": "string", "enum": ["filly", "colt"], "description": "Sex of the horse."}}, domain="barn")
    assert "that are fillies" in _query(search, {"horse_sex": "filly"})
