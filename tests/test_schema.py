"""generator.core.schema: BFCL <-> JSON Schema and argument validation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from upstream import upstream_path

from generator.core.schema import argument_errors, normalize_schema, to_bfcl, validate_call, validator_for
from generator.errors import InputError
from generator.records import Tool, ToolCall

BFCL_PARAMS = {
    "type": "dict",
    "properties": {
        "base": {"type": "float", "description": "Base.", "optional": True},
        "pop": {"type": "dict", "required": ["adults"], "description": "adults/children"},
        "pair": {"type": "tuple", "items": {"type": "integer"}},
        "whatever": {"type": "any", "description": "anything"},
        "rows": {"type": "array", "items": {"type": "dict", "properties": {"x": {"type": "float"}}}},
        "mode": {"type": "string", "enum": ["a", "b"], "default": "a"},
    },
    "required": ["base"],
}


def tool(parameters: dict, name: str = "demo") -> Tool:
    return Tool(name=name, app=name, api=name, domain="d", parameters=parameters)


DEMO = tool({
    "type": "object",
    "properties": {
        "date": {"type": "string", "format": "date"},
        "count": {"type": "integer"},
        "price": {"type": "number"},
        "flag": {"type": "boolean"},
        "mode": {"type": "string", "enum": ["a", "b"]},
        "tags": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["date"],
})


# ---------------------------------------------------------------- normalize / to_bfcl

def test_normalize_maps_bfcl_types_nested():
    out = normalize_schema(BFCL_PARAMS)
    props = out["properties"]
    assert out["type"] == "object" and out["required"] == ["base"]
    assert props["base"] == {"type": "number", "description": "Base."}  # "optional" dropped
    assert props["pop"]["type"] == "object" and props["pop"]["required"] == ["adults"]
    assert props["pair"] == {"type": "array", "items": {"type": "integer"}}
    assert props["whatever"] == {"description": "anything"}
    assert props["rows"]["items"]["type"] == "object"
    assert props["rows"]["items"]["properties"]["x"]["type"] == "number"
    assert props["mode"] == {"type": "string", "enum": ["a", "b"], "default": "a"}
    Draft202012Validator.check_schema(out)


def test_normalize_list_items_become_prefix_items():
    out = normalize_schema({"type": "tuple", "items": [{"type": "float"}, {"type": "string"}]})
    assert out == {"type": "array", "prefixItems": [{"type": "number"}, {"type": "string"}]}


def test_normalize_does_not_mutate_input():
    before = json.dumps(BFCL_PARAMS, sort_keys=True)
    normalize_schema(BFCL_PARAMS)
    assert json.dumps(BFCL_PARAMS, sort_keys=True) == before


@pytest.mark.parametrize("params, field", [
    ({"type": "dict", "properties": {"x": {"type": "strng"}}}, "parameters.properties.x.type"),
    ({"type": "dict", "properties": {"x": {"type": "string"}}, "required": ["y"]}, "parameters.required"),
    ({"type": "dict", "properties": {"x": {"type": "string"}}, "required": "x"}, "parameters.required"),
    ({"type": "dict", "properties": ["x"]}, "parameters.properties"),
    ({"type": "dict", "properties": {"x": "string"}}, "parameters.properties.x"),
])
def test_normalize_rejects_bad_schemas(params, field):
    with pytest.raises(InputError) as err:
        normalize_schema(params)
    assert err.value.field == field


def test_to_bfcl_is_the_inverse():
    back = to_bfcl(normalize_schema(BFCL_PARAMS))
    assert back["type"] == "dict" and back["required"] == ["base"]
    props = back["properties"]
    assert props["base"]["type"] == "float"
    assert props["pop"]["type"] == "dict" and props["pop"]["required"] == ["adults"]
    assert props["pair"] == {"type": "array", "items": {"type": "integer"}}
    assert props["whatever"]["type"] == "any"
    assert props["rows"]["items"]["properties"]["x"]["type"] == "float"
    assert props["mode"]["enum"] == ["a", "b"] and props["mode"]["default"] == "a"


# ---------------------------------------------------------------- argument validation

def test_valid_arguments_have_no_errors():
    args = {"date": "2025-05-01", "count": 2, "price": 3, "flag": False, "mode": "b", "tags": ["x"]}
    assert argument_errors(DEMO, args) == []
    assert argument_errors(DEMO, {"date": "2025-05-01", "price": 2.5}) == []


@pytest.mark.parametrize("args, expected", [
    ({"date": "2025-05-01", "colour": "red"}, "param 'colour': unknown parameter"),
    ({"date": "2025-05-01", "flag": "true"}, "param 'flag': boolean given as string 'true'"),
    ({"date": "2025-05-01", "count": "3"}, "param 'count': number given as string '3'"),
    ({"date": "2025-05-01", "count": True}, "param 'count': True is not of type 'integer'"),
    ({"date": "2025-05-01", "count": 2.5}, "param 'count': 2.5 is not of type 'integer'"),
    ({"date": "tomorrow"}, "param 'date': 'tomorrow' is not a 'date'"),
    ({"date": "2025-05-01", "mode": "c"}, "param 'mode': 'c' is not one of ['a', 'b']"),
    ({"date": "2025-05-01", "tags": ["x", 3]}, "param 'tags.1': 3 is not of type 'string'"),
    ({}, "param 'date': missing required parameter"),
])
def test_argument_errors_name_the_field(args, expected):
    assert argument_errors(DEMO, args) == [expected]


def test_arguments_not_an_object():
    assert argument_errors(DEMO, ["2025-05-01"]) == ["arguments must be an object, got list"]


def test_unknown_parameter_reported_once_with_additional_properties_false():
    strict = tool({**DEMO.parameters, "additionalProperties": False}, name="strict")
    assert argument_errors(strict, {"date": "2025-05-01", "x": 1}) == ["param 'x': unknown parameter"]


def test_nested_required_names_the_top_param():
    t = tool(normalize_schema(BFCL_PARAMS), name="nested")
    errors = argument_errors(t, {"base": 1.0, "pop": {}})
    assert errors == ["param 'pop.adults': missing required parameter"]
    with pytest.raises(InputError) as err:
        validate_call(t, ToolCall(tool="nested", arguments={"base": 1.0, "pop": {}}))
    assert err.value.field == "pop"


def test_validate_call_raises_with_field():
    with pytest.raises(InputError) as err:
        validate_call(DEMO, ToolCall(tool="demo", arguments={"date": "x", "flag": "no"}))
    assert err.value.field == "date"
    assert "boolean given as string 'no'" in str(err.value)
    validate_call(DEMO, {"date": "2025-01-01"})  # a plain dict of arguments works too


def test_validator_is_cached_per_name_and_schema():
    assert validator_for(DEMO) is validator_for(DEMO.model_copy())
    changed = DEMO.model_copy(update={"parameters": {**DEMO.parameters, "required": []}})
    assert validator_for(changed) is not validator_for(DEMO)


# ---------------------------------------------------------------- real upstream data

def _bfcl_docs(path: Path):
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            obj = json.loads(line)
            yield from obj.get("function", [obj] if "parameters" in obj else [])


@pytest.fixture
def upstream() -> Path:
    return upstream_path()


def _types(schema):
    if isinstance(schema, dict):
        if "type" in schema:
            yield schema["type"]
        for v in schema.values():
            yield from _types(v)
    elif isinstance(schema, list):
        for v in schema:
            yield from _types(v)


def test_all_upstream_bfcl_docs_normalize_to_valid_json_schema(upstream):
    files = sorted((upstream / "bfcl" / "data").glob("BFCL_v4_*.json"))
    files += sorted((upstream / "bfcl" / "data" / "multi_turn_func_doc").glob("*.json"))
    types, n = set(), 0
    for f in files:
        for i, doc in enumerate(_bfcl_docs(f)):
            schema = normalize_schema(doc["parameters"])
            types.update(t for t in _types(schema) if isinstance(t, str))
            if i < 10:  # the meta-schema check is slow; the type census covers the rest
                Draft202012Validator.check_schema(schema)
            assert to_bfcl(schema)["type"] == "dict"
            n += 1
    assert n > 3000
    assert types <= {"object", "number", "integer", "string", "boolean", "array", "null"}


def test_trailbench_answers_problems_match_known_quirks(upstream):
    from generator.readers import read_catalogs, read_trail_records

    tools = {t.name: t for t in read_catalogs([upstream / "trailbench" / "apis" / "apis_openai"])}
    found = {}
    for f in sorted(upstream_path("trailbench", "query", "history_query", "u10").glob("*_gpt.json")):
        for r in read_trail_records(f):
            name = f"{r.answer.toolname}_{r.answer.apiname}"
            if name in tools:
                found[r.id] = argument_errors(tools[name], r.answer.parameters)
    assert found, "no u10 gpt record names a known tool"
    assert "param 'planelevel': unknown parameter" in found[29]
    assert "param 'has_wifi': boolean given as string 'false'" in found[29]
