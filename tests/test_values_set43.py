"""Values and wording the set-43 session fixed (air dangerous goods, ship bunkering, an irrigation
district; and the set-42 evidence room read again): a declared line's packing group on a Class 2
gas ("omit for Classes 2 and 7", a rule inside an array's objects); documents packed in a faraday
bag and narcotics in a firearm box; the same evidence barcode destroyed week after week in a
history; a packing instruction "saying Y847"; a unit "kg G" said "kg g"; timestamps read out in
TRAJECT queries."""

from __future__ import annotations

import random

from generator.core import lore
from generator.core.dependencies import Rule, rules
from generator.core.habitual import habitual, value_kind
from generator.core.surface import render
from generator.core.values import sample_arguments
from generator.records import Tool
from generator.traject.plans import literal_surface


def _tool(name: str, description: str, props: dict, required: list[str]) -> Tool:
    return lore.annotate([Tool(name=name, app="room", api=name, domain="set43", description=description,
                               parameters={"type": "object", "properties": props, "required": required})])[0]


LINE = {"type": "object", "properties": {
    "un_number": {"type": "string", "pattern": "^UN[0-9]{4}$", "description": "UN number, e.g. 'UN1266'."},
    "hazard_class": {"type": "string", "enum": ["2.1", "2.2", "3", "4.1", "6.2", "7", "8", "9"],
                     "description": "Hazard class or division."},
    "packing_group": {"type": "string", "enum": ["I", "II", "III"],
                      "description": "Packing group; omit for Classes 2 and 7 and Division 6.2."},
    "packing_instruction": {"type": "string", "pattern": "^Y?[0-9]{3}$",
                            "description": "Packing instruction: 3 digits, or 'Y' and 3 digits, e.g. '353', 'Y341'."},
    "quantity": {"type": "number", "minimum": 0.1, "maximum": 100, "description": "Net quantity per package."},
    "unit": {"type": "string", "enum": ["L", "kg", "kg G"], "description": "Unit of quantity: L, kg, or 'kg G' gross."}},
    "required": ["un_number", "hazard_class", "packing_instruction", "quantity", "unit"]}
DECLARE = _tool("create_dg_declaration", "Enter a declaration for an air waybill.", {
    "awb_number": {"type": "string", "pattern": "^[0-9]{3}-[0-9]{8}$", "description": "Air waybill, e.g. '176-12345675'."},
    "items": {"type": "array", "minItems": 1, "maxItems": 4, "items": LINE, "description": "Declared lines."}},
    ["awb_number", "items"])


def test_an_omit_for_rule_names_the_members_it_excludes_a_listed_class_covering_its_divisions() -> None:
    found = rules("", LINE["properties"])
    assert Rule("only", "packing_group", ("hazard_class",), ("3", "4.1", "8", "9")) in found


def test_an_objects_own_rules_hold_in_every_drawn_line() -> None:
    rng = random.Random(3)
    lines = [line for _ in range(60) for line in sample_arguments(DECLARE, rng, optional_rate=1.0)["items"]]
    grouped = [line for line in lines if "packing_group" in line]
    assert grouped, "no line drew a packing group"
    assert all(line["hazard_class"] not in ("2.1", "2.2", "6.2", "7") for line in grouped), grouped


def test_not_for_use_with_reads_no_rule() -> None:
    props = {"kind": {"type": "string", "enum": ["a", "b"]},
             "tip": {"type": "string", "description": "Not for use with sharp tools."}}
    assert not [r for r in rules("", props) if r.kind == "only"]


INTAKE = _tool("intake_evidence", "Book a new item. Digital devices go in a faraday_bag.", {
    "category": {"type": "string", "enum": ["firearm", "narcotics", "documents", "digital_device"],
                 "description": "Evidence category."},
    "packaging": {"type": "string", "enum": ["paper_bag", "envelope", "firearm_box", "faraday_bag"],
                  "description": "Outer packaging."},
    "valuation": {"type": "string", "enum": ["full_value_protection", "released_value"], "description": "Cover."},
    "service": {"type": "string", "enum": ["full", "partial"], "description": "Packing service."}},
    ["category", "packaging"])


def test_a_member_named_for_another_enums_member_is_that_ones_alone() -> None:
    found = rules(INTAKE.description, INTAKE.properties)
    assert Rule("pairs", "category", ("packaging",), ("firearm_box",), ("firearm",)) in found
    assert Rule("pairs", "category", ("packaging",), ("faraday_bag",), ("digital_device",)) in found  # "go in"
    assert not [r for r in found if r.subject == "service"]  # "full" leads "full_value_protection": no noun
    rng = random.Random(5)
    for _ in range(80):
        drawn = sample_arguments(INTAKE, rng)
        if drawn["packaging"] == "firearm_box":
            assert drawn["category"] == "firearm", drawn
        if drawn["packaging"] == "faraday_bag":
            assert drawn["category"] == "digital_device", drawn


def test_an_items_barcode_is_what_a_write_acts_on_not_a_habit() -> None:
    destroy = _tool("schedule_destruction", "Schedule items for destruction.", {
        "barcodes": {"type": "array", "items": {"type": "string"}, "description": "Item barcodes."},
        "method": {"type": "string", "enum": ["incineration", "smelting"]}}, ["barcodes", "method"])
    assert value_kind(destroy, "barcodes") == "acted_on"
    assert habitual(destroy, "method")


def test_a_code_of_free_text_is_said_by_its_name_never_as_a_message() -> None:
    said = render([{"un_number": "UN1266", "hazard_class": "3", "packing_instruction": "Y341", "quantity": 2,
                    "unit": "kg G"}], "items", DECLARE)
    assert "saying" not in said and "packing instruction Y341" in said, said
    assert "kg G" in said, said  # a unit with its qualifier as written, never "kg g"


def test_a_traject_query_says_a_timestamp_in_words_but_keeps_an_iso_date_verbatim() -> None:
    stamp = _tool("log_pickup", "Log a pickup.", {
        "picked_at": {"type": "string", "format": "date-time", "description": "When, ISO 8601 with offset."},
        "day": {"type": "string", "format": "date", "description": "Pickup day."}}, ["picked_at", "day"])
    assert literal_surface(stamp, "picked_at", "2025-06-02T14:15:00-06:00") is None
    assert literal_surface(stamp, "day", "2025-06-02") == "2025-06-02"


ORDER_CHANGE = _tool("change_water_order", "Change a pending or running order. Give at least one of flow_cfs, end_time "
                     "or extend_hours (not both end_time and extend_hours).", {
                         "order_id": {"type": "string", "pattern": "^WO-[0-9]{5}$", "description": "Water order id."},
                         "flow_cfs": {"type": "number", "minimum": 0.5, "maximum": 30, "description": "New flow in cfs."},
                         "end_time": {"type": "string", "format": "date-time", "description": "New shut-off time (ISO 8601)."},
                         "extend_hours": {"type": "integer", "minimum": 12, "maximum": 72, "multipleOf": 12,
                                          "description": "Extend the run by this many hours."}},
                     ["order_id"])


def test_not_both_x_and_y_is_at_most_one_never_both() -> None:
    found = rules(ORDER_CHANGE.description, ORDER_CHANGE.properties)
    assert not [r for r in found if r.kind == "together"], found  # "both end_time and extend_hours" is no pair
    assert Rule("ways", "end_time", ("extend_hours",), target=(("end_time",), ("extend_hours",))) in found
    rng = random.Random(2)
    for _ in range(60):
        drawn = sample_arguments(ORDER_CHANGE, rng, optional_rate=1.0)
        assert not {"end_time", "extend_hours"} <= set(drawn), drawn


ENQUIRY = _tool("create_bunker_enquiry", "Send an enquiry for one stem.", {
    "grade": {"type": "string", "enum": ["VLSFO", "HSFO", "MGO", "B24_VLSFO"],
              "description": "Fuel grade: VLSFO (max 0.50% sulphur), HSFO (max 3.50% sulphur, only for ships with a "
                             "scrubber), MGO (max 0.10% sulphur), B24_VLSFO (VLSFO blended with 24% FAME)."},
    "tolerance_pct": {"type": "integer", "enum": [0, 5, 10], "default": 5, "description": "Tolerance in percent."},
    "quantity_mt": {"type": "number", "minimum": 20, "maximum": 5000,
                    "description": "Quantity in metric tonnes (mt). MGO 20-500 mt, other grades 100-5000 mt."},
    "max_sulphur_pct": {"type": "number", "minimum": 0.05, "maximum": 3.5, "description": "Maximum sulphur in % m/m, "
                        "at or below the grade's limit: 3.50 HSFO, 0.50 VLSFO and B24_VLSFO, 0.10 MGO."}},
    ["grade", "quantity_mt"])


def test_a_numbers_band_per_member_before_its_range_or_after_its_cap() -> None:
    found = rules(ENQUIRY.description, ENQUIRY.properties)
    assert Rule("band_if", "quantity_mt", ("grade",), ("MGO",), (20.0, 500.0)) in found
    assert Rule("band_if", "quantity_mt", ("grade",), ("HSFO",), (100.0, 5000.0)) in found  # "other grades"
    assert Rule("band_if", "max_sulphur_pct", ("grade",), ("MGO",), (0.05, 0.1)) in found
    assert Rule("band_if", "max_sulphur_pct", ("grade",), ("B24_VLSFO",), (0.05, 0.5)) in found
    assert not [r for r in found if "tolerance_pct" in (r.subject, *r.others)], found  # "10" is not in "0.10%"
    rng = random.Random(4)
    for _ in range(60):
        d = sample_arguments(ENQUIRY, rng, optional_rate=1.0)
        assert (20 <= d["quantity_mt"] <= 500) if d["grade"] == "MGO" else (100 <= d["quantity_mt"] <= 5000), d
        cap = {"HSFO": 3.5, "VLSFO": 0.5, "B24_VLSFO": 0.5, "MGO": 0.1}[d["grade"]]
        assert d.get("max_sulphur_pct", 0) <= cap, d


def test_a_water_year_is_near_today_a_model_year_need_not_be() -> None:
    transfer = _tool("request_water_transfer", "Request a transfer.", {
        "water_year": {"type": "integer", "minimum": 2000, "maximum": 2030, "description": "Water year, e.g. 2024."}},
        ["water_year"])
    rng = random.Random(6)
    years = [sample_arguments(transfer, rng)["water_year"] for _ in range(40)]
    assert sum(2023 <= y <= 2026 for y in years) >= 36, years  # the reference time is June 2025


def test_a_change_says_what_it_changes() -> None:
    from generator.phrasebook.terms import _reason_clause, say, term

    spec = ORDER_CHANGE.properties
    assert say(term("extend_hours", spec["extend_hours"]), "number", "36") == "extending it by 36 hours"
    assert say(term("extend_hours", spec["extend_hours"]), "number", "36", "extend the order") == "by 36 hours"
    shut = say(term("end_time", spec["end_time"]), "datetime", "June 2 at 6 pm", "change the order")
    assert shut == "with a new shut-off time of June 2 at 6 pm", shut  # never "to June 2", which moves the order
    assert _reason_clause("crop need") == ""  # never "because the crop was need"
    assert _reason_clause("order cancelled") == "because the order was cancelled"


def test_units_and_names_read_as_the_trade_writes_them() -> None:
    from generator.phrasebook.terms import say, term

    volume = term("acre_feet", {"type": "number", "description": "Volume to transfer in acre-feet."})
    assert say(volume, "number", "46.3") == "with a volume of 46.3 acre-feet"  # never "an acre of 46.3 feet"
    assert volume.noun == "volume"  # TRAIL's "my usual volume", never "my usual acre"
    tonnes = term("quantity_mt", {"type": "number", "description": "Quantity in metric tonnes (mt)."})
    assert say(tonnes, "number", "129") == "with a quantity of 129 mt"  # never "a quantity mt of 129"
    carrier = term("carrier", {"type": "string", "description": "Operator's 2-character IATA airline designator, e.g. 'LH'."})
    assert carrier.noun == "carrier", carrier
    from generator.core.surface import _name_words

    assert _name_words("east_asia") == "east Asia"  # an enum member's words
    assert _name_words("quality_off_spec") == "quality off spec"


ORDER = _tool("place_water_order", "Order water. Give either duration_hours or end_time; end_time must be after "
              "start_time.", {
                  "start_time": {"type": "string", "format": "date-time", "description": "When water should reach the "
                                 "turnout (ISO 8601 with offset, e.g. '2024-07-09T06:00:00-07:00'). Deliveries start at "
                                 "06:00 or 18:00 (ditch rider change times)."},
                  "duration_hours": {"type": "integer", "minimum": 12, "maximum": 168, "multipleOf": 12,
                                     "description": "Length of the run in hours."},
                  "end_time": {"type": "string", "format": "date-time",
                               "description": "When the gate closes, after start_time and at most 168 hours later."}},
              ["start_time"])


def test_a_bound_in_hours_is_no_parameter_and_a_moment_is_never_below_a_number() -> None:
    found = rules(ORDER.description, ORDER.properties)
    assert not [r for r in found if r.kind == "below"], found  # "at most 168 hours later" names no duration_hours
    props = {"run_minutes": {"type": "integer", "minimum": 1, "maximum": 600, "description": "Run length, minutes."},
             "cooldown": {"type": "integer", "minimum": 0, "maximum": 60, "description": "Cooldown; at most 30 minutes."}}
    assert not [r for r in rules("Start a run.", props) if r.kind == "below"]  # a number's bound, no run_minutes


def test_a_moment_starts_at_a_clock_time_its_text_lists() -> None:
    rng = random.Random(8)
    starts = [sample_arguments(ORDER, rng)["start_time"] for _ in range(30)]
    assert all(s[11:16] in ("06:00", "18:00") for s in starts), starts


def test_a_give_list_names_parameters_by_their_first_word() -> None:
    reading = _tool("record_meter_reading", "Record a meter reading. Give the totalizer reading, or an instantaneous "
                    "flow, or both.", {
                        "turnout_id": {"type": "string", "description": "Turnout id."},
                        "totalizer_af": {"type": "number", "minimum": 0, "maximum": 9999, "description": "Totalizer, af."},
                        "instantaneous_cfs": {"type": "number", "minimum": 0, "maximum": 60, "description": "Flow, cfs."}},
                    ["turnout_id"])
    found = rules(reading.description, reading.properties)
    assert Rule("any_of", "totalizer_af", ("instantaneous_cfs",)) in found, found
    rng = random.Random(9)
    for _ in range(40):
        drawn = sample_arguments(reading, rng, optional_rate=0.0)
        assert {"totalizer_af", "instantaneous_cfs"} & set(drawn), drawn


def test_a_flag_described_by_a_statement_is_no_order() -> None:
    from generator.phrasebook.fragments import bool_words
    from generator.phrasebook.terms import _act

    assert _act("Work needs the canal or lateral dewatered.") == ""  # never "working needs the canal"
    assert _act("Return logs of the run.") == "return logs of the run"
    assert bool_words("inside_eca") == ("inside ECA", "not inside ECA")  # never "with inside ECA set to yes"


def test_a_reason_says_the_state_a_thing_is_in() -> None:
    from generator.phrasebook.terms import _reason_clause

    assert _reason_clause("packaging not UN spec") == "because the packaging is not UN spec"
    assert _reason_clause("forbidden on aircraft") == "because it is forbidden on aircraft"
    assert _reason_clause("damaged or leaking") == "because it is damaged or leaking"
    assert _reason_clause("quantity exceeds limit") == "because the quantity exceeds the limit"
    assert _reason_clause("missing label") == "because of a missing label"
    assert _reason_clause("label missing") == "because the label is missing"
    assert _reason_clause("field not finished") == "because the field is not finished"


def test_a_destination_code_is_where_it_goes_and_an_id_is_its_holders() -> None:
    from generator.phrasebook.terms import say, term

    airport = {"type": "string", "pattern": "^[A-Z]{3}$", "description": "IATA 3-letter airport code, e.g. 'FRA'."}
    assert say(term("destination", airport), "text", "ORD", "search consignments") == "to ORD"  # never "in ORD"
    staff = term("inspector_id", {"type": "string", "pattern": "^E[0-9]{5}$", "description": "Employee number of the "
                                  "trained acceptance staff running the check, e.g. 'E20417'."})
    assert staff.noun == "inspector", staff  # never "for trained acceptance staff E20417"


def test_the_llm_writers_replies_are_refused_for_no_unit_and_no_phrase_they_were_told_to_use() -> None:
    from generator.core.plan import history_noun
    from generator.core.textquality import identifier

    assert identifier("a viscosity of 93 cSt at 50 C") == []  # a unit, no identifier (the played LLM, set 43)
    assert identifier("set max_rate to 5") != []
    quotes = _tool("list_quotes", "List the offers received for an enquiry.", {
        "enquiry_id": {"type": "string", "description": "Enquiry id."},
        "sort_by": {"type": "string", "enum": ["price", "validity"], "description": "Order of the offers: price first."}},
        ["enquiry_id"])
    assert history_noun("sort_by", quotes) == "sort order"  # never "the order I always use" among bunker orders


def test_a_window_said_ahead_of_today_opens_that_far_ahead() -> None:
    from generator.core.dependencies import Lead, leads

    enquiry = _tool("create_bunker_enquiry", "Send an enquiry. The delivery window must be at least 3 days after "
                    "today for ex-barge, window_end must be after window_start.", {
                        "window_start": {"type": "string", "format": "date", "description": "First day of the window."},
                        "window_end": {"type": "string", "format": "date", "description": "Last day of the window."}},
                    ["window_start", "window_end"])
    assert leads(enquiry.description, enquiry.properties) == [Lead("window_start", 72.0)]
    rng = random.Random(10)
    assert all(sample_arguments(enquiry, rng)["window_start"] >= "2025-06-05" for _ in range(20))


def test_a_give_list_with_an_optional_range_pairs_and_a_name_by_its_last_word() -> None:
    orders = {"account_number": {"type": "string"}, "turnout_id": {"type": "string"}, "lateral": {"type": "string"},
              "date_from": {"type": "string", "format": "date"}}
    found = rules("Search water orders. Give an account number, a turnout or a lateral, with an optional date range.", orders)
    assert Rule("any_of", "account_number", ("turnout_id", "lateral")) in found, found
    turnouts = {"turnout_id": {"type": "string"}, "canal": {"type": "string"}, "lateral": {"type": "string"},
                "apn": {"type": "string"}}
    found = rules("Find turnouts. Give a turnout id, a canal and lateral, or a parcel APN.", turnouts)
    assert Rule("any_of", "turnout_id", ("canal", "apn")) in found and Rule("together", "canal", ("lateral",)) in found


def test_a_letter_of_an_enum_member_is_said_as_one() -> None:
    from generator.core.surface import _name_words

    assert _name_words("type_b_m") == "type B M"  # never "type b m"
    assert _name_words("plan_a") == "plan A"


def test_a_room_named_room_and_a_negated_flag_read_once() -> None:
    from generator.phrasebook.fragments import bool_words
    from generator.phrasebook.terms import say, term

    room = term("room", {"type": "string", "enum": ["RTE-SLICING", "SPICE-ROOM"], "description": "Room of the swab site."})
    assert say(room, "enum", "SPICE-ROOM", "record a swab") == "with SPICE-ROOM"  # never "the SPICE-ROOM room" (set 44)
    assert bool_words("issues_found", "Whether any item was not acceptable.") == \
        ("with any item not acceptable", "with every item acceptable")  # never "not not acceptable"
