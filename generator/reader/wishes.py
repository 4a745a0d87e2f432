"""Wishes: a preference about the thing asked for that no gold argument carries ("a place with a
nice ambience", "somewhere quiet", "a cheap one" when no argument is about price).

A wish word counts when it is said of a thing asked for (before a noun, or after "somewhere",
"something", "a place", "one"), not of the user's situation ("it's too quiet in here", "a cozy
night in", "nice to have"). It is held when the gold calls' words (tool, API, parameter names
and descriptions, enum members, values) hold the word itself or a word that carries it: "cheap"
is carried by a price limit or a price order, "top-rated" by a rating, "nice" by nothing but its
own word. A stated value that holds the word ("Cozy Corner Cafe") holds it too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ..records import Tool, ToolCall
from .records import Added
from .text import content_stems, identifier_words, stem

# Each wish word and the words of an argument that would carry it.
_PRICE = ("price", "cost", "fare", "budget", "cheap", "cheapest", "expensive")
_RATING = ("rating", "rated", "star", "review", "score")
CARRIERS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("cheap", "cheaper", "affordable", "inexpensive", "pricey", "expensive", "budget-friendly"), _PRICE),
    **dict.fromkeys(("popular", "trendy", "famous"), ("popular", "popularity", "trending", "famous")),
    **dict.fromkeys(("highly-rated", "top-rated", "well-reviewed", "best-rated", "well-rated"), _RATING),
    **dict.fromkeys(("quiet", "peaceful", "calm"), ("quiet", "noise")),
    **dict.fromkeys(("nearby", "close-by"), ("distance", "near", "nearby", "radius", "close", "location")),
    **dict.fromkeys(("nice", "lovely", "cozy", "cosy", "romantic", "fancy", "charming", "lively", "authentic",
                     "decent", "spacious", "comfortable", "comfy", "family-friendly", "kid-friendly",
                     "pet-friendly", "dog-friendly", "scenic", "stylish"), ()),
}
NOUNS = frozenset({"ambience", "ambiance", "atmosphere", "vibe", "vibes", "view", "views", "decor"})
_PLACES = r"(?:somewhere|something|someplace|some place|a place|a spot|one|ones|an? option|options)"
# Words after a wish word that show it is said of no thing asked for.
_NOT_A_THING = frozenset({
    "to", "and", "if", "of", "that", "for", "as", "but", "so", "or", "when", "enough", "too",
    # a moment is the user's situation ("a cozy night in")
    "night", "evening", "morning", "afternoon", "day", "weekend", "week", "time", "trip", "date", "dinner",
    "break", "holiday", "vacation", "getaway",
    # a preposition or an adverb
    "in", "on", "at", "here", "there", "now", "with", "by", "from", "about", "around", "please", "again",
    "lately", "today", "tonight", "though", "anyway", "either",
    # a verb: the word is the subject of a statement about the user's situation ("this quiet is killing me")
    "is", "was", "are", "were", "has", "had", "makes", "made", "keeps", "kept", "gets", "got", "feels", "felt",
    "kills", "killing", "drives", "driving", "bothers", "bugs", "gives"})
_WORD = re.compile(r"[a-z]+(?:-[a-z]+)*")
_PREDICATE = re.compile(r"(?:\b(?:is|are|was|were|be|been|feel|feels|seem|seems|too|so|very|pretty|quite|really)"
                        r"|'s|'re)\s+$")
# What the user already has or is in ("this quiet", "my cheap headphones"): their situation, not a wish.
_OWNED = re.compile(r"\b(?:this|that|these|those|my|our)\s+$")
_COMPOUND = re.compile(r"\b(highly|top|well|best|close|budget|family|kid|pet|dog) (rated|reviewed|by|friendly)\b")


def wishes(text: str, calls: Sequence[ToolCall], tools: dict[str, Tool]) -> list[Added]:
    low = _COMPOUND.sub(r"\1-\2", text.lower())  # same length: only spaces become hyphens
    found: list[str] = []
    for m in _WORD.finditer(low):
        word = m.group(0)
        wished = word in NOUNS or (word in CARRIERS and _of_a_thing(low, m))
        if wished and not _held(word, _vocabulary(tuple(calls), tools)):
            found.append(_span(text, m))
    return [Added(kind="wish", span=s) for s in dict.fromkeys(found)]


def _vocabulary(calls: tuple[ToolCall, ...], tools: dict[str, Tool]) -> frozenset[str]:
    """Stems of what the calls can carry: values, tool description, parameter names and
    descriptions, enum members."""
    out: set[str] = set()
    for call in calls:
        out |= set(_stems(" ".join(f"{k} {v}" for k, v in call.arguments.items())))
        tool = tools.get(call.tool)
        if tool is not None:
            out |= _tool_stems(tool.name, _schema_text(tool))
    return frozenset(out)


def _schema_text(tool: Tool) -> str:
    return " ".join([tool.description, *(f"{p} {s.get('description', '')} {' '.join(map(str, s.get('enum') or []))}"
                                          for p, s in tool.properties.items() if isinstance(s, dict))])


@lru_cache(maxsize=4096)
def _tool_stems(name: str, schema: str) -> frozenset[str]:
    return frozenset(_stems(schema))


def _stems(text: str) -> tuple[str, ...]:
    return content_stems(" ".join(identifier_words(text.replace("-", " "))))


def _held(word: str, vocab: frozenset[str]) -> bool:
    return any(set(_stems(c)) <= vocab for c in (*CARRIERS.get(word, ()), word) if _stems(c)) or stem(word) in vocab


def _of_a_thing(low: str, m: re.Match[str]) -> bool:
    """Said of a thing asked for: before a noun ("a quiet table"), or of somewhere / something /
    one ("somewhere quiet", "a cheap one"); not as a predicate ("it's too quiet in here")."""
    if re.search(_PLACES + r"\W+(?:[\w'-]+\W+){0,3}$", low[:m.start()]):
        return True
    if _PREDICATE.search(low[:m.start()]) or _OWNED.search(low[:m.start()]):
        return False
    at = m.end()
    while at < len(low) and low[at] == " ":
        at += 1
    after = _WORD.match(low, at)
    return after is not None and after.group(0) not in _NOT_A_THING


def _span(text: str, m: re.Match[str]) -> str:
    """The clause around the wish word."""
    low = text.lower()
    start = max(low.rfind(",", 0, m.start()), low.rfind(".", 0, m.start()), low.rfind(" with ", 0, m.start()))
    ends = [i for i in (low.find(",", m.end()), low.find(".", m.end())) if i >= 0]
    return text[start + 1 if start >= 0 else 0:min(ends or [len(low)])].strip()
