"""The HTTP layer of the LLM client: OpenAI-compatible JSON over one pooled aiohttp session.

Deliberately thin. The body is encoded once by the caller (the same bytes the cache key is
computed from), the reply is decoded once with `json.loads` and handed back as a plain dict,
and every failure becomes one of three exceptions the client's retry policy understands.
This costs a fraction of a generic SDK's per-request work (request transforms, typed response
models, an httpx connection pool scanned per request), which at a few hundred requests per
second is the difference between an idle and a saturated core.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any
from urllib.parse import parse_qsl, urlsplit, urlunsplit

import aiohttp

from ..secrets import SECRET_PARAM, redact_url, scrub


class TransportError(Exception):
    """No usable HTTP answer: connection refused or reset, timeout, truncated or non-JSON body."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class HTTPStatusError(Exception):
    """The server answered with a status >= 400."""

    def __init__(self, status: int, message: str, body_text: str, headers: dict[str, str]) -> None:
        super().__init__(f"HTTP {status}: {message}")
        self.status = status
        self.message = message
        self.body_text = body_text
        self.headers = headers  # lower-cased names


def _error_message(status: int, text: str) -> str:
    """The `error.message` of an OpenAI-style error body, else the start of the body."""
    try:
        err = json.loads(text).get("error")
        msg = err.get("message") if isinstance(err, dict) else err
        if msg:
            return str(msg)
    except (ValueError, AttributeError):
        pass
    return text.strip()[:200] or f"HTTP {status}"


class AiohttpTransport:
    """POST/GET JSON against `base_url` (e.g. http://host/v1). One session per event loop."""

    def __init__(self, base_url: str, api_key: str, *, timeout_s: float, max_connections: int,
                 headers: dict[str, str] | None = None, secrets: list[str] | None = None) -> None:
        self.base_url = base_url.rstrip("/")
        self.shown_url = redact_url(self.base_url) or ""
        self._base = urlsplit(self.base_url)
        self._urls: dict[str, str] = {}  # path -> URL
        # What a server might echo back in an error message and must never be shown.
        query_secrets = [v for k, v in parse_qsl(self._base.query) if SECRET_PARAM.search(k)]
        # (a header's value whole and its credential part: "Basic <token>" and "<token>")
        header_values = [v for h in (headers or {}).values() for v in (h, h.partition(" ")[2])]
        self.secrets = [api_key, *query_secrets, *header_values, *(secrets or [])]
        self.timeout = aiohttp.ClientTimeout(total=timeout_s)
        self.max_connections = max_connections
        self.headers = {"Authorization": f"Bearer {api_key}", "Content-Type": "application/json",
                        "Accept": "application/json", **(headers or {})}
        self._session: aiohttp.ClientSession | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def _client(self) -> aiohttp.ClientSession:
        # asyncio objects belong to one loop; a client may outlive several asyncio.run() calls.
        loop = asyncio.get_running_loop()
        if self._session is None or self._loop is not loop or self._session.closed:
            connector = aiohttp.TCPConnector(limit=self.max_connections, limit_per_host=0,
                                             ttl_dns_cache=300, enable_cleanup_closed=True)
            self._session = aiohttp.ClientSession(connector=connector, headers=self.headers,
                                                  timeout=self.timeout, json_serialize=json.dumps)
            self._loop = loop
        return self._session

    async def post_json(self, path: str, body: bytes, timeout_s: float | None = None) -> dict[str, Any]:
        return await self._call("POST", path, body, timeout_s)

    async def get_json(self, path: str, timeout_s: float | None = None) -> dict[str, Any]:
        return await self._call("GET", path, None, timeout_s)

    def url(self, path: str) -> str:
        """base URL + path, the base's query (e.g. an Azure api-version) kept at the end."""
        url = self._urls.get(path)
        if url is None:
            b = self._base
            url = self._urls[path] = urlunsplit((b.scheme, b.netloc, f"{b.path.rstrip('/')}/{path.lstrip('/')}",
                                                 b.query, ""))
        return url

    async def _call(self, method: str, path: str, body: bytes | None,
                    timeout_s: float | None) -> dict[str, Any]:
        url = self.url(path)
        timeout = aiohttp.ClientTimeout(total=timeout_s) if timeout_s else self.timeout
        try:
            async with self._client().request(method, url, data=body, timeout=timeout) as resp:
                raw = await resp.read()
                status, headers = resp.status, {k.lower(): v for k, v in resp.headers.items()}
        except TimeoutError:
            raise TransportError(f"{self.shown_url}: request timed out after "
                                 f"{timeout.total:g} s") from None
        except aiohttp.ClientError as exc:
            raise TransportError(scrub(f"{self.shown_url}: {_describe(exc)}", self.secrets)) from None
        try:
            return _decode(status, headers, raw, self.shown_url)
        except HTTPStatusError as exc:
            exc.message, exc.body_text = scrub(exc.message, self.secrets), scrub(exc.body_text, self.secrets)
            raise

    async def aclose(self) -> None:
        session, loop = self._session, self._loop
        self._session = self._loop = None
        if session is not None and loop is asyncio.get_running_loop():
            await session.close()


def _describe(exc: aiohttp.ClientError) -> str:
    if isinstance(exc, aiohttp.ClientConnectorError):
        return f"cannot connect ({exc.os_error.strerror or exc.os_error})"
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _decode(status: int, headers: dict[str, str], raw: bytes, shown_url: str) -> dict[str, Any]:
    if status >= 400:
        text = raw.decode("utf-8", errors="replace")
        raise HTTPStatusError(status, _error_message(status, text), text, headers)
    try:
        data = json.loads(raw)
    except ValueError:
        raise TransportError(f"{shown_url}: the reply is not JSON (HTTP {status}, "
                             f"{len(raw)} bytes)") from None
    if not isinstance(data, dict):
        raise TransportError(f"{shown_url}: the reply is not a JSON object (HTTP {status})")
    return data
