"""Values a person would use, by principle, on any catalog (issue 21): a sibling's format, lists
per tool, conditional requirements in prose, whole and round numbers, free text from the
catalog's own words, required examples varied, ids' years in the query's time frame. Checked on
made-up parameter names (hypothesis) and on two fixture catalogs of different formats and domains."""

from __future__ import annotations

import random
import re
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from generator.catalog import Catalog
from generator.core import allowed, dependencies, quantities
from generator.core.lore import annotate
from generator.core.plausibility import audit_calls
from generator.core.values import sample_arguments, value_for
from generator.readers import read_catalogs
from generator.records import Tool

FIXTURES = Path(__file__).parent / "fixtures" / "catalogs"
CATALOGS = ("translation_agency", "conference_tool")
# A listed value is no word of prose: "aaa, aaaaa, cannot" is a sentence's end, not three values
# (a modal or an auxiliary makes a clause, generator.core.allowed._PROSE).
WORD = st.text("abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=8).filter(lambda w: w not in allowed._PROSE)


def _tool(props: dict[str, Any], required: list[str] | None = None, description: str = "Do a thing.") -> Tool:
    tool = Tool(name="t", app="a", api="t", domain="d", description=description,
                parameters={"type": "object", "properties": props, "required": list(props) if required is None else required})
    return annotate([tool])[0]


def _catalog(name: str) -> list[Tool]:
    tools = annotate(read_catalogs([FIXTURES / f"{name}.json"], base_dir=Path(".")))
    Catalog(tools)  # notes the domain's topics, as a run does
    return tools


def _calls(name: str, n: int = 25) -> list[tuple[Tool, dict[str, Any]]]:
    rng = random.Random(7)
    return [(t, sample_arguments(t, rng, optional_rate=0.8)) for t in _catalog(name) for _ in range(n)]


# ---------------------------------------------------------------- a. a sibling's format

FORMATS = [("'YYYY-MM-DDTHH:MM'", "%Y-%m-%dT%H:%M"), ("YYYY-MM-DD", "%Y-%m-%d"), ("HH:MM", "%H:%M")]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([("start", "end"), ("from", "to"), ("begin", "end"), ("min", "max")]), WORD,
       st.sampled_from(FORMATS), st.sampled_from(["Local {b}, same format", "Same format as {a}",
                                                  "{b}, in the same format", "same as {a}"]))
def test_a_field_in_the_same_format_as_its_sibling_takes_the_sibling_s_kind(pair: tuple[str, str], stem: str,
                                                                            fmt: tuple[str, str], said: str) -> None:
    a, b = f"{pair[0]}_{stem}", f"{pair[1]}_{stem}"
    tool = _tool({a: {"type": "string", "description": f"Local {pair[0]}, {fmt[0]}"},
                  b: {"type": "string", "description": said.format(a=a, b=pair[1])},
                  "format": {"type": "string", "description": "json, xml or csv"}})
    for seed in range(10):
        args = sample_arguments(tool, random.Random(seed))
        datetime.strptime(args[b], fmt[1])  # raises when the value is no moment of the sibling's kind


@pytest.mark.parametrize("catalog", CATALOGS)
def test_the_fixture_catalogs_keep_sibling_formats(catalog: str) -> None:
    tally = audit_calls((t.properties, args) for t, args in _calls(catalog))
    assert tally.checked["same_format"] > 0 and tally.failed["same_format"] == 0, tally.examples


# ---------------------------------------------------------------- b. lists per tool

@settings(max_examples=30, deadline=None)
@given(st.lists(WORD, min_size=3, max_size=5, unique=True), st.lists(WORD, min_size=2, max_size=4, unique=True))
def test_a_pool_of_another_tool_s_values_never_leaks_into_a_listed_field(own: list[str], other: list[str]) -> None:
    schema = {"type": "string", "description": ", ".join(own)}
    drawn = {value_for(schema, random.Random(i), name="decision", pool={"decision": other + own[:1]})
             for i in range(30)}
    assert drawn <= set(own), drawn


@settings(max_examples=30, deadline=None)
@given(WORD, WORD, st.sampled_from(["format", "output", "mode", "export_format"]))
def test_a_setting_described_as_two_choices_takes_one_of_them(a: str, b: str, name: str) -> None:
    schema = {"type": "string", "description": f"{a} or {b}"}
    assert {value_for(schema, random.Random(i), name=name) for i in range(30)} <= {a, b}


# ---------------------------------------------------------------- c. conditional requirements

ENUM = {"type": "string", "description": "granted, partially_granted, deferred, refused"}
PHRASINGS = {
    "for-kind-required": ("Close a claim. For grants, the payout amount and its currency are required.",
                          {"verdict": ENUM, "payout_amount": {"type": "number"}, "currency": {"type": "string"}},
                          {"payout_amount": ("needs", ("granted", "partially_granted"))}),
    "kind-only-in-parens": ("Close a claim.", {"verdict": ENUM, "tier": {
        "type": "string", "description": "gold, silver or bronze (granted claims only)"}},
                            {"tier": ("only", ("granted", "partially_granted"))}),
    "applies-to-only": ("Close a claim.", {"verdict": ENUM, "tier": {
        "type": "string", "description": "Applies to granted claims only"}},
                        {"tier": ("only", ("granted", "partially_granted"))}),
    "required-if-equals": ("Print.", {"output": {"type": "string", "enum": ["printer", "pdf"]},
                                      "printer_id": {"type": "string", "description": "Required if output=printer"}},
                           {"printer_id": ("when", ("printer",))}),
    "subject-required-when": ("Book. booth_code is required when mode is simultaneous.",
                              {"mode": {"type": "string", "enum": ["simultaneous", "remote"]},
                               "booth_code": {"type": "string"}}, {"booth_code": ("needs", ("simultaneous",))}),
}


@pytest.mark.parametrize("phrasing", sorted(PHRASINGS))
def test_each_conditional_phrasing_is_read_and_kept(phrasing: str) -> None:
    description, props, expected = PHRASINGS[phrasing]
    rules = {r.subject: (r.kind, r.values) for r in dependencies.rules(description, props)}
    assert {k: rules.get(k) for k in expected} == expected, rules
    tool = _tool(props, [], description)
    calls = [sample_arguments(tool, random.Random(i), optional_rate=0.7) for i in range(120)]
    assert not [c for c in calls if dependencies.problems(description, props, c)]


def test_a_negated_condition_is_no_value_but_one_of_the_two() -> None:
    props = {"uuid": {"type": "string"}, "name": {"type": "string", "description": "Required if uuid is not given."}}
    assert [(r.kind, r.subject, r.others) for r in dependencies.rules("Upload.", props)] == [("any_of", "name", ("uuid",))]


@pytest.mark.parametrize("catalog", CATALOGS)
def test_the_fixture_catalogs_keep_their_conditional_rules(catalog: str) -> None:
    calls = _calls(catalog)
    assert any(dependencies.rules(t.description, t.properties) for t, _ in calls)
    assert not [(t.name, a) for t, a in calls if dependencies.problems(t.description, t.properties, a)]


# ---------------------------------------------------------------- d. whole and round numbers

@settings(max_examples=40, deadline=None)
@given(st.integers(-5, 2), st.integers(2, 8), st.sampled_from(["Integer from {lo} to {hi}", "{lo}-{hi}",
                                                                "{lo}–{hi} scale", "Integer {lo}-{hi}"]), WORD)
def test_a_point_on_a_short_scale_is_whole(lo: int, span: int, said: str, name: str) -> None:
    assume(quantities.measure(name, {}) is None or "scale" in said or "Integer" in said)  # a pH of 3-6 reads 4.3
    schema = {"type": "number", "description": said.format(lo=lo, hi=lo + span)}
    values = [value_for(schema, random.Random(i), name=name) for i in range(20)]
    assert all(float(v).is_integer() and lo <= v <= lo + span for v in values), values


@pytest.mark.parametrize(("name", "description"), [("duration_min", "Talk length, minutes"),
                                                   ("length_minutes", ""), ("slot_minutes", "Slot length")])
def test_a_length_in_minutes_a_person_chooses_is_round(name: str, description: str) -> None:
    values = [value_for({"type": "number", "description": description}, random.Random(i), name=name)
              for i in range(40)]
    assert all(v % 5 == 0 for v in values), values


@pytest.mark.parametrize(("name", "description"), [("min_capacity", "Seats (theatre layout)"),
                                                   ("party", "Number of guests"), ("headcount", "How many people")])
def test_counts_of_seats_and_people_are_whole(name: str, description: str) -> None:
    values = [value_for({"type": "number", "description": description}, random.Random(i), name=name)
              for i in range(40)]
    assert all(float(v).is_integer() and v >= 1 for v in values), values


# ---------------------------------------------------------------- e. free text from the catalog

def test_optional_generic_wording_is_left_out_and_required_wording_is_about_the_catalog() -> None:
    calls = _calls("conference_tool", 30)
    texts = {"meta_review", "note_to_applicant", "confidential_comments", "questions_for_authors", "message"}
    assert not [(t.name, k, a[k]) for t, a in calls for k in texts & set(a)]
    topics = ("graph neural networks", "reinforcement learning", "robotics")
    summaries = [a["summary"] for t, a in calls if "summary" in a]
    assert summaries and all(any(x in s for x in topics) for s in summaries), summaries


@pytest.mark.parametrize("catalog", CATALOGS)
def test_a_closed_everyday_class_gets_its_members_and_no_placeholder_is_a_value(catalog: str) -> None:
    for tool, args in _calls(catalog):
        for name, value in args.items():
            assert not (isinstance(value, str) and value.lower() in ("free text", "free-text")), (tool.name, name)
            if name == "pronouns":
                assert re.fullmatch(r"[a-z]+/[a-z]+", value), value
            if name == "name" and "last name" in str(tool.properties[name].get("description")):
                assert value[:1].isupper() and " " not in value, value  # a surname, no event title


# ---------------------------------------------------------------- f. required examples varied, g. years

@pytest.mark.parametrize(("catalog", "tool", "param"), [("conference_tool", "submit_review", "overall"),
                                                        ("conference_tool", "submit_review", "confidence"),
                                                        ("conference_tool", "assign_reviewers", "reviewer_ids"),
                                                        ("translation_agency", "decide_complaint", "complaint_id"),
                                                        ("translation_agency", "rate_delivery", "lqa_score")])
def test_a_required_example_is_not_the_only_value(catalog: str, tool: str, param: str) -> None:
    values = [str(a[param]) for t, a in _calls(catalog, 40) if t.name.endswith(tool)]
    assert len(set(values)) >= 3, values


@pytest.mark.parametrize(("catalog", "tool", "param"), [("conference_tool", "get_fee_quote", "event_id"),
                                                        ("translation_agency", "get_event_rates", "fair_code")])
def test_an_edition_s_year_is_the_query_s(catalog: str, tool: str, param: str) -> None:
    values = [a[param] for t, a in _calls(catalog, 30) if t.name.endswith(tool)]
    assert values and all(re.search(r"2025$", v) for v in values), values


@pytest.mark.parametrize(("name", "place"), [("note_to_applicant", False), ("travel_from_country", False),
                                             ("message_to_host", False), ("from_date", False), ("to", True),
                                             ("to_city", True), ("pickup_location", True), ("home_address", True)])
def test_a_persona_s_places_go_to_place_parameters_only(name: str, place: bool) -> None:
    """A note "to" someone is no place: a persona's home address never fills it."""
    from generator.derived_personas import _is_place

    assert _is_place(name) is place


@pytest.mark.parametrize("name", ["rate_per_word", "price_per_seat", "avg_guests"])
def test_a_rate_of_counted_things_is_no_count(name: str) -> None:
    values = [value_for({"type": "number", "description": "In EUR, e.g. 0.12"}, random.Random(i), name=name)
              for i in range(30)]
    assert max(values) < 10, values
