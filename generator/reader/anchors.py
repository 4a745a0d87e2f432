"""Which part of a text speaks of which gold call, when a query asks for several.

A query of many calls ("To anchor timing: surface trending artists on Genius this week; cap at
20. For contrast: ...") says each call's short values (a limit, a page, a period, a code) next to
the words that ask for that call. A "20" said for one call does not state another call's limit of
20, nor does a call the text never asks for get its page from someone else's "page 1".

Segments are sentences, colon-introduced parts and list items (", ", " and ", "then"). Each
segment goes to the call(s) whose tool name shares the most words with it, or that hold a longer
value it says; a segment that names no call is an orphan. Short values (numbers, codes, one-word
enums of a few letters) of a call then count only when said in its segments, or, for a call no
segment names, in the orphans.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ..records import ToolCall
from .numbers import as_number
from .text import Text, content_stems, fold, identifier_words

_SENTENCE = re.compile(r"(?<=[.!?])\s+|:\s+|\n+")
_ITEM = re.compile(r",\s+|\s+and\s+|\s+then\s+")
_GENERIC = frozenset({"get", "api", "search", "list", "data", "info", "v1", "v2", "v3", "by", "all", "detail",
                      "details", "for", "endpoint", "tool"})
_SHORT = 5  # values of fewer folded characters are "short"


def segments(text: str) -> list[list[str]]:
    """Sentences (and colon-introduced parts), each as its list items."""
    return [[i for i in _ITEM.split(s) if i.strip()] for s in _SENTENCE.split(text) if s.strip()]


def is_short(value: object) -> bool:
    if isinstance(value, bool) or as_number(value) is not None:
        return True
    return isinstance(value, str) and len(fold(value)) < _SHORT


@lru_cache(maxsize=4096)
def _name_stems(tool: str) -> frozenset[str]:
    return frozenset(s for s in content_stems(" ".join(identifier_words(tool))) if s not in _GENERIC and len(s) > 1)


def _score(tool: str, view: Text) -> int:
    """Words of the API name count twice those of the provider ("Genius - Song Lyrics: Chart:
    Albums" is about albums more than about songs)."""
    app, _, api = tool.partition(": ")
    api_stems = _name_stems(api or app)
    return 2 * len(api_stems & view.content_set) + len((_name_stems(app) - api_stems) & view.content_set)


def call_texts(text: str, calls: Sequence[ToolCall]) -> list[Text | None]:
    """Per call, the text of the segments that speak of it (None: the whole text counts)."""
    sentences = segments(text)
    parts = [item for s in sentences for item in s]
    if len(calls) < 2 or len(parts) < 2:
        return [None] * len(calls)
    longs = [[fold(v) for v in c.arguments.values() if isinstance(v, str) and not is_short(v)] for c in calls]
    owners = [o for s in sentences for o in _continued([_owners(Text(item), calls, longs) for item in s])]
    orphans = " ".join(p for p, o in zip(parts, owners, strict=True) if not o)
    out: list[Text | None] = []
    for i in range(len(calls)):
        mine = [p for p, o in zip(parts, owners, strict=True) if i in o]
        out.append(Text(" ".join(mine) if mine else orphans))
    return out


def _continued(owners: list[set[int]]) -> list[set[int]]:
    """A list item that names no call continues the item before it in the sentence ("events in
    Lima next week and under 412": the price is Lima's)."""
    out: list[set[int]] = []
    for o in owners:
        out.append(o or (out[-1] if out else set()))
    return out


def _owners(view: Text, calls: Sequence[ToolCall], longs: list[list[str]]) -> set[int]:
    """The calls a segment speaks of: those holding a longer value it says, else those whose tool
    name shares the most words with it."""
    holding = {i for i, values in enumerate(longs) for v in values if v and f" {v} " in view.padded}
    if holding:
        return holding
    scores = [_score(c.tool, view) for c in calls]
    best = max(scores)
    return {i for i, k in enumerate(scores) if k == best} if best else set()
