"""Exact and near-duplicate queries, within and across formats (and so across splits).

Each sample is represented by its most explicit query (`Facets.lead`), normalized (lowercase,
punctuation dropped, whitespace collapsed) and cut into character 5-grams. Two samples are
near-duplicates when the Jaccard similarity of their 5-gram sets reaches the threshold; identical
normalized queries are exact duplicates. Candidate pairs come from MinHash LSH (datasketch's signatures),
tuned below the threshold so that it misses next to nothing, and every candidate is confirmed on
the exact sets, so the decision itself is exact and deterministic.

Samples are visited in priority order; one is removed when it duplicates a sample already kept,
which becomes its twin. Samples of one unit (the rows of one multi-turn conversation) are not
compared with each other: they share their opening on purpose.
"""

from __future__ import annotations

import hashlib
import re
import sys
import unicodedata
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .facets import Facets

SHINGLE = 5
NUM_PERM = 128
SCHEME = "affine32"  # pinned: a library default that changes must not change which pairs are found
MISS = 1e-4  # the chance that LSH fails to propose a pair exactly at the threshold (higher: smaller)
_PUNCT = re.compile(r"[^\w\s]+")
_WS = re.compile(r"\s+")


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).lower()
    return _WS.sub(" ", _PUNCT.sub(" ", text)).strip()


def shingles(text: str) -> frozenset[str]:
    t = normalize(text)
    if len(t) <= SHINGLE:
        return frozenset([t]) if t else frozenset()
    return frozenset(t[i:i + SHINGLE] for i in range(len(t) - SHINGLE + 1))


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a or b else 1.0


@dataclass
class Twin:
    """A removed sample and the kept one it duplicates."""

    removed: Facets
    kept: Facets
    similarity: float

    @property
    def exact(self) -> bool:
        return normalize(self.removed.lead) == normalize(self.kept.lead)


@dataclass
class DedupResult:
    twins: list[Twin] = field(default_factory=list)

    def removed_ids(self) -> set[tuple[str, str]]:
        return {(t.removed.product, t.removed.sample_id) for t in self.twins}


def lsh_params(threshold: float) -> tuple[int, int]:
    """(bands, rows per band) for NUM_PERM permutations: the most selective banding that still
    proposes a pair of similarity `threshold` with probability >= 1 - MISS. Candidates are
    confirmed on the exact sets, so extra candidates cost a little time, never a wrong removal."""
    for rows in range(NUM_PERM, 0, -1):
        bands = NUM_PERM // rows
        if 1 - (1 - threshold ** rows) ** bands >= 1 - MISS:
            return bands, rows
    return NUM_PERM, 1


class _Signer:
    """MinHash signatures cut into LSH bands, each band reduced to a 32-bit key. Two samples are
    candidates when a band key is equal: every pair the banded LSH proposes, plus (rarely) a pair
    whose band keys collide, which the exact check sorts out.

    The signatures are datasketch's MinHash with the "affine32" scheme, seed 1 and its default
    SHA-1 hash, computed here with numpy in one pass per sample (tests/test_hub_dedup.py checks they
    are equal): importing datasketch (and the SciPy it loads) and building one MinHash object per
    sample cost more than the hashing."""

    def __init__(self, threshold: float) -> None:
        import numpy as np

        self._np = np
        gen = np.random.RandomState(1)  # datasketch's permutations for seed 1, scheme affine32
        self._a = gen.randint(0, 1 << 31, NUM_PERM, dtype=np.uint32) * np.uint32(2) + np.uint32(1)
        self._b = gen.randint(0, 1 << 32, NUM_PERM, dtype=np.uint32)
        self.bands, self.rows = lsh_params(threshold)
        mix = np.random.default_rng(20240601).integers(1, 2 ** 63, size=self.rows, dtype=np.uint64)
        self._mix = mix | np.uint64(1)

    def signature(self, grams: frozenset[str]) -> Any:
        """The MinHash values of `grams` (NUM_PERM uint32)."""
        np = self._np
        hv = np.fromiter((int.from_bytes(hashlib.sha1(g.encode("utf-8")).digest()[:4], "little")
                          for g in grams), dtype=np.uint32, count=len(grams)).reshape(-1, 1)
        hv = hv ^ (hv >> np.uint32(16))  # the MurmurHash3 finalizer datasketch pre-mixes with
        hv = hv * np.uint32(0x85EBCA6B)
        hv = hv ^ (hv >> np.uint32(13))
        hv = hv * np.uint32(0xC2B2AE35)
        hv = hv ^ (hv >> np.uint32(16))
        return (hv * self._a + self._b).min(axis=0)

    def keys(self, grams: frozenset[str]) -> Any:
        np = self._np
        values = self.signature(grams)
        bands = values[:self.bands * self.rows].astype(np.uint64).reshape(self.bands, self.rows)
        with np.errstate(over="ignore"):
            mixed = (bands * self._mix).sum(axis=1, dtype=np.uint64)
            mixed ^= mixed >> np.uint64(29)
            mixed *= np.uint64(0xBF58476D1CE4E5B9)
        return (mixed >> np.uint64(32)).astype(np.uint32)


def text_key(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(), "big")


def _shared(values: Any) -> Any:
    """Per value of `values`, whether another entry has the same value."""
    import numpy as np

    _, inverse, counts = np.unique(values, return_inverse=True, return_counts=True)
    return counts[inverse.reshape(values.shape)] > 1


class _Sketch:
    """First pass: a text key and band keys per sample (12 + 4 x bands bytes), and which of them
    any other sample shares; only shared keys can ever name a twin."""

    def __init__(self, source: Iterable[Facets], threshold: float) -> None:
        import numpy as np

        near = threshold < 1.0
        signer = _Signer(threshold) if near else None
        texts, empty = array("Q"), array("b")
        chunks: list[Any] = []
        block: list[Any] = []
        for f in source:
            grams = shingles(f.lead)
            empty.append(not grams)
            texts.append(text_key(normalize(f.lead)) if grams else 0)
            if signer is not None:
                block.append(signer.keys(grams) if grams else np.zeros(signer.bands, dtype=np.uint32))
                if len(block) == 4096:
                    chunks.append(np.stack(block))
                    block = []
        n = len(empty)
        self.empty = np.frombuffer(empty, dtype=np.int8).astype(bool) if n else np.zeros(0, dtype=bool)
        text_arr = np.frombuffer(texts, dtype=np.uint64) if n else np.zeros(0, dtype=np.uint64)
        self.text = text_arr
        self.text_shared = _shared(np.where(self.empty, np.arange(n, dtype=np.uint64), text_arr)) & ~self.empty
        bands = signer.bands if signer is not None else 0
        if block:
            chunks.append(np.stack(block))
        self.bands = np.concatenate(chunks) if chunks else np.zeros((n, bands), dtype=np.uint32)
        self.band_shared = np.zeros((n, bands), dtype=bool)
        for b in range(bands):
            self.band_shared[:, b] = _shared(self.bands[:, b]) & ~self.empty


class _Bands:
    """Per band, the samples sorted by their band key: the samples that share sample i's key in
    band b are one slice, found by binary search (8 bytes per sample and band, in arrays)."""

    def __init__(self, sketch: _Sketch) -> None:
        import numpy as np

        n, bands = sketch.bands.shape
        self.order = np.empty((bands, n), dtype=np.int32 if n < 2 ** 31 else np.int64)
        self.sorted = np.empty((bands, n), dtype=np.uint32)
        for b in range(bands):
            order = np.argsort(sketch.bands[:, b], kind="stable")
            self.order[b], self.sorted[b] = order, sketch.bands[order, b]

    def sharing(self, b: int, key: int) -> Any:
        row = self.sorted[b]
        lo, hi = row.searchsorted(key, "left"), row.searchsorted(key, "right")
        return self.order[b, lo:hi]


def find_duplicates(ordered: Sequence[Facets] | Callable[[], Iterable[Facets]], threshold: float) -> DedupResult:
    """Visit `ordered` (highest priority first); remove what duplicates a kept sample.

    `ordered` is a sequence or a function giving the samples afresh (it is read twice): only
    the samples that share a text or a band key with another one are kept in memory."""
    import numpy as np

    source: Callable[[], Iterable[Facets]] = ordered if callable(ordered) else (lambda: ordered)
    sketch = _Sketch(source(), threshold)
    near = threshold < 1.0 and sketch.bands.shape[1] > 0
    bands = _Bands(sketch) if near else None
    exact: dict[int, int] = {}  # text key -> first kept sample with that text (shared texts only)
    candidate = np.zeros(len(sketch.empty), dtype=bool)  # kept, and sharing a key with another sample
    kept = _Kept(len(sketch.empty))  # those samples (what dedup reads of them, packed)
    result = DedupResult()
    for i, f in enumerate(source()):
        if sketch.empty[i]:
            continue
        twin = _exact_twin(exact, kept, f, int(sketch.text[i])) if sketch.text_shared[i] else None
        shared = sketch.band_shared[i]
        if twin is None and bands is not None and shared.any():
            found = np.unique(np.concatenate([bands.sharing(int(b), int(sketch.bands[i, b]))
                                              for b in shared.nonzero()[0]]))
            twin = _near_twin(kept, [int(j) for j in found[(found < i)] if candidate[j]], f, threshold)
        if twin is not None:
            result.twins.append(Twin(removed=_slim(f), kept=kept[twin[0]], similarity=twin[1]))
            continue
        if sketch.text_shared[i]:
            exact.setdefault(int(sketch.text[i]), i)
        if sketch.text_shared[i] or shared.any():
            kept[i] = f
            candidate[i] = True
    return result


class _Kept:
    """The kept samples another one may duplicate, by position: their product, id, unit and
    query packed as UTF-8 in one buffer (about the text's size per sample, not an object each);
    read back as slim Facets when a candidate is checked."""

    FIELDS = ("product", "sample_id", "unit", "lead")

    def __init__(self, n: int) -> None:
        import numpy as np

        self.slot = np.full(n, -1, dtype=np.int64)  # position -> slot (-1: not kept)
        self.buf = bytearray()
        self.starts = array("Q")
        self.lengths = array("I")  # 4 per slot, one per field

    def __setitem__(self, i: int, f: Facets) -> None:
        self.slot[i] = len(self.starts)
        self.starts.append(len(self.buf))
        for name in self.FIELDS:
            data = getattr(f, name).encode("utf-8")
            self.lengths.append(len(data))
            self.buf += data

    def fields(self, i: int) -> tuple[str, str, str, str]:
        """(product, sample_id, unit, lead) of the kept sample at position i."""
        k = int(self.slot[i])
        if k < 0:
            raise KeyError(i)
        at, values = self.starts[k], []
        for n in self.lengths[4 * k:4 * k + 4]:
            values.append(self.buf[at:at + n].decode("utf-8"))
            at += n
        return values[0], values[1], values[2], values[3]

    def __getitem__(self, i: int) -> Facets:
        product, sample_id, unit, lead = self.fields(i)
        return Facets.model_construct(product=sys.intern(product), sample_id=sample_id, unit=unit, lead=lead,
                                      target="")


def _slim(f: Facets) -> Facets:
    """What dedup and its rejections read of a sample (product, id, unit, query): a kept sample
    may be held until the end, so the rest (target, tools, groups) is dropped."""
    return Facets.model_construct(product=sys.intern(f.product), sample_id=f.sample_id, unit=f.unit, lead=f.lead,
                                  target="")


def _exact_twin(exact: dict[int, int], kept: _Kept, f: Facets, key: int) -> tuple[int, float] | None:
    j = exact.get(key)
    if j is None:
        return None
    product, _, unit, lead = kept.fields(j)
    if normalize(lead) != normalize(f.lead):
        return None
    return (j, 1.0) if (product, unit) != (f.product, f.unit) else None


def _near_twin(kept: _Kept, found: list[int], f: Facets, threshold: float) -> tuple[int, float] | None:
    """The most similar of the kept samples `found` (ascending: the first wins a tie)."""
    grams = shingles(f.lead)
    best: tuple[int, float] | None = None
    for j in found:
        product, _, unit, lead = kept.fields(j)
        if (product, unit) == (f.product, f.unit):  # one unit's samples are not compared
            continue
        sim = jaccard(grams, shingles(lead))
        if sim >= threshold and (best is None or sim > best[1]):
            best = (j, sim)
    return best
