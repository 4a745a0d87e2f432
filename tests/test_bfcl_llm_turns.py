"""Multi-turn SDG user turns under `--writer llm`: written by the LLM writer (through the project's
fake OpenAI server), checked by the validators, the rest of the conversation unchanged."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from test_bfcl_sdg import context, offered, row_problems, run_product
from test_traject_publish import Recording

from generator.bfcl.multiturn.dialogue import MULTI_TURN_CATEGORIES, Segment
from generator.bfcl.multiturn.llm_turns import rewritable, turn_plan, turn_target
from generator.bfcl.multiturn.model import Executed, Step, Turn
from generator.config import LLMConfig
from generator.llm.client import make_client
from generator.products.base import build_product
from generator.records import ToolCall
from generator.testing.fake_openai import FakeOpenAI
from generator.writers.llm import LLMWriter

CATS = {c: 2 for c in MULTI_TURN_CATEGORIES}


def _rows(files: list[Path]) -> list[dict]:
    return [json.loads(line) for line in files[0].read_text(encoding="utf-8").splitlines()]


def _llm_run(out: Path, cats: dict[str, int] = CATS, recording: type = Recording) -> tuple[list, list[dict], set[str]]:
    ctx = context(out, cats, {})
    with FakeOpenAI() as fake:
        client = make_client(LLMConfig(base_url=fake.base_url, model="fake-model", max_retries=0), None)
        writer = recording(LLMWriter(client))
        ctx.writer = writer
        product = build_product("sdg", ctx.config)

        async def go() -> list:
            try:
                return [await product.run(it, ctx) for it in product.plan(ctx)]
            finally:
                await client.aclose()

        results = asyncio.run(go())
    return results, _rows(product.export(results, ctx)), writer.accepted


def test_user_turns_are_the_llm_writers_accepted_texts(tmp_path: Path) -> None:
    template = _rows(run_product("sdg", context(tmp_path / "t", CATS, {}))[1])
    results, rows, accepted = _llm_run(tmp_path / "l")
    assert not [r for res in results for r in res.rejections]
    assert [r["id"] for r in rows] == [r["id"] for r in template]
    written = 0
    for mine, theirs in zip(rows, template, strict=True):
        assert not row_problems(mine, offered(mine)), mine["id"]
        assert len(mine["messages"]) == len(theirs["messages"])
        for m, t in zip(mine["messages"], theirs["messages"], strict=True):
            if m["role"] != "user" or m["content"] == t["content"]:
                assert m == t  # assistant, tool and template-kept user turns are untouched
            else:
                assert m["content"] in accepted
                written += 1
    assert written >= len(MULTI_TURN_CATEGORIES)  # every category has turns in the model's words


def test_the_plan_states_what_the_template_turn_says_and_leaves_the_rest_unsaid() -> None:
    step = Step(text="Create a file named 'notes.txt' in the current folder.",
                rounds=[[ToolCall(tool="touch", arguments={"file_name": "notes.txt", "dir_id": "d-81"})]])
    turn = Turn(step=step, rounds=[[Executed(call=step.rounds[0][0], result={})]])
    plan = turn_plan(turn_target(turn, [], "t"), step.text)
    assert {a.param: a.mode for _, a in plan.args()} == {"file_name": "stated", "dir_id": "omitted"}
    assert rewritable(Segment(user=step.text, turn=turn))
    assert not rewritable(Segment(user="I gave you the name: notes.txt", turn=turn))  # a supplied value
    assert not rewritable(Segment(user=step.text, ask="I can't do that yet."))


def test_a_turn_names_the_record_by_its_title_and_states_a_date_said_in_words() -> None:
    """Players, set 15: "change the due date" with the task and the date both forbidden, so the
    gold `reschedule_task(task_id=1, due_date=2025-06-05)` followed from nothing. A date the
    template turn says in words is stated; the task it names by a quoted title is named so."""
    step = Step(text='Push "Renew passport" back to June 5.',
                rounds=[[ToolCall(tool="list_tasks", arguments={"status": "open"})],
                        [ToolCall(tool="reschedule_task", arguments={"task_id": 1, "due_date": "2025-06-05"})]])
    turn = Turn(step=step, rounds=[[Executed(call=c, result={}) for c in r] for r in step.rounds])
    plan = turn_plan(turn_target(turn, [], "t"), step.text)
    modes = {a.param: (a.mode, a.hint) for _, a in plan.args()}
    assert modes["due_date"] == ("stated", None)
    assert modes["task_id"] == ("hinted", "Renew passport")
    assert modes["status"][0] == "omitted"


def test_a_value_the_assistant_looks_up_is_no_default_of_the_tool() -> None:
    """Player, 2026-12-04: the prompt said "say nothing about status (the tool's default applies)"
    for the assistant's own lookup of open tasks, though `status` has no default: the player's
    "pull up my tasks" then meant `all`. Only a schema default is the tool's default."""
    from generator.bfcl.multiturn.sim_tasks import TaskList

    tools = TaskList({}).tools()
    step = Step(text='I finished "Renew passport", tick it off.',
                rounds=[[ToolCall(tool="list_tasks", arguments={"status": "open"})],
                        [ToolCall(tool="complete_task", arguments={"task_id": 1})]])
    turn = Turn(step=step, rounds=[[Executed(call=c, result={}) for c in r] for r in step.rounds])
    plan = turn_plan(turn_target(turn, tools, "t"), step.text, tools)
    sources = {a.param: (a.mode, a.source) for _, a in plan.args()}
    assert sources["status"] == ("omitted", "unrecoverable"), sources


def test_a_later_turn_is_written_knowing_the_users_earlier_messages(tmp_path: Path) -> None:
    """Player, 2026-12-04: each turn came alone, so every one opened with "hey,". The writer is
    given the user's earlier messages of the conversation (as published), and the prompt says so."""
    from generator.writers.llm import messages

    seen: list[list[str]] = []

    class Before(Recording):
        async def write(self, req, seed, check=None):  # type: ignore[no-untyped-def]
            seen.append(list(req.before))
            return await super().write(req, seed, check)

    _, rows, _ = _llm_run(tmp_path, {"multi_turn_base": 2}, Before)
    firsts = {r["messages"][0]["content"] for r in rows}
    assert seen[0] == [] and any(b and b[0] in firsts for b in seen), seen
    step = Step(text="Which tasks are still open?", rounds=[[ToolCall(tool="list_tasks", arguments={"status": "open"})]])
    turn = Turn(step=step, rounds=[[Executed(call=step.rounds[0][0], result={})]])
    from generator.writers.base import WriteRequest

    target = turn_target(turn, [], "t")
    req = WriteRequest(target=target, plan=turn_plan(target, step.text), tools=[], before=["Add milk to my list."])
    prompt = " ".join(m["content"] for m in messages(req, 0))
    assert "continues a conversation" in prompt and "Add milk to my list." in prompt
