"""Lists given one per item of another list, in the same order.

"Breaks offered as replacements, one per missed spot, in the same order"; "EPA reference method
numbers, one per pollutant in the same order" with "PM with '5', NOX with '7E'" in the tool's
prose. Drawn apart, two lists of one call have different lengths and their items do not go
together (set 41: one missed spot with four replacement breaks in 12 of 200 values; method 7E for
a stack flow test). The list said "one per" follows the other: as long, and item by item the
value the prose pairs with the other's item.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from ..records import Tool
from .schema import is_valid
from .semantic import singular, tokens

# "one per missed spot", "one method per pollutant"; the noun ends at a comma, "in", "and" or the end
_ONE_PER = re.compile(r"\bone (?:(?P<own>[a-z]+) )?per (?P<noun>[a-z]+(?: [a-z]+)?)", re.IGNORECASE)
# "PM with '5'", "NOX with '7E'"
_WITH = re.compile(r"\b([A-Za-z0-9_]+) with '([^']+)'")
_STOP = frozenset({"in", "the", "and", "or", "of", "same", "order", "each", "a", "an"})


def pairs(tool: Tool) -> list[tuple[str, str]]:
    """(list said one per the other, the other list) pairs of the tool's array parameters."""
    lists = [n for n, s in tool.properties.items() if isinstance(s, dict) and s.get("type") == "array"]
    out = []
    for name in lists:
        texts = [str(tool.properties[name].get("description") or "")]
        texts += [tool.description] if _words_of(name) & _own_words(tool.description) else []
        for text in texts:
            for m in _ONE_PER.finditer(text):
                own = m["own"]
                if text is tool.description and not (own and singular(own.lower()) in _words_of(name)):
                    continue  # in the tool's prose the noun before "per" names the list said one per
                other = _other(m["noun"], lists, name)
                if other and (name, other) not in out:
                    out.append((name, other))
    return out


def _words_of(name: str) -> set[str]:
    return {singular(w) for w in tokens(name)}


def _own_words(text: str) -> set[str]:
    return {singular(m["own"].lower()) for m in _ONE_PER.finditer(text) if m["own"]}


def _other(noun: str, lists: list[str], name: str) -> str | None:
    """The list parameter the noun after "per" names, by the most shared words."""
    said = {singular(w) for w in tokens(noun)} - _STOP
    scored = sorted(((len(said & _words_of(n)), n) for n in lists if n != name), reverse=True)
    return scored[0][1] if scored and scored[0][0] else None


def mapping(tool: Tool, name: str, other: str) -> dict[Any, Any]:
    """Item of `other` -> the item of `name` the prose pairs with it ("NOX with '7E'")."""
    own, theirs = (tool.properties[n].get("items") or {} for n in (name, other))
    texts = " ".join([tool.description, str(tool.properties[name].get("description") or "")])
    out: dict[Any, Any] = {}
    for left, right in _WITH.findall(texts):
        if is_valid(theirs, left) and is_valid(own, right) and (not theirs.get("enum") or left in theirs["enum"]):
            out.setdefault(left, right)
    return out


def one_per(tool: Tool, args: dict[str, Any], rng: random.Random, keep: frozenset[str],
            draw: Callable[[str], Any]) -> dict[str, Any]:
    """`args` with each list said one per another as long as it and, where the prose pairs their
    items, holding the paired item; `draw(name)` draws one more item of list `name`."""
    for name, other in pairs(tool):
        own, theirs = args.get(name), args.get(other)
        if name in keep or not isinstance(own, list) or not isinstance(theirs, list) or not theirs:
            continue
        paired = mapping(tool, name, other)
        if paired and other not in keep:
            unpaired = [x for x in paired if x not in theirs]
            rng.shuffle(unpaired)
            theirs = [x if x in paired or not unpaired else unpaired.pop() for x in theirs]
        fitted = [paired[x] if x in paired else own[i] if i < len(own) else draw(name) for i, x in enumerate(theirs)]
        changed = {name: fitted, other: theirs}
        if all(is_valid(tool.properties[n], v) for n, v in changed.items()):
            args = {**args, **changed}
    return args


# Kinds that rank what they label, lowest first, and the fields that hold what they rank.
_RANKS_UP = {"low": 0, "mid": 1, "medium": 1, "high": 2}
_RANKS = frozenset(_RANKS_UP)
_MEASURED = frozenset({"reference", "value", "concentration", "target", "setting"})
# "The three gas levels, low, mid and high, each once"
_EACH_ONCE = re.compile(r"\beach (?:exactly |just |only )?once\b", re.IGNORECASE)


def each_once(props: dict[str, Any], args: dict[str, Any], rng: random.Random, keep: frozenset[str]) -> dict[str, Any]:
    """A list of objects whose text says its kinds come "each once" holds each kind once: the enum
    field of its items that every listed kind is a member of, dealt without repeats (set 41: a
    linearity check of levels high, mid and high), in the order the text lists them."""
    out = dict(args)
    for name, value in args.items():
        spec: dict[str, Any] = props.get(name) or {} if isinstance(props.get(name), dict) else {}
        inner = (spec.get("items") or {}).get("properties") or {}
        text = str(spec.get("description") or "")
        if name in keep or not isinstance(value, list) or not _EACH_ONCE.search(text):
            continue
        field = next((f for f, s in inner.items() if isinstance(s, dict) and s.get("enum") and
                      all(re.search(rf"\b{re.escape(str(e))}\b", text) for e in s["enum"])), None)
        members = list(inner[field]["enum"]) if field else []
        if not field or len(value) > len(members) or not all(isinstance(o, dict) for o in value):
            continue
        listed = sorted(members, key=lambda e: text.find(str(e)))
        measure = next((f for f in inner if f != field and set(tokens(f)) & _MEASURED), None) if set(map(str, members)) <= _RANKS else None
        ranked = sorted(value, key=lambda o: o.get(measure) if isinstance(o.get(measure), int | float) else 0) \
            if measure and _RANKS_UP.get(str(listed[0])) == 0 else value  # "low, mid and high": the low gas lowest
        out[name] = [{**o, field: listed[i]} for i, o in enumerate(ranked)]
    return out


# "Climbs need climb_height_ft and at least two crew members."
_AT_LEAST_LISTED = re.compile(r"\b([A-Za-z]+?)e?s need[s]?\b[^.;]*?\bat least (two|three|four|\d+) ([a-z]+(?: [a-z]+)?)",
                              re.IGNORECASE)
_COUNT_WORDS = {"two": 2, "three": 3, "four": 4}


def enough_listed(tool: Tool, args: dict[str, Any], keep: frozenset[str], draw: Callable[[str], Any]) -> dict[str, Any]:
    """A call of a kind the prose says needs "at least two crew members" lists that many (set 41: a
    climb by one crew member, where the tool wants two); `draw(name)` draws one more item."""
    for m in _AT_LEAST_LISTED.finditer(tool.description):
        kind = m[1].lower()
        owner = next((n for n, s in tool.properties.items() if isinstance(s, dict) and
                      any(str(v).lower() in (kind, kind + "e") for v in s.get("enum") or [])), None)
        listed = _other(m[3], [n for n, s in tool.properties.items() if isinstance(s, dict) and s.get("type") == "array"], "")
        least = int(m[2]) if m[2].isdigit() else _COUNT_WORDS[m[2].lower()]
        value = args.get(listed) if listed else None
        if owner is None or listed is None or listed in keep or not isinstance(value, list) or \
                str(args.get(owner)).lower() not in (kind, kind + "e") or len(value) >= least:
            continue
        grown = [*value]
        for _ in range(4 * least):
            if len(grown) >= least:
                break
            more = draw(listed)
            grown += [more] if more not in grown else []
        if is_valid(tool.properties[listed], grown):
            args = {**args, listed: grown}
    return args
