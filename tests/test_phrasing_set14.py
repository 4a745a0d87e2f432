"""Phrasing classes found by reading the set-14 catalogs (a beekeeping outfit, a court clerk's
office, a marina), each pinned on the term or the words it was wrong on."""

from __future__ import annotations

import pytest

from generator.phrasebook.fragments import enum_words
from generator.phrasebook.terms import term


@pytest.mark.parametrize(("value", "said"), [("co2_injection", "CO2 injection"), ("gas_e0_90", "gas E0 90"),
                                             ("b2b_sales", "B2B sales")])
def test_a_snake_case_value_with_a_code_in_it_is_said_as_words(value: str, said: str) -> None:
    """Never "by co2_injection" or "a sale for gas_e0_90": the words, the code in capitals."""
    assert enum_words(value, "method", {"type": "string", "enum": [value]}) == said


def test_a_unit_closing_the_first_clause_is_the_unit() -> None:
    """"Extracted honey, lb.": "63.4 lb of extracted honey", never "an extracted honey of 63.4"."""
    assert term("net_weight", {"type": "number", "description": "Extracted honey, lb."}).unit == "lb"


def test_a_name_saying_what_the_counted_things_are_of_keeps_it() -> None:
    """`frames_of_bees` "Frames covered with bees.": "6 frames of bees", never "6 frames, 4 frames"."""
    assert term("frames_of_bees", {"type": "integer", "description": "Frames covered with bees."}).noun == "frames of bees"
    assert term("frames_of_brood", {"type": "integer", "description": "Frames with capped or open brood."}).noun == \
        "frames of brood"  # a word the lexicon lacks is still the catalog's own


def test_a_limit_in_the_description_is_no_bound_of_the_value() -> None:
    """`passengers` "Maximum 6 per trip.": "with 4 passengers", never "with at most 4 passengers"."""
    assert term("passengers", {"type": "integer", "description": "Maximum 6 per trip."}).bound == ""
    assert term("max_passengers", {"type": "integer", "description": "Maximum passengers."}).bound == "at most "


def test_a_description_that_only_lists_values_says_nothing_of_their_kind() -> None:
    """`delivery` "pickup, mail or email" is no e-mail address: never "with the email mail"."""
    assert term("delivery", {"type": "string", "description": "pickup, mail or email"}).sem != "email"


def test_a_pointer_naming_a_thing_in_y_finds_the_events_of_the_tool_named_in_ies() -> None:
    """"my entry request on May 10" means the get_docket_entries call that day (the planner's
    reading, generator.core.pointers.object_of), not every call of May 10 with a case number."""
    from datetime import datetime
    from types import SimpleNamespace

    from generator.validators.habitphrase import _thing
    from generator.validators.pointerphrase import windows

    [span] = windows("Look up the case using the number from my entry request on May 10.", datetime(2025, 6, 1))
    assert _thing(SimpleNamespace(api="get_docket_entries")) in span.words
    assert _thing(SimpleNamespace(api="list_colonies")) == "colony"


def test_an_intent_stops_before_a_second_verb_left_without_its_object() -> None:
    """"Mark a colony dead and record why.": "mark a colony dead", never "... and record for colony X"."""
    from generator.phrasebook.intent import intent_of
    from generator.records import Tool

    t = Tool(name="report_colony_loss", app="x", api="report_colony_loss", domain="x",
             description="Mark a colony dead and record why. Suspected causes: varroa, bear.",
             parameters={"type": "object", "properties": {"colony_id": {"type": "string"}}})
    assert intent_of(t) == "mark a colony dead"


def test_a_flag_that_is_itself_the_marking_word_is_said_once() -> None:
    from generator.phrasebook.fragments import bool_words

    assert bool_words("marked", "Marked with the year color dot.") == ("marked", "not marked")


def test_a_spending_limit_is_money_not_a_result_count() -> None:
    """`authorized_limit` "Owner-approved spend without further call, USD": never "at most 42 results"."""
    assert term("authorized_limit", {"type": "number", "description": "Owner-approved spend without further call, USD."}).sem \
        == "money"
    assert term("limit", {"type": "integer", "description": "Max results to return."}).sem == "limit"


def test_a_name_that_is_a_phrase_before_its_value_is_said_as_one() -> None:
    assert term("in_favor_of", {"type": "string", "description": "Party the judgment is entered for."}).phrase == "in favor of"


def test_a_calendar_day_is_a_date() -> None:
    assert term("date", {"type": "string", "description": "Calendar day, YYYY-MM-DD."}).noun == "date"


def test_a_postal_address_object_is_written_as_one_address() -> None:
    from generator.core.surface import render
    from generator.records import Tool

    spec = {"type": "object", "properties": {k: {"type": "string"} for k in ("street", "city", "state", "postal_code")}}
    t = Tool(name="issue_summons", app="x", api="issue_summons", domain="x", description="Issue a summons.",
             parameters={"type": "object", "properties": {"service_address": spec}})
    said = render({"street": "191 Young Crossing", "city": "Chicago", "state": "IL", "postal_code": "62850"},
                  "service_address", t)
    assert said == "a service address at 191 Young Crossing, Chicago, IL 62850"


def test_an_amount_in_a_unit_of_stuff_is_that_much_of_it() -> None:
    from generator.phrasebook.terms import _measure_once

    t = term("net_weight", {"type": "number", "description": "Extracted honey, lb."})
    assert _measure_once(t, "63.4") == "with 63.4 lb of extracted honey"


def test_a_ratio_the_description_writes_with_a_colon_is_said_so() -> None:
    spec = {"type": "string", "enum": ["syrup_1_1", "syrup_2_1", "fondant"],
            "description": "1:1 syrup stimulates brood in spring; 2:1 and HFCS are for fall stores."}
    assert enum_words("syrup_2_1", "feed_type", spec) == "2:1 syrup"
