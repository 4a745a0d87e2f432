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


# A process of its own session that waits on a pipe only the driver holds: EOF (the driver died,
# however) kills the local Ray instance's processes and their descendants; a byte (the driver
# stopped Ray itself) ends it quietly.
REAPER = """
import os, select, signal, sys
fd, known = int(sys.argv[1]), {int(p) for p in sys.argv[2:]}

def tree(roots):
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                ppid = int(open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    alive = {p for q in children.values() for p in q}
    todo, seen = [p for p in roots if p in alive], set()
    while todo:
        pid = todo.pop()
        if pid not in seen:
            seen.add(pid)
            todo.extend(children.get(pid, []))
    return seen

while True:  # the tree is followed while the driver lives: once it dies, orphans lose their parent
    known = tree(known)  # the living ones and their descendants (a pid of the dead may be reused)
    if select.select([fd], [], [], 1.0)[0]:
        break
if os.read(fd, 1):
    sys.exit(0)
for pid in tree(known):
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass
"""


def start_reaper(ray: Any) -> int | None:
    """The write end of the reaper's pipe, for the local instance this run started (None when
    Ray does not say which processes it started: its node object is not public API)."""
    import subprocess
    import sys

    try:
        node = ray._private.worker._global_node
        pids = [info.process.pid for infos in node.all_processes.values() for info in infos]
    except AttributeError:
        return None
    if not pids or not sys.platform.startswith("linux"):
        return None
    read, write = os.pipe()
    subprocess.Popen([sys.executable, "-c", REAPER, str(read), *map(str, pids)], pass_fds=(read,),
                     start_new_session=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL)
    os.close(read)
    return write


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
        # a local instance dies with the driver, even one killed with SIGKILL
        self.reaper = start_reaper(self.ray) if self.owned and not (ov.ray_address or os.environ.get("RAY_ADDRESS")) else None
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
        if self.reaper is not None:  # stopped by us: the reaper may go without killing
            os.write(self.reaper, b"x")
            os.close(self.reaper)
            self.reaper = None
