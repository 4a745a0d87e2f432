"""The arguments of one call of a trajectory: valid against the tool's schema, optional ones
set as upstream's calls set them, pairs whole.

Values come from `generator.core.values` (enums, examples, defaults, typed fakes). An optional
parameter is its default about as often as upstream passes one, else set when it is a setting
a user words (an enum, a flag, a number, a date) and now and then when it is free text; an
optional parameter no value satisfies is left out. A pair that is one value (latitude and
longitude of one stem, a window's start and end: `partners`) is given whole or not at all.
"""

from __future__ import annotations

import random
from typing import Any

from ..core import freetext, semantic
from ..core.constraints import pairs_for
from ..core.lore import param_schema
from ..core.values import (
    Unsampleable,
    centred_on,
    is_temporal,
    is_valid,
    repair_arguments,
    sample_arguments,
    schema_type,
    value_for,
)
from ..records import Tool
from .graph import COORDINATES, param_words


def coordinate_stem(param: str, spec: dict[str, Any]) -> tuple[str, str] | None:
    """(kind, stem) of a latitude or longitude param: `origin_lat` -> ("latitude", "origin")."""
    kind = semantic.infer(param, spec)
    if kind not in COORDINATES:
        return None
    rest = [w for w in param_words(param).split() if semantic.infer(w, spec) != kind]
    return kind, " ".join(rest)


# Role pairs (generator.core.constraints) that together are one value: a window's start and end.
# Other role pairs are two values (an origin found, a destination stated; a currency found,
# the one to convert to stated) and may come from different sources.
ONE_VALUE_ROLES = frozenset({(("start",), ("end",)), (("begin",), ("end",))})


def partners(tool: Tool) -> dict[str, str]:
    """param -> the param it pairs with (both ways) into one value: latitude/longitude of one
    stem, and a window's start/end (ONE_VALUE_ROLES)."""
    out: dict[str, str] = {}
    coords: dict[tuple[str, str], str] = {}
    for p, spec in tool.properties.items():
        found = coordinate_stem(p, spec)
        if found:
            coords.setdefault(found, p)
    for (kind, stem), p in coords.items():
        other = coords.get(("longitude" if kind == "latitude" else "latitude", stem))
        if other:
            out[p] = other
    for pair in pairs_for(tool.properties):
        if pair.role is not None and (pair.role.first, pair.role.second) in ONE_VALUE_ROLES:
            out.setdefault(pair.first, pair.second)
            out.setdefault(pair.second, pair.first)
    return out


# Upstream calls pass an optional parameter at its default about as often as not ("timeout": "10");
# such values are recoverable from the schema, which is what lets hard queries leave them out.
DEFAULT_RATE = 0.85
# Other optional parameters: settings a user naturally words (enums, flags, numbers, dates) are
# set more often than free-text extras (a special request, a note), as in upstream's calls.
SETTING_RATE = 0.8


def is_setting(param: str, spec: dict[str, Any]) -> bool:
    return (
        bool(spec.get("enum"))
        or schema_type(spec) in ("boolean", "integer", "number")
        or is_temporal(param, spec) is not None
    )


_NONE = object()


def known_default(tool: Tool, param: str) -> Any:
    """The value an optional parameter takes when a query leaves it out, as a reader of the
    catalog sees it: the schema default, or a TRAJECT-Bench catalog's pre-filled value (kept as
    the first example, since the API need not assume it, but shown to a model reading the
    catalog as its "default"); `_NONE` when there is none. Required parameters have none."""
    s = tool.properties.get(param) or {}
    if param in tool.required:
        return _NONE
    if "default" in s:
        return s["default"]
    examples = s.get("examples") or []
    return examples[0] if tool.source_format == "traject" and examples else _NONE


def has_default(tool: Tool, param: str) -> bool:
    return known_default(tool, param) is not _NONE


def _optionals(tool: Tool, rng: random.Random, free_rate: float, lean: bool = False) -> dict[str, Any]:
    """Optional arguments: the default (DEFAULT_RATE), else a setting (SETTING_RATE), else
    a free-text value (`free_rate`); always valid against the schema. A lean call passes every
    default and no other optional argument (see `arguments`)."""
    required, out = set(tool.required), {}
    for p, s in tool.properties.items():
        if p in required:
            continue
        default = known_default(tool, p)
        if default is not _NONE and is_valid(s, default) and (lean or rng.random() < DEFAULT_RATE):
            out[p] = default
        elif not lean and rng.random() < (SETTING_RATE if is_setting(p, s) else free_rate):
            value = maybe_value(param_schema(tool, p), rng, p)
            out.update({p: value} if value is not None else {})
    if not required and not any(known_default(tool, p) is _NONE or v != known_default(tool, p) for p, v in out.items()):
        out.update(_criterion(tool, rng))
    return out


def _criterion(tool: Tool, rng: random.Random) -> dict[str, Any]:
    """One optional argument that is not its default, for a tool that requires none: nobody asks to
    "search permits" or "look up parcels" without saying which (a setting first, else any)."""
    free = [p for p in tool.properties if known_default(tool, p) is _NONE]
    settings = [p for p in free if is_setting(p, tool.properties[p])]
    for p in rng.sample(settings, len(settings)) + rng.sample(sorted(set(free) - set(settings)), len(free) - len(settings)):
        value = maybe_value(param_schema(tool, p), rng, p)
        if value is not None:
            return {p: value}
    return {}


def maybe_value(spec: dict[str, Any], rng: random.Random, name: str) -> Any:
    """A valid value, or None when the schema admits none (an optional parameter no value can
    satisfy is left out; screening refuses only tools whose required ones cannot be met)."""
    try:
        return value_for(spec, rng, name=name, optional=True)
    except Unsampleable:
        return None


def _single(tool: Tool, args: dict[str, Any]) -> dict[str, Any]:
    """Lists cut to their first element where the schema allows: TRAJECT values are flat strings,
    and a one-element list reads the same in the query as in the gold call."""
    out = dict(args)
    for p, v in args.items():
        if isinstance(v, list) and len(v) > 1 and is_valid(tool.properties.get(p) or {}, v[:1]):
            out[p] = v[:1]
    return out


def _whole_pairs(tool: Tool, args: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Both members of a pair or neither (a longitude without its latitude, an end without a
    start says nothing): an optional half is dropped, unless its partner is required."""
    out = dict(args)
    for p, q in partners(tool).items():
        if p in out and q not in out:
            value = maybe_value(param_schema(tool, q), rng, q) if q in tool.required or p in tool.required else None
            if value is not None:
                out[q] = value
            elif p not in tool.required:
                del out[p]
    return out


def arguments(tool: Tool, rng: random.Random, optional_rate: float, *, lean: bool = False) -> dict[str, Any]:
    """One call's arguments. `lean`: the required ones and every optional one at its default,
    nothing else (a call whose values a hard query can mostly leave out, as upstream's calls
    that pass the playground's defaults; the hard plan omits defaults). A tool with value rules
    (a profile) is drawn again until they hold: the optionals come in fixed, which the rules'
    own repair keeps (set 28: a 5-star hotel under 125 a night, grilled chicken as a late-night snack)."""
    if tool.profile is None or not tool.profile.rules:
        return _drawn(tool, rng, optional_rate, lean)
    from ..core.profiles import obeying
    from ..core.values import REFERENCE_TIME

    return obeying(tool, lambda: _drawn(tool, rng, optional_rate, lean), REFERENCE_TIME, rng)


def _drawn(tool: Tool, rng: random.Random, optional_rate: float, lean: bool) -> dict[str, Any]:
    # the optionals drawn first lie in the call's place and its catalog's region too (set 19: a US
    # bakery's towns drawn worldwide, "the capital of Kenya")
    with centred_on(tool, rng), freetext.in_domain(tool.domain):
        args = sample_arguments(tool, rng, optional_rate=0.0, fixed=_optionals(tool, rng, optional_rate, lean))
        args = _whole_pairs(tool, _single(tool, args), rng)
    return repair_arguments(tool, {p: args[p] for p in tool.properties if p in args}, rng)  # optionals came in fixed: pair them up
