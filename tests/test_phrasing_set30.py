"""Phrasing fixed from the set-29 readings and read again in set 30: a description noun that is one
of two kinds the value may be ("US state or Canadian province code") gives way to the name
("the jurisdiction ON", never "the US state ON"); "Exact member number" is a member ("for member
M-0860", never "for exact member"); a class with its own noun is said with it ("in the senior
membership class", never a bare "for senior")."""

from __future__ import annotations

from generator.records import Tool
from generator.testing.phrasing import explicit_query as _query
from generator.testing.phrasing import one_tool


def _tool(name: str, description: str, required: list[str], properties: dict) -> Tool:
    return one_tool(name, description, required, properties, domain="club")


FUEL = _tool("record_fuel_purchase", "Record a diesel purchase for IFTA fuel tax reporting.", ["tractor", "jurisdiction"], {
    "tractor": {"type": "string", "description": "Tractor number, e.g. '4417'."},
    "jurisdiction": {"type": "string", "description": "Two-letter US state or Canadian province code, e.g. 'TX', 'ON'."}})
MEMBERS = _tool("search_members", "Search the club's member roster by name, member number or membership class.", [], {
    "member_number": {"type": "string", "pattern": "^M-[0-9]{4}$", "description": "Exact member number, e.g. 'M-2231'."},
    "membership_class": {"type": "string", "description": "Membership class.",
                         "enum": ["full_golf", "weekday", "junior", "senior"]}})


def test_one_of_two_kinds_gives_way_to_the_name() -> None:
    for seed in range(4):
        q = _query(FUEL, {"tractor": "4417", "jurisdiction": "ON"}, seed)
        assert "jurisdiction ON" in q and "US state" not in q, q


def test_an_exact_number_is_the_thing_it_numbers() -> None:
    q = _query(MEMBERS, {"member_number": "M-0860"})
    assert "member M-0860" in q and "exact" not in q, q


def test_a_class_with_its_own_noun_is_said_with_it() -> None:
    q = _query(MEMBERS, {"membership_class": "senior"})
    assert "in the senior membership class" in q and "for senior" not in q, q


PATIENTS = _tool("search_patients", "Find a patient in the lab's records.", [], {
    "last_name": {"type": "string", "description": "Patient's last name."},
    "patient_id": {"type": "string", "pattern": "^PT[0-9]{7}$",
                   "description": "The lab's patient ID, 'PT' and 7 digits, e.g. 'PT0482913'."}})
CANCEL = _tool("cancel_appointment", "Cancel an appointment.", ["appointment_id", "reason"], {
    "appointment_id": {"type": "string", "pattern": "^APT-[0-9]{7}$", "description": "Appointment number."},
    "reason": {"type": "string", "description": "Why it is cancelled.",
               "enum": ["patient_request", "feeling_unwell", "not_fasting", "booked_elsewhere", "order_cancelled",
                        "customer_declined_quote", "duplicate"]}})
NECESSITY = _tool("check_medical_necessity", "Check tests against the payer's coverage policies.", ["payer_type"], {
    "payer_type": {"type": "string", "enum": ["medicare", "medicaid"], "description": "Kind of coverage of the patient."},
    "last_performed": {"type": "string", "format": "date",
                       "description": "Date the same test was last paid for this patient, if known, YYYY-MM-DD."}})


def test_a_name_half_is_said_by_its_own_words_and_a_keeper_s_record_by_its_thing() -> None:
    q = _query(PATIENTS, {"last_name": "Grant", "patient_id": "PT0482913"})
    assert "last name Grant" in q and "last patient" not in q, q
    assert "patient PT0482913" in q and "lab's" not in q, q


def test_a_reason_that_is_a_clause_reads_as_one() -> None:
    said = {"patient_request": "at the patient's request", "feeling_unwell": "because they are feeling unwell",
            "not_fasting": "because they are not fasting", "booked_elsewhere": "because it was booked elsewhere",
            "order_cancelled": "because the order was cancelled",
            "customer_declined_quote": "because the customer declined the quote", "duplicate": "as a duplicate"}
    for value, words in said.items():
        q = _query(CANCEL, {"appointment_id": "APT-3308125", "reason": value})
        assert words in q and "because of" not in q, q


def test_a_day_a_thing_was_last_done_is_no_bound_and_a_kind_of_coverage_is_coverage() -> None:
    q = _query(NECESSITY, {"payer_type": "medicare", "last_performed": "2025-05-31"})
    assert "last performed on" in q and "until" not in q, q
    assert "medicare coverage" in q and "a medicare" not in q, q


MOVE = _tool("update_delivery_appointment", "Move a delivery appointment to another date or window.",
             ["appointment_id", "reason"], {
                 "appointment_id": {"type": "string", "pattern": "^APT-[0-9]{6}$", "description": "Appointment to change."},
                 "new_window_start": {"type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$",
                                      "description": "New window start, HH:MM 24-hour."},
                 "reason": {"type": "string", "enum": ["weather", "missed_appointment", "carrier_delay"],
                            "description": "Why the appointment moves."},
                 "new_window_end": {"type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$",
                                    "description": "New window end, HH:MM 24-hour."}})
PICKUP = _tool("cancel_pickup", "Cancel a pickup request.", ["pickup_confirmation", "reason"], {
    "pickup_confirmation": {"type": "string", "pattern": "^PU-[0-9]{7}$",
                            "description": "Confirmation number schedule_pickup returned, e.g. 'PU-2049913'."},
    "reason": {"type": "string", "enum": ["freight_not_ready", "duplicate_request"],
               "description": "Why the pickup is cancelled."}})


def test_a_clock_range_stays_whole_and_a_missed_thing_is_a_cause() -> None:
    q = _query(MOVE, {"appointment_id": "APT-883412", "new_window_start": "15:30", "reason": "weather",
                      "new_window_end": "18:00"})
    assert "from 3:30 pm until 6 pm" in q, q
    q = _query(MOVE, {"appointment_id": "APT-883412", "reason": "missed_appointment"})
    assert "because of a missed appointment" in q, q
    q = _query(MOVE, {"appointment_id": "APT-883412", "reason": "carrier_delay"})
    assert "because of a carrier delay" in q, q


def test_a_confirmation_number_is_no_place_and_a_thing_not_ready_is_a_clause() -> None:
    q = _query(PICKUP, {"pickup_confirmation": "PU-2049913", "reason": "freight_not_ready"})
    assert "from PU-" not in q and "confirmation PU-2049913" in q, q
    assert "because the freight is not ready" in q, q
    q = _query(PICKUP, {"pickup_confirmation": "PU-2049913", "reason": "duplicate_request"})
    assert "because of a duplicate request" in q and "duplicate's" not in q, q


def test_days_until_due_and_a_numbered_class() -> None:
    invoice = _tool("create_invoice", "Bill a customer.", ["customer_id", "due_in_days"], {
        "customer_id": {"type": "string", "pattern": "^C-[0-9]{5}$", "description": "Customer account number."},
        "due_in_days": {"type": "integer", "minimum": 0, "maximum": 30, "description": "Days until due, 0 to 30."},
        "freight_class": {"type": "string", "enum": ["50", "77.5", "92.5"], "description": "NMFC freight class."}})
    q = _query(invoice, {"customer_id": "C-10482", "due_in_days": 8, "freight_class": "77.5"})
    assert "due in 8 days" in q and "for 8 days" not in q, q
    assert "freight class 77.5" in q and "for 77.5" not in q, q


def test_an_identifier_named_in_capitals_is_said_by_its_short_name() -> None:
    order = _tool("create_lab_order", "Enter a test requisition.", ["ordering_provider_npi"], {
        "ordering_provider_npi": {"type": "string", "pattern": "^[12][0-9]{9}$",
                                  "description": "Ordering provider's 10-digit National Provider Identifier."}})
    q = _query(order, {"ordering_provider_npi": "1068453079"})
    assert "ordering provider NPI 1068453079" in q and "National Provider" not in q, q


def test_a_list_named_by_what_is_done_with_it_and_a_lone_start_time() -> None:
    bol = _tool("update_bill_of_lading", "Correct a bill of lading before delivery.", ["pro_number"], {
        "pro_number": {"type": "string", "pattern": "^[0-9]{9}$", "description": "The PRO number."},
        "remove_accessorials": {"type": "array", "items": {"type": "string", "enum": [
            "liftgate_delivery", "limited_access_pickup"]}, "description": "Services to remove."}})
    q = _query(bol, {"pro_number": "482019375", "remove_accessorials": ["liftgate_delivery", "limited_access_pickup"]})
    assert "removing liftgate delivery and limited access pickup" in q and "as the services" not in q, q
    q = _query(MOVE, {"appointment_id": "APT-883412", "new_window_start": "10:30", "reason": "weather"})
    assert "starting at 10:30 am" in q and "from 10:30" not in q, q
