"""Phrasings the set-23 readings asked for (an aircraft shop, an electric utility, a loan office)."""

from __future__ import annotations

from generator.phrasebook import terms


def test_a_reading_at_check_in_is_in_the_hours_its_description_says() -> None:
    term = terms._term("hobbs_in", "Hobbs meter reading at check-in, hours (e.g. 2871.4).", "number", "")
    assert term.unit == "hours", term
    assert terms._term("slump_in", "Slump of the load.", "number", "").unit == "inches"


def test_a_directive_number_shaped_like_a_day_is_said_as_written() -> None:
    from generator.core.surface import render

    assert render("2011-09-28", "ad_number", None) == "2011-09-28"
    assert render("2011-09-28", "due_date", None) != "2011-09-28"


def test_a_work_order_status_sorts_nothing() -> None:
    status = terms._term("status", "Work order status.", "string", "", ("open", "closed"))
    assert "sorted" not in terms._enum(status, "closed", "search for work orders")
    order = terms._term("order_by", "Field to order the results by.", "string", "", ("price", "rating"))
    assert terms._enum(order, "price", "search hotels") == "sorted by price"


def test_two_readings_of_one_noun_say_which_is_next() -> None:
    from generator.core.surface import spec_of
    from generator.records import Tool
    from generator.writers.phrasing.args import apart

    props = {"tach_at_compliance": {"type": "number", "description": "Tach time when the AD was complied with, hours."},
             "next_due_tach": {"type": "number", "description": "Tach time when the AD is next due, hours."}}
    tool = Tool(name="record_ad_compliance", app="", api="record_ad_compliance", domain="aircraft",
                description="Record an AD compliance.", parameters={"type": "object", "properties": props})
    nouns = [apart(terms.term(p, spec_of(tool, p)), p, tool).noun for p in props]
    assert len(set(nouns)) == 2 and nouns[1].startswith("next"), nouns


def test_a_lower_bound_said_by_the_time_keeps_its_frame() -> None:
    import random

    from generator.records import ArgPlan, Tool
    from generator.writers.phrasing.args import Arg, _hint_modifier

    props = {"effective_after": {"type": "string", "format": "date",
                                 "description": "Only ADs effective on or after this date, YYYY-MM-DD."},
             "date_from": {"type": "string", "format": "date", "description": "Start date."}}
    tool = Tool(name="search_airworthiness_directives", app="", api="search_airworthiness_directives",
                domain="aircraft", description="Search ADs.", parameters={"type": "object", "properties": props})
    plan = ArgPlan(param="effective_after", value="2025-06-02", mode="hinted", source="time", hint="today")
    said = _hint_modifier(Arg("effective_after", "today", plan), tool, random.Random(1))
    assert said == "effective after today", said
    plain = ArgPlan(param="date_from", value="2025-06-02", mode="hinted", source="time", hint="today")
    assert _hint_modifier(Arg("date_from", "today", plain), tool, random.Random(1)) == "from? today"


def test_a_tools_request_keeps_its_one_of_its_coordination_and_its_purpose() -> None:
    from generator.records import Tool
    from generator.writers.phrasing.intents import derived_intent

    def intent(name: str, description: str) -> str:
        return derived_intent(Tool(name=name, app="", api=name, domain="x", description=description,
                                   parameters={"type": "object", "properties": {}}))

    assert intent("ship_lending_item", "Ship one of our items to a borrowing library.") == "ship one of our items"
    assert intent("answer_lending_request", "Answer a lending request we cannot or will not fill.") == \
        "answer a lending request"
    assert intent("renew_request", "Ask the lender to renew a loan. The new due date must be later.") == \
        "ask the lender to renew a loan"
    assert intent("schedule_disconnect", "Schedule a remote or field disconnect at a premise.").endswith("disconnect")


def test_a_value_is_said_with_its_own_noun_not_the_things_it_belongs_to() -> None:
    queue = terms._term("status", "Current queue of the transaction.", "string", "", ("request_sent", "returned"))
    assert terms.say(queue, "enum", "request sent", "search transactions") == "with the request sent queue"
    side = terms._term("role", "Our side of the transaction.", "string", "", ("borrowing", "lending"))
    assert terms.say(side, "enum", "lending", "search transactions") == "with the lending side"
    symbol = terms._term("borrower_symbol", "OCLC institution symbol of a library, 3 to 5 letters, e.g. 'ZCU'.",
                         "string", "")
    assert terms.say(symbol, "text", "ZCU", "search the lending queue") == "with the OCLC institution symbol ZCU"


def test_a_number_named_by_its_unit_is_said_once() -> None:
    days = terms._term("expires_in_days", "Days the PDF stays available.", "integer", "")
    assert terms.say(days, "number", "30", "post a scanned article") == "expiring in 30 days"


def test_a_flag_named_by_a_noun_is_had_or_not() -> None:
    from generator.phrasebook.fragments import bool_words

    assert bool_words("hazard", "True when someone is in danger or a downed wire is in the road.") == \
        ("with hazard", "without hazard")
    assert bool_words("reprint", "Print even if a copy exists.")[0] == "reprinting"
