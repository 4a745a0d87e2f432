"""Reading When2Call test rows (trajgen's or When2Call's own): tools, the gold call, the target
tool, the context, and the reader's check of the row's label. Used by `trajgen stats` /
`trajgen validate` (audit.py) and `trajgen eval` (when2call/eval.py)."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..readers.base import CatalogSource
from ..readers.bfcl import bfcl_tool
from ..records import HistoryEvent, Tool, ToolCall
from .verify import check_ask, check_call

UPSTREAM_KEYS = ("uuid", "source", "source_id", "question", "correct_answer", "answers", "target_tool", "tools")
CHECKED = ("tool_call", "request_for_info")
TIME_FORMATS = ("%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M")


def loose_tool(doc: dict[str, Any]) -> Tool:
    """A tool whose schema does not validate (When2Call's BFCL docs hold integer parameters with
    string enums): every parameter a string, as When2Call's own inference script sends them."""
    params = doc["parameters"] if isinstance(doc.get("parameters"), dict) else {}
    props = {k: {"type": "string", "description": str(v.get("description", ""))}
             for k, v in (params.get("properties") or {}).items() if isinstance(v, dict)}
    required = [r for r in params.get("required") or [] if r in props]
    name = str(doc.get("name") or "")
    return Tool(name=name, app="", api=name, domain="", description=str(doc.get("description") or ""),
                parameters={"type": "object", "properties": props, "required": required})


def parse_tool(text: Any, where: str) -> Tool:
    try:
        doc = json.loads(text) if isinstance(text, str) else text
    except json.JSONDecodeError as exc:
        raise InputError(f"a tool is not JSON ({exc.msg})", file=where, field="tools") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("name"), str):
        raise InputError("a tool is not a function doc with a name", file=where, field="tools")
    try:
        return bfcl_tool(doc, CatalogSource(Path(where), where), "bfcl")
    except InputError:
        return loose_tool(doc)


def tools_of(row: dict[str, Any], where: str, key: str = "tools") -> list[Tool]:
    raw = row.get(key) or []
    if not isinstance(raw, list):
        raise InputError(f"{key} must be a list of tool docs", file=where, field=key)
    return [parse_tool(t, where) for t in raw]


def call_of(row: dict[str, Any], where: str) -> ToolCall | None:
    """The gold call: answers.tool_call, a JSON string {"name", "arguments"} (None when empty)."""
    raw = (row.get("answers") or {}).get("tool_call")
    if not raw:
        return None
    try:
        value = json.loads(raw) if isinstance(raw, str) else raw
        return ToolCall(tool=str(value["name"]), arguments=dict(value.get("arguments") or value.get("parameters") or {}))
    except (json.JSONDecodeError, KeyError, TypeError, ValueError):
        raise InputError("answers.tool_call is not a JSON object with a name and arguments", file=where,
                         field="answers.tool_call") from None


def target_of(row: dict[str, Any], call: ToolCall | None, where: str) -> Tool | None:
    """The tool the gold call calls: target_tool, else the one of that name among the tools."""
    if row.get("target_tool"):
        return parse_tool(row["target_tool"], where)
    if call is None:
        return None
    pool = tools_of(row, where, "orig_tools") + tools_of(row, where)
    return next((t for t in pool if t.name == call.tool), None)


def history_of(row: dict[str, Any]) -> list[HistoryEvent]:
    """trajgen's `history` ({time, tool, arguments} per call) as the reader's events: logged under
    the offered tool's name, so the same tool's calls are found by name."""
    return [HistoryEvent(time=str(e.get("time") or ""), apitype="", toolname="", apiname=str(e.get("tool") or ""),
                         parameters=dict(e.get("arguments") or {}))
            for e in row.get("history") or [] if isinstance(e, dict)]


def time_of(row: dict[str, Any]) -> datetime | None:
    raw = row.get("query_time")
    for fmt in TIME_FORMATS:
        try:
            return datetime.strptime(str(raw), fmt)
        except ValueError:
            continue
    return None


def reader_problems(row: dict[str, Any], where: str) -> list[str] | None:
    """The reader's contradictions of the row's label (None: the row has no label the reader can
    check -- cannot_answer, direct, or no gold call)."""
    if row.get("correct_answer") not in CHECKED:
        return None
    call = call_of(row, where)
    tool = target_of(row, call, where)
    if call is None or tool is None or not call.arguments and row["correct_answer"] == "request_for_info":
        return None
    question, history, time = str(row.get("question") or ""), history_of(row), time_of(row)
    if row["correct_answer"] == "tool_call":
        return check_call(question, call, tool, history, time)
    return check_ask(question, call, tool, str(row.get("held_out_param") or ""), history, time)
