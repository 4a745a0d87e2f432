"""Keep credentials out of everything trajgen writes or prints, and name endpoints canonically.

A base URL may carry a user and password (`http://u:secret@host/v1`) or a key in its query
(`?api-key=...`, Azure-style). `redact_url` is what the manifest, the card, the cache entries
and every message show; `endpoint_id` is what the cache key uses, so the same server reached
as 127.0.0.1, localhost or [::1] is one endpoint and a credential never enters a hash.
"""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

SECRET_PARAM = re.compile(r"(key|token|secret|password|passwd|pwd|sig|signature|auth|credential)", re.IGNORECASE)
REDACTED = "REDACTED"
LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"}
_DEFAULT_PORTS = {"http": 80, "https": 443}


def _query(query: str, redact: bool) -> str:
    pairs = parse_qsl(query, keep_blank_values=True)
    return urlencode([(k, REDACTED if redact and SECRET_PARAM.search(k) else v) for k, v in pairs])


def _parts(url: str):
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:  # a malformed port or bracket: treat the whole thing as opaque
        return None, None
    return parts, port


def redact_url(url: str | None) -> str | None:
    """The URL without user, password or secret-looking query values."""
    if url is None:
        return None
    parts, port = _parts(url)
    if parts is None or not parts.hostname:
        return re.sub(r"//[^/@]*@", "//", url)
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    netloc = f"{host}:{port}" if port is not None else host
    return urlunsplit((parts.scheme, netloc, parts.path, _query(parts.query, True), ""))


def credentials(url: str) -> tuple[str | None, str | None]:
    """(user, password) embedded in the URL, if any."""
    parts, _ = _parts(url)
    if parts is None:
        return None, None
    return parts.username, parts.password


def strip_credentials(url: str) -> str:
    """The URL to send requests to: no userinfo (sent as a header instead), query kept."""
    parts, port = _parts(url)
    if parts is None or not parts.hostname:
        return url
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    netloc = f"{host}:{port}" if port is not None else host
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


def is_loopback_host(host: str) -> bool:
    host = host.lower().rstrip(".")
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def endpoint_id(url: str) -> str:
    """Canonical endpoint for cache keys: scheme, host (loopback aliases as one), port, path;
    no credentials, no query, no trailing slash, default ports dropped."""
    parts, port = _parts(url)
    if parts is None or not parts.hostname:
        return redact_url(url) or ""
    scheme = parts.scheme.lower()
    host = "loopback" if is_loopback_host(parts.hostname) else parts.hostname.lower()
    if port == _DEFAULT_PORTS.get(scheme):
        port = None
    netloc = f"{host}:{port}" if port is not None else host
    return urlunsplit((scheme, netloc, parts.path.rstrip("/"), "", ""))


def scrub(text: str, secrets: list[str]) -> str:
    """`text` with every known secret value replaced (for messages built from server replies)."""
    for s in sorted(secrets, key=len, reverse=True):  # "user:pw" before "pw"
        if s and len(s) >= 4:
            text = text.replace(s, REDACTED)
    return text
