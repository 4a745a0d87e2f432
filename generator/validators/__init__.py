"""Validators: check a realization (texts) against its plan and target.

VALIDATORS maps a name to fn(WriteRequest, texts) -> list[Verdict]; `names` (a product's
`validators`, by default the generic TEXT_VALIDATORS) chooses which run, in order.
`check_for(req)` turns them into a TextCheck (problem strings, fed back to writers and to the
LLM as re-asks); `validate(req, draft)` returns every verdict for the final decision;
`levels_ordered` compares the drafts of one target across levels.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..records import Draft, Verdict
from ..writers.base import TextCheck, WriteRequest
from . import history, language, levels, plan_checks, quality, text  # noqa: F401  (registration)
from .base import TEXT_VALIDATORS, VALIDATORS, Validator
from .levels import level_recall, levels_ordered


def run_all(req: WriteRequest, texts: list[str], skip: Collection[str] = (),
            names: Sequence[str] = TEXT_VALIDATORS) -> list[Verdict]:
    return [v for name in names if name not in skip for v in VALIDATORS.get(name)(req, texts)]


# Validators of the plan and gold calls alone: no rewording can fix them, so writers are not
# asked to (they still run in `validate`).
PLAN_VALIDATORS = frozenset({"hinted_recoverable", "answer_valid"})


def check_for(req: WriteRequest, skip: Collection[str] = (), names: Sequence[str] = TEXT_VALIDATORS) -> TextCheck:
    """A TextCheck for writers: the validators' problems (minus `skip`) as strings."""
    excluded = PLAN_VALIDATORS | set(skip)

    def check(texts: list[str]) -> list[str]:
        return [f"{v.validator}: {v.reason}" for v in run_all(req, texts, excluded, names) if not v.ok]

    return check


def validate(req: WriteRequest, draft: Draft, skip: Collection[str] = (),
             names: Sequence[str] = TEXT_VALIDATORS) -> list[Verdict]:
    """Every verdict for a draft (one passing verdict per validator that found nothing)."""
    return run_all(req, draft.texts, skip, names)


__all__ = ["PLAN_VALIDATORS", "TEXT_VALIDATORS", "VALIDATORS", "Validator", "check_for", "level_recall",
           "levels_ordered", "run_all", "validate"]
