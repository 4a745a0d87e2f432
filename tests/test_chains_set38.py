"""Chains the set-38 session fixed: a look-up of a record just made reports what it was made
with under its own names for the same things (`waste_codes` made, `epa_waste_codes` read back;
`flash_point_f` made, `flash_point` read back), and a waste profile is no user profile with an
email."""

from __future__ import annotations

import random

from generator.records import Binding, Target, Tool, ToolCall
from generator.traject.shapes import inferred_fields
from generator.traject.simulate import same_things, simulate_all, simulate_output
from tests.test_chains_set22 import _rows

_S = {"type": "string"}
_CREATE = Tool(name="create_waste_profile", app="", api="create_waste_profile", domain="waste_set38",
               description="Submit a new waste profile. Returns profile_id.",
               parameters={"type": "object", "required": ["common_name", "waste_codes"], "properties": {
                   "common_name": _S, "waste_codes": {"type": "array", "items": _S},
                   "flash_point_f": {"type": "number"}, "physical_state": {"type": "string",
                                                                           "enum": ["solid", "liquid", "sludge"]}}})
_GET = Tool(name="get_waste_profile", app="", api="get_waste_profile", domain="waste_set38",
            description="Get a waste profile: physical state, EPA waste codes, flash point and pH.",
            parameters={"type": "object", "required": ["profile_id"], "properties": {"profile_id": _S}})
_APPROVE = Tool(name="approve_waste_profile", app="", api="approve_waste_profile", domain="waste_set38",
                description="Approve a pending waste profile. Returns the approved profile.",
                parameters={"type": "object", "required": ["profile_id"], "properties": {"profile_id": _S}})


def test_a_record_just_made_is_read_back_under_the_outputs_names() -> None:
    tools = {t.name: t for t in (_CREATE, _GET)}
    for seed in range(5):
        target = Target(id="t", kind="sequential", offered=[], domain="waste_set38", calls=[
            ToolCall(tool="create_waste_profile", arguments={"common_name": "Spent solvent", "waste_codes": ["F003"],
                                                             "flash_point_f": 53, "physical_state": "liquid"}),
            ToolCall(tool="get_waste_profile", arguments={"profile_id": "WP-100200"})],
            bindings=[Binding(call=1, param="profile_id", from_call=0)])
        looked = _rows(simulate_all(target, tools, random.Random(seed))[1])[0]
        assert looked.get("epa_waste_codes") == ["F003"] and looked.get("flash_point") == 53, looked
        assert looked.get("physical_state") == "liquid", looked


def test_a_name_is_the_same_thing_only_when_one_ends_the_other_and_only_one_does() -> None:
    assert same_things({"flash_point_f": 53}, ["flash_point"]) == {"flash_point": 53}
    assert same_things({"waste_codes": ["D001"]}, ["epa_waste_codes"]) == {"epa_waste_codes": ["D001"]}
    assert same_things({"start_date": "2025-06-02", "end_date": "2025-06-03"}, ["date"]) == {}  # two fit
    assert same_things({"gross_weight_kg": 12}, ["net_weight"]) == {}
    assert same_things({"price": 389.0}, ["total_price"]) == {}  # a flight's price is no booking's total
    assert same_things({"profile_id": "WP-1"}, ["waste_profile_id"]) == {}  # ids are carried elsewhere


def test_a_waste_profile_has_no_email() -> None:
    assert "email" not in inferred_fields(_APPROVE), inferred_fields(_APPROVE)


def test_a_total_billed_at_a_rate_on_one_quantity_is_their_product() -> None:
    invoice = Tool(name="invoice_detention_costs", app="", api="invoice_detention_costs", domain="psc_set38",
                   description="Raise the invoice for follow-up inspections. Returns the invoice number and the "
                               "total in EUR.",
                   parameters={"type": "object", "required": ["detention_id", "inspector_hours", "hourly_rate_eur"],
                               "properties": {"detention_id": _S, "inspector_hours": {"type": "number"},
                                              "hourly_rate_eur": {"type": "number"}}})
    for seed in range(4):
        out = _rows(simulate_output(invoice, {"detention_id": "DET-2025-2875", "inspector_hours": 20,
                                              "hourly_rate_eur": 240}, random.Random(seed)))[0]
        assert out.get("total_in_eur") == 4800, out


def test_a_look_up_by_id_reports_on_that_id() -> None:
    get = Tool(name="get_inspection", app="", api="get_inspection", domain="psc_set38",
               description="Get an inspection report: each deficiency with its id, code and description.",
               parameters={"type": "object", "required": ["inspection_id"], "properties": {"inspection_id": _S}})
    for seed in range(4):
        out = _rows(simulate_output(get, {"inspection_id": "INS-2025-835786"}, random.Random(seed)))[0]
        assert out["id"] == "INS-2025-835786", out


def _pilot_tool(name: str, description: str, props: dict) -> Tool:
    return Tool(name=name, app="", api=name, domain="pilots_set38", description=description,
                parameters={"type": "object", "required": list(props), "properties": props})


def test_a_status_the_returns_clause_gives_is_the_status_returned() -> None:
    from generator.traject.graph import listed_values, output_fields

    order = _pilot_tool("create_pilot_order", "Order a pilot for a move. Returns the order number and status "
                                              "requested.", {"imo_number": _S})
    record = _pilot_tool("record_pilot_movement", "Record the pilot's times. Returns the order as completed and the "
                                                  "billable detention time.", {"order_id": _S})
    assert output_fields(order) == ["order_number", "status"] and listed_values(order) == {"status": ["requested"]}
    assert output_fields(record)[0] == "status" and listed_values(record) == {"status": ["completed"]}
    for seed in range(3):
        assert _rows(simulate_output(order, {"imo_number": "9534561"}, random.Random(seed)))[0]["status"] == "requested"
        kept = _rows(simulate_output(record, {"order_id": "PO-250602-002"}, random.Random(seed)))[0]
        assert kept["status"] == "completed" and ":" not in str(kept["billable_detention_time"]), kept


def test_a_changed_time_is_reported_as_changed() -> None:
    change = _pilot_tool("change_order_time", "Move the boarding time of an order. Returns the order with the new "
                                              "time and any delay charge.",
                         {"order_id": _S, "new_time": {"type": "string", "format": "date-time"}})
    for seed in range(3):
        out = _rows(simulate_output(change, {"order_id": "PO-250602-002", "new_time": "2025-06-02T20:00:00"},
                                    random.Random(seed)))[0]
        assert out["time"] == "2025-06-02T20:00:00" and "delay_charge" in out, out


def test_a_thing_found_in_a_state_that_is_over_is_never_acted_on() -> None:
    from generator.traject.bind import first_call

    search = _pilot_tool("search_trips", "Search fishing trips. Returns trips with trip_id and status.",
                         {"status": {"type": "string", "enum": ["at_sea", "landed", "closed"]}})
    declare = _pilot_tool("declare_landing", "Send the landing declaration of a trip. Returns the landing id.",
                          {"trip_id": _S})
    found = {first_call(search, random.Random(seed), 1.0, declare).get("status") for seed in range(30)}
    assert found and not found & {"landed", "closed"}, found
