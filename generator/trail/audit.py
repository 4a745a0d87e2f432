"""`trajgen validate --format trail` and `trajgen stats` for TRAILBench-format query files.

The audit reports, with their location: JSON parse errors (line:column), records that break
the schema of docs/formats.md (TRAILBench) (keys, types, level layout incl. levels stored as bare strings,
ids, times, history events), answers invalid against the tool schemas (when a catalog is
found, see `files.find_catalog_dir`), string booleans, leakage of identifiers into queries,
temporal arguments that contradict the record time, and gold answers that fail TRAILBench's
own scorer. It then prints the vagueness table (value recall, app mentions, queries without
values, words, recoverable omitted values) per level.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

from .. import textreport as tr
from ..audit import AUDITS, DETECTORS, STATS, AuditReport, Finding, Table, rendered
from ..core.schema import argument_errors
from ..core.temporal import consistent, parse_time
from ..core.vagueness import mentions_app, normalize
from ..records import Tool, dict_at
from .export import LEVELS
from .files import find_catalog_dir, load_catalog_dir, parse_file, query_files, variant_of
from .measure import Figures, history_events, level_queries, measure, table
from .score import failing, score_records

ANSWER_KEYS = ("apitype", "toolname", "apiname", "parameters")
EVENT_KEYS = ("time", "apitype", "toolname", "apiname", "fulltoolname", "parameters")
RECORD_KEYS = ("id", "time", "query", "answer", "user_history")


def _f(sev: str, where: str, msg: str) -> Finding:
    return Finding(severity=sev, where=where, message=msg)


# ---------------------------------------------------------------- record structure

def record_shape(rec: Any, where: str) -> list[Finding]:
    if not isinstance(rec, dict):
        return [_f("error", where, f"record must be an object, got {type(rec).__name__}")]
    out = [_f("error", where, f"missing key '{k}'") for k in RECORD_KEYS if k not in rec]
    out += [_f("warning", where, f"unexpected key '{k}'") for k in rec if k not in RECORD_KEYS]
    if "time" in rec and (not isinstance(rec["time"], str) or parse_time(rec["time"]) is None):
        out.append(_f("error", f"{where}:time", f"time {rec['time']!r} is not '%Y-%m-%d %H:%M'"))
    return out


def query_shape(query: Any, where: str) -> list[Finding]:
    if not isinstance(query, dict):
        return [_f("error", where, "query must be an object with the 4 level keys")]
    out = []
    if list(query) != list(LEVELS):
        out.append(_f("error", where, f"level keys {list(query)} differ from {list(LEVELS)} (in order)"))
    for level, qs in query.items():
        if isinstance(qs, str):
            out.append(_f("error", f"{where}:{level}", "level stored as a bare string, not a list "
                          "(upstream flattening iterates it character by character)"))
        elif not isinstance(qs, list) or not qs or not all(isinstance(q, str) and q.strip() for q in qs):
            out.append(_f("error", f"{where}:{level}", "level must be a non-empty list of strings"))
    return out


def answer_shape(ans: Any, where: str) -> list[Finding]:
    if not isinstance(ans, dict):
        return [_f("error", where, "answer must be an object")]
    out = [_f("error", where, f"answer misses '{k}'") for k in ANSWER_KEYS if k not in ans]
    extra = [k for k in ans if k not in (*ANSWER_KEYS, "temporal_parameters")]
    out += [_f("warning", where, f"answer has unexpected key '{k}'") for k in extra]
    if "parameters" in ans and not isinstance(ans["parameters"], dict):
        out.append(_f("error", f"{where}:parameters", "parameters must be an object"))
    if "_" in str(ans.get("toolname", "")):
        out.append(_f("error", f"{where}:toolname", "app names cannot contain '_' (parsers split there)"))
    return out


def string_booleans(ans: dict[str, Any], where: str) -> list[Finding]:
    params = dict_at(ans, "parameters")
    return [_f("error", f"{where}:parameters.{k}", f"boolean stored as the string {v!r} "
               "(TRAILBench's scorer then fails its own gold answer)")
            for k, v in params.items() if isinstance(v, str) and v in ("true", "false", "True", "False")]


def history_shape(rec: dict[str, Any], where: str) -> list[Finding]:
    hist = rec.get("user_history")
    if not isinstance(hist, str):
        return [_f("error", where, "user_history must be a JSON-encoded string")]
    events = history_events(rec)
    if hist.strip() != "[]" and not events:
        return [_f("error", where, "user_history does not decode to a list of events")]
    bad = [i for i, e in enumerate(events) if tuple(e) != EVENT_KEYS]
    return [_f("error", where, f"{len(bad)} history events lack the 6 keys {EVENT_KEYS} "
               f"(first: event {bad[0]})")] if bad else []


# ---------------------------------------------------------------- against the catalog

def schema_findings(ans: dict[str, Any], tools: dict[str, Tool], where: str) -> list[Finding]:
    name = f"{ans.get('toolname')}_{ans.get('apiname')}"
    tool = tools.get(name)
    if tool is None:
        return [_f("error", where, f"function {name} is not in the catalog")]
    out = []
    if tool.domain != ans.get("apitype"):
        out.append(_f("error", f"{where}:apitype", f"apitype {ans.get('apitype')!r} but {name} is in {tool.domain!r}"))
    # string booleans are reported once, by `string_booleans`
    out += [_f("error", f"{where}:parameters", msg) for msg in argument_errors(tool, ans.get("parameters"))
            if "boolean given as string" not in msg]
    return out


def leak_findings(rec: dict[str, Any], where: str) -> list[Finding]:
    """Identifiers in the text: the apiname, underscore parameter names, the app at High."""
    ans = rec["answer"]
    idents = [str(ans.get("apiname", ""))] + [k for k in ans.get("parameters", {}) if "_" in k]
    out = []
    for level in LEVELS:
        for i, q in enumerate(level_queries(rec, level)):
            nq = normalize(q)
            leaked = [x for x in idents if x and normalize(x) in nq]
            if level == LEVELS[-1] and mentions_app(q, str(ans.get("toolname", ""))):
                leaked.append(f"app {ans.get('toolname')}")
            if leaked:
                out.append(_f("warning", f"{where}:{level}[{i}]", f"identifier leaked into the query: {', '.join(leaked)}"))
    return out


def temporal_findings(rec: dict[str, Any], tools: dict[str, Tool], where: str) -> list[Finding]:
    ans = rec["answer"]
    tool = tools.get(f"{ans.get('toolname')}_{ans.get('apiname')}")
    if not isinstance(rec.get("time"), str) or parse_time(rec["time"]) is None:
        return []
    return [_f("warning", f"{where}:parameters", f"temporal: {p}")
            for p in consistent(tool, ans.get("parameters") or {}, rec["time"])]


# ---------------------------------------------------------------- per record / per file

def record_findings(rec: Any, where: str, tools: dict[str, Tool]) -> list[Finding]:
    out = record_shape(rec, where)
    if not isinstance(rec, dict):
        return out
    out += query_shape(rec.get("query"), f"{where}:query") + history_shape(rec, f"{where}:user_history")
    ans = rec.get("answer")
    out += answer_shape(ans, f"{where}:answer")
    if isinstance(ans, dict) and isinstance(ans.get("parameters"), dict):
        out += string_booleans(ans, f"{where}:answer")
        out += schema_findings(ans, tools, f"{where}:answer") if tools else []
        out += leak_findings(rec, where) if isinstance(rec.get("query"), dict) else []
        out += temporal_findings(rec, tools, f"{where}:answer")
    return out


def id_findings(records: list[Any], where: str) -> list[Finding]:
    ids = [r.get("id") for r in records if isinstance(r, dict)]
    if ids == list(range(len(records))):
        return []
    missing = sorted(set(range(max([i for i in ids if isinstance(i, int)] or [0]) + 1)) - set(ids))
    dup = sorted({i for i in ids if ids.count(i) > 1}, key=str)
    return [_f("warning", where, f"ids are not 0..n-1: missing {missing[:10]}, duplicated {dup[:10]}")]


def history_time_findings(records: list[Any], where: str) -> list[Finding]:
    """Malformed or out-of-order event times, counted once per distinct event of the file."""
    events = {json.dumps(e, sort_keys=True, ensure_ascii=False): e
              for r in records if isinstance(r, dict) for e in history_events(r)}
    bad = sorted({str(e.get("time")) for e in events.values() if parse_time(str(e.get("time"))) is None})
    out = [_f("warning", where, f"{len(bad)} distinct malformed history event times, e.g. {bad[:3]}")] if bad else []
    longest = max((history_events(r) for r in records if isinstance(r, dict)), key=len, default=[])
    times = [parse_time(str(e.get("time"))) for e in longest]
    back = sum(1 for a, b in pairwise(times) if a and b and b < a)
    if back:
        out.append(_f("warning", where, f"{back} history events are earlier than the event before them"))
    return out


def scorer_findings(records: list[Any], where: str) -> list[Finding]:
    ok = [r for r in records if isinstance(r, dict) and isinstance(r.get("answer"), dict)
          and isinstance(r.get("query"), dict) and isinstance(r["answer"].get("parameters"), dict)]
    return [_f("error", f"{where}:{rid}", "gold answer fails TRAILBench's scorer as its own prediction")
            for rid in failing(ok)]


def file_findings(path: Path, tools: dict[str, Tool]) -> tuple[list[Any], list[Finding]]:
    records, found = parse_file(path)
    if records is None:
        return [], found
    if not records:
        return [], [_f("error", str(path), "no records (an empty array)")]
    for i, rec in enumerate(records):
        rid = rec.get("id", i) if isinstance(rec, dict) else i
        found += record_findings(rec, f"{path}:id {rid}", tools)
    found += id_findings(records, str(path)) + history_time_findings(records, str(path))
    return records, found + scorer_findings(records, f"{path}:id")


# ---------------------------------------------------------------- entry points

def _tools_for(path: Path, catalog: Path | None) -> tuple[dict[str, Tool], str]:
    d = find_catalog_dir(path, catalog)
    return (load_catalog_dir(d), str(d)) if d else ({}, "none found (schema checks skipped)")


def _tables(per_variant: dict[str, list[Any]], tools: dict[str, Tool]) -> tuple[list[Table], dict[str, Any]]:
    tables: list[Table] = []
    figures: dict[str, Any] = {}
    groups = dict(per_variant)
    if len(groups) > 1:
        groups = {"all": [r for rs in per_variant.values() for r in rs], **groups}
    for name, recs in groups.items():
        fig = measure(recs, tools)
        if not fig.records:
            continue
        self_score = gold_self_score(recs)
        t = table(fig, name or "all")
        t.notes.append(f"gold answers scored as predictions (TRAILBench rule): {self_score:.4f}")
        tables.append(t)
        figures.update(flat_figures(fig, name or "all"))
        figures[f"{name or 'all'}.gold_self_score"] = round(self_score, 4)
    return tables, figures


def gold_self_score(records: list[Any]) -> float:
    ok = [r for r in records if isinstance(r, dict) and isinstance(r.get("answer"), dict)
          and isinstance(r.get("query"), dict) and isinstance(r["answer"].get("parameters"), dict)]
    return score_records(ok)["all"]["overall"] if ok else 0.0


def flat_figures(fig: Figures, group: str) -> dict[str, float | int]:
    out: dict[str, float | int] = {f"{group}.records": fig.records, f"{group}.non_monotone": fig.non_monotone,
                                   f"{group}.exact_repeats": round(fig.exact_repeat_rate, 4),
                                   f"{group}.recent_repeats": round(fig.recent_repeat_rate, 4)}
    for level, f in fig.levels.items():
        key = f"{group}.{level.split()[0].lower()}"
        out.update({f"{key}.vr": round(f.vr, 4), f"{key}.app": round(f.app, 4), f"{key}.none": round(f.none, 4),
                    f"{key}.words": round(f.words, 2), f"{key}.recoverable": round(f.recoverable_rate, 4),
                    f"{key}.determined": round(f.determined_rate, 4)})
    return out


def collect(path: Path, catalog: Path | None) -> tuple[dict[str, list[Any]], list[Finding], dict[str, Tool], str]:
    tools, where = _tools_for(path, catalog)
    per_variant: dict[str, list[Any]] = {}
    findings: list[Finding] = [] if query_files(path) else [
        _f("error", str(path), "no TRAILBench query files (all_generated_queries_*.json) here")]
    for f in query_files(path):
        records, found = file_findings(f, tools)
        findings += found
        per_variant.setdefault(variant_of(f), []).extend(records)
    return per_variant, findings, tools, where


def audit_trail(path: Path, catalog: Path | None = None) -> AuditReport:
    per_variant, findings, tools, where = collect(path, catalog)
    tables, figures = _tables(per_variant, tools)
    errors = sum(f.severity == "error" for f in findings)
    counts = f"findings: {errors} errors, {len(findings) - errors} warnings"
    head = [f"catalog: {where}", f"files: {len(query_files(path))}, {counts}"]
    return AuditReport(format="trail", path=str(path), findings=findings, figures=figures, tables=tables,
                       lines=head + rendered(tables))


def stats_trail(path: Path, catalog: Path | None = None) -> AuditReport:
    report = audit_trail(path, catalog)
    parse_errors = [f for f in report.findings if f.message.startswith("invalid JSON")]
    lines = [f"files: {len(query_files(path))} (unparseable: {len(parse_errors)})", *report.lines[2:]]
    return report.model_copy(update={"findings": parse_errors, "lines": [report.lines[0], *lines]})


def looks_like_trail(path: Path) -> bool:
    return path.name.startswith("all_generated_queries_") or (path.is_dir() and any(path.rglob("all_generated_queries_*.json")))


@tr.QUERY_READERS.register("trail")
def trail_queries(path: Path) -> Iterator[tr.Query]:
    for f in tr.files(path, "*.json"):
        for rec in tr.json_records(f):
            if not isinstance(rec, dict) or "query" not in rec:
                continue
            q = rec["query"]
            levels = ast.literal_eval(q) if isinstance(q, str) else q
            answer = rec.get("answer") or {}
            values = tr.strings(answer.get("parameters")) + [str(answer.get("toolname") or "")]
            for level, texts in (levels or {}).items():
                for t in texts if isinstance(texts, list) else [texts]:
                    yield level.replace(" Difficulty", ""), str(t), values


AUDITS.add("trail", audit_trail)
STATS.add("trail", stats_trail)
DETECTORS.add("trail", looks_like_trail)
