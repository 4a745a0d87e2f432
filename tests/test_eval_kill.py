"""Killing a real `trajgen eval` process (SIGKILL) and rerunning it sends no finished request
twice: every completed exchange is cached before its result line is written."""

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from eval_support import item_count, make_run, oracle, write_gold

from generator.evaluate.api import EvalOptions, setup_key
from generator.evaluate.results import read_results
from generator.llm.cache import DiskCache
from generator.testing.fake_openai import FakeOpenAI

TRAIL_ONLY = {"trail": {"source": "synthetic", "targets": 25, "min_history": 20}}
CONCURRENCY = 2


def canonical(body: dict) -> str:
    return json.dumps(body, sort_keys=True, ensure_ascii=False)


def cached_bodies(cache: Path) -> set[str]:
    out = set()
    for entry in DiskCache(cache).entries():
        req = entry["request"]
        out.add(canonical({k: v for k, v in req.items() if k != "base_url"}))
    return out


def sent(srv: FakeOpenAI) -> list[str]:
    """Chat requests that carry work (the client's 1-token pre-flight probe is not one)."""
    return [canonical(r.body) for r in srv.requests
            if r.path.endswith("/chat/completions") and r.body.get("max_tokens") != 1]


def lines(path: Path) -> int:
    return len(path.read_text().splitlines()) if path.exists() else 0


@pytest.mark.slow
def test_sigkill_then_rerun_sends_no_finished_request_twice(tmp_path):
    run = make_run(tmp_path / "run", TRAIL_ONLY)
    gold = write_gold([run], tmp_path / "gold.jsonl")
    items = item_count(run)  # 6 queries per TRAILBench record kept (25 planned, less duplicates)
    assert items > 100
    results = run / "eval" / "m" / "results.jsonl"
    with FakeOpenAI(oracle=oracle(gold), latency_ms=40) as srv:
        cmd = [sys.executable, "-m", "generator.cli", "eval", str(run), "--base-url", srv.base_url, "--model", "m",
               "--concurrency", str(CONCURRENCY), "--quiet"]
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while lines(results) < 25 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert proc.poll() is None, "the run finished before it could be killed"
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        before_kill = sent(srv)
        cached = cached_bodies(run / "eval" / ".cache" / "llm")
        finished = lines(results)
        done = subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        after_kill = sent(srv)[len(before_kill):]
    assert 25 <= finished < items
    assert len(set(before_kill)) == len(before_kill)  # no retries were needed
    again = set(before_kill) & set(after_kill)
    assert not again & cached  # no completed exchange is ever sent again
    # at most the items the runner holds at once (its gate, max(4, 2 x concurrency)): an answer received
    # but not yet in the cache at the kill is asked again, never one the cache holds (checked above)
    assert len(again) <= max(4, 2 * CONCURRENCY)
    print(f"killed after {finished} results; {len(before_kill)} requests before, {len(after_kill)} after, "
          f"{len(again)} re-sent (in flight at the kill)")
    setup = json.loads((run / "eval" / "m" / "summary.json").read_text())
    assert setup["items"] == setup["scored"] == items
    assert f"({finished} resumed" in done.stderr or f"({finished - 1} resumed" in done.stderr
    key = setup_key(EvalOptions(paths=[str(run)], model="m", concurrency=CONCURRENCY), "m")
    assert len(read_results(results, key)) == items


def test_exchanges_finished_before_a_crash_are_not_resent(tmp_path, monkeypatch):
    """The window the kill test rarely hits: the exchange is done, its result line is not written."""
    from generator.errors import TrajgenError
    from generator.evaluate import api
    from generator.evaluate.results import ResultSink

    run = make_run(tmp_path / "run", TRAIL_ONLY)
    gold = write_gold([run], tmp_path / "gold.jsonl")
    items = item_count(run)
    real_append = ResultSink.append
    calls = {"n": 0}

    def crash_after_ten(self, result):
        calls["n"] += 1
        if calls["n"] > 10:
            raise TrajgenError("simulated crash before the result line")
        real_append(self, result)

    opts = api.EvalOptions(paths=[str(run)], model="m", concurrency=CONCURRENCY, progress=False, bootstrap=100)
    with FakeOpenAI(oracle=oracle(gold)) as srv:
        monkeypatch.setattr(ResultSink, "append", crash_after_ten)
        with pytest.raises(TrajgenError, match="simulated crash"):  # the crash must happen, not pass unseen
            api.run_eval(opts.model_copy(update={"base_url": srv.base_url}))
        monkeypatch.setattr(ResultSink, "append", real_append)
        first = sent(srv)
        cached = cached_bodies(run / "eval" / ".cache" / "llm")
        outcome = api.run_eval(opts.model_copy(update={"base_url": srv.base_url}))
        second = sent(srv)[len(first):]
    assert lines(run / "eval" / "m" / "results.jsonl") >= 10 and len(cached) > 10
    again = set(second) & set(first)
    assert not again & cached  # no completed exchange is sent again
    assert len(again) <= CONCURRENCY  # only requests cancelled in flight by the crash
    assert outcome.usage.cache_hits >= 1  # the crashed item's exchange came from the cache
    assert outcome.summary["scored"] == items


def test_a_resumed_eval_reads_line_for_line_like_an_uninterrupted_one(tmp_path, monkeypatch):
    """Before: results.jsonl came out in another order after kills, and a torn line stayed in it
    (a newline closed it), so `datasets` could not load the file."""
    from generator.errors import TrajgenError
    from generator.evaluate import api
    from generator.evaluate.results import ResultSink

    run = make_run(tmp_path / "run", TRAIL_ONLY)
    gold = write_gold([run], tmp_path / "gold.jsonl")
    opts = api.EvalOptions(paths=[str(run)], model="m", concurrency=CONCURRENCY, progress=False, bootstrap=100)
    real_append = ResultSink.append
    with FakeOpenAI(oracle=oracle(gold)) as srv:
        opts = opts.model_copy(update={"base_url": srv.base_url})
        api.run_eval(opts.model_copy(update={"out": str(tmp_path / "clean")}))
        for stop_after in (7, 19):  # two crashes, each leaving a torn line behind
            calls = {"n": 0}

            def crash(self, result, stop_after=stop_after, calls=calls):
                calls["n"] += 1
                if calls["n"] > stop_after:
                    self._fh.write('{"id": "torn mid-wri')
                    self._fh.flush()
                    raise TrajgenError("simulated kill")
                real_append(self, result)
            monkeypatch.setattr(ResultSink, "append", crash)
            with pytest.raises(TrajgenError):
                api.run_eval(opts.model_copy(update={"out": str(tmp_path / "killed")}))
            monkeypatch.setattr(ResultSink, "append", real_append)
        sent_before = len(sent(srv))
        api.run_eval(opts.model_copy(update={"out": str(tmp_path / "killed")}))
    killed = (tmp_path / "killed" / "m" / "results.jsonl").read_text()
    clean = (tmp_path / "clean" / "m" / "results.jsonl").read_text()
    assert "torn" not in killed and all(json.loads(x) for x in killed.splitlines())
    assert killed == clean  # same lines, same order
    assert len(sent(srv)) >= sent_before


def test_an_item_the_endpoint_refuses_is_a_failure_row_not_a_stop(tmp_path):
    """A 4xx for one item is no verdict: it is scored as no call now and asked again on a rerun;
    an endpoint refusing request after request stops the evaluation with its message."""
    from generator.evaluate import api
    from generator.testing.fake_openai import Canned

    run = make_run(tmp_path / "run", TRAIL_ONLY)
    gold = write_gold([run], tmp_path / "gold.jsonl")
    opts = api.EvalOptions(paths=[str(run)], model="m", concurrency=1, progress=False, bootstrap=100, limit=3)
    with FakeOpenAI(oracle=oracle(gold)) as srv:
        refused = Canned(status=400, message="context length exceeded", param="messages")
        srv.push(refused, refused)  # the first to the pre-flight ping (model "m" is not listed)
        outcome = api.run_eval(opts.model_copy(update={"base_url": srv.base_url}))
        assert outcome.failures == 1
        again = api.run_eval(opts.model_copy(update={"base_url": srv.base_url}))
        assert again.failures == 0 and again.resumed == outcome.items - 1
    with FakeOpenAI(refuse_status=400, refuse_message="tools are not supported") as srv, \
            pytest.raises(Exception, match="tools are not supported.*--json-calls"):
        api.run_eval(opts.model_copy(update={"base_url": srv.base_url, "out": str(tmp_path / "other"),
                                             "limit": None}))
