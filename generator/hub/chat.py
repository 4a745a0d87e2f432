"""The chat-template form of SDG rows, for training with a tokenizer's chat template.

The BFCL-SDG form keeps `tools` as one JSON string and tool-call `arguments` as JSON strings
(OpenAI wire format). Chat templates want Python objects: `tools` a list of JSON Schema tool
definitions (`{"type": "function", "function": {name, description, parameters}}`) and each
call's `arguments` an object, which templates serialize themselves (`arguments | tojson`); given
strings they would encode them twice. Everything else is the same row.
"""

from __future__ import annotations

import json
from typing import Any


def chat_message(msg: dict[str, Any]) -> dict[str, Any]:
    calls = msg.get("tool_calls")
    if not calls:
        return dict(msg)
    return {**msg, "tool_calls": [{**tc, "function": {**tc["function"], "arguments": _object(
        tc["function"].get("arguments"))}} for tc in calls]}


def _object(arguments: Any) -> Any:
    return json.loads(arguments) if isinstance(arguments, str) else (arguments or {})


def chat_row(row: dict[str, Any]) -> dict[str, Any]:
    """An SDG row (BFCL-SDG form) in the chat-template form."""
    tools = json.loads(row["tools"]) if isinstance(row["tools"], str) else row["tools"]
    return {**row, "messages": [chat_message(m) for m in row["messages"]], "tools": tools}
