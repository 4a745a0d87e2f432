"""The checks' reading the set-33 LLM player found wrong (medical billing, one player answering by
hand): "set up a claim" read as claim_frequency_code '1' ("a claim" counted one), "First, request
prior authorization ..." read as units=1 ("first request")."""

from __future__ import annotations

from generator.core.plan import plan_calls
from generator.records import Target, Tool, ToolCall
from generator.validators import VALIDATORS
from generator.writers.base import WriteRequest

CLAIM = Tool(name="create_claim", app="billing", api="create_claim", domain="billing_set33",
             description="Create a professional claim for a patient's visit.",
             parameters={"type": "object", "required": ["patient_account_id"], "properties": {
                 "patient_account_id": {"type": "string", "description": "Patient account, e.g. 'PA-104382'."},
                 "claim_frequency_code": {"type": "string", "enum": ["1", "7"], "default": "1", "description":
                                          "1 for an original claim, 7 for a replacement (corrected) claim."},
                 "units": {"type": "integer", "minimum": 1, "maximum": 99, "default": 1,
                           "description": "Units requested; 1 for visits."}}})


def _restated(text: str) -> list[str]:
    target = Target(id="x", kind="single", calls=[ToolCall(tool=CLAIM.name, arguments={
        "patient_account_id": "PA-309830", "claim_frequency_code": "1", "units": 1})], offered=[CLAIM.name],
        domain=CLAIM.domain)
    plan = plan_calls(target, {(0, "claim_frequency_code"): ("omitted", "default", None),
                               (0, "units"): ("omitted", "default", None)}, tool_modes={0: "implied"})
    req = WriteRequest(target=target, plan=plan, tools=[CLAIM], n=1)
    return [v.reason for v in VALIDATORS.get("restated")(req, [text]) if not v.ok]


def test_an_article_before_the_thing_a_code_names_is_no_code() -> None:
    assert _restated("hey, can you set up a claim for patient PA-309830?") == []
    assert _restated("Set up a claim for patient PA-309830 with claim frequency 1.")  # said as written: restated


def test_an_ordinal_that_orders_requests_is_no_count() -> None:
    assert _restated("Two things. First request a claim for patient PA-309830.") == []
    assert _restated("Set up a claim for patient PA-309830 for the first request only.")  # a count: restated
