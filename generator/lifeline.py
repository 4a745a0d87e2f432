"""A worker never outlives the driver of its run.

A shard runs in a worker process (the process pool's or a Ray worker) while the driver holds the
run's directory lock. A driver killed with SIGKILL cannot stop its workers; an orphaned worker
would go on sending requests (billed) and appending to state files in a directory whose lock is
gone. A worker on the driver's host follows the driver's pid (read from the lock file the driver
wrote): a thread checks it every WATCH_S seconds, and every request and every state append checks
it first (a kill(pid, 0) costs a microsecond), so nothing is sent or written once it is gone.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time

WATCH_S = 0.1

_driver: int | None = None  # the pid this process follows (None: it is the driver, or elsewhere)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # exists, owned by someone else
        return True
    return True


def follow(lock_text: str) -> None:
    """Follow the driver named by the lock file's text (when it runs on this host)."""
    global _driver
    try:
        info = json.loads(lock_text or "{}")
        pid, host = int(info["pid"]), str(info.get("host", ""))
    except (ValueError, KeyError, TypeError):
        return
    if host != socket.gethostname() or pid == os.getpid():
        return  # another node: its driver's pid means nothing here
    first = _driver is None
    _driver = pid
    if first:
        threading.Thread(target=_watch, name="trajgen-lifeline", daemon=True).start()


def _watch() -> None:
    while True:
        time.sleep(WATCH_S)
        check()


def check() -> None:
    """End this process now if the driver it follows is gone (what it finished is on disk)."""
    if _driver is not None and not alive(_driver):
        os._exit(1)
