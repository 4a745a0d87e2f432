"""Targets from user logs: event k of a user's log is the target call, events[:k] its history,
its time the query time -- how TRAILBench's real records are built (FORMATS.md 1.2).

An argument is *inferable* when the reviewer's recoverability rule holds for it: its value
occurs in the history for the same app, API and parameter, its parameter is temporal (follows
from the query time), or it equals the schema default. Only inferable values may be hinted or
omitted, so targets are chosen among events whose counted values are (mostly) inferable:
otherwise a vague query could not leave them out and stay solvable.
"""

from __future__ import annotations

import random

from ..catalog import Catalog
from ..plan import literal_in_render, recoverable_from
from ..records import HistoryEvent, Source, Target, Tool, ToolCall, UserHistory
from ..schema import argument_errors
from ..temporal import parse_time, temporal_parameters
from ..vagueness import gold_values


def tool_of(event: HistoryEvent, catalog: Catalog) -> Tool | None:
    tool = catalog.by_name.get(f"{event.toolname}_{event.apiname}")
    return tool if tool is not None and tool.domain == event.apitype else None


def inferable(target: Target, tool: Tool) -> dict[str, Source]:
    """Argument -> the first source that recovers it (the plan's own inferability rule)."""
    out: dict[str, Source] = {}
    for k, v in target.calls[0].arguments.items():
        sources = recoverable_from(target, tool, k, v)
        if sources:
            out[k] = sources[0]
    return out


def build_target(target_id: str, log: UserHistory, k: int, tool: Tool, catalog: Catalog) -> Target:
    event = log.events[k]
    args = dict(event.parameters)
    return Target(id=target_id, kind="single", calls=[ToolCall(tool=tool.name, arguments=args)],
                  offered=[t.name for t in catalog.by_domain.get(tool.domain, [])], domain=tool.domain,
                  user=log.user, history=list(log.events[:k]), time=event.time,
                  temporal_parameters=temporal_parameters(tool, args, event.time))


def inferable_share(target: Target, tool: Tool) -> float:
    """Share of counted (value-recall) values that are inferable; 0.0 without counted values."""
    vals = gold_values(target.calls[0].arguments)
    if not vals:
        return 0.0
    ok = inferable(target, tool)
    return sum(k in ok for k, _ in vals) / len(vals)


def has_literal(target: Target, tool: Tool, params: dict[str, Source]) -> bool:
    """Some inferable value shows up literally when stated, so leaving it out at a vague level
    really lowers value recall (an enum said in words, "sci_fi" -> "science fiction", does not)."""
    args = target.calls[0].arguments
    return any(literal_in_render(args[k], k, tool, target.time) for k in params)


def eligible(log: UserHistory, k: int, catalog: Catalog, min_history: int, min_inferable: float) -> bool:
    """Event k can be a target: enough history, a known tool, schema-valid arguments, a
    parseable time, and enough inferable values for a vague level to leave out."""
    event = log.events[k]
    tool = tool_of(event, catalog)
    if k < min_history or tool is None or parse_time(event.time) is None:
        return False
    if argument_errors(tool, event.parameters):
        return False
    target = build_target("probe", log, k, tool, catalog)
    if inferable_share(target, tool) < max(min_inferable, 1e-9):
        return False
    return has_literal(target, tool, inferable(target, tool))


def candidates(log: UserHistory, catalog: Catalog, min_history: int, min_inferable: float) -> list[int]:
    return [k for k in range(len(log.events)) if eligible(log, k, catalog, min_history, min_inferable)]


def select(logs: list[UserHistory], catalog: Catalog, count: int, min_history: int,
           min_inferable: float, rng: random.Random) -> list[tuple[str, int]]:
    """(user, k) pairs, spread evenly over users, in (user order, event order)."""
    pools = {log.user: candidates(log, catalog, min_history, min_inferable) for log in logs}
    for pool in pools.values():
        rng.shuffle(pool)
    chosen: dict[str, list[int]] = {u: [] for u in pools}
    while count > 0 and any(pools.values()):
        for user, pool in pools.items():
            if pool and count > 0:
                chosen[user].append(pool.pop())
                count -= 1
    return [(u, k) for u in pools for k in sorted(chosen[u])]
