"""Exact and near-duplicate queries, within and across formats (and so across splits).

Each sample is represented by its most explicit query (`Facets.lead`), normalized (lowercase,
punctuation dropped, whitespace collapsed) and cut into character 5-grams. Two samples are
near-duplicates when the Jaccard similarity of their 5-gram sets reaches the threshold; identical
normalized queries are exact duplicates. Candidate pairs come from MinHash LSH (datasketch),
tuned below the threshold so that it misses next to nothing, and every candidate is confirmed on
the exact sets, so the decision itself is exact and deterministic.

Samples are visited in priority order; one is removed when it duplicates a sample already kept,
which becomes its twin. Samples of one unit (the rows of one multi-turn conversation) are not
compared with each other: they share their opening on purpose.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

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


class _Index:
    """Kept samples: exact lookup by normalized text, LSH for near candidates."""

    def __init__(self, threshold: float) -> None:
        from datasketch import MinHash, MinHashLSH

        self._minhash = MinHash
        self._perm = MinHash(num_perm=NUM_PERM, seed=1, scheme=SCHEME).permutations
        self.lsh = MinHashLSH(num_perm=NUM_PERM, params=lsh_params(threshold))
        self.exact: dict[str, int] = {}
        self.sets: dict[int, frozenset[str]] = {}

    def signature(self, grams: frozenset[str]) -> object:
        m = self._minhash(num_perm=NUM_PERM, seed=1, permutations=self._perm, scheme=SCHEME)
        m.update_batch([g.encode("utf-8") for g in sorted(grams)])
        return m

    def add(self, i: int, text: str, grams: frozenset[str], sig: object) -> None:
        self.exact.setdefault(text, i)
        self.sets[i] = grams
        self.lsh.insert(str(i), sig)

    def candidates(self, sig: object) -> list[int]:
        return sorted(int(k) for k in self.lsh.query(sig))


def find_duplicates(ordered: list[Facets], threshold: float) -> DedupResult:
    """Visit `ordered` (highest priority first); remove what duplicates a kept sample."""
    index = _Index(threshold)
    result = DedupResult()
    for i, f in enumerate(ordered):
        text, grams = normalize(f.lead), shingles(f.lead)
        if not grams:
            continue
        twin = _exact_twin(index, ordered, f, text)
        sig = None
        if twin is None and threshold < 1.0:
            sig = index.signature(grams)
            twin = _near_twin(index, ordered, f, grams, sig, threshold)
        if twin is not None:
            result.twins.append(Twin(removed=f, kept=ordered[twin[0]], similarity=twin[1]))
            continue
        index.add(i, text, grams, sig if sig is not None else index.signature(grams))
    return result


def _same_unit(a: Facets, b: Facets) -> bool:
    return a.product == b.product and a.unit == b.unit


def _exact_twin(index: _Index, ordered: list[Facets], f: Facets, text: str) -> tuple[int, float] | None:
    j = index.exact.get(text)
    return (j, 1.0) if j is not None and not _same_unit(ordered[j], f) else None


def _near_twin(index: _Index, ordered: list[Facets], f: Facets, grams: frozenset[str], sig: object,
               threshold: float) -> tuple[int, float] | None:
    best: tuple[int, float] | None = None
    for j in index.candidates(sig):
        if _same_unit(ordered[j], f):
            continue
        sim = jaccard(grams, index.sets[j])
        if sim >= threshold and (best is None or sim > best[1]):
            best = (j, sim)
    return best
