"""Library side of `trajgen validate` and `trajgen stats`.

A run directory (or any folder holding files of several formats) is reported part by part:
each child file or folder whose format is detected gets its own section.
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

from .audit import AUDITS, STATS, Auditor, AuditReport, Finding, detect
from .errors import InputError
from .plugins import load_plugins
from .registry import Registry


def run_validate(path: Path, fmt: str | None = None, catalog: str | None = None) -> AuditReport:
    load_plugins()
    options = {"catalog": Path(catalog)} if catalog else {}
    parts = [] if fmt else run_parts(path)
    if parts:
        return combined(path, parts, AUDITS, options)
    fmt = _format_of(path, fmt, AUDITS)
    return guarded(AUDITS.get(fmt), path, _options_for(AUDITS, fmt, options, path, strict=True))


def run_stats(path: Path, fmt: str | None = None, compare: Path | None = None) -> AuditReport:
    from .textreport import add_text_report  # the text table, its own module (see there)

    load_plugins()
    parts = [] if fmt else run_parts(path)
    if parts:
        return add_text_report(combined(path, parts, STATS, {}), path, None, compare)
    fmt = _format_of(path, fmt, STATS)
    return add_text_report(guarded(STATS.get(fmt), path, {}), path, fmt, compare)


def _format_of(path: Path, fmt: str | None, registry: Registry[Auditor]) -> str:
    known = " | ".join(registry.names())
    if not path.exists():
        raise InputError("no such file or directory", file=str(path))
    fmt = fmt or detect(path)
    if fmt is None:
        raise InputError(f"cannot tell which format this is; pass --format ({known})", file=str(path))
    if fmt not in registry:
        raise InputError(f"unknown format '{fmt}' (known: {known})", file=str(path))
    return fmt


def run_parts(path: Path) -> list[tuple[str, Path]]:
    """(format, child) for each detected child of a run directory; [] when `path` is not one.

    A directory is a run directory when it holds a trajgen manifest.json or children of at
    least two formats; a folder of one format (traject/, bfcl/) is left to the detectors.
    """
    if not path.is_dir():
        return []
    children = sorted(c for c in path.iterdir() if not c.name.startswith("."))
    parts = [(fmt, c) for c in children if (fmt := detect(c)) is not None]
    several = len({fmt for fmt, _ in parts}) >= 2
    return parts if several or (parts and (path / "manifest.json").is_file()) else []


def combined(path: Path, parts: list[tuple[str, Path]], registry: Registry[Auditor],
             options: dict[str, Any]) -> AuditReport:
    """One report of every part: sections of lines, findings as they are, figures by part name."""
    formats = list(dict.fromkeys(fmt for fmt, _ in parts))
    report = AuditReport(format="+".join(formats), path=str(path))
    for fmt, sub in parts:
        try:
            part = guarded(registry.get(fmt), sub, _options_for(registry, fmt, options, sub, strict=False))
        except InputError as e:
            report.findings.append(Finding(severity="error", where=str(sub), message=str(e)))
            report.lines += [f"== {fmt}: {sub}", f"error: {e}"]
            continue
        report.findings += part.findings
        report.figures |= {f"{sub.name}.{k}": v for k, v in part.figures.items()}
        report.tables += [t.model_copy(update={"title": f"{sub.name}: {t.title}"}) for t in part.tables]
        report.lines += [f"== {fmt}: {sub}", *part.lines]
    return report


def _options_for(registry: Registry[Auditor], fmt: str, options: dict[str, Any], path: Path,
                 strict: bool) -> dict[str, Any]:
    """The options this format's auditor takes; with `strict`, an option it ignores is refused."""
    auditor = registry.get(fmt)
    unknown = [k for k in options if not _accepts(auditor, k)]
    if unknown and strict:
        takers = [n for n, a in registry.items() if _accepts(a, unknown[0])]
        raise InputError(f"--{unknown[0]} applies to format(s) {', '.join(takers) or 'none'}, "
                         f"not '{fmt}'", file=str(path))
    return {k: v for k, v in options.items() if k not in unknown}


def _accepts(auditor: Auditor, name: str) -> bool:
    params = inspect.signature(auditor).parameters.values()
    return any(p.name == name or p.kind is inspect.Parameter.VAR_KEYWORD for p in params)


def guarded(auditor: Auditor, path: Path, options: dict[str, Any]) -> AuditReport:
    """Last resort: an input the auditor could not read is an InputError naming the file.

    Auditors report bad content as findings themselves; this only keeps an unforeseen read
    failure (a directory, a permission, bytes that are not UTF-8) from becoming a traceback.
    """
    try:
        return auditor(path, **options)
    except UnicodeDecodeError as e:
        raise InputError(f"not UTF-8 text (byte {e.start})", file=str(path)) from None
    except OSError as e:
        raise InputError(f"cannot read: {e.strerror or e}", file=str(e.filename or path)) from None
