"""`trajgen generate --batch | --batch-out | --batch-in` end to end against the fake server: the
files of a live run, every request in exactly one batch, kills survived, budgets kept, bad
output lines reported and never fatal."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from generator.batch_rounds import BatchOptions
from generator.errors import BudgetExceeded
from generator.llm.batch.ledger import Ledger
from generator.llm.batch.lines import read_input_line
from generator.testing.fake_openai import FakeOpenAI
from tests.batch_support import answer_file, outputs, run, write_config

POLL = 0.05


@pytest.fixture(scope="module")
def srv():
    with FakeOpenAI(batch_delay_s=0.2) as server:
        yield server


@pytest.fixture(scope="module")
def live(srv, tmp_path_factory):
    """The live run every batch run must equal, and the requests it sent."""
    folder = tmp_path_factory.mktemp("live")
    before = srv.count()
    run(write_config(folder), folder / "out", srv)
    return {"files": outputs(folder / "out"), "requests": srv.count() - before}


def data_files(files: dict[str, bytes]) -> dict[str, bytes]:
    return {k: v for k, v in files.items() if k not in ("manifest.json", "README.md")}


class Counts:
    """What the fake server saw from now on: batches created, request lines, lines per custom_id."""

    def __init__(self, srv: FakeOpenAI) -> None:
        self.srv, self.created, self.lines = srv, srv.batches.created, len(srv.batches.custom_ids())
        self.chat = srv.count()

    def batches(self) -> int:
        return self.srv.batches.created - self.created

    def ids(self) -> list[str]:
        return self.srv.batches.custom_ids()[self.lines:]

    def live_requests(self) -> int:
        """Chat requests that did not come from a batch line."""
        return self.srv.count() - self.chat - len(self.ids())


def test_a_batch_run_writes_the_bytes_of_a_live_run_and_sends_each_request_once(srv, live, tmp_path):
    seen = Counts(srv)
    summary = run(write_config(tmp_path), tmp_path / "out", srv, BatchOptions(submit=True, poll_s=POLL))
    assert outputs(tmp_path / "out") == live["files"]  # data, rejections, manifest and card
    ids = seen.ids()
    assert len(ids) == len(set(ids)) == live["requests"]  # each request in exactly one batch
    assert seen.batches() >= 3  # re-asks and later levels went out as later rounds
    assert seen.live_requests() == 0
    assert summary.this_run["requests_sent"] == 0
    ledger = Ledger(tmp_path / "out")
    assert all(e.ingested and e.batch_id for e in ledger.entries.values())


def test_offline_rounds_with_batch_out_and_batch_in_write_the_bytes_of_a_live_run(srv, live, tmp_path):
    cfg, out, drop = write_config(tmp_path), tmp_path / "out", tmp_path / "batches"
    seen = Counts(srv)
    summary = run(cfg, out, srv, BatchOptions(out_dir=str(drop)))
    written: set[Path] = set()
    sent = 0
    for n in range(1, 20):
        assert summary.manifest is None and "--batch-in" in summary.notes[0]
        new = sorted(set(drop.iterdir()) - written)
        assert len(new) == 1 and str(new[0]) in summary.notes[0]
        written |= set(new)
        sent += len(answer_file(srv, new[0], tmp_path / f"answers{n}.jsonl"))
        summary = run(cfg, out, srv, BatchOptions(in_file=str(tmp_path / f"answers{n}.jsonl"), out_dir=str(drop)))
        if summary.manifest is not None:
            break
    assert outputs(out) == live["files"]
    assert sent == live["requests"] and seen.batches() == 0 and n >= 3


def test_bad_output_lines_are_reported_and_the_run_goes_on(srv, live, tmp_path, capsys):
    cfg, out, drop = write_config(tmp_path), tmp_path / "out", tmp_path / "batches"
    run(cfg, out, srv, BatchOptions(out_dir=str(drop)))
    answers = answer_file(srv, next(drop.iterdir()), tmp_path / "a.jsonl")
    failed, broken = answers[0]["custom_id"], answers[1]["custom_id"]
    answers[0]["response"] = {"status_code": 500, "request_id": "x", "body": {"error": {"message": "boom"}}}
    answers[1]["response"]["body"] = {"choices": []}
    garbage = [b"{not json\n", b'{"response": {}}\n',
               json.dumps({**answers[2], "custom_id": "not-ours"}).encode() + b"\n"]
    (tmp_path / "a.jsonl").write_bytes(b"".join(json.dumps(a).encode() + b"\n" for a in answers) + b"".join(garbage))
    capsys.readouterr()
    summary = run(cfg, out, srv, BatchOptions(in_file=str(tmp_path / "a.jsonl"), out_dir=str(drop)))
    said = capsys.readouterr().err
    assert f"{len(answers) - 2} answers cached" in said
    brought = tmp_path / "a.jsonl"
    assert f"1 non-200 responses (first: {brought} line 1 ({failed[:12]}): HTTP 500: boom)" in said
    assert f"3 malformed lines or bodies (first: {brought} line 2 ({broken[:12]}" in said
    assert f"1 unknown custom_ids (first: {brought} line {len(answers) + 3}: 'not-ours')" in said
    # the two requests without a good answer go out again in the next round, with the new ones
    capsys.readouterr()
    run(cfg, out, srv, BatchOptions(in_file=str(tmp_path / "a.jsonl"), out_dir=str(drop)))  # the same file again
    assert "was ingested before" in capsys.readouterr().err
    nxt = [p for p in drop.iterdir() if p.name.startswith("r002")]
    asked = {json.loads(line)["custom_id"] for line in nxt[0].read_bytes().splitlines()}
    assert {failed, broken} <= asked and summary.manifest is None
    for n in range(2, 20):  # the rest of the rounds, answered well
        answer_file(srv, max(drop.iterdir()), tmp_path / f"a{n}.jsonl")
        summary = run(cfg, out, srv, BatchOptions(in_file=str(tmp_path / f"a{n}.jsonl"), out_dir=str(drop)))
        if summary.manifest is not None:
            break
    assert outputs(out) == live["files"]


def test_transient_line_failures_are_asked_again_and_the_files_stay_the_same(srv, live, tmp_path):
    seen = Counts(srv)
    srv.options.error_rate = 0.2
    srv._rng.seed(3)
    try:
        run(write_config(tmp_path), tmp_path / "out", srv, BatchOptions(submit=True, poll_s=POLL))
    finally:
        srv.options.error_rate = 0.0
    assert outputs(tmp_path / "out") == live["files"]
    again = [k for k, n in Counter(seen.ids()).items() if n > 1]
    assert again, "some line must have failed and been asked again"
    assert len(set(seen.ids())) == live["requests"]


def test_a_4xx_answer_is_the_item_verdict_as_live(srv, tmp_path):
    """Every first request answered 403: each SDG row is rejected with the reason (as live), the
    other items go on with new attempts, and the run finishes."""
    cfg, out, drop = write_config(tmp_path), tmp_path / "out", tmp_path / "batches"
    run(cfg, out, srv, BatchOptions(out_dir=str(drop)))
    answers = answer_file(srv, next(drop.iterdir()), tmp_path / "a.jsonl")
    for a in answers:
        a["response"] = {"status_code": 403, "request_id": "x", "body": {"error": {"message": "not allowed"}}}
    (tmp_path / "a.jsonl").write_text("".join(json.dumps(a) + "\n" for a in answers))
    summary = run(cfg, out, srv, BatchOptions(in_file=str(tmp_path / "a.jsonl"), out_dir=str(drop)))
    for n in range(2, 20):
        if summary.manifest is not None:
            break
        answer_file(srv, max(drop.iterdir()), tmp_path / f"a{n}.jsonl")
        summary = run(cfg, out, srv, BatchOptions(in_file=str(tmp_path / f"a{n}.jsonl"), out_dir=str(drop)))
    rejected = [json.loads(x) for x in (out / "rejections.jsonl").read_text().splitlines()]
    sdg = [r for r in rejected if r["product"] == "sdg"]
    assert sdg and all(r["reason"] == f"HTTP 403 from {srv.base_url} (batch): not allowed" for r in sdg)
    assert summary.manifest is not None


def test_a_round_past_the_budget_is_not_submitted_and_a_larger_budget_resumes(srv, live, tmp_path):
    seen = Counts(srv)
    uploads = srv.batches.uploads
    with pytest.raises(BudgetExceeded, match="nothing was submitted") as err:
        run(write_config(tmp_path, ", budget_tokens: 500"), tmp_path / "out", srv,
            BatchOptions(submit=True, poll_s=POLL))
    assert "past llm.budget_tokens of 500" in err.value.message
    assert seen.batches() == 0 and srv.batches.uploads == uploads
    run(write_config(tmp_path, ", budget_tokens: 10000000"), tmp_path / "out", srv,
        BatchOptions(submit=True, poll_s=POLL))
    assert data_files(outputs(tmp_path / "out")) == data_files(live["files"])  # the budget is in the manifest


def test_the_cost_in_the_manifest_is_at_batch_prices(srv, live, tmp_path):
    manifest = json.loads(live["files"]["manifest.json"])
    p, c = manifest["counts"]["llm_prompt_tokens"], manifest["counts"]["llm_completion_tokens"]
    listed = (p * 2.0 + c * 8.0) / 1e6
    for discount in (0.5, 0.2):
        price = f", prices: {{fake: {{prompt: 2.0, completion: 8.0, batch: {discount}}}}}"
        out = tmp_path / f"out{discount}"
        run(write_config(tmp_path, price, name=f"{discount}.yaml"), out, srv, BatchOptions(submit=True, poll_s=POLL))
        got = json.loads((out / "manifest.json").read_text())["llm_cost_usd"]
        assert got == pytest.approx(listed * (1 - discount), abs=2e-6)


def test_a_usd_budget_is_checked_at_batch_prices(srv, tmp_path):
    """The first round, estimated as the run estimates it, is refused under a budget below its
    batch price and submitted under one between its batch and its list price."""
    run(write_config(tmp_path), tmp_path / "probe", srv, BatchOptions(out_dir=str(tmp_path / "b")))
    bodies = [read_input_line(line) for line in next((tmp_path / "b").iterdir()).read_bytes().splitlines()]
    tokens = sum(len(got[1]) for got in bodies if got) / 4 + 200 * len(bodies)  # 200: a reply, before any
    at_list = tokens * 10.0 / 1e6  # 10 USD per million prompt or completion tokens
    seen = Counts(srv)
    for share, name in ((0.4, "low.yaml"), (0.75, "mid.yaml")):
        price = f", prices: {{fake: {{prompt: 10.0, completion: 10.0}}}}, budget_usd: {at_list * share:.8f}"
        try:
            run(write_config(tmp_path, price, name=name), tmp_path / f"out-{share}", srv,
                BatchOptions(submit=True, poll_s=POLL))
        except BudgetExceeded as exc:
            assert "at batch prices" in exc.message and "nothing was submitted" in exc.message
        if share < 0.5:
            assert seen.batches() == 0  # refused before anything was uploaded
        else:
            assert seen.batches() >= 1  # fits at half price


def test_a_refused_json_schema_steps_down_like_live(tmp_path):
    with FakeOpenAI(no_json_schema=True) as srv:
        cfg = write_config(tmp_path)
        run(cfg, tmp_path / "live", srv)
        run(cfg, tmp_path / "batch", srv, BatchOptions(submit=True, poll_s=POLL))
    assert outputs(tmp_path / "batch") == outputs(tmp_path / "live")


@pytest.mark.parametrize(("flags", "said"), [
    (["--batch", "--writer", "template"], "batch mode needs the llm writer"),
    (["--batch", "--batch-out", "x"], "pick one"),
    (["--batch", "--shard", "1/2"], "does not combine with --shard"),
    (["--batch-out", "x", "--engine", "process"], "does not combine with --engine process"),
    (["--batch", "--dry-run"], "does not combine with --dry-run"),
    (["--batch-in", "missing.jsonl"], "missing.jsonl: no such batch output file"),
    (["--batch-poll", "5"], "--batch-poll sets how often --batch polls: it needs --batch"),
])
def test_flags_batch_mode_cannot_honour_are_one_line_and_nothing_is_written(tmp_path, capsys, flags, said):
    from generator.cli import main

    out = tmp_path / "out"
    code = main(["generate", str(write_config(tmp_path)), "--out", str(out), "--model", "fake",
                 "--base-url", "http://127.0.0.1:9/v1", *flags])
    err = capsys.readouterr().err
    assert code == 2 and said in err and err.count("\n") == 1 and not out.exists()
