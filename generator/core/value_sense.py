"""Values of one call that make sense together (issue 21's set-6 and set-7 readings).

A call's parameters are drawn one by one (generator.core.values); these rules then read what the
catalog says about how they relate (a unit's description mapping quantities to units, a code
pattern naming families, a description giving the size of one thing) and bring the call's
values into agreement. A rule never changes a value the caller fixed (`keep`) and never writes a
value its schema refuses.
"""

from __future__ import annotations

import random
import re
from typing import Any

from ..records import dict_at
from . import allowed, quantities, semantic, values
from .schema import is_valid


def agreeing_units(props: dict[str, Any], args: dict[str, Any], keep: frozenset[str]) -> dict[str, Any]:
    """A unit agrees with the quantity its call measures: a unit enum whose description writes
    "thickness in angstrom, CD in nm, particles as a count" is angstrom for a film_thickness
    reading, never ohm_per_square for a particle count (quantities.unit_for)."""
    for name, schema in props.items():
        members = schema.get("enum") if isinstance(schema, dict) else None
        if name in keep or name not in args or not members or not {"unit", "units", "uom"} & set(semantic.tokens(name)):
            continue
        for other, value in args.items():
            if other != name and isinstance(value, str) and value in ((props.get(other) or {}).get("enum") or []):
                unit = quantities.unit_for(str(schema.get("description") or ""), [str(m) for m in members], value)
                if unit is not None:
                    args[name] = unit
                    break
    return args


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


def stated_sizes(props: dict[str, Any], args: dict[str, Any], rng: random.Random,
                  keep: frozenset[str]) -> dict[str, Any]:
    """A number whose description gives the value for one thing ("a medium box is 3.0, a sofa 35
    to 50") takes it when a sibling string names that thing: a medium box of 3 cubic feet, not 39;
    in every object of a list too."""
    for name, schema in props.items():
        if not isinstance(schema, dict):
            continue
        if name not in keep and values.schema_type(schema) in ("number", "integer") and name in args:
            said = {m.group(1).strip().lower(): m for m in _SIZE_OF.finditer(str(schema.get("description") or ""))}
            thing = next((str(v).lower() for o, v in args.items() if o != name and isinstance(v, str)
                          and str(v).lower() in said), None)
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
