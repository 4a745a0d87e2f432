"""What survives a crash: finished items and LLM spending, appended line by line under .state/.

Both files are append-only JSON Lines, one per config hash (and shard). A process killed at any
instant leaves at most one torn last line; a torn or undecodable line (cut anywhere, inside a
multi-byte character included) is skipped on load and its item redone, and the torn tail is cut
off before the next append so it cannot swallow the next good line.
"""

from __future__ import annotations

import contextvars
import hashlib
import json
import os
from array import array
from collections import defaultdict
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import IO, Any

import numpy as np
from pydantic import BaseModel, ConfigDict

from . import lifeline
from .io import make_dir_inside, open_inside
from .llm.usage import Spend, count
from .records import ItemResult

STATE_DIR = ".state"

# The product whose item is being run: LLM spending is attributed to it (tokens per format).
CURRENT_PRODUCT: contextvars.ContextVar[str] = contextvars.ContextVar("trajgen_product", default="setup")


def _suffix(shard: tuple[int, int] | None) -> str:
    return f".shard{shard[0]}of{shard[1]}" if shard else ""


def good_lines(path: Path) -> Iterator[bytes]:
    """Complete lines of `path` (bytes, without the newline); a torn last line is left out."""
    for _, line in lines_at(path):
        yield line


def lines_at(path: Path) -> Iterator[tuple[int, bytes]]:
    """(offset, line) of the complete lines of `path`, read one at a time (never the whole file)."""
    try:
        fh = path.open("rb")
    except FileNotFoundError:
        return
    with fh:
        offset = 0
        for raw in fh:
            if not raw.endswith(b"\n"):  # torn last line
                return
            if raw.strip():
                yield offset, raw[:-1]
            offset += len(raw)


def cut_torn_tail(path: Path) -> None:
    """Drop everything after the last newline: the remains of an append a kill interrupted."""
    try:
        fd = open_inside(path, os.O_RDWR)
    except FileNotFoundError:
        return
    with os.fdopen(fd, "rb+") as fh:
        size = fh.seek(0, os.SEEK_END)
        if size == 0:
            return
        fh.seek(-1, os.SEEK_END)
        if fh.read(1) == b"\n":
            return
        fh.seek(0)
        fh.truncate(fh.read().rfind(b"\n") + 1)


class Appender:
    """One append-only JSON Lines file, opened once; each record is one write() of a whole line."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fh: IO[bytes] | None = None

    def write(self, line: str) -> None:
        if self._fh is None:
            make_dir_inside(self.path.parent)
            cut_torn_tail(self.path)
            fd = open_inside(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
            self._fh = os.fdopen(fd, "ab", buffering=0)
        lifeline.check()  # a worker whose driver died writes nothing more
        self._fh.write(line.encode("utf-8") + b"\n")

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None


class StateStore:
    """Append-only record of finished items, one file per config hash (and shard).

    Loading reads every file of the config hash, so shards that ran into the same directory
    (or whose state files were copied there) merge without duplicates."""

    def __init__(self, out_dir: Path, key: str, shard: tuple[int, int] | None = None) -> None:
        self.key = key
        self.path = out_dir / STATE_DIR / f"{key}{_suffix(shard)}.jsonl"
        self._out = Appender(self.path)

    def files(self) -> list[Path]:
        return sorted(p for p in self.path.parent.glob(f"{self.key}*.jsonl")
                      if not p.name.endswith(Journal.SUFFIX))

    def load(self) -> dict[str, ItemResult]:
        """Every finished result in memory (small runs and tests; the export reads `index()`)."""
        done: dict[str, ItemResult] = {}
        for path in self.files():
            for res in read_results(path):
                done[res.item_id] = res
        return done

    def index(self) -> StateIndex:
        """The finished results as a read-on-demand mapping: flat in memory whatever the run's size."""
        return StateIndex(self.files())

    def item_ids(self, own: bool = False) -> set[str]:
        """Ids of the finished items, without keeping their results in memory; `own`: only those
        in this store's own file (a shard whose items were all pending when it was handed out
        reads nothing its siblings wrote since)."""
        done: set[str] = set()
        for path in [self.path] if own else self.files():
            done.update(res.item_id for res in read_results(path))
        return done

    def recorded_ids(self) -> set[str]:
        """Ids on the complete lines of every file, read without building the results (several
        times faster than `item_ids`): for counting what workers wrote, not for deciding what
        to run (a line that is JSON but not a result would count here)."""
        done: set[str] = set()
        for path in self.files():
            for _, line in lines_at(path):
                try:
                    done.add(_ItemId.model_validate_json(line).item_id)
                except ValueError:
                    continue
        return done

    def append(self, res: ItemResult) -> None:
        self._out.write(res.model_dump_json())

    def close(self) -> None:
        self._out.close()


class _ItemId(BaseModel):
    model_config = ConfigDict(extra="ignore")
    item_id: str


def read_results(path: Path) -> Iterator[ItemResult]:
    for _, res in results_at(path):
        yield res


def results_at(path: Path) -> Iterator[tuple[int, ItemResult]]:
    for offset, line in lines_at(path):
        try:
            yield offset, ItemResult.model_validate_json(line)
        except ValueError:  # cut short, or bytes that are not UTF-8: redo that item
            continue


def id_hash(item_id: str) -> int:
    return int.from_bytes(hashlib.blake2b(item_id.encode(), digest_size=8).digest(), "big")


class StateIndex(Mapping[str, ItemResult]):
    """Finished results by item id, read from the state files when asked for.

    Holds 8-byte hashes of the ids and the file offsets of their lines (16 bytes per item), not
    the results: the export visits the items in plan order and reads each one back. Same
    semantics as `StateStore.load`: the last good line of an item wins (files in name order)."""

    _SHIFT = 40  # offset bits; the file number sits above them

    def __init__(self, files: list[Path]) -> None:
        self.files = files
        hashes, where = array("Q"), array("q")
        for number, path in enumerate(files):
            for offset, res in results_at(path):
                hashes.append(id_hash(res.item_id))
                where.append((number << self._SHIFT) | offset)
        keys = np.frombuffer(hashes, dtype=np.uint64) if hashes else np.zeros(0, dtype=np.uint64)
        order = np.argsort(keys, kind="stable")  # equal hashes stay in file order
        self._hashes = keys[order]
        self._where = (np.frombuffer(where, dtype=np.int64) if where else np.zeros(0, dtype=np.int64))[order]
        self._open: dict[int, IO[bytes]] = {}

    def _read(self, where: int) -> ItemResult:
        number = where >> self._SHIFT
        fh = self._open.get(number)
        if fh is None:
            fh = self._open[number] = self.files[number].open("rb")
        fh.seek(where & ((1 << self._SHIFT) - 1))
        return ItemResult.model_validate_json(fh.readline())

    def close(self) -> None:
        for fh in self._open.values():
            fh.close()
        self._open.clear()

    def get(self, item_id: str, default: Any = None) -> Any:
        h = np.uint64(id_hash(item_id))
        lo, hi = int(np.searchsorted(self._hashes, h, "left")), int(np.searchsorted(self._hashes, h, "right"))
        for k in range(hi - 1, lo - 1, -1):  # the last line wins
            res = self._read(int(self._where[k]))
            if res.item_id == item_id:
                return res
        return default

    def __getitem__(self, item_id: str) -> ItemResult:
        res = self.get(item_id)
        if res is None:
            raise KeyError(item_id)
        return res

    def __contains__(self, item_id: object) -> bool:
        if not isinstance(item_id, str):
            return False
        return self.get(item_id) is not None

    def __iter__(self) -> Iterator[str]:
        seen: set[str] = set()
        for path in self.files:
            for _, res in results_at(path):
                if res.item_id not in seen:
                    seen.add(res.item_id)
                    yield res.item_id

    def __len__(self) -> int:
        return sum(1 for _ in self)


class Journal:
    """The dataset's LLM spending, one line per exchange or retry, summed over every invocation.

    An exchange is counted once however often it is served (a kill between caching a reply
    and finishing its item costs a cache hit on resume, not a second count). `spent` is
    the running total every budget check reads; `by_product` splits it per format."""

    SUFFIX = ".llm.jsonl"

    def __init__(self, out_dir: Path, key: str, shard: tuple[int, int] | None = None) -> None:
        self.dataset = key
        self.dir = out_dir / STATE_DIR
        self._out = Appender(self.dir / f"{key}{_suffix(shard)}{self.SUFFIX}")
        self.spent = Spend()
        self.by_product: dict[str, Spend] = defaultdict(Spend)
        self._seen: set[bytes] = set()

    def load(self) -> None:
        """Read what earlier invocations spent (call once the directory is locked)."""
        for path in sorted(self.dir.glob(f"{self.dataset}*{self.SUFFIX}")):
            for line in good_lines(path):
                try:
                    self._apply(json.loads(line))
                except (ValueError, TypeError, KeyError, AttributeError):
                    continue

    def _apply(self, rec: dict) -> bool:
        if rec.get("retry"):
            self.spent.retries += 1
            self.by_product[str(rec.get("f", "setup"))].retries += 1
            return True
        digest = bytes.fromhex(str(rec["k"]))
        if digest in self._seen:
            return False
        self._seen.add(digest)
        p, c, paid = int(rec.get("p", 0)), int(rec.get("c", 0)), bool(rec.get("paid"))
        count(self.spent, p, c, paid)
        count(self.by_product[str(rec.get("f", "setup"))], p, c, paid)
        return True

    def exchange(self, key: str, prompt_tokens: int, completion_tokens: int, paid: bool) -> None:
        rec = {"k": key[:32], "p": prompt_tokens, "c": completion_tokens, "paid": int(paid),
               "f": CURRENT_PRODUCT.get()}
        if self._apply(rec):
            self._out.write(json.dumps(rec, separators=(",", ":")))

    def retry(self) -> None:
        rec = {"retry": 1, "f": CURRENT_PRODUCT.get()}
        self._apply(rec)
        self._out.write(json.dumps(rec, separators=(",", ":")))

    def close(self) -> None:
        self._out.close()
