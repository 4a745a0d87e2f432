"""SDG product: OpenAI-messages rows by BFCL category in <out>/sdg/train.jsonl.

Layout of minyichen/BFCL-toolcall-SDG (FORMATS 4.2): id, trajectory_id, category, messages
(no system message; arguments as JSON strings; the final assistant message is the target),
tools (a JSON string of OpenAI tool definitions). Each category is a builder registered in
SDG_CATEGORIES; the foundation ones live here, the rest in generator.bfcl.sdg_categories.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import ConfigError
from ..io import atomic_lines, dumps_line, write_jsonl
from ..records import ItemResult, Record, Rejection, Sample, Target, Tool, ToolCall
from ..registry import Registry
from ..shortfall import remark
from ..validators.base import TEXT_VALIDATORS
from .base import Product, RunContext, WorkItem, register_product
from .common import realize, tool_call_message, tools_json
from .sdg_config import SdgConfig

if TYPE_CHECKING:
    from ..config import RunConfig

NAME = "sdg"
CHAT_DIR = "chat"
MAX_SAMPLING_TRIES = 20


class SdgSpec(Record):
    category: str  # a builder in SDG_CATEGORIES


class SdgRow(Record):
    """One line of sdg/train.jsonl (the final assistant message is the target)."""

    id: str
    trajectory_id: str
    category: str
    messages: list[dict[str, Any]]
    tools: str  # a JSON string of OpenAI tool definitions


SdgItem = WorkItem[SdgSpec]
SdgBuilder = Callable[[SdgItem, RunContext], Awaitable[ItemResult]]
SDG_CATEGORIES: Registry[SdgBuilder] = Registry("sdg category")


# What a user of a multi-turn category should know: its conversations need tools whose state the
# gold follows turn by turn, which a catalog of schemas does not have (players, set 15).
MULTI_TURN_REMARK = ("conversations over trajgen's own simulated to-do list and file system (stateful tools "
                     "whose state the gold follows turn by turn), not over the catalog's tools; "
                     "multi_turn_long_context offers the catalog's tools as distractors")


def sdg_settings(ctx: RunContext) -> SdgConfig:
    """products.sdg, or its defaults when only products.bfcl runs the builders."""
    return ctx.config.products.section(NAME, SdgConfig) or SdgConfig()


def sdg_row(item: SdgItem, messages: list[dict[str, Any]], tools: list[Tool],
            trajectory_id: str | None = None, row_id: str | None = None) -> dict[str, Any]:
    category = item.spec.category
    rid = row_id or f"{category}_{item.index}"
    return {"id": rid, "trajectory_id": trajectory_id or rid, "category": category,
            "messages": messages, "tools": tools_json(tools)}


def reject(item: SdgItem, stage: str, reason: str) -> ItemResult:
    rej = Rejection(item_id=item.item_id, product=NAME, stage=stage, reason=reason)
    return ItemResult(item_id=item.item_id, product=NAME, rejections=[rej])


def accept(item: SdgItem, rows: list[dict[str, Any]]) -> ItemResult:
    samples = [Sample(item_id=item.item_id, product=NAME, payload=SdgRow.model_validate(r).model_dump(mode="json"))
               for r in rows]
    return ItemResult(item_id=item.item_id, product=NAME, samples=samples)


def domains_with(ctx: RunContext, min_tools: int) -> list[str]:
    return [d for d, tools in ctx.catalog.by_domain.items() if len(tools) >= min_tools]


def pick_domain(ctx: RunContext, rng: random.Random, min_tools: int) -> str | None:
    doms = domains_with(ctx, min_tools)
    return rng.choice(doms) if doms else None


def compatible_sample(pool: list[Tool], n: int, rng: random.Random) -> list[Tool]:
    """Up to n tools of `pool` in random order, none undoing another: a request never books and
    cancels, creates and deletes the same kind of thing at once (generator.traject.shapes.undoes)."""
    from ..traject.shapes import conflicting

    chosen: list[Tool] = []
    for t in rng.sample(pool, len(pool)):
        if len(chosen) < n and not conflicting(chosen, t):
            chosen.append(t)
    return chosen


def make_calls(tool: Tool, rng: random.Random, n: int) -> list[ToolCall] | None:
    """n calls of one tool with pairwise different arguments (None if the tool can't vary).
    A tool without parameters (`pwd`, `logout`) is called once with none."""
    from ..core.lore import acted_on
    from ..core.values import sample_arguments

    if not tool.properties:
        return [ToolCall(tool=tool.name, arguments={})] if n == 1 else None
    calls: list[ToolCall] = []
    taken: set[tuple[str, str]] = set()  # a parallel batch acts on each thing once (no id cancelled twice)
    for _ in range(MAX_SAMPLING_TRIES * n):
        args = sample_arguments(tool, rng, optional_rate=0.3)
        if args and all(args != c.arguments for c in calls) and not acted_on(tool.parameters, args) & taken:
            calls.append(ToolCall(tool=tool.name, arguments=args))
            taken |= acted_on(tool.parameters, args)
        if len(calls) == n:
            return calls
    return None


async def request_row(item: SdgItem, ctx: RunContext, calls: list[ToolCall], offered: list[Tool],
                      kind: str = "single") -> ItemResult:
    """Write an explicit request for `calls`, answered by one assistant message with the calls."""
    from ..core.plan import plan_explicit

    target = Target(id=item.item_id, kind=kind, calls=calls, offered=[t.name for t in offered],
                    domain=offered[0].domain)
    tools = [ctx.catalog[c.tool] for c in calls]
    done = await realize(ctx, item.item_id, NAME, target, plan_explicit(target, tools={t.name: t for t in tools}), tools)
    if not done.ok:
        assert done.rejection is not None
        return ItemResult(item_id=item.item_id, product=NAME, rejections=[done.rejection])
    assert done.texts is not None
    messages = [{"role": "user", "content": done.texts[0]}, tool_call_message(item.item_id, calls)]
    return accept(item, [sdg_row(item, messages, offered)])


@SDG_CATEGORIES.register("simple")
async def build_simple(item: SdgItem, ctx: RunContext) -> ItemResult:
    rng = ctx.rng(item.item_id)
    tool = rng.choice(ctx.catalog.tools)
    calls = make_calls(tool, rng, 1)
    if calls is None:
        return reject(item, "sample", f"tool {tool.name} has no argument to sample")
    return await request_row(item, ctx, calls, [tool])


@SDG_CATEGORIES.register("multiple")
async def build_multiple(item: SdgItem, ctx: RunContext) -> ItemResult:
    rng = ctx.rng(item.item_id)
    domain = pick_domain(ctx, rng, 2)
    if domain is None:
        return reject(item, "sample", "no domain has two tools for distractors")
    pool = ctx.catalog.by_domain[domain]
    tool = rng.choice(pool)
    lo, hi = sdg_settings(ctx).distractors
    others = [t for t in pool if t.name != tool.name]
    offered = rng.sample(others, min(len(others), rng.randint(lo, hi))) + [tool]
    rng.shuffle(offered)
    calls = make_calls(tool, rng, 1)
    if calls is None:
        return reject(item, "sample", f"tool {tool.name} has no argument to sample")
    return await request_row(item, ctx, calls, offered)


@SDG_CATEGORIES.register("parallel")
async def build_parallel(item: SdgItem, ctx: RunContext) -> ItemResult:
    rng = ctx.rng(item.item_id)
    lo, hi = sdg_settings(ctx).parallel_calls
    tools = [t for t in ctx.catalog.tools if t.properties]
    for _ in range(MAX_SAMPLING_TRIES):
        tool = rng.choice(tools)
        calls = make_calls(tool, rng, rng.randint(lo, hi))
        if calls is not None:
            return await request_row(item, ctx, calls, [tool], kind="parallel")
    return reject(item, "sample", "no tool yields distinct argument sets")


@SDG_CATEGORIES.register("parallel_multiple")
async def build_parallel_multiple(item: SdgItem, ctx: RunContext) -> ItemResult:
    rng = ctx.rng(item.item_id)
    lo, hi = sdg_settings(ctx).parallel_calls
    domain = pick_domain(ctx, rng, lo + 1)
    if domain is None:
        return reject(item, "sample", f"no domain has {lo + 1} tools")
    pool = ctx.catalog.by_domain[domain]
    chosen = compatible_sample(pool, min(len(pool) - 1, rng.randint(lo, hi)), rng)
    calls = [c for t in chosen for c in (make_calls(t, rng, 1) or [])]
    if len(calls) < 2:
        return reject(item, "sample", f"fewer than two of the chosen tools of {domain} can be called")
    extra = [t for t in pool if t not in chosen]
    offered = chosen + rng.sample(extra, min(1, len(extra)))
    rng.shuffle(offered)
    return await request_row(item, ctx, calls, offered, kind="parallel")


class ForeignRequest(NamedTuple):
    """An irrelevance sample: tools of one domain to offer, and a request written from a tool
    of another domain (sharing no api with the offered ones), so no offered tool serves it."""

    offered: list[Tool]
    tool: Tool
    target: Target


def foreign_request(item: SdgItem, ctx: RunContext, rng: random.Random,
                    max_offered: int) -> ForeignRequest | None:
    """None when the catalog has no tool outside the offered domain (fewer than two domains)."""
    if len(ctx.catalog.domains) < 2:
        return None
    domain = rng.choice(ctx.catalog.domains)
    pool = ctx.catalog.by_domain[domain]
    offered = rng.sample(pool, min(len(pool), rng.randint(1, max_offered)))
    apis = {t.api for t in offered}
    foreign = [t for t in ctx.catalog.tools if t.domain != domain and t.api not in apis]
    if not foreign:
        return None
    tool = rng.choice(foreign)
    calls = make_calls(tool, rng, 1) or [ToolCall(tool=tool.name, arguments={})]
    target = Target(id=item.item_id, kind="irrelevance", calls=calls, offered=[t.name for t in offered],
                    domain=tool.domain)
    return ForeignRequest(offered=offered, tool=tool, target=target)


FOREIGN_NEEDS = ("found no request the offered tools leave unserved (no other domain, and every "
                 "built-in off-topic request touches what the tools do)")


def offtopic(item: SdgItem, ctx: RunContext, rng: random.Random, max_offered: int) -> tuple[list[Tool], str] | None:
    """A catalog with one domain: offer some of its tools and a built-in request none of them
    serves (generator.core.offtopic); None when every such request touches what they do."""
    from ..core.offtopic import request_for

    domain = rng.choice(ctx.catalog.domains)
    pool = ctx.catalog.by_domain[domain]
    offered = rng.sample(pool, min(len(pool), rng.randint(1, max_offered)))
    text = request_for(f"{item.product}/{item.spec.category}", item.index, pool, ctx.seed)  # none repeats
    return None if text is None else (offered, text)


def text_reply_row(item: SdgItem, text: str, offered: list[Tool]) -> ItemResult:
    messages = [{"role": "user", "content": text}, {"role": "assistant", "content": decline_text(offered)}]
    return accept(item, [sdg_row(item, messages, offered)])


@SDG_CATEGORIES.register("irrelevance")
async def build_irrelevance(item: SdgItem, ctx: RunContext) -> ItemResult:
    """A request no offered tool serves (written from a tool of another domain, else a built-in
    off-topic request), answered in text."""
    from ..core.plan import plan_explicit

    rng = ctx.rng(item.item_id)
    pick = foreign_request(item, ctx, rng, max_offered=3)
    if pick is None:
        generic = offtopic(item, ctx, rng, max_offered=3)
        return text_reply_row(item, generic[1], generic[0]) if generic else \
            reject(item, "sample", f"irrelevance {FOREIGN_NEEDS}")
    done = await realize(ctx, item.item_id, NAME, pick.target, plan_explicit(pick.target), [pick.tool])
    if not done.ok:
        assert done.rejection is not None
        return ItemResult(item_id=item.item_id, product=NAME, rejections=[done.rejection])
    assert done.texts is not None
    reply = decline_text(pick.offered)
    messages = [{"role": "user", "content": done.texts[0]}, {"role": "assistant", "content": reply}]
    return accept(item, [sdg_row(item, messages, pick.offered)])


def decline_text(offered: list[Tool]) -> str:
    names = ", ".join(t.name for t in offered)
    return ("I'm sorry, but I can't help with that using the tools I have here: "
            f"they only cover other tasks ({names}), so there is nothing I can call for this request.")


@register_product
class SdgProduct(Product[SdgSpec, SdgRow, SdgConfig]):
    name = NAME
    config_model = SdgConfig
    spec_model = SdgSpec
    payload_model = SdgRow
    validators = TEXT_VALIDATORS
    format_name = "BFCL-toolcall-SDG (OpenAI messages)"
    unsplit = "train"  # SFT rows: training data when the run is not split

    @classmethod
    def check(cls, config: SdgConfig, run: RunConfig) -> None:
        unknown = [c for c in config.categories if c not in SDG_CATEGORIES]
        if unknown:
            raise ConfigError(f"unknown SDG category '{unknown[0]}' (known: "
                              f"{', '.join(SDG_CATEGORIES.names())})", field="products.sdg.categories")

    def plan(self, ctx: RunContext) -> list[SdgItem]:
        return list(self.plan_iter(ctx))

    def plan_iter(self, ctx: RunContext) -> Iterator[SdgItem]:
        for category in [c for c, n in self.config.categories.items() if n and c.startswith("multi_turn")]:
            remark(ctx, "sdg", category, MULTI_TURN_REMARK)
        for category, count in self.config.categories.items():
            for i in range(count):
                yield self.item(ctx, i, SdgSpec(category=category), category, i)

    async def run(self, item: SdgItem, ctx: RunContext) -> ItemResult:
        return await SDG_CATEGORIES.get(item.spec.category)(item, ctx)

    def export(self, results: Iterable[ItemResult], ctx: RunContext) -> list[Path]:
        """sdg/train.jsonl (per split: sdg/<split>.jsonl); with `chat_template`, the same rows in
        the chat-template form in sdg/chat/<same name>. Row by row: flat in memory."""
        from ..hub.chat import chat_row

        name = f"{ctx.split or 'train'}.jsonl"
        paths = [ctx.out_dir / NAME / name]
        rows = (row.model_dump(mode="json") for row in self.iter_payloads(results))
        if not self.config.chat_template:
            write_jsonl(paths[0], rows)
            return paths
        paths.append(ctx.out_dir / NAME / CHAT_DIR / name)
        with atomic_lines(paths[0]) as plain, atomic_lines(paths[1]) as chat:
            for r in rows:
                plain(dumps_line(r) + "\n")
                chat(dumps_line(chat_row(r)) + "\n")
        return paths

    def requested(self, items: Sequence[SdgItem]) -> dict[str, int]:
        return dict(self.config.categories)

    @classmethod
    def category(cls, item: SdgItem) -> str:
        return item.spec.category
