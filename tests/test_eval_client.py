"""The client's native tool calling: `tools=` on the request, `tool_calls` read back, through the
same cache, transport retries and budget as structured replies; and the fake server's
model-under-test hook."""

import json

import pytest
from llm_fixtures import client_for, run

from generator.errors import BudgetExceeded
from generator.llm.protocol import WireCall
from generator.testing.fake_openai import FakeOpenAI

TOOLS = [{"type": "function", "function": {"name": "get_weather", "description": "Weather of a city",
                                           "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                                                          "required": ["city"]}}}]
MESSAGES = [{"role": "user", "content": "Weather in Oslo?"}]


class Stub:
    """A model under test that calls get_weather with the last word of the question."""

    def __init__(self) -> None:
        self.bodies: list[dict] = []

    def answer(self, body: dict) -> dict | None:
        self.bodies.append(body)
        city = body["messages"][-1]["content"].rstrip("?").split()[-1]
        return {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "get_weather",
                                                              "arguments": json.dumps({"city": city})}}]}


async def ask(client, messages=MESSAGES):
    try:
        return await client.tool_call(messages, TOOLS, temperature=0.0)
    finally:
        await client.aclose()


def test_tool_calls_are_sent_read_and_cached(tmp_path):
    stub = Stub()
    with FakeOpenAI(oracle=stub) as srv:
        reply = run(ask(client_for(srv, tmp_path)))
        assert reply.tool_calls == [WireCall(id="call_1", name="get_weather", arguments='{"city": "Oslo"}')]
        body = stub.bodies[0]
        assert body["tools"] == TOOLS and body["tool_choice"] == "auto" and body["temperature"] == 0.0
        again = client_for(srv, tmp_path)
        assert run(ask(again)).tool_calls == reply.tool_calls
        assert again.usage.cache_hits == 1 and again.usage.requests_sent == 0 and srv.count() == 1
        other = client_for(srv, tmp_path)
        run(ask(other, [{"role": "user", "content": "Weather in Bergen?"}]))
        assert other.usage.requests_sent == 1  # another request is another exchange


def test_tool_calls_survive_transport_errors(tmp_path):
    with FakeOpenAI(oracle=Stub(), error_rate=0.5, seed=4, retry_after=0) as srv:
        client = client_for(srv, tmp_path)
        assert run(ask(client)).tool_calls[0].name == "get_weather"
        assert client.usage.retries >= 1 and srv.count(outcome="answer") == 1


def test_tool_calls_respect_the_budget(tmp_path):
    with FakeOpenAI(oracle=Stub()) as srv:
        client = client_for(srv, tmp_path, budget_tokens=1)
        run(ask(client))
        with pytest.raises(BudgetExceeded):
            run(ask(client, [{"role": "user", "content": "Weather in Rome?"}]))


def test_without_an_oracle_the_server_answers_only_its_own_prompts(tmp_path):
    with FakeOpenAI() as srv:
        reply = run(ask(client_for(srv, tmp_path)))
    assert reply.tool_calls == [] and "no task recognized" in reply.content
