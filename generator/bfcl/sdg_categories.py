"""The BFCL categories beyond the foundation ones, as SDG builders (registered in SDG_CATEGORIES).

live_*: user-style requests. BFCL's live queries state far fewer values than the curated ones
(FORMATS 3.3: value recall 0.36-0.60 vs 0.79-0.89), so the phrasing takes the casual / indirect
styles of our vaguer disclosure levels, and an optional argument equal to its schema default is
left out of the call (nothing to say, nothing to pass). Every value that remains in the call is
still stated: an SDG row has no history to recover it from.
live_relevance: a loosely phrased request some offered tool serves; live_irrelevance: a casual
request no offered tool serves, answered in text.
multi_turn_*: conversations over our simulated stateful tools (generator.bfcl.multiturn).
"""

from __future__ import annotations

import random
from typing import Any

from ..products.base import RunContext
from ..products.common import realize, tool_call_message
from ..products.sdg import (
    FOREIGN_NEEDS,
    NAME,
    SDG_CATEGORIES,
    SdgItem,
    accept,
    compatible_sample,
    decline_text,
    foreign_request,
    make_calls,
    offtopic,
    pick_domain,
    reject,
    sdg_row,
    text_reply_row,
)
from ..records import ItemResult, Rejection, Target, Tool, ToolCall
from .config import BfclConfig
from .multiturn import llm_turns
from .multiturn.dialogue import MULTI_TURN_CATEGORIES, PlayError
from .multiturn.sdg_build import shaped_conversation
from .multiturn.sdg_rows import sdg_rows

LIVE_STYLES = ("casual", "casual", "indirect")  # the styles of the Low / Medium levels
# A second language is written by the writer itself (the llm writer's prompt asks for it; the
# `language` validator checks it). The template writer writes English only: the config refuses
# other languages under it (generator.config), so nothing is ever wrapped in a foreign frame.


def bfcl_config(ctx: RunContext) -> BfclConfig:
    """products.bfcl's knobs (languages, multi-turn shape), or their defaults."""
    return ctx.config.products.section("bfcl", BfclConfig) or BfclConfig()


def pick_language(ctx: RunContext, rng: random.Random) -> str:
    cfg = bfcl_config(ctx)
    if len(cfg.languages) > 1 and rng.random() < cfg.second_language_share:
        return rng.choice(cfg.languages[1:])
    return cfg.languages[0]


def drop_defaults(tool: Tool, call: ToolCall) -> ToolCall:
    """Leave out optional arguments that equal the schema default (live users don't say them)."""
    required = set(tool.required)
    args = {k: v for k, v in call.arguments.items()
            if k in required or tool.properties.get(k, {}).get("default", object()) != v}
    return ToolCall(tool=call.tool, arguments=args)


async def live_text(item: SdgItem, ctx: RunContext, rng: random.Random, target: Target,
                    tools: list[Tool]) -> tuple[str | None, ItemResult | None]:
    from ..core.plan import plan_explicit

    plan = plan_explicit(target, style=rng.choice(LIVE_STYLES), level="live")  # type: ignore[arg-type]
    done = await realize(ctx, item.item_id, NAME, target, plan, tools, language=pick_language(ctx, rng))
    if not done.ok:
        assert done.rejection is not None
        return None, ItemResult(item_id=item.item_id, product=NAME, rejections=[done.rejection])
    assert done.texts is not None
    return done.texts[0], None


async def live_call_row(item: SdgItem, ctx: RunContext, rng: random.Random, calls: list[ToolCall],
                        offered: list[Tool], kind: str = "single") -> ItemResult:
    calls = [drop_defaults(ctx.catalog[c.tool], c) for c in calls]
    target = Target(id=item.item_id, kind=kind, calls=calls,  # type: ignore[arg-type]
                    offered=[t.name for t in offered], domain=offered[0].domain)
    text, failed = await live_text(item, ctx, rng, target, [ctx.catalog[c.tool] for c in calls])
    if failed is not None:
        return failed
    messages = [{"role": "user", "content": text}, tool_call_message(item.item_id, calls)]
    return accept(item, [sdg_row(item, messages, offered)])


def distractors(ctx: RunContext, rng: random.Random, keep: list[Tool], lo: int, hi: int) -> list[Tool]:
    domain = keep[0].domain
    others = [t for t in ctx.catalog.by_domain[domain] if t not in keep]
    offered = keep + rng.sample(others, min(len(others), rng.randint(lo, hi)))
    rng.shuffle(offered)
    return offered


@SDG_CATEGORIES.register("live_simple")
async def build_live_simple(item: SdgItem, ctx: RunContext) -> ItemResult:
    rng = ctx.rng(item.item_id)
    tool = rng.choice([t for t in ctx.catalog.tools if t.properties])
    calls = make_calls(tool, rng, 1)
    if calls is None:
        return reject(item, "sample", f"tool {tool.name} has no argument to sample")
    return await live_call_row(item, ctx, rng, calls, [tool])


@SDG_CATEGORIES.register("live_multiple")
async def build_live_multiple(item: SdgItem, ctx: RunContext) -> ItemResult:
    rng = ctx.rng(item.item_id)
    domain = pick_domain(ctx, rng, 2)
    if domain is None:
        return reject(item, "sample", "no domain has two tools for distractors")
    tool = rng.choice(ctx.catalog.by_domain[domain])
    calls = make_calls(tool, rng, 1)
    if calls is None:
        return reject(item, "sample", f"tool {tool.name} has no argument to sample")
    return await live_call_row(item, ctx, rng, calls, distractors(ctx, rng, [tool], 2, 5))


@SDG_CATEGORIES.register("live_parallel")
async def build_live_parallel(item: SdgItem, ctx: RunContext) -> ItemResult:
    rng = ctx.rng(item.item_id)
    tools = [t for t in ctx.catalog.tools if t.properties]
    for _ in range(20):
        tool = rng.choice(tools)
        calls = make_calls(tool, rng, rng.randint(2, 3))
        if calls is not None and len({repr(drop_defaults(tool, c)) for c in calls}) == len(calls):
            return await live_call_row(item, ctx, rng, calls, [tool], kind="parallel")
    return reject(item, "sample", "no tool yields distinct argument sets")


@SDG_CATEGORIES.register("live_parallel_multiple")
async def build_live_parallel_multiple(item: SdgItem, ctx: RunContext) -> ItemResult:
    rng = ctx.rng(item.item_id)
    domain = pick_domain(ctx, rng, 3)
    if domain is None:
        return reject(item, "sample", "no domain has three tools")
    chosen = compatible_sample(ctx.catalog.by_domain[domain], 2, rng)
    if len(chosen) < 2:
        return reject(item, "sample", f"no two tools of {domain} can be asked at once (one undoes the other)")
    calls = [c for t in chosen for c in (make_calls(t, rng, 1) or [])]
    if len(calls) < 2:
        return reject(item, "sample", "a chosen tool has no argument to sample")
    return await live_call_row(item, ctx, rng, calls, distractors(ctx, rng, chosen, 1, 3), kind="parallel")


@SDG_CATEGORIES.register("live_relevance")
async def build_live_relevance(item: SdgItem, ctx: RunContext) -> ItemResult:
    """BFCL scores relevance as "made some call"; the row's target is the call we meant."""
    rng = ctx.rng(item.item_id)
    tool = rng.choice(ctx.catalog.tools)
    calls = make_calls(tool, rng, 1) if tool.properties else [ToolCall(tool=tool.name, arguments={})]
    if calls is None:
        return reject(item, "sample", f"tool {tool.name} has no argument to sample")
    return await live_call_row(item, ctx, rng, calls, distractors(ctx, rng, [tool], 1, 3))


@SDG_CATEGORIES.register("live_irrelevance")
async def build_live_irrelevance(item: SdgItem, ctx: RunContext) -> ItemResult:
    rng = ctx.rng(item.item_id)
    pick = foreign_request(item, ctx, rng, max_offered=4)
    if pick is None:
        generic = offtopic(item, ctx, rng, max_offered=4)
        if generic is None:
            return reject(item, "sample", f"live_irrelevance {FOREIGN_NEEDS}")
        return text_reply_row(item, generic[1], generic[0])  # a built-in English request
    text, failed = await live_text(item, ctx, rng, pick.target, [pick.tool])
    if failed is not None:
        return failed
    messages: list[dict[str, Any]] = [{"role": "user", "content": text},
                                      {"role": "assistant", "content": decline_text(pick.offered)}]
    return accept(item, [sdg_row(item, messages, pick.offered)])


def multi_turn_builder(category: str) -> Any:
    async def build(item: SdgItem, ctx: RunContext) -> ItemResult:
        rng = ctx.rng(item.item_id)
        cfg = bfcl_config(ctx)
        try:
            shaped, tools = shaped_conversation(category, rng, rng.randint(cfg.turns.min, cfg.turns.max),
                                                ctx.catalog.tools, cfg.long_context_distractors)
        except PlayError as exc:
            return reject(item, "play", str(exc))
        if ctx.writer.name == "llm":  # the user turns in the model's words, checked like any query
            worded = await llm_turns.written(ctx, item.item_id, NAME, shaped, tools)
            if isinstance(worded, Rejection):
                return ItemResult(item_id=item.item_id, product=NAME, rejections=[worded])
            shaped = worded
        return accept(item, sdg_rows(shaped, tools, f"{category}_{item.index}"))

    build.__name__ = f"build_{category}"
    return build


for _category in MULTI_TURN_CATEGORIES:
    SDG_CATEGORIES.add(_category, multi_turn_builder(_category))
