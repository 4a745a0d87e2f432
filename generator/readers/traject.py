"""TRAJECT-Bench tool catalogues (`public_data/tools/<Domain>_tool.json`).

Each record is one RapidAPI endpoint: "parent tool name", "API name", "tool name"
("<parent>: <API name>"), "domain name", required_parameters / optional_parameters with
RapidAPI types, "output_info" and "connected tools" (consumers of this tool's output).
Tool.name is "tool name" with whitespace runs collapsed, because trajectory files spell the
same tool with and without double spaces ("Airbnb listings: Count  listings by lat lng").
"""

from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..records import Edge, Tool
from .base import (
    CATALOG_FORMATS,
    CatalogFormat,
    CatalogSource,
    collapse_ws,
    record_context,
    require_dict,
    require_name,
)
from .merge import merge_tools

# RapidAPI parameter type (upper-cased) -> JSON Schema fragment.
RAPIDAPI_TYPES: dict[str, dict[str, Any]] = {
    "STRING": {"type": "string"},
    "NUMBER": {"type": "number"},
    "INTEGER": {"type": "integer"},
    "FLOAT": {"type": "number"},
    "BOOLEAN": {"type": "boolean"},
    "ENUM": {"type": "string"},
    "DATE (YYYY-MM-DD)": {"type": "string", "format": "date"},
    "ARRAY": {"type": "array"},
    "OBJECT": {"type": "object"},
}


def traject_tool_name(name: str) -> str:
    """The canonical form of a TRAJECT-Bench tool name, for catalog and trajectory matching."""
    return collapse_ws(name)


def _detect(record: dict[str, Any]) -> bool:
    return "parent tool name" in record or "required_parameters" in record


def _param_schema(param: Any, field: str) -> tuple[str, dict[str, Any]]:
    param = require_dict(param, field)
    name = param.get("name")
    if not isinstance(name, str) or not name:
        raise InputError("parameter has no name", field=f"{field}.name")
    kind = param.get("type")
    fragment = RAPIDAPI_TYPES.get(kind.strip().upper()) if isinstance(kind, str) else None
    if fragment is None:
        raise InputError(f"unknown parameter type {kind!r}", field=f"{field}.type")
    schema = dict(fragment)
    if isinstance(param.get("description"), str) and param["description"].strip():
        schema["description"] = param["description"]
    # RapidAPI "default" is the playground's pre-filled example, not what the API assumes when
    # the parameter is omitted, so it must not become a JSON Schema default.
    if param.get("default") not in (None, ""):
        schema["examples"] = [param["default"]]
    return name, schema


def _parameters(record: dict[str, Any]) -> dict[str, Any]:
    properties: dict[str, Any] = {}
    required: list[str] = []
    for key in ("required_parameters", "optional_parameters"):
        params = record.get(key) or []
        if not isinstance(params, list):
            raise InputError("expected a list of parameters", field=key)
        for j, param in enumerate(params):
            name, schema = _param_schema(param, f"{key}[{j}]")
            if key == "required_parameters" and name not in required:
                required.append(name)
            properties.setdefault(name, schema)
    return {"type": "object", "properties": properties, "required": required}


def _edges(record: dict[str, Any]) -> list[Edge]:
    connected = record.get("connected tools") or []
    if not isinstance(connected, list):
        raise InputError("expected a list", field="connected tools")
    return [_edge(item, f"connected tools[{j}]") for j, item in enumerate(connected)]


def _edge(item: Any, field: str) -> Edge:
    item = require_dict(item, field)
    name = item.get("tool name")
    if not isinstance(name, str) or not name.strip():
        raise InputError("connected tool has no name", field=f"{field}.tool name")
    # Upstream spells the parameter key both "param_name" and "name".
    params = [p.get("param_name") or p.get("name") for p in item.get("connect params") or []
              if isinstance(p, dict)]
    return Edge(tool=traject_tool_name(name), params=[p for p in params if isinstance(p, str)],
                source="catalog")


def _output(info: Any) -> str | None:
    if not isinstance(info, dict):
        return info if isinstance(info, str) and info else None
    parts = [info.get("output_info_summary"), info.get("output_format")]
    return "\n".join(p for p in parts if isinstance(p, str) and p) or None


def _read_one(record: Any, source: CatalogSource) -> Tool:
    record = require_dict(record, "tool record")
    name = traject_tool_name(require_name(record.get("tool name"), "tool name"))
    parent = record.get("parent tool name")
    api = record.get("API name")
    app = collapse_ws(parent) if isinstance(parent, str) and parent else name.split(":", 1)[0]
    return Tool(
        name=name, app=app,
        api=collapse_ws(api) if isinstance(api, str) and api else name.split(": ", 1)[-1],
        domain=record.get("domain name") or source.stem.removesuffix("_tool"),
        description=record.get("tool description") or record.get("parent tool description") or "",
        parameters=_parameters(record), output=_output(record.get("output_info")),
        edges=_edges(record), source=source.label, source_format="traject",
    )


def read_traject(records: list[Any], source: CatalogSource) -> list[Tool]:
    tools = []
    for i, record in enumerate(records):
        with record_context(source, i):
            tools.append(_read_one(record, source))
    return merge_tools(tools)


CATALOG_FORMATS.add("traject", CatalogFormat(detect=_detect, read=read_traject))
