"""Our native BFCL files scored by BFCL's own evaluation code (package bfcl-eval), gold as the
prediction: every category must score 100%, and a wrong prediction must fail.

bfcl-eval is heavy (PyTorch and provider SDKs) and not a trajgen dependency: this module skips
unless it is importable; scripts/acceptance.sh runs it in its check venv (with
TRAJGEN_REQUIRE_BFCL=1, so a broken install fails instead of skipping):
    .bfcl-venv/bin/python -m pytest tests/test_bfcl_official.py
"""

import asyncio
import json
import os
import random
from pathlib import Path

import pytest
from upstream import require_bfcl_eval

require_bfcl_eval("bfcl_eval.eval_checker.eval_runner", module_level=True)
os.environ.setdefault("OPENAI_API_KEY", "dummy")

import generator.bfcl.product
import generator.writers.template  # noqa: F401
from generator.bfcl import check
from generator.bfcl.config import NATIVE_CATEGORIES
from generator.bfcl.multiturn.native import native_conversation
from generator.catalog import Catalog
from generator.config import RunConfig
from generator.products.base import RunContext, build_product
from generator.readers import read_catalogs
from generator.writers.base import WRITERS

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
CLASSES = ["GorillaFileSystem", "MathAPI", "TradingBot", "TravelAPI"]


@pytest.fixture(scope="module")
def native_dir(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("bfcl")
    cfg = RunConfig.model_validate({"seed": 11, "catalog": ["catalog.json"], "products": {"bfcl": {
        "categories": {c: 4 for c in NATIVE_CATEGORIES}, "multi_turn_classes": CLASSES}}})
    ctx = RunContext(config=cfg, base_dir=EXAMPLES, out_dir=out, seed=cfg.seed,
                     catalog=Catalog(read_catalogs(cfg.catalog, base_dir=EXAMPLES)), histories=[],
                     writer=WRITERS.get("template")())
    product = build_product("bfcl", cfg)

    async def go():
        return [await product.run(it, ctx) for it in product.plan(ctx)]

    results = asyncio.run(go())
    assert not [r for res in results for r in res.rejections]
    product.export(results, ctx)
    return out / "bfcl"


def test_gold_scores_100_percent_on_every_category(native_dir):
    report = check.check_dir(native_dir)
    assert set(report) == set(NATIVE_CATEGORIES)
    failures = {cat: bad[:2] for cat, (good, n, bad) in report.items() if good != n or n == 0}
    assert not failures


def test_wrong_single_turn_prediction_fails(native_dir):
    qs = check.read_lines(native_dir / "BFCL_v4_simple_python.json")
    ans = {a["id"]: a for a in check.read_lines(native_dir / "possible_answer" / "BFCL_v4_simple_python.json")}

    def wrong(gt):  # drop every argument: required ones go missing
        return "[" + ", ".join(f"{name}()" for call in gt for name in call) + "]"

    res = check.check_ast(check.handler(), "simple_python", qs, ans, predict=wrong)
    assert not any(r["valid"] for r in res)


def test_wrong_multi_turn_prediction_fails():
    h = check.handler()

    def run(n: int, predict=None) -> bool:
        # BFCL caches class instances per (model, entry id) for the whole process: fresh ids
        entry_id = f"multi_turn_miss_param_{900 + n}"
        q, a = native_conversation("multi_turn_miss_param", random.Random(2), ["TradingBot"], 3, entry_id)
        return check.check_multi_turn(h, "multi_turn_miss_param", [q], {entry_id: a}, predict=predict)[0]["valid"]

    def silent(gt):  # never calls anything
        return [["Okay."] for _ in gt]

    def eager(gt):  # calls on the underspecified turn too (must ask instead)
        calls = [c for turn in gt for c in turn]
        return [["[" + ", ".join(turn or calls[:1]) + "]"] for turn in gt]

    assert not run(0, silent)
    assert not run(1, eager)
    assert run(2)


def test_multi_turn_files_follow_bfcl_layout(native_dir):
    q = json.loads((native_dir / "BFCL_v4_multi_turn_miss_func.json").read_text().splitlines()[0])
    a = json.loads((native_dir / "possible_answer" / "BFCL_v4_multi_turn_miss_func.json").read_text().splitlines()[0])
    (turn, names), = q["missed_function"].items()
    assert q["question"][int(turn)] == [] and a["ground_truth"][int(turn)]
    assert any(names[0] + "(" in c for c in a["ground_truth"][int(turn)])
    assert a["ground_truth"][int(turn) - 1] == []
    assert set(q) >= {"id", "question", "initial_config", "path", "involved_classes"}
