"""Bounded, adaptive concurrency: AIMD on rate limits.

Each 429 halves the number of requests allowed in flight (never below one); each success
lets one more back in, up to the configured ceiling. Waiters queue first in, first out and a
release wakes exactly the waiters that may now run (a condition variable woken for all would
cost every waiting request a wake-up per release: quadratic at hundreds in flight).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class AdaptiveLimiter:
    def __init__(self, ceiling: int) -> None:
        if ceiling < 1:
            raise ValueError("concurrency must be at least 1")
        self.ceiling = ceiling
        self.limit = ceiling
        self.in_flight = 0
        self.peak = 0
        self._waiters: deque[asyncio.Future[None]] = deque()

    def on_rate_limited(self) -> None:
        self.limit = max(1, self.limit // 2)

    def on_success(self) -> None:
        self.limit = min(self.ceiling, self.limit + 1)
        self._wake()

    def _wake(self) -> None:
        while self._waiters and self.in_flight < self.limit:
            fut = self._waiters.popleft()
            if not fut.done():
                self.in_flight += 1  # handed over: the woken waiter owns this slot
                fut.set_result(None)

    async def _enter(self) -> None:
        if self.in_flight < self.limit and not self._waiters:
            self.in_flight += 1
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
    async def slot(self) -> AsyncIterator[None]:
        await self._enter()
        self.peak = max(self.peak, self.in_flight)
        try:
            yield
        finally:
            self._leave()
