"""Flow control around the transport: per-minute request and token limits, and a circuit breaker.

The adaptive concurrency limit (limiter.py) reacts to 429s after the fact; the buckets here keep
a run under the provider's published RPM / TPM so the 429s mostly never come. The breaker ends
a run whose endpoint has stopped answering instead of retrying it for hours; the latency tracker
sets each request's timeout from the latency the endpoint shows, so a hung request is abandoned
and retried within seconds.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter, deque
from collections.abc import Callable

from ..errors import LLMError, RunStopped


class Bucket:
    """A token bucket refilled continuously at `per_minute / 60` per second, capacity `per_minute`.

    `take(n)` waits, first come first served, until `n` units are available; `settle(delta)`
    corrects an estimate after the fact (the level may go negative: a debt paid by waiting)."""

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.capacity = float(per_minute)
        self.rate = per_minute / 60.0
        self.level = self.capacity
        self._clock = clock
        self._t = clock()
        self._lock: asyncio.Lock | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def _refill(self) -> None:
        now = self._clock()
        self.level = min(self.capacity, self.level + (now - self._t) * self.rate)
        self._t = now

    def _fifo(self) -> asyncio.Lock:
        loop = asyncio.get_running_loop()
        if self._lock is None or self._loop is not loop:
            self._lock, self._loop = asyncio.Lock(), loop
        return self._lock

    async def take(self, n: float = 1.0) -> None:
        n = min(float(n), self.capacity)  # one oversized request must still get through
        async with self._fifo():
            self._refill()
            while self.level < n:
                await asyncio.sleep((n - self.level) / self.rate)
                self._refill()
            self.level -= n

    def settle(self, delta: float) -> None:
        self._refill()
        self.level -= delta


class RateLimits:
    """Requests-per-minute and tokens-per-minute limits (either may be off)."""

    def __init__(self, rpm: int | None, tpm: int | None) -> None:
        self.requests = Bucket(rpm) if rpm else None
        self.tokens = Bucket(tpm) if tpm else None

    async def acquire(self, estimated_tokens: int) -> None:
        if self.requests is not None:
            await self.requests.take(1)
        if self.tokens is not None:
            await self.tokens.take(estimated_tokens)

    def settle(self, estimated_tokens: int, actual_tokens: int) -> None:
        if self.tokens is not None:
            self.tokens.settle(actual_tokens - estimated_tokens)


class CircuitOpen(RunStopped):
    """The endpoint failed every attempt for longer than the breaker allows."""


class Refused(LLMError):
    """One request refused with a 4xx about the request or the endpoint: no verdict on the item
    (retryable: a rerun against a fixed endpoint makes it), and no use retrying it now."""

    def __init__(self, message: str, **kw) -> None:
        kw.setdefault("retryable", True)
        super().__init__(message, **kw)


class EndpointRefused(RunStopped):
    """The endpoint refused request after request with a 4xx about the request or the endpoint
    (a wrong model name, an unsupported parameter, a bad key): no retry or rerun fixes that."""


class CircuitBreaker:
    """Opens when the endpoint is down: no request has succeeded for `window_s` seconds (counted
    from the first attempt, or from the last success) while at least `min_failures` attempts
    failed in that time. A success closes it again, so a breaker never stops a run whose endpoint
    still answers some of the time; what it says (how long, how many attempts, of which kind) is
    what it saw when it opened."""

    def __init__(self, window_s: float, min_failures: int = 3,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.window_s = window_s
        self.min_failures = min_failures
        self._clock = clock
        self._since: float | None = None  # last success, or the first attempt
        self.failures = 0  # failed attempts since `_since`
        self.kinds: Counter[str] = Counter()  # of those failures: HTTP 500, timeout, ...
        self.last_error = ""
        self.reason = ""  # why it opened; empty while closed

    @property
    def open(self) -> bool:
        return bool(self.reason)

    def started(self) -> None:
        if self._since is None:
            self._since = self._clock()

    def success(self) -> None:
        self._since, self.failures, self.reason = self._clock(), 0, ""
        self.kinds.clear()

    def failure(self, error: str, kind: str = "") -> None:
        self.started()
        self.failures += 1
        self.kinds[kind or error.split(":")[0][:40]] += 1
        self.last_error = error
        quiet = self._clock() - (self._since or 0)
        if self.failures >= self.min_failures and quiet >= self.window_s and not self.reason:
            mix = ", ".join(f"{n} x {k}" for k, n in self.kinds.most_common(4))
            self.reason = (f"no request to the endpoint succeeded for {quiet:.0f} s: {self.failures} "
                           f"attempts failed in that time ({mix}); last: {error}")

    def check(self) -> None:
        if self.reason:
            raise CircuitOpen(f"{self.reason}; finished items are saved: rerun the same command "
                              "to resume")


class LatencyTracker:
    """The request timeout, adapted to the latency the endpoint shows.

    It keeps the latencies of the last `window` successful requests. Once `warm` of them are in,
    a request is abandoned (and retried) when it has taken `factor` times the recent tail (the
    `quantile` of those latencies), but never sooner than `floor_s` nor later than the
    configured timeout: a request that hangs costs seconds, not the whole timeout of a slot.
    Each retry of a request that timed out doubles its allowance, so a request that is slow
    because it is long still gets the full configured timeout in the end. Before `warm`
    latencies are in, the configured timeout holds (an endpoint that is slow to start is not
    judged on nothing)."""

    def __init__(self, ceiling_s: float, *, floor_s: float = 1.0, factor: float = 4.0,
                 quantile: float = 0.99, window: int = 256, warm: int = 16) -> None:
        self.ceiling_s = ceiling_s
        self.floor_s = min(floor_s, ceiling_s)
        self.factor = factor
        self.quantile = quantile
        self.warm = warm
        self._recent: deque[float] = deque(maxlen=window)
        self._tail: float | None = None  # cached quantile, recomputed every few observations
        self._stale = 0

    def observe(self, seconds: float) -> None:
        self._recent.append(seconds)
        self._stale += 1
        if self._tail is None or self._stale >= 8:
            self._tail, self._stale = None, 0

    def tail(self) -> float | None:
        """The recent tail latency (None until `warm` requests succeeded)."""
        if len(self._recent) < self.warm:
            return None
        if self._tail is None:
            ordered = sorted(self._recent)
            self._tail = ordered[min(len(ordered) - 1, int(self.quantile * len(ordered)))]
        return self._tail

    def timeout(self, timeouts_so_far: int = 0) -> float:
        """How long a request may take now; `timeouts_so_far`: earlier attempts of the same
        request that were abandoned."""
        tail = self.tail()
        if tail is None:
            return self.ceiling_s
        allowed = max(self.floor_s, self.factor * tail) * 2 ** timeouts_so_far
        return min(self.ceiling_s, allowed)
