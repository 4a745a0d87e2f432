"""Batch output files into the exchange cache: each answer stored exactly as the live client
stores a reply (same key, the request body it answers, the CachedReply its parser makes), so the
next round cannot tell a batch answer from a live one.

Nothing in an output file can crash a run: a line that is not JSON or has no custom_id, an
answer to a request this run never asked, a non-200 response and a body that is not a chat
completion are each counted and reported with their first example. Failures are kept in the
ledger for the batch client to act on (ask again, step down a structured-output mode, or
reject the item), as the live client would.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from pydantic import Field

from ...records import Record
from ...state import good_lines
from ..cache import DiskCache
from .ledger import Entry, Ledger, Tokens
from .lines import Answer, Failure, Problem, read_output_line


class Example(Record):
    count: int = 0
    first: str = ""

    def add(self, text: str) -> None:
        self.count += 1
        self.first = self.first or text


class IngestReport(Record):
    name: str
    cached: int = 0  # answers stored now
    already: int = 0  # answers the cache held before
    failed: Example = Field(default_factory=Example)  # non-200 responses
    malformed: Example = Field(default_factory=Example)  # lines or bodies that cannot be read
    unanswered: Example = Field(default_factory=Example)  # lines with an error and no response
    unknown: Example = Field(default_factory=Example)  # custom_ids no batch of this run holds

    def line(self) -> str:
        parts = [f"batch {self.name}: {self.cached} answers cached"
                 + (f" ({self.already} were already)" if self.already else "")]
        for label, ex in (("non-200 responses", self.failed), ("malformed lines or bodies", self.malformed),
                          ("requests without an answer", self.unanswered), ("unknown custom_ids", self.unknown)):
            if ex.count:
                parts.append(f"{ex.count} {label} (first: {ex.first})")
        if self.unknown.count and not self.cached and not self.already:
            parts.append("none of its answers is to a request this ledger wrote: was the round written with "
                         "another --out or from another folder? Write the round here (--batch-out) and bring "
                         "the file again")
        return "; ".join(parts)


class Read(Record):
    """What the output files of one batch hold, for the requests this run knows."""

    answers: dict[str, Answer] = Field(default_factory=dict)
    failures: list[Failure] = Field(default_factory=list)


def numbered(paths: dict[Path, str]) -> Iterator[tuple[str, int, bytes]]:
    """(the name reports give the file, line number, line) of every complete line."""
    for path, shown in paths.items():
        for number, line in enumerate(good_lines(path), 1):
            yield shown, number, line


def read_outputs(paths: dict[Path, str], known: dict[str, str], report: IngestReport) -> Read:
    read = Read()
    for name, number, text in numbered(paths):
        got = read_output_line(text, number)
        where = f"{name} line {number}"
        if isinstance(got, Problem):
            report.malformed.add(f"{where}: {got.what}")
        elif got.custom_id not in known:
            report.unknown.add(f"{where}: {got.custom_id[:80]!r}")
        elif isinstance(got, Answer):
            read.answers.setdefault(got.custom_id, got)
        else:
            _count_failure(got, where, report)
            read.failures.append(got)
    # a request answered in one line and failed in another (a provider's retry) is answered
    read.failures = [f for f in read.failures if f.custom_id not in read.answers]
    return read


def _count_failure(f: Failure, where: str, report: IngestReport) -> None:
    said = f"{where} ({f.custom_id[:12]}): " + (f"HTTP {f.status}: {f.message}" if f.kind == "status" else f.message)
    {"status": report.failed, "malformed": report.malformed, "unanswered": report.unanswered}[f.kind].add(said[:240])


def ingest(ledger: Ledger, entry: Entry, cache: DiskCache) -> IngestReport:
    """Store the answers of `entry`'s downloaded files; record what came of them."""
    report = IngestReport(name=entry.name)
    known = ledger.known()
    read = read_outputs({ledger.dir / name: entry.source or name for name in entry.outputs}, known, report)
    precached = entry.precached
    if precached is None:  # the first attempt: later ones (after a kill) keep its view
        precached = sorted(k for k in read.answers if cache.get(k) is not None)
        ledger.record("ingesting", entry.name, precached=precached)
    before = set(precached)
    for _, key, body in ledger.requests():
        answer = read.answers.get(key)
        if answer is not None and key not in before and cache.get(key) is None:
            cache.put(key, body, answer.reply.model_copy(update={"by": known[key]}))
    report.cached, report.already = len(read.answers) - len(before), len(before)
    failures = read.failures + _missing(ledger, entry, read, report)
    ledger.record("ingested", entry.name, ingested=True, tokens=_tokens(read, known, before), failures=failures)
    return report


def _missing(ledger: Ledger, entry: Entry, read: Read, report: IngestReport) -> list[Failure]:
    """Requests of the batch that no line of its output mentions: unanswered (asked again in the
    next round, a bounded number of times, as a provider may drop lines of an expired batch)."""
    said = set(read.answers) | {f.custom_id for f in read.failures}
    out = []
    for key, _ in ledger.inputs_of(entry):
        if key not in said:
            out.append(Failure(custom_id=key, kind="unanswered", message="no line in the batch output"))
            report.unanswered.add(f"{key[:12]}: no line in the batch output")
    return out


def _tokens(read: Read, known: dict[str, str], before: set[str]) -> dict[str, Tokens]:
    out: dict[str, Tokens] = {}
    for key, answer in read.answers.items():
        if key in before:
            continue
        t = out.setdefault(known[key], Tokens())
        t.prompt += answer.reply.prompt_tokens
        t.completion += answer.reply.completion_tokens
        t.answers += 1
    return out
