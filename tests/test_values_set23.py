"""Values that lie along a line (set 22 read by hand): a stretch's two ends near each other, a
list's items in the order they happen or lie."""

from __future__ import annotations

import random
from typing import Any

from generator.core import values
from generator.core.constraints import constraint_problems
from generator.core.sequence import in_sequence
from generator.records import Tool


def _tool(props: dict, required: list[str] | None = None) -> Tool:
    return Tool(name="log_work", app="track", api="log_work", domain="rail", description="Log work on the line.",
                parameters={"type": "object", "properties": props, "required": required or list(props)})


WORK_LIMITS = _tool({
    "begin_mp": {"type": "number", "description": "Beginning milepost of the work limits."},
    "end_mp": {"type": "number", "description": "Ending milepost of the work limits."},
})


def test_a_stretch_of_mileposts_far_apart_is_a_problem() -> None:
    assert constraint_problems(WORK_LIMITS, {"begin_mp": 73.0, "end_mp": 791.0})
    assert not constraint_problems(WORK_LIMITS, {"begin_mp": 73.0, "end_mp": 74.5})


def test_a_stretch_that_does_not_move_is_a_problem() -> None:
    assert constraint_problems(WORK_LIMITS, {"begin_mp": 73.0, "end_mp": 73.0})


def test_price_bounds_are_no_stretch() -> None:
    prices = _tool({"from_price": {"type": "number"}, "to_price": {"type": "number"}})
    assert not constraint_problems(prices, {"from_price": 10, "to_price": 900})


def test_sampled_stretches_stay_short() -> None:
    rng = random.Random(5)
    for _ in range(40):
        args = values.sample_arguments(WORK_LIMITS, rng, optional_rate=1.0)
        gap = args["end_mp"] - args["begin_mp"]
        assert 0 < gap <= max(1.0, 0.04 * abs(args["begin_mp"])) + 1e-9, args


def test_a_day_of_time_rows_does_not_overlap() -> None:
    schema = {"type": "array", "description": "What the rig did over the day, in order.",
              "items": {"type": "object", "properties": {"from_time": {"type": "string", "description": "HH:MM"},
                                                          "to_time": {"type": "string", "description": "HH:MM"},
                                                          "code": {"type": "integer"}},
                        "required": ["from_time", "to_time", "code"]}}
    rows = [{"from_time": "12:15", "to_time": "20:00", "code": 1}, {"from_time": "16:15", "to_time": "17:00", "code": 2},
            {"from_time": "06:00", "to_time": "08:00", "code": 3}]
    out = in_sequence(schema, schema["items"], rows)
    assert [r["code"] for r in out] == [3, 1, 2]
    assert out[2] == {"from_time": "20:00", "to_time": "20:45", "code": 2}


def test_a_row_pushed_past_midnight_ends_the_list() -> None:
    schema = {"type": "array", "items": {"type": "object", "properties": {
        "start_time": {"type": "string"}, "end_time": {"type": "string"}}}}
    rows = [{"start_time": "10:00", "end_time": "23:00"}, {"start_time": "12:00", "end_time": "14:00"}]
    assert in_sequence(schema, schema["items"], rows) == rows[:1]


def test_stations_are_listed_by_depth() -> None:
    schema = {"type": "array", "description": "Survey stations, shallowest first.",
              "items": {"type": "object", "properties": {"measured_depth_ft": {"type": "number"},
                                                          "inclination_deg": {"type": "number"}}}}
    rows = [{"measured_depth_ft": 9100, "inclination_deg": 3}, {"measured_depth_ft": 6500, "inclination_deg": 2}]
    assert [r["measured_depth_ft"] for r in in_sequence(schema, schema["items"], rows)] == [6500, 9100]


def test_kinds_said_in_order_follow_the_enum() -> None:
    schema = {"type": "array", "description": "Slurries pumped, in order.",
              "items": {"type": "object", "properties": {"role": {"type": "string", "enum": ["spacer", "lead", "tail"]},
                                                          "volume_bbl": {"type": "number"}}, "required": ["role"]}}
    rows = [{"role": "tail", "volume_bbl": 40}, {"role": "spacer", "volume_bbl": 20}, {"role": "lead", "volume_bbl": 80}]
    assert [r["role"] for r in in_sequence(schema, schema["items"], rows)] == ["spacer", "lead", "tail"]
    unsaid = {**schema, "description": "Slurries pumped."}
    assert in_sequence(unsaid, unsaid["items"], rows) == rows


def test_a_page_range_drawn_from_its_example_runs_forward_and_about_as_long() -> None:
    schema = {"type": "string", "pattern": "^[0-9]+(-[0-9]+)?$", "description": "Page range, e.g. '211-238'."}
    rng = random.Random(2)
    for _ in range(30):
        first, last = map(int, values.value_for(schema, rng, name="pages").split("-"))
        assert 0 < last - first <= 41, (first, last)


def test_a_breaker_rated_in_amperes_is_a_current_not_stars() -> None:
    schema = {"type": "integer", "description": "Rating of the customer's main breaker, amperes."}
    rng = random.Random(1)
    assert all(values.value_for(schema, rng, name="main_breaker_amps") >= 15 for _ in range(20))
    stars = {"type": "integer", "description": "Rating of the hotel."}
    assert all(values.value_for(stars, rng, name="rating") <= 5 for _ in range(20))


def test_a_catalog_that_names_no_country_keeps_its_towns_in_one() -> None:
    from generator.core import freetext, semantic

    schema = {"type": "string", "description": "City or town in the service territory."}
    rng = random.Random(3)
    with freetext.in_domain("electric_distribution_set23_test"):
        towns = {values.value_for(schema, rng, name="city") for _ in range(40)}
    countries = {c for t in towns for n, c in semantic.CITIES if n == t}
    assert len(countries) == 1 or countries <= semantic._PLACED_COUNTRIES["europe"], towns


def test_a_band_said_for_poles_is_not_every_pole_number() -> None:
    from generator.core import quantities

    props = {"pole_height_ft": {"type": "integer"}, "pole_class": {"type": "integer", "description": "Class, 1 to 7."}}
    said = "Pole class is class 1 (strongest) to 7, and the height is in feet, 30 to 65 for distribution poles."
    assert "pole_class" not in quantities.bands(said, props)
    siblings = {"grain_quarts_am": {"type": "number"}, "grain_quarts_pm": {"type": "number"}}
    assert set(quantities.bands("Feed 1-4 qt of grain per feeding.", siblings)) == set(siblings)


def test_an_id_opens_with_the_leads_its_description_says() -> None:
    schema = {"type": "string", "description": "Premise id: the 10-digit number, e.g. '4100238817'. Premise ids start "
                                               "with 41 (north district) or 42 (south district)."}
    rng = random.Random(1)
    drawn = [values.value_for(schema, rng, name="premise_id") for _ in range(30)]
    assert all(v[:2] in ("41", "42") and len(v) == 10 for v in drawn), drawn


def test_the_window_of_reads_kept_lies_behind_the_query() -> None:
    from generator.core import lore

    props = {"meter_number": {"type": "string"},
             "start_date": {"type": "string", "description": "First day of the window, YYYY-MM-DD."},
             "end_date": {"type": "string", "description": "Last day of the window, YYYY-MM-DD."}}
    tool = Tool(name="get_meter_reads", app="", api="get_meter_reads", domain="utility",
                description="Get interval reads for a meter. The window may be at most 90 days long.",
                parameters={"type": "object", "properties": props, "required": list(props)})
    tool = lore.annotate([tool])[0]
    rng = random.Random(2)
    for _ in range(10):
        args = values.sample_arguments(tool, rng, optional_rate=1.0)
        assert args["start_date"] <= args["end_date"] <= values.REFERENCE_TIME.strftime("%Y-%m-%d"), args


def test_home_is_tied_only_where_whole_trips_and_every_trip_agree() -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from test_plan import TAXI, event

    from generator.core.habits import place_ties

    def trip(day: int, dest: str, origin: str | None = None) -> Any:
        args = {"destination": dest, **({"origin": origin} if origin else {})}
        return event(TAXI, args, f"2025-05-{day:02d} 18:30")

    history = [trip(11, "Kristin Light", "Elm St"), trip(12, "Sims Glens"), trip(13, "Torres Market", "Lyon"),
               trip(14, "Brussels"), trip(15, "Berlin", "Johns Market"), trip(16, "Berlin", "Hill Park")]
    assert "home" not in place_ties(history)  # 2 of 4 whole trips, 2 of 6 that end somewhere
    assert place_ties(history[:1] + history[4:])["home"] == "berlin"


def test_a_record_of_work_done_is_dated_on_or_before_the_query() -> None:
    props = {"work_order_id": {"type": "string"}, "work_date": {"type": "string", "description": "Date worked, YYYY-MM-DD."},
             "next_due_date": {"type": "string", "description": "Date the next inspection is due, YYYY-MM-DD."}}
    tool = Tool(name="log_labor", app="", api="log_labor", domain="aircraft", description="Log labor time.",
                parameters={"type": "object", "properties": props, "required": list(props)})
    today = values.REFERENCE_TIME.strftime("%Y-%m-%d")
    rng = random.Random(4)
    drawn = [values.sample_arguments(tool, rng, optional_rate=1.0) for _ in range(15)]
    assert all(a["work_date"] <= today for a in drawn), drawn
    assert any(a["next_due_date"] > today for a in drawn), drawn


def test_a_search_filter_only_after_a_day_looks_back() -> None:
    from generator.core import lore

    props = {"effective_after": {"type": "string", "format": "date",
                                 "description": "Only ADs effective on or after this date, YYYY-MM-DD."}}
    tool = lore.annotate([Tool(name="search_airworthiness_directives", app="", api="search_airworthiness_directives",
                               domain="aircraft", description="Search FAA airworthiness directives.",
                               parameters={"type": "object", "properties": props, "required": list(props)})])[0]
    rng = random.Random(2)
    today = values.REFERENCE_TIME.strftime("%Y-%m-%d")
    assert all(values.sample_arguments(tool, rng)["effective_after"] <= today for _ in range(10))


def test_a_circuit_number_closing_an_id_stays_near_its_example() -> None:
    schema = {"type": "string", "description": "Feeder id: substation code, a hyphen and the two-digit circuit "
                                               "number, e.g. 'ELM-12' (Elm Street substation, circuit 12)."}
    rng = random.Random(1)
    circuits = [int(values.value_for(schema, rng, name="feeder_id").split("-")[1]) for _ in range(40)]
    assert all(1 <= c <= 24 for c in circuits), circuits


def test_an_issn_and_an_isbn_carry_their_check_digit() -> None:
    from stdnum import isbn, issn

    from generator.core.checkdigits import with_check_digit

    rng = random.Random(1)
    schema = {"type": "string", "pattern": "^[0-9]{4}-[0-9]{3}[0-9X]$", "description": "ISSN of the journal."}
    assert all(issn.is_valid(values.value_for(schema, rng, name="issn")) for _ in range(20))
    isbn13 = {"type": "string", "pattern": "^97[89][0-9]{10}$", "description": "ISBN-13, digits only."}
    assert all(isbn.is_valid(values.value_for(isbn13, rng, name="isbn")) for _ in range(20))
    assert with_check_digit("page_count", {}, "03178470") == "03178470"  # no standard named: as drawn


def test_a_catalog_under_a_countrys_own_agencies_is_placed_there() -> None:
    from generator.core import places

    assert places._region_named("Pole class is the ANSI O5.1 class, 1 (strongest) to 7.") == "us"
    assert places._region_named("Write a maintenance record entry (14 CFR 43.9 / 43.11).") == "us"
    assert places._region_named("Record a wood pole inspection.") is None
