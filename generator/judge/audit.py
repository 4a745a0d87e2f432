"""`trajgen validate --format judge` and `trajgen stats` for judge rows (.jsonl or .parquet).

Per row: the five string columns, JSON that parses, a known label, binary_label and
failure_reason consistent with it, and what the schema alone can prove (a VALID_CALL or
PARAM_VALUE_ERROR row names an offered tool with all required and no unknown parameters; a
PARAM_NAME_ERROR row does not). When the line-aligned meta.jsonl (gold calls) sits beside the
file, every row is re-labelled by the independent labeler as well.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import polars as pl

from ..audit import AUDITS, DETECTORS, STATS, AuditReport, Finding
from ..records import Tool, ToolCall
from .cases import Candidate
from .config import LABELS
from .export import COLUMNS
from .labeler import label_candidate


def read_rows(path: Path) -> list[dict[str, Any]]:
    if path.suffix == ".parquet":
        return pl.read_parquet(path).to_dicts()
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def tool_of(definition: dict[str, Any]) -> Tool:
    fn = definition.get("function", definition)
    app, _, api = str(fn.get("name", "")).partition("_")
    return Tool(name=fn.get("name", ""), app=app, api=api or app, domain="",
                description=fn.get("description", ""),
                parameters=fn.get("parameters") or {"type": "object", "properties": {}})


def candidate_of(messages: list[dict[str, Any]]) -> Candidate:
    last = messages[-1] if messages else {}
    calls = last.get("tool_calls") or []
    if not calls:
        return Candidate(text=last.get("content") or "")
    fn = calls[0]["function"]
    args = fn.get("arguments", {})
    return Candidate(call=ToolCall(tool=fn["name"], arguments=json.loads(args) if isinstance(args, str) else args))


def label_problems(row: dict[str, Any]) -> list[str]:
    label = row["label"]
    if label not in LABELS:
        return [f"unknown label {label!r}"]
    out = []
    if row["binary_label"] != ("CORRECT" if label == "VALID_CALL" else "INCORRECT"):
        out.append(f"binary_label {row['binary_label']!r} contradicts label {label}")
    reasons = json.loads(row["failure_reason"])
    if not isinstance(reasons, list) or (reasons == []) != (label == "VALID_CALL"):
        out.append("failure_reason must be a JSON list, empty exactly when the label is VALID_CALL")
    return out


def schema_problems(label: str, tools: list[Tool], cand: Candidate) -> list[str]:
    """What the offered schemas alone prove about the label."""
    if cand.call is None:
        return []
    tool = next((t for t in tools if t.name == cand.call.tool), None)
    args = cand.call.arguments
    names_ok = tool is not None and set(tool.required) <= set(args) <= set(tool.properties)
    if label in ("VALID_CALL", "PARAM_VALUE_ERROR") and not names_ok:
        return [f"{label} but the tool or parameter names are wrong"]
    if label == "PARAM_NAME_ERROR" and (tool is None or names_ok):
        return ["PARAM_NAME_ERROR but the tool is unknown or every name is right"]
    return []


def row_problems(row: dict[str, Any], meta: dict[str, Any] | None) -> list[str]:
    missing = [c for c in COLUMNS if not isinstance(row.get(c), str)]
    if missing:
        return [f"column(s) {missing} missing or not strings"]
    try:
        tools = [tool_of(t) for t in json.loads(row["tools_list"])]
        cand = candidate_of(json.loads(row["messages_history"]))
        problems = label_problems(row)
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        return [f"unparsable row: {exc}"]
    problems += schema_problems(row["label"], tools, cand)
    if meta is not None and not problems:
        gold = ToolCall.model_validate(meta["gold"]) if meta.get("gold") else None
        verdict = label_candidate(gold, cand, tools)
        if verdict.label != row["label"]:
            problems.append(f"labeler says {verdict.label}: {verdict.reasons}")
    return problems


def metas_for(path: Path, n: int) -> list[dict[str, Any] | None]:
    meta = path.parent / "meta.jsonl"
    rows = read_rows(meta) if meta.exists() else []
    return rows if len(rows) == n else [None] * n


def audit_judge(path: Path) -> AuditReport:
    path = path / "test.jsonl" if path.is_dir() else path
    report = AuditReport(format="judge", path=str(path))
    rows = read_rows(path)
    for n, (row, meta) in enumerate(zip(rows, metas_for(path, len(rows)), strict=True), start=1):
        report.findings += [Finding(severity="error", where=f"{path}:row {n}", message=p)
                            for p in row_problems(row, meta)]
    report.figures, report.lines = mix_figures(rows)
    return report


def mix_figures(rows: list[dict[str, Any]]) -> tuple[dict[str, float | int | str], list[str]]:
    labels = Counter(str(r.get("label")) for r in rows)
    n = max(1, len(rows))
    figures: dict[str, float | int | str] = {"rows": len(rows)}
    figures |= {f"share.{lab}": round(labels[lab] / n, 4) for lab in LABELS}
    lines = [f"rows {len(rows)}"] + [f"  {lab:18s} {labels[lab]:6d} {labels[lab] / n:6.1%}" for lab in LABELS]
    return figures, lines


def stats_judge(path: Path) -> AuditReport:
    path = path / "test.jsonl" if path.is_dir() else path
    report = AuditReport(format="judge", path=str(path))
    rows = read_rows(path)
    report.figures, report.lines = mix_figures(rows)
    msgs = [json.loads(r["messages_history"]) for r in rows]
    texts = sum(1 for m in msgs if not m[-1].get("tool_calls"))
    words = sum(len(str(m[0].get("content", "")).split()) for m in msgs) / max(1, len(msgs))
    tools = sum(len(json.loads(r["tools_list"])) for r in rows) / max(1, len(rows))
    report.figures |= {"text_replies": texts, "request_words": round(words, 2), "tools_offered": round(tools, 2)}
    report.lines += [f"text replies {texts}; request words (mean) {words:.1f}; tools offered (mean) {tools:.2f}"]
    return report


def looks_like_judge(path: Path) -> bool:
    if path.is_dir():
        return (path / "test.jsonl").is_file() and looks_like_judge(path / "test.jsonl")
    if path.suffix == ".parquet":
        return set(COLUMNS) <= set(pl.read_parquet_schema(path))
    if path.suffix != ".jsonl" or not path.is_file():
        return False
    with path.open(encoding="utf-8") as fh:
        first = fh.readline()
    return '"tools_list"' in first and '"messages_history"' in first


AUDITS.add("judge", audit_judge)
STATS.add("judge", stats_judge)
DETECTORS.add("judge", looks_like_judge)
