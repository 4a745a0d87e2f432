"""`trajgen eval` end to end against the fake server's oracle: configured accuracies per level are
recovered within their intervals, the error types are the injected ones, a rerun sends nothing,
two models share one plot, and JSON mode gives the same scores."""

import json
from collections import Counter
from pathlib import Path

import pytest
from eval_support import exact_shares, make_run, oracle, write_gold

from generator.cli import main
from generator.evaluate.api import EvalOptions, run_eval
from generator.evaluate.plots import model_summaries
from generator.testing.fake_openai import FakeOpenAI

ACCURACY = {"trail": [0.9, 0.7, 0.5, 0.3], "traject": [0.9, 0.7, 0.5], "bfcl": [0.9, 0.7], "sdg": [0.9, 0.7, 0.5]}


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory) -> Path:
    return make_run(tmp_path_factory.mktemp("eval") / "run")


@pytest.fixture(scope="module")
def gold(run_dir) -> Path:
    return write_gold([run_dir], run_dir.parent / "gold.jsonl")


@pytest.fixture(scope="module")
def evaluated(run_dir, gold):
    orc = oracle(gold)
    with FakeOpenAI(oracle=orc, error_rate=0.1, seed=3, retry_after=0) as srv:
        outcome = run_eval(EvalOptions(paths=[str(run_dir)], base_url=srv.base_url, model="oracle-a",
                                       concurrency=4, progress=False, bootstrap=500))
        sent = srv.count()
        again = run_eval(EvalOptions(paths=[str(run_dir)], base_url=srv.base_url, model="oracle-a",
                                     concurrency=4, progress=False, bootstrap=500))
        resent = srv.count() - sent
    return outcome, again, resent, orc


def results(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_accuracy_per_level_is_recovered_within_its_interval(evaluated):
    outcome = evaluated[0]
    formats = outcome.summary["formats"]
    assert set(formats) == {"trail", "traject", "bfcl", "sdg"}
    for fmt, shares in ACCURACY.items():
        for block, share in zip(formats[fmt]["levels"], shares, strict=False):
            lo, hi = block["ci95"]
            assert lo <= share <= hi, (fmt, block)
            assert abs(block["accuracy"] - share) <= 1 / block["n"] + 1e-9, (fmt, block)  # exact shares, rounded
    assert [b["level"] for b in formats["trail"]["levels"]] == ["Minimum", "Low", "Medium", "High"]
    drop = formats["trail"]["drop"]
    assert drop["from"] == "Minimum" and drop["to"] == "High" and drop["ci95"][0] <= 0.6 <= drop["ci95"][1]


def test_error_types_are_the_injected_ones(evaluated):
    outcome, _, _, orc = evaluated
    rows = results(outcome.model_dir / "results.jsonl")
    assert {r["id"] for r in rows} == set(orc.injected)
    wrong = [(r["id"], r["error_type"], orc.injected[r["id"]]) for r in rows if r["error_type"] != orc.injected[r["id"]]]
    assert wrong == []
    for fmt in ("trail", "traject", "bfcl"):
        assert any(r["error_type"] != "VALID_CALL" for r in rows if r["format"] == fmt)
    mix = Counter(r["error_type"] for r in rows if r["format"] == "trail")
    assert len(mix) == 4, mix  # every label is injected and found
    # the summary's mix per level is the injected mix per level
    for block in outcome.summary["formats"]["trail"]["levels"]:
        ids = [r["id"] for r in rows if r["format"] == "trail" and r["level"] == block["level"]]
        injected = Counter(orc.injected[i] for i in ids)
        assert block["error_mix"] == {lab: round(injected[lab] / len(ids), 4) for lab in block["error_mix"]}


def test_rerun_sends_nothing_and_gives_the_same_summary(evaluated):
    outcome, again, resent, _ = evaluated
    assert resent == 0
    assert again.resumed == again.items and again.usage.requests_sent == 0
    assert again.summary == outcome.summary
    assert (outcome.model_dir / "summary.json").read_text() == json.dumps(again.summary, indent=2, ensure_ascii=False) + "\n"


def test_traject_items_offer_the_exported_domain_catalog(evaluated, run_dir):
    assert sorted(p.name for p in (run_dir / "traject" / "tools").iterdir()) == ["food_tool.json", "travel_tool.json"]
    assert not [w for w in evaluated[0].warnings if "tool.json" in w]
    from generator.evaluate.formats import FORMATS, LoadContext

    items = FORMATS.get("traject").load(run_dir / "traject" / "parallel" / "food" / "hard_ver.json", LoadContext())
    gold = {c.tool for c in items[0].gold}
    offered = {t["function"]["name"]: t["function"]["parameters"] for t in items[0].tools}
    assert gold < set(offered)  # distractors beside the gold tools
    assert any(p.get("type") in ("integer", "number", "boolean") or "enum" in p
               for params in offered.values() for p in params["properties"].values())  # real schemas


def test_items_carry_format_scores(evaluated):
    rows = results(evaluated[0].model_dir / "results.jsonl")
    trail = next(r for r in rows if r["format"] == "trail" and r["correct"])
    assert trail["measures"]["overall"] is True and trail["prediction"]
    traject = next(r for r in rows if r["format"] == "traject" and r["level"] == "sequential" and r["correct"])
    assert traject["measures"] == {"exact_match": True, "inclusion": 1.0, "usage": 1.0}
    assert traject["length"] == len(traject["prediction"]) >= 2  # the loop collected every step
    bfcl = [r for r in rows if r["format"] == "bfcl"]
    assert {r["measures"]["checker"] for r in bfcl} >= {"irrelevance"}


def test_two_models_in_one_folder_give_one_plot_with_two_lines(evaluated, run_dir, gold):
    plots = pytest.importorskip("generator.evaluate.plots")
    pytest.importorskip("matplotlib")
    with FakeOpenAI(oracle=oracle(gold, accuracy="0.6,0.4,0.3,0.1")) as srv:
        outcome = run_eval(EvalOptions(paths=[str(run_dir)], base_url=srv.base_url, model="oracle-b",
                                       concurrency=4, progress=False, bootstrap=200, formats=["trail"]))
    root = outcome.out_dir
    assert sorted(model_summaries(root)) == ["oracle-a", "oracle-b"]
    assert (root / "accuracy_by_level.png").stat().st_size > 10_000
    assert (outcome.model_dir / "error_mix.png").is_file()
    fig = plots.accuracy_figure(plots.pyplot(), model_summaries(root))
    trail = next(ax for ax in fig.axes if ax.get_title() == "TRAILBench")
    assert len(trail.lines) == 2 and len(trail.collections) == 2  # two lines, two bands
    b = model_summaries(root)["oracle-b"]["formats"]["trail"]["levels"]
    assert [x["accuracy"] for x in b] == exact_shares([0.6, 0.4, 0.3, 0.1], b)


def test_json_mode_scores_the_same(tmp_path, gold, run_dir):
    with FakeOpenAI(oracle=oracle(gold)) as srv:
        outcome = run_eval(EvalOptions(paths=[str(run_dir)], base_url=srv.base_url, model="oracle-json",
                                       json_calls=True, progress=False, bootstrap=200, out=str(tmp_path),
                                       formats=["trail", "traject"]))
        assert all("tools" not in r.body for r in srv.requests)
    levels = outcome.summary["formats"]["trail"]["levels"]
    assert [b["accuracy"] for b in levels] == exact_shares([0.9, 0.7, 0.5, 0.3], levels)
    assert outcome.summary["mode"] == "json"


def test_cli_prints_the_table(run_dir, gold, capsys, tmp_path):
    with FakeOpenAI(oracle=oracle(gold)) as srv:
        code = main(["eval", str(run_dir), "--base-url", srv.base_url, "--model", "cli-model", "--formats", "trail",
                     "--limit", "30", "--out", str(tmp_path), "--quiet"])
    out, err = capsys.readouterr()
    assert code == 0
    assert "Minimum" in out and "High" in out and "95% CI" in out
    assert "30 items" in err
    assert json.loads((tmp_path / "cli-model" / "summary.json").read_text())["items"] == 30
