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

from ..reader.text import stem


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
    # food out of the oven or the fryer, at its core: bread at 90-99 °C, never a room's 25 (set 19)
    (Measure("cooked_f", 190, 210, 0, 100, 500), frozenset(),
     (r"(?:°\s?F\b|\bfahrenheit\b)[^.]{0,40}\b(?:core|internal)\b|\b(?:core|internal) temp(?:erature)?\b[^.]{0,40}"
     r"\b(?:oven|baked?|bak(?:ing|ery)|cooked|roast(?:ed)?|fried|fryer)\b[^.]{0,30}(?:°\s?F\b|\bfahrenheit\b)")),
    (Measure("cooked_c", 88, 99, 1, 40, 260), frozenset(),
     r"\b(?:core|internal) temp(?:erature)?\b[^.]{0,40}\b(?:oven|baked?|bak(?:ing|ery)|cooked|roast(?:ed)?|fried|fryer)\b"),
    (Measure("fahrenheit", 40, 85, 0, -60, 140), frozenset({"fahrenheit", "degf"}),
     r"°\s?F\b|\bfahrenheit\b|\bdegrees? F\b"),
    (Measure("celsius", 8, 28, 1, -60, 60), frozenset({"celsius", "degc"}), r"°\s?C\b|\bcelsius\b|\bdegrees? C\b"),
    # alcohol by volume: beer, wine and cider a few percent to about fifteen (a brewery's 0.85% IPA is no recipe)
    (Measure("abv", 4.0, 9.5, 1, 0, 70), frozenset({"abv"}), r"\bABV\b|\balcohol by volume\b"),
    # what a material holds of something, in percent: concrete's air 4-8, milk's fat 3-5, grain's
    # moisture 12-20 (set 20: an air content of 87.2 %)
    (Measure("content_pct", 1, 8, 1, 0, 100), frozenset(), r"\bcontent\b,?\s*(?:in\s*)?(?:percent|%)"),
    (Measure("percent", 5, 95, 0, 0, 100), frozenset({"pct", "percent", "percentage"}),
     r"\bpercent(?:age)?\b|\bin %|\(%\)"),
    # a brewer's gravity in degrees Plato (wort 10-20, finished beer 1.5-4), before the "gravity" of specific gravity
    (Measure("plato", 2, 18, 1, 0, 40), frozenset({"plato"}), r"°\s?P\b|\bdegrees? Plato\b"),
    (Measure("specific_gravity", 0.995, 1.06, 3, 0.9, 1.2), frozenset({"sg", "gravity"}), r"\bspecific gravity\b"),
    (Measure("brix", 8, 18, 1, 0, 80), frozenset({"brix"}), r"°\s?Brix\b|\bBrix\b"),
    (Measure("ppm", 10, 60, 0, 0, None), frozenset({"ppm"}), r"\bppm\b|\bmg/L\b"),
    # what a crane, a truck or a rigger handles: a load or a counterweight in pounds is thousands of
    # them, a boom tens to hundreds of feet, a working radius inside it (set 19: a 2.9 lb "gross load"
    # on a 10.8 ft boom at a 48 ft radius)
    (Measure("load_lbs", 2000, 60000, 0, 1, None), frozenset(),
     (r"\b(?:gross |net |pay|cargo |hook |lifted |)load\b[^.]{0,30}\b(?:lbs?|pounds)\b|"
     r"\bcounterweight\b[^.]{0,30}\b(?:lbs?|pounds)\b")),
    # a truck on a scale, empty or loaded: tens of thousands of pounds (set 20: a milk tanker's
    # "Truck and milk, pounds." at 19 lb)
    (Measure("empty_vehicle_lbs", 24000, 36000, 0, 1, None), frozenset(),
     (r"\b(?:empty|unloaded|tare)\b[^.]{0,10}\b(?:trucks?|trailers?|tankers?|tractors?|vehicles?|rigs?)\b[^.]{0,25}"
      r"\b(?:lbs?|pounds)\b")),
    (Measure("vehicle_lbs", 25000, 80000, 0, 1, None), frozenset(),
     r"\b(?:trucks?|trailers?|tankers?|tractors?|vehicles?|rigs?)\b[^.]{0,25}\b(?:lbs?|pounds)\b"),
    (Measure("vehicle_kg", 11000, 36000, 0, 1, None), frozenset(),
     r"\b(?:trucks?|trailers?|tankers?|tractors?|vehicles?|rigs?)\b[^.]{0,25}\b(?:kg|kilograms?)\b"),
    (Measure("boom_ft", 60, 200, 0, 10, 1000), frozenset(), r"\b(?:boom|jib|mast)\b[^.]{0,20}\b(?:ft|feet)\b"),
    (Measure("radius_ft", 10, 55, 0, 1, 600), frozenset(), r"\bradius\b[^.]{0,60}\b(?:ft|feet)\b"),
    # a well's depth along the hole (MD) or straight down (TVD): thousands of feet, hundreds to a few
    # thousand metres (set 22: a bit at 5 ft, a top of cement at 14 ft, a mud sample from 6 ft)
    (Measure("well_depth_m", 300, 4500, 0, 0, 12000), frozenset(),
     r"\b(?:measured|true vertical) depth\b[^.]{0,30}\b(?:meters|metres|m)\b"),
    (Measure("well_depth_ft", 800, 15000, 0, 0, 40000), frozenset({"tvd", "tvdss"}),
     r"\b(?:measured|true vertical) depth\b|\bTVD\b"),
    # a fluid's weight in pounds per gallon: water 8.33, drilling mud and cement slurries 8.6 to 19
    (Measure("ppg", 8.6, 16.5, 1, 6, 23), frozenset({"ppg"}), r"\bppg\b|\bpounds per gallon\b|\blb/gal\b"),
    # a machine's hour meter: the hours it has run in its life, thousands
    (Measure("hour_meter", 800, 18000, 1, 0, None), frozenset(), r"\bhour ?meter\b|\bengine hours\b"),
    # a vehicle's odometer: the miles or kilometres of its life, tens to hundreds of thousands
    # (set 29: a tractor's odometer at 35 miles at the fuel pump)
    (Measure("odometer", 12000, 650000, 0, 0, None), frozenset({"odometer", "odo", "hubometer"}),
     r"\b(?:odometer|hubometer|hub ?odometer)\b"),
    (Measure("mph", 3, 25, 0, 0, 200), frozenset({"mph"}), r"\bmph\b"),
    # a current: a circuit's or a service's breaker, a motor's draw (set 23: a main breaker of 3 A)
    (Measure("amps", 15, 200, 0, 0, 6000), frozenset({"amps", "amp", "amperes", "ampere"}), r"\bamp(?:ere)?s\b"),
    # a match's goals and its minutes: a few goals a side, a card in the ninety minutes of play
    # (set 20: final scores of 15-19 and cautions at minute 120)
    (Measure("goals", 0, 4, 0, 0, 30), frozenset({"goals"}), r"\bgoals\b(?! (?:per|of the year))"),
    (Measure("match_minute", 1, 90, 0, 0, 130), frozenset(),
     r"\b(?:match|game) minute\b|\bminute of (?:the )?(?:match|game|play)\b"),
    (Measure("elevation_m", 100, 2200, 0, -100, 6000), frozenset(), r"\belevation\b[^.]{0,30}\b(?:meters|metres|m)\b"),
    (Measure("elevation_ft", 300, 7000, 0, -300, 20000), frozenset({"elevation", "altitude"}), r"\belevation\b"),
    (Measure("acres", 2, 400, 1, 0, None), frozenset({"acres", "acre", "ha", "hectares"}), r"\bacres?\b"),
    (Measure("litres", 20, 600, 0, 0, None), frozenset({"l", "litres", "liters", "litre", "liter"}),
     r"\bin (?:litres|liters)\b|\(litres\)|\(liters\)"),
    (Measure("gallons", 5, 50, 0, 0, None), frozenset({"gal", "gallons", "gallon"}), r"\bgallons\b"),
    # airborne particles per cubic metre: a clean room's thousands, a room's hundreds of thousands
    (Measure("particles_m3", 1000, 300000, 0, 0, None), frozenset({"particles", "particle"}),
     r"\bparticles?\b[^.]{0,30}\b(?:per (?:cubic met(?:re|er)|m3|m³)|/m3|/m³)"),
    # alcohol in blood (g/100 mL) or breath (g/210 L): a drinking driver's few hundredths to a few tenths
    (Measure("alcohol_concentration", 0.02, 0.25, 3, 0, 0.6), frozenset({"bac", "brac"}),
     r"\bg/100\s?mL\b|\bg/210\s?L\b|\bg/dL\b|\b(?:blood|breath)[- ]alcohol\b"),
    # colonies counted on a swab, a glove or a settle plate: a handful, mostly none
    (Measure("cfu", 0, 3, 0, 0, None), frozenset({"cfu"}), r"\bCFU\b|\bcolony[- ]forming units?\b"),
]
_CENTS_RATE = Measure("cents_rate", 1000, 15000, 0, 1, None)
# A drug's dose per kilogram of body weight (meloxicam 1-2, enrofloxacin 5-10, buprenorphine under 1).
_DOSE_PER_KG = Measure("dose_per_kg", 0.1, 10, 1, 0, None)
_DOSE = re.compile(r"\bmg[/_ ](?:per[_ ])?kg\b|\bmg per kg\b", re.IGNORECASE)
# A name word that says which temperature scale (`temp_f`, `temperature_c`): only beside a
# temperature word, where a lone `f` or `c` means nothing else.
_TEMPERATURE = frozenset({"temp", "temperature"})
_SCALE_LETTER = {"f": "fahrenheit", "c": "celsius"}
# What a name ending in a scale letter holds at a temperature (`return_air_f`, `solution_c`).
_HELD_AT = frozenset({"air", "water", "supply", "return", "outdoor", "indoor", "ambient", "room", "surface", "oil",
                      "coolant", "wort", "beer", "solution", "discharge", "setpoint", "probe", "core"})
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
    if (_TEMPERATURE | _HELD_AT) & set(words) and words[-1] in _SCALE_LETTER:
        return _BY_NAME[_SCALE_LETTER[words[-1]]]  # `temp_f`; `supply_air_f`, `wort_f`: air or a liquid at a temperature
    if {"elevation", "altitude"} & set(words) and {"m", "meters", "metres"} & set(words):
        return _BY_NAME["elevation_m"]
    if "md" in words[1:] and {"depth", "ft", "feet", "m"} & set(words):  # `shoe_depth_ft_md`: a measured depth
        return _BY_NAME["well_depth_m" if {"m", "meters", "metres"} & set(words) else "well_depth_ft"]
    if _DOSE.search(f"{name} {description}"):
        return _DOSE_PER_KG  # "Dose in mg/kg": a drug's few milligrams per kilogram, not 47.7
    if "content" in words and {"pct", "percent"} & set(words):
        return _BY_NAME["content_pct"]  # `air_content_pct`, `fat_content_percent`
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


# ---------------------------------------------------------------- ranges a tool's prose states

# "18–22 °C, 45–55 % RH", "between 40 and 60 % humidity": a band, its unit and the words after it
# Thousands written with commas are one number ("about 2,000-2,500 words a day"; set 26: "000-8" read
# as a band of 0 to 8 words).
_BAND = re.compile(r"(?<![\w.,])(-?\d{1,3}(?:,\d{3})+(?!\d)|-?\d+(?:\.\d+)?)\s*(?:–|—|-|to)\s*"
                   r"(-?\d{1,3}(?:,\d{3})+(?!\d)|-?\d+(?:\.\d+)?)\s*([%°]\s*[CF]?|°[CF]|[CF](?![\w.]))?"
                   r"\s*([A-Za-z][A-Za-z_ ]{0,30})?")  # the words after it, never the next band's number
# "Balances are named BAL-01 .. BAL-06", "bays B1-B4": the first and last of a numbered series
_SERIES = re.compile(r"\b([A-Z]{1,5}-?)(\d{1,3})\s*(?:\.\.\.?|–|—|-|to|through)\s*\1(\d{1,3})\b")
_MAX = re.compile(r"\b([A-Za-z]+) (?:max(?:imum)?|at most|up to) (\d+(?:\.\d+)?)\s*([A-Za-z]+)?")
# "RH % (< 60)", "Temperature °C (≤ 20 °C recommended)": the words, their unit, the ceiling in parentheses
_BELOW = re.compile(r"\b([A-Za-z][A-Za-z ]{0,20}?)\s*([%°]\s*[CF]?)?\s*\(\s*(?:<|≤|<=|under|below)\s*\+?(\d+(?:\.\d+)?)")
# "Milk over 45 °F must not be picked up", "loads above 90 minutes are rejected": a limit readings keep under.
_REFUSED_OVER = re.compile(r"\b([A-Za-z][A-Za-z ]{0,20}?) (?:over|above|warmer than|more than|exceeding) (\d+(?:\.\d+)?)"
                           r"\s*([%°]\s*[CF]?|[A-Za-z]+)?[^.;]{0,25}?\b(?:must not|may not|cannot|can't|is refused|are "
                           r"refused|is rejected|are rejected|is not accepted|are not accepted|must be refused|must be "
                           r"rejected)\b", re.IGNORECASE)
# "the mat should be at least 250 F", "Water must be at least 120 °F": a reading's floor, said of its thing.
_FLOOR = re.compile(r"\b(?:the |a |an )?([a-z]+(?: [a-z]+)?) (?:should|must|needs to|has to) be at least (\d+(?:\.\d+)?)\s*"
                    r"(?:°\s*)?(?:F|C|psi|ppm|pcf)\b", re.IGNORECASE)


def _floors(description: str, numeric: list[str], props: dict[str, Any], out: dict[str, tuple[float, float]]) -> None:
    """"the mat should be at least 250 F behind the screed" (set 47: 23 of 24 mats at 183-246 F): a
    reading of the thing named drawn above the floor, into `out`."""
    for m in _FLOOR.finditer(description):
        said = set(_words(m.group(1))) - {"the", "a", "an", "its"}
        hit = [n for n in numeric if said & set(_words(n)) and n not in out]
        floor = float(m.group(2))
        top = _number_of(props[hit[0]].get("maximum")) if len(hit) == 1 else None
        if len(hit) == 1 and floor > 0 and (top is None or top > floor):
            out[hit[0]] = (floor, min(round(floor * 1.15, 1), top) if top is not None else round(floor * 1.15, 1))


# "Company minimums for passenger flights: surface wind ... 8 knots or less, visibility at least 3 statute
# miles, ceiling at least 1,500 feet AGL" (set 49: go decisions at 1 mile): each reading of a list of limits
# drawn within its limit.
_LIMITS_SAID = re.compile(r"\b(?:minimums|minima|limits|requirements|standards)\b[^.:]*:([^.]+)", re.IGNORECASE)
_LIMIT = re.compile(r"^\s*(?:and )?([a-z]+(?: [a-z]+)?)\b[^,;]*?\b(?:(at least|no less than|not less than|minimum(?: of)?)"
                    r" (\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?) ?([a-z]+)? or less|(?:no more than|at most|not more than|"
                    r"maximum(?: of)?) (\d[\d,]*(?:\.\d+)?))", re.IGNORECASE)


_FULL_FLOOR = re.compile(r"\bat least (\d{1,3}) ?(?:percent|%) full\b", re.IGNORECASE)
_FULL_CEILING = re.compile(r"\b(?:no more than|not more than|at most|up to) (\d{1,3}) ?(?:percent|%)", re.IGNORECASE)


def _fill_levels(description: str, numeric: list[str], out: dict[str, tuple[float, float]]) -> None:
    """"filled to no more than 80 percent ...; a passenger flight leaves with every tank at least 75 percent
    full" (set 49: pre-flight checks at 25-72%): the one fill level drawn between the two."""
    floor, ceiling = _FULL_FLOOR.search(description), _FULL_CEILING.search(description)
    hit = [n for n in numeric if n not in out and {"fill", "full", "level"} & set(_words(n))]
    if floor and len(hit) == 1:
        top = float(ceiling[1]) if ceiling and float(ceiling[1]) > float(floor[1]) else 100.0
        out[hit[0]] = (float(floor[1]), top)


def _limits(description: str, numeric: list[str], props: dict[str, Any], out: dict[str, tuple[float, float]]) -> None:
    for said in _LIMITS_SAID.finditer(description):
        for clause in re.split(r"[,;]\s", said.group(1)):  # "1,500 feet" is one number
            m = _LIMIT.match(clause)
            if m is None:
                continue
            words = set(_words(m.group(1)))
            hit = [n for n in numeric if n not in out and words <= set(_words(n))]
            if len(hit) > 1 and m.group(5):  # "8 knots or less": the one in knots
                hit = [n for n in hit if m.group(5).lower() in _words(n)]
            if len(hit) != 1:
                continue
            top = _number_of(props[hit[0]].get("maximum"))
            if m.group(3):
                floor = float(m.group(3).replace(",", ""))
                out[hit[0]] = (floor, min(top, floor * 3.5) if top is not None and top > floor else floor * 1.5)
            else:
                ceiling = float((m.group(4) or m.group(6)).replace(",", ""))
                out[hit[0]] = (0.0, ceiling) if ceiling > 0 else out.get(hit[0], (0.0, 0.0))
    _fill_levels(description, numeric, out)


def _number_of(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


_UNIT_WORDS = {"°C": ("temperature", "temp"), "°F": ("temperature", "temp"), "%": ("humidity", "percent", "pct",
                                                                                     "percentage", "rh")}


def _initials(name: str) -> str:
    return "".join(w[0] for w in _words(name))


def _names_it(words: str, name: str) -> bool:
    """Whether the words after a band name parameter `name`: its initials ("RH" is
    relative_humidity) or its words ("relative humidity")."""
    said = _words(words)[:3]
    own = _words(name)
    return bool(said) and (said[0] == _initials(name).lower() and len(own) >= 2 or said[: len(own)] == own)


# "A tri-axle carries about", "each bin holds": what one thing takes, said of that thing.
_HOLDS = re.compile(r"\b(?:an?|each|one|every|the)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:carries|holds|takes|fits|"
                    r"weighs|loads)\b", re.IGNORECASE)


def bands(description: str, props: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """The band a tool's prose gives a numeric parameter: by its name or initials after the band
    ("45–55 % RH"), else by the band's unit ("18–22 °C" for the one temperature); a ceiling
    ("UV max 75") is a band from 0. The first one the prose gives a parameter holds."""
    numeric = [n for n, s in props.items() if isinstance(s, dict) and s.get("type") in ("number", "integer", "float")]
    out: dict[str, tuple[float, float]] = {}
    for m in _MAX.finditer(description):  # "UV max 75 µW/lm", "max 50 lux": a ceiling, from nothing
        hit = [n for n in numeric if _names_it(m.group(1), n) or _names_it(m.group(3) or "", n)]
        if len(hit) == 1 and hit[0] not in out:
            out[hit[0]] = (0.0, float(m.group(2)))
    for m in _BELOW.finditer(description):  # "Temperature °C (≤ 20 °C recommended), RH % (< 60)"
        unit = (m.group(2) or "").replace(" ", "")
        cues = _UNIT_WORDS.get(unit if unit in _UNIT_WORDS else unit[:1], ())
        hit = [n for n in numeric if _names_it(m.group(1), n) or (cues and set(_words(n)) & set(cues)
                                                                  and set(_words(m.group(1))) & set(cues))]
        ceiling = float(m.group(3))
        if len(hit) == 1 and hit[0] not in out and ceiling > 0:  # a reading kept under its limit, near it
            out[hit[0]] = (round(ceiling * 0.6, 1), ceiling)
    for m in _REFUSED_OVER.finditer(description):  # "Milk over 45 °F must not be picked up": a reading under it
        unit = (m.group(3) or "").replace(" ", "")
        cues = _UNIT_WORDS.get(unit if unit in _UNIT_WORDS else unit[:1], ())
        subject = set(_words(m.group(1))[-2:])
        hit = [n for n in numeric if subject & set(_words(n)) and (not cues or set(_words(n)) & set(cues) or
                                                                    _in_unit(n, props[n], unit))]
        ceiling = float(m.group(2))
        if len(hit) == 1 and hit[0] not in out and ceiling > 0:
            out[hit[0]] = (round(ceiling * 0.75, 1), round(ceiling * 0.92, 1))  # most loads pass
    _floors(description, numeric, props, out)
    _limits(description, numeric, props, out)
    for m in _MONEY_BAND.finditer(description):  # "a typical drive casing credit is $60-$150": the one sum of money
        money = [n for n in numeric if n not in out and _money(n, props[n])]
        if len(money) == 1:
            lo, hi = sorted((float(m.group(1).replace(",", "")), float(m.group(2).replace(",", ""))))
            out[money[0]] = (lo, hi)
    for m in _BAND.finditer(description):
        lo, hi = sorted((float(m.group(1).replace(",", "")), float(m.group(2).replace(",", ""))))
        if lo == hi:
            continue
        named = [n for n in numeric if _names_it(m.group(4) or "", n)]
        if _a_ratio(description[:m.start()], m.group(4) or "", numeric, named or _named_after(m.group(4) or "", numeric)):
            continue
        if re.match(r"(?:warmer|colder|cooler|hotter|higher|lower|more|less|above|below) than\b", m.group(4) or ""):
            continue  # "the return runs 1 to 3 F warmer than the supply": a difference, no reading's band (set 49)
        unit = (m.group(3) or "").replace(" ", "")
        unit = f"°{unit}" if unit in ("C", "F") else unit  # "100.5-102.5 F for dogs" (set 48: temperatures of 94 and 108)
        cues = _UNIT_WORDS.get(unit if unit in _UNIT_WORDS else unit[:1], ())
        by_unit = [n for n in numeric if set(_words(n)) & set(cues) or _in_unit(n, props[n], unit)] if unit else []
        hit = named or (by_unit if len(by_unit) == 1 else [])
        held = _HOLDS.search(re.split(r"[.;]\s", description[:m.start()])[-1])  # "A tri-axle carries about 16-18
        if held and hit and not any(set(_words(n)) & set(_words(held[1])) for n in hit):  # tons": one truck's load,
            continue  # never the day's order (set 47)
        if len(hit) == 1 and hit[0] not in out:
            out[hit[0]] = (lo, hi)
        elif not hit and (minutes := _in_minutes(m.group(4) or "", [n for n in numeric if n not in out])):
            out[minutes] = (lo * 60, hi * 60)  # "for about 3-4 hours" of a `cure_minutes`: 180-240, never 25
        elif not hit:  # "6-12 flakes a day", "1-4 qt of grain per feeding": the words after it name them
            after = _named_after(m.group(4) or "", [n for n in numeric if n not in out])
            for n in after or _named_before(description[:m.start()], [n for n in numeric if n not in out]):
                out[n] = (lo, hi)
    return {n: band for n, band in out.items() if not _another_scale(band, props[n], props)}


_EXAMPLE_NUMBER = re.compile(r"\b(?:e\.g\.|for example|such as|like)[,:]?\s*'?(-?\d[\d,]*(?:\.\d+)?)")


def _another_scale(band: tuple[float, float], schema: dict[str, Any], props: dict[str, Any]) -> bool:
    """Whether a parameter's own example, or that of a parameter its description compares it with
    ("greater than hobbs_out"), lies far outside a band the prose gives (set 31: "a typical lesson
    is 1.0 to 2.0 Hobbs hours" is the time flown, never the Hobbs meter "e.g. 4521.3"): the band
    measures another thing."""
    own = str(schema.get("description") or "")
    named = [str((props.get(n) or {}).get("description") or "") for n in props
             if isinstance(props.get(n), dict) and re.search(rf"\b{re.escape(n)}\b", own)]
    said = [float(m.group(1).replace(",", "")) for text in (own, *named) for m in _EXAMPLE_NUMBER.finditer(text)]
    lo, hi = band
    return bool(said) and all(v > max(hi, 1.0) * 3 or v < lo / 3 for v in said)


_MONEY_BAND = re.compile(r"\$\s?(\d[\d,]*(?:\.\d+)?)\s*(?:–|—|-|to)\s*\$\s?(\d[\d,]*(?:\.\d+)?)")


def _money(name: str, schema: dict[str, Any]) -> bool:
    from .semantic import infer  # semantic reads this module's measures

    return infer(name, schema) == "money"


_UNIT_OF_NAME = {"minutes": "minutes", "minute": "minutes", "mins": "minutes", "min": "minutes", "hours": "hours",
                 "hrs": "hours", "days": "days", "nights": "nights"}


def amounts(description: str, props: dict[str, Any], subject: set[str]) -> dict[str, list[float]]:
    """The amounts a tool's prose lists for its one count of a unit, in a sentence about the tool's
    own thing: "Fittings are 30 minutes for a single look, 60 for a full track" gives a fitting's
    `duration_minutes` 30 or 60 (set 21: fittings of 26 and 55 minutes), never a range's ends."""
    counted = [n for n, sch in props.items() if isinstance(sch, dict) and sch.get("type") in ("integer", "number")
               and any(w in _UNIT_OF_NAME for w in _words(n))]
    if len(counted) != 1:
        return {}
    name = counted[0]
    unit = next(_UNIT_OF_NAME[w] for w in _words(name) if w in _UNIT_OF_NAME)
    for sentence in re.split(r"(?<=[.;])\s+", description):
        said = re.findall(r"[a-z]+", sentence.lower())
        if not re.search(rf"\b\d+ {unit}\b", sentence) or re.search(r"\d\s*(?:-|–|to)\s*\d", sentence) \
                or not said or not ({said[0], said[0].removesuffix("s"), stem(said[0])} & {*subject, *map(stem, subject)}):
            continue
        found = sorted({float(n) for n in re.findall(r"(?<![\w.-])(\d+)(?![\w.-])", sentence)})
        if len(found) >= 2:
            return {name: found}
    return {}


def _in_minutes(words: str, numeric: list[str]) -> str | None:
    """The one parameter counted in minutes, for a band the prose gives in hours."""
    if not re.match(r"\s*(?:hours?|hrs?)\b", words, re.IGNORECASE):
        return None
    found = [n for n in numeric if {"minutes", "minute", "mins", "min"} & set(_words(n))]
    return found[0] if len(found) == 1 else None


def _a_ratio(before: str, after: str, numeric: list[str], named: list[str]) -> bool:
    """A band that measures one parameter in another's units: "spacing 1.0 to 1.5 times burden",
    "burden 25 to 40 hole diameters" (set 28: read as hole diameters of 25 to 40 mm, which no rig
    of the site drills) is no band of either."""
    if re.match(r"\s*(?:times|x|×)\b", after, re.IGNORECASE):
        return True
    last = set(_words(re.split(r"[.;,:(]\s*", before)[-1])[-2:])
    own = {n: {w for w in _words(n) if w not in _UNIT_OF_NAME and len(w) > 2} for n in numeric}  # "burden" of burden_m
    return bool(named) and any(n not in named and words and words <= last for n, words in own.items())


def _named_before(text: str, numeric: list[str]) -> list[str]:
    """The one parameter the clause before a band names by all its words ("Temperature in °F
    (target 34-38)" for `temperature`)."""
    clause = {_DIGIT_WORDS.get(w, w) for w in _words(re.split(r"[.;,:]\s", text)[-1])}  # "act 1" names act one
    hits = [n for n in numeric if _own_words(n) and _own_words(n) <= clause]  # `act_one_minutes` by "act 1 55-75 min"
    return hits if len(hits) == 1 else []


_SHORT_FOR = {"temp": "temperature", "temps": "temperature", "pres": "pressure", "qty": "quantity"}


def _own_words(name: str) -> set[str]:
    """A name's words as prose says them: `brine_supply_temp_f` is "brine supply temperature" (its
    unit letter and a unit of time unsaid; set 49: "Brine supply temperature is usually 14 to 18 F")."""
    return {_SHORT_FOR.get(w, w) for w in _words(name) if len(w) > 1} - set(_UNIT_OF_NAME)


_DIGIT_WORDS = {"1": "one", "2": "two", "3": "three", "4": "four"}


_AFTER_STOP = frozenset({"a", "an", "the", "of", "per", "each", "every", "in", "at", "for", "to", "and", "or", "is",
                         "are", "day", "week", "month", "hour", "feeding", "visit"})


def _named_after(words: str, numeric: list[str]) -> list[str]:
    """The parameters the first content word after a band names (`hay_flakes_per_day` for "6-12
    flakes a day"; both `grain_quarts_am` and `_pm` for "1-4 qt of grain"): at most two, and
    only by a word no other numeric parameter has."""
    if re.match(r"\s*(?:USD|EUR|GBP|CAD|AUD|dollars?|cents?|euros?)\b", words, re.IGNORECASE):
        return []  # "4.25 to 6.50 USD per page" is a price, no page count (set 49: every quote 5 or 6 pages)
    said = [w.rstrip("s") for w in _words(words)[:4] if w not in _AFTER_STOP and len(w) > 2]  # "m" is a unit,
    # never the name of the burden_m and spacing_m a band "2.6-4.1 m for 102 mm holes" is said beside (set 28)
    for word in said[:2]:
        hits = [n for n in numeric if word in {w.rstrip("s") for w in _words(n)}]
        if len(hits) == 1 or len(hits) == 2 and len(set(_words(hits[0])) ^ set(_words(hits[1]))) == 2:
            return hits  # two only as siblings (`_am`/`_pm`): "30 to 65 for distribution poles" is no pole class
    return []


_UNIT_MEASURE = {"°F": "fahrenheit", "°C": "celsius"}


def _in_unit(name: str, schema: dict[str, Any], unit: str) -> bool:
    """Whether a parameter is read in the band's unit ("Target temperature in °F" for a
    `setpoint_f` beside "Ales ferment at 64-70 °F")."""
    found = measure(name, schema)
    return found is not None and found.name == _UNIT_MEASURE.get(unit)


def series(description: str, props: dict[str, Any]) -> dict[str, list[str]]:
    """The members of a numbered series a tool's prose names ("Balances are named BAL-01 ..
    BAL-06"), for the one string parameter whose name's first word the sentence speaks of."""
    out: dict[str, list[str]] = {}
    for sentence in re.split(r"(?<=[^.\s][.;])\s+|\n", description):  # "BAL-01 .. BAL-06" is one sentence
        for m in _SERIES.finditer(sentence):
            first, last = int(m.group(2)), int(m.group(3))
            if not 1 < last - first + 1 <= 60:
                continue
            said = {w.rstrip("s") for w in _words(sentence[: m.start()])}
            owners = [n for n, s in props.items() if isinstance(s, dict) and s.get("type") in (None, "string")
                      and not s.get("enum") and _words(n) and _words(n)[0].rstrip("s") in said]
            if len(owners) == 1:
                width = len(m.group(2))
                out[owners[0]] = [f"{m.group(1)}{i:0{width}d}" for i in range(first, last + 1)]
    return out


# ---------------------------------------------------------------- sums of money a catalog states

_NUMBER = r"(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?"
_MONEY = re.compile(rf"(\+\s?)?[$€£]\s?{_NUMBER}|(\+\s?)?{_NUMBER}\s?(?:USD|EUR|GBP|dollars|euros)\b")
# "$25 per day", "$5 each", "$1 per foot": a rate or a unit price, not a sum owed
_RATE_AFTER = re.compile(r"^\s*(?:per|each|a|an|/)\b|^\s*/", re.IGNORECASE)


def stated_money(text: str) -> tuple[list[float], list[float]]:
    """(sums, increments) of money the prose states: "V101 expired meter $45" is a sum, "+$25
    after 21 days" an increment; "$25 per day" and "$5 each" are rates, neither."""
    sums: list[float] = []
    increments: list[float] = []
    for m in _MONEY.finditer(text):
        plus = m.group(1) or m.group(4)
        whole, frac = (m.group(2), m.group(3)) if m.group(2) else (m.group(5), m.group(6))
        if _RATE_AFTER.match(text[m.end():]):
            continue
        amount = float(whole.replace(",", "") + (frac or ""))
        (increments if plus else sums).append(amount)
    return sums, increments


# ---------------------------------------------------------------- the size of a thing

# A height, width or weight among a record's measures is the thing's (a painting, a crate, a
# parcel), not a person's body: never 150-195 cm and 40-90 kg for every object.
_SIZE_WORDS = frozenset({"height", "width", "depth", "length", "diameter", "thickness", "breadth"})
_SIZE_UNITS = {"cm": (10.0, 200.0), "mm": (100.0, 2000.0), "in": (4.0, 80.0), "inch": (4.0, 80.0),
               "inches": (4.0, 80.0), "m": (0.2, 3.0), "ft": (1.0, 8.0)}
_MASS_UNITS = {"kg": (0.2, 150.0), "g": (50.0, 5000.0), "lb": (0.5, 300.0), "lbs": (0.5, 300.0)}
_BODIES = frozenset({"patient", "person", "people", "member", "athlete", "child", "baby", "infant", "body", "user",
                     "customer", "employee", "passenger", "guest", "student", "player", "resident", "pet", "dog",
                     "cat", "animal", "donor", "client", "recruit", "applicant", "newborn", "horse", "livestock"})


def thing_size(name: str) -> tuple[float, float] | None:
    """The usual range of a thing's measure a parameter's name gives with its unit (`width_cm`,
    `weight_kg`, `internal_height_in`), or None."""
    words = _words(name)
    unit = next((w for w in reversed(words) if w in _SIZE_UNITS or w in _MASS_UNITS), None)
    if unit and _SIZE_WORDS & set(words) and unit in _SIZE_UNITS:
        return _SIZE_UNITS[unit]
    if unit and {"weight", "mass"} & set(words) and unit in _MASS_UNITS:
        return _MASS_UNITS[unit]
    return None


# Things that run along the ground: their length is a stretch of the network, never a box's side
# (set 28: sewer lining "completed over 6 feet of pipe", surveys of 1 to 8 ft).
_RUNS = frozenset({"pipe", "pipes", "main", "mains", "sewer", "line", "lines", "cable", "cables", "road", "roads",
                   "route", "trail", "segment", "segments", "track", "fence", "hose", "ditch", "canal", "conduit",
                   "surveyed", "worked", "covered", "laid", "lined", "inspected", "repaired", "paved", "run"})


def of_a_run(name: str, description: str) -> bool:
    """Whether a length measures a stretch of a network ("Length of pipe actually worked, in feet")."""
    return "length" in _words(name) and bool(_RUNS & set(_words(description)))


def about_bodies(text: str) -> bool:
    """Whether a tool's prose speaks of a person's or an animal's body (a patient's height)."""
    return bool(_BODIES & set(_words(text)))


# "Thickness and depth in angstrom, CD and overlay in nm, particles as a count of adders": which
# quantities a unit parameter's description writes in which unit.
_IN_UNIT = re.compile(r"^(?P<what>[A-Za-z][\w /-]{0,60}?)\s+(?:in|as an?|as)\s+(?P<unit>[\w/°%µ]+)")


def _says(words: list[str], value: str) -> bool:
    """Whether a clause's words name an enum value: its words ("particles" is particle_count),
    or its initials ("CD" is critical_dimension)."""
    own = [stem(w) for w in _words(value)]
    return any(stem(w) in own or (len(own) >= 2 and w == _initials(value)) for w in words)


def _member(unit: str, members: list[str]) -> str | None:
    head = _words(unit)[:1]
    return next((m for m in members if head and (m.lower() == unit.lower() or _words(m)[:1] == head
                                                 or _words(m)[0].startswith(head[0]))), None)


# "mmol/L for potassium and sodium" (after "Unit of the value:"): the unit first, then what it measures (set 30)
_UNIT_FOR = re.compile(r"^(?:[^:]*:\s*)?(?P<unit>[^\s,;:]+) for (?P<what>[a-z][\w ]*?)\.?$", re.IGNORECASE)


def unit_for(description: str, members: list[str], value: str) -> str | None:
    """The member of a unit enum the description gives the measured quantity `value` in
    ("sheet resistance in ohm/sq" gives sheet_resistance ohm_per_square); a quantity no clause
    names takes the one member no clause names ("dimensionless" for a refractive index); None
    when the description maps no quantity to a unit."""
    claimed: dict[str, str] = {}
    for clause in re.split(r"[,;]\s*|\.\s+", description):
        m = _IN_UNIT.match(clause.strip()) or _UNIT_FOR.match(clause.strip())
        unit = _member(m.group("unit"), members) if m else None
        if m and unit:
            for part in re.split(r"\s+and\s+|\s*/\s*", m.group("what")):
                if _says(_words(part), value):
                    return unit
            claimed[m.group("what")] = unit
    free = [u for u in members if u not in claimed.values()]
    return free[0] if len(claimed) >= 2 and len(free) == 1 else None
