"""Registries for `trajgen validate FILE --format F` and `trajgen stats PATH`.

An audit reads an existing file (ours or upstream) and reports problems with their location;
stats print the vagueness figures of docs/formats.md (Vagueness) for files of a format. Products
register their own; `detect` picks the format from the path and content when none is given.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pydantic import Field

from .records import Record
from .registry import Registry


class Finding(Record):
    severity: str  # "error" | "warning"
    where: str  # file[:record][:field]
    message: str


class AuditReport(Record):
    format: str
    path: str
    findings: list[Finding] = Field(default_factory=list)
    figures: dict[str, float | int | str] = Field(default_factory=dict)
    lines: list[str] = Field(default_factory=list)  # human-readable tables

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]


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
