"""Judge product: corrupted calls with independently verified labels -> <out>/judge/.

plan: the label of every row index is fixed up front (exact mix, shuffled with the seed) and
rows are batched `rows_per_item` per work item. run: per row, draw an operator for the planned
label, a scenario, apply the operator, re-label with the independent labeler; keep the row
only when the labels agree, else record a Rejection and draw again (bounded).
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import BudgetExceeded, ConfigError, LLMError
from ..products.base import Needs, Product, RunContext, WorkItem, needs_llm, register_product, stable_id
from ..records import DisclosurePlan, ItemResult, Record, Rejection, Target, UserHistory
from ..validators import TEXT_VALIDATORS
from . import audit, llm_operator  # noqa: F401  (register `validate/stats --format judge` and llm_value)
from .cases import Candidate, Judgement, JudgeRow, Scenario
from .config import JudgeConfig, Label
from .export import write_judge
from .labeler import label_candidate
from .mix import operator_weights, plan_labels, weighted_order
from .operators import OPERATORS, Operator
from .scenario import draw_scenario, user_values
from .similarity import split_words

if TYPE_CHECKING:
    from ..config import RunConfig

NAME = "judge"


class JudgeSpec(Record):
    start: int  # index of the batch's first row
    labels: list[Label]  # the planned label of each row of the batch


JudgeItem = WorkItem[JudgeSpec]
Users = list[dict[str, list[Any]]]
SCENARIOS_PER_OPERATOR = 4
ROWS_IN_FLIGHT = 8  # per work item
PERSONA_START = datetime(2025, 5, 1)


def run_histories(ctx: RunContext, cfg: JudgeConfig) -> list[UserHistory]:
    """The run's histories, else histories simulated from the config's personas, else none."""
    if ctx.histories or not ctx.config.personas:
        return list(ctx.histories)
    from ..personas import load_personas, synthesize_histories

    personas = load_personas(ctx.base_dir / ctx.config.personas)
    return synthesize_histories(personas, ctx.catalog, ctx.seed, start=PERSONA_START, n_events=cfg.persona_events)


class RowBuilder:
    """Builds one row; collects the rejections met on the way."""

    def __init__(self, ctx: RunContext, cfg: JudgeConfig, users: Users) -> None:
        self.ctx, self.cfg, self.users = ctx, cfg, users
        self.rejections: list[Rejection] = []

    def reject(self, row_id: str, stage: str, validator: str, reason: str, raw: str | None = None) -> None:
        self.rejections.append(Rejection(item_id=row_id, product=NAME, stage=stage, validator=validator,
                                         reason=reason, raw=raw))

    async def row(self, row_id: str, label: Label) -> JudgeRow | None:
        rng = self.ctx.rng(row_id)
        weights = operator_weights(self.cfg, label, self.ctx.llm is not None)
        for attempt in range(self.cfg.max_attempts):
            built = await self.attempt(f"{row_id}#{attempt}", weighted_order(weights, rng), rng)
            if built is not None:
                return built.model_copy(update={"id": row_id})
        self.reject(row_id, "build", "attempts", f"no {label} row after {self.cfg.max_attempts} draws")
        return None

    async def attempt(self, row_id: str, order: list[Operator], rng: random.Random) -> JudgeRow | None:
        """The drawn operator gets a few scenarios to apply to (so narrow operators such as
        swapped_pair keep their share); on the last one, the other operators (in weighted order)
        are fallbacks."""
        first, needs_gold = order[0], order[0].needs_gold
        for k in range(SCENARIOS_PER_OPERATOR):
            sc = draw_scenario(self.ctx.catalog, self.users, rng, needs_gold=needs_gold,
                               distractors=self.cfg.distractors)
            last = k == SCENARIOS_PER_OPERATOR - 1
            for op in [o for o in order if o.needs_gold == needs_gold] if last else [first]:
                cand = None if sc is None else await self.apply(row_id, op, sc, rng)
                if cand is not None:
                    assert sc is not None
                    return await self.finish(row_id, op, sc, cand)
        return None

    async def apply(self, row_id: str, op: Operator, sc: Scenario, rng: random.Random) -> Candidate | None:
        if op.llm_fn is not None and sc.request is None and not await self.write(row_id, sc):
            return None
        try:
            return await op.apply(sc, rng, self.ctx.llm)
        except LLMError as exc:
            if exc.retryable or isinstance(exc, BudgetExceeded):
                raise  # transport trouble or budget: leave the item unfinished for a rerun
            self.reject(row_id, "corrupt", op.name, exc.message, exc.raw)
            return None

    async def finish(self, row_id: str, op: Operator, sc: Scenario, cand: Candidate) -> JudgeRow | None:
        verdict = self.agreed(row_id, op, sc, cand)
        if verdict is None or (sc.request is None and not await self.write(row_id, sc)):
            return None
        return JudgeRow(id=row_id, request=sc.request or "", tools=[t.openai() for t in sc.offered],
                        gold=sc.gold, candidate=cand, label=verdict.label, reasons=verdict.reasons,
                        operator=op.name)

    def agreed(self, row_id: str, op: Operator, sc: Scenario, cand: Candidate) -> Judgement | None:
        """The labeler's verdict when it matches the operator's intent, else None (rejected)."""
        verdict = label_candidate(sc.gold, cand, sc.offered)
        if verdict.label == op.label:
            return verdict
        raw = json.dumps({"candidate": cand.model_dump(mode="json"),
                          "gold": sc.gold.model_dump(mode="json") if sc.gold else None}, ensure_ascii=False)
        self.reject(row_id, "label", "labeler",
                    f"{op.name} intends {op.label}, labeler says {verdict.label}: {verdict.reasons}", raw)
        return None

    async def write(self, row_id: str, sc: Scenario) -> bool:
        from ..products.common import realize

        kind = "single" if sc.gold is not None else "irrelevance"
        target = Target(id=row_id, kind=kind, calls=[sc.wanted_call], offered=[t.name for t in sc.offered],
                        domain=sc.wanted.domain)
        done = await realize(self.ctx, row_id, NAME, target, request_plan(target, sc), [sc.wanted])
        if done.texts is None:
            assert done.rejection is not None
            self.rejections.append(done.rejection)
            return False
        sc.request = done.texts[0]
        return True


def request_plan(target: Target, sc: Scenario) -> DisclosurePlan:
    """An explicit request; it names the app when another offered tool of the same domain does
    the same kind of thing (same api verb: Dishdash_order_food beside Munchbox_order_food,
    play_music beside play_podcast), since an unnamed request could then rightly go to either."""
    from ..core.plan import plan_explicit

    plan = plan_explicit(target)
    verb = split_words(sc.wanted.api)[:1]
    if not any(split_words(t.api)[:1] == verb and t.domain == sc.wanted.domain and t.name != sc.wanted.name
               for t in sc.offered):
        return plan
    calls = [c.model_copy(update={"tool_mode": "named"}) for c in plan.calls]
    return plan.model_copy(update={"calls": calls})


@register_product
class JudgeProduct(Product[JudgeSpec, JudgeRow, JudgeConfig]):
    name = NAME
    config_model = JudgeConfig
    spec_model = JudgeSpec
    payload_model = JudgeRow
    validators = TEXT_VALIDATORS
    reads: ClassVar[dict[str, str]] = {"histories": "", "personas": "without histories"}
    format_name = "tool-selection-quality judge rows"
    hub_task = "text-classification"
    not_evaluated = "judge rows hold a candidate call and its label, not a request to answer"
    counts_samples = True

    def __init__(self, config: JudgeConfig) -> None:
        super().__init__(config)
        self._users: Users | None = None

    @classmethod
    def needs(cls, config: JudgeConfig, run: RunConfig) -> Needs:
        llm = config.llm_share > 0
        return Needs(llm=llm, prompts=llm_operator.TEMPLATE_VARS if llm else {}, histories=True,
                     personas=not run.histories)

    @classmethod
    def unused(cls, config: JudgeConfig, run: RunConfig) -> dict[str, str | None]:
        share = ("the LLM operator only makes PARAM_VALUE_ERROR rows and `mix` gives them no share"
                 if config.shares()["PARAM_VALUE_ERROR"] == 0 else needs_llm(run))
        events = None if run.personas and not run.histories else \
            "it is only used when the run has `personas:` and no `histories:`"
        return {"llm_share": share, "persona_events": events}

    @classmethod
    def check(cls, config: JudgeConfig, run: RunConfig) -> None:
        unknown = sorted(set(config.operators) - set(OPERATORS.names()))
        if unknown:
            raise ConfigError(f"unknown judge operators {unknown} (known: {', '.join(OPERATORS.names())})",
                              field="products.judge.operators")

    def users(self, ctx: RunContext) -> Users:
        """Per-user history values (for 'a value from the user's own history'), built on first use."""
        if self._users is None:
            self._users = user_values(run_histories(ctx, self.config))
        return self._users

    def shared(self, ctx: RunContext) -> None:
        self.users(ctx)

    def plan(self, ctx: RunContext) -> list[JudgeItem]:
        labels = plan_labels(self.config.rows, self.config.shares(), ctx.rng("judge/labels"))
        step = self.config.rows_per_item
        return [self.item(ctx, i, JudgeSpec(start=start, labels=labels[start:start + step]), i)
                for i, start in enumerate(range(0, len(labels), step))]

    async def run(self, item: JudgeItem, ctx: RunContext) -> ItemResult:
        """Rows of the batch are built concurrently (an LLM writer then overlaps its calls);
        each has its own rng and rejection list, so the result does not depend on timing."""
        labels = item.spec.labels
        builders = [RowBuilder(ctx, self.config, self.users(ctx)) for _ in labels]
        # A few rows at a time: every row starts with a burst of CPU (scenario, operator, labeler,
        # prompt) before its first request; thousands started at once would stall the event loop
        # and let the requests in flight run dry.
        gate = asyncio.Semaphore(ROWS_IN_FLIGHT)

        async def row(i: int, b: RowBuilder, label: Label) -> JudgeRow | None:
            async with gate:
                return await b.row(stable_id(ctx.seed, NAME, "row", item.spec.start + i), label)
        rows = await asyncio.gather(*(row(i, b, lab)
                                      for i, (b, lab) in enumerate(zip(builders, labels, strict=True))))
        return ItemResult(item_id=item.item_id, product=NAME,
                          samples=[self.sample(item, r) for r in rows if r is not None],
                          rejections=[j for b in builders for j in b.rejections])

    def export(self, results: Iterable[ItemResult], ctx: RunContext) -> list[Path]:
        return write_judge(self.payloads(results), ctx.out_dir / NAME, paired=self.config.paired, split=ctx.split)

    def requested(self, items: Sequence[JudgeItem]) -> dict[str, int]:
        return {"rows": self.config.rows}

    @classmethod
    def category(cls, item: JudgeItem) -> str:
        return "rows"
