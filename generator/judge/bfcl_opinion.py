"""A second, external opinion: BFCL's AST checker, its error types mapped to our labels (FORMATS 3.5).

`bfcl-eval` is not a runtime dependency: it is imported lazily, and `available()` says whether
it can be used. Rows it cannot judge with the AST checker (a text reply, or no gold call) get
None from `ast_label`; `relevance_label` applies BFCL's (ir)relevance rule to those instead.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..core.schema import to_bfcl
from ..records import Tool, ToolCall
from .cases import Candidate
from .config import Label

# Ordered: first matching prefix (or infix, for "*:wrong_count") wins.
ERROR_LABELS: tuple[tuple[str, Label], ...] = (
    ("simple_function_checker:wrong_func_name", "TOOL_ERROR"),
    ("simple_function_checker:missing_required", "PARAM_NAME_ERROR"),
    ("simple_function_checker:unexpected_param", "PARAM_NAME_ERROR"),
    ("simple_function_checker:missing_optional", "PARAM_NAME_ERROR"),
    ("value_error:dict_key", "PARAM_NAME_ERROR"),
    ("type_error", "PARAM_VALUE_ERROR"),
    ("value_error", "PARAM_VALUE_ERROR"),
    ("wrong_count", "TOOL_ERROR"),
    ("cannot_find_match", "TOOL_ERROR"),
)

MODEL_NAME = "gpt-4o-2024-11-20-FC"  # only consulted for names with dots, which ours lack


def map_error(error_type: str) -> Label | None:
    for key, label in ERROR_LABELS:
        if error_type.startswith(key) or f":{key}" in error_type:
            return label
    return None


@lru_cache(maxsize=1)
def _checker() -> Any:
    try:
        from bfcl_eval.constants.enums import Language
        from bfcl_eval.eval_checker.ast_eval.ast_checker import ast_checker
    except Exception:  # noqa: BLE001 - any import failure means "no second opinion here"
        return None
    return ast_checker, Language.PYTHON


def available() -> bool:
    return _checker() is not None


def bfcl_function(tool: Tool) -> dict[str, Any]:
    params = to_bfcl(tool.parameters)
    params.setdefault("properties", {})
    params.setdefault("required", [])
    return {"name": tool.name, "description": tool.description, "parameters": params}


def _alternatives(value: Any) -> Any:
    """BFCL's possible-answer form of one value: dicts hold alternative lists per key."""
    if isinstance(value, dict):
        return {k: [_alternatives(v)] for k, v in value.items()}
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return [_alternatives(v) for v in value]
    return value


def possible_answer(gold: ToolCall, tool: Tool) -> dict[str, Any]:
    """Gold as BFCL ground truth: every optional parameter may be omitted (""), and an optional
    parameter the gold call leaves out is also accepted at its schema default."""
    answer: dict[str, list[Any]] = {}
    for name, schema in tool.properties.items():
        optional = [""] if name not in tool.required else []
        if name in gold.arguments:
            answer[name] = [_alternatives(gold.arguments[name]), *optional]
        elif optional:
            answer[name] = ([schema["default"]] if "default" in schema else []) + optional
    return {gold.tool: answer}


def ast_label(gold: ToolCall | None, cand: Candidate, offered: list[Tool]) -> Label | None:
    """BFCL's verdict as a label, or None when the AST checker cannot judge the row."""
    checker = _checker()
    tool = next((t for t in offered if gold is not None and t.name == gold.tool), None)
    if checker is None or gold is None or cand.call is None or tool is None:
        return None
    ast_checker, python = checker
    result = ast_checker([bfcl_function(t) for t in offered], [{cand.call.tool: cand.call.arguments}],
                         [possible_answer(gold, tool)], python, "multiple", MODEL_NAME)
    return "VALID_CALL" if result["valid"] else map_error(result.get("error_type", ""))


def relevance_label(gold: ToolCall | None, cand: Candidate) -> Label:
    """BFCL's relevance/irrelevance rule: only whether a call was made when one was needed."""
    wanted_call = gold is not None
    made_call = cand.call is not None
    return "VALID_CALL" if wanted_call == made_call else "TOOL_ERROR"
