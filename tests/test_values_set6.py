"""Values a person would use, classes the set-6 readings found (issue 21), each on an invented
tool: a whole quoted line after "e.g." is the text's example, a range written with thousands
separators bounds a measure of a thing, ..."""

from __future__ import annotations

import random
from typing import Any

from test_values_set7 import _tool

from generator.core import lore
from generator.core.values import sample_arguments
from generator.records import Tool


def _draws(tool: Tool, n: int = 12, rate: float = 1.0) -> list[dict[str, Any]]:
    rng = random.Random(7)
    return [sample_arguments(tool, rng, optional_rate=rate) for _ in range(n)]


def test_a_long_quoted_example_line_is_what_the_text_holds() -> None:
    line = "terrier limping on the left foreleg after the afternoon walk"
    tool = _tool("log_kennel_incident", {
        "kennel_id": {"type": "string", "description": "Kennel id, e.g. KN-014."},
        "observation": {"type": "string", "description": f"What the keeper saw, e.g. '{line}'."}})
    for args in _draws(tool):
        assert "terrier" in args["observation"], args


def test_a_range_with_thousands_separators_bounds_a_things_weight() -> None:
    tool = _tool("weigh_container", {
        "container_no": {"type": "string", "description": "Container number, e.g. MSKU-204118."},
        "weight_kg": {"type": "integer", "description": "Gross weight on the scale; a loaded 40 ft container "
                                                         "weighs 12,000 to 30,000 kg."}})
    for args in _draws(tool):
        assert 12_000 <= args["weight_kg"] <= 30_000, args


def test_airports_keep_to_the_region_the_catalog_names() -> None:
    from generator.catalog import Catalog
    from generator.core import codes

    tool = Tool(name="book_charter_slot", app="a", api="book_charter_slot", domain="charter_ops_test",
                description="Book a landing slot for a charter jet. Handling fees are billed in USD.",
                parameters={"type": "object", "properties": {
                    "arrival_airport": {"type": "string", "description": "Three-letter IATA code of the airport.",
                                        "pattern": "^[A-Z]{3}$"}}, "required": ["arrival_airport"]})
    Catalog(lore.annotate([tool]))
    country = {a[0]: a[3] for a in codes.airports()}
    for args in _draws(tool, 20):
        assert country[args["arrival_airport"]] == "US", args


def test_a_unit_agrees_with_the_quantity_its_call_measures() -> None:
    tool = _tool("log_water_sample", {
        "station_id": {"type": "string", "description": "Station id, e.g. WS-118."},
        "analyte": {"type": "string", "enum": ["turbidity", "nitrate_level", "coliform_count", "ph"]},
        "unit": {"type": "string", "enum": ["ntu", "mg_per_l", "cfu", "none"],
                 "description": "Turbidity in NTU, nitrate in mg/L, coliforms as CFU per 100 mL."},
        "value": {"type": "number"}})
    want = {"turbidity": "ntu", "nitrate_level": "mg_per_l", "coliform_count": "cfu", "ph": "none"}
    seen = set()
    for args in _draws(tool, 30):
        assert args["unit"] == want[args["analyte"]], args
        seen.add(args["analyte"])
    assert len(seen) >= 3


def test_codes_in_parentheses_after_a_parameter_in_the_tools_prose_are_its_values() -> None:
    codes = ["damaged_door", "lost_key", "flooding", "pest_control"]
    tool = _tool("set_locker_status", {
        "locker_id": {"type": "string", "description": "Locker id, e.g. LK-0418."},
        "block_reason": {"type": "string"}},
        description=f"Block or free a locker. Blocking needs block_reason ({', '.join(codes)}); freeing clears it.")
    for args in _draws(tool, 20):
        assert args["block_reason"] in codes, args


def _catalog(*tools: Tool) -> list[Tool]:
    return lore.annotate(list(tools))


def _plain(name: str, props: dict[str, Any], required: list[str]) -> Tool:
    return Tool(name=name, app="a", api=name, domain="d", description="",
                parameters={"type": "object", "properties": props, "required": required})


def test_a_code_whose_pattern_is_only_a_charset_takes_the_examples_its_namesake_gives() -> None:
    charset = "^[A-Z0-9_]{4,40}$"
    run = _plain("start_dye_batch", {"program": {"type": "string", "pattern": charset,
                                                 "description": "Program, e.g. DYE_COTTON_60, RINSE_COLD_2."}},
                 ["program"])
    chart = _plain("get_dye_chart", {"program": {"type": "string", "pattern": charset}}, ["program"])
    tool = _catalog(run, chart)[1]
    for args in _draws(tool):
        assert args["program"].startswith(("DYE_", "RINSE_")), args


def test_codes_of_one_call_name_the_same_family() -> None:
    machine = {"type": "string", "description": "Machine id, e.g. LATHE-04, MILL-12, GRIND-03.",
               "pattern": "^(LATHE|MILL|GRIND|DRILL|PRESS)-[0-9]{2}$"}
    scrap = _plain("scrap_parts", {
        "machine_id": machine,
        "area": {"type": "string", "enum": ["lathes", "milling", "grinding", "drilling", "pressing", "assembly"]}},
        ["machine_id", "area"])
    run = _plain("start_job", {
        "machine_id": machine,
        "program": {"type": "string", "pattern": "^[A-Z0-9_]{4,40}$",
                    "description": "CNC program, e.g. LATHE_SHAFT_V2, MILL_BRACKET_V7, GRIND_RACE_V1."}},
        ["machine_id", "program"])
    scrap, run = _catalog(scrap, run)
    for args in _draws(scrap, 20):
        assert args["area"].upper().startswith(args["machine_id"].split("-")[0][:4]), args
    for args in _draws(run, 20):
        assert args["program"].split("_")[0] == args["machine_id"].split("-")[0], args


def test_an_address_the_description_asks_in_full_has_its_city_state_and_zip() -> None:
    import re

    tool = _tool("book_piano_tuning", {
        "service_address": {"type": "string", "description": "Full street address of the piano, with city, state "
                                                             "and ZIP."}})
    rng = random.Random(3)
    for _ in range(12):
        args = sample_arguments(tool, rng, pool={"service_address": ["Chan Plaza", "North Robertborough"]})
        assert re.fullmatch(r"\d+ [^,]+, [A-Za-z .]+, [A-Z]{2} \d{5}", args["service_address"]), args


def test_a_parameter_for_an_enum_value_said_in_words_goes_with_that_value_only() -> None:
    tool = _tool("rent_locker", {
        "site_code": {"type": "string", "description": "Site code, e.g. LK-04."},
        "locker_kind": {"type": "string", "enum": ["cage", "shelf_space"],
                        "description": "Shelf space needs shelf_meters."},
        "cage_count": {"type": "integer", "description": "Number of cages for cage storage, 1 to 12."},
        "shelf_meters": {"type": "number"}}, required=["site_code", "locker_kind"])
    kinds = set()
    for args in _draws(tool, 30, rate=0.6):
        kinds.add(args["locker_kind"])
        assert ("cage_count" in args) == (args["locker_kind"] == "cage"), args
        assert ("shelf_meters" in args) == (args["locker_kind"] == "shelf_space"), args
    assert kinds == {"cage", "shelf_space"}


def test_a_discount_is_a_round_percent() -> None:
    tool = _tool("price_order", {"order_ref": {"type": "string", "description": "Order ref, e.g. OR-1182."},
                                 "discount_pct": {"type": "number", "minimum": 0, "maximum": 30}})
    for args in _draws(tool, 20):
        assert args["discount_pct"] % 5 == 0, args


def test_a_parameter_for_the_members_sharing_a_word_goes_with_them_only() -> None:
    tool = _tool("set_pump_mode", {
        "pump_id": {"type": "string", "description": "Pump id, e.g. PMP-07."},
        "mode": {"type": "string", "enum": ["running", "idle", "planned_stop", "fault_stop"]},
        "restart_at": {"type": "string", "format": "date-time", "description": "When it runs again, for stop modes."}},
        required=["pump_id", "mode"])
    for args in _draws(tool, 30, rate=0.6):
        assert ("restart_at" in args) == args["mode"].endswith("_stop"), args


def test_a_way_to_be_reached_is_given_when_it_is_the_one_preferred() -> None:
    tool = _tool("register_tenant", {
        "full_name": {"type": "string"},
        "phone": {"type": "string"},
        "email": {"type": "string"},
        "preferred_contact": {"type": "string", "enum": ["phone", "email"]}}, required=["full_name", "phone"])
    seen = 0
    for args in _draws(tool, 30, rate=0.5):
        if args.get("preferred_contact") == "email":
            seen += 1
            assert "email" in args, args
    assert seen


def test_a_number_the_description_gives_for_one_thing_is_that_things() -> None:
    line = {"type": "object", "required": ["crate", "weight_kg"], "properties": {
        "crate": {"type": "string", "enum": ["apple crate", "melon crate"]},
        "weight_kg": {"type": "number", "description": "Weight of one crate in kg (an apple crate is 18, "
                                                       "a melon crate is 25 to 30)."}}}
    tool = _tool("pack_produce", {"lines": {"type": "array", "items": line, "minItems": 2}})
    for args in _draws(tool, 15):
        for item in args["lines"]:
            want = (18, 18) if item["crate"] == "apple crate" else (25, 30)
            assert want[0] <= item["weight_kg"] <= want[1], args
