"""The driver's side of a parallel run: split the plan into shards, hand them to the engine,
follow their progress in the shared state directory, and check every item is finished."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import RunStopped, TrajgenError
from ..lock import LOCK_DIR, LOCK_NAME
from ..products.base import RunContext, WorkItem
from ..progress import Progress
from ..provenance import code_digest
from ..state import STATE_DIR, Journal, StateStore
from . import Engine
from .shard import ShardJob, ShardOutcome, label, portable, shard_llm

if TYPE_CHECKING:
    from ..engine import Overrides, Run

POLL_S = 0.5  # how often the driver reads the shards' state files for progress
# More shards than workers: a worker that finishes a light shard takes the next one, so an uneven
# split does not leave cores idle at the end (workers are reused: nothing is imported again).
# With the LLM writer one shard per worker: each shard opens its own connections and ramps its
# requests up and down, and those dips cost more than an uneven split (measured: 257 req/s with
# one shard per worker, 172 with four, on the throughput benchmark's endpoint).
SHARDS_PER_WORKER = 4
SHARDS_PER_WORKER_LLM = 1


class StateWatcher:
    """Counts the lines the shards append to their state files, reading only what is new."""

    def __init__(self, out_dir: Path, key: str) -> None:
        self.dir, self.key = out_dir / STATE_DIR, key
        self.offsets = {p: p.stat().st_size for p in self.files()}
        self.lines = 0

    def files(self) -> list[Path]:
        return [p for p in self.dir.glob(f"{self.key}*.jsonl") if not p.name.endswith(Journal.SUFFIX)]

    def poll(self) -> int:
        """Lines appended since the watcher started (a finished item is one line)."""
        for path in self.files():
            with path.open("rb") as fh:
                fh.seek(self.offsets.get(path, 0))
                data = fh.read()
            self.offsets[path] = self.offsets.get(path, 0) + len(data)
            self.lines += data.count(b"\n")
        return self.lines


async def follow(watcher: StateWatcher, progress: Progress, done: int) -> None:
    while True:
        await asyncio.sleep(POLL_S)
        progress.update(done + watcher.poll())


def shard_jobs(run: Run, todo: dict[str, list[WorkItem]], n: int, at_once: int) -> list[ShardJob]:
    """The items of `todo` in n shards, of which `at_once` run at the same time (they share the
    endpoint's limits); a shard with nothing to do is left out."""
    from ..engine import input_paths, shard_of

    out_dir = run.ctx.out_dir.resolve()
    price = run.cfg.llm.prices.get(run.llm.model) if run.llm is not None else None
    llm = shard_llm(run.cfg.llm, min(n, at_once), run.journal.spent, run.journal.spent.usd(price))
    cfg = run.cfg.model_copy(update={"llm": llm, "out": str(out_dir)})
    lock, run_id = (out_dir / LOCK_DIR / LOCK_NAME).read_text(encoding="utf-8"), uuid.uuid4().hex
    base = run.ctx.base_dir.resolve()
    inputs = [base / p for p in input_paths(run.cfg.model_dump(mode="json"), base)]
    jobs = [ShardJob(shard=(i, n), cfg=cfg, names=run.names, items=shard_of(todo, (i, n)), out_dir=out_dir,
                     key=run.key, code=code_digest(), lock=lock, run_id=run_id, inputs=inputs)
            for i in range(1, n + 1)]
    return heaviest_first([job for job in jobs if any(job.items.values())], run.ctx)


def heaviest_first(jobs: list[ShardJob], ctx: RunContext) -> list[ShardJob]:
    """The shards in the order workers should take them: the heaviest first (by the rows their
    items plan), so the last shards to start are light and no core waits long at the end."""
    from ..runner import item_weight

    weight = {job.shard: sum(item_weight(it, ctx) for items in job.items.values() for it in items) for job in jobs}
    return sorted(jobs, key=lambda job: (-weight[job.shard], job.shard))


def pending(run: Run, done: set[str] | None = None) -> dict[str, list[WorkItem]]:
    """The items of the plan not finished in `.state/` (by any shard or earlier run)."""
    done = StateStore(run.ctx.out_dir, run.key).item_ids() if done is None else done
    return {name: [it for it in items if it.item_id not in done] for name, items in run.plans.items()}


def count(plans: Mapping[str, Sequence[WorkItem]]) -> int:
    return sum(len(v) for v in plans.values())


async def run_shards(engine: Engine, jobs: list[ShardJob], ctx: Any) -> list[ShardOutcome | BaseException]:
    """Every shard runs to its end even when another fails: all their finished items are kept."""
    return await asyncio.gather(*(engine.run(job, ctx) for job in jobs), return_exceptions=True)


def raise_first(jobs: list[ShardJob], results: list[ShardOutcome | BaseException]) -> None:
    for job, res in zip(jobs, results, strict=True):
        if isinstance(res, TrajgenError):
            if not res.message.startswith(label(job.shard)):
                res.message = f"{label(job.shard)}: {res.message}"
            raise res
        if isinstance(res, BaseException):
            raise res


def summed(results: list[ShardOutcome]) -> dict[str, int]:
    total: dict[str, int] = {}
    for res in results:
        for k, v in res.usage.items():
            total[k] = total.get(k, 0) + v
    return total


async def engine_run(engine: Engine, run: Run, ov: Overrides) -> dict[str, int]:
    """Run every pending item on the engine's workers; return their LLM usage summed (and
    their CPU seconds in `run.seconds`)."""
    if run.llm is not None:
        await run.llm.aclose()  # the driver sends nothing: each worker has its own client
    engine.notify = run.progress.notice
    capacity, todo = engine.capacity(), pending(run)
    per_worker = SHARDS_PER_WORKER_LLM if run.llm is not None else SHARDS_PER_WORKER
    jobs = shard_jobs(run, todo, ov.shards or per_worker * capacity, capacity)
    shared = engine.share(portable(run.ctx, run.products)) if jobs else None
    total = count(run.plans)
    watcher = StateWatcher(run.ctx.out_dir, run.key)
    done = total - count(todo)
    run.progress.start(total=total, done=done)
    ticker = asyncio.ensure_future(follow(watcher, run.progress, done))
    try:
        results = await run_shards(engine, jobs, shared)
    finally:
        ticker.cancel()
        run.progress.update(done + watcher.poll())
        run.progress.stop()
    raise_first(jobs, results)
    reload_spending(run)
    left = [it for items in pending(run, StateStore(run.ctx.out_dir, run.key).recorded_ids()).values()
            for it in items]
    if left:  # a worker reported success without finishing: never export a partial dataset
        raise RunStopped(f"{len(left)} item(s) unfinished (first: {left[0].item_id}); finished items are "
                         "saved: rerun the same command to resume")
    outcomes = [r for r in results if isinstance(r, ShardOutcome)]
    run.seconds["run_cpu"] = sum(r.cpu_s for r in outcomes)
    return summed(outcomes)


def reload_spending(run: Run) -> None:
    """The manifest counts the spending of every shard, read from their journals."""
    run.journal = Journal(run.ctx.out_dir, run.key)
    run.journal.load()
