"""Run the pending work items: a fixed pool of workers pulls items in plan order, each finished
item is appended to the state file the moment it completes.

A bounded pool (not one task per item) keeps memory flat in the number of items. With an LLM
the pool holds OVERLAP items per request allowed in flight: an item waiting out a retry's backoff
holds no request slot, and another item uses it meanwhile (the client's limiter still bounds the
requests in flight). An item whose endpoint kept failing or refused it is left unfinished (no
verdict: a rerun retries it); an error that ends the whole run (circuit breaker open, endpoint
refused at pre-flight or request after request) stops every worker at once and is re-raised with a
line saying the finished items are kept. A spent budget stops the run too, but lets the requests
already in flight come back first: the provider bills them, so their replies are cached and
counted (a rerun pays for none of them again, and the dataset's spending is what was billed).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from .core.values import Unsampleable
from .errors import BudgetExceeded, LLMError, RunStopped
from .products.base import AnyProduct, RunContext, WorkItem
from .progress import Progress
from .records import ItemResult, Rejection
from .state import CURRENT_PRODUCT, StateStore

OVERLAP = 4  # items per request slot when the items talk to an LLM


def llm_rejection(item: WorkItem[Any], exc: LLMError) -> ItemResult:
    """A bad reply that escaped the product's own handling is still data, not a crash."""
    rej = Rejection(item_id=item.item_id, product=item.product, stage="llm", validator="llm",
                    reason=exc.message, raw=exc.raw, attempts=exc.attempts)
    return ItemResult(item_id=item.item_id, product=item.product, rejections=[rej])


def value_rejection(item: WorkItem[Any], exc: Unsampleable) -> ItemResult:
    """A draw that found no valid value for this item (planning probes each tool, but a draw can
    still land on a combination no value fits): the item is short, the run goes on."""
    rej = Rejection(item_id=item.item_id, product=item.product, stage="values", validator="unsampleable",
                    reason=str(exc), attempts=1)
    return ItemResult(item_id=item.item_id, product=item.product, rejections=[rej])


class ItemRunner:
    def __init__(self, ctx: RunContext, products: dict[str, AnyProduct], store: StateStore, done: set[str],
                 progress: Progress) -> None:
        self.ctx, self.products, self.store, self.done, self.progress = ctx, products, store, done, progress
        self.unfinished: list[str] = []
        self.stopping: BudgetExceeded | None = None  # set: take no new item, let the rest finish

    async def one(self, item: WorkItem[Any]) -> None:
        CURRENT_PRODUCT.set(item.product)  # LLM spending is attributed to this item's format
        try:
            res = await self.products[item.product].run(item, self.ctx)
        except RunStopped:
            raise
        except LLMError as exc:
            if exc.retryable:  # the endpoint kept failing: no verdict, retry on a rerun
                self.unfinished.append(exc.message)
                return
            res = llm_rejection(item, exc)
        except Unsampleable as exc:
            res = value_rejection(item, exc)
        self.finished(res, item_weight(item, self.ctx))

    def finished(self, res: ItemResult, weight: float = 1.0) -> None:
        self.store.append(res)  # not added to `done`: the plan holds each item once, and a set of
        # every finished id would grow with the run
        self.progress.advance(res.product, accepted=len(res.samples), rejected=len(res.rejections),
                              weight=weight)

    async def worker(self, items: Iterator[WorkItem[Any]]) -> None:
        for item in items:  # one shared iterator: each item goes to exactly one worker
            if self.stopping is not None:
                return
            try:
                await self.one(item)
            except BudgetExceeded as exc:  # this item's next request would pass the budget
                self.stopping = self.stopping or exc
                return

    async def run(self, pending: Iterable[WorkItem[Any]], workers: int) -> None:
        items = iter(pending)
        tasks = [asyncio.ensure_future(self.worker(items)) for _ in range(max(1, workers))]
        try:
            await asyncio.gather(*tasks)  # a budget stop returns once the requests in flight are back
            if self.stopping is not None:
                raise self.stopping
        except RunStopped as exc:
            raise type(exc)(exc.message if "finished items are saved" in exc.message else
                            f"{exc.message}; finished items are saved: rerun the same command "
                            "to resume") from None
        finally:
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        if self.unfinished:
            raise LLMError(f"{len(self.unfinished)} item(s) unfinished because the endpoint kept failing "
                           f"or refused them (last: {self.unfinished[-1]}); finished items are saved: "
                           "rerun the same command to resume", retryable=True)


def item_weight(item: WorkItem[Any], ctx: RunContext) -> int:
    """How much work an item is, for the ETA: the rows (queries, for TRAIL) it plans."""
    from .hub.facets import planned_of

    return max(1, sum(planned_of(item, ctx).values()))


async def run_items(ctx: RunContext, products: dict[str, AnyProduct], plans: Mapping[str, Sequence[WorkItem[Any]]],
                    store: StateStore, done: set[str], concurrency: int, progress: Progress,
                    before_first: Callable[[], None] | None = None) -> None:
    """Run every pending item of `plans` on the run's one instance of its product
    (`before_first`: called once before the first item, only when there is one)."""
    total = sum(len(v) for v in plans.values())
    pending = (it for items in plans.values() for it in items if it.item_id not in done)
    finished = sum(1 for items in plans.values() for it in items if it.item_id in done)
    if before_first is not None and finished < total:
        before_first()  # before the clock of the progress line starts
    progress.start(total=total, done=finished,
                   weight=sum(item_weight(it, ctx) for items in plans.values() for it in items
                              if it.item_id not in done))
    workers = concurrency * (OVERLAP if ctx.llm is not None else 1)
    try:
        await ItemRunner(ctx, products, store, done, progress).run(pending, workers)
    finally:
        progress.stop()
