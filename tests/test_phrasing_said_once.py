"""Description-driven phrasing said plainly on any catalog (issue 25): a number's noun said once,
codes never spelled as number words, a search text said as what is matched, two bounds of one
thing with from/until, a possessive hint naming the owner, a clause hint never cut to a pronoun."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.surface import render
from generator.phrasebook.fragments import bool_words
from generator.phrasebook.terms import say, term
from generator.records import Tool
from generator.traject.plans import _number_hint

UNITS = ["hours", "days", "minutes", "feet", "miles", "metres"]


@settings(deadline=None)
@given(st.sampled_from(UNITS), st.integers(1, 999), st.sampled_from(["", "in the yard", "on the lot"]))
def test_a_noun_that_is_its_unit_is_said_once(unit: str, n: int, rest: str) -> None:
    t = term(f"stay_{unit}", {"type": "integer"}, f"{unit} {rest}".strip())
    said = say(t, "number", str(n))
    one = {"hours": "hour", "days": "day", "minutes": "minute", "feet": "foot", "miles": "mile", "metres": "metre"}
    unit = one[unit] if n == 1 else unit  # "for 1 hour" (set 35: "1 eaches")
    assert said.count(unit) == 1 and f"{n} {unit}" in said, said


@pytest.mark.parametrize(("param", "noun", "value", "want"), [
    ("percent_operative_brakes", "percent of operative brakes", "97.5", "97.5 percent of operative brakes"),
    ("share_ripe", "percentage of ripe fruit", "40", "40 percentage of ripe fruit"),
    ("labor_hours", None, "2.25", "2.25 hours of labor"),
    ("min_open_feet", "open footage", "500", "at least 500 feet of open footage"),
])
def test_a_measure_noun_is_said_around_its_number_once(param: str, noun: str | None, value: str, want: str) -> None:
    said = say(term(param, {"type": "number"}, noun), "number", value)
    assert want in said and not re.search(r"\bof [\d.]+\b", said), said


@pytest.mark.parametrize(("param", "value", "want"), [
    ("dwell_over_hours", "120", "dwelling over 120 hours"),
    ("insert_after_position", "12", "after position 12"),
    ("place_before_row", "3", "before row 3"),
])
def test_a_name_that_is_a_comparison_is_said_as_one(param: str, value: str, want: str) -> None:
    assert say(term(param, {"type": "integer"}), "number", value) == want


@settings(deadline=None)
@given(st.from_regex(r"[1-9]\d{1,3}", fullmatch=True),
       st.sampled_from([{"type": "string"}, {"type": "integer", "description": "NAICS industry code"},
                        {"type": "integer", "pattern": r"^\d+$"}]))
def test_a_code_in_digits_is_never_spelled_as_number_words(digits: str, spec: dict) -> None:
    tool = Tool(name="t", app="a", api="a", domain="d", description="", parameters={"type": "object", "properties": {"code": spec}})
    value = digits if spec["type"] == "string" else int(digits)
    assert _number_hint(tool, "code", value) is None


def test_a_plain_count_is_still_said_in_words() -> None:
    tool = Tool(name="t", app="a", api="a", domain="d", description="", parameters={"type": "object", "properties": {
        "guests": {"type": "integer", "description": "Number of guests"}}})
    assert _number_hint(tool, "guests", 12) == "twelve"


@pytest.mark.parametrize(("param", "description", "noun"), [
    ("query", "Free-text match on account name or city", "search text"),
    ("q", "Search query", None),
    ("keyword", "Keyword to look for in titles", None),
])
def test_a_search_text_is_said_as_what_is_matched(param: str, description: str, noun: str | None) -> None:
    said = say(term(param, {"type": "string", "description": description}, noun), "text", "Harrisburg")
    assert said == "matching Harrisburg"


def test_a_code_is_no_venue_even_when_the_description_names_hotels() -> None:
    spec = {"type": "string", "pattern": r"^\d{2,6}$",
            "description": "Industry code or a prefix of it; '721110' hotels, '722511' restaurants."}
    assert say(term("naics_prefix", spec, "industry code"), "text", "6221") == "for industry 6221"


@pytest.mark.parametrize(("first", "second"), [("open", "close"), ("opens", "closes"), ("opening", "closing")])
def test_two_bounds_of_one_thing_get_from_and_until(first: str, second: str) -> None:
    spec = {"type": "object", "properties": {first: {"type": "string", "description": "HH:MM"},
                                             second: {"type": "string", "description": "HH:MM"}}}
    tool = Tool(name="t", app="a", api="a", domain="d", description="", parameters={"type": "object", "properties": {"desk_hours": spec}})
    said = render({first: "10:15", second: "12:00"}, "desk_hours", tool)
    assert re.search(r"from 10:15 am until (noon|12)", said), said


@pytest.mark.parametrize(("noun", "owner"), [("operator's employee number", "operator"),
                                             ("driver's badge id", "driver"), ("owners' account", "owners")])
def test_a_possessive_hint_names_the_owner(noun: str, owner: str) -> None:
    said = say(term("person_id", {"type": "string"}, noun), "text", "E-1187")
    assert said == f"for {owner} E-1187" and "'" not in said


@pytest.mark.parametrize("noun", ["time it was found", "day they arrived", "place we met"])
def test_a_clause_hint_is_never_cut_to_a_pronoun(noun: str) -> None:
    said = say(term("found_at", {"type": "string", "format": "date-time"}, noun), "datetime", "June 2 at 10 am")
    assert not re.search(r"\b(it|they|we)\b", said), said


@pytest.mark.parametrize("param", ["chlorine_bleach", "extra_rinse", "fabric_softener"])
def test_without_takes_no_article(param: str) -> None:
    _, off = bool_words(param)
    assert off.startswith("without ") and not re.match(r"without (a|an) ", off), off
