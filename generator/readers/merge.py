"""Merging tools that share a name (within or across catalog files)."""

from __future__ import annotations

import json
from typing import Any

from ..errors import InputError
from ..records import Edge, Tool

# Formats whose catalogs legitimately repeat a name with different parameters: TRAJECT-Bench
# files hold LLM-rewritten duplicates (two "Bybit: Contract Info" endpoints in Finance_tool.json).
UNION_FORMATS = frozenset({"traject"})


def merge_tools(tools: list[Tool], strict: bool = False) -> list[Tool]:
    """Collapse tools sharing a name into the first one (edges united).

    Different signatures are an InputError, except between two UNION_FORMATS tools: then the
    parameters are united, first definition winning per parameter, and only parameters required
    by both stay required. `strict` refuses any duplicate coming from two different files.
    """
    merged: dict[str, Tool] = {}
    for tool in tools:
        first = merged.get(tool.name)
        if first is None:
            merged[tool.name] = tool
            continue
        union = first.source_format in UNION_FORMATS and tool.source_format in UNION_FORMATS
        _check_compatible(first, tool, strict, union)
        update: dict[str, object] = {"edges": _union_edges(first.edges, tool.edges)}
        if signature(first) != signature(tool):
            update["parameters"] = _union_parameters(first.parameters, tool.parameters)
        merged[tool.name] = first.model_copy(update=update)
    return list(merged.values())


def _union_parameters(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    props = dict(a.get("properties") or {})
    for name, schema in (b.get("properties") or {}).items():
        props.setdefault(name, schema)
    required = [r for r in a.get("required") or [] if r in (b.get("required") or [])]
    return {**a, "properties": props, "required": required}


def _check_compatible(first: Tool, other: Tool, strict: bool, union: bool) -> None:
    if strict and first.source != other.source:
        raise InputError(f"tool '{first.name}' is defined in both {first.source} and {other.source}",
                         file=other.source)
    if not union and signature(first) != signature(other):
        where = first.source if first.source == other.source else f"{first.source} and {other.source}"
        raise InputError(f"tool '{first.name}' is defined twice with different parameters "
                         f"(in {where})", file=other.source)


def signature(tool: Tool) -> str:
    """What makes two definitions the same callable: parameter names, types and required set."""
    props = {k: v.get("type") for k, v in sorted(tool.properties.items())}
    return json.dumps([props, sorted(tool.required)], sort_keys=True)


def _union_edges(a: list[Edge], b: list[Edge]) -> list[Edge]:
    by_tool: dict[str, Edge] = {e.tool: e for e in a}
    for e in b:
        old = by_tool.get(e.tool)
        params = list(dict.fromkeys([*(old.params if old else []), *e.params]))
        by_tool[e.tool] = Edge(tool=e.tool, params=params, source=(old or e).source)
    return list(by_tool.values())
