"""Phrasing the set-39 session fixed: a filter whose name holds both bounds said by the side its
description keeps ("at or below this value": at most), a filter "with any inspection due on or
before this date" said so (never "until June 20"), a county an enum lists said "in Weld County",
a street address "at" it, an "as_built" value hyphenated, and a tool's clause of time never left
as a dangling participle ("list the NOTAMs of an airport ending for KDEN")."""

from __future__ import annotations

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
    assert intent_of(expiring) == "list the NOTAMs of an airport", intent_of(expiring)
    reading = _tool("log_cooler_reading", "Log a walk-in cooler reading.", {"cooler": {"type": "string"}}, ["cooler"])
    assert intent_of(reading).endswith("cooler reading"), intent_of(reading)  # a noun in -ing stays
