"""Corruption operators: each turns a scenario into a candidate answer and declares the label it
*intends*. The label is decided elsewhere (labeler.py); an operator may return None when it does
not apply to the scenario (e.g. no enum parameter), and the row then tries another draw.

Operators prefer the mistakes real models make: a neighbouring tool, a misspelled name, a
camelCase parameter, a date in the user's locale format, a city from the user's own history.
"""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from ..core import allowed
from ..core.lore import param_schema
from ..core.schema import argument_errors
from ..core.values import sample_arguments, schema_type, value_for
from ..llm.protocol import LLMClient
from ..records import Tool, ToolCall
from ..registry import Registry
from .cases import Candidate, Scenario
from .config import Label
from .mutations import (
    EXTRA_PARAMS,
    counterpart,
    param_name_variants,
    reformat,
    retyped,
    tool_name_variants,
    typos,
    unit_factor,
)
from .similarity import nearest, split_words

SyncFn = Callable[[Scenario, random.Random], Candidate | None]
AsyncFn = Callable[[Scenario, random.Random, LLMClient], Awaitable[Candidate | None]]


@dataclass(frozen=True)
class Operator:
    name: str
    label: Label
    needs_gold: bool  # True: an offered tool serves the request; False: none does (irrelevance)
    fn: SyncFn | None = None
    llm_fn: AsyncFn | None = None

    async def apply(self, sc: Scenario, rng: random.Random, llm: LLMClient | None) -> Candidate | None:
        if self.llm_fn is not None:
            return await self.llm_fn(sc, rng, llm) if llm is not None else None
        assert self.fn is not None
        return self.fn(sc, rng)


OPERATORS: Registry[Operator] = Registry("corruption operator")


def operator(name: str, label: Label, *, needs_gold: bool = True) -> Callable[[SyncFn], SyncFn]:
    def deco(fn: SyncFn) -> SyncFn:
        OPERATORS.add(name, Operator(name, label, needs_gold, fn=fn))
        return fn
    return deco


def _call(sc: Scenario, args: dict[str, Any], note: str, tool: str | None = None) -> Candidate:
    assert sc.gold is not None
    return Candidate(call=ToolCall(tool=tool or sc.gold.tool, arguments=args), note=note)


def _gold_tool(sc: Scenario) -> Tool:
    assert sc.gold is not None
    tool = sc.offered_tool(sc.gold.tool)
    assert tool is not None
    return tool


def _pick_param(sc: Scenario, rng: random.Random, test: Callable[[str, Any, dict], bool]) -> str | None:
    """A random gold parameter whose (name, value, schema) passes `test`."""
    assert sc.gold is not None
    props = _gold_tool(sc).properties
    names = [p for p, v in sc.gold.arguments.items() if p in props and test(p, v, props[p])]
    return rng.choice(names) if names else None


def _with(sc: Scenario, param: str, value: Any) -> dict[str, Any]:
    assert sc.gold is not None
    return {**sc.gold.arguments, param: value}


def _apis(tools: list[Tool]) -> str:
    return ", ".join(" ".join(split_words(t.api)) for t in tools)


# ---------------------------------------------------------------- VALID_CALL

@operator("valid_exact", "VALID_CALL")
def valid_exact(sc: Scenario, rng: random.Random) -> Candidate | None:
    assert sc.gold is not None
    return _call(sc, dict(sc.gold.arguments), "the gold call")


# Keywords under which the case of a string is part of its meaning (a code, a format).
_CASED = ("enum", "const", "pattern", "format")


@operator("valid_case_variant", "VALID_CALL")
def valid_case_variant(sc: Scenario, rng: random.Random) -> Candidate | None:
    # Free text only: re-casing an identifier ("RES-123") or a code the schema pins by a
    # pattern ("ECRKW" against ^[A-Z]{5}$) may matter to a real API.
    # A code the catalog lists in prose ("reason: mud_spots, ...") is as cased as an enum, and a
    # snake_case word is a code whatever the schema says (set 22: "Mud_Spots", "Issued_In_Error").
    tool = _gold_tool(sc)
    param = _pick_param(sc, rng, lambda p, v, s: isinstance(v, str) and v.lower() != v.upper()
                        and not any(k in s or k in param_schema(tool, p) for k in _CASED)
                        and not allowed.read(str(s.get("description") or "")).allowed  # "One of 'summit', ..."
                        and not any(c.isdigit() for c in v) and "_" not in v
                        and not re.fullmatch(r"[A-Z]{1,6}(?:/[A-Z]{1,6})?", v))  # a code in capitals ("CC", "SAR":
    # set 28, a crack code and a track code lower-cased and labelled valid) is cased by what it means
    if param is None:
        return None
    assert sc.gold is not None
    old = sc.gold.arguments[param]
    options = [c for c in (old.lower(), old.title(), old.upper()) if c != old]
    value = next((c for c in options if _still_valid(sc, param, c)), None)
    return None if value is None else _call(sc, _with(sc, param, value), f"re-cased '{param}'")


def _still_valid(sc: Scenario, param: str, value: Any) -> bool:
    """A VALID_CALL variant must still satisfy the tool's schema (a maxLength, a nested rule)."""
    return not argument_errors(_gold_tool(sc), _with(sc, param, value))


@operator("valid_int_for_float", "VALID_CALL")
def valid_int_for_float(sc: Scenario, rng: random.Random) -> Candidate | None:
    param = _pick_param(sc, rng, lambda p, v, s: schema_type(s) == "number" and isinstance(v, float)
                        and v.is_integer())
    if param is None:
        return None
    assert sc.gold is not None
    value = int(sc.gold.arguments[param])
    if not _still_valid(sc, param, value):
        return None
    return _call(sc, _with(sc, param, value), f"integer for number '{param}'")


@operator("valid_default_omitted", "VALID_CALL")
def valid_default_omitted(sc: Scenario, rng: random.Random) -> Candidate | None:
    tool = _gold_tool(sc)
    param = _pick_param(sc, rng, lambda p, v, s: p not in tool.required and "default" in s
                        and s["default"] == v)
    if param is None:
        return None
    assert sc.gold is not None
    args = {k: v for k, v in sc.gold.arguments.items() if k != param}
    return _call(sc, args, f"omitted optional '{param}' at its default")


_DECLINES = (
    "I'm sorry, but none of the tools I have can help with that; they only cover: {apis}.",
    ("None of the available tools covers this request (they are for: {apis}). "
     "You may want to use another service for it."),
    "I can't do that with the tools available here ({apis}), so I won't call any of them.",
)


@operator("valid_text_reply", "VALID_CALL", needs_gold=False)
def valid_text_reply(sc: Scenario, rng: random.Random) -> Candidate | None:
    return Candidate(text=rng.choice(_DECLINES).format(apis=_apis(sc.offered)), note="declined")


# ---------------------------------------------------------------- TOOL_ERROR

def _transfer(tool: Tool, source: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Arguments for `tool` that reuse same-named source values, the way a model would."""
    args = sample_arguments(tool, rng, optional_rate=0.0)
    args.update({k: v for k, v in source.items() if k in tool.properties})
    return args


@operator("nearest_tool", "TOOL_ERROR")
def nearest_tool(sc: Scenario, rng: random.Random) -> Candidate | None:
    gold = _gold_tool(sc)
    ranked = nearest(gold, sc.offered)
    if not ranked:
        return None
    assert sc.gold is not None
    wrong = ranked[0]
    return _call(sc, _transfer(wrong, sc.gold.arguments, rng), f"neighbour {wrong.name}", wrong.name)


@operator("misspelled_tool", "TOOL_ERROR")
def misspelled_tool(sc: Scenario, rng: random.Random) -> Candidate | None:
    gold = _gold_tool(sc)
    taken = {t.name for t in sc.catalog.tools} | {t.name for t in sc.offered}
    names = [n for n in tool_name_variants(gold.name, gold.api, gold.app) + typos(gold.name)
             if n not in taken]
    if not names:
        return None
    assert sc.gold is not None
    name = rng.choice(names)
    return _call(sc, dict(sc.gold.arguments), f"non-existent tool {name}", name)


@operator("call_without_fit", "TOOL_ERROR", needs_gold=False)
def call_without_fit(sc: Scenario, rng: random.Random) -> Candidate | None:
    ranked = nearest(sc.wanted, sc.offered)
    if not ranked:
        return None
    tool = ranked[0]
    args = _transfer(tool, sc.wanted_call.arguments, rng)
    return Candidate(call=ToolCall(tool=tool.name, arguments=args), note=f"forced {tool.name}")


_NON_ANSWERS = (
    "I'm sorry, but I can't help with that request.",
    "Sure, I'll take care of that for you right away.",
    "Could you tell me a bit more about what you need?",
    "I don't have access to a tool that can do that.",
    "Done! Let me know if there's anything else.",
)


@operator("text_instead_of_call", "TOOL_ERROR")
def text_instead_of_call(sc: Scenario, rng: random.Random) -> Candidate | None:
    return Candidate(text=rng.choice(_NON_ANSWERS), note="no call")


# ---------------------------------------------------------------- PARAM_NAME_ERROR

@operator("drop_required", "PARAM_NAME_ERROR")
def drop_required(sc: Scenario, rng: random.Random) -> Candidate | None:
    tool = _gold_tool(sc)
    param = _pick_param(sc, rng, lambda p, v, s: p in tool.required)
    if param is None:
        return None
    assert sc.gold is not None
    args = {k: v for k, v in sc.gold.arguments.items() if k != param}
    return _call(sc, args, f"dropped '{param}'")


@operator("extra_param", "PARAM_NAME_ERROR")
def extra_param(sc: Scenario, rng: random.Random) -> Candidate | None:
    props = _gold_tool(sc).properties
    options = [(n, v) for n, v in EXTRA_PARAMS if n not in props]
    if not options:
        return None
    name, value = rng.choice(options)
    assert sc.gold is not None
    return _call(sc, {**sc.gold.arguments, name: value}, f"added '{name}'")


@operator("renamed_param", "PARAM_NAME_ERROR")
def renamed_param(sc: Scenario, rng: random.Random) -> Candidate | None:
    props = _gold_tool(sc).properties
    param = _pick_param(sc, rng, lambda p, v, s: True)
    if param is None:
        return None
    names = [n for n in param_name_variants(param) + typos(param) if n not in props]
    if not names:
        return None
    assert sc.gold is not None
    new = rng.choice(names)
    args = {(new if k == param else k): v for k, v in sc.gold.arguments.items()}
    return _call(sc, args, f"renamed '{param}' to '{new}'")


# ---------------------------------------------------------------- PARAM_VALUE_ERROR

@operator("wrong_type", "PARAM_VALUE_ERROR")
def wrong_type(sc: Scenario, rng: random.Random) -> Candidate | None:
    param = _pick_param(sc, rng, lambda p, v, s: isinstance(s.get("type"), str))
    if param is None:
        return None
    assert sc.gold is not None
    return _call(sc, _with(sc, param, retyped(sc.gold.arguments[param])), f"retyped '{param}'")


@operator("wrong_format", "PARAM_VALUE_ERROR")
def wrong_format(sc: Scenario, rng: random.Random) -> Candidate | None:
    assert sc.gold is not None
    formatted = {p: r for p, v in sc.gold.arguments.items()
                 if isinstance(v, str) and (r := reformat(v, rng)) is not None}
    if formatted:
        param = rng.choice(sorted(formatted))
        return _call(sc, _with(sc, param, formatted[param]), f"reformatted '{param}'")
    return _wrong_unit(sc, rng)


def _wrong_unit(sc: Scenario, rng: random.Random) -> Candidate | None:
    props = _gold_tool(sc).properties
    param = _pick_param(sc, rng, lambda p, v, s: isinstance(v, int | float) and not isinstance(v, bool)
                        and unit_factor(p, str(s.get("description", ""))) is not None)
    if param is None:
        return None
    assert sc.gold is not None
    factor = unit_factor(param, str(props[param].get("description", "")))
    old = sc.gold.arguments[param]
    new = round(old * factor, 2) if isinstance(old, float) else round(old * factor)  # type: ignore[operator]
    return _call(sc, _with(sc, param, new), f"'{param}' in the wrong unit")


@operator("enum_sibling", "PARAM_VALUE_ERROR")
def enum_sibling(sc: Scenario, rng: random.Random) -> Candidate | None:
    param = _pick_param(sc, rng, lambda p, v, s: v in (s.get("enum") or []) and len(s["enum"]) > 1)
    if param is None:
        return None
    assert sc.gold is not None
    enum = list(_gold_tool(sc).properties[param]["enum"])
    i = enum.index(sc.gold.arguments[param])
    sibling = enum[i + 1] if i + 1 < len(enum) and (i == 0 or rng.random() < 0.5) else enum[i - 1]
    return _call(sc, _with(sc, param, sibling), f"'{param}' swapped to sibling {sibling!r}")


@operator("history_value", "PARAM_VALUE_ERROR")
def history_value(sc: Scenario, rng: random.Random) -> Candidate | None:
    assert sc.gold is not None
    gold = sc.gold.arguments
    options = {p: [v for v in sc.history_values.get(p, []) if v != gold[p] and isinstance(v, type(gold[p]))]
               for p in gold}
    params = sorted(p for p, vs in options.items() if vs)
    if not params:
        return None
    param = rng.choice(params)
    return _call(sc, _with(sc, param, rng.choice(options[param])), f"'{param}' from the user's history")


@operator("off_by_one", "PARAM_VALUE_ERROR")
def off_by_one(sc: Scenario, rng: random.Random) -> Candidate | None:
    param = _pick_param(sc, rng, lambda p, v, s: isinstance(v, int | float) and not isinstance(v, bool))
    if param is None:
        return None
    assert sc.gold is not None
    schema, old = _gold_tool(sc).properties[param], sc.gold.arguments[param]
    lo, hi = schema.get("minimum", float("-inf")), schema.get("maximum", float("inf"))
    steps = [d for d in (1, -1) if lo <= old + d <= hi]
    if not steps:
        return None
    return _call(sc, _with(sc, param, old + rng.choice(steps)), f"'{param}' off by one")


@operator("swapped_pair", "PARAM_VALUE_ERROR")
def swapped_pair(sc: Scenario, rng: random.Random) -> Candidate | None:
    assert sc.gold is not None
    gold = sc.gold.arguments
    pairs = sorted((a, b) for a in gold for b in counterpart(a) & set(gold)
                   if a < b and gold[a] != gold[b] and type(gold[a]) is type(gold[b]))
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    return _call(sc, {**gold, a: gold[b], b: gold[a]}, f"swapped '{a}' and '{b}'")


@operator("resampled_value", "PARAM_VALUE_ERROR")
def resampled_value(sc: Scenario, rng: random.Random) -> Candidate | None:
    """Another plausible value of the same kind (a different city, title, date): well typed,
    but not what the request says."""
    tool = _gold_tool(sc)
    param = _pick_param(sc, rng, lambda p, v, s: not isinstance(v, bool))
    if param is None:
        return None
    assert sc.gold is not None
    old = sc.gold.arguments[param]
    for _ in range(6):
        new = value_for(param_schema(tool, param), rng, name=param)
        if new != old:
            return _call(sc, _with(sc, param, new), f"'{param}' resampled")
    return None
