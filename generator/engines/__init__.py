"""Engines that run the shards of one planned run on worker processes.

`process` is a pool of processes on this machine; `ray` runs the shards as Ray tasks on a local
instance or a cluster. Either way the driver plans once, every shard runs its items into its own
state file under the shared output directory, the driver follows progress from those files and
exports once: the files are byte-identical to a run in one process (`--engine asyncio`). The
default, `auto`, is one process, or the process pool for an LLM run with more requests in flight
than one process's CPU keeps up with (see `choose`). A worker that dies is replaced and its shard resumes from its state file.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from ..errors import ConfigError
from ..registry import Registry
from .shard import ShardJob, ShardOutcome, SharedRun

if TYPE_CHECKING:
    from ..config import RunConfig
    from ..engine import Overrides

IN_PROCESS = "asyncio"  # every item in this process, no engine
AUTO = "auto"  # the default: IN_PROCESS, or the process pool where one process's CPU is the limit
# Requests in flight one worker process serves. Each LLM reply costs a few milliseconds of CPU
# (parsing, the validators, the product's own checks), so one process tops out at a few hundred
# replies a second; below this many requests in flight per worker the endpoint, not the CPU, is
# the limit, and a pool would only add start-up time.
REQUESTS_PER_WORKER = 64
MAX_RETRIES = 3  # times a shard whose worker died is started again (it resumes from its state)


class Engine(Protocol):
    notify: Callable[[str], None]  # a line for the terminal (a worker died and its shard resumes)

    def capacity(self) -> int:
        """Shards that can run at once (the default number of shards)."""

    def share(self, shared: SharedRun) -> Any:
        """The run (context and planned products) in the form every shard receives it (sent once
        where the engine can)."""

    async def run(self, job: ShardJob, ctx: Any) -> ShardOutcome:
        """Run one shard to the end; a TrajgenError from the worker is raised as it is."""

    def close(self, abort: bool = False) -> None:
        """Release the workers; `abort`: the run is being interrupted, stop them now."""


ENGINES: Registry[Callable[[Overrides], Engine]] = Registry("engine")


def engine_names() -> list[str]:
    from . import pool, ray_tasks  # noqa: F401  (they register themselves)

    return [AUTO, IN_PROCESS, *ENGINES.names()]


def available_cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # no affinity API (macOS)
        return os.cpu_count() or 1


def choose(ov: Overrides, cfg: RunConfig) -> Overrides:
    """Resolve `--engine auto`: this process, except for an LLM run with at least two workers'
    worth of requests in flight (`llm.concurrency` >= 2 x REQUESTS_PER_WORKER) on a machine with
    more than one CPU, whose items then run on a process pool of one worker per
    REQUESTS_PER_WORKER requests (at most one per CPU), started once the plan shows more than
    REQUESTS_PER_WORKER pending items (engine.pool_pays; else the run stays in this process).
    `--shards`/`--workers` ask for the pool."""
    if ov.engine != AUTO:
        return ov
    if ov.shard or ov.dry_run:
        return dataclasses.replace(ov, engine=IN_PROCESS)
    if ov.shards or ov.workers:
        return dataclasses.replace(ov, engine="process")
    workers = min(available_cpus(), cfg.llm.concurrency // REQUESTS_PER_WORKER)
    if cfg.writer == "llm" and workers > 1:  # kept only if the plan has the items to fill it
        return dataclasses.replace(ov, engine="process", workers=workers, auto_pool=True)
    return dataclasses.replace(ov, engine=IN_PROCESS)


def check_flags(ov: Overrides) -> None:
    """Flags that have no effect with the chosen engine are refused, not ignored."""
    parallel = ov.engine != IN_PROCESS
    if ov.shard and parallel:
        raise ConfigError(f"--shard runs one part of the plan in this process; it does not combine with "
                          f"--engine {ov.engine} (use --shards N)")
    if not parallel and (ov.shards or ov.workers):
        raise ConfigError("--shards and --workers need --engine process or --engine ray")
    if ov.ray_address and ov.engine != "ray":
        raise ConfigError("--ray-address needs --engine ray")
    if ov.ray_address and ov.workers:
        raise ConfigError("--workers sizes a local Ray instance; a cluster (--ray-address) has its own CPUs")


def open_engine(ov: Overrides) -> Engine | None:
    """The engine the flags ask for, started (None: run in this process)."""
    names = engine_names()
    if ov.engine == AUTO:
        raise AssertionError("resolve --engine auto with choose() before opening an engine")
    check_flags(ov)
    if ov.engine not in names:
        raise ConfigError(f"unknown engine '{ov.engine}' (known: {', '.join(names)})")
    if ov.engine == IN_PROCESS or ov.dry_run:
        return None
    return ENGINES.get(ov.engine)(ov)
