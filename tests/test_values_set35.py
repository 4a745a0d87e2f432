"""Values and rules the set-35 session fixed (an EV charging network, a 3PL warehouse, an auto
insurance claims desk): a hold that lapses minutes from now, a cap's range per unit, a profile
that fixes the connector, "give X or Y" lists, ids whose description spells their shape, rack
locations near the example's."""

from __future__ import annotations

import random
import re
from datetime import datetime

from generator.core import dependencies, lore
from generator.core.values import sample_arguments, value_for
from generator.records import Tool


def _tool(name: str, description: str, props: dict, required: list[str]) -> Tool:
    return lore.annotate([Tool(name=name, app="ops", api=name, domain="ev_set35", description=description,
                               parameters={"type": "object", "properties": props, "required": required})])[0]


def _profile() -> Tool:
    return _tool("set_charging_profile",
                 "Install a power limit on a charger. ChargePointMaxProfile caps the whole charger and requires "
                 "connector_id 0; TxDefaultProfile applies to every new session on the connector.",
                 {"charger_id": {"type": "string", "description": "Charger, e.g. 'VLT-PHX-0142'."},
                  "connector_id": {"type": "integer", "minimum": 0, "maximum": 4,
                                   "description": "Connector number; 0 for the whole charger."},
                  "purpose": {"type": "string", "enum": ["ChargePointMaxProfile", "TxDefaultProfile"],
                              "description": "Profile purpose."},
                  "rate_unit": {"type": "string", "enum": ["A", "W"], "description": "Unit of limit: A or W."},
                  "limit": {"type": "number", "minimum": 6, "maximum": 400000,
                            "description": "The cap in rate_unit: 6 to 80 for A, 1000 to 400000 for W."}},
                 ["charger_id", "connector_id", "purpose", "rate_unit", "limit"])


def test_a_cap_keeps_the_range_of_its_unit_and_a_whole_charger_profile_its_connector() -> None:
    tool = _profile()
    kinds = {r.kind for r in dependencies.rules(tool.description, tool.properties)}
    assert {"band_if", "implies"} <= kinds
    assert "needs" not in kinds  # "6 to 80 for A" is a range for a value, never a parameter only A has
    rng = random.Random(3)
    draws = [sample_arguments(tool, rng, optional_rate=0.5) for _ in range(40)]
    assert {d["rate_unit"] for d in draws} == {"A", "W"}
    for d in draws:
        lo, hi = (6, 80) if d["rate_unit"] == "A" else (1000, 400000)
        assert lo <= d["limit"] <= hi, d
        if d["rate_unit"] == "W":  # a wide band's value is a round one
            assert float(f"{d['limit']:.2g}") == d["limit"], d
        if d["purpose"] == "ChargePointMaxProfile":
            assert d["connector_id"] == 0, d


def test_a_moment_said_minutes_from_now_is_minutes_from_the_call() -> None:
    schema = {"type": "string", "format": "date-time",
              "description": "When the hold lapses, RFC 3339; 5 to 60 minutes from now."}
    ref = datetime(2025, 6, 2, 9, 0)
    rng = random.Random(4)
    for _ in range(20):
        moment = datetime.strptime(value_for(schema, rng, name="expiry_time", ref=ref)[:16], "%Y-%m-%dT%H:%M")
        minutes = (moment - ref).total_seconds() / 60
        assert 5 <= minutes <= 60 and minutes % 5 == 0, moment


def test_give_x_or_y_lists_are_rules() -> None:
    stations = _tool("search_stations", "Search the sites. Give either a city or a latitude/longitude pair (both "
                     "coordinates together). Returns sites.",
                     {"city": {"type": "string", "description": "City."},
                      "latitude": {"type": "number", "minimum": -90, "maximum": 90, "description": "Latitude."},
                      "longitude": {"type": "number", "minimum": -180, "maximum": 180, "description": "Longitude."},
                      "radius_km": {"type": "number", "minimum": 1, "maximum": 50, "description": "Radius in km."}}, [])
    rng = random.Random(5)
    for _ in range(30):
        d = sample_arguments(stations, rng, optional_rate=0.5)
        assert ("city" in d) != ("latitude" in d) and ("latitude" in d) == ("longitude" in d), d
    hold = _tool("place_inventory_hold", "Put inventory on hold. Give at least one of lot_number, lpn or location "
                 "together with the sku.",
                 {"sku": {"type": "string", "description": "SKU."}, "lot_number": {"type": "string", "description": "Lot."},
                  "lpn": {"type": "string", "description": "License plate number of a pallet."},
                  "location": {"type": "string", "description": "Location."}}, ["sku"])
    sessions = _tool("search_sessions", "Search sessions. Give a station_id, a charge_point_id or an id_tag (at least "
                     "one).", {"station_id": {"type": "string"}, "charge_point_id": {"type": "string"},
                               "id_tag": {"type": "string"}, "status": {"type": "string", "enum": ["active", "done"]}}, [])
    for tool, names in ((hold, ("lot_number", "lpn", "location")), (sessions, ("station_id", "charge_point_id", "id_tag"))):
        assert [r.kind for r in dependencies.rules(tool.description, tool.properties)] == ["any_of"]
        for _ in range(20):
            d = sample_arguments(tool, rng, optional_rate=0.3)
            assert any(n in d for n in names), d


def test_an_id_whose_description_spells_its_shape_is_one_of_many() -> None:
    rng = random.Random(6)
    sku = {"type": "string", "description": "Item number (SKU): client prefix, dash, 6 digits, e.g. 'ACM-104522'."}
    skus = [value_for(sku, rng, name="sku") for _ in range(12)]
    assert len(set(skus)) >= 10 and all(re.fullmatch(r"ACM-\d{6}", s) for s in skus), skus
    badge = {"type": "string", "description": "Supervisor badge id, 'SUP-' and 4 digits, e.g. 'SUP-2031'."}
    badges = [value_for(badge, rng, name="approver_id") for _ in range(12)]
    assert len(set(badges)) >= 10 and not any(re.fullmatch(r"SUP-20[12]\d", b) for b in badges), badges
    card = {"type": "string", "pattern": "^[0-9A-F]{8}([0-9A-F]{6})?$",
            "description": "RFID card UID in upper-case hex, 8 characters, e.g. '04A3B2C1'."}
    cards = [value_for(card, rng, name="id_tag") for _ in range(12)]
    assert len(set(cards)) >= 10 and all(re.fullmatch(r"[0-9A-F]{8}", c) for c in cards), cards


def test_a_rack_location_is_near_the_example_in_every_coordinate() -> None:
    schema = {"type": "string", "description": "Storage location code aisle-bay-level-position, e.g. '14-022-C-02'."}
    rng = random.Random(7)
    for loc in (value_for(schema, rng, name="location") for _ in range(30)):
        m = re.fullmatch(r"(\d\d)-(\d{3})-C-(\d\d)", loc)
        assert m and 7 <= int(m[1]) <= 28 and 11 <= int(m[2]) <= 44 and 1 <= int(m[3]) <= 4, loc


def _claims(name: str, description: str, props: dict, required: list[str]) -> Tool:
    return lore.annotate([Tool(name=name, app="claims", api=name, domain="claims_set35", description=description,
                               parameters={"type": "object", "properties": props, "required": required})])[0]


def test_a_company_is_no_pair_of_surnames() -> None:
    from generator.core import semantic

    rng = random.Random(8)
    names = [semantic._company(rng, "payee") for _ in range(40)]
    assert not any("-" in n or "," in n for n in names), names


# The reading's own claims catalog's `create_fnol` (benchmarks/reading/catalogs/auto_insurance_claims.jsonl).
_FNOL = {'name': 'create_fnol',
         'description': 'Open a claim from a first notice of loss. loss_date may not be in the future nor before the '
                        'policy term; police_report_number is expected for theft and hit_and_run losses; vin must be a '
                        'vehicle listed on the policy (for a non-owned vehicle leave it out and say so in the '
                        'description). Returns claim_number.',
         'parameters': {'type': 'object',
                        'properties': {'policy_number': {'type': 'string',
                                                         'pattern': '^PAP-[0-9]{9}$',
                                                         'description': "Personal auto policy number, 'PAP-' and 9 "
                                                                        "digits, e.g. 'PAP-204881736'."},
                                       'loss_date': {'type': 'string',
                                                     'format': 'date',
                                                     'description': 'Date of loss, YYYY-MM-DD, on or before today.'},
                                       'loss_time': {'type': 'string',
                                                     'format': 'time',
                                                     'description': 'Approximate time of loss, HH:MM (24-hour), local '
                                                                    'time.'},
                                       'loss_state': {'type': 'string',
                                                      'enum': ['AZ',
                                                               'CA',
                                                               'CO',
                                                               'FL',
                                                               'GA',
                                                               'IL',
                                                               'NC',
                                                               'NV',
                                                               'NY',
                                                               'OH',
                                                               'PA',
                                                               'TX',
                                                               'WA'],
                                                      'description': 'State where the loss happened.'},
                                       'loss_location': {'type': 'string',
                                                         'description': "Where it happened, e.g. 'I-35 southbound near "
                                                                        "exit 234, Austin' or 'Kroger parking lot, 1201 W "
                                                                        "Main St, Mesa'."},
                                       'loss_cause': {'type': 'string',
                                                      'enum': ['rear_end',
                                                               'intersection',
                                                               'lane_change',
                                                               'backing',
                                                               'parked_unattended',
                                                               'single_vehicle',
                                                               'hit_and_run',
                                                               'animal',
                                                               'theft',
                                                               'vandalism',
                                                               'glass',
                                                               'hail',
                                                               'flood',
                                                               'fire',
                                                               'falling_object'],
                                                      'description': 'Cause of loss. rear_end, intersection, lane_change, '
                                                                     'backing: collision with another vehicle; '
                                                                     'single_vehicle: hit a fixed object or rollover; '
                                                                     "parked_unattended: insured's parked car hit; animal "
                                                                     '(deer strike), theft, vandalism, glass, hail, '
                                                                     'flood, fire, falling_object are comprehensive '
                                                                     'causes.'},
                                       'vin': {'type': 'string',
                                               'pattern': '^[A-HJ-NPR-Z0-9]{17}$',
                                               'description': '17-character vehicle identification number (no I, O or Q), '
                                                              "e.g. '1HGCV1F34LA012345'."},
                                       'reported_by': {'type': 'string',
                                                       'enum': ['insured', 'claimant', 'agent', 'attorney', 'police'],
                                                       'default': 'insured',
                                                       'description': 'Who reported the loss.'},
                                       'description': {'type': 'string',
                                                       'maxLength': 1000,
                                                       'description': "Facts of loss in the reporter's words, e.g. "
                                                                      "'Insured stopped at red light on Baseline Rd, "
                                                                      "struck from behind by a pickup'."},
                                       'police_report_number': {'type': 'string',
                                                                'description': 'Police or incident report number as '
                                                                               "issued by the agency, e.g. '25-118342'."},
                                       'injuries_reported': {'type': 'boolean',
                                                             'default': False,
                                                             'description': 'Whether anyone reported an injury.'},
                                       'vehicle_drivable': {'type': 'boolean',
                                                            'description': 'Whether the insured vehicle can be driven.'}},
                        'required': ['policy_number', 'loss_date', 'loss_state', 'loss_cause', 'description']}}


def test_one_example_account_is_not_told_of_every_cause() -> None:
    """Set 35: the catalog's one example account (a rear-end collision) was every claim's, thefts
    and hail included, and a claim's account was made of its state ("GA backing fnol")."""
    spec = _FNOL
    tool = _claims(spec["name"], spec["description"], spec["parameters"]["properties"], spec["parameters"]["required"])
    rng = random.Random(9)
    for _ in range(40):
        d = sample_arguments(tool, rng, optional_rate=0.5)
        text = d.get("description", "")
        assert "struck from behind" not in text and "fnol" not in text and d["loss_state"] not in text, d


def test_a_tax_on_an_amount_is_a_sales_tax_rate_of_it_and_a_payoff_goes_with_its_lender() -> None:
    tool = _claims("settle_total_loss", "Settle a vehicle as a total loss.",
                   {"acv_usd": {"type": "number", "minimum": 500, "maximum": 150000,
                                "description": "Actual cash value of the vehicle before the loss, in USD."},
                    "sales_tax_usd": {"type": "number", "minimum": 0, "maximum": 15000,
                                      "description": "Sales tax on the ACV at the owner's local rate, in USD."},
                    "lienholder": {"type": "string", "description": "Lender on the title, e.g. 'Ally Financial'."},
                    "loan_payoff_usd": {"type": "number", "minimum": 0, "maximum": 150000,
                                        "description": "Payoff amount from the lender's letter, in USD; required with "
                                        "lienholder."}}, ["acv_usd", "sales_tax_usd"])
    assert any(r.kind == "together" for r in dependencies.rules(tool.description, tool.properties))
    rng = random.Random(10)
    for _ in range(30):
        d = sample_arguments(tool, rng, optional_rate=0.5)
        assert 0.039 <= d["sales_tax_usd"] / d["acv_usd"] <= 0.096, d
        assert ("lienholder" in d) == ("loan_payoff_usd" in d), d


def test_codes_said_negative_make_the_signed_count_negative() -> None:
    tool = _claims("adjust_inventory", "Post an inventory adjustment.",
                   {"quantity_change": {"type": "integer", "description": "Change in eaches, positive or negative."},
                    "reason_code": {"type": "string", "enum": ["DMG", "CC", "FND", "EXP"], "description":
                                    "Adjustment reason: DMG damaged, CC cycle count variance, FND found stock, EXP "
                                    "expired. DMG and EXP are negative only; FND positive only."}},
                   ["quantity_change", "reason_code"])
    rng = random.Random(11)
    draws = [sample_arguments(tool, rng) for _ in range(40)]
    assert {d["reason_code"] for d in draws} >= {"DMG", "EXP"}
    for d in draws:
        assert (d["quantity_change"] < 0) == (d["reason_code"] in ("DMG", "EXP")), d


def test_a_badge_number_like_a_future_year_is_no_year() -> None:
    schema = {"type": "string", "description": "Supervisor badge id approving the disposition, e.g. 'SUP-2031'."}
    rng = random.Random(12)
    badges = [value_for(schema, rng, name="approver_id") for _ in range(20)]
    assert sum(b in ("SUP-2024", "SUP-2025", "SUP-2026") for b in badges) <= 2, badges


def test_a_door_of_a_said_range_and_a_card_keeps_its_makers_byte() -> None:
    rng = random.Random(13)
    door = {"type": "string", "description": "Receiving door, 'DOOR-' and two digits, e.g. 'DOOR-04'. Receiving doors "
            "are 01 to 12."}
    doors = [value_for(door, rng, name="dock_door") for _ in range(30)]
    assert len(set(doors)) >= 8 and all(1 <= int(d[5:]) <= 12 and len(d) == 7 for d in doors), doors
    card = {"type": "string", "description": "RFID card UID in upper-case hex, e.g. '04A1B2C3D4E5F6'."}
    assert all(value_for(card, rng, name="id_tag").startswith("04") for _ in range(10))


def test_one_of_three_ways_is_any_of_them() -> None:
    tool = _tool("search_policies", "Find policies. Give the policy number, or the insured's last name with the "
                 "state, or a VIN.",
                 {"policy_number": {"type": "string"}, "insured_last_name": {"type": "string"},
                  "state": {"type": "string", "enum": ["AZ", "TX"]}, "vin": {"type": "string"},
                  "as_of_date": {"type": "string", "format": "date"}}, ["as_of_date"])
    rules = {(r.kind, r.subject, r.others) for r in dependencies.rules(tool.description, tool.properties)}
    # one of three ways is any of them: a pair kept whole filled each search with three ids, and
    # a history of such searches left TRAIL 7 targets of 40
    # ... and the way by last name needs the state with it (set 36: "X with Y" is one way of two values)
    assert rules == {("any_of", "policy_number", ("insured_last_name", "vin")),
                     ("requires", "insured_last_name", ("state",))}, rules


def test_a_rack_location_of_a_site_is_no_persona_place() -> None:
    from generator.derived_personas import _takes_place

    rack = {"type": "string", "description": "Storage location code aisle-bay-level-position, e.g. '14-022-C-02'."}
    assert not _takes_place("location", rack)
    assert _takes_place("pickup_location", {"type": "string", "description": "Where to pick up."})


def test_a_local_time_of_day_is_written_and_checked_with_no_zone() -> None:
    from generator.core.schema import is_valid

    local = {"type": "string", "format": "time", "description": "Approximate time of loss, HH:MM (24-hour), local time."}
    rng = random.Random(14)
    times = [value_for(local, rng, name="loss_time") for _ in range(10)]
    assert all(re.fullmatch(r"\d\d:\d\d", t) and is_valid(local, t) for t in times), times
    assert not is_valid(local, "25:10")
    plain = {"type": "string", "format": "time", "description": "Time of the event."}
    assert value_for(plain, rng, name="event_time").endswith("Z") and not is_valid(plain, "15:45")


def test_coverages_for_the_insured_go_with_the_insureds_roles() -> None:
    tool = _claims("create_exposure", "Open an exposure. First-party coverages (COLL, COMP, RENTAL, TOWING) are for "
                   "the insured or their passengers; BI and PD are for third-party claimants.",
                   {"coverage": {"type": "string", "enum": ["BI", "PD", "COLL", "COMP", "RENTAL", "TOWING"]},
                    "claimant_role": {"type": "string", "enum": ["insured", "passenger", "third_party_driver",
                                                                 "third_party_owner", "pedestrian"]}},
                   ["coverage", "claimant_role"])
    rng = random.Random(15)
    draws = [sample_arguments(tool, rng) for _ in range(40)]
    assert {d["coverage"] for d in draws} >= {"BI", "COLL", "TOWING"}
    for d in draws:
        first = d["coverage"] in ("COLL", "COMP", "RENTAL", "TOWING")
        assert (d["claimant_role"] in ("insured", "passenger")) == first, d
