"""On-disk exchange cache: one JSON file per request, keyed by the hash of the full request.

A rerun or a resumed run replays cached replies instead of sending, so it never repeats a call.
Only completed exchanges are stored; transport failures never are.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from pydantic import Field

from ..io import atomic_write_bytes, atomic_write_text
from ..records import Record

FALLBACK_MARK = "fallbacks"


class CachedReply(Record):
    content: str
    tool_calls: list[dict[str, Any]] = Field(default_factory=list)  # {id, name, arguments}
    prompt_tokens: int = 0
    completion_tokens: int = 0
    by: str = ""  # the dataset (config hash) that paid for this exchange


def canonical_json(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def request_key(request: dict[str, Any]) -> str:
    return hashlib.sha256(canonical_json(request).encode("utf-8")).hexdigest()


class DiskCache:
    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self._fallbacks: bool | None = None

    def path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> CachedReply | None:
        try:
            data = json.loads(self.path(key).read_text(encoding="utf-8"))
            return CachedReply.model_validate(data["reply"])
        except (OSError, ValueError, KeyError, TypeError):
            # A missing or damaged entry is a miss: the request is simply sent again.
            return None

    def put(self, key: str, request: dict[str, Any] | bytes, reply: CachedReply) -> None:
        """`request` may be the already-encoded JSON body: it is stored as is, not re-encoded."""
        raw = request if isinstance(request, bytes) else json.dumps(request, ensure_ascii=False).encode()
        entry = (b'{"key":"' + key.encode() + b'","request":' + raw + b',"reply":'
                 + reply.model_dump_json().encode() + b"}\n")
        atomic_write_bytes(self.path(key), entry)

    def mark_fallback(self) -> None:
        """Remember that some endpoint refused a response_format, so lookups also try the
        weaker modes' keys (skipped otherwise: three extra keys and stats per request)."""
        self._fallbacks = True
        mark = self.root / FALLBACK_MARK
        if not mark.exists():
            atomic_write_text(mark, "a structured-output fallback happened; see llm/request.py\n")

    def has_fallbacks(self) -> bool:
        if self._fallbacks is None:  # once per run: a fallback in this run sets it directly
            self._fallbacks = (self.root / FALLBACK_MARK).exists()
        return self._fallbacks

    def __len__(self) -> int:
        return sum(1 for _ in self.root.glob("??/*.json")) if self.root.exists() else 0
