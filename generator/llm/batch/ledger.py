"""What survives a kill in batch mode: every batch a run wrote, uploaded, submitted and ingested.

`.state/batch/ledger.jsonl` is append-only, one event per line, each line one write(); a torn
last line is skipped and cut off before the next append (generator/state.py). Beside it, the
files the events name: a batch's input (`<name>.input.jsonl`, written before its "written"
event, so the custom_ids and bodies of every batch are on disk before anything is sent) and its
downloaded output and error files (before its "downloaded" event). Folding the events in order
gives each batch's `Entry`:

    written     input on disk (dataset, lines, sha256, token); offline: for --batch-out
    uploaded    the input's file id at the provider
    submitted   the provider's batch id: from here on a rerun polls it, never submits again
    abandoned   written or uploaded, never created (a kill came first): nothing was sent
    downloaded  terminal status, the local copies of the output and error files
    ingesting   the answers already in the cache before the first ingest attempt
    ingested    the cache holds every answer; tokens per dataset, requests that failed
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import Field

from ...io import atomic_write_bytes
from ...records import Record
from ...state import STATE_DIR, Appender, good_lines
from ..usage import Price
from .lines import Failure, read_input_line

BATCH_DIR = "batch"
LEDGER = "ledger.jsonl"


class Tokens(Record):
    prompt: int = 0
    completion: int = 0
    answers: int = 0


class Entry(Record):
    """One batch as its events have made it."""

    name: str
    dataset: str = ""  # the config hash of the run that wrote it (cache entries are paid by it)
    lines: int = 0
    sha256: str = ""
    token: str = ""  # in the batch's metadata: finds a batch created just before a kill
    offline: bool = False
    written_at: float = 0.0
    file_id: str | None = None
    batch_id: str | None = None
    abandoned: bool = False
    status: str | None = None  # the provider's terminal status, once downloaded
    outputs: list[str] = Field(default_factory=list)  # local copies (names in the batch dir)
    source: str | None = None  # --batch-in: the file the user brought (what reports name)
    precached: list[str] | None = None
    ingested: bool = False
    tokens: dict[str, Tokens] = Field(default_factory=dict)  # dataset -> tokens of new answers
    failures: list[Failure] = Field(default_factory=list)

    @property
    def input(self) -> str:
        return f"{self.name}.input.jsonl"

    @property
    def live(self) -> bool:
        """Submitted and not yet in the cache: to poll, download or ingest."""
        return self.batch_id is not None and not self.ingested


class Ledger:
    def __init__(self, out_dir: Path) -> None:
        self.dir = out_dir / STATE_DIR / BATCH_DIR
        self.path = self.dir / LEDGER
        self._out = Appender(self.path)
        self.entries: dict[str, Entry] = {}
        for line in good_lines(self.path):
            try:
                self._apply(json.loads(line))
            except (ValueError, TypeError, KeyError):
                continue  # a line that is not an event (never written by us): ignored

    def _apply(self, event: dict[str, Any]) -> None:
        name = str(event["name"])
        fields = {k: v for k, v in event.items() if k != "ev"}
        old = self.entries.get(name)
        data = {**(old.model_dump() if old else {}), **fields}
        self.entries[name] = Entry.model_validate(data)

    def record(self, ev: str, name: str, **fields: Any) -> Entry:
        """Append one event (on disk when this returns) and fold it in."""
        event = {"ev": ev, "name": name, **fields}
        line = json.dumps(event, ensure_ascii=False, separators=(",", ":"), default=_plain)
        self._out.write(line)
        self._apply(json.loads(line))
        return self.entries[name]

    def close(self) -> None:
        self._out.close()

    # ------------------------------------------------------------ inputs

    def write_input(self, name: str, data: bytes, dataset: str, lines: int, token: str, when: float,
                    offline: bool = False) -> Entry:
        """The input file first (atomically), then the event that names it."""
        self.dir.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(self.dir / f"{name}.input.jsonl", data)
        return self.record("written", name, dataset=dataset, lines=lines, token=token, offline=offline,
                           sha256=hashlib.sha256(data).hexdigest(), written_at=when)

    def requests(self) -> Iterator[tuple[Entry, str, bytes]]:
        """(batch, custom_id, body) of every request line of every input written."""
        for entry in self.entries.values():
            for key, body in self.inputs_of(entry):
                yield entry, key, body

    def inputs_of(self, entry: Entry) -> Iterator[tuple[str, bytes]]:
        """(custom_id, body) of the batch's input (none for an output brought with --batch-in)."""
        for line in good_lines(self.dir / entry.input):
            got = read_input_line(line)
            if got is not None:
                yield got

    def known(self) -> dict[str, str]:
        """custom_id -> the dataset whose run asked for it."""
        return {key: entry.dataset for entry, key, _ in self.requests()}

    # ------------------------------------------------------------ what rounds and budgets read

    def next_round(self) -> int:
        rounds = [int(n[1:4]) for n in self.entries if n.startswith("r") and n[1:4].isdigit()]
        return max(rounds, default=0) + 1

    def failures(self) -> dict[str, list[Failure]]:
        """custom_id -> every failure the ingested batches reported for it, oldest first."""
        out: dict[str, list[Failure]] = {}
        for entry in self.entries.values():
            for f in entry.failures:
                out.setdefault(f.custom_id, []).append(f)
        return out

    def tokens(self, dataset: str) -> Tokens:
        """What the batches answered for `dataset`, each answer once."""
        total = Tokens()
        for entry in self.entries.values():
            t = entry.tokens.get(dataset)
            if t is not None:
                total = Tokens(prompt=total.prompt + t.prompt, completion=total.completion + t.completion,
                               answers=total.answers + t.answers)
        return total

    def ingested_sha(self) -> dict[str, str]:
        """sha256 of each output file ingested offline -> the batch that holds it."""
        return {e.sha256: e.name for e in self.entries.values() if e.name.startswith("in") and e.ingested}


def _plain(value: Any) -> Any:
    if isinstance(value, Record):
        return value.model_dump(mode="json")
    raise TypeError(f"not JSON: {type(value).__name__}")


def saving(ledger: Ledger, dataset: str, price: Price) -> float:
    """USD the Batch API saved `dataset`: what its batch answers cost at list price, times the
    discount (the journal counts every exchange at list price; this is taken off the total)."""
    t = ledger.tokens(dataset)
    return (t.prompt * price.prompt + t.completion * price.completion) * price.batch / 1e6


def batch_saving(out_dir: Path, dataset: str, price: Price) -> float:
    return saving(Ledger(out_dir), dataset, price)
