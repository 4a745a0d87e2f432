"""String values from what the whole catalog says (generator.core.lore) and never a placeholder.

Each rule is checked on generated names and lists (hypothesis) and on the catalogs in
tests/fixtures/catalogs whose descriptions state values only in prose.
"""

from __future__ import annotations

import json
import random
import re
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core import allowed, codes, lore
from generator.core.values import Unsampleable, sample_arguments, value_for
from generator.records import Tool

FIXTURES = Path(__file__).parent / "fixtures" / "catalogs"
WORD = st.from_regex(r"[a-z]{4,9}", fullmatch=True).filter(lambda w: w not in {"other", "none", "with", "from", "that"})
PREFIX = st.from_regex(r"[A-Z]{2,4}", fullmatch=True)


def _tool(name: str, props: dict[str, Any], description: str = "", required: list[str] | None = None) -> Tool:
    return Tool(name=name, app="a", api=name, domain="d", description=description,
                parameters={"type": "object", "properties": props, "required": required or []})


def _catalog(name: str) -> list[Tool]:
    from generator.readers import read_catalogs

    return lore.annotate(read_catalogs([f"{name}.json"], base_dir=FIXTURES))


def _leaf_values(tools: list[Tool], draws: int = 25) -> dict[str, set[str]]:
    """Every string a call sets, by "tool.path"."""
    out: dict[str, set[str]] = {}
    rng = random.Random(3)

    def walk(prefix: str, value: Any) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(f"{prefix}.{k}", v)
        elif isinstance(value, list):
            for v in value:
                walk(f"{prefix}[]", v)
        elif isinstance(value, str):
            out.setdefault(prefix, set()).add(value)

    for tool in tools:
        for _ in range(draws):
            walk(tool.name, sample_arguments(tool, rng, optional_rate=0.8))
    return out


# ---------------------------------------------------------------- placeholders


@settings(max_examples=60, deadline=None)
@given(WORD)
def test_an_optional_parameter_nothing_describes_is_left_out_not_default(noun: str) -> None:
    """An optional string whose meaning nothing states is never "default" / "standard"."""
    tool = _tool("t", {f"{noun}_mode": {"type": "string"}, f"{noun}_type": {"type": "string"}})
    for seed in range(8):
        args = sample_arguments(tool, random.Random(seed), optional_rate=1.0)
        assert not {str(v).lower() for v in args.values()} & allowed.STAND_INS, args


@settings(max_examples=40, deadline=None)
@given(WORD)
def test_a_required_parameter_nothing_describes_gets_no_placeholder(noun: str) -> None:
    tool = _tool("t", {f"{noun}_profile": {"type": "string"}}, required=[f"{noun}_profile"])
    value = sample_arguments(tool, random.Random(1))[f"{noun}_profile"]
    assert value.lower() not in allowed.STAND_INS and value


def test_see_description_without_a_list_leaves_the_parameter_out() -> None:
    schema = {"type": "string", "description": "See description for allowed values."}
    with pytest.raises(Unsampleable):
        value_for(schema, random.Random(0), name="storage", optional=True)


@pytest.mark.parametrize("stand_in", ["default", "standard", "See description", "none", "TBD"])
def test_a_stand_in_example_or_default_is_never_used(stand_in: str) -> None:
    schema = {"type": "string", "description": f"Kind of finish, e.g. '{stand_in}'. Default: {stand_in}"}
    values = {value_for(schema, random.Random(s), name="finish", optional=True) for s in range(20)
              if _drawn(schema, s)}
    assert stand_in not in values


def _drawn(schema: dict[str, Any], seed: int) -> bool:
    try:
        value_for(schema, random.Random(seed), name="finish", optional=True)
    except Unsampleable:
        return False
    return True


# ---------------------------------------------------------------- lists in prose


@settings(max_examples=40, deadline=None)
@given(st.lists(WORD, min_size=3, max_size=6, unique=True), st.sampled_from(["{p} is one of: {v}.",
                                                                              "{p}: one of {v}.",
                                                                              "{p} values: {v}."]))
def test_a_list_in_the_tool_prose_is_the_parameter_s_enum(values: list[str], form: str) -> None:
    text = "Record a thing. " + form.format(p="grade", v=", ".join(values)) + " Other words follow."
    tool = lore.annotate([_tool("record", {"grade": {"type": "string"}}, text, ["grade"])])[0]
    drawn = {sample_arguments(tool, random.Random(s))["grade"] for s in range(30)}
    assert drawn <= set(values), drawn


@settings(max_examples=40, deadline=None)
@given(st.lists(WORD, min_size=3, max_size=6, unique=True))
def test_the_same_name_elsewhere_lends_its_list(values: list[str]) -> None:
    """`categories` of a search takes the `category` values another tool's prose lists."""
    tools = lore.annotate([
        _tool("add", {"category": {"type": "string"}}, f"Add an entry. category: one of {', '.join(values)}."),
        _tool("search", {"categories": {"type": "array", "items": {"type": "string"}}}),
    ])
    drawn = {v for s in range(20) for v in sample_arguments(tools[1], random.Random(s), optional_rate=1.0)
             .get("categories", [])}
    assert drawn and drawn <= set(values), drawn


@pytest.mark.parametrize(("description", "values"), [
    ("'hand' or 'ground_sweep' (shaken/swept drops; cider-only, cannot go to fresh market).", {"hand", "ground_sweep"}),
    ("stainless, ibc, oak_barrel, flextank", {"stainless", "ibc", "oak_barrel", "flextank"}),
    ("distributor | retail | on_premise", {"distributor", "retail", "on_premise"}),
    ("one of: undetermined, lightning, equipment, arson, other", {"undetermined", "lightning", "equipment",
                                                                   "arson", "other"}),
])
def test_a_description_that_is_a_list_is_read(description: str, values: set[str]) -> None:
    assert set(allowed.read(description).allowed) == values


def test_a_gloss_after_a_code_lists_no_examples() -> None:
    said = allowed.read("ICD-10 code, e.g. K02.52 (dentin caries), K05.311 (chronic periodontitis, localized, slight).")
    assert not {"localized", "slight"} & set(said.examples)


# ---------------------------------------------------------------- identifiers across the catalog


@settings(max_examples=40, deadline=None)
@given(PREFIX, WORD, st.integers(3, 6))
def test_an_entity_s_pattern_holds_on_every_tool(prefix: str, entity: str, digits: int) -> None:
    pattern = f"^{prefix}-\\d{{{digits}}}$"
    tools = lore.annotate([
        _tool("get", {f"{entity}_id": {"type": "string", "pattern": pattern}}, required=[f"{entity}_id"]),
        _tool("update", {f"new_{entity}_id": {"type": "string"}}, required=[f"new_{entity}_id"]),
        _tool("list", {f"{entity}_ids": {"type": "array", "items": {"type": "string"}}}, required=[f"{entity}_ids"]),
    ])
    for seed in range(5):
        rng = random.Random(seed)
        assert re.match(pattern, sample_arguments(tools[1], rng)[f"new_{entity}_id"])
        assert all(re.match(pattern, v) for v in sample_arguments(tools[2], rng)[f"{entity}_ids"])


@settings(max_examples=40, deadline=None)
@given(PREFIX, WORD)
def test_an_id_shown_in_any_tool_prose_shapes_the_others(prefix: str, entity: str) -> None:
    example = f"{prefix}-20417"
    tools = lore.annotate([
        _tool("register", {"name": {"type": "string"}}, f"Register one. Returns {entity}_id (e.g. {example})."),
        _tool("use", {f"{entity}_id": {"type": "string"}}, required=[f"{entity}_id"]),
    ])
    for seed in range(5):
        value = sample_arguments(tools[1], random.Random(seed))[f"{entity}_id"]
        assert re.fullmatch(f"{prefix}-\\d{{5}}", value), value


def test_a_parameter_s_own_example_wins_over_the_catalog_s() -> None:
    tools = lore.annotate([
        _tool("a", {"tank_id": {"type": "string", "description": "e.g. FT-03"}}),
        _tool("b", {"tank_id": {"type": "string", "description": "e.g. VAT-7"}}, required=["tank_id"]),
    ])
    assert tools[1].said == {} and sample_arguments(tools[1], random.Random(0))["tank_id"].startswith("VAT-")


def test_lore_never_changes_the_exported_schema() -> None:
    tools = _catalog("dental_practice")
    raw = json.loads((FIXTURES / "dental_practice.json").read_text())
    assert [t.openai()["function"]["parameters"] for t in tools] == [r["function"]["parameters"] for r in raw]


# ---------------------------------------------------------------- the reading catalogs


@pytest.mark.parametrize("name", ["dental_practice", "fire_dispatch", "cider_mill", "marina_harbor"])
def test_reading_catalogs_carry_no_placeholder_and_no_name_made_id(name: str) -> None:
    values = _leaf_values(_catalog(name))
    everything = {v.lower() for vs in values.values() for v in vs}
    assert not everything & {"default", "standard", "see description", "see description for allowed values."}
    made = {path: v for path, vs in values.items() for v in vs
            if re.fullmatch(r"(PAT|PLA|APP|ORD|NEW|SHI|INC|BLO|TAN|RUN|RAC|VES|BOO|JOB)-\d{5}", v)}
    assert not made, made


def test_dental_ids_follow_the_catalog() -> None:
    values = _leaf_values(_catalog("dental_practice"))
    for path in ("check_insurance_eligibility.patient_id", "order_radiograph.patient_id"):
        assert all(re.fullmatch(r"PT-\d{6}", v) for v in values[path]), values[path]
    assert all(v.startswith("TP-") for v in values["get_treatment_plan.plan_id"])
    assert all(v.startswith("APT-") for v in values["cancel_appointment.appointment_id"])
    assert values["find_available_slots.appointment_type"] <= {
        "new_patient_exam", "recall_hygiene", "perio_maintenance", "restorative", "crown_prep", "endo",
        "extraction", "emergency", "consult"}


def test_codes_are_common_ones() -> None:
    for seed in range(200):
        rng = random.Random(seed)
        assert codes.language(rng) in {"en", "es", "fr", "de", "pt", "it", "ja", "zh", "ko", "ar", "hi", "nl",
                                       "pl", "tr", "sv", "ru"}
        assert codes.currency(rng) in codes.COMMON_CURRENCIES


@settings(max_examples=40, deadline=None)
@given(PREFIX, st.integers(1990, 2040), st.integers(0, 10**6), st.integers(2001, 2039), st.booleans())
def test_a_year_inside_an_id_example_is_a_year_of_the_query_s_time_frame(prefix: str, year: int, seed: int,
                                                                          now: int, edition: bool) -> None:
    """An id's year is the query's (an edition such as an event code "ICMLA-2025") or the year
    before (a record), never a past edition beside a date of this year."""
    from generator.core.values import _reshaped

    value = _reshaped(f"{prefix}-{year}-031", random.Random(seed), datetime(now, 6, 2, 9, 0), edition)
    drawn = int(value.split("-")[1])
    assert drawn == now if edition else now - 1 <= drawn <= now, value


def test_a_list_said_near_a_parameter_never_overrides_its_own_pattern() -> None:
    """Set 22: regulators "TX_RRC (42), NM_OCD (30)" listed after "the API number's state code" in
    one tool's description became the values of every `api_number` (pattern NN-NNN-NNNNN-NN-NN),
    and 9 of 16 tools were skipped as unsampleable."""
    from generator.core.lore import annotate
    from generator.records import Tool

    api = {"type": "string", "pattern": "^[0-9]{2}-[0-9]{3}-[0-9]{5}-[0-9]{2}-[0-9]{2}$",
           "description": "14-digit API well number, e.g. 42-317-41235-00-00."}
    well = Tool(name="get_well", app="", api="get_well", description="Get a well.", domain="drilling",
                parameters={"type": "object", "properties": {"api_number": api}, "required": ["api_number"]})
    notice = Tool(name="submit_regulatory_notice", app="", api="submit_regulatory_notice", domain="drilling",
                  description="Submit a notice to the agency (from the API number's state code): TX_RRC (42), "
                              "NM_OCD (30), OK_OCC (35), LA_SONRIS (17).",
                  parameters={"type": "object", "properties": {"api_number": api, "agency": {"type": "string"}},
                              "required": ["api_number", "agency"]})
    for tool in annotate([well, notice]):
        assert "enum" not in tool.said.get("api_number", {}), tool.said
