"""Steps every product shares: write a plan through the writer, validate, or reject."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection
from typing import Any

from ..errors import BudgetExceeded, LLMError
from ..records import DisclosurePlan, Draft, Rejection, Target, Tool, ToolCall
from ..writers.base import WriteRequest
from .base import PRODUCTS, RunContext


class Realized:
    """Either accepted texts or a rejection, with the draft that led there."""

    def __init__(self, texts: list[str] | None, rejection: Rejection | None, draft: Draft | None) -> None:
        self.texts = texts
        self.rejection = rejection
        self.draft = draft

    @property
    def ok(self) -> bool:
        return self.texts is not None


async def realize(ctx: RunContext, item_id: str, product: str, target: Target, plan: DisclosurePlan,
                  tools: list[Tool], avoid: list[str] | None = None, skip: Collection[str] = (),
                  language: str = "en", before: list[str] | None = None) -> Realized:
    """Write `plan.paraphrases` texts for `plan` in `language` and validate them; reject with
    the reason.

    The texts pass the validators `product` registered with; `skip` names validators that do
    not apply (e.g. hinted_recoverable for a deliberately unrecoverable miss_param plan)."""
    from ..validators import Checker, validate

    names = PRODUCTS.get(product).validators
    req = WriteRequest(target=target, plan=plan, tools=tools, n=plan.paraphrases, avoid=avoid or [],
                       language=language, before=before or [])
    checker = Checker(req, skip, names)
    try:
        draft = await ctx.writer.write(req, ctx.item_seed(f"{item_id}/{plan.level}"), checker.check)
    except LLMError as exc:
        if exc.retryable or isinstance(exc, BudgetExceeded):
            raise  # not a verdict on the item: the engine leaves it unfinished for a rerun
        return Realized(None, Rejection(item_id=item_id, product=product, stage="write",
                                        validator="llm", reason=exc.message, raw=exc.raw,
                                        attempts=exc.attempts), None)
    failed = [v for v in validate(req, draft, skip, names, checker) if not v.ok]
    if failed:
        reason = "; ".join(f"{v.validator}: {v.reason}" for v in failed)
        return Realized(None, Rejection(item_id=item_id, product=product, stage="validate",
                                        validator=failed[0].validator, reason=reason,
                                        raw=draft.raw or json.dumps(draft.texts, ensure_ascii=False),
                                        attempts=draft.attempts), draft)
    return Realized(draft.texts, None, draft)


def call_id(item_id: str, index: int) -> str:
    return "call_" + hashlib.sha256(f"{item_id}:{index}".encode()).hexdigest()[:12]


def tool_call_message(item_id: str, calls: list[ToolCall], start: int = 0) -> dict[str, Any]:
    """An OpenAI assistant message carrying tool calls; arguments are JSON strings."""
    return {"role": "assistant", "content": None, "tool_calls": [
        {"id": call_id(item_id, start + i), "type": "function",
         "function": {"name": c.tool, "arguments": json.dumps(c.arguments, ensure_ascii=False)}}
        for i, c in enumerate(calls)]}


def tools_json(tools: list[Tool]) -> str:
    return json.dumps([t.openai() for t in tools], ensure_ascii=False)
