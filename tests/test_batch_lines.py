"""The OpenAI Batch file formats: input lines carry the live client's exact body under its cache
key; output lines become the live client's CachedReply or a classified failure, never a crash."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from generator.llm import request as rq
from generator.llm.batch.lines import (
    CHAT_URL,
    Answer,
    Failure,
    Problem,
    input_line,
    read_input_line,
    read_output_line,
)
from generator.llm.client import _to_reply
from tests.llm_fixtures import Queries, query_messages

json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                           lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=8), kids,
                                                                                      max_size=3), max_leaves=12)


@given(st.dictionaries(st.text(max_size=10), json_values, max_size=5), st.text("0123456789abcdef", min_size=64,
                                                                               max_size=64))
def test_an_input_line_holds_the_body_byte_for_byte_and_reads_back(body: dict, key: str) -> None:
    raw = rq.dumps_body(body)
    line = input_line(key, raw)
    obj = json.loads(line)
    assert obj == {"custom_id": key, "method": "POST", "url": CHAT_URL, "body": body}
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert read_input_line(line) == (key, raw)


def test_the_line_of_a_real_request_is_what_the_live_client_sends_under_its_cache_key() -> None:
    for mode in ("json_schema", "json_object", "none"):
        req = rq.build_request(base_url="http://127.0.0.1:1/v1", model="m", messages=query_messages(),
                               reply_model=Queries, mode=mode, temperature=0.7, seed=3)
        key, body = rq.keyed_body(req)
        got = read_input_line(input_line(key, body))
        assert got == (key, body)
        assert json.loads(body) == rq.send_kwargs(req)


def test_a_line_not_written_by_input_line_is_not_read_as_one() -> None:
    assert read_input_line(b'{"custom_id":"k","url":"/v1/chat/completions","body":{}}\n') is None
    assert read_input_line(b"garbage") is None


def completion(content: str, **usage: int) -> dict:
    return {"id": "c", "object": "chat.completion", "choices": [
        {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": usage.get("p", 3), "completion_tokens": usage.get("c", 4)}}


def out_line(custom_id: str, status: int | None = 200, body: object = None, error: object = None) -> bytes:
    response = None if status is None else {"status_code": status, "request_id": "r", "body": body}
    return json.dumps({"id": "b1", "custom_id": custom_id, "response": response, "error": error}).encode()


def test_an_answer_is_the_reply_the_live_client_parser_makes() -> None:
    body = completion('{"queries": ["a"]}', p=11, c=5)
    got = read_output_line(out_line("k1", 200, body), 1)
    assert isinstance(got, Answer) and got.custom_id == "k1"
    assert got.reply == _to_reply(body)
    assert got.reply.prompt_tokens == 11 and got.reply.completion_tokens == 5


def test_tool_calls_come_through_like_live() -> None:
    body = completion("")
    body["choices"][0]["message"]["tool_calls"] = [
        {"id": "t1", "type": "function", "function": {"name": "f", "arguments": '{"x": 1}'}}]
    got = read_output_line(out_line("k", 200, body), 1)
    assert isinstance(got, Answer)
    assert got.reply.tool_calls == [{"id": "t1", "name": "f", "arguments": '{"x": 1}'}]


def test_each_kind_of_bad_line_is_classified_not_raised() -> None:
    err = {"error": {"message": "Rate limit reached", "type": "x"}}
    cases = {
        b"{not json": Problem,
        b"[1, 2]": Problem,
        json.dumps({"response": {"status_code": 200}}).encode(): Problem,  # no custom_id
    }
    for text, kind in cases.items():
        assert isinstance(read_output_line(text, 4), kind), text
    failed = read_output_line(out_line("k", 429, err), 1)
    assert isinstance(failed, Failure) and failed.kind == "status" and failed.status == 429
    assert failed.message == "Rate limit reached" and failed.transient
    bad_request = read_output_line(out_line("k", 400, {"error": {"message": "bad model"}}), 1)
    assert isinstance(bad_request, Failure) and not bad_request.transient
    expired = read_output_line(out_line("k", None, error={"code": "batch_expired", "message": "expired"}), 1)
    assert isinstance(expired, Failure) and expired.kind == "unanswered" and expired.transient
    for body in ({"choices": []}, {"choices": [{"text": "x"}]}, "text", None):
        got = read_output_line(out_line("k", 200, body), 1)
        assert isinstance(got, Failure) and got.kind == "malformed" and got.transient, body


@given(st.binary(max_size=200))
def test_no_bytes_crash_the_reader(data: bytes) -> None:
    assert isinstance(read_output_line(data, 1), Answer | Failure | Problem)
