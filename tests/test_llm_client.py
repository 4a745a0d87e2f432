"""The OpenAI-compatible client: pure request/reply functions, then behavior against the fake server."""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from llm_fixtures import Queries, ask, client_for, llm_cfg, query_messages, run

from generator.errors import BudgetExceeded, ConfigError, LLMError
from generator.llm import request as rq
from generator.llm.cache import CachedReply, DiskCache, request_key
from generator.llm.client import LOCAL_PLACEHOLDER_KEY, Backoff, make_client
from generator.llm.limiter import AdaptiveLimiter
from generator.testing.fake_openai import Canned, FakeOpenAI, hanging, rate_limited, server_error

MSGS = [{"role": "system", "content": "sys"}, {"role": "user", "content": "hello"}]


@pytest.fixture
def srv() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server


def _req(mode: str = "json_schema", temperature: float = 0.5) -> dict:
    return rq.build_request(base_url="http://x/v1", model="m", messages=MSGS, reply_model=Queries,
                            mode=mode, temperature=temperature)


# ---------------------------------------------------------------- pure request building / parsing

def test_json_schema_request_carries_the_model_schema_and_leaves_messages_alone():
    req = _req()
    fmt = req["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["strict"] is False
    assert fmt["json_schema"]["name"] == "Queries"
    assert fmt["json_schema"]["schema"] == Queries.model_json_schema()
    assert req["messages"] == MSGS and "base_url" not in rq.send_kwargs(req)


@pytest.mark.parametrize("mode,fmt", [("json_object", {"type": "json_object"}), ("none", None)])
def test_weaker_modes_tell_the_model_to_reply_with_json(mode, fmt):
    req = _req(mode)
    assert req.get("response_format") == fmt
    assert "Reply with JSON only" in req["messages"][-1]["content"]
    assert req["messages"][-1]["content"].startswith("hello") and MSGS[-1]["content"] == "hello"


def test_parse_reply_strips_fences_and_names_bad_fields():
    value, problems = rq.parse_reply('```json\n{"queries": ["a"]}\n```', Queries)
    assert problems == [] and value.queries == ["a"]
    _, problems = rq.parse_reply("Sure, here you go", Queries)
    assert "not valid JSON" in problems[0]
    _, problems = rq.parse_reply('{"queries": "a"}', Queries)
    assert "queries" in problems[0]
    _, problems = rq.parse_reply("[1]", Queries)
    assert "JSON object" in problems[0]
    value, _ = rq.parse_reply('<think>plan {a}</think>\n```json\n{"queries": ["b"]}\n```', Queries)
    assert value.queries == ["b"]
    value, _ = rq.parse_reply('plan {a} then {"queries": ["b"]}', Queries)
    assert value is None  # one fallback (first "{" to last "}"), no further guessing
    value, _ = rq.parse_reply('Here you go: {"queries": ["b"]} Enjoy!', Queries)
    assert value.queries == ["b"]


def test_reask_appends_the_raw_reply_and_the_problems():
    out = rq.reask_messages(MSGS, "RAW", ["too short", "missing Boston"])
    assert out[:2] == MSGS and out[2] == {"role": "assistant", "content": "RAW"}
    assert "- too short" in out[3]["content"] and "- missing Boston" in out[3]["content"]


def test_retry_after_parsing_and_cap():
    assert rq.retry_after_seconds({"retry-after": "1"}, cap=5) == 1.0
    assert rq.retry_after_seconds({"retry-after": "120"}, cap=5) == 5.0
    assert rq.retry_after_seconds({"retry-after": "soon"}, cap=5) is None
    assert rq.retry_after_seconds({}, cap=5) is None
    assert rq.retry_after_seconds({"retry-after-ms": "250", "retry-after": "1"}, cap=5) == 0.25


def test_backoff_grows_and_is_capped():
    waits = [rq.backoff_seconds(n, 1.0, 8.0, 0.0) for n in range(1, 7)]
    assert waits == [0.5, 1.0, 2.0, 4.0, 4.0, 4.0]
    assert rq.backoff_seconds(3, 1.0, 8.0, 0.999) < 4.0


def test_response_format_refusal_detection():
    assert rq.mentions_response_format(400, "response_format json_schema is not supported")
    assert not rq.mentions_response_format(400, "messages must not be empty")
    assert rq.mentions_response_format(500, "response_format")  # llama.cpp's server says it with a 500
    assert not rq.mentions_response_format(503, "response_format")


@pytest.mark.parametrize("url,local", [("http://127.0.0.1:8000/v1", True), ("http://localhost/v1", True),
                                       ("http://192.168.1.5:8000/v1", True),
                                       ("https://api.openai.com/v1", False), ("https://example.org/v1", False)])
def test_is_local_url(url, local):
    assert rq.is_local_url(url) is local


def test_cache_key_is_canonical_and_covers_every_sent_field():
    a = _req()
    b = dict(reversed(list(a.items())))
    assert request_key(a) == request_key(b)
    assert request_key(a) != request_key(_req(temperature=0.6))
    assert request_key(a) != request_key(_req(mode="json_object"))
    assert request_key(a) != request_key({**a, "base_url": "http://y/v1"})


def test_disk_cache_roundtrip_and_damaged_entry_is_a_miss(tmp_path):
    cache = DiskCache(tmp_path)
    key = request_key(_req())
    cache.put(key, _req(), CachedReply(content="{}", prompt_tokens=3))
    assert cache.get(key).prompt_tokens == 3
    assert DiskCache(tmp_path).get(key).prompt_tokens == 3  # read back by a fresh index
    [segment] = tmp_path.glob("segment-*.jsonl")
    segment.write_bytes(segment.read_bytes().replace(b'"reply":{', b'"reply":{broken'))
    assert DiskCache(tmp_path).get(key) is None



def test_disk_cache_torn_line_is_a_miss_and_is_cut_before_the_next_append(tmp_path):
    cache = DiskCache(tmp_path)
    keys = [request_key(_req(temperature=t)) for t in (0.1, 0.2)]
    cache.put(keys[0], _req(temperature=0.1), CachedReply(content="a"))
    cache.put(keys[1], _req(temperature=0.2), CachedReply(content="b"))
    cache.close()
    [segment] = tmp_path.glob("segment-*.jsonl")
    whole = segment.read_bytes()
    for cut in (len(whole) - 1, len(whole) - 40, whole.index(b"\n") + 20):
        segment.write_bytes(whole[:cut])  # a kill in the middle of the second append
        again = DiskCache(tmp_path)
        assert again.get(keys[0]).content == "a" and again.get(keys[1]) is None
        again.put(keys[1], _req(temperature=0.2), CachedReply(content="b2"))  # claims the segment again
        again.close()
        assert list(tmp_path.iterdir()) == [segment]
        assert DiskCache(tmp_path).get(keys[1]).content == "b2"
        assert all(line.startswith(b'{"key":') for line in segment.read_bytes().splitlines())


def test_disk_cache_writers_at_once_claim_their_own_segments(tmp_path):
    a, b = DiskCache(tmp_path), DiskCache(tmp_path)
    ka, kb = request_key(_req(temperature=0.1)), request_key(_req(temperature=0.2))
    a.put(ka, b"{}", CachedReply(content="a"))
    b.put(kb, b"{}", CachedReply(content="b"))  # a holds its segment: b makes another
    assert len(list(tmp_path.glob("segment-*.jsonl"))) == 2
    a.close(), b.close()
    both = DiskCache(tmp_path)
    assert both.get(ka).content == "a" and both.get(kb).content == "b" and len(both) == 2
    assert sorted(e["reply"]["content"] for e in both.entries()) == ["a", "b"]


def test_disk_cache_reads_entries_of_the_one_file_per_entry_layout(tmp_path):
    key = request_key(_req())
    legacy = tmp_path / key[:2] / f"{key}.json"
    legacy.parent.mkdir()
    legacy.write_text(json.dumps({"key": key, "request": _req(), "reply": {"content": "old"}}))
    cache = DiskCache(tmp_path)
    assert cache.get(key).content == "old" and len(cache) == 1

# ---------------------------------------------------------------- construction

def test_make_client_resolves_url_key_and_model(monkeypatch, tmp_path):
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.delenv("MY_KEY", raising=False)
    c = make_client(llm_cfg(api_key_env="MY_KEY"), tmp_path)
    assert c.endpoint == "http://127.0.0.1:9/v1" and c._api_key == LOCAL_PLACEHOLDER_KEY
    assert c.transport._session is None  # no HTTP session until the first request
    c = make_client(llm_cfg(base_url="http://localhost:1/v1"), tmp_path, base_url="http://127.0.0.1:2/v1")
    assert c.endpoint == "http://127.0.0.1:2/v1"
    monkeypatch.setenv("MY_KEY", "sk-test")
    c = make_client(llm_cfg(api_key_env="MY_KEY"), tmp_path, base_url="https://api.example.org/v1", model="x")
    assert c._api_key == "sk-test" and c.model == "x"


def test_remote_endpoint_without_key_is_a_clear_config_error(monkeypatch, tmp_path):
    monkeypatch.delenv("MY_KEY", raising=False)
    with pytest.raises(ConfigError, match="MY_KEY"):
        make_client(llm_cfg(api_key_env="MY_KEY"), tmp_path, base_url="https://api.example.org/v1")


def test_missing_model_is_a_config_error(tmp_path):
    from generator.config import LLMConfig
    with pytest.raises(ConfigError, match="model"):
        make_client(LLMConfig(), tmp_path, base_url="http://127.0.0.1:1/v1")


# ---------------------------------------------------------------- cache

def test_cache_hit_sends_nothing_and_a_rerun_repeats_no_call(srv, tmp_path):
    c = client_for(srv, tmp_path)
    first = run(ask(c, query_messages()))
    again = run(ask(c, query_messages()))
    assert again.value == first.value and srv.count() == 1
    assert c.usage.cache_hits == 1 and c.usage.requests_sent == 1
    rerun = client_for(srv, tmp_path)
    run(ask(rerun, query_messages()))
    assert srv.count() == 1 and rerun.usage.requests_sent == 0


def test_transport_failures_are_not_cached(srv, tmp_path):
    srv.push(server_error())
    c = client_for(srv, tmp_path)
    run(ask(c, query_messages()))
    assert srv.count() == 2 and len(DiskCache(tmp_path)) == 1 and c.usage.retries == 1


# ---------------------------------------------------------------- transport retries

def test_injected_429_and_500_still_complete_every_request(tmp_path):
    n = 24
    with FakeOpenAI(error_rate=0.3, seed=3) as fake:
        c = client_for(fake, tmp_path, max_retries=8, concurrency=6)

        async def many():
            try:
                return await asyncio.gather(*(c.structured(query_messages(n=1, intent=f"task {i}"), Queries)
                                              for i in range(n)))
            finally:
                await c.aclose()
        results = run(many())
        failures = fake.count("429") + fake.count("500")
    assert len(results) == n and all(r.value.queries for r in results)
    assert failures > 0 and c.usage.retries == failures
    assert c.usage.requests_sent == n + failures


def test_retry_after_is_honored(srv, tmp_path):
    srv.push(rate_limited(retry_after=1))
    c = client_for(srv, tmp_path, backoff=Backoff(initial_s=0.001, max_s=0.01, retry_after_cap_s=5))
    start = time.monotonic()
    run(ask(c, query_messages()))
    assert time.monotonic() - start >= 0.9 and c.usage.retries == 1


def test_hanging_request_times_out_and_is_retried(tmp_path):
    # the retry must finish a whole exchange within the timeout, on a loaded machine too: 2 s,
    # against a hang of 30 s that a client without a timeout would sit out
    with FakeOpenAI(hang_s=30) as fake:
        fake.push(hanging())
        c = client_for(fake, tmp_path, timeout_s=2)
        start = time.monotonic()
        result = run(ask(c, query_messages()))
    assert result.value.queries and c.usage.retries == 1 and time.monotonic() - start < 10


def test_transport_retries_are_bounded(srv, tmp_path):
    srv.push(server_error(), server_error(), server_error())
    c = client_for(srv, tmp_path, max_retries=2)
    with pytest.raises(LLMError) as info:
        run(ask(c, query_messages()))
    assert info.value.retryable and info.value.attempts == 3 and srv.count() == 3


def test_client_errors_other_than_429_are_not_retried(srv, tmp_path):
    srv.push(Canned(status=401, message="invalid api key"))
    c = client_for(srv, tmp_path)
    with pytest.raises(LLMError, match="401") as info:
        run(ask(c, query_messages()))
    # not retried now, and no verdict on the item either: it stays unfinished for a rerun
    assert info.value.retryable and srv.count() == 1 and c.usage.retries == 0


# ---------------------------------------------------------------- semantic re-asks

def test_malformed_reply_is_reasked_with_the_parse_error(srv, tmp_path):
    srv.push("Sure! Here are the queries.")
    c = client_for(srv, tmp_path)
    result = run(ask(c, query_messages()))
    assert result.attempts == 2 and "not valid JSON" in result.problems_seen[0]
    sent = srv.requests[1].body["messages"]
    assert sent[-2] == {"role": "assistant", "content": "Sure! Here are the queries."}
    assert "not valid JSON" in sent[-1]["content"] and c.usage.reasks == 1


def test_check_problems_are_fed_back(srv, tmp_path):
    calls = []

    def check(value: Queries) -> list[str]:
        calls.append(value)
        return ["the first query must mention Denver"] if len(calls) == 1 else []

    c = client_for(srv, tmp_path)
    result = run(ask(c, query_messages(), check=check))
    assert result.attempts == 2 and result.problems_seen == ["the first query must mention Denver"]
    assert "must mention Denver" in srv.requests[1].body["messages"][-1]["content"]


def test_exhausted_reasks_raise_with_raw_and_attempts(srv, tmp_path):
    c = client_for(srv, tmp_path, max_reasks=2)
    with pytest.raises(LLMError) as info:
        run(ask(c, query_messages(), check=lambda v: ["never good enough"]))
    err = info.value
    assert not err.retryable and err.attempts == 3 and '"queries"' in err.raw
    assert srv.count() == 3 and c.usage.reasks == 2


def test_leaking_first_answer_is_fixed_by_a_reask(tmp_path):
    def no_leak(v: Queries) -> list[str]:
        return [f"query mentions get_route: {q}" for q in v.queries if "get_route" in q]

    with FakeOpenAI(leak_first=True) as fake:
        result = run(ask(client_for(fake, tmp_path), query_messages(), check=no_leak))
    assert result.attempts == 2 and not any("get_route" in q for q in result.value.queries)


# ---------------------------------------------------------------- structured-output fallback

def test_json_schema_refusal_falls_back_and_is_remembered(tmp_path):
    with FakeOpenAI(no_json_schema=True) as fake:
        c = client_for(fake, tmp_path)
        run(ask(c, query_messages(intent="one")))
        run(ask(c, query_messages(intent="two")))
        assert c.mode == "json_object_schema" and fake.count("format") == 1 and fake.count("answer") == 2
        fmt = fake.requests[-1].body["response_format"]
        assert fmt["type"] == "json_object" and fmt["schema"]["properties"]["queries"]


def test_llama_cpp_style_500_refusal_falls_back_without_retrying(tmp_path):
    with FakeOpenAI(no_json_schema=True, format_refusal_status=500) as fake:
        c = client_for(fake, tmp_path)
        result = run(ask(c, query_messages()))
    assert result.value.queries and c.mode == "json_object_schema"
    assert fake.count("format") == 1 and c.usage.retries == 0


def test_max_tokens_is_sent_and_keyed(tmp_path):
    with FakeOpenAI() as fake:
        run(ask(client_for(fake, tmp_path, max_tokens=64), query_messages()))
        assert fake.requests[-1].body["max_tokens"] == 64


def test_no_response_format_at_all_falls_back_to_plain_json(tmp_path):
    with FakeOpenAI(no_response_format=True) as fake:
        c = client_for(fake, tmp_path)
        result = run(ask(c, query_messages()))
        last = fake.requests[-1].body
    assert c.mode == "none" and "response_format" not in last and result.value.queries
    assert "Reply with JSON only" in last["messages"][-1]["content"]


def test_configured_plain_mode_sends_no_response_format(srv, tmp_path):
    run(ask(client_for(srv, tmp_path, structured="none"), query_messages()))
    assert "response_format" not in srv.requests[0].body


# ---------------------------------------------------------------- usage and budget

def test_usage_counts_tokens_from_replies(srv, tmp_path):
    c = client_for(srv, tmp_path)
    run(ask(c, query_messages()))
    assert c.usage.prompt_tokens > 0 and c.usage.completion_tokens > 0


def test_budget_cap_stops_before_sending_but_cache_still_serves(srv, tmp_path):
    c = client_for(srv, tmp_path, budget_tokens=5)
    run(ask(c, query_messages(intent="one")))
    with pytest.raises(BudgetExceeded):
        run(ask(c, query_messages(intent="two")))
    assert srv.count() == 1
    assert run(ask(c, query_messages(intent="one"))).value.queries  # cached: free


# ---------------------------------------------------------------- adaptive concurrency

def test_limiter_cuts_once_per_wave_down_to_a_floor_and_recovers_smoothly():
    lim = AdaptiveLimiter(16)
    first = lim.ticket()
    lim._sent += 16  # a whole wave of 16 requests admitted
    for t in range(first, first + 16):  # every one of them answered 429
        lim.on_rate_limited(t)
    assert lim.limit == 12 and lim.cuts == 1  # one cut for the wave, not 16 halvings
    for _ in range(40):  # 429 after 429, each to a new wave
        lim._sent += 1
        lim.on_rate_limited(lim.ticket() - 1)
    assert lim.limit == lim.floor == 2
    seen = [lim.limit]
    for _ in range(400):
        lim.on_success()
        seen.append(lim.limit)
    assert seen == sorted(seen) and seen[-1] == 16  # back to the ceiling, one step at a time
    assert all(b - a <= 1 for a, b in itertools.pairwise(seen))
    assert seen.index(16) > 16 * 4  # additive: about one more per `limit` successes


@settings(max_examples=200, deadline=None)
@given(ceiling=st.integers(1, 512), events=st.lists(st.tuples(st.booleans(), st.integers(0, 3)), max_size=300))
def test_limiter_stays_between_floor_and_ceiling(ceiling, events):
    lim = AdaptiveLimiter(ceiling)
    for limited, back in events:
        lim._sent += 1
        if limited:
            lim.on_rate_limited(max(0, lim.ticket() - 1 - back))
        else:
            lim.on_success()
        assert max(1, ceiling // 8) == lim.floor <= lim.limit <= ceiling


def test_limiter_never_exceeds_its_limit():
    lim = AdaptiveLimiter(4)
    lim.on_rate_limited()
    lim.on_rate_limited()  # 4 -> 3 -> 2

    async def job():
        async with lim.slot():
            await asyncio.sleep(0.01)

    async def main():
        await asyncio.gather(*(job() for _ in range(10)))
    run(main())
    assert lim.peak == 2 and lim.in_flight == 0


def test_client_concurrency_is_bounded(tmp_path):
    with FakeOpenAI(latency_ms=30) as fake:
        c = client_for(fake, tmp_path, concurrency=3)

        async def many():
            try:
                await asyncio.gather(*(c.structured(query_messages(intent=f"t{i}"), Queries) for i in range(9)))
            finally:
                await c.aclose()
        run(many())
    assert c.limiter.peak == 3


def test_429s_shrink_the_client_limit(srv, tmp_path):
    srv.push(rate_limited(0), rate_limited(0))
    c = client_for(srv, tmp_path, concurrency=8)
    run(ask(c, query_messages()))
    assert c.limiter.limit == 4 and c.limiter.cuts == 2  # 8 -> 6 -> 4 (each retry is a new wave)


def test_disabled_cache(srv):
    c = client_for(srv, None)
    run(ask(c, query_messages()))
    run(ask(c, query_messages()))
    assert srv.count() == 2 and c.usage.cache_hits == 0


def test_paths_are_under_tmp(tmp_path: Path):
    # Guard: the cache writes only beneath the directory it was given.
    DiskCache(tmp_path / "c").put("ab" * 32, {}, CachedReply(content="x"))
    [(folder, name)] = [p.relative_to(tmp_path).parts for p in tmp_path.rglob("*") if p.is_file()]
    assert folder == "c" and name.startswith("segment-")
