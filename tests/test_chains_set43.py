"""TRAJECT chains and outputs the set-43 session fixed: a barge nominated for 13:45 returned "expected
alongside" at 14:45; a delivery note recorded and a fuel sample drawn one step after the order was
placed ("after pumping is finished", "during delivery"); water orders found running and then
cancelled ("A running order is shut off with change_water_order instead")."""

from __future__ import annotations

import random

from generator.records import Tool
from generator.traject.bind import _live, _ruled_out
from generator.traject.chains import too_soon
from generator.traject.simulate import _echo, matching_param

VOCAB = {"alongside_at": {"type": "string", "format": "date-time",
                          "description": "Expected time the barge is all fast alongside, ISO 8601 with offset."},
         "max_minutes": {"type": "integer", "description": "Maximum cooking time in minutes."}}


def test_an_output_field_is_the_one_parameter_whose_first_sentence_holds_its_words() -> None:
    assert matching_param("expected_alongside_time", VOCAB) == "alongside_at"
    assert matching_param("cooking_time", VOCAB) == ""  # a bound of a search is no recipe's own time
    rows = [{"barge_name": "MARINE EXCELLENCE 3", "expected_alongside_time": "2025-06-02T14:45:00+08:00"}]
    _echo(rows, {"alongside_at": "2025-06-02T13:45:00+08:00"}, "barge", random.Random(1), vocab=VOCAB)
    assert rows[0]["expected_alongside_time"] == "2025-06-02T13:45:00+08:00"  # the time nominated


def _tool(name: str, description: str, props: dict | None = None) -> Tool:
    return Tool(name=name, app="Desk", api=name, domain="desk", description=description,
                parameters={"type": "object", "properties": props or {"order_id": {"type": "string"}}})


def test_a_step_after_an_event_never_follows_the_making_at_once() -> None:
    place = _tool("place_bunker_order", "Accept a quote and confirm the stem. Returns order_id.")
    delivery = _tool("record_delivery", "Record the bunker delivery note (BDN) after pumping is finished.")
    sample = _tool("register_fuel_sample", "Register a fuel sample drawn at the ship's manifold during delivery.")
    barge = _tool("nominate_barge", "Record the supplier's barge nomination for a stem.")
    assert too_soon(place, delivery) and too_soon(place, sample)
    assert not too_soon(place, barge)


def test_a_search_before_a_step_finds_only_the_states_that_step_takes() -> None:
    cancel = _tool("cancel_water_order", "Cancel an order that has not started. A running order is shut off with "
                   "change_water_order instead.")
    assert "running" in _ruled_out(cancel.description)
    search = _tool("search_water_orders", "Search water orders.", {
        "account_number": {"type": "string"},
        "status": {"type": "string", "enum": ["pending", "scheduled", "running", "completed", "cancelled"]}})
    rng = random.Random(3)
    for _ in range(20):
        kept = _live(search, {"account_number": "WA-10422", "status": "running"}, cancel, rng)
        assert kept.get("status") in (None, "pending", "scheduled"), kept


TURNOUT = {"turnout_id": {"type": "string", "pattern": "^TO-[A-Z][0-9]{1,2}-[0-9]{3}$",
                          "description": "Turnout id: 'TO-', lateral letter and number, dash, 3-digit gate number, "
                                         "e.g. 'TO-L12-045' (lateral L12, gate 45)."},
           "lateral": {"type": "string", "pattern": "^L[0-9]{1,2}$", "description": "Lateral code, e.g. 'L12'."},
           "canal": {"type": "string", "enum": ["North Canal", "South Canal"]}}


def test_an_id_whose_example_names_its_parts_agrees_with_them() -> None:
    from generator.core import id_parts

    assert id_parts.parts(TURNOUT) == [id_parts.Part("turnout_id", "lateral", 1)]
    assert id_parts.agree(TURNOUT, {"turnout_id": "TO-L24-751", "lateral": "L27"}) == \
        {"turnout_id": "TO-L24-751", "lateral": "L24"}  # a call asks for a turnout its lateral has
    assert id_parts.agree(TURNOUT, {"turnout_id": "TO-L24-751", "lateral": "L27"}, {"lateral"}) == \
        {"turnout_id": "TO-L27-751", "lateral": "L27"}
    assert id_parts.part_of_call(TURNOUT, {"turnout_id": "TO-L10-336"}, "lateral") == "L10"
    found = [{"turnout_id": "TO-L41-060", "lateral": "L19"}]  # a canal search's turnout carries the next step's lateral
    id_parts.rows_agree(found, {"canal": "South Canal"}, TURNOUT)
    assert found == [{"turnout_id": "TO-L19-060", "lateral": "L19"}]
    echoed = [{"turnout_id": "TO-L10-336", "lateral": "L34"}]  # the turnout asked for is on its own lateral
    id_parts.rows_agree(echoed, {"turnout_id": "TO-L10-336"}, TURNOUT)
    assert echoed == [{"turnout_id": "TO-L10-336", "lateral": "L10"}]


def test_a_drawn_call_gives_a_turnout_on_its_lateral() -> None:
    from generator.core.values import sample_arguments

    search = Tool(name="search_water_orders", app="Desk", api="search_water_orders", domain="desk",
                  description="Search water orders.", parameters={"type": "object", "properties": TURNOUT})
    rng = random.Random(11)
    for _ in range(30):
        drawn = sample_arguments(search, rng, optional_rate=1.0)
        assert drawn["turnout_id"].split("-")[1] == drawn["lateral"], drawn
