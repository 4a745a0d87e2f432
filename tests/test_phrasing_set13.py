"""Phrasing and values from the set-13 reading (school transportation, county land records, pawn shop):
each test names the defect a reader found, and fails when the rule that mends it is removed."""

from __future__ import annotations

import random

from generator.core.values import value_for
from generator.phrasebook.fragments import bool_words
from generator.phrasebook.intent import from_description
from generator.phrasebook.terms import say, term
from generator.records import Tool


def _tool(name: str, description: str, props: dict | None = None, required: list[str] | None = None) -> Tool:
    return Tool(name=name, app="ops", api=name, domain="ops", description=description,
                parameters={"type": "object", "properties": props or {}, "required": required or []})


def test_a_fleet_number_is_the_thing_s_number_not_a_count_of_it() -> None:
    bus = term("bus_number", {"type": "integer", "description": "Fleet number painted on the bus, 1-250."})
    assert say(bus, "number", "4", "open a work order") == "for bus 4"  # never "with a bus of 4"


def test_the_stop_a_new_one_goes_after_is_said_as_after_it() -> None:
    after = term("after_stop_id", {"type": "string", "description": "Stop ID, 'STP-' and 5 digits, e.g. 'STP-30418'."})
    assert say(after, "text", "STP-30418", "add the new stop") == "after stop STP-30418"  # never "add new stop STP-30418"


def test_what_happened_at_a_time_takes_a_relative_clause() -> None:
    at = term("occurred_at", {"type": "string", "format": "date-time"})
    assert say(at, "datetime", "June 2 at 10 am", "file an incident") == "that occurred on June 2 at 10 am"


def test_a_place_complement_stops_before_the_next_parameter_s_words() -> None:
    sub = _tool("assign_substitute_driver", "Put a substitute driver on a route for one service date.")
    assert from_description(sub).endswith("on a route")  # never "... on a route for one"


def test_getting_a_record_by_its_number_is_looking_it_up() -> None:
    ticket = _tool("get_pawn_ticket", "Get a pawn loan. Returns {ticket_number, principal_usd}.",
                   {"ticket_number": {"type": "string", "pattern": "^PT-[0-9]{7}$"}}, ["ticket_number"])
    assert from_description(ticket) == "look up the pawn loan"  # never "get a pawn loan": taking one out
    quote = _tool("get_quote", "Get a quote for a move.", {"origin": {"type": "string"}}, ["origin"])
    assert from_description(quote) == "get a quote"  # no record it is read by: a new one is asked for


def test_a_grade_or_class_code_follows_its_noun() -> None:
    grade = term("grade", {"type": "string", "enum": ["PK", "K", "1", "11"]})
    assert say(grade, "enum", "11", "search for students") == "for grade 11"  # never "with the 11 grade"


def test_a_kind_of_countable_thing_is_one_of_them() -> None:
    kind = term("document_type", {"type": "string", "enum": ["plat", "mortgage"], "description": "Kind of recorded document."})
    assert say(kind, "enum", "plat", "calculate the recording fee") == "for a plat"  # never "with plat recorded document"
    feed = term("feed_type", {"type": "string", "enum": ["grower pellet"], "description": "Type of feed delivered."})
    assert say(feed, "enum", "grower pellet", "log a feeding") == "with grower pellet feed"


def test_the_parties_to_a_deed_are_people_named_by_their_role() -> None:
    spec = {"type": "array", "items": {"type": "string"}, "description": "Names of the parties conveying or granting, as signed."}
    rng = random.Random(3)
    for _ in range(5):
        names = value_for(spec, rng, name="grantors")
        assert all(len(n.split()) >= 2 and "grantor" not in n.lower() for n in names), names  # never "grantor 5"
    assert say(term("grantors", spec), "text", "Ann Lee and Bo Chan", "submit a document") == \
        "with the grantors Ann Lee and Bo Chan"  # never "with the names of the parties"


def test_a_decedent_is_a_person_not_a_surname_and_a_title() -> None:
    rng = random.Random(1)
    names = [value_for({"type": "string"}, rng, name="decedent_name") for _ in range(10)]
    assert not any(n.endswith("Decedent") for n in names), names  # never "Hoffman Decedent"


def test_an_email_is_said_as_one_never_as_a_place() -> None:
    email = term("return_to_email", {"type": "string", "description": "Where the recorded image is sent."})
    assert say(email, "text", "a@b.org", "submit a document") == "with the email a@b.org"  # never "in a@b.org"


def test_a_flag_done_by_someone_says_who_did_it() -> None:
    assert bool_words("redeemed_by_pledgor") == ("redeemed by the pledgor", "not redeemed by the pledgor")


def test_a_condition_and_a_frequency_are_said_as_people_say_them() -> None:
    cond = term("condition", {"type": "string", "enum": ["good", "fair"]})
    assert say(cond, "enum", "fair", "appraise an item") == "in fair condition"
    freq = term("frequency", {"type": "string", "enum": ["weekly", "monthly"]})
    assert say(freq, "enum", "monthly", "put an item on layaway") == "on a monthly schedule"


def test_a_derived_persona_s_street_address_is_a_street_address() -> None:
    from generator.catalog import Catalog
    from generator.core import lore
    from generator.derived_personas import derive_personas

    stops = Tool(name="find_nearest_stops", app="bus", api="find_nearest_stops", domain="school_bus",
                 description="Find bus stops near a home address.",
                 parameters={"type": "object", "required": ["address", "school_code"], "properties": {
                     "address": {"type": "string", "description": "Home street address, e.g. '1840 Maple Ridge Dr'."},
                     "school_code": {"type": "string", "pattern": "^[0-9]{4}$"}}})
    personas = derive_personas(Catalog(lore.annotate([stops])), seed=3, count=6)
    said = [h.args["address"] for p in personas for h in p.habits if "address" in h.args]
    said += [v for p in personas for v in p.pools.get("address", [])]
    assert said and all(v[:1].isdigit() for v in said), said  # never "Cohen Tower" or a town


def test_a_deed_s_price_and_a_lien_s_payoff_are_thousands_not_a_receipt() -> None:
    rng = random.Random(2)
    price = {"type": "number", "description": "Sale price or amount secured, in US dollars."}
    for name, spec in (("consideration_usd", price), ("payoff_amount_usd", {"type": "number"})):
        said = [value_for(spec, rng, name=name) for _ in range(10)]
        assert min(said) >= 1000, (name, said)  # never a $141 lien payoff or a $228 mortgage


def test_installments_fit_the_term_the_prose_allows_at_their_frequency() -> None:
    from generator.core.values import sample_arguments

    layaway = Tool(name="create_layaway", app="shop", api="create_layaway", domain="shop",
                   description="Put an item on layaway. The down payment must be at least 10%; layaways run at most 90 days.",
                   parameters={"type": "object", "required": ["installments"], "properties": {
                       "installments": {"type": "integer", "minimum": 2, "maximum": 12},
                       "frequency": {"type": "string", "enum": ["weekly", "biweekly", "monthly"], "default": "biweekly"}}})
    days = {"weekly": 7, "biweekly": 14, "monthly": 30}
    for seed in range(40):
        args = sample_arguments(layaway, random.Random(seed), optional_rate=0.5)
        assert args["installments"] * days[args.get("frequency", "biweekly")] <= 90, args  # never 11 biweekly


def test_a_thing_s_description_describes_the_thing_not_a_note() -> None:
    car = term("vehicle_description", {"type": "string", "description": "Color, make and body style, e.g. 'silver Honda minivan'."})
    assert say(car, "text", "silver Honda minivan", "report a motorist") == \
        "with the vehicle described as silver Honda minivan"  # never "a note saying silver Honda minivan"
    assert say(term("description", {"type": "string"}), "text", "brakes squeal", "open a work order") == \
        "with a note saying brakes squeal"


def test_values_paired_with_another_s_members_in_a_description_stay_paired() -> None:
    from generator.core.values import sample_arguments

    melt = Tool(name="calculate_melt_value", app="shop", api="calculate_melt_value", domain="shop",
                description="Compute the melt value of scrap metal.",
                parameters={"type": "object", "required": ["metal", "purity"], "properties": {
                    "metal": {"type": "string", "enum": ["gold", "silver", "platinum"]},
                    "purity": {"type": "string", "enum": ["10K", "14K", "18K", "22K", "24K", "925", "999", "950"],
                               "description": "Karat for gold ('10K', '14K', '18K', '22K', '24K'), fineness for "
                                              "silver and platinum ('925', '999', '950')."}}})
    drawn = [sample_arguments(melt, random.Random(seed)) for seed in range(40)]
    assert {a["metal"] for a in drawn} == {"gold", "silver", "platinum"}  # every metal still drawn
    assert all(a["purity"].endswith("K") == (a["metal"] == "gold") for a in drawn), drawn  # never platinum at 24K


def test_a_sale_number_is_no_pawn_ticket_when_the_description_names_both() -> None:
    number = term("transaction_number", {"type": "string", "pattern": "^(PT|PU)-[0-9]{7}$",
                                         "description": "Pawn ticket ('PT-0048213') or purchase ID ('PU-0031980')."})
    assert say(number, "text", "PU-0031980", "submit a transaction") == "for transaction PU-0031980"


def test_an_id_s_leading_code_follows_the_kind_its_example_is_shown_for() -> None:
    from generator.core.values import sample_arguments

    report = Tool(name="submit_police_report", app="shop", api="submit_police_report", domain="shop",
                  description="Submit a pawn or purchase transaction to the police.",
                  parameters={"type": "object", "required": ["transaction_type", "transaction_number"], "properties": {
                      "transaction_type": {"type": "string", "enum": ["pawn", "purchase"]},
                      "transaction_number": {"type": "string", "pattern": "^(PT|PU)-[0-9]{7}$",
                                             "description": "Pawn ticket ('PT-0048213') or purchase ID ('PU-0031980')."}}})
    for seed in range(20):
        args = sample_arguments(report, random.Random(seed))
        assert args["transaction_number"][:2] == {"pawn": "PT", "purchase": "PU"}[args["transaction_type"]], args


def test_a_field_trip_leaves_and_comes_back_hours_apart() -> None:
    from datetime import datetime

    from generator.core.values import sample_arguments

    trip = Tool(name="request_field_trip", app="bus", api="request_field_trip", domain="school",
                description="Request buses for a school field trip.",
                parameters={"type": "object", "required": ["depart_at", "return_at"], "properties": {
                    "depart_at": {"type": "string", "format": "date-time"},
                    "return_at": {"type": "string", "format": "date-time"}}})
    for seed in range(20):
        args = sample_arguments(trip, random.Random(seed))
        gap = datetime.fromisoformat(args["return_at"]) - \
            datetime.fromisoformat(args["depart_at"])
        assert 2 * 3600 <= gap.total_seconds() <= 9 * 3600, args  # never a 15-minute zoo trip


def test_a_look_back_a_channel_and_a_role_are_said_as_people_say_them() -> None:
    back = term("years_back", {"type": "integer", "description": "How many years to search back."})
    assert say(back, "number", "30", "build the chain of title") == "going back 30 years"  # never "with years back 30"
    delivery = term("delivery", {"type": "string", "enum": ["mail", "counter_pickup", "email_pdf"]})
    assert say(delivery, "enum", "email pdf", "order copies") == "by email pdf"
    role = term("party_role", {"type": "string", "enum": ["grantor", "grantee", "either"]})
    assert say(role, "enum", "either", "search the index") == "in either role"
    assert say(role, "enum", "grantor", "search the index") == "as grantor"


def test_a_reason_that_is_an_adjective_is_said_as_reasons() -> None:
    reason = term("reason", {"type": "string", "enum": ["sick", "personal", "traffic"]})
    assert say(reason, "enum", "personal", "put a substitute driver on a route") == "for personal reasons"
    assert say(reason, "enum", "traffic", "report the delay") == "because of traffic"


def test_what_was_found_is_described_in_the_words_the_tool_s_prose_gives_it() -> None:
    from generator.core.values import sample_arguments

    def tool(name: str, description: str) -> Tool:
        return Tool(name=name, app="bus", api=name, domain="school", description=description,
                    parameters={"type": "object", "required": ["category", "description"], "properties": {
                        "category": {"type": "string", "enum": ["brakes", "engine", "tires"]},
                        "description": {"type": "string", "description": "The defect as observed."}}})

    garage = tool("create_maintenance_work_order", "Open a work order for a bus defect found on the pre-trip "
                                                   "inspection or reported by a driver.")
    for seed in range(10):
        args = sample_arguments(garage, random.Random(seed))
        assert args["description"] == f"problem with {args['category']} found on the pre-trip inspection", args


def test_the_date_of_what_was_done_before_the_call_is_never_ahead_of_it() -> None:
    from datetime import datetime

    from generator.core.values import temporal_value

    when = datetime(2025, 6, 2, 10)
    for name in ("date_of_death", "payoff_date", "acknowledgment_date"):
        days = {temporal_value(name, {"type": "string", "format": "date"}, when, random.Random(s)) for s in range(20)}
        assert all(d <= "2025-06-02" for d in days), (name, days)  # never a death a week from today
    ahead = {temporal_value("delivery_date", {"type": "string", "format": "date"}, when, random.Random(s)) for s in range(20)}
    assert any(d > "2025-06-02" for d in ahead)  # a delivery may still be ahead


def test_a_single_word_in_a_plural_list_is_said_as_what_it_is() -> None:
    channels = term("channels", {"type": "array", "items": {"type": "string"}})
    assert say(channels, "text", "showroom", "list the item") == "with showroom as the channel"  # never "the channels showroom"
    assert say(channels, "text", "showroom and website", "list the item") == "with showroom and website as the channels"


def test_the_last_digits_of_someone_s_number_say_whose_number_it_is() -> None:
    ssn = term("ssn_last4", {"type": "string", "description": "Last 4 digits of the claimant's Social Security number."})
    assert say(ssn, "text", "1652", "file a homestead exemption") == \
        "with the Social Security number ending in 1652"  # never "the claimant ending in 1652"


def test_both_of_a_choice_and_the_kind_of_a_thing_made_are_said_plainly() -> None:
    direction = term("direction", {"type": "string", "enum": ["am", "pm", "both"]})
    assert say(direction, "enum", "both", "assign the student") == "for both directions"  # never "with the both direction"
    stop = term("stop_type", {"type": "string", "enum": ["curbside", "corner"]})
    assert say(stop, "enum", "corner", "add the new stop") == "as a corner stop"  # never "for corner"
    assert say(stop, "enum", "corner", "search stops") == "of type corner"  # a filter stays a filter
