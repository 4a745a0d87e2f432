"""Splits: train / validation / test disjoint by target, tool, domain or user across every format,
read back from the written files alone; each split folder is a complete benchmark folder; the
ratios are met; changing the split re-exports without re-running an item."""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest
from hub_support import ROOT, card_yaml, jsonl, rows_of, run
from upstream import check_script

from generator.catalog import Catalog
from generator.readers import read_catalogs
from generator.traject.export import traject_name

SPLITS = ("train", "validation", "test")


@functools.cache
def catalog() -> Catalog:
    """The bundled catalog, read on first use (not at collection, where every xdist worker would)."""
    return Catalog(read_catalogs([str(ROOT / "examples" / "catalog.json")], base_dir=ROOT))


@functools.cache
def traject_names() -> dict[str, str]:
    return {traject_name(t): t.name for t in catalog().tools}


def call_key(name: str, args: dict) -> str:
    return json.dumps([name, sorted((k, json.dumps(v, sort_keys=True)) for k, v in args.items())])


class Row:
    """What one written row says about itself: its gold calls, its domains, its user."""

    def __init__(self, calls: list[tuple[str, dict]], user: str | None = None, domains: list[str] | None = None):
        self.calls = calls
        self.user = user
        self.domains = domains if domains is not None else sorted(
            {catalog().by_name[n].domain for n, _ in calls if n in catalog().by_name})

    def keys(self, by: str) -> list[str]:
        if by == "tool":
            return sorted({n for n, _ in self.calls})
        if by == "domain":
            return self.domains if self.calls else []
        if by == "user":
            return [self.user] if self.user else []
        return [json.dumps(sorted(call_key(n, a) for n, a in self.calls))] if self.calls else []


def sdg_rows(path: Path) -> list[Row]:
    return [Row([(tc["function"]["name"], json.loads(tc["function"]["arguments"]))
                 for m in r["messages"] for tc in m.get("tool_calls") or []]) for r in rows_of(path)]


def trail_rows(folder: Path) -> list[Row]:
    out = []
    for f in sorted(folder.glob("all_generated_queries_*.json")):
        for r in rows_of(f):
            a = r["answer"]
            out.append(Row([(f"{a['toolname']}_{a['apiname']}", a["parameters"])],
                           user=f.stem.removeprefix("all_generated_queries_"), domains=[a["apitype"]]))
    return out


def traject_rows(folder: Path) -> list[Row]:
    out = []
    for f in sorted([*folder.rglob("simple_ver.json"), *folder.rglob("traj_query.json")]):
        for r in rows_of(f):
            calls = [(traject_names()[c["tool name"]], {p["name"]: p["value"] for k in ("required parameters",
                      "optional parameters") for p in c[k]}) for c in r["tool list"]]
            out.append(Row(calls, domains=[f.parent.name]))
    return out


def judge_rows(meta: Path) -> list[Row]:
    return [Row([(m["gold"]["tool"], m["gold"]["arguments"])] if m["gold"] else []) for m in jsonl(meta)]


def bfcl_rows(folder: Path) -> list[Row]:
    out = []
    for f in sorted((folder / "possible_answer").glob("*.json")) + sorted((folder / "gold").glob("*.json")):
        for a in rows_of(f):
            out.append(Row([(n, {k: alts[0] for k, alts in params.items()})
                            for call in a["ground_truth"] for n, params in call.items()]))
    return out


def rows_by_split(out: Path) -> dict[str, list[Row]]:
    found: dict[str, list[Row]] = defaultdict(list)
    for s in SPLITS:
        if (out / "sdg" / f"{s}.jsonl").is_file():
            found[s] += sdg_rows(out / "sdg" / f"{s}.jsonl")
        found[s] += trail_rows(out / "trail" / s) + traject_rows(out / "traject" / s) + bfcl_rows(out / "bfcl" / s)
        if (out / "judge" / f"meta_{s}.jsonl").is_file():
            found[s] += judge_rows(out / "judge" / f"meta_{s}.jsonl")
    return found


def shared_keys(out: Path, by: str) -> set[str]:
    seen: dict[str, set[str]] = defaultdict(set)
    for split, rows in rows_by_split(out).items():
        for row in rows:
            for key in row.keys(by):
                seen[key].add(split)
    return {k for k, splits in seen.items() if len(splits) > 1}


@pytest.fixture(scope="module")
def state(tmp_path_factory):
    """One un-split run; every split run below reuses its finished items."""
    tmp = tmp_path_factory.mktemp("splits")
    run(tmp, tmp / "plain")
    return tmp


DONE: dict[tuple[Path, str, str], Path] = {}  # one export per split setting, shared by the tests


def split_run(state: Path, by: str, ratios: dict | None = None) -> Path:
    key = (state, by, json.dumps(ratios))
    if key not in DONE:
        out = state / f"by_{by}_{len(DONE)}"
        shutil.copytree(state / "plain" / ".state", out / ".state")
        summary = run(state, out, splits={"by": by, **({"ratios": ratios} if ratios else {})})
        assert summary.this_run["requests_sent"] == 0
        state_files = sorted((out / ".state").glob("*.jsonl"))
        assert [f.read_bytes() for f in state_files] == [  # not one item made again: re-export only
            (state / "plain" / ".state" / f.name).read_bytes() for f in state_files]
        DONE[key] = out
    return DONE[key]


@pytest.mark.parametrize("by", ["target", "tool", "domain", "user"])
def test_splits_are_disjoint_by_the_chosen_key(state, by):
    out = split_run(state, by)
    rows = rows_by_split(out)
    assert all(rows[s] for s in ("train", "test")), by
    assert shared_keys(out, by) == set()


def test_the_check_can_fail(state):
    """Split by target, tools are shared between splits: the same check on tools finds them."""
    assert shared_keys(split_run(state, "target"), "tool")


def test_ratios_are_met_per_format(state):
    out = split_run(state, "target")
    judge = {s: len(rows_of(out / "judge" / f"{s}.jsonl")) for s in SPLITS}
    total = sum(judge.values())
    assert abs(judge["train"] / total - 0.8) < 0.03 and abs(judge["test"] / total - 0.1) < 0.03
    trail = {s: len(trail_rows(out / "trail" / s)) for s in SPLITS}
    assert all(trail.values())


def test_layout_per_split_and_card(state):
    out = split_run(state, "target", {"train": 0.7, "test": 0.3})
    assert not (out / "sdg" / "validation.jsonl").exists() and (out / "sdg" / "test.jsonl").is_file()
    assert (out / "judge" / "test.parquet").is_file() and (out / "judge" / "pairs_train.jsonl").is_file()
    assert (out / "trail" / "apis" / "apis_openai").is_dir() and any((out / "traject" / "test").rglob("simple_ver.json"))
    assert not (out / "trail" / "all_generated_queries_june.json").exists()  # the un-split files are gone
    splits = {c["config_name"]: [d["split"] for d in c["data_files"]] for c in card_yaml(out)["configs"]}
    assert splits["sdg"] == ["train", "test"] and splits["judge"] == ["train", "test"]
    assert "## Splits" in (out / "README.md").read_text() and "by target" in (out / "README.md").read_text()


def test_text_report_reads_every_split_once(state):
    """`trajgen stats`' text table on a split run: each SDG row once (sdg/chat/ holds the same rows)
    and the judge rows of every split, not only test.jsonl."""
    from generator.textreport import text_figures

    out = split_run(state, "target")
    sdg = sum(f["queries"] for f in text_figures(out / "sdg", "sdg").values())
    assert sdg == sum(len(rows_of(out / "sdg" / f"{s}.jsonl")) for s in SPLITS)
    judge = sum(f["queries"] for f in text_figures(out / "judge", "judge").values())
    assert judge == sum(len(rows_of(out / "judge" / f"{s}.jsonl")) for s in SPLITS)


def test_traject_twins_stay_aligned_within_a_split(state):
    out = split_run(state, "domain")
    for simple in (out / "traject").rglob("simple_ver.json"):
        hard = rows_of(simple.parent / "hard_ver.json")
        assert [r["tool list"] for r in rows_of(simple)] == [r["tool list"] for r in hard]


def test_reference_checks_accept_every_split_folder(state):
    """Format-wise: the checks' size and calibration targets (>= 2,000 judge rows, value-recall
    bands) are for a full dataset, not for a tenth of a small one, so those are not asserted here."""
    out = split_run(state, "target")
    for s in SPLITS:
        checks = {"check_sdg.py": (out / "sdg" / f"{s}.jsonl", "defects=0"),
                  "check_judge.py": (out / "judge" / f"{s}.jsonl", "contradictions=0"),
                  "check_traject.py": (out / "traject" / s, "parallel pairs=")}
        for script, (path, ok) in checks.items():
            done = subprocess.run([sys.executable, check_script(script), path], capture_output=True, text=True,
                                  timeout=120, check=False)
            assert ok in done.stdout and not done.stderr, (script, s, done.stdout, done.stderr)
