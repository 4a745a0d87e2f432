"""`trajgen generate --dry-run`: the plan, the LLM calls it will make, their tokens and cost.

Nothing is sent and nothing is written. A sample of each product's pending items runs through
the real products and prompts against an in-process stand-in model that answers like the test
server (valid replies, so re-asks are not counted); the calls and tokens of the sample are
scaled to all pending items. Tokens are estimated at 4 characters per token, as OpenAI's rule of
thumb: a real tokenizer differs by some percent, and re-asks and retries add to the estimate.
"""

from __future__ import annotations

import dataclasses
import json
from collections import defaultdict
from typing import Any

from pydantic import BaseModel

from .errors import LLMError
from .llm import request as rq
from .llm.protocol import ReplyCheck, Structured, Usage
from .records import Record
from .state import CURRENT_PRODUCT, StateStore

SAMPLE_PER_PRODUCT = 12
CHARS_PER_TOKEN = 4


def estimate_tokens(text: str) -> int:
    return max(1, (len(text) + CHARS_PER_TOKEN - 1) // CHARS_PER_TOKEN)


class DryClient:
    """An LLMClient that answers in-process (like the fake server) and counts per product."""

    def __init__(self, model: str, endpoint: str) -> None:
        self.model, self.endpoint, self.usage = model, endpoint, Usage()
        self.calls: dict[str, int] = defaultdict(int)
        self.prompt: dict[str, int] = defaultdict(int)
        self.completion: dict[str, int] = defaultdict(int)

    async def structured(self, messages: list[dict[str, str]], reply_model: type[BaseModel], *,
                         check: ReplyCheck | None = None, temperature: float | None = None,
                         tag: str = "", seed: int | None = None) -> Structured:
        from .testing.answerers import answer

        raw = json.dumps(answer(messages), ensure_ascii=False)
        product = CURRENT_PRODUCT.get()
        self.calls[product] += 1
        self.prompt[product] += estimate_tokens(json.dumps(messages, ensure_ascii=False))
        self.completion[product] += estimate_tokens(raw)
        value, problems = rq.evaluate(raw, reply_model, check)
        if value is None:
            raise LLMError(f"dry run: no stand-in answer for {tag or 'this prompt'}", raw=raw, attempts=1)
        return Structured(value=value, raw=raw, attempts=1, problems_seen=problems)

    async def aclose(self) -> None:
        return None


class ProductEstimate(Record):
    items: int
    pending: int
    sampled: int
    llm_calls: int
    prompt_tokens: int
    completion_tokens: int


class Estimate(Record):
    writer: str
    model: str | None
    products: dict[str, ProductEstimate]
    cost_usd: float | None = None

    def lines(self) -> list[str]:
        head = f"dry run: {self.writer} writer" + (f", model {self.model}" if self.model else "")
        cols = f"{'product':<10}{'items':>8}{'pending':>9}{'LLM calls':>11}{'prompt tok':>12}{'reply tok':>11}"
        rows = [head, cols]
        for name, p in self.products.items():
            rows.append(f"{name:<10}{p.items:>8}{p.pending:>9}{p.llm_calls:>11}{p.prompt_tokens:>12}"
                        f"{p.completion_tokens:>11}")
        t = self.total()
        rows.append(f"{'total':<10}{t.items:>8}{t.pending:>9}{t.llm_calls:>11}{t.prompt_tokens:>12}"
                    f"{t.completion_tokens:>11}")
        if self.cost_usd is not None:
            rows.append(f"estimated cost: ${self.cost_usd:.4f} (llm.prices)")
        rows.append("estimates: 4 characters per token, first attempts only (re-asks and retries add more)")
        return rows

    def total(self) -> ProductEstimate:
        ps = list(self.products.values())
        return ProductEstimate(**{f: sum(getattr(p, f) for p in ps) for f in ProductEstimate.model_fields})


def _scaled(value: int, sampled: int, pending: int) -> int:
    return round(value * pending / sampled) if sampled else 0


async def _sample(run: Any, dry: DryClient | None, name: str, pending: list) -> int:
    product = run.products[name]  # the run's own instance, as a real invocation would use
    sample = pending[:SAMPLE_PER_PRODUCT] if dry is not None else []
    for item in sample:
        CURRENT_PRODUCT.set(name)
        try:
            await product.run(item, run.ctx)
        except LLMError:
            continue  # a prompt the stand-in cannot answer still counted its call
    return len(sample)


async def dry_run(run: Any, ov: Any) -> Estimate:
    """Estimate for `run` (engine.Run): what a real invocation would still send."""
    from .writers.base import WRITERS

    dry = DryClient(run.llm.model, run.llm.endpoint) if run.llm is not None else None
    if dry is not None:
        run.ctx = dataclasses.replace(run.ctx, llm=dry, writer=WRITERS.get("llm")(dry))
    done = StateStore(run.ctx.out_dir, run.key, ov.shard).item_ids() if run.ctx.out_dir.exists() else set()
    products = {}
    for name, items in run.plans.items():
        pending = [it for it in items if it.item_id not in done]
        n = await _sample(run, dry, name, pending)
        calls, p, c = (dry.calls[name], dry.prompt[name], dry.completion[name]) if dry else (0, 0, 0)
        products[name] = ProductEstimate(items=len(items), pending=len(pending), sampled=n,
                                         llm_calls=_scaled(calls, n, len(pending)),
                                         prompt_tokens=_scaled(p, n, len(pending)),
                                         completion_tokens=_scaled(c, n, len(pending)))
    est = Estimate(writer=run.cfg.writer, model=dry.model if dry else None, products=products)
    price = run.cfg.llm.prices.get(dry.model) if dry else None
    if price is not None:
        t = est.total()
        est.cost_usd = (t.prompt_tokens * price.prompt + t.completion_tokens * price.completion) / 1e6
    return est
