"""What a tool returns, read from its "Returns ..." clause (set 30): an example in "(e.g. ...)"
ends no sentence; an item's form and use are no part of its name ("the 9-digit PRO number that
tracks the freight" is pro_number); a condition between commas is no item; what a figure is
computed from is no field of the output; quoted example codes are no field names."""

from __future__ import annotations

import pytest

from generator.records import Tool
from generator.traject.graph import output_fields


def _tool(description: str) -> Tool:
    return Tool(name="do_it", app="x", api="do_it", domain="x", description=description,
                parameters={"type": "object", "properties": {}, "required": []})


@pytest.mark.parametrize(("description", "fields"), [
    (("Tender a shipment. Returns the 9-digit PRO number that tracks the freight until delivery (e.g. '482019375') "
      "and the BOL number. This does not send a driver."), ["pro_number", "bol_number"]),
    (("Reject a specimen. Returns a rejection id and, when a recollection is requested, the new order_id sent to "
      "the ordering office."), ["rejection_id", "order_id"]),
    ("Search films. Returns each title with movie_id, year, rating and where to stream.",
     ["movie_id", "year", "rating", "where_to_stream"]),
    ("Record a collection. Returns the accession number (e.g. 'A251840917') to print on the tube labels.",
     ["accession_number"]),
    (("Log a water test. Returns a test_id and the Langelier saturation index (LSI) computed from pH, alkalinity, "
      "calcium, temperature and CYA."), ["test_id", "langelier_saturation_index"]),
    ("Record a chemical. Returns the addition's id and the billed amount.", ["addition_id", "billed_amount"]),
    (("Find a terminal. Returns its three-letter terminal code (e.g. 'ATL', 'DFW'), address, phone number and dock "
      "hours."), ["terminal_code", "address", "phone_number", "dock_hours"]),
    ("Get a document. Returns a download URL valid for 24 hours.", ["download_url"]),
    ("Register a patient. Returns the new patient_id, for example 'PT0482913' or 'PT0000001'.", ["patient_id"]),
])
def test_the_returns_clause_names_the_fields(description: str, fields: list[str]) -> None:
    assert output_fields(_tool(description)) == fields


def _lab(name: str, description: str, properties: dict, required: list[str]) -> Tool:
    return Tool(name=name, app="lab", api=name, domain="lab", description=description,
                parameters={"type": "object", "properties": properties, "required": required})


def test_a_changed_record_comes_back_as_changed_and_listed_values_are_kept() -> None:
    import random

    from generator.traject.simulate import simulate_output

    move = _lab("reschedule_appointment", "Move an appointment to another time. Returns the updated appointment.",
                {"appointment_id": {"type": "string"}, "new_date": {"type": "string", "format": "date"},
                 "new_time": {"type": "string"}}, ["appointment_id", "new_date", "new_time"])
    args = {"appointment_id": "APT-1857027", "new_date": "2025-06-04", "new_time": "13:15"}
    out = simulate_output(move, args, random.Random(1))
    assert all(repr(v) in out for v in args.values()) and "location" not in out and "event" not in out, out
    results = _lab("get_results", "Get the results of an accession. Returns each result with value, unit, flag (L, H, "
                                  "LL or HH for critical) and status (preliminary, final or corrected).",
                   {"accession_number": {"type": "string"}}, ["accession_number"])
    for seed in range(5):
        out = simulate_output(results, {"accession_number": "A251840917"}, random.Random(seed))
        assert any(f"'flag': '{v}'" in out for v in ("L", "H", "LL", "HH")), out


def test_a_record_just_made_is_never_searched_for_by_its_new_id() -> None:
    from generator.traject.graph import id_source

    register = _lab("register_patient", "Register a new patient. Returns the new patient_id (e.g. 'PT0482913').",
                    {"first_name": {"type": "string"}}, ["first_name"])
    search = _lab("search_patients", "Find a patient. Returns matching patients with patient_id and name.",
                  {"patient_id": {"type": "string"}}, [])
    order = _lab("create_lab_order", "Enter a test requisition. Returns the order_id.",
                 {"patient_id": {"type": "string"}}, ["patient_id"])
    assert id_source(register, search, "patient_id") == ""
    assert id_source(register, order, "patient_id") == "patient_id"


def test_outputs_hold_the_catalog_s_codes_and_real_days() -> None:
    import random
    from datetime import datetime

    from generator.traject.fresh import fresh_id
    from generator.traject.simulate import fake_field, vocabulary

    order = _lab("check_tests", "Check tests against coverage.", {"diagnosis_codes": {
        "type": "array", "items": {"type": "string", "pattern": "^[A-Z][0-9][0-9A-Z](\\.[0-9A-Z]{1,4})?$"},
        "description": "ICD-10-CM diagnosis codes, with the dot, e.g. 'E11.9', 'E78.5', 'Z00.00'."}}, ["diagnosis_codes"])
    vocab = vocabulary([order])
    for seed in range(5):
        codes = fake_field("diagnosis_codes", random.Random(seed), "order", vocab)
        assert isinstance(codes, list) and set(codes) <= {"E11.9", "E78.5", "Z00.00"}, codes
    spec = {"type": "string", "pattern": "^A[0-9]{9}$", "description": "Accession number: 'A', the 2-digit year, the "
                                                                         "3-digit day of the year and a 4-digit "
                                                                         "sequence, e.g. 'A251840917'."}
    for seed in range(10):
        made = fresh_id(spec, random.Random(seed), datetime(2025, 5, 20))
        assert made and 1 <= int(made[3:6]) <= 366 and made[1:3] == "25", made
