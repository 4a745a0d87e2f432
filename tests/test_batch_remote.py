"""The provider side through the `openai` package: a create whose answer is lost is found by its
token instead of being made again; refusals and dead endpoints are one line, not a traceback."""

from __future__ import annotations

import asyncio

import openai
import pytest
from openai.resources.batches import AsyncBatches

from generator.errors import PreflightFailed, RunStopped
from generator.llm import request as rq
from generator.llm.batch.lines import input_line
from generator.llm.batch.remote import Remote
from generator.testing.fake_openai import FakeOpenAI


def remote(url: str, key: str = "sk-test") -> Remote:
    return Remote(url, key, timeout_s=5, max_retries=2)


async def upload_and_create(r: Remote, token: str) -> str:
    try:
        body = rq.dumps_body({"model": "fake", "messages": [{"role": "user", "content": "hi"}]})
        file_id = await r.upload(f"trajgen-{token}-r001-1.input.jsonl", input_line("k" * 64, body))
        return await r.create(file_id, token, "r001-1", since=0.0)
    finally:
        await r.aclose()


def test_a_create_whose_answer_is_lost_is_adopted_not_made_again(monkeypatch):
    original = AsyncBatches.create

    async def lost(self, **kw):  # the provider creates the batch, the answer never arrives
        await original(self, **kw)
        with openai.DefaultHttpxClient() as http:  # a request of the HTTP library openai runs on
            request = http.build_request("POST", "http://127.0.0.1/v1/batches")
        raise openai.APIConnectionError(request=request)

    monkeypatch.setattr(AsyncBatches, "create", lost)
    with FakeOpenAI() as srv:
        batch_id = asyncio.run(upload_and_create(remote(srv.base_url), "tok1"))
        assert srv.batches.created == 1 and batch_id in srv.batches.jobs
        assert srv.batches.jobs[batch_id].metadata["trajgen_token"] == "tok1"


def test_an_upload_cut_short_is_found_by_its_name():
    with FakeOpenAI() as srv:
        async def go() -> tuple[str | None, str | None]:
            r = remote(srv.base_url)
            try:
                file_id = await r.upload("trajgen-abc-r001-1.input.jsonl", b"{}\n")
                return file_id, await r.find_file("trajgen-abc-r001-1.input.jsonl")
            finally:
                await r.aclose()
        uploaded, found = asyncio.run(go())
    assert uploaded == found is not None


def test_a_refused_key_and_a_missing_api_are_one_line_each():
    with FakeOpenAI(api_key="sk-right") as srv:
        with pytest.raises(PreflightFailed, match="API key was refused .* while uploading"):
            asyncio.run(upload_and_create(remote(srv.base_url, "sk-wrong"), "t"))
        with pytest.raises(RunStopped, match="has no Files/Batches API .*--batch-out"):
            asyncio.run(upload_and_create(remote(srv.base_url + "/nothing", "sk-right"), "t"))


def test_a_dead_endpoint_says_the_run_resumes_and_shows_no_secret():
    with pytest.raises(RunStopped) as err:
        asyncio.run(upload_and_create(remote("http://127.0.0.1:9/v1?api-key=s3cret", "sk-s3cret"), "t"))
    assert "cannot reach http://127.0.0.1:9/v1" in err.value.message and "rerun the same command" in err.value.message
    assert "s3cret" not in err.value.message
