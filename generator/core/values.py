"""Argument values that always validate against a tool's JSON-Schema parameters.

Value sources, in order of preference: fixed values, pool (persona) values, enum choice,
examples from the schema or its description (most of the time), the schema default (often),
then a realistic value drawn for the parameter's semantic type (generator.core.semantic: name +
description + schema -> latitude, unix time, money, city, email, id, ...) inside the schema's
own constraints: bounds spread over the range (exclusive bounds, multipleOf), string lengths,
`pattern` (via rstr), `format`, array sizes and uniqueness, nested objects, anyOf / oneOf /
allOf, const and type unions. Every candidate is checked by the project's one JSON-Schema
validator (generator.core.schema.is_valid, formats included) before it is used, so a bad pool
value or a stale example can never produce an invalid call.

A schema no draw satisfies raises `Unsampleable` (a ValueError naming the parameter and the
last validation error); generator.screening turns that into a skipped tool at catalog load.

Temporal parameters (dates, clock times, meal types, relative-date enums) are recognized by
name / format / description heuristics (`is_temporal`) and can be derived from an event time
(`temporal_value`) so that synthetic histories stay consistent with their timestamps.

Parameters are drawn one by one, so each object is finally passed through
generator.core.constraints (`repair`): pairs such as origin/destination, depart/return dates,
min_/max_ bounds or a ticket count and its seat list are made consistent, never changing
caller-fixed values. `constraint_problems(tool, args)` (re-exported here) checks any call.
"""

from __future__ import annotations

import copy
import hashlib
import json
import math
import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime, timedelta
from functools import lru_cache, partial
from itertools import pairwise
from typing import Any

import rstr

from ..records import Tool, dict_at
from . import (
    allowed,
    checkdigits,
    codes,
    coords,
    dependencies,
    freetext,
    id_parts,
    lore,
    money_scale,
    paired,
    pinned,
    place_scale,
    places,
    quantities,
    readings,
    semantic,
    sequence,
    value_sense,
    zips,
)
from .constraints import Resampler, constraint_problems, repair  # noqa: F401 (re-exported for validators)
from .memo import by_identity
from .schema import NAIVE_MOMENT, ZONE_WORDS, is_valid, local_date_time, local_time, schema_key, value_check
from .temporal import participle_of
from .worktime import (
    GROUP_DATES,
    due_by_urgency,
    in_opening_hours,
    laid_out_years,
    of_todays_work,
    on_its_shift,
    on_named_days,
)

# A fixed reference instant: outputs must never depend on the wall clock.
REFERENCE_TIME = datetime(2025, 6, 2, 9, 0)

DATE_FMT = "%Y-%m-%d"
TIME_FMT = "%H:%M"
DATETIME_FMT = "%Y-%m-%d %H:%M"

TEMPORAL_KINDS = ("date", "time", "datetime", "meal", "relative_date_enum")

MEAL_VALUES = frozenset({"breakfast", "brunch", "lunch", "afternoon_tea", "dinner", "night_snack", "supper"})
RELATIVE_DATE_VALUES = frozenset({
    "today", "tomorrow", "yesterday", "tonight", "this_week", "this_weekend", "next_week",
    "next_weekend", "this_month", "next_month", "within_one_day", "within_one_week",
    "within_one_month", "within_three_days", "last_week", "last_month", "day_after_tomorrow",
})

# ---------------------------------------------------------------- temporal heuristics

_ALIASES = {"float": "number", "dict": "object", "tuple": "array", "any": "string", "int": "integer",
            "bool": "boolean", "str": "string", "list": "array"}


def schema_type(schema: dict[str, Any]) -> str:
    """The JSON type of a property schema (first non-null type; enum inferred; aliases mapped)."""
    t = schema.get("type")
    if isinstance(t, list):
        t = next((x for x in t if x != "null"), "string")
    if t is None:
        enum = schema.get("enum") or []
        t = _json_type(enum[0]) if enum else "string"
    return _ALIASES.get(t, t)


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return "string"


# JSON Schema `format` values and plain-text format names -> strftime formats.
# RFC 3339 (what `format` means in JSON Schema) needs a zone offset on times and date-times.
_JSON_FORMATS = {"date": "%Y-%m-%d", "time": "%H:%M:%SZ", "date-time": "%Y-%m-%dT%H:%M:%SZ"}
_TEXT_FORMATS = [("YYYY-MM-DDTHH:MM:SSZ", "%Y-%m-%dT%H:%M:%SZ"), ("YYYY-MM-DDTHH:MM:SS", "%Y-%m-%dT%H:%M:%S"),
                 ("YYYY-MM-DDTHH:MMZ", "%Y-%m-%dT%H:%MZ"), ("YYYY-MM-DDTHH:MM", "%Y-%m-%dT%H:%M"),
                 ("YYYY-MM-DD HH:MM:SS", "%Y-%m-%d %H:%M:%S"), ("YYYY-MM-DD HH:MM", "%Y-%m-%d %H:%M"),
                 ("YYYY-MM-DD", "%Y-%m-%d"), ("MM/DD/YYYY", "%m/%d/%Y"), ("DD/MM/YYYY", "%d/%m/%Y"),
                 ("MM-DD-YYYY", "%m-%d-%Y"), ("DD-MM-YYYY", "%d-%m-%Y"), ("YYYY/MM/DD", "%Y/%m/%d"),
                 ("HH:MM:SS", "%H:%M:%S"), ("HH:MM", "%H:%M"), ("YYYY-MM", "%Y-%m")]
_STRFTIME_RE = re.compile(r"%[YymdjbBaAHIMSp](?:[-/:.T ,]*%[YymdjbBaAHIMSp])*")
_KIND_FORMATS = {"date": DATE_FMT, "time": TIME_FMT, "datetime": DATETIME_FMT}


# Formats named in words ("ISO 8601 date-time with offset", "RFC 3339 date"): the standard's
# own form, a date-time with its zone as JSON Schema's `date-time` has it.
_STANDARD = r"(?:iso[- ]?8601|rfc[- ]?3339)"
_WORD_FORMATS = [
    (re.compile(rf"{_STANDARD}\W+(?:\w+\W+)?(?:date[- ]?time|timestamp)|(?:date[- ]?time|timestamp)\W+(?:\w+\W+)?"
                rf"\(?{_STANDARD}", re.IGNORECASE), _JSON_FORMATS["date-time"]),
    (re.compile(rf"{_STANDARD}\W+(?:\w+\W+)?date\b|\bdate\W+(?:\w+\W+)?\(?{_STANDARD}", re.IGNORECASE),
     _JSON_FORMATS["date"]),
    # "ISO 8601 local time" is a moment on the site's clock, a date with its time (set 23: "eta 3" drawn)
    (re.compile(rf"{_STANDARD}\W+(?:local\W+)?time\b", re.IGNORECASE), _JSON_FORMATS["date-time"]),
]


def value_format(schema: dict[str, Any]) -> str | None:
    """The strftime format a string parameter expects, from `format` or its description."""
    fmt = schema.get("format")
    if local_date_time(schema):  # "ISO 8601 local time, e.g. '2025-06-12T14:30:00'": never UTC ("Z")
        return _JSON_FORMATS["date-time"][:-1]
    if (offset := _local_offset(schema)) is not None:  # "local time with offset, e.g. '...T09:30:00-04:00'":
        return _JSON_FORMATS["date-time"][:-1] + offset  # the site's clock and its offset, never UTC (set 37)
    if local_time(schema):  # "HH:MM (24-hour), local time": 15:45, never "15:45:00Z" (set 35)
        return "%H:%M:%S" if "HH:MM:SS" in str(schema.get("description") or "") else "%H:%M"
    if fmt in _JSON_FORMATS:
        return _JSON_FORMATS[fmt]
    return _described_format(str(schema.get("description", "")))


_WITH_OFFSET = re.compile(r"\blocal (?:date[- ]?)?time,? (?:with|and|plus|including) (?:its |the |a |UTC )?(?:UTC )?offset\b",
                          re.IGNORECASE)
_ANY_OFFSET = re.compile(r"\bwith (?:an? |the |its )?(?:UTC |time ?zone )?offset\b", re.IGNORECASE)
_UTC_SAID = re.compile(r"\b(?:in|as) UTC\b|\bUTC only\b", re.IGNORECASE)
_OFFSET_EXAMPLE = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d)?([+-]\d\d:\d\d)")


def _local_offset(schema: dict[str, Any]) -> str | None:
    """The offset a "local time with offset" is written with: its example's ("-04:00"), else the
    one the catalog's other local times show (lore's `x-offset`), else None (drawn as before)."""
    if schema.get("format") not in ("date-time", None):
        return None
    desc = str(schema.get("description") or "")
    shown = [m.group(1) for e in [desc, *map(str, schema.get("examples") or [])] if (m := _OFFSET_EXAMPLE.search(e))]
    if not (_WITH_OFFSET.search(desc) or (shown or schema.get(OFFSET_KEY)) and _ANY_OFFSET.search(desc)
            and not _UTC_SAID.search(desc)):  # (set 42: "ISO 8601 with offset, e.g. '...-05:00'" drawn at "Z"; set 44:
        return None  # "RFC 3339 with offset." with no example of its own, beside the catalog's "-05:00" ones)
    said = shown[0] if shown else schema.get(OFFSET_KEY)
    return said if isinstance(said, str) else None


# A drawing-schema mark (generator.core.lore): the offset the catalog's local times are written with.
OFFSET_KEY = "x-offset"


@lru_cache(maxsize=16384)  # asked for every value drawn and read: one reading per description
def _described_format(desc: str) -> str | None:
    m = _STRFTIME_RE.search(desc)
    if m:
        return m.group(0).rstrip(" ,")
    said = next((f for text, f in _TEXT_FORMATS if text in desc), None)
    worded = None if said else next((f for pattern, f in _WORD_FORMATS if pattern.search(desc)), None)
    # ISO 8601 allows a local time (RFC 3339 does not): "Start of closure, ISO 8601 date-time" is
    # the site's clock, as a person says it, unless the description names a zone
    local = _LOCAL.search(desc) or NAIVE_MOMENT.search(desc) or (worded and not _RFC.search(desc))
    said = said or worded or _shown_format(desc)
    if said and said.endswith("Z") and local and not ZONE_WORDS.search(desc):
        return said[:-1]  # "ISO 8601 local date-time", "e.g. 2025-06-12T02:30:00": never UTC ("Z")
    return said


# A moment an example shows ("ISO 8601 without offset, e.g. '2025-03-18T09:30'"): written in its form (set 49:
# "2025-06-02 20:00").
_SHOWN_MOMENT = re.compile(r"\b\d{4}-\d\d-\d\d([T ])\d\d:\d\d(:\d\d)?(Z)?(?![\d:+-])")


def _shown_format(desc: str) -> str | None:
    m = _SHOWN_MOMENT.search(desc)
    return None if m is None else f"%Y-%m-%d{m[1]}%H:%M" + (":%S" if m[2] else "") + (m[3] or "")


_LOCAL = re.compile(r"\blocal\b", re.IGNORECASE)
_RFC = re.compile(r"rfc[- ]?3339", re.IGNORECASE)


def _format_kind(schema: dict[str, Any]) -> str | None:
    fmt = value_format(schema)
    if fmt is None:
        return None
    clock = "%H" in fmt or "%I" in fmt
    day = any(x in fmt for x in ("%d", "%Y", "%y", "%j", "%b", "%B"))
    return "datetime" if clock and day else "time" if clock else "date"


def _format_for(kind: str, schema: dict[str, Any]) -> str:
    return value_format(schema) or _KIND_FORMATS[kind]


def _enum_kind(enum: list[Any]) -> str | None:
    values = {str(v).lower() for v in enum}
    if len(values & MEAL_VALUES) >= 2:
        return "meal"
    if values & RELATIVE_DATE_VALUES:
        return "relative_date_enum"
    return None


# A name that bounds a span of time: its start or end is a moment of that span's grain.
_BOUNDS = frozenset({"start", "end", "from", "to", "until", "begin", "finish"})
_SPANS = {**dict.fromkeys(("shift", "window", "slot", "session", "outage", "maintenance"), "datetime"),
          **dict.fromkeys(("period", "season", "term", "stay", "lease", "rental", "coverage", "billing", "validity",
                           "trip", "vacation", "leave", "contract", "subscription"), "date")}


def _name_kind(name: str) -> str | None:
    n = name.lower()
    if n in ("datetime", "date_time", "timestamp") or n.endswith(("_datetime", "_at")):
        return "datetime"
    if n == "date" or n.endswith(("_date", "_until")) or n.startswith("date_"):
        return "date"  # `retain_until`: the day the span ends
    if n == "time" or n.endswith("_time"):
        return "time"
    span, _, bound = n.rpartition("_")
    if bound in _BOUNDS and span.rsplit("_", 1)[-1] in _SPANS:  # `period_start`, `shift_end`
        return _SPANS[span.rsplit("_", 1)[-1]]
    if n in ("meal", "meal_type", "mealtime"):
        return "meal"
    return None


def is_temporal(param_name: str, schema: dict[str, Any]) -> str | None:
    """The temporal kind of a parameter ("date", "time", "datetime", "meal",
    "relative_date_enum"), or None when its value does not follow from the clock."""
    if schema.get("enum"):
        return _enum_kind(list(schema["enum"]))
    if schema_type(schema) != "string":
        return None
    return _moment_kind(param_name, schema)


def _moment_kind(name: str, schema: dict[str, Any], by_name: bool = True) -> str | None:
    """The schema's format, else the name's kind (`by_name`), else the description's; a name's
    "time" that the description says is a date and time is both (`service_time`, "Date and time
    of the service")."""
    fmt = schema.get("format")
    return _kind_of(name if by_name else None, str(schema.get("description") or ""),
                    fmt if isinstance(fmt, str) else None)


@lru_cache(maxsize=16384)
def _kind_of(name: str | None, description: str, fmt: str | None) -> str | None:
    described = _described_kind(description)
    named = _name_kind(name) if name is not None else None
    if named == "time" and described == "datetime":
        named = described
    schema = {"description": description} if fmt is None else {"description": description, "format": fmt}
    return _format_kind(schema) or named or described


# A description that opens by saying the value is a date ("Date of the first rehearsal", "Date a
# replacement is needed", "Date shipped"), not one about dates ("Date format", "Date range").
_DATE_LEAD = re.compile(r"^\W*(?:the |a )?(?:(date and time|date-time|datetime)|date)\b(?!\s*(?:format|range|"
                        r"pattern|string|type|field|filter|column|order|s\b))", re.IGNORECASE)


def _described_kind(description: str) -> str | None:
    m = _DATE_LEAD.match(description)
    return None if m is None else "datetime" if m.group(1) else "date"


def meal_for_hour(hour: int) -> str:
    """Meal type by hour, as in TRAILBench's gold answers (breakfast <10, lunch 10-14,
    dinner 15-20, night_snack >=21)."""
    if hour < 10:
        return "breakfast"
    if hour < 15:
        return "lunch"
    if hour < 21:
        return "dinner"
    return "night_snack"


def temporal_value(param_name: str, schema: dict[str, Any], when: datetime,
                   rng: random.Random) -> Any:
    """A value of a temporal parameter consistent with the time `when` of the call,
    or None when the parameter is not temporal or no consistent value fits its schema."""
    kind = is_temporal(param_name, schema)
    if kind is None:
        return None
    if kind in ("date", "datetime") and (_happened(param_name) or _said_done(str(schema.get("description") or ""))) \
            and not _in_past(schema):
        schema = {**schema, "description": f"{lore.RECENT}; {schema.get('description') or ''}"}
    value = _meant_moment(param_name, kind, schema, when, rng) or _TEMPORAL_DERIVERS[kind](schema, when, rng)
    return value if value is not None and is_valid(schema, value) else None


# A description that opens with a moment of something done: "Date collected", "Day the eggs were
# collected", "Time received" (set 46: NPIP samples collected next week with their result in).
# "Date the bite happened" too (set 48: bites a week ahead of the report that quarantines the dog).
_SAID_DONE = re.compile(r"^\s*(?:date|day|time|date and time)(?: (?:the|its|an?) [a-z]+(?: [a-z]+)?(?: (?:was|were))?)? "
                        r"([a-z]+ed)\b", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _said_done(description: str) -> bool:
    from ..phrasebook.lexicon import verb_lemma

    m = _SAID_DONE.match(description)
    return m is not None and m[1].lower() not in lore.AHEAD | _PLANNING_VERBS and \
        verb_lemma(m[1].lower()) not in (None, m[1].lower())


# A day that bounds what was done ("Bill time logged up to this date"): today or before (set 39).
_DONE_UP_TO_DAY = re.compile(r"\b[a-z]+ed (?:up to|through|until|on or before) (?:this|that|the given) (?:date|day)\b",
                             re.IGNORECASE)


# A date of what happened before the call records it (a death, a payoff, an acknowledged signature):
# never the query's "tomorrow" or "a week from today" (set 13: deaths and payoffs a week ahead).
_DONE_BEFORE = frozenset({"death", "died", "dod", "payoff", "paid", "acknowledgment", "acknowledged", "occurred",
                          "happened", "incident", "signed", "purchased", "delivered", "received", "occupied"})


@lru_cache(maxsize=4096)
def _happened(param_name: str) -> bool:
    """Whether a date parameter records something done before the call records it: a word of
    _DONE_BEFORE, or a past participle before the date's own word (`calibrated_on`,
    `installed_on`, `tested_at`, `spudded_date`; set 22: a gauge "calibrated on" a day after the
    call), never a planned one (`scheduled_on`)."""
    from ..phrasebook.lexicon import verb_lemma

    words = semantic.tokens(param_name)
    if _DONE_BEFORE & set(words):
        return True
    if len(words) < 2 or words[-1] not in ("on", "at", "date", "time", "day") or words[-2] in lore.AHEAD:
        return False
    done = words[-2]
    return done.endswith("ed") and verb_lemma(done) not in (None, done)


def _derive_meal(schema: dict[str, Any], when: datetime, rng: random.Random) -> Any:
    meal = meal_for_hour(when.hour)
    return meal if meal in (schema.get("enum") or [meal]) else None


def _derive_relative(schema: dict[str, Any], when: datetime, rng: random.Random) -> Any:
    enum = [str(v) for v in schema.get("enum") or []]
    for choice in ("today", "tonight", "within_one_day", "this_week", "within_one_week", "no_limit"):
        if choice in enum:
            return choice
    return None


# A moment the description places before now ("the UTC day of the data in the past").
_PAST = re.compile(r"\bin the past\b|\bpast (?:date|day|data)\b|\bhistorical\b|\bhistory\b|\bago\b|\bprevious\b",
                   re.IGNORECASE)


# ... and a floor, not a past: "not more than 3 days in the past" (set 39: NOTAMs starting weeks ago).
_PAST_FLOOR = re.compile(r"\b(?:at most|no more than|not more than|up to) (?:\d+|one|two|three|seven|thirty) "
                         r"(?:hours?|days?|weeks?|months?|years?) in the past\b", re.IGNORECASE)


def _in_past(schema: dict[str, Any]) -> bool:
    said = str(schema.get("description") or "")
    return bool(_PAST.search(_PAST_FLOOR.sub("", said)))


def _recent(schema: dict[str, Any]) -> bool:
    """A moment of the last few days (generator.core.lore marks a look back's start, a sample taken)."""
    said = str(schema.get("description") or "")
    return said.startswith(lore.RECENT) or bool(_DONE_UP_TO_DAY.search(said)) or _said_done(said)


# How far back a past moment may lie: "at most 48 hours ago", "within the last 7 days", "no older
# than 90 days" (set 38: a sale "at most 48 hours ago" dated three months back).
_PAST_LIMIT = re.compile(r"\b(?:(?:at most|no more than|not more than|up to|within) (\d+|one|two|three|seven|thirty) "
                         r"(hours?|days?|weeks?|months?|years?) (?:ago|back|old)\b|within the (?:last|past) "
                         r"(\d+|one|two|three|seven|thirty) (hours?|days?|weeks?|months?|years?)\b|(?:no|not) older than "
                         r"(\d+|one|two|three|seven|thirty) (hours?|days?|weeks?|months?|years?)\b)", re.IGNORECASE)
_COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "seven": 7, "thirty": 30}
_UNIT_HOURS = {"hour": 1, "day": 24, "week": 24 * 7, "month": 24 * 30, "year": 24 * 365}


def past_limit(schema: dict[str, Any]) -> timedelta | None:
    """How far before the call a moment the description bounds lies at most (`_PAST_LIMIT`)."""
    m = _PAST_LIMIT.search(str(schema.get("description") or ""))
    if m is None:
        return None
    count, unit = next((m[i], m[i + 1]) for i in (1, 3, 5) if m[i])
    n = _COUNT_WORDS.get(count.lower()) or int(count)
    return timedelta(hours=n * _UNIT_HOURS[unit.lower().rstrip("s")])


def _derive_date(schema: dict[str, Any], when: datetime, rng: random.Random) -> Any:
    days = rng.choice([0, 0, 1, 1, 2, 7])
    if _in_past(schema):
        days = -rng.choice([1, 3, 7, 14, 30, 90, 365])
    if (limit := past_limit(schema)) is not None:
        days = -rng.randint(0, max(0, limit.days))
    if _recent(schema):
        days = -rng.choice([0, 1, 1, 2, 3])
    return (when + timedelta(days=days)).strftime(_format_for("date", schema))


def _derive_time(schema: dict[str, Any], when: datetime, rng: random.Random) -> Any:
    return _on_the_hour(schema, _in_window(schema, when, rng) or _quarter_after(when, rng)).strftime(
        _format_for("time", schema))


_ON_THE_HOUR = re.compile(r"\bon the (?:full )?hour\b|\b(?:whole|full) hours? only\b", re.IGNORECASE)


_CLOCK_LIST = re.compile(r"\bat ((?:[01]?\d|2[0-3]):[0-5]\d(?:(?:,\s*|\s+(?:and|or)\s+|,\s*(?:and|or)\s+)(?:[01]?\d|2[0-3]):[0-5]\d)+)")


def _listed_clock(schema: dict[str, Any], moment: datetime, rng: random.Random) -> datetime:
    """`moment` at one of the clock times its description lists ("Shifts start at 07:00, 15:00 and
    23:00"; set 36: crane windows opening at 9:15), on its own day; else `moment`."""
    m = _CLOCK_LIST.search(str(schema.get("description") or ""))
    if m is None:
        return moment
    day = moment.replace(hour=0, minute=0, second=0, microsecond=0)
    starts = [day + timedelta(hours=int(h), minutes=int(mi)) for h, mi in re.findall(r"(\d{1,2}):(\d{2})", m[1])]
    later = [t for t in starts if t >= moment]  # never earlier than the moment drawn: the call's own time
    return rng.choice(later) if later else min(starts) + timedelta(days=1)


def _on_the_hour(schema: dict[str, Any], moment: datetime) -> datetime:
    """`moment` at its hour's start where the description says "on the hour" (set 36: gate slots
    at 2:45 pm that the catalog starts on the hour)."""
    if not moment.minute or not _ON_THE_HOUR.search(str(schema.get("description") or "")):
        return moment
    return moment.replace(minute=0) + timedelta(hours=1)  # the next hour: never before the call's own time


_WINDOW = re.compile(r"\b(?:between|from)\s+(\d{1,2}):(\d{2})\s+(?:and|to|until|-)\s+(\d{1,2}):(\d{2})\b", re.IGNORECASE)


def _in_window(schema: dict[str, Any], when: datetime, rng: random.Random) -> datetime | None:
    """A moment inside the hours the description allows ("planned work runs between 00:00 and
    06:00", or past midnight: "between 21:00 and 03:00"), on the quarter hour, on the first such
    day after `when`; None without such hours."""
    m = _WINDOW.search(str(schema.get("description", "")))
    if m is None:
        return None
    start, end = int(m[1]) * 60 + int(m[2]), int(m[3]) * 60 + int(m[4])
    if end < start:  # "between 21:00 and 03:00": a night shift past midnight (set 48)
        end += 24 * 60
    if not 0 <= start < end <= 48 * 60 or end - start < 30:
        return None
    minute = start + 15 * rng.randrange(max(1, (end - start - 15) // 15))
    day = when.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(days=rng.randint(1, 7))
    while _ON_WEEKDAYS.search(str(schema.get("description", ""))) and day.weekday() >= 5:
        day += timedelta(days=1)  # "on weekdays": a Saturday's appointment moves to Monday
    return day + timedelta(minutes=minute)


_ON_WEEKDAYS = re.compile(r"\bon weekdays\b|\bbusiness days?\b|\bmonday\s*(?:to|through|-|–)\s*friday\b", re.IGNORECASE)


def _derive_datetime(schema: dict[str, Any], when: datetime, rng: random.Random) -> Any:
    window = _in_window(schema, when, rng)
    if window is not None:
        return _on_the_hour(schema, window).strftime(_format_for("datetime", schema))
    moment = _listed_clock(schema, _on_the_hour(schema, _quarter_after(when, rng)), rng)
    if _in_past(schema):
        moment -= timedelta(days=rng.choice([1, 3, 7, 14, 30]))
    if _recent(schema):  # what happened days ago happened at any hour of them, not at the query's 09:00
        moment = moment.replace(hour=rng.randint(7, 21), minute=rng.choice((0, 15, 30, 45))) - \
            timedelta(days=rng.choice([1, 1, 2, 3]))
    if (limit := past_limit(schema)) is not None:
        quarters = int(limit.total_seconds() // 900)
        base = when.replace(minute=(when.minute // 15) * 15, second=0, microsecond=0)
        moment = base - timedelta(minutes=15 * rng.randint(1, max(1, quarters)))
    return moment.strftime(_format_for("datetime", schema))


def _quarter_after(when: datetime, rng: random.Random) -> datetime:
    """A time on the quarter hour after `when`, later that day up to 20:00 (an evening call, a
    kickoff at 19:00, an incident at 15:30; set 21: every time of a stage manager's day fell between
    09:00 and 12:00), and at least 15 minutes to 3 hours after it."""
    base = when.replace(minute=(when.minute // 15) * 15, second=0, microsecond=0)
    left = (20 * 60 - (base.hour * 60 + base.minute)) // 15
    return base + timedelta(minutes=15 * rng.randint(1, max(12, left)))


# Days from the call's time that a date of this meaning lies at: a birth date is years behind,
# a lot's expiry or a quote's end months ahead, a need or a due date days ahead.
_MEANT_DAYS: list[tuple[frozenset[str], tuple[int, int]]] = [
    (frozenset({"birth", "birthday", "born", "dob"}), (-80 * 365, -21 * 365)),  # a person acting: an adult
    (frozenset({"expiry", "expires", "expiration", "expire", "until", "best", "use"}), (30, 720)),
    (frozenset({"needed", "due", "deadline"}), (2, 30)),
    # a date something must be done by ("correct_by", "complete_by"): an inspector's or a
    # contract's deadline, weeks ahead, not the next day
    (frozenset({"by", "correct", "correction", "remedy", "rectify"}), (14, 90)),
    # what already happened, or the start of a look back ("since_date", "served_date", "loss_date"):
    # the last weeks up to today, never tomorrow
    (frozenset({"since", "served", "entered", "filed", "occurred", "happened", "lost", "loss"}), (-30, -1)),
]


_YOUNG = frozenset({"child", "children", "kid", "kids", "infant", "baby", "minor", "pediatric", "paediatric",
                    "student", "pupil", "son", "daughter", "newborn", "junior"})
_BEARING = frozenset({"mother", "maternal", "mom", "pregnant", "expectant"})
_ANIMALS = frozenset({"pet", "animal", "dog", "cat", "horse", "puppy", "kitten", "livestock", "calf", "foal"})


_OFFSET = re.compile(r"\b(?:between )?(\d+) (?:to|and|-|–) (\d+) (minute|hour|day|week)s? (?:from|after) (?:now|the call)\b",
                     re.IGNORECASE)


def _said_offset(schema: dict[str, Any], rng: random.Random) -> timedelta | None:
    """The offset from the call's time the description gives ("5 to 60 minutes from now"), drawn
    on a round step of its unit (5 minutes, 1 hour, 1 day); None when it gives none."""
    m = _OFFSET.search(str(schema.get("description") or ""))
    if m is None or int(m[1]) > int(m[2]):
        return None
    step = 5 if m[3].lower() == "minute" and int(m[2]) - int(m[1]) >= 10 else 1
    n = rng.randrange(int(m[1]) + (-int(m[1])) % step, int(m[2]) + 1, step) if int(m[2]) > int(m[1]) else int(m[1])
    return timedelta(**{f"{m[3].lower()}s": n})


def _meant_moment(name: str, kind: str | None, schema: dict[str, Any], when: datetime,
                  rng: random.Random) -> str | None:
    """A date (or date-time) where its meaning puts it relative to the call's time, or None when
    the name says no such meaning ("valid_until", "date_of_birth", "needed_by")."""
    if kind not in ("date", "datetime") or _about_format(name):
        return None
    offset = _said_offset(schema, rng)
    if offset is not None:  # "5 to 60 minutes from now": a reservation's expiry, never a year ahead (set 35)
        return (when + offset).strftime(_format_for(kind, schema))
    words = set(semantic.tokens(name))
    span = next((days for names, days in _MEANT_DAYS if names & words), None)
    if span == (-30, -1) and _recent(schema):
        return None  # a sample taken, a look back's start: generator.core.lore already dates it
    if span == _MEANT_DAYS[0][1]:  # a birth: a child's or an animal's when the name or description says so
        said = words | set(semantic.tokens(str(schema.get("description") or "")))
        span = (-17 * 365, -365) if said & _YOUNG else (-18 * 365, -60) if said & _ANIMALS else \
            (-44 * 365, -19 * 365) if said & _BEARING else span  # a mother of a birth (set 47: born 1946)
    if span is None or ({"until", "best", "use"} & words and not {"valid", "before", "by"} & words):
        return None
    moment = when + timedelta(days=rng.randint(*span))
    if kind == "datetime":  # another day's moment is at any hour of it, not at the query's 09:00
        moment = moment.replace(hour=rng.randint(7, 21), minute=rng.choice((0, 15, 30, 45)))
    return moment.strftime(_format_for(kind, schema))


_TEMPORAL_DERIVERS: dict[str, Callable[[dict[str, Any], datetime, random.Random], Any]] = {
    "meal": _derive_meal,
    "relative_date_enum": _derive_relative,
    "date": _derive_date,
    "time": _derive_time,
    "datetime": _derive_datetime,
}

# ---------------------------------------------------------------- errors


class Unsampleable(ValueError):
    """No value satisfies a parameter's schema (message: parameter, schema problem)."""

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(f"cannot produce a valid value for parameter '{name}': {reason}")
        self.param = name
        self.reason = reason


def _why(schema: Any, value: Any) -> str:
    """The validator's first complaint about `value` (the reason a parameter is unsampleable)."""
    from .schema import first_error

    try:
        error = first_error(schema, value)
    except Exception as exc:  # noqa: BLE001 - any failure here is itself the reason
        return f"the schema cannot be checked ({type(exc).__name__}: {exc})"[:200]
    return "no draw validates" if error is None else f"e.g. {value!r:.60} fails: {error[:140]}"


# ---------------------------------------------------------------- numbers


def _num(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _hard_bounds(schema: dict[str, Any]) -> tuple[float | None, float | None]:
    """The schema's closed range (exclusive bounds are checked by the validator)."""
    lo, hi = _num(schema.get("minimum")), _num(schema.get("maximum"))
    xlo, xhi = _num(schema.get("exclusiveMinimum")), _num(schema.get("exclusiveMaximum"))
    if xlo is not None and (lo is None or xlo >= lo):
        lo = xlo
    if xhi is not None and (hi is None or xhi <= hi):
        hi = xhi
    return lo, hi


_NEGATIVE = re.compile(r"\((?:always |usually )?negative\)|\b(?:is|are|always|must be|should be) negative\b|"
                       r"\bnegative (?:number|value|figure)s?\b", re.IGNORECASE)


def _said_bounds(schema: dict[str, Any], lo: float | None, hi: float | None) -> tuple[float | None, float | None]:
    """The schema's bounds narrowed by the range its description states ("from 0.0 to 1.0",
    "maximum is 5"): a bound in words is still a bound a person keeps to."""
    said = allowed.read(str(schema.get("description", "")))
    if _NEGATIVE.search(str(schema.get("description", ""))) and (hi is None or hi > 0) and (lo is None or lo < 0):
        hi = 0.0  # "dBm (negative)": a receive power is below zero whatever the example's scale
    if said.low is not None and (lo is None or said.low > lo) and (hi is None or said.low < hi):
        lo = said.low
    if said.high is not None and (hi is None or said.high < hi) and (lo is None or said.high > lo):
        hi = said.high
    return lo, hi


def number_range(name: str, schema: dict[str, Any], ref: datetime) -> tuple[float, float, int | None]:
    """(low, high, decimals) to draw from: the semantic type's typical range where it fits
    inside the schema's bounds, else the schema's range itself (never one pinned bound); a
    fractional number in a span of a few units is read to a tenth (a cooler at 35.6 °F, never 36
    in every reading)."""
    lo, hi, decimals = _number_range(name, schema, ref)
    if decimals == 0 and schema_type(schema) == "number" and hi - lo <= 5:
        decimals = 1
    return lo, hi, decimals


def _number_range(name: str, schema: dict[str, Any], ref: datetime) -> tuple[float, float, int | None]:
    kind = semantic.infer(name, schema)
    typical = semantic.typical_range(kind, name, schema, ref.timestamp())
    lo_h, hi_h = _said_bounds(schema, *_hard_bounds(schema))
    if schema.get(THING_SIZE) and lo_h is not None and hi_h is not None:
        return lo_h, hi_h, 1 if hi_h - lo_h < 20 else 0
    if (target := _target_range(schema, lo_h, hi_h) or _catalog_scale(kind, schema, lo_h, hi_h)) is not None:
        return target
    if set(semantic.tokens(name)) <= {"quantity", "qty", "line", "item", "order", "ordered"} and \
            set(semantic.tokens(name)) & {"quantity", "qty"} and (hi_h is None or hi_h >= 5) and (lo_h or 0) <= 1:
        return 1, 3, None  # a line of an order or a bill holds one to three of a thing, never 7 salt cells (set 30)
    if {"odometer", "mileage"} & set(semantic.tokens(name)) and (hi_h is None or hi_h >= 190_000) and (lo_h or 0) <= 8_000:
        return 8_000, 190_000, 0  # what a vehicle's odometer reads, never 620,000 miles (set 33)
    # a measure the name or description gives outranks a "rating" read off the prose ("Rating of the
    # main breaker, amperes" is a current, not stars)
    measure = quantities.measure(name, schema) if kind not in _FIXED_SCALE - {"percent", "rating"} else None
    if measure is not None and kind == "percent" and measure.name == "percent":
        measure = None  # the percent kind knows its rates (a tax rate is a few percent)
    if measure is not None and _outside(measure, lo_h, hi_h):
        measure = None  # the schema's own bounds say it is another measure (a gravity of 10-20 is no specific gravity)
    if measure is not None and lo_h is not None and 0 < lo_h * 20 < measure.lo:
        measure = None  # a floor of 0.05 L speaks of samples, not of the measure's tanks (set 24: pollen by 20-40 L)
    if measure is not None:  # a pH, a temperature in °F, litres: the measure's own range
        typical, kind = semantic.Typical(measure.lo, measure.hi, measure.decimals), "measure"
        lo_h = measure.floor if lo_h is None or measure.floor is not None and measure.floor > lo_h else lo_h
        hi_h = measure.ceiling if hi_h is None or measure.ceiling is not None and measure.ceiling < hi_h else hi_h
    lo, hi = _anchored(kind, schema, typical, name)
    said = (lo, hi) != (typical.lo, typical.hi)  # the description's own numbers set the scale
    places = [len(x.split(".")[1]) if "." in x else 0
              for pair in _NORMALLY.findall(str(schema.get("description", ""))) for x in pair if x]
    if places and typical.decimals is not None:  # "normally 0.125" is said to the thousandth
        typical = semantic.Typical(typical.lo, typical.hi, max(typical.decimals, *places))
    if kind == "rating" and lo_h is not None and hi_h is not None and hi_h - lo_h > 10:
        lo, hi = lo_h + (hi_h - lo_h) * 0.6, hi_h  # a score out of 100 is a good one out of 100, not 4
    if lo_h is not None and hi_h is not None and lo_h < 0 < hi_h and _MOSTLY_NEGATIVE.search(str(schema.get("description"))):
        hi_h = 0  # "delta-13C in per mil (negative for most terrestrial material)": below zero (set 24: +0.7)
    if kind == "generic" and lo_h is not None and hi_h is not None:
        # nothing known about it but its limits: a modest value inside them, not their whole span
        if said or not _modest_fits(name, schema, lo_h, hi_h):
            return lo_h, hi_h, typical.decimals
        lo, hi = value_sense.modest_range(lo_h, hi_h)
        return lo, hi, value_sense.modest_decimals(lo, hi, typical.decimals)
    if lo_h is not None:
        lo = max(lo, lo_h)
    if hi_h is not None:
        hi = min(hi, hi_h)
    if hi <= lo:  # the typical range misses the schema's: spread over the schema's own range
        width = max(typical.hi - typical.lo, abs(lo_h or hi_h or 0.0), 10.0)
        lo = lo_h if lo_h is not None else hi_h - width  # type: ignore[operator]
        hi = hi_h if hi_h is not None else lo + width
    if (span := _stated_span(schema, lo_h, hi_h, hi)) and not said and kind not in _FIXED_SCALE and \
            not _capped_amount(kind, lo_h):
        return span[0], span[1], value_sense.modest_decimals(span[0], span[1], typical.decimals)
    if lo_h is not None and hi_h is not None and not said and kind not in _FIXED_SCALE - {"percent"} and \
            (measure is None or kind != "measure") and _modest_fits(name, schema, lo_h, hi_h) and \
            not (_capped_amount(kind, lo_h) and hi_h >= 20 * typical.hi) and \
            ((lo, hi) == (lo_h, hi_h) or value_sense.beyond_kind(typical.lo, typical.hi, lo_h, hi_h)):
        lo, hi = value_sense.modest_range(lo_h, hi_h)  # the schema's limits set the scale, not the kind's
        return lo, hi, value_sense.modest_decimals(lo, hi, typical.decimals)
    return lo, hi, typical.decimals


# "Target 70 to 120", "most cells want 2700 to 3400", "typical homes read 0.4-10", "typically 3 to 5", "(e.g. 3 to 5 ppm at CYA 50)":
# the range a reading or a setting usually takes inside its limits
_TARGET = re.compile(r"\b(?:targets?(?: range)?(?: is)?|typical(?:ly)?(?: range)?|usually|normally|normal range(?: is)?|"
                     r"ideal(?:ly)?(?: range)?|recommended(?: range)?|(?:most|typical) \w+ (?:want|need|run|read|are|sit|measure|"
                     r"take|last|fall)|e\.g\.,?)"
                     r"\s*(?::\s*)?(?:about |around |between )?(\d+(?:\.\d+)?)\s*(?:to|-|–|and)\s*(\d+(?:\.\d+)?)(?!\d|\.\d)",
                     re.IGNORECASE)


def _target_range(schema: dict[str, Any], lo: float | None, hi: float | None) -> tuple[float, float, int | None] | None:
    """The range the description says a value usually takes inside its limits ("Total alkalinity in
    ppm, 0 to 300 ... Target 70 to 120"): a reading a person logs, never a free-chlorine 13 or a
    salt pool at 617 ppm (set 30); None when it says none or one outside the limits."""
    if schema_type(schema) not in ("number", "integer"):
        return None
    m = _TARGET.search(str(schema.get("description") or ""))
    if m is None:
        return None
    a, b = float(m[1]), float(m[2])
    if not a < b or lo is not None and a < lo or hi is not None and b > hi:
        return None
    decimals = max(len(m[1].partition(".")[2]), len(m[2].partition(".")[2]))
    return a, b, decimals or (1 if schema_type(schema) == "number" else None)  # 10-20 °P: 14.5 as well


def _catalog_scale(kind: str, schema: dict[str, Any], lo: float | None, hi: float | None) -> tuple[float, float, int] | None:
    """A sum of money under a wide cap whose own schema gives no figure of its scale, drawn at the
    scale of the catalog's other sums (core.money_scale) when that is in the thousands: a demurrage
    claim beside demurrage rates of 28,000 a day, never one of 171 USD (set 42); None otherwise."""
    if kind != "money" or not _capped_amount(kind, lo) or hi is None or hi < 100_000 or \
            allowed.read(str(schema.get("description") or "")).examples or re.search(r"\d", str(schema.get("description") or "")):
        return None
    found = money_scale.scale(freetext.DOMAIN.get())
    if found is None or found < 1000:
        return None
    return found / 10, min(hi, found * 5), 0


def _capped_amount(kind: str, lo: float | None) -> bool:
    """An amount of money from a cent up ("Amount paid in US dollars, 0.01-25000"): the ceiling is a
    cap on any payment, not its scale (set 34: every vet bill paid in thousands; set 41: "Gross rate
    per spot in USD", 0 to 250000, drawn at 50000)."""
    return kind in ("money", "tip") and (lo is None or lo < 1)


def _stated_span(schema: dict[str, Any], lo: float | None, hi: float | None,
                 drawn_hi: float) -> tuple[float, float] | None:
    """The modest part of a span of orders of magnitude the description states ("200 to 15000" USD
    for a load's linehaul, "0 to 2000000" miles on an odometer) when the kind's typical range keeps
    to its bottom fifth: the span sets the scale then, not a receipt's or a short trip's (set 29: a
    linehaul of 384 USD, an odometer at 21 miles, 6 gallons of diesel); None otherwise."""
    said = allowed.read(str(schema.get("description", "")))
    if lo is None or hi is None or said.low is None or said.high is None or lo < 0 or hi <= lo:
        return None
    floor, span = max(lo, hi / 100), value_sense.modest_range(lo, hi)
    wide = floor > 0 and hi / floor >= value_sense.WIDE and drawn_hi <= lo + (hi - lo) * 0.2
    return span if wide and span[1] > drawn_hi else None


_MOSTLY_NEGATIVE = re.compile(r"\bnegative (?:for|in) (?:most|nearly all|almost all)\b|\b(?:usually|mostly|typically|"
                              r"normally|almost always) negative\b", re.IGNORECASE)


def _outside(measure: quantities.Measure, lo: float | None, hi: float | None) -> bool:
    """Whether a measure's own limits leave no room inside the schema's bounds."""
    return measure.floor is not None and hi is not None and measure.floor >= hi or \
        measure.ceiling is not None and lo is not None and measure.ceiling <= lo


_YEARLY = frozenset({"year", "years", "yr"})  # a year's range is the years a search spans


def _modest_fits(name: str, schema: dict[str, Any], lo: float, hi: float) -> bool:
    """Whether a value is best drawn in a modest part of its limits (value_sense.modest_range):
    not where the limits are written in words ("Integer from 1 to 5" is a scale, every point of
    it a value), not on a short whole scale, not for years or discounts (their own rules)."""
    words = set(semantic.tokens(name))
    short = schema_type(schema) == "integer" and hi - lo <= 10
    return _hard_bounds(schema) == (lo, hi) and not short and not (_YEARLY | _DISCOUNT) & words


# Kinds whose range is known better than any example's scale could say.
_FIXED_SCALE = frozenset({"latitude", "longitude", "year", "month_number", "hour", "unix_time", "probability",
                          "port", "percent", "rating", "age"})


def _anchored(kind: str, schema: dict[str, Any], typical: semantic.Typical, name: str = "") -> tuple[float, float]:
    """The range to draw from: around the numbers the description gives (examples, the default:
    a loan "for example 1000000" is not 320.99) when it gives any, else the kind's typical range."""
    said = allowed.read(str(schema.get("description", "")))
    given = [*(schema.get("examples") or []), schema.get("default")] if isinstance(schema.get("examples"), list) \
        else [schema.get("default")]
    anchors = [abs(float(x)) for x in (*said.examples, said.default, *given)
               if x is not None and _numeric(x) and float(x) != 0]
    if not anchors:  # "(e.g. 3 with rate basis daily = 3 days)": a number the example opens with
        anchors = [float(x) for x in _EXAMPLE_NUMBER.findall(str(schema.get("description") or "")) if float(x)]
    listed = [x for x in _unit_numbers(name, schema) if x > 0]
    normal = [float(x) for pair in _NORMALLY.findall(str(schema.get("description", ""))) for x in pair if x]
    if normal and not anchors and kind not in _FIXED_SCALE:
        # "Bleed ..., normally 0.125": what the trade uses (up to twice it), never 19 inches
        return min(normal), max(normal) if len(set(normal)) > 1 else normal[0] * 2
    if len(listed) >= 2 and not anchors and kind not in _FIXED_SCALE:
        return min(listed), max(listed)  # "Our FVs are 15 or 30 bbl": between the sizes there are
    anchors += listed
    if not anchors or kind in _FIXED_SCALE:
        return typical.lo, typical.hi
    if _PER_UNIT.search(f"{name.replace('_', ' ')} {schema.get('description') or ''}"):
        return min(anchors) * 0.75, max(anchors) * 1.3  # a market's price of a unit: a gallon at 2.349 is never 6.00 (set 32)
    return min(anchors) / 3, max(anchors) * 3


# "price per gallon", "USD per kWh", "rate per hour": the going price of one unit of a thing.
_PER_UNIT = re.compile(r"\b(?:price|rate|cost|fee|charge|usd|eur|gbp|dollars?)\s+(?:in \w+ )?per\s+[a-z]+", re.IGNORECASE)
# "3 decimals", "two decimal places": the places a number is written to.
_DECIMALS_SAID = re.compile(r"\b(\d|one|two|three|four)\s+decimal(?:s| places?)\b", re.IGNORECASE)


def _decimals_said(schema: dict[str, Any]) -> int | None:
    m = _DECIMALS_SAID.search(str(schema.get("description") or ""))
    if m is None:
        return None
    said = m.group(1).lower()
    return int(said) if said.isdigit() else ("one", "two", "three", "four").index(said) + 1


def _read_to(schema: dict[str, Any]) -> int | None:
    """The decimals of a reading in the thousands that the description's example gives to more
    digits than an amount is said ("State Plane northing, e.g. 1702345.18"): a coordinate or an
    elevation keeps them, never a round 1800000.0 (set 40)."""
    said = _EXAMPLE_NUMBER.findall(str(schema.get("description") or ""))
    exact = [x for x in said if abs(float(x)) >= 1000 and "." in x and float(x) != float(f"{float(x):.3g}")]
    return len(exact[0].partition(".")[2]) if exact else None


_EXAMPLE_NUMBER = re.compile(r"\b(?:e\.g\.?|eg\.|for example|for instance),?\s+(\d+(?:\.\d+)?)(?![\d:/-]|\.\d)", re.IGNORECASE)
# "normally 0.125", "usually 50 or 100", "typically 2": the values the description says are the usual ones
_NORMALLY = re.compile(r"\b(?:normally|usually|typically|commonly|standard is|most often)\s+(?:about |around |)"
                       r"(\d+(?:\.\d+)?)(?:\s*(?:or|,)\s*(\d+(?:\.\d+)?))?", re.IGNORECASE)


def _unit_numbers(name: str, schema: dict[str, Any]) -> list[float]:
    """Numbers the description writes in the unit the name ends with: "Our FVs are 15 or 30 bbl."
    for `min_capacity_bbl` (never a 250 bbl filter, set 15)."""
    unit = name.rsplit("_", 1)[-1].lower() if "_" in name else ""
    if len(unit) < 2 or unit in ("id", "at", "on", "by", "to", "no", "min", "max") or not unit.isalpha():
        return []
    run = re.search(rf"(\d+(?:\.\d+)?(?:\s*(?:,|or|and|to|-)\s*\d+(?:\.\d+)?)*)\s*{re.escape(unit)}\b",
                    str(schema.get("description") or ""), re.IGNORECASE)
    return [float(x) for x in re.findall(r"\d+(?:\.\d+)?", run.group(1))] if run else []


def _numeric(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) or \
        isinstance(value, str) and re.fullmatch(r"-?\d+(?:\.\d+)?", value) is not None


def _decimals_of(step: float) -> int:
    text = repr(float(step))
    return 0 if "e" in text else max(0, len(text.split(".")[1].rstrip("0")))


def _draw_multiple(lo: float, hi: float, step: float, rng: random.Random) -> float | None:
    first, last = math.ceil(lo / step - 1e-9), math.floor(hi / step + 1e-9)
    if last < first:
        return None
    return round(rng.randint(first, last) * step, _decimals_of(step))


def compass_step(name: str, schema: dict[str, Any]) -> float | None:
    """10 for a compass direction a forecast or a plan gives (a wind "from 240", a drift bearing): in tens of
    degrees, anywhere round the circle (set 49: winds from 17 and 21 degrees)."""
    words = set(semantic.tokens(name))
    if _num(schema.get("maximum")) not in (359, 360) or not words & {"direction", "bearing", "heading", "wind", "course"}:
        return None
    return 10 if words & {"degrees", "direction", "bearing", "heading", "from"} else None


def _draw_number(name: str, schema: dict[str, Any], rng: random.Random, ref: datetime, integer: bool) -> Any:
    if schema.get(lore.RANGES_KEY):  # inside one of the ranges another tool's prose gives (lore._ranges_elsewhere)
        low, high = rng.choice(schema[lore.RANGES_KEY])
        digits = max(1, *(len(f"{x:g}".partition(".")[2]) for x in (low, high)))  # turbidity 0.02 to 0.15, never 0.1
        return rng.randint(math.ceil(low), math.floor(high)) if integer else round(rng.uniform(low, high), digits)
    lo, hi, decimals = number_range(name, schema, ref)
    kind = semantic.infer(name, schema)
    placed = None if integer else places.near(kind, rng, *_hard_bounds(schema))
    if placed is not None:  # a coordinate of a call that happens somewhere (generator.core.places)
        return placed
    # a quantity of discrete things is whole even where the schema says `number`, and so is a
    # point on a scale ("Integer 1-5", "-3 to 3") or a count of seats, people, reviews
    integer = integer or kind in semantic.WHOLE_KINDS or decimals == 0 and math.ceil(lo) <= math.floor(hi) or \
        _whole(name, schema) and math.floor(hi) > math.ceil(lo)  # -0.6..0.4 holds no scale's points
    counted = _counted(name, schema)
    if integer and kind in ("generic", "count") and counted and not _bounded(schema) and not _unit_numbers(name, schema):
        lo, hi = _COUNTED_RANGE[counted]
    step = _num(schema.get("multipleOf")) or _said_step(str(schema.get("description") or "")) or compass_step(name, schema)
    if step == 10 and compass_step(name, schema):
        lo, hi = 10, 350  # a wind or a bearing anywhere round the compass
    if step and step > 0:
        value = _draw_multiple(lo, hi, step, rng)
        if value is None:
            value = _draw_multiple(*_spread(schema, lo, hi), step, rng)
        if value is None:
            return lo
        return int(value) if integer else float(value)
    if integer and _wide_allowance(kind, schema, lo, hi):
        return _chosen_round(_low_end(lo, hi, rng), name, kind, lo, hi)
    if integer:
        value = _round_large(rng.randint(math.ceil(lo), max(math.ceil(lo), math.floor(hi))), kind, lo, hi)
        return _chosen_round(value, name, kind, lo, hi)
    if (said_places := _decimals_said(schema)) is not None:  # "3 decimals": 2.349, never 4.7 or 6.0 (set 32)
        return round(rng.uniform(lo, hi), said_places)
    if (read_places := _read_to(schema)) is not None:  # a reading its example gives to the hundredth
        return round(rng.uniform(lo, hi), read_places)
    value = float(_round_large(_rounded(rng.uniform(lo, hi), lo, hi, decimals, rng), kind, lo, hi))
    return float(_chosen_round(value, name, kind, lo, hi)) if _DISCOUNT & set(semantic.tokens(name)) else value


def _wide_allowance(kind: str, schema: dict[str, Any], lo: float, hi: float) -> bool:
    """Whether a count's bounds are what the system allows, far wider than what one call uses
    ("Number of straws, 5 to 500", "Lowest days in milk, 0-600": set 31, semen orders of 110-449
    straws, searches from 478 days in milk): bounds the schema or its prose states, spanning a
    factor of twenty or more."""
    return kind in ("generic", "count") and _bounded(schema) and lo >= 0 and hi >= 50 and hi >= 20 * max(lo, 1)


def _low_end(lo: float, hi: float, rng: random.Random) -> int:
    """A whole number in the lower quarter of [lo, hi], drawn evenly over its orders of magnitude
    (log-uniform): most calls near the low end, as the calls of an allowance go."""
    low = max(math.ceil(lo), 1)
    top = min(math.floor(hi), max(low * 10, math.floor(hi / 4)))
    return max(math.ceil(lo), min(top, round(math.exp(rng.uniform(math.log(low), math.log(top + 1))))))


# Steps a description gives in words: "Billable hours, in quarter hours", "in half-ton steps",
# "in steps of 5", "in 0.5 increments" (set 15: 6.66 billable hours).
_STEP_SAID = [(re.compile(r"\bin quarter[- ]hours?\b|\bquarter[- ]hour (?:steps|increments)\b", re.IGNORECASE), 0.25),
              (re.compile(r"\bin half[- ]\w+ (?:steps|increments)\b|\bin half[- ]hours?\b", re.IGNORECASE), 0.5)]
_STEP_NUMBER = re.compile(r"\bin (?:steps|increments) of (\d+(?:\.\d+)?)\b|\bin (\d+(?:\.\d+)?)[- ]?(?:\w+ )?"
                          r"(?:steps|increments)\b", re.IGNORECASE)


def _said_step(description: str) -> float | None:
    for rx, step in _STEP_SAID:
        if rx.search(description):
            return step
    m = _STEP_NUMBER.search(description)
    return float(m.group(1) or m.group(2)) if m and float(m.group(1) or m.group(2)) > 0 else None


_WHOLE_SAID = re.compile(r"\binteger\b|\bwhole number\b|\bhow many\b|\bthis many\b|\bnumber of\b|\bcount of\b",
                         re.IGNORECASE)
# Things counted whole, and the range a count of them usually takes when nothing bounds it.
_COUNTED_RANGE: dict[str, tuple[int, int]] = {
    "seat": (20, 300), "capacity": (20, 300), "people": (1, 4), "person": (1, 4), "guest": (1, 4),
    "attendee": (5, 120), "attendance": (15, 150), "participant": (2, 40), "passenger": (1, 4), "adult": (1, 4),
    "child": (1, 3),
    "review": (1, 4), "reviewer": (1, 4), "ticket": (1, 6), "room": (1, 4), "bed": (1, 4), "member": (2, 20),
    "player": (2, 12), "student": (5, 40), "employee": (5, 200), "copy": (1, 5), "item": (1, 10),
    "word": (300, 6000), "page": (1, 40),
}


# Name words that make a number a rate or an amount of something counted, not a count of it.
_NOT_A_COUNT = frozenset({"per", "rate", "price", "cost", "fee", "amount", "ratio", "share", "percent", "pct",
                          "avg", "average", "mean"})


def _counted(name: str, schema: dict[str, Any]) -> str | None:
    """The thing a number counts (seats, people, words), None for a rate of it (`rate_per_word`)."""
    if set(semantic.tokens(name)) & _NOT_A_COUNT:
        return None
    words = semantic.tokens(name) + semantic.tokens(str(schema.get("description") or ""))
    singular = [semantic.singular(w) for w in words]
    return next((w for w in singular if w in _COUNTED_RANGE), None)


def _bounded(schema: dict[str, Any]) -> bool:
    lo, hi = _said_bounds(schema, *_hard_bounds(schema))
    return lo is not None and hi is not None


def _whole(name: str, schema: dict[str, Any]) -> bool:
    """A number a person gives whole: the description says integer or a count, it is a point on
    a short scale with whole ends ("1-5", "-3 to 3"), or it counts seats, people, reviews."""
    desc = str(schema.get("description") or "")
    if _WHOLE_SAID.search(desc):
        return True
    measure = quantities.measure(name, schema)
    lo, hi = _said_bounds(schema, *_hard_bounds(schema))
    if lo is not None and hi is not None and float(lo).is_integer() and float(hi).is_integer() and hi - lo <= 10 \
            and not schema.get(STATED_BAND) and not (measure and measure.decimals and not _outside(measure, lo, hi) and "scale" not in desc.lower()):
        return True  # a scale's points, not a measure read to a decimal (a pH of 3 to 6 is 4.3)
    return _counted(name, schema) is not None and not measure


_DISCOUNT = frozenset({"discount", "markdown", "rebate"})


def _chosen_round(value: Any, name: str, kind: str, lo: float, hi: float) -> Any:
    """A length of time a person chooses is round (a 20- or 45-minute slot, no 31 or 97), and
    so is a room's capacity (120 seats)."""
    step = 15 if kind == "duration_minutes" and value >= 60 else 5 if kind == "duration_minutes" else \
        10 if _counted(name, {}) in ("seat", "capacity") and value >= 20 else \
        5 if _DISCOUNT & set(semantic.tokens(name)) and value >= 2.5 else 0  # a 10% discount, no 13.1%
    if not step:
        return value
    rounded = max(step, round(value / step) * step)
    return type(value)(rounded) if lo <= rounded <= hi else value


def _round_large(value: float, kind: str, lo: float, hi: float) -> Any:
    """An amount in the thousands is said round ("250000", not "247913.99"); identifiers, years
    and times keep every digit."""
    if kind not in ("money", "generic", "distance", "weight", "count") or abs(value) < 1000:
        return value
    digits = math.floor(math.log10(abs(value))) - 1
    rounded = round(value, -digits)
    return type(value)(rounded) if lo <= rounded <= hi else value


def _rounded(value: float, lo: float, hi: float, decimals: int | None, rng: random.Random) -> float:
    """Numbers as people write them: whole most of the time when the range is wide, prices
    as 24, 24.5 or 24.99, otherwise to the semantic type's decimals."""
    whole = 0.8 if decimals == 1 and lo == 1 and hi == 20 else 0.5  # an unknown number is mostly whole
    if hi - lo >= 4 and rng.random() < whole and math.ceil(lo) <= math.floor(hi):
        return float(min(max(round(value), math.ceil(lo)), math.floor(hi)))
    if decimals == 2 and hi - lo >= 4:  # money
        return rng.choice([round(value * 2) / 2, math.floor(value) + 0.99, round(value, 2)])
    if decimals is not None and 0 < hi - lo < 10 ** -decimals * 10:
        decimals = 1 - math.floor(math.log10(hi - lo))  # 0.995 to 1: read to the thousandth, never 1.0
    if decimals is not None:
        return float(min(max(round(value, decimals), lo), hi))
    return round(value, 2 if hi - lo < 10 else 1)


def _spread(schema: dict[str, Any], lo: float, hi: float) -> tuple[float, float]:
    """The schema's full range, for a multipleOf the typical range holds no multiple of."""
    lo_h, hi_h = _hard_bounds(schema)
    return (lo if lo_h is None else lo_h), (hi if hi_h is None else hi_h)


def _fake_integer(name: str, schema: dict[str, Any], rng: random.Random, ref: datetime) -> int:
    return _draw_number(name, schema, rng, ref, integer=True)


def _fake_number(name: str, schema: dict[str, Any], rng: random.Random, ref: datetime) -> float:
    return _draw_number(name, schema, rng, ref, integer=False)


# ---------------------------------------------------------------- strings


def _fake_temporal_string(name: str, schema: dict[str, Any], rng: random.Random, ref: datetime) -> Any:
    if _about_format(name):
        return None  # a `date_format` is "MM-DD-YYYY" itself, not a date written in it
    kind = _moment_kind(name, schema, by_name=not schema.get("format"))
    meant = _meant_moment(name, kind, schema, ref, rng)
    if meant is not None:
        return meant
    if kind in ("date", "time", "datetime"):
        return _TEMPORAL_DERIVERS[kind](schema, ref, rng)
    return None


def _in_examples_shape(value: str | None, name: str, schema: dict[str, Any], pattern: str,
                       rng: random.Random) -> str | None:
    """A value drawn from a pattern of letters or digits alike, given a digit where the parameter's
    own example has one and a letter where it has one: a seed-to-sale tag "1A40603000012A5000004231"
    is followed by "1A47319920843A0918273645", never "1A4ZPFZ44YH0VCL2353XHGOK" (set 47)."""
    shown = [e for e in _own_examples(name, schema) if isinstance(e, str) and value is not None and len(e) == len(value)
             and _matches(pattern, e)]
    if value is None or not shown:
        return value
    like = shown[0]
    out = "".join(rng.choice("0123456789") if e.isdigit() and v.isalpha() else
                  rng.choice("ABCDEFGHJKLMNPRSTUVWXYZ") if e.isalpha() and v.isdigit() and e.isupper() else v
                  for e, v in zip(like, value, strict=True))
    return out if _matches(pattern, out) else value


def _pattern_value(pattern: str, rng: random.Random) -> str | None:
    try:
        return rstr.Rstr(rng).xeger(pattern)
    except Exception:  # noqa: BLE001 - rstr cannot read every regex (lookarounds, backrefs)
        return None


# A year leading an id after its prefix ("LN-2025-0031" for `^LN-\\d{4}-\\d{4}$`): a record's
# year, the first four-digit group between a letter prefix and another group of digits.
_LEAD_YEAR = re.compile(r"^([A-Za-z]{1,6}[-_/])(\d{4})(?=[-_/.]\d)")
_ANY_YEAR = re.compile(r"(?<!\d)(1[89]\d\d|20\d\d)(?!\d)")
_ISO_WEEK = re.compile(r"\d{4}-W[0-5]\d")
# Four digits opening a value before a separator and a letter ("2031-Q3", "6995-W07"): a year.
_OPENING_YEAR = re.compile(r"^(?!1[89]\d\d|20\d\d)\d{4}(?=[-_/][A-Za-z])")


def _week_ahead(ref: datetime, rng: random.Random) -> str:
    """An ISO week one to eight weeks after the query ("2025-W27")."""
    year, week, _ = (ref + timedelta(weeks=rng.randint(1, 8))).isocalendar()
    return f"{year}-W{week:02d}"


def _dated_id(value: str | None, pattern: str, rng: random.Random, ref: datetime) -> str | None:
    """A regex walk's id with its year slot made a real year near the query's: "LN-2025-6215",
    not "LN-8085-6215"; an accession "2065.7" of an existing object is of a past year. The swap
    is kept only where the pattern still takes it."""
    if value is None:
        return None
    if _ISO_WEEK.fullmatch(value):  # "2025-W23": a week of the weeks ahead (a ship week, a rota), never "6995-W07"
        return _if_taken(_week_ahead(ref, rng), value, pattern)
    dated = _OPENING_YEAR.sub(lambda m: _near_year(ref, rng, False), value, count=1)
    dated = _LEAD_YEAR.sub(lambda m: m.group(1) + _near_year(ref, rng, False), dated, count=1)
    dated = _ANY_YEAR.sub(lambda m: m.group(0) if int(m.group(0)) <= ref.year else
                          str(rng.randint(ref.year - 30, ref.year)), dated)
    return _if_taken(dated, value, pattern)


def _as_example_dates(value: str, schema: dict[str, Any], pattern: str, rng: random.Random, ref: datetime,
                      future: bool = False) -> str:
    """An id whose example spells a date and a clock time in its digit groups ("SLT-20250614-CT2-0930"
    for a scanner slot) gets a real date near the query (after it for a slot or a booking, `future`;
    before it for a treatment already started) and a time of the working day in the same groups:
    "SLT-20250603-CT1-1415", never "SLT-73810294-CT1-8975". Kept only where the pattern still
    takes it."""
    groups = list(re.finditer(r"\d+", value))
    for example in examples_of(schema):
        kinds: list[str] = []
        shown = re.findall(r"\d+", str(example))
        for g in shown:
            date = len(g) == 8 and _parses(g, GROUP_DATES[8])
            kinds.append("date" if date else "clock" if kinds[-1:] == ["date"] and _clock_group(g, True) or
                         "date" in kinds and _clock_group(g) else "")
        if "date" in kinds and len(groups) == len(kinds):
            break
    else:
        return value
    out, at = [], 0
    for g, seen, kind in zip(groups, shown, kinds, strict=True):
        new = (_dated_group(seen, ref, rng, future) if kind == "date" else
               _working_clock(rng) if kind == "clock" else None)
        out += [value[at:g.start()], new if new and len(new) == len(g.group(0)) else g.group(0)]
        at = g.end()
    return _if_taken("".join(out) + value[at:], value, pattern)


def _if_taken(changed: str, value: str, pattern: str) -> str:
    """`changed` where the pattern still takes it, else `value`."""
    try:
        return changed if re.search(pattern, changed) else value
    except re.error:
        return value


def _fit_length(value: str, schema: dict[str, Any], rng: random.Random) -> str:
    """`value` cut (at a word boundary when possible) or padded to the schema's lengths."""
    lo, hi = int(schema.get("minLength") or 0), schema.get("maxLength")
    if hi is not None and len(value) > hi:
        cut = value[: int(hi)]
        value = cut.rsplit(" ", 1)[0] if " " in cut and len(cut.rsplit(" ", 1)[0]) >= lo else cut
        value = value.rstrip(" ,.-") if len(value.rstrip(" ,.-")) >= lo else value
    if len(value) < lo:  # lengthened with formal sentences, never with random words
        value = freetext.lengthened(value, lo, rng)
    return value[: int(hi)] if hi is not None else value


def _semantic_string(name: str, schema: dict[str, Any], rng: random.Random, ref: datetime) -> str:
    fmt = schema.get("format")
    if isinstance(fmt, str) and fmt in semantic.FORMAT_MAKERS:
        return semantic.FORMAT_MAKERS[fmt](rng, name)
    template = semantic.id_template(schema) if "pattern" not in schema else None
    if template is not None:  # "Meter fault ticket (MF-xxxxx)": MF-30417, not "1"
        return semantic.from_template(rng, template)
    kind = semantic.infer(name, schema)
    # a number passed as text when the name's head is a number's ("page", "num_results"), not
    # when another word is (`party_name`, `count_method`)
    head = (semantic.tokens(name) or [""])[-1]
    numeric = semantic.infer(head, {"type": "integer"}) if kind == "generic" else ""  # the name says, not the text
    if numeric and semantic.shaped(str(schema.get("description") or "")):
        numeric = ""  # "Scale ticket number ..., 6 digits": an id of that shape, never ticket "2"
    if numeric not in ("", "generic"):  # a number passed as text ("page": "2", "limit": "20")
        lo, hi, _ = number_range(name, {"type": "integer"}, ref)
        return str(rng.randint(math.ceil(lo), max(math.ceil(lo), math.floor(hi))))
    placed = _placed_string(kind, rng)
    if placed is not None:
        return placed
    if kind == "unix_time":
        lo, hi, _ = number_range(name, {k: v for k, v in schema.items() if k != "type"}, ref)
        return str(rng.randint(int(lo), int(hi)))
    return semantic.string_value(kind, rng, name, schema)


def _placed_string(kind: str, rng: random.Random) -> str | None:
    """A latitude, longitude or "lat,lon" pair as text near the call's town, when it has one."""
    if kind == "coordinates":
        lat, lon = places.near("latitude", rng), places.near("longitude", rng)
        return None if lat is None or lon is None else f"{lat},{lon}"
    value = places.near(kind, rng)
    return None if value is None else f"{value:.4f}"


# "Mention name should start with @", "Tag name should start with #": the prefix the text asks for.
_PREFIX = re.compile(r"\bstarts? with ['\"`]?([@#$])", re.IGNORECASE)


def _prefixed(value: str, name: str, schema: dict[str, Any], rng: random.Random) -> str:
    m = _PREFIX.search(str(schema.get("description") or ""))
    if m is None or value.startswith(m.group(1)):
        return value
    if m.group(1) == "@" and not re.fullmatch(r"\w+", value):  # a handle, not a name with spaces
        value = semantic.STRING_MAKERS["username"](rng, name)
    return m.group(1) + re.sub(r"\W+", "", value.title() if m.group(1) == "#" and " " in value else value)


# "See description for allowed values." where no description lists any: nothing says the value.
_SEE_ELSEWHERE = re.compile(r"^\W*see (?:the )?(?:description|docs|documentation|above|below)\b", re.IGNORECASE)


def _matches(pattern: str, value: str) -> bool:
    try:
        return re.search(pattern, value) is not None
    except re.error:
        return True  # a pattern Python cannot read judges nothing here


def _moment_on_pattern(name: str, schema: dict[str, Any], rng: random.Random, ref: datetime, pattern: str) -> str | None:
    """A moment of the description's hours that the pattern also takes: a check "between 07:00
    and 17:00" whose pattern allows the half hours only starts at 08:30, never at a random 00:30
    of the pattern's walk (set 31); None when a few draws find none."""
    for _ in range(12):
        value = _fake_temporal_string(name, schema, rng, ref)
        if isinstance(value, str) and _matches(pattern, value):
            return value
    return None


def _fake_str(name: str, schema: dict[str, Any], rng: random.Random, ref: datetime) -> str:
    if _SEE_ELSEWHERE.match(str(schema.get("description") or "")) and "pattern" not in schema:
        raise semantic.NoValue(name)
    value = _fake_temporal_string(name, schema, rng, ref)
    pattern = schema.get("pattern")
    if value is not None and isinstance(pattern, str) and not _matches(pattern, value):
        value = _moment_on_pattern(name, schema, rng, ref, pattern) or value
    if value is None and "npi" in semantic.tokens(name):  # a provider's NPI is a real one's shape
        npi = semantic.fake_npi(rng)
        value = npi if not isinstance(pattern, str) or _if_taken(npi, "", pattern) else None
    if value is None:
        try:
            value = _prefixed(_semantic_string(name, schema, rng, ref), name, schema, rng)
        except semantic.NoValue:
            if not isinstance(pattern, str):
                raise
            value = ""  # the pattern says what the value looks like
    if isinstance(pattern, str) and schema.get(lore.NARROWED_KEY) and value in _own_examples(name, schema):
        value = ""  # a series narrowed from its one example ("W27") is drawn from, never that welder (set 27)
    if isinstance(pattern, str) and not re.search(pattern, value):
        value = _pattern_date(pattern, rng, ref) or _dated_id(_in_examples_shape(_pattern_value(pattern, rng), name, schema,
                                                                                  pattern, rng), pattern, rng, ref) or value
        return _as_example_dates(value, schema, pattern, rng, ref, _ahead(name))  # a pattern's own lengths are what they are
    return _fit_length(str(value), schema, rng)


# "State codes in use here: 42 Texas, 30 New Mexico, 35 Oklahoma": codes with the names they stand for.
_CODE_NAMED = re.compile(r"(?<![\w.-])(\d{1,3}) ([A-Z][a-z]+(?: [A-Z][a-z]+)?)(?=[,;.)]|\s+and\b|$)")


def _listed_lead(value: str, schema: dict[str, Any], pattern: str, rng: random.Random) -> str:
    """An id whose description lists the codes its first part takes ("2-digit state code ...
    State codes in use here: 42 Texas, 30 New Mexico, ...") opens with one of them: an API well
    number "42-317-...", never "60-487-..." (set 22: 147 of 181 state codes that do not exist)."""
    codes = [m.group(1) for m in _CODE_NAMED.finditer(str(schema.get("description") or ""))]
    first = re.match(r"\d+", value)
    if len(codes) < 3 or first is None or len({len(c) for c in codes}) != 1 or len(codes[0]) != len(first.group(0)):
        return value
    listed = rng.choice(codes) + value[first.end():]
    return listed if re.search(pattern, listed) else value


# "Premise ids start with 41 (north district) or 42 (south district)", "begins with 7 or 8": the
# leads an id's description says it opens with.
_SAID_LEAD = re.compile(r"\b(?:start|starts|begin|begins|open|opens)\s+with\s+(?:an?\s+|the\s+)?['\"`]?([A-Z0-9]{1,4})['\"`]?"
                        r"(?:\s*\([^)]*\))?((?:\s*,\s*['\"`]?[A-Z0-9]{1,4}['\"`]?(?:\s*\([^)]*\))?)*"
                        r"(?:,?\s+or\s+['\"`]?[A-Z0-9]{1,4}['\"`]?)?)")


@lru_cache(maxsize=8192)  # asked for every string drawn: read once per description
def _said_leads(description: str) -> tuple[str, ...]:
    m = _SAID_LEAD.search(description)
    return (m.group(1), *re.findall(r"[A-Z0-9]{1,4}", m.group(2) or "")) if m else ()


def _said_lead(value: str, schema: dict[str, Any], rng: random.Random) -> str:
    """An id whose description says what it starts with opens with one of those (set 23: 20 of 200
    premise ids that started 45-49 where the prose says 41 or 42); its length and the rest kept."""
    leads = _said_leads(str(schema.get("description") or ""))
    if not leads or not value or any(value.startswith(lead) for lead in leads):
        return value
    lead = rng.choice(leads)
    fixed = lead + value[len(lead):]
    pattern = schema.get("pattern")
    return fixed if len(fixed) == len(value) and is_valid(schema, fixed) and \
        (not isinstance(pattern, str) or re.search(pattern, fixed)) else value


# Date shapes a `pattern` may spell ("^\d{4}-(0[1-9]|1[0-2])$" is a month): a value of that shape
# is a date near the query's time, never the year 0147 a regex walk gives.
_DATE_SHAPES = ("%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%d", "%Y%m%d", "%Y-%m", "%Y%m", "%m/%Y", "%Y/%m/%d",
                "%m/%d/%Y", "%H:%M")
_PROBES = (datetime(2023, 1, 5, 7, 5), datetime(2026, 11, 28, 18, 45))


def _spells(pattern: str, shape: str) -> bool:
    """Whether `pattern` takes dates of `shape`; a shape of digits only ("%Y%m", six digits)
    counts only when the pattern also refuses a thirteenth month, else it is any number."""
    try:
        if not all(re.fullmatch(pattern, p.strftime(shape)) for p in _PROBES):
            return False
        return bool(re.search(r"[^%\w]", shape.replace("%", "", 1))) or \
            not re.fullmatch(pattern, _PROBES[0].strftime(shape).replace("01", "13", 1))
    except re.error:
        return False


def _pattern_date(pattern: str, rng: random.Random, ref: datetime) -> str | None:
    shape = next((f for f in _DATE_SHAPES if _spells(pattern, f)), None)
    if shape is None:
        return None
    return (ref + timedelta(days=rng.randint(-60, 30), minutes=15 * rng.randint(-16, 16))).strftime(shape)


def _fake_bool(name: str, schema: dict[str, Any], rng: random.Random, ref: datetime) -> bool:
    must = _MUST_BE.search(str(schema.get("description") or ""))
    if must:  # "True when the receiver read the value back. Must be true.": never false (set 30)
        return (must[1] or must[2]).lower() == "true"
    return rng.random() < 0.5


_MUST_BE = re.compile(r"\b(?:must|should|has to|needs to|shall) (?:always )?be (true|false)\b|\balways (true|false)\b",
                      re.IGNORECASE)


# ---------------------------------------------------------------- arrays and objects


def _item_schema(schema: dict[str, Any]) -> dict[str, Any]:
    items = dict_at(schema, "items", {"type": "string"})
    if "description" not in items and schema.get("description"):  # "Dishes to order" says what an item is
        items = {**items, "description": schema["description"]}
    return items


def _item_count(schema: dict[str, Any], rng: random.Random, fixed: int, name: str = "") -> int:
    lo = max(int(schema.get("minItems") or 0), fixed, 1 if "minItems" not in schema else 0)
    if schema_type(_item_schema(schema)) in ("integer", "number") and not _coords(name) and \
            semantic.counts_things(name):
        lo = max(lo, 3)  # numbers to sum, average or compare: one alone is no list
    hi = schema.get("maxItems")
    hi = max(lo, min(int(hi), lo + 3) if hi is not None else lo + 2)
    return rng.randint(lo, hi)


def _fake_array(name: str, schema: dict[str, Any], rng: random.Random, ref: datetime) -> list[Any]:
    prefix = [s if isinstance(s, dict) else {} for s in schema.get("prefixItems") or [] if isinstance(s, dict | bool)]
    out: list[Any] = [value_for(s, rng, name=f"{name}[{i}]" if not _coords(name) else _coord_name(i), ref=ref)
                      for i, s in enumerate(prefix)]
    if schema.get("items") is False:
        return out
    items, n = _item_schema(schema), _item_count(schema, rng, len(prefix), name)
    unique = bool(schema.get("uniqueItems"))
    enum = items.get("enum")
    if unique and isinstance(enum, list):
        pool = [v for v in enum if is_valid(items, v)]
        return out + rng.sample(pool, min(len(pool), n - len(out)))
    repeats: list[Any] = []  # strings said twice read as a slip ("chicken, chicken and chicken")
    key = lore.item_key(items) if "properties" in items else None  # one crew member, one order line each
    clashes: list[Any] = []
    numbered = semantic.tokens(_singular(name))[-1:] in _NUMBERING  # entries 4, 2, 5: never entry 4 twice
    for _ in range(n * 4):  # a few extra draws so uniqueness can usually be met
        if len(out) >= n:
            break
        value = value_for(items, rng, name=_singular(name), ref=ref)
        if key and isinstance(value, dict) and _same_item(value, out, key):
            clashes.append(value)
            continue
        if value not in out or (not unique and not isinstance(value, (str, dict)) and not numbered):
            out.append(value)
        elif not unique and not key:
            repeats.append(value)
    out += clashes[: max(0, int(schema.get("minItems") or 0) - len(out))]  # a list the schema needs this long
    out += repeats[: max(0, int(schema.get("minItems") or 0) - len(out))]  # only where the schema needs them
    if not prefix and len(out) > 1 and all(isinstance(o, str) and _ISO_MOMENT.fullmatch(o) for o in out):
        out.sort()  # concert dates, performance days: written in the order they come
    if key and not prefix and all(isinstance(o, dict) and isinstance(o.get(key), int | float) for o in out):
        out.sort(key=lambda o: o[key])  # an audiogram's frequencies low to high, as one is written
    return out if prefix else sequence.in_sequence(schema, items, out)


# Last words of a list whose numbers each pick one thing (docket entries, pages, seats, lines, years):
# a number said twice there is a slip, where quantities and scores may repeat.
_NUMBERING = tuple([w] for w in ("number", "no", "num", "id", "entry", "page", "line", "seat", "room", "year",
                                 "index", "position", "slot", "lot", "unit", "bay", "dock", "lane", "gate", "track"))


def _same_item(value: dict[str, Any], out: list[Any], key: str) -> bool:
    return key in value and any(isinstance(o, dict) and o.get(key) == value[key] for o in out)


def _coords(name: str) -> bool:
    return semantic.infer(name, {"type": "string"}) == "coordinates"


def _coord_name(i: int) -> str:
    return ("latitude", "longitude")[i] if i < 2 else f"coordinate_{i}"


def _singular(name: str) -> str:
    if name.endswith("ies"):
        return name[:-3] + "y"
    if name.endswith(("sses", "xes", "ches", "shes", "zzes")):  # "witnesses": a witness, never "witnesse 4" (set 47)
        return name[:-2]
    return name[:-1] if name.endswith("s") and not name.endswith("ss") else name


def _fake_object(name: str, schema: dict[str, Any], rng: random.Random, ref: datetime) -> dict:
    with freetext.owner(semantic.tokens(name)):  # `name` inside a pet's `profile` names the pet
        return _fill_object(_told_by_parent(schema), rng, optional_rate=0.5, fixed={}, pool={}, ref=ref, nested=True)


def _told_by_parent(schema: dict[str, Any]) -> dict[str, Any]:
    """An object's numbers that say nothing of themselves are what the object's description says
    it holds: `final_score` "Goals at full time" gives its `home` and `away` goals, not 15-19."""
    said = str(schema.get("description") or "")
    props = schema.get("properties")
    if not said or not isinstance(props, dict):
        return schema
    bare = {n: {**p, "description": said} for n, p in props.items() if isinstance(p, dict)
            and p.get("type") in ("integer", "number", "float") and not p.get("description")}
    return {**schema, "properties": {**props, **bare}} if bare else schema


def _fake_null(name: str, schema: dict[str, Any], rng: random.Random, ref: datetime) -> None:
    return None


_TYPE_FAKERS: dict[str, Callable[[str, dict[str, Any], random.Random, datetime], Any]] = {
    "string": _fake_str,
    "integer": _fake_integer,
    "number": _fake_number,
    "boolean": _fake_bool,
    "array": _fake_array,
    "object": _fake_object,
    "null": _fake_null,
}

# ---------------------------------------------------------------- schema shapes


_SHAPE_KEYS = {"properties": "object", "items": "array", "prefixItems": "array", "minItems": "array",
               "minimum": "number", "maximum": "number", "multipleOf": "number", "pattern": "string",
               "minLength": "string", "maxLength": "string", "format": "string"}


def _implied_type(name: str, schema: dict[str, Any]) -> str:
    """The type of a schema without one: from its keywords, else from the name's meaning."""
    for key, kind in _SHAPE_KEYS.items():
        if key in schema:
            return kind
    if "enum" in schema or "const" in schema:
        return "string"
    kind = semantic.infer(name, {"type": "number"})
    return "number" if kind in ("latitude", "longitude", "money", "temperature") else "string"


def _pick_type(name: str, schema: dict[str, Any], rng: random.Random) -> str:
    t = schema.get("type")
    if isinstance(t, list):
        options = [x for x in t if x != "null"] or ["null"]
        t = rng.choice(options)
    if t is None:
        return _implied_type(name, schema)
    return _ALIASES.get(t, t) if t != "any" else _implied_type(name, schema)


def _merge(base: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    """`base` with `extra`'s keywords (properties and required united): an allOf member or a
    chosen anyOf/oneOf branch applied to its parent."""
    out = {**base, **{k: v for k, v in extra.items() if k not in ("properties", "required")}}
    if "properties" in extra or "properties" in base:
        out["properties"] = {**(base.get("properties") or {}), **(extra.get("properties") or {})}
    if "required" in extra or "required" in base:
        out["required"] = list(dict.fromkeys([*(base.get("required") or []), *(extra.get("required") or [])]))
    return out


def _resolved(schema: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One concrete shape: allOf merged in, one anyOf/oneOf branch chosen."""
    out = {k: v for k, v in schema.items() if k not in ("allOf", "anyOf", "oneOf", "not")}
    for member in schema.get("allOf") or []:
        if isinstance(member, dict):
            out = _merge(out, _resolved(member, rng))
    for key in ("anyOf", "oneOf"):
        branches = [b for b in schema.get(key) or [] if isinstance(b, dict)]
        if branches:
            out = _merge(out, _resolved(rng.choice(branches), rng))
    return out


def _draw(schema: Any, rng: random.Random, name: str, ref: datetime) -> Any:
    if schema is True or schema == {}:
        return _TYPE_FAKERS[_implied_type(name, {})](name, {}, rng, ref)
    if not isinstance(schema, dict):
        raise Unsampleable(name, "the schema is `false`: no value is allowed")
    shape = _resolved(schema, rng)
    if "const" in shape:
        return copy.deepcopy(shape["const"])
    if isinstance(shape.get("enum"), list) and shape["enum"]:
        return copy.deepcopy(rng.choice(shape["enum"]))
    return _TYPE_FAKERS[_pick_type(name, shape, rng)](name, shape, rng, ref)


# ---------------------------------------------------------------- sources in order

# How often a given example / default is taken over a fresh value: often enough that calls look
# like the catalog's own, not so often that every call of a parameter carries the same value.
EXAMPLE_RATE = 0.6
# ... but a person's name in an example is one person: most calls name others (set 46: "Okafor" in 22 of
# 32 patient searches, "Delgado" in 17 seller rows).
NAME_EXAMPLE_RATE = 0.15
_NAME_KINDS = frozenset({"last_name", "first_name", "person", "full_name"})
# A stated default is what most people leave a setting at: it is the value used most often, and
# for a parameter of unknown or broad meaning nearly always (no fresh draw knows better).
DEFAULT_RATE = 0.7
BROAD_DEFAULT_RATE = 0.9
DRAWS = 8
# Kinds that say only roughly what a value is: a description's examples always say it better
# ("Kind of hearing, e.g. 'status conference'" is no "standard"; "floral_source" no street).
BROAD_KINDS = frozenset({"generic", "search_term", "variant", "place", "text", "title", "category", "company",
                         "product", "topic", "id", "code"})


# Kinds whose fresh draws come from everyday life (a grocery's "chickpeas", a dish): where the
# description gives examples they show the catalog's world (a pharmacy's "Baclofen USP powder").
_EVERYDAY_KINDS = frozenset({"food", "ingredient", "cuisine", "product", "genre", "store", "restaurant"})


def _typed_examples(schema: dict[str, Any]) -> list[Any]:
    """Examples in the parameter's type: a description's "for example, 1000000" is a number."""
    kind = schema_type(schema)
    if kind not in ("integer", "number"):
        return examples_of(schema)
    return [e if not isinstance(e, str) else next(iter(allowed.typed([e], kind)), e) for e in examples_of(schema)]


def examples_of(schema: dict[str, Any]) -> list[Any]:
    """Example values from the schema's `examples` and the examples its description gives
    ("e.g. 'HV-0142'", "such as clover, acacia")."""
    out = list(schema.get("examples") or [])
    out.extend(e for e in allowed.read(str(schema.get("description", ""))).examples if e not in out)
    return out


_CODE = re.compile(r"[A-Z][A-Z0-9]*(?:[-_][A-Z0-9]+)*")
_ID_LIKE = re.compile(r"^(?=.*\d)[A-Za-z0-9]+(?:[-_/:.][A-Za-z0-9]+)*$")
_SPACED_ID = re.compile(r"([A-Z]{1,3}) (\d{5,})")  # a state's or a series' letters, a space, the number


def _reshaped(example: Any, rng: random.Random, ref: datetime = REFERENCE_TIME, edition: bool = False,
              future: bool = False) -> Any:
    """Another value of an id-like example's shape ("PX-014" -> "PX-381"): its digits redrawn,
    so a list of ids is not the one example again and again ("REV-0087,REV-0112" is a list of
    one to three such ids). Anything else stays as it is."""
    if isinstance(example, str) and "," in example and all(_ID_LIKE.match(p.strip()) for p in example.split(",")):
        parts = [p.strip() for p in example.split(",")]
        count = rng.randint(1, max(3, len(parts)))
        return ",".join(str(_reshaped(parts[i % len(parts)], rng, ref, edition, future)) for i in range(count))
    if not isinstance(example, str) or not (_ID_LIKE.match(example) or allowed.plate_like(example)) or \
            not (re.search(r"[A-Za-z]", example) or _DIGIT_ID.fullmatch(example) or _NUMBER_ID.fullmatch(example)):
        return example
    if _NUMBER_ID.fullmatch(example):  # the same series: "4418027" -> "4163950", "00471236" -> "00829417"
        lead = example[:3] if len(example) >= 12 and not re.match(r"0|123|987", example) else \
            re.match(r"0*\d", example).group(0)  # type: ignore[union-attr]  # a long number's issuer: "985" (set 48)
        return lead + _digits(example[len(lead):], rng)
    moment = _ISO_MOMENT.fullmatch(example)
    if moment:  # "2025-09-16T12:00" is a moment, not an id: another day, the same time and format
        return _another_day(example, moment.group(1), rng)
    if _COUNTS_TUPLE.fullmatch(example):  # "14.12.10.8.6": players per section, each a little more or less
        return _near_counts(example, rng)
    ranged = _RANGE_EXAMPLE.fullmatch(example)
    if ranged and int(ranged[1]) < int(ranged[3]):  # "211-238": pages 40 to 62, never "994-545" (set 23)
        return _near_range(int(ranged[1]), ranged[2], int(ranged[3]), rng)
    if _season(example):  # "2025-26": a season, in the query's time frame
        start = int(_near_year(ref, rng, edition))
        return f"{start}{example[4]}{(start + 1) % 100:02d}"
    # a year inside an id ("PR-2024-031", "ICMLA-2025") is the query's (an edition's) or the one before (a record's)
    lead = _FEW.match(example)
    head = lead.group(1) + str(rng.randint(1, max(3, int(lead.group(2))))) if lead else ""  # building 1 of a few
    dated: list[bool] = []  # whether a date group came before: a clock group after it is a time ("-0930")

    def group(m: re.Match[str]) -> str:
        day = _dated_group(m.group(0), ref, rng, future)
        if day:
            dated.append(True)
            return day
        if dated and _clock_group(m.group(0), True):  # "TT-20250614-0742": a tee time at 7:42 (set 29: "-7066")
            return _working_clock(rng)
        if is_season(m.group(0)):  # "RNT-2526-041": the season's two years, not four digits of a count
            return season_digits(int(_near_year(ref, rng, edition)))
        if (closing := _coordinate(m, rest, rng, ref) or _closing(m, rest, ref, rng)) is not None:
            return closing
        if _ROUND.fullmatch(m.group(0)) and not _YEAR.fullmatch(m.group(0)):  # a class ("4000" psi), never "7132"
            floor = max(int(m.group(0)) // 2, 10 ** (len(m.group(0)) - 1))
            return str(max(floor, int(m.group(0)) + rng.choice((-2, -1, 0, 1, 2)) * _step(m.group(0))))
        if len(m.group(0)) == 1 and m.end() == len(rest) and rest[m.start() - 1:m.start()].isalpha():
            return str(rng.randint(1, max(3, int(m.group(0)))))  # a suffix "T1": tank 1 of a few, never T9
        if leading_code(m, rest):
            return m.group(0)
        if len(m.group(0)) <= 2 and 0 < m.start() and m.end() < len(rest) and rest[m.start() - 1] in "-/." and \
                rest[m.end()] in "-/.":  # a code between separators ("-34-": 3/4 in aggregate) is the example's
            return m.group(0)
        if _YEAR.fullmatch(m.group(0)) and (int(m.group(0)) <= ref.year + 2 or edition or m.end() < len(rest)):
            return _near_year(ref, rng, edition)  # (a badge 'SUP-2031' is no year ahead of the query, set 35)
        return (_digits(m.group(0), rng) if _YEAR.fullmatch(m.group(0)) else
                str(ref.year % 100) if _short_year(m.group(0), ref) else _year_led(m.group(0), ref, rng, edition))

    rest = example[len(head):]
    return head + re.sub(r"\d+", group, rest)


# An address of a place in a grid: three or more short groups, each a coordinate ("14-022-C-02",
# "B-12-3"), never a serial.
_COORDINATES = re.compile(r"[A-Za-z0-9]{1,3}(?:[-./][A-Za-z0-9]{1,3}){2,}")


def _coordinate(m: re.Match[str], rest: str, rng: random.Random, ref: datetime) -> str | None:
    """A digit group of a grid address near the example's ("14-022-C-02": aisle 14, bay 22,
    position 2 of a rack; set 35: bay 877, position 06 of four); None in any other id. A year
    inside it is the example's ("ILI-24-017": a run of 2024, never "ILI-46-...", set 36)."""
    if not _COORDINATES.fullmatch(rest):
        return None
    if _short_year(m.group(0), ref) and 0 < m.start() and m.end() < len(rest):
        return m.group(0)
    v = int(m.group(0))
    return str(rng.randint(max(1, v // 2), max(3, v * 2))).zfill(len(m.group(0)))


def _another_day(example: str, day: str, rng: random.Random) -> str:
    try:
        moved = datetime.strptime(day, "%Y-%m-%d") + timedelta(days=rng.randint(-20, 20))
    except ValueError:
        return example
    return moved.strftime("%Y-%m-%d") + example[len(day):]


def leading_code(m: re.Match[str], rest: str) -> bool:
    """Digits opening an id before its letters, with a serial after them: a code ("44FX1234": the
    state and county of a site; set 24: "76WK1320"), the example's; only the serial is another."""
    return m.start() == 0 and len(m.group(0)) <= 2 and m.end() < len(rest) and rest[m.end()].isalpha() and \
        re.search(r"\d", rest[m.end():]) is not None


# A few small counts joined by points ("14.12.10.8.6", a string section's players): not an id
_COUNTS_TUPLE = re.compile(r"\d{1,2}(?:\.\d{1,2}){3,}")


_RANGE_EXAMPLE = re.compile(r"([1-9]\d{0,5})(\s*[-–]\s*)([1-9]\d{0,5})")


def _near_range(first: int, dash: str, last: int, rng: random.Random) -> str:
    """A range of the example's kind: a start of its order of magnitude, a length near its own."""
    start = rng.randint(max(1, first // 4), first * 3)
    length = max(1, round((last - first) * rng.uniform(0.5, 1.5)))
    return f"{start}{dash}{start + length}"


def _near_counts(example: str, rng: random.Random) -> str:
    """Each count of a counts tuple a little more or less, in the example's order where it has one."""
    given = [int(x) for x in example.split(".")]
    drawn = [max(0 if g == 0 else 1, round(g * rng.uniform(0.75, 1.25))) for g in given]
    if given == sorted(given, reverse=True):
        drawn.sort(reverse=True)
    elif given == sorted(given):
        drawn.sort()
    return ".".join(map(str, drawn))


# A round number inside an id ("4000" of a mix "4000-34-AE"): a class or a size, varied by its step.
_ROUND = re.compile(r"[1-9]\d*00")


def _step(digits: str) -> int:
    """The step between classes of a round number: 500 for thousands, 50 for hundreds."""
    return 5 * 10 ** (len(digits) - 2) if len(digits) >= 3 else 10


# A closing count padded with zeros and short ("07", "041"), not a serial ("534185", "0412")
PADDED_COUNT = re.compile(r"0\d{1,2}")


_PHONE_SHAPE = re.compile(r"\+?1?[ .-]?\(?\d{3}\)?[ .-]?\d{3}[ .-]?\d{4}")


# The numbers a person has of their own (a tax or social security number, or its last digits).
_OWN_NUMBERS = frozenset({"ssn", "social", "sin", "tin", "itin", "taxpayer"})


def _phone_like(example: str, rng: random.Random) -> str:
    """A phone number of an example's layout: each group of digits drawn anew (a leading country
    code "1" kept), an exchange never opening with 0 or 1; the area code is one in service
    (value_sense.real_area_codes)."""
    def drawn(m: re.Match[str]) -> str:
        part = m.group(0)
        if part == "1" and m.start() <= 1:
            return part
        head = str(rng.randint(2, 9)) if len(part) == 3 else str(rng.randint(0, 9))
        return head + "".join(str(rng.randint(0, 9)) for _ in part[1:])
    return re.sub(r"\d+", drawn, example)


# Two digit groups an id writes as a day and a clock time ("SLT-A-0412-1900": April 12 at 19:00).
_DAY_AND_CLOCK = re.compile(r"(?<!\d)(\d{4})([-_])(\d{2})(\d{2})(?!\d)")


def _day_and_clock(m: re.Match[str]) -> bool:
    month, day, hour, minute = int(m[1][:2]), int(m[1][2:]), int(m[3]), m[4]
    return 1 <= month <= 12 and 1 <= day <= 31 and hour <= 23 and minute in ("00", "15", "30", "45")


def _varied_id(example: Any, rng: random.Random, ref: datetime, name: str, schema: dict[str, Any]) -> Any:
    """Another value of an example's shape where its digits count records (`_numbered`, or a short
    code of a thing the name says is numbered: welder stamp "W27", field block "C07"; a house
    number "1420"), else the example itself (a strain "C57BL/6J" is one name, never "C34BL/2J")."""
    words = set(semantic.tokens(name))
    if isinstance(example, str) and example.isdigit() and len(example) >= 12 and not _placeholder(example):
        return example[:3] + "".join(str(rng.randint(0, 9)) for _ in example[3:])  # a long number opens on its
        # issuer's code: a chip "985..." of a maker that exists, never "938..." (set 48)
    if isinstance(example, str) and (slot := _DAY_AND_CLOCK.search(example)) and _day_and_clock(slot):
        when = ref + timedelta(days=rng.randint(1, 14))  # a slot "SLT-A-0412-1900" is a day ahead and an hour of it,
        at = f"{rng.randint(6, 22):02d}{rng.choice(('00', '30')) if slot[4] != '00' else '00'}"  # never "-2900" (set 49)
        return f"{example[:slot.start()]}{when:%m%d}{slot[2]}{at}{example[slot.end():]}"
    if isinstance(example, str) and (spaced := _SPACED_ID.fullmatch(example)):
        return f"{spaced[1]} {_digits(spaced[2], rng)}"  # an ID card's "TX 41877230": each owner's own (set 42)
    if isinstance(example, str) and _PHONE_SHAPE.fullmatch(example) and re.search(r"\d[ .)-]+\d", example) and \
            semantic.infer(name, schema) == "phone":
        return _phone_like(example, rng)  # "800-424-9300": another number, never "750-601-10300" (set 37)
    if isinstance(example, str) and re.fullmatch(r"\+\d{10,14}", example) and semantic.infer(name, schema) == "phone":
        return example[:-7] + str(rng.randint(2, 9)) + "".join(str(rng.randint(0, 9)) for _ in range(6))  # E.164
        # "+15055550142": the same country and area, each person's own line (set 49: 21 of 30 lead passengers)
    if isinstance(example, str) and example.isdigit() and (words & _ADDRESS_WORDS and "number" in words or
                                                           words & _OWN_NUMBERS):
        return str(rng.randint(10 ** (len(example) - 1), 10 ** len(example) - 1))  # each person's own: never
        # every co-signer's SSN ending in the example's "4821" (set 48)
    said = set(semantic.tokens(" ".join(str(schema.get("description") or "").split()[:3])))  # "Field block (e.g. 'C07')"
    shaped = _said_shape(example, schema, rng)
    if shaped is not None:
        return listed_parts(shaped, schema, rng)
    if (words | said) & _PRODUCT_CODES and "number" in words | said | {"sku", "mpn"} and not words & _BATCHES:
        return example  # a maker's part or model number names a product: "W3T-CELL-15", never "W7T-CELL-27" (set 30),
        # but its lot or serial number is one of many (set 34: every vaccine from vial lot "4A7321B")
    if _CODE_SYSTEM.search(str(schema.get("description") or "")):
        return example  # a code of a published code set ("ICD-10-CM ... e.g. 'E11.9'") is one of its codes, never
        # a code of its shape no one issued (set 30: Z37.07, Z66.02)
    if _counted_digits(example, name, schema):  # ear tag '2417' is one cow of the herd: another's is 3860 (set 31)
        drawn = [str(rng.randint(10 ** (len(example) - 1), 10 ** len(example) - 1)) for _ in range(3)]
        return next((d for d in drawn if not _YEAR.fullmatch(d)), drawn[0])  # cow 2024 reads as a year
    counted = isinstance(example, str) and _SHORT_CODE.fullmatch(example) is not None and \
        bool((words | said) & _NUMBERED_THINGS)
    if not (counted or _numbered(example)):
        return example
    if (ordinal := ordinal_dated(example, schema, rng, ref) or _calendar_dated(example, schema, rng, ref)) is not None:
        return ordinal  # (a simulated output's new id keeps its own day: generator.traject.fresh)
    return listed_parts(_reshaped(example, rng, ref, _edition(name, schema), _ahead(name)), schema, rng)


_DIGITS_SAID = re.compile(r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)[- ]digits?\b|\bhex(?:adecimal)?\b",
                          re.IGNORECASE)
_HEX_RUN = re.compile(r"(?=[0-9A-F]*[A-F])(?=[0-9A-F]*\d)[0-9A-F]{6,}|(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{6,}")


def _said_shape(example: Any, schema: dict[str, Any], rng: random.Random) -> str | None:
    """Another value of an example whose description spells its shape ("client prefix, dash, 6
    digits, e.g. 'ACM-104522'", "'SUP-' and 4 digits", "the RFID UID in upper-case hex"): the
    example shows the form, so its digits (and a hex run after its maker's first byte, "04" of
    an NXP card) are drawn afresh, the letters kept: never the example on every call, nor a badge
    'SUP-2031' read as a year (set 35). None when the description spells no shape."""
    desc = str(schema.get("description") or "")
    if not isinstance(example, str) or not _DIGITS_SAID.search(desc) or not re.search(r"\d", example) or \
            example.isdigit() or re.search(r"\b(?:year|yy|date|day|month)\b", desc, re.IGNORECASE):
        return None  # digits alone keep their series (`_reshaped`: a fleet's units start alike), a dated id its date
    hexed = _HEX_RUN.sub(lambda m: m[0][:2] + "".join(rng.choice("0123456789ABCDEF" if m[0].isupper() or m[0].isdigit()
                                                              else "0123456789abcdef") for _ in m[0][2:]), example) \
        if re.search(r"\bhex", desc, re.IGNORECASE) else example
    if hexed != example:
        return hexed
    span = re.search(r"\b(\d{1,2}) (?:to|through|-|–) (\d{1,2})\b", desc)  # "Receiving doors are 01 to 12"

    def digits(m: re.Match[str]) -> str:
        if len(m[0]) >= 3:
            return str(rng.randint(10 ** (len(m[0]) - 1), 10 ** len(m[0]) - 1))
        lo, hi = (int(span[1]), int(span[2])) if span and int(span[1]) < int(span[2]) else (1, max(9, int(m[0]) * 2))
        hi = min(hi, 10 ** len(m[0]) - 1)  # a check digit "-8" stays one digit (set 36: "ABC-6503445-16")
        return str(rng.randint(max(lo, 1), max(hi, 1))).zfill(len(m[0]))  # door 07 of twelve, never the example's

    drawn = re.sub(r"\d+", digits, example)
    return drawn if is_valid(schema, drawn) else None


_PART_CODE = re.compile(r"(?<![\w-])([A-Z]{1,2})(\d{2,4})(?![\w-])")
_PART_RANGE = re.compile(r"(?<![\w-])([A-Z]{1,2})(\d{2,4}) (?:to|through) \1(\d{2,4})(?![\w-])")


def listed_parts(value: Any, schema: dict[str, Any], rng: random.Random) -> Any:
    """An id's part the description lists the codes of ("Container sizes are C01, C03, C05 ...; B&B
    trees by caliper, B150 to B400; ... H45, H56, H67"): one of those, never a size "C04" or
    "B037" no one grows (set 27: 42 of 275 rows)."""
    desc = str(schema.get("description") or "")
    if not isinstance(value, str) or not _PART_CODE.search(desc) and not _CODE_LIST.search(desc):
        return value
    listed: dict[tuple[str, int], set[str]] = {}
    for letters, digits in _PART_CODE.findall(desc):
        listed.setdefault((letters, len(digits)), set()).add(letters + digits)
    for letters, low, high in _PART_RANGE.findall(desc):
        step = next(s for s in (50, 10, 1) if int(low) % s == 0 and int(high) % s == 0)
        listed.setdefault((letters, len(low)), set()).update(
            f"{letters}{n:0{len(low)}d}" for n in range(int(low), int(high) + 1, step))
    parts = re.split(r"([-_/.])", value)
    for i, part in enumerate(parts):
        m = _PART_CODE.fullmatch(part)
        members = sorted(listed.get((m.group(1), len(m.group(2))), set())) if m else []
        if len(members) >= 2 and part not in members:
            parts[i] = rng.choice(members)
        elif lettered := _lettered_codes(part, desc):  # one of the listed codes, the example's no more often
            parts[i] = rng.choice(lettered)
    new = "".join(parts)
    pattern = schema.get("pattern")
    return new if not isinstance(pattern, str) or re.search(pattern, new) else value


# "Varietal codes: CS Cabernet Sauvignon, ME Merlot, PN Pinot Noir": codes of letters, each leading
# an item of a list.
_CODE_LIST = re.compile(r"\bcodes?\b[^.:]{0,40}:\s*[A-Z]{2,4}\b")


def _lettered_codes(part: str, desc: str) -> list[str]:
    """The codes of a list of the description that holds `part` as one of its items' leads (set
    33: every lot '25-CS-HV-0N', a Cabernet, when the lot id's varietal code lists ten), else []."""
    if not re.fullmatch(r"[A-Z]{2,4}", part):
        return []
    for m in _CODE_LIST.finditer(desc):
        clause = desc[m.start():].split(".")[0]
        codes = re.findall(rf"(?:^|[:,;]\s*|\bor\s+|\band\s+)([A-Z]{{{len(part)}}})\b", clause[clause.index(":"):])
        if part in codes and len(set(codes)) >= 3:
            return sorted(set(codes))
    return []


_DAY_OF_YEAR = re.compile(r"\bday of (?:the )?year\b|\bjulian (?:date|day)\b|\bordinal date\b", re.IGNORECASE)
_YEAR_DAY_DIGITS = re.compile(r"^(\D*)(\d{2}|\d{4})(\d{3})(\d*)(\D.*)?$")  # "24187-03-1": line and shift after


def ordinal_dated(example: str, schema: dict[str, Any], rng: random.Random, ref: datetime) -> str | None:
    """An id the description says holds a year and its day of the year ("'A', the 2-digit year, the
    3-digit day of the year and a 4-digit sequence", e.g. 'A251840917') as one of a day shortly
    before the query, its sequence redrawn; never day 837 (set 30). None for any other id."""
    m = _YEAR_DAY_DIGITS.match(example) if _DAY_OF_YEAR.search(str(schema.get("description") or "")) else None
    if m is None or not 1 <= int(m[3]) <= 366:
        return None
    day = ref - timedelta(days=rng.randint(0, 20))
    year = f"{day.year % 100:02d}" if len(m[2]) == 2 else str(day.year)
    tail = "".join(rng.choice("0123456789") for _ in m[4])
    return f"{m[1]}{year}{day.timetuple().tm_yday:03d}{tail}{m[5] or ''}"


# "the YYMMDD of the day the ticket was filed followed by a 4-digit daily sequence", "YYYYMMDD-NNN"
_CALENDAR_LAYOUT = re.compile(r"(?<![A-Za-z])(YYYY|YY)-?MM-?DD(?![A-Za-z])")


def _calendar_dated(example: str, schema: dict[str, Any], rng: random.Random, ref: datetime) -> str | None:
    """An id the description says opens a run of digits with the day it was made (one-call ticket
    '2505290417': filed May 29, 2025, then its sequence) as one of a day shortly before the query,
    the rest of the run redrawn; never month 60 or day 93 (set 32: 61 of 200 values). None for
    any other id."""
    layout = _CALENDAR_LAYOUT.search(str(schema.get("description") or ""))
    if layout is None:
        return None
    width = len(layout[1]) + 4
    run = next((r for r in re.finditer(r"\d+", example) if len(r.group()) >= width), None)
    fmt = "%Y%m%d" if width == 8 else "%y%m%d"
    try:
        datetime.strptime(run.group()[:width], fmt) if run else None
    except ValueError:
        run = None  # the example's digits are no day: no layout to keep
    if run is None:
        return None
    day = ref - timedelta(days=rng.randint(0, 20))
    tail = "".join(rng.choice("0123456789") for _ in run.group()[width:])
    rest = example[run.end():]
    if not tail and (seq := re.match(r"([-_/.])(\d{2,6})(?!\d)", rest)):  # 'C-250603-0042': the day's own count,
        n = rng.randint(1, min(10 ** len(seq[2]) - 1, 120))  # a few dozen calls a day, never the example's 42 in every
        rest = f"{seq[1]}{n:0{len(seq[2])}d}{rest[seq.end():]}"  # id (set 33)
    return f"{example[:run.start()]}{day.strftime(fmt)}{tail}{rest}"


_CODE_SYSTEM = re.compile(r"\b(?:ICD-?(?:9|10|11)(?:-[A-Z]{2,3})?|CPT|HCPCS|LOINC|SNOMED|NAICS|SIC|NDC|ATC|"
                          r"HS code|harmoni[sz]ed (?:system|tariff)|UN/?LOCODE|IATA|ICAO)\b")
_PRODUCT_CODES = frozenset({"part", "model", "sku", "mpn", "manufacturer", "catalog", "catalogue"})
_BATCHES = frozenset({"lot", "batch", "serial"})
_SHORT_CODE = re.compile(r"[A-Z]{1,3}\d{1,4}")
# Words of a parameter naming a thing counted off by its code (a stamp, a bay, a block, a lot).
_NUMBERED_THINGS = frozenset({"id", "number", "no", "num", "stamp", "block", "bay", "lot", "slot", "row", "bed",
                              "plot", "tag", "badge", "stall", "pen", "dock", "gate", "cell", "booth", "locker",
                              "bin", "rack", "shelf", "aisle", "truck", "unit", "station", "field", "zone"})
_ADDRESS_WORDS = frozenset({"house", "street", "building"})


def _counted_digits(example: Any, name: str, schema: dict[str, Any]) -> bool:
    """Whether an example of two to four bare digits numbers one of many things the parameter
    counts off ("The cow's herd number (visual ear tag), e.g. '2417'"): not a year, not a code of
    a published code set."""
    if not (isinstance(example, str) and example.isdigit() and 2 <= len(example) <= 4) or _YEAR.fullmatch(example):
        return False
    said = set(semantic.tokens(" ".join(str(schema.get("description") or "").split()[:6])))
    return bool((set(semantic.tokens(name)) | said) & _NUMBERED_THINGS) and \
        not _CODE_SYSTEM.search(str(schema.get("description") or ""))


def _numbered(example: Any) -> bool:
    """Whether an example's digits count something (a run of three or more, or a group after a
    separator: "CC-534185", "HSGC-02"), so another value of its shape is another record; a name
    with digits inside it ("C57BL/6J", "BL21", "S288C") is one name, never varied."""
    return not isinstance(example, str) or re.search(r"\d{3,}|[-_/:.]\d+(?=$|[-_/:.])", example) is not None


def is_season(digits: str) -> bool:
    """Four digits of an id that are a season ("2526"), not a year ("2021")."""
    return _season(digits) and not _YEAR.fullmatch(digits)


def season_digits(start_year: int) -> str:
    """The season starting in `start_year` as an id writes it ("2526")."""
    return f"{start_year % 100:02d}{(start_year + 1) % 100:02d}"


def _closing(m: re.Match[str], rest: str, ref: datetime, rng: random.Random) -> str | None:
    """The count that closes an id, redrawn of its size: a zero-padded one ("PRG-2526-07"), or two
    digits after a letter or a separator ("ELM-12": circuit 12 of a few dozen, never 88; set 23)."""
    if m.end() != len(rest):
        return None
    if PADDED_COUNT.fullmatch(m.group(0)):
        return closing_count(m.group(0), rng)
    if len(m.group(0)) == 1 and m.start() >= 2 and rest[m.start() - 1] in "-_/." and rest[m.start() - 2].isdigit():
        # "P-10482-1": the first or second pool of the property, never its eighth (set 30)
        return str(rng.choice((1, 1, 1, 2)) if int(m.group(0)) <= 2 else rng.randint(1, int(m.group(0))))
    if len(m.group(0)) == 2 and m.start() and not rest[m.start() - 1].isdigit() and not _short_year(m.group(0), ref):
        if re.search(r"(?:^|[-_/.])(?=[A-Z0-9]*[A-Z])(?=[A-Z0-9]*\d)[A-Z0-9]+[-_/.]$", rest[:m.start()]):
            return m.group(0)  # after a model code ("SH-CN-HG601-11"): the model's variant, 11-speed, kept (set 34)
        return str(rng.randint(1, min(99, max(9, 2 * int(m.group(0)))))).zfill(2)
    return None


def closing_count(digits: str, rng: random.Random) -> str:
    """Another count for the zero-padded count that closes an id ("PRG-2526-07": the season's 7th
    program, "HSGC-02" the lab's second instrument): one of that size, never the 98th."""
    top = 10 ** max(len(str(int(digits))), len(digits) - 1) - 1
    return str(rng.randint(1, top)).zfill(len(digits))


def _season(text: str) -> bool:
    """A season written as its two years: "2025-26", "2025/26", or the four digits "2526" of an id
    (the second year the first's next, both near the reference time)."""
    m = re.fullmatch(r"(\d{2})(\d{2})(?:[-/](\d{2}))?", text)
    if m is None:
        return False
    first, second = (int(m.group(2)), int(m.group(3))) if m.group(3) else (int(m.group(1)), int(m.group(2)))
    century = m.group(1) if m.group(3) else ""
    return second == (first + 1) % 100 and century in ("", "19", "20") and (bool(century) or 10 <= first <= 40)


def _year_led(digits: str, ref: datetime, rng: random.Random, edition: bool) -> str:
    """Other digits for a long digit group that opens with a year ("J25004817": the job's year 25,
    then its number; "2024000318"): the year stays near the query's, the rest is redrawn."""
    if len(digits) >= 8 and _YEAR.fullmatch(digits[:4]):
        return _near_year(ref, rng, edition) + _digits(digits[4:], rng)
    if len(digits) >= 6 and _short_year(digits[:2], ref):
        return _near_year(ref, rng, edition)[2:] + _digits(digits[2:], rng)
    return _digits(digits, rng)


def _clock_group(digits: str, after_date: bool = False) -> bool:
    """Four digits that read as a time of the day's work, on the five minutes (0930, 1415; not the
    counter 0042); right after a date any minute ("TT-20250614-0742", a tee time: set 29)."""
    return len(digits) == 4 and 6 <= int(digits[:2]) <= 21 and int(digits[2:]) < 60 and \
        (after_date or int(digits[2:]) % 5 == 0)


def _working_clock(rng: random.Random) -> str:
    """A time of the working day as four digits, on the quarter hour ("1415")."""
    return f"{rng.randint(7, 17):02d}{rng.choice((0, 15, 30, 45)):02d}"


# Names of things that lie ahead: a slot, an appointment, a booking is made for a day to come.
_AHEAD = frozenset({"slot", "appointment", "booking", "reservation", "schedule", "scheduled", "due", "planned"})


def _ahead(name: str) -> bool:
    return bool(set(semantic.tokens(name)) & _AHEAD)


def _digits(group: str, rng: random.Random) -> str:
    """Other digits for an id's digit group; never all zeros where the example's were not (row 12,
    space 04 is never space 00: numbering starts at 1)."""
    drawn = re.sub(r"\d", lambda _: str(rng.randint(0, 9)), group)
    return drawn[:-1] + str(rng.randint(1, 9)) if drawn.strip("0") == "" and group.strip("0") else drawn


# One digit after a one- or two-letter lead ("B1-GAL07", "L2-R14"): a building, floor or zone, of
# which a site has a few; the rest of the id is reshaped as usual.
_FEW = re.compile(r"^([A-Z]{1,2})(\d)(?=[-_]|$)")
# A dotted or dashed number that is an identifier ("1987.112.4", "00409-4888-20"), not a decimal
# ("3.5"): two separators, a separator other than a point, or a year before the point.
# A record or unit number written as digits alone ("4418027", an MRN "00471236"): one of many, so
# the catalog's one example is its shape; shorter digit strings are counts and codes.
_NUMBER_ID = re.compile(r"\d{5,}")
_DIGIT_ID = re.compile(r"\d+(?:[-/]\d+)+|\d+(?:\.\d+){2,}|(?:1[89]|20)\d\d\.\d+|[A-Z]{1,3} \d{5,}")  # .. "TX 41877230"

def _dated_group(digits: str, ref: datetime, rng: random.Random, future: bool = False) -> str | None:
    """A digit group of an example id that is a date, as another real date shortly before the
    query time (an existing batch, photo or file was made then; `future`: shortly after it, a
    slot or a booking), else None."""
    shape = GROUP_DATES.get(len(digits))
    if shape is None:
        return None
    try:
        day = datetime.strptime(digits, shape)
    except ValueError:
        return None
    if not ref.year - 15 <= day.year <= ref.year + 1:
        return None
    if future:
        return (ref + timedelta(days=rng.randint(1, 21))).strftime(shape)
    return (ref - timedelta(days=rng.randint(0, 60))).strftime(shape)


# How often an example holding a person's name, initials or a year is said with other ones: the
# catalog's one example is its format, not the value of every call.
VARY_RATE = 0.8
_SURNAME_FIRST = re.compile(r"([A-Z][a-z]+), ([A-Z][a-z]+)")
# A street address or a block of one: "1418 Alder St Apt 3", "1400 block Alder St", "22 Quay Road"
_STREET = re.compile(r"(\d{1,5})( block)? ([A-Z][a-z]+)( (?:St|Street|Ave|Avenue|Rd|Road|Blvd|Way|Dr|Drive|Ln|Lane|Pl|"
                     r"Place|Ct|Court|Terrace|Quay|Row|Parade|Crescent))\b(.*)")
_INITIALS = re.compile(r"[A-Z]{2,3}")
_TOWN_ZIP = re.compile(r",\s*([A-Z][A-Za-z .'-]+?),?\s+([A-Z]{2})\s+(\d{5})(?:-\d{4})?\b")
_PARTNERS = re.compile(r"[A-Z][a-z]+ (&|and) [A-Z][a-z]+(,? (?:LLP|LLC|PC|P\.C\.|PLLC))")
_FIRM = re.compile(r"[A-Z][a-z]+((?: [A-Z&][\w&.'-]*)*? (?:LLC|PLLC|LLP|Inc\.?|Ltd\.?|Corp\.?|Co\.|GmbH|PC|PLC|LP))")
_ROAD = re.compile(r"[A-Z][a-z]+( (?:St|Street|Ave|Avenue|Rd|Road|Blvd|Way|Dr|Drive|Ln|Lane|Pl|Place|Ct|Court|Pkwy|Hwy))\.?")
# Two roads that cross ("Lee Hwy and Cedar Ln", "Main St & 3rd Ave"): a corner, each road its own name.
_CROSSING = re.compile(rf"({_ROAD.pattern})( and | & | at | / )({_ROAD.pattern})")


_CAPTION = re.compile(r"(?:In re )?([A-Z][\w.&',\- ]{1,60}?) vs?\.? ([A-Z][\w.&',\- ]{1,60})")
_COMPANY = re.compile(r"\b(?:LLC|Inc\.?|Co\.?|Corp\.?|Ltd\.?|LLP|Company|Bank|Supply)\b")


def _party(said: str, fake: Any) -> str:
    """Another party of the kind `said` is: a company for a company, a surname for a person."""
    return str(fake.company()) if _COMPANY.search(said) else str(fake.last_name())


_JURISDICTION = re.compile(r"(?:City|County|Town|Village|Township|Borough|Parish|State|Commonwealth|"
                           r"Province|District|Port|Municipality) of ")
_FULL_NAME = re.compile(r"[A-Z][a-z]+(?: [A-Z]\.)? [A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?")


# The words that make a name an organisation's ("Riverside Methodist Hospital", "Columbus City Schools").
_ORG = re.compile(r"\b(?:Hospital|Schools?|School District|Church|University|College|Inc|LLC|Ltd|Company|Corp"
                  r"|Corporation|Center|Centre|Clinic|Department|Authority|Council|Association|Foundation|Group"
                  r"|Partners|Services|Industries|Plant|Mill|Works|Hotel|Apartments|Bank|Library|Museum)\b\.?$")


def pattern_names(schema: dict[str, Any]) -> list[str]:
    """The values a pattern names outright beside its shapes: `^(CAPE_HENLOPEN|BREAKWATER|[A-Z]{3}-
    [A-Z]{2,4}-[0-9]{1,2})$` names the pilot station and an anchorage (set 38: every move between
    two berths, never from the sea)."""
    m = re.fullmatch(r"\^?\((?:\?:)?(.+)\)\$?", str(schema.get("pattern") or ""))
    parts = m.group(1).split("|") if m and "(" not in m.group(1) else []
    if all(re.fullmatch(r"[\w -]+", p) for p in parts):
        return []  # a pattern of names only is an enum, read elsewhere
    return [p for p in parts if re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{2,}", p)]


def _orgs_for_person(kind: str, examples: list[Any]) -> bool:
    return kind == "person" and bool(examples) and all(isinstance(e, str) and _ORG.search(e) for e in examples)


def _another_org(example: str, rng: random.Random) -> str:
    """Another organisation of an example's kind: its first word (a place or a founder) is another
    town of the catalog's, or a surname ("Dayton City Schools", "Kettering Methodist Hospital";
    set 38: owners named "Megan Jenkins" and "San Diego")."""
    towns = [t for t in places.home_towns(freetext.DOMAIN.get()) if " " not in t] or []
    lead = rng.choice(towns) if towns and rng.random() < 0.7 else semantic.faker(rng).last_name()
    first, _, rest = example.partition(" ")
    return f"{lead} {rest}" if rest and lead != first else example


_TEAM_WORDS = frozenset({"team", "club", "squad", "opponent"})
_TEAM_NAME = re.compile(r"(?:[A-Z][a-z]+ ){1,3}[A-Z][a-z]+s")  # "Blue Line Bandits": a club's name, its mascot plural
_TEAM_LEADS = ("Blue Line", "North Shore", "Iron", "Frozen", "Polar", "Thunder", "Glacier", "Silver", "Lakeside",
               "Summit", "Black Ice", "River City", "Red Line", "Northside", "Valley", "Harbor")
_TEAM_MASCOTS = ("Bandits", "Wolves", "Hawks", "Bears", "Lumberjacks", "Sharks", "Knights", "Ravens", "Huskies",
                 "Outlaws", "Foxes", "Pirates", "Storm", "Stallions", "Owls", "Raiders")


def _another_team(example: str, rng: random.Random) -> str:
    """Another club of a league roster's form ("Blue Line Bandits" -> "Glacier Huskies"): each game
    has two teams and a league many (set 49: every game "Blue Line Bandits" against themselves)."""
    return f"{rng.choice(_TEAM_LEADS)} {rng.choice(_TEAM_MASCOTS)}"


def _another_person(example: str, rng: random.Random) -> str:
    """Another person's name in an example's form ("Marisol Delgado" -> "Dana Whitfield", with
    a middle initial where the example has one)."""
    fake = semantic.faker(rng)
    middle = f" {rng.choice('ABCDEFGHJKLMNPRSTW')}." if re.search(r" [A-Z]\. ", example) else ""
    return f"{fake.first_name()}{middle} {fake.last_name()}"


# Kinds whose examples name places: a county "Prince William" is never "Prince Robert" (set 32).
_NAMED_PLACES = frozenset({"place", "city", "address", "county", "state", "region", "country", "district"})


def _varied(example: Any, name: str, rng: random.Random, ref: datetime) -> Any:
    """An example with its people swapped for other people and its year for one near the query's
    ("Gift of Margaret and Louis Hale, 2024" -> "Gift of Ann and Joel Park, 2025", "JMK" -> "RDS"
    for initials, "Hokusai, Katsushika" -> "Marsh, Ellen"); ids and anything else stay as they are."""
    if not isinstance(example, str) or lore.id_like(example):
        return example
    fake = semantic.faker(rng)
    if _INITIALS.fullmatch(example) and "initials" in semantic.tokens(name):
        return "".join(rng.choice("ABCDEFGHJKLMNPRSTW") for _ in example)
    if _SURNAME_FIRST.fullmatch(example):
        return f"{fake.last_name()}, {fake.first_name()}"
    street = _STREET.fullmatch(example)
    if street:  # "1418 Alder St Apt 3" -> "372 Keller St Apt 11": every account at its own address
        number = str(rng.randint(1, 49) * 100) if street.group(2) else str(rng.randint(
            10 ** (len(street.group(1)) - 1), 10 ** len(street.group(1)) - 1))
        town = _TOWN_ZIP.search(street.group(5))  # ", Columbus, OH 43214": a ZIP of Columbus (set 34: "OH 56724")
        head, tail = (street.group(5)[:town.start(3)], street.group(5)[town.end(3):]) if town else (street.group(5), "")
        rest = re.sub(r"\d+", lambda m: str(rng.randint(1, max(9, int(m.group(0)) * 3))), head)
        code = zips.real_zip(rng, town.group(1), town.group(2)) if town else ""
        return f"{number}{street.group(2) or ''} {fake.last_name()}{street.group(4)}{rest}{code}{tail}"
    caption = _CAPTION.fullmatch(example)
    if caption:  # "Harlan Feed & Supply LLC v. Moreno": each case between its own parties
        return f"{_party(caption.group(1), fake)} v. {_party(caption.group(2), fake)}"
    partners = _PARTNERS.fullmatch(example)
    if partners:  # "Baxter & Lowe LLP": two partners' names, never every firm "... & Lowe LLP" (set 49)
        return f"{fake.last_name()} {partners[1]} {fake.last_name()}{partners[2]}"
    firm = _FIRM.fullmatch(example)
    if firm:  # "Lakeside Dental PLLC" -> "Hartley Dental PLLC": every account its own business (set 27)
        return f"{fake.last_name()}{firm.group(1)}"
    crossing = _CROSSING.fullmatch(example)
    if crossing:  # "Lee Hwy and Cedar Ln" -> "Keller Hwy and Cedar Ln", never "Elizabeth Ruiz and Cedar Ln" (set 32)
        return f"{fake.last_name()}{crossing.group(2)}{crossing.group(3)}{fake.last_name()}{crossing.group(5)}"
    road = _ROAD.fullmatch(example)
    if road:  # "Nicollet Ave" -> "Keller Ave", never the one street of every address (set 27)
        return f"{fake.last_name()}{road.group(1)}"
    if semantic.infer(name, {"type": "string"}) in _NAMED_PLACES or _JURISDICTION.match(example) or \
            _BUILDING.search(example):  # "Robert Presley Detention Center" is one jail, never "Kevin Bowen ..." (set 48)
        return example  # "Morgan City, LA", "Port Arthur, TX" name towns, never "Michelle Valencia, LA" (set 26);
        # "City of San Jose" is a building department, never "City of San Stephanie" (set 31)
    first = _first_names()
    words = re.split(r"(\W+)", example)
    out: list[str] = []
    swapped = -1  # where a first name was swapped: the capitalised word after it is its surname
    for i, word in enumerate(words):
        after_first = i >= 2 and swapped == i - 2 and words[i - 1] == " "
        joined = "-" in (words[i - 1] if i else "") + (words[i + 1] if i + 1 < len(words) else "")
        named = i >= 2 and words[i - 1] == " " and words[i - 2][:1].isupper() and words[i - 2] not in first and \
            words[i - 2] not in _TITLES  # "Kinder Morgan Dock 1" is a company's, never "Kinder Matthew Delgado" (set 42)
        if word in first and not joined and not named:  # "Ray-Ban" is a brand, no Ray
            out.append(fake.first_name())
            swapped = i
        elif after_first and word[:1].isupper() and word.isalpha():
            out.append(fake.last_name())
        else:
            out.append(word)
    said = "".join(out)
    if swapped >= 0:  # "Luis Mendoza, 559-555-0143": each person their own line (set 43: one phone for all)
        said = _PHONE_IN_TEXT.sub(lambda m: f"{m[1]}{m[2]}{m[3]}{m[2]}{_line(m[4], rng)}", said)
    return re.sub(r"(?<!\d)(?:19[89]\d|20[0-4]\d)(?!\d)", lambda _: _near_year(ref, rng, False), said)


_BUILDING = re.compile(r"\b(?:Center|Centre|Facility|Jail|Prison|Hospital|Clinic|School|Academy|College|University|"
                       r"Courthouse|Hall|Library|Institution|Complex|Campus|Airport|Stadium|Arena|Museum|Tower|Terminal)$")


_PHONE_IN_TEXT = re.compile(r"(?<!\d)(\(?\d{3}\)?)([-. ])(\d{3})\2(\d{4})(?!\d)")


def _line(digits: str, rng: random.Random) -> str:
    """Another line number of the same kind: one of the fictional 01xx when the example's is."""
    return f"01{rng.randint(0, 99):02d}" if digits.startswith("01") else f"{rng.randint(1000, 9999)}"


_TITLES = frozenset({"Dr", "Mr", "Mrs", "Ms", "Miss", "Capt", "Captain", "Prof", "Sgt", "Officer", "Det", "Rev", "Sr", "Fr"})


@lru_cache(maxsize=1)
def _first_names() -> frozenset[str]:
    from faker.providers.person.en_US import Provider

    return frozenset(Provider.first_names)


def _short_year(digits: str, ref: datetime) -> bool:
    """A two-digit group that reads as a year near the query's ("REG-25-01377" in 2025)."""
    return len(digits) == 2 and 0 <= ref.year % 100 - int(digits) <= 3


_YEAR = re.compile(r"(?:19[89]\d|20[0-4]\d)")
_ISO_MOMENT = re.compile(r"(\d{4}-\d{2}-\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:?\d{2})?)?")


# The verbs of a call that acts on what is coming: the record it names is this year's (set 49: reporters
# assigned to 2024 jobs in June 2025).
_AHEAD_VERBS = frozenset({"assign", "schedule", "book", "rebook", "reschedule", "setup", "set", "request", "reserve",
                          "enroll", "confirm", "cancel", "dispatch", "allocate"})


def _near_year(ref: datetime, rng: random.Random, edition: bool) -> str:
    ahead = bool(_AHEAD_VERBS & set(freetext.SUBJECT.get()))  # the tool's verb among the words drawn for
    return str(ref.year - (0 if edition or ahead else rng.choice([0, 0, 0, 1])))


# Words that make an id name an edition of something held once a year or season (an event code
# "ICMLA-2025"): its year is the query's.
_EDITION_WORDS = frozenset({"event", "edition", "conference", "season", "tournament", "festival", "championship",
                            "congress", "summit", "fair", "expo", "meeting", "competition", "cycle", "term",
                            "semester", "year", "fiscal", "campaign"})


def _edition(name: str, schema: dict[str, Any]) -> bool:
    words = set(semantic.tokens(name)) | set(semantic.tokens(str(schema.get("description") or "")))
    return bool(words & _EDITION_WORDS)


def listed_values(schema: dict[str, Any]) -> list[Any]:
    """The values a description lists as the only ones allowed ("one of: low, mid, high"), in
    the parameter's type: the enum the schema did not write (generator.core.allowed)."""
    said = allowed.read(str(schema.get("description", "")))
    return allowed.typed(said.allowed, schema_type(schema)) if said.allowed else []


def _default_of(schema: dict[str, Any]) -> list[Any]:
    if "default" in schema:
        return [schema["default"]]
    said = allowed.read(str(schema.get("description", ""))).default
    if said is None:
        return []
    typed = allowed.typed([str(int(said)) if isinstance(said, float) and said.is_integer() else str(said)],
                          schema_type(schema))
    return typed


def usable(value: Any, name: str, schema: dict[str, Any]) -> bool:
    """Whether an example or a default is a value a person would send for this parameter:
    not a placeholder for nothing, not a format template or naming convention (unless the
    parameter asks for a format), and in the format the description gives."""
    if value is None or value == [] or value == {}:
        return False
    if not isinstance(value, str):
        return True
    about_format = _about_format(name)
    fields = bool({"sort", "order", "field", "fields", "column", "columns", "group", "attribute", "attributes",
                   "select", "include", "exclude"} & set(semantic.tokens(name)))
    if allowed.placeholder(value, about_format=about_format, names_fields=fields) or allowed.stand_in(value):
        return False
    fmt = value_format(schema)
    return fmt is None or about_format or _parses(value, fmt)


_CITY_FORMAT = re.compile(r"city(?:,| and)\s*(?:state|country)", re.IGNORECASE)
_PAIR_ORDER = re.compile(r"^(lat|lng|lon|latitude|longitude)\s*,\s*(lat|lng|lon|latitude|longitude)$", re.IGNORECASE)


def _point_in_order(order: str, rng: random.Random) -> str:
    lat, lon = places.near("latitude", rng), places.near("longitude", rng)
    if lat is None or lon is None:
        lat, lon = round(rng.uniform(-40, 60), 5), round(rng.uniform(-120, 140), 5)
    first = _PAIR_ORDER.match(order.strip()).group(1).lower()  # type: ignore[union-attr]
    return f"{lat},{lon}" if first.startswith("lat") else f"{lon},{lat}"


def _about_format(name: str) -> bool:
    """A `date_format` or `naming_pattern` is a format itself; a `start_pattern` or `end_style` is
    a bound of a span (a moment, read by its description), not a template."""
    words = semantic.tokens(name)
    return bool({"format", "fmt", "pattern", "case", "convention", "style"} & set(words)) \
        and not (words[:1] and words[0] in _BOUND_WORDS)


_BOUND_WORDS = lore.BOUND_WORDS | {"min", "max"}  # the bounds of a span, and of a range


def _parses(value: str, fmt: str) -> bool:
    try:
        datetime.strptime(value, fmt)
    except ValueError:
        return False
    return True


def _in_frame(example: Any, ref: datetime, rng: random.Random, edition: bool) -> Any:
    """An id example with a year other than the query's time frame allows, reshaped into it; an
    ISO week ("2025-W15") is one of the weeks ahead of the query."""
    if isinstance(example, str) and _ISO_WEEK.fullmatch(example):
        return _week_ahead(ref, rng)
    if not isinstance(example, str) or not _ID_LIKE.match(example.split(",")[0]) or _ISO_MOMENT.fullmatch(example):
        return example
    if (slot := _DAY_AND_CLOCK.search(example)) and _day_and_clock(slot):
        return example  # "SLT-A-0604-2000" is June 4 at 20:00, no year 2000
    years = [int(y) for y in re.findall(r"(?<!\d)(?:19[89]\d|20[0-4]\d)(?!\d)", example)]
    allowed_years = {ref.year} if edition else {ref.year, ref.year - 1}
    if not years or set(years) <= allowed_years:
        return example
    return re.sub(r"(?<!\d)(?:19[89]\d|20[0-4]\d)(?!\d)", lambda _: _near_year(ref, rng, edition), example)


# An elapsed time written as its format: "H:MM:SS" (one H: hours that are no clock's), or
# "HH:MM:SS" for a duration, a chip, finish, split or net time.
_ELAPSED_FORMAT = re.compile(r"(?<![\w:])(H{1,2}):MM:SS(?![\w:])")
_ELAPSED_WORDS = frozenset({"elapsed", "duration", "chip", "finish", "split", "net", "runtime", "length", "lap", "pace"})


def _elapsed(name: str, schema: dict[str, Any], rng: random.Random) -> str | None:
    """A time taken, in the format the description writes, of a few minutes to a few hours."""
    if schema.get("type") not in (None, "string"):
        return None
    desc = str(schema.get("description") or "")
    m = _ELAPSED_FORMAT.search(desc)
    if m is None or (m.group(1) == "HH" and not _ELAPSED_WORDS & {*semantic.tokens(name), *semantic.tokens(desc)}):
        return None
    hours = rng.choice((0, 0, 1, 1, 2, 3, 4))
    text = f"{hours}:{rng.randint(0 if hours else 12, 59):02d}:{rng.randint(0, 59):02d}"
    return text if m.group(1) == "H" else f"{hours:02d}{text[len(str(hours)):]}"


def _real_codes(kind: str, examples: list[Any]) -> bool:
    """Examples that are all real codes of their kind: used as written ("es-419" is Latin American
    Spanish, never "es-948": set 26)."""
    return bool(examples) and all(codes.is_real(kind, e) for e in examples)


def _listed_codes(name: str, schema: dict[str, Any], examples: list[Any]) -> bool:
    """A catalog's product codes are its products ("SV-CR39, FT28-PC or PAL-167"): one of them, never
    "SV-CR29" (set 16: lens codes and SKUs with redrawn digits named no product); one example
    beside a format ("format BK-NNNN (e.g. BK-1042)") or alone is the shape (set 19: one SKU and
    one lot in 2,344 calls)."""
    return len(examples) > 1 and semantic.tokens(name)[-1:] in (["code"], ["sku"]) and \
        all(isinstance(e, str) and lore.id_like(e) for e in examples) and not schema.get("pattern") and \
        semantic.id_template(schema) is None


def _named_codes(ids: bool, name: str, schema: dict[str, Any], examples: list[Any], kind: str) -> bool:
    """Whether the examples are real codes to use as written: a catalog's product codes, codes of a
    kind with a table, or codes each told what it stands for."""
    return ids and _listed_codes(name, schema, examples) or _real_codes(kind, examples) or _glossed(schema, examples)


def _glossed(schema: dict[str, Any], examples: list[Any]) -> bool:
    """Examples each told what they stand for ("e.g. 'HKE/571214' (northern hake), 'NEP/07.'
    (Nephrops area 7)", "'27.7.b' (west of Ireland)") are real codes, used as written: never
    "HKE/062906" or area "27.34.b" (set 38)."""
    if schema.get(lore.GLOSSED_KEY):
        return True
    said = set(lore.glossed_in(str(schema.get("description") or "")))
    return len(examples) > 1 and all(isinstance(e, str) and e in said for e in examples)


# What a text is made of, when its examples name that and no value ("Text to engrave, e.g. name
# and years"): each kind as one of its values.
_CONTENT_KINDS: dict[str, Callable[[random.Random, datetime], str]] = {
    "name": lambda rng, ref: semantic.faker(rng).name(),
    "years": lambda rng, ref: f"{ref.year - rng.randint(55, 95)}–{ref.year - rng.randint(0, 1)}",
    "dates": lambda rng, ref: f"{(ref - timedelta(days=rng.randint(20000, 34000))):%B %-d, %Y} – {ref:%B %-d, %Y}",
    "date": lambda rng, ref: f"{ref - timedelta(days=rng.randint(0, 5)):%B %-d, %Y}",
    "initials": lambda rng, ref: " ".join(f"{c}." for c in rng.sample("ABCDEFGHJKLMNPRSTW", 2)),
}


def _of_kinds(examples: list[Any], rng: random.Random, ref: datetime) -> list[str]:
    """One text made of the kinds the examples name ("name and years" -> "Ann Moyer 1941–2025"),
    or [] when they are values."""
    kinds = [str(e).lower() for e in examples]
    if not kinds or not all(k in _CONTENT_KINDS for k in kinds):
        return []
    return [" ".join(_CONTENT_KINDS[k](rng, ref) for k in kinds)]


def _near_parts(example: Any, rng: random.Random) -> Any:
    """The example with each number a little off its value (230 -> 215 to 245), its width kept:
    a part that is a measure takes the measures things of its kind have."""
    if not isinstance(example, str):
        return example

    def near(m: re.Match[str]) -> str:
        n = int(m.group(0))
        return str(max(1, round(n * rng.uniform(0.9, 1.1)))).zfill(len(m.group(0)))[-len(m.group(0)):]
    return re.sub(r"\d+", near, example)


# Names of what a product is made to (a size, a gauge, a grade): only the catalog's own examples exist.
_SPEC_WORDS = frozenset({"size", "sizes", "gauge", "grade", "dimension", "dimensions", "spec", "specification"})
# A date written as digits in placeholders ("(WWYY)", "MMYY"): week or month and year.
_DATE_CODE = re.compile(r"\b(WWYY|YYWW|MMYY|YYMM|MMYYYY|YYYYMM)\b")


def _date_code(schema: dict[str, Any], rng: random.Random, ref: datetime) -> str | None:
    """A week or month and year in digits, as the description's placeholder writes them, for a
    day one to eight years back (a tire's DOT week "2319", a card's expiry "0827" ahead of it)."""
    m = _DATE_CODE.search(str(schema.get("description") or ""))
    if m is None or schema.get("type") not in (None, "string"):
        return None
    ahead = re.search(r"\bexpir|\bvalid (?:until|thru|through)\b", str(schema.get("description") or ""), re.IGNORECASE)
    day = ref + timedelta(days=rng.randint(60, 1500)) if ahead else ref - timedelta(days=rng.randint(365, 2900))
    week = f"{min(day.isocalendar()[1], 52):02d}"
    parts = {"WW": week, "YY": day.strftime("%y"), "MM": day.strftime("%m"), "YYYY": day.strftime("%Y")}
    return "".join(parts[p] for p in re.findall(r"YYYY|WW|YY|MM", m.group(1)))


def _candidates(name: str, schema: dict[str, Any], rng: random.Random,
                pool: dict[str, list[Any]] | None, ref: datetime = REFERENCE_TIME) -> list[list[Any]]:
    """Candidate lists in order of preference; the first list with a valid member wins."""
    # "Corrected chip time, H:MM:SS": a time taken, never a clock time "11:00"; "week and year of
    # manufacture (WWYY)": 2319, never week 80
    if (fixed := _elapsed(name, schema, rng) or _date_code(schema, rng, ref)) is not None:
        return [[fixed]]
    # a date or clock time in a description ("e.g. 2024-05-28 15:30") shows the format, not the day
    moment = is_temporal(name, schema) in ("date", "time", "datetime") and not _about_format(name)
    formatted = _CITY_FORMAT.search(str(schema.get("description") or ""))  # "e.g. Denver, CO" is one example
    # an id narrowed to the series its parts number (generator.core.lore) is drawn from that
    # pattern: its one example ("truck 0417") is the shape, not the truck of every call
    narrowed = bool(schema.get(lore.NARROWED_KEY))
    examples = [] if moment or formatted or narrowed else _own_examples(name, schema)
    if _OPTIONAL.get() and _topics_only(name, schema, [*examples, *(listed_values(schema) or [])]):
        raise Unsampleable(name, "its description names what the text is about, not a text")
    examples = freetext.topic_notes(rng, semantic.tokens(name), examples, schema) or examples
    examples = _of_kinds(list(allowed.read(str(schema.get("description") or "")).examples), rng, ref) or examples
    if not _OPTIONAL.get() and not examples and "default" in schema and not isinstance(schema["default"], bool):
        # a required parameter falls back to no default: the one the catalog writes is an example
        examples = [d for d in _default_of(schema) if usable(d, name, schema)]
        schema = {k: v for k, v in schema.items() if k != "default"}
    ordered = next((e for e in examples_of(schema) if isinstance(e, str) and _PAIR_ORDER.match(e.strip())), None)
    if ordered:  # "lng,lat": a point written in that order
        examples = [_point_in_order(ordered, rng)]
    # what a parameter of unknown or broad kind takes is best shown by its own examples, and so
    # is one whose examples are no values of the kind its name was read as (a `medical_alert`
    # "e.g. 'Latex allergy'" is no country)
    kind = semantic.infer(name, schema)
    known = kind not in BROAD_KINDS and not any(codes.is_real(kind, e) is False for e in examples) and \
        not (kind in _EVERYDAY_KINDS and examples) and not _orgs_for_person(kind, examples)
    # a shape beats a kind: ids ("HV-0142"), and upper-case codes ("MAIN", "WS-NLP4SG") where the
    # kind has no code table of its own (a track code is no invented title)
    ids = bool(examples) and all(isinstance(e, str) and (lore.id_like(e) or _DIGIT_ID.fullmatch(e) is not None or
        _counted_digits(e, name, schema) or
        allowed.plate_like(e) or (
        _CODE.fullmatch(e) is not None and codes.is_real(kind, e) is None) or (
        not known and _NUMBER_ID.fullmatch(e) is not None)) for e in examples)
    streets = bool(examples) and all(isinstance(e, str) and (_STREET.fullmatch(e) or _CROSSING.fullmatch(e)) for e in examples)
    # the counties a catalog names are where it works: "e.g. Stanislaus or Merced" is its region
    # "City of San Jose", "County of Sacramento": the offices an installer files with, in its own
    # form, never a bare world city (set 31: permits filed with "Vienna")
    regional = kind in ("county",) or bool(examples) and all(isinstance(e, str) and _JURISDICTION.match(e) for e in examples)
    rate = NAME_EXAMPLE_RATE if kind in _NAME_KINDS else EXAMPLE_RATE  # a person's name example shows the form
    examples = examples if examples and (not known or ids or streets or regional or rng.random() < rate) else []
    listed_codes = _named_codes(ids, name, schema, examples, kind)
    specs = bool(_SPEC_WORDS & set(semantic.tokens(name)))  # a tire size "11R22.5" is one that exists, never "421/94R25.8"
    if examples and lore.measured_parts(schema):  # "DR-230-26 (..., width in mm,
        examples, specs = [_near_parts(e, rng) for e in examples], True  # depth in 32nds)": a width near 230, never 901
    if examples and not listed_codes and not specs and (_DAY_OF_YEAR.search(str(schema.get("description") or "")) or
                                                        rng.random() < _varied_share(ids, examples, _owned(name, kind))):
        examples = [_varied_id(e, rng, ref, name, schema) for e in examples]
    examples = _varied_examples(examples, kind, streets, name, rng, ref) + (pattern_names(schema) if examples else [])
    # ... and an id whose year lies outside the query's time frame is not used as it is
    examples = [_in_frame(e, ref, rng, _edition(name, schema)) for e in examples]
    examples = _numbers_as_scale(examples, rng)
    rate = DEFAULT_RATE if known else BROAD_DEFAULT_RATE
    default = [d for d in _default_of(schema) if usable(d, name, schema)] if rng.random() < rate else []
    listed, pooled = _listed_and_pooled(name, schema, rng, pool)
    return [pooled, list(schema.get("enum") or []), listed, examples, default]


def _placeholder(example: str) -> bool:
    """Whether an example's digits are a writer's placeholder: a run of five or more counting up or
    down ("012345678", "987654321", "000123456") or one digit repeated."""
    for run in re.findall(r"\d{5,}", example):
        steps = {int(b) - int(a) for a, b in pairwise(run)}
        if steps in ({1}, {-1}, {0}) or re.search(r"12345|98765|23456|34567|45678|56789", run):
            return True
    return False


def _owned(name: str, kind: str) -> bool:
    """Whether a value is each person's own (a phone, the last digits of a social security number):
    an example shows its form, never a number every co-signer shares (set 48)."""
    return kind == "phone" or bool(set(semantic.tokens(name)) & _OWN_NUMBERS)


def _varied_share(ids: bool, examples: list[Any], owned: bool = False) -> float:
    """How often an example ("HV-0142": a shape) is varied: an id numbered in three digits or more is
    one of thousands (set 31: cow 2417, the schema's one example, in fifteen rows), a code of letters
    may be the catalog's own place ("KPAO") and is kept a tenth of the time, other examples half of
    it; a person's own phone or SSN always (set 48)."""
    if owned or any(_placeholder(str(e)) for e in examples):  # (set 49: a case number "2:24-cv-01234", no id's shape)
        return 1.0  # "012345678ELC", "TXD987654321": a writer's placeholder, never a record's id (set 37)
    if ids and all(isinstance(e, str | int) and len(re.findall(r"\d", str(e))) >= 3 for e in examples):
        return 0.98
    return 0.9 if ids else 0.5


def _varied_examples(examples: list[Any], kind: str, streets: bool, name: str, rng: random.Random,
                     ref: datetime) -> list[Any]:
    """Examples with the names and years in them varied ("Gift of Ann Lee, 2024"): the homeowner an
    example names is one of many, each call its own; an address is always the catalog's form, never
    its one house."""
    if _orgs_for_person(kind, examples):
        return [_another_org(e, rng) for e in examples]  # an owner "e.g. 'Columbus City Schools'" is one
    if examples and kind == "person":
        return [_another_person(e, rng) if isinstance(e, str) and _FULL_NAME.fullmatch(e) else _varied(e, name, rng, ref)
                for e in examples]
    if examples and set(semantic.tokens(name)) & _TEAM_WORDS and all(isinstance(e, str) and _TEAM_NAME.fullmatch(e)
                                                                     for e in examples):
        return [_another_team(e, rng) for e in examples]
    if examples and (streets or rng.random() < VARY_RATE):
        return [_varied(e, name, rng, ref) for e in examples]
    return examples


_FREE_TEXT = re.compile(r"^\W*(?:free[- ]?text|description of|comments? (?:on|about))\b", re.IGNORECASE)
_TEXT_NAMES = frozenset({"notes", "note", "comment", "comments", "remarks", "soapbox", "description", "memo"})


def _topics_only(name: str, schema: dict[str, Any], given: list[Any]) -> bool:
    """Whether a free text's description gives only what it is about ("Free-text soapbox comment
    (conditions, equipment, anecdotes)", "Description of the fill: color, texture, inclusions"):
    words of one or two nouns, no text anyone writes (set 24: "a note saying anecdotes")."""
    from ..phrasebook.lexicon import lemmas

    said = str(schema.get("description") or "")
    free = _FREE_TEXT.search(said) or (set(semantic.tokens(name)) & _TEXT_NAMES and "free" in said.lower())
    if not free or schema.get("enum") or not given:
        return False
    return all(isinstance(g, str) and 1 <= len(g.split()) <= 2 and g.islower() and
               all(set(lemmas(w)) == {"NOUN"} or set(lemmas(w)) == {"NOUN", "VERB"} and w.endswith("s")
                   or len(g.split()) == 2 and ("NOUN" in lemmas(w) or w.endswith("ing")) for w in g.split())
               for g in given)  # "manifold
    # side", "pumping restrictions" (set 43: "notes to supplier manifold side")


def _own_examples(name: str, schema: dict[str, Any]) -> list[Any]:
    """The examples a parameter shows of its own values; a number or a serial shows none without
    a digit ("Serial number of the gauge used (Mid-West, Watts TK-DP, etc.)": makes, not serials)."""
    examples = [e for e in _typed_examples(schema) if usable(e, name, schema) and not allowed.affix(e)]
    if _NUMBERED_NAME & set(semantic.tokens(name)) and \
            not any(isinstance(e, str) and re.search(r"\d", e) or _numeric(e) for e in examples):
        return []
    return examples


# Name words of a value that is a number or a serial: its examples without a digit name something else.
_NUMBERED_NAME = frozenset({"serial", "sn", "number", "no", "num"})
NEAR_RATE = 0.75  # of the numeric examples kept, the share drawn near them rather than as written


def _numbers_as_scale(examples: list[Any], rng: random.Random) -> list[Any]:
    """A number given as an example is one value of its range, not the only one a person uses: it
    sets the scale (set 22: milepost "e.g. 112.47" in 100 of 257 mileposts)."""
    if not examples or not all(_numeric(e) and not isinstance(e, str) for e in examples):
        return examples
    if rng.random() >= EXAMPLE_RATE:
        return []
    return [_near_number(e, rng) for e in examples] if rng.random() < NEAR_RATE else examples


def _near_number(example: float, rng: random.Random) -> float:
    """A number of an example's scale and precision: 112.47 -> 78.73 .. 157.46 with two decimals, 12 -> 9 .. 16,
    25000 -> 18000 .. 35000 in thousands."""
    if example == 0:
        return example
    low, high = sorted((example * 0.7, example * 1.4))
    if isinstance(example, int) and not isinstance(example, bool):
        step = 10 ** (len(str(abs(example))) - len(str(abs(example)).rstrip("0")))  # as round as the example:
        drawn = rng.randint(math.ceil(low), max(math.ceil(low), int(high)))  # a bail of 32,000 beside "e.g.
        return max(step, round(drawn / step) * step) if step > 1 else drawn  # 25000", never 32,228 (set 48)
    places = len(repr(float(example)).split(".")[1].rstrip("0")) if "." in repr(float(example)) else 0
    return round(rng.uniform(low, high), places)


def _listed_and_pooled(name: str, schema: dict[str, Any], rng: random.Random,
                       pool: dict[str, list[Any]] | None) -> tuple[list[Any], list[Any]]:
    """The values a description lists, and the pool's values for the parameter that the list allows."""
    listed = listed_values(schema) or _two_choices(name, schema)
    if not schema.get("enum"):  # "Dispatch notes: gate hours, PPE, badging": what notes are about
        listed = freetext.topic_notes(rng, semantic.tokens(name), listed, schema) or listed
    # a value another tool's parameter of this name took (a persona's habit) is no value of this
    # one unless its own list holds it (one tool's decisions are not another's)
    pooled = [v for v in (pool or {}).get(name) or [] if not listed or v in listed]
    if semantic.full_address_asked(schema):  # a persona's "Chan Plaza" is no address with its city and ZIP
        pooled = [v for v in pooled if semantic.is_full_address(v)]
    return list(listed), pooled


# Names that pick one of a few settings: a description that is only "json or ics" lists them.
_CHOICE_NAMES = frozenset({"format", "mode", "type", "output", "method", "kind", "units", "unit", "style", "sort",
                           "order", "direction", "role", "layout", "channel", "delivery", "encoding"})
_TWO = re.compile(r"^\s*['\"`]?([a-z][\w.-]*)['\"`]?\s+or\s+['\"`]?([a-z][\w.-]*)['\"`]?\s*\.?\s*$")


def _two_choices(name: str, schema: dict[str, Any]) -> list[Any]:
    """The two values of a setting whose whole description is "json or ics" / "pdf or xml"."""
    m = _TWO.match(str(schema.get("description") or ""))
    if not m or schema_type(schema) != "string" or not _CHOICE_NAMES & set(semantic.tokens(name)):
        return []
    return [m.group(1), m.group(2)]


def value_for(schema: dict[str, Any], rng: random.Random, *, name: str = "",
              ref: datetime | None = None, pool: dict[str, list[Any]] | None = None,
              optional: bool | None = None) -> Any:
    """One valid value for a property schema: pool, enum, examples, default, then a realistic
    value of the parameter's semantic type; raises Unsampleable when no value can be found, and
    for an `optional` parameter (by default: whatever the enclosing draw is, so the items of an
    optional list are optional too) also when nothing says what value it takes: it is left out."""
    optional = _OPTIONAL.get() if optional is None else optional
    token = _OPTIONAL.set(optional)
    try:
        value = _value_for(schema, rng, name=name, ref=ref or REFERENCE_TIME, pool=pool)
        pattern = schema.get("pattern")
        if isinstance(value, str) and not schema.get("enum"):
            value = _said_lead(value, schema, rng)
            if _IN_CAPITALS.search(str(schema.get("description") or "")) and is_valid(schema, value.upper()):
                value = value.upper()  # "Name, in capitals, of the signatory": "J. MORALES" (set 37)
            checked = checkdigits.with_check_digit(name, schema, value)
            value = checked if checked == value or is_valid(schema, checked) else value
        return _listed_lead(value, schema, pattern, rng) if isinstance(value, str) and isinstance(pattern, str) else value
    except semantic.NoValue as exc:
        if optional:
            raise Unsampleable(name, "nothing in the catalog says what value it takes") from exc
        for value in (exc.fallback, semantic.last_resort(rng, name, schema)):
            if isinstance(value, str) and schema_type(schema) == "string":
                value = _fit_length(value, schema, rng)
            if value is not None and check_fits(schema, value):
                return value
        raise Unsampleable(name, _why(schema, exc.fallback)) from exc
    finally:
        _OPTIONAL.reset(token)


_IN_CAPITALS = re.compile(r"\b(?:in (?:block )?capitals?(?: letters)?|in upper ?case|all caps|upper-?case only)\b",
                          re.IGNORECASE)


def check_fits(schema: dict[str, Any], value: Any) -> bool:
    return value_check(schema)(value)


# Whether the value being drawn belongs to an optional parameter (a placeholder leaves it out).
_OPTIONAL: ContextVar[bool] = ContextVar("optional", default=False)


def _value_for(schema: dict[str, Any], rng: random.Random, *, name: str, ref: datetime,
               pool: dict[str, list[Any]] | None) -> Any:
    check = value_check(schema)
    if isinstance(schema, dict):
        for options in _candidates(name, schema, rng, pool, ref):
            valid = [v for v in options if check(v)]
            if valid:
                return copy.deepcopy(rng.choice(valid))
    value: Any = None
    for _ in range(DRAWS):
        value = _draw(schema, rng, name, ref)
        if check(value):
            return value
    return copy.deepcopy(_fallback(schema_key(schema) or "null", name, ref.isoformat(), repr(value)))


@lru_cache(maxsize=4096)
def _fallback(key: str, name: str, ref: str, last: str) -> Any:
    """A longer, deterministic search (seeded by the schema) for schemas random draws rarely
    satisfy; Unsampleable when it finds nothing either."""
    schema = json.loads(key)
    rng = random.Random(hashlib.sha256(f"{key}|{name}".encode()).hexdigest())
    when = datetime.fromisoformat(ref)
    value: Any = None
    for _ in range(120):
        try:
            value = _draw(schema, rng, name, when)
        except RecursionError:
            break
        if is_valid(schema, value):
            return value
    raise Unsampleable(name, _why(schema, value))


def _fill_object(schema: dict[str, Any], rng: random.Random, *, optional_rate: float,
                 fixed: dict[str, Any], pool: dict[str, list[Any]], ref: datetime,
                 nested: bool = False) -> dict[str, Any]:
    props: dict[str, Any] = dict(schema.get("properties") or {})
    unknown = sorted(set(fixed) - set(props))
    if unknown:
        raise ValueError(f"fixed values for unknown parameters: {', '.join(unknown)}")
    required = [r for r in schema.get("required") or [] if isinstance(r, str)]
    props.update({r: {} for r in required if r not in props})  # required without a declared schema
    out: dict[str, Any] = {}
    unused = _other_groups(str(schema.get("description") or ""), props, set(required) | set(fixed), rng)
    for name, prop in props.items():
        if name in unused:
            continue
        if name in fixed:
            out[name] = fixed[name]
        elif name in required:
            out[name] = value_for(prop, rng, name=name, ref=ref, pool=pool, optional=False)
        elif rng.random() < optional_rate:
            try:
                drawn = value_for(prop, rng, name=name, ref=ref, pool=pool, optional=True)
            except Unsampleable:  # an optional parameter nothing satisfies is left out
                continue
            if not (isinstance(drawn, bool) and isinstance(prop, dict) and prop.get("default") is drawn):
                out[name] = drawn  # a flag at its default is left unset: no one asks "without X" of a default
    if nested:  # a call's own arguments are only the declared parameters
        _min_properties(schema, props, out, rng, ref)
        out = _nested_rules(schema, out, rng, ref, frozenset(fixed))
    _pair_coordinates(props, out, rng, ref, pool)
    _one_town(props, out, rng, set(fixed))
    return repair(props, out, rng, keep=set(fixed), resample=_resampler(props, ref, pool))


def _nested_rules(schema: dict[str, Any], out: dict[str, Any], rng: random.Random, ref: datetime,
                  keep: frozenset[str]) -> dict[str, Any]:
    """An object's fields keep the rules their own prose writes, as a call's parameters do (set 43:
    a declared line's packing group on a Class 2 gas, "omit for Classes 2 and 7")."""
    props = schema.get("properties")
    if not isinstance(props, dict) or not props:
        return out

    def draw(name: str) -> Any:
        return value_for(props.get(name) or {}, rng, name=name, ref=ref)

    return dependencies.enforce(str(schema.get("description") or ""), props, out, draw, keep)


# "Fill only the ones the contest uses: CQ WW uses cq_zone; ARRL DX uses state_or_province or power;
# Field Day uses field_day_class and arrl_section" (set 24: one contact with four contests' fields)
_USES = re.compile(r"^\W*([A-Za-z0-9][\w/ .'-]{0,40}?)\s+(?:uses|takes|needs|requires|fills|has)\s+(.+)$", re.IGNORECASE)


def _other_groups(description: str, props: dict[str, Any], kept: set[str], rng: random.Random) -> set[str]:
    """The optional fields of the kinds of use an object's description names, but one kind's: the
    fields of the others, left out. Nothing where the description names fewer than two kinds."""
    groups = []
    for part in re.split(r";\s*|(?<=[a-z)])\.\s+|:\s+", description):
        m = _USES.match(part.strip())
        named = {n for n in props if m and re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", m.group(2))}
        if named:
            groups.append(named)
    if len(groups) < 2 or any(g & kept for g in groups):
        return set()
    chosen = rng.choice(groups)
    return set().union(*groups) - chosen


def _one_town(props: dict[str, Any], out: dict[str, Any], rng: random.Random, fixed: set[str]) -> None:
    """The city, state and ZIP of one US address agree ("Austin", "TX", "78741"), not three draws
    ("Porto", "MO", "01915"); only where the state is a two-letter code and none of them is fixed."""
    kinds = {semantic.infer(n, p): n for n, p in props.items() if isinstance(p, dict) and p.get("type") in
             (None, "string")}
    city, state, code = kinds.get("city"), kinds.get("state"), kinds.get("postcode")
    state = state or next((n for n in props if n.lower() in ("state", "state_code")), None)  # an enum of states (set 44)
    drawn = [n for n in (city, state, code) if n is not None and n in out]
    if state not in out or len(drawn) < 2 or set(drawn) & fixed or not re.fullmatch(r"[A-Z]{2}", str(out[state])):
        return
    town = rng.choice(sorted(semantic.US_STATES))
    tried = {**out, state: semantic.US_STATES[town]}
    if city in out:
        tried[city] = town
    if code in out:
        tried[code] = zips.real_zip(rng, town, semantic.US_STATES[town])
    if all(is_valid(props[n], tried[n]) for n in drawn):
        out.update(tried)
    elif city in out and city not in fixed and (town_in := _town_in(str(out[state]), rng)) is not None \
            and is_valid(props[city], town_in):  # a town of the state the call names (set 44: "Tulsa" in LA)
        out[city] = town_in


def _town_in(state: str, rng: random.Random) -> str | None:
    """A real town of a US state (by one of its delivering ZIP codes), or None."""
    found = zips.town_of(zips.real_zip(rng, state=state))
    return found[0] if found and found[1] == state else None


def _us_town_of_zip(obj: dict[str, Any], schema: dict[str, Any], kinds: dict[str, str], keep: frozenset[str]) -> None:
    """A city beside a US ZIP code is a US town, the ZIP's own (set 30: "Kyoto" with ZIP 38849,
    consignees in Bangalore for a carrier of the contiguous US)."""
    code = next((str(obj[n]) for n, k in kinds.items() if k == "postcode" and re.fullmatch(r"\d{5}", str(obj[n]))), None)
    town = zips.town_of(code) if code else None
    for n, k in kinds.items():
        if town and k == "city" and n not in keep and obj[n] not in semantic.CITY_POINTS and is_valid(schema[n], town[0]):
            obj[n] = town[0]


def _pair_coordinates(props: dict[str, Any], out: dict[str, Any], rng: random.Random, ref: datetime,
                      pool: dict[str, list[Any]]) -> None:
    """A latitude goes with its longitude: a point is both or neither (no lone 36.2585 on a citation)."""
    kinds = {semantic.infer(n, p): n for n, p in props.items() if isinstance(p, dict) and p.get("type") in
             ("number", "integer", "string")}
    lat, lon = kinds.get("latitude"), kinds.get("longitude")
    if lat is None or lon is None or (lat in out) == (lon in out):
        return
    missing = lon if lat in out else lat
    try:
        out[missing] = value_for(props[missing], rng, name=missing, ref=ref, pool=pool, optional=True)
    except Unsampleable:
        out.pop(lat if missing == lon else lon, None)


def _min_properties(schema: dict[str, Any], props: dict[str, Any], out: dict[str, Any],
                    rng: random.Random, ref: datetime) -> None:
    """A nested object meets its minProperties (a free-form `dict` stays empty otherwise)."""
    extra = schema.get("additionalProperties", True)
    want = int(schema.get("minProperties") or 0)
    for name, prop in props.items():
        if len(out) >= want:
            return
        if name not in out:
            out[name] = value_for(prop, rng, name=name, ref=ref)
    sub = extra if isinstance(extra, dict) else {"type": "string"}
    while len(out) < want and extra is not False:
        key = semantic.faker(rng).word()
        out.setdefault(key, value_for(sub, rng, name=key, ref=ref))


def _resampler(props: dict[str, dict[str, Any]], ref: datetime,
               pool: dict[str, list[Any]]) -> Resampler:
    """Fresh draws for constraint repairs, with the same sources as the first draw."""
    def draw(name: str, rng: random.Random, use_pool: bool) -> Any:
        base = name.removesuffix("[]")
        schema = props.get(base) or {}
        if name.endswith("[]"):
            items = dict_at(schema, "items", {"type": "string"})
            return value_for(items, rng, name=_singular(base), ref=ref)
        return value_for(schema, rng, name=name, ref=ref, pool=pool if use_pool else None)
    return draw


def repair_arguments(tool: Tool, args: dict[str, Any], rng: random.Random, *,
                     keep: set[str] | frozenset[str] = frozenset(), ref: datetime | None = None,
                     pool: dict[str, list[Any]] | None = None) -> dict[str, Any]:
    """`args` with contradicting parameter pairs (generator.core.constraints) made consistent,
    never changing the `keep` parameters; for callers that edit arguments after sampling."""
    props = tool.properties
    out = repair(props, args, rng, keep=keep, resample=_resampler(props, ref or REFERENCE_TIME, pool or {}))
    out = _kept_rules(tool, out, rng, frozenset(keep), ref or REFERENCE_TIME, pool or {})
    # a caller's optionals drawn before the call (TRAJECT's) keep the call's times too (set 45)
    out = _past_span(tool, out, frozenset(keep), ref or REFERENCE_TIME)  # and a search of things done looks back
    return on_its_shift(due_by_urgency(out, frozenset(keep), ref or REFERENCE_TIME), frozenset(keep))


@contextmanager
def centred_on(tool: Tool, rng: random.Random) -> Iterator[None]:
    """Values drawn inside the block for `tool`'s call lie around one town (generator.core.places):
    for callers that draw some of a call's values before `sample_arguments` fills the rest."""
    with places.centred(places.active() or _anchor(tool, rng)):
        yield


def sample_arguments(tool: Tool, rng: random.Random, *, optional_rate: float = 0.5,
                     fixed: dict[str, Any] | None = None, pool: dict[str, list[Any]] | None = None,
                     ref: datetime | None = None) -> dict[str, Any]:
    """Arguments for `tool` that validate against its parameters.

    Required parameters are always filled, optional ones with probability `optional_rate`.
    `fixed` values are used as given (the caller vouches for them); `pool` maps a parameter
    name to preferred values (e.g. a persona's places), used only when valid.
    `ref` is the reference time for dates and clock times (default REFERENCE_TIME).
    Cross-parameter constraints (generator.core.constraints) hold unless both sides are fixed.
    Raises Unsampleable when a required parameter has no valid value. A tool with a value
    profile is drawn until its rules hold (generator.core.profiles.obeying).
    """
    draw = partial(_sample_once, tool, rng, optional_rate, fixed, pool, ref)
    if tool.profile is None or not tool.profile.rules:
        return draw()
    from .profiles import obeying

    return obeying(tool, draw, ref or REFERENCE_TIME, rng, frozenset(fixed or {}))


def _recorded(tool: Tool, drawing: dict[str, Any]) -> dict[str, Any]:
    """`drawing` with the dates a record tool writes down drawn from the last few days (lore.recorded_moment)."""
    props = drawing.get("properties") or {}
    done = {n: {**s, "description": f"{lore.RECENT}; {s.get('description') or ''}"} for n, s in props.items()
            if isinstance(s, dict) and not _recent(s) and lore.recorded_moment(tool, n, s)}
    return {**drawing, "properties": {**props, **done}} if done else drawing


def _sample_once(tool: Tool, rng: random.Random, optional_rate: float, fixed: dict[str, Any] | None,
                 pool: dict[str, list[Any]] | None, ref: datetime | None) -> dict[str, Any]:
    with freetext.subject(semantic.tokens(tool.name)), freetext.in_domain(tool.domain), \
            freetext.vocabulary(*_own_words(tool)), places.centred(places.active() or _anchor(tool, rng)):
        keep, now = frozenset(fixed or {}), ref or REFERENCE_TIME
        drawing = _recorded(tool, _sized_things(tool, _in_stated_ranges(tool, lore.drawing_parameters(tool))))
        args = _fill_object(drawing, rng, optional_rate=optional_rate, fixed=dict(fixed or {}), pool=pool or {}, ref=now)
        args = _changing(tool, drawing, args, rng, keep, pool or {}, ref or REFERENCE_TIME)
        args = _distinct_texts(drawing, args, rng, keep, pool or {}, ref or REFERENCE_TIME)
        args = _agreeing_text(tool, drawing.get("properties") or {}, args, rng, keep)
        told = _categories(tool, drawing.get("properties") or {}, args)  # the kinds the text was made for

        def item(name: str) -> Any:  # one more item of list `name`
            return value_for(dict_at(dict_at(drawing.get("properties") or {}, name), "items"), rng, name=name,
                             ref=ref or REFERENCE_TIME)

        args = _agreeing_items(tool, drawing.get("properties") or {}, args, rng, keep)
        args = _one_line_per(drawing.get("properties") or {}, args, rng, keep)
        args = paired.each_once(tool.properties, args, rng, keep)  # low, mid and high "each once"
        args = paired.enough_listed(tool, args, keep, item)  # "at least two crew members"
        args = paired.one_per(tool, args, rng, keep, item)
        args = _titled_by_type(drawing.get("properties") or {}, args, keep)
        args = _own_accounts(tool, drawing.get("properties") or {}, args, rng, keep)
        args = _agreeing_places(tool.properties, args, keep)
        args = place_scale.one_trip(tool, args, rng, keep, pool or {})
        args = _at_the_town(tool.properties, args, rng, keep)
        args = _tax_on(tool.properties, args, rng, keep)
        args = _town_in_county(tool.properties, args, rng, keep)
        args = value_sense.agreeing_units(tool.properties, args, keep, tool.description)
        args = value_sense.amounts_in_pieces(tool.properties, args, rng, keep)
        args = value_sense.named_in_list(tool.properties, value_sense.weights_in_their_unit(tool.properties, args, keep), keep)
        args = value_sense.agreeing_families(drawing.get("properties") or {}, args, rng, keep)
        args = value_sense.stated_sizes(tool.properties, args, rng, keep)
        args = value_sense.rates_in_units(tool.properties, args, rng, keep)
        args = value_sense.examples_by_kind(tool.properties, args, rng, keep)
        args = value_sense.agree(tool, args, rng, keep)
        args = value_sense.ended_periods(tool, args, rng, keep, ref or REFERENCE_TIME)
        args = _unset_conditional(tool, args, keep)
        args = _unnamed_case(tool, args, keep)
        args = _exact_key_alone(tool, args, keep)
        args = _no_false_only(tool, args, keep)
        kept = _other_case(tool, _kept_rules(tool, args, rng, keep, now, pool or {}), keep)  # (the case a rule left out)
        kept = _kind_line_kept(drawing.get("properties") or {}, kept, told, keep)
        kept = _town_in_county(tool.properties, kept, rng, keep)  # a state a rule added (set 36)
        kept = value_sense.own_parts(tool, value_sense.examples_in_step(tool, value_sense.tied_examples(tool, kept, rng, keep), rng, keep), keep)
        kept = value_sense.addresses_in_their_form(tool.properties, value_sense.ids_of_their_place(tool, kept, rng, keep), rng, keep)
        kept = coords.in_their_place(tool.properties, kept, rng, keep)  # a point in it (set 41)
        kept = _same_scale(tool, kept, rng, keep)  # and a measure it added
        kept = _past_span(tool, kept, keep, ref or REFERENCE_TIME)
        kept = due_by_urgency(kept, keep, ref or REFERENCE_TIME)
        kept = on_its_shift(kept, keep)
        kept = value_sense.same_date(tool.properties, on_named_days(tool, in_opening_hours(tool, kept, keep, now), keep, now), keep)
        kept = of_todays_work(tool, kept, keep, ref or REFERENCE_TIME)
        kept = laid_out_years(tool.properties, kept, keep, ref or REFERENCE_TIME)
        kept = pinned.on_the_hour(tool.properties, pinned.on_their_day(tool.properties, kept, keep), keep)  # (set 41)
        kept = pinned.ended_period(tool.properties, kept, rng, keep, ref or REFERENCE_TIME)
        kept = readings.spread_angles(tool.properties, readings.near_known(tool.properties, kept, rng, keep), rng,
                                      keep)  # a response to its reference; sectors around the circle
        kept = _composed(tool.properties, kept, rng, keep)
        return {**{k: kept[k] for k in tool.properties if k in kept}, **kept}  # the schema's order, as a caller writes it


# "Only centers that take walk-ins", "If true, only ...", "When true, only cars with an open bad order" (set 40)
ONLY_FLAG = re.compile(r"^\s*(?:(?:if |when )?true(?:,| to)\s+)?(?:return |show |list |include )?only\b", re.IGNORECASE)


def _on_step(schema: dict[str, Any], value: Any) -> float | None:
    """A number moved onto its schema's `multipleOf` where the float a rule computed missed it by a
    rounding (the validator divides in floating point: 1537.9 / 0.1 is not whole): the nearest
    step the validator takes, or None."""
    step = schema.get("multipleOf")
    if not isinstance(value, float) or not isinstance(step, int | float) or isinstance(step, bool) or step <= 0:
        return None
    places = max(0, -math.floor(math.log10(step))) if step < 1 else 0
    base = round(value / step)
    for k in (0, 1, -1, 2, -2, 3, -3):
        candidate = round((base + k) * step, places)
        if is_valid(schema, candidate):
            return candidate
    return None


def _no_false_only(tool: Tool, args: dict[str, Any], fixed: frozenset[str]) -> dict[str, Any]:
    """An optional "Only centers that take walk-ins" flag set false filters nothing: left out, so
    no query says "whether or not" for a gold that reads as "not" (set 30, two readers)."""
    required = set(tool.required)
    return {k: v for k, v in args.items() if not (v is False and k not in required and k not in fixed and
                                                  ONLY_FLAG.match(str((tool.properties.get(k) or {}).get("description") or "")))}


# "Sponsor identification ... Required for political and issue copy."
_REQUIRED_CASE = re.compile(r"\bRequired (?:only )?(?:for|on|with) (?:an? |the )?[a-z]", re.IGNORECASE)


def _unnamed_case(tool: Tool, args: dict[str, Any], fixed: frozenset[str]) -> dict[str, Any]:
    """An optional parameter "Required for political and issue copy" where no value of the call
    says which case it is, is left out: the call cannot hold the case it belongs to (set 41: "Paid
    for by Garza for Congress" on a truck dealer's commercial)."""
    required = set(tool.required)
    named = {r.subject for r in dependencies.rules(tool.description, tool.properties)}
    return {k: v for k, v in args.items() if k in required or k in fixed or k in named or
            not _REQUIRED_CASE.search(str((tool.properties.get(k) or {}).get("description") or ""))}


def _other_case(tool: Tool, args: dict[str, Any], fixed: frozenset[str]) -> dict[str, Any]:
    """An optional text that is the catalog's one example and tells of another parameter the call
    leaves out is left out too: "Laycan narrowed at owners request" on an amendment that changes
    only the demurrage rate (set 42: the example reason on every amendment)."""
    required = set(tool.required)
    out = dict(args)
    for name, value in args.items():
        spec = tool.properties.get(name) or {}
        if name in required or name in fixed or not isinstance(value, str) or spec.get("enum") or \
                value not in allowed.read(str(spec.get("description") or "")).examples:
            continue
        told = {w.lower() for w in re.findall(r"[A-Za-z]{4,}", value)}
        if any(set(semantic.tokens(p)) & told for p in tool.properties if p != name and p not in args and
               not set(semantic.tokens(p)) & set(semantic.tokens(name))):
            out.pop(name)
    return out


def _unset_conditional(tool: Tool, args: dict[str, Any], fixed: frozenset[str]) -> dict[str, Any]:
    """An optional flag the tool's prose turns on under a condition ("Milk over 45 °F must not be
    picked up; record it with refused=true instead") stays unset: the draw never holds the
    condition, and a refused pickup of milk at 40 °F is no record anyone keeps."""
    required = set(tool.required)
    said = [n for n, s in tool.properties.items() if n in args and n not in fixed and n not in required
            and isinstance(s, dict) and s.get("type") == "boolean" and args[n] is True
            and re.search(rf"\b(?:{re.escape(n)}\s*[=:]\s*|set {re.escape(n)} to )true\b", tool.description, re.IGNORECASE)]
    return {k: v for k, v in args.items() if k not in said}


_SEARCH_VERBS = frozenset({"search", "find", "look", "lookup", "list", "browse", "query", "filter"})
_EXACT = re.compile(r"^\s*(?:the )?exact\b", re.IGNORECASE)


def _exact_key_alone(tool: Tool, args: dict[str, Any], fixed: frozenset[str]) -> dict[str, Any]:
    """A search given the exact number of the one record it finds ("Exact member number") is
    given nothing else: nobody adds a surname and a membership class to a member number (set 29:
    "search the roster for member M-0860 for senior with the last name Blankenship")."""
    words = semantic.tokens(tool.name)
    required = set(tool.required)
    exact = [n for n in args if n not in required and _EXACT.match(str((tool.properties.get(n) or {}).get("description")
                                                                        or ""))]
    if not words or words[0] not in _SEARCH_VERBS or not exact:
        return args
    return {k: v for k, v in args.items() if k in required or k in fixed or k == exact[0]}


def _distinct_texts(drawing: dict[str, Any], args: dict[str, Any], rng: random.Random, fixed: frozenset[str],
                    pool: dict[str, list[Any]], ref: datetime) -> dict[str, Any]:
    """Two parameters of one call never share one piece of text ("Heatwave expected this weekend"
    as both the journal and the article title): the later one is drawn again, up to three times."""
    props = drawing.get("properties") or {}
    seen: set[str] = set()
    for name, value in list(args.items()):
        if not isinstance(value, str) or " " not in value.strip():
            continue
        for _ in range(3):
            if value not in seen or name in fixed or not isinstance(props.get(name), dict):
                break
            one = {"type": "object", "properties": {name: props[name]}, "required": [name]}
            value = _fill_object(one, rng, optional_rate=0.0, fixed={}, pool=pool, ref=ref)[name]
            args[name] = value
        seen.add(value)
    return args


# First words of a tool that changes a record: its optional parameters are the change.
CHANGE_VERBS = frozenset({"update", "modify", "edit", "change", "transfer", "move", "reschedule", "amend", "adjust",
                           "patch", "reassign", "rename", "relocate"})


def _changing(tool: Tool, drawing: dict[str, Any], args: dict[str, Any], rng: random.Random,
              fixed: frozenset[str], pool: dict[str, list[Any]], ref: datetime) -> dict[str, Any]:
    """A call of a tool that changes a record, whose required parameters only name the record,
    sets one of its optional parameters away from its default: `transfer_registration` with
    neither a new race nor a deferral moves nothing (a value first, else a flag turned on)."""
    props = drawing.get("properties") or {}
    words = semantic.tokens(tool.name)
    required = set(drawing.get("required") or [])
    if not words or words[0] not in CHANGE_VERBS:
        return args
    if any(semantic.infer(p, props.get(p) or {}) != "id" and semantic.tokens(p)[-1:] not in _RECORD_NUMBERS
           and not _when_it_takes_effect(p, props.get(p) or {}) for p in required):
        return args  # the change is a required value
    options = [p for p, s in props.items() if p not in required and isinstance(s, dict) and semantic.infer(p, s) != "id"
               and not set(semantic.tokens(p)) & _ASIDES]  # a reason or a note changes nothing (set 30)
    if any(args.get(p) not in (None, False, props[p].get("default")) for p in options):
        return args
    options = [p for p in options if p not in fixed]  # a caller's values stand (a lean call's defaults)
    if not options:
        return args
    values = [p for p in options if props[p].get("type") != "boolean"]
    name = values[0] if values else options[0]
    if props[name].get("type") == "boolean":
        return {**args, name: True}
    one = {"type": "object", "properties": {name: props[name]}, "required": [name]}
    return {**args, **_fill_object(one, rng, optional_rate=0.0, fixed={}, pool=pool, ref=ref)}


_ASIDES = frozenset({"reason", "note", "notes", "comment", "comments", "memo", "explanation", "remarks"})


def _when_it_takes_effect(name: str, schema: dict[str, Any]) -> bool:
    """A required date of when a change takes effect, no change itself: `effective_date` "First
    day of the new plan" (set 30: a plan "changed" with nothing but the day); a `new_date` is one."""
    words = set(semantic.tokens(name))
    return is_temporal(name, schema) is not None and not words & {"new", "to", "moved", "rescheduled", "next"}


# Last words of a required parameter that names a record's part rather than a change: an order's
# `line_number`, a list's `index` (set 27: "change the quantity ... for line 1" and no quantity).
_RECORD_NUMBERS = (["number"], ["no"], ["num"], ["index"], ["line"], ["seq"], ["position"])


def _in_stated_ranges(tool: Tool, drawing: dict[str, Any]) -> dict[str, Any]:
    """The drawing schema narrowed to the ranges the tool's prose states (generator.core.quantities):
    a reading inside its target band ("45–55 % RH"), a balance among "BAL-01 .. BAL-06"."""
    props = drawing.get("properties") or {}
    bands = quantities.bands(tool.description, props)
    series: dict[str, list[Any]] = {**quantities.series(tool.description, props), **{
        n: [int(v) if props[n].get("type") == "integer" else v for v in vs]
        for n, vs in quantities.amounts(tool.description, props, set(semantic.tokens(tool.name))).items()}}
    if not bands and not series:
        return drawing
    out = {**drawing, "properties": dict(props)}
    for name, (lo, hi) in bands.items():
        own_lo, own_hi = _hard_bounds(props[name])
        lo, hi = max(lo, own_lo if own_lo is not None else lo), min(hi, own_hi if own_hi is not None else hi)
        listed = props[name].get("enum")
        if isinstance(listed, list) and listed and not any(isinstance(v, int | float) and lo <= v <= hi for v in listed):
            continue  # the prose's band is another thing's: the parameter's own listed values stand
        if lo < hi:
            out["properties"][name] = {**props[name], "minimum": lo, "maximum": hi, STATED_BAND: True}
    for name, members in series.items():
        if all(is_valid(props[name], m) for m in members):
            out["properties"][name] = {**props[name], "enum": members}
    return out


THING_SIZE = "x-thing-size"  # a drawing-schema mark: the bounds are the thing's range, not a person's
STATED_BAND = "x-stated-band"  # a drawing-schema mark: the bounds are a band the prose states ("target 34-38"),
# a reading's range, never a scale's whole points


def _sized_things(tool: Tool, drawing: dict[str, Any]) -> dict[str, Any]:
    """The drawing schema with the measures of the thing a tool handles (an object's `height_cm`,
    `width_cm`, `weight_kg`) in a thing's range, not a person's body (quantities.thing_size);
    a tool about patients or members keeps its body measures."""
    if quantities.about_bodies(f"{tool.name} {tool.description}"):
        return drawing
    return _sized(drawing)


def _sized(schema: dict[str, Any]) -> dict[str, Any]:
    props = schema.get("properties")
    if not isinstance(props, dict):
        return schema
    out = dict(props)
    for name, prop in props.items():
        if not isinstance(prop, dict):
            continue
        if isinstance(prop.get("properties"), dict):
            out[name] = _sized(prop)
        elif isinstance(prop.get("items"), dict) and isinstance(prop["items"].get("properties"), dict):
            out[name] = {**prop, "items": _sized(prop["items"])}
        elif schema_type(prop) in ("number", "integer") and not prop.get("enum") and \
                (size := quantities.thing_size(name)) is not None and quantities.measure(name, prop) is None \
                and not quantities.of_a_run(name, str(prop.get("description") or "")):  # a well's depth in feet is no box's
            own_lo, own_hi = _said_bounds(prop, *_hard_bounds(prop))  # "a loaded truck weighs 16,000 to 26,000 lb"
            lo, hi = max(size[0], own_lo if own_lo is not None else size[0]), \
                min(size[1], own_hi if own_hi is not None else size[1])
            out[name] = {**prop, "minimum": lo, "maximum": hi, THING_SIZE: True} if lo < hi else prop
    return {**schema, "properties": out}


def _own_words(tool: Tool) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return _words_of(schema_key(tool.parameters) or "{}")


_SETTING_WORDS = frozenset({"status", "state", "priority", "mode", "sort", "order", "unit", "units", "format",
                            "severity", "level", "direction"})
_CATCH_ALL = frozenset({"other", "none", "all", "any", "unknown", "n/a"})


@lru_cache(maxsize=1024)
def _words_of(key: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The words a tool's schema offers for its free text: the examples of every parameter,
    nested ones too ("Paraloid B-72", "surface cleaning"), and its enum values ("sculpture")."""
    examples: list[str] = []
    choices: list[str] = []
    for path, schema in lore.leaves(json.loads(key)):
        if not _SETTING_WORDS & set(semantic.tokens(path)):  # a status or a unit is no subject
            choices.extend(str(v) for v in schema.get("enum") or [] if isinstance(v, str) and v.lower() not in _CATCH_ALL)
        examples.extend(str(v) for v in examples_of(schema) if isinstance(v, str))
    return tuple(examples), tuple(choices)


_EG_QUOTED = re.compile(r"\be\.g\.,?\s*['\"]([^'\"]{8,})['\"]")


def _agreeing_items(tool: Tool, props: dict[str, Any], args: dict[str, Any], rng: random.Random,
                    keep: frozenset[str]) -> dict[str, Any]:
    """`_agreeing_text` over each object of a list (an estimate's lines): a line of crown cleaning
    never carries the one example note of a crown raise (set 32)."""
    for name, value in args.items():
        items = dict_at(dict_at(props, name), "items")
        inner, needed = items.get("properties"), frozenset(items.get("required") or [])
        if name in keep or not isinstance(value, list) or not isinstance(inner, dict):
            continue  # (a line's own required fields stay: set 32, a claim's items without descriptions)
        args[name] = [_agreeing_text(tool, inner, dict(obj), rng, frozenset(), needed) if isinstance(obj, dict) else obj
                      for obj in value]
    return args


_PER = re.compile(r"\bper ([A-Za-z]+(?: and (?:[A-Z]{2,5} )?[a-z]+)?)\b")


def _one_line_per(props: dict[str, Any], args: dict[str, Any], rng: random.Random,
                  keep: frozenset[str]) -> dict[str, Any]:
    """A list given "per species" (or "per species and FAO area") holds one item for each: an
    item repeating another's key takes an unused member of the key's enum (set 38: two catches
    of horse mackerel in one report)."""
    for name, value in args.items():
        spec = dict_at(props, name)
        inner = dict_at(dict_at(spec, "items"), "properties")
        m = _PER.search(str(spec.get("description") or ""))
        if name in keep or not isinstance(value, list) or not inner or m is None:
            continue
        said = {semantic.singular(w) for w in semantic.tokens(m.group(1)) if w != "and"}
        keys = [k for k in inner if {semantic.singular(w) for w in semantic.tokens(k)} & said and dict_at(inner, k).get("enum")]
        seen: set[tuple[Any, ...]] = set()
        for obj in (o for o in value if isinstance(o, dict) and keys):
            key = tuple(obj.get(k) for k in keys)
            if key in seen:
                free = [e for e in dict_at(inner, keys[0])["enum"] if (e, *key[1:]) not in seen]
                obj[keys[0]] = rng.choice(free) if free else obj[keys[0]]
            seen.add(tuple(obj.get(k) for k in keys))
    return args


# The last word of a parameter whose value is the kind of the thing the call is about ("issue_type",
# "problem_category", "diagnosis"), not a degree of it (a severity, a priority, a status).
_KIND_WORDS = frozenset({"type", "kind", "category", "class", "issue", "problem", "complaint", "reason", "cause", "service",
                         "diagnosis", "defect", "fault", "symptom", "incident"})


# The words of a parameter that tells what happened or what is wanted, in the caller's words
# ("problem_description", "notes"; never "access_notes", which tells the way in).
_ACCOUNTS = frozenset({"description", "explanation", "summary", "details", "detail", "notes", "note", "narrative",
                       "complaint", "problem", "remarks", "comment", "comments", "symptoms", "findings", "issue",
                       "short", "long", "free", "text"})


# Names of a field that tells what happened (never a reminder's own "text": set 45 kept to these).
_TOLD = frozenset({"details", "detail", "description", "narrative", "explanation", "summary"})


def _the_kind(cats: freetext.Chosen, props: dict[str, Any] | None = None) -> str:
    """The call's kind as a line of its own: two words or more say it ("Roof leak"), one word says
    it with its parameter's head noun ("Leak issue", "Body defect", "Emergency work", "Theft loss"
    for a loss cause), never with the thing the tool handles ("leak pool ticket", set 7)."""
    name = _told_kind(props or {}, cats) or next(iter(cats))
    value = cats[name][0]
    kind = value.replace("_", " ").replace("-", " ")
    if len(kind.split()) >= 2:
        return kind.capitalize()
    head = [w for w in semantic.tokens(name) if w not in ("type", "kind", "category", "class", "code", "cause", "reason")]
    return f"{kind} {head[-1]}".capitalize() if head else kind.capitalize()  # a bare `category`: "Currency", never
    # "Currency problem" for an evidence item (set 42)


def _kind_line_kept(props: dict[str, Any], args: dict[str, Any], told: freetext.Chosen,
                    keep: frozenset[str]) -> dict[str, Any]:
    """A text that is the kind said as a line ("Ammunition") follows the kind when a later pass
    changed it (set 42: a firearm "described as Ammunition")."""
    name = _told_kind(props, told) if told else None
    if name is None or args.get(name) == told[name][0] or not isinstance(args.get(name), str):
        return args
    old = _the_kind(told, props)
    now = _the_kind({**told, name: (args[name], told[name][1])}, props)
    return {k: now if v == old and k not in keep and is_valid(props.get(k) or {}, now) else v for k, v in args.items()}


def _told_kind(props: dict[str, Any], cats: freetext.Chosen) -> str | None:
    """The category that is the kind of thing the call's free text tells of (a ticket's issue type,
    a treatment's diagnosis, a loss's cause), the first such in the schema's order."""
    for name in cats:
        said = str((props.get(name) or {}).get("description") or "")
        words = [w for w in semantic.tokens(name) if w not in ("code", "codes", "id")]  # `reason_code` is a reason
        if (words or [""])[-1] in _KIND_WORDS or \
                re.match(r"\s*(?:the )?(?:kind|type|category|class) of\b", said, re.IGNORECASE):
            return name
    return None


def _a_kind(props: dict[str, Any], cats: freetext.Chosen) -> bool:
    """Whether the call has a category that is the kind of thing its free text tells of: the
    catalog's one example line ("Gateway shows 4 of 22 micros not reporting since Tuesday") tells
    of one kind only, never of a roof leak or a battery fault (set 31: one example note under
    every ticket type)."""
    return _told_kind(props, cats) is not None


def _one_case(value: str, pool: list[str], cats: freetext.Chosen, props: dict[str, Any]) -> list[str]:
    """[value] when it is the catalog's one example sentence and the call's kind has many members
    that sentence names none of: the example tells of one case ("struck from behind by a pickup")
    and reads false under any other (set 35: the same rear-end account for thefts and hail)."""
    name = _told_kind(props, cats)
    if name is None or value not in pool or len(value.split()) < 4 or len(cats[name][1]) < 4:
        return []
    words = set(semantic.tokens(value))
    return [] if any(set(semantic.tokens(m)) & words for m in cats[name][1]) else [value]


def _categories(tool: Tool, props: dict[str, Any], args: dict[str, Any]) -> freetext.Chosen:
    """The call's categorical values (a short word of a closed list: an incident's type, a work
    order's component) with the words that tell each member apart."""
    out = {}
    for name, value in ((n, args[n]) for n in props if n in args):  # in the schema's order: "corrective gearbox"
        enum = (props.get(name) or {}).get("enum") or []
        if isinstance(value, str) and len(enum) >= 2 and not lore.entity_keys(name) and \
                all(isinstance(e, str) and len(e.split()) <= 3 and not lore.id_like(e) for e in enum):
            prose = f"{tool.description} {(props.get(name) or {}).get('description') or ''}"
            out[name] = (value, freetext.glosses(prose, enum, freetext.stems(tool.name)))
    return out


_SMALL_WORDS = frozenset({"of", "to", "for", "and", "or", "the", "a", "an", "in", "on", "by"})


def _titled_by_type(props: dict[str, Any], args: dict[str, Any], keep: frozenset[str]) -> dict[str, Any]:
    """A document's title names the kind of document the call files: "Notice of Appeal" for a
    `notice_of_appeal`, never the catalog's one example title ("Defendant's Motion to Compel
    Discovery") on an affidavit. Kept where the title already names the type."""
    kinds = [v for n, v in args.items() if semantic.tokens(n)[-1:] == ["type"] and isinstance(v, str)
             and re.fullmatch(r"[a-z]+(?:_[a-z]+)*", v) and (props.get(n) or {}).get("enum")]
    for name, value in list(args.items()):
        if name in keep or semantic.tokens(name)[-1:] != ["title"] or not isinstance(value, str) or len(kinds) != 1:
            continue
        words = kinds[0].split("_")
        if all(w in value.lower() for w in words if w not in _SMALL_WORDS):
            continue
        said = " ".join(w if i and w in _SMALL_WORDS else w.capitalize() for i, w in enumerate(words))
        if is_valid(props.get(name) or {}, said):
            args[name] = said
    return args


def _agreeing_text(tool: Tool, props: dict[str, Any], args: dict[str, Any], rng: random.Random,
                   keep: frozenset[str], required: frozenset[str] | None = None) -> dict[str, Any]:
    """Free text that speaks of its call's own categories: a sharps incident is not described as
    bed bugs, a gearbox work order's summary is not a website kickoff. Text that speaks of another
    member, or wording from another life, is replaced by a catalog line that agrees (or one made
    of the call's values); an optional one with nothing agreeing is left out."""
    cats = _categories(tool, props, args)
    required = frozenset(tool.parameters.get("required") or []) if required is None else required
    for name, value in list(args.items()) if cats else []:
        schema = props.get(name) or {}
        if name in keep or name in cats or not isinstance(value, str) or _CAPTION.fullmatch(value) or \
                (semantic.infer(name, schema) != "text" and not freetext.everyday(value) and
                 not set(semantic.tokens(name)) & _TOLD):  # "details" is prose too (set 45: one freezer alarm
            # for every hold)
            continue  # (a case caption names its parties: no prose to agree with the call)
        quoted = _EG_QUOTED.findall(str(schema.get("description") or ""))  # "e.g. 'uncapped needle in a sheet'"
        listed = [*(schema.get("enum") or []), *examples_of(schema), *allowed.read(str(schema.get("description") or "")).allowed]
        pool = [p for p in [*listed, *quoted] if isinstance(p, str)]
        if listed and all(isinstance(p, str) and len(p.split()) <= 3 for p in listed):
            continue  # a reason code from a list ("expired, lipemic, ...") is a category of its own, not prose
        one_case = _one_case(value, pool, cats, props)
        if freetext.fits(value, cats) and not one_case:
            continue
        if name not in required and not any(freetext.fits(p, cats) for p in pool):
            args.pop(name)
            continue
        # a field the catalog shows as a whole sentence ("car stops 2 inches below floor 5, doors
        # reopen") takes such a line that speaks of no other member, never a read-out of the
        # call's values ("callback emergency work order")
        # ... unless the call's kind has a witness's line of its own: a catalog line of no kind (a
        # top drive repaired) never tells of an event waiting on weather (set 22: 27 of 29 events)
        told = [p for p in pool if len(p.split()) >= 4 and freetext.agreement(p, cats) is not None] or one_case
        witness = freetext.what_happened(rng, cats, semantic.tokens(tool.name)[1:])
        if told and not witness and _a_kind(props, cats) and set(semantic.tokens(name)) <= _ACCOUNTS:
            if name not in required:  # the one example tells of one kind, not of this one: left out,
                args.pop(name)  # else the kind in words ("Roof leak", "Leak issue")
            elif is_valid(schema, said := _the_kind(cats, props)):
                args[name] = said
            continue
        text = witness if witness and not any(freetext.fits(p, cats) for p in pool) else \
            rng.choice(told) if told and not any(freetext.fits(p, cats) for p in pool) else \
            freetext.about_call(rng, cats, semantic.tokens(tool.name)[1:], pool, tool.description)
        if text and is_valid(tool.properties.get(name) or {}, text):
            args[name] = text
    return args


# "Statement is the appellant's own account", "written in the first person by the claimant"
_OWN_ACCOUNT = r"(?:own (?:account|words|statement)|(?:in the )?first[- ]person|written by the (?:appellant|applicant|" \
               r"claimant|customer|requester|resident|patient|complainant|passenger|guest))"


def _own_accounts(tool: Tool, props: dict[str, Any], args: dict[str, Any], rng: random.Random,
                  keep: frozenset[str]) -> dict[str, Any]:
    """Free text the prose says is a person's own account is written by that person, about the
    call's own reason ("I am asking for this appeal because of meter malfunction."), not a stock
    topic padded with formal sentences."""
    owned = _own_account_params(tool)
    for name, value in list(args.items()):
        schema = props.get(name) or {}
        if name in keep or not isinstance(value, str) or name not in owned:
            continue
        lo = int(_num(schema.get("minLength")) or 0)
        account = freetext.own_account(rng, _categories(tool, props, args), semantic.tokens(tool.name)[1:], lo)
        if account and is_valid(tool.properties.get(name) or {}, account):
            args[name] = account
    return args


@by_identity(kinds=(Tool,))
def _own_account_params(tool: Tool) -> frozenset[str]:
    """The tool's parameters whose prose says they are a person's own account (found once per tool)."""
    out = set()
    for name, schema in tool.properties.items():
        schema = schema if isinstance(schema, dict) else {}
        text = f"{tool.description} {schema.get('description') or ''}"
        spoken = r"[\s_]".join(map(re.escape, name.split("_")))
        if re.search(rf"\b{spoken}\b[^.]*?{_OWN_ACCOUNT}", text, re.IGNORECASE) or \
                re.search(_OWN_ACCOUNT, str(schema.get("description") or ""), re.IGNORECASE):
            out.add(name)
    return frozenset(out)


_CITY_COUNTRY = dict(semantic.CITIES)


def _agreeing_places(props: dict[str, Any], args: dict[str, Any], keep: frozenset[str]) -> dict[str, Any]:
    """A city and a country drawn side by side agree ("Mexico City" is in MX, never GB): the
    country is made the city's, written as the drawn one was, in every object of the call
    (a loan's venue, each stop of a route)."""
    kinds = {n: semantic.infer(n, s) for n, s in props.items() if isinstance(s, dict)}
    city = next((n for n, k in kinds.items() if k == "city" and isinstance(args.get(n), str)), None)
    country = next((n for n, k in kinds.items() if k in ("country", "country_code")
                    and isinstance(args.get(n), str) and n not in keep), None)
    code = _CITY_COUNTRY.get(args[city]) if city else None
    if country and code:
        value = codes.same_form(code, args[country])
        if value is not None and is_valid(props[country], value):
            args[country] = value
    for name, value in args.items():  # the same inside nested objects and lists of them
        schema = props.get(name) or {}
        inner = dict_at(schema, "items", schema) if isinstance(value, list) else schema
        for obj in (value if isinstance(value, list) else [value]):
            if isinstance(obj, dict) and isinstance(inner.get("properties"), dict):
                _agreeing_places(inner["properties"], obj, frozenset())
    return args


_TAX_ON = re.compile(r"\btax(?:es)? (?:on|of) (?:the )?([\w-]+(?: [\w-]+)?)", re.IGNORECASE)


def _tax_on(props: dict[str, Any], args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """A tax the description says is on another amount of the call ("Sales tax on the ACV at the
    owner's local rate") at a sales-tax rate of that amount, 4 to 9.5%: never 210 USD on a
    25000 USD car (set 35)."""
    for name, value in list(args.items()):
        schema = props.get(name) or {}
        m = _TAX_ON.search(str(schema.get("description") or ""))
        if name in keep or m is None or "tax" not in semantic.tokens(name) or not isinstance(value, int | float):
            continue
        said = {w.lower() for w in m[1].split()}
        base = next((n for n, v in args.items() if n != name and isinstance(v, int | float) and not isinstance(v, bool)
                     and said & set(semantic.tokens(n))), None)
        if base is None:
            continue
        taxed = round(float(args[base]) * rng.choice((4, 5, 6, 6.25, 7, 7.5, 8, 8.25, 9, 9.5)) / 100, 2)
        if is_valid(schema, taxed if isinstance(value, float) or schema_type(schema) == "number" else round(taxed)):
            args[name] = taxed if schema_type(schema) == "number" else round(taxed)
    return args


_COMPOSED = re.compile(r"\b([a-z]+(?: [a-z]+)?) plus (\d|one|two|three|four|five|six) (?:more )?digits?\b", re.IGNORECASE)
_COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _composed(props: dict[str, Any], args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """An id the description builds from a sibling's value ("Protocol number of the study, product
    code plus 3 digits, e.g. 'HT-1042-301'") is that value and its own digits: a study of the call's
    product, never of another (set 36: study HT-6098-645 for product HT-3149)."""
    for name, value in list(args.items()):
        schema = props.get(name) or {}
        m = _COMPOSED.search(str(schema.get("description") or ""))
        if name in keep or m is None or not isinstance(value, str):
            continue
        said = set(m[1].lower().split())
        base = next((n for n, v in args.items() if n != name and isinstance(v, str) and said <= set(semantic.tokens(n))), None)
        if base is None:
            continue
        n = int(m[2]) if m[2].isdigit() else _COUNTS[m[2].lower()]
        sep = value[-n - 1] if len(value) > n and not value[-n - 1].isalnum() else ""
        built = f"{args[base]}{sep}{''.join(str(rng.randint(0, 9)) for _ in range(n))}"
        args[name] = built if is_valid(schema, built) else value
    return args


# Verbs of a tool that computes over records already kept: the span it reads lies in the past.
_COMPUTING = frozenset({"compute", "calculate", "run", "analyze", "analyse", "summarize", "summarise", "aggregate",
                        "audit", "export", "tally", "trend"})
_SPAN_SIDES = (("start", "end"), ("from", "to"), ("begin", "end"))
# A search over records of what was done ("sold_from" .. "sold_to": notes of sales made) looks back;
# one over what is planned or due looks ahead (set 38: sales notes searched for the coming weeks).
_SEARCHING = frozenset({"search", "list", "find", "query", "lookup"})
_HISTORY_WORDS = frozenset({"history", "histories", "log", "logs", "audit", "ledger", "past"})
_DONE_IRREGULAR = frozenset({"sold", "paid", "made", "sent", "built", "done", "taken", "given", "written", "born",
                             "bought", "caught", "held", "won", "lost", "spent", "found", "seen", "heard", "drawn"})
_SPAN_AHEAD = frozenset({"scheduled", "planned", "expected", "due", "booked", "reserved", "requested", "estimated"})


def _done_span(name: str) -> bool:
    """Whether a span's parameter names a thing done (`sold_from`, `issued_to`, `landed_start`)."""
    from ..phrasebook.lexicon import verb_lemma

    said = [w for w in semantic.tokens(name) if w not in {s for pair in _SPAN_SIDES for s in pair}]
    return any(w in _DONE_IRREGULAR or w.endswith("ed") and w not in _SPAN_AHEAD and verb_lemma(w) not in (None, w)
               for w in said)


def _past_span(tool: Tool, args: dict[str, Any], keep: frozenset[str], ref: datetime) -> dict[str, Any]:
    """A period a computation reads ("Compute a disproportionality statistic ... over a period")
    ends by the call's day: a span drawn ahead of it is moved back whole, its length kept (set 36:
    signal detection run over June to December of a June call)."""
    words = semantic.tokens((tool.api or tool.name).rsplit(".", 1)[-1])
    history = bool(_HISTORY_WORDS & set(words[1:]))  # `get_notam_history`: what was done (set 39: June to August)
    if not words or words[0] not in _COMPUTING | _SEARCHING and not history:
        return args
    for first, second in _span_pairs(args):
        if {first, second} & keep or words[0] in _SEARCHING and not history and not _done_span(first):
            continue
        try:
            a, b = (datetime.fromisoformat(str(args[n])[:10]) for n in (first, second))
        except ValueError:
            continue
        if b.date() > ref.date() and b >= a:
            back = (b - ref.replace(hour=0, minute=0, second=0, microsecond=0)).days + 1
            for n in (first, second):
                moved = (datetime.fromisoformat(str(args[n])[:10]) - timedelta(days=back)).strftime("%Y-%m-%d")
                args[n] = moved + str(args[n])[10:]
    return _lone_bound_past(args, keep, ref) if words[0] in _SEARCHING or history else args


def _lone_bound_past(args: dict[str, Any], keep: frozenset[str], ref: datetime) -> dict[str, Any]:
    """A search of what was done bounded on one side only (`found_from` with no `found_to`) opens
    by the call's day: "search hazards found since June 4" of a June 2 call finds nothing (set 45:
    13 searches opening in the future)."""
    paired = {n for pair in _span_pairs(args) for n in pair}
    for name in [n for n in args if n not in paired and n not in keep and _done_span(n)]:
        if semantic.tokens(name)[-1:] not in (["from"], ["start"], ["since"], ["after"]):
            continue
        try:
            day = datetime.fromisoformat(str(args[name])[:10])
        except ValueError:
            continue
        if day.date() > ref.date():
            back = (day.date() - ref.date()).days + 1 + day.day % 14  # a day or weeks back, by its own digits
            args[name] = (day - timedelta(days=back)).strftime("%Y-%m-%d") + str(args[name])[10:]
    return args


def _span_pairs(args: dict[str, Any]) -> list[tuple[str, str]]:
    """The (opening, closing) date parameters of the call's spans: `period_start`/`period_end`."""
    out = []
    dated = {n for n, v in args.items() if re.match(r"\d{4}-\d{2}-\d{2}", str(v))}
    for name in dated:
        words = semantic.tokens(name)
        for opens, closes in _SPAN_SIDES:  # `period_start`/`period_end`, and `from_date`/`to_date` (set 39)
            other = "_".join([*words[:-1], closes]) if words and words[-1] == opens else \
                "_".join([closes, *words[1:]]) if len(words) > 1 and words[0] == opens else None
            match = next((n for n in dated if other and "_".join(semantic.tokens(n)) == other), None)
            if match:
                out.append((name, match))
    return sorted(out)


# The unit words a name may close on that say a measure of one scale ("psig", "kg", "usd").
_SCALED_UNITS = frozenset({"psig", "psi", "kpa", "bar", "mv", "kv", "kw", "kwh", "kg", "lb", "lbs", "usd", "eur", "gbp",
                           "ft", "m", "km", "mi", "gal", "l", "mph", "kn", "rpm", "hz"})


@by_identity(kinds=(Tool,))
def _scale_examples(tool: Tool) -> tuple[dict[str, float], dict[str, float]]:
    """(unit -> the first example of a measure in it, parameter -> its own example), read once per tool."""
    per_unit: dict[str, float] = {}
    own: dict[str, float] = {}
    for name, schema in tool.properties.items():
        unit = semantic.tokens(name)[-1:] if isinstance(schema, dict) else []
        m = _EXAMPLE_NUMBER.search(str(schema.get("description") or "")) if unit and unit[0] in _SCALED_UNITS else None
        if m is not None and float(m[1]) > 0:
            per_unit.setdefault(unit[0], float(m[1]))
            own[name] = float(m[1])
    return per_unit, own


def _same_scale(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """A measure in a unit of one scale (`_psig`, `_kg`) is of the scale of the catalog's example:
    its own (a restriction "e.g. 720" is never 87 psig), else its call's sibling's in the same unit
    (an operating pressure of 93 psig beside it; set 36). Redrawn within half to one and a half
    times the example where it strays past a quarter or four times its own (a third or three times
    a sibling's)."""
    per_unit, own = _scale_examples(tool)
    for name, value in list(args.items()):
        unit = semantic.tokens(name)[-1:]
        if name in keep or not unit or unit[0] not in per_unit or isinstance(value, bool) or not isinstance(value, int | float):
            continue
        example, spread = (own[name], 4.0) if name in own else (per_unit[unit[0]], 3.0)  # its own: a wider berth
        if example / spread <= value <= example * spread:
            continue
        schema = tool.properties.get(name) or {}
        drawn: float = rng.uniform(example * 0.5, example * 1.5)
        drawn = int(round(drawn, -1)) if schema_type(schema) == "integer" else round(drawn, 1)
        args[name] = drawn if is_valid(schema, drawn) else value
    return args


def _at_the_town(props: dict[str, Any], args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """A call's address and its coordinates and ZIP code name one town (set 27: a 911 address in
    Phoenix at coordinates in Spokane, an Austin address with ZIP 76823): the ZIP beside a known
    town gets its first three digits, and coordinates of the call lie a few km from that town."""
    town = None
    for obj, schema in [(args, props), *((v, (props.get(n) or {}).get("properties") or {})
                                          for n, v in args.items() if isinstance(v, dict))]:
        kinds = {n: semantic.infer(n, s) for n, s in schema.items() if isinstance(s, dict) and n in obj}
        _us_town_of_zip(obj, schema, kinds, keep)
        city = next((obj[n] for n, k in kinds.items() if k == "city" and isinstance(obj[n], str)
                     and obj[n] in semantic.CITY_POINTS), None)
        for n, k in kinds.items():
            zip_code = semantic.zip_of(city, str(obj[n])) if city and k == "postcode" and n not in keep else None
            if zip_code and is_valid(schema[n], zip_code):
                obj[n] = zip_code
        town = town or city
    if town is None:
        return args
    for n, s in props.items():
        axis = semantic.infer(n, s) if isinstance(s, dict) and isinstance(args.get(n), float) and n not in keep else None
        if axis in ("latitude", "longitude"):
            centre = semantic.CITY_POINTS[town][0 if axis == "latitude" else 1]
            near = round(centre + rng.uniform(-0.06, 0.06), 4)
            args[n] = near if is_valid(s, near) else args[n]
    return args


def _county_of_state(props: dict[str, Any], args: dict[str, Any], county: str, state: str,
                     rng: random.Random) -> dict[str, Any]:
    """The county beside a two-letter state lies in it (set 36: "for state LA with the county
    Tarrant"): one of the state's larger counties, written as the drawn one was ("X County")."""
    if zips.towns_in(args[county], state) or not zips.counties_in(state):
        return args
    suffix = re.search(r"\s+(?:County|Parish)$", args[county])
    word = (" Parish" if state == "LA" else " County") if suffix else ""
    value = " ".join(w.capitalize() for w in rng.choice(zips.counties_in(state)[:12]).split()) + word
    return {**args, county: value} if is_valid(props[county], value) else args


def _town_in_county(props: dict[str, Any], args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """A town and the county beside it agree (set 32: a locate ticket in "Reston", Loudoun County;
    "Manassas" in Fairfax County): in the catalog's own state (or the two-letter state of the
    call), a town that lies in no county of that name is replaced by one of the county's towns,
    half the time one the catalog quotes; where the town is fixed, the county follows the town."""
    kinds = {n: semantic.infer(n, s) for n, s in props.items() if isinstance(s, dict) and isinstance(args.get(n), str)}
    county = next((n for n, k in kinds.items() if k == "county"), None)
    town = next((n for n, k in kinds.items() if k == "city"), None)
    said = next((args[n] for n, k in kinds.items() if k == "state" and re.fullmatch(r"[A-Z]{2}", args[n])), None)
    state = said or places.home_state(freetext.DOMAIN.get())
    if county is not None and town is None and said and county not in keep:
        return _county_of_state(props, args, county, said, rng)
    if county is None or town is None or state is None or (county in keep and town in keep):
        return args
    if zips.county_key(args[county]) in zips.counties_of(args[town], state) or not zips.towns_in(args[county], state):
        return args
    if town not in keep:
        towns = zips.towns_in(args[county], state)
        quoted = [t for t in places.home_towns(freetext.DOMAIN.get()) if t in towns]
        pick = rng.choice(quoted if quoted and rng.random() < 0.5 else list(towns[:10]))
        return {**args, town: pick} if is_valid(props[town], pick) else args
    own = sorted(zips.counties_of(args[town], state))
    if county in keep or not own:
        return args
    suffix = re.search(r"\s+(?:County|Parish)$", args[county])  # the form the county was written in
    value = own[0].title() + (suffix.group(0) if suffix else "")
    return {**args, county: value} if is_valid(props[county], value) else args


def _kept_rules(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str], ref: datetime,
                pool: dict[str, list[Any]]) -> dict[str, Any]:
    """`args` keeping the rules the prose writes between parameters (generator.core.dependencies);
    a change the schema refuses is undone, so the call still validates."""
    props = tool.properties
    drawing = (lore.drawing_parameters(tool).get("properties") or {}) if tool.said else props

    def draw(name: str) -> Any:  # with what the rest of the catalog says (an entity's id format)
        return value_for(drawing.get(name) or props.get(name) or {}, rng, name=name, ref=ref, pool=pool)

    kept = dependencies.enforce(tool.description, props, args, draw, keep)
    for name in tool.parameters.get("required") or []:  # a rule never takes a required parameter out
        if isinstance(name, str) and name in args and name not in kept:
            kept[name] = args[name]
    kept = dependencies.keep_windows(tool.description, props, kept, rng, keep)
    kept = dependencies.keep_leads(tool.description, props, kept, ref, rng, keep)
    before = dict(kept)
    kept = _not_in_past(tool, _not_in_future(tool, kept, rng, ref, keep), rng, ref, keep)
    kept = _window_behind(tool, kept, rng, ref, keep)
    kept = id_parts.agree(props, _on_listed_clock(props, kept, keep), keep)
    moved = {n for n in kept if before.get(n) is not kept[n]}
    if moved:  # a moment moved back brings what is ordered after it ("at most 12 months after it")
        kept = repair(props, kept, rng, keep=keep | moved, resample=_resampler(props, ref, pool))
        kept = _moved_in_order(props, kept, moved - keep)
    for name in [*kept, *(n for n in args if n not in kept)]:  # never a set's order (the hash seed's)
        unchanged = name in args and name in kept and kept[name] is args[name]  # undoing it changes nothing
        if name in kept and not unchanged and not is_valid(drawing.get(name) or props.get(name) or {}, kept[name]):
            snapped = _on_step(props.get(name) or {}, kept[name])
            if snapped is not None:
                kept[name] = snapped  # Hobbs in 5300.2 for 5300.19999: the meter's tenth, never undone (set 31)
                continue
            kept[name] = args[name] if name in args else kept.pop(name)
            if name not in args:
                kept.pop(name, None)
    return kept


# "Deliveries start at 06:00 or 18:00 (ditch rider change times)" (set 43: water ordered to start at
# 3:30 pm): the clock times a moment's own text lists (`_CLOCK_LIST`), kept after the rules moved it.
_CLOCK_AT = re.compile(r"(T)(\d{2}):(\d{2})(?::\d{2})?")


def _on_listed_clock(props: dict[str, Any], args: dict[str, Any], keep: frozenset[str]) -> dict[str, Any]:
    """A moment at one of the clock times its description lists (the nearest), date and offset kept;
    never where the text gives a range ("between 08:00 and 17:00" is no list)."""
    for name, value in list(args.items()):
        said = str(dict_at(props, name).get("description") or "")
        listed = _CLOCK_LIST.search(said)
        at = _CLOCK_AT.search(value) if isinstance(value, str) and name not in keep else None
        if not listed or at is None or re.search(r"\bbetween\b|\bfrom\b", said[:listed.start()][-30:]):
            continue
        times = [tuple(int(x) for x in t.split(":")) for t in re.findall(r"\d{1,2}:\d{2}", listed[1])]
        hour, minute = int(at[2]), int(at[3])
        if (hour, minute) in times:
            continue
        h, m = min(times, key=lambda t: abs(t[0] * 60 + t[1] - hour * 60 - minute))
        args[name] = f"{value[:at.start()]}T{h:02d}:{m:02d}:00{value[at.end():]}"
    return args


def _moved_in_order(props: dict[str, Any], args: dict[str, Any], moved: set[str]) -> dict[str, Any]:
    """Two moments both moved back keep their order: the later one on the earlier one's day where
    the pair allows the same day (set 37: an onset and a death each moved back a few days, the
    death before the onset)."""
    from .constraints import pair_problem, pairs_for

    for pair in pairs_for(props):
        if {pair.first, pair.second} <= moved and pair.role is not None and not pair.role.strict and \
                pair_problem(pair, props, args) is not None:
            args[pair.second] = args[pair.first]
    return args


# "acquisition_date cannot be in the future", "valuation_date may not be in the future"
_NO_FUTURE = re.compile(r"`?(\w+)`? (?:cannot|can ?not|may not|must not|should not|can't) be (?:in the future|"
                        r"later than today|after today)", re.IGNORECASE)
# A date's own "Date of the examination (YYYY-MM-DD); not in the future" (set 26: an exam recorded
# for next week).
_OWN_NO_FUTURE = re.compile(r"(?:^|[.;,(]\s*)(?:(?:it |this )?(?:cannot|can ?not|may not|must not|should not|can't) be |not |never )"
                            r"(?:in the future|later than today|after today)\b|\b(?:today or earlier|on or before today)\b",
                            re.IGNORECASE)
_MOMENT_SHAPES = ("%Y-%m-%dT%H:%M:%SZ", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%d")


# A tool that records what has happened (`log_...`, `record_...`), and the moments of a call that
# name the thing recorded: a sample's date, a reading's time, a test's, a return's.
_RECORDING = re.compile(r"^(?:log|record|report|enter|capture|note)_")
_DONE_WORDS = frozenset({"sample", "sampled", "reading", "read", "test", "tested", "measured", "measurement",
                         "observed", "collected", "taken", "step", "return", "returned", "recorded", "logged",
                         "occurred", "performed", "received", "inspected", "inspection", "incident", "event"})


def _recorded_moments(tool: Tool) -> set[str]:
    """The moments of what a recording tool records: named by the thing done, or the record's own
    bare day (`work_date`, `entry_date`, `date` of a labor log; set 23: labor logged for next week),
    never one ahead (`next_due_date`, `promised_date`)."""
    if not (_RECORDING.match(tool.name) or _RECORDS.match(tool.description)):
        return set()
    moments = {n: set(semantic.tokens(n)) for n, s in tool.properties.items()
               if isinstance(s, dict) and is_temporal(n, s) in ("date", "datetime")}
    return {n for n, w in moments.items() if _DONE_WORDS & w or
            w <= _RECORD_DAY_WORDS and not w & (lore.AHEAD | _AHEAD_WORDS)}


# Verbs whose act is a plan or a request for later: their moments lie ahead (`schedule_x.scheduled_date`).
_PLANNING_VERBS = frozenset({"schedule", "book", "plan", "reserve", "request", "order", "extend", "renew", "set",
                             "estimate", "forecast", "quote", "hold", "propose", "queue", "submit", "create", "add",
                             "update", "change", "edit", "register", "apply", "file", "search", "find", "get",
                             "list", "check", "lookup", "look", "calculate", "compute", "simulate"})


@lru_cache(maxsize=1024)
def _done_forms(verb: str) -> frozenset[str]:
    from lemminflect import getAllInflections

    return frozenset({verb, *(f for group in getAllInflections(verb, upos="VERB").values() for f in group)}) - \
        {f"{verb}ing"}


def done_moments(tool: Tool) -> set[str]:
    """The moments of a call that name something already done (`_recorded_moments`, `_act_moments`)."""
    return set(_done_moments(tool))


@by_identity(kinds=(Tool,))
def _done_moments(tool: Tool) -> frozenset[str]:
    lived = {n for n, s in tool.properties.items() if isinstance(s, dict) and set(semantic.tokens(n)) & _NEVER_AHEAD
             and is_temporal(n, s) in ("date", "datetime")}  # an onset or a death has happened (set 37: an adverse
    return frozenset(_recorded_moments(tool) | _act_moments(tool) | lived)  # event's onset tomorrow, its death today


_NEVER_AHEAD = frozenset({"onset", "death", "died", "dod"})


def _act_moments(tool: Tool) -> set[str]:
    """The moment of the act a tool named by its verb performs: `open_excavation_unit.opened_on`,
    `ship_lending_item.ship_date`, `receive_item.received_date` happen as the call is made (set 23
    and 24: a unit "opened on June 9th" on June 2, a receipt logged a week ahead), never for a
    verb that plans (`schedule_x.scheduled_date`) or a moment said to lie ahead (`due`, `next`); and
    on any tool, a moment named by an act done (`excavated_on`, `received_date`: set 24, a find
    "excavated on June 9" on June 2), never a bound of a window (`received_after`)."""
    verb = (semantic.tokens(tool.name) or [""])[0]
    forms = _done_forms(verb) if verb and verb not in _PLANNING_VERBS else frozenset()
    out = set()
    for name, schema in tool.properties.items():
        words = set(semantic.tokens(name))
        if not isinstance(schema, dict) or is_temporal(name, schema) not in ("date", "datetime") or \
                words & _SPAN_BOUND_WORDS:
            continue
        done = words & forms or any(_participle(w) for w in words)  # "excavated_on", "received_date" (set 24)
        if done and not words & (lore.AHEAD | _AHEAD_WORDS) - forms:
            out.add(name)
    return out


# Words of a bound of a window (handled whole: values._window_behind), never one moment of an act.
_SPAN_BOUND_WORDS = frozenset({"from", "to", "after", "before", "since", "until", "start", "end", "min", "max", "earliest",
                          "latest", "begin", "through"})


@lru_cache(maxsize=4096)
def _participle(word: str) -> bool:
    """A past participle of an act done ("excavated", "collected", "sent"), not of a plan ("scheduled")."""
    lemma = participle_of(word)
    return lemma not in (None, word) and lemma not in _PLANNING_VERBS and word not in lore.AHEAD


_RECORDS = re.compile(r"^(?:log|record|enter|capture|write)\b", re.IGNORECASE)
_RECORD_DAY_WORDS = frozenset({"date", "day", "work", "entry", "on", "at", "time", "datetime"})
_AHEAD_WORDS = frozenset({"next", "due", "promised", "until", "to", "end", "expiry", "expires", "deadline"})


def _not_in_future(tool: Tool, args: dict[str, Any], rng: random.Random, ref: datetime,
                   keep: frozenset[str]) -> dict[str, Any]:
    """A date the prose says may not be in the future lies on or before the query's day: an
    acquisition registered "tomorrow" has not happened yet; nor has a sample a tool records
    (`record_..._sample.sample_date`), which lies in the few days before."""
    said = _no_future(tool)
    done = said | done_moments(tool)
    for name in [n for n in tool.properties if n in done]:  # in the schema's order: a set's order is the hash
        # seed's, and the draws below would follow it (set 47: one seed, two files)
        value = args.get(name)
        if isinstance(value, list) and name not in keep and all(isinstance(v, str) for v in value):  # "Log days to
            args[name] = _days_behind(value, ref, tool.properties.get(name) or {})  # certify" (set 44)
            continue
        shape = next((f for f in _MOMENT_SHAPES if isinstance(value, str) and _parses(value, f)), None)
        if name in keep or shape is None or datetime.strptime(value, shape).date() <= ref.date():  # type: ignore[arg-type]
            continue
        earlier = (ref - timedelta(days=rng.randint(0, 30 if name in said else 3))).strftime(shape)
        if is_valid(tool.properties.get(name) or {}, earlier):
            args[name] = earlier
    return args


def _days_behind(days: list[str], ref: datetime, schema: dict[str, Any]) -> list[str]:
    """A list of days none of which is after the query's day: each later one moved back by the span
    the list runs past it, the order and gaps kept; the list as it was where the result is invalid."""
    shape = next((f for f in _MOMENT_SHAPES if days and all(_parses(d, f) for d in days)), None)
    if shape is None:
        return days
    last = max(datetime.strptime(d, shape) for d in days)
    if last.date() <= ref.date():
        return days
    back = last - ref
    moved = [(datetime.strptime(d, shape) - back - timedelta(days=1)).strftime(shape) for d in days]
    return moved if is_valid(schema, moved) else days


_OWN_NO_PAST = re.compile(r"(?:^|[.;,(]\s*)(?:(?:it |this )?(?:cannot|can ?not|may not|must not|should not|can't) be |not |never )"
                          r"(?:in the past|earlier than today|before today)\b|\b(?:today or later|on or after today)\b|"
                          r"\b(?:must|should|has to|needs? to) be (?:in the future|a future date|after today|later than today)\b",
                          re.IGNORECASE)
# ... and a day yet to come: an expiry "must be in the future" lies as far ahead as it was drawn behind
# (set 46: an ID expiring last month), not within the next two weeks.
_FUTURE_ONLY = re.compile(r"\bbe (?:in the future|a future date|after today|later than today)\b", re.IGNORECASE)


def _not_in_past(tool: Tool, args: dict[str, Any], rng: random.Random, ref: datetime,
                 keep: frozenset[str]) -> dict[str, Any]:
    """A date whose description says "not in the past" lies on or after the query's day (set 37:
    a refusal of access taking effect a month ago)."""
    for name, schema in tool.properties.items():
        value = args.get(name)
        if name in keep or not isinstance(schema, dict) or not _OWN_NO_PAST.search(str(schema.get("description") or "")):
            continue
        shape = next((f for f in _MOMENT_SHAPES if isinstance(value, str) and _parses(value, f)), None)
        future = _FUTURE_ONLY.search(str(schema.get("description") or "")) is not None  # today is no future day
        if shape is None or datetime.strptime(value, shape).date() >= ref.date() + timedelta(days=future):  # type: ignore[arg-type]
            continue
        behind = (ref.date() - datetime.strptime(value, shape).date()).days  # type: ignore[arg-type]
        ahead = max(1, behind) if future else rng.randint(0, 14)
        later = (ref + timedelta(days=ahead)).strftime(shape)
        if is_valid(schema, later):
            args[name] = later
    return args


@by_identity(kinds=(Tool,))
def _no_future(tool: Tool) -> frozenset[str]:
    """The dates the prose says may not lie in the future."""
    texts = [tool.description, *(str(s.get("description") or "") for s in tool.properties.values()
                                 if isinstance(s, dict))]
    return frozenset({m.group(1) for t in texts for m in _NO_FUTURE.finditer(t)} | {
        n for n, s in tool.properties.items() if isinstance(s, dict) and (_OWN_NO_FUTURE.search(str(s.get("description") or ""))
                                                                        or _LOG_DAY.search(str(s.get("description") or "")))})


# A day of a log kept ("Log day the exception is used", "Log days to certify", "Earliest log date"): a
# day already driven, never next week (set 44: logs certified for days to come).
_LOG_DAY = re.compile(r"\blog (?:days?|dates?)\b", re.IGNORECASE)


def _window_behind(tool: Tool, args: dict[str, Any], rng: random.Random, ref: datetime,
                   keep: frozenset[str]) -> dict[str, Any]:
    """The window of a lookup of what was recorded (the bounds generator.core.lore marks "in the
    past") moved back whole, its length kept, to end on or before the query's day: a meter's reads
    from May 3 to May 30, never June 2 to August 7 (set 23)."""
    bounds = [n for n, said in (tool.said or {}).items() if str(said.get("description") or "").startswith("in the past;")
              and n in args and n not in keep and isinstance(args[n], str)]
    shapes = {n: next((f for f in _MOMENT_SHAPES if _parses(args[n], f)), None) for n in bounds}
    moments = {n: datetime.strptime(args[n], f) for n, f in shapes.items() if f}
    if not moments or max(moments.values()).date() <= ref.date():
        return args
    back = timedelta(days=(max(moments.values()).date() - ref.date()).days + rng.randint(0, 7))
    moved = {n: (m - back).strftime(shapes[n]) for n, m in moments.items()}  # type: ignore[arg-type]
    if all(is_valid(tool.properties.get(n) or {}, v) for n, v in moved.items()):
        return {**args, **moved}
    return args


def _anchor(tool: Tool, rng: random.Random) -> places.Anchor | None:
    """The town a call with coordinates is centred on (generator.core.places); no draw is spent on a
    tool without coordinates, so its values stay what they were."""
    if not _has_coordinates(schema_key(tool.parameters) or ""):
        return None
    return rng.choice(places.anchors_for(tool.domain, places.tool_text(tool.description, tool.parameters)))


_PLACE_KINDS = frozenset({"latitude", "longitude", "coordinates"})


@lru_cache(maxsize=1024)
def _has_coordinates(key: str) -> bool:
    def walk(schema: Any, name: str) -> bool:
        if not isinstance(schema, dict):
            return False
        if isinstance(schema.get("properties"), dict):
            return any(walk(s, n) for n, s in schema["properties"].items())
        if schema_type(schema) == "array":
            return walk(schema.get("items"), name)
        return semantic.infer(name, schema) in _PLACE_KINDS
    return bool(key) and walk(json.loads(key), "")
