"""Text checks of one realized trajectory query against its disclosure plan.

Each check returns problem strings ([] = accepted); `query_problems` runs the ones a level
needs. The project-wide text validators (generator.validators) run in addition when present.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..identity import forbidden
from ..records import DisclosurePlan, Target, Tool
from ..registry import Registry
from ..surface import contains, leaks, mentions
from ..vagueness import countable, norm
from .plans import HARD_RECALL_CAP, hint_said, literal_recall, unrecoverable

Check = Callable[[str, DisclosurePlan, Target, dict[str, Tool]], list[str]]
CHECKS: Registry[Check] = Registry("traject check")
LEVEL_CHECKS = {
    "simple": ["stated_present", "no_identifiers", "recoverable"],
    "hard": ["stated_present", "hints_present", "no_identifiers", "no_names", "not_vague", "recoverable",
             "vague_enough"],
    "traj_query": ["stated_present", "no_identifiers", "no_leak", "recoverable"],
}
_IDENT = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|[a-z]+[A-Z][A-Za-z0-9]*")


def _said(text: str, plan: DisclosurePlan, i: int, param: str, value: object, tools: dict[str, Tool]) -> bool:
    """Stated in any accepted surface form (enum words, "June 3rd, 2025", literal)."""
    if isinstance(value, bool):
        return True  # booleans are phrased freely ("with live data") and never counted as recalled
    return mentions(text, value, param, tools[plan.calls[i].tool])


def stated_present(text: str, plan: DisclosurePlan, target: Target, tools: dict[str, Tool]) -> list[str]:
    return [
        f"call {i + 1}: stated {a.param}={a.value!r} missing from the query"
        for i, a in plan.args()
        if a.mode == "stated" and not _said(text, plan, i, a.param, a.value, tools)
    ]


def hints_present(text: str, plan: DisclosurePlan, target: Target, tools: dict[str, Tool]) -> list[str]:
    return [
        f"call {i + 1}: hint {a.hint!r} for {a.param} missing from the query"
        for i, a in plan.args()
        if a.mode == "hinted"
        and not contains(text, hint_said(tools[plan.calls[i].tool], a.param, a.value, a.hint or ""))
        and not _said(text, plan, i, a.param, a.value, tools)
    ]


def _identifiers(tool: Tool) -> list[str]:
    """Function, API and parameter names in identifier form (generator.identity.forbidden),
    and a TRAJECT-Bench "<tool>: <API>" name; plain words a user says anyway are not listed."""
    ids = [ident for ident, what, _ in forbidden(tool, name_app=True) if what != "enum identifier"]
    ids += [p for p in tool.properties if _IDENT.fullmatch(p) and p not in ids]
    return ids + ([tool.name] if ":" in tool.name else [])


def no_identifiers(text: str, plan: DisclosurePlan, target: Target, tools: dict[str, Tool]) -> list[str]:
    """Tools are implied, never named by identifier (function name, snake/camel API or param)."""
    nq = norm(text)
    return [
        f"identifier {ident!r} appears in the query"
        for c in plan.calls
        for ident in _identifiers(tools[c.tool])
        if norm(ident) in nq
    ]


def _names(tool: Tool) -> list[str]:
    """The app (parent tool) name. API names in plain words are verb phrases a user says anyway
    ("verify an email"); in identifier form they are caught by `no_identifiers`."""
    return [tool.app]


def no_names(text: str, plan: DisclosurePlan, target: Target, tools: dict[str, Tool]) -> list[str]:
    """Hard queries do not name the tool or API even in plain words."""
    return [
        f"tool/API name {n!r} appears in the hard query"
        for c in plan.calls
        for n in _names(tools[c.tool])
        if len(n) >= 4 and contains(text, n)
    ]


def not_vague(text: str, plan: DisclosurePlan, target: Target, tools: dict[str, Tool]) -> list[str]:
    """Every call with disclosed arguments is anchored in the query by one of them."""
    out = []
    for i, c in enumerate(plan.calls):
        shown = [a for a in c.args if a.mode != "omitted" and countable(a.value)]
        anchored = any(
            (a.hint and contains(text, hint_said(tools[c.tool], a.param, a.value, a.hint)))
            or _said(text, plan, i, a.param, a.value, tools)
            for a in shown
        )
        if shown and not anchored:
            out.append(f"call {i + 1}: nothing in the query says what it needs")
    return out


def no_leak(text: str, plan: DisclosurePlan, target: Target, tools: dict[str, Tool]) -> list[str]:
    """A value produced by an earlier step is not given away in the query."""
    return [
        f"call {i + 1}: bound value {a.param}={a.value!r} leaks into the query"
        for i, a in plan.args()
        if a.source == "previous_step"
        and len(norm(a.value)) >= 3
        and leaks(text, a.value, a.param, tools[plan.calls[i].tool])
    ]


def recoverable(text: str, plan: DisclosurePlan, target: Target, tools: dict[str, Tool]) -> list[str]:
    return unrecoverable(plan, target, tools)


def vague_enough(text: str, plan: DisclosurePlan, target: Target, tools: dict[str, Tool]) -> list[str]:
    """A hard query says at most HARD_RECALL_CAP of the call's counted values verbatim."""
    recall = literal_recall(text, target)
    if recall <= HARD_RECALL_CAP + 1e-9:
        return []
    return [f"the hard query says {recall:.2f} of the values verbatim (at most {HARD_RECALL_CAP})"]


def register_checks() -> None:
    for name, fn in (
        ("vague_enough", vague_enough),
        ("stated_present", stated_present),
        ("hints_present", hints_present),
        ("no_identifiers", no_identifiers),
        ("no_names", no_names),
        ("not_vague", not_vague),
        ("no_leak", no_leak),
        ("recoverable", recoverable),
    ):
        if name not in CHECKS:
            CHECKS.add(name, fn)


def query_problems(
    text: str, plan: DisclosurePlan, target: Target, tools: dict[str, Tool]
) -> list[tuple[str, str]]:
    """(check name, problem) pairs for one query at its plan's level."""
    register_checks()
    out = []
    for name in LEVEL_CHECKS[plan.level]:
        out += [(name, p) for p in CHECKS.get(name)(text, plan, target, tools)]
    return out
