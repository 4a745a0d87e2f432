"""Values the set-32 session fixed: a catalog's one example line told under every kind of its call
(set 31: "Gateway shows 4 of 22 micros not reporting since Tuesday" on roof leaks and battery
faults; one squawk or one complaint for every category)."""

from __future__ import annotations

import random

from generator.core.values import sample_arguments
from generator.records import Tool


def _ticket(required: list[str], note_name: str = "description") -> Tool:
    return Tool(name="create_service_ticket", app="solar", api="create_service_ticket", domain="solar",
                description="Open a service ticket on an installed system.",
                parameters={"type": "object", "required": required, "properties": {
                    "project_id": {"type": "string", "description": "Project id, e.g. 'PRJ-25-0417'.",
                                   "pattern": "^PRJ-[0-9]{2}-[0-9]{4}$"},
                    "issue_type": {"type": "string", "description": "Kind of problem.", "enum": [
                        "inverter_fault", "low_production", "monitoring_offline", "roof_leak", "battery_fault"]},
                    note_name: {"type": "string", "maxLength": 500, "description":
                                "What the customer reports, e.g. 'Gateway shows 4 of 22 micros not reporting since Tuesday'."}}})


def _draws(tool: Tool, n: int = 40) -> list[dict]:
    rng = random.Random(5)
    return [sample_arguments(tool, rng, optional_rate=0.9) for _ in range(n)]


def test_one_example_line_is_never_told_under_every_kind() -> None:
    draws = _draws(_ticket(["project_id", "issue_type", "description"]))
    kinds = {d["issue_type"] for d in draws}
    assert len(kinds) >= 3, kinds
    for d in draws:  # a required account says the call's own kind
        assert "micros" not in d["description"], d
        assert d["issue_type"].split("_")[0] in d["description"].lower(), d


def test_an_optional_account_of_another_kind_is_left_out() -> None:
    draws = _draws(_ticket(["project_id", "issue_type"]))
    assert not any("micros" in str(d.get("description")) for d in draws), draws


def test_a_field_that_tells_no_account_keeps_its_example() -> None:
    tool = _ticket(["project_id", "issue_type", "access_notes"], note_name="access_notes")
    tool.properties["access_notes"]["description"] = "How the crew reaches the panel, e.g. 'Gate code 4412, dog in the side yard'."
    draws = _draws(tool)
    assert all(d["access_notes"] == "Gate code 4412, dog in the side yard" for d in draws), draws


def _dry_off() -> Tool:
    return Tool(name="record_dry_off", app="dairy", api="record_dry_off", domain="dairy",
                description="Dry off a pregnant cow.",
                parameters={"type": "object", "required": ["cow_id", "dry_date", "expected_calving_date"], "properties": {
                    "cow_id": {"type": "string", "description": "The cow's herd number (ear tag), 1 to 5 digits, e.g. '2417'."},
                    "dry_date": {"type": "string", "description": "Day of the last milking. Format YYYY-MM-DD."},
                    "expected_calving_date": {"type": "string", "description":
                                              "Projected calving date; 30 to 80 days after dry_date. Format YYYY-MM-DD."}}})


def test_a_day_a_span_of_weeks_after_another_falls_inside_the_span() -> None:
    from datetime import date

    gaps = [(date.fromisoformat(d["expected_calving_date"]) - date.fromisoformat(d["dry_date"])).days
            for d in _draws(_dry_off(), 60)]
    assert all(30 <= g <= 80 for g in gaps), gaps
    assert len(set(gaps)) >= 8 and gaps.count(min(gaps)) <= len(gaps) // 5, gaps  # anywhere in its first weeks,
    # never its first day every time


def test_a_numbered_example_id_is_one_of_thousands() -> None:
    ids = [d["cow_id"] for d in _draws(_dry_off(), 200)]
    assert ids.count("2417") <= 12, ids.count("2417")


def _locate() -> Tool:
    return Tool(name="create_locate_request", app="one_call", api="create_locate_request", domain="utility_locating",
                description="File a locate request (811 ticket) for a dig site in Virginia.",
                parameters={"type": "object", "required": ["ticket_number", "county", "place", "nearest_intersection"],
                            "properties": {
                    "ticket_number": {"type": "string", "pattern": "^[0-9]{10}$", "description":
                                      "One-call ticket number: 10 digits, the YYMMDD of the day the ticket was filed "
                                      "followed by a 4-digit daily sequence, e.g. '2505290417'."},
                    "county": {"type": "string", "description": "County of the work site, e.g. 'Fairfax', 'Prince William', 'Loudoun'."},
                    "place": {"type": "string", "description": "City, town or community."},
                    "nearest_intersection": {"type": "string", "description": "Nearest cross street, e.g. 'Lee Hwy and Cedar Ln'."}}})


def test_an_id_that_opens_with_its_filing_day_is_dated_by_the_calendar() -> None:
    from datetime import datetime

    for d in _draws(_locate(), 60):
        filed = datetime.strptime(d["ticket_number"][:6], "%y%m%d")  # never month 60 or day 93
        assert datetime(2025, 4, 1) <= filed <= datetime(2025, 7, 1), d


def test_a_county_and_a_corner_keep_their_place_names() -> None:
    draws = _draws(_locate(), 60)
    assert {d["county"] for d in draws} <= {"Fairfax", "Prince William", "Loudoun"}, {d["county"] for d in draws}
    for d in draws:
        first, _, second = d["nearest_intersection"].partition(" and ")
        assert first.endswith(" Hwy") and second.endswith(" Ln"), d  # two roads, never "Elizabeth Ruiz and Cedar Ln"
    assert not any(d["place"].lower() in ("city", "town", "community") for d in draws), draws


def test_a_description_that_names_what_a_value_is_lists_no_values() -> None:
    from generator.core import allowed

    assert allowed.read("City, town or community.").allowed == ()
    assert allowed.read("stainless, ibc, oak_barrel, flextank").allowed == ("stainless", "ibc", "oak_barrel", "flextank")


def test_the_state_a_catalog_works_in_is_read_from_its_prose() -> None:
    from generator.core.zips import state_of

    assert state_of("City, town or community of the work site, e.g. 'Manassas', 'Reston'.") == "VA"
    assert state_of("Propane dealer in Vermont. Town of the service address.") == "VT"
    assert state_of("Town or city issuing the permit, e.g. 'Town of Wellesley'.") == "MA"
    assert state_of("Customer last name, e.g. 'Wellesley'.") is None  # a surname is no town
    assert state_of("Pickup city, e.g. 'Boston', 'Denver', 'Austin', 'Seattle'.") is None  # towns of many states


def test_towns_zips_and_phones_keep_to_the_catalogs_state() -> None:
    from generator.catalog import Catalog
    from generator.core import lore, zips

    tool = Tool(name="create_locate_request", app="one_call", api="create_locate_request", domain="locating_set32_test",
                description="File a locate request for a dig site.",
                parameters={"type": "object", "required": ["place", "zip_code", "caller_phone"], "properties": {
                    "place": {"type": "string", "description": "City, town or community of the work site, e.g. 'Manassas', 'Reston'."},
                    "zip_code": {"type": "string", "description": "5-digit ZIP code of the work site."},
                    "caller_phone": {"type": "string", "description": "Caller's callback number, 10 digits, e.g. '317-066-9074'."}}})
    Catalog(lore.annotate([tool]))
    draws = _draws(tool, 60)
    assert {d["place"] for d in draws} <= {"Manassas", "Reston"}, {d["place"] for d in draws}
    assert all(zips.town_of(d["zip_code"])[1] == "VA" for d in draws), [d["zip_code"] for d in draws]
    assert all(zips.AREA_STATES[d["caller_phone"][:3]] == "VA" and d["caller_phone"][4] not in "01" for d in draws), draws


def _propane(name: str, description: str, required: list[str], properties: dict) -> Tool:
    return Tool(name=name, app="propane", api=name, domain="propane", description=description,
                parameters={"type": "object", "required": required, "properties": properties})


COMPLETE = _propane("complete_delivery", "Record the delivery ticket. percent_after must be higher than percent_before "
                    "and at most 85.", ["meter_start", "meter_end", "percent_before", "percent_after"], {
                        "meter_start": {"type": "number", "description": "Truck meter totalizer before pumping, gallons, e.g. 184203.4."},
                        "meter_end": {"type": "number", "description": "Truck meter totalizer after pumping, gallons; greater than meter_start."},
                        "percent_before": {"type": "integer", "description": "Tank gauge before filling, percent, 0 to 80."},
                        "percent_after": {"type": "integer", "description": "Tank gauge after filling, percent, at most 85."}})


def test_a_gauge_read_after_a_fill_is_above_the_one_before() -> None:
    for d in _draws(COMPLETE, 60):
        assert d["percent_before"] < d["percent_after"] <= 85, d


def test_a_counter_runs_on_by_one_jobs_worth() -> None:
    for d in _draws(COMPLETE, 60):
        assert 0 < d["meter_end"] - d["meter_start"] <= 0.005 * d["meter_start"] + 1, d
        assert d["meter_start"] > 10000, d  # never a totalizer of 48


def test_a_value_said_for_a_siblings_values_is_kept() -> None:
    check = _propane("record_leak_check", "Record a leak check.", ["pressure_drop", "result", "red_tag_issued"], {
        "pressure_drop": {"type": "number", "description": "Drop seen during the hold, inches of water column, 0 to 14; 0 for a pass."},
        "result": {"type": "string", "enum": ["pass", "fail"]},
        "red_tag_issued": {"type": "boolean", "description": "System shut off and red-tagged. Must be true when result is 'fail'."}})
    schedule = _propane("schedule_delivery", "Schedule a delivery.", ["delivery_type"], {
        "delivery_type": {"type": "string", "enum": ["will_call", "automatic", "out_of_gas", "first_fill"]},
        "leak_check_required": {"type": "boolean", "default": False, "description":
                                "A leak check must be done first. Must be true for 'out_of_gas' and 'first_fill'."}})
    for d in _draws(check, 40):
        assert (d["result"] == "pass") == (d["pressure_drop"] == 0 and not d["red_tag_issued"]) or d["result"] == "fail" \
            and d["red_tag_issued"], d
    kinds = set()
    for d in _draws(schedule, 60):
        kinds.add(d["delivery_type"])
        assert d["delivery_type"] not in ("out_of_gas", "first_fill") or d.get("leak_check_required") is True, d
    assert {"out_of_gas", "first_fill"} <= kinds


def test_readings_before_and_after_an_act_are_no_window_of_moments() -> None:
    gauges = _propane("read_gauges", "Record a fill.", ["percent_before", "percent_after"], {
        "percent_before": {"type": "integer", "description": "Tank gauge before filling, percent, 0 to 80."},
        "percent_after": {"type": "integer", "description": "Tank gauge after filling, percent, 0 to 85."}})
    draws = _draws(gauges, 60)  # no rule said: the names alone never put the reading after below the one before
    assert any(d["percent_after"] > d["percent_before"] for d in draws), draws


def test_readings_around_an_act_are_never_the_same() -> None:
    narrow = _propane("record_fill", "Record a fill. level_after must be higher than level_before.",
                      ["level_before", "level_after"], {
                          "level_before": {"type": "integer", "minimum": 1, "maximum": 4, "description": "Level before, 1 to 4."},
                          "level_after": {"type": "integer", "minimum": 1, "maximum": 4, "description": "Level after, 1 to 4."}})
    for d in _draws(narrow, 80):
        assert d["level_before"] < d["level_after"], d


def test_a_unit_price_keeps_to_its_market_and_its_stated_decimals() -> None:
    from generator.core.values import value_for

    rng = random.Random(3)
    spec = {"type": "number", "description": "Locked price in USD per gallon, 3 decimals, e.g. 2.349."}
    prices = [value_for(spec, rng, name="price_per_gallon") for _ in range(60)]
    assert all(1.6 <= p <= 3.3 for p in prices), prices  # never 6.00 or 1.00 for a gallon at 2.349
    assert sum(len(f"{p}".partition(".")[2]) == 3 for p in prices) >= 50, prices  # written to the thousandth


def test_a_phone_asked_in_ten_digits_has_no_country_code() -> None:
    from generator.core.value_sense import _national

    schema = {"type": "string", "description": "Phone number on file, 10 digits."}
    assert _national("+1-617-815-2986", schema) == "617-815-2986"
    assert _national("+16178152986", schema) == "6178152986"
    assert _national("+1-617-815-2986", {"type": "string", "description": "Phone in E.164."}) == "+1-617-815-2986"


def test_drawn_phones_asked_in_ten_digits_have_ten() -> None:
    tool = _propane("search_customers", "Search customers.", ["phone"], {
        "phone": {"type": "string", "description": "Phone number on file, 10 digits."}})
    phones = [d["phone"] for d in _draws(tool, 80)]
    assert all(len("".join(c for c in p if c.isdigit())) == 10 for p in phones), phones


def test_a_search_told_to_give_one_filter_has_one_and_a_town_is_a_town() -> None:
    from generator.core import semantic

    tool = _propane("search_customers", "Search propane customers. Give at least one filter.", [], {
        "name": {"type": "string", "description": "Customer last name, e.g. 'Hollis'."},
        "town": {"type": "string", "description": "Town of the service address, e.g. 'Middlebury'."},
        "zip_code": {"type": "string", "description": "5-digit ZIP code of the service address."}})
    rng = random.Random(5)
    assert all(sample_arguments(tool, rng, optional_rate=0.1) for _ in range(60)), "a search with no filter"
    assert semantic.infer("town", tool.properties["town"]) == "city"


def test_coordinates_lie_in_the_catalogs_state() -> None:
    from generator.catalog import Catalog
    from generator.core import lore

    tool = Tool(name="add_tree", app="trees", api="add_tree", domain="trees_set32_test", description="Add a tree.",
                parameters={"type": "object", "required": ["municipality", "latitude", "longitude"], "properties": {
                    "municipality": {"type": "string", "description": "Town issuing the permit, e.g. 'Town of Wellesley'."},
                    "latitude": {"type": "number", "description": "Latitude of the trunk, decimal degrees."},
                    "longitude": {"type": "number", "description": "Longitude of the trunk, decimal degrees."}}})
    Catalog(lore.annotate([tool]))
    for d in _draws(tool, 40):  # Massachusetts, never Reno or Oregon
        assert 41.0 <= d["latitude"] <= 43.2 and -73.8 <= d["longitude"] <= -69.7, d


def test_a_line_of_one_service_never_carries_the_example_note_of_another() -> None:
    tool = _propane("create_estimate", "Write an estimate.", ["line_items"], {
        "line_items": {"type": "array", "minItems": 2, "maxItems": 4, "items": {"type": "object", "required": ["service"], "properties": {
            "service": {"type": "string", "enum": ["removal", "crown_cleaning", "crown_raising", "cabling_bracing"]},
            "description": {"type": "string", "description": "Line note, e.g. 'Raise crown over driveway to 14 ft clearance'."}}}}})
    for d in _draws(tool, 40):
        for line in d["line_items"]:
            assert "Raise crown" not in str(line.get("description")) or line["service"] == "crown_raising", line


def test_a_day_of_one_kind_of_call_is_its_lead_ahead() -> None:
    from datetime import date

    tool = _propane("create_locate_request", "File a new locate request.", ["work_start_date"], {
        "ticket_type": {"type": "string", "enum": ["normal", "emergency", "design"], "default": "normal"},
        "work_start_date": {"type": "string", "format": "date", "description": "Date excavation starts, YYYY-MM-DD. For a "
                            "normal ticket at least 3 working days after today; for an emergency ticket today."}})
    seen = set()
    for d in _draws(tool, 60):
        kind = d.get("ticket_type", "normal")
        seen.add(kind)
        if kind == "normal":  # 2025-06-02 is a Monday: three working days on is Thursday the 5th
            assert date.fromisoformat(d["work_start_date"]) >= date(2025, 6, 5), d
    assert {"normal", "emergency"} <= seen


def test_a_lines_own_required_text_is_kept() -> None:
    tool = _propane("file_damage_claim", "File a damage claim.", ["items"], {
        "items": {"type": "array", "minItems": 2, "maxItems": 3, "items": {"type": "object",
                  "required": ["category", "description"], "properties": {
                      "category": {"type": "string", "enum": ["furniture", "electronics", "appliance"]},
                      "description": {"type": "string", "description": "What is damaged, e.g. 'Oak dresser, deep scratch on top'."}}}}})
    for d in _draws(tool, 40):
        assert all(line.get("description") for line in d["items"]), d  # required: said in the line's own kind
