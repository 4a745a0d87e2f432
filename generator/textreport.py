"""The text report of `trajgen stats`: how the queries of a file read, per format and level.

Per (format, level): queries, words per query, read-out share (queries holding at least one
read-out, generator.core.textquality), defects per class, and the distinct-opening share (distinct
first two words over queries). `trajgen stats OURS --compare UPSTREAM` prints the same table
for an original benchmark file beside ours.

QUERY_READERS maps a format to a reader of its queries: (level, text, values) per query,
`values` being the argument values the record carries (said as they are, they are no
identifier defect). Each format registers its reader from its own package (beside its audit,
e.g. `trail/audit.py`), with the record helpers below; a format without one gets no text table.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .core.textquality import DEFECT_CLASSES, defects, readouts
from .registry import Registry

Query = tuple[str, str, list[str]]
QueryReader = Callable[[Path], Iterator[Query]]
QUERY_READERS: Registry[QueryReader] = Registry("query reader")


def strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return [] if value is None else [str(value)]


def files(path: Path, pattern: str) -> list[Path]:
    return sorted(path.rglob(pattern)) if path.is_dir() else [path]


def json_records(path: Path) -> list[Any]:
    text = path.read_text(encoding="utf-8")
    try:
        data = json.loads(text)
        return data if isinstance(data, list) else [data]
    except ValueError:
        return [json.loads(line) for line in text.splitlines() if line.strip()]


def call_values(messages: list[dict[str, Any]]) -> list[str]:
    out = []
    for m in messages:
        for c in m.get("tool_calls") or []:
            try:
                out += strings(json.loads(c["function"]["arguments"]))
            except (KeyError, TypeError, ValueError):
                continue
    return out


def stream_records(path: Path) -> Iterator[Any]:
    """`json_records` of a JSON Lines file, one record at a time (the file is never read whole);
    a file whose first line is not JSON on its own is read whole, as `json_records` reads it."""
    with path.open(encoding="utf-8", newline="") as fh:
        lines = (line for chunk in fh for line in chunk.splitlines() if line.strip())
        first = next(lines, None)
        if first is None:
            return
        try:
            head = json.loads(first)
        except ValueError:
            yield from json_records(path)
            return
        second = next(lines, None)
        if second is None:  # the whole file is this one JSON value
            yield from head if isinstance(head, list) else [head]
            return
        yield head
        yield json.loads(second)
        for line in lines:
            yield json.loads(line)


def first_user(messages: list[dict[str, Any]]) -> str | None:
    return next((str(m.get("content") or "") for m in messages if m.get("role") == "user"), None)


# ---------------------------------------------------------------- figures


@dataclass
class LevelText:
    """Text figures of one (format, level)."""

    queries: int = 0
    words: int = 0
    with_readout: int = 0
    openings: set[str] = field(default_factory=set)
    defects: Counter[str] = field(default_factory=Counter)

    def add(self, text: str, values: list[str]) -> None:
        self.queries += 1
        self.words += len(text.split())
        self.with_readout += bool(readouts(text))
        self.openings.add(" ".join(re.findall(r"[\w']+", text.lower())[:2]))
        self.defects.update(d.kind for d in defects(text, values) if d.kind != "readout")

    def figures(self) -> dict[str, float | int]:
        n = self.queries or 1
        return {"queries": self.queries, "words_per_query": round(self.words / n, 1),
                "readout_share": round(self.with_readout / n, 3),
                "distinct_openings": round(len(self.openings) / n, 3),
                **{f"defects.{k}": self.defects[k] for k in DEFECT_CLASSES if k != "readout"}}


def text_figures(path: Path, fmt: str) -> dict[str, dict[str, float | int]]:
    """Figures per level of the queries of `path` in format `fmt` ({} when none can be read)."""
    from .plugins import load_plugins  # the readers register with their formats' packages

    load_plugins()
    by_level: dict[str, LevelText] = {}
    reader = QUERY_READERS.get(fmt) if fmt in QUERY_READERS else None
    for level, text, values in reader(path) if reader else []:
        by_level.setdefault(level, LevelText()).add(text, values)
    return {level: by_level[level].figures() for level in sorted(by_level)}


_COLUMNS = [("level", 26), ("n", 5), ("words", 6), ("readout", 8), ("openings", 9), ("detectors", 40)]


def _row(level: str, f: dict[str, float | int], tag: str = "") -> str:
    found = ", ".join(f"{k.split('.', 1)[1]} {v}" for k, v in f.items() if k.startswith("defects.") and v)
    cells = [f"{tag}{level}", str(f["queries"]), f"{f['words_per_query']:.1f}", f"{f['readout_share']:.3f}",
             f"{f['distinct_openings']:.3f}", found or "none found"]
    return " ".join(c.ljust(w) for c, (_, w) in zip(cells, _COLUMNS, strict=True))


def text_lines(ours: dict[str, dict[str, Any]], theirs: dict[str, dict[str, Any]] | None = None) -> list[str]:
    """The text table: one row per level (ours, then the upstream file's as `upstream:<level>`)."""
    head = " ".join(name.ljust(w) for name, w in _COLUMNS)
    lines = [("text (read-out = 'with the X set to Y' / 'with Y as the X' / 'where the X is Y'; detectors = "
              "what the pattern detectors find, no quality claim: see 'vagueness read by meaning'):"), head]
    lines += [_row(level, f) for level, f in ours.items()]
    lines += [_row(level, f, "upstream:") for level, f in (theirs or {}).items()]
    return lines


def _compare_parts(compare: Path | None) -> dict[str, Path]:
    """The upstream files to compare with, by format (a run-like folder gives several)."""
    from .audit import detect
    from .validate import run_parts

    if compare is None:
        return {}
    parts = run_parts(compare)
    if parts:
        return {fmt: p for fmt, p in reversed(parts)}
    fmt = detect(compare)
    return {fmt: compare} if fmt else {}


def add_text_report(report: Any, path: Path, fmt: str | None = None, compare: Path | None = None) -> Any:
    """`trajgen stats` hook: the text table of every format part of `path` (beside the part of
    `compare` in the same format) appended to the report's lines, its figures under
    `text.<format>.<level>.<figure>`."""
    from .audit import detect
    from .validate import run_parts

    parts = ([] if fmt else run_parts(path)) or [(fmt or detect(path) or report.format, path)]
    upstream = _compare_parts(compare)
    for part_fmt, sub in parts:
        ours = text_figures(sub, part_fmt)
        theirs = text_figures(upstream[part_fmt], part_fmt) if part_fmt in upstream else None
        if not ours and not theirs:
            continue
        report.lines += [f"== text: {part_fmt}: {sub}", *text_lines(ours, theirs)]
        for level, figs in ours.items():
            report.figures |= {f"text.{part_fmt}.{level}.{k}": v for k, v in figs.items()}
    from .hub.meaning import add_meaning  # the reader's figures, the card's section's table

    report = add_meaning(report, parts)
    from .core.plausibility import add_plausibility  # the values' audit rides on the same hook

    return add_plausibility(report, path)
