"""Moments a parameter's text pins down. A date pinned to one day of the week ("Monday that starts
the broadcast week", "the week-ending Sunday", "must be a Friday") moves forward to its day (set 41:
a week_start on a Tuesday in 14 rows of one catalog); a moment that is a clock hour ("First clock
hour", `start_hour`) falls on the hour (set 41: CEMS hours at 10:45).
"""

from __future__ import annotations

import random
import re
from datetime import date, datetime, timedelta
from typing import Any

from .schema import is_valid

_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DAY = "(" + "|".join(_DAYS) + ")"
# The description opens with the day ("Monday that starts ..."), or says the date is one
# ("must be a Monday", "always a Sunday", "the week-ending Sunday").
_NAMED = re.compile(rf"^\s*(?:the\s+)?(?:week[- ](?:ending|starting)\s+)?{_DAY}\b(?!\s*[,/–-]|\s+(?:to|through|and|or)\b)"
                    rf"|\b(?:must be|is always|always|falls? on) an? {_DAY}\b"
                    rf"|\bweek[- ](?:ending|starting|beginning) (?:on )?{_DAY}\b", re.IGNORECASE)


def day_named(schema: dict[str, Any]) -> int | None:
    """The weekday (Monday 0) a date parameter's description pins it to, or None."""
    m = _NAMED.search(str(schema.get("description") or ""))
    if m is None:
        return None
    return _DAYS.index(next(g for g in m.groups() if g).lower())


def on_their_day(props: dict[str, Any], args: dict[str, Any], keep: frozenset[str]) -> dict[str, Any]:
    """`args` with each date a description pins to a weekday moved forward onto it."""
    out = dict(args)
    for name, value in args.items():
        schema = props.get(name)
        if name in keep or not isinstance(schema, dict) or not isinstance(value, str) or \
                not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            continue
        day = day_named(schema)
        if day is None:
            continue
        drawn = date.fromisoformat(value)
        moved = (drawn + timedelta(days=(day - drawn.weekday()) % 7)).isoformat()
        if is_valid(schema, moved):
            out[name] = moved
    return out


# "First clock hour", "on the hour", "whole hours", a name that ends on "hour" (`start_hour`)
_CLOCK_HOUR = re.compile(r"\bclock hour|\bon the hour\b|\bwhole hours?\b|\btop of the hour\b", re.IGNORECASE)


def on_the_hour(props: dict[str, Any], args: dict[str, Any], keep: frozenset[str]) -> dict[str, Any]:
    """`args` with each date-time its name or text makes a clock hour moved back to the hour."""
    out = dict(args)
    for name, value in args.items():
        schema = props.get(name)
        if name in keep or not isinstance(schema, dict) or not isinstance(value, str) or \
                not (name.endswith("hour") or _CLOCK_HOUR.search(str(schema.get("description") or ""))):
            continue
        m = re.fullmatch(r"(\d{4}-\d{2}-\d{2}[T ]\d{2}):(\d{2})(?::(\d{2}))?(.*)", value)
        if m is None or (m[2] == "00" and m[3] in (None, "00")):
            continue
        moved = f"{m[1]}:00" + (":00" if m[3] is not None else "") + m[4]
        if is_valid(schema, moved):
            out[name] = moved
    return out


_YEARS = frozenset({"year", "calendar_year", "reporting_year", "fiscal_year", "tax_year", "report_year"})
_PARTS = {"quarter": 4, "calendar_quarter": 4, "reporting_quarter": 4, "month": 12, "reporting_month": 12}


def ended_period(props: dict[str, Any], args: dict[str, Any], rng: random.Random, keep: frozenset[str],
                 ref: datetime) -> dict[str, Any]:
    """A year given with its quarter (or month number) names a period just ended before `ref`, one
    to three back, never a year drawn anywhere in 2015-2035 (set 41: a quarterly report for 2018
    Q3, and for the quarter not yet over)."""
    year = next((n for n in args if n in _YEARS), None)
    part = next((n for n in args if n in _PARTS and isinstance(args[n], int) and not isinstance(args[n], bool)), None)
    if year is None or part is None or year in keep or part in keep:
        return args
    size = _PARTS[part]
    now = ref.year * size + (ref.month - 1) * size // 12  # the period `ref` lies in, counted from year 0
    back = now - rng.choice((1, 1, 2, 3))
    drawn = {year: back // size if isinstance(args[year], int) else str(back // size), part: back % size + 1}
    return {**args, **drawn} if all(is_valid(props.get(n) or {}, v) for n, v in drawn.items()) else args
