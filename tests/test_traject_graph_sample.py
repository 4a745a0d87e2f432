"""Tool graph (catalog + inferred edges) and trajectory sampling."""

from __future__ import annotations

import ast
import random
import re

from test_traject_support import bundled_catalog, traject_catalog

from generator.core.schema import argument_errors
from generator.records import Edge, Tool
from generator.traject.graph import build_graph, infer_params, source_field
from generator.traject.sample import find_chain, has_chain, sample_parallel, sample_sequential
from generator.traject.simulate import simulate_all, simulate_output


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
    producer = tool("A_list", {}, [], output="rows with a city, a date, a limit and a sort order")
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


def results(output: str) -> list[dict]:
    """The rows of a simulated output: its collection, or the object itself."""
    body = ast.literal_eval(output)
    rows = [v for v in body.values() if isinstance(v, list) and v and isinstance(v[0], dict)]
    return rows[0] if rows else [body]


def test_user_owned_params_are_never_bound():
    cat = bundled_catalog()
    search, order = cat["Dishdash_search_restaurant"], cat["Dishdash_order_food"]
    assert "address" in search.output and "delivery_address" in order.properties
    assert infer_params(search, order, cat.by_domain["food"]) == ["restaurant_id"]
    # the reviewer's case: an address from the search output fed the order's delivery address
    src = cat["Tablely_search_restaurant"].model_copy(
        update={"edges": [Edge(tool="Munchbox_order_food", params=["address"])]}
    )
    g = build_graph([src, cat["Munchbox_order_food"]], infer=False)
    assert g.successors(src.name) == []  # no bindable param left -> no edge


def test_ids_are_app_scoped_fresh_and_from_the_named_api():
    cat = bundled_catalog()
    food, shop, mail = cat.by_domain["food"], cat.by_domain["shopping"], cat.by_domain["messaging"]
    assert infer_params(cat["Dishdash_search_restaurant"], cat["Tablely_book_table"], food) == []
    assert infer_params(cat["Cartly_track_order"], cat["Shopora_track_order"], shop) == []
    assert infer_params(cat["Shopora_place_order"], cat["Shopora_track_order"], shop) == ["order_id"]
    # "Email identifier from search_emails": the reply never answers the email just sent
    assert infer_params(cat["Mailcraft_send_email"], cat["Mailcraft_reply_email"], mail) == []
    assert infer_params(cat["Mailcraft_search_emails"], cat["Mailcraft_reply_email"], mail) == ["email_id"]


def test_data_feeds_only_lookups_of_the_same_thing():
    cat = bundled_catalog()
    ent = cat.by_domain["entertainment"]
    movies, showtimes = cat["Flickbox_search_movies"], cat["Cinemate_find_showtimes"]
    assert infer_params(movies, showtimes, ent) == ["movie_title"]
    assert source_field(movies, showtimes, "movie_title") == "title"
    assert infer_params(cat["Ticketly_search_events"], movies, ent) == []  # an event title is no movie
    assert infer_params(cat["Soundnest_play_music"], cat["Tunewave_play_music"], ent) == []  # same API
    assert infer_params(cat["Soundnest_play_music"], cat["Ticketly_search_events"], ent) == ["artist"]


BUNDLED_EDGES = {
    ("Cartly_search_products", "Cartly_add_to_cart", "product_id"),
    ("Cinemate_find_showtimes", "Cinemate_buy_tickets", "showtime_id"),
    ("Dishdash_search_restaurant", "Dishdash_order_food", "restaurant_id"),
    ("Flickbox_search_movies", "Cinemate_find_showtimes", "movie_title"),
    ("Gymly_search_classes", "Gymly_book_class", "class_id"),
    ("Mailcraft_search_emails", "Mailcraft_reply_email", "email_id"),
    ("Medibook_find_doctor", "Medibook_book_appointment", "doctor_id"),
    ("Munchbox_search_restaurant", "Munchbox_order_food", "restaurant_id"),
    ("Railio_find_trains", "Railio_book_train", "train_id"),
    ("Shopora_place_order", "Shopora_track_order", "order_id"),
    ("Shopora_search_products", "Shopora_place_order", "product_id"),
    ("Skyhop_search_flights", "Skyhop_book_flight", "flight_id"),
    ("Soundnest_play_music", "Ticketly_search_events", "artist"),
    ("Staywise_search_hotels", "Staywise_book_hotel", "hotel_id"),
    ("Tablely_search_restaurant", "Tablely_book_table", "restaurant_id"),
    ("Ticketly_search_events", "Ticketly_buy_tickets", "event_id"),
    ("Tunewave_play_music", "Ticketly_search_events", "artist"),
}


def test_bundled_graph_is_exactly_the_meaningful_pairs():
    g = build_graph(bundled_catalog().tools)
    got = {(p, e.tool, q) for p, edges in g.out.items() for e in edges for q in e.params}
    assert got == BUNDLED_EDGES


def test_domain_without_meaningful_chain_has_none():
    cat = bundled_catalog()
    g = build_graph(cat.tools)
    assert not has_chain(g, [t.name for t in cat.by_domain["finance"]], 2)
    assert has_chain(g, [t.name for t in cat.by_domain["shopping"]], 3)
    assert not has_chain(g, [t.name for t in cat.by_domain["shopping"]], 4)


def test_bound_value_is_one_of_the_producer_results():
    cat = bundled_catalog()
    for _, t in chains(cat):
        for b in t.bindings:
            producer, consumer = cat[t.calls[b.from_call].tool], cat[t.calls[b.call].tool]
            field = source_field(producer, consumer, b.param)
            rows = results(t.outputs[b.from_call])
            hits = [r for r in rows if r.get(field) == t.calls[b.call].arguments[b.param]]
            assert len(hits) == 1, (field, t.outputs[b.from_call])


def test_later_steps_keep_the_users_choices():
    cat = bundled_catalog()
    for _, t in chains(cat):
        for b in t.bindings:
            before, after = t.calls[b.from_call].arguments, t.calls[b.call].arguments
            shared = (set(before) & set(after)) - {b.param} - set(cat[t.calls[b.call].tool].required)
            assert all(before[p] == after[p] for p in shared)


HHMM = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


def test_simulated_fields_are_shaped_by_name():
    cat = bundled_catalog()
    for seed in range(20):
        rows = results(simulate_output(cat["Dishdash_search_restaurant"], {}, random.Random(seed)))
        assert 2 <= len(rows) <= 4
        for r in rows:
            assert re.fullmatch(r"RES-\d{5}", r["restaurant_id"])
            assert isinstance(r["rating"], float) and 1 <= r["rating"] <= 5
            assert re.fullmatch(r"\d+-\d+ min", r["delivery_estimate"])
            assert re.fullmatch(r"\d+ [A-Z][a-z]+ [A-Z][a-z]+", r["address"])
        slots = results(simulate_output(cat["Tablely_search_restaurant"], {}, random.Random(seed)))
        assert all(HHMM.match(x) for r in slots for x in r["free_time_slots"])
        flights = results(simulate_output(cat["Skyhop_search_flights"], {}, random.Random(seed)))
        assert all(isinstance(r["price"], float) and HHMM.match(r["departure_time"]) for r in flights)


def test_simulated_results_honor_the_request():
    cat = bundled_catalog()
    for seed in range(20):
        rng = random.Random(seed)
        hotels = results(
            simulate_output(cat["Staywise_search_hotels"], {"min_stars": 4, "max_price": 150.0}, rng)
        )
        assert all(4 <= r["stars"] <= 5 and r["nightly_price"] <= 150 for r in hotels)
        track = results(simulate_output(cat["Shopora_track_order"], {"order_id": "ORD-12345"}, rng))
        assert track[0]["order_id"] == "ORD-12345"
        products = results(simulate_output(cat["Shopora_search_products"], {"query": "yoga mat"}, rng))
        assert all(r["name"].endswith("Yoga Mat") for r in products)


def test_an_edge_that_only_echoes_a_required_input_is_no_edge():
    """A domain check told `domain` and a lookup of that `domain`: the bound value is the one
    the query states for the first call, so every such chain would leak it (no_leak)."""
    role = tool("Mail_role_account", {"domain": {"type": "string"}}, ["domain"],
                edges=[Edge(tool="Mail_disposable", params=["domain"])])
    disposable = tool("Mail_disposable", {"domain": {"type": "string"}}, ["domain"],
                      edges=[Edge(tool="Mail_role_account", params=["domain"])])
    assert build_graph([role, disposable]).successors("Mail_role_account") == []
    optional = tool("Mail_search", {"domain": {"type": "string"}}, [],
                    edges=[Edge(tool="Mail_disposable", params=["domain"])])
    assert build_graph([optional, disposable]).successors("Mail_search")  # left out of the call instead


def test_an_optional_echoed_filter_is_left_out_so_the_bound_value_is_fresh():
    optional = tool("Mail_search", {"domain": {"type": "string"}, "q": {"type": "string"}}, ["q"],
                    edges=[Edge(tool="Mail_disposable", params=["domain"])])
    disposable = tool("Mail_disposable", {"domain": {"type": "string"}}, ["domain"])
    tools = {t.name: t for t in (optional, disposable)}
    for seed in range(20):
        rng = random.Random(seed)
        chain = [("Mail_search", None), ("Mail_disposable", build_graph(tools.values()).edge("Mail_search",
                                                                                             "Mail_disposable"))]
        t = sample_sequential("x", chain, tools, rng, optional_rate=1.0)
        assert "domain" not in t.calls[0].arguments
        assert t.calls[1].arguments["domain"] not in t.calls[0].arguments.values()
