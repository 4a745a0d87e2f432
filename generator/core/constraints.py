"""Cross-parameter constraints: pairs of parameters whose values must agree with each other.

Parameters are sampled one by one (generator.core.values), so without this a call can say
"from Port Calder to Port Calder", return before it departs or ask for 1 ticket with 2 seats.
Pairs are detected from a schema's parameter names alone:

- role pairs of the same stem ("origin_city"/"destination_city", "min_price"/"max_price",
  "check_in"/"check_out", "start_time"/"end_time", ...) whose values must be ordered
  (first <= second; strictly when both carry a clock time or the pair is a check-in/out)
  when both parse as numbers/dates/times, and must differ when both are plain strings
  (places, currencies, languages);
- counts and lists of the same noun ("tickets"/"seat_numbers", "num_passengers"/
  "passenger_names"): the count equals the list length.

`constraint_problems` checks any call; `repair` makes a sampled call consistent by swapping,
shifting or resampling values, never touching the `keep` (caller-fixed) parameters.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import lru_cache
from itertools import pairwise
from typing import Any

from ..records import Tool
from .memo import by_identity


@dataclass(frozen=True)
class Role:
    """Two name parts (as token tuples) that mark the earlier/lower and later/upper side."""
    first: tuple[str, ...]
    second: tuple[str, ...]
    distinct: bool  # plain-string values must differ (places); False: only ordering applies
    strict: bool = False  # equal values contradict even without a clock time
    by_order: bool = False  # either side may come first: the one the schema lists first does
    chain: bool = False  # a step of a sequence (batched, arrived, discharged): each name in several pairs


def _role(first: str, second: str, distinct: bool, strict: bool = False, by_order: bool = False,
          chain: bool = False) -> Role:
    return Role(tuple(first.split()), tuple(second.split()), distinct, strict, by_order, chain)


# The steps of a delivery or a job in the order they happen: a load is batched (or dispatched),
# arrives, then is discharged or completed (set 20: discharge before batch on delivery tickets).
_STEPS = ("dispatch", "batch", "loaded", "arrival", "discharge complete", "discharge", "completion")


# Order matters only for overlapping words: longer role words come first.
ROLES: list[Role] = [
    _role("check in", "check out", False, True),
    _role("checkin", "checkout", False, True),
    _role("origin", "destination", True),
    _role("home", "away", True),  # a game's two teams (set 49: "Blue Line Bandits" against themselves)
    _role("source", "destination", True),
    _role("from", "to", True),
    _role("tare", "gross", False, True),  # an empty container weighs less than a full one
    _role("net", "gross", False),
    _role("started", "finished", False, True),
    _role("start", "finish", False, True),
    _role("start", "end", True),
    _role("begin", "end", True),
    # a trip departs then arrives, a stay (a port call, a hotel) arrives then departs: the
    # schema's own order says which ("arrival_date" listed before "departure_date")
    _role("departure", "arrival", True, by_order=True),
    _role("depart", "arrive", True, by_order=True),
    _role("eta", "etd", False, True),
    _role("arrival", "departure", True),
    _role("pickup", "dropoff", True),
    _role("pickup", "return", False, True),  # a rental: picked up, then returned
    _role("departure", "return", False),
    _role("depart", "return", False),
    _role("outbound", "return", False),
    _role("min", "max", False),
    _role("minimum", "maximum", False),
    _role("lower", "upper", False),
    _role("low", "high", False),  # a low-pressure test before the high one, a day's low and high
    _role("earliest", "latest", False),
    _role("since", "until", False),
    _role("from", "until", False),
    _role("after", "before", False),
    _role("open", "close", False, True),
    _role("opens", "closes", False, True),
    _role("first", "last", False),
    _role("onset", "end", False),  # an adverse event ends after it began (set 37)
    _role("onset", "resolution", False),
    _role("south", "north", False),
    _role("west", "east", False),
    _role("sw", "ne", False),
    *(_role(a, b, False, True, chain=True) for i, a in enumerate(_STEPS) for b in _STEPS[i + 1:]),
]
# Roles that bound a range: ordered even between coordinates.
_BOUND_ROLES = frozenset({("min",), ("minimum",), ("lower",), ("south",), ("west",), ("sw",)})

_COUNT_WORDS = frozenset({"num", "number", "of", "count", "n", "no", "total"})
_LIST_WORDS = frozenset({"name", "number", "id", "list", "code", "label", "tag", "ref"})
# Nouns that count the same thing: one ticket, one seat.
_SAME_NOUN = {"ticket": "seat", "seat": "seat", "traveler": "passenger", "traveller": "passenger"}


# Stem words that make a role pair unordered (coordinates run either way) or allow equal
# strings (both bounds "including", both legs "walking").
_UNORDERED = frozenset({"lat", "latitude", "lon", "long", "lng", "longitude", "x", "y", "z", "coord",
                        "coordinate", "coordinates", "offset"})
_MAY_EQUAL = frozenset({"type", "kind", "mode", "format", "status", "inclusive", "exclusive", "style"})
# Placeholder strings that mean "no value" rather than a value.
_BLANKS = frozenset({"", "null", "none", "n/a", "any", "dontcare", "all"})


@dataclass(frozen=True)
class Pair:
    kind: str  # "order" (role pair), "count" (first = count, second = list), "meal" (meal, time),
    # "distance" (activity, distance)
    first: str
    second: str
    role: Role | None = None
    stem: tuple[str, ...] = ()
    day: tuple[str, str] | None = None  # for a clock-time pair: the date pair of the same moments

    @property
    def ordered(self) -> bool:
        # a bbox's bounds run one way whatever they bound (min_lat <= max_lat); other coordinate
        # pairs (origin_lat / destination_lat) run either way
        bound = self.role is not None and self.role.first in _BOUND_ROLES
        return bound or not set(self.stem) & _UNORDERED

    @property
    def distinct(self) -> bool:
        return self.role is not None and self.role.distinct and not set(self.stem) & _MAY_EQUAL


# ---------------------------------------------------------------- detection


def tokens(name: str) -> tuple[str, ...]:
    """Lower-case name words: camelCase and snake_case both split."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    return tuple(t for t in re.split(r"[^a-z0-9]+", spaced.lower()) if t)


def _stem(words: tuple[str, ...], part: tuple[str, ...]) -> tuple[str, ...] | None:
    """`words` with the first occurrence of `part` replaced by '*', or None when absent."""
    n = len(part)
    for i in range(len(words) - n + 1):
        if words[i:i + n] == part:
            return words[:i] + ("*",) + words[i + n:]
    return None


def _role_pairs(names: list[str]) -> list[Pair]:
    out: list[Pair] = []
    used: set[str] = set()
    for role in ROLES:
        free = set() if role.chain else used
        seconds = {_stem(tokens(n), role.second): n for n in names if n not in free}
        for name in names:
            stem = _stem(tokens(name), role.first) if name not in free else None
            other = seconds.get(stem) if stem is not None else None
            if stem is not None and other and other != name and other not in free:
                first, second = (other, name) if role.by_order and names.index(other) < names.index(name) \
                    else (name, other)
                out.append(Pair("order", first, second, role, stem))
                used |= set() if role.chain else {name, other}
    return _with_days(out)


_CLOCK_WORDS = {"time": "date", "hour": "date", "clock": "date"}


def _with_days(pairs: list[Pair]) -> list[Pair]:
    """A clock-time pair split from its dates (`arrival_date`/`arrival_time`, `departure_date`/
    `departure_time`) is ordered only when both dates are the same day: after the date pair."""
    by_stem = {p.stem: p for p in pairs}
    out = []
    for pair in pairs:
        for i, word in enumerate(pair.stem):
            day_stem = pair.stem[:i] + (_CLOCK_WORDS.get(word, ""),) + pair.stem[i + 1:]
            day = by_stem.get(day_stem)
            if word in _CLOCK_WORDS and day is not None:
                pair = replace(pair, day=(day.first, day.second))
        out.append(pair)
    return sorted(out, key=lambda p: p.day is not None)  # the days first, then the clock times


def _noun(words: tuple[str, ...], drop: frozenset[str]) -> str | None:
    rest = [w for w in map(_singular, words) if w not in drop]
    return _SAME_NOUN.get(rest[0], rest[0]) if len(rest) == 1 else None


def _singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    return word[:-1] if word.endswith("s") and not word.endswith("ss") and len(word) > 3 else word


def _count_pairs(typed: tuple[tuple[str, str], ...]) -> list[Pair]:
    lists = {_noun(tokens(n), _LIST_WORDS): n for n, t in typed if t == "array"}
    out = []
    for name, type_ in typed:
        noun = _noun(tokens(name), _COUNT_WORDS) if type_ == "integer" else None
        if noun and lists.get(noun):
            out.append(Pair("count", name, lists[noun]))
    return out


def pairs_for(props: dict[str, dict[str, Any]]) -> list[Pair]:
    """The constrained parameter pairs of an object schema's properties, in property order."""
    from .values import schema_type
    named = list(_pairs_cached(tuple((n, schema_type(s)) for n, s in props.items())))
    said = _described_pairs(props)
    strict = {frozenset((p.first, p.second)) for p in said if p.role is not None and p.role.strict}
    named = [p for p in named if frozenset((p.first, p.second)) not in strict]  # the prose's "after" is strict:
    taken = {frozenset((p.first, p.second)) for p in named}  # never stalls vacated the day they were taken (set 28)
    return named + [p for p in said if frozenset((p.first, p.second)) not in taken]


# "Time of the incident; must be before the collection": an order the description states, with the
# other parameter named by a word of its name (`collection_time`)
# "Last day the clearance is valid (YYYY-MM-DD); after exam_date and at most 12 months after it": a
# clause opening on the order says it too (set 26: clearances valid for two years).
_SAID_ORDER = re.compile(r"(?:\b(?:(?:must|should|has to|needs to) (?:be |come |fall )?(?:at or |on or )?|(?:at|on) or )|\b(?=within \d)|"
                         r"(?:^|(?<=[;(])\s*)(?:strictly |at or |on or )?|"
                         r"(?<=[,:]\s)(?=(?:at least |no less than )?\d+(?:\.\d+)?(?:(?:,\s*|\s*(?:to|or|-|\u2013)\s*)\d+(?:\.\d+)?)*"
                         r" (?:minutes?|hours?|days?|weeks?|months?) ))"  # ", at least 5
                         # minutes after asystole" (set 45); a bare ", before fuel surcharge" orders no two moments
                         # "at least 2 hours after ready_time" (set 30: a dock closing before the freight is ready)
                         # "30 to 80 days after dry_date" (set 32: a calving due before the dry-off)
                         r"(?:(?:at least |no less than |a minimum of |between )?\d+(?:\.\d+)?"
                         r"(?:(?:,\s*|\s*(?:to|and|or|-|\u2013)\s*)\d+(?:\.\d+)?)* (?:minutes?|hours?|days?|weeks?|months?) )?"
                         r"(before|after|earlier than|later than|prior to|within \d+ (?:hours?|days?|weeks?|months?) of)"
                         r" (?:the |a |its )?([a-z]+)", re.IGNORECASE)  # "mail it within 30 days of the failure to
# appear" (set 48: notices of forfeiture mailed before the hearing the defendant missed)
_SAID_ROLE = _role("said before", "said after", False, True)
_SAID_OR_SAME = _role("said before", "said after", False, False)


# A drawing-schema mark (generator.core.lore): the value comes after this other parameter's, as
# the tool's prose orders them ("must be in order: left_surface < reached_bottom < left_bottom").
AFTER_KEY = "x-after"


def _described_pairs(props: dict[str, dict[str, Any]]) -> list[Pair]:
    return list(_described_pairs_read(props))


@by_identity()
def _described_pairs_read(props: dict[str, dict[str, Any]]) -> list[Pair]:
    out = []
    for name, spec in props.items():
        after = spec.get(AFTER_KEY) if isinstance(spec, dict) else None
        if isinstance(after, str) and after in props and after != name:
            out.append(Pair("order", after, name, _SAID_ROLE))
        m = _SAID_ORDER.search(str((spec or {}).get("description") or "")) if isinstance(spec, dict) else None
        if m is None:
            continue
        word = _singular(m.group(2).lower())
        other = next((n for n in props if n != name and word in (_singular(w) for w in tokens(n))), None)
        if other is None:
            continue
        before = m.group(1).lower() in ("before", "earlier than", "prior to")
        first, second = (name, other) if before else (other, name)
        inclusive = re.search(r"\b(?:at|on) or\b", m.group(0), re.IGNORECASE)  # "on or after": the same day too
        out.append(Pair("order", first, second, _SAID_OR_SAME if inclusive else _SAID_ROLE))
    return out


@lru_cache(maxsize=4096)
def _pairs_cached(typed: tuple[tuple[str, str], ...]) -> tuple[Pair, ...]:
    # Detection reads only names and types, and sampling asks per call: cache by both.
    types = dict(typed)
    roles = [p for p in _role_pairs([n for n, _ in typed]) if not _measured_around(p, types)]
    return tuple(roles + _count_pairs(typed) + _meal_pairs(typed) + _distance_pairs(typed) + _next_pairs(typed)
                 + _death_pairs(typed))


_BEFORE_DEATH = frozenset({"onset", "birth", "diagnosis", "admission", "start", "started", "exposure"})
_DEATH = frozenset({"death", "died", "dod", "deceased"})
_DAY_WORDS = frozenset({"date", "time", "dod", "day"})


def _death_pairs(typed: tuple[tuple[str, str], ...]) -> list[Pair]:
    """A date of death comes on or after the onset, birth or start dated in its call (set 37: a
    death a week before the event's onset)."""
    dated = [(n, set(tokens(n))) for n, t in typed if t == "string" and set(tokens(n)) & _DAY_WORDS]
    deaths = [n for n, w in dated if w & _DEATH]
    return [Pair("order", n, d, _SAID_OR_SAME) for d in deaths for n, w in dated
            if n != d and w & _BEFORE_DEATH and not w & _DEATH]


def _measured_around(pair: Pair, types: dict[str, str]) -> bool:
    """Whether an after/before pair is one number measured before and after an act (a tank's gauge
    `percent_before`, `percent_after`), not a window of moments (`created_after`, `created_before`):
    the act orders when it was read, not the readings (set 32: gauges after a fill below the ones
    before it)."""
    numeric = all(types.get(n) in ("number", "integer", "float") for n in (pair.first, pair.second))
    return numeric and pair.role is not None and pair.role.first == ("after",)


_NEXT_ROLE = _role("now", "next", False, True)
_NOT_MEASURES = frozenset({"next", "due", "date", "time", "at", "on", "of", "the", "id", "number", "value"})


def _next_pairs(typed: tuple[tuple[str, str], ...]) -> list[Pair]:
    """A reading when the next is due and the one it is counted from (`next_due_tach` after
    `tach_at_compliance`; set 23: 14 of 26 next-due readings at or below the reading at compliance):
    two numbers of one measure word, the one named "next" the later; two dates too
    (`next_service_date` after `service_date`; set 48: 10 of 14 stickers due on or before the
    cleaning they certify)."""
    out = []
    for kinds in (("integer", "number"), ("string",)):
        found = [(n, set(tokens(n))) for n, t in typed if t in kinds]
        if kinds == ("string",):
            found = [(n, w) for n, w in found if w & _DAY_WORDS]
        for name, words in found:
            if "next" not in words:
                continue
            measure = words - _NOT_MEASURES
            base = [n for n, w in found if n != name and "next" not in w and measure and measure <= w]
            if len(base) == 1:
                out.append(Pair("order", base[0], name, _NEXT_ROLE))
    return out


def _find(typed: tuple[tuple[str, str], ...], words: frozenset[str], types: tuple[str, ...],
          avoid: frozenset[str] = frozenset()) -> str | None:
    return next((n for n, t in typed if t in types and set(tokens(n)) & words and not set(tokens(n)) & avoid), None)


_MEAL_NAMES = frozenset({"meal", "mealtime", "shift"})  # a meal or a work shift and the time it is at
_CLOCK_NAMES = frozenset({"time", "datetime", "at", "when", "hour", "slot", "start"})
_SPAN_NAMES = frozenset({"duration", "minutes", "hours", "length", "prep", "cook", "total", "max", "min"})


def _meal_pairs(typed: tuple[tuple[str, str], ...]) -> list[Pair]:
    """A meal and the clock time it is for (a late-night snack is not at 9:15 am)."""
    meal = _find(typed, _MEAL_NAMES, ("string",))
    clock = _find(typed, _CLOCK_NAMES, ("string", "integer"), _SPAN_NAMES | _MEAL_NAMES)
    return [Pair("meal", meal, clock)] if meal and clock else []


_ACTIVITY_NAMES = frozenset({"activity", "exercise", "workout", "sport"})
_DISTANCE_NAMES = frozenset({"distance", "km", "miles", "kilometers", "kilometres", "meters", "metres"})


def _distance_pairs(typed: tuple[tuple[str, str], ...]) -> list[Pair]:
    """An activity and the distance covered (a yoga session has none)."""
    activity = _find(typed, _ACTIVITY_NAMES, ("string",))
    distance = _find(typed, _DISTANCE_NAMES, ("number", "integer", "string"))
    return [Pair("distance", activity, distance)] if activity and distance else []


# ---------------------------------------------------------------- reading values as points

_NUMBER_RE = re.compile(r"-?\d+(?:\.\d+)?")
_DATE_FORMATS = ["%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M",
                 "%Y-%m-%d", "%m/%d/%Y", "%H:%M:%S", "%H:%M", "%I:%M %p", "%I:%M%p", "%I %p"]


@dataclass(frozen=True)
class Point:
    """A value placed on a line: a number, or a moment with/without a day and a clock time."""
    kind: str  # "number" | "moment"
    number: float = 0.0
    moment: datetime | None = None
    has_day: bool = False
    has_clock: bool = False
    fmt: str = ""


def _format_list(schema: dict[str, Any]) -> list[str]:
    from .values import value_format
    fmt = value_format(schema)
    return ([fmt] if fmt else []) + _DATE_FORMATS


def as_point(value: Any, schema: dict[str, Any]) -> Point | None:
    """`value` as a number or a moment, or None when it is neither (a place, "tomorrow")."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return Point("number", number=float(value))
    if not isinstance(value, str):
        return None
    if _NUMBER_RE.fullmatch(value.strip()):
        return Point("number", number=float(value))
    return _text_point(value.strip(), tuple(_format_list(schema)))


@lru_cache(maxsize=8192)  # planning places the same history values again for every target
def _text_point(value: str, formats: tuple[str, ...]) -> Point | None:
    for fmt in formats:
        try:
            moment = datetime.strptime(value, fmt)
        except ValueError:
            continue
        has_day = any(x in fmt for x in ("%d", "%Y", "%y", "%j"))
        return Point("moment", moment=moment, has_day=has_day, has_clock="%H" in fmt or "%I" in fmt, fmt=fmt)
    return _iso_point(value)


def _iso_point(value: str) -> Point | None:
    """ISO 8601 with seconds fractions or a zone ("2020-01-01T10:15:30+08:00"): compared as
    local times of one zone, written back with the original zone."""
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    zone = value[len(moment.replace(tzinfo=None).isoformat()):] if moment.tzinfo else ""
    if not value.startswith(moment.replace(tzinfo=None).isoformat()):
        zone = ""
    fmt = "%Y-%m-%dT%H:%M:%S" + zone.replace("%", "")
    return Point("moment", moment=moment.replace(tzinfo=None), has_day=True, has_clock=":" in value, fmt=fmt)


def _keys(a: Point, b: Point) -> tuple[Any, Any, bool] | None:
    """Comparable keys of two points and whether they include a clock time; None if unrelated."""
    if a.kind == b.kind == "number":
        return a.number, b.number, False
    if a.kind != b.kind or a.moment is None or b.moment is None:
        return None
    if a.has_day and b.has_day:
        clock = a.has_clock and b.has_clock
        return (a.moment, b.moment, True) if clock else (a.moment.date(), b.moment.date(), False)
    if a.has_clock and b.has_clock and not a.has_day and not b.has_day:
        return a.moment.time(), b.moment.time(), True
    return None


def _ordered(pair: Pair, a: Point, b: Point) -> bool | None:
    keys = _keys(a, b) if pair.ordered else None
    if keys is None:
        return None
    lo, hi, clock = keys
    strict = pair.role is not None and (pair.role.strict or (clock and pair.distinct))
    return lo < hi if strict else lo <= hi


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, str) and isinstance(b, str):
        return a.strip().lower() == b.strip().lower() and a.strip().lower() not in _BLANKS
    return False


# ---------------------------------------------------------------- meals and activities

# The hours (start inclusive, end exclusive, may wrap past midnight) at which a meal is eaten.
MEAL_HOURS: dict[str, tuple[int, int]] = {
    "breakfast": (5, 11), "brunch": (9, 14), "lunch": (11, 15), "afternoon_tea": (14, 18), "tea": (14, 18),
    "dinner": (17, 23), "supper": (17, 23), "night_snack": (21, 3), "late_night_snack": (21, 3),
    "midnight_snack": (22, 3),
}
# The hours a work shift covers: a night shift's oven loads are not at 11:15 am (set 19).
SHIFT_HOURS: dict[str, tuple[int, int]] = {
    "night": (21, 6), "overnight": (21, 6), "graveyard": (22, 7), "third": (22, 7), "day": (6, 15),
    "first": (6, 15), "swing": (14, 23), "second": (14, 23), "morning": (5, 12), "am": (5, 12),
    "afternoon": (12, 18), "pm": (12, 22), "evening": (17, 23), "late": (18, 24), "early": (4, 10),
}
_PERIOD_HOURS = {**SHIFT_HOURS, **MEAL_HOURS}
# Activities that cover no distance.
STATIONARY = frozenset({"yoga", "pilates", "meditation", "stretching", "weightlifting", "weights", "strength",
                        "strength_training", "strength training", "gym", "crossfit", "boxing", "dance", "dancing",
                        "tai chi", "tai_chi", "hiit", "climbing", "bouldering", "aerobics", "zumba", "barre"})


def meal_fits(meal: str, hour: int) -> bool | None:
    """Whether `hour` is a time the meal is eaten at; None for a meal not in MEAL_HOURS."""
    key = re.sub(r"[\s-]+", "_", meal.strip().lower())
    if key not in _PERIOD_HOURS:
        return None
    lo, hi = _PERIOD_HOURS[key]
    return lo <= hour < hi if lo < hi else (hour >= lo or hour < hi)


def _hour_of(value: Any, schema: dict[str, Any]) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value if 0 <= value <= 23 else None
    point = as_point(value, schema)
    return point.moment.hour if point and point.kind == "moment" and point.has_clock and point.moment else None


def _meal_problem(pair: Pair, meal: Any, clock: Any, props: dict[str, dict[str, Any]]) -> str | None:
    hour = _hour_of(clock, props.get(pair.second) or {})
    fits = meal_fits(meal, hour) if isinstance(meal, str) and hour is not None else None
    return None if fits is not False else f"{pair.first}={meal!r} does not fall at {pair.second}={clock!r}"


def _distance_problem(pair: Pair, activity: Any, distance: Any, props: dict[str, dict[str, Any]]) -> str | None:
    still = isinstance(activity, str) and re.sub(r"[_-]+", " ", activity.lower()).strip() in \
        {re.sub(r"_", " ", a) for a in STATIONARY}
    return f"{pair.first}={activity!r} covers no distance, but {pair.second}={distance!r}" if still else None


_CHECKS: dict[str, Callable[[Pair, Any, Any, dict[str, dict[str, Any]]], str | None]] = {
    "meal": _meal_problem,
    "distance": _distance_problem,
}


def _other_days(day: tuple[str, str], props: dict[str, dict[str, Any]], args: dict[str, Any]) -> bool:
    """Whether a split moment's two dates are different days (then its clock times may run either way)."""
    if day[0] not in args or day[1] not in args:
        return False
    a, b = as_point(args[day[0]], props.get(day[0]) or {}), as_point(args[day[1]], props.get(day[1]) or {})
    return bool(a and b and a.moment and b.moment and a.moment.date() != b.moment.date())


# ---------------------------------------------------------------- spans

_SPAN_UNITS = {"minute": timedelta(minutes=1), "min": timedelta(minutes=1), "hour": timedelta(hours=1),
               "hr": timedelta(hours=1), "day": timedelta(days=1), "night": timedelta(days=1),
               "week": timedelta(weeks=1), "month": timedelta(days=30), "year": timedelta(days=365)}
_UNIT = r"(minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|months?|years?)\b"
_SPAN_RANGE = re.compile(r"(\d+)\s*(?:to|-|–|and)\s*(\d+)\s*" + _UNIT, re.IGNORECASE)
_SPAN_MOST = re.compile(r"(?:up to|at most|no more than|maximum of|max\.?|within)\s*(\d+)\s*" + _UNIT, re.IGNORECASE)
_SPAN_LEAST = re.compile(r"(?:at least|minimum of|min\.?)\s*(\d+)\s*" + _UNIT, re.IGNORECASE)
# Role pairs that hold something for days when no description says for how long: a rental is
# picked up and returned, a stay or a loan checked in and out days apart, not within the hour.
_DAY_SPANS = {("pickup",): (timedelta(days=1), timedelta(days=14)),
              ("check", "in"): (timedelta(days=1), timedelta(days=14)),
              ("checkin",): (timedelta(days=1), timedelta(days=14))}


# Leaving and coming back at clock times of one outing (a field trip, a day charter): hours apart,
# never the quarter of an hour a bare ordering gives (set 13: field trips of 0 to 60 minutes).
_HOUR_SPANS: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[timedelta, timedelta]] = {
    (("depart",), ("return",)): (timedelta(hours=2), timedelta(hours=9)),
    (("departure",), ("return",)): (timedelta(hours=2), timedelta(hours=9)),
    (("leave",), ("return",)): (timedelta(hours=2), timedelta(hours=9))}


def _unit(word: str) -> timedelta:
    return _SPAN_UNITS[word.lower().rstrip("s")]


@lru_cache(maxsize=4096)
def _written_span(text: str) -> tuple[timedelta, timedelta] | None:
    """The span a description gives a range ("rentals run 1 to 28 days", "up to 4 hours")."""
    m = _SPAN_RANGE.search(text)
    if m and int(m.group(1)) <= int(m.group(2)):
        return int(m.group(1)) * _unit(m.group(3)), int(m.group(2)) * _unit(m.group(3))
    most, least = _SPAN_MOST.search(text), _SPAN_LEAST.search(text)
    if not (most or least):
        return None
    lo = int(least.group(1)) * _unit(least.group(2)) if least else timedelta(0)
    hi = int(most.group(1)) * _unit(most.group(2)) if most else timedelta(days=3650)
    return (lo, hi) if lo <= hi else None


def span_of(pair: Pair, props: dict[str, dict[str, Any]], clocked: bool = False) -> tuple[timedelta, timedelta] | None:
    """How far apart the two moments of an ordered role pair lie: the span either side's
    description writes, else a rental's or a stay's days, else (both sides with a clock time) an
    outing's hours; None when nothing says."""
    if pair.kind != "order" or pair.role is None:
        return None
    for name in (pair.second, pair.first):
        written = _written_span(str((props.get(name) or {}).get("description") or ""))
        if written:
            return written
    days = _DAY_SPANS.get(pair.role.first)
    if clocked and pair.role.chain:  # a step of a delivery follows the last within the hour or two
        return timedelta(minutes=10), timedelta(hours=2)
    return days or (_HOUR_SPANS.get((pair.role.first, pair.role.second)) if clocked else None)


def _span_problem(pair: Pair, pa: Point, pb: Point, props: dict[str, dict[str, Any]]) -> str | None:
    span = span_of(pair, props, clocked=pa.has_clock and pb.has_clock)
    one_day = pa.has_clock and pb.has_clock and not pa.has_day and not pb.has_day  # "09:30" and "11:00": one day's
    if span is None or pa.moment is None or pb.moment is None or not (pa.has_day and pb.has_day or one_day):
        return None
    lo, hi = span
    gap = pb.moment - pa.moment
    if not (pa.has_clock and pb.has_clock):  # days only: a span of whole days, either end counted
        lo, gap = timedelta(days=lo.days), timedelta(days=(pb.moment.date() - pa.moment.date()).days)
    return None if lo <= gap <= hi else f"{pair.first} to {pair.second} is {gap}, outside {lo} to {hi}"


# A stretch of a line walked from one position to another (work limits from milepost 73 to 75,
# a day's drilling from 9,850 ft to 10,420 ft, pages 12 to 19): its two ends lie near each other.
# Drawn one by one they did not (set 22: "from milepost 73 to milepost 791", a day drilled from
# 1,700 ft to 11,000 ft, a slow order over 117 miles).
_STRETCH_ROLES = frozenset({(("from",), ("to",)), (("start",), ("end",)), (("begin",), ("end",)),
                            (("start",), ("finish",)), (("started",), ("finished",))})
_POSITION_WORDS = frozenset({"mp", "milepost", "mile", "miles", "km", "kilometer", "kilometre", "kp", "depth",
                             "md", "tvd", "station", "chainage", "odometer", "page", "marker", "post", "position",
                             "offset", "stationing", "measured", "footage"})
_STRETCH_SHARE = 0.04  # of the position the stretch starts at
# A counter that runs for years (a truck's meter totalizer): one job adds a small share of it
# (set 32: a delivery from totalizer 48 to 270,000 gallons).
_COUNTER_WORDS = frozenset({"totalizer", "totaliser", "meter", "counter", "register"})
_COUNTER_SHARE = 0.005


def stretch_of(pair: Pair, props: dict[str, dict[str, Any]], start: float) -> float | None:
    """The longest a stretch starting at `start` runs (a share of where it starts, at least one,
    at most a tenth of the schema's range), or None when the pair is no stretch of positions."""
    role = pair.role
    if role is None or (role.first, role.second) not in _STRETCH_ROLES:
        return None
    words = set(pair.stem) | {w for n in (pair.first, pair.second)
                              for w in tokens(str((props.get(n) or {}).get("description") or ""))[:4]}
    if not words & (_POSITION_WORDS | _COUNTER_WORDS):
        return None
    longest = max(1.0, (_STRETCH_SHARE if words & _POSITION_WORDS else _COUNTER_SHARE) * abs(start))
    from .values import _hard_bounds
    lo, hi = _hard_bounds(props.get(pair.second) or {})
    return min(longest, max(1.0, (hi - lo) / 10)) if lo is not None and hi is not None and hi > lo else longest


def _stretch_problem(pair: Pair, pa: Point, pb: Point, props: dict[str, dict[str, Any]]) -> str | None:
    longest = stretch_of(pair, props, pa.number)
    gap = pb.number - pa.number
    if longest is None or 0 < gap <= longest:
        return None
    return f"{pair.first} to {pair.second} runs {gap:g}, outside 0 to {longest:g}"


# ---------------------------------------------------------------- checking


def pair_problem(pair: Pair, props: dict[str, dict[str, Any]], args: dict[str, Any]) -> str | None:
    """Why the pair's values contradict each other, or None when they agree (or are absent)."""
    if pair.first not in args or pair.second not in args:
        return None
    a, b = args[pair.first], args[pair.second]
    if pair.kind in _CHECKS:
        return _CHECKS[pair.kind](pair, a, b, props)
    if pair.day is not None and _other_days(pair.day, props, args):
        return None
    if pair.kind == "count":
        ok = not isinstance(a, int) or not isinstance(b, list) or a == len(b)
        return None if ok else f"{pair.first}={a} but {pair.second} has {len(b)} item(s)"
    pa, pb = as_point(a, props.get(pair.first) or {}), as_point(b, props.get(pair.second) or {})
    ordered = _ordered(pair, pa, pb) if pa and pb else None
    if ordered is False:
        return f"{pair.first}={a!r} is not before {pair.second}={b!r}"
    if ordered and pa and pb and pa.kind == "moment":
        return _span_problem(pair, pa, pb, props)
    if ordered and pa and pb and stretch_of(pair, props, pa.number) is not None:
        return _stretch_problem(pair, pa, pb, props)
    if ordered is None and pair.distinct and _same(a, b):
        return f"{pair.first} and {pair.second} are both {a!r}"
    return None


def constraint_problems(tool: Tool, args: dict[str, Any]) -> list[str]:
    """Contradictions between a call's arguments (empty when consistent)."""
    props = tool.properties
    found = (pair_problem(p, props, args) for p in pairs_for(props))
    return [f"{tool.name}: {p}" for p in found if p]


# ---------------------------------------------------------------- repairing

# (name, rng, use_pool) -> a fresh valid value; "name[]" asks for one item of the list `name`.
Resampler = Callable[[str, random.Random, bool], Any]


@dataclass
class Fixer:
    """What a repair may use: the object's properties, the caller-fixed names and a resampler
    (values.value_for bound to the call's ref/pool) for fresh draws."""
    props: dict[str, dict[str, Any]]
    keep: frozenset[str]
    resample: Resampler
    rng: random.Random

    def valid(self, name: str, value: Any) -> bool:
        """Valid against the schema and inside the range its description states ("250 to 350"):
        a swap that puts the high test's 19 psi into the low test is no repair."""
        from .values import _hard_bounds, _said_bounds, is_valid
        schema = self.props.get(name) or {}
        if not is_valid(schema, value):
            return False
        if not isinstance(value, int | float) or isinstance(value, bool):
            return True
        lo, hi = _said_bounds(schema, *_hard_bounds(schema))
        return (lo is None or value >= lo) and (hi is None or value <= hi)


def repair(props: dict[str, dict[str, Any]], args: dict[str, Any], rng: random.Random, *,
           keep: frozenset[str] | set[str] = frozenset(), resample: Resampler) -> dict[str, Any]:
    """`args` with every detected pair made consistent where the non-kept side allows it."""
    out = dict(args)
    fixer = Fixer(props, frozenset(keep), resample, rng)
    for chain in _chains(props):
        _paced(chain, out, fixer)
    for pair in pairs_for(props):
        implied = _implied(pair, props, out)
        if implied and pair.kind == "meal":  # a shift left at its default ("night") that the time does not
            trial = {**out, **implied}  # fit (an oven load at 9:30 am): the call says the shift that fits
            if pair_problem(pair, props, trial) is not None:
                _REPAIRS[pair.kind](pair, trial, fixer)
                out = trial if any(trial[k] != v for k, v in implied.items()) else out
        elif implied:  # a side left out holds its default: a gross weight is above the default tare
            trial = {**out, **implied}
            if pair_problem(pair, props, trial) is not None:
                _REPAIRS[pair.kind](pair, trial, replace(fixer, keep=fixer.keep | set(implied)))
                out = {k: v for k, v in trial.items() if k not in implied}
        elif pair_problem(pair, props, out) is not None:
            _REPAIRS[pair.kind](pair, out, fixer)
    return out


def _chains(props: dict[str, dict[str, Any]]) -> list[list[str]]:
    """The parameters AFTER_KEY marks put in order, first to last, one list per chain."""
    after = {n: s[AFTER_KEY] for n, s in props.items() if isinstance(s, dict) and isinstance(s.get(AFTER_KEY), str)}
    out = []
    for head in dict.fromkeys(a for a in after.values() if a not in after and a in props):
        chain = [head]
        while (step := next((n for n, a in after.items() if a == chain[-1] and n not in chain), None)) is not None:
            chain.append(step)
        out.append(chain)
    return out


def _paced(chain: list[str], args: dict[str, Any], fx: Fixer) -> None:
    """Three or more moments the prose orders (a dive's left surface, reached bottom, left bottom,
    reached surface) as the steps of one act, from the first one's value: each 15 to 60 minutes
    after the one before (one to three days for days), unless they already run in order within a
    day. A pair-by-pair repair undoes one pair while fixing the next (set 26)."""
    names = [n for n in chain if n in args]
    points = [as_point(args[n], fx.props.get(n) or {}) for n in names]
    moments = [p.moment for p in points if p is not None and p.kind == "moment" and p.moment is not None]
    if len(names) < 3 or len(moments) < len(names) or any(n in fx.keep for n in names[1:]):
        return
    clocked = all(p is not None and p.has_clock for p in points)
    if all(a < b for a, b in pairwise(moments)) and (moments[-1] - moments[0] <= timedelta(hours=12) or not clocked):
        return
    at, paced = moments[0], {}
    for name, point in zip(names[1:], points[1:]):
        assert point is not None
        at += timedelta(minutes=15 * fx.rng.randint(1, 4)) if clocked else timedelta(days=fx.rng.randint(1, 3))
        paced[name] = at.strftime(point.fmt)
    if all(fx.valid(n, v) for n, v in paced.items()):
        args.update(paced)


def _implied(pair: Pair, props: dict[str, dict[str, Any]], args: dict[str, Any]) -> dict[str, Any]:
    """The default of an ordered pair's side the call leaves out, when the other side is set (and
    a meal's or a shift's, when its time is set)."""
    if pair.kind == "meal" and pair.first not in args and pair.second in args:
        default = (props.get(pair.first) or {}).get("default")
        return {pair.first: default} if isinstance(default, str) else {}
    if pair.kind != "order" or (pair.first in args) == (pair.second in args):
        return {}
    absent = pair.second if pair.first in args else pair.first
    schema = props.get(absent) or {}
    return {absent: schema["default"]} if isinstance(schema.get("default"), int | float) else {}


def _repair_count(pair: Pair, args: dict[str, Any], fx: Fixer) -> None:
    n, items = args[pair.first], list(args[pair.second])
    if pair.first not in fx.keep and fx.valid(pair.first, len(items)):
        args[pair.first] = len(items)
        return
    if pair.second in fx.keep:
        return
    resized = _resized(pair.second, items, n, fx)
    if resized is not None and fx.valid(pair.second, resized):
        args[pair.second] = resized


def _resized(name: str, items: list[Any], n: int, fx: Fixer) -> list[Any] | None:
    """`items` cut or grown (fresh distinct draws of one item) to `n` entries."""
    item_schema = (fx.props.get(name) or {}).get("items")
    out = items[:n]
    for _ in range(4 * n):
        if len(out) >= n or not isinstance(item_schema, dict):
            break
        value = fx.resample(f"{name}[]", fx.rng, True)
        if value not in out:
            out.append(value)
    return out if len(out) == n else None


def _repair_order(pair: Pair, args: dict[str, Any], fx: Fixer) -> None:
    a, b = pair.first, pair.second
    pa, pb = as_point(args[a], fx.props.get(a) or {}), as_point(args[b], fx.props.get(b) or {})
    if pa is None or pb is None or _ordered(pair, pa, pb) is None:
        _repair_distinct(pair, args, fx)
        return
    if _try_swap(pair, args, fx):
        return
    span = span_of(pair, fx.props, clocked=pa.has_clock and pb.has_clock) \
        if pa.kind == "moment" and pa.has_day and pb.has_day else None
    if b not in fx.keep and _try_values(pair, args, b, _within(span, pa, pb, fx.rng) if span else
                                        _later(pair, pa, pb, args[b], fx.rng, props=fx.props), fx):
        return
    if a not in fx.keep:
        _try_values(pair, args, a, _within(span, pb, pa, fx.rng, back=True) if span else
                    _later(pair, pb, pa, args[a], fx.rng, back=True, props=fx.props), fx)


def _try_swap(pair: Pair, args: dict[str, Any], fx: Fixer) -> bool:
    a, b = pair.first, pair.second
    if a in fx.keep or b in fx.keep:
        return False
    swapped = {**args, a: args[b], b: args[a]}
    if fx.valid(a, swapped[a]) and fx.valid(b, swapped[b]) and pair_problem(pair, fx.props, swapped) is None:
        args.update(swapped)
        return True
    return False


def _try_values(pair: Pair, args: dict[str, Any], name: str, candidates: list[Any], fx: Fixer) -> bool:
    for value in candidates:
        trial = {**args, name: value}
        if fx.valid(name, value) and pair_problem(pair, fx.props, trial) is None:
            args[name] = value
            return True
    return False


def _later(pair: Pair, anchor: Point, old: Point, raw: Any, rng: random.Random,
           back: bool = False, props: dict[str, dict[str, Any]] | None = None) -> list[Any]:
    """Candidate values for the side being changed (`old`, raw `raw`) after `anchor` (before
    it when `back`), nearest-plausible first, in the changed side's own type and format."""
    sign = -1 if back else 1
    if anchor.kind == "number":
        longest = stretch_of(pair, props, anchor.number) if props is not None else None
        lengths = _stretch_steps(longest, raw, rng) if longest else _number_steps(anchor.number, rng)
        return [_as_type(anchor.number + sign * d, raw) for d in lengths]
    assert anchor.moment is not None and old.moment is not None
    if anchor.has_day and old.has_day and not (anchor.has_clock and old.has_clock):
        base = old.moment + timedelta(days=(anchor.moment.date() - old.moment.date()).days)
        steps = [timedelta(days=d) for d in _shuffled(range(1, 8), rng)] + [timedelta(0)]
    else:
        base = anchor.moment.replace(year=old.moment.year, month=old.moment.month, day=old.moment.day) \
            if not old.has_day else anchor.moment
        steps = [timedelta(minutes=15 * k) for k in _shuffled(range(2, 13), rng)] + [timedelta(minutes=15)]
    return [(base + sign * s).strftime(old.fmt) for s in steps]


def _within(span: tuple[timedelta, timedelta], anchor: Point, old: Point, rng: random.Random,
            back: bool = False) -> list[Any]:
    """Candidate moments for the changed side (`old`) a span's length after `anchor` (before it
    when `back`): whole days for a span of days, at the changed side's own clock time."""
    assert anchor.moment is not None and old.moment is not None
    lo, hi = span
    sign = -1 if back else 1
    if hi >= timedelta(days=1):
        days = list(range(max(1, lo.days), min(hi.days, 60) + 1)) or [max(1, lo.days)]
        days.sort(key=lambda d: rng.random() * ((d - lo.days) // 7 + 1 if lo.days >= 7 else d - lo.days + 1))
        # (a few days more often than a month; a span of weeks anywhere in its first weeks, never
        # its first day every time: set 32, every calving due 30 days after the dry-off)
        base = datetime.combine(anchor.moment.date(), old.moment.time())
        steps = [timedelta(days=d) for d in days[:8]]
    else:
        quarters = list(range(max(1, -(-lo // timedelta(minutes=15))), hi // timedelta(minutes=15) + 1)) or [1]
        rng.shuffle(quarters)
        base, steps = anchor.moment, [timedelta(minutes=15 * q) for q in quarters[:8]]
    return [(base + sign * s).strftime(old.fmt) for s in steps]


def _stretch_steps(longest: float, raw: Any, rng: random.Random) -> list[float]:
    """Lengths of a stretch up to `longest`, in the raw side's precision (whole for integers,
    tenths for decimals: "milepost 73.4 to 75.1")."""
    whole = isinstance(raw, int) and not isinstance(raw, bool) or longest >= 50
    tenth = 1.0 if whole else 0.1
    top = max(1, int(longest / tenth))
    return [round(rng.randint(max(1, top // 10), top) * tenth, 1) for _ in range(6)] + [tenth]


def _number_steps(x: float, rng: random.Random) -> list[float]:
    unit = max(1.0, round(abs(x) * 0.25))
    return [unit * k for k in _shuffled(range(1, 5), rng)] + [1.0, 0.5, 0.0]


def _as_type(value: float, raw: Any) -> Any:
    if isinstance(raw, str):
        return str(int(value)) if value == int(value) else str(value)
    if isinstance(raw, int) and not isinstance(raw, bool):
        return round(value)
    return float(value)


def _shuffled(values: range, rng: random.Random) -> list[int]:
    out = list(values)
    rng.shuffle(out)
    return out


def _repair_distinct(pair: Pair, args: dict[str, Any], fx: Fixer) -> None:
    for name in (pair.second, pair.first):
        if name in fx.keep:
            continue
        for attempt in range(12):  # preferred (pool) values first, then any valid value
            value = fx.resample(name, fx.rng, attempt < 6)
            trial = {**args, name: value}
            if pair_problem(pair, fx.props, trial) is None:
                args[name] = value
                return


def _repair_meal(pair: Pair, args: dict[str, Any], fx: Fixer) -> None:
    """The meal that fits the time, else a time that fits the meal, else fresh draws of either."""
    hour = _hour_of(args[pair.second], fx.props.get(pair.second) or {})
    if pair.first not in fx.keep and hour is not None:
        enum = (fx.props.get(pair.first) or {}).get("enum") or list(MEAL_HOURS)
        fitting = [m for m in enum if isinstance(m, str) and meal_fits(m, hour)]
        if _try_values(pair, args, pair.first, fitting, fx):
            return
    meal, clock = args.get(pair.first), args.get(pair.second)
    if pair.second not in fx.keep and isinstance(meal, str) and meal in MEAL_HOURS and isinstance(clock, str):
        lo, hi = MEAL_HOURS[meal]  # a time in the meal's own hours ("night_snack" at 21:30, never 15:45)
        hours = [h % 24 for h in range(lo, hi + (24 if hi < lo else 0) + 1)]
        times = [re.sub(r"\d{1,2}:\d{2}", f"{h:02d}:{m:02d}", clock, count=1) for h in hours for m in (0, 30)]
        if _try_values(pair, args, pair.second, fx.rng.sample(times, len(times)), fx):
            return
    for name in (pair.second, pair.first):
        if name not in fx.keep and _try_values(pair, args, name, [fx.resample(name, fx.rng, False)
                                                                  for _ in range(12)], fx):
            return


def _repair_distance(pair: Pair, args: dict[str, Any], fx: Fixer) -> None:
    """Another activity when one fits, else the distance left out."""
    if pair.first not in fx.keep and _try_values(pair, args, pair.first,
                                                 [fx.resample(pair.first, fx.rng, False) for _ in range(12)], fx):
        return
    if pair.second not in fx.keep:
        del args[pair.second]


_REPAIRS: dict[str, Callable[[Pair, dict[str, Any], Fixer], None]] = {
    "count": _repair_count,
    "order": _repair_order,
    "meal": _repair_meal,
    "distance": _repair_distance,
}
