"""`trajgen validate` and `trajgen stats` of When2Call files (trajgen's or When2Call's own).

validate: every row has When2Call's fields with their types; the category is one of the four,
`answers` has an entry per category and its tool call parses; `held_out_param` is set exactly on
request_for_info rows and names a required parameter of the target tool; a cannot_answer row does
not offer the tool its gold call calls; SFT rows end with the assistant; preference rows have an
assistant's chosen and rejected response that differ.

stats: rows per category and twin, and the reader's check of every tool_call and
request_for_info row in its context (history, query time): the contradictions must be 0 for
trajgen's files. On When2Call's own test file the same check measures how many of its labels the
text bears out (its request_for_info questions were rewritten by an LLM and never checked).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from ..audit import AUDITS, DETECTORS, STATS, AuditReport, Finding, Table, ratio, rendered
from ..errors import InputError
from ..jsonl import first_object, read_into, require_stream
from ..textreport import QUERY_READERS, Query, strings
from .config import CATEGORIES
from .export import FILES, SDG_FILE, SFT_FILE, TEST_FILE
from .rows import UPSTREAM_KEYS, call_of, reader_problems, target_of, tools_of

STRINGS = ("uuid", "source", "question", "correct_answer")
ANSWER_KEYS = ("direct", "tool_call", "request_for_info", "cannot_answer")


def kind_of(row: dict[str, Any] | None) -> str | None:
    if row is None:
        return None
    if str(row.get("category") or "").startswith("when2call_") and "messages" in row:
        return "sdg"  # when2call_sdg.jsonl: checked by the SDG format's own row rule
    if "correct_answer" in row and "answers" in row:
        return "test"
    if "chosen_response" in row and "rejected_response" in row:
        return "pref"
    return "sft" if set(row) >= {"tools", "messages"} and "category" not in row else None


def files_of(path: Path) -> list[Path]:
    """A file, or a folder of When2Call files (per split: in its split folders)."""
    if not path.is_dir():
        return [path]
    found = sorted(p for name in (*FILES, SDG_FILE) for p in [path / name, *path.glob(f"*/{name}")] if p.is_file())
    found += sorted(p for p in path.glob("when2call_test*.jsonl") if p not in found)
    if not found:
        raise InputError(f"no {', '.join(FILES)} here (expected When2Call files or a run's when2call/)",
                         file=str(path))
    return found


def looks_like_when2call(path: Path) -> bool:
    if path.is_dir():
        return any((path / n).is_file() or any(path.glob(f"*/{n}")) for n in FILES)
    return path.suffix == ".jsonl" and (kind_of(first_object(path)) in ("test", "pref", "sdg") or
                                        (path.name in (SFT_FILE,) and kind_of(first_object(path)) == "sft"))


# ---------------------------------------------------------------- validate

def type_problems(row: dict[str, Any]) -> list[str]:
    out = [f"missing field {k}" for k in UPSTREAM_KEYS if k not in row]
    out += [f"{k} must be a string" for k in STRINGS if k in row and not isinstance(row[k], str)]
    if row.get("correct_answer") not in CATEGORIES:
        out.append(f"correct_answer {row.get('correct_answer')!r} is none of {', '.join(CATEGORIES)}")
    answers = row.get("answers")
    if not isinstance(answers, dict) or any(not isinstance(answers.get(k), str) for k in ANSWER_KEYS):
        out.append(f"answers must hold a string for each of {', '.join(ANSWER_KEYS)}")
    for key in ("tools", "orig_tools"):
        if key in row and not (isinstance(row[key], list) and all(isinstance(t, str) for t in row[key])):
            out.append(f"{key} must be a list of JSON strings")
    if row.get("target_tool") is not None and not isinstance(row.get("target_tool"), str):
        out.append("target_tool must be a JSON string or null")
    return out


def label_problems(row: dict[str, Any], where: str) -> list[str]:
    out = []
    call = call_of(row, where)
    offered = {t.name for t in tools_of(row, where)}
    held = row.get("held_out_param")
    if (held is not None) != (row.get("correct_answer") == "request_for_info"):
        out.append("held_out_param is set exactly on request_for_info rows")
    target = target_of(row, call, where)
    if held is not None and target is not None and held not in target.required:
        out.append(f"held_out_param {held!r} is not a required parameter of {target.name}")
    if row.get("correct_answer") == "cannot_answer" and call is not None and call.tool in offered:
        out.append(f"cannot_answer, but the tools offer {call.tool}, which the gold call calls")
    if row.get("correct_answer") == "tool_call" and call is not None and call.tool not in offered:
        out.append(f"tool_call, but {call.tool} is not among the tools")
    return out


def test_problems(row: dict[str, Any], where: str) -> list[str]:
    problems = type_problems(row)
    if problems:
        return problems
    try:
        return label_problems(row, where)
    except InputError as exc:
        return [exc.message]


def message_problems(messages: Any, final: bool) -> list[str]:
    if not isinstance(messages, list) or not all(isinstance(m, dict) and isinstance(m.get("content"), str)
                                                 and m.get("role") in ("system", "user", "assistant")
                                                 for m in messages):
        return ["messages must be a list of {role, content} with string content"]
    roles = [m["role"] for m in messages]
    if "user" not in roles:
        return ["messages hold no user question"]
    if final != (roles[-1] == "assistant"):
        return ["the last message must be the assistant's" if final else "messages must end with the question"]
    return []


def sft_problems(row: dict[str, Any]) -> list[str]:
    tools = row.get("tools")
    out = [] if isinstance(tools, list) and all(isinstance(t, dict) for t in tools) else \
        ["tools must be a list of tool docs (objects)"]
    return out + message_problems(row.get("messages"), final=True)


def pref_problems(row: dict[str, Any]) -> list[str]:
    out = sft_problems({**row, "messages": [*(row.get("messages") or []), {"role": "assistant", "content": ""}]})
    chosen, rejected = row.get("chosen_response"), row.get("rejected_response")
    if not all(isinstance(r, dict) and r.get("role") == "assistant" and isinstance(r.get("content"), str)
               for r in (chosen, rejected)):
        return [*out, "chosen_response and rejected_response must be assistant messages"]
    return out + (["chosen and rejected responses are the same"] if chosen == rejected else [])


def sdg_problems(row: dict[str, Any]) -> list[str]:
    from ..products.sdg_audit import row_problems

    return row_problems(row)


CHECKS = {"test": test_problems, "sft": lambda r, w: sft_problems(r), "pref": lambda r, w: pref_problems(r),
          "sdg": lambda r, w: sdg_problems(r)}


def audit_when2call(path: Path) -> AuditReport:
    report = AuditReport(format="when2call", path=str(path))
    for f in files_of(path):
        rows = read_into(f, report)
        kind = kind_of(rows[0][1]) if rows else None
        if kind is None:
            report.findings.append(Finding(severity="error", where=str(f), message="no When2Call rows"))
            continue
        for n, row in rows:
            report.findings += [Finding(severity="error", where=f"{f}:line {n}", message=p)
                                for p in CHECKS[kind](row, f"{f}:line {n}")]
        report.figures[f"{f.stem}.rows"] = len(rows)
        report.lines.append(f"{f.name} ({kind}): rows {len(rows)}")
    return report


# ---------------------------------------------------------------- stats

def stats_when2call(path: Path) -> AuditReport:
    report = AuditReport(format="when2call", path=str(path))
    for f in files_of(path):
        if kind_of(first_object(f)) == "test":
            stats_file(f, report)
    report.lines = rendered(report.tables)
    return report


def stats_file(path: Path, report: AuditReport) -> None:
    per: Counter[tuple[str, str]] = Counter()
    checked: Counter[tuple[str, str]] = Counter()
    bad: Counter[tuple[str, str]] = Counter()
    for n, row in require_stream(path, report, "When2Call"):
        key = (str(row.get("correct_answer")), str(row.get("twin") or "-"))
        per[key] += 1
        try:
            problems = reader_problems(row, f"{path}:line {n}")
        except InputError as exc:
            problems = [exc.message]
        if problems is None:
            continue
        checked[key] += 1
        bad[key] += bool(problems)
        report.findings += [Finding(severity="warning", where=f"{path}:line {n}", message=f"reader: {p}")
                            for p in problems[:1]]
    table = Table(title=f"When2Call rows and the reader's check ({path.name})",
                  columns=["category", "twin", "rows", "checked", "contradictions", "share"],
                  legend={"checked": "tool_call and request_for_info rows the reader read in their context "
                                     "(history, query time)",
                          "contradictions": "rows whose reading contradicts the label: a value of a tool_call row "
                                            "neither said nor determined, or the held-out value of a "
                                            "request_for_info row said, hinted or determined"})
    for key in sorted(per, key=lambda k: (CATEGORIES.index(k[0]) if k[0] in CATEGORIES else 9, k[1])):
        table.rows.append([key[0], key[1], per[key], checked[key], bad[key], ratio(bad[key], checked[key])])
    report.tables.append(table)
    prefix = "" if path.name == TEST_FILE else f"{path.stem}."
    report.figures |= {f"{prefix}rows": sum(per.values()), f"{prefix}checked": sum(checked.values()),
                       f"{prefix}contradictions": sum(bad.values()),
                       **{f"{prefix}{c}.{t}.rows": v for (c, t), v in per.items()}}


def call_values(row: dict[str, Any]) -> list[str]:
    try:
        call = json.loads((row.get("answers") or {}).get("tool_call") or "{}")
    except (json.JSONDecodeError, TypeError):
        return []
    return strings(call.get("arguments")) if isinstance(call, dict) else []


@QUERY_READERS.register("when2call")
def when2call_queries(path: Path) -> Any:
    for f in files_of(path):
        if kind_of(first_object(f)) != "test":
            continue
        for _, row in require_stream(f, AuditReport(format="when2call", path=str(f)), "When2Call"):
            level = f"{row.get('correct_answer')}/{row.get('twin') or '-'}"
            query: Query = (level, str(row.get("question") or ""), call_values(row))
            yield query


AUDITS.add("when2call", audit_when2call)
STATS.add("when2call", stats_when2call)
DETECTORS.add("when2call", looks_like_when2call)
