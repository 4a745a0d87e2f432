"""generator.core.constraints: detected parameter pairs, their checks (each with a failing example)
and the repairs applied by values.sample_arguments."""

from __future__ import annotations

import json
import random
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sweep import sweep
from upstream import upstream_path

from generator.catalog import Catalog
from generator.core.constraints import as_point, constraint_problems, pairs_for, tokens
from generator.core.schema import argument_errors
from generator.core.values import repair_arguments, sample_arguments
from generator.records import Tool

ROOT = Path(__file__).resolve().parents[1]
CATALOG = ROOT / "examples" / "catalog.json"
PERSONAS = ROOT / "examples" / "personas.yaml"


def load_tools() -> list[Tool]:
    tools = []
    for raw in json.loads(CATALOG.read_text(encoding="utf-8")):
        x = raw["x-trajgen"]
        tools.append(Tool(name=raw["function"]["name"], app=x["app"], api=x["api"], domain=x["domain"],
                          parameters=raw["function"]["parameters"]))
    return tools


def tool(props: dict, required: list[str] | None = None) -> Tool:
    return Tool(name="t", app="A", api="t", domain="d",
                parameters={"type": "object", "properties": props, "required": required or list(props)})


S, I, N = {"type": "string"}, {"type": "integer", "minimum": 0}, {"type": "number", "minimum": 0}
D = {"type": "string", "description": "Date, YYYY-MM-DD"}
T = {"type": "string", "description": "Time, HH:MM"}
L = {"type": "array", "items": {"type": "string"}}

# ---------------------------------------------------------------- detection


def test_tokens_split_snake_and_camel_case():
    assert tokens("checkInDate") == ("check", "in", "date")
    assert tokens("min_price") == ("min", "price")


def test_catalog_pairs_are_detected():
    found = {(t.name, p.kind, p.first, p.second) for t in load_tools() for p in pairs_for(t.properties)}
    assert {("Skyhop_search_flights", "order", "origin_city", "destination_city"),
            ("Skyhop_search_flights", "order", "depart_date", "return_date"),
            ("Jetfare_search_flights", "order", "from_city", "to_city"),
            ("Roamly_search_hotels", "order", "checkin_date", "checkout_date"),
            ("Cartly_search_products", "order", "min_price", "max_price"),
            ("Wayline_get_route", "order", "origin", "destination")} <= found


def test_only_same_stem_pairs_and_obvious_counts():
    names = {"start_date": D, "end_time": T, "from_city": S, "price_min": N, "price_max": N,
             "tickets": I, "seat_numbers": L, "rooms": I, "room_types": L, "quantity": I, "items": L}
    pairs = {(p.kind, p.first, p.second) for p in pairs_for(names)}
    assert pairs == {("order", "price_min", "price_max"), ("count", "tickets", "seat_numbers")}


# ---------------------------------------------------------------- each check has a failing example

FAILING = [
    ({"origin": S, "destination": S}, {"origin": "Port Calder", "destination": "port calder "}, "both"),
    ({"from_city": S, "to_city": S}, {"from_city": "Westbury", "to_city": "Westbury"}, "both"),
    ({"pickup_location": S, "dropoff_location": S}, {"pickup_location": "A", "dropoff_location": "A"}, "both"),
    ({"from_currency": S, "to_currency": S}, {"from_currency": "USD", "to_currency": "usd"}, "both"),
    ({"depart_date": D, "return_date": D}, {"depart_date": "2025-06-09", "return_date": "2025-06-03"}, "before"),
    ({"departure_date": D, "return_date": D}, {"departure_date": "06/09/2025", "return_date": "2025-06-03"},
     "before"),
    ({"checkin_date": D, "checkout_date": D}, {"checkin_date": "2025-06-03", "checkout_date": "2025-06-03"},
     "before"),
    ({"check_in": D, "check_out": D}, {"check_in": "2025-06-04", "check_out": "2025-06-02"}, "before"),
    ({"start_time": T, "end_time": T}, {"start_time": "10:00", "end_time": "10:00"}, "before"),
    ({"startTime": S, "endTime": S}, {"startTime": "2025-06-02T11:00:00+08:00",
                                     "endTime": "2025-06-02T10:15:30+08:00"}, "before"),
    ({"start": S, "end": S}, {"start": "2025-06-03 09:00", "end": "2025-06-02"}, "before"),
    ({"min_price": N, "max_price": N}, {"min_price": 120.0, "max_price": 50.0}, "before"),
    ({"min_age": S, "max_age": S}, {"min_age": "30", "max_age": "18"}, "before"),
    ({"earliest_departure": T, "latest_departure": T},
     {"earliest_departure": "18:00", "latest_departure": "07:30"}, "before"),
    ({"tickets": I, "seat_numbers": L}, {"tickets": 1, "seat_numbers": ["A1", "A2"]}, "item"),
    ({"num_passengers": I, "passenger_names": L}, {"num_passengers": 3, "passenger_names": ["Mara"]}, "item"),
]


@pytest.mark.parametrize("props,args,word", FAILING)
def test_each_constraint_fails_on_a_contradiction(props, args, word):
    problems = constraint_problems(tool(props), args)
    assert len(problems) == 1 and word in problems[0]


@pytest.mark.parametrize("props,args,word", FAILING)
def test_each_contradiction_is_repaired(props, args, word):
    t = tool(props)
    fixed = repair_arguments(t, args, random.Random(0))
    assert constraint_problems(t, fixed) == [] and argument_errors(t, fixed) == []


CONSISTENT = [
    ({"origin": S, "destination": S}, {"origin": "Port Calder", "destination": "Westbury"}),
    ({"depart_date": D, "return_date": D}, {"depart_date": "2025-06-03", "return_date": "2025-06-03"}),
    ({"min_price": N, "max_price": N}, {"min_price": 50.0, "max_price": 50.0}),
    ({"from_lat": N, "to_lat": N}, {"from_lat": 40.0, "to_lat": 10.0}),  # coordinates run either way
    ({"versionStartType": S, "versionEndType": S}, {"versionStartType": "including",
                                                    "versionEndType": "including"}),
    ({"start_date": S, "end_date": S}, {"start_date": "null", "end_date": "null"}),  # "no value"
    ({"start_date": S, "end_date": S}, {"start_date": "today", "end_date": "2025-01-01"}),  # unknown
    ({"min_price": N, "max_price": N}, {"max_price": 5.0}),  # one side absent
    ({"tickets": I, "seat_numbers": L}, {"tickets": 2, "seat_numbers": ["A1", "A2"]}),
]


@pytest.mark.parametrize("props,args", CONSISTENT)
def test_consistent_or_unrelated_values_pass(props, args):
    assert constraint_problems(tool(props), args) == []


def test_points_parse_numbers_dates_times_and_iso_zones():
    assert as_point(3, S).number == 3.0 and as_point("2.5", S).number == 2.5
    assert as_point("2025-06-02", S).has_day and not as_point("2025-06-02", S).has_clock
    assert as_point("7:30 PM", S).moment.hour == 19
    assert as_point("2020-01-01T10:15:30+08:00", S).fmt.endswith("+08:00")
    assert as_point("Port Calder", S) is None and as_point(True, S) is None

# ---------------------------------------------------------------- repairs keep fixed values


def test_fixed_side_is_never_changed_the_other_side_moves():
    t = tool({"depart_date": D, "return_date": D})
    for seed in range(30):
        args = sample_arguments(t, random.Random(seed), fixed={"return_date": "2025-06-01"})
        assert args["return_date"] == "2025-06-01" and constraint_problems(t, args) == []
        args = sample_arguments(t, random.Random(seed), fixed={"depart_date": "2025-07-01"})
        assert args["depart_date"] == "2025-07-01" and args["return_date"] >= "2025-07-01"


def test_both_sides_fixed_are_left_alone_and_reported():
    t = tool({"origin": S, "destination": S})
    args = sample_arguments(t, random.Random(1), fixed={"origin": "Home", "destination": "Home"})
    assert args == {"origin": "Home", "destination": "Home"}
    assert constraint_problems(t, args)


def test_count_follows_the_list_unless_fixed():
    t = tool({"tickets": {"type": "integer", "minimum": 1, "maximum": 4}, "seat_numbers": L})
    args = repair_arguments(t, {"tickets": 1, "seat_numbers": ["A1", "A2"]}, random.Random(0))
    assert args == {"tickets": 2, "seat_numbers": ["A1", "A2"]}
    args = repair_arguments(t, {"tickets": 3, "seat_numbers": ["A1"]}, random.Random(0), keep={"tickets"})
    assert args["tickets"] == 3 and len(args["seat_numbers"]) == 3 and len(set(args["seat_numbers"])) == 3


def test_same_pool_value_on_both_sides_is_resampled():
    t = tool({"origin": S, "destination": S})
    pool = {"origin": ["Home"], "destination": ["Home"]}
    for seed in range(20):
        args = sample_arguments(t, random.Random(seed), pool=pool)
        assert constraint_problems(t, args) == [] and "Home" in args.values()


def test_impossible_repairs_leave_values_valid():
    t = tool({"min_price": {"type": "number", "maximum": 10}, "max_price": {"type": "number", "maximum": 10}})
    args = repair_arguments(t, {"min_price": 10.0, "max_price": 3.0}, random.Random(0), keep={"min_price"})
    assert args["min_price"] == 10.0 and argument_errors(t, args) == [] and constraint_problems(t, args) == []

# ---------------------------------------------------------------- whole catalog


@pytest.mark.parametrize("rate", sweep([0.0, 0.5, 1.0], fast=(1.0,)))
def test_no_sampled_call_violates_a_constraint(rate):
    for t in load_tools():
        for seed in range(25):  # 3 rates x 25 seeds x every tool of the bundled catalog
            args = sample_arguments(t, random.Random(seed), optional_rate=rate)
            assert constraint_problems(t, args) == [], (t.name, seed, args)
            assert argument_errors(t, args) == [], (t.name, seed, args)


def test_sampling_with_constraints_is_deterministic():
    tools = load_tools()
    runs = [[sample_arguments(t, random.Random(f"{s}:{t.name}"), optional_rate=1.0) for t in tools
             for s in range(5)] for _ in range(2)]
    assert json.dumps(runs[0], sort_keys=True) == json.dumps(runs[1], sort_keys=True)


def test_persona_histories_stay_consistent():
    from generator.personas import load_personas, synthesize_histories
    tools = load_tools()
    catalog = Catalog(tools)
    by_key = {(t.app, t.api): t for t in tools}
    histories = synthesize_histories(load_personas(PERSONAS), catalog, 7, start=datetime(2025, 5, 5, 6, 0),
                                     n_events=150)
    events = [e for h in histories for e in h.events]
    assert len(events) > 500
    for e in events:
        assert constraint_problems(by_key[(e.toolname, e.apiname)], e.parameters) == [], e


@pytest.mark.slow
def test_upstream_bfcl_gold_calls_raise_no_false_alarms():
    from generator.readers import read_catalog
    data = upstream_path("bfcl", "data")
    upstream_path("bfcl", "data", "possible_answer")
    names = ("simple_python", "multiple", "parallel", "parallel_multiple", "live_simple")  # fast to read
    tools = {t.name: t for n in names for t in read_catalog(data / f"BFCL_v4_{n}.json")}
    checked = 0
    for f in sorted((data / "possible_answer").glob("*.json")):
        for line in f.read_text(encoding="utf-8").splitlines():
            for call in json.loads(line)["ground_truth"]:
                for name, args in (call.items() if isinstance(call, dict) else []):
                    if name in tools and isinstance(args, dict):
                        first = {k: v[0] for k, v in args.items() if isinstance(v, list) and v and v[0] != ""}
                        assert constraint_problems(tools[name], first) == [], (name, first)
                        checked += 1
    assert checked > 1000


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), tare=st.integers(5, 200))
def test_a_full_weight_is_above_its_empty_one_even_when_the_empty_one_is_left_at_its_default(seed: int,
                                                                                            tare: int) -> None:
    from generator.core.values import sample_arguments
    from generator.records import Tool

    props = {"gross_kg": {"type": "number"}, "tare_kg": {"type": "number", "default": tare}}
    tool = Tool(name="weigh", app="a", api="weigh", domain="d", description="Weigh a full crate.",
                parameters={"type": "object", "properties": props, "required": ["gross_kg"]})
    args = sample_arguments(tool, random.Random(seed), optional_rate=0.5)
    assert args["gross_kg"] > args.get("tare_kg", tare), args
