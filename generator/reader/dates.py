"""Dates and clock times of a text, resolved with the query time.

A gold value is date-like when it parses as a date, a clock time or both ("2025-06-03",
"19:00", "9:40", "2025-06-03 19:00", ISO "T" forms). The text is read for day phrases
(relative: "today", "tonight", "tomorrow", "the day after tomorrow", "next Friday", "this
weekend", "in three days", "a week from today"; absolute: "June 3", "the 3rd of June", "3 June
2025", "2025-06-03", "6/3") and clock phrases ("7 pm", "7:30pm", "19:00", "noon", "seven in the
evening", "in two hours"). A gold date-time (also with a zone, "2025-06-02T10:15:00Z") is said
when its time is and the day phrase nearest to that time is its day, before or after it ("June
2 at 10:15 am", "10:15 am UTC on June 2"; "from 10:15 to 11:15 am on June 2" dates both).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import lru_cache

from .numbers import with_digits

_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
           "october", "november", "december")
_MONTH_ALT = "|".join(list(_MONTHS) + [m[:3] for m in _MONTHS if m != "may"] + ["sept"])
_MON = rf"(?P<mon>{_MONTH_ALT})\.?"
_DAYNUM = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s*(?P<year>\d{4}))?"

_GOLD_FORMATS = (("%Y-%m-%d %H:%M", "datetime"), ("%Y-%m-%d %H:%M:%S", "datetime"),
                 ("%Y-%m-%dT%H:%M", "datetime"), ("%Y-%m-%dT%H:%M:%S", "datetime"),
                 ("%Y-%m-%d", "date"), ("%Y/%m/%d", "date"), ("%H:%M", "time"), ("%H:%M:%S", "time"))


@dataclass(frozen=True)
class Moment:
    """What a gold value fixes: a day, a clock time, or both."""

    day: date | None
    clock: time | None


_MOMENT_SHAPE = re.compile(r"\s*(?:\d{4}[-/]\d{1,2}[-/]\d{1,2}|\d{1,2}:\d{2})")


def as_moment(value: object) -> Moment | None:
    """Only values shaped like a date or a clock time reach strptime (it is slow)."""
    return _moment(value) if isinstance(value, str) and _MOMENT_SHAPE.match(value) else None


@lru_cache(maxsize=8192)
def _moment(value: str) -> Moment | None:
    text = value.strip()
    for fmt, kind in _GOLD_FORMATS:
        try:
            parsed = datetime.strptime(text, fmt)
        except ValueError:
            continue
        return Moment(parsed.date() if kind != "time" else None, parsed.time() if kind != "date" else None)
    try:  # RFC 3339 with a zone ("2025-06-02T10:15:00Z", "+02:00"): the wall time as written
        zoned = datetime.fromisoformat(text)
    except ValueError:
        return None
    return Moment(zoned.date(), zoned.time().replace(tzinfo=None))


# ---------------------------------------------------------------- day phrases

_RELATIVE = (
    (re.compile(r"\bthe day after tomorrow\b"), 2),
    (re.compile(r"\bday before yesterday\b"), -2),
    (re.compile(r"\btomorrow\b"), 1),
    (re.compile(r"\byesterday\b|\blast night\b"), -1),
    (re.compile(r"\b(?:today|tonight|this (?:morning|afternoon|evening)|now|right now)\b"), 0),
)
_IN_SPAN = re.compile(r"\b(?:in|after) (?P<n>\d+|a|an|one) (?P<unit>days?|weeks?)\b"
                      r"|\b(?P<n2>\d+|a|an|one) (?P<unit2>days?|weeks?) (?:from (?:now|today)|later)\b")
_AGO = re.compile(r"\b(?P<n>\d+|a|an|one) (?P<unit>days?|weeks?) ago\b")
_WEEKDAY = re.compile(r"\b(?P<mod>this coming |coming |this |next |on |last )?(?P<wd>" + "|".join(_DAYS) + r")\b")
_WEEKEND = re.compile(r"\b(?P<mod>this|next|the|coming) weekend\b")
_MONTH_DAY = re.compile(rf"\b{_MON} {_DAYNUM}\b{_YEAR}")
_DAY_MONTH = re.compile(rf"\b{_DAYNUM} (?:of )?{_MON}\b{_YEAR}")
_ISO_DAY = re.compile(r"\b(?P<year>\d{4})[-/.](?P<mon>\d{1,2})[-/.](?P<day>\d{1,2})\b")
_SLASH_DAY = re.compile(r"(?<![\d/])(?P<mon>\d{1,2})/(?P<day>\d{1,2})(?:/(?P<year>\d{2,4}))?(?![\d/])")
_THE_NTH = re.compile(r"\bthe (?P<day>\d{1,2})(?:st|nd|rd|th)\b")


def _count(word: str) -> int:
    return 1 if word in ("a", "an", "one") else int(word)


def _year_for(month: int, day: int, year: str | None, now: datetime) -> date | None:
    """A date said without its year is the next one on or after the query date."""
    try:
        if year:
            return date(int(year) if len(year) == 4 else 2000 + int(year), month, day)
        guess = date(now.year, month, day)
        return guess if guess >= now.date() - timedelta(days=1) else date(now.year + 1, month, day)
    except ValueError:
        return None


def _weekday(mod: str, name: str, now: datetime) -> date:
    delta = (_DAYS.index(name) - now.weekday()) % 7
    if mod.strip() == "last":
        return now.date() - timedelta(days=(7 - delta) % 7 or 7)
    if mod.strip() == "next" and delta == 0:
        delta = 7
    return now.date() + timedelta(days=delta)


def _month_index(word: str) -> int:
    word = word[:3]
    return next(i for i, m in enumerate(_MONTHS, 1) if m.startswith(word))


def days_in(text: str, now: datetime) -> list[tuple[date, str]]:
    """Every day a day phrase of `text` points at, with the phrase (lowercased text)."""
    t = with_digits(text).lower()
    out: list[tuple[date, str]] = []
    spans = [m.span() for m in _IN_SPAN.finditer(t)]  # "a week from today" names one day, not today too
    for pattern, delta in _RELATIVE:
        out += [(now.date() + timedelta(days=delta), m.group(0)) for m in pattern.finditer(t)
                if not any(a <= m.start() and m.end() <= b for a, b in spans)]
    for m in _IN_SPAN.finditer(t):
        n, unit = (m.group("n"), m.group("unit")) if m.group("n") else (m.group("n2"), m.group("unit2"))
        out.append((now.date() + timedelta(days=_count(n) * (7 if unit.startswith("week") else 1)), m.group(0)))
    for m in _AGO.finditer(t):
        out.append((now.date() - timedelta(days=_count(m.group("n")) * (7 if m.group("unit").startswith("week") else 1)),
                    m.group(0)))
    out += [(_weekday(m.group("mod") or "", m.group("wd"), now), m.group(0)) for m in _WEEKDAY.finditer(t)]
    out += [(d, m.group(0)) for m in _WEEKEND.finditer(t) for d in _weekend(m.group("mod"), now)]
    absolute = _absolute_days(t, now) + _named_days(t, now) + _nth_weekdays(t)
    return out + absolute + _anchored(t, absolute)


def _weekend(mod: str, now: datetime) -> list[date]:
    saturday = now.date() + timedelta(days=(5 - now.weekday()) % 7)
    if now.weekday() == 6:  # on a Sunday "this weekend" is today (and yesterday)
        saturday -= timedelta(days=7)
    if mod == "next" and now.weekday() < 5:
        saturday += timedelta(days=7)
    return [saturday, saturday + timedelta(days=1)]


def _absolute_days(t: str, now: datetime) -> list[tuple[date, str]]:
    out: list[tuple[date, str]] = []
    for pattern in (_MONTH_DAY, _DAY_MONTH):
        for m in pattern.finditer(t):
            d = _year_for(_month_index(m.group("mon")), int(m.group("day")), m.group("year"), now)
            out += [(d, m.group(0))] if d else []
    for m in _ISO_DAY.finditer(t):
        d = _year_for(int(m.group("mon")), int(m.group("day")), m.group("year"), now)
        out += [(d, m.group(0))] if d else []
    for m in _SLASH_DAY.finditer(t):  # US order (month/day), the everyday reading in English text
        d = _year_for(int(m.group("mon")), int(m.group("day")), m.group("year"), now)
        out += [(d, m.group(0))] if d else []
    for m in _THE_NTH.finditer(t):
        d = _year_for(now.month, int(m.group("day")), None, now)
        out += [(d, m.group(0))] if d else []
    return out + _period_bounds(t)


# A month or a year said as the bound of a period: "from January 2017", "since 2019", "2018
# onwards" start on its first day; "until 2020", "through March 2021" end on its last.
_START = r"(?:from|since|after|starting(?: in| from)?|beginning(?: in)?|as of|later than|before|in or after)"
_END = r"(?:until|till|through|thru|up to|to the end of|by the end of)"
_ONWARDS = r"(?:\s*(?:onwards?|or later|and later|or after|and after|\+))"
_PERIOD = re.compile(rf"\b(?:(?P<start>{_START})|(?P<end>{_END}))?\s*(?:(?:the )?(?:start|beginning) of )?"
                     rf"(?:(?P<mon>{_MONTH_ALT})\.? )?(?:of )?(?P<year>(?:19|20)\d{{2}})(?![\d/-])(?P<on>{_ONWARDS})?")


def _period_bounds(t: str) -> list[tuple[date, str]]:
    out: list[tuple[date, str]] = []
    for m in _PERIOD.finditer(t):
        year, mon = int(m.group("year")), m.group("mon")
        month = _month_index(mon) if mon else None
        if m.group("end"):
            last = date(year, month or 12, 1) + timedelta(days=31)
            out.append((last.replace(day=1) - timedelta(days=1), m.group(0).strip()))
        elif m.group("start") or m.group("on") or month:
            out.append((date(year, month or 1, 1), m.group(0).strip()))
    return out


# ---------------------------------------------------------------- clock phrases

_AMPM = re.compile(r"\b(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?\s?(?P<ap>[ap])\.?m\b\.?")
_H24 = re.compile(r"(?<![\d:])(?P<h>\d{1,2}):(?P<m>\d{2})(?![\d:])")
_PART_OF_DAY = re.compile(r"\b(?P<h>\d{1,2})(?::(?P<m>\d{2}))? (?:o ?clock )?(?:in the |at )(?P<part>morning|afternoon|evening|night)\b")
_OCLOCK = re.compile(r"\b(?P<h>\d{1,2}) ?o ?clock\b")
_HALF_PAST = re.compile(r"\b(?P<q>half|quarter) (?P<dir>past|to) (?P<h>\d{1,2})\b")
_NAMED = {"noon": time(12, 0), "midday": time(12, 0), "midnight": time(0, 0)}
_NAMED_RE = re.compile(r"\b(noon|midday|midnight)\b")
_IN_HOURS = re.compile(r"\bin (?:(?P<h>\d+|an|a|one) hours?(?: and (?P<m1>\d+) minutes?)?|(?P<m>\d+) minutes?"
                       r"|(?P<half>half an hour)|(?P<ahalf>an hour and a half))\b")


def clocks_in(text: str, now: datetime) -> list[tuple[datetime | time, str]]:
    """Every clock time a phrase of `text` says: a `time`, or a `datetime` for spans from now."""
    t = with_digits(text).lower()
    out: list[tuple[datetime | time, str]] = []
    for m in _AMPM.finditer(t):
        hour = int(m.group("h")) % 12 + (12 if m.group("ap") == "p" else 0)
        out += _clock(hour, m.group("m"), m.group(0))
    for m in _H24.finditer(t):
        out += _clock(int(m.group("h")), m.group("m"), m.group(0))
    for m in _PART_OF_DAY.finditer(t):
        hour = int(m.group("h")) % 12 + (0 if m.group("part") == "morning" else 12)
        out += _clock(hour, m.group("m"), m.group(0))
    for m in _OCLOCK.finditer(t):
        out += _clock(int(m.group("h")), None, m.group(0)) + _clock(int(m.group("h")) % 12 + 12, None, m.group(0))
    for m in _HALF_PAST.finditer(t):
        minutes = 30 if m.group("q") == "half" else 15
        base = int(m.group("h")) * 60 + (minutes if m.group("dir") == "past" else -minutes)
        out += [(time((base // 60 + h) % 24, base % 60), m.group(0)) for h in (0, 12)]
    out += [(_NAMED[m.group(1)], m.group(0)) for m in _NAMED_RE.finditer(t)]
    out += [(now + _span(m), m.group(0)) for m in _IN_HOURS.finditer(t)]
    return out


def _clock(hour: int, minute: str | None, words: str) -> list[tuple[datetime | time, str]]:
    m = int(minute or 0)
    return [(time(hour, m), words)] if 0 <= hour < 24 and 0 <= m < 60 else []


def _span(m: re.Match[str]) -> timedelta:
    if m.group("half"):
        return timedelta(minutes=30)
    if m.group("ahalf"):
        return timedelta(minutes=90)
    if m.group("m"):
        return timedelta(minutes=int(m.group("m")))
    return timedelta(hours=_count(m.group("h")), minutes=int(m.group("m1") or 0))


# ---------------------------------------------------------------- the reading

def read_moment(text: str, gold: Moment, now: datetime | None) -> str | None:
    """The phrase of `text` that says `gold` (day, clock or both), or None."""
    now = now or datetime(2000, 1, 1)
    days = days_in(text, now) if gold.day else []
    clocks = clocks_in(text, now) if gold.clock else []
    day_words = next((w for d, w in days if d == gold.day), None)
    span_words = next((w for c, w in clocks if isinstance(c, datetime) and _same_span(c, gold)), None)
    if span_words:
        return span_words
    clock_words = next((w for c, w in clocks if isinstance(c, time) and c == gold.clock), None)
    if gold.day and gold.clock:
        if not (day_words and clock_words):
            return None
        pair = _dated_clock(with_digits(text).lower(), gold, days, clocks)
        return f"{pair[0]} {pair[1]}" if pair else None
    return day_words or clock_words


def _dated_clock(t: str, gold: Moment, days: list[tuple[date, str]],
                 clocks: list[tuple[datetime | time, str]]) -> tuple[str, str] | None:
    """(day words, clock words) of a clock time said for the gold day: the day phrase nearest to
    it, before or after ("June 2 at 10:15 am", "10:15 am UTC on June 2"), is the gold day; a
    from/to pair of times shares the one day said beside it ("from 10:15 to 11:15 am on June 2")."""
    where = [(d, w, i) for d, w in days for i in _starts(t, w)]
    spans: dict[int, str] = {}  # the longest words of the gold time at each place ("11:15 am", not "11:15")
    for c, words in clocks:
        if isinstance(c, time) and c == gold.clock:
            for at in _starts(t, words):
                spans[at] = max(spans.get(at, ""), words, key=len)
    for at, words in sorted(spans.items()):
        near = min(where, key=lambda x: _gap((x[2], x[2] + len(x[1])), (at, at + len(words))), default=None)
        if near is not None and near[0] == gold.day:
            return near[1], words
    return None


def _gap(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Characters between two spans of a text (0 when they touch or overlap)."""
    return max(0, b[0] - a[1], a[0] - b[1])


def _starts(t: str, words: str) -> list[int]:
    return [m.start() for m in re.finditer(re.escape(words), t)]


def _same_span(c: datetime, gold: Moment) -> bool:
    return (gold.clock is not None and c.time().replace(second=0, microsecond=0) == gold.clock
            and (gold.day is None or c.date() == gold.day))


# ---------------------------------------------------------------- days said by name or by arithmetic

# Days a calendar names (month, day): "the Ides of March 2023", "May Day", "the day after Halloween".
NAMED_DAYS = {"new year's day": (1, 1), "new years day": (1, 1), "new year's eve": (12, 31), "new years eve": (12, 31),
              "valentine's day": (2, 14), "valentines day": (2, 14), "ides of march": (3, 15),
              "st patrick's day": (3, 17), "st. patrick's day": (3, 17), "saint patrick's day": (3, 17),
              "april fools' day": (4, 1), "april fool's day": (4, 1), "april fools day": (4, 1), "may day": (5, 1),
              "juneteenth": (6, 19), "canada day": (7, 1), "independence day": (7, 4), "the fourth of july": (7, 4),
              "bastille day": (7, 14), "halloween": (10, 31), "all hallows' eve": (10, 31), "all saints' day": (11, 1),
              "all saints day": (11, 1), "guy fawkes night": (11, 5), "veterans day": (11, 11),
              "christmas eve": (12, 24), "christmas day": (12, 25), "christmas": (12, 25), "boxing day": (12, 26)}
_HOLIDAY_RE = re.compile(r"\b(?:the )?(?P<name>" + "|".join(sorted(map(re.escape, NAMED_DAYS), key=len, reverse=True))
                       + r")(?:,? (?:of )?(?P<year>\d{4}))?")
_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5,
             "5th": 5, "last": -1, "final": -1}
_NTH_WEEKDAY = re.compile(r"\bthe (?P<n>" + "|".join(_ORDINALS) + r") (?P<wd>" + "|".join(_DAYS) + r") (?:of|in) "
                          rf"{_MON}(?:,? (?P<year>\d{{4}}))?")
_AFTER = re.compile(r"\bthe (?P<what>day|" + "|".join(_DAYS) + r") (?:right |just |immediately )?(?P<dir>after|before) "
                    r"(?P<ref>that|then|it|this)?")


def _named_days(t: str, now: datetime) -> list[tuple[date, str]]:
    out = []
    for m in _HOLIDAY_RE.finditer(t):
        month, day = NAMED_DAYS[m.group("name")]
        d = _year_for(month, day, m.group("year"), now)
        out += [(d, m.group(0))] if d else []
    return out


def _nth_weekdays(t: str) -> list[tuple[date, str]]:
    """"the third Saturday of January 2019", "the last Saturday of September 2020"."""
    out = []
    for m in _NTH_WEEKDAY.finditer(t):
        if not m.group("year"):
            continue
        year, month, wd = int(m.group("year")), _month_index(m.group("mon")), _DAYS.index(m.group("wd"))
        days = [date(year, month, k) for k in range(1, 32) if _valid(year, month, k) and date(year, month, k).weekday() == wd]
        n = _ORDINALS[m.group("n")]
        if days and -len(days) <= (n - 1 if n > 0 else n) < len(days):
            out.append((days[n - 1 if n > 0 else n], m.group(0)))
    return out


def _valid(year: int, month: int, day: int) -> bool:
    try:
        date(year, month, day)
    except ValueError:
        return False
    return True


def _anchored(t: str, found: list[tuple[date, str]]) -> list[tuple[date, str]]:
    """"the day after Halloween 2023", "the Saturday right after that": a day counted from another
    day of the text (the one named next, else the latest one said before)."""
    out = []
    spans = [(t.find(phrase), d, phrase) for d, phrase in found if t.find(phrase) >= 0]
    # a phrase inside a longer one ("march 2023" in "the ides of march 2023") is no day of its own
    located = sorted((x for x in spans if not any(y[0] <= x[0] and x[0] + len(x[2]) <= y[0] + len(y[2]) and y != x
                                                  and len(y[2]) > len(x[2]) for y in spans)), key=lambda x: x[0])
    for m in _AFTER.finditer(t):
        after = [x for x in located if x[0] >= m.end() and not m.group("ref")]
        before = [x for x in located if x[0] < m.start()]
        anchor = after[0] if after and after[0][0] <= m.end() + 4 else (before[-1] if before and m.group("ref") else None)
        if anchor is None:
            continue
        base, sign = anchor[1], 1 if m.group("dir") == "after" else -1
        if m.group("what") == "day":
            out.append((base + timedelta(days=sign), f"{m.group(0).strip()} {anchor[2]}"))
        else:
            wd = _DAYS.index(m.group("what"))
            delta = ((wd - base.weekday()) % 7 or 7) if sign > 0 else -((base.weekday() - wd) % 7 or 7)
            out.append((base + timedelta(days=delta), f"{m.group(0).strip()} ({anchor[2]})"))
    return out
