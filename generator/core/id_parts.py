"""An id whose example names its parts: "Turnout (delivery gate) id: 'TO-', lateral letter and number,
dash, 3-digit gate number, e.g. 'TO-L12-045' (lateral L12, gate 45)".

The part another parameter holds (`lateral`) is the same part of every such id: a call that gives
turnout TO-L24-751 and lateral L27 asks for a turnout no lateral has, and a search for turnout
TO-L10-336 finds it on lateral L10, never L34 (set 43). Read from the schema alone: the example in
quotes, the note in parentheses after it, and a parameter named by the note's word whose value is
one of the example's parts.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .schema import is_valid

_NOTED = re.compile(r"""e\.g\.,?\s*['"`]([^'"`]+)['"`]\s*\(([^)]*)\)""")
_SEPARATORS = re.compile(r"[^A-Za-z0-9]+")


@dataclass(frozen=True)
class Part:
    """`part` holds the `index`th part of `whole`'s value (parts split at any separator), or, with a
    `width`, its first `width` characters ("inspecting state's 2-letter code then ...")."""

    whole: str
    part: str
    index: int
    width: int = 0


def _part_of(value: str, index: int, width: int = 0) -> str | None:
    if width:
        return value[:width] if len(value) > width else None
    said = [p for p in _SEPARATORS.split(value) if p]
    return said[index] if index < len(said) else None


# "Inspection report number: inspecting state's 2-letter code then 4 to 12 letters/digits" (set 44: TX
# reports of inspections in OK): the value opens with another parameter's code.
_LEADS_WITH = re.compile(r"\b(\w+)'s (\d|two|three)-letter (?:\w+ )?code (?:then|followed by|and then)\b", re.IGNORECASE)
_WIDTHS = {"two": 2, "three": 3}


def parts(props: Mapping[str, Any]) -> list[Part]:
    """Every id of `props` whose example names a part another of `props` holds (read once per set of
    names and descriptions: a simulated output's vocabulary is a new dict at every call)."""
    return list(_parts(tuple((n, str(s.get("description") or "") if isinstance(s, dict) else "") for n, s in props.items())))


@lru_cache(maxsize=512)
def _parts(described: tuple[tuple[str, str], ...]) -> tuple[Part, ...]:
    props = dict(described)
    out = []
    for whole, said in described:
        for m in _NOTED.finditer(said):
            pieces = [p for p in _SEPARATORS.split(m[1]) if p]
            for item in m[2].split(","):
                words = item.split()
                if len(words) != 2 or words[1] not in pieces:
                    continue
                holders = [n for n in props if n != whole and words[0].lower() in n.lower().split("_")]
                if len(holders) == 1:
                    out.append(Part(whole, holders[0], pieces.index(words[1])))
        for m in _LEADS_WITH.finditer(said):
            holders = [n for n in props if n != whole and m[1].lower() in n.lower().split("_")]
            width = _WIDTHS.get(m[2].lower()) or int(m[2])
            out += [Part(whole, holders[0], 0, width)] if len(holders) == 1 and width else []
    return tuple(out)


def agree(props: Mapping[str, Any], args: dict[str, Any], keep: frozenset[str] | set[str] = frozenset()) -> dict[str, Any]:
    """`args` with each part its id's (the part moved to the id's, or, the part kept, the id's part
    set to it); a value no longer valid is left as it was."""
    for rule in parts(props):
        whole, part = args.get(rule.whole), args.get(rule.part)
        if not isinstance(whole, str) or not isinstance(part, str):
            continue
        own = _part_of(whole, rule.index, rule.width)
        if own is None or own == part:
            continue
        moved = _with_part(whole, rule.index, part, rule.width)  # a report opens with its own state's code:
        if rule.width and rule.whole not in keep and is_valid(props.get(rule.whole) or {}, moved):  # OK1..., never
            args[rule.whole] = moved  # every state's report "TX..."
        elif rule.part not in keep and is_valid(props.get(rule.part) or {}, own):
            args[rule.part] = own
        elif rule.whole not in keep:
            args[rule.whole] = moved if is_valid(props.get(rule.whole) or {}, moved) else whole
    return args


def _with_part(value: str, index: int, part: str, width: int = 0) -> str:
    if width:
        return part + value[width:]
    pieces = re.split(r"([^A-Za-z0-9]+)", value)
    at = [i for i, p in enumerate(pieces) if p and not _SEPARATORS.fullmatch(p)]
    if index < len(at):
        pieces[at[index]] = part
    return "".join(pieces)


def part_of_call(props: Mapping[str, Any], args: dict[str, Any], field: str) -> str | None:
    """The part `field` holds of an id the call gives (`lateral` of turnout TO-L10-336: L10), or None."""
    for rule in parts(props):
        whole = args.get(rule.whole)
        if rule.part == field and isinstance(whole, str):
            return _part_of(whole, rule.index, rule.width)
    return None


def rows_agree(rows: list[dict[str, Any]], args: dict[str, Any], vocab: Mapping[str, Any]) -> None:
    """Each result's part is its own id's part (a turnout's lateral from its id), or the call's id's
    when the result does not carry the id."""
    for rule in parts(vocab):
        for row in rows:
            whole = row.get(rule.whole, args.get(rule.whole))
            if rule.part not in row or not isinstance(whole, str) or (own := _part_of(whole, rule.index, rule.width)) is None:
                continue
            if rule.whole in row and row[rule.whole] != args.get(rule.whole) and isinstance(row[rule.part], str):
                row[rule.whole] = _with_part(whole, rule.index, row[rule.part], rule.width)  # a turnout on the lateral
            else:  # the result carries (the next step's own): its id is on it, TO-L19-060 for L19
                row[rule.part] = own
