"""Phrasing and values from the set-12 reading (winter roads, timber harvest, dialysis center)."""

from __future__ import annotations

import random

from generator.core import allowed
from generator.core.values import value_for
from generator.phrasebook.fragments import bool_words
from generator.phrasebook.intent import from_description
from generator.phrasebook.terms import say, term
from generator.records import Tool


def _tool(name: str, description: str) -> Tool:
    return Tool(name=name, app="ops", api=name, domain="ops", description=description,
                parameters={"type": "object", "properties": {}})


def test_a_caller_s_name_is_a_person_s() -> None:
    rng = random.Random(1)
    names = [value_for({"type": "string"}, rng, name="caller_name") for _ in range(10)]
    assert not any(n.endswith("Caller") for n in names), names  # never "Ho Caller"


def test_the_name_and_city_of_a_unit_is_a_place_s_name_never_a_unit_of_measure() -> None:
    spec = {"type": "string", "description": "Name and city of the patient's home dialysis unit."}
    rng = random.Random(1)
    for _ in range(10):
        value = value_for(spec, rng, name="home_unit")
        assert "Dialysis Unit, " in value, value  # never "kilogram" or "liter"


def test_where_a_thing_is_says_its_form_not_its_values() -> None:
    said = allowed.read("Where the truck is: route and milepost or yard.")
    assert said.allowed == () and said.examples == ()
    assert allowed.read("Shift: day, night or swing.").allowed == ("day", "night", "swing")


def test_a_state_the_name_puts_on_the_object_stays_in_the_request() -> None:
    missed = _tool("record_missed_treatment", "Record a treatment the patient did not receive. Returns {missed_id}.")
    assert from_description(missed) == "record a missed treatment"  # never "record a treatment"


def test_a_material_is_ordered_without_an_article() -> None:
    assert from_description(_tool("order_salt_delivery", "Order salt from the state contract supplier.")) == \
        "order salt"


def test_an_only_flag_of_a_state_is_said_as_the_state() -> None:
    assert bool_words("available_only") == ("that are available", "including ones not available")


def test_a_birth_date_is_of_someone_when_the_request_names_no_person() -> None:
    born = term("date_of_birth", {"type": "string", "format": "date"})
    assert say(born, "date", "September 19, 1960", "book treatments") == "for someone born on September 19, 1960"
    assert say(born, "date", "September 19, 1960", "search for patients") == "born on September 19, 1960"


def test_several_quoted_examples_after_one_cue_are_all_examples() -> None:
    said = allowed.read("e.g. 'Quarterly general pest service' or 'Exterior rodent exclusion, 6 entry points'.")
    assert said.examples == ("Quarterly general pest service", "Exterior rodent exclusion, 6 entry points")


def test_a_rate_per_minute_and_a_potassium_bath_are_exact_values_not_bounds() -> None:
    from generator.core.semantic import infer

    flow = term("dialysate_flow_ml_min", {"type": "integer", "enum": [500, 600, 700, 800]})
    bath = term("dialysate_k", {"type": "number", "description": "Dialysate potassium bath in mEq/L.", "enum": [1, 2]})
    assert "at least" not in say(flow, "number", "700")  # ml_min is mL per minute, no minimum
    assert "at most" not in say(bath, "number", "1")  # a `_k` inside a name is no top-k
    assert infer("top_k", {"type": "integer"}) == infer("k", {"type": "integer"}) == "limit"


def test_a_stay_s_destination_is_where_it_is_a_trip_s_where_it_goes() -> None:
    where = term("destination", {"type": "string"})
    assert say(where, "text", "Brussels", "look for a stay") == "in Brussels"  # never "a stay to Brussels"
    assert say(where, "text", "Lima", "search for flights") == "to Lima"


def test_a_stay_s_destination_hinted_by_description_is_in_it() -> None:
    import random as _random

    from generator.hints import ToolHints
    from generator.records import ArgPlan
    from generator.writers.phrasing.args import Arg, modifier

    stay = Tool(name="search_hotels", app="roamly", api="search_hotels", domain="travel",
                description="Search hotels.", hints=ToolHints(intents=["look for a stay"]),
                parameters={"type": "object", "properties": {"destination": {"type": "string"}}})
    plan = ArgPlan(param="destination", value="Brussels", mode="hinted", hint="the capital of Belgium",
                   source="query")
    assert modifier(Arg("destination", "the capital of Belgium", plan), stay, None, _random.Random(1)) == \
        "in the capital of Belgium"  # never "a stay to the capital of Belgium"
