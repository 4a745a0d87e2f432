"""Phrasing and reading fixed in set 29 (golf course, truckload dispatch, chess tournaments):
polish never edits inside a stated value ("1. e4" stayed "1. e4"); a flag negated after its
words ("the entry fee not paid") is not read as true; a flag named by a modifier and a
participle takes its thing from the description ("with unrated players allowed"); a minimum
whose description also names a limit is "at least"; a ZIP code destination is "to"; "out of
service" is a state; a reason that is a clause is said as one; numbered rounds are "in round 4";
a kind of thing named by `<thing>_type` is "as a half point bye"."""

from __future__ import annotations

from generator.core.plan import plan_explicit
from generator.records import Target, Tool, ToolCall
from generator.writers.base import WriteRequest
from generator.writers.template import paraphrases

PGN = '[Event "Spring Open"] ... 1. e4 c5 2. Nf3 d6 ... 1-0'

CHESS = Tool(
    name="submit_game", app="chess", api="submit_game", domain="chess",
    description="Attach the game score of a finished game.",
    parameters={"type": "object", "required": ["pairing_id", "pgn"], "properties": {
        "pairing_id": {"type": "string", "pattern": "^PR-[0-9]{3}$", "description": "Pairing id."},
        "pgn": {"type": "string", "description": "Full PGN text."},
        "round": {"type": "integer", "minimum": 1, "maximum": 13, "description": "Round of the incident, 1 to 13."},
        "bye_type": {"type": "string", "enum": ["half_point", "zero_point"], "description": "Bye value."},
    }})
FREIGHT = Tool(
    name="cancel_load", app="freight", api="cancel_load", domain="freight",
    description="Cancel a load before pickup.",
    parameters={"type": "object", "required": ["load_id", "reason"], "properties": {
        "load_id": {"type": "string", "pattern": "^LD-[0-9]{4}$", "description": "Load id."},
        "reason": {"type": "string", "enum": ["shipper_cancelled", "equipment_unavailable", "weather"],
                   "description": "Why the load is cancelled."},
    }})
QUOTE = Tool(
    name="get_rate_quote", app="freight", api="get_rate_quote", domain="freight",
    description="Quote a spot rate for a lane.",
    parameters={"type": "object", "required": ["origin_zip", "destination_zip"], "properties": {
        "origin_zip": {"type": "string", "pattern": "^[0-9]{5}$", "description": "Five-digit origin ZIP code, e.g. '60436'."},
        "destination_zip": {"type": "string", "pattern": "^[0-9]{5}$",
                            "description": "Five-digit destination ZIP code, e.g. '75241'."},
    }})


def _tool(name: str, domain: str, description: str, required: list[str], properties: dict) -> Tool:
    return Tool(name=name, app=domain, api=name, domain=domain, description=description,
                parameters={"type": "object", "required": required, "properties": properties})


def _says(tool: Tool, args: dict, said: str, never: str) -> None:
    q = _query(tool, args)
    assert said in q and never not in q, q


def _query(tool: Tool, args: dict, seed: int = 7) -> str:
    t = Target(id="x", kind="single", calls=[ToolCall(tool=tool.name, arguments=args)], offered=[tool.name],
               domain=tool.domain)
    req = WriteRequest(target=t, plan=plan_explicit(t, tools={tool.name: tool}), tools=[tool], n=1)
    return paraphrases(req, seed, 1)[0]


def test_polish_never_edits_inside_a_stated_value() -> None:
    for seed in range(6):
        q = _query(CHESS, {"pairing_id": "PR-042", "pgn": PGN}, seed)
        assert PGN in q, q


def test_numbered_rounds_and_a_kind_named_by_its_thing() -> None:
    q = _query(CHESS, {"pairing_id": "PR-042", "pgn": "1-0", "round": 4, "bye_type": "half_point"})
    assert "in round 4" in q and "round of" not in q, q
    assert "as a half point bye" in q and "bye value" not in q, q


def test_a_reason_that_is_a_clause_is_said_as_one() -> None:
    assert "because the shipper cancelled" in _query(FREIGHT, {"load_id": "LD-1234", "reason": "shipper_cancelled"})
    q = _query(FREIGHT, {"load_id": "LD-1234", "reason": "equipment_unavailable"})
    assert "because the equipment is unavailable" in q, q


def test_a_zip_code_destination_is_the_end_of_a_lane() -> None:
    q = _query(QUOTE, {"origin_zip": "60436", "destination_zip": "75241"})
    assert "in 75241" not in q and "to 75241" in q, q


def test_a_flag_negated_after_its_words_is_not_read_as_true() -> None:
    from generator.reader import read_value

    spec = {"type": "boolean", "description": "True when the entry fee was received."}
    assert read_value("Register Harold with the entry fee not paid.", "entry_fee_paid", True, spec) is None
    assert read_value("Register Harold with the entry fee received.", "entry_fee_paid", True, spec) is not None


def test_a_flag_takes_its_thing_from_the_description_and_is_read_back() -> None:
    from generator.phrasebook.fragments import bool_words
    from generator.reader import read_value

    for described in ("True when unrated players may enter this section.",
                      ("True when unrated players may enter this section (usually only the bottom one, at most a few "
                       "of them, never in a closed invitational event).")):  # a long clause is read by the name's words
        spec = {"type": "boolean", "description": described}
        said = bool_words("unrated_allowed", spec["description"])
        assert said == ("with unrated players allowed", "with unrated players not allowed"), said
        assert read_value(f"Create the section {said[1]}.", "unrated_allowed", True, spec) is None
        assert read_value(f"Create the section {said[0]}.", "unrated_allowed", True, spec) is not None
    assert bool_words("out_of_service", "True when the truck was put out of service.") == \
        ("out of service", "not out of service")


def test_a_minimum_beside_a_limit_is_at_least() -> None:
    from generator.phrasebook.terms import term

    spec = {"type": "number", "description": "Minimum hours left on the 11-hour driving limit, 0 to 11."}
    assert term("min_drive_hours_left", spec).bound == "at least "


def test_a_position_is_where_the_thing_is_not_a_place_to_be_at() -> None:
    pins = _tool("set_conditions", "golf", "Set the day's playing conditions.", ["course_id", "hole_locations"], {
        "course_id": {"type": "string", "pattern": "^CRS-[0-9]{3}$", "description": "Course id."},
        "hole_locations": {"type": "string", "enum": ["front", "middle", "back", "mixed"],
                           "description": "Hole (pin) location of the day, front, middle or back of the greens."}})
    _says(pins, {"course_id": "CRS-478", "hole_locations": "back"}, "at the back", "at back")
    _says(pins, {"course_id": "CRS-478", "hole_locations": "mixed"}, "with mixed hole locations", "at mixed")


def test_a_rate_per_thing_keeps_its_per_and_a_relation_its_word() -> None:
    loads = Tool(name="search_loads", app="freight", api="search_loads", domain="freight",
                 description="Search the load board.",
                 parameters={"type": "object", "required": ["origin_state"], "properties": {
                     "origin_state": {"type": "string", "enum": ["TX", "OK"], "description": "Origin state."},
                     "min_rate_per_mile": {"type": "number", "description": "Lowest all-in rate per loaded mile in "
                                                                            "USD, e.g. 2.25."}}})
    q = _query(loads, {"origin_state": "TX", "min_rate_per_mile": 2.5})
    assert "2.5 USD per mile" in q, q
    standings = Tool(name="get_standings", app="chess", api="get_standings", domain="chess",
                     description="Look up the section's standings.",
                     parameters={"type": "object", "required": ["section_id"], "properties": {
                         "section_id": {"type": "string", "pattern": "^SEC-[0-9]$", "description": "Section id."},
                         "after_round": {"type": "integer", "minimum": 1, "maximum": 13,
                                         "description": "Standings after this round, 1 to 13."}}})
    q = _query(standings, {"section_id": "SEC-4", "after_round": 4})
    assert "after round 4" in q and "from standings" not in q, q


def test_an_enum_value_that_names_its_noun_or_a_new_setting_is_said_once() -> None:
    golf = _tool("set_conditions", "golf", "Set the day's conditions.", ["course_id"], {
        "course_id": {"type": "string", "pattern": "^CRS-[0-9]{3}$", "description": "Course id."},
        "cart_rule": {"type": "string", "enum": ["carts_allowed", "cart_path_only"], "description": "Cart rule."},
        "transport": {"type": "string", "enum": ["walking", "power_cart"], "description": "New transport for the whole group."},
        "gender": {"type": "string", "enum": ["M", "F"], "description": "Rating gender."}})
    _says(golf, {"course_id": "CRS-161", "cart_rule": "carts_allowed"}, "with carts allowed", "cart rule")
    _says(golf, {"course_id": "CRS-161", "transport": "power_cart"}, "with the transport changed to power cart",
          "new transport")
    _says(golf, {"course_id": "CRS-161", "gender": "F"}, "with the female ratings", "rating gender")


def test_a_negated_flag_comes_after_the_others_so_it_negates_itself_only() -> None:
    invoice = Tool(name="create_invoice", app="freight", api="create_invoice", domain="freight",
                   description="Bill a delivered load to the customer.",
                   parameters={"type": "object", "required": ["load_id"], "properties": {
                       "load_id": {"type": "string", "pattern": "^LD-[0-9]{4}$", "description": "Load id."},
                       "send_to_factoring": {"type": "boolean", "default": False,
                                             "description": "True to sell the invoice to the factoring company."},
                       "include_accessorials": {"type": "boolean", "default": True,
                                                "description": "True to add approved accessorial charges to the invoice."}}})
    t = Target(id="x", kind="single", calls=[ToolCall(tool=invoice.name, arguments={
        "load_id": "LD-1234", "send_to_factoring": False, "include_accessorials": True})], offered=[invoice.name],
        domain="freight")
    plan = plan_explicit(t, tools={invoice.name: invoice})  # every value said, as a TRAJECT simple query says them
    plan = plan.model_copy(update={"calls": [c.model_copy(update={"args": [
        a.model_copy(update={"mode": "stated", "source": "query"}) for a in c.args]}) for c in plan.calls]})
    for seed in range(4):
        q = paraphrases(WriteRequest(target=t, plan=plan, tools=[invoice], n=1), seed, 1)[0]
        assert "without selling the invoice" in q and q.find("without") > q.find("accessorial") >= 0, q


def test_a_stand_in_for_a_value_is_never_said_and_a_body_vouching_is_hyphened() -> None:
    from generator.phrasebook.fragments import bool_words
    from generator.phrasebook.intent import intent_of

    rating = Tool(name="get_player_rating", app="chess", api="get_player_rating", domain="chess",
                  description="Get a player's current FIDE rating of one kind with games played and the K-factor.",
                  parameters={"type": "object", "required": ["fide_id"], "properties": {
                      "fide_id": {"type": "string", "pattern": "^[0-9]{6,9}$", "description": "FIDE ID."},
                      "rating_type": {"type": "string", "enum": ["standard", "rapid", "blitz"], "description": "Kind."}}})
    said = intent_of(rating)
    assert "rating" in said and "of one kind" not in said, said
    assert bool_words("fide_rated", "True when the event is rated by FIDE.") == ("FIDE-rated", "not FIDE-rated")
    assert bool_words("npo_confirmed", "") == ("with NPO confirmed", "with NPO not confirmed")
