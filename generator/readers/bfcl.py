"""BFCL function docs ({name, description, parameters: {type: "dict", ...}}, JSON or JSON Lines)
and BFCL question files (JSON Lines whose "function" lists are collected, first doc per name wins).
"""

from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..records import Tool
from .base import (
    CATALOG_FORMATS,
    CatalogFormat,
    CatalogSource,
    object_schema,
    record_context,
    require_dict,
    require_name,
)


def _detect_docs(record: dict[str, Any]) -> bool:
    return "name" in record and "parameters" in record and "function" not in record


def _detect_questions(record: dict[str, Any]) -> bool:
    return isinstance(record.get("function"), list)


def bfcl_tool(doc: Any, source: CatalogSource, fmt: str, field: str = "") -> Tool:
    doc = require_dict(doc, "function doc")
    at = f"{field}." if field else ""
    name = require_name(doc.get("name"), f"{at}name")
    description = doc.get("description") or ""
    if not isinstance(description, str):
        raise InputError("description must be a string", field=f"{at}description")
    return Tool(
        name=name, app="", api=name, domain="",  # whole names; domain by generator.core.identity
        description=description,
        parameters=object_schema(doc.get("parameters"), f"{at}parameters"),
        output=_output(doc.get("response")), source=source.label, source_format=fmt,
    )


def _output(response: Any) -> str | None:
    """Multi-turn docs describe their return value as a schema; keep it as one readable line."""
    if not isinstance(response, dict) or not isinstance(response.get("properties"), dict):
        return None
    parts = [f"{k} ({(v or {}).get('type', 'any')}): {(v or {}).get('description', '')}".rstrip(": ")
             for k, v in response["properties"].items() if isinstance(v, dict)]
    return "; ".join(parts) or None


def read_bfcl_docs(records: list[Any], source: CatalogSource) -> list[Tool]:
    tools = []
    for i, record in enumerate(records):
        with record_context(source, i):
            tools.append(bfcl_tool(record, source, "bfcl"))
    return tools


def read_bfcl_questions(records: list[Any], source: CatalogSource) -> list[Tool]:
    seen: dict[str, Tool] = {}
    for i, record in enumerate(records):
        with record_context(source, i):
            for j, doc in enumerate(_functions(record)):
                tool = bfcl_tool(doc, source, "bfcl_questions", field=f"function[{j}]")
                seen.setdefault(tool.name, tool)
    return list(seen.values())


def _functions(record: Any) -> list[Any]:
    record = require_dict(record, "question record")
    functions = record.get("function")
    if not isinstance(functions, list):
        raise InputError("'function' must be a list of function docs", field="function")
    return functions


CATALOG_FORMATS.add("bfcl", CatalogFormat(detect=_detect_docs, read=read_bfcl_docs))
CATALOG_FORMATS.add("bfcl_questions", CatalogFormat(detect=_detect_questions, read=read_bfcl_questions))
