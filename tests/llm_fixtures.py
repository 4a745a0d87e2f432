"""Shared helpers for the LLM-layer tests (imported explicitly; conftest.py is not ours)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from generator.config import LLMConfig
from generator.llm.client import Backoff, OpenAIClient, make_client
from generator.prompting import task_block
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


def task_messages(task: str, **fields: Any) -> list[dict[str, str]]:
    return [{"role": "system", "content": "You write user requests."},
            {"role": "user", "content": f"Do the task below.\n\n{task_block(task, fields)}"}]


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

