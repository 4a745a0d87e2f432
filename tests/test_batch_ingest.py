"""Batch output into the exchange cache: each answer stored as the live client stores it, lines a
batch never gave counted as unanswered, an ingest cut short finished with exact token counts, and
the ledger read back whatever a kill left of its last line."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from generator.llm import request as rq
from generator.llm.batch.client import BatchClient, Deferred
from generator.llm.batch.ingest import ingest
from generator.llm.batch.ledger import Ledger
from generator.llm.batch.lines import input_line
from generator.llm.cache import DiskCache
from generator.testing.fake_openai import FakeOpenAI
from tests.llm_fixtures import Queries, client_for, llm_cfg, query_messages


def requests(base_url: str, n: int) -> list[tuple[str, bytes]]:
    return [rq.keyed_body(rq.build_request(base_url=base_url, model="fake-model", messages=query_messages(),
                                           reply_model=Queries, mode="json_schema", temperature=0.7, seed=i))
            for i in range(n)]


def answered(srv: FakeOpenAI, pairs: list[tuple[str, bytes]]) -> list[bytes]:
    out = []
    for key, body in pairs:
        status, _, payload = srv.handle("POST", "/v1/chat/completions", body)
        out.append(json.dumps({"id": "x", "custom_id": key, "error": None,
                               "response": {"status_code": status, "request_id": "r", "body": payload}}).encode())
    return out


def batch(tmp: Path, pairs: list[tuple[str, bytes]], output: list[bytes], dataset: str = "ds1") -> Ledger:
    ledger = Ledger(tmp)
    ledger.write_input("r001-1", b"".join(input_line(k, b) for k, b in pairs), dataset, len(pairs), "tok", 0.0)
    (ledger.dir / "r001-1.output.jsonl").write_bytes(b"".join(x + b"\n" for x in output))
    ledger.record("downloaded", "r001-1", status="completed", outputs=["r001-1.output.jsonl"])
    return ledger


def test_an_ingested_answer_is_the_entry_the_live_client_writes(tmp_path):
    with FakeOpenAI() as srv:
        live = client_for(srv, tmp_path / "live-cache")
        asyncio.run(_ask(live))
        pairs = requests(live.endpoint_key, 1)
        ledger = batch(tmp_path, pairs, answered(srv, pairs), dataset="")
    cache = DiskCache(tmp_path / "cache")
    report = ingest(ledger, ledger.entries["r001-1"], cache)
    assert report.cached == 1
    live_entries = list(DiskCache(tmp_path / "live-cache").entries())
    assert list(cache.entries()) == live_entries  # same key, same request bytes, same CachedReply


async def _ask(client) -> None:
    try:
        await client.structured(query_messages(), Queries, seed=0)
    finally:
        await client.aclose()


def test_requests_a_batch_never_answered_are_unanswered_failures(tmp_path):
    with FakeOpenAI() as srv:
        pairs = requests("http://h/v1", 3)
        ledger = batch(tmp_path, pairs, answered(srv, pairs[:1]))
    report = ingest(ledger, ledger.entries["r001-1"], DiskCache(tmp_path / "cache"))
    assert report.cached == 1 and report.unanswered.count == 2
    assert "no line in the batch output" in report.line()
    failures = Ledger(tmp_path).failures()
    assert sorted(failures) == sorted(k for k, _ in pairs[1:])
    assert all(f[0].kind == "unanswered" and f[0].transient for f in failures.values())


def test_an_ingest_cut_short_is_finished_and_counts_every_answer_once(tmp_path, monkeypatch):
    with FakeOpenAI() as srv:
        pairs = requests("http://h/v1", 5)
        ledger = batch(tmp_path, pairs, answered(srv, pairs))
    cache = DiskCache(tmp_path / "cache")
    real_put, calls = DiskCache.put, [0]

    def dying_put(self, *a, **k):
        calls[0] += 1
        real_put(self, *a, **k)
        if calls[0] == 2:
            raise KeyboardInterrupt  # a kill after the second answer reached the disk

    monkeypatch.setattr(DiskCache, "put", dying_put)
    with pytest.raises(KeyboardInterrupt):
        ingest(ledger, ledger.entries["r001-1"], cache)
    monkeypatch.setattr(DiskCache, "put", real_put)
    again = Ledger(tmp_path)  # what the rerun reads
    report = ingest(again, again.entries["r001-1"], DiskCache(tmp_path / "cache"))
    assert report.cached == 5 and again.tokens("ds1").answers == 5
    assert len(DiskCache(tmp_path / "cache")) == 5


def test_a_torn_last_ledger_line_is_skipped_and_cut_before_the_next_event(tmp_path):
    ledger = Ledger(tmp_path)
    ledger.record("written", "r001-1", lines=3)
    ledger.record("uploaded", "r001-1", file_id="file-1")
    ledger.close()
    data = ledger.path.read_bytes()
    ledger.path.write_bytes(data[:-9])  # a kill in the middle of the second event
    again = Ledger(tmp_path)
    assert again.entries["r001-1"].file_id is None and again.entries["r001-1"].lines == 3
    again.record("uploaded", "r001-1", file_id="file-2")
    assert Ledger(tmp_path).entries["r001-1"].file_id == "file-2"


def test_the_batch_client_defers_a_miss_and_acts_on_failures_as_live(tmp_path):
    from generator.llm.batch.lines import Failure

    cfg = llm_cfg(max_retries=1)
    client = BatchClient(failures={}, base_url="http://127.0.0.1:9/v1", api_key="sk-x", model="fake-model",
                         cfg=cfg, cache=DiskCache(tmp_path / "c"))
    key = requests(client.endpoint_key, 1)[0][0]

    def ask() -> object:
        try:
            return asyncio.run(client.structured(query_messages(), Queries, seed=0))
        except Exception as exc:  # noqa: BLE001 -- the test looks at which
            return exc

    assert isinstance(ask(), Deferred) and list(client.take()) == [key]
    client.failures = {key: [Failure(custom_id=key, status=429, message="slow down")]}
    assert isinstance(ask(), Deferred)  # transient: asked again
    client.failures[key].append(Failure(custom_id=key, status=500, message="oops"))
    got = ask()
    assert not isinstance(got, Deferred) and "2 times" in str(got) and got.retryable  # past max_retries
    client.failures = {key: [Failure(custom_id=key, status=404, message="no such model")]}
    got = ask()
    assert "HTTP 404" in str(got) and "(batch): no such model" in str(got) and not got.retryable
    client.failures = {key: [Failure(custom_id=key, status=400, message="response_format json_schema is not "
                                     "supported", body='{"error": {"param": "response_format"}}')]}
    assert isinstance(ask(), Deferred) and client.mode == "json_object_schema"  # stepped down, as live
