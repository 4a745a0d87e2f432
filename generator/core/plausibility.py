"""The plausibility audit: would a person use these argument values?

A value can validate against its schema and still be one no person would write: a surname in
`units`, a chat line in `status`, "XY" as a country, a unix timestamp as a count, a departure
before the arrival. This module reads generated calls (their tool's parameter schemas beside
their arguments) and counts, per check, the values it applies to and the ones that pass:

| check | applies to | passes when |
|---|---|---|
| `listed` | a string whose description lists its allowed values ("one of: low, mid, high") | the value is one of them |
| `code` | a country / currency / language / airport code (by name or description) | it is a real code (pycountry, airportsdata) |
| `count` | an integer that counts (`count`, `num_*`, `quantity`, "Number of ...") | 0 <= value < 100,000 (no timestamp) |
| `word` | a status-like word (`status`, `units`, `freq`, `mode`, `level`, `priority`, `amenities`, ...) | a short lower-case word or phrase, no sentence, no surname |
| `own_words` | a string without an `enum` (a list of strings item by item) | it is no label of the name's own word and a number ("reported 4" for `reported_by`) and no phrase of two or more words lifted from the description unquoted, unlisted and not as an example ("facility code") |
| `note` | free text (`notes`, `comment`, `reason`, `special_requests`, `instructions`, ...) | a phrase of two or more words that is no instruction to a model and no bare name |
| `ordered` | pairs that run one way (start/end, min/max, from/to, arrival/departure, after/before, check-in/out) | the first is not after the second |
| `meal` | a meal and the clock time of the same call | the time is one the meal is eaten at |
| `distance` | an activity and a distance in the same call | the activity covers a distance (no yoga with 16.1 km) |
| `range` | a number with schema bounds, a range in prose ("1-8", "0 (none) to 5") or a measure (pH, %) | inside it |
| `region` | a call with coordinates | its points within ~300 km; west longitudes when the prose says "lon is negative" |
| `needs` | a set parameter that "requires A or B" / is "required when P is V" | A or B set / P is V |
| `same_day` | ordered moments whose parameters' prose says "same day" | on one date |
| `same_format` | a parameter whose prose says "same format" as a sibling that holds a moment | it is a moment of the same kind |
| `rules` | a call of a tool with a value profile (`value_profiles.json` in the run) | every rule that applies holds (generator.core.profile_audit) |

It is written apart from the code that draws values (generator.core.values, semantic, allowed,
constraints) on purpose: it imports none of them, has its own readers of names and
descriptions and its own tables, so a drawer that goes wrong is caught rather than agreed with.
`trajgen stats` prints the table (`plausibility_lines`) for every part of a run, the dataset
card shows it. Calls are read from rows that carry their tools (SDG, judge VALID_CALL rows) and
from the native files whose schemas sit elsewhere in the run: TRAIL answers with trail/apis/,
TRAJECT-Bench steps with traject/tools/ (the strings upstream writes read back by type), BFCL
entries' ground truth (possible_answer/, gold/) with the function docs inside each entry.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from .profile_audit import RuleBook, broken, load_rules

Props = dict[str, dict[str, Any]]
Call = tuple[Props, dict[str, Any]]  # (the tool's properties, the call's arguments)


class NamedCall(tuple[Props, dict[str, Any]]):
    """A Call that also knows its tool's name and its query time, where the file says them (for
    the `rules` check of value profiles, generator.core.profile_audit); unpacks as a Call."""

    tool: str = ""
    time: str | None = None


def named(props: Props, args: dict[str, Any], tool: Any, time: Any = None) -> NamedCall:
    call = NamedCall((props, args))
    call.tool, call.time = str(tool), time if isinstance(time, str) else None
    return call


def _words(name: str) -> list[str]:
    return list(_name_words(name))


@lru_cache(maxsize=8192)  # a run's parameter names, read for every check of every call
def _name_words(name: str) -> tuple[str, ...]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    return tuple(w for w in re.split(r"[^a-z0-9]+", spaced.lower()) if w)


def _desc(schema: dict[str, Any]) -> str:
    return str(schema.get("description") or "")


# ---------------------------------------------------------------- per-value checks

@dataclass(frozen=True)
class ValueCheck:
    name: str
    applies: Callable[[str, dict[str, Any], Any], bool]
    ok: Callable[[str, dict[str, Any], Any], bool]


_CUE = re.compile(r"(?:one of|valid values(?: are)?|allowed values(?: are)?|possible values(?: are)?|"
                  r"supported values(?: are)?|accepted values(?: are)?|valid options|\[enum\]|either)\s*:?\s*",
                  re.IGNORECASE)
_TOKEN = re.compile(r"""['"`]([^'"`]{1,40})['"`]|([A-Za-z0-9_:+.-]{1,30})""")


@lru_cache(maxsize=4096)
def listed(description: str) -> tuple[str, ...]:
    """The values after a closed-list cue, up to the end of the sentence (its own reading)."""
    m = _CUE.search(description)
    if not m:
        return ()
    rest = re.split(r"(?<![a-z]\.[a-z])\.(?:\s|$)|;|\n", description[m.end():])[0]
    rest = re.sub(r"\([^)]*\)", "", rest).strip(" []")
    parts = [p.strip() for p in re.split(r",|\bor\b|\band\b|\|", rest) if p.strip()]
    found = []
    for part in parts:
        t = _TOKEN.fullmatch(part.strip())
        if t is None:
            return ()  # prose, not a list
        found.append((t.group(1) or t.group(2)).strip())
    return tuple(found) if len(found) >= 2 else ()


def _listed_applies(name: str, schema: dict[str, Any], value: Any) -> bool:
    return isinstance(value, str) and not schema.get("enum") and bool(listed(_desc(schema)))


def _listed_ok(name: str, schema: dict[str, Any], value: Any) -> bool:
    return value.strip().lower() in {v.lower() for v in listed(_desc(schema))}


_CODE_KINDS = [("country", {"country", "nationality", "citizenship", "flag"}),
               ("currency", {"currency"}), ("language", {"language", "lang"}), ("airport", {"iata", "icao"})]


def code_kind(name: str, schema: dict[str, Any], value: Any) -> str | None:
    """Which code a parameter holds, when its value looks like one (2-4 letters)."""
    if not isinstance(value, str) or not re.fullmatch(r"[A-Za-z]{2,4}", value.strip()):
        return None
    words = set(_words(name))
    coded = words & {"code", "iso", "iata", "icao"} or re.search(r"\bcode\b|\biso\b|alpha-?[23]|letter",
                                                                  _desc(schema), re.IGNORECASE)
    kind = next((k for k, keys in _CODE_KINDS if words & keys), None)
    if kind in ("language", "country") and not coded:
        return None
    return kind


@lru_cache(maxsize=1)
def _pycountry() -> Any:
    import pycountry

    return pycountry


@lru_cache(maxsize=1)
def _airport_codes() -> frozenset[str]:
    import airportsdata

    return frozenset(k for k in airportsdata.load("IATA")) | frozenset(airportsdata.load("ICAO"))


def real_code(kind: str, value: str) -> bool:
    v = value.strip()
    pc = _pycountry()
    if kind == "country":
        return v.upper() in ("UK", "EU") or pc.countries.get(**{f"alpha_{len(v)}": v.upper()}) is not None \
            if len(v) in (2, 3) else False
    if kind == "currency":
        return len(v) == 3 and pc.currencies.get(alpha_3=v.upper()) is not None
    if kind == "language":
        return len(v) in (2, 3) and pc.languages.get(**{f"alpha_{len(v)}": v.lower()}) is not None
    return v.upper() in _airport_codes()


_COUNT_WORDS = {"count", "num", "quantity", "qty", "total", "n"}


def _count_applies(name: str, schema: dict[str, Any], value: Any) -> bool:
    if not isinstance(value, int) or isinstance(value, bool):
        return False
    words = _words(name)
    return bool(set(words) & _COUNT_WORDS) or words[:1] == ["number"] or \
        _desc(schema).lower().startswith(("number of", "how many", "the number of"))


def _count_ok(name: str, schema: dict[str, Any], value: Any) -> bool:
    return 0 <= value < 100_000


WORD_FIELDS = {"status", "state", "units", "unit", "freq", "frequency", "mode", "level", "priority", "severity",
               "amenity", "amenities", "interval", "period", "tier", "grade", "direction", "gender", "sort",
               "order", "method", "role", "visibility"}


def _word_applies(name: str, schema: dict[str, Any], value: Any) -> bool:
    words = _words(name)
    return isinstance(value, str) and not schema.get("enum") and bool(words) and words[-1] in WORD_FIELDS \
        and "text" not in _desc(schema).lower()


@lru_cache(maxsize=1)
def _surnames() -> frozenset[str]:
    from faker.providers.lorem.en_US import Provider as Lorem
    from faker.providers.person.en_US import Provider as Person

    common = {w.lower() for w in Lorem.word_list}
    return frozenset(n for n in Person.last_names if n.lower() not in common)


def surname_like(value: str) -> bool:
    """A capitalised surname ("Fuentes", "Erickson, Russell and Mitchell")."""
    parts = [p for p in re.split(r",\s*|\s+and\s+|\s+", value.strip()) if p]
    return bool(parts) and all(p in _surnames() for p in parts)


def _word_ok(name: str, schema: dict[str, Any], value: Any) -> bool:
    v = value.strip()
    return 0 < len(v.split()) <= 4 and not re.search(r"[!?]|,\s|\.\s", v) and not surname_like(v)


NOTE_FIELDS = {"note", "notes", "comment", "comments", "remark", "remarks", "reason", "request", "requests",
               "instruction", "instructions", "memo", "description"}
_MODEL_INSTRUCTIONS = re.compile(r"\b(?:words|bullet points?|summari[sz]e|paragraphs?|in (?:one|two|three) sentences)\b",
                                 re.IGNORECASE)


def _note_applies(name: str, schema: dict[str, Any], value: Any) -> bool:
    words = _words(name)
    return isinstance(value, str) and bool(words) and words[-1] in NOTE_FIELDS and not schema.get("enum")


def _note_ok(name: str, schema: dict[str, Any], value: Any) -> bool:
    v = value.strip()
    model_text = _MODEL_INSTRUCTIONS.search(v) and not re.search(r"prompt|model|assistant|summar", name + _desc(schema),
                                                                 re.IGNORECASE)
    return len(v.split()) >= 2 and not surname_like(v) and not model_text


# A range in prose, its own reading: "1-8 (Cornell scale)", "0 (none) to 5", "between 0.98 and 1.13".
_SAID_RANGE = re.compile(r"(?<![\w.:/-])(-?\d+(?:\.\d+)?)\s*(?:\([^()]{1,30}\)\s*)?(?:-|–|—|\bto\b|\band\b)\s*"
                         r"(-?\d+(?:\.\d+)?)(?![\w:/-]|\.\d)")
# Limits no value of a measure passes, read from the name or the description.
MEASURE_LIMITS: list[tuple[set[str], str | None, float, float]] = [
    ({"ph"}, r"\bpH\b", 0, 14),
    ({"pct", "percent", "percentage"}, r"\bpercent(?:age)?\b", 0, 100),
    ({"lat", "latitude"}, None, -90, 90),
    ({"lon", "lng", "longitude"}, None, -180, 180),
]


def said_range(name: str, schema: dict[str, Any]) -> tuple[float, float] | None:
    """The range a number keeps to: the schema's bounds, a range its prose states, or the
    limits of the measure it names (a pH is 0-14, a percent 0-100)."""
    if "minimum" in schema and "maximum" in schema:
        return float(schema["minimum"]), float(schema["maximum"])
    m = _SAID_RANGE.search(_desc(schema))
    if m and float(m.group(1)) < float(m.group(2)):
        return float(m.group(1)), float(m.group(2))
    words = set(_words(name))
    return next(((lo, hi) for names, said, lo, hi in MEASURE_LIMITS
                 if words & names or said and re.search(said, _desc(schema), re.IGNORECASE)), None)


def _range_applies(name: str, schema: dict[str, Any], value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and said_range(name, schema) is not None


def _range_ok(name: str, schema: dict[str, Any], value: Any) -> bool:
    lo, hi = said_range(name, schema) or (value, value)
    return bool(lo <= value <= hi)


def _texts(value: Any) -> list[str]:
    """The strings a value is (a list of strings is read item by item)."""
    if isinstance(value, str):
        return [value]
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _own_words_applies(name: str, schema: dict[str, Any], value: Any) -> bool:
    items: dict[str, Any] = schema["items"] if isinstance(schema.get("items"), dict) else {}
    return bool(_texts(value)) and not schema.get("enum") and not items.get("enum")


# "administered 4", "type 3": a word and a small number, the way a label is made.
_LABEL = re.compile(r"([a-z]+) \d{1,2}")
_EXAMPLE_CUE = re.compile(r"(?:e\.g\.?|eg\.?|i\.e\.?|such as|for example|like|example:?)\s*[,:]?\s*$", re.IGNORECASE)


def _label_of_name(name: str, text: str) -> bool:
    """The parameter's own name word with a number ("reported 4" for `reported_by`)."""
    m = _LABEL.fullmatch(text.strip().lower())
    return m is not None and any(w == m.group(1) or (len(w) >= 4 and m.group(1).startswith(w))
                                 for w in _words(name))


def _lifted(schema: dict[str, Any], text: str) -> bool:
    """A phrase of two or more words copied from the description ("facility code" from "13
    characters: facility code (letter + 4 digits), 2-digit collection year"), where the
    description neither quotes it, lists it as a value, nor gives it as an example."""
    items: dict[str, Any] = schema["items"] if isinstance(schema.get("items"), dict) else {}
    desc = f"{_desc(schema)} {_desc(items)}"
    phrase = text.strip()
    if len(phrase.split()) < 2 or phrase.lower() in {v.lower() for v in listed(desc)}:
        return False
    if phrase.isascii() and desc.isascii() and phrase.lower() not in desc.lower():
        return False  # not in the description at all (the pattern below is compiled anew for each phrase)
    for m in re.finditer(rf"(?<![\w'\"`-]){re.escape(phrase)}(?![\w'\"`-])", desc, re.IGNORECASE):
        item = re.search(r"(?:[:,]|\bor|\band)\s*$", desc[:m.start()]) and \
            re.match(r"\s*(?:[,.;]|\bor\b|\band\b|$)", desc[m.end():])  # "Status: in progress, done"
        if not item and not _EXAMPLE_CUE.search(desc[max(0, m.start() - 14):m.start()]):
            return True
    return False


def _own_words_ok(name: str, schema: dict[str, Any], value: Any) -> bool:
    return not any(_label_of_name(name, t) or _lifted(schema, t) for t in _texts(value))


VALUE_CHECKS: list[ValueCheck] = [
    ValueCheck("range", _range_applies, _range_ok),
    ValueCheck("listed", _listed_applies, _listed_ok),
    ValueCheck("code", lambda n, s, v: code_kind(n, s, v) is not None,
               lambda n, s, v: real_code(code_kind(n, s, v) or "", v)),
    ValueCheck("count", _count_applies, _count_ok),
    ValueCheck("word", _word_applies, _word_ok),
    ValueCheck("note", _note_applies, _note_ok),
    ValueCheck("own_words", _own_words_applies, _own_words_ok),
]


# ---------------------------------------------------------------- checks across a call

# (earlier words, later words, whether the schema's own order decides which comes first)
PAIRS: list[tuple[tuple[str, ...], tuple[str, ...], bool]] = [
    (("start",), ("end",), False), (("begin",), ("end",), False), (("from",), ("to",), False),
    (("min",), ("max",), False), (("minimum",), ("maximum",), False), (("lower",), ("upper",), False),
    (("earliest",), ("latest",), False), (("since",), ("until",), False), (("after",), ("before",), False),
    (("check", "in"), ("check", "out"), False), (("checkin",), ("checkout",), False),
    (("departure",), ("arrival",), True), (("depart",), ("arrive",), True), (("eta",), ("etd",), False),
    (("started",), ("finished",), False), (("start",), ("finish",), False), (("tare",), ("gross",), False),
]
_FREE_ORDER = {"lat", "latitude", "lon", "lng", "longitude", "x", "y", "currency", "language", "lang", "city",
               "station", "airport", "location", "place", "address", "country", "unit", "units", "name"}


def _replace(words: list[str], part: tuple[str, ...]) -> tuple[str, ...] | None:
    n = len(part)
    for i in range(len(words) - n + 1):
        if tuple(words[i:i + n]) == part:
            return tuple(words[:i]) + ("*",) + tuple(words[i + n:])
    return None


def ordered_pairs(props: Props) -> list[tuple[str, str]]:
    """(earlier, later) parameter pairs of a tool, by its own reading of the names."""
    return list(_ordered_pairs(tuple(props)))


@lru_cache(maxsize=4096)  # the same few tools' names, call after call
def _ordered_pairs(names: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    out: list[tuple[str, str]] = []
    for first, second, by_order in PAIRS:
        seconds = {_replace(_words(n), second): n for n in names}
        for name in names:
            stem = _replace(_words(name), first)
            other = seconds.get(stem) if stem else None
            bound = first in (("min",), ("minimum",), ("lower",))  # a bbox's min_lat <= max_lat
            if other and other != name and (bound or not set(stem or ()) & _FREE_ORDER):
                pair = (other, name) if by_order and names.index(other) < names.index(name) else (name, other)
                if pair not in out and (pair[1], pair[0]) not in out:
                    out.append(pair)
    return tuple(out)


_MOMENT_FORMATS = ("%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%d",
                   "%m/%d/%Y", "%H:%M:%S", "%H:%M", "%I:%M %p")


def _key(value: Any) -> tuple[str, Any] | None:
    """A value as something ordered: ("n", number), ("d", datetime) or ("t", time of day)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return "n", float(value)
    if not isinstance(value, str):
        return None
    v = value.strip().removesuffix("Z")
    if re.fullmatch(r"-?\d+(?:\.\d+)?", v):
        return "n", float(v)
    for fmt in _MOMENT_FORMATS:
        try:
            moment = datetime.strptime(v, fmt)
        except ValueError:
            continue
        return ("t", moment.time()) if "%d" not in fmt else ("d", moment)
    try:
        return "d", datetime.fromisoformat(v).replace(tzinfo=None)
    except ValueError:
        return None


def pair_held(a: Any, b: Any) -> bool | None:
    """Whether `a` is not after `b`; None when they are not comparable."""
    ka, kb = _key(a), _key(b)
    if ka is None or kb is None or ka[0] != kb[0]:
        return None
    return bool(ka[1] <= kb[1])


MEAL_WINDOWS = {"breakfast": (5, 11), "brunch": (9, 14), "lunch": (11, 15), "dinner": (17, 23),
                "supper": (17, 23), "night_snack": (21, 3), "late_night_snack": (21, 3), "afternoon_tea": (14, 18)}
STILL_ACTIVITIES = {"yoga", "pilates", "meditation", "stretching", "weightlifting", "strength training",
                    "strength", "hiit", "boxing", "dance", "tai chi", "gym", "crossfit", "climbing"}


def _hour(value: Any) -> int | None:
    k = _key(value)
    if k is None or k[0] == "n":
        return None
    return k[1].hour


def _meal_held(props: Props, args: dict[str, Any]) -> Iterator[bool]:
    meals = [n for n in args if set(_words(n)) & {"meal", "mealtime"} and isinstance(args[n], str)]
    clocks = [n for n in args if set(_words(n)) & {"time", "datetime", "at", "when", "slot"}
              and not set(_words(n)) & {"meal", "duration", "prep", "cook"} and _hour(args[n]) is not None]
    for meal in meals[:1]:
        window = MEAL_WINDOWS.get(re.sub(r"[\s-]+", "_", args[meal].strip().lower()))
        for clock in clocks[:1]:
            if window is not None:
                hour, (lo, hi) = _hour(args[clock]), window
                assert hour is not None
                yield lo <= hour < hi if lo < hi else (hour >= lo or hour < hi)


def _distance_held(props: Props, args: dict[str, Any]) -> Iterator[bool]:
    acts = [n for n in args if set(_words(n)) & {"activity", "exercise", "workout", "sport"} and isinstance(args[n], str)]
    dists = [n for n in args if set(_words(n)) & {"distance", "km", "miles", "meters", "metres"}]
    for act in acts[:1]:
        if dists:
            yield re.sub(r"[_-]+", " ", args[act].strip().lower()) not in STILL_ACTIVITIES


def _whole(name: str, args: dict[str, Any]) -> Any:
    """A clock time with its date when the date is a parameter of its own (`arrival_time` with
    `arrival_date`): the moment the two name together."""
    for clock in ("time", "hour"):
        day = re.sub(rf"(?i)(?<![a-z]){clock}(?![a-z])", "date", name)
        if day != name and day in args and isinstance(args[day], str) and isinstance(args[name], str):
            return f"{args[day].strip()} {args[name].strip()}"
    return args[name]


def _ordered_held(props: Props, args: dict[str, Any]) -> Iterator[bool]:
    for a, b in ordered_pairs(props):
        if a in args and b in args:
            held = pair_held(_whole(a, args), _whole(b, args))
            if held is not None:
                yield held


def _coordinates(args: Any, out: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Every (lat, lon) a call holds: pairs named alike (`drop_lat`/`drop_lon`, `min_lat`/
    `min_lon`) in the call and in its nested objects and lists (a polygon's vertices)."""
    if isinstance(args, dict):
        def stem(name: str, words: set[str]) -> tuple[str, ...]:
            return tuple("*" if w in words else w for w in _words(name))
        lats = {stem(k, {"lat", "latitude"}): v for k, v in args.items()
                if set(_words(k)) & {"lat", "latitude"} and isinstance(v, int | float)}
        lons = {stem(k, {"lon", "lng", "longitude"}): v for k, v in args.items()
                if set(_words(k)) & {"lon", "lng", "longitude"} and isinstance(v, int | float)}
        out += [(float(lats[k]), float(lons[k])) for k in lats if k in lons]
        for v in args.values():
            _coordinates(v, out)
    elif isinstance(args, list):
        for v in args:
            _coordinates(v, out)
    return out


# One call happens in one place: its points lie within this many degrees of each other
# (about 300 km; a bbox, a polygon, a drop and its incident are far closer).
REGION_DEGREES = 3.0


def _region_held(props: Props, args: dict[str, Any]) -> Iterator[bool]:
    points = _coordinates(args, [])
    if len(points) >= 2:
        yield max(abs(a[0] - b[0]) for a in points for b in points) <= REGION_DEGREES and \
            max(abs(a[1] - b[1]) for a in points for b in points) <= REGION_DEGREES
    prose = " ".join(_desc(s) for s in props.values())
    if points and re.search(r"\b(?:lon|lng|longitude)s?\b[^.;]{0,20}\bnegative\b", prose, re.IGNORECASE):
        yield all(p[1] < 0 for p in points)


_NEEDS = re.compile(r"\brequires? (\w+)(?: (?:or|and) (\w+))?")
_WHEN_SET = re.compile(r"\brequired when (\w+) is ['\"`]?(\w+)", re.IGNORECASE)


def _needs_held(props: Props, args: dict[str, Any]) -> Iterator[bool]:
    """A parameter whose description says it "requires A or B" comes with A or B set; one
    "required when P is V" comes with P = V."""
    for name, schema in props.items():
        if name not in args or args[name] in (None, False, ""):
            continue
        m = _NEEDS.search(_desc(schema))
        others = [o for o in (m.group(1), m.group(2)) if o and o in props] if m else []
        if others:
            yield any(args.get(o) not in (None, False, "") for o in others)
        w = _WHEN_SET.search(_desc(schema))
        if w and w.group(1) in props:
            yield args.get(w.group(1)) == w.group(2)


_DAY_ONLY = re.compile(r"\bsame (?:calendar )?day\b|\bone calendar day\b", re.IGNORECASE)


def _same_day_held(props: Props, args: dict[str, Any]) -> Iterator[bool]:
    """Start and end on one day when the tool's parameters say so (the audit sees only the
    parameters, so the rule is read where it is written on them)."""
    prose = " ".join(_desc(s) for s in props.values())
    if not _DAY_ONLY.search(prose):
        return
    for a, b in ordered_pairs(props):
        ka, kb = _key(args.get(a)), _key(args.get(b))
        if ka and kb and ka[0] == kb[0] == "d":
            yield ka[1].date() == kb[1].date()


# "Local end, same format", "Same format as period_from", "same as start": its own reading.
_SAME_FORMAT = re.compile(r"\bsame (?:format|type|kind|notation|syntax)\b(?: as (?:the )?[`'\"]?(\w+))?|"
                          r"\bsame as (?:the )?[`'\"]?(\w+)", re.IGNORECASE)


def _sibling(name: str, props: Props) -> str | None:
    """The parameter a "same format" one points at: named, else its partner in PAIRS."""
    m = _SAME_FORMAT.search(_desc(props.get(name) or {}))
    if not m:
        return None
    named = m.group(1) or m.group(2)
    if named in props and named != name:
        return named
    return next((a if b == name else b for a, b in ordered_pairs(props) if name in (a, b)), None)


def _same_format_held(props: Props, args: dict[str, Any]) -> Iterator[bool]:
    """A value said to have its sibling's format is a moment when the sibling's is one (of the
    same kind: a day, a clock time, a day and time), never a word from elsewhere ("json")."""
    for name, value in args.items():
        other = _sibling(name, props)
        if other is None or other not in args:
            continue
        theirs = _key(args[other])
        if theirs is not None and theirs[0] in ("d", "t"):
            mine = _key(value)
            yield mine is not None and mine[0] == theirs[0] and \
                (":" in str(value)) == (":" in str(args[other]))


CALL_CHECKS: dict[str, Callable[[Props, dict[str, Any]], Iterator[bool]]] = {
    "same_format": _same_format_held,
    "region": _region_held,
    "needs": _needs_held,
    "same_day": _same_day_held,
    "ordered": _ordered_held,
    "meal": _meal_held,
    "distance": _distance_held,
}
CHECKS = [c.name for c in VALUE_CHECKS] + list(CALL_CHECKS) + ["rules"]


# ---------------------------------------------------------------- tallies


@dataclass
class Tally:
    """Per check: values (or pairs) it applied to, and the ones that failed (with examples)."""

    checked: Counter[str] = field(default_factory=Counter)
    failed: Counter[str] = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)

    def add(self, check: str, ok: bool, what: str) -> None:
        self.checked[check] += 1
        if not ok:
            self.failed[check] += 1
            self.examples.setdefault(check, [])
            if len(self.examples[check]) < 3:
                self.examples[check].append(what)

    def figures(self) -> dict[str, float | int | None]:
        out: dict[str, float | int | None] = {}
        for check in CHECKS:
            n = self.checked[check]
            out[f"{check}.checked"] = n
            out[f"{check}.held"] = round(1 - self.failed[check] / n, 3) if n else None
        return out


def audit_call(tally: Tally, props: Props, args: dict[str, Any]) -> None:
    """Every check over one call (nested objects' fields included)."""
    for name, value in args.items():
        schema = props.get(name) or {}
        for check in VALUE_CHECKS:
            if check.applies(name, schema, value):
                tally.add(check.name, check.ok(name, schema, value), f"{name}={value!r}"[:80])
        if isinstance(value, dict) and isinstance(schema.get("properties"), dict):
            audit_call(tally, schema["properties"], value)
    for name, held in CALL_CHECKS.items():
        for ok in held(props, args):
            tally.add(name, ok, json.dumps(args, default=str)[:80])


def audit_calls(calls: Iterable[Call], book: RuleBook | None = None) -> Tally:
    """Every check over `calls`; with a run's value profiles (`book`), each call of a profiled
    tool also against every rule of its tool that applies."""
    tally = Tally()
    for call in calls:
        props, args = call
        if isinstance(args, dict):
            audit_call(tally, props, args)
            if book is not None and isinstance(call, NamedCall) and call.tool in book.rules:
                _audit_rules(tally, book, call.tool, args, call.time)
    return tally


def _audit_rules(tally: Tally, book: RuleBook, tool: str, args: dict[str, Any], time: str | None) -> None:
    now = _key(time)
    for kind, what in broken(book.rules[tool], args, now[1] if now and now[0] == "d" else book.reference):
        tally.add("rules", what is None, f"{tool} {kind}: {what}"[:100])


# ---------------------------------------------------------------- reading calls from files


def _props(tool: dict[str, Any]) -> tuple[str, Props] | None:
    fn = tool.get("function", tool)
    params = fn.get("parameters") or {}
    props = params.get("properties") if isinstance(params, dict) else None
    return (str(fn.get("name")), props) if isinstance(props, dict) else None


def _arguments(raw: Any) -> dict[str, Any] | None:
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except ValueError:
            return None
    return raw if isinstance(raw, dict) else None


def _row_calls(row: dict[str, Any]) -> Iterator[Call]:
    """Calls of a row that carries its tools (SDG chat rows, judge rows): each call with the
    properties of the tool it names."""
    if row.get("label") not in (None, "VALID_CALL"):
        return  # a judge row's corrupted candidate is wrong on purpose
    tools = row.get("tools") or row.get("tools_list")
    if isinstance(tools, str):
        try:
            tools = json.loads(tools)
        except ValueError:
            tools = None
    schemas = dict(p for t in tools or [] if isinstance(t, dict) and (p := _props(t)))
    messages = row.get("messages") or row.get("messages_history") or []
    if isinstance(messages, str):
        try:
            messages = json.loads(messages)
        except ValueError:
            messages = []
    for msg in messages if isinstance(messages, list) else []:
        for call in (msg.get("tool_calls") or []) if isinstance(msg, dict) else []:
            fn = call.get("function", call) if isinstance(call, dict) else {}
            args = _arguments(fn.get("arguments"))
            if fn.get("name") in schemas and args is not None:
                yield named(schemas[fn["name"]], args, fn["name"])
    gold = row.get("gold") or row.get("gold_call")
    if isinstance(gold, str):
        gold = _arguments(gold)
    if isinstance(gold, dict) and gold.get("tool") in schemas:
        args = _arguments(gold.get("arguments"))
        if args is not None:
            yield named(schemas[gold["tool"]], args, gold["tool"])


def file_calls(path: Path) -> Iterator[Call]:
    """The calls of every file under `path`: rows that carry their tools (SDG, judge), and the
    native files whose schemas sit elsewhere in the run (TRAIL, TRAJECT-Bench, BFCL)."""
    yield from _carried_calls(path)
    for reader in NATIVE_READERS:
        yield from reader(path)


def _carried_calls(path: Path) -> Iterator[Call]:
    """The calls of every JSON / JSON-lines file under `path` whose rows carry their tools."""
    files = sorted(path.rglob("*.jsonl")) + sorted(path.rglob("*.json")) if path.is_dir() else [path]
    for f in files:
        if any(part.startswith(".") for part in f.relative_to(path).parts[:-1]) if path.is_dir() else False:
            continue  # a run's .state/ holds the same rows again
        for row in _file_rows(f):
            if isinstance(row, dict):
                yield from _row_calls(row)


# ---------------------------------------------------------------- native files (schemas elsewhere in the run)


def _found(path: Path, pattern: str) -> list[Path]:
    """Files named like `pattern` under `path` (or `path` itself), outside hidden folders."""
    if path.is_file():
        return [path] if path.match(pattern) else []
    return [f for f in sorted(path.rglob(pattern)) if not any(p.startswith(".") for p in f.relative_to(path).parts)]


def _load(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None


def _tool_files(folder: Path) -> dict[str, Props]:
    """Tool name -> properties of every OpenAI-style tool list under `folder`."""
    out: dict[str, Props] = {}
    for f in sorted(folder.rglob("*.json")) if folder.is_dir() else []:
        data = _load(f)
        for tool in data if isinstance(data, list) else []:
            if isinstance(tool, dict) and (found := _props(tool)):
                out[found[0]] = _json_types(found[1])
    return out


def _near(start: Path, name: str) -> Path | None:
    """The folder `name` beside `start` or beside one of its parents (a product's own schemas)."""
    for folder in (start, *start.parents):
        if (folder / name).is_dir():
            return folder / name
    return None


def _trail_calls(path: Path) -> Iterator[Call]:
    """TRAIL targets: each `answer` with its tool from the run's trail/apis/ (`<toolname>_<apiname>`)."""
    for f in _found(path, "all_generated_queries_*.json"):
        apis = _near(f.parent, "apis")
        schemas = _tool_files(apis) if apis else {}
        data = _load(f)
        for rec in data if isinstance(data, list) else []:
            answer = rec.get("answer") if isinstance(rec, dict) else None
            if not isinstance(answer, dict):
                continue
            name = f"{answer.get('toolname')}_{answer.get('apiname')}"
            props = schemas.get(name)
            if props is not None and isinstance(answer.get("parameters"), dict):
                yield named(props, answer["parameters"], name, rec.get("time"))


def _traject_calls(path: Path) -> Iterator[Call]:
    """TRAJECT-Bench steps (parallel simple_ver, sequential traj_query; hard_ver repeats the simple
    calls) with their tool from traject/tools/, the values read back from the strings upstream writes."""
    for f in [*_found(path, "simple_ver.json"), *_found(path, "traj_query.json")]:
        tools = _near(f.parent, "tools")
        schemas = _tool_files(tools) if tools else {}
        data = _load(f)
        for rec in data if isinstance(data, list) else []:
            steps = (rec.get("tool list") or rec.get("trajectory") or []) if isinstance(rec, dict) else []
            for step in steps if isinstance(steps, list) else []:
                props = schemas.get(str(step.get("tool name"))) if isinstance(step, dict) else None
                if props is None:
                    continue
                params = [*(step.get("required parameters") or []), *(step.get("optional parameters") or [])]
                yield named(props, {p["name"]: _unwire(p.get("value"), props.get(p["name"]) or {})
                                    for p in params if isinstance(p, dict) and "name" in p}, step.get("tool name"))


def _bfcl_calls(path: Path) -> Iterator[Call]:
    """BFCL entries with their ground truth (possible_answer/ or gold/ beside them): the first
    acceptable value of each parameter, with the function docs inside the entry."""
    for f in _found(path, "BFCL_v4_*.json"):
        if f.parent.name in ("possible_answer", "gold"):
            continue
        answers = {r.get("id"): r for folder in ("possible_answer", "gold")
                   for r in _rows(_text(f.parent / folder / f.name)) if isinstance(r, dict)}
        for entry in _rows(_text(f)):
            truth = answers.get(entry.get("id")) if isinstance(entry, dict) else None
            if truth is None:
                continue
            docs = {n: _json_types(props) for d in entry.get("function") or [] if (found := _props(d))
                    for n, props in [found]}
            for call in truth.get("ground_truth") or []:
                for fn, args in call.items() if isinstance(call, dict) else []:
                    if fn in docs and isinstance(args, dict):
                        yield named(docs[fn], {k: v[0] for k, v in args.items()
                                               if isinstance(v, list) and v and v[0] not in ("", None)}, fn)


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""


NATIVE_READERS: list[Callable[[Path], Iterator[Call]]] = [_trail_calls, _traject_calls, _bfcl_calls]

_BFCL_TYPES = {"dict": "object", "float": "number", "tuple": "array", "any": "string", "int": "integer",
               "bool": "boolean", "str": "string", "list": "array"}


def _json_types(props: Props) -> Props:
    """BFCL's Python type names ("dict", "float", "tuple") as JSON Schema's, nested schemas too."""
    return {k: _json_schema(v) for k, v in props.items() if isinstance(v, dict)}


def _json_schema(schema: dict[str, Any]) -> dict[str, Any]:
    out = dict(schema)
    if isinstance(out.get("type"), str):
        out["type"] = _BFCL_TYPES.get(out["type"], out["type"])
    if isinstance(out.get("properties"), dict):
        out["properties"] = _json_types(out["properties"])
    if isinstance(out.get("items"), dict):
        out["items"] = _json_schema(out["items"])
    return out


def _unwire(value: Any, schema: dict[str, Any]) -> Any:
    """A TRAJECT-Bench string value as the JSON value it stands for under its schema ("2" is 2
    for an integer, "a, b" a list, "true" a boolean); a string that reads as neither stays one."""
    kind = schema.get("type")
    if not isinstance(value, str) or kind in (None, "string"):
        return value
    try:
        if kind == "integer" and re.fullmatch(r"-?\d+", value.strip()):
            return int(value)
        if kind == "number" and re.fullmatch(r"-?\d+(?:\.\d+)?", value.strip()):
            return float(value)
        if kind == "boolean" and value.lower() in ("true", "false"):
            return value.lower() == "true"
        if kind in ("array", "object") and value.strip()[:1] in "[{":
            return json.loads(value)
    except ValueError:
        return value
    if kind == "array":
        items = schema.get("items")
        item_schema: dict[str, Any] = items if isinstance(items, dict) else {}
        return [_unwire(v.strip(), item_schema) for v in value.split(",")] if value.strip() else []
    return value


def _file_rows(f: Path) -> Iterator[Any]:
    """The rows of one file; JSON-lines files are streamed line by line (a million-row
    train.jsonl is never held whole)."""
    try:
        if f.suffix == ".jsonl":
            with f.open(encoding="utf-8") as fh:
                for line in fh:
                    try:
                        yield json.loads(line)
                    except ValueError:
                        continue
            return
        text = f.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return
    yield from _rows(text)


def _rows(text: str) -> Iterator[Any]:
    try:
        data = json.loads(text)
        yield from data if isinstance(data, list) else [data]
        return
    except ValueError:
        pass
    for line in text.splitlines():
        try:
            yield json.loads(line)
        except ValueError:
            continue


# ---------------------------------------------------------------- report

MEANING = {
    "range": "numbers in the range the schema, the prose (\"1-8\", \"0 (none) to 5\") or the measure (pH, %) gives",
    "region": "one call's coordinates within ~300 km of each other, west of Greenwich when the prose says so",
    "needs": "a parameter that \"requires A or B\" or is \"required when P is V\" comes with them",
    "same_day": "start and end on one day where the parameters' prose says \"same day\"",
    "same_format": "a value in \"the same format\" as a sibling moment is a moment of that kind (no \"json\" for an end)",
    "own_words": "strings that are no label of the parameter's own name and a number (\"reported 4\") and no "
                 "phrase lifted from its description (\"facility code\")",
    "listed": "values from the list a description gives (\"one of: low, mid, high\")",
    "code": "country / currency / language / airport codes that exist (pycountry, airportsdata)",
    "count": "counts that are counts (0 to 99,999: no timestamp)",
    "word": "status-like words (status, units, freq, level, amenities, ...): short, no sentence, no surname",
    "note": "free text (notes, reason, requests, instructions): a phrase, no bare name, no instruction to a model",
    "ordered": "ordered pairs held (start <= end, min <= max, arrival <= departure, after <= before, ...)",
    "meal": "a meal at a time it is eaten",
    "distance": "a distance only with an activity that covers one",
    "rules": "the rules of the tool's value profile (value_profiles.json): requires, forbids, allowed, one of, order, calendar",
}


def plausibility_lines(tally: Tally) -> list[str]:
    """The audit as a text table: one row per check with what it applied to."""
    rows = [c for c in CHECKS if tally.checked[c]]
    if not rows:
        return []
    out = ["plausibility (values a person would use; generator.core.plausibility):",
           f"  {'check':10} {'checked':>8} {'held':>7}  failed e.g."]
    for c in rows:
        n, bad = tally.checked[c], tally.failed[c]
        eg = "; ".join(tally.examples.get(c, [])) or "-"
        out.append(f"  {c:10} {n:8d} {1 - bad / n:7.3f}  {eg}")
    out += [f"  {c}: {MEANING[c]}" for c in rows]
    return out


def add_plausibility(report: Any, path: Path) -> Any:
    """`trajgen stats` hook: the table appended to the report, its figures under `plausibility.*`."""
    tally = audit_calls(file_calls(path), load_rules(path))
    lines = plausibility_lines(tally)
    if lines:
        report.lines += lines
        report.figures |= {f"plausibility.{k}": v for k, v in tally.figures().items()}
    return report
