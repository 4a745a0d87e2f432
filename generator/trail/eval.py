"""TRAILBench: one item per query paraphrase; the candidate tools are every function of the answer's
domain (its `apis_openai/<domain>_openai.json` file), the history and query time are context, and
the score is TRAILBench's own rule (`generator.trail.score`): app, function, parameter-name set and
values by its include rule."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import InputError
from ..evaluate.formats.base import FORMATS, EvalFormat, LoadContext, label, level_rank, visible
from ..evaluate.records import EvalItem, Prediction, Score
from ..prompting import render_messages
from ..readers.histories import TrailRecord, read_trail_records
from ..records import Tool, ToolCall
from .files import QUERY_GLOB, find_catalog_dir, load_catalog_dir
from .score import score_query

LEVELS = ("Minimum", "Low", "Medium", "High")
SUFFIX = " Difficulty"


def discover(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob(QUERY_GLOB) if "apis" not in p.relative_to(root).parts and visible(root, p))


def claims(path: Path) -> bool:
    return path.name.startswith(QUERY_GLOB.split("*")[0]) and path.suffix == ".json"


def domain_tools(path: Path) -> dict[str, list[Tool]]:
    where = find_catalog_dir(path)
    if where is None:
        raise InputError("no tool schemas for this TRAILBench file: expected a folder apis/apis_openai "
                         "(or apis/) beside it or above it", file=str(path))
    by_domain: dict[str, list[Tool]] = {}
    for tool in load_catalog_dir(where).values():
        by_domain.setdefault(tool.domain, []).append(tool)
    return by_domain


def history_lines(record: TrailRecord) -> list[dict[str, Any]]:
    return [{"time": e.time, "tool": f"{e.toolname}_{e.apiname}", "arguments": e.parameters}
            for e in record.history]


def load(path: Path, ctx: LoadContext) -> list[EvalItem]:
    tools = domain_tools(path)
    items: list[EvalItem] = []
    for record in read_trail_records(path, warnings=ctx.warnings):
        offered = tools.get(record.answer.apitype, [])
        if not offered:
            ctx.warnings.append(f"{path}: record {record.id}: no tools for domain "
                                f"'{record.answer.apitype}'; its queries are offered none")
        items += record_items(path, record, offered, ctx)
    return items


def record_items(path: Path, record: TrailRecord, offered: list[Tool], ctx: LoadContext) -> list[EvalItem]:
    a = record.answer
    target = f"trail:{label(path, ctx)}#{record.id}"
    gold = ToolCall(tool=f"{a.toolname}_{a.apiname}", arguments=a.parameters)
    history = history_lines(record)
    out = []
    for raw_level, texts in record.query.items():
        level = raw_level.removesuffix(SUFFIX)
        for k, query in enumerate(texts):
            out.append(EvalItem(
                id=f"{target}:{level}:{k}", format="trail", source=str(path), target=target,
                level=level, level_rank=level_rank(LEVELS, level), category=a.apiname, domain=a.apitype,
                query=query, messages=render_messages("eval/trail", history=history, time=record.time,
                                                      query=query),
                tools=[t.openai() for t in offered], gold=[gold], reference={"answer": a.model_dump()}))
    return out


# ---------------------------------------------------------------- scoring

def prediction(calls: list[ToolCall]) -> list[Any] | None:
    """TRAILBench's API-model prediction `[toolname, [{apiname: params}, ...]]` (names split at the
    first "_", as its scripts do); None when the model made no call."""
    if not calls:
        return None
    split = [c.tool.split("_", 1) if "_" in c.tool else [c.tool, ""] for c in calls]
    return [split[0][0], [{api: c.arguments} for (_, api), c in zip(split, calls, strict=True)]]


def stage_label(answer: dict[str, Any], pred: list[Any], correct: bool) -> str:
    """The first failing stage, in TRAILBench's own measures: app and function, then the
    parameter-name set, then values (a comparison error is a value error)."""
    calls = pred[1]
    if pred[0] != answer["toolname"] or {next(iter(c)) for c in calls} != {answer["apiname"]}:
        return "TOOL_ERROR"
    names = {k for c in calls for k in next(iter(c.values()))}
    if names != set(answer["parameters"]):
        return "PARAM_NAME_ERROR"
    return "VALID_CALL" if correct else "PARAM_VALUE_ERROR"


def score(item: EvalItem, pred: Prediction) -> Score:
    answer = item.reference["answer"]
    p = prediction(pred.calls)
    if p is None:
        return Score(correct=False, error_type="TOOL_ERROR", detail="no tool call",
                     measures=dict.fromkeys(("format", "platforms", "tool_names", "tool_param_names",
                                             "tool_param_values", "overall"), False))
    s = score_query(answer, p)
    return Score(correct=s.overall, error_type=stage_label(answer, p, s.overall),  # type: ignore[arg-type]
                 measures=s.model_dump())


FORMATS.add("trail", EvalFormat("trail", discover, claims, load, score, LEVELS, title="TRAILBench"))
