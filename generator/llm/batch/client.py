"""The client of a batch round: the live client in every respect (request building, cache keys,
structured-output modes, re-asks, reply parsing), except that nothing goes over the wire.

A request the cache answers is answered; a miss is recorded (`deferred`: cache key -> the
exact body the live client would POST) and the item waits (`Deferred`, a retryable LLMError:
every product already leaves an item unfinished on one, so the other items go on). The round's
deferred requests become the next batch; its answers land in the cache under the same keys, and
the next round, the same run again, finds them there and takes each item one step further.

A request an ingested batch answered with an error is handled as the live client would:
a refused response_format steps down to a weaker mode, another 4xx is the item's verdict, a
transient error (429, 5xx, no answer, a body that is not a completion) is asked again in the
next round, at most `max_retries` times.
"""

from __future__ import annotations

from typing import Any

from ...errors import LLMError
from .. import request as rq
from ..cache import CachedReply
from ..client import OpenAIClient, _FormatRefused
from .lines import Failure


class Deferred(LLMError):
    """The item waits for a batch: not a failure, not a verdict."""

    def __init__(self, key: str) -> None:
        super().__init__(f"waiting for a batch answer to request {key[:12]}", retryable=True)
        self.key = key


class BatchClient(OpenAIClient):
    """`failures`: what ingested batches reported per cache key (Ledger.failures)."""

    def __init__(self, *, failures: dict[str, list[Failure]], **kw: Any) -> None:
        super().__init__(**kw)
        self.failures = failures
        self.deferred: dict[str, bytes] = {}

    async def _exchange_reply(self, key: str, body: bytes, req: dict[str, Any]) -> CachedReply:
        seen = self.failures.get(key, [])
        last = seen[-1] if seen else None
        if last is not None and "response_format" in req and last.kind == "status" \
                and rq.mentions_response_format(last.status, last.body or last.message):
            raise _FormatRefused()  # complete() steps down to a weaker mode, as live
        if last is not None and not last.transient:  # the item's verdict, as live
            raise LLMError(f"HTTP {last.status} from {self.endpoint} (batch): {last.message}",
                           retryable=False, attempts=1)
        if len(seen) > self.cfg.max_retries:
            raise LLMError(f"batches answered request {key[:12]} with errors {len(seen)} times "
                           f"(last: {_said(last)})", retryable=True, attempts=len(seen))
        self.deferred[key] = body
        raise Deferred(key)

    def take(self) -> dict[str, bytes]:
        """The requests this round deferred (and forget them)."""
        out, self.deferred = self.deferred, {}
        return out


def _said(failure: Failure | None) -> str:
    if failure is None:
        return "none"
    return f"HTTP {failure.status}: {failure.message}" if failure.kind == "status" else failure.message
