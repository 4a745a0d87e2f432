"""`--engine process`: the shards on a pool of processes on this machine, one per core.

Workers come from a fork server that imported trajgen while the driver was planning, so a
worker starts in milliseconds; the run (context and planned products) reaches each worker once,
when it starts, not with every shard. A worker that dies (killed, out of memory) breaks the pool:
a new pool takes over and every shard that was running resumes from its state file.
"""

from __future__ import annotations

import asyncio
import ctypes
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING

from ..errors import EngineError
from ..plugins import PLUGIN_MODULES
from . import ENGINES, MAX_RETRIES, available_cpus
from .shard import ShardJob, ShardOutcome, SharedRun, label, run_shard, say

if TYPE_CHECKING:
    from ..engine import Overrides


# What a worker imports while it runs items (besides the plugins), heavy ones included: imported
# once by the fork server, so no worker pays for them (a name that does not import is skipped).
WORKER_PRELOAD = ["generator.engine", "generator.engines.shard", *PLUGIN_MODULES, "generator.personas",
                  "generator.engines.warm", "pycountry"]


# The run this worker process serves, installed once when the process starts.
_RUN: SharedRun | None = None


WATCH_S = 0.5  # how often a worker checks that its driver is still alive


def install(payload: bytes, driver: int) -> None:
    """A worker's initializer: the run, pickled once by the driver, unpickled once here; and a
    watch that ends the worker when the driver dies (however it dies)."""
    global _RUN
    follow_driver(driver)
    _RUN = pickle.loads(payload)


def follow_driver(driver: int) -> None:
    """A worker never outlives its driver: a driver killed with SIGKILL cannot stop its pool, and
    an orphaned worker would go on sending requests and writing into a directory whose lock is
    gone. On Linux the kernel kills the worker when its parent (the fork server, which exits
    with the driver) dies; everywhere, a thread checks the driver every WATCH_S seconds."""
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (AttributeError, OSError):
            pass
    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(WATCH_S)
            if os.getppid() != parent or not alive(driver):
                os._exit(1)  # nothing to clean up: what the worker finished is on disk

    threading.Thread(target=watch, name="trajgen-driver-watch", daemon=True).start()


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # exists, owned by someone else: not ours, but alive
        return True
    return True


def run_installed(job: ShardJob) -> ShardOutcome:
    if _RUN is None:
        raise RuntimeError("a pool worker ran a shard before receiving its run")
    return run_shard(job, _RUN)


def start_method() -> multiprocessing.context.BaseContext:
    """A fork server where the platform has one: workers start from an already-imported trajgen."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    mp = multiprocessing.get_context("forkserver")
    mp.set_forkserver_preload(WORKER_PRELOAD)
    from multiprocessing import forkserver

    forkserver.ensure_running()  # it imports now, in parallel with the driver's planning
    return mp


@ENGINES.register("process")
class PoolEngine:
    def __init__(self, ov: Overrides) -> None:
        self.workers = ov.workers or available_cpus()
        self.mp = start_method()
        self.pool: ProcessPoolExecutor | None = None
        self.payload = b""
        self.notify: Callable[[str], None] = say

    def capacity(self) -> int:
        return self.workers

    def share(self, shared: SharedRun) -> None:
        """Pickled once here; every worker process receives it once, when it starts."""
        self.payload = pickle.dumps(shared, protocol=pickle.HIGHEST_PROTOCOL)
        if self.pool is not None:  # workers started for another run serve that run: start anew
            self.close()

    def _pool(self, broken: ProcessPoolExecutor | None = None) -> ProcessPoolExecutor:
        """The current pool; a new one when `broken` is still the current one."""
        if self.pool is None or self.pool is broken:
            if self.pool is not None:
                self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = ProcessPoolExecutor(self.workers, mp_context=self.mp, initializer=install,
                                            initargs=(self.payload, os.getpid()))
        return self.pool

    async def run(self, job: ShardJob, shared: None) -> ShardOutcome:
        loop = asyncio.get_running_loop()
        pool = self._pool()
        for attempt in range(MAX_RETRIES + 1):
            try:
                return await loop.run_in_executor(pool, run_installed, job)
            except BrokenProcessPool:  # a worker died: resume the shard in a new pool
                pool = self._pool(broken=pool)
                if attempt < MAX_RETRIES:
                    self.notify(f"a worker process died; {label(job.shard)} resumes from its state")
        raise EngineError(f"{label(job.shard)}: its worker process died {MAX_RETRIES + 1} times; "
                          "finished items are saved: rerun the same command to resume")

    def close(self, abort: bool = False) -> None:
        """Shut the pool down; on an interrupt or an error, stop the workers at once (what they
        finished is on disk, and a rerun resumes)."""
        if self.pool is None:
            return
        if abort:
            # the executor has no public way to stop running workers before Python 3.14
            for proc in list(getattr(self.pool, "_processes", {}).values()):
                proc.terminate()
        self.pool.shutdown(wait=True, cancel_futures=True)
        self.pool = None
