"""Tool graph (catalog + inferred edges) and trajectory sampling."""

from __future__ import annotations

import random

import pytest
from test_traject_support import TRAJECT_UP, bundled_catalog, traject_catalog

from generator.records import Edge, Tool
from generator.schema import argument_errors
from generator.traject.graph import build_graph, infer_params
from generator.traject.sample import find_chain, sample_parallel, sample_sequential
from generator.traject.simulate import simulate_all


def tool(
    name: str,
    props: dict,
    required: list[str],
    output: str = "",
    edges: list[Edge] | None = None,
    domain: str = "d",
) -> Tool:
    return Tool(
        name=name,
        app=name.split("_")[0],
        api=name.split("_", 1)[1],
        domain=domain,
        output=output,
        parameters={"type": "object", "properties": props, "required": required},
        edges=edges or [],
    )


SEARCH = tool(
    "Shop_search", {"query": {"type": "string"}}, ["query"], output="a list with product_id, title, price"
)
BUY = tool("Shop_buy", {"product_id": {"type": "string"}, "quantity": {"type": "integer"}}, ["product_id"])
TRACK = tool("Ship_track", {"order_id": {"type": "string"}}, ["order_id"], output="status")
OTHER = tool("Far_buy", {"product_id": {"type": "string"}}, ["product_id"], domain="elsewhere")


def test_id_heuristic_feeds_matching_id_param_only():
    assert infer_params(SEARCH, BUY) == ["product_id"]
    assert infer_params(SEARCH, TRACK) == []
    assert infer_params(SEARCH, OTHER) == []  # other domain
    assert infer_params(SEARCH, SEARCH) == []


def test_data_heuristic_skips_controls_enums_and_dates():
    producer = tool("A_list", {}, [], output="each row has a city, a date, a limit and a sort order")
    consumer = tool(
        "B_find",
        {
            "city": {"type": "string"},
            "date": {"type": "string", "format": "date"},
            "limit": {"type": "integer"},
            "sort": {"type": "string", "enum": ["a", "b"]},
        },
        ["city"],
    )
    assert infer_params(producer, consumer) == ["city"]


def test_catalog_edges_come_first_and_are_checked():
    src = tool(
        "Shop_search",
        {"query": {"type": "string"}},
        ["query"],
        edges=[
            Edge(tool="Shop  buy".replace("  ", "_"), params=["product_id", "nope"]),
            Edge(tool="Missing_tool", params=["x"]),
        ],
    )
    g = build_graph([src, BUY, TRACK])
    assert [(e.tool, e.params, e.source) for e in g.successors("Shop_search")] == [
        ("Shop_buy", ["product_id"], "catalog")
    ]


@pytest.mark.skipif(not TRAJECT_UP.exists(), reason="upstream TRAJECT-Bench data absent")
def test_upstream_connected_tools_become_edges():
    g = build_graph(traject_catalog("Travel").tools)
    assert g.edge_count().get("catalog", 0) > 100


def test_bundled_catalog_has_chains():
    cat = bundled_catalog()
    g = build_graph(cat.tools)
    assert ("Cartly_add_to_cart", ["product_id"]) in [
        (e.tool, e.params) for e in g.successors("Cartly_search_products")
    ]


def test_parallel_samples_are_schema_valid_distinct_and_sized():
    cat = bundled_catalog()
    for seed in range(30):
        rng = random.Random(seed)
        domain = cat.domains[seed % len(cat.domains)]
        tools = cat.by_domain[domain]
        t = sample_parallel(f"p{seed}", tools, 10, rng)
        assert len(t.calls) == min(10, len(tools))
        assert len({c.tool for c in t.calls}) == len(t.calls)
        assert {cat[c.tool].domain for c in t.calls} == {domain}
        for c in t.calls:
            assert argument_errors(cat[c.tool], c.arguments) == []


def test_parallel_repeats_only_when_allowed():
    cat = bundled_catalog()
    tools = cat.by_domain["information"]
    t = sample_parallel("p", tools, 6, random.Random(1), allow_repeats=True)
    assert len(t.calls) == 6 and len({c.tool for c in t.calls}) < 6


def chains(cat, n=40):
    g = build_graph(cat.tools)
    out = []
    for seed in range(n):
        rng = random.Random(seed)
        domain = ["shopping", "food", "travel", "entertainment"][seed % 4]
        chain = find_chain(g, [t.name for t in cat.by_domain[domain]], 4, 2, rng)
        assert chain is not None
        target = sample_sequential(f"s{seed}", chain, cat.by_name, rng)
        out.append((g, target.model_copy(update={"outputs": simulate_all(target, cat.by_name, rng)})))
    return out


def test_sequential_steps_follow_edges_and_bindings_are_literal():
    cat = bundled_catalog()
    for g, t in chains(cat):
        assert 2 <= len(t.calls) <= 4 and len({c.tool for c in t.calls}) == len(t.calls)
        for i in range(1, len(t.calls)):
            edge = g.edge(t.calls[i - 1].tool, t.calls[i].tool)
            assert edge is not None
        assert [b.call for b in t.bindings] == list(range(1, len(t.calls)))
        for b in t.bindings:
            assert b.from_call == b.call - 1
            value = t.calls[b.call].arguments[b.param]
            assert b.param in g.edge(t.calls[b.from_call].tool, t.calls[b.call].tool).params
            assert str(value) in t.outputs[b.from_call]
        for c in t.calls:
            assert argument_errors(cat[c.tool], c.arguments) == []


def test_sampling_is_deterministic():
    cat = bundled_catalog()
    a = [t.model_dump() for _, t in chains(cat, 8)]
    b = [t.model_dump() for _, t in chains(cat, 8)]
    assert a == b


def test_no_chain_when_graph_has_no_edges():
    g = build_graph([TRACK])
    assert find_chain(g, ["Ship_track"], 3, 2, random.Random(0)) is None
