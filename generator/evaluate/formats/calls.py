"""The generic scorer of the eval contract: a format whose gold is one or more calls over the
offered tools, with no rule of its own, builds its items with `call_item` and registers `score`
(BFCL's AST rule, as for SDG rows): every optional parameter may be omitted, an omitted one is
also right at its schema default, and a gold of no call means a text reply is expected. A
plug-in format (docs/architecture.md, "Adding a product") needs nothing more than this to be
scored by `trajgen eval`."""

from __future__ import annotations

from typing import Any

from ...judge.bfcl_opinion import bfcl_function, possible_answer
from ...records import Tool, ToolCall
from .. import bfcl_rule
from ..records import EvalItem, Prediction, Score
from .base import level_rank


def score(item: EvalItem, pred: Prediction) -> Score:
    """BFCL's rule for native files and SDG rows alike (both carry BFCL-shaped references)."""
    ref = item.reference
    output = [{c.tool: c.arguments} for c in pred.calls]
    if ref["rule"] != "ast":
        correct, lab = bfcl_rule.relevance(ref["rule"], output)
        return Score(correct=correct, error_type=lab, detail="" if correct else f"{ref['rule']}: wrong",
                     measures={"checker": ref["rule"]})
    verdict = bfcl_rule.ast_verdict(ref["functions"], output, ref["answer"], ref["category"])
    lab = bfcl_rule.verdict_label(ref["functions"], output, ref["answer"], ref["category"], verdict)
    return Score(correct=bool(verdict.get("valid")), error_type=lab, detail=str(verdict.get("error_type", "")),
                 measures={"checker": bfcl_rule.checker_name()})


def checker_category(category: str, gold: list[ToolCall], tools: list[Tool]) -> str:
    """BFCL routes by category name ("parallel", then "multiple", else one call of the only
    function); rows of other categories by how many calls and tools there are."""
    if "parallel" in category or ("multiple" in category and len(gold) <= 1):
        return category
    if len(gold) > 1:
        return "parallel"
    return "multiple" if len(tools) > 1 else "simple"


def ast_reference(tools: list[Tool], gold: list[ToolCall], category: str = "-") -> dict[str, Any]:
    """What `score` reads: the offered functions and the gold as BFCL's possible answer."""
    by_name = {t.name: t for t in tools}
    return {"functions": [bfcl_function(t) for t in tools],
            "answer": [possible_answer(c, by_name[c.tool]) for c in gold],
            "category": checker_category(category, gold, tools), "rule": "ast" if gold else "irrelevance"}


def call_item(fmt: str, item_id: str, source: str, *, query: str, tools: list[Tool], gold: list[ToolCall],
              level: str, levels: tuple[str, ...], target: str = "", category: str = "-",
              messages: list[dict[str, Any]] | None = None) -> EvalItem:
    """An item of format `fmt` that `score` scores: `query` asked as one user message (or
    `messages`, ending with it), the `tools` offered, the `gold` calls (each of an offered tool)."""
    return EvalItem(id=item_id, format=fmt, source=source, target=target or item_id, level=level,
                    level_rank=level_rank(levels, level), category=category, query=query,
                    messages=messages or [{"role": "user", "content": query}], tools=[t.openai() for t in tools],
                    gold=gold, length=len(gold), reference=ast_reference(tools, gold, category))
