"""Pointers to one earlier event of the user's history, and the arguments they cover.

People rarely say "same as last time"; they point at one event: "same filters as the storage
basket search yesterday", "like I did Wednesday night", "the reverse of this morning's trip",
"back to where I left from at noon", "delivered to where the taxi dropped me this morning", "the
same kind of gift I was looking for on Idle Fish on the 22nd", "my first gift search". A pointer
reads that event's value, determined when the text singles out one event (or every event it fits
agrees), even when it is not the most recent.

A pointer is found by its shape (`PATTERNS`), its event by what the description says of it
(`events.py`-style cues in `match_events`): the app it names, the day and the part of the day
("yesterday", "on Sunday", "Wednesday night", "on the 22nd", "at noon", "half an hour ago", the
meal), the things it names that an event's values hold ("the storage basket search", "the
Chengdu flight search"), and an order word ("my first", "the second time", "my last").

What it covers (`covers`): a pointer whose noun is a word of settings ("filters", "settings",
"setup") covers every argument the event holds but places; a whole action ("search", "ride",
"order", "the same way I came") every argument it holds; a noun that names parameters ("the same
kind of car": the type arguments; "same length": the duration; "the same place": the place and
the name) those; a place pointer ("to where ...") the place argument its preposition names; any
other noun ("the same kind of gift", "that movie I looked up") the arguments whose value the
event's value shares a word with. Stated arguments never reach a pointer.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import Any

from ..records import HistoryEvent
from .hints import SYNONYMS, described_params, headed, param_role
from .history import key, parse_time
from .text import STOPWORDS, content_stems, fold, identifier_words, stem

_END = r"[^.;!?]*"


@dataclass(frozen=True)
class Pointer:
    words: str
    desc: str  # what the text says of the event
    noun: str = ""  # what is the same ("filters", "kind of car", "place"); "" for a whole action
    reverse: bool = False  # "the reverse of", "the other way", "back the same way I came"
    field: str = ""  # "origin" | "destination": the event's place a "where" pointer reads
    role: str = ""  # "origin" | "destination" | "place": the argument a "where" pointer fills
    lead: tuple[str, ...] = ()  # content words just before it ("sort it the same way": sort)
    reference: bool = False  # "that movie I looked up": covers the free-text arguments it shares words with


_SAME = re.compile(rf"\b(?:the )?same (?P<noun>(?:[\w-]+,? ){{0,8}}?)(?P<link>as|like|that i|i)\b(?P<desc>{_END})")
_LIKE = re.compile(rf"\b(?:just )?like (?:i did |i do |the ones? |)(?P<desc>(?:yesterday|last|this|on|the other|earlier|"
                   rf"(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b{_END})")
_REVERSE = re.compile(rf"\b(?:the )?reverse of (?P<desc>{_END})|\b(?:back )?(?:the )?same way i came(?P<desc2>{_END})")
_WHERE = re.compile(rf"\b(?P<prep>back to|to|from|at) where (?:i|we|the \w+|it) (?:was |got |had )?"
                    rf"(?P<verb>left(?: from)?|start(?:ed)?(?: from)?|set off(?: from)?|came from|dropped (?:me )?off|"
                    rf"dropped me|got off|went|got picked up|picked me up|headed|was (?:going|heading)|"
                    rf"(?:checked|looked up|searched|got)(?: [a-z]+){{0,2}}? (?:directions|routes?|a route)(?: to)?)\b"
                    rf"(?P<desc>{_END})")
_THAT = re.compile(rf"\b(?:that|the) (?P<noun>(?:[\w-]+ ){{0,3}}?[\w-]+) (?:that |which )?i (?:was |have been |'ve been |had |just )?"
                   rf"(?P<verb>looked up|looking at|looking for|searched(?: for)?|searching(?: for)?|ordered|bought|"
                   rf"watched|read|took|used|went to|visited|checked)\b(?P<desc>{_END})")
_ORDER = re.compile(rf"\bmy (?P<ord>first|second|third|last|previous|latest|most recent) (?P<noun>(?:[\w-]+ ){{0,2}}?"
                    rf"(?:search|order|ride|trip|route|booking|query|one))\b(?P<desc>{_END})")
# "the search keywords from my video search yesterday": a thing of one earlier event, the event said
# as the user's own act ("my <thing> search / request / order ...").
_EVENT_NOUNS = ("search", "searches", "request", "requests", "order", "ride", "trip", "route", "booking", "reservation",
                "log", "recommendations", "suggestions", "purchase", "query", "lookup", "check", "session", "workout")
_NOUN_WORD = r"(?!(?:the|from|for|to|with|using|in|on|of|and)\b)[\w-]+"
_FROM = re.compile(rf"\bthe (?P<noun>(?:{_NOUN_WORD} ){{0,5}}?{_NOUN_WORD}) from (?P<desc>my (?:[\w-]+ ){{0,4}}?"
                   rf"(?:{'|'.join(_EVENT_NOUNS)})\b{_END})")
# "the incident id from my incident update on Tuesday", "the agency from my resource list on Saturday":
# any act of the user's, when a day singles it out
_DAY = r"(?:on (?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|\w+ \d{1,2}(?:st|nd|rd|th)?)|yesterday|last night|this morning)"
_FROM_DAY = re.compile(rf"\bthe (?P<noun>(?:{_NOUN_WORD} ){{0,5}}?{_NOUN_WORD}) from (?P<desc>my (?:[\w-]+ ){{0,4}}?[\w-]+ "
                       rf"{_DAY}\b{_END})")
# "that egg tart combo from the 11th", "the pizza from last night": a thing of the one event a day
# or time says, the thing's own words naming no act of the user's
_WHEN = (r"(?:the \d{1,2}(?:st|nd|rd|th)|yesterday|last night|this morning|earlier today|"
         r"(?:last )?(?:mon|tues|wednes|thurs|fri|satur|sun)day(?: (?:morning|afternoon|evening|night))?|"
         r"(?:january|february|march|april|may|june|july|august|september|october|november|december) \d{1,2}(?:st|nd|rd|th)?)")
_FROM_WHEN = re.compile(rf"\b(?:that|the) (?P<noun>{_NOUN_WORD}(?: [\w-]+){{0,6}}?) from (?P<desc>{_WHEN}\b{_END})")
_OTHER_WAY = re.compile(r"\b(?:the other way|other direction|reverse|way back)\b")
_ORIGIN_VERBS = ("left", "start", "set off", "came from", "got picked up", "picked me up")
_PATTERNS = (_SAME, _LIKE, _REVERSE, _WHERE, _THAT, _ORDER, _FROM, _FROM_WHEN)


def _matches(pattern: re.Pattern[str], lowered: str) -> list[re.Match[str]]:
    """Every match, also one inside an earlier match's description ("the same sort order as my
    search on Monday and the same price as last time" holds two pointers)."""
    out, pos = [], 0
    while (m := pattern.search(lowered, pos)) is not None:
        out.append(m)
        group = next((g for g in ("desc", "desc2") if g in pattern.groupindex and m.group(g) is not None), None)
        pos = max(m.start(group) if group else m.end(), m.start() + 1)
    return out


def _cuts(lowered: str) -> list[int]:
    """Where a description of an earlier event ends at the latest: a comma, or where another pointer
    or a "last time" / "usual" hint starts ("as my search on Monday using the same price as last
    time": the event is Monday's search; the price is another pointer's)."""
    from .hints import _RECENT, _USUAL

    starts = {m.start() for pattern in _PATTERNS for m in _matches(pattern, lowered)}
    starts |= {m.start() for pattern in (_RECENT, _USUAL) for m in pattern.finditer(lowered)}
    return sorted(starts | {m.start() for m in re.finditer(r"[,:]", lowered)})


def _desc(m: re.Match[str], cuts: list[int], group: str = "desc") -> tuple[str, str]:
    """(the pointer's words, its description), both ending at the first cut inside the description."""
    start, end = m.span(group) if m.group(group) is not None else (m.end(), m.end())
    start += len(m.string[start:end]) - len(m.string[start:end].lstrip())
    end = next((c for c in cuts if start < c < end), end)
    return m.string[m.start():end].strip(), m.string[start:end].strip()


_LAST_TIME_AFTER = re.compile(r"\s+(?:the )?last time\b")


@lru_cache(maxsize=4096)
def pointers_in(lowered: str) -> tuple[Pointer, ...]:
    """Every pointer to one earlier event in a (lowercased) text."""
    out: list[Pointer] = []
    cuts = _cuts(lowered)
    for m in _matches(_SAME, lowered):
        if lowered.startswith("same way i came", m.start() + (4 if lowered.startswith("the ", m.start()) else 0)):
            continue  # the way back: a reverse pointer (below)
        words, desc = _desc(m, cuts)
        if m.group("link") == "i" and len(desc.split()) <= 2 and _LAST_TIME_AFTER.match(lowered, m.start() + len(words)):
            words, desc = _desc(m, [])  # "the same ZIP code I used last time": its own "last time" (LLM writer, set 34)
        desc = desc if m.group("link") in ("as", "like") else f"{m.group('link')} {desc}".strip()
        out.append(Pointer(words, desc, m.group("noun").strip(), bool(_OTHER_WAY.search(words)),
                           lead=_lead(lowered, m.start())))
    out += [Pointer(*_desc(m, cuts)) for m in _matches(_LIKE, lowered)]
    for m in _matches(_REVERSE, lowered):
        out.append(Pointer(*_desc(m, cuts, "desc" if m.group("desc") is not None else "desc2"), reverse=True))
    for m in _matches(_WHERE, lowered):
        field = "origin" if m.group("verb").startswith(_ORIGIN_VERBS) else "destination"
        role = "origin" if m.group("prep") == "from" else "destination" if m.group("prep") != "at" else "place"
        words, desc = _desc(m, cuts)
        out.append(Pointer(words, f"{m.group('verb')} {desc}".strip(), "where", field=field, role=role))
    for m in _matches(_THAT, lowered):
        words, desc = _desc(m, cuts)
        out.append(Pointer(words, f"{m.group('noun')} {desc}".strip(), m.group("noun"), reference=True))
    for m in _matches(_ORDER, lowered):
        words, _ = _desc(m, cuts)
        out.append(Pointer(words, words, m.group("noun")))
    for m in _matches(_FROM, lowered) or _matches(_FROM_DAY, lowered):
        words, desc = _desc(m, cuts)
        out.append(Pointer(words, desc, m.group("noun").strip(), lead=_lead(lowered, m.start())))
    for m in _matches(_FROM_WHEN, lowered):
        words, desc = _desc(m, cuts)
        out.append(Pointer(words, f"{m.group('noun')} {desc}", m.group("noun").strip(), reference=True))
    return tuple(out)


def _lead(lowered: str, at: int) -> tuple[str, ...]:
    """The content words of the clause just before a pointer ("sort it the same way")."""
    start = max(lowered.rfind(c, 0, at) for c in ".,;:!?")
    return tuple(content_stems(lowered[start + 1:at]))[-2:]


# ---------------------------------------------------------------- which event

_PARTS = {"morning": (5, 12), "noon": (11, 14), "lunchtime": (11, 15), "afternoon": (12, 18), "evening": (17, 24), "night": (20, 29),
          "tonight": (17, 28), "lunch": (10, 15), "dinner": (16, 22), "breakfast": (5, 10), "midnight": (22, 28)}
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_AGO = re.compile(r"\b(?P<n>\d+|an?|half an?|a couple of) (?P<unit>minutes?|hours?|days?) ago\b")
_NTH = re.compile(r"\b(?:on )?the (?P<d>\d{1,2})(?:st|nd|rd|th)\b")
# Words of a description that say which event by time or order, or nothing at all.
_NOT_CONTENT = frozenset(map(stem, (
    ["search", "searched", "searching", "look", "looked", "looking", "up", "did", "do", "done", "used", "use", "using", "had", "have", "got", "get", "took", "take", "went", "go", "ordered", "order", "bought", "buy", "filter", "filters", "setting", "settings", "setup", "time", "times", "one", "ones", "thing", "way", "trip", "ride", "route", "there", "when", "kind", "type", "same", "like", "again", "last", "first", "second", "third", "previous", "latest", "recent", "earlier", "before", "just", "ago", "today", "yesterday", "tonight", "morning", "afternoon", "evening", "night", "noon", "lunch", "dinner", "breakfast", "week", "weekend", "past", "couple", "days", "day", "hour", "hours", "minute", "minutes", "this", "other", "reverse", "back", "came", "left", "from", "where", "i", "me", "my", "we", "our", "you", "it", "query", "request", "app", "time", "window", "showtime", "section", "lunchtime"]))) | frozenset(_WEEKDAYS) \
    | frozenset(map(stem, _MONTHS))


@dataclass(frozen=True)
class EventCues:
    days: tuple[date, ...] | None  # None: any day
    hours: tuple[int, int] | None
    around: datetime | None  # "half an hour ago"
    words: tuple[str, ...]  # content stems that should be in the event's values
    order: str  # "first" | "second" | "third" | "last" | ""
    apps: tuple[str, ...]


def cues(desc: str, now: datetime | None, apps: Sequence[str]) -> EventCues:
    days = _days(desc, now) if now else None
    hours = next((span for part, span in _PARTS.items() if re.search(rf"\b{part}\b", desc)), None)
    if hours is None and "last night" in desc:
        hours = _PARTS["night"]
    around = _around(desc, now) if now else None
    order = next((w for w in ("first", "second", "third") if re.search(rf"\b{w}\b", desc)), "")
    if re.search(r"\b(?:my )?(?:last|previous|latest|most recent)\b(?! (?:night|week|weekend|month|year))", desc):
        order = "last"
    named = tuple(a for a in apps if fold(a) and re.search(rf"\b{re.escape(fold(a))}\b", fold(desc)))
    app_words = {stem(w) for a in named for w in fold(a).split()}
    undated = _DATE_WORDS.sub(" ", desc)  # "on may 11": the day's number says when, not a value of the event
    words = tuple(dict.fromkeys(s for s in content_stems(undated) if s not in _NOT_CONTENT and s not in app_words))
    return EventCues(days, hours, around, words, order, named)


_MONTH_NAMES = "|".join(_MONTHS + tuple(m[:3] for m in _MONTHS if m != "may") + ("sept",))
_DATE_WORDS = re.compile(rf"\b(?:{_MONTH_NAMES})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?:,?\s+\d{{4}})?|"
                         rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTH_NAMES})\b(?:,?\s+\d{{4}})?|"
                         r"\b(?:on )?the \d{1,2}(?:st|nd|rd|th)\b|\b\d{4}-\d{2}-\d{2}\b")


def _days(desc: str, now: datetime) -> tuple[date, ...] | None:
    today = now.date()
    said = _date_said(desc, today)
    if said is not None:
        return (said,)
    if re.search(r"\b(?:today|this (?:morning|lunchtime|afternoon|evening)|tonight|earlier today|at (?:noon|lunch))\b",
                 desc) and "yesterday" not in desc:
        return (today,)
    if "last night" in desc:
        return (today - timedelta(days=1), today)
    if "yesterday" in desc:
        return (today - timedelta(days=1),)
    if re.search(r"\bthe other (?:night|day)\b|\bthe past couple of days\b|\bthe past few days\b", desc):
        return tuple(today - timedelta(days=k) for k in range(7))
    if "last weekend" in desc:
        saturday = today - timedelta(days=(today.weekday() - 5) % 7 or 7)
        if saturday >= today - timedelta(days=1):
            saturday -= timedelta(days=7)
        return (saturday, saturday + timedelta(days=1))
    if "last week" in desc:
        return tuple(today - timedelta(days=k) for k in range(2, 15))
    wd = next((i for i, d in enumerate(_WEEKDAYS) if re.search(rf"\b{d}\b", desc)), None)
    if wd is not None:
        back = (today.weekday() - wd) % 7 or 7
        return (today - timedelta(days=back),)
    nth = _NTH.search(desc)
    if nth:
        d = int(nth.group("d"))
        month = today if today.day >= d else (today.replace(day=1) - timedelta(days=1))
        try:
            return (month.replace(day=d),)
        except ValueError:
            return None
    return None


_DATE = re.compile(rf"\b(?:(?P<m1>{'|'.join(_MONTHS)}) (?P<d1>\d{{1,2}})(?:st|nd|rd|th)?|(?:the )?(?P<d2>\d{{1,2}})"
                   rf"(?:st|nd|rd|th)? of (?P<m2>{'|'.join(_MONTHS)}))\b")


def _date_said(desc: str, today: date) -> date | None:
    """A date named by month and day ("on July 20", "on the morning of the 3rd of June"): the last
    such day up to today."""
    m = _DATE.search(desc)
    if m is None:
        return None
    month, day = _MONTHS.index(m.group("m1") or m.group("m2")) + 1, int(m.group("d1") or m.group("d2"))
    for year in (today.year, today.year - 1):
        try:
            said = date(year, month, day)
        except ValueError:
            continue
        if said <= today:
            return said
    return None


def _around(desc: str, now: datetime) -> datetime | None:
    m = _AGO.search(desc)
    if not m:
        return None
    n = m.group("n")
    count = 0.5 if n.startswith("half") else 2 if "couple" in n else 1 if n in ("a", "an") else float(n)
    unit = m.group("unit")
    span = timedelta(minutes=count) if unit.startswith("minute") else (
        timedelta(hours=count) if unit.startswith("hour") else timedelta(days=count))
    return now - span


def match_events(c: EventCues, events: Sequence[HistoryEvent]) -> list[HistoryEvent]:
    """The events the cues fit, oldest first (the order word then picks one)."""
    found = [e for e in events if not c.apps or e.toolname in c.apps]
    found = [e for e in found if _at(e, c)]
    if c.days is None and c.hours is not None and c.around is None:  # "as lunch": the latest such day
        days = [t.date() for t in (parse_time(e.time) for e in found) if t]
        found = [e for e in found if (parse_time(e.time) or datetime.min).date() == max(days)] if days else found
    if c.words:
        scored = [(len(set(c.words) & _event_stems(e)), e) for e in found]
        best = max((s for s, _ in scored), default=0)
        if best:
            found = [e for s, e in scored if s == best]
    if c.order and found:
        index = {"first": 0, "second": 1, "third": 2, "last": -1}[c.order]
        found = [found[index]] if -len(found) <= index < len(found) else []
    return found


def acting_on(p: Pointer, events: Sequence[HistoryEvent]) -> list[HistoryEvent]:
    """The events whose function acts on a thing the description names ("my knowledge request",
    "my path request": get_knowledge, get_path), the thing being the last word of the function's
    name; none when it names no such thing."""
    stems = set(content_stems(p.desc))
    said = stems - _NOT_CONTENT
    return [e for e in events if _thing(e.apiname) in said or _thing(e.apiname) in stems and _compound(e.apiname, said)] \
        if said else []


def _compound(apiname: str, said: set[str]) -> bool:
    """A thing said with the word before it in the function's name: "my tee time search" acts on
    `search_tee_times`, although "time" alone is no thing (set 29: "last time")."""
    ws = identifier_words(apiname)
    return len(ws) >= 2 and stem(ws[-2]) in said


def _thing(apiname: str) -> str:
    ws = identifier_words(apiname)
    return stem(ws[-1]) if ws else ""


def mentions(p: Pointer, events: Sequence[HistoryEvent], now: datetime | None) -> bool:
    """Some event holds a thing the pointer's description names."""
    words = set(cues(p.desc, now, ()).words)
    return bool(words) and any(words & _event_stems(e) for e in events)


def _at(e: HistoryEvent, c: EventCues) -> bool:
    t = parse_time(e.time)
    if t is None:
        return c.days is None and c.hours is None and c.around is None
    if c.around is not None:
        return abs((t - c.around).total_seconds()) <= 45 * 60
    if c.days is not None and t.date() not in c.days and not (c.hours and c.hours[1] > 24 and t.hour < c.hours[1] - 24
                                                               and t.date() - timedelta(days=1) in c.days):
        return False
    if c.hours is not None:
        lo, hi = c.hours
        return lo <= t.hour < hi or lo <= t.hour + 24 < hi
    return True


def _event_stems(e: HistoryEvent) -> frozenset[str]:
    """The words of an event's values (numbers too: "the 50-minute one"), its app, and what its
    function does ("my slow order search on May 11": `search_slow_orders`, not the ultrasonic
    test logged that morning; set 22)."""
    return frozenset(s for v in e.parameters.values() for x in (v if isinstance(v, list) else [v])
                     if isinstance(x, str | int | float) and not isinstance(x, bool)
                     for s in content_stems(f"{x:g}" if isinstance(x, float) else str(x))) \
        | frozenset(content_stems(e.toolname)) | frozenset(content_stems(" ".join(identifier_words(e.apiname))))


# ---------------------------------------------------------------- what it covers

_SETTINGS = frozenset(map(stem, ("filter", "filters", "setting", "settings", "setup", "options", "preferences",
                                 "configuration", "parameters")))
_ACTION = frozenset(map(stem, ("", "search", "query", "order", "ride", "trip", "route", "thing", "one", "way",
                               "booking", "request", "lookup")))
_PLACE_NOUNS = frozenset(map(stem, ("place", "spot", "canteen", "restaurant", "location", "address", "shop", "store",
                                    "cafe", "where")))
_TYPE_NOUNS = frozenset(map(stem, ("kind", "type", "sort", "class")))
def covers(p: Pointer, param: str, gold: Any, role: str, held: Any, free: bool = True,
           params: Sequence[str] = (), apps: Sequence[str] = (), descriptions: Mapping[str, str] | None = None) -> bool:
    """Whether pointer `p` covers the argument (`role`: its place role; `held`: the event's value;
    `free`: the argument takes free text, not an option; `params`: the call's parameters;
    `descriptions`: theirs, which may name them too)."""
    names = set(map(stem, identifier_words(param)))
    if p.field:
        return bool(role) and (p.role == role or (p.role == "destination" and role == "place"))
    app_words = {stem(w) for a in apps for w in fold(a).split()}
    nouns = [stem(w) for w in fold(p.noun).split() if w not in STOPWORDS and stem(w) not in app_words]
    led = [w for w in p.lead if any(_names(w, set(map(stem, identifier_words(q)))) for q in params)]
    if led and set(nouns) <= _ACTION:  # "sort it the same way": the sort only ("sorted by X with the
        return any(_names(w, names) for w in led)  # same keywords as ...": the keywords)
    if p.reference:
        return free and _shares(gold, held)
    if not nouns or set(nouns) <= _ACTION:
        return True
    # "the same exercising time as", "the sorting options from": the parameters the noun names in
    # full by their description, by their name ("the same note type": not every type argument)
    # or by their description's head noun ("the same dishes as": food, "Dishes to order")
    named = described_params(fold(p.noun).split(), params, descriptions or {}) | {
        q for q in params if set(map(stem, identifier_words(q))) <= set(nouns)} | {
        q for n in nouns for q in headed(n, list(params), descriptions or {})} | {
        q for n in nouns for q in params if _names(n, set(map(stem, identifier_words(q))))}
    if named and set(nouns) & _PLACE_NOUNS:  # "the same place and meal as": the place's arguments too
        named |= {q for q in params if param_role(q) or stem("name") in set(map(stem, identifier_words(q)))}
    if named:
        return param in named
    if set(nouns) & _SETTINGS:
        return not role or any(_names(n, names) for n in nouns)
    if set(nouns) & _TYPE_NOUNS and names & (_TYPE_NOUNS | {"category"}):
        return True
    if any(_names(n, names) for n in nouns) or any(n in content_stems(str(gold))[-1:] for n in nouns):
        return True
    if set(nouns) & _PLACE_NOUNS:
        return bool(role) or stem("name") in names
    return free and _shares(gold, held)


def _names(word: str, names: set[str]) -> bool:
    return bool({word, *SYNONYMS.get(word, ())} & names)


def _shares(gold: Any, held: Any) -> bool:
    return isinstance(gold, str) and isinstance(held, str) and bool(set(content_stems(gold)) & set(content_stems(held)))


def value_of(p: Pointer, event: HistoryEvent, param: str, role: str) -> Any:
    """The event's value for the argument: a "where" pointer's field, a reversed trip's other end."""
    if p.field or (p.reverse and role in ("origin", "destination")):
        want = p.field or ("destination" if role == "origin" else "origin")
        return next((v for k, v in event.parameters.items() if _role_of(k) == want), None)
    return event.parameters.get(param)


def _role_of(param: str) -> str:
    return param_role(param)


def resolve(p: Pointer, events: list[HistoryEvent], param: str, role: str, now: datetime | None,
            apps: Sequence[str]) -> tuple[Any, str] | None:
    """(value, how) when the events the pointer fits agree on one value for the argument."""
    holding = [e for e in events if value_of(p, e, param, role) is not None]
    said = cues(p.desc, now, apps)
    if p.field and not (said.words or said.days or said.hours or said.around or said.order or said.apps):
        said = replace(said, order="last")  # "back to where I came from": the trip that brought the user here
    things = {_thing(e.apiname) for e in events}  # "my video search": what it acted on, not a value "video"
    found = match_events(replace(said, words=tuple(w for w in said.words if w not in things)), holding)
    vals = [v for v in (value_of(p, e, param, role) for e in found) if v is not None]
    if not vals or len({key(v) for v in vals}) > 1:
        return None
    when = ", ".join(dict.fromkeys(e.time for e in found))
    return vals[-1], f"the event it points at ({when})"
