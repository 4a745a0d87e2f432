"""An independent reader of time phrases, for the validators and the stats.

The planner (generator.core.temporal) *writes* phrases such as "tomorrow at 7 pm" or "in 2 hours";
this module *reads* any query text back, on purpose without sharing its code: it finds the
day and clock phrases a text contains, resolves them against the query time, and says
whether a date / clock value follows. A validator built on the planner's own phrase table
could never disagree with it.

It also decides which values follow from the query time *alone* -- with no phrase at all:
a meal type plausible at the query hour, a "today"/"now"-style enum, and a date equal to the
query date. Any other date or clock time must be said through a phrase that resolves to it.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import Any

from ..core.temporal import lies_ahead

_FORMAT = "%Y-%m-%d %H:%M"
_DAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
_NUM = r"(\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
# Broad hours at which a meal type is a natural reading of "now" (wider than the planner's
# table on purpose: the check must accept what a reasonable reader accepts).
_MEALS = {"breakfast": (4, 11), "brunch": (9, 14), "lunch": (10, 15), "afternoon_tea": (13, 18),
          "dinner": (15, 22), "supper": (17, 23), "night_snack": (19, 27)}
# Enum values that name a span starting now: the query time alone fixes them.
_NOW_WORDS = frozenset({"now", "today", "today_only", "tonight", "this_week", "this_weekend",
                        "tomorrow", "day_after_tomorrow", "asap", "immediately", "right_now"})

_RELATIVE_DAYS = [
    (re.compile(r"\bthe day after tomorrow\b"), 2),
    (re.compile(r"\btomorrow\b"), 1),
    (re.compile(r"\b(?:today|tonight|this (?:morning|afternoon|evening))\b"), 0),
    (re.compile(r"\b(?:a|one) week from (?:today|now)\b|\bin (?:a|one) week\b"), 7),
]
_IN_DAYS = re.compile(rf"\bin {_NUM} days?\b")
_WEEKDAY = re.compile(r"\b(?:(?:this coming|coming|this|next|on) )?(" + "|".join(_DAY_NAMES) + r")\b")
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
           "october", "november", "december")
_MONTH = r"(" + "|".join(m for m in _MONTHS) + r"|" + "|".join(m[:3] for m in _MONTHS if m != "may") + r")\.?"
_ORD = r"(\d{1,2})(?:st|nd|rd|th)?"
_MONTH_DAY = re.compile(rf"\b{_MONTH} {_ORD}\b(?:,? (\d{{4}}))?")
_DAY_MONTH = re.compile(rf"\b(?:the )?{_ORD} (?:of )?{_MONTH}\b(?:,? (\d{{4}}))?")
_AT_CLOCK = re.compile(r"\b(?:at |by |for |around )?(\d{1,2})(?:[:.](\d{2}))? ?([ap])\.?m\b\.?")
_AT_24H = re.compile(r"\bat (\d{1,2}):(\d{2})\b")
_NOON = re.compile(r"\b(?:at )?(noon|midday|midnight)\b")
_IN_SPAN = re.compile(rf"\bin (?:{_NUM} hours?(?: and {_NUM} minutes?)?|{_NUM} minutes?|half an hour"
                      rf"|an hour and a half)\b")


def parse_query_time(time: Any) -> datetime | None:
    try:
        return datetime.strptime(str(time).strip(), _FORMAT)
    except ValueError:
        return None


def _count(word: str | None) -> int:
    if not word:
        return 0
    return int(word) if word.isdigit() else _NUMBERS.get(word, 0)


def _weekday_delta(name: str, qt: datetime) -> int:
    """Days to the next `name` after today (1..7): how "on/this/next Friday" reads."""
    delta = (_DAY_NAMES.index(name) - qt.weekday()) % 7
    return delta or 7


def dates_in(text: str, qt: datetime) -> set[date]:
    """Every day a day phrase of `text` points at."""
    t = text.lower()
    out: set[date] = set()
    for pattern, delta in _RELATIVE_DAYS:
        if pattern.search(t):
            out.add((qt + timedelta(days=delta)).date())
            if delta == 2:  # "the day after tomorrow" also contains "tomorrow"
                t = pattern.sub(" ", t)
    out |= {(qt + timedelta(days=_count(m[1]))).date() for m in _IN_DAYS.finditer(t)}
    out |= {(qt + timedelta(days=_weekday_delta(m[1], qt))).date() for m in _WEEKDAY.finditer(t)}
    out |= {d for m in _MONTH_DAY.finditer(t) if (d := _calendar_day(m[1], m[2], m[3], qt))}
    out |= {d for m in _DAY_MONTH.finditer(t) if (d := _calendar_day(m[2], m[1], m[3], qt))}
    return out


def _calendar_day(month: str, day: str, year: str | None, qt: datetime) -> date | None:
    """"June 11th" as a date: the query year, or the next one for a day already past."""
    number = next(i for i, m in enumerate(_MONTHS, 1) if m.startswith(month[:3]))
    try:
        when = date(int(year or qt.year), number, int(day))
        if year is None and when < qt.date() - timedelta(days=1):
            when = date(qt.year + 1, number, int(day))
    except ValueError:
        return None
    return when


def _hour24(hour: int, half: str) -> int:
    return hour % 12 + (12 if half == "p" else 0)


def clocks_in(text: str) -> set[tuple[int, int]]:
    """Every clock time ("7 pm", "7.30 pm", "at 19:30", "noon") of `text` as (hour, minute)."""
    t = text.lower()
    out = {(_hour24(int(m[1]), m[3]), int(m[2] or 0)) for m in _AT_CLOCK.finditer(t) if 1 <= int(m[1]) <= 12}
    out |= {(int(m[1]), int(m[2])) for m in _AT_24H.finditer(t) if int(m[1]) < 24 and int(m[2]) < 60}
    out |= {(0, 0) if m[1] == "midnight" else (12, 0) for m in _NOON.finditer(t)}
    return out


def _span_minutes(m: re.Match[str]) -> int:
    whole = m[0]
    if whole.endswith("half an hour"):
        return 30
    if whole.endswith("an hour and a half"):
        return 90
    if m[1]:
        return 60 * _count(m[1]) + _count(m[2])
    return _count(m[3])


def moments_in(text: str, qt: datetime) -> set[datetime]:
    """Every instant a duration phrase ("in 2 hours and 15 minutes") points at."""
    return {qt + timedelta(minutes=_span_minutes(m)) for m in _IN_SPAN.finditer(text.lower())}


# ---------------------------------------------------------------- values

_DATE_VALUE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2}))?$")
_CLOCK_VALUE = re.compile(r"^(\d{1,2}):(\d{2})$")


def date_value(value: Any) -> tuple[datetime, bool] | None:
    """(moment, has a clock part) of a "YYYY-MM-DD[ HH:MM]" value."""
    m = _DATE_VALUE.match(value.strip()) if isinstance(value, str) else None
    if not m:
        return None
    try:
        year, month, day, hour, minute = (int(g or 0) for g in m.groups())
        return datetime(year, month, day, hour, minute), m[4] is not None
    except ValueError:
        return None


def clock_value(value: Any) -> tuple[int, int] | None:
    m = _CLOCK_VALUE.match(value.strip()) if isinstance(value, str) else None
    return (int(m[1]), int(m[2])) if m and int(m[1]) < 24 and int(m[2]) < 60 else None


def is_time_value(value: Any) -> bool:
    """A date or clock value: only a phrase (or the query date itself) can carry it."""
    return date_value(value) is not None or clock_value(value) is not None


def _meal_fits(value: str, hour: int) -> bool:
    if value not in _MEALS:
        return False
    lo, hi = _MEALS[value]
    return lo <= hour <= hi or lo <= hour + 24 <= hi


def from_time_alone(param: str, value: Any, qt: datetime) -> bool:
    """Whether the query time alone, with no phrase, gives `value`."""
    if not isinstance(value, str):
        return False
    parsed = date_value(value)
    if parsed is not None:
        return not parsed[1] and parsed[0].date() == qt.date() and not lies_ahead(param)
    v = value.strip().lower()
    return v in _NOW_WORDS or _meal_fits(v, qt.hour)


def said_in(text: str, value: Any, qt: datetime) -> bool:
    """Whether `text` contains phrases that resolve to the date / clock `value` at `qt`."""
    parsed, hm = date_value(value), clock_value(value)
    if hm is not None:
        return hm in clocks_in(text) or any((m.hour, m.minute) == hm for m in moments_in(text, qt))
    if parsed is None:
        return False
    when, has_clock = parsed
    days = dates_in(text, qt)
    day_ok = when.date() in days or (not days and when.date() == qt.date())
    if not has_clock:
        return day_ok
    return when in moments_in(text, qt) or (day_ok and (when.hour, when.minute) in clocks_in(text))
