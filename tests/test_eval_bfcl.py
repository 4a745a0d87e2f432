"""BFCL's AST rule: the equivalent (generator.evaluate.bfcl_ast) on hand-made cases, and its
agreement with the official checker of `bfcl-eval` where that package is installed (gold and
corrupted predictions over trajgen's BFCL and SDG files, and upstream BFCL when present)."""

import copy
import random

import pytest
from eval_support import ALL_PRODUCTS, make_run
from upstream import require_bfcl_eval, upstream_path

from generator.evaluate import bfcl_ast, bfcl_rule
from generator.evaluate.formats import LoadContext
from generator.evaluate.load import load_items
from generator.readers import tool_from_openai
from generator.testing import oracle as orc

DOC = {"name": "math.area", "description": "", "parameters": {"type": "dict", "required": ["base", "height"],
       "properties": {"base": {"type": "integer"}, "height": {"type": "float"}, "unit": {"type": "string"},
                      "tags": {"type": "array", "items": {"type": "string"}},
                      "opts": {"type": "dict", "properties": {}}}}}
ANSWER = [{"math.area": {"base": [10], "height": [5.0], "unit": ["square meters", ""], "tags": [["a b", "c"], ""],
                         "opts": [{"mode": ["x"], "extra": ["", "y"]}, ""]}}]


def check(call: dict, category: str = "simple_python") -> dict:
    return bfcl_ast.ast_check([DOC], [{"math.area": call}], ANSWER, category)


CASES = [
    ({"base": 10, "height": 5}, None),  # int accepted for float
    ({"base": 10, "height": 5.0, "unit": "Square-Meters"}, None),  # standardized strings
    ({"base": 10, "height": 5.0, "tags": ["A_B", "c"]}, None),
    ({"base": 10, "height": 5.0, "opts": {"mode": "X"}}, None),
    ({"height": 5.0}, "simple_function_checker:missing_required"),
    ({"base": 10, "height": 5.0, "color": "red"}, "simple_function_checker:unexpected_param"),
    ({"base": "10", "height": 5.0}, "type_error:simple"),
    ({"base": 11, "height": 5.0}, "value_error:others"),
    ({"base": 10, "height": 5.0, "unit": "feet"}, "value_error:string"),
    ({"base": 10, "height": 5.0, "tags": ["c", "a b"]}, "value_error:list/tuple"),
    # BFCL quirk: an optional ("") alternative switches the nested type check off
    ({"base": 10, "height": 5.0, "tags": ["a", 3]}, "value_error:list/tuple"),
    ({"base": 10, "height": 5.0, "opts": {"mode": "z"}}, "value_error:dict_value"),
    ({"base": 10, "height": 5.0, "opts": {"speed": 1}}, "value_error:dict_key"),
]


@pytest.mark.parametrize(("call", "error"), CASES)
def test_equivalent_verdicts(call, error):
    verdict = check(call)
    assert verdict["valid"] is (error is None), verdict
    assert error is None or verdict["error_type"] == error


def test_nested_type_error_without_an_optional_alternative():
    answer = [{"math.area": {"base": [10], "height": [5.0], "tags": [["a b", "c"]]}}]
    verdict = bfcl_ast.ast_check([DOC], [{"math.area": {"base": 10, "height": 5.0, "tags": ["a", 3]}}], answer, "simple")
    assert verdict["error_type"] == "type_error:nested"


def test_hand_made_cases_agree_with_the_official_checker():
    require_bfcl_eval()
    for call, error in CASES:
        official = bfcl_rule.official()(*copy.deepcopy(([DOC], [{"math.area": call}], ANSWER)), "simple_python")
        assert official["valid"] is (error is None) and (error is None or official["error_type"] == error), call


def test_routing_counts_and_names():
    assert bfcl_ast.ast_check([DOC], [], ANSWER, "simple")["error_type"] == "simple_function_checker:wrong_count"
    assert bfcl_ast.ast_check([DOC], [{"area": {"base": 10, "height": 5.0}}], ANSWER, "multiple")["error_type"] == \
        "simple_function_checker:wrong_func_name"
    two = [{"f": {"x": [1]}}, {"f": {"x": [2]}}]
    doc = {"name": "f", "parameters": {"type": "dict", "required": ["x"], "properties": {"x": {"type": "integer"}}}}
    assert bfcl_ast.ast_check([doc], [{"f": {"x": 2}}, {"f": {"x": 1}}], two, "parallel")["valid"]  # order-free
    bad = bfcl_ast.ast_check([doc], [{"f": {"x": 2}}, {"f": {"x": 3}}], two, "parallel")
    assert bad["error_type"] == "parallel_function_checker_no_order:cannot_find_match"
    # one wrong value among parallel calls is a value error, not a tool error
    assert bfcl_rule.verdict_label([doc], [{"f": {"x": 2}}, {"f": {"x": 3}}], two, "parallel", bad) == "PARAM_VALUE_ERROR"


def test_missing_key_decides_a_dict_error_even_after_a_bad_value():
    answer = [{"math.area": {"base": [10], "height": [5.0], "opts": [{"mode": ["x"], "need": ["y"]}]}}]
    verdict = bfcl_ast.ast_check([DOC], [{"math.area": {"base": 10, "height": 5.0, "opts": {"mode": "z"}}}], answer,
                                 "simple")
    assert verdict["error_type"] == "value_error:dict_key"  # as BFCL's checker says


def predictions(items, rng):
    """Gold and one corrupted prediction per error label for each AST item."""
    for it in items:
        tools = [tool_from_openai(t) for t in it.tools]
        yield it, it.gold
        for lab in orc.ERRORS:
            entry = orc.GoldEntry(key="", id=it.id, format="x", level="x", level_rank=0, steps="one", tools="",
                                  gold=it.gold)
            plan = orc.corrupt(entry, tools, lab, rng)
            if plan is not None and plan.calls:
                yield it, plan.calls


def agreement(paths):
    official = bfcl_rule.official()
    items = [i for i in load_items(paths, ["bfcl", "sdg"], LoadContext()) if i.reference["rule"] == "ast"]
    n, differ = 0, []
    for it, calls in predictions(items, random.Random(0)):
        ref = it.reference
        out = [{c.tool: c.arguments} for c in calls]
        a = official(*copy.deepcopy((ref["functions"], out, ref["answer"])), ref["category"])
        b = bfcl_ast.ast_check(ref["functions"], out, ref["answer"], ref["category"])
        n += 1
        if a["valid"] != b["valid"] or (not a["valid"] and a["error_type"] != b["error_type"]):
            differ.append((it.id, out, a.get("error_type"), b.get("error_type")))
    return n, differ


def test_equivalent_agrees_with_the_official_checker_on_trajgen_files(tmp_path):
    require_bfcl_eval()
    run = make_run(tmp_path / "run", {k: v for k, v in ALL_PRODUCTS.items()
                                      if k in ("bfcl", "sdg")})
    n, differ = agreement([run / "bfcl", run / "sdg"])
    assert n > 100 and differ == []


def test_equivalent_agrees_with_the_official_checker_on_upstream_bfcl():
    require_bfcl_eval()
    data = upstream_path("bfcl", "data")
    n, differ = agreement([data])
    assert n > 5000 and differ == []
