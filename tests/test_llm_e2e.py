"""The LLM writer end to end through the openai client and the fake server, with injected faults."""

import json
from pathlib import Path

from generator.config import load_config
from generator.engine import Overrides, generate
from generator.products.sdg_audit import row_problems
from generator.testing.fake_openai import FakeOpenAI

ROOT = Path(__file__).resolve().parents[1]
CATALOG = ROOT / "examples" / "catalog.json"


def small_config(tmp_path: Path) -> Path:
    cfg = tmp_path / "llm.yaml"
    cfg.write_text(
        f"seed: 3\ncatalog: [{CATALOG}]\nwriter: llm\n"
        "llm: {concurrency: 4, max_retries: 8, timeout_s: 5}\n"
        "products:\n  sdg:\n    categories: {simple: 12, multiple: 6, parallel: 4, "
        "parallel_multiple: 4, irrelevance: 4}\n")
    return cfg


def run(cfg: Path, out: Path, srv: FakeOpenAI):
    return generate(load_config(cfg), cfg.parent,
                    Overrides(out=str(out), base_url=srv.base_url, model="fake", progress=False))


def test_llm_writer_survives_20_percent_errors_and_resumes(tmp_path):
    cfg = small_config(tmp_path)
    out = tmp_path / "out"
    with FakeOpenAI(error_rate=0.2, seed=11, retry_after=0) as srv:
        summary = run(cfg, out, srv)
        sent = len(srv.requests)
        counts = summary.manifest.counts
        assert counts["llm_requests_sent"] > 0
        assert summary.manifest.model == "fake" and summary.manifest.endpoint.startswith("http://127.0.0.1")
        # every plan item is either accepted or rejected with a reason
        assert counts["sdg.items"] == 30
        rows = [json.loads(x) for x in (out / "sdg" / "train.jsonl").read_text().splitlines()]
        rejections = [json.loads(x) for x in (out / "rejections.jsonl").read_text().splitlines()]
        assert len(rows) + len(rejections) == 30
        assert all(r["reason"] for r in rejections)
        assert all(row_problems(r) == [] for r in rows)
        before = (out / "sdg" / "train.jsonl").read_bytes()
        manifest = (out / "manifest.json").read_bytes()
        again = run(cfg, out, srv)
        assert len(srv.requests) == sent  # nothing re-sent
        assert again.this_run["requests_sent"] == 0
        # the manifest reports what the dataset cost over all invocations: unchanged
        assert again.manifest.counts["llm_requests_sent"] == counts["llm_requests_sent"]
        assert (out / "sdg" / "train.jsonl").read_bytes() == before
        assert (out / "manifest.json").read_bytes() == manifest


def test_fresh_run_hits_the_cache(tmp_path):
    cfg = small_config(tmp_path)
    out = tmp_path / "out"
    with FakeOpenAI(seed=2) as srv:
        run(cfg, out, srv)
        sent = len(srv.requests)
        again = generate(load_config(cfg), cfg.parent, Overrides(
            out=str(out), base_url=srv.base_url, model="fake", progress=False, fresh=True))
        assert len(srv.requests) == sent
        assert again.this_run["cache_hits"] > 0 and again.this_run["requests_sent"] == 0


def test_dead_endpoint_leaves_items_unfinished_then_resumes(tmp_path):
    """Transport failure is not a verdict: nothing is recorded as rejected, a rerun finishes."""
    import socket

    import pytest

    from generator.errors import LLMError

    cfg = small_config(tmp_path)
    cfg.write_text(cfg.read_text().replace("max_retries: 8", "max_retries: 0"))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    out = tmp_path / "out"
    dead = Overrides(out=str(out), base_url=f"http://127.0.0.1:{port}/v1", model="fake", progress=False)
    with pytest.raises(LLMError, match="cannot reach"):  # the pre-flight request says so at once
        generate(load_config(cfg), cfg.parent, dead)
    assert not (out / "manifest.json").exists()
    with FakeOpenAI(seed=4, port=port) as srv:
        summary = run(cfg, out, srv)
    assert summary.manifest.counts["sdg.items"] == 30
    assert summary.manifest.counts["sdg.accepted"] + summary.manifest.counts["sdg.rejected"] >= 30


def test_budget_stops_cleanly_and_resumes(tmp_path):
    import pytest

    from generator.errors import BudgetExceeded

    cfg = small_config(tmp_path)
    cfg.write_text(cfg.read_text().replace("concurrency: 4", "concurrency: 1, budget_tokens: 600"))
    out = tmp_path / "out"
    with FakeOpenAI(seed=5) as srv:
        with pytest.raises(BudgetExceeded, match="resume"):
            run(cfg, out, srv)
        assert not (out / "manifest.json").exists()
        cfg.write_text(cfg.read_text().replace("budget_tokens: 600", "budget_tokens: 10000000"))
        summary = run(cfg, out, srv)
    assert summary.manifest.counts["sdg.items"] == 30
    # resumed, not restarted: the ledger holds the first invocation's requests too
    assert summary.manifest.counts["llm_requests_sent"] > summary.this_run["requests_sent"] > 0
