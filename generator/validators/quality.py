"""The text-quality gate: every query, whatever wrote it, is free of the defect classes of
generator.core.textquality (doubled words, article and agreement errors, leftover identifiers,
object reprs, digit-by-digit numbers, placeholders, more than one read-out)."""

from __future__ import annotations

from ..core.surface import forms, render
from ..core.textquality import defects
from ..core.vagueness import value_elements
from ..writers.base import WriteRequest
from .base import VALIDATORS, plan_args, verdicts


def exempt_phrases(req: WriteRequest) -> list[str]:
    """What a query may contain whatever it looks like: stated values (literal and as said) and
    app names (an app called `PetPal`, a file `/tmp/a.txt`). Hint phrases are not exempt: a
    hint is text the query says, and must read as well as the rest."""
    out = [t.app for t in req.tools if t.app]
    for _, a, tool in plan_args(req):
        if a.mode != "stated":
            continue
        out += [str(x) for x in value_elements(a.value)]
        out += forms(a.value, a.param, tool, req.target.time)
        out.append(render(a.value, a.param, tool, time=req.target.time))
    return out


@VALIDATORS.register("text_quality")
def text_quality(req: WriteRequest, texts: list[str]) -> list:
    """No text defect in any query (the class and the offending words in the reason)."""
    exempt = exempt_phrases(req)
    problems = [f"query {k + 1}: {d.reason()}" for k, text in enumerate(texts) for d in defects(text, exempt)]
    return verdicts("text_quality", problems)
