"""The places of one call at one scale, in one country.

Each place parameter is drawn on its own: a town, a street address or a landmark. Side by side in
one call they must read as one trip (set 28, the bundled catalog played by a capable model: a walk
from Prague to "Bates Plaza" by way of Oslo, a drive from Lisbon to "579 Rodney Mountain" through
Cardiff and London, public transit from Liverpool to London stopping at two street addresses).
So a call's places take the scale of its first place (a town, or a spot in a town), a walk or a
ride by bike is always within a town, and the towns of one call are in one country, unless the
tool flies or sails (a flight from Boston to Lisbon is a trip people take).
"""

from __future__ import annotations

import random
import re
from typing import Any

from ..records import Tool
from . import semantic

_COUNTRY = dict(semantic.CITIES)
_LOCAL_MODE = re.compile(r"\b(?:walk\w*|foot|bik\w*|bicycl\w*|cycl\w*|scooter)\b", re.IGNORECASE)
_ABROAD = re.compile(r"\b(?:flights?|fly|flying|airlines?|air|airports?|cruises?|ferr(?:y|ies)|sail\w*|ship\w*)\b",
                     re.IGNORECASE)

Slot = tuple[str, int | None]  # a parameter and, for a list of places, the entry


def _slots(tool: Tool, args: dict[str, Any], fixed: frozenset[str], pool: dict[str, list[Any]]) -> list[tuple[Slot, str, bool]]:
    """Every place value of the call, in the schema's order: its slot, its text, and whether it
    may change (not fixed by the caller, not a persona's own place)."""
    out: list[tuple[Slot, str, bool]] = []
    for name, schema in tool.properties.items():
        if name not in args or not isinstance(schema, dict):
            continue
        inner = schema.get("items") if isinstance(args[name], list) else schema
        if not isinstance(inner, dict) or semantic.infer(name, inner) not in ("place", "city"):
            continue
        free = name not in fixed
        values = args[name] if isinstance(args[name], list) else [args[name]]
        for i, value in enumerate(values):
            if isinstance(value, str):
                out.append(((name, i if isinstance(args[name], list) else None), value,
                            free and value not in (pool.get(name) or [])))
    return out


def _is_town(value: str) -> bool:
    return value in _COUNTRY


def one_trip(tool: Tool, args: dict[str, Any], rng: random.Random, fixed: frozenset[str],
             pool: dict[str, list[Any]]) -> dict[str, Any]:
    """`args` with the call's places at one scale and, for towns, in one country."""
    slots = _slots(tool, args, fixed, pool)
    if len(slots) < 2:
        return args
    local = any(isinstance(v, str) and _LOCAL_MODE.search(v) for v in args.values()) or not _is_town(slots[0][1])
    abroad = bool(_ABROAD.search(f"{tool.name} {tool.description}"))
    if not local and not abroad and slots[0][2] and len(_towns(_COUNTRY[slots[0][1]])) < len(slots):
        first = rng.choice(sorted(c for c, code in semantic.CITIES if len(_towns(code)) >= len(slots)))
        _put(args, slots[0][0], first)  # Oslo has no second town here: the trip starts where one has
        slots[0] = (slots[0][0], first, False)
    country = None if local else _COUNTRY[slots[0][1]]
    used = {v for _, v, _ in slots}
    for slot, value, free in slots:
        if not free or (local and not _is_town(value)) or \
                (not local and _is_town(value) and (abroad or _COUNTRY[value] == country)):
            continue
        new = _local_place(rng) if local else _town_in(country or "", used, rng)
        if new is None:
            continue
        used.add(new)
        _put(args, slot, new)
    return args


def _local_place(rng: random.Random) -> str:
    """A spot in a town: a street address or a landmark."""
    if rng.random() < 0.5:
        return semantic.street_address(rng)
    return semantic.landmark(rng)


def _towns(country: str) -> list[str]:
    return sorted(c for c, code in semantic.CITIES if code == country)


def _town_in(country: str, used: set[str], rng: random.Random) -> str | None:
    towns = [c for c in _towns(country) if c not in used]
    return rng.choice(towns) if towns else None


def _put(args: dict[str, Any], slot: Slot, value: str) -> None:
    name, i = slot
    if i is None:
        args[name] = value
    else:
        args[name] = [*args[name][:i], value, *args[name][i + 1:]]
