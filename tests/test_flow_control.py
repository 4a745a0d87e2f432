"""Flow control and failing fast: RPM/TPM buckets, the circuit breaker, the pre-flight request, a
budget that counts the whole dataset (tokens or money), and the backoff line."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from llm_fixtures import FAST, Queries, ask, client_for, llm_cfg, query_messages, run

from generator.config import load_config
from generator.engine import Overrides, generate
from generator.errors import BudgetExceeded, ConfigError, PreflightFailed
from generator.llm.client import make_client
from generator.llm.flow import Bucket, CircuitBreaker, CircuitOpen
from generator.testing.fake_openai import FakeOpenAI, server_error

ROOT = Path(__file__).resolve().parents[1]


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


# ---------------------------------------------------------------- buckets and breaker

def test_bucket_waits_for_refill_and_settles_debts():
    async def main():
        start = time.monotonic()  # before the bucket: its refill clock starts when it is made
        b = Bucket(120)  # 2 per second
        b.level = 0.0
        await b.take(1)
        waited = time.monotonic() - start
        b.settle(50)  # the reply cost more than estimated: a debt
        return waited, b.level
    waited, level = asyncio.run(main())
    assert 0.5 <= waited < 5 and level < -49


def test_requests_per_minute_limit_spaces_requests(tmp_path):
    with FakeOpenAI() as srv:
        start = time.monotonic()  # before the client: its buckets' refill clock starts when made
        c = client_for(srv, tmp_path, rpm=60)
        c.flow.requests.level = 1.0  # one request may go at once, then one per second

        async def two():
            try:
                await asyncio.gather(c.structured(query_messages(intent="a"), Queries),
                                     c.structured(query_messages(intent="b"), Queries))
            finally:
                await c.aclose()
        run(two())
    assert time.monotonic() - start >= 0.95 and srv.count() == 2


def test_breaker_opens_only_after_the_window_without_success():
    clock = Clock()
    br = CircuitBreaker(60, min_failures=3, clock=clock)
    br.started()
    for t in (10, 20, 30, 59):
        clock.t = t
        br.failure("HTTP 500")
    br.check()  # not yet: under 60 s
    clock.t = 45 + 60
    br.success()
    clock.t = 200
    br.failure("x")
    br.failure("x")
    br.check()  # 2 failures only
    clock.t = 166
    br.failure("x")
    with pytest.raises(CircuitOpen, match=r"succeeded for 61 s: 3 attempts failed in that time \(3 x x\)"):
        br.check()


def test_breaker_tells_what_it_saw_and_a_success_closes_it():
    """The old breaker said "0 failed attempts" once a late success had reset its counter, and
    stayed open: a run whose endpoint answered again was stopped anyway."""
    clock = Clock()
    br = CircuitBreaker(60, min_failures=3, clock=clock)
    br.started()
    for t, kind in ((1, "HTTP 500"), (30, "no reply in time"), (61, "HTTP 500")):
        clock.t = t
        br.failure(f"{kind} boom", kind)
    assert br.open
    with pytest.raises(CircuitOpen, match=r"3 attempts failed in that time \(2 x HTTP 500, 1 x no reply in time\)"):
        br.check()
    br.success()  # a request that was already in flight came back: the endpoint is up
    assert not br.open
    br.check()


def test_a_persistently_failing_endpoint_stops_the_run_and_keeps_the_finished_items(tmp_path):
    cfg = tmp_path / "run.yaml"
    cfg.write_text(f"seed: 2\ncatalog: [{ROOT / 'examples' / 'catalog.json'}]\nwriter: llm\n"
                   "llm: {model: fake, concurrency: 2, max_retries: 20, breaker_s: 1.0}\n"
                   "products:\n  sdg:\n    categories: {simple: 8}\n")
    out = tmp_path / "out"
    with FakeOpenAI(seed=1) as srv:
        srv.options.error_rate = 0.0
        ok = generate(load_config(cfg), tmp_path, Overrides(out=str(out), limit=2, base_url=srv.base_url,
                                                            progress=False))
        assert ok.manifest is not None
        srv.options.error_rate = 1.0  # from now on every request fails
        with pytest.raises(CircuitOpen, match="finished items are saved"):
            generate(load_config(cfg), tmp_path, Overrides(out=str(out), base_url=srv.base_url,
                                                           progress=False))
        failed = srv.count("429") + srv.count("500")
    assert failed < 6 * 21  # stopped by the breaker, not after every item's 21 attempts
    states = [p for p in (out / ".state").glob("*.jsonl") if not p.name.endswith(".llm.jsonl")]
    assert sum(len(p.read_text().splitlines()) for p in states) >= 2  # the first run's items kept


# ---------------------------------------------------------------- pre-flight

def test_a_bad_key_is_one_line_at_once(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-wrong")
    with FakeOpenAI(api_key="sk-right") as srv:
        c = client_for(srv, tmp_path)
        with pytest.raises(PreflightFailed, match="API key was refused"):
            run(ask(c, query_messages()))
        assert srv.count() == 0


def test_a_wrong_model_is_named_with_what_the_server_has(tmp_path):
    with FakeOpenAI(strict_models=True) as srv:
        c = make_client(llm_cfg(), tmp_path, base_url=srv.base_url, model="gpt-nonexistent", backoff=FAST)
        with pytest.raises(PreflightFailed, match="model 'gpt-nonexistent' is not served.*fake-model"):
            run(ask(c, query_messages()))


def test_an_unreachable_endpoint_fails_within_seconds(tmp_path):
    import socket

    with socket.socket() as s:  # bound but not listening: refused, and no one else can take the port
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        c = make_client(llm_cfg(max_retries=8), tmp_path, base_url=f"http://127.0.0.1:{port}/v1")
        with pytest.raises(PreflightFailed, match="cannot reach"):  # at once: no retries before the verdict
            run(ask(c, query_messages()))
    assert c.usage.retries == 0 and c.usage.requests_sent == 0


def test_no_preflight_when_every_reply_is_cached(tmp_path):
    with FakeOpenAI() as srv:
        run(ask(client_for(srv, tmp_path), query_messages()))
        url = srv.base_url
    offline = make_client(llm_cfg(), tmp_path, base_url=url, backoff=FAST)  # the server is gone
    assert run(ask(offline, query_messages())).value.queries


# ---------------------------------------------------------------- budget over the whole dataset

def small_llm_config(tmp_path: Path, budget: str) -> Path:
    cfg = tmp_path / "run.yaml"
    cfg.write_text(f"seed: 3\ncatalog: [{ROOT / 'examples' / 'catalog.json'}]\nwriter: llm\n"
                   f"llm: {{model: fake, concurrency: 1, {budget}}}\n"
                   "products:\n  sdg:\n    categories: {simple: 20}\n")
    return cfg


def test_a_rerun_with_the_same_budget_does_not_spend_it_again(tmp_path):
    from generator.state import Journal

    cfg = small_llm_config(tmp_path, "budget_tokens: 800")
    out = tmp_path / "out"
    with FakeOpenAI(seed=5) as srv:
        sent = []
        for _ in range(3):
            with pytest.raises(BudgetExceeded, match="used by this dataset"):
                generate(load_config(cfg), tmp_path, Overrides(out=str(out), base_url=srv.base_url,
                                                               progress=False))
            sent.append(srv.count())
    assert sent[0] > 0 and sent[0] == sent[1] == sent[2]  # one budget for the dataset, not one per run
    key = next((out / ".state").glob("*.llm.jsonl")).name.split(".")[0]
    journal = Journal(out, key)
    journal.load()
    # stopped at the budget; the overshoot is the replies already in flight then (a prompt that
    # carries the tool is ~150 tokens, so at most a few of them over a budget this small)
    assert 800 <= journal.spent.tokens < 800 * 1.5


def test_a_money_budget_uses_the_price_table(tmp_path):
    cfg = small_llm_config(tmp_path, "budget_usd: 0.001, prices: {fake: {prompt: 2.0, completion: 8.0}}")
    out = tmp_path / "out"
    with FakeOpenAI(seed=5) as srv, pytest.raises(BudgetExceeded, match=r"budget of \$0.001"):
        generate(load_config(cfg), tmp_path, Overrides(out=str(out), base_url=srv.base_url, progress=False))
    assert 0 < srv.count() < 20


def test_a_money_budget_without_a_price_is_a_config_error(tmp_path):
    with pytest.raises(ConfigError, match="llm.prices"):
        make_client(llm_cfg(budget_usd=1.0), tmp_path, base_url="http://127.0.0.1:9/v1")


def test_the_manifest_reports_cost_and_tokens_per_format(tmp_path):
    cfg = small_llm_config(tmp_path, "prices: {fake: {prompt: 2.0, completion: 8.0}}")
    with FakeOpenAI(seed=5) as srv:
        m = generate(load_config(cfg), tmp_path, Overrides(out=str(tmp_path / "o"), base_url=srv.base_url,
                                                           progress=False)).manifest
    c = m.counts
    assert c["sdg.llm_tokens"] == c["llm_prompt_tokens"] + c["llm_completion_tokens"] > 0
    assert m.llm_cost_usd == pytest.approx((c["llm_prompt_tokens"] * 2 + c["llm_completion_tokens"] * 8) / 1e6)
    assert "LLM tokens per accepted item" in (tmp_path / "o" / "README.md").read_text()


# ---------------------------------------------------------------- the backoff line

def test_backing_off_says_so(tmp_path):
    lines: list[str] = []
    with FakeOpenAI() as srv:
        srv.push(server_error(), server_error())
        c = make_client(llm_cfg(), tmp_path, base_url=srv.base_url, backoff=FAST, notify=lines.append)
        run(ask(c, query_messages()))
    assert len(lines) == 1 and "HTTP 500" in lines[0] and "retrying in" in lines[0]
