"""Value classes found by reading the set-15 catalogs (a craft brewery, a horse boarding stable,
an HVAC contractor), written and played as a new user would, each pinned on a small tool."""

from __future__ import annotations

import random
import re

from generator.core import allowed, lore, semantic
from generator.core.values import REFERENCE_TIME, number_range, sample_arguments
from generator.records import Tool


def tool(name: str, description: str, properties: dict, required: list[str] | None = None) -> Tool:
    return Tool(name=name, app="x", api=name, domain="x", description=description,
                parameters={"type": "object", "properties": properties, "required": required or list(properties)})


def draws(tools: list[Tool], name: str, n: int = 12, seed: int = 1) -> list[dict]:
    rng = random.Random(seed)
    annotated = {t.name: t for t in lore.annotate(tools)}[name]
    return [sample_arguments(annotated, rng, optional_rate=1.0) for _ in range(n)]


def test_a_series_the_description_writes_bounds_the_id_and_its_entitys_other_ids() -> None:
    """"Fermenter id, FV-01 to FV-12": FV-74 is no fermenter of this brewery, here or in a tool
    whose own description only shows "e.g. FV-07"."""
    assign = tool("assign_fermenter", "Knock out a batch into a fermenter.",
                  {"vessel_id": {"type": "string", "description": "Fermenter id, FV-01 to FV-12."}})
    temp = tool("set_temperature", "Change a fermenter's setpoint.",
                {"vessel_id": {"type": "string", "description": "Fermenter id, e.g. FV-07."}})
    ours = {f"FV-{i:02d}" for i in range(1, 13)}
    assert {a["vessel_id"] for a in draws([assign, temp], "assign_fermenter")} <= ours
    assert {a["vessel_id"] for a in draws([assign, temp], "set_temperature")} <= ours


def test_two_series_in_one_description_are_both_the_ids() -> None:
    t = tool("set_turnout", "Set a horse's turnout.",
             {"paddock_id": {"type": "string", "description": "Paddock: P-01 to P-12 (small dry lots), F-1 to F-4 "
                                                             "(grass fields)."}})
    said = {a["paddock_id"] for a in draws([t], "set_turnout", 30)}
    assert said <= {f"P-{i:02d}" for i in range(1, 13)} | {f"F-{i}" for i in range(1, 5)}
    assert any(s.startswith("F-") for s in said) and any(s.startswith("P-") for s in said)


def test_an_id_written_as_a_template_keeps_its_prefix_and_width() -> None:
    """"Equipment id, EQ-<NNNNNN>": never "EQU-34078"."""
    t = tool("get_equipment", "Get one unit.", {"equipment_id": {"type": "string", "description": "EQ-<NNNNNN>."},
                                                "technician_id": {"type": "string", "description": "Tech id, T-<NNN>."}})
    for a in draws([t], "get_equipment"):
        assert re.fullmatch(r"EQ-\d{6}", a["equipment_id"]) and re.fullmatch(r"T-\d{3}", a["technician_id"])
    assert lore.template_pattern("Batch id, format B<YY>-<NNNN>.") == r"^B[0-9]{2}\-[0-9]{4}$"
    assert lore.template_pattern("a <string> value") is None


def test_a_measure_whose_limits_leave_no_room_in_the_bounds_is_not_that_measure() -> None:
    """A brewer's gravity in degrees Plato, "typically 10-20": no specific gravity of 1.05, and
    the range is never upside down (it was 10 to 1.2)."""
    schema = {"type": "number", "minimum": 0, "maximum": 30,
              "description": "Gravity in degrees Plato. Wort is typically 10-20 °P at knockout."}
    lo, hi, decimals = number_range("gravity_plato", schema, REFERENCE_TIME)
    assert 10 <= lo < hi <= 20 and decimals == 1
    lo, hi, _ = number_range("final_gravity", {"type": "number", "minimum": 5, "maximum": 25}, REFERENCE_TIME)
    assert lo < hi


def test_alcohol_by_volume_is_a_beers_strength_and_a_ph_reads_to_a_decimal() -> None:
    t = tool("search_recipes", "Search recipes.",
             {"min_abv": {"type": "number", "description": "Minimum target ABV in percent.", "minimum": 0, "maximum": 15},
              "ph": {"type": "number", "description": "pH of the sample.", "minimum": 3, "maximum": 6}})
    said = draws([t], "search_recipes", 20)
    assert all(3.5 <= a["min_abv"] <= 10 for a in said)
    assert any(a["ph"] != int(a["ph"]) for a in said)


def test_a_band_of_the_tools_prose_in_the_parameters_unit_bounds_it() -> None:
    """"Ales ferment at 64-70 °F" beside "Target temperature in °F": never 80 °F."""
    t = tool("set_fermentation_temperature", "Change the glycol setpoint. Ales ferment at 64-70 °F.",
             {"setpoint_f": {"type": "number", "description": "Target temperature in °F.", "minimum": 28, "maximum": 80}})
    assert all(64 <= a["setpoint_f"] <= 70 for a in draws([t], "set_fermentation_temperature"))


def test_the_one_text_of_a_tool_takes_the_items_its_prose_lists() -> None:
    """"Add an extra charge (blanketing, holding for farrier/vet, extra grain, shavings)": no
    "Send the invoice" at $424.99; "Typical extras run $10-$75" bounds the amount."""
    t = tool("post_charge", "Add an extra charge to an owner's monthly bill (blanketing, holding for farrier/vet, "
             "extra grain, shavings).",
             {"item": {"type": "string", "description": "What the charge is for, as it should appear on the invoice."},
              "amount_usd": {"type": "number", "description": "Amount in US dollars. Typical extras run $10-$75.",
                             "minimum": 0}})
    for a in draws([t], "post_charge"):
        assert a["item"] in ("blanketing", "holding for farrier/vet", "extra grain", "shavings")
        assert 10 <= a["amount_usd"] <= 75


def test_codes_after_a_label_are_its_allowed_values() -> None:
    assert allowed.read("Dispatch zone, N, S, E, W or DT (downtown).").allowed == ("N", "S", "E", "W", "DT")
    assert allowed.read("Zone, N, S, E, W or DT.").allowed == ("N", "S", "E", "W", "DT")
    assert allowed.read("Owner name, e.g. Smith.").allowed == ()


def test_a_description_that_is_a_number_makes_an_id_not_a_person() -> None:
    schema = {"type": "string", "description": "Technician's EPA 608 certification number."}
    assert semantic.infer("tech_epa_cert", schema) == "id"


def test_rarely_more_than_is_a_ceiling() -> None:
    assert allowed.read("Pounds. A residential top-off is rarely more than 3 lb.").high == 3.0


def test_quarter_hours_are_the_step_of_a_number() -> None:
    t = tool("close_work_order", "Close a work order.",
             {"labor_hours": {"type": "number", "description": "Billable hours, in quarter hours.",
                              "minimum": 0.25, "maximum": 16}})
    assert all((a["labor_hours"] * 4) == int(a["labor_hours"] * 4) for a in draws([t], "close_work_order"))


def test_air_at_a_temperature_in_fahrenheit_is_a_temperature() -> None:
    """`supply_air_f` inside a readings object with no description of its own: never 5 °F."""
    t = tool("record_readings", "Record readings.",
             {"readings": {"type": "object", "properties": {"supply_air_f": {"type": "number"},
                                                            "return_air_f": {"type": "number"}},
                           "required": ["supply_air_f", "return_air_f"]}})
    for a in draws([t], "record_readings"):
        assert all(35 <= v <= 90 for v in a["readings"].values())


def test_a_clock_time_falls_in_the_hours_the_tools_prose_gives() -> None:
    """"the indoor arena is open 7:00-20:00": no lesson at 10:45 pm."""
    t = tool("book_lesson", "Book a riding lesson. Lessons are 30, 45 or 60 minutes; the indoor arena is open "
             "7:00-20:00.",
             {"lesson_date": {"type": "string", "description": "YYYY-MM-DD."},
              "start_time": {"type": "string", "description": "24-hour local time HH:MM, e.g. 16:30."}})
    [annotated] = lore.annotate([t])
    rng = random.Random(1)
    evening = REFERENCE_TIME.replace(hour=20, minute=30)  # a TRAIL event in the evening: no lesson at 22:45
    for _ in range(20):
        a = sample_arguments(annotated, rng, optional_rate=1.0, ref=evening)
        hour, minute = map(int, a["start_time"].split(":"))
        assert 7 * 60 <= hour * 60 + minute <= 20 * 60, a


def test_a_band_named_by_the_words_after_it_bounds_the_parameters_they_name() -> None:
    """"Most horses get 1-4 qt of grain per feeding and 6-12 flakes a day": never 2 flakes."""
    from generator.core import quantities

    prose = "Most horses get 1-4 qt of grain per feeding and 6-12 flakes a day."
    props = {"grain_quarts_am": {"type": "number"}, "grain_quarts_pm": {"type": "number"},
             "hay_flakes_per_day": {"type": "integer", "minimum": 0, "maximum": 20}}
    assert quantities.bands(prose, props) == {"grain_quarts_am": (1.0, 4.0), "grain_quarts_pm": (1.0, 4.0),
                                              "hay_flakes_per_day": (6.0, 12.0)}


def test_a_phone_number_has_an_area_code_in_service() -> None:
    """"911-699-7925", area code 235 (reader, set 15): Faker draws any three digits."""
    from generator.core.semantic import _AREA_CODES, _dialable, _phone

    assert _dialable("+1-911-699-7925").startswith("+1-") and _dialable("+1-911-699-7925")[3:6] in _AREA_CODES
    assert _dialable("(235)099-1234")[1:4] in _AREA_CODES and _dialable("(235)099-1234")[5] not in "01"
    assert _dialable("001-235-099-1234")[:3] in _AREA_CODES  # the international prefix of a US number (round 3)
    for i in range(30):
        digits = re.sub(r"\D", "", _phone(random.Random(i), "phone"))
        national = digits[-10:]
        assert national[:3] in _AREA_CODES and national[3] not in "01"


def test_the_name_of_who_did_it_is_a_persons_name() -> None:
    """"Name of who ran the cycle": "Suzanne Silva", never "Silva The Cycle"."""
    schema = {"type": "string", "description": "Name of who ran the cycle."}
    name = semantic.string_value(semantic.infer("operator", schema), random.Random(1), "operator", schema)
    assert "cycle" not in name.lower() and len(name.split()) == 2


def test_a_size_in_dimensions_is_made_of_the_dimensions_the_catalog_shows() -> None:
    """A 69x25x5 air filter (reader, set 15): each dimension is one the examples show."""
    t = tool("order_filters", "Ship air filters. Size is nominal W x H x D in inches (e.g. 16x25x1, 20x25x4).",
             {"customer_id": {"type": "string", "description": "Customer id, C-<NNNNN> (e.g. C-10482)."},
              "filter_size": {"type": "string", "description": "Nominal size, e.g. 16x25x1.",
                              "pattern": "^[0-9]{2}x[0-9]{2}x[1-5]$"}})
    said = draws([t], "order_filters", 30)
    assert {a["filter_size"] for a in said} <= {"16x25x1", "16x25x4", "20x25x1", "20x25x4"}
    assert len({a["filter_size"] for a in said}) > 2
    assert all(re.fullmatch(r"C-\d{5}", a["customer_id"]) for a in said)  # round 3: "customer 16x25x4"


def test_numbers_the_description_writes_in_the_names_unit_set_the_scale() -> None:
    """"Smallest vessel capacity to include, in bbl. Our FVs are 15 or 30 bbl.": never 250 bbl."""
    t = tool("list_fermenters", "List fermentation vessels.",
             {"min_capacity_bbl": {"type": "integer", "description": "Smallest vessel capacity to include, in bbl. "
                                                                    "Our FVs are 15 or 30 bbl."}})
    assert all(15 <= a["min_capacity_bbl"] <= 30 for a in draws([t], "list_fermenters"))


def test_a_season_a_value_names_holds_the_calls_day() -> None:
    """"schedule a fall heating tune-up ... for June 3, 2025" (readers, set 15)."""
    t = tool("schedule_maintenance_visit", "Schedule a planned maintenance visit.",
             {"visit_type": {"type": "string", "enum": ["spring_cooling", "fall_heating"]},
              "visit_date": {"type": "string", "format": "date"}})
    for a in draws([t], "schedule_maintenance_visit", 20):
        month = int(a["visit_date"][5:7])
        assert month in ((3, 4, 5) if a["visit_type"] == "spring_cooling" else (9, 10, 11)), a
        assert a["visit_date"] >= REFERENCE_TIME.strftime("%Y-%m-%d")
