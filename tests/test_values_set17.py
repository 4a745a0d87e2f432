"""Value classes found by the 2026-12-04 readings (set 17 and the LLM writer's bundled run), each
on a small case that fails when its rule is removed."""

from __future__ import annotations

import random

from generator.core import freetext


def test_a_recipes_ingredient_is_food_and_a_pharmacys_is_a_drug() -> None:
    """"a breakfast recipe that uses ibuprofen, cetirizine and metformin": an ingredient is a
    cook's unless the words around it or the tool's subject are a pharmacy's."""
    rng = random.Random(3)
    food = {freetext.category_value(rng, ["ingredients"]) for _ in range(20)}
    assert food <= set(freetext.CATEGORIES["ingredient"]), food
    drug = {freetext.category_value(rng, ["medication", "or", "active", "ingredient"]) for _ in range(10)}
    assert drug <= set(freetext.CATEGORIES["medication"]), drug
    with freetext.subject(["compounding", "formulation"]):
        assert freetext.category_value(rng, ["ingredient"]) in freetext.CATEGORIES["medication"]


def test_a_price_per_person_night_or_ticket_is_what_one_costs() -> None:
    """"somewhere to eat for no more than 436 per person": a price per person is a meal's."""
    from generator.core.semantic import typical_range

    def rng_of(description: str) -> tuple[float, float]:
        schema = {"type": "number", "description": description, "minimum": 0}
        t = typical_range("money", "max_price", schema, 0)
        return t.lo, t.hi

    assert rng_of("Maximum price per person") == (15, 80)
    assert rng_of("Maximum nightly price") == (60, 300)
    assert rng_of("Maximum ticket price")[1] <= 150
    assert rng_of("Maximum price")[1] >= 500  # a product's price keeps the wide range


def test_a_bound_named_pattern_is_a_moment_not_a_template() -> None:
    """`start_pattern`, "Local start, 'YYYY-MM-DDTHH:MM'" (and its `end_pattern`, "same format"):
    moments, never a note ("see the attached photos"); a `date_pattern` stays the template itself.
    (A case the property test of test_values_person.py draws only now and then.)"""
    from datetime import datetime

    from test_values_person import _tool

    from generator.core.values import sample_arguments

    tool = _tool({"start_pattern": {"type": "string", "description": "Local start, 'YYYY-MM-DDTHH:MM'"},
                  "end_pattern": {"type": "string", "description": "Local end, same format"}})
    for seed in range(5):
        args = sample_arguments(tool, random.Random(seed), optional_rate=1.0)
        datetime.strptime(args["start_pattern"], "%Y-%m-%dT%H:%M")
        datetime.strptime(args["end_pattern"], "%Y-%m-%dT%H:%M")


def test_a_value_the_description_calls_normal_is_what_is_drawn() -> None:
    """"Bleed on each side in inches, normally 0.125": 0.125 to 0.25, never "a bleed of 19 inches"."""
    from datetime import datetime

    from generator.core.values import number_range

    lo, hi, decimals = number_range("bleed_in", {"type": "number", "description": "Bleed on each side in inches, "
                                                 "normally 0.125."}, datetime(2025, 6, 2))
    assert (lo, hi) == (0.125, 0.25) and decimals == 3
    assert number_range("seeds_sown", {"type": "integer", "description": "Seeds per test; usually 50 or 100."},
                        datetime(2025, 6, 2))[:2] == (50, 100)


def test_one_entry_per_frequency_tests_each_frequency_once_low_to_high() -> None:
    """An audiogram "One entry per tested frequency": 250, 1000, 3000 Hz, never 3000 Hz twice
    (set 17: 11 of 16 audiograms), written low to high as one is."""
    from test_values_person import _tool

    from generator.core.values import sample_arguments

    item = {"type": "object", "required": ["frequency_hz", "threshold_db_hl"], "properties": {
        "frequency_hz": {"type": "integer", "enum": [250, 500, 1000, 2000, 3000, 4000, 6000, 8000]},
        "threshold_db_hl": {"type": "integer", "minimum": -10, "maximum": 120, "multipleOf": 5}}}
    tool = _tool({"thresholds": {"type": "array", "minItems": 4, "maxItems": 8, "items": item,
                                 "description": "One entry per tested frequency."}})
    for seed in range(8):
        freqs = [t["frequency_hz"] for t in sample_arguments(tool, random.Random(seed))["thresholds"]]
        assert freqs == sorted(set(freqs)), freqs
