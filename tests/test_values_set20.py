"""Value and phrasing classes found re-reading set 19 (a wholesale bakery, a crane rental company,
an event florist) at the start of the set-20 session, each on a small case that fails when its rule
is removed."""

from __future__ import annotations

import random
import re

from generator.core.dependencies import rules
from generator.core.lore import annotate
from generator.core.surface import spec_of
from generator.core.values import sample_arguments, value_for
from generator.records import Tool


def _tool(name: str, props: dict, description: str = "", required: list | None = None) -> Tool:
    return Tool(name=name, app="", api=name, description=description, domain="bakery",
                parameters={"type": "object", "properties": props,
                            "required": list(props) if required is None else required})


def test_an_iso_8601_date_time_in_words_is_the_sites_clock_unless_a_zone_is_named() -> None:
    """"Start of closure, ISO 8601 date-time" is 2025-06-02T09:30:00 (set 19: "at 9:30 am UTC" on a
    street permit in 33 rows); RFC 3339 and a named zone keep the Z."""
    worded = {"type": "string", "description": "Start of closure, ISO 8601 date-time."}
    assert not value_for(worded, random.Random(1), name="start").endswith("Z")
    for zoned in ("Start, RFC 3339 date-time.", "Start, ISO 8601 date-time in UTC."):
        assert value_for({"type": "string", "description": zoned}, random.Random(1), name="start").endswith("Z")
    shown = {"type": "string", "description": "Start, RFC 3339 date-time, e.g. 2025-06-12T02:30:00."}
    assert not value_for(shown, random.Random(1), name="start").endswith("Z")  # its example has no zone


def test_a_note_never_takes_another_tools_note_examples() -> None:
    """A wind hold's bare "Notes." is no dispatch note ("badging", "gate hours"), and a delivery note
    is no inspector's note ("colour", "shape", "defects")."""
    book = _tool("book_job", {"notes": {"type": "string", "description": "Dispatch notes: gate hours, PPE, badging, "
                                                                          "ground conditions."}})
    hold = _tool("report_wind_hold", {"notes": {"type": "string", "description": "Notes."}})
    qc = _tool("record_batch_qc", {"notes": {"type": "string", "description": "Inspector's notes (colour, shape, defects)."}})
    order = _tool("create_order", {"notes": {"type": "string", "description": "Delivery notes for the driver."}})
    tools = annotate([book, hold, qc, order])
    words = {"gate hours", "PPE", "badging", "ground conditions", "colour", "shape", "defects"}
    for tool in tools[1::2]:
        for i in range(12):
            assert sample_arguments(tool, random.Random(i), optional_rate=1.0).get("notes") not in words


def test_a_notes_listed_topics_are_what_the_note_speaks_of() -> None:
    """"Inspector's notes (colour, shape, defects)" gives "colour and shape checked", never the bare
    word "defects" as a whole note; a note's one example ("e.g. substitutions allowed") is a note."""
    qc = {"type": "string", "description": "Inspector's notes (colour, shape, defects)."}
    drawn = {value_for(qc, random.Random(i), name="notes") for i in range(12)}
    assert not drawn & {"colour", "shape", "defects"} and all(
        any(t in v for t in ("colour", "shape", "defects")) for v in drawn), drawn
    one = {"type": "string", "description": "Notes to the wholesaler, e.g. substitutions allowed."}
    assert "substitutions allowed" in {value_for(one, random.Random(i), name="notes") for i in range(12)}


def test_values_named_as_plain_words_that_need_a_parameter_get_it() -> None:
    """"Result is pass, hold or reject; a hold or reject needs a note": every hold and reject has
    its note (set 19: 12 QC holds and rejects with none)."""
    tool = _tool("record_batch_qc", {
        "result": {"type": "string", "description": "pass | hold | reject"},
        "notes": {"type": "string", "description": "Inspector's notes (colour, shape, defects)."}},
        "Record quality checks for a baked lot. Result is pass, hold or reject; a hold or reject needs a note.",
        required=["result"])
    assert [(r.kind, r.subject, r.others, r.values) for r in rules(tool.description, tool.properties)] == \
        [("if_value", "notes", ("result",), ("hold", "reject"))]
    calls = [sample_arguments(tool, random.Random(i), optional_rate=0.0) for i in range(30)]
    held = [c for c in calls if c["result"] in ("hold", "reject")]
    assert held and all(c.get("notes") for c in held)


def test_a_value_its_description_lists_is_said_as_a_choice_not_read_out() -> None:
    """"frequent | periodic | annual" and a tool's "Closure type: sidewalk, parking_lane, ..." are
    the parameter's values to phrasing ("as an annual inspection"), never "with the inspection
    type annual" (set 19: 41 read-outs)."""
    insp = _tool("record_inspection", {"inspection_type": {"type": "string", "description": "frequent | periodic | annual"}})
    assert spec_of(insp, "inspection_type")["enum"] == ["frequent", "periodic", "annual"]
    permit = _tool("request_street_permit", {"closure_type": {"type": "string", "description": "What is closed."}},
                   "Submit a permit request. Closure type: sidewalk, parking_lane, one_lane, full_closure.")
    (permit,) = annotate([permit])
    assert spec_of(permit, "closure_type")["enum"] == ["sidewalk", "parking_lane", "one_lane", "full_closure"]
    assert "enum" not in spec_of(_tool("t", {"note": {"type": "string", "description": "Free text."}}), "note")
    from generator.core.surface import value_kind
    from generator.writers.phrasing.args import said_as

    kind = value_kind("annual", "inspection_type", insp)
    assert (kind, said_as("inspection_type", insp, kind, "annual")) == ("enum", "as an annual inspection")


# ---------------------------------------------------------------- set 20 (ready-mix, milk hauling, referees)


def _draws(description: str, name: str, n: int = 8) -> list:
    return [value_for({"type": "string", "description": description}, random.Random(i), name=name) for i in range(n)]


def test_id_templates_with_date_parts_and_short_marks_are_filled_whole() -> None:
    """"LD-YYMMDD-NNN" is LD-250530-604, never LD-YYMMDD-604 (set 20: 71 rows); "G##-#####" and
    "P#####-T#" are read as templates (a tank suffix is a small count), "10 digits." is ten digits."""
    import re

    assert all(re.fullmatch(r"LD-25(0[45])\d\d-\d{3}", v) for v in _draws("LD-YYMMDD-NNN", "load_id")), \
        _draws("LD-YYMMDD-NNN", "load_id")
    pickup = _tool("record_pickup", {"load_id": {"type": "string", "description": "Load the milk went onto, LD-YYMMDD-NNN."}})
    screen = _tool("record_drug_screen", {"load_id": {"type": "string", "description": "LD-YYMMDD-NNN"}})
    for tool in annotate([pickup, screen]):  # the shape the catalog shares is filled as a template, dates and all
        ids = [sample_arguments(tool, random.Random(i))["load_id"] for i in range(8)]
        assert all(re.fullmatch(r"LD-25(0[456])(0[1-9]|[12]\d|3[01])-\d{3}", v) for v in ids), ids
    assert all(re.fullmatch(r"G\d\d-\d{5}", v) for v in _draws("G##-#####", "game_id"))
    assert all(re.fullmatch(r"P\d{5}-T[1-3]", v) for v in _draws("Tank the milk was pumped from (P#####-T#).", "tank_id"))
    assert all(re.fullmatch(r"\d{10}", v) for v in _draws("10-digit barcode of the sample vial.", "sample_barcode"))
    assert all(re.fullmatch(r"G25-\d{5}", v) for v in
               _draws("Game number: G, 2-digit season year, dash, 5 digits (G25-01873).", "game_id"))


def test_a_comma_inside_a_number_splits_no_list_and_a_format_colon_opens_none() -> None:
    """"(about 52,000-56,000 lb)" gave tanker ids "about 52", "000 lb"; "HH:MM, 24h." gave kickoffs "MM", "24h"."""
    from generator.core.allowed import read

    tanker = "Tanker trailer number, TK- and 4 digits, e.g. TK-0417. Most trailers hold 6,000-6,500 gallons (about 52,000-56,000 lb)."
    assert read(tanker).examples == ("TK-0417",)
    assert read("Tank sizes (1,200, 2,400, 3,600 gallons).").examples == ("1200", "2400", "3600 gallons")
    assert read("HH:MM, 24h.").allowed == () and read("Closure type: sidewalk, one_lane, full_closure.").allowed
    assert all(re.fullmatch(r"\d\d:\d\d", v) for v in _draws("HH:MM, 24h.", "new_kickoff"))


def test_a_tag_that_is_a_number_is_an_identifier() -> None:
    """"Wash tag number." is no label ("errands", "home")."""
    assert all(any(c.isdigit() for c in v) for v in _draws("Wash tag number.", "wash_tag"))


def test_a_description_noun_cut_at_a_compound_or_made_of_a_formats_parts_is_no_noun() -> None:
    """"with the state bulk milk BMH-09806" (30 rows), "for producer number plus tank suffix P21047-T1" (16)."""
    from generator.phrasebook.terms import term

    assert term("driver_license", {"type": "string", "description": "State bulk milk hauler/sampler license number, "
                                                                      "e.g. BMH-20931."}).noun == "driver license"
    assert term("tank_id", {"type": "string", "description": "Producer number plus tank suffix, e.g. P21047-T1."}).noun == "tank"


def test_a_flag_that_adds_rows_keeps_which_rows() -> None:
    """`include_inactive` false was "without returning accounts" (31 rows), `youth_referee` "without referees" (22)."""
    from generator.phrasebook.terms import bool_phrases, term

    t = term("youth_referee", {"type": "boolean", "description": "Include referees under 18 (allowed on U14 and younger only)."})
    assert bool_phrases(t, "youth_referee") == ("including referees under 18", "without referees under 18")
    t = term("include_inactive", {"type": "boolean", "description": "Also return accounts with no order in the last 24 months."})
    assert bool_phrases(t, "include_inactive")[1] == "without accounts with no order in the last 24 months"


def test_notes_listed_as_states_are_no_topics() -> None:
    """"(agitator broken, off odour, wash chart missing)" are notes themselves: never "agitator broken checked"."""
    from generator.core.freetext import topic_notes

    said = "Anything the plant should know (agitator broken, off odour, wash chart missing)."
    drawn = _draws(said, "notes", 12)
    assert not any(v.endswith((" checked", " noted")) for v in drawn), drawn
    listed = ["agitator broken", "off odour", "wash chart missing"]
    assert topic_notes(random.Random(0), ["notes"], listed, {"description": said}) is None
    assert topic_notes(random.Random(0), ["notes"], ["colour", "shape", "defects"], {"description": "Notes (colour, shape, defects)."})


def test_a_prefix_and_a_digit_count_make_the_id() -> None:
    """"ASG- and 7 digits." is ASG-6048764, "R followed by 7 digits" R6048764 (set 20: bare digits)."""
    assert all(re.fullmatch(r"ASG-\d{7}", v) for v in _draws("ASG- and 7 digits.", "assignment_id"))
    assert all(re.fullmatch(r"TK-\d{4}", v) for v in _draws("Tanker trailer number, TK- and 4 digits.", "tanker_id"))


def test_a_parameter_needed_for_one_value_comes_with_it_and_only_with_it() -> None:
    """"Required when declining: conflict, ..." (a decline reason sent with an accept, set 20),
    "reship = sent to another order (give reship_order)" and "..., when disposition is reship"."""
    respond = _tool("respond_to_assignment", {
        "response": {"type": "string", "enum": ["accept", "decline"]},
        "decline_reason": {"type": "string", "description": "Required when declining: conflict, injury, travel."}},
        required=["response"])
    assert [(r.kind, r.subject, r.others, r.values) for r in rules("", respond.properties)] == \
        [("when", "decline_reason", ("response",), ("decline",))]
    for i in range(20):
        call = sample_arguments(respond, random.Random(i), optional_rate=0.5)
        assert ("decline_reason" in call) == (call["response"] == "decline"), call
    given = {"disposition": {"type": "string", "enum": ["washout", "reship"],
                             "description": "washout = dumped; reship = sent to another order (give reship_order)."},
             "reship_order": {"type": "string", "description": "Order that received the concrete."}}
    assert ("if_value", "reship_order", ("disposition",), ("reship",)) in \
        [(r.kind, r.subject, r.others, r.values) for r in rules("", given)]
    trailing = {**given, "reship_order": {"type": "string", "description": "Order that got it, when disposition is reship."}}
    trailing["disposition"] = {"type": "string", "enum": ["washout", "reship"]}
    assert [(r.kind, r.subject, r.values) for r in rules("", trailing)] == [("when", "reship_order", ("reship",))]


def test_clock_times_of_a_tool_with_several_are_each_named() -> None:
    """"record delivery ticket 9990020 ... at 10:30 am at 9:15 am": batch, arrival and discharge
    times each said with their noun ("with the arrival at 10:30 am")."""
    from generator.records import ArgPlan, CallPlan
    from generator.writers.phrasing.clauses import clause_parts

    tool = _tool("record_delivery_ticket", {
        "ticket_number": {"type": "string", "description": "7-digit number printed on the batch ticket."},
        "batch_time": {"type": "string", "description": "HH:MM the load was batched."},
        "arrival_time": {"type": "string", "description": "HH:MM the truck arrived on site."}},
        "Record what happened to a load at the site.", required=["ticket_number"])
    call = CallPlan(tool=tool.name, tool_mode="implied", args=[ArgPlan(param=p, value=v, mode="stated", source="query") for p, v in
                                          (("ticket_number", "4533232"), ("batch_time", "09:15"), ("arrival_time", "10:30"))])
    text, _ = clause_parts(call, tool, "2025-06-02 09:00:00", random.Random(0))
    assert "batch at 9:15 am" in text and "arrival at 10:30 am" in text, text


def test_a_number_named_in_inches_is_said_in_inches() -> None:
    """`slump_in` 4 was "with slump in 4" (8 rows): "with a slump of 4 inches"."""
    from generator.phrasebook.terms import say, term

    assert say(term("slump_in", {"type": "number"}), "number", "4") == "with a slump of 4 inches"


def test_a_place_word_in_a_coded_name_takes_no_persona_place() -> None:
    """`near_zip` ("5-digit ZIP of the venue") held "Cohen Tower" in TRAIL histories (7 rows)."""
    from generator.derived_personas import _takes_place

    assert not _takes_place("near_zip", {"type": "string", "description": "5-digit ZIP of the venue."})
    assert _takes_place("destination", {"type": "string", "description": "Site address."})


def test_a_flags_own_words_are_no_added_condition_and_no_negation_reaches_past_them() -> None:
    """"without center and including referees under 18": "under 18" is the flag's description, not
    an added condition, and "without" negates the center flag only."""
    from generator.reader.added import added_content
    from generator.reader.flags import _by_wording
    from generator.reader.text import Text
    from generator.records import ToolCall

    tool = _tool("search_officials", {"youth_referee": {"type": "boolean", "description": "Include referees under 18."}})
    text = "Search for officials without center and including referees under 18."
    calls = [ToolCall(tool=tool.name, arguments={"youth_referee": True})]
    assert not [a for a in added_content(text, calls, {tool.name: tool}) if a.kind == "condition"]
    said = _by_wording(Text(text), True, "including referees under 18")
    assert said is not None and said[0] is True
    said = _by_wording(Text("Search for officials, not including referees under 18."), True, "including referees under 18")
    assert said is not None and said[0] is False


def test_a_truck_on_a_scale_weighs_tens_of_thousands_of_pounds() -> None:
    """"Truck and milk, pounds." was 3-39 lb on all 28 plant deliveries; empty below loaded."""
    scale = {"type": "object", "properties": {
        "gross_lb": {"type": "integer", "description": "Truck and milk, pounds."},
        "tare_lb": {"type": "integer", "description": "Empty truck, pounds."}}, "required": ["gross_lb", "tare_lb"]}
    tool = _tool("deliver_load", {"scale": scale}, "Close a load at the plant with the scale weights.")
    for i in range(6):
        got = sample_arguments(tool, random.Random(i))["scale"]
        assert 20000 <= got["tare_lb"] < got["gross_lb"] <= 80000, got


def test_a_reading_over_a_stated_limit_is_refused_so_readings_stay_under_it() -> None:
    """"Milk over 45 °F must not be picked up": 15 of 17 pickups were 47-84 °F and not refused."""
    tool = _tool("record_pickup", {"milk_temp_f": {"type": "number", "description": "Milk temperature at pickup, °F."}},
                 "Record a farm pickup. Milk over 45 °F must not be picked up; record it with refused=true instead.")
    temps = [sample_arguments(tool, random.Random(i))["milk_temp_f"] for i in range(10)]
    assert all(32 <= t <= 45 for t in temps), temps


def test_an_ids_class_number_and_code_stay_codes_when_varied() -> None:
    """"4000-34-AE" varied was "7132-83-AE" (a psi that is no class, an aggregate code that does not
    exist, 30 of 30 mix codes); a tank suffix "T1" became "T9" of a farm with three tanks."""
    from generator.core.values import _reshaped

    mixes = {_reshaped("4000-34-AE", random.Random(i)) for i in range(12)}
    assert len(mixes) > 2 and all(re.fullmatch(r"[2-6][05]00-34-AE", m) for m in mixes), mixes
    assert all(re.fullmatch(r"P\d{5}-T[1-3]", _reshaped("P21047-T1", random.Random(i))) for i in range(12))
    assert len({_reshaped("CC-534185", random.Random(i)) for i in range(6)}) > 3  # a serial still varies


def test_a_person_named_by_role_is_a_person_and_an_owners_number_is_said_by_the_owner() -> None:
    """"Name of the certified industry analyst." was "Wade Industry Analyst"; `assessor_id`
    "Assessor's official number" was said "for assessor's official OF-22524" (8 rows)."""
    from generator.phrasebook.terms import say, term

    names = _draws("Name of the certified industry analyst.", "analyst", 6)
    assert not any("Analyst" in v for v in names) and all(len(v.split()) == 2 for v in names), names
    t = term("assessor_id", {"type": "string", "description": "Assessor's official number (OF-#####), if one is chosen."})
    assert say(t, "text", "OF-22524") == "for assessor OF-22524"


def test_an_optional_flag_at_its_default_is_left_unset() -> None:
    """`include_inactive` false (its default) was said "without returning accounts" in 31 rows, and
    "late turnback set to no", "without loading refused": a flag is drawn only when it differs."""
    tool = _tool("search_customers", {
        "name": {"type": "string", "description": "Company name."},
        "include_inactive": {"type": "boolean", "description": "Also return accounts with no order in 24 months.",
                             "default": False}}, required=["name"])
    calls = [sample_arguments(tool, random.Random(i), optional_rate=1.0) for i in range(20)]
    assert all(c.get("include_inactive") in (None, True) for c in calls)
    assert any(c.get("include_inactive") is True for c in calls)


def test_a_deliverys_steps_come_in_order_within_their_window() -> None:
    """A ticket's discharge came before its arrival and its batch (set 20: "the arrival at 11:15 am,
    the batch at 11 am, the discharge complete at 10:30 am")."""
    tool = _tool("record_delivery_ticket", {
        "batch_time": {"type": "string", "description": "HH:MM the load was batched."},
        "arrival_time": {"type": "string", "description": "HH:MM the truck arrived on site."},
        "discharge_complete_time": {"type": "string", "description": "HH:MM the drum was empty."}})
    for i in range(12):
        c = sample_arguments(tool, random.Random(i))
        assert c["batch_time"] < c["arrival_time"] < c["discharge_complete_time"], c


def test_an_id_built_on_another_ids_number_is_that_ids() -> None:
    """"Tank the milk was pumped from (P#####-T#)" beside producer P21047 is P21047-T1, never another
    farm's tank; an empty truck weighs less than a loaded one, both tens of thousands of pounds."""
    tool = _tool("record_pickup", {"producer_id": {"type": "string", "description": "P#####"},
                                   "tank_id": {"type": "string", "description": "Tank the milk was pumped from (P#####-T#)."}})
    for i in range(8):
        call = sample_arguments(tool, random.Random(i))
        assert call["tank_id"].startswith(call["producer_id"] + "-T"), call
    scale = _tool("deliver_load", {"tare_lb": {"type": "integer", "description": "Empty truck, pounds."}})
    assert all(24000 <= sample_arguments(scale, random.Random(i))["tare_lb"] <= 36000 for i in range(8))


def test_a_first_thing_is_no_bound_of_a_range() -> None:
    """`first_truck_time` "New arrival time of the first truck" was "update order SO-840665 from 9:15
    am" (8 rows), read as the time it changes from; `first_date` stays a range's start."""
    from generator.phrasebook.terms import term

    assert term("first_truck_time", {"type": "string", "description": "New arrival time of the first truck, HH:MM."}).role == ""
    assert term("first_date", {"type": "string", "description": "First date."}).role == "from"


def test_a_weighings_parts_and_a_filter_flag_are_said_by_their_meaning() -> None:
    """"with 64000 pounds of truck and 31000 pounds of empty truck" (22 rows) is a gross and a tare
    weight; `can_center` "Only officials cleared to run the middle" was "with center" (25 rows)."""
    from generator.phrasebook.fragments import bool_words
    from generator.phrasebook.terms import say, term

    assert say(term("gross_lb", {"type": "integer", "description": "Truck and milk, pounds."}), "number", "64000") == \
        "with a gross weight of 64000 pounds"
    assert say(term("tare_lb", {"type": "integer", "description": "Empty truck, pounds."}), "number", "31000") == \
        "with a tare weight of 31000 pounds"
    assert bool_words("can_center", "Only officials cleared to run the middle at this level.") == (
        "limited to officials cleared to run the middle at this level", "whether or not cleared to run the middle at this level")


def test_a_code_that_says_see_above_is_one_the_tool_lists() -> None:
    """"Caution or send-off code, see above." under a tool that lists "UB, DT, PI, ...; send-offs SFP,
    VC, ..." was drawn "R67WAX3", "CSTPYY" (set 20: 8 rows)."""
    item = {"type": "object", "properties": {"code": {"type": "string", "description": "Caution or send-off code, see above."}},
            "required": ["code"]}
    tool = _tool("submit_match_report", {"misconduct": {"type": "array", "items": item, "minItems": 1}},
                 "File the report. Cautions use the codes UB, DT, PI, DR; send-offs SFP, VC, DGH.")
    (tool,) = annotate([tool])
    listed = {"UB", "DT", "PI", "DR", "SFP", "VC", "DGH"}
    for i in range(8):
        assert {m["code"] for m in sample_arguments(tool, random.Random(i))["misconduct"]} <= listed
