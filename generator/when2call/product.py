"""The `when2call` product: twins per target that differ in one controlled way, labelled with
When2Call's categories and checked by the independent reader (docs/when2call.md).

plan:   one item per target: a tool with a value that can be left out, a user (persona log), the
        reading the history twins test (history: absent / tie / conflicting; time: the query
        date, the twin without the query time), spread over tools and users; config + seed only.
run:    the gold call and the left-out parameter; the user's histories (histories.py); the
        stated request and the request without the value, written by the writer and validated
        like every query; the answers per category (replies.py, or the LLM's, llm.py); a request
        that needs no tool (direct.py); every label read back by the reader (verify.py). A
        contradiction draws the target again (bounded), then becomes a Rejection.
export: <out>/when2call/when2call_test.jsonl, when2call_train_sft.jsonl, when2call_train_pref.jsonl
        (export.py), one folder per split when the run is split.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from ..core.plan import plan_calls, plan_explicit
from ..core.values import Unsampleable, is_temporal, sample_arguments, value_format
from ..errors import BudgetExceeded, ConfigError, LLMError
from ..judge.similarity import jaccard
from ..products.base import Needs, Product, RunContext, WorkItem, item_rng, register_product
from ..products.common import realize
from ..records import HistoryEvent, ItemResult, Record, Rejection, Target, Tool, ToolCall, UserHistory
from ..shortfall import note
from ..validators.base import TEXT_VALIDATORS
from . import direct as direct_pool
from . import histories as hist
from . import llm as w2c_llm
from . import replies
from .config import TWINS, Twin, When2CallConfig
from .verify import check_ask, check_call, determined_by

if TYPE_CHECKING:
    from ..config import RunConfig
    from ..personas import Persona

NAME = "when2call"
Rule = Literal["history", "time"]
GOLDEN = 0.6180339887498949
SIMILAR = 0.5  # a tool this close to the target (name and description words) could serve its request


class When2CallSpec(Record):
    tool: str
    user: str
    rule: Rule
    case: str  # absent | tie | conflicting (history); no_query_time (time)


class When2CallPayload(Record):
    """One target's twins, as the product stores them (export.py writes the rows)."""

    target: str
    user: str
    tool: str
    offered: list[str]  # the target tool and its distractors, in the order offered
    call: ToolCall
    held_out: str
    rule: Rule
    case: str
    time: str
    determined_history: list[HistoryEvent]
    undetermined_history: list[HistoryEvent]
    twins: list[Twin]
    stated: str | None = None
    question: str | None = None  # the request with the held-out value left out
    determined_by: str | None = None  # the reader's rule that gives it in the determined twin
    ask: str
    refusal: str
    fabricated: str  # a direct answer to the tool request: When2Call's `direct` distractor
    direct_question: str | None = None
    direct_answer: str | None = None


When2CallItem = WorkItem[When2CallSpec]


class ItemFailed(Exception):
    def __init__(self, rejection: Rejection) -> None:
        super().__init__(rejection.reason)
        self.rejection = rejection


def fail(item: When2CallItem, stage: str, validator: str, reason: str, raw: str | None = None) -> ItemFailed:
    return ItemFailed(Rejection(item_id=item.item_id, product=NAME, stage=stage, validator=validator,
                                reason=reason, raw=raw, attempts=1))


# ---------------------------------------------------------------- what can be left out

SCALARS = frozenset({"string", "integer", "number"})


def holdable(tool: Tool, param: str) -> bool:
    """A required value a history can fill in: a string, number or enum, not a clock value."""
    spec = tool.properties.get(param) or {}
    kind = spec.get("type")
    return param in tool.required and kind in SCALARS and is_temporal(param, spec) is None


def dated(tool: Tool, param: str) -> bool:
    """A required date the query date gives (the time pair)."""
    spec = tool.properties.get(param) or {}
    return param in tool.required and is_temporal(param, spec) == "date"


def candidates(tool: Tool, rule: Rule) -> list[str]:
    test = holdable if rule == "history" else dated
    return [p for p in tool.required if test(tool, p)]


# ---------------------------------------------------------------- users

def run_personas(cfg: When2CallConfig, ctx: RunContext) -> list[Persona]:
    from ..personas import load_personas

    if ctx.config.personas:
        personas = load_personas(ctx.base_dir / ctx.config.personas)
    else:
        from ..derived_personas import derive_personas

        personas = derive_personas(ctx.catalog, ctx.seed, cfg.personas or 4)
    return personas[: cfg.personas] if cfg.personas else personas


def user_logs(cfg: When2CallConfig, ctx: RunContext) -> dict[str, UserHistory]:
    from ..personas import synthesize_histories

    personas = run_personas(cfg, ctx)
    logs = synthesize_histories(personas, ctx.catalog, ctx.seed, start=cfg.start_time(), n_events=cfg.events)
    return {h.user: h for h in logs}


# ---------------------------------------------------------------- plan

def spread(tools: list[Tool], seed: int, salt: str) -> list[Tool]:
    order = sorted(tools, key=lambda t: t.name)
    item_rng(seed, f"when2call:{salt}").shuffle(order)
    return order


def rule_of(seed: int, index: int, share: float) -> Rule:
    """The time pair for about `share` of the targets, spread evenly (a golden-ratio sequence)."""
    return "time" if (item_rng(seed, "when2call:time").random() + index * GOLDEN) % 1.0 < share else "history"


@register_product
class When2CallProduct(Product[When2CallSpec, When2CallPayload, When2CallConfig]):
    name = NAME
    config_model = When2CallConfig
    spec_model = When2CallSpec
    payload_model = When2CallPayload
    validators = TEXT_VALIDATORS
    format_name = "When2Call"
    hub_task = "text-generation"
    reads: ClassVar[dict[str, str]] = {"personas": "always (the users whose histories the twins differ in)"}

    def __init__(self, config: When2CallConfig) -> None:
        super().__init__(config)
        self._users: dict[str, UserHistory] | None = None

    @classmethod
    def needs(cls, config: When2CallConfig, run: RunConfig) -> Needs:
        llm = run.writer == "llm"
        return Needs(llm=llm, prompts=w2c_llm.PROMPTS if llm else {}, personas=True)

    @classmethod
    def check(cls, config: When2CallConfig, run: RunConfig) -> None:
        if config.targets() == 0:
            raise ConfigError("every twin count is 0: nothing to make", field="products.when2call.twins")

    def users(self, ctx: RunContext) -> dict[str, UserHistory]:
        if self._users is None:
            self._users = user_logs(self.config, ctx)
        return self._users

    def shared(self, ctx: RunContext) -> None:
        self.users(ctx)

    def plan(self, ctx: RunContext) -> list[When2CallItem]:
        cfg, users = self.config, sorted(self.users(ctx))
        pools = {r: spread([t for t in ctx.catalog.tools if candidates(t, r)], ctx.seed, r)
                 for r in ("history", "time")}
        if not pools["history"] and not pools["time"]:
            note(ctx, NAME, "targets", "no tool has a required value a history or the query time can fill in")
            return []
        if not users:
            note(ctx, NAME, "targets", "no user history could be built (no persona)")
            return []
        items, used = [], {"history": 0, "time": 0}
        for i in range(cfg.targets()):
            rule = rule_of(ctx.seed, i, cfg.time_share)
            rule = rule if pools[rule] else ("history" if rule == "time" else "time")
            tool = pools[rule][used[rule] % len(pools[rule])]
            case = cfg.cases[used["history"] % len(cfg.cases)] if rule == "history" else "no_query_time"
            used[rule] += 1
            spec = When2CallSpec(tool=tool.name, user=users[i % len(users)], rule=rule, case=case)
            items.append(self.item(ctx, i, spec, i))
        return items

    async def run(self, item: When2CallItem, ctx: RunContext) -> ItemResult:
        rejections: list[Rejection] = []
        for attempt in range(self.config.max_attempts):
            try:
                payload = await attempt_item(item, ctx, self.config, self.users(ctx), attempt)
                return ItemResult(item_id=item.item_id, product=NAME, samples=[self.sample(item, payload)])
            except ItemFailed as failed:
                rejections.append(failed.rejection.model_copy(update={"attempts": attempt + 1}))
            except LLMError as exc:  # a reply that stayed bad after the re-asks: draw again
                if exc.retryable or isinstance(exc, BudgetExceeded):
                    raise  # not a verdict on the item: it stays unfinished for a rerun
                rejections.append(Rejection(item_id=item.item_id, product=NAME, stage="llm", validator="llm",
                                            reason=exc.message, raw=exc.raw, attempts=attempt + 1))
        return ItemResult(item_id=item.item_id, product=NAME, rejections=rejections[-1:])

    def export(self, results: Iterable[ItemResult], ctx: RunContext) -> list[Path]:
        from .export import export_when2call

        return export_when2call(list(self.iter_payloads(results)), ctx, self.config)

    def requested(self, items: Sequence[When2CallItem]) -> dict[str, int]:
        return {"targets": self.config.targets()}

    @classmethod
    def category(cls, item: When2CallItem) -> str:
        return "targets"

    def twins_of(self, index: int) -> list[Twin]:
        return [t for t in TWINS if self.config.has(t, index)]


# ---------------------------------------------------------------- one target

class Drawn(Record):
    """The draws of one attempt: the gold call, the left-out parameter, the histories."""

    call: ToolCall
    held_out: str
    offered: list[str]
    time: datetime
    determined: list[HistoryEvent]
    undetermined: list[HistoryEvent]
    case: str


def offered_with(tool: Tool, ctx: RunContext, cfg: When2CallConfig, rng: random.Random) -> list[str]:
    """The target and its distractors: tools of other kinds when the catalog has several (none
    of them can serve the request, so the tool_removed twin has no right call), else tools of
    its own kind with another function and few words in common with it."""
    others = [t for t in ctx.catalog.tools if t.domain != tool.domain] if len(ctx.catalog.domains) > 1 else []
    if not others:
        others = [t for t in ctx.catalog.tools
                  if t.name != tool.name and t.api != tool.api and jaccard(tool, t) < SIMILAR]
    lo, hi = cfg.distractors
    picked = rng.sample(others, min(len(others), rng.randint(lo, hi)))
    names = [tool.name, *(t.name for t in picked)]
    rng.shuffle(names)
    return names


def draw(item: When2CallItem, ctx: RunContext, cfg: When2CallConfig, log: UserHistory,
         rng: random.Random) -> Drawn:
    tool = ctx.catalog[item.spec.tool]
    param = rng.choice(candidates(tool, item.spec.rule))
    back = hist.background(log, tool, param, cfg.history, rng)
    times = hist.call_times(back, rng.randint(*cfg.calls), cfg.start_time(), rng)
    when = hist.query_time(back, times, cfg.start_time(), rng)
    try:
        args = sample_arguments(tool, rng, optional_rate=0.2, ref=when)
    except Unsampleable as exc:
        raise fail(item, "sample", "sample", str(exc)) from None
    if item.spec.rule == "time":
        args[param] = when.strftime(value_format(tool.properties[param]) or "%Y-%m-%d")
        pair = hist.same_history(back, tool, param, times, when, rng,
                                 lambda t: t.strftime(value_format(tool.properties[param]) or "%Y-%m-%d"))
    else:
        args[param] = not_default(tool, param, args[param], rng)
        built = hist.build(back, tool, param, args[param], item.spec.case, times, when, rng)  # type: ignore[arg-type]
        if built is None:
            raise fail(item, "sample", "history", f"{tool.name}.{param} has too few values for a {item.spec.case} history")
        pair = built
    return Drawn(call=ToolCall(tool=tool.name, arguments=args), held_out=param, offered=offered_with(tool, ctx, cfg, rng),
                 time=when, determined=pair.determined, undetermined=pair.undetermined, case=pair.case)


def not_default(tool: Tool, param: str, value: Any, rng: random.Random) -> Any:
    """A left-out value equal to the schema default would be determined by the default."""
    spec = tool.properties.get(param) or {}
    if "default" not in spec or not hist.same_key(spec["default"], value):
        return value
    others = hist.other_values(tool, param, value, rng, 1)
    return others[0] if others else value


def target_of(item: When2CallItem, drawn: Drawn, tool: Tool) -> Target:
    return Target(id=item.item_id, kind="single", calls=[drawn.call], offered=drawn.offered, domain=tool.domain,
                  user=item.spec.user, history=drawn.determined, time=drawn.time.strftime(hist.EVENT_FORMAT),
                  temporal_parameters=[drawn.held_out] if item.spec.rule == "time" else [])


async def write(ctx: RunContext, item: When2CallItem, attempt: int, target: Target, tool: Tool,
                held_out: str | None) -> str:
    """The request: everything stated, or the held-out value left out with no phrase."""
    source = "time" if item.spec.rule == "time" else "history"
    plan = plan_explicit(target) if held_out is None else \
        plan_calls(target, {(0, held_out): ("omitted", source, None)}, level="omitted")  # type: ignore[dict-item]
    done = await realize(ctx, f"{item.item_id}#{attempt}", NAME, target, plan, [tool])
    if not done.ok:
        assert done.rejection is not None
        raise ItemFailed(done.rejection.model_copy(update={"item_id": item.item_id}))
    assert done.texts is not None
    return done.texts[0]


async def attempt_item(item: When2CallItem, ctx: RunContext, cfg: When2CallConfig, users: dict[str, UserHistory],
                       attempt: int) -> When2CallPayload:
    rng = item_rng(ctx.seed, f"{item.item_id}#{attempt}")
    tool = ctx.catalog[item.spec.tool]
    drawn = draw(item, ctx, cfg, users[item.spec.user], rng)
    twins = [t for t in TWINS if cfg.has(t, item.index)]
    target = target_of(item, drawn, tool)
    stated = await write(ctx, item, attempt, target, tool, None) \
        if {"stated", "tool_removed"} & set(twins) else None
    question = await write(ctx, item, attempt, target, tool, drawn.held_out) \
        if {"determined", "undetermined"} & set(twins) else None
    rule = verify(item, drawn, tool, twins, stated, question)
    texts = await answer_texts(ctx, drawn, tool, stated or question or "", rng)
    direct = await direct_twin(ctx, item, attempt, tool, rng) if "no_tool" in twins else (None, None)
    return When2CallPayload(
        target=item.item_id, user=item.spec.user, tool=tool.name, offered=drawn.offered, call=drawn.call,
        held_out=drawn.held_out, rule=item.spec.rule, case=drawn.case, time=target.time or "",
        determined_history=drawn.determined, undetermined_history=drawn.undetermined, twins=twins,
        stated=stated, question=question, determined_by=rule, ask=texts[0], refusal=texts[1], fabricated=texts[2],
        direct_question=direct[0], direct_answer=direct[1])


def verify(item: When2CallItem, d: Drawn, tool: Tool, twins: list[Twin], stated: str | None,
           question: str | None) -> str | None:
    """The reader's reading of each labelled twin; a contradiction fails the attempt. Returns the
    rule that determines the held-out value in the determined twin."""
    problems: list[str] = []
    if stated is not None and "stated" in twins:
        problems += [f"stated: {p}" for p in check_call(stated, d.call, tool, d.determined, d.time)]
    rule = None
    if question is not None:
        problems += [f"determined: {p}" for p in check_call(question, d.call, tool, d.determined, d.time)]
        rule = determined_by(question, d.call, tool, d.held_out, d.determined, d.time)
        if "undetermined" in twins:
            no_time = None if item.spec.rule == "time" else d.time
            problems += [f"undetermined ({d.case}): {p}"
                         for p in check_ask(question, d.call, tool, d.held_out, d.undetermined, no_time)]
    if problems:
        raise fail(item, "verify", "reader", "; ".join(problems), question or stated)
    return rule


async def answer_texts(ctx: RunContext, d: Drawn, tool: Tool, request: str,
                       rng: random.Random) -> tuple[str, str, str]:
    """(clarifying question for the held-out value, refusal, direct answer without a call)."""
    if ctx.llm is not None and ctx.writer.name == "llm":
        seed = w2c_llm.seed_of(rng)
        return (await w2c_llm.clarify(ctx.llm, request, d.held_out, tool, seed),
                await w2c_llm.refuse(ctx.llm, request, seed), await w2c_llm.direct(ctx.llm, request, seed))
    return replies.clarify(d.held_out, tool, rng), replies.refuse(tool, rng), replies.fabricate(tool, rng)


async def direct_twin(ctx: RunContext, item: When2CallItem, attempt: int, tool: Tool,
                      rng: random.Random) -> tuple[str | None, str | None]:
    """A request none of the domain's tools serves, and its answer (template: computed)."""
    domain = ctx.catalog.by_domain.get(tool.domain, [tool])
    if ctx.llm is not None and ctx.writer.name == "llm":
        seed = w2c_llm.seed_of(rng)
        asked = await w2c_llm.question(ctx.llm, domain, item.index + attempt, seed)
        return asked, await w2c_llm.direct(ctx.llm, asked, seed)
    qa = direct_pool.request_for(item.index, domain, ctx.seed)
    if qa is None:
        raise fail(item, "sample", "direct", f"every built-in request touches what the {tool.domain} tools do")
    return qa
