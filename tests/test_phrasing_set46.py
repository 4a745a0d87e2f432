"""Phrasing fixed in set 46 (a sleep-disorders lab, a scrap-metal yard, a broiler hatchery): what
expires is said ("with the ID expiring on ...", never "the of the expiring"); a reading in "microR per
hour" is no span of hours; a reason a seller did is said of the seller, one done to a load is said
done to it; a day's own things take no article ("today's buy prices"); a unit enum "per net ton" is
said bare; a share defined as "X over Y" is named by its parameter; a count described by a plural
noun ("Embryos dead in days 1-7") is that many of them, never "for 4 days"."""

from __future__ import annotations

from generator.core import semantic
from generator.core.surface import render
from generator.phrasebook import terms
from generator.phrasebook.intent import intent_of
from generator.records import Tool


def test_what_expires_is_said_with_its_day() -> None:
    t = terms.term("id_expiration", {"type": "string", "description": "Expiry date of the ID, YYYY-MM-DD."})
    assert t.phrase == "with the ID expiring", t
    assert terms.term("license_expiration", {"type": "string", "description": "Expiry date of the license."}).phrase \
        == "with the license expiring"
    assert terms.say(t, "date", "May 15, 2027") == "with the ID expiring on May 15, 2027"
    assert terms.say(t, "date", "tomorrow") == "with the ID expiring tomorrow"


def test_a_rate_per_hour_is_no_span_of_hours() -> None:
    spec = {"type": "number", "minimum": 0, "maximum": 100000,
            "description": "Highest handheld reading at the load surface, microR per hour."}
    t = terms.term("survey_micror_per_h", spec)
    assert t.unit == "microR per hour", t
    assert semantic.infer("survey_micror_per_h", spec) == "generic"
    assert semantic.infer("idle_hours", {"type": "number"}) == "duration_hours"  # a span still is one
    assert terms.term("flow_per_h", {"type": "number", "description": "Flow."}).unit == "", "a rate's name says no hours"


def test_a_reason_is_said_the_right_way_round() -> None:
    tool = Tool(name="void_ticket", app="yard", api="void_ticket", domain="set46b", description="Void a scale ticket.",
                parameters={"type": "object", "properties": {"reason": {
                    "type": "string", "enum": ["seller_left", "kidney_left", "load_rejected_radiation", "duplicate"],
                    "description": "Reason for voiding."}}})
    assert render("seller_left", "reason", tool) == "seller left"
    assert terms._reason_clause("seller left") == "because the seller left"
    assert terms._reason_clause("load rejected radiation") == "because the load was rejected for radiation"
    assert terms._reason_clause("load rejected prohibited item") == "because the load was rejected for a prohibited item"
    assert terms._reason_clause("customer declined quote") == "because the customer declined the quote"  # who acts
    assert terms._reason_clause("patient ill") == "because the patient is ill"  # never "because of patient ill"


def test_a_days_own_things_take_no_article() -> None:
    tool = Tool(name="get_grade_prices", app="yard", api="get_grade_prices", domain="set46b",
                description="Get today's buy prices by grade. Ferrous grades are priced per gross ton.",
                parameters={"type": "object", "properties": {"grade": {"type": "string", "enum": ["hms_1", "copper_1"]}}})
    assert "the today's" not in intent_of(tool) and "today's buy prices" in intent_of(tool), intent_of(tool)


def test_a_unit_per_thing_is_said_bare() -> None:
    t = terms.term("unit", {"type": "string", "enum": ["per_lb", "per_net_ton"], "description": "Pricing unit."})
    assert terms.say(t, "enum", "per net ton") == "per net ton"
    assert terms.say(t, "enum", "kg") == "in kg"


def test_a_share_of_a_ratio_is_named_by_its_parameter_and_a_count_by_its_things() -> None:
    total = terms.term("hatch_of_total_pct", {"type": "number", "description": "Saleable chicks over eggs set, percent."})
    assert total.noun == "hatch of total", total
    dead = terms.term("early_dead", {"type": "integer", "description": "Embryos dead in days 1-7."})
    assert dead.noun == "early dead embryos" and dead.unit == "", dead


def test_the_last_characters_of_an_id_are_said_as_its_ending() -> None:
    t = terms.term("id_last4", {"type": "string", "pattern": "^[0-9A-Z]{4}$",
                                "description": "Last four characters of the ID document number."})
    assert terms.say(t, "text", "3721") == "with the ID ending in 3721", t  # never "last four characters of ... 3721"


def test_a_day_of_a_process_a_minutes_reading_and_a_rate_index_are_said_by_their_nouns() -> None:
    day = terms.term("incubation_day", {"type": "integer", "minimum": 7, "maximum": 19,
                                        "description": "Day of incubation candled."})
    assert terms.say(day, "number", "12") == "on day 12 of incubation", day  # never "with an incubation of 12"
    t90 = terms.term("t90_min", {"type": "number", "minimum": 0, "maximum": 720, "description": "Minutes with SpO2 below 90%."})
    assert t90.unit == "minutes" and not t90.bound and not t90.role, t90  # `_min` here is minutes, no minimum
    assert terms.term("price_min", {"type": "number", "description": "Lowest price."}).role == "from"
    cai = terms.term("central_apnea_index", {"type": "number", "description": "Central apneas per hour of sleep."})
    assert terms.say(cai, "number", "5.8") == "with a central apnea index of 5.8", cai


def test_a_thing_is_said_in_the_state_its_participle_ends_it_in() -> None:
    t = terms.term("data_upload", {"type": "string", "enum": ["uploaded", "failed", "no_data"],
                                   "description": "Result of downloading the recording."})
    assert terms.say(t, "enum", "uploaded") == "with the data uploaded"  # never "the uploaded data upload"
    assert terms.say(t, "enum", "failed") == "with the data upload failed"
    kept = terms.term("storage", {"type": "string", "enum": ["refrigerated", "frozen"], "description": "Storage."})
    assert "refrigerated storage" in terms.say(kept, "enum", "refrigerated")  # a kind keeps its word order


def test_ids_named_with_what_was_done_to_them_are_the_ids() -> None:
    t = terms.term("receipt_ids", {"type": "array", "items": {"type": "string"},
                                   "description": "Egg receipts set, e.g. ['ER-2025-00812']."})
    assert t.noun == "egg receipts", t  # never "for egg receipts sets ER-..."


def test_a_range_says_its_unit_once_after_the_second_number_and_one_value_once() -> None:
    from generator.core.plan import plan_explicit
    from generator.records import Target, ToolCall
    from generator.writers.base import WriteRequest
    from generator.writers.template import paraphrases

    tool = Tool(name="search_breeder_flocks", app="hatchery", api="search_breeder_flocks", domain="set46c",
                description="Find the broiler breeder flocks that supply hatching eggs.",
                parameters={"type": "object", "properties": {
                    "min_age_weeks": {"type": "integer", "minimum": 18, "maximum": 70,
                                      "description": "Youngest flock age to include, weeks."},
                    "max_age_weeks": {"type": "integer", "minimum": 18, "maximum": 70,
                                      "description": "Oldest flock age to include, weeks."}}})
    for low, high, said in ((24, 25, "between 24 and 25 weeks"), (41, 41, "age 41 weeks")):
        target = Target(id="x", kind="single", calls=[ToolCall(tool=tool.name, arguments={
            "min_age_weeks": low, "max_age_weeks": high})], offered=[tool.name], domain=tool.domain)
        request = WriteRequest(target=target, plan=plan_explicit(target, tools={tool.name: tool}), tools=[tool], n=1)
        query = paraphrases(request, 46, 1)[0]
        assert said in query and "age weeks" not in query, query


def test_a_first_day_opens_and_a_last_day_closes() -> None:
    first = terms.term("effective_date", {"type": "string", "format": "date", "description": "First day the price applies."})
    assert terms.say(first, "date", "June 4, 2025") == "starting June 4, 2025", first  # never "a first day of June 4"
    last = terms.term("valid_through", {"type": "string", "description": "Last day of the quote, YYYY-MM-DD."})
    assert terms.say(last, "date", "June 4, 2025").startswith("until"), last


def test_a_superlative_filter_is_a_bound_and_a_count_keeps_what_was_done() -> None:
    oldest = terms.term("max_age_weeks", {"type": "integer", "minimum": 18, "maximum": 70,
                                          "description": "Oldest flock age to include, weeks."})
    assert terms.say(oldest, "number", "35") == "with a flock age of at most 35 weeks", oldest
    rejected = terms.term("rejected_eggs", {"type": "integer", "minimum": 0,
                                            "description": "Eggs rejected at receiving (cracked, dirty)."})
    assert terms.say(rejected, "number", "0") == "with 0 eggs rejected", rejected  # never "with 0 eggs"


def test_one_id_of_a_list_takes_its_noun_in_the_singular() -> None:
    from generator.core.surface import value_kind
    from generator.writers.phrasing.args import said_as

    tool = Tool(name="transfer_to_hatcher", app="hatchery", api="transfer_to_hatcher", domain="set46c",
                description="Move a set to hatchers.", parameters={"type": "object", "properties": {
                    "hatcher_ids": {"type": "array", "items": {"type": "string", "enum": ["H04", "H10"]},
                                    "description": "Hatchers receiving the eggs."},
                    "house_numbers": {"type": "array", "items": {"type": "integer"}, "description": "Houses to fill."}}})

    def said(param: str, value: list[object]) -> str:
        return said_as(param, tool, value_kind(value, param, tool), render(value, param, tool))

    assert said("hatcher_ids", ["H10"]) == "for hatcher H10"  # the kind the writer passes, never "for hatchers H10"
    assert said("hatcher_ids", ["H04", "H10"]) == "for hatchers H04 and H10"
    assert "house 2" in said("house_numbers", [2]) and "houses 2" not in said("house_numbers", [2])
    fewest = terms.term("min_starters", {"type": "integer", "description": "Fewest entries to draw."})
    assert terms.say(fewest, "number", "12").endswith("entries 12"), "a number is no list of one"


def test_the_one_a_call_chooses_of_the_things_its_intent_lists() -> None:
    from generator.core.plan import plan_explicit
    from generator.records import Target, ToolCall
    from generator.writers.base import WriteRequest
    from generator.writers.template import paraphrases

    tool = Tool(name="search_incubators", app="hatchery", api="search_incubators", domain="set46c",
                description="Find setters and hatchers and their state.",
                parameters={"type": "object", "required": ["machine_type"], "properties": {
                    "machine_type": {"type": "string", "enum": ["setter", "hatcher"], "description": "Kind of machine."}}})
    target = Target(id="x", kind="single", calls=[ToolCall(tool=tool.name, arguments={"machine_type": "hatcher"})],
                    offered=[tool.name], domain=tool.domain)
    request = WriteRequest(target=target, plan=plan_explicit(target, tools={tool.name: tool}), tools=[tool], n=1)
    query = paraphrases(request, 46, 1)[0]
    assert "find hatchers" in query and "setters" not in query, query  # never "setters and hatchers for a hatcher"
    register = Tool(name="register_seller", app="yard", api="register_seller", domain="set46b",
                    description="Register a new seller or re-scan the ID of an existing one. Returns seller_id.",
                    parameters={"type": "object", "properties": {"last_name": {"type": "string"}}})
    assert intent_of(register) == "register a new seller", intent_of(register)


def test_a_count_of_things_with_a_mark_keeps_the_mark() -> None:
    t = terms.term("sorem_periods", {"type": "integer", "minimum": 0, "maximum": 5,
                                     "description": "Naps with a sleep-onset REM period (MSLT only)."})
    assert terms.say(t, "number", "2") == "with 2 naps with a sleep-onset REM period", t  # never "with 2 naps"


def test_a_value_a_record_was_moved_to_is_said_so() -> None:
    t = terms.term("downgraded_to", {"type": "string", "enum": ["hms_1", "hms_2", "copper_2"],
                                     "description": "Grade the mill paid it as, when downgraded."})
    assert terms.say(t, "enum", "copper 2") == "downgraded to copper 2", t  # never "with the copper 2 grade"
