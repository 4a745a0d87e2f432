"""Library side of `trajgen validate` and `trajgen stats`.

A run directory (or any folder holding files of several formats) is reported part by part:
each child file or folder whose format is detected gets its own section.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Iterator
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
        report = combined(path, parts, AUDITS, options)
    else:
        fmt = _format_of(path, fmt, AUDITS)
        report = guarded(AUDITS.get(fmt), path, _options_for(AUDITS, fmt, options, path, strict=True))
    report.findings += rows_findings(path)
    return report


MAX_DUPLICATE_FINDINGS = 5  # per file; the rest are counted in one more finding


def data_files(path: Path) -> list[Path]:
    """The JSON and JSON Lines files under `path` (itself when a file), outside dot-folders."""
    if path.is_file():
        return [path] if path.suffix in (".json", ".jsonl") else []
    return sorted(p for p in path.rglob("*") if p.suffix in (".json", ".jsonl") and p.is_file()
                  and not any(part.startswith(".") for part in p.relative_to(path).parts))


def rows_findings(path: Path) -> list[Finding]:
    """What every format's rows must satisfy, whatever the format: numbers that are JSON
    (NaN and Infinity are not: `json` writes them, every other reader refuses them), and ids
    that are unique within their file (a row id is how results, splits and pairs find a row)."""
    return [f for file in data_files(path) for f in file_findings(file)]


def _rows(file: Path, bad: list[str]) -> Iterator[tuple[int, Any]]:
    """(line, row) of a JSON Lines file, or of a JSON file's array; NaN and Infinity are noted
    in `bad` as they are read."""
    def note(text: str) -> float:
        bad.append(text)
        return 0.0
    hook = {"parse_constant": note}
    with file.open("r", encoding="utf-8", errors="replace") as fh:
        first = fh.read(1)
        fh.seek(0)
        if first == "[":
            try:
                yield from enumerate(json.load(fh, **hook), start=1)  # type: ignore[arg-type]
            except (ValueError, RecursionError):
                return
            return
        for lineno, line in enumerate(fh, start=1):
            try:
                yield lineno, json.loads(line, **hook)  # type: ignore[arg-type]
            except (ValueError, RecursionError):
                continue


def file_findings(file: Path) -> list[Finding]:
    out: list[Finding] = []
    seen: dict[str, list[int]] = {}
    bad: list[str] = []
    for lineno, row in _rows(file, bad):
        if bad:
            out.append(Finding(severity="error", where=f"{file}:{lineno}",
                               message=f"{bad[0]} is not a JSON number (NaN and Infinity are refused by "
                                       "strict JSON readers)"))
            bad.clear()
        if isinstance(row, dict) and isinstance(row.get("id"), str | int):
            seen.setdefault(str(row["id"]), []).append(lineno)
    dups = [(k, lines) for k, lines in seen.items() if len(lines) > 1]
    for key, lines in dups[:MAX_DUPLICATE_FINDINGS]:
        out.append(Finding(severity="error", where=f"{file}:{lines[1]}:id",
                           message=f"id {key!r} appears {len(lines)} times (lines {', '.join(map(str, lines[:4]))}"
                                   f"{', ...' if len(lines) > 4 else ''})"))
    if len(dups) > MAX_DUPLICATE_FINDINGS:
        out.append(Finding(severity="error", where=str(file),
                           message=f"{len(dups) - MAX_DUPLICATE_FINDINGS:,} more ids appear more than once"))
    return out


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
