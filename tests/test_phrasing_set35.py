"""Phrasing the set-35 session fixed: an OCPP error code said as the trade writes it and not
refused as an identifier, a protocol message's glued name said as words, a charger by its
"identity", a price per kWh, a power cap that is no page size."""

from __future__ import annotations

from generator.core.plan import plan_explicit
from generator.phrasebook.terms import term
from generator.records import Target, Tool, ToolCall
from generator.validators import run_all
from generator.writers.base import WriteRequest
from tests.test_phrasing_set34 import _explicit

_CODES = ["ConnectorLockFailure", "EVCommunicationError", "GroundFailure", "HighTemperature", "InternalError",
          "OtherError", "OverVoltage", "WeakSignal"]


def _faults() -> Tool:
    return Tool(name="search_fault_events", app="ev", api="search_fault_events", domain="ev_set35",
                description="Search StatusNotification faults reported by chargers in a time window.",
                parameters={"type": "object", "required": ["charge_point_id", "error_code"], "properties": {
                    "charge_point_id": {"type": "string", "description": "OCPP charge box identity of one charger: "
                                        "network prefix, metro code and a four-digit number, e.g. 'VLT-PHX-0142'."},
                    "error_code": {"type": "string", "enum": _CODES, "description": "OCPP 1.6 ChargePointErrorCode."}}})


def test_a_status_code_of_a_code_family_is_said_as_written_and_accepted() -> None:
    tool = _faults()
    for code in ("OtherError", "WeakSignal", "GroundFailure"):
        args = {"charge_point_id": "VLT-PHX-2417", "error_code": code}
        text = _explicit(tool, args)
        assert code in text, text
        target = Target(id="x", kind="single", calls=[ToolCall(tool=tool.name, arguments=args)], offered=[tool.name],
                        domain=tool.domain)
        req = WriteRequest(target=target, plan=plan_explicit(target, tools={tool.name: tool}), tools=[tool], n=1)
        refused = [v.reason for v in run_all(req, [text]) if not v.ok]
        assert not refused, (text, refused)


def test_a_glued_message_name_is_said_as_words_and_a_charger_by_its_identity() -> None:
    text = _explicit(_faults(), {"charge_point_id": "VLT-PHX-2417", "error_code": "OverVoltage"})
    assert "status notification faults" in text and "statusnotification" not in text.lower(), text
    assert "identity of one charger" not in text and "VLT-PHX-2417" in text, text


def test_a_price_per_kwh_is_per_kwh_and_a_power_cap_no_page_size() -> None:
    price = term("energy_price_per_kwh", {"type": "number", "description": "Price per kWh delivered, 0 to 1.50."})
    assert price.unit == "per kWh", price
    cap = term("limit", {"type": "number", "description": "The cap in rate_unit: 6 to 80 for A, 1000 to 400000 for W."})
    assert cap.sem != "limit", cap
    page = term("limit", {"type": "integer", "description": "Maximum number of results to return."})
    assert page.sem == "limit", page


def _hold() -> Tool:
    return Tool(name="release_inventory_hold", app="wm", api="release_inventory_hold", domain="wm_set35",
                description="Release a hold so the stock can be allocated again, or dispose of it.",
                parameters={"type": "object", "required": ["hold_id", "disposition"], "properties": {
                    "hold_id": {"type": "string", "description": "Hold id, e.g. 'HLD-30417'."},
                    "disposition": {"type": "string", "enum": ["release", "destroy", "return_to_vendor"],
                                    "description": "What happens to the held stock."}}})


def test_the_verb_of_a_tool_is_kept_when_it_is_another_member_of_a_choice() -> None:
    text = _explicit(_hold(), {"hold_id": "HLD-18271", "disposition": "destroy"})
    assert "release" in text.split("HLD-18271")[0], text


def _adjust() -> Tool:
    return Tool(name="adjust_inventory", app="wm", api="adjust_inventory", domain="wm_set35",
                description="Post an inventory adjustment at one location.",
                parameters={"type": "object", "required": ["quantity_change", "reason_code"], "properties": {
                    "quantity_change": {"type": "integer", "description": "Change in eaches, positive or negative."},
                    "reason_code": {"type": "string", "enum": ["DMG", "CC", "FND"], "description":
                                    "Adjustment reason: DMG damaged in warehouse, CC cycle count variance, FND found "
                                    "stock."}}})


def test_a_code_listed_with_its_meaning_is_said_by_it_and_read_back() -> None:
    from generator.reader.meanings import meanings

    text = _explicit(_adjust(), {"quantity_change": 3, "reason_code": "CC"})
    assert "cycle count variance" in text and " CC" not in text, text
    spec = _adjust().properties["reason_code"]
    assert meanings(spec["enum"], "reason_code", spec["description"])["CC"] == ("cycle count variance",)


def test_one_unit_is_singular() -> None:
    text = _explicit(_adjust(), {"quantity_change": 1, "reason_code": "FND"})
    assert "1 each" in text and "1 eaches" not in text, text
    assert "3 eaches" in _explicit(_adjust(), {"quantity_change": 3, "reason_code": "FND"})


def test_one_of_two_things_of_a_line_keeps_the_first_and_as_of_is_said_as_of() -> None:
    from generator.phrasebook.intent import from_description

    tool = Tool(name="receive_asn_line", app="wm", api="receive_asn_line", domain="wm_set35",
                description="Receive one pallet or case of an ASN line at a dock door and label it with an LPN.",
                parameters={"type": "object", "properties": {}})
    assert from_description(tool) == "receive the pallet of an ASN line"
    date = term("as_of_date", {"type": "string", "format": "date", "description": "Date the policy must be in force."})
    from generator.phrasebook.terms import say

    assert say(date, "date", "June 3, 2025") == "as of June 3, 2025"


def test_a_flag_of_a_state_now_and_choices_the_request_already_names() -> None:
    from generator.phrasebook.fragments import bool_words

    assert bool_words("available_now") == ("that are available now", "including ones not available now")
    reset = Tool(name="reset_charge_point", app="ev", api="reset_charge_point", domain="ev_set35",
                 description="Reboot a charger (OCPP Reset).",
                 parameters={"type": "object", "required": ["charge_point_id", "reset_type"], "properties": {
                     "charge_point_id": {"type": "string", "description": "Charger id, e.g. 'VLT-PHX-0142'."},
                     "reset_type": {"type": "string", "enum": ["Soft", "Hard"], "description": "Soft or Hard reset."}}})
    text = _explicit(reset, {"charge_point_id": "VLT-PHX-2417", "reset_type": "Hard"})
    assert "with a hard reset" in text and "reset type" not in text, text
    change = Tool(name="change_availability", app="ev", api="change_availability", domain="ev_set35",
                  description="Change availability of a connector or the whole charger.",
                  parameters={"type": "object", "required": ["charge_point_id", "availability"], "properties": {
                      "charge_point_id": {"type": "string", "description": "Charger id, e.g. 'VLT-PHX-0142'."},
                      "availability": {"type": "string", "enum": ["Operative", "Inoperative"],
                                       "description": "Operative puts it back in service, Inoperative takes it out."}}})
    text = _explicit(change, {"charge_point_id": "VLT-PHX-2417", "availability": "Inoperative"})
    assert text.rstrip(".?!").endswith("to inoperative"), text


def test_a_loss_cause_is_a_kind_of_loss_and_whether_flags_are_clauses() -> None:
    from generator.phrasebook.fragments import bool_words
    from generator.reader.read import read_value

    cause = term("loss_cause", {"type": "string", "enum": ["backing", "hail", "falling_object"],
                                "description": "Cause of loss."})
    from generator.phrasebook.terms import say

    assert say(cause, "enum", "backing") == "for a backing loss"
    assert say(cause, "enum", "falling object") == "for a falling object loss"
    assert bool_words("vehicle_drivable", "Whether the insured vehicle can be driven.") == \
        ("where the insured vehicle can be driven", "where the insured vehicle cannot be driven")
    injured = {"type": "boolean", "description": "Whether anyone reported an injury."}
    assert bool_words("injuries_reported", injured["description"]) == \
        ("where someone reported an injury", "where no one reported an injury")
    text = "open a claim where the insured vehicle cannot be driven, where someone reported an injury"
    assert read_value(text, "injuries_reported", True, injured) is not None  # the earlier clause's "cannot"
    assert read_value("open a claim where no one reported an injury", "injuries_reported", False, injured) is not None
