"""Value classes left after the third reading of set 20 (a ready-mix dispatcher, a milk hauling
co-op, a referee assigning office) and found reading set 21, each on a small case that fails when
its rule is removed."""

from __future__ import annotations

import random
import re

from generator.core.values import sample_arguments
from generator.records import Tool


def _tool(name: str, props: dict, description: str = "", required: list | None = None) -> Tool:
    return Tool(name=name, app="", api=name, description=description, domain="dairy",
                parameters={"type": "object", "properties": props,
                            "required": list(props) if required is None else required})


_PICKUP = _tool("record_pickup", {
    "producer_id": {"type": "string", "description": "P#####"},
    "tank_id": {"type": "string", "description": "Tank the milk was pumped from (P#####-T#)."},
    "load_id": {"type": "string", "description": "Load the milk went onto, LD-YYMMDD-NNN."},
    "pickup_time": {"type": "string", "description": "Date and time of pickup, ISO 8601 (2025-03-14T05:40)."},
    "refused": {"type": "boolean", "description": "Milk was left on the farm.", "default": False},
}, "Record a farm pickup. Milk over 45 °F must not be picked up; record it with refused=true instead.",
    required=["producer_id", "tank_id", "load_id", "pickup_time"])


def test_a_fixed_tank_gives_its_farm() -> None:
    """A tank read from an earlier step fixes the farm the pickup is from (a tank "P15676-T1" on a
    pickup from producer P00243 was 13 of set 20's 30 implausible milk-hauling values)."""
    args = sample_arguments(_PICKUP, random.Random(3), fixed={"tank_id": "P21047-T2"})
    assert args["producer_id"] == "P21047"


def test_a_flag_the_tool_sets_under_a_condition_stays_unset() -> None:
    """"record it with refused=true instead": a refused pickup of milk at 40 °F is no record anyone
    keeps; the draw never holds the condition."""
    assert not any(sample_arguments(_PICKUP, random.Random(i), optional_rate=1.0).get("refused") for i in range(80))
    plain = _tool("record_pickup", dict(_PICKUP.properties), "Record a farm pickup.", required=list(_PICKUP.required))
    assert any(sample_arguments(plain, random.Random(i), optional_rate=1.0).get("refused") for i in range(80))


def test_an_objects_bare_numbers_are_what_its_description_says_it_holds() -> None:
    """`final_score` "Goals at full time" with bare `home` and `away` integers: a few goals a side,
    never 15-19 (set 20: five such scores of 200 values)."""
    report = _tool("submit_match_report", {"final_score": {
        "type": "object", "description": "Goals at full time (penalty kicks not included).",
        "properties": {"home": {"type": "integer"}, "away": {"type": "integer"}}, "required": ["home", "away"]}})
    for i in range(12):
        score = sample_arguments(report, random.Random(i))["final_score"]
        assert max(score.values()) <= 6, score


def test_a_match_minute_is_in_the_ninety_minutes_of_play() -> None:
    card = _tool("add_card", {"minute": {"type": "integer", "description": "Match minute."}})
    assert all(1 <= sample_arguments(card, random.Random(i))["minute"] <= 90 for i in range(12))


def test_a_number_takes_the_step_and_bounds_the_catalog_gives_its_unit_and_name() -> None:
    """An order "in quarter-yard steps" (`volume_cy`, multipleOf 0.25) says a truck's `load_cy` is
    3.75, never 3.7; an order's `slump_in` of 1-9 bounds the slump measured on site (12.5 in set 20)."""
    from generator.core.lore import annotate

    order = _tool("create_order", {
        "volume_cy": {"type": "number", "minimum": 1, "maximum": 2000, "multipleOf": 0.25},
        "slump_in": {"type": "number", "minimum": 1, "maximum": 9, "description": "Target slump in inches."}})
    truck = _tool("assign_truck", {"load_cy": {"type": "number", "minimum": 0.5, "maximum": 11,
                                               "description": "Yards on this load."}})
    ticket = _tool("record_ticket", {"site_tests": {"type": "object", "properties": {
        "slump_in": {"type": "number", "description": "Measured slump, inches."}}, "required": ["slump_in"]}})
    _, truck, ticket = annotate([order, truck, ticket])
    for i in range(12):
        load = sample_arguments(truck, random.Random(i))["load_cy"]
        assert load * 4 == int(load * 4), load
        assert 1 <= sample_arguments(ticket, random.Random(i))["site_tests"]["slump_in"] <= 9


def test_a_content_in_percent_is_a_few_percent() -> None:
    """"Air content, percent." of a concrete load: a few percent, never 87.2."""
    tests = _tool("record_tests", {"air_content_pct": {"type": "number", "description": "Air content, percent."}})
    assert all(sample_arguments(tests, random.Random(i))["air_content_pct"] <= 15 for i in range(12))
    said = _tool("record_tests", {"air": {"type": "number", "description": "Air content, in %."}})  # the description
    assert all(sample_arguments(said, random.Random(i))["air"] <= 15 for i in range(12))
    bare = _tool("record_tests", {"fat_content_pct": {"type": "number"}})  # the name alone says it
    assert all(sample_arguments(bare, random.Random(i))["fat_content_pct"] <= 15 for i in range(12))


# ---------------------------------------------------------------- set 21 (tire retreading, funeral home, stage management)

def test_a_title_with_a_full_stop_opens_a_name_it_does_not_end_it() -> None:
    """"e.g. Rev. Ann Moyer, Rabbi David Klein, Fr. Tomas Ruiz." gives three officiants, never
    "Rev" (19 rows of set 21 assigned an officiant named "Rev")."""
    from generator.core import allowed

    assert allowed.read("e.g. Rev. Ann Moyer, Rabbi David Klein, Fr. Tomas Ruiz.").examples == (
        "Rev. Ann Moyer", "Rabbi David Klein", "Fr. Tomas Ruiz")


def test_a_decimal_point_is_no_full_stop_after_an_example() -> None:
    """"Size, e.g. 11R22.5 or 285/75R24.5." never gives a tire size "11R22" (9 rows)."""
    from generator.core import allowed

    assert allowed.read("Size, e.g. 11R22.5 or 285/75R24.5.").examples == ("11R22.5", "285/75R24.5")


def test_a_where_question_may_list_its_answers_after_a_colon() -> None:
    """"Where the tire ran before removal: steer, drive or trailer." is a closed list (a last wheel
    position of "Lawyer" in 10 rows)."""
    tool = _tool("register_casing", {"last_wheel_position": {
        "type": "string", "description": "Where the tire ran before removal: steer, drive or trailer."}})
    assert {sample_arguments(tool, random.Random(i))["last_wheel_position"] for i in range(12)} <= {
        "steer", "drive", "trailer"}


def test_a_size_is_one_the_catalog_shows_never_new_digits_in_its_shape() -> None:
    """A tire size "e.g. 11R22.5, 295/75R22.5" is one of them, never "421/94R25.8" (44 rows)."""
    tool = _tool("search_casings", {"tire_size": {
        "type": "string", "description": "Tire size as molded on the sidewall, e.g. 11R22.5, 295/75R22.5, 445/50R22.5."}})
    assert {sample_arguments(tool, random.Random(i))["tire_size"] for i in range(16)} <= {
        "11R22.5", "295/75R22.5", "445/50R22.5"}


def test_a_week_and_year_in_placeholders_is_a_real_week_of_a_recent_year() -> None:
    """"week and year of manufacture (WWYY)" with pattern ^[0-9]{4}$: 2319, never week 80 (36 rows)."""
    tool = _tool("register_casing", {"dot_code": {
        "type": "string", "pattern": "^[0-9]{4}$",
        "description": "Last four digits of the DOT serial: week and year of manufacture (WWYY)."}})
    for i in range(16):
        code = sample_arguments(tool, random.Random(i))["dot_code"]
        assert 1 <= int(code[:2]) <= 52 and 17 <= int(code[2:]) <= 24, code


def test_a_dollar_band_in_the_tools_prose_bounds_its_one_sum() -> None:
    """"a typical drive casing credit is $60-$150" bounds `amount` (credits above $200 in 22 rows)."""
    tool = _tool("issue_casing_credit", {"amount": {"type": "number", "minimum": 0, "maximum": 500}},
                 "Credit the customer for a casing. Amount in US dollars; a typical drive casing credit is $60-$150.")
    assert all(60 <= sample_arguments(tool, random.Random(i))["amount"] <= 150 for i in range(16))


def test_a_job_is_said_as_a_person_says_it() -> None:
    """Faker's "Engineer, electrical" is "Electrical engineer"; "Investment banker, corporate" was a
    decedent's usual occupation in set 21."""
    tool = _tool("file_certificate", {"occupation": {"type": "string"}})
    jobs = [sample_arguments(tool, random.Random(i))["occupation"] for i in range(120)]
    assert not [j for j in jobs if "," in j or "(" in j]


def test_ids_shown_as_a_family_of_prefixes_keep_the_family() -> None:
    """"Catalog code: CSK-NNN for caskets, URN-NNN for urns ..." on one tool gives the family to a
    bare "CSK-/URN-/OBC-/MEM- code." of another (codes such as "QGWBBBA" in 21 rows)."""
    from generator.core.lore import annotate

    get = _tool("get_item", {"item_code": {"type": "string", "description": "Catalog code: CSK-NNN for caskets, "
                                           "URN-NNN for urns, OBC-NNN for vaults and liners."}})
    add = _tool("add_selection", {"item_code": {"type": "string", "description": "CSK-/URN-/OBC- code."}})
    get, add = annotate([get, add])
    for tool in (get, add):
        for i in range(8):
            code = sample_arguments(tool, random.Random(i))["item_code"]
            assert code[:4] in ("CSK-", "URN-", "OBC-") and code[4:].isdigit(), code


def test_what_a_value_is_comes_from_the_descriptions_first_sentence() -> None:
    """"Newspaper names, e.g. ... The website is always included." is no URL (16 rows)."""
    from generator.core import semantic

    desc = "Newspaper names, e.g. 'The Plain Dealer', 'Akron Beacon Journal'. The website is always included."
    assert semantic.infer("publications", {"type": "string", "description": desc}) != "url"


def test_an_id_whose_digits_open_with_a_year_keeps_that_year_on_every_tool() -> None:
    """"Production code, e.g. PRD-2531 (season year + show number)" on one tool: every production
    of every tool is of the 2024 or 2025 season, never PRD-4322 (64 of set 21's 200 values)."""
    from generator.core.lore import annotate

    get = _tool("get_production", {"production_id": {
        "type": "string", "description": "Production code, e.g. PRD-2531 (season year + show number)."}})
    call = _tool("post_call", {"production_id": {"type": "string", "description": "PRD-NNNN"}})
    for tool in annotate([get, call]):
        for i in range(12):
            code = sample_arguments(tool, random.Random(i))["production_id"]
            assert code[:4] == "PRD-" and 24 <= int(code[4:6]) <= 25 and len(code) == 8, code


def test_a_bare_name_of_a_tool_about_people_is_a_persons_and_it_names_nothing() -> None:
    """`search_company_members` "Name or part of it.": a member's name, never "Cowan It" (14 rows)
    nor a company's "Holmes Inc" (the head of the tool's words is `members`)."""
    tool = _tool("search_company_members", {"name": {"type": "string", "description": "Name or part of it."}})
    names = [sample_arguments(tool, random.Random(i))["name"] for i in range(12)]
    assert not [n for n in names if n.endswith((" It", " Inc", " LLC", " Ltd")) or "-" in n], names


def test_a_list_may_close_its_sentence_with_a_semicolon_clause() -> None:
    """"LX, SQ, FLY, DECK, VID or SPOT; all departments if omitted." is a closed list (cue
    departments Finance and Sales in 19 rows)."""
    from generator.core import allowed

    said = allowed.read("LX, SQ, FLY, DECK, VID or SPOT; all departments if omitted.").allowed
    assert said == ("LX", "SQ", "FLY", "DECK", "VID", "SPOT")


def test_places_of_a_series_are_a_closed_list() -> None:
    """"Rehearsal Hall A, Rehearsal Hall B, or the stage." never gives a "guest room"; title-case
    labels are no list."""
    from generator.core import allowed

    assert allowed.read("Rehearsal Hall A, Rehearsal Hall B, or the stage.").allowed == (
        "Rehearsal Hall A", "Rehearsal Hall B", "Stage")
    assert allowed.read("Street Address, City Name, or Zip Code.").allowed == ()


def test_times_of_the_day_spread_over_the_day_not_the_querys_morning() -> None:
    """A rehearsal, a curtain, a kickoff: times later in the day too (every time of set 21's stage
    management fell between 09:00 and 12:00); an incident of days ago at any hour, not at 09:00."""
    rehearsal = _tool("schedule_rehearsal", {"start_time": {"type": "string", "description": "HH:MM, 24h."}})
    starts = [sample_arguments(rehearsal, random.Random(i))["start_time"] for i in range(30)]
    assert any(s >= "14:00" for s in starts), starts
    incident = _tool("report_incident", {"occurred_at": {"type": "string", "description": "Date and time, ISO 8601."}})
    hours = {sample_arguments(incident, random.Random(i))["occurred_at"][11:13] for i in range(12)}
    assert len(hours) > 3, hours


def test_a_list_empty_when_a_flag_holds_is_left_out_then() -> None:
    """"Defects seen; empty when passed.": a passed retread lists no defects (set 21: final
    inspections passed with three defects)."""
    tool = _tool("record_final_inspection", {
        "passed": {"type": "boolean"},
        "defects": {"type": "array", "items": {"type": "string", "enum": ["ply_blister", "tread_lift"]},
                    "description": "Defects seen; empty when passed."}}, required=["passed"])
    calls = [sample_arguments(tool, random.Random(i), optional_rate=1.0) for i in range(20)]
    assert not [c for c in calls if c["passed"] and c.get("defects")], calls
    assert any(c.get("defects") for c in calls)


def test_a_band_in_hours_bounds_a_count_of_minutes() -> None:
    """"Precure cycles run ... for about 3-4 hours" bounds `cure_minutes` to 180-240 (set 21: cure
    cycles of 5 to 105 minutes)."""
    tool = _tool("load_curing_chamber", {"cure_minutes": {"type": "integer", "description": "Cycle length in minutes."}},
                 "Load built tires into a curing chamber. Precure cycles run at 210-260 °F for about 3-4 hours.")
    assert all(180 <= sample_arguments(tool, random.Random(i))["cure_minutes"] <= 240 for i in range(12))


def test_examples_that_belong_to_a_closed_list_elsewhere_draw_from_that_list() -> None:
    """A conflict limited to age groups "(e.g. ['U12', 'U13'])" takes the league's `age_group`
    values (U8 ... U19, adult), never a series counted from U01 (set 20: "U04, U02 and U01")."""
    from generator.core.lore import annotate

    league = ["U8", "U9", "U10", "U11", "U12", "U13", "U14", "U19", "adult"]
    games = _tool("search_games", {"age_group": {"type": "string", "enum": league}})
    conflict = _tool("record_conflict", {"age_groups": {"type": "array", "items": {"type": "string"},
                                                        "description": "Limit to these age groups (e.g. ['U12', 'U13'])."}})
    _, conflict = annotate([games, conflict])
    for i in range(12):
        assert set(sample_arguments(conflict, random.Random(i))["age_groups"]) <= set(league)


def test_examples_that_name_kinds_of_content_give_that_content() -> None:
    """"Text to engrave ..., e.g. name and years." is "Ann Moyer 1941–2025", never "years" (set 21)."""
    tool = _tool("add_selection", {"engraving_text": {
        "type": "string", "description": "Text to engrave (urns and keepsakes only), up to 3 lines, e.g. name and years."}})
    for i in range(8):
        text = sample_arguments(tool, random.Random(i))["engraving_text"]
        assert re.fullmatch(r"[A-Z][\w.' -]+ \d{4}–\d{4}", text), text


def test_an_obituary_is_one_and_a_newspapers_name_is_no_topic() -> None:
    """`obituary_text` "Full text as approved by the family." beside newspapers "e.g. 'The Plain
    Dealer'": a death notice, never "regarding The Plain Dealer" (16 rows)."""
    tool = _tool("place_obituary", {
        "publications": {"type": "array", "items": {"type": "string"},
                         "description": "Newspaper names, e.g. 'The Plain Dealer', 'Akron Beacon Journal'."},
        "obituary_text": {"type": "string", "description": "Full text as approved by the family."}},
        "Send an obituary to newspapers.")
    for i in range(8):
        text = sample_arguments(tool, random.Random(i))["obituary_text"]
        assert "Plain Dealer" not in text and "Beacon" not in text and re.search(r"\b(?:died|passed|rest)\b", text), text
    from generator.core import freetext

    with freetext.vocabulary(["The Plain Dealer", "Akron Beacon Journal"]):
        assert freetext.topic_text(random.Random(1), "") is None  # names are sent to, never written about


def test_an_events_attendance_is_a_gathering_not_a_table() -> None:
    """`expected_attendance` "Approximate number of guests." of a memorial service: tens of people,
    never 1 to 4 (set 21)."""
    tool = _tool("book_service_event", {"expected_attendance": {"type": "integer",
                                                                "description": "Approximate number of guests."}})
    assert all(sample_arguments(tool, random.Random(i))["expected_attendance"] >= 10 for i in range(12))


def test_an_ids_parts_that_are_measures_stay_near_the_examples() -> None:
    """"Tread code, e.g. DR-230-26 (application prefix DR/TR/ST/AP, width in mm, depth in 32nds)":
    widths near 230 and depths near 26 on every tool that names a tread, never TR-839-89 (37 rows)."""
    from generator.core.lore import annotate

    get = _tool("get_tread_design", {"tread_code": {"type": "string", "description": "Tread code, e.g. DR-230-26 "
                                                    "(application prefix DR/TR/ST/AP, width in mm, depth in 32nds)."}})
    order = _tool("create_work_order", {"tread_code": {"type": "string", "description": "Tread design, e.g. TR-210-16."}})
    for tool in annotate([get, order]):
        for i in range(10):
            width, depth = map(int, sample_arguments(tool, random.Random(i))["tread_code"].split("-")[1:])
            assert 180 <= width <= 260 and 13 <= depth <= 30, (width, depth)


def test_amounts_the_tools_prose_lists_for_its_thing_are_the_ones_drawn() -> None:
    """"Fittings are 30 minutes for a single look, 60 for a full track": a fitting lasts 30 or 60
    minutes, never 26 or 55 (17 rows)."""
    tool = _tool("schedule_costume_fitting", {"duration_minutes": {"type": "integer", "minimum": 15, "maximum": 120}},
                 "Book a fitting with the costume shop. Fittings are 30 minutes for a single look, 60 for a full track.")
    assert {sample_arguments(tool, random.Random(i))["duration_minutes"] for i in range(12)} <= {30, 60}


def test_a_band_named_by_a_numbered_part_bounds_that_part() -> None:
    """"A typical two-act show: act 1 55-75 min, intermission 15 min, act 2 40-60 min": act one
    55-75 (set 21: act ones of 5 to 120 minutes)."""
    tool = _tool("file_performance_report", {"act_one_minutes": {"type": "integer"},
                                             "act_two_minutes": {"type": "integer"}},
                 "File the nightly performance report. Times in minutes. A typical two-act show: act 1 55-75 min, "
                 "intermission 15 min, act 2 40-60 min.")
    for i in range(10):
        args = sample_arguments(tool, random.Random(i))
        assert 55 <= args["act_one_minutes"] <= 75 and 40 <= args["act_two_minutes"] <= 60, args


def test_an_incidents_description_tells_what_happened() -> None:
    """`report_incident` "What happened" for an injury: an account of one ("A person slipped ..."),
    never "injury incident" read back from the type (all 18 report rows of set 21, 15 referee
    supplemental reports of set 20)."""
    tool = _tool("report_incident", {
        "incident_type": {"type": "string", "enum": ["injury", "illness", "equipment_failure"]},
        "description": {"type": "string", "description": "What happened. Facts only."}})
    for i in range(10):
        args = sample_arguments(tool, random.Random(i))
        kind = args["incident_type"].replace("_", " ")
        assert kind not in args["description"].lower() and len(args["description"].split()) >= 6, args


def test_a_place_whose_description_asks_an_address_is_one() -> None:
    """"Where to collect the deceased (facility name and address, or residence address)": a street
    address, never "Denver" or "Watson Station" (11 rows)."""
    tool = _tool("schedule_removal", {"pickup_location": {
        "type": "string", "description": "Where to collect the deceased (facility name and address, or residence address)."}})
    for i in range(10):
        where = sample_arguments(tool, random.Random(i))["pickup_location"]
        assert re.match(r"\d+ \w", where), where
