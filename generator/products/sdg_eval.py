"""SDG rows (`sdg/train.jsonl`: OpenAI messages by BFCL category): one item per row, the messages
before the final assistant message sent as context with the row's tools, the final message the
gold. Scored by BFCL's AST rule: the gold calls become a possible answer in which every optional
parameter may be omitted and an omitted optional one is also accepted at its schema default (as
trajgen's BFCL files do); a final text message means no call is expected.

Judge rows are not tool-calling items (they hold a candidate call and its label, i.e. the answer
to be judged): `trajgen eval` does not evaluate them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..bfcl import eval as bfcl
from ..errors import InputError
from ..evaluate.formats.base import FORMATS, EvalFormat, LoadContext, level_rank, visible
from ..evaluate.formats.calls import ast_reference
from ..evaluate.records import EvalItem
from ..jsonl import first_has
from ..readers import tool_from_openai
from ..records import Tool, ToolCall, dict_at

KEYS = ("messages", "category", "tools")


def discover(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.jsonl") if visible(root, p) and claims(p))


def claims(path: Path) -> bool:
    # when2call's SDG rows are training data: `trajgen eval` reads those twins from its test file
    return path.suffix == ".jsonl" and first_has(path, KEYS) and not path.name.startswith("when2call")


def load(path: Path, ctx: LoadContext) -> list[EvalItem]:
    return [row_item(path, n, row) for n, row in ((n, r) for n, r in enumerate(bfcl.rows(path), start=1))]


def row_tools(row: dict[str, Any], where: str) -> list[Tool]:
    try:
        defs = json.loads(row["tools"]) if isinstance(row["tools"], str) else row["tools"]
        return [tool_from_openai(d) for d in defs]
    except (json.JSONDecodeError, TypeError) as e:
        raise InputError(f"tools is not a JSON list of tool definitions ({e})", file=where, field="tools") from None
    except InputError as e:
        raise InputError(e.message, file=where, field=f"tools.{e.field}") from None


def target_calls(message: dict[str, Any], where: str) -> list[ToolCall]:
    out = []
    for tc in message.get("tool_calls") or []:
        fn = dict_at(tc, "function") if isinstance(tc, dict) else {}
        try:
            args = json.loads(fn["arguments"]) if isinstance(fn["arguments"], str) else fn["arguments"]
            out.append(ToolCall(tool=fn["name"], arguments=args))
        except (TypeError, KeyError, json.JSONDecodeError, ValueError):
            raise InputError("a tool call of the final message has no name or JSON object arguments",
                             file=where, field="messages[-1].tool_calls") from None
    return out


def row_item(path: Path, n: int, row: dict[str, Any]) -> EvalItem:
    where = f"{path}: line {n}"
    messages = row.get("messages")
    if not isinstance(messages, list) or not messages or not isinstance(messages[-1], dict) \
            or messages[-1].get("role") != "assistant":
        raise InputError("messages must end with the assistant's target message", file=where, field="messages")
    tools = row_tools(row, where)
    gold = target_calls(messages[-1], where)
    unknown = [c.tool for c in gold if c.tool not in {t.name for t in tools}]
    if unknown:
        raise InputError(f"the target calls {unknown[0]!r}, which is not among the row's tools", file=where)
    cat = str(row.get("category", "-"))
    level = bfcl.level_of(cat)
    context = messages[:-1]
    query = next((str(m.get("content")) for m in reversed(context) if m.get("role") == "user"), "")
    item_id = f"sdg:{row.get('id', n)}"
    return EvalItem(
        id=item_id, format="sdg", source=str(path), target=f"sdg:{row.get('trajectory_id', row.get('id', n))}",
        level=level, level_rank=level_rank(bfcl.LEVELS, level), category=cat, query=query, messages=context,
        tools=[t.openai() for t in tools], gold=gold, length=len(gold), reference=ast_reference(tools, gold, cat))


FORMATS.add("sdg", EvalFormat("sdg", discover, claims, load, bfcl.score, bfcl.LEVELS, title="SDG rows (BFCL rule)"))
