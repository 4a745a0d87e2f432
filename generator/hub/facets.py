"""What dedup, splits and the card need to know about one accepted sample, per product.

Every product stores its own payload layout in `Sample.payload`; a facet function (registered
under the product's name, from its package: e.g. trail/hub.py) reads it into one `Facets` record: the sample's id, the unit it must
stay with, its most explicit query (for dedup), its target (the gold calls, canonical), the tools
it calls, its domains and user (split keys), and the group it was planned in (category, label,
kind) for the requested-vs-produced table.

Targets are canonical across formats: calls sorted, argument values normalized as strings, and
arguments equal to the schema default left out (BFCL's possible answers may omit them), so the
same gold call made in an SDG row and a judge row gives the same key.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pydantic import Field

from ..catalog import Catalog
from ..core.vagueness import normalize
from ..products.base import PRODUCTS, RunContext, WorkItem
from ..records import Record, Sample, Tool
from ..registry import Registry

NO_DEFAULT = object()


class Facets(Record):
    product: str
    sample_id: str  # the id a reader finds in the output (row id), else the work item's id
    unit: str  # samples of one unit are never compared with each other and share a split
    lead: str  # the most explicit query of the sample
    target: str
    tools: list[str] = Field(default_factory=list)
    domains: list[str] = Field(default_factory=list)
    user: str | None = None
    groups: dict[str, int] = Field(default_factory=dict)  # produced rows per planned group


FacetFn = Callable[[Sample, WorkItem, RunContext], Facets]
PlannedFn = Callable[[WorkItem, RunContext], dict[str, int]]
FACETS: Registry[FacetFn] = Registry("facets of product")
PLANNED: Registry[PlannedFn] = Registry("planned groups of product")


def facets_of(sample: Sample, item: WorkItem, ctx: RunContext) -> Facets:
    return FACETS.get(sample.product)(sample, item, ctx)


def planned_of(item: WorkItem, ctx: RunContext) -> dict[str, int]:
    """Rows requested by one work item, per group (category, label, level...)."""
    if item.product in PLANNED:
        return PLANNED.get(item.product)(item, ctx)
    return {PRODUCTS.get(item.product).category(item) if item.product in PRODUCTS else "items": 1}


def value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, list):
        return ", ".join(value_text(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, sort_keys=True, ensure_ascii=False)
    return normalize(value)


def canonical_call(name: str, args: dict[str, Any], tool: Tool | None) -> tuple[str, list[list[str]]]:
    props = tool.properties if tool else {}
    kept = [[k, value_text(v)] for k, v in sorted(args.items())
            if props.get(k, {}).get("default", NO_DEFAULT) != v]
    return name, kept


def target_key(calls: list[tuple[str, dict[str, Any]]], catalog: Catalog) -> str:
    canon = sorted(canonical_call(n, a, catalog.by_name.get(n)) for n, a in calls)
    return json.dumps(canon, ensure_ascii=False)


def text_target(text: str) -> str:
    """The target of a sample without a gold call (a request no offered tool serves)."""
    return "text:" + normalize(text)


def domains_of(names: list[str], catalog: Catalog) -> list[str]:
    return sorted({catalog.by_name[n].domain for n in names if n in catalog.by_name})


def make(product: str, sample_id: str, unit: str, lead: str, calls: list[tuple[str, dict[str, Any]]],
         catalog: Catalog, **extra: Any) -> Facets:
    names = sorted({n for n, _ in calls})
    target = target_key(calls, catalog) if calls else text_target(lead)
    extra.setdefault("domains", domains_of(names, catalog))
    return Facets(product=product, sample_id=sample_id, unit=unit, lead=lead, target=target,
                  tools=names, **extra)
