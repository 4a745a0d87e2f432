"""Phrasing the set-41 session fixed: a compound noun whose head the lexicon knows only as a verb
("a station's traffic log" read as "get a station's traffic"), a description's stand-in for what the
values say ("get CEMS data of one unit and parameter", "schedule a relative accuracy test audit of
one or more"), an object that is only a span of time ("Log a period in which a monitoring system
did not produce data": "log a period"), a mass noun ("request an access"), and an enum code that is
an English word ("NO", nitric oxide, said as "with no certified component")."""

from __future__ import annotations

from generator.phrasebook.fragments import quantified
from generator.phrasebook.intent import intent_of
from generator.records import Tool


def _tool(name: str, description: str, props: dict) -> Tool:
    return Tool(name=name, app="compliance", api=name, domain="compliance_set41", description=description,
                parameters={"type": "object", "properties": props, "required": list(props)})


S = {"type": "string"}


def test_a_compound_noun_keeps_its_head() -> None:
    log = _tool("get_traffic_log", "Get a station's traffic log for one broadcast day, which runs from 05:00 to 04:59.",
                {"station": S, "log_date": S})
    assert intent_of(log).endswith("traffic log"), intent_of(log)


def test_a_stand_in_for_the_values_is_never_read_out() -> None:
    cems = _tool("get_cems_data", "Get CEMS data of one unit and parameter between two hours.",
                 {"unit_id": S, "parameter": S, "start_hour": S})
    assert intent_of(cems) == "get CEMS data"
    rata = _tool("schedule_rata", "Schedule a relative accuracy test audit (RATA) of one or more monitoring systems "
                 "of a unit by a stack testing company.", {"unit_id": S, "system_ids": S})
    assert intent_of(rata) == "schedule a relative accuracy test audit"
    check = _tool("record_linearity_check", "Record a quarterly linearity check of one gas analyzer: three injections.",
                  {"component_id": S})
    assert intent_of(check) == "record a quarterly linearity check"


def test_a_span_of_time_is_no_object_and_access_takes_no_article() -> None:
    outage = _tool("log_monitor_outage", "Log a period in which a monitoring system did not produce quality-assured "
                   "data.", {"system_id": S, "start_time": S})
    assert intent_of(outage) == "log a monitor outage"
    access = _tool("request_site_access", "Request access (notice to proceed) to a site for a crew.", {"site_id": S})
    assert intent_of(access) == "request access"


def test_an_enum_code_that_spells_a_word_stays_a_code() -> None:
    gases = {"type": "string", "enum": ["NO", "NOX", "SO2", "CO", "CO2"]}
    assert quantified("NO", "gas_component", gases) is None
    assert quantified("none", "hazard_class", {"type": "string", "enum": ["none", "flammable", "toxic"]})
    assert quantified("NONE", "hazard_class", {"type": "string", "enum": ["NONE", "FLAMMABLE"]})  # a quantifier in caps


def test_values_and_nouns_said_as_a_person_says_them() -> None:
    from generator.phrasebook.fragments import enum_words
    from generator.phrasebook.terms import term

    assert enum_words("as_run", "version", {"enum": ["draft", "final", "as_run"]}) == "as-run"
    period = {"type": "string", "enum": ["1_hour", "3_hour"],
              "description": "Averaging period of the limit: 1_hour, 3_hour, 24_hour (block day)."}
    assert term("averaging_period", period).noun == "averaging period"
    began = {"type": "string", "format": "date-time", "description": "When the outage began or was first seen, ISO 8601."}
    assert term("outage_start", began).phrase == "with the outage beginning on"
    crew = {"type": "string", "description": "Contractor company of the crew, e.g. 'Lonestar Tower Services'."}
    assert term("company", crew).noun == "contractor company"
    kinds = {"type": "string", "enum": ["new_colocation", "modification"],
             "description": "new_colocation (a new tenant or a new rad center), modification (change equipment)."}
    assert enum_words("new_colocation", "application_type", kinds) != "a new tenant or a new rad center"


def test_a_count_of_one_said_before_an_item_named_as_written_is_read() -> None:
    """An LLM's "It's one CommScope NHH-65B-R2B ..." states the quantity 1 of that antenna (set 41:
    the one false rejection of 81 first replies)."""
    from generator.validators.leaves import missing_leaves

    antennas = {"type": "array", "items": {"type": "object", "properties": {
        "model": {"type": "string", "description": "Manufacturer and model, e.g. 'Ericsson AIR 6449'."},
        "quantity": {"type": "integer", "minimum": 1, "maximum": 12, "description": "How many of this model."},
        "azimuths": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 359}}},
        "required": ["model", "quantity", "azimuths"]}}
    value = [{"model": "CommScope NHH-65B-R2B", "quantity": 1, "azimuths": [0, 120, 240]}]
    said = "It's one CommScope NHH-65B-R2B at a 195-foot rad center, azimuths 0, 120 and 240."
    assert missing_leaves(said, value, "antennas", antennas, None) == []
    unsaid = "It's CommScope NHH-65B-R2B at a 195-foot rad center, azimuths 0, 120 and 240."
    assert missing_leaves(unsaid, value, "antennas", antennas, None) == ["the quantity 1 of antenna CommScope NHH-65B-R2B"]


def test_a_state_code_is_where_and_a_filter_on_an_end_says_it() -> None:
    from generator.phrasebook.terms import say, term

    state = {"type": "string", "pattern": "^[A-Z]{2}$", "description": "Two-letter US state code of the site, e.g. 'GA'."}
    assert say(term("state", state), "text", "GA", "search tenant leases") == "in GA"
    ending = {"type": "string", "format": "date", "description": "Only leases whose current term ends before this date."}
    assert say(term("expiring_before", ending), "date", "June 2, 2025", "search tenant leases") == \
        "expiring before June 2, 2025"


def test_a_share_in_percent_and_a_quarter_said_as_people_say_them() -> None:
    from generator.phrasebook.terms import say, term

    weight = {"type": "integer", "minimum": 1, "maximum": 100, "description": "Share of the line's spots in percent."}
    assert say(term("weight_percent", weight), "number", "40", "set the copy rotation") == "with 40% of the line's spots"
    quarter = {"type": "integer", "minimum": 1, "maximum": 4, "description": "Calendar quarter, 1 to 4."}
    assert say(term("quarter", quarter), "number", "1", "submit a report") == "for Q1"
    from generator.core.surface import mentions

    report = _tool("submit_quarterly_report", "Submit a quarterly report.", {"quarter": quarter})
    assert mentions("Submit the report for Q1, please.", 1, "quarter", report)  # what is said is read back
    assert not mentions("Submit the report for Q3, please.", 1, "quarter", report)


def test_a_call_sign_is_said_as_written_and_a_move_goes_to_its_target() -> None:
    from generator.phrasebook.fragments import enum_words
    from generator.phrasebook.terms import say, term

    stations = {"type": "string", "enum": ["KTRX", "KBVE"],
                "description": "Station call sign: KTRX (Austin TX, Central time), KBVE (Boise ID, Mountain time)."}
    assert enum_words("KBVE", "station", stations) is None  # never "the Kbve station"
    target = {"type": "string", "pattern": "^BRK-[0-9]{8}-[0-9]{3}$",
              "description": "Commercial break identifier, e.g. 'BRK-20250417-014'."}
    assert say(term("target_break_id", target), "text", "BRK-20250521-101", "move scheduled spot") == \
        "to commercial break BRK-20250521-101"
    assert say(term("target_break_id", target), "text", "BRK-20250521-101", "find programs").startswith("for ")


def test_a_kind_of_unit_is_no_unit_of_measure() -> None:
    from generator.phrasebook.terms import say, term

    kinds = {"type": "string", "enum": ["boiler", "reciprocating_engine", "flare"], "description": "Unit type."}
    assert say(term("unit_type", kinds), "enum", "boiler", "search for emission units") != "in boiler"
    money = {"type": "string", "enum": ["USD", "SGD"], "description": "Currency unit."}
    assert say(term("currency_unit", money), "enum", "SGD", "pay the bill") == "in SGD"  # a unit still is


def test_whose_records_a_search_reads_goes_without_saying() -> None:
    master = _tool("search_advertisers", "Search the station group's advertiser master. Give at least one of name or "
                   "category.", {"name": S})
    assert intent_of(master) == "search the advertiser master"


def test_a_name_pointed_at_in_a_history_hint_is_the_things_name() -> None:
    """"search the advertiser master for my usual name" reads as the user's own name (set 41)."""
    from generator.core.plan import history_noun

    search = _tool("search_advertisers", "Search the advertiser master.",
                   {"name": {"type": "string", "description": "Advertiser or DBA name, or its start."}})
    assert history_noun("name", search) == "advertiser name"
    programs = _tool("search_programs", "Find programs on a station's schedule.",
                     {"title": {"type": "string", "description": "Program title or its start."}})
    assert history_noun("title", programs) == "program title"
