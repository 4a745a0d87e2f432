"""The Files and Batches endpoints of the fake OpenAI-compatible server (stdlib only).

    POST /v1/files                 multipart upload (purpose=batch)
    GET  /v1/files, /v1/files/{id}, /v1/files/{id}/content
    POST /v1/batches               {input_file_id, endpoint, completion_window, metadata}
    GET  /v1/batches, /v1/batches/{id}
    POST /v1/batches/{id}/cancel

Each request line of a batch is answered by the fake server's own chat endpoint
(`FakeOpenAI.handle`), so a batch reply is exactly the reply the live endpoint gives for the
same body, scripted replies and injected faults included (a line answered 429 or 500 goes to
the batch's error file, as OpenAI does). A batch completes `delay_s` after it was created; until
then each retrieval answers the share of its lines the elapsed time says and reports the count,
so a client's progress line moves. The server counts what a test must see: batches created,
request lines received, lines answered.
"""

from __future__ import annotations

import email.parser
import email.policy
import json
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .fake_openai import FakeOpenAI

CHAT = "/v1/chat/completions"
Reply = tuple[int, dict[str, str], "dict[str, Any] | bytes"]


def _error(status: int, message: str, param: str | None = None) -> Reply:
    return status, {}, {"error": {"message": message, "type": "invalid_request_error", "param": param,
                                  "code": None}}


@dataclass
class StoredFile:
    id: str
    filename: str
    purpose: str
    data: bytes
    created_at: int

    def obj(self) -> dict[str, Any]:
        return {"id": self.id, "object": "file", "bytes": len(self.data), "created_at": self.created_at,
                "filename": self.filename, "purpose": self.purpose, "status": "processed",
                "status_details": None}


@dataclass
class Line:
    number: int  # 1-based line of the input file
    custom_id: str
    body: dict[str, Any]


@dataclass
class FakeBatchJob:
    id: str
    input_file_id: str
    endpoint: str
    completion_window: str
    metadata: dict[str, str] | None
    lines: list[Line]
    created: float  # monotonic
    created_at: int
    status: str = "validating"
    errors: list[dict[str, Any]] = field(default_factory=list)
    answered: list[dict[str, Any]] = field(default_factory=list)  # output lines, in answer order
    failed: int = 0
    output_file_id: str | None = None
    error_file_id: str | None = None
    done_at: int | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    def obj(self) -> dict[str, Any]:
        ok = len(self.answered) - self.failed
        stamp = {"completed": "completed_at", "failed": "failed_at", "cancelled": "cancelled_at",
                 "expired": "expired_at"}.get(self.status)
        return {"id": self.id, "object": "batch", "endpoint": self.endpoint,
                "errors": {"object": "list", "data": self.errors} if self.errors else None,
                "input_file_id": self.input_file_id, "completion_window": self.completion_window,
                "status": self.status, "output_file_id": self.output_file_id,
                "error_file_id": self.error_file_id, "created_at": self.created_at,
                "in_progress_at": self.created_at if self.status != "validating" else None,
                "expires_at": self.created_at + 86400,
                **({stamp: self.done_at} if stamp else {}),
                "request_counts": {"total": len(self.lines), "completed": ok, "failed": self.failed},
                "metadata": self.metadata}


class FakeBatches:
    """The Files and Batches API of one FakeOpenAI server; `delay_s` before a batch completes."""

    def __init__(self, fake: FakeOpenAI, delay_s: float = 0.0) -> None:
        self.fake = fake
        self.delay_s = delay_s
        self.files: dict[str, StoredFile] = {}
        self.jobs: dict[str, FakeBatchJob] = {}
        self.created = 0  # batches created
        self.lines_received = 0  # request lines of the batches created
        self.lines_answered = 0
        self.uploads = 0
        self._lock = threading.Lock()
        self._n = 0

    def _next_id(self, prefix: str) -> str:
        with self._lock:
            self._n += 1
            return f"{prefix}-fake{self._n:06d}"

    # ------------------------------------------------------------ routing

    def handle(self, method: str, path: str, raw: bytes, auth: str) -> Reply | None:
        """The reply to a Files or Batches request; None when `path` is not one of theirs."""
        parts = [p for p in path.split("/") if p][1:]  # without the leading "v1"
        if not parts or parts[0] not in ("files", "batches"):
            return None
        route = (method, parts[0], len(parts), parts[-1] if len(parts) == 3 else "")
        handler = ROUTES.get(route)
        if handler is None:
            return _error(404, f"no route {method} {path}")
        return handler(self, parts[1] if len(parts) > 1 else "", raw, auth)

    # ------------------------------------------------------------ files

    def upload(self, _: str, raw: bytes, auth: str) -> Reply:
        fields = multipart_fields(raw)
        if fields is None or "file" not in fields:
            return _error(400, "expected a multipart/form-data body with a 'file' part", "file")
        purpose = fields.get("purpose", (None, b""))[1].decode("utf-8", "replace")
        if purpose != "batch":
            return _error(400, f"purpose '{purpose}' is not supported here (use batch)", "purpose")
        name, data = fields["file"]
        stored = StoredFile(self._next_id("file"), name or "upload.jsonl", purpose, data, int(time.time()))
        with self._lock:
            self.files[stored.id] = stored
            self.uploads += 1
        return 200, {}, stored.obj()

    def list_files(self, _: str, raw: bytes, auth: str) -> Reply:
        with self._lock:
            data = [f.obj() for f in self.files.values()]
        return 200, {}, {"object": "list", "data": data, "has_more": False}

    def get_file(self, file_id: str, raw: bytes, auth: str) -> Reply:
        stored = self.files.get(file_id)
        return (200, {}, stored.obj()) if stored else _error(404, f"no such file: {file_id}")

    def content(self, file_id: str, raw: bytes, auth: str) -> Reply:
        stored = self.files.get(file_id)
        return (200, {}, stored.data) if stored else _error(404, f"no such file: {file_id}")

    # ------------------------------------------------------------ batches

    def create(self, _: str, raw: bytes, auth: str) -> Reply:
        try:
            req = json.loads(raw or b"{}")
            file_id, endpoint = str(req["input_file_id"]), str(req["endpoint"])
        except (ValueError, KeyError, TypeError):
            return _error(400, "body must be JSON with input_file_id and endpoint")
        stored = self.files.get(file_id)
        if stored is None:
            return _error(400, f"no such file: {file_id}", "input_file_id")
        if endpoint != CHAT:
            return _error(400, f"endpoint {endpoint} is not supported here (use {CHAT})", "endpoint")
        lines, errors = parse_input(stored.data, endpoint)
        job = FakeBatchJob(self._next_id("batch"), file_id, endpoint, str(req.get("completion_window", "24h")),
                           req.get("metadata"), lines, time.monotonic(), int(time.time()), errors=errors)
        if errors:
            job.status, job.done_at = "failed", job.created_at
        with self._lock:
            self.jobs[job.id] = job
            self.created += 1
            self.lines_received += len(lines)
        return 200, {}, job.obj()

    def list_batches(self, _: str, raw: bytes, auth: str) -> Reply:
        with self._lock:
            jobs = list(self.jobs.values())
        data = [self._advance(job, auth).obj() for job in reversed(jobs)]  # newest first, like OpenAI
        return 200, {}, {"object": "list", "data": data, "has_more": False,
                         "first_id": data[0]["id"] if data else None, "last_id": data[-1]["id"] if data else None}

    def retrieve(self, batch_id: str, raw: bytes, auth: str) -> Reply:
        job = self.jobs.get(batch_id)
        return (200, {}, self._advance(job, auth).obj()) if job else _error(404, f"no such batch: {batch_id}")

    def cancel(self, batch_id: str, raw: bytes, auth: str) -> Reply:
        job = self.jobs.get(batch_id)
        if job is None:
            return _error(404, f"no such batch: {batch_id}")
        with job.lock:
            if job.status in ("validating", "in_progress", "finalizing"):
                self._finish(job, "cancelled")
        return 200, {}, job.obj()

    # ------------------------------------------------------------ answering

    def _advance(self, job: FakeBatchJob, auth: str) -> FakeBatchJob:
        """Answer the share of the lines the elapsed time says; complete after `delay_s`."""
        with job.lock:
            if job.status not in ("validating", "in_progress"):
                return job
            share = 1.0 if self.delay_s <= 0 else min(1.0, (time.monotonic() - job.created) / self.delay_s)
            for line in job.lines[len(job.answered):int(len(job.lines) * share)]:
                self._answer(job, line, auth)
            job.status = "in_progress"
            if share >= 1.0:
                self._finish(job, "completed")
        return job

    def _answer(self, job: FakeBatchJob, line: Line, auth: str) -> None:
        raw = json.dumps(line.body, ensure_ascii=False).encode("utf-8")
        status, _, payload = self.fake.handle("POST", CHAT, raw, auth)
        n = len(job.answered) + 1
        job.answered.append({"id": f"batch_req_{job.id}_{n}", "custom_id": line.custom_id,
                             "response": {"status_code": status, "request_id": f"req_{job.id}_{n}",
                                          "body": payload}, "error": None})
        job.failed += status != 200
        with self._lock:
            self.lines_answered += 1

    def _finish(self, job: FakeBatchJob, status: str) -> None:
        ok = [a for a in job.answered if a["response"]["status_code"] == 200]
        bad = [a for a in job.answered if a["response"]["status_code"] != 200]
        job.output_file_id = self._store_output(job, "output", ok)
        job.error_file_id = self._store_output(job, "error", bad)
        job.status, job.done_at = status, int(time.time())

    def _store_output(self, job: FakeBatchJob, kind: str, lines: list[dict[str, Any]]) -> str | None:
        if not lines:
            return None
        # OpenAI does not keep the input order in the output: neither does the fake
        data = "".join(json.dumps(a, ensure_ascii=False) + "\n" for a in reversed(lines)).encode("utf-8")
        stored = StoredFile(self._next_id("file"), f"{job.id}_{kind}.jsonl", f"batch_{kind}", data,
                            int(time.time()))
        with self._lock:
            self.files[stored.id] = stored
        return stored.id

    # ------------------------------------------------------------ what tests read

    def custom_ids(self) -> list[str]:
        """Every custom_id of every batch created, in creation order (duplicates kept)."""
        with self._lock:
            return [line.custom_id for job in self.jobs.values() for line in job.lines]


def parse_input(data: bytes, endpoint: str) -> tuple[list[Line], list[dict[str, Any]]]:
    """The request lines of a batch input file, and OpenAI-style errors for the lines that are not."""
    lines: list[Line] = []
    errors: list[dict[str, Any]] = []
    seen: set[str] = set()
    for number, text in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
        if not text.strip():
            continue
        problem, line = _input_line(text, number, endpoint)
        if problem is None and line is not None and line.custom_id in seen:
            problem = f"duplicate custom_id '{line.custom_id}'"
        if problem is not None or line is None:
            errors.append({"code": "invalid_request", "message": problem, "param": None, "line": number})
            continue
        seen.add(line.custom_id)
        lines.append(line)
    if not lines and not errors:
        errors.append({"code": "empty_file", "message": "the input file has no request lines",
                       "param": None, "line": None})
    return lines, errors


def _input_line(text: str, number: int, endpoint: str) -> tuple[str | None, Line | None]:
    try:
        obj = json.loads(text)
    except ValueError:
        return "not valid JSON", None
    if not isinstance(obj, dict) or not isinstance(obj.get("custom_id"), str) or not obj["custom_id"]:
        return "no custom_id", None
    if obj.get("method") != "POST" or obj.get("url") != endpoint:
        return f"method must be POST and url {endpoint}", None
    if not isinstance(obj.get("body"), dict):
        return "body must be a JSON object", None
    return None, Line(number, obj["custom_id"], obj["body"])


def multipart_fields(raw: bytes) -> dict[str, tuple[str | None, bytes]] | None:
    """{field name: (filename, bytes)} of a multipart/form-data body. The boundary is read from
    the body's first line, so the route needs no headers."""
    first, _, _ = raw.partition(b"\r\n")
    if not first.startswith(b"--") or len(first) < 3:
        return None
    head = b"Content-Type: multipart/form-data; boundary=\"" + first[2:] + b"\"\r\n\r\n"
    msg = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + raw)
    if not msg.is_multipart():
        return None
    fields: dict[str, tuple[str | None, bytes]] = {}
    for part in msg.iter_parts():  # type: ignore[attr-defined]
        name = part.get_param("name", header="content-disposition")
        if name:
            payload = part.get_payload(decode=True)
            fields[str(name)] = (part.get_filename(), payload if isinstance(payload, bytes) else b"")
    return fields


Handler = Any  # (FakeBatches, id, raw, auth) -> Reply
# (method, collection, path parts after v1, last part when there are three) -> handler
ROUTES: dict[tuple[str, str, int, str], Handler] = {
    ("POST", "files", 1, ""): FakeBatches.upload,
    ("GET", "files", 1, ""): FakeBatches.list_files,
    ("GET", "files", 2, ""): FakeBatches.get_file,
    ("GET", "files", 3, "content"): FakeBatches.content,
    ("POST", "batches", 1, ""): FakeBatches.create,
    ("GET", "batches", 1, ""): FakeBatches.list_batches,
    ("GET", "batches", 2, ""): FakeBatches.retrieve,
    ("POST", "batches", 3, "cancel"): FakeBatches.cancel,
}
