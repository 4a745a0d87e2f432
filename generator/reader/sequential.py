"""Sequential trajectories: a value taken from an earlier step's output.

The value is bound to an earlier output when that output holds it as the value of some field. It
is determined when the output holds one candidate for that field, or when the query says which
one: by position or rank ("the first", "the second hotel", "the top result"), by a superlative
("the cheapest", "the westernmost city"), or by naming it (another field of the same object,
e.g. the city's name for its id, is said in the text).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .records import Step
from .text import Text, fold, identifier_words

_SELECTOR = re.compile(r"\b(?:first|second|third|fourth|fifth|last|top|1st|2nd|3rd|4th|5th|"
                       r"\w{3,}est|\w+most|best|highest|lowest|latest|earliest|nearest|closest|only)\b")
# Words of the superlative shape that are no superlative.
_NOT_SELECTOR = frozenset({"interest", "request", "suggest", "rest", "test", "guest", "honest", "forest",
                           "almost", "quest", "protest", "contest", "digest", "harvest", "manifest"})


@dataclass(frozen=True)
class Bound:
    step: int
    field: str
    candidates: int
    determined: bool
    evidence: str


@lru_cache(maxsize=4096)
def _pattern(value: str) -> re.Pattern[str]:
    quoted = re.escape(value)
    return re.compile(rf"['\"]([\w -]+)['\"]\s*:\s*(?:['\"]{quoted}['\"]|{quoted}(?![\w.]))")


def bound_to_output(gold: Any, steps: Sequence[Step], text: Text, param: str = "") -> Bound | None:
    """The earlier output field that holds `gold`. A short value (a small number, a word of a few
    letters) is taken only from a field named like the parameter: a limit of 100 is no
    `status_code: 100`."""
    if isinstance(gold, bool) or gold is None or isinstance(gold, list | dict):
        return None
    value = str(gold).strip()
    if len(value) < 2:
        return None
    short = (value.replace(".", "", 1).isdigit() and len(value) < 6) or (value.isalpha() and value.islower()
                                                                          and len(value) < 5)
    for i in range(len(steps) - 1, -1, -1):
        if value not in steps[i].output:  # the cheap test first
            continue
        fields = [m for m in _pattern(value).finditer(steps[i].output) if not short or _alike(m.group(1), param)]
        if fields:
            best = max(fields, key=lambda m: _alike(m.group(1), param))
            return _bound(i, best, steps[i].output, text)
    return None


def _alike(field: str, param: str) -> bool:
    """The field and the parameter share a word, or one's words sit inside the other's name
    ("hotelid_ppn" and "hotel_id")."""
    f, p = set(identifier_words(field)), set(identifier_words(param))
    if f & p:
        return True
    fs, ps = "".join(identifier_words(field)), "".join(identifier_words(param))
    return any(len(w) > 2 and w in fs for w in p) or any(len(w) > 2 and w in ps for w in f)


def _bound(step: int, m: re.Match[str], output: str, text: Text) -> Bound:
    field = m.group(1)
    values = re.findall(rf"['\"]{re.escape(field)}['\"]\s*:\s*(['\"][^'\"]*['\"]|[-\d.]+)", output)
    n = len(set(values))
    if n <= 1:
        return Bound(step, field, n, True, f"step {step + 1}'s output holds one {field}")
    said = _selector(text, values, m.group(0)) or _named_sibling(output, m.start(), text)
    if said:
        return Bound(step, field, n, True, f"step {step + 1}'s output holds {n} {field} values; the query picks: {said}")
    return Bound(step, field, n, False, f"step {step + 1}'s output holds {n} {field} values; the query does not pick one")


_POSITION = {"first": 0, "1st": 0, "top": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3,
             "fifth": 4, "5th": 4, "last": -1}


def _selector(text: Text, values: list[str], found: str) -> str | None:
    """A word of the query that picks one candidate. A position word must pick this value ("the
    first" when the value is the first candidate); a superlative is taken at its word."""
    for m in _SELECTOR.finditer(text.folded):
        word = m.group(0)
        if word in _NOT_SELECTOR:
            continue
        if word not in _POSITION:
            return word
        at = _POSITION[word]
        if values and -len(values) <= at < len(values) and values[at].strip("'\"") in found:
            return f"{word} (= this one)"
    return None


def _named_sibling(output: str, at: int, text: Text) -> str | None:
    """A string field of the object holding the value (between the nearest braces) said in the text."""
    start, end = output.rfind("{", 0, at), output.find("}", at)
    if start < 0:
        return None
    siblings = re.findall(r":\s*['\"]([^'\"]{3,60})['\"]", output[start:end if end > 0 else None])
    # a value every candidate shares ('type': 'AIRPORT') picks nothing
    return next((s for s in siblings if not s.isdigit() and len(fold(s)) >= 3 and output.count(f"'{s}'") +
                 output.count(f'"{s}"') == 1 and text.has_phrase(s)), None)
