"""Putting an item to the model: native tool calling (`tools=`), or JSON for models without it.

One reply for single-step items; for sequential trajectories a loop that answers each call with
the recorded output of the gold step of the same tool, until the model stops calling tools (or
has had len(gold) + 2 turns). Every exchange goes through the LLM client: cached, retried,
rate-limited and budgeted like generation.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, Field

from ..llm.protocol import LLMClient, WireCall
from ..prompting import render
from ..records import ToolCall
from .records import EvalItem, Prediction
from .wire import read_calls, tool_names, wire_names, wire_tools

NO_RESULT = "error: this call returned no result"


class JsonCall(BaseModel):
    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)


class CallsReply(BaseModel):
    """The reply asked for in JSON mode (--json-calls)."""

    tool_calls: list[JsonCall] = Field(default_factory=list)
    text: str = ""


@dataclass
class Turn:
    calls: list[WireCall]
    text: str
    raw: str = ""  # JSON mode: the reply as sent, echoed back as the assistant message


@dataclass
class Session:
    """One item's conversation under its wire names."""

    item: EvalItem
    json_calls: bool
    names: dict[str, str] = field(init=False)
    back: dict[str, str] = field(init=False)
    tools: list[dict[str, Any]] = field(init=False)
    used: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.names = wire_names(tool_names(self.item.tools) + [c.tool for c in self.item.gold])
        self.back = {w: o for o, w in self.names.items()}
        self.tools = wire_tools(self.item.tools, self.names)

    def output_for(self, call: ToolCall) -> str:
        """The recorded output of the first unused gold step of the same tool."""
        for i, gold in enumerate(self.item.gold):
            if i not in self.used and gold.tool == call.tool and i < len(self.item.outputs):
                self.used.add(i)
                return self.item.outputs[i]
        return NO_RESULT


async def ask(item: EvalItem, client: LLMClient, *, json_calls: bool, temperature: float) -> Prediction:
    s = Session(item, json_calls)
    messages = json_messages(s) if json_calls else list(item.messages)
    calls: list[ToolCall] = []
    notes: list[str] = []
    text = ""
    turns = 1 if item.steps == "one" else len(item.gold) + 2
    for n in range(turns):
        turn = await (ask_json(client, messages, temperature) if json_calls
                      else ask_tools(client, messages, s.tools, temperature))
        got, bad = read_calls(turn.calls, s.back)
        calls, notes, text = calls + got, notes + bad, turn.text
        if not turn.calls or n + 1 == turns:
            break
        messages = [*messages, *follow_up(s, turn, got, n)]
    return Prediction(calls=calls, text=text, notes=notes)


async def ask_tools(client: LLMClient, messages: list[dict[str, Any]], tools: list[dict[str, Any]],
                    temperature: float) -> Turn:
    reply = await client.tool_call(messages, tools, temperature=temperature)
    return Turn(calls=reply.tool_calls, text=reply.content)


async def ask_json(client: LLMClient, messages: list[dict[str, Any]], temperature: float) -> Turn:
    got = await client.structured(messages, CallsReply, temperature=temperature, tag="eval")
    value: CallsReply = got.value
    calls = [WireCall(name=c.name, arguments=json.dumps(c.arguments, ensure_ascii=False)) for c in value.tool_calls]
    return Turn(calls=calls, text=value.text, raw=got.raw)


def follow_up(s: Session, turn: Turn, got: list[ToolCall], n: int) -> list[dict[str, Any]]:
    """The assistant's calls and their results, as the next messages of the conversation."""
    outputs = [s.output_for(c) for c in got]
    if s.json_calls:
        results = [{"name": c.name, "output": o} for c, o in zip(turn.calls, outputs, strict=True)]
        return [{"role": "assistant", "content": turn.raw},
                {"role": "user", "content": render("eval/json_results", results=results)}]
    ids = [c.id or f"call_{n}_{i}" for i, c in enumerate(turn.calls)]
    assistant = {"role": "assistant", "content": turn.text or None,
                 "tool_calls": [{"id": i, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
                                for i, c in zip(ids, turn.calls, strict=True)]}
    return [assistant, *({"role": "tool", "tool_call_id": i, "content": o} for i, o in zip(ids, outputs, strict=True))]


# ---------------------------------------------------------------- JSON mode

def json_messages(s: Session) -> list[dict[str, Any]]:
    """The item's messages with the tools described in the system message; earlier tool calls
    and results in the context (SDG multi-turn rows) written out as text."""
    msgs = [textual(m) for m in s.item.messages]
    system = msgs.pop(0)["content"] if msgs and msgs[0]["role"] == "system" else ""
    tools = [{"name": t["function"]["name"], "description": t["function"].get("description", ""),
              "parameters": t["function"].get("parameters", {})} for t in s.tools]
    return [{"role": "system", "content": render("eval/json_calls", system=system, tools=tools)}, *msgs]


def textual(m: dict[str, Any]) -> dict[str, Any]:
    if m.get("role") == "tool":
        return {"role": "user", "content": f"Tool result ({m.get('name', 'tool')}): {m.get('content', '')}"}
    if m.get("role") == "assistant" and m.get("tool_calls"):
        calls = [{"name": c["function"]["name"], "arguments": json.loads(c["function"]["arguments"] or "{}")}
                 for c in m["tool_calls"]]
        return {"role": "assistant", "content": json.dumps({"tool_calls": calls, "text": m.get("content") or ""})}
    return {"role": m.get("role", "user"), "content": m.get("content") or ""}
