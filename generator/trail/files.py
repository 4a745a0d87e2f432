"""Reading TRAILBench-format files for audits and stats: parse with error locations, find the
query files under a directory, and find the tool schemas that belong to them.

Catalog lookup for a query file (first hit wins): an explicit path; the environment variable
TRAJGEN_TRAIL_CATALOG; else a directory `apis/apis_openai` or `apis` (holding OpenAI-format
`*.json` tool lists) beside the file or in any parent directory -- which finds both
TRAILBench's own layout (`query/history_query/uN/...` with `apis/` at the root) and ours
(`<out>/trail/apis/apis_openai/`).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ..audit import Finding
from ..records import Tool, dict_at

CATALOG_ENV = "TRAJGEN_TRAIL_CATALOG"
QUERY_GLOB = "all_generated_queries_*.json"


def parse_file(path: Path) -> tuple[list[Any] | None, list[Finding]]:
    """The top-level array, or None plus a finding with line and column of the first error."""
    text = path.read_text(encoding="utf-8", errors="replace")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        end = "" if text.rstrip().endswith("]") else " (the file does not end with ']': truncated?)"
        where = f"{path}:{e.lineno}:{e.colno}"
        return None, [Finding(severity="error", where=where, message=f"invalid JSON: {e.msg}{end}")]
    if not isinstance(data, list):
        return None, [Finding(severity="error", where=str(path),
                              message=f"top level must be a JSON array, got {type(data).__name__}")]
    return data, []


def query_files(path: Path) -> list[Path]:
    """The query files at `path` (a file, or every matching file below a directory)."""
    if path.is_file():
        return [path]
    found = sorted(p for p in path.rglob(QUERY_GLOB) if "apis" not in p.relative_to(path).parts)
    return found or sorted(p for p in path.rglob("*.json") if "apis" not in p.relative_to(path).parts)


def variant_of(path: Path) -> str:
    """The generator suffix of an upstream file name (`..._u7_gemini.json` -> "gemini")."""
    stem = path.stem.removeprefix(QUERY_GLOB.split("*")[0])
    parts = stem.split("_")
    return parts[-1] if len(parts) > 1 else ""


def _has_tool_lists(d: Path) -> bool:
    return d.is_dir() and any(d.glob("*.json"))


def find_catalog_dir(start: Path, explicit: Path | None = None) -> Path | None:
    if explicit is not None:
        return explicit
    if os.environ.get(CATALOG_ENV):
        return Path(os.environ[CATALOG_ENV])
    here = start if start.is_dir() else start.parent
    for d in (here, *here.parents):
        for cand in (d / "apis" / "apis_openai", d / "apis"):
            if _has_tool_lists(cand):
                return cand
    return None


def _tool_of(fn: dict[str, Any], domain: str, source: str) -> Tool | None:
    name = fn.get("name")
    if not isinstance(name, str) or "_" not in name:
        return None
    app, api = name.split("_", 1)  # TRAILBench's parsers split at the first "_"
    params = dict_at(fn, "parameters")
    return Tool(name=name, app=app, api=api, domain=domain, description=str(fn.get("description", "")),
                parameters=params or {"type": "object", "properties": {}}, source=source)


def load_catalog_dir(d: Path) -> dict[str, Tool]:
    """Function name -> Tool, from every OpenAI-format tool list below `d` (domain = file stem
    without `_openai`). Unreadable files are skipped: the audit is about the query files."""
    tools: dict[str, Tool] = {}
    for f in sorted(d.rglob("*.json")):
        try:
            data = json.loads(f.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError):
            continue
        for item in data if isinstance(data, list) else []:
            fn = item.get("function") if isinstance(item, dict) else None
            tool = _tool_of(fn, f.stem.removesuffix("_openai"), str(f)) if isinstance(fn, dict) else None
            if tool is not None:
                tools[tool.name] = tool
    return tools
