"""Temporal parameters: argument values that follow from the query time.

A value is *temporal* when a phrase relative to the query time pins it down exactly:
a meal type that matches the hour ("tonight" -> dinner), a date within a week of the query
("tomorrow"), a clock time a whole number of quarter hours ahead ("in 2 hours"), or a
"today only"-style enum. Such values may be hinted or omitted at vague levels because the
query time (TRAILBench prepends it to the query at inference) recovers them. Preference-like
relative enums (`within_one_week` upload dates) do NOT follow from the time and are not listed.

Each kind is a detector in TEMPORAL_KINDS: (param, spec, value, query time) -> hint phrase or
None. The hint never contains the literal value, so a hinted value does not count as recalled.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from functools import lru_cache
from typing import Any

from ..records import Record, Tool
from ..registry import Registry

TIME_FORMAT = "%Y-%m-%d %H:%M"
_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?: (\d{1,2}):(\d{2}))?$")
_CLOCK = re.compile(r"^(\d{1,2}):(\d{2})$")

# Hours (inclusive ranges, 24h) at which each meal is plausible; overlaps are deliberate:
# TRAILBench orders "dinner" from 15h on (24/25 dinners at 15-20h).
MEAL_HOURS: dict[str, tuple[int, int]] = {
    "breakfast": (4, 10), "lunch": (10, 14), "afternoon_tea": (13, 17),
    "dinner": (15, 21), "night_snack": (20, 27),  # 27 = 3h next day
}
MEAL_HINTS: dict[str, str] = {
    "breakfast": "this morning", "lunch": "at midday", "afternoon_tea": "this afternoon",
    "dinner": "this evening", "night_snack": "late tonight",
}
# Enum values that name a span relative to now; the phrase carries them, the time fixes them.
NOW_ENUMS: dict[str, str] = {
    "today_only": "just for today", "now": "immediately", "today": "for the rest of the day",
    "tonight": "for later this evening", "tomorrow": "for the next day",
    "day_after_tomorrow": "in two days", "this_week": "over the coming days",
    "this_weekend": "over the coming weekend",
}
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

Detector = Callable[[str, dict[str, Any], Any, datetime], str | None]
TEMPORAL_KINDS: Registry[Detector] = Registry("temporal kind")


class TemporalParam(Record):
    param: str
    kind: str
    hint: str


def parse_time(time: str) -> datetime | None:
    """Query/event time in TRAILBench's "%Y-%m-%d %H:%M" form; None when malformed."""
    return _parse_time(time) if isinstance(time, str) else None


@lru_cache(maxsize=8192)  # a history's times are parsed again by every target cut from it
def _parse_time(time: str) -> datetime | None:
    try:
        return datetime.strptime(time.strip(), TIME_FORMAT)
    except ValueError:
        return None


def meal_fits(meal: str, hour: int) -> bool:
    lo, hi = MEAL_HOURS[meal]
    return lo <= hour <= hi or lo <= hour + 24 <= hi


def is_meal_param(param: str, spec: dict[str, Any]) -> bool:
    enum = spec.get("enum") or []
    return "meal" in param.lower() or sum(m in enum for m in MEAL_HOURS) >= 3


def clock_words(hour: int, minute: int) -> str:
    """Spoken clock time ("3:30 pm", "9 am") -- never the literal HH:MM gold form."""
    suffix = "am" if hour < 12 else "pm"
    h12 = hour % 12 or 12
    return f"{h12} {suffix}" if minute == 0 else f"{h12}.{minute:02d} {suffix}"


def duration_words(minutes: int) -> str:
    hours, rest = divmod(minutes, 60)
    h = "" if not hours else ("an hour" if hours == 1 else f"{hours} hours")
    m = "" if not rest else f"{rest} minutes"
    return " and ".join(x for x in (h, m) if x)


def day_words(day_delta: int, date: datetime) -> str | None:
    if day_delta == 0:
        return "today"
    if day_delta == 1:
        return "tomorrow"
    if day_delta == 2:
        return "the day after tomorrow"
    if 3 <= day_delta <= 6:
        return f"this coming {WEEKDAYS[date.weekday()]}"
    if day_delta == 7:
        return "a week from today"
    return None


def parse_date_value(value: Any) -> tuple[datetime, bool] | None:
    """(datetime, has clock part) for "YYYY-MM-DD[ HH:MM]" strings."""
    m = _DATE.match(value.strip()) if isinstance(value, str) else None
    if not m:
        return None
    y, mo, d, h, mi = m.groups()
    try:
        return datetime(int(y), int(mo), int(d), int(h or 0), int(mi or 0)), h is not None
    except ValueError:
        return None


# Words of a value written "a:b" that is no clock time: a titer "1:16", a ratio "3:1", a map scale.
_RATIO_WORDS = re.compile(r"\b(?:titer|titre|titers|titres|ratio|ratios|dilution|odds|aspect|scale|proportion)\b",
                          re.IGNORECASE)


def ratio_meant(param: str, spec: dict[str, Any] | None) -> bool:
    """The parameter's name or description says its "a:b" values are ratios ("titer": "1:16" is
    never 1:16 am)."""
    described = str((spec or {}).get("description") or "")
    return bool(_RATIO_WORDS.search(re.sub(r"[_\W]+", " ", param)) or _RATIO_WORDS.search(described)
                or _WORD_PAIR.search(described))


# "Light:dark hours, e.g. 12:12 or 14:10": the description names the two sides of an "a:b" value
_WORD_PAIR = re.compile(r"\b(?!(?:hours?|minutes?|mins?|seconds?|secs?)\b)[A-Za-z]{3,}:"
                        r"(?!(?:hours?|minutes?|mins?|seconds?|secs?)\b)[A-Za-z]{3,}\b", re.IGNORECASE)


def parse_clock_value(value: Any) -> tuple[int, int] | None:
    m = _CLOCK.match(value.strip()) if isinstance(value, str) else None
    if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59:
        return None
    return int(m.group(1)), int(m.group(2))


@TEMPORAL_KINDS.register("meal")
def _meal(param: str, spec: dict[str, Any], value: Any, qt: datetime) -> str | None:
    if isinstance(value, str) and value in MEAL_HOURS and is_meal_param(param, spec) \
            and meal_fits(value, qt.hour):
        return MEAL_HINTS[value]
    return None


@TEMPORAL_KINDS.register("date")
def _date(param: str, spec: dict[str, Any], value: Any, qt: datetime) -> str | None:
    parsed = parse_date_value(value)
    if parsed is None:
        return None
    when, has_clock = parsed
    words = day_words((when.date() - qt.date()).days, when)
    if words is None:
        return None
    return f"{words} at {clock_words(when.hour, when.minute)}" if has_clock else words


@TEMPORAL_KINDS.register("clock")
def _clock(param: str, spec: dict[str, Any], value: Any, qt: datetime) -> str | None:
    hm = None if ratio_meant(param, spec) else parse_clock_value(value)
    if hm is None:
        return None
    delta = (hm[0] * 60 + hm[1] - (qt.hour * 60 + qt.minute)) % (24 * 60)
    if delta == 0 or delta > 12 * 60 or delta % 5:
        return None
    return "in " + duration_words(delta)


@TEMPORAL_KINDS.register("now_enum")
def _now_enum(param: str, spec: dict[str, Any], value: Any, qt: datetime) -> str | None:
    return NOW_ENUMS.get(value) if isinstance(value, str) else None


def param_spec(tool: Tool | None, param: str) -> dict[str, Any]:
    return (tool.properties.get(param) if tool else None) or {}


def analyze(tool: Tool | None, args: dict[str, Any], time: str) -> list[TemporalParam]:
    """Every argument whose value follows from `time`, with the phrase that conveys it."""
    qt = parse_time(time)
    if qt is None:
        return []
    out: list[TemporalParam] = []
    for param, value in args.items():
        for kind, detect in TEMPORAL_KINDS.items():
            hint = detect(param, param_spec(tool, param), value, qt)
            if hint:
                out.append(TemporalParam(param=param, kind=kind, hint=hint))
                break
    return out


def temporal_parameters(tool: Tool | None, args: dict[str, Any], time: str) -> list[str]:
    """Names of the temporal arguments, in argument order (TRAILBench `temporal_parameters`)."""
    return [t.param for t in analyze(tool, args, time)]


def temporal_hint(tool: Tool | None, param: str, value: Any, time: str) -> str | None:
    found = analyze(tool, {param: value}, time)
    return found[0].hint if found else None


# Kinds whose value the query time fixes without any phrase (meal type by hour, "today"-like
# enums). A date does only when it is the query date itself; other dates and clock times need
# their relative phrase ("tomorrow", "in 2 hours") in the query, so they are hinted, never omitted.
TIME_ALONE_KINDS = frozenset({"meal", "now_enum"})


def from_time_alone(tool: Tool | None, param: str, value: Any, time: str) -> bool:
    """Whether the query time by itself recovers `value` (it may then be omitted outright). Not
    where the schema gives another default (a search for events left unsaid is this month's, not
    today's: set 28, "anything fun going on in Santa Ilora?" for when=today), nor for a filter,
    which unsaid filters nothing."""
    spec = (tool.properties.get(param) or {}) if tool is not None else {}
    if isinstance(spec, dict) and "default" in spec and spec["default"] != value:
        return False
    if isinstance(spec, dict) and str(spec.get("description") or "").lower().startswith("only "):
        return False  # a filter left unsaid filters nothing: "Only riders not suspended on this date" (set 28)
    found = analyze(tool, {param: value}, time)
    if not found:
        return False
    if found[0].kind in TIME_ALONE_KINDS:
        return True
    bounds = _param_words(param) & _BOUND_WORDS
    # a report "from" a day says which; a package that leaves "today" says so (lies_ahead)
    return found[0].kind == "date" and found[0].hint == "today" and not bounds and not lies_ahead(param)


# Words of a moment set for later (a shipment's, a departure's, a due day): a reader cannot take it
# to be the query's own day unless the query says "today" (set 24: a return shipped on the day it
# was booked, unsaid, where the user's earlier shipments left up to a week later).
# (A ride's departure or pickup is today when unsaid: a taxi is wanted now.)
_AHEAD = frozenset({"ship", "shipping", "shipped", "deliver", "delivery", "due", "scheduled", "planned", "expected",
                    "requested", "appointment", "deadline", "expiry", "expires", "effective", "needed", "wanted",
                    "preferred"})


def lies_ahead(param: str) -> bool:
    """Whether a date parameter names a moment set for later ("ship_date", "due_on", "pickupDate")."""
    return bool(_param_words(param) & _AHEAD)


def _param_words(param: str) -> set[str]:
    """The words of a parameter name, snake or camel case ("pickupDate" -> pickup, date)."""
    return {w.lower() for w in re.split(r"[_\W]+|(?<=[a-z])(?=[A-Z])", param)}


# A date that bounds a period ("date_from", "end_date"): a report over an unsaid period is no
# report of today -- "today" is said, never left out.
_BOUND_WORDS = frozenset({"from", "to", "start", "end", "since", "until", "begin", "after", "before"})


def _meal_problem(param: str, spec: dict[str, Any], value: Any, qt: datetime) -> str | None:
    if isinstance(value, str) and value in MEAL_HOURS and is_meal_param(param, spec) \
            and not meal_fits(value, qt.hour):
        return f"{param}={value!r} does not fit the query hour {qt.hour:02d}h"
    return None


def _date_problem(param: str, value: Any, qt: datetime) -> str | None:
    if isinstance(value, str) and _DATE.match(value.strip()) and parse_date_value(value) is None:
        return f"{param}={value!r} is not a valid date"
    parsed = parse_date_value(value)
    if parsed is None:
        return None
    days = (parsed[0].date() - qt.date()).days
    if days < (-31 if _done_act(param) else -1) or days > 366:
        return f"{param}={value!r} is {days} days from the query time {qt:%Y-%m-%d}"
    return None


@lru_cache(maxsize=4096)
def _done_act(param: str) -> bool:
    """A date named by an act done ("picked_on", "received_date", "collected_at"): logged some days
    after it happened (set 25: apples picked two days before the bins were received)."""
    return any(len(w) > 3 and w not in _AHEAD and participle_of(w) not in (None, w) for w in _param_words(param))


@lru_cache(maxsize=8192)
def participle_of(word: str) -> str | None:
    """The verb `word` is the past participle of ("picked" -> pick, "sent" -> send, "run" -> run),
    else None. Callers choose which verbs count as an act done."""
    from lemminflect import getInflection, getLemma

    lemma = next(iter(getLemma(word, upos="VERB")), word)
    return lemma if word in getInflection(lemma, tag="VBN") else None


def _clock_problem(param: str, value: Any, spec: dict[str, Any] | None = None) -> str | None:
    if ratio_meant(param, spec):
        return None
    if isinstance(value, str) and _CLOCK.match(value.strip()) and parse_clock_value(value) is None:
        return f"{param}={value!r} is not a valid clock time"
    return None


def consistent(tool: Tool | None, args: dict[str, Any], time: str) -> list[str]:
    """Problems where a time-dependent argument contradicts the query time ([] = consistent)."""
    qt = parse_time(time)
    if qt is None:
        return [f"query time {time!r} is not in {TIME_FORMAT!r} form"]
    problems: list[str] = []
    for param, value in args.items():
        for p in (_meal_problem(param, param_spec(tool, param), value, qt),
                  _date_problem(param, value, qt), _clock_problem(param, value, param_spec(tool, param))):
            if p:
                problems.append(p)
    return problems
