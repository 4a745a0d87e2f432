"""Values, flags and wording the set-44 reading fixed (a meat plant's HACCP desk, an ELD hours-of-service
office, underground fuel tanks): lot codes "2-digit year and 3-digit Julian day, dash, line, dash,
shift" drawn as day 949; alarms "acknowledged (true) or unacknowledged (false)" said as "without
filtering on acknowledged alarms" and read back as acknowledged; log days certified for next week."""

from __future__ import annotations

import random

from generator.core import lore
from generator.core.values import sample_arguments
from generator.records import Tool


def _tool(name: str, description: str, props: dict, required: list[str]) -> Tool:
    return lore.annotate([Tool(name=name, app="desk", api=name, domain="set44", description=description,
                               parameters={"type": "object", "properties": props, "required": required})])[0]


LOT = {"type": "string", "pattern": "^[0-9]{5}-[0-9]{2}-[1-3]$", "description": "Production lot code as printed on the "
       "case label: 2-digit year and 3-digit Julian day, dash, 2-digit line, dash, shift 1-3, e.g. '24187-03-1' (2024 day "
       "187, line 03, first shift)."}


def test_a_lot_code_of_a_julian_day_is_a_recent_day_of_this_year() -> None:
    hold = _tool("place_product_hold", "Hold a lot.", {"lot_code": LOT}, ["lot_code"])
    rng = random.Random(12)
    for _ in range(30):
        code = sample_arguments(hold, rng)["lot_code"]
        assert code[:2] == "25" and 120 <= int(code[2:5]) <= 153 and code[5:] == "-03-1", code  # June 2, 2025: day 153


ALARMS = {"facility_id": {"type": "string", "description": "Facility, e.g. 'TX-100231'."},
          "acknowledged": {"type": "boolean", "description": "Filter on acknowledged (true) or unacknowledged (false) alarms."}}


def test_a_flag_whose_description_names_both_sides_says_and_reads_each_side() -> None:
    from generator.phrasebook.fragments import bool_words
    from generator.phrasebook.terms import term
    from generator.reader import read_value

    assert bool_words("acknowledged", ALARMS["acknowledged"]["description"]) == \
        ("with only acknowledged alarms", "with only unacknowledged alarms")
    assert term("acknowledged", ALARMS["acknowledged"]).act == ""  # never "without filtering on acknowledged alarms"
    from generator.reader.flags import described_values

    assert described_values("Turn the light on (true) or off (false)") == ()  # "on" and "off" are particles:
    assert bool_words("on", "Turn the light on (true) or off (false)") == ("turned on", "turned off")  # a switch
    text = "List alarms with only unacknowledged alarms. Then acknowledge the alarm acknowledged by Jason."
    assert read_value(text, "acknowledged", False, ALARMS["acknowledged"]) is not None  # the first said, this call's
    assert read_value(text, "acknowledged", True, ALARMS["acknowledged"]) is None


def test_log_days_are_days_already_driven() -> None:
    certify = _tool("request_log_certification", "Ask a driver to certify log days.", {
        "driver_id": {"type": "string", "description": "Driver, e.g. 'DRV-1001'."},
        "log_dates": {"type": "array", "minItems": 1, "maxItems": 14, "uniqueItems": True,
                      "items": {"type": "string", "format": "date"}, "description": "Log days to certify (YYYY-MM-DD)."},
        "log_date": {"type": "string", "format": "date", "description": "Log day the exception is used (YYYY-MM-DD)."}},
        ["driver_id", "log_dates"])
    rng = random.Random(13)
    for _ in range(30):
        drawn = sample_arguments(certify, rng, optional_rate=1.0)
        assert all(d <= "2025-06-02" for d in drawn["log_dates"]) and drawn.get("log_date", "") <= "2025-06-02", drawn


def test_a_town_is_in_the_state_the_call_names_and_a_report_opens_with_its_state() -> None:
    from generator.core import zips

    search = _tool("search_facilities", "Search fueling facilities.", {
        "state": {"type": "string", "enum": ["TX", "OK", "LA", "AR"], "description": "State of the facility."},
        "city": {"type": "string", "description": "City, e.g. 'Tulsa'."}}, ["state"])
    rng = random.Random(14)
    for _ in range(20):
        drawn = sample_arguments(search, rng, optional_rate=1.0)
        if "city" in drawn:
            assert zips.of_town(drawn["city"], drawn["state"], "0") is not None, drawn  # never Tulsa in LA
    inspect = _tool("record_roadside_inspection", "Record an inspection.", {
        "report_number": {"type": "string", "pattern": "^[A-Z]{2}[A-Z0-9]{4,12}$", "description": "Inspection report "
                          "number: inspecting state's 2-letter code then 4 to 12 letters/digits, e.g. 'TXD1QT004581'."},
        "state": {"type": "string", "pattern": "^[A-Z]{2}$", "description": "Two-letter state of the inspection, e.g. 'OK'."}},
        ["report_number", "state"])
    for _ in range(20):
        drawn = sample_arguments(inspect, rng)
        assert drawn["report_number"][:2] == drawn["state"], drawn


def test_an_aside_that_names_no_parameter_hides_no_way_and_a_per_member_list_is_no_member_s() -> None:
    from generator.core.dependencies import Rule, rules

    assign = {"segment_id": {"type": "string"}, "driver_id": {"type": "string"}, "annotation": {"type": "string"}}
    found = rules("Resolve a segment. Give either driver_id (the segment is proposed to that driver, who must accept "
                  "it) or an annotation explaining why no driver is responsible (for example a road test). Not both.", assign)
    assert Rule("one_of", "driver_id", ("annotation",)) in found, found  # never neither, never both
    ccp = {"ccp_id": {"type": "string", "enum": ["CCP-1B", "CCP-2B", "CCP-3B"]},
           "measured_value": {"type": "number", "description": "Reading in the unit of the CCP: percent for CCP-2B, "
                              "degrees Fahrenheit for CCP-3B, 1 (pass) or 0 (fail) for CCP-1B."}}
    assert not [r for r in rules("Record a CCP check.", ccp) if r.kind == "needs"]  # a reading of every CCP


def test_a_code_and_a_licence_state_are_said_with_their_names() -> None:
    from generator.phrasebook.terms import say, term

    code = term("code", {"type": "string", "enum": ["P", "E", "1"], "description": "Only events with this malfunction "
                         "(letter) or diagnostic (digit) code."})
    assert say(code, "enum", "R", "list malfunctions") == "with code R"  # never a bare "with R"
    state = term("cdl_state", {"type": "string", "pattern": "^[A-Z]{2}$", "description": "Two-letter state that "
                               "issued the CDL, e.g. 'TX'."})
    assert say(state, "text", "TX", "search drivers") == "with the CDL state TX"  # never drivers "in TX"


def test_a_persona_of_a_catalog_of_listed_states_lives_in_a_real_town_of_one() -> None:
    from generator.catalog import Catalog
    from generator.core import zips
    from generator.derived_personas import _places

    search = _tool("search_facilities", "Search fueling facilities.", {
        "state": {"type": "string", "enum": ["TX", "OK", "LA"], "description": "State of the facility."},
        "city": {"type": "string", "description": "City of the facility."}}, ["state"])
    catalog = Catalog([search])
    towns = {zips.town_of(z)[0] for st in ("TX", "OK", "LA") for z in zips._index()[2][st] if zips.town_of(z)}
    for seed in range(8):
        assert _places(random.Random(seed), catalog)["city"] in towns  # never Faker's "West Josemouth"


def test_an_action_taken_is_what_was_done_never_a_label_or_the_call_read_out() -> None:
    corrective = _tool("record_corrective_action", "Record the corrective action for a deviation.", {
        "deviation_id": {"type": "string", "pattern": "^DEV-[0-9]{6}$", "description": "Deviation id, e.g. 'DEV-004127'."},
        "action_taken": {"type": "string", "minLength": 10, "maxLength": 500,
                         "description": "What was done to bring the CCP back under control."},
        "product_disposition": {"type": "string", "enum": ["hold_pending_testing", "recook", "condemn"],
                                "description": "What happens to the affected product."}},
        ["deviation_id", "action_taken", "product_disposition"])
    rng = random.Random(15)
    for _ in range(20):
        said = sample_arguments(corrective, rng)["action_taken"]
        assert not said.lower().startswith("taken") and "corrective action" not in said, said  # (set 44)


def test_a_kind_of_work_that_is_a_piece_of_work_is_said_once() -> None:
    from generator.phrasebook import terms

    work = terms.term("work_type", {"type": "string", "enum": ["sump_test", "overfill_inspection", "atg_certification"],
                                    "description": "Kind of work."})
    assert terms._kind_by_name(work, "sump test", "work", "schedule a contractor") == "as a sump test"  # never "a sump test work"
    bye = terms.term("bye_type", {"type": "string", "enum": ["half_point", "full_point"], "description": "Bye value."})
    assert terms._kind_by_name(bye, "half point", "value", "add a bye") == "as a half point bye"  # a bye is no work


def test_a_moment_with_offset_and_no_example_takes_the_catalogs_offset() -> None:
    tools = lore.annotate([
        Tool(name="record_ccp_monitoring", app="plant", api="record_ccp_monitoring", domain="set44b", description="Record a check.",
             parameters={"type": "object", "required": ["monitored_at"], "properties": {"monitored_at": {
                 "type": "string", "format": "date-time", "description": "Time of the check, RFC 3339 with offset, "
                 "e.g. '2024-07-05T09:40:00-05:00'."}}}),
        Tool(name="submit_lab_sample", app="plant", api="submit_lab_sample", domain="set44b", description="Send a sample.",
             parameters={"type": "object", "required": ["collected_at"], "properties": {"collected_at": {
                 "type": "string", "format": "date-time", "description": "When the sample was collected, RFC 3339 with offset."}}})])
    rng = random.Random(16)
    for _ in range(10):
        assert sample_arguments(tools[1], rng)["collected_at"].endswith("-05:00")  # the plant's clock, never "Z"
