"""Values fixed in set 47 (a cord blood bank, an asphalt paving contractor, a cannabis dispensary): a
date a record tool writes down lies in the last few days, never a week ahead; a mother's first name
is a woman's and her birth makes her of child-bearing age; "Name of the FDA-registered donor testing
laboratory" is a laboratory, never a person; a list of "witnesses" holds names, never "witnesse 4"."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from generator.core import lore, semantic
from generator.core.value_sense import _named_sexes
from generator.core.values import REFERENCE_TIME, sample_arguments, value_for
from generator.records import Tool

PROCESSING = Tool(
    name="record_processing_results", app="bank", api="record_processing_results", domain="set47a",
    description="Record the processing of a received unit: volume reduction, cell counts and culture.",
    parameters={"type": "object", "required": ["unit_id", "processing_date"], "properties": {
        "unit_id": {"type": "string", "description": "Unit id, e.g. 'CBU-2025-00123'."},
        "processing_date": {"type": "string", "format": "date", "description": "Date processing started, YYYY-MM-DD."},
        "next_review_date": {"type": "string", "format": "date", "description": "Next review, YYYY-MM-DD."}}})
DONOR = Tool(
    name="register_maternal_donor", app="bank", api="register_maternal_donor", domain="set47a",
    description="Register a mother who has signed the informed consent to donate her baby's cord blood.",
    parameters={"type": "object", "required": ["mother_first_name", "mother_last_name", "mother_date_of_birth"],
                "properties": {
                    "mother_first_name": {"type": "string", "description": "Mother's legal first name."},
                    "mother_last_name": {"type": "string", "description": "Mother's legal last name."},
                    "mother_date_of_birth": {"type": "string", "format": "date",
                                             "description": "Mother's date of birth, YYYY-MM-DD."}}})
DESTRUCTION = Tool(
    name="schedule_waste_destruction", app="desk", api="schedule_waste_destruction", domain="set47c",
    description="Schedule destruction of cannabis waste, on camera, with two employees as witnesses.",
    parameters={"type": "object", "required": ["witnesses"], "properties": {
        "witnesses": {"type": "array", "minItems": 2, "maxItems": 4, "items": {"type": "string"},
                      "description": "Full names of the employees witnessing, at least two."}}})


def _draws(tool: Tool, n: int = 30) -> list[dict]:
    tool = lore.annotate([tool])[0]
    rng = random.Random(47)
    return [sample_arguments(tool, rng, optional_rate=1.0) for _ in range(n)]


def test_a_record_tools_dates_lie_behind_the_call():
    today = REFERENCE_TIME.date()
    days = [datetime.fromisoformat(a["processing_date"]).date() for a in _draws(PROCESSING)]
    assert all(today - timedelta(days=10) <= d <= today for d in days), days
    assert any(datetime.fromisoformat(a["next_review_date"]).date() > today for a in _draws(PROCESSING)), \
        "a date its words put ahead stays free to lie ahead"


def test_a_recorded_moment_is_read_only_for_record_tools():
    schema = {"type": "string", "format": "date", "description": "Date processing started."}
    assert lore.recorded_moment(PROCESSING, "processing_date", schema)
    scheduling = PROCESSING.model_copy(update={"name": "schedule_processing", "api": "schedule_processing"})
    assert not lore.recorded_moment(scheduling, "processing_date", schema)
    assert not lore.recorded_moment(PROCESSING, "expiration_date", {**schema, "description": "Expiration date."})


def test_a_mother_is_a_woman_of_child_bearing_age():
    female, _ = _named_sexes()
    draws = _draws(DONOR, 40)
    firsts = [a["mother_first_name"] for a in draws]
    assert all(f in female for f in firsts), firsts
    years = [(REFERENCE_TIME - datetime.fromisoformat(a["mother_date_of_birth"])).days / 365.25 for a in draws]
    assert all(18 <= y <= 45 for y in years), years


def test_a_laboratory_named_in_the_description_is_no_person():
    rng = random.Random(3)
    schema = {"type": "string", "description": "Name of the FDA-registered donor testing laboratory."}
    names = [value_for(schema, rng, name="testing_lab") for _ in range(10)]
    assert all(n.endswith("Laboratory") for n in names), names
    crew = {"type": "string", "description": "Name of the crew member applying the treatment."}
    assert not str(value_for(crew, rng, name="applicator")).endswith(("Member", "Treatment"))


def test_witnesses_are_named_people():
    for a in _draws(DESTRUCTION, 10):
        assert all(len(w.split()) == 2 and not w.lower().startswith("witness") for w in a["witnesses"]), a
    assert semantic.singular("witnesses") == "witness"


ADJUST = Tool(
    name="adjust_package_quantity", app="desk", api="adjust_package_quantity", domain="set47c",
    description="Adjust a package's quantity when the count or weight is wrong.",
    parameters={"type": "object", "required": ["adjustment", "reason"], "properties": {
        "adjustment": {"type": "number", "minimum": -1000, "maximum": 1000,
                       "description": "Change in quantity, negative for a loss, in the package's unit."},
        "reason": {"type": "string", "enum": ["moisture_loss", "theft", "damage", "count_correction"],
                   "description": "Reason."}}})
CHANGE = Tool(
    name="create_change_order", app="paving", api="create_change_order", domain="set47b",
    description="Write a change order on a job. Amount is positive for added work and negative for deductions.",
    parameters={"type": "object", "required": ["change_type", "amount_usd"], "properties": {
        "change_type": {"type": "string", "enum": ["added_quantity", "deleted_quantity"], "description": "Kind."},
        "amount_usd": {"type": "number", "minimum": -500000, "maximum": 500000, "description": "Change in US dollars."}}})


def test_a_change_signed_by_its_words_takes_the_reasons_sign():
    draws = _draws(ADJUST, 40)
    assert all(a["adjustment"] < 0 for a in draws if a["reason"] in ("moisture_loss", "theft", "damage")), draws
    assert any(a["adjustment"] > 0 for a in draws if a["reason"] == "count_correction"), "a correction keeps its sign"
    orders = _draws(CHANGE, 30)
    assert all(a["amount_usd"] < 0 for a in orders if a["change_type"] == "deleted_quantity")
    assert all(a["amount_usd"] > 0 for a in orders if a["change_type"] == "added_quantity")


LIMITS = Tool(
    name="get_purchase_limits", app="desk", api="get_purchase_limits", domain="set47c",
    description="Get what a checked-in customer may still buy today, across every dispensary in the state.",
    parameters={"type": "object", "required": ["visit_id"], "properties": {
        "visit_id": {"type": "string", "pattern": "^V-[0-9]{8}-[0-9]{4}$",
                     "description": "Visit id from check-in, e.g. 'V-20250314-0042'."}}})
RETURN = Tool(
    name="record_return", app="desk", api="record_return", domain="set47c",
    description="Record a product returned by a customer against its sale.",
    parameters={"type": "object", "required": ["sale_id", "return_date"], "properties": {
        "sale_id": {"type": "string", "pattern": "^S-[0-9]{8}-[0-9]{4}$", "description": "Sale id, e.g. 'S-20250314-0042'."},
        "return_date": {"type": "string", "format": "date", "description": "Date of the return, YYYY-MM-DD."}}})


def test_a_days_own_work_acts_on_todays_records_and_after_them():
    day = REFERENCE_TIME.strftime("%Y%m%d")
    assert all(a["visit_id"][2:10] == day for a in _draws(LIMITS, 20))
    for a in _draws(RETURN, 30):
        assert a["return_date"].replace("-", "") >= a["sale_id"][2:10], a
