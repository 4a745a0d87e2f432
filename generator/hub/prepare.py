"""Between running the items and exporting them: remove duplicates, then assign splits.

Pure over the finished results (in plan order), so a rerun makes the same decisions. Removed
duplicates become rejections (stage "dedup") that name their twin; the split of every kept
sample decides which of the product's per-split exports it goes to.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from ..products.base import RunContext, WorkItem
from ..records import ItemResult, Rejection, Sample
from .dedup import DedupResult, Twin, find_duplicates
from .facets import FACETS, Facets, facets_of, planned_of
from .layout import unsplit_name
from .splits import Assignment, assign

log = logging.getLogger(__name__)


Done = Mapping[str, ItemResult]


@dataclass
class Part:
    """The results of one product to write into one split (None: the un-split layout), read
    from the state when iterated (each time afresh), with only that split's kept samples."""

    items: Sequence[WorkItem]
    done: Done
    keep: Callable[[Sample, WorkItem], bool] | None = None  # None: every sample

    def __iter__(self) -> Iterator[ItemResult]:
        for it in self.items:
            res = self.done[it.item_id]
            if self.keep is not None:
                res = res.model_copy(update={"samples": [s for s in res.samples if self.keep(s, it)]})
            yield res


@dataclass
class Prepared:
    """What the export needs: the results to write per product and split (None = the
    product's un-split layout), the dedup outcome and the split assignment."""

    exports: dict[str, dict[str | None, Part]] = field(default_factory=dict)
    dedup: DedupResult = field(default_factory=DedupResult)
    assignment: Assignment | None = None
    planned: dict[str, Counter[str]] = field(default_factory=dict)
    produced: dict[str, Counter[str]] = field(default_factory=dict)
    unsplittable: list[str] = field(default_factory=list)  # products without a facet function
    kept: Counter[str] = field(default_factory=Counter)  # samples written, per product

    def rejections(self) -> list[Rejection]:
        return [dedup_rejection(t) for t in self.dedup.twins]

    def written(self, product: str) -> int:
        return self.kept[product]


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


def facets(ctx: RunContext, items: Sequence[WorkItem], done: Done) -> Iterator[Facets]:
    """The facets of the samples of `items`, in plan order, read from the state one at a time."""
    for it in items:
        for s in done[it.item_id].samples:
            yield facets_of(s, it, ctx)


def prepare(ctx: RunContext, plans: Mapping[str, Sequence[WorkItem]], done: Done) -> Prepared:
    cfg = ctx.config
    prep = Prepared(unsplittable=[p for p in plans if p not in FACETS])
    names = [p for p in plans if p in FACETS]

    def ordered() -> Iterator[Facets]:
        for p in priority(names):
            yield from facets(ctx, plans[p], done)

    if cfg.dedup.enabled:
        prep.dedup = find_duplicates(ordered, cfg.dedup.threshold)
    removed = prep.dedup.removed_ids()
    if cfg.splits is not None:
        prep.assignment = assign([f for f in ordered() if (f.product, f.sample_id) not in removed],
                                 cfg.splits, ctx.seed)
    for name, items in plans.items():
        prep.planned[name] = sum((Counter(planned_of(it, ctx)) for it in items), Counter())
        if name not in FACETS:
            prep.exports[name] = {None: Part(items, done)}
            prep.kept[name] = sum(len(done[it.item_id].samples) for it in items)
            continue
        produced: Counter[str] = Counter()
        for f in facets(ctx, items, done):
            if (name, f.sample_id) not in removed:
                produced.update(f.groups)
                prep.kept[name] += 1
        prep.produced[name] = produced
        prep.exports[name] = _by_split(ctx, name, items, done, removed, prep.assignment)
    if prep.unsplittable and cfg.splits is not None:
        log.warning("no split or dedup for %s (no facet function registered)", ", ".join(prep.unsplittable))
    return prep


def _in_split(key: Callable[[Sample, WorkItem], tuple[str, str]], split_of: dict[tuple[str, str], str],
              split: str) -> Callable[[Sample, WorkItem], bool]:
    return lambda s, it: split_of.get(key(s, it)) == split


def _by_split(ctx: RunContext, name: str, items: Sequence[WorkItem], done: Done, removed: set[tuple[str, str]],
              assignment: Assignment | None) -> dict[str | None, Part]:
    """Per split (in the Hub's order), the results holding that split's samples; a split with no
    sample of this product is left out, so no empty file is written for it (nothing kept: the
    un-split export still runs and writes what it always did)."""
    mine = {key for key in removed if key[0] == name}

    def key(s: Sample, it: WorkItem) -> tuple[str, str]:
        return name, facets_of(s, it, ctx).sample_id

    if assignment is None:
        return {None: Part(items, done, (lambda s, it: key(s, it) not in mine) if mine else None)}
    split_of = assignment.split_of
    found = {split for (p, _), split in split_of.items() if p == name}
    order: list[str | None] = [None, "train", "validation", "test"]
    out: dict[str | None, Part] = {}
    for split in sorted(found, key=order.index):
        out[split] = Part(items, done, _in_split(key, split_of, split))
    return out or {None: Part(items, done, lambda s, it: False)}
