"""The independent labeler: the ordered rule of the judge format (docs/formats.md), from the gold call and the schema.

Written apart from the corruption operators on purpose (it imports nothing from them): an
operator only *intends* a label, this module decides it, and a row is kept when both agree.

Stages, first failure decides: tool -> parameter names -> parameter values -> the schema ->
VALID_CALL. The last stage re-derives every VALID_CALL against the tool's own JSON Schema: a
value equal to the gold one up to case is still wrong when the schema's `pattern`, `enum` or
`format` refuses it (`"ecrkw"` against `^[A-Z]{5}$`).
Semantics (pinned by tests/test_judge_labeler.py):
- a text reply is right iff no offered tool serves the request (gold is None);
- an omitted optional parameter is fine, and so is an empty string/list for it (the same as
  omitting it, as BFCL's checker also treats it); an integer where a number is expected is fine;
- strings are compared ignoring case and whitespace;
- an optional parameter the gold call does not set is fine only at its schema default;
- a call the tool's schema refuses is a PARAM_VALUE_ERROR, whatever the gold call says;
- so is a call that breaks a rule of its tool's value profile (generator.core.profiles).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ..core.schema import argument_errors
from ..records import Tool, ToolCall
from .cases import Candidate, Judgement

Stage = Callable[[ToolCall | None, Candidate, dict[str, Tool]], Judgement | None]


def label_candidate(gold: ToolCall | None, cand: Candidate, offered: list[Tool]) -> Judgement:
    tools = {t.name: t for t in offered}
    for stage in STAGES:
        verdict = stage(gold, cand, tools)
        if verdict is not None:
            return verdict
    return Judgement(label="VALID_CALL")


def _tool_stage(gold: ToolCall | None, cand: Candidate, tools: dict[str, Tool]) -> Judgement | None:
    call = cand.call
    if call is None:
        if gold is None:
            return Judgement(label="VALID_CALL")
        return Judgement(label="TOOL_ERROR", reasons=[f"replied in text; the request needs '{gold.tool}'"])
    if call.tool not in tools:
        return Judgement(label="TOOL_ERROR", reasons=[f"tool '{call.tool}' is not among the offered tools"])
    if gold is None:
        return Judgement(label="TOOL_ERROR", reasons=[f"called '{call.tool}' but no offered tool serves the request"])
    if call.tool != gold.tool:
        return Judgement(label="TOOL_ERROR", reasons=[f"called '{call.tool}' instead of '{gold.tool}'"])
    return None


def _name_stage(gold: ToolCall | None, cand: Candidate, tools: dict[str, Tool]) -> Judgement | None:
    assert cand.call is not None  # the tool stage decided every text reply
    tool, args = tools[cand.call.tool], cand.call.arguments
    reasons = [f"missing required parameter '{p}'" for p in tool.required if p not in args]
    reasons += [f"unknown parameter '{p}'" for p in args if p not in tool.properties]
    return Judgement(label="PARAM_NAME_ERROR", reasons=reasons) if reasons else None


def _value_stage(gold: ToolCall | None, cand: Candidate, tools: dict[str, Tool]) -> Judgement | None:
    assert cand.call is not None and gold is not None
    tool = tools[cand.call.tool]
    reasons = [r for p, v in cand.call.arguments.items()
               if not (p not in tool.required and _empty(v, tool.properties[p]))
               and (r := _value_problem(p, v, tool.properties[p], gold.arguments))]
    return Judgement(label="PARAM_VALUE_ERROR", reasons=reasons) if reasons else None


def _empty(value: Any, schema: dict[str, Any]) -> bool:
    return value in ("", []) and type_ok(value, schema)


def _value_problem(param: str, value: Any, schema: dict[str, Any], gold: dict[str, Any]) -> str | None:
    if not type_ok(value, schema):
        return f"wrong type for '{param}' (expected {schema.get('type')})"
    if param in gold:
        return None if same_value(value, gold[param]) else f"wrong value for '{param}'"
    if "default" in schema and same_value(value, schema["default"]):
        return None
    return f"unrequested value for '{param}'"


def _schema_stage(gold: ToolCall | None, cand: Candidate, tools: dict[str, Tool]) -> Judgement | None:
    """The call against its tool's schema (empty optional values left out, as above)."""
    assert cand.call is not None
    tool = tools[cand.call.tool]
    args = {p: v for p, v in cand.call.arguments.items()
            if p in tool.required or not _empty(v, tool.properties.get(p) or {})}
    reasons = [f"violates the schema: {e}" for e in argument_errors(tool, args)]
    return Judgement(label="PARAM_VALUE_ERROR", reasons=reasons) if reasons else None


def _rules_stage(gold: ToolCall | None, cand: Candidate, tools: dict[str, Tool]) -> Judgement | None:
    """The call against the rules of its tool's value profile (generator.core.profiles): a call the
    documentation's rules forbid is no valid call, whatever the schema alone allows."""
    from ..core.profiles import call_violations

    assert cand.call is not None
    broken = call_violations(tools[cand.call.tool], cand.call.arguments, None)
    return Judgement(label="PARAM_VALUE_ERROR", reasons=[f"breaks a value rule: {b}" for b in broken]) \
        if broken else None


STAGES: tuple[Stage, ...] = (_tool_stage, _name_stage, _value_stage, _schema_stage, _rules_stage)

# JSON Schema type -> test of a decoded JSON value; bool is not a number here (JSON keeps them apart).
_TYPE_TESTS: dict[str, Callable[[Any], bool]] = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
    "null": lambda v: v is None,
}


def type_ok(value: Any, schema: dict[str, Any]) -> bool:
    declared = schema.get("type")
    if declared is None:
        return True
    types = declared if isinstance(declared, list) else [declared]
    if not any(_TYPE_TESTS.get(t, lambda _v: True)(value) for t in types):
        return False
    items = schema.get("items")
    if isinstance(value, list) and isinstance(items, dict):
        return all(type_ok(v, items) for v in value)
    return True


def _squash(text: str) -> str:
    return "".join(text.split()).casefold()


def same_value(a: Any, b: Any) -> bool:
    """Equality up to case/whitespace in strings and int/float in numbers, recursively."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)
    if isinstance(a, str) and isinstance(b, str):
        return _squash(a) == _squash(b)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_value(a[k], b[k]) for k in a)
    return a == b
