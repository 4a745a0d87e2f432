"""`trajgen eval` on when2call rows against the fake server's oracle: the oracle answers a known
share of each category with the right kind of reply (a call, the clarifying question, the refusal,
the direct answer) and the rest with a reply of another kind; the eval's classification (by rule,
then the judge model, both through the fake server) must recover each share within 0.03, and
the over-call, over-ask and twin-difference figures must follow from the replies given."""

import json
from pathlib import Path

import pytest
from eval_support import oracle
from test_when2call_product import CATALOGS, make

from generator.evaluate.api import EvalOptions, run_eval
from generator.evaluate.formats import LoadContext
from generator.evaluate.load import load_items
from generator.testing.fake_openai import FakeOpenAI
from generator.testing.oracle import gold_lines
from generator.when2call.config import TWINS

SHARES = {"tool_call": 0.8, "request_for_info": 0.6, "cannot_answer": 0.7, "direct": 0.9}


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory) -> Path:
    return make(tmp_path_factory.mktemp("w2c-eval") / "run", CATALOGS["home_solar"], twins=dict.fromkeys(TWINS, 30))


@pytest.fixture(scope="module")
def gold(run_dir) -> Path:
    items = load_items([run_dir], ["when2call"], LoadContext())
    path = run_dir.parent / "gold.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in gold_lines(items)), encoding="utf-8")
    return path


def evaluate(run_dir: Path, gold: Path, out: Path, judge: str | None, **kw) -> dict:
    accuracy = ",".join(f"{k}={v}" for k, v in SHARES.items())
    with FakeOpenAI(oracle=oracle(gold, accuracy=accuracy)) as srv:
        outcome = run_eval(EvalOptions(paths=[str(run_dir)], base_url=srv.base_url, model="oracle-w2c",
                                       formats=["when2call"], progress=False, bootstrap=300, out=str(out),
                                       judge_model=judge, **kw))
    return outcome.summary["formats"]["when2call"]


@pytest.fixture(scope="module")
def judged(run_dir, gold) -> dict:
    return evaluate(run_dir, gold, run_dir.parent / "eval-judge", "judge-model")


def exact(share: float, n: int) -> float:
    return round(share * n) / n


def test_each_category_share_is_recovered_within_003(judged):
    levels = {b["level"]: b for b in judged["levels"]}
    assert set(levels) == set(SHARES)
    for level, share in SHARES.items():
        assert abs(levels[level]["accuracy"] - share) <= 0.03, levels[level]
        assert levels[level]["accuracy"] == pytest.approx(exact(share, levels[level]["n"]), abs=1e-4)
    assert judged["classified_by"].get("judge", 0) > 0  # the judge model classified some replies


def test_the_rates_follow_the_replies(judged):
    mix = judged["reply_mix"]["request_for_info"]
    n = sum(mix.values())
    assert judged["over_call"]["rate"] == pytest.approx(mix.get("tool_call", 0) / n, abs=1e-4)
    assert 0 < judged["over_call"]["rate"] < 1 - SHARES["request_for_info"] + 0.01
    det = judged["reply_mix_by_twin"]["determined"]
    assert judged["over_ask_determined"]["rate"] == pytest.approx(det.get("request_for_info", 0) / sum(det.values()),
                                                                   abs=1e-4)
    lo, hi = judged["history_twins"]["all"]["accuracy"]["ci95"]
    assert lo <= judged["history_twins"]["all"]["accuracy"]["difference"] <= hi
    assert judged["call_ok"]["rate"] == 1.0  # the oracle's calls are the gold calls


def test_without_a_judge_the_fallback_rule_still_recovers_the_shares(run_dir, gold, tmp_path):
    block = evaluate(run_dir, gold, tmp_path, None)
    for b in block["levels"]:
        assert abs(b["accuracy"] - SHARES[b["level"]]) <= 0.03, b
    assert "judge" not in block["classified_by"]


def test_json_mode_scores_the_same(run_dir, gold, judged, tmp_path):
    block = evaluate(run_dir, gold, tmp_path, "judge-model", json_calls=True)
    assert [b["accuracy"] for b in block["levels"]] == [b["accuracy"] for b in judged["levels"]]


def test_the_plot_is_written(run_dir, judged):
    assert (run_dir.parent / "eval-judge" / "oracle-w2c" / "when2call.png").stat().st_size > 0
