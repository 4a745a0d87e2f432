"""Tools and tool calls on the wire: OpenAI function names must match ^[a-zA-Z0-9_-]{1,64}$, but
benchmark names do not ("Blaze Verify: Verify an email", "math.factorial", "大众点评_search").
Each item gets a one-to-one renaming for the request and maps the reply's names back."""

from __future__ import annotations

import json
import re
from typing import Any

from ..llm.protocol import WireCall
from ..records import ToolCall

_BAD = re.compile(r"[^a-zA-Z0-9_-]+")
MAX_NAME = 64


def wire_name(name: str) -> str:
    return (_BAD.sub("_", name).strip("_") or "tool")[:MAX_NAME]


def wire_names(names: list[str]) -> dict[str, str]:
    """Original name -> a distinct valid wire name (deterministic, first come first served)."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for name in dict.fromkeys(names):
        base = candidate = wire_name(name)
        k = 2
        while candidate in taken:
            suffix = f"_{k}"
            candidate, k = base[:MAX_NAME - len(suffix)] + suffix, k + 1
        taken.add(candidate)
        out[name] = candidate
    return out


def tool_names(tools: list[dict[str, Any]]) -> list[str]:
    return [t["function"]["name"] for t in tools]


def wire_tools(tools: list[dict[str, Any]], names: dict[str, str]) -> list[dict[str, Any]]:
    return [{"type": "function", "function": {**t["function"], "name": names[t["function"]["name"]]}}
            for t in tools]


def decode_arguments(raw: str) -> tuple[dict[str, Any], str | None]:
    """A call's arguments string as an object; ({}, note) when it is not a JSON object."""
    if not raw.strip():
        return {}, None
    try:
        value = json.loads(raw)
    except json.JSONDecodeError as e:
        return {}, f"arguments are not JSON ({e.msg})"
    if not isinstance(value, dict):
        return {}, f"arguments are a JSON {type(value).__name__}, not an object"
    return value, None


def read_calls(calls: list[WireCall], back: dict[str, str]) -> tuple[list[ToolCall], list[str]]:
    """Wire calls -> ToolCalls under the item's names (an unknown name is kept as sent)."""
    out, notes = [], []
    for c in calls:
        args, note = decode_arguments(c.arguments)
        if note:
            notes.append(f"{c.name}: {note}")
        out.append(ToolCall(tool=back.get(c.name, c.name), arguments=args))
    return out, notes
