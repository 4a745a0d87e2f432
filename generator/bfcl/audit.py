"""Audit and stats of native BFCL v4 files (`trajgen validate --format bfcl PATH`, `trajgen stats`).

PATH is a question file BFCL_v4_<category>.json or a directory of them (with possible_answer/).
Checked independently of how the files were made: JSON Lines, ids `<category>_<n>` unique and
aligned with the possible-answer file, top-level parameters.type "dict", every gold call names an
offered function, lists only schema parameters and every required one, never marks a required
parameter omittable (""), and for multi-turn: one answer turn per question turn, keyword-only
call strings, an empty question turn exactly where functions come back (missed_function).
Works on BFCL's own files too (where it finds the 7 inconsistent entries FORMATS 3.5 lists).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .. import textreport as tr
from ..audit import AUDITS, DETECTORS, STATS, AuditReport, Finding, Table, legend, ratio, rendered
from ..core.vagueness import gold_values, normalize
from ..errors import InputError
from ..jsonl import read_into

_NAME = re.compile(r"^BFCL_v4_(.+)\.json$")


SPLITS = ("train", "validation", "test")


def question_files(path: Path) -> list[Path]:
    """A question file, or a directory's question files (a split run's bfcl/ has them one level
    down, in train/, validation/ and test/)."""
    if not path.is_dir():
        return [path]
    dirs = [path] + [path / s for s in SPLITS]
    files = [p for d in dirs for p in sorted(d.glob("BFCL_v4_*.json")) if _NAME.match(p.name)]
    if not files:
        raise InputError("no BFCL_v4_<category>.json question files in this directory", file=str(path))
    return files


def read_jsonl(path: Path, report: AuditReport) -> list[dict[str, Any]]:
    """The entries of a BFCL file (JSON Lines); bad lines become findings."""
    return [row for _, row in read_into(path, report)]


def answer_file(qf: Path) -> Path | None:
    for sub in ("possible_answer", "gold"):
        p = qf.parent / sub / qf.name
        if p.exists():
            return p
    return None


Problem = tuple[str, str]  # (severity, message)


def call_problems(call: dict[str, Any], functions: dict[str, dict[str, Any]]) -> list[Problem]:
    (name, params), = call.items()
    fn = functions.get(name)
    if fn is None:
        return [("error", f"gold call to {name}, which is not offered")]
    schema = fn.get("parameters") or {}
    props, required = schema.get("properties") or {}, schema.get("required") or []
    problems = [("error", f"{name}: parameters.type is {schema.get('type')!r}, not 'dict'")] \
        if schema.get("type") != "dict" else []
    problems += [("error", f"{name}.{p}: not in the schema") for p in params if p not in props]
    problems += [("error", f"{name}.{p}: required but not in the answer") for p in required if p not in params]
    problems += [("error", f"{name}.{p}: required but no acceptable value") for p in required
                 if p in params and not [a for a in params[p] if a != ""]]
    # BFCL's own live files do this often; the checker copes, but omitting then fails
    problems += [("warning", f"{name}.{p}: required but marked omittable ('')") for p in required
                 if "" in params.get(p, [])]
    return problems


def keyword_only(call: str) -> str | None:
    try:
        node = ast.parse(call, mode="eval").body
    except SyntaxError:
        return f"call string does not parse: {call}"
    if not isinstance(node, ast.Call):
        return f"not a call: {call}"
    return f"positional argument (BFCL's decoder drops it): {call}" if node.args else None


def multi_turn_problems(q: dict[str, Any], gt: list[list[str]]) -> list[Problem]:
    turns = q.get("question") or []
    if len(turns) != len(gt):
        return [("error", f"{len(turns)} question turns but {len(gt)} answer turns")]
    problems = [("error", p) for turn in gt for c in turn if (p := keyword_only(c))]
    empty = {str(i) for i, t in enumerate(turns) if t == []}
    if empty != set(q.get("missed_function") or {}):
        problems.append(("error", "empty question turns and missed_function do not match"))
    missing = [k for k in ("initial_config", "involved_classes") if k not in q]
    return problems + [("error", f"missing field {k}") for k in missing]


def entry_problems(category: str, q: dict[str, Any], answer: dict[str, Any] | None) -> list[Problem]:
    """Problems of one entry; an entry too malformed to check is one error, never a crash."""
    try:
        return _entry_problems(category, q, answer)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        return [("error", f"malformed entry or answer ({type(exc).__name__}: {exc})")]


def _entry_problems(category: str, q: dict[str, Any], answer: dict[str, Any] | None) -> list[Problem]:
    if answer is None:
        return []
    if category.startswith("multi_turn"):
        return multi_turn_problems(q, answer["ground_truth"])
    functions = {f["name"]: f for f in q.get("function") or []}
    return [p for call in answer["ground_truth"] for p in call_problems(call, functions)]


def audit_file(qf: Path, report: AuditReport) -> int:
    named = _NAME.match(qf.name)
    category = named.group(1) if named else qf.stem
    questions = read_jsonl(qf, report)
    if not questions and not any(f.where.startswith(str(qf)) for f in report.findings):
        report.findings.append(Finding(severity="error", where=str(qf), message="no entries (empty file)"))
    af = answer_file(qf)
    answers = read_jsonl(af, report) if af else []
    if af and [a.get("id") for a in answers] != [q.get("id") for q in questions]:
        report.findings.append(Finding(severity="error", where=str(af), message="ids not aligned with the questions"))
    by_id = {str(a.get("id")): a for a in answers}
    seen: set[str] = set()
    for q in questions:
        qid = str(q.get("id"))
        where = f"{qf}:{qid}"
        if not re.fullmatch(rf"{re.escape(category)}_\d+(-\d+-\d+)?", qid) or qid in seen:
            report.findings.append(Finding(severity="error", where=where, message="id is not a unique <category>_<n>"))
        seen.add(qid)
        for severity, p in entry_problems(category, q, by_id.get(qid)):
            report.findings.append(Finding(severity=severity, where=where, message=p))
    return len(questions)


def file_key(qf: Path, root: Path) -> str:
    """`<category>`, or `<split>/<category>` for a split run's files."""
    cat = qf.stem[len("BFCL_v4_"):]
    return cat if qf.parent == root or not root.is_dir() else f"{qf.parent.name}/{cat}"


def audit_bfcl(path: Path) -> AuditReport:
    report = AuditReport(format="bfcl", path=str(path))
    for qf in question_files(path):
        n = audit_file(qf, report)
        report.figures[f"{file_key(qf, path)}.entries"] = n
    report.lines = [f"{k:40s} {v}" for k, v in sorted(report.figures.items())]
    return report


def _recall(q: dict[str, Any], gt: list[dict[str, Any]]) -> tuple[int, int]:
    text = " ".join(m.get("content") or "" for turn in q.get("question") or [] for m in turn if m.get("role") == "user")
    values = [v for call in gt for params in call.values()
              for _, v in gold_values({p: next((a for a in alts if a != ""), None) for p, alts in params.items()})]
    return sum(v in normalize(text) for v in values), len(values)


LEGEND = legend("VR", n="entries (questions) in the file",
                funcs="mean functions offered per entry",
                calls="mean gold calls per entry (n/a: no possible answer, e.g. irrelevance, or multi-turn)")


def stats_bfcl(path: Path) -> AuditReport:
    """Per category: entries, functions offered, gold calls per entry, literal value recall."""
    report = AuditReport(format="bfcl", path=str(path))
    table = Table(title="BFCL v4 entries per category", columns=["category", "n", "funcs", "calls", "VR"],
                  decimals={"funcs": 2, "calls": 2}, legend=LEGEND)
    entries = sum(_category_stats(qf, path, report, table) for qf in question_files(path))
    if not entries:
        first = f" ({report.findings[0].where}: {report.findings[0].message})" if report.findings else ""
        raise InputError(f"no BFCL entries to measure{first}", file=str(path))
    report.tables = [table]
    report.lines = rendered(report.tables)
    return report


def _category_stats(qf: Path, root: Path, report: AuditReport, table: Table) -> int:
    cat, qs = qf.stem[len("BFCL_v4_"):], read_jsonl(qf, report)
    af = answer_file(qf)
    answers = {str(a.get("id")): a.get("ground_truth") for a in read_jsonl(af, report)} if af else {}
    single = [(q, gt) for q in qs if isinstance(gt := answers.get(str(q.get("id"))), list)
              and not cat.startswith("multi_turn")]
    hits = [h for q, gt in single if (h := _safe_recall(q, gt)) is not None]
    vr = ratio(sum(h[0] for h in hits), sum(h[1] for h in hits))
    funcs = ratio(sum(_size(q.get("function")) for q in qs), len(qs))
    calls = ratio(sum(len(gt) for _, gt in single), len(single))
    key = file_key(qf, root)
    table.rows.append([key, len(qs), funcs, calls, vr])
    report.figures[f"{key}.value_recall"] = None if vr is None else round(vr, 4)
    return len(qs)


def _size(value: Any) -> int:
    return len(value) if isinstance(value, list) else 0


def _safe_recall(q: dict[str, Any], gt: list[Any]) -> tuple[int, int] | None:
    """Value recall counts of one entry; None for an entry too malformed to measure."""
    try:
        return _recall(q, gt)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def looks_like_bfcl(path: Path) -> bool:
    if _NAME.match(path.name):
        return True
    return path.is_dir() and any(any(d.glob("BFCL_v4_*.json")) for d in [path] + [path / s for s in SPLITS])


@tr.QUERY_READERS.register("bfcl")
def bfcl_queries(path: Path) -> Iterator[tr.Query]:
    questions = [f for f in tr.files(path, "BFCL_v4_*.json") if "possible_answer" not in f.parts and
                 "gold" not in f.parts and "multi_turn_func_doc" not in f.parts]
    for f in questions:
        level = f.stem.removeprefix("BFCL_v4_")
        answers = _bfcl_answers(f.parent / "possible_answer" / f.name)
        for rec in tr.json_records(f):
            turns = rec.get("question") or []
            first = turns[0] if turns and isinstance(turns[0], list) else turns
            text = tr.first_user(first) if isinstance(first, list) else None
            if text is not None:
                yield level, text, answers.get(str(rec.get("id")), [])


def _bfcl_answers(path: Path) -> dict[str, list[str]]:
    """Argument values per entry id, from the possible_answer file beside a question file."""
    if not path.is_file():
        return {}
    return {str(r.get("id")): tr.strings(r.get("ground_truth")) for r in tr.json_records(path) if isinstance(r, dict)}


AUDITS.add("bfcl", audit_bfcl)
STATS.add("bfcl", stats_bfcl)
DETECTORS.add("bfcl", looks_like_bfcl)
