"""Measurable vagueness (docs/formats.md, Vagueness), shared by plans, validators, audits and stats.

Text is compared after `normalize` (literal): lowercase, whitespace collapsed. A gold value counts as
"recalled" when its normalized string occurs verbatim inside the normalized query. Booleans,
None and values shorter than 2 characters are skipped (they cannot be found literally);
list values are split into their elements. This is exactly the definition used by the
independent reference checks (docs/testing.md), so our numbers and theirs agree.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

_WS = re.compile(r"\s+")
# word-level only: a.m./p.m. spellings, "7pm", punctuation and `_`/`-` between words
_AMPM = re.compile(r"\b([ap])\.m\.?(?=\W|$)")
_GLUED = re.compile(r"(\d)(am|pm)\b")
_PUNCT = re.compile(r"[_\-\u2013\u2014,;!?\"\u201c\u201d\u2018\u2019()\[\]{}*]")
_DOT = re.compile(r"\.(?=\s|$)")


def normalize(value: Any, words: bool = False) -> str:
    """The one text normaliser, of any value (str() for non-strings).

    Literal (default): lowercase, whitespace collapsed: value recall's rule, a value is said
    when its normalized string occurs in the normalized query. `words`: also a.m./p.m.
    spellings unified and `_`, `-` and punctuation read as spaces: how surface forms are found
    in text (generator.core.surface.contains) and how paraphrases are told apart."""
    text = str(value).lower()
    if words:
        return _words(text)
    return _literal(text) if len(text) <= SHORT else _WS.sub(" ", text).strip()


SHORT = 64  # values, not whole queries: a run's texts would fill the cache and stay in memory


@lru_cache(maxsize=16384)  # planning compares the same history values thousands of times
def _literal(text: str) -> str:
    return _WS.sub(" ", text).strip()


@lru_cache(maxsize=4096)  # keyed by whole texts, which grow with the run: bounded small
def _words(text: str) -> str:
    t = _AMPM.sub(r"\1m", text)
    t = _GLUED.sub(r"\1 \2", t)
    t = _DOT.sub(" ", _PUNCT.sub(" ", t))
    return _WS.sub(" ", t).strip()


def value_elements(value: Any) -> list[Any]:
    """A list value contributes each element; anything else is a single element."""
    return list(value) if isinstance(value, list) else [value]


def countable(value: Any) -> bool:
    """Whether a single (non-list) value takes part in value recall."""
    if isinstance(value, bool) or value is None:
        return False
    return len(normalize(value)) >= 2


def gold_values(params: dict[str, Any]) -> list[tuple[str, str]]:
    """(param, normalized value) pairs that value recall counts, in parameter order."""
    out: list[tuple[str, str]] = []
    for name, value in params.items():
        for x in value_elements(value):
            if countable(x):
                out.append((name, normalize(x)))
    return out


def recalled(query: str, values: Iterable[tuple[str, str]]) -> list[bool]:
    nq = normalize(query)
    grouped = _GROUPED.sub("", nq) if _GROUPED.search(nq) else nq  # "$100,000" says 100000 (set 28's play)
    return [v in nq or v in grouped for _, v in values]


_GROUPED = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")


def value_recall(query: str, values: Sequence[tuple[str, str]]) -> float:
    """Share of gold values occurring verbatim in the query; 0.0 when there are none."""
    if not values:
        return 0.0
    hits = recalled(query, values)
    return sum(hits) / len(hits)


def mentions_app(query: str, app: str) -> bool:
    """Whether the app (TRAILBench `toolname`) is named in the query."""
    a = normalize(app)
    return bool(a) and a in normalize(query)


def mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0
