"""Values the set-40 session fixed, all rules a catalog writes in prose: "cap_stamp is required when
status is set or reset" ('set' is a value of the status, not "is given"), "Give northing and easting
together" (the parameters named by their words), "gnss_control needs gnss_static_receiver or
gnss_rtk_rover in equipment", "station_to must be after station_from" (stations '12+37.50'), "Give
station_from and station_to for linear work (curb_and_gutter, ...)", "Give parcel_number; or
owner_name with county; or township, range and section together" (one way, whole), "requested_date
at least two days ahead"; a coordinate its example gives to the hundredth is never a round
1800000.0; an example parcel given for one county is never sent with another."""

from __future__ import annotations

import random
from datetime import datetime

from generator.core import lore
from generator.core.dependencies import Rule, enforce, leads, problems, rules
from generator.core.values import REFERENCE_TIME, sample_arguments
from generator.records import Tool

S = {"type": "string"}
_STATUS = {"type": "string", "enum": ["found", "set", "reset", "disturbed", "searched_not_found", "destroyed"]}
_STAKES = {"type": "string", "enum": ["rough_grade", "road_grade", "curb_and_gutter", "storm_sewer", "waterline",
                                      "building_corners", "lot_corners", "slope_stakes"]}
_STATION_FROM = {"type": "string", "pattern": "^[0-9]{1,3}\\+[0-9]{2}(\\.[0-9]{1,2})?$",
                 "description": "Start station along the alignment, e.g. '10+00' or '12+37.50'."}
_STATION_TO = {"type": "string", "pattern": "^[0-9]{1,3}\\+[0-9]{2}(\\.[0-9]{1,2})?$",
               "description": "End station, after station_from, e.g. '18+50'."}
_COUNTY = {"type": "string", "enum": ["Adams", "Arapahoe", "Boulder", "El Paso"], "description": "Colorado county."}
_PARCEL = {"type": "string", "pattern": "^[0-9]{9,13}$",
           "description": "County assessor parcel number, digits only, e.g. '157134101004' (Boulder) or "
                          "'0171100020028' (Arapahoe)."}


def _tool(name: str, description: str, props: dict, required: list[str]) -> Tool:
    return lore.annotate([Tool(name=name, app="survey", api=name, domain="survey_set40", description=description,
                               parameters={"type": "object", "properties": props, "required": required})])[0]


def test_a_value_named_set_is_a_value_and_every_listed_one_counts() -> None:
    said = "cap_stamp is required when status is set or reset (monuments set must bear the license number)."
    props = {"status": _STATUS, "cap_stamp": S}
    assert Rule("needs", "cap_stamp", ("status",), ("set", "reset")) in rules(said, props)
    assert problems(said, props, {"status": "reset"}) and not problems(said, props, {"status": "reset", "cap_stamp": "PLS 38124"})
    # "is set" of a parameter with no such value is still "is given": no rule on a value
    assert not [r for r in rules("notes is required when reason is set.", {"reason": S, "notes": S}) if r.kind == "needs"]


def test_parameters_given_together_are_named_by_their_words() -> None:
    props = {"northing_usft": {"type": "number"}, "easting_usft": {"type": "number"}, "status": _STATUS}
    assert Rule("together", "northing_usft", ("easting_usft",)) in rules("Record it. Give northing and easting together.", props)
    fixed = enforce("Give northing and easting together.", props, {"easting_usft": 3141872.55}, lambda n: 1702345.18)
    assert fixed == {"easting_usft": 3141872.55, "northing_usft": 1702345.18}


def test_a_value_needs_one_of_the_members_it_lists() -> None:
    props = {"task": {"type": "string", "enum": ["gnss_control", "topo_collection", "monument_search"]},
             "equipment": {"type": "array", "items": {"type": "string", "enum": ["gnss_static_receiver", "gnss_rtk_rover",
                                                                                 "digital_level", "total_station"]}}}
    said = "Book a crew. gnss_control needs gnss_static_receiver or gnss_rtk_rover in equipment."
    assert Rule("contains", "equipment", ("task",), ("gnss_control",), ("gnss_static_receiver", "gnss_rtk_rover")) \
        in rules(said, props)
    assert problems(said, props, {"task": "gnss_control", "equipment": ["digital_level"]})
    assert not problems(said, props, {"task": "gnss_control", "equipment": ["digital_level", "gnss_rtk_rover"]})
    fixed = enforce(said, props, {"task": "gnss_control", "equipment": ["digital_level"]}, lambda n: [])
    assert fixed["equipment"] == ["digital_level", "gnss_static_receiver"]


def test_an_end_station_lies_after_the_start_station() -> None:
    props = {"station_from": _STATION_FROM, "station_to": _STATION_TO}
    assert rules("Stake it.", props) == [Rule("below", "station_from", ("station_to",))]
    assert rules("Stake it. station_to must be after station_from.", props) == [Rule("below", "station_from", ("station_to",))]
    assert problems("Stake it.", props, {"station_from": "12+37.50", "station_to": "5+02.4"})
    assert not problems("Stake it.", props, {"station_from": "5+02.4", "station_to": "12+37.50"})
    moved = enforce("Stake it.", props, {"station_from": "12+37.50", "station_to": "5+02.4"}, lambda n: "3+00")
    assert moved == {"station_from": "3+00", "station_to": "5+02.4"}  # drawn again on its side
    swapped = enforce("Stake it.", props, {"station_from": "12+37.50", "station_to": "5+02.4"}, lambda n: "40+00")
    assert swapped == {"station_from": "5+02.4", "station_to": "12+37.50"}  # none there: the two swap
    # strings whose examples are no numbers are never ordered so
    assert rules("Ship it.", {"from_code": {"type": "string", "description": "e.g. 'AB'."},
                              "to_code": {"type": "string", "description": "Code, after from_code, e.g. 'CD'."}}) == []


def test_stations_go_with_the_linear_work_the_text_lists_and_never_come_back_in_pairs() -> None:
    said = ("Create a staking request. Give station_from and station_to for linear work (curb_and_gutter, storm_sewer, "
            "waterline, road_grade); building_corners and lot_corners take neither.")
    props = {"stake_type": _STAKES, "station_from": _STATION_FROM, "station_to": _STATION_TO}
    linear = ("curb_and_gutter", "storm_sewer", "waterline", "road_grade")
    assert Rule("needs", "station_to", ("stake_type",), linear) in rules(said, props)
    # a pair is completed only after the values that allow it stand: rough grade keeps no station
    fixed = enforce(said, props, {"stake_type": "rough_grade", "station_from": "12+37.50"}, lambda n: "18+50",
                    keep=frozenset({"stake_type"}))
    assert fixed == {"stake_type": "rough_grade"}
    fixed = enforce(said, props, {"stake_type": "waterline", "station_to": "18+50"}, lambda n: "10+00",
                    keep=frozenset({"stake_type"}))
    assert fixed == {"stake_type": "waterline", "station_to": "18+50", "station_from": "10+00"}


_WAYS = "Search parcels. Give parcel_number; or owner_name with county; or township, range and section together (with county)."
_PLSS = {"county": _COUNTY, "parcel_number": _PARCEL, "owner_name": S, "township": S, "range": S,
         "section": {"type": "integer", "minimum": 1, "maximum": 36}}


def test_a_search_goes_one_way_given_whole() -> None:
    found = rules(_WAYS, _PLSS)
    assert Rule("ways", "parcel_number", ("owner_name", "township"),
                target=(("parcel_number",), ("owner_name",), ("township", "range", "section"))) in found
    assert Rule("requires", "owner_name", ("county",)) in found and Rule("together", "township", ("section",)) in found
    mixed = {"county": "Adams", "parcel_number": "157134101004", "owner_name": "Hendricks", "township": "1N",
             "range": "68W", "section": 4}
    assert any(p.startswith("ways") for p in problems(_WAYS, _PLSS, mixed))
    assert enforce(_WAYS, _PLSS, mixed, lambda n: "x") == {"county": "Adams", "township": "1N", "range": "68W", "section": 4}
    assert enforce(_WAYS, _PLSS, mixed, lambda n: "x", keep=frozenset({"owner_name"})) == \
        {"county": "Adams", "owner_name": "Hendricks"}


def test_a_request_said_two_days_ahead_without_a_verb_lies_two_days_ahead() -> None:
    said = "Create a request. Needs 48 hours notice: requested_date at least two days ahead. Returns the number."
    date = {"type": "string", "format": "date", "description": "Date the contractor needs the stakes (YYYY-MM-DD)."}
    (lead,) = leads(said, {"requested_date": date})
    assert (lead.name, lead.least) == ("requested_date", 48.0)
    tool = _tool("request_staking", said, {"requested_date": date}, ["requested_date"])
    for seed in range(20):
        day = datetime.strptime(sample_arguments(tool, random.Random(seed))["requested_date"], "%Y-%m-%d")
        assert (day.date() - REFERENCE_TIME.date()).days >= 2, day


def test_a_coordinate_given_to_the_hundredth_is_never_round() -> None:
    northing = {"type": "number", "minimum": 1000000, "maximum": 2000000,
                "description": "State Plane northing, US survey feet, e.g. 1702345.18."}
    tool = _tool("record_monument", "Record a monument.", {"northing_usft": northing}, ["northing_usft"])
    drawn = [sample_arguments(tool, random.Random(seed))["northing_usft"] for seed in range(30)]
    assert all(round(x, 2) == x and x % 1000 for x in drawn), drawn
    assert len(set(drawn)) >= 25


def test_an_example_given_for_one_county_is_never_sent_with_another() -> None:
    said = "Search parcels."
    props = {"county": _COUNTY, "parcel_number": _PARCEL}
    assert problems(said, props, {"county": "El Paso", "parcel_number": "157134101004"})
    assert not problems(said, props, {"county": "Boulder", "parcel_number": "157134101004"})
    assert not problems(said, props, {"parcel_number": "157134101004"})
    fixed = enforce(said, props, {"county": "El Paso", "parcel_number": "157134101004"}, lambda n: "157134101004")
    assert fixed["parcel_number"] not in ("157134101004", "0171100020028")
    assert len(fixed["parcel_number"]) == 12 and fixed["parcel_number"].isdigit()
    assert fixed == enforce(said, props, {"county": "El Paso", "parcel_number": "157134101004"}, lambda n: "1")


def test_a_when_true_only_flag_is_never_sent_false() -> None:
    flag = {"type": "boolean", "description": "When true, only cars with an open bad order.", "default": False}
    tool = _tool("search_cars", "Search cars. Give at least one filter.",
                 {"car_type": {"type": "string", "enum": ["boxcar", "gondola"]}, "has_open_bad_order": flag}, [])
    drawn = [sample_arguments(tool, random.Random(seed)).get("has_open_bad_order") for seed in range(40)]
    assert False not in drawn, drawn
    # a TRAJECT call that takes the default false leaves it unsaid: never "without open bad order" (set 40)
    from generator.traject.plans import _stated, no_filter_flag

    assert no_filter_flag(tool, "has_open_bad_order", False) and not no_filter_flag(tool, "has_open_bad_order", True)
    modes = {a.param: a.mode for a in _stated(tool, {"car_type": "boxcar", "has_open_bad_order": False}, lambda k: [])}
    assert modes == {"car_type": "stated", "has_open_bad_order": "omitted"}


def test_a_comparison_in_its_own_clause_of_a_description_is_read() -> None:
    props = {"static_psi": {"type": "number", "description": "Static pressure, in psi, 0 to 300."},
             "residual_psi": {"type": "number", "description": "Residual pressure with the drain open, in psi; must not "
                                                                "exceed static_psi."},
             "return_to_static_seconds": {"type": "integer", "description": "Seconds to return to static pressure."}}
    assert rules("Record a main drain test.", props) == [Rule("below", "residual_psi", ("static_psi",))]
    # the tool's own words: "the static pressure" is static_psi, never return_to_static_seconds
    assert rules("Record it. The residual pressure cannot exceed the static pressure.",
                 {**props, "residual_psi": {"type": "number"}}) == [Rule("below", "residual_psi", ("static_psi",))]
    pump = {"suction_psi": {"type": "number", "description": "Suction pressure in psi."},
            "discharge_psi": {"type": "number", "description": "Discharge pressure, in psi, 0 to 400; must be greater "
                                                                 "than suction_psi."}}
    # "greater than" is strict (set 42): the two are never the same
    assert rules("Record a fire pump test.", pump) == [Rule("below", "suction_psi", ("discharge_psi",), ("strict",))]


def test_a_way_named_with_a_modifier_its_parameter_writes_is_a_way() -> None:
    props = {"property_id": S, "address": {"type": "string", "description": "Street address as it appears on the "
                                                                            "contract, e.g. '1450 Industrial Pkwy'."},
             "city": S, "state": S}
    said = "Search properties. Give either a property_id, or a street address, or a city together with its state."
    assert Rule("any_of", "property_id", ("address", "city")) in rules(said, props)


def test_a_kind_s_lead_the_tool_text_gives_holds_for_that_kind() -> None:
    said = ("Open an impairment. For a planned impairment the start must be at least 24 hours after the call. "
            "Returns the id.")
    props = {"impairment_type": {"type": "string", "enum": ["planned", "emergency"]},
             "start_time": {"type": "string", "format": "date-time", "description": "When the system goes out of service."}}
    (lead,) = leads(said, props)
    assert (lead.name, lead.least_for({"impairment_type": "planned"}), lead.least_for({"impairment_type": "emergency"})) \
        == ("start_time", 24.0, 0.0)


def test_a_month_billed_with_records_due_the_month_after_has_ended() -> None:
    month = {"type": "string", "description": "Month being billed, YYYY-MM, e.g. '2025-03'. Records are due by the end "
                                              "of the following month."}
    tool = _tool("submit_repair_billing", "Submit car repair billing records for one shop and one billing month.",
                 {"billing_month": month}, ["billing_month"])
    drawn = {sample_arguments(tool, random.Random(seed))["billing_month"] for seed in range(30)}
    now = f"{REFERENCE_TIME.year}-{REFERENCE_TIME.month:02d}"
    assert drawn and all(m < now for m in drawn), drawn


def test_a_floor_per_value_and_the_values_an_aside_names_are_rules() -> None:
    props = {"test_type": {"type": "string", "enum": ["weekly_churn", "monthly_churn", "annual_flow"],
                           "description": "weekly_churn (diesel, and electric pumps in high-rise or where required), "
                                          "monthly_churn (electric), or annual_flow."},
             "driver": {"type": "string", "enum": ["electric", "diesel", "steam_turbine"], "description": "Pump driver."},
             "run_minutes": {"type": "integer", "minimum": 5, "maximum": 60,
                             "description": "Minutes the pump ran, 5 to 60. At least 10 for electric and 30 for diesel drivers."}}
    found = rules("Record a fire pump test.", props)
    assert Rule("band_if", "run_minutes", ("driver",), ("diesel",), (30.0, 60.0)) in found
    assert Rule("band_if", "run_minutes", ("driver",), ("electric",), (10.0, 60.0)) in found
    assert Rule("pairs", "driver", ("test_type",), ("monthly_churn",), ("electric",)) in found
    assert Rule("pairs", "driver", ("test_type",), ("weekly_churn",), ("diesel", "electric")) in found
    assert problems("Record a fire pump test.", props, {"test_type": "monthly_churn", "driver": "diesel", "run_minutes": 31})
    assert problems("Record a fire pump test.", props, {"test_type": "weekly_churn", "driver": "diesel", "run_minutes": 11})
    # an aside that opens with no value ("from a consumer or HCP") names no set of them
    reports = {"report_type": {"type": "string", "enum": ["spontaneous", "study"],
                               "description": "spontaneous (usually from an HCP, or consumer) or study."},
               "reporter": {"type": "string", "enum": ["consumer", "physician", "other"], "description": "Who reported."}}
    assert not [r for r in rules("Create a case.", reports) if r.kind == "pairs"]


def test_a_phrase_naming_two_parameters_alike_names_none() -> None:
    props = {"term_months": {"type": "integer"}, "monthly_rent_usd": {"type": "number"},
             "security_deposit_usd": {"type": "number"}}
    said = "Draft a lease. Security deposit may not exceed two months' rent."
    assert not [r for r in rules(said, props) if r.kind == "below" and "term_months" in (r.subject, *r.others)]
    from generator.core.dependencies import _numeric_param

    assert _numeric_param("two months' rent", props) is None  # term or rent: a tie
    drain = {"static_psi": {"type": "number"}, "return_to_static_seconds": {"type": "integer"}}
    assert _numeric_param("static pressure", drain) == "static_psi"  # a pressure is measured in psi


def test_a_history_event_bills_a_month_that_has_ended_by_its_own_time() -> None:
    from generator.personas import _fill_temporal

    month = {"type": "string", "description": "Month being billed, YYYY-MM, e.g. '2025-03'. Records are due by the end "
                                              "of the following month."}
    tool = _tool("submit_repair_billing", "Submit billing records for one month.", {"billing_month": month},
                 ["billing_month"])
    when = datetime(2025, 7, 13, 12, 26)
    for seed in range(20):
        billed = _fill_temporal(tool, {"billing_month": "2025-05"}, when, random.Random(seed), set())["billing_month"]
        assert billed < "2025-07", billed
