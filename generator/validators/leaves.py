"""A structured value read by its parts: an object, or a list of objects, is stated when each of
its leaf values is stated somewhere in the query, in any wording a surface form or the
independent reader accepts ("billed to the owner, 4 hours of labor, parts KNK-E50 x4" states
{"billing_party": "owner", "labor_hours": 4, "parts": [{"part_number": "KNK-E50", "quantity": 4}]}).
Leaf by leaf, so a dropped leaf is named on its own ("the quantity 4 of part SS-B18"), never the
whole object as one run-on phrase.

What leaves are not checked: which leaf belongs to which item. Two parts with quantity 4 and 1
are stated when "4" and "1" are each read somewhere; pairing them is left to the reader of the
whole value (`read_as_stated`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..core.surface import blank, mentions, noun, render, words
from ..reader import read_value
from ..records import Tool, dict_at


@dataclass(frozen=True)
class Leaf:
    """One scalar (or list of scalars) inside a structured value, with its schema and owner."""

    key: str  # the field's own name ("quantity")
    value: Any
    spec: dict[str, Any]
    owner: str = ""  # the item it belongs to, in words ("part SS-B18"); "" for the value itself
    item: str = ""  # that item's own name ("SS-B18", "sofa")


def structured(value: Any) -> bool:
    """An object, or a list holding objects."""
    return isinstance(value, dict) or (isinstance(value, list) and any(isinstance(v, dict) for v in value))


def leaves(value: Any, key: str, spec: dict[str, Any], owner: str = "", item: str = "") -> list[Leaf]:
    """Every leaf of `value` (a field of `key` with schema `spec`), blanks left out."""
    if blank(value):
        return []
    if isinstance(value, dict):
        props = dict_at(spec, "properties")
        return [leaf for k, v in value.items() for leaf in leaves(v, k, dict_at(props, k), owner, item)]
    if isinstance(value, list) and any(isinstance(v, dict) for v in value):
        items = dict_at(spec, "items")
        return [leaf for v in value
                for leaf in leaves(v, key, items, _item_name(v, key, items) or owner, _first_text(v) or item)]
    return [Leaf(key, value, spec, owner, item)]


def _first_text(item: Any) -> str:
    return next((v for v in item.values() if isinstance(v, str) and v.strip()), "") if isinstance(item, dict) else ""


def _item_name(item: Any, key: str, spec: dict[str, Any]) -> str:
    """An item of a list in words, by its first text field: "part SS-B18" for a `parts` item."""
    from ..phrasebook.lexicon import singular

    if not isinstance(item, dict):
        return ""
    name = _first_text(item)
    return f"{singular(noun(key))} {name}" if name else ""


def _as_tool(leaf: Leaf) -> Tool:
    """The leaf as the one parameter of a tool, so the surface forms and the reader see its schema."""
    return Tool(name=leaf.key, app="", api=leaf.key, domain="",
                parameters={"type": "object", "properties": {leaf.key: dict(leaf.spec)}})


def leaf_stated(text: str, leaf: Leaf, time: str | None) -> bool:
    """In a surface form ("4 hours of labor") or as the reader reads it ("x4", "not sent for evaluation").
    A flag only as the reader reads it: its bare noun is a surface form of either value."""
    if not isinstance(leaf.value, bool) and mentions(text, leaf.value, leaf.key, _as_tool(leaf), time):
        return True
    if _one_of_item(text, leaf):
        return True
    if read_value(text, leaf.key, leaf.value, leaf.spec, time=_moment(time)) is not None:
        return True
    near = _around_item(text, leaf)  # "1 gal of herbicide, 3 units of resin": each item's own words
    return near is not None and read_value(near, leaf.key, leaf.value, leaf.spec, time=_moment(time)) is not None


def _around_item(text: str, leaf: Leaf) -> str | None:
    """The list entry that names the leaf's item ("3 units of polyester resin" of "1 gal of
    herbicide, 3 units of polyester resin and 3 lb of pipe"), where a value said for several items
    of one list is read for that item alone."""
    if not leaf.item or not isinstance(leaf.value, str):
        return None
    name = re.compile(r"\s+".join(re.escape(w) for w in str(leaf.item).split()), re.IGNORECASE)
    return next((e for e in re.split(r"[,;]\s*|\s+and\s+", text) if name.search(e)), None)


def _one_of_item(text: str, leaf: Leaf) -> bool:
    """A count of 1 said as "one sofa", "a dryer", "one other item": the item's own name after
    "one", "a" or "a single" (three words at most between)."""
    if isinstance(leaf.value, bool) or leaf.value != 1 or not leaf.item:
        return False
    names = {r"\s+".join(re.escape(w) for w in said.split()) for said in (words(leaf.item), str(leaf.item))}
    return any(name and re.search(rf"\b(?:one|a single|single|an?)\s+(?:[\w-]+\s+){{0,3}}?{name}", text, re.IGNORECASE)
               for name in names)  # the item as written too: "one CommScope NHH-65B-R2B" (set 41, an LLM's reply)


def _moment(time: str | None) -> datetime | None:
    from .reading import query_time

    return query_time(time)


def missing_leaves(text: str, value: Any, param: str, spec: dict[str, Any], time: str | None) -> list[str]:
    """The leaves of a structured value the text does not state, each in words: "the quantity 4
    of part SS-B18", "the sent for evaluation no"."""
    out = []
    for leaf in leaves(value, param, spec):
        if not leaf_stated(text, leaf, time):
            said = ("yes" if leaf.value else "no") if isinstance(leaf.value, bool) else \
                render(leaf.value, leaf.key, _as_tool(leaf), time=time)
            whose = f" of {leaf.owner}" if leaf.owner and str(leaf.value) not in leaf.owner else ""
            out.append(f"the {noun(leaf.key)} {said!r}{whose}" if isinstance(leaf.value, str)
                       else f"the {noun(leaf.key)} {said}{whose}")
    return out
