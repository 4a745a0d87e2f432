"""A fake OpenAI-compatible server for tests and offline demos (stdlib only, 127.0.0.1 only).

    with FakeOpenAI(error_rate=0.2, seed=1) as srv:
        client = make_client(cfg, cache_dir, base_url=srv.base_url, model="fake")

    python -m generator.testing.fake_openai --port 8765 --error-rate 0.2

It answers the project's prompts deterministically (see answerers.py and TASKS.md) and can
inject latency, 429/500 errors, malformed replies (prose where JSON was asked for), garbled
bodies (a 200 cut short, an HTML page, an object without `choices`), hanging requests, refusals
of every request with one 4xx status, and a refusal of response_format json_schema. Scripted replies (`srv.push(...)`) take precedence over everything.
"""

from __future__ import annotations

import argparse
import json
import random
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self
from urllib.parse import urlsplit

from .answerers import answer, find_task
from .fake_batch import FakeBatches

HOST = "127.0.0.1"
RAW_BODY = "__raw_body__"  # a reply dict holding only this key is sent as these bytes, not as JSON
MALFORMED = "Sure! Here is what you asked for: the queries are listed below (not JSON, sorry)."
# Bodies a broken proxy or an overloaded gateway sends with status 200, taken in turn.
GARBLED: tuple[bytes, ...] = (
    b'{"id": "chatcmpl-cut", "object": "chat.completion", "choices": [{"index": 0, "mess',
    b"<html><body><h1>502 Bad Gateway</h1></body></html>",
    b'{"object": "chat.completion", "usage": {"total_tokens": 0}}',
)


@dataclass
class Canned:
    """One scripted reply: assistant `content` with status 200, or an HTTP error."""

    content: str | None = None
    status: int = 200
    message: str = ""
    retry_after: float | None = None
    hang: bool = False
    garbled: bool = False  # a 200 whose body is no chat completion (see GARBLED)
    param: str | None = "auto"  # the error's `param`; auto: response_format for a 400


def rate_limited(retry_after: float | None = 0) -> Canned:
    return Canned(status=429, message="Rate limit reached", retry_after=retry_after)


def server_error() -> Canned:
    return Canned(status=500, message="The server had an error while processing your request")


def hanging() -> Canned:
    return Canned(hang=True)


def reply(obj: Any) -> Canned:
    return Canned(content=obj if isinstance(obj, str) else json.dumps(obj, ensure_ascii=False))


@dataclass
class FakeOptions:
    latency_ms: float = 0.0
    error_rate: float = 0.0  # share of requests answered 429 or 500 (half each)
    malformed_rate: float = 0.0  # share answered 200 with non-JSON content
    hang_rate: float = 0.0  # share that sleep `hang_s` (past any sane client timeout)
    hang_s: float = 30.0
    garbled_rate: float = 0.0  # share answered 200 with a body that is no chat completion
    refuse_status: int | None = None  # answer every chat request with this status (e.g. 400)
    refuse_message: str = "Invalid value for 'model': the model does not exist"
    echo_auth: bool = False  # error messages quote the Authorization header, decoded (a leaky proxy)
    retry_after: float | None = None  # None: 429s carry Retry-After 0 or 1 at random
    no_json_schema: bool = False  # 400 on response_format json_schema
    format_refusal_status: int = 400  # llama.cpp's Python server refuses json_schema with a 500
    no_response_format: bool = False  # 400 on any response_format
    leak_first: bool = False
    drop_first: bool = False
    seed: int = 0
    model: str = "fake-model"
    # Model-under-test mode: an object whose `answer(body) -> message | None` replies to requests
    # that are not one of trajgen's prompts (see oracle.py); None answers those with an error.
    oracle: Any = None
    aliases: tuple[str, ...] = ("fake",)  # also listed by /v1/models
    strict_models: bool = False  # 404 model_not_found for a model not listed
    api_key: str | None = None  # when set, any other bearer key gets a 401
    batch_delay_s: float = 0.0  # the Batches API (fake_batch.py): seconds before a batch completes


@dataclass
class Logged:
    path: str
    status: int
    outcome: str  # answer | script | 429 | 500 | hang | malformed | garbled | format | bad_request | refused
    task: str | None = None
    body: dict[str, Any] = field(default_factory=dict)
    t_done: float | None = None  # time.time() when the reply was ready to send
    t_sent: float | None = None  # time.time() when its last byte was handed to the socket
    tokens: int = 0  # prompt + completion tokens of the answer sent (what a provider bills)


def _error_body(message: str, param: str | None = None) -> dict[str, Any]:
    return {"error": {"message": message, "type": "invalid_request_error", "param": param, "code": None}}


def _echo(auth: str) -> str:
    """What a leaky proxy says back: the Authorization header, and a Basic one decoded."""
    import base64

    kind, _, token = auth.partition(" ")
    decoded = ""
    if kind == "Basic":
        try:
            decoded = base64.b64decode(token).decode("utf-8", "replace")
        except ValueError:
            decoded = ""
    user, _, password = decoded.partition(":")
    return f" (you sent: {auth}; user {user!r}, password {password!r}, as {decoded})"


def _usage(messages: list[dict[str, Any]], content: str) -> dict[str, int]:
    # Word counts stand in for tokens: deterministic, and enough to exercise budgets.
    prompt = sum(len(str(m.get("content", "")).split()) for m in messages)
    completion = len(content.split())
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}


class FakeOpenAI:
    def __init__(self, port: int = 0, **options: Any) -> None:
        self.options = FakeOptions(**options)
        self.port = port
        self.requests: list[Logged] = []
        self._script: deque[Canned] = deque()
        self._rng = random.Random(self.options.seed)
        self._garbled = 0
        self._lock = threading.Lock()
        self._current = threading.local()  # per handler thread: the request being answered
        self._stop = threading.Event()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self.batches = FakeBatches(self, self.options.batch_delay_s)  # /v1/files, /v1/batches

    # ------------------------------------------------------------ lifecycle

    @property
    def base_url(self) -> str:
        return f"http://{HOST}:{self.port}/v1"

    def start(self) -> Self:
        self._stop.clear()
        self._server = ThreadingHTTPServer((HOST, self.port), _Handler)
        self._server.daemon_threads = True
        self._server.fake = self  # type: ignore[attr-defined]
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05},
                                        name="fake-openai", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()  # wakes hanging handlers
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._server = self._thread = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ------------------------------------------------------------ test helpers

    def push(self, *items: Canned | str | dict[str, Any]) -> None:
        """Queue scripted replies; each request takes the next one before any other behavior."""
        with self._lock:
            self._script.extend(i if isinstance(i, Canned) else reply(i) for i in items)

    def count(self, outcome: str | None = None, task: str | None = None) -> int:
        with self._lock:
            return sum(1 for r in self.requests if r.path.endswith("/chat/completions")
                       and outcome in (None, r.outcome) and task in (None, r.task))

    def counts(self) -> dict[str, int]:
        """Chat requests per outcome, their total, and the tokens of the answers sent."""
        with self._lock:
            chats = [r for r in self.requests if r.path.endswith("/chat/completions")]
        out: dict[str, int] = {"requests": len(chats), "tokens": sum(r.tokens for r in chats)}
        for r in chats:
            out[r.outcome] = out.get(r.outcome, 0) + 1
        return out

    def tokens(self) -> int:
        """Tokens of every answer sent so far: what a provider would bill."""
        return self.counts()["tokens"]

    # ------------------------------------------------------------ request handling

    def handle(self, method: str, path: str, raw: bytes,
               auth: str = "") -> tuple[int, dict[str, str], dict[str, Any] | bytes]:
        """(status, headers, JSON body, or the bytes of a file) for one request. Thread-safe."""
        if self.options.api_key is not None and auth != f"Bearer {self.options.api_key}":
            return 401, {}, _error_body("Incorrect API key provided")
        routed = self.batches.handle(method, path, raw, auth)
        if routed is not None:
            return routed
        if method == "GET" and path.rstrip("/") == "/v1/models":
            return 200, {}, {"object": "list", "data": [{"id": m, "object": "model", "created": 0,
                                                         "owned_by": "trajgen"} for m in self.models()]}
        if method == "POST" and path.rstrip("/") == "/v1/chat/completions":
            return self._chat(path, raw, auth)
        return 404, {}, _error_body(f"no route {method} {path}")

    def models(self) -> list[str]:
        return [self.options.model, *self.options.aliases]

    def _chat(self, path: str, raw: bytes, auth: str = "") -> tuple[int, dict[str, str], dict[str, Any]]:
        if self.options.refuse_status is not None:
            self._log(Logged(path, self.options.refuse_status, "refused"))
            echoed = _echo(auth) if self.options.echo_auth else ""
            return self.options.refuse_status, {}, _error_body(self.options.refuse_message + echoed, "model")
        try:
            body = json.loads(raw or b"{}")
            messages = list(body["messages"])
        except (ValueError, KeyError, TypeError):
            self._log(Logged(path, 400, "bad_request"))
            return 400, {}, _error_body("body must be JSON with a 'messages' list", "messages")
        if self.options.strict_models and body.get("model") not in self.models():
            self._log(Logged(path, 404, "bad_request", None, body))
            return 404, {}, _error_body(f"The model '{body.get('model')}' does not exist", "model")
        task = find_task(messages)
        name = str(task.get("task")) if task else None
        canned, outcome = self._decide(body)
        entry = Logged(path, canned.status, outcome, name, body)
        self._log(entry)
        reply = self._respond(canned, body, messages, auth)
        entry.t_done = time.time()
        usage = reply[2].get("usage") if reply[0] == 200 else None
        entry.tokens = int(usage.get("total_tokens") or 0) if isinstance(usage, dict) else 0
        return reply

    def _decide(self, body: dict[str, Any]) -> tuple[Canned, str]:
        with self._lock:
            if self._script:
                return self._script.popleft(), "script"
            refusal = self._format_refusal(body.get("response_format"))
            if refusal is not None:
                return refusal, "format"
            return self._roll()

    def _format_refusal(self, fmt: Any) -> Canned | None:
        kind = fmt.get("type") if isinstance(fmt, dict) else None
        if kind and (self.options.no_response_format or (self.options.no_json_schema and kind == "json_schema")):
            return Canned(status=self.options.format_refusal_status,
                          message=f"response_format type '{kind}' is not supported by this server")
        return None

    def _roll(self) -> tuple[Canned, str]:
        o, r = self.options, self._rng.random()
        if r < o.hang_rate:
            return hanging(), "hang"
        r -= o.hang_rate
        if r < o.error_rate:
            if self._rng.random() < 0.5:
                after = o.retry_after if o.retry_after is not None else float(self._rng.choice([0, 1]))
                return rate_limited(after), "429"
            return server_error(), "500"
        r -= o.error_rate
        if r < o.malformed_rate:
            return Canned(content=MALFORMED), "malformed"
        r -= o.malformed_rate
        if r < o.garbled_rate:
            return Canned(garbled=True), "garbled"
        return Canned(), "answer"

    def _respond(self, canned: Canned, body: dict[str, Any], messages: list[dict[str, Any]],
                 auth: str = "") -> tuple[int, dict[str, str], dict[str, Any]]:
        if self.options.latency_ms:
            self._stop.wait(self.options.latency_ms / 1000)
        if canned.hang:
            self._stop.wait(self.options.hang_s)
        if canned.garbled:
            with self._lock:
                self._garbled += 1
                raw = GARBLED[self._garbled % len(GARBLED)]
            return 200, {}, {RAW_BODY: raw}
        if canned.status != 200:
            headers = {} if canned.retry_after is None else {"Retry-After": f"{canned.retry_after:g}"}
            param = ("response_format" if canned.status == 400 else None) if canned.param == "auto" else canned.param
            echoed = _echo(auth) if self.options.echo_auth else ""
            return canned.status, headers, _error_body((canned.message or f"HTTP {canned.status}") + echoed, param)
        content = canned.content
        if content is None and self.options.oracle is not None and find_task(messages) is None:
            message = self.options.oracle.answer(body)
            if message is not None:
                return 200, {}, self._completion(body, messages, message.get("content") or "", message)
        if content is None:
            content = json.dumps(answer(messages, leak_first=self.options.leak_first,
                                        drop_first=self.options.drop_first), ensure_ascii=False)
        return 200, {}, self._completion(body, messages, content)

    def _completion(self, body: dict[str, Any], messages: list[dict[str, Any]], content: str,
                    message: dict[str, Any] | None = None) -> dict[str, Any]:
        with self._lock:
            n = len(self.requests)
        message = message or {"role": "assistant", "content": content}
        calls = message.get("tool_calls") or []
        spoken = content + "".join(f" {c['function']['arguments']}" for c in calls)
        return {"id": f"chatcmpl-fake-{n}", "object": "chat.completion", "created": 0,
                "model": body.get("model") or self.options.model,
                "choices": [{"index": 0, "message": message,
                             "finish_reason": "tool_calls" if calls else "stop", "logprobs": None}],
                "usage": _usage(messages, spoken)}

    def _log(self, entry: Logged) -> None:
        self._current.entry = entry  # this handler thread's request, until its reply is sent
        with self._lock:
            self.requests.append(entry)

    def sent(self) -> None:
        """Called by the handler thread once the reply's last byte is written to the socket."""
        entry = getattr(self._current, "entry", None)
        if entry is not None:
            entry.t_sent, self._current.entry = time.time(), None


class _Handler(BaseHTTPRequestHandler):
    server_version = "FakeOpenAI/1"

    def _reply(self, method: str) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        auth = self.headers.get("Authorization") or ""
        path = urlsplit(self.path).path  # a query (api-version, api-key) is not part of the route
        fake = self.server.fake  # type: ignore[attr-defined]
        status, headers, payload = fake.handle(method, path, raw, auth)
        raw_body = payload.get(RAW_BODY) if isinstance(payload, dict) and len(payload) == 1 else None
        if isinstance(payload, bytes):
            data = payload
        elif isinstance(raw_body, bytes):
            data = raw_body
        else:
            data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/octet-stream" if isinstance(payload, bytes)
                             else "application/json")
            self.send_header("Content-Length", str(len(data)))
            for k, v in headers.items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(data)
            fake.sent()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (timeout): nothing to tell it

    def do_GET(self) -> None:
        self._reply("GET")

    def do_POST(self) -> None:
        self._reply("POST")

    def log_message(self, format: str, *args: Any) -> None:
        pass  # keep test output clean; the request log is `FakeOpenAI.requests`


# ---------------------------------------------------------------- program

def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m generator.testing.fake_openai",
                                description="Fake OpenAI-compatible server on 127.0.0.1.")
    p.add_argument("--port", type=int, default=8765)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--error-rate", type=float, default=0.0)
    p.add_argument("--malformed-rate", type=float, default=0.0)
    p.add_argument("--latency-ms", type=float, default=0.0)
    p.add_argument("--hang-rate", type=float, default=0.0)
    p.add_argument("--hang-s", type=float, default=30.0)
    p.add_argument("--garbled-rate", type=float, default=0.0)
    p.add_argument("--refuse-status", type=int, default=None, help="answer every chat request with this status")
    p.add_argument("--retry-after", type=float, default=None)
    p.add_argument("--no-json-schema", action="store_true")
    p.add_argument("--no-response-format", action="store_true")
    p.add_argument("--leak-first", action="store_true")
    p.add_argument("--drop-first", action="store_true")
    p.add_argument("--batch-delay-s", type=float, default=0.0, help="seconds before a batch completes")
    p.add_argument("--oracle", metavar="GOLD", help="model-under-test mode: answer tool-calling requests "
                   "from this gold file (python -m generator.testing.oracle gold ...)")
    p.add_argument("--accuracy", default="0.9,0.7,0.5,0.3",
                   help="oracle: share answered correctly per level, by rank or LEVEL=SHARE,...")
    p.add_argument("--error-mix", default="", help="oracle: LABEL=WEIGHT,... of the injected errors")
    p.add_argument("--oracle-log", help="oracle: write item id -> injected label here (JSON Lines)")
    return p


ORACLE_FLAGS = ("oracle", "accuracy", "error_mix", "oracle_log")


def options_of(args: dict[str, Any]) -> dict[str, Any]:
    """FakeOptions fields from the parsed flags (the oracle flags build the oracle)."""
    opts = {k: v for k, v in args.items() if k not in ORACLE_FLAGS and k != "port"}
    if args.get("oracle"):
        from .oracle import Oracle

        opts["oracle"] = Oracle.from_options(**{k: args[k] for k in ORACLE_FLAGS}, seed=args["seed"])
    return opts


def main(argv: list[str] | None = None) -> int:
    args = vars(_parser().parse_args(argv))
    srv = FakeOpenAI(port=args["port"], **options_of(args))
    srv.start()
    print(f"fake OpenAI server at {srv.base_url} (Ctrl-C to stop)", flush=True)
    try:
        srv._stop.wait()
    except KeyboardInterrupt:
        pass
    finally:
        srv.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["Canned", "FakeOpenAI", "FakeOptions", "Logged", "hanging", "rate_limited", "reply",
           "server_error"]
