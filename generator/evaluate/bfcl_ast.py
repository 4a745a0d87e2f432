"""BFCL's AST checker (bfcl_eval/eval_checker/ast_eval/ast_checker.py, Python language),
reimplemented for when the `bfcl-eval` package is not installed. Same routing, same checks in the
same order, same error types; `tests/test_eval_bfcl.py` checks that both agree where bfcl-eval is
installed. Inputs are BFCL's own shapes: function docs (`parameters.type == "dict"`), the model
output as `[{name: {param: value}}]`, and the possible answer `[{name: {param: [alternatives]}}]`
("" among the alternatives = may be omitted).
"""

from __future__ import annotations

import re
from typing import Any

Verdict = dict[str, Any]  # {"valid": bool, "error": [str], "error_type": str}

PY_TYPES: dict[str, type] = {"string": str, "integer": int, "float": float, "boolean": bool, "array": list,
                             "tuple": list, "dict": dict, "any": str}
NESTED = ("array", "tuple")
_STANDARDIZE = re.compile(r"[ \,\.\/\-\_\*\^]")
OK: Verdict = {"valid": True, "error": []}


def bad(error_type: str, message: str) -> Verdict:
    return {"valid": False, "error": [message], "error_type": error_type}


def ast_check(functions: list[dict], output: list[dict], answer: list[dict], category: str) -> Verdict:
    if "parallel" in category:
        return parallel_no_order(functions, output, answer)
    if "multiple" in category:
        if len(output) != len(answer):
            return bad("multiple_function_checker:wrong_count", "Wrong number of functions.")
        return simple(find(functions, next(iter(answer[0]))), output[0], answer[0])
    if len(output) != 1:
        return bad("simple_function_checker:wrong_count", "Wrong number of functions.")
    return simple(functions[0], output[0], answer[0])


def find(functions: list[dict], name: str) -> dict | None:
    return next((f for f in functions if f.get("name") == name), None)


def parallel_no_order(functions: list[dict], output: list[dict], answer: list[dict]) -> Verdict:
    if len(output) != len(answer):
        return bad("parallel_function_checker_no_order:wrong_count", "Wrong number of functions.")
    matched: list[int] = []
    for i, expected in enumerate(answer):
        doc = find(functions, next(iter(expected)))
        hit = next((j for j in range(len(output)) if j not in matched and simple(doc, output[j], expected)["valid"]),
                   None)
        if hit is None:
            return bad("parallel_function_checker_no_order:cannot_find_match",
                       f"Could not find a matching function for index {i} of possible answers.")
        matched.append(hit)
    return OK


def simple(doc: dict | None, output: dict, expected: dict) -> Verdict:
    answer = next(iter(expected.values()))
    if doc is None or doc["name"] not in output:
        name = doc["name"] if doc else next(iter(expected))
        return bad("simple_function_checker:wrong_func_name", f"Function name {name!r} not found in model output.")
    params, details = output[doc["name"]], doc["parameters"].get("properties", {})
    missing = next((p for p in doc["parameters"].get("required", []) if p not in params), None)
    if missing is not None:
        return bad("simple_function_checker:missing_required", f"Missing required parameter: {missing!r}.")
    for param, value in params.items():
        if param not in details or param not in answer:
            return bad("simple_function_checker:unexpected_param", f"Unexpected parameter: {param!r}.")
        verdict = check_param(param, value, details[param], answer[param])
        if not verdict["valid"]:
            return verdict
    absent = next((p for p in answer if p not in params and "" not in answer[p]), None)
    if absent is not None:
        return bad("simple_function_checker:missing_optional",
                   f"Optional parameter {absent!r} not provided and not marked as optional.")
    return OK


def check_param(param: str, value: Any, detail: dict, alternatives: list) -> Verdict:
    declared = detail.get("type", "any")
    expected = PY_TYPES.get(declared, str)
    items = detail.get("items") if declared in NESTED else None
    nested = PY_TYPES.get(items.get("type", "any"), str) if isinstance(items, dict) else None
    if declared == "float" and type(value) is int:
        value = float(value)  # Python's int -> float promotion, as BFCL allows
    typed = type_check(param, value, alternatives, declared, expected, nested)
    if not typed["valid"]:
        return typed
    if typed["is_variable"]:
        return membership(param, value, alternatives)
    return value_check(param, value, alternatives, expected, nested)


def value_check(param: str, value: Any, alternatives: list, expected: type, nested: type | None) -> Verdict:
    if expected is dict:
        return dict_check(value, alternatives)
    if expected is list and nested is dict:
        return list_dict_check(value, alternatives)
    if expected is str:
        return string_check(param, value, alternatives)
    if expected is list:
        return list_check(param, value, alternatives)
    return membership(param, value, alternatives)


def membership(param: str, value: Any, alternatives: list) -> Verdict:
    if value not in alternatives:
        return bad("value_error:others", f"Invalid value for parameter {param!r}: {value!r}.")
    return OK


def answer_type(alternatives: list) -> type | None:
    return next((type(a) for a in alternatives if a != ""), None)


def type_check(param: str, value: Any, alternatives: list, declared: str, expected: type,
               nested: type | None) -> dict[str, Any]:
    """BFCL's type_checker: the declared type, one level of nesting, or a "variable" (the value
    has the possible answer's type, which differs from the declared one)."""
    seen = answer_type(alternatives)
    is_variable = seen is not None and seen is not expected
    nested_failed = False
    if type(value) is expected:
        if nested is None or nested_ok(param, value, alternatives, nested):
            return {"valid": True, "error": [], "is_variable": is_variable}
        nested_failed = True
    if seen is not None and type(value) is seen and not nested_failed:
        return {"valid": True, "error": [], "is_variable": True}
    kind = "type_error:nested" if nested_failed and type(value) is seen else "type_error:simple"
    return {"valid": False, "is_variable": False, "error_type": kind,
            "error": [f"Incorrect type for parameter {param!r}. Expected type {declared}."]}


def nested_ok(param: str, value: Any, alternatives: list, nested: type) -> bool:
    for alt in alternatives:
        if type(alt) is not list:
            return True  # BFCL: an alternative that is not a list constrains nothing
        if all(type_check(param, v, alt, str(nested), nested, None)["valid"] for v in value):
            return True
    return False


def standardize(text: str) -> str:
    return _STANDARDIZE.sub("", text).lower().replace("'", '"')


def _std(value: Any) -> Any:
    return standardize(value) if type(value) is str else value


def string_check(param: str, value: str, alternatives: list) -> Verdict:
    if standardize(value) not in [standardize(a) for a in alternatives if type(a) is str]:
        return bad("value_error:string", f"Invalid value for parameter {param!r}: {value!r}.")
    return OK


def list_check(param: str, value: list, alternatives: list) -> Verdict:
    mine = [_std(v) for v in value]
    if mine not in [[_std(v) for v in alt] for alt in alternatives]:
        return bad("value_error:list/tuple", f"Invalid value for parameter {param!r}: {value!r}.")
    return OK


def dict_check(value: dict, alternatives: list) -> Verdict:
    verdict = bad("dict_checker:unclear", "no dict alternative")
    for alt in alternatives:
        if alt == "":
            continue
        verdict = one_dict(value, alt)
        if verdict["valid"]:
            return OK
    return verdict


def one_dict(value: dict, alt: dict) -> Verdict:
    """Keys and values against one alternative dict. As in BFCL, a missing key is checked even
    after a bad key or value, and then decides the error type."""
    verdict = OK
    for key, v in value.items():
        if key not in alt:
            verdict = bad("value_error:dict_key", f"Unexpected dict key parameter: '{key}'.")
            break
        if _std(v) not in [_std(a) for a in alt[key]]:
            verdict = bad("value_error:dict_value", f"Invalid value for parameter {key!r}: {v!r}.")
            break
    missing = next((k for k, alts in alt.items() if k not in value and "" not in alts), None)
    if missing is not None:
        return bad("value_error:dict_key", f"Missing dict key parameter: '{missing}'.")
    return verdict


def list_dict_check(value: list, alternatives: list) -> Verdict:
    verdict = bad("list_dict_checker:unclear", "no list alternative")
    for alt in alternatives:
        if len(value) != len(alt):
            verdict = bad("value_error:list_dict_count", "Wrong number of dictionaries in the list.")
            continue
        verdict = next((v for v in (dict_check(d, [a]) for d, a in zip(value, alt, strict=True))
                        if not v["valid"]), OK)
        if verdict["valid"]:
            return OK
    return verdict
