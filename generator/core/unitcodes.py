"""Unit codes as values: "mL", "kg", "°C", "mg/dL", "kWh", "mcg" are how a unit is written, not
identifiers. A person says them as written ("240 mL", "240 ml") or in the unit's words ("240
milliliters", "millilitres"), never split like a camelCase name ("m l").

`unit_words(code)` reads a code as SI prefix + base unit, a unit of its own (table `_UNITS`) or a
ratio of two ("mg/dL" -> "milligrams per deciliter"), and gives the words that say it;
`is_unit_code(param, value, spec)` decides whether an enum value of a parameter is one: the value
reads as a unit and the parameter is about units (its name or description says "unit", or most of
its options read as units). The tables hold what everyday and lab units are, by definition;
tests check each reading against pint's registry (too slow to build for every run).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

# SI prefixes as written -> their word ("mc" is the pharmacy's micro, as in "mcg").
_PREFIXES = {"k": "kilo", "h": "hecto", "da": "deca", "d": "deci", "c": "centi", "m": "milli",
             "µ": "micro", "μ": "micro", "u": "micro", "mc": "micro", "n": "nano", "p": "pico",
             "M": "mega", "G": "giga", "T": "tera"}
# Base units that take a prefix -> (singular, plural) words, American spelling first.
_BASES = {"g": ("gram", "grams"), "L": ("liter", "liters"), "l": ("liter", "liters"), "m": ("meter", "meters"),
          "s": ("second", "seconds"), "mol": ("mole", "moles"), "Hz": ("hertz", "hertz"), "W": ("watt", "watts"),
          "Wh": ("watt hour", "watt hours"), "V": ("volt", "volts"), "A": ("ampere", "amperes"),
          "Pa": ("pascal", "pascals"), "J": ("joule", "joules"), "Eq": ("equivalent", "equivalents"),
          "cal": ("calorie", "calories"), "Gy": ("gray", "grays"), "Bq": ("becquerel", "becquerels")}
# Units written whole -> (singular, plural, other) words.
_UNITS: dict[str, tuple[str, ...]] = {
          "°C": ("degree Celsius", "degrees Celsius", "Celsius"), "°F": ("degree Fahrenheit", "degrees Fahrenheit", "Fahrenheit"),
          "degC": ("degree Celsius", "degrees Celsius", "Celsius"), "degF": ("degree Fahrenheit", "degrees Fahrenheit", "Fahrenheit"),
          "K": ("kelvin", "kelvins"), "mmHg": ("millimeter of mercury", "millimeters of mercury"),
          "ppm": ("part per million", "parts per million"), "ppb": ("part per billion", "parts per billion"),
          "IU": ("international unit", "international units"), "cc": ("cubic centimeter", "cubic centimeters"),
          "h": ("hour", "hours"), "hr": ("hour", "hours"), "min": ("minute", "minutes"), "d": ("day", "days"),
          "lb": ("pound", "pounds"), "lbs": ("pound", "pounds"), "oz": ("ounce", "ounces"),
          "fl oz": ("fluid ounce", "fluid ounces"), "ft": ("foot", "feet"), "in": ("inch", "inches"),
          "yd": ("yard", "yards"), "mi": ("mile", "miles"), "gal": ("gallon", "gallons"), "qt": ("quart", "quarts"),
          "pt": ("pint", "pints"), "tsp": ("teaspoon", "teaspoons"), "tbsp": ("tablespoon", "tablespoons"),
          "mph": ("mile per hour", "miles per hour"), "kph": ("kilometer per hour", "kilometers per hour"),
          "%": ("percent", "percent"), "bpm": ("beat per minute", "beats per minute")}
_BRITISH = (("liter", "litre"), ("meter", "metre"))


@lru_cache(maxsize=4096)
def unit_words(code: str) -> tuple[str, ...]:
    """The words that say a unit code, singular and plural ("mL" -> "milliliter", "milliliters",
    "millilitre", "millilitres"); () when `code` reads as no unit."""
    parts = code.strip().split("/")
    if len(parts) > 2 or not all(p.strip() for p in parts):
        return ()
    said = [_one(p.strip()) for p in parts]
    if any(s is None for s in said):
        return ()
    if len(said) == 2:  # "mg/dL": the numerator in both numbers, the denominator singular
        top, bottom = said
        return _spellings([f"{top[0]} per {bottom[0]}", f"{top[1]} per {bottom[0]}"])  # type: ignore[index]
    return _spellings(list(said[0]))  # type: ignore[arg-type]


def _one(code: str) -> tuple[str, ...] | None:
    if code in _UNITS:
        return _UNITS[code]
    if code in _BASES:
        return _BASES[code]
    for size in (2, 1):  # "mc" before "m": "mcg" is micrograms, not milli-centi-grams
        prefix, base = code[:size], code[size:]
        if prefix in _PREFIXES and base in _BASES:
            one, many = _BASES[base]
            return _PREFIXES[prefix] + one, _PREFIXES[prefix] + many
    return None


def _spellings(said: list[str]) -> tuple[str, ...]:
    out = list(dict.fromkeys(said))
    for us, uk in _BRITISH:
        out += [w.replace(us, uk) for w in said if us in w]
    return tuple(dict.fromkeys(out))


_ABOUT_UNITS = re.compile(r"\bunits?\b|\buom\b|\bmeasure(?:ment)?s?\b", re.IGNORECASE)


def is_unit_code(param: str, value: Any, spec: dict[str, Any]) -> bool:
    """Whether `value`, an option of `param`, is a unit code: it reads as a unit, and the parameter
    names units (`quantity_unit`, "Unit of measure") or most of its options read as units (a size
    "L" among "S", "M", "XL" is a size, not a litre)."""
    if not isinstance(value, str) or not unit_words(value):
        return False
    about = f"{re.sub(r'[_.]', ' ', param)} {spec.get('description') or ''}"
    if _ABOUT_UNITS.search(about):
        return True
    options = [o for o in spec.get("enum") or [] if isinstance(o, str)]
    return len(options) >= 2 and 2 * sum(bool(unit_words(o)) for o in options) > len(options)
