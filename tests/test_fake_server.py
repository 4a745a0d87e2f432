"""The fake OpenAI-compatible server: HTTP surface, fault injection and every task answerer."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from llm_fixtures import query_messages, task_messages

from generator.records import ToolHints
from generator.testing.answerers import action_words, answer, find_task, wrong_value
from generator.testing.fake_openai import FakeOpenAI, FakeOptions, _parser, options_of


@pytest.fixture
def srv() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server


def post(url: str, body: dict[str, Any]) -> tuple[int, dict[str, str], dict[str, Any]]:
    req = urllib.request.Request(f"{url}/chat/completions", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=5) as resp:
            return resp.status, dict(resp.headers), json.loads(resp.read())
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), json.loads(err.read())


def content(messages: list[dict[str, str]], **opts: Any) -> dict[str, Any]:
    return answer(messages, **opts)


# ---------------------------------------------------------------- HTTP surface

def test_binds_loopback_and_lists_models(srv):
    assert srv.base_url.startswith("http://127.0.0.1:") and srv.port > 0
    with urllib.request.urlopen(f"{srv.base_url}/models", timeout=5) as resp:
        data = json.loads(resp.read())
    assert data["object"] == "list" and data["data"][0]["id"] == "fake-model"


def test_chat_completion_shape_and_request_log(srv):
    status, _, body = post(srv.base_url, {"model": "m", "messages": query_messages()})
    assert status == 200 and body["object"] == "chat.completion" and body["model"] == "m"
    assert json.loads(body["choices"][0]["message"]["content"])["queries"]
    assert body["usage"]["total_tokens"] == body["usage"]["prompt_tokens"] + body["usage"]["completion_tokens"]
    assert srv.count(task="write_queries") == 1 and srv.requests[0].outcome == "answer"


def test_bad_body_is_a_400(srv):
    status, _, body = post(srv.base_url, {"model": "m"})
    assert status == 400 and "messages" in body["error"]["message"]


def test_error_injection_429_carries_retry_after_and_500():
    with FakeOpenAI(error_rate=1.0, seed=5) as fake:
        seen = {post(fake.base_url, {"messages": query_messages()})[0]: None for _ in range(12)}
        assert set(seen) == {429, 500}
        r429 = next(r for r in fake.requests if r.outcome == "429")
    assert r429.status == 429
    with FakeOpenAI(error_rate=1.0, retry_after=1, seed=0) as fake:
        statuses = [post(fake.base_url, {"messages": query_messages()}) for _ in range(6)]
    assert all(h.get("Retry-After") == "1" for s, h, _ in statuses if s == 429)


def test_malformed_replies_are_not_json():
    with FakeOpenAI(malformed_rate=1.0) as fake:
        _, _, body = post(fake.base_url, {"messages": query_messages()})
    with pytest.raises(json.JSONDecodeError):
        json.loads(body["choices"][0]["message"]["content"])


def test_no_json_schema_refuses_only_json_schema():
    schema_fmt = {"type": "json_schema", "json_schema": {"name": "x", "schema": {}}}
    with FakeOpenAI(no_json_schema=True) as fake:
        status, _, body = post(fake.base_url, {"messages": query_messages(), "response_format": schema_fmt})
        ok, _, _ = post(fake.base_url, {"messages": query_messages(), "response_format": {"type": "json_object"}})
    assert status == 400 and "response_format" in json.dumps(body) and ok == 200


def test_scripted_replies_come_first_in_order(srv):
    srv.push({"queries": ["canned"]}, "plain text")
    first = post(srv.base_url, {"messages": query_messages()})[2]
    second = post(srv.base_url, {"messages": query_messages()})[2]
    third = post(srv.base_url, {"messages": query_messages()})[2]
    assert json.loads(first["choices"][0]["message"]["content"]) == {"queries": ["canned"]}
    assert second["choices"][0]["message"]["content"] == "plain text"
    assert srv.count("script") == 2 and srv.count("answer") == 1 and third["choices"]


def test_cli_flags_map_onto_options():
    args = vars(_parser().parse_args(["--port", "0", "--error-rate", "0.2", "--malformed-rate", "0.1",
                                      "--latency-ms", "5", "--hang-rate", "0.1", "--no-json-schema",
                                      "--leak-first", "--drop-first"]))
    opts = FakeOptions(**options_of(args))
    assert opts.error_rate == 0.2 and opts.no_json_schema and opts.leak_first and opts.drop_first


def test_runs_as_a_program():
    with subprocess.Popen([sys.executable, "-m", "generator.testing.fake_openai", "--port", "0"],
                          stdout=subprocess.PIPE, text=True) as proc:
        try:
            url = proc.stdout.readline().split(" at ")[1].split()[0]
            status, _, body = post(url, {"messages": task_messages("propose_edges", tools=[])})
        finally:
            proc.terminate()
    assert status == 200 and json.loads(body["choices"][0]["message"]["content"]) == {"edges": []}


# ---------------------------------------------------------------- task finding

def test_task_is_read_from_the_latest_user_message_that_is_a_prompt():
    msgs = query_messages() + [{"role": "assistant", "content": "x"}, {"role": "user", "content": "fix it"}]
    task = find_task(msgs)
    assert task["task"] == "write_queries" and task["n"] == 2 and task["intent"] == "find a route"
    assert task["facts"][0] == {"param": "origin", "text": "from Boston", "mode": "stated"}
    assert task["forbidden"] == ["get_route"] and task["app"] is None


def test_values_with_quotes_commas_and_newlines_survive_the_prompt_text():
    odd = 'the "Blue, Green" line\nto O\'Hare'
    task = find_task(query_messages(app='Maps "Pro"', facts=[{"param": "route", "text": odd, "mode": "hinted"}],
                                    forbidden=["a, b", "c"]))
    assert task["facts"][0]["text"] == odd and task["app"] == 'Maps "Pro"' and task["forbidden"] == ["a, b", "c"]


@pytest.mark.parametrize("messages,needle", [
    ([{"role": "user", "content": "no prompt here"}], "no task recognized"),
    (task_messages("no_such_task"), "no task recognized"),
])
def test_unknown_or_missing_task_answers_an_error_object(messages, needle):
    assert needle in content(messages)["error"]


# ---------------------------------------------------------------- write_queries

def test_write_queries_states_every_fact_distinctly():
    queries = content(query_messages(n=5, app="Maps"))["queries"]
    assert len(queries) == 5 == len(set(queries))
    assert all("from Boston" in q and "to Denver" in q and "Maps" in q for q in queries)
    assert not any("get_route" in q for q in queries)


def test_write_queries_stays_distinct_beyond_the_phrase_table():
    queries = content(query_messages(n=60))["queries"]
    assert len(set(queries)) == 60


def test_leak_first_only_on_the_first_attempt():
    msgs = query_messages()
    assert "get_route" in content(msgs, leak_first=True)["queries"][0]
    reask = msgs + [{"role": "assistant", "content": "..."}, {"role": "user", "content": "no leaks"}]
    assert not any("get_route" in q for q in content(reask, leak_first=True)["queries"])


def test_drop_first_leaves_out_the_first_stated_fact_once():
    facts = [{"param": "when", "text": "tomorrow morning", "mode": "hinted"},
             {"param": "origin", "text": "from Boston", "mode": "stated"},
             {"param": "destination", "text": "to Denver", "mode": "stated"}]
    msgs = query_messages(facts=facts)
    first = content(msgs, drop_first=True)["queries"]
    assert all("from Boston" not in q and "tomorrow morning" in q and "to Denver" in q for q in first)
    reask = msgs + [{"role": "assistant", "content": "..."}, {"role": "user", "content": "add Boston"}]
    assert all("from Boston" in q for q in content(reask, drop_first=True)["queries"])


# ---------------------------------------------------------------- the other tasks

TOOL = {"name": "AppleHealth_log_exercise", "description": "Log a workout",
        "parameters": {"type": "object", "properties": {
            "category": {"type": "string", "enum": ["outdoor_running", "yoga"]},
            "duration": {"type": "number"}}, "required": ["category"]}}


def test_tool_hints_answer_is_valid_tool_hints():
    hints = ToolHints.model_validate(content(task_messages("tool_hints", tool=TOOL)))
    assert hints.intents[0] == "log exercise [with category {category}] [with duration {duration}]"
    assert hints.nouns == {"category": "category", "duration": "duration"}
    assert hints.surface == {"category": {"outdoor_running": "outdoor running", "yoga": "yoga"}}


@pytest.mark.parametrize("name,action", [("AppleHealth_log_exercise", "log exercise"),
                                         ("get_weather", "get weather"),
                                         ("Weather API: Current Conditions", "current conditions")])
def test_action_words(name, action):
    assert action_words(name) == action


def test_simulate_output_contains_every_required_value():
    out = content(task_messages("simulate_output", tool="t", arguments={"city": "Paris"},
                                output_description="weather", must_include=["Paris", "21C"]))["output"]
    assert "Paris" in out and "21C" in out


@pytest.mark.parametrize("gold,schema", [(True, {}), (3, {}), (2.5, {}), ("Boston", {}), ("aba", {}),
                                         ([1, 2], {}), ([], {}), ({"a": 1}, {}), (None, {}), ("", {}),
                                         ("car", {"enum": ["car", "bus"]})])
def test_corrupt_value_is_really_different(gold, schema):
    reply = content(task_messages("corrupt_value", tool="t", param="p", schema=schema, gold_value=gold,
                                  request="r"))
    assert reply["value"] != gold and reply["reason"]
    assert reply["value"] == wrong_value(gold, schema)
    if schema:
        assert reply["value"] == "bus"


def test_final_answer_and_propose_edges():
    assert "sunny" in content(task_messages("final_answer", request="r", outputs=["sunny"]))["answer"]
    assert content(task_messages("propose_edges", tools=[TOOL])) == {"edges": []}
