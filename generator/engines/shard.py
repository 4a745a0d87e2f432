"""One shard of a planned run, as a worker process runs it.

The driver plans once and hands every shard its items with the run's context (catalog,
histories, config) and its products as planning left them (what they built while planning, such
as the synthesized user histories, is not built again by every worker); a worker rebuilds only
what cannot travel (the writer, the LLM client), runs the items into the shard's own state file
under the shared output directory, and returns what it spent. A worker that runs again after a
crash resumes from that state file, like a rerun.
"""

from __future__ import annotations

import asyncio
import math
import os
import socket
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from pydantic import Field

from ..config import LLMConfig, RunConfig
from ..errors import InputError, OutputError
from ..io import confined_to
from ..llm.usage import Spend
from ..lock import LOCK_DIR, LOCK_NAME
from ..products.base import AnyProduct, RunContext, WorkItem
from ..progress import Progress
from ..provenance import code_digest
from ..records import Record

Shard = tuple[int, int]  # (i, N), 1-based
LOOP_BOUND = (asyncio.Lock, asyncio.Event, asyncio.Semaphore, asyncio.Condition, asyncio.Future)


class ShardJob(Record):
    """Everything a worker needs besides the shared run context."""

    shard: Shard
    cfg: RunConfig  # the run's config with this shard's share of the LLM limits
    names: list[str]
    items: dict[str, list[WorkItem]]
    out_dir: Path  # absolute: a worker's working directory is not the driver's
    key: str  # the state key (config, inputs, code, templates)
    code: str  # the driver's code digest: a worker running other code would make other items
    lock: str  # what the driver wrote into its lock file: proves the worker sees the same directory
    run_id: str  # one per invocation: the shards of one run may share a worker's run-time caches
    inputs: list[Path] = Field(default_factory=list)  # the config's input files: some are read while items run


class ShardOutcome(Record):
    shard: Shard
    usage: dict[str, int]  # this worker's LLM usage (requests sent, cache hits, tokens, ...)
    cpu_s: float  # CPU seconds the worker spent on this shard
    host: str
    pid: int


@dataclass(frozen=True)
class SharedRun:
    """What every shard of one run receives, sent once per worker where the engine can."""

    ctx: RunContext
    products: dict[str, AnyProduct]


def portable(ctx: RunContext, products: dict[str, AnyProduct]) -> SharedRun:
    """The run as it travels to the workers: the context without the writer and the LLM client
    (an open connection pool does not pickle; each worker makes its own), and the products."""
    return SharedRun(replace(ctx, writer=None, llm=None), products)  # type: ignore[arg-type]  # put back by the worker


def label(shard: Shard) -> str:
    return f"shard {shard[0]}/{shard[1]}"


def share(limit: int | None, n: int) -> int | None:
    """A per-endpoint limit split over n shards running at once (at least 1 each)."""
    return None if limit is None else max(1, limit // n)


def shard_llm(llm: LLMConfig, n: int, spent: Spend, price_usd: float) -> LLMConfig:
    """Each of n shards running at once gets 1/n of the concurrency, rate limits and remaining
    budget, so together they stay within what the config allows for the whole dataset."""
    data = llm.model_dump()
    data.update(concurrency=max(1, math.ceil(llm.concurrency / n)), rpm=share(llm.rpm, n),
                tpm=share(llm.tpm, n))
    if llm.budget_tokens is not None:
        data["budget_tokens"] = spent.tokens + max(1, (llm.budget_tokens - spent.tokens) // n)
    if llm.budget_usd is not None:
        data["budget_usd"] = price_usd + max(1e-9, (llm.budget_usd - price_usd) / n)
    if llm.cache_dir:  # relative to the driver's working directory, which a worker does not share
        data["cache_dir"] = str(Path(llm.cache_dir).resolve())
    return LLMConfig.model_validate(data)


def check_worker(job: ShardJob) -> None:
    """Refuse, in one line, a worker that would make different items or write elsewhere."""
    host = socket.gethostname()
    if code_digest() != job.code:
        raise OutputError(f"{label(job.shard)}: trajgen on worker {host} is not the driver's code "
                          f"(digest {code_digest()} vs {job.code}); install the same version on every node")
    try:
        seen = (job.out_dir / LOCK_DIR / LOCK_NAME).read_text(encoding="utf-8")
    except OSError:
        seen = ""
    if seen != job.lock:
        raise OutputError(f"{label(job.shard)}: worker {host} cannot see the run's output directory; "
                          "--out must be on a file system every worker mounts", file=str(job.out_dir))
    missing = [p for p in job.inputs if not p.exists()]
    if missing:
        raise InputError(f"{label(job.shard)}: worker {host} cannot read this input; the config's input "
                         "files must be at the same path on every worker", file=str(missing[0]))


# The products this worker process last received, by run id: what a product caches while running
# items (the TRAJECT tool graph, per-user history values) is built once per worker, not once per
# shard. Loop-bound attributes (locks) belong to the event loop of the shard that made them: they
# are dropped, and products create them again lazily.
_KEPT: dict[str, dict[str, AnyProduct]] = {}


def kept_products(run_id: str, shipped: dict[str, AnyProduct]) -> dict[str, AnyProduct]:
    if run_id not in _KEPT:
        _KEPT.clear()
        _KEPT[run_id] = shipped
    kept = _KEPT[run_id]
    for product in kept.values():
        for attr, value in list(vars(product).items()):
            if isinstance(value, LOOP_BOUND):
                setattr(product, attr, None)
    return kept


def run_shard(job: ShardJob, shared: SharedRun) -> ShardOutcome:
    """The worker's entry point (a pool process or a Ray task)."""
    from ..core.semantic import use_locale
    from ..engine import write_roots
    from ..lifeline import follow
    from ..plugins import load_plugins

    started = time.process_time()
    follow(job.lock)  # no request and no state write once the driver is gone
    load_plugins()
    check_worker(job)
    with use_locale(job.cfg.catalog_options.locale), confined_to(*write_roots(job.cfg, job.out_dir)):
        usage = asyncio.run(_run(job, shared.ctx, kept_products(job.run_id, shared.products)))
    return ShardOutcome(shard=job.shard, usage=usage, cpu_s=time.process_time() - started,
                        host=socket.gethostname(), pid=os.getpid())


def say(text: str) -> None:
    """A line on this process's stderr (a worker's is forwarded to the driver's terminal)."""
    print(f"trajgen: {text}", file=sys.stderr, flush=True)


def _notice(shard: Shard) -> Callable[[str], None]:
    return lambda text: say(f"{label(shard)}: {text}")  # retries backing off, fallbacks


async def _run(job: ShardJob, ctx: RunContext, products: dict[str, AnyProduct]) -> dict[str, int]:
    from ..engine import Run, make_writer, run_here
    from ..state import Journal

    journal = Journal(job.out_dir, job.key, job.shard)
    journal.load()
    writer, llm = make_writer(job.cfg, job.out_dir, journal, _notice(job.shard))
    ctx = replace(ctx, config=job.cfg, out_dir=job.out_dir, writer=writer, llm=llm)
    run = Run(job.cfg, job.names, products, ctx, job.items, job.key, journal, llm, Progress(enabled=False))
    return await run_here(run, job.shard, job.items, handed_out=True)
