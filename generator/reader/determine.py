"""The rules that determine a value without the text saying it: the schema default and the query
time (the query's date or clock time, a meal type the hour makes natural, a "today"/"now" enum)."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from ..core.temporal import lies_ahead
from ..records import Tool
from .dates import as_moment
from .history import key
from .text import fold, identifier_words

# Hours at which a meal type is the natural reading of "now" (broad: a reader accepts "lunch" at 14h).
MEALS = {"breakfast": range(4, 11), "brunch": range(9, 14), "lunch": range(10, 15), "afternoon_tea": range(13, 18),
         "dinner": range(15, 23), "supper": range(17, 24), "night_snack": range(19, 28), "late_night": range(21, 28),
         "snack": range(24)}
NOW_WORDS = frozenset({"now", "today", "today_only", "tonight", "this_week", "this_weekend", "asap",
                       "immediately", "right_now", "current", "currently"})


def schema_default(tool: Tool | None, param: str, gold: Any) -> str | None:
    """The schema's default, a default its description writes ("Default: true", "defaults to 5",
    "true by default"), or a TRAJECT-Bench (RapidAPI) catalog's "default": trajgen reads that one
    as an example (the playground's pre-filled value), but a reader of the catalog sees a default,
    so it determines too; the evidence says which."""
    if tool is None:
        return None
    spec = tool.properties.get(param) or {}
    if "default" in spec and spec["default"] is not None and key(spec["default"]) == key(gold):
        return f"schema default {spec['default']!r}"
    examples = spec.get("examples") or []
    if tool.source_format == "traject" and examples and key(examples[0]) == key(gold):
        return f"catalog default {examples[0]!r} (RapidAPI's pre-filled value)"
    if tool.source_format == "traject" and not examples and gold == "" and param not in tool.required:
        return "left empty, as the catalog's default"
    said = described_default(str(spec.get("description") or ""), gold)
    return f"the description's default {said!r}" if said else None


# "Default: true", "defaults to `US`", "the default is shortest distance for driving"; "true by
# default", "Song Name (default)".
_AFTER = re.compile(r"\bdefaults?(?: value)?(?: (?:is|to|of|will be|set to)| ?[:=])? *[\"'`]?([^\n,;()\"'`]{1,60})",
                    re.IGNORECASE)
_BEFORE = re.compile(r"[\"'`]?([^\n,;:()\"'`-]{1,40}?)[\"'`]? *(?:\(default\)|by default|is the default)", re.IGNORECASE)


def described_default(description: str, gold: Any) -> str | None:
    """The words of a description that give `gold` as the default."""
    want = key(gold).replace("_", " ").split()
    if not want or not description:
        return None
    for m in _AFTER.finditer(description):
        if fold(m.group(1)).replace("_", " ").split()[:len(want)] == want:
            return " ".join(want)
    for m in _BEFORE.finditer(description):
        if fold(m.group(1)).replace("_", " ").split()[-len(want):] == want:
            return " ".join(want)
    return None


def from_time(gold: Any, param: str, now: datetime | None) -> str | None:
    """Why the query time alone gives `gold`, or None."""
    if now is None:
        return None
    moment = as_moment(gold)
    if moment is not None:
        return None if lies_ahead(param) else _moment_is_now(moment, now)
    if not isinstance(gold, str):
        return None
    value = fold(gold).replace(" ", "_")
    if value in MEALS and ("meal" in identifier_words(param) or value != "snack"):
        hours = MEALS[value]
        hour = now.hour if now.hour in hours else now.hour + 24
        return f"{value} at {now:%H:%M}" if hour in hours else None
    return f"'{gold}' is the query time" if value in NOW_WORDS else None


def _moment_is_now(moment: Any, now: datetime) -> str | None:
    if moment.day is not None and moment.day != now.date():
        return None
    if moment.clock is not None and (moment.clock.hour, moment.clock.minute) != (now.hour, now.minute):
        return None
    return "the query date" if moment.clock is None else "the query time"
