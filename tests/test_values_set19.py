"""Value and phrasing classes found by the 2026-12-04 set-19 reading (a wholesale bakery, a crane
rental company, an event florist), each on a small case that fails when its rule is removed."""

from __future__ import annotations

import random

from generator.core.semantic import from_template
from generator.core.values import is_temporal, value_for
from generator.phrasebook.intent import intent_of
from generator.phrasebook.terms import say, term
from generator.records import Tool


def _tool(name: str, props: dict, description: str = "") -> Tool:
    return Tool(name=name, app="", api=name, description=description, domain="crane",
                parameters={"type": "object", "properties": props, "required": list(props)})


def test_a_templates_letters_stay_where_they_are_no_placeholder_run() -> None:
    """"VEN-NNN" is VEN-381, never VE0-381; "DRV-NNN" keeps its D; placeholder runs still fill."""
    rng = random.Random(3)
    for template, prefix in [("VEN-NNN", "VEN-"), ("DRV-NNN", "DRV-"), ("RNT-NNNN", "RNT-"), ("DN-NNNN", "DN-")]:
        for _ in range(5):
            got = from_template(rng, template)
            assert got.startswith(prefix) and got[len(prefix):].isdigit(), (template, got)
    assert from_template(rng, "LOT-YYYY-NNN")[4:8].isdigit() and from_template(rng, "R#######")[1:].isdigit()


def test_one_example_beside_a_format_is_the_shape_not_the_only_code() -> None:
    """"Bakery SKU, format BK-NNNN (e.g. BK-1042)" gives many SKUs (set 19: BK-1042 in 2,344 calls);
    a lot code's one example is its shape too."""
    sku = {"type": "string", "description": "Bakery SKU, format BK-NNNN (e.g. BK-1042).", "pattern": "^BK-[0-9]{4}$"}
    drawn = {value_for(sku, random.Random(i), name="sku") for i in range(12)}
    assert len(drawn) >= 6 and all(v.startswith("BK-") for v in drawn), drawn
    lot = {"type": "string", "description": "Lot code printed on the case label: L + YYMMDD + '-' + batch number, "
                                           "e.g. L250612-03."}
    assert len({value_for(lot, random.Random(i), name="lot_code") for i in range(12)}) >= 4


def test_a_tool_whose_description_gives_no_verb_is_asked_for_by_its_names_words() -> None:
    """"Returns {unit_id, model, ...}" of get_crane_specs: "get the crane specs", never "make this request"."""
    tool = _tool("get_crane_specs", {"unit_id": {"type": "string", "description": "Fleet unit number."}},
                 "Returns {unit_id, model, crane_type, max_capacity_tons, main_boom_ft}.")
    assert intent_of(tool) == "get the crane specs"


def test_format_words_and_keywords_are_no_noun() -> None:
    """"Free-text product name or keyword": the words searched for ("for sourdough"), never "the
    free-text product sourdough"; "Free-form note" is a note."""
    t = term("query", {"type": "string", "description": "Free-text product name or keyword, e.g. 'sourdough'."})
    assert say(t, "text", "sourdough", "search the product list") == "for sourdough"
    assert term("note", {"type": "string", "description": "Free-form note to the driver."}).noun == "note"


def test_a_position_in_a_sequence_is_said_as_the_things_number() -> None:
    t = term("stop_sequence", {"type": "integer", "description": "Position of the stop on the route, 1 = first stop."})
    assert say(t, "number", "7", "add an account") == "as stop 7"


def test_upper_bounds_a_value_only_as_the_end_of_a_range() -> None:
    """"Upper (superstructure) hour meter reading" is one reading, never "at most 6.92"."""
    t = term("hour_meter", {"type": "number", "description": "Upper (superstructure) hour meter reading."})
    assert "at most" not in say(t, "number", "6.92", "record an inspection")
    limit = term("price_ceiling", {"type": "number", "description": "Upper limit of the price, USD."})
    assert "at most" in say(limit, "number", "20", "search")


def test_the_name_of_a_deceased_person_or_a_funeral_home_is_a_name_people_use() -> None:
    """Never "Johnson Deceased" or "Brown Home"."""
    dead = {"type": "string", "description": "Name of the deceased as it should appear on the card."}
    home = {"type": "string", "description": "Funeral home name."}
    for i in range(6):
        person = value_for(dead, random.Random(i), name="deceased_name")
        assert "Deceased" not in person and len(person.split()) >= 2, person
        assert value_for(home, random.Random(i), name="funeral_home").endswith(" Funeral Home")


def test_a_time_the_description_says_is_a_date_and_time_has_both() -> None:
    schema = {"type": "string", "description": "Date and time of the service (ISO 8601)."}
    assert is_temporal("service_time", schema) == "datetime"
    assert len(value_for(schema, random.Random(1), name="service_time")) >= 16


def test_a_verb_whose_noun_means_something_else_is_left_out_of_the_act() -> None:
    """`issue_credit_memo` done earlier is "my credit memo", never "my credit memo issue"."""
    from generator.core.pointers import act_of
    from generator.records import HistoryEvent

    event = HistoryEvent(time="2025-06-02 09:00", apitype="bakery", toolname="bakery", apiname="issue_credit_memo")
    assert act_of(event) == "credit memo"
    moved = HistoryEvent(time="2025-06-02 09:00", apitype="yard", toolname="yard", apiname="move_lot")
    assert act_of(moved) == "lot movement"
