"""Shared helpers for the LLM-layer tests (imported explicitly; conftest.py is not ours)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from generator.config import LLMConfig
from generator.llm.client import Backoff, OpenAIClient, make_client
from generator.prompting import render_messages
from generator.testing.fake_openai import FakeOpenAI

# Retry waits shrunk so the whole suite stays fast; Retry-After capped at 10 ms unless a test says so.
FAST = Backoff(initial_s=0.001, max_s=0.01, retry_after_cap_s=0.01)


class Queries(BaseModel):
    queries: list[str]


def llm_cfg(**kw: Any) -> LLMConfig:
    return LLMConfig(model="fake-model", **kw)


def client_for(srv: FakeOpenAI, cache_dir: Path | None, *, backoff: Backoff = FAST,
               **cfg: Any) -> OpenAIClient:
    return make_client(llm_cfg(**cfg), cache_dir, base_url=srv.base_url, backoff=backoff)


def _corrupt(f: dict[str, Any]) -> list[dict[str, str]]:
    return render_messages("judge_corrupt_value", request=f["request"], tool=f["tool"], param=f["param"],
                           arguments={f["param"]: f["gold_value"]}, schema=f["schema"],
                           gold_value=f["gold_value"])


def _write_task(f: dict[str, Any]) -> dict[str, Any]:
    """The writer's task from a test's flat fields: the facts under one request (the prompt
    groups facts per call), its verb phrase the intent."""
    call = {"number": 1, "action": f.get("intent") or None, "description": "", "unsaid": [], "defaults": [],
            "facts": [{"about": "", "detail": "", "keep": "", "literal": "", "parts": False, "step": 0, **x}
                      for x in f.get("facts", [])]}
    return {"task": "write_queries", "level": "low", "style": "casual", "language": "English", "kind": "single",
            "time": None, "app": None, "forbidden": [], "points": False, "calls": [call], **f}


# The project's real prompt for each fake-server task, rendered from the task's fields.
RENDER = {
    "write_queries": lambda f: render_messages(
        "write_queries", task=_write_task(f), avoid=[], style_text="casual", before=[]),
    "tool_hints": lambda f: render_messages("tool_hints", tool=f["tool"]),
    "simulate_output": lambda f: render_messages(
        "traject_output", tool=f["tool"], description="", arguments=f["arguments"],
        output_description=f.get("output_description", ""), must_include=f["must_include"]),
    "corrupt_value": _corrupt,
    "final_answer": lambda f: render_messages("traject_answer", request=f["request"], outputs=f["outputs"]),
    "propose_edges": lambda f: render_messages("traject_edges", domain=f.get("domain", "d"), tools=f["tools"]),
}


def task_messages(task: str, **fields: Any) -> list[dict[str, str]]:
    if task not in RENDER:  # not one of ours: the fake server must say so
        return [{"role": "user", "content": f"Do the task '{task}'."}]
    return RENDER[task](fields)


def query_messages(n: int = 2, **over: Any) -> list[dict[str, str]]:
    fields = {"n": n, "level": "low", "style": "casual", "intent": "find a route", "app": None,
              "facts": [{"param": "origin", "text": "from Boston", "mode": "stated"},
                        {"param": "destination", "text": "to Denver", "mode": "stated"}],
              "forbidden": ["get_route"]}
    return task_messages("write_queries", **{**fields, **over})


def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def ask(client: OpenAIClient, messages: list[dict[str, str]], model: type[BaseModel] = Queries,
              **kw: Any) -> Any:
    try:
        return await client.structured(messages, model, **kw)
    finally:
        await client.aclose()

