"""Product `bfcl`: native BFCL v4 files in <out>/bfcl/ (questions + possible_answer/).

Single-turn entries are produced by the same category builders as the SDG rows (one source of
truth for sampling, phrasing and validation) and converted; multi-turn entries are played over
BFCL's own classes from bfcl-eval, which is optional: without it those items are recorded as
rejections that say so, and the single-turn files are still written.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ConfigError
from ..io import atomic_write_text
from ..products.base import Product, RunContext, WorkItem, register_product
from ..records import ItemResult, Record, Rejection
from ..validators import TEXT_VALIDATORS
from .config import MULTI_TURN, BfclConfig
from .native import GOLD_DIR, entry_from_row, jsonl, write_category

if TYPE_CHECKING:
    from ..config import RunConfig

NAME = "bfcl"
NO_ANSWER = ("irrelevance", "live_irrelevance")  # BFCL ships no possible_answer for these
# BFCL has no possible_answer for live_relevance either (any call passes); our gold call goes to
# <out>/bfcl/gold/ instead, where BFCL's runner does not look, so the check can still use it.
SIDE_ANSWER = ("live_relevance",)
SDG_NAME = {"simple_python": "simple"}  # BFCL category -> our SDG builder


class BfclSpec(Record):
    category: str  # a native BFCL category (bfcl.config.NATIVE_CATEGORIES)


class BfclPayload(Record):
    """One entry: its question line and possible-answer line (ids are numbered at export)."""

    question: dict[str, Any]
    answer: dict[str, Any] | None


BfclItem = WorkItem[BfclSpec]


def _reject(item: BfclItem, stage: str, reason: str) -> ItemResult:
    return ItemResult(item_id=item.item_id, product=NAME,
                      rejections=[Rejection(item_id=item.item_id, product=NAME, stage=stage, reason=reason)])


async def run_single(item: BfclItem, ctx: RunContext) -> BfclPayload | ItemResult:
    """Through the SDG builder of the category (products.sdg's settings, or their defaults)."""
    from ..products.sdg import SDG_CATEGORIES, SdgSpec
    from . import sdg_categories  # noqa: F401  (registers the live_* builders)

    category = item.spec.category
    sdg_item: WorkItem[SdgSpec] = WorkItem(item_id=item.item_id, product=NAME, index=item.index,
                        spec=SdgSpec(category=SDG_NAME.get(category, category)))
    res = await SDG_CATEGORIES.get(sdg_item.spec.category)(sdg_item, ctx)
    if res.rejections or not res.samples:
        rej = [r.model_copy(update={"product": NAME}) for r in res.rejections]
        return ItemResult(item_id=item.item_id, product=NAME, rejections=rej)
    q, a = entry_from_row(res.samples[0].payload, ctx.catalog.by_name, category not in NO_ANSWER)
    return BfclPayload(question=q, answer=a)


def run_multi_turn(item: BfclItem, ctx: RunContext, cfg: BfclConfig) -> BfclPayload | ItemResult:
    from .multiturn.bfcl_env import bfcl_available
    from .multiturn.dialogue import PlayError

    if not bfcl_available():
        return _reject(item, "dependency", "native multi-turn needs the bfcl-eval package; skipped")
    from .multiturn.native import native_conversation

    rng = ctx.rng(item.item_id)
    try:
        q, a = native_conversation(item.spec.category, rng, list(cfg.multi_turn_classes),
                                   rng.randint(cfg.turns.min, cfg.turns.max), "")
    except PlayError as exc:
        return _reject(item, "play", str(exc))
    return BfclPayload(question=q, answer=a)


def numbered(category: str, payloads: list[BfclPayload]) -> tuple[list[dict], list[dict] | None]:
    """Ids `<category>_<n>` in plan order over the accepted entries."""
    questions, answers = [], []
    for n, p in enumerate(payloads):
        questions.append({**p.question, "id": f"{category}_{n}"})
        if p.answer is not None:
            answers.append({**p.answer, "id": f"{category}_{n}"})
    return questions, (answers if category not in NO_ANSWER + SIDE_ANSWER else None)


@register_product
class BfclProduct(Product[BfclSpec, BfclPayload, BfclConfig]):
    name = NAME
    config_model = BfclConfig
    spec_model = BfclSpec
    payload_model = BfclPayload
    validators = TEXT_VALIDATORS
    format_name = "BFCL v4 native"

    @classmethod
    def unused(cls, config: BfclConfig, run: RunConfig) -> dict[str, str | None]:
        native = any(n and c.startswith("multi_turn") for c, n in config.categories.items())
        return {"second_language_share": None if len(config.languages) > 1 else "`languages` names a single language",
                "categories": None if config.native else "native files are off (native: false)",
                "multi_turn_classes": None if config.native and native else "no native multi_turn_* category is written"}

    @classmethod
    def check(cls, config: BfclConfig, run: RunConfig) -> None:
        """The template writer has no phrasing pack but English: it does not produce other languages."""
        other = [lang for lang in config.languages if lang != "en"]
        if other and run.writer == "template":
            raise ConfigError(
                f"the template writer writes English only (it has no phrasing pack for {', '.join(other)}); "
                f"use writer: llm, whose prompt asks for the language and whose queries a language identifier "
                f"checks, or set languages: [en]", field="products.bfcl.languages")

    def plan(self, ctx: RunContext) -> list[BfclItem]:
        if not self.config.native:
            return []
        return [self.item(ctx, i, BfclSpec(category=cat), cat, i)
                for cat, count in self.config.categories.items() for i in range(count)]

    async def run(self, item: BfclItem, ctx: RunContext) -> ItemResult:
        if item.spec.category in MULTI_TURN:
            done = run_multi_turn(item, ctx, self.config)
        else:
            done = await run_single(item, ctx)
        if isinstance(done, ItemResult):
            return done
        return ItemResult(item_id=item.item_id, product=NAME, samples=[self.sample(item, done)])

    def export(self, results: Iterable[ItemResult], ctx: RunContext) -> list[Path]:
        category_of = {it.item_id: it.spec.category for it in self.plan(ctx)}
        by_cat: dict[str, list[BfclPayload]] = {}
        for res in results:
            by_cat.setdefault(category_of[res.item_id], []).extend(self.payloads([res]))
        files: list[Path] = []
        for category, payloads in by_cat.items():
            if payloads:
                questions, answers = numbered(category, payloads)
                files += write_category(ctx.product_dir(NAME), category, questions, answers)
                if category in SIDE_ANSWER:
                    files += write_gold(ctx.product_dir(NAME), category, questions, payloads)
        return files

    def requested(self, items: Sequence[BfclItem]) -> dict[str, int]:
        return {c: n for c, n in self.config.categories.items()} if self.config.native else {}

    @classmethod
    def category(cls, item: BfclItem) -> str:
        return item.spec.category


def write_gold(out: Path, category: str, questions: list[dict], payloads: list[BfclPayload]) -> list[Path]:
    gold = [{**(p.answer or {}), "id": q["id"]} for q, p in zip(questions, payloads, strict=True)]
    path = out / GOLD_DIR / f"BFCL_v4_{category}.json"
    atomic_write_text(path, jsonl(gold))
    return [path]
