"""Values of one call that make sense together (issue 21's set-6 and set-7 readings).

A call's parameters are drawn one by one (generator.core.values); these rules then read what the
catalog says about how they relate (a unit's description mapping quantities to units, a code
pattern naming families, a description giving the size of one thing) and bring the call's
values into agreement. A rule never changes a value the caller fixed (`keep`) and never writes a
value its schema refuses.
"""

from __future__ import annotations

import itertools
import math
import random
import re
from calendar import month_name, monthrange
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from ..reader.text import stem
from ..records import Tool, dict_at
from . import allowed, lore, quantities, schedules, semantic, values
from .schema import is_valid


def agreeing_units(props: dict[str, Any], args: dict[str, Any], keep: frozenset[str], said: str = "") -> dict[str, Any]:
    """A unit agrees with the quantity its call measures: a unit enum whose description writes
    "thickness in angstrom, CD in nm, particles as a count" is angstrom for a film_thickness
    reading, never ohm_per_square for a particle count (quantities.unit_for); the tool's prose
    (`said`) may say it too ("salt in 40 lb bags": set 30, salt in fl_oz)."""
    for name, schema in props.items():
        members = schema.get("enum") if isinstance(schema, dict) else None
        if name in keep or name not in args or not members or not {"unit", "units", "uom"} & set(semantic.tokens(name)):
            continue
        for other, value in args.items():
            if other != name and isinstance(value, str) and value in ((props.get(other) or {}).get("enum") or []):
                listed = [str(m) for m in members]
                unit = quantities.unit_for(str(schema.get("description") or ""), listed, value)
                own = [str(v) for v in (props.get(other) or {}).get("enum") or []]
                unit = unit if unit is not None else _in_said_form(value, _said_forms(said, listed), own)
                unit = unit if unit is not None else _by_state(value, listed, args[name])
                if unit is not None:
                    args[name] = unit
                    _whole_when_counted(args, unit)
                    break
    return args


# Units that are one piece each: an amount of them is a few (set 31: 441.99 tubes of an intramammary).
_PIECE_UNITS = frozenset({"tube", "tubes", "bolus", "boluses", "tablet", "tablets", "capsule", "capsules", "syringe",
                          "syringes", "vial", "vials", "dose", "doses", "pill", "pills", "sachet", "sachets", "patch",
                          "patches", "implant", "implants", "pessary", "each", "piece", "pieces"})


def amounts_in_pieces(props: dict[str, Any], args: dict[str, Any], rng: Any, keep: frozenset[str]) -> dict[str, Any]:
    """An amount given in a unit another parameter names ("Amount per administration, in
    dose_unit") is one to four when that unit is a piece (a tube, a bolus, a tablet): never 441.99
    tubes."""
    for unit_name, unit in list(args.items()):
        if not isinstance(unit, str) or unit.lower() not in _PIECE_UNITS or \
                not {"unit", "units", "uom"} & set(semantic.tokens(unit_name)):
            continue
        for name, schema in props.items():
            said = str((schema or {}).get("description") or "") if isinstance(schema, dict) else ""
            if name in keep or name not in args or not isinstance(args[name], int | float) or \
                    isinstance(args[name], bool) or not re.search(rf"\b{re.escape(unit_name)}\b", said):
                continue
            count = rng.choice((1, 1, 1, 2, 2, 3, 4))
            args[name] = float(count) if isinstance(args[name], float) else count
    return args


_POUNDS = frozenset({"lb", "lbs", "pound", "pounds"})


def weights_in_their_unit(props: dict[str, Any], args: dict[str, Any], keep: frozenset[str]) -> dict[str, Any]:
    """A person's weight "in weight_unit" is in the unit that parameter gives (its default when it is
    left out): pounds where it is lb (set 49: balloon passengers of 24 and 37 lb, drawn in kilograms),
    also inside the objects of a list ("passengers": [{"weight": ...}])."""
    for unit_name, schema in props.items():
        members = schema.get("enum") if isinstance(schema, dict) else None
        unit = args.get(unit_name, schema.get("default") if isinstance(schema, dict) else None)
        if not members or not isinstance(unit, str) or unit.lower() not in _POUNDS or \
                not {"unit", "units", "uom"} & set(semantic.tokens(unit_name)):
            continue
        said = re.compile(rf"\b{re.escape(unit_name)}\b")
        for name, value in list(args.items()):
            if name in keep or name == unit_name:
                continue
            own = props.get(name) or {}
            items: dict[str, Any] = own["items"] if isinstance(own.get("items"), dict) else {}
            for record, sub in _weighed(value, own, items):
                if said.search(str(sub.get("description") or "")) and \
                        semantic.infer(record[0], sub) == "weight" and isinstance(record[1], int | float):
                    record[2][record[0]] = _in_pounds(record[1], sub)
    return args


def _weighed(value: Any, own: dict[str, Any], items: dict[str, Any]) -> list[tuple[tuple[str, Any, dict[str, Any]], dict[str, Any]]]:
    """Each (key, number, the dict holding it) of a value with the key's schema: the objects of a list."""
    out = []
    for row in value if isinstance(value, list) else []:
        for key, sub in (items.get("properties") or {}).items():
            if isinstance(row, dict) and isinstance(sub, dict) and not isinstance(row.get(key), bool):
                out.append(((key, row.get(key), row), sub))
    return out


def _in_pounds(kilograms: float, schema: dict[str, Any]) -> float:
    pounds = kilograms * 2.2046
    hi = schema.get("maximum")
    pounds = min(pounds, float(hi)) if isinstance(hi, int | float) else pounds
    return round(pounds) if schema.get("type") == "integer" or isinstance(kilograms, int) else round(pounds, 1)


_INCLUDED = re.compile(r"\b(?:the |its )?([a-z][\w ]{2,40}?),? included\b|\bincluding the ([a-z][\w ]{2,40}?)\b", re.IGNORECASE)


def named_in_list(props: dict[str, Any], args: dict[str, Any], keep: frozenset[str]) -> dict[str, Any]:
    """A list of people "the lead passenger included" holds the person another parameter names: the
    first one's name is `lead_passenger_name`'s (set 49: a booking under Melissa Russo for three others)."""
    for name, value in args.items():
        said = _INCLUDED.search(str((props.get(name) or {}).get("description") or ""))
        if name in keep or not said or not isinstance(value, list) or not value or not isinstance(value[0], dict) or \
                "name" not in value[0]:
            continue
        words = [w for w in semantic.tokens((said.group(1) or said.group(2)).split(" the ")[-1]) if w != "name"]
        other = next((o for o in args if o != name and isinstance(args[o], str) and
                      [w for w in semantic.tokens(o) if w != "name"] == words and "name" in semantic.tokens(o)), None)
        if other is not None and all(row.get("name") != args[other] for row in value if isinstance(row, dict)):
            value[0] = {**value[0], "name": args[other]}
    return args


_SHOWN_ADDRESS = re.compile(r"e\.g\.,?\s*['\"]?(\d{1,6} [^,'\"]+?)(, (?:Suite|Ste\.?|Unit|Floor|Room) [\w-]+)?"
                            r"(, [A-Z][A-Za-z .'-]+, [A-Z]{2} \d{5})['\"]?")


def addresses_in_their_form(props: dict[str, Any], args: dict[str, Any], rng: Any, keep: frozenset[str]) -> dict[str, Any]:
    """A street address whose example gives its suite, city, state and ZIP ("e.g. '600 W. Broadway, Suite
    1800, San Diego, CA 92101'") is written so, in the example's town, each call its own street (set 49:
    venues "52861 Howe Way", and the example's own building in three of seven bookings)."""
    for name, value in list(args.items()):
        schema = props.get(name)
        shown = _SHOWN_ADDRESS.search(str(schema.get("description") or "")) if isinstance(schema, dict) else None
        if name in keep or shown is None or not isinstance(value, str) or semantic.infer(name, schema or {}) != "address":
            continue
        if "," in value and not value.startswith(shown.group(1)):
            continue  # already in its form, its own street and town
        street = value if not value.startswith(shown.group(1)) else semantic.street_address(rng)  # the example's own
        # building: another street of its town
        suite = f", Suite {rng.randint(1, 24) * 100}" if shown.group(2) else ""
        args[name] = f"{street}{suite}{shown.group(3)}"
    return args


_NORMALLY_THE = re.compile(r"\b(?:normally|usually|typically|by default) the [a-z]+(?: [a-z]+)? date\b", re.IGNORECASE)
_DAY_VALUE = re.compile(r"\d{4}-\d\d-\d\d")


def same_date(props: dict[str, Any], args: dict[str, Any], keep: frozenset[str]) -> dict[str, Any]:
    """A date whose description says it is "normally the flight date" is the call's one other date (set 49:
    pilots searched for June 4 with a medical valid through June 2)."""
    for name, schema in props.items():
        said = str(schema.get("description") or "") if isinstance(schema, dict) else ""
        if name in keep or name not in args or not _NORMALLY_THE.search(said):
            continue
        others = [v for o, v in args.items() if o != name and isinstance(v, str) and _DAY_VALUE.fullmatch(v)]
        if len(others) == 1 and isinstance(args[name], str) and _DAY_VALUE.fullmatch(args[name]):
            args[name] = others[0]
    return args


_COUNTED_UNITS = frozenset({"tablets", "tablet", "tabs", "bags", "bag", "each", "units", "pieces", "pcs", "cases",
                            "boxes", "bottles", "cans", "drums", "pails", "buckets"})


def _whole_when_counted(args: dict[str, Any], unit: str) -> None:
    """An amount counted in tablets or bags is a whole number of them (set 30: 5.9 tablets)."""
    if not set(_bits(unit)) & _COUNTED_UNITS:
        return
    for name, value in args.items():
        if {"amount", "quantity", "qty", "count"} & set(semantic.tokens(name)) and isinstance(value, float):
            args[name] = float(max(1, round(value)))


# A liquid is measured by volume, a solid by weight: brine in gallons, rock salt in pounds.
_LIQUID = frozenset({"liquid", "brine", "solution", "oil", "water", "fluid", "syrup", "spray", "emulsion", "saline",
                     "diesel", "gasoline", "fuel", "milk", "juice", "wine", "beer", "slurry"})
_SOLID = frozenset({"salt", "sand", "abrasive", "abrasives", "gravel", "granular", "granules", "pellet", "pellets",
                    "powder", "dust", "grit", "rock", "stone", "chips", "mulch", "seed", "feed", "grain", "bait"})
_VOLUME_UNITS = frozenset({"gal", "gals", "gallon", "gallons", "l", "liter", "liters", "litre", "litres", "ml",
                           "qt", "quart", "quarts", "floz"})
_MASS_UNITS = frozenset({"lb", "lbs", "pound", "pounds", "kg", "g", "gram", "grams", "ton", "tons", "tonne",
                         "tonnes", "oz", "ounce", "ounces"})


def _said_forms(text: str, members: list[str]) -> list[tuple[set[str], list[str]]]:
    return list(_said_forms_cached(text, tuple(members)))


@lru_cache(maxsize=2048)
def _said_forms_cached(text: str, members: tuple[str, ...]) -> tuple[tuple[set[str], list[str]], ...]:
    """What the prose measures in which units, clause by clause: "Liquids (liquid chlorine,
    muriatic acid) are measured in gal, qt or fl_oz; powders in lb or oz; salt in 40 lb bags" ->
    [({liquid, chlorine, muriatic, acid, ...}, [gal, qt, fl_oz]), ({powder}, [lb, oz]), ...]."""
    out = []
    for clause in re.split(r";\s*|\.\s+", text):
        at = re.search(r"\b(?:are |is )?(?:measured |sold |dosed |given )?in\b", clause)
        if at is None:
            continue
        words = set(_bits(clause[at.end():]))
        spaced = f" {clause[at.end():].lower().replace('_', ' ')} "
        whole = [m for m in members if len(_bits(m)) > 1 and set(_bits(m)) <= words]
        parts = {t for m in whole for t in _bits(m)}  # "40 lb bags": the bag, no bare lb
        units = whole + [m for m in members if m not in whole and len(_bits(m)) == 1 and m.lower() not in parts
                         and re.search(rf"(?<![\w]){re.escape(m.lower())}(?![\w])", spaced.replace("fl oz", "fl_oz"))]
        if units:
            out.append((set(semantic.tokens(clause[:at.start()].lower())), [m for m in members if m in units]))
    return tuple(out)  # parsed once per tool's prose, not on every draw


def _bits(text: str) -> list[str]:
    return re.findall(r"[a-z]+|\d+", text.lower())  # "bags_40lb" -> bags, 40, lb


def _telling(value: str) -> set[str]:
    return {w for w in semantic.tokens(value) if len(w) > 2 and w not in ("acid", "tablets", "tablet")}


def _in_said_form(value: str, forms: list[tuple[set[str], list[str]]], values: list[str]) -> str | None:
    """The first unit the prose gives `value` ("salt in 40 lb bags": bags_40lb; liquid chlorine by
    the gallon, never 3 fl oz); a value no clause names takes the one clause that names none of
    the values ("powders and granules in lb or oz"); None otherwise."""
    words = _telling(value)
    best = max(forms, key=lambda f: len(words & f[0]), default=None)
    if best is not None and words & best[0]:
        return best[1][0]
    every = set().union(*(_telling(v) for v in values)) if values else set()
    kinds = [f for f in forms if not f[0] & every]
    return kinds[0][1][0] if len(kinds) == 1 and words else None


def _by_state(value: str, members: list[str], current: Any) -> str | None:
    """The unit member that measures `value` as its state of matter asks ("salt_brine" in
    gal_per_lane_mile, "rock_salt" in lb_per_lane_mile), when the enum has a volume and a weight
    member and the current one is of the wrong kind; None otherwise."""
    words = set(semantic.tokens(value))
    liquid, solid = bool(words & _LIQUID), bool(words & _SOLID) and not words & _LIQUID
    if not (liquid or solid):
        return None
    volume = [m for m in members if set(semantic.tokens(m)) & _VOLUME_UNITS or "fl" in semantic.tokens(m)]
    mass = [m for m in members if set(semantic.tokens(m)) & _MASS_UNITS and m not in volume]  # fl_oz: a volume
    fits = volume if liquid else mass
    if not volume or not mass or current in fits:
        return None
    return fits[0]


_FAMILIES = re.compile(r"^\^?\(((?:[A-Z][A-Z0-9]*\|){2,}[A-Z][A-Z0-9]*)\)")


def _family_of(value: Any, families: list[str]) -> str | None:
    head = re.match(r"[A-Z][A-Z0-9]*", value) if isinstance(value, str) else None
    return head.group(0) if head and head.group(0) in families else None


def agreeing_families(props: dict[str, Any], args: dict[str, Any], rng: random.Random,
                       keep: frozenset[str]) -> dict[str, Any]:
    """Codes of one call name the same family: an id whose pattern opens with its families
    (`^(LITH|ETCH|CVD|CMP|IMP|...)-[0-9]{2}$`) agrees with a sibling enum those families
    abbreviate (CMP-02 is blamed on area "cmp", never "diffusion"; CVD, which abbreviates no
    member, on the member none abbreviates) and with a sibling code opening with one of them (a
    CVD_TEOS_5KA recipe runs on a CVD tool, not on CMP-34)."""
    for name, schema in props.items():
        m = _FAMILIES.match(str((schema or {}).get("pattern") or "")) if isinstance(schema, dict) else None
        family = _family_of(args.get(name), m.group(1).split("|")) if m else None
        if not m or family is None:
            continue
        families = m.group(1).split("|")
        for other, value in list(args.items()):
            if other == name or other in keep:
                continue
            members = [e for e in (props.get(other) or {}).get("enum") or [] if isinstance(e, str)]
            named = {f: e for f in families for e in members if e.lower().startswith(f.lower())}
            if isinstance(value, str) and len(set(named.values())) >= 3:
                free = [e for e in members if e not in named.values()]
                want = named.get(family) or (free[0] if len(free) == 1 else None)
                args[other] = want or value
            elif (tag := _family_of(value, families)) and tag != family and name not in keep:
                moved = tag + str(args[name])[len(family):]
                args[name] = moved if is_valid(schema, moved) else args[name]
            elif isinstance(value, str) and not tag:  # an untagged recipe belongs to no tagged family
                own = [e for e in _stated_examples(props.get(other) or {}) if _family_of(e, families) == family]
                args[other] = values._reshaped(rng.choice(own), rng) if own else value  # its shape, as examples are
    return args


# "Volume of one item in cubic feet (a medium box is 3.0, a sofa 35 to 50)": the number a
# description gives one value of a sibling.
_SIZE_OF = re.compile(r"\b(?:an?|the|one) ([a-z][a-z -]{1,30}?) (?:is|are|weighs|holds|takes) (?:about |around )?"
                      r"(\d+(?:\.\d+)?)(?:\s*(?:to|-|–)\s*(\d+(?:\.\d+)?))?")


# "(corn about 56, soybeans 56, wheat 60, oats 32-38)": a list of things, each with its number.
_LISTED_SIZE = re.compile(r"(?:^|[(,;:]\s*)(?:and\s+)?(?:an?\s+|the\s+)?([a-z][a-z -]{1,30}?)\s+(?:is\s+|are\s+)?(?:about\s+|around\s+|"
                          r"roughly\s+|~\s*)?(\d+(?:\.\d+)?)(?:\s*(?:to|-|–)\s*(\d+(?:\.\d+)?))?(?=\s*[),;.]|\s*$)")


def _said_sizes(description: str) -> dict[str, re.Match[str]]:
    said = {m.group(1).strip().lower(): m for m in _LISTED_SIZE.finditer(description)}
    return {**said, **{m.group(1).strip().lower(): m for m in _SIZE_OF.finditer(description)}}


def _stems(text: str) -> set[str]:
    return {stem(w) for w in re.split(r"[\W_]+", text.lower()) if w}


def _thing_named(value: str, said: dict[str, re.Match[str]]) -> str | None:
    """The thing of `said` a sibling's value names: the value itself ("medium box"), or a value
    holding every word of it (hard_red_winter_wheat is wheat)."""
    low = value.lower()
    if low in said:
        return low
    own = _stems(value)
    return next((thing for thing in said if _stems(thing) <= own), None)


# "Typical: potassium metabisulfite 20 to 50 mg/L (as SO2); tartaric acid 0.5 to 2.0 g/L; DAP and
# Fermaid K 10 to 30 g/hL": clause by clause, the things, their range and its unit.
_RATE_CLAUSE = re.compile(r"^(?:typical(?:ly)?:?\s+|usually:?\s+)?([A-Za-z][\w -]{1,40}?)\s+(?:is\s+|are\s+)?(?:usually\s+|"
                          r"typically\s+|normally\s+)?(?:about\s+|around\s+)?"
                          r"(\d+(?:\.\d+)?)(?:\s*(?:to|-|–)\s*(\d+(?:\.\d+)?))?\s*([A-Za-z%][\w%]*(?:/[\w]+)?)",
                          re.IGNORECASE)


@lru_cache(maxsize=1024)
def _unit_rates(description: str) -> tuple[tuple[frozenset[str], float, float, str], ...]:
    """(thing names, low, high, unit) of each clause of `description` that gives things a range in
    a unit; a clause naming two things ("DAP and Fermaid K") gives both."""
    out = []
    for clause in re.split(r"[;:]\s*|\.\s+", description):
        m = _RATE_CLAUSE.match(clause.strip())
        if m and _unitish(m.group(4)):
            names = frozenset(n.strip().lower() for n in re.split(r",|\band\b|\bor\b", m.group(1)) if n.strip())
            out.append((names, float(m.group(2)), float(m.group(3) or m.group(2)), m.group(4)))
    return tuple(out)


_FILLER = frozenset({"is", "are", "usually", "typically", "typical", "about", "around", "roughly", "normally", "often",
                     "the", "a", "an", "for", "of"})


def _names_value(names: frozenset[str], value: str, owner: str = "") -> bool:
    """Whether a clause's things name `value`: the value itself ("tartaric acid"), or a content word
    they share ("freeze-dried ML bacteria" for malolactic_bacteria)."""
    said = value.replace("_", " ").lower()
    if said in names:
        return True
    own = {w for w in re.split(r"[\W_]+", said) if len(w) >= 4} - set(re.split(r"[\W_]+", owner.lower()))
    return any(own & {w for w in re.split(r"[\W_]+", n) if len(w) >= 4 and w not in _FILLER} for n in names)


def _unitish(word: str) -> bool:
    """Whether a word after a number is a unit ("mg/L", "g/hL", "%", "ppm"), never "to" of "1 to 5"."""
    from ..phrasebook.terms import UNIT_NAMES

    return "/" in word or "%" in word or word.lower() in UNIT_NAMES


def _rate_for(name: str, props: dict[str, Any], args: dict[str, Any]) -> tuple[float, float, str, str | None] | None:
    """(low, high, unit, unit parameter) the description of `name` gives the one thing a sibling
    enum value names, in a unit a sibling enum lists (None: no sibling lists units, the number's
    own unit)."""
    units = {u: o for o, s in props.items() if isinstance(s, dict) for u in s.get("enum") or [] if isinstance(u, str)}
    rates = _unit_rates(str(props[name].get("description") or ""))
    lists_units = any(u in units for *_, u in rates)
    found = []
    for names, lo, hi, unit in rates:
        if lists_units and unit not in units:
            continue
        for other, value in args.items():
            if other != name and isinstance(value, str) and isinstance(props.get(other), dict) and \
                    props[other].get("enum") and _names_value(names, value, name):
                found.append((lo, hi, unit, units.get(unit) if lists_units else None))
    return found[0] if len({f[:2] for f in found}) == 1 else None


def rates_in_units(props: dict[str, Any], args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """A rate whose description gives each thing its typical range and unit ("potassium
    metabisulfite 20 to 50 mg/L; tartaric acid 0.5 to 2.0 g/L") takes the range and the unit of
    the thing its call names (set 33: potassium metabisulfite at 21.4 g/L, bentonite at 26.8 mg/L)."""
    for name, schema in props.items():
        if name in keep or name not in args or not isinstance(schema, dict) or \
                values.schema_type(schema) not in ("number", "integer"):
            continue
        found = _rate_for(name, props, args)
        if found is None or found[3] in keep:
            continue
        lo, hi, unit, unit_param = found
        places_ = max(len(f"{b:g}".partition(".")[2]) for b in (lo, hi))
        value: float = round(rng.uniform(lo, hi), places_) if hi > lo else lo
        value = int(value) if values.schema_type(schema) == "integer" or float(value).is_integer() else value
        if is_valid(schema, value) and (unit_param is None or is_valid(props[unit_param], unit)):
            args[name] = value
            if unit_param is not None:
                args[unit_param] = unit
    return args


_KIND_EXAMPLES = re.compile(r"([A-Za-z][\w -]{1,30}?),? (?:e\.g\.|for example|such as),? ((?:['\"][^'\"]+['\"](?:,? (?:or |and )?)?)+)")


@lru_cache(maxsize=1024)
def _examples_by_kind(description: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(kind, its examples) of a description that gives examples per kind ("Yeast, e.g. 'EC-1118',
    'RC212'; ML bacteria, e.g. 'VP41', 'Alpha'"); empty unless two kinds or more."""
    groups = []
    for clause in description.split(";"):
        m = _KIND_EXAMPLES.search(clause)
        if m:
            groups.append((m.group(1).strip().lower(), tuple(re.findall(r"['\"]([^'\"]+)['\"]", m.group(2)))))
    return tuple(groups) if len(groups) >= 2 else ()


def examples_by_kind(props: dict[str, Any], args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """A value whose description gives examples per kind is one of its call's kind (set 33: yeast
    inoculated with the ML culture 'PN4', ML bacteria with the yeast 'CY3079')."""
    for name, schema in props.items():
        if name in keep or not isinstance(args.get(name), str) or not isinstance(schema, dict):
            continue
        groups = _examples_by_kind(str(schema.get("description") or ""))
        kinds = [g for g in groups for o, v in args.items() if o != name and isinstance(v, str) and
                 isinstance(props.get(o), dict) and props[o].get("enum") and _names_value(frozenset({g[0]}), v, name)]
        if len(kinds) == 1 and kinds[0][1] and args[name] not in kinds[0][1]:
            pick = rng.choice(kinds[0][1])
            args[name] = pick if is_valid(schema, pick) else args[name]
    return args


def stated_sizes(props: dict[str, Any], args: dict[str, Any], rng: random.Random,
                 keep: frozenset[str]) -> dict[str, Any]:
    """A number whose description gives the value for one thing ("a medium box is 3.0, a sofa 35
    to 50", "(corn about 56, wheat 60, oats 32-38)") takes it when a sibling string names that
    thing: a medium box of 3 cubic feet, not 39; oats at 32 to 38 lb a bushel, wheat at 60, never
    32; in every object of a list too."""
    for name, schema in props.items():
        if not isinstance(schema, dict):
            continue
        if name not in keep and values.schema_type(schema) in ("number", "integer") and name in args:
            said = _said_sizes(str(schema.get("description") or ""))
            thing = next((t for o, v in args.items() if o != name and isinstance(v, str)
                          and (t := _thing_named(v, said)) is not None), None) if said else None
            if thing is not None:
                m = said[thing]
                lo, hi = float(m.group(2)), float(m.group(3) or m.group(2))
                value = round(rng.uniform(lo, hi)) if hi > lo else lo
                value = int(value) if values.schema_type(schema) == "integer" or float(value).is_integer() and hi > lo else value
                args[name] = value if is_valid(schema, value) else args[name]
        held = args.get(name)
        inner = dict_at(schema, "items", schema) if isinstance(held, list) else schema
        for obj in held if isinstance(held, list) else [held]:
            if isinstance(obj, dict) and isinstance(inner.get("properties"), dict):
                stated_sizes(inner["properties"], obj, rng, frozenset())
    return args


def _stated_examples(schema: dict[str, Any]) -> list[str]:
    said = [*values.examples_of(schema), *allowed.read(str(schema.get("description") or "")).examples]
    return [e for e in said if isinstance(e, str) and is_valid(schema, e)]


# ---------------------------------------------------------------- the scale a schema's bounds give

# Share of a bounded range (in log steps where it spans orders of magnitude) a person's value
# usually takes: above the floor, well below the ceiling (set-7 readings: 400,000 bu shipped by
# truck, 27% moisture in wheat, a 12-hour maintenance visit, all inside the schema's limits).
_MODEST = (0.3, 0.7)
_NARROW = (0.1, 0.5)
WIDE = 20.0  # a range whose ceiling is this many times its floor spans orders of magnitude


def modest_range(lo: float, hi: float) -> tuple[float, float]:
    """The part of a schema's range `lo`..`hi` a typical value falls in, where the catalog gives
    nothing else: a signed range near zero (a basis of -3..2 is -0.6..0.4), a range of orders
    of magnitude in its middle orders (1,000..500,000 bu is about 6,000..77,000; a floor near 0
    counts as a hundredth of the ceiling: 0..15% foreign matter is about 0.6..3.8), a narrow one
    in its lower half (8..35% moisture is about 11..22)."""
    if hi <= lo:
        return lo, hi
    if lo < 0 < hi:
        return lo * 0.2, hi * 0.2
    floor = max(lo, hi / 100) if hi > 0 else lo
    if floor > 0 and hi / floor >= WIDE:
        ratio = hi / floor
        return floor * ratio ** _MODEST[0], floor * ratio ** _MODEST[1]
    return lo + (hi - lo) * _NARROW[0], lo + (hi - lo) * _NARROW[1]


def modest_decimals(lo: float, hi: float, decimals: int | None) -> int | None:
    """Decimals for a value of a modest range: tens of hours are quoted whole (not 146.9), a basis
    between -0.6 and 0.4 in cents (not always 0)."""
    return 0 if lo >= 10 else 2 if hi - lo < 2 else decimals


def beyond_kind(typical_lo: float, typical_hi: float, lo: float | None, hi: float | None) -> bool:
    """Whether a schema's bounds put its values on another scale than the kind's typical range:
    a floor above the typical middle (a plot's price of at least 300 is no 5..500 receipt), a
    ceiling below it (a percent of foreign matter up to 15), or a ceiling a hundred times the
    typical top (material for a quote, up to 750,000)."""
    middle = (typical_lo + typical_hi) / 2
    return lo is not None and lo >= middle or hi is not None and (hi <= middle or hi >= 100 * typical_hi > 0)


# ---------------------------------------------------------------- enum values that name each other

# Words a value shares with another enum's members without naming a thing of it.
_NO_THING = frozenset({"other", "none", "all", "any", "and", "with", "without", "for", "the", "new", "old", "standard",
                       "custom", "default", "general", "full", "partial", "high", "low", "medium", "normal", "flat"})


def _members(schema: Any) -> list[str]:
    enum = schema.get("enum") if isinstance(schema, dict) else None
    return [e for e in enum or [] if isinstance(e, str)]


def _value_words(value: str) -> list[str]:
    return [w for w in re.split(r"[\W_]+", value.lower()) if len(w) >= 3 and w not in _NO_THING]


def agreeing_names(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """An enum value that names a member of a sibling enum takes it along: a flat_bronze_marker
    is made of bronze, never marble; a flat_granite_marker of one of the granites. Only a value of
    two words or more names another's member (a priority 'high' says nothing of a volume), and
    the first parameter in the schema's order leads."""
    props = tool.properties
    names = [n for n in props if isinstance(args.get(n), str) and _members(props[n])]
    for lead in names:
        value = str(args[lead])
        words = _value_words(value) if len(re.split(r"[\W_]+", value)) >= 2 else []
        for other in (n for n in names if n != lead and n not in keep):
            members = _members(props[other])
            for word in words:
                holders = [m for m in members if word in re.split(r"[\W_]+", m.lower())]
                if 0 < len(holders) < len(members):
                    if args[other] not in holders:
                        args[other] = rng.choice(holders)
                    keep = keep | {other}  # settled: a later lead does not move it again
                    break
    return args


# "mausoleum crypts and niches use section 'MA' or 'CN'": which things an id's leading code is for.
_CODES_FOR = re.compile(r"\b(?:\w+ )?(\w+?)s?(?: and (?:\w+ )?(\w+?)s?)? (?:use|take|go in|are in|have) (?:the )?"
                        r"(?:\w+ )?['\"`]([A-Z][A-Z0-9]{0,3})['\"`](?: (?:or|and) ['\"`]([A-Z][A-Z0-9]{0,3})['\"`])?")
_LEAD_CODE = re.compile(r"^([A-Z][A-Z0-9]{0,3})(?=[-_/])")


def _codes_for(description: str) -> dict[str, str]:
    """Thing word -> the leading code its ids take, from an id's description."""
    out: dict[str, str] = {}
    for m in _CODES_FOR.finditer(description):
        things, codes = [t for t in m.group(1, 2) if t], [c for c in m.group(3, 4) if c]
        if len(things) == len(codes):
            out.update({stem(t.lower()): c for t, c in zip(things, codes, strict=True)})
    shown = _SHOWN_FOR.findall(description)
    if len({code for _, code in shown}) > 1:  # "Pawn ticket ('PT-0048213') or purchase ID ('PU-0031980')"
        for words, code in shown:
            out.update({stem(w.lower()): code for w in words.split() if len(w) > 2 and w.lower() not in _NOT_THINGS})
    return out


# "Pawn ticket ('PT-0048213')": the words before an example in brackets name what takes its code.
_SHOWN_FOR = re.compile(r"(\w+(?: \w+)?) \(['\"`]([A-Z][A-Z0-9]{0,3})[-_/][^'\"`]*['\"`]\)")
_NOT_THINGS = frozenset({"the", "and", "for", "its", "number", "id", "code", "ref"})


def agreeing_prefixes(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """An id whose description says which things its leading code is for ("crypts and niches use
    section 'MA' or 'CN'") agrees with a sibling enum naming the thing: an entombment_crypt is in
    MA, a niche_plaque on a CN id; a sibling naming none of them (a casket burial, an upright
    headstone) is on an id of another code, the one its examples show ('C-12-04')."""
    props = tool.properties
    for name, schema in props.items():
        value = args.get(name)
        lead = _LEAD_CODE.match(value) if isinstance(value, str) else None
        mapped = _codes_for(str(schema.get("description") or "")) if lead and isinstance(schema, dict) else {}
        if not lead or not mapped:
            continue
        if name in keep:  # a fixed id (a plot an earlier step found): the things follow its code
            _things_follow(props, args, rng, keep, mapped, lead.group(1))
            continue
        named = [str(v) for o, v in args.items() if o != name and isinstance(v, str) and _members(props.get(o))]
        want = next((code for v in named for thing, code in mapped.items() if thing in _stems(v)), None)
        if want is None and named and lead.group(1) in mapped.values():
            shown = [m.group(1) for e in _stated_examples(schema) if (m := _LEAD_CODE.match(e))]
            want = next((c for c in shown if c not in mapped.values()), None)
        moved = want + str(value)[lead.end():] if want and want != lead.group(1) else None
        if moved and is_valid(schema, moved):
            args[name] = moved
    return args


# ---------------------------------------------------------------- shares of a whole

# "Payee shares must add up to 100", "percentages sum to 100": the shares of a list make a whole.
_WHOLE = re.compile(r"\b(?:must |should |have to |need to )?(?:add up to|sum to|total) (\d+(?:\.\d+)?)\s*(?:%|percent)?",
                    re.IGNORECASE)
_SHARE_WORDS = frozenset({"share", "shares", "pct", "percent", "percentage", "portion", "split", "allocation", "ratio"})


def _share_field(items: Any) -> str | None:
    """The one number field of a list's objects that is a share (`share_pct`)."""
    props = items.get("properties") if isinstance(items, dict) else None
    numbers = [n for n, s in (props or {}).items() if isinstance(s, dict) and values.schema_type(s) in ("number", "integer")
               and _SHARE_WORDS & set(semantic.tokens(n))]
    return numbers[0] if len(numbers) == 1 else None


def _parts(total: float, count: int, rng: random.Random) -> list[float]:
    """`count` shares of `total` as people split a whole: halves, thirds, or multiples of 5."""
    if count == 2 and rng.random() < 0.3:
        third = round(total / 3, 2)
        return [round(total - third, 2), third]
    step = total / 20
    cuts = sorted(rng.sample(range(1, 20), count - 1)) if count <= 20 else []
    bounds = [0, *cuts, 20]
    return [round((b - a) * step, 2) for a, b in itertools.pairwise(bounds)]


def summed_shares(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """The shares of a list's objects add up to the whole the prose states ("Payee shares must add
    up to 100"): landlord 66.67 and tenant 33.33, never 57.3 and 73.6."""
    props, description = tool.properties, tool.description
    texts = [description, *(str(s.get("description") or "") for s in props.values() if isinstance(s, dict))]
    whole = next((float(m.group(1)) for t in texts for m in _WHOLE.finditer(t)), None)
    for name, value in args.items():
        field = _share_field(dict_at(props, name).get("items")) if whole and name not in keep else None
        objs = [o for o in value if isinstance(o, dict)] if isinstance(value, list) and field else []
        if not field or not objs or len(objs) > 20 or len(objs) != len(value):
            continue
        shares = [100.0] if len(objs) == 1 else _parts(whole, len(objs), rng)  # type: ignore[arg-type]
        schema = dict_at(dict_at(dict_at(props, name), "items"), "properties")[field]
        whole_numbers = values.schema_type(schema) == "integer"
        held = [{**o, field: round(s) if whole_numbers or float(s).is_integer() else s}
                for o, s in zip(objs, shares, strict=True)]
        if all(is_valid(schema, o[field]) for o in held):
            args[name] = held
    return args


# "The four condition-state quantities must add up to total_quantity": parts named by the total's noun.
_PARTS_TOTAL = re.compile(r"\b([a-z]+?)(?:ies|s)? (?:must |should |have to |need to )?(?:add up to|sum to|equal) "
                          r"`?([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`?", re.IGNORECASE)


def parts_of_total(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """Parts the prose says add up to a total parameter do (set 39: condition-state quantities 2, 0, 0
    and 0 of a total of 25000): the parts given split the total as `_parts` splits a whole."""
    m = _PARTS_TOTAL.search(tool.description)
    total = m.group(2) if m and m.group(2) in tool.properties else None
    value = args.get(total) if total else None
    if not isinstance(value, (int, float)) or isinstance(value, bool) or value <= 0:
        return args
    noun = semantic.tokens(str(total))[-1]
    parts = [n for n in args if n != total and semantic.tokens(n)[-1:] == [noun] and n not in keep
             and values.schema_type(dict_at(tool.properties, n)) in ("number", "integer")]
    if not parts:
        return args
    shares = [float(value)] if len(parts) == 1 else sorted(_parts(float(value), len(parts), rng), reverse=True)
    whole = all(values.schema_type(dict_at(tool.properties, n)) == "integer" for n in parts) or float(value).is_integer()
    said = [round(x) if whole else x for x in shares]
    said[-1] = round(value - sum(said[:-1]), 2) if not whole else round(value) - sum(said[:-1])  # the total kept exact
    held = {n: v for n, v in zip(parts, said, strict=True)}
    return {**args, **held} if all(is_valid(dict_at(tool.properties, n), v) for n, v in held.items()) else args


# A daily window written 'HHMM-HHMM' or 'HH:MM-HH:MM' (set 39: "daily hours 1151-2341", "2112-2000").
_CLOCK_SPAN = re.compile(r"^(\d{2}):?(\d{2})-(\d{2}):?(\d{2})$")
_SPAN_FORM = re.compile(r"\bHH:?MM\s*-\s*HH:?MM\b")


def clock_spans(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """A daily window its description writes 'HHMM-HHMM' is one people set: it opens on the hour or
    the half hour and lasts two to ten hours (it may cross midnight)."""
    out = dict(args)
    for name, value in args.items():
        schema = dict_at(tool.properties, name)
        if name in keep or not isinstance(value, str) or not _CLOCK_SPAN.match(value) or \
                not _SPAN_FORM.search(str(schema.get("description") or "")):
            continue
        start = rng.randrange(0, 48) * 30
        end = (start + 60 * rng.choice((2, 3, 4, 5, 6, 8, 10))) % (24 * 60)
        colon = ":" if ":" in value else ""
        said = f"{start // 60:02d}{colon}{start % 60:02d}-{end // 60:02d}{colon}{end % 60:02d}"
        out[name] = said if is_valid(schema, said) else value
    return out


# ---------------------------------------------------------------- a value in the form its parameter asks

_E164 = re.compile(r"^\+[1-9]\d{7,14}$")


def _asks_e164(schema: dict[str, Any]) -> bool:
    shown = [e for e in _stated_examples(schema) if isinstance(e, str)]
    return bool(re.search(r"\bE\.?164\b", str(schema.get("description") or ""))) or \
        bool(shown) and all(_E164.match(e) for e in shown)


def phones_in_form(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """A phone number the description asks in E.164 ("Phone in E.164 form, e.g. +16145550123"), or
    shows only so, is written so: +17712781001, never (771)278-1001."""
    props = tool.properties
    for name, value in list(args.items()):
        schema = props.get(name)
        if name in keep or not isinstance(value, str) or _E164.match(value) or not isinstance(schema, dict) or \
                semantic.infer(name, schema) != "phone" or not _asks_e164(schema):
            continue
        digits = re.sub(r"\D", "", value.split("x")[0]).lstrip("0")  # "001-412-..." dials the US from abroad
        written = f"+1{digits}" if len(digits) == 10 else f"+{digits}" if len(digits) == 11 and digits[0] == "1" else None
        if written and is_valid(schema, written):
            args[name] = written
    return args


# Area codes in service in the US (a few per region), and those of the towns values draw
# (generator.core.semantic.US_STATES): a North American number opens with one of them.
US_AREA_CODES = (201, 202, 203, 205, 206, 207, 208, 210, 212, 213, 214, 215, 216, 217, 218, 219, 224, 225, 228, 231,
                 234, 239, 240, 248, 251, 252, 253, 254, 256, 260, 262, 267, 269, 270, 281, 301, 302, 303, 304, 305,
                 307, 308, 309, 310, 312, 313, 314, 315, 316, 317, 318, 319, 320, 321, 323, 330, 334, 336, 337, 339,
                 347, 352, 360, 361, 385, 386, 401, 402, 404, 405, 406, 407, 408, 409, 410, 412, 413, 414, 415, 417,
                 419, 423, 425, 432, 434, 435, 440, 443, 469, 478, 479, 480, 484, 501, 502, 503, 504, 505, 507, 508,
                 509, 510, 512, 513, 515, 516, 517, 518, 520, 530, 540, 541, 551, 559, 561, 562, 563, 567, 570, 571,
                 573, 574, 580, 585, 586, 601, 602, 603, 605, 606, 607, 608, 609, 610, 612, 614, 615, 616, 617, 618,
                 619, 620, 623, 626, 630, 631, 636, 641, 646, 650, 651, 660, 661, 662, 678, 682, 701, 702, 703, 704,
                 706, 707, 708, 712, 713, 714, 715, 716, 717, 718, 719, 720, 724, 727, 731, 732, 734, 740, 754, 757,
                 760, 763, 765, 770, 772, 773, 774, 775, 781, 785, 786, 801, 802, 803, 804, 805, 806, 808, 810, 812,
                 813, 814, 815, 816, 817, 818, 828, 830, 831, 832, 843, 845, 847, 848, 850, 856, 857, 858, 859, 860,
                 862, 863, 864, 865, 870, 901, 903, 904, 906, 907, 908, 909, 910, 912, 913, 914, 915, 916, 917, 918,
                 919, 920, 925, 928, 931, 936, 937, 940, 941, 947, 949, 951, 952, 954, 956, 970, 971, 972, 973, 978,
                 979, 980, 985, 989)
_REAL_AREA = frozenset(US_AREA_CODES)
_TOWN_AREA = {"Chicago": 312, "Denver": 303, "Seattle": 206, "Austin": 512, "Boston": 617, "Portland": 503,
              "San Diego": 619, "Atlanta": 404, "Miami": 305, "Phoenix": 602, "Columbus": 614, "Raleigh": 919,
              "Madison": 608, "Omaha": 402}
_TEN_DIGITS = re.compile(r"^(\+?1[-. ]?)?(\(?)([2-9]\d\d)(\)?[-. ]?[2-9]\d\d[-. ]?\d{4})$")
# Any ten digits written as a number: an area code or an exchange out of service ("317-066-9074").
_ANY_TEN = re.compile(r"^(\+?1[-. ]?)?(\(?)(\d{3})(\)?[-. ]?)(\d)(\d\d[-. ]?\d{4})$")


def _home_areas() -> tuple[int, ...]:
    """The area codes of the state the catalog works in (generator.core.places.home_state)."""
    from . import freetext, places, zips

    home = places.home_state(freetext.DOMAIN.get())
    return tuple(int(a) for a in zips.area_codes_of(home)) if home else ()


def real_area_codes(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """A North American phone number opens with an area code in service, the call's town's where
    the call names one of the towns values draw (set 27: 31 of 200 values were numbers of area
    codes no one has, "(953)", "686")."""
    return _area_codes_in(tool.properties, args, rng, keep)


def _area_codes_in(props: dict[str, Any], args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """real_area_codes over one object's fields, and over the objects it holds (a new consignee's
    phone: set 30, "5337406812")."""
    town = next((v for v in _strings_in(args) if v in _TOWN_AREA), None)
    for name, value in list(args.items()):
        schema = props.get(name)
        inner_props = (dict_at(schema, "items", schema) if isinstance(schema, dict) else {}).get("properties")
        if name not in keep and isinstance(inner_props, dict):
            for obj in value if isinstance(value, list) else [value]:
                if isinstance(obj, dict):
                    _area_codes_in(inner_props, obj, rng, frozenset())
            continue
        inner = dict_at(schema, "items", schema) if isinstance(value, list) and isinstance(schema, dict) else schema
        if name in keep or not isinstance(inner, dict) or semantic.infer(name, inner) != "phone":
            continue
        if isinstance(value, list):  # the numbers of one account are of one area (set 27: NY, KS, FL and OH)
            first = _TEN_DIGITS.match(value[0]) if value and isinstance(value[0], str) else None
            area = town or (first and int(first.group(3)) in _REAL_AREA and first.group(3)) or rng.choice(US_AREA_CODES)
            args[name] = [_in_service(v, str(area), rng, inner, every=True) for v in value]
        else:
            args[name] = _national(_in_service(value, town, rng, inner), inner)
    return args


_TEN_SAID = re.compile(r"\b(?:10|ten)[- ]digits?\b", re.IGNORECASE)


def _national(value: Any, schema: dict[str, Any]) -> Any:
    """A number the description asks in ten digits, without a country code (set 32: "+1-617-815-2986"
    for "Phone number on file, 10 digits")."""
    if not isinstance(value, str) or not _TEN_SAID.search(str(schema.get("description") or "")):
        return value
    national = re.sub(r"^(?:\+?1[-. ]?|001[-. ]?)(?=\(?\d{3})", "", value)
    return national if national != value and len(re.sub(r"\D", "", national)) == 10 and is_valid(schema, national) else value


def _strings_in(args: dict[str, Any]) -> list[str]:
    return [v for x in args.values() for v in ([*x.values()] if isinstance(x, dict) else [x]) if isinstance(v, str)]


def _in_service(value: Any, town: str | None, rng: random.Random, schema: dict[str, Any], every: bool = False) -> Any:
    """`value` opening with an area code in service: the town's (a town, or an area code itself),
    else one drawn; with `every`, moved there even where its own code is in service."""
    m = _TEN_DIGITS.match(value) if isinstance(value, str) else None
    bare = m is None and isinstance(value, str) and re.fullmatch(r"\d{10}", value) is not None
    home = _home_areas() if town is None else ()
    code = _TOWN_AREA.get(town or "") or (int(town) if town and town.isdigit() else None) or \
        (rng.choice(home) if home else None) or rng.choice(US_AREA_CODES)
    loose = _ANY_TEN.match(value) if m is None and not bare and isinstance(value, str) else None
    if loose:  # an exchange that opens with 0 or 1 is dialled nowhere (set 32: "317-066-9074")
        new = f"{loose.group(1) or ''}{loose.group(2)}{code}{loose.group(4)}{rng.randint(2, 9)}{loose.group(6)}"
        return new if is_valid(schema, new) else value
    if not bare and (m is None or int(m.group(3)) in _REAL_AREA and not every and (not home or int(m.group(3)) in home)):
        return value  # (a number of the catalog's own state keeps its code: a Fairfax caller dials from 703)
    if bare:  # ten digits of a pattern, "0235925634": a number no one can dial (set 30)
        return _dialable(value, code, schema, rng)
    assert m is not None
    new = f"{m.group(1) or ''}{m.group(2)}{code}{m.group(4)}"
    return new if is_valid(schema, new) else value


def _dialable(value: str, code: int, schema: dict[str, Any], rng: random.Random) -> str:
    new = f"{code}{rng.randint(200, 999)}{rng.randint(0, 9999):04d}"
    return new if is_valid(schema, new) else value


# "Bin id: location letter, dash, bin number": an id that opens with a sibling's initial.
_INITIAL_OF = re.compile(r"\b(\w+?) (?:letter|initial)\b", re.IGNORECASE)


def initialled_ids(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """An id whose description says it opens with a sibling's letter ("location letter, dash,
    bin number") opens with the initial of that sibling's value: a bin at Hayes Junction is H-14,
    never R-79."""
    props = tool.properties
    for name, value in list(args.items()):
        schema = props.get(name)
        if name in keep or not isinstance(value, str) or not isinstance(schema, dict):
            continue
        m = _INITIAL_OF.search(str(schema.get("description") or ""))
        owner = next((o for o in props if m and o != name and o.lower() == m.group(1).lower()), None)
        said = args.get(owner) if owner else None
        if not isinstance(said, str) or not said[:1].isalpha() or not re.match(r"^[A-Z](?=[-_]?\d)", value):
            continue
        written = said[0].upper() + value[1:]
        if is_valid(schema, written):
            args[name] = written
    return args


def _things_follow(props: dict[str, Any], args: dict[str, Any], rng: random.Random, keep: frozenset[str],
                   mapped: dict[str, str], code: str) -> None:
    """Sibling enums agree with a fixed id's code: on a CN id a niche member, on a lawn id one
    naming none of the code's things (a casket burial, not a niche)."""
    thing = next((t for t, c in mapped.items() if c == code), None)
    for other in (o for o in args if o not in keep and isinstance(args[o], str) and _members(props.get(o))):
        members = _members(props[other])
        holders = [m for m in members if thing in _stems(m)] if thing else \
            [m for m in members if not set(mapped) & _stems(m)]
        if 0 < len(holders) < len(members) and args[other] not in holders and \
                (thing or set(mapped) & _stems(str(args[other]))):
            args[other] = rng.choice(holders)


# "Sections A to F allow flat markers only": ids whose leading code lies in a range of letters
# take only the members of an enum the clause names.
_RANGE_ONLY = re.compile(r"\b\w+? ([A-Z]) (?:to|through|-|–) ([A-Z]) (?:allow|take|permit|accept|have)s? (?:only )?"
                         r"([a-z][a-z -]{2,40}?) only\b")


def allowed_in_range(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """An enum a clause of the tool's prose limits for ids of a range of codes ("Sections A to F
    allow flat markers only") keeps to the members it names there: a plot C-12-04 gets a
    flat_granite_marker, never an upright headstone."""
    props, description = tool.properties, tool.description
    for m in _RANGE_ONLY.finditer(description):
        first, last, thing = m.group(1), m.group(2), _stems(m.group(3))
        inside = any((lead := _LEAD_CODE.match(v)) and len(lead.group(1)) == 1 and first <= lead.group(1) <= last
                     for n, v in args.items() if isinstance(v, str) and not _members(props.get(n)))
        for name in (n for n in args if n not in keep and inside):
            members = _members(props.get(name))
            holders = [e for e in members if thing <= _stems(e)]  # "flat markers": flat_bronze_marker, ...
            if 0 < len(holders) < len(members) and args[name] not in holders:
                args[name] = rng.choice(holders)
    return args




# ---------------------------------------------------------------- a term's window

# A tool about a term agreed for weeks or months (a contract's delivery period, a lease, a
# policy): its start and end dates are that far apart, not one day (431,000 bu delivered in a day).
_TERM_WORDS = frozenset({"contract", "contracts", "lease", "leases", "agreement", "policy", "subscription", "season",
                         "tenancy", "membership", "term", "tender"})
_TERM_DAYS = (30, 61, 91, 122, 183)
_DAY = "%Y-%m-%d"


def _date_pairs(props: dict[str, Any]) -> list[tuple[str, str]]:
    """(start, end) date parameters named as one window: `delivery_start`/`delivery_end`,
    `start_date`/`end_date`."""
    out = []
    for name in props:
        for a, b in (("start", "end"), ("from", "to"), ("begin", "end")):
            other = re.sub(rf"(^|_){a}($|_)", rf"\g<1>{b}\g<2>", name)
            if other != name and other in props:
                out.append((name, other))
    return out


def term_windows(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """The end of a term's window lies one to six months after its start (a grain contract
    delivered 2025-06-03 to 2025-09-02), where the tool's name or description speaks of a term
    and both dates are plain days."""
    if not _TERM_WORDS & set(semantic.tokens(f"{tool.name} {tool.description}")):
        return args
    props = tool.properties
    for start, end in _date_pairs(props):
        first = args.get(start)
        if end in keep or end not in args or not isinstance(first, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", first):
            continue
        later = (datetime.strptime(first, _DAY) + timedelta(days=rng.choice(_TERM_DAYS))).strftime(_DAY)
        if isinstance(args[end], str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", args[end]) and is_valid(props[end], later):
            args[end] = later
    return args


# A date inside an id ("TA-MAN-250614-087": the turnaround of June 14; "IMG_20240611_0042") and the
# one day a call acts on (a stand from 10:15 to 11:00 on June 2): the id is of that day (set 9: a
# stand for turn TA-MAN-250406-716 from June 2 was read as implausible in 19 of 200 values). Days
# that are not the action's own (a new date, a due date, a range's ends) leave the id as drawn.
_ID_DATE = re.compile(r"(?<!\d)(\d{8}|\d{6})(?!\d)")
_ISO_DAY = re.compile(r"^(\d{4}-\d{2}-\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?)?$")
_OTHER_DAY = re.compile(r"(?:^|_)(?:new|next|rescheduled?|moved|original|old|previous|prior|due|expiry|expires|"
                        r"deadline|valid|since|until|before|after|birth|dob)(?:_|$)")


def _day_or_none(text: str) -> datetime | None:
    """The day `text` writes, or None for digits shaped like one that are none (a part number
    "5134-00-56", a directive "2024-18-07": set 23)."""
    try:
        return datetime.strptime(text, "%Y-%m-%d")
    except ValueError:
        return None


def dated_ids(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    days = {d for p, v in args.items()
            if isinstance(v, str) and not _OTHER_DAY.search(p) and (m := _ISO_DAY.match(v))
            and (d := _day_or_none(m.group(1))) is not None}
    if len(days) != 1:
        return args
    day = days.pop()

    def swap(m: re.Match[str]) -> str:
        shape = values.GROUP_DATES[len(m.group(1))]
        try:
            drawn = datetime.strptime(m.group(1), shape)
        except ValueError:
            return m.group(0)
        return day.strftime(shape) if abs(drawn.year - day.year) <= 2 else m.group(0)

    out = dict(args)
    for p, v in args.items():
        if p in keep or not isinstance(v, str) or _ISO_DAY.match(v) or " " in v:
            continue
        new = _ID_DATE.sub(swap, v)
        pattern = (tool.properties.get(p) or {}).get("pattern")
        if new != v and (not isinstance(pattern, str) or re.search(pattern, new)):
            out[p] = new
    return out


# A season an enum value names ("fall_heating", "spring_cooling", "winterize"): the call's one date
# lies in the next such season (set 15: fall heating tune-ups booked in June). Northern seasons.
_SEASONS = {"spring": (3, 5), "summer": (6, 8), "fall": (9, 11), "autumn": (9, 11), "winter": (12, 2)}


def seasonal_dates(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """The call's plain day moved into the season one of its enum values names, on the same
    weekday's distance, never into the past."""
    named = {w for p, v in args.items() if isinstance(v, str) and (tool.properties.get(p) or {}).get("enum")
             for w in re.split(r"[_\s-]+", v.lower()) if w in _SEASONS}
    days = [p for p, v in args.items() if p not in keep and isinstance(v, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", v)]
    if len(named) != 1 or len(days) != 1:
        return args
    first, last = _SEASONS[named.pop()]
    day = datetime.strptime(args[days[0]], _DAY)
    months = [m for m in range(1, 13) if (first <= m <= last if first <= last else m >= first or m <= last)]
    if day.month in months:
        return args
    year = day.year if first > day.month or first > last and day.month < first else day.year + 1
    moved = datetime(year, first, 1) + timedelta(days=rng.randrange(0, 45))
    out = dict(args)
    if is_valid(tool.properties[days[0]], moved.strftime(_DAY)):
        out[days[0]] = moved.strftime(_DAY)
    return out


_MONTH = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|" \
         r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
# "Digging runs in the dormant season only: March 1 to May 15 and September 15 to December 1".
_SAID_WINDOW = re.compile(rf"\b{_MONTH} (\d{{1,2}})(?:st|nd|rd|th)?\s*(?:to|through|until|-|\u2013)\s*{_MONTH} "
                          rf"(\d{{1,2}})(?:st|nd|rd|th)?\b", re.IGNORECASE)


def _month(word: str) -> int:
    return next(i for i in range(1, 13) if month_name[i].lower().startswith(word.lower().rstrip(".")[:3]))


def said_windows(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """The call's one plain day, where the tool's prose says the act happens only in windows of the
    year ("ships March 15 to May 31 and September 15 to November 30"), moved into the next such
    window (set 27: digs and fall shipments in June in 68 of 275 rows); a day of a thing done stays."""
    windows = [(_month(a), int(b), _month(c), int(d)) for a, b, c, d in _SAID_WINDOW.findall(tool.description)]
    days = [p for p, v in args.items() if isinstance(v, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", v)]
    if not windows or len(days) != 1 or days[0] in keep or days[0] in values.done_moments(tool):
        return args
    day = datetime.strptime(args[days[0]], _DAY)
    spans = sorted((datetime(y, m1, d1), datetime(y + (m2 < m1), m2, d2)) for y in (day.year - 1, day.year, day.year + 1)
                   for m1, d1, m2, d2 in windows if d1 <= monthrange(y, m1)[1] and d2 <= monthrange(y + (m2 < m1), m2)[1])
    if any(a <= day <= b for a, b in spans):
        return args
    start, end = next(((a, b) for a, b in spans if a > day), spans[-1])
    moved = start + timedelta(days=rng.randrange(0, max(1, min(45, (end - start).days + 1))))
    return {**args, days[0]: moved.strftime(_DAY)} if is_valid(tool.properties[days[0]], moved.strftime(_DAY)) else args


# The rules that bring one call's values into agreement after they are drawn one by one, in
# order (a plot's section follows the thing buried or set there before a section's own limits
# pick the marker, and the marker its material); each never moves a value in `keep`.
CallRule = Callable[[Tool, dict[str, Any], random.Random, frozenset[str]], dict[str, Any]]
_REPEAT_INDEX = re.compile(r"^(.+?)_?([1-9])$|^(?:first|second|third|fourth)_(.+)$")
_REPEATED = frozenset({"readings", "replicates", "measurements", "trials", "repeats", "reading", "replicate"})
_TARGETS = frozenset({"target", "reference", "expected", "nominal", "standard"})
AGREE_WITHIN = 0.03  # repeated measurements of one thing differ by a few percent
_SUMMARIES = frozenset({"reported", "report", "mean", "average", "final"})  # what the repeats give


def _near(center: float, rng: random.Random) -> float:
    digits = len(repr(float(center)).split(".")[1].rstrip("0")) if "." in repr(float(center)) else 0
    decimals = max(digits, 3 if abs(center) < 1 else 1)
    return round(center * (1 + rng.uniform(-AGREE_WITHIN, AGREE_WITHIN)), decimals)


def repeated_measures(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """Repeated measurements of one thing agree: `replicate_1` and `replicate_2` (or `first_x`,
    `second_x`) within a few percent of the first, and a list of `readings` of a standard within
    a few percent of the call's target or reference value (set 18: "a first result of 2 and a
    second result of 279", "the three readings of the standard 16, 6 and 4.7" of a 0.08 target)."""
    out = dict(args)
    numeric = {k: v for k, v in args.items() if isinstance(v, int | float) and not isinstance(v, bool)}
    groups: dict[str, list[str]] = {}
    for k in sorted(numeric):
        m = _REPEAT_INDEX.match(k)
        if m:
            groups.setdefault(m.group(1) or m.group(3), []).append(k)
    for members in groups.values():
        if len(members) < 2:
            continue
        first = next((k for k in members if k in keep), members[0])
        for k in members:
            if k != first and k not in keep and isinstance(numeric[first], float):
                out[k] = _fitting(tool, k, _near(numeric[first], rng), args[k])
        summary = next((k for k in numeric if k not in members and k not in keep
                        and set(semantic.tokens(k)) & _SUMMARIES), None)
        if summary is not None and all(isinstance(out[k], float) for k in members):
            mean = sum(out[k] for k in members) / len(members)  # "Value to report ... truncated to 3 decimals"
            digits = max(len(repr(out[k]).split(".")[1]) for k in members)
            out[summary] = _fitting(tool, summary, math.floor(mean * 10 ** digits) / 10 ** digits, args[summary])
    target = next((v for k, v in numeric.items() if set(semantic.tokens(k)) & _TARGETS), None)
    for k, v in args.items():
        if k in keep or not isinstance(v, list) or not set(semantic.tokens(k)) & _REPEATED or \
                not v or not all(isinstance(x, float) for x in v):
            continue
        center = float(target) if target else v[0]
        out[k] = _fitting(tool, k, [_near(center, rng) for _ in v], v)
    return out


# The two sides of one thing measured at each end: a ship's draft forward and aft, a tyre's
# pressure left and right (set 38: "a draft forward of 13 feet, aft 40.9 feet").
_SIDES = (frozenset({"fwd", "forward", "fore", "bow", "front"}), frozenset({"aft", "stern", "rear", "back"}),
          frozenset({"port", "left"}), frozenset({"starboard", "right"}), frozenset({"inner", "inboard"}),
          frozenset({"outer", "outboard"}))
_PAIRED_SIDES = ((0, 1), (2, 3), (4, 5))
SIDES_WITHIN = 0.08  # the ends of one thing differ by a few percent (a trim of 0-3 ft on a 36 ft draft)
_DEEPER = re.compile(r"\b(?:deeper|greater|larger|higher|more) than\b|\bat least\b", re.IGNORECASE)


def _side_pairs(names: list[str]) -> list[tuple[str, str]]:
    """Pairs of names that differ only in one word, one of two opposite sides."""
    out = []
    for a in names:
        for b in names:
            wa, wb = semantic.tokens(a), semantic.tokens(b)
            diff = [i for i, (x, y) in enumerate(zip(wa, wb, strict=False)) if x != y]
            if len(wa) != len(wb) or len(diff) != 1:
                continue
            x, y = wa[diff[0]], wb[diff[0]]
            if any(x in _SIDES[i] and y in _SIDES[j] for i, j in _PAIRED_SIDES):
                out.append((a, b))
    return out


def sides_alike(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """The two ends of one measured thing are near each other: the second within a few percent
    of the first, on the deeper side when its description says it "normally" is."""
    numeric = [k for k, v in args.items() if isinstance(v, int | float) and not isinstance(v, bool)]
    out = dict(args)
    for first, second in _side_pairs(numeric):  # the forward, port or inner side leads, unless fixed
        if second in keep:
            continue
        said = str((tool.properties.get(second) or {}).get("description") or "")
        share = rng.uniform(0, SIDES_WITHIN) if _DEEPER.search(said) else rng.uniform(-SIDES_WITHIN, SIDES_WITHIN) / 2
        out[second] = _fitting(tool, second, _like(out[second], float(out[first]) * (1 + share)), out[second])
        if out[second] == args[second] and first not in keep:  # the second could not follow (a 44 ft draft
            out[first] = _fitting(tool, first, _like(out[first], float(out[second]) / (1 + share)), out[first])  # forward)
    return out


def _like(old: float, new: float) -> float:
    """`new` with as many decimals as `old` shows (a whole number stays whole)."""
    if not isinstance(old, float):
        return round(new)
    return round(new, max(1, len(repr(old).split(".")[1].rstrip("0"))))


# An enum member glossed with the place a move starts or ends: "inbound (from CAPE_HENLOPEN to a berth
# or anchorage)"; the side's parameter is named by its first word (from_location, to_location).
_GLOSS_SIDES = re.compile(r"\b(from|to)\s+([A-Z][A-Z0-9_]{2,})\b")
_SIDE_PARAMS = {"from": ("from", "origin", "start", "source"), "to": ("to", "destination", "end", "dest")}


@lru_cache(maxsize=4096)
def _member_glosses(description: str, members: tuple[str, ...]) -> dict[str, str]:
    """Enum member -> the words its description gives it in parentheses ("inbound (from ...)")."""
    return {m: g[1] for m in members if (g := re.search(rf"\b{re.escape(m)}\s*\(([^()]*)\)", description))}


def ends_of_the_move(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """The ends of a move agree with its kind, as the kind's gloss says: an inbound move starts at
    CAPE_HENLOPEN, an outbound one ends there, a shift (no such end) is neither from nor to it (set
    38: inbound moves from one berth to another)."""
    props, out = tool.properties, dict(args)
    for name, schema in props.items():
        member = args.get(name)
        if not isinstance(member, str) or not isinstance(schema, dict) or not schema.get("enum"):
            continue
        glosses = _member_glosses(str(schema.get("description") or ""), tuple(map(str, schema["enum"])))
        if len(glosses) < 2:
            continue
        for side, words in _SIDE_PARAMS.items():
            param = next((p for p in props if semantic.tokens(p)[:1] and semantic.tokens(p)[0] in words and p != name), None)
            said = {m: v for m, g in glosses.items() for s2, v in _GLOSS_SIDES.findall(g) if s2 == side}
            if param is None or param in keep or not said:
                continue
            if member in said and is_valid(props[param], said[member]):
                out[param] = said[member]
            elif member not in said and out.get(param) in said.values():
                other = [e for e in _stated_examples(props[param]) if e not in said.values()]
                out[param] = values._reshaped(rng.choice(other), rng) if other else out[param]
    return out


def _fitting(tool: Tool, param: str, value: Any, old: Any) -> Any:
    """`value` where the parameter's schema takes it, else the value drawn before."""
    from .schema import first_error

    return value if first_error(tool.properties.get(param) or {}, value) is None else old


_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DAY_SPAN = re.compile(r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\s*(?:to|through|-|–)\s*"
                       r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b", re.IGNORECASE)
_WEEKDAYS_ONLY = re.compile(r"\b(?:weekdays?|business days?|working days?)(?: only)?\b", re.IGNORECASE)


def said_weekdays(description: str) -> set[int] | None:
    """The weekdays a description allows ("Vendors deliver Tuesday to Thursday": 1-3; "business
    days only": 0-4), or None when it names none."""
    m = _DAY_SPAN.search(description)
    if m:
        a, b = _DAYS.index(m.group(1).lower()), _DAYS.index(m.group(2).lower())
        return {d % 7 for d in range(a, b + 1 if b >= a else b + 8)}
    return set(range(5)) if _WEEKDAYS_ONLY.search(description) else None


def on_said_weekdays(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """A date whose description allows only some weekdays falls on one of them (set 18: deliveries
    on a Monday where "vendors deliver Tuesday to Thursday"): moved forward to the next allowed day."""
    out = dict(args)
    for k, v in args.items():
        spec = tool.properties.get(k)
        if k in keep or not isinstance(v, str) or not isinstance(spec, dict):
            continue
        days = said_weekdays(str(spec.get("description") or "")) or _said_of(tool.description, k)
        m = _ISO_DAY.match(v)
        if not days or m is None:
            continue
        day = datetime.strptime(m.group(1), "%Y-%m-%d")
        while day.weekday() not in days:
            day += timedelta(days=1)
        out[k] = _fitting(tool, k, day.strftime("%Y-%m-%d") + v[10:], v)
    return out


def _said_of(description: str, name: str) -> set[int]:
    """The weekdays a sentence of the tool's prose that names the parameter by its words allows ("The
    requested due date must be a business day": set 27, ports due on a Sunday)."""
    words = [w for w in semantic.tokens(name) if len(w) > 2]
    if len(words) < 2:
        return set()
    return next((days for sentence in re.split(r"(?<=[.;])\s+", description)
                 if all(w in sentence.lower() for w in words) and (days := said_weekdays(sentence))), set())


def tracking_by_carrier(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """A tracking number in the format of the call's carrier (UPS "1Z...", FedEx 12 digits, USPS
    22, DHL 10), never another carrier's (set 18: a UPS number for a DHL return)."""
    carrier = next((str(v).lower().replace(" ", "") for v in args.values()
                    if isinstance(v, str) and str(v).lower().replace(" ", "") in semantic.CARRIER_FORMATS), None)
    if carrier is None:
        return args
    out = dict(args)
    for k, v in args.items():
        if k in keep or not isinstance(v, str) or semantic.infer(k, tool.properties.get(k) or {}) != "tracking":
            continue
        out[k] = _fitting(tool, k, semantic.tracking_number(rng, carrier), v)
    return out


_ID_SEPARATORS = "-_./:"


def _id_example(schema: Any) -> str | None:
    if not isinstance(schema, dict) or schema.get("type") not in (None, "string"):
        return None
    said = [e for e in (*(schema.get("examples") or []), *allowed.read(str(schema.get("description") or "")).examples)
            if isinstance(e, str) and lore.id_like(e)]
    return said[0] if said else None


def _number_example(schema: Any) -> str | None:
    if not isinstance(schema, dict) or schema.get("type") not in (None, "string"):
        return None
    said = [e for e in allowed.read(str(schema.get("description") or "")).examples if isinstance(e, str)
            and re.fullmatch(r"\d{5,}", e)]
    return said[0] if said else None


def _parents(props: dict[str, Any]) -> list[tuple[str, str, int]]:
    """(parent, child, parts) of the ids whose examples nest: a level '44FX1234-U07-L03' is of the
    unit '44FX1234-U07', whose first two parts it repeats; a subaccount '104387-NM' is of the account
    '104387' (a number of five digits or more is an id too: set 40)."""
    examples = {n: e for n, s in props.items() if (e := _id_example(s) or _number_example(s))}
    out = []
    for a, ea in examples.items():
        for b, eb in examples.items():
            if a != b and eb.startswith(ea) and len(eb) > len(ea) and eb[len(ea)] in _ID_SEPARATORS:
                out.append((a, b, len(re.split(r"[-_./:]", ea))))
    return out


def _sharing_digits(props: dict[str, Any]) -> list[tuple[str, str, int]]:
    """(owner, id, part) of the ids whose examples repeat another id's number as one of their parts:
    a system 'SYS-004127-02' of the property 'PRP-004127' (the property's 6 digits, then its own 2)."""
    examples = {n: e for n, s in props.items() if (e := _id_example(s))}
    out = []
    for a, ea in examples.items():
        own = re.fullmatch(r"[A-Za-z]{1,6}[-_]?(\d{4,})", ea)
        for b, eb in examples.items():
            parts = re.split(r"[-_./:]", eb)
            if own and a != b and not eb.startswith(ea) and parts.count(own[1]) == 1 and len(parts) >= 2:
                out.append((a, b, parts.index(own[1])))
    return out


def nested_by_examples(props: dict[str, Any], args: dict[str, Any], keep: frozenset[str]) -> dict[str, Any]:
    """A child id carries its parent's of the same call (set 24: a bag's unit '47FX1233-U03' beside
    the level '35FX6401-U53-L02' of another site): the child's first parts become the parent's, or
    the parent the child's first parts where only the parent may change; an id that repeats another's
    number holds the call's (set 40: system SYS-372534-05 searched with property PRP-066081)."""
    out = dict(args)
    for owner, child, at in _sharing_digits(props):
        a, b = out.get(owner), out.get(child)
        digits = re.search(r"\d{4,}$", a) if isinstance(a, str) else None
        pieces = re.split(r"([-_./:])", b) if isinstance(b, str) else []
        if not isinstance(a, str) or digits is None or 2 * at >= len(pieces) or pieces[2 * at] == digits[0]:
            continue
        if child not in keep:
            moved = "".join([*pieces[:2 * at], digits[0], *pieces[2 * at + 1:]])
            out[child] = moved if is_valid(props[child], moved) else b
        elif owner not in keep and is_valid(props[owner], (moved := a[:digits.start()] + pieces[2 * at])):
            out[owner] = moved
    for parent, child, parts in _parents(props):
        a, b = out.get(parent), out.get(child)
        if not isinstance(a, str) or not isinstance(b, str):
            continue
        pieces = re.split(r"([-_./:])", b)  # parts and the separators between them
        head, tail = "".join(pieces[:2 * parts - 1]), "".join(pieces[2 * parts - 1:])
        if head == a or not tail:
            continue
        if child not in keep and is_valid(props[child], a + tail):
            out[child] = a + tail
        elif parent not in keep and is_valid(props[parent], head):
            out[parent] = head
    return out


def under_given(value: Any, spec: dict[str, Any], tool: Tool, given: dict[str, Any]) -> Any:
    """A new id (of schema `spec`) that nests an id a call of `tool` was given carries it (set 24: a
    unit opened at site 31WK4660 came back as '33FX9680-U04'; a search of site 44FX2587 found
    '75FX1287.0884.078')."""
    props = {**{p: s for p, s in tool.properties.items() if p in given}, " new": spec}
    return nested_by_examples(props, {**given, " new": value}, frozenset(given))[" new"]


def nested_ids(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """An id made of another id of the call and a suffix ("P21047-T1": producer P21047's tank 1,
    "ORD-12345-02": a line of order ORD-12345) is that id's: the tank of the producer the call
    names, never another farm's (set 20: 6 of 200 values); first where the schema's examples nest
    (`nested_by_examples`), then by the values' shapes."""
    args = nested_by_examples(tool.properties, args, keep)
    shapes = {n: re.sub(r"\d", "#", v) for n, v in args.items() if isinstance(v, str) and _ID_SHAPE.fullmatch(v)
              and not _ISO_DAY.match(v)}  # a port date of 2025-06-14 is no child of carrier 6214 (set 27)
    for name, shape in shapes.items():
        owner = next((o for o, s in shapes.items() if o != name and s.count("#") >= 3 and
                      shape.startswith(s) and shape[len(s):len(s) + 1] in ("-", "/", ".")), None)
        if owner is None or str(args[name]).startswith(str(args[owner])):
            continue
        if name not in keep:
            args[name] = _fitting(tool, name, str(args[owner]) + str(args[name])[len(shapes[owner]):], args[name])
        elif owner not in keep:  # a tank read from an earlier step names the farm the pickup is from
            args[owner] = _fitting(tool, owner, str(args[name])[:len(shapes[owner])], args[owner])
    for name, value in args.items():  # welds J-24117-W031, J-24117-W057 of the call's job J-24117 (set 27)
        if name in keep or not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
            continue
        shape = re.sub(r"\d", "#", value[0])
        owner = next((o for o, s in shapes.items() if o != name and s.count("#") >= 3 and shape.startswith(s)
                      and shape[len(s):len(s) + 1] in ("-", "/", ".")), None)
        if owner is not None:
            args[name] = _fitting(tool, name, [str(args[owner]) + v[len(shapes[owner]):] if
                                               re.sub(r"\d", "#", v).startswith(shapes[owner]) else v for v in value], value)
    return args


_ID_SHAPE = re.compile(r"[A-Z]{0,6}-?\d{3,}(?:[-/.][A-Z0-9]{1,6})*")


@lru_cache(maxsize=1)
def _named_sexes() -> tuple[frozenset[str], frozenset[str]]:
    from faker.providers.person.en_US import Provider

    female, male = frozenset(Provider.first_names_female), frozenset(Provider.first_names_male)
    return female - male, male - female


_SEX_WORDS = {"f": "female", "female": "female", "woman": "female", "w": "female", "m": "male", "male": "male",
              "man": "male"}


def sex_fits_name(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """A person's sex agrees with their first name: Melissa is registered female, John male (set
    30: "Martha ... M", "Matthew ... F"); the sex follows the name, or the name the sex where the
    sex is fixed."""
    sex = next((n for n in args if {"sex", "gender"} & set(semantic.tokens(n)) and isinstance(args[n], str)), None)
    first = next((n for n in args if semantic.tokens(n)[-2:] == ["first", "name"] and isinstance(args[n], str)), None)
    if sex is None or first is None:
        return args
    female, male = _named_sexes()
    name = str(args[first]).split(" ")[0]
    said = "female" if name in female else "male" if name in male else None
    if said is None or _SEX_WORDS.get(str(args[sex]).lower()) in (None, said):
        return args
    members = [m for m in (tool.properties.get(sex) or {}).get("enum") or [] if _SEX_WORDS.get(str(m).lower()) == said]
    if sex not in keep and members:
        args[sex] = members[0]
    elif first not in keep:
        args[first] = rng.choice(sorted(male if said == "female" else female))
    return args


# A number signed by its own words ("Change in quantity, negative for a loss") and a reason that names a
# loss or a gain.
_SIGNED = re.compile(r"\bnegative (?:for|when|if|on) (?:an? |the )?(?:loss|losses|deductions?|decreases?|reductions?|"
                     r"shortages?|shrink(?:age)?)\b", re.IGNORECASE)
_LOSSES = frozenset({"loss", "lost", "theft", "stolen", "damage", "damaged", "spoilage", "spoiled", "shrink", "shrinkage",
                     "waste", "wasted", "destroyed", "destruction", "expired", "broken", "breakage", "spill", "spilled",
                     "evaporation", "deduction", "deleted", "decrease", "shortage", "missing", "sample", "samples"})
_GAINS = frozenset({"found", "surplus", "overage", "gain", "added", "increase", "recovered"})


def signed_by_reason(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """A change its description signs ("negative for a loss") takes the sign of the call's reason:
    theft, damage and moisture loss lower the count (set 47: "+180 grams because of damage")."""
    reasons = [set(semantic.tokens(str(v))) for n, v in args.items() if isinstance(v, str) and
               {"reason", "cause", "type", "kind", "why"} & set(semantic.tokens(n))]
    said = set().union(*reasons) if reasons else set()
    sign = -1 if said & _LOSSES and not said & _GAINS else 1 if said & _GAINS and not said & _LOSSES else 0
    for name in [n for n, v in args.items() if sign and n not in keep and isinstance(v, int | float) and
                 not isinstance(v, bool) and v and _signs(tool, n)]:
        signed = abs(args[name]) * sign
        args[name] = signed if is_valid(tool.properties.get(name) or {}, signed) else args[name]
    return args


def _signs(tool: Tool, name: str) -> bool:
    """Whether the parameter's description, or a sentence of the tool's that names it, signs it ("Amount
    is positive for added work and negative for deductions")."""
    if _SIGNED.search(str((tool.properties.get(name) or {}).get("description") or "")):
        return True
    own = set(semantic.tokens(name)) - {"usd", "eur", "gbp", "in", "g", "kg", "lb"}
    return any(_SIGNED.search(s) and own & set(semantic.tokens(s)) for s in re.split(r"(?<=[.;])\s+", tool.description))


# Words that make a person a woman or a man ("mother_first_name", "Husband's name").
_WOMAN = frozenset({"mother", "maternal", "mom", "wife", "woman", "women", "female", "her", "she", "daughter",
                    "sister", "grandmother", "bride", "girl", "aunt", "niece", "widow"})
_MAN = frozenset({"father", "paternal", "dad", "husband", "man", "men", "male", "his", "he", "son", "brother",
                  "grandfather", "groom", "boy", "uncle", "nephew", "widower"})


def sex_of_the_role(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """A first name of a person its parameter says is a woman (a mother, a wife) is a woman's, of a
    man a man's (set 47: eight of thirteen donating mothers named Fred, Joel or David)."""
    female, male = _named_sexes()
    for name in [n for n in args if n not in keep and isinstance(args[n], str) and semantic.tokens(n)[-2:] == ["first", "name"]]:
        said = set(semantic.tokens(f"{name} {(tool.properties.get(name) or {}).get('description') or ''}"))
        sex = female if said & _WOMAN and not said & _MAN else male if said & _MAN and not said & _WOMAN else None
        first = str(args[name]).split(" ")[0]
        if sex is not None and first not in sex:
            args[name] = rng.choice(sorted(sex))
    return args


# "a month as YYYY-MM for monthly, YYYY-Q1 to YYYY-Q4 for quarterly, YYYY for annual": the form a
# period takes for each value of a sibling.
_PERIOD_FOR = re.compile(r"\b(YYYY-MM|YYYY-Q[1-4n](?: (?:to|-|–) YYYY-Q[1-4])?|YYYY)\b(?: format)? for ([a-z][\w-]*)",
                         re.IGNORECASE)
_ENDED = re.compile(r"\b(?:has|have) (?:already )?(?:ended|closed)\b|\b(?:ended|closed|completed|past) periods?\b|"
                    r"\bdue (?:by|within) (?:the end of )?the (?:following|next) (?:month|quarter|period)\b",  # a month billed
                    re.IGNORECASE)  # with "records due by the end of the following month" has ended (set 40: June billed in June)


def _period(form: str, ref: datetime, back: int) -> str:
    """The period of `form` that ended `back` periods before the one holding `ref` (0: the last one)."""
    if form.upper().startswith("YYYY-Q"):
        index = (ref.year * 4 + (ref.month - 1) // 3) - 1 - back
        return f"{index // 4}-Q{index % 4 + 1}"
    if form.upper() == "YYYY-MM":
        index = ref.year * 12 + ref.month - 1 - 1 - back
        return f"{index // 12}-{index % 12 + 1:02d}"
    return str(ref.year - 1 - back)


def ended_periods(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str],
                  ref: datetime) -> dict[str, Any]:
    """A reporting period takes the form its description gives the call's frequency ("YYYY-Q1 to
    YYYY-Q4 for quarterly") and, where it must have ended, is one that has before `ref` (set 33: a
    quarterly report for period 2025-06, the month of the query)."""
    for name, schema in tool.properties.items():
        desc = str(schema.get("description") or "") if isinstance(schema, dict) else ""
        forms = {m.group(2).lower(): m.group(1) for m in _PERIOD_FOR.finditer(desc)}
        if name in keep or not isinstance(args.get(name), str) or not (forms or _ENDED.search(desc)):
            continue
        said = next((forms[w] for o, v in args.items() if o != name and isinstance(v, str)
                     for w in (v.lower(), v.lower().rstrip("ly")) if w in forms), None)
        form = said or next((f for f in ("YYYY-MM", "YYYY-Q", "YYYY") if _shaped(args[name], f)), None)
        if form is None or not said and not _ENDED.search(desc):
            continue
        value = _period(form, ref, rng.choice((0, 0, 1, 2)) if _ENDED.search(desc) else rng.randint(-1, 2))
        args[name] = value if is_valid(schema, value) else args[name]
    return args


def _shaped(value: str, form: str) -> bool:
    return bool(re.fullmatch({"YYYY-MM": r"\d{4}-\d{2}", "YYYY-Q": r"\d{4}-Q[1-4]", "YYYY": r"\d{4}"}[form], value))


# An example tied to the thing it is the form of: "e.g. 'ABC-1234567-8' for CBP or 'REL-55190' for
# a line release", and a clause that opens with its thing: "For customs_cbp the CBP entry number
# (..., e.g. 'ABC-1234567-8'); for usda the APHIS inspection number; otherwise ...".
_TIED_AFTER = re.compile(r"['\"]([^'\"]+)['\"]\s+for\s+(?:an?\s+|the\s+)?([^,;.'\"()]+?)(?=\s+or\s+['\"]|[,;)]|\.(?:\s|$)|$)",
                         re.IGNORECASE)
_TIED_BEFORE = re.compile(r"\s*(?:for|with|if)\s+(?:an?\s+)?([\w./-]+(?:\s+[\w./-]+)?)(?:,|\s+(?=the\b|an?\b|use\b|give\b))",
                          re.IGNORECASE)
_TIE_FILLER = frozenset({"the", "and", "for", "with", "number", "reference", "code", "release", "document", "type"})


@lru_cache(maxsize=1024)
def _tied_examples(description: str) -> tuple[tuple[str | None, str, str], ...]:
    """(example or None, the words it is tied to, its clause) of a description that ties its
    examples, or its clauses, to things."""
    out: list[tuple[str | None, str, str]] = [(m.group(1), m.group(2), m.group(0)) for m in _TIED_AFTER.finditer(description)]
    for clause in re.split(r";|(?<=[\w)'\"])(?<!e\.g)(?<!i\.e)\.\s+", description):
        if (lead := _TIED_BEFORE.match(clause)) is not None:
            found = re.findall(r"['\"]([^'\"]+)['\"]", clause)
            out += [(ex, lead.group(1), clause) for ex in found] or [(None, lead.group(1), clause)]
    return tuple(out)


def _ties(tie: str, value: str) -> bool:
    """Whether a tie's words name an enum value ("CBP" names customs_cbp, "a line release" line)."""
    own = {w for w in re.split(r"[\W_]+", value.lower()) if len(w) >= 3 and w not in _TIE_FILLER}
    return bool(own & set(re.split(r"[\W_]+", tie.lower())))


def _shape(value: str) -> str:
    return re.sub(r"[A-Za-z]", "A", re.sub(r"\d", "9", value))


_GLOSSED = re.compile(r"'([^']{2,80})'\s*\(([^)]{3,120})\)")


def examples_in_step(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """Two parameters whose examples go together in order: a case number "e.g. '2:24-cv-01234' (federal
    district court ...) or '24STCV12345' (Los Angeles Superior Court)" is of the form of the court the call
    names, one of "e.g. 'U.S. District Court, ...' or 'Superior Court of California, County of Los
    Angeles'" (set 49: Los Angeles Superior case numbers before the federal court)."""
    props = tool.properties
    for name, schema in props.items():
        held = args.get(name)
        glossed = _GLOSSED.findall(str(schema.get("description") or "")) if isinstance(schema, dict) else []
        if name in keep or not isinstance(held, str) or len(glossed) < 2:
            continue
        for other, named in args.items():
            shown = allowed.read(str((props.get(other) or {}).get("description") or "")).examples
            if other == name or named not in shown or len(shown) != len(glossed):
                continue
            words = [set(re.findall(r"[a-z]{4,}", g[1].lower())) for g in glossed]
            theirs = set(re.findall(r"[a-z]{4,}", str(named).lower()))
            fits = sorted(range(len(glossed)), key=lambda i: -len(words[i] & theirs))
            best = fits[0]
            if len(words[best] & theirs) > len(words[fits[1]] & theirs) and (
                    _shape(held) != _shape(glossed[best][0]) or values._placeholder(held)):  # never "24STCV12345" itself
                drawn = values._varied_id(glossed[best][0], rng, values.REFERENCE_TIME, name, schema)
                args[name] = drawn if is_valid(schema, drawn) else held
            break
    return args


def tied_examples(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """A reference whose examples are each tied to one value of a sibling enum takes the form of
    its call's value: a CBP hold's CBP entry number, a line release's 'REL-' number; where only
    other values have a form, never theirs (set 37: a fumigation hold with a CBP entry number)."""
    props = tool.properties
    for name, schema in props.items():
        held = args.get(name)
        if name in keep or not isinstance(held, str) or not isinstance(schema, dict) or schema.get("enum"):
            continue
        ties = _tied_examples(str(schema.get("description") or ""))
        for kind, value in ((o, v) for o, v in args.items() if o != name and isinstance(v, str) and
                            isinstance(props.get(o), dict) and props[o].get("enum")):
            members = [str(m) for m in props[kind]["enum"]]
            mine = [t for t in ties if _ties(t[1], value)]
            theirs = [t for t in ties if t not in mine and any(_ties(t[1], m) for m in members if m != value)]
            if not mine and not theirs:
                continue
            forms = [str(t[0]) for t in mine if t[0] is not None]
            if forms and _shape(held) not in {_shape(f) for f in forms}:
                drawn = values._varied_id(rng.choice(forms), rng, values.REFERENCE_TIME, name, schema)
                args[name] = drawn if is_valid(schema, drawn) else held
            elif not forms and _shape(held) in {_shape(str(t[0])) for t in theirs if t[0] is not None}:
                acronym = next((a for t in mine for a in re.findall(r"\b[A-Z]{3,6}\b", t[2])), "")
                drawn = f"{acronym}-{rng.randint(100000, 999999)}" if acronym else str(rng.randint(10 ** 7, 10 ** 8 - 1))
                args[name] = drawn if is_valid(schema, drawn) else held
            break
    return args


# The breeds a shelter or a clinic writes for each kind of animal (set 48: a "Labrador retriever mix"
# guinea pig, a "domestic shorthair" bird, a "pit bull mix" reptile): the catalog's examples are a dog's
# and a cat's, never every species'.
_BREEDS = {
    "dog": ("Labrador retriever mix", "pit bull mix", "German shepherd mix", "Chihuahua mix", "beagle mix",
            "boxer mix", "Australian shepherd mix"),
    "cat": ("domestic shorthair", "domestic medium hair", "domestic longhair", "Siamese mix", "Maine coon mix"),
    "rabbit": ("New Zealand white", "Holland lop", "Netherland dwarf", "lionhead mix", "Rex mix"),
    "guinea_pig": ("American", "Abyssinian", "Peruvian", "Teddy"),
    "bird": ("budgerigar", "cockatiel", "lovebird", "green-cheeked conure", "zebra finch"),
    "reptile": ("bearded dragon", "ball python", "red-eared slider", "leopard gecko", "corn snake"),
    "livestock": ("Nubian goat", "potbellied pig", "Rhode Island Red hen", "Suffolk sheep", "Pekin duck"),
    "horse": ("quarter horse", "Thoroughbred", "Arabian", "paint horse"),
    "ferret": ("sable ferret", "albino ferret"),
}


_SPECIES_WORDS = {"canine": "dog", "feline": "cat", "equine": "horse", "avian": "bird", "cavy": "guinea_pig"}


def breed_of_species(tool: Tool, args: dict[str, Any], keep: frozenset[str]) -> dict[str, Any]:
    """A breed of the call's species: a guinea pig's is a guinea pig's, never the catalog's Labrador (drawn
    from the call's own values, so the call's other draws stay as they were)."""
    species = next((str(v).lower().replace(" ", "_") for n, v in args.items() if "species" in semantic.tokens(n)
                    and isinstance(v, str)), None)
    species = _SPECIES_WORDS.get(species or "", species)
    breeds = _BREEDS.get(species or "") or _BREEDS.get((species or "").rstrip("s"))
    others = {b.lower() for bs in _BREEDS.values() if bs is not breeds for b in bs}
    for name, value in args.items():
        if breeds and name not in keep and "breed" in semantic.tokens(name) and isinstance(value, str) and \
                value.lower() in others and not (tool.properties.get(name) or {}).get("enum"):
            args[name] = random.Random(str(sorted(args.items()))).choice(breeds)  # (a breed this table does not
            # know is the catalog's own: it stays)
    return args


# "Power of attorney number ..., its face limit in thousands and a 7-digit serial, e.g. 'PA025-0048213'
# for a $25,000 power" beside "Each power has a face limit (5K, 10K, 15K, 25K, 50K, 100K, 250K, 500K or 1M)
# and the bond amount may not exceed it" (set 48: 33 powers of no face limit, PA118, PA639): an id that
# spells an amount in thousands spells one the tool lists, the smallest the call's amount fits under.
_SPELLED = re.compile(r"\bin thousands\b.*?['\"]([A-Z]*)(\d+)(\D[^'\"]*)['\"] for an? \$([\d,]+)", re.IGNORECASE)
_LISTED_LIMITS = re.compile(r"\(((?:\d+(?:\.\d+)?[KM](?:,\s*|,?\s+or\s+))+\d+(?:\.\d+)?[KM])\)")


def limits_spelled(tool: Tool, args: dict[str, Any], keep: frozenset[str]) -> dict[str, Any]:
    listed = _LISTED_LIMITS.search(tool.description)
    for name, schema in tool.properties.items():
        m = _SPELLED.search(str((schema or {}).get("description") or ""))
        held = args.get(name)
        if name in keep or m is None or listed is None or not isinstance(held, str) or \
                int(m[2]) * 1000 != int(m[4].replace(",", "")):
            continue
        limits = sorted(float(x[:-1]) * (1000 if x.endswith("M") else 1) for x in re.findall(r"\d+(?:\.\d+)?[KM]", listed[1]))
        amounts = [float(v) / 1000 for n, v in args.items() if n != name and isinstance(v, int | float) and
                   not isinstance(v, bool) and re.search(r"\bface limit\b", str((tool.properties.get(n) or {}).get("description") or ""))]
        fits = [x for x in limits if not amounts or x >= amounts[0]]
        face = fits[0] if fits else limits[-1]
        spelled = re.match(rf"{re.escape(m[1])}(\d+)", held)
        if spelled:
            args[name] = f"{m[1]}{int(face):0{len(m[2])}d}{held[spelled.end():]}"
    return args


def own_parts(tool: Tool, args: dict[str, Any], keep: frozenset[str]) -> dict[str, Any]:
    """A text drawn from an example holds the call's own values where the example held a sibling's:
    "photos.example-hoodco.com/SA-2025-01873/fan-before-1.jpg" of an after photo of SA-2025-60181 is
    ".../SA-2025-60181/fan-after-1.jpg", a "Ductmate Ultimate 12x12" door of a 10x10 panel is
    "Ductmate Ultimate 10x10" (set 48: 20 of 27 uploads were the example's, before photos as after);
    an id that spells a limit spells the call's (`limits_spelled`)."""
    args = limits_spelled(tool, breed_of_species(tool, args, keep), keep)
    swaps: dict[str, str] = {}
    paths: dict[str, str] = {}  # members said only inside a path or a file name ("fan-before-1.jpg")
    for other, schema in tool.properties.items():
        held = args.get(other)
        if not isinstance(held, str) or not isinstance(schema, dict):
            continue
        if schema.get("enum"):
            for member in (str(m) for m in schema["enum"] if str(m) != held):
                (swaps if re.search(r"\d", member) else paths)[member] = held
        else:
            shown = [e for e in allowed.read(str(schema.get("description") or "")).examples
                     if isinstance(e, str) and e != held and lore.id_like(e)]
            swaps.update({e: held for e in shown})
            paths.update({_shape_pattern(e): held for e in shown if _shape(e) == _shape(held)})  # its year varied too
    if not swaps and not paths:
        return args
    out = dict(args)
    for name, value in args.items():
        if name in keep or (tool.properties.get(name) or {}).get("enum"):
            continue
        if isinstance(value, list):
            said = [_own_text(v, swaps, paths) for v in value]
            out[name] = list(dict.fromkeys(said)) if all(isinstance(v, str) for v in said) and \
                len(set(said)) >= int((tool.properties.get(name) or {}).get("minItems") or 1) else said
        else:
            out[name] = _own_text(value, swaps, paths)
    return out


def _shape_pattern(value: str) -> str:
    """A regex of an id's shape ("SA-2025-01873": `[A-Z][A-Z]-[0-9]{4}-[0-9]{5}`), its letters kept."""
    return "".join(re.escape(c) if not c.isdigit() else "[0-9]" for c in value)


def _own_text(text: Any, swaps: dict[str, str], paths: dict[str, str]) -> Any:
    if not isinstance(text, str):
        return text
    for was, now in swaps.items():  # inside a longer text only: a value that is another's example stays its own
        if text != was and (" " in text or "/" in text):  # (an adverse claim number is no claim number)
            text = re.sub(rf"(?<![\w./-]){re.escape(was)}(?![\w/-])", now, text)
    if "/" in text:
        for was, now in paths.items():
            said = was if "[0-9]" in was else re.escape(was)
            text = re.sub(rf"(?<=[/_-]){said}(?=[/_.-])", now, text)
    return text


# An id built on a place's code: "EPA identification number of the site, 12 characters: the
# two-letter state code, one letter and 9 digits", "Worldwide unique case identification number:
# country code, sender organisation and ..." (set 37: an Ohio EPA id searched with state TX, a US
# case id in DE).
_PLACE_CODED = re.compile(r"\b(?:the )?(?:two-letter |2-letter |ISO )?(state|country) code\b", re.IGNORECASE)


def ids_of_their_place(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """An id whose description says it carries the state or country code carries the call's."""
    props = tool.properties
    places: dict[str, str] = {kind: v for n, v in args.items() for kind in ("state", "country")
              if isinstance(v, str) and re.fullmatch(r"[A-Z]{2}", v) and kind in semantic.tokens(n)}
    for name, value in list(args.items()):
        schema = props.get(name)
        if name in keep or not isinstance(value, str) or not isinstance(schema, dict) or len(value) < 5 \
                or set(semantic.tokens(name)) & {"state", "country"}:  # the place itself
            continue
        m = _PLACE_CODED.search(str(schema.get("description") or ""))
        code = places.get(m[1].lower()) if m else None
        old = value[:2]
        if code is None or not re.fullmatch(r"[A-Z]{2}", old) or old == code:
            continue
        moved = code + re.sub(rf"(?<![A-Za-z]){old}(?![A-Za-z])", code, value[2:])  # "US-...-2024US013377" twice
        args[name] = moved if is_valid(schema, moved) else value
    return args


CALL_RULES: tuple[CallRule, ...] = (agreeing_prefixes, nested_ids, allowed_in_range, agreeing_names, summed_shares,
                                     parts_of_total, clock_spans, phones_in_form,
                                    real_area_codes, initialled_ids, term_windows, dated_ids, schedules.installments_within_term,
                                    seasonal_dates, said_windows, repeated_measures, on_said_weekdays, tracking_by_carrier,
                                    sex_of_the_role, sex_fits_name, signed_by_reason, tied_examples, ids_of_their_place, sides_alike, ends_of_the_move)


def agree(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    for rule in CALL_RULES:
        args = rule(tool, args, rng, keep)
    return args
