"""Bounded, adaptive concurrency: AIMD on rate limits.

Each 429 halves the number of requests allowed in flight (never below one); each success
lets one more back in, up to the configured ceiling.
"""

from __future__ import annotations

import asyncio
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
        self._cond: asyncio.Condition | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def _condition(self) -> asyncio.Condition:
        # asyncio primitives belong to one event loop; a client may outlive several asyncio.run().
        loop = asyncio.get_running_loop()
        if self._cond is None or self._loop is not loop:
            self._cond, self._loop = asyncio.Condition(), loop
        return self._cond

    def on_rate_limited(self) -> None:
        self.limit = max(1, self.limit // 2)

    def on_success(self) -> None:
        self.limit = min(self.ceiling, self.limit + 1)

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        cond = self._condition()
        async with cond:
            await cond.wait_for(lambda: self.in_flight < self.limit)
            self.in_flight += 1
            self.peak = max(self.peak, self.in_flight)
        try:
            yield
        finally:
            async with cond:
                self.in_flight -= 1
                cond.notify_all()
