"""What a finished run tells its user beyond the counts: requested vs produced per product
and category (generator.shortfall), the tools skipped at load (generator.screening) and how
the catalog's identity and domains were read (generator.core.identity). The engine hands
`terminal` to the CLI and `card` to the dataset card."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .core.identity import domain_from_file
from .hub.facets import facets_of
from .products.base import AnyProduct, RunContext, WorkItem
from .records import ItemResult
from .screening import skip_lines
from .shortfall import Removed, card_rows, lines, shortfalls

if TYPE_CHECKING:
    from .hub.prepare import Prepared


@dataclass
class RunReport:
    terminal: list[str] = field(default_factory=list)
    card: list[str] = field(default_factory=list)
    requested: dict[str, tuple[int, int]] = field(default_factory=dict)  # (made, asked) per product, in the config's units


def _skipped_section(ctx: RunContext) -> list[str]:
    if not ctx.catalog.skipped:
        return []
    rows = ["## Skipped tools", "", "Tools whose parameters no value can satisfy are left out of every product:", ""]
    rows += [f"- `{t.name}` ({t.source or 'catalog'}): {reason}" for t, reason in ctx.catalog.skipped]
    return rows + [""]


def _inputs_section(ctx: RunContext) -> list[str]:
    rows = ["## Inputs", "", "| domain | tools | apps | domain read from |", "|---|---:|---|---|"]
    for domain, tools in ctx.catalog.by_domain.items():
        apps = sorted({t.app for t in tools if t.app})
        named = ", ".join(apps[:6]) + (", ..." if len(apps) > 6 else "") if apps else "none (whole function names)"
        if all(domain_from_file(t) for t in tools):
            origin = f"file name `{Path(tools[0].source).name}` (set `x-trajgen.domain` or `catalog_options.domain`)"
        elif domain == ctx.config.catalog_options.domain:
            origin = "the config (`catalog_options.domain`)"
        else:
            origin = "the catalog"
        rows.append(f"| {domain} | {len(tools)} | {named} | {origin} |")
    return rows + [""]


def removed_by_dedup(ctx: RunContext, prep: Prepared | None) -> Removed | None:
    """Whether a sample was removed as a duplicate (None: nothing was)."""
    gone = prep.dedup.removed_ids() if prep is not None else set()
    if not gone:
        return None
    deduped = {product for product, _ in gone}
    return lambda s, it: s.product in deduped and (s.product, facets_of(s, it, ctx).sample_id) in gone


def run_report(ctx: RunContext, plans: Mapping[str, Sequence[WorkItem[Any]]], done: Mapping[str, ItemResult],
               products: dict[str, AnyProduct], prep: Prepared | None = None) -> RunReport:
    """`prep`: the duplicate removal of the export, whose removed rows count against the request."""
    rows = shortfalls(ctx, plans, done, products, removed_by_dedup(ctx, prep))
    asked: dict[str, tuple[int, int]] = {}
    for r in rows:
        made, wanted = asked.get(r.product, (0, 0))
        asked[r.product] = (made + r.produced, wanted + r.requested)
    return RunReport(terminal=skip_lines(ctx.catalog.skipped) + lines(rows),
                     card=card_rows(rows) + _skipped_section(ctx) + _inputs_section(ctx),
                     requested=asked)
