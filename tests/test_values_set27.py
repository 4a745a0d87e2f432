"""Values the prose of a tool decides, read in set 26's catalogs and written here for other trades:
a date whose own description says "not in the future"; a window "at most 12 months after" its
start (months and years as span units, a clause opening on "after X"); a clause "Typical <the
number's name>: a-b for ..., c-d for ..." in the tool's prose; thousands written with commas."""

from __future__ import annotations

import random
from datetime import date, timedelta

from test_values_set24 import REF, _draws, _tool  # the same drawing helpers

from generator.core import quantities, semantic

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
     "city": {"type": "string", "description": "City of the shop."},
     "state": {"type": "string", "pattern": "^[A-Z]{2}$", "description": "Two-letter USPS state, e.g. 'MN'."}})


def test_a_phone_number_opens_with_an_area_code_in_service() -> None:
    from generator.core.value_sense import US_AREA_CODES

    for args in _draws(DIAL, 40):
        for number in [*args["numbers"], args["contact_phone"]]:
            digits = "".join(c for c in number if c.isdigit())[-10:]
            assert int(digits[:3]) in US_AREA_CODES, args
