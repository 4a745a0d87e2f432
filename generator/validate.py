"""Library side of `trajgen validate` and `trajgen stats`."""

from __future__ import annotations

from pathlib import Path

from .audit import AUDITS, STATS, AuditReport, detect
from .errors import InputError
from .plugins import load_plugins


def _format_of(path: Path, fmt: str | None, registry_kind: str) -> str:
    if not path.exists():
        raise InputError("no such file or directory", file=str(path))
    fmt = fmt or detect(path)
    if fmt is None:
        raise InputError(f"cannot tell which format this is; pass --format ({registry_kind})", file=str(path))
    return fmt


def run_validate(path: Path, fmt: str | None = None, catalog: str | None = None) -> AuditReport:
    load_plugins()
    fmt = _format_of(path, fmt, " | ".join(AUDITS.names()))
    if fmt not in AUDITS:
        raise InputError(f"unknown format '{fmt}' (known: {', '.join(AUDITS.names())})", file=str(path))
    if catalog:
        return AUDITS.get(fmt)(path, catalog=Path(catalog))
    return AUDITS.get(fmt)(path)


def run_stats(path: Path, fmt: str | None = None) -> AuditReport:
    load_plugins()
    fmt = _format_of(path, fmt, " | ".join(STATS.names()))
    if fmt not in STATS:
        raise InputError(f"no stats for format '{fmt}' (known: {', '.join(STATS.names())})", file=str(path))
    return STATS.get(fmt)(path)
