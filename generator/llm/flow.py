"""Flow control around the transport: per-minute request and token limits, and a circuit breaker.

The adaptive concurrency limit (limiter.py) reacts to 429s after the fact; the buckets here keep
a run under the provider's published RPM / TPM so the 429s mostly never come. The breaker ends
a run whose endpoint has stopped answering instead of retrying it for hours.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from ..errors import RunStopped


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


class CircuitBreaker:
    """Opens when no request has succeeded for `window_s` seconds while at least `min_failures`
    attempts failed in that time. The clock starts at the first request, so a dead or hanging
    endpoint stops the run about `window_s` after it was first tried (a hang: one timeout)."""

    def __init__(self, window_s: float, min_failures: int = 3,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.window_s = window_s
        self.min_failures = min_failures
        self._clock = clock
        self._since: float | None = None  # last success, or the first attempt
        self.failures = 0
        self.last_error = ""
        self.open = False

    def started(self) -> None:
        if self._since is None:
            self._since = self._clock()

    def success(self) -> None:
        self._since, self.failures = self._clock(), 0

    def failure(self, error: str) -> None:
        self.started()
        self.failures += 1
        self.last_error = error
        if self.failures >= self.min_failures and self._clock() - (self._since or 0) >= self.window_s:
            self.open = True

    def check(self) -> None:
        if self.open:
            raise CircuitOpen(f"the endpoint failed every request for {self.window_s:g} s "
                              f"({self.failures} failed attempts; last: {self.last_error}); "
                              "finished items are saved: rerun the same command to resume")
