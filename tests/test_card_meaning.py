"""The card's *Vagueness read by meaning*: the reader's figures per format and level, the same as
`trajgen read` gives on the same files and as `trajgen stats` prints, and a band verdict that says
failed when a level is not inside its band."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from pathlib import Path

import pytest
from hub_support import small_run_copy
from hypothesis import given, settings
from hypothesis import strategies as st
from upstream import upstream_path

from generator.cli import main
from generator.hub.card import CardInput
from generator.hub.meaning import BANDS, read_by_meaning, vagueness_by_meaning
from generator.plugins import load_plugins
from generator.records import RunManifest
from generator.validate import run_stats

load_plugins()  # the formats register their vagueness bands (hub.meaning.add_bands)

SECTION = "## Vagueness read by meaning"


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    return small_run_copy(tmp_path_factory, "meaning")


def section_tables(text: str) -> dict[str, dict[str, list[str]]]:
    """{table title: {level: cells}} of the section's tables."""
    body = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    out: dict[str, dict[str, list[str]]] = {}
    for block in body.split("**")[1::2]:
        rows = body.split(f"**{block}**", 1)[1].split("\n\n", 2)[1]
        out[block] = {cells[0]: cells for ln in rows.splitlines()[2:]
                      if (cells := [c.strip() for c in ln.strip("|").split("|")])}
    return out


def read_labels(paths: list[Path], tmp: Path) -> dict[str, dict[str, float]]:
    """Per level: the stated share and the label shares, from `trajgen read`'s own output lines."""
    labels = tmp / "labels.jsonl"
    assert main(["read", *map(str, paths), "--out", str(labels)]) == 0
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for line in labels.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        counts[row["level"]][row["label"]] += 1
    return {lv: {lb: c[lb] / c.total() for lb in ("stated", "described", "hinted", "omitted")}
            for lv, c in counts.items()}


def test_the_section_shows_what_trajgen_read_reads(small, tmp_path):
    text = (small / "README.md").read_text(encoding="utf-8")
    assert SECTION in text and "rules only" in text and "template" in text.split(SECTION, 1)[1].split("\n## ")[0]
    tables = section_tables(text)
    for title, folder in (("TRAILBench", "trail"), ("TRAJECT-Bench", "traject")):
        table = next(rows for t, rows in tables.items() if t.startswith(title))
        want = read_labels([small / folder], tmp_path / folder)
        assert set(table) == set(want)
        for level, shares in want.items():
            cells = table[level]  # level, queries, pairs, VR, described, hinted, omitted, ...
            assert [float(c) for c in cells[3:7]] == pytest.approx(
                # the card writes three decimals: at most half a unit of the last one off, 0.1875 -> 0.188
                [shares["stated"], shares["described"], shares["hinted"], shares["omitted"]], abs=5e-4 + 1e-9), level


def test_the_card_and_stats_report_the_same_figures(small):
    text = (small / "README.md").read_text(encoding="utf-8")
    trail = next(rows for t, rows in section_tables(text).items() if t.startswith("TRAILBench"))
    figures = run_stats(small).figures
    for level, cells in trail.items():
        assert f"{figures[f'meaning.trail.{level}.VR by meaning']:.3f}" == cells[3]
    for band in BANDS:
        if band.kind == "trail":
            held = figures[f"meaning.trail.{band.level}.band_held"]
            assert (f"{band.level}: VR by meaning {trail[band.level][3]}" in text) and held in (0, 1)
            assert ("held" if held else "FAILED") in text.split(f"{band.level}: VR by meaning", 1)[1].split("\n")[0]


def test_the_limitations_and_text_table_claim_only_what_was_measured(small):
    text = (small / "README.md").read_text(encoding="utf-8")
    assert "Vagueness is measured literally" not in text
    assert "pattern detectors' findings" in text and "not a quality claim" in text
    assert "far narrower than people or a language model write" in text  # the template writer's limit stays
    quality = text.split("## Text quality", 1)[1].split("\n## ", 1)[0]
    assert "| none |" not in quality


# ---------------------------------------------------------------- band verdicts

WORDS = ["marigold", "tangerine", "lavender", "porcelain", "juniper", "saffron"]


def hard_file(root: Path, stated: int, total: int) -> Path:
    """A TRAJECT-Bench hard file of one query whose call has `total` values, `stated` of them said."""
    folder = root / "traject" / "parallel" / "Music"
    folder.mkdir(parents=True, exist_ok=True)
    params = [{"name": f"tag_{i}", "value": WORDS[i]} for i in range(total)]
    said = " and ".join(WORDS[:stated]) or "something nice"
    record = {"query": f"Could you look up songs about {said} for me?", "trajectory_type": "parallel",
              "tool list": [{"tool name": "Songs: search", "tool description": "search songs",
                             "required parameters": params, "optional parameters": [], "executed_output": "{}"}],
              "tool count": 1, "final_answer": ""}
    (folder / "hard_ver.json").write_text(json.dumps([record]), encoding="utf-8")
    return root / "traject"


@settings(max_examples=20, deadline=None)
@given(total=st.integers(1, len(WORDS)), data=st.data())
def test_a_hard_level_above_half_stated_is_reported_failed(tmp_path_factory, total, data):
    stated = data.draw(st.integers(0, total))
    got = read_by_meaning("traject", hard_file(tmp_path_factory.mktemp("hard"), stated, total))
    (verdict,) = got.verdicts
    assert verdict.vr == pytest.approx(stated / total)
    assert verdict.held == (stated / total <= 0.5)
    assert verdict.text().endswith("held" if stated / total <= 0.5 else "FAILED")


def test_a_known_bad_file_fails_its_band_in_the_card(tmp_path):
    out = tmp_path / "run"
    hard_file(out, stated=3, total=3)
    manifest = RunManifest(config={}, seed=1, writer="template", model=None, endpoint=None, template_hashes={},
                           code_version="0", code_digest="0", counts={})
    lines = vagueness_by_meaning(CardInput(out_dir=out, manifest=manifest, products=["traject"]))
    assert "Bands held: 0 of 1." in lines
    assert "- traject hard: VR by meaning 1.000, band at most 0.50: FAILED" in lines


def _parses(path: Path) -> bool:
    try:
        json.loads(path.read_text(encoding="utf-8"))
    except ValueError:  # one upstream TRAILBench file is cut short
        return False
    return True


def test_each_band_holds_the_original_benchmark_read_the_same_way(tmp_path):
    """The bands are by meaning: the original TRAILBench and TRAJECT-Bench hard files, read by the
    same reader, lie inside them (a band left at the literal figures would fail Minimum)."""
    trail = [f for f in sorted(upstream_path("trailbench", "query", "history_query").rglob("*.json")) if _parses(f)]
    hard = sorted(upstream_path("traject-bench", "public_data", "parallel").glob("*/hard_ver.json"))
    shares = read_labels([*trail, *hard], tmp_path)
    assert {b.kind for b in BANDS} == {"trail", "traject"}
    for band in BANDS:
        stated = shares[band.level]["stated"]
        assert band.low <= stated <= band.high, (band, stated)
