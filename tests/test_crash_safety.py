"""Crash safety for real: a `trajgen generate` process killed at random moments, torn state lines,
SIGTERM, and one run per output directory."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.config import load_config
from generator.engine import Overrides, generate
from generator.lock import DirLock
from generator.state import STATE_DIR
from generator.testing.fake_openai import FakeOpenAI

ROOT = Path(__file__).resolve().parents[1]
CATALOG = ROOT / "examples" / "catalog.json"
LLM_CONFIG = (f"seed: 5\ncatalog: [{CATALOG}]\npersonas: {ROOT / 'examples' / 'personas.yaml'}\nwriter: llm\n"
              "llm: {concurrency: 6, max_retries: 8, timeout_s: 10}\n"
              "products:\n  sdg:\n    categories: {simple: 10, multiple: 6, parallel: 4, irrelevance: 4}\n"
              "  judge: {rows: 24, rows_per_item: 4}\n"
              # TRAIL items ask for 4 levels one after another: replies arrive long before their
              # item is finished, so a reply kept only in memory would be lost to a kill
              "  trail: {source: synthetic, targets: 6, min_history: 20}\n")


def trajgen(*args: str) -> list[str]:
    return [sys.executable, "-c", "import sys; from generator.cli import main; sys.exit(main())", *args]


def outputs(out: Path) -> dict[str, bytes]:
    """Every file a user reads (data, rejections, manifest, card): not .state or .cache."""
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and not p.relative_to(out).parts[0].startswith(".")}


def write_config(tmp_path: Path) -> Path:
    cfg = tmp_path / "run.yaml"
    cfg.write_text(LLM_CONFIG)
    return cfg


def llm_args(cfg: Path, out: Path, srv: FakeOpenAI) -> list[str]:
    return trajgen("generate", str(cfg), "--out", str(out), "--base-url", srv.base_url, "--model", "fake",
                   "--quiet")


# A reply written to the socket is still in flight until the client's event loop reads it: on an
# idle machine that takes 10-50 ms, on a loaded 2-core CI runner a few hundred. A reply cached only
# when its item finishes (TRAIL asks 4 levels, 200 ms each, one after another) is older than that.
ARRIVAL_GRACE_S = 0.5


def duplicates_of_arrived_replies(srv: FakeOpenAI, kills: list[float], grace_s: float, since: int = 0) -> list[str]:
    """Bodies sent again although an earlier copy was sent to the client well before any kill: a
    reply that reached the client but was not cached (requests from index `since` on)."""
    first_done: dict[str, float] = {}
    bad = []
    for r in srv.requests[since:]:
        if not r.path.endswith("/chat/completions") or r.body.get("max_tokens") == 1:
            continue  # the pre-flight ping is sent once per invocation on purpose
        key = json.dumps(r.body, sort_keys=True)
        if key in first_done:
            done = first_done[key]
            # a reply sent just before a kill (or to a run already killed) may never have been read
            if not any(done - grace_s <= k <= done + grace_s for k in kills):
                bad.append(key[:120])
        elif r.status == 200 and r.t_sent is not None:
            first_done[key] = r.t_sent
    return bad


def test_sigkill_at_random_moments_then_finish_gives_the_uninterrupted_bytes(tmp_path):
    cfg = write_config(tmp_path)
    rng = random.Random(2024)
    with FakeOpenAI(latency_ms=200, seed=1) as srv:  # one endpoint for both: the manifest names it
        clean = tmp_path / "clean"
        subprocess.run(llm_args(cfg, clean, srv), check=True, timeout=120)
        sent_clean, since = srv.count(), len(srv.requests)
        out, kills, sent_at_kills = tmp_path / "killed", [], []
        for _ in range(3):
            target = srv.count() + rng.randint(5, 30)  # a random moment once requests fly
            proc = subprocess.Popen(llm_args(cfg, out, srv), stderr=subprocess.DEVNULL)
            deadline = time.monotonic() + 120
            while srv.count() < target and proc.poll() is None:
                assert time.monotonic() < deadline, "the run sent nothing for two minutes"
                time.sleep(0.01)
            time.sleep(rng.uniform(0, 0.3))
            proc.send_signal(signal.SIGKILL)
            kills.append(time.time())
            sent_at_kills.append(srv.count())
            proc.wait(timeout=30)
        subprocess.run(llm_args(cfg, out, srv), check=True, timeout=120)
        assert outputs(out) == outputs(clean)  # data files, rejections, manifest and card
        # only replies in flight at a kill may be sent again
        assert duplicates_of_arrived_replies(srv, kills, ARRIVAL_GRACE_S, since) == []
        assert sent_at_kills[0] > sent_clean and len(set(sent_at_kills)) == len(sent_at_kills)  # mid-run
        assert srv.count() - sent_clean <= sent_clean + 3 * (6 + 1) + 3  # in flight per kill, plus pings
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["counts"]["llm_requests_sent"] > 0


def test_sigterm_stops_like_ctrl_c_and_keeps_the_spending(tmp_path):
    cfg = write_config(tmp_path)
    with FakeOpenAI(latency_ms=300, seed=2) as srv:
        out = tmp_path / "out"
        proc = subprocess.Popen(llm_args(cfg, out, srv), stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 60
        while srv.count("answer") < 8 and time.monotonic() < deadline:  # mid-run, replies arriving
            time.sleep(0.05)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
        assert proc.returncode == 143, err
        assert "terminated; finished items are saved" in err and "Traceback" not in err
        journal = list((out / STATE_DIR).glob("*.llm.jsonl"))
        assert journal and journal[0].read_text().count("\n") > 0  # spending recorded as it happened
        subprocess.run(llm_args(cfg, out, srv), check=True, timeout=120)
    assert (out / "manifest.json").exists()


# ---------------------------------------------------------------- torn state lines

TEMPLATE_CONFIG = ("seed: 3\ncatalog: [catalog.json]\n"
                   "products:\n  sdg:\n    categories: {simple: 4, parallel: 2}\n")
# Multi-byte UTF-8 everywhere in the state lines: descriptions and enum values.
CATALOG_TOOLS = [
    {"type": "function", "function": {
        "name": "reserve_table", "description": "Réserver une table — café, crème brûlée, 東京",
        "parameters": {"type": "object", "properties": {
            "city": {"type": "string", "description": "Ville", "enum": ["Zürich", "Köln", "Málaga"]},
            "guests": {"type": "integer", "description": "Gäste"}}, "required": ["city", "guests"]}}},
    {"type": "function", "function": {
        "name": "order_flowers", "description": "Blumen bestellen für die Grüße",
        "parameters": {"type": "object", "properties": {
            "bouquet": {"type": "string", "enum": ["Rosé", "Müller mix"]},
            "note": {"type": "string", "description": "Karte: naïve señor"}},
            "required": ["bouquet"]}}},
]


def template_run(tmp_path: Path, out: Path):
    (tmp_path / "catalog.json").write_text(json.dumps(CATALOG_TOOLS, ensure_ascii=False), encoding="utf-8")
    cfg = tmp_path / "t.yaml"
    cfg.write_text(TEMPLATE_CONFIG)
    return generate(load_config(cfg), tmp_path, Overrides(out=str(out), progress=False))


def state_file(out: Path) -> Path:
    return next(p for p in (out / STATE_DIR).glob("*.jsonl") if not p.name.endswith(".llm.jsonl"))


def cut_points(line: bytes, rng: random.Random) -> list[int]:
    """Offsets to cut the line at: inside every kind of multi-byte character, at the ends, and
    a random handful elsewhere."""
    inside = [i for i in range(1, len(line)) if line[i] & 0xC0 == 0x80]  # continuation bytes
    by_width: dict[int, int] = {}
    for i in inside:
        lead = max(j for j in range(i) if line[j] & 0xC0 != 0x80)
        by_width.setdefault(line[lead].bit_length() and (line[lead] >> 4), i)
    return sorted({1, 2, len(line) - 1, *by_width.values(), *rng.sample(range(1, len(line)), 4)})


def test_a_state_line_torn_at_any_byte_is_redone_in_one_rerun(tmp_path):
    clean = tmp_path / "clean"
    template_run(tmp_path, clean)
    want = outputs(clean)
    lines = state_file(clean).read_bytes().splitlines(keepends=True)
    last = lines[-1]
    assert any(b >= 0x80 for b in last), "the line must hold multi-byte characters"
    for cut in cut_points(last, random.Random(7)):
        out = tmp_path / f"cut{cut}"
        template_run(tmp_path, out)
        path = state_file(out)
        path.write_bytes(b"".join(lines[:-1]) + last[:cut])
        template_run(tmp_path, out)  # one rerun repairs it
        assert outputs(out) == want, f"cut at byte {cut}"
        assert all(json.loads(x) for x in path.read_bytes().splitlines()), f"cut at byte {cut}"


def test_garbage_in_the_middle_of_the_state_is_skipped_and_redone(tmp_path):
    out = tmp_path / "out"
    template_run(tmp_path, out)
    want = outputs(out)
    path = state_file(out)
    lines = path.read_bytes().splitlines(keepends=True)
    lines[1] = lines[1][:40] + b"\xff\xfe\xc3" + lines[1][40:]  # not UTF-8 at all
    path.write_bytes(b"".join(lines))
    template_run(tmp_path, out)
    assert outputs(out) == want


# ---------------------------------------------------------------- one run per directory

def test_a_second_run_into_a_locked_directory_fails_at_once_naming_the_holder(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (tmp_path / "catalog.json").write_text(json.dumps(CATALOG_TOOLS, ensure_ascii=False), encoding="utf-8")
    cfg = tmp_path / "t.yaml"
    cfg.write_text(TEMPLATE_CONFIG)
    with DirLock(out):
        res = subprocess.run(trajgen("generate", str(cfg), "--out", str(out), "--quiet"),
                             check=False, capture_output=True, text=True, timeout=60)
    assert res.returncode == 2 and "Traceback" not in res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and f"pid {os.getpid()}" in lines[0] and "already writing" in lines[0]
    assert not (out / "manifest.json").exists()
    # the holder gone (however it ended), the next run goes ahead
    subprocess.run(trajgen("generate", str(cfg), "--out", str(out), "--quiet"), check=True, timeout=120)


def test_two_real_runs_into_one_directory(tmp_path):
    cfg = write_config(tmp_path)
    with FakeOpenAI(latency_ms=900, seed=3) as srv:  # long enough to outlast a slow start of the second
        out = tmp_path / "out"
        first = subprocess.Popen(llm_args(cfg, out, srv), stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 60
        while srv.count("answer") < 4 and time.monotonic() < deadline:  # the first run is under way
            time.sleep(0.05)
        assert srv.count("answer") >= 4 and first.poll() is None, "the first run never got under way"
        second = subprocess.run(llm_args(cfg, out, srv), check=False, capture_output=True, text=True,
                                timeout=60)
        first.communicate(timeout=120)
    assert first.returncode == 0
    assert second.returncode == 2 and f"pid {first.pid}" in second.stderr


@pytest.mark.parametrize("shards", [((1, 2), (2, 2))])
def test_shards_may_share_a_directory_but_not_with_an_exporting_run(tmp_path, shards):
    out = tmp_path / "out"
    out.mkdir()
    with DirLock(out, shards[0]):
        with DirLock(out, shards[1]):
            pass  # another shard: fine
        from generator.errors import OutputError

        with pytest.raises(OutputError, match="already writing"):
            DirLock(out, shards[0]).acquire()  # the same shard twice
        with pytest.raises(OutputError, match="already writing"):
            DirLock(out).acquire()  # an exporting run while a shard runs
