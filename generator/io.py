"""Atomic, deterministic file output. Only exporters and the run engine write files."""

from __future__ import annotations

import contextvars
import errno
import json
import os
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import OutputError

# Directories a run may write beneath (its --out and its LLM cache); None outside a run.
_WRITE_ROOTS: contextvars.ContextVar[tuple[Path, ...] | None] = contextvars.ContextVar(
    "trajgen_write_roots", default=None)


@contextmanager
def confined_to(*roots: Path) -> Iterator[None]:
    """Within this block every write must resolve beneath one of `roots`."""
    token = _WRITE_ROOTS.set(tuple(Path(r).resolve() for r in roots))
    try:
        yield
    finally:
        _WRITE_ROOTS.reset(token)


def check_inside(path: Path) -> Path:
    """`path` resolved (symlinks and .. included); OutputError if it leaves the run's roots."""
    roots = _WRITE_ROOTS.get()
    path = Path(path)
    # Atomic writes replace the final name (a symlink there is replaced, never followed), so the
    # resolved parent decides; it is cached, as runs write thousands of files into a few dirs.
    resolved = _resolved_dir(str(path.parent)) / path.name
    if path.name in ("", ".", ".."):
        resolved = path.resolve()
    if roots is not None and not any(resolved == r or r in resolved.parents for r in roots):
        raise OutputError(f"refusing to write outside the output directory: {resolved}",
                          file=str(path))
    return resolved


@lru_cache(maxsize=4096)
def _resolved_dir(path: str) -> Path:
    return Path(path).resolve()


def open_inside(path: Path, flags: int, mode: int = 0o644) -> int:
    """A descriptor for a file the run creates, appends to or rewrites in place, opened without
    following a symlink at its name (O_NOFOLLOW) and with its directory resolved inside the run's
    roots (check_inside): a symlink planted in --out or the cache (a `.state/lock` pointing at
    someone's file) is refused with one line instead of truncating or growing its target."""
    check_inside(path)
    if path.is_symlink():  # also caught by O_NOFOLLOW; this names it before the kernel's ELOOP
        raise OutputError("refusing to write through a symlink; remove it or choose another --out",
                          file=str(path))
    try:
        return os.open(path, flags | os.O_NOFOLLOW | os.O_CLOEXEC, mode)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise OutputError("refusing to write through a symlink; remove it or choose another --out",
                              file=str(path)) from None
        raise


def make_dir_inside(path: Path) -> None:
    """mkdir -p of a directory the run writes into, refused when it resolves outside the roots
    (a symlinked `.state/` or `.cache/` pointing elsewhere)."""
    check_inside(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise os_error(exc, path) from None
    check_inside(path / "x")  # the directory as it now resolves


def os_error(exc: OSError, path: Path) -> OutputError:
    """One line for a write that the file system refused."""
    what = {errno.ENOSPC: "no space left on the device", errno.EDQUOT: "disk quota exceeded",
            errno.EACCES: "permission denied", errno.EPERM: "permission denied",
            errno.EROFS: "read-only file system"}.get(exc.errno or 0, exc.strerror or str(exc))
    return OutputError(f"cannot write: {what}", file=str(exc.filename or path))


def atomic_write_bytes(path: Path, data: bytes) -> None:
    check_inside(path)
    try:
        _atomic_write(path, data)
    except OSError as exc:
        raise os_error(exc, path) from None


def _atomic_write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, 0o644)  # mkstemp creates 0600; outputs are meant to be shared
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def dumps_line(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=False)


def jsonl_text(rows: Iterable[Any]) -> str:
    return "".join(dumps_line(r) + "\n" for r in rows)


def write_jsonl(path: Path, rows: Iterable[Any]) -> None:
    """One JSON line per row, written as the rows come (the file appears whole, atomically)."""
    with atomic_lines(path) as write:
        for r in rows:
            write(dumps_line(r) + "\n")


@contextmanager
def atomic_lines(path: Path) -> Iterator[Callable[[str], object]]:
    """A function writing text into `path` piece by piece; the file replaces `path` atomically
    when the block ends (nothing is left behind if it fails)."""
    check_inside(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise os_error(exc, path) from None
    try:
        os.fchmod(fd, 0o644)
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            yield fh.write
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise os_error(exc, path) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_json(path: Path, obj: Any, *, indent: int | None = 2, ensure_ascii: bool = False,
               trailing_newline: bool = True) -> None:
    text = json.dumps(obj, indent=indent, ensure_ascii=ensure_ascii)
    atomic_write_text(path, text + ("\n" if trailing_newline else ""))
