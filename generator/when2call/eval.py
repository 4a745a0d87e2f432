"""When2Call test rows (trajgen's `when2call_test.jsonl`, or When2Call's own test files): one item
per row, its context (the user's history and the query time, when the row has them) as a system
message, the question as the user message, the row's tools offered natively.

The reply is classified as one of When2Call's four kinds, in this order:
- tool_call: the reply calls a tool (natively, or a call written out as JSON / <TOOLCALL>);
- request_for_info: a question that names the parameter the row leaves out (`held_out_param`,
  trajgen's `omitted_param`, else a required parameter of the gold call's tool), in words;
- otherwise the configured judge model says which kind (prompts/eval/when2call_judge.j2, the
  four kinds of When2Call's LLM-as-a-judge); without one, a fallback rule: a question asks, an
  apology or "I can't" declines, anything else answers directly.
An item is right when the kind is its category (When2Call's rule). For tool_call items the call
itself is also scored (`call_ok`: the tool and every gold argument, leniently compared).

The summary adds, beside accuracy per category (the levels): the reply mix per category, macro
F1, the over-call rate on request_for_info items, the over-ask rate on determined (and stated)
items, the tool-hallucination rate on cannot_answer items, and the paired difference between the
history twins of one target (determined minus undetermined: accuracy and call rate), each with a
bootstrap interval clustered by target. One plot: the reply mix per twin.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from ..errors import BudgetExceeded, InputError, LLMError
from ..evaluate.formats.base import FORMATS, EvalFormat, LoadContext, label, level_rank, visible
from ..evaluate.records import EvalItem, Prediction, Score
from ..jsonl import first_has, read_jsonl
from ..prompting import render_messages
from ..records import Tool, ToolCall
from .export import context_messages
from .replies import name_words
from .rows import call_of, target_of, tools_of

NAME = "when2call"
LEVELS = ("tool_call", "request_for_info", "cannot_answer", "direct")
KEYS = ("correct_answer", "answers", "question")
JUDGE_NAMES = {"direct_answer": "direct", "direct": "direct", "tool_call": "tool_call",
               "request_for_info": "request_for_info", "cannot_answer": "cannot_answer"}


def discover(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.jsonl") if visible(root, p) and claims(p))


def claims(path: Path) -> bool:
    return path.suffix == ".jsonl" and first_has(path, KEYS)


def load(path: Path, ctx: LoadContext) -> list[EvalItem]:
    lines = read_jsonl(path)
    if lines.problems:
        n, message = lines.problems[0]
        raise InputError(f"line {n}: {message}", file=str(path))
    return [row_item(path, n, row, ctx) for n, row in lines.rows]


def asked_params(row: dict[str, Any], tool: Tool | None) -> list[str]:
    """The parameters a clarifying question of this row may name: the one it leaves out, else
    the required ones of the gold call's tool."""
    held = row.get("held_out_param") or row.get("omitted_param")
    return [str(held)] if held else list(tool.required if tool else [])


def row_item(path: Path, n: int, row: dict[str, Any], ctx: LoadContext) -> EvalItem:
    where = f"{path}: line {n}"
    category = row.get("correct_answer")
    if category not in LEVELS:
        raise InputError(f"correct_answer {category!r} is none of {', '.join(LEVELS)}", file=where,
                         field="correct_answer")
    tools = tools_of(row, where)
    call = call_of(row, where)
    target = target_of(row, call, where)
    twin = str(row.get("twin") or category)
    name = label(path, ctx)
    group = str(row.get("source_id") or row.get("uuid") or n)
    return EvalItem(
        id=f"when2call:{name}:{row.get('uuid') or n}", format=NAME, source=str(path), target=f"when2call:{name}#{group}",
        level=category, level_rank=level_rank(LEVELS, category), category=twin, domain=str(row.get("source") or "-"),
        query=str(row.get("question") or ""), messages=context_messages(row), tools=[t.openai() for t in tools],
        gold=[call] if category == "tool_call" and call is not None else [],
        reference={"category": category, "twin": twin, "case": row.get("undetermined_case"),
                   "params": asked_params(row, target),
                   "words": {p: param_words(p, target) for p in asked_params(row, target)},
                   "tools": list(row.get("tools") or []), "answers": dict(row.get("answers") or {}),
                   "call": call.model_dump() if call else None})


def param_words(param: str, tool: Tool | None) -> list[str]:
    """Words a question names the parameter with: its name's words, else its description's."""
    own = name_words(param)
    if own or tool is None:
        return own or [param.lower()]
    desc = str((tool.properties.get(param) or {}).get("description") or "")
    return [w for w in re.findall(r"[a-z]{4,}", desc.lower())][:3] or [param.lower()]


# ---------------------------------------------------------------- classification

_TOOLCALL = re.compile(r"<TOOLCALL>\s*(\[.*?\])\s*</TOOLCALL>", re.DOTALL | re.IGNORECASE)
_OBJECT = re.compile(r"\{.*\}", re.DOTALL)
_REFUSAL = re.compile(r"\b(sorry|unable|can(?:no|')t|cannot|not able|don't have (?:access|the ability|a tool))\b",
                      re.IGNORECASE)


def written_call(text: str, names: set[str]) -> bool:
    """A call written out in the text: <TOOLCALL>[...]</TOOLCALL>, or a JSON object with a name of
    an offered (or the gold) tool and arguments."""
    found = _TOOLCALL.search(text)
    candidates = [found.group(1)] if found else [m.group(0) for m in _OBJECT.finditer(text)]
    for raw in candidates:
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            continue
        for obj in value if isinstance(value, list) else [value]:
            if isinstance(obj, dict) and obj.get("name") in names and isinstance(obj.get("arguments", {}), dict):
                return True
    return False


def questions(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s.rstrip().endswith("?")]


def stem(word: str) -> str:
    return re.sub(r"(ies|es|s)$", "", word.lower())


def names_param(text: str, words: dict[str, list[str]]) -> bool:
    """A question sentence of the reply holds a word of one of the parameters."""
    asked = {stem(w) for q in questions(text) for w in re.findall(r"[A-Za-z]+", q)}
    return any(stem(w) in asked for ws in words.values() for w in ws)


def by_rule(item: EvalItem, pred: Prediction) -> tuple[str, str] | None:
    names = {t["function"]["name"] for t in item.tools} | ({item.reference["call"]["tool"]}
                                                          if item.reference.get("call") else set())
    if pred.calls:
        return "tool_call", "rule:call"
    if written_call(pred.text, names):
        return "tool_call", "rule:written_call"
    if names_param(pred.text, item.reference.get("words") or {}):
        return "request_for_info", "rule:question"
    return None


def fallback(text: str) -> str:
    """Without a judge model: a question asks, an apology declines, anything else answers."""
    if questions(text):
        return "request_for_info"
    return "cannot_answer" if _REFUSAL.search(text) else "direct"


class JudgeReply(BaseModel):
    classification: str


def known_kind(reply: JudgeReply) -> list[str]:
    return [] if reply.classification.strip() in JUDGE_NAMES else \
        [f"classification must be one of {', '.join(k for k in JUDGE_NAMES if k != 'direct')}"]


async def judged(item: EvalItem, text: str, judge: Any) -> str | None:
    messages = render_messages("eval/when2call_judge", tools=item.reference.get("tools") or [],
                               question=item.query, reply=text)
    try:
        got = await judge.structured(messages, JudgeReply, check=known_kind, tag="eval.when2call_judge")
    except LLMError as exc:
        if exc.retryable or isinstance(exc, BudgetExceeded):
            raise  # not a verdict: the item stays unfinished and a rerun asks again
        return None
    return JUDGE_NAMES[str(got.value.classification).strip()]


async def review(item: EvalItem, pred: Prediction, judge: Any) -> Prediction:
    if pred.failure is not None:
        return pred.model_copy(update={"classified": {"reply": "none", "by": "failure"}})
    found = by_rule(item, pred)
    if found is None and judge is not None:
        kind = await judged(item, pred.text, judge)
        found = (kind, f"judge:{judge.model}") if kind else None
    if found is None:
        found = (fallback(pred.text), "rule:fallback")
    return pred.model_copy(update={"classified": {"reply": found[0], "by": found[1]}})


# ---------------------------------------------------------------- scoring

def lenient(value: Any) -> str:
    return re.sub(r"[\s_\-.,]+", "", json.dumps(value, sort_keys=True).lower()) if not isinstance(value, str) \
        else re.sub(r"[\s_\-.,]+", "", value.lower())


def call_ok(gold: list[ToolCall], calls: list[ToolCall]) -> bool:
    """The first call names the gold tool and gives every gold argument (case, spacing and
    punctuation aside)."""
    if not gold or not calls or calls[0].tool != gold[0].tool:
        return False
    got = calls[0].arguments
    return all(k in got and lenient(got[k]) == lenient(v) for k, v in gold[0].arguments.items())


def score(item: EvalItem, pred: Prediction) -> Score:
    kind = pred.classified.get("reply") or (by_rule(item, pred) or (fallback(pred.text), ""))[0]
    right = kind == item.level
    measures: dict[str, Any] = {"reply": kind, "by": pred.classified.get("by", "rule"), "twin": item.category,
                                "case": item.reference.get("case") or ""}
    if item.level == "tool_call":
        measures["call_ok"] = call_ok(item.gold, pred.calls)
    return Score(correct=right, error_type="VALID_CALL" if right else "TOOL_ERROR", measures=measures,
                 detail=f"replied {kind} ({measures['by']}), expected {item.level}")


def register() -> None:
    from . import eval_stats as when2call_stats

    FORMATS.add(NAME, EvalFormat(NAME, discover, claims, load, score, LEVELS, review=review,
                                 summary=when2call_stats.summary, plot=when2call_stats.plot, title="When2Call"))


register()
