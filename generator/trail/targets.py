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
from ..plan import literal_gaps, literal_in_render, recall_floor, recoverable_from
from ..records import HistoryEvent, Source, Target, Tool, ToolCall, UserHistory
from ..schema import argument_errors
from ..temporal import parse_time, temporal_parameters
from ..vagueness import gold_values
from .score import scoreable


def tool_of(event: HistoryEvent, catalog: Catalog) -> Tool | None:
    tool = catalog.by_trail.get((event.toolname, event.apiname))
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
    if argument_errors(tool, event.parameters) or not scoreable(event.parameters):
        return False
    target = build_target("probe", log, k, tool, catalog)
    if inferable_share(target, tool) < max(min_inferable, 1e-9):
        return False
    return has_literal(target, tool, inferable(target, tool))


def candidates(log: UserHistory, catalog: Catalog, min_history: int, min_inferable: float) -> list[int]:
    return [k for k in range(len(log.events)) if eligible(log, k, catalog, min_history, min_inferable)]


# ---------------------------------------------------------------- repeats and tiers
# A target that repeats an earlier call verbatim makes a vague query solvable by "do the
# last one again". TRAILBench's own files: 13% exact repeats, 5% equal to the most recent
# call of the same function. Selection therefore prefers new combinations of habitual
# values, then targets with a few values no level may leave out (always stated, literally),
# and takes repeats only up to a quota.


def repeat_kind(log: UserHistory, k: int) -> str:
    """"new", "repeat" (an earlier call of the same function, verbatim) or "recent" (the most
    recent call of the same function, verbatim)."""
    e = log.events[k]
    same = [h for h in log.events[:k] if h.toolname == e.toolname and h.apiname == e.apiname]
    if same and same[-1].parameters == e.parameters:
        return "recent"
    return "repeat" if any(h.parameters == e.parameters for h in same) else "new"


def fixed_share(log: UserHistory, k: int, catalog: Catalog) -> float | None:
    """Share of counted values that every level must state (None: not usable as a target with
    stated-only values -- one of them would not be said literally, or too many are fixed)."""
    tool = tool_of(log.events[k], catalog)
    assert tool is not None
    target = build_target("probe", log, k, tool, catalog)
    if literal_gaps(target, tool):
        return None
    floor = recall_floor(target, tool)
    return floor if floor <= MAX_FIXED_PER_TARGET else None


# One stated-only value among three or more: a High query still leaves most of the call out.
MAX_FIXED_PER_TARGET = 0.34
PARTIAL_INFERABLE = 0.5


class Pools:
    """Candidate events of every user, by tier, each shuffled once."""

    def __init__(self, logs: list[UserHistory], catalog: Catalog, min_history: int,
                 min_inferable: float, rng: random.Random) -> None:
        self.tiers: dict[str, dict[str, list[int]]] = {t: {} for t in ("new", "partial", "repeat", "recent")}
        self.floor: dict[tuple[str, int], float] = {}
        for log in logs:
            full = set(candidates(log, catalog, min_history, min_inferable))
            lower = min(min_inferable, PARTIAL_INFERABLE)
            for tier in self.tiers.values():
                tier[log.user] = []
            for k in candidates(log, catalog, min_history, lower):
                self._add(log, k, k in full, catalog)
        for tier in self.tiers.values():
            for pool in tier.values():
                rng.shuffle(pool)
        for user, pool in self.tiers["partial"].items():
            # Fewest stated-only values first (picks pop from the end): more targets fit the budget.
            pool.sort(key=lambda k, u=user: -self.floor[(u, k)])

    def _add(self, log: UserHistory, k: int, full: bool, catalog: Catalog) -> None:
        kind = repeat_kind(log, k)
        if full:
            self.tiers[kind][log.user].append(k)
            return
        floor = fixed_share(log, k, catalog) if kind == "new" else None
        if floor is not None:
            self.tiers["partial"][log.user].append(k)
            self.floor[(log.user, k)] = floor


def _round_robin(pools: dict[str, list[int]], count: int, accept) -> list[tuple[str, int]]:
    """Up to `count` picks, one user at a time, each pick checked by `accept(user, k)`."""
    out: list[tuple[str, int]] = []
    while len(out) < count and any(pools.values()):
        for user, pool in pools.items():
            while pool and len(out) < count:
                k = pool.pop()
                if accept(user, k):
                    out.append((user, k))
                    break
    return out


def select(logs: list[UserHistory], catalog: Catalog, count: int, min_history: int,
           min_inferable: float, rng: random.Random, repeat_share: float = 0.25,
           recent_share: float = 0.10, fixed_budget: float = 0.05) -> list[tuple[str, int]]:
    """(user, k) pairs, spread over users, in (user order, event order): new combinations
    first, then targets with stated-only values while their mean fixed share stays within
    `fixed_budget` (it is the vaguest level's value recall), then repeats within their quotas;
    when still short, any remaining candidate."""
    pools = Pools(logs, catalog, min_history, min_inferable, rng)
    picks = _round_robin(pools.tiers["new"], count, lambda u, k: True)
    fixed = [0.0]

    def within_budget(user: str, k: int) -> bool:
        f = pools.floor[(user, k)]
        if (fixed[0] + f) / count > fixed_budget + 1e-9:
            return False
        fixed[0] += f
        return True

    picks += _round_robin(pools.tiers["partial"], count - len(picks), within_budget)
    n_recent = min(count - len(picks), int(recent_share * count))
    picks += _round_robin(pools.tiers["recent"], n_recent, lambda u, k: True)
    n_repeat = min(count - len(picks), max(0, int(repeat_share * count) - n_recent))
    picks += _round_robin(pools.tiers["repeat"], n_repeat, lambda u, k: True)
    picks += _round_robin(pools.tiers["repeat"], count - len(picks), lambda u, k: True)
    picks += _round_robin(pools.tiers["recent"], count - len(picks), lambda u, k: True)
    users = [log.user for log in logs]
    return sorted(picks, key=lambda p: (users.index(p[0]), p[1]))
