"""Parallel engines: the shards of one plan on a process pool or on Ray give the files of a run in
one process, byte for byte, also when a worker is killed mid-run; flags without effect are refused.

The Ray tests need the `ray` extra (`pip install -e ".[ray]"`, part of `.[dev]`, which `make test`
installs); without it they skip with one line, and under CI (`CI=true`) they fail instead.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from generator.cli import main
from generator.config import LLMConfig, load_config
from generator.engine import Overrides, generate
from generator.engines.shard import ShardJob, check_worker, shard_llm
from generator.errors import EngineError, InputError, OutputError
from generator.llm.usage import Spend
from generator.state import STATE_DIR
from generator.testing.fake_openai import FakeOpenAI

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
UNDER_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
# Every format, about 140 items: long enough that a worker can be killed while its shard runs.
CONFIG = f"""seed: 11
catalog: [{EXAMPLES / 'catalog.json'}]
personas: {EXAMPLES / 'personas.yaml'}
products:
  sdg:
    categories: {{simple: 24, multiple: 16, parallel: 10, parallel_multiple: 6, irrelevance: 6, live_simple: 6}}
  trail: {{source: synthetic, targets: 16, min_history: 20, events: 120}}
  traject: {{domains: [food, travel], parallel: 4, sequential: 3}}
  judge: {{rows: 240, rows_per_item: 12}}
  bfcl:
    categories: {{simple_python: 6, multiple: 6, parallel: 3, irrelevance: 3}}
"""


def need_ray() -> None:
    try:
        import ray  # noqa: F401
    except ImportError:
        if UNDER_CI:
            pytest.fail("ray is not installed: CI installs .[dev], which includes the ray extra")
        pytest.skip("ray is not installed (pip install -e '.[ray]')")


def outputs(out: Path) -> dict[str, bytes]:
    """Every file a user reads (data, rejections, manifest, card): not .state or .cache."""
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and not p.relative_to(out).parts[0].startswith(".")}


def trajgen(*args: str) -> list[str]:
    return [sys.executable, "-c", "import sys; from generator.cli import main; sys.exit(main())", *args]


def lines(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


@pytest.fixture(scope="module")
def config(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("cfg") / "run.yaml"
    path.write_text(CONFIG)
    return path


@pytest.fixture(scope="module")
def reference(config, tmp_path_factory) -> dict[str, bytes]:
    """The run in one process (the default engine)."""
    out = tmp_path_factory.mktemp("ref") / "out"
    generate(load_config(config), config.parent, Overrides(out=str(out), progress=False))
    return outputs(out)


def shard_files(out: Path) -> list[str]:
    return sorted(p.name.split(".", 1)[1] for p in (out / STATE_DIR).glob("*.jsonl"))


# ---------------------------------------------------------------- flags, limits, worker checks

@pytest.mark.parametrize("flags, said", [
    (["--engine", "asyncio", "--shards", "2"], "--shards and --workers need --engine process or --engine ray"),
    (["--engine", "process", "--shard", "1/2"], "--shard runs one part of the plan in this process"),
    (["--engine", "process", "--ray-address", "auto"], "--ray-address needs --engine ray"),
    (["--engine", "ray", "--ray-address", "auto", "--workers", "2"], "--workers sizes a local Ray instance"),
])
def test_flags_without_effect_are_refused_in_one_line(config, tmp_path, capsys, flags, said):
    assert main(["generate", str(config), "--out", str(tmp_path / "o"), *flags]) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("writer, concurrency, cpus, flags, engine, workers", [
    ("llm", 256, 2, {}, "process", 2),  # one process's CPU would cap the request rate
    ("llm", 256, 8, {}, "process", 4),  # a worker per 64 requests in flight
    ("llm", 640, 4, {}, "process", 4),  # at most one per CPU
    ("llm", 64, 8, {}, "asyncio", None),  # the endpoint, not the CPU, is the limit
    ("llm", 256, 1, {}, "asyncio", None),
    ("template", 256, 8, {}, "asyncio", None),
    ("llm", 256, 8, {"shard": (1, 2)}, "asyncio", None),  # --shard runs here
    ("llm", 256, 8, {"dry_run": True}, "asyncio", None),
    ("template", 8, 2, {"workers": 2}, "process", 2),  # --workers / --shards ask for the pool
    ("llm", 256, 8, {"engine": "asyncio"}, "asyncio", None),  # an explicit engine is kept
])
def test_auto_engine_is_the_pool_only_where_one_process_would_be_the_limit(monkeypatch, writer, concurrency,
                                                                           cpus, flags, engine, workers):
    from generator import engines

    monkeypatch.setattr(engines, "available_cpus", lambda: cpus)
    cfg = load_config(EXAMPLES / "quickstart.yaml").model_copy(update={"writer": writer})
    cfg = cfg.model_copy(update={"llm": cfg.llm.model_copy(update={"concurrency": concurrency})})
    got = engines.choose(Overrides(**flags), cfg)
    assert (got.engine, got.workers) == (engine, workers)


def test_a_ray_address_that_does_not_answer_is_one_line_within_seconds(tmp_path):
    from generator.engines.ray_tasks import check_reachable

    with socket.socket() as sock:  # a port that was free a moment ago: nothing listens there
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with pytest.raises(EngineError, match=f"cannot reach the Ray cluster at ray://127.0.0.1:{port}"):
        check_reachable(f"ray://127.0.0.1:{port}")
    check_reachable("auto")  # Ray resolves that one itself


def test_each_shard_gets_its_share_of_the_endpoint_limits_and_of_the_remaining_budget():
    llm = LLMConfig(concurrency=9, rpm=600, tpm=100_000, budget_tokens=10_000)
    got = shard_llm(llm, 4, Spend(prompt_tokens=1_500, completion_tokens=500), 0.0)
    assert (got.concurrency, got.rpm, got.tpm) == (3, 150, 25_000)
    assert got.budget_tokens == 2_000 + 2_000  # spent so far plus a quarter of the 8,000 left
    assert shard_llm(LLMConfig(concurrency=1, rpm=3), 8, Spend(), 0.0).rpm == 1  # never 0


def test_a_worker_that_cannot_see_the_output_directory_or_runs_other_code_refuses(tmp_path):
    (tmp_path / STATE_DIR).mkdir()
    (tmp_path / STATE_DIR / "lock").write_text('{"pid": 1}')
    from generator.config import RunConfig
    from generator.provenance import code_digest

    job = ShardJob(shard=(2, 3), cfg=RunConfig(catalog=["c.json"]), names=["sdg"], items={}, out_dir=tmp_path,
                   key="k", code=code_digest(), lock='{"pid": 1}', run_id="r")
    check_worker(job)  # the same directory and code: fine
    with pytest.raises(OutputError, match="shard 2/3: worker .* cannot see the run's output directory"):
        check_worker(job.model_copy(update={"lock": '{"pid": 2}'}))
    with pytest.raises(OutputError, match="is not the driver's code"):
        check_worker(job.model_copy(update={"code": "0" * 64}))
    with pytest.raises(InputError, match="cannot read this input"):
        check_worker(job.model_copy(update={"inputs": [tmp_path / "catalog.json"]}))


# ---------------------------------------------------------------- process pool

def test_process_pool_run_is_byte_identical_to_one_process(config, reference, tmp_path):
    out = tmp_path / "out"
    summary = generate(load_config(config), config.parent,
                       Overrides(out=str(out), progress=False, engine="process", shards=3, workers=2))
    assert outputs(out) == reference
    assert shard_files(out) == ["shard1of3.jsonl", "shard2of3.jsonl", "shard3of3.jsonl"]
    assert summary.items_run == sum(v["items"] for v in summary.per_product.values())
    state = {p.name: p.read_bytes() for p in (out / STATE_DIR).iterdir()}
    again = generate(load_config(config), config.parent,
                     Overrides(out=str(out), progress=False, engine="process", shards=2, workers=2))
    assert again.items_run == 0 and outputs(out) == reference  # a rerun makes nothing again
    assert {p.name: p.read_bytes() for p in (out / STATE_DIR).iterdir()} == state


class InlineEngine:
    """Shards run one after another in a thread of this process, so a test can watch them; each
    receives the run as a worker does (pickled by the driver) and as if on a fresh worker."""

    def __init__(self, ov: Overrides) -> None:
        import threading

        self.one_at_a_time = threading.Lock()
        self.ran: list[tuple[Any, Any]] = []  # (job, shared) in the order they were handed out
        self.notify = print
        INLINE.append(self)

    def capacity(self) -> int:
        return 2

    def share(self, shared):
        import pickle

        return pickle.dumps(shared)

    async def run(self, job, payload):
        import asyncio
        import pickle

        from generator.engines import shard

        shared = pickle.loads(payload)
        self.ran.append((job, shared))  # the order the driver hands shards out

        def run() -> Any:
            with self.one_at_a_time:
                shard._KEPT.clear()  # a fresh worker: nothing kept from an earlier shard
                return shard.run_shard(job, shared)

        return await asyncio.to_thread(run)

    def close(self, abort: bool = False) -> None:
        pass


INLINE: list[InlineEngine] = []


def test_workers_run_on_the_products_the_driver_planned_heaviest_shards_first(config, reference, tmp_path,
                                                                               monkeypatch):
    """What planning built (the synthesized user histories of TRAIL, the judge's users: a
    product's `shared`) is not built again by every worker, and workers take the heaviest shards
    first, so no core idles at the end."""
    from generator.engines import ENGINES
    from generator.judge import product as judge
    from generator.runner import item_weight
    from generator.trail import product as trail

    built: list[str] = []
    logs, users = trail.user_logs, judge.run_histories
    monkeypatch.setattr(trail, "user_logs", lambda cfg, ctx: built.append("trail") or logs(cfg, ctx))
    monkeypatch.setattr(judge, "run_histories", lambda ctx, cfg: built.append("judge") or users(ctx, cfg))
    monkeypatch.setitem(ENGINES._items, "inline-test", InlineEngine)
    out = tmp_path / "out"
    generate(load_config(config), config.parent, Overrides(out=str(out), progress=False, engine="inline-test",
                                                           shards=6))
    assert outputs(out) == reference
    assert sorted(built) == ["judge", "trail"]  # by the driver's planning only
    weights = [sum(item_weight(it, shared.ctx) for items in job.items.values() for it in items)
               for job, shared in INLINE[-1].ran]
    assert len(weights) == 6 and weights == sorted(weights, reverse=True) and len(set(weights)) > 1


def appending_pid(path: Path, exclude: int) -> int | None:
    """The process that holds `path` open for appending (a worker running that shard)."""
    for pid in filter(str.isdigit, os.listdir("/proc")):
        if int(pid) == exclude:
            continue
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                if os.readlink(f"/proc/{pid}/fd/{fd}") == str(path):
                    flags = int(Path(f"/proc/{pid}/fdinfo/{fd}").read_text().split()[3], 8)
                    if flags & os.O_APPEND:
                        return int(pid)
        except OSError:  # a process that ended, or one we may not look into
            continue
    return None


def kill_a_worker_mid_shard(proc: subprocess.Popen, state: Path, timeout_s: float = 240) -> int:
    """SIGKILL the worker appending to `state` once it has finished a few items; the lines then."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline and proc.poll() is None:
        pid = appending_pid(state, exclude=proc.pid) if lines(state) >= 3 else None
        if pid is not None:
            at_kill = lines(state)
            os.kill(pid, signal.SIGKILL)
            return at_kill
        time.sleep(0.01)
    raise AssertionError(f"no worker was seen running {state.name} (driver exit {proc.poll()})")


def run_and_kill(config: Path, out: Path, *engine: str) -> tuple[int, str]:
    proc = subprocess.Popen(trajgen("generate", str(config), "--out", str(out), *engine),
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    try:
        state = next(iter((out / STATE_DIR).glob("*.shard1of2.jsonl")), None)
        while state is None and proc.poll() is None:
            time.sleep(0.05)
            state = next(iter((out / STATE_DIR).glob("*.shard1of2.jsonl")), None)
        assert state is not None, proc.communicate()[1]
        at_kill = kill_a_worker_mid_shard(proc, state)
        _, err = proc.communicate(timeout=600)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    assert at_kill < lines(state), "the kill landed after the shard had finished"
    for path in (out / STATE_DIR).glob("*.shard*of2.jsonl"):  # resumed, not started over
        ids = [json.loads(x)["item_id"] for x in path.read_text().splitlines()]
        assert len(ids) == len(set(ids)), f"{path.name}: items made twice"
    return at_kill, err


@pytest.mark.slow
def test_killing_a_process_worker_mid_run_still_ends_with_identical_files(config, reference, tmp_path):
    out = tmp_path / "out"
    _, err = run_and_kill(config, out, "--engine", "process", "--shards", "2", "--workers", "2")
    assert "a worker process died; shard" in err and "resumes from its state" in err
    assert outputs(out) == reference


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"  # a zombie has ended


@pytest.mark.slow
def test_killing_the_driver_stops_its_workers_and_a_rerun_ends_with_identical_files(config, reference, tmp_path):
    """SIGKILL cannot be caught: the workers notice their driver is gone and end within seconds,
    so none goes on writing into the directory after its lock is released."""
    out = tmp_path / "out"
    proc = subprocess.Popen(trajgen("generate", str(config), "--out", str(out), "--engine", "process",
                                    "--shards", "2", "--workers", "2", "--quiet"),
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    try:
        state, pid = None, None
        deadline = time.monotonic() + 240
        while pid is None and proc.poll() is None and time.monotonic() < deadline:
            state = next(iter((out / STATE_DIR).glob("*.shard1of2.jsonl")), None)
            pid = appending_pid(state, exclude=proc.pid) if state is not None and lines(state) >= 2 else None
            time.sleep(0.01)
        assert pid is not None, f"no worker seen running a shard (driver exit {proc.poll()})"
        proc.kill()
        proc.wait(timeout=30)
        deadline = time.monotonic() + 10
        while alive(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(pid), "a worker outlived its killed driver by 10 s"
    finally:
        proc.kill()
    assert main(["generate", str(config), "--out", str(out), "--quiet"]) == 0
    assert outputs(out) == reference


# ---------------------------------------------------------------- Ray

@pytest.fixture(scope="module")
def local_ray():
    need_ray()
    import ray

    ray.init(address="local", num_cpus=2, include_dashboard=False, logging_level="warning")
    yield ray
    ray.shutdown()


@pytest.mark.slow
def test_ray_run_on_a_local_instance_is_byte_identical_to_one_process(config, reference, tmp_path, local_ray):
    out = tmp_path / "out"
    summary = generate(load_config(config), config.parent,
                       Overrides(out=str(out), progress=False, engine="ray", shards=3))
    assert outputs(out) == reference
    assert shard_files(out) == ["shard1of3.jsonl", "shard2of3.jsonl", "shard3of3.jsonl"]
    assert summary.items_run == sum(v["items"] for v in summary.per_product.values())


@pytest.mark.slow
def test_killing_a_ray_worker_mid_run_still_ends_with_identical_files(config, reference, tmp_path):
    need_ray()
    out = tmp_path / "out"
    run_and_kill(config, out, "--engine", "ray", "--shards", "2", "--workers", "2", "--quiet")
    assert outputs(out) == reference


# ---------------------------------------------------------------- the LLM writer across shards

LLM_CONFIG = (f"seed: 5\ncatalog: [{EXAMPLES / 'catalog.json'}]\nwriter: llm\n"
              "llm: {concurrency: 4, max_retries: 8, timeout_s: 10}\n"
              "products:\n  sdg:\n    categories: {simple: 8, multiple: 6, parallel: 4, irrelevance: 4}\n"
              "  judge: {rows: 16, rows_per_item: 4}\n")


def test_llm_writer_on_a_process_pool_sends_each_request_once_and_gives_identical_files(tmp_path):
    cfg = tmp_path / "llm.yaml"
    cfg.write_text(LLM_CONFIG)

    def run(out: Path, srv: FakeOpenAI, **engine) -> None:
        ov = Overrides(out=str(out), progress=False, base_url=srv.base_url, model="fake", **engine)
        generate(load_config(cfg), tmp_path, ov)

    with FakeOpenAI(latency_ms=20, seed=4) as srv:
        run(tmp_path / "one", srv)
        one_process = srv.count("answer")
        run(tmp_path / "pool", srv, engine="process", shards=3, workers=2)
        assert srv.count("answer") == 2 * one_process  # nothing sent twice across the shards
        assert outputs(tmp_path / "pool") == outputs(tmp_path / "one")  # manifest: same LLM counts
        # items made again, split otherwise: each reads replies other workers cached
        run(tmp_path / "pool", srv, engine="process", shards=2, workers=2, fresh=True)
        assert srv.count("answer") == 2 * one_process
        # by default one shard per worker with the LLM writer (a shard's start and end are dips)
        run(tmp_path / "default", srv, engine="process", workers=2)
    assert outputs(tmp_path / "pool") == outputs(tmp_path / "one") == outputs(tmp_path / "default")
    assert [f for f in shard_files(tmp_path / "default") if ".llm." not in f] == ["shard1of2.jsonl", "shard2of2.jsonl"]


def test_auto_keeps_its_pool_only_when_the_pending_items_can_fill_it(tmp_path, monkeypatch):
    """`--engine auto` starts the pool once the plan is made, and only when more items are pending
    than one worker serves; else the run stays here (a 16-item run spent seconds starting workers)."""
    from generator import engines

    monkeypatch.setattr(engines, "available_cpus", lambda: 2)
    monkeypatch.setattr(engines, "REQUESTS_PER_WORKER", 2)  # concurrency 4: two workers' worth
    cfg = tmp_path / "llm.yaml"
    cfg.write_text(LLM_CONFIG)
    with FakeOpenAI(latency_ms=5, seed=4) as srv:
        def run(out: Path, limit: int | None) -> int:
            ov = Overrides(out=str(out), progress=False, base_url=srv.base_url, model="fake", limit=limit)
            return generate(load_config(cfg), tmp_path, ov).workers

        assert run(tmp_path / "small", limit=1) == 0  # 2 items (one per product): here
        assert shard_files(tmp_path / "small") == ["jsonl", "llm.jsonl"]  # no shard's file
        assert run(tmp_path / "full", limit=None) == 2  # 26 items: on the pool's two workers
        assert [f for f in shard_files(tmp_path / "full") if ".llm." not in f] == ["shard1of2.jsonl",
                                                                                  "shard2of2.jsonl"]


def test_the_language_model_and_cache_index_load_only_when_an_item_is_pending(tmp_path, monkeypatch):
    """A rerun of a finished run exports at once: nothing to warm up for (it took ~2 s)."""
    from generator import engine

    warmed: list[object] = []
    monkeypatch.setattr(engine, "warm_up", warmed.append)
    cfg = tmp_path / "llm.yaml"
    cfg.write_text(LLM_CONFIG)
    with FakeOpenAI(latency_ms=5, seed=4) as srv:
        ov = Overrides(out=str(tmp_path / "out"), progress=False, base_url=srv.base_url, model="fake", limit=2,
                       engine="asyncio")
        generate(load_config(cfg), tmp_path, ov)
        assert len(warmed) == 1  # once, before the first item
        generate(load_config(cfg), tmp_path, ov)
    assert len(warmed) == 1  # the rerun had nothing pending
