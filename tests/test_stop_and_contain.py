"""Stop means stop (signals in planning and export, absurd counts), every write contained (no
symlink followed inside --out or the cache), and the lock refuses a busy --out before planning,
naming its holder, shards included."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.config import MAX_COUNT, load_config
from generator.engine import Overrides, generate
from generator.errors import ConfigError, OutputError
from generator.io import confined_to
from generator.lock import DirLock
from generator.signals import Terminated, stop_on_signals
from generator.state import Journal, StateStore

ROOT = Path(__file__).resolve().parents[1]
CATALOG = ROOT / "examples" / "catalog.json"


def trajgen(*args: str) -> list[str]:
    return [sys.executable, "-c", "import sys; from generator.cli import main; sys.exit(main())", *args]


def config(tmp_path: Path, simple: int | str = 4) -> Path:
    cfg = tmp_path / "run.yaml"
    cfg.write_text(f"seed: 1\ncatalog: [{CATALOG}]\nproducts:\n  sdg:\n    categories: {{simple: {simple}}}\n")
    return cfg


# ---------------------------------------------------------------- signals

def wait_for_handlers(pid: int, timeout: float = 60) -> None:
    """Until the process catches SIGTERM (the CLI's handlers are in: imports are over)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status = Path(f"/proc/{pid}/status").read_text()
        caught = int(next(x for x in status.splitlines() if x.startswith("SigCgt:")).split()[1], 16)
        if caught & (1 << (signal.SIGTERM - 1)):
            return
        time.sleep(0.05)
    raise AssertionError("the handlers never came")


@pytest.mark.parametrize(("sig", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_during_planning_stops_within_two_seconds(tmp_path, sig, code):
    """Before: a 200,000-item plan ignored both signals until it ended (14.5 minutes)."""
    out = tmp_path / "out"
    proc = subprocess.Popen(trajgen("generate", str(config(tmp_path, 2_000_000)), "--out", str(out), "--quiet"),
                            stderr=subprocess.PIPE, text=True)
    wait_for_handlers(proc.pid)
    time.sleep(3)  # the config loaded, then well into the planning of 2 million items
    assert proc.poll() is None
    sent = time.monotonic()
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=60)
    took = time.monotonic() - sent
    assert proc.returncode == code and took < 5, (proc.returncode, took, err[-300:])  # ~1 s idle; CI is loaded
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_signal_during_export_stops_it_at_once(tmp_path, monkeypatch):
    """Before: the export held SIGINT/SIGTERM until it ended, then the run exited 0."""
    from generator import engine

    started: list[float] = []

    def slow_export(*args, **kwargs):
        started.append(time.monotonic())
        threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGTERM)).start()
        for _ in range(200):  # 20 s of export without an await
            time.sleep(0.1)
        raise AssertionError("the export was not interrupted")
    monkeypatch.setattr(engine, "export_all", slow_export)
    before = signal.getsignal(signal.SIGTERM)  # a pytest-xdist worker has its own handler
    with pytest.raises(Terminated):
        generate(load_config(config(tmp_path)), tmp_path, Overrides(out=str(tmp_path / "out"), progress=False))
    assert time.monotonic() - started[0] < 3
    assert StateStore(tmp_path / "out", next((tmp_path / "out" / ".state").glob("*.jsonl")).name.split(".")[0]).load()
    assert signal.getsignal(signal.SIGTERM) is before  # the handlers are put back


def test_stop_on_signals_restores_the_handlers():
    before = signal.getsignal(signal.SIGINT)
    with stop_on_signals():
        assert signal.getsignal(signal.SIGINT) is not before
    assert signal.getsignal(signal.SIGINT) is before


@settings(max_examples=30, deadline=None)
@given(count=st.one_of(st.integers(MAX_COUNT + 1, 10**30), st.floats(2 * MAX_COUNT, 1e300)))
def test_absurd_counts_are_refused_at_load(tmp_path_factory, count):
    tmp = tmp_path_factory.mktemp("c")
    text = f"{count:.1e}" if isinstance(count, float) else str(count)
    with pytest.raises(ConfigError) as info:
        load_config(config(tmp, text))
    assert info.value.file and "products.sdg.categories.simple" in str(info.value)


def test_a_count_at_the_limit_loads():
    from generator.config import RunConfig

    RunConfig.model_validate({"catalog": ["x"], "products": {"sdg": {"categories": {"simple": MAX_COUNT}}}})


# ---------------------------------------------------------------- symlinks

@pytest.mark.parametrize("name", [".state/lock", ".state/STATE", ".state"])  # the journal: below
def test_a_symlink_in_the_state_is_refused_and_its_target_untouched(tmp_path, name):
    """Before: a symlinked .state/lock truncated its target to 0 bytes, a symlinked state file got
    64 KB appended outside --out, a symlinked .state/ received the whole state; all exit 0."""
    from generator.engine import config_hash

    cfg_path, out = config(tmp_path), tmp_path / "out"
    key = config_hash(load_config(cfg_path), tmp_path)
    target = tmp_path / "precious"
    name = name.replace("STATE", f"{key}.jsonl").replace("JOURNAL", f"{key}.llm.jsonl")
    if name == ".state":
        target.mkdir()
        (out).mkdir()
    else:
        target.write_text("keep me\n")
        (out / ".state").mkdir(parents=True)
    (out / name).symlink_to(target)
    res = subprocess.run(trajgen("generate", str(cfg_path), "--out", str(out), "--quiet"),
                         capture_output=True, text=True, timeout=120, check=False)
    assert res.returncode == 2, res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and ("symlink" in lines[0] or "outside the output directory" in lines[0]), lines
    if name == ".state":
        assert not list(target.iterdir())
    else:
        assert target.read_text() == "keep me\n"
    assert not (out / "manifest.json").exists()


def test_a_symlinked_cache_segment_is_refused(tmp_path):
    from generator.llm.cache import CachedReply, DiskCache

    root = tmp_path / "cache"
    root.mkdir()
    outside = tmp_path / "outside.jsonl"
    outside.write_text("")
    (root / "segment-abc.jsonl").symlink_to(outside)
    with confined_to(root), pytest.raises(OutputError, match="symlink"):
        DiskCache(root).put("k" * 64, b"{}", CachedReply(content="x"))
    assert outside.read_text() == ""


def test_appenders_refuse_a_symlink_outside_a_run_too(tmp_path):
    (tmp_path / ".state").mkdir()
    target = tmp_path / "t"
    target.write_text("x")
    (tmp_path / ".state" / "k.llm.jsonl").symlink_to(target)
    j = Journal(tmp_path, "k")
    with pytest.raises(OutputError, match="symlink"):
        j.retry()
    assert target.read_text() == "x"


# ---------------------------------------------------------------- the lock

def test_a_busy_out_is_refused_before_planning(tmp_path):
    """Before: refused only after the plan was made (2.7 s for the quickstart)."""
    out = tmp_path / "out"
    out.mkdir()
    with DirLock(out):
        started = time.monotonic()
        res = subprocess.run(trajgen("generate", str(config(tmp_path, 2_000_000)), "--out", str(out), "--quiet"),
                             capture_output=True, text=True, timeout=120, check=False)
        took = time.monotonic() - started
    assert res.returncode == 2 and "already writing" in res.stderr
    assert took < 20  # planning 2 million items would take many minutes


def test_shards_holding_the_directory_are_named(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    with DirLock(out, (1, 2)), DirLock(out, (2, 2)), pytest.raises(OutputError) as info:
        DirLock(out).acquire()
    msg = str(info.value)
    assert "shard 1/2: trajgen pid" in msg and "shard 2/2" in msg and "1970" not in msg and "?" not in msg
    with DirLock(out, (1, 2)), pytest.raises(OutputError, match="already writing"):
        DirLock(out).probe()
    DirLock(out).probe()  # free again


def test_the_lock_file_at_rest_names_nobody(tmp_path):
    with DirLock(tmp_path):
        assert json.loads((tmp_path / ".state" / "lock").read_text())["pid"] == os.getpid()
    assert (tmp_path / ".state" / "lock").read_text() == ""
