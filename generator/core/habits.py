"""The planner's reading of a user's history: which value "last time", "usual" and the habit words
"home" / "work" pick (docs/trail.md, "Determined").

A reader resolves a history hint over the part of the history they look at: the named app's
calls when the query names the app, else every app of the same kind (apitype), else the whole
history when the kind is not clear; and "the same as last time" may as well be read as the last
call of the same function. The planner does not know which of these the reader of the final text
takes (the app may be named at one level and not at the next), so a reading *picks* a value only
when it picks that value in every scope a reader may take (`SCOPES`):

- "recent" ("last time", "again"): the most recent value of the parameter;
- "usual" ("my usual", "always"): the most frequent value, with a clear lead (more than half of
  the calls, or twice the next value: a tie or a near tie picks nothing).

A call of the same API that left the parameter out counts too, as a value of its own (`ABSENT`):
after three event searches with no category and one for concerts, "the kind of events I always go
to" is no category, and "the same category as last time" after a search without one is nothing.

Habit words name places. A reader ties "work" to the single destination of the user's weekday
morning trips and "home" to where those trips start and evening trips end (`place_ties`); a word
is used only for the value it is tied to, and, for a persona, only when the persona's own place
of that name is that value. The rules are written out in docs/trail.md; the checks read the texts
with their own implementation (validators/habitphrase.py), which shares none of this code.
"""

from __future__ import annotations

import json
import operator
import re
import weakref
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from functools import lru_cache
from typing import Any, Literal

from ..records import HistoryEvent, Target, Tool
from .habitual import habitual
from .identity import trail_names
from .vagueness import normalize

Reading = Literal["recent", "usual"]
READINGS: tuple[Reading, ...] = ("recent", "usual")
Scope = Literal["function", "app", "kind_api", "kind", "whole"]
SCOPES: tuple[Scope, ...] = ("function", "app", "kind_api", "kind", "whole")

# Identifier words of a place's role in a trip; a parameter with one of the NOT_PLACE words is a
# time, a count or an amount ("start_time", "end_date", "start_index"), never a place.
ORIGIN_WORDS = frozenset({"origin", "start", "departure", "pickup", "begin"})
DESTINATION_WORDS = frozenset({"destination", "dest", "end", "dropoff", "arrival"})
NOT_PLACE = frozenset({"time", "date", "day", "hour", "minute", "timestamp", "datetime", "ts", "year",
                       "month", "week", "page", "index", "offset", "price", "amount", "count"})
PLACE_WORDS = ("home", "work")
MORNING = range(5, 11)  # 05:00-10:59, Monday to Friday: the commute to work
EVENING = range(16, 24)  # 16:00-23:59, any day: the way back home
EVENT_FORMAT = "%Y-%m-%d %H:%M"
ABSENT = "\x00absent"  # the key of a parameter a call of the same API left out


def value_key(value: Any) -> str:
    """How two values are compared: normalized text, lists and objects as sorted JSON."""
    return normalize(json.dumps(value, sort_keys=True) if isinstance(value, list | dict) else value)


def _identifier_words(param: str) -> set[str]:
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", param)
    return {w for w in re.split(r"[^a-z0-9]+", spaced.lower()) if w}


def place_role(param: str) -> Literal["origin", "destination"] | None:
    """The role of a place parameter in a trip, from its name alone."""
    words = _identifier_words(param)
    if words & NOT_PLACE:
        return None
    if words & ORIGIN_WORDS:
        return "origin"
    return "destination" if words & DESTINATION_WORDS else None


def _scope_tests(tool: Tool) -> dict[Scope, Callable[[HistoryEvent], bool]]:
    app, api = trail_names(tool)
    return {"function": lambda e: (e.toolname, e.apiname) == (app, api),
            "app": lambda e: e.toolname == app,
            "kind_api": lambda e: (e.apitype, e.apiname) == (tool.domain, api),
            "kind": lambda e: e.apitype == tool.domain,
            "whole": lambda e: True}


def picks(past: list[str]) -> dict[Reading, str | None]:
    """The value key each reading picks from `past` (oldest first); None where it picks none."""
    if not past:
        return {"recent": None, "usual": None}
    counts = Counter(past).most_common(2)
    return {"recent": past[-1], "usual": counts[0][0] if clear_lead([c for _, c in counts], len(past)) else None}


def clear_lead(top_two: list[int], total: int) -> bool:
    """Whether the most frequent value is "usual": more than half of the calls, or twice the next
    one (19 of 54 beside 18 and 17 is no habit a person would name)."""
    return len(top_two) == 1 or 2 * top_two[0] > total or top_two[0] >= 2 * top_two[1]


def _tied(values: list[str]) -> str | None:
    """The value a habit word is tied to: the single most frequent, seen twice, at least half."""
    counts = Counter(values).most_common(2)
    if not counts or counts[0][1] < 2 or 2 * counts[0][1] < len(values):
        return None
    return counts[0][0] if len(counts) == 1 or counts[0][1] > counts[1][1] else None


def _trip_ends(event: HistoryEvent) -> tuple[list[str], list[str]]:
    """(origins, destinations) of one event: the text values of its place parameters."""
    ends: dict[str, list[str]] = {"origin": [], "destination": []}
    for param, value in event.parameters.items():
        role = place_role(param)
        if role and isinstance(value, str) and value.strip():
            ends[role].append(value_key(value))
    return ends["origin"], ends["destination"]


@lru_cache(maxsize=65536)  # every target's history repeats the earlier targets' events
def _event_time(text: str) -> datetime | None:
    try:
        return datetime.strptime(text, EVENT_FORMAT)
    except ValueError:
        return None


def place_ties(history: Iterable[HistoryEvent]) -> dict[str, str]:
    """Habit word -> the value the history ties it to: "work" the destination of weekday
    morning trips, "home" their origin and the destination of evening trips. A reader may count
    only whole trips (both ends said) or every trip that ends somewhere; a word is tied only where
    both counts tie it to the same place (a test history: Berlin twice among four whole evening
    trips, but among six that end somewhere)."""
    events = list(history)
    whole, every = _ties(events, whole_only=True), _ties(events, whole_only=False)
    return {w: v for w, v in whole.items() if every.get(w) == v}


def _ties(history: list[HistoryEvent], whole_only: bool) -> dict[str, str]:
    home: list[str] = []
    work: list[str] = []
    for event in history:
        when = _event_time(event.time)
        if when is None:
            continue
        origins, destinations = _trip_ends(event)
        if whole_only and not origins or not destinations:
            continue
        if when.weekday() < 5 and when.hour in MORNING and destinations:
            work += destinations
            home += origins
        if when.hour in EVENING:
            home += destinations
    ties = {w: v for w, v in (("home", _tied(home)), ("work", _tied(work))) if v is not None}
    return ties if len(set(ties.values())) == len(ties) else {}


def nested_values(parameters: dict[str, Any], param: str) -> list[Any]:
    """The values a call gives `param` inside its objects and lists of objects, in order."""
    out: list[Any] = []
    for value in parameters.values():
        for obj in value if isinstance(value, list) else [value]:
            if isinstance(obj, dict):
                out.extend([obj[param]] if param in obj else nested_values(obj, param))
    return out


class _Prefix:
    """The keys a parameter takes per scope over one log's events, read event by event once: the
    past of a target over the log's first k events is a slice (planning asks it for every event of
    a log in turn, each history the one before with one event more)."""

    def __init__(self, tool: Tool, param: str, tests: dict[Scope, Callable[[HistoryEvent], bool]]) -> None:
        self.tool, self.param, self.tests = tool, param, tests
        self.api = trail_names(tool)[1]
        self.events: list[HistoryEvent] = []
        self.flat: dict[Scope, list[str]] = {s: [] for s in SCOPES}
        self.ends: dict[Scope, list[int]] = {s: [0] for s in SCOPES}  # keys before event i: ends[s][i]

    def extends(self, history: list[HistoryEvent]) -> bool:
        """Whether `history` is this log's first events, or they are its first (then read on)."""
        shorter = min(len(history), len(self.events))
        return all(map(operator.is_, history[:shorter], self.events[:shorter]))

    def past(self, history: list[HistoryEvent]) -> dict[Scope, list[str]]:
        for e in history[len(self.events):]:
            self._add(e)
        k = len(history)
        return {s: self.flat[s][:self.ends[s][k]] for s in SCOPES}

    def _add(self, e: HistoryEvent) -> None:
        param = self.param
        if param in e.parameters:
            keys = [value_key(e.parameters[param])]
        elif e.apiname == self.api:
            keys = [ABSENT]
        else:  # a value of the name inside another call's objects counts too (set 27: the processes
            keys = [value_key(v) for v in nested_values(e.parameters, param)]  # of a WPS's passes)
        self.events.append(e)
        for s in SCOPES:
            if keys and self.tests[s](e):
                self.flat[s].extend(keys)
            self.ends[s].append(len(self.flat[s]))


def _prefix_of(tool: Tool, param: str, history: list[HistoryEvent],
               tests: dict[Scope, Callable[[HistoryEvent], bool]]) -> _Prefix:
    """The `_Prefix` of `param` over the log `history` begins, kept per tool, parameter and log."""
    key = (id(tool), param, id(history[0]) if history else 0)
    entry = _PREFIXES.get(key)
    if entry is None or entry.tool is not tool or not entry.extends(history):
        if len(_PREFIXES) >= CACHED_PREFIXES:
            del _PREFIXES[next(iter(_PREFIXES))]
        entry = _PREFIXES[key] = _Prefix(tool, param, tests)
    return entry


CACHED_PREFIXES = 4096
_PREFIXES: dict[tuple[int, str, int], _Prefix] = {}


class Habits:
    """One target's history, read lazily: past values of a parameter per scope, place ties."""

    def __init__(self, history: list[HistoryEvent], tool: Tool) -> None:
        self.history, self.tests, self.tool = history, _scope_tests(tool), tool
        self._past: dict[str, dict[Scope, list[str]]] = {}
        self._picks: dict[str, list[dict[Reading, str | None]]] = {}
        self._ties: dict[str, str] | None = None
        self._habitual: dict[str, bool] = {}
        self.memo: dict[Any, Any] = {}  # per-target results built over this history (plan.pointer_choice)

    def past(self, param: str) -> dict[Scope, list[str]]:
        if param not in self._past:
            self._past[param] = _prefix_of(self.tool, param, self.history, self.tests).past(self.history)
        return self._past[param]

    def rules(self, param: str, value: Any) -> set[Reading]:
        """The readings that pick `value` in every scope; none for a value no person has a habit
        for (generator.core.habitual: a title made once, a batch recalled, a reading taken), which
        "the same as last time" or "my usual" would make absurd even where the history repeats it."""
        if param not in self._habitual:
            self._habitual[param] = habitual(self.tool, param)
        if not self._habitual[param]:
            return set()
        want = value_key(value)
        if param not in self._picks:  # asked for many values of one parameter while planning
            self._picks[param] = [picks(p) for p in self.past(param).values()]
        per_scope = self._picks[param]
        return {r for r in READINGS if all(p[r] == want for p in per_scope)}

    def standing(self, param: str, value: Any) -> bool:
        """Whether `value` is a standing choice of the function: every earlier call of it, two at
        least, took it. A request that says nothing of a filter repeats it only then: "find certified
        testers" after 3 searches in one city and 2 in none is not a search in that city (set 22)."""
        past = self.past(param)["function"]  # (set 36: "Need to look up terms." after one search of that text)
        return len(past) >= 2 and set(past) == {value_key(value)}

    def function_values(self, param: str) -> list[str]:
        return [k for k in self.past(param)["function"] if k != ABSENT]

    def ties(self) -> dict[str, str]:
        if self._ties is None:
            self._ties = place_ties(self.history)
        return self._ties

    def place_words(self, param: str, value: Any, places: Mapping[str, str] | None = None) -> list[str]:
        """The habit words that mean `value` for this user (none when `param` is not a place):
        tied to it by the history and, with a persona's `places`, that persona's place too."""
        if place_role(param) is None or not isinstance(value, str):
            return []
        want = value_key(value)
        return [w for w in PLACE_WORDS if self.ties().get(w) == want
                and (places is None or _persona_place(places, w) == want)]


def _persona_place(places: Mapping[str, str], word: str) -> str | None:
    place = places.get(word) or (places.get("office") if word == "work" else None)
    return value_key(place) if place else None


_CACHE: dict[tuple[int, str], tuple[Any, tuple[int, int], Habits]] = {}


def habits_of(target: Target, tool: Tool) -> Habits:
    """The Habits of `target`'s history read through `tool`, shared by every target over the same
    events (planning probes each event of a log for several plans and then builds it as a target:
    one history is asked thousands of times). Found by the target while it lives and its history is
    the same list of the same length, else by the events themselves, which the entry keeps alive."""
    mine = (id(target), tool.name)
    stamp = (id(target.history), len(target.history))
    entry = _BY_TARGET.get(mine)
    if entry is not None and entry[0]() is target and entry[1] == stamp:
        return entry[2]
    if entry is None or entry[0]() is not target:
        weakref.finalize(target, _BY_TARGET.pop, mine, None)
    events = tuple(target.history)
    key = (tool.name, tuple(map(id, events)))
    habits = _BY_EVENTS.get(key)
    if habits is None:
        if len(_BY_EVENTS) >= CACHED_HISTORIES:
            del _BY_EVENTS[next(iter(_BY_EVENTS))]  # the oldest: a run probes the logs in order
        habits = _BY_EVENTS[key] = Habits(list(events), tool)
    _BY_TARGET[mine] = (weakref.ref(target), stamp, habits)
    return habits


CACHED_HISTORIES = 4096
_BY_TARGET: dict[tuple[int, str], tuple[Any, tuple[int, int], Habits]] = {}
_BY_EVENTS: dict[tuple[str, tuple[int, ...]], Habits] = {}
