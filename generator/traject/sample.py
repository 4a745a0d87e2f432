"""Sampling trajectories: parallel (independent tools of one domain) and sequential (chains
along tool-graph edges where a later argument is bound to an earlier call's output).

Argument values come from `generator.core.values` (enums, examples, defaults, persona pools, typed
fakes), so every call validates against its tool's schema. Which arguments of a later step come
from an earlier output is decided in `bind.py`; outputs are simulated afterwards (`simulate.py`)
so that the bound values sit in one result of the producer's output.
"""

from __future__ import annotations

import random

from ..core import semantic
from ..core.habits import place_role
from ..core.lore import acted_on
from ..core.schema import is_valid
from ..records import Target, Tool, ToolCall
from .bind import Step, sample_chain
from .calls import arguments
from .graph import ToolGraph
from .shapes import conflicting


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


_FRESH_TRIES = 8


def sample_parallel(
    item_id: str,
    tools: list[Tool],
    k: int,
    rng: random.Random,
    *,
    allow_repeats: bool = False,
    optional_rate: float = 0.2,
    lean: bool = False,
) -> Target:
    """k tools of one domain called side by side; `lean` calls pass only required values and
    defaults (calls.arguments)."""
    chosen = pick_tools(tools, k, rng, allow_repeats)
    calls: list[ToolCall] = []
    taken: set[tuple[str, str]] = set()  # one batch never acts on the same thing twice
    for t in chosen:
        args = arguments(t, rng, optional_rate, lean=lean)
        for _ in range(_FRESH_TRIES):
            if not acted_on(t.parameters, args) & taken:
                break
            args = arguments(t, rng, optional_rate, lean=lean)
        if acted_on(t.parameters, args) & taken and len(calls) >= 2:
            continue  # every thing it could act on is taken (two presses, a third run): one call fewer
        taken |= acted_on(t.parameters, args)
        calls.append(ToolCall(tool=t.name, arguments=args))
    return Target(
        id=item_id,
        kind="parallel",
        calls=one_place(calls, {t.name: t for t in chosen}),
        offered=[t.name for t in chosen],
        domain=chosen[0].domain if chosen else "",
    )


def _where(tool: Tool) -> list[str]:
    """The parameters of `tool` that say where the user is or looks (a city, an area), not a
    trip's end."""
    return [n for n, sch in tool.properties.items() if isinstance(sch, dict) and sch.get("type") == "string"
            and semantic.infer(n, sch) in ("place", "city") and place_role(n) is None]


def one_place(calls: list[ToolCall], tools: dict[str, Tool]) -> list[ToolCall]:
    """Side-by-side searches of one user happen in one place: a call that could say where but
    leaves it out takes the place another call of the batch gives (set 28: "I'm in Singapore ...
    and wondering where I could get breakfast" read as a breakfast search in Singapore, with
    gold that searched nowhere)."""
    given = next((c.arguments[n] for c in calls for n in _where(tools[c.tool])
                  if isinstance(c.arguments.get(n), str)), None)
    if given is None:
        return calls
    out = []
    for c in calls:
        where = _where(tools[c.tool])
        if where and not any(n in c.arguments for n in where) and is_valid(tools[c.tool].properties[where[0]], given):
            args = {**c.arguments, where[0]: given}
            c = ToolCall(tool=c.tool, arguments={k: args[k] for k in tools[c.tool].properties if k in args})
        out.append(c)
    return out


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
