"""Rules between parameters in the wordings API authors use (issue 21, third reading): "required
with 'x' and forbidden otherwise", "Required for business accounts", "only with method 'card'",
"Give a or b (...), not both", "numeric tests take result_value", "'x' only in R-1/R-2", "(no x)
... only for y". Every tool is invented (a ferry terminal, a glass studio), in no reading's domain;
the rule is read from the wording, so each test fails when its reader is taken out."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from generator.core import dependencies, lore, values
from generator.records import Tool


def _tool(description: str, props: dict[str, Any], required: list[str]) -> Tool:
    parameters = {"type": "object", "properties": props, "required": required}
    return lore.annotate([Tool(name="ferry_desk", app="t", api="ferry_desk", domain="ferry terminal",
                               description=description, parameters=parameters)])[0]


def _calls(tool: Tool, n: int = 80) -> list[dict[str, Any]]:
    rng = random.Random(7)
    return [values.sample_arguments(tool, rng, optional_rate=0.5) for _ in range(n)]


FARE = {"type": "string", "enum": ["full", "partial", "none"]}
CASES: dict[str, tuple[str, dict[str, Any], list[str], str]] = {
    # (tool prose, properties, required, the rule kind read)
    "forbidden otherwise": (
        ("Settle a cancelled crossing. refund_eur is required with 'partial' (and must be below the fare paid) "
        "and forbidden otherwise."),
        {"booking_ref": {"type": "string"}, "refund": FARE, "refund_eur": {"type": "number", "minimum": 0}},
        ["booking_ref", "refund"], "needs"),
    "required for a kind": (
        "Open a ferry account.",
        {"holder_kind": {"type": "string", "enum": ["traveller", "haulier"]},
         "fleet_name": {"type": "string", "description": "Required for haulier accounts."},
         "holder_name": {"type": "string"}},
        ["holder_kind", "holder_name"], "needs"),
    "only with a value": (
        "Take a fare payment. voucher_code only with channel 'voucher'.",
        {"channel": {"type": "string", "enum": ["kiosk", "voucher", "onboard"]}, "voucher_code": {"type": "string"},
         "booking_ref": {"type": "string"}},
        ["channel", "booking_ref"], "only"),
    "values need a phrase": (
        "Close a berth. 'storm' closures stop every sailing from the berth and need a harbour note.",
        {"berth": {"type": "string"}, "cause": {"type": "string", "enum": ["storm", "dredging", "repair"]},
         "harbour_note": {"type": "string"}},
        ["berth", "cause"], "if_value"),
    "a or b, not both": (
        "Find a vessel. Give hull_id or berth (3-digit berth number), not both.",
        {"hull_id": {"type": "string"}, "berth": {"type": "string", "pattern": r"^\d{3}$"}}, [], "one_of"),
    "values take a parameter": (
        ("Log a ballast check. Numeric checks (salinity, turbidity as NTU) take reading_value; odour and "
        "colour take reading_text."),
        {"check": {"type": "string", "enum": ["salinity", "turbidity", "odour", "colour"]},
         "reading_value": {"type": "number"}, "reading_text": {"type": "string"}}, ["check"], "needs"),
    "backs one value": (
        "File a damage claim.",
        {"grounds": {"type": "string", "enum": ["hull_damage", "late_sailing", "lost_luggage"]},
         "survey_ticket": {"type": "string", "description": "Survey ticket (SV-xxxxx) supporting a hull_damage claim."}},
        ["grounds"], "only"),
    "a value must cite an id": (
        ("Clear a berth. Allowed when the vessel overstays (reason 'overstay'), or blocks the slipway (reason "
         "'obstruction', must cite the notice just served)."),
        {"vessel_name": {"type": "string"}, "reason": {"type": "string", "enum": ["overstay", "obstruction"]},
         "notice_number": {"type": "string"}}, ["vessel_name", "reason"], "if_value"),
    "within a share of another": (
        ("Log a bunkering. delivered_tonnes must be within ±3% of ordered_tonnes; outside that band a surveyor is "
        "called."),
        {"vessel_name": {"type": "string"}, "ordered_tonnes": {"type": "number"},
         "delivered_tonnes": {"type": "number"}}, ["vessel_name", "ordered_tonnes", "delivered_tonnes"], "near"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_prose_rule_in_an_authors_wording_is_read_and_kept(case: str) -> None:
    description, props, required, kind = CASES[case]
    tool = _tool(description, props, required)
    assert kind in [r.kind for r in dependencies.rules(description, tool.properties)], case
    broken = [c for c in _calls(tool) if dependencies.problems(description, tool.properties, c)]
    assert not broken, broken[:3]


def test_values_of_one_enum_allow_only_some_of_another() -> None:
    tool = _tool("Fire a glass batch. glass 'borosilicate' only in K-1/K-2; soda_lime and lead_crystal only in "
                 "K-3 or K-4.",
                 {"glass": {"type": "string", "enum": ["borosilicate", "soda_lime", "lead_crystal"]},
                  "kiln": {"type": "string", "enum": ["K-1", "K-2", "K-3", "K-4"]}}, ["glass", "kiln"])
    calls = _calls(tool)
    assert all((c["kiln"] in ("K-1", "K-2")) == (c["glass"] == "borosilicate") for c in calls), calls[:5]
    assert {c["glass"] for c in calls} == {"borosilicate", "soda_lime", "lead_crystal"}  # no value starved


def test_a_value_only_available_where_an_open_parameter_says_moves_the_closed_side() -> None:
    tool = _tool("Book an overnight berth. Bonded storage is only available to vessels flagged in the UK "
                 "(flag_state 'GB'); others use 'open_quay' or 'shed'.",
                 {"storage": {"type": "string", "enum": ["bonded_storage", "open_quay", "shed"]},
                  "flag_state": {"type": "string", "pattern": "^[A-Z]{2}$"},
                  "vessel_name": {"type": "string"}}, ["storage", "flag_state", "vessel_name"])
    calls = _calls(tool)
    assert all(c["storage"] != "bonded_storage" or c["flag_state"] == "GB" for c in calls), calls[:5]
    assert len({c["flag_state"] for c in calls}) > 5  # the country stays drawn, not forced to GB


def test_without_a_parameter_only_some_values() -> None:
    tool = _tool("Sell a ticket. A walk-up ticket (no booking_ref) is allowed only for foot passengers; "
                 "vehicles are booked ahead.",
                 {"passenger": {"type": "string", "enum": ["foot", "car", "van"]},
                  "booking_ref": {"type": "string"}}, ["passenger"])
    calls = _calls(tool)
    assert all(c["passenger"] == "foot" or c.get("booking_ref") for c in calls), calls[:5]


def test_a_rule_that_a_fix_wakes_is_kept_too() -> None:
    """Moving `reason` to 'salvage' (for 'tow_to_yard') wakes 'salvage requires salvor_name'."""
    tool = _tool("Retire a vessel. Reason 'salvage' requires salvor_name; 'tow_to_yard' is only valid with "
                 "reason 'salvage'.",
                 {"reason": {"type": "string", "enum": ["age", "salvage", "sale"]},
                  "disposal": {"type": "string", "enum": ["scrap", "tow_to_yard", "resale"]},
                  "salvor_name": {"type": "string"}}, ["reason", "disposal"])
    broken = [c for c in _calls(tool, 120) if dependencies.problems(tool.description, tool.properties, c)]
    assert not broken, broken[:3]


def test_a_number_over_a_threshold_is_no_value_a_parameter_needs() -> None:
    props = {"amount": {"type": "number"}, "appraiser": {"type": "string"}}
    assert dependencies.rules("An appraiser is required when amount is over 250,000.", props) == []


# ---------------------------------------------------------------- lead times and spans

def _days_after_ref(value: str) -> float:
    from datetime import datetime

    if "T" not in value:  # a date is whole days from the request's day
        return (datetime.strptime(value, "%Y-%m-%d").date() - values.REFERENCE_TIME.date()).days
    return (datetime.strptime(value, "%Y-%m-%dT%H:%M:%SZ") - values.REFERENCE_TIME).total_seconds() / 86400


@pytest.mark.parametrize(("prose", "name", "least", "most"), [
    ("Charter a vessel. charter_start must be at least 21 days after the request date (today).", "charter_start",
     21, None),
    ("Change a timetable. new_timetable_from must be at least 2 weeks out (notice to passengers).",
     "new_timetable_from", 14, None),
    ("Reserve a quay. Must be booked at least 48 hours before arrival; the quay is held for the day.", "arrival",
     2, None),
    ("Issue a season pass. valid_from may be today or up to 2 days ahead.", "valid_from", -1, 2),
])
def test_a_lead_time_from_the_request_holds(prose: str, name: str, least: float, most: float | None) -> None:
    props = {name: {"type": "string", "format": "date-time" if name == "arrival" else "date"},
             "vessel_name": {"type": "string"}}
    tool = _tool(prose, props, [name, "vessel_name"])
    drawn = [_days_after_ref(c[name]) for c in _calls(tool, 40)]
    assert all(d >= least for d in drawn), sorted(drawn)[:5]
    assert most is None or all(d <= most for d in drawn), sorted(drawn)[-5:]


def test_a_long_bound_gives_a_span_its_scale_and_the_end_follows_a_moved_start() -> None:
    tool = _tool("Charter a vessel. charter_start must be at least 30 days after the request date; "
                 "the whole charter may not exceed 6 months.",
                 {"charter_start": {"type": "string", "format": "date"},
                  "charter_end": {"type": "string", "format": "date"}}, ["charter_start", "charter_end"])
    for c in _calls(tool, 40):
        start, end = _days_after_ref(c["charter_start"]), _days_after_ref(c["charter_end"])
        assert start >= 30 and 180 / 8 - 1 <= end - start <= 183, c


# ---------------------------------------------------------------- a rules list is sentences

def test_examples_in_the_next_bullet_are_not_a_parameters_values() -> None:
    lookup = Tool(name="lookup_booking", app="t", api="lookup_booking", domain="ferry terminal",
                  description="Fetch a booking.",
                  parameters={"type": "object", "required": ["booking_ref"], "properties": {
                      "booking_ref": {"type": "string", "description": "Booking ref, 'BK' + 6 digits, e.g. BK401277."}}})
    board = Tool(name="board_vehicle", app="t", api="board_vehicle", domain="ferry terminal",
                 description="Board a vehicle.\n\nRules:\n"
                             "- A pre-booked vehicle carries booking_ref; a walk-up (no booking_ref) is allowed only "
                             "on deck A\n"
                             "- Dangerous cargo (e.g. ammonia, chlorine, propane) goes to deck C.",
                 parameters={"type": "object", "required": ["booking_ref", "deck"], "properties": {
                     "booking_ref": {"type": "string"}, "deck": {"type": "string", "enum": ["A", "B", "C"]}}})
    tool = lore.annotate([lookup, board])[1]
    rng = random.Random(3)
    refs = [values.sample_arguments(tool, rng)["booking_ref"] for _ in range(20)]
    assert all(r.startswith("BK") and r[2:].isdigit() for r in refs), refs


# ---------------------------------------------------------------- formats the catalog gives elsewhere

def _catalog(*tools: tuple[str, dict[str, Any]]) -> list[Tool]:
    return lore.annotate([Tool(name=n, app="t", api=n, domain="ferry terminal", description=f"{n}.",
                               parameters={"type": "object", "properties": p, "required": list(p)})
                          for n, p in tools])


def _drawn(tool: Tool, name: str, n: int = 20) -> list[Any]:
    rng = random.Random(5)
    return [values.sample_arguments(tool, rng, optional_rate=1.0)[name] for _ in range(n)]


def test_a_bare_parameter_takes_the_pattern_its_namesake_has_elsewhere() -> None:
    tools = _catalog(("log_boarding", {"deckhand_badge": {"type": "string", "pattern": r"^DK-\d{4}$"}}),
                     ("report_incident", {"deckhand_badge": {"type": "string"}, "summary": {"type": "string"}}))
    assert all(re.fullmatch(r"DK-\d{4}", v) for v in _drawn(tools[1], "deckhand_badge")), _drawn(tools[1], "deckhand_badge")


def test_a_broad_name_takes_the_form_every_namesake_agrees_on() -> None:
    flag = {"type": "string", "description": "Two-letter flag state of the vessel, e.g. GB, NO, IE."}
    tools = _catalog(("register_vessel", {"state": flag, "vessel_name": {"type": "string"}}),
                     ("inspect_vessel", {"state": flag, "hull_id": {"type": "string"}}),
                     ("search_vessels", {"state": {"type": "string"}}))
    assert set(_drawn(tools[2], "state")) <= {"GB", "NO", "IE"}


def test_an_id_written_with_placeholders_is_drawn_in_that_shape() -> None:
    (tool,) = _catalog(("claim_refund", {"survey_ticket": {"type": "string", "description":
                                                           "Harbour survey ticket (HS-xxxxx) for the claim."}}))
    assert all(re.fullmatch(r"HS-\d{5}", v) for v in _drawn(tool, "survey_ticket")), _drawn(tool, "survey_ticket")


# ---------------------------------------------------------------- a person's own account

def test_a_text_the_prose_calls_someones_own_account_is_theirs_and_about_the_call() -> None:
    tool = _tool("Lodge a noise complaint about a moored vessel. Testimony is the complainant's own account, "
                 "30-2000 characters.",
                 {"berth": {"type": "string"},
                  "cause": {"type": "string", "enum": ["engine_idling", "loud_music", "generator_at_night"]},
                  "testimony": {"type": "string", "minLength": 30, "maxLength": 2000}},
                 ["berth", "cause", "testimony"])
    for c in _calls(tool, 30):
        text = c["testimony"]
        assert re.search(r"\b(?:I|my|me)\b", text) and c["cause"].replace("_", " ") in text, c
        assert 30 <= len(text) <= 2000, c


# ---------------------------------------------------------------- sums owed on an entity

def _bridge() -> list[Tool]:
    def tool(name: str, description: str, props: dict[str, Any]) -> Tool:
        return Tool(name=name, app="t", api=name, domain="toll bridge", description=description,
                    parameters={"type": "object", "properties": props, "required": list(props)})
    return lore.annotate([
        tool("issue_toll_notice", "Issue a notice for an unpaid crossing. Returns {notice_number}. Tolls: class A "
             "car $6; class B van $9; class C lorry $14; class D coach $21.",
             {"plate": {"type": "string"}, "vehicle_class": {"type": "string", "enum": ["A", "B", "C", "D"]}}),
        tool("pay_toll_notice", "Take a payment. Payments are for the whole toll of the notice (+$10 admin charge "
             "after 14 days).",
             {"notice_number": {"type": "string"}, "amount_paid": {"type": "number", "exclusiveMinimum": 0}}),
        tool("waive_toll_notice", "Reduce a notice on appeal. reduced_toll must be lower than the original toll.",
             {"notice_number": {"type": "string"}, "reduced_toll": {"type": "number", "minimum": 0}}),
    ])


def test_a_payment_on_an_entity_is_a_sum_the_catalog_states_for_it() -> None:
    _, pay, waive = _bridge()
    rng = random.Random(2)
    paid = {values.sample_arguments(pay, rng)["amount_paid"] for _ in range(40)}
    assert paid <= {6.0, 9.0, 14.0, 21.0, 16.0, 19.0, 24.0, 31.0} and len(paid) > 3, paid
    reduced = {values.sample_arguments(waive, rng)["reduced_toll"] for _ in range(40)}
    assert all(0 < r < 21 for r in reduced), reduced


def test_one_sum_in_a_rule_is_no_list_of_sums_owed() -> None:
    def tool(name: str, description: str, props: dict[str, Any]) -> Tool:
        return Tool(name=name, app="t", api=name, domain="toll bridge", description=description,
                    parameters={"type": "object", "properties": props, "required": list(props)})
    _, insure = lore.annotate([
        tool("register_load", "Register a wide load. Returns {load_id}. A load worth $1,000,000 or more needs a "
             "police escort and pays the escort fee.", {"plate": {"type": "string"}}),
        tool("insure_load", "Insure a registered load: record the fee paid.",
             {"load_id": {"type": "string"}, "fee_paid": {"type": "number"}})])
    assert "fee_paid" not in (insure.said or {}), insure.said


# ---------------------------------------------------------------- the size of a thing

def test_a_things_measures_are_a_things_not_a_persons_body() -> None:
    dims = {"type": "object", "required": ["height_cm", "width_cm"], "properties": {
        "height_cm": {"type": "number", "exclusiveMinimum": 0}, "width_cm": {"type": "number", "exclusiveMinimum": 0},
        "depth_cm": {"type": "number", "exclusiveMinimum": 0}, "weight_kg": {"type": "number", "minimum": 0}}}
    parcel = _tool("Check in a parcel for the crossing.", {"parcel_ref": {"type": "string"}, "size": dims},
                   ["parcel_ref", "size"])
    sizes = [c["size"] for c in _calls(parcel, 40)]
    heights = [s["height_cm"] for s in sizes]
    assert sum(150 <= h <= 195 for h in heights) < len(heights) / 2, heights
    assert min(heights) < 80 and all(10 <= s["width_cm"] <= 200 for s in sizes), sizes
    passenger = _tool("Record a passenger's height for the life-jacket size.", {"height_cm": {"type": "number"}},
                      ["height_cm"])
    assert all(140 <= c["height_cm"] <= 200 for c in _calls(passenger, 20))


def test_a_moment_a_recording_tool_logs_has_happened() -> None:
    tool = Tool(name="record_hull_inspection", app="t", api="record_hull_inspection", domain="ferry terminal",
                description="Record the result of a hull inspection.",
                parameters={"type": "object", "required": ["vessel_name", "inspected_on", "next_due"], "properties": {
                    "vessel_name": {"type": "string"}, "inspected_on": {"type": "string", "format": "date"},
                    "next_due": {"type": "string", "format": "date"}}})
    calls = _calls(lore.annotate([tool])[0], 40)
    assert all(_days_after_ref(c["inspected_on"]) <= 0 for c in calls), [c["inspected_on"] for c in calls]
    assert any(_days_after_ref(c["next_due"]) > 0 for c in calls)  # what lies ahead stays ahead


def test_the_vehicle_a_write_acts_on_is_no_habit() -> None:
    from generator.core import habitual

    def tool(name: str, description: str) -> Tool:
        return Tool(name=name, app="t", api=name, domain="ferry terminal", description=description,
                    parameters={"type": "object", "required": ["plate"], "properties": {
                        "plate": {"type": "string", "pattern": "^[A-Z0-9]{1,8}$"}}})
    assert habitual.value_kind(tool("impound_vehicle", "Impound a vehicle left on the quay."), "plate") == "acted_on"
    assert habitual.habitual(tool("lookup_vehicle", "Find a vehicle by its plate."), "plate")


def test_a_latitude_goes_with_its_longitude() -> None:
    spot = {"type": "object", "required": ["quay"], "properties": {
        "quay": {"type": "string"}, "latitude": {"type": "number", "minimum": -90, "maximum": 90},
        "longitude": {"type": "number", "minimum": -180, "maximum": 180}}}
    tool = _tool("Report debris in the harbour.", {"spot": spot, "lat": {"type": "number"}, "lng": {"type": "number"}},
                 ["spot"])
    for c in _calls(tool, 60):
        assert ("latitude" in c["spot"]) == ("longitude" in c["spot"]), c
        assert ("lat" in c) == ("lng" in c), c


def test_a_catalog_that_keeps_to_one_city_puts_every_point_in_it() -> None:
    tool = _tool("Log a mooring buoy inspection by the city harbour department, at a buoy within the city limits.",
                 {"buoy": {"type": "string"}, "latitude": {"type": "number"}, "longitude": {"type": "number"}},
                 ["buoy", "latitude", "longitude"])
    points = [(c["latitude"], c["longitude"]) for c in _calls(tool, 40)]
    lats, lons = [p[0] for p in points], [p[1] for p in points]
    assert max(lats) - min(lats) < 0.6 and max(lons) - min(lons) < 0.7, points


# ---------------------------------------------------------------- readings inside the prose's bands

def test_a_band_the_prose_gives_under_one_value_holds_there() -> None:
    tool = _tool("Log a compartment reading. Pressure in millibar relative to outside: engine_room must be "
                 "negative, between -3 and -8 mbar; cargo_hold must be at least +2 mbar.",
                 {"compartment": {"type": "string", "enum": ["engine_room", "cargo_hold", "cabin"]},
                  "pressure_mbar": {"type": "number"}}, ["compartment", "pressure_mbar"])
    for c in _calls(tool, 60):
        p = c["pressure_mbar"]
        assert c["compartment"] != "engine_room" or -8 <= p <= -3, c
        assert c["compartment"] != "cargo_hold" or p >= 2, c


def test_a_ceiling_in_parentheses_and_counted_colonies_are_kept() -> None:
    tool = _tool("Log a galley hygiene check. Temperature °C (≤ 8 °C recommended), RH % (< 65). Swab results are "
                 "colony forming units per swab.",
                 {"temperature_c": {"type": "number"}, "relative_humidity": {"type": "number"},
                  "swab_cfu": {"type": "integer", "minimum": 0}},
                 ["temperature_c", "relative_humidity", "swab_cfu"])
    for c in _calls(tool, 40):
        assert c["temperature_c"] <= 8 and 30 <= c["relative_humidity"] <= 65 and c["swab_cfu"] <= 5, c


def test_airborne_particles_per_cubic_metre_are_thousands() -> None:
    tool = _tool("Log an engine room air sample. Particle counts are per cubic metre at 0.5 µm or more.",
                 {"particles_per_m3": {"type": "integer", "minimum": 0}}, ["particles_per_m3"])
    assert all(c["particles_per_m3"] >= 1000 for c in _calls(tool, 20))


def test_an_address_example_is_a_shape_each_account_fills_with_its_own() -> None:
    tool = _tool("Open a season ticket account.",
                 {"holder_name": {"type": "string"},
                  "home_address": {"type": "string", "description": "Street address, e.g. '22 Quay St Flat 4'."},
                  "pickup_block": {"type": "string", "description": "e.g. '300 block Harbour Rd'"}},
                 ["holder_name", "home_address", "pickup_block"])
    calls = _calls(tool, 60)
    homes, blocks = [c["home_address"] for c in calls], [c["pickup_block"] for c in calls]
    assert homes.count("22 Quay St Flat 4") < 20 and blocks.count("300 block Harbour Rd") < 20, (homes, blocks)
    assert all(re.fullmatch(r"\d+ block [A-Z][\w' -]* Rd", b) for b in blocks), blocks


def test_a_namesakes_pattern_never_overrides_a_format_of_its_own() -> None:
    clock = {"type": "string", "pattern": r"^([01]\d|2[0-3]):[0-5]\d$"}
    tools = _catalog(("set_quay_hours", {"hours": {"type": "object", "required": ["start", "end"],
                                                   "properties": {"start": clock, "end": clock}}}),
                     ("reserve_quay", {"start": {"type": "string", "format": "date-time"},
                                       "end": {"type": "string", "format": "date-time"}}))
    assert all("T" in v for v in _drawn(tools[1], "end", 60))
