"""Phrasing the set-39 session fixed: a filter whose name holds both bounds said by the side its
description keeps ("at or below this value": at most), a filter "with any inspection due on or
before this date" said so (never "until June 20"), a county an enum lists said "in Weld County",
a street address "at" it, an "as_built" value hyphenated, and a tool's clause of time never left
as a dangling participle ("list the NOTAMs of an airport ending for KDEN")."""

from __future__ import annotations

import random

from generator.records import Tool
from tests.test_phrasing_set34 import _explicit


def _tool(name: str, description: str, props: dict, required: list[str]) -> Tool:
    return Tool(name=name, app="ops", api=name, domain="bridges_set39", description=description,
                parameters={"type": "object", "properties": props, "required": required})


_SEARCH = _tool("search_structures", "Search the department's bridge and culvert inventory.", {
    "district": {"type": "integer", "minimum": 1, "maximum": 11, "description": "DOT maintenance district."},
    "max_lowest_rating": {"type": "integer", "minimum": 0, "maximum": 9, "description": "Only structures whose lowest "
                          "of deck, superstructure or substructure rating is at or below this value, on the NBI 0-9 scale."},
    "inspection_due_before": {"type": "string", "format": "date", "description": "Only structures with any "
                              "inspection due on or before this date (YYYY-MM-DD)."}}, ["district"])
_COUNTIES = ["Adams", "Boulder", "El Paso", "Weld"]
_JOBS = _tool("open_survey_job", "Open a new survey job.", {
    "county": {"type": "string", "enum": _COUNTIES, "description": "Colorado county of the site."},
    "site_address": {"type": "string", "description": "Street address of the site, e.g. '4120 Cherry Creek Dr'."},
    "task": {"type": "string", "enum": ["boundary_traverse", "as_built_shots"], "description": "Field task."}},
    ["county"])


def test_a_filter_with_both_bounds_in_its_name_keeps_the_side_its_description_says() -> None:
    said = _explicit(_SEARCH, {"district": 3, "max_lowest_rating": 4})
    assert "at most 4" in said and "at least" not in said, said


def test_a_filter_on_a_things_due_date_is_said_as_due() -> None:
    said = _explicit(_SEARCH, {"district": 3, "inspection_due_before": "2025-06-20"})
    assert "an inspection due on or before June 20, 2025" in said and "until" not in said, said


def test_a_county_an_enum_lists_is_said_with_its_name() -> None:
    said = _explicit(_JOBS, {"county": "Weld"})
    assert "in Weld County" in said and "weld" not in said, said
    said = _explicit(_JOBS, {"county": "El Paso", "site_address": "4120 Cherry Creek Dr"})
    assert "in El Paso County" in said and "at 4120 Cherry Creek Dr" in said and "in 4120" not in said, said


def test_an_as_built_value_is_hyphenated() -> None:
    from generator.phrasebook.fragments import enum_words

    assert enum_words("as_built_shots", "task", {"enum": ["as_built_shots"]}) == "as-built shots"
    assert enum_words("as_soon_as_possible", "task", {"enum": ["as_soon_as_possible"]}) is None
    said = _explicit(_JOBS, {"county": "Adams", "task": "as_built_shots"})
    assert "as-built shots" in said and "the as built" not in said, said


def test_a_clause_of_time_leaves_no_dangling_participle() -> None:
    from generator.phrasebook.intent import intent_of

    expiring = _tool("list_expiring_notams", "List NOTAMs of an airport ending within the next hours, so the office "
                     "can cancel them.", {"location": {"type": "string"}}, ["location"])
    assert intent_of(expiring) == "list the expiring NOTAMs of an airport", intent_of(expiring)
    ending = _tool("list_notams", "List NOTAMs of an airport ending within the next hours.", {"location": {"type": "string"}},
                   ["location"])
    assert intent_of(ending) == "list the NOTAMs of an airport", intent_of(ending)
    reading = _tool("log_cooler_reading", "Log a walk-in cooler reading.", {"cooler": {"type": "string"}}, ["cooler"])
    assert intent_of(reading).endswith("cooler reading"), intent_of(reading)  # a noun in -ing stays


_INVOICE = _tool("create_invoice", "Create an invoice for a job.", {
    "job_number": {"type": "string", "description": "Job number, e.g. 'LS-25-0317'."},
    "billing_method": {"type": "string", "enum": ["lump_sum", "hourly", "percent_complete"],
                       "description": "lump_sum, hourly or percent_complete."},
    "through_date": {"type": "string", "format": "date", "description": "Bill time logged up to this date (YYYY-MM-DD)."},
    "northing_usft": {"type": "number", "description": "State Plane northing, US survey feet, e.g. 1702345.18."}},
    ["job_number"])


def test_a_survey_foot_a_basis_and_time_logged_up_to_a_day_are_said_in_words() -> None:
    said = _explicit(_INVOICE, {"job_number": "LS-25-1417", "billing_method": "hourly", "through_date": "2025-06-02"})
    assert "on an hourly basis" in said and "by hourly" not in said, said
    assert "for time logged up to June 2, 2025" in said and "bill time of" not in said, said
    said = _explicit(_INVOICE, {"job_number": "LS-25-1417", "northing_usft": 1713446.71})
    assert "1713446.71 US survey feet" in said and "USFT" not in said, said


def test_reasons_of_work_done_and_of_a_state_read_as_english() -> None:
    from generator.phrasebook.terms import _reason_clause

    assert _reason_clause("lighting work") == "", _reason_clause("lighting work")  # "because of lighting work"
    assert _reason_clause("feeling unwell") == "because they are feeling unwell"
    assert _reason_clause("work complete") == "because the work is complete"
    assert _reason_clause("superseded") == "because it was superseded"
    notam = _tool("cancel_notam", "Cancel a NOTAM.", {
        "notam_number": {"type": "string", "description": "NOTAM number, e.g. 'A0457/25'."},
        "reason": {"type": "string", "enum": ["work_complete", "superseded", "lighting_work"],
                   "description": "Why it is cancelled."}}, ["notam_number", "reason"])
    said = _explicit(notam, {"notam_number": "A0612/25", "reason": "lighting_work"})
    assert "because of lighting work" in said, said


def test_last_time_hints_of_every_form_merge_into_one() -> None:
    from generator.records import ArgPlan
    from generator.writers.phrasing.args import Arg
    from generator.writers.phrasing.clauses import merged_hints

    def hinted(param: str, text: str, value: object) -> Arg:
        return Arg(param, text, ArgPlan(param=param, value=value, mode="hinted", source="history", hint=text))

    args = [hinted("latitude", "the same latitude as last time", 39.86),
            hinted("longitude", "the longitude I used last time", -104.94),
            hinted("zone", "the zone from last time", "CO_C_0502")]
    mods, said = merged_hints(args, False, random.Random(0))
    assert mods == ["with the same latitude, longitude and zone as last time"], mods
    assert said == {"latitude", "longitude", "zone"}


def test_home_on_foot_is_a_place_and_work_on_a_day_is_not() -> None:
    from generator.validators.habitphrase import place_words_in

    assert place_words_in("Navigate to home on foot stopping at Brown Library.") == {"home"}
    assert place_words_in("I work on Mondays.") == set()


def test_a_formula_is_said_by_its_name_and_a_sum_of_lengths_takes_its_article() -> None:
    traverse = _tool("check_traverse_closure", "Check a closed traverse's misclosure.", {
        "job_number": {"type": "string", "description": "Job number, e.g. 'LS-25-0317'."},
        "total_length_ft": {"type": "number", "minimum": 100, "maximum": 100000,
                            "description": "Sum of the traverse leg lengths in feet."},
        "angular_misclosure_sec": {"type": "number", "minimum": -300, "maximum": 300,
                                   "description": "Sum of measured angles minus the theoretical sum, in seconds."}},
        ["job_number"])
    said = _explicit(traverse, {"job_number": "LS-25-1417", "total_length_ft": 4900, "angular_misclosure_sec": -14})
    assert "an angular misclosure of -14 seconds" in said and "a sum of -14" not in said, said
    assert "with a sum of the traverse leg lengths of 4900 feet" in said or "a sum of the traverse leg lengths of 4900" in said, said
    from generator.phrasebook.terms import term

    assert term("total_length_ft", traverse.properties["total_length_ft"]).sem != "money"  # feet are no money
