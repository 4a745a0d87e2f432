"""Surface forms: natural rendering and normalized detection of values."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from generator.core.surface import blank_out, forms, is_identifier, leaks, mentions, noun, render, words
from generator.core.vagueness import normalize
from generator.records import Tool, ToolHints

TOOL = Tool(
    name="Pathmap_get_path",
    app="Pathmap",
    api="get_path",
    domain="transport",
    parameters={
        "type": "object",
        "properties": {
            "start_name": {"type": "string", "description": "Starting location name"},
            "cartype": {"type": "string", "enum": ["public_transit", "driving", "subway_first"]},
            "strategy": {"type": "string", "enum": ["least_congestion"]},
            "date": {"type": "string", "description": "Travel date, format %Y-%m-%d"},
            "time": {"type": "string"},
            "when": {"type": "string"},
            "avoid_tolls": {"type": "boolean", "description": "Whether to avoid tolls"},
            "stops": {"type": "array", "items": {"type": "string"}},
            "modes": {"type": "array", "items": {"type": "string", "enum": ["bus_rapid", "tram"]}},
            "budget": {"type": "number"},
        },
    },
    hints=ToolHints(
        nouns={"start_name": "starting point"},
        surface={
            "cartype": {"public_transit": "public transport"},
            "avoid_tolls": {"true": "avoiding toll roads"},
        },
    ),
)
NOW = "2025-05-02 18:00"  # a Friday


def test_words_and_nouns() -> None:
    assert words("public_transit") == "public transit"
    assert words("sortBy") == "sort by"
    assert noun("start_name", TOOL) == "starting point"  # hint wins
    bare = TOOL.model_copy(update={"hints": None})
    assert noun("start_name", bare) == "starting location"  # from the description
    assert noun("avoid_tolls", bare) == "avoid tolls"
    # A glued name is not split into guessed words ("pilotage" is no "pilot age"): it stays as written.
    assert noun("cartype", bare) == "cartype"
    assert noun("pilotage", bare) == "pilotage"


@pytest.mark.parametrize(
    ("value", "param", "expected"),
    [
        ("public_transit", "cartype", "public transport"),  # hint surface
        ("subway_first", "cartype", "subway first"),  # de-identified
        ("2025-05-09", "date", "May 9th"),
        ("2025-05-03", "date", "tomorrow"),
        ("2025-05-02", "date", "today"),
        ("2024-12-25", "date", "December 25th, 2024"),
        ("19:30", "time", "7:30 pm"),
        ("07:00", "time", "7 am"),
        ("12:00", "time", "noon"),
        ("2025-05-09 20:15", "when", "May 9th at 8:15 pm"),
        (True, "avoid_tolls", "avoiding toll roads"),
        (["a", "b", "c"], "stops", "a, b and c"),
        (["bus_rapid", "tram"], "modes", "bus rapid and tram"),
        (12.0, "budget", "12"),
        (12.5, "budget", "12.5"),
        ("The River Mall", "start_name", "The River Mall"),
    ],
)
def test_render_canonical(value, param, expected) -> None:
    assert render(value, param, TOOL, time=NOW) == expected


def test_render_bool_without_hint_uses_derived_words() -> None:
    bare = TOOL.model_copy(update={"hints": None})
    # The description's verb phrase ("Whether to avoid tolls"), as a switch on and off.
    assert render(False, "avoid_tolls", bare) == "without avoiding tolls"
    assert render(True, "avoid_tolls", bare) == "avoiding tolls"


def test_render_never_emits_enum_identifiers() -> None:
    for seed in range(50):
        rng = random.Random(seed)
        for v in ("public_transit", "subway_first", "least_congestion"):
            p = "strategy" if v == "least_congestion" else "cartype"
            assert "_" not in render(v, p, TOOL, time=NOW, rng=rng)


def test_render_with_rng_varies_dates_but_stays_detectable() -> None:
    outs = {render("2025-05-09", "date", TOOL, time=NOW, rng=random.Random(s)) for s in range(30)}
    assert len(outs) >= 2
    assert all(mentions(f"Go there {o}.", "2025-05-09", "date", TOOL, NOW) for o in outs)


@pytest.mark.parametrize(
    ("text", "value", "param"),
    [
        ("Route me via PUBLIC-TRANSIT please", "public_transit", "cartype"),
        ("take public transport", "public_transit", "cartype"),
        ("leave at 7:30 P.M.", "19:30", "time"),
        ("leave at 7:30pm", "19:30", "time"),
        ("leave at 19:30", "19:30", "time"),
        ("on 9 May", "2025-05-09", "date"),
        ("on May 9", "2025-05-09", "date"),
        ("next Friday", "2025-05-09", "date"),
        ("tomorrow evening", "2025-05-03", "date"),
        ("May 9th, at 8:15 pm", "2025-05-09 20:15", "when"),
        ("stops: a, b, and c", ["a", "b", "c"], "stops"),
        ("budget of 12 yuan", 12.0, "budget"),
        ("from   the river  mall!", "The River Mall", "start_name"),
    ],
)
def test_mentions_positive(text, value, param) -> None:
    assert mentions(text, value, param, TOOL, NOW)


@pytest.mark.parametrize(
    ("text", "value", "param"),
    [
        ("budget of 120", 12, "budget"),  # whole numbers only
        ("take the driving route", "public_transit", "cartype"),
        ("on May 19", "2025-05-09", "date"),
        ("stops a and b", ["a", "b", "c"], "stops"),
        ("at 7:30 am", "19:30", "time"),
    ],
)
def test_mentions_negative(text, value, param) -> None:
    assert not mentions(text, value, param, TOOL, NOW)


def test_leaks_is_partial_mentions() -> None:
    assert leaks("stops a and b", ["a", "b", "c"], "stops", TOOL, NOW)
    assert not leaks("no stops", ["x", "y"], "stops", TOOL, NOW)


def test_forms_cover_literal_and_words() -> None:
    f = forms("public_transit", "cartype", TOOL)
    assert "public_transit" in f and "public transport" in f and "public transit" in f
    assert "19:30" in forms("19:30", "time", TOOL)


def test_normalize_and_identifiers() -> None:
    assert normalize("Hello,  WORLD -- 7 P.M.!", words=True) == "hello world 7 pm"
    assert normalize("Hello,  WORLD -- 7 P.M.!") == "hello, world -- 7 p.m.!"
    assert is_identifier("start_name") and is_identifier("getPath") and not is_identifier("location")


def test_blank_values_have_nothing_to_say() -> None:
    assert render(None, "start_name", TOOL) == "" and render("", "start_name", TOOL) == ""
    assert mentions("anything", "", "start_name", TOOL) and mentions("anything", [], "stops", TOOL)
    assert not leaks("anything", None, "start_name", TOOL)


@settings(max_examples=400, deadline=None)
@example("aIi sS Kk", ["ı"]).via("dotless i matches I and i under IGNORECASE")
@example("aIi sS Kk", ["ſ", "K"]).via("long s matches s and S; the Kelvin sign K")
@given(st.text(alphabet="aAbBİı .-_(x)*+?[]\\", max_size=30),
       st.lists(st.text(alphabet="aAbBİı .-_(x)*+?[]\\", max_size=4), max_size=3))
def test_blank_out_matches_a_case_insensitive_pattern_per_phrase(text, phrases):
    want = text
    for p in phrases:
        want = re.sub(re.escape(p), " ", want, flags=re.IGNORECASE)
    assert blank_out(text, phrases) == want
