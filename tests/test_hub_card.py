"""The dataset card of a run: a Hub-valid YAML header whose configs load with `datasets`, counts
that match the files, the sections a publisher expects, and plots that exist and are shown."""

from __future__ import annotations

import re
import struct
from pathlib import Path

import pytest
from hub_support import card_yaml, rows_of, small_run_copy

from generator.hub.card import size_category
from generator.hub.plots import PLOTS


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    return small_run_copy(tmp_path_factory, "card")


def card(out: Path) -> str:
    return (out / "README.md").read_text(encoding="utf-8")


def table_rows(text: str, heading: str) -> list[list[str]]:
    """The cells of the first markdown table under `heading`."""
    body = text.split(heading, 1)[1]
    lines = [ln for ln in body.split("\n\n##", 1)[0].splitlines() if ln.startswith("| ")]
    return [[c.strip() for c in ln.strip("|").split("|")] for ln in lines[2:]]


def test_header_parses_with_huggingface_hub(small):
    hub = pytest.importorskip("huggingface_hub")
    data = hub.DatasetCard.load(small / "README.md").data.to_dict()
    assert data["license"] == "cc-by-4.0" and data["pretty_name"] == "hub test run"
    assert data["language"] == ["en"] and data["size_categories"] == ["n<1K"]
    assert set(data["task_categories"]) == {"text-generation", "text-classification"}
    names = [c["config_name"] for c in data["configs"]]
    assert names[:2] == ["sdg", "sdg_chat"] and {"trail", "traject_simple", "traject_hard", "traject_sequential",
                                                 "judge", "judge_meta", "judge_pairs", "bfcl", "bfcl_answers"} <= set(names)
    assert data["configs"][0]["default"] is True


def test_every_declared_file_exists_and_counts_match(small):
    """The card's table of configs states the rows the files hold, config by config, split by split."""
    declared = {c["config_name"]: c["data_files"] for c in card_yaml(small)["configs"]}
    shown = {(r[0].strip("`"), r[1]): int(r[2]) for r in table_rows(card(small), "## Configs and splits")}
    for name, splits in declared.items():
        for entry in splits:
            paths = entry["path"] if isinstance(entry["path"], list) else [entry["path"]]
            assert all((small / p).is_file() for p in paths), name
            assert shown[(name, entry["split"])] == sum(len(rows_of(small / p)) for p in paths), name


# What each config must hold, written independently of generator/hub/configs.py: a config pointed
# at the wrong files (traject_hard at simple_ver.json) or a data folder left out (bfcl_answers
# without gold/) fails here, where comparing the card with the code's own patterns cannot.
EXPECTED = {
    "sdg": {"sdg/test.jsonl", "sdg/train.jsonl"},
    "sdg_chat": {"sdg/chat/train.jsonl"},
    "trail": {"trail/all_generated_queries_*.json"},
    "traject_simple": {"traject/parallel/*/simple_ver.json"},
    "traject_hard": {"traject/parallel/*/hard_ver.json"},
    "traject_sequential": {"traject/sequential/*/traj_query.json"},
    "judge": {"judge/test.jsonl"},
    "judge_meta": {"judge/meta.jsonl"},
    "judge_pairs": {"judge/pairs.jsonl"},
    "bfcl": {"bfcl/BFCL_v4_*.json"},
    "bfcl_answers": {"bfcl/possible_answer/BFCL_v4_*.json", "bfcl/gold/BFCL_v4_*.json"},
}
# Files of a run that are not rows of a table: the card, its plots, the run's records (the value
# profiles it drew with among them), the catalogs copied beside the benchmark files, the judge
# rows' Parquet twin.
NOT_TABLES = {"README.md", "manifest.json", "rejections.jsonl", "value_profiles.json", "plots/*", "trail/apis/*",
              "traject/tools/*", "judge/test.parquet"}


def _declared(out: Path) -> dict[str, list[str]]:
    files: dict[str, list[str]] = {}
    for c in card_yaml(out)["configs"]:
        for entry in c["data_files"]:
            paths = entry["path"] if isinstance(entry["path"], list) else [entry["path"]]
            files.setdefault(c["config_name"], []).extend(paths)
    return files


def test_each_config_holds_the_files_of_its_table(small):
    from fnmatch import fnmatch

    for name, paths in _declared(small).items():
        allowed = EXPECTED[name]
        assert all(any(fnmatch(p, a) for a in allowed) for p in paths), (name, paths)
        assert all(any(fnmatch(p, a) for p in paths) for a in allowed if (small / a.split("*")[0]).exists()
                   and list(small.glob(a))), (name, paths)


def test_every_data_file_of_the_run_is_in_one_config(small):
    from fnmatch import fnmatch

    declared = [p for paths in _declared(small).values() for p in paths]
    written = [str(p.relative_to(small)) for p in small.rglob("*") if p.is_file()
               and not {".state", ".cache"} & set(p.relative_to(small).parts)]
    data = [p for p in written if not any(fnmatch(p, pattern) for pattern in NOT_TABLES)]
    assert sorted(data) == sorted(declared)


def test_every_config_loads_with_datasets(small, tmp_path):
    datasets = pytest.importorskip("datasets")
    datasets.disable_progress_bars()
    shown = {(r[0].strip("`"), r[1]): int(r[2]) for r in table_rows(card(small), "## Configs and splits")}
    for c in card_yaml(small)["configs"]:
        loaded = datasets.load_dataset(str(small), c["config_name"], cache_dir=str(tmp_path / "hf"))
        assert {s: loaded[s].num_rows for s in loaded} == {
            s: n for (name, s), n in shown.items() if name == c["config_name"]}, c["config_name"]


def test_sections_a_publisher_expects(small):
    text = card(small)
    for heading in ("## Configs and splits", "## How to load", "## How it was generated", "## Requested vs produced",
                    "## Rows per category, label and level",
                    "## Validation", "## Duplicates", "## Statistics", "## Text quality", "## Plots", "## Examples",
                    "## Intended uses", "## Limitations", "## Token usage", "## Files"):
        assert heading in text, heading
    assert re.search(r"code digest `[0-9a-f]{64}`", text) and "seed: 3" in text
    assert "FORMATS" not in text and "/work/" not in text and str(small) not in text
    assert "nan" not in re.findall(r"\b\w+\b", text.split("## Examples")[0])
    digests = re.findall(r"\| `[^`]+` \| `([0-9a-f]+)` \|", text.split("## Files")[1])
    assert digests and all(len(d) == 64 for d in digests)  # full SHA-256, as the column says


def test_requested_vs_produced_matches_the_files(small):
    rows = {(r[0], r[1]): (int(r[2]), int(r[3])) for r in table_rows(card(small), "## Rows per category, label and level")}
    assert rows[("sdg", "simple")][0] == 12 and rows[("judge", "VALID_CALL")][0] == 96
    sdg = rows_of(small / "sdg" / "train.jsonl")
    assert rows[("sdg", "simple")][1] == sum(r["category"] == "simple" for r in sdg)
    judge = rows_of(small / "judge" / "test.jsonl")
    for label in ("VALID_CALL", "TOOL_ERROR", "PARAM_NAME_ERROR", "PARAM_VALUE_ERROR"):
        assert rows[("judge", label)][1] == sum(r["label"] == label for r in judge)
    trail = [r for f in sorted((small / "trail").glob("all_generated_queries_*.json")) for r in rows_of(f)]
    assert rows[("trail", "targets")][1] == len(trail)
    assert rows[("trail", "Low Difficulty queries")] == (48, sum(len(r["query"]["Low Difficulty"]) for r in trail))


def test_text_quality_section_counts_each_query_once(small):
    """The text table counts an SDG row once (not again in its chat-template copy) and every
    judge row; its defect column names classes of the text gate."""
    rows = table_rows(card(small), "## Text quality")
    per_format: dict[str, int] = {}
    for r in rows:
        per_format[r[0]] = per_format.get(r[0], 0) + int(r[2])
    assert per_format["sdg"] == len(rows_of(small / "sdg" / "train.jsonl"))
    assert per_format["judge"] == len(rows_of(small / "judge" / "test.jsonl"))
    trail = [r for f in sorted((small / "trail").glob("all_generated_queries_*.json")) for r in rows_of(f)]
    assert per_format["trail"] == sum(len(qs) if isinstance(qs, list) else 1
                                      for r in trail for qs in r["query"].values())
    assert {r[1] for r in rows if r[0] == "trail"} == {"Minimum", "Low", "Medium", "High"}


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", data[16:24])


def test_plots_exist_are_readable_and_shown(small):
    text = card(small)
    for name in PLOTS:
        path = small / "plots" / name
        if name == "rejections.png" and not (small / "rejections.jsonl").read_text():
            assert not path.exists()  # nothing to show: no empty chart
            continue
        width, height = png_size(path)
        assert width >= 400 and height >= 200, name
        assert f"](plots/{name})" in text, name
    assert b"Software" not in (small / "plots" / "value_recall.png").read_bytes()  # no version metadata


def test_size_categories():
    assert [size_category(n) for n in (0, 999, 1000, 12_345, 200_000)] == [
        "n<1K", "n<1K", "1K<n<10K", "10K<n<100K", "100K<n<1M"]


def test_judge_files_share_column_types(small):
    """test.jsonl, test.parquet and pairs.jsonl: the same column, the same type and value."""
    import polars as pl

    rows = rows_of(small / "judge" / "test.jsonl")
    assert pl.read_parquet(small / "judge" / "test.parquet").to_dicts() == rows
    by_id = {m["id"]: r for m, r in zip(rows_of(small / "judge" / "meta.jsonl"), rows, strict=True)}
    pairs = rows_of(small / "judge" / "pairs.jsonl")
    assert pairs
    for p in pairs:
        assert isinstance(p["tools_list"], str) and isinstance(p["failure_reason"], str)
        row = by_id[p["id"]]
        assert (p["tools_list"], p["failure_reason"], p["label"]) == (
            row["tools_list"], row["failure_reason"], row["label"])
        calls = [tc for m in p["chosen"] + p["rejected"] for tc in m.get("tool_calls") or []]
        assert all(isinstance(tc["function"]["arguments"], str) for tc in calls)
