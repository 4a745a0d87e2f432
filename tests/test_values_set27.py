"""Values the prose of a tool decides, read in set 26's catalogs and written here for other trades:
a date whose own description says "not in the future"; a window "at most 12 months after" its
start (months and years as span units, a clause opening on "after X"); a clause "Typical <the
number's name>: a-b for ..., c-d for ..." in the tool's prose; thousands written with commas."""

from __future__ import annotations

import random
from datetime import date, timedelta
from typing import Any

from test_values_set24 import REF, _draws, _tool  # the same drawing helpers

from generator.core import lore, quantities, semantic, values

# A piano restorer's records: a certificate of an inspection already made, valid a bounded time.
CERTIFY = _tool(
    "certify_piano_inspection",
    "Record a piano's structural inspection and issue its certificate. A certificate is valid for at most "
    "18 months from the inspection.",
    {"piano_serial": {"type": "string", "pattern": "^PN-[0-9]{6}$", "description": "Serial, e.g. 'PN-204511'."},
     "inspected_on": {"type": "string", "format": "date",
                      "description": "Day of the inspection (YYYY-MM-DD); not in the future."},
     "certificate_expires": {"type": "string", "format": "date",
                             "description": "Last day the certificate holds (YYYY-MM-DD); after inspected_on and at "
                                            "most 18 months after it."}})


BASELINE = _tool(
    "set_tuning_baseline",
    "Set the pitch baseline a piano is tuned back to.",
    {"piano_serial": {"type": "string", "pattern": "^PN-[0-9]{6}$", "description": "Serial, e.g. 'PN-204511'."},
     "baseline_date": {"type": "string", "format": "date",
                       "description": "Date the baseline pitch holds from (YYYY-MM-DD); not in the future."},
     "a4_hz": {"type": "number", "minimum": 430, "maximum": 446, "description": "Pitch of A4 in Hz."}})


def test_a_date_its_own_description_keeps_out_of_the_future_is_on_or_before_the_day() -> None:
    for tool, name in ((CERTIFY, "inspected_on"), (BASELINE, "baseline_date")):
        days = [date.fromisoformat(a[name]) for a in _draws(tool, 40)]
        assert all(d <= REF.date() for d in days), (name, days)


def test_a_window_said_at_most_months_after_its_start_ends_within_them() -> None:
    for args in _draws(CERTIFY, 40):
        start, end = date.fromisoformat(args["inspected_on"]), date.fromisoformat(args["certificate_expires"])
        assert start < end <= start + timedelta(days=18 * 30), args


QUOTE = _tool(
    "quote_tuning",
    "Quote a tuning visit. Typical visit fees per piano in EUR: 90-120 for an upright, 130-180 for a grand; "
    "add about 20% for a pitch raise.",
    {"piano_serial": {"type": "string", "pattern": "^PN-[0-9]{6}$", "description": "Serial, e.g. 'PN-204511'."},
     "visit_fee_per_piano": {"type": "number", "minimum": 1, "maximum": 30000,
                             "description": "Fee per piano in the quote currency (in HUF about 25000 to 30000)."}})


def test_a_number_takes_the_typical_ranges_a_clause_of_its_tool_names_it_by() -> None:
    fees = [a["visit_fee_per_piano"] for a in _draws(QUOTE, 40)]
    assert all(90 <= f <= 180 for f in fees), fees


def test_thousands_written_with_commas_are_one_number_of_a_band() -> None:
    props = {"strings_replaced": {"type": "integer", "minimum": 1, "maximum": 300}}
    said = "A full restring takes 2,000-2,500 minutes of bench time; expect 200-230 strings replaced."
    assert quantities.bands(said, props) == {"strings_replaced": (200.0, 230.0)}
    assert quantities._BAND.search("about 2,000-2,500 words").groups()[:2] == ("2,000", "2,500")


# A piano mover's booking: a carrier code of four digits beside a date, a business named by its
# example, an address split into its parts, a crew by its stamp, a truck bay by its code.
BOOK = _tool(
    "book_piano_move",
    "Book a piano move.",
    {"carrier_code": {"type": "string", "pattern": "^[0-9A-Z]{4}$", "description": "Carrier code, e.g. '6214' or '508J'."},
     "move_date": {"type": "string", "format": "date", "description": "Day of the move, YYYY-MM-DD."},
     "client_name": {"type": "string", "description": "Business as billed, e.g. 'Lakeside Music LLC'."},
     "house_number": {"type": "string", "description": "House number, e.g. '1420'."},
     "street_name": {"type": "string", "description": "Street name with suffix, e.g. 'Nicollet Ave'."},
     "mover_stamp": {"type": "string", "pattern": "^M[0-9]{2,3}$", "description": "Mover's stamp, e.g. 'M27'."},
     "dock": {"type": "string", "description": "Loading bay (e.g. 'B07')."}})


def test_a_date_is_never_an_id_nested_under_a_code_of_its_year_digits() -> None:
    for args in _draws(BOOK, 40):
        assert args["move_date"].startswith("2025-"), args


def test_examples_of_a_business_a_street_a_house_number_and_numbered_codes_are_varied() -> None:
    draws = _draws(BOOK, 60)
    for name in ("client_name", "house_number", "street_name", "mover_stamp", "dock"):
        values = [a[name] for a in draws]
        assert len(set(values)) >= 5, (name, values)
    assert all(a["client_name"].endswith(" Music LLC") for a in draws if a["client_name"] != "Lakeside Music LLC")
    assert all(a["house_number"].isdigit() and len(a["house_number"]) == 4 for a in draws)
    towns = {semantic.STRING_MAKERS["place"](random.Random(i), "location") for i in range(300)}
    assert not {a["street_name"] for a in draws} & towns
    assert len({a["street_name"] for a in draws if a["street_name"].endswith(" Ave")}) >= 3  # "Nicollet Ave" varied


DELIVER = _tool(
    "register_piano_site",
    "Register where a piano stands.",
    {"address": {"type": "object", "properties": {
        "street": {"type": "string"}, "city": {"type": "string"},
        "state": {"type": "string", "pattern": "^[A-Z]{2}$", "description": "Two-letter USPS state, e.g. 'MN'."},
        "zip_code": {"type": "string", "pattern": "^[0-9]{5}$", "description": "Five-digit ZIP code."}},
        "required": ["street", "city", "zip_code"]},
     "latitude": {"type": "number", "minimum": -90, "maximum": 90, "description": "Latitude, WGS84."},
     "longitude": {"type": "number", "minimum": -180, "maximum": 180, "description": "Longitude, WGS84."}})


def test_an_address_its_zip_and_the_call_coordinates_name_one_town() -> None:
    seen = 0
    for args in _draws(DELIVER, 40):
        city = args["address"]["city"]
        if city not in semantic.CITY_POINTS:
            continue
        seen += 1
        lat, lon = semantic.CITY_POINTS[city]
        assert abs(args["latitude"] - lat) < 0.1 and abs(args["longitude"] - lon) < 0.1, args
        assert args["address"]["zip_code"] == semantic.zip_of(city, args["address"]["zip_code"]), args
    assert seen >= 10


DIAL = _tool(
    "port_piano_shop_lines",
    "Move a piano shop's phone lines to our network.",
    {"numbers": {"type": "array", "items": {"type": "string", "pattern": "^[2-9][0-9]{2}[2-9][0-9]{6}$",
                                             "description": "Ten-digit NANP telephone number, e.g. '6125550148'."}},
     "contact_phone": {"type": "string", "description": "Shop contact telephone number."},
     "billing_phone": {"type": "string", "pattern": "^[2-9][0-9]{2}[2-9][0-9]{6}$",
                       "description": "Billing telephone number, ten digits."},
     "city": {"type": "string", "description": "City of the shop."},
     "state": {"type": "string", "pattern": "^[A-Z]{2}$", "description": "Two-letter USPS state, e.g. 'MN'."}})


def test_a_phone_number_opens_with_an_area_code_in_service() -> None:
    from generator.core.value_sense import US_AREA_CODES

    for args in _draws(DIAL, 40):
        for number in [*args["numbers"], args["contact_phone"], args["billing_phone"]]:
            digits = "".join(c for c in number if c.isdigit())[-10:]
            assert int(digits[:3]) in US_AREA_CODES, args


# A piano restorer's shop floor: jobs numbered by year, its benches in a series, the repairs of a
# job, a season said in prose, and a part code whose sizes the description lists.
SHOP = [
    _tool("log_bench_work", "Log bench work on a job.",
          {"job_number": {"type": "string", "pattern": "^P-[0-9]{5}$",
                          "description": "Shop job, 'P-' plus five digits where the first two are the year the job "
                                         "was opened, e.g. 'P-24117'."},
           "tuner_stamp": {"type": "string", "pattern": "^B[0-9]{2,3}$", "description": "Tuner stamp, 'B' plus 2-3 digits, "
                                                                                      "e.g. 'B27' or 'B114'."}}),
    _tool("request_voicing", "Ask for voicing of the repaired hammers of a job.",
          {"job_number": {"type": "string", "pattern": "^P-[0-9]{5}$", "description": "Shop job, e.g. 'P-24117'."},
           "repair_ids": {"type": "array", "items": {"type": "string", "pattern": "^P-[0-9]{5}-R[0-9]{3}$",
                                                     "description": "Repair, job number and '-R' plus three digits, "
                                                                    "e.g. 'P-24117-R031'."}}}),
    _tool("schedule_soundboard_glueing", "Schedule a soundboard glue-up. Glue-ups run in the humid-safe season only: "
          "April 1 to May 15 and September 15 to November 30.",
          {"piano_serial": {"type": "string", "pattern": "^PN-[0-9]{6}$", "description": "Serial, e.g. 'PN-204511'."},
           "glue_date": {"type": "string", "format": "date", "description": "Day of the glue-up, YYYY-MM-DD."},
           "string_code": {"type": "string", "pattern": "^[A-Z]{3}-(S[0-9]{2}|W[0-9]{3})$",
                           "description": "String set: maker and gauge. Steel gauges are S13, S15, S17 and S21; wound "
                                          "basses W100 to W300. Example: 'MEC-S15', 'ROS-W250'."}}),
]


def _shop_draws(name: str, n: int = 40) -> list[dict[str, Any]]:
    tools = {t.name: t for t in lore.annotate(SHOP)}
    rng = random.Random(5)
    return [values.sample_arguments(tools[name], rng, optional_rate=1.0, ref=REF) for _ in range(n)]


def test_an_id_whose_first_digits_are_the_year_is_of_recent_years() -> None:
    years = {a["job_number"][2:4] for a in _shop_draws("log_bench_work")}
    assert years <= {"23", "24"}, years


def test_a_series_narrowed_from_its_example_is_drawn_from_not_the_example() -> None:
    tags = [a["tuner_stamp"] for a in _shop_draws("log_bench_work")]
    assert len(set(tags)) >= 10 and tags.count("B27") <= 8, tags


def test_ids_listed_under_the_call_s_record_nest_it() -> None:
    for args in _shop_draws("request_voicing"):
        assert all(r.startswith(args["job_number"] + "-R") for r in args["repair_ids"]), args


def test_a_day_lies_in_the_windows_of_the_year_the_prose_gives() -> None:
    for args in _shop_draws("schedule_soundboard_glueing"):
        day = date.fromisoformat(args["glue_date"])
        assert (4, 1) <= (day.month, day.day) <= (5, 15) or (9, 15) <= (day.month, day.day) <= (11, 30), args


def test_an_id_part_the_description_lists_is_one_of_those_listed() -> None:
    sizes = {"S13", "S15", "S17", "S21", *(f"W{n}" for n in range(100, 301, 50))}
    for args in _shop_draws("schedule_soundboard_glueing", 60):
        assert args["string_code"].split("-")[1] in sizes, args


RESTRING = _tool(
    "update_restring_line",
    "Change the gauge of a line of a restringing order or its count.",
    {"order_id": {"type": "string", "pattern": "^RS-[0-9]{6}$", "description": "Order, e.g. 'RS-251044'."},
     "line_number": {"type": "integer", "minimum": 1, "maximum": 60},
     "new_count": {"type": "integer", "minimum": 0, "maximum": 300, "description": "New string count."},
     "new_gauge": {"type": "string", "enum": ["13", "15", "17", "21"], "description": "New gauge."}},
    required=["order_id", "line_number"])


def test_a_change_of_a_record_s_line_changes_something() -> None:
    tool = lore.annotate([RESTRING])[0]
    rng = random.Random(4)
    for _ in range(40):
        args = values.sample_arguments(tool, rng, optional_rate=0.0, ref=REF)
        assert "new_count" in args or "new_gauge" in args, args


def test_a_history_s_planned_day_lies_in_the_windows_the_prose_gives() -> None:
    from datetime import datetime

    from generator.personas import _fill_temporal

    tool = {t.name: t for t in lore.annotate(SHOP)}["schedule_soundboard_glueing"]
    rng = random.Random(2)
    for day in range(1, 28):
        args = values.sample_arguments(tool, rng, ref=datetime(2025, 6, day, 10))
        out = _fill_temporal(tool, args, datetime(2025, 6, day, 10), rng, keep=set())
        glued = date.fromisoformat(out["glue_date"])
        assert (9, 15) <= (glued.month, glued.day) <= (11, 30), out


def test_the_numbers_of_one_list_share_one_area() -> None:
    for args in _draws(DIAL, 30):
        assert len({n[:3] for n in args["numbers"]}) == 1, args


def test_a_day_the_tool_s_prose_keeps_to_business_days_is_a_weekday() -> None:
    tool = _tool("request_move", "Request a piano move. The requested due date must be a business day.",
                 {"piano_serial": {"type": "string", "pattern": "^PN-[0-9]{6}$", "description": "e.g. 'PN-204511'."},
                  "requested_due_date": {"type": "string", "format": "date", "description": "YYYY-MM-DD."}})
    for args in _draws(tool, 40):
        assert date.fromisoformat(args["requested_due_date"]).weekday() < 5, args



def test_a_habit_s_varied_value_is_drawn_beside_its_other_values() -> None:
    from generator.derived_personas import _alternative

    tool = lore.annotate([DELIVER])[0]
    fixed = {"address": {"street": "12 Elm St", "city": "Madison", "state": "WI", "zip_code": "53704"},
             "latitude": 43.07, "longitude": -89.40}
    rng = random.Random(6)
    for _ in range(10):
        lat = _alternative(tool, fixed, "latitude", rng)
        assert lat is not None and abs(lat - 43.07) < 0.1, lat


def test_a_city_that_is_no_text_leaves_the_call_as_drawn() -> None:
    """A property test found `city` as a list of numbers (hashed as a town): no town, no crash."""
    tool = _tool("log_sites", "Log sites.", {"city": {"anyOf": [{"type": "array", "items": {"type": "integer"}}]},
                                             "latitude": {"type": "number", "minimum": -90, "maximum": 90}})
    assert all(isinstance(a["city"], list) for a in _draws(tool, 10))
