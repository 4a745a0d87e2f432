"""Sampling trajectories: parallel (independent tools of one domain) and sequential (chains
along tool-graph edges where a later argument is bound to an earlier call's output).

Argument values come from `generator.values` (enums, examples, defaults, persona pools, typed
fakes), so every call validates against its tool's schema. Every step after the first binds one
param along its edge (an identifier when the edge has one, `bound_param`); outputs are simulated
afterwards (`simulate.py`) so that each bound value is one of the producer's results.
"""

from __future__ import annotations

import random
from typing import Any

from ..records import Binding, Edge, Target, Tool, ToolCall
from ..values import is_temporal, is_valid, repair_arguments, sample_arguments, schema_type, value_for
from .graph import ToolGraph, is_id_param, source_field

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
    return repair_arguments(tool, _single(tool, args), rng)  # optionals came in fixed: pair them up


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


def bound_param(edge: Edge, rng: random.Random) -> str:
    """The param a step binds: an identifier when the edge carries one (id -> id is what a
    chain of real calls passes along), else one of its data params."""
    ids = [p for p in edge.params if is_id_param(p)]
    return ids[0] if ids else rng.choice(sorted(edge.params))


def _bound_value(tool: Tool, param: str, prev: ToolCall, producer: Tool, rng: random.Random) -> Any:
    """The value a step reads: what the producer was asked for when it filtered on the same
    field (a movie search for "Signal Lost" yields that movie's title), else a fresh value in
    the field's style; the simulator then lists it among the producer's results."""
    asked = prev.arguments.get(source_field(producer, tool, param))
    spec = tool.properties[param]
    if asked is not None and not is_id_param(param) and is_valid(spec, asked):
        return asked
    stated = list(prev.arguments.values())
    value = value_for(spec, rng, name=param)
    for _ in range(8):  # a value the earlier call was given would be in the query already
        if value not in stated:
            break
        value = value_for(spec, rng, name=param)
    return value


def shared_choices(tool: Tool, args: dict[str, Any], prev: ToolCall, bound: str) -> dict[str, Any]:
    """The user's choices carried along the chain: a param the previous call also took (the
    hotel search's check_in and nights, the table search's party_size) keeps its value, so the
    booking is for what was searched."""
    return {
        p: prev.arguments[p]
        for p in args
        if p != bound and p in prev.arguments and is_valid(tool.properties.get(p) or {}, prev.arguments[p])
    }


def _unechoed(edge: Edge, tool: Tool, prev: ToolCall, producer: Tool) -> Edge:
    """The edge's params whose value the producer was not itself asked for (an echoed request
    is stated in the query, so binding it would give the value away), when there are any."""
    fresh = [p for p in edge.params if source_field(producer, tool, p) not in prev.arguments]
    return edge.model_copy(update={"params": fresh}) if fresh else edge


def _without_echo(prev: ToolCall, producer: Tool, field: str) -> ToolCall:
    """The earlier call without an optional filter on the bound field: its output then names a
    value the query does not (a required one stays, and the leak check decides)."""
    if field not in prev.arguments or field in producer.required:
        return prev
    return prev.model_copy(update={"arguments": {k: v for k, v in prev.arguments.items() if k != field}})


def _bound_call(
    tool: Tool, edge: Edge, prev: ToolCall, producer: Tool, rng: random.Random, optional_rate: float
) -> tuple[ToolCall, str]:
    param = bound_param(_unechoed(edge, tool, prev, producer), rng)
    args = arguments(tool, rng, optional_rate)
    args[param] = _bound_value(tool, param, prev, producer, rng)
    shared = shared_choices(tool, args, prev, param)
    args.update(shared)
    for p in [p for p in args if p in prev.arguments and p not in shared and p != param]:
        if p not in tool.required:
            del args[p]  # a choice the consumer cannot repeat (another enum) is left out, not contradicted
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
        prev = calls[-1]
        call, param = _bound_call(tools[name], edge, prev, tools[prev.tool], rng, optional_rate)
        calls[-1] = _without_echo(prev, tools[prev.tool], source_field(tools[prev.tool], tools[name], param))
        if calls[-1] is not prev:  # the bound value was the echoed filter: now drawn afresh
            call = call.model_copy(update={"arguments": {
                **call.arguments, param: _bound_value(tools[name], param, calls[-1], tools[prev.tool], rng)}})
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
