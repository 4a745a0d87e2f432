"""The one LLMClient implementation, over `openai.AsyncOpenAI` (OpenAI, vLLM, Ollama, llama.cpp, ...).

Two bounded loops, kept apart on purpose:
- transport retries (tenacity): 429, 5xx, timeouts and connection errors, with backoff and
  jitter, honoring Retry-After;
- semantic re-asks: a reply that does not parse, validate or pass `check` is sent back with
  the problems listed.
Every completed exchange is cached on disk under the hash of the full request.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
from pathlib import Path
from typing import Any

import openai
from pydantic import BaseModel
from tenacity import AsyncRetrying, RetryCallState, retry_if_exception, stop_after_attempt

from ..config import LLMConfig
from ..errors import BudgetExceeded, ConfigError, LLMError
from ..records import Record
from . import request as rq
from .cache import CachedReply, DiskCache, request_key
from .limiter import AdaptiveLimiter
from .protocol import ReplyCheck, Structured, ToolReply, Usage, WireCall

log = logging.getLogger(__name__)

OPENAI_URL = "https://api.openai.com/v1"
LOCAL_PLACEHOLDER_KEY = "sk-local-no-key"


class Backoff(Record):
    """Transport retry timing. Tests shrink these to keep the suite fast."""

    initial_s: float = 0.5
    max_s: float = 30.0
    retry_after_cap_s: float = 60.0


class _FormatRefused(Exception):
    """The server answered 4xx to our response_format: fall back to a weaker mode."""


def is_transient(exc: BaseException) -> bool:
    if isinstance(exc, openai.APIConnectionError):  # includes APITimeoutError
        return True
    if not isinstance(exc, openai.APIStatusError):
        return False
    if rq.mentions_response_format(exc.status_code, _body_text(exc)):
        return False  # a refusal of our response_format: fall back, don't retry
    return exc.status_code == 429 or exc.status_code >= 500


def _body_text(exc: openai.APIStatusError) -> str:
    body = exc.body if exc.body is not None else ""
    text = body if isinstance(body, str) else json.dumps(body, ensure_ascii=False)
    return f"{exc.message} {text}"


def _wire_calls(message: Any) -> list[dict[str, Any]]:
    return [{"id": c.id or "", "name": c.function.name or "", "arguments": c.function.arguments or ""}
            for c in getattr(message, "tool_calls", None) or [] if getattr(c, "function", None)]


def _to_reply(completion: Any) -> CachedReply:
    message = completion.choices[0].message if completion.choices else None
    usage = completion.usage
    return CachedReply(content=getattr(message, "content", None) or "", tool_calls=_wire_calls(message),
                       prompt_tokens=getattr(usage, "prompt_tokens", 0) or 0,
                       completion_tokens=getattr(usage, "completion_tokens", 0) or 0)


class OpenAIClient:
    def __init__(self, *, base_url: str, api_key: str, model: str, cfg: LLMConfig,
                 cache: DiskCache | None, backoff: Backoff | None = None,
                 rng: random.Random | None = None) -> None:
        self.model = model
        self.endpoint = base_url
        self.usage = Usage()
        self.cfg = cfg
        self.mode: rq.StructuredMode = cfg.structured
        self.cache = cache
        self.backoff = backoff or Backoff()
        self.limiter = AdaptiveLimiter(cfg.concurrency)
        self._api_key = api_key
        # Jitter only spreads retry timing; it never reaches an output, so an unseeded rng is fine.
        self._rng = rng or random.Random()
        self._client: openai.AsyncOpenAI | None = None
        self._client_loop: asyncio.AbstractEventLoop | None = None

    # ------------------------------------------------------------ public protocol

    async def structured(self, messages: list[dict[str, str]], reply_model: type[BaseModel], *,
                         check: ReplyCheck | None = None, temperature: float | None = None,
                         tag: str = "", seed: int | None = None) -> Structured:
        temp = self.cfg.temperature if temperature is None else temperature
        convo, seen, raw = list(messages), [], ""
        for attempt in range(1, self.cfg.max_reasks + 2):
            raw = await self.complete(convo, reply_model, temp, seed)
            value, problems = rq.evaluate(raw, reply_model, check)
            if not problems:
                return Structured(value=value, raw=raw, attempts=attempt, problems_seen=seen)
            log.debug("re-ask %s attempt %d: %s", tag, attempt, problems)
            seen.extend(problems)
            if attempt <= self.cfg.max_reasks:
                self.usage.reasks += 1
                convo = rq.reask_messages(convo, raw, problems)
        what = f" for {tag}" if tag else ""
        raise LLMError(f"no acceptable reply{what} after {attempt} attempts: {'; '.join(problems[:3])}",
                       retryable=False, attempts=attempt, raw=raw)

    async def complete(self, messages: list[dict[str, str]], reply_model: type[BaseModel],
                       temperature: float, seed: int | None = None) -> str:
        """One exchange's reply content, from the cache or the endpoint (with mode fallback)."""
        while True:
            hit = self._lookup(messages, reply_model, temperature, seed)
            if hit is not None:
                return hit
            mode = self.mode
            try:
                return await self._exchange(self._request(messages, reply_model, temperature, mode, seed))
            except _FormatRefused:
                self._fall_back(mode)

    async def tool_call(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]], *,
                        temperature: float | None = None, tool_choice: str = "auto",
                        seed: int | None = None) -> ToolReply:
        temp = self.cfg.temperature if temperature is None else temperature
        req = rq.build_tool_request(base_url=self.endpoint, model=self.model, messages=messages, tools=tools,
                                    temperature=temp, tool_choice=tool_choice, seed=seed,
                                    max_tokens=self.cfg.max_tokens)
        hit = self.cache.get(request_key(req)) if self.cache is not None else None
        if hit is not None:
            self.usage.cache_hits += 1
        reply = hit or await self._exchange_reply(req)
        return ToolReply(content=reply.content, tool_calls=[WireCall(**c) for c in reply.tool_calls])

    async def aclose(self) -> None:
        """Close the HTTP client (call from the loop that used it; otherwise it is just dropped)."""
        client, loop = self._client, self._client_loop
        self._client = self._client_loop = None
        if client is not None and loop is asyncio.get_running_loop():
            await client.close()

    # ------------------------------------------------------------ cache and budget

    def _request(self, messages: list[dict[str, str]], reply_model: type[BaseModel],
                 temperature: float, mode: rq.StructuredMode, seed: int | None = None) -> dict[str, Any]:
        return rq.build_request(base_url=self.endpoint, model=self.model, messages=messages,
                                reply_model=reply_model, mode=mode, temperature=temperature, seed=seed,
                                max_tokens=self.cfg.max_tokens)

    def _lookup(self, messages: list[dict[str, str]], reply_model: type[BaseModel],
                temperature: float, seed: int | None = None) -> str | None:
        """A cached reply for the current mode or a weaker one an earlier run fell back to."""
        mode: rq.StructuredMode | None = self.mode
        while self.cache is not None and mode is not None:
            hit = self.cache.get(request_key(self._request(messages, reply_model, temperature, mode, seed)))
            if hit is not None:
                self.usage.cache_hits += 1
                return hit.content
            mode = rq.FALLBACKS[mode]
        return None

    def _fall_back(self, refused: rq.StructuredMode) -> None:
        if self.mode != refused:
            return  # a concurrent request already stepped down
        weaker = rq.FALLBACKS[refused]
        assert weaker is not None, "mode 'none' sends no response_format to refuse"
        log.warning("%s refused response_format %s; using %s for the rest of the run",
                    self.endpoint, refused, weaker)
        self.mode = weaker

    def tokens_used(self) -> int:
        return self.usage.prompt_tokens + self.usage.completion_tokens

    def _check_budget(self) -> None:
        budget = self.cfg.budget_tokens
        if budget is not None and self.tokens_used() >= budget:
            raise BudgetExceeded(f"token budget of {budget} spent ({self.tokens_used()} used); "
                                 "rerun with a larger llm.budget_tokens to resume from the cache",
                                 retryable=False)

    async def _exchange(self, req: dict[str, Any]) -> str:
        return (await self._exchange_reply(req)).content

    async def _exchange_reply(self, req: dict[str, Any]) -> CachedReply:
        self._check_budget()
        reply = await self._send_with_retries(req)
        self.usage.prompt_tokens += reply.prompt_tokens
        self.usage.completion_tokens += reply.completion_tokens
        if self.cache is not None:
            self.cache.put(request_key(req), req, reply)
        return reply

    # ------------------------------------------------------------ transport

    def _openai(self) -> openai.AsyncOpenAI:
        # Created on first use, never at import; recreated if a new event loop drives the client.
        loop = asyncio.get_running_loop()
        if self._client is None or self._client_loop is not loop:
            self._client = openai.AsyncOpenAI(api_key=self._api_key, base_url=self.endpoint,
                                              max_retries=0, timeout=self.cfg.timeout_s)
            self._client_loop = loop
        return self._client

    def _wait(self, state: RetryCallState) -> float:
        exc = state.outcome.exception() if state.outcome else None
        response = getattr(exc, "response", None)
        after = rq.retry_after_seconds(getattr(response, "headers", None), self.backoff.retry_after_cap_s)
        if after is not None:
            return after
        return rq.backoff_seconds(state.attempt_number, self.backoff.initial_s, self.backoff.max_s,
                                  self._rng.random())

    def _count_retry(self, state: RetryCallState) -> None:
        self.usage.retries += 1

    async def _send_with_retries(self, req: dict[str, Any]) -> CachedReply:
        retrying = AsyncRetrying(stop=stop_after_attempt(self.cfg.max_retries + 1), wait=self._wait,
                                 retry=retry_if_exception(is_transient), before_sleep=self._count_retry,
                                 reraise=True)
        attempts = 0
        try:
            async for attempt in retrying:
                with attempt:
                    attempts += 1
                    return await self._send_once(req)
        except openai.APIStatusError as exc:
            if "response_format" in req and rq.mentions_response_format(exc.status_code, _body_text(exc)):
                raise _FormatRefused() from exc
            raise self._status_error(exc, attempts) from exc
        except openai.APIConnectionError as exc:
            raise LLMError(f"{self.endpoint}: {exc.message} (gave up after {attempts} attempts)",
                           retryable=True, attempts=attempts) from exc
        except openai.OpenAIError as exc:  # e.g. an unparsable response body: one clear line, no traceback
            raise LLMError(f"{self.endpoint}: {exc}", retryable=False, attempts=attempts) from exc
        raise AssertionError("unreachable")  # pragma: no cover

    def _status_error(self, exc: openai.APIStatusError, attempts: int) -> LLMError:
        return LLMError(f"HTTP {exc.status_code} from {self.endpoint}: {exc.message}"
                        + (f" (gave up after {attempts} attempts)" if is_transient(exc) else ""),
                        retryable=is_transient(exc), attempts=attempts)

    async def _send_once(self, req: dict[str, Any]) -> CachedReply:
        async with self.limiter.slot():
            self.usage.requests_sent += 1
            try:
                completion = await self._openai().chat.completions.create(**rq.send_kwargs(req))
            except openai.RateLimitError:
                self.limiter.on_rate_limited()
                raise
        self.limiter.on_success()
        return _to_reply(completion)


# ---------------------------------------------------------------- construction

def resolve_base_url(cfg: LLMConfig, base_url: str | None) -> str:
    return (base_url or cfg.base_url or os.environ.get("OPENAI_BASE_URL") or OPENAI_URL).rstrip("/")


def resolve_api_key(cfg: LLMConfig, url: str) -> str:
    key = os.environ.get(cfg.api_key_env, "").strip()
    if key:
        return key
    if rq.is_local_url(url):
        return LOCAL_PLACEHOLDER_KEY  # local servers ignore the key, the SDK insists on one
    raise ConfigError(f"no API key: set the environment variable {cfg.api_key_env} for {url} "
                      "(or point llm.base_url / --base-url at a local server)", field="llm.api_key_env")


def make_client(cfg: LLMConfig, cache_dir: Path | None, *, base_url: str | None = None,
                model: str | None = None, backoff: Backoff | None = None) -> OpenAIClient:
    """The client a run uses. `cache_dir=None` disables the exchange cache."""
    url = resolve_base_url(cfg, base_url)
    name = model or cfg.model
    if not name:
        raise ConfigError("no model: set llm.model in the config or pass --model", field="llm.model")
    return OpenAIClient(base_url=url, api_key=resolve_api_key(cfg, url), model=name, cfg=cfg,
                        cache=DiskCache(cache_dir) if cache_dir is not None else None, backoff=backoff)
