"""Values a person would write, on any catalog (issue 21): no label of the parameter's own name
and a number ("administered 4"), no phrase lifted from a description ("facility code"), a code
from a list the prose gives as "code meaning" pairs, vital signs and prices in cents at their
real scale. Each property draws through `values.sample_arguments` on tools built from generated
names and prose, and is checked by the independent plausibility audit where it has a check."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core import allowed, lore, quantities, values
from generator.core.plausibility import audit_calls
from generator.readers import read_catalogs
from generator.records import Tool

FIXTURES = sorted((Path(__file__).parent / "fixtures" / "catalogs").glob("*.json"))
VERBS = ["administered", "reported", "authorized", "verified", "approved", "signed", "collected", "reviewed",
         "performed", "written", "taken", "entered"]
WORDS = st.sampled_from(["drought", "heat", "hail", "fire", "frost", "flood", "wind", "insects", "corn", "wheat",
                         "cotton", "rice", "excess moisture", "plant disease", "grain sorghum"])


def _tool(name: str, properties: dict[str, Any], description: str = "Does a thing.") -> Tool:
    parameters = {"type": "object", "properties": properties, "required": list(properties)}
    return lore.annotate([Tool(name=name, app="t", api=name, domain="t", description=description,
                               parameters=parameters)])[0]


def _own_words_failed(tool: Tool, args: dict[str, Any]) -> int:
    tally = audit_calls([(tool.parameters["properties"], args)])
    return tally.failed["own_words"]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(VERBS), st.integers(0, 10_000))
def test_who_did_it_is_a_person_not_a_label(verb: str, seed: int) -> None:
    tool = _tool("record_step", {f"{verb}_by": {"type": "string"}})
    args = values.sample_arguments(tool, random.Random(seed))
    value = args[f"{verb}_by"]
    assert not value.lower().startswith(verb), value
    assert _own_words_failed(tool, args) == 0, args


@settings(max_examples=30, deadline=None)
@given(st.integers(8, 16), st.sampled_from(["facility code", "site code", "plant code"]),
       st.sampled_from(["collection", "donation", "production"]), st.integers(0, 10_000))
def test_an_id_whose_description_spells_its_parts_is_no_phrase_of_it(length: int, part: str, year: str,
                                                                    seed: int) -> None:
    example = "W" + "".join(str((seed + i) % 10) for i in range(length - 1))
    desc = (f"Donation number, {length} characters: {part} (letter + 4 digits), 2-digit {year} year, "
            f"6-digit serial, e.g. {example}. Do not include the check character.")
    tool = _tool("get_unit", {"unit_no": {"type": "string", "description": desc}})
    assert allowed.read(desc).allowed == ()
    for draw in range(5):
        args = values.sample_arguments(tool, random.Random(seed * 7 + draw))
        assert part not in args["unit_no"] and year not in args["unit_no"], args
        assert _own_words_failed(tool, args) == 0, args


CODES = st.lists(st.from_regex(r"[0-9]{2,4}", fullmatch=True), min_size=3, max_size=7, unique=True)


@settings(max_examples=40, deadline=None)
@given(CODES, st.lists(WORDS, min_size=7, max_size=7), st.sampled_from(["plain", "quoted", "equals"]),
       st.sampled_from(["param", "tool"]), st.integers(0, 10_000))
def test_codes_listed_with_their_meanings_are_drawn_as_codes(codes: list[str], meanings: list[str], style: str,
                                                            where: str, seed: int) -> None:
    pairs = {"plain": "{c} {m}", "quoted": "'{c}' {m}", "equals": "{c} = {m}"}[style]
    listing = ", ".join(pairs.format(c=c, m=m) for c, m in zip(codes, meanings, strict=False))
    lead = "RMA cause code:" if style != "equals" else "RMA cause code"
    if where == "param":
        tool = _tool("file_claim", {"cause_code": {"type": "string", "description": f"{lead} {listing}."}})
    else:
        tool = _tool("file_claim", {"cause_code": {"type": "string"}},
                     description=f"File a claim. cause_code is an {lead} {listing}. Late notices need a reason.")
    for draw in range(4):
        value = values.sample_arguments(tool, random.Random(seed + draw))["cause_code"]
        assert value in codes, (value, listing)


VITALS = {"bp_systolic": (80, 200), "bp_diastolic": (40, 120), "pulse_bpm": (40, 150), "spo2_pct": (85, 100),
          "heart_rate": (40, 150)}


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000))
def test_vital_signs_and_cents_are_at_a_real_scale(seed: int) -> None:
    props: dict[str, Any] = {name: {"type": "integer"} for name in VITALS}
    props["temp_f"] = {"type": "number", "description": "Oral temperature, °F."}
    props["max_unit_price_cents"] = {"type": "integer", "minimum": 0}
    props["cost_per_acre_cents"] = {"type": "integer", "minimum": 0}
    args = values.sample_arguments(_tool("record_vitals", {"vitals": {"type": "object", "properties": props,
                                                                      "required": list(props)}}),
                                   random.Random(seed))["vitals"]
    for name, (lo, hi) in VITALS.items():
        assert lo <= args[name] <= hi, (name, args[name])
    assert 95 <= args["temp_f"] <= 104 and args["max_unit_price_cents"] >= 100 and args["cost_per_acre_cents"] >= 500
    assert args["bp_systolic"] > args["bp_diastolic"] or quantities.measure("bp_systolic", {}) is None


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(FIXTURES), st.integers(0, 10_000))
def test_no_fixture_catalog_value_is_a_code_glued_to_its_meaning(path: Path, seed: int) -> None:
    rng = random.Random(seed)
    for tool in lore.annotate(read_catalogs([path.name], base_dir=path.parent)):
        for name, schema in tool.parameters.get("properties", {}).items():
            listed = allowed.read(str(schema.get("description") or "")).allowed
            assert not any(" " in v and v.split()[0].isdigit() for v in listed), (tool.name, name, listed)
        try:
            args = values.sample_arguments(tool, rng)
        except values.Unsampleable:
            continue
        bad = {k: v for k, v in args.items() if isinstance(v, str) and k.endswith("_by") and v.lower().startswith(
            k.split("_")[0])}
        assert not bad, (tool.name, bad)
