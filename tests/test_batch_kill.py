"""Batch mode survives kills: at every step a kill can interrupt (writing, uploading, creating,
polling, downloading, ingesting, running the items), a rerun goes on from the ledger, no batch is
submitted twice, and the files are the bytes of a live run with the same replies."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from generator.batch_rounds import BatchOptions
from generator.llm.batch.ledger import Ledger
from generator.llm.batch.remote import Remote
from generator.llm.cache import DiskCache
from generator.state import StateStore
from generator.testing.fake_openai import FakeOpenAI
from tests.batch_support import outputs, run, write_config


class Killed(BaseException):
    """Stands for a kill in this process: nothing after the raise runs (BaseException: no
    `except Exception` of the code under test stops it)."""


def kill_on(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str, call: int = 1, after: bool = True,
            when: Callable[..., bool] = lambda *a, **k: True) -> None:
    """The `call`-th matching call of owner.name runs (`after`) or not, then the 'process dies'."""
    original = getattr(owner, name)
    seen = [0]

    def wrapper(*args: Any, **kw: Any) -> Any:
        if not when(*args, **kw):
            return original(*args, **kw)
        seen[0] += 1
        if seen[0] < call:
            return original(*args, **kw)
        if not after:
            raise Killed(name)
        result = original(*args, **kw)
        if hasattr(result, "__await__"):
            async def finish() -> Any:
                await result
                raise Killed(name)
            return finish()
        raise Killed(name)
    monkeypatch.setattr(owner, name, wrapper)


def ledger_events(out: Path) -> list[dict]:
    """The ledger's events (another process may be writing: a torn last line is left out)."""
    from generator.state import good_lines

    return [json.loads(x) for x in good_lines(Ledger(out).path)]


KILLS: list[tuple[str, Callable[[pytest.MonkeyPatch], None]]] = [
    ("after the upload, before it is recorded", lambda mp: kill_on(mp, Remote, "upload")),
    ("after the batch is created, before its id is recorded", lambda mp: kill_on(mp, Remote, "create")),
    ("while polling", lambda mp: kill_on(mp, Remote, "retrieve", after=False)),
    ("after the download, before it is recorded",
     lambda mp: kill_on(mp, Ledger, "record", after=False, when=lambda self, ev, *a, **k: ev == "downloaded")),
    ("in the middle of the ingest", lambda mp: kill_on(mp, DiskCache, "put", call=3, after=True)),
    ("while the items run", lambda mp: kill_on(mp, StateStore, "append", call=2, after=True)),
]


def test_a_kill_at_each_step_then_a_rerun_submits_nothing_twice(tmp_path, monkeypatch):
    cfg = write_config(tmp_path)
    with FakeOpenAI(batch_delay_s=0.1) as srv:
        before = srv.count()
        run(cfg, tmp_path / "live", srv)
        live_requests = srv.count() - before
        out, opts = tmp_path / "batch", BatchOptions(submit=True, poll_s=0.05)
        for what, arm in KILLS:
            with monkeypatch.context() as mp:
                arm(mp)
                with pytest.raises(Killed):
                    run(cfg, out, srv, opts)
            assert what  # each step above killed a run
        run(cfg, out, srv, opts)
        ids = srv.batches.custom_ids()
        created = srv.batches.created
    assert outputs(out) == outputs(tmp_path / "live")
    assert len(ids) == len(set(ids)) == live_requests  # every request once, in one batch
    events = ledger_events(out)
    submitted = {e["batch_id"] for e in events if e["ev"] == "submitted"}
    assert len(submitted) == created  # the batch created before the kill was adopted, not made again
    assert [e["ev"] for e in events].count("abandoned") == 1  # the upload the kill cut short


def test_offline_round_killed_while_ingesting_finishes_without_the_file(tmp_path, monkeypatch):
    """--batch-in killed mid-ingest: the next invocation finishes that ingest from its copy."""
    from tests.batch_support import answer_file

    cfg, out, drop = write_config(tmp_path), tmp_path / "out", tmp_path / "drop"
    with FakeOpenAI() as srv:
        run(cfg, out, srv, BatchOptions(out_dir=str(drop)))
        answer_file(srv, next(drop.iterdir()), tmp_path / "a.jsonl")
        with monkeypatch.context() as mp:
            kill_on(mp, DiskCache, "put", call=2)
            with pytest.raises(Killed):
                run(cfg, out, srv, BatchOptions(in_file=str(tmp_path / "a.jsonl"), out_dir=str(drop)))
        (tmp_path / "a.jsonl").unlink()
        run(cfg, out, srv, BatchOptions(out_dir=str(drop)))
    entry = Ledger(out).entries["in001"]
    assert entry.ingested and entry.tokens and sum(t.answers for t in entry.tokens.values()) == \
        len((out / ".state" / "batch" / "in001.output.jsonl").read_text().splitlines())


# ---------------------------------------------------------------- real SIGKILLs

def trajgen(*args: str) -> list[str]:
    return [sys.executable, "-c", "import sys; from generator.cli import main; sys.exit(main())", *args]


def wait_for(check: Callable[[], bool], proc: subprocess.Popen, what: str, timeout: float = 180) -> bool:
    """True once `check` holds; False when the process ended first."""
    deadline = time.monotonic() + timeout
    while not check():
        if proc.poll() is not None:
            return False
        assert time.monotonic() < deadline, f"nothing happened for {timeout} s waiting for {what}"
        time.sleep(0.005)
    return True


def test_sigkill_at_random_moments_then_finish_gives_the_live_bytes(tmp_path):
    """Real kills, in a process of its own: during the upload and create, the polling, the
    download and ingest, and the items' run; the figures of the report come from here."""
    rng = random.Random(24)
    cfg = write_config(tmp_path)
    with FakeOpenAI(batch_delay_s=1.0) as srv:
        subprocess.run(trajgen("generate", str(cfg), "--out", str(tmp_path / "live"), "--base-url", srv.base_url,
                               "--model", "fake", "--quiet"), check=True, timeout=300)
        live_requests = srv.count()
        out = tmp_path / "batch"
        args = trajgen("generate", str(cfg), "--out", str(out), "--base-url", srv.base_url, "--model", "fake",
                       "--quiet", "--batch", "--batch-poll", "0.1")
        fb = srv.batches

        def completed() -> int:
            return sum(job.status == "completed" for job in list(fb.jobs.values()))

        # (phase, a count that grows when the process gets there, the longest wait after that)
        moments: list[tuple[str, Callable[[], int], float]] = [
            ("upload", lambda: fb.uploads, 0.02),
            ("create", lambda: fb.created, 0.0),
            ("poll", lambda: fb.created, 0.6),  # the batch takes 1 s: the kill falls in its polling
            ("download/ingest", completed, 0.05),
            ("running items", lambda: len(ingested(out)), 0.4),
        ]
        kills = []
        for phase, count, spread in moments:
            reached = grows(count)
            proc = subprocess.Popen(args, stderr=subprocess.DEVNULL)
            hit = wait_for(reached, proc, phase)
            time.sleep(rng.uniform(0, spread))
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=30)
            kills.append((phase, hit, proc.returncode))
        done = subprocess.run(args, check=False, timeout=600, stderr=subprocess.PIPE, text=True)
        assert done.returncode == 0, done.stderr[-2000:]
        ids = fb.custom_ids()
        figures = {"kills": len(kills), "batches created": fb.created, "lines sent": len(ids),
                   "distinct lines": len(set(ids)), "live requests": live_requests}
    print(f"\nbatch kill test: {figures}; kills: {kills}")
    assert all(hit and code == -signal.SIGKILL for _, hit, code in kills), kills  # each killed mid-run
    assert outputs(out) == outputs(tmp_path / "live")
    assert Counter(ids).most_common(1)[0][1] == 1 and len(ids) == live_requests  # nothing sent twice
    submitted = {e["batch_id"] for e in ledger_events(out) if e["ev"] == "submitted"}
    assert len(submitted) == fb.created


def grows(count: Callable[[], int]) -> Callable[[], bool]:
    start = count()
    return lambda: count() > start


def ingested(out: Path) -> list[str]:
    return [e["name"] for e in ledger_events(out) if e["ev"] == "ingested"]
