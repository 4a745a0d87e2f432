"""The built-in writer: realizes a disclosure plan from phrase templates, no LLM.

Deterministic for (plan, seed). A query is assembled from parts:
    opener (per style) + clause(s) + closer
    clause = intent (catalog hint template, or the description's verb phrase: phrasebook)
             + app mention (only when the plan names the tool)
             + modifiers for stated / hinted arguments the intent did not absorb, each in its
               parameter's frame (phrasebook.terms), in a fixed order, one sentence per call.
Stated values go through `surface.render`; hinted ones use the plan's hint phrase; omitted
ones never appear. Multi-call plans join their clauses ("First ..., then ...", "Also ...").

The pieces live in `generator.writers.phrasing`; this module composes them and runs the writer.
"""

from __future__ import annotations

import random

from ..core.vagueness import normalize
from ..phrasebook import hints_of
from ..records import DisclosurePlan, Draft, Tool
from .base import WRITERS, TextCheck, WriteRequest
from .phrasing.clauses import clause_parts
from .phrasing.grammar import polish
from .phrasing.intents import intent_phrase
from .phrasing.joins import join_clauses
from .phrasing.scenes import FRAMES
from .phrasing.styles import context_sentence, head_sentence, only_need

__all__ = ["TemplateWriter", "compose", "intent_phrase", "paraphrases", "plan_sample", "polish"]

MAX_TRIES = 8  # check-driven retries with other template choices
MAX_DISTINCT = 12  # draws per paraphrase to find a text not used yet


def looks_up(tool: Tool | None) -> bool:
    """Whether a tool finds or reads things (search, list, get), not makes or does them."""
    from ..traject.shapes import GETTER_VERBS, LOOKUP_VERBS, verb_of

    return tool is None or verb_of(tool) in LOOKUP_VERBS | GETTER_VERBS


def compose(
    plan: DisclosurePlan, tools: dict[str, Tool], kind: str, time: str | None, rng: random.Random
) -> str:
    """One query for `plan`: one sentence per call (a framed scenario for the framed levels)."""
    frame = FRAMES.get(plan.level)
    keep = said_verbatim(plan)
    clauses = [
        clause_parts(c, tools.get(c.tool), time, rng, after_previous=i > 0, level=plan.level,
                     found=i == 0 or looks_up(tools.get(plan.calls[i - 1].tool)))[0]
        for i, c in enumerate(plan.calls)
    ]
    if frame is not None and len(clauses) > 1:
        return polish(frame(clauses, plan, tools, kind, rng), keep)
    tool = tools.get(plan.calls[0].tool) if plan.calls else None
    bodies = join_clauses(clauses, kind, rng)
    head = head_sentence(bodies[0], plan, tool, rng)
    hints = hints_of(tool)
    if plan.style == "need" and only_need(plan) and hints and hints.need:
        bodies = bodies[:1]  # the need alone says it all
    context = context_sentence(plan, tool, rng)
    sentences = [head, *bodies[1:]]
    return polish(" ".join([*([context] if context else []), *sentences]), keep)


def said_verbatim(plan: DisclosurePlan) -> list[str]:
    """The stated text values of `plan` (list elements too): polish never edits inside them."""
    out: list[str] = []
    for _, a in plan.args():
        if a.mode == "stated":
            out += [x for x in (a.value if isinstance(a.value, list) else [a.value]) if isinstance(x, str)]
    return out


# ---------------------------------------------------------------- the writer


def _rng(seed: int, attempt: int, index: int, draw: int) -> random.Random:
    return random.Random(f"template:{seed}:{attempt}:{index}:{draw}")


def paraphrases(req: WriteRequest, seed: int, attempt: int) -> list[str]:
    """`req.n` texts, distinct after normalization and from `req.avoid` when possible."""
    tools = {t.name: t for t in req.tools}
    seen = {normalize(t, words=True) for t in req.avoid}
    out: list[str] = []
    for i in range(req.n):
        text = ""
        for draw in range(MAX_DISTINCT):
            text = compose(req.plan, tools, req.target.kind, req.target.time, _rng(seed, attempt, i, draw))
            if normalize(text, words=True) not in seen:
                break
        seen.add(normalize(text, words=True))
        out.append(text)
    return out


class TemplateWriter:
    name = "template"

    def __init__(self, max_tries: int = MAX_TRIES) -> None:
        self.max_tries = max_tries

    def write_sync(self, req: WriteRequest, seed: int, check: TextCheck | None = None) -> Draft:
        texts: list[str] = []
        attempt = 0
        for attempt in range(1, self.max_tries + 1):
            texts = paraphrases(req, seed, attempt)
            if check is None or not check(texts):
                break
        return Draft(
            target_id=req.plan.target_id,
            level=req.plan.level,
            texts=texts,
            writer=self.name,
            attempts=attempt,
        )

    async def write(self, req: WriteRequest, seed: int, check: TextCheck | None = None) -> Draft:
        return self.write_sync(req, seed, check)


WRITERS.add("template", TemplateWriter)


def plan_sample(
    plan: DisclosurePlan, tools: list[Tool], seed: int = 0, kind: str = "single", time: str | None = None
) -> str:
    """One query for a plan without a request object (handy for notebooks and audits)."""
    return compose(plan, {t.name: t for t in tools}, kind, time, _rng(seed, 0, 0, 0))
