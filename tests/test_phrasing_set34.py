"""Phrasing the set-34 session fixed: reasons that tell what someone did ("because the financing
fell through"), a tool of two channels as contacting, square feet, whose email, what a customer
reports, a slot time as the shop writes it, one clock for a tool's moments, and a part number
that is no distributor."""

from __future__ import annotations

from types import SimpleNamespace

from generator.core.plan import plan_explicit
from generator.phrasebook.terms import _reason_clause, term
from generator.records import Target, Tool, ToolCall
from generator.trail.targets import Candidate, Mix, _deal
from generator.writers.base import WriteRequest
from generator.writers.template import paraphrases


def test_a_reason_that_tells_what_happened_is_said_as_it_happened() -> None:
    assert _reason_clause("financing fell through") == "because the financing fell through"
    assert _reason_clause("buyer walked away") == "because the buyer walked away"
    assert _reason_clause("pet recovered") == "because the pet recovered"
    assert _reason_clause("pet deceased") == "because the pet died"
    assert _reason_clause("scheduling conflict") == "because of a scheduling conflict"
    assert _reason_clause("feeling unwell") == "because they are feeling unwell"  # a state stays one
    assert _reason_clause("order cancelled") == "because the order was cancelled"


def _shop() -> Tool:
    return Tool(name="send_customer_notification", app="shop", api="send_customer_notification", domain="shop_set34",
                description="Text or email the customer about a work order.",
                parameters={"type": "object", "required": ["work_order_id", "channel"], "properties": {
                    "work_order_id": {"type": "string", "description": "Work order number, e.g. 'WO-24817'."},
                    "channel": {"type": "string", "enum": ["sms", "email"], "description": "How to reach them."},
                    "slot": {"type": "string", "enum": ["08:00", "13:30"], "description": "Start time, HH:MM 24-hour."},
                    "client_email": {"type": "string", "format": "email", "description": "Buyer's email."},
                    "buyer_agent_email": {"type": "string", "format": "email",
                                          "description": "Buyer's real-estate agent email."},
                    "customer_concerns": {"type": "string", "description":
                                          "What the customer reports, in their words, e.g. 'front brake squeals'."},
                    "square_feet": {"type": "integer", "description": "Finished living area in square feet, 300-12000."},
                    "start": {"type": "string", "format": "date-time", "description": "Start, ISO 8601 local time."},
                    "end": {"type": "string", "format": "date-time", "description": "End; after start."}}})


def _explicit(tool: Tool, args: dict) -> str:
    """The template writer's explicit query of one call (its third paraphrase)."""
    target = Target(id="x", kind="single", calls=[ToolCall(tool=tool.name, arguments=args)], offered=[tool.name],
                    domain=tool.domain)
    req = WriteRequest(target=target, plan=plan_explicit(target, tools={tool.name: tool}), tools=[tool], n=1)
    return paraphrases(req, 3, 1)[0]


def _said(args: dict) -> str:
    return _explicit(_shop(), args)


def test_a_tool_of_two_channels_contacts_and_each_email_is_someones() -> None:
    text = _said({"work_order_id": "WO-14177", "channel": "email", "client_email": "ann@example.com",
                  "buyer_agent_email": "joe@example.net"})
    assert "contact the customer" in text and "text the customer" not in text, text
    assert "the client's email ann@example.com" in text and "the agent's email joe@example.net" in text, text


def test_a_slot_a_customers_words_and_square_feet_are_said_as_such() -> None:
    text = _said({"work_order_id": "WO-14177", "channel": "sms", "slot": "13:30", "square_feet": 2900,
                  "customer_concerns": "front brake squeals"})
    assert "at 13:30" in text and "start time" not in text, text
    assert "the customer reporting front brake squeals" in text and "customer concerns" not in text, text
    assert "2900 square feet" in text, text


def test_a_tools_moments_share_its_local_clock() -> None:
    text = _said({"work_order_id": "WO-14177", "channel": "sms", "start": "2025-06-02T19:00:00Z",
                  "end": "2025-06-05T13:45:00Z"})
    assert "UTC" not in text and "1:45 pm" in text, text


def test_one_of_two_kinds_before_a_shared_head_is_no_noun_of_its_own() -> None:
    said = term("supplier_part_number", {"type": "string", "description": "Distributor or manufacturer part number."})
    assert "distributor" not in said.noun, said
    assert term("query", {"type": "string", "description": "Medication or active ingredient"}).noun != "query"


def test_a_user_whose_next_target_costs_too_much_still_takes_a_free_one() -> None:
    costly = [Candidate("u1", k, 1.0, f"c{k}", "t", size=1) for k in range(3)]
    free = [Candidate("u1", 10 + k, 0.0, f"f{k}", "t", size=1) for k in range(5)]
    queues = {"u1": {"new": costly + free, "partial": [], "repeat": [], "recent": []}}
    pools = SimpleNamespace(queues=queues, events={"u1": []}, mean_size=1.0)
    dealt = _deal(pools, 5, Mix(fixed_budget=0.0))  # type: ignore[arg-type]
    assert [c.call for c in dealt["new"]] == [f"f{k}" for k in range(5)], dealt


def test_a_flag_of_things_done_an_enum_of_a_class_and_plural_nouns_read_right() -> None:
    from generator.phrasebook.fragments import bool_words, enum_words
    from generator.phrasebook.lexicon import is_plural

    assert bool_words("closed_house_conditions_met") == ("with the closed house conditions met",
                                                         "with the closed house conditions not met")
    assert bool_words("reached_surface_water")[0] == "reaching surface water"  # a doing stays one
    assert is_plural("vitals") and is_plural("reports") and not is_plural("status")
    assert enum_words("multi_family_2_4", "property_type", {}) == "multi-family 2-4"
    spec = {"description": "Test to run: CBC (complete blood count), FECAL_FLOT (fecal flotation)."}
    assert enum_words("FECAL_FLOT", "test_code", spec) == "fecal flotation" and enum_words("CBC", "test_code", spec) is None


def _inspection() -> Tool:
    return Tool(name="record_finding", app="inspect", api="record_finding", domain="inspect_set34",
                description="Record a finding for an inspection.",
                parameters={"type": "object", "required": ["inspection_id"], "properties": {
                    "inspection_id": {"type": "string", "description": "Inspection ID, e.g. 'INS-2025-04817'."},
                    "insect": {"type": "string", "enum": ["carpenter_ants", "old_house_borer"],
                               "description": "Insect identified."},
                    "property_type": {"type": "string", "enum": ["condo", "manufactured"],
                                      "description": "Kind of property."},
                    "lab": {"type": "string", "enum": ["in_house", "antech_reference"],
                            "description": "Where the sample is run."}}})


def test_a_member_of_a_class_an_adjective_kind_and_a_clipped_word_are_said_plainly() -> None:
    text = _explicit(_inspection(), {"inspection_id": "INS-2025-04817", "insect": "carpenter_ants",
                                     "property_type": "manufactured", "lab": "antech_reference"})
    assert "for carpenter ants" in text and "ants insect" not in text, text
    assert "manufactured property" in text and "LAB" not in text, text


def test_a_maker_a_site_a_drop_off_and_a_long_described_cost_are_said_plainly() -> None:
    from generator.phrasebook.fragments import bool_words

    assert bool_words("drop_off", "Owner drops the animal off for the day.") == ("as a drop-off", "not as a drop-off")
    assert term("estimated_repair_cost_usd", {"type": "number", "description":
                                              "Rough repair cost range midpoint in US dollars, 25-60000."}).noun == \
        "estimated repair cost"
    tool = Tool(name="record_vaccination", app="vet", api="record_vaccination", domain="vet_set34",
                description="Record a vaccine given to a patient.",
                parameters={"type": "object", "required": ["patient_id"], "properties": {
                    "patient_id": {"type": "string", "description": "Patient ID, e.g. 'PT-204815'."},
                    "manufacturer": {"type": "string", "enum": ["Zoetis", "Elanco"], "description": "Vaccine manufacturer."},
                    "site": {"type": "string", "description": "Injection site, e.g. 'right hind limb'."}}})
    text = _explicit(tool, {"patient_id": "PT-204815", "manufacturer": "Zoetis", "site": "left hind limb"})
    assert "made by Zoetis" in text and "at the left hind limb" in text, text
