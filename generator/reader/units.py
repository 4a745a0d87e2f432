"""Units and conversions that are arithmetic ("two hours" for minutes=120, "5 km" for meters=5000,
"half an hour" for duration_seconds=1800).

The parameter's unit is read from its name and description ("duration_min", "radius in meters");
the text's quantities are a number followed by a unit word. Conversion uses the table `UNITS`
(dimension, factor to the base unit, offset): the everyday units a query says, exact by
definition. pint would read them too, but building its registry costs seconds per process, more
than the reader may spend on a whole template run; tests check every factor here against pint.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .numbers import same_number, with_digits
from .text import identifier_words, words

# Unit words of parameter names and texts -> pint unit names.
UNIT_WORDS = {
    "ms": "millisecond", "millisecond": "millisecond", "milliseconds": "millisecond",
    "s": "second", "sec": "second", "secs": "second", "second": "second", "seconds": "second",
    "min": "minute", "mins": "minute", "minute": "minute", "minutes": "minute",
    "h": "hour", "hr": "hour", "hrs": "hour", "hour": "hour", "hours": "hour",
    "day": "day", "days": "day", "week": "week", "weeks": "week",
    "mm": "millimeter", "cm": "centimeter", "m": "meter", "meter": "meter", "meters": "meter",
    "metre": "meter", "metres": "meter", "km": "kilometer", "kms": "kilometer", "kilometer": "kilometer",
    "kilometers": "kilometer", "kilometre": "kilometer", "kilometres": "kilometer",
    "mi": "mile", "mile": "mile", "miles": "mile", "ft": "foot", "foot": "foot", "feet": "foot",
    "yard": "yard", "yards": "yard", "inch": "inch", "inches": "inch",
    "g": "gram", "gram": "gram", "grams": "gram", "kg": "kilogram", "kgs": "kilogram",
    "kilogram": "kilogram", "kilograms": "kilogram", "lb": "pound", "lbs": "pound", "pound": "pound",
    "pounds": "pound", "oz": "ounce", "ounce": "ounce", "ounces": "ounce",
    "l": "liter", "liter": "liter", "liters": "liter", "litre": "liter", "litres": "liter",
    "ml": "milliliter", "milliliter": "milliliter", "milliliters": "milliliter",
    "gal": "gallon", "gals": "gallon", "gallon": "gallon", "gallons": "gallon",
    "celsius": "degC", "centigrade": "degC", "fahrenheit": "degF", "kelvin": "kelvin",
}
_PARAM_ONLY = {"c": "degC", "f": "degF", "k": "kelvin"}  # too short to trust in running text
_QUANTITY = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?(?:-\s?)?([a-z]+)\b")
_HALVES = ((re.compile(r"\bhalf an? (hour|minute|day|mile|kilometer|km)\b"), r"0.5 \1"),
           (re.compile(r"\ban? (hour|minute|day|week|mile|kilometer) and a half\b"), r"1.5 \1s"),
           (re.compile(r"\b(\d+) and a half (\w+)"), r"\1.5 \2"),
           (re.compile(r"\ban? (hour|minute|day|week|mile|kilometer|meter|km)\b"), r"1 \1"))


@lru_cache(maxsize=4096)
def param_unit(param: str, description: str = "") -> str | None:
    """The unit a parameter's value is in, from its name, else its description; None if not said."""
    ws = identifier_words(param)
    for i, w in reversed(list(enumerate(ws))):
        if i == 0 and len(ws) > 1 and w in _BOUNDS:
            continue  # "min_duration" is a minimum, not minutes
        if w in UNIT_WORDS or w in _PARAM_ONLY:
            return UNIT_WORDS.get(w) or _PARAM_ONLY[w]
    m = re.search(r"\b(?:in|unit:?|units:?)\s+\(?([a-z]+)", description.lower())
    if m and m.group(1) in UNIT_WORDS:
        return UNIT_WORDS[m.group(1)]
    return None


_BOUNDS = frozenset({"min", "max"})  # a name's first word: the bound, not the unit


@lru_cache(maxsize=4096)
def quantities_in(text: str) -> tuple[tuple[float, str, str], ...]:
    """(number, pint unit, words) for every number-with-unit of the text."""
    t = with_digits(text).lower()
    for pattern, repl in _HALVES:
        t = pattern.sub(repl, t)
    out = []
    for m in _QUANTITY.finditer(t):
        unit = UNIT_WORDS.get(m.group(2))
        if unit:
            out.append((float(m.group(1)), unit, m.group(0)))
    return tuple(out)


# pint unit name -> (dimension, factor to the dimension's base unit, offset): base = v * factor + offset
UNITS: dict[str, tuple[str, float, float]] = {
    "millisecond": ("time", 0.001, 0.0), "second": ("time", 1.0, 0.0), "minute": ("time", 60.0, 0.0),
    "hour": ("time", 3600.0, 0.0), "day": ("time", 86400.0, 0.0), "week": ("time", 604800.0, 0.0),
    "millimeter": ("length", 0.001, 0.0), "centimeter": ("length", 0.01, 0.0), "meter": ("length", 1.0, 0.0),
    "kilometer": ("length", 1000.0, 0.0), "mile": ("length", 1609.344, 0.0), "foot": ("length", 0.3048, 0.0),
    "yard": ("length", 0.9144, 0.0), "inch": ("length", 0.0254, 0.0),
    "gram": ("mass", 0.001, 0.0), "kilogram": ("mass", 1.0, 0.0), "pound": ("mass", 0.45359237, 0.0),
    "ounce": ("mass", 0.028349523125, 0.0),
    "milliliter": ("volume", 0.001, 0.0), "liter": ("volume", 1.0, 0.0), "gallon": ("volume", 3.785411784, 0.0),
    "degC": ("temperature", 1.0, 273.15), "degF": ("temperature", 5 / 9, 273.15 - 32 * 5 / 9),
    "kelvin": ("temperature", 1.0, 0.0),
}


def convert(value: float, unit: str, to: str) -> float | None:
    """`value` `unit` in `to`, or None when the two measure different things."""
    if unit == to:
        return value
    (dim, factor, offset), (dim_to, factor_to, offset_to) = UNITS[unit], UNITS[to]
    if dim != dim_to:
        return None
    return (value * factor + offset - offset_to) / factor_to


def stated_quantity(text: str, gold: float, unit: str) -> str | None:
    """The words of `text` giving a quantity equal to `gold` `unit` (after conversion)."""
    for number, said_unit, said in quantities_in(text):
        converted = convert(number, said_unit, unit)
        if converted is not None and (same_number(converted, gold) or abs(converted - gold) < 0.01):
            return said if said_unit == unit else f"{said} (= {gold:g} {unit})"
    return None


def unit_of(param: str, description: str) -> str | None:
    """`param_unit` with description words folded (cached by both strings)."""
    return param_unit(param, " ".join(words(description))[:300])
