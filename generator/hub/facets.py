"""What dedup, splits and the card need to know about one accepted sample, per product.

Every product stores its own payload layout in `Sample.payload`; a facet function (registered
under the product's name) reads it into one `Facets` record: the sample's id, the unit it must
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


# ---------------------------------------------------------------- per product

def _message_calls(messages: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for m in messages:
        for tc in m.get("tool_calls") or []:
            args = tc["function"].get("arguments") or "{}"
            out.append((tc["function"]["name"], json.loads(args) if isinstance(args, str) else args))
    return out


def _offered_domains(tools_json: str, catalog: Catalog) -> list[str]:
    return domains_of([t["function"]["name"] for t in json.loads(tools_json)], catalog)


@FACETS.register("sdg")
def sdg_facets(sample: Sample, item: WorkItem, ctx: RunContext) -> Facets:
    row, catalog = sample.payload, ctx.catalog
    lead = "\n".join(m["content"] for m in row["messages"] if m["role"] == "user" and m.get("content"))
    calls = _message_calls(row["messages"])
    extra = {} if calls else {"domains": _offered_domains(row["tools"], catalog)}
    return make("sdg", row["id"], row["trajectory_id"], lead, calls, catalog,
                groups={row["category"]: 1}, **extra)


def _tool_named(catalog: Catalog, app: str, api: str) -> str:
    """The catalog name of a TRAILBench answer's function (`<app>_<api>` unless the catalog
    names it otherwise)."""
    return next((t.name for t in catalog.tools if t.app == app and t.api == api), f"{app}_{api}")


@FACETS.register("trail")
def trail_facets(sample: Sample, item: WorkItem, ctx: RunContext) -> Facets:
    p = sample.payload
    answer = p["answer"]
    name = _tool_named(ctx.catalog, answer["toolname"], answer["apiname"])
    lead = next(iter(p["query"].values()))[0]
    groups = {"targets": 1, **{f"{level} queries": len(qs) for level, qs in p["query"].items()}}
    return make("trail", sample.item_id, sample.item_id, lead, [(name, answer["parameters"])], ctx.catalog,
                user=p["user"], domains=[answer["apitype"]], groups=groups)


@PLANNED.register("trail")
def trail_planned(item: WorkItem, ctx: RunContext) -> dict[str, int]:
    from ..trail.config import TrailConfig

    cfg = ctx.config.products.section("trail", TrailConfig) or TrailConfig()
    return {"targets": 1, **{f"{level} queries": n for level, n in cfg.paraphrases.by_level().items()}}


def _traject_names(catalog: Catalog) -> dict[str, str]:
    from ..traject.export import traject_name

    return {traject_name(t): t.name for t in catalog.tools}


def _traject_calls(record: dict[str, Any], names: dict[str, str]) -> list[tuple[str, dict[str, Any]]]:
    calls = []
    for c in record["tool list"]:
        args = {p["name"]: p["value"] for k in ("required parameters", "optional parameters")
                for p in c.get(k) or []}
        calls.append((names.get(c["tool name"], c["tool name"]), args))
    return calls


@FACETS.register("traject")
def traject_facets(sample: Sample, item: WorkItem, ctx: RunContext) -> Facets:
    p = sample.payload
    first = next(iter(p["records"].values()))  # simple (parallel) or traj_query (sequential)
    calls = _traject_calls(first, _traject_names(ctx.catalog))
    return make("traject", sample.item_id, sample.item_id, first["query"], calls, ctx.catalog,
                domains=[p["domain"]], groups=traject_planned(item, ctx))


@PLANNED.register("traject")
def traject_planned(item: WorkItem, ctx: RunContext) -> dict[str, int]:
    return {f"{item.spec.kind} / {item.spec.domain}": 1}


@FACETS.register("judge")
def judge_facets(sample: Sample, item: WorkItem, ctx: RunContext) -> Facets:
    row, catalog = sample.payload, ctx.catalog
    gold = row.get("gold")
    calls = [(gold["tool"], gold["arguments"])] if gold else []
    extra = {} if calls else {"domains": domains_of([t["function"]["name"] for t in row["tools"]], catalog)}
    return make("judge", row["id"], row["id"], row["request"], calls, catalog,
                groups={row["label"]: 1}, **extra)


@PLANNED.register("judge")
def judge_planned(item: WorkItem, ctx: RunContext) -> dict[str, int]:
    groups: dict[str, int] = {}
    for label in item.spec.labels:
        groups[label] = groups.get(label, 0) + 1
    return groups


def _bfcl_calls(answer: dict[str, Any] | None) -> list[tuple[str, dict[str, Any]]]:
    """Gold calls of a single-turn possible answer: the first acceptable value of each
    parameter that may not be omitted (an omittable one equals its default)."""
    if answer is None or not answer.get("ground_truth") or not isinstance(answer["ground_truth"][0], dict):
        return []
    return [(name, {k: alts[0] for k, alts in params.items() if "" not in alts})
            for call in answer["ground_truth"] for name, params in call.items()]


def _bfcl_multi_turn(answer: dict[str, Any] | None) -> list[tuple[str, dict[str, Any]]]:
    if answer is None or not answer.get("ground_truth") or isinstance(answer["ground_truth"][0], dict):
        return []
    return [(c.split("(", 1)[0], {"call": c}) for turn in answer["ground_truth"] for c in turn]


@FACETS.register("bfcl")
def bfcl_facets(sample: Sample, item: WorkItem, ctx: RunContext) -> Facets:
    q, a, catalog = sample.payload["question"], sample.payload["answer"], ctx.catalog
    lead = "\n".join(m["content"] for turn in q["question"] for m in turn
                     if m.get("role") == "user" and m.get("content"))
    calls = _bfcl_calls(a) or _bfcl_multi_turn(a)
    offered = [f["name"] for f in q.get("function") or []]
    extra = {} if calls else {"domains": domains_of(offered, catalog)}
    return make("bfcl", sample.item_id, sample.item_id, lead, calls, catalog,
                groups={item.spec.category: 1}, **extra)
