"""Every corruption operator yields its intended label per the independent labeler, on the
bundled catalog; plus the label mix, the mutations, the LLM operator and the BFCL mapping."""

from __future__ import annotations

import asyncio
import json
import random
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from upstream import require_bfcl_eval

from generator.catalog import Catalog
from generator.errors import LLMError
from generator.judge import bfcl_opinion, mutations
from generator.judge.cases import Candidate, Scenario
from generator.judge.config import LABELS, JudgeConfig
from generator.judge.labeler import label_candidate
from generator.judge.llm_operator import corrupt_messages
from generator.judge.mix import label_counts, operator_weights, plan_labels, weighted_order
from generator.judge.operators import OPERATORS
from generator.judge.scenario import draw_scenario, user_values
from generator.llm.protocol import Structured, Usage
from generator.personas import load_personas, synthesize_histories
from generator.readers import read_catalogs
from generator.records import ToolCall
from generator.testing.answerers import answer, find_task

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
DRAWS = 150


@lru_cache(maxsize=1)
def bundled() -> tuple[Catalog, list[dict[str, list[Any]]]]:
    catalog = Catalog(read_catalogs([EXAMPLES / "catalog.json"]))
    histories = synthesize_histories(load_personas(EXAMPLES / "personas.yaml"), catalog, 7,
                                     start=datetime(2025, 5, 1), n_events=60)
    return catalog, user_values(histories)


class FakeLLM:
    """Answers through the fake server's task answerers, applying the caller's check."""

    model, endpoint = "fake", "local"

    def __init__(self) -> None:
        self.usage = Usage()

    async def structured(self, messages, reply_model, *, check=None, temperature=None, tag=""):
        data = answer(messages)
        value = reply_model.model_validate(data)
        problems = check(value) if check else []
        if problems:
            raise LLMError("; ".join(problems), raw=json.dumps(data))
        return Structured(value=value, raw=json.dumps(data), attempts=1)


def scenarios(needs_gold: bool, n: int = DRAWS) -> list[tuple[Scenario, random.Random]]:
    catalog, users = bundled()
    out = []
    for i in range(n):
        rng = random.Random(i)
        sc = draw_scenario(catalog, users, rng, needs_gold=needs_gold, distractors=(1, 3))
        if sc is not None:
            sc.request = "a request"
            out.append((sc, rng))
    return out


@pytest.mark.parametrize("name", OPERATORS.names())
def test_operator_yields_its_intended_label(name: str) -> None:
    op = OPERATORS.get(name)
    llm = FakeLLM()
    applied = 0
    for sc, rng in scenarios(op.needs_gold):
        try:
            cand = asyncio.run(op.apply(sc, rng, llm))
        except LLMError:  # the fake ignores bounds; the product records these as rejections
            continue
        if cand is None:
            continue
        applied += 1
        verdict = label_candidate(sc.gold, cand, sc.offered)
        assert verdict.label == op.label, (name, cand, sc.gold, verdict.reasons)
    assert applied >= 5, f"{name} applied to only {applied} of {DRAWS} scenarios"


def test_llm_operator_needs_a_client() -> None:
    sc, rng = scenarios(True, 1)[0]
    assert asyncio.run(OPERATORS.get("llm_value").apply(sc, rng, None)) is None


def test_llm_prompt_carries_the_corrupt_value_task() -> None:
    sc, _ = scenarios(True, 1)[0]
    param = min(sc.gold.arguments)  # type: ignore[union-attr]
    messages = corrupt_messages(sc, param)
    assert [m["role"] for m in messages] == ["system", "user"]
    assert "```" not in messages[-1]["content"]
    task = find_task(messages)
    assert task["task"] == "corrupt_value" and task["param"] == param
    assert task["gold_value"] == sc.gold.arguments[param]  # type: ignore[union-attr]
    assert answer(messages)["value"] != sc.gold.arguments[param]  # type: ignore[union-attr]


def test_llm_prompt_declares_only_known_variables() -> None:
    from generator.judge.llm_operator import TEMPLATE_VARS
    from generator.prompting import check_templates

    assert check_templates(TEMPLATE_VARS) == []
    name = next(iter(TEMPLATE_VARS))
    assert check_templates({name: TEMPLATE_VARS[name] - {"gold_value"}}) != []


def test_nearest_tool_is_offered_and_most_similar() -> None:
    for sc, rng in scenarios(True, 30):
        cand = OPERATORS.get("nearest_tool").fn(sc, rng)  # type: ignore[misc]
        if cand is not None:
            assert cand.call is not None and sc.offered_tool(cand.call.tool) is not None
            assert sc.offered_tool(cand.call.tool).domain == sc.wanted.domain  # type: ignore[union-attr]


def test_irrelevance_scenarios_offer_only_foreign_tools() -> None:
    for sc, _ in scenarios(False, 40):
        assert sc.gold is None and sc.wanted.name not in {t.name for t in sc.offered}
        assert all(t.domain != sc.wanted.domain for t in sc.offered) and len(sc.offered) >= 2


# ---------------------------------------------------------------- mix

def test_label_counts_are_exact_and_sum_to_rows() -> None:
    shares = JudgeConfig().shares()
    for rows in (1, 7, 333, 2000):
        counts = label_counts(rows, shares)
        assert sum(counts.values()) == rows
        assert all(abs(counts[lab] - rows * shares[lab]) < 1 for lab in LABELS)


def test_plan_labels_is_deterministic_and_within_two_points() -> None:
    shares = JudgeConfig(mix={"VALID_CALL": 0.5, "TOOL_ERROR": 0.5}).shares()
    a = plan_labels(401, shares, random.Random(1))
    assert a == plan_labels(401, shares, random.Random(1))
    assert abs(a.count("VALID_CALL") / 401 - 0.5) < 0.02 and "PARAM_NAME_ERROR" not in a


def test_operator_weights_honor_shares_and_disabling() -> None:
    cfg = JudgeConfig(valid_text_share=0.25, operators={"valid_case_variant": 0})
    weights = operator_weights(cfg, "VALID_CALL", llm_ready=False)
    assert weights["valid_text_reply"] == pytest.approx(0.25)
    assert "valid_case_variant" not in weights and sum(weights.values()) == pytest.approx(1.0)
    assert "llm_value" not in operator_weights(JudgeConfig(llm_share=0.5), "PARAM_VALUE_ERROR", False)
    assert operator_weights(JudgeConfig(llm_share=0.5), "PARAM_VALUE_ERROR", True)["llm_value"] == 0.5


def test_weighted_order_prefers_heavy_operators() -> None:
    rng = random.Random(0)
    firsts = [weighted_order({"valid_exact": 9.0, "valid_case_variant": 1.0}, rng)[0].name for _ in range(500)]
    assert 0.85 < firsts.count("valid_exact") / 500 < 0.95


@pytest.mark.parametrize("bad", [{"mix": {"VALID_CALL": -1}}, {"mix": {"NOPE": 1}}, {"distractors": (3, 1)},
                                 {"rows": 0}, {"surprise": 1}, {"operators": {"valid_exact": -1}}])
def test_bad_judge_config_is_refused(bad: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        JudgeConfig.model_validate(bad)


# ---------------------------------------------------------------- mutations

@pytest.mark.parametrize("value", ["2025-06-02", "09:30", "2025-06-02 14:05", "5 km"])
def test_reformat_survives_bfcl_string_standardization(value: str) -> None:
    def std(s: str) -> str:  # BFCL's standardize_string
        return "".join(c for c in s if c not in " ,./-_*^").lower()
    for seed in range(10):
        new = mutations.reformat(value, random.Random(seed))
        assert new is not None and std(new) != std(value)


def test_reformat_ignores_free_text() -> None:
    assert mutations.reformat("Granite Tower", random.Random(0)) is None


def test_name_variants_differ_from_the_original() -> None:
    assert "startDate" in mutations.param_name_variants("start_date")
    assert "start_date" not in mutations.param_name_variants("start_date")
    assert "Pathmap_getRoute" in mutations.tool_name_variants("Pathmap_get_route", "get_route", "Pathmap")
    assert mutations.counterpart("origin_city") >= {"destination_city"}


# ---------------------------------------------------------------- BFCL second opinion

@pytest.mark.parametrize(("error_type", "label"), [
    ("simple_function_checker:wrong_func_name", "TOOL_ERROR"),
    ("simple_function_checker:missing_required", "PARAM_NAME_ERROR"),
    ("simple_function_checker:unexpected_param", "PARAM_NAME_ERROR"),
    ("simple_function_checker:missing_optional", "PARAM_NAME_ERROR"),
    ("value_error:dict_key", "PARAM_NAME_ERROR"), ("type_error:simple", "PARAM_VALUE_ERROR"),
    ("value_error:string", "PARAM_VALUE_ERROR"), ("multiple_function_checker:wrong_count", "TOOL_ERROR"),
    ("something_else", None),
])
def test_bfcl_error_mapping(error_type: str, label: str | None) -> None:
    assert bfcl_opinion.map_error(error_type) == label


def test_bfcl_possible_answer_marks_optionals_omittable() -> None:
    catalog, _ = bundled()
    tool = next(t for t in catalog.tools if t.required and len(t.properties) > len(t.required))
    gold = ToolCall(tool=tool.name, arguments={p: "x" for p in tool.required})
    answer_ = bfcl_opinion.possible_answer(gold, tool)[tool.name]
    assert all(answer_[p] == ["x"] for p in tool.required)
    assert all("" in answer_[p] for p in tool.properties if p not in tool.required)


def test_bfcl_relevance_rule() -> None:
    gold = ToolCall(tool="T", arguments={})
    assert bfcl_opinion.relevance_label(None, Candidate(text="no")) == "VALID_CALL"
    assert bfcl_opinion.relevance_label(gold, Candidate(text="no")) == "TOOL_ERROR"


@pytest.mark.parametrize("name", [n for n in OPERATORS.names() if OPERATORS.get(n).needs_gold])
def test_bfcl_agrees_with_every_operator(name: str) -> None:
    """BFCL's AST checker (bfcl-eval, run in the check venv by scripts/acceptance.sh) gives every
    operator's corrupted calls the operator's label."""
    require_bfcl_eval()
    assert bfcl_opinion.available()
    op = OPERATORS.get(name)
    for sc, rng in scenarios(True, 60):
        try:
            cand = asyncio.run(op.apply(sc, rng, FakeLLM()))
        except LLMError:
            continue
        if cand is not None and cand.call is not None:
            assert bfcl_opinion.ast_label(sc.gold, cand, sc.offered) == op.label, (name, cand, sc.gold)


def test_a_date_shaped_string_that_is_no_date_has_no_other_format() -> None:
    from generator.judge.mutations import reformat

    assert reformat("2025-14-50T85:73", random.Random(0)) is None
    assert reformat("2025-02-30", random.Random(0)) is None
    assert reformat("2025-06-03T10:30", random.Random(0)) == "06/03/2025 10:30 AM"
