"""Registries for `trajgen validate FILE --format F` and `trajgen stats PATH`.

An audit reads an existing file (ours or upstream) and reports problems with their location;
stats print the vagueness figures of docs/formats.md (Vagueness) for files of a format. Products
register their own; `detect` picks the format from the path and content when none is given.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

from pydantic import Field

from .records import Record
from .registry import Registry


class Finding(Record):
    """"error": the file breaks its format or schema (validate exits non-zero); "warning": a
    quirk worth a look; "finding": a measured property the benchmark has by design (a hard
    query leaving out values), reported but never failing."""

    severity: str  # "error" | "warning" | "finding"
    where: str  # file[:record][:field]
    message: str


Cell = str | int | float | None


class Table(Record):
    """A stats table: printed as text by `render`, emitted as is by `trajgen stats --json`.
    A cell that cannot be measured (no value to count, no such records) is None: "n/a"."""

    title: str
    columns: list[str]
    rows: list[list[Cell]] = Field(default_factory=list)
    legend: dict[str, str] = Field(default_factory=dict)  # abbreviation -> what it means
    notes: list[str] = Field(default_factory=list)
    decimals: dict[str, int] = Field(default_factory=dict)  # per column; floats default to 3


class AuditReport(Record):
    format: str
    path: str
    findings: list[Finding] = Field(default_factory=list)
    figures: dict[str, float | int | str | None] = Field(default_factory=dict)
    tables: list[Table] = Field(default_factory=list)
    lines: list[str] = Field(default_factory=list)  # human-readable tables

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "warning"]

    @property
    def by_design(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "finding"]


# What the abbreviations of the stats tables mean (every format's tables use these words).
VR_MEANING = ("value recall: the share of gold argument values found literally in the query "
              "(lowercased, whitespace collapsed; booleans and values under 2 characters not counted)")
LEGEND = {
    "VR": VR_MEANING,
    "APP": "share of queries that name the app (the tool's provider, TRAILBench `toolname`)",
    "NONE": "share of queries (with values to state) that state none of them",
    "words": "mean words per query",
}


def legend(*abbrs: str, **more: str) -> dict[str, str]:
    return {**{a: LEGEND[a] for a in abbrs}, **more}


def cell_text(value: Cell, decimals: int = 3) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "n/a"
    if isinstance(value, float):
        return f"{value:.{decimals}f}"
    return str(value)


def render(table: Table) -> list[str]:
    """The table as aligned text, then its legend (every abbreviation spelled out) and notes."""
    cells = [[cell_text(v, table.decimals.get(c, 3)) for c, v in zip(table.columns, row, strict=True)]
             for row in table.rows]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(table.columns)]

    def line(values: list[str]) -> str:
        first = values[0].ljust(widths[0])
        return "  ".join([first] + [v.rjust(w) for v, w in zip(values[1:], widths[1:], strict=True)]).rstrip()

    out = [table.title, "  " + line(table.columns)] + ["  " + line(r) for r in cells]
    out += [f"  {abbr}: {meaning}" for abbr, meaning in table.legend.items()]
    return out + [f"  {n}" for n in table.notes]


def rendered(tables: list[Table]) -> list[str]:
    return [ln for t in tables for ln in render(t)]


def ratio(part: float, whole: float) -> float | None:
    """part / whole, or None ("n/a") when there is nothing to divide by."""
    return part / whole if whole else None


Auditor = Callable[[Path], AuditReport]
Detector = Callable[[Path], bool]

AUDITS: Registry[Auditor] = Registry("audit format")
STATS: Registry[Auditor] = Registry("stats format")
DETECTORS: Registry[Detector] = Registry("format detector")


def detect(path: Path) -> str | None:
    for name, looks_like in DETECTORS.items():
        if _safely(looks_like, path):
            return name
    return None


def _safely(looks_like: Detector, path: Path) -> bool:
    """Detectors should never raise; one that does (an unreadable file) just says "not mine"."""
    try:
        return looks_like(path)
    except (OSError, ValueError):
        return False
