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
from . import history, language, levels, plan_checks, quality, reading, text  # noqa: F401  (registration)
from .base import TEXT_VALIDATORS, VALIDATORS, Validator
from .levels import level_recall, levels_ordered


def run_all(req: WriteRequest, texts: list[str], skip: Collection[str] = (),
            names: Sequence[str] = TEXT_VALIDATORS) -> list[Verdict]:
    return [v for name in names if name not in skip for v in VALIDATORS.get(name)(req, texts)]


# Validators of the plan and gold calls alone: no rewording can fix them, so writers are not
# asked to (they still run in `validate`).
PLAN_VALIDATORS = frozenset({"hinted_recoverable", "answer_valid"})


class Checker:
    """The validators of one request, remembering their verdicts on the texts they last saw:
    the writer's check and the final `validate` of the same texts run each validator once
    (validators are pure functions of the request and the texts)."""

    def __init__(self, req: WriteRequest, skip: Collection[str] = (), names: Sequence[str] = TEXT_VALIDATORS) -> None:
        self.req, self.names = req, [n for n in names if n not in skip]
        self._texts: list[str] | None = None
        self._seen: dict[str, list[Verdict]] = {}

    def verdicts(self, texts: list[str], excluded: Collection[str] = ()) -> list[Verdict]:
        if texts != self._texts:
            self._texts, self._seen = list(texts), {}
        out = []
        for name in self.names:
            if name not in excluded:
                if name not in self._seen:
                    self._seen[name] = VALIDATORS.get(name)(self.req, texts)
                out += self._seen[name]
        return out

    def check(self, texts: list[str]) -> list[str]:
        """A TextCheck for writers: the problems (plan validators left out) as strings."""
        return [f"{v.validator}: {v.reason}" for v in self.verdicts(texts, PLAN_VALIDATORS) if not v.ok]


def check_for(req: WriteRequest, skip: Collection[str] = (), names: Sequence[str] = TEXT_VALIDATORS) -> TextCheck:
    """A TextCheck for writers: the validators' problems (minus `skip`) as strings."""
    return Checker(req, skip, names).check


def validate(req: WriteRequest, draft: Draft, skip: Collection[str] = (),
             names: Sequence[str] = TEXT_VALIDATORS, checker: Checker | None = None) -> list[Verdict]:
    """Every verdict for a draft (one passing verdict per validator that found nothing); with
    the `checker` the writer used, what it already found on these texts is not recomputed."""
    return (checker or Checker(req, skip, names)).verdicts(draft.texts)


__all__ = ["PLAN_VALIDATORS", "TEXT_VALIDATORS", "VALIDATORS", "Checker", "Validator", "check_for", "level_recall",
           "levels_ordered", "run_all", "validate"]
