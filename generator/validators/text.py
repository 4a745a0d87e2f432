"""Validators of the query texts against the plan: stated values present, omitted values
absent, no identifiers, distinct paraphrases."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from ..core.identity import forbidden_in, is_enum_value
from ..core.surface import blank_out, forms, leaks, mentions, noun, render, spec_of, value_kind, words
from ..core.vagueness import countable, normalize, value_elements
from ..records import Tool
from ..writers.base import WriteRequest
from .base import VALIDATORS, plan_args, show, tools_of, verdicts
from .leaves import missing_leaves, structured
from .timephrase import from_time_alone, is_time_value, parse_query_time, said_in


def _label(param: str, tool: Tool | None) -> str:
    return noun(param, tool)


@VALIDATORS.register("stated_present")
def stated_present(req: WriteRequest, texts: list[str]) -> list:
    """Every stated value is mentioned in every query (any accepted surface form)."""
    problems = []
    for k, text in enumerate(texts):
        for i, a, tool in plan_args(req):
            if a.mode != "stated":
                continue
            if structured(a.value):  # read by its parts: each leaf in any wording, a missing one named
                problems += [f"query {k + 1} does not state {m} (in the {_label(a.param, tool)})"
                             for m in missing_leaves(text, a.value, a.param, spec_of(tool, a.param), req.target.time)]
                continue
            if (mentions(text, a.value, a.param, tool, req.target.time) and not _contradicted(req, text, i, a.param)
                    or read_as_stated(req, text, i, a.param)):
                continue
            problems.append(
                f"query {k + 1} does not state the {_label(a.param, tool)} "
                f"{show(render(a.value, a.param, tool, time=req.target.time))}"
            )
    return verdicts("stated_present", problems)


def _contradicted(req: WriteRequest, text: str, call: int, param: str) -> bool:
    """A flag whose surface form is found ("weak D tested") while the reader reads the text as its
    opposite: a flag's bare noun is a surface form of either value, so the reading decides. Not
    asked when another call sets the same flag the other way (the text then says both)."""
    from ..reader import read_value

    value = req.target.calls[call].arguments.get(param)
    if not isinstance(value, bool) or any(c.arguments.get(param) is (not value) for c in req.target.calls):
        return False
    tool = tools_of(req).get(req.target.calls[call].tool)
    return read_value(text, param, not value, spec_of(tool, param)) is not None


def read_as_stated(req: WriteRequest, text: str, call: int, param: str) -> bool:
    """Whether the independent reader reads the value as stated in some other wording ("without
    pasteurizing" for pasteurize=false, "2 kegs of SKU FPHJ6Z" for an order line): the surface
    forms are one wording, the reader reads meaning."""
    from .reading import reading  # the reader's validators build on this module

    return any(r.call == call and r.param == param and r.label == "stated" for r in reading(req, text).args)


def _stated_elements(req: WriteRequest) -> set[str]:
    return {normalize(x) for _, a, _ in plan_args(req) if a.mode == "stated" for x in value_elements(a.value)}


def _implied(req: WriteRequest) -> str:
    """Text implied by the tools themselves: a value that is part of the API's or app's name
    (`get_taxi`, product_type=taxi) or of the verb phrase the catalog's words give the tool
    ("report an injury or hazard", incident_type=injury) cannot be kept out of a query about it."""
    from ..phrasebook import hints_of

    def intents(t: Tool) -> str:
        hints = hints_of(t)
        return " ".join(re.sub(r"\{[^{}]*\}|[\[\]]", " ", i) for i in (hints.intents if hints else []))

    return " ".join(f"{words(t.api)} {t.app} {intents(t)}" for t in req.tools)


def _intents_of_others(req: WriteRequest) -> dict[str, list[str]]:
    """Per tool of a several-call request, the verb phrases of the other tools ("find food
    delivery" beside "find a place to eat"): what the query says for another call (players, set 23:
    "what food delivery there is in Cardiff" refused as revealing an eatery search's delivery)."""
    from ..phrasebook import hints_of
    from ..writers.phrasing.intents import derived_intent

    def said(t: Tool) -> list[str]:
        hints = hints_of(t)
        found = [re.sub(r"\s+", " ", re.sub(r"\{[^{}]*\}|\[[^\]]*\]", " ", i)).strip() for i in (hints.intents if hints else [])]
        found = [re.sub(r"^\w+\s+", "", f) for f in [*found, derived_intent(t)] if len(f.split()) > 1]  # the object
        found = [re.sub(r"^(?:(?:the|a|an|my|some|your)\s+)+|(?:\s+(?:near|in|at|for|from|to|with|by|on|of|the|a|an|my))+$",
                        "", f) for f in found]
        return [f for f in found if len(f.split()) >= 2]

    names = {t.name for t in req.tools}
    if len(names) < 2:
        return {}
    return {t.name: sorted({p for o in req.tools if o.name != t.name for p in said(o)}, key=lambda p: (-len(p), p))
            for t in req.tools}


def _phrases_of_others(req: WriteRequest) -> list[str]:
    """What the query may legitimately say for stated and hinted arguments: stated strings,
    their surface forms ("express car", "today", "7 pm"), and hint phrases."""
    out: list[str] = []
    for _, a, tool in plan_args(req):
        if a.mode in ("hinted", "stated"):  # "the same minimum rating and sorting as last time": the
            out.append(noun(a.param, tool))  # rating of "minimum rating" is no sort order said
        if a.mode == "hinted" and a.hint:
            out.append(a.hint)
        elif a.mode == "stated":
            out += [x for x in value_elements(a.value) if isinstance(x, str) and len(x) > 1]
            kind = value_kind(a.value, a.param, tool, req.target.time)
            if kind not in ("bool", "number"):
                out += forms(a.value, a.param, tool, req.target.time)
            elif kind == "bool":  # a flag's own clause ("without LLTs flagged non-current") says no hierarchy
                out += [f for f in forms(a.value, a.param, tool, req.target.time) if len(f.split()) >= 3]  # level (set 36)
    return sorted(set(out), key=lambda p: (-len(p), p))


def _masked(text: str, phrases: list[str]) -> str:
    """`text` with the other arguments' phrases blanked out: a word inside a stated value
    ("Coffee breakfast") is not a leak of an omitted one (meal type breakfast)."""
    return blank_out(text, phrases)


def _leak_elements(
    masked: str, value: Any, param: str, tool: Tool | None, req: WriteRequest, skip: set[str], implied: str
) -> list[Any]:
    out = []
    for x in value_elements(value):
        if normalize(x) in skip or (not isinstance(x, bool) and contains_word(implied, x)):
            continue
        item = [x] if isinstance(value, list) else x
        if leaks(masked, item, param, tool, req.target.time):
            out.append(x)
    return out


def contains_word(haystack: str, value: Any) -> bool:
    v = normalize(value, words=True)
    return bool(v) and f" {v} " in f" {normalize(haystack, words=True)} "


def _literal_leak(text: str, value: Any) -> list[Any]:
    nt = normalize(text)
    return [
        x
        for x in value_elements(value)
        if countable(x) and re.search(r"(?<![a-z0-9])" + re.escape(normalize(x)) + r"(?![a-z0-9])", nt)
    ]


@VALIDATORS.register("omitted_absent")
def omitted_absent(req: WriteRequest, texts: list[str]) -> list:
    """No omitted value appears in any surface form, and no hinted value appears literally
    (values shared with stated arguments or implied by the tool's name are exempt)."""
    skip, implied, phrases, problems = _stated_elements(req), _implied(req), _phrases_of_others(req), []
    others = _intents_of_others(req)
    for k, text in enumerate(texts):
        masked = _masked(text, phrases)
        for _, a, tool in plan_args(req):
            if a.mode == "omitted":  # another call's own request ("food delivery in Cardiff") is no leak of this one's
                own = _masked(masked, others.get(tool.name, [])) if tool is not None else masked
                found = _leak_elements(own, a.value, a.param, tool, req, skip, implied)
            elif a.mode == "hinted":
                found = [
                    x
                    for x in _literal_leak(masked, a.value)
                    if normalize(x) not in skip and not contains_word(implied, x)
                ]
            else:
                continue
            for x in found:
                problems.append(
                    f"query {k + 1} reveals the {a.mode} {_label(a.param, tool)} {show(x)}; "
                    f"leave it out" + (f" (say '{a.hint}' instead)" if a.hint else "")
                )
    return verdicts("omitted_absent", problems)


@lru_cache(maxsize=4096)
def _ident_pattern(ident: str, case: bool) -> re.Pattern[str]:
    return re.compile(
        r"(?<![A-Za-z0-9_])" + re.escape(ident) + r"(?![A-Za-z0-9_])", 0 if case else re.IGNORECASE
    )


@VALIDATORS.register("no_identifiers")
def no_identifiers(req: WriteRequest, texts: list[str]) -> list:
    """No API, function, parameter or enum identifier, and no app name unless the plan names it.
    An identifier that is part of a stated string value is allowed."""
    stated = " ".join(
        str(x)
        for _, a, tool in plan_args(req)
        if a.mode == "stated" and not is_enum_value(a.param, a.value, tool)
        for x in value_elements(a.value)
    )
    words, problems = forbidden_in(req.plan, tools_of(req)), []
    for k, text in enumerate(texts):
        for ident, what, case in words:
            pat = _ident_pattern(ident, case)
            if pat.search(text) and not pat.search(stated):
                problems.append(f"query {k + 1} contains the {what} '{ident}'; use natural words")
    return verdicts("no_identifiers", sorted(set(problems), key=problems.index))


@VALIDATORS.register("paraphrases_distinct")
def paraphrases_distinct(req: WriteRequest, texts: list[str]) -> list:
    """Exactly n non-empty queries, pairwise distinct and distinct from `req.avoid` (normalized)."""
    problems = []
    if len(texts) != req.n:
        problems.append(f"expected {req.n} queries, got {len(texts)}")
    avoid = {normalize(t, words=True) for t in req.avoid}
    seen: dict[str, int] = {}
    for k, text in enumerate(texts):
        key = normalize(text, words=True)
        if not key:
            problems.append(f"query {k + 1} is empty")
        elif key in seen:
            problems.append(f"query {k + 1} repeats query {seen[key] + 1}; phrase it differently")
        elif key in avoid:
            problems.append(f"query {k + 1} repeats an earlier query; phrase it differently")
        seen.setdefault(key, k)
    return verdicts("paraphrases_distinct", problems)


def _needs_time_phrase(req: WriteRequest, value: Any, param: str) -> bool:
    qt = parse_query_time(req.target.time or "")
    return qt is not None and is_time_value(value) and not from_time_alone(param, value, qt)


@VALIDATORS.register("time_hint_present")
def time_hint_present(req: WriteRequest, texts: list[str]) -> list:
    """A date or clock time hinted through the query time ("tomorrow", "at 7 pm") is really
    said: every query holds its hint phrase or another phrase that resolves to the value."""
    qt = parse_query_time(req.target.time or "")
    problems = []
    for k, text in enumerate(texts):
        for _, a, tool in plan_args(req):
            if (a.mode == "hinted" and a.source == "time" and _needs_time_phrase(req, a.value, a.param)
                    and not said_in(text, a.value, qt)):  # type: ignore[arg-type]
                problems.append(f"query {k + 1} does not say when: add '{a.hint}' for the "
                                f"{_label(a.param, tool)}")
    return verdicts("time_hint_present", problems)
