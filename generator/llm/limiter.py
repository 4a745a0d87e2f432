"""Bounded, adaptive concurrency: damped AIMD on rate limits.

A 429 cuts the number of requests allowed in flight by a quarter, once per wave: the 429s of
requests that were sent before the last cut answer the old limit, not the new one, so they do
not cut again (undamped, a burst of 429s from one wave took a limit of 8 to 1 and kept it
there). The limit never falls below a floor, an eighth of the ceiling (at least one), so one
bad minute of an endpoint does not leave a run crawling for the next hour. Each success adds
1/limit (one more request per limit of them, as TCP's congestion avoidance does), so the limit
climbs back smoothly instead of overshooting into the next wave of 429s. Waiters queue first
in, first out and a release wakes exactly the waiters that may now run (a condition variable
woken for all would cost every waiting request a wake-up per release: quadratic at hundreds in
flight).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

CUT = 0.75  # the share of the limit kept after a 429
FLOOR_SHARE = 8  # the floor is ceiling / FLOOR_SHARE (at least 1)


class AdaptiveLimiter:
    def __init__(self, ceiling: int) -> None:
        if ceiling < 1:
            raise ValueError("concurrency must be at least 1")
        self.ceiling = ceiling
        self.floor = max(1, ceiling // FLOOR_SHARE)
        self.window = float(ceiling)  # the limit with its fraction (successes add 1/limit each)
        self.in_flight = 0
        self.peak = 0
        self.cuts = 0
        self._sent = 0  # requests admitted so far: a request's number tells its wave
        self._cut_at = -1  # the number of the last request admitted before the last cut
        self._waiters: deque[asyncio.Future[None]] = deque()

    @property
    def limit(self) -> int:
        return max(self.floor, min(self.ceiling, int(self.window)))

    def ticket(self) -> int:
        """The number of the next request admitted (taken as it enters its slot)."""
        return self._sent

    def on_rate_limited(self, ticket: int | None = None) -> None:
        """A 429 to the request admitted as `ticket` (None: cut whatever the wave)."""
        if ticket is not None and ticket <= self._cut_at:
            return  # sent before the last cut: the cut already answered this wave
        self.window = max(float(self.floor), self.limit * CUT)
        self._cut_at = self._sent - 1
        self.cuts += 1

    def on_success(self) -> None:
        self.window = min(float(self.ceiling), self.window + 1.0 / self.limit)
        self._wake()

    def _wake(self) -> None:
        while self._waiters and self.in_flight < self.limit:
            fut = self._waiters.popleft()
            if not fut.done():
                self.in_flight += 1  # handed over: the woken waiter owns this slot
                self._sent += 1
                fut.set_result(None)

    async def _enter(self) -> None:
        if self.in_flight < self.limit and not self._waiters:
            self.in_flight += 1
            self._sent += 1
            return
        fut = asyncio.get_running_loop().create_future()
        self._waiters.append(fut)
        try:
            await fut
        except asyncio.CancelledError:
            if fut.done() and not fut.cancelled():
                self._leave()  # the slot was handed over just as we were cancelled
            raise

    def _leave(self) -> None:
        self.in_flight -= 1
        self._wake()

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[int]:
        """A place among the requests in flight; yields the request's ticket (its wave)."""
        await self._enter()
        self.peak = max(self.peak, self.in_flight)
        try:
            yield self._sent - 1
        finally:
            self._leave()
