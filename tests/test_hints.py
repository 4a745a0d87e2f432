"""LLM-written tool hints: validation against the real schema, the fake server round trip, the file."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from llm_fixtures import client_for, run
from upstream import upstream_path

from generator import hints as H
from generator.errors import InputError
from generator.prompting import check_templates
from generator.records import Tool, ToolHints
from generator.testing.answerers import find_task, tool_hints
from generator.testing.fake_openai import FakeOpenAI

ROUTE = Tool(name="Maps_get_route", app="Maps", api="get_route", domain="travel", description="Plan a route",
             parameters={"type": "object", "properties": {
                 "origin": {"type": "string"}, "destination": {"type": "string"},
                 "cartype": {"type": "string", "enum": ["car", "public_transit"]}},
                 "required": ["origin", "destination"]})
GOOD = ToolHints(intents=["find a route [from {origin}] [to {destination}]"], need=["I have to get somewhere"],
                 nouns={"origin": "starting point"}, surface={"cartype": {"public_transit": "public transport"}})


@pytest.fixture
def srv() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server


# ---------------------------------------------------------------- validation

def test_good_hints_pass():
    assert H.hint_problems(ROUTE, GOOD) == []


@pytest.mark.parametrize("change,needle", [
    ({"intents": ["go [to {city}]"]}, "no parameter 'city'"),
    ({"intents": []}, "at least one"),
    ({"intents": ["go [to {destination}"]}, "unbalanced"),
    ({"intents": ["go [[to {destination}]]"]}, "nested"),
    ({"nouns": {"speed": "speed"}}, "'speed', which is not a parameter"),
    ({"surface": {"cartype": {"bike": "bicycle"}}}, "'bike', which is not one of its enum values"),
    ({"surface": {"origin": {"x": "y"}}}, "not a parameter with enum values"),
])
def test_bad_hints_are_rejected(change, needle):
    problems = H.hint_problems(ROUTE, GOOD.model_copy(update=change))
    assert any(needle in p for p in problems), problems


def test_template_declares_its_variables():
    assert check_templates(H.TEMPLATE_VARS) == []


def test_prompt_text_carries_the_tool():
    task = find_task(H.hint_messages(ROUTE))
    assert task == {"task": "tool_hints", "tool": H.tool_brief(ROUTE)}


# ---------------------------------------------------------------- writing through the fake server

def test_write_hints_round_trip(srv, tmp_path):
    other = ROUTE.model_copy(update={"name": "Maps_find_place", "parameters": {"type": "object", "properties": {}}})
    client = client_for(srv, tmp_path)

    async def go():
        try:
            return await H.write_hints([ROUTE, other], client)
        finally:
            await client.aclose()
    out = run(go())
    assert list(out) == ["Maps_get_route", "Maps_find_place"]
    assert all(H.hint_problems(t, out[t.name]) == [] for t in (ROUTE, other))
    assert out["Maps_get_route"].surface["cartype"]["public_transit"] == "public transit"
    run(go())
    assert srv.count() == 2 and client.usage.cache_hits == 2  # asked once per tool, then cached


def test_bad_slot_is_reasked_with_the_problem(srv, tmp_path):
    srv.push(GOOD.model_copy(update={"intents": ["go to {city}"]}).model_dump())
    result = run(_one(client_for(srv, tmp_path)))
    assert result.intents[0].startswith("get route")
    assert "no parameter 'city'" in srv.requests[1].body["messages"][-1]["content"]


async def _one(client):
    try:
        return await H.hint_tool(ROUTE, client)
    finally:
        await client.aclose()


def test_a_tool_that_never_validates_is_skipped(srv, tmp_path):
    bad = json.dumps({"intents": ["go {nowhere}"]})
    srv.push(bad, bad, bad)
    client = client_for(srv, tmp_path, max_reasks=2)

    async def go():
        try:
            return await H.write_hints([ROUTE], client)
        finally:
            await client.aclose()
    assert run(go()) == {}


def test_fake_hints_validate_on_real_trailbench_tools():
    path = min(upstream_path("trailbench", "apis").rglob("*.json"))
    for entry in json.loads(path.read_text())[:20]:
        fn = entry["function"]
        tool = Tool(name=fn["name"], app="a", api="b", domain="d", parameters=fn["parameters"])
        hints = ToolHints.model_validate(tool_hints({"tool": H.tool_brief(tool)}, None))
        assert H.hint_problems(tool, hints) == []


# ---------------------------------------------------------------- the hints file

def test_save_load_and_merge(tmp_path):
    path = tmp_path / "hints.json"
    H.save_hints(path, {"b": GOOD, "a": ToolHints(intents=["x"])})
    assert list(json.loads(path.read_text())) == ["a", "b"]
    loaded = H.load_hints(path)
    assert loaded["b"] == GOOD
    own = ROUTE.model_copy(update={"name": "a", "hints": ToolHints(intents=["mine"])})
    bare = ROUTE.model_copy(update={"name": "b"})
    merged = H.apply_hints([own, bare], loaded)
    assert merged[0].hints.intents == ["mine"] and merged[1].hints == GOOD


@pytest.mark.parametrize("text,needle", [("[1]", "JSON object"), ("{oops", "JSON"),
                                         ('{"t": {"intents": "x"}}', "list")])
def test_bad_hints_file_is_an_input_error(tmp_path, text, needle):
    path = tmp_path / "hints.json"
    path.write_text(text)
    with pytest.raises(InputError, match=needle):
        H.load_hints(path)


def test_run_hints_writes_the_file(srv, tmp_path, monkeypatch):
    hinted = ROUTE.model_copy(update={"name": "has_hints", "hints": GOOD})
    monkeypatch.setattr(H, "_catalog_tools", lambda paths: [ROUTE, hinted])
    from llm_fixtures import llm_cfg
    out = tmp_path / "hints.json"
    done = H.run_hints(["cat.json"], out, llm_cfg(), base_url=srv.base_url, kinds=("phrasing",))
    assert done.written and "hints written for 1 tool(s)" in done.lines[0]
    assert list(H.load_hints(out)) == ["Maps_get_route"]
    assert (tmp_path / ".cache" / "llm").is_dir()
