"""Requested vs produced, per product and category, with the reasons when short.

A product can fall short at plan time (a TRAIL catalog with too few eligible targets, a
TRAJECT domain without a chain) or at run time (items rejected by validators). Both are
reported here, never silently: `shortfalls` compares what the config asked for with what was
accepted; products explain plan-time gaps with `note` (kept on the run context), run-time
gaps are explained by the most frequent rejection reasons of the category's items. The
engine hands the rows to the terminal summary (`lines`) and the dataset card (`card_rows`).

What is counted per product (REQUESTS): SDG and BFCL items per category (a multi-turn
conversation is one item), TRAIL targets, TRAJECT trajectories per kind, judge rows.
A product not listed counts its planned items.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from .products.base import RunContext, WorkItem
from .records import ItemResult, Record

NOTES_KEY = "shortfall.notes"
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
    ctx.extra.setdefault(NOTES_KEY, {}).setdefault((product, category), []).append(reason)


# ---------------------------------------------------------------- what was requested

Requested = Callable[[Any, list[WorkItem]], dict[str, int]]
Category = Callable[[WorkItem], str]


def _sdg(cfg: Any, items: list[WorkItem]) -> dict[str, int]:
    return dict(cfg.products.sdg.categories)


def _bfcl(cfg: Any, items: list[WorkItem]) -> dict[str, int]:
    return dict(cfg.products.bfcl.categories) if cfg.products.bfcl.native else {}


def _trail(cfg: Any, items: list[WorkItem]) -> dict[str, int]:
    return {"targets": cfg.products.trail.targets}


def _traject(cfg: Any, items: list[WorkItem]) -> dict[str, int]:
    t = cfg.products.traject
    domains = {it.spec["domain"] for it in items} | set(t.domains)
    return {"parallel": t.parallel * max(1, len(domains)), "sequential": t.sequential * max(1, len(domains))}


def _judge(cfg: Any, items: list[WorkItem]) -> dict[str, int]:
    return {"rows": cfg.products.judge.rows}


REQUESTS: dict[str, tuple[Requested, Category, bool]] = {
    # product -> (requested per category, category of an item, count samples (rows) not items)
    "sdg": (_sdg, lambda it: it.spec["category"], False),
    "bfcl": (_bfcl, lambda it: it.spec["category"], False),
    "trail": (_trail, lambda it: "targets", False),
    "traject": (_traject, lambda it: it.spec["kind"], False),
    "judge": (_judge, lambda it: "rows", True),
}


# ---------------------------------------------------------------- what was produced


def _reason_key(reason: str) -> str:
    """A rejection reason without the item-specific parts, so equal causes count together."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"|\d+(\.\d+)?", "…", reason)
    return text[:140]


def _reasons(results: list[ItemResult], notes: list[str]) -> list[str]:
    counts: Counter[str] = Counter()
    for res in results:
        if res.samples:
            continue
        for rej in res.rejections[-1:]:
            counts[f"{rej.validator or rej.stage}: {_reason_key(rej.reason)}"] += 1
    return list(dict.fromkeys(notes)) + [f"{n}x {r}" for r, n in counts.most_common(TOP_REASONS)]


def shortfalls(ctx: RunContext, plans: dict[str, list[WorkItem]],
               done: dict[str, ItemResult]) -> list[Shortfall]:
    """One row per product and category of this run."""
    notes: dict[tuple[str, str], list[str]] = ctx.extra.get(NOTES_KEY, {})
    rows: list[Shortfall] = []
    for product, items in plans.items():
        requested_of, category_of, rows_not_items = REQUESTS.get(
            product, (lambda cfg, its: {"items": len(its)}, lambda it: "items", False))
        requested = requested_of(ctx.config, items)
        for category, wanted in requested.items():
            mine = [done[it.item_id] for it in items if category_of(it) == category and it.item_id in done]
            made = sum(len(r.samples) for r in mine) if rows_not_items else sum(bool(r.samples) for r in mine)
            reasons = _reasons(mine, notes.get((product, category), []))
            planned = sum(category_of(it) == category for it in items)
            if planned < wanted and not notes.get((product, category)):
                reasons.insert(0, f"only {planned} item(s) could be planned")
            rows.append(Shortfall(product=product, category=category, requested=wanted, produced=made,
                                  reasons=reasons if made < wanted else []))
    return rows


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
