"""BFCL's AST rule for one prediction: the official checker from `bfcl-eval` when it is importable,
else the equivalent in bfcl_ast.py; plus BFCL's (ir)relevance rule, and the verdict as one of
the four judge labels."""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ..judge.bfcl_opinion import map_error
from ..judge.config import Label
from . import bfcl_ast

# A model entry of BFCL's config whose checker keeps dotted function names as given: we map the
# wire names (dots are not allowed there) back to the originals ourselves.
OFFICIAL_MODEL = "gpt-4o-2024-11-20"
ORDER: tuple[Label, ...] = ("TOOL_ERROR", "PARAM_NAME_ERROR", "PARAM_VALUE_ERROR")
Checker = Callable[[list[dict], list[dict], list[dict], str], dict[str, Any]]


@lru_cache(maxsize=1)
def official() -> Checker | None:
    try:
        from bfcl_eval.constants.enums import Language
        from bfcl_eval.eval_checker.ast_eval.ast_checker import ast_checker
    except Exception:  # noqa: BLE001 - any import failure means "use the equivalent"
        return None

    def check(functions: list[dict], output: list[dict], answer: list[dict], category: str) -> dict[str, Any]:
        return ast_checker(functions, output, answer, Language.PYTHON, category, OFFICIAL_MODEL)
    return check


def checker_name() -> str:
    return "bfcl-eval" if official() is not None else "equivalent"


def ast_verdict(functions: list[dict], output: list[dict], answer: list[dict], category: str) -> dict[str, Any]:
    """The official verdict (on copies: it must not see our objects change), the equivalent's when
    bfcl-eval is absent or crashes on a malformed entry."""
    if not output:
        return bfcl_ast.bad("ast_decoder:decoder_failed", "no function call")
    fn = official()
    if fn is not None:
        try:
            return fn(*copy.deepcopy((functions, output, answer)), category)
        except Exception:  # noqa: BLE001,S110 - e.g. a gold name missing from the docs
            pass
    return bfcl_ast.ast_check(functions, output, answer, category)


def verdict_label(functions: list[dict], output: list[dict], answer: list[dict], category: str,
                  verdict: dict[str, Any]) -> Label:
    """The judge label of a BFCL verdict. Several calls are paired first (exact matches, then by
    function name), so one wrong value among parallel calls is a value error, not a tool error."""
    if verdict.get("valid"):
        return "VALID_CALL"
    if len(output) > 1 or len(answer) > 1:
        return paired_label(functions, output, answer)
    return map_error(str(verdict.get("error_type", ""))) or "TOOL_ERROR"


def paired_label(functions: list[dict], output: list[dict], answer: list[dict]) -> Label:
    if len(output) != len(answer):
        return "TOOL_ERROR"
    free = list(range(len(output)))
    left = []
    for expected in answer:
        doc = bfcl_ast.find(functions, next(iter(expected)))
        hit = next((j for j in free if bfcl_ast.simple(doc, output[j], expected)["valid"]), None)
        if hit is None:
            left.append((doc, expected))
        else:
            free.remove(hit)
    labels = [pair_label(doc, expected, output, free) for doc, expected in left]
    return min(labels, key=ORDER.index) if labels else "TOOL_ERROR"


def pair_label(doc: dict | None, expected: dict, output: list[dict], free: list[int]) -> Label:
    name = next(iter(expected))
    j = next((j for j in free if name in output[j]), None)
    if j is None:
        return "TOOL_ERROR"
    free.remove(j)
    return map_error(str(bfcl_ast.simple(doc, output[j], expected).get("error_type", ""))) or "TOOL_ERROR"


def relevance(rule: str, output: list[dict]) -> tuple[bool, Label]:
    """irrelevance: right iff no call; relevance: right iff any call (BFCL's rule for both)."""
    correct = not output if rule == "irrelevance" else bool(output)
    return correct, "VALID_CALL" if correct else "TOOL_ERROR"
