"""SIGINT and SIGTERM stop trajgen where it is: loading, planning, running or exporting.

asyncio's own SIGINT handler only cancels the main task, which takes effect at its next await;
planning and export run for minutes without one, so a Ctrl-C waited for them to end (and an
export ended with exit 0), and SIGTERM went through a loop handler just the same. These handlers
raise at once, in whatever runs. The state is append-only and every output is written to a
temporary name and renamed, so a stop at any point keeps the finished items and leaves no
half-written file; the CLI turns the exception into exit 130 (SIGINT) or 143 (SIGTERM).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager


class Terminated(KeyboardInterrupt):
    """SIGTERM: handled like Ctrl-C (state and spending are already on disk)."""


def _interrupt(signum: int, frame: object) -> None:
    raise Terminated() if signum == signal.SIGTERM else KeyboardInterrupt()


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """Within this block SIGINT raises KeyboardInterrupt and SIGTERM raises Terminated, at once
    (the main thread only; elsewhere the block changes nothing)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {sig: signal.signal(sig, _interrupt) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)
