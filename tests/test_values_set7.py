"""Values a person would use, classes the set-7 readings found (issue 21), each on an invented
tool: numbers in a modest part of a schema's limits, a number the description gives per thing,
enum values that name each other, prose rules between enums, free text that is no other field's
description, shares that make a whole, codes in the form the catalog shows."""

from __future__ import annotations

import random
import re
from typing import Any

from generator.core import allowed, dependencies, lore
from generator.core.values import sample_arguments
from generator.records import Tool


def _tool(name: str, props: dict[str, Any], description: str = "", required: list[str] | None = None,
          domain: str = "d") -> Tool:
    return lore.annotate([Tool(name=name, app="a", api=name, domain=domain, description=description,
                               parameters={"type": "object", "properties": props,
                                           "required": list(props) if required is None else required})])[0]


def _draws(tool: Tool, n: int = 30, rate: float = 1.0) -> list[dict[str, Any]]:
    rng = random.Random(7)
    return [sample_arguments(tool, rng, optional_rate=rate) for _ in range(n)]


# ---------------------------------------------------------------- numbers on the schema's scale

def test_a_wide_range_gives_a_modest_value_not_its_whole_span() -> None:
    tool = _tool("schedule_ferry_crossing", {
        "vessel": {"type": "string", "enum": ["Ardrossan", "Brodick"]},
        "freight_tonnes": {"type": "integer", "minimum": 1, "maximum": 400000},
        "salt_content_pct": {"type": "number", "minimum": 0, "maximum": 30},
        "tide_offset_m": {"type": "number", "minimum": -3, "maximum": 2}})
    draws = _draws(tool, 40)
    assert all(1000 <= args["freight_tonnes"] <= 120_000 for args in draws), draws  # not 390,000 on any crossing
    assert all(0.5 <= args["salt_content_pct"] <= 8 for args in draws), draws
    assert all(-1 <= args["tide_offset_m"] <= 1 for args in draws), draws
    assert len({args["tide_offset_m"] for args in draws}) > 3, draws  # not always 0: a narrow range has cents
    assert any(args["tide_offset_m"] < 0 for args in draws), draws  # near zero on both sides


def test_tens_of_hours_are_quoted_whole() -> None:
    tool = _tool("quote_roof_repair", {"labor_hours": {"type": "number", "minimum": 1, "maximum": 2000}})
    for args in _draws(tool):
        hours = args["labor_hours"]
        assert hours >= 3 and (hours < 10 or float(hours).is_integer()), args


def test_a_price_whose_floor_is_above_a_receipt_is_on_the_schemas_scale() -> None:
    tool = _tool("sell_marina_berth", {"berth_no": {"type": "string", "description": "Berth, e.g. 'B-14'."},
                                       "price_usd": {"type": "number", "minimum": 300, "maximum": 150000}})
    for args in _draws(tool):
        assert args["price_usd"] >= 1000, args  # a berth is not sold for 361 dollars


def test_a_number_listed_per_thing_follows_the_thing_a_sibling_names() -> None:
    tool = _tool("weigh_hop_bale", {
        "variety": {"type": "string", "enum": ["cascade_aroma", "saaz_noble", "magnum_bittering"]},
        "bale_weight_lb": {"type": "number", "minimum": 20, "maximum": 400,
                           "description": "Bale weight, lb (cascade about 200, saaz 150, magnum 180-220)."}})
    for args in _draws(tool):
        want = {"cascade_aroma": (200, 200), "saaz_noble": (150, 150), "magnum_bittering": (180, 220)}[args["variety"]]
        assert want[0] <= args["bale_weight_lb"] <= want[1], args


# ---------------------------------------------------------------- values that agree

def test_an_enum_value_naming_a_siblings_member_takes_it_along() -> None:
    tool = _tool("order_garden_bench", {
        "model": {"type": "string", "enum": ["teak_slat_bench", "cast_iron_bench", "stone_block_bench", "picnic_table"]},
        "finish": {"type": "string", "enum": ["teak", "iron", "granite_stone", "pine", "oak"]}})
    draws = _draws(tool, 40)
    for args in draws:
        if args["model"] == "teak_slat_bench":
            assert args["finish"] == "teak", args
        if args["model"] == "stone_block_bench":
            assert args["finish"] == "granite_stone", args
    assert {a["finish"] for a in draws if a["model"] == "picnic_table"} - {"teak", "iron", "granite_stone"}, draws


def test_an_ids_leading_code_agrees_with_the_thing_a_sibling_names() -> None:
    spot = {"type": "string", "pattern": "^[A-Z]{1,2}-[0-9]{2}$",
            "description": "Spot id as zone-number, e.g. 'G-12'; kayak racks and lockers use zone 'KR' or 'LK', "
                           "e.g. 'KR-03'."}
    tool = _tool("assign_storage_spot", {
        "spot_id": spot, "item": {"type": "string", "enum": ["kayak_on_rack", "bag_in_locker", "trailer", "canoe"]}})
    for args in _draws(tool, 40):
        zone = args["spot_id"].split("-")[0]
        want = {"kayak_on_rack": "KR", "bag_in_locker": "LK"}.get(args["item"])
        assert zone == want if want else zone not in ("KR", "LK"), args


def test_an_id_that_opens_with_a_siblings_letter_takes_its_initial() -> None:
    tool = _tool("log_silo_reading", {
        "site": {"type": "string", "enum": ["Ashford", "Belmont", "Carlow"]},
        "silo_id": {"type": "string", "pattern": "^[ABC]-[0-9]{2}$",
                    "description": "Silo id: site letter, dash, silo number, e.g. A-07 (Ashford silo 7)."}})
    for args in _draws(tool):
        assert args["silo_id"][0] == args["site"][0], args


def test_shares_of_a_list_add_up_to_the_whole_the_prose_states() -> None:
    tool = _tool("split_orchard_payout", {
        "orchard_id": {"type": "string", "description": "Orchard, e.g. OR-112."},
        "recipients": {"type": "array", "minItems": 2, "maxItems": 4, "items": {
            "type": "object", "properties": {"name": {"type": "string"},
                                             "share_pct": {"type": "number", "minimum": 1, "maximum": 100}},
            "required": ["name", "share_pct"]}}}, description="Pay out a harvest. Recipient shares must add up to 100.")
    for args in _draws(tool):
        assert abs(sum(r["share_pct"] for r in args["recipients"]) - 100) < 0.02, args


def test_an_id_digit_group_is_never_all_zeros() -> None:
    tool = _tool("reserve_allotment", {"allotment_id": {
        "type": "string", "pattern": "^[A-Z]-[0-9]{2}-[0-9]{2}$", "description": "Allotment id, e.g. 'C-12-04'."}})
    rng = random.Random(3)
    drawn = [sample_arguments(tool, rng)["allotment_id"] for _ in range(400)]
    assert not [d for d in drawn if "-00" in d], drawn


# ---------------------------------------------------------------- prose rules between parameters

def test_every_value_a_sentence_says_needs_a_parameter_counts() -> None:
    props = {"plan": {"type": "string", "enum": ["fixed_rate", "tracker", "capped", "discount"]},
             "rate_pct": {"type": "number", "minimum": 0, "maximum": 15},
             "margin_pct": {"type": "number", "minimum": -2, "maximum": 5}}
    text = "fixed_rate needs rate_pct and margin_pct; tracker mortgages need margin_pct only; capped needs rate_pct only."
    tool = _tool("offer_mortgage", props, text, required=["plan"])
    for args in _draws(tool, 40):
        assert ("rate_pct" in args) == (args["plan"] in ("fixed_rate", "capped")), args
        assert ("margin_pct" in args) == (args["plan"] in ("fixed_rate", "tracker")), args


def test_a_value_that_is_always_another_and_must_give_a_parameter() -> None:
    props = {"call_type": {"type": "string", "enum": ["fire", "medical", "noise_complaint", "lockout"]},
             "urgency": {"type": "string", "enum": ["immediate", "soon", "whenever"], "default": "soon"},
             "people_inside": {"type": "integer", "minimum": 1, "maximum": 40}}
    text = "A fire is always urgency 'immediate' and must give people_inside; other call types must not send it."
    tool = _tool("log_dispatch", props, text, required=["call_type"])
    assert dependencies.problems(text, props, {"call_type": "medical", "urgency": "immediate"}) == []
    for args in _draws(tool, 40):
        assert ("people_inside" in args) == (args["call_type"] == "fire"), args
        if args["call_type"] == "fire":
            assert args.get("urgency") == "immediate", args


def test_refused_unless_true_is_always_true() -> None:
    props = {"crane_id": {"type": "string", "description": "Crane, e.g. CR-07."},
             "load_test_passed": {"type": "boolean"}}
    tool = _tool("release_crane", props, "Release a crane after repair. Refused unless load_test_passed is true.")
    assert all(args["load_test_passed"] is True for args in _draws(tool)), "a refused call is no gold call"


def test_a_value_that_must_not_list_a_parameter_goes_without_it_and_the_others_with_it() -> None:
    props = {"outcome": {"type": "string", "enum": ["clean", "minor_findings", "closed_down"]},
             "findings": {"type": "array", "items": {"type": "string"}, "description": "Findings, e.g. 'no soap'."}}
    tool = _tool("record_kitchen_audit", props, "A 'clean' audit must not list findings; the others list at least one.",
                 required=["outcome"])
    for args in _draws(tool, 40):
        assert bool(args.get("findings")) == (args["outcome"] != "clean"), args


def test_a_zero_counts_as_given_and_a_left_out_enum_is_its_default() -> None:
    props = {"mode": {"type": "string", "enum": ["walk_in", "booked"], "default": "walk_in"},
             "booking_ref": {"type": "string", "description": "Booking reference, e.g. BK-2041."}}
    assert dependencies.problems("", {"a": {"type": "number"}}, {"a": 0}) == []
    assert dependencies._set({"a": 0}, "a")
    tool = _tool("check_in_guest", props, "A booked check-in needs booking_ref.", required=[])
    for args in _draws(tool, 40, rate=0.5):
        assert ("booking_ref" in args) == (args.get("mode", "walk_in") == "booked"), args


# ---------------------------------------------------------------- text and codes in their form

def test_a_description_that_says_what_a_value_is_lists_no_values() -> None:
    said = allowed.read("Ship name or call sign, partial match (e.g. 'Saga Sky', 'LAZP7').")
    assert said.allowed == () and said.examples == ("Saga Sky", "LAZP7")
    tool = _tool("find_vessel", {"query": {"type": "string", "description":
                                           "Ship name or call sign, partial match (e.g. 'Saga Sky', 'LAZP7')."}})
    for args in _draws(tool):
        assert args["query"].lower() not in ("ship name", "call sign", "partial match"), args


def test_a_field_shown_as_a_sentence_is_no_read_out_of_the_calls_values() -> None:
    tool = _tool("open_pool_ticket", {
        "issue_type": {"type": "string", "enum": ["pump_fault", "leak", "heater_fault"]},
        "priority": {"type": "string", "enum": ["high", "normal"]},
        "problem_description": {"type": "string", "description":
                              "What was reported, in plain words, e.g. 'water level drops 5 cm overnight near the steps'."}})
    for args in _draws(tool):  # the one example tells of one kind: another kind is said in its own words (set 32)
        said = args["problem_description"]
        assert "ticket" not in said and "water level" not in said, args
        assert said.lower().startswith(args["issue_type"].replace("_", " ")), args


def test_a_phone_asked_in_e164_is_written_so() -> None:
    tool = _tool("add_member", {"name": {"type": "string"},
                                "phone": {"type": "string", "description": "Phone in E.164 form, e.g. +16145550123."}})
    for args in _draws(tool, 40):
        assert re.fullmatch(r"\+1\d{10}", args["phone"]), args


def test_cities_keep_to_the_region_the_catalog_names() -> None:
    from generator.catalog import Catalog
    from generator.core import semantic

    tool = Tool(name="find_kennels", app="a", api="find_kennels", domain="kennel_set7_test",
                description="Find boarding kennels we partner with. Fees are billed in USD.",
                parameters={"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]})
    Catalog(lore.annotate([tool]))
    country = dict(semantic.CITIES)
    for args in _draws(tool, 40):
        assert country.get(args["city"], "US") == "US", args


def test_a_date_something_must_be_done_by_is_weeks_ahead() -> None:
    from datetime import date

    tool = _tool("record_fire_door_check", {
        "door_id": {"type": "string", "description": "Door, e.g. FD-118."},
        "fix_by": {"type": "string", "format": "date", "description": "Date the inspector set for the repair."}})
    for args in _draws(tool):
        assert (date.fromisoformat(args["fix_by"]) - date(2025, 6, 2)).days >= 14, args


def test_a_range_of_codes_keeps_to_the_members_its_clause_allows() -> None:
    tool = _tool("request_sign", {
        "pitch_id": {"type": "string", "pattern": "^[A-Z]-[0-9]{2}$", "description": "Pitch, e.g. 'K-12'."},
        "sign_type": {"type": "string", "enum": ["small_wall_sign", "small_post_sign", "large_banner", "flag_pole"]}},
        description="Request a sign on a market pitch. Pitches A to M allow small signs only; banners need a permit.")
    draws = _draws(tool, 40)
    assert {a["sign_type"] for a in draws if a["pitch_id"][0] <= "M"} <= {"small_wall_sign", "small_post_sign"}, draws


def test_a_terms_window_spans_weeks_not_a_day() -> None:
    from datetime import date

    tool = _tool("write_hay_contract", {
        "farm_id": {"type": "string", "description": "Farm, e.g. F-2201."},
        "delivery_start": {"type": "string", "format": "date"}, "delivery_end": {"type": "string", "format": "date"}},
        description="Write a hay purchase contract with a farm.")
    for args in _draws(tool):
        days = (date.fromisoformat(args["delivery_end"]) - date.fromisoformat(args["delivery_start"])).days
        assert 30 <= days <= 183, args


def test_things_follow_a_fixed_ids_leading_code() -> None:
    spot = {"type": "string", "pattern": "^[A-Z]{1,2}-[0-9]{2}$",
            "description": "Spot id as zone-number, e.g. 'G-12'; kayak racks and lockers use zone 'KR' or 'LK', "
                           "e.g. 'KR-03'."}
    tool = _tool("assign_storage_spot", {
        "spot_id": spot, "item": {"type": "string", "enum": ["kayak_on_rack", "bag_in_locker", "trailer", "canoe"]}})
    rng = random.Random(5)
    for fixed, want in (("LK-07", {"bag_in_locker"}), ("G-12", {"trailer", "canoe"})):
        for _ in range(15):
            args = sample_arguments(tool, rng, fixed={"spot_id": fixed})
            assert args["item"] in want, args
