"""Requested vs produced, per product and category, with the reasons when short.

A product can fall short at plan time (a TRAIL catalog with too few eligible targets, a
TRAJECT domain without a chain) or at run time (items rejected by validators). Both are
reported here, never silently: `shortfalls` compares what the config asked for with what was
accepted; products explain plan-time gaps with `note` (kept on the run context), run-time
gaps are explained by the most frequent rejection reasons of the category's items. The
engine hands the rows to the terminal summary (`lines`) and the dataset card (`card_rows`).

What is counted is each product's to say (Product.requested / category / counts_samples):
SDG and BFCL items per category (a multi-turn conversation is one item), TRAIL targets,
TRAJECT trajectories per kind, judge rows; by default, the planned items.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from .products.base import AnyProduct, RunContext, WorkItem
from .records import ItemResult, Record

TOP_REASONS = 3


class Shortfall(Record):
    product: str
    category: str
    requested: int
    produced: int
    reasons: list[str]

    @property
    def short(self) -> bool:
        return self.produced < self.requested

    @property
    def share(self) -> float:
        return self.produced / self.requested if self.requested else 1.0


def note(ctx: RunContext, product: str, category: str, reason: str) -> None:
    """Record why `product`/`category` plans fewer items than requested (shown when short)."""
    ctx.notes.setdefault((product, category), []).append(reason)


# ---------------------------------------------------------------- what was produced


def _reason_key(reason: str) -> str:
    """A rejection reason without the item-specific parts, so equal causes count together."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"|\d+(\.\d+)?", "…", reason)
    return text[:140]


def _reasons(counts: Counter[str], notes: list[str]) -> list[str]:
    return list(dict.fromkeys(notes)) + [f"{n}x {r}" for r, n in counts.most_common(TOP_REASONS)]


def _tally(product: AnyProduct, items: Sequence[WorkItem[Any]], done: Mapping[str, ItemResult]
           ) -> dict[str, tuple[int, Counter[str]]]:
    """Per category: what was produced, and the last rejection reasons of items with no sample
    (one result read at a time)."""
    out: dict[str, tuple[int, Counter[str]]] = {}
    for it in items:
        made, reasons = out.setdefault(product.category(it), (0, Counter()))
        res = done.get(it.item_id)
        if res is None:
            continue
        made += len(res.samples) if product.counts_samples else bool(res.samples)
        out[product.category(it)] = (made, reasons)
        if not res.samples:
            for rej in res.rejections[-1:]:
                reasons[f"{rej.validator or rej.stage}: {_reason_key(rej.reason)}"] += 1
    return out


def _rows(ctx: RunContext, name: str, product: AnyProduct, items: Sequence[WorkItem[Any]],
          done: Mapping[str, ItemResult]) -> list[Shortfall]:
    rows: list[Shortfall] = []
    tally = _tally(product, items, done)
    for category, wanted in product.requested(items).items():
        made, counts = tally.get(category, (0, Counter()))
        reasons = _reasons(counts, ctx.notes.get((name, category), []))
        planned = sum(product.category(it) == category for it in items)
        if planned < wanted and not ctx.notes.get((name, category)):
            reasons.insert(0, f"only {planned} item(s) could be planned")
        rows.append(Shortfall(product=name, category=category, requested=wanted, produced=made,
                              reasons=reasons if made < wanted else []))
    return rows


def shortfalls(ctx: RunContext, plans: Mapping[str, Sequence[WorkItem[Any]]], done: Mapping[str, ItemResult],
               products: dict[str, AnyProduct]) -> list[Shortfall]:
    """One row per product and category of this run."""
    return [row for name, items in plans.items() for row in _rows(ctx, name, products[name], items, done)]


def lines(rows: list[Shortfall]) -> list[str]:
    """Terminal lines for the categories that fell short (none when all delivered)."""
    return [f"short: {r.product}/{r.category} {r.produced} of {r.requested} ({r.share:.0%})"
            + (f": {'; '.join(r.reasons)}" if r.reasons else "") for r in rows if r.short]


def card_rows(rows: list[Shortfall]) -> list[str]:
    """The dataset card's "Requested vs produced" section."""
    out = ["## Requested vs produced", "", "| product | category | requested | produced | why short |",
           "|---|---|---:|---:|---|"]
    for r in rows:
        why = "; ".join(r.reasons).replace("|", "/") if r.short else ""
        out.append(f"| {r.product} | {r.category} | {r.requested} | {r.produced} | {why} |")
    return out + [""]
