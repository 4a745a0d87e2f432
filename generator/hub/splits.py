"""train / validation / test, disjoint by target, tool, domain or user, across every format.

Each sample gets its keys for the chosen rule (its target; the tools it calls; its domains; its
user) plus its unit. Samples that share any key are joined (union-find), so a group holds every
sample that mentions one of its keys, in any format: no key of a test sample occurs in training.
A sample without a key for the rule (an SDG row has no user) is keyed by its target instead.

Groups are visited in an order fixed by the seed and each goes to the split that brings every
format's shares closest to the ratios, so small formats get their share too and a rerun gives
the same assignment.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from .config import SplitsConfig
from .facets import Facets

KEYS: dict[str, Callable[[Facets], list[str]]] = {
    "target": lambda f: [f"target:{f.target}"],
    "tool": lambda f: [f"tool:{t}" for t in f.tools],
    "domain": lambda f: [f"domain:{d}" for d in f.domains],
    "user": lambda f: [f"user:{f.user}"] if f.user else [],
}

RULES = {
    "target": "by target: every sample with the same gold calls (all levels and paraphrases of a "
              "target, and the same target in other formats) is in one split",
    "tool": "by tool: every tool a sample calls occurs in one split only; samples calling no tool "
            "(requests no offered tool serves) are split by target",
    "domain": "by domain: every domain of the called tools occurs in one split only; samples "
              "calling no tool are split by the domain of the tools offered",
    "user": "by user: every user's samples are in one split; formats without users (SDG, judge, "
            "BFCL, TRAJECT) are split by target",
}


def keys_of(f: Facets, by: str) -> list[str]:
    return (KEYS[by](f) or KEYS["target"](f)) + [f"unit:{f.product}:{f.unit}"]


class _UnionFind:
    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, x: str) -> str:
        self.parent.setdefault(x, x)
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a: str, b: str) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


@dataclass
class Assignment:
    """The split of every sample, by (product, sample_id)."""

    split_of: dict[tuple[str, str], str] = field(default_factory=dict)
    groups: int = 0

    def counts(self) -> dict[str, Counter[str]]:
        out: dict[str, Counter[str]] = {}
        for (product, _), split in self.split_of.items():
            out.setdefault(product, Counter())[split] += 1
        return out


def groups_of(facets: list[Facets], by: str) -> list[list[Facets]]:
    uf = _UnionFind()
    for f in facets:
        keys = keys_of(f, by)
        for k in keys[1:]:
            uf.union(keys[0], k)
    grouped: dict[str, list[Facets]] = {}
    for f in facets:
        grouped.setdefault(uf.find(keys_of(f, by)[0]), []).append(f)
    return list(grouped.values())


def _order(group: list[Facets], seed: int) -> str:
    first = min(f"{f.product}:{f.sample_id}" for f in group)
    return hashlib.sha256(f"{seed}:{first}".encode()).hexdigest()


def assign(facets: list[Facets], cfg: SplitsConfig, seed: int) -> Assignment:
    totals = Counter(f.product for f in facets)
    placed: dict[str, Counter[str]] = {p: Counter() for p in totals}
    seen: Counter[str] = Counter()
    out = Assignment()
    groups = sorted(groups_of(facets, cfg.by), key=lambda g: _order(g, seed))
    for group in groups:
        size = Counter(f.product for f in group)
        split = _best_split(cfg, placed, seen, size)
        for f in group:
            out.split_of[(f.product, f.sample_id)] = split
        for p, n in size.items():
            placed[p][split] += n
            seen[p] += n
    out.groups = len(groups)
    return out


def _best_split(cfg: SplitsConfig, placed: dict[str, Counter[str]], seen: Counter[str],
                size: Counter[str]) -> str:
    """The split whose choice leaves the smallest squared distance from the ratios, summed over
    the formats of the group (each format weighted alike, whatever its size)."""

    def error(choice: str) -> float:
        total = 0.0
        for p, n in size.items():
            after = seen[p] + n
            for s, ratio in cfg.ratios.items():
                share = (placed[p][s] + (n if s == choice else 0)) / after
                total += (share - ratio) ** 2
        return total

    return min(cfg.names(), key=lambda s: (error(s), cfg.names().index(s)))
