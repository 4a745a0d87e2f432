"""BFCL native files (`BFCL_v4_<category>.json` + `possible_answer/`): one item per entry, the
first turn's messages sent as they are with the entry's functions as tools, scored by BFCL's AST
rule (bfcl_rule.py). irrelevance / live_irrelevance: right iff no call; live_relevance: right iff
any call. Multi-turn categories need BFCL's stateful execution and are skipped (with a warning),
as are the Java / JavaScript / memory / web-search / format-sensitivity ones."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..core.schema import normalize_schema
from ..errors import InputError
from ..evaluate.formats.base import FORMATS, EvalFormat, LoadContext, label, level_rank, visible
from ..evaluate.formats.calls import score
from ..evaluate.records import EvalItem
from ..jsonl import read_jsonl
from ..records import ToolCall

LEVELS = ("non-live", "live", "multi-turn")
NAME = re.compile(r"^BFCL_v\d+_(?P<cat>.+)\.json$")
RELEVANCE = {"irrelevance": "irrelevance", "live_irrelevance": "irrelevance", "live_relevance": "relevance"}
SKIPPED = ("multi_turn", "java", "javascript", "memory", "web_search", "format_sensitivity")
ANSWER_DIRS = ("possible_answer", "gold")  # gold/: trajgen's side file for live_relevance


def level_of(category: str) -> str:
    if category.startswith("multi_turn"):
        return "multi-turn"
    return "live" if category.startswith("live_") else "non-live"


def discover(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("BFCL_v*_*.json") if visible(root, p) and claims(p))


def claims(path: Path) -> bool:
    return bool(NAME.match(path.name)) and path.parent.name not in ANSWER_DIRS


def category_of(path: Path) -> str:
    m = NAME.match(path.name)
    return m.group("cat") if m else path.stem


def rows(path: Path) -> list[dict[str, Any]]:
    lines = read_jsonl(path)
    if lines.problems:
        n, message = lines.problems[0]
        raise InputError(f"line {n}: {message}", file=str(path))
    return [r for _, r in lines.rows]


def answers_for(path: Path) -> dict[str, Any] | None:
    for d in ANSWER_DIRS:
        f = path.parent / d / path.name
        if f.is_file():
            return {str(r.get("id")): r.get("ground_truth") for r in rows(f)}
    return None


def load(path: Path, ctx: LoadContext) -> list[EvalItem]:
    cat = category_of(path)
    if cat.startswith(SKIPPED) or cat.split("_")[-1] in ("java", "javascript"):
        ctx.warnings.append(f"{path}: category {cat} is not evaluated (needs BFCL's own runner)")
        return []
    answers = answers_for(path)
    rule = RELEVANCE.get(cat, "ast")
    if answers is None and rule == "ast":
        ctx.warnings.append(f"{path}: no possible_answer/{path.name} beside it; skipped")
        return []
    return [entry_item(path, i, q, cat, rule, answers or {}, ctx) for i, q in enumerate(rows(path))]


def tools_of(functions: Any, where: str) -> list[dict[str, Any]]:
    if not isinstance(functions, list) or not all(isinstance(f, dict) and isinstance(f.get("name"), str)
                                                  for f in functions):
        raise InputError("'function' must be a list of function docs with a name", file=where, field="function")
    try:
        return [json.loads(openai_tool(json.dumps(f, sort_keys=True))) for f in functions]
    except InputError as e:
        raise InputError(e.message, file=where, field=f"function.{e.field}") from None


@lru_cache(maxsize=4096)
def openai_tool(doc_json: str) -> str:
    """A BFCL function doc as an OpenAI tool definition (JSON in and out: live files repeat the
    same docs across hundreds of entries, and checking a schema is not cheap)."""
    f = json.loads(doc_json)
    params = normalize_schema(f.get("parameters") or {}, "parameters")  # not meta-checked: it is only sent
    params.setdefault("type", "object")
    params.setdefault("properties", {})
    return json.dumps({"type": "function", "function": {"name": f["name"], "description": str(f.get("description", "")),
                                                        "parameters": params}})


def first_turn(question: Any, where: str) -> list[dict[str, Any]]:
    turn = question[0] if isinstance(question, list) and question else None
    if not isinstance(turn, list) or not all(isinstance(m, dict) and "role" in m for m in turn):
        raise InputError("'question' must be a list of turns of messages", file=where, field="question")
    return [{"role": m["role"], "content": m.get("content", "")} for m in turn]


def first(alts: Any) -> Any:
    """The first acceptable alternative ("" = may be omitted -> None); a bare value, as in a few
    inconsistent upstream entries, stands for itself."""
    if not isinstance(alts, list):
        return collapse(alts)
    return next((collapse(a) for a in alts if a != ""), None)


def collapse(value: Any) -> Any:
    """A dict whose values are alternative lists (or a list of such dicts) -> one concrete value."""
    if isinstance(value, dict):
        return {k: v for k, alts in value.items() if (v := first(alts)) is not None}
    if isinstance(value, list):
        return [collapse(x) if isinstance(x, dict) else x for x in value]
    return value


def gold_calls(ground_truth: Any, where: str) -> list[ToolCall]:
    """A call per ground-truth entry, with the first acceptable alternative of each parameter."""
    if not isinstance(ground_truth, list) or not all(isinstance(c, dict) and all(isinstance(p, dict) for p in c.values())
                                                     for c in ground_truth):
        raise InputError("ground_truth must be a list of {function: {param: [alternatives]}}", file=where)
    return [ToolCall(tool=name, arguments=collapse(params)) for call in ground_truth for name, params in call.items()]


def entry_item(path: Path, i: int, q: dict[str, Any], cat: str, rule: str, answers: dict[str, Any],
               ctx: LoadContext) -> EvalItem:
    qid = str(q.get("id", i))
    where = f"{path}: entry {qid}"
    gt = answers.get(qid) if rule != "irrelevance" else []
    if rule == "ast" and not isinstance(gt, list):
        raise InputError(f"no possible answer for id {qid}", file=str(path), record=i)
    messages = first_turn(q.get("question"), where)
    query = next((m["content"] for m in reversed(messages) if m["role"] == "user"), "")
    level = level_of(cat)
    item_id = f"bfcl:{label(path, ctx)}#{qid}"
    return EvalItem(id=item_id, format="bfcl", source=str(path), target=item_id, level=level,
                    level_rank=level_rank(LEVELS, level), category=cat, query=str(query), messages=messages,
                    tools=tools_of(q.get("function"), where), gold=gold_calls(gt or [], where),
                    length=len(gt or []),
                    reference={"functions": q.get("function"), "answer": gt, "category": cat, "rule": rule})


FORMATS.add("bfcl", EvalFormat("bfcl", discover, claims, load, score, LEVELS, title="BFCL"))
