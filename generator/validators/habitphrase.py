"""An independent reader of history hints, for the validators and the stats.

The planner (generator.core.plan over generator.core.habits) *writes* hint phrases such as "the same gym
as last time", "my usual sort order" or "from home"; this module *reads* a query back, on
purpose without sharing their code, as generator.validators.timephrase does for time phrases.
The rules are those of docs/trail.md ("Determined"):

- Where a reader looks: the named app's calls when the query names the app, else every app of
  the same kind (apitype) or, when the kind is not clear, the whole history; "last time" may
  also be read as the last call of the same function. A value is determined only when it comes
  out the same wherever the reader may look (`Reader.scopes`).
- A "last time" cue (`recent`): the most recent value of that parameter; a "usual" cue
  (`usual`): the single most frequent value (a tie picks nothing); no cue at all: the value
  must be both (`both`), so that every reading agrees.
- Habit words ("home", "work", "the office") name a place: the one the whole history ties them
  to -- "work" the single destination of weekday morning trips (05:00-10:59), "home" their
  origin and the destination of evening trips (16:00-23:59); seen at least twice and at least
  half of those trips. A word said in the query stands for the place argument whose value it is
  tied to; a word tied to no unsaid place value (or to nothing) leaves every unsaid place
  argument undetermined.

A cue word anywhere in a query ("again", "as usual") invites its reading for the whole request:
a reader cannot tell which argument it was meant for, so every value the query leaves unsaid
(except one a habit word stands for) must come out the same under it.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any, Literal

from .pointerphrase import Span, points, stem, windows, words_of

Rule = Literal["recent", "usual", "both", "place", "pointer"]

# Cue words of each reading. Broad on purpose: a reader who sees "previously" or "normal"
# anywhere may take the request that way, so the check must too. "previous" alone is no cue:
# it names a thing ("the logs of the previous container", a boolean named `previous`), not
# the user's history; "the previous time" / "same as previous" are.
CUES: dict[Rule, tuple[str, ...]] = {
    "recent": ("last time", "same as before", "like before", "previous time", "previously", "as previous",
               "again", "last one"),
    "usual": ("usual", "always", "regular", "normal", "as ever", "the standard"),
}
# A habit word as a place ("to work", "from home", "at the office", "with home as the pickup"), not
# the verb ("work out", "work on it") nor a modifier ("my work calendar", "the home page").
# A place word is a place where a phrase can end there: before punctuation, the end, or a word that
# opens what follows ("home now", "work and then"); before another noun it names a kind ("the office
# home size", "a work order": set 25), which no history ties to a place.
_PLACE = re.compile(r"(?<![a-z-])(home|work|office)(?![a-z-])(?=\s*(?:[.,;:!?)\u2014\u2013]|$)|\s+(?:and|or|to|from|"
                    r"for|at|in|on|by|with|please|now|today|tonight|again|then|first|so|but|after|before|around|"
                    r"via|instead|the|a|an|my|this|that|quickly|early|safely|later|asap|straight|right|soon|"
                    r"if|when|because|since|i|we|it|using|taking|as)\b)(?!\s+on\b(?!\s+foot\b))")  # "home on foot" is a place
WORD_OF = {"home": "home", "work": "work", "office": "work"}
PLACE_WORDS = ("home", "work", "the office")

_ORIGIN = ("origin", "start", "departure", "pickup", "begin")
_DESTINATION = ("destination", "dest", "end", "dropoff", "arrival")
_NOT_A_PLACE = ("time", "date", "day", "hour", "minute", "timestamp", "datetime", "ts", "year", "month",
                "week", "page", "index", "offset", "price", "amount", "count")


_NONE_GIVEN = "(none given)"  # how an earlier call that left a parameter out reads


def key(value: Any) -> str:
    """A value as a reader compares it: lowercase and whitespace-collapsed; lists and objects
    as sorted JSON (a list value is one choice, not several)."""
    text = json.dumps(value, sort_keys=True) if isinstance(value, list | dict) else str(value)
    return re.sub(r"\s+", " ", text.lower()).strip()


def resolve(rule: Rule, past: Sequence[Any]) -> str | None:
    """The value key `rule` picks from `past` (oldest first), or None when it picks none."""
    keys = [key(v) for v in past]
    if not keys:
        return None
    recent = keys[-1]
    counts = Counter(keys)
    (first, top), *rest = counts.most_common(2)
    second = rest[0][1] if rest else 0
    usual = first if 2 * top > len(keys) or top >= 2 * second else None  # a near tie names no habit
    if rule == "recent":
        return recent
    if rule == "usual":
        return usual
    return recent if usual == recent else None


def _has(text: str, cue: str) -> bool:
    # Plain substring on the normalized text: "against" holds "again", "abnormal" "normal"; a
    # reader skimming for cues may stumble on them too, so the check errs on that side.
    return cue in re.sub(r"\s+", " ", text.lower())


def readings(text: str) -> set[Rule]:
    """The readings ("recent", "usual") a text invites by its cue words."""
    return {rule for rule, cues in CUES.items() if any(_has(text, c) for c in cues)}


def _has_word(text: str, word: str) -> bool:
    return re.search(rf"(?<![a-z]){re.escape(word)}(?![a-z])", text.lower()) is not None


def place_words_in(text: str) -> set[str]:
    """The habit words ("home", "work") a text uses as places."""
    return {WORD_OF[m] for m in _PLACE.findall(text.lower())}


def phrase_rule(hint: str) -> Rule | None:
    """The rule a hint phrase invokes: exactly one reading's cues, a pointer to one earlier event
    (validators.pointerphrase) without cues, or a place word alone."""
    found = readings(hint)
    if len(found) == 1:
        return found.pop()
    if not found and points(hint):
        return "pointer"
    if not found and any(_has_word(hint, w) for w in PLACE_WORDS):
        return "place"
    return None


def hint_said(text: str, hint: str, rule: Rule) -> bool:
    """Whether `text` carries the hint: the phrase itself, or (merged with other hints, as in
    "the same gym and class as last time") a cue of its reading; a place word as a place."""
    if rule == "place":
        return bool(place_words_in(text) & {WORD_OF.get(w, w) for w in re.findall(r"[a-z]+", hint.lower())})
    if hint.lower() in text.lower():
        return True
    return any(_has(text, c) for c in CUES[rule])


# ---------------------------------------------------------------- the history a reader looks at


@dataclass(frozen=True)
class Event:
    time: str
    kind: str
    app: str
    api: str
    params: Mapping[str, Any]

    @property
    def when(self) -> datetime | None:
        return _minute(self.time)


@lru_cache(maxsize=1 << 16)
def _minute(time: str) -> datetime | None:
    """An event's time to the minute (a reader asks for the same history's times again and again)."""
    try:
        return datetime.strptime(time, "%Y-%m-%d %H:%M")
    except ValueError:
        return None


def events_of(raw: Iterable[Any]) -> list[Event]:
    """History events as the reader needs them, from TRAILBench dicts or HistoryEvent records."""
    out = []
    for e in raw:
        get = e.get if isinstance(e, dict) else (lambda k, d=None, e=e: getattr(e, k, d))
        params = get("parameters") or {}
        out.append(Event(str(get("time", "")), str(get("apitype", "") or ""), str(get("toolname", "")),
                         str(get("apiname", "")), params if isinstance(params, dict) else {}))
    return out


def place_role(param: str) -> str | None:
    """"origin" or "destination" when the parameter's name makes it a place in a trip."""
    words = set(re.findall(r"[a-z0-9]+", re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", param).lower()))
    if any(w in words for w in _NOT_A_PLACE):
        return None
    if any(w in words for w in _ORIGIN):
        return "origin"
    return "destination" if any(w in words for w in _DESTINATION) else None


def _single_majority(values: list[str]) -> str | None:
    if not values:
        return None
    counts = Counter(values)
    top = max(counts.values())
    modal = [v for v, c in counts.items() if c == top]
    return modal[0] if len(modal) == 1 and top >= 2 and top * 2 >= len(values) else None


def habit_places(events: Sequence[Event]) -> dict[str, str]:
    """The place the whole history ties to "home" and to "work" (absent: no single place)."""
    home: list[str] = []
    work: list[str] = []
    for e in events:
        when = e.when
        if when is None:
            continue
        ends = [(place_role(p), key(v)) for p, v in e.params.items() if isinstance(v, str) and v.strip()]
        starts = [v for role, v in ends if role == "origin"]
        stops = [v for role, v in ends if role == "destination"]
        if stops and when.weekday() <= 4 and 5 <= when.hour <= 10:
            work.extend(stops)
            home.extend(starts)
        if 16 <= when.hour <= 23:
            home.extend(stops)
    tied = {"home": _single_majority(home), "work": _single_majority(work)}
    if tied["home"] is not None and tied["home"] == tied["work"]:
        return {}
    return {w: v for w, v in tied.items() if v is not None}


class Reader:
    """Reads one query against the history before its target call (`app`.`api` of kind `kind`)
    asked at `now` ("%Y-%m-%d %H:%M"; without it, no pointer to an earlier event can be read)."""

    def __init__(self, history: Iterable[Any], app: str, api: str, kind: str, now: str | None = None,
                 descriptions: Mapping[str, str] | None = None) -> None:
        self.events = events_of(history)
        self.app, self.api, self.kind = app, api, kind
        self.now = Event(now or "", "", "", "", {}).when
        self.descriptions = dict(descriptions or {})
        self._places: dict[str, str] | None = None

    def _span_events(self, span: Span, start: datetime, end: datetime) -> list[Event]:
        """The events between `start` and `end` whose thing the pointer's clause names, when it
        names the thing of any of them; else all of them."""
        inside = [e for e in self.events if (t := e.when) is not None and start <= t <= end]
        named = [e for e in inside if _thing(e) in span.words]
        return named or inside

    def pointed(self, text: str, param: str, unsaid: Iterable[str] = ()) -> list[list[Event]]:
        """Per pointer of the text that may bear on `param`, the events it may mean that carry
        `param`. A pointer bears on the parameters its noun names ("the same destination as ...")
        among `param` and `unsaid`, or, naming none, on any; "my first / last <thing> <day>" means
        one event (when the reach and the core of its words agree on it), others every event
        they cover."""
        if self.now is None:
            return []
        out = []
        for span in windows(text, self.now):
            named = {q for q in {param, *unsaid, *self.descriptions}  # any parameter of the call its noun names
                     if span.noun & words_of(q, self.descriptions.get(q, ""))}
            if named and param not in named:
                continue
            wide = self._span_events(span, span.start, span.end)
            if span.nth is None or span.inner is None:  # with the calls of the same API that left it out:
                apis = {(e.app, e.api) for e in wide if param in e.params}  # a reader takes any of them (their default)
                out.append([e for e in wide if param in e.params or (e.app, e.api) in apis])
                continue
            out.append(_nth_event(span.nth, wide, self._span_events(span, *span.inner), param))
        return out

    def pointer_problem(self, text: str, param: str, value: Any, hinted: bool,
                        unsaid: Iterable[str] = ()) -> str | None:
        """For a value a pointer bears on (some covered event carries the parameter): None when
        every such stretch holds exactly one event carrying it, with `value`; else why not. "" when
        no pointer bears on it (other rules decide; a pointer hint then failed)."""
        hits = [h for h in self.pointed(text, param, unsaid) if h]
        if not hits:
            return f"the query points at no earlier event with a {param}" if hinted else ""
        want = key(value)
        for h in hits:
            if len(h) > 1:
                return (f"a pointer of the query covers {len(h)} events with a {param} "
                        f"({', '.join(e.time for e in h)}), not one")
            if key(h[0].params[param]) != want:
                return f"the event the query points at ({h[0].time}) has {param} '{key(h[0].params[param])}', not '{want}'"
        return None

    def scopes(self, named: bool) -> dict[str, list[Event]]:
        """Every part of the history a reader of the query may look at: the same function
        always; the app when the query names it, else the kind (with or without the same
        function) and the whole history."""
        function = [e for e in self.events if e.app == self.app and e.api == self.api]
        if named:
            return {"the same function": function, "the app": [e for e in self.events if e.app == self.app]}
        return {"the same function": function,
                "the same function of this kind": [e for e in self.events
                                                   if e.kind == self.kind and e.api == self.api],
                "this kind of app": [e for e in self.events if e.kind == self.kind],
                "the whole history": self.events}

    def places(self) -> dict[str, str]:
        if self._places is None:
            self._places = habit_places(self.events)
        return self._places

    def place_problem(self, text: str, param: str, value: Any, unsaid: Mapping[str, Any]) -> str | None:
        """For a place argument: None when a habit word of the text stands for `value`; "" when
        no habit word bears on it (the cue readings decide); else why the word misleads."""
        words = place_words_in(text)
        if place_role(param) is None or not words:
            return ""
        want, ties = key(value), self.places()
        if any(ties.get(w) == want for w in words):
            return None
        others = {key(v) for p, v in unsaid.items() if p != param and place_role(p) and isinstance(v, str)}
        stray = [w for w in sorted(words) if ties.get(w) is None or ties[w] not in others]
        if not stray:
            return ""  # every word stands for another argument
        tied = ties.get(stray[0])
        return (f"the query says '{stray[0]}', which the history ties to "
                f"{repr(tied) if tied else 'no single place'}, not '{want}'")

    def problem(self, text: str, param: str, value: Any, hint: str | None = None,
                unsaid: Mapping[str, Any] | None = None, named: bool = False,
                said: Sequence[Any] = ()) -> str | None:
        """None when every reading the text invites picks `value` wherever the reader may look;
        else why not. `hint` is the planned phrase (None: left out without one); `unsaid` the
        other arguments the query leaves out (for habit words); `said` the values the query
        states, whose words are no cue ("Always Fresh Market", "Home Depot")."""
        text = _without(text, said)
        pointing = self.pointer_problem(text, param, value, hint is not None and phrase_rule(hint) == "pointer",
                                        unsaid or {})
        if pointing != "":
            return pointing  # a pointer bears on the value: it alone decides
        rules = readings(text)
        if hint is not None:
            rule = phrase_rule(hint)
            if rule is None:
                return f"hint '{hint}' does not name one rule (last time, usual, home/work, one earlier event)"
            if not hint_said(text, hint, rule):
                return f"the query does not say '{hint}'"
            if rule != "place":
                rules.add(rule)
        placed = self.place_problem(text, param, value, unsaid or {})
        if placed is None:
            return None
        if placed:
            return placed
        if hint is not None and phrase_rule(hint) == "place":
            return f"the query says '{hint}', which the history ties to no single place '{key(value)}'"
        return self._readings_problem(rules or {"both"}, param, value, named)

    def _readings_problem(self, rules: set[Rule], param: str, value: Any, named: bool) -> str | None:
        want = key(value)
        for where, events in self.scopes(named).items():
            # a call of the same API without the parameter is a value too: "none given"
            past = [e.params.get(param, _NONE_GIVEN)
                    for e in events if param in e.params or e.api == self.api]
            for rule in sorted(rules):
                got = resolve(rule, past)
                if got != want:
                    picked = "no single value (a tie)" if got is None and past else (
                        "nothing" if got is None else f"'{got}'")
                    return f"read as {_READING[rule]} over {where}, the history gives {picked}, not '{want}'"
        return None


def _nth_event(nth: str, wide: list[Event], narrow: list[Event], param: str) -> list[Event]:
    """The events "my first / last ..." may mean for `param`: the one first (last) in both the
    reach and the core of the words; when those differ, every candidate (more than one, so no
    single value), unless none of them carries `param`."""
    pick = 0 if nth == "first" else -1
    if wide and narrow and wide[pick] is narrow[pick]:
        return [wide[pick]] if param in wide[pick].params else []
    candidates = [e for e in (wide[pick:] if pick else wide[:1]) + (narrow[pick:] if pick else narrow[:1])]
    return candidates * 2 if any(param in e.params for e in candidates) else []


def _thing(event: Event) -> str:
    """What the event's function acts on, stemmed: "search_goods" -> "good", "find_trains" -> "train"."""
    name = re.findall(r"[a-z]+", re.sub(r"([a-z])([A-Z])", r"\1 \2", event.api).lower())
    return stem(name[-1]) if name else ""


def _without(text: str, said: Sequence[Any]) -> str:
    """`text` with the stated values cut out (case-insensitively), longest first."""
    for v in sorted((str(x) for x in said if isinstance(x, str) and len(x) > 2), key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(v)}(?!\w)", " ", text, flags=re.IGNORECASE)
    return text


_READING = {"recent": "'last time'", "usual": "'usual'", "both": "a habit (most recent and most frequent)",
            "place": "a habit word"}
