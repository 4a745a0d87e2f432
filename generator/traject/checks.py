"""The TRAJECT-Bench text checks of one realized trajectory query against its disclosure plan,
registered in the one validator registry (generator.validators.VALIDATORS).

Each check applies to some query levels (simple, hard, traj_query) and passes the others; the
traject product runs the generic text validators (less hinted_recoverable: a hard query's
hints resolve from the query itself, and the stricter `recoverable` check replaces it) and then
these, in TRAJECT_VALIDATORS order. `query_problems` runs them all on one text.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.identity import forbidden
from ..core.surface import contains, leaks, mentions
from ..core.vagueness import countable, normalize
from ..records import DisclosurePlan, Target, Tool, Verdict
from ..validators.base import TEXT_VALIDATORS, VALIDATORS, tools_of, verdicts
from ..validators.phrases import phrase_said
from ..writers.base import WriteRequest
from .bind import binding_problems
from .determined import value_problems
from .plans import hard_cap, hint_said, unrecoverable
from .reading import undetermined

Check = Callable[[str, DisclosurePlan, Target, dict[str, Tool]], list[str]]
ALL_LEVELS = ("simple", "hard", "traj_query")


def traject_check(name: str, levels: tuple[str, ...] = ALL_LEVELS) -> Callable[[Check], Check]:
    """Register a per-text check as a validator of the queries of `levels`."""
    def deco(check: Check) -> Check:
        def validator(req: WriteRequest, texts: list[str]) -> list[Verdict]:
            if req.plan.level not in levels:
                return verdicts(name, [])
            tools = tools_of(req)
            return verdicts(name, [p for t in texts for p in check(t, req.plan, req.target, tools)])
        VALIDATORS.add(name, validator)
        return check
    return deco


def _said(text: str, plan: DisclosurePlan, i: int, param: str, value: object, tools: dict[str, Tool]) -> bool:
    """Stated in any accepted surface form (enum words, "June 3rd, 2025", literal)."""
    if isinstance(value, bool):
        return True  # booleans are phrased freely ("with live data") and never counted as recalled
    tool = tools[plan.calls[i].tool]
    if mentions(text, value, param, tool):
        return True
    from ..reader import read_value  # "the fillies" says sex=filly as a reader reads it (set 28's play)

    return read_value(text, param, value, tool.properties.get(param) or {}) is not None


@traject_check("hints_present", ("hard",))
def hints_present(text: str, plan: DisclosurePlan, target: Target, tools: dict[str, Tool]) -> list[str]:
    return [
        f"call {i + 1}: hint {a.hint!r} for {a.param} missing from the query"
        for i, a in plan.args()
        if a.mode == "hinted"
        and not phrase_said(text, hint_said(tools[plan.calls[i].tool], a.param, a.value, a.hint or ""))
        and not _said(text, plan, i, a.param, a.value, tools)
    ]


def _identifiers(tool: Tool) -> list[str]:
    """Function, API and parameter names in identifier form and a "<tool>: <API>" name
    (generator.core.identity.forbidden); plain words a user says anyway are not listed."""
    return [ident for ident, _, _ in forbidden(tool, name_app=True)]


@traject_check("no_identifiers_anywhere")
def no_identifiers_anywhere(text: str, plan: DisclosurePlan, target: Target, tools: dict[str, Tool]) -> list[str]:
    """Tools are implied, never named by identifier, not even inside a stated value (where the
    generic no_identifiers allows it) nor inside a longer word."""
    nq = normalize(text)
    return [
        f"identifier {ident!r} appears in the query"
        for c in plan.calls
        for ident in _identifiers(tools[c.tool])
        if normalize(ident) in nq
    ]


def _names(tool: Tool) -> list[str]:
    """The app (parent tool) name. API names in plain words are verb phrases a user says anyway
    ("verify an email"); in identifier form they are caught by `no_identifiers`."""
    return [tool.app]


@traject_check("no_names", ("hard",))
def no_names(text: str, plan: DisclosurePlan, target: Target, tools: dict[str, Tool]) -> list[str]:
    """Hard queries do not name the tool or API even in plain words."""
    return [
        f"tool/API name {n!r} appears in the hard query"
        for c in plan.calls
        for n in _names(tools[c.tool])
        if len(n) >= 4 and contains(text, n)
    ]


@traject_check("not_vague", ("hard",))
def not_vague(text: str, plan: DisclosurePlan, target: Target, tools: dict[str, Tool]) -> list[str]:
    """Every call with disclosed arguments is anchored in the query by one of them."""
    out = []
    for i, c in enumerate(plan.calls):
        shown = [a for a in c.args if a.mode != "omitted" and countable(a.value)]
        anchored = any(
            (a.hint and phrase_said(text, hint_said(tools[c.tool], a.param, a.value, a.hint)))
            or _said(text, plan, i, a.param, a.value, tools)
            for a in shown
        )
        if shown and not anchored:
            out.append(f"call {i + 1}: nothing in the query says what it needs")
    return out


@traject_check("no_leak", ("traj_query",))
def no_leak(text: str, plan: DisclosurePlan, target: Target, tools: dict[str, Tool]) -> list[str]:
    """A value produced by an earlier step is not given away in the query."""
    return [
        f"call {i + 1}: bound value {a.param}={a.value!r} leaks into the query"
        for i, a in plan.args()
        if a.source == "previous_step"
        and len(normalize(a.value)) >= 3
        and leaks(text, a.value, a.param, tools[plan.calls[i].tool])
    ]


@traject_check("bindings_determined", ("traj_query",))
def bindings_determined(text: str, plan: DisclosurePlan, target: Target, tools: dict[str, Tool]) -> list[str]:
    """Every bound value can be worked out from the query and the earlier outputs: the values
    a step reads from one output sit in one result, the only one or the one the query names
    (generator.traject.reading, which reads the outputs as text, as a person would)."""
    out = [f"bindings: {p}" for p in binding_problems(target, tools)]
    if out or len(target.outputs) != len(target.calls):
        return out or ["bindings: the trajectory has no simulated outputs"]
    by_source: dict[tuple[int, int], list[object]] = {}
    for b in target.bindings:
        by_source.setdefault((b.call, b.from_call), []).append(target.calls[b.call].arguments[b.param])
    for (i, j), values in sorted(by_source.items()):
        why = undetermined(text, target.outputs[j], values)
        if why:
            out.append(f"call {i + 1}: the values it reads from step {j + 1}: {why}")
    return out


@traject_check("values_determined", ("traj_query",))
def values_determined(text: str, plan: DisclosurePlan, target: Target, tools: dict[str, Tool]) -> list[str]:
    """Every gold value of every step is stated in the query or read from the earlier output the
    query refers to, under a field of its own kind, with nothing nearer pointing at another
    one (generator.traject.determined). A stated value in another wording counts as the
    `stated_present` check counts it (the independent reader's reading)."""
    from ..validators.text import read_as_stated

    req = WriteRequest(target=target, plan=plan, tools=[tools[c.tool] for c in plan.calls], n=1)
    return value_problems(text, target, tools, lambda i, p: read_as_stated(req, text, i, p))


@traject_check("recoverable")
def recoverable(text: str, plan: DisclosurePlan, target: Target, tools: dict[str, Tool]) -> list[str]:
    return unrecoverable(plan, target, tools)


def meaning_recall(text: str, plan: DisclosurePlan, target: Target, tools: dict[str, Tool]) -> float:
    """Value recall by meaning of one query: the share of the gold values the independent reader
    reads as stated (a date as "the 3rd of June", a number in words, an enum member's wording, a
    code by what it stands for all count), over every gold value, as `trajgen read` and the
    dataset card count it: the check and the card's figure are one reading."""
    from ..validators.reading import reading  # the validators package imports this module

    req = WriteRequest(target=target, plan=plan, tools=[tools[c.tool] for c in plan.calls], n=1)
    labels = [a.label for a in reading(req, text).args]
    return sum(label == "stated" for label in labels) / len(labels) if labels else 0.0


@traject_check("vague_enough", ("hard",))
def vague_enough(text: str, plan: DisclosurePlan, target: Target, tools: dict[str, Tool]) -> list[str]:
    """A hard query states, read by meaning, at most HARD_RECALL_CAP of the calls' values, or
    no more than its plan must where that is more (`plans.hard_cap`). (TRAJECT-Bench's literal
    value recall is kept low by the choice of trajectories, `plans.hard_floor`: per query it
    cannot be, where the values left out are flags.)"""
    recall, cap = meaning_recall(text, plan, target, tools), hard_cap(plan)
    if recall <= cap + 1e-9:
        return []
    return [f"the hard query states {recall:.2f} of the values, read by meaning (at most {cap:.2f})"
            + _said_beyond_plan(text, plan, target, tools)]


def _said_beyond_plan(text: str, plan: DisclosurePlan, target: Target, tools: dict[str, Tool]) -> str:
    """"; it states sort_order 'price_asc' as 'cheap', which the plan leaves out": the values read as
    stated that the plan does not state, with the words read (a writer told only a share has to guess
    which word to drop)."""
    from ..validators.reading import reading

    req = WriteRequest(target=target, plan=plan, tools=[tools[c.tool] for c in plan.calls], n=1)
    planned = {(i, a.param) for i, a in plan.args() if a.mode == "stated"}
    extra = [f"{a.param} {a.gold!r} as {a.evidence!r}" for a in reading(req, text).args
             if a.label == "stated" and (a.call, a.param) not in planned and a.evidence]
    return f"; it states {', '.join(extra[:3])}, which the plan leaves out" if extra else ""


# What the traject product runs, in order: the generic validators, then its own checks.
TRAJECT_VALIDATORS = tuple(n for n in TEXT_VALIDATORS if n != "hinted_recoverable") + (
    "hints_present", "no_identifiers_anywhere", "no_names", "not_vague", "no_leak", "bindings_determined",
    "values_determined", "recoverable", "vague_enough")


def query_problems(
    text: str, plan: DisclosurePlan, target: Target, tools: dict[str, Tool]
) -> list[tuple[str, str]]:
    """(validator, problem) pairs for one query at its plan's level: everything the traject
    product checks."""
    from ..validators import run_all

    req = WriteRequest(target=target, plan=plan, tools=[tools[c.tool] for c in plan.calls], n=1)
    return [(v.validator, v.reason) for v in run_all(req, [text], names=TRAJECT_VALIDATORS) if not v.ok]
