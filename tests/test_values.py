"""generator.core.values: sampled arguments always validate; sources are used in order."""

from __future__ import annotations

import json
import random
import re
from datetime import datetime
from pathlib import Path

import jsonschema
import pytest

from generator.core import semantic
from generator.core.schema import argument_errors
from generator.core.values import (
    examples_of,
    is_temporal,
    is_valid,
    meal_for_hour,
    sample_arguments,
    schema_type,
    temporal_value,
    value_for,
    value_format,
)
from generator.records import Tool

CATALOG = Path(__file__).resolve().parents[1] / "examples" / "catalog.json"


def load_tools() -> list[Tool]:
    try:
        from generator.readers import read_catalog
        return read_catalog(CATALOG)
    except ImportError:  # readers not available: build Tools from the raw JSON
        tools = []
        for raw in json.loads(CATALOG.read_text()):
            x = raw["x-trajgen"]
            tools.append(Tool(name=raw["function"]["name"], app=x["app"], api=x["api"], domain=x["domain"],
                              parameters=raw["function"]["parameters"]))
        return tools


def tool_with(props: dict, required: list[str] | None = None) -> Tool:
    return Tool(name="Demo_call", app="Demo", api="call", domain="demo",
                parameters={"type": "object", "properties": props, "required": required or []})


def test_sampled_arguments_validate_for_every_catalog_tool_over_many_seeds():
    tools = load_tools()
    checks = {t.name: jsonschema.Draft202012Validator(t.parameters) for t in tools}
    for seed in range(30):
        rng = random.Random(seed)
        for tool in tools:
            args = sample_arguments(tool, rng, optional_rate=seed % 3 / 2)
            assert not list(checks[tool.name].iter_errors(args)), (tool.name, args)
            assert set(tool.required) <= set(args)


def test_optional_rate_bounds():
    tools = load_tools()
    rng = random.Random(1)
    for tool in tools:
        assert set(sample_arguments(tool, rng, optional_rate=0.0)) == set(tool.required)
        full = set(sample_arguments(tool, rng, optional_rate=1.0))
        # only a string nothing says the meaning of is left out (no "default" is sent for it)
        assert full <= set(tool.properties) and all(_textual(tool.properties[p]) for p in set(tool.properties) - full)


def _textual(schema: dict) -> bool:
    items = schema.get("items") if isinstance(schema.get("items"), dict) else {}
    return schema.get("type") in (None, "string") or items.get("type") in (None, "string")


def test_fixed_then_pool_then_enum_then_examples_then_default():
    """Fixed, pool and enum values always win; a given example is used often, a stated default
    of an optional parameter most of the time (it is what people leave a setting at), neither
    always; a required parameter's "default" is only an example (it has no default to fall to)."""
    tool = tool_with({
        "city": {"type": "string", "description": "City, e.g. 'Port Calder'"},
        "mode": {"type": "string", "enum": ["car", "bike"], "default": "car"},
        "size": {"type": "integer", "default": 3},
        "level": {"type": "integer", "default": 3},
        "name": {"type": "string"},
    }, ["city", "mode", "size", "name"])
    calls = [sample_arguments(tool, random.Random(seed), fixed={"name": "Ada"}, pool={"mode": ["bike", "plane"]},
                              optional_rate=1.0) for seed in range(60)]
    assert all(c["name"] == "Ada" and c["mode"] == "bike" for c in calls)
    cities, sizes, levels = [c["city"] for c in calls], [c["size"] for c in calls], [c["level"] for c in calls]
    assert 0.4 < cities.count("Port Calder") / 60 < 0.85 and len(set(cities)) > 5
    assert 0.6 < levels.count(3) / 60 < 0.97 and len(set(levels)) > 1
    assert 0.25 < sizes.count(3) / 60 < 0.8 and len(set(sizes)) > 3


@pytest.mark.parametrize("schema,fmt", [
    ({"type": "string", "description": "Start, %Y-%m-%dT%H:%M:%S."}, "%Y-%m-%dT%H:%M:%S"),
    ({"type": "string", "description": "Day (MM/DD/YYYY)"}, "%m/%d/%Y"),
    ({"type": "string", "format": "date-time"}, "%Y-%m-%dT%H:%M:%SZ"),  # RFC 3339 needs the offset
    ({"type": "string", "description": "Time like %I:%M %p"}, "%I:%M %p"),
    ({"type": "string", "description": "Date, format %Y-%m-%d, e.g. tomorrow"}, "%Y-%m-%d"),
])
def test_described_formats_are_followed(schema, fmt):
    assert value_format(schema) == fmt
    for seed in range(10):
        datetime.strptime(value_for(schema, random.Random(seed), name="x"), fmt)


def test_invalid_pool_values_are_skipped():
    schema = {"type": "string", "enum": ["a", "b"]}
    for seed in range(20):
        assert value_for(schema, random.Random(seed), name="x", pool={"x": ["zzz", 5]}) in ("a", "b")


def test_unknown_fixed_parameter_is_refused():
    with pytest.raises(ValueError, match="unknown parameters: nope"):
        sample_arguments(tool_with({"a": {"type": "string"}}), random.Random(0), fixed={"nope": 1})


def test_examples_from_description_and_schema():
    assert examples_of({"description": "Size label, e.g. 'M' or '42'"}) == ["M", "42"]
    assert examples_of({"examples": ["x"], "description": "such as \"Lindenfeld\""}) == ["x", "Lindenfeld"]


def test_formats_are_respected():
    ref = datetime(2025, 3, 10, 9, 7)
    props = {"day": {"type": "string", "description": "Day, format %Y-%m-%d"},
             "at": {"type": "string", "description": "Time, format %H:%M"},
             "start": {"type": "string", "description": "Start, format %Y-%m-%d %H:%M"},
             "iso": {"type": "string", "format": "date"}}
    for seed in range(30):
        args = sample_arguments(tool_with(props, list(props)), random.Random(seed), ref=ref)
        day = datetime.strptime(args["day"], "%Y-%m-%d")
        assert 0 <= (day - datetime(2025, 3, 10)).days <= 7
        assert datetime.strptime(args["at"], "%H:%M").minute % 15 == 0
        assert datetime.strptime(args["start"], "%Y-%m-%d %H:%M") > ref
        datetime.strptime(args["iso"], "%Y-%m-%d")


@pytest.mark.parametrize("schema", [
    {"type": "number", "minimum": 500},
    {"type": "number", "minimum": 0, "maximum": 1},
    {"type": "integer", "maximum": 0},
    {"type": "integer", "exclusiveMinimum": 10, "exclusiveMaximum": 12},
    {"type": "string", "minLength": 40},
    {"type": "string", "maxLength": 2},
    {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 3}, "minItems": 2,
     "maxItems": 2, "uniqueItems": True},
    {"type": "array", "items": {"type": "string", "enum": ["x", "y", "z"]}, "minItems": 3},
    {"type": "object", "properties": {"k": {"type": "boolean"}}, "required": ["k"]},
    {"type": ["string", "null"]},
    {"type": "float"},
    {"enum": [1, 2]},
])
def test_bounds_and_shapes_are_met(schema):
    norm = {**schema, "type": "number"} if schema.get("type") == "float" else schema
    for seed in range(25):
        value = value_for(schema, random.Random(seed), name="price")
        jsonschema.validate(value, norm)


def test_impossible_schema_raises_instead_of_returning_invalid():
    with pytest.raises(ValueError, match="cannot produce"):
        value_for({"type": "string", "pattern": "^Q{5}$", "maxLength": 3}, random.Random(0), name="code")
    assert value_for({"type": "string", "pattern": "^Q{5}$"}, random.Random(0), name="code") == "QQQQQ"


def test_names_guide_realistic_fakes():
    rng = random.Random(4)
    assert value_for({"type": "string"}, rng, name="restaurant_id").startswith("RES-")
    assert "@" in value_for({"type": "string"}, rng, name="email")
    assert 1 <= value_for({"type": "integer"}, rng, name="party_size") <= 4


@pytest.mark.parametrize("name,schema,kind", [
    ("meal_type", {"type": "string", "enum": ["breakfast", "lunch", "dinner"]}, "meal"),
    ("when", {"type": "string", "enum": ["today", "tomorrow", "this_weekend"]}, "relative_date_enum"),
    ("remind_time", {"type": "string", "enum": ["today_only", "everyday", "weekdays"]}, None),
    ("travel_date", {"type": "string"}, "date"),
    ("x", {"type": "string", "description": "format %Y-%m-%d %H:%M"}, "datetime"),
    ("depart_at", {"type": "string", "description": "format %H:%M"}, "time"),
    ("start", {"type": "string", "format": "date-time"}, "datetime"),
    ("time", {"type": "string"}, "time"),
    ("timeout", {"type": "integer"}, None),
    ("time_zone", {"type": "string"}, None),
    ("when", {"type": "string", "description": "ISO time, %Y-%m-%dT%H:%M:%S"}, "datetime"),
    ("day", {"type": "string", "description": "Day as MM/DD/YYYY"}, "date"),
    ("city", {"type": "string"}, None),
])
def test_is_temporal(name, schema, kind):
    assert is_temporal(name, schema) == kind


@pytest.mark.parametrize("hour,meal", [(6, "breakfast"), (9, "breakfast"), (10, "lunch"), (14, "lunch"),
                                       (15, "dinner"), (20, "dinner"), (21, "night_snack"), (23, "night_snack")])
def test_meal_by_hour(hour, meal):
    assert meal_for_hour(hour) == meal
    spec = {"type": "string", "enum": ["breakfast", "lunch", "dinner", "night_snack"]}
    assert temporal_value("meal_type", spec, datetime(2025, 1, 1, hour, 30), random.Random(0)) == meal


def test_temporal_value_none_for_non_temporal_or_unfit():
    rng = random.Random(0)
    when = datetime(2025, 1, 1, 22, 0)
    assert temporal_value("city", {"type": "string"}, when, rng) is None
    assert temporal_value("meal", {"type": "string", "enum": ["breakfast", "lunch"]}, when, rng) is None
    assert temporal_value("when", {"type": "string", "enum": ["tomorrow", "today"]}, when, rng) == "today"


def test_deterministic_and_independent_of_global_random():
    tools = load_tools()
    random.seed(1)
    first = [sample_arguments(t, random.Random(7)) for t in tools]
    random.seed(2)
    second = [sample_arguments(t, random.Random(7)) for t in tools]
    assert json.dumps(first) == json.dumps(second)


def test_validators_fail_on_bad_values():
    assert not is_valid({"type": "string", "enum": ["a"]}, "b")
    assert not is_valid({"type": "integer", "maximum": 3}, 4)
    assert not is_valid({"type": "number"}, float("nan"))
    tool = tool_with({"n": {"type": "integer"}}, ["n"])
    assert argument_errors(tool, {"n": "x"})
    assert argument_errors(tool, {})
    assert argument_errors(tool, {"n": 1}) == []


def test_schema_type_aliases():
    assert schema_type({"type": "dict"}) == "object"
    assert schema_type({"enum": [True]}) == "boolean"
    assert schema_type({"type": ["null", "integer"]}) == "integer"


def test_generic_names_take_their_kind_from_the_description() -> None:
    """ "items" of a food order are dishes, not backpacks; "query" of a music app is an artist."""
    rng = random.Random(3)
    dishes = set(semantic.DISHES)
    for _ in range(10):
        items = value_for({"type": "array", "items": {"type": "string"}, "description": "Dishes to order"},
                          rng, name="items")
        assert set(items) <= dishes, items
    query = value_for({"type": "string", "description": "Song, album or artist to play"}, rng, name="query")
    assert query not in {"backpack", "yoga mat", "desk lamp"}
    # without a telling description the name decides, as before
    assert value_for({"type": "string", "description": "What to search for"}, rng, name="query") in {
        *semantic.PRODUCTS, *semantic.TOPICS, *semantic.DISHES}


@pytest.mark.parametrize(("name", "description", "kind"), [
    ("window_start", "ISO 8601 date-time with offset.", "datetime"),
    ("from_ts", "Start as an RFC 3339 timestamp", "datetime"),
    ("cutoff", "Date (ISO 8601) after which nothing is kept", "date"),
    ("period_start", "", "date"),
    ("period_end", "", "date"),
    ("shift_end", "", "datetime"),
    ("billing_period_from", "", "date"),
    ("range_start", "", None),  # a range may be of numbers
    ("notes", "Free text; dates in ISO 8601 are fine", None),
])
def test_a_moment_named_in_words_or_by_its_span_is_a_moment(name: str, description: str, kind: str | None) -> None:
    """ "ISO 8601 date-time with offset" and `period_start` are moments: drawing "start 2" or
    "monthly" for them broke every rule that orders them (the freight reading)."""
    from generator.core.values import is_temporal

    schema = {"type": "string", **({"description": description} if description else {})}
    assert is_temporal(name, schema) == kind


@pytest.mark.parametrize(("pattern", "shape"), [
    (r"^\d{4}-(0[1-9]|1[0-2])$", "%Y-%m"),
    (r"^\d{4}-\d{2}-\d{2}$", "%Y-%m-%d"),
    (r"^\d{4}(0[1-9]|1[0-2])$", "%Y%m"),
    (r"^\d{6}$", None),  # six digits are a code, not a month
    (r"^PU-\d{6}-\d{4}$", None),
])
def test_a_pattern_that_spells_a_date_gives_a_date_near_the_query(pattern: str, shape: str | None) -> None:
    """A billing month `^\\d{4}-(0[1-9]|1[0-2])$` was drawn as '0147-12' by a regex walk."""
    from generator.core.values import sample_arguments

    ref = datetime(2025, 6, 2, 9)
    tool = Tool(name="bill", app="billing", api="bill", domain="billing", description="", parameters={"type": "object", "required": ["period"], "properties": {
        "period": {"type": "string", "pattern": pattern}}})
    for seed in range(10):
        value = sample_arguments(tool, random.Random(seed), ref=ref)["period"]
        assert re.fullmatch(pattern, value)
        if shape:
            assert abs((datetime.strptime(value, shape) - ref).days) <= 92, value


@pytest.mark.parametrize("name,lo", [("justification", 200), ("statement", 20), ("notes", 120)])
def test_long_free_text_without_a_description_is_sentences_not_chat(name, lo):
    """A required free-text field the catalog says nothing of but its length (a 200-character
    justification, a parking appeal's statement): a valid value made of sentences, never padded
    with chat lines, and never an error (it once skipped the tool, or crashed the run mid-way)."""
    for seed in range(20):
        value = value_for({"type": "string", "minLength": lo, "maxLength": 3000}, random.Random(seed), name=name)
        assert len(value) >= lo
        assert "birthday" not in value and "running late" not in value
        if len(value) > 60:
            assert value.rstrip().endswith((".", "!", "?")) and value[0].isupper()
