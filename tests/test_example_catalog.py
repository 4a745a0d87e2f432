"""examples/catalog.json: an original OpenAI-tools catalog with phrasing hints and outputs."""

from __future__ import annotations

import copy
import json
import re
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import jsonschema
import pytest

CATALOG = Path(__file__).resolve().parents[1] / "examples" / "catalog.json"
SLOT = re.compile(r"\{(\w+)\}")
OPTIONAL = re.compile(r"\[[^\[\]]*\]")
META_SCHEMA = jsonschema.Draft202012Validator.META_SCHEMA


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    return json.loads(CATALOG.read_text(encoding="utf-8"))


def props(rec: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return rec["function"]["parameters"]["properties"]


def structure_problems(rec: dict[str, Any]) -> list[str]:
    """Shape of one tool record: naming, schema, parameter counts."""
    fn, x = rec["function"], rec["x-trajgen"]
    problems = []
    if rec.get("type") != "function" or set(rec) != {"type", "function", "x-trajgen"}:
        problems.append("record keys")
    if "_" in x["app"] or fn["name"] != f"{x['app']}_{x['api']}":
        problems.append(f"name {fn['name']!r} is not <App>_<api> with an underscore-free app")
    params = fn["parameters"]
    if params.get("type") != "object" or not jsonschema.Draft202012Validator(META_SCHEMA).is_valid(params):
        problems.append("parameters are not a JSON Schema object")
    if not 2 <= len(params["properties"]) <= 8 or len(params["required"]) > 3:
        problems.append("2-8 params and 0-3 required expected")
    if not set(params["required"]) <= set(params["properties"]):
        problems.append("required names unknown params")
    problems += [f"default of {k} invalid" for k, s in params["properties"].items()
                 if "default" in s and not jsonschema.Draft202012Validator(s).is_valid(s["default"])]
    if not x.get("output") or not x["output"].endswith("."):
        problems.append("output sentence missing")
    return problems


def hint_problems(rec: dict[str, Any]) -> list[str]:
    """Phrasing hints: slots, nouns and surface words name real params / enum values."""
    p, h = props(rec), rec["x-trajgen"]["hints"]
    problems = []
    if not 3 <= len(h["intents"]) <= 4 or not 2 <= len(h["need"]) <= 3:
        problems.append("3-4 intents and 2-3 need statements expected")
    for intent in h["intents"]:
        problems += [f"slot {s} is not a param" for s in SLOT.findall(intent) if s not in p]
        if not intent[:1].islower() or intent[-1:] in ".?!":
            problems.append(f"intent {intent!r} must start lower-case, no trailing punctuation")
    if not any(not SLOT.search(OPTIONAL.sub("", i)) for i in h["intents"]):
        problems.append("no intent usable when every value is omitted (all slots bracketed)")
    if set(SLOT.findall(h["intents"][0])) != set(p):
        problems.append("first intent must have a slot for every param")
    if set(h["nouns"]) != set(p):
        problems.append("nouns must cover exactly the params")
    for name, spec in p.items():
        values = [str(v) for v in spec.get("enum", [])] or (["true", "false"] if spec["type"] == "boolean" else [])
        if values and set(h["surface"].get(name, {})) != set(values):
            problems.append(f"surface of {name} must cover exactly its values")
    problems += [f"surface for non-enum {k}" for k in h["surface"] if k not in p]
    return problems


def test_size_and_domains(records):
    domains = Counter(r["x-trajgen"]["domain"] for r in records)
    assert len(records) >= 48
    assert len(domains) >= 7
    assert min(domains.values()) >= 3
    assert len({r["function"]["name"] for r in records}) == len(records)


def test_every_tool_is_well_formed(records):
    problems = {r["function"]["name"]: structure_problems(r) + hint_problems(r) for r in records}
    assert {k: v for k, v in problems.items() if v} == {}


def test_checks_catch_broken_tools(records):
    bad = copy.deepcopy(records[0])
    bad["x-trajgen"]["app"] = "Ride_ly"
    bad["function"]["parameters"]["required"] = ["nope"]
    bad["x-trajgen"]["hints"]["intents"][1] = "Go to {nowhere}."
    bad["x-trajgen"]["hints"]["surface"]["car_type"]["rocket"] = "a rocket"
    text = " | ".join(structure_problems(bad) + hint_problems(bad))
    for expected in ("underscore-free", "required names unknown", "slot nowhere", "lower-case",
                     "surface of car_type"):
        assert expected in text


def test_competing_apps_per_function(records):
    apps = defaultdict(set)
    for r in records:
        apps[r["x-trajgen"]["api"]].add(r["x-trajgen"]["app"])
    shared = {api for api, a in apps.items() if len(a) >= 2}
    assert len(shared) >= 8
    assert {"get_taxi", "search_restaurant", "get_route", "play_music", "search_flights"} <= shared


def test_all_parameter_kinds_occur(records):
    specs = [(n, s) for r in records for n, s in props(r).items()]
    endings = Counter(s.get("description", "").rsplit("format ", 1)[-1] for _, s in specs
                      if "format %" in s.get("description", ""))
    assert any("enum" in s for _, s in specs)
    assert any("default" in s for _, s in specs)
    assert {"integer", "number", "boolean", "array", "string"} <= {s["type"] for _, s in specs}
    # Arrays of strings; item schemas may carry value `examples` (used by generator.core.values).
    assert all(
        {k: v for k, v in s["items"].items() if k != "examples"} == {"type": "string"}
        for _, s in specs
        if s["type"] == "array"
    )
    for fmt in ("%Y-%m-%d", "%H:%M", "%Y-%m-%d %H:%M"):
        assert endings[fmt] >= 3, fmt
    enums = {n: set(s["enum"]) for n, s in specs if "enum" in s}
    assert {"breakfast", "lunch", "dinner", "night_snack"} <= enums["meal_type"]
    assert {"today_only", "everyday", "weekdays"} <= enums["remind_time"]
    assert any({"today", "tomorrow", "this_weekend"} <= v for v in enums.values())


def test_temporal_kinds_are_recognized(records):
    from generator.core.values import is_temporal
    kinds = Counter(is_temporal(n, s) for r in records for n, s in props(r).items())
    for kind in ("date", "time", "datetime", "meal", "relative_date_enum"):
        assert kinds[kind] >= 3, kind


def producer_consumer_pairs(records) -> set[tuple[str, str, str]]:
    """(producer, consumer, param): an *_id param of a same-domain tool named in an output."""
    pairs = set()
    for prod in records:
        out = set(re.findall(r"\w+", prod["x-trajgen"]["output"]))
        for cons in records:
            same = prod["x-trajgen"]["domain"] == cons["x-trajgen"]["domain"]
            for param in props(cons):
                if same and prod is not cons and param.endswith("_id") and param in out:
                    pairs.add((prod["function"]["name"], cons["function"]["name"], param))
    return pairs


def test_sequential_chains_are_possible(records):
    pairs = producer_consumer_pairs(records)
    assert len(pairs) >= 10
    params = {p for _, _, p in pairs}
    assert {"restaurant_id", "flight_id", "product_id", "order_id", "event_id", "hotel_id"} <= params
    # every *_id parameter has some producer, so chained consumers are always fillable
    id_params = {(r["function"]["name"], n) for r in records for n in props(r) if n.endswith("_id")}
    assert id_params == {(c, p) for _, c, p in pairs}


def test_readers_accept_the_catalog():
    from generator import readers

    tools = readers.read_catalog(CATALOG)
    assert len(tools) >= 48
    assert all(t.hints and t.hints.intents and t.output for t in tools)
    assert all("_" not in t.app for t in tools)


def test_no_upstream_names(records):
    upstream = {"Didi", "Meituan", "Taobao", "GaodeMap", "BaiduMap", "Eleme", "Maoyan", "Damai",
                "12306", "CEAir", "Xiaohongshu", "Hupu", "SystemClock", "google"}
    assert not upstream & {r["x-trajgen"]["app"] for r in records}
