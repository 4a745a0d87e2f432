"""Native BFCL v4 single-turn entries: function docs, possible answers with alternatives, files.

Possible answers follow BFCL's conventions (FORMATS 3.2): every parameter maps to a list of
acceptable values; "" in the list means "may be omitted" and is only ever given to optional
parameters (the gold value equals the schema default, or an unstated optional with a default);
dict values are dicts of alternative lists; parameters not listed must not be produced.
Equivalent forms are added where BFCL's string standardization would not already merge them
(dates written as 06/05/2025 or June 5, 2025; clock times as 9:30 AM; integral numbers as
int and float).
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from typing import Any

from ..core.schema import to_bfcl
from ..io import atomic_write_text
from ..records import Tool, ToolCall, dict_at

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_CLOCK = re.compile(r"^([01]\d|2[0-3]):([0-5]\d)$")
_NO_DEFAULT = object()
GOLD_DIR = "gold"  # our gold calls for categories BFCL ships without possible_answer


def function_doc(tool: Tool) -> dict[str, Any]:
    params = to_bfcl(tool.parameters)
    params.setdefault("properties", {})
    params.setdefault("required", [])  # BFCL's checker reads it unconditionally
    return {"name": tool.name, "description": tool.description, "parameters": params}


def string_forms(value: str) -> list[str]:
    forms = [value]
    if _DATE.match(value):
        try:
            d = datetime.strptime(value, "%Y-%m-%d")
        except ValueError:
            return forms
        forms += [d.strftime("%m/%d/%Y"), f"{d.strftime('%B')} {d.day}, {d.year}"]
    elif m := _CLOCK.match(value):
        h, mins = int(m.group(1)), m.group(2)
        forms.append(f"{(h % 12) or 12}:{mins} {'AM' if h < 12 else 'PM'}")
    return forms


def alternatives(value: Any, schema: dict[str, Any], name: str = "") -> list[Any]:
    """Acceptable values for one gold value (without the "" omission marker). A string's other
    forms of a date or a clock time are acceptable only where the parameter is no number or id and
    its pattern takes them (set 23: AD 2025-10-20 answered "October 20, 2025")."""
    if isinstance(value, str) and "enum" not in schema:
        from ..core.surface import _named_number

        pattern = schema.get("pattern")
        return [f for f in string_forms(value) if f == value or not _named_number(name) and
                (not isinstance(pattern, str) or re.search(pattern, f))]
    return _alternatives(value, schema)


def _alternatives(value: Any, schema: dict[str, Any]) -> list[Any]:
    if isinstance(value, dict):
        props = schema.get("properties") or {}
        return [{k: alternatives(v, props.get(k, {}), k) for k, v in value.items()}]
    if isinstance(value, list):
        item = dict_at(schema, "items")
        return [[alternatives(x, item)[0] if isinstance(x, dict) else x for x in value]]
    if isinstance(value, (int, float)) and not isinstance(value, bool) and schema.get("type") == "number" \
            and float(value).is_integer():
        return [value, float(value) if isinstance(value, int) else int(value)]
    return [value]


def answer_params(tool: Tool, call: ToolCall) -> dict[str, list[Any]]:
    required = set(tool.required)
    out: dict[str, list[Any]] = {}
    for name, value in call.arguments.items():
        spec = tool.properties.get(name, {})
        alts = alternatives(value, spec, name)
        if name not in required and spec.get("default", _NO_DEFAULT) == value:
            alts.append("")
        out[name] = alts
    for name, spec in tool.properties.items():  # unstated optionals may still be passed as default
        default = spec.get("default", _NO_DEFAULT)
        if name not in out and name not in required and default not in (_NO_DEFAULT, None):
            out[name] = alternatives(default, spec, name) + [""]
    return out


def ground_truth(tools: dict[str, Tool], calls: list[ToolCall]) -> list[dict[str, Any]]:
    return [{c.tool: answer_params(tools[c.tool], c)} for c in calls]


def question_line(entry_id: str, user_texts: list[str], offered: list[Tool]) -> dict[str, Any]:
    return {"id": entry_id, "question": [[{"role": "user", "content": t} for t in user_texts]],
            "function": [function_doc(t) for t in offered]}


def row_calls(row: dict[str, Any]) -> list[ToolCall]:
    final = row["messages"][-1]
    return [ToolCall(tool=tc["function"]["name"], arguments=json.loads(tc["function"]["arguments"]))
            for tc in final.get("tool_calls") or []]


def row_tools(row: dict[str, Any], known: dict[str, Tool]) -> list[Tool]:
    """The row's offered tools as Tool records (catalog tools when known, else from the row)."""
    out = []
    for spec in json.loads(row["tools"]):
        f = spec["function"]
        out.append(known.get(f["name"]) or Tool(name=f["name"], app=f["name"], api=f["name"], domain="",
                                                description=f.get("description", ""),
                                                parameters=f.get("parameters") or {}))
    return out


def entry_from_row(row: dict[str, Any], known: dict[str, Tool], with_answer: bool
                   ) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """A single-turn SDG row -> (question line, possible-answer line or None); id filled later."""
    offered = row_tools(row, known)
    texts = [m["content"] for m in row["messages"][:-1] if m["role"] == "user"]
    question = question_line("", texts, offered)
    if not with_answer:
        return question, None
    return question, {"id": "", "ground_truth": ground_truth({t.name: t for t in offered}, row_calls(row))}


def jsonl(rows: list[dict[str, Any]]) -> str:
    # BFCL's own files: json.dumps defaults (ASCII-escaped), one object per line
    return "".join(json.dumps(r) + "\n" for r in rows)


def write_category(out: Path, category: str, questions: list[dict[str, Any]],
                   answers: list[dict[str, Any]] | None) -> list[Path]:
    qpath = out / f"BFCL_v4_{category}.json"
    atomic_write_text(qpath, jsonl(questions))
    if answers is None:
        return [qpath]
    apath = out / "possible_answer" / f"BFCL_v4_{category}.json"
    atomic_write_text(apath, jsonl(answers))
    return [qpath, apath]
