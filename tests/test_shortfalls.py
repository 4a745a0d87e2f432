"""Shortfalls said once and everywhere: rows removed as duplicates count against the request in
the `short:` lines, in rejections.jsonl and in the card's requested-vs-produced table (one
number); a one-domain catalog's off-topic requests do not repeat; defaults relaxed to deliver are
said even when nothing is short."""

from __future__ import annotations

import json
from pathlib import Path

from generator.config import RunConfig
from generator.core import offtopic
from generator.engine import Overrides, generate
from generator.readers import read_catalog

ROOT = Path(__file__).resolve().parents[1]
SKI = ROOT / "tests" / "fixtures" / "catalogs" / "ski_resort.json"  # one domain, no x-trajgen hints
IRRELEVANT = {"sdg": {"categories": {"irrelevance": 20, "live_irrelevance": 5}}}


def _run(tmp_path: Path, products: dict) -> tuple:
    cfg = RunConfig.model_validate({"seed": 2, "catalog": [str(SKI)], "products": products})
    out = tmp_path / "out"
    return generate(cfg, tmp_path, Overrides(out=str(out), progress=False, fresh=True)), out


def _card_row(out: Path, product: str, category: str) -> tuple[int, int, str]:
    section = (out / "README.md").read_text().split("## Requested vs produced")[1].split("\n## ")[0]
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[:2] == [product, category]:
            return int(cells[2]), int(cells[3]), cells[4]
    raise AssertionError(f"no card row {product}/{category}")


def _rejections(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "rejections.jsonl").read_text().splitlines()]


def test_one_domain_catalog_gets_off_topic_requests_that_do_not_repeat(tmp_path: Path) -> None:
    summary, out = _run(tmp_path, IRRELEVANT)
    rows = [json.loads(line) for line in (out / "sdg" / "train.jsonl").read_text().splitlines()]
    requests = [r["messages"][0]["content"] for r in rows]
    assert len(requests) == 25 and len(set(requests)) == 25
    assert not [n for n in summary.notes if n.startswith("short:")]
    assert _card_row(out, "sdg", "irrelevance")[:2] == (20, 20)
    tools = read_catalog(SKI)
    assert all(offtopic.unrelated(r, tools) for r in requests)


def test_duplicates_removed_count_against_the_request_everywhere(tmp_path: Path, monkeypatch) -> None:
    """With one slot-free request left, every irrelevance row says the same: the duplicates are
    removed, and the terminal, rejections.jsonl and the card all say 1 of 20."""
    monkeypatch.setattr(offtopic, "TEMPLATES", [("Who painted the Mona Lisa?", {})])
    summary, out = _run(tmp_path, {"sdg": {"categories": {"irrelevance": 20}}})
    short = [n for n in summary.notes if n.startswith("short: sdg/irrelevance")]
    assert short and short[0].startswith("short: sdg/irrelevance 1 of 20 (5%)") and "19x removed as duplicates" in short[0]
    dups = [r for r in _rejections(out) if r["stage"] == "dedup" and r["product"] == "sdg"]
    assert len(dups) == 19
    requested, produced, why = _card_row(out, "sdg", "irrelevance")
    assert (requested, produced) == (20, 1) and "removed as duplicates" in why
    rows_table = (out / "README.md").read_text().split("## Rows per category")[1].split("\n## ")[0]
    assert "| sdg | irrelevance | 20 | 1 |" in rows_table  # the same number in the other table


def test_remarks_are_said_even_when_nothing_is_short(tmp_path: Path) -> None:
    """TRAIL over personas derived from the ski catalog: the remarks name the tools without a
    target (and why) in the card even when every target asked is delivered."""
    summary, out = _run(tmp_path, {"trail": {"targets": 8}})  # 8 targets over 15 tools
    notes = [n for n in summary.notes if n.startswith(("note: trail/targets", "short: trail/targets"))]
    assert notes and "tools have a target" in notes[0], summary.notes
    _, _, why = _card_row(out, "trail", "targets")
    assert "tools have a target" in why


def test_a_quiet_run_still_says_what_fell_short(tmp_path: Path, monkeypatch, capsys) -> None:
    """--quiet drops the table and the progress, never a `short:` line: a product that made 0 of
    35 must not pass unseen (set-13 reading: a catalog's parallel TRAJECT file was silently empty)."""
    from types import SimpleNamespace

    import generator.engine
    from generator.cli import main

    notes = ["short: traject/parallel 0 of 35 (0%): no hard query possible", "note: trail/targets 8 of 8 (100%): adapted"]
    monkeypatch.setattr(generator.engine, "generate",
                        lambda *a, **k: SimpleNamespace(dry_run=None, manifest=object(), notes=notes))
    cfg = tmp_path / "run.yaml"
    cfg.write_text(f"seed: 1\ncatalog: [{SKI}]\nproducts: {{sdg: {{categories: {{simple: 1}}}}}}\n")
    assert main(["generate", str(cfg), "--out", str(tmp_path / "out"), "--quiet"]) == 0
    err = capsys.readouterr().err
    assert notes[0] in err and "note: trail" not in err, err


def test_a_short_line_says_each_cause_once_with_its_first_values_readable() -> None:
    from collections import Counter

    from generator.records import Rejection
    from generator.shortfall import REASON_CHARS, _tally

    class One:
        counts_samples = False

        def category(self, item: object) -> str:
            return "targets"

    def failed(i: int, reason: str) -> object:
        from types import SimpleNamespace

        rej = Rejection(item_id=f"t{i}", product="trail", stage="validate", validator="determined", reason=reason)
        return SimpleNamespace(samples=[], rejections=[rej])

    long = ("query 1: hinted route_id='RT-02': a reader gets 'RT-03' ('the same route as my stop on friday' -> "
            "the event it points at (2025-06-12 16:43) over the whole history: 'RT-03'); point to it as 'RT-02'")
    other = long.replace("RT-02", "RT-07").replace("16:43", "09:10")
    items = [type("I", (), {"item_id": f"t{i}"})() for i in range(3)]
    done = {"t0": failed(0, long), "t1": failed(1, other), "t2": failed(2, "query 1: too short")}
    (_, reasons), = _tally(One(), items, done, None).values()  # type: ignore[arg-type]
    said = Counter(reasons)
    first = next(r for r in said if "RT-" in r)
    assert said[first] == 2 and len(said) == 2  # one cause, counted twice
    assert "'RT-02'" in first and "…" in first and len(first) <= REASON_CHARS + 5  # values readable, cut at a word
    assert first.count("(") == first.count(")")  # a bracket the cut opened is closed


def test_a_cause_whose_reason_names_its_validator_says_the_name_once() -> None:
    """"1x stated_present: stated_present: query 1 does not state ..." (set 22's catalog writer)."""
    from types import SimpleNamespace

    from generator.records import Rejection
    from generator.shortfall import _tally

    class One:
        counts_samples = False

        def category(self, item: object) -> str:
            return "simple"

    rej = Rejection(item_id="t0", product="sdg", stage="validate", validator="stated_present",
                    reason="stated_present: query 1 does not state the NPT category 'other'")
    done = {"t0": SimpleNamespace(samples=[], rejections=[rej])}
    items = [type("I", (), {"item_id": "t0"})()]
    (_, reasons), = _tally(One(), items, done, None).values()  # type: ignore[arg-type]
    assert [r.count("stated_present") for r in reasons] == [1], reasons


def test_a_setting_relaxed_in_steps_is_said_once_from_first_to_last() -> None:
    """"relaxed repeat_share 0.25 -> 0.5, repeat_share 0.5 -> 1" named one key twice."""
    from generator.trail.product import merged_steps

    said = merged_steps(["repeat_share 0.25 -> 0.5", "fixed_budget 0.06 -> 0.075", "repeat_share 0.5 -> 1"])
    assert said == ["repeat_share 0.25 -> 1", "fixed_budget 0.06 -> 0.075"]
