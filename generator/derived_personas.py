"""Personas derived from any catalog, for TRAIL runs whose config names no `personas:` file.

TRAIL needs user histories in which the values of a later call already occurred (so a vague
query can leave them out and stay solvable). A derived persona provides exactly that:

- a name, a home, a workplace and a city (Faker, in the run's locale);
- 4-7 *habits*: catalog tools (those with a parameter a person can have a habit for, spread
  over the domains) called on a schedule with fixed arguments drawn once (places from the
  persona's own), one parameter varying over 2-3 alternatives so that habits form new
  combinations of known values; dates, clock times and meal types are left to the event time;
- *pools*: 2-3 preferred values per parameter name, so one-off calls repeat values too.

Only preferences and standing choices are fixed or pooled (generator.core.habitual): what each
event brings (a new record's title, the id of the object acted on, a measurement, a note) is
drawn anew at every event (generator.personas.Fresh).

Everything is drawn from a generator seeded by the run seed and the persona index, so the
same config gives the same personas. What a catalog needs for this: tools with at least one
parameter whose values can be sampled; nothing else (no hints, no history files).
"""

from __future__ import annotations

import random
from typing import Any

from .catalog import Catalog
from .core import places, zips
from .core.habitual import habitual
from .core.lore import id_like, param_schema
from .core.semantic import faker, infer, street_name, tokens
from .core.values import examples_of, is_temporal, sample_arguments, value_for
from .personas import Habit, Persona
from .records import Tool

MIN_HABITS, MAX_HABITS = 4, 7
DAY_CHOICES: list[Any] = ["daily", "weekdays", "weekends", ["mon", "wed", "fri"], ["tue", "thu"], ["sat"]]
PLACE_PARAMS = ("location", "origin", "destination", "address", "place", "city", "from", "to", "near")


def persona_count(targets: int) -> int:
    """Enough users for the targets: about 6 targets per derived persona, at least 4 (a log
    of 150 events holds about that many calls whose values are all determined -- the most
    recent and most frequent of their parameter -- within repeat_share)."""
    return max(4, -(-targets // 6))


def _places(rng: random.Random, catalog: Catalog) -> dict[str, str]:
    """A persona's home, work and town; the town one of the catalog's own state where it works in
    one, never Faker's "Christiantown" in Loudoun County (set 32). (A real city for every catalog
    emptied TRAIL on TRAILBench's food catalog, whose logs then held no determined value: set 33.)"""
    fake = faker(rng)
    out = {"home": f"{fake.building_number()} {street_name(rng)}",
           "work": f"{fake.last_name()} {rng.choice(['Tower', 'Plaza', 'Campus', 'House'])}",
           "city": fake.city()}
    towns = next((t for d in sorted(catalog.by_domain) if (t := places.home_towns(d))), ())
    listed = _listed_states(catalog)  # "the company operates in these seven": a town of one of them, never
    town = zips.town_of(zips.real_zip(rng, state=rng.choice(listed))) if listed and not towns else None  # "West
    return {**out, "city": rng.choice(towns)} if towns else {**out, "city": town[0]} if town else out  # Josemouth" (set 44)


def _listed_states(catalog: Catalog) -> list[str]:
    """The US states a catalog's `state` enum lists (sorted), or [] where it lists none."""
    codes = set(zips.STATE_NAMES.values())
    found = {str(v) for t in catalog.tools for n, s in t.properties.items() if n.lower() in ("state", "state_code")
             and isinstance(s, dict) for v in s.get("enum") or [] if str(v) in codes}
    return sorted(found)


def _usable(tool: Tool) -> bool:
    return any(is_temporal(p, s) is None and habitual(tool, p) for p, s in tool.properties.items())


def _habit_tools(catalog: Catalog, rng: random.Random) -> list[Tool]:
    """Tools with parameters, spread over domains (one domain at a time, round robin)."""
    by_domain = {d: [t for t in ts if _usable(t)] for d, ts in catalog.by_domain.items()}
    domains = [d for d, ts in by_domain.items() if ts]
    rng.shuffle(domains)
    want = min(rng.randint(MIN_HABITS, MAX_HABITS), sum(len(ts) for ts in by_domain.values()))
    picked: list[Tool] = []
    while len(picked) < want and domains:
        for d in list(domains):
            left = [t for t in by_domain[d] if t not in picked]
            if not left:
                domains.remove(d)
                continue
            picked.append(rng.choice(left))
            if len(picked) >= want:
                break
    return picked


def _is_place(param: str) -> bool:
    """A place parameter: a place word in its name, or a name that is a direction ("from",
    "to_city"), never a word inside another ("note_to_applicant" is a note)."""
    words = tokens(param)
    leads = ("from", "to", "near")
    return bool(set(words) & set(PLACE_PARAMS) - set(leads)) or bool(words) and words[0] in leads and \
        len(words) <= 2 and not set(words) & {"date", "time", "day", "at", "email", "id"}


def _place_pool(tool: Tool, places: dict[str, str]) -> dict[str, list[Any]]:
    return {p: _places_for(p, tool.properties[p], places) for p in tool.properties if _takes_place(p, tool.properties[p])}


# Kinds a persona's place stands for; a place word in a name with another kind ("near_zip": a
# postcode, "to": an email address) takes no "Cohen Tower".
_PLACE_KINDS = frozenset({"place", "address", "city", "location", "generic", "text", "name", "title"})


def _takes_place(param: str, spec: dict[str, Any]) -> bool:
    kind = infer(param, spec if isinstance(spec, dict) else {})
    if not _is_place(param) or kind not in _PLACE_KINDS:
        return False
    if isinstance(spec, dict) and any(id_like(str(e)) for e in examples_of(spec)):
        return False  # a rack location '14-022-C-02' is a code of the site, never "Miller Tower" (set 35)
    words = tokens(param)
    # "to_pen", "from_bin": a direction to a thing the name says, a place only where it reads as one
    # (set 31: a cow released to the pen "7275 Cruz Road"); "to", "from_city" as before
    return len(words) != 2 or bool(set(words) & set(PLACE_PARAMS) - {"from", "to", "near"}) or \
        kind in ("place", "address", "city", "location")


def _places_for(param: str, spec: dict[str, Any], places: dict[str, str]) -> list[Any]:
    """The persona's places a parameter can take: a street address takes the street address (never
    "Cohen Tower" or a town as a "home street address"), a city the city, anything else any of them."""
    named = set(tokens(param))
    if named & {"city", "town"} and not named & {"address", "street"}:  # "City of the service address" is
        return [places["city"]]  # a city (set 46: every persona's city a street address)
    words = named | set(tokens(str(spec.get("description") or ""))[:6])
    if "address" in words or "street" in words:
        return [places["home"]]
    if "city" in words or "town" in words:
        return [places["city"]]
    return list(places.values())


def _window(rng: random.Random) -> str:
    start = rng.randint(7 * 60, 21 * 60)
    end = min(start + rng.choice([15, 20, 30, 45]), 23 * 60 + 59)
    return f"{start // 60:02d}:{start % 60:02d}-{end // 60:02d}:{end % 60:02d}"


def _habit(tool: Tool, places: dict[str, str], rng: random.Random) -> Habit | None:
    try:
        args = sample_arguments(tool, rng, optional_rate=0.3, pool=_place_pool(tool, places))
    except ValueError:
        return None
    fixed = {p: v for p, v in args.items() if is_temporal(p, tool.properties[p]) is None and habitual(tool, p)}
    if not fixed:
        return None
    vary: dict[str, list[Any]] = {}
    varied = [p for p in fixed if not isinstance(fixed[p], bool)]
    if varied:
        p = rng.choice(varied)
        options = [fixed[p]] + [a for _ in range(2) if (a := _alternative(tool, fixed, p, rng)) is not None]
        options = [o for i, o in enumerate(options) if o not in options[:i]]
        if len(options) > 1:
            vary[p] = options
    return Habit(tool=tool.name, days=rng.choice(DAY_CHOICES), at=_window(rng), args=fixed,
                 chance=round(rng.uniform(0.6, 0.9), 2), vary=vary)


def _alternative(tool: Tool, fixed: dict[str, Any], param: str, rng: random.Random) -> Any:
    """Another value of `param` drawn in a whole call beside the habit's other values, so that it
    agrees with them (set 27: a Madison address's latitude varied alone to -13.5); None if none."""
    try:
        args = sample_arguments(tool, rng, optional_rate=1.0, fixed={k: v for k, v in fixed.items() if k != param})
    except ValueError:
        return None
    return args.get(param)


def _pools(catalog: Catalog, places: dict[str, str], rng: random.Random) -> dict[str, list[Any]]:
    """2-3 preferred values per (non-temporal, non-boolean, habitual) parameter name of the catalog."""
    pools: dict[str, list[Any]] = {}
    mixed = _names_of_two_kinds(catalog)
    for tool in catalog.tools:
        for p, schema in tool.properties.items():
            if p in pools or p in mixed or is_temporal(p, schema) is not None or schema.get("type") == "boolean" \
                    or not habitual(tool, p):
                continue
            if _takes_place(p, schema):
                pools[p] = _places_for(p, schema, places)
                continue
            try:
                pools[p] = [value_for(param_schema(tool, p), rng, name=p, optional=p not in tool.required)
                            for _ in range(rng.randint(2, 3))]
            except ValueError:
                continue
    return pools


def _names_of_two_kinds(catalog: Catalog) -> set[str]:
    """Parameter names that mean two kinds of value in the catalog (a horse's `name` and a rider's):
    one pool would give a rider a horse's name (set 28: "the rider Tapit Trice")."""
    kinds: dict[str, set[str]] = {}
    for tool in catalog.tools:
        for p, schema in tool.properties.items():
            kind = infer(p, schema) if isinstance(schema, dict) else ""
            kinds.setdefault(p, set()).add(_FAMILIES.get(kind, kind))
    return {p for p, found in kinds.items() if len(found) > 1}


# Kinds one pool may serve: a place is a place whether a town or a street.
_FAMILIES = {"city": "place", "address": "place", "room": "place", "first_name": "person", "last_name": "person",
             "full_name": "person"}


def derive_persona(catalog: Catalog, index: int, seed: int) -> Persona | None:
    rng = random.Random(f"{seed}:derived-persona:{index}")
    fake = faker(rng)
    places = _places(rng, catalog)
    habits = [h for t in _habit_tools(catalog, rng) if (h := _habit(t, places, rng)) is not None]
    if not habits:
        return None
    name = f"{fake.first_name()} {fake.last_name()}"
    return Persona(id=f"p{index + 1}", name=name, description=f"Derived from the catalog: lives in {places['city']}.",
                   places=places, pools=_pools(catalog, places, rng), habits=habits,
                   one_offs_per_day=1.2)


def derive_personas(catalog: Catalog, seed: int, count: int) -> list[Persona]:
    """`count` personas for `catalog` (fewer only when no tool can be a habit)."""
    return [p for i in range(count) if (p := derive_persona(catalog, i, seed)) is not None]
