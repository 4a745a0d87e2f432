"""The moments and ids of a call's work today (set 45): a deadline inside the span its priority
names, times inside the shift the call is for, a step of today's work on today's record and a case
acted on now of this year, and an id whose description lays out its parts by length with this year's
year and one site's code. Each takes the call's arguments and the parameters a caller fixed (`keep`),
and changes only the others."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from ..records import Tool
from . import semantic
from .schema import is_valid

# Digit groups that spell a date: YYYYMMDD ("IMG_20240611_0042") and YYMMDD ("CB-250314-07").
GROUP_DATES = {8: "%Y%m%d", 6: "%y%m%d"}


# How long a priority's own words give ("within_24_hours", "this_shift", "immediate"): a deadline of
# the call falls inside it (set 45: "within 24 hours" due 25 days later).
_WITHIN_SPAN = re.compile(r"within_(\d+)_(minute|hour|day|week)s?")
_SPAN_HOURS = {"minute": 1 / 60, "hour": 1, "day": 24, "week": 168}
_URGENT_HOURS = {"immediate": 1, "immediately": 1, "emergency": 1, "asap": 2, "this_shift": 8, "same_shift": 8,
                 "same_day": 8, "today": 8, "next_day": 24}


def due_by_urgency(args: dict[str, Any], keep: frozenset[str], ref: datetime) -> dict[str, Any]:
    hours = _urgency_hours(args)
    for name in [n for n in args if n not in keep and set(semantic.tokens(n)) & {"due", "deadline"}] if hours else []:
        try:
            due = datetime.fromisoformat(str(args[name]))
        except ValueError:
            continue
        start = ref.replace(tzinfo=due.tzinfo) if due.tzinfo is not None and ref.tzinfo is None else ref
        if start <= due <= start + timedelta(hours=hours):
            continue
        quarters = max(1, int(hours * 4 * (due.minute % 4 + 1) / 4))  # the share of the span its own minutes give
        moved = start + timedelta(minutes=15 * quarters)
        text = str(args[name])
        args[name] = moved.strftime("%Y-%m-%d") if len(text) == 10 else iso_like(moved, text)
    return args


def _urgency_hours(args: dict[str, Any]) -> float:
    """The hours the call's one priority names (0 where it names none)."""
    urgent = [v for n, v in args.items() if isinstance(v, str) and set(semantic.tokens(n)) & {"priority", "urgency"}]
    if len(urgent) != 1:
        return 0.0
    m = _WITHIN_SPAN.fullmatch(urgent[0].lower())
    return int(m[1]) * _SPAN_HOURS[m[2]] if m else float(_URGENT_HOURS.get(urgent[0].lower(), 0))


def iso_like(moment: datetime, like: str) -> str:
    """`moment` written as `like` is (seconds, and "Z" for UTC where it says so)."""
    return moment.isoformat(timespec="seconds").replace("+00:00", "Z" if like.endswith("Z") else "+00:00")


# The clock hours a shift's common name gives (day, evening or swing, night, owl or graveyard): the
# times of a call for that shift fall in them, their spans kept (set 45: owl-shift exams at noon).
_SHIFT_HOURS = {"day": 7, "days": 7, "morning": 6, "first": 7, "evening": 15, "afternoon": 15, "swing": 15, "second": 15,
                "night": 23, "nights": 23, "owl": 23, "midnight": 23, "graveyard": 23, "third": 23}


def on_its_shift(args: dict[str, Any], keep: frozenset[str]) -> dict[str, Any]:
    shift = [v for n, v in args.items() if semantic.tokens(n)[-1:] == ["shift"] and isinstance(v, str)]
    opens = _SHIFT_HOURS.get(shift[0].lower()) if len(shift) == 1 else None
    moments = {n: v for n, v in args.items() if isinstance(v, str) and re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d.*", v)}
    if opens is None or not moments or set(moments) & keep:
        return args
    times = {n: datetime.fromisoformat(v) for n, v in moments.items()}
    first = min(times.values())
    if (first.hour - opens) % 24 < 8:
        return args
    start = first.replace(hour=opens, minute=0)
    start -= timedelta(days=1) if start > first else timedelta(0)  # the shift's last opening before the drawn time
    start += min(timedelta(minutes=15 * (first.minute // 15 + first.hour % 4 * 4)), first - start)
    for n, t in times.items():
        args[n] = iso_like(t + (start - first), moments[n])
    return args


# Verbs of a step of work going on now: the record it acts on (a visit, a run, a shift's exam) is
# today's or yesterday's (set 45: vitals recorded June 2 for visit VIS-250406-047).
_WORK_NOW = frozenset({"record", "start", "complete", "finish", "close", "end", "label", "stop"})
_ID_DAY = re.compile(r"(?<![0-9])(\d{6}|\d{8})(?![0-9])")


# Verbs acting on a case still open: the id's year is this year's (set 45: a 2024 referral authorized
# in June 2025, a 2024 hazard given an immediate correction).
_OPEN_CASE = _WORK_NOW | {"set", "assign", "cancel", "authorize", "schedule", "send", "transfer", "move"}
_ID_YEAR = re.compile(r"(?<![0-9])(20\d\d)(?=-)")


def of_todays_work(tool: Tool, args: dict[str, Any], keep: frozenset[str], ref: datetime) -> dict[str, Any]:
    return on_court_days(tool, of_its_year(after_its_record(_dated_today(tool, args, keep, ref), keep), keep), keep, ref)


# A day of what a court or its clerk does: courts sit and mail on weekdays (set 48: missed hearings and
# minute orders on a Saturday, notices mailed on a Sunday).
_COURT = re.compile(r"\b(?:hearings?|court|clerk|minute orders?|arraignment|trial|judge|docket)\b", re.IGNORECASE)


def on_court_days(tool: Tool, args: dict[str, Any], keep: frozenset[str], ref: datetime) -> dict[str, Any]:
    """A court's day on a weekend moves to the Monday after, or to the Friday before where that Monday
    would be after the query's day (a day passed stays passed)."""
    out = dict(args)
    for name, value in args.items():
        said = str((tool.properties.get(name) or {}).get("description") or "")
        if name in keep or not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d\d-\d\d", value) or \
                not _COURT.search(said):
            continue
        day = datetime.strptime(value, "%Y-%m-%d")
        if day.weekday() >= 5:
            monday = day + timedelta(days=7 - day.weekday())
            day = monday if day.date() > ref.date() or monday.date() <= ref.date() else day - timedelta(days=day.weekday() - 4)
            out[name] = day.strftime("%Y-%m-%d")
    return _still_after(tool, args, out)


def _still_after(tool: Tool, args: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """A moved day that now falls on or before the day its prose orders it after goes back to where it was
    (a notice mailed on the Monday a missed hearing moved to keeps its own day)."""
    from .constraints import pairs_for

    for pair in pairs_for(tool.properties):
        a, b = out.get(pair.first), out.get(pair.second)
        if pair.kind != "order" or not isinstance(a, str) or not isinstance(b, str) or b > a or \
                (a, b) == (args.get(pair.first), args.get(pair.second)):
            continue
        was = datetime.strptime(str(args[pair.first]), "%Y-%m-%d")
        friday = (was - timedelta(days=max(0, was.weekday() - 4))).strftime("%Y-%m-%d")  # the first day back to its
        if friday < b:  # Friday: a missed Saturday hearing was the Friday's (set 48)
            out[pair.first] = friday
        else:
            out[pair.first], out[pair.second] = args[pair.first], args[pair.second]
    return out


def _dated_today(tool: Tool, args: dict[str, Any], keep: frozenset[str], ref: datetime) -> dict[str, Any]:
    verb = semantic.tokens(tool.api or tool.name)[:1]
    for name in [n for n, v in args.items() if verb and verb[0] in _OPEN_CASE and n not in keep and isinstance(v, str)
                 and semantic.tokens(n)[-1:] == ["id"] and (y := _ID_YEAR.search(v)) and int(y[1]) < ref.year]:
        y = _ID_YEAR.search(args[name])
        assert y is not None
        changed = f"{args[name][:y.start()]}{ref.year}{args[name][y.end():]}"
        args[name] = changed if is_valid(tool.properties.get(name) or {}, changed) else args[name]
    for name in [n for n, v in args.items() if verb and verb[0] in _OPEN_CASE and n not in keep and isinstance(v, list)
                 and semantic.tokens(n)[-1:] == ["ids"]]:  # the receipts a setter is filled with are this year's
        items = [f"{v[:y.start()]}{ref.year}{v[y.end():]}" if isinstance(v, str) and (y := _ID_YEAR.search(v))
                 and int(y[1]) < ref.year else v for v in args[name]]  # (set 46: ER-2024 receipts set in June 2025)
        args[name] = items if len(set(map(str, items))) == len(items) and \
            is_valid(tool.properties.get(name) or {}, items) else args[name]
    today = bool(_TODAY_ONLY.search(tool.description))  # a checked-in visit, a sale of the business day
    now = verb in [[v] for v in _WORK_NOW] or today
    for name in [n for n, v in args.items() if n not in keep and isinstance(v, str) and _ID_DAY.search(v)
                 and semantic.tokens(n)[-1:] == ["id"]]:
        m = _ID_DAY.search(args[name])
        assert m is not None
        shape = GROUP_DATES[len(m[1])]
        try:
            day = datetime.strptime(m[1], shape)
        except ValueError:
            continue
        if today and day.date() != ref.date() and abs(ref.date() - day.date()) <= timedelta(days=120) or \
                now and timedelta(days=1) < ref - day <= timedelta(days=120):  # an id dated weeks back: of today's work
            moved = (ref - timedelta(days=0 if today else int(m[1]) % 2)).strftime(shape)
            changed = args[name][:m.start()] + moved + args[name][m.end():]
            args[name] = changed if is_valid(tool.properties.get(name) or {}, changed) else args[name]
    return args


def after_its_record(args: dict[str, Any], keep: frozenset[str]) -> dict[str, Any]:
    """A day of the call (a return, a void) is never before the day the record it acts on was made,
    which the record's id spells (set 47: sale S-20250601-1417 returned on May 30)."""
    made = [datetime.strptime(m[1], GROUP_DATES[8]) for n, v in args.items() if isinstance(v, str)
            and semantic.tokens(n)[-1:] == ["id"] and (m := re.search(r"(?<![0-9])(20\d{6})(?![0-9])", v))
            and _parses(m[1])]
    if len(made) != 1:
        return args
    for name in [n for n, v in args.items() if n not in keep and isinstance(v, str) and re.fullmatch(r"\d{4}-\d\d-\d\d", v)
                 and not {"birth", "born", "dob", "expiration", "expiry", "expires"} & set(semantic.tokens(n))]:
        day = datetime.strptime(args[name], "%Y-%m-%d")
        if made[0] - timedelta(days=120) < day < made[0]:
            args[name] = made[0].strftime("%Y-%m-%d")
    return args


_NOT_THE_ACTS = frozenset({"birth", "born", "dob", "expiration", "expiry", "expires"})


def of_its_year(args: dict[str, Any], keep: frozenset[str]) -> dict[str, Any]:
    """An id whose year part is before the year of the day of the same thing in its call takes that
    year: the report of a bite of June 2025 is numbered 2025, never "BR-2024-95816" (set 48); a
    protocol or a stored unit of last year stays last year's."""
    dated = {n: v[:4] for n, v in args.items() if isinstance(v, str) and re.fullmatch(r"20\d\d-\d\d-\d\d", v)
             and not _NOT_THE_ACTS & set(semantic.tokens(n))}
    out = dict(args)
    for name, value in args.items():
        m = re.fullmatch(r"([A-Z]{1,5}-)(20\d\d)(-\d{3,}[A-Z]?)", value) if isinstance(value, str) else None
        own = set(semantic.tokens(name)) - _PLAIN_WORDS
        years = {y for n, y in dated.items() if own & set(semantic.tokens(n))}
        if name not in keep and m and len(years) == 1 and m[2] < (year := years.pop()):
            out[name] = f"{m[1]}{year}{m[3]}"
    return out


_PLAIN_WORDS = frozenset({"id", "number", "no", "date", "day", "time", "code", "ref", "reference"})


def _parses(digits: str) -> bool:
    try:
        datetime.strptime(digits, GROUP_DATES[8])
    except ValueError:
        return False
    return True


# A tool whose work is of the day itself: its records' ids carry today's date (set 47: purchase limits
# for a visit of March 14, today's sale recorded on yesterday's visit, a void of a sale of April 11).
_TODAY_ONLY = re.compile(r"\b(?:still \w+ today|(?:current|same) (?:business )?day|checked-in)\b", re.IGNORECASE)


# An id whose description lays out its parts by length: "facility code (1 letter + 4 digits), 2-digit
# collection year and 6-digit sequence, e.g. 'W042025123456'" (set 45: DINs of years 83, 51 and 06, a
# facility per unit of one hold). The year part is this year's (or last year's), and the units a call
# lists share the leading code part.
_LAID_PART = re.compile(r"(?:(\d+) letters? \+ (\d+) digits?|(\d+|two|three|four|six)-(?:digit|letter|character) ([a-z ]+?))"
                        r"(?=\)|,|\s+and\b|\s*$)")
_NUMERALS = {"two": 2, "three": 3, "four": 4, "six": 6}


@lru_cache(maxsize=4096)
def _layout(description: str) -> tuple[tuple[int, str], ...]:
    """(length, name) of each part a description lays out, in order; () when it lays out none (read
    once per description: every draw of every parameter asks)."""
    parts = []
    for m in _LAID_PART.finditer(description.split(" e.g.")[0]):
        size = int(m[1]) + int(m[2]) if m[1] else int(_NUMERALS.get(m[3], 0) or m[3])
        parts.append((size, "code" if m[1] else m[4].strip()))
    return tuple(parts)


def laid_out_years(props: dict[str, Any], args: dict[str, Any], keep: frozenset[str], ref: datetime) -> dict[str, Any]:
    for name in [n for n in args if n not in keep]:
        schema = props.get(name) or {}
        items = schema.get("items")
        own: dict[str, Any] = items if schema.get("type") == "array" and isinstance(items, dict) else schema
        parts = _layout(str(own.get("description") or ""))
        values = args[name] if isinstance(args[name], list) else [args[name]]
        if len(parts) < 2 or not all(isinstance(v, str) and len(v) == sum(p[0] for p in parts) for v in values):
            continue
        starts = [sum(p[0] for p in parts[:i]) for i in range(len(parts))]
        out = []
        for i, v in enumerate(values):
            for (size, what), at in zip(parts, starts, strict=True):
                if what.split()[-1:] == ["year"] and size in (2, 4) and v[at:at + size].isdigit():  # (a layout that
                    # misses a part says no year where it points: never an int of "W6")
                    year = str(ref.year - int(v[at:at + size]) % 2)[-size:]  # this year or last, by its own digits
                    v = v[:at] + year + v[at + size:]
                elif i and at == 0 and what.split()[-1:] == ["code"]:
                    v = values[0][:size] + v[size:]  # one site's units
            out.append(v if is_valid(own, v) else values[i])
        args[name] = out if isinstance(args[name], list) else out[0]
    return args


# "Bookings start on the hour or half hour between 07:00 and 17:00 local time" (set 49: depositions at 20:00
# and 19:45): the hours a tool's prose gives the start of what it books, and the minutes it starts on.
_OPEN_HOURS = re.compile(r"\b(?:start|starts|begin|begins|booked|run|runs|open|opens|held)\b[^.;]*?\bbetween (\d{1,2}):(\d\d) "
                         r"and (\d{1,2}):(\d\d)", re.IGNORECASE)
_HALF_HOURS = re.compile(r"\bon the hour or (?:the )?half[- ]hour\b", re.IGNORECASE)
_MOMENT = re.compile(r"(\d{4}-\d\d-\d\d[T ])(\d\d):(\d\d)(.*)")


def in_opening_hours(tool: Tool, args: dict[str, Any], keep: frozenset[str], ref: datetime) -> dict[str, Any]:
    """A start drawn outside the hours the tool's prose gives moves into them, on the minutes it says
    (the hour or half hour); a booking made for today moves to a weekday ahead (set 49: depositions booked
    for 07:00 the day they were booked). Only a call with one start (`start_*`, or its one moment)."""
    m = _OPEN_HOURS.search(tool.description)
    if m is None:
        return args
    opens, closes = int(m[1]) * 60 + int(m[2]), int(m[3]) * 60 + int(m[4])
    moments = [n for n, v in args.items() if isinstance(v, str) and _MOMENT.fullmatch(v)]
    starts = [n for n in moments if {"start", "begin", "starts"} & set(semantic.tokens(n))] or moments
    if len(starts) != 1 or starts[0] in keep or closes - opens < 60:
        return args
    name = starts[0]
    day, hour, minute, rest = _MOMENT.fullmatch(args[name]).groups()  # type: ignore[union-attr]
    at = int(hour) * 60 + int(minute)
    step = 30 if _HALF_HOURS.search(tool.description) else 15
    if opens <= at < closes and at % step == 0 and day[:10] > ref.strftime("%Y-%m-%d"):
        return args
    at = at if opens <= at < closes else opens + (at * 7) % (closes - opens)
    at -= at % step
    if semantic.tokens(tool.name)[:1] and semantic.tokens(tool.name)[0] in ("book", "schedule", "reserve") and \
            day[:10] <= ref.strftime("%Y-%m-%d"):
        ahead = ref + timedelta(days=2 + at % 9)
        ahead += timedelta(days=(7 - ahead.weekday()) % 7 if ahead.weekday() >= 5 else 0)
        day = ahead.strftime("%Y-%m-%d") + day[10:]
    moved = f"{day}{at // 60:02d}:{at % 60:02d}{rest}"
    if is_valid(tool.properties.get(name) or {}, moved):
        args[name] = moved
    return args


_WEEKEND_SAID = re.compile(r"\bsaturday (?:or|and) sunday\b|\bweekends?\b", re.IGNORECASE)
_AHEAD_SAID = re.compile(r"\b(?:book|booked|reserve|schedule)d? at least (\d{1,2}) days (?:ahead|in advance)\b", re.IGNORECASE)
_DAY = re.compile(r"(\d{4}-\d\d-\d\d)(.*)")


def on_named_days(tool: Tool, args: dict[str, Any], keep: frozenset[str], ref: datetime) -> dict[str, Any]:
    """A day its description puts on a weekend ("Saturday or Sunday of the party") is the next Saturday or
    Sunday, and a booking the tool's prose wants made "at least 7 days ahead" is that far off (set 49: 21 of
    24 birthday parties on weekdays, three the next day)."""
    least = _AHEAD_SAID.search(tool.description)
    for name, value in list(args.items()):
        schema = tool.properties.get(name)
        m = _DAY.fullmatch(value) if isinstance(value, str) and isinstance(schema, dict) and name not in keep else None
        if m is None or not isinstance(schema, dict):
            continue
        weekend = bool(_WEEKEND_SAID.search(str(schema.get("description") or "")))
        if not weekend and not least:
            continue
        try:
            day = datetime.strptime(m[1], "%Y-%m-%d")
        except ValueError:
            continue
        if least and day < ref + timedelta(days=int(least[1])):
            day = ref.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(days=int(least[1]) + (day.day * 5 + len(str(args))) % 21)
        while weekend and day.weekday() < 5:
            day += timedelta(days=1)
        moved = day.strftime("%Y-%m-%d") + m[2]
        if is_valid(schema, moved):
            args[name] = moved
    return args

