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
