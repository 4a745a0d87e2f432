"""Phrasing the set-42 session fixed (a geotechnical lab, an evidence property room, tanker
chartering): three masses said as one list ("a mass of the empty container of 69 grams, 68 grams
and 1201 grams": `wet_mass_g` had no noun), a recorded maximum said as a bound ("a dry unit weight
of at most 104 pounds per cubic"), a percent said as a share of its own measure ("11 percent of
optimum water content"), "Per cent passing the No. 4 sieve" said as "passing NO4", "by A" for
procedure A, "release_to_owner" as "make this request", "Return a checked-out item" as "look up the
checked-out item", "get boring" for a boring log, "to 5969" for a badge, "for second person 84185",
"for case's main offense 11A", two cargo temperatures told apart by nothing, and an item's
description said as "a note"."""

from __future__ import annotations

from generator.core.surface import render, value_kind
from generator.phrasebook.intent import intent_of
from generator.phrasebook.terms import term
from generator.records import Tool
from generator.writers.phrasing.args import said_as

S = {"type": "string"}
N = {"type": "number"}


def _tool(name: str, description: str, props: dict) -> Tool:
    return Tool(name=name, app="lab", api=name, domain="lab_set42", description=description,
                parameters={"type": "object", "properties": props, "required": list(props)})


def _said(tool: Tool, param: str, value: object) -> str:
    return said_as(param, tool, value_kind(value, param, tool), render(value, param, tool))


MOISTURE = _tool("record_moisture_content", "Record the masses of a water content test.", {
    "tare_mass_g": {**N, "description": "Mass of the empty container in grams, e.g. 32.41."},
    "wet_mass_g": {**N, "description": "Mass of container plus moist soil in grams."},
    "dry_mass_g": {**N, "description": "Mass of container plus oven-dry soil in grams."}})


def test_a_measure_named_by_its_head_noun_keeps_its_name() -> None:
    assert term("wet_mass_g", MOISTURE.properties["wet_mass_g"]).plain == "wet mass"
    assert _said(MOISTURE, "wet_mass_g", 905) == "with a wet mass of 905 grams"
    assert term("daily_miles", {**N, "description": "Miles driven a day."}).plain == ""  # "12 miles" says it


PROCTOR = _tool("record_proctor_result", "Record the result of a compaction test.", {
    "max_dry_density_pcf": {**N, "description": "Maximum dry unit weight in pounds per cubic foot, e.g. 112.4."},
    "optimum_moisture_pct": {**N, "description": "Optimum water content in per cent, e.g. 14.5."},
    "method": {"type": "string", "enum": ["A", "B", "C"], "description": "Procedure A, B or C."}})


def test_a_recorded_maximum_is_no_bound_and_a_percent_is_no_share() -> None:
    assert _said(PROCTOR, "max_dry_density_pcf", 112.4) == "with a maximum dry unit weight of 112.4 pounds per cubic foot"
    assert _said(PROCTOR, "optimum_moisture_pct", 11) == "with an optimum water content of 11 percent"
    assert _said(PROCTOR, "method", "A") == "using method A"
    search = _tool("search_rooms", "Search rooms.", {"max_price": {**N, "description": "Maximum price in USD."}})
    assert "at most" in _said(search, "max_price", 200)  # a search's maximum is its filter's bound


def test_a_share_of_things_passing_is_said_with_them() -> None:
    sieve = _tool("record_sieve_analysis", "Record a gradation.", {
        "passing_no4_pct": {**N, "description": "Per cent passing the No. 4 (4.75 mm) sieve; the rest is gravel."}})
    assert _said(sieve, "passing_no4_pct", 85) == "with 85 percent passing the No. 4 sieve"


def test_a_limit_that_is_the_thing_measured_is_no_bound() -> None:
    atterberg = _tool("record_atterberg_limits", "Record a result.", {
        "liquid_limit": {"type": "integer", "description": "Liquid limit in per cent water content."}})
    assert _said(atterberg, "liquid_limit", 60) == "with a liquid limit of 60"


def test_intents_of_handing_back_and_of_a_compound_with_a_gerund() -> None:
    release = _tool("release_to_owner", "Hand an item authorized for release to its owner. The owner shows an ID.",
                    {"barcode": S})
    assert intent_of(release) == "release an item to its owner"
    check_in = _tool("check_in_item", "Return a checked-out item to the property room. Returns the location.",
                     {"barcode": S})
    assert intent_of(check_in).startswith("return a checked-out item"), intent_of(check_in)
    log = _tool("get_boring_log", "Get a boring log: strata with depths and field descriptions.", {"boring_id": S})
    assert intent_of(log) == "get the boring log"
    boring = _tool("create_boring", "Create a boring on a project from the driller's field log header.", {"project": S})
    assert intent_of(boring).startswith("create a boring"), intent_of(boring)


CUSTODY = _tool("check_out_item", "Release an item from the property room to a person.", {
    "to_badge": {"type": "string", "pattern": "^[0-9]{4,5}$", "description": "Badge number of the officer receiving the item."},
    "second_counter_badge": {"type": "string", "description": "Badge of the second person who counted the currency."},
    "offense_code": {"type": "string", "description": "NIBRS offense code of the case's main offense, e.g. '13A'."},
    "description": {"type": "string", "description": "What the item is, as on the property report."}})


def test_a_badge_an_offense_code_and_a_counter_are_said_by_their_names() -> None:
    assert _said(CUSTODY, "to_badge", "5969") == "to badge 5969"
    assert "second counter 84185" in _said(CUSTODY, "second_counter_badge", "84185")
    assert "offense code 11A" in _said(CUSTODY, "offense_code", "11A")
    assert _said(CUSTODY, "description", "Glock 19 pistol") == "described as Glock 19 pistol"


def test_two_measures_of_one_noun_are_told_apart_by_their_names() -> None:
    orders = _tool("issue_voyage_orders", "Send voyage orders.", {
        "loading_temp_c": {**N, "description": "Cargo temperature to maintain while loading, degrees Celsius."},
        "discharge_temp_c": {**N, "description": "Cargo temperature on arrival at the discharge port, degrees Celsius."}})
    loading, discharge = _said(orders, "loading_temp_c", 55), _said(orders, "discharge_temp_c", 52)
    assert "loading cargo temperature" in loading and "discharge cargo temperature" in discharge, (loading, discharge)


def test_a_unit_named_with_its_system_is_said() -> None:
    assert term("ws_points", {**N, "description": "Agreed freight in Worldscale points. Give this or lumpsum_usd."}).unit \
        == "Worldscale points"


def test_history_words_of_a_phrasal_verb_and_of_a_side() -> None:
    from generator.core.plan import _side_noun
    from generator.core.pointers import act_of
    from generator.records import HistoryEvent

    def act(name: str) -> str:
        return act_of(HistoryEvent(time="2025-05-01 10:00", apitype="x", toolname="x", apiname=name))

    assert act("check_out_item") == "item check-out"  # never "my out item check"
    assert act("move_item") == "item movement"
    assert _side_noun("to location") == "destination"  # never "the same to location as last time"
    assert _side_noun("requested by badge") == "badge"
    assert _side_noun("level filter") == "level filter"
    from generator.core.plan import history_noun

    move = _tool("move_item", "Move an item to another storage location.", {
        "barcode": S, "to_location": {"type": "string", "pattern": "^(GEN|NAR)-[A-Z]-[0-9]{2}-[0-9]{2}$",
                                      "description": "Storage location code zone-row-shelf-bin, e.g. 'NAR-B-04-12' "
                                                     "(narcotics vault, row B, shelf 04, bin 12)."}})
    assert history_noun("to_location", move) == "destination"


def test_a_filter_on_what_has_not_happened_since_a_date() -> None:
    cases = _tool("search_cases", "Search cases.", {"last_activity_before": {
        "type": "string", "format": "date",
        "description": "Only cases with no custody movement since this date (YYYY-MM-DD), to find candidates."}})
    assert _said(cases, "last_activity_before", "2025-05-02").startswith("with no custody movement since May 2")


def test_a_code_led_value_a_prefixed_flag_and_a_thing_used() -> None:
    lab = _tool("assign_test", "Assign a laboratory test to a sample.", {
        "test_method": {"type": "string", "enum": ["D2166_ucs", "D4767_cu_triaxial", "F1_minus80"]},
        "non_plastic": {"type": "boolean", "description": "The soil is non-plastic (NP)."}})
    assert _said(lab, "test_method", "D2166_ucs").endswith("D2166 UCS")  # never "by D2166_ucs"
    assert _said(lab, "test_method", "D4767_cu_triaxial").endswith("D4767 CU triaxial")
    assert _said(lab, "non_plastic", True) == "marked as non-plastic"  # never "NON plastic set to yes"
    boring = _tool("create_boring", "Create a boring on a project.", {
        "hammer_type": {"type": "string", "enum": ["automatic", "safety"], "description": "SPT hammer type."}})
    assert _said(boring, "hammer_type", "safety") == "with a safety hammer"  # a thing the boring is drilled with


def test_a_side_a_long_description_and_a_date_of_a_deed_are_said_by_the_name() -> None:
    sample = _tool("log_sample", "Log a sample received at the lab.", {
        "depth_top_ft": {**N, "description": "Depth of the top of the sample in feet below ground surface."},
        "depth_bottom_ft": {**N, "description": "Depth of the bottom of the sample in feet, greater than depth_top_ft."}})
    assert _said(sample, "depth_top_ft", 4) == "with a top depth of 4 feet"  # never "a depth of the top of the sample of"
    assert _said(sample, "depth_bottom_ft", 6) == "with a bottom depth of 6 feet"  # never "a depth bottom of"
    boring = _tool("create_boring", "Create a boring on a project.", {
        "hammer_efficiency_pct": {**N, "description": "Measured energy transfer ratio of the hammer in per cent."},
        "drilled_date": {"type": "string", "format": "date", "description": "Date drilled (YYYY-MM-DD)."}})
    assert _said(boring, "hammer_efficiency_pct", 88) == "with a hammer efficiency of 88 percent"
    assert _said(boring, "drilled_date", "2025-05-06").startswith("drilled on May 6")
