"""Phrasing the set-33 session fixed: an earlier event named by what it made ("my patient
statement on May 6", never "my patient statement creation"), a listing as a search, and a
parameter named for where a search is near said by its noun ("my regular address", never "my
regular near address")."""

from __future__ import annotations

from generator.core.pointers import act_of
from generator.core.surface import noun
from generator.records import HistoryEvent, Tool


def _act(api: str) -> str:
    return act_of(HistoryEvent(time="2025-05-01 10:00", apitype="x", toolname="X", apiname=api, parameters={}))


def test_an_event_that_made_a_thing_is_named_by_the_thing() -> None:
    assert _act("create_patient_statement") == "patient statement"
    assert _act("add_insurance_policy") == "insurance policy"
    assert _act("list_available_trucks") == "available truck search"
    assert _act("move_lot") == "lot movement"  # a verb of another act keeps its noun


def test_a_near_parameter_is_said_by_its_noun() -> None:
    tool = Tool(name="list_available_trucks", app="tow", api="list_available_trucks", domain="tow",
                description="List trucks free now.", parameters={"type": "object", "properties": {
                    "near_address": {"type": "string", "description": "Sort by distance from this address."}}})
    assert noun("near_address", tool) == "address"


def test_a_reason_is_said_as_the_clause_it_is() -> None:
    from generator.phrasebook.terms import _reason_clause

    assert _reason_clause("not stable") == "because it is not stable"
    assert _reason_clause("gone on arrival") == "because it was gone on arrival"
    assert _reason_clause("motor club reassigned") == "because the motor club reassigned it"
    assert _reason_clause("police cancelled") == "because the police cancelled"
    assert _reason_clause("order cancelled") == "because the order was cancelled"  # a thing had it done


def _billing() -> Tool:
    return Tool(name="submit_claim", app="billing", api="submit_claim", domain="billing_set33",
                description="Send a scrubbed claim to the payer.",
                parameters={"type": "object", "required": ["claim_id"], "properties": {
                    "claim_id": {"type": "string", "description": "Claim id, e.g. 'CLM-2025-004821'."},
                    "hold_until": {"type": "string", "description": "Do not send before this date, YYYY-MM-DD."},
                    "priority": {"type": "string", "enum": ["primary", "secondary", "tertiary"],
                                 "description": "Coordination-of-benefits order."},
                    "status": {"type": "string", "enum": ["en_route", "on_scene"], "description": "New status."},
                    "itemized": {"type": "boolean", "description":
                                 "List every date of service and line rather than a summary."}}})


def _said(args: dict) -> str:
    from generator.core.plan import plan_explicit
    from generator.records import Target, ToolCall
    from generator.writers.base import WriteRequest
    from generator.writers.template import paraphrases

    tool = _billing()
    target = Target(id="x", kind="single", calls=[ToolCall(tool=tool.name, arguments=args)], offered=[tool.name],
                    domain=tool.domain)
    req = WriteRequest(target=target, plan=plan_explicit(target, tools={tool.name: tool}), tools=[tool], n=1)
    return paraphrases(req, 3, 1)[0]


def test_a_hold_is_no_earlier_than_its_day_and_a_rank_is_no_sort_order() -> None:
    text = _said({"claim_id": "CLM-2025-004821", "hold_until": "2025-06-05", "priority": "secondary"})
    assert "no earlier than June 5" in text and "until" not in text, text
    assert "as secondary" in text and "sorted by" not in text, text


def test_a_borrowed_phrase_is_no_initialism_and_false_is_the_other_way() -> None:
    text = _said({"claim_id": "CLM-2025-004821", "status": "en_route", "itemized": False})
    assert "en route" in text and "EN" not in text, text
    assert "as a summary" in text and "without every" not in text, text
