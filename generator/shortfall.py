"""Requested vs produced, per product and category, with the reasons when short.

A product can fall short at plan time (a TRAIL catalog with too few eligible targets, a
TRAJECT domain without a chain), at run time (items rejected by validators) or at export
(rows removed as duplicates of other rows, hub/dedup.py). All are reported here, never
silently, with one number: `shortfalls` compares what the config asked for with the rows
written -- accepted and not removed as a duplicate --, the same count as the card's rows per
category and the `dedup` lines of rejections.jsonl. Products explain plan-time gaps with `note`
(kept on the run context), and say with `remark` what a user should know even when nothing is
short (a default relaxed to deliver, tools no target could use); run-time gaps are explained by the most frequent rejection reasons of the category's
items, duplicates by their count. The engine hands the rows to the terminal summary (`lines`)
and the dataset card (`card_rows`).

What is counted is each product's to say (Product.requested / category / counts_samples):
SDG and BFCL items per category (a multi-turn conversation is one item), TRAIL targets,
TRAJECT trajectories per kind, judge rows; by default, the planned items.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import Field

from .products.base import AnyProduct, RunContext, WorkItem
from .records import ItemResult, Record, Sample

TOP_REASONS = 3


class Shortfall(Record):
    product: str
    category: str
    requested: int
    produced: int
    reasons: list[str]
    remarks: list[str] = Field(default_factory=list)  # said whether short or not (a default relaxed...)

    @property
    def short(self) -> bool:
        return self.produced < self.requested

    @property
    def share(self) -> float:
        return self.produced / self.requested if self.requested else 1.0


ALWAYS = "\x00"  # marks a remark among the notes of a category


def note(ctx: RunContext, product: str, category: str, reason: str) -> None:
    """Record why `product`/`category` plans fewer items than requested (shown when short)."""
    ctx.notes.setdefault((product, category), []).append(reason)


def remark(ctx: RunContext, product: str, category: str, text: str) -> None:
    """Record what a user of `product`/`category` should know whether it is short or not ("adapted:
    repeat_share 0.25 -> 0.5", "tools without a target: ...")."""
    ctx.notes.setdefault((product, category), []).append(ALWAYS + text)


def _notes(ctx: RunContext, product: str, category: str) -> tuple[list[str], list[str]]:
    """(why short, remarks) noted for one category."""
    notes = ctx.notes.get((product, category), [])
    return ([n for n in notes if not n.startswith(ALWAYS)],
            [n.removeprefix(ALWAYS) for n in notes if n.startswith(ALWAYS)])


# ---------------------------------------------------------------- what was produced


def _reason_key(reason: str) -> str:
    """A rejection reason without the item-specific parts, so equal causes count together."""
    return re.sub(r"'[^']*'|\"[^\"]*\"|\d+(\.\d+)?", "…", reason)


REASON_CHARS = 160  # a reason is said by its first instance, cut at a word near this length


def _example(reason: str) -> str:
    """The first reason of a cause as it was given (its values readable), cut at a word boundary
    near REASON_CHARS, with the brackets it opened closed."""
    if len(reason) <= REASON_CHARS:
        return reason
    cut = reason[:REASON_CHARS].rsplit(" ", 1)[0].rstrip(" ;:,(")
    return cut + " …" + ")" * max(0, cut.count("(") - cut.count(")"))


def _reasons(counts: Counter[str], notes: list[str]) -> list[str]:
    return list(dict.fromkeys(notes)) + [f"{n}x {r}" for r, n in counts.most_common(TOP_REASONS)]


Removed = Callable[[Sample, WorkItem[Any]], bool]


def _tally(product: AnyProduct, items: Sequence[WorkItem[Any]], done: Mapping[str, ItemResult],
           removed: Removed | None) -> dict[str, tuple[int, Counter[str]]]:
    """Per category: the rows written (accepted, less those `removed` as duplicates), the last
    rejection reasons of items with no sample, and the duplicates (one result read at a time)."""
    out: dict[str, tuple[int, Counter[str]]] = {}
    said: dict[str, str] = {}  # a cause (its reason without values) -> its first reason, as said
    for it in items:
        made, reasons = out.setdefault(product.category(it), (0, Counter()))
        res = done.get(it.item_id)
        if res is None:
            continue
        kept = [s for s in res.samples if removed is None or not removed(s, it)]
        made += len(kept) if product.counts_samples else bool(kept)
        out[product.category(it)] = (made, reasons)
        if len(kept) < len(res.samples):
            reasons[DUPLICATE] += len(res.samples) - len(kept) if product.counts_samples else not kept
        if not res.samples:
            for rej in res.rejections[-1:]:
                name = rej.validator or rej.stage
                text = rej.reason if rej.reason.startswith(f"{name}:") else f"{name}: {rej.reason}"
                reasons[said.setdefault(_reason_key(text), _example(text))] += 1
    return out


DUPLICATE = "removed as duplicates of other rows (rejections.jsonl, stage dedup)"


def _rows(ctx: RunContext, name: str, product: AnyProduct, items: Sequence[WorkItem[Any]],
          done: Mapping[str, ItemResult], removed: Removed | None) -> list[Shortfall]:
    rows: list[Shortfall] = []
    tally = _tally(product, items, done, removed)
    for category, wanted in product.requested(items).items():
        made, counts = tally.get(category, (0, Counter()))
        short_notes, remarks = _notes(ctx, name, category)
        reasons = _reasons(counts, short_notes)
        planned = sum(product.category(it) == category for it in items)
        # (a product counting samples plans items of many rows each: its items are no row count)
        if planned < wanted and not short_notes and not product.counts_samples:
            reasons.insert(0, f"only {planned} item(s) could be planned")
        rows.append(Shortfall(product=name, category=category, requested=wanted, produced=made,
                              reasons=reasons if made < wanted else [], remarks=remarks))
    return rows


def shortfalls(ctx: RunContext, plans: Mapping[str, Sequence[WorkItem[Any]]], done: Mapping[str, ItemResult],
               products: dict[str, AnyProduct], removed: Removed | None = None) -> list[Shortfall]:
    """One row per product and category of this run; `removed(sample, item)` tells the rows
    removed as duplicates (they count against the request)."""
    return [row for name, items in plans.items()
            for row in _rows(ctx, name, products[name], items, done, removed)]


def _said(r: Shortfall) -> str:
    return "; ".join([*r.reasons, *r.remarks])


def lines(rows: list[Shortfall]) -> list[str]:
    """Terminal lines for the categories that fell short or carry a remark (none when all was
    delivered as configured)."""
    return [f"{'short' if r.short else 'note'}: {r.product}/{r.category} {r.produced} of {r.requested} "
            f"({r.share:.0%}): {_said(r)}" for r in rows if r.short or r.remarks]


def card_rows(rows: list[Shortfall]) -> list[str]:
    """The dataset card's "Requested vs produced" section: rows in the files, after duplicate
    removal."""
    out = ["## Requested vs produced", "",
           "Rows written per product and category (accepted by the checks and not removed as a duplicate).", "",
           "| product | category | requested | produced | why short, remarks |", "|---|---|---:|---:|---|"]
    for r in rows:
        out.append(f"| {r.product} | {r.category} | {r.requested} | {r.produced} | {_said(r).replace('|', '/')} |")
    return out + [""]
