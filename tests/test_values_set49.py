"""Values fixed in set 49 (a hot-air balloon operator, a court reporting agency, an ice arena): a
passenger's full name "as on a photo ID" is no id, a person's weight in the unit another parameter
gives (pounds by default), the lead passenger among the passengers, an E.164 phone each person's own,
a home team that is not the away team and club names of the roster's form, a reading so many degrees
above another, company minimums a go decision keeps, a price per head for a kind of flight, a crew's
size by its officiating system, a price per page that is no page count, a job acted on now of this
year, a booking inside its opening hours on a day ahead, a party on a weekend a week ahead, a slot id
whose digits are a day and an hour, compass directions in tens."""

from __future__ import annotations

import random
import re
from datetime import date

from generator.core import dependencies, lore, quantities, semantic
from generator.core.values import sample_arguments
from generator.records import Tool


def _tool(name: str, description: str, props: dict, required: list[str] | None = None) -> Tool:
    return Tool(name=name, app="desk", api=name, domain="set49", description=description,
                parameters={"type": "object", "required": required or list(props), "properties": props})


def _draws(tool: Tool, n: int = 30, optional_rate: float = 1.0) -> list[dict]:
    tool = lore.annotate([tool])[0]
    rng = random.Random(49)
    return [sample_arguments(tool, rng, optional_rate=optional_rate) for _ in range(n)]


BOOKING = _tool("create_passenger_booking", "Book passengers on a scheduled flight.", {
    "lead_passenger_name": {"type": "string", "description": "Full name of the person the booking is under."},
    "contact_phone": {"type": "string", "description": "Mobile phone of the lead passenger, in E.164 form, "
                                                       "e.g. '+15055550142'."},
    "passengers": {"type": "array", "minItems": 1, "maxItems": 4,
                   "description": "Every passenger on the booking, the lead passenger included.",
                   "items": {"type": "object", "required": ["name", "weight"], "properties": {
                       "name": {"type": "string", "description": "Passenger's full name as on a photo ID."},
                       "weight": {"type": "number", "minimum": 23, "maximum": 400,
                                  "description": "Passenger's weight in weight_unit, with clothing."}}}},
    "weight_unit": {"type": "string", "enum": ["lb", "kg"], "default": "lb", "description": "Unit of the weights."}},
    ["lead_passenger_name", "contact_phone", "passengers"])


def test_a_passengers_full_name_as_on_a_photo_id_is_a_name():
    assert semantic.infer("name", {"type": "string", "description": "Passenger's full name as on a photo ID."}) == "person"


def test_a_persons_weight_is_in_the_unit_its_sibling_gives_pounds_by_default():
    for args in _draws(BOOKING):
        pounds = args.get("weight_unit", "lb") == "lb"
        for p in args["passengers"]:
            assert (100 <= p["weight"] <= 400) if pounds else (45 <= p["weight"] <= 115), args


def test_the_lead_passenger_is_among_the_passengers():
    assert all(a["passengers"][0]["name"] == a["lead_passenger_name"] for a in _draws(BOOKING))


def test_an_e164_example_phone_is_each_persons_own():
    phones = [a["contact_phone"] for a in _draws(BOOKING)]
    assert phones.count("+15055550142") <= 2, phones
    assert all(re.fullmatch(r"\+\d{11}", p) for p in phones)


GAME = _tool("schedule_league_game", "Schedule a league hockey game.", {
    "home_team": {"type": "string", "description": "Home team as on the league roster, e.g. 'Blue Line Bandits'."},
    "away_team": {"type": "string", "description": "Away team as on the roster; must differ from home_team."}})


def test_a_game_has_two_teams_of_the_rosters_form():
    draws = _draws(GAME)
    assert all(a["home_team"] != a["away_team"] for a in draws)
    assert len({a["home_team"] for a in draws}) >= 5
    assert semantic.infer("team_name", {"type": "string", "description": "Team or group the room is for."}) != "room"


BRINE = _tool("record_refrigeration_check", "Record the daily plant check. Brine supply temperature is usually 14 "
              "to 18 F for hockey ice and the return runs 1 to 3 F warmer than the supply.", {
                  "brine_supply_temp_f": {"type": "number", "minimum": 0, "maximum": 32, "description": "Supply, F."},
                  "brine_return_temp_f": {"type": "number", "minimum": 0, "maximum": 35, "description": "Return, F."}})


def test_a_reading_so_many_degrees_above_another_stays_that_far_above():
    kinds = {r.kind for r in dependencies.rules(BRINE.description, BRINE.properties)}
    assert "offset" in kinds and "below" not in kinds
    for a in _draws(BRINE):
        assert 14 <= a["brine_supply_temp_f"] <= 18, a
        assert 1 <= a["brine_return_temp_f"] - a["brine_supply_temp_f"] <= 3, a


GO = _tool("record_go_no_go_decision", "Record the go/no-go decision. Company minimums for passenger flights: surface "
           "wind at launch 8 knots or less, gust spread no more than 5 knots, visibility at least 3 statute miles, "
           "ceiling at least 1,500 feet AGL, no precipitation.", {
               "surface_wind_knots": {"type": "integer", "minimum": 0, "maximum": 40, "description": "Wind, knots."},
               "visibility_sm": {"type": "number", "minimum": 0, "maximum": 10, "description": "Visibility, miles."},
               "ceiling_ft_agl": {"type": "integer", "minimum": 0, "maximum": 12000, "description": "Ceiling, feet."}})


def test_a_list_of_minimums_bands_each_reading_it_names():
    assert quantities.bands(GO.description, GO.properties) == {
        "surface_wind_knots": (0.0, 8.0), "visibility_sm": (3.0, 10.0), "ceiling_ft_agl": (1500.0, 5250.0)}


GIFT = _tool("issue_gift_certificate", "Issue a gift certificate. Prices: 249 USD per person for a sunrise flight, "
             "229 USD for a sunset flight, 895 USD for a private flight for two.", {
                 "flight_type": {"type": "string", "enum": ["sunrise", "sunset", "private"]},
                 "passenger_count": {"type": "integer", "minimum": 1, "maximum": 10},
                 "amount_usd": {"type": "number", "minimum": 229, "maximum": 2490}})


def test_an_amount_is_its_kinds_price_per_head():
    price = {"sunrise": 249, "sunset": 229}
    for a in _draws(GIFT):
        if a["flight_type"] == "private":
            assert (a["amount_usd"], a["passenger_count"]) == (895, 2), a
        else:
            assert a["amount_usd"] == price[a["flight_type"]] * a["passenger_count"], a


CREW = _tool("assign_referees", "Assign officials. Adult B games use the two-official system (two referees doing "
             "both jobs); adult A uses the three-official system (one referee, two linesmen) or four-official "
             "(two referees, two linesmen) for playoffs.", {
                 "system": {"type": "string", "enum": ["two_official", "three_official", "four_official"]},
                 "referee_ids": {"type": "array", "minItems": 1, "maxItems": 2,
                                 "items": {"type": "string", "pattern": "^REF-[0-9]{3}$"}},
                 "linesman_ids": {"type": "array", "minItems": 0, "maxItems": 2,
                                  "items": {"type": "string", "pattern": "^REF-[0-9]{3}$"},
                                  "description": "Linesmen; empty for the two-official system."}}, ["system", "referee_ids"])


def test_a_crew_is_the_size_its_system_says():
    size = {"two_official": (2, 0), "three_official": (1, 2), "four_official": (2, 2)}
    for a in _draws(CREW):
        assert (len(a["referee_ids"]), len(a.get("linesman_ids") or [])) == size[a["system"]], a


QUOTE = _tool("get_transcript_quote", "Quote a transcript. Page rates are 4.25 to 6.50 USD per page. A deposition day "
              "of 7 hours runs about 250 to 300 pages.", {
                  "estimated_pages": {"type": "integer", "minimum": 1, "maximum": 800,
                                      "description": "Expected page count of the transcript."}})


def test_a_price_per_page_is_no_page_count():
    assert all(a["estimated_pages"] >= 100 for a in _draws(QUOTE))


BOOK = _tool("book_proceeding", "Book a court reporter. Bookings start on the hour or half hour between 07:00 and "
             "17:00 local time of the venue.", {
                 "job_number": {"type": "string", "description": "Job, e.g. 'JOB-2025-04417'."},
                 "start_datetime": {"type": "string", "description": "Start time in the venue's local time, ISO 8601 "
                                                                     "without offset, e.g. '2025-03-18T09:30'."}})


def test_a_booking_starts_inside_its_hours_on_a_weekday_ahead_in_the_examples_form():
    for a in _draws(BOOK):
        day, clock = a["start_datetime"].split("T")
        hour, minute = int(clock[:2]), clock[3:5]
        assert 7 <= hour < 17 and minute in ("00", "30"), a
        assert date.fromisoformat(day) > date(2025, 6, 2) and date.fromisoformat(day).weekday() < 5, a


ASSIGN = _tool("assign_reporter", "Assign a court reporter to a job.", {
    "job_number": {"type": "string", "description": "Job, e.g. 'JOB-2025-04417'."}})


def test_a_job_acted_on_now_is_this_years():
    assert all(a["job_number"].startswith("JOB-2025-") for a in _draws(ASSIGN, 40))


PARTY = _tool("book_birthday_party", "Book a birthday party during a weekend public skate. Book at least 7 days ahead.", {
    "party_date": {"type": "string", "format": "date", "description": "Saturday or Sunday of the party, YYYY-MM-DD."}})


def test_a_party_is_on_a_weekend_a_week_ahead_at_least():
    days = [date.fromisoformat(a["party_date"]) for a in _draws(PARTY)]
    assert all(d.weekday() >= 5 and (d - date(2025, 6, 2)).days >= 7 for d in days), days
    assert len(set(days)) >= 3


SLOT = _tool("book_ice_time", "Book an ice rental on an open slot.", {
    "slot_id": {"type": "string", "pattern": "^SLT-[AB]-[0-9]{4}-[0-9]{4}$",
                "description": "Open slot, e.g. 'SLT-A-0412-1900'."}})


def test_a_slot_ids_digits_are_a_day_and_an_hour():
    for a in _draws(SLOT):
        m = re.fullmatch(r"SLT-[AB]-(\d\d)(\d\d)-(\d\d)(\d\d)", a["slot_id"])
        assert m and 1 <= int(m[1]) <= 12 and 1 <= int(m[2]) <= 31 and int(m[3]) <= 23 and m[4] in ("00", "30"), a


WIND = _tool("search_launch_sites", "Search launch sites.", {
    "wind_from_degrees": {"type": "integer", "minimum": 0, "maximum": 360,
                          "description": "Forecast surface wind direction (from), degrees true."}})


def test_a_compass_direction_is_in_tens_round_the_circle():
    values = [a["wind_from_degrees"] for a in _draws(WIND)]
    assert all(v % 10 == 0 for v in values) and max(values) > 90, values
    assert semantic.infer("bearing_degrees", {"type": "integer", "description": "Drift bearing, degrees true."}) != \
        "temperature"


def test_a_host_who_is_a_parent_is_a_person_and_no_host_name():
    assert semantic.infer("host_name", {"type": "string", "description": "Parent booking the party."}) == "person"
    assert semantic.infer("host_phone", {"type": "string", "description": "Parent's phone, e.g. '(612) 555-0112'."}) \
        == "phone"
    assert semantic.infer("host_name", {"type": "string", "description": "Host name of the server."}) == "hostname"


def test_a_home_team_and_an_away_team_differ():
    from generator.core.constraints import constraint_problems

    assert constraint_problems(GAME, {"home_team": "Iron Owls", "away_team": "Iron Owls"})
    assert not constraint_problems(GAME, {"home_team": "Iron Owls", "away_team": "Summit Bears"})


ROOM = _tool("assign_locker_room", "Assign a locker room to a team for a game or rental.", {
    "room_number": {"type": "integer", "minimum": 1, "maximum": 8},
    "game_id": {"type": "string", "pattern": "^GM-[0-9]{2}-[0-9]{3}$",
                "description": "Game the room is for, e.g. 'GM-25-117'; give this or rental_id."},
    "rental_id": {"type": "string", "pattern": "^ICE-[0-9]{4}-[0-9]{4}$",
                  "description": "Ice rental the room is for, e.g. 'ICE-2025-0318'; give this or game_id."}},
    ["room_number"])


def test_give_this_or_that_is_one_of_the_two():
    draws = _draws(ROOM)
    assert all(("game_id" in a) != ("rental_id" in a) for a in draws), draws


VENUE = _tool("book_proceeding", "Book a court reporter.", {
    "venue_address": {"type": "string", "description": "Street address of the room, suite included, e.g. '600 W. "
                                                       "Broadway, Suite 1800, San Diego, CA 92101'."}})


def test_an_address_is_written_in_its_examples_form_each_call_its_own_street():
    addresses = [a["venue_address"] for a in _draws(VENUE)]
    assert all(re.fullmatch(r"\d+ [A-Z][\w.' -]+, Suite \d+, San Diego, CA 92101", a) for a in addresses), addresses
    assert sum(a.startswith("600 W. Broadway") for a in addresses) <= 1


def test_a_certificate_number_and_a_guardian_are_no_persons_made_up():
    assert semantic.infer("inspector_certificate_number", {
        "type": "string", "description": "Inspector's FAA repairman or mechanic certificate number, e.g. '3527841'."}) == "id"
    rng = random.Random(49)
    assert all(not n.endswith(" Guardian") for n in (semantic._name_of(rng, ["guardian"]) for _ in range(10)))


def test_a_firm_of_two_partners_is_two_new_partners():
    from generator.core.values import REFERENCE_TIME, _varied

    rng = random.Random(49)
    firms = [_varied("Baxter & Lowe LLP", "ordering_firm", rng, REFERENCE_TIME) for _ in range(10)]
    assert all(re.fullmatch(r"[A-Z][a-z]+ & [A-Z][a-z]+ LLP", f) for f in firms)
    assert sum(f.endswith("& Lowe LLP") for f in firms) <= 1, firms


CASE = _tool("book_proceeding", "Book a court reporter.", {
    "case_number": {"type": "string", "description": "Case number in the court's own format, e.g. '2:24-cv-01234' "
                    "(federal district court: division, year, case type, number) or '24STCV12345' (Los Angeles "
                    "Superior Court)."},
    "court": {"type": "string", "description": "Court the case is pending in, e.g. 'U.S. District Court, Central "
              "District of California' or 'Superior Court of California, County of Los Angeles'."}})


def test_a_case_number_is_of_its_courts_form_and_never_the_placeholder():
    draws = _draws(CASE)
    for a in draws:
        federal = "District Court" in a["court"]
        assert bool(re.fullmatch(r"\d:\d\d-cv-\d{5}", a["case_number"])) == federal, a
    assert sum(a["case_number"] in ("2:24-cv-01234", "24STCV12345") for a in draws) <= 2


def test_a_fee_is_one_the_prose_lists_in_usd_and_nothing_when_timely():
    tool = _tool("cancel_job", "Cancel a booked job. A later cancellation is billed a late-cancellation fee, normally "
                 "the reporter's appearance fee (half day 175 USD, full day 300 USD).", {
                     "late_cancel_fee_usd": {"type": "number", "minimum": 0, "maximum": 600,
                                             "description": "Fee to bill; 0 for a timely cancellation."}})
    assert {a["late_cancel_fee_usd"] for a in _draws(tool)} <= {0, 175, 300}


def test_a_tank_leaves_between_its_floor_and_its_fill_limit():
    tool = _tool("record_propane_tank_check", "Tanks are filled to no more than 80 percent of their volume; a passenger "
                 "flight leaves with every tank at least 75 percent full.", {
                     "fill_percent": {"type": "integer", "minimum": 0, "maximum": 100, "description": "Fuel level."}})
    assert all(75 <= a["fill_percent"] <= 80 for a in _draws(tool))


def test_a_date_normally_the_calls_other_date_is_that_date():
    tool = _tool("search_pilots", "Search pilots.", {
        "available_date": {"type": "string", "format": "date", "description": "Date the pilot must be available."},
        "medical_valid_through": {"type": "string", "format": "date", "description": "Only pilots whose medical is "
                                  "valid through this date, YYYY-MM-DD (normally the flight date)."}})
    assert all(a["available_date"] == a["medical_valid_through"] for a in _draws(tool))
