"""Targets from user logs: event k of a user's log is the target call, events[:k] its history,
its time the query time -- how TRAILBench's real records are built (docs/formats.md, TRAILBench).

An argument is *inferable* when the reviewer's recoverability rule holds for it: its value
occurs in the history for the same app, API and parameter, its parameter is temporal (follows
from the query time), or it equals the schema default. Only inferable values may be hinted or
omitted, so targets are chosen among events whose counted values are (mostly) inferable:
otherwise a vague query could not leave them out and stay solvable.
"""

from __future__ import annotations

import random

from ..catalog import Catalog
from ..plan import habit_reading, literal_gaps, literal_in_render, recall_floor, recoverable_from
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
    reading = habit_reading(target, tool)
    for k, v in target.calls[0].arguments.items():
        sources = recoverable_from(target, tool, k, v, reading)
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


def inferable_share(target: Target, tool: Tool, ok: dict[str, Source] | None = None) -> float:
    """Share of counted (value-recall) values that are inferable (`ok`: inferable() when
    already known); 0.0 without counted values."""
    vals = gold_values(target.calls[0].arguments)
    if not vals:
        return 0.0
    ok = inferable(target, tool) if ok is None else ok
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
    ok = inferable(target, tool)
    if inferable_share(target, tool, ok) < max(min_inferable, 1e-9):
        return False
    return has_literal(target, tool, ok)


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
            order = {k: -self.floor[(user, k)] for k in pool}
            pool.sort(key=order.__getitem__)

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


class Selection(list):
    """The chosen (user, k) pairs, and what each tier offered and gave (for shortfall notes)."""

    def __init__(self, picks: list[tuple[str, int]], offered: dict[str, int], taken: dict[str, int],
                 repeat_cap: int) -> None:
        super().__init__(picks)
        self.offered, self.taken, self.repeat_cap = offered, taken, repeat_cap

    def why_short(self, count: int, repeat_share: float, fixed_budget: float) -> str:
        o, t = self.offered, self.taken
        return (f"{len(self)} of {count} targets: {o['new']} events are new combinations of determined values "
                f"(took {t['new']}), {t['partial']} of {o['partial']} with values every level must state fit "
                f"fixed_budget {fixed_budget}, and repeats of an earlier call are capped by repeat_share "
                f"{repeat_share} at {self.repeat_cap} ({o['repeat'] + o['recent']} available); a value counts "
                "as determined only when it is the most recent or the single most frequent one of its "
                "parameter (add users or longer logs, or raise repeat_share / fixed_budget)")


def repeat_ceiling(others: int, count: int, share: float) -> int:
    """Most repeats that keep their share of the produced targets within `share`."""
    if share >= 1.0:
        return count
    return min(count - others, int(share * others / (1.0 - share) + 1e-9))


def select(logs: list[UserHistory], catalog: Catalog, count: int, min_history: int,
           min_inferable: float, rng: random.Random, repeat_share: float = 0.25,
           recent_share: float = 0.10, fixed_budget: float = 0.05) -> Selection:
    """(user, k) pairs, spread over users, in (user order, event order): new combinations
    first, then targets with stated-only values while the running mean of their fixed share
    stays within `fixed_budget` (it is the vaguest level's value recall), then repeats.
    `repeat_share` and `recent_share` are ceilings on the share of the produced targets: when
    too few new targets exist, fewer targets are produced (Selection.why_short says why)."""
    pools = Pools(logs, catalog, min_history, min_inferable, rng)
    offered = {tier: sum(map(len, pools.tiers[tier].values())) for tier in pools.tiers}
    picks = _round_robin(pools.tiers["new"], count, lambda u, k: True)
    taken = {"new": len(picks)}
    fixed = [0.0]
    taken_partial: list[int] = []

    def repeats_for(others: int) -> tuple[int, int]:
        """(recent, other) repeats taken beside `others` targets: within both ceilings and
        what the pools hold."""
        cap = repeat_ceiling(others, count, repeat_share)
        n_recent = min(cap, int(recent_share * (others + cap) + 1e-9), offered["recent"])
        return n_recent, min(cap - n_recent, offered["repeat"])

    def within_budget(user: str, k: int) -> bool:
        f = pools.floor[(user, k)]
        # The mean over every target the selection ends with: repeats (all values
        # determined) come last and lower it.
        others = len(picks) + len(taken_partial) + 1
        if (fixed[0] + f) / (others + sum(repeats_for(others))) > fixed_budget + 1e-9:
            return False
        taken_partial.append(k)
        fixed[0] += f
        return True

    partial = _round_robin(pools.tiers["partial"], count - len(picks), within_budget)
    picks += partial
    taken["partial"] = len(partial)
    n_recent, n_repeat = repeats_for(len(picks))
    recent = _round_robin(pools.tiers["recent"], n_recent, lambda u, k: True)
    repeat = _round_robin(pools.tiers["repeat"], n_repeat, lambda u, k: True)
    picks += recent + repeat
    cap = repeat_ceiling(len(picks) - len(recent) - len(repeat), count, repeat_share)
    users = [log.user for log in logs]
    return Selection(sorted(picks, key=lambda p: (users.index(p[0]), p[1])), offered,
                     {**taken, "recent": len(recent), "repeat": len(repeat)}, cap)
