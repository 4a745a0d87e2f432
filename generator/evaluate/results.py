"""results.jsonl: one line per finished item, appended as items finish, so a killed run resumes.

A line is written only after its exchanges are in the LLM cache, so a rerun never re-sends a
finished exchange; a partial last line (the process was killed mid-write) is cut off before the
next append and the item is simply done again (from the cache). Lines of another setup (mode,
prompts, ...) and items the endpoint refused are not reused. When a run ends, the file is
rewritten in item order (`in_item_order`): however often it was killed and resumed, it reads
line for line like an uninterrupted run's, with no torn or superseded line left in it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import IO

from pydantic import ValidationError

from ..io import atomic_lines, open_inside
from ..state import cut_torn_tail
from .records import EvalResult


def read_results(path: Path, setup: str) -> dict[str, EvalResult]:
    """Item id -> its latest finished result of this setup."""
    done: dict[str, EvalResult] = {}
    if not path.is_file():
        return done
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            row = EvalResult.model_validate(json.loads(line))
        except (json.JSONDecodeError, ValidationError):
            continue
        if row.setup == setup and row.failure is None:
            done[row.id] = row
    return done


class ResultSink:
    """Appends result lines; each is flushed at once (the OS keeps it even if we are killed)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        cut_torn_tail(path)  # a line a kill cut short goes: closing it with a newline kept it
        fd = open_inside(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        self._fh: IO[str] = os.fdopen(fd, "a", encoding="utf-8")

    def append(self, result: EvalResult) -> None:
        self._fh.write(json.dumps(result.model_dump(mode="json"), ensure_ascii=False) + "\n")
        self._fh.flush()

    def close(self) -> None:
        self._fh.close()


def in_item_order(path: Path, setup: str, ids: list[str]) -> None:
    """Rewrite `path` (atomically): the latest line of this setup for each of `ids`, in that
    order, then the lines of other setups as they were. Lines that do not parse go."""
    if not path.is_file():
        return
    mine: dict[str, str] = {}
    others: list[str] = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            row = EvalResult.model_validate(json.loads(line))
        except (json.JSONDecodeError, ValidationError):
            continue
        if row.setup == setup:
            mine[row.id] = line
        else:
            others.append(line)
    with atomic_lines(path) as write:
        for item_id in ids:
            if item_id in mine:
                write(mine.pop(item_id) + "\n")
        for line in [*mine.values(), *others]:  # this setup's lines of items not asked for now
            write(line + "\n")
