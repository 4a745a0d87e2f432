"""Phrasing from the set-22 reading (backflow testing, drilling operations, track maintenance):
each case fails when its rule is removed."""

from __future__ import annotations

from generator.core.surface import render
from generator.phrasebook.lexicon import singular, with_article
from generator.phrasebook.terms import say, term
from generator.records import Tool


def test_a_plural_the_lexicon_lacks_is_made_singular_by_its_ending() -> None:
    """"a slurries as tail" in every cement-job row."""
    assert singular("slurries") == "slurry" and with_article(singular("slurries")) == "a slurry"
    assert singular("chassis") == "chassis"


def test_an_item_s_role_is_said_before_its_noun() -> None:
    """{"role": "tail", "density_ppg": 15.6}: "a tail slurry with ...", never "a slurry as tail"."""
    slurries = {"type": "array", "description": "Slurries pumped, in order.", "items": {"type": "object", "properties": {
        "role": {"type": "string", "enum": ["spacer", "lead", "tail"]}, "density_ppg": {"type": "number"}}}}
    tool = Tool(name="record_cement_job", app="", api="record_cement_job", description="Record a cement job.",
                domain="drilling", parameters={"type": "object", "properties": {"slurries": slurries}})
    said = render([{"role": "tail", "density_ppg": 15.6}], "slurries", tool)
    assert said.startswith("a tail slurry"), said


def test_a_measured_depth_and_a_name_s_unit_are_said() -> None:
    """"a top of cement of 6000" (feet MD lost), "a minimum of at least 803 thousands"
    (`min_hookload_klbs`), "a cement of 0" (`cement_returns_bbl`)."""
    toc = term("top_of_cement_ft_md", {"type": "integer", "description": "Top of cement, measured depth in feet."})
    assert say(toc, "number", "6000", "record the cement job") == "with a top of cement of 6000 feet MD"
    hook = term("min_hookload_klbs", {"type": "integer", "description": "Minimum rated hookload in thousands of "
                                                                        "pounds (klbs), typically 500 to 1,000."})
    assert say(hook, "number", "800", "find rigs") == "with a rated hookload of at least 800 klbs"
    returns = term("cement_returns_bbl", {"type": "number", "description": "Cement returned to surface, barrels."})
    assert "barrels" in say(returns, "number", "12", "record the cement job")


def test_a_moment_in_local_time_is_said_without_a_zone() -> None:
    """"7 am UTC" for an appointment the tool takes in local time."""
    tool = Tool(name="schedule_test", app="", api="schedule_test", description="Book a test.", domain="backflow",
                parameters={"type": "object", "properties": {
                    "window_start": {"type": "string", "format": "date-time",
                                     "description": "Start of the arrival window, ISO 8601 local time."},
                    "at": {"type": "string", "format": "date-time"}}})
    assert "UTC" not in render("2025-06-10T08:00:00Z", "window_start", tool)
    assert "UTC" in render("2025-06-10T08:00:00Z", "at", tool)


def test_a_flag_that_writes_both_values_is_said_by_each() -> None:
    """"limited to segments that have (true) or do not have (false) an active slow order" read out
    in 18 queries; the false value said "whether or not that have ..."."""
    from generator.phrasebook.fragments import bool_words

    yes, no = bool_words("slow_order_in_effect", "Only segments that have (true) or do not have (false) an "
                                                 "active slow order.")
    assert yes == "limited to segments that have an active slow order", yes
    assert no == "limited to segments that do not have an active slow order", no


def test_the_limits_of_a_stretch_make_no_bound() -> None:
    """"end milepost of the limits of at most 112.47" (29 queries): an authority's limits are where
    it ends, no maximum."""
    t = term("end_mp", {"type": "number", "description": "End milepost of the limits."})
    assert "at most" not in say(t, "number", "155.09", "request an on-track authority")


def test_two_measures_of_one_noun_say_their_sides() -> None:
    """"a measured depth of 1600 feet MD, a measured depth of 13000 feet MD" (a day's start and end)."""
    from generator.writers.phrasing.args import said_as

    spec = {"type": "integer", "description": "Measured depth at 06:00 at the {} of the reporting day, in feet."}
    tool = Tool(name="create_daily_report", app="", api="create_daily_report", description="Open a report.",
                domain="drilling", parameters={"type": "object", "properties": {
                    "depth_start_ft_md": {**spec, "description": spec["description"].format("start")},
                    "depth_end_ft_md": {**spec, "description": spec["description"].format("end")}}})
    start, end = said_as("depth_start_ft_md", tool, "number", "1600"), said_as("depth_end_ft_md", tool, "number", "13000")
    assert "starting" in start and "ending" in end, (start, end)


def test_a_sentence_quoted_mid_clause_drops_its_full_stop() -> None:
    """"... with a note saying A motor stopped; maintenance was called.? On top of that ..."."""
    said = say(term("message", {"type": "string"}), "text", "The crew stood by until it passed.", "send")
    assert not said.endswith("."), said


def test_a_range_s_ends_are_said_as_from_and_to() -> None:
    """"search track segments with a milepost of the search range of 19" (the upper bound, unsaid),
    "search work orders starting 2025-06-04" for the latest planned start (set 22)."""
    low = term("from_mp", {"type": "number", "description": "Milepost with two decimals, e.g. 112.47."})
    high = term("to_mp", {"type": "number", "description": "Upper milepost of the search range."})
    assert say(low, "number", "19", "search") == "from milepost 19"
    assert say(high, "number", "112.47", "search") == "to milepost 112.47"
    latest = term("planned_start_to", {"type": "string", "format": "date", "description": "Latest planned start."})
    assert latest.role == "until", latest


def test_a_pointer_to_an_event_by_its_function_and_day_finds_it() -> None:
    """"the subdivision from my slow order search on May 11": an ultrasonic test logged that morning
    held a subdivision too, and the reader found no one event (set 22: 6 TRAIL targets lost)."""
    from datetime import datetime

    from generator.reader.pointers import cues, match_events
    from generator.records import HistoryEvent

    test = HistoryEvent(time="2025-05-11 08:56", apitype="track", toolname="TrackMaintenance",
                        apiname="log_ultrasonic_test", parameters={"subdivision": "HLN"})
    search = HistoryEvent(time="2025-05-11 19:01", apitype="track", toolname="TrackMaintenance",
                          apiname="search_slow_orders", parameters={"subdivision": "YEL"})
    said = cues("my slow order search on may 11", datetime(2025, 5, 25, 9), ["TrackMaintenance"])
    assert "11" not in said.words
    assert match_events(said, [test, search]) == [search]


def test_a_long_filter_flag_is_said_by_what_it_keeps() -> None:
    """"without out of compliance" (19 rows), "with the fire line not qualified": a flag described
    "Only premises with ..." said by what it keeps, its false value as no filter."""
    from generator.phrasebook.fragments import bool_words

    yes, no = bool_words("out_of_compliance", "Only premises with at least one assembly past its annual test due "
                                              "date or an open compliance notice.")
    assert yes.startswith("limited to premises with at least one assembly") and no.startswith("whether or not they have "), (yes, no)
    yes, no = bool_words("fire_line_qualified", "Only testers also qualified to test fire sprinkler assemblies (DCDA/RPDA).")
    assert yes == "limited to testers qualified to test fire sprinkler assemblies", yes


def test_a_state_of_a_thing_on_a_date_takes_its_article() -> None:
    """"find certified testers certificate valid on June 2nd" (24 rows)."""
    t = term("certificate_valid_on", {"type": "string", "format": "date"})
    assert say(t, "date", "June 2nd", "find testers") == "with a certificate valid on June 2nd"
    assert say(term("cancelled_by", {"type": "string"}), "text", "the patient", "") == "cancelled by the patient"


def test_a_rate_and_an_issued_id_are_said_as_people_say_them() -> None:
    """"a restricted speed of 5 miles" (`speed_mph`, "in miles per hour"); "for utility-assigned
    backflow assembly BFA-659349" (set 22)."""
    speed = term("speed_mph", {"type": "integer", "description": "Restricted speed in miles per hour."})
    assert say(speed, "number", "10", "place a slow order") == "with a restricted speed of 10 mph"
    flow = term("flow", {"type": "number", "description": "Flow in liters per minute."})
    assert say(flow, "number", "5", "set the pump").endswith("5 liters per minute")
    unit = term("assembly_id", {"type": "string", "description": "Utility-assigned backflow assembly number, "
                                                                   "BFA- followed by 6 digits (e.g. BFA-018342)."})
    assert say(unit, "text", "BFA-018342", "get the assembly") == "for backflow assembly BFA-018342"


def test_a_weight_per_foot_and_a_count_of_things_done_are_said_whole() -> None:
    """"a nominal weight of 146 feet" (`weight_lb_ft`, 20 rows) and "44 joints runs" (11 rows) in the
    third drilling reading (set 22)."""
    weight = term("weight_lb_ft", {"type": "number", "description": "Nominal weight in pounds per foot, e.g. 40."})
    assert say(weight, "number", "40", "run casing") == "with a nominal weight of 40 lb/ft"
    joints = term("joints", {"type": "integer", "description": "Number of joints run."})
    assert say(joints, "number", "44", "run casing") == "with 44 joints run"
