"""Atomic, deterministic file output. Only exporters and the run engine write files."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any


def atomic_write_bytes(path: Path, data: bytes) -> None:
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
    atomic_write_text(path, jsonl_text(rows))


def write_json(path: Path, obj: Any, *, indent: int | None = 2, ensure_ascii: bool = False,
               trailing_newline: bool = True) -> None:
    text = json.dumps(obj, indent=indent, ensure_ascii=ensure_ascii)
    atomic_write_text(path, text + ("\n" if trailing_newline else ""))
