"""Value classes found by reading the set-14 catalogs (a beekeeping outfit, a court clerk's
office, a marina), each pinned on a small tool of its own."""

from __future__ import annotations

import random
import re

import pytest

from generator.core import lore, places, semantic
from generator.core.values import REFERENCE_TIME, sample_arguments
from generator.records import Tool


def tool(name: str, description: str, properties: dict, required: list[str] | None = None) -> Tool:
    return Tool(name=name, app="x", api=name, domain="x", description=description,
                parameters={"type": "object", "properties": properties, "required": required or []})


def test_a_list_under_the_plural_of_the_parameter_in_the_tool_prose_is_its_enum() -> None:
    """"Suspected causes: varroa, queen_failure, ..." lists `suspected_cause`'s values: a loss
    cause is never drawn from generic free text ("a scheduling conflict")."""
    t = tool("report_colony_loss", "Mark a colony dead and record why. Suspected causes: varroa, queen_failure, "
             "starvation, pesticide, absconding. Pesticide kills should be reported.",
             {"colony_id": {"type": "string"}, "suspected_cause": {"type": "string"}}, ["colony_id", "suspected_cause"])
    [annotated] = lore.annotate([t])
    assert annotated.said["suspected_cause"]["enum"] == ["varroa", "queen_failure", "starvation", "pesticide",
                                                         "absconding"]


def draws(t: Tool, n: int = 12, seed: int = 1) -> list[dict]:
    rng = random.Random(seed)
    [annotated] = lore.annotate([t])
    return [sample_arguments(annotated, rng, optional_rate=1.0) for _ in range(n)]


def test_an_example_glossed_in_parentheses_shows_the_id_shape() -> None:
    """"7-digit NOAA CO-OPS station id, e.g. 8443970 (Boston)": seven digits, never "STA-74425"."""
    t = tool("get_tide_predictions", "Tide predictions for a station.",
             {"station_id": {"type": "string", "description": "7-digit NOAA CO-OPS station id, e.g. 8443970 (Boston)."}},
             ["station_id"])
    assert all(re.fullmatch(r"\d{7}", a["station_id"]) for a in draws(t))
    from generator.core import allowed

    assert "8443970" in allowed.read("NOAA CO-OPS station id, e.g. 8443970 (Boston).").examples  # the glossed example


def test_a_registration_written_in_parts_keeps_its_shape_and_varies() -> None:
    t = tool("register_vessel", "Register a boat.",
             {"registration": {"type": "string", "description": "USCG documentation number (6-7 digits) or state "
                                                                "registration, e.g. FL 4417 KR."}}, ["registration"])
    said = [a["registration"] for a in draws(t)]
    assert all(re.fullmatch(r"FL \d{4} KR", s) for s in said) and len(set(said)) > 3


def test_an_iso_week_is_one_of_the_weeks_ahead() -> None:
    t = tool("order_queens", "Order queens.",
             {"ship_week": {"type": "string", "description": "ISO week to ship, e.g. 2025-W15.",
                            "pattern": "^[0-9]{4}-W[0-5][0-9]$"}}, ["ship_week"])
    ahead = {f"2025-W{w:02d}" for w in range(24, 33)}  # REFERENCE_TIME is in week 23 of 2025
    assert {a["ship_week"] for a in draws(t, 20)} <= ahead


def test_the_city_state_and_zip_of_one_address_agree_and_a_street_is_a_street() -> None:
    t = tool("issue_summons", "Issue a summons.", {"service_address": {
        "type": "object", "properties": {
            "street": {"type": "string"}, "city": {"type": "string"},
            "state": {"type": "string", "description": "Two-letter state code."},
            "postal_code": {"type": "string", "description": "5-digit ZIP."}},
        "required": ["street", "city", "state", "postal_code"]}}, ["service_address"])
    for a in draws(t):
        addr = a["service_address"]
        assert semantic.US_STATES[addr["city"]] == addr["state"], addr
        assert re.match(r"\d+ ", addr["street"]), addr  # a house number and street, never "Toronto"
        assert addr["postal_code"][:1] == semantic.faker(random.Random(0)).zipcode_in_state(addr["state"])[:1], addr


def test_a_list_of_entry_numbers_names_each_entry_once() -> None:
    t = tool("request_certified_copy", "Order certified copies.",
             {"docket_entry_numbers": {"type": "array", "items": {"type": "integer"},
                                       "description": "Docket entry numbers to copy, e.g. [1, 14, 22]."}},
             ["docket_entry_numbers"])
    for a in draws(t, 30):
        assert len(set(a["docket_entry_numbers"])) == len(a["docket_entry_numbers"]), a


@pytest.mark.parametrize(("param", "description"), [
    ("applicator", "Name of the crew member applying the treatment."),
    ("subject_name", ""),
    ("in_favor_of", "Party the judgment is entered for."),
    ("breeder", "Queen breeder name."),
])
def test_a_person_named_by_role_or_by_description_gets_a_person_s_name(param: str, description: str) -> None:
    t = tool("t", "A court or farm action.", {param: {"type": "string", "description": description}}, [param])
    for a in draws(t, 8):
        words = a[param].split()  # a first and a last name, each capitalised: never "Send the invoice", "favor 4"
        assert len(words) >= 2 and all(w[:1].isupper() and w.isalpha() for w in words) and "The" not in words, a


def test_a_boat_is_named_as_owners_name_boats() -> None:
    t = tool("register_vessel", "Register a boat.", {"vessel_name": {"type": "string"}}, ["vessel_name"])
    assert not any(a["vessel_name"].endswith(" Vessel") for a in draws(t, 20))


def test_a_parameter_described_as_another_entity_s_id_takes_that_id_s_format() -> None:
    yard = tool("get_yard_details", "Look up a yard.",
                {"yard_id": {"type": "string", "description": "Yard id, e.g. YD-0412.", "pattern": "^YD-[0-9]{4}$"}},
                ["yard_id"])
    move = tool("schedule_truck_move", "Book a truck.", {"destination": {
        "type": "string", "description": "Destination yard id or a contract id (the bees go to that contract's drop site)."}},
        ["destination"])
    annotated = lore.annotate([yard, move])[1]
    rng = random.Random(2)
    assert all(re.fullmatch(r"YD-\d{4}", sample_arguments(annotated, rng)["destination"]) for _ in range(10))


def test_a_boat_s_length_beam_and_draft_are_a_boat_s() -> None:
    t = tool("search_available_slips", "Find slips.", {p: {"type": "number"} for p in ("loa_ft", "beam_ft", "draft_ft")},
             ["loa_ft", "beam_ft", "draft_ft"])
    for a in draws(t, 20):
        assert 18 <= a["loa_ft"] <= 60 and 6 <= a["beam_ft"] <= 16 and 1.5 <= a["draft_ft"] <= 7, a


def test_a_catalog_that_names_counties_is_placed_in_the_us() -> None:
    assert places.region_for("bees_x", "County the yard sits in, e.g. Stanislaus or Merced.").name == "us"
    assert places.region_for("court_x", "Two-letter state code.").name == "us"


def test_a_county_is_one_the_catalog_names_or_one_that_exists() -> None:
    named = tool("search_apiary_yards", "Find yards.", {"county": {
        "type": "string", "description": "County the yard sits in, e.g. \"Stanislaus\" or \"Merced\"."}}, ["county"])
    assert {a["county"] for a in draws(named, 10)} <= {"Stanislaus", "Merced"}
    bare = tool("search_parcels", "Find parcels.", {"county": {"type": "string"}}, ["county"])
    assert {a["county"] for a in draws(bare, 10)} <= set(semantic.COUNTIES)


def test_each_case_is_between_its_own_parties() -> None:
    """"Case style, e.g. 'Harlan Feed & Supply LLC v. Moreno'": not that one case on every filing."""
    t = tool("open_new_case", "Open a new civil case.", {
        "case_type": {"type": "string", "enum": ["CV", "SC", "FA"]},
        "caption": {"type": "string", "description": "Case style, e.g. \"Harlan Feed & Supply LLC v. Moreno\"."}},
        ["case_type", "caption"])
    said = [a["caption"] for a in draws(t, 10)]
    assert len(set(said)) >= 6 and all(" v. " in c for c in said), said


def test_a_process_server_is_a_person_a_web_server_is_not_made_one() -> None:
    served = tool("record_service_return", "Record the return of service of a summons.",
                  {"server_name": {"type": "string"}}, ["server_name"])
    for a in draws(served, 6):
        assert len(a["server_name"].split()) >= 2 and a["server_name"] not in ("Orion", "Atlas", "Phoenix"), a


def test_a_document_s_title_names_the_kind_of_document_filed() -> None:
    t = tool("file_document", "File a document to a case.", {
        "document_type": {"type": "string", "enum": ["affidavit", "notice_of_appeal", "motion"]},
        "title": {"type": "string", "description": "Document title, e.g. \"Defendant's Motion to Compel Discovery\"."}},
        ["document_type", "title"])
    for a in draws(t, 12):
        words = [w for w in a["document_type"].split("_") if w != "of"]
        assert all(w in a["title"].lower() for w in words), a


def test_a_place_described_as_a_facility_s_id_takes_that_id_s_format() -> None:
    """`location` "Slip, dock or mooring id, or a plain description.": a slip ("C-38"), never "Zurich"."""
    slip = tool("get_slip", "Look up a slip.", {"slip_id": {"type": "string", "description": "e.g. C-14"}}, ["slip_id"])
    incident = tool("log_incident", "Log a harbor incident.", {"location": {
        "type": "string", "description": "Slip, dock or mooring id, or a plain description."}}, ["location"])
    annotated = lore.annotate([slip, incident])[1]
    rng = random.Random(4)
    assert all(re.fullmatch(r"C-\d+", sample_arguments(annotated, rng)["location"]) for _ in range(8))


@pytest.mark.parametrize("param", ["since_date", "served_date", "loss_date", "entered_date"])
def test_a_date_of_what_already_happened_is_not_ahead_of_the_query(param: str) -> None:
    """"Only entries on or after this date", a summons served, a colony lost: never tomorrow."""
    t = tool("t", "Record what happened.", {param: {"type": "string", "description": "YYYY-MM-DD"}}, [param])
    assert all(a[param] <= REFERENCE_TIME.strftime("%Y-%m-%d") for a in draws(t, 10))
