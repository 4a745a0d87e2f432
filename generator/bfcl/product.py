"""Product `bfcl`: native BFCL v4 files in <out>/bfcl/ (questions + possible_answer/).

Single-turn entries are produced by the same category builders as the SDG rows (one source of
truth for sampling, phrasing and validation) and converted; multi-turn entries are played over
BFCL's own classes from bfcl-eval, which is optional: without it those items are recorded as
rejections that say so, and the single-turn files are still written.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from ..io import atomic_write_text
from ..products.base import PRODUCTS, RunContext, WorkItem, stable_id
from ..products.sdg_config import SdgConfig
from ..records import ItemResult, Rejection, Sample
from .config import MULTI_TURN, BfclConfig
from .native import GOLD_DIR, entry_from_row, jsonl, write_category

NAME = "bfcl"
NO_ANSWER = ("irrelevance", "live_irrelevance")  # BFCL ships no possible_answer for these
# BFCL has no possible_answer for live_relevance either (any call passes); our gold call goes to
# <out>/bfcl/gold/ instead, where BFCL's runner does not look, so the check can still use it.
SIDE_ANSWER = ("live_relevance",)
SDG_NAME = {"simple_python": "simple"}  # BFCL category -> our SDG builder


def bfcl_cfg(ctx: RunContext) -> BfclConfig:
    return ctx.config.products.bfcl or BfclConfig()


def with_sdg_defaults(ctx: RunContext) -> RunContext:
    """The SDG builders read products.sdg (distractor counts); give them defaults if absent."""
    if ctx.config.products.sdg is not None:
        return ctx
    products = ctx.config.products.model_copy(update={"sdg": SdgConfig()})
    return dataclasses.replace(ctx, config=ctx.config.model_copy(update={"products": products}))


def _reject(item: WorkItem, stage: str, reason: str) -> ItemResult:
    return ItemResult(item_id=item.item_id, product=NAME,
                      rejections=[Rejection(item_id=item.item_id, product=NAME, stage=stage, reason=reason)])


async def run_single(item: WorkItem, ctx: RunContext) -> ItemResult:
    from ..products.sdg import SDG_CATEGORIES
    from . import sdg_categories  # noqa: F401  (registers the live_* builders)

    category = item.spec["category"]
    sdg_item = item.model_copy(update={"spec": {"category": SDG_NAME.get(category, category)}})
    res = await SDG_CATEGORIES.get(sdg_item.spec["category"])(sdg_item, with_sdg_defaults(ctx))
    if res.rejections or not res.samples:
        rej = [r.model_copy(update={"product": NAME}) for r in res.rejections]
        return ItemResult(item_id=item.item_id, product=NAME, rejections=rej)
    q, a = entry_from_row(res.samples[0].payload, ctx.catalog.by_name, category not in NO_ANSWER)
    return ItemResult(item_id=item.item_id, product=NAME,
                      samples=[Sample(item_id=item.item_id, product=NAME, payload={"question": q, "answer": a})])


def run_multi_turn(item: WorkItem, ctx: RunContext) -> ItemResult:
    from .multiturn.bfcl_env import bfcl_available
    from .multiturn.dialogue import PlayError

    if not bfcl_available():
        return _reject(item, "dependency", "native multi-turn needs the bfcl-eval package; skipped")
    from .multiturn.native import native_conversation

    cfg, category = bfcl_cfg(ctx), item.spec["category"]
    rng = ctx.rng(item.item_id)
    try:
        q, a = native_conversation(category, rng, list(cfg.multi_turn_classes),
                                   rng.randint(cfg.turns.min, cfg.turns.max), "")
    except PlayError as exc:
        return _reject(item, "play", str(exc))
    return ItemResult(item_id=item.item_id, product=NAME,
                      samples=[Sample(item_id=item.item_id, product=NAME, payload={"question": q, "answer": a})])


def numbered(category: str, payloads: list[dict[str, Any]]) -> tuple[list[dict], list[dict] | None]:
    """Ids `<category>_<n>` in plan order over the accepted entries."""
    questions, answers = [], []
    for n, p in enumerate(payloads):
        questions.append({**p["question"], "id": f"{category}_{n}"})
        if p["answer"] is not None:
            answers.append({**p["answer"], "id": f"{category}_{n}"})
    return questions, (answers if category not in NO_ANSWER + SIDE_ANSWER else None)


@PRODUCTS.register(NAME)
class BfclProduct:
    name = NAME

    def plan(self, ctx: RunContext) -> list[WorkItem]:
        cfg = bfcl_cfg(ctx)
        if not cfg.native:
            return []
        return [WorkItem(item_id=stable_id(ctx.seed, NAME, cat, i), product=NAME, index=i,
                         spec={"category": cat})
                for cat, count in cfg.categories.items() for i in range(count)]

    async def run(self, item: WorkItem, ctx: RunContext) -> ItemResult:
        if item.spec["category"] in MULTI_TURN:
            return run_multi_turn(item, ctx)
        return await run_single(item, ctx)

    def export(self, results: list[ItemResult], ctx: RunContext) -> list[Path]:
        category_of = {it.item_id: it.spec["category"] for it in self.plan(ctx)}
        by_cat: dict[str, list[dict[str, Any]]] = {}
        for res in results:
            by_cat.setdefault(category_of[res.item_id], []).extend(s.payload for s in res.samples)
        files: list[Path] = []
        for category, payloads in by_cat.items():
            if payloads:
                questions, answers = numbered(category, payloads)
                files += write_category(ctx.product_dir(NAME), category, questions, answers)
                if category in SIDE_ANSWER:
                    files += write_gold(ctx.product_dir(NAME), category, questions, payloads)
        return files


def write_gold(out: Path, category: str, questions: list[dict], payloads: list[dict]) -> list[Path]:
    gold = [{**p["answer"], "id": q["id"]} for q, p in zip(questions, payloads, strict=True)]
    path = out / GOLD_DIR / f"BFCL_v4_{category}.json"
    atomic_write_text(path, jsonl(gold))
    return [path]
