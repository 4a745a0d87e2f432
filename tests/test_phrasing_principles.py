"""The template writer's phrasing principles on catalogs it was never tuned on (issue 25): a
description opens an intent only with a real verb, a parameter is said by its noun with its unit
after the number (never its name or description read out, never a bare value), a value in the
frame of its role (born on, expiring, cancelled by), a boolean plainly when nothing checks a
phrase, and each object of a list once with its fields."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_plan import target

from generator.core.plan import plan_explicit
from generator.core.surface import render, value_kind
from generator.core.textquality import defects
from generator.core.values import sample_arguments
from generator.phrasebook.fragments import bool_words
from generator.phrasebook.intent import intent_of
from generator.phrasebook.terms import say, term
from generator.readers import read_catalog
from generator.records import Tool
from generator.writers.template import compose

CATALOGS = Path(__file__).parent / "fixtures" / "catalogs"


def _tool(name: str, description: str, props: dict[str, Any]) -> Tool:
    return Tool(name=name, app="", api=name, domain="d", description=description,
                parameters={"type": "object", "properties": props})


# ---------------------------------------------------------------- 1. a description's first word

# Words that head a noun phrase in a description as often as they open a verb: "Full incident
# record", "Point forecast and latest observations", "Spray records for a block".
_HEADS = ["Full", "Point", "Spray", "Summary", "Record", "Snow", "Avalanche", "Pressure", "Status"]
_NOUNS = ["incident", "forecast", "records", "history", "depth", "rating", "readings", "report", "details"]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(_HEADS), st.lists(st.sampled_from(_NOUNS), min_size=1, max_size=2, unique=True),
       st.sampled_from(["get", "fetch", "show"]), st.sampled_from(["report", "history", "status", "record"]))
def test_a_noun_phrase_description_never_becomes_a_verb(head: str, nouns: list[str], verb: str, thing: str) -> None:
    """Only a real verb form opens an intent: a noun phrase is said with the name's verb, never as
    "I'd like to full the incident record" or "Can you spray records"."""
    tool = _tool(f"{verb}_{thing}", f"{head} {' '.join(nouns)} for a block over a date range.", {})
    said = intent_of(tool)
    assert not said.startswith(head.lower() + " "), said
    assert said.split()[0] in ("get", "show", "make"), said


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["size", "containment", "status", "cause", "owner", "priority"]), min_size=3,
                max_size=4, unique=True))
def test_a_list_of_fields_is_no_object(fields: list[str]) -> None:
    """ "Update size, containment, status and cause": the tool updates its thing, not the first field."""
    tool = _tool("update_incident", f"Update {', '.join(fields[:-1])} and {fields[-1]}.", {})
    assert intent_of(tool) == "update the incident"


@pytest.mark.parametrize(("description", "said"), [
    ("Log a fermentation reading for a tank.", "log a fermentation reading"),  # a verb only
    ("Returns the reading history for a tank.", "get the reading history"),  # inflected
    ("Record a stock movement for a supply item.", "record a stock movement"),  # before a determiner
    ("Find available crew members by department.", "find available crew members"),  # before an adjective
])
def test_a_real_verb_still_opens_the_intent(description: str, said: str) -> None:
    assert intent_of(_tool("do_thing", description, {})) == said


# ---------------------------------------------------------------- 2. never a read-out


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(["size", "deck_area", "volume", "depth", "spray_volume"]),
       st.sampled_from([("acres", "acres"), ("gal", "gallons"), ("ppm", "ppm"), ("sqft", "square feet"),
                        ("kg", "kg")]),
       st.sampled_from(["", "min_", "max_"]), st.integers(1, 500))
def test_a_unit_in_the_name_is_said_after_the_number(noun: str, unit: tuple[str, str], bound: str, v: int) -> None:
    """ "min_size_acres" -> "with a size of at least 11 acres", never "with at least 11 size acres"."""
    said = say(term(f"{bound}{noun}_{unit[0]}", {"type": "number"}), "number", str(v))
    one = {"acres": "acre", "gallons": "gallon", "square feet": "square foot"}
    assert said.endswith(f"{v} {one.get(unit[1], unit[1]) if v == 1 else unit[1]}"), said  # "1 acre", "2 acres"
    assert f"{noun.replace('_', ' ')} {unit[0]}" not in said, said


@pytest.mark.parametrize(("param", "description", "not_said"), [
    ("preferred_language", "ISO 639-1 language code used for reminders, e.g. 'en'.", "ISO"),
    ("currency", "ISO 4217 code.", "ISO"),
    ("appointment_type", "See description for allowed values.", "see description"),
    ("treatment_plan_id", "Link to an accepted treatment plan (TP-...), if any.", "link"),
    ("rendering_provider_npi", "10-digit NPI of the treating dentist.", "digit"),
])
def test_a_description_gives_a_noun_not_a_read_out(param: str, description: str, not_said: str) -> None:
    said = say(term(param, {"type": "string", "description": description}), "text", "VALUE-1")
    assert not_said not in said and "VALUE-1" in said, said


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["rei_hours", "phi_days", "free_so2_ppm", "nwcg_type", "acres_treated",
                        "pomace_kg", "tds_ppm"]), st.integers(1, 99))
def test_a_number_is_never_bare(param: str, v: int) -> None:
    """A parameter with no checked noun is said plainly with its name ("with REI 12 hours"), never
    a bare "and 9" or a duration of the act ("for 6 days")."""
    said = say(term(param, {"type": "number"}), "number", str(v))
    assert re.sub(rf"\b{v}\b|hours|days|ppm|kg|with|for|a|of", "", said).strip(), said
    assert not said.startswith("for "), said


# ---------------------------------------------------------------- 3. the frame of its role


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["cancelled", "requested", "approved", "closed", "reported", "taken"]),
       st.sampled_from(["patient", "office", "provider", "engineer", "district"]))
def test_who_did_it_is_said_as_who(participle: str, who: str) -> None:
    """ "cancelled_by: patient" -> "cancelled by the patient", never "with patient"."""
    spec = {"type": "string", "enum": [who, "other"]}
    assert say(term(f"{participle}_by", spec), "enum", who) == f"{participle} by the {who}"


@pytest.mark.parametrize(("param", "spec", "kind", "said"), [
    ("date_of_birth", {"type": "string", "description": "DOB as YYYY-MM-DD."}, "date", "born on June 2"),
    ("dob", {"type": "string", "format": "date"}, "date", "born on June 2"),
    ("expiry_date", {"type": "string", "description": "Lot expiry."}, "date", "with the lot expiring on June 2"),
    ("needed_by", {"type": "string", "format": "date"}, "date", "needed by June 2"),
    ("discovered_at", {"type": "string", "format": "date-time"}, "datetime", "discovered on June 2"),
    ("expiring_within_days", {"type": "integer", "description": "Only items with a lot expiring within this many "
                                                                 "days."}, "number", "expiring within 9 days"),
    ("check_harvest_date", {"type": "string", "description": "Planned harvest date to check against PHIs."}, "date",
     "with a harvest date of June 2"),
    ("ship_to_location_id", {"type": "string"}, "text", "shipping to location June 2"),
])
def test_a_value_is_said_by_its_role(param: str, spec: dict[str, Any], kind: str, said: str) -> None:
    value = "9" if kind == "number" else "June 2"
    assert say(term(param, spec), kind, value) == said


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["tree", "date", "day", "time", "air"]), st.sampled_from(["to", "from"]))
def test_a_noun_before_to_is_no_verb(first: str, prep: str) -> None:
    """ "tree_to", "date_to", "air_to_ground_freq": never "treeing to", "dating to", "airing to"."""
    for param in (f"{first}_{prep}", f"{first}_{prep}_ground_freq"):
        said = say(term(param, {"type": "string"}), "text", "X")
        assert f"{first}ing" not in said and f"{first[:-1]}ing" not in said, said


# ---------------------------------------------------------------- booleans


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["sms_opt_in", "auto_opt_out", "xq_flag", "zzv_mode"]))
def test_a_boolean_without_a_checked_phrase_is_said_plainly(param: str) -> None:
    yes, no = bool_words(param)
    assert yes.endswith("set to yes") and no.endswith("set to no"), (yes, no)


def test_a_boolean_verb_phrase_is_its_verb_and_object() -> None:
    spec = {"type": "boolean", "description": "Query the clearinghouse now instead of returning the cached status."}
    tool = _tool("get_claim_status", "Status of a claim.", {"refresh": spec})
    assert render(False, "refresh", tool) == "without querying the clearinghouse"
    spec = {"type": "boolean", "description": "Send the PO to the supplier right away; if false it is a draft."}
    tool = _tool("create_purchase_order", "Create a purchase order.", {"submit": spec})
    assert render(True, "submit", tool) == "sending the PO"
    assert bool_words("air_attack_on_scene") == ("with air attack on scene", "without air attack on scene")


# ---------------------------------------------------------------- 4. lists of objects


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.from_regex(r"[A-Z]{3}[0-9]{3}", fullmatch=True), st.integers(1, 9)), min_size=1,
                max_size=3, unique_by=lambda x: x[0]), st.sampled_from(["lines", "items", "entries"]))
def test_each_object_of_a_list_is_said_once(lines: list[tuple[str, int]], param: str) -> None:
    """Never "with the lines a line with the SKU ...": each object is said once, with its fields."""
    item = {"type": "object", "properties": {"sku": {"type": "string"}, "quantity": {"type": "integer"}}}
    tool = _tool("create_order", "Create an order.", {"account_id": {"type": "string"},
                                                      param: {"type": "array", "items": item}})
    value = [{"sku": s, "quantity": q} for s, q in lines]
    assert value_kind(value, param, tool) == "dict"
    t = target(tool, {"account_id": "ACC-1", param: value})
    text = compose(plan_explicit(t), {tool.name: tool}, "single", t.time, random.Random(0))
    assert not re.search(rf"\bthe {param} an? ", text), text
    assert all(text.count(s) == 1 for s, _ in lines), text


# ---------------------------------------------------------------- whole catalogs


@pytest.mark.parametrize("name", ["bridge_inspection", "cider_mill", "fire_dispatch", "dental_practice"])
def test_unseen_catalogs_read_without_the_readings_defects(name: str) -> None:
    """Every tool of catalogs the writer was never tuned on: no noun phrase as a verb, no read-out
    of a parameter name, no bare "for N days" for an expiry window, no "the X a Y" list."""
    tools = {t.name: t for t in read_catalog(CATALOGS / f"{name}.json")}
    bad = re.compile(r"\b(?:full the|point forecast|spray records|for patient last|for first [A-Z]|with the ISO|"
                     r"without submit|see description|the lines a line|size acres|change tank's|for \d+ days?|"
                     r"treeing|dating|airing)\b")
    for tool_name, tool in tools.items():
        for seed in range(4):
            t = target(tool, sample_arguments(tool, random.Random(seed), optional_rate=0.8))
            text = compose(plan_explicit(t), tools, "single", t.time, random.Random(seed))
            assert not bad.search(text), (tool_name, text)
            assert not [d for d in defects(text, []) if d.kind in ("doubled_word", "article")], (tool_name, text)


@pytest.mark.parametrize(("param", "spec", "kind", "value", "said"), [
    ("tannin_g_per_l", {"type": "number"}, "number", "3", "with tannin 3 grams per litre"),  # the unit once
    ("air_to_ground_freq_mhz", {"type": "number"}, "number", "168.35", "with air to ground freq 168.35 MHz"),
    ("picked_on", {"type": "string", "format": "date"}, "date", "today", "picked today"),  # never "on the today"
    ("reading_at", {"type": "string", "description": "When the sample was taken."}, "datetime", "June 2",
     "with the sample taken on June 2"),  # "reading" is a noun: no "reading on June 2"; what happened then, said
    ("volume_moved_l", {"type": "number"}, "number", "17", "with volume moved 17 litres"),
])
def test_a_name_read_plainly_is_read_whole(param: str, spec: dict[str, Any], kind: str, value: str,
                                           said: str) -> None:
    assert say(term(param, spec), kind, value) == said


def test_a_second_verb_ends_the_object() -> None:
    """ "Change the level of an existing zone or lift it": two acts, so the name's intent."""
    tool = _tool("update_evacuation_zone", "Change the level of an existing zone (upgrade or downgrade) or lift it.",
                 {})
    assert intent_of(tool) == "update the evacuation zone"
