"""Simulated outputs agree with the call that produced them and with the catalog (issue 21), on
an invented boarding-kennel catalog: a search returns records inside its own date window and of
its status, a created record gets a new id in the example's format dated at the query, fees are
the amounts the prose states, free text names the catalog's own things."""

from __future__ import annotations

import random
from datetime import date, timedelta
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.lore import annotate
from generator.core.values import REFERENCE_TIME
from generator.records import Tool
from generator.traject.bind import sample_chain
from generator.traject.graph import build_graph
from generator.traject.reading import parse_output, results
from generator.traject.simulate import Context, simulate_all, simulate_output, vocabulary


def _tool(name: str, description: str, properties: dict[str, Any], required: list[str]) -> Tool:
    return Tool(name=f"kennel.{name}", app="kennel", api=name, domain="kennel", description=description,
                parameters={"type": "object", "properties": properties, "required": required})


SEARCH = _tool("search_stays", "Search boarding stays. Returns {stays: [{stay_id, status, departure_date, "
               "arrival_date, kennel_run}]}.",
               {"status": {"type": "string", "enum": ["booked", "checked_in", "checked_out"]},
                "arrival_from": {"type": "string", "format": "date"},
                "arrival_to": {"type": "string", "format": "date"}}, [])
CREATE = _tool("create_stay", "Book a boarding stay for a pet. Returns {stay_id} (KS-YYMMDD-NN, e.g. KS-240117-03).",
               {"pet_id": {"type": "string", "description": "e.g. PET-4410"},
                "nights": {"type": "integer", "minimum": 1, "maximum": 30}}, ["pet_id", "nights"])
CHARGE = _tool("charge_late_pickup", "Charge a late pickup on a stay. Fees: L1 under an hour $15; L2 same "
               "evening $35; L5 next morning $120. Returns {charge_id, fee_usd}.",
               {"stay_id": {"type": "string", "description": "e.g. KS-240117-03"},
                "code": {"type": "string", "enum": ["L1", "L2", "L5"]}}, ["stay_id", "code"])
FEED = _tool("list_wash_stock", "List grooming-wash ingredients in the store room. Returns {washes: "
             "[{ingredient_name, bottles_on_hand}]}.",
             {"ingredient_name": {"type": "string", "description": "Product name, e.g. 'Chlorhexidine 2% "
                                  "solution', 'Oatmeal shampoo base'."}}, [])
TOOLS = annotate([SEARCH, CREATE, CHARGE, FEED])
BY_NAME = {t.name: t for t in TOOLS}
VOCAB = vocabulary(TOOLS)


def _rows(output: str) -> list[dict[str, Any]]:
    return [r for r in results(parse_output(output)) if isinstance(r, dict)]


def _day(text: str) -> date:
    return date.fromisoformat(text[:10])


@given(seed=st.integers(0, 2**16), start=st.integers(-40, 40), width=st.integers(0, 20),
       status=st.sampled_from(["booked", "checked_in", "checked_out"]))
def test_a_search_returns_records_inside_its_own_window_and_status(seed, start, width, status):
    lo = REFERENCE_TIME.date() + timedelta(days=start)
    args = {"status": status, "arrival_from": lo.isoformat(), "arrival_to": (lo + timedelta(days=width)).isoformat()}
    rows = _rows(simulate_output(BY_NAME["kennel.search_stays"], args, random.Random(seed), context=Context(vocab=VOCAB)))
    assert rows
    for row in rows:
        assert lo <= _day(row["arrival_date"]) <= lo + timedelta(days=width), (args, row)
        assert row["status"] == status


@given(seed=st.integers(0, 2**16), end=st.integers(-40, 40))
def test_a_one_sided_window_bounds_its_side(seed, end):
    hi = REFERENCE_TIME.date() + timedelta(days=end)
    rows = _rows(simulate_output(BY_NAME["kennel.search_stays"], {"arrival_to": hi.isoformat()},
                                 random.Random(seed), context=Context(vocab=VOCAB)))
    assert all(_day(row["arrival_date"]) <= hi for row in rows)


@given(seed=st.integers(0, 2**16))
def test_a_created_record_gets_a_new_id_in_the_example_format_dated_now(seed):
    out = _rows(simulate_output(BY_NAME["kennel.create_stay"], {"pet_id": "PET-1187", "nights": 3},
                                random.Random(seed), context=Context(vocab=VOCAB)))[0]
    assert out["stay_id"] != "KS-240117-03"
    assert out["stay_id"].startswith(f"KS-{REFERENCE_TIME:%y%m%d}-") and len(out["stay_id"]) == len("KS-240117-03")


@settings(deadline=None)
@given(seed=st.integers(0, 2**16))
def test_an_id_a_chain_carries_from_a_created_record_is_new(seed):
    rng = random.Random(seed)
    edge = build_graph(TOOLS).edge("kennel.create_stay", "kennel.charge_late_pickup")
    assert edge is not None
    target = sample_chain("s0", [("kennel.create_stay", None), ("kennel.charge_late_pickup", edge)], BY_NAME, rng)
    stay = target.calls[1].arguments["stay_id"]
    assert stay != "KS-240117-03" and stay.startswith(f"KS-{REFERENCE_TIME:%y%m%d}-")
    outputs = simulate_all(target, BY_NAME, rng)
    assert _rows(outputs[0])[0]["stay_id"] == stay


@given(seed=st.integers(0, 2**16), code=st.sampled_from(["L1", "L2", "L5"]))
def test_a_fee_is_the_amount_the_prose_states_for_the_call(seed, code):
    out = _rows(simulate_output(BY_NAME["kennel.charge_late_pickup"], {"stay_id": "KS-250601-02", "code": code},
                                random.Random(seed), context=Context(vocab=VOCAB)))[0]
    assert out["fee_usd"] == {"L1": 15, "L2": 35, "L5": 120}[code]


@given(seed=st.integers(0, 2**16))
def test_a_fee_the_prose_names_no_value_for_is_on_its_scale(seed):
    tool = BY_NAME["kennel.charge_late_pickup"]
    out = _rows(simulate_output(tool, {"stay_id": "KS-250601-02"}, random.Random(seed),
                                context=Context(vocab=VOCAB)))[0]
    assert 15 <= out["fee_usd"] <= 120


@given(seed=st.integers(0, 2**16))
def test_free_text_names_the_catalogs_own_things(seed):
    rows = _rows(simulate_output(BY_NAME["kennel.list_wash_stock"], {}, random.Random(seed),
                                 context=Context(vocab=VOCAB)))
    assert {r["ingredient_name"] for r in rows} <= {"Chlorhexidine 2% solution", "Oatmeal shampoo base"}


def test_a_required_list_value_is_told_apart_from_scalars():
    """TRAJECT-Bench's tools never take a list; parallel draws prefer calls without one (product._required_list)."""
    from types import SimpleNamespace

    from generator.records import Target, Tool, ToolCall
    from generator.traject.parallel import _required_list

    tool = Tool(name="Shop_order", app="Shop", api="order", domain="shopping",
                parameters={"type": "object", "properties": {"items": {"type": "array", "items": {"type": "string"}},
                                                             "note": {"type": "array"}},
                            "required": ["items"]})
    ctx = SimpleNamespace(catalog=SimpleNamespace(by_name={"Shop_order": tool}))
    listed = Target(id="t", kind="parallel", offered=["Shop_order"], calls=[ToolCall(tool="Shop_order", arguments={"items": ["milk"]})])
    optional = Target(id="t", kind="parallel", offered=["Shop_order"], calls=[ToolCall(tool="Shop_order", arguments={"items": "milk", "note": ["x"]})])
    assert _required_list(listed, ctx) and not _required_list(optional, ctx)
