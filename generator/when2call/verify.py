"""Each label checked by the independent reader (generator.reader), in the context the model gets.

- tool_call (stated, determined): every value of the gold call is stated or described, or hinted
  or omitted and determined by a reading rule (history, query time, schema default);
- request_for_info (undetermined): every value but the held-out one is stated or described; the
  held-out one is none of these: omitted, and no rule determines it.

A twin whose reading contradicts its label is a contradiction: the target is drawn again, and
after the last attempt rejected with the reader's evidence. The same checks run again over the
written files in `trajgen stats` (audit.py), where the count of contradictions must be 0.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ..reader import ArgReading, Situation, read_query
from ..records import HistoryEvent, Tool, ToolCall

SAID = ("stated", "described")


def reading(text: str, call: ToolCall, tool: Tool, history: list[HistoryEvent],
            time: datetime | None) -> list[ArgReading]:
    situation = Situation(time=time, tools={tool.name: tool}, history=history)
    return read_query(text, [call], situation, kinds=[tool.domain]).args


def _show(a: ArgReading) -> str:
    det = "" if a.determined is None else f", determined={a.determined}"
    return f"{a.param}={a.gold!r} reads {a.label}{det} ({a.rule}: {a.evidence})"


def call_problems(args: list[ArgReading]) -> list[str]:
    """A tool_call item: every value said, or left out and determined."""
    return [f"tool_call, but {_show(a)}" for a in args if a.label not in SAID and not a.determined]


def ask_problems(args: list[ArgReading], held_out: str) -> list[str]:
    """A request_for_info item: the held-out value neither said, hinted nor determined; every
    other value said or determined."""
    out = [f"request_for_info, but held-out {_show(a)}" for a in args
           if a.param == held_out and (a.label != "omitted" or a.determined)]
    if not any(a.param == held_out for a in args):
        out.append(f"request_for_info, but the gold call has no argument {held_out}")
    return out + call_problems([a for a in args if a.param != held_out])


def check_call(text: str, call: ToolCall, tool: Tool, history: list[HistoryEvent],
               time: datetime | None) -> list[str]:
    return call_problems(reading(text, call, tool, history, time))


def check_ask(text: str, call: ToolCall, tool: Tool, held_out: str, history: list[HistoryEvent],
              time: datetime | None) -> list[str]:
    return ask_problems(reading(text, call, tool, history, time), held_out)


def determined_by(text: str, call: ToolCall, tool: Tool, param: str, history: list[HistoryEvent],
                  time: datetime | None) -> str | None:
    """The reading rule that gives the left-out value in this context ("history:settled",
    "time", "default"), None when none does."""
    found: Any = next((a for a in reading(text, call, tool, history, time) if a.param == param), None)
    return found.rule if found is not None and found.label != "stated" and found.determined else None
