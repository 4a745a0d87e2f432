"""`trajgen validate --format traject` and `trajgen stats` for TRAJECT-Bench files (ours or upstream).

Findings:
- parallel twins: simple/hard files of different length, twins whose `tool list` differs
  (only by whitespace inside `tool name` -- upstream has 13 such pairs -- or for real);
  tool names with doubled spaces (exact-string tool matching treats them as other tools);
- hard queries that drop required values: a required value of the gold calls that the hard
  query mentions in no accepted form (literal, enum words, date in words, number in words);
- sequential: a step whose bound values (`adapt_parameter`) a reader cannot work out from the
  query and the earlier outputs (in no output, in several results, or in one of several that
  the query does not single out; generator.traject.reading), a step binding one half of a pair
  (a latitude read, its longitude stated); repeated tool names (TRAJECT inclusion can then
  never reach 1.0). Figures: bound steps, determined steps, split pairs, distinct chains.
Figures: value recall (docs/formats.md, Vagueness) of simple vs hard, all params and required only.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .. import textreport as tr
from ..audit import AUDITS, DETECTORS, STATS, VR_MEANING, AuditReport, Finding, Table, legend, rendered
from ..core.surface import mentions
from ..core.vagueness import countable, mean, normalize, value_elements
from ..errors import InputError
from ..records import Tool
from .calls import partners
from .metrics import gold_scores
from .plans import ENUM_WORDS, hint_core
from .reading import step_problems

_ANY_TOOL = Tool(name="any", app="any", api="any", domain="any")  # no schema: enum hints need none

FILE_NAMES = ("simple_ver.json", "hard_ver.json", "traj_query.json")
Rec = dict[str, Any]


def load(path: Path) -> list[Rec]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (byte {exc.start}): not a TRAJECT-Bench JSON file",
                         file=str(path)) from None
    except (OSError, json.JSONDecodeError) as exc:
        raise InputError(f"cannot read TRAJECT-Bench JSON: {exc}", file=str(path)) from None
    if not isinstance(data, list) or not all(isinstance(r, dict) and "tool list" in r for r in data):
        raise InputError("expected a JSON array of records with a 'tool list'", file=str(path))
    return data


def files_under(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    return sorted(
        p for name in FILE_NAMES for p in path.rglob(name) if "/sequential/Travel/simple" not in str(p)
    )


def values(rec: Rec, required_only: bool) -> list[tuple[str, Any]]:
    kinds = ("required parameters",) if required_only else ("required parameters", "optional parameters")
    return [
        (p.get("name", ""), x)
        for c in rec.get("tool list", [])
        for k in kinds
        for p in c.get(k) or []
        for x in value_elements(p.get("value"))
        if countable(x) and normalize(x) not in ("true", "false")
    ]


def recall(recs: list[Rec], required_only: bool) -> float | None:
    """Value recall over `recs`; None ("n/a") when they hold no countable value."""
    hits = total = 0
    for r in recs:
        q = normalize(r.get("query", ""))
        vals = values(r, required_only)
        hits += sum(normalize(v) in q for _, v in vals)
        total += len(vals)
    return hits / total if total else None


def _rounded(x: float | None, digits: int) -> float | None:
    return None if x is None else round(x, digits)


def _words(recs: list[Rec]) -> float | None:
    return round(mean([len(r.get("query", "").split()) for r in recs]), 1) if recs else None


def said(query: str, param: str, value: Any) -> bool:
    """Mentioned in any accepted form: literal, de-identified words, a date, clock time or
    number in words, or a known paraphrase of a plain-word enum member."""
    if mentions(query, value, param, None):
        return True
    nq = normalize(query)
    core = hint_core(_ANY_TOOL, param, value)
    forms = [core[1] if core else None, ENUM_WORDS.get(normalize(str(value)).replace("_", " "))]
    return any(f and normalize(f) in nq for f in forms)


def dropped(rec: Rec, twin: Rec | None = None) -> tuple[list[str], list[str]]:
    """Required values the hard query does not mention: (said by the simple twin -- really
    dropped, not found in either -- paraphrased beyond what a file-level audit can resolve)."""
    q, sq = rec.get("query", ""), (twin or {}).get("query", "")
    missing = [(p, v) for p, v in values(rec, True) if not said(q, p, v)]
    lost = [f"{p}={v!r}" for p, v in missing if twin is None or said(sq, p, v)]
    unseen = [f"{p}={v!r}" for p, v in missing if twin is not None and not said(sq, p, v)]
    return lost, unseen


def _names(rec: Rec) -> list[str]:
    return [c.get("tool name", "") for c in rec.get("tool list", [])]


def twin_findings(where: str, simple: list[Rec], hard: list[Rec]) -> list[Finding]:
    out = []
    if len(simple) != len(hard):
        out.append(
            Finding(
                severity="error", where=where, message=f"simple has {len(simple)} records, hard {len(hard)}"
            )
        )
    for i, (s, h) in enumerate(zip(simple, hard)):
        if s["tool list"] == h["tool list"]:
            continue
        a, b = _names(s), _names(h)
        ws = a != b and [" ".join(x.split()) for x in a] == [" ".join(x.split()) for x in b]
        diff = next(((x, y) for x, y in zip(a, b) if x != y), None)
        # Each file is valid on its own; a twin pair that disagrees (upstream Travel has one,
        # and 13 that differ only in whitespace) is a defect of the pair, reported as a warning.
        msg = (f"tool name whitespace differs between simple and hard: {diff[0]!r} vs {diff[1]!r}"
               if ws and diff else f"simple and hard twins have different tool lists ({diff[0]!r} vs "
               f"{diff[1]!r})" if diff else "simple and hard twins have different tool lists")
        out.append(Finding(severity="warning", where=f"{where}:{i}", message=msg))
    return out


def record_findings(where: str, recs: list[Rec], twins: list[Rec] | None = None) -> list[Finding]:
    """Per-record findings; `twins` (the simple records) marks `recs` as hard queries."""
    out = []
    for i, r in enumerate(recs):
        names = _names(r)
        for n in sorted({n for n in names if "  " in n}):
            out.append(
                Finding(severity="warning", where=f"{where}:{i}", message=f"doubled space in tool name {n!r}")
            )
        if len(set(names)) < len(names):
            out.append(
                Finding(
                    severity="warning",
                    where=f"{where}:{i}",
                    message="repeated tool name (TRAJECT inclusion < 1.0 on gold)",
                )
            )
        if twins is not None:
            out += _drop_findings(f"{where}:{i}", *dropped(r, twins[i] if i < len(twins) else None))
    return out


def _drop_findings(where: str, lost: list[str], unseen: list[str]) -> list[Finding]:
    out = []
    if lost:
        # what hard queries are for: a finding (measured, reported), not a format error
        out.append(
            Finding(
                severity="finding",
                where=where,
                message=f"hard query drops required value(s): {', '.join(lost[:4])}",
            )
        )
    if unseen:
        out.append(
            Finding(
                severity="finding",
                where=where,
                message="required value(s) found in neither "
                f"version (paraphrased or missing): {', '.join(unseen[:4])}",
            )
        )
    return out


def _params(call: Rec) -> dict[str, Any]:
    return {p.get("name", ""): p.get("value") for k in ("required parameters", "optional parameters")
            for p in call.get(k) or [] if isinstance(p, dict)}


def bound_values(call: Rec) -> dict[str, Any]:
    """The step's bound params and values: `adapt_parameter` names one param (upstream) or
    several, comma-separated (trajgen, when a step reads a pair or more from earlier outputs)."""
    names = [n.strip() for n in str(call.get("adapt_parameter") or "").split(",") if n.strip()]
    args = _params(call)
    return {n: args[n] for n in names if args.get(n) not in (None, "")}


def split_pairs(call: Rec) -> list[tuple[str, str]]:
    """(bound, stated) pairs of one value (a latitude bound, its longitude stated) in a step."""
    args, bound = _params(call), bound_values(call)
    probe = Tool(name="probe", app="", api="probe", domain="",
                 parameters={"type": "object", "properties": {n: {"type": "number"} for n in args}})
    return sorted((p, q) for p, q in partners(probe).items() if p in bound and q in args and q not in bound)


def step_problems_of(r: Rec, j: int) -> list[str]:
    """Why step j's bound values cannot be worked out from the query and the outputs before it."""
    calls = r.get("tool list", [])
    outputs = [str(c.get("executed_output", "")) for c in calls[:j]]
    return step_problems(str(r.get("query", "")), outputs, bound_values(calls[j]))


def binding_findings(where: str, recs: list[Rec]) -> list[Finding]:
    """Sequential steps whose bound values a reader cannot work out from the query and the
    earlier outputs (generator.traject.reading), and steps that bind one half of a pair."""
    out = []
    for i, r in enumerate(recs):
        for j, c in enumerate(r.get("tool list", [])[1:], 1):
            at = f"{where}:{i}:step {j + 1}"
            out += [Finding(severity="warning", where=at, message=f"not determined by the query: {p}")
                    for p in step_problems_of(r, j)]
            out += [Finding(severity="warning", where=at, message=f"{p} is bound but its partner {q} is stated")
                    for p, q in split_pairs(c)]
    return out


def binding_figures(seq: list[Rec]) -> Figures:
    """Bound steps and values, the steps determined by the query and the earlier outputs, the
    steps binding half a pair, and how many distinct chains and tools the records use."""
    steps = [(r, j) for r in seq for j, c in enumerate(r.get("tool list", [])) if j and bound_values(c)]
    chains = {tuple(_names(r)) for r in seq}
    return {
        "sequential_bound_steps": len(steps),
        "sequential_bound_values": sum(len(bound_values(r["tool list"][j])) for r, j in steps),
        "sequential_steps_determined": sum(not step_problems_of(r, j) for r, j in steps),
        "sequential_split_pairs": sum(bool(split_pairs(r["tool list"][j])) for r, j in steps),
        "sequential_distinct_chains": len(chains),
        "sequential_tools_used": len({n for c in chains for n in c}),
    }


def _collect(path: Path) -> dict[str, dict[str, list[Rec]]]:
    """{'simple'|'hard'|'sequential': {file: records}} for every TRAJECT file under `path`."""
    out: dict[str, dict[str, list[Rec]]] = {"simple": {}, "hard": {}, "sequential": {}}
    for f in files_under(path):
        kind = {"simple_ver.json": "simple", "hard_ver.json": "hard"}.get(f.name, "sequential")
        out[kind][str(f)] = load(f)
    if not any(out.values()):
        raise InputError(
            "no TRAJECT-Bench files (simple_ver.json, hard_ver.json, traj_query.json) found", file=str(path)
        )
    return out


def _all(group: dict[str, list[Rec]]) -> list[Rec]:
    return [r for recs in group.values() for r in recs]


Figures = dict[str, float | int | str | None]


def figures(found: dict[str, dict[str, list[Rec]]]) -> Figures:
    simple, hard, seq = (_all(found[k]) for k in ("simple", "hard", "sequential"))
    scores = gold_scores(simple + hard + seq)
    return {
        "simple_records": len(simple),
        "hard_records": len(hard),
        "sequential_records": len(seq),
        "simple_vr": _rounded(recall(simple, False), 3),
        "hard_vr": _rounded(recall(hard, False), 3),
        "simple_vr_required": _rounded(recall(simple, True), 3),
        "hard_vr_required": _rounded(recall(hard, True), 3),
        "sequential_vr": _rounded(recall(seq, False), 3),
        "sequential_vr_required": _rounded(recall(seq, True), 3),
        "simple_words": _words(simple),
        "hard_words": _words(hard),
        "sequential_words": _words(seq),
        "gold_em": round(scores["em"], 4),
        "gold_inclusion": round(scores["inclusion"], 4),
        "gold_usage": round(scores["usage"], 4),
        **binding_figures(seq),
    }


LEGEND = legend(
    **{"VR(all)": VR_MEANING + ", over every parameter",
       "VR(required)": "value recall over required parameters only",
       "mean words": "mean words per query",
       "EM / inclusion / usage": "TRAJECT-Bench's trajectory metrics (exact match of the tool "
                                 "sequence, share of gold tools included, tool-usage accuracy) with "
                                 "the gold trajectory as the prediction: 1.0 means the files score "
                                 "themselves perfectly"})


def table(fig: Figures) -> Table:
    gold = f"EM {fig['gold_em']}  inclusion {fig['gold_inclusion']}  usage {fig['gold_usage']}"
    out = Table(title="TRAJECT-Bench records per version",
                columns=["version", "records", "VR(all)", "VR(required)", "mean words"],
                decimals={"mean words": 1}, legend=LEGEND,
                notes=[f"gold as prediction: {gold}", *binding_lines(fig),
                       "n/a: no records of that version, or no countable value in them"])
    for key in ("simple", "hard", "sequential"):
        out.rows.append([key, fig[f"{key}_records"], fig[f"{key}_vr"], fig[f"{key}_vr_required"],
                         fig[f"{key}_words"]])
    return out


def _pairs(found: dict[str, dict[str, list[Rec]]]) -> list[tuple[Path, Path]]:
    """(simple, hard) paths of every folder holding an audited simple or hard file."""
    folders = sorted({Path(f).parent for kind in ("simple", "hard") for f in found[kind]})
    return [(d / "simple_ver.json", d / "hard_ver.json") for d in folders]


def _records(found: dict[str, list[Rec]], path: Path) -> list[Rec] | None:
    """The records of `path`: audited already, else read from disk when it exists (a twin)."""
    if str(path) in found:
        return found[str(path)]
    return load(path) if path.is_file() else None


def _parallel_findings(found: dict[str, dict[str, list[Rec]]]) -> tuple[list[Finding], list[str]]:
    findings: list[Finding] = []
    notes: list[str] = []
    for sf, hf in _pairs(found):
        simple, hard = _records(found["simple"], sf), _records(found["hard"], hf)
        if simple is not None and hard is not None:
            findings += twin_findings(str(sf), simple, hard)
        else:
            missing = hf if hard is None else sf
            notes.append(f"note: no {missing.name} beside {(sf if hard is None else hf).name} in "
                         f"{sf.parent}; simple/hard twin checks skipped")
        if str(sf) in found["simple"]:
            findings += record_findings(str(sf), found["simple"][str(sf)])
        if str(hf) in found["hard"]:
            findings += record_findings(str(hf), found["hard"][str(hf)], simple or [])
    return findings, notes


def empty_files(found: dict[str, dict[str, list[Rec]]]) -> list[Finding]:
    return [Finding(severity="error", where=f, message="no records (an empty array)")
            for group in found.values() for f, recs in group.items() if not recs]


def audit_traject(path: Path) -> AuditReport:
    found = _collect(path)
    findings, notes = _parallel_findings(found)
    findings += empty_files(found)
    for qf, seq in found["sequential"].items():
        findings += record_findings(qf, seq) + binding_findings(qf, seq)
    fig = figures(found)
    fig["whitespace_mismatches"] = sum("whitespace differs" in f.message for f in findings)
    fig["hard_dropping_required"] = sum("drops required" in f.message for f in findings)
    t = table(fig)
    lines = rendered([t]) + [
        f"simple/hard tool-name whitespace mismatches: {fig['whitespace_mismatches']}",
        f"hard queries leaving out required values (by design of hard queries): {fig['hard_dropping_required']}",
    ] + notes
    return AuditReport(format="traject", path=str(path), findings=findings, figures=fig, tables=[t], lines=lines)


def binding_lines(fig: Figures) -> list[str]:
    if not fig.get("sequential_records"):
        return []
    steps = (f"sequential steps reading earlier outputs: {fig['sequential_bound_steps']} "
             f"({fig['sequential_bound_values']} values); determined by the query and the earlier outputs: "
             f"{fig['sequential_steps_determined']}; binding one half of a pair (latitude without longitude): "
             f"{fig['sequential_split_pairs']}")
    chains = (f"sequential chains: {fig['sequential_distinct_chains']} distinct over {fig['sequential_records']} "
              f"records, {fig['sequential_tools_used']} tools")
    return [steps, chains]


def stats_traject(path: Path) -> AuditReport:
    fig = figures(_collect(path))
    t = table(fig)
    return AuditReport(format="traject", path=str(path), figures=fig, tables=[t], lines=rendered([t]))


def looks_like_traject(path: Path) -> bool:
    if path.is_file():
        return path.name in FILE_NAMES
    return path.is_dir() and (any(path.rglob("simple_ver.json")) or any(path.rglob("traj_query.json")))


@tr.QUERY_READERS.register("traject")
def traject_queries(path: Path) -> Iterator[tr.Query]:
    for f in tr.files(path, "*.json"):
        level = f.stem.replace("_ver", "") if f.stem != "traj_query" else "sequential"
        for rec in tr.json_records(f):
            if not isinstance(rec, dict) or "query" not in rec:
                continue
            steps = rec.get("tool list") or rec.get("trajectory") or []
            values = [str(p.get("value")) for s in steps if isinstance(s, dict)
                      for p in (s.get("required parameters") or []) + (s.get("optional parameters") or [])
                      if isinstance(p, dict)]
            values += [str(s.get("tool name", "")).split(":", 1)[0] for s in steps if isinstance(s, dict)]
            yield level, str(rec["query"]), values


AUDITS.add("traject", audit_traject)
STATS.add("traject", stats_traject)
DETECTORS.add("traject", looks_like_traject)
