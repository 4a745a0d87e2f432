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
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import polars as pl

from .. import textreport as tr
from ..audit import AUDITS, DETECTORS, STATS, AuditReport, Finding, Table, cell_text, ratio, rendered
from ..errors import InputError
from ..jsonl import JsonLines, first_has, read_jsonl
from ..records import Tool, ToolCall
from .cases import Candidate
from .config import LABELS
from .export import COLUMNS
from .labeler import label_candidate


def read_rows(path: Path) -> JsonLines:
    """Rows of a .parquet (numbered from 1) or .jsonl file (by line), bad JSON lines as problems."""
    if path.suffix != ".parquet":
        return read_jsonl(path)
    try:
        rows = pl.read_parquet(path).to_dicts()
    except (pl.exceptions.PolarsError, OSError, ValueError) as exc:
        raise InputError(f"not a readable Parquet file: {_first_line(exc)}", file=str(path)) from None
    return JsonLines(rows=list(enumerate(rows, start=1)))


def _first_line(exc: Exception) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


SPLIT_STEMS = ("train", "validation", "test")


def resolve(path: Path) -> list[Path]:
    """A file, or a run's judge/ directory: its rows of every split (train.jsonl,
    validation.jsonl, test.jsonl; the .parquet twins hold the same rows)."""
    if not path.is_dir():
        return [path]
    found = [path / f"{s}.jsonl" for s in SPLIT_STEMS if (path / f"{s}.jsonl").is_file()]
    if not found:
        raise InputError("no test.jsonl (or train/validation.jsonl) in this directory (expected a judge "
                         "file or a run's judge/)", file=str(path))
    return found


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
        problems = label_problems(row) + schema_problems(row["label"], tools, cand)
    except (ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
        return [f"unparsable row: {exc}"]
    if meta is not None and not problems:
        problems += relabel_problems(row["label"], meta, cand, tools)
    return problems


def relabel_problems(label: str, meta: dict[str, Any], cand: Candidate, tools: list[Tool]) -> list[str]:
    """The independent labeler's verdict from the gold call in meta.jsonl, when it disagrees."""
    try:
        gold = ToolCall.model_validate(meta["gold"]) if meta.get("gold") else None
    except ValueError as exc:
        return [f"meta.jsonl: gold is not a tool call: {_first_line(exc)}"]
    verdict = label_candidate(gold, cand, tools)
    return [] if verdict.label == label else [f"labeler says {verdict.label}: {verdict.reasons}"]


def meta_path(path: Path) -> Path:
    """The provenance file of a data file: meta_<split>.jsonl, or meta.jsonl (un-split test)."""
    split = path.parent / f"meta_{path.stem}.jsonl"
    return split if split.is_file() or path.stem != "test" else path.parent / "meta.jsonl"


def metas_for(path: Path, data: JsonLines) -> dict[int, dict[str, Any]]:
    """meta rows by line, when the file beside is line-aligned with the data (else {})."""
    meta = meta_path(path)
    if not meta.is_file():
        return {}
    lines = read_jsonl(meta)
    return dict(lines.rows) if not lines.problems and lines.count == data.count else {}


def audit_judge(path: Path) -> AuditReport:
    report = AuditReport(format="judge", path=str(path))
    for f in resolve(path):
        audit_file(f, report)
    report.lines = rendered(report.tables)
    return report


def audit_file(path: Path, report: AuditReport) -> None:
    data = read_rows(path)
    report.findings += data.findings(path)
    if not data.rows and not data.problems:
        report.findings.append(Finding(severity="error", where=str(path), message="no rows (empty file)"))
    metas = metas_for(path, data)
    for n, row in data.rows:
        report.findings += [Finding(severity="error", where=f"{path}:row {n}", message=p)
                            for p in row_problems(row, metas.get(n) if metas else None)]
    figures, table = mix_figures([row for _, row in data.rows], path)
    report.figures |= figures
    report.tables.append(table)


LABEL_LEGEND = {"share": "the label's share of the file's rows"}


def mix_figures(rows: list[dict[str, Any]], path: Path) -> tuple[dict[str, float | int | str | None], Table]:
    labels = Counter(str(r.get("label")) for r in rows)
    prefix = "" if path.stem == "test" else f"{path.stem}."
    figures: dict[str, float | int | str | None] = {f"{prefix}rows": len(rows)}
    figures |= {f"{prefix}share.{lab}": _round(ratio(labels[lab], len(rows))) for lab in LABELS}
    table = Table(title=f"judge labels ({path.name}): {len(rows)} rows", columns=["label", "rows", "share"],
                  legend=LABEL_LEGEND, rows=[[lab, labels[lab], ratio(labels[lab], len(rows))] for lab in LABELS])
    return figures, table


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


def _shape(row: dict[str, Any]) -> tuple[bool, int, int] | None:
    """(text reply?, request words, tools offered) of a row; None when too malformed to measure."""
    try:
        msgs, tools = json.loads(row["messages_history"]), json.loads(row["tools_list"])
        return not msgs[-1].get("tool_calls"), len(str(msgs[0].get("content", "")).split()), len(tools)
    except (ValueError, KeyError, TypeError, AttributeError, IndexError):
        return None


def stats_judge(path: Path) -> AuditReport:
    report = AuditReport(format="judge", path=str(path))
    for f in resolve(path):
        stats_file(f, report)
    report.lines = rendered(report.tables)
    return report


def stats_file(path: Path, report: AuditReport) -> None:
    data = read_rows(path)
    if not data.rows:
        why = f" (line {data.problems[0][0]}: {data.problems[0][1]})" if data.problems else ""
        raise InputError(f"no judge rows to measure{why}", file=str(path))
    rows = [row for _, row in data.rows]
    figures, table = mix_figures(rows, path)
    shapes = [s for r in rows if (s := _shape(r)) is not None]
    n = len(shapes)
    texts = sum(s[0] for s in shapes)
    words, tools = ratio(sum(s[1] for s in shapes), n), ratio(sum(s[2] for s in shapes), n)
    prefix = "" if path.stem == "test" else f"{path.stem}."
    figures |= {f"{prefix}text_replies": texts, f"{prefix}request_words": _round(words),
                f"{prefix}tools_offered": _round(tools)}
    table.notes.append(f"text replies {texts}; request words (mean) {cell_text(words, 1)}; "
                       f"tools offered (mean) {cell_text(tools, 2)}")
    bad = data.count - len(shapes)
    if bad:
        table.notes.append(f"{bad} malformed row(s) left out (see `trajgen validate --format judge`)")
    report.figures |= figures
    report.tables.append(table)


def looks_like_judge(path: Path) -> bool:
    if path.is_dir():
        return any(looks_like_judge(path / f"{s}.jsonl") for s in SPLIT_STEMS)
    if path.suffix == ".parquet":
        return _parquet_columns(path) >= set(COLUMNS)
    return path.suffix == ".jsonl" and first_has(path, ("tools_list", "messages_history"))


def _parquet_columns(path: Path) -> set[str]:
    try:
        return set(pl.read_parquet_schema(path)) if path.is_file() else set()
    except (pl.exceptions.PolarsError, OSError, ValueError):
        return set()


@tr.QUERY_READERS.register("judge")
def judge_queries(path: Path) -> Iterator[tr.Query]:
    # the rows: test.jsonl, or <split>.jsonl per split; meta*/pairs* files are their companions
    rows = [f for f in tr.files(path, "*.jsonl") if not f.stem.startswith(("meta", "pairs"))]
    for f in rows if path.is_dir() else [path]:
        gold = _judge_gold(meta_path(f))
        for i, rec in enumerate(tr.json_records(f)):
            history = rec.get("messages_history")
            messages = json.loads(history) if isinstance(history, str) else history or []
            text = tr.first_user(messages)
            if text is not None:
                yield "all", text, tr.call_values(messages) + (gold[i] if i < len(gold) else []) + _offered_apps(rec)


def _offered_apps(rec: dict[str, Any]) -> list[str]:
    """The app part of the offered tools' "<app>: <api>" names (TRAJECT-style catalogs): a query
    may name the app, as the text gate allows (generator.validators.quality.exempt_phrases)."""
    tools = rec.get("tools_list")
    try:
        tools = json.loads(tools) if isinstance(tools, str) else tools or []
    except ValueError:
        return []
    names = [str((t.get("function") or t).get("name", "")) for t in tools if isinstance(t, dict)]
    return [n.split(":", 1)[0] for n in names if ":" in n]


def _judge_gold(meta: Path) -> list[list[str]]:
    """The gold call's values per row (trajgen's line-aligned meta.jsonl; [] for other files)."""
    if not meta.is_file():
        return []
    return [tr.strings((r.get("gold") or {}).get("arguments")) for r in tr.json_records(meta) if isinstance(r, dict)]


AUDITS.add("judge", audit_judge)
STATS.add("judge", stats_judge)
DETECTORS.add("judge", looks_like_judge)
