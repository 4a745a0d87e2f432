"""The reader, from the set-13 capable-model play (pawn shop, school transportation): each test is a
re-ask the player judged false, and fails when the reading that accepts it is removed."""

from __future__ import annotations

from generator.reader.read import read_value
from generator.records import Binding, Target, Tool, ToolCall
from generator.traject.determined import bound_problem

_DRY_RUN = {"type": "boolean", "default": True, "description": "List the loans that would forfeit without moving them."}


def test_money_with_cents_states_the_amount_of_one_call_among_several() -> None:
    from generator.core.plan import plan_explicit
    from generator.validators import VALIDATORS
    from generator.writers.base import WriteRequest

    search = Tool(name="search_inventory", app="shop", api="search_inventory", domain="shop",
                  description="Search store inventory.", parameters={"type": "object", "properties": {
                      "category": {"type": "string", "enum": ["coin", "watch"]}, "brand": {"type": "string"},
                      "max_price_usd": {"type": "number"}, "status": {"type": "string", "enum": ["for_sale", "sold"]}}})
    calls = [ToolCall(tool="search_inventory", arguments={"category": "coin", "status": "sold"}),
             ToolCall(tool="search_inventory", arguments={"max_price_usd": 143.5}),
             ToolCall(tool="search_inventory", arguments={"brand": "Fender", "status": "for_sale"})]
    target = Target(id="t", kind="parallel", calls=calls, offered=["search_inventory"], domain="shop",
                    time="2025-06-02T10:00:00")
    req = WriteRequest(target=target, plan=plan_explicit(target), tools=[search], n=1)
    text = "Please search the inventory three times: sold coins, items priced up to $143.50, and Fender items for sale."
    assert all(v.ok for v in VALIDATORS.get("stated_present")(req, [text])), text  # never "does not state '143.5'"


def test_a_flag_s_description_is_its_own_wording_for_true() -> None:
    from generator.reader.read import Arg, Situation, stated
    from generator.reader.text import Text

    tool = Tool(name="forfeit_expired_loans", app="", api="forfeit_expired_loans", domain="",
                description="Move loans past their grace period into store inventory.",
                parameters={"type": "object", "properties": {"dry_run": _DRY_RUN}})

    def said(text: str, value: bool) -> object:
        return stated(Arg(Text(text), "dry_run", value, tool, Situation(), "", ["dry_run"]))

    assert said("Please list the loans that would forfeit as of June 3, without moving them.", True)
    assert not said("Please list the loans that would forfeit as of June 3, without moving them.", False)


def test_a_flag_of_who_did_the_act_is_said_by_by_whom() -> None:
    text = "Redeem ticket PT-0048213, paid off with $103 in cash by the pledgor in person."
    assert read_value(text, "redeemed_by_pledgor", True, {"type": "boolean"})
    assert read_value("Paid by his brother, not by the pledgor.", "redeemed_by_pledgor", False, {"type": "boolean"})


def test_a_state_code_is_said_by_the_state_s_name() -> None:
    spec = {"type": "string", "pattern": "^[A-Z]{2}$", "description": "2-letter state of the plate, e.g. 'IN'."}
    assert read_value("a silver minivan with an Indiana plate KTR4821", "plate_state", "IN", spec)
    assert read_value("a silver minivan with an Ohio plate KTR4821", "plate_state", "IN", spec) is None


def test_no_need_to_do_the_flag_s_act_is_false_and_a_passive_object_first_is_true() -> None:
    assert read_value("There's no need to take the bus out of service.", "out_of_service", False, {"type": "boolean"})
    assert read_value("The parents should be notified.", "notify_parents", True, {"type": "boolean"})
    assert read_value("The parents should not be notified.", "notify_parents", False, {"type": "boolean"})


def test_the_new_thing_a_step_made_is_what_a_later_reference_means() -> None:
    def tool(name: str, props: list[str], output: str) -> Tool:
        return Tool(name=name, app="Bus", api=name, domain="school", output=output,
                    parameters={"type": "object", "required": props, "properties": {p: {"type": "string"} for p in props}})

    add = tool("add_route_stop", ["route_id", "after_stop_id"], "JSON object {stop_id, effective_date}.")
    report = tool("report_stop_arm_violation", ["stop_id", "plate_number"], "JSON object {violation_id}.")
    calls = [ToolCall(tool="add_route_stop", arguments={"route_id": "R-114A", "after_stop_id": "STP-03919"}),
             ToolCall(tool="report_stop_arm_violation", arguments={"stop_id": "STP-35495", "plate_number": "KTR4821"})]
    row = Target(id="t", kind="sequential", calls=calls, offered=[c.tool for c in calls], domain="school",
                 bindings=[Binding(call=1, param="stop_id", from_call=0)],
                 outputs=[repr({"stop_id": "STP-35495", "effective_date": "2025-06-03"}), repr({"violation_id": "V-1"})])
    text = "Add a stop to route R-114A after stop STP-03919, then report plate KTR4821 passing the bus at that new stop."
    tools = {"add_route_stop": add, "report_stop_arm_violation": report}
    assert bound_problem(text, row, tools, 1, "stop_id", 0) is None  # never "step 1 is about after_stop_id"
