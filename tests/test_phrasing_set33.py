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
    assert _act("impound_vehicle") == "vehicle impound"  # a verb with no noun is said itself, never "my vehicle"


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


def _tool(name: str, description: str, props: dict, required: list[str]) -> Tool:
    return Tool(name=name, app="tow", api=name, domain="tow_set33", description=description,
                parameters={"type": "object", "required": required, "properties": props})


def _query(tool: Tool, args: dict) -> str:
    from generator.core.plan import plan_explicit
    from generator.records import Target, ToolCall
    from generator.writers.base import WriteRequest
    from generator.writers.template import paraphrases

    target = Target(id="x", kind="single", calls=[ToolCall(tool=tool.name, arguments=args)], offered=[tool.name],
                    domain=tool.domain)
    req = WriteRequest(target=target, plan=plan_explicit(target, tools={tool.name: tool}), tools=[tool], n=1)
    return paraphrases(req, 3, 1)[0]


IMPOUND = _tool("impound_vehicle", "Check a towed vehicle into a storage yard and open its impound record.", {
    "vin": {"type": "string", "description": "17-character vehicle identification number, read from the dash."},
    "yard_id": {"type": "string", "enum": ["YARD-MAIN", "YARD-NORTH"], "description": "Storage yard."},
    "stall": {"type": "string", "description": "Row letter and stall number, e.g. 'C-14'."}}, ["vin", "yard_id", "stall"])


def test_an_initialism_a_code_a_stall_and_a_checked_in_vehicle_read_as_written() -> None:
    text = _query(IMPOUND, {"vin": "1HGCV4F39LA150008", "yard_id": "YARD-MAIN", "stall": "C-01"})
    assert "VIN 1HGCV4F39LA150008" in text and "vehicle identification" not in text, text
    assert "YARD-MAIN" in text and "yard-main" not in text, text
    assert "stall C-01" in text and "row letter" not in text, text
    assert "into a storage yard" in text, text


def test_an_owners_address_is_whose_and_a_new_count_is_a_count() -> None:
    notice = _tool("file_lien_notice", "Send a storage lien notice for an unclaimed vehicle.", {
        "impound_id": {"type": "string", "description": "Impound record id, e.g. 'IMP-24817'."},
        "owner_address": {"type": "string", "description": "Owner's mailing address, street, city, state and ZIP."}},
        ["impound_id", "owner_address"])
    text = _query(notice, {"impound_id": "IMP-14177", "owner_address": "897 Mcdonald Street, Raleigh, NC 27614"})
    assert "owner's address 897 Mcdonald Street" in text and " in 897" not in text, text
    run = _tool("update_bottling_run", "Change a booked bottling run.", {
        "bottling_run_id": {"type": "string", "description": "Run id, e.g. 'BR-2025-014'."},
        "cases": {"type": "integer", "minimum": 50, "maximum": 5000, "description": "New number of cases."},
        "closure": {"type": "string", "enum": ["natural_cork", "screwcap"], "description": "New closure type."}},
        ["bottling_run_id"])
    text = _query(run, {"bottling_run_id": "BR-2025-033", "cases": 274, "closure": "screwcap"})
    assert "274 cases" in text and "cases 274" not in text, text
    assert "a screwcap closure" in text and "for screwcap" not in text, text


def test_a_hold_that_ends_on_a_day_lasts_until_it() -> None:
    """A police hold's `hold_until` is the day it ends (set 33, second reading: "no earlier than June 2"
    read as when the hold starts); only a description that says the act waits makes it a start."""
    from generator.phrasebook.terms import term

    ends = {"type": "string", "format": "date", "description": "Day the hold ends if the agency gave one, YYYY-MM-DD."}
    waits = {"type": "string", "description": "Do not send before this date, YYYY-MM-DD."}
    assert term("hold_until", ends).role == "until"
    assert term("hold_until", waits).role == "not_before"


def test_a_replaced_claim_a_letter_and_a_frequency_read_right() -> None:
    """Second set-33 reading: "create professional claim CLM-... for claim frequency 7" (the replaced
    claim read as the new one), "the letters of the diagnoses f and j", "with the quarterly filing
    frequency TTB" ("Filing frequency TTB assigned: ...")."""
    from generator.phrasebook.terms import term

    claim = _tool("create_claim", "Create a professional claim for a patient's visit.", {
        "patient_account_id": {"type": "string", "description": "Patient account, e.g. 'PA-104382'."},
        "original_claim_id": {"type": "string", "description": "Claim id of the claim being replaced, e.g. "
                              "'CLM-2025-004821'."},
        "lines": {"type": "array", "description": "Procedures billed.", "items": {"type": "object", "properties": {
            "procedure_code": {"type": "string", "description": "CPT code, e.g. '99214'."},
            "pointers": {"type": "array", "items": {"type": "string", "enum": ["A", "B", "C", "D"]},
                         "description": "Letters of the diagnoses this line treats."}}}}}, ["patient_account_id"])
    text = _query(claim, {"patient_account_id": "PA-141777", "original_claim_id": "CLM-2025-004821",
                          "lines": [{"procedure_code": "99214", "pointers": ["B", "D"]}]})
    assert "replacing claim CLM-2025-004821" in text and "claim CLM-2025-004821 for patient" not in text, text
    assert "a professional claim" in text, text
    assert "B and D" in text, text
    said = term("period_type", {"type": "string", "enum": ["monthly", "quarterly"], "description":
                                "Filing frequency TTB assigned: monthly for large wineries, quarterly for small ones."})
    assert said.noun == "filing frequency", said


def test_a_year_left_to_the_history_is_a_year() -> None:
    from generator.core.plan import history_noun

    tool = _tool("search_lots", "Search wine lots.", {
        "vintage": {"type": "integer", "description": "Harvest year of the lot."}}, [])
    assert history_noun("vintage", tool) == "harvest year", history_noun("vintage", tool)  # never "the amount I
    # always use"; the thing of "Harvest year of the lot" is the year (set 38)


def test_a_thing_and_its_state_in_able_is_said_with_the_thing() -> None:
    """`keys_available`: "with the keys not available", never "that are not keys available" (set 33,
    third reading: 22 rows); an adjective alone in -able stays a filter."""
    from generator.phrasebook.fragments import bool_words

    assert bool_words("keys_available", "Keys are with the vehicle.") == ("with the keys available",
                                                                           "with the keys not available")
    assert bool_words("rechargeable", "") == ("that are rechargeable", "that are not rechargeable")
