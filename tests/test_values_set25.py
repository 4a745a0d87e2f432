"""Values the prose of a tool decides (set 25's catalogs, read by hand: a livestock sale barn):
values listed per member of another parameter, an id's quoted prefix and digit count, a digit count
that makes a "ticket" an id, and a state's postal code whoever's state it is."""

from __future__ import annotations

import random
import re
from datetime import datetime
from typing import Any

from generator.core import lore, values
from generator.records import Tool

REF = datetime(2025, 6, 2, 9, 0)  # a Monday


def _draws(props: dict[str, Any], n: int = 40, seed: int = 3) -> list[dict[str, Any]]:
    tool = Tool(name="check_in", app="barn", api="check_in", domain="trade", description="Check in a consignment.",
                parameters={"type": "object", "properties": props, "required": list(props)})
    tool = lore.annotate([tool])[0]
    rng = random.Random(seed)
    return [values.sample_arguments(tool, rng, optional_rate=1.0, ref=REF) for _ in range(n)]


CLASSES = {"cattle": ("steers", "heifers", "cows"), "hogs": ("sows", "boars"), "sheep": ("lambs", "ewes")}


def test_values_listed_per_member_of_another_parameter_are_the_only_ones_and_go_with_it():
    listed = "; ".join(f"{k}: " + ", ".join(f"'{v}'" for v in vs) for k, vs in CLASSES.items())
    draws = _draws({"species": {"type": "string", "enum": list(CLASSES)},
                    "animal_class": {"type": "string", "description": f"Animal class. Allowed values depend on species: {listed}."}})
    assert {d["animal_class"] for d in draws} <= {v for vs in CLASSES.values() for v in vs}
    assert all(d["animal_class"] in CLASSES[d["species"]] for d in draws)


def test_an_id_of_a_quoted_prefix_and_digits_and_a_ticket_of_six_digits():
    draws = _draws({"consignment_id": {"type": "string", "description": "Consignment id, 'CN-' and 6 digits."},
                    "scale_ticket": {"type": "string", "description": "Scale ticket number printed by the scale, 6 digits."}})
    assert all(re.fullmatch(r"CN-\d{6}", d["consignment_id"]) for d in draws)
    assert all(re.fullmatch(r"\d{6}", d["scale_ticket"]) for d in draws)


def test_a_state_said_to_be_a_postal_code_is_one_whoever_owns_it():
    draws = _draws({"destination_state": {"type": "string",
                                          "description": "Two-letter USPS code of the state the animals ship to."}})
    assert all(re.fullmatch(r"[A-Z]{2}", d["destination_state"]) for d in draws)


def test_a_lookup_of_things_an_act_made_between_two_dates_looks_back():
    tool = Tool(name="search_loads", app="spd", api="search_loads", domain="trade",
                description="Search sterilizer loads run between two dates (inclusive). Returns a list of loads.",
                parameters={"type": "object", "required": ["date_from", "date_to"], "properties": {
                    "date_from": {"type": "string", "format": "date", "description": "First run date, YYYY-MM-DD."},
                    "date_to": {"type": "string", "format": "date", "description": "Last run date, YYYY-MM-DD."}}})
    tool = lore.annotate([tool])[0]
    rng = random.Random(3)
    draws = [values.sample_arguments(tool, rng, ref=REF) for _ in range(30)]
    assert all(d["date_to"] <= "2025-06-02" and d["date_from"] <= d["date_to"] for d in draws)


def test_a_date_named_by_an_act_done_may_lie_days_behind_the_query():
    from generator.core.temporal import consistent

    assert consistent(None, {"picked_on": "2025-05-23"}, "2025-05-25 09:03") == []
    assert consistent(None, {"ship_date": "2025-05-23"}, "2025-05-25 09:03") != []
    assert consistent(None, {"picked_on": "2025-03-23"}, "2025-05-25 09:03") != []


def test_a_place_word_before_a_noun_names_a_kind_and_a_search_term_is_the_query():
    from generator.validators.habitphrase import place_words_in
    from generator.validators.pointerphrase import words_of

    assert place_words_in("with the office home size") == set() and place_words_in("a work order for pump 3") == set()
    assert place_words_in("take me home now") == {"home"} and place_words_in("from work \u2014 by bike") == {"work"}
    assert "term" in words_of("query", "Drug name or keyword")


def test_a_habit_word_never_stands_for_a_floor_number():
    from generator.core.plan import _place_param

    tool = Tool(name="open_estimate", app="movers", api="open_estimate", domain="movers", description="",
                parameters={"type": "object", "properties": {"origin_floor": {"type": "integer"},
                                                             "origin_address": {"type": "string"}}})
    assert not _place_param("origin_floor", tool) and _place_param("origin_address", tool)


def test_the_foods_a_user_dislikes_are_never_the_foods_to_order():
    disliked = {"type": "array", "items": {"type": "string"},
                "description": "Foods to avoid, e.g. 'chili', 'coriander'."}
    tools = [Tool(name="search_restaurant", app="food", api="search_restaurant", domain="food", description="Find food.",
                  parameters={"type": "object", "required": ["food"], "properties": {
                      "food": {"type": "array", "items": {"type": "string"}, "description": "Dishes wanted"},
                      "disliked_foods": disliked}})]
    tool = lore.annotate(tools)[0]
    rng = random.Random(3)
    draws = [values.sample_arguments(tool, rng, ref=REF) for _ in range(30)]
    assert not any({"chili", "coriander"} & set(d["food"]) for d in draws)


def test_a_parameter_required_for_some_values_of_another_is_given_with_them():
    tool = Tool(name="register_buyer", app="barn", api="register_buyer", domain="trade", description="Register a buyer.",
                parameters={"type": "object", "required": ["buyer_type"], "properties": {
                    "buyer_type": {"type": "string", "enum": ["producer", "feedlot", "order_buyer", "dealer", "packer"]},
                    "bond_number": {"type": "string",
                                    "description": "P&S bond number, required for order_buyer, dealer and packer."}}})
    tool = lore.annotate([tool])[0]
    rng = random.Random(3)
    draws = [values.sample_arguments(tool, rng, optional_rate=0.0, ref=REF) for _ in range(60)]
    needs = [d for d in draws if d["buyer_type"] in ("order_buyer", "dealer", "packer")]
    assert needs and all(d.get("bond_number") for d in needs)


def test_a_description_of_part_of_the_thing_names_it_by_the_parameter():
    from generator.phrasebook.terms import term

    spec = {"type": "string", "description": "Part of the person's or ranch's name, e.g. 'Hadley' or 'Lazy K'."}
    assert term("name", spec).noun == "name"
    # one owner alone (no "X or Y" the one-of-two rule reads): the part still names no thing
    assert term("name", {"type": "string", "description": "Part of the ranch's name, e.g. 'Lazy K'."}).noun == "name"
