"""Parallel draws steered to the tool sets a hard query can leave half out of (set 41: in two
new catalogs of three, the one pair of tools with schema defaults was never drawn together in
the probe's 256 random draws, and every parallel item was dropped)."""

from __future__ import annotations

import json
from pathlib import Path

from test_traject_support import context

from generator.catalog import Catalog
from generator.products.base import item_rng
from generator.traject import parallel, plans
from generator.traject.config import TrajectConfig
from generator.writers.template import TemplateWriter

FITTING = ("create_invoice", "generate_affidavit")


def _catalog(tmp_path: Path) -> Catalog:
    """Twenty-four tools of free text no default stands for, and two whose values are mostly defaults."""
    import generator.readers.openai  # noqa: F401
    from generator.readers.catalogs import read_catalog

    def tool(name: str, props: dict, required: list[str]) -> dict:
        return {"type": "function", "function": {"name": name, "description": f"{name.replace('_', ' ')}.",
                "parameters": {"type": "object", "properties": props, "required": required}}}

    def text(p: str) -> dict:
        return {"type": "string", "description": f"The {p.replace('_', ' ')}, as the user wrote it."}

    order = {"type": "string", "pattern": "^ORD-[0-9]{6}$", "description": "The order id, e.g. 'ORD-104455'."}
    free = [tool(f"post_{w}", {"title": text("title"), "body": text("body"), "signature": text("signature")},
                 ["title", "body", "signature"])
            for w in ("jot", "memo", "note", "notice", "letter", "bulletin", "digest", "brief", "remark",
                      "comment", "review", "summary", "poem", "story", "essay", "minute", "agenda", "recap",
                      "tip", "quote", "riddle", "joke", "toast", "eulogy")]
    invoice = tool("create_invoice", {
        "order_id": order,
        "billing_cycle": {"type": "string", "enum": ["broadcast", "calendar"], "default": "broadcast",
                          "description": "The billing calendar."},
        "send_to": {"type": "string", "enum": ["agency", "advertiser"], "default": "agency",
                    "description": "Who gets the invoice."}}, ["order_id"])
    affidavit = tool("generate_affidavit", {
        "order_id": order,
        "format": {"type": "string", "enum": ["pdf", "csv"], "default": "pdf", "description": "The file format."},
        "include_copy_titles": {"type": "boolean", "default": True, "description": "List each spot's copy title."}},
        ["order_id"])
    path = tmp_path / "traffic.json"
    path.write_text(json.dumps([*free, invoice, affidavit]), encoding="utf-8")
    return Catalog(read_catalog(path))


def test_the_probe_finds_the_one_pair_that_fits_and_items_draw_it(tmp_path):
    settings = TrajectConfig(parallel=6, sequential=0, k={"min": 2, "max": 2})
    catalog = _catalog(tmp_path)
    ctx = context(catalog, settings, tmp_path / "out", writer=TemplateWriter())
    domain = next(iter(catalog.by_domain))
    found = parallel.probe(ctx, settings, domain)
    assert found.sets == (FITTING,) and found.least == plans.HARD_RECALL_CAP, found
    assert parallel.few_sets(domain, found) is None or FITTING[0] in parallel.few_sets(domain, found)
    tools = catalog.by_domain[domain]
    steered, alone = [], []
    for n in range(6):
        steered.append(parallel.parallel_target(f"p{n}", ctx, settings, tools, item_rng(7, f"p{n}"), sets=found.sets))
        alone.append(parallel.parallel_target(f"p{n}", ctx, settings, tools, item_rng(7, f"p{n}")))
    assert all(t is not None and tuple(sorted(c.tool for c in t.calls)) == FITTING for t in steered), steered
    assert all(plans.meaning_floor(t, catalog.by_name) <= plans.HARD_RECALL_CAP for t in steered if t)
    assert sum(t is None for t in alone) >= 3  # left to chance, most items find nothing in 128 draws


def test_a_domain_of_no_fitting_set_says_the_least_a_set_states(tmp_path, monkeypatch):
    """The least share comes from the sets of least estimate drawn for real, not from luck (eight
    random draws rarely meet the pair with one tool of text)."""
    monkeypatch.setattr(parallel, "PROBE_DRAWS", 8)
    settings = TrajectConfig(parallel=6, sequential=0, k={"min": 3, "max": 3})
    catalog = _catalog(tmp_path)
    ctx = context(catalog, settings, tmp_path / "out", writer=TemplateWriter())
    domain = next(iter(catalog.by_domain))
    found = parallel.probe(ctx, settings, domain)
    assert found.sets == () and 0.5 < found.least <= 0.6, found  # the pair and a tool of text: 5 of 9


def test_every_other_draw_is_lean_and_a_domain_none_fits_is_never_drawn_per_item(tmp_path, monkeypatch):
    """Odd draws pass only required values and defaults (a domain whose tools take few defaults needs
    them before any hard query can leave half out); an item of a domain whose probe found nothing
    that fits is rejected at once, never drawn for (128 draws per attempt)."""
    import asyncio

    from generator.traject import product as P
    from generator.traject import sample

    settings = TrajectConfig(parallel=1, sequential=0, k={"min": 2, "max": 2})
    catalog = _catalog(tmp_path)
    ctx = context(catalog, settings, tmp_path / "out", writer=TemplateWriter())
    domain = next(iter(catalog.by_domain))
    tools = [catalog.by_name[n] for n in FITTING]  # the two tools with optional values
    optional = {t.name: set(t.properties) - set(t.required) for t in tools}
    for n in range(1, 40, 2):
        target = parallel._draw(f"lean{n}", ctx, settings, tools, item_rng(5, f"lean{n}"), n)[0]
        assert all(set(c.arguments) & optional[c.tool] <= {p for p in optional[c.tool] if
                   c.arguments[p] == catalog.by_name[c.tool].properties[p].get("default")} for c in target.calls)
    full = [parallel._draw(f"full{n}", ctx, settings, tools, item_rng(5, f"full{n}"), n)[0] for n in range(0, 80, 2)]
    assert any(c.arguments.get(p) != catalog.by_name[c.tool].properties[p].get("default")
               for t in full for c in t.calls for p in optional[c.tool] if p in c.arguments)

    strict = TrajectConfig(parallel=1, sequential=0, k={"min": 3, "max": 3})  # no set of three fits
    ctx = context(catalog, strict, tmp_path / "out3", writer=TemplateWriter())
    product = P.TrajectProduct(strict)
    assert product.plan(ctx) == []
    drawn = []
    real = sample.sample_parallel
    monkeypatch.setattr(sample, "sample_parallel", lambda *a, **k: drawn.append(1) or real(*a, **k))
    spec = P.TrajectSpec(kind="parallel", domain=domain, domain_index=0, index=0)
    result = asyncio.run(product.run(product.item(ctx, 0, spec, "parallel", domain, 0), ctx))
    assert [r.validator for r in result.rejections] == ["hard_floor"] and not result.samples and drawn == []
