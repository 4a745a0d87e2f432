"""The template writer says a catalog's booleans, acts, dates and ids as a person would (issue 25,
hidden catalog set 7): a switch is "with the porch lights on", never "porch lights on set to
yes"; a description opening with an adjective is no order ("Open tank volumes ..." is no
request to *open*); a date of death says its role beside the call's own date; an id's prefix
("KN- followed by 4 digits") is no noun. Every tool here is invented."""

from __future__ import annotations

from typing import Any

import pytest
from test_intent_shapes import _tool

from generator.core.surface import render, value_kind
from generator.phrasebook.derive import derive_hints
from generator.phrasebook.fragments import bool_words
from generator.phrasebook.intent import intent_of
from generator.phrasebook.terms import term
from generator.reader.flags import read_flag
from generator.reader.text import Text
from generator.records import Tool
from generator.writers.phrasing.args import said_as

# ---------------------------------------------------------------- 1. booleans

@pytest.mark.parametrize(("param", "yes", "no"), [
    ("porch_lights_on", "with the porch lights on", "with the porch lights off"),
    ("heater_on", "with the heater on", "with the heater off"),
    # a modifier the lexicon lacks, written by the author as a word, before a known noun
    ("dockside_pickup", "with a dockside pickup", "without a dockside pickup"),
    ("poolside_service", "with a poolside service", "without a poolside service"),
])
def test_a_boolean_is_said_as_a_person_says_it(param: str, yes: str, no: str) -> None:
    assert bool_words(param) == (yes, no)


def test_a_boolean_the_tool_description_hyphenates_is_the_kind_of_thing_made() -> None:
    tool = _tool("book_table", "Book a table. A walk-in booking is one made at the door; others are paid ahead.",
                 {"walk_in": {"type": "boolean"}, "guests": {"type": "integer"}})
    assert derive_hints(tool).surface["walk_in"] == {"true": "as a walk-in booking",
                                                     "false": "not as a walk-in booking"}


@pytest.mark.parametrize(("text", "param", "value"), [
    ("log a kiln reading for kiln K-4 with the vent fans off", "vent_fans_on", False),
    ("log a kiln reading for kiln K-4 with the vent fans on", "vent_fans_on", True),
    ("book a table for 4 guests as a walk-in booking", "walk_in", True),
    ("book a table for 4 guests, not as a walk-in booking", "walk_in", False),
    ("book a berth for boat B-7 with a dockside pickup", "dockside_pickup", True),
    ("book a berth for boat B-7 without a dockside pickup", "dockside_pickup", False),
])
def test_the_reader_reads_the_new_boolean_phrasing_with_its_value(text: str, param: str, value: bool) -> None:
    said = read_flag(Text(text), param)
    assert said is not None and said[0] is value, said


# ---------------------------------------------------------------- 2. intents

@pytest.mark.parametrize(("name", "description", "intent"), [
    # an adjective opening a noun phrase is no order: the name's verb and object
    ("get_cask_balance", "Open bonded-warehouse and open-storage barrels for a distiller, with fees accrued.",
     "get the cask balance"),
    # the author's direct object keeps the author's verb: applying credits is no "apply for"
    ("apply_credits_to_invoice", "Apply issued credits to an invoice.", "apply issued credits"),
    ("search_archive", "Search the photo archive and local prints.", "search the photo archive and local prints"),
    # an adjective-verb before a determiner is still the order
    ("open_ticket", "Open a support ticket for a customer.", "open a support ticket"),
])
def test_an_unsure_verb_falls_back_to_the_names_verb_and_object(name: str, description: str, intent: str) -> None:
    assert intent_of(_tool(name, description)) == intent


# ---------------------------------------------------------------- 3. dates of several roles

@pytest.mark.parametrize(("param", "spec", "phrase"), [
    ("date_of_death", {"type": "string", "format": "date"}, "with the date of death"),  # never "who died on" (set 13)
    ("dod", {"type": "string", "format": "date"}, "with the date of death"),
    ("death_count", {"type": "integer"}, ""),
    ("date_of_birth", {"type": "string", "format": "date"}, "born on"),
])
def test_a_date_of_death_says_its_role(param: str, spec: dict[str, Any], phrase: str) -> None:
    assert term(param, spec).phrase == phrase


# ---------------------------------------------------------------- 4. read-outs

def test_an_id_prefix_is_no_noun() -> None:
    tool = _tool("admit_resident", "Admit a resident.", {"nursing_home_id": {
        "type": "string", "description": "NH- followed by 3 digits, e.g. NH-027."}})
    assert said_as("nursing_home_id", tool, value_kind("NH-027", "nursing_home_id", tool), render("NH-027", "nursing_home_id", tool)) == "for nursing home NH-027"


def test_a_noun_ends_at_above_or_below() -> None:
    assert term("depth_in", {"type": "integer", "description": "Depth below surface in inches."}).noun == "depth"


def test_bushels_are_a_unit() -> None:
    t = term("min_free_capacity_bu", {"type": "integer"})
    assert (t.noun, t.unit, t.bound) == ("free capacity", "bushels", "at least ")


@pytest.mark.parametrize("description", ["Book hours, in tenths.", "Weight in hundredths", "Amount, in increments"])
def test_a_precision_is_no_unit(description: str) -> None:
    # "book hours of 3 tenths" says 0.3 hours where the call books 3 (set 8, an auto repair shop)
    assert term("hours", {"type": "number", "description": description}).unit == ""


def _said(tool: Tool, param: str, value: Any) -> str:
    return said_as(param, tool, value_kind(value, param, tool), render(value, param, tool))


_YARD = _tool("search_pallets", "Find pallets at a yard.", {
    "yard": {"type": "string", "enum": ["North Gate", "Mill Road"], "description": "Storage yard location."},
    "status": {"type": "string", "enum": ["in_use", "out_of_use", "held_by_customs"],
               "description": "Current handling status."},
    "weight_from": {"type": "integer"}, "ship_year_to": {"type": "integer"}})


@pytest.mark.parametrize(("param", "value", "said"), [
    ("yard", "Mill Road", "at Mill Road"),  # a site, its name as written
    ("status", "out_of_use", "out of use"),  # a value that brings its own frame
    ("status", "held_by_customs", "with status held by customs"),  # never "with held by customs current handling status"
    ("ship_year_to", 2019, "with a latest ship year of 2019"),  # never "ship year to 2019"
])
def test_an_enum_or_range_end_is_said_without_its_readout(param: str, value: Any, said: str) -> None:
    assert _said(_YARD.model_copy(update={"hints": derive_hints(_YARD)}), param, value) == said


# ---------------------------------------------------------------- 5. said once

def test_the_thing_acted_on_is_named_once() -> None:
    from generator.writers.phrasing.clauses import named_once

    assert named_once("get the crate", ["for crate CR-0042"]) == ("get crate CR-0042", [])
    assert named_once("put a crate back", ["for crate CR-0042", "by truck"]) == ("put crate CR-0042 back", ["by truck"])
    assert named_once("get the crate", ["for pallet PL-7"]) == ("get the crate", ["for pallet PL-7"])
    assert named_once("close the customs hold", ["for hold H-12"]) == ("close customs hold H-12", [])
    # a noun that modifies another is no object: "a crate weighing record" is about the record
    assert named_once("log a crate weighing record", ["for crate CR-1"]) == ("log a crate weighing record", ["for crate CR-1"])


def test_a_pointer_is_named_by_its_parameter_when_the_description_only_adds_words() -> None:
    t = term("driver_id", {"type": "string", "description": "Driver employee id, DR- followed by 3 digits."})
    assert t.noun == "driver"


def test_a_count_of_things_done_goes_before_the_things() -> None:
    """Set 9 read-out "with passengers boarded 67" (20 rows): a count named "<things>_<done>" is
    said "with 67 passengers boarded", as a person says it."""
    from generator.phrasebook.terms import say, term

    for param, said in (("passengers_boarded", "with 67 passengers boarded"), ("bags_loaded", "with 67 bags loaded"),
                        ("units_sold", "with 67 units sold"), ("retry_attempts", "with 67 retry attempts")):
        assert say(term(param, {"type": "integer"}, None), "number", "67", "") == said
