"""BFCL-style SDG rows (live_*, relevance, multi-turn) and native single-turn export, on the
bundled example catalog through the template writer. Offline; no bfcl-eval needed."""

import asyncio
import itertools
import json
import random
from pathlib import Path

import pytest
from pydantic import ValidationError

import generator.bfcl.product
import generator.bfcl.sdg_categories
import generator.products.sdg
import generator.writers.template  # noqa: F401
from generator.bfcl.config import BfclConfig
from generator.bfcl.multiturn.dialogue import (
    MULTI_TURN_CATEGORIES,
    PlayError,
    build,
    execute_step,
    missing_problems,
)
from generator.bfcl.multiturn.model import Missing, Step, Turn
from generator.bfcl.multiturn.sdg_build import sdg_conversation
from generator.bfcl.multiturn.sim import SIM_ENVS
from generator.bfcl.native import alternatives, answer_params, function_doc
from generator.catalog import Catalog
from generator.config import RunConfig
from generator.core.schema import argument_errors
from generator.products.base import RunContext, build_product
from generator.readers import read_catalogs
from generator.records import Tool, ToolCall
from generator.writers.base import WRITERS

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
LIVE = ["live_simple", "live_multiple", "live_parallel", "live_parallel_multiple", "live_relevance",
        "live_irrelevance"]
SINGLE = ["simple_python", "parallel", "irrelevance"] + LIVE


def context(out: Path, sdg: dict, bfcl: dict) -> RunContext:
    cfg = RunConfig.model_validate({"seed": 3, "catalog": ["catalog.json"],
                                    "products": {"sdg": {"categories": sdg}, "bfcl": bfcl}})
    catalog = Catalog(read_catalogs(cfg.catalog, base_dir=EXAMPLES))
    return RunContext(config=cfg, base_dir=EXAMPLES, out_dir=out, seed=cfg.seed, catalog=catalog,
                      histories=[], writer=WRITERS.get("template")())


def run_product(name: str, ctx: RunContext):
    product = build_product(name, ctx.config)
    items = product.plan(ctx)

    async def go():
        return [await product.run(it, ctx) for it in items]

    results = asyncio.run(go())
    return results, product.export(results, ctx)


def row_problems(row: dict, tools: dict[str, Tool]) -> list[str]:
    """The acceptance rules: roles in order, every call answered by its id, args valid, final = assistant."""
    msgs, problems, open_ids = row["messages"], [], {}
    if msgs[0]["role"] != "user" or msgs[-1]["role"] != "assistant":
        problems.append("must start with user and end with assistant")
    problems += ["system message" for m in msgs if m["role"] == "system"]
    for prev, m in itertools.pairwise(msgs):
        if m["role"] == "tool" and prev["role"] not in ("assistant", "tool"):
            problems.append("tool message not after a call")
    for m in msgs:
        for tc in m.get("tool_calls") or []:
            open_ids[tc["id"]] = tc["function"]["name"]
            tool = tools[tc["function"]["name"]]
            problems += argument_errors(tool, json.loads(tc["function"]["arguments"]))
        if m["role"] == "tool" and open_ids.pop(m["tool_call_id"], None) != m["name"]:
            problems.append(f"tool message {m['tool_call_id']} answers no open call")
    if open_ids and msgs[-1].get("tool_calls") is None:
        problems.append("a call is never answered")
    return problems


def offered(row: dict) -> dict[str, Tool]:
    out = {}
    for spec in json.loads(row["tools"]):
        f = spec["function"]
        out[f["name"]] = Tool(name=f["name"], app="", api="", domain="", parameters=f["parameters"])
    return out


@pytest.fixture(scope="module")
def sdg_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("sdg")
    cats = {c: 3 for c in ["simple"] + LIVE + list(MULTI_TURN_CATEGORIES)}
    ctx = context(out, cats, {})
    results, files = run_product("sdg", ctx)
    rows = [json.loads(line) for line in files[0].read_text(encoding="utf-8").splitlines()]
    return results, rows


def test_every_category_is_written_and_valid(sdg_run):
    results, rows = sdg_run
    assert not [r for res in results for r in res.rejections]
    cats = {r["category"] for r in rows}
    assert set(LIVE) | set(MULTI_TURN_CATEGORIES) <= cats
    for row in rows:
        assert not row_problems(row, offered(row)), row["id"]
    assert len({r["id"] for r in rows}) == len(rows)


def test_row_validator_fails_on_bad_rows(sdg_run):
    row = next(r for r in sdg_run[1] if r["category"] == "multi_turn_base")
    bad = json.loads(json.dumps(row))
    tool_msg = next(m for m in bad["messages"] if m["role"] == "tool")
    tool_msg["tool_call_id"] = "call_nobody"
    assert row_problems(bad, offered(bad))
    bad = json.loads(json.dumps(row))
    bad["messages"].append({"role": "user", "content": "and?"})
    assert row_problems(bad, offered(bad))


def test_live_rows_are_written_and_english(sdg_run):
    from generator.validators.language import identify

    live = [r for r in sdg_run[1] if r["category"].startswith("live_")]
    assert live and all(r["messages"][0]["content"] for r in live)
    assert all(identify(r["messages"][0]["content"]) in (None, "en") for r in live)


def test_multi_turn_shapes(sdg_run):
    rows = sdg_run[1]
    miss_param = [r for r in rows if r["category"] == "multi_turn_miss_param"]
    # the assistant asks (text) right after a user turn, and the next user turn supplies the value
    for r in miss_param:
        roles = [(m["role"], bool(m.get("tool_calls"))) for m in r["messages"]]
        assert any(a == ("user", False) and b == ("assistant", False) and c == ("user", False)
                   for a, b, c in zip(roles, roles[1:], roles[2:]))
    miss_func = [r for r in rows if r["category"] == "multi_turn_miss_func"]
    by_traj: dict[str, list[dict]] = {}
    for r in miss_func:
        by_traj.setdefault(r["trajectory_id"], []).append(r)
    for group in by_traj.values():
        assert len(group) == 2
        short, full = group
        assert short["messages"][-1]["content"].startswith("I can't do that yet")
        assert len(json.loads(short["tools"])) < len(json.loads(full["tools"]))
    long_rows = [r for r in rows if r["category"] == "multi_turn_long_context"]
    assert all(len(json.loads(r["tools"])) >= 10 for r in long_rows)
    assert all(max(len(m["content"] or "") for m in r["messages"] if m["role"] == "tool") > 1000
               for r in long_rows)


def test_conversations_are_deterministic():
    a = sdg_conversation("multi_turn_miss_param", random.Random(5), 3, "t", [], 5)
    b = sdg_conversation("multi_turn_miss_param", random.Random(5), 3, "t", [], 5)
    assert a == b


def test_failing_gold_call_is_refused():
    env, _ = SIM_ENVS.get("files")(random.Random(0), False)
    step = Step(text="read it", rounds=[[ToolCall(tool="read_file", arguments={"folder": "drafts",
                                                                               "name": "nope.txt"})]])
    with pytest.raises(PlayError):
        execute_step(env, step)


def test_miss_param_validator():
    env, _ = SIM_ENVS.get("tasks")(random.Random(0), False)
    call = ToolCall(tool="add_task", arguments={"title": "Water the plants", "due_date": "2025-06-05",
                                                "priority": "high"})

    def turn(param: str, vague: str) -> Turn:
        miss = Missing(param=param, vague_text=vague, ask_text="?", supply_text="!")
        return Turn(step=Step(text="t", rounds=[[call]], missing=miss))

    assert missing_problems(env, turn("due_date", "Add watering the plants, high priority.")) == []
    assert missing_problems(env, turn("priority", "Add watering the plants by June 5."))  # optional
    assert missing_problems(env, turn("due_date", "Add it, due 2025-06-05."))  # leaks the value
    assert missing_problems(env, turn("color", "Add it."))  # no call takes it


def test_build_gives_up_when_no_generator_fits():
    def make_env():
        env, _ = SIM_ENVS.get("files")(random.Random(0), False)
        return env, [lambda env, rng: None]

    with pytest.raises(PlayError):
        build("multi_turn_base", make_env, random.Random(0), 2, attempts=2)


def test_config_is_strict():
    with pytest.raises(ValidationError):
        BfclConfig.model_validate({"categories": {"simple": 2}})  # BFCL calls it simple_python
    with pytest.raises(ValidationError):
        BfclConfig.model_validate({"languages": ["en", "en"]})
    with pytest.raises(ValidationError):
        BfclConfig.model_validate({"turns": {"min": 4, "max": 2}})
    with pytest.raises(ValidationError):
        BfclConfig.model_validate({"bogus": 1})


# ---------------------------------------------------------------- native single-turn export

def test_alternatives_and_omission_markers():
    tool = Tool(name="f", app="a", api="f", domain="d", parameters={
        "type": "object", "required": ["day"],
        "properties": {"day": {"type": "string"}, "n": {"type": "number"},
                       "mode": {"type": "string", "enum": ["a", "b"], "default": "a"},
                       "unit": {"type": "string", "default": "km"}}})
    got = answer_params(tool, ToolCall(tool="f", arguments={"day": "2025-06-05", "n": 3, "mode": "a"}))
    assert got["day"] == ["2025-06-05", "06/05/2025", "June 5, 2025"]
    assert got["n"] == [3, 3.0]
    assert got["mode"] == ["a", ""]
    assert got["unit"] == ["km", ""]  # unstated optional with a default: may be passed or omitted
    assert "" not in got["day"]
    assert alternatives({"k": "09:30"}, {"properties": {"k": {"type": "string"}}}) == [{"k": ["09:30", "9:30 AM"]}]
    doc = function_doc(tool)
    assert doc["parameters"]["type"] == "dict" and doc["parameters"]["properties"]["n"]["type"] == "float"


def test_native_files(tmp_path):
    ctx = context(tmp_path, {}, {"categories": {c: 2 for c in SINGLE}})
    results, files = run_product("bfcl", ctx)
    assert not [r for res in results for r in res.rejections]
    names = {p.relative_to(tmp_path / "bfcl").as_posix() for p in files}
    for cat in SINGLE:
        assert f"BFCL_v4_{cat}.json" in names
    assert "possible_answer/BFCL_v4_irrelevance.json" not in names
    assert "gold/BFCL_v4_live_relevance.json" in names
    q = [json.loads(line) for line in (tmp_path / "bfcl" / "BFCL_v4_simple_python.json").read_text().splitlines()]
    a = [json.loads(line) for line in
         (tmp_path / "bfcl" / "possible_answer" / "BFCL_v4_simple_python.json").read_text().splitlines()]
    assert [x["id"] for x in q] == [x["id"] for x in a] == ["simple_python_0", "simple_python_1"]
    fn = {f["name"]: f for f in q[0]["function"]}
    for call in a[0]["ground_truth"]:
        for name, params in call.items():
            required = fn[name]["parameters"]["required"]
            assert all("" not in params[r] for r in required)


def test_native_multi_turn_is_skipped_without_bfcl_eval(tmp_path, monkeypatch):
    import generator.bfcl.multiturn.bfcl_env as env_mod

    monkeypatch.setattr(env_mod, "bfcl_available", lambda: False)
    ctx = context(tmp_path, {}, {"categories": {"multi_turn_base": 1, "simple_python": 1}})
    results, files = run_product("bfcl", ctx)
    reasons = [r.reason for res in results for r in res.rejections]
    assert reasons and "bfcl-eval" in reasons[0]
    assert any(p.name == "BFCL_v4_simple_python.json" for p in files)
