"""TRAJECT-Bench: one item per query of a parallel (simple / hard twins) or sequential trajectory.

Tools offered: the trajectory's tools plus same-domain distractors from the domain catalog
`tools/<Domain>_tool.json` found in a parent folder (upstream `public_data/tools/`, trajgen's
`traject/tools/`), up to `max_tools`; without a catalog, the trajectory's own tools with
string-typed parameters. Parallel items score the first reply; sequential items run a loop that
returns each step's recorded `executed_output`. Scored by TRAJECT-Bench's metrics
(`generator.traject.metrics`): exact match of the tool set (the sequence, for sequential),
inclusion, and usage (equal normalized parameters per shared tool). An item is correct when the
tools match exactly and every shared tool's parameters are equal.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..evaluate.formats.base import (
    FORMATS,
    EvalFormat,
    LoadContext,
    label,
    level_rank,
    offered_tools,
    visible,
)
from ..evaluate.records import EvalItem, Prediction, Score
from ..prompting import render_messages
from ..readers import read_catalog
from ..readers.base import collapse_ws
from ..records import Tool, ToolCall
from . import metrics

LEVELS = ("simple", "hard", "sequential")
FILES = {"simple_ver.json": "simple", "hard_ver.json": "hard", "traj_query.json": "sequential"}


def discover(root: Path) -> list[Path]:
    return sorted(p for name in FILES for p in root.rglob(name) if visible(root, p) and claims(p))


def claims(path: Path) -> bool:
    # upstream sequential/Travel/simple_ver.json is a leftover variant with another schema
    return path.name in FILES and not (path.name == "simple_ver.json" and path.parent.parent.name == "sequential")


def catalog_file(path: Path) -> Path | None:
    domain = path.parent.name
    for d in path.parents:
        for cand in (d / "tools" / f"{domain}_tool.json", d / "tools" / f"{domain}.json"):
            if cand.is_file():
                return cand
    return None


def calls_of(record: dict[str, Any], where: str) -> list[dict[str, Any]]:
    calls = record.get("tool list", record.get("tool_list"))
    if not isinstance(calls, list) or not all(isinstance(c, dict) and isinstance(c.get("tool name"), str)
                                              for c in calls):
        raise InputError("'tool list' must be a list of calls with a 'tool name'", file=where)
    return calls


def params_of(call: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for kind in ("required", "optional"):
        for p in metrics._params(call, kind):
            if isinstance(p, dict) and isinstance(p.get("name"), str):
                out.setdefault(p["name"], p.get("value"))
    return out


def fallback_tool(call: dict[str, Any], domain: str) -> Tool:
    """A tool known only from a trajectory call: its parameters, typed as strings."""
    req = [p["name"] for p in metrics._params(call, "required") if isinstance(p, dict) and "name" in p]
    props = {name: {"type": "string"} for name in params_of(call)}
    name = collapse_ws(call["tool name"])
    return Tool(name=name, app=name.split(":", 1)[0], api=name.split(": ", 1)[-1], domain=domain,
                description=str(call.get("tool description") or ""),
                parameters={"type": "object", "properties": props, "required": req})


def read_records(path: Path) -> list[dict[str, Any]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise InputError(f"invalid JSON at line {e.lineno} column {e.colno}: {e.msg}", file=str(path)) from None
    if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
        raise InputError("expected a JSON array of trajectory records", file=str(path))
    return data


def load(path: Path, ctx: LoadContext) -> list[EvalItem]:
    domain = path.parent.name
    cat = catalog_file(path)
    pool = read_catalog(cat) if cat else []
    if cat is None:
        ctx.warnings.append(f"{path}: no tools/{domain}_tool.json above it; offering each "
                            "trajectory's own tools with string parameters")
    by_name = {t.name: t for t in pool}
    return [item(path, i, rec, pool, by_name, ctx) for i, rec in enumerate(read_records(path))]


def item(path: Path, i: int, rec: dict[str, Any], pool: list[Tool], by_name: dict[str, Tool],
         ctx: LoadContext) -> EvalItem:
    where = f"{path}: record {i}"
    calls = calls_of(rec, where)
    level = FILES[path.name]
    sequential = level == "sequential"
    query = rec.get("query")
    if not isinstance(query, str):
        raise InputError("'query' must be a string", file=str(path), record=i, field="query")
    # simple/hard twins share the target (same index in the same domain folder)
    target = f"traject:{label(path.parent, ctx)}#{i}" + (":seq" if sequential else "")
    gold_tools = [by_name.get(collapse_ws(c["tool name"])) or fallback_tool(c, path.parent.name) for c in calls]
    rng = random.Random(f"{ctx.seed}:{target}")
    offered = offered_tools(list({t.name: t for t in gold_tools}.values()), pool, rng, ctx.max_tools)
    return EvalItem(
        id=f"traject:{label(path, ctx)}#{i}", format="traject", source=str(path), target=target, level=level,
        level_rank=level_rank(LEVELS, level), category="sequential" if sequential else "parallel",
        domain=path.parent.name, length=len(calls), query=query,
        messages=render_messages("eval/traject", query=query, sequential=sequential),
        tools=[t.openai() for t in offered],
        gold=[ToolCall(tool=collapse_ws(c["tool name"]), arguments=params_of(c)) for c in calls],
        steps="loop" if sequential else "one", outputs=[str(c.get("executed_output", "")) for c in calls],
        reference={"tool list": [{k: v for k, v in c.items() if k != "executed_output"} for c in calls],
                   "ordered": sequential})


# ---------------------------------------------------------------- scoring

def as_call(call: ToolCall, gold: list[dict[str, Any]], tools: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """A predicted call in TRAJECT's call layout. Its arguments are split into required and
    optional lists the way the gold call of the same tool splits them (the model never makes
    that split), else by the offered schema's `required`."""
    twin = next((g for g in gold if collapse_ws(g["tool name"]) == call.tool), None)
    if twin is not None:
        required = {p.get("name") for p in metrics._params(twin, "required") if isinstance(p, dict)}
    else:
        required = set((tools.get(call.tool) or {}).get("required") or [])
    return {"tool name": call.tool,
            "required parameters": [{"name": k, "value": v} for k, v in call.arguments.items() if k in required],
            "optional parameters": [{"name": k, "value": v} for k, v in call.arguments.items() if k not in required]}


def canonical(calls: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**c, "tool name": collapse_ws(c["tool name"])} for c in calls]


def stage_label(gt: list[dict[str, Any]], pred: list[dict[str, Any]], ordered: bool, correct: bool) -> str:
    """First failing stage: the tool set (sequence), then parameter names, then values."""
    if not metrics.exact_match_tools(gt, pred, ordered):
        return "TOOL_ERROR"
    if correct:
        return "VALID_CALL"
    for name in dict.fromkeys(metrics.names(gt)):
        g, p = metrics._first(gt, name), metrics._first(pred, name)
        if param_names(g) != param_names(p):
            return "PARAM_NAME_ERROR"
    return "PARAM_VALUE_ERROR"


def param_names(call: dict[str, Any]) -> set[str]:
    return {n for k in ("required", "optional") for n, _ in metrics.normalize_params(metrics._params(call, k))}


def score(item: EvalItem, pred: Prediction) -> Score:
    gt = canonical(item.reference["tool list"])
    ordered = bool(item.reference["ordered"])
    schemas = {t["function"]["name"]: t["function"].get("parameters") or {} for t in item.tools}
    p = [as_call(c, gt, schemas) for c in pred.calls]
    em = metrics.exact_match_tools(gt, p, ordered)
    usage = metrics.tool_traj_usage(gt, p)
    correct = em and bool(usage) and all(usage)
    measures = {"exact_match": em, "inclusion": metrics.inclusion_tools(gt, p),
                "usage": sum(usage) / len(usage) if usage else 0.0}
    return Score(correct=correct, error_type=stage_label(gt, p, ordered, correct),  # type: ignore[arg-type]
                 measures=measures)


FORMATS.add("traject", EvalFormat("traject", discover, claims, load, score, LEVELS, title="TRAJECT-Bench"))
