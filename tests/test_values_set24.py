"""Values the prose of a tool decides (set 23's third reading and set 24's catalogs, read by hand):
lead times in business days per kind of call, the numbers a description lists as the only ones,
values of one enum that fit values of another, the day of the act a tool performs, forms given per
value of an enum, numbers inside labelled ranges, ids shaped like a sibling's, and a description
that opens with its unit."""

from __future__ import annotations

import random
from datetime import datetime
from typing import Any

import pytest

from generator.core import dependencies, lore, value_sense, values
from generator.phrasebook.terms import term
from generator.records import Tool

REF = datetime(2025, 6, 2, 9, 0)  # a Monday


def _tool(name: str, description: str, props: dict[str, Any], required: list[str] | None = None) -> Tool:
    return Tool(name=name, app="shop", api=name, domain="trade", description=description,
                parameters={"type": "object", "properties": props, "required": required or list(props)})


def _draws(tool: Tool, n: int = 30, seed: int = 3) -> list[dict[str, Any]]:
    tool = lore.annotate([tool])[0]
    rng = random.Random(seed)
    return [values.sample_arguments(tool, rng, optional_rate=1.0, ref=REF) for _ in range(n)]


HOOKUP = _tool(
    "request_hookup",
    "Ask for a new water hookup. Meter sizes are 0.625, 0.75, 1, 1.5 or 2 inches for homes. Pressure class must "
    "fit the main: ductile mains are 350 or 250; pvc mains are 150. The requested install date is at least 5 "
    "business days out for taps and 15 for bores.",
    {"main_material": {"type": "string", "enum": ["ductile", "pvc"]},
     "pressure_class": {"type": "string", "enum": ["150", "250", "350"]},
     "crossing": {"type": "string", "enum": ["tap", "bore"]},
     "meter_size_in": {"type": "number", "description": "Meter size, inches."},
     "requested_install_date": {"type": "string", "description": "Date wanted, YYYY-MM-DD."}})


def test_a_lead_time_in_business_days_per_kind_of_call() -> None:
    lead = dependencies.leads(HOOKUP.description, HOOKUP.properties)
    assert [(x.name, x.business) for x in lead] == [("requested_install_date", True)]
    for args in _draws(HOOKUP):
        day = datetime.strptime(args["requested_install_date"], "%Y-%m-%d")
        least = 15 if args["crossing"] == "bore" else 5  # business days from Monday June 2
        assert (day - REF).days + 1 >= least + 2 * (least // 5) - 1, args
        assert args["crossing"] == "bore" or (day - REF).days <= 14, args  # a tap is not held to a bore's lead
        assert day.weekday() < 5 or "T" in args["requested_install_date"], args


def test_a_start_said_at_least_some_business_days_out_moves_its_end_along() -> None:
    tool = _tool("plan_outage", "Plan an outage; customers need notice, so start_time is at least 3 business days out. "
                 "end_time must be after start_time.",
                 {"start_time": {"type": "string", "description": "Start, ISO 8601 local time."},
                  "end_time": {"type": "string", "description": "End, ISO 8601 local time."}})
    for args in _draws(tool, 15):
        start = datetime.fromisoformat(args["start_time"])
        assert (start.date() - REF.date()).days >= 3 and start.weekday() < 5, args
        assert datetime.fromisoformat(args["end_time"]) > start, args


def test_numbers_a_description_lists_are_the_only_ones() -> None:
    tool = _tool("log_mast", "Record a mast inspection.",
                 {"mast_height_ft": {"type": "integer", "description": "Mast length as stamped, feet (20, 25, 30 or 40)."}})
    assert {a["mast_height_ft"] for a in _draws(tool)} <= {20, 25, 30, 40}
    assert lore.number_set("e.g. 5, 10 or 20 bags") == []  # examples are no closed list


def test_numbers_the_tool_lists_for_a_parameters_thing() -> None:
    assert {a["meter_size_in"] for a in _draws(HOOKUP)} <= {0.625, 0.75, 1, 1.5, 2}


def test_values_of_one_enum_that_fit_values_of_another() -> None:
    rules = dependencies.rules(HOOKUP.description, HOOKUP.properties)
    assert any(r.kind == "pairs" and r.subject == "pressure_class" for r in rules)
    for args in _draws(HOOKUP):
        allowed = {"ductile": {"350", "250"}, "pvc": {"150"}}[args["main_material"]]
        assert args["pressure_class"] in allowed, args


def test_the_day_of_the_act_a_tool_performs_is_no_later_than_the_query() -> None:
    tool = _tool("ship_sample", "Ship a sample to the lab.",
                 {"sample_id": {"type": "string", "description": "Sample id, e.g. 'S-10422'."},
                  "shipped_on": {"type": "string", "format": "date", "description": "Date shipped."},
                  "due_on": {"type": "string", "format": "date", "description": "Date the result is due."}})
    assert values._act_moments(tool) == {"shipped_on"}
    assert all(a["shipped_on"] <= "2025-06-02" for a in _draws(tool))
    planned = _tool("schedule_pickup", "Schedule a pickup.",
                    {"scheduled_date": {"type": "string", "format": "date", "description": "Pickup day."}})
    assert values._act_moments(planned) == set()


def test_forms_given_per_value_of_an_enum() -> None:
    tool = _tool("log_shot", "Log a shot. Scores follow the target: ring scores (e.g. '10.4', '9.8') for air rifle, "
                 "whole points (e.g. '10', '9') for pistol and rimfire, and hit or miss (e.g. 'hit', 'miss') for "
                 "trap.",
                 {"discipline": {"type": "string", "enum": ["air rifle", "pistol", "rimfire", "trap"]},
                  "score": {"type": "string", "description": "Score of the shot, in the form the target uses."}})
    forms = {"air rifle": {"10.4", "9.8"}, "pistol": {"10", "9"}, "rimfire": {"10", "9"}, "trap": {"hit", "miss"}}
    for args in _draws(tool):
        assert args["score"] in forms[args["discipline"]], args


def test_a_number_inside_one_of_the_labelled_ranges_a_sentence_lists() -> None:
    tool = _tool("log_reading", "Log a channel reading. The frequency must be inside one of the channels (MHz): "
                 "A 151.8-152.0, B 154.5-154.6, C 462.5-462.7, D 467.5-467.7.",
                 {"frequency_mhz": {"type": "number", "minimum": 100, "maximum": 500, "description": "Frequency."},
                  "note": {"type": "string", "description": "Free note."}})
    bands = [(151.8, 152.0), (154.5, 154.6), (462.5, 462.7), (467.5, 467.7)]
    for args in _draws(tool):
        assert any(a <= args["frequency_mhz"] <= b for a, b in bands), args


def test_an_id_with_nothing_said_takes_the_shape_its_head_noun_has_elsewhere() -> None:
    own = _tool("get_profile", "Station profile.", {"station_callsign": {
        "type": "string", "description": "Own callsign, e.g. 'K1ABC' or 'VE3KP'."}})
    worked = _tool("log_contact", "Log a contact.", {"worked_callsign": {
        "type": "string", "description": "Callsign worked, upper case (may carry '/P' or a prefix such as 'KH6/')."}})
    said = lore.annotate([own, worked])[1].said
    assert said.get("worked_callsign", {}).get("examples") == ["K1ABC", "VE3KP"]


def test_a_description_that_opens_with_its_unit_is_no_noun() -> None:
    spec = {"type": "integer", "description": "Metres east of the grid origin of the trench's corner."}
    assert term("easting_m", spec).noun == ""
    assert term("easting_m", spec).plain == "easting"
    assert term("hours_of_closure", {"type": "integer", "description": "Hours of single-lane closure."}).noun


def test_a_band_of_a_number_that_says_an_enums_value() -> None:
    tool = _tool("log_beam_check", "Record a beam check. A beam with remaining section below 70% of a new beam's must "
                 "be marked 'condemn'; 70% to 85% may be 'sister'. Beams graded 90 and above are A1.",
                 {"remaining_section_percent": {"type": "number", "description": "Remaining section, percent."},
                  "result": {"type": "string", "enum": ["ok", "sister", "condemn"]},
                  "beam_grade": {"type": "integer", "minimum": 1, "maximum": 99, "description": "Grade."},
                  "grade_class": {"type": "string", "enum": ["A1", "B2", "C3"]}})
    for args in _draws(tool, 40):
        if args["remaining_section_percent"] < 70:
            assert args["result"] == "condemn", args
        if args["result"] == "sister":
            assert 70 <= args["remaining_section_percent"] <= 85, args
        if args["grade_class"] == "A1":
            assert args["beam_grade"] >= 90 and isinstance(args["beam_grade"], int), args


def test_a_leading_code_of_an_id_example_is_kept() -> None:
    rng = random.Random(2)
    for _ in range(20):
        site = values._reshaped("44FX1234", rng)
        assert site.startswith("44FX") and site != "44FX" and len(site) == 8, site


def test_a_moment_named_by_an_act_done_is_no_later_than_the_query() -> None:
    tool = _tool("catalog_find", "Catalog a find.",
                 {"find_id": {"type": "string", "description": "Find id, e.g. 'F-2291'."},
                  "excavated_on": {"type": "string", "format": "date", "description": "Day the find came out."},
                  "received_after": {"type": "string", "format": "date", "description": "Only finds received after."}})
    assert values._act_moments(tool) == {"excavated_on"}
    assert all(a["excavated_on"] <= "2025-06-02" for a in _draws(tool))


def test_a_child_id_carries_its_parents_of_the_same_call() -> None:
    tool = _tool("bag_finds", "Bag finds from one level.",
                 {"trench_id": {"type": "string", "description": "Trench, e.g. '12KT8041'.", "pattern": "^[0-9]{2}KT[0-9]{4}$"},
                  "layer_id": {"type": "string", "description": "Layer, e.g. '12KT8041-L12'.",
                               "pattern": "^[0-9]{2}KT[0-9]{4}-L[0-9]{2}$"}})
    draws = _draws(tool, 20)
    assert len({a["trench_id"] for a in draws}) > 3
    for args in draws:
        assert args["layer_id"].startswith(args["trench_id"] + "-"), args
    assert value_sense.nested_by_examples(tool.properties, {"trench_id": "12KT9001", "layer_id": "12KT3008-L02"},
                                           frozenset({"layer_id"})) == {"trench_id": "12KT3008", "layer_id": "12KT3008-L02"}


def test_a_top_said_above_and_smaller_than_the_bottom() -> None:
    tool = _tool("log_layer", "Log a layer. Depths grow downward: the top must be above (smaller than) the bottom.",
                 {"top_depth_cm": {"type": "number", "minimum": 0, "maximum": 300, "description": "Top, cm below datum."},
                  "bottom_depth_cm": {"type": "number", "minimum": 0, "maximum": 300, "description": "Bottom, cm below datum."}})
    assert [(r.kind, r.subject) for r in dependencies.rules(tool.description, tool.properties)] == [("below", "top_depth_cm")]
    assert all(a["top_depth_cm"] <= a["bottom_depth_cm"] for a in _draws(tool))


def test_a_description_that_says_the_names_thing_at_length_gives_way_to_the_name() -> None:
    assert term("state", {"type": "string", "description": "US state postal abbreviation, e.g. 'MD'."}).noun == "state"
    bottom = term("bottom_depth_cmbd", {"type": "number", "description": "Depth of the layer's bottom in cm below datum."})
    assert (bottom.noun, bottom.unit, bottom.plain) == ("bottom depth", "cm", "bottom depth")
    # a name word the lexicon does not know says less than the description
    assert term("lab", {"type": "string", "description": "Radiocarbon lab code prefix, e.g. 'Beta'."}).noun


def test_an_object_fills_the_fields_of_one_kind_of_use() -> None:
    tool = _tool("log_bout", "Log a bout.", {"score": {
        "type": "object", "description": "Scoring fields copied. Fill only the ones the rules use: Olympic uses "
        "touches; Classic uses rounds_won and points; Club uses club_points.",
        "properties": {"touches": {"type": "integer", "minimum": 0, "maximum": 15},
                       "rounds_won": {"type": "integer", "minimum": 0, "maximum": 3},
                       "points": {"type": "integer", "minimum": 0, "maximum": 30},
                       "club_points": {"type": "integer", "minimum": 0, "maximum": 9}}}})
    groups = [{"touches"}, {"rounds_won", "points"}, {"club_points"}]
    seen = set()
    for args in _draws(tool, 40):
        fields = set(args["score"])
        assert sum(bool(fields & g) for g in groups) <= 1, args
        seen |= fields
    assert seen == set().union(*groups)


def test_a_declared_value_is_an_items_not_an_estates() -> None:
    spec = {"type": "number", "description": "Declared fair market value in US dollars.", "minimum": 1}
    rng = random.Random(1)
    assert all(50 <= values.value_for(spec, rng, name="declared_value_usd") <= 5000 for _ in range(30))
    insured = {"type": "number", "description": "Insured value of the collection in US dollars.", "minimum": 1}
    assert max(values.value_for(insured, rng, name="insured_value_usd") for _ in range(30)) > 5000


def test_reasons_a_description_allows_after_a_cue_and_a_colon() -> None:
    from generator.core import allowed

    said = allowed.read("Required when status is held. Allowed reasons are: payment due, count mismatch, value over "
                        "tier limit, customer request.")
    assert said.allowed == ("payment due", "count mismatch", "value over tier limit", "customer request")


def test_above_and_below_said_of_depths_and_of_heights() -> None:
    pit = _tool("log_pit", "Log a pit. The pit's top must be above its base (smaller depth).",
                {"top_depth_cm": {"type": "number", "minimum": 0, "maximum": 300, "description": "Depth of the top."},
                 "base_depth_cm": {"type": "number", "minimum": 0, "maximum": 300, "description": "Depth of the base."}})
    assert all(a["top_depth_cm"] <= a["base_depth_cm"] for a in _draws(pit))
    wall = _tool("log_wall", "Log a wall. The wall's crest must be above its footing.",
                 {"crest_elevation_m": {"type": "number", "minimum": 0, "maximum": 90, "description": "Crest elevation."},
                  "footing_elevation_m": {"type": "number", "minimum": 0, "maximum": 90, "description": "Footing."}})
    assert [(r.subject, r.others) for r in dependencies._above_below(wall.description, wall.properties)] == \
        [("footing_elevation_m", ("crest_elevation_m",))]


@pytest.mark.parametrize(("props", "said"), [
    ({"top_depth_cmbd": "Depth in cm below datum at which the pit was first seen.",  # by their names
      "base_depth_cmbd": "Depth in cm below datum of the pit's base, if dug."}, ("top depth", "base depth")),
    ({"rst_sent": "Signal report sent, in the form the mode uses (see above).",  # by their first phrase
      "rst_received": "Signal report received, in the form the mode uses."},
     ("signal report sent", "signal report received")),
])
def test_two_parameters_of_one_noun_are_told_apart(props: dict[str, str], said: tuple[str, str]) -> None:
    from generator.phrasebook.derive import derive_hints

    tool = _tool("log_it", "Log it.", {p: {"type": "number", "description": d} for p, d in props.items()})
    nouns = derive_hints(tool).nouns
    assert tuple(nouns[p] for p in props) == said


def test_one_more_thing_is_another() -> None:
    from generator.phrasebook.derive import derive_hints

    tool = _tool("add_coin", "Add one more coin to a submission that has not been graded yet.",
                 {"submission_id": {"type": "string", "description": "Submission, e.g. 'SUB-0041'."}})
    assert derive_hints(tool).intents == ["add another coin"]


def test_values_the_tool_lists_for_the_noun_a_description_opens_with() -> None:
    tool = _tool("log_photo", "Log a photo. Direction is the way the camera faces and is one of: N, NE, E, SE, S, "
                 "SW, W, NW. Every photo shows a scale.",
                 {"facing": {"type": "string", "description": "Direction the camera faces."}})
    assert {a["facing"] for a in _draws(tool)} <= {"N", "NE", "E", "SE", "S", "SW", "W", "NW"}


def test_an_age_before_present_a_sample_volume_and_a_mostly_negative_ratio() -> None:
    from generator.core import semantic

    age = {"type": "integer", "description": "Conventional radiocarbon age, years BP.", "minimum": 0, "maximum": 50000}
    assert semantic.infer("conventional_age_bp", age) == "years_bp"
    volume = {"type": "number", "description": "Sample volume in liters.", "minimum": 0.05, "maximum": 40}
    assert semantic.infer("volume_liters", volume) != "percent"
    assert values.number_range("volume_liters", volume, REF)[1] <= 15
    ratio = {"type": "number", "description": "Delta-13C in per mil (negative for most samples).", "minimum": -35,
             "maximum": 5}
    rng = random.Random(4)
    assert all(values.value_for(ratio, rng, name="delta_13c_permil") <= 0 for _ in range(30))


def test_a_patterned_id_with_no_example_takes_a_siblings_that_fit() -> None:
    own = _tool("get_profile", "Station profile.", {"station_callsign": {
        "type": "string", "description": "Own callsign, e.g. 'K1ABC' or 'VE3KP'.", "pattern": "^[A-Z0-9]{1,3}[0-9][A-Z]{1,4}$"}})
    log = _tool("create_log", "Create a log.", {"station_callsign": {
        "type": "string", "description": "Callsign used on the air (may include a suffix such as '/7').",
        "pattern": "^[A-Z0-9]{1,3}[0-9][A-Z]{1,4}(/[A-Z0-9]{1,3})?$"}})
    assert lore.annotate([own, log])[1].said.get("station_callsign", {}).get("examples") == ["K1ABC", "VE3KP"]


def test_a_number_of_a_name_another_tool_puts_in_ranges_lies_in_those_its_bounds_allow() -> None:
    log = _tool("log_reading", "Log a reading. The frequency must be inside one of the channels (MHz): A 151.8-152.0, "
                "B 154.5-154.6, C 462.5-462.7, D 467.5-467.7.",
                {"frequency_mhz": {"type": "number", "minimum": 100, "maximum": 500, "description": "Frequency."}})
    plan = _tool("plan_net", "Plan a radio net.", {"frequency_mhz": {
        "type": "number", "minimum": 400, "maximum": 500, "description": "Agreed frequency, MHz."}})
    rng = random.Random(6)
    planned = lore.annotate([log, plan])[1]
    for _ in range(30):
        value = values.sample_arguments(planned, rng, ref=REF)["frequency_mhz"]
        assert 462.5 <= value <= 462.7 or 467.5 <= value <= 467.7, value


def test_an_optional_free_text_whose_description_gives_only_its_topics_is_left_out() -> None:
    tool = _tool("submit_log", "Submit a log.", {
        "log_id": {"type": "string", "description": "Log, e.g. 'LB-004512'."},
        "soapbox": {"type": "string", "description": "Free-text soapbox comment (conditions, equipment, anecdotes)."},
        "notes": {"type": "string", "description": "Free-text notes, e.g. 'antenna fell at 0200'."}}, required=["log_id"])
    draws = _draws(tool, 20)
    assert not any("soapbox" in a for a in draws)
    assert any("notes" in a for a in draws)


def test_a_moment_set_for_later_is_not_the_query_day_unsaid() -> None:
    from generator.core.temporal import lies_ahead
    from generator.reader.determine import from_time
    from generator.validators.timephrase import from_time_alone

    now = datetime(2025, 6, 9, 22, 39)
    assert lies_ahead("ship_date") and lies_ahead("dueDate") and not lies_ahead("entry_date")
    assert not lies_ahead("departure_time")  # a taxi is wanted now
    assert from_time("2025-06-09", "ship_date", now) is None
    assert from_time("2025-06-09", "entry_date", now) == "the query date"
    assert not from_time_alone("ship_date", "2025-06-09", now) and from_time_alone("date", "2025-06-09", now)


def test_a_scale_of_points_with_glosses_and_a_stretch_is_a_closed_list() -> None:
    said = ("Scores use the judging scale's points only: 1 (poor), 2 and 4 (fair), 6, 8 (good), and every point "
            "from 10 to 14 for finals.")
    assert lore.number_set(said) == ["1", "2", "4", "6", "8", "10", "11", "12", "13", "14"]
    judge = _tool("record_score", said, {"score": {"type": "integer", "minimum": 1, "maximum": 14, "description": "Score."}})
    appeal = _tool("appeal_score", "Appeal a score.", {
        "original_score": {"type": "integer", "minimum": 1, "maximum": 14, "description": "Score on the sheet."},
        "minimum_score": {"type": "integer", "minimum": 1, "maximum": 14,
                          "description": "Lowest score to accept; usually the original score or one point below."}})
    judge, appeal = lore.annotate([judge, appeal])
    points = {1, 2, 4, 6, 8, 10, 11, 12, 13, 14}
    assert {a["score"] for a in _draws_annotated(judge)} <= points
    for args in _draws_annotated(appeal):
        assert {args["original_score"], args["minimum_score"]} <= points, args
        assert args["minimum_score"] <= args["original_score"], args


def _draws_annotated(tool: Tool, n: int = 30) -> list[dict[str, Any]]:
    rng = random.Random(8)
    return [values.sample_arguments(tool, rng, optional_rate=1.0, ref=REF) for _ in range(n)]


def test_a_carrier_said_in_words_holds_the_values_up_to_its_cap() -> None:
    tool = _tool("book_return", "Book a return. Postal registered mail is used for insured values up to $2,000 and "
                 "couriers for higher values.",
                 {"carrier": {"type": "string", "enum": ["postal_registered", "courier_overnight"]},
                  "insured_value_usd": {"type": "number", "minimum": 1, "description": "Insured value, US dollars."}})
    for args in _draws(tool, 40):
        if args["carrier"] == "postal_registered":
            assert args["insured_value_usd"] <= 2000, args


def test_the_longest_axis_is_a_length_not_a_bound() -> None:
    length = term("length_cm", {"type": "number", "description": "Longest axis in cm."})
    assert (length.noun, length.bound, length.unit) == ("length", "", "cm")


def test_a_headless_or_tag_description_noun_gives_way_to_the_name() -> None:
    from generator.phrasebook.derive import derive_hints

    name = {"type": "string", "description": "Short human-readable name, e.g. 'Spring log'."}
    assert term("logbook_name", name).noun == "logbook"
    assert term("contest_id", {"type": "string", "description": "Cabrillo CONTEST tag of the event."}).noun == "contest"
    tool = _tool("create_logbook", "Create a new logbook for a contest.", {
        "logbook_name": {"type": "string", "description": "Short human-readable name, e.g. 'Spring log'."}})
    assert derive_hints(tool).intents == ["create a new logbook"]


def test_a_parameter_with_no_noun_is_named_by_its_words_without_their_unit() -> None:
    from generator.core.surface import noun

    tool = _tool("open_unit", "Open a unit.", {
        "northing_m": {"type": "integer", "description": "Meters north of the grid origin of the unit's corner."},
        "since_minutes": {"type": "integer", "description": "Only spots from the last N minutes."}})
    assert noun("northing_m", tool) == "northing"  # never "the northing m I always use"
    assert noun("since_minutes", tool) == "since minutes"  # "since" alone is no noun
    assert noun("part_number", _tool("use_part", "Use a part.", {"part_number": {"type": "string"}})) == "part number"
