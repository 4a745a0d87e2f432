"""The `trail` product: personalized single-call queries at four verified vagueness levels,
written as TRAILBench files.

plan:   choose targets -- event k of a user's log (real TRAILBench logs or persona-simulated
        ones) with its earlier events as history and its time as query time -- spread over
        users, with stable ids (config + seed only).
run:    disclosure plans per level (generator.core.plan), phrased by the writer with the
        validators' check fed back; every level validated, then the levels compared
        (levels_ordered) and the gold answer scored by TRAILBench's own rule. A failure is
        retried with fresh draws (bounded), then becomes a Rejection -- never dropped.
export: <out>/trail/all_generated_queries_<user>.json (+ apis/ schemas), see export.py.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from pydantic import Field

from ..core.identity import trail_names
from ..core.plan import (
    DEFAULT_POLICY,
    Goal,
    PlanPolicy,
    app_determined,
    calibrated,
    literal_counts,
    meaning_counts,
    plan_levels,
    run_leans,
)
from ..core.temporal import consistent
from ..errors import ConfigError
from ..products.base import Needs, Product, RunContext, WorkItem, item_rng, register_product
from ..records import DisclosurePlan, Draft, ItemResult, Record, Rejection, Target, Tool, UserHistory, Verdict
from ..shortfall import note, remark
from ..validators import TEXT_VALIDATORS, Checker, level_recall, levels_ordered, validate
from ..validators.levels import plan_gold
from ..writers.base import WriteRequest
from .config import LEVEL_NAMES, TRAILBENCH_BY_SIZE, TrailConfig
from .export import TrailAnswer, TrailPayload, export_trail, write_apis, write_query_files
from .score import prediction_of, score_query
from .targets import Mix, Pools, Selection, adapt, build_target, choose, rivals, tool_of

if TYPE_CHECKING:
    from ..config import RunConfig
    from ..personas import Persona

log = logging.getLogger(__name__)

NAME = "trail"


def merged_steps(steps: list[str]) -> list[str]:
    """Relaxation steps said once per setting, from its first value to its last:
    "repeat_share 0.25 -> 0.5", "repeat_share 0.5 -> 1" is "repeat_share 0.25 -> 1"."""
    first: dict[str, str] = {}
    last: dict[str, str] = {}
    for step in steps:
        key, _, change = step.partition(" ")
        before, _, after = change.partition(" -> ")
        first.setdefault(key, before)
        last[key] = after
    return [f"{k} {first[k]} -> {last[k]}" for k in first]


class TrailSpec(Record):
    user: str
    k: int  # the target is event k of the user's log
    pointers: bool = False  # its hints may point at one earlier event (Target.pointers)
    lean: dict[str, float] = Field(default_factory=dict)  # the run's push per level (plan.run_leans), the same for every target


TrailItem = WorkItem[TrailSpec]
Logs = dict[str, UserHistory]


class ItemFailed(Exception):
    def __init__(self, rejection: Rejection) -> None:
        super().__init__(rejection.reason)
        self.rejection = rejection


# ---------------------------------------------------------------- user logs

def real_files(cfg: TrailConfig, base_dir: Path) -> list[Path]:
    out: list[Path] = []
    for f in cfg.files:
        p = base_dir / f
        if not p.exists():
            raise ConfigError(f"no such file or directory: {p}", field="products.trail.files")
        out += sorted(p.rglob(f"all_generated_queries_*_{cfg.variant}.json")) if p.is_dir() else [p]
    return out


def real_logs(cfg: TrailConfig, ctx: RunContext) -> list[UserHistory]:
    from ..readers import read_histories

    if not cfg.files and not ctx.histories:
        raise ConfigError("source 'real' needs `files` (TRAILBench query files) or top-level `histories`",
                          field="products.trail.files")
    if not cfg.files:
        return list(ctx.histories)
    return [h for f in real_files(cfg, ctx.base_dir) for h in read_histories(f)]


def run_personas(cfg: TrailConfig, ctx: RunContext) -> list[Persona]:
    """The config's personas, or personas derived from the catalog when the config names none
    (generator.derived_personas); the first `cfg.personas` of them."""
    from ..personas import load_personas

    if ctx.config.personas:
        personas = load_personas(ctx.base_dir / ctx.config.personas)
    else:
        from ..derived_personas import derive_personas, persona_count

        personas = derive_personas(ctx.catalog, ctx.seed, cfg.personas or persona_count(cfg.targets))
        if not personas:
            raise ConfigError("no persona can be derived from the catalog (no tool has a parameter that is "
                              "not a date or time): give `personas:`", field="personas")
    return personas[: cfg.personas] if cfg.personas else personas


def synthetic_logs(cfg: TrailConfig, ctx: RunContext, personas: list[Persona]) -> list[UserHistory]:
    from ..personas import synthesize_histories

    return synthesize_histories(personas, ctx.catalog, ctx.seed, start=cfg.start_time(), n_events=cfg.events)


def select_users(logs: list[UserHistory], users: list[str] | None) -> list[UserHistory]:
    if users is None:
        return logs
    known = {h.user for h in logs}
    missing = [u for u in users if u not in known]
    if missing:
        raise ConfigError(f"unknown user(s) {', '.join(missing)} (known: {', '.join(sorted(known))})",
                          field="products.trail.users")
    return [h for h in logs if h.user in users]


class Users(NamedTuple):
    """The run's user logs, and each persona's own places (the meaning of its habit words
    "home" and "work"; real users have none: their history alone ties the words)."""

    logs: Logs
    places: dict[str, dict[str, str]]


def user_logs(cfg: TrailConfig, ctx: RunContext) -> Users:
    if cfg.source == "real":
        return Users({h.user: h for h in select_users(real_logs(cfg, ctx), cfg.users)}, {})
    personas = run_personas(cfg, ctx)
    logs = select_users(synthetic_logs(cfg, ctx, personas), cfg.users)
    return Users({h.user: h for h in logs}, {p.id: dict(p.places) for p in personas})


# ---------------------------------------------------------------- plan

# Each target's `stated` probabilities are set from its own arguments (plan.calibrated) so that its
# expected value recall by meaning is where TRAILBench's own queries of its size read
# (config.TRAILBENCH_BY_SIZE: 1.0 / 0.977 / 0.820 at Minimum for 1 / 2 / 3+ values), and the run
# leans towards stating the targets whose literal values move most (plan.run_leans) where that alone
# would take its literal value recall out of TRAILBench's literal bands (0.55-0.80 / 0.40-0.60 /
# 0.20-0.40), as far as its recall by meaning stays within the margins around the same figure for
# its mix of sizes. The margins the lean may use are 0.03-0.04 below the reference (0.06-0.07 inside
# the card's bands, hub.py): the rest is left to a small run's sampling and to the reader. High states nothing recoverable: its recall is what target
# selection lets every level say (targets.Mix.fixed_budget). A level whose `stated` the config sets keeps it.
TRAIL_POLICY: dict[str, dict[str, Any]] = {
    "High": {"name_app": 0.02},  # TRAILBench 0.038; keeps the <= 0.05 target with margin
}
VR_GOALS = {"Minimum": Goal(TRAILBENCH_BY_SIZE["Minimum"], (0.03, 0.12), (0.58, 0.77)),
            "Low": Goal(TRAILBENCH_BY_SIZE["Low"], (0.04, 0.04), (0.43, 0.57)),
            "Medium": Goal(TRAILBENCH_BY_SIZE["Medium"], (0.04, 0.04), (0.23, 0.37))}
MAX_LISTED = 8  # tools named in a remark


def policy_of(cfg: TrailConfig) -> PlanPolicy:
    """DEFAULT_POLICY + TRAIL_POLICY + per-level overrides: policy: {High: {name_app: 0.0}}."""
    names = [lv.name for lv in DEFAULT_POLICY.levels]
    unknown = [k for k in cfg.policy if k not in names]
    if unknown:
        raise ConfigError(f"unknown level(s) {unknown} (levels: {names})", field="products.trail.policy")
    levels = [{**lv.model_dump(), **TRAIL_POLICY.get(lv.name, {}), **cfg.policy.get(lv.name, {})}
              for lv in DEFAULT_POLICY.levels]
    try:
        return PlanPolicy.model_validate({"levels": levels})
    except ValueError as exc:
        raise ConfigError(str(exc).splitlines()[0], field="products.trail.policy") from None


def goals_of(cfg: TrailConfig) -> dict[str, Goal]:
    """VR_GOALS of the levels whose `stated` the config leaves to calibration."""
    return {lv: g for lv, g in VR_GOALS.items() if "stated" not in cfg.policy.get(lv, {})}


@register_product
class TrailProduct(Product[TrailSpec, TrailPayload, TrailConfig]):
    name = NAME
    config_model = TrailConfig
    spec_model = TrailSpec
    payload_model = TrailPayload
    # TRAILBench's levels are read by meaning: a value said in words the reader does not take for it
    # ("on repeat" for one track) is no stated value (the other formats keep the writers' own check)
    validators = (*TEXT_VALIDATORS, "stated_read")
    format_name = "TRAILBench"
    reads: ClassVar[dict[str, str]] = {"histories": "source: real, no `files`", "personas": "source: synthetic"}

    def __init__(self, config: TrailConfig) -> None:
        super().__init__(config)
        self._users: Users | None = None

    @classmethod
    def needs(cls, config: TrailConfig, run: RunConfig) -> Needs:
        real = config.source == "real"
        return Needs(histories=real and not config.files, personas=not real)

    @classmethod
    def unused(cls, config: TrailConfig, run: RunConfig) -> dict[str, str | None]:
        real = None if config.source == "real" else "it is only read with source: real"
        synthetic = None if config.source == "synthetic" else "it is only used with source: synthetic"
        return {"files": real, "variant": real, "personas": synthetic, "events": synthetic, "start": synthetic}

    @classmethod
    def check(cls, config: TrailConfig, run: RunConfig) -> None:
        policy_of(config)  # a bad policy is refused before anything runs

    def users(self, ctx: RunContext) -> Users:
        """The user logs of this run, built on first use (pure and deterministic), shared by items."""
        if self._users is None:
            self._users = user_logs(self.config, ctx)
        return self._users

    def logs(self, ctx: RunContext) -> Logs:
        return self.users(ctx).logs

    def pools(self, ctx: RunContext, pointers: bool) -> Pools:
        """Every user's candidate targets (`pointers`: hints may point at one earlier event)."""
        cfg = self.config
        return Pools(list(self.logs(ctx).values()), ctx.catalog, cfg.min_history, cfg.min_inferable,
                     item_rng(ctx.seed, "trail:select"), pointers)

    def select(self, ctx: RunContext) -> tuple[Selection, list[str], int]:
        """The targets, the steps the defaults were relaxed by, and how many the default mix gave.
        Pointers to one earlier event come in (`pointers: auto`) only when the plain readings,
        with the mix relaxed, stay short: a reader who only knows "last time" and "usual" reads
        the rest of the data as before."""
        cfg = self.config
        mix = Mix(cfg.repeat_share, cfg.recent_share, cfg.fixed_budget)
        # A setting away from its default was chosen (the config is re-validated whole once the
        # flags are applied, so "set in the file" cannot be told from "equal to the default").
        chosen = {f for f in Mix._fields if getattr(cfg, f) != TrailConfig.model_fields[f].default}
        pools = self.pools(ctx, cfg.pointers == "on")
        picks, steps = adapt(pools, cfg.targets, mix, chosen)
        plain = len(choose(pools, cfg.targets, mix))
        if cfg.pointers == "auto" and len(picks) < cfg.targets:
            more = self.pools(ctx, True)
            got, more_steps = adapt(more, cfg.targets, mix, chosen)
            if len(got) > len(picks):
                picks, steps = got, [POINTERS_ON, *more_steps]
        return picks, steps, plain

    def plan(self, ctx: RunContext) -> list[TrailItem]:
        cfg = self.config
        picks, steps, plain = self.select(ctx)
        if steps:
            relaxed = merged_steps([s for s in steps if s != POINTERS_ON])
            remark(ctx, NAME, "targets", f"adapted: the logs give {plain} of {cfg.targets} targets under the "
                   "default mix" + (f"; {POINTERS_ON}" if POINTERS_ON in steps else "")
                   + (f"; relaxed {', '.join(relaxed)} (settings at their defaults; set another value to keep one)"
                      if relaxed else ""))
        used, unused = picks.unused_tools(ctx.catalog)
        if unused:
            remark(ctx, NAME, "targets", f"{used} of {used + len(unused)} tools have a target; not the others: "
                   + ", ".join(unused[:MAX_LISTED]) + (f" and {len(unused) - MAX_LISTED} more" if len(unused) > MAX_LISTED else ""))
        if len(picks) < cfg.targets:
            thin = picks.thin_users(cfg.targets)
            note(ctx, NAME, "targets", f"{picks.why_short(cfg.targets)}; events need >= {cfg.min_history} earlier "
                 "events (min_history)" + (f"; users short of their share: {'; '.join(thin)}" if thin else ""))
        on = picks.pools.pointers
        items = [self.item(ctx, i, TrailSpec(user=user, k=k, pointers=on), user, k) for i, (user, k) in enumerate(picks)]
        lean = self.leans(ctx, items)
        return [it.model_copy(update={"spec": it.spec.model_copy(update={"lean": lean})}) for it in items]

    def leans(self, ctx: RunContext, items: Sequence[TrailItem]) -> dict[str, float]:
        """The run's push per level that keeps its literal value recall in band (plan.run_leans)."""
        counts = []
        for item in items:
            target, tool = target_of(item, ctx, self.logs(ctx))
            counts.append((meaning_counts(target, tool), literal_counts(target, tool)))
        return run_leans(policy_of(self.config), counts, goals_of(self.config))

    async def run(self, item: TrailItem, ctx: RunContext) -> ItemResult:
        rejections: list[Rejection] = []
        for attempt in range(self.config.max_attempts):
            try:
                payload = await attempt_item(item, ctx, self.config, self.users(ctx), attempt)
                # the attempts it took are said too: an abandoned try's drafts are never dropped unsaid
                # (the LLM writer played, set 34: two tries of a fee quote in no export and no line)
                return ItemResult(item_id=item.item_id, product=NAME, samples=[self.sample(item, payload)],
                                  rejections=rejections)
            except ItemFailed as failed:
                rejections.append(failed.rejection)
        return ItemResult(item_id=item.item_id, product=NAME, rejections=rejections)

    def export(self, results: Iterable[ItemResult], ctx: RunContext) -> list[Path]:
        samples = [s for r in results for s in r.samples]
        if ctx.split is None:
            return export_trail(samples, ctx.catalog, ctx.out_dir / NAME)
        # per split: the query files in trail/<split>/, the schemas of every domain once in
        # trail/apis/ (TRAILBench's own layout: apis/ above the query folders)
        return (write_query_files(samples, ctx.product_dir(NAME))
                + write_apis(ctx.catalog, set(ctx.catalog.domains), ctx.out_dir / NAME))

    def requested(self, items: Sequence[TrailItem]) -> dict[str, int]:
        return {"targets": self.config.targets}

    @classmethod
    def category(cls, item: TrailItem) -> str:
        return "targets"




POINTERS_ON = ("hints point at one earlier event where no other reading determines a value "
               "(pointers: auto; 'off' to keep to last time / usual)")


# ---------------------------------------------------------------- one item

def target_of(item: TrailItem, ctx: RunContext, logs: Logs) -> tuple[Target, Tool]:
    log = logs[item.spec.user]
    tool = tool_of(log.events[item.spec.k], ctx.catalog)
    assert tool is not None  # plan only picks events of known tools
    return build_target(item.item_id, log, item.spec.k, tool, ctx.catalog, item.spec.pointers), tool


def reject(item: TrailItem, stage: str, validator: str, reason: str, raw: str | None = None,
           attempts: int = 1) -> ItemFailed:
    return ItemFailed(Rejection(item_id=item.item_id, product=NAME, stage=stage, validator=validator,
                                reason=reason, raw=raw, attempts=attempts))


def answer_of(target: Target, tool: Tool) -> TrailAnswer:
    toolname, apiname = trail_names(tool)
    return TrailAnswer(apitype=tool.domain, toolname=toolname, apiname=apiname,
                       parameters=dict(target.calls[0].arguments),
                       temporal_parameters=list(target.temporal_parameters) or None)


def check_answer(item: TrailItem, target: Target, answer: TrailAnswer, tool: Tool) -> None:
    """Target-level checks: temporal arguments agree with the query time, and the gold answer
    scores 1.0 as its own prediction under TRAILBench's rule."""
    problems = consistent(tool, answer.parameters, target.time or "")
    if problems:
        raise reject(item, "target", "temporal_consistent", "; ".join(problems))
    a = answer.as_json()
    if not score_query(a, prediction_of(a)).overall:
        raise reject(item, "target", "gold_self_score", "gold answer fails TRAILBench's scorer")


async def write_level(item: TrailItem, ctx: RunContext, target: Target, tool: Tool, plan: DisclosurePlan,
                      avoid: list[str], attempt: int) -> Draft:
    from ..errors import BudgetExceeded, LLMError

    # The writer is asked to avoid earlier levels' texts; the checks require distinct
    # paraphrases within the level only, since two levels may share one disclosure plan.
    req = WriteRequest(target=target, plan=plan, tools=[tool], n=plan.paraphrases)
    checker = Checker(req, names=TrailProduct.validators)
    try:
        draft = await ctx.writer.write(req.model_copy(update={"avoid": avoid}),
                                       ctx.item_seed(f"{item.item_id}#{attempt}:{plan.level}"), checker.check)
    except LLMError as exc:
        # A spent budget or a transient endpoint failure says nothing about this item: let it
        # propagate so the engine leaves the item unfinished and a rerun retries it. Only
        # replies that stayed bad after the bounded re-asks are this item's rejection.
        if isinstance(exc, BudgetExceeded) or exc.retryable:
            raise
        raise reject(item, f"write:{plan.level}", "llm", exc.message, exc.raw, exc.attempts) from None
    bad = [v for v in validate(req, draft, names=TrailProduct.validators, checker=checker) if not v.ok]
    if bad:
        raise reject(item, f"validate:{plan.level}", bad[0].validator, reason_of(bad),
                     draft.raw or "\n".join(draft.texts), draft.attempts)
    return draft


def reason_of(bad: list[Any]) -> str:
    more = f" (+{len(bad) - 1} more)" if len(bad) > 1 else ""
    return f"{bad[0].reason}{more}"


GOLDEN = 0.6180339887498949


def app_draw(seed: int, index: int) -> float:
    """The app-naming draw of target `index`: a golden-ratio sequence from a seeded start, so that
    the share of targets naming the app at each level is its policy's `name_app` within about one
    target, not a coin's luck (0.02 of 60 is 1; independent draws give 4 or more one run in 30)."""
    return (item_rng(seed, "trail:app").random() + index * GOLDEN) % 1.0


SPREAD_STEP = math.sqrt(2) % 1.0  # another irrational than the app draw's: the two never walk in step


def spread_draw(seed: int, index: int) -> float:
    """Target `index`'s systematic-sampling draw (plan_levels' `spread`): a low-discrepancy
    sequence over the run's targets from a seeded start, so over a run the share of values each
    level states is the calibrated one within a value or two. Independent draws per argument over
    the 8-30 values a small catalog's run holds per level moved its recall by meaning by 0.10-0.15
    from seed to seed, out of its band."""
    return (item_rng(seed, "trail:spread").random() + index * SPREAD_STEP) % 1.0


def strictly_vaguer(plans: list[DisclosurePlan], drafts: list[Draft]) -> list[Verdict]:
    """The last level recalls strictly fewer values than the first whenever there are counted
    values at all -- TRAILBench-wide, not only when the plan drops a literal (levels_ordered)."""
    if not plan_gold(plans[0]):
        return []
    first, last = level_recall(plans[0], drafts[0]), level_recall(plans[-1], drafts[-1])
    if last < first - 1e-9:
        return [Verdict(validator="strictly_vaguer", ok=True)]
    return [Verdict(validator="strictly_vaguer", ok=False,
                    reason=f"value recall of {plans[-1].level} ({last:.2f}) is not below {plans[0].level} ({first:.2f})")]


async def attempt_item(item: TrailItem, ctx: RunContext, cfg: TrailConfig, users: Users,
                       attempt: int) -> TrailPayload:
    target, tool = target_of(item, ctx, users.logs)
    answer = answer_of(target, tool)
    check_answer(item, target, answer, tool)
    rng = item_rng(ctx.seed, f"{item.item_id}#{attempt}:plan")
    counts = tuple(cfg.paraphrases.by_level().values())
    # A retry plans without habit words: a phrasing may not carry "home" as a place ("the path
    # named home"), and the history validator then rejects every draft of that plan.
    policy = calibrated(policy_of(cfg), target, tool, goals_of(cfg), lean=item.spec.lean)
    plans = plan_levels(target, tool, rng, policy, counts, places=users.places.get(item.spec.user),
                        habit_words=attempt == 0, u_app=app_draw(ctx.seed, item.index),
                        spread=spread_draw(ctx.seed, item.index),
                        app_known=app_determined(target, tool, rivals(tool, ctx.catalog.by_domain.get(tool.domain, []))))
    drafts: list[Draft] = []
    for plan in plans:
        drafts.append(await write_level(item, ctx, target, tool, plan,
                                        [t for d in drafts for t in d.texts], attempt))
    bad = [v for v in levels_ordered(plans, drafts) + strictly_vaguer(plans, drafts) if not v.ok]
    if bad:
        raw = "\n".join(f"[{d.level}] {t}" for d in drafts for t in d.texts)
        raise reject(item, "levels", "levels_ordered", reason_of(bad), raw, attempt + 1)
    query = {name: d.texts for name, d in zip(LEVEL_NAMES, drafts, strict=True)}
    return TrailPayload(user=target.user or "user", time=target.time or "", query=query,
                        answer=answer, history=target.history)
