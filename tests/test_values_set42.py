"""Values the set-42 session fixed (a geotechnical lab, an evidence property room, tanker chartering):
masses "wet > dry > tare" drawn in any order; sieve percentages that rose from a coarse sieve to a
fine one; a sample "from 2 to 2 feet" where the bottom "must be greater than" the top; a plastic
limit above the liquid one ("below liquid_limit" after a comma); Atterberg results that recorded
nothing ("Give liquid_limit and plastic_limit, or non_plastic true with neither"); a broken seal
returned with no notes ("When seal_intact is false, condition_notes are required": a boolean's
value written as a word); every ID card numbered like the catalog's one example; "Kinder Morgan
Pasadena Dock 1" turned into "Kinder Matthew Delgado Dock 1"; an evidence item "described" as
"Currency problem"."""

from __future__ import annotations

import random
from datetime import datetime

from generator.core import lore
from generator.core.dependencies import Rule, enforce, rules
from generator.core.values import _the_kind, _varied, sample_arguments
from generator.records import Tool

N = {"type": "number"}


def _tool(name: str, description: str, props: dict, required: list[str]) -> Tool:
    return lore.annotate([Tool(name=name, app="lab", api=name, domain="lab_set42", description=description,
                               parameters={"type": "object", "properties": props, "required": required})])[0]


def _draws(tool: Tool, n: int = 40) -> list[dict]:
    rng = random.Random(7)
    return [sample_arguments(tool, rng, optional_rate=0.9) for _ in range(n)]


MOISTURE = _tool("record_moisture_content", "Record the masses of a water content test.", {
    "tare_mass_g": {**N, "minimum": 0, "maximum": 1000, "description": "Mass of the empty container in grams, e.g. 32.41."},
    "wet_mass_g": {**N, "minimum": 1, "maximum": 5000, "description": "Mass of container plus moist soil in grams."},
    "dry_mass_g": {**N, "minimum": 1, "maximum": 5000, "description": "Mass of container plus oven-dry soil in grams, "
                                                                        "less than wet_mass_g and more than tare_mass_g."}},
    ["tare_mass_g", "wet_mass_g", "dry_mass_g"])


def test_three_masses_a_description_orders_are_drawn_in_that_order() -> None:
    found = rules(MOISTURE.description, MOISTURE.properties)
    assert Rule("below", "dry_mass_g", ("wet_mass_g",), ("strict",)) in found  # "less than X and more than Y":
    assert Rule("below", "tare_mass_g", ("dry_mass_g",), ("strict",)) in found  # both comparisons read
    for d in _draws(MOISTURE):
        assert d["tare_mass_g"] < d["dry_mass_g"] < d["wet_mass_g"], d


SIEVE = _tool("record_sieve_analysis", "Record the per cent passing each sieve. Values are per cent by dry mass and must "
              "not increase from a coarser sieve to a finer one.", {
                  "passing_3in_pct": {**N, "minimum": 0, "maximum": 100, "default": 100, "description": "Per cent passing the 3 in sieve."},
                  "passing_no4_pct": {**N, "minimum": 0, "maximum": 100, "description": "Per cent passing the No. 4 sieve."},
                  "passing_no10_pct": {**N, "minimum": 0, "maximum": 100, "description": "Per cent passing the No. 10 sieve."},
                  "passing_no40_pct": {**N, "minimum": 0, "maximum": 100, "description": "Per cent passing the No. 40 sieve."},
                  "passing_no200_pct": {**N, "minimum": 0, "maximum": 100, "description": "Per cent passing the No. 200 sieve."}},
              ["passing_no4_pct", "passing_no200_pct"])


def test_values_that_must_not_increase_along_the_schema_fall_in_its_order() -> None:
    found = rules(SIEVE.description, SIEVE.properties)
    assert Rule("below", "passing_no200_pct", ("passing_no40_pct",)) in found  # the schema's order, not the alphabet's
    order = ["passing_3in_pct", "passing_no4_pct", "passing_no10_pct", "passing_no40_pct", "passing_no200_pct"]
    for d in _draws(SIEVE):
        said = [d[p] for p in order if p in d]
        assert said == sorted(said, reverse=True), d  # some sieves left out: the rest still fall


def test_greater_than_is_never_equal_and_a_step_is_taken_in_whole_numbers() -> None:
    props = {"depth_top_ft": {"type": "integer", "minimum": 0, "maximum": 300, "description": "Top of the sample in feet."},
             "depth_bottom_ft": {"type": "integer", "minimum": 0, "maximum": 300,
                                 "description": "Bottom of the sample in feet; must be greater than depth_top_ft."}}
    assert rules("Log a sample.", props) == [Rule("below", "depth_top_ft", ("depth_bottom_ft",), ("strict",))]
    out = enforce("Log a sample.", props, {"depth_top_ft": 2, "depth_bottom_ft": 2}, lambda _: 2)
    assert out["depth_top_ft"] < out["depth_bottom_ft"], out
    levels = {"level_before": {"type": "integer", "minimum": 1, "maximum": 4},
              "level_after": {"type": "integer", "minimum": 1, "maximum": 4, "description": "Must be greater than level_before."}}
    out = enforce("Record a fill.", levels, {"level_before": 4, "level_after": 1}, lambda _: 1)
    assert out == {"level_before": 1, "level_after": 4}  # no whole number between: the two swap
    at_most = {"hobbs_out": {"type": "number"}, "hobbs_in": {"type": "number", "description": "Must be at least hobbs_out."}}
    assert rules("Log a flight.", at_most) == [Rule("below", "hobbs_out", ("hobbs_in",))]  # "at least" allows the same


def test_below_another_after_a_comma_is_a_comparison() -> None:
    props = {"liquid_limit": {"type": "integer", "minimum": 10, "maximum": 200, "description": "Liquid limit in per cent."},
             "plastic_limit": {"type": "integer", "minimum": 5, "maximum": 100,
                               "description": "Plastic limit in per cent water content, below liquid_limit."}}
    assert Rule("below", "plastic_limit", ("liquid_limit",), ("strict",)) in rules("Record a result.", props)


ATTERBERG = _tool("record_atterberg_limits", "Record the result of a liquid limit and plastic limit test. Give liquid_limit "
                  "and plastic_limit (plastic_limit below liquid_limit), or non_plastic true with neither.", {
                      "test_id": {"type": "string", "pattern": "^T-[0-9]{5}$"},
                      "liquid_limit": {"type": "integer", "minimum": 10, "maximum": 200, "description": "Liquid limit in per cent."},
                      "plastic_limit": {"type": "integer", "minimum": 5, "maximum": 100, "description": "Plastic limit in per cent."},
                      "non_plastic": {"type": "boolean", "default": False, "description": "The soil is non-plastic."}},
                  ["test_id"])


def test_the_values_or_the_flag_never_neither_never_both() -> None:
    found = rules(ATTERBERG.description, ATTERBERG.properties)
    assert Rule("one_of", "liquid_limit", ("non_plastic",)) in found
    assert Rule("one_of", "plastic_limit", ("non_plastic",)) in found
    for d in _draws(ATTERBERG):
        limits = "liquid_limit" in d and "plastic_limit" in d
        assert limits != bool(d.get("non_plastic")), d  # a result that records something, one way only
        assert not limits or d["plastic_limit"] < d["liquid_limit"], d


def test_a_rule_on_a_boolean_written_as_a_word_holds_the_boolean() -> None:
    props = {"seal_intact": {"type": "boolean", "description": "Evidence seal is unbroken."},
             "condition_notes": {"type": "string", "description": "What changed, e.g. 'Bag torn at corner'. Required when "
                                                                  "seal_intact is false."}}
    said = "Return a checked-out item to the property room."
    assert [r.values for r in rules(said, props) if r.subject == "condition_notes"] == [(False,)]
    tool = _tool("check_in_item", said, props, ["seal_intact"])
    for d in _draws(tool):
        assert ("condition_notes" in d) == (d["seal_intact"] is False), d


def test_an_id_cards_number_is_each_owners_own() -> None:
    tool = _tool("release_to_owner", "Hand an item to its owner.", {
        "id_number": {"type": "string", "description": "Number of the ID shown, e.g. 'TX 41877230'."}}, ["id_number"])
    numbers = [d["id_number"] for d in _draws(tool, 30)]
    assert len(set(numbers)) >= 25, numbers
    assert all(n.startswith("TX ") and len(n) == 11 for n in numbers), numbers


def test_a_first_name_inside_a_company_or_place_name_stays() -> None:
    ref = datetime(2025, 6, 2)
    assert _varied("Kinder Morgan Pasadena Dock 1", "berth", random.Random(1), ref) == "Kinder Morgan Pasadena Dock 1"
    gift = _varied("Gift of Margaret and Louis Hale", "credit_line", random.Random(1), ref)
    assert "Margaret" not in gift and "Hale" not in gift, gift  # people's names are still varied


def test_a_bare_category_is_said_alone() -> None:
    cats = {"category": ("currency", ())}
    assert _the_kind(cats, {"category": {"type": "string", "enum": ["currency", "firearm"]}}) == "Currency"
    assert _the_kind({"issue_type": ("leak", ())}, {}) == "Leak issue"


def test_a_search_given_one_way_the_schema_has_requires_it() -> None:
    props = {"project_number": {"type": "string"}, "boring_id": {"type": "string"}, "untested_only": {"type": "boolean"}}
    said = "Search logged lab samples. Give project_number or lab_sample_id. Returns lab sample ids."
    assert Rule("any_of", "project_number", ("project_number",)) in rules(said, props)  # lab_sample_id is no parameter
    tool = _tool("search_samples", said, props, [])
    assert all("project_number" in d for d in _draws(tool)), "a search of every sample"


def test_a_note_required_when_two_counts_differ_and_values_a_kind_never_has() -> None:
    props = {"expected_items": {"type": "integer", "minimum": 0, "maximum": 999},
             "counted_items": {"type": "integer", "minimum": 0, "maximum": 999},
             "discrepancy_notes": {"type": "string", "description": "Barcodes missing or extra, e.g. 'EV00418275 not found'."}}
    said = "Record an audit. discrepancy_notes are required when counted_items differs from expected_items."
    assert Rule("differs", "discrepancy_notes", ("counted_items", "expected_items")) in rules(said, props)
    for d in _draws(_tool("record_audit_count", said, props, ["expected_items", "counted_items"])):
        gap = abs(d["expected_items"] - d["counted_items"])
        assert gap <= max(2, 0.05 * d["counted_items"]) and (gap == 0 or "discrepancy_notes" in d), d  # a note tells
        # of the few it found apart
    hold = {"hold_type": {"type": "string", "enum": ["court_order", "appeal_pending", "cold_case"]},
            "expires_on": {"type": "string", "format": "date", "description": "Date the hold lapses."}}
    found = rules("Put a legal hold on an item. cold_case and appeal_pending holds have no expiry.", hold)
    assert found == [Rule("only", "expires_on", ("hold_type",), ("court_order",))], found


def test_a_time_with_offset_keeps_its_examples_offset() -> None:
    tool = _tool("record_port_event", "Record one line of the statement of facts.", {
        "event_time": {"type": "string", "format": "date-time",
                       "description": "Local time of the event, ISO 8601 with offset, e.g. '2025-06-15T14:30:00-05:00'."}},
                 ["event_time"])
    assert all(d["event_time"].endswith("-05:00") for d in _draws(tool, 12)), "drawn at Z"
    utc = _tool("log_ping", "Log a ping.", {"at": {"type": "string", "format": "date-time",
                                                   "description": "In UTC, e.g. '2025-06-15T14:30:00-05:00'."}}, ["at"])
    assert all(d["at"].endswith("Z") for d in _draws(utc, 6))


def test_an_optional_example_text_of_a_case_the_call_leaves_out_is_left_out() -> None:
    tool = _tool("cancel_fixture", "Cancel a fixture.", {
        "fixture_id": {"type": "string"},
        "new_laycan_start": {"type": "string", "format": "date"},
        "new_ws_points": {"type": "number", "minimum": 20, "maximum": 500},
        "note": {"type": "string", "description": "Free text for the recap, e.g. 'Laycan narrowed at owners request'."}},
        ["fixture_id"])
    from generator.core.values import _other_case

    said = {"fixture_id": "FX-1", "new_ws_points": 120, "note": "Laycan narrowed at owners request"}
    assert _other_case(tool, said, frozenset()) == {"fixture_id": "FX-1", "new_ws_points": 120}
    laycan = {**said, "new_laycan_start": "2025-06-09"}
    assert _other_case(tool, laycan, frozenset()) == laycan  # the case it tells of is the call's
    assert _other_case(tool, said, frozenset({"note"})) == said  # a fixed note stays


def test_an_enum_of_bands_of_a_measure_keeps_the_measure_in_its_band() -> None:
    props = {"vessel_class": {"type": "string", "enum": ["GP", "MR", "VLCC"], "description": "Size class by deadweight: "
                              "GP 10,000-24,999 dwt, MR 25,000-54,999, VLCC 200,000-320,000."},
             "min_dwt": {"type": "integer", "minimum": 10000, "maximum": 320000, "description": "Minimum summer deadweight."}}
    found = rules("Search the position list.", props)
    assert Rule("band_if", "min_dwt", ("vessel_class",), ("MR",), (25000.0, 54999.0)) in found
    bands = {"GP": (10000, 24999), "MR": (25000, 54999), "VLCC": (200000, 320000)}
    for d in _draws(_tool("search_vessels", "Search the position list.", props, ["vessel_class", "min_dwt"])):
        lo, hi = bands[d["vessel_class"]]
        assert lo <= d["min_dwt"] <= hi, d


def test_a_member_said_to_go_in_members_of_another_enum_goes_there() -> None:
    props = {"category": {"type": "string", "enum": ["firearm", "biological", "digital_device", "documents"]},
             "packaging": {"type": "string", "enum": ["paper_bag", "box", "envelope", "faraday_bag", "heat_sealed_bag"],
                           "description": "Outer packaging. Digital devices go in a faraday_bag."}}
    said = "Book an item. biological items must be packaged in paper (paper_bag or box) unless frozen."
    found = rules(said, props)
    assert Rule("pairs", "packaging", ("category",), ("biological",), ("paper_bag", "box")) in found
    assert Rule("pairs", "packaging", ("category",), ("digital_device",), ("faraday_bag",)) in found
    for d in _draws(_tool("intake_evidence", said, props, ["category", "packaging"])):
        assert d["category"] != "digital_device" or d["packaging"] == "faraday_bag", d
        assert d["category"] != "biological" or d["packaging"] in ("paper_bag", "box"), d


def test_a_text_of_the_kind_agrees_after_the_kind_changes() -> None:
    from generator.catalog import Catalog

    desc = "Book a new item. firearm items need serial_number. Returns the barcode."
    props = {"category": {"type": "string", "enum": ["firearm", "ammunition", "currency", "jewelry", "documents"]},
             "description": {"type": "string", "description": "What the item is, as on the property report, e.g. "
                             "'Glock 19 pistol, black, with magazine'."},
             "packaging": {"type": "string", "enum": ["firearm_box", "envelope", "box"], "description": "Outer packaging."},
             "serial_number": {"type": "string", "description": "Firearm serial number, e.g. 'BKRX311'. Required for firearm."}}
    tool = _tool("intake_evidence", desc, props, ["category", "description", "packaging"])
    Catalog([tool])
    for d in _draws(tool, 60):
        told = [c for c in props["category"]["enum"] if d["description"].lower() == c.replace("_", " ")]
        assert not told or told == [d["category"]], d  # never a firearm "described as Ammunition"


def test_a_sum_under_a_wide_cap_takes_the_scale_of_the_catalogs_money() -> None:
    from generator.catalog import Catalog
    from generator.core import money_scale

    fixture = _tool("create_fixture", "Record a fixture.", {
        "lumpsum_usd": {"type": "integer", "minimum": 50000, "maximum": 15000000, "description": "Lumpsum freight in USD."},
        "demurrage_usd_per_day": {"type": "integer", "minimum": 5000, "maximum": 150000,
                                  "description": "Demurrage rate in USD per day, e.g. 28,000 for an MR, 90,000 for a VLCC."}},
        ["lumpsum_usd"])
    claim = _tool("submit_claim", "Submit the owners' claim.", {
        "claimed_usd": {"type": "number", "minimum": 0, "maximum": 5000000, "description": "Amount claimed in USD."}},
        ["claimed_usd"])
    Catalog([fixture, claim])
    assert money_scale.scale("lab_set42") is not None and money_scale.scale("lab_set42") >= 5000
    assert all(d["claimed_usd"] >= 1000 for d in _draws(claim, 20)), "a claim of a shop receipt's size"
    Catalog([claim])  # a catalog that gives no figures of its money: the kind's own scale
    assert money_scale.scale("lab_set42") is None
    assert any(d["claimed_usd"] < 1000 for d in _draws(claim, 20))


def test_a_span_per_member_sets_the_far_end() -> None:
    said = ("Log a sample. depth_bottom_ft must be greater than depth_top_ft; an SPT split-spoon sample spans 1.5 ft, "
            "a Shelby tube 2 ft. Returns lab_sample_id.")
    props = {"depth_top_ft": {"type": "number", "minimum": 0, "maximum": 300},
             "depth_bottom_ft": {"type": "number", "minimum": 0, "maximum": 300},
             "sample_type": {"type": "string", "enum": ["split_spoon", "shelby_tube", "bulk"]}}
    found = rules(said, props)
    assert Rule("span", "depth_bottom_ft", ("depth_top_ft", "sample_type"), ("shelby_tube",), (2.0,)) in found
    spans = {"split_spoon": 1.5, "shelby_tube": 2.0}
    for d in _draws(_tool("log_sample", said, props, list(props))):
        if d["sample_type"] in spans:
            assert abs(d["depth_bottom_ft"] - d["depth_top_ft"] - spans[d["sample_type"]]) < 1e-6, d
