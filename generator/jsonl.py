"""Robust JSON Lines reading for the audits, and first-line sniffing for format detection.

An audit must report a bad file, not crash on it: every line that is not UTF-8, not JSON or not
a JSON object becomes a problem with its line number, and the good rows are still returned.
Only a path that cannot be read at all (missing, a directory, no permission) is an InputError.
Sniffers (`first_object`) never raise: detection must not crash on a file it cannot read.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .audit import AuditReport, Finding
from .errors import InputError

# A binary file passed by mistake would otherwise yield one problem per "line".
MAX_PROBLEMS = 20
# Sniffing reads at most this much of the first line (an SDG row carries its whole tool list).
SNIFF_BYTES = 8 * 1024 * 1024


@dataclass
class JsonLines:
    """The object rows of a file as (line number, row), and (line number, message) problems."""

    rows: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    problems: list[tuple[int, str]] = field(default_factory=list)

    @property
    def count(self) -> int:
        """Non-blank lines seen (rows + bad lines), to align line-parallel side files."""
        return len(self.rows) + len(self.problems)

    def findings(self, path: Path | str) -> list[Finding]:
        return [Finding(severity="error", where=f"{path}:line {n}", message=m) for n, m in self.problems]


def unreadable(e: OSError, path: Path) -> InputError:
    """The one-line error for a file that cannot be opened or read."""
    if isinstance(e, FileNotFoundError):
        return InputError("file not found", file=str(path))
    if isinstance(e, IsADirectoryError):
        return InputError("expected a file, got a directory", file=str(path))
    return InputError(f"cannot read file: {e.strerror or e}", file=str(path))


def read_bytes(path: Path) -> bytes:
    """The file's bytes; InputError naming the file when it cannot be read at all."""
    try:
        return path.read_bytes()
    except OSError as e:
        raise unreadable(e, path) from None


def read_jsonl(path: Path) -> JsonLines:
    out = JsonLines()
    for n, raw in enumerate(read_bytes(path).split(b"\n"), start=1):
        if len(out.problems) >= MAX_PROBLEMS:
            out.problems.append((n, f"stopped after {MAX_PROBLEMS} bad lines: is this a JSON Lines file?"))
            break
        if raw.strip():
            _parse_line(n, raw, out)
    return out


def stream_rows(path: Path, out: JsonLines) -> Iterator[tuple[int, dict[str, Any]]]:
    """The object rows of `path` one at a time, as read_jsonl finds them; `out` collects the
    problems only (its rows stay empty), so a large file is never held in memory."""
    try:
        fh = path.open("rb")
    except OSError as e:
        raise unreadable(e, path) from None
    with fh:
        for n, line in enumerate(fh, start=1):
            if len(out.problems) >= MAX_PROBLEMS:
                out.problems.append((n, f"stopped after {MAX_PROBLEMS} bad lines: is this a JSON Lines file?"))
                return
            raw = line[:-1] if line.endswith(b"\n") else line
            if raw.strip():
                _parse_line(n, raw, out)
                if out.rows:
                    yield out.rows.pop()


def _parse_line(n: int, raw: bytes, out: JsonLines) -> None:
    try:
        value = json.loads(raw.decode("utf-8").removeprefix("\ufeff"))
    except UnicodeDecodeError as e:
        out.problems.append((n, f"not UTF-8 text (byte {e.start} of the line)"))
        return
    except json.JSONDecodeError as e:
        out.problems.append((n, f"invalid JSON at column {e.colno}: {e.msg}"))
        return
    if not isinstance(value, dict):
        out.problems.append((n, f"expected a JSON object, got {_kind(value)}"))
        return
    out.rows.append((n, value))


def _kind(value: Any) -> str:
    return {list: "an array", str: "a string", bool: "a boolean", type(None): "null"}.get(
        type(value), "a number")


def read_into(path: Path, report: AuditReport) -> list[tuple[int, dict[str, Any]]]:
    """The object rows of `path`; its bad lines are added to `report` as error findings."""
    lines = read_jsonl(path)
    report.findings += lines.findings(path)
    return lines.rows


def require_stream(path: Path, report: AuditReport, what: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """Like require_rows, one row at a time: the bad lines are added to `report` once the file
    is read, and a file without a single readable row is an InputError then."""
    lines, seen = JsonLines(), 0
    for row in stream_rows(path, lines):
        seen += 1
        yield row
    if not seen:
        why = f" (line {lines.problems[0][0]}: {lines.problems[0][1]})" if lines.problems else ""
        raise InputError(f"no {what} rows to measure{why}", file=str(path))
    report.findings += lines.findings(path)


def require_rows(path: Path, report: AuditReport, what: str) -> list[tuple[int, dict[str, Any]]]:
    """Like read_into, for stats: a file without a single readable row is an InputError."""
    lines = read_jsonl(path)
    if not lines.rows:
        why = f" (line {lines.problems[0][0]}: {lines.problems[0][1]})" if lines.problems else ""
        raise InputError(f"no {what} rows to measure{why}", file=str(path))
    report.findings += lines.findings(path)
    return lines.rows


def first_object(path: Path) -> dict[str, Any] | None:
    """The first line of a regular file as a JSON object, or None (never raises)."""
    try:
        if not path.is_file():
            return None
        with path.open("rb") as fh:
            first = fh.readline(SNIFF_BYTES)
        value = json.loads(first.decode("utf-8").removeprefix("\ufeff"))
    except (OSError, ValueError):  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        return None
    return value if isinstance(value, dict) else None


def first_has(path: Path, keys: tuple[str, ...]) -> bool:
    """Whether the first line of `path` is a JSON object with all of `keys` (never raises)."""
    row = first_object(path)
    return row is not None and all(k in row for k in keys)
