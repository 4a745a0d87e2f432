"""results.jsonl: one line per finished item, appended as items finish, so a killed run resumes.

A line is written only after its exchanges are in the LLM cache, so a rerun never re-sends a
finished exchange; a partial last line (the process was killed mid-write) is ignored and the
item is simply done again (from the cache). Lines of another setup (mode, prompts, ...) and
items the endpoint refused are not reused.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO

from pydantic import ValidationError

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
        self._fh: IO[str] = path.open("a", encoding="utf-8")
        if path.stat().st_size and not self._ends_with_newline():
            self._fh.write("\n")  # close a line cut short by a kill

    def _ends_with_newline(self) -> bool:
        with self.path.open("rb") as fh:
            fh.seek(-1, 2)
            return fh.read(1) == b"\n"

    def append(self, result: EvalResult) -> None:
        self._fh.write(json.dumps(result.model_dump(mode="json"), ensure_ascii=False) + "\n")
        self._fh.flush()

    def close(self) -> None:
        self._fh.close()
