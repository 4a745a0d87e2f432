"""`trajgen eval` on the original benchmarks' own files (TRAILBench gpt query files with their
apis_openai schemas, TRAJECT-Bench parallel and sequential files with their domain catalogs, BFCL
question + possible_answer files), against the oracle. Skips without ../shared/upstream; under
CI it must run."""

import glob
import json
from pathlib import Path

import pytest
from eval_support import oracle
from upstream import upstream_path

from generator.evaluate.api import EvalOptions, run_eval
from generator.evaluate.formats import LoadContext
from generator.evaluate.load import load_items, select
from generator.testing.fake_openai import FakeOpenAI
from generator.testing.oracle import gold_lines

LIMIT = 40


@pytest.mark.slow
def test_upstream_files_are_evaluated_with_their_own_rules(tmp_path):
    trail = sorted(glob.glob(str(upstream_path("trailbench", "query", "history_query") / "*" / "*_gpt.json")))
    paths = [Path(p) for p in trail] + [upstream_path("traject-bench", "public_data"),
                                        upstream_path("bfcl", "data")]
    items = select(load_items(paths, ["trail", "traject", "bfcl"], LoadContext()), LIMIT, 0)
    gold = tmp_path / "gold.jsonl"
    gold.write_text("".join(json.dumps(x) + "\n" for x in gold_lines(items)))
    orc = oracle(gold)
    with FakeOpenAI(oracle=orc) as srv:
        outcome = run_eval(EvalOptions(paths=[str(p) for p in paths], base_url=srv.base_url, model="oracle",
                                       limit=LIMIT, out=str(tmp_path / "eval"), progress=False, bootstrap=300))
    formats = outcome.summary["formats"]
    assert {f: sum(b["n"] for b in v["levels"]) for f, v in formats.items()} == dict.fromkeys(formats, LIMIT)
    assert set(formats) == {"trail", "traject", "bfcl"}
    assert [b["level"] for b in formats["trail"]["levels"]] == ["Minimum", "Low", "Medium", "High"]
    for fmt, shares in (("trail", [0.9, 0.7, 0.5, 0.3]), ("bfcl", [0.9, 0.7])):
        for block, share in zip(formats[fmt]["levels"], shares, strict=True):
            assert abs(block["accuracy"] - share) <= 1 / block["n"] + 1e-9, (fmt, block)
    rows = [json.loads(x) for x in (outcome.model_dir / "results.jsonl").read_text().splitlines()]
    assert [r["id"] for r in rows if r["error_type"] != orc.injected[r["id"]]] == []
    assert any("multi_turn" in w for w in outcome.warnings)  # skipped with a reason, not silently
