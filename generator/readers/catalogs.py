"""Read tool catalogs of any supported form, detected by content, into one list of Tools."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from ..core.identity import CatalogOptions, apply_identity
from ..errors import InputError
from ..records import Tool
from .base import CATALOG_FORMATS, CatalogSource
from .jsonfile import as_items, load_json_or_jsonl
from .merge import merge_tools

CATALOG_SUFFIXES = (".json", ".jsonl")
DuplicatePolicy = Literal["merge", "error"]


def detect_catalog_format(records: list[Any], label: str = "") -> str:
    """Name of the registered format whose detector accepts the first record."""
    first = next((r for r in records if isinstance(r, dict)), None)
    if first is None:
        raise InputError("no tool records found (expected a list of objects)", file=label or None)
    for name, fmt in CATALOG_FORMATS.items():
        if fmt.detect(first):
            return name
    keys = ", ".join(sorted(first)[:8])
    hint = _HINTS.get(next((k for k in sorted(first) if k in _HINTS), ""), "")
    raise InputError("unrecognized catalog format (expected OpenAI tools, BFCL function docs or "
                     f"TRAJECT-Bench tools); first record keys: {keys}{hint}", file=label or None, record=0)


# Near misses worth a pointer: files users are likely to pass by mistake.
_HINTS = {
    "involved_classes": "; BFCL multi-turn questions hold no function docs, "
                        "read data/multi_turn_func_doc/<class>.json instead",
    "user_history": "; this is a TRAILBench query file (a history), not a catalog",
    "events": "; this looks like a user history, not a catalog",
    "apiname": "; this looks like a history event list, not a catalog",
}


def read_catalog(path: str | Path, base_dir: Path | None = None,
                 options: CatalogOptions | None = None) -> list[Tool]:
    """All tools of one catalog file, in file order (duplicate names in the file merged)."""
    return _read_file(_source(Path(path), base_dir), options)


def _read_file(source: CatalogSource, options: CatalogOptions | None = None) -> list[Tool]:
    kind, value = load_json_or_jsonl(source.path, source.label)
    records = as_items(kind, value, source.label)
    fmt = detect_catalog_format(records, source.label)
    tools = apply_identity(CATALOG_FORMATS.get(fmt).read(records, source), source.path, options)
    return merge_tools(tools)


def read_catalogs(paths: Sequence[str | Path], base_dir: Path | None = None,
                  on_duplicate: DuplicatePolicy = "merge", options: CatalogOptions | None = None) -> list[Tool]:
    """Tools of many files or directories (searched for *.json/*.jsonl), in sorted path order.

    A name seen in two files is merged (first file wins, edges united) when both define the same
    signature (parameter names, types, required); different signatures, or any duplicate under
    on_duplicate="error", raise InputError naming both files.
    """
    tools: list[Tool] = []
    for file in expand_paths(paths, base_dir):
        tools.extend(_read_file(CatalogSource(path=file, label=_label(file, base_dir)), options))
    return merge_tools(tools, strict=on_duplicate == "error")


def expand_paths(paths: Sequence[str | Path], base_dir: Path | None = None) -> list[Path]:
    files: list[Path] = []
    for p in paths:
        path = Path(p) if base_dir is None or Path(p).is_absolute() else base_dir / p
        if path.is_dir():
            files.extend(sorted(f for f in path.rglob("*") if f.suffix in CATALOG_SUFFIXES
                                and f.is_file()))
        elif path.exists():
            files.append(path)
        else:
            raise InputError("catalog path not found", file=str(p))
    return sorted(dict.fromkeys(files))


def _source(path: Path, base_dir: Path | None) -> CatalogSource:
    if base_dir is not None and not path.is_absolute():
        path = base_dir / path
    return CatalogSource(path=path, label=_label(path, base_dir))


def _label(path: Path, base_dir: Path | None) -> str:
    """Relative to base_dir when inside it, so Tool.source does not depend on the machine."""
    if base_dir is not None:
        try:
            return str(path.resolve().relative_to(base_dir.resolve()))
        except ValueError:
            pass
    return str(path)
