"""Validators built on the independent reader (generator.reader, docs/reader.md): what a person
reading the query gets, not what the writers' own surface tables find.

- `determined`: a value the plan leaves to the user's history (hinted or left out) is not the one
  the reader's rules read back from the text and the history (another event, a tie, nothing).
- `added_content`: the query asks for more than the plan holds (the reader's `added`): a further
  request, a condition, an alternative ("... or if not then, pick up the dry cleaning" makes two
  reminders alternatives) or a wish no argument carries ("a place with a nice ambience").
- `restated`: a value the plan leaves out, or points at through the user's history, reads as
  stated in any wording: literal, number words ("forty-two"), a reformatted date ("the 3rd of
  June"), a unit conversion. A value pointed at through the query time ("tomorrow") reads as
  stated by design and is not checked here (time_hint_present and omitted_absent are). A value
  to be said in words (TRAJECT hard hints, source "query": "June 3, 2025" for 2025-06-03) must not
  appear as the call writes it, the form the benchmark's value recall counts. A value another
  argument states is exempt (it is said for that one).

One reading per text and request, shared by both validators.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from ..core.vagueness import normalize, value_elements
from ..reader import Reading, Situation, Step, read_query
from ..records import ArgPlan, Tool
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
    if any(f" {core} " in f" {p} " or f" {stem} " in f" {_stem_words(p)} " for p in own):
        return True
    # the reader's words gathered across the request ("you get the current metar taf" of "get the
    # current METAR and TAF for an airport": set 31, a TAF flag at its default): every content word
    # the tool's own
    content = set(stem.split()) - _FUNCTION_WORDS
    return len(content) >= 2 and any(content <= set(_stem_words(p).split()) for p in own)


_FUNCTION_WORDS = frozenset({"you", "i", "me", "my", "we", "our", "please", "can", "could", "would", "the", "a", "an",
                             "and", "or", "of", "for", "to", "in", "on", "with", "it", "that", "this"})


def _stem_words(text: str) -> str:
    """Words without their inflection ("checking" -> "check"), to compare what the reader took
    for a value with the tool's own words ("check the balance")."""
    return " ".join(re.sub(r"(?<=[a-z]{3})(?:ing|ed|es|s)$", "", w) for w in text.split())


@VALIDATORS.register("restated")
def restated(req: WriteRequest, texts: list[str]) -> list:
    """No value the plan leaves out (or points at through the history) reads as stated."""
    planned = {(i, a.param): a for i, a, _ in plan_args(req) if _checked(a)}
    problems = [p for k, text in enumerate(texts) for p in _written_as_called(req, k, text)]
    if not planned:
        return verdicts("restated", problems)
    said, own = _stated_elements(req), _own_words(req)
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


def _literal(value: Any) -> str:
    """The value as the call writes it (262.0 is "262")."""
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def _written_as_called(req: WriteRequest, k: int, text: str) -> list[str]:
    """Values to be said in words (hinted from the query itself) that the text gives as the call
    writes them ("2025-06-03" for "June 3, 2025"): the literal is what a verbatim recall counts."""
    stated = stated_literals(req)
    return [f"query {k + 1} gives {a.param} as the call writes it ('{_literal(x)}'); say it in words, as '{a.hint}'"
            for _, a, _ in plan_args(req) if a.mode == "hinted" and a.source == "query" and a.hint
            for x in literals_said(text, a, stated)]


def stated_literals(req: WriteRequest) -> set[str]:
    return {normalize(_literal(x), words=True) for _, a, _ in plan_args(req) if a.mode == "stated"
            for x in value_elements(a.value)}


def literals_said(text: str, a: ArgPlan, stated: set[str]) -> list[Any]:
    """The elements of a value to be said in words (`a.hint`) that `text` gives as the call writes
    them; a part of the hint or of a stated value (`stated`, normalized) is said for that one."""
    low, hint = f" {normalize(text, words=True)} ", f" {normalize(a.hint or '', words=True)} "
    out = []
    for x in value_elements(a.value):
        lit = normalize(_literal(x), words=True)
        mine = f" {lit} " not in hint and not any(f" {lit} " in f" {s} " for s in stated)
        if len(lit) >= 2 and mine and f" {lit} " in low and _as_cased(text, _literal(x)):
            out.append(x)
    return out


def _as_cased(text: str, literal: str) -> bool:
    """A code in capitals is written so ("NO" for Norway), not as the word ("no rush")."""
    if not (literal.isalpha() and literal.isupper()):
        return True
    return re.search(rf"(?<![A-Za-z]){re.escape(literal)}(?![A-Za-z])", text) is not None


# ---------------------------------------------------------------- determination


@VALIDATORS.register("determined")
def determined(req: WriteRequest, texts: list[str]) -> list:
    """Every value the plan leaves to the user's history (hinted or left out) is one the reader gets
    back from the text and the history: the value its reading rule yields is the gold (the writers'
    own history check, `history_hints`, reads with the plan's rules; this one with the reader's)."""
    planned = {(i, a.param): a for i, a, _ in plan_args(req) if a.mode != "stated" and a.source == "history"}
    if not planned or not req.target.history:
        return verdicts("determined", [])
    problems = []
    for k, text in enumerate(texts):
        for arg in reading(req, text).args:
            a = planned.get((arg.call, arg.param))
            if a is None or arg.label not in ("hinted", "omitted") or arg.determined is not False:
                continue
            got = "no single value" if arg.value is None else f"{show(arg.value)}"
            problems.append(f"query {k + 1}: {a.mode} {a.param}={show(a.value)}: a reader gets {got} "
                            f"({arg.evidence}); " + (f"point to it as '{a.hint}'" if a.hint else "say it"))
    return verdicts("determined", problems)


@VALIDATORS.register("stated_read")
def stated_read(req: WriteRequest, texts: list[str]) -> list:
    """Every value the plan states reads as stated (or described) to the reader: a value the writer
    said in words the reader does not take for it ("on repeat" for repeat one track, not all) is
    not said."""
    planned = {(i, a.param): a for i, a, _ in plan_args(req) if a.mode == "stated"}
    problems = []
    for k, text in enumerate(texts):
        for arg in reading(req, text).args:
            a = planned.get((arg.call, arg.param))
            if a is None or arg.label in ("stated", "described") or arg.determined:
                continue  # read as said, or left to a rule that gives it anyway (a schema default)
            got = f" (it reads {show(arg.value)}: {arg.evidence})" if arg.value is not None else ""
            problems.append(f"query {k + 1} does not say {a.param}={show(a.value)} so a reader gets it{got}")
    return verdicts("stated_read", problems)


# ---------------------------------------------------------------- added content


_WHY = {"request": "a further request", "condition": "a condition", "alternative": "an alternative",
        "wish": "a wish"}


@VALIDATORS.register("added_content")
def added_content(req: WriteRequest, texts: list[str]) -> list:
    """No request, condition, alternative or wish beyond what the plan's calls hold."""
    return verdicts("added_content", [
        f"query {k + 1} adds {_WHY[a.kind]} the requests do not hold: '{a.span}'; say only what they hold"
        for k, text in enumerate(texts) for a in reading(req, text).added])
