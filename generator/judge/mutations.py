"""Pure value and name mutations used by the corruption operators (no labels decided here)."""

from __future__ import annotations

import json
import random
import re
from datetime import datetime
from typing import Any

from .similarity import split_words

# ---------------------------------------------------------------- names

_SYNONYMS: dict[str, tuple[str, ...]] = {
    "location": ("city", "place", "address"), "city": ("location", "city_name", "town"),
    "query": ("q", "search", "search_query"), "keyword": ("keywords", "query", "search_term"),
    "keywords": ("keyword", "query"), "date": ("day", "on_date"), "time": ("hour", "at_time"),
    "name": ("title", "full_name"), "title": ("name",), "origin": ("from", "start"),
    "destination": ("to", "dest"), "number": ("num", "count"), "quantity": ("qty", "amount"),
    "start": ("begin", "from"), "end": ("finish", "to"), "type": ("kind", "category"),
    "category": ("type", "genre"), "price": ("cost",), "address": ("location",),
    "message": ("text", "content"), "content": ("text", "body"), "people": ("guests", "persons"),
}
_ABBREVIATIONS = {"number": "num", "quantity": "qty", "maximum": "max", "minimum": "min",
                  "information": "info", "destination": "dest", "description": "desc",
                  "identifier": "id", "temperature": "temp", "address": "addr"}


def snake(words: list[str]) -> str:
    return "_".join(words)


def camel(words: list[str]) -> str:
    return words[0] + "".join(w.capitalize() for w in words[1:]) if words else ""


def typos(name: str) -> list[str]:
    """Single-edit misspellings that keep the first letter: drop, swap and double a letter."""
    out = [name[:i] + name[i + 1:] for i in range(1, len(name)) if name[i].isalpha()]
    out += [name[:i] + name[i + 1] + name[i] + name[i + 2:] for i in range(1, len(name) - 1)
            if name[i] != name[i + 1] and name[i].isalpha() and name[i + 1].isalpha()]
    out += [name[:i] + name[i] + name[i:] for i in range(1, len(name)) if name[i] in "lstmnpr"]
    return out


def param_name_variants(name: str) -> list[str]:
    """Plausible wrong spellings of a parameter name: style swap, synonym, plural, abbreviation."""
    words = split_words(name)
    out = [camel(words), snake(words), *(_SYNONYMS.get(name, ())),
           name[:-1] if name.endswith("s") else name + "s"]
    if words:
        out += [snake(words[:-1] + [s]) for s in _SYNONYMS.get(words[-1], ())]
        out += [snake([_ABBREVIATIONS.get(w, w) for w in words])]
    return [v for v in dict.fromkeys(out) if v and v != name and v.isidentifier()]


def tool_name_variants(name: str, api: str, app: str) -> list[str]:
    """Plausible non-existent names for a tool: api without app, style swaps, plurals."""
    words = split_words(api)
    if not app:  # a whole name: style swaps and plurals of the name itself
        return [v for v in dict.fromkeys([camel(words), snake(words), name + "s" if not name.endswith("s")
                                          else name[:-1]]) if v and v != name]
    out = [api, f"{app}_{camel(words)}", f"{app}_{snake(words)}", f"{app.lower()}_{api}",
           name + "s" if not name.endswith("s") else name[:-1], f"{app}{camel(words).capitalize()}"]
    return [v for v in dict.fromkeys(out) if v and v != name]


# ---------------------------------------------------------------- hallucinated parameters

EXTRA_PARAMS: tuple[tuple[str, Any], ...] = (
    ("language", "en"), ("limit", 10), ("max_results", 5), ("sort_by", "relevance"),
    ("format", "json"), ("units", "metric"), ("include_details", True), ("user_id", "me"),
    ("timezone", "UTC"), ("verbose", True), ("region", "US"), ("page", 1), ("currency", "USD"),
    ("confirm", True), ("priority", "high"), ("notes", "as soon as possible"),
)

# ---------------------------------------------------------------- formats (dates, times, units)

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_TIME = re.compile(r"^\d{1,2}:\d{2}$")
_DATETIME = re.compile(r"^\d{4}-\d{2}-\d{2}[ T]\d{1,2}:\d{2}(:\d{2})?$")
_QUANTITY = re.compile(r"^(\d+(?:\.\d+)?)\s*([A-Za-z°]+)$")
# Reorderings chosen so they stay different even after BFCL's string standardization
# (which drops spaces and , . / - _ * ^): the year moves or words appear.
_DATE_FORMATS = ("%m/%d/%Y", "%d/%m/%Y", "%B %d, %Y", "%d %b %Y")
_UNIT_SWAPS = {"km": "miles", "mi": "km", "miles": "km", "kg": "lb", "lb": "kg", "lbs": "kg",
               "c": "F", "°c": "°F", "f": "C", "°f": "°C", "m": "ft", "ft": "m", "cm": "in",
               "min": "h", "minutes": "hours", "h": "min", "hours": "minutes", "usd": "EUR",
               "eur": "USD", "l": "gal", "ml": "oz"}


def _twelve_hour(hour: int, minute: int) -> str:
    return f"{(hour % 12) or 12}:{minute:02d} {'AM' if hour < 12 else 'PM'}"


def reformat(value: str, rng: random.Random) -> str | None:
    """The same fact in a format the schema did not ask for (None if `value` has no format)."""
    try:  # a string of a date's shape that is no date ("2025-14-50") has no other format
        if _DATE.match(value):
            return datetime.strptime(value, "%Y-%m-%d").strftime(rng.choice(_DATE_FORMATS))
        if _DATETIME.match(value):
            when = datetime.fromisoformat(value.replace(" ", "T"))
            return when.strftime("%m/%d/%Y ") + _twelve_hour(when.hour, when.minute)
    except ValueError:
        return None
    if _TIME.match(value):
        hour, minute = (int(p) for p in value.split(":"))
        return _twelve_hour(hour, minute) if rng.random() < 0.7 else f"{hour}h{minute:02d}"
    found = _QUANTITY.match(value.strip())
    if found and found.group(2).lower() in _UNIT_SWAPS:
        return f"{found.group(1)} {_UNIT_SWAPS[found.group(2).lower()]}"
    return None


# Number parameters whose name or description carries a unit: converting to a sibling unit
# is the classic "right number, wrong unit" mistake.
_UNIT_FACTORS: tuple[tuple[str, float], ...] = (
    ("minute", 60), ("hour", 60), ("km", 1000), ("kilomet", 1000), ("kg", 1000), ("meter", 100),
    ("second", 1000), ("dollar", 100), ("mile", 1.609), ("celsius", 1.8), ("day", 24),
)


def unit_factor(name: str, description: str) -> float | None:
    text = f"{name} {description}".lower()
    return next((f for key, f in _UNIT_FACTORS if key in text), None)


# ---------------------------------------------------------------- types

def retyped(value: Any) -> Any:
    """The value in a JSON type it was not: 3 -> "3", "x" -> ["x"], [a, b] -> "a, b"."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False)
    return None


# ---------------------------------------------------------------- pairs (origin / destination)

_OPPOSITES = (("origin", "destination"), ("from", "to"), ("source", "target"), ("start", "end"),
              ("departure", "arrival"), ("pickup", "dropoff"), ("sender", "recipient"),
              ("min", "max"), ("home", "away"), ("checkin", "checkout"), ("begin", "end"),
              ("lower", "upper"), ("first", "last"), ("src", "dst"), ("depart", "arrive"))


def counterpart(name: str) -> set[str]:
    """Names that would be `name`'s opposite ('origin_city' -> {'destination_city'})."""
    words = split_words(name)
    out: set[str] = set()
    for a, b in _OPPOSITES:
        for x, y in ((a, b), (b, a)):
            if x in words:
                swapped = [y if w == x else w for w in words]
                out |= {snake(swapped), camel(swapped)}
    return out
