"""The independent labeler: a table of tricky cases pins its semantics (docs/design.md, "Corrupted calls and labels")."""

from __future__ import annotations

from typing import Any

import pytest

from generator.judge.cases import Candidate
from generator.judge.labeler import label_candidate, same_value, type_ok
from generator.records import Tool, ToolCall

ROUTE = Tool(name="Pathmap_get_route", app="Pathmap", api="get_route", domain="transport",
             description="Route between two places.",
             parameters={"type": "object", "required": ["origin", "destination"], "properties": {
                 "origin": {"type": "string"}, "destination": {"type": "string"},
                 "mode": {"type": "string", "enum": ["driving", "transit", "walking"], "default": "driving"},
                 "max_km": {"type": "number"}, "stops": {"type": "integer"},
                 "avoid": {"type": "array", "items": {"type": "string"}},
                 "scenic": {"type": "boolean"}}})
TAXI = Tool(name="Ridely_get_taxi", app="Ridely", api="get_taxi", domain="transport",
            description="Order a taxi.", parameters={"type": "object", "required": ["destination"],
                                                     "properties": {"destination": {"type": "string"}}})
OFFERED = [ROUTE, TAXI]
GOLD = ToolCall(tool=ROUTE.name, arguments={"origin": "Old Mill Square", "destination": "Granite Tower",
                                            "mode": "transit", "max_km": 12.0, "stops": 2,
                                            "avoid": ["tolls"]})


def call(tool: str = ROUTE.name, **changes: Any) -> Candidate:
    args = {**GOLD.arguments, **changes}
    return Candidate(call=ToolCall(tool=tool, arguments={k: v for k, v in args.items() if v is not DROP}))


DROP = object()

# (case, gold, candidate, expected label)
TRICKY: list[tuple[str, ToolCall | None, Candidate, str]] = [
    ("exact gold call", GOLD, call(), "VALID_CALL"),
    ("optional parameter omitted", GOLD, call(mode=DROP, avoid=DROP), "VALID_CALL"),
    ("empty list for an optional = omitted", GOLD, call(avoid=[]), "VALID_CALL"),
    ("empty string for an optional = omitted", GOLD, call(mode=""), "VALID_CALL"),
    ("empty string for a required is a value", GOLD, call(origin=""), "PARAM_VALUE_ERROR"),
    ("integer for a float", GOLD, call(max_km=12), "VALID_CALL"),
    ("string differs only in case", GOLD, call(origin="old mill SQUARE"), "VALID_CALL"),
    ("string differs only in spacing", GOLD, call(destination="  Granite  Tower "), "VALID_CALL"),
    ("unset optional at its default", ToolCall(tool=ROUTE.name, arguments={"origin": "A", "destination": "B"}),
     Candidate(call=ToolCall(tool=ROUTE.name, arguments={"origin": "A", "destination": "B", "mode": "driving"})),
     "VALID_CALL"),
    ("text reply when no tool fits", None, Candidate(text="None of my tools can do that."), "VALID_CALL"),
    ("text reply when a call was needed", GOLD, Candidate(text="Sure, done!"), "TOOL_ERROR"),
    ("call when no tool fits", None, call(), "TOOL_ERROR"),
    ("wrong (offered) tool", GOLD, call(tool=TAXI.name), "TOOL_ERROR"),
    ("non-existent tool", GOLD, call(tool="Pathmap_getRoute"), "TOOL_ERROR"),
    ("wrong tool beats missing and wrong values", GOLD,
     Candidate(call=ToolCall(tool=TAXI.name, arguments={"dest": 5})), "TOOL_ERROR"),
    ("missing required parameter", GOLD, call(origin=DROP), "PARAM_NAME_ERROR"),
    ("missing required beats wrong value", GOLD, call(origin=DROP, destination="Paris"), "PARAM_NAME_ERROR"),
    ("hallucinated parameter", GOLD, call(language="en"), "PARAM_NAME_ERROR"),
    ("renamed parameter", GOLD, call(stops=DROP, numStops=2), "PARAM_NAME_ERROR"),
    ("unknown name beats wrong type", GOLD, call(stops="two", extra=1), "PARAM_NAME_ERROR"),
    ("wrong value", GOLD, call(destination="Lakeshore Mall"), "PARAM_VALUE_ERROR"),
    ("swapped origin and destination", GOLD,
     call(origin="Granite Tower", destination="Old Mill Square"), "PARAM_VALUE_ERROR"),
    ("string for an integer", GOLD, call(stops="2"), "PARAM_VALUE_ERROR"),
    ("float for an integer", GOLD, call(stops=2.0), "PARAM_VALUE_ERROR"),
    ("bool is not a number", GOLD, call(stops=True), "PARAM_VALUE_ERROR"),
    ("off by one", GOLD, call(stops=3), "PARAM_VALUE_ERROR"),
    ("enum sibling", GOLD, call(mode="walking"), "PARAM_VALUE_ERROR"),
    ("date in another format", ToolCall(tool=ROUTE.name, arguments={**GOLD.arguments, "origin": "2025-06-02"}),
     call(origin="06/02/2025"), "PARAM_VALUE_ERROR"),
    ("list order matters", ToolCall(tool=ROUTE.name, arguments={**GOLD.arguments, "avoid": ["a", "b"]}),
     call(avoid=["b", "a"]), "PARAM_VALUE_ERROR"),
    ("unrequested optional value", GOLD, call(scenic=True), "PARAM_VALUE_ERROR"),
]


@pytest.mark.parametrize(("case", "gold", "cand", "expected"), TRICKY, ids=[t[0] for t in TRICKY])
def test_tricky_cases(case: str, gold: ToolCall | None, cand: Candidate, expected: str) -> None:
    verdict = label_candidate(gold, cand, OFFERED)
    assert verdict.label == expected, (case, verdict.reasons)
    assert (verdict.reasons == []) == (expected == "VALID_CALL")


def test_reasons_name_the_parameter() -> None:
    verdict = label_candidate(GOLD, call(origin=DROP, language="en"), OFFERED)
    assert verdict.reasons == ["missing required parameter 'origin'", "unknown parameter 'language'"]


def test_a_tool_not_offered_is_a_tool_error_even_if_it_is_the_gold_name() -> None:
    assert label_candidate(GOLD, call(), [TAXI]).label == "TOOL_ERROR"


@pytest.mark.parametrize(("value", "schema", "ok"), [
    (3, {"type": "number"}, True), (3.5, {"type": "integer"}, False), (True, {"type": "integer"}, False),
    ("x", {"type": ["string", "null"]}, True), (None, {"type": ["string", "null"]}, True),
    (["a", 1], {"type": "array", "items": {"type": "string"}}, False), ({}, {}, True),
])
def test_type_ok(value: Any, schema: dict[str, Any], ok: bool) -> None:
    assert type_ok(value, schema) is ok


@pytest.mark.parametrize(("a", "b", "same"), [
    ("New York", "new  york", True), ("New-York", "New York", False), (1, 1.0, True),
    (True, 1, False), ([1, "A"], [1.0, "a"], True), ({"k": "V"}, {"k": "v"}, True),
    ({"k": 1}, {"j": 1}, False), (None, None, True),
])
def test_same_value(a: Any, b: Any, same: bool) -> None:
    assert same_value(a, b) is same


PORT = Tool(name="Harbor_lookup_port", app="Harbor", api="lookup_port", domain="shipping", description="Port lookup.",
            parameters={"type": "object", "required": ["locode"], "properties": {
                "locode": {"type": "string", "pattern": "^[A-Z]{5}$"}, "note": {"type": "string", "maxLength": 12}}})


@pytest.mark.parametrize(("args", "label"), [
    ({"locode": "NLRTM"}, "VALID_CALL"),
    ({"locode": "nlrtm"}, "PARAM_VALUE_ERROR"),  # equal up to case, but the schema refuses it
    ({"locode": "NLRTM", "note": ""}, "VALID_CALL"),
])
def test_a_valid_call_is_re_derived_against_the_schema(args: dict[str, Any], label: str) -> None:
    gold = ToolCall(tool=PORT.name, arguments={"locode": "NLRTM"})
    assert label_candidate(gold, Candidate(call=ToolCall(tool=PORT.name, arguments=args)), [PORT]).label == label
