"""`--engine ray`: the shards as Ray tasks, on a local instance or a cluster (`--ray-address`).

The run context goes into Ray's object store once; each task gets its shard's items, runs them
into the shard's state file under the shared output directory and returns what it spent. A task
whose worker dies (killed, node lost) is retried by Ray and resumes from that state file.
Ray is imported only here, and only when this engine is chosen (`pip install 'trajgen[ray]'`).
"""

from __future__ import annotations

import logging
import os
import signal
import socket
import threading
from collections.abc import Callable
from contextlib import suppress
from typing import TYPE_CHECKING, Any

from ..errors import ConfigError, EngineError, TrajgenError
from . import ENGINES, MAX_RETRIES
from .shard import ShardJob, ShardOutcome, SharedRun, label, run_shard, say

if TYPE_CHECKING:
    from ..engine import Overrides


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ConfigError("--engine ray needs Ray: pip install 'trajgen[ray]'") from None
    return ray


def connect(ray: Any, address: str | None, workers: int | None) -> bool:
    """Join the cluster at `address` (or $RAY_ADDRESS), else start a local instance; True when
    this run started Ray (and so stops it). A Ray already initialised by the caller is used as is."""
    if ray.is_initialized():
        return False
    address = address or os.environ.get("RAY_ADDRESS") or None
    if address is not None:
        check_reachable(address)
    opts: dict[str, Any] = {"include_dashboard": False, "logging_level": logging.WARNING}
    term = signal.getsignal(signal.SIGTERM)
    try:
        if address is None:
            ray.init(address="local", num_cpus=workers, **opts)
        else:
            ray.init(address=address, **opts)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        where = f"the Ray cluster at {address}" if address else "a local Ray instance"
        raise EngineError(f"cannot start {where}: {str(exc).splitlines()[0]}") from None
    finally:
        keep_sigterm(term)
    return True


def check_reachable(address: str, timeout_s: float = 5.0) -> None:
    """A `host:port` address that does not answer is one line within seconds (Ray itself keeps
    retrying it for minutes); `auto` and other forms are left to Ray."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit() or not host:
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout_s).close()
    except OSError as exc:
        raise EngineError(f"cannot reach the Ray cluster at {address}: {exc.strerror or exc}") from None


def keep_sigterm(handler: Any) -> None:
    """ray.init makes SIGTERM exit the interpreter at once; trajgen's own handling (stop like
    Ctrl-C, workers first, one line) is put back."""
    if threading.current_thread() is threading.main_thread() and handler is not None:
        signal.signal(signal.SIGTERM, handler)


@ENGINES.register("ray")
class RayEngine:
    def __init__(self, ov: Overrides) -> None:
        self.ray = import_ray()
        self.owned = connect(self.ray, ov.ray_address, ov.workers)
        # a task whose worker died is retried; an error the shard raised itself is not
        self.task = self.ray.remote(num_cpus=1, max_retries=MAX_RETRIES, retry_exceptions=False)(run_shard)
        self.notify: Callable[[str], None] = say
        self.running: set[Any] = set()  # object refs of the tasks in flight

    def capacity(self) -> int:
        return max(1, int(self.ray.cluster_resources().get("CPU", 1)))

    def share(self, shared: SharedRun) -> Any:
        return self.ray.put(shared)  # sent to the object store once, not once per shard

    async def run(self, job: ShardJob, ctx: Any) -> ShardOutcome:
        ref = self.task.remote(job, ctx)
        self.running.add(ref)
        try:
            return await ref
        except self.ray.exceptions.RayTaskError as exc:  # raised by the shard's own code
            cause = getattr(exc, "cause", None)
            if isinstance(cause, TrajgenError):
                raise cause from None
            raise
        except self.ray.exceptions.RayError as exc:  # the worker or its node died too often
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise EngineError(f"{label(job.shard)}: the Ray task failed after {MAX_RETRIES} retries "
                              f"({first}); finished items are saved: rerun the same command to resume") from None
        finally:
            self.running.discard(ref)

    def close(self, abort: bool = False) -> None:
        """Stop the local instance this run started; a cluster, or a Ray the caller started,
        stays up. On an interrupt the run's tasks are cancelled first (what they finished is on
        disk, and a rerun resumes)."""
        if abort:
            for ref in list(self.running):
                with suppress(Exception):  # a task that has just ended cannot be cancelled
                    self.ray.cancel(ref, force=True)
        if self.owned:
            self.owned = False
            self.ray.shutdown()
