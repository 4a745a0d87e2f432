"""Audit and stats of SDG rows (`trajgen validate --format sdg FILE`, `trajgen stats FILE`).

Checked independently of how the rows were made: fields, roles in order, no system message,
every tool call names an offered tool with schema-valid JSON-string arguments, every tool
message answers an open call with its id and name, the final message is the assistant's.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .. import textreport as tr
from ..audit import AUDITS, DETECTORS, STATS, AuditReport, Finding, Table, legend, ratio, rendered
from ..core.schema import argument_errors
from ..core.vagueness import gold_values, normalize
from ..errors import InputError
from ..jsonl import first_has, first_object, read_into, require_stream
from ..readers import tool_from_openai
from ..records import dict_at

ROW_KEYS = ("id", "trajectory_id", "category", "messages", "tools")


SPLIT_FILES = ("train.jsonl", "validation.jsonl", "test.jsonl")
CHAT_DIR = "chat"


def resolve(path: Path) -> list[Path]:
    """A file, or a run's sdg/ directory: its split files (train, validation, test) and their
    chat-template twins in chat/."""
    if not path.is_dir():
        return [path]
    found = [d / n for d in (path, path / CHAT_DIR) for n in SPLIT_FILES if (d / n).is_file()]
    if not found:
        raise InputError("no train.jsonl, validation.jsonl or test.jsonl in this directory (expected "
                         "an SDG file or a run's sdg/)", file=str(path))
    return found


def _calls_problems(msg: dict[str, Any], tools: dict[str, Any], open_ids: dict[str, str],
                    chat: bool = False) -> list[str]:
    problems = []
    calls = msg.get("tool_calls") or []
    if not isinstance(calls, list) or not all(isinstance(tc, dict) for tc in calls):
        return ["tool_calls must be a list of objects"]
    for tc in calls:
        fn = dict_at(tc, "function")
        name, raw = fn.get("name"), fn.get("arguments")
        if not isinstance(name, str) or name not in tools:
            problems.append(f"call to a tool that is not offered: {name}")
            continue
        args, problem = _arguments(name, raw, chat)
        if problem:
            problems.append(problem)
            continue
        problems += [f"{name}: {e}" for e in argument_errors(tools[name], args)]
        open_ids[str(tc.get("id", ""))] = name
    return problems


def _arguments(name: str, raw: Any, chat: bool) -> tuple[Any, str | None]:
    """The call's arguments: a JSON string in the BFCL-SDG form, an object in the chat form."""
    if chat:
        return (raw, None) if isinstance(raw, dict) else (None, (f"arguments of {name} are not an object "
                                                                "(chat-template form)"))
    if not isinstance(raw, str):
        return None, f"arguments of {name} are not a JSON string"
    try:
        return json.loads(raw), None
    except json.JSONDecodeError:
        return None, f"arguments of {name} do not parse as JSON"


def _message_problems(i: int, msg: dict[str, Any], tools: dict[str, Any],
                      open_ids: dict[str, str], chat: bool = False) -> list[str]:
    if not isinstance(msg, dict):
        return [f"message {i}: expected an object, got {type(msg).__name__}"]
    role = msg.get("role")
    if role == "system":
        return [f"message {i}: system message present"]
    if role == "assistant":
        return [f"message {i}: {p}" for p in _calls_problems(msg, tools, open_ids, chat)]
    if role == "tool":
        cid = msg.get("tool_call_id")
        if not isinstance(cid, str) or cid not in open_ids:
            return [f"message {i}: tool message answers no open call ({cid})"]
        if msg.get("name") != open_ids.pop(cid):
            return [f"message {i}: tool message name does not match its call"]
        return []
    return [] if role == "user" else [f"message {i}: unknown role {role!r}"]


def row_problems(row: dict[str, Any], chat: bool = False) -> list[str]:
    """Problems of one row in the BFCL-SDG form (`tools` a JSON string, arguments JSON strings),
    or with `chat`, in the chat-template form (`tools` a list, arguments objects)."""
    missing = [k for k in ROW_KEYS if k not in row]
    if missing:
        return [f"missing field(s) {', '.join(missing)}"]
    if chat != isinstance(row["tools"], list):
        return ["tools must be a list of tool definitions (chat-template form)" if chat
                else "tools must be a JSON string of tool definitions"]
    try:
        defs = row["tools"] if chat else json.loads(row["tools"])
        tools = {d["function"]["name"]: tool_from_openai(d) for d in defs}
    except (json.JSONDecodeError, KeyError, TypeError, ValueError, InputError) as exc:
        return [f"tools does not parse to OpenAI tool definitions: {exc}"]
    msgs = row["messages"]
    if not isinstance(msgs, list) or not all(isinstance(m, dict) for m in msgs):
        return ["messages must be a list of objects"]
    if not msgs or msgs[0].get("role") != "user":
        return ["the first message is not the user's"]
    problems: list[str] = []
    open_ids: dict[str, str] = {}
    for i, msg in enumerate(msgs):
        problems += _message_problems(i, msg, tools, open_ids, chat)
    if msgs[-1].get("role") != "assistant":
        problems.append("the final message is not the assistant's (the target)")
    return problems


def is_chat(path: Path) -> bool:
    """Chat-template rows: in a chat/ folder, or (a lone file) a first row whose tools are a list."""
    if path.parent.name == CHAT_DIR:
        return True
    row = first_object(path)
    return row is not None and isinstance(row.get("tools"), list)


def audit_sdg(path: Path) -> AuditReport:
    report = AuditReport(format="sdg", path=str(path))
    for f in resolve(path):
        audit_file(f, report)
    return report


def audit_file(path: Path, report: AuditReport) -> None:
    chat = is_chat(path)
    rows = read_into(path, report)
    if not rows:
        report.findings.append(Finding(severity="error", where=str(path), message="no rows (empty file)"))
    cats: Counter[str] = Counter()
    for n, row in rows:
        cats[str(row.get("category"))] += 1
        for p in row_problems(row, chat):
            report.findings.append(Finding(severity="error", where=f"{path}:line {n} ({row.get('id')})",
                                           message=p))
    key = f"{path.parent.name}/{path.stem}" if chat else path.stem
    report.figures |= {f"{key}.rows": len(rows), **{f"{key}.category.{k}": v for k, v in sorted(cats.items())}}
    form = "chat-template form" if chat else "BFCL-SDG form"
    report.lines += [f"{path.name} ({form}): rows {len(rows)}"] + [f"  {k:28s} {v}" for k, v in sorted(cats.items())]


def _first_user_and_calls(row: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    user = next((m.get("content") or "" for m in row["messages"] if m.get("role") == "user"), "")
    calls = [json.loads(tc["function"]["arguments"]) for m in row["messages"]
             for tc in (m.get("tool_calls") or [])]
    return user, calls


def _measure(row: dict[str, Any]) -> tuple[int, int, int] | None:
    """(values said, values, words) of a row; None when the row is too malformed to measure."""
    try:
        user, calls = _first_user_and_calls(row)
        vals = [v for args in calls for _, v in gold_values(args)]
    except (ValueError, KeyError, TypeError, AttributeError):
        return None
    return sum(v in normalize(str(user)) for v in vals), len(vals), len(str(user).split())


def stats_sdg(path: Path) -> AuditReport:
    """One table per split file (the chat-template twins hold the same rows: not repeated)."""
    report = AuditReport(format="sdg", path=str(path))
    for f in [f for f in resolve(path) if not (path.is_dir() and f.parent.name == CHAT_DIR)]:
        stats_file(f, report)
    report.lines = rendered(report.tables)
    return report


def stats_file(path: Path, report: AuditReport) -> None:
    per: dict[str, list[int]] = {}  # category -> [recalled values, gold values, words, rows]
    before = len(report.findings)
    skipped = 0
    chat = is_chat(path)
    for _, row in require_stream(path, report, "SDG"):  # row by row: flat in the file's size
        m = _measure(row if not chat else sdg_form(row))
        skipped += m is None
        if m is not None:
            acc = per.setdefault(str(row.get("category", "?")), [0, 0, 0, 0])
            for k, v in enumerate((*m, 1)):
                acc[k] += v
    table = Table(title=f"SDG rows per category ({path.name})", columns=["category", "rows", "VR", "words"],
                  decimals={"words": 1},
                  legend=legend("VR", words="mean words of the user's first message"))
    prefix = "" if path.stem == "train" else f"{path.stem}."
    for cat, (recalled, gold, words, n) in sorted(per.items()):
        vr = ratio(recalled, gold)
        table.rows.append([cat, n, vr, words / n])
        report.figures[f"{prefix}{cat}.rows"] = n
        report.figures[f"{prefix}{cat}.value_recall"] = None if vr is None else round(vr, 4)
    if any(r[2] is None for r in table.rows):
        table.notes.append("VR n/a: no countable gold value (text answers, or only booleans)")
    bad = skipped + len(report.findings) - before
    if bad:
        table.notes.append(f"{bad} malformed line(s) left out (see `trajgen validate --format sdg`)")
    report.tables.append(table)


def sdg_form(row: dict[str, Any]) -> dict[str, Any]:
    """A chat-template row measured like a BFCL-SDG row (arguments back to JSON strings)."""
    msgs = [{**m, "tool_calls": [{**tc, "function": {**tc["function"], "arguments": json.dumps(
        tc["function"].get("arguments"))}} for tc in m["tool_calls"]]} if m.get("tool_calls") else m
        for m in row.get("messages") or [] if isinstance(m, dict)]
    return {**row, "messages": msgs}


def looks_like_sdg(path: Path) -> bool:
    if path.is_dir():
        return any(looks_like_sdg(path / n) for n in SPLIT_FILES)
    # when2call_sdg.jsonl is checked (with the SDG row rule) and read by the when2call format
    return path.suffix == ".jsonl" and first_has(path, ("messages", "category")) and not path.name.startswith("when2call")


@tr.QUERY_READERS.register("sdg")
def sdg_queries(path: Path) -> Iterator[tr.Query]:
    # sdg/chat/ holds the same rows in the chat-template form: read once
    for f in [f for f in tr.files(path, "*.jsonl") if "chat" not in f.relative_to(path).parts[:-1]]:
        for rec in tr.stream_records(f):
            text = tr.first_user(rec.get("messages") or [])
            if text is not None:
                yield str(rec.get("category", "all")), text, tr.call_values(rec.get("messages") or [])


AUDITS.add("sdg", audit_sdg)
STATS.add("sdg", stats_sdg)
DETECTORS.add("sdg", looks_like_sdg)
