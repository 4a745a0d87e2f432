"""Targets from user logs: event k of a user's log is the target call, events[:k] its history,
its time the query time -- how TRAILBench's real records are built (docs/formats.md, TRAILBench).

An argument is *inferable* when the reviewer's recoverability rule holds for it: its value
occurs in the history for the same app, API and parameter, its parameter is temporal (follows
from the query time), or it equals the schema default. Only inferable values may be hinted or
omitted, so targets are chosen among events whose counted values are (mostly) inferable:
otherwise a vague query could not leave them out and stay solvable.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable
from typing import Literal, NamedTuple

from ..catalog import Catalog
from ..core.habits import ABSENT, habits_of, picks, value_key
from ..core.habitual import habitual
from ..core.identity import trail_names
from ..core.plan import (
    app_given,
    habit_reading,
    high_floor,
    literal_gaps,
    literal_in_render,
    recoverable_from,
)
from ..core.schema import argument_errors
from ..core.temporal import parse_time, temporal_parameters
from ..core.vagueness import gold_values
from ..records import HistoryEvent, Source, Target, Tool, ToolCall, UserHistory
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


def build_target(target_id: str, log: UserHistory, k: int, tool: Tool, catalog: Catalog,
                 pointers: bool = False) -> Target:
    """Event k of `log` as a target (`pointers`: its hints may point at one earlier event)."""
    event = log.events[k]
    args = dict(event.parameters)
    return Target(id=target_id, kind="single", calls=[ToolCall(tool=tool.name, arguments=args)],
                  offered=[t.name for t in catalog.by_domain.get(tool.domain, [])], domain=tool.domain,
                  user=log.user, history=list(log.events[:k]), time=event.time,
                  temporal_parameters=temporal_parameters(tool, args, event.time), pointers=pointers)


def unset_habit(target: Target, tool: Tool) -> str | None:
    """A parameter the target leaves unset that the user's calls of the function usually set to
    one value: a vague query leans on the history, and a reader of it fills that habit in too
    (set 28: "check my inbox" after eleven searches of today's unread mail, with a gold call that
    asks for today's mail, read or not). A usual value that is the schema's default is what the
    unset parameter means anyway."""
    habits = habits_of(target, tool)
    args = target.calls[0].arguments
    api = trail_names(tool)[1]
    for param in tool.properties:
        if param in args or not habitual(tool, param):
            continue
        spec = tool.properties[param] if isinstance(tool.properties[param], dict) else {}
        usual = picks(habits.past(param)["function"])["usual"]
        if usual is None or usual == ABSENT or ("default" in spec and usual == value_key(spec["default"])):
            continue
        said = [e.parameters[param] for e in target.history if e.apiname == api and param in e.parameters][-1:]
        if not any(temporal_parameters(tool, {param: v}, target.time or "") for v in [*(spec.get("enum") or []), *said]):
            return param  # (a meal by the hour is the query time's to say, never the history's)
    return None


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
    got = _tier_of(log, k, catalog, min_history, min_inferable)
    return got is not None and got[0] != "partial"


# ---------------------------------------------------------------- repeats and tiers
# A target that repeats an earlier call verbatim makes a vague query solvable by "do the
# last one again". TRAILBench's own files: 13% exact repeats, 5% equal to the most recent
# call of the same function. Selection therefore prefers new combinations of habitual
# values, then targets with a few values no level may leave out (always stated, literally),
# then repeats of an earlier call ("my usual"), then repeats of the most recent one, each kind
# within its share of what is produced. One user's targets never share a gold call: their
# queries would say the same (and the duplicate removal, hub/dedup.py, would drop one).

Tier = Literal["new", "partial", "repeat", "recent"]
TIERS: tuple[Tier, ...] = ("new", "partial", "repeat", "recent")


def repeat_kind(log: UserHistory, k: int) -> str:
    """"new", "repeat" (an earlier call of the same function, verbatim) or "recent" (the most
    recent call of the same function, verbatim)."""
    e = log.events[k]
    same = [h for h in log.events[:k] if h.toolname == e.toolname and h.apiname == e.apiname]
    if same and same[-1].parameters == e.parameters:
        return "recent"
    return "repeat" if any(h.parameters == e.parameters for h in same) else "new"


def fixed_share(target: Target, tool: Tool) -> float | None:
    """Share of counted values that every level must state (None: not usable as a target with
    stated-only values -- one of them would not be said literally, or too many are fixed)."""
    if literal_gaps(target, tool):
        return None
    floor = high_floor(target, tool)
    return floor if floor <= MAX_FIXED_PER_TARGET else None


# One stated-only value among three or more: a High query still leaves most of the call out.
MAX_FIXED_PER_TARGET = 0.34
PARTIAL_INFERABLE = 0.5


def rivals(tool: Tool, offered: Iterable[Tool]) -> list[str]:
    """The apps offered with `tool` that have a function of its name (TRAILBench offers a query
    every tool of its kind)."""
    api = trail_names(tool)[1]
    return [trail_names(t)[0] for t in offered if trail_names(t)[1] == api]


class Candidate(NamedTuple):
    user: str
    k: int
    fixed: float  # share of counted values every level states (the High level's floor)
    call: str  # the gold call, compared whole
    tool: str
    named: bool = False  # the history does not give the app: every level names it (taken last in its share)
    size: int = 1  # arguments of the call (a reader labels each one)

    @property
    def said(self) -> float:
        """Counted values every level states (the High level's value recall pools values, not calls)."""
        return self.fixed * self.size


def _tier_of(log: UserHistory, k: int, catalog: Catalog, min_history: int,
             min_inferable: float, pointers: bool = False) -> tuple[Tier, float] | None:
    """Which tier event k belongs to and its fixed share (the counted values every level says:
    stated-only ones, and left-out ones whose words are the tool's own, "taxi" in get_taxi), or
    None when it cannot be a target."""
    event = log.events[k]
    tool = tool_of(event, catalog)
    if k < min_history or tool is None or parse_time(event.time) is None:
        return None
    if argument_errors(tool, event.parameters) or not scoreable(event.parameters):
        return None
    target = build_target("probe", log, k, tool, catalog, pointers)
    if unset_habit(target, tool):
        return None
    ok = inferable(target, tool)
    share = inferable_share(target, tool, ok)
    if share <= 0.0 or not has_literal(target, tool, ok):
        return None
    kind = repeat_kind(log, k)
    if share >= min_inferable:
        # the High level's floor: what every level says anyway (a left-out "taxi" of get_taxi);
        # a lowered min_inferable accepts that much said at every level
        floor = high_floor(target, tool)
        return None if floor > max(MAX_FIXED_PER_TARGET, 1.0 - min_inferable) else (kind, floor)  # type: ignore[return-value]
    if kind != "new" or share < min(min_inferable, PARTIAL_INFERABLE):
        return None
    fixed = fixed_share(target, tool)
    return None if fixed is None else ("partial", fixed)


def _round_robin(per_user: dict[str, list[Candidate]]) -> list[Candidate]:
    """One user at a time: any prefix of the result spreads over the users."""
    queues = [list(q) for q in per_user.values()]
    out: list[Candidate] = []
    while any(queues):
        for q in queues:
            if q:
                out.append(q.pop(0))
    return out


def _tools_in_turn(order: list[Candidate]) -> list[Candidate]:
    """`order` with each tool's first candidate before any tool's second (and so on), otherwise in
    order: the targets cover every tool that has one before a tool is used twice."""
    seen: Counter[str] = Counter()
    rank = []
    for c in order:
        rank.append(seen[c.tool])
        seen[c.tool] += 1
    return [c for _, _, c in sorted(zip(rank, range(len(order)), order, strict=True))]


class Pools:
    """Candidate events of every user, per tier, in the order they are taken: tools in turn, then
    users in turn, each user's events shuffled once; partial targets fewest stated-only values
    first. With `pointers`, a value may also be read back through a pointer to one earlier event."""

    def __init__(self, logs: list[UserHistory], catalog: Catalog, min_history: int,
                 min_inferable: float, rng: random.Random, pointers: bool = False) -> None:
        self.pointers = pointers
        found: dict[Tier, dict[str, list[Candidate]]] = {t: {log.user: [] for log in logs} for t in TIERS}
        self.events = {log.user: len(log.events) for log in logs}
        self.calls: Counter[str] = Counter()  # events per tool ("app.api")
        self.usable: Counter[str] = Counter()  # candidate targets per tool
        for log in logs:
            for k in range(len(log.events)):
                got = _tier_of(log, k, catalog, min_history, min_inferable, pointers)
                e = log.events[k]
                self.calls[f"{e.toolname}.{e.apiname}"] += 1
                if got is not None:
                    self.usable[f"{e.toolname}.{e.apiname}"] += 1
                    call = json.dumps([e.toolname, e.apiname, e.parameters], sort_keys=True, default=str)
                    tool = tool_of(e, catalog)
                    unnamed = tool is None or app_given(log.events[:k], tool,
                                                        rivals(tool, catalog.by_domain.get(tool.domain, [])))
                    found[got[0]][log.user].append(Candidate(log.user, k, got[1], call, f"{e.toolname}.{e.apiname}",
                                                             not unnamed, len(e.parameters)))
        for per_user in found.values():
            for pool in per_user.values():
                rng.shuffle(pool)
        rr = {t: _tools_in_turn(_round_robin(found[t])) for t in TIERS}
        for tier in TIERS:  # fewest stated-only values first; stable: tools and users stay in turn within a share
            rr[tier].sort(key=lambda c: (c.fixed, c.named))
        self.per_user = {t: {u: len(v) for u, v in found[t].items()} for t in TIERS}
        self.tiers = _distinct(rr)
        # each user's candidates per tier in the tiers' order: a deal takes its own copy
        self.queues = {u: {t: [c for c in self.tiers[t] if c.user == u] for t in TIERS} for u in self.events}
        sizes = [c.size for cs in self.tiers.values() for c in cs]
        self.mean_size = sum(sizes) / len(sizes) if sizes else 1.0  # what a target not yet dealt is expected to count

    def offered(self, tier: Tier) -> int:
        return len(self.tiers[tier])


def _distinct(tiers: dict[Tier, list[Candidate]]) -> dict[Tier, list[Candidate]]:
    """Each user's gold call once, in the order of preference (tiers in order, each in its own order)."""
    seen: set[tuple[str, str]] = set()
    out: dict[Tier, list[Candidate]] = {}
    for t in TIERS:
        out[t] = []
        for c in tiers[t]:
            if (c.user, c.call) not in seen:
                seen.add((c.user, c.call))
                out[t].append(c)
    return out


Chosen = dict[Tier, list[Candidate]]


class Mix(NamedTuple):
    """The target mix: repeats of an earlier call at most `repeat_share` of the targets, of the
    most recent one at most `recent_share`, and the share of the targets' counted values that
    every level states (the High level's value recall, values pooled over the targets as a reader
    counts them) at most `fixed_budget`."""

    repeat_share: float = 0.25
    recent_share: float = 0.10
    fixed_budget: float = 0.06


class Spent(NamedTuple):
    """What a deal has taken so far: values every level states, values in all, repeats."""

    said: float = 0.0
    values: int = 0
    repeats: int = 0


def _allowed(queue: list[Candidate], tier: Tier, chosen: Chosen, spent: Spent, budget: float,
             caps: dict[str, float]) -> int | None:
    """The first candidate of `queue` (its index) that fits what is left of the budget (`budget`:
    values every level states per value of the targets, those dealt, this one and the ones still
    to deal at `caps["left"]` targets of `caps["size"]` values) and the repeat shares (a repeat of
    the most recent call is a repeat too); None when none does. A candidate that costs more than
    is left never hides the free ones behind it (set 34: a user with 36 new targets dropped out
    at the first that stated one value)."""
    if tier in ("repeat", "recent") and not (spent.repeats < caps["repeat"] and len(chosen[tier]) < caps[tier]):
        return None
    for i, c in enumerate(queue):
        values = spent.values + c.size + caps["left"] * caps["size"]
        if spent.said + c.said <= budget * values + 1e-9:
            return i
    return None


# The order a user takes its candidates in: what costs nothing first, then repeats (their share
# can be relaxed up to all targets), the stated-only budget last (the High band ends at 0.10).
DEAL_ORDER: tuple[Tier, ...] = ("new", "repeat", "recent", "partial")


def _deal(pools: Pools, total: int, mix: Mix) -> Chosen:
    """Up to `total` targets dealt to the users in turn (the user with the fewest so far next), each
    taking its next candidate in DEAL_ORDER that `mix` still allows for `total` targets: the
    stated-only share (`fixed_budget`), repeats (`repeat_share`), repeats of the most recent call
    (`recent_share`). A user with nothing left that fits drops out; users rich in new targets
    spend none of the budget that users with stated-only values need. The budget is in values: a
    share of the values dealt so far, the candidate's, and the targets still to deal at the pools'
    mean size."""
    caps: dict[str, float] = {"repeat": int(mix.repeat_share * total + 1e-9),
                              "recent": int(mix.recent_share * total + 1e-9)}
    queues = {u: {t: list(cs) for t, cs in per_tier.items()} for u, per_tier in pools.queues.items()}
    chosen: Chosen = {t: [] for t in TIERS}
    got: Counter[str] = Counter()
    spent = Spent()
    calls: set[str] = set()
    active = list(pools.events)
    dealt = 0
    while dealt < total and active:
        user = min(active, key=lambda u: got[u])  # the first of the fewest: `min` keeps the first
        caps.update(left=total - dealt - 1, size=pools.mean_size)
        at = next(((t, i) for t in DEAL_ORDER
                   if (i := _allowed(queues[user][t], t, chosen, spent, mix.fixed_budget, caps)) is not None), None)
        if at is None:
            active.remove(user)
            continue
        tier, i = at
        c = queues[user][tier].pop(i)
        if c.call in calls:
            continue  # another user's identical call: their explicit queries would say the same
        calls.add(c.call)
        chosen[tier].append(c)
        got[user] += 1
        dealt += 1
        spent = Spent(spent.said + c.said, spent.values + c.size, spent.repeats + (tier in ("repeat", "recent")))
    return chosen


class Selection(list):
    """The chosen (user, k) pairs, and what each tier offered and gave (for shortfall notes)."""

    def __init__(self, picks: list[tuple[str, int]], pools: Pools, chosen: dict[Tier, list[Candidate]],
                 mix: Mix) -> None:
        super().__init__(picks)
        self.pools, self.chosen, self.mix = pools, chosen, mix
        self.taken = {t: len(cs) for t, cs in chosen.items()}

    def why_short(self, count: int) -> str:
        o, t, m = self.pools.offered, self.taken, self.mix
        return (f"{len(self)} of {count} targets: the logs hold {o('new')} new combinations of determined "
                f"values (took {t['new']}), {o('partial')} with values every level must state (took "
                f"{t['partial']} within fixed_budget {m.fixed_budget:g}) and {o('repeat')} + {o('recent')} repeats "
                f"of an earlier / the most recent call (took {t['repeat']} + {t['recent']} within repeat_share "
                f"{m.repeat_share:g} / recent_share {m.recent_share:g}), each call once; a value counts as "
                "determined only when it is the most recent or the single most frequent one of its parameter "
                "wherever a reader may look -- the app, every app of its kind, the whole history"
                + (" -- or the value of the one earlier event a hint's day, part of day and thing single out"
                   if self.pools.pointers else ""))

    def unused_tools(self, catalog: Catalog) -> tuple[int, list[str]]:
        """(tools used, the catalog's other tools with why none is a target)."""
        used = {c.tool for cs in self.chosen.values() for c in cs}
        out = []
        for tool in catalog.tools:
            name = ".".join(trail_names(tool))
            if name in used:
                continue
            n, ok = self.pools.calls[name], self.pools.usable[name]
            why = ("never called in the histories" if not n else
                   f"{n} calls, none with a value said verbatim that a vague query can leave out and still have read back" if not ok
                   else f"{ok} candidates, not reached")
            out.append(f"{tool.name} ({why})")
        return len(used), out

    def thin_users(self, count: int) -> list[str]:
        """Users that supply fewer targets than their share, with what their log holds."""
        share = count / max(1, len(self.pools.events))
        got = Counter(u for u, _ in self)
        per = self.pools.per_user
        return [f"{u}: {got[u]} targets from {n} events ({per['new'][u]} new, {per['partial'][u]} partial, "
                f"{per['repeat'][u] + per['recent'][u]} repeats)"
                for u, n in self.pools.events.items() if got[u] < share - 1e-9]


def choose(pools: Pools, count: int, mix: Mix) -> Selection:
    """The most targets up to `count` that `mix` allows, spread evenly over users (`_deal`) and
    over tools (`_cover`), in (user order, event order). `repeat_share`, `recent_share` and
    `fixed_budget` bound shares of the produced targets: when the logs cannot fill `count`, fewer
    targets are produced (Selection.why_short says why)."""
    chosen: Chosen = {t: [] for t in TIERS}
    for total in range(count, 0, -1):
        dealt = _deal(pools, total, mix)
        if sum(map(len, dealt.values())) == total and _fits(dealt, mix):
            chosen = dealt
            break
    chosen = _cover(chosen, pools, mix)
    users = list(pools.events)
    picks = sorted(((c.user, c.k) for t in TIERS for c in chosen[t]), key=lambda p: (users.index(p[0]), p[1]))
    return Selection(picks, pools, chosen, mix)


def _fits(chosen: Chosen, mix: Mix) -> bool:
    total = sum(map(len, chosen.values()))
    values = sum(c.size for cs in chosen.values() for c in cs)
    return (sum(c.said for cs in chosen.values() for c in cs) <= mix.fixed_budget * values + 1e-9
            and len(chosen["repeat"]) + len(chosen["recent"]) <= int(mix.repeat_share * total + 1e-9)
            and len(chosen["recent"]) <= int(mix.recent_share * total + 1e-9))


def _cover(chosen: Chosen, pools: Pools, mix: Mix) -> Chosen:
    """Tools without a target get one where another tool has two: a candidate not chosen takes the
    place of the last pick of its own user (users keep their shares) whose tool was picked more
    than once, when the mix still holds."""
    tools = Counter(c.tool for cs in chosen.values() for c in cs)
    taken = {c.call for cs in chosen.values() for c in cs}
    for tier in TIERS:
        for c in pools.tiers[tier]:
            if tools[c.tool] or c.call in taken:
                continue
            for victim_tier in TIERS:
                spare = [i for i, v in enumerate(chosen[victim_tier]) if tools[v.tool] > 1 and v.user == c.user]
                if not spare:
                    continue
                trial = {t: list(cs) for t, cs in chosen.items()}
                victim = trial[victim_tier].pop(spare[-1])
                trial[tier].append(c)
                if _fits(trial, mix):
                    chosen, tools[victim.tool], tools[c.tool] = trial, tools[victim.tool] - 1, 1
                    taken.add(c.call)
                    taken.discard(victim.call)
                    break
    return chosen


def select(logs: list[UserHistory], catalog: Catalog, count: int, min_history: int,
           min_inferable: float, rng: random.Random, mix: Mix | None = None) -> Selection:
    return choose(Pools(logs, catalog, min_history, min_inferable, rng), count, mix or Mix())


# ---------------------------------------------------------------- adapting the defaults
# When the logs cannot give the targets asked under the default mix, the settings the config
# left at their defaults are relaxed in this order, each step only as far as needed: a larger
# share of stated-only values (still inside the High band, <= 0.10), then more repeats of an
# earlier call ("my usual"), then of the most recent one, and last a little more of the High
# band (0.095: the High level's value recall follows the budget closely, docs/trail.md). A
# setting the config gives is kept.
RELAX: tuple[tuple[str, float], ...] = (("fixed_budget", 0.075), ("repeat_share", 0.5), ("recent_share", 0.25),
                                        ("repeat_share", 1.0), ("recent_share", 1.0), ("fixed_budget", 0.095))


def adapt(pools: Pools, count: int, mix: Mix, fixed: set[str]) -> tuple[Selection, list[str]]:
    """The selection under `mix`, relaxed step by step (RELAX, fields not in `fixed`) while it
    stays short; returns it with the steps taken ("repeat_share 0.25 -> 0.4")."""
    best, steps = choose(pools, count, mix), []
    for name, ceiling in RELAX:
        start = getattr(mix, name)
        if len(best) >= count or name in fixed or start >= ceiling:
            continue
        for value in _between(start, ceiling):
            got = choose(pools, count, mix._replace(**{name: value}))
            if len(got) >= count or value == ceiling:
                break
        if len(got) > len(best):
            steps.append(f"{name} {start:g} -> {value:g}")
            best, mix = got, mix._replace(**{name: value})
    return best, steps


def _between(start: float, end: float, steps: int = 10) -> list[float]:
    """Values from just above `start` up to `end` in tenths of the way, rounded to three decimals
    (a setting a person would write)."""
    return sorted({round(start + (end - start) * i / steps, 3) for i in range(1, steps)} | {end})
