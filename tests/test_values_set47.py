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


TAGS = Tool(
    name="get_package", app="desk", api="get_package", domain="set47c", description="Get one package.",
    parameters={"type": "object", "required": ["package_tag"], "properties": {
        "package_tag": {"type": "string", "pattern": "^1A4[0-9A-Z]{21}$",
                        "description": "Package tag: '1A4' followed by 21 capital letters or digits, "
                                       "e.g. '1A40603000012A5000004231'."}}})
MIX = Tool(
    name="order_hot_mix", app="paving", api="order_hot_mix", domain="set47b",
    description="Order hot-mix asphalt for a paving day. Order the estimated tons plus about 5% waste. A tri-axle "
                "carries about 16-18 tons, a tractor-trailer end dump about 22-24 tons.",
    parameters={"type": "object", "required": ["tons"], "properties": {
        "tons": {"type": "number", "minimum": 5, "maximum": 3000, "description": "Tons ordered."}}})


def test_an_id_drawn_from_its_pattern_keeps_its_examples_shape():
    for a in _draws(TAGS, 20):
        tag = a["package_tag"]
        assert sum(c.isdigit() for c in tag[3:]) >= 19, tag


def test_what_one_truck_carries_is_no_days_order():
    assert all(a["tons"] > 30 for a in _draws(MIX, 20))


_DRAW_ELD = """
import json, random
from generator.core import lore
from generator.core.values import sample_arguments
from generator.records import Tool
tool = Tool(name="list_hos_violations", app="eld", api="list_hos_violations", domain="set47",
            description="List hours-of-service violations found in drivers' logs.",
            parameters={"type": "object", "required": [], "properties": {
                "terminal": {"type": "string", "enum": ["DAL", "ATL", "CHI"], "description": "Home terminal."},
                "start_date": {"type": "string", "format": "date", "description": "Earliest log date (YYYY-MM-DD)."},
                "end_date": {"type": "string", "format": "date",
                             "description": "Latest log date (YYYY-MM-DD), on or after start_date, at most 92 days later."}}})
tool = lore.annotate([tool])[0]
rng = random.Random(7)
print(json.dumps([sample_arguments(tool, rng) for _ in range(6)], sort_keys=True))
"""


def test_a_draw_is_the_same_under_every_hash_seed():
    """One config and seed, one file: no draw follows a set's order, which the hash seed sets (set 47:
    a log search's dates swapped under one seed in three)."""
    import os
    import subprocess
    import sys

    outs = {subprocess.run([sys.executable, "-c", _DRAW_ELD], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("0", "1", "3")}
    assert len(outs) == 1, outs


ESTIMATE = Tool(
    name="create_estimate", app="paving", api="create_estimate", domain="set47b",
    description="Create a paving estimate. Surface courses are 9.5 mm mix at 1.25 to 2 in; 12.5 mm mix at 1.5 to 2.5 "
                "in; 19 mm and 25 mm base mixes at 2.5 to 4 in per lift.",
    parameters={"type": "object", "required": ["mix_design", "lift_thickness_in"], "properties": {
        "lift_thickness_in": {"type": "number", "minimum": 1.0, "maximum": 4.0, "description": "Thickness of each lift."},
        "milling_depth_in": {"type": "number", "minimum": 0.25, "maximum": 6.0, "description": "Depth to mill."},
        "mix_design": {"type": "string", "description": "Superpave mix.",
                       "enum": ["9.5mm_superpave", "12.5mm_superpave", "19mm_superpave", "25mm_superpave_base"]}}})
TACK = Tool(
    name="record_tack_coat", app="paving", api="record_tack_coat", domain="set47b",
    description="Record a tack coat. Rates are in gallons per square yard: about 0.03-0.05 on new asphalt, 0.05-0.08 "
                "on existing asphalt, 0.07-0.10 on milled surfaces and concrete.",
    parameters={"type": "object", "required": ["surface_type", "application_rate_gal_sy"], "properties": {
        "surface_type": {"type": "string", "enum": ["new_asphalt", "existing_asphalt", "milled_asphalt", "concrete"],
                         "description": "Surface tacked."},
        "application_rate_gal_sy": {"type": "number", "minimum": 0.02, "maximum": 0.15, "description": "Rate."}}})
BANDS = {"new_asphalt": (0.03, 0.05), "existing_asphalt": (0.05, 0.08), "milled_asphalt": (0.07, 0.1),
         "concrete": (0.07, 0.1)}


def test_a_band_said_per_member_in_words_holds():
    from generator.core import dependencies

    thick = {"9.5mm_superpave": (1.25, 2.0), "12.5mm_superpave": (1.5, 2.5), "19mm_superpave": (2.5, 4.0),
             "25mm_superpave_base": (2.5, 4.0)}
    for a in _draws(ESTIMATE, 30):
        lo, hi = thick[a["mix_design"]]
        assert lo <= a["lift_thickness_in"] <= hi, a
    for a in _draws(TACK, 30):
        lo, hi = BANDS[a["surface_type"]]
        assert lo <= a["application_rate_gal_sy"] <= hi, a
    sewer = dependencies.rules("Method limits: cured_in_place_lining for 6-84 inch pipe; pipe_bursting for 6-24 inch pipe.",
                               {"activity": {"type": "string", "enum": ["cured_in_place_lining", "pipe_bursting"]},
                                "work_length_ft": {"type": "number", "minimum": 1, "maximum": 2000}})
    assert not [r for r in sewer if r.kind == "band_if"], sewer


INVOICE = Tool(
    name="create_invoice", app="paving", api="create_invoice", domain="set47b", description="Create an invoice on a job.",
    parameters={"type": "object", "required": ["invoice_type", "retainage_percent"], "properties": {
        "invoice_type": {"type": "string", "enum": ["progress", "final", "retainage_release"], "description": "Kind."},
        "retainage_percent": {"type": "number", "minimum": 0, "maximum": 10,
                              "description": "Retainage withheld, percent; 0 on a retainage release."}}})
TICKET = Tool(
    name="record_truck_ticket", app="paving", api="record_truck_ticket", domain="set47b", description="Record a ticket.",
    parameters={"type": "object", "required": ["rejection_reason"], "properties": {
        "rejected": {"type": "boolean", "default": False, "description": "The load was rejected at the paver."},
        "rejection_reason": {"type": "string", "enum": ["too_cold", "segregated"],
                             "description": "Why the load was rejected."}}})
DENSITY = Tool(
    name="record_density_test", app="paving", api="record_density_test", domain="set47b",
    description="Record a density test. Percent compaction is the wet density divided by the maximum theoretical "
                "(Rice) density of the mix; the spec band is 92.0 to 97.0 percent.",
    parameters={"type": "object", "required": ["wet_density_pcf", "rice_density_pcf", "percent_compaction"],
                "properties": {
                    "wet_density_pcf": {"type": "number", "minimum": 120, "maximum": 165, "description": "Wet density."},
                    "rice_density_pcf": {"type": "number", "minimum": 140, "maximum": 165, "description": "Rice density."},
                    "percent_compaction": {"type": "number", "minimum": 80, "maximum": 100,
                                           "description": "Wet density as a percent of the Rice density."}}})


def test_values_a_member_or_a_quotient_gives():
    assert all(a["retainage_percent"] == 0 for a in _draws(INVOICE, 30) if a["invoice_type"] == "retainage_release")
    assert any(a["retainage_percent"] > 0 for a in _draws(INVOICE, 30) if a["invoice_type"] != "retainage_release")
    assert all(a.get("rejected") is True for a in _draws(TICKET, 10))
    for a in _draws(DENSITY, 20):
        assert abs(a["wet_density_pcf"] / a["rice_density_pcf"] * 100 - a["percent_compaction"]) < 0.6, a


def test_a_history_hints_noun_keeps_its_head():
    from generator.core.plan import history_noun

    waste = Tool(name="schedule_waste_destruction", app="desk", api="schedule_waste_destruction", domain="set47c",
                 description="Schedule destruction of cannabis waste.",
                 parameters={"type": "object", "properties": {
                     "mixed_with": {"type": "string", "enum": ["kitty_litter", "soil", "sawdust"],
                                    "description": "Non-cannabis waste it is mixed with."}}})
    assert history_noun("mixed_with", waste) == "non-cannabis waste"
    typing = Tool(name="search_units", app="bank", api="search_units", domain="set47a", description="Search units.",
                  parameters={"type": "object", "properties": {
                      "patient_hla_drb1": {"type": "array", "items": {"type": "string"},
                                           "description": "Patient's HLA-DRB1 alleles, exactly two."}}})
    assert history_noun("patient_hla_drb1", typing) == "patient HLA DRB1"


MAT = Tool(
    name="record_mat_temperature", app="paving", api="record_mat_temperature", domain="set47b",
    description="Record a mat temperature reading behind the screed. For PG 64-22 mixes the mat should be at least "
                "250 F behind the screed (275 F for polymer-modified binders).",
    parameters={"type": "object", "required": ["mat_temperature_f"], "properties": {
        "mat_temperature_f": {"type": "number", "minimum": 150, "maximum": 350, "description": "Mat temperature, F."},
        "air_temperature_f": {"type": "number", "minimum": -10, "maximum": 115, "description": "Air temperature, F."}}})


def test_a_floor_said_of_a_readings_thing_holds():
    assert all(250 <= a["mat_temperature_f"] <= 350 for a in _draws(MAT, 20))
