"""Validators built on the independent reader (generator.reader, docs/reader.md): what a person
reading the query gets, not what the writers' own surface tables find.

- `added_content`: the query asks for more than the plan holds: a further request, a condition
  or an alternative (the reader's `added`: "... or if not then, pick up the dry cleaning" makes
  two reminders alternatives), or a wish no argument carries ("a place with a nice ambience",
  `wishes` below: the reader does not read wishes yet).
- `restated`: a value the plan leaves out, or points at through the user's history, reads as
  stated in any wording: literal, number words ("forty-two"), a reformatted date ("the 3rd of
  June"), a unit conversion. Values pointed at through the query time ("tomorrow") or said in
  words on purpose (TRAJECT hard hints, source "query") read as stated by design and are not
  checked here; a value another argument states is exempt (it is said for that one).

One reading per text and request, shared by both validators.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime
from functools import lru_cache
from typing import Any

from ..reader import Reading, Situation, Step, read_query
from ..records import ArgPlan, Tool
from ..surface import blank_out
from ..vagueness import normalize, value_elements
from ..writers.base import WriteRequest
from .base import VALIDATORS, plan_args, show, tools_of, verdicts
from .text import _phrases_of_others

_TIME_FORMATS = ("%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%d")


def query_time(time: str | None) -> datetime | None:
    for fmt in _TIME_FORMATS:
        try:
            return datetime.strptime((time or "").strip(), fmt)
        except ValueError:
            continue
    return None


def situation(req: WriteRequest) -> Situation:
    """What a reader of the query may use: the query time, the offered tools, the history and,
    for a chain, every call with its output."""
    target = req.target
    steps = ([Step(call=c, output=o) for c, o in zip(target.calls, target.outputs, strict=False)]
             if target.kind == "sequential" else [])
    return Situation(time=query_time(target.time), tools=tools_of(req), history=list(target.history),
                     steps=steps)


_READINGS: dict[tuple[str, int], tuple[WriteRequest, Reading]] = {}


def reading(req: WriteRequest, text: str) -> Reading:
    """The reader's reading of `text` for `req` (kept for the other validator of the same texts)."""
    key = (text, id(req))
    got = _READINGS.get(key)
    if got is not None and got[0] is req:
        return got[1]
    if len(_READINGS) > 256:
        _READINGS.clear()
    kinds = [(tools_of(req).get(c.tool) or Tool(name=c.tool, app="", api=c.tool, domain="")).domain
             for c in req.target.calls]
    result = read_query(text, req.target.calls, situation(req), kinds=kinds)
    _READINGS[key] = (req, result)
    return result


# ---------------------------------------------------------------- restatement


def _checked(a: ArgPlan) -> bool:
    """Whether a reading of `stated` breaks the plan for this argument."""
    if a.mode == "omitted":
        return True
    return a.mode == "hinted" and a.source == "history"


def _stated_elements(req: WriteRequest) -> set[str]:
    return {normalize(x) for _, a, _ in plan_args(req) if a.mode == "stated" for x in value_elements(a.value)}


def _own_words(req: WriteRequest) -> list[str]:
    """What a query says for other reasons, normalized: the stated values in every accepted form,
    the hint phrases, and the tools' own words (description, API, app, the catalog's intents): a
    value implied by the tool ("find cheap flights" for a cheapest-first default) cannot be kept
    out of a query about it."""
    texts = [str(x) for _, a, _ in plan_args(req) if a.mode == "stated" for x in value_elements(a.value)]
    texts += _phrases_of_others(req)
    for tool in req.tools:
        texts += [tool.description, tool.api.replace("_", " "), tool.app,
                  *(_SLOTS.sub(" ", i) for i in (tool.hints.intents if tool.hints else []))]
    return [normalize(t, words=True) for t in texts if t]


_SLOTS = re.compile(r"\{[^{}]*\}|[\[\]]")


def _excused(evidence: str, own: list[str]) -> bool:
    """Whether the words the reader took as the value (its evidence, less the rule in brackets)
    belong to something the query says for another reason ("standing" of a stated "standing
    desk" is no shipping speed "standard")."""
    core = normalize(re.sub(r"\s*\([^)]*\)\s*$", "", evidence).strip(" '\""), words=True)
    if not core:
        return False
    stem = _stem_words(core)
    return any(f" {core} " in f" {p} " or f" {stem} " in f" {_stem_words(p)} " for p in own)


def _stem_words(text: str) -> str:
    """Words without their inflection ("checking" -> "check"), to compare what the reader took
    for a value with the tool's own words ("check the balance")."""
    return " ".join(re.sub(r"(?<=[a-z]{3})(?:ing|ed|es|s)$", "", w) for w in text.split())


@VALIDATORS.register("restated")
def restated(req: WriteRequest, texts: list[str]) -> list:
    """No value the plan leaves out (or points at through the history) reads as stated."""
    planned = {(i, a.param): a for i, a, _ in plan_args(req) if _checked(a)}
    if not planned:
        return verdicts("restated", [])
    said, own, problems = _stated_elements(req), _own_words(req), []
    for k, text in enumerate(texts):
        for arg in reading(req, text).args:
            a = planned.get((arg.call, arg.param))
            if a is None or arg.label not in ("stated", "described"):
                continue
            if all(normalize(x) in said for x in value_elements(a.value)) or _excused(arg.evidence, own):
                continue  # said for another argument, or by the tool itself
            how = f" as '{arg.evidence}'" if arg.evidence else ""
            problems.append(f"query {k + 1} gives the {a.mode} value {a.param}={show(a.value)}{how}; "
                            + (f"point to it only as '{a.hint}'" if a.hint else "leave it out entirely"))
    return verdicts("restated", problems)


# ---------------------------------------------------------------- added content


# Words of a wish: a preference about the thing asked for that an argument may or may not carry.
# Each maps to the words of an argument that would carry it (a parameter, its description, an
# enum member): "cheap" is held by a price limit or a price order, "quiet" by nothing but itself.
WISH_WORDS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("cheap", "cheaper", "affordable", "inexpensive", "pricey", "expensive", "budget-friendly"),
                    ("price", "cost", "fare", "budget", "cheap", "cheapest")),
    **dict.fromkeys(("popular", "trendy", "famous"), ("popular", "popularity", "trending", "famous")),
    **dict.fromkeys(("highly-rated", "top-rated", "well-reviewed", "best-rated", "well-rated"),
                    ("rating", "rated", "star", "stars", "review", "reviews", "score")),
    **dict.fromkeys(("quiet", "peaceful", "calm"), ("quiet", "noise")),
    **dict.fromkeys(("nearby", "close-by"), ("distance", "near", "nearby", "radius", "close")),
    **dict.fromkeys(("nice", "lovely", "cozy", "cosy", "romantic", "fancy", "charming", "lively", "authentic",
                     "decent", "spacious", "comfortable", "comfy", "family-friendly", "kid-friendly",
                     "pet-friendly", "dog-friendly", "scenic", "stylish"), ()),
}
WISH_NOUNS = ("ambience", "ambiance", "atmosphere", "vibe", "vibes", "view", "views", "decor")
_PLACES = r"(?:somewhere|something|someplace|some place|a place|a spot|one|ones|an? option|options)"
# Words after a wish word that show it is no attribute of a thing ("nice to have", "nice and early").
_NOT_A_THING = frozenset({"to", "and", "if", "of", "that", "for", "as", "but", "so", "or", "when", "enough", "too",
                          # a moment is the user's situation, not a thing asked for ("a cozy night in")
                          "night", "evening", "morning", "afternoon", "day", "weekend", "week", "time", "trip",
                          "date", "dinner", "break", "holiday", "vacation", "getaway",
                          # a preposition or an adverb: the word is no attribute here
                          "in", "on", "at", "here", "there", "now", "with", "by", "from", "about", "around",
                          "please", "again", "lately", "today", "tonight", "though", "anyway", "either"})
_WORD = re.compile(r"[a-z]+(?:-[a-z]+)*")
_PREDICATE = re.compile(r"(?:\b(?:is|are|was|were|be|been|feel|feels|seem|seems|too|so|very|pretty|quite|really)|'s|'re)\s+$")


def _vocabulary(req: WriteRequest) -> frozenset[str]:
    """Words of what the calls can carry: parameter names and descriptions, enum members, the
    tools' descriptions and the values."""
    words: list[str] = []
    for c in req.target.calls:
        tool = tools_of(req).get(c.tool)
        words += _words(" ".join(map(str, c.arguments.values())))
        if tool is not None:
            words += _words(f"{tool.description} {_schema_words(tool)}")
    return frozenset(words)


@lru_cache(maxsize=1024)
def _schema_words_of(parameters: str) -> str:
    return parameters.replace("_", " ")


def _schema_words(tool: Tool) -> str:
    parts = [f"{p} {spec.get('description', '')} {' '.join(map(str, spec.get('enum') or []))}"
             for p, spec in tool.properties.items() if isinstance(spec, dict)]
    return _schema_words_of(" ".join(parts))


def _words(text: str) -> list[str]:
    return [w.rstrip("s") if len(w) > 3 else w for w in _WORD.findall(text.lower().replace("_", " "))]


def _held(word: str, vocab: frozenset[str]) -> bool:
    carriers = WISH_WORDS.get(word, ()) + (word,)
    return any((c.rstrip("s") if len(c) > 3 else c) in vocab for c in carriers)


def _joined(text: str) -> str:
    """ "highly rated", "top rated", "well reviewed", "close by" as one hyphenated word."""
    return re.sub(r"\b(highly|top|well|best|close|budget|family|kid|pet|dog) (rated|reviewed|by|friendly)\b",
                  r"\1-\2", text.lower())


def wishes(text: str, vocab: frozenset[str]) -> list[str]:
    """Spans of `text` that wish for something no argument carries: a wish word said of a thing
    ("a quiet table", "somewhere cozy", "a cheap one") or a wish noun ("with a nice ambience")."""
    low = _joined(text)
    found = []
    for m in _WORD.finditer(low):
        word = m.group(0)
        if word in WISH_NOUNS and not _held(word, vocab) or word in WISH_WORDS and _of_a_thing(low, m) and not _held(word, vocab):
            found.append(_span(text, m))
    return list(dict.fromkeys(found))


def _of_a_thing(low: str, m: re.Match[str]) -> bool:
    """Said of a thing asked for: before a noun ("a quiet table"), or of somewhere / something /
    one ("somewhere quiet", "a cheap one"); not of the user's situation ("it's too quiet in here")."""
    if re.search(_PLACES + r"\W+(?:[\w'-]+\W+){0,3}$", low[:m.start()]):
        return True
    if _PREDICATE.search(low[:m.start()]):
        return False
    after = _WORD.match(low, _skip_space(low, m.end()))
    return after is not None and after.group(0) not in _NOT_A_THING


def _skip_space(low: str, at: int) -> int:
    while at < len(low) and low[at] == " ":
        at += 1
    return at


def _span(text: str, m: re.Match[str]) -> str:
    """The clause around the wish word (`_joined` keeps positions: it only turns spaces into hyphens)."""
    low = text.lower()
    start = max(low.rfind(",", 0, m.start()), low.rfind(".", 0, m.start()), low.rfind(" with ", 0, m.start()))
    end = min([i for i in (low.find(",", m.end()), low.find(".", m.end())) if i >= 0] or [len(low)])
    return text[start + 1 if start >= 0 else 0:end].strip()


def _masked(req: WriteRequest, text: str) -> str:
    """`text` without what the plan has it say (values, their forms, hints): "Cozy Corner Cafe" as a
    stated name or "cheapest first" as a stated order is no wish."""
    values = [str(x) for _, a, _ in plan_args(req) if a.mode == "stated" for x in value_elements(a.value)
              if isinstance(x, str)]
    return blank_out(text, sorted({*values, *_phrases_of_others(req)}, key=lambda p: (-len(p), p)))


def _added_problems(k: int, kinds: Iterable[tuple[str, str]]) -> list[str]:
    why = {"request": "a further request", "condition": "a condition", "alternative": "an alternative",
           "wish": "a wish"}
    return [f"query {k + 1} adds {why[kind]} the requests do not hold: '{span}'; say only what they hold"
            for kind, span in kinds]


@VALIDATORS.register("added_content")
def added_content(req: WriteRequest, texts: list[str]) -> list:
    """No request, condition, alternative or wish beyond what the plan's calls hold."""
    vocab, problems = _vocabulary(req), []
    for k, text in enumerate(texts):
        found: list[tuple[str, Any]] = [(a.kind, a.span) for a in reading(req, text).added]
        found += [("wish", span) for span in wishes(_masked(req, text), vocab)]
        problems += _added_problems(k, found)
    return verdicts("added_content", problems)
