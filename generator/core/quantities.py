"""Physical measures a number's name or description gives, and the range real values take.

A number with no semantic type is drawn from 1 to 20, so a cider's pH comes out 17, a spray at
5 °F, a specific gravity of 16.8 and a pressing run of 15 L. The unit or the measure a parameter
names (`temp_f`, "pH", "in °Brix", `juice_l`, `_pct`, "mg/L") says what order its values are of;
this module reads that and gives the usual range (`measure`), inside the hard limits the measure
itself has (a pH is 0-14, a percent 0-100). generator.core.values draws inside it, narrowed further by
the schema's and the description's own bounds; generator.core.plausibility checks the hard limits
with its own reading.

The table is by measure and unit, never by domain: a litre is a litre in a winery and a lab.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any


@dataclass(frozen=True)
class Measure:
    """A physical measure: its usual range, decimals, and the limits no value passes."""

    name: str
    lo: float
    hi: float
    decimals: int | None
    floor: float | None = None
    ceiling: float | None = None


def _words(name: str) -> list[str]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    return [w for w in re.split(r"[^a-z0-9]+", spaced.lower()) if w]


# A patient's temperature ("Oral temperature, °F."), not the weather's or a fridge's.
_BODY = r"\b(?:oral|body|tympanic|axillary|rectal|patient)\b[^.]{0,20}\btemperature\b"
# (measure, name words that say it, a description pattern that says it). Order matters: the
# first that matches wins (a `temp_f` is Fahrenheit before it is a temperature).
_RULES: list[tuple[Measure, frozenset[str], str]] = [
    (Measure("ph", 3.0, 8.0, 1, 0.0, 14.0), frozenset({"ph"}), r"\bpH\b"),
    # vital signs of a living adult (a resting patient; the limits are what any patient can have)
    (Measure("bp_systolic", 100, 160, 0, 50, 260), frozenset({"systolic", "sbp"}), r"\bsystolic\b"),
    (Measure("bp_diastolic", 60, 95, 0, 25, 160), frozenset({"diastolic", "dbp"}), r"\bdiastolic\b"),
    (Measure("pulse", 58, 105, 0, 25, 250), frozenset({"pulse", "bpm", "heartrate"}),
     r"\bpulse\b|\bheart rate\b|\bbeats per minute\b"),
    (Measure("respiratory_rate", 12, 22, 0, 4, 70), frozenset({"respiratory", "resp", "breaths"}),
     r"\brespiratory rate\b|\bbreaths per minute\b"),
    (Measure("spo2", 93, 100, 0, 50, 100), frozenset({"spo2", "sao2", "o2sat"}), r"\bSpO2\b|\boxygen saturation\b"),
    (Measure("body_f", 97.2, 100.4, 1, 88, 110), frozenset(), _BODY + r"[^.]{0,10}°\s?F"),
    (Measure("body_c", 36.2, 38.0, 1, 31, 43), frozenset(), _BODY + r"[^.]{0,10}°\s?C"),
    # an amount in cents is a realistic price (a few dollars to a few hundred) times 100
    (Measure("cents", 500, 50000, 0, 1, None), frozenset({"cents", "cent"}), r"\b(?:in|us|integer|of) cents\b"),
    (Measure("fahrenheit", 40, 85, 0, -60, 140), frozenset({"fahrenheit", "degf"}),
     r"°\s?F\b|\bfahrenheit\b|\bdegrees? F\b"),
    (Measure("celsius", 8, 28, 1, -60, 60), frozenset({"celsius", "degc"}), r"°\s?C\b|\bcelsius\b|\bdegrees? C\b"),
    (Measure("percent", 5, 95, 0, 0, 100), frozenset({"pct", "percent", "percentage"}),
     r"\bpercent(?:age)?\b|\bin %|\(%\)"),
    (Measure("specific_gravity", 0.995, 1.06, 3, 0.9, 1.2), frozenset({"sg", "gravity"}), r"\bspecific gravity\b"),
    (Measure("brix", 8, 18, 1, 0, 80), frozenset({"brix"}), r"°\s?Brix\b|\bBrix\b"),
    (Measure("ppm", 10, 60, 0, 0, None), frozenset({"ppm"}), r"\bppm\b|\bmg/L\b"),
    (Measure("mph", 3, 25, 0, 0, 200), frozenset({"mph"}), r"\bmph\b"),
    (Measure("elevation_m", 100, 2200, 0, -100, 6000), frozenset(), r"\belevation\b[^.]{0,30}\b(?:meters|metres|m)\b"),
    (Measure("elevation_ft", 300, 7000, 0, -300, 20000), frozenset({"elevation", "altitude"}), r"\belevation\b"),
    (Measure("acres", 2, 400, 1, 0, None), frozenset({"acres", "acre", "ha", "hectares"}), r"\bacres?\b"),
    (Measure("litres", 20, 600, 0, 0, None), frozenset({"l", "litres", "liters", "litre", "liter"}),
     r"\bin (?:litres|liters)\b|\(litres\)|\(liters\)"),
    (Measure("gallons", 5, 50, 0, 0, None), frozenset({"gal", "gallons", "gallon"}), r"\bgallons\b"),
]
_CENTS_RATE = Measure("cents_rate", 1000, 15000, 0, 1, None)
# A name word that says which temperature scale (`temp_f`, `temperature_c`): only beside a
# temperature word, where a lone `f` or `c` means nothing else.
_TEMPERATURE = frozenset({"temp", "temperature"})
_SCALE_LETTER = {"f": "fahrenheit", "c": "celsius"}
_BY_NAME = {m.name: m for m, _, _ in _RULES}
# Words that make a parameter a rate or a share of the measure, not an amount of it
# (`water_gal_per_acre`, `price_per_l`): the measure's range says nothing about it.
_PER = frozenset({"per", "rate"})


@lru_cache(maxsize=4096)
def _measure(name: str, description: str) -> Measure | None:
    words = _words(name)
    if {"heart", "rate"} <= set(words):
        return _BY_NAME["pulse"]
    body = next((m for m, _, said in _RULES if m.name.startswith("body_") and re.search(said, description, re.IGNORECASE)), None)
    if body is not None and (not (_TEMPERATURE & set(words)) or words[-1] == body.name[-1]):
        return body  # "Oral temperature, °F.": a patient's, not the weather's
    if _TEMPERATURE & set(words) and words[-1] in _SCALE_LETTER:
        return _BY_NAME[_SCALE_LETTER[words[-1]]]
    if {"elevation", "altitude"} & set(words) and {"m", "meters", "metres"} & set(words):
        return _BY_NAME["elevation_m"]
    per = bool(_PER & set(words))
    if per and {"cents", "cent"} & set(words):
        return _CENTS_RATE  # a cost per acre or per hour is tens of dollars, not hundreds
    for measure, names, said in _RULES:
        by_name = bool(names & set(words)) and not (per and measure.name in ("litres", "gallons", "acres"))
        if by_name or (not per and re.search(said, description, re.IGNORECASE)):
            return measure
    return None


def measure(name: str, schema: dict[str, Any]) -> Measure | None:
    """The physical measure a numeric parameter holds, or None when its name and description
    name none."""
    return _measure(name, str(schema.get("description") or ""))
