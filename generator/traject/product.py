"""The `traject` product: multi-tool trajectories written as TRAJECT-Bench files.

plan: per domain, `parallel` + `sequential` items with stable ids (config + seed only).
run: sample a trajectory, simulate its outputs, plan the disclosure of each query version,
     have the writer phrase it, check it; a failed check is a rejection and the item retries
     with a fresh sample (bounded by `max_attempts`).
export: TRAJECT-Bench files under <out>/traject/ (see export.py).
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from ..errors import BudgetExceeded, ConfigError, LLMError
from ..products.base import Needs, Product, RunContext, WorkItem, item_rng, needs_llm, register_product
from ..records import DisclosurePlan, ItemResult, Record, Rejection, Target, Tool
from ..shortfall import note, remark
from ..validators import Checker, run_all
from ..writers.base import WriteRequest
from . import chains, export, llm_sim, plans, propose, sample, simulate
from .checks import TRAJECT_VALIDATORS
from .config import TrajectConfig
from .graph import ToolGraph, build_graph
from .parallel import (
    PARALLEL_DRAWS,
    PROBE_DRAWS,
    Probe,
    few_sets,
    hard_limit,
    no_hard_query,
    parallel_target,
    probe,
)

if TYPE_CHECKING:
    from ..config import RunConfig

NAME = "traject"
log = logging.getLogger(__name__)


class TrajectSpec(Record):
    kind: Literal["parallel", "sequential"]
    domain: str
    domain_index: int
    index: int


class TrajectPayload(TrajectSpec):
    """The item's spec and its TRAJECT-Bench records: simple/hard (parallel) or traj_query."""

    records: dict[str, dict[str, Any]]
    hard_states: float = 0.0  # share of the values the hard plan states (parallel; plans.hard_cap)


TrajectItem = WorkItem[TrajectSpec]


class QueryFailed(Exception):
    def __init__(self, rejection: Rejection) -> None:
        super().__init__(rejection.reason)
        self.rejection = rejection


def select_domains(cfg: TrajectConfig, ctx: RunContext) -> list[str]:
    by_domain = ctx.catalog.by_domain
    unknown = [d for d in cfg.domains if d not in by_domain]
    if unknown:
        raise ConfigError(
            f"unknown domain(s) {', '.join(unknown)} (catalog has: {', '.join(by_domain)})",
            field="products.traject.domains",
        )
    chosen = list(cfg.domains) or [d for d, ts in by_domain.items() if len(ts) >= cfg.k.min]
    small = [d for d in by_domain if d not in chosen and not cfg.domains]
    for kind in ("parallel", "sequential") if small and not chosen else ():
        note(ctx, NAME, kind, f"no domain has k.min={cfg.k.min} tools ({', '.join(small[:5])})")
    return chosen


def safe_dir(domain: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", domain).strip("_") or "default"


def _specs(
    kind: Literal["parallel", "sequential"], count: int, domains: list[str], skip: frozenset[str] = frozenset()
) -> list[TrajectSpec]:
    return [
        TrajectSpec(kind=kind, domain=d, domain_index=di, index=i)
        for di, d in enumerate(domains)
        if d not in skip
        for i in range(count)
    ]


def chainless(ctx: RunContext, cfg: TrajectConfig, graph: ToolGraph, domains: list[str]) -> frozenset[str]:
    """Domains with no chain of `chain.min` steps along the graph: their sequential items are
    skipped with a warning rather than filled with steps that do not feed each other."""
    out = []
    for d in domains:
        names = [t.name for t in ctx.catalog.by_domain[d]]
        if not sample.has_chain(graph, names, cfg.chain.min, allow_repeats=cfg.allow_repeats):
            out.append(d)
    if out:
        log.warning("traject: no sequential trajectories for %s: no chain of >= %d tools", ", ".join(out),
                    cfg.chain.min)
        sizes = ", ".join(f"{d} ({len(ctx.catalog.by_domain[d])} tools)" for d in out)
        note(ctx, NAME, "sequential", f"no chain of >= {cfg.chain.min} tools in {sizes}: no "
             "step's input can be bound to a value (id, name, place, date) of the previous step's "
             "output; connected tools the catalog names outside its own tools, and inputs that only "
             "echo the previous step's request, do not count (see traject/graph.py)")
    return frozenset(out)


def report_coverage(cfg: TrajectConfig, graph: ToolGraph, by_domain: dict[str, list[Tool]], domains: list[str]) -> None:
    """Say where sequential items outnumber a domain's chain starts (their chains then repeat):
    the distinct chains the files can hold, against what was asked."""
    for d in domains:
        available = len(chains.starts(graph, [t.name for t in by_domain[d]]))
        if 0 < available < cfg.sequential:
            log.warning("traject: %s has %d chain start(s) (tool pairs one feeds the other) for %d sequential "
                        "items: chains repeat, lengths and values differ", d, available, cfg.sequential)
        else:
            log.info("traject: %s: %d chain start(s) for %d sequential items", d, available, cfg.sequential)


def new_target(
    item: TrajectItem, ctx: RunContext, cfg: TrajectConfig, graph: ToolGraph, attempt: int,
    limit: float = plans.HARD_RECALL_CAP, sets: tuple[tuple[str, ...], ...] = (),
) -> Target | None:
    rng = item_rng(ctx.seed, f"{item.item_id}#{attempt}")
    tools = ctx.catalog.by_domain[item.spec.domain]
    if item.spec.kind == "parallel":
        target = parallel_target(item.item_id, ctx, cfg, tools, rng, limit, sets)
        if target is None:
            return None
    else:
        target = sequential_target(item, ctx, cfg, graph, attempt, rng)
        if target is None:
            return None
    outputs = simulate.simulate_all(target, ctx.catalog.by_name, rng)
    return target.model_copy(update={"outputs": outputs})


class ShortChain(Exception):
    """Every chain tried ended before `chain.min` steps: a step had nothing of the previous
    output left to bind."""


# Chain starts an item tries, one `sequential` further each time, when a chain cannot bind.
SHIFTS = 4


def sequential_target(item: TrajectItem, ctx: RunContext, cfg: TrajectConfig, graph: ToolGraph, attempt: int,
                      rng: random.Random) -> Target | None:
    """The item's chain (`chains.chain_for`: its own start of the domain's chain starts, the
    same on every attempt, so retries for a query's wording keep the chain), sampled with its
    bindings; a chain that cannot bind passes to a start further on. None when the domain has
    no chain."""
    names = [t.name for t in ctx.catalog.by_domain[item.spec.domain]]
    tried = []
    for shift in range(SHIFTS):
        index = chains.item_index(item.spec.index, shift, cfg.sequential)
        steps = chains.chain_for(graph, names, index, rng.randint(cfg.chain.min, cfg.chain.max), rng,
                                 min_length=cfg.chain.min, allow_repeats=cfg.allow_repeats,
                                 seed=f"{ctx.seed}:{item.spec.domain}")
        if steps is None or len(steps) < cfg.chain.min:
            return None
        target = sample.sample_sequential(item.item_id, steps, ctx.catalog.by_name, rng)
        if len(target.calls) >= cfg.chain.min:
            return target
        tried.append(" -> ".join(n for n, _ in steps))
    raise ShortChain("; ".join(tried))


def problems_of(req: WriteRequest, texts: list[str]) -> list[tuple[str, str]]:
    """(validator, problem) pairs of the validators the traject product runs (TRAJECT_VALIDATORS)."""
    return [(v.validator, v.reason) for v in run_all(req, texts, names=TRAJECT_VALIDATORS) if not v.ok]


async def write_query(
    ctx: RunContext, item: TrajectItem, target: Target, plan: DisclosurePlan, attempt: int
) -> str:
    offered = [ctx.catalog.by_name[c.tool] for c in target.calls]
    req = WriteRequest(target=target, plan=plan, tools=offered, n=1)
    checker = Checker(req, names=TRAJECT_VALIDATORS)  # the last texts checked are not checked again

    def check(texts: list[str]) -> list[str]:
        return [f"{v.validator}: {v.reason}" for v in checker.verdicts(texts) if not v.ok]

    draft = await ctx.writer.write(req, ctx.item_seed(f"{item.item_id}#{attempt}:{plan.level}"), check)
    text = draft.texts[0] if draft.texts else ""  # published as checked: gold spellings stay in the gold
    problems = [(v.validator, v.reason) for v in checker.verdicts([text]) if not v.ok]
    if problems:
        name, reason = problems[0]
        raise QueryFailed(
            Rejection(
                item_id=item.item_id,
                product=NAME,
                stage=f"validate:{plan.level}",
                validator=name,
                reason=f"{reason} (+{len(problems) - 1} more)" if len(problems) > 1 else reason,
                raw=text,
                attempts=draft.attempts,
            )
        )
    return text


def use_llm(ctx: RunContext, cfg: TrajectConfig) -> bool:
    return cfg.llm_outputs and ctx.llm is not None


async def with_outputs(ctx: RunContext, cfg: TrajectConfig, target: Target) -> Target:
    if not cfg.llm_outputs or ctx.llm is None:
        return target
    return target.model_copy(
        update={"outputs": await llm_sim.llm_outputs(ctx.llm, target, ctx.catalog.by_name)}
    )


async def answer_text(ctx: RunContext, cfg: TrajectConfig, target: Target, queries: dict[str, str]) -> str:
    if cfg.llm_outputs and ctx.llm is not None:
        return await llm_sim.llm_answer(ctx.llm, next(iter(queries.values())), target.outputs)
    if target.kind == "parallel":
        return simulate.parallel_answer(target, ctx.catalog.by_name)
    return simulate.sequential_answer(target, ctx.catalog.by_name)["answer"]


def payload(
    item: TrajectItem, ctx: RunContext, cfg: TrajectConfig, target: Target, queries: dict[str, str], answer: str
) -> TrajectPayload:
    tools = ctx.catalog.by_name
    spec = item.spec
    states = 0.0
    if spec.kind == "parallel":
        records = {lvl: export.parallel_record(q, target, tools, answer) for lvl, q in queries.items()}
        states = plans.meaning_floor(target, tools)
    else:
        model = (
            ctx.llm.model
            if ctx.llm is not None and (ctx.writer.name == "llm" or use_llm(ctx, cfg))
            else ctx.writer.name
        )
        final = {**simulate.sequential_answer(target, tools), "answer": answer}
        records = {
            "traj_query": export.sequential_record(
                queries["traj_query"],
                target,
                tools,
                final,
                seed=ctx.item_seed(item.item_id),
                indices=(spec.domain_index, spec.index, 0),
                model=model,
            )
        }
    return TrajectPayload(**spec.model_dump(), records=records, hard_states=states)


def level_plans(target: Target, tools: dict[str, Tool]) -> list[DisclosurePlan]:
    if target.kind == "parallel":
        return [plans.simple_plan(target, tools), plans.hard_plan(target, tools)]
    return [plans.sequential_plan(target, tools)]


async def attempt_item(
    item: TrajectItem, ctx: RunContext, cfg: TrajectConfig, graph: ToolGraph, attempt: int,
    limit: float = plans.HARD_RECALL_CAP, sets: tuple[tuple[str, ...], ...] = (),
) -> TrajectPayload | Rejection:
    try:
        target = new_target(item, ctx, cfg, graph, attempt, limit, sets)
    except ShortChain as short:
        return Rejection(item_id=item.item_id, product=NAME, stage="sample", validator="bindings", attempts=1,
                         reason=f"the chains {short} end before {cfg.chain.min} steps: a step has nothing "
                         "of the previous output to read that the query does not already state")
    if target is None and item.spec.kind == "parallel":
        return Rejection(
            item_id=item.item_id, product=NAME, stage="sample", validator="hard_floor", attempts=1,
            reason=no_hard_query(item.spec.domain, PARALLEL_DRAWS))
    if target is None:
        return Rejection(
            item_id=item.item_id,
            product=NAME,
            stage="sample",
            validator="chain",
            reason=f"no chain of >= {cfg.chain.min} steps along the tool graph in "
            f"domain {item.spec.domain}",
            attempts=1,
        )
    broken = broken_rules(target, ctx.catalog.by_name)
    if broken:  # a draw no query can make valid: drawn again, before any text is written or paid for
        return Rejection(item_id=item.item_id, product=NAME, stage="sample", validator="answer_valid", attempts=1,
                         reason=broken)
    try:
        target = await with_outputs(ctx, cfg, target)
        queries = {
            p.level: await write_query(ctx, item, target, p, attempt)
            for p in level_plans(target, ctx.catalog.by_name)
        }
        answer = await answer_text(ctx, cfg, target, queries)
    except QueryFailed as failed:
        return failed.rejection
    except BudgetExceeded:
        raise
    except LLMError as exc:
        if exc.retryable:
            raise  # transport trouble: leave the item unfinished for a rerun
        return Rejection(
            item_id=item.item_id,
            product=NAME,
            stage="llm",
            validator="llm",
            reason=exc.message,
            raw=exc.raw,
            attempts=exc.attempts,
        )
    return payload(item, ctx, cfg, target, queries, answer)


def broken_rules(target: Target, tools: Mapping[str, Tool]) -> str | None:
    """The first value rule of a tool's profile a call of the trajectory breaks (a chain binds a
    later step's values after they were drawn; set 28's play: a late-night snack of grilled
    chicken, a 5-star hotel under 125 a night), None when every call obeys."""
    from ..core.value_rules import violations
    from ..core.values import REFERENCE_TIME

    for i, call in enumerate(target.calls):
        tool = tools.get(call.tool)
        rules = tool.profile.rules if tool is not None and tool.profile is not None else []
        found = violations(rules, call.arguments, REFERENCE_TIME) if rules else []
        if found:
            return f"call {i} ({call.tool}): value rule: {found[0]}"
    return None


@register_product
class TrajectProduct(Product[TrajectSpec, TrajectPayload, TrajectConfig]):
    name = NAME
    config_model = TrajectConfig
    spec_model = TrajectSpec
    payload_model = TrajectPayload
    validators = TRAJECT_VALIDATORS
    format_name = "TRAJECT-Bench"

    def __init__(self, config: TrajectConfig) -> None:
        super().__init__(config)
        self._graph: ToolGraph | None = None
        self._graph_lock: asyncio.Lock | None = None
        self._llm_edges_added = False
        self._probes: dict[str, Probe] = {}  # domain -> its probe (a pure function of seed and domain)

    @classmethod
    def needs(cls, config: TrajectConfig, run: RunConfig) -> Needs:
        prompts = {**(propose.TEMPLATE_VARS if config.llm_edges else {}),
                   **(llm_sim.TEMPLATE_VARS if config.llm_outputs else {})}
        return Needs(llm=bool(prompts), prompts=prompts)

    @classmethod
    def unused(cls, config: TrajectConfig, run: RunConfig) -> dict[str, str | None]:
        edges = "edges only chain sequential trajectories and sequential is 0" if config.sequential == 0 else None
        return {"llm_edges": edges or needs_llm(run), "llm_outputs": needs_llm(run)}

    def graph(self, ctx: RunContext) -> ToolGraph:
        """The tool graph of the run's catalog, built on first use (pure, deterministic);
        LLM-proposed edges are merged by `ensure_graph`."""
        if self._graph is None:
            self._graph = build_graph(ctx.catalog.tools)
        return self._graph

    def shared(self, ctx: RunContext) -> None:
        self.graph(ctx)

    async def ensure_graph(self, ctx: RunContext) -> ToolGraph:
        self._graph_lock = self._graph_lock or asyncio.Lock()
        async with self._graph_lock:
            graph = self.graph(ctx)
            if self.config.llm_edges and ctx.llm is not None and not self._llm_edges_added:
                await propose.add_llm_edges(graph, ctx.catalog.by_domain, ctx.llm)
                self._llm_edges_added = True
        return graph

    def probe(self, ctx: RunContext, domain: str) -> Probe:
        if domain not in self._probes:
            self._probes[domain] = probe(ctx, self.config, domain)
        return self._probes[domain]

    def least(self, ctx: RunContext, domain: str) -> float:
        return self.probe(ctx, domain).least

    def hardless(self, ctx: RunContext, domains: list[str]) -> frozenset[str]:
        """Domains none of whose probe draws can make a hard query within `hard_ceiling`: their
        parallel items are not planned, and the run says why and what the least draw states."""
        out = []
        for d in domains:
            least = self.least(ctx, d)
            if hard_limit(least, self.config) is None:
                note(ctx, NAME, "parallel", no_hard_query(d, PROBE_DRAWS, least))
                out.append(d)
            elif few := few_sets(d, self.probe(ctx, d)):
                remark(ctx, NAME, "parallel", few)
        return frozenset(out)

    def plan(self, ctx: RunContext) -> list[TrajectItem]:
        cfg = self.config
        domains = select_domains(cfg, ctx)
        # with llm_edges the graph grows at run time, so no domain is skipped up front
        skip = chainless(ctx, cfg, self.graph(ctx), domains) if cfg.sequential and not cfg.llm_edges else frozenset()
        if cfg.sequential and not cfg.llm_edges:
            report_coverage(cfg, self.graph(ctx), ctx.catalog.by_domain, [d for d in domains if d not in skip])
        hardless = self.hardless(ctx, domains) if cfg.parallel else frozenset()
        specs = (_specs("parallel", cfg.parallel, domains, hardless)
                 + _specs("sequential", cfg.sequential, domains, skip))
        return [self.item(ctx, n, s, s.kind, s.domain, s.index) for n, s in enumerate(specs)]

    async def run(self, item: TrajectItem, ctx: RunContext) -> ItemResult:
        graph = await self.ensure_graph(ctx)
        rejections: list[Rejection] = []
        domain = item.spec.domain
        least = self.least(ctx, domain) if item.spec.kind == "parallel" else plans.HARD_RECALL_CAP
        limit = hard_limit(least, self.config)
        if limit is None:
            return ItemResult(item_id=item.item_id, product=NAME, rejections=[Rejection(
                item_id=item.item_id, product=NAME, stage="sample", validator="hard_floor", attempts=1,
                reason=no_hard_query(domain, PROBE_DRAWS, least))])
        for attempt in range(self.config.max_attempts):
            sets = self.probe(ctx, domain).sets if item.spec.kind == "parallel" else ()
            outcome = await attempt_item(item, ctx, self.config, graph, attempt, limit, sets)
            if isinstance(outcome, TrajectPayload):
                return ItemResult(item_id=item.item_id, product=NAME, samples=[self.sample(item, outcome)],
                                  rejections=rejections)
            rejections.append(outcome)
            if outcome.validator == "chain":
                break  # the graph has no such chain: another draw cannot find one either
        return ItemResult(item_id=item.item_id, product=NAME, rejections=rejections)

    def export(self, results: Iterable[ItemResult], ctx: RunContext) -> list[Path]:
        payloads = self.payloads(results)
        paths = export_payloads(payloads, ctx.product_dir(NAME))
        for domain, shares in sorted(_above_cap(payloads).items()):
            remark(ctx, NAME, "parallel", f"{len(shares)} hard queries in {domain} state more than half the values "
                   f"(up to {max(shares):.0%}, read by meaning; TRAJECT-Bench's about 40%): no draw of its tools "
                   "could leave half out (ids and free text no default or description stands for)")
        for domain in sorted({p.domain for p in payloads}):
            tools = ctx.catalog.by_domain.get(domain, [])
            paths.append(export.write_tools(ctx.product_dir(NAME), safe_dir(domain), tools))
        return paths

    def requested(self, items: Sequence[TrajectItem]) -> dict[str, int]:
        domains = max(1, len({it.spec.domain for it in items} | set(self.config.domains)))
        return {"parallel": self.config.parallel * domains, "sequential": self.config.sequential * domains}

    @classmethod
    def category(cls, item: TrajectItem) -> str:
        return item.spec.kind


def _above_cap(payloads: list[TrajectPayload]) -> dict[str, list[float]]:
    """Per domain, what the hard plans state that are above HARD_RECALL_CAP (plans.hard_cap)."""
    out: dict[str, list[float]] = {}
    for p in payloads:
        if p.kind == "parallel" and p.hard_states > plans.HARD_RECALL_CAP + 1e-9:
            out.setdefault(p.domain, []).append(p.hard_states)
    return out


def _grouped(payloads: list[TrajectPayload], kind: str) -> dict[str, list[dict[str, Any]]]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for p in sorted((p for p in payloads if p.kind == kind), key=lambda p: (p.domain_index, p.index)):
        groups.setdefault(p.domain, []).append(p.records)
    return groups


def export_payloads(payloads: list[TrajectPayload], root: Path) -> list[Path]:
    paths: list[Path] = []
    for domain, recs in _grouped(payloads, "parallel").items():
        paths += export.write_parallel(
            root, safe_dir(domain), [r["simple"] for r in recs], [r["hard"] for r in recs]
        )
    for domain, recs in _grouped(payloads, "sequential").items():
        paths.append(export.write_sequential(root, safe_dir(domain), [r["traj_query"] for r in recs]))
    return paths
