"""A flaky or refusing endpoint: adaptive timeouts, garbled bodies, refusals that are not
rejections, and a budget that is a ceiling over the dataset's life."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from llm_fixtures import Queries, ask, client_for, query_messages, run
from sweep import sweep

from generator.cli import main as cli_main
from generator.config import load_config
from generator.engine import Overrides, generate
from generator.errors import BudgetExceeded, LLMError
from generator.llm.flow import EndpointRefused, LatencyTracker
from generator.testing.fake_openai import Canned, FakeOpenAI, hanging

ROOT = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------- adaptive timeout

@settings(max_examples=100, deadline=None)
@given(latencies=st.lists(st.floats(0.001, 30.0), min_size=0, max_size=300),
       ceiling=st.floats(1.0, 120.0), abandoned=st.integers(0, 6))
def test_the_timeout_stays_between_the_floor_and_the_configured_one(latencies, ceiling, abandoned):
    lt = LatencyTracker(ceiling)
    for x in latencies:
        lt.observe(x)
    t = lt.timeout(abandoned)
    assert lt.floor_s <= t <= ceiling
    if len(latencies) < lt.warm:
        assert t == ceiling  # nothing to judge by yet
    else:
        assert t >= min(ceiling, lt.factor * lt.tail())  # far beyond the tail, never within it
        assert lt.timeout(abandoned + 1) >= t  # a retry of a timed-out request gets longer


def test_a_hung_request_costs_seconds_not_the_configured_timeout(tmp_path):
    with FakeOpenAI(latency_ms=5, hang_s=120) as srv:
        c = client_for(srv, tmp_path, timeout_s=60)
        for i in range(20):  # the tracker learns the endpoint answers in milliseconds
            run(ask(c, query_messages(intent=f"warm {i}")))
        srv.push(hanging())
        started = time.monotonic()
        assert run(ask(c, query_messages(intent="hung"))).value.queries  # abandoned, then retried
        took = time.monotonic() - started
    assert took < 5, took  # the configured 60 s would have held the slot for a minute
    assert c.usage.retries == 1 and srv.count("script") == 1


def test_garbled_bodies_are_retried_and_never_cached(tmp_path):
    with FakeOpenAI(garbled_rate=1.0) as srv:
        c = client_for(srv, tmp_path, max_retries=2)
        with pytest.raises(LLMError, match="not a chat completion|not JSON") as info:
            run(ask(c, query_messages()))
        assert info.value.retryable and srv.count("garbled") == 3
        srv.options.garbled_rate = 0.0
        assert run(ask(c, query_messages())).value.queries  # the cache held nothing broken
    assert c.usage.reasks == 0  # a broken body is the proxy's fault: no re-ask is owed


# ---------------------------------------------------------------- refusals are not rejections

def small_config(tmp_path: Path, llm: str = "", n: int = 12) -> Path:
    cfg = tmp_path / "run.yaml"
    cfg.write_text(f"seed: 3\ncatalog: [{ROOT / 'examples' / 'catalog.json'}]\nwriter: llm\n"
                   f"llm: {{model: fake, concurrency: 2{', ' + llm if llm else ''}}}\n"
                   f"products:\n  sdg:\n    categories: {{simple: {n}}}\n")
    return cfg


def cli(cfg: Path, out: Path, url: str, *more: str) -> int:
    return cli_main(["generate", str(cfg), "--out", str(out), "--base-url", url, "--quiet", *more])


@pytest.mark.parametrize("status", sweep([400, 401, 403, 404, 422], fast=(401,)))
def test_an_endpoint_refusing_every_request_stops_the_run_and_a_fixed_one_finishes_it(tmp_path, capsys, status):
    cfg, out = small_config(tmp_path), tmp_path / "out"
    with FakeOpenAI(refuse_status=status, refuse_message="Unsupported parameter: 'seed'") as srv:
        assert cli(cfg, out, srv.base_url) != 0
        refused, port = srv.count("refused"), srv.port
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"HTTP {status}" in err[0] and "Unsupported parameter: 'seed'" in err[0], err
    assert refused < 12  # stopped, not ground through every item
    assert not (out / "rejections.jsonl").exists()  # nothing was exported, nothing rejected
    with FakeOpenAI(port=port) as fixed:  # the same endpoint, fixed (the URL is part of the state key)
        assert cli(cfg, out, fixed.base_url) == 0
        assert fixed.count() > 0
    rows = (out / "sdg" / "train.jsonl").read_text().splitlines()
    assert len(rows) == 12  # the refused items were made once the endpoint was fixed


def test_a_single_refused_item_stays_unfinished_not_rejected(tmp_path):
    cfg, out = small_config(tmp_path, n=4), tmp_path / "out"
    with FakeOpenAI() as srv:
        srv.push(Canned(status=400, message="This model's maximum context length is 8192 tokens",
                        param="messages"))
        with pytest.raises(LLMError, match="1 item.*unfinished.*maximum context length"):
            generate(load_config(cfg), tmp_path, Overrides(out=str(out), base_url=srv.base_url, progress=False))
        generate(load_config(cfg), tmp_path, Overrides(out=str(out), base_url=srv.base_url, progress=False))
    rejected = [json.loads(x) for x in (out / "rejections.jsonl").read_text().splitlines()]
    assert not any("context length" in r.get("reason", "") for r in rejected)
    assert len((out / "sdg" / "train.jsonl").read_text().splitlines()) == 4


def test_refusals_in_a_row_raise_endpoint_refused(tmp_path):
    with FakeOpenAI(refuse_status=400) as srv:
        c = client_for(srv, tmp_path)
        for i in range(4):
            with pytest.raises(LLMError) as info:
                run(ask(c, query_messages(intent=f"q{i}")))
            assert info.value.retryable and not isinstance(info.value, EndpointRefused)
        with pytest.raises(EndpointRefused, match="refused 5 requests in a row .*HTTP 400"):
            run(ask(c, query_messages(intent="q5")))


# ---------------------------------------------------------------- the budget is a ceiling

def test_a_budget_stop_keeps_the_replies_in_flight(tmp_path):
    """Replies that were in flight when the budget ran out are billed: they are cached and
    counted, not dropped."""
    with FakeOpenAI(latency_ms=150) as srv:
        c = client_for(srv, tmp_path, concurrency=4, budget_tokens=1)

        async def four():
            return await asyncio.gather(*(ask(c, query_messages(intent=f"i{i}")) for i in range(4)),
                                        return_exceptions=True)
        results = run(four())
        answered = srv.count("answer")
    got = [r for r in results if not isinstance(r, BaseException)]
    assert answered == len(got) >= 1 and all(isinstance(r, BudgetExceeded) for r in results if r not in got)
    assert c.journal.spent.requests == answered  # every reply the provider sent is counted
    assert len(c.cache) == answered


class BudgetBlown(FakeOpenAI):
    """The first chat request is answered at once and billed `first_tokens` (a reply billed far
    beyond the client's estimate: hidden reasoning, another tokenizer); every later one takes
    `slow_s`, so it is still in flight when that first bill reaches the budget."""

    def __init__(self, first_tokens: int, slow_s: float, **options: Any) -> None:
        super().__init__(**options)
        self.first_tokens, self.slow_s, self._arrived = first_tokens, slow_s, 0

    def _respond(self, canned: Canned, body: dict[str, Any], messages: list[dict[str, Any]],
                 auth: str = "") -> tuple[int, dict[str, str], dict[str, Any]]:
        with self._lock:
            first, self._arrived = self._arrived == 0, self._arrived + 1
        if not first:
            self._stop.wait(self.slow_s)
        status, headers, reply = super()._respond(canned, body, messages, auth)
        if first and status == 200:
            reply["usage"]["total_tokens"] = self.first_tokens
            reply["usage"]["prompt_tokens"] = self.first_tokens - reply["usage"]["completion_tokens"]
        return status, headers, reply


def test_replies_in_flight_when_the_budget_is_reached_are_cached_and_counted(tmp_path, capsys):
    """The budget is reached by the first reply while three requests are in flight: the provider
    bills those three, so the run waits for them, caches and counts them, and sends nothing new
    (not even a request that had been admitted and was waiting for a slot); a rerun with the
    spent budget sends nothing and says so."""
    from generator.llm.cache import DiskCache
    from generator.state import Journal

    budget, concurrency = 40_000, 4
    cfg, out = small_config(tmp_path, f"budget_tokens: {budget}", n=12), tmp_path / "out"
    cfg.write_text(cfg.read_text().replace("concurrency: 2", f"concurrency: {concurrency}"))
    with BudgetBlown(first_tokens=budget + 1, slow_s=1.0) as srv:
        assert cli(cfg, out, srv.base_url) == 2
        sent, answered = srv.count(), srv.count("answer")
        assert cli(cfg, out, srv.base_url) == 2
        assert srv.count() == sent  # the rerun sent nothing ...
        billed = srv.tokens()
    err = capsys.readouterr().err.strip().splitlines()
    assert "budget" in err[0] and "nothing was sent" not in err[0]
    assert "token budget of 40000 spent" in err[1] and "nothing was sent" in err[1], err  # ... and says so
    assert sent == answered == concurrency  # one wave: the first reply and the three in flight
    journal = Journal(out, next((out / ".state").glob("*.llm.jsonl")).name.split(".")[0])
    journal.load()
    assert journal.spent.requests == answered and journal.spent.tokens == billed  # every bill counted
    assert len(DiskCache(out / ".cache" / "llm")) == answered  # and every reply billed is cached
    rows = (out / "sdg" / "train.jsonl")
    assert not rows.exists()  # a stopped run exports nothing


def test_five_reruns_with_a_spent_budget_send_at_most_the_budget_plus_one_wave(tmp_path, capsys):
    budget, concurrency = 3000, 4
    cfg, out = small_config(tmp_path, f"budget_tokens: {budget}", n=60), tmp_path / "out"
    cfg.write_text(cfg.read_text().replace("concurrency: 2", f"concurrency: {concurrency}"))
    with FakeOpenAI(latency_ms=150) as srv:  # slow enough that requests are in flight at the stop
        codes = [cli(cfg, out, srv.base_url) for _ in range(6)]
        billed, requests = srv.tokens(), srv.count()
        per_request = billed / max(1, srv.count("answer"))
    err = capsys.readouterr().err
    assert codes == [2] * 6
    from generator.state import Journal

    journal = Journal(out, next((out / ".state").glob("*.llm.jsonl")).name.split(".")[0])
    journal.load()
    assert journal.spent.tokens == billed  # the replies in flight at the stop were kept and counted
    assert billed <= budget + concurrency * per_request * 1.5, (billed, per_request)
    assert err.count("nothing was sent") == 5  # each rerun says so, and sends nothing
    assert requests == srv.count("answer")


# ---------------------------------------------------------------- secrets a server echoes

def test_a_server_echoing_the_basic_auth_password_leaks_it_nowhere(tmp_path, capsys):
    """Before: the password a leaky proxy said back reached rejections.jsonl, the card and .state."""
    password = "hunter2-very-secret"
    cfg, out = small_config(tmp_path, "max_retries: 20", n=6), tmp_path / "out"
    with FakeOpenAI(echo_auth=True, error_rate=0.4, retry_after=0, seed=2) as srv:
        url = srv.base_url.replace("http://", f"http://alice:{password}@")
        srv.push(Canned(status=400, message="bad request", param="messages"))
        first = cli(cfg, out, url)
        assert cli(cfg, out, url) == 0, capsys.readouterr().err
    assert first != 0  # the refused item was left for the rerun
    printed = capsys.readouterr()
    assert "you sent" in printed.err  # the server did echo, and the message was shown ...
    written = b"".join(p.read_bytes() for p in out.rglob("*") if p.is_file())
    import base64

    for secret in (password, base64.b64encode(f"alice:{password}".encode()).decode()):
        assert secret not in printed.err + printed.out and secret.encode() not in written  # ... scrubbed


# ---------------------------------------------------------------- a cache removed mid-run

def test_a_cache_directory_removed_mid_run_is_recreated_with_a_warning(tmp_path, caplog):
    """Before: appends went to the deleted segment and vanished; the cache was lost silently."""
    import shutil

    cache = tmp_path / "cache"
    with FakeOpenAI() as srv:
        c = client_for(srv, cache)
        run(ask(c, query_messages(intent="one")))
        c = client_for(srv, cache)

        async def two_then_delete():
            try:
                await c.structured(query_messages(intent="two"), Queries)
                shutil.rmtree(cache)  # someone cleans up while the run goes on
                await c.structured(query_messages(intent="three"), Queries)
            finally:
                await c.aclose()
        with caplog.at_level("WARNING"):
            run(two_then_delete())
        assert "recreated it with the 2 replies" in caplog.text  # the segment held one and two
        sent = srv.count()
        again = client_for(srv, cache)
        for intent in ("two", "three"):
            run(ask(again, query_messages(intent=intent)))
        assert srv.count() == sent  # both replies of the run survived the removal
