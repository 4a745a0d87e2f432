"""The OpenAI Batch file formats, pure: input lines out, output lines in (no I/O, no client).

Input: one request per line, `{"custom_id", "method": "POST", "url": "/v1/chat/completions",
"body"}`, the body being the very bytes the live client would POST, and `custom_id` the
exchange's cache key, so a batch reply and a live reply land under the same key.

Output (and error) files: `{"id", "custom_id", "response": {"status_code", "request_id",
"body"}, "error"}` per line, in any order. A line is read into an `Answer` (a reply the live
client's parser made) or a `Failure` (a status and message); what cannot be read at all is a
`Problem` the caller reports, never an exception.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from ...records import Record
from ..cache import CachedReply
from ..client import _to_reply
from ..transport import _error_message

CHAT_URL = "/v1/chat/completions"
_HEAD = b'{"custom_id":"'
_MIDDLE = b'","method":"POST","url":"' + CHAT_URL.encode() + b'","body":'


def input_line(key: str, body: bytes) -> bytes:
    """One request line; `body` is embedded as is (already canonical JSON)."""
    return _HEAD + key.encode("ascii") + _MIDDLE + body + b"}\n"


def read_input_line(line: bytes) -> tuple[str, bytes] | None:
    """(custom_id, body bytes) of a line `input_line` wrote; None for anything else."""
    line = line.rstrip(b"\n")
    if not line.startswith(_HEAD):
        return None
    key, sep, rest = line[len(_HEAD):].partition(_MIDDLE)
    if not sep or not rest.endswith(b"}"):
        return None
    return key.decode("ascii", "replace"), rest[:-1]


class Answer(Record):
    custom_id: str
    reply: CachedReply


FailureKind = Literal["status", "malformed", "unanswered"]


class Failure(Record):
    """A request the batch did not answer: a non-200 `status`, a 200 whose body is not a chat
    completion (`malformed`), or no response at all (`unanswered`: expired, cancelled)."""

    custom_id: str
    kind: FailureKind = "status"
    status: int = 0
    message: str
    body: str = ""  # a non-200 response's body as text (what says a response_format was refused)

    @property
    def transient(self) -> bool:
        """Worth asking again in the next round (what the live client retries, and no answer)."""
        return self.kind != "status" or self.status in (408, 409, 429) or self.status >= 500


class Problem(Record):
    """A line that answers nothing: not JSON, or no custom_id."""

    where: str  # "line 17"
    what: str


def read_output_line(text: bytes, number: int) -> Answer | Failure | Problem:
    """One line of an output or error file."""
    try:
        obj = json.loads(text)
    except ValueError:
        return Problem(where=f"line {number}", what="not JSON")
    if not isinstance(obj, dict) or not isinstance(obj.get("custom_id"), str) or not obj["custom_id"]:
        return Problem(where=f"line {number}", what="no custom_id")
    cid = obj["custom_id"]
    response = obj.get("response")
    if not isinstance(response, dict):
        return Failure(custom_id=cid, kind="unanswered", message=_error_text(obj.get("error")) or "no response")
    return _response(cid, response)


def _response(cid: str, response: dict[str, Any]) -> Answer | Failure:
    status, body = response.get("status_code"), response.get("body")
    if not isinstance(status, int):
        return Failure(custom_id=cid, kind="malformed", message="no status_code in the response")
    if status != 200:
        text = body if isinstance(body, str) else json.dumps(body, ensure_ascii=False)
        return Failure(custom_id=cid, status=status, message=_error_message(status, text), body=text[:2000])
    if not isinstance(body, dict) or not _is_completion(body):
        return Failure(custom_id=cid, kind="malformed", message="HTTP 200 with a body that is not a chat completion")
    return Answer(custom_id=cid, reply=_to_reply(body))


def _is_completion(body: dict[str, Any]) -> bool:
    if not isinstance(body.get("choices"), list) or not body["choices"]:
        return False
    first = body["choices"][0]
    return isinstance(first, dict) and isinstance(first.get("message"), dict)


def _error_text(error: Any) -> str:
    if isinstance(error, dict):
        return str(error.get("message") or error.get("code") or "")
    return str(error or "")
