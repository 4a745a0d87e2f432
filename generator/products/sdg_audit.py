"""Audit and stats of SDG rows (`trajgen validate --format sdg FILE`, `trajgen stats FILE`).

Checked independently of how the rows were made: fields, roles in order, no system message,
every tool call names an offered tool with schema-valid JSON-string arguments, every tool
message answers an open call with its id and name, the final message is the assistant's.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from ..audit import AUDITS, DETECTORS, STATS, AuditReport, Finding
from ..errors import InputError
from ..jsonl import first_has, read_into, require_rows
from ..readers import tool_from_openai
from ..records import dict_at
from ..schema import argument_errors
from ..vagueness import gold_values, normalize

ROW_KEYS = ("id", "trajectory_id", "category", "messages", "tools")


def resolve(path: Path) -> Path:
    """A run's sdg/ directory stands for its train.jsonl."""
    if not path.is_dir():
        return path
    if not (path / "train.jsonl").is_file():
        raise InputError("no train.jsonl in this directory (expected an SDG file or a run's sdg/)",
                         file=str(path))
    return path / "train.jsonl"


def _calls_problems(msg: dict[str, Any], tools: dict[str, Any], open_ids: dict[str, str]) -> list[str]:
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
        if not isinstance(raw, str):
            problems.append(f"arguments of {name} are not a JSON string")
            continue
        try:
            args = json.loads(raw)
        except json.JSONDecodeError:
            problems.append(f"arguments of {name} do not parse as JSON")
            continue
        problems += [f"{name}: {e}" for e in argument_errors(tools[name], args)]
        open_ids[str(tc.get("id", ""))] = name
    return problems


def _message_problems(i: int, msg: dict[str, Any], tools: dict[str, Any],
                      open_ids: dict[str, str]) -> list[str]:
    if not isinstance(msg, dict):
        return [f"message {i}: expected an object, got {type(msg).__name__}"]
    role = msg.get("role")
    if role == "system":
        return [f"message {i}: system message present"]
    if role == "assistant":
        return [f"message {i}: {p}" for p in _calls_problems(msg, tools, open_ids)]
    if role == "tool":
        cid = msg.get("tool_call_id")
        if not isinstance(cid, str) or cid not in open_ids:
            return [f"message {i}: tool message answers no open call ({cid})"]
        if msg.get("name") != open_ids.pop(cid):
            return [f"message {i}: tool message name does not match its call"]
        return []
    return [] if role == "user" else [f"message {i}: unknown role {role!r}"]


def row_problems(row: dict[str, Any]) -> list[str]:
    missing = [k for k in ROW_KEYS if k not in row]
    if missing:
        return [f"missing field(s) {', '.join(missing)}"]
    try:
        defs = json.loads(row["tools"])
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
        problems += _message_problems(i, msg, tools, open_ids)
    if msgs[-1].get("role") != "assistant":
        problems.append("the final message is not the assistant's (the target)")
    return problems


def audit_sdg(path: Path) -> AuditReport:
    path = resolve(path)
    report = AuditReport(format="sdg", path=str(path))
    rows = read_into(path, report)
    cats: Counter[str] = Counter()
    for n, row in rows:
        cats[str(row.get("category"))] += 1
        for p in row_problems(row):
            report.findings.append(Finding(severity="error", where=f"{path}:line {n} ({row.get('id')})",
                                           message=p))
    report.figures = {"rows": len(rows), **{f"category.{k}": v for k, v in sorted(cats.items())}}
    report.lines = [f"rows {len(rows)}"] + [f"  {k:28s} {v}" for k, v in sorted(cats.items())]
    return report


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
    path = resolve(path)
    report = AuditReport(format="sdg", path=str(path))
    per: dict[str, list[tuple[int, int, int]]] = {}
    skipped = 0
    for _, row in require_rows(path, report, "SDG"):
        m = _measure(row)
        skipped += m is None
        if m is not None:
            per.setdefault(str(row.get("category", "?")), []).append(m)
    report.lines = [f"{'category':28s} {'rows':>5s} {'VR':>6s} {'words':>6s}"]
    for cat, xs in sorted(per.items()):
        total = sum(x[1] for x in xs)
        vr = sum(x[0] for x in xs) / total if total else float("nan")
        words = sum(x[2] for x in xs) / len(xs)
        report.lines.append(f"{cat:28s} {len(xs):5d} {vr:6.3f} {words:6.1f}")
        report.figures[f"{cat}.value_recall"] = round(vr, 4)
    bad = skipped + len(report.findings)
    if bad:
        report.lines.append(f"{bad} malformed line(s) left out (see `trajgen validate --format sdg`)")
    return report


def looks_like_sdg(path: Path) -> bool:
    if path.is_dir():
        return looks_like_sdg(path / "train.jsonl")
    return path.suffix == ".jsonl" and first_has(path, ("messages", "category"))


AUDITS.add("sdg", audit_sdg)
STATS.add("sdg", stats_sdg)
DETECTORS.add("sdg", looks_like_sdg)
