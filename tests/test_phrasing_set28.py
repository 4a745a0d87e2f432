"""Phrasing read in set 28: two measures with one noun and no side word told apart by their
names ("an inter-hole delay", "an inter-row delay"); a system that is no unit system is said
with its noun, never "in electronic"; an enum value opening on a prefix keeps its hyphen."""

from __future__ import annotations

import random

from generator.core.plan import plan_explicit
from generator.records import Target, Tool, ToolCall
from generator.writers.base import WriteRequest
from generator.writers.template import paraphrases

TIMING = Tool(
    name="design_initiation", app="quarry", api="design_initiation", domain="quarry",
    description="Set the initiation and timing of a blast.",
    parameters={"type": "object", "required": ["blast_id", "system", "inter_hole_delay_ms", "inter_row_delay_ms"],
                "properties": {
                    "blast_id": {"type": "string", "pattern": "^BL-[0-9]{4}-[0-9]{4}$", "description": "Blast id."},
                    "system": {"type": "string", "enum": ["non_electric", "electronic"], "description": "Initiation system."},
                    "inter_hole_delay_ms": {"type": "integer", "minimum": 0, "maximum": 1000,
                                            "description": "Delay between holes along a row, in milliseconds."},
                    "inter_row_delay_ms": {"type": "integer", "minimum": 0, "maximum": 2000,
                                           "description": "Delay between rows, in milliseconds."}}})


def _query(args: dict) -> str:
    t = Target(id="x", kind="single", calls=[ToolCall(tool=TIMING.name, arguments=args)], offered=[TIMING.name],
               domain="quarry")
    req = WriteRequest(target=t, plan=plan_explicit(t, tools={TIMING.name: TIMING}), tools=[TIMING], n=1)
    return paraphrases(req, 7, 1)[0]


def test_two_delays_are_told_apart_by_their_names_and_the_system_by_its_noun() -> None:
    q = _query({"blast_id": "BL-2025-0147", "system": "non_electric", "inter_hole_delay_ms": 25,
                "inter_row_delay_ms": 67})
    assert "inter-hole delay of 25 milliseconds" in q and "inter-row delay of 67 milliseconds" in q, q
    assert "non-electric initiation system" in q and " in non" not in q, q
    q = _query({"blast_id": "BL-2025-0147", "system": "electronic", "inter_hole_delay_ms": 9, "inter_row_delay_ms": 42})
    assert "in electronic" not in q and "electronic initiation system" in q, q
    assert random.Random(0)  # the writer's draws are its own


def test_an_amount_of_a_thing_in_a_unit_is_said_as_one() -> None:
    from generator.core.surface import render

    spec = {"type": "array", "description": "Materials consumed, for costing.", "items": {"type": "object", "properties": {
        "item": {"type": "string"}, "quantity": {"type": "number"}, "unit": {"type": "string", "enum": ["gal", "lb", "each"]}}}}
    tool = Tool(name="update_work_order", app="s", api="update_work_order", domain="sewer", description="Update.",
                parameters={"type": "object", "properties": {"materials_used": spec}, "required": []})
    said = render([{"item": "acrylamide grout", "quantity": 2, "unit": "gal"},
                   {"item": "polyester resin", "quantity": 1, "unit": "each"}], "materials_used", tool)
    assert said == "2 gal of acrylamide grout and 1 unit of polyester resin", said


def test_a_water_body_is_no_message_and_a_flag_in_the_past_is_said_as_a_doing() -> None:
    from generator.phrasebook.fragments import bool_words
    from generator.phrasebook.terms import term

    water = {"type": "string", "description": "Name of the water body reached, e.g. 'Mill Creek'."}
    tool = Tool(name="report_overflow", app="s", api="report_overflow", domain="sewer", description="Record an overflow.",
                parameters={"type": "object", "properties": {"receiving_water": water}, "required": []})
    t = Target(id="x", kind="single", calls=[ToolCall(tool=tool.name, arguments={"receiving_water": "Mill Creek"})],
               offered=[tool.name], domain="sewer")
    q = paraphrases(WriteRequest(target=t, plan=plan_explicit(t, tools={tool.name: tool}), tools=[tool], n=1), 3, 1)[0]
    assert "saying Mill Creek" not in q and "Mill Creek" in q, q
    assert term("receiving_water", water).noun == "water body"
    assert bool_words("reached_surface_water") == ("reaching surface water", "not reaching surface water")
    assert bool_words("shipped_by_air")[0] != "shipping by air"


def test_a_ride_home_is_said_home() -> None:
    from generator.records import ArgPlan
    from generator.writers.phrasing.args import Arg, modifier

    plan = ArgPlan(param="destination", value="14 Alder Row", mode="hinted", source="history", hint="home")
    assert modifier(Arg("destination", "home", plan), None, None, random.Random(0)) == "home"
    work = ArgPlan(param="destination", value="Granite Tower", mode="hinted", source="history", hint="work")
    assert modifier(Arg("destination", "work", work), None, None, random.Random(0)) == "to work"


FRAGMENTS = Tool(
    name="record_fragmentation", app="quarry", api="record_fragmentation", domain="quarry",
    description="Record the fragment sizes of a blast's muckpile.",
    parameters={"type": "object", "required": ["x50_mm", "x80_mm", "ppv_mm_s"], "properties": {
        "x50_mm": {"type": "number", "description": "Median fragment size, in millimetres."},
        "x80_mm": {"type": "number", "description": "Size that 80% of the muckpile passes, in millimetres."},
        "ppv_mm_s": {"type": "number", "description": "Peak particle velocity, in mm/s."}}})


def test_a_measure_named_by_a_head_of_another_takes_its_name_and_a_rate_keeps_its_unit() -> None:
    t = Target(id="x", kind="single", calls=[ToolCall(tool=FRAGMENTS.name, arguments={
        "x50_mm": 82, "x80_mm": 340, "ppv_mm_s": 4.2})], offered=[FRAGMENTS.name], domain="quarry")
    q = paraphrases(WriteRequest(target=t, plan=plan_explicit(t, tools={FRAGMENTS.name: FRAGMENTS}),
                                 tools=[FRAGMENTS], n=1), 5, 1)[0]
    assert "median fragment size of 82 millimetres" in q and "an X80 of 340 millimetres" in q, q
    assert "4.2 mm/s" in q, q


HORSES = Tool(
    name="search_horses", app="racing", api="search_horses", domain="racing",
    description="Find horses on the grounds or registered with the office.",
    parameters={"type": "object", "required": [], "properties": {
        "sex": {"type": "string", "description": "Sex of the horse.", "enum": ["colt", "filly", "mare", "gelding"]},
        "foaling_year": {"type": "integer", "description": "Year of birth."}}})
WORKOUT = Tool(
    name="record_workout", app="racing", api="record_workout", domain="racing",
    description="Record a timed workout reported by the clocker.",
    parameters={"type": "object", "required": ["distance_furlongs"], "properties": {
        "distance_furlongs": {"type": "integer", "description": "Distance worked in whole furlongs: 2, 3, 4, 5 or 6."}}})


def _said(tool: Tool, args: dict) -> str:
    t = Target(id="x", kind="single", calls=[ToolCall(tool=tool.name, arguments=args)], offered=[tool.name], domain="racing")
    return paraphrases(WriteRequest(target=t, plan=plan_explicit(t, tools={tool.name: tool}), tools=[tool], n=1), 5, 1)[0]


def test_a_horse_born_in_a_year_and_of_a_sex_is_said_as_the_trade_says_it() -> None:
    q = _said(HORSES, {"sex": "filly", "foaling_year": 2022})
    assert "that are fillies" in q and "born in 2022" in q, q
    assert "someone" not in q and "born on" not in q and "filly sex" not in q, q
    assert "a distance of 6 furlongs" in _said(WORKOUT, {"distance_furlongs": 6})


def test_a_unit_said_for_one_item_of_a_list_is_read_for_that_item() -> None:
    from generator.validators.leaves import missing_leaves

    spec = {"type": "array", "items": {"type": "object", "properties": {
        "item": {"type": "string"}, "quantity": {"type": "number"},
        "unit": {"type": "string", "description": "Unit of the quantity.", "enum": ["gal", "lb", "ft", "each"]}}}}
    value = [{"item": "root herbicide", "quantity": 1, "unit": "gal"}, {"item": "polyester resin", "quantity": 3, "unit": "each"},
             {"item": "PVC pipe", "quantity": 3, "unit": "lb"}]
    text = "Close it with 1 gal of root herbicide, 3 units of polyester resin and 3 lb of PVC pipe."
    assert missing_leaves(text, value, "materials_used", spec, None) == []
    wrong = [value[0], {**value[1], "unit": "ft"}, value[2]]
    assert missing_leaves(text, wrong, "materials_used", spec, None) == ["the unit 'ft' of materials used polyester resin"]


def test_a_terse_query_never_says_last_time_twice() -> None:
    from generator.records import ArgPlan
    from generator.writers.phrasing.args import Arg
    from generator.writers.phrasing.clauses import TERSE_REPEATS, merged_hints

    basin = Arg("basin_code", "the same basin as last time",
                ArgPlan(param="basin_code", value="WC-07", mode="hinted", source="history", hint="the same basin as last time"))
    limit = Arg("limit", "the limit I used last time",
                ArgPlan(param="limit", value=107, mode="hinted", source="history", hint="the limit I used last time"))
    for seed in range(6):  # both hints are "last time" ones: one collapse says both (set 39), never
        mods, said = merged_hints([basin, limit], True, random.Random(seed))  # "the limit I used last time like
        assert " ".join(mods).count("last time") == 1 and said == {"basin_code", "limit"}, mods  # last time"
    usual = Arg("sort", "my usual sort order",
                ArgPlan(param="sort", value="asc", mode="hinted", source="history", hint="my usual sort order"))
    for seed in range(6):
        mods, _ = merged_hints([basin, usual], True, random.Random(seed))
        assert " ".join(mods).count("last time") <= 1, mods
    alone, _ = merged_hints([basin], True, random.Random(0))
    assert alone and alone[0].lstrip(",") in TERSE_REPEATS


def test_a_capable_models_plain_wordings_are_read() -> None:
    from generator.core.vagueness import value_recall
    from generator.reader import read_value
    from generator.records import ArgPlan, CallPlan, DisclosurePlan
    from generator.traject.checks import not_vague

    position = {"type": "integer", "description": "Official finishing position, 1 for the winner."}
    assert read_value("Entry ENT-1 finished first, beaten 0 lengths.", "position", 1, position)
    assert read_value("Entry ENT-1 finished first, beaten 0 lengths.", "position", 2, position) is None
    assert value_recall("the payout of a $100,000 purse for 4 starters", [("purse", "100000"), ("n", "4")]) == 1.0
    plan = DisclosurePlan(target_id="x", level="hard", style="indirect", calls=[CallPlan(
        tool=HORSES.name, tool_mode="implied", args=[ArgPlan(param="sex", value="filly", mode="stated")])])
    target = Target(id="x", kind="parallel", calls=[ToolCall(tool=HORSES.name, arguments={"sex": "filly"})],
                    offered=[HORSES.name], domain="racing")
    assert not_vague("Which fillies are on the grounds right now?", plan, target, {HORSES.name: HORSES}) == []
    assert not_vague("Which horses are on the grounds right now?", plan, target, {HORSES.name: HORSES})


def test_usual_hints_of_several_nouns_are_merged_and_read_as_one_list() -> None:
    from generator.reader.hints import hints_in
    from generator.records import ArgPlan
    from generator.writers.phrasing.args import Arg
    from generator.writers.phrasing.clauses import merged_hints

    def usual(param: str, phrase: str) -> Arg:
        return Arg(param, phrase, ArgPlan(param=param, value="x", mode="hinted", source="history", hint=phrase))

    mods, used = merged_hints([usual("time", "the time I always use"), usual("party_size", "my regular party size"),
                               usual("seating", "the seating I usually go with")], False, random.Random(0))
    assert mods == ["with my usual time, party size and seating"] and used == {"time", "party_size", "seating"}
    hint = next(h for h in hints_in("please book a table with my usual time, party size and seating.") if h.kind == "usual")
    assert {"time", "party", "size", "seating"} <= set(hint.window), hint
    apart, _ = merged_hints([usual("min_depth", "the shallowest depth I always use"),
                             usual("max_depth", "my regular deepest depth")], False, random.Random(0))
    assert not any(m.startswith("with my usual") for m in apart), apart  # one head: told apart, never merged


def test_a_prompt_never_cuts_a_description_mid_word_and_always_lists_the_value_to_say() -> None:
    from generator.writers.llm_task import _meanings, clipped

    codes = "Allowed codes: " + ", ".join(f"C{i} (code number {i})" for i in range(60)) + ", OB (other obstacle)."
    short = clipped(codes)
    assert short.endswith(" ...") and codes.startswith(short[:-4]) and short[:-4].split()[-1] in codes.split()
    assert clipped("A short description.") == "A short description."
    listed = _meanings(None, "code", [f"C{i}" for i in range(40)], "", "C30")
    assert "C30" in listed.split(": ", 1)[1].split(", ") or ", C30 and" in listed, listed
    assert "C30" not in _meanings(None, "code", [f"C{i}" for i in range(40)], "", "C3")


def test_a_filter_named_by_a_participle_and_before_says_its_value_after_them() -> None:
    from generator.phrasebook.terms import term

    spec = {"type": "integer", "minimum": 1880, "maximum": 2030,
            "description": "Only segments installed before this year (four-digit year)."}
    assert term("installed_before_year", spec).phrase == "installed before"
    segments = Tool(name="search_segments", app="s", api="search_segments", domain="sewer", description="Search segments.",
                    parameters={"type": "object", "required": [], "properties": {"installed_before_year": spec}})
    q = _said(segments, {"installed_before_year": 2009})
    assert "installed before 2009" in q and "before year" not in q, q


def test_a_hint_naming_the_owner_a_description_opens_with_is_bound_to_it() -> None:
    from generator.reader.hints import headed

    descriptions = {"name": "Rider's surname or full name.", "track_code": "Equibase track code, e.g. SAR."}
    assert headed("rider", ["name", "track_code"], descriptions) == {"name"}
    assert headed("horse", ["name", "track_code"], descriptions) == set()
