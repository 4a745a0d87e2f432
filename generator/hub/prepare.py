"""Between running the items and exporting them: remove duplicates, then assign splits.

Pure over the finished results (in plan order), so a rerun makes the same decisions. Removed
duplicates become rejections (stage "dedup") that name their twin; the split of every kept
sample decides which of the product's per-split exports it goes to.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from ..products.base import RunContext, WorkItem
from ..records import ItemResult, Rejection, Sample
from .dedup import DedupResult, Twin, find_duplicates
from .facets import FACETS, Facets, facets_of, planned_of
from .layout import unsplit_name
from .splits import Assignment, assign

log = logging.getLogger(__name__)


@dataclass
class Prepared:
    """What the export needs: the results to write per product and split (None = the
    product's un-split layout), the dedup outcome and the split assignment."""

    exports: dict[str, dict[str | None, list[ItemResult]]] = field(default_factory=dict)
    dedup: DedupResult = field(default_factory=DedupResult)
    assignment: Assignment | None = None
    planned: dict[str, Counter[str]] = field(default_factory=dict)
    produced: dict[str, Counter[str]] = field(default_factory=dict)
    unsplittable: list[str] = field(default_factory=list)  # products without a facet function

    def rejections(self) -> list[Rejection]:
        return [dedup_rejection(t) for t in self.dedup.twins]

    def written(self, product: str) -> int:
        return sum(len(r.samples) for rs in self.exports.get(product, {}).values() for r in rs)


def dedup_rejection(t: Twin) -> Rejection:
    kind = "exact_duplicate" if t.exact else "near_duplicate"
    reason = (f"{'exact' if t.exact else 'near'} duplicate (similarity {t.similarity:.2f}) of "
              f"{t.kept.product} {t.kept.sample_id}: {t.kept.lead!r}")
    return Rejection(item_id=t.removed.sample_id, product=t.removed.product, stage="dedup", validator=kind,
                     reason=reason, raw=t.removed.lead, twin=f"{t.kept.product}:{t.kept.sample_id}")


def priority(products: list[str]) -> list[str]:
    """Evaluation formats keep their rows before training formats do: a training row that
    repeats a test row is the one removed (decontamination), in config order otherwise."""
    return sorted(products, key=lambda p: (unsplit_name(p) == "train", products.index(p)))


def collect(ctx: RunContext, plans: dict[str, list[WorkItem]],
            done: dict[str, ItemResult]) -> dict[str, list[tuple[Sample, Facets]]]:
    out: dict[str, list[tuple[Sample, Facets]]] = {}
    for name, items in plans.items():
        if name not in FACETS:
            continue
        out[name] = [(s, facets_of(s, it, ctx)) for it in items for s in done[it.item_id].samples]
    return out


def prepare(ctx: RunContext, plans: dict[str, list[WorkItem]], done: dict[str, ItemResult]) -> Prepared:
    cfg = ctx.config
    prep = Prepared(unsplittable=[p for p in plans if p not in FACETS])
    samples = collect(ctx, plans, done)
    ordered = [f for p in priority(list(samples)) for _, f in samples[p]]
    if cfg.dedup.enabled:
        prep.dedup = find_duplicates(ordered, cfg.dedup.threshold)
    removed = prep.dedup.removed_ids()
    if cfg.splits is not None:
        prep.assignment = assign([f for f in ordered if (f.product, f.sample_id) not in removed],
                                 cfg.splits, ctx.seed)
    for name, items in plans.items():
        facets = {id(s): f for s, f in samples.get(name, [])}
        splits = _split_of(name, facets, removed, prep.assignment)
        results = [done[it.item_id] for it in items]
        prep.exports[name] = _by_split(results, splits) if name in samples else {None: results}
        prep.planned[name] = sum((Counter(planned_of(it, ctx)) for it in items), Counter())
        prep.produced[name] = sum((Counter(f.groups) for f in facets.values()
                                   if (name, f.sample_id) not in removed), Counter())
    if prep.unsplittable and cfg.splits is not None:
        log.warning("no split or dedup for %s (no facet function registered)", ", ".join(prep.unsplittable))
    return prep


def _split_of(name: str, facets: dict[int, Facets], removed: set[tuple[str, str]],
              assignment: Assignment | None) -> Callable[[Sample], str | None | bool]:
    """A sample's split (None when the run is not split), or False when it was removed."""

    def split(s: Sample) -> str | None | bool:
        key = (name, facets[id(s)].sample_id)
        if key in removed:
            return False
        return assignment.split_of[key] if assignment is not None else None

    return split


def _by_split(results: list[ItemResult], split_of: Callable[[Sample], str | None | bool]
              ) -> dict[str | None, list[ItemResult]]:
    """Per split (in the Hub's order), the results holding that split's samples; a split with no
    sample of this product is left out, so no empty file is written for it."""
    found = {split for r in results for s in r.samples if isinstance(split := split_of(s), str | None)}
    order: list[str | None] = [None, "train", "validation", "test"]
    out: dict[str | None, list[ItemResult]] = {}
    for split in sorted(found, key=order.index):
        out[split] = [r.model_copy(update={"samples": [s for s in r.samples if split_of(s) == split]})
                      for r in results]
    if not out:  # nothing kept: the un-split export still runs and writes what it always did
        out[None] = [r.model_copy(update={"samples": []}) for r in results]
    return out
