"""Values and phrases the prose of a tool decides (set 26's catalogs, read by hand): a form given
per value of an enum ("'NTU' for turbidity"), or glossed by those values' words ("'EPA 180.1'
(turbidity)"); a number's range per value of an enum in its own description; "at or after
collected_at"; a chain of moments the tool's prose orders; an intent cut where a value word stood;
nouns that already name many; a team member by id and role."""

from __future__ import annotations

import random
from datetime import datetime

from test_values_set24 import REF, _draws, _tool  # the same drawing helpers

from generator.core import dependencies, lore, surface, values
from generator.phrasebook import intent
from generator.phrasebook.lexicon import plural

# A cheese cave's lab: what was measured decides the unit, the method and the plausible reading.
READING = _tool(
    "record_cave_reading",
    "Record one measurement taken on a wheel in the aging cave.",
    {"measure": {"type": "string", "enum": ["moisture", "salt", "ph", "rind_temperature", "listeria"],
                 "description": "What was measured."},
     "result": {"type": "number",
                "description": "Measured value. Typical values: moisture 32-38, salt 1.5-2.2, pH 5.1-5.6, rind "
                               "temperature 10-14; listeria under 1."},
     "unit": {"type": "string",
              "description": "Unit of the result; must match the measure: 'percent' for moisture and salt; 'SU' "
                             "for ph; 'C' for rind_temperature; 'CFU/g' for listeria."},
     "method": {"type": "string",
                "description": "Lab method, e.g. 'AOAC 926.08' (moisture), 'AOAC 935.43' (salt), 'ISO 11289' (pH)."},
     "taken_at": {"type": "string", "description": "When the sample was taken, ISO 8601 local date-time."},
     "tested_at": {"type": "string",
                   "description": "When it was tested, ISO 8601 local date-time; at or after taken_at."}})


def test_a_form_given_per_value_of_an_enum_follows_that_value() -> None:
    units = {"moisture": "percent", "salt": "percent", "ph": "SU", "rind_temperature": "C", "listeria": "CFU/g"}
    for args in _draws(READING):
        assert args["unit"] == units[args["measure"]], args


def test_a_form_glossed_by_a_value_follows_that_value() -> None:
    methods = {"moisture": "AOAC 926.08", "salt": "AOAC 935.43", "ph": "ISO 11289"}
    seen = 0
    for args in _draws(READING):
        if args["measure"] in methods:
            seen += 1
            assert args["method"] == methods[args["measure"]], args
    assert seen


def test_a_quoted_form_for_a_value_is_no_parameter_of_that_value_only() -> None:
    """"'CFU/g' for listeria" gives the unit's form: the unit is set for every measure."""
    rules = dependencies.rules(READING.description, READING.properties)
    assert not [r for r in rules if r.kind == "needs" and r.subject == "unit"], rules
    assert {r.kind for r in rules if r.subject == "unit"} == {"forms_for"}


def test_a_number_lies_in_the_range_its_own_description_gives_for_the_value() -> None:
    ranges = {"moisture": (32, 38), "salt": (1.5, 2.2), "ph": (5.1, 5.6), "rind_temperature": (10, 14),
              "listeria": (0, 1)}
    for args in _draws(READING):
        lo, hi = ranges[args["measure"]]
        assert lo <= args["result"] <= hi, args


def test_at_or_after_another_moment_is_after_it() -> None:
    for args in _draws(READING):
        assert args["tested_at"] >= args["taken_at"], args
    said = {**READING.properties, "tested_at": {"type": "string", "description": "When it was tested, in ISO 8601 "
                                                                                   "local time, at or after taken_at."}}
    for args in _draws(READING.model_copy(update={"parameters": {**READING.parameters, "properties": said}})):
        assert args["tested_at"] >= args["taken_at"], args


DIVE = _tool(
    "log_ascent",
    "Log one climb of a tower crane. The four times are local date-times and must be in order: "
    "left_ground < reached_cab < left_cab < reached_ground.",
    {"crane_id": {"type": "string", "description": "Crane, e.g. 'TC-104'."},
     "left_ground": {"type": "string", "format": "date-time", "description": "When the operator left the ground."},
     "reached_cab": {"type": "string", "format": "date-time", "description": "When the operator reached the cab."},
     "left_cab": {"type": "string", "format": "date-time", "description": "When the operator left the cab."},
     "reached_ground": {"type": "string", "format": "date-time", "description": "Back on the ground."}})


def test_moments_a_tool_chains_with_less_than_run_in_order_within_a_day() -> None:
    order = ["left_ground", "reached_cab", "left_cab", "reached_ground"]
    for args in _draws(DIVE):
        times = [datetime.fromisoformat(args[n]) for n in order]
        assert times == sorted(times) and len(set(times)) == 4, args
        assert (times[-1] - times[0]).total_seconds() <= 12 * 3600, args


def test_an_intent_never_ends_on_a_function_word() -> None:
    tool = _tool("search_sampling_spots", "List the sampling spots of a plant or of the distribution system, with "
                 "their location type.", {"cave_id": {"type": "string", "description": "Cave, e.g. 'CV-2'."}})
    said = intent.from_description(tool)
    assert said.split()[-1] not in ("the", "of", "or", "a"), said
    assert said.startswith("list the sampling spots"), said


def test_a_noun_that_names_many_is_not_pluralized_again() -> None:
    assert plural("people") == "people"
    assert plural("personnel") == "personnel"
    assert plural("cheese") == "cheeses"


def test_a_team_member_is_said_by_id_and_role() -> None:
    tool = _tool("staff_turning_shift", "Staff a wheel-turning shift.",
                 {"shift_team": {"type": "array", "description": "Everyone on the shift, each with a role.",
                                 "items": {"type": "object",
                                           "properties": {"worker_id": {"type": "string"},
                                                          "role": {"type": "string",
                                                                   "enum": ["lead", "turner", "washer"]}}}}})
    said = surface.render([{"worker_id": "W-104", "role": "lead"}, {"worker_id": "W-221", "role": "turner"}],
                          "shift_team", tool, rng=random.Random(1))
    assert said == "W-104 as a lead and W-221 as a turner", said


SUBTITLES = _tool(
    "order_subtitles",
    "Order subtitles for a film. Either film_id or festival_code must be given.",
    {"film_id": {"type": "string", "description": "Film, e.g. 'FLM-2041'."},
     "festival_code": {"type": "string", "description": "Festival entry code, e.g. 'BER-25-118'."},
     "source_locale": {"type": "string", "pattern": "^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$",
                       "description": "Spoken language of the film as a BCP 47 tag, e.g. 'en-US', 'es-419'."},
     "subtitle_locales": {"type": "array", "items": {"type": "string"},
                          "description": "Subtitle locales, e.g. 'fr_FR', 'de_DE'."},
     "lab_city": {"type": "string", "description": "Lab that burns them in, e.g. 'Morgan City, LA', 'Port Arthur, TX'."},
     "exclude_shorts": {"type": "boolean", "description": "Leave out films with a running time under 40 minutes."}},
    required=["source_locale"])


def test_either_of_two_parameters_must_be_given_holds() -> None:
    tool, rng = lore.annotate([SUBTITLES])[0], random.Random(4)
    for _ in range(30):  # with no optional drawn, the rule alone sets one of them
        args = values.sample_arguments(tool, rng, optional_rate=0.0, ref=REF)
        assert "film_id" in args or "festival_code" in args, args


def test_a_locale_is_a_real_one_in_the_form_its_parameter_writes() -> None:
    from generator.core import codes

    for args in _draws(SUBTITLES):
        assert args["source_locale"] in codes.COMMON_LOCALES, args
        for tag in args.get("subtitle_locales", []):
            assert tag.replace("_", "-") in codes.COMMON_LOCALES and "_" in tag, args
    assert codes.is_real("locale", "zh-Hans-CN") and not codes.is_real("locale", "px-Ulaj")


def test_a_town_in_an_example_is_never_swapped_for_a_person() -> None:
    seen = {args["lab_city"] for args in _draws(SUBTITLES) if "lab_city" in args}
    assert seen and all(s.endswith((", LA", ", TX")) and s.split(",")[0] in ("Morgan City", "Port Arthur") or
                        ", " not in s for s in seen), seen


def test_a_flag_that_leaves_rows_out_says_which_rows() -> None:
    from generator.phrasebook.terms import bool_phrases, term

    spec = SUBTITLES.properties["exclude_shorts"]
    yes, _ = bool_phrases(term("exclude_shorts", spec), "exclude_shorts") or ("", "")
    assert yes == "leaving out films with a running time under 40 minutes", yes


def test_values_the_catalog_gives_a_quantity_hold_for_every_number_named_so() -> None:
    """"salt 1.5-2.2 percent" in one tool's prose: a month's average salt in percent elsewhere lies
    there; a salt feed in kg per day does not take that range."""
    month = _tool("submit_cave_month", "Close the cave's month.",
                  {"avg_salt_percent": {"type": "number", "description": "Average salt of the month's wheels."},
                   "salt_feed_kg_day": {"type": "number", "description": "Brine salt fed per day."}})
    check = _tool("check_wheel", "Check one wheel.",
                  {"salt_percent": {"type": "number", "description": "Salt measured; typically salt 1.5-2.2 percent."}})
    tools = lore.annotate([READING, month, check])
    assert tools[1].said.get("avg_salt_percent", {}).get(lore.RANGES_KEY) == [[1.5, 2.2]], tools[1].said
    assert lore.RANGES_KEY not in tools[1].said.get("salt_feed_kg_day", {}), tools[1].said
    rng = random.Random(5)
    for _ in range(20):
        args = values.sample_arguments(tools[1], rng, optional_rate=1.0, ref=REF)
        assert 1.5 <= args["avg_salt_percent"] <= 2.2, args


def test_a_comparison_said_without_its_subject_is_the_parameter_s_own() -> None:
    props = {"moisture_95th": {"type": "number", "description": "95th percentile moisture of the month."},
             "max_moisture": {"type": "number", "description": "Highest moisture of the month; at least the 95th "
                                                               "percentile."},
             "hold_days": {"type": "integer", "description": "Days on the shelf."},
             "turn_days": {"type": "integer", "description": "Cannot exceed the hold days."}}
    rules = {(r.subject, r.others) for r in dependencies.rules("Close the month. Planned hold days cannot exceed "
                                                               "ninety.", props) if r.kind == "below"}
    assert ("moisture_95th", ("max_moisture",)) in rules and ("turn_days", ("hold_days",)) in rules, rules


def test_a_small_number_moved_under_another_keeps_its_scale() -> None:
    props = {"haze_95th": {"type": "number", "description": "95th percentile haze."},
             "haze_max": {"type": "number", "description": "Highest haze; at least the 95th percentile."}}
    kept = dependencies.enforce("Close the month.", props, {"haze_95th": 0.12, "haze_max": 0.09},
                                lambda name: 0.5, frozenset({"haze_max"}))
    assert 0 < kept["haze_95th"] <= 0.09 and kept["haze_95th"] >= 0.08, kept


def test_moments_described_by_what_happened_are_each_said_with_it() -> None:
    from generator.phrasebook.terms import term

    spec = {"type": "string", "format": "date-time", "description": "Time the operator left the ground, ISO 8601."}
    assert term("left_ground", spec).phrase == "with the operator leaving the ground on"
    spec = {"type": "string", "description": "When the wheel was turned, ISO 8601 local date-time."}
    assert term("turned_at", spec).phrase == "with the wheel turned on"
    spec = {"type": "string", "description": "Date the wheel should be turned by, YYYY-MM-DD."}
    assert "shalling" not in term("turn_by", spec).phrase and "should" not in term("turn_by", spec).phrase


def test_a_date_filter_on_a_thing_s_own_date_says_that_date() -> None:
    from generator.phrasebook.terms import term

    spec = {"type": "string", "format": "date",
            "description": "Only wheels whose next turning is due on or before this date (YYYY-MM-DD)."}
    t = term("turning_due_before", spec)
    assert (t.phrase, t.role) == ("with the next turning due on or before", ""), t


def test_a_water_body_is_a_place_never_a_message() -> None:
    from generator.core import semantic
    from generator.phrasebook.terms import say, term

    spec = {"type": "string", "description": "Water body of the site, e.g. 'Lake Erie'."}
    assert semantic.infer("water_body", spec) == "place"
    assert not say(term("water_body", spec), "text", "Lake Erie").startswith("saying"), say(
        term("water_body", spec), "text", "Lake Erie")


def test_a_figure_a_report_records_is_no_bound() -> None:
    from generator.phrasebook.terms import say, term

    spec = {"type": "number", "description": "Highest moisture reading of the month, percent."}
    t = term("moisture_max_pct", spec)
    assert (t.bound, t.role) == ("", ""), t
    assert say(t, "number", "38") == "with the highest moisture reading of the month of 38 percent", say(t, "number", "38")
    assert term("max_price", {"type": "number", "description": "Maximum price per night."}).bound == "at most "


def test_a_name_said_as_a_noun_has_its_short_forms_whole_and_no_unit_code() -> None:
    tool = _tool("search_cavers", "Search cave workers.",
                 {"min_depth_qualification_fsw": {"type": "number"}, "temp_c": {"type": "number"}})
    assert surface.noun("min_depth_qualification_fsw", tool) == "minimum depth qualification"
    assert surface.noun("temp_c", tool) == "temperature"


def test_a_figure_recorded_over_a_period_is_no_habit() -> None:
    from generator.core.habitual import habitual

    tool = _tool("submit_cave_month", "Submit the cave's monthly report.",
                 {"moisture_max": {"type": "number", "description": "Highest moisture reading of the month, percent."},
                  "moisture_goal": {"type": "number", "description": "Moisture the cave is held at, percent."}})
    assert habitual(tool, "moisture_goal") and not habitual(tool, "moisture_max")
