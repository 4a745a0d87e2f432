"""Values the set-41 session fixed: a latitude/longitude pair drawn outside the state and county of
its call ("Bexar County, TX" at a point in Arkansas); a list given "one per missed spot, in the same
order" of another length, and "one method per pollutant ... NOX with '7E'" with method 10 for NOX;
a "Monday that starts the broadcast week" on a Tuesday; "County name, used with state" with no
state; "sulfur_percent is required for oils and coal" and "quantity_units must suit the fuel: scf or
mscf for gaseous fuels, gallons for oils, tons for coal and wood" (words that name groups of enum
values); and "ppm for NO, NOX, SO2 and CO; percent for CO2 and O2"."""

from __future__ import annotations

import random
from datetime import date

from generator.core import coords, lore, paired, pinned, zips
from generator.core.dependencies import Rule, problems, rules
from generator.core.values import sample_arguments
from generator.records import Tool

S = {"type": "string"}
_LAT = {"type": "number", "minimum": 18, "maximum": 72, "description": "Latitude in decimal degrees (NAD83)."}
_LON = {"type": "number", "minimum": -180, "maximum": -65, "description": "Longitude in decimal degrees, negative west."}
_STATE = {"type": "string", "pattern": "^[A-Z]{2}$", "description": "Two-letter US state code, e.g. 'TX'."}
_FUEL = {"type": "string", "enum": ["natural_gas", "distillate_oil", "residual_oil", "coal", "wood", "landfill_gas"]}


def _tool(name: str, description: str, props: dict, required: list[str]) -> Tool:
    return lore.annotate([Tool(name=name, app="towers", api=name, domain="towers_set41", description=description,
                               parameters={"type": "object", "properties": props, "required": required})])[0]


def test_a_point_lies_in_the_state_and_county_of_its_call() -> None:
    props = {"state": _STATE, "county": {"type": "string", "description": "County name, used with state."},
             "latitude": _LAT, "longitude": _LON}
    args = {"state": "TX", "county": "Bexar", "latitude": 36.0923, "longitude": -91.2325}  # a point in Arkansas
    moved = coords.in_their_place(props, args, random.Random(3), frozenset())
    towns = [zips.point_of(t, "TX") for t in zips.towns_in("Bexar", "TX")[:10]]
    assert any(abs(moved["latitude"] - y) < 0.2 and abs(moved["longitude"] - x) < 0.2 for y, x in towns if y), moved
    assert len(str(moved["latitude"]).split(".")[1]) <= 4  # written like the drawn one
    near = {**args, "latitude": 29.43, "longitude": -98.49}  # San Antonio: kept
    assert coords.in_their_place(props, near, random.Random(3), frozenset()) == near
    assert coords.in_their_place(props, args, random.Random(3), frozenset({"latitude"})) == args  # a fixed point stays


def test_a_county_used_with_state_requires_the_state_and_every_draw_agrees() -> None:
    county = {"type": "string", "description": "County name, used with state, e.g. 'Bexar'."}
    props = {"state": _STATE, "county": county, "latitude": _LAT, "longitude": _LON}
    assert Rule("requires", "county", ("state",)) in rules("Search the tower sites.", props)
    tool = _tool("search_sites", "Search the company's tower sites in Texas.", props, [])
    for seed in range(12):
        args = sample_arguments(tool, random.Random(seed))
        assert "county" not in args or "state" in args, args
        if {"state", "latitude", "longitude"} <= set(args):
            points = [p for t in zips.towns_of(args["state"])[:30] if (p := zips.point_of(t, args["state"]))]
            assert any(abs(args["latitude"] - y) < 0.5 and abs(args["longitude"] - x) < 0.5 for y, x in points), args


def test_a_list_given_one_per_another_is_as_long_and_pairs_its_items() -> None:
    stack = _tool("schedule_stack_test", "Schedule a stack test. pollutants and methods are paired in order, one "
                  "method per pollutant, e.g. PM with '5', NOX with '7E', CO with '10', SO2 with '6C'.", {
                      "pollutants": {"type": "array", "items": {"type": "string", "enum": ["NOX", "SO2", "CO", "PM", "FLOW"]},
                                     "minItems": 1, "maxItems": 4},
                      "methods": {"type": "array", "items": {"type": "string", "pattern": "^(2|5|6C|7E|10)$"},
                                  "minItems": 1, "maxItems": 4,
                                  "description": "EPA reference methods, one per pollutant in the same order."}},
                  ["pollutants", "methods"])
    assert paired.pairs(stack) == [("methods", "pollutants")]
    assert paired.mapping(stack, "methods", "pollutants") == {"PM": "5", "NOX": "7E", "CO": "10", "SO2": "6C"}
    for seed in range(10):
        args = sample_arguments(stack, random.Random(seed))
        assert len(args["methods"]) == len(args["pollutants"]), args
        pairs = {"PM": "5", "NOX": "7E", "CO": "10", "SO2": "6C"}
        assert all(pairs.get(p, m) == m for p, m in zip(args["pollutants"], args["methods"], strict=True)), args
    spot = {"type": "string", "pattern": "^SPT-[0-9]{8}$"}
    brk = {"type": "string", "pattern": "^BRK-[0-9]{8}-[0-9]{3}$"}
    makegood = _tool("create_makegood", "Offer makegoods for missed spots.", {
        "missed_spot_ids": {"type": "array", "items": spot, "minItems": 1, "maxItems": 6},
        "replacement_break_ids": {"type": "array", "items": brk, "minItems": 1, "maxItems": 6,
                                  "description": "Breaks offered as replacements, one per missed spot, in the same order."}},
        ["missed_spot_ids", "replacement_break_ids"])
    lengths = set()
    for seed in range(10):
        args = sample_arguments(makegood, random.Random(seed))
        assert len(args["replacement_break_ids"]) == len(args["missed_spot_ids"]), args
        lengths.add(len(args["missed_spot_ids"]))
    assert len(lengths) > 1  # the lists still vary in length, together


def test_a_date_its_text_pins_to_a_weekday_falls_on_it() -> None:
    week = {"type": "string", "format": "date", "description": "Monday that starts the broadcast week (YYYY-MM-DD)."}
    assert pinned.day_named(week) == 0
    assert pinned.day_named({"description": "The week-ending Sunday."}) == 6
    assert pinned.day_named({"description": "Date; must be a Friday."}) == 4
    for loose in ("Open Monday to Friday.", "Monday, Wednesday or Friday.", "Monday-Friday only.", "Delivery date."):
        assert pinned.day_named({"description": loose}) is None, loose
    assert pinned.on_their_day({"week_start": week}, {"week_start": "2025-06-03"}, frozenset()) == \
        {"week_start": "2025-06-09"}  # a Tuesday moves on to the next Monday
    tool = _tool("get_avails", "Report unsold inventory for one broadcast week.", {"week_start": week}, ["week_start"])
    assert all(date.fromisoformat(sample_arguments(tool, random.Random(s))["week_start"]).weekday() == 0
               for s in range(8))


def test_words_that_name_groups_of_values_read_as_those_values() -> None:
    props = {"fuel": _FUEL, "quantity_units": {"type": "string", "enum": ["scf", "mscf", "gallons", "tons"]},
             "sulfur_percent": {"type": "number", "minimum": 0, "maximum": 5}}
    said = ("Record a unit's monthly fuel use. quantity_units must suit the fuel: scf or mscf for gaseous fuels, "
            "gallons for oils, tons for coal and wood. sulfur_percent is required for oils and coal.")
    read = rules(said, props)
    assert Rule("needs", "sulfur_percent", ("fuel",), ("distillate_oil", "residual_oil", "coal")) in read
    assert Rule("pairs", "quantity_units", ("fuel",), ("natural_gas", "landfill_gas"), ("scf", "mscf")) in read
    assert Rule("pairs", "quantity_units", ("fuel",), ("distillate_oil", "residual_oil"), ("gallons",)) in read
    assert Rule("pairs", "quantity_units", ("fuel",), ("coal", "wood"), ("tons",)) in read
    assert problems(said, props, {"fuel": "natural_gas", "quantity_units": "gallons"})
    assert not problems(said, props, {"fuel": "coal", "quantity_units": "tons", "sulfur_percent": 1.1})


def test_codes_listed_per_unit_pair_with_it_and_a_code_is_no_word_of_another() -> None:
    props = {"gas_component": {"type": "string", "enum": ["NO", "NOX", "SO2", "CO", "CO2", "O2", "NO_SO2_CO2_MIX"]},
             "units": {"type": "string", "enum": ["ppm", "percent"],
                       "description": "ppm for NO, NOX, SO2 and CO; percent for CO2 and O2."}}
    read = rules("Register a calibration gas cylinder.", props)
    assert Rule("pairs", "units", ("gas_component",), ("NO", "NOX", "SO2", "CO"), ("ppm",)) in read
    assert Rule("pairs", "units", ("gas_component",), ("CO2", "O2"), ("percent",)) in read


def test_a_clock_hour_falls_on_the_hour_and_a_lead_said_away_is_kept() -> None:
    hour = {"type": "string", "format": "date-time", "description": "First clock hour, ISO 8601, e.g. '2025-04-01T00:00:00'."}
    assert pinned.on_the_hour({"start": hour}, {"start": "2025-05-04T10:45:00"}, frozenset()) == \
        {"start": "2025-05-04T10:00:00"}
    stamp = {"type": "string", "format": "date-time", "description": "When the sample was taken."}
    assert pinned.on_the_hour({"taken_at": stamp}, {"taken_at": "2025-05-04T10:45:00"}, frozenset()) == \
        {"taken_at": "2025-05-04T10:45:00"}
    rata = _tool("schedule_rata", "Schedule a RATA. The agency must be notified at least 21 days before the test date, "
                 "so test_date must be at least 21 days away when notify_agency is true.",
                 {"test_date": {"type": "string", "format": "date", "description": "First test day."},
                  "notify_agency": {"type": "boolean", "default": True}}, ["test_date"])
    for seed in range(6):
        drawn = date.fromisoformat(sample_arguments(rata, random.Random(seed))["test_date"])
        assert (drawn - date(2025, 6, 2)).days >= 21, drawn


def test_a_year_with_its_quarter_is_a_period_just_ended() -> None:
    report = _tool("submit_quarterly_report", "Submit a facility's quarterly report, due 30 days after the quarter ends.",
                   {"year": {"type": "integer", "minimum": 2015, "maximum": 2035, "description": "Calendar year."},
                    "quarter": {"type": "integer", "minimum": 1, "maximum": 4, "description": "Calendar quarter."}},
                   ["year", "quarter"])
    drawn = {(a["year"], a["quarter"]) for a in (sample_arguments(report, random.Random(s)) for s in range(12))}
    assert drawn <= {(2025, 1), (2024, 4), (2024, 3)} and len(drawn) > 1, drawn  # the query is in 2025 Q2


def test_a_sum_of_money_under_a_wide_cap_is_drawn_at_its_own_scale() -> None:
    from generator.core import semantic

    rate = {"type": "number", "minimum": 0, "maximum": 250000, "description": "Gross rate per spot in USD."}
    assert semantic.infer("unit_rate", rate) == "money"  # "in USD." with its full stop
    tool = _tool("add_order_line", "Add a line to an order.", {"unit_rate": rate}, ["unit_rate"])
    drawn = [sample_arguments(tool, random.Random(s))["unit_rate"] for s in range(12)]
    assert max(drawn) < 2500 and len(set(drawn)) > 3, drawn  # never 14,000 to 62,000 per spot


def test_a_reading_lies_near_its_known_value_and_ranked_kinds_come_each_once_in_rank() -> None:
    from generator.core import readings

    calibration = {"zero_reference": {"type": "number", "minimum": 0}, "zero_response": {"type": "number"},
                   "upscale_reference": {"type": "number", "minimum": 0}, "upscale_response": {"type": "number"}}
    drawn = {"zero_reference": 2.6, "zero_response": 82.4, "upscale_reference": 57.0, "upscale_response": 11.0}
    near = readings.near_known(calibration, drawn, random.Random(1), frozenset())
    assert abs(near["zero_response"] - 2.6) <= 0.2 and abs(near["upscale_response"] - 57) <= 57 * 0.03, near
    assert readings.near_known(calibration, drawn, random.Random(1), frozenset({"zero_response"}))["zero_response"] == 82.4
    level = {"type": "object", "properties": {
        "level": {"type": "string", "enum": ["low", "mid", "high"]},
        "reference_value": {"type": "number", "minimum": 0, "description": "Certified concentration."},
        "responses": {"type": "array", "items": {"type": "number"}, "minItems": 3, "maxItems": 3}},
        "required": ["level", "reference_value", "responses"]}
    levels = {"type": "array", "minItems": 3, "maxItems": 3, "items": level,
              "description": "The three gas levels, low, mid and high, each once."}
    tool = _tool("record_linearity_check", "Record a quarterly linearity check of one gas analyzer.",
                 {"levels": levels}, ["levels"])
    for seed in range(6):
        got = sample_arguments(tool, random.Random(seed))["levels"]
        assert [o["level"] for o in got] == ["low", "mid", "high"], got
        assert [o["reference_value"] for o in got] == sorted(o["reference_value"] for o in got), got
        assert all(abs(r - o["reference_value"]) <= max(0.1, o["reference_value"] * 0.03) for o in got for r in o["responses"])


def test_a_name_quoted_after_county_votes_for_the_counties_state() -> None:
    """'Bexar' after "County name" is Bexar County, Texas, never the hamlet of Bexar, Arkansas (set 41:
    every point of a Texas tower company's searches lay in Arkansas); 'Onondaga' is New York's."""
    assert zips.state_of("County name, used with state, e.g. 'Bexar'.") == "TX"
    assert zips.state_of("County name without the word 'County', e.g. 'Onondaga'.") == "NY"
    assert zips.state_of("Town of the ticket, e.g. 'Manassas' or 'Reston'.") == "VA"  # towns still vote


def test_a_result_named_above_a_threshold_goes_with_the_number_and_sectors_spread() -> None:
    from generator.core import readings

    props = {"max_usage_percent": {"type": "number", "minimum": 0, "maximum": 300},
             "result": {"type": "string", "enum": ["pass", "pass_with_modification", "fail"]}}
    said = "Record the result. result must be pass_with_modification or fail when max_usage_percent exceeds 105."
    read = rules(said, props)
    assert Rule("band_if", "max_usage_percent", ("result",), ("pass_with_modification", "fail"), (105.0, 300.0)) in read
    assert Rule("band_if", "max_usage_percent", ("result",), ("pass",), (0.0, 105.0)) in read
    tool = _tool("record_structural_result", said, props, ["max_usage_percent", "result"])
    for seed in range(10):
        args = sample_arguments(tool, random.Random(seed))
        assert (args["result"] == "pass") == (args["max_usage_percent"] <= 105), args
    antennas = {"type": "array", "items": {"type": "object", "properties": {
        "model": {"type": "string"},
        "azimuths": {"type": "array", "minItems": 1, "maxItems": 6,
                     "items": {"type": "integer", "minimum": 0, "maximum": 359}}}}}
    drawn = {"antennas": [{"model": "AIR 6449", "azimuths": [0, 1, 40, 0]}, {"model": "NHH-65B", "azimuths": [9]}]}
    spread = readings.spread_angles({"antennas": antennas}, drawn, random.Random(2), frozenset())["antennas"]
    first = spread[0]["azimuths"]
    assert len(first) == 3 and sorted((b - a) % 360 for a, b in zip(first, first[1:] + first[:1], strict=True)) == [120] * 3
    assert len(spread[1]["azimuths"]) == 1


def test_an_optional_value_required_for_a_case_the_call_cannot_name_is_left_out() -> None:
    sponsor = {"type": "string", "description": "Sponsor identification as shown and voiced, e.g. 'Paid for by Garza "
                                                "for Congress'. Required for political and issue copy."}
    copy = _tool("register_copy", "Register a commercial for an advertiser.",
                 {"title": {"type": "string", "description": "Copy title, e.g. 'Spring Truck Month 30'."},
                  "sponsorship_id": sponsor}, ["title"])
    assert all("sponsorship_id" not in sample_arguments(copy, random.Random(s), optional_rate=1.0) for s in range(8))
    kinds = {"type": "string", "enum": ["commercial", "political"], "description": "Kind of copy."}
    typed = _tool("register_copy", "Register a commercial for an advertiser.",
                  {"copy_type": kinds, "sponsorship_id": {**sponsor, "description": "Sponsor line. Required for political copy."}},
                  ["copy_type"])
    drawn = [sample_arguments(typed, random.Random(s), optional_rate=1.0) for s in range(12)]
    assert any("sponsorship_id" in a for a in drawn)  # a case the call names keeps its value
    assert all(("sponsorship_id" in a) == (a["copy_type"] == "political") for a in drawn), drawn


def test_notice_some_days_before_a_test_is_a_lead_on_its_date() -> None:
    from generator.core.dependencies import leads

    props = {"test_date": {"type": "string", "format": "date", "description": "First test day (YYYY-MM-DD)."},
             "runs": {"type": "integer", "minimum": 3, "maximum": 6}}
    said = "Schedule a stack test. Most permits require a test protocol 30 days and notice 30 days before the test."
    assert [(x.name, x.least) for x in leads(said, props)] == [("test_date", 720.0)]
    tool = _tool("schedule_stack_test", said, props, ["test_date"])
    assert all((date.fromisoformat(sample_arguments(tool, random.Random(s))["test_date"]) - date(2025, 6, 2)).days >= 30
               for s in range(6))


def test_a_kind_that_needs_at_least_two_listed_lists_two() -> None:
    tool = _tool("request_site_access", "Request access to a site for a crew. Climbs need climb_height_ft and at "
                 "least two crew members.", {
                     "access_type": {"type": "string", "enum": ["ground", "climb", "rooftop"]},
                     "crew_names": {"type": "array", "items": {"type": "string", "description": "Crew member's name."},
                                    "minItems": 1, "maxItems": 8, "description": "Names of the crew members on site."},
                     "climb_height_ft": {"type": "integer", "minimum": 10, "maximum": 2000}},
                 ["access_type", "crew_names"])
    climbs = [sample_arguments(tool, random.Random(s), fixed={"access_type": "climb"}) for s in range(8)]
    assert all(len(a["crew_names"]) >= 2 for a in climbs), climbs
    grounds = [sample_arguments(tool, random.Random(s), fixed={"access_type": "ground"}) for s in range(12)]
    assert any(len(a["crew_names"]) == 1 for a in grounds)  # only the kind the prose names
