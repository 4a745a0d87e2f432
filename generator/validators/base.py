"""The validator contract and registry, plus helpers the validators share."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ..records import ArgPlan, Tool, Verdict
from ..registry import Registry
from ..writers.base import WriteRequest

# fn(request, candidate texts) -> verdicts; at least one verdict, ok=True when nothing is wrong.
# The one registry of text validators: the generic ones (validators/) and the format-specific
# ones (traject/checks.py); each product names the ones its texts must pass (Product.validators).
Validator = Callable[[WriteRequest, list[str]], list[Verdict]]
VALIDATORS: Registry[Validator] = Registry("validator")

# The generic validators, in the order they run (the first failure names a rejection).
TEXT_VALIDATORS = ("answer_valid", "hinted_recoverable", "history_hints", "language", "no_identifiers",
                   "omitted_absent", "paraphrases_distinct", "stated_present", "text_quality",
                   "time_hint_present", "restated", "determined", "added_content")


def tools_of(req: WriteRequest) -> dict[str, Tool]:
    return {t.name: t for t in req.tools}


def plan_args(req: WriteRequest) -> Iterator[tuple[int, ArgPlan, Tool | None]]:
    """(call index, argument plan, tool or None) for every argument of the plan."""
    tools = tools_of(req)
    for i, call in enumerate(req.plan.calls):
        for a in call.args:
            yield i, a, tools.get(call.tool)


def verdicts(name: str, problems: list[str]) -> list[Verdict]:
    """One failing verdict per problem, or one passing verdict."""
    if not problems:
        return [Verdict(validator=name, ok=True)]
    return [Verdict(validator=name, ok=False, reason=p) for p in problems]


def show(value: Any) -> str:
    return repr(value) if not isinstance(value, str) else f"'{value}'"
