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


def test_a_flag_named_as_a_clause_or_a_need_reads_as_one() -> None:
    """`client_keeps_flowers`: "with the client keeping flowers", never "with client keeps flowers";
    `oiler_required` (an author's word the lexicon lacks): "with an oiler required", never "with
    oiler required set to yes"; "Move exceeds the threshold" is no order to move."""
    from generator.phrasebook.fragments import bool_words
    from generator.phrasebook.terms import bool_phrases

    assert bool_words("client_keeps_flowers", "")[0] == "with the client keeping flowers"
    assert bool_words("oiler_required", "Large cranes usually need an oiler.") == \
        ("with an oiler required", "with no oiler required")
    superload = term("superload", {"type": "boolean", "description": "Move exceeds the state's superload threshold."})
    assert bool_phrases(superload, "superload") is None


def test_a_number_an_example_opens_with_sets_the_scale() -> None:
    """"Expected duration in rate-basis units (e.g. 3 with rate basis daily = 3 days)": a few, never 55."""
    schema = {"type": "integer", "minimum": 1,
              "description": "Expected duration in rate-basis units (e.g. 3 with rate basis daily = 3 days)."}
    assert all(1 <= value_for(schema, random.Random(i), name="duration") <= 9 for i in range(12))


def test_a_band_after_the_words_that_name_it_bounds_a_reading_read_to_a_tenth() -> None:
    """"Temperature in °F (target 34-38)": a walk-in cooler's reading is 34-38 and read to a tenth
    (set 19: 17-28 °F, and 36 in every reading once bounded)."""
    from generator.core.values import sample_arguments

    tool = _tool("log_cooler_reading", {"temperature": {"type": "number", "description": "Air temperature."}},
                 "Log a walk-in cooler reading. Temperature in °F (target 34-38), relative humidity in %.")
    drawn = [sample_arguments(tool, random.Random(i))["temperature"] for i in range(12)]
    assert all(34 <= t <= 38 for t in drawn) and any(not float(t).is_integer() for t in drawn), drawn


def test_an_object_that_is_so_many_of_one_thing_is_said_so() -> None:
    """{"item_code": "ROS-50", "stems": 10}: "10 stems of ROS-50", never "a stem for item ROS-50
    with 10 stems of this item"; a reason after a comma."""
    from generator.core.surface import render

    item = {"type": "object", "properties": {"item_code": {"type": "string", "description": "Item code."},
                                             "stems": {"type": "integer", "description": "Stems of this item."}}}
    recipe = _tool("create_recipe", {"stems": {"type": "array", "description": "Stems per piece.", "items": item}})
    said = render([{"item_code": "ROS-50", "stems": 10}, {"item_code": "RAN-40", "stems": 7}], "stems", recipe)
    assert said == "10 stems of ROS-50 and 7 stems of RAN-40", said
    line = {"type": "object", "properties": {"sku": {"type": "string"}, "units": {"type": "integer"},
                                             "reason": {"type": "string", "description": "stale or damaged"}}}
    returns = _tool("record_returns", {"items": {"type": "array", "items": line}})
    assert render([{"sku": "BK-1042", "units": 18, "reason": "damaged"}], "items", returns) == "18 units of BK-1042, damaged"


def test_a_colour_is_one_people_name_and_a_hex_code_only_where_asked() -> None:
    """Never "blanchedalmond" for a flower; "#4df999" only for a hex colour."""
    from generator.core.semantic import EVERYDAY_COLORS

    flower = [value_for({"type": "string", "description": "Flower colour"}, random.Random(i), name="color")
              for i in range(10)]
    assert set(flower) <= set(EVERYDAY_COLORS), flower
    hexed = value_for({"type": "string", "description": "Hex color of the label, e.g. #1E90FF"}, random.Random(1),
                      name="color")
    assert hexed.startswith("#") and len(hexed) == 7
