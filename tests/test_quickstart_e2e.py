"""The quickstart end to end, offline: files written, valid, reproducible, resumable.

One run of the whole quickstart is shared by the tests of this module (it is the slowest part of
the suite). The tests of resuming, --fresh, shards and seeds run the quickstart's every product at
a few items each (SMALL): `limit` would cut the items but not the planning and export of the
whole quickstart, which each such run paid again (~30 s of CPU per run, 14 runs).
"""

import json
import os
import shutil
from pathlib import Path

import pytest
import yaml

from generator.config import load_config
from generator.engine import Overrides, generate
from generator.products.sdg_audit import row_problems
from generator.provenance import code_digest

ROOT = Path(__file__).resolve().parents[1]
QUICKSTART = ROOT / "examples" / "quickstart.yaml"


# The quickstart's products and settings at a few items each: every format, its planning and export.
SMALL_COUNTS = {
    "sdg": {"categories": {"simple": 4, "multiple": 3, "parallel": 2, "parallel_multiple": 2, "irrelevance": 2,
                           "live_simple": 1, "live_relevance": 1, "multi_turn_base": 1, "multi_turn_miss_func": 1}},
    "trail": {"targets": 8, "events": 60},
    "traject": {"domains": ["food", "travel"], "parallel": 2, "sequential": 2},
    "judge": {"rows": 60, "rows_per_item": 15},
    "bfcl": {"categories": {"simple_python": 2, "multiple": 2, "parallel": 1, "irrelevance": 1, "live_simple": 1}},
    "when2call": {"twins": {"stated": 2, "determined": 2, "undetermined": 2, "tool_removed": 2, "no_tool": 2}},
}


def small_config(folder: Path) -> Path:
    """examples/quickstart.yaml with the counts of SMALL_COUNTS (every other setting kept)."""
    data = yaml.safe_load(QUICKSTART.read_text(encoding="utf-8"))
    assert set(data["products"]) == set(SMALL_COUNTS), "a product of the quickstart is missing here"
    for name, counts in SMALL_COUNTS.items():
        data["products"][name].update(counts)
    data["catalog"] = [str(QUICKSTART.parent / c) for c in data["catalog"]]
    data["personas"] = str(QUICKSTART.parent / data["personas"])
    path = folder / "small.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def run(out: Path, config: Path = QUICKSTART, **kw) -> object:
    cfg = load_config(config)
    return generate(cfg, config.parent, Overrides(out=str(out), progress=False, **kw))


def run_small(out: Path, **kw) -> object:
    return run(out, small_config(out.parent), **kw)


def snapshot(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and ".state" not in p.parts and ".cache" not in p.parts}


def state_of(out: Path) -> dict[str, bytes]:
    """The finished-item records: a run that re-makes an item appends to them."""
    return {p.name: p.read_bytes() for p in sorted((out / ".state").iterdir())}


def item_ids(state: Path) -> list[str]:
    """Item ids of the complete records of a state file (a torn line is skipped, as on load)."""
    ids = []
    for line in state.read_text().splitlines():
        try:
            ids.append(json.loads(line)["item_id"])
        except ValueError:
            continue
    return ids


@pytest.fixture(scope="module")
def quick(tmp_path_factory):
    """The quickstart's output, made here; or, under `make acceptance`, a copy of the one
    scripts/acceptance.sh has just made (TRAJGEN_QUICKSTART_OUT) when its manifest names this
    very code: the same run twice in one CI pass is a minute of CPU for nothing."""
    out = tmp_path_factory.mktemp("quick") / "out"
    made = Path(os.environ.get("TRAJGEN_QUICKSTART_OUT") or "/nonexistent")
    if (made / "manifest.json").is_file() and \
            json.loads((made / "manifest.json").read_text())["code_digest"] == code_digest():
        shutil.copytree(made, out)
    else:
        run(out)
    return out, None


@pytest.fixture(scope="module")
def small_ref(tmp_path_factory) -> Path:
    """One small run, the reference the resume, --fresh, shard, seed and elsewhere tests compare with."""
    ref = tmp_path_factory.mktemp("small") / "ref"
    run_small(ref)
    return ref


def test_writes_the_foundation_files(quick):
    out, _ = quick
    for rel in ("sdg/train.jsonl", "manifest.json", "rejections.jsonl"):
        assert (out / rel).is_file(), rel


def test_sdg_rows_are_valid(quick):
    out, _ = quick
    rows = [json.loads(x) for x in (out / "sdg" / "train.jsonl").read_text().splitlines()]
    assert len(rows) >= 100
    cats = {r["category"] for r in rows}
    assert {"simple", "multiple", "parallel", "parallel_multiple", "irrelevance"} <= cats
    for r in rows:
        assert row_problems(r) == [], r["id"]
        tools = json.loads(r["tools"])
        assert all(t["type"] == "function" and "parameters" in t["function"] for t in tools)
        assert r["messages"][-1]["role"] == "assistant"


def test_manifest_counts(quick):
    out, _ = quick
    m = json.loads((out / "manifest.json").read_text())
    assert m["seed"] == 7 and m["writer"] == "template" and m["model"] is None
    assert m["code_digest"] == code_digest()
    assert m["counts"]["sdg.accepted"] >= 100
    assert m["template_hashes"]


def test_rerun_is_byte_identical_and_remakes_nothing(quick, tmp_path):
    """The template writer has no LLM to not call: what a rerun must not do is make an item again.
    Every finished item is served from .state/, which the rerun leaves untouched."""
    out, _ = quick
    before, state = snapshot(out), state_of(out)
    run(out)
    assert snapshot(out) == before
    assert state_of(out) == state


def test_fresh_run_elsewhere_is_identical(small_ref, tmp_path):
    """Every product's files, made from scratch in another folder, are the same bytes."""
    other = tmp_path / "elsewhere" / "again"
    other.parent.mkdir()
    run_small(other)
    assert snapshot(other) == snapshot(small_ref)


def test_other_seed_differs(small_ref, tmp_path):
    run_small(tmp_path / "seed8", seed=8)
    a = (small_ref / "sdg" / "train.jsonl").read_text()
    b = (tmp_path / "seed8" / "sdg" / "train.jsonl").read_text()
    assert a != b


def test_interrupted_run_resumes(small_ref, tmp_path):
    out = tmp_path / "out"
    run_small(out)
    state = next((out / ".state").glob("*.jsonl"))
    lines = state.read_text().splitlines()
    finished = [json.loads(x)["item_id"] for x in lines[:4]]
    state.write_text("\n".join(lines[:4]) + "\n" + lines[4][:20])  # cut short mid-line
    run_small(out)
    ids = item_ids(state)
    assert all(ids.count(i) == 1 for i in finished)  # the finished items were not made again
    assert len(ids) > len(finished)  # the unfinished ones were
    assert (out / "sdg" / "train.jsonl").read_bytes() == (small_ref / "sdg" / "train.jsonl").read_bytes()


def plant_stale_marker(out: Path) -> None:
    """Edit the finished items' records the way only the state can be the source of: a rerun
    that serves them shows the marker, a run that re-makes them does not."""
    for state in (out / ".state").glob("*.jsonl"):
        state.write_text(state.read_text().replace('"content":"', '"content":"STALE '))


def test_rerun_serves_finished_items_from_state(tmp_path):
    out = tmp_path / "out"
    run_small(out)
    plant_stale_marker(out)
    run_small(out)
    assert "STALE " in (out / "sdg" / "train.jsonl").read_text()


def test_fresh_flag_starts_over(small_ref, tmp_path):
    out = tmp_path / "out"
    run_small(out)
    plant_stale_marker(out)
    shutil.rmtree(out / "sdg")
    run_small(out, fresh=True)
    assert "STALE " not in (out / "sdg" / "train.jsonl").read_text()
    assert not any("STALE " in s.decode() for s in state_of(out).values())
    assert snapshot(out) == snapshot(small_ref)


def test_files_of_a_dropped_product_are_removed(tmp_path):
    cfg = tmp_path / "two.yaml"
    catalog = ROOT / "examples" / "catalog.json"
    cfg.write_text(f"catalog: [{catalog}]\nproducts:\n  sdg:\n    categories: {{simple: 3}}\n"
                   "  judge:\n    rows: 50\n    rows_per_item: 25\n")
    out = tmp_path / "out"
    generate(load_config(cfg), tmp_path, Overrides(out=str(out), progress=False))
    assert (out / "judge" / "test.jsonl").is_file()
    cfg.write_text(f"catalog: [{catalog}]\nproducts:\n  sdg:\n    categories: {{simple: 3}}\n")
    generate(load_config(cfg), tmp_path, Overrides(out=str(out), progress=False))
    assert not (out / "judge" / "test.jsonl").exists()
    assert (out / "sdg" / "train.jsonl").is_file()


def test_dataset_card(quick):
    out, _ = quick
    card = (out / "README.md").read_text()
    assert card.startswith("---\n") and "## Configs and splits" in card and "| `sdg` | train |" in card
    assert "## Statistics" in card and "## Plots" in card
    assert str(out) not in card  # no machine-specific paths: the card is reproducible too


def test_shards_merge_without_duplicates(small_ref, tmp_path):
    out = tmp_path / "sharded"
    for i in (1, 2, 3):
        summary = run_small(out, shard=(i, 3))
        assert summary.manifest is None and not (out / "manifest.json").exists()
    states = list((out / ".state").glob("*.shard*of3.jsonl"))
    ids = [json.loads(x)["item_id"] for p in states for x in p.read_text().splitlines()]
    assert len(states) == 3 and len(ids) == len(set(ids))
    final = run_small(out)
    assert [p for p in (out / ".state").glob("*.jsonl") if "shard" not in p.name] == []  # nothing re-run
    assert snapshot(out) == snapshot(small_ref)
    assert final.manifest.counts["sdg.items"] == 17  # every item of SMALL_COUNTS' sdg


def test_changed_input_file_is_not_served_from_stale_state(tmp_path):
    """The state key covers the bytes of the inputs, not just the config text."""
    catalog = tmp_path / "catalog.json"
    catalog.write_text((ROOT / "examples" / "catalog.json").read_text())
    cfg = tmp_path / "c.yaml"
    cfg.write_text("catalog: [catalog.json]\nproducts:\n  sdg:\n    categories: {simple: 4}\n")
    out = tmp_path / "out"
    generate(load_config(cfg), tmp_path, Overrides(out=str(out), progress=False))
    tools = json.loads(catalog.read_text())
    for t in tools:
        t["function"]["description"] = "EDITED " + t["function"]["description"]
    catalog.write_text(json.dumps(tools))
    generate(load_config(cfg), tmp_path, Overrides(out=str(out), progress=False))
    row = json.loads((out / "sdg" / "train.jsonl").read_text().splitlines()[0])
    assert "EDITED" in row["tools"]


def test_readme_samples_are_what_the_quickstart_writes(quick):
    """The README's one record per format is real: each is the quickstart's first record of that
    file, shown the way scripts/readme_samples.py shows it (refresh the README with it)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("readme_samples", ROOT / "scripts" / "readme_samples.py")
    samples = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(samples)
    out, _ = quick
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert samples.blocks(readme) and samples.stale(out, readme) == []
