"""The one LLMClient implementation: OpenAI-compatible chat completions (OpenAI, vLLM, Ollama,
llama.cpp, ...) over the thin aiohttp transport in transport.py.

Two bounded loops, kept apart on purpose:
- transport retries (tenacity): 429, 5xx, timeouts, connection errors and bodies that are no
  chat completion, with backoff and jitter, honoring Retry-After, under a circuit breaker that
  ends a run whose endpoint is down; a request that takes far longer than the recent tail is
  abandoned and retried (flow.LatencyTracker);
- refusals: a 4xx about the request or the endpoint (400, 401, 403, 404, 422, ...) is no verdict
  on the item: the item stays unfinished, and a run of them in a row stops the run with the
  status and the server's message (flow.EndpointRefused), so a wrong model name or an unsupported
  parameter never turns a dataset into rejections;
- semantic re-asks: a reply that does not parse, validate or pass `check` is sent back with
  the problems listed.
Every completed exchange is cached on disk under the hash of the full request the moment it
arrives, before it is parsed or counted, so no reply that reached us is ever paid for twice.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from tenacity import AsyncRetrying, RetryCallState, retry_if_exception

from .. import lifeline
from ..config import LLMConfig
from ..errors import BudgetExceeded, ConfigError, LLMError, PreflightFailed
from ..records import Record
from ..secrets import credentials, endpoint_id, redact_url, strip_credentials
from . import request as rq
from .cache import CachedReply, DiskCache
from .flow import CircuitBreaker, EndpointRefused, LatencyTracker, RateLimits, Refused
from .limiter import AdaptiveLimiter
from .protocol import ReplyCheck, Structured, ToolReply, Usage, WireCall
from .transport import AiohttpTransport, HTTPStatusError, TransportError
from .usage import Journal, MemoryJournal, Price

log = logging.getLogger(__name__)

OPENAI_URL = "https://api.openai.com/v1"
LOCAL_PLACEHOLDER_KEY = "sk-local-no-key"
NOTICE_EVERY_S = 5.0  # at most one backoff line per this many seconds
PREFLIGHT_TIMEOUT_S = 15.0
REFUSALS_TO_STOP = 5  # refusals in a row, no success between them, that stop the run
HEALTHY_RETRIES = 4  # max_retries is multiplied by this while the endpoint answers other requests
RECHECK_S = 0.25  # how often a request in flight is held against the (adapting) timeout


class Backoff(Record):
    """Transport retry timing. Tests shrink these to keep the suite fast."""

    initial_s: float = 0.5
    max_s: float = 30.0
    retry_after_cap_s: float = 60.0


class _FormatRefused(Exception):
    """The server answered 4xx to our response_format: fall back to a weaker mode."""


class Abandoned(TransportError):
    """A request that took far longer than the recent tail: given up on, and retried."""


def is_transient(exc: BaseException) -> bool:
    if isinstance(exc, TransportError):  # connection refused/reset, timeout, truncated body
        return True
    if not isinstance(exc, HTTPStatusError):
        return False
    if rq.mentions_response_format(exc.status, exc.body_text):
        return False  # a refusal of our response_format: fall back, don't retry
    return exc.status in (408, 409, 429) or exc.status >= 500


def _wire_calls(message: dict[str, Any]) -> list[dict[str, Any]]:
    calls = message.get("tool_calls") or []
    return [{"id": c.get("id") or "", "name": (c.get("function") or {}).get("name") or "",
             "arguments": (c.get("function") or {}).get("arguments") or ""}
            for c in calls if isinstance(c, dict) and isinstance(c.get("function"), dict)]


def _to_reply(data: dict[str, Any], shown_url: str = "") -> CachedReply:
    """The reply of a chat completion; TransportError (retried, never cached) for a 200 whose
    body is no chat completion: a broken proxy's, not the model's, so no re-ask is owed."""
    choices = data.get("choices")
    first = choices[0] if isinstance(choices, list) and choices else None
    message = first.get("message") if isinstance(first, dict) else None
    if not isinstance(message, dict):
        raise TransportError(f"{shown_url}: the reply is not a chat completion (no choices[0].message)")
    usage: dict[str, Any] = data["usage"] if isinstance(data.get("usage"), dict) else {}
    return CachedReply(content=message.get("content") or "", tool_calls=_wire_calls(message),
                       prompt_tokens=int(usage.get("prompt_tokens") or 0),
                       completion_tokens=int(usage.get("completion_tokens") or 0))


def _auth_headers(url: str, api_key: str) -> tuple[str, dict[str, str]]:
    """Credentials in the URL go in a Basic header (and never into a log, manifest or key)."""
    import base64

    user, password = credentials(url)
    if user is None:
        return api_key, {}
    token = base64.b64encode(f"{user}:{password or ''}".encode()).decode()
    return api_key, {"Authorization": f"Basic {token}"} if api_key == LOCAL_PLACEHOLDER_KEY else {}


def _url_secrets(url: str) -> list[str]:
    """What a server may echo of the URL's credentials: the password, and user:password (a
    proxy that decodes the Basic header says either back)."""
    user, password = credentials(url)
    return [password, f"{user}:{password}"] if password else []


class OpenAIClient:
    def __init__(self, *, base_url: str, api_key: str, model: str, cfg: LLMConfig,
                 cache: DiskCache | None, backoff: Backoff | None = None,
                 rng: random.Random | None = None, journal: Journal | None = None,
                 notify: Callable[[str], None] | None = None) -> None:
        self.model = model
        self.endpoint = redact_url(base_url) or ""  # what the manifest, card and messages show
        self.endpoint_key = endpoint_id(base_url)  # what the cache key uses
        self.usage = Usage()
        self.cfg = cfg
        self.mode: rq.StructuredMode = cfg.structured
        self.cache = cache
        self.backoff = backoff or Backoff()
        self.limiter = AdaptiveLimiter(cfg.concurrency)
        self.flow = RateLimits(cfg.rpm, cfg.tpm)
        self.breaker = CircuitBreaker(cfg.breaker_s)
        self.latency = LatencyTracker(cfg.timeout_s)
        self._refusals = 0  # 4xx refusals since the last success
        self._successes = 0  # requests answered (a request's retries go on while others succeed)
        self.journal: Journal = journal or MemoryJournal()
        self.notify = notify or log.warning
        self.price: Price | None = cfg.prices.get(model)
        self._api_key = api_key
        key, headers = _auth_headers(base_url, api_key)
        self.transport = AiohttpTransport(strip_credentials(base_url), key, timeout_s=cfg.timeout_s,
                                          max_connections=cfg.concurrency, headers=headers,
                                          secrets=_url_secrets(base_url))
        # Jitter only spreads retry timing; it never reaches an output, so an unseeded rng is fine.
        self._rng = rng or random.Random()
        self._reserved = 0  # estimated tokens of requests in flight (budget)
        self._settled: list[asyncio.Future[None]] = []  # waiting for a request in flight to settle
        self._completion_mean = 200.0
        self._preflight: asyncio.Future[None] | None = None
        self._last_notice = 0.0
        _check_budget_config(cfg, model, self.price)

    # ------------------------------------------------------------ public protocol

    async def structured(self, messages: list[dict[str, str]], reply_model: type[BaseModel], *,
                         check: ReplyCheck | None = None, temperature: float | None = None,
                         tag: str = "", seed: int | None = None) -> Structured:
        temp = self.cfg.temperature if temperature is None else temperature
        convo, raw = list(messages), ""
        seen: list[str] = []
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
            mode = self.mode
            req = self._request(messages, reply_model, temperature, mode, seed)
            key, body = rq.keyed_body(req)
            hit = self._lookup(key, messages, reply_model, temperature, seed)
            if hit is not None:
                return hit
            try:
                return await self._exchange(key, body, req)
            except _FormatRefused:
                self._fall_back(mode)

    async def tool_call(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]], *,
                        temperature: float | None = None, tool_choice: str = "auto",
                        seed: int | None = None) -> ToolReply:
        """One native tool-calling exchange (`tools=`), through the same cache, budget and retries."""
        temp = self.cfg.temperature if temperature is None else temperature
        req = rq.build_tool_request(base_url=self.endpoint_key, model=self.model, messages=messages,
                                    tools=tools, temperature=temp, tool_choice=tool_choice, seed=seed,
                                    max_tokens=self.cfg.max_tokens)
        key, body = rq.keyed_body(req)
        reply = self._cached(key) or await self._exchange_reply(key, body, req)
        return ToolReply(content=reply.content, tool_calls=[WireCall(**c) for c in reply.tool_calls])

    async def aclose(self) -> None:
        """Close the HTTP session (call from the loop that used it; otherwise it is just dropped)."""
        await self.transport.aclose()
        if self.cache is not None:
            self.cache.close()

    # ------------------------------------------------------------ cache and budget

    def _request(self, messages: list[dict[str, str]], reply_model: type[BaseModel],
                 temperature: float, mode: rq.StructuredMode, seed: int | None = None) -> dict[str, Any]:
        return rq.build_request(base_url=self.endpoint_key, model=self.model, messages=messages,
                                reply_model=reply_model, mode=mode, temperature=temperature, seed=seed,
                                max_tokens=self.cfg.max_tokens)

    def _lookup(self, key: str, messages: list[dict[str, str]], reply_model: type[BaseModel],
                temperature: float, seed: int | None = None) -> str | None:
        """A cached reply for the current mode, or for a weaker one an earlier run fell back to."""
        if self.cache is None:
            return None
        hit = self.cache.get(key)
        mode = rq.FALLBACKS[self.mode] if self.cache.has_fallbacks() else None
        while hit is None and mode is not None:
            key = rq.keyed_body(self._request(messages, reply_model, temperature, mode, seed))[0]
            hit, mode = self.cache.get(key), rq.FALLBACKS[mode]
        if hit is None:
            return None
        self._count_hit(key, hit)
        return hit.content

    def _cached(self, key: str) -> CachedReply | None:
        hit = self.cache.get(key) if self.cache is not None else None
        if hit is not None:
            self._count_hit(key, hit)
        return hit

    def _count_hit(self, key: str, hit: CachedReply) -> None:
        self.usage.cache_hits += 1
        self.journal.exchange(key, hit.prompt_tokens, hit.completion_tokens,
                              paid=bool(hit.by) and hit.by == self.journal.dataset)

    def _fall_back(self, refused: rq.StructuredMode) -> None:
        if self.mode != refused:
            return  # a concurrent request already stepped down
        weaker = rq.FALLBACKS[refused]
        assert weaker is not None, "mode 'none' sends no response_format to refuse"
        log.warning("%s refused response_format %s; using %s for the rest of the run",
                    self.endpoint, refused, weaker)
        self.mode = weaker
        if self.cache is not None:
            self.cache.mark_fallback()

    def tokens_used(self) -> int:
        return self.journal.spent.tokens

    def _estimate(self, body: bytes) -> int:
        reply = self.cfg.max_tokens or self._completion_mean
        return int(len(body) / 4 + reply)

    def _over_budget(self, reserved: int) -> str | None:
        """Why the budget is spent counting `reserved` tokens still in flight (None: it is not)."""
        spent, budget = self.journal.spent, self.cfg.budget_tokens
        sent = "" if self.usage.requests_sent else "; nothing was sent"
        if budget is not None and spent.tokens + reserved >= budget:
            return (f"token budget of {budget} spent ({spent.tokens} used by this dataset{sent}); "
                    "rerun with a larger llm.budget_tokens to resume from the cache")
        usd = self.cfg.budget_usd
        if usd is not None and spent.usd(self.price) + _usd(reserved, self.price) >= usd:
            return (f"budget of ${usd:g} spent (${spent.usd(self.price):.4f} by this dataset{sent}); "
                    "rerun with a larger llm.budget_usd to resume from the cache")
        return None

    async def _admit(self, estimate: int) -> None:
        """Reserve `estimate` tokens under the budget. While the requests in flight might spend
        what is left, wait for them to settle instead of stopping early: the run stops when the
        dataset's spending has reached the budget, and not a request is sent after that (a rerun
        with a spent budget sends nothing). The overshoot is at most the requests in flight."""
        while self._over_budget(self._reserved) is not None:
            why = self._over_budget(0)
            if why is not None:
                raise BudgetExceeded(why)
            if self._reserved == 0:
                break  # nothing in flight to wait for: the last request goes
            fut = asyncio.get_running_loop().create_future()
            self._settled.append(fut)
            await fut
        self._reserved += estimate

    def _still_under_budget(self) -> None:
        """Checked again as the request leaves: it was admitted under the budget, but it may have
        waited since for a slot or a retry's backoff while replies billed beyond their estimate
        spent the rest. Sending it now would go past the budget by more than the wave in flight."""
        why = self._over_budget(0)
        if why is not None:
            raise BudgetExceeded(why)

    def _release(self, estimate: int) -> None:
        self._reserved -= estimate
        waiting, self._settled = self._settled, []
        for fut in waiting:
            if not fut.done():
                fut.set_result(None)

    async def _exchange(self, key: str, body: bytes, req: dict[str, Any]) -> str:
        return (await self._exchange_reply(key, body, req)).content

    async def _exchange_reply(self, key: str, body: bytes, req: dict[str, Any]) -> CachedReply:
        estimate = self._estimate(body)
        await self._admit(estimate)
        try:
            await self._ensure_preflight()
            await self.flow.acquire(estimate)
            reply = await self._send_with_retries(body, req)
            self._record(key, body, reply, estimate)  # counted before the reservation goes
        finally:
            self._release(estimate)
        return reply

    def _record(self, key: str, body: bytes, reply: CachedReply, estimate: int) -> None:
        """Cache first (a kill right after must not cost a re-send), then count."""
        reply.by = self.journal.dataset
        if self.cache is not None:
            self.cache.put(key, body, reply)
        self.journal.exchange(key, reply.prompt_tokens, reply.completion_tokens, paid=True)
        self.usage.prompt_tokens += reply.prompt_tokens
        self.usage.completion_tokens += reply.completion_tokens
        self.flow.settle(estimate, reply.prompt_tokens + reply.completion_tokens)
        self._completion_mean += (reply.completion_tokens - self._completion_mean) / 16

    # ------------------------------------------------------------ pre-flight

    async def _ensure_preflight(self) -> None:
        """Before the first request of a run: one cheap request, so a dead endpoint, a bad key or
        a wrong model is one clear line within seconds instead of a run of retries."""
        if not self.cfg.preflight:
            return
        fut, loop = self._preflight, asyncio.get_running_loop()
        if fut is None or fut.cancelled() or (not fut.done() and fut.get_loop() is not loop):
            fut = self._preflight = asyncio.ensure_future(self.preflight())
        await asyncio.shield(fut)

    async def preflight(self) -> None:
        try:
            listed = await self.transport.get_json("models", timeout_s=PREFLIGHT_TIMEOUT_S)
        except HTTPStatusError as exc:
            self._refused(exc)
            listed = {}
        except TransportError as exc:
            raise PreflightFailed(f"cannot reach the endpoint: {exc.message}") from None
        ids = [m.get("id") for m in listed.get("data") or [] if isinstance(m, dict)]
        if self.model not in ids:
            await self._ping(ids)

    async def _ping(self, ids: list[Any]) -> None:
        """The model is not listed (or there is no list): a 1-token completion decides."""
        body = rq.dumps_body({"model": self.model, "max_tokens": 1,
                              "messages": [{"role": "user", "content": "ping"}]})
        try:
            await self.transport.post_json("chat/completions", body, timeout_s=PREFLIGHT_TIMEOUT_S)
        except TransportError as exc:
            raise PreflightFailed(f"cannot reach the endpoint: {exc.message}") from None
        except HTTPStatusError as exc:
            self._refused(exc, ids)

    def _refused(self, exc: HTTPStatusError, ids: list[Any] | None = None) -> None:
        where = f"{self.endpoint} (HTTP {exc.status}: {exc.message[:160]})"
        if exc.status in (401, 403):
            raise PreflightFailed(f"the API key was refused by {where}; check "
                                  f"${self.cfg.api_key_env}") from None
        if ids is not None and "model" in exc.message.lower() and exc.status < 500:
            known = f"; it lists: {', '.join(map(str, ids[:8]))}" if ids else ""
            raise PreflightFailed(f"model '{self.model}' is not served by {where}{known}") from None
        if ids is not None and exc.status == 404:
            raise PreflightFailed(f"no chat completions at {where}; check the base URL "
                                  "(it usually ends in /v1)") from None
        # A 404 for /models, a 429 or a 5xx: not a verdict on the run; the real requests decide.

    # ------------------------------------------------------------ transport

    def _wait(self, state: RetryCallState) -> float:
        exc = state.outcome.exception() if state.outcome else None
        after = rq.retry_after_seconds(getattr(exc, "headers", None), self.backoff.retry_after_cap_s)
        if after is None:  # the wait grows with the endpoint's failures since its last success,
            # not with this request's: on an endpoint that answers most requests, an unlucky one
            # waits half a second, not the half minute its ninth attempt would
            streak = min(state.attempt_number, self.breaker.failures)
            after = rq.backoff_seconds(max(1, streak), self.backoff.initial_s, self.backoff.max_s,
                                       self._rng.random())
        self._notice(exc, after)
        return after

    def _notice(self, exc: BaseException | None, wait_s: float) -> None:
        """A visible line while retries back off (at most one per NOTICE_EVERY_S)."""
        now = time.monotonic()
        if now - self._last_notice < NOTICE_EVERY_S:
            return
        self._last_notice = now
        self.notify(f"{self.endpoint}: {_short(exc)}; retrying in {wait_s:.1f} s "
                    f"({self.usage.retries + 1} retries so far)")

    def _count_retry(self, state: RetryCallState) -> None:
        self.usage.retries += 1
        self.journal.retry()

    def _stop_after(self, successes_before: int) -> Callable[[RetryCallState], bool]:
        """When to give up on a request: after `max_retries` retries if the endpoint answered
        nothing else meanwhile (it is failing, and the breaker will say so), else only after
        HEALTHY_RETRIES times as many: on an endpoint that answers others, a request that failed
        nine times in a row was unlucky (one in 1,300 at a 45% failure rate), not refused, and
        an operator wants it finished in this invocation rather than left for a rerun."""
        def stop(state: RetryCallState) -> bool:
            tries = self.cfg.max_retries + 1
            healthy = self._successes > successes_before
            return state.attempt_number >= (tries * HEALTHY_RETRIES if healthy else tries)
        return stop

    async def _send_with_retries(self, body: bytes, req: dict[str, Any]) -> CachedReply:
        retrying = AsyncRetrying(stop=self._stop_after(self._successes), wait=self._wait,
                                 retry=retry_if_exception(is_transient), before_sleep=self._count_retry,
                                 reraise=True)
        attempts = abandoned = 0
        try:
            async for attempt in retrying:
                with attempt:
                    attempts += 1
                    try:
                        return await self._send_once(body, abandoned)
                    except Abandoned:
                        abandoned += 1
                        raise
        except HTTPStatusError as exc:
            if "response_format" in req and rq.mentions_response_format(exc.status, exc.body_text):
                raise _FormatRefused() from exc
            if not is_transient(exc):
                raise self._refusal(exc) from None
            raise self._status_error(exc, attempts) from None
        except TransportError as exc:
            raise LLMError(f"{exc.message} (gave up after {attempts} attempts)",
                           retryable=True, attempts=attempts) from None
        raise AssertionError("unreachable")  # pragma: no cover

    def _status_error(self, exc: HTTPStatusError, attempts: int) -> LLMError:
        return LLMError(f"HTTP {exc.status} from {self.endpoint}: {exc.message} "
                        f"(gave up after {attempts} attempts)", retryable=True, attempts=attempts)

    def _refusal(self, exc: HTTPStatusError) -> LLMError:
        """A 4xx about the request or the endpoint: the item stays unfinished (no rejection: the
        reply was never seen), and a run of them in a row stops the run."""
        self._refusals += 1
        what = f"HTTP {exc.status} from {self.endpoint}: {' '.join(exc.message.split())[:300]}"
        if self._refusals >= REFUSALS_TO_STOP:
            raise EndpointRefused(f"the endpoint refused {self._refusals} requests in a row ({what}); "
                                  "nothing was rejected and the items stay unfinished: fix the "
                                  "endpoint, model or parameters and rerun the same command")
        return Refused(what, attempts=1)

    async def _send_once(self, body: bytes, abandoned: int = 0) -> CachedReply:
        self.breaker.check()
        self.breaker.started()
        async with self.limiter.slot() as ticket:
            lifeline.check()  # a worker whose driver died sends nothing more
            self._still_under_budget()
            self.usage.requests_sent += 1
            try:
                reply = _to_reply(await self._post(body, abandoned), self.endpoint)
            except (TransportError, HTTPStatusError) as exc:
                self._failed(exc, ticket)
                raise
        self.limiter.on_success()
        self.breaker.success()
        self._refusals = 0
        self._successes += 1
        return reply

    async def _post(self, body: bytes, abandoned: int) -> dict[str, Any]:
        """POST the body, giving up once it has taken longer than the latency tracker allows
        (re-read while waiting: the first requests of a run start under the configured timeout
        and tighten as latencies come in)."""
        loop = asyncio.get_running_loop()
        started = loop.time()
        task = asyncio.ensure_future(self.transport.post_json("chat/completions", body))
        try:
            while (left := started + self.latency.timeout(abandoned) - loop.time()) > 0:
                done, _ = await asyncio.wait((task,), timeout=min(left, RECHECK_S))
                if done:
                    data = task.result()
                    self.latency.observe(loop.time() - started)
                    return data
        finally:
            if not task.done():
                task.cancel()
            elif not task.cancelled():
                task.exception()  # retrieved: a run stopped meanwhile must not log it as lost
        tail = self.latency.tail()
        seen = f"; the recent tail is {tail:.2f} s" if tail is not None else ""
        raise Abandoned(f"{self.endpoint}: no reply within {loop.time() - started:.1f} s{seen}")

    def _failed(self, exc: TransportError | HTTPStatusError, ticket: int) -> None:
        if isinstance(exc, HTTPStatusError) and exc.status == 429:
            self.limiter.on_rate_limited(ticket)
        if is_transient(exc):
            self.breaker.failure(_short(exc), _kind(exc))


def _kind(exc: BaseException) -> str:
    if isinstance(exc, HTTPStatusError):
        return f"HTTP {exc.status}"
    if isinstance(exc, Abandoned):
        return "no reply in time"
    return "no usable reply"


def _short(exc: BaseException | None) -> str:
    if isinstance(exc, HTTPStatusError):
        return f"HTTP {exc.status} {exc.message[:120]}"
    return str(getattr(exc, "message", exc))[:160]


def _usd(tokens: int, price: Price | None) -> float:
    # Reservations are not split by kind: price them at the dearer rate, to stop early not late.
    return tokens * max(price.prompt, price.completion) / 1e6 if price else 0.0


def _check_budget_config(cfg: LLMConfig, model: str, price: Price | None) -> None:
    if cfg.budget_usd is not None and price is None:
        raise ConfigError(f"llm.budget_usd needs a price for model '{model}' in llm.prices "
                          "(USD per million prompt / completion tokens)", field="llm.prices")


# ---------------------------------------------------------------- construction

def resolve_base_url(cfg: LLMConfig, base_url: str | None) -> str:
    return (base_url or cfg.base_url or os.environ.get("OPENAI_BASE_URL") or OPENAI_URL).rstrip("/")


def resolve_api_key(cfg: LLMConfig, url: str) -> str:
    key = os.environ.get(cfg.api_key_env, "").strip()
    if key:
        return key
    if rq.is_local_url(url) or credentials(url)[0] is not None:
        return LOCAL_PLACEHOLDER_KEY  # local servers ignore the key; URL credentials go as Basic auth
    raise ConfigError(f"no API key: set the environment variable {cfg.api_key_env} for "
                      f"{redact_url(url)} (or point llm.base_url / --base-url at a local server)",
                      field="llm.api_key_env")


def make_client(cfg: LLMConfig, cache_dir: Path | None, *, base_url: str | None = None,
                model: str | None = None, backoff: Backoff | None = None,
                journal: Journal | None = None, notify: Callable[[str], None] | None = None) -> OpenAIClient:
    """The client a run uses. `cache_dir=None` disables the exchange cache."""
    url = resolve_base_url(cfg, base_url)
    name = model or cfg.model
    if not name:
        raise ConfigError("no model: set llm.model in the config or pass --model", field="llm.model")
    return OpenAIClient(base_url=url, api_key=resolve_api_key(cfg, url), model=name, cfg=cfg,
                        cache=DiskCache(cache_dir) if cache_dir is not None else None, backoff=backoff,
                        journal=journal, notify=notify)
