"""Replies a capable model gave that the checks once rejected falsely (issue 24), each with the
reply that really is wrong beside it:

1. a structured value is read by its leaves ("billed to the owner, 4 hours of labor, parts
   KNK-E50 x4"), a dropped leaf named on its own; a flag is read by the negation of its own
   wording ("the hazmat responder has not been called") and "X or not" says no filter;
2. a hint phrase bends with articles, inflection and word order ("the capital of the Netherlands");
3. the prompt gives a structured value as its facts, leaf by leaf, never as a run-on phrase.

The reply texts are the model's own (the LLM play runs of issue 24); the tools are small
catalog-shaped stand-ins with the same schemas.
"""

from __future__ import annotations

from generator.core.plan import plan_explicit
from generator.records import Target, Tool, ToolCall, ToolHints
from generator.validators import VALIDATORS
from generator.validators.phrases import phrase_said
from generator.writers.base import WriteRequest
from generator.writers.llm import messages

RELEASE = Tool(
    name="cars.releaseBadOrder", app="", api="cars.releaseBadOrder", domain="freight",
    description="Release a bad-ordered car back to service after repair.",
    parameters={"type": "object", "required": ["car_id", "released_by", "repair"], "properties": {
        "car_id": {"type": "string"}, "released_by": {"type": "string"},
        "repair": {"type": "object", "properties": {
            "work_performed": {"type": "string"}, "labor_hours": {"type": "number"},
            "parts": {"type": "array", "items": {"type": "object", "properties": {
                "part_number": {"type": "string"}, "quantity": {"type": "integer"}}}},
            "billing_party": {"type": "string"}}}}})

REPAIR = {"billing_party": "owner", "labor_hours": 12.0,
          "parts": [{"part_number": "WHL-36-CJ33", "quantity": 2}, {"part_number": "HBC-0516", "quantity": 1},
                    {"part_number": "HBC-0516", "quantity": 1}],
          "work_performed": "replaced L2 wheelset, flat spot 3 in."}
REPAIR_REPLY = ("Release TTGX 982315 back to service, released by QMI-0457: billed to the owner, 12 hours of labor, "
                "parts used WHL-36-CJ33 x2, HBC-0516 x1 and HBC-0516 x1, work performed replaced L2 wheelset, "
                "flat spot 3 in.")

INCIDENT = Tool(
    name="incidents.report", app="", api="incidents.report", domain="linen",
    description="Report a safety incident in the plant.",
    parameters={"type": "object", "required": ["batch_id", "exposure"], "properties": {
        "batch_id": {"type": "string"},
        "exposure": {"type": "object", "properties": {
            "employee_id": {"type": "string", "description": "e.g. E-2291"},
            "injury_type": {"type": "string", "description": "e.g. needlestick, splash to eyes"},
            "first_aid_given": {"type": "boolean"}, "sent_for_evaluation": {"type": "boolean"}}}}})

EXPOSURE = {"employee_id": "E-1187", "injury_type": "puncture wound", "first_aid_given": True,
            "sent_for_evaluation": False}
EXPOSURE_REPLY = ("Report the incident in wash batch BT-240611-017: Employee E-1187 was exposed with a puncture "
                  "wound, first aid was given and they were not sent for evaluation.")

BAD_ORDER = Tool(
    name="cars.badOrder", app="", api="cars.badOrder", domain="freight",
    description="Bad order a car for a defect.",
    parameters={"type": "object", "required": ["car_id", "hazmat_responder_notified"], "properties": {
        "car_id": {"type": "string"}, "hazmat_responder_notified": {"type": "boolean", "default": False}}},
    hints=ToolHints(nouns={"hazmat_responder_notified": "hazmat responder notification"},
                    surface={"hazmat_responder_notified": {
                        "true": "with the hazmat responder already notified",
                        "false": "before the hazmat responder has been called"}}))

SEARCH = Tool(
    name="cars.search", app="", api="cars.search", domain="freight",
    description="Search cars in the yard.",
    parameters={"type": "object", "required": ["car_type"], "properties": {
        "car_type": {"type": "string"}, "hazmat_only": {"type": "boolean", "default": False}}},
    hints=ToolHints(nouns={"hazmat_only": "hazmat cars only"},
                    surface={"hazmat_only": {"true": "hazmat", "false": "all"}}))


def _req(tool: Tool, args: dict[str, object]) -> WriteRequest:
    t = Target(id="t", kind="single", offered=[tool.name], time="2025-06-02 08:00",
               calls=[ToolCall(tool=tool.name, arguments=args)])
    return WriteRequest(target=t, plan=plan_explicit(t), tools=[tool], n=1)


def _stated(req: WriteRequest, text: str) -> list[str]:
    return [v.reason or "" for v in VALIDATORS.get("stated_present")(req, [text]) if not v.ok]


# ---------------------------------------------------------------- 1. leaves, flags


def test_a_repair_said_naturally_is_stated_leaf_by_leaf() -> None:
    req = _req(RELEASE, {"car_id": "TTGX 982315", "released_by": "QMI-0457", "repair": REPAIR})
    assert _stated(req, REPAIR_REPLY) == []
    assert _stated(req, "Release TTGX 982315, released by QMI-0312: billed to the owner, 4 hours of labor, parts "
                        "KNK-E50 x4, SS-B18 x4 and SS-B18 x1, work performed replaced bent B-end sill step.") != []


def test_a_dropped_leaf_is_named_on_its_own() -> None:
    req = _req(RELEASE, {"car_id": "TTGX 982315", "released_by": "QMI-0457", "repair": REPAIR})
    problems = _stated(req, REPAIR_REPLY.replace("WHL-36-CJ33 x2", "WHL-36-CJ33"))
    assert problems == ["query 1 does not state the quantity 2 of part WHL-36-CJ33 (in the repair)"]
    problems = _stated(req, REPAIR_REPLY.replace("billed to the owner, ", ""))
    assert len(problems) == 1 and "billing party 'owner'" in problems[0]


def test_an_exposure_said_naturally_is_stated_and_a_wrong_flag_is_not() -> None:
    req = _req(INCIDENT, {"batch_id": "BT-240611-017", "exposure": EXPOSURE})
    assert _stated(req, EXPOSURE_REPLY) == []
    wrong = _stated(req, EXPOSURE_REPLY.replace("they were not sent", "they were sent"))
    assert len(wrong) == 1 and "sent for evaluation" in wrong[0]


def test_a_flag_is_stated_by_the_negation_of_its_own_wording() -> None:
    req = _req(BAD_ORDER, {"car_id": "GATX 203411", "hazmat_responder_notified": False})
    said = ("Bad order GATX 203411 for a brake defect, severity shop: the carman found a bent sill step B-end "
            "right side, and the hazmat responder has not been called yet.")
    assert _stated(req, said) == []
    assert _stated(req, said.replace("has not been called yet", "has been called")) != []


def test_either_way_states_no_filter() -> None:
    req = _req(SEARCH, {"car_type": "GB", "hazmat_only": False})
    said = "hey can you find empty GB cars, hazmat or not?"
    assert _stated(req, said) == []
    assert _stated(req, "hey can you find empty GB cars, hazmat ones only?") != []


# ---------------------------------------------------------------- 2. hints bend


def test_a_hint_bends_with_its_article_and_word_order() -> None:
    reply = ("I'm trying to get 1 passenger from the capital of Portugal to the capital of the Netherlands on "
             "June 3, 2025.")
    assert phrase_said(reply, "the capital of Netherlands")
    assert phrase_said("fly me to the Netherlands' capital", "the capital of Netherlands")
    assert not phrase_said(reply.replace("the Netherlands", "Spain"), "the capital of Netherlands")
    assert not phrase_said("three hundred five guests", "five hundred three guests")  # numbers keep their order


SLOT = Tool(
    name="stands.allocate", app="", api="stands.allocate", domain="ground handling",
    description="Allocate a stand to a turnaround for a time slot.",
    parameters={"type": "object", "required": ["turn_id", "from_time", "to_time"], "properties": {
        "turn_id": {"type": "string"},
        "from_time": {"type": "string", "format": "date-time"},
        "to_time": {"type": "string", "format": "date-time"}}})


def test_a_date_time_is_stated_by_its_date_and_time_in_either_order_and_a_slot_shares_its_day() -> None:
    """Set 9 (ground handling): "10:15 am UTC on June 2, 2025" and "from 10:15 to 11:15 am UTC on
    June 2, 2025" were refused; only date-first passed."""
    req = _req(SLOT, {"turn_id": "TX-0001", "from_time": "2025-06-02T10:15:00Z", "to_time": "2025-06-02T11:15:00Z"})
    for said in ("Please allocate stand 12 to TX-0001 from 10:15 to 11:15 am UTC on June 2, 2025.",
                 "Please allocate stand 12 to TX-0001 from 10:15 am UTC on June 2, 2025 to 11:15 am UTC on June 2, 2025.",
                 "Please allocate stand 12 to TX-0001 from June 2, 2025 at 10:15 am UTC to June 2, 2025 at 11:15 am UTC."):
        assert _stated(req, said) == [], said
    assert _stated(req, "Please allocate stand 12 to TX-0001 from 10:15 to 11:15 am UTC on June 3, 2025.") != []


# ---------------------------------------------------------------- 3. the prompt gives facts


def test_the_prompt_gives_a_structured_value_leaf_by_leaf() -> None:
    req = _req(INCIDENT, {"batch_id": "BT-240611-017", "exposure": EXPOSURE})
    prompt = messages(req, 5)[1]["content"]
    assert "employee: E-1187; injury type: puncture wound; first aid given: yes; sent for evaluation: no" in prompt
    assert "without sent for evaluation" not in prompt
    req = _req(RELEASE, {"car_id": "TTGX 982315", "released_by": "QMI-0457", "repair": REPAIR})
    prompt = messages(req, 5)[1]["content"]
    assert "part 1 (part number: WHL-36-CJ33, quantity: 2), part 2 (part number: HBC-0516, quantity: 1)" in prompt
    assert "with a quantity of" not in prompt
