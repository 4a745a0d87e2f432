"""The description-driven phrasing of tools without hints (generator.phrasebook.terms and
.intent), on a catalog written as an API author writes one: every tool of it is said in one
sentence that states each value once, passes the text gate, and never splits a name into words."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_plan import target

from generator.core.plan import plan_explicit
from generator.core.textquality import defects
from generator.core.values import sample_arguments
from generator.phrasebook import hints_of
from generator.phrasebook.lexicon import ABBREVIATIONS
from generator.phrasebook.terms import say, term
from generator.readers import read_catalog
from generator.validators import VALIDATORS
from generator.writers.base import WriteRequest
from generator.writers.template import compose

CATALOG = Path(__file__).parents[1] / "benchmarks" / "reading" / "catalogs" / "aquaculture.json"
TOOLS = {t.name: t for t in read_catalog(CATALOG)}


def _request(tool_name: str, seed: int) -> WriteRequest:
    tool = TOOLS[tool_name]
    t = target(tool, sample_arguments(tool, random.Random(seed), optional_rate=0.8))
    return WriteRequest(target=t, plan=plan_explicit(t), tools=[tool], n=1)


@pytest.mark.parametrize("name", sorted(TOOLS))
def test_every_tool_is_one_sentence_stating_each_value_and_passing_the_gate(name: str) -> None:
    for seed in range(6):
        req = _request(name, seed)
        text = compose(req.plan, TOOLS, "single", req.target.time, random.Random(seed))
        assert len(re.findall(r"[.?!](?:\s|$)", text)) == 1, text
        for validator in ("stated_present", "text_quality", "no_identifiers"):
            assert all(v.ok for v in VALIDATORS.get(validator)(req, [text])), (validator, text)


def test_intents_are_the_descriptions_verb_phrases() -> None:
    said = {n: hints_of(t).intents[0] for n, t in TOOLS.items()}  # type: ignore[union-attr]
    assert said["get_pen_water_quality"] == "get the latest water quality readings"  # "Returns" -> get
    assert said["schedule_lice_count"] == "schedule a sea lice count"
    assert said["set_feeder_schedule"] == "set up the automatic feeder"  # "of a pen": a parameter says it
    assert said["log_feeding_event"] == "record a feeding event"  # not the clause after the colon
    assert said["book_well_boat"] == "book the well boat"  # a parameter names it


@pytest.mark.parametrize(("param", "spec", "kind", "value", "said"), [
    ("quantity_kg", {"type": "number", "description": "Amount of feed delivered, in kilograms"}, "number", "350",
     "with 350 kilograms of feed"),
    ("meals_per_day", {"type": "integer", "description": "Meals per day"}, "number", "4", "with 4 meals per day"),
    ("max_current_knots", {"type": "number", "description": "Highest current speed allowed, in knots"},
     "number", "1.5", "with a current speed of at most 1.5 knots"),
    ("site_id", {"type": "string", "description": "Farm site identifier, e.g. SITE-NOR-04"}, "text",
     "SITE-NOR-04", "for farm site SITE-NOR-04"),
    ("first_meal", {"type": "string", "description": "Time of the first meal, HH:MM"}, "clock", "6 am",
     "with the first meal at 6 am"),
    ("shift_end", {"type": "string", "format": "date-time", "description": "End of the shift"}, "datetime",
     "June 2 at 5 pm", "until June 2 at 5 pm"),
    ("feed_type", {"type": "string", "enum": ["grower_pellet"], "description": "Type of feed delivered"}, "enum",
     "grower pellet", "with grower pellet feed"),
    ("reason", {"type": "string", "enum": ["low_weight"], "description": "Why the harvest is cancelled"}, "enum",
     "low weight", "because of low weight"),
    ("destination", {"type": "string", "description": "Destination pen or plant"}, "text", "P-0433", "to P-0433"),
])
def test_values_are_said_in_their_descriptions_frame(param: str, spec: dict, kind: str, value: str,
                                                     said: str) -> None:
    assert say(term(param, spec), kind, value) == said


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["pilot", "age", "day", "hour", "forecast", "data", "recommend", "video", "tugs",
                                 "required", "min", "length", "m", "xq", "zzv", "qty"]), min_size=1, max_size=4, unique=True))
def test_a_name_never_becomes_guessed_words(parts: list[str]) -> None:
    """A parameter without a description is named by its words only when each is English as
    written; a glued or unknown name gives no noun (the value is said in its plain frame)."""
    glued = "".join(parts)
    noun = term(glued, {"type": "string"}).noun
    assert noun in ("", glued, ABBREVIATIONS.get(glued)), noun  # "pilotage" is never "pilot age"
    snake = term("_".join(parts), {"type": "integer"})
    assert not defects(f"Get it {say(snake, 'number', '63')}.", ["63"]), snake


def test_the_catalog_has_no_hints() -> None:
    raw = json.loads(CATALOG.read_text(encoding="utf-8"))
    assert all("x-trajgen" not in t for t in raw)


def test_asc_is_an_order_only_in_an_order() -> None:
    from generator.phrasebook.fragments import enum_words

    assert enum_words("asc", "certification", {}) is None  # the ASC label, never "lowest first"
    assert enum_words("asc", "sort_order", {}) == "lowest first"
