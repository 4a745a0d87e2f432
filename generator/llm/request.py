"""Pure request building and reply parsing: no client, no I/O, tested without a server."""

from __future__ import annotations

import hashlib
import ipaddress
import json
import re
from functools import lru_cache
from typing import Any, Literal
from urllib.parse import urlparse

from pydantic import BaseModel, ValidationError

from .protocol import ReplyCheck

StructuredMode = Literal["json_schema", "json_object_schema", "json_object", "none"]

# Weaker modes to fall back to when a server refuses a response_format, strongest first.
# json_object_schema is JSON mode carrying the schema ({"type": "json_object", "schema": ...}),
# which llama.cpp's server enforces by grammar although it refuses "json_schema".
FALLBACKS: dict[str, StructuredMode | None] = {
    "json_schema": "json_object_schema",
    "json_object_schema": "json_object",
    "json_object": "none",
    "none": None,
}

_THINK = re.compile(r"<think>.*?</think>", re.DOTALL)  # reasoning models served by vLLM / llama.cpp
_FENCE = re.compile(r"^\s*```[a-zA-Z0-9_ -]*\n(.*?)\n?```\s*$", re.DOTALL)
_MAX_PROBLEMS = 6


def schema_name(reply_model: type[BaseModel]) -> str:
    # OpenAI restricts the name to [a-zA-Z0-9_-]{1,64}.
    return re.sub(r"[^a-zA-Z0-9_-]", "_", reply_model.__name__)[:64]


@lru_cache(maxsize=256)
def model_schema(reply_model: type[BaseModel]) -> dict[str, Any]:
    """A reply model's JSON Schema, generated once per model (pydantic's generator is slow).
    Callers must not mutate it: requests share it, and it is only ever serialized."""
    return reply_model.model_json_schema()


@lru_cache(maxsize=1024)
def response_format(mode: StructuredMode, reply_model: type[BaseModel]) -> dict[str, Any] | None:
    if mode == "json_schema":
        return {"type": "json_schema",
                "json_schema": {"name": schema_name(reply_model),
                                "schema": model_schema(reply_model), "strict": False}}
    if mode == "json_object_schema":
        return {"type": "json_object", "schema": model_schema(reply_model)}
    if mode == "json_object":
        return {"type": "json_object"}
    return None


@lru_cache(maxsize=256)
def json_instruction(reply_model: type[BaseModel]) -> str:
    """Told to the model when the server cannot enforce the schema itself."""
    schema = json.dumps(model_schema(reply_model), ensure_ascii=False, sort_keys=True)
    return ("Reply with JSON only: one JSON object, no prose, no code fence, "
            f"matching this JSON Schema: {schema}")


def with_instruction(messages: list[dict[str, str]], text: str) -> list[dict[str, str]]:
    """Append `text` to the last user message (keeps the task block the last fenced block)."""
    out = [dict(m) for m in messages]
    for m in reversed(out):
        if m.get("role") == "user":
            m["content"] = f"{m.get('content', '')}\n\n{text}"
            return out
    return [*out, {"role": "user", "content": text}]


def build_request(*, base_url: str, model: str, messages: list[dict[str, str]],
                  reply_model: type[BaseModel], mode: StructuredMode,
                  temperature: float, seed: int | None = None,
                  max_tokens: int | None = None) -> dict[str, Any]:
    """The full request: what is sent (minus base_url) and what the cache key is computed from.

    `seed` (OpenAI's sampling seed) is the work item's seed: two items with the same prompt are
    different exchanges, so the cache never hands one item's reply to another."""
    if mode != "json_schema":
        messages = with_instruction(messages, json_instruction(reply_model))
    req: dict[str, Any] = {"base_url": base_url, "model": model, "messages": messages,
                           "temperature": temperature}
    if seed is not None:
        req["seed"] = seed
    if max_tokens is not None:  # a small model can ramble to its context limit otherwise
        req["max_tokens"] = max_tokens
    fmt = response_format(mode, reply_model)
    if fmt is not None:
        req["response_format"] = fmt
    return req


def build_tool_request(*, base_url: str, model: str, messages: list[dict[str, Any]],
                       tools: list[dict[str, Any]], temperature: float, tool_choice: str = "auto",
                       seed: int | None = None, max_tokens: int | None = None) -> dict[str, Any]:
    """A native tool-calling request (`tools=`); like build_request, it is also the cache key."""
    req: dict[str, Any] = {"base_url": base_url, "model": model, "messages": messages, "temperature": temperature}
    if tools:  # an empty `tools` list is refused by OpenAI's API: a request offering none sends none
        req |= {"tools": tools, "tool_choice": tool_choice}
    if seed is not None:
        req["seed"] = seed
    if max_tokens is not None:
        req["max_tokens"] = max_tokens
    return req


def send_kwargs(request: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in request.items() if k != "base_url"}


def dumps_body(body: dict[str, Any]) -> bytes:
    """The wire form: canonical JSON (sorted keys, no spaces), UTF-8."""
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def keyed_body(request: dict[str, Any]) -> tuple[str, bytes]:
    """(cache key, body to send) from one serialization. The key is the sha256 of the canonical
    JSON of the whole request, base_url included: "base_url" sorts first, so the canonical
    request is `{"base_url":<url>,` followed by the body without its opening brace."""
    body = dumps_body(send_kwargs(request))
    digest = hashlib.sha256(b'{"base_url":' + dumps_body(request["base_url"]))
    digest.update(b"," + body[1:] if len(body) > 2 else b"}")
    return digest.hexdigest(), body


def strip_fences(text: str) -> str:
    m = _FENCE.match(text)
    return m.group(1).strip() if m else text.strip()


def _validation_problems(err: ValidationError) -> list[str]:
    out = []
    for e in err.errors()[:_MAX_PROBLEMS]:
        loc = ".".join(str(p) for p in e["loc"]) or "(reply)"
        out.append(f"field '{loc}': {e['msg']}")
    return out


def load_json(raw: str) -> Any:
    """The reply's JSON: the whole content (fences stripped), else the span from the first '{' to
    the last '}' -- small local models often wrap the object in a sentence or a <think> block."""
    text = strip_fences(_THINK.sub("", raw or ""))
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        start, end = text.find("{"), text.rfind("}")
        if start < 0 or end <= start:
            raise
        try:
            return json.loads(text[start:end + 1])
        except json.JSONDecodeError:
            pass
        raise


def parse_reply(raw: str, reply_model: type[BaseModel]) -> tuple[BaseModel | None, list[str]]:
    """Parse a reply's content into the model; return (value, problems)."""
    try:
        data = load_json(raw)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno} column {exc.colno}"
        return None, [f"the reply is not valid JSON ({exc.msg} at {where}); reply with one JSON object only"]
    if not isinstance(data, dict):
        return None, [f"the reply must be a JSON object, not {type(data).__name__}"]
    try:
        return reply_model.model_validate(data), []
    except ValidationError as err:
        return None, _validation_problems(err)


def evaluate(raw: str, reply_model: type[BaseModel],
             check: ReplyCheck | None) -> tuple[BaseModel | None, list[str]]:
    value, problems = parse_reply(raw, reply_model)
    if value is None or check is None:
        return value, problems
    return value, [str(p) for p in check(value)]


def reask_messages(messages: list[dict[str, str]], raw: str, problems: list[str]) -> list[dict[str, str]]:
    """The conversation so far plus the rejected reply and what was wrong with it."""
    listed = "\n".join(f"- {p}" for p in problems)
    note = (f"Your reply has these problems:\n{listed}\n"
            "Answer the same task again, fixing them. Reply with the JSON object only.")
    return [*messages, {"role": "assistant", "content": raw}, {"role": "user", "content": note}]


def mentions_response_format(status: int, body_text: str) -> bool:
    """Does an error answer say that the server refuses our response_format?

    llama.cpp's Python server answers a json_schema response_format with a 500 whose body names
    the accepted types ("Input should be 'text' or 'json_object'"), so 500 counts too."""
    if status not in (400, 422, 500):
        return False
    text = body_text.lower()
    return any(k in text for k in ("response_format", "json_schema", "json_object", "structured output"))


def retry_after_seconds(headers: Any, cap: float) -> float | None:
    """Seconds from Retry-After(-ms) (numeric form only), capped; None when absent or unparsable.

    `headers` must look names up case-insensitively (httpx headers do)."""
    if headers is None:
        return None
    for name, scale in (("retry-after-ms", 1000.0), ("retry-after", 1.0)):  # OpenAI sends both
        try:
            return max(0.0, min(float(headers.get(name)) / scale, cap))
        except (TypeError, ValueError):
            continue
    return None


def backoff_seconds(retry_number: int, initial: float, cap: float, u: float) -> float:
    """Exponential backoff with equal jitter (half fixed, half random); `u` in [0, 1) from the caller."""
    base = min(cap, initial * (2 ** max(0, retry_number - 1)))
    return base * (0.5 + u / 2)


def is_local_url(url: str) -> bool:
    """Loopback or private-network endpoints (vLLM, Ollama, llama.cpp) need no real API key."""
    host = (urlparse(url).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_private or ip.is_unspecified
