"""The LLM writer: prompt/task building (pure) and the re-ask loop against the fake server."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from test_plan import FOOD, TAXI, food_target, food_then_taxi_target, taxi_target

from generator.config import LLMConfig
from generator.core.plan import plan_calls, plan_levels
from generator.errors import LLMError
from generator.llm.client import make_client
from generator.prompting import check_templates
from generator.testing.answerers import find_task
from generator.testing.fake_openai import FakeOpenAI
from generator.validators import check_for, validate
from generator.writers.base import WRITERS, WriteRequest
from generator.writers.llm import PROMPT_VARIABLES, forbidden, messages, task


def _vague_taxi_req(n: int = 2) -> WriteRequest:
    t = taxi_target()
    # a clock time an hour ahead does not follow from the query time alone: take it from history
    last = t.history[-1]
    ride = last.model_copy(update={"parameters": {**last.parameters, "departure_time": "19:30"}})
    t = t.model_copy(update={"history": [*t.history, ride, ride, ride]})  # most recent and most frequent
    plan = plan_calls(
        t,
        {
            (0, "start_name"): ("hinted", "history", "home"),
            (0, "max_price"): ("omitted", "history", None),
            (0, "departure_time"): ("omitted", "history", None),
        },
        level="Medium",
        paraphrases=n,
    )
    return WriteRequest(target=t, plan=plan, tools=[TAXI], n=n)


def test_prompt_template_declares_its_variables() -> None:
    assert check_templates(PROMPT_VARIABLES) == []


def test_task_block_carries_the_plan() -> None:
    req = _vague_taxi_req()
    block = task(req, seed=1)
    assert block["task"] == "write_queries" and block["n"] == 2 and block["level"] == "Medium"
    assert block["app"] is None and block["intent"] == "get the taxi"
    facts = {f["param"]: (f["text"], f["mode"]) for f in block["facts"]}
    assert facts["starting location"] == ("home", "hinted")
    assert facts["destination"] == ("Eastgate Plaza", "stated")
    assert facts["car type"] == ("express car", "stated")
    assert not any("_" in f["param"] for f in block["facts"])
    bad = block["forbidden"]
    assert bad[0] == "7:30 pm"  # omitted values first (the fake's leak_first leaks forbidden[0])
    assert "19:30" in bad and "40" not in bad  # a short number: "say nothing about: price" covers it
    assert {"Ridely_get_taxi", "get_taxi", "start_name", "Ridely"} <= set(bad)
    assert "Maple Court" in bad and "Eastgate Plaza" not in bad


def test_named_app_is_not_forbidden() -> None:
    t = taxi_target()
    req = WriteRequest(target=t, plan=plan_calls(t, tool_modes={0: "named"}), tools=[TAXI])
    assert task(req, 0)["app"] == "Ridely" and "Ridely" not in forbidden(req)


def test_messages_carry_the_plan_in_prose_and_nothing_for_tests_only() -> None:
    req = _vague_taxi_req()
    msgs = messages(req, seed=0)
    assert [m["role"] for m in msgs] == ["system", "user"]
    assert "```" not in msgs[-1]["content"] and '"task"' not in msgs[-1]["content"]
    read = find_task(msgs)  # the fake server reads exactly the facts a real model is given
    block = task(req, seed=0)
    assert {k: read[k] for k in ("n", "intent", "app", "facts", "forbidden")} == \
        {k: block[k] for k in ("n", "intent", "app", "facts", "forbidden")}
    assert "Eastgate Plaza" in msgs[-1]["content"]
    assert messages(_vague_taxi_req(), seed=0) == msgs  # deterministic


def _cfg(fake: FakeOpenAI, reasks: int = 2) -> LLMConfig:
    return LLMConfig(base_url=fake.base_url, model="fake-model", max_reasks=reasks, max_retries=0)


async def _write(fake: FakeOpenAI, req: WriteRequest, reasks: int = 2, seen: list[list[str]] | None = None):
    client = make_client(_cfg(fake, reasks), None)
    base = check_for(req)

    def check(texts: list[str]) -> list[str]:
        problems = base(texts)
        if seen is not None:
            seen.append(problems)
        return problems

    try:
        return await WRITERS.get("llm")(client).write(req, 7, check)
    finally:
        await client.aclose()


def test_writes_valid_queries_through_the_fake_server() -> None:
    req = _vague_taxi_req()
    with FakeOpenAI() as fake:
        draft = asyncio.run(_write(fake, req))
        assert fake.count(task="write_queries") == 1
    assert draft.writer == "llm" and draft.attempts == 1 and len(draft.texts) == 2 and draft.raw
    assert all(v.ok for v in validate(req, draft)), draft.texts


def test_leaked_omitted_value_is_rejected_and_reasked() -> None:
    """Acceptance: a draft that leaks an omitted value is rejected with its reason and re-asked."""
    req, seen = _vague_taxi_req(), []
    with FakeOpenAI(leak_first=True) as fake:
        draft = asyncio.run(_write(fake, req, seen=seen))
        assert fake.count(task="write_queries") == 2
    assert any(
        p.startswith("omitted_absent: query 1 reveals the omitted departure time '19:30'") for p in seen[0]
    )
    assert seen[-1] == [] and draft.attempts == 2
    assert all(v.ok for v in validate(req, draft))


def test_dropped_stated_value_is_rejected_and_reasked() -> None:
    """Acceptance: a draft that drops a stated value is rejected with its reason and re-asked."""
    req, seen = _vague_taxi_req(), []
    with FakeOpenAI(drop_first=True) as fake:
        draft = asyncio.run(_write(fake, req, seen=seen))
        assert fake.count(task="write_queries") == 2
    assert any(p.startswith("stated_present: query 1 does not state") for p in seen[0])
    assert seen[-1] == [] and draft.attempts == 2


def test_gives_up_within_the_bound_and_returns_the_last_draft() -> None:
    req = _vague_taxi_req()
    with FakeOpenAI(leak_first=True) as fake:
        draft = asyncio.run(_write(fake, req, reasks=0))
        assert fake.count(task="write_queries") == 1
    assert draft.attempts == 1 and draft.raw and "7:30 pm" in draft.texts[0]
    failed = [v for v in validate(req, draft) if not v.ok]
    assert [v.validator for v in failed] == ["omitted_absent", "restated"]  # the reader sees the leak too


@pytest.mark.parametrize("wrap", [
    lambda body: f"```json\n{body}\n```",
    lambda body: f"<think>The user wants a taxi.</think>\n{body}",
    lambda body: f"Here are the queries: {body} Hope that helps!",
], ids=["fenced", "think", "sentence"])
def test_a_wrapped_reply_that_fails_a_validator_is_rejected_by_that_validator(wrap) -> None:
    """The writer reads a given-up reply with the client's tolerant loader: a fenced or
    <think>-prefixed reply that leaks a value is the validator's rejection, not an `llm` failure."""
    req = _vague_taxi_req()
    leak = ["Get me an express car to Eastgate Plaza at 7:30 pm from home.",
            "Book an express car from home to Eastgate Plaza for 7:30 pm."]
    raw = wrap(json.dumps({"queries": leak}))
    with FakeOpenAI() as fake:
        fake.push(raw)
        draft = asyncio.run(_write(fake, req, reasks=0))
    assert draft.texts == leak and draft.raw == raw and draft.attempts == 1
    failed = {v.validator for v in validate(req, draft) if not v.ok}
    assert "omitted_absent" in failed


def test_unparseable_reply_raises_llm_error_with_raw() -> None:
    req = _vague_taxi_req()
    with FakeOpenAI() as fake:
        fake.push("this is not json", "still not json")
        with pytest.raises(LLMError) as info:
            asyncio.run(_write(fake, req, reasks=1))
    assert info.value.raw == "still not json" and info.value.attempts == 2 and not info.value.retryable


def test_levels_through_the_fake_server() -> None:
    t = food_target()
    plans = plan_levels(t, FOOD, random.Random(4))
    with FakeOpenAI() as fake:
        for p in plans:
            req = WriteRequest(target=t, plan=p, tools=[FOOD], n=p.paraphrases)
            draft = asyncio.run(_write(fake, req))
            assert all(v.ok for v in validate(req, draft)), (
                [v for v in validate(req, draft) if not v.ok],
                draft.texts,
            )


def test_sequential_prompt_mentions_chaining_and_both_intents() -> None:
    t = food_then_taxi_target()
    req = WriteRequest(target=t, plan=plan_calls(t), tools=[FOOD, TAXI])
    block = task(req, 0)
    # every FOOD intent needs a slot and its description opens with no verb: the description speaks
    assert block["intent"] == "get the taxi"
    assert [c["action"] for c in block["calls"]] == [None, "get the taxi"]
    assert "Lantern" not in [f["text"] for f in block["facts"]]
    prompt = messages(req, 0)[-1]["content"]
    assert "a later one uses what an earlier one returns" in prompt
    assert '"Restaurant search and delivery."' in prompt
    with FakeOpenAI() as fake:
        draft = asyncio.run(_write(fake, req))
    assert all(v.ok for v in validate(req, draft)), draft.texts
