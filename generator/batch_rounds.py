"""`trajgen generate --batch | --batch-out DIR | --batch-in FILE`: a run in rounds of batches.

A round is the run itself, with a client that answers from the cache and defers each miss
(generator/llm/batch/client.py): items whose replies are cached go as far as the cache takes
them, the others wait. The round's deferred requests become OpenAI Batch input; their answers,
ingested into the cache, let the next round take each waiting item one step further (a re-ask,
the next step of a sequential trajectory, the next turn), until no item waits and the run
exports as usual. The files are the bytes a live run with the same replies writes.

`--batch` submits each round through the provider's Files and Batches API, polls with a progress
line, downloads the output and error files and ingests them. Every step is in the ledger
(.state/batch/) before the next is taken, so a rerun after a kill polls the batches already
submitted and never submits one twice. `--batch-out DIR` writes the round's input file and
stops; `--batch-in FILE` ingests an output file and continues. A budget that the next round
would pass refuses to submit (or write) it; the cost is counted at batch prices.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import Field

from .config import RunConfig
from .errors import BudgetExceeded, ConfigError, InputError, LLMError, RunStopped
from .io import atomic_write_bytes, confined_to
from .llm.batch.client import BatchClient
from .llm.batch.ingest import ingest
from .llm.batch.ledger import Entry, Ledger, saving
from .llm.batch.lines import input_line
from .llm.client import OpenAIClient, resolve_api_key, resolve_base_url
from .progress import clock
from .records import Record
from .writers.base import WRITERS

if TYPE_CHECKING:
    from .engine import Overrides, Run
    from .llm.batch.remote import Remote

MAX_LINES = 50_000  # OpenAI's limit of requests per batch
MAX_BYTES = 190 * 2**20  # under OpenAI's 200 MB per input file
TERMINAL = ("completed", "failed", "expired", "cancelled")
CHARS_PER_TOKEN = 4  # as the live client's budget estimate
DEFAULT_COMPLETION = 200  # tokens per reply before any batch has said


class BatchOptions(Record):
    submit: bool = False  # --batch: through the provider's Batch API
    out_dir: str | None = None  # --batch-out: write the round's input here and stop
    in_file: str | None = None  # --batch-in: ingest this output file first
    poll_s: float = Field(60.0, gt=0)  # --batch-poll: the longest wait between two polls


@dataclass
class Outcome:
    usage: dict[str, int]
    stopped: str | None = None  # why the run stopped before its export (a round written offline)
    notes: list[str] = field(default_factory=list)


# ---------------------------------------------------------------- flags

def batch_overrides(ov: Overrides, cfg: RunConfig, *, submit: bool, out_dir: str | None,
                    in_file: str | None, poll_s: float | None) -> Overrides:
    """`ov` with the batch flags, refused where they cannot work (one line, nothing written)."""
    import dataclasses

    if poll_s is not None and not submit:
        raise ConfigError("--batch-poll sets how often --batch polls: it needs --batch")
    if not (submit or out_dir or in_file):
        return ov
    if submit and out_dir:
        raise ConfigError("--batch submits each round itself and --batch-out writes it for elsewhere: pick one")
    for flag, bad in (("--shard", ov.shard), ("--dry-run", ov.dry_run), ("--engine " + ov.engine,
                      ov.engine not in ("auto", "asyncio"))):
        if bad:
            raise ConfigError(f"batch mode runs the rounds in this process: it does not combine with {flag}")
    if (ov.writer or cfg.writer) != "llm":
        raise ConfigError("batch mode needs the llm writer (writer: llm, or --writer llm)", field="writer")
    if in_file and not Path(in_file).is_file():
        raise InputError("no such batch output file", file=in_file)
    opts = BatchOptions(submit=submit, out_dir=out_dir, in_file=in_file, poll_s=poll_s or 60.0)
    return dataclasses.replace(ov, batch=opts, engine="asyncio")


# ---------------------------------------------------------------- the rounds

class Rounds:
    def __init__(self, run: Run, opts: BatchOptions) -> None:
        live = run.llm
        if not isinstance(live, OpenAIClient) or live.cache is None:
            raise ConfigError("batch mode needs the llm writer and its exchange cache", field="writer")
        self.run, self.opts, self.cache = run, opts, live.cache
        self.ledger = Ledger(run.ctx.out_dir)
        self.client = batch_client(run, live, self.ledger)
        self.remote = remote_for(run.cfg) if opts.submit else None
        self.notes: list[str] = []
        self.answered = 0
        self.initial: int | None = None  # items finished before this invocation

    def notice(self, text: str) -> None:
        self.run.progress.notice(text)

    async def go(self) -> Outcome:
        self.finish_ingests()
        if self.opts.in_file:
            self.ingest_file(Path(self.opts.in_file))
        if self.remote is not None:
            await self.settle()
        while True:
            usage = await self.one_round()
            pending = self.client.take()
            if not pending:
                return Outcome(usage, notes=self.notes)
            self.check_budget(pending)
            if self.remote is None:
                return Outcome(usage, stopped=self.write_offline(pending))
            await self.submit(pending)
            await self.settle()

    async def one_round(self) -> dict[str, int]:
        """The run again: items the cache can finish are finished, the others wait."""
        from .engine import run_here, this_run_usage

        self.client.failures = self.ledger.failures()
        try:
            usage = await run_here(self.run, None, self.run.plans)
        except LLMError as exc:  # the runner's "N item(s) unfinished": those that wait, here
            if isinstance(exc, RunStopped) or not self.client.deferred:
                raise
            usage = this_run_usage(self.run.llm)
        p = self.run.progress
        self.initial = p.initial if self.initial is None else self.initial
        p.initial = self.initial  # the summary's "ran N item(s)" counts every round
        if self.client.deferred:
            self.notice(f"batch round: {p.completed} of {p.total} items finished, the others wait on "
                        f"{len(self.client.deferred)} request(s)")
        return usage

    # ------------------------------------------------------------ writing a round

    def inputs(self, pending: dict[str, bytes]) -> Iterator[tuple[str, bytes, int]]:
        """(name, input file bytes, lines) of the round: sorted by custom_id, split at the limits."""
        number = self.ledger.next_round()
        part, size = 1, 0
        chunk: list[bytes] = []
        for key in sorted(pending):
            line = input_line(key, pending[key])
            if chunk and (len(chunk) >= MAX_LINES or size + len(line) > MAX_BYTES):
                yield f"r{number:03d}-{part}", b"".join(chunk), len(chunk)
                part, chunk, size = part + 1, [], 0
            chunk.append(line)
            size += len(line)
        yield f"r{number:03d}-{part}", b"".join(chunk), len(chunk)

    def write_round(self, pending: dict[str, bytes], offline: bool) -> list[Entry]:
        return [self.ledger.write_input(name, data, self.run.key, n, secrets.token_hex(8), time.time(), offline)
                for name, data, n in self.inputs(pending)]

    def write_offline(self, pending: dict[str, bytes]) -> str:
        if self.opts.out_dir is None:
            return (f"{len(pending)} request(s) wait for a batch: rerun with --batch-out DIR to write them, "
                    "or --batch to submit them")
        entries = self.write_round(pending, offline=True)
        out = Path(self.opts.out_dir)
        with confined_to(out):  # the one place batch mode writes outside the run's directory
            for e in entries:
                atomic_write_bytes(out / f"{e.name}.jsonl", (self.ledger.dir / e.input).read_bytes())
        files = ", ".join(str(out / f"{e.name}.jsonl") for e in entries)
        return (f"wrote {len(pending)} request(s) of this batch round to {files}: run them through an "
                "OpenAI-compatible batch endpoint, then rerun with --batch-in OUTPUT.jsonl --batch-out "
                f"{out} (docs/batch.md)")

    # ------------------------------------------------------------ budget

    def check_budget(self, pending: dict[str, bytes]) -> None:
        cfg = self.run.cfg.llm
        price = cfg.prices.get(self.client.model)
        tokens = self.ledger.tokens(self.run.key)
        reply = cfg.max_tokens or (tokens.completion / tokens.answers if tokens.answers else DEFAULT_COMPLETION)
        prompt = sum(len(b) for b in pending.values()) / CHARS_PER_TOKEN
        completion = reply * len(pending)
        spent = self.run.journal.spent
        what = f"the next batch round ({len(pending)} requests, about {prompt + completion:,.0f} tokens"
        if cfg.budget_tokens is not None and spent.tokens + prompt + completion > cfg.budget_tokens:
            raise BudgetExceeded(f"{what}) would take the dataset past llm.budget_tokens of {cfg.budget_tokens} "
                                 f"({spent.tokens} spent); nothing was submitted: rerun with a larger budget")
        if cfg.budget_usd is not None and price is not None:
            paid = spent.usd(price) - saving(self.ledger, self.run.key, price)
            at_batch = price.at_batch()
            more = (prompt * at_batch.prompt + completion * at_batch.completion) / 1e6
            if paid + more > cfg.budget_usd:
                raise BudgetExceeded(f"{what}, ${more:.4f} at batch prices) would take the dataset past "
                                     f"llm.budget_usd of ${cfg.budget_usd:g} (${paid:.4f} spent); nothing was "
                                     "submitted: rerun with a larger budget")

    # ------------------------------------------------------------ submitting and settling

    async def submit(self, pending: dict[str, bytes]) -> None:
        for entry in self.write_round(pending, offline=False):
            await self.send(entry)

    async def send(self, entry: Entry) -> Entry:
        assert self.remote is not None
        data = (self.ledger.dir / entry.input).read_bytes()
        file_id = await self.remote.upload(upload_name(entry), data)
        self.ledger.record("uploaded", entry.name, file_id=file_id)
        batch_id = await self.remote.create(file_id, entry.token, entry.name, entry.written_at)
        entry = self.ledger.record("submitted", entry.name, batch_id=batch_id)
        self.notice(f"batch {entry.name} submitted: {entry.lines} request(s), {batch_id}")
        return entry

    async def settle(self) -> None:
        """Every batch an earlier step (or a killed run) started is polled, downloaded, ingested."""
        for entry in list(self.ledger.entries.values()):
            if entry.offline or entry.abandoned or entry.ingested or entry.name.startswith("in"):
                continue
            entry = await self.adopt(entry)
            if entry.batch_id is None:
                continue
            if entry.status is None:
                entry = await self.wait(entry)
            self.ingest(entry)

    async def adopt(self, entry: Entry) -> Entry:
        """A batch written or uploaded before a kill: the provider's, if the create reached it;
        else abandoned (nothing was sent: its requests go out with the next round)."""
        assert self.remote is not None
        if entry.batch_id is not None:
            return entry
        found = await self.remote.find_batch(entry.token, entry.written_at) if entry.file_id else None
        if found is None:
            return self.ledger.record("abandoned", entry.name, abandoned=True)
        self.notice(f"batch {entry.name}: found {found.id}, created before the run was stopped")
        return self.ledger.record("submitted", entry.name, batch_id=str(found.id))

    async def wait(self, entry: Entry) -> Entry:
        assert self.remote is not None and entry.batch_id is not None
        poller = Poller(self, entry)
        while True:
            batch = await self.remote.retrieve(entry.batch_id)
            poller.show(batch)
            if batch.status in TERMINAL:
                return await self.download(entry, batch)
            await asyncio.sleep(poller.next_wait())

    async def download(self, entry: Entry, batch: Any) -> Entry:
        assert self.remote is not None
        outputs = []
        for kind, file_id in (("output", batch.output_file_id), ("errors", batch.error_file_id)):
            if file_id:
                data = await self.remote.content(file_id, kind)
                atomic_write_bytes(self.ledger.dir / f"{entry.name}.{kind}.jsonl", data)
                outputs.append(f"{entry.name}.{kind}.jsonl")
        entry = self.ledger.record("downloaded", entry.name, status=batch.status, outputs=outputs)
        if batch.status == "failed" and not outputs:
            self.ledger.record("ingested", entry.name, ingested=True)
            raise RunStopped(f"batch {entry.name} ({entry.batch_id}) failed at the provider: {batch_errors(batch)}; "
                             "its requests go out again with the next round: rerun the same command")
        return entry

    # ------------------------------------------------------------ ingesting

    def ingest(self, entry: Entry) -> None:
        report = ingest(self.ledger, entry, self.cache)
        self.answered += report.cached
        self.notice(report.line())

    def finish_ingests(self) -> None:
        """Output files downloaded (or brought) before a kill, not yet in the cache."""
        for entry in list(self.ledger.entries.values()):
            if entry.status is not None and not entry.ingested:
                self.ingest(entry)

    def ingest_file(self, path: Path) -> None:
        import hashlib

        data = path.read_bytes()
        sha = hashlib.sha256(data).hexdigest()
        same = [e for e in self.ledger.entries.values() if e.name.startswith("in") and e.sha256 == sha]
        if same and same[0].ingested:
            self.notice(f"{path} was ingested before (batch {same[0].name}): nothing new")
            return
        name = same[0].name if same else f"in{sum(n.startswith('in') for n in self.ledger.entries) + 1:03d}"
        atomic_write_bytes(self.ledger.dir / f"{name}.output.jsonl", data)
        self.ingest(self.ledger.record("downloaded", name, sha256=sha, status="brought", offline=True,
                                       outputs=[f"{name}.output.jsonl"], source=str(path), written_at=time.time()))

    async def aclose(self) -> None:
        self.ledger.close()
        if self.remote is not None:
            await self.remote.aclose()


class Poller:
    """The progress line of one batch, and the wait before the next poll (1 s, growing to
    --batch-poll): a line when the status changes, else at most one a minute."""

    def __init__(self, rounds: Rounds, entry: Entry) -> None:
        self.rounds, self.entry = rounds, entry
        self.started = time.monotonic()
        self.wait_s = 1.0
        self.last: tuple[str, int] | None = None
        self.last_at = 0.0

    def next_wait(self) -> float:
        wait, self.wait_s = self.wait_s, min(self.rounds.opts.poll_s, self.wait_s * 1.5)
        return min(wait, self.rounds.opts.poll_s)

    def show(self, batch: Any) -> None:
        counts = batch.request_counts
        done = (counts.completed + counts.failed) if counts else 0
        now = time.monotonic()
        status_changed = self.last is None or self.last[0] != batch.status
        quiet = not self.rounds.run.progress.enabled  # --quiet: a line when the status changes only
        if not status_changed and (quiet or self.last == (batch.status, done) or now - self.last_at < 60):
            return
        self.last, self.last_at = (batch.status, done), now
        total = counts.total if counts else self.entry.lines
        failed = f", {counts.failed} failed" if counts and counts.failed else ""
        self.rounds.notice(f"batch {self.entry.name} ({batch.id}): {batch.status}, {done}/{total} answered"
                           f"{failed}, {clock(now - self.started)} waited")


def batch_errors(batch: Any) -> str:
    data = getattr(getattr(batch, "errors", None), "data", None) or []
    if not data:
        return "no reason given"
    first = data[0]
    at = f" (line {first.line})" if getattr(first, "line", None) else ""
    return f"{len(data)} error(s), first: {first.message}{at}"


def upload_name(entry: Entry) -> str:
    """Unique per batch (the token): a rerun finds an upload a kill interrupted by this name."""
    return f"trajgen-{entry.token}-{entry.input}"


# ---------------------------------------------------------------- construction

def batch_client(run: Run, live: OpenAIClient, ledger: Ledger) -> BatchClient:
    """The round's client, in the run's place: the live one's settings, cache and journal."""
    import dataclasses

    cfg = run.cfg.llm
    url = resolve_base_url(cfg, None)
    client = BatchClient(failures=ledger.failures(), base_url=url, api_key=resolve_api_key(cfg, url),
                         model=live.model, cfg=cfg, cache=live.cache, journal=live.journal, notify=live.notify)
    run.llm = client
    run.ctx = dataclasses.replace(run.ctx, llm=client, writer=WRITERS.get("llm")(client))
    return client


def remote_for(cfg: RunConfig) -> Remote:
    from .llm.batch.remote import Remote  # the openai package: imported by --batch only

    url = resolve_base_url(cfg.llm, None)
    return Remote(url, resolve_api_key(cfg.llm, url), timeout_s=cfg.llm.timeout_s, max_retries=cfg.llm.max_retries)


async def run_rounds(run: Run, opts: BatchOptions) -> Outcome:
    rounds = Rounds(run, opts)
    try:
        outcome = await rounds.go()
    finally:
        await rounds.aclose()
    if rounds.answered:
        outcome.notes.append(f"batch: {rounds.answered} answer(s) ingested by this invocation, "
                             "counted at batch prices (llm.prices.<model>.batch)")
    return outcome
