"""The writer contract and its registry."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from pydantic import Field

from ..records import DisclosurePlan, Draft, Record, Target, Tool
from ..registry import Registry

# Checks a list of candidate texts against the plan; returns problems ([] = accepted).
TextCheck = Callable[[list[str]], list[str]]


class WriteRequest(Record):
    target: Target
    plan: DisclosurePlan
    tools: list[Tool]
    n: int = 1
    avoid: list[str] = Field(default_factory=list)  # texts already used (e.g. earlier levels)
    language: str = "en"  # the language the queries are written in (checked by the `language` validator)
    before: list[str] = Field(default_factory=list)  # the user's earlier messages of a conversation, oldest first


class Writer(Protocol):
    name: str

    async def write(self, req: WriteRequest, seed: int, check: TextCheck | None = None) -> Draft:
        """Realize `req.plan` as `req.n` paraphrases. With `check`, try again (bounded) until
        the check passes; return the last draft either way (the caller validates and rejects)."""
        ...


WriterFactory = Callable[..., Writer]
WRITERS: Registry[WriterFactory] = Registry("writer")
