"""The histories of one target: a background of the user's other calls, plus earlier calls of the
target tool whose values of the left-out parameter decide whether a reader can fill it in.

A value left out of the query with no phrase pointing at it is determined by the history only
when it is both the most recent and the single most frequent value of that parameter in the
earlier calls of the same tool (docs/trail.md, "Determined"). The determined twin's history makes
it so; the undetermined twin's history, built from the same background, the same call times and
the same other arguments, breaks it one way:

- absent: the tool was never called before;
- tie: the gold value and another one are equally frequent (the last call still used the gold);
- conflicting: the gold value is the most frequent, but the last call used another one.

Only the target tool's calls carry the left-out parameter (background events that carry a
parameter of that name are left out), so every scope a reader may look at (the function, the
app, the kind, the whole history) sees the same values.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from ..core.identity import trail_names
from ..core.vagueness import normalize
from ..core.values import Unsampleable, sample_arguments, value_for
from ..records import HistoryEvent, Tool, UserHistory
from .config import Case

EVENT_FORMAT = "%Y-%m-%d %H:%M"
MAX_DRAWS = 30
AWAKE = range(7, 23)  # hours at which a user asks


def same_key(a: Any, b: Any) -> bool:
    return normalize(a) == normalize(b)


def other_values(tool: Tool, param: str, gold: Any, rng: random.Random, n: int) -> list[Any] | None:
    """`n` values of `param`, valid for the tool, different from the gold and from each other
    (None when the schema does not allow that many)."""
    spec = tool.properties.get(param) or {}
    pool = [v for v in spec.get("enum") or [] if not same_key(v, gold)]
    if pool:
        return rng.sample(pool, n) if len(pool) >= n else None
    found: list[Any] = []
    for i in range(MAX_DRAWS * n):
        try:
            value = sample_arguments(tool, rng, optional_rate=0.0)[param] if i < MAX_DRAWS \
                else value_for(unexampled(spec), rng, name=param)
        except (Unsampleable, KeyError):
            return None
        if not same_key(value, gold) and not any(same_key(value, f) for f in found):
            found.append(value)
        if len(found) == n:
            return found
    return None


def unexampled(spec: dict[str, Any]) -> dict[str, Any]:
    """The schema without the values it shows: a parameter whose description gives one example
    ("e.g. garage battery") is always drawn as that example, and a history needs others."""
    return {k: v for k, v in spec.items() if k not in ("description", "examples", "example", "default")}


# ---------------------------------------------------------------- value sequences

def determined_values(k: int, g: Any, o: Any, rng: random.Random) -> list[Any]:
    """The gold strictly most frequent and most recent."""
    golds = k // 2 + 1
    head = [g] * (golds - 1) + [o] * (k - golds)
    rng.shuffle(head)
    return [*head, g]


def tie_values(k: int, g: Any, o: Any, x: Any, rng: random.Random) -> list[Any]:
    """The gold and another value equally frequent, the gold the most recent; an odd count adds
    one third value so that no value leads."""
    half = k // 2
    head = [g] * (half - 1) + [o] * half + ([x] if k % 2 else [])
    rng.shuffle(head)
    return [*head, g]


def conflicting_values(k: int, g: Any, o: Any, rng: random.Random) -> list[Any]:
    """The gold the single most frequent, another value the most recent."""
    golds = k // 2 + 1
    head = [g] * golds + [o] * (k - golds - 1)
    rng.shuffle(head)
    return [*head, o]


def settled(values: list[Any]) -> Any | None:
    """The value that is both the most recent and the single most frequent (None: none is)."""
    if not values:
        return None
    counts = Counter(normalize(v) for v in values).most_common(2)
    if len(counts) > 1 and counts[0][1] == counts[1][1]:
        return None
    return values[-1] if normalize(values[-1]) == counts[0][0] else None


# ---------------------------------------------------------------- events

def carries(event: HistoryEvent, param: str) -> bool:
    return param in event.parameters


def background(log: UserHistory, tool: Tool, param: str, size: int, rng: random.Random) -> list[HistoryEvent]:
    """`size` consecutive events of the user's log that neither call the target tool nor carry
    the left-out parameter."""
    names = trail_names(tool)
    usable = [e for e in log.events if (e.toolname, e.apiname) != names and not carries(e, param)]
    if len(usable) <= size:
        return usable
    start = rng.randrange(len(usable) - size + 1)
    return usable[start:start + size]


def parse(time: str) -> datetime:
    return datetime.strptime(time, EVENT_FORMAT)


def call_times(events: list[HistoryEvent], k: int, start: datetime, rng: random.Random) -> list[datetime]:
    """`k` times for the target tool's earlier calls, spread over the background's span (or over
    the days after `start` when there is no background), on distinct minutes."""
    lo = parse(events[0].time) if events else start
    hi = parse(events[-1].time) if events else start + timedelta(days=2 * k)
    span = max(int((hi - lo).total_seconds() // 60), k * 30)
    minutes = sorted(rng.sample(range(1, span), k))
    return [lo + timedelta(minutes=m) for m in minutes]


def query_time(events: list[HistoryEvent], times: list[datetime], start: datetime,
               rng: random.Random) -> datetime:
    """A while after the last event or call: later the same day or the next."""
    last = max([*(parse(e.time) for e in events), *times, start])
    when = (last + timedelta(minutes=rng.randint(45, 20 * 60))).replace(second=0, microsecond=0)
    if when.hour in AWAKE:
        return when
    morning = when if when.hour < AWAKE.start else when + timedelta(days=1)  # people ask by day
    return morning.replace(hour=AWAKE.start + rng.randint(0, 2), minute=rng.randrange(60))


def tool_event(tool: Tool, when: datetime, rng: random.Random, param: str, value: Any) -> HistoryEvent:
    toolname, apiname = trail_names(tool)
    args = sample_arguments(tool, rng, optional_rate=0.3, ref=when)
    args[param] = value
    return HistoryEvent(time=when.strftime(EVENT_FORMAT), apitype=tool.domain, toolname=toolname,
                        apiname=apiname, parameters=args)


def merged(events: list[HistoryEvent], calls: list[HistoryEvent]) -> list[HistoryEvent]:
    return sorted([*events, *calls], key=lambda e: e.time)


@dataclass(frozen=True)
class Histories:
    """The determined and the undetermined history of one target, and the query time."""

    determined: list[HistoryEvent]
    undetermined: list[HistoryEvent]
    case: str
    time: datetime


def build(back: list[HistoryEvent], tool: Tool, param: str, gold: Any, case: Case, times: list[datetime],
          time: datetime, rng: random.Random) -> Histories | None:
    """The two histories for a value left out of the query, with the target tool called at
    `times` (None: the schema has too few other values to build the case)."""
    others = other_values(tool, param, gold, rng, 2) or other_values(tool, param, gold, rng, 1)
    if others is None:
        return None
    o, x = others[0], others[-1]
    if len(others) == 1 and len(times) % 2:  # a tie over an odd count needs a third value: one call fewer
        times = times[1:]
    k = len(times)
    seqs = {"determined": determined_values(k, gold, o, rng),
            "tie": tie_values(k, gold, o, x, rng), "conflicting": conflicting_values(k, gold, o, rng)}
    fills = [random.Random(rng.random()) for _ in times]  # one stream per call: twins share the rest
    det = [tool_event(tool, t, f, param, v) for t, f, v in zip(times, fills, seqs["determined"], strict=True)]
    if case == "absent":
        undet: list[HistoryEvent] = []
    else:
        undet = [e.model_copy(update={"parameters": {**e.parameters, param: v}})
                 for e, v in zip(det, seqs[case], strict=True)]
    return Histories(merged(back, det), merged(back, undet), case, time)


def same_history(back: list[HistoryEvent], tool: Tool, param: str, times: list[datetime], time: datetime,
                 rng: random.Random, value_at: Callable[[datetime], Any]) -> Histories:
    """One history for both twins (the time pair: they differ in the query time given, not the
    history); `value_at(when)` is the left-out parameter's value of a call made at `when`."""
    calls = [tool_event(tool, t, random.Random(rng.random()), param, value_at(t)) for t in times]
    history = merged(back, calls)
    return Histories(history, history, "no_query_time", time)
