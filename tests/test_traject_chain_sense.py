"""Sequential chains that make sense and outputs that agree with their calls (issue 21), on an
invented apiary catalog (snake_case, no hints): a field naming an argument carries its value, a
part never exceeds its whole and a filter on what is left holds, net is gross minus tare, a
yield is on the scale of what went in, a status comes from the subject's own statuses, time
moves forward along a chain, and no step reads the one result of a search for everything."""

from __future__ import annotations

import random
from datetime import datetime
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.lore import annotate
from generator.core.values import REFERENCE_TIME
from generator.records import Binding, Target, Tool, ToolCall
from generator.traject.bind import Chain, _drop_echo, first_call, sample_chain, unfiltered
from generator.traject.chains import reads_history, starts
from generator.traject.graph import build_graph
from generator.traject.reading import parse_output, results
from generator.traject.simulate import Context, shared_traits, simulate_all, simulate_output, vocabulary
from generator.traject.timeline import moment, moments

YARDS = ["Hollow Oak", "Mill Ridge", "Clover Flats"]


def _tool(name: str, description: str, properties: dict[str, Any], required: list[str]) -> Tool:
    return Tool(name=name, app="apiary", api=name, domain="apiary", description=description,
                parameters={"type": "object", "properties": properties, "required": required})


SEARCH_HIVES = _tool(
    "search_hives", "Hives in an apiary yard. Returns {hives: [{hive_id, yard, varietal, capacity_frames, "
    "current_frames, last_inspected_at}]}.",
    {"yard": {"type": "string", "enum": YARDS}, "min_free_frames": {"type": "integer", "minimum": 0, "maximum": 40},
     "limit": {"type": "integer", "minimum": 1, "maximum": 50}}, [])
STOCK = _tool(
    "get_honey_stock", "Jars of one varietal on hand for a hive. Returns {stock_varietal, jars, shelf_life_days}.",
    {"hive_id": {"type": "string", "description": "Hive number, e.g. HV-0412."},
     "varietal": {"type": "string", "enum": ["clover", "buckwheat", "wildflower", "linden"]}},
    ["hive_id", "varietal"])
WEIGH = _tool(
    "weigh_super", "Weigh a honey super at the extraction room. Returns {weighing_id, net_weight_kg}.",
    {"hive_id": {"type": "string", "description": "Hive number, e.g. HV-0412."},
     "gross_weight_kg": {"type": "number", "minimum": 10, "maximum": 40},
     "tare_weight_kg": {"type": "number", "minimum": 4, "maximum": 9}}, ["hive_id", "gross_weight_kg", "tare_weight_kg"])
EXTRACT = _tool(
    "extract_honey", "Spin and filter a batch. Returns {batch_id, filtered_honey_kg, total_cost_usd}.",
    {"raw_honey_kg": {"type": "number", "minimum": 5, "maximum": 400},
     "labor_cost_usd": {"type": "number", "minimum": 20, "maximum": 300}}, ["raw_honey_kg", "labor_cost_usd"])
INSPECTORS = _tool(
    "search_inspectors", "Bee inspectors free on a day. Returns {inspectors: [{inspector_id, region, "
    "next_free_slot}]}.",
    {"available_on": {"type": "string", "format": "date"},
     "region": {"type": "string", "enum": ["north", "south"]}}, ["available_on"])
INSPECT = _tool(
    "record_inspection", "Record a hive inspection. Returns {inspection_id}.",
    {"hive_id": {"type": "string", "description": "Hive number, e.g. HV-0412."},
     "inspector_id": {"type": "string", "description": "Inspector, e.g. INS-207."},
     "inspected_at": {"type": "string", "format": "date-time"}}, ["inspector_id", "inspected_at"])
QUEENS = _tool(
    "list_queen_orders", "Queen orders. Returns {queen_orders: [{queen_order_id, status, breeder}]}.",
    {"status": {"type": "string", "enum": ["ordered", "shipped", "introduced"]}}, [])
HIVE_STATUS = _tool(
    "set_hive_status", "Set a hive's state. Returns {hive_id, status}.",
    {"hive_id": {"type": "string", "description": "Hive number, e.g. HV-0412."},
     "status": {"type": "string", "enum": ["queenright", "queenless", "swarmed", "dead_out"]}}, ["hive_id", "status"])
TOOLS = annotate([SEARCH_HIVES, STOCK, WEIGH, EXTRACT, INSPECTORS, INSPECT, HIVE_STATUS, QUEENS])
BY_NAME = {t.name: t for t in TOOLS}
VOCAB = vocabulary(TOOLS)
SEEDS = st.integers(0, 2**16)


def _rows(output: str) -> list[dict[str, Any]]:
    return [r for r in results(parse_output(output)) if isinstance(r, dict)]


def _simulate(name: str, args: dict[str, Any], seed: int, **ctx: Any) -> list[dict[str, Any]]:
    return _rows(simulate_output(BY_NAME[name], args, random.Random(seed), context=Context(vocab=VOCAB, **ctx)))


@given(seed=SEEDS, varietal=st.sampled_from(["clover", "buckwheat", "wildflower", "linden"]))
def test_a_field_naming_an_argument_under_a_longer_name_carries_its_value(seed, varietal):
    for row in _simulate("get_honey_stock", {"hive_id": "HV-0117", "varietal": varietal}, seed):
        assert row["stock_varietal"] == varietal


@given(seed=SEEDS, yard=st.sampled_from(YARDS), free=st.integers(0, 40))
def test_a_filter_on_what_is_left_holds_and_no_part_exceeds_its_whole(seed, yard, free):
    rows = _simulate("search_hives", {"yard": yard, "min_free_frames": free}, seed)
    assert rows
    for row in rows:
        assert row["current_frames"] <= row["capacity_frames"], row
        assert row["capacity_frames"] - row["current_frames"] >= free, row
        assert row["yard"] == yard


@given(seed=SEEDS)
def test_no_part_exceeds_its_whole_without_a_filter(seed):
    for row in _simulate("search_hives", {"yard": "Mill Ridge"}, seed):
        assert 0 <= row["current_frames"] <= row["capacity_frames"], row


@given(seed=SEEDS, gross=st.integers(10, 40), tare=st.integers(4, 9))
def test_net_is_gross_minus_tare(seed, gross, tare):
    row = _simulate("weigh_super", {"hive_id": "HV-0117", "gross_weight_kg": gross, "tare_weight_kg": tare}, seed)[0]
    assert row["net_weight_kg"] == gross - tare


@given(seed=SEEDS, raw=st.integers(5, 400), labor=st.integers(20, 300))
def test_a_yield_is_on_the_scale_of_what_went_in_and_a_total_covers_its_parts(seed, raw, labor):
    row = _simulate("extract_honey", {"raw_honey_kg": raw, "labor_cost_usd": labor}, seed)[0]
    assert raw * 0.5 <= row["filtered_honey_kg"] <= raw
    assert row["total_cost_usd"] >= labor


@given(seed=SEEDS)
def test_a_records_moments_follow_its_life(seed):
    """A queen is raised before she dies and dies before the hive is requeened; a report is
    opened before it is closed."""
    tool = _tool("search_queen_records", "Queens that have died. Returns {queens: [{queen_id, "
                 "date_of_birth, date_of_death, burial_date, opened_at, closed_at}]}.",
                 {"yard": {"type": "string", "enum": YARDS}}, [])
    for row in _rows(simulate_output(tool, {"yard": "Mill Ridge"}, random.Random(seed))):
        born, died, buried = (row[f][:10] for f in ("date_of_birth", "date_of_death", "burial_date"))
        assert born <= died <= buried, row
        assert row["opened_at"][:10] <= row["closed_at"][:10], row


@given(seed=SEEDS)
def test_a_status_comes_from_the_subjects_own_statuses(seed):
    """A queen order's status is an order's (ordered, shipped ...), never a hive's (swarmed), though
    the domain's first `status` parameter is a hive's."""
    assert VOCAB["status"]["enum"][0] == "queenright"
    own = vocabulary([QUEENS])
    for row in _simulate("list_queen_orders", {}, seed, own=own):
        assert row.get("status", "ordered") not in ("queenright", "queenless", "swarmed", "dead_out"), row


def _chain(first: str, second: str, seed: int) -> tuple[Target, list[str]]:
    rng = random.Random(seed)
    edge = build_graph(TOOLS).edge(first, second)
    assert edge is not None, (first, second)
    target = sample_chain("s0", [(first, None), (second, edge)], BY_NAME, rng)
    return target, simulate_all(target, BY_NAME, rng)


@settings(deadline=None, max_examples=60)
@given(seed=SEEDS)
def test_time_moves_forward_along_a_chain(seed):
    """The inspector found free on a day inspects on or after it, and the slot the search reports
    as next is not before the day asked for."""
    target, outputs = _chain("search_inspectors", "record_inspection", seed)
    assert len(target.calls) == 2
    first, then = (moments(c.arguments) for c in target.calls)
    assert first and then and min(then) >= max(first), target.calls
    for row in _rows(outputs[0]):
        slot = moment(row.get("next_free_slot"))
        assert slot is None or slot.date() >= max(first).date(), row


@settings(deadline=None, max_examples=60)
@given(seed=SEEDS)
def test_a_record_an_output_shows_as_past_is_before_the_next_step(seed):
    target = Target(id="s", kind="sequential", domain="apiary", offered=["search_hives", "record_inspection"], calls=[
        ToolCall(tool="search_hives", arguments={"yard": "Hollow Oak"}),
        ToolCall(tool="record_inspection", arguments={"hive_id": "HV-0117", "inspector_id": "INS-207",
                                                      "inspected_at": "2025-06-03T10:15:00Z"})])
    outputs = simulate_all(target, BY_NAME, random.Random(seed))
    for row in _rows(outputs[0]):
        at = moment(row.get("last_inspected_at"))
        assert at is None or at.date() <= datetime(2025, 6, 3).date(), row


@settings(deadline=None, max_examples=60)
@given(seed=SEEDS)
def test_a_record_an_output_shows_as_past_is_not_ahead_of_the_present(seed):
    """No later step states a moment: the record is at most the reference time (a hive's last
    inspection is not next week)."""
    _, outputs = _chain("search_hives", "get_honey_stock", seed)
    for row in _rows(outputs[0]):
        at = moment(row.get("last_inspected_at"))
        assert at is None or at.date() <= REFERENCE_TIME.date(), row


@settings(deadline=None, max_examples=60)
@given(seed=SEEDS)
def test_the_result_a_later_step_acts_on_has_the_traits_that_step_states(seed):
    """The hive whose clover stock is asked for is a clover hive in the search that found it."""
    target, outputs = _chain("search_hives", "get_honey_stock", seed)
    hive, varietal = (target.calls[1].arguments[p] for p in ("hive_id", "varietal"))
    found = [r for r in _rows(outputs[0]) if r.get("hive_id") == hive]
    assert len(found) == 1 and found[0]["varietal"] == varietal, (target.calls, outputs[0])


def test_a_date_the_later_step_states_is_no_trait_of_the_result_it_acts_on():
    """A new queen's date of birth stated for a requeening is not the date of birth of the queen
    the search found; her breed is."""
    found = _tool("search_queens", "Queens. Returns {queens: [{queen_id, breed, date_of_birth}]}.",
                  {"yard": {"type": "string", "enum": YARDS}}, [])
    requeen = _tool("requeen_hive", "Requeen. Returns {requeen_id}.",
                    {"queen_id": {"type": "string"}, "breed": {"type": "string"},
                     "date_of_birth": {"type": "string", "format": "date"}}, ["queen_id"])
    target = Target(id="s", kind="sequential", domain="apiary", offered=["search_queens", "requeen_hive"],
                    calls=[ToolCall(tool="search_queens", arguments={"yard": "Mill Ridge"}),
                           ToolCall(tool="requeen_hive", arguments={"queen_id": "QN-0042", "breed": "Carniolan",
                                                                    "date_of_birth": "2025-04-20"})],
                    bindings=[Binding(call=1, param="queen_id", from_call=0)])
    carry = shared_traits(target, {"search_queens": found, "requeen_hive": requeen}, [{"queen_id": "QN-0042"}, {}])
    assert carry[0] == {"queen_id": "QN-0042", "breed": "Carniolan"}


def test_no_step_looks_up_the_history_of_a_record_made_one_step_before():
    """A beekeeper registered a moment ago has no hives to list; reading the new record back is fine."""
    add = _tool("add_beekeeper", "Register a beekeeper. Returns {keeper_id}.",
                {"full_name": {"type": "string"}, "phone": {"type": "string"}}, ["full_name", "phone"])
    hives = _tool("list_keeper_hives", "Hives a beekeeper keeps. Returns {hives: [{hive_id, yard}]}.",
                  {"keeper_id": {"type": "string", "description": "e.g. KP-0031"}}, ["keeper_id"])
    back = _tool("get_beekeeper", "One beekeeper. Returns {keeper_id, full_name, phone}.",
                 {"keeper_id": {"type": "string", "description": "e.g. KP-0031"}}, ["keeper_id"])
    tools = annotate([add, hives, back])
    graph = build_graph(tools)
    history, readback = graph.edge("add_beekeeper", "list_keeper_hives"), graph.edge("add_beekeeper", "get_beekeeper")
    assert history is not None and readback is not None
    assert reads_history(tools[0], tools[1], history) and not reads_history(tools[0], tools[2], readback)
    assert [(p, e.tool) for p, e in starts(graph, [t.name for t in tools])] == [("add_beekeeper", "get_beekeeper")]


def test_a_search_for_everything_is_unfiltered_and_paging_filters_nothing():
    assert unfiltered(SEARCH_HIVES, {}) and unfiltered(SEARCH_HIVES, {"limit": 10})
    assert not unfiltered(SEARCH_HIVES, {"yard": "Mill Ridge"})
    assert not unfiltered(STOCK, {})  # a getter is no search


def test_a_search_keeps_its_only_filter_when_a_later_step_would_echo_it():
    """Dropping a search's only filter so its output names a new value would make it a search for
    everything: the filter stays and the step binds nothing from it."""
    move = _tool("move_hive", "Move a hive to another yard. Returns {move_id}.",
                 {"hive_id": {"type": "string"}, "yard": {"type": "string"}}, ["hive_id", "yard"])
    chain = Chain({t.name: t for t in [SEARCH_HIVES, move]})
    chain.calls.append(ToolCall(tool="search_hives", arguments={"yard": "Mill Ridge"}))
    assert _drop_echo(chain, move, ["yard"], 0) == []
    assert chain.calls[0].arguments == {"yard": "Mill Ridge"}


@settings(deadline=None, max_examples=60)
@given(seed=SEEDS, rate=st.sampled_from([0.0, 0.2]))
def test_a_chain_never_starts_from_a_search_for_everything(seed, rate):
    assert not unfiltered(SEARCH_HIVES, first_call(SEARCH_HIVES, random.Random(seed), rate))
    target, _ = _chain("search_hives", "get_honey_stock", seed)
    assert not unfiltered(SEARCH_HIVES, target.calls[0].arguments), target.calls[0]


@settings(deadline=None, max_examples=20)
@given(seed=SEEDS)
def test_same_seed_same_chain_and_outputs(seed):
    assert _chain("search_hives", "get_honey_stock", seed) == _chain("search_hives", "get_honey_stock", seed)
    assert _chain("search_inspectors", "record_inspection", seed) == _chain("search_inspectors", "record_inspection",
                                                                            seed)


def test_the_other_results_of_a_named_lookup_go_without_a_field_nothing_knows() -> None:
    """A result named by a value no drawer knows (a "stand" an action echoes back: set 9's
    ground-handling catalog crashed the run with `NoValue: stand`): that result holds it, the
    others go without the field, and nothing raises."""
    from generator.traject.simulate import _mark

    for seed in range(5):
        rows: list[dict[str, Any]] = [{"conflicts": []} for _ in range(3)]
        _mark(rows, ("stand", "B12"), {}, "allocation", random.Random(seed))
        assert [r.get("stand") for r in rows].count("B12") == 1
