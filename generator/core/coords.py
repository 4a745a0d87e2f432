"""Coordinates that lie in the place their call names.

A call that gives a US state (or a county or town with it) and a latitude/longitude pair names
one place twice; drawn apart, the two disagree (set 41: "in Bexar County ... state TX, a latitude
of 36.0923, a longitude of -91.2325", a point in Arkansas, in 29 rows of one catalog). The pair is
moved next to a town of the place (`zips.point_of`), unless it already lies near one.
"""

from __future__ import annotations

import random
import re
from typing import Any

from . import semantic, zips
from .schema import is_valid

# How far (degrees) a drawn point may lie from a town of its place and still be kept, and how far
# a moved one is spread around the town (a site near town, not in its post office).
_NEAR = 0.35
_SPREAD = 0.08


def in_their_place(props: dict[str, Any], args: dict[str, Any], rng: random.Random,
                   keep: frozenset[str]) -> dict[str, Any]:
    """`args` with its latitude and longitude next to a town of the call's state (its county's or
    its own town where the call gives one); unchanged when either coordinate is fixed, the call
    names no two-letter state, or the place has no town the ZIP list locates."""
    kinds = {n: semantic.infer(n, s) for n, s in props.items() if isinstance(s, dict) and n in args}
    lat = next((n for n, k in kinds.items() if k == "latitude" and _number(args[n])), None)
    lon = next((n for n, k in kinds.items() if k == "longitude" and _number(args[n])), None)
    state = next((args[n] for n, k in kinds.items() if k == "state" and isinstance(args[n], str)
                  and re.fullmatch(r"[A-Z]{2}", args[n])), None)
    if lat is None or lon is None or state is None or lat in keep or lon in keep:
        return args
    points = _points(args, kinds, state)
    if not points or any(abs(args[lat] - y) <= _NEAR and abs(args[lon] - x) <= _NEAR for y, x in points):
        return args
    y, x = rng.choice(points)
    moved = {lat: _like(args[lat], y + rng.uniform(-_SPREAD, _SPREAD)),
             lon: _like(args[lon], x + rng.uniform(-_SPREAD, _SPREAD))}
    if not all(is_valid(props[n], v) for n, v in moved.items()):
        return args
    return {**args, **moved}


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _points(args: dict[str, Any], kinds: dict[str, str], state: str) -> list[tuple[float, float]]:
    """The (lat, lon) of the call's town, else of its county's towns, else of the state's towns."""
    town = next((args[n] for n, k in kinds.items() if k == "city" and isinstance(args[n], str)), None)
    county = next((args[n] for n, k in kinds.items() if k == "county" and isinstance(args[n], str)), None)
    towns: tuple[str, ...] = (town,) if town else ()
    if not towns and county:
        towns = zips.towns_in(county, state)[:10]
    if not towns:
        towns = zips.towns_of(state)[:30]
    return [p for t in towns if (p := zips.point_of(t, state)) is not None]


def _like(drawn: float, value: float) -> float:
    """`value` with the decimals of the drawn coordinate (4 where it had none)."""
    text = repr(float(drawn))
    decimals = len(text.split(".")[1]) if "." in text and not text.endswith(".0") else 4
    return round(value, max(2, min(decimals, 6)))
