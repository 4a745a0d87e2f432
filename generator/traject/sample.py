"""Sampling trajectories: parallel (independent tools of one domain) and sequential (chains
along tool-graph edges where a later argument is bound to an earlier call's output).

Argument values come from `generator.values` (enums, examples, defaults, persona pools, typed
fakes), so every call validates against its tool's schema. Which arguments of a later step come
from an earlier output is decided in `bind.py`; outputs are simulated afterwards (`simulate.py`)
so that the bound values sit in one result of the producer's output.
"""

from __future__ import annotations

import random
from typing import Any

from ..records import Target, Tool, ToolCall
from ..values import (
    Unsampleable,
    is_temporal,
    is_valid,
    repair_arguments,
    sample_arguments,
    schema_type,
    value_for,
)
from .bind import Step, partners, sample_chain
from .graph import ToolGraph
from .shapes import conflicting

# Upstream calls pass an optional parameter at its default about as often as not ("timeout": "10");
# such values are recoverable from the schema, which is what lets hard queries leave them out.
DEFAULT_RATE = 0.85
# Other optional parameters: settings a user naturally words (enums, flags, numbers, dates) are
# set more often than free-text extras (a special request, a note), as in upstream's calls.
SETTING_RATE = 0.8


def is_setting(param: str, spec: dict[str, Any]) -> bool:
    return (
        bool(spec.get("enum"))
        or schema_type(spec) in ("boolean", "integer", "number")
        or is_temporal(param, spec) is not None
    )


def _optionals(tool: Tool, rng: random.Random, free_rate: float) -> dict[str, Any]:
    """Optional arguments: the default (DEFAULT_RATE), else a setting (SETTING_RATE), else
    a free-text value (`free_rate`); always valid against the schema."""
    required, out = set(tool.required), {}
    for p, s in tool.properties.items():
        if p in required:
            continue
        if "default" in s and is_valid(s, s["default"]) and rng.random() < DEFAULT_RATE:
            out[p] = s["default"]
        elif rng.random() < (SETTING_RATE if is_setting(p, s) else free_rate):
            value = maybe_value(s, rng, p)
            out.update({p: value} if value is not None else {})
    return out


def maybe_value(spec: dict[str, Any], rng: random.Random, name: str) -> Any:
    """A valid value, or None when the schema admits none (an optional parameter no value can
    satisfy is left out; screening refuses only tools whose required ones cannot be met)."""
    try:
        return value_for(spec, rng, name=name)
    except Unsampleable:
        return None


def _single(tool: Tool, args: dict[str, Any]) -> dict[str, Any]:
    """Lists cut to their first element where the schema allows: TRAJECT values are flat strings,
    and a one-element list reads the same in the query as in the gold call."""
    out = dict(args)
    for p, v in args.items():
        if isinstance(v, list) and len(v) > 1 and is_valid(tool.properties.get(p) or {}, v[:1]):
            out[p] = v[:1]
    return out


def _whole_pairs(tool: Tool, args: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Both members of a pair or neither (a longitude without its latitude, an end without a
    start says nothing): an optional half is dropped, unless its partner is required."""
    out = dict(args)
    for p, q in partners(tool).items():
        if p in out and q not in out:
            value = maybe_value(tool.properties[q], rng, q) if q in tool.required or p in tool.required else None
            if value is not None:
                out[q] = value
            elif p not in tool.required:
                del out[p]
    return out


def arguments(tool: Tool, rng: random.Random, optional_rate: float) -> dict[str, Any]:
    args = sample_arguments(tool, rng, optional_rate=0.0, fixed=_optionals(tool, rng, optional_rate))
    args = _whole_pairs(tool, _single(tool, args), rng)
    return repair_arguments(tool, {p: args[p] for p in tool.properties if p in args}, rng)  # optionals came in fixed: pair them up


def pick_tools(tools: list[Tool], k: int, rng: random.Random, allow_repeats: bool) -> list[Tool]:
    """k tools of one domain; without repeats unless allowed (k is capped by the pool size), and
    never one that undoes another (`shapes.undoes`: no booking cancelled in the same breath)."""
    ordered = sorted(tools, key=lambda t: t.name)
    chosen: list[Tool] = []
    if allow_repeats:
        for _ in range(k):
            options = [t for t in ordered if not conflicting(chosen, t)]
            chosen.append(rng.choice(options))
        return chosen
    for t in rng.sample(ordered, len(ordered)):
        if len(chosen) < k and not conflicting(chosen, t):
            chosen.append(t)
    return chosen


def sample_parallel(
    item_id: str,
    tools: list[Tool],
    k: int,
    rng: random.Random,
    *,
    allow_repeats: bool = False,
    optional_rate: float = 0.2,
) -> Target:
    chosen = pick_tools(tools, k, rng, allow_repeats)
    calls = [ToolCall(tool=t.name, arguments=arguments(t, rng, optional_rate)) for t in chosen]
    return Target(
        id=item_id,
        kind="parallel",
        calls=calls,
        offered=[t.name for t in chosen],
        domain=chosen[0].domain if chosen else "",
    )


def _walk(graph: ToolGraph, start: str, length: int, rng: random.Random, allow_repeats: bool) -> list[Step]:
    path: list[Step] = [(start, None)]
    while len(path) < length:
        seen = {name for name, _ in path}
        options = [e for e in graph.successors(path[-1][0]) if allow_repeats or e.tool not in seen]
        if not options:
            break
        edge = rng.choice(options)
        path.append((edge.tool, edge))
    return path


def find_chain(
    graph: ToolGraph,
    names: list[str],
    length: int,
    min_length: int,
    rng: random.Random,
    *,
    allow_repeats: bool = False,
    tries: int = 64,
) -> list[Step] | None:
    """The longest of `tries` random walks along edges (stops early at `length` steps);
    None when no walk reaches `min_length`."""
    starts = sorted(n for n in names if graph.successors(n))
    best: list[Step] = []
    for _ in range(tries if starts else 0):
        path = _walk(graph, rng.choice(starts), length, rng, allow_repeats)
        if len(path) > len(best):
            best = path
        if len(best) >= length:
            break
    return best if len(best) >= min_length else None


def sample_sequential(
    item_id: str, chain: list[Step], tools: dict[str, Tool], rng: random.Random, *, optional_rate: float = 0.2
) -> Target:
    """The calls of `chain` with their bindings (generator.traject.bind); ends early at a step
    with nothing left to bind."""
    return sample_chain(item_id, chain, tools, rng, optional_rate)


def _reaches(graph: ToolGraph, path: list[str], need: int, allowed: set[str], repeats: bool) -> bool:
    if len(path) >= need:
        return True
    for e in graph.successors(path[-1]):
        fresh = e.tool in allowed and (repeats or e.tool not in path)
        if fresh and _reaches(graph, [*path, e.tool], need, allowed, repeats):
            return True
    return False


def has_chain(graph: ToolGraph, names: list[str], min_length: int, *, allow_repeats: bool = False) -> bool:
    """Whether some walk of `min_length` steps along edges exists among `names` (depth-limited
    search, so it stays cheap on large upstream catalogs)."""
    allowed = set(names)
    return any(_reaches(graph, [n], min_length, allowed, allow_repeats) for n in sorted(allowed))
