"""Argument values that always validate against a tool's JSON-Schema parameters.

Value sources, in order of preference: fixed values, pool (persona) values, enum choice,
examples from the schema or its description, the schema default, then type-aware fakes.
Every candidate is checked against the parameter's schema before it is used, so a bad
pool value or a stale example can never produce an invalid call.

Temporal parameters (dates, clock times, meal types, relative-date enums) are recognized by
name / format / description heuristics (`is_temporal`) and can be derived from an event time
(`temporal_value`) so that synthetic histories stay consistent with their timestamps.

Parameters are drawn one by one, so each object is finally passed through
generator.constraints (`repair`): pairs such as origin/destination, depart/return dates,
min_/max_ bounds or a ticket count and its seat list are made consistent, never changing
caller-fixed values. `constraint_problems(tool, args)` (re-exported here) checks any call.
"""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

import jsonschema

from .constraints import Resampler, constraint_problems, repair  # noqa: F401 (re-exported for validators)
from .records import Tool

# A fixed reference instant: outputs must never depend on the wall clock.
REFERENCE_TIME = datetime(2025, 6, 2, 9, 0)

DATE_FMT = "%Y-%m-%d"
TIME_FMT = "%H:%M"
DATETIME_FMT = "%Y-%m-%d %H:%M"

TEMPORAL_KINDS = ("date", "time", "datetime", "meal", "relative_date_enum")

MEAL_VALUES = frozenset({"breakfast", "brunch", "lunch", "afternoon_tea", "dinner", "night_snack", "supper"})
RELATIVE_DATE_VALUES = frozenset({
    "today", "tomorrow", "yesterday", "tonight", "this_week", "this_weekend", "next_week",
    "next_weekend", "this_month", "next_month", "within_one_day", "within_one_week",
    "within_one_month", "within_three_days", "last_week", "last_month", "day_after_tomorrow",
})

# ---------------------------------------------------------------- temporal heuristics

_ALIASES = {"float": "number", "dict": "object", "tuple": "array", "any": "string", "int": "integer",
            "bool": "boolean", "str": "string", "list": "array"}


def schema_type(schema: dict[str, Any]) -> str:
    """The JSON type of a property schema (first non-null type; enum inferred; aliases mapped)."""
    t = schema.get("type")
    if isinstance(t, list):
        t = next((x for x in t if x != "null"), "string")
    if t is None:
        enum = schema.get("enum") or []
        t = _json_type(enum[0]) if enum else "string"
    return _ALIASES.get(t, t)


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return "string"


# JSON Schema `format` values and plain-text format names -> strftime formats.
_JSON_FORMATS = {"date": "%Y-%m-%d", "time": "%H:%M:%S", "date-time": "%Y-%m-%dT%H:%M:%S"}
_TEXT_FORMATS = [("YYYY-MM-DD HH:MM:SS", "%Y-%m-%d %H:%M:%S"), ("YYYY-MM-DD HH:MM", "%Y-%m-%d %H:%M"),
                 ("YYYY-MM-DD", "%Y-%m-%d"), ("MM/DD/YYYY", "%m/%d/%Y"), ("DD/MM/YYYY", "%d/%m/%Y"),
                 ("HH:MM:SS", "%H:%M:%S"), ("HH:MM", "%H:%M")]
_STRFTIME_RE = re.compile(r"%[YymdjbBaAHIMSp](?:[-/:.T ,]*%[YymdjbBaAHIMSp])*")
_KIND_FORMATS = {"date": DATE_FMT, "time": TIME_FMT, "datetime": DATETIME_FMT}


def value_format(schema: dict[str, Any]) -> str | None:
    """The strftime format a string parameter expects, from `format` or its description."""
    fmt = schema.get("format")
    if fmt in _JSON_FORMATS:
        return _JSON_FORMATS[fmt]
    desc = str(schema.get("description", ""))
    m = _STRFTIME_RE.search(desc)
    if m:
        return m.group(0).rstrip(" ,")
    return next((f for text, f in _TEXT_FORMATS if text in desc), None)


def _format_kind(schema: dict[str, Any]) -> str | None:
    fmt = value_format(schema)
    if fmt is None:
        return None
    clock = "%H" in fmt or "%I" in fmt
    day = any(x in fmt for x in ("%d", "%Y", "%y", "%j", "%b", "%B"))
    return "datetime" if clock and day else "time" if clock else "date"


def _format_for(kind: str, schema: dict[str, Any]) -> str:
    return value_format(schema) or _KIND_FORMATS[kind]


def _enum_kind(enum: list[Any]) -> str | None:
    values = {str(v).lower() for v in enum}
    if len(values & MEAL_VALUES) >= 2:
        return "meal"
    if values & RELATIVE_DATE_VALUES:
        return "relative_date_enum"
    return None


def _name_kind(name: str) -> str | None:
    n = name.lower()
    if n in ("datetime", "date_time", "timestamp") or n.endswith(("_datetime", "_at")):
        return "datetime"
    if n == "date" or n.endswith("_date") or n.startswith("date_"):
        return "date"
    if n == "time" or n.endswith("_time"):
        return "time"
    if n in ("meal", "meal_type", "mealtime"):
        return "meal"
    return None


def is_temporal(param_name: str, schema: dict[str, Any]) -> str | None:
    """The temporal kind of a parameter ("date", "time", "datetime", "meal",
    "relative_date_enum"), or None when its value does not follow from the clock."""
    if schema.get("enum"):
        return _enum_kind(list(schema["enum"]))
    if schema_type(schema) != "string":
        return None
    return _format_kind(schema) or _name_kind(param_name)


def meal_for_hour(hour: int) -> str:
    """Meal type by hour, as in TRAILBench's gold answers (breakfast <10, lunch 10-14,
    dinner 15-20, night_snack >=21)."""
    if hour < 10:
        return "breakfast"
    if hour < 15:
        return "lunch"
    if hour < 21:
        return "dinner"
    return "night_snack"


def temporal_value(param_name: str, schema: dict[str, Any], when: datetime,
                   rng: random.Random) -> Any:
    """A value of a temporal parameter consistent with the time `when` of the call,
    or None when the parameter is not temporal or no consistent value fits its schema."""
    kind = is_temporal(param_name, schema)
    if kind is None:
        return None
    value = _TEMPORAL_DERIVERS[kind](schema, when, rng)
    return value if value is not None and is_valid(schema, value) else None


def _derive_meal(schema: dict[str, Any], when: datetime, rng: random.Random) -> Any:
    meal = meal_for_hour(when.hour)
    return meal if meal in (schema.get("enum") or [meal]) else None


def _derive_relative(schema: dict[str, Any], when: datetime, rng: random.Random) -> Any:
    enum = [str(v) for v in schema.get("enum") or []]
    for choice in ("today", "tonight", "within_one_day", "this_week", "within_one_week", "no_limit"):
        if choice in enum:
            return choice
    return None


def _derive_date(schema: dict[str, Any], when: datetime, rng: random.Random) -> Any:
    return (when + timedelta(days=rng.choice([0, 0, 1, 1, 2, 7]))).strftime(_format_for("date", schema))


def _derive_time(schema: dict[str, Any], when: datetime, rng: random.Random) -> Any:
    return _quarter_after(when, rng).strftime(_format_for("time", schema))


def _derive_datetime(schema: dict[str, Any], when: datetime, rng: random.Random) -> Any:
    return _quarter_after(when, rng).strftime(_format_for("datetime", schema))


def _quarter_after(when: datetime, rng: random.Random) -> datetime:
    """A time on the quarter hour, 15 minutes to 3 hours after `when`."""
    base = when.replace(minute=(when.minute // 15) * 15, second=0, microsecond=0)
    return base + timedelta(minutes=15 * rng.randint(1, 12))


_TEMPORAL_DERIVERS: dict[str, Callable[[dict[str, Any], datetime, random.Random], Any]] = {
    "meal": _derive_meal,
    "relative_date_enum": _derive_relative,
    "date": _derive_date,
    "time": _derive_time,
    "datetime": _derive_datetime,
}

# ---------------------------------------------------------------- validation


@lru_cache(maxsize=4096)
def _validator_for(key: str) -> Any:
    schema = json.loads(key)
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    return cls(schema)


def _normalized(schema: dict[str, Any]) -> dict[str, Any]:
    """Map non-JSON type aliases (BFCL's float/dict/...) so jsonschema understands them."""
    out = dict(schema)
    t = out.get("type")
    if isinstance(t, str) and t in _ALIASES:
        out["type"] = _ALIASES[t]
    if t == "any":
        out.pop("type")
    for key in ("items",):
        if isinstance(out.get(key), dict):
            out[key] = _normalized(out[key])
    if isinstance(out.get("properties"), dict):
        out["properties"] = {k: _normalized(v) for k, v in out["properties"].items()}
    return out


def is_valid(schema: dict[str, Any], value: Any) -> bool:
    """True when `value` validates against the property schema `schema`."""
    try:
        key = json.dumps(_normalized(schema), sort_keys=True)
    except (TypeError, ValueError):
        return False
    if isinstance(value, float) and not math.isfinite(value):  # NaN/inf are not JSON
        return False
    return bool(_validator_for(key).is_valid(value))


def argument_problems(tool: Tool, arguments: dict[str, Any]) -> list[str]:
    """Schema problems of a call's arguments (fallback when generator.schema is absent)."""
    schema = _normalized(tool.parameters)
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    errors = sorted(cls(schema).iter_errors(arguments), key=lambda e: list(e.path))
    return [f"{'/'.join(str(p) for p in e.path) or '<root>'}: {e.message}" for e in errors]


# ---------------------------------------------------------------- fake pools (original words)

PLACES = ["Harborview Station", "Maple Court", "Eastgate Plaza", "Willow Park", "Riverside Library",
          "Northfield Campus", "Old Mill Square", "Cedar Heights", "Lakeshore Mall", "Sunhill Hospital",
          "Granite Tower", "Brookside Market"]
CITIES = ["Port Calder", "Westbury", "Lindenfeld", "Marrowby", "Santa Ilora", "Kestrel Bay",
          "Ashford Vale", "Northmere", "Corvale", "Brightwater"]
PRODUCTS = ["wireless earbuds", "running shoes", "espresso beans", "yoga mat", "desk lamp",
            "rain jacket", "phone charger", "water bottle", "notebook", "backpack"]
PERSONS = ["Mara Quill", "Tobias Renn", "Iris Oakley", "Dev Anand Rao", "Lena Voss", "Jonah Pike",
           "Priya Halden", "Sami Okafor"]
DISHES = ["noodle soup", "grilled chicken", "veggie curry", "dumplings", "margherita pizza",
          "poke bowl", "falafel wrap", "pancakes"]
RESTAURANTS = ["The Copper Ladle", "Green Fork Kitchen", "Lantern Noodle Bar", "Saffron Table",
               "Blue Door Diner", "Little Harbor Grill"]
HOTELS = ["Harbor Lights Inn", "The Juniper Hotel", "Quayside Suites", "Alder House"]
ARTISTS = ["The Velvet Orbit", "Nova Reyes", "Paper Lanterns", "Kai Morrow", "Echo Meadow"]
TITLES = ["Midnight Harbor", "The Glass Orchard", "Signal Lost", "Paper Moons", "Northern Drift"]
GENRES = ["jazz", "indie pop", "lo-fi", "classical", "hip hop", "folk"]
PHRASES = ["pick up the dry cleaning", "call the landlord", "running late, be there soon",
           "team sync notes", "water the plants", "see you at the usual place"]
WORDS = ["weekend", "fresh", "classic", "budget", "family", "quick", "local", "evening"]


def _pick(items: list[Any]) -> Callable[[random.Random, str], Any]:
    return lambda rng, name: rng.choice(items)


def _fake_id(rng: random.Random, name: str) -> str:
    prefix = name.split("_")[0][:3].upper() or "ID"
    return f"{prefix}-{rng.randint(10000, 99999)}"


def _fake_email(rng: random.Random, name: str) -> str:
    person = rng.choice(PERSONS).lower().split()
    return f"{person[0]}.{person[-1]}@example.org"


def _fake_phone(rng: random.Random, name: str) -> str:
    return f"+1-555-{rng.randint(100, 999)}-{rng.randint(1000, 9999)}"


def _fake_url(rng: random.Random, name: str) -> str:
    return f"https://example.org/{rng.choice(WORDS)}/{rng.randint(1, 999)}"


# Keyword -> string faker; the first keyword found in the parameter name wins.
STRING_FAKERS: list[tuple[tuple[str, ...], Callable[[random.Random, str], Any]]] = [
    (("_id", "id"), _fake_id),
    (("email",), _fake_email),
    (("phone", "mobile"), _fake_phone),
    (("url", "link"), _fake_url),
    (("coupon", "code", "promo", "voucher"), _pick(["SAVE10", "WELCOME5", "SPRING15", "FREESHIP"])),
    (("city", "country", "region"), _pick(CITIES)),
    (("gym", "studio", "club"), _pick(["Pulse Studio", "Bayside Athletic Club", "Ironleaf Gym"])),
    (("store", "market", "supermarket"), _pick(["Brookside Market", "Corner Grocer", "Fresh Lane"])),
    (("origin", "destination", "location", "address", "place", "start", "end", "from",
      "station", "venue", "pickup", "dropoff", "stop", "waypoint"), _pick(PLACES)),
    (("restaurant", "shop", "cafe"), _pick(RESTAURANTS)),
    (("hotel", "hostel", "lodging"), _pick(HOTELS)),
    (("size",), _pick(["S", "M", "L", "XL", "38", "42"])),
    (("color", "colour"), _pick(["black", "navy", "forest green", "sand", "red"])),
    (("brand", "maker"), _pick(["Northpeak", "Lumo", "Tidewell", "Crestline"])),
    (("language", "lang"), _pick(["English", "Spanish", "French", "German", "Portuguese"])),
    (("amenity",), _pick(["free wifi", "pool", "parking", "gym", "breakfast"])),
    (("snack",), _pick(["popcorn", "nachos", "lemonade", "chocolate"])),
    (("ingredient", "grocery", "groceries"), _pick(["eggs", "spinach", "rice", "chickpeas", "tomatoes"])),
    (("tag", "category"), _pick(["work", "home", "errands", "health", "family"])),
    (("reason", "symptom"), _pick(["annual check-up", "toothache", "back pain", "skin rash"])),
    (("playlist",), _pick(["Morning Run", "Deep Work", "Sunday Chill", "Road Trip"])),
    (("topic", "subject"), _pick(["gardening", "space travel", "local history", "cooking", "startups"])),
    (("request", "instruction"), _pick(["a quiet table", "a high chair", "a birthday candle"])),
    (("product", "goods", "item", "keyword", "query", "search"), _pick(PRODUCTS)),
    (("food", "dish", "cuisine", "meal"), _pick(DISHES)),
    (("artist", "singer", "band", "performer"), _pick(ARTISTS)),
    (("song", "track", "movie", "film", "book", "title", "show", "album", "podcast"), _pick(TITLES)),
    (("genre", "style"), _pick(GENRES)),
    (("recipient", "contact", "person", "name", "guest", "passenger", "to", "sender", "cc",
      "attendee", "invitee"), _pick(PERSONS)),
    (("message", "content", "text", "body", "note", "label", "description", "memo"),
     _pick(PHRASES)),
]


def _name_tokens(name: str) -> set[str]:
    tokens = {t for t in re.split(r"[^a-z0-9]+", name.lower()) if t}
    plural = {t[:-1] for t in tokens if t.endswith("s") and len(t) > 3}
    plural |= {t[:-2] for t in tokens if t.endswith("es") and len(t) > 4}
    return tokens | plural | {t[:-3] + "y" for t in tokens if t.endswith("ies") and len(t) > 4}


# Name keywords too generic to say what kind of thing a value is ("items", "query"): when the
# name only matches these, the parameter description decides ("Dishes to order" -> dishes).
_GENERIC_KEYS = ("product", "goods", "item", "keyword", "query", "search")


def _faker_for(tokens: set[str], name: str, skip_generic: bool = False) -> Callable[[random.Random, str], Any] | None:
    for keys, faker in STRING_FAKERS:
        if skip_generic and set(keys) & set(_GENERIC_KEYS):
            continue
        if any(k in tokens or (k.startswith("_") and name.lower().endswith(k)) for k in keys):
            return faker
    return None


def _fake_string(name: str, rng: random.Random, description: str = "") -> str:
    faker = _faker_for(_name_tokens(name), name)
    generic = faker is None or faker is _faker_for(set(_GENERIC_KEYS), "")
    if generic and description:
        words = {t for t in _name_tokens(description) if len(t) >= 4}  # not "to", "for", "cc"
        faker = _faker_for(words, "", skip_generic=True) or faker
    return faker(rng, name) if faker else rng.choice(WORDS)


# ---------------------------------------------------------------- number ranges by name

_NUMBER_HINTS: list[tuple[tuple[str, ...], tuple[float, float]]] = [
    (("people", "party", "guest", "person", "passenger", "adult", "quantity", "count", "num", "seat",
      "ticket", "room", "spot"), (1, 4)),
    (("child", "kid", "bag"), (0, 2)),
    (("night", "day"), (1, 7)),
    (("hour",), (1, 4)),
    (("star", "rating", "level"), (3, 5)),
    (("duration", "minute"), (10, 90)),
    (("calorie",), (150, 900)),
    (("volume",), (20, 80)),
    (("speed",), (1, 2)),
    (("price", "budget", "amount", "cost", "fee", "fare"), (10, 300)),
    (("tip",), (1, 10)),
    (("year",), (2018, 2025)),
    (("limit", "top", "size", "result"), (3, 20)),
    (("percent", "discount"), (5, 50)),
    (("distance", "km", "radius"), (1, 20)),
]


def _range_for(name: str, schema: dict[str, Any]) -> tuple[float, float]:
    tokens = _name_tokens(name)
    lo, hi = next((r for keys, r in _NUMBER_HINTS if any(k in tokens for k in keys)), (1, 10))
    lo = max(lo, schema.get("minimum", lo), schema.get("exclusiveMinimum", lo - 1) + 1)
    hi = min(hi, schema.get("maximum", hi), schema.get("exclusiveMaximum", hi + 1) - 1)
    if lo > hi:  # the name hint and the schema bounds disagree: the schema wins
        lo = schema.get("minimum", schema.get("exclusiveMinimum", hi - 1) + 1)
        hi = schema.get("maximum", schema.get("exclusiveMaximum", lo + 10) - 1)
    return lo, max(lo, hi)


def _fake_integer(name: str, schema: dict[str, Any], rng: random.Random, ref: datetime) -> int:
    lo, hi = _range_for(name, schema)
    return rng.randint(int(-(-lo // 1)), max(int(-(-lo // 1)), int(hi // 1)))


def _fake_number(name: str, schema: dict[str, Any], rng: random.Random, ref: datetime) -> float:
    lo, hi = _range_for(name, schema)
    # Prices look like prices: whole or half units, never 17.382716.
    value = round(rng.uniform(lo, hi) * 2) / 2 if hi - lo >= 1 else round(rng.uniform(lo, hi), 2)
    return float(min(max(value, lo), hi))


# ---------------------------------------------------------------- per-type generation

def _fake_temporal_string(name: str, schema: dict[str, Any], rng: random.Random,
                          ref: datetime) -> Any:
    kind = _format_kind(schema) or _name_kind(name)
    if kind in ("date", "time", "datetime"):
        return _TEMPORAL_DERIVERS[kind](schema, ref, rng)
    return None


def _fake_str(name: str, schema: dict[str, Any], rng: random.Random, ref: datetime) -> str:
    value = _fake_temporal_string(name, schema, rng, ref)
    if value is None:
        value = _fake_string(name, rng, str(schema.get("description") or ""))
    lo, hi = schema.get("minLength", 0), schema.get("maxLength")
    value = value[:hi] if hi is not None else value
    return value + "x" * max(0, lo - len(value))


def _fake_bool(name: str, schema: dict[str, Any], rng: random.Random, ref: datetime) -> bool:
    return rng.random() < 0.5


def _fake_array(name: str, schema: dict[str, Any], rng: random.Random, ref: datetime) -> list[Any]:
    items = schema.get("items") if isinstance(schema.get("items"), dict) else {"type": "string"}
    if "description" not in items and schema.get("description"):  # "Dishes to order" says what an item is
        items = {**items, "description": schema["description"]}
    lo = schema.get("minItems", 1)
    hi = max(lo, min(schema.get("maxItems", 3), lo + 2))
    n = rng.randint(lo, hi)
    out: list[Any] = []
    for _ in range(n * 4):  # a few extra draws so uniqueness can usually be met
        if len(out) >= n:
            break
        value = value_for(items, rng, name=_singular(name), ref=ref)
        if value not in out:
            out.append(value)
    return out


def _singular(name: str) -> str:
    if name.endswith("ies"):
        return name[:-3] + "y"
    return name[:-1] if name.endswith("s") and not name.endswith("ss") else name


def _fake_object(name: str, schema: dict[str, Any], rng: random.Random, ref: datetime) -> dict:
    return _fill_object(schema, rng, optional_rate=0.5, fixed={}, pool={}, ref=ref)


_TYPE_FAKERS: dict[str, Callable[[str, dict[str, Any], random.Random, datetime], Any]] = {
    "string": _fake_str,
    "integer": _fake_integer,
    "number": _fake_number,
    "boolean": _fake_bool,
    "array": _fake_array,
    "object": _fake_object,
    "null": lambda name, schema, rng, ref: None,
}

# ---------------------------------------------------------------- sources in order

_EXAMPLE_RE = re.compile(r"""(?:e\.g\.|for example|such as|like)[,:]?\s*((?:['"][^'"]+['"][,\s]*(?:or\s+)?)+)""",
                         re.IGNORECASE)
_QUOTED_RE = re.compile(r"""['"]([^'"]+)['"]""")


def examples_of(schema: dict[str, Any]) -> list[Any]:
    """Example values from the schema's `examples` or quoted examples in its description."""
    out = list(schema.get("examples") or [])
    for match in _EXAMPLE_RE.finditer(str(schema.get("description", ""))):
        out.extend(_QUOTED_RE.findall(match.group(1)))
    return out


def _candidates(name: str, schema: dict[str, Any], rng: random.Random,
                pool: dict[str, list[Any]] | None) -> list[list[Any]]:
    """Candidate lists in order of preference; the first list with a valid member wins."""
    return [
        list((pool or {}).get(name) or []),
        list(schema.get("enum") or []),
        examples_of(schema),
        [schema["default"]] if "default" in schema else [],
    ]


def value_for(schema: dict[str, Any], rng: random.Random, *, name: str = "",
              ref: datetime | None = None, pool: dict[str, list[Any]] | None = None) -> Any:
    """One valid value for a property schema: pool, enum, examples, default, then a fake."""
    ref = ref or REFERENCE_TIME
    for options in _candidates(name, schema, rng, pool):
        valid = [v for v in options if is_valid(schema, v)]
        if valid:
            return rng.choice(valid)
    for _ in range(5):
        value = _TYPE_FAKERS.get(schema_type(schema), _fake_str)(name, schema, rng, ref)
        if is_valid(schema, value):
            return value
    raise ValueError(f"cannot produce a valid value for parameter '{name}' with schema {schema}")


def _fill_object(schema: dict[str, Any], rng: random.Random, *, optional_rate: float,
                 fixed: dict[str, Any], pool: dict[str, list[Any]], ref: datetime) -> dict[str, Any]:
    props: dict[str, dict[str, Any]] = schema.get("properties") or {}
    unknown = sorted(set(fixed) - set(props))
    if unknown:
        raise ValueError(f"fixed values for unknown parameters: {', '.join(unknown)}")
    required = set(schema.get("required") or [])
    out: dict[str, Any] = {}
    for name, prop in props.items():
        if name in fixed:
            out[name] = fixed[name]
        elif name in required or rng.random() < optional_rate:
            out[name] = value_for(prop, rng, name=name, ref=ref, pool=pool)
    return repair(props, out, rng, keep=set(fixed), resample=_resampler(props, ref, pool))


def _resampler(props: dict[str, dict[str, Any]], ref: datetime,
               pool: dict[str, list[Any]]) -> Resampler:
    """Fresh draws for constraint repairs, with the same sources as the first draw."""
    def draw(name: str, rng: random.Random, use_pool: bool) -> Any:
        base = name.removesuffix("[]")
        schema = props.get(base) or {}
        if name.endswith("[]"):
            items = schema.get("items") if isinstance(schema.get("items"), dict) else {"type": "string"}
            return value_for(items, rng, name=_singular(base), ref=ref)
        return value_for(schema, rng, name=name, ref=ref, pool=pool if use_pool else None)
    return draw


def repair_arguments(tool: Tool, args: dict[str, Any], rng: random.Random, *,
                     keep: set[str] | frozenset[str] = frozenset(), ref: datetime | None = None,
                     pool: dict[str, list[Any]] | None = None) -> dict[str, Any]:
    """`args` with contradicting parameter pairs (generator.constraints) made consistent,
    never changing the `keep` parameters; for callers that edit arguments after sampling."""
    props = tool.properties
    return repair(props, args, rng, keep=keep, resample=_resampler(props, ref or REFERENCE_TIME, pool or {}))


def sample_arguments(tool: Tool, rng: random.Random, *, optional_rate: float = 0.5,
                     fixed: dict[str, Any] | None = None, pool: dict[str, list[Any]] | None = None,
                     ref: datetime | None = None) -> dict[str, Any]:
    """Arguments for `tool` that validate against its parameters.

    Required parameters are always filled, optional ones with probability `optional_rate`.
    `fixed` values are used as given (the caller vouches for them); `pool` maps a parameter
    name to preferred values (e.g. a persona's places), used only when valid.
    `ref` is the reference time for dates and clock times (default REFERENCE_TIME).
    Cross-parameter constraints (generator.constraints) hold unless both sides are fixed.
    """
    return _fill_object(tool.parameters, rng, optional_rate=optional_rate, fixed=dict(fixed or {}),
                        pool=pool or {}, ref=ref or REFERENCE_TIME)
