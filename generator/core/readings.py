"""A reading taken against a known value lies near it.

An analyzer's response to a reference gas, a dose calibrator's measured activity against the
expected one, an actual weight against its target: drawn apart, they are unrelated numbers (set 41:
"a zero-level reference value of 2, a zero response of 82.4"; linearity responses of 11, 12 and 1 to
a reference of 56.4). A parameter named for what was read beside one named for the known value, with
the same rest of the name (`zero_response` and `zero_reference`, `measured_uci` and `expected_uci`,
`responses` and `reference_value` in one level), is drawn within a few percent of it.
"""

from __future__ import annotations

import random
from typing import Any

from .schema import is_valid
from .semantic import tokens

_READ = frozenset({"response", "responses", "measured", "actual", "observed", "reading", "readings", "found"})
_KNOWN = frozenset({"reference", "expected", "target", "nominal", "certified", "setpoint", "standard"})
_SHARE = 0.025  # how far a reading strays, as a share of the known value


def near_known(props: dict[str, Any], args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """`args` with each reading within a few percent of its known value, in objects of lists too."""
    out = dict(args)
    for read, known in _pairs(props, args):
        if read in keep or not _number(args[known]):
            continue
        moved = _near(args[read], float(args[known]), rng)
        if moved is not None and is_valid(props[read], moved):
            out[read] = moved
    for name, value in args.items():  # "levels": [{"reference_value": 56.4, "responses": [...]}, ...]
        inner = ((props.get(name) or {}).get("items") or {}).get("properties") if isinstance(props.get(name), dict) else None
        if isinstance(value, list) and isinstance(inner, dict) and name not in keep:
            out[name] = [near_known(inner, v, rng, frozenset()) if isinstance(v, dict) else v for v in value]
    return out


def _pairs(props: dict[str, Any], args: dict[str, Any]) -> list[tuple[str, str]]:
    """(reading, known value) parameters of `args` with the same rest of their names."""
    def split(name: str) -> tuple[frozenset[str], str] | None:
        words = tokens(name)
        roles = [w for w in words if w in _READ | _KNOWN]
        if len(roles) != 1:
            return None
        rest = frozenset(w for w in words if w != roles[0] and w != "value")
        return rest, "read" if roles[0] in _READ else "known"

    sides = {n: s for n in args if isinstance(props.get(n), dict) and (s := split(n))}
    return [(r, k) for r, (rest, side) in sides.items() if side == "read"
            for k, (other, their) in sides.items() if their == "known" and other == rest]


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _near(drawn: Any, known: float, rng: random.Random) -> Any:
    """A reading (or each of a list of readings) near `known`, written to the decimals drawn."""
    if isinstance(drawn, list):
        near = [_near(v, known, rng) for v in drawn]
        return None if any(v is None for v in near) else near
    if not _number(drawn):
        return None
    spread = max(abs(known) * _SHARE, 0.1 if isinstance(drawn, float) else 1.0)
    value = known + rng.uniform(-spread, spread)
    if isinstance(drawn, int):
        return round(value)
    text = repr(float(known))
    decimals = max(1, len(text.split(".")[1]) if "." in text else 1)
    return round(value, min(decimals + 1, 4))


# The directions a multi-sector thing points in: "azimuths", "bearings", "headings", "sectors".
_ANGLES = frozenset({"azimuth", "azimuths", "bearing", "bearings", "heading", "headings", "sector", "sectors"})


def spread_angles(props: dict[str, Any], args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """A list of directions in degrees points its sectors evenly around the circle from one
    offset, at most three of them where the schema lets it ("azimuths 0, 120 and 240", never "0, 1,
    40 and 0": set 41, antenna sectors in 17 rows), in objects of lists too."""
    out = dict(args)
    for name, value in args.items():
        spec = props.get(name) if isinstance(props.get(name), dict) else None
        if spec is None or name in keep or not isinstance(value, list) or not value:
            continue
        items = spec.get("items") if isinstance(spec.get("items"), dict) else {}
        if isinstance(items.get("properties"), dict):
            out[name] = [spread_angles(items["properties"], v, rng, frozenset()) if isinstance(v, dict) else v
                         for v in value]
            continue
        if not set(tokens(name)) & _ANGLES or not all(_number(v) for v in value) or \
                float(items.get("maximum", 0)) < 359:
            continue
        count = max(int(spec.get("minItems", 1)), min(len(value), 3))
        offset = rng.randrange(0, 120, 10)
        spread = sorted((offset + round(i * 360 / count)) % 360 for i in range(count))
        if is_valid(spec, spread):
            out[name] = spread
    return out
