"""Near-duplicate removal: exact and near twins found within and across formats, the kept one
by priority, nothing left above the threshold after removal (checked exhaustively, without the
LSH), and every removed row in rejections.jsonl with its twin."""

from __future__ import annotations

import itertools
import json
import shutil
from pathlib import Path

import pytest
from hub_support import SMALL, jsonl, rows_of, run
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.hub.dedup import find_duplicates, jaccard, normalize, shingles
from generator.hub.facets import Facets
from generator.hub.prepare import priority


def facet(product: str, sid: str, lead: str, unit: str | None = None) -> Facets:
    return Facets(product=product, sample_id=sid, unit=unit or sid, lead=lead, target=f"t{sid}")


def test_exact_and_near_twins_are_found_and_the_first_kept():
    rows = [facet("judge", "a", "Book a table at Luigi's for 4 people tomorrow at 7 pm."),
            facet("judge", "b", "book a table at luigi s for 4 people tomorrow at 7 pm"),  # exact after normalizing
            facet("judge", "c", "Please book a table at Luigi's for 4 people tomorrow at 7 pm!"),  # near
            facet("judge", "d", "Book a table at Marco's for 2 people on Friday at 8 pm."),  # another request
            facet("sdg", "e", "Book a table at Luigi's for 4 people tomorrow at 7 pm, please.")]
    result = find_duplicates(rows, threshold=0.85)
    removed = {t.removed.sample_id: (t.kept.sample_id, t.exact) for t in result.twins}
    assert removed == {"b": ("a", True), "c": ("a", False), "e": ("a", False)}


def test_a_twin_kept_in_the_packed_store_reads_back_whole():
    """Kept samples are packed as UTF-8 while dedup runs; a twin names its kept sample exactly."""
    lead = "Réserve une table chez Zoë pour 4 personnes demain à 19 h, s'il te plaît 🙂"
    rows = [facet("trail", "ü-1", lead, unit="ünit"), facet("sdg", "2", lead + " !")]
    [twin] = find_duplicates(rows, threshold=0.85).twins
    assert (twin.kept.product, twin.kept.sample_id, twin.kept.unit, twin.kept.lead) == ("trail", "ü-1", "ünit", lead)
    assert twin.exact


def test_threshold_is_respected():
    a, b = "Find flights from Lisbon to Porto on June 3.", "Find flights from Lisbon to Paris on June 3."
    sim = jaccard(shingles(a), shingles(b))
    assert 0.5 < sim < 0.85
    assert find_duplicates([facet("x", "1", a), facet("x", "2", b)], threshold=0.85).twins == []
    assert len(find_duplicates([facet("x", "1", a), facet("x", "2", b)], threshold=sim).twins) == 1


def test_rows_of_one_unit_are_not_compared():
    rows = [facet("sdg", "c-0", "Add milk to my list.", unit="c"), facet("sdg", "c-1", "Add milk to my list.", unit="c")]
    assert find_duplicates(rows, 0.85).twins == []


def test_benchmark_rows_are_kept_before_training_rows():
    assert priority(["sdg", "trail", "judge", "bfcl"]) == ["trail", "judge", "bfcl", "sdg"]


def leads(out: Path) -> list[tuple[str, str, str]]:
    """(format, id, most explicit query) of every row written, read from the files alone."""
    found = []
    for r in rows_of(out / "sdg" / "train.jsonl"):
        found.append(("sdg", r["id"], "\n".join(m["content"] for m in r["messages"]
                                                 if m["role"] == "user" and m.get("content"))))
    for f in sorted((out / "trail").glob("all_generated_queries_*.json")):
        found += [("trail", f"{f.name}:{r['id']}", r["query"]["Minimum Difficulty"][0]) for r in rows_of(f)]
    for f in sorted([*(out / "traject").rglob("simple_ver.json"), *(out / "traject").rglob("traj_query.json")]):
        found += [("traject", f"{f}:{i}", r["query"]) for i, r in enumerate(rows_of(f))]
    metas = jsonl(out / "judge" / "meta.jsonl")
    for m, r in zip(metas, rows_of(out / "judge" / "test.jsonl"), strict=True):
        found.append(("judge", m["id"], json.loads(r["messages_history"])[0]["content"]))
    for f in sorted((out / "bfcl").glob("BFCL_v4_*.json")):
        found += [("bfcl", r["id"], "\n".join(m["content"] for t in r["question"] for m in t if m["role"] == "user"))
                  for r in rows_of(f)]
    return found


def near_pairs(found: list[tuple[str, str, str]], threshold: float) -> list[tuple[str, str]]:
    grams = [(fmt, rid, shingles(text)) for fmt, rid, text in found]
    return [(f"{a[0]}:{a[1]}", f"{b[0]}:{b[1]}") for a, b in itertools.combinations(grams, 2)
            if jaccard(a[2], b[2]) >= threshold and not _same_conversation(a[1], b[1])]


def _same_conversation(a: str, b: str) -> bool:  # miss_func: two rows of one conversation
    return "-" in a and a.rsplit("-", 1)[0] == b.rsplit("-", 1)[0] and a.startswith("multi_turn")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Enough judge rows that some requests repeat; dedup is not part of the state key, so the
    second run only re-exports."""
    tmp = tmp_path_factory.mktemp("dedup")
    products = json.loads(json.dumps(SMALL["products"]))
    products["judge"].update(rows=1000, rows_per_item=100)
    run(tmp, tmp / "kept", products=products, dedup={"enabled": False})
    shutil.copytree(tmp / "kept" / ".state", tmp / "clean" / ".state")
    run(tmp, tmp / "clean", products=products)
    return tmp / "kept", tmp / "clean"


def test_no_near_duplicate_is_left(runs):
    """Exhaustive pairwise check (no LSH): the run without dedup has twins, the run with none."""
    kept, clean = runs
    assert len(near_pairs(leads(kept), 0.85)) > 0  # the check can fail: duplicates do occur
    assert near_pairs(leads(clean), 0.85) == []


def test_removed_rows_are_rejections_with_their_twin(runs):
    kept, clean = runs
    removed = [r for r in jsonl(clean / "rejections.jsonl") if r["stage"] == "dedup"]
    assert removed and all(r["validator"] in ("exact_duplicate", "near_duplicate") for r in removed)
    written = {f"{fmt}:{rid}" for fmt, rid, _ in leads(clean)}
    twins = {r["twin"] for r in removed}
    # a twin is a row that stays (sdg and judge ids are in the files; other formats name the item)
    assert all(t in written for t in twins if t.split(":")[0] in ("sdg", "judge"))
    gone = {f"{r['product']}:{r['item_id']}" for r in removed}
    assert not gone & written
    manifest = json.loads((clean / "manifest.json").read_text())["counts"]
    assert sum(manifest[f"{p}.duplicates"] for p in ("sdg", "trail", "traject", "judge", "bfcl")) == len(removed)
    assert len(rows_of(clean / "judge" / "test.jsonl")) == len(rows_of(kept / "judge" / "test.jsonl")) - sum(
        r["product"] == "judge" for r in removed)


def test_normalize():
    assert normalize("  Book   a TABLE, please! ") == "book a table please"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.text(alphabet="abcdefgh ijk", min_size=1, max_size=60), min_size=1, max_size=5))
def test_signatures_are_datasketchs_minhash(texts: list[str]) -> None:
    """The numpy signatures equal datasketch's MinHash (seed 1, affine32, SHA-1): the same pairs
    are proposed as with the library itself."""
    from datasketch import MinHash

    from generator.hub.dedup import NUM_PERM, SCHEME, _Signer, shingles

    signer = _Signer(0.85)
    for text in texts:
        grams = shingles(text)
        if not grams:
            continue
        m = MinHash(num_perm=NUM_PERM, seed=1, scheme=SCHEME)
        m.update_batch([g.encode("utf-8") for g in sorted(grams)])
        assert (m.hashvalues == signer.signature(grams)).all()
