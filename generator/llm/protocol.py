"""The client protocol every LLM user codes against. No client is created at import time."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, Field

from ..records import Record

M = TypeVar("M", bound=BaseModel)

# A semantic check of a parsed reply: returns human-readable problems ([] = accepted).
# The client feeds the problems back to the model as a bounded re-ask.
ReplyCheck = Callable[[Any], list[str]]


class Usage(Record):
    prompt_tokens: int = 0
    completion_tokens: int = 0
    requests_sent: int = 0
    cache_hits: int = 0
    retries: int = 0
    reasks: int = 0


class Structured(Record):
    """A parsed, validated reply plus what it took to get it."""

    value: Any
    raw: str
    attempts: int
    problems_seen: list[str] = Field(default_factory=list)


class WireCall(Record):
    """One native tool call as the model sent it: `arguments` is the raw JSON string."""

    id: str = ""
    name: str
    arguments: str = ""


class ToolReply(Record):
    """An assistant reply to a request that offered tools: text, tool calls, or both."""

    content: str = ""
    tool_calls: list[WireCall] = Field(default_factory=list)


class LLMClient(Protocol):
    model: str
    endpoint: str
    usage: Usage

    async def structured(self, messages: list[dict[str, str]], reply_model: type[M], *,
                         check: ReplyCheck | None = None, temperature: float | None = None,
                         tag: str = "", seed: int | None = None) -> Structured:
        """Ask for a reply that parses into `reply_model` and passes `check`.

        Transport errors are retried (bounded, with backoff, honoring Retry-After);
        a reply that does not parse or fails `check` is re-asked with the problems fed back,
        at most `max_reasks` times; then LLMError(retryable=False, raw=..., attempts=...).
        `seed` (the work item's) is sent as the sampling seed and is part of the cache key."""
        ...

    async def tool_call(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]], *,
                        temperature: float | None = None, tool_choice: str = "auto",
                        seed: int | None = None) -> ToolReply:
        """One exchange offering `tools` (OpenAI definitions) by native tool calling.

        Same cache, transport retries, concurrency limit and budget as `structured`; no re-ask
        (whatever the model answers is the answer)."""
        ...

    async def aclose(self) -> None:
        """Release the connection pool at the end of a run."""
        ...
