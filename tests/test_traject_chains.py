"""Sequential chains and their outputs on catalogs written for the purpose (film production,
municipal water utility, a weather suite): bindings that cannot crash, pairs bound together,
values the query determines, chains spread over the catalog, outputs that belong to the tool,
calls that make sense together, arrays kept as arrays."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from generator.catalog import Catalog
from generator.products.sdg import compatible_sample
from generator.readers import read_catalog
from generator.records import Edge, Target, Tool, ToolCall
from generator.traject.bind import binding_problems, carries
from generator.traject.calls import partners
from generator.traject.chains import chain_for, item_index, starts
from generator.traject.checks import bindings_determined
from generator.traject.export import call_object, wire_value
from generator.traject.graph import build_graph
from generator.traject.plans import sequential_plan
from generator.traject.reading import output_results
from generator.traject.sample import pick_tools, sample_sequential
from generator.traject.shapes import undoes
from generator.traject.simulate import simulate_all, simulate_output

FIXTURES = Path(__file__).parent / "fixtures" / "catalogs"
FILM, WATER = FIXTURES / "film_production.json", FIXTURES / "water_utility_traject.json"


def tool(name: str, props: dict, required: list[str], output: str = "", edges: list[Edge] | None = None) -> Tool:
    return Tool(name=name, app="", api=name, domain="weather", output=output or None, edges=edges or [],
                parameters={"type": "object", "properties": props, "required": required})


LAT, LON = {"type": "number", "minimum": -90, "maximum": 90}, {"type": "number", "minimum": -180, "maximum": 180}
# The crash: a three-step chain whose middle call takes the coordinates as optional parameters
# and lists them again in its output, which the third step reads.
GEOCODE = tool("geocode_city", {"city": {"type": "string"}}, ["city"], output="matching places with name, lat and lon")
FORECAST = tool("get_forecast", {"lat": LAT, "lon": LON, "city": {"type": "string"}, "days": {"type": "integer"}},
                [], output="A forecast with lat, lon, temperature and condition.")
AIR = tool("get_air_quality", {"lat": LAT, "lon": LON}, ["lat", "lon"], output="A reading with lat, lon and aqi.")
WEATHER = {t.name: t for t in (GEOCODE, FORECAST, AIR)}


def _query(target: Target, tools: dict[str, Tool]) -> str:
    """What a faithful writer says: every stated value."""
    return " ".join(str(a.value) for _, a in sequential_plan(target, tools).args() if a.mode == "stated")


def test_an_optional_bound_parameter_in_the_middle_of_a_chain_never_crashes():
    graph = build_graph(WEATHER.values())
    steps = [("geocode_city", None), ("get_forecast", graph.edge("geocode_city", "get_forecast")),
             ("get_air_quality", graph.edge("get_forecast", "get_air_quality"))]
    assert all(e is not None for _, e in steps[1:])
    for seed in range(60):
        rng = random.Random(seed)
        target = sample_sequential("t", steps, WEATHER, rng, optional_rate=1.0)
        assert binding_problems(target, WEATHER) == []
        carries(target, WEATHER)  # the KeyError 'lat' of issue 21
        target = target.model_copy(update={"outputs": simulate_all(target, WEATHER, rng)})
        plan = sequential_plan(target, WEATHER)
        assert bindings_determined(_query(target, WEATHER), plan, target, WEATHER) == []


def test_coordinates_are_bound_together_or_not_at_all():
    """An edge that names only the latitude binds the longitude from the same result too, when
    the producer's output holds it; a step never reads one coordinate and states the other."""
    half = GEOCODE.model_copy(update={"edges": [Edge(tool="get_air_quality", params=["lat"])]})
    tools = {half.name: half, AIR.name: AIR}
    graph = build_graph(tools.values(), infer=False)
    steps = [("geocode_city", None), ("get_air_quality", graph.edge("geocode_city", "get_air_quality"))]
    for seed in range(20):
        target = sample_sequential("t", steps, tools, random.Random(seed))
        assert {b.param for b in target.bindings} == {"lat", "lon"}
    assert partners(AIR) == {"lat": "lon", "lon": "lat"}
    blind = half.model_copy(update={"output": "matching places with name and lat"})
    steps = [("geocode_city", None), ("get_air_quality", Edge(tool="get_air_quality", params=["lat"]))]
    target = sample_sequential("t", steps, {blind.name: blind, AIR.name: AIR}, random.Random(1))
    assert len(target.calls) == 1  # the output cannot give the longitude: the step is not taken


def _film() -> Catalog:
    return Catalog(read_catalog(FILM))


def _chains(catalog: Catalog, n: int, seed: int = 5) -> list[Target]:
    graph = build_graph(catalog.tools)
    out = []
    for members in catalog.by_domain.values():
        for index in range(n):
            rng = random.Random(f"{seed}:{index}")
            steps = chain_for(graph, [t.name for t in members], index, 4, rng, seed=str(seed))
            if steps:
                target = sample_sequential(f"s{index}", steps, catalog.by_name, rng)
                out.append(target.model_copy(update={"outputs": simulate_all(target, catalog.by_name, rng)}))
    return out


@pytest.mark.parametrize("path", [FILM, WATER], ids=["film", "water"])
def test_every_bound_value_of_the_new_catalogs_is_determined_by_the_query(path):
    catalog = Catalog(read_catalog(path))
    targets = _chains(catalog, 12)
    assert len(targets) == 12 and all(len(t.calls) >= 2 for t in targets)
    for t in targets:
        plan = sequential_plan(t, catalog.by_name)
        assert binding_problems(t, catalog.by_name) == []
        assert bindings_determined(_query(t, catalog.by_name), plan, t, catalog.by_name) == [], t.outputs


def test_chains_spread_over_the_catalogs_chains_and_tools():
    """n items start at n different edges, ordered to cover tools not covered yet."""
    catalog = _film()
    graph = build_graph(catalog.tools)
    names = [t.name for t in catalog.tools]
    available = starts(graph, names)
    targets = _chains(catalog, len(available))
    firsts = {(t.calls[0].tool, t.calls[1].tool) for t in targets}
    assert len(available) >= 8 and len({tuple(c.tool for c in t.calls) for t in targets}) == len(targets)
    assert len(firsts) == len(available)
    chained = {n for p, e in available for n in (p, e.tool)}
    assert {c.tool for t in targets for c in t.calls} == chained
    assert item_index(1, 2, 5) == 11


def test_the_query_names_the_result_a_later_step_reads():
    """A search for a title lists several productions; the later step reads the one the query
    names, and the details repeat what the search said about it."""
    catalog = _film()
    graph = build_graph(catalog.tools)
    steps = [("search_productions", None),
             ("get_production_details", graph.edge("search_productions", "get_production_details"))]
    for seed in range(10):
        rng = random.Random(seed)
        t = sample_sequential("t", steps, catalog.by_name, rng)
        t = t.model_copy(update={"outputs": simulate_all(t, catalog.by_name, rng)})
        rows = output_results(t.outputs[0])
        title = t.calls[0].arguments["title_query"]
        pid = t.calls[1].arguments["production_id"]
        assert [r["title"] for r in rows].count(title) == 1
        assert next(r for r in rows if r["title"] == title)["production_id"] == pid
        assert ast.literal_eval(t.outputs[1])["title"] == title


def test_outputs_belong_to_the_tool():
    rng = random.Random(3)
    tide = tool("get_tide_forecast", {"port": {"type": "string"}}, ["port"])
    tide = tide.model_copy(update={"description": "Predicted high and low tides for a port."})
    assert not {"temperature", "humidity"} & set(ast.literal_eval(simulate_output(tide, {"port": "Kiel"}, rng)))
    vessel = tool("lookup_vessel", {"vessel_name": {"type": "string"}}, ["vessel_name"])
    for seed in range(10):
        out = simulate_output(vessel, {"vessel_name": "Vessel C4"}, random.Random(seed))
        assert [r.get("name") for r in output_results(out)].count("Vessel C4") == 1, out
        assert "meeting" not in out and "summary" not in out
    odd = tool("get_meta", {}, [], output="an object with 'meta', 'atr' and 'IHDR'")
    body = ast.literal_eval(simulate_output(odd, {}, rng))
    assert all(isinstance(v, int | float) or k.lower() in str(v).lower() for k, v in body.items() if k != "status")


def test_output_ids_look_like_the_catalogs_ids():
    catalog = Catalog(read_catalog(FILM))
    for t in _chains(catalog, 10):
        for out in t.outputs:
            for row in output_results(out):
                for k, v in (row.items() if isinstance(row, dict) else []):
                    if k in ("location_id", "production_id", "crew_member_id", "shoot_day_id"):
                        prefix = {"location_id": "LOC-", "production_id": "PRD-", "crew_member_id": "CRW-",
                                  "shoot_day_id": "SD-"}[k]
                        assert str(v).startswith(prefix), (k, v)


def test_no_trajectory_undoes_itself():
    catalog = _film()
    book, cancel = catalog.by_name["book_location"], catalog.by_name["cancel_location_booking"]
    assert undoes(book, cancel) and undoes(cancel, book)
    assert not undoes(catalog.by_name["schedule_shoot_day"], catalog.by_name["update_shoot_day"])
    for seed in range(200):
        rng = random.Random(seed)
        picked = {t.name for t in pick_tools(catalog.tools, 6, rng, allow_repeats=seed % 2 == 0)}
        assert not {"book_location", "cancel_location_booking"} <= picked
        assert not {"book_location", "cancel_location_booking"} <= {t.name for t in compatible_sample(
            catalog.tools, 6, rng)}
    graph = build_graph(catalog.tools)
    assert graph.edge("book_location", "cancel_location_booking") is None
    water = Catalog(read_catalog(WATER))
    for t in _chains(water, 14):
        names = [c.tool.split(": ")[-1] for c in t.calls]
        assert not ({"Open valve", "Close valve"} <= set(names) or {"Create work order", "Cancel work order"}
                    <= set(names))


def test_arrays_stay_arrays_in_the_files():
    catalog = _film()
    reserve = catalog.by_name["reserve_equipment"]
    call = call_object(reserve, {"equipment_ids": ["EQ-1234"], "production_id": "PRD-12345",
                                 "pickup_date": "2025-06-03", "return_date": "2025-06-05"}, "{}")
    assert call["required parameters"][0] == {"name": "equipment_ids", "value": ["EQ-1234"]}
    assert wire_value(["12A"]) == ["12A"] and wire_value(True) == "true" and wire_value(3.0) == "3"
    assert json.loads(json.dumps(call))["required parameters"][0]["value"] == ["EQ-1234"]


def _kept_and_changed(t: Target, catalog: Catalog) -> int:
    """Asserts that a value an earlier call gave is kept by a later call, unless that call changes
    a record (`shapes.moves`), which sets a new one; returns how many were changed."""
    from generator.traject.shapes import moves

    changed = 0
    seen: dict[str, object] = {}
    for i, call in enumerate(t.calls):
        for p, v in call.arguments.items():
            change = moves(catalog.by_name[call.tool]) and not p.endswith("_id")
            if p in seen and change:
                assert seen[p] != v, (p, t.calls)
                changed += 1
            elif p in seen and p not in catalog.by_name[call.tool].required:
                assert seen[p] == v, (p, t.calls)
            seen.setdefault(p, v)
        bound = {b.param for b in t.bindings if b.call == i}
        assert all(p in call.arguments for p in bound)
    return changed


def test_steps_share_the_entities_they_should():
    """A choice an earlier call made is kept later; an id found two steps back is read there."""
    catalog = _film()
    for t in _chains(catalog, 12):
        _kept_and_changed(t, catalog)


def test_a_change_sets_new_values():
    """A call that changes a record (`update_shoot_day`) sets new values: keeping the earlier ones
    would change nothing (set 21: a cue added at 3 seconds "changed" to 3 seconds). Chains no
    longer change a record the step before made (set 39: `shapes.not_yet`), so the pair is given."""
    catalog = _film()
    steps = [("schedule_shoot_day", None), ("update_shoot_day", Edge(tool="update_shoot_day", params=["shoot_day_id"]))]
    changed = 0
    for seed in range(12):
        target = sample_sequential(f"s{seed}", steps, catalog.by_name, random.Random(seed))
        changed += _kept_and_changed(target, catalog)
    assert changed


def test_a_bound_value_is_never_the_query_s_own():
    catalog = _film()
    for t in _chains(catalog, 12):
        stated = {repr(v) for i, c in enumerate(t.calls) for p, v in c.arguments.items()
                  if not any(b.call == i and b.param == p for b in t.bindings)}
        for b in t.bindings:
            assert repr(t.calls[b.call].arguments[b.param]) not in stated


def test_targets_without_outputs_or_with_broken_bindings_are_refused():
    target = Target(id="t", kind="sequential", offered=["get_air_quality"],
                    calls=[ToolCall(tool="geocode_city", arguments={"city": "Kiel"}),
                           ToolCall(tool="get_air_quality", arguments={"lat": 1.0, "lon": 2.0})],
                    bindings=[])
    from generator.records import Binding

    broken = target.model_copy(update={"bindings": [Binding(call=1, param="lat", from_call=0),
                                                    Binding(call=1, param="nope", from_call=0)]})
    problems = binding_problems(broken, WEATHER)
    assert any("nope" in p for p in problems) and any("partner lon" in p for p in problems)


def test_a_later_bound_agrees_with_an_earlier_one():
    """A restaurant recommended under a maximum price is not then searched above it: the later
    call's minimum is kept below the maximum the user already gave."""
    price = {"type": "number", "minimum": 1, "maximum": 500}
    recommend = Tool(name="recommend_restaurant", app="", api="recommend_restaurant", domain="food",
                     output="restaurants with restaurant_id, name and rating",
                     parameters={"type": "object", "required": ["location", "max_price"],
                                 "properties": {"location": {"type": "string"}, "max_price": price}})
    search = Tool(name="search_restaurant", app="", api="search_restaurant", domain="food",
                  parameters={"type": "object", "required": ["name", "min_price"],
                              "properties": {"name": {"type": "string"}, "min_price": price, "max_price": price}})
    tools = {t.name: t for t in (recommend, search)}
    edge = build_graph(tools.values()).edge("recommend_restaurant", "search_restaurant")
    assert edge is not None and edge.params == ["name"]
    for seed in range(40):
        t = sample_sequential("t", [("recommend_restaurant", None), ("search_restaurant", edge)], tools,
                              random.Random(seed))
        first, second = t.calls[0].arguments, t.calls[1].arguments
        assert second["min_price"] <= first["max_price"] and second.get("max_price") == first["max_price"]
