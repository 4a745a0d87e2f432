"""History: which events a reader looks at, and what each reading rule yields there.

Scope (the events before the query): the named app's events when the text names an app of the
history; else every event of the same kind (TRAILBench `apitype`) when the text makes the kind
clear; else the whole history. Rules over the values of one parameter in the scope:

- last: the most recent value ("last time", "again", "same as before");
- usual: the single most frequent value; a tie for the most frequent yields nothing ("usual");
- habit: the value the history ties to a habit word ("home", "work", "my gym"): the one value
  that contains the word, else the commute rule (work: the most frequent destination of weekday
  mornings; home: of evenings), else nothing;
- settled: for an argument with no hint at all, the value that is both the most recent and the
  most frequent over the same tool's calls.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from datetime import datetime
from functools import lru_cache
from typing import Any

from ..records import HistoryEvent, Tool
from .text import Text, content_stems, fold, identifier_words, stem

_TIME_FORMATS = ("%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S")


@lru_cache(maxsize=65536)  # a history's times are read again for every query about it
def parse_time(value: str) -> datetime | None:
    for fmt in _TIME_FORMATS:
        try:
            return datetime.strptime(value, fmt)
        except ValueError:
            continue
    return None


def key(value: Any) -> str:
    """One comparable form of a value: folded text, lists as sorted sets, numbers as numbers."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int | float):
        return f"{float(value):g}"
    if isinstance(value, list):
        return "|".join(sorted(key(v) for v in value))
    if isinstance(value, dict):
        return "{" + ",".join(f"{k}={key(v)}" for k, v in sorted(value.items())) + "}"
    return fold(str(value))


# ---------------------------------------------------------------- scope

def named_apps(text: Text, history: Sequence[HistoryEvent]) -> set[str]:
    apps = {e.toolname for e in history}
    return {a for a in apps if len(fold(a)) >= 2 and (text.has_phrase(a) or text.has_phrase(" ".join(identifier_words(a))))}


def _named_tool_apps(text: Text, tools: dict[str, Tool]) -> set[str]:
    """An offered app the text names though the history never used it: its (empty) history is
    where the reader looks ("on JDWaimai" with no JDWaimai order yet determines nothing)."""
    apps = {t.app for t in tools.values() if t.app and len(fold(t.app)) >= 3}
    # written as the name is written: "Keep" the fitness app, not "keep mosquitoes away"
    return {a for a in apps if re.search(rf"(?<!\w){re.escape(a)}(?!\w)", text.raw)}


# Words every kind of tool uses: they say nothing about which kind a text asks for.
_NO_CUE = frozenset(map(stem, (
    "get", "search", "find", "list", "info", "information", "data", "query", "api", "service", "user", "users",
    "result", "results", "option", "options", "name", "type", "time", "support", "help", "provide", "return",
    "returns", "based", "such", "can", "including", "include", "default", "specific", "whether", "true", "false",
    "number", "value")))


def kind_is_clear(text: Text, tools: dict[str, Tool], kind: str) -> bool:
    """The text says what kind of thing it asks for: it shares a content word with the kind's name
    or with the names, descriptions and parameters of the offered tools of that kind."""
    return bool(_cues_for(tools, kind) & text.content_set)


_CUES: dict[tuple[int, str], tuple[dict[str, Tool], frozenset[str]]] = {}


def _cues_for(tools: dict[str, Tool], kind: str) -> frozenset[str]:
    """kind_cues per tool set, remembered by the set's identity (a file's items share one)."""
    hit = _CUES.get((id(tools), kind))
    if hit is not None and hit[0] is tools:
        return hit[1]
    if len(_CUES) > 256:
        _CUES.clear()
    cues = kind_cues(kind, tuple(_tool_words(t) for t in tools.values() if t.domain == kind))
    _CUES[(id(tools), kind)] = (tools, cues)
    return cues


def _tool_words(tool: Tool) -> str:
    return " ".join([tool.app, tool.api, tool.description, *tool.properties])


@lru_cache(maxsize=256)
def kind_cues(kind: str, tool_words: tuple[str, ...]) -> frozenset[str]:
    cues = set(content_stems(" ".join(identifier_words(kind))))
    for words in tool_words:
        cues |= set(content_stems(" ".join(identifier_words(words))))
    return frozenset(c for c in cues if len(c) > 2) - _NO_CUE


def scope(text: Text, history: Sequence[HistoryEvent], kind: str, tools: dict[str, Tool]) -> tuple[list[HistoryEvent], str]:
    """(the events a reader looks at, which scope it is)."""
    apps = named_apps(text, history) or _named_tool_apps(text, tools)
    if apps:
        return [e for e in history if e.toolname in apps], f"app {', '.join(sorted(apps))}"
    if kind and kind_is_clear(text, tools, kind):
        return [e for e in history if e.apitype == kind], f"kind {kind}"
    return list(history), "whole history"


NONE_GIVEN = "(none given)"  # the value of a parameter an earlier call of the same API left out


def values(events: Sequence[HistoryEvent], param: str, api: str | None = None) -> list[Any]:
    """The values of `param` in `events`, oldest first; with the target's `api`, a call of that
    API that left the parameter out counts as NONE_GIVEN (three searches without a category and one
    for concerts: "the kind I always go to" is no category)."""
    return [e.parameters.get(param, NONE_GIVEN)
            for e in events if param in e.parameters or (api is not None and e.apiname == api)]


# ---------------------------------------------------------------- rules

def last(vals: Sequence[Any]) -> tuple[Any, str] | None:
    return (vals[-1], "most recent") if vals else None


def usual(vals: Sequence[Any]) -> tuple[Any, str] | None:
    counts = Counter(key(v) for v in vals)
    if not counts:
        return None
    (top, n), *rest = counts.most_common(2) + [("", 0)]
    if rest and rest[0][1] == n:
        return None  # a tie for the most frequent: not determined
    return next(v for v in reversed(vals) if key(v) == top), f"most frequent ({n} of {len(vals)})"


def settled(vals: Sequence[Any]) -> tuple[Any, str] | None:
    """Both the most recent and the single most frequent value."""
    common = usual(vals)
    if common is None or key(common[0]) != key(vals[-1]):
        return None
    return common[0], f"most recent and most frequent ({common[1].split('(')[1]}"


HABIT_WORDS = {"home": ("home", "house", "apartment", "residence", "flat"), "place": ("home", "house", "apartment"),
               "work": ("work", "office", "company", "workplace", "job"),
               "office": ("office", "work", "company"), "gym": ("gym", "fitness"),
               "school": ("school", "university", "campus", "college"),
               "campus": ("campus", "university", "school", "college"),
               "dorm": ("dorm", "dormitory"), "airport": ("airport",), "station": ("station",)}
# Habit places the user's day ties to a value: home is where weekday mornings start and evenings end.
_COMMUTE = {"home": "home", "place": "home", "dorm": "home", "work": "work", "office": "work",
            "school": "base", "campus": "base"}


def habit(word: str, events: Sequence[HistoryEvent], param: str, adjective: Sequence[str] = ()) -> tuple[Any, str] | None:
    """The value the history ties to a habit word: the one place (of any place parameter) holding
    the word and its adjective ("Xuhui campus"), else the most frequent such place; else the
    commute rule."""
    from .hints import is_place

    vals = [v for e in events for p, v in e.parameters.items() if (p == param or is_place(p)) and isinstance(v, str)]
    stems = {stem(w) for w in HABIT_WORDS.get(word, (word,))}
    extra = {stem(a) for a in adjective}
    hits = [v for v in vals if stems & set(content_stems(v)) and extra <= set(content_stems(v))]
    if len({key(v) for v in hits}) == 1:
        return hits[-1], f"the one place holding '{' '.join([*adjective, word])}'"
    found = usual(hits)
    if found is not None:
        return found[0], f"of the places holding '{word}': {found[1]}"
    return _commute(word, events)


def _commute(word: str, events: Sequence[HistoryEvent]) -> tuple[Any, str] | None:
    """home: where weekday mornings start and evenings end; work: the other end; base: both ends
    of the trips the user makes from and back to one place."""
    side = _COMMUTE.get(word)
    if side is None:
        return None
    picked = []
    for e in events:
        t = parse_time(e.time)
        ends = _ends(e)
        if t is None or ends is None:
            continue
        morning, evening = 5 <= t.hour < 11 and t.weekday() < 5, t.hour >= 16
        if side == "home":
            picked += [ends[0]] * morning + [ends[1]] * evening
        elif side == "work":
            picked += [ends[1]] * morning + [ends[0]] * evening
    if side == "base":
        picked += [v for e in events if (ends := _ends(e)) for v in ends]
    found = usual(picked)
    return (found[0], f"commute rule for '{word}': {found[1]}") if found else None


def _ends(e: HistoryEvent) -> tuple[Any, Any] | None:
    from .hints import param_role

    start = next((v for k, v in e.parameters.items() if param_role(k) == "origin" and isinstance(v, str)), None)
    end = next((v for k, v in e.parameters.items() if param_role(k) == "destination" and isinstance(v, str)), None)
    return (start, end) if start and end else None


def trip_end(events: Sequence[HistoryEvent], place: str, now: datetime | None) -> tuple[Any, str] | None:
    """Where the user is: the end of their latest trip before the query (the latest holding the
    place's words, when the text names one: "done at the hospital")."""
    words = set(content_stems(place))
    trips = [(e, ends[1]) for e in events if (ends := _ends(e)) and (now is None or (parse_time(e.time) or now) < now)]
    hits = [(e, v) for e, v in trips if words <= set(content_stems(str(v)))]
    if not hits:
        return None
    e, v = hits[-1]
    return v, f"the end of the latest trip{' to a ' + place if place else ''} ({e.time})"


def where_now(events: Sequence[HistoryEvent], now: datetime | None) -> tuple[Any, str] | None:
    """Where the user is at the query: the latest place the history puts them, a trip's end at the
    trip's time, else the place another event was made at ("a table near First Dining Building")."""
    from .hints import param_role

    latest: tuple[Any, str] | None = None
    for e in events:
        if now is not None and (parse_time(e.time) or now) >= now:
            continue
        if ends := _ends(e):
            latest = ends[1], f"the end of the latest trip ({e.time})"
        elif place := next((v for k, v in e.parameters.items() if param_role(k) == "place" and isinstance(v, str)), None):
            latest = place, f"the place of the latest event that names one ({e.time})"
    return latest


def same(a: Any, b: Any) -> bool:
    """Whether a value the history gives is the gold: equal once folded, a name also when written
    with other spacing ("Hui Jin Department Store" for "Huijin Department Store")."""
    if key(a) == key(b):
        return True
    return isinstance(a, str) and isinstance(b, str) and key(a).replace(" ", "") == key(b).replace(" ", "")


def holding(word: str, vals: Sequence[Any]) -> tuple[Any, str] | None:
    """The one value holding a reference noun ("the mall" -> "The River Mall"), else the single most
    frequent of those holding it."""
    s = stem(word)
    hits = [v for v in vals if s in set(content_stems(str(v)))]
    distinct = {key(v) for v in hits}
    if len(distinct) == 1:
        return hits[-1], f"the one value holding '{word}'"
    found = usual(hits)
    return (found[0], f"of the values holding '{word}': {found[1]}") if found else None


Rule = Callable[[Sequence[Any]], "tuple[Any, str] | None"]
RULES: dict[str, Rule] = {"last": last, "usual": usual, "settled": settled}
