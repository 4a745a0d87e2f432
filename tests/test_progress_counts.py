"""The terminal's counts: one unit per column (items planned, items done, rows written, drafts
rejected, duplicates removed), LLM use on its own line, an ETA weighted by the work of each item."""

from __future__ import annotations

import re

from hub_support import write_config

from generator.cli import main
from generator.progress import Progress, summary_table


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_eta_waits_for_enough_work_then_scales_by_weight():
    clock = Clock()
    p = Progress(enabled=False, now=clock)
    p.start(total=4, done=0, weight=100)  # three light items and one batch of 97 rows
    clock.t = 1.0
    p.advance("sdg", accepted=1, rejected=0, weight=1)
    assert p.eta() == "…"  # 1% of the work: too early to tell
    clock.t = 2.0
    p.advance("sdg", accepted=1, rejected=0, weight=1)
    p.advance("sdg", accepted=1, rejected=0, weight=1)
    assert p.eta() == "…"
    clock.t = 10.0
    p.advance("judge", accepted=97, rejected=2, weight=97)
    assert p.eta() == "0:00:00" and "100 rows accepted | 2 drafts rejected" in p.note()


def test_eta_counts_the_heavy_items_still_to_do():
    """Cheap items first must not promise an early end: 10 light items done in 10 s out of a
    total weight of 110 leaves 100 units, 100 s."""
    clock = Clock()
    p = Progress(enabled=False, now=clock)
    p.start(total=11, done=0, weight=110)
    for i in range(10):
        clock.t = float(i + 1)
        p.advance("sdg", accepted=1, rejected=0, weight=1)
    assert p.eta() == "0:01:40"


def test_summary_table_has_one_unit_per_column():
    table = summary_table({"judge": {"items": 41, "done": 41, "accepted": 2040, "rejected": 3,
                                     "duplicates": 10, "written": 2030, "made": 2030, "asked": 2040}})
    assert [c.header for c in table.columns] == ["product", "made / asked", "items planned", "items done",
                                                 "rows written", "drafts rejected", "duplicates removed"]
    assert [next(iter(c.cells)) for c in table.columns] == ["judge", "2030/2040", "41", "41", "2030", "3", "10"]


def test_cli_summary(tmp_path, capsys):
    cfg = write_config(tmp_path, products={"sdg": {"categories": {"simple": 2, "multi_turn_miss_func": 1}}})
    assert main(["generate", str(cfg), "--out", str(tmp_path / "out")]) == 0
    err = capsys.readouterr().err
    assert all(w in err for w in ("asked", "planned", "done", "written", "rejected", "removed"))  # headers may wrap
    assert re.search(r"sdg\W+3/3\W+3\W+3\W+4\W", err), err  # 2 simple + 1 miss_func asked (two rows each)
    assert "LLM this run: 0 requests sent" in err
    assert "llm_requests_sent" not in err
    assert "3 rows accepted" in err  # the progress line counts rows, not items (miss_func: 2 rows)
