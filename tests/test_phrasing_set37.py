"""Phrasing the set-37 session fixed: a kind whose noun the intent names is said with it ("as a
line hold", "as a fumigation hold"), never "for a line" or "as fumigation"."""

from __future__ import annotations

from generator.records import Tool
from tests.test_phrasing_set34 import _explicit

_KINDS = ["customs_cbp", "usda", "fumigation", "freight", "line", "terminal"]


def _tool(name: str, description: str, props: dict, required: list[str]) -> Tool:
    return Tool(name=name, app="ops", api=name, domain="holds_set37", description=description,
                parameters={"type": "object", "properties": props, "required": required})


def test_a_kind_of_the_thing_the_intent_names_is_said_with_that_noun() -> None:
    release = _tool("release_hold", "Release an active hold on a container.",
                    {"container_number": {"type": "string", "description": "Container number, e.g. 'CSQU3054383'."},
                     "hold_type": {"type": "string", "enum": _KINDS, "description": "Kind of hold: line (line "
                                   "operational hold), terminal (charges unpaid). Required with container_number."}},
                    ["container_number"])
    said = _explicit(release, {"container_number": "CSQU2237190", "hold_type": "line"})
    assert "as a line hold" in said and "for a line" not in said, said
    place = _tool("place_hold", "Place a hold on a container.",
                  {"container_number": {"type": "string", "description": "Container number, e.g. 'CSQU3054383'."},
                   "hold_type": {"type": "string", "enum": _KINDS, "description": "Kind of hold: fumigation (pest "
                                 "treatment ordered), line (line operational hold)."}},
                  ["container_number", "hold_type"])
    said = _explicit(place, {"container_number": "CSQU8056028", "hold_type": "fumigation"})
    assert "as a fumigation hold" in said and "as fumigation" not in said.replace("as a fumigation", ""), said


def test_a_name_given_by_its_initials_is_said_by_them() -> None:
    from generator.phrasebook.terms import term

    def noun(name: str, description: str) -> str:
        return term(name, {"type": "string", "description": description}).noun

    assert noun("inn", "International non-proprietary name of the active substance, e.g. 'dapagliflozin'.") == "INN"
    assert noun("imo_number", "IMO ship identification number, 7 digits, e.g. '9839131'.") == "IMO number"
    assert noun("un_number", "UN number of the dangerous goods, e.g. 'UN1263'.") == "UN number"
    assert noun("us_state", "US state code.") == "US state code"  # two letters are no initials of "US state"


def test_a_day_said_by_the_time_filters_a_search_and_never_says_when_to_search() -> None:
    import random

    from generator.records import ArgPlan
    from generator.writers.phrasing.args import Arg, _hint_modifier
    from generator.writers.phrasing.clauses import ranges

    props = {"slot_date": {"type": "string", "format": "date", "description": "Appointment slot date, YYYY-MM-DD."}}
    search = _tool("search_truck_appointments", "Search truck appointments.", props, [])
    book = _tool("book_truck_appointment", "Book a truck appointment.", props, [])
    plan = ArgPlan(param="slot_date", value="2025-06-03", mode="hinted", source="time", hint="tomorrow")
    assert _hint_modifier(Arg("slot_date", "tomorrow", plan), search, random.Random(1)) == "for tomorrow"
    assert _hint_modifier(Arg("slot_date", "tomorrow", plan), book, random.Random(1)) == "tomorrow"
    assert ranges(["from? today"], reading=True) == ["from today"]  # "search runs from today"
    assert ranges(["from? today"]) == ["today"]  # "book a rental today"
    assert ranges(["from? today", "until? Friday"], reading=True) == ["from today", "until Friday"]


def test_a_code_its_description_glosses_is_said_by_the_gloss() -> None:
    tool = _tool("set_response_category", "Set the response category of an anomaly.",
                 {"anomaly_id": {"type": "string", "description": "Anomaly id, e.g. 'A-204518'."},
                  "basis": {"type": "string", "enum": ["fpr_le_1_1", "depth_gt_80", "engineering_judgement"],
                            "description": "Criterion that sets the category: fpr_le_1_1 (failure pressure at most "
                            "1.1 x MAOP), depth_gt_80 (metal loss deeper than 80 percent of wall), "
                            "engineering_judgement."}},
                 ["anomaly_id", "basis"])
    said = _explicit(tool, {"anomaly_id": "A-204518", "basis": "depth_gt_80"})
    assert "based on metal loss deeper than 80 percent of wall" in said and "gt" not in said.split(), said
