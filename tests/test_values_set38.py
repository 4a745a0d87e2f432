"""Values the set-38 session fixed: examples each told what they stand for are real codes, used
as written ("'27.7.b' (west of Ireland)": never area "27.34.b"); a number counted "in whole
hundreds" or "in half hours" is drawn in those steps."""

from __future__ import annotations

import random

from generator.core import lore
from generator.core.values import sample_arguments
from generator.records import Tool

_AREA = {"type": "string", "pattern": "^27\\.[0-9]{1,2}(\\.[a-z])?$",
         "description": "FAO/ICES statistical area at division level, e.g. '27.7.b' (west of Ireland), '27.6.a' "
                        "(west of Scotland), '27.4.b' (central North Sea)."}
_STOCK = {"type": "string", "pattern": "^[A-Z]{3}/[0-9A-Z.\\-]{3,9}$",
          "description": "EU TAC stock code, e.g. 'HKE/571214' (northern hake), 'NEP/07.' (Nephrops area 7)."}


def _tool(props: dict, description: str = "Get the rules of a stock.") -> Tool:
    return lore.annotate([Tool(name="get_rules", app="", api="get_rules", domain="fish_set38", description=description,
                               parameters={"type": "object", "properties": props, "required": list(props)})])[0]


def test_glossed_examples_are_used_as_written() -> None:
    tool = _tool({"fao_area": _AREA, "stock_code": _STOCK})
    drawn = [sample_arguments(tool, random.Random(seed)) for seed in range(40)]
    assert {a["fao_area"] for a in drawn} <= {"27.7.b", "27.6.a", "27.4.b"}, {a["fao_area"] for a in drawn}
    assert {a["stock_code"] for a in drawn} <= {"HKE/571214", "NEP/07."}, {a["stock_code"] for a in drawn}


def test_a_number_counted_in_whole_hundreds_or_half_hours_keeps_those_steps() -> None:
    tool = _tool({"quantity_kg": {"type": "number", "minimum": 100, "maximum": 1000000,
                                  "description": "Quantity transferred in kg live weight, in whole hundreds of "
                                                 "kilograms (e.g. 2500)."},
                  "inspector_hours": {"type": "number", "minimum": 0.5, "maximum": 40}},
                 "Raise an invoice. inspector_hours counts all officers, in half hours.")
    for seed in range(30):
        args = sample_arguments(tool, random.Random(seed))
        assert float(args["quantity_kg"]) % 100 == 0, args
        assert float(args["inspector_hours"]) * 2 == int(float(args["inspector_hours"]) * 2), args


def test_the_two_ends_of_one_thing_are_near_each_other() -> None:
    tool = _tool({"draft_fwd_ft": {"type": "number", "minimum": 8, "maximum": 45,
                                   "description": "Draft forward in salt water, feet and tenths, e.g. 36.2."},
                  "draft_aft_ft": {"type": "number", "minimum": 8, "maximum": 45,
                                   "description": "Draft aft, e.g. 37.0; normally equal to or deeper than forward."}},
                 "Order a pilot for a move.")
    for seed in range(30):
        args = sample_arguments(tool, random.Random(seed))
        fwd, aft = float(args["draft_fwd_ft"]), float(args["draft_aft_ft"])
        assert fwd <= aft <= fwd * 1.1, args


def test_a_list_given_per_species_holds_each_species_once() -> None:
    species = {"type": "string", "enum": ["COD", "HAD", "WHG", "POK"]}
    tool = _tool({"catches": {"type": "array", "minItems": 3, "maxItems": 4,
                              "description": "Catch retained on board per species, in kg live weight.",
                              "items": {"type": "object", "required": ["species", "live_weight_kg"], "properties": {
                                  "species": species, "live_weight_kg": {"type": "number", "minimum": 1}}}}})
    for seed in range(30):
        listed = [c["species"] for c in sample_arguments(tool, random.Random(seed))["catches"]]
        assert len(listed) == len(set(listed)), listed


def test_a_parameter_required_when_another_holds_its_default_is_given_when_that_one_is_left_out() -> None:
    from generator.core.dependencies import broken, rules

    props = {"purpose": {"type": "string", "enum": ["landing", "transshipment", "shelter"], "default": "landing",
                         "description": "Reason for entering port."},
             "catch_on_board": {"type": "array", "items": {"type": "string"},
                                "description": "Catch on board. Required when purpose is landing or transshipment."}}
    rule = next(r for r in rules("Send the prior notification.", props) if r.subject == "catch_on_board")
    assert broken(rule, {})  # purpose left out is a landing: its catch is listed
    assert broken(rule, {"purpose": "transshipment"})
    assert not broken(rule, {"purpose": "shelter"})
    assert not broken(rule, {"catch_on_board": ["COD"]})


def test_an_owner_shown_by_organisations_is_an_organisation() -> None:
    owner = {"type": "string", "description": "Owner or operator name, e.g. 'Riverside Methodist Hospital' or "
                                              "'Columbus City Schools'."}
    tool = _tool({"owner_name": owner}, "Search the sites registered with the program.")
    for seed in range(20):
        value = sample_arguments(tool, random.Random(seed))["owner_name"]
        assert value.endswith(("Hospital", "City Schools")), value


def test_a_zip_is_one_written_as_a_zip_never_any_five_digits() -> None:
    from generator.core import zips

    assert zips.state_of("Search sites of the boiler program of Ohio. Inspector 'NB14837', 'NB14837', 'NB14837'; "
                         "maximum 50000; ZIP code e.g. '43215'.") == "OH"
    assert zips._ZIP_SAID.findall("Service ZIP code, e.g. '05753'. Middlebury, VT 05753; 'NB14837'") == ["05753", "05753"]


_LOCATION = {"type": "string", "pattern": "^(CAPE_HENLOPEN|BREAKWATER|BIG_STONE|[A-Z]{3}-[A-Z]{2,4}-[0-9]{1,2})$",
             "description": "Location code: CAPE_HENLOPEN (sea pilot station off Lewes, DE), BREAKWATER (Breakwater "
                            "anchorage), BIG_STONE (Big Stone Beach anchorage), or a berth_id, e.g. 'PHL-PMT-5'."}
_MOVE = {"type": "string", "enum": ["inbound", "outbound", "shift"],
         "description": "Move type: inbound (from CAPE_HENLOPEN to a berth or anchorage), outbound (from a berth or "
                        "anchorage to CAPE_HENLOPEN), shift (between two berths, or a berth and an anchorage)."}


def test_a_move_starts_and_ends_where_its_kind_says_and_names_beside_a_shape_are_drawn() -> None:
    from generator.core.values import pattern_names

    assert pattern_names(_LOCATION) == ["CAPE_HENLOPEN", "BREAKWATER", "BIG_STONE"]
    assert pattern_names({"pattern": "^(IN|OUT)$"}) == []  # names only: an enum, read elsewhere
    tool = _tool({"move_type": _MOVE, "from_location": _LOCATION, "to_location": _LOCATION}, "Order a pilot for a move.")
    drawn = [sample_arguments(tool, random.Random(seed)) for seed in range(40)]
    for args in drawn:
        kind, start, end = args["move_type"], args["from_location"], args["to_location"]
        assert (start == "CAPE_HENLOPEN") == (kind == "inbound") and (end == "CAPE_HENLOPEN") == (kind == "outbound"), args
    assert {"BREAKWATER", "BIG_STONE"} & {a[k] for a in drawn for k in ("from_location", "to_location")}


def test_a_search_of_things_done_looks_back() -> None:
    from datetime import datetime

    day = {"type": "string", "format": "date"}
    search = lore.annotate([Tool(name="search_sales_notes", app="", api="search_sales_notes", domain="fish_set38",
                                 description="Search sales notes by a date range (sold_from and sold_to).",
                                 parameters={"type": "object", "required": ["sold_from", "sold_to"],
                                             "properties": {"sold_from": {**day, "description": "First sale date."},
                                                            "sold_to": {**day, "description": "Last sale date."}}})])[0]
    for seed in range(20):
        args = sample_arguments(search, random.Random(seed), ref=datetime(2025, 6, 2, 12))
        assert args["sold_from"] <= args["sold_to"] <= "2025-06-02", args


def test_a_ratio_to_another_quantity_is_no_range_of_the_value() -> None:
    from generator.core import allowed

    said = allowed.read("Hydrostatic test pressure in psig, between 1.0 and 1.5 times MAWP.")
    assert (said.low, said.high) == (None, None), said
    assert allowed.read("Depth in metres, between 2 and 40.").low == 2.0


def test_codes_another_tool_glosses_are_used_as_written() -> None:
    stock = {"type": "string", "pattern": "^[A-Z]{3}/[0-9A-Z.\\-]{3,9}$"}
    tools = lore.annotate([
        Tool(name="get_quota_balance", app="", api="get_quota_balance", domain="fish_set38", description="Get a balance.",
             parameters={"type": "object", "required": ["stock_code"], "properties": {"stock_code": {
                 **stock, "description": "EU TAC stock code, e.g. 'HKE/571214' (northern hake), 'NEP/07.' (Nephrops)."}}}),
        Tool(name="transfer_quota", app="", api="transfer_quota", domain="fish_set38", description="Transfer quota.",
             parameters={"type": "object", "required": ["stock_code"], "properties": {"stock_code": {
                 **stock, "description": "EU TAC stock code, e.g. 'HKE/571214' or 'NEP/07.'."}}})])
    drawn = {sample_arguments(tools[1], random.Random(seed))["stock_code"] for seed in range(30)}
    assert drawn <= {"HKE/571214", "NEP/07."}, drawn
