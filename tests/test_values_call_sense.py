"""Values that make sense inside their own call (issue 21): moments the tool's prose writes, free
text that speaks of the call's own categories, no thing twice in one list or one parallel batch,
no clock time as an identifier. Checked on generated tools (hypothesis) and on the fixture catalogs.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sweep import sweep

from generator.core import freetext, lore
from generator.core.values import REFERENCE_TIME, sample_arguments
from generator.records import Tool

FIXTURES = Path(__file__).parent / "fixtures" / "catalogs"
# every fixture catalog in the acceptance step, four of them (varied formats and domains) in the fast suite
CATALOGS = sweep(sorted(p.stem for p in FIXTURES.glob("*.json")),
                 fast=("dental_practice", "fire_dispatch", "household_movers_bfcl", "hospital_blood_bank"))
WORD = st.from_regex(r"[a-z]{5,9}", fullmatch=True).filter(lambda w: w not in freetext._STOP)
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _tool(name: str, props: dict[str, Any], description: str = "", required: list[str] | None = None) -> Tool:
    return lore.annotate([Tool(name=name, app="a", api=name, domain="d", description=description,
                               parameters={"type": "object", "properties": props,
                                           "required": required or list(props)})])[0]


def _catalog(name: str) -> list[Tool]:
    from generator.readers import read_catalogs

    return lore.annotate(read_catalogs([f"{name}.json"], base_dir=FIXTURES))


def _moment(value: str) -> datetime:
    return datetime.fromisoformat(value).replace(tzinfo=None)


# ---------------------------------------------------------------- 1. moments with no description

@SETTINGS
@given(pair=st.sampled_from([("since", "until"), ("start", "end"), ("begin", "end")]), subject=WORD,
       lead=st.sampled_from(["`{a}` and `{b}` are ISO 8601 with offset.", "Returns hourly readings over a window.",
                             "Trend of one channel; at most 3 days."]),
       seed=st.integers(0, 10_000))
def test_bare_period_bounds_are_moments_near_the_query_in_order(pair: tuple[str, str], subject: str, lead: str,
                                                                seed: int) -> None:
    a, b = pair
    tool = _tool(f"get_{subject}_log", {a: {"type": "string"}, b: {"type": "string"}}, lead.format(a=a, b=b))
    args = sample_arguments(tool, random.Random(seed))
    start, end = _moment(args[a]), _moment(args[b])
    assert start < end, args
    assert abs(start - REFERENCE_TIME) < timedelta(days=31) and start <= REFERENCE_TIME, args


@SETTINGS
@given(verb=st.sampled_from(["sampled", "collected", "measured", "tested"]), seed=st.integers(0, 10_000))
def test_a_bare_done_on_parameter_is_a_recent_date(verb: str, seed: int) -> None:
    tool = _tool("log_sample", {f"{verb}_on": {"type": "string"}}, "Log a sample sent to the lab.")
    day = datetime.strptime(sample_arguments(tool, random.Random(seed))[f"{verb}_on"], "%Y-%m-%d")
    assert timedelta(0) <= REFERENCE_TIME - day <= timedelta(days=4)


def test_a_from_to_pair_with_no_time_prose_is_not_made_a_moment() -> None:
    tool = _tool("transfer_funds", {"from": {"type": "string"}, "to": {"type": "string"}}, "Move money.")
    assert "from" not in tool.said and "to" not in tool.said


# ---------------------------------------------------------------- 2. free text agrees with its call

@SETTINGS
@given(members=st.lists(WORD, min_size=3, max_size=5, unique=True), marks=st.lists(WORD, min_size=5, max_size=5,
                                                                                    unique=True),
       seed=st.integers(0, 10_000))
def test_free_text_speaks_of_the_calls_own_category(members: list[str], marks: list[str], seed: int) -> None:
    marks = [m for m in marks if m not in members][: len(members)]
    if len(marks) < len(members):
        return
    prose = "Report a finding: " + ", ".join(f"'{m}' ({k} seen)" for m, k in zip(members, marks, strict=True)) + "."
    examples = " or ".join(f"'a {k} near the door'" for k in marks)
    tool = _tool("report_finding", {"kind": {"type": "string", "enum": members},
                                    "description": {"type": "string", "description": f"What was seen, e.g. {examples}."}},
                 prose)
    args = sample_arguments(tool, random.Random(seed))
    own = marks[members.index(args["kind"])]
    others = set(marks) - {own}
    said = freetext.stems(args["description"])
    assert not said & others, args
    assert not freetext.everyday(args["description"]), args


@pytest.mark.parametrize("name", CATALOGS)
def test_no_fixture_call_carries_wording_from_another_life_beside_a_category(name: str) -> None:
    rng = random.Random(7)
    for tool in _catalog(name):
        for _ in range(6):
            args = sample_arguments(tool, rng, optional_rate=0.8)
            cats = [n for n, v in args.items() if isinstance(v, str) and len((tool.properties.get(n) or {}).get("enum")
                                                                                or lore.drawing_parameters(tool)["properties"]
                                                                                .get(n, {}).get("enum") or []) >= 2]
            if cats:
                assert not any(isinstance(v, str) and freetext.everyday(v) for v in args.values()), (tool.name, args)


# ---------------------------------------------------------------- 3. no thing twice

@SETTINGS
@given(thing=WORD, prefix=st.from_regex(r"[A-Z]{2,3}", fullmatch=True), n=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_the_objects_of_one_list_are_different_things(thing: str, prefix: str, n: int, seed: int) -> None:
    items = {"type": "object", "properties": {f"{thing}_id": {"type": "string", "description": f"e.g. '{prefix}-0218'"},
                                              "quantity": {"type": "integer", "minimum": 1}},
             "required": [f"{thing}_id", "quantity"]}
    tool = _tool("weigh", {"lines": {"type": "array", "items": items, "minItems": n}})
    lines = sample_arguments(tool, random.Random(seed))["lines"]
    keys = [line[f"{thing}_id"] for line in lines]
    assert len(keys) == len(set(keys)), lines


@pytest.mark.parametrize("name", CATALOGS)
def test_fixture_lists_of_objects_hold_each_thing_once(name: str) -> None:
    rng = random.Random(5)
    for tool in _catalog(name):
        for _ in range(6):
            args = sample_arguments(tool, rng, optional_rate=0.8)
            for param, value in args.items():
                items = (tool.properties.get(param) or {}).get("items")
                key = lore.item_key(items) if isinstance(items, dict) and isinstance(value, list) else None
                seen = [v[key] for v in value if isinstance(v, dict) and key in v] if key else []
                assert len(seen) == len(set(map(str, seen))), (tool.name, param, value)


@pytest.mark.parametrize("name", CATALOGS)
def test_a_parallel_batch_acts_on_each_thing_once(name: str) -> None:
    from generator.products.sdg import make_calls
    from generator.traject.sample import sample_parallel

    rng = random.Random(11)
    tools = [t for t in _catalog(name) if t.properties]
    varied = []
    for tool in tools:
        calls = make_calls(tool, rng, 3) or []
        acted = [lore.acted_on(tool.parameters, c.arguments) for c in calls]
        assert sum(map(len, acted)) == len(set().union(*acted)), (tool.name, [c.arguments for c in calls])
        varied += [tool] if calls and all(acted) else []  # the things it acts on can differ
    for tool in varied[:6]:  # a TRAJECT batch calling one tool several times
        target = sample_parallel("p", [tool], 3, rng, allow_repeats=True)
        acted = [lore.acted_on(tool.parameters, c.arguments) for c in target.calls]
        assert sum(map(len, acted)) == len(set().union(*acted)), target.calls


# ---------------------------------------------------------------- 4. a clock time is no id

@SETTINGS
@given(thing=st.from_regex(r"[A-Z]{3}", fullmatch=True), h1=st.integers(5, 9), h2=st.integers(10, 14),
       seed=st.integers(0, 10_000))
def test_an_identifier_never_takes_the_clock_times_of_its_tools_prose(thing: str, h1: int, h2: int, seed: int) -> None:
    prose = (f"Schedule a crew. Every member needs a valid {thing} ID (e.g. '{thing}-4821-7719'); "
             f"shift_start is local 'HH:MM', between {h1:02d}:00 and {h2:02d}:00.")
    member = {"type": "object", "properties": {"tech_id": {"type": "string"}, f"{thing.lower()}_id": {"type": "string"}},
              "required": ["tech_id", f"{thing.lower()}_id"]}
    tool = _tool("schedule_crew", {"shift_start": {"type": "string"}, "crew": {"type": "array", "items": member}},
                 prose)
    for member_args in sample_arguments(tool, random.Random(seed))["crew"]:
        assert not lore.is_moment_value(member_args[f"{thing.lower()}_id"]), member_args


@pytest.mark.parametrize("prose", ["Schedule a crew. gwo_id: 06:00, 08:00 or 10:00.",
                                   "Schedule a crew. The GWO ID is one of '06:00', '10:00'."])
def test_an_identifier_the_prose_writes_times_beside_is_still_an_identifier(prose: str) -> None:
    tool = _tool("schedule_crew", {"gwo_id": {"type": "string"}, "shift_start": {"type": "string"}}, prose)
    said = [sample_arguments(tool, random.Random(seed))["gwo_id"] for seed in range(6)]
    assert not any(lore.is_moment_value(v) for v in said), said  # never a certificate id "06:00"


@pytest.mark.parametrize("name", CATALOGS)
def test_no_fixture_identifier_is_a_clock_time_or_a_date(name: str) -> None:
    rng = random.Random(3)
    for tool in _catalog(name):
        for _ in range(6):
            for path, value in _leaves(sample_arguments(tool, rng, optional_rate=0.8)):
                if lore.entity_keys(lore.leaf_name(path)) and not _dated(path):
                    assert not lore.is_moment_value(value), (tool.name, path, value)


def _dated(path: str) -> bool:
    return any(w in path for w in ("date", "time", "_at", "_on", "day"))


def _leaves(value: Any, path: str = "") -> list[tuple[str, Any]]:
    if isinstance(value, dict):
        return [leaf for k, v in value.items() for leaf in _leaves(v, f"{path}.{k}" if path else k)]
    if isinstance(value, list):
        return [leaf for v in value for leaf in _leaves(v, f"{path}[]")]
    return [(path, value)]


@SETTINGS
@given(thing=WORD, other=WORD, status=WORD, seed=st.integers(0, 10_000))
def test_the_fields_a_tool_returns_are_no_values_of_its_identifier(thing: str, other: str, status: str, seed: int) -> None:
    prose = f"Close a {thing}. Returns {{{thing}_id, status: '{status}', {other}_total}}."
    tool = _tool(f"close_{thing}", {f"{thing}_id": {"type": "string", "description": f"e.g. {thing[:2].upper()}-0042"}},
                 prose)
    value = sample_arguments(tool, random.Random(seed))[f"{thing}_id"]
    assert value not in (status, f"{other}_total"), value
