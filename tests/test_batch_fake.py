"""The fake server's Files and Batches endpoints, driven by the `openai` package as a provider's
would be: each line answered as the live endpoint answers it, after the configured delay."""

from __future__ import annotations

import json
import time

import openai
import pytest

from generator.llm import request as rq
from generator.llm.batch.lines import input_line
from generator.testing.fake_batch import multipart_fields
from generator.testing.fake_openai import FakeOpenAI
from tests.llm_fixtures import Queries, query_messages, task_messages


def sdk(srv: FakeOpenAI) -> openai.OpenAI:
    return openai.OpenAI(base_url=srv.base_url, api_key="sk-test", max_retries=0)


def requests(n: int) -> list[tuple[str, bytes]]:
    out = []
    for i in range(n):
        req = rq.build_request(base_url=srv_url, model="fake", messages=query_messages(n=2), reply_model=Queries,
                               mode="json_schema", temperature=0.7, seed=i)
        out.append(rq.keyed_body(req))
    return out


srv_url = "http://127.0.0.1:1/v1"


def batch_file(pairs: list[tuple[str, bytes]]) -> bytes:
    return b"".join(input_line(k, b) for k, b in pairs)


def lines(data: bytes) -> list[dict]:
    return [json.loads(x) for x in data.splitlines() if x.strip()]


def test_a_batch_answers_each_line_as_the_live_endpoint_does():
    pairs = requests(4)
    with FakeOpenAI() as srv:
        client = sdk(srv)
        live = {key: client.chat.completions.create(**json.loads(body)).choices[0].message.content
                for key, body in pairs}
        f = client.files.create(file=("in.jsonl", batch_file(pairs), "application/jsonl"), purpose="batch")
        b = client.batches.create(input_file_id=f.id, endpoint="/v1/chat/completions", completion_window="24h",
                                  metadata={"trajgen_token": "t1"})
        b = client.batches.retrieve(b.id)
        assert b.status == "completed" and b.request_counts.completed == 4 and b.error_file_id is None
        out = lines(client.files.content(b.output_file_id).content)
        assert srv.batches.created == 1 and srv.batches.lines_received == 4 and srv.batches.lines_answered == 4
    assert sorted(o["custom_id"] for o in out) == sorted(live)
    for o in out:
        assert o["response"]["status_code"] == 200
        assert o["response"]["body"]["choices"][0]["message"]["content"] == live[o["custom_id"]]


def test_a_batch_completes_after_the_delay_and_reports_progress_meanwhile():
    pairs = requests(10)
    with FakeOpenAI(batch_delay_s=0.6) as srv:
        client = sdk(srv)
        f = client.files.create(file=("in.jsonl", batch_file(pairs)), purpose="batch")
        b = client.batches.create(input_file_id=f.id, endpoint="/v1/chat/completions", completion_window="24h")
        seen = []
        while b.status != "completed":
            b = client.batches.retrieve(b.id)
            seen.append((b.status, b.request_counts.completed))
            time.sleep(0.05)
    assert seen[0][0] == "in_progress" and seen[0][1] < 10
    assert any(0 < done < 10 for _, done in seen)  # the count moves before the end
    assert seen[-1] == ("completed", 10)


def test_failed_lines_go_to_the_error_file_and_others_to_the_output():
    pairs = requests(30)
    with FakeOpenAI(error_rate=0.3, seed=4) as srv:
        client = sdk(srv)
        f = client.files.create(file=("in.jsonl", batch_file(pairs)), purpose="batch")
        b = client.batches.retrieve(client.batches.create(input_file_id=f.id, endpoint="/v1/chat/completions",
                                                          completion_window="24h").id)
        ok = lines(client.files.content(b.output_file_id).content)
        bad = lines(client.files.content(b.error_file_id).content)
    assert b.request_counts.failed == len(bad) > 0 and b.request_counts.completed == len(ok) > 0
    assert len(ok) + len(bad) == 30
    assert {o["response"]["status_code"] for o in bad} <= {429, 500}


def test_an_invalid_input_fails_validation_with_the_line_named():
    good = batch_file(requests(1))
    with FakeOpenAI() as srv:
        client = sdk(srv)
        f = client.files.create(file=("in.jsonl", good + b"{not json}\n" + good), purpose="batch")
        b = client.batches.create(input_file_id=f.id, endpoint="/v1/chat/completions", completion_window="24h")
    assert b.status == "failed"
    assert [(e.line, e.message) for e in b.errors.data] == [(2, "not valid JSON"),
                                                            (3, f"duplicate custom_id '{requests(1)[0][0]}'")]


def test_cancel_keeps_what_was_answered_and_list_finds_a_batch_by_metadata():
    pairs = requests(6)
    with FakeOpenAI(batch_delay_s=30) as srv:
        client = sdk(srv)
        f = client.files.create(file=("in.jsonl", batch_file(pairs)), purpose="batch")
        b = client.batches.create(input_file_id=f.id, endpoint="/v1/chat/completions", completion_window="24h",
                                  metadata={"trajgen_token": "abc"})
        found = [x.id for x in client.batches.list() if (x.metadata or {}).get("trajgen_token") == "abc"]
        cancelled = client.batches.cancel(b.id)
        names = [x.filename for x in client.files.list(purpose="batch")]
    assert found == [b.id] and cancelled.status == "cancelled"
    assert cancelled.request_counts.completed < 6 and "in.jsonl" in names


def test_unknown_routes_and_files_are_clean_errors():
    with FakeOpenAI() as srv:
        client = sdk(srv)
        with pytest.raises(openai.NotFoundError):
            client.batches.retrieve("batch-nope")
        with pytest.raises(openai.NotFoundError):
            client.files.content("file-nope")
        with pytest.raises(openai.BadRequestError):
            client.files.create(file=("x.jsonl", b"{}"), purpose="assistants")


def test_the_multipart_reader_takes_the_boundary_from_the_body():
    body = (b"--XyZ\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\nbatch\r\n"
            b"--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.jsonl\"\r\n"
            b"Content-Type: application/octet-stream\r\n\r\n{\"a\": 1}\n{\"b\": \"\xc3\xa9\"}\n\r\n--XyZ--\r\n")
    fields = multipart_fields(body)
    assert fields == {"purpose": (None, b"batch"), "file": ("a.jsonl", b'{"a": 1}\n{"b": "\xc3\xa9"}\n')}
    assert multipart_fields(b"not multipart") is None


def test_a_task_the_fake_does_not_know_is_answered_in_the_batch_as_live():
    body = rq.dumps_body({"model": "fake", "messages": task_messages("nope")})
    with FakeOpenAI() as srv:
        client = sdk(srv)
        f = client.files.create(file=("in.jsonl", input_line("k" * 64, body)), purpose="batch")
        b = client.batches.retrieve(client.batches.create(input_file_id=f.id, endpoint="/v1/chat/completions",
                                                          completion_window="24h").id)
        out = lines(client.files.content(b.output_file_id).content)
    assert "not one of trajgen's prompts" in out[0]["response"]["body"]["choices"][0]["message"]["content"]
