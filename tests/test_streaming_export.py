"""The export streams: finished results are read back one at a time through the state's offset
index (never all loaded at once), plans are packed, and what is read equals what `load` reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.config import load_config
from generator.engine import Overrides, generate, plan_items, prepare_run
from generator.planstore import PackedPlan, pack
from generator.records import ItemResult, Rejection
from generator.state import StateStore

ROOT = Path(__file__).resolve().parents[1]
CONFIG = f"""seed: 3
catalog: [{ROOT / 'examples' / 'catalog.json'}]
products:
  sdg:
    categories: {{simple: 30, multiple: 20, parallel: 10, irrelevance: 10}}
    chat_template: true
"""


def outputs(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and not p.relative_to(out).parts[0].startswith(".")}


def test_export_never_loads_every_result(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cfg_path = tmp_path / "c.yaml"
    cfg_path.write_text(CONFIG)

    def refuse(self: StateStore) -> dict[str, ItemResult]:
        raise AssertionError("the export loaded every finished result at once")

    monkeypatch.setattr(StateStore, "load", refuse)
    whole = Path.read_text

    def line_by_line(self: Path, *args: object, **kwargs: object) -> str:
        if self.suffix == ".jsonl":  # data rows, rejections: the plots and the card stream them
            raise AssertionError(f"{self.name} was read whole")
        return whole(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "read_text", line_by_line)
    out = tmp_path / "out"
    summary = generate(load_config(cfg_path), tmp_path, Overrides(out=str(out), progress=False))
    assert summary.manifest is not None and summary.manifest.counts["sdg.items"] == 70
    first = outputs(out)
    monkeypatch.undo()
    # resumed from the state alone (nothing left to run): the same files, byte for byte
    generate(load_config(cfg_path), tmp_path, Overrides(out=str(out), progress=False))
    assert outputs(out) == first


def test_plans_are_packed_and_equal_the_product_plan(tmp_path: Path) -> None:
    cfg_path = tmp_path / "c.yaml"
    cfg_path.write_text(CONFIG)
    run = prepare_run(load_config(cfg_path), tmp_path, Overrides(out=str(tmp_path / "out"), progress=False))
    packed = run.plans["sdg"]
    assert isinstance(packed, PackedPlan)
    plain = run.products["sdg"].plan(run.ctx)
    assert list(packed) == plain and len(packed) == len(plain)
    assert packed[0] == plain[0] and packed[-1] == plain[-1] and packed[5:9] == plain[5:9]
    assert list(plan_items(run.ctx, run.products, 7)["sdg"]) == plain[:7]


def test_a_plan_that_does_not_round_trip_stays_a_list(tmp_path: Path) -> None:
    cfg_path = tmp_path / "c.yaml"
    cfg_path.write_text(CONFIG)
    run = prepare_run(load_config(cfg_path), tmp_path, Overrides(out=str(tmp_path / "out"), progress=False))
    items = run.products["sdg"].plan(run.ctx)
    odd = items[3].model_copy(update={"index": 1.5})  # not an int: would not come back equal
    kept = pack([*items[:3], odd, *items[4:]])
    assert isinstance(kept, list) and kept[3] is odd and len(kept) == len(items)


def result(item_id: str, reason: str) -> ItemResult:
    rej = Rejection(item_id=item_id, product="sdg", stage="write", reason=reason)
    return ItemResult(item_id=item_id, product="sdg", rejections=[rej])


def test_index_reads_what_load_reads(tmp_path: Path) -> None:
    """Last good line wins across files and within one; torn and undecodable lines are skipped."""
    a = StateStore(tmp_path, "k", (1, 2))
    b = StateStore(tmp_path, "k", (2, 2))
    for i in range(50):
        a.append(result(f"x-{i}", "first"))
    a.append(result("x-3", "again"))
    b.append(result("x-7", "other shard"))
    b.append(result("y-0", "only here"))
    a.close()
    b.close()
    with a.path.open("ab") as fh:
        fh.write(b"not json\n" + result("x-9", "torn").model_dump_json().encode()[:40])
    store = StateStore(tmp_path, "k")
    loaded, index = store.load(), store.index()
    try:
        assert sorted(index) == sorted(loaded) and len(index) == len(loaded) == 51
        for key, res in loaded.items():
            assert index[key] == res
        assert index["x-3"].rejections[0].reason == "again"
        assert index["x-7"].rejections[0].reason == "other shard"
        assert "nope" not in index and index.get("nope") is None
        with pytest.raises(KeyError):
            index["nope"]
    finally:
        index.close()
