"""The planner's pointers to one earlier event: "the same location as my restaurant search on
Tuesday evening" reads that event's value (docs/trail.md, "Pointers to one earlier event").

A pointer names a day (relative to the query time: "earlier today", "yesterday", a weekday for two
to six days back, else the date) and, when the day alone does not single the event out, a part of
the day. A reader takes every event of the whole history that the words may cover (the part's
*reach*, wider than its *core*: a reader's "evening" starts well before 17:30) and that carries the
parameter; the pointer is planned only when that is exactly one event, whose value is the gold,
and the event itself lies in the part's core (an event at 16:05 is not called "evening").

The checks read pointers with their own implementation (validators/pointerphrase.py), which shares
none of this code; the windows are the ones written out in docs/trail.md.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import pairwise
from typing import Any, NamedTuple, cast

from ..records import HistoryEvent
from .surface import words
from .temporal import parse_time

# Part of the day -> (core, reach) in minutes after midnight of the named day; a reach may run past
# midnight into the next day (> 1440). Core: where the planner says the word; reach: every time a
# reader may take the word to cover.
PARTS: dict[str | None, tuple[tuple[int, int], tuple[int, int]]] = {
    None: ((5 * 60, 24 * 60 - 1), (0, 29 * 60 - 1)),  # the day alone: 05:00-23:59, reach to 04:59 next day
    "morning": ((6 * 60, 11 * 60 + 29), (4 * 60, 13 * 60 - 1)),
    "lunchtime": ((11 * 60 + 30, 13 * 60 + 29), (10 * 60 + 30, 15 * 60 - 1)),
    "afternoon": ((13 * 60 + 30, 17 * 60 - 1), (11 * 60, 19 * 60 - 1)),
    "evening": ((17 * 60 + 30, 21 * 60 + 29), (16 * 60, 24 * 60 - 1)),
    "night": ((22 * 60, 28 * 60 - 1), (20 * 60, 29 * 60 - 1)),  # to 03:59 the next morning
}
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
MAX_DAYS_BACK = 300  # a date without its year is read as the last one before the query: stay well inside
# What a function did, as the noun after "my": the first word of its name as a verb -> its noun
# (a bare "get" asks for something: "my taxi request").
ACT_NOUNS = {"get": "request", "fetch": "request", "request": "request", "search": "search", "find": "search", "look": "search", "lookup": "search", "query": "search",
             "browse": "search", "recommend": "recommendations", "suggest": "suggestions", "book": "booking",
             "reserve": "reservation", "order": "order", "buy": "purchase", "purchase": "purchase",
             "log": "log", "record": "log", "track": "log", "plan": "plan", "check": "check", "play": "play",
             "assign": "assignment", "schedule": "booking", "update": "update", "register": "registration",
             "list": "search"}  # "list_available_trucks": my available truck search, never "list" (set 33)
# Verbs whose act is the thing they make: "create_patient_statement" is my patient statement of May 6,
# never "my patient statement creation" (set 33).
_MAKING = frozenset({"create", "add", "generate", "make", "new", "open", "draft", "build", "compose"})
_LINKS = frozenset({"to", "from", "for", "of", "by", "in", "on", "at", "with", "into"})
_ORDER_WORDS = frozenset({"latest", "last", "recent", "newest", "first", "previous", "current", "next"})


@dataclass(frozen=True)
class Pointer:
    """One earlier event singled out by its day (`back` days before the query) and part of day."""

    index: int  # the event's position in the history
    param: str
    back: int  # days before the query's day
    day: datetime  # the day named (an event at 00:40 may be "Monday night")
    part: str | None
    act: str  # what was done, as a noun phrase: "restaurant search"
    nth: str | None = None  # "first" / "last": the event is the first (last) of its kind then

    @property
    def said_act(self) -> str:
        return f"{self.nth} {self.act}" if self.nth else self.act

    def when(self) -> str:
        """ "yesterday evening", "on Tuesday", "earlier today", "on the morning of June 3"."""
        return when_phrase(self.back, self.day, self.part)

    def phrases(self, noun: str) -> list[str]:
        act = f"my {self.said_act}" if self.act else "what I did"
        noun = re.sub(r"^(?:the|a|an|my) ", "", noun)  # "the same the origin unit as" stacks determiners
        return [f"the same {noun} as {act} {self.when()}", f"the {noun} from {act} {self.when()}"]


def when_phrase(back: int, day: datetime, part: str | None) -> str:
    """The words of a day `back` days before the query (`day`: its date) and a part of it."""
    if back == 0:
        return {None: "earlier today", "night": "earlier tonight"}.get(part, f"earlier this {part}")
    if part == "lunchtime":
        return f"{when_phrase(back, day, None)} at lunchtime"
    if back == 1:
        return {None: "yesterday", "night": "last night"}.get(part, f"yesterday {part}")
    if back <= 6:
        return f"on {WEEKDAYS[day.weekday()]}" + (f" {part}" if part else "")
    date = f"{MONTHS[day.month - 1]} {day.day}"
    return f"on {date}" if part is None else f"on the {part} of {date}"


def object_of(event: HistoryEvent) -> str:
    """The thing the event's function acts on: the last word of its name, singular ("find_trains"
    -> "train", "search_goods" -> "goods"); "" for a name without words."""
    from ..phrasebook.lexicon import singular

    ws = [w for w in words(event.apiname).split() if w.isalpha()]
    return singular(ws[-1]) if ws and ws[-1] not in MASS_WORDS else (ws[-1] if ws else "")


MASS_WORDS = frozenset({"goods", "news", "clothes", "series", "species", "headphones", "glasses"})


def act_of(event: HistoryEvent) -> str:
    """What the event's function did, said as a noun ("search_restaurant" -> "restaurant search",
    "get_recommend_video" -> "video recommendations", "get_taxi" -> "taxi"): its thing, then the
    noun of its verb (the word after a bare "get") when that is a known one."""
    # "get_latest_audiogram": an audiogram request; "latest", "first" would read as which one
    ws = [w for w in words(event.apiname).split() if w.isalpha() and w not in _ORDER_WORDS]
    if len(ws) > 2 and ws[1] in _VERB_PARTICLES and _is_verb(ws[0]):  # "check_out_item": my item check-out,
        return f"{' '.join(ws[2:])} {ws[0]}-{ws[1]}"  # never "my out item check" (set 42)
    verbs = ws[1:-1] + ws[:1] if ws[:1] == ["get"] else ws[:1]
    noun = next((ACT_NOUNS[v] for v in verbs if v in ACT_NOUNS), None) if len(ws) > 1 else None
    if noun is None and len(ws) > 1 and verbs and verbs[0] not in _MAKING:  # "move_lot": my lot movement
        noun = nominal(verbs[0])
    bare = noun is None and len(ws) > 1 and bool(verbs) and verbs[0] not in _MAKING | _OTHER_SENSE and \
        _is_verb(verbs[0])  # "impound": a verb with no noun of its own
    head = object_of(event)
    # the thing with the words before it ("get_docket_entries": a docket entry request, never
    # "my entry request", set 14), the verb that became the noun left out
    said = [w for w in ws[1:-1] if w not in ACT_NOUNS or ACT_NOUNS[w] != noun] if len(ws) > 2 else []
    cut = max((i + 1 for i, w in enumerate(said) if w in _LINKS), default=0)  # "add_part_to_work_order": the
    thing = " ".join([*said[cut:][-2:], head]) if head else head  # work order, never "my to work order"
    if bare and head and ws[0] == verbs[0]:  # "impound_vehicle": my vehicle impound, never "my vehicle" (set 33)
        return f"{thing} {verbs[0]}"
    return f"{thing} {noun}" if noun and head else thing


_VERB_PARTICLES = frozenset({"out", "in", "up", "off", "back", "over", "down"})


def _is_verb(verb: str) -> bool:
    """Whether the lexicon knows `verb` as a verb (its act said by the verb itself when it has no noun)."""
    from ..phrasebook.lexicon import lemmas

    return "VERB" in lemmas(verb)


def nominal(verb: str) -> str | None:
    """The noun of a verb that the lexicon knows as one ("withdraw" -> "withdrawal", "move" ->
    "movement", "inspect" -> "inspection", "scan" -> "scan"); None when none is known (never a guess)."""
    from ..phrasebook.lexicon import lemmas

    stem = verb.removesuffix("e")
    tried = [verb + "ment", verb + "al", stem + "al", stem + "ion", stem + "ation", verb + "ation",
             verb[:-1] + "ssion" if verb.endswith("mit") else "", verb[:-1] + "sion" if verb.endswith("rt") else "",
             verb + "lation" if verb.endswith("l") else "", verb[:-2] + "ration" if verb.endswith("er") else "",
             verb, stem + "ure"]
    return next((w for w in tried if w and w not in _OTHER_SENSE and "NOUN" in lemmas(w)), None) \
        if "VERB" in lemmas(verb) else None


# Nouns the lexicon knows whose sense is not the act of the verb they look derived from.
_OTHER_SENSE = frozenset({"department", "edition", "posture", "apartment", "compartment", "session", "station",
                          "ration", "portion", "lotion", "nation", "mission", "issue", "file"})  # "credit memo
# issue" reads as a problem with a memo, "claim file" as a folder: "my credit memo on Friday"


def _window(now: datetime, back: int, part: str | None) -> tuple[datetime, datetime, datetime, datetime]:
    """(core start, core end, reach start, reach end) of a day `back` days before `now`."""
    day = datetime(now.year, now.month, now.day) - timedelta(days=back)
    (c0, c1), (r0, r1) = PARTS[part]
    return (day + timedelta(minutes=c0), day + timedelta(minutes=c1), day + timedelta(minutes=r0),
            min(day + timedelta(minutes=r1), now))


class _Index(NamedTuple):
    history: Sequence[HistoryEvent]  # held, so its id is not reused while it is cached
    times: list[datetime | None]
    things: list[str]
    ordered: bool


_INDEXES: OrderedDict[int, _Index] = OrderedDict()


def _indexed(history: Sequence[HistoryEvent]) -> _Index:
    """The history's times and things, parsed once: a TRAIL target's pointers ask hundreds of
    windows of the same history (planning 840 targets over 2,000-event logs took minutes)."""
    hit = _INDEXES.get(id(history))
    if hit is not None and hit.history is history and len(hit.times) == len(history):
        _INDEXES.move_to_end(id(history))
        return hit
    times = [parse_time(e.time) for e in history]
    ordered = all(t is not None for t in times) and all(a <= b for a, b in pairwise(times))  # type: ignore[operator]
    made = _Index(history, times, [object_of(e) for e in history], ordered)
    _INDEXES[id(history)] = made
    if len(_INDEXES) > 64:
        _INDEXES.popitem(last=False)
    return made


def _span(history: Sequence[HistoryEvent], start: datetime, end: datetime, act: str) -> list[int]:
    """The events between `start` and `end` acting on a thing the act names (all, for no act)."""
    said = set(act.split())
    index = _indexed(history)
    if index.ordered:
        times = cast(list[datetime], index.times)
        found: Iterable[int] = range(bisect_left(times, start), bisect_right(times, end))
    else:
        found = (i for i, t in enumerate(index.times) if t is not None and start <= t <= end)
    return [i for i in found if not said or index.things[i] in said]


def covered(history: Sequence[HistoryEvent], now: datetime, back: int, part: str | None,
            param: str, act: str = "") -> list[int]:
    """The events a reader may take "my <act> <day> <part>" to mean that carry `param` (their
    indexes): in the reach of the words, and acting on a thing the act names when it names one
    ("video search": not a goods search the same evening)."""
    _, _, r0, r1 = _window(now, back, part)
    span = _span(history, r0, r1, act)
    # a call of the same function that left the parameter out is covered too: a reader takes "my
    # load chart check on June 8" for any of that day's three checks, two of them at the default
    # outrigger setup (set 19)
    functions = {(history[i].toolname, history[i].apiname) for i in span if param in history[i].parameters}
    return [i for i in span if param in history[i].parameters
            or (history[i].toolname, history[i].apiname) in functions]


def nth_of(history: Sequence[HistoryEvent], now: datetime, back: int, part: str | None, act: str,
           nth: str) -> int | None:
    """The event "my first (last) <act> <day> <part>" means: the first (last) event of the thing in
    the reach of the words and in their core alike; None when those differ or hold none."""
    c0, c1, r0, r1 = _window(now, back, part)
    wide, narrow = _span(history, r0, r1, act), _span(history, c0, c1, act)
    if not wide or not narrow:
        return None
    pick = 0 if nth == "first" else -1
    return wide[pick] if wide[pick] == narrow[pick] else None


def descriptions(history: Sequence[HistoryEvent], now: datetime, index: int, param: str) -> list[Pointer]:
    """The descriptions of event `index` that single it out among the events carrying `param`:
    the day alone first, then the day and a part of the day whose core holds it (an event at
    00:40 is also the night of the day before); failing those, the first or last event of its
    thing then ("my first video search yesterday")."""
    event = history[index]
    t = parse_time(event.time)
    if t is None or t > now:
        return []
    act, out = act_of(event), []
    for back in ((now.date() - t.date()).days, (now.date() - t.date()).days + 1):
        if back > MAX_DAYS_BACK:
            continue
        day = datetime(now.year, now.month, now.day) - timedelta(days=back)
        for part in PARTS:
            c0, c1, _, _ = _window(now, back, part)
            if not c0 <= t <= c1:
                continue
            if covered(history, now, back, part, param, act) == [index]:
                out.append(Pointer(index, param, back, day, part, act))
                continue
            out += [Pointer(index, param, back, day, part, act, nth) for nth in ("first", "last")
                    if act and nth_of(history, now, back, part, act, nth) == index]
    return out


def pointers(history: Sequence[HistoryEvent], now: datetime, param: str, want: str,
             key: Any, prefer: Any = None) -> list[Pointer]:
    """Every pointer to an earlier event whose `param` has the value key `want` (`key`: the value
    comparison), simplest first: events `prefer` accepts (the same function) before others, the
    day alone before the day and part, recent before old."""
    found = []
    for i in range(len(history) - 1, -1, -1):
        e = history[i]
        if param in e.parameters and key(e.parameters[param]) == want:
            found += descriptions(history, now, i, param)
    # sorted() is stable and `found` runs from the most recent event: ties stay recent first
    return sorted(found, key=lambda p: (not (prefer and prefer(history[p.index])), p.nth is not None,
                                        p.part is not None, p.back))


# Words that say nothing of what a parameter is.
FILLER = frozenset({"the", "a", "an", "of", "for", "to", "in", "on", "at", "by", "with", "from", "and", "or", "is",
                    "are", "be", "it", "its", "if", "else", "e", "g", "eg", "etc", "such", "as", "this", "that",
                    "which", "used", "use", "only", "not", "no", "my", "your", "same", "one", "ones"})


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def param_words(param: str, description: str = "") -> frozenset[str]:
    """What a parameter is called: the words of its name and of its description's first phrase
    (up to a stop, colon, semicolon or bracket; eight words), less filler, a final s dropped."""
    head = re.split(r"[.:;(\[]", description, maxsplit=1)[0]
    said = words(param).split() + re.findall(r"[a-z]+", head.lower())[:8]
    return frozenset(_stem(w) for w in said if w.isalpha() and w not in FILLER)


def named_by(noun: str, params: Mapping[str, frozenset[str]]) -> frozenset[str]:
    """The parameters a pointer's noun names ("destination": the one described as a destination);
    empty when it names none, and then a reader may take the event for any of them."""
    said = {_stem(w) for w in re.findall(r"[a-z]+", noun.lower()) if w not in FILLER}
    return frozenset(q for q, ws in params.items() if said & ws)


def conflicts(history: Sequence[HistoryEvent], now: datetime, pointer: Pointer,
              unsaid: Mapping[str, str], key: Any, named: frozenset[str] = frozenset()) -> list[str]:
    """The parameters of `unsaid` (param -> wanted value key) that a reader could take from the
    events the pointer's words cover and would get wrong: every covered event that carries the
    parameter must be a single one holding the wanted value (for "my first ...", the one event).
    A pointer whose noun names parameters (`named`) bears on those alone."""
    bad = []
    for param, want in unsaid.items():
        if named and param not in named:
            continue
        if pointer.nth is not None:
            hit = [pointer.index] if param in history[pointer.index].parameters else []
        else:
            hit = covered(history, now, pointer.back, pointer.part, param, pointer.act)
        if hit and (len(hit) > 1 or key(history[hit[0]].parameters[param]) != want):
            bad.append(param)
    return bad
