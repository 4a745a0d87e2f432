"""The checks' reading of pointers to one earlier event ("the same spot as my lunch search on
Tuesday", "the dishes I ordered yesterday evening", "what I looked up on the morning of June 3").

Written apart from the planner's pointers (generator.core.pointers), as timephrase.py is apart from
generator.core.temporal: the checks find the pointer words in the query text themselves. A pointer is
a day said relative to the query time -- "earlier today", "earlier this morning", "yesterday",
"last night", "the day before yesterday", a weekday ("on Tuesday": the last one before today;
"last Tuesday" may also be the one a week before), a date ("June 3", "the 3rd of June": the last
one on or before the query date) -- with an optional part of the day, in a clause that speaks of
the user's own past ("my ...", "I searched ..."); a day word without one ("on Friday at 10 am")
states a time, it points at nothing.

The words cover a stretch of time (`REACH`, generous: where a reader may take "evening" to start);
the events of the history in it that carry a parameter are the ones the pointer may mean for it --
those acting on a thing the clause names ("my video search": a video, not goods), when it names the
thing of any of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
# Minutes after midnight of the named day a word may cover (past 1440: into the next day).
REACH: dict[str, tuple[int, int]] = {
    "day": (0, 1739),  # the day alone: to 04:59 the next morning
    "morning": (240, 779), "breakfast": (240, 719),
    "noon": (630, 899), "lunch": (630, 899), "lunchtime": (630, 899), "midday": (630, 899),
    "afternoon": (660, 1139),
    "evening": (960, 1439), "dinner": (960, 1439), "dinnertime": (960, 1439), "supper": (960, 1439),
    "night": (1200, 1739), "tonight": (960, 1739),
}
_WD = "|".join(WEEKDAYS)
_MO = "|".join(MONTHS)
_PART = r"morning|afternoon|evening|night|noon|midday|lunch|lunchtime|breakfast|dinner|dinnertime|supper"
# The part of the day said after the day: "Tuesday evening", "yesterday at lunch", "June 3 in the morning".
_AFTER = rf"(?:,? (?:in the |at |around |during |over )?(?P<after>{_PART})(?:time)?\b)?"
# The part said before it: "the morning of June 3", "Tuesday's".
_BEFORE = rf"(?:(?:on |in |during )?the (?P<before>{_PART}) of )?"
_DAY = (rf"(?P<earlier>earlier (?:today|this (?:{_PART})|tonight))"
        rf"|(?P<yesterday>the day before yesterday|yesterday)"
        rf"|(?P<lastnight>last night)"
        rf"|(?P<last>last |this past |past )?(?P<wd>{_WD})(?:'s)?"
        rf"|(?P<mo>{_MO}) (?P<d>\d{{1,2}})(?:st|nd|rd|th)?\b(?:, \d{{4}})?"
        rf"|(?:the )?(?P<d2>\d{{1,2}})(?:st|nd|rd|th)? (?:of )?(?P<mo2>{_MO})\b")
_POINTER = re.compile(rf"(?<![a-z]){_BEFORE}(?:{_DAY}){_AFTER}")
# Words right before a day that make it a time to come, not a pointer: "next Tuesday", "by Friday".
_FUTURE = re.compile(r"(?:next|coming|for|until|till|by|before|from|starting|this)\s+(?:on\s+)?$")
# The user's own past in the clause before the day: "my ...", "I searched ...", "I went ...".
_PAST = re.compile(r"\bmy\b|\bi(?:'d| had| was| did| went| got| ate| saw| took| made| found| bought| paid| read"
                   r"| set| sent| tried| ran| spent| left| came| drove| rode| [a-z]+ed)\b")
MARKER_REACH = 80  # characters before the day in which the clause's "my" / "I ...ed" is looked for


def _back_of_weekday(now: datetime, name: str) -> int:
    return (now.weekday() - WEEKDAYS.index(name)) % 7 or 7


def _date_back(now: datetime, month: int, day: int) -> int | None:
    for year in (now.year, now.year - 1):
        try:
            when = datetime(year, month, day)
        except ValueError:
            return None
        if when.date() <= now.date():
            return (now.date() - when.date()).days
    return None


def _days(m: re.Match[str], now: datetime) -> tuple[list[int], str | None]:
    """(days back the words may mean, a part of day the day words carry themselves)."""
    if m["earlier"]:
        said = m["earlier"].split()[-1]
        return [0], None if said == "today" else ("tonight" if said == "tonight" else said)
    if m["yesterday"]:
        return [2 if m["yesterday"].startswith("the day") else 1], None
    if m["lastnight"]:
        return [1], "night"
    if m["wd"]:
        week = _back_of_weekday(now, m["wd"])
        return ([week, week + 7] if m["last"] and m["last"].strip() == "last" else [week]), None
    month, day = (m["mo"], m["d"]) if m["mo"] else (m["mo2"], m["d2"])
    back = _date_back(now, MONTHS.index(month) + 1, int(day))
    return ([] if back is None else [back]), None


@dataclass(frozen=True)
class Span:
    """A stretch of time a pointer covers (`start`-`end`; for "my first/last ...", also the
    narrower stretch the words surely mean, `inner`), the words of its clause ("video search")
    and of its noun ("destination" in "the same destination as my ...")."""

    start: datetime
    end: datetime
    words: frozenset[str]
    noun: frozenset[str]
    nth: str | None = None
    inner: tuple[datetime, datetime] | None = None


def stem(word: str) -> str:
    """A crude stem, the same for a thing's name and the words said of it ("videos", "video";
    "entries", "entry": the planner's singular, generator.core.pointers.object_of)."""
    w = word.lower()
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    return w[:-1] if len(w) > 3 and w.endswith("s") else w


def _clause(text: str, m: re.Match[str]) -> tuple[str, str] | None:
    """(the words before the user's own past, the words from it to the day): "the same
    destination as" and "path" in "the same destination as my path yesterday"; None without
    one ("my", "I ...ed"), or with a time to come right before the day."""
    before = re.split(r"[.;!?]", text[max(0, m.start() - MARKER_REACH):m.start()])[-1]
    marks = list(_PAST.finditer(before))
    if _FUTURE.search(before) or not marks:
        return None
    return before[:marks[-1].start()], before[marks[-1].end():]


_NOUN_START = re.compile(r"\b(?:the|same|a|an|my|your|that|this)\s+")
FILLER = frozenset({"the", "a", "an", "of", "for", "to", "in", "on", "at", "by", "with", "from", "and", "or", "is",
                    "are", "be", "it", "its", "if", "else", "e", "g", "eg", "etc", "such", "as", "this", "that",
                    "which", "used", "use", "only", "not", "no", "my", "your", "same", "one", "ones"})


def _noun(lead: str) -> frozenset[str]:
    """The noun a pointer refers with: the words after the last article before it, less filler."""
    starts = list(_NOUN_START.finditer(lead))
    tail = lead[starts[-1].end():] if starts else lead
    return frozenset(stem(w) for w in re.findall(r"[a-z]+", tail) if w not in FILLER)


def words_of(param: str, description: str = "") -> frozenset[str]:
    """What a parameter is called: its name's words and its description's first phrase (to a stop,
    colon, semicolon or bracket; eight words), less filler, stemmed."""
    name = re.findall(r"[a-z]+", re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", param).lower())
    head = re.findall(r"[a-z]+", re.split(r"[.:;(\[]", description, maxsplit=1)[0].lower())[:8]
    called = [w for n in name for w in _CALLED.get(n, ())]  # a `query` is "the search term" too (set 25)
    return frozenset(stem(w) for w in name + head + called if w not in FILLER)


# What people call a search's text, whatever the API names it.
_SEARCH_WORDS = ("search", "term", "keyword", "query")
_CALLED = {"query": _SEARCH_WORDS, "q": _SEARCH_WORDS, "keyword": _SEARCH_WORDS, "keywords": _SEARCH_WORDS,
           "term": _SEARCH_WORDS, "search": _SEARCH_WORDS}


# The stretch each word surely means (for "the first ... in the evening" the first event there
# must be the first in the wider reach too): minutes after midnight of the named day.
CORE: dict[str, tuple[int, int]] = {
    "day": (300, 1439), "morning": (360, 689), "breakfast": (360, 599), "noon": (690, 809), "lunch": (690, 809),
    "lunchtime": (690, 809), "midday": (690, 809), "afternoon": (810, 1019), "evening": (1050, 1289),
    "dinner": (1050, 1289), "dinnertime": (1050, 1289), "supper": (1050, 1289), "night": (1320, 1679),
    "tonight": (1080, 1679),
}
_NTH = {"first": "first", "earliest": "first", "last": "last", "latest": "last", "final": "last"}


def windows(text: str, now: datetime) -> list[Span]:
    """The stretches of time the query's pointers cover (empty: the query points at no event)."""
    low = re.sub(r"\s+", " ", text.lower())
    out = []
    for m in _POINTER.finditer(low):
        clause = _clause(low, m)
        if clause is None:
            continue
        backs, own = _days(m, now)
        part = m["before"] or m["after"] or own or "day"
        said = re.findall(r"[a-z]+", clause[1])
        nth = next((_NTH[w] for w in said if w in _NTH), None)
        for back in backs:
            day = datetime(now.year, now.month, now.day) - timedelta(days=back)
            (r0, r1), (c0, c1) = REACH[part], CORE[part]
            out.append(Span(_at(day, r0, now), _at(day, r1, now), frozenset(stem(w) for w in said),
                            _noun(clause[0]), nth, (_at(day, c0, now), _at(day, c1, now))))
    return out


def _at(day: datetime, minutes: int, now: datetime) -> datetime:
    """`minutes` after the midnight starting `day`, never later than the query."""
    return min(day + timedelta(minutes=minutes), now)


def points(text: str) -> bool:
    """Whether a phrase holds pointer words at all (a day with the user's own past before it)."""
    low = re.sub(r"\s+", " ", text.lower())
    return any(_clause(low, m) is not None for m in _POINTER.finditer(low))
