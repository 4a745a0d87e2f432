"""Render shaped multi-turn conversations as SDG rows (OpenAI messages, BFCL-toolcall-SDG layout).

One row per conversation holds the whole dialogue (its last message, the final assistant reply,
is the target); miss_func also gets a row that ends at "I cannot do that yet", offered without
the held-out tool, so the refusal itself is supervised.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ...records import Tool
from .dialogue import Segment, Shaped
from .model import Turn

RESUME_TEXT = "I've just enabled {tools} for you. Please go ahead with my last request."


def call_id(trajectory_id: str, n: int) -> str:
    return "call_" + hashlib.sha256(f"{trajectory_id}:{n}".encode()).hexdigest()[:16]


def result_text(result: Any) -> str:
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)


def brief(result: Any, limit: int = 200) -> str:
    """A short human summary of a tool result for the assistant's follow-up."""
    text = _summary(result)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _summary(result: Any) -> str:
    if not isinstance(result, dict):
        return str(result)
    lists = [v for v in result.values() if isinstance(v, list)]
    if len(lists) == 1:
        return _items(lists[0])
    for key in ("content", "task_id"):
        if key in result:
            return str(result[key])
    return "; ".join(f"{k}: {v}" for k, v in result.items())


def _items(values: list[Any]) -> str:
    if not values:
        return "nothing"
    shown = [str(v.get("title", v)) if isinstance(v, dict) else str(v) for v in values[:6]]
    more = f" and {len(values) - 6} more" if len(values) > 6 else ""
    return ", ".join(shown) + more


def turn_messages(turn: Turn, trajectory_id: str, counter: list[int]) -> list[dict[str, Any]]:
    msgs: list[dict[str, Any]] = []
    for rnd in turn.rounds:
        ids = []
        for _ in rnd:
            counter[0] += 1
            ids.append(call_id(trajectory_id, counter[0]))
        msgs.append({"role": "assistant", "content": None, "tool_calls": [
            {"id": i, "type": "function", "function": {
                "name": e.call.tool, "arguments": json.dumps(e.call.arguments, ensure_ascii=False)}}
            for i, e in zip(ids, rnd, strict=True)]})
        msgs += [{"role": "tool", "tool_call_id": i, "name": e.call.tool, "content": result_text(e.result)}
                 for i, e in zip(ids, rnd, strict=True)]
    last = turn.rounds[-1][-1].result if turn.rounds and turn.rounds[-1] else None
    msgs.append({"role": "assistant", "content": turn.reply.replace("{result}", brief(last))})
    return msgs


def segment_messages(seg: Segment, trajectory_id: str, counter: list[int]) -> list[dict[str, Any]]:
    user = seg.user if seg.user is not None else RESUME_TEXT.format(tools=", ".join(seg.added_tools))
    msgs: list[dict[str, Any]] = [{"role": "user", "content": user}]
    if seg.ask is not None:
        return msgs + [{"role": "assistant", "content": seg.ask}]
    assert seg.turn is not None
    return msgs + turn_messages(seg.turn, trajectory_id, counter)


def tools_text(tools: list[Tool]) -> str:
    return json.dumps([t.openai() for t in tools], ensure_ascii=False)


def sdg_rows(shaped: Shaped, tools: list[Tool], trajectory_id: str) -> list[dict[str, Any]]:
    """Rows for one conversation; `tools` is everything offered once all tools are back."""
    counter = [0]
    messages: list[dict[str, Any]] = []
    rows: list[dict[str, Any]] = []
    held = set(shaped.held_out)
    for seg in shaped.segments:
        messages = messages + segment_messages(seg, trajectory_id, counter)
        held -= set(seg.added_tools)
        if seg.ask is not None and shaped.category == "multi_turn_miss_func":
            offered = [t for t in tools if t.name not in held]
            rows.append(_row(f"{trajectory_id}-{len(rows)}", trajectory_id, shaped.category, messages, offered))
    rows.append(_row(f"{trajectory_id}-{len(rows)}", trajectory_id, shaped.category, messages, tools))
    return rows


def _row(row_id: str, trajectory_id: str, category: str, messages: list[dict[str, Any]],
         tools: list[Tool]) -> dict[str, Any]:
    return {"id": row_id, "trajectory_id": trajectory_id, "category": category,
            "messages": list(messages), "tools": tools_text(tools)}
