"""The provider's Files and Batches API, through the `openai` package (the design card's client).

Every call the SDK may retry on its own (uploads, reads, polls) keeps its retries; creating a
batch does not: a create whose answer was lost (a timeout, a dropped connection) may have
created the batch all the same, so before another attempt the batch is looked for by the token
in its metadata and adopted when it is there. That, and the ledger recording the token before
the create, is why no batch is ever submitted twice. Failures become one line (RunStopped:
what was submitted is in the ledger, and the same command resumes), scrubbed of credentials.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, Literal, TypeVar
from urllib.parse import parse_qsl, urlsplit, urlunsplit

import openai

from ...errors import PreflightFailed, RunStopped
from ...secrets import SECRET_PARAM, redact_url, scrub, strip_credentials
from ..client import _auth_headers

T = TypeVar("T")
WINDOW: Literal["24h"] = "24h"  # the only completion window OpenAI offers
TOKEN_KEY = "trajgen_token"
LOOK_BACK_S = 86400  # a batch created before a kill is at most this older than its ledger entry


class Remote:
    def __init__(self, base_url: str, api_key: str, *, timeout_s: float, max_retries: int) -> None:
        key, headers = _auth_headers(base_url, api_key)
        parts = urlsplit(strip_credentials(base_url))
        query = dict(parse_qsl(parts.query))  # e.g. Azure's api-version, sent with every call
        self.shown = redact_url(base_url) or ""
        self.secrets = [api_key, *headers.values(), *(v for k, v in query.items() if SECRET_PARAM.search(k))]
        self.max_retries = max_retries
        self.sdk = openai.AsyncOpenAI(base_url=urlunsplit((parts.scheme, parts.netloc, parts.path, "", "")),
                                      api_key=key, default_headers=headers or None,
                                      default_query=query or None, max_retries=max_retries,
                                      timeout=max(timeout_s, 300.0))  # files can be large

    async def aclose(self) -> None:
        await self.sdk.close()

    async def _call(self, what: str, call: Callable[[], Awaitable[T]]) -> T:
        try:
            return await call()
        except openai.APIError as exc:
            raise self._stopped(what, exc) from None

    def _stopped(self, what: str, exc: openai.APIError) -> RunStopped:
        status = getattr(exc, "status_code", None)
        said = scrub(str(getattr(exc, "message", exc)), self.secrets)[:240]
        resume = "; what was submitted is saved: rerun the same command to resume"
        if status in (401, 403):
            return PreflightFailed(f"the API key was refused by {self.shown} while {what} (HTTP {status})")
        if status == 404 and what.startswith(("uploading", "creating")):
            return RunStopped(f"{self.shown} has no Files/Batches API (HTTP 404 while {what}); use "
                              "--batch-out DIR and --batch-in FILE to run the batches elsewhere")
        if status is None:
            return RunStopped(f"cannot reach {self.shown} while {what}: {said}{resume}")
        return RunStopped(f"HTTP {status} from {self.shown} while {what}: {said}{resume}")

    # ------------------------------------------------------------ files

    async def upload(self, name: str, data: bytes) -> str:
        got = await self._call(f"uploading {name}", lambda: self.sdk.files.create(
            file=(name, data, "application/jsonl"), purpose="batch"))
        return got.id

    async def find_file(self, name: str) -> str | None:
        """The id of an uploaded batch input named `name` (one uploaded just before a kill)."""
        async def look() -> str | None:
            async for f in self.sdk.files.list(purpose="batch"):
                if f.filename == name:
                    return f.id
            return None
        return await self._call(f"listing files for {name}", look)

    async def content(self, file_id: str, what: str) -> bytes:
        got = await self._call(f"downloading the {what} file {file_id}", lambda: self.sdk.files.content(file_id))
        return got.content

    # ------------------------------------------------------------ batches

    async def find_batch(self, token: str, since: float) -> Any | None:
        """The batch whose metadata carries `token`, created after `since` (epoch seconds) - a day."""
        async def look() -> Any | None:
            async for b in self.sdk.batches.list(limit=100):  # newest first
                if (b.metadata or {}).get(TOKEN_KEY) == token:
                    return b
                if b.created_at < since - LOOK_BACK_S:
                    break
            return None
        return await self._call("listing batches", look)

    async def create(self, file_id: str, token: str, name: str, since: float) -> str:
        """Create the batch once: a create whose answer was lost is looked for before another try."""
        once = self.sdk.with_options(max_retries=0)
        for attempt in range(self.max_retries + 1):
            try:
                got = await once.batches.create(input_file_id=file_id, endpoint="/v1/chat/completions",
                                                completion_window=WINDOW,
                                                metadata={TOKEN_KEY: token, "trajgen_batch": name})
                return got.id
            except openai.APIError as exc:
                if not _transient(exc) or attempt == self.max_retries:
                    raise self._stopped(f"creating batch {name}", exc) from None
            found = await self.find_batch(token, since)
            if found is not None:
                return str(found.id)
            await asyncio.sleep(min(30.0, 0.5 * 2 ** attempt))
        raise AssertionError("unreachable")  # pragma: no cover

    async def retrieve(self, batch_id: str) -> Any:
        return await self._call(f"polling batch {batch_id}", lambda: self.sdk.batches.retrieve(batch_id))


def _transient(exc: openai.APIError) -> bool:
    status = getattr(exc, "status_code", None)
    return status is None or status in (408, 409, 429) or status >= 500
