"""OpenAI tools format: [{"type": "function", "function": {name, description, parameters}}, ...].

TRAILBench `apis/apis_openai/<apitype>_openai.json` uses it. The optional sibling key
"x-trajgen" carries what the format lacks: app/api/domain, an output description and hints.
Without it a function name is whole (generator.core.identity has the reading rules).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from ..core.identity import split_name
from ..errors import InputError
from ..records import Edge, Record, Tool, ToolHints, ValueProfile
from .base import (
    CATALOG_FORMATS,
    CatalogFormat,
    CatalogSource,
    model_errors,
    object_schema,
    record_context,
    require_dict,
    require_name,
)


class XTrajgen(Record):
    """The "x-trajgen" extension of one OpenAI tool definition."""

    app: str | None = None
    api: str | None = None
    domain: str | None = None
    output: str | None = None
    hints: ToolHints | None = None
    profile: ValueProfile | None = None  # values and rules (generator.core.profiles, docs/values.md)
    edges: list[Edge] = Field(default_factory=list)


def split_app_api(name: str) -> tuple[str, str]:
    """TRAILBench convention: "GaodeMap_get_path" -> ("GaodeMap", "get_path"); a name
    without the convention's shape is whole: (name, name)."""
    return split_name(name) or (name, name)


def _detect(record: dict[str, Any]) -> bool:
    return record.get("type") == "function" and "function" in record


def tool_from_openai(definition: Any, domain: str = "", source: str = "") -> Tool:
    """One OpenAI tool definition (with optional "x-trajgen") as a Tool; InputError when malformed."""
    record = require_dict(definition, "tool definition")
    fn = record.get("function")
    if not isinstance(fn, dict):
        raise InputError("'function' must be an object", field="function")
    name = require_name(fn.get("name"), "function.name")
    with model_errors("x-trajgen"):
        ext = XTrajgen.model_validate(record.get("x-trajgen") or {})
    # The name is whole unless the extension says otherwise; generator.core.identity splits
    # TRAILBench's `<toolname>_<apiname>` names by that benchmark's own file layout.
    with model_errors():
        return Tool(
            name=name, app=ext.app or "", api=ext.api or name, domain=ext.domain or domain,
            description=_text(fn.get("description"), "function.description"),
            parameters=object_schema(fn.get("parameters"), "function.parameters"),
            output=ext.output, hints=ext.hints, profile=ext.profile, edges=ext.edges,
            source=source, source_format="openai",
        )


def _text(value: Any, field: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise InputError(f"expected a string, got {type(value).__name__}", field=field)
    return value


def read_openai(records: list[Any], source: CatalogSource) -> list[Tool]:
    tools = []
    for i, record in enumerate(records):
        with record_context(source, i):
            tools.append(tool_from_openai(record, "", source.label))
    return tools


CATALOG_FORMATS.add("openai", CatalogFormat(detect=_detect, read=read_openai))
