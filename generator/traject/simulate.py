"""Simulated tool outputs and final answers, deterministic from the item's seed.

An output is a Python-repr string like TRAJECT-Bench's `executed_output` (upstream stores
`str(response.json())`). Its fields are the ones the tool's output description lists
(`graph.output_fields`); a lookup whose description names a collection ("restaurants with
restaurant_id, name, rating ...") returns 2-4 rows under that name, an action one object.
Each field is faked by its name and the tool's subject (`FIELD_FAKERS`): ids in the catalog's
prefix style (RES-12345), ratings 3.0-5.0, prices as numbers, clock times HH:MM, estimates
"25-35 min", restaurant/hotel/movie names from the same pools as argument values.
A value a later step reads (`carries`) is written into one of the rows under the producer's
own field (`graph.source_field`), so every bound value is one of the producer's results.
"""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from pydantic import Field

from ..core import allowed, id_parts, semantic
from ..core.lore import drawing_parameters, entity_keys, id_format, id_formats, id_like, leaf_name, leaves
from ..core.vagueness import normalize
from ..core.value_sense import under_given
from ..core.values import REFERENCE_TIME, examples_of, schema_type, value_for
from ..phrasebook.lexicon import known as known_word
from ..records import Record, Target, Tool
from .agree import day_of, honor_dates, price, prose, stated_amounts
from .bind import carries
from .calls import maybe_value
from .cohere import agree
from .fresh import creates, fresh_id, made_at, names_record
from .graph import (
    collection,
    described,
    echo_arg,
    is_id_param,
    listed_values,
    output_fields,
    param_words,
    record_returned,
    subject,
)
from .reading import holds, parse_output, results
from .shapes import GETTER_VERBS, action_status, inferred_fields, moves, verb_of
from .timeline import settle, spans

Faker = Callable[[random.Random, list[str], str], Any]  # (rng, field words, tool subject)

POOLS: dict[str, list[str]] = {
    "type": ["hotel", "apartment", "guesthouse"],
    "repetition": ["once", "daily", "weekdays"],
    "ingredient": semantic.INGREDIENTS,
    "size": semantic.SIZES,
    "step": ["head north for 300 m", "turn right at the second light", "continue 2 km straight on",
             "keep left at the fork"],
    "tracking": ["label created", "picked up by carrier", "in transit", "out for delivery"],
    "condition": ["sunny", "partly cloudy", "overcast", "light rain", "showers", "clear", "windy", "fog"],
    "stream": ["subscription", "rent", "buy"],
    "headline": ["City council approves new bike lanes", "Local startup raises seed round",
                 "Storm expected to clear by the weekend", "Museum reopens after renovation",
                 "Rail strike called off after late-night talks", "Heatwave warning issued for the region"],
    "event": ["Team sync", "Dentist", "Book club", "Quarterly review", "Yoga class", "Parent meeting"],
}
STATUS = {
    "order": ["in transit", "out for delivery", "delivered"],
    "transfer": ["completed", "pending"],
    "payment": ["completed", "pending"],
    "send": ["sent", "delivered"],
    "device": ["online", "offline", "on", "off"],
}
_ROWS = (2, 4)
SEARCH_TERMS = ("query", "keyword", "search", "q")


def _date(rng: random.Random) -> str:
    return (REFERENCE_TIME + timedelta(days=rng.randint(1, 21))).strftime("%Y-%m-%d")


def _clock(rng: random.Random) -> str:
    return f"{rng.randint(7, 21):02d}:{rng.choice(['00', '15', '30', '45'])}"


def _code(rng: random.Random, n: int = 6) -> str:
    return "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(n))


def _plural(w: list[str]) -> bool:
    return w[-1].endswith("s") and w[-1] not in ("status", "times")


def fake_id(rng: random.Random, w: list[str], sub: str) -> str:
    """Same style as argument ids (`values._fake_id`): RES-80017 for a restaurant_id."""
    head = w[0] if len(w) > 1 else (sub.split() or ["id"])[0]
    return f"{head[:3].upper()}-{rng.randint(10000, 99999)}"


def fake_money(rng: random.Random, w: list[str], sub: str) -> float:
    lo, hi = (0.99, 5.99) if SMALL_FEES & set(w) else (8, 180)
    if sub in ("flight", "train", "ticket") or "nightly" in w:
        lo, hi = 45, 420
    if sub in ("hotel", "reservation") and "nightly" not in w:
        lo, hi = 180, 1200
    if "balance" in w or "amount" in w:
        lo, hi = 20, 2400
    return round(rng.uniform(lo, hi), 2)


def fake_price_range(rng: random.Random, w: list[str], sub: str) -> str:
    lo = rng.randint(2, 9) * 5
    return f"{lo}-{lo + rng.randint(2, 12) * 5}"


def fake_times(rng: random.Random, w: list[str], sub: str) -> Any:
    if {"sunrise", "dawn"} & set(w):
        return f"0{rng.randint(5, 7)}:{rng.choice(['05', '20', '35', '50'])}"
    if {"sunset", "dusk", "golden"} & set(w):
        return f"{rng.randint(17, 20)}:{rng.choice(['05', '20', '35', '50'])}"
    if "slot" in w or "schedule" in w or "next" in w:
        return f"{_date(rng)} {_clock(rng)}"
    if w[-1] == "times" and not {"departure", "arrival"} & set(w):
        return sorted({_clock(rng) for _ in range(2)})  # (departure, arrival)
    if _plural(w) and w[-1] != "times":
        return sorted({_clock(rng) for _ in range(3)})
    return _clock(rng)


def fake_minutes(rng: random.Random, w: list[str], sub: str) -> str:
    if "estimate" in w and sub == "product":
        low = rng.randint(1, 4)
        return f"{low}-{low + rng.randint(1, 3)} days"
    if "estimate" in w:
        low = rng.choice([15, 20, 25, 30, 35, 40])
        return f"{low}-{low + 10} min"
    return f"{rng.randint(5, 95)} min"


def fake_status(rng: random.Random, w: list[str], sub: str) -> str:
    if sub.startswith("status:"):  # an action's own outcome ("confirmed", "updated", "sent")
        return sub.split(":", 1)[1]
    if "read" in w:
        return rng.choice(["delivered", "read"])
    if "delivery" in w or "send" in w:
        return rng.choice(STATUS["send"])
    return rng.choice(STATUS.get(sub.split()[-1] if sub else "", ["active"]))


def fake_count(rng: random.Random, w: list[str], sub: str) -> int:
    hi = {"calories": 800, "availability": 40, "table": 40, "queue": 25, "capacity": 200}
    return rng.randint(1, next((v for k, v in hi.items() if k in w), 12))


# Field words of a person's role: the field holds a person's name.
PEOPLE = frozenset({"driver", "instructor", "director", "manager", "owner", "captain", "producer", "supervisor",
                    "technician", "inspector", "officer", "assignee", "author", "pilot", "coordinator", "foreman",
                    "dispatcher", "surveyor", "engineer"})
# Fee words of a small charge (a delivery fee); other fees and rates are ordinary prices.
SMALL_FEES = frozenset({"service", "delivery", "booking", "transaction", "convenience", "processing", "hourly"})
NAME_KINDS = {"restaurant": "restaurant", "hotel": "hotel", "product": "product", "recipe": "food",
              "dish": "food", "user": "person", "contact": "person", "member": "person", "artist": "artist",
              "company": "company", "city": "city", "room": "room", "movie": "title_work", "song": "title_work",
              "book": "title_work", "album": "title_work", "playlist": "title_work", "event": "title"}


def fake_name(rng: random.Random, w: list[str], sub: str) -> Any:
    """A name fitting the tool's subject (a restaurant's name for a restaurant search)."""
    if sub == "doctor":
        return "Dr. " + semantic.faker(rng).last_name()
    kind = NAME_KINDS.get(sub.split()[-1] if sub else "", "")
    if not kind and sub:
        return UNKNOWN  # a track or a waybill has no name trajgen could know ("Owens Track")
    return semantic.string_value(kind or "title", rng, "name", {})


def fake_address(rng: random.Random, w: list[str], sub: str) -> str:
    return semantic.string_value("address", rng, "address", {})


def fake_seats(rng: random.Random, w: list[str], sub: str) -> list[str]:
    row, n = rng.randint(3, 28), rng.randint(1, 2)
    return [f"{row}{'ABCDEF'[i]}" for i in range(n)]


def fake_codes(rng: random.Random, w: list[str], sub: str) -> Any:
    return [_code(rng, 10) for _ in range(rng.randint(1, 2))] if _plural(w) else _code(rng)


# Words of a tool or field about the weather or a stay: only there is a condition the sky's and a
# type a kind of lodging (set 39: a bridge's NBI condition 'partly cloudy', its span type 'hotel').
_WEATHER = frozenset({"weather", "forecast", "sky", "outlook", "climate", "conditions"})
_LODGING = frozenset({"hotel", "stay", "lodging", "accommodation", "room", "rental", "property", "listing"})


def fake_condition(rng: random.Random, w: list[str], sub: str) -> Any:
    """The sky's condition for the weather, else a thing's state on the everyday scale."""
    if _WEATHER & (set(w) | set(sub.split())) or not sub:
        return rng.choice(POOLS["condition"])
    return rng.choice(["good", "fair", "poor"])


def fake_type(rng: random.Random, w: list[str], sub: str) -> Any:
    """A kind of lodging for a stay; nothing known of another thing's type (left out)."""
    return rng.choice(POOLS["type"]) if _LODGING & (set(w) | set(sub.split())) else UNKNOWN


def pool(name: str, k: int = 1) -> Faker:
    def fake(rng: random.Random, w: list[str], sub: str) -> Any:
        return rng.choice(POOLS[name]) if k == 1 else rng.sample(POOLS[name], k)

    return fake


def const(fn: Callable[[random.Random], Any]) -> Faker:
    return lambda rng, w, sub: fn(rng)


# Field-name words -> faker; the first entry with a word in the field's words wins.
FIELD_FAKERS: list[tuple[frozenset[str], Faker]] = [
    (frozenset({"id"}), fake_id),
    (frozenset({"flight"}), const(lambda r: f"{_code(r, 2)}{r.randint(100, 9999)}")),
    (frozenset({"rating"}), const(lambda r: round(r.uniform(3.0, 5.0), 1))),
    (frozenset({"stars"}), const(lambda r: r.randint(2, 5))),
    (frozenset({"year"}), const(lambda r: r.randint(1998, 2025))),
    (frozenset({"range"}), fake_price_range),
    (frozenset({"estimate", "duration", "cooking", "detention", "waiting", "elapsed", "idle", "billable"}),
     fake_minutes),  # a billable detention time is minutes, never the clock time '14:30' (set 38)
    (frozenset({"price", "fare", "total", "fee", "amount", "balance", "cost", "paid", "budget", "salary", "wage"}),
     fake_money),
    (frozenset({"reference", "codes", "barcodes", "code"}), fake_codes),
    (frozenset({"plate"}), const(lambda r: f"{_code(r, 2)}-{r.randint(1000, 9999)}")),
    (frozenset({"distance"}), const(lambda r: f"{r.uniform(0.5, 25):.1f} km")),
    (frozenset({"date", "deadline"}), const(_date)),
    (frozenset({"time", "times", "departure", "arrival", "start", "slot", "slots", "schedule", "sunrise", "sunset",
                "dawn", "dusk", "hour"}), fake_times),
    (frozenset({"temperature"}), const(lambda r: r.randint(4, 31))),
    (frozenset({"speed"}), const(lambda r: f"{r.randint(3, 40)} km/h")),
    (frozenset({"chance", "cover", "probability"}), const(lambda r: f"{r.randint(0, 9) * 10}%")),
    (frozenset({"wind"}), const(lambda r: f"{r.randint(3, 40)} km/h")),
    (frozenset({"status"}), fake_status),
    (frozenset({"availability", "spaces", "spots"}), fake_count),
    (frozenset({"seats", "seat"}), fake_seats),
    (frozenset({"coach"}), const(lambda r: f"Coach {r.randint(1, 12)}")),
    (frozenset({"count", "length", "spaces", "spots", "availability", "number", "burned", "capacity", "rank"}),
     fake_count),
    (frozenset({"address"}), fake_address),
    (PEOPLE, const(lambda r: semantic.string_value("person", r, "driver", {}))),
    (frozenset({"sender"}), const(lambda r: semantic.string_value("email", r, "sender", {}))),
    (frozenset({"artist"}), const(lambda r: semantic.string_value("artist", r, "artist", {}))),
    (frozenset({"name", "title"}), fake_name),
    (frozenset({"highlights"}), const(lambda r: r.sample(semantic.DISHES, 2))),
    (frozenset({"condition", "conditions", "weather"}), fake_condition),
    (frozenset({"type"}), fake_type),
    (frozenset({"humidity"}), const(lambda r: r.randint(25, 90))),
    (frozenset({"kwh"}), const(lambda r: round(r.uniform(2, 40), 1))),
    (frozenset({"result"}), const(lambda r: round(r.uniform(1, 500), 2))),
    (frozenset({"change"}), const(lambda r: round(r.uniform(-4, 4), 2))),
    (frozenset({"rate"}), lambda r, w, sub: fake_money(r, ["nightly"], sub) if {"day", "daily", "hourly", "nightly"} & set(w)
     else round(r.uniform(0.5, 1.6), 4)),
    (frozenset({"ingredient"}), pool("ingredient", 3)),
    (frozenset({"sizes"}), pool("size", 2)),
    (frozenset({"stream"}), pool("stream", 2)),
    (frozenset({"steps", "step"}), pool("step", 2)),
    (frozenset({"tracking"}), pool("tracking", 2)),
    (frozenset({"weekly"}), const(lambda r: f"{r.randint(2, 5)} workouts, {r.randint(40, 300)} min")),
    (frozenset({"source", "publisher", "seller", "merchant", "carrier", "airline", "brand"}),
     const(lambda r: semantic.string_value("company", r, "company", {}))),
    (frozenset({"clinic", "cinema", "venue", "gym"}), lambda r, w, sub: f"{semantic.faker(r).last_name()} "
                                                                       f"{w[-1].title()}"),
    (frozenset({"currency"}), const(lambda r: semantic.string_value("currency", r, "currency", {}))),
    *[(frozenset({k}), pool(k)) for k in sorted(POOLS) if k not in ("size", "step", "condition", "event", "type")],
]


def fake_field(name: str, rng: random.Random, sub: str = "", vocab: Vocab | None = None) -> Any:
    """A plausible value for an output field: drawn from the catalog's own schema of a parameter
    of that name when it says what values look like (an id pattern, an enum, a format, bounds;
    `vocabulary`), else chosen by the field's name and the tool's subject."""
    single = name[:-1] if name.endswith("_ids") or name.endswith("s") and name[:-1] in (vocab or {}) else ""
    if single in (vocab or {}):  # `job_ids`: a list of the catalog's job ids, never one bare number (set 26);
        # `diagnosis_codes`: the catalog's diagnosis codes, never "5V39ZXJGBP" (set 30)
        listed = [maybe_value((vocab or {})[single], rng, single) for _ in range(rng.randint(1, 3))]
        return [v for v in listed if v is not None] or UNKNOWN
    param = matching_param(name, vocab or {})
    value = _said_text((vocab or {})[param], rng) if param else None
    value = maybe_value((vocab or {})[param], rng, param) if param and value is None else value
    if value is not None:
        return value
    w = param_words(name).split() or ["value"]
    if {"total", "number", "count", "num"} & set(w) and any(_plural(w[i:]) for i in range(len(w))):
        return fake_count(rng, w, sub)  # totalListings, number_of_results: a count
    shaped = _by_form(w, rng)
    if shaped is not None:
        return shaped
    if w[-2:] == ["to", "date"] or w[-1] == "flags":  # a year_to_date total of what no word says, the flags of
        return UNKNOWN  # readings (set 40: a total '2025-05-20', flags 'Maldives'): left out
    if w[-1] in ("date", "deadline") and len(w) > 1:  # a rating_date is a date, never the rating 3.9 (set 39)
        return _date(rng)
    for keys, faker in FIELD_FAKERS:
        if keys & set(w):
            return faker(rng, w, sub)
    kind = semantic.infer(name, {"type": "number"})
    if kind in semantic.TYPICAL and kind != "generic" or set(w) & NUMERIC_WORDS:
        return value_for({"type": "number"}, rng, name=name)
    if semantic.infer(name, {"type": "string"}) in OWN_KINDS:
        return value_for({"type": "string"}, rng, name=name)
    return UNKNOWN  # nothing says what it holds: left out, never "position 2" or a stranger's name


# A field named with a unit holds a number in that unit's everyday range ("pressure_psi",
# "distance_m", "lead_ppb"); (low, high, decimals).
UNIT_RANGES: dict[str, tuple[float, float, int]] = {
    "psi": (30, 95, 1), "kpa": (200, 650, 0), "bar": (2, 6.5, 2), "gpm": (250, 1500, 0), "lps": (1, 60, 1),
    "ntu": (0.05, 1.0, 2), "ppb": (0, 15, 1), "ppm": (0, 4, 2), "mg": (0.1, 2.0, 2), "kg": (1, 80, 1),
    "km": (0.5, 25, 1), "m": (5, 900, 0), "mm": (1, 300, 0), "cm": (1, 200, 0), "in": (2, 36, 0), "ft": (3, 900, 0),
    "mi": (0.3, 15, 1), "kwh": (2, 40, 1), "kw": (0.5, 12, 1), "pct": (0, 100, 0), "percent": (0, 100, 0),
    "usd": (8, 1200, 2), "eur": (8, 1200, 2), "c": (-5, 35, 1), "f": (25, 95, 0), "hz": (50, 60, 0),
    "db": (30, 95, 0), "ms": (5, 900, 0), "sec": (1, 300, 0), "min": (1, 120, 0), "hrs": (1, 12, 1),
}
# Field words of a yes/no fact ("coliform_present", "estimated", "is_open").
FLAG_WORDS = frozenset({"present", "estimated", "available", "active", "enabled", "verified", "open", "is", "has"})
# Last words of a moment ("recorded_at", "closed_at", "last_inspected", "scheduled_for").
MOMENT_LAST = frozenset({"at", "on", "inspected", "sampled", "updated", "created", "modified", "checked",
                         "tested", "read", "scheduled", "for"})


def _by_form(w: list[str], rng: random.Random) -> Any:
    """A value the field's form alone decides: a number in its unit, a flag, a moment; None
    when its form says nothing."""
    last = w[-1]
    if last in UNIT_RANGES and len(w) > 1:
        lo, hi, decimals = UNIT_RANGES[last]
        value = round(rng.uniform(lo, hi), decimals)
        return int(value) if decimals == 0 else value
    if w[0] in ("is", "has") or (len(w) > 1 and last in FLAG_WORDS) or w == ["estimated"]:
        return rng.random() < 0.3
    if len(w) > 1 and last in MOMENT_LAST:
        return f"{_date(rng)} {_clock(rng)}"
    return None


Vocab = dict[str, dict[str, Any]]
_TELLING = ("enum", "pattern", "format", "minimum", "maximum", "examples")


def vocabulary(tools: list[Tool]) -> Vocab:
    """Parameter name -> its schema as values are drawn (with the catalog's id formats and the
    value profile merged in), over `tools` (a domain), for every string or number parameter at
    any depth (a list by its items): an output field naming one holds a value of that parameter,
    so the car a search lists is a car the booking tool accepts and a track is a track."""
    out: Vocab = {}
    for t in tools:
        for path, leaf in leaves(drawing_parameters(t)):
            items = leaf.get("items") if schema_type(leaf) == "array" else None
            spec = items if isinstance(items, dict) else leaf
            name = leaf_name(path)
            if name not in out and isinstance(spec, dict) and schema_type(spec) in ("string", "integer", "number"):
                out[name] = spec
    formats = id_formats(tools)
    for f in [f for f, spec in out.items() if is_id_param(f) and not any(k in spec for k in _TELLING)]:
        out[f] = id_format(formats, f) or out[f]  # an untold id looks like the catalog's ids of it
    for f in {f for t in tools for f in output_fields(t) if is_id_param(f) and f not in out}:
        found = id_format(formats, f)  # an id only outputs list (a talk_id "e.g. TLK-0042")
        out.update({f: found} if found else {})
    return out


# Last words too broad to say which thing a field holds ("vessel_name" is no crew member's name).
BROAD_HEADS = frozenset({"name", "id", "ids", "type", "status", "date", "time", "number", "count", "code", "notes",
                         "note", "description", "value", "amount", "total", "reason", "at", "by", "level", "mode"})


def matching_param(field_name: str, vocab: Vocab) -> str:
    """The catalog parameter an output field names ("" when none): the same name, an id of the
    same entity (`car_id` ~ `car_ids`), else the same thing by the last word (`current_track`
    ~ `from_track`), the parameter of fewest words first."""
    w = param_words(field_name).split()
    if field_name in vocab and (len(w) > 1 or w[-1:] != ["name"]):
        return field_name  # a bare "name" is a shipper's in one tool and a track's in another
    keys = entity_keys(field_name)[:1] if is_id_param(field_name) else ()
    same = sorted((p for p in vocab if keys and entity_keys(p)[:1] == keys), key=len)
    if same:
        return same[0]
    if is_id_param(field_name) or not w:
        return ""
    if w[-1] in BROAD_HEADS:
        return _worded(w, vocab)
    said = " ".join(w)  # "size_class" is the vessel class "Size class by deadweight", never the ice class (set 42)
    heads = sorted((p for p in vocab if param_words(p).split()[-1:] == w[-1:] and  # a unit is no head: a
                    not (len(w) > 1 and w[-1] in _TRAILING_UNITS | {"mt", "usd"})),  # price "in usd mt" no quantity_mt
                   key=lambda p: (said not in str(vocab[p].get("description") or "").lower(), len(p), p))
    cored = sorted((p for p in vocab if _core(p)[-1:] == w[-1:] and set(_core(p)) <= set(w)), key=lambda p: (len(p), p))
    described = sorted((p for p in vocab if len(w) > 1 and str(vocab[p].get("description") or "").lower().startswith(said)),
                       key=lambda p: (len(p), p))  # "demurrage_rate": the "Demurrage rate in USD per day", never 1.3976
    return heads[0] if heads else cored[0] if cored else described[0] if described else _worded(w, vocab)


def _a_bound(param: str, spec: dict[str, Any]) -> bool:
    """A parameter that bounds what a search finds (`max_minutes`, "Maximum cooking time"): never a
    found thing's own field."""
    said = str(spec.get("description") or "").lower()
    return bool(set(param_words(param).split()) & {"min", "max", "from", "to", "before", "after", "under", "over", "limit"}) \
        or said.startswith(("max", "min", "up to", "at most", "at least", "only", "earliest", "latest"))


def _worded(w: list[str], vocab: Vocab) -> str:
    """The one parameter whose description's first sentence holds every word of a field of two or more
    ("expected_alongside_time": "Expected time the barge is all fast alongside"; set 43: a nomination at
    13:45 returned alongside at 14:45); "" when none or several."""
    worded = [p for p in vocab if len(w) > 1 and set(w) <= _first_sentence_words(str(vocab[p].get("description") or ""))
              and not _a_bound(p, vocab[p])]
    return worded[0] if len(worded) == 1 else ""


@lru_cache(maxsize=8192)
def _first_sentence_words(description: str) -> frozenset[str]:
    """The words of a description's first sentence, read once per description (every field of every
    simulated output asks)."""
    return frozenset(re.findall(r"[a-z]+", description.lower().split(". ")[0]))


# Words a parameter's name adds to the thing it holds: a unit after it, a bound before it (the
# unit tokens of a name, as phrasebook.terms reads units; here only to strip them)
# (`min_bop_rating_psi` holds a BOP rating: the `bop_stack_rating` of a rig it found; set 22: 4.1).
_TRAILING_UNITS = frozenset({"psi", "ft", "md", "tvd", "mm", "cm", "m", "km", "in", "kg", "lb", "lbs", "klbs", "bbl", "gal",
                         "usd", "pct", "mph", "kph", "ppg", "hr", "hrs", "min", "mins", "sec", "c", "f"})


def _core(param: str) -> list[str]:
    words = param_words(param).split()
    while len(words) > 1 and words[-1] in _TRAILING_UNITS:
        words = words[:-1]
    while len(words) > 1 and words[0] in ("min", "max", "minimum", "maximum"):
        words = words[1:]
    return words


# Field words of a quantity: the field holds a number even when its kind is not known.
NUMERIC_WORDS = frozenset({"count", "total", "score", "index", "level", "percent", "percentage", "capacity", "value",
                           "height", "pressure", "volume", "quantity", "size", "rank", "strokes", "depth",
                           "gpm", "psi", "aqi", "uv", "visibility", "minutes", "hours", "seconds", "km", "miles"})
# Semantic kinds whose values fit any tool's output under that field name (a url, a city, an
# e-mail address); the free-text kinds (a message, a summary) would come from another world.
OWN_KINDS = frozenset({"url", "email", "city", "country", "country_code", "place", "address", "date", "time",
                       "datetime", "phone", "currency", "language", "person", "company", "latitude", "longitude",
                       "title_work", "artist", "zip", "postal_code", "ticker", "code"})


UNKNOWN = object()  # fake_field's "nothing says what this field holds"


def _said_text(spec: dict[str, Any], rng: random.Random) -> str | None:
    """One of the texts the catalog shows for a free-text parameter ("USP name, e.g. 'Ora-Plus'"):
    an output names things of the catalog's world, never a draw from another (chickpeas for a
    pharmacy's ingredient); None when the catalog shows no such text."""
    if schema_type(spec) != "string" or any(k in spec for k in ("enum", "pattern", "format")):
        return None
    said = [e for e in examples_of(spec) if isinstance(e, str) and not id_like(e) and re.search(r"[A-Za-z]{3}", e)]
    return rng.choice(said) if said else None


def _row(fields: list[str], sub: str, rng: random.Random, vocab: Vocab | None = None) -> dict[str, Any]:
    drawn = {f: fake_field(f, rng, sub, vocab) for f in fields}
    return {f: v for f, v in drawn.items() if v is not UNKNOWN}


def _distinct(rows: list[dict[str, Any]], sub: str, rng: random.Random, vocab: Vocab | None = None) -> None:
    """Results of one lookup do not repeat a name, a title or an id (the pools are small)."""
    keys = [f for f in (rows[0] if rows else {}) if f in ("name", "title") or is_id_param(f)]
    for f in keys:
        seen: set[str] = set()
        for row in rows:
            for _ in range(8):
                if repr(row[f]) not in seen:
                    break
                row[f] = _redrawn(row[f], f, rng, sub, vocab)
            seen.add(repr(row[f]))


def _other_named(f: str, rng: random.Random, sub: str, vocab: Vocab | None) -> Any:
    """A value of field `f` for a result other than the one named: a generic draw, else the field's
    own kind (`fake_field`); UNKNOWN when nothing is known of it (a "stand" an action echoes
    back): that result then goes without the field, and the named one stays the only holder."""
    try:
        return semantic.string_value("generic", rng, f"{sub}_{f}", {})
    except semantic.NoValue:
        return fake_field(f, rng, sub, vocab)


def _redrawn(old: Any, f: str, rng: random.Random, sub: str, vocab: Vocab | None) -> Any:
    new = fake_field(f, rng, sub, vocab)
    return old if new is UNKNOWN else new


def _echo(rows: list[dict[str, Any]], args: dict[str, Any], sub: str, rng: random.Random,
          skip: set[str] | None = None, vocab: Vocab | None = None) -> None:
    """Results match the request: a field the call filtered on carries the requested value
    (a tracked order_id, a searched city), and a product search's names contain its term
    (not a `skip` field: a name the call asks for names one result, `label_of`)."""
    term = next((args[k] for k in SEARCH_TERMS if isinstance(args.get(k), str)), None)
    fields = {f for row in rows for f in row if f not in (skip or set())}
    # a search of LR2 ships lists LR2s under the field its description names (`size_class`, set 42)
    kinds = {f: k for f in fields if vocab and (k := matching_param(f, vocab)) in args and
             (vocab[k].get("enum") or _worded(param_words(f).split(), vocab) == k)}  # and the time a barge was
    # nominated for (set 43), never a search's "Maximum cooking time" on every recipe (`_worded` takes no bound)
    for row in rows:
        for f in [f for f in row if f not in (skip or set())]:
            asked = args.get(echo_arg(args, f) or f)
            asked = args[kinds[f]] if asked is None and f in kinds else asked
            if isinstance(asked, list) and asked and all(isinstance(a, str) for a in asked):
                one = len(asked) == 1 and not _plural(param_words(f).split() or ["x"])
                asked = asked[0] if one else asked  # the cars added, all of them
            if isinstance(asked, str | list) or _number(asked):
                row[f] = asked
            elif f in ("name", "title") and sub == "product" and term:
                row[f] = f"{row.get('brand') or semantic.faker(rng).company()} {term.title()}"


def _number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


def _bounds(args: dict[str, Any]) -> list[tuple[str, tuple[str, ...], float]]:
    """(min|max, the words of what it bounds, limit) of numeric filters such as min_stars=4 or
    max_price=120."""
    out = []
    for k in sorted(args):
        w, v = param_words(k).split(), args[k]
        if len(w) > 1 and w[0] in ("min", "max") and _number(v):
            out.append((w[0], tuple(w[1:]), float(v)))
        elif len(w) > 1 and w[-1] in ("from", "to") and _number(v):  # `milepost_from`, `milepost_to`: a range
            out.append(("min" if w[-1] == "from" else "max", tuple(w[:-1]), float(v)))  # (set 36)
    return out


def _bounded(field: str, thing: tuple[str, ...]) -> bool:
    """Whether a filter on `thing` bounds `field`: the field is that thing (`nightly_price` for
    `max_price`); a thing of several words only under its own words (`min_free_space_bu`
    bounds no `capacity_bu`: what is free is capacity minus current, cohere.py)."""
    w = tuple(param_words(field).split())
    if len(thing) == 1:
        return thing[0] in w
    if w[-len(thing):] == thing:
        return True
    bare = tuple(x for x in thing if x not in _UNIT_WORDS)  # `min_depth_qualification_fsw` bounds a
    if len(bare) > 1 and bare != thing and w[-len(bare):] == bare:  # `depth_qualification` (set 26)
        return True
    # `max_weight_lbs` bounds a `weight`; `min_drive_hours_left` an `hours_of_service_left`: the thing
    # without its unit, or its last word with its unit (set 29: a 12,000 lb cap found a 16,000 lb load)
    units = set(thing) & _UNIT_WORDS
    return len(bare) == 1 and bare[0] in w or bool(units & set(w)) and bool(bare) and bare[-1] == w[-1]


_UNIT_WORDS = _TRAILING_UNITS | {"fsw", "mi", "eur", "percent", "yrs", "years", "minutes", "hours", "days", "mg", "l",
                                 "kw"}  # and the units a filter's name ends on


def _within(cur: Any, kind: str, limit: float, top: float, rng: random.Random) -> Any:
    lo, hi = (limit, max(limit, top)) if kind == "min" else (min(cur, limit) * 0.4, limit)
    if lo <= cur <= hi:
        return cur
    if isinstance(cur, int):
        return rng.randint(int(-(-lo // 1)), max(int(-(-lo // 1)), int(hi)))
    return round(rng.uniform(lo, hi), 1 if top == 5.0 else 2)


def _honor(rows: list[dict[str, Any]], args: dict[str, Any], rng: random.Random) -> None:
    """Numeric results respect the request's min_/max_ filters (min_stars=4 -> 4-5 stars) and its
    year filters (installed_before_year=2007 -> installed in 1967-2006)."""
    bounds = _bounds(args)
    for kind, thing, limit in bounds:
        for row in rows:
            for f, cur in row.items():
                if _bounded(f, thing) and _number(cur):
                    top = 5.0 if thing[-1] in ("rating", "stars") else limit * 1.6
                    row[f] = _within(cur, kind, limit, top, rng)
    for thing, (lo, hi) in _closed(bounds).items():  # both ends of one range: inside it (set 36: a search
        for row in rows:  # from milepost 37.4 to 52 found milepost 31)
            for f, cur in row.items():
                if _bounded(f, thing) and _number(cur) and not lo <= cur <= hi:
                    row[f] = rng.randint(int(-(-lo // 1)), int(hi)) if isinstance(cur, int) and int(hi) >= lo \
                        else round(rng.uniform(lo, hi), 2)

    for before, stems, year in _year_bounds(args):
        for row in rows:
            for f, cur in row.items():
                if isinstance(cur, int) and not isinstance(cur, bool) and stems <= {_stem(w) for w in param_words(f).split()}:
                    if before and cur >= year:
                        row[f] = rng.randint(year - 40, year - 1)
                    elif not before and cur <= year:
                        row[f] = rng.randint(year + 1, max(year + 1, min(year + 40, REFERENCE_TIME.year)))


def _closed(bounds: list[tuple[str, tuple[str, ...], float]]) -> dict[tuple[str, ...], tuple[float, float]]:
    """The things a request bounds on both sides, with the range (lowest, highest)."""
    lows = {t: v for k, t, v in bounds if k == "min"}
    highs = {t: v for k, t, v in bounds if k == "max"}
    return {t: (lows[t], highs[t]) for t in lows if t in highs and lows[t] <= highs[t]}


_BEFORE = {"before": True, "until": True, "after": False, "since": False}


def _year_bounds(args: dict[str, Any]) -> list[tuple[bool, set[str], int]]:
    """(before, the stems of what it bounds, year) of filters such as installed_before_year=2007
    (set 28: a search of pipes installed before 2007 found one of 2014)."""
    out = []
    for k, v in sorted(args.items()):
        w = param_words(k).split()
        at = next((i for i, x in enumerate(w) if x in _BEFORE), None)
        if at and "year" in w and isinstance(v, int) and not isinstance(v, bool) and 1800 <= v <= 2100:
            out.append((_BEFORE[w[at]], {_stem(x) for x in w if x not in _BEFORE}, v))
    return out


def _stem(word: str) -> str:
    return re.sub(r"(?:ation|ed|ing|s)$", "", word)


# The words of a parameter that names the one thing a call asks for ("vessel_name", "title"):
# its value is the name of one result, which a later step can then be told to take.
LABEL_WORDS = ("name", "title")


def label_of(tool: Tool, args: dict[str, Any], carry: dict[str, Any], bound: frozenset[str] = frozenset()
             ) -> tuple[str, str] | None:
    """(output field, value) naming the result a call asks for: an argument whose name has the
    word name or title (`vessel_name`, `title_query`), or is the tool's subject (`city` of a
    city geocoder), written into the output's field of that name or the name/title field (added
    when the output lists none); None when the call names nothing, or a later step reads it.
    A `bound` argument names nothing: its value came from an earlier output, not the query."""
    sub, fields = subject(tool), output_fields(tool)
    for p, v in ((p, v) for p, v in args.items() if p not in bound):
        w = param_words(p).split()
        kind = next((x for x in w if x in LABEL_WORDS), "name" if " ".join(w) == sub else "")
        if not (kind and isinstance(v, str) and len(v.strip()) >= 2):
            continue
        same = [f for f in fields if param_words(f).split()[-1:] == [kind]]
        field = p if p in fields else same[0] if same else kind
        return None if field in carry else (field, v)
    return None


def _rows_wanted(coll: str, label: tuple[str, str] | None, carry: dict[str, Any], rng: random.Random) -> int:
    """2-4 results for a lookup; exactly one when a later step reads a result and nothing in the
    call names which (so the query determines the result: it is the only one)."""
    if not coll:
        return 1
    return 1 if carry and label is None else rng.randint(*_ROWS)


def _mark(rows: list[dict[str, Any]], label: tuple[str, str] | None, carry: dict[str, Any], sub: str,
          rng: random.Random, vocab: Vocab | None = None) -> None:
    """Write the named value and the carried values into one result; in the other results,
    re-draw any value equal to one of them, so exactly one result holds them."""
    keep = {**carry, **({label[0]: label[1]} if label else {})}
    if not keep:
        return
    at = rng.randrange(len(rows))
    rows[at].update(keep)
    named = label[0] if label is not None else ""
    for row in rows if named else []:  # the other results of a search by name have names too
        if named not in row:
            other = _other_named(named, rng, sub, vocab)
            if other is not UNKNOWN:
                row[named] = other
    for i, row in enumerate(rows):
        for f, v in keep.items():
            for _ in range(8 if i != at else 0):
                if normalize(str(row.get(f))) != normalize(str(v)):
                    break
                row[f] = _redrawn(row.get(f), f, rng, sub, vocab)
            if i != at and normalize(str(row.get(f))) == normalize(str(v)):  # a pool of two names
                if isinstance(v, str) and not is_id_param(f):
                    row[f] = f"{v} II"  # "Reel Therapy II": the one searched for stays the only "Reel Therapy"
                else:
                    row.pop(f, None)


class Context(Record):
    """What an output is built from besides the call: the values later steps read from it
    (`carry`), what is already known about the entity it describes (`known`), the schemas of
    the domain's parameters (`vocab`) and the call's arguments read from earlier outputs (`bound`)."""

    carry: dict[str, Any] = Field(default_factory=dict)
    known: dict[str, Any] = Field(default_factory=dict)
    vocab: Vocab = Field(default_factory=dict)
    bound: frozenset[str] = frozenset()
    amounts: tuple[float, ...] = ()  # the sums of money the domain's prose states (agree.py)
    own: Vocab | None = None  # the parameters of the tools about the same subject (`for_subject`)
    span: tuple[datetime, datetime] | None = None  # a chain step's moments (timeline.spans)
    before: dict[str, Any] = Field(default_factory=dict)  # the arguments of the chain's earlier calls (`_net_of`)


def for_subject(vocab: Vocab, own: Vocab | None) -> Vocab:
    """`vocab` where a field named by one broad word with a closed set of values (`status`,
    `type`) takes them from a parameter of a tool about the same subject, else from none: a work
    order's status is never drawn from a unit's statuses (`in_service`)."""
    if own is None:
        return vocab
    out = dict(vocab)
    broad = [n for n in vocab if (w := param_words(n).split()) and len(w) == 1 and w[0] in BROAD_HEADS]
    for name in [n for n in broad if "enum" in vocab[n]]:
        if name in own:
            out[name] = own[name]
        else:
            del out[name]
    for head in BROAD_HEADS - set(own):  # a work order's `type` is its `work_type` (set 26: "apartment")
        kinds = [p for p in own if "enum" in own[p] and param_words(p).split()[-1:] == [head]]
        if len(kinds) == 1:
            out[head] = own[kinds[0]]
    return out


def simulate_output(
    tool: Tool, args: dict[str, Any], rng: random.Random, carry: dict[str, Any] | None = None,
    context: Context | None = None,
) -> str:
    """The executed_output of one call: a collection of results for a lookup, one object
    otherwise; the result a later step reads (`carry`: field -> value) is the only one, or the
    only one the call names (`label_of`)."""
    ctx = context or Context()
    ctx = ctx.model_copy(update={"vocab": for_subject(ctx.vocab, ctx.own)})
    carry = {**ctx.carry, **(carry or {})}
    sub, coll = subject(tool), collection(tool)
    own = list(args) if record_returned(tool) else output_fields(tool) or inferred_fields(tool)
    fields = [f for f in own if f != coll] or ["name"]
    given = given_entities(tool, args)
    fields = [*given, *(f for f in fields if f not in given and echo_arg(given, f) is None)]
    label = label_of(tool, args, carry, ctx.bound)
    fields = _one_id_each(fields + [f for f in [*(label[:1] if label else []), *carry] if f not in fields], carry)
    rows = [_row(fields, sub, rng, ctx.vocab) for _ in range(_rows_wanted(coll, label, carry, rng))]
    done = action_status(tool, args)
    known = {**same_things(ctx.known, fields), **ctx.known}
    for row in rows:  # what was known before, then what the act made of it (set 34: a cancel that
        row.update({k: v for k, v in known.items() if k in row or k in fields})  # returned "scheduled")
        row.update({"status": done} if done and "status" in row else {})
    _fresh_ids(rows, tool, args, ctx, rng)
    for f, values in listed_values(tool).items():  # "flag (L, H, LL or HH)": one of those, never a country
        for row in rows:  # "NBI condition (good, fair, poor)" lists the values of nbi_condition; what the chain
            row.update({k: rng.choice(values) for k in row if (k == f or k.endswith(f"_{f}")) and k not in known})
            # made stays as it was made (set 46: a ticket just opened read back 'paid')
    _distinct(rows, sub, rng, ctx.vocab)
    _echo(rows, args, sub, rng, skip={label[0]} if label else set(), vocab=ctx.vocab)
    mine = [p for p in tool.required if is_id_param(p) and isinstance(args.get(p), str) and _describes(tool, p)]
    for row in rows if len(mine) == 1 and not coll else []:  # get_inspection(inspection_id) reports on that
        row.update({"id": args[mine[0]]} if "id" in row else {})  # one, never on 'INS-95931' (set 38)
    _honor(rows, args, rng)
    _net_of(rows, {**ctx.before, **ctx.known, **args})
    honor_dates(rows, args, rng)
    if ctx.span is not None:
        settle(rows, args, ctx.span, {*carry, *ctx.known, *(label[:1] if label else ())}, rng)
    price(rows, tool, args, list(ctx.amounts), rng)
    agree(rows, args, {*carry, *(label[:1] if label else ())}, rng)
    _mark(rows, label, carry, sub, rng, ctx.vocab)
    id_parts.rows_agree(rows, args, ctx.vocab)  # a turnout's lateral is its id's (set 43)
    body: dict[str, Any] = {"status": "success"}
    body.update({coll: rows} if coll and any(rows) else {} if coll else rows[0])  # never `tasks: [{}, {}]` (set 39)
    return repr(body)


def _net_of(rows: list[dict[str, Any]], given: dict[str, Any]) -> None:
    """A net weight is the gross less the tare the chain gave (set 46: a ticket weighed out at 2,460 lb
    after 11,700 lb in returned a net of 650,000)."""
    def one(word: str) -> float | None:  # (TRAJECT writes every argument as a string)
        found = [v for k, v in given.items() if word in param_words(k).split() and
                 (_number(v) or isinstance(v, str) and re.fullmatch(r"\d+(?:\.\d+)?", v))]
        return float(found[0]) if len(found) == 1 else None

    gross, tare = one("gross"), one("tare")
    if gross is None or tare is None or not gross > tare:
        return
    for row in rows:
        for f in [f for f in row if "net" in param_words(f).split() and _number(row[f])]:
            row[f] = round(gross - tare) if float(gross - tare).is_integer() else round(gross - tare, 2)


def _fresh_ids(rows: list[dict[str, Any]], tool: Tool, args: dict[str, Any], ctx: Context,
               rng: random.Random) -> None:
    """The ids a result holds that no call gave and no earlier output said are new ones in the
    catalog's format (fresh.py): never its example, a created record's dated now, holding the
    station and day the call asked for when the id's description names them."""
    for row in rows:
        for f in [f for f in row if names_record(f) and f not in ctx.known and f not in ctx.carry]:
            param = "" if echo_arg(args, f) else matching_param(f, ctx.vocab)
            new = fresh_id(ctx.vocab[param], rng, made_at(creates(tool, f, args), rng), args) if param else None
            row[f] = row[f] if new is None else under_given(new, ctx.vocab[param], tool, args)
        for f in [f for f in row if f not in ctx.known and f not in ctx.carry and isinstance(row[f], str)]:
            param = "" if echo_arg(args, f) else matching_param(f, ctx.vocab)  # any id of what the call was
            row[f] = under_given(row[f], ctx.vocab[param], tool, args) if param else row[f]  # given: a subaccount of
            # the account searched, a system of the property looked up (set 40: of another account's digits)


def given_entities(tool: Tool, args: dict[str, Any]) -> list[str]:
    """What a tool the catalog does not describe reports back: the things it was given by id
    (adding cars to a train returns that train and those cars, never another car; a waybill
    look-up that waybill)."""
    if described(tool):
        return []
    def named(v: Any) -> bool:
        return id_like(v) or isinstance(v, list) and bool(v) and all(id_like(x) for x in v)
    return [p for p in tool.required if named(args.get(p)) or entity_keys(p) and args.get(p) not in (None, [], "")]


def _one_id_each(fields: list[str], carry: dict[str, Any]) -> list[str]:
    """A result names each entity by one id: a field holding another id of the entity a carried
    id names (`own_assignment_id` beside the `assignment_id` a later step reads) is left out,
    so "the assignment you get from that" has one answer."""
    def head(f: str) -> str:
        keys = entity_keys(f) if is_id_param(f) else ()
        return keys[-1] if keys else ""

    held = {head(f) for f in carry} - {""}
    return [f for f in fields if f in carry or head(f) not in held]


def known_entity(target: Target, i: int, tools: dict[str, Tool], outputs: list[str], own: Vocab | None = None
                 ) -> dict[str, Any]:
    """What an earlier output said about the thing call i describes: when call i reads the id of
    its own subject from an earlier result (details of the production a search found), that
    result's fields, so the details repeat its title and stage instead of inventing others."""
    tool = tools[target.calls[i].tool]
    for b in (b for b in target.bindings if b.call == i and is_id_param(b.param)):
        if not _describes(tool, b.param) or b.from_call >= len(outputs):
            continue
        value = target.calls[i].arguments[b.param]
        rows = [r for r in results(parse_output(outputs[b.from_call])) if isinstance(r, dict) and holds(r, value)]
        if len(rows) == 1:
            producer = target.calls[b.from_call]
            made = action_status(tools[producer.tool], producer.arguments) is not None
            found = {k: v for k, v in rows[0].items() if k != "status" or not made}
            listed = listed_values(tool).get("status") or []  # "status ('open', 'on_hold', ...)" of the look-up
            first = _first_state(own) or ({"status": listed[0]} if listed else {})  # (set 46: a ticket just opened
            return {**_given_traits(producer.arguments, b.param), **first, **found} if made else found  # read 'paid')
    return {}


def _name_core(name: str) -> list[str]:
    """A field's words without a unit abbreviation it ends in (`flash_point_f`: flash point)."""
    words = param_words(name).split()
    return words[:-1] if len(words) > 1 and re.fullmatch(r"[a-z]{1,3}", words[-1]) and name.endswith(f"_{words[-1]}") \
        and not known_word(words[-1]) else words


# Words that make a longer name another quantity: a `total_price` is no flight's `price`.
_OTHER_SENSE = frozenset({"total", "sum", "gross", "net", "min", "max", "minimum", "maximum", "average", "avg",
                          "new", "old", "previous", "remaining", "expected", "actual", "estimated", "final"})


def same_things(known: dict[str, Any], fields: list[str]) -> dict[str, Any]:
    """`known` under the output's own names for the same things: the waste codes a profile was
    made with are its `epa_waste_codes`, its `flash_point_f` its `flash_point` (set 38: a look-up
    of the profile just made returned codes and a flash point of its own). A field takes a known
    value when their words, a unit letter aside, are equal or one ends the other, and only one does."""
    out: dict[str, Any] = {}
    for f in (f for f in fields if f not in known and not is_id_param(f)):
        core = _name_core(f)
        same = [k for k in known if core and not is_id_param(k) and (kc := _name_core(k)) and kc[-1] == core[-1]
                and (kc[-len(core):] == core or core[-len(kc):] == kc) and not _OTHER_SENSE & (set(kc) ^ set(core))]
        if len(same) == 1:
            out[f] = known[same[0]]
    return out


def _first_state(own: Vocab | None) -> dict[str, Any]:
    """The status of a record the chain just made: the first of its subject's statuses (a
    casing registered is `received`, never already `inspected`)."""
    spec = (own or {}).get("status", {})
    states = spec.get("enum") or allowed.read(str(spec.get("description") or "")).allowed or []  # or listed in
    return {"status": states[0]} if states and isinstance(states[0], str) else {}  # prose (set 26: "cancelled")


def _describes(tool: Tool, param: str) -> bool:
    """Whether a call given the id `param` reports on that thing: the id of the tool's subject, or
    the one id a look-up takes (`get_company_member(member_id)`, whatever its output is called)."""
    words = param_words(param).split()[:-1]
    return " ".join(words) == subject(tool) or tool.required == [param] and verb_of(tool) in GETTER_VERBS


def _given_traits(args: dict[str, Any], carried: str) -> dict[str, Any]:
    """What the call that made a record said of it (the size, brand and account a casing was
    registered with), which a later look-up of that record reports: its scalar arguments but
    the carried id itself."""
    return {k: v for k, v in args.items() if k != carried and not isinstance(v, dict)
            and not (isinstance(v, list) and any(isinstance(x, dict | list) for x in v))}


def shared_traits(target: Target, tools: dict[str, Tool], carry: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`carry` with, in the result a later step reads, the traits that step states of the thing
    it acts on: the bin a shipment of soft red wheat is sent from holds soft red wheat. Only
    words naming a kind (a commodity, a location) or an id of another entity (the account a
    credit goes to is the found casing's account, unless the step moves the thing: a transfer's
    new owner differs), never a broad word (a status the step sets), an amount or a date (a new
    decedent's date of birth is not the one of the grave found), and never a field the
    producer's own call fixed."""
    out = [dict(c) for c in carry]
    for b in target.bindings:
        producer, later = target.calls[b.from_call], target.calls[b.call]
        fields = output_fields(tools[producer.tool])
        bound = {x.param for x in target.bindings if x.call == b.call}
        for p, v in sorted(later.arguments.items()):
            w = param_words(p).split()
            kind = isinstance(v, str) and day_of(v) is None and bool(re.search(r"[A-Za-z]", v)) \
                and (not id_like(v) or not moves(tools[later.tool]))
            if p in fields and p not in bound and p not in producer.arguments and kind and w[-1] not in BROAD_HEADS:
                out[b.from_call].setdefault(p, v)
    return out


def simulate_all(target: Target, tools: dict[str, Tool], rng: random.Random) -> list[str]:
    carry = shared_traits(target, tools, carries(target, tools))
    domain = [t for t in tools.values() if t.domain == target.domain]
    vocab, amounts = vocabulary(domain), tuple(a for t in domain for _, a in stated_amounts(prose(t)))
    outputs: list[str] = []
    timed = spans([c.arguments for c in target.calls]) if target.kind == "sequential" else []
    for i, c in enumerate(target.calls):
        sub = subject(tools[c.tool])
        own = vocabulary([t for t in domain if subject(t) == sub]) if sub else None
        ctx = Context(carry=carry[i], known=known_entity(target, i, tools, outputs, own), vocab=vocab,
                      bound=frozenset(b.param for b in target.bindings if b.call == i), amounts=amounts, own=own,
                      span=timed[i] if timed else None,
                      before={k: v for c in target.calls[:i] for k, v in c.arguments.items()} if target.kind == "sequential" else {})
        outputs.append(simulate_output(tools[c.tool], c.arguments, rng, context=ctx))
    return outputs


def _label(tool: Tool) -> str:
    return re.sub(r"[_\s]+", " ", tool.api).strip()


def _fields_text(row: dict[str, Any], limit: int = 4) -> str:
    return ", ".join(f"{k.replace('_', ' ')} {_plain(v)}" for k, v in list(row.items())[:limit])


def _plain(value: Any) -> str:
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)


def _gist(output: str, limit: int = 320) -> str:
    """A readable line from an output: "3 restaurants: restaurant id RES-1, name ...; ..." for a
    collection, "order id ORD-1, total price 12.5" for one object (raw text if it is no repr)."""
    try:
        body = ast.literal_eval(output)
    except (ValueError, SyntaxError):
        body = None
    if not isinstance(body, dict):
        text = re.sub(r"\s+", " ", output)
    else:
        rest = {k: v for k, v in body.items() if k != "status" or len(body) == 1}
        lists = [(k, v) for k, v in rest.items() if isinstance(v, list) and v and isinstance(v[0], dict)]
        if lists:
            name, rows = lists[0]
            text = f"{len(rows)} {name}: " + "; ".join(_fields_text(r, 3) for r in rows)
        else:
            text = _fields_text(rest)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def parallel_answer(target: Target, tools: dict[str, Tool]) -> str:
    """A plain summary of every call's output (upstream: an LLM-written markdown answer)."""
    lines = ["Here is what I found for each part of your request:", ""]
    for i, (call, out) in enumerate(zip(target.calls, target.outputs, strict=True), 1):
        lines.append(f"{i}. {_label(tools[call.tool])}: {_gist(out)}")
    return "\n".join(lines)


def sequential_answer(target: Target, tools: dict[str, Tool]) -> dict[str, str]:
    """`{answer, reason}` as in TRAJECT-Bench sequential records."""
    answer = parallel_answer(target, tools).replace("for each part of your request", "step by step")
    reasons = [
        f"Step {b.call + 1} used {b.param}={target.calls[b.call].arguments[b.param]!r} "
        f"taken from the output of step {b.from_call + 1}."
        for b in target.bindings
    ]
    reason = " ".join(reasons) or "Each step ran independently."
    return {"answer": answer, "reason": f"All {len(target.calls)} steps succeeded. {reason}"}
