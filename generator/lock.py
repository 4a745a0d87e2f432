"""One run per output directory: an advisory lock (flock) held for the whole run.

The kernel drops the lock when the process dies, however it dies, so a killed run never
leaves a stale lock behind. A second run into the same directory fails at once with one line
naming the process that holds it. Shards of one plan may run side by side (each holds the
directory shared and its own shard exclusively); an unsharded run holds the directory alone.
"""

from __future__ import annotations

import fcntl
import json
import os
import socket
import sys
import time
from pathlib import Path
from typing import IO, Self

from .errors import OutputError
from .io import make_dir_inside, open_inside

LOCK_DIR, LOCK_NAME = ".state", "lock"  # beside the state it protects; --fresh keeps it


def _who(path: Path) -> str | None:
    """The holder a lock file names, or None when it names none (a shard holds the directory
    shared and writes only its own shard's file)."""
    try:
        info = json.loads(path.read_text(encoding="utf-8") or "{}")
    except (OSError, ValueError):
        return None
    if not isinstance(info, dict) or "pid" not in info:
        return None
    started = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(info.get("started", 0)))
    return f"trajgen pid {info['pid']} on {info.get('host', '?')} (started {started})"


def _holder(path: Path) -> str:
    who = _who(path)
    if who is not None:
        return who
    shards = sorted(path.parent.glob(f"{LOCK_NAME}.shard*"))
    named = [f"shard {p.name.split('.shard')[1].replace('of', '/')}: {w}"
             for p in shards if (w := _who(p)) is not None]
    return f"shards of a run ({'; '.join(named)})" if named else "another trajgen process"


def _me() -> str:
    return json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "started": int(time.time()),
                       "argv": [os.path.basename(sys.argv[0]), *sys.argv[1:3]]})


class DirLock:
    def __init__(self, out_dir: Path, shard: tuple[int, int] | None = None) -> None:
        self.out_dir = out_dir
        self.shard = shard
        self._handles: list[IO[str]] = []

    def _take(self, path: Path, mode: int) -> None:
        fh = os.fdopen(open_inside(path, os.O_RDWR | os.O_CREAT | os.O_APPEND), "a+", encoding="utf-8")
        try:
            fcntl.flock(fh.fileno(), mode | fcntl.LOCK_NB)
        except BlockingIOError:
            fh.close()
            raise OutputError(f"{_holder(path)} is already writing to this directory; wait for it to "
                              "finish or choose another --out", file=str(self.out_dir)) from None
        if mode == fcntl.LOCK_EX:
            fh.seek(0)
            fh.truncate()
            fh.write(_me())
            fh.flush()
        self._handles.append(fh)

    def acquire(self) -> Self:
        make_dir_inside(self.out_dir / LOCK_DIR)
        main = self.out_dir / LOCK_DIR / LOCK_NAME
        try:
            if self.shard is None:
                self._take(main, fcntl.LOCK_EX)
            else:
                self._take(main, fcntl.LOCK_SH)
                self._take(self.out_dir / LOCK_DIR / f"{LOCK_NAME}.shard{self.shard[0]}of{self.shard[1]}",
                           fcntl.LOCK_EX)
        except BaseException:
            self.release()
            raise
        return self

    def probe(self) -> None:
        """Refuse now, before any planning, if another run holds the directory; takes nothing
        and writes nothing (the run takes the lock for real once its inputs are checked)."""
        main = self.out_dir / LOCK_DIR / LOCK_NAME
        wants = [(main, fcntl.LOCK_EX if self.shard is None else fcntl.LOCK_SH)]
        if self.shard is not None:
            wants.append((main.with_name(f"{LOCK_NAME}.shard{self.shard[0]}of{self.shard[1]}"), fcntl.LOCK_EX))
        for path, mode in wants:
            try:
                fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
            except OSError:
                continue  # no lock file (or a symlink, refused when the lock is taken): not busy
            try:
                fcntl.flock(fd, mode | fcntl.LOCK_NB)
            except BlockingIOError:
                raise OutputError(f"{_holder(path)} is already writing to this directory; wait for it "
                                  "to finish or choose another --out", file=str(self.out_dir)) from None
            finally:
                os.close(fd)

    def release(self) -> None:
        for fh in reversed(self._handles):
            if fh.tell():  # ours to clear: a lock at rest is empty, so reruns leave .state unchanged
                fh.truncate(0)
                fh.flush()
            fh.close()  # closing the descriptor drops the flock
        self._handles.clear()

    def __enter__(self) -> Self:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()
