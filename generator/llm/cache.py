"""On-disk exchange cache, keyed by the hash of the full request.

Every completed exchange is one JSON line (`{"key": ..., "request": ..., "reply": ...}`)
appended with a single write() to a segment file, `segment-<token>.jsonl`. A process claims one
segment for its appends with an exclusive advisory lock (flock), so processes sharing a cache
(the process engine's workers, shards, reruns) never write into one file at once, and a rerun
reuses the segments of the runs before it instead of adding files. A line is on disk the moment
write() returns, so a kill right after loses nothing; a line a kill cut short has no newline and
is not read (its segment's next claimer cuts it off before appending).

The index (key -> segment, offset, length) is read once, the first time the cache is consulted;
an entry is parsed only when it is asked for. A rerun or a resumed run replays cached replies
instead of sending, so it never repeats a call. Only completed exchanges are stored; transport
failures never are. Caches written by older versions (one `<kk>/<key>.json` file per entry) are
still read.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import logging
import mmap
import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import Field

from ..io import atomic_write_text, make_dir_inside, open_inside, os_error
from ..records import Record
from ..state import cut_torn_tail

log = logging.getLogger(__name__)

FALLBACK_MARK = "fallbacks"
SEGMENT = "segment-{}.jsonl"  # {}: a random token
KEY_START = b'{"key":"'  # every entry line starts with its key: the index reads no JSON
KEY_LEN = 64  # sha256 hex


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


def entry_line(key: str, request: dict[str, Any] | bytes, reply: CachedReply) -> bytes:
    """`request` may be the already-encoded JSON body: it is stored as is, not re-encoded."""
    raw = request if isinstance(request, bytes) else json.dumps(request, ensure_ascii=False).encode()
    return (KEY_START + key.encode("ascii") + b'","request":' + raw + b',"reply":'
            + reply.model_dump_json().encode() + b"}\n")


def _lines(data: bytes | mmap.mmap) -> Iterator[tuple[int, int]]:
    """(offset, length) of every whole line (a torn last line, without its newline, is left out)."""
    pos = 0
    while (end := data.find(b"\n", pos)) >= 0:
        yield pos, end - pos
        pos = end + 1


class DiskCache:
    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self._fallbacks: bool | None = None
        self._index: dict[str, tuple[int, int, int]] | None = None  # key -> (segment, offset, length)
        self._segments: list[Path] = []
        self._readers: dict[int, int] = {}  # segment -> fd
        self._legacy = False
        self._out: int | None = None  # the claimed segment's fd (append, exclusively locked)
        self._out_seg = -1
        self._out_pos = 0

    # ------------------------------------------------------------ reading

    def load(self) -> dict[str, tuple[int, int, int]]:
        if self._index is not None:
            return self._index
        index: dict[str, tuple[int, int, int]] = {}
        self._segments = sorted(self.root.glob(SEGMENT.format("*")))
        for seg, path in enumerate(self._segments):
            with path.open("rb") as fh:
                if os.fstat(fh.fileno()).st_size == 0:
                    continue
                with mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as data:
                    for pos, length in _lines(data):
                        if length > len(KEY_START) + KEY_LEN and data[pos:pos + len(KEY_START)] == KEY_START:
                            key = data[pos + len(KEY_START):pos + len(KEY_START) + KEY_LEN].decode("ascii", "replace")
                            index[key] = (seg, pos, length)
        self._legacy = self.root.is_dir() and any(p.is_dir() and len(p.name) == 2 for p in self.root.iterdir())
        self._index = index
        return index

    def _read(self, where: tuple[int, int, int]) -> bytes:
        seg, pos, length = where
        fd = self._readers.get(seg)
        if fd is None:
            fd = self._readers[seg] = os.open(self._segments[seg], os.O_RDONLY)
        return os.pread(fd, length, pos)

    def get(self, key: str) -> CachedReply | None:
        where = self.load().get(key)
        try:
            if where is not None:
                return CachedReply.model_validate(json.loads(self._read(where))["reply"])
            if self._legacy:
                data = json.loads(self.legacy_path(key).read_text(encoding="utf-8"))
                return CachedReply.model_validate(data["reply"])
        except (OSError, ValueError, KeyError, TypeError):
            pass  # a missing or damaged entry is a miss: the request is simply sent again
        return None

    def entries(self) -> Iterator[dict[str, Any]]:
        """Every readable entry ({key, request, reply}), in the order they were written per segment."""
        index = self.load()
        for where in sorted(index.values()):
            try:
                yield json.loads(self._read(where))
            except (OSError, ValueError):
                continue
        if self._legacy:
            for path in sorted(self.root.glob("??/*.json")):
                try:
                    yield json.loads(path.read_text(encoding="utf-8"))
                except (OSError, ValueError):
                    continue

    def legacy_path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def __len__(self) -> int:
        legacy = sum(1 for _ in self.root.glob("??/*.json")) if self._legacy else 0
        return len(self.load()) + legacy

    # ------------------------------------------------------------ writing

    def put(self, key: str, request: dict[str, Any] | bytes, reply: CachedReply) -> None:
        """Append the exchange to this process's segment: one write(), on disk when it returns."""
        if self._out is not None and not self._segment_there():
            self._recreate()
        index = self.load()
        line = entry_line(key, request, reply)
        try:
            fd = self._out if self._out is not None else self._claim()
            written = os.write(fd, line)
            while written < len(line):  # a short write (signal, full disk) is finished or raises
                written += os.write(fd, line[written:])
        except OSError as exc:
            raise os_error(exc, self.root) from None
        index[key] = (self._out_seg, self._out_pos, len(line) - 1)
        self._out_pos += len(line)

    def _segment_there(self) -> bool:
        """Is the claimed segment still this directory's (not deleted, with its directory, by
        someone cleaning up mid-run)? Appends to a deleted file vanish without an error."""
        try:
            st = os.stat(self._segments[self._out_seg])
        except OSError:
            return False
        return st.st_ino == os.fstat(self._out).st_ino if self._out is not None else True

    def _recreate(self) -> None:
        """The cache directory (or our segment) was removed mid-run: make it again, carry over
        the replies this process appended (read back from the open descriptor) and say so."""
        assert self._out is not None
        kept = os.pread(self._out, os.fstat(self._out).st_size, 0)
        self.close()
        self._index, self._segments, self._out_seg, self._out_pos = None, [], -1, 0
        fd = self._claim()
        os.write(fd, kept)
        self._index = None  # re-read: the new segment holds the carried-over lines
        self._out_pos = os.fstat(fd).st_size
        self.load()
        ino = os.fstat(fd).st_ino
        self._out_seg = next(i for i, p in enumerate(self._segments) if os.stat(p).st_ino == ino)
        log.warning("%s: the LLM cache was removed while this run was using it; recreated it with "
                    "the %d replies of the segment this run was writing (the others are gone and "
                    "will be requested again)", self.root, kept.count(b"\n"))

    def _claim(self) -> int:
        """A segment no live process holds (a new one, under a random name, if every one is held),
        locked for this process until it closes the cache or dies. Random names let the caches of
        tasks that ran in separate directories be copied into one without a clash."""
        make_dir_inside(self.root)
        fd, path = self._free_segment()
        cut_torn_tail(path)  # the remains of a killed writer's last append
        self._out, self._out_seg = fd, self._segments.index(path)
        self._out_pos = os.fstat(fd).st_size
        return fd

    def _free_segment(self) -> tuple[int, Path]:
        for path in self._segments:
            try:
                fd = open_inside(path, os.O_RDWR | os.O_APPEND)  # read back if the dir is removed
            except FileNotFoundError:  # removed since the index was read
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return fd, path
            except BlockingIOError:
                os.close(fd)
        path = self.root / SEGMENT.format(secrets.token_hex(6))
        fd = open_inside(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_EXCL)
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        self._segments.append(path)
        return fd, path

    def close(self) -> None:
        """Release the segment this process claimed and the open readers."""
        for fd in [*self._readers.values(), *([self._out] if self._out is not None else [])]:
            os.close(fd)
        self._readers, self._out = {}, None

    def __del__(self) -> None:
        try:
            self.close()
        except OSError:
            pass

    # ------------------------------------------------------------ structured-output fallbacks

    def mark_fallback(self) -> None:
        """Remember that some endpoint refused a response_format, so lookups also try the
        weaker modes' keys (skipped otherwise: three extra keys and lookups per request)."""
        self._fallbacks = True
        mark = self.root / FALLBACK_MARK
        if not mark.exists():
            atomic_write_text(mark, "a structured-output fallback happened; see llm/request.py\n")

    def has_fallbacks(self) -> bool:
        if self._fallbacks is None:  # once per run: a fallback in this run sets it directly
            self._fallbacks = (self.root / FALLBACK_MARK).exists()
        return self._fallbacks

