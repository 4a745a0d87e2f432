"""Sampling trajectories: parallel (independent tools of one domain) and sequential (chains
along tool-graph edges where a later argument is bound to an earlier call's output).

Argument values come from `generator.values` (enums, examples, defaults, persona pools, typed
fakes), so every call validates against its tool's schema. Outputs are simulated afterwards
(`simulate.py`) so that each bound value occurs in the producer's output.
"""

from __future__ import annotations

import random
from typing import Any

from ..records import Binding, Edge, Target, Tool, ToolCall
from ..values import is_temporal, is_valid, sample_arguments, schema_type, value_for
from .graph import ToolGraph

Step = tuple[str, Edge | None]  # (tool name, the edge that led to it; None for the first step)
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
            out[p] = value_for(s, rng, name=p)
    return out


def _single(tool: Tool, args: dict[str, Any]) -> dict[str, Any]:
    """Lists cut to their first element where the schema allows: TRAJECT values are flat strings,
    and a one-element list reads the same in the query as in the gold call."""
    out = dict(args)
    for p, v in args.items():
        if isinstance(v, list) and len(v) > 1 and is_valid(tool.properties.get(p) or {}, v[:1]):
            out[p] = v[:1]
    return out


def arguments(tool: Tool, rng: random.Random, optional_rate: float) -> dict[str, Any]:
    args = sample_arguments(tool, rng, optional_rate=0.0, fixed=_optionals(tool, rng, optional_rate))
    return _single(tool, args)


def pick_tools(tools: list[Tool], k: int, rng: random.Random, allow_repeats: bool) -> list[Tool]:
    """k tools of one domain; without repeats unless allowed (k is capped by the pool size)."""
    ordered = sorted(tools, key=lambda t: t.name)
    if allow_repeats:
        return [rng.choice(ordered) for _ in range(k)]
    return rng.sample(ordered, min(k, len(ordered)))


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


def _bound_call(tool: Tool, edge: Edge, rng: random.Random, optional_rate: float) -> tuple[ToolCall, str]:
    param = rng.choice(sorted(edge.params))
    args = arguments(tool, rng, optional_rate)
    if param not in args:
        args[param] = value_for(tool.properties[param], rng, name=param)
    args = {p: args[p] for p in tool.properties if p in args}  # keep schema order
    return ToolCall(tool=tool.name, arguments=args), param


def sample_sequential(
    item_id: str, chain: list[Step], tools: dict[str, Tool], rng: random.Random, *, optional_rate: float = 0.2
) -> Target:
    calls: list[ToolCall] = []
    bindings: list[Binding] = []
    for i, (name, edge) in enumerate(chain):
        if edge is None:
            calls.append(ToolCall(tool=name, arguments=arguments(tools[name], rng, optional_rate)))
            continue
        call, param = _bound_call(tools[name], edge, rng, optional_rate)
        calls.append(call)
        bindings.append(Binding(call=i, param=param, from_call=i - 1))
    return Target(
        id=item_id,
        kind="sequential",
        calls=calls,
        offered=[n for n, _ in chain],
        domain=tools[chain[0][0]].domain,
        bindings=bindings,
    )
