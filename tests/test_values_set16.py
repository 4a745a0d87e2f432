"""Value classes found by reading the set-16 catalogs (an optical lab, a locksmith and master-key
shop, a road race timing company), written as a new user would, each pinned on a small tool."""

from __future__ import annotations

import random
import re

from test_values_set15 import draws, tool

from generator.core import allowed, lore
from generator.core.values import sample_arguments


def test_an_id_shown_alone_in_parentheses_is_the_ids_format_everywhere() -> None:
    """"Registration number, R followed by 7 digits (R0048213)": R0048213-like ids, also in a tool
    whose own description says only "Registration number." (never REG-18271)."""
    get = tool("get_participant", "Registration details.",
               {"registration_id": {"type": "string", "description": "Registration number, R followed by 7 digits "
                                                                      "(R0048213)."}})
    move = tool("transfer_registration", "Move a registration.",
                {"registration_id": {"type": "string", "description": "Registration number."}})
    for name in ("get_participant", "transfer_registration"):
        assert all(re.fullmatch(r"R\d{7}", a["registration_id"]) for a in draws([get, move], name)), name
    assert allowed.read("Technician id: T followed by 2 digits (T07).").examples == ("T07",)
    assert allowed.read("Clinic (Building 4)").examples == ()


def test_an_id_template_written_with_digit_marks_is_followed() -> None:
    """"(WO-######) or (CALL-######)": one of the two, never JOB-33247; "R#######" is a pattern."""
    t = tool("create_invoice", "Bill a finished job.",
             {"job_ref": {"type": "string", "description": "Work order (WO-######) or service call (CALL-######) "
                                                           "being billed."}})
    said = [a["job_ref"] for a in draws([t], "create_invoice", 20)]
    assert all(re.fullmatch(r"(?:WO|CALL)-\d{6}", s) for s in said), said
    assert {s.split("-")[0] for s in said} == {"WO", "CALL"}
    assert lore.template_pattern("Registration number (R#######).") == "^R[0-9]{7}$"


def test_a_year_leading_an_ids_digits_stays_near_the_querys_year() -> None:
    """"'J' followed by the 2-digit year and 6 digits, e.g. J25004817": J24... or J25..., never J91..."""
    t = tool("get_job", "Look up a lab job.",
             {"job_id": {"type": "string", "description": "Lab job number, e.g. J25004817."}})
    said = [a["job_id"] for a in draws([t], "get_job", 30)]
    assert all(re.fullmatch(r"J2[45]\d{6}", s) for s in said), said


def test_a_name_ending_in_id_is_a_name_when_its_description_says_so() -> None:
    """`name_on_id`, "Full name as printed on the ID.": a person's name, no ON-44908; "Last 4
    characters of the ID number." is four digits, no LAS-89618."""
    t = tool("log_lockout_id_check", "Record the proof of identity.",
             {"name_on_id": {"type": "string", "description": "Full name as printed on the ID."},
              "id_last4": {"type": "string", "description": "Last 4 characters of the ID number."}})
    for a in draws([t], "log_lockout_id_check"):
        assert re.fullmatch(r"[A-Z][a-z]+(?: [A-Z][a-z'-]+)+", a["name_on_id"]), a
        assert re.fullmatch(r"\d{4}", a["id_last4"]), a


def test_a_symbol_outside_markets_is_one_of_the_codes_its_description_writes() -> None:
    """A key's "symbol" is a keying code, no stock ticker (AAPL, KO)."""
    t = tool("get_key_bitting", "Look up the cut depths of one key.",
             {"key_symbol": {"type": "string", "description": "Standard key coding symbol: GGM or GMK for the top "
                                                              "master, AA, AB ... for masters, AA1, AB3 ... for "
                                                              "change keys."}})
    assert {a["key_symbol"] for a in draws([t], "get_key_bitting", 20)} <= {"GGM", "GMK", "AA", "AB", "AA1", "AB3"}


def test_a_letter_range_allows_those_letters() -> None:
    """"Wave or corral letter (A to H)": a letter, never "Wave 5"."""
    t = tool("record_wave_start", "Record the gun time of a wave.",
             {"wave": {"type": "string", "description": "Wave or corral letter (A to H)."},
              "corral": {"type": "string", "description": "Start corral letter, A (fastest seed) to H."}})
    for a in draws([t], "record_wave_start"):
        assert a["wave"] in "ABCDEFGH" and len(a["wave"]) == 1 and a["corral"] in "ABCDEFGH", a


def test_quoted_values_after_a_colon_are_the_allowed_ones_whatever_the_lead() -> None:
    desc = ("Where the frame comes from: 'lab_supplied' (give frame_sku), 'frame_to_follow' (the office mails the "
            "patient's frame) or 'uncut' (lenses shipped unedged).")
    assert allowed.read(desc).allowed == ("lab_supplied", "frame_to_follow", "uncut")
    t = tool("create_job", "Enter a new spectacle job.", {"frame_source": {"type": "string", "description": desc}})
    assert {a["frame_source"] for a in draws([t], "create_job")} <= {"lab_supplied", "frame_to_follow", "uncut"}


def test_a_brand_joined_by_a_hyphen_keeps_its_first_name() -> None:
    """"Ray-Ban" is a brand: never "Carrie-Ban"."""
    t = tool("search_frames", "Search frames.",
             {"brand": {"type": "string", "description": "Frame brand, e.g. Ray-Ban, Silhouette, Flexon, Oakley."}})
    assert {a["brand"] for a in draws([t], "search_frames", 40)} <= {"Ray-Ban", "Silhouette", "Flexon", "Oakley"}


def test_a_catalogs_product_codes_are_used_as_written() -> None:
    """"Lab lens code, e.g. SV-CR39, FT28-PC or PAL-167": one of those, never SV-CR29 or PAL-598."""
    t = tool("get_lens_product", "Get a lens product.",
             {"lens_code": {"type": "string", "description": "Lab lens code, e.g. SV-CR39, FT28-PC or PAL-167."}})
    assert {a["lens_code"] for a in draws([t], "get_lens_product", 20)} <= {"SV-CR39", "FT28-PC", "PAL-167"}


def _transfer():
    return tool("transfer_registration", "Move a registration to another race, or defer it.",
                {"registration_id": {"type": "string", "description": "Registration number (R0048213)."},
                 "new_race_code": {"type": "string", "description": "Race to move to: 1M, 5K, 10K, HM or M."},
                 "defer_to_next_year": {"type": "boolean", "default": False},
                 "waive_fee": {"type": "boolean", "default": False}}, required=["registration_id"])


def test_a_call_that_changes_a_record_names_the_change() -> None:
    """`transfer_registration` with neither a new race nor a deferral moves nothing."""
    annotated = lore.annotate([_transfer()])[0]
    rng = random.Random(3)
    for _ in range(30):
        a = sample_arguments(annotated, rng, optional_rate=0.0)
        assert a.get("new_race_code") or a.get("defer_to_next_year"), a


def test_a_date_written_as_its_format_is_a_date_not_a_list() -> None:
    """`needed_by`, "Date the work must be finished, YYYY-MM-DD.": a date, never 'finished' or
    'YYYY-MM-DD' (read as a list of two)."""
    desc = "Date the work must be finished, YYYY-MM-DD."
    assert allowed.read(desc).allowed == ()
    t = tool("create_rekey_order", "Order cylinders rekeyed.", {"needed_by": {"type": "string", "description": desc}})
    assert all(re.fullmatch(r"\d{4}-\d{2}-\d{2}", a["needed_by"]) for a in draws([t], "create_rekey_order")), \
        draws([t], "create_rekey_order")


def test_an_elapsed_time_written_as_its_format_is_a_time_taken() -> None:
    """"Corrected chip time, H:MM:SS": 1:46:01, never the clock time 11:00; a clock's "HH:MM:SS"
    crossing time stays a time of day."""
    t = tool("correct_result", "Change an athlete's result.",
             {"chip_time": {"type": "string", "description": "Corrected chip time, H:MM:SS."},
              "time_of_day": {"type": "string", "description": "Crossing time of day, HH:MM:SS local."}})
    for a in draws([t], "correct_result"):
        assert re.fullmatch(r"[0-4]:[0-5]\d:[0-5]\d", a["chip_time"]), a
        assert re.fullmatch(r"\d{2}:\d{2}(?::\d{2})?", a["time_of_day"]) and int(a["time_of_day"][:2]) >= 5, a


def test_an_intent_ends_its_object_before_a_particle_that_sends_it_somewhere() -> None:
    """"Release a held job back into production": "release a held job", never "release a held job back"."""
    from generator.phrasebook import intent

    t = tool("release_job_hold", "Release a held job back into production.",
             {"job_id": {"type": "string", "description": "Lab job number."}})
    assert intent.from_description(t) == "release a held job"


def test_a_lean_call_of_a_change_tool_still_names_the_change() -> None:
    """TRAJECT's lean draws pass the defaults in fixed: a transfer still names its new race."""
    from generator.traject.calls import arguments

    annotated = lore.annotate([_transfer()])[0]
    rng = random.Random(4)
    for _ in range(20):
        a = arguments(annotated, rng, 0.5, lean=True)
        assert a.get("new_race_code") or a.get("defer_to_next_year") is True, a


def test_the_part_of_a_name_a_description_asks_for_is_the_part_drawn() -> None:
    """"Patient last name, partial match": a surname, never "Joel Jackson"; "Patient last name and
    first initial" is "Okafor, N"."""
    t = tool("search_jobs", "Search lab jobs.",
             {"patient_name": {"type": "string", "description": "Patient last name, partial match."},
              "ticket_name": {"type": "string", "description": "Patient last name and first initial. Printed on "
                                                                "the job ticket."}})
    for a in draws([t], "search_jobs", 20):
        assert re.fullmatch(r"[A-Z][a-z'-]+", a["patient_name"]), a
        assert re.fullmatch(r"[A-Z][a-z'-]+, [A-Z]", a["ticket_name"]), a


def test_a_flag_described_by_its_condition_is_said_as_that_condition() -> None:
    """"Address on the ID matches the service address.": "where the address on the ID (doesn't)
    match(es) the service address", read back by the reader; never "without addressing on the ID
    matches ..."; a clause the reader cannot read back is not used."""
    from generator.phrasebook.fragments import stated_condition

    yes, no = stated_condition("address_matches", "Address on the ID matches the service address.") or ("", "")
    assert yes == "where the address on the ID matches the service address"
    assert no == "where the address on the ID doesn't match the service address"
    assert stated_condition("loyalty", "Customer is a loyalty member since 2019, tier two.") is None


def test_two_texts_of_one_call_are_not_the_same_text() -> None:
    """"Heatwave expected this weekend" as both the journal and the article title: the later one
    is drawn again."""
    desc = "Title, e.g. 'Tide tables explained', 'Harbor notes for May' or 'Dredging the inner basin'."
    t = tool("order_scan", "Order a scanned copy of an article.",
             {"journal_title": {"type": "string", "description": desc},
              "article_title": {"type": "string", "description": desc}})
    said = draws([t], "order_scan", 30)
    assert all(a["journal_title"] != a["article_title"] for a in said), said
