"""One world per TRAJECT chain (set-21 readings, fixed in the set-22 session): what a later step
states of the thing an earlier step found or made agrees with what that step returned, and a
look-up of a record just made reports what it was made with. Each case fails when its rule is
removed."""

from __future__ import annotations

import ast
import random
from typing import Any

from generator.records import Binding, Target, Tool, ToolCall
from generator.traject.simulate import simulate_all

DOMAIN = "retread"


def _tool(name: str, props: dict[str, Any], required: list[str], output: dict[str, Any] | None = None,
          description: str = "") -> Tool:
    params = {"type": "object", "properties": props, "required": required}
    return Tool(name=name, app="", api=name, description=description or name.replace("_", " ") + ".",
                domain=DOMAIN, parameters=params, output=None if output is None else repr(output))


S = {"type": "string"}
SEARCH = _tool("search_casings", {"status": {"type": "string", "enum": ["received", "inspected", "on_hold"]},
                                  "limit": {"type": "integer", "default": 50}}, [],
               description="Search casings. Returns casings with casing_id, customer_account, tire_size, status.")
CREDIT = _tool("issue_casing_credit", {"casing_id": S, "customer_account": S, "amount": {"type": "number"}},
               ["casing_id", "customer_account", "amount"],
               description="Issue a credit to the customer for a casing. Returns credit_id.")
INTAKE = _tool("register_casing_intake", {"customer_account": S, "tire_size": S, "brand": S},
               ["customer_account", "tire_size"],
               description="Register a casing received from a fleet. Returns casing_id.")
GET = _tool("get_casing", {"casing_id": S}, ["casing_id"],
            description="Get a casing. Returns casing_id, customer_account, brand, tire_size, status.")
TOOLS = {t.name: t for t in (SEARCH, CREDIT, INTAKE, GET)}


def _rows(output: str) -> list[dict[str, Any]]:
    body = ast.literal_eval(output)
    rows = [v for v in body.values() if isinstance(v, list) and v and isinstance(v[0], dict)]
    return rows[0] if rows else [body]


def test_the_found_record_holds_the_account_the_next_step_states() -> None:
    """"search casings on hold ... credit the customer for the casing id you find with the
    customer account FLT-6688": the casing found belonged to FLT-4682 (set 21, 3 chains)."""
    for seed in range(6):
        target = Target(id="t", kind="sequential", offered=[], domain=DOMAIN, calls=[
            ToolCall(tool="search_casings", arguments={"status": "on_hold"}),
            ToolCall(tool="issue_casing_credit", arguments={"casing_id": "CS-1234567", "customer_account": "FLT-6688",
                                                            "amount": 82})],
            bindings=[Binding(call=1, param="casing_id", from_call=0)])
        found = _rows(simulate_all(target, TOOLS, random.Random(seed))[0])
        row = next(r for r in found if r.get("casing_id") == "CS-1234567")
        assert row.get("customer_account", "FLT-6688") == "FLT-6688", row


def test_a_record_just_made_is_looked_up_as_it_was_made() -> None:
    """"register a casing intake for fleet FLT-6931 ... Bridgestone, 285/75R24.5 ... get casing
    for the plant barcode from that": the look-up returned another fleet, brand and size."""
    for seed in range(6):
        target = Target(id="t", kind="sequential", offered=[], domain=DOMAIN, calls=[
            ToolCall(tool="register_casing_intake", arguments={"customer_account": "FLT-6931",
                                                               "tire_size": "285/75R24.5", "brand": "Bridgestone"}),
            ToolCall(tool="get_casing", arguments={"casing_id": "CS-1293255"})],
            bindings=[Binding(call=1, param="casing_id", from_call=0)])
        looked = _rows(simulate_all(target, TOOLS, random.Random(seed))[1])[0]
        for field, value in {"customer_account": "FLT-6931", "tire_size": "285/75R24.5", "brand": "Bridgestone"}.items():
            assert looked.get(field, value) == value, looked


def test_the_thing_inspected_is_one_the_earlier_call_named() -> None:
    """"open a work order for casing CS-5971112 ... record a final inspection for casing
    CS-9587997 for the work order": a casing that is not on the work order (set 21)."""
    from generator.traject.bind import _one_of, _same_in

    inspect = _tool("record_final_inspection", {"work_order_id": S, "casing_id": S}, ["work_order_id", "casing_id"])
    earlier = {"customer_account": "FLT-0185", "casing_ids": ["CS-5971112", "CS-5971113"]}
    assert _same_in(earlier, inspect, "casing_id") == "casing_ids"
    assert _one_of(earlier["casing_ids"], inspect, "casing_id") == "CS-5971112"


def test_what_a_step_made_is_never_what_you_find() -> None:
    """"open a retread work order ... record a final inspection ... for the work order you find":
    nothing was looked for; a made thing is "the work order you get from that"."""
    from generator.writers.phrasing.clauses import result_refs

    made = {result_refs(["work_order_id"], None, random.Random(s), found=False)[0] for s in range(40)}
    found = {result_refs(["work_order_id"], None, random.Random(s), found=True)[0] for s in range(40)}
    assert not [r for r in made if "you find" in r] and [r for r in found if "you find" in r]


def test_values_a_tool_description_lists_for_a_parameter_are_its_choices() -> None:
    """"Window is one of: early (05:00-08:00), morning ..." in the tool's description: "with the
    early window", never "the window early" (set 21, 6 rows)."""
    from generator.core.lore import annotate
    from generator.core.surface import spec_of, value_kind
    from generator.phrasebook.terms import kind_of_value, say, term

    tool = _tool("schedule_delivery", {"delivery_date": {"type": "string", "format": "date"}, "window": S},
                 ["delivery_date"], description="Schedule a delivery of finished retreads. Window is one of: early "
                 "(05:00-08:00), morning (08:00-12:00), afternoon (12:00-17:00).")
    tool = annotate([tool])[0]
    assert spec_of(tool, "window").get("enum") == ["early", "morning", "afternoon"]
    said = say(term("window", spec_of(tool, "window")), kind_of_value(value_kind("early", "window", tool)), "early",
               "schedule a delivery")
    assert said == "with the early window", said


def test_a_filter_flag_left_at_false_is_not_read_out() -> None:
    """"search service premises with or without at least one assembly past its annual test due
    date or an open compliance notice" in 26 of 60 TRAJECT queries (set 22): a default false of an
    "Only ..." filter filters nothing and goes unsaid; a false the description writes is said."""
    from generator.traject.plans import _stated

    only = "Only premises with at least one assembly past its annual test due date or an open compliance notice."
    both = "Only segments that have (true) or do not have (false) an active slow order."
    tool = _tool("search_premises", {"city": S, "out_of_compliance": {"type": "boolean", "default": False,
                                                                      "description": only},
                                     "slow_order_in_effect": {"type": "boolean", "default": False, "description": both}},
                 [])
    plans = {a.param: a.mode for a in _stated(tool, {"city": "Smithview", "out_of_compliance": False,
                                                     "slow_order_in_effect": False}, lambda p: [])}
    assert plans == {"city": "stated", "out_of_compliance": "omitted", "slow_order_in_effect": "stated"}, plans
