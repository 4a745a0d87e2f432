"""Numbers in the range their prose and their unit give (generator.core.quantities, allowed ranges)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.allowed import read
from generator.core.values import value_for


@settings(max_examples=60, deadline=None)
@given(lo=st.integers(0, 500), width=st.integers(1, 500), dash=st.sampled_from(["-", "–", " to "]),
       gloss=st.sampled_from(["", " (none)", " (largest)"]))
def test_a_range_in_prose_bounds_the_value(lo: int, width: int, dash: str, gloss: str) -> None:
    hi = lo + width
    description = f"Index on the lab's scale, {lo}{gloss}{dash}{hi}."
    assert (read(description).low, read(description).high) == (lo, hi)
    rng = random.Random(lo)
    assert all(lo <= value_for({"type": "number", "description": description}, rng, name="index") <= hi
               for _ in range(5))


@pytest.mark.parametrize("text", ["Call 503-555-0143 after hours", "Since 2024-05-28", "Open 09:00-17:00",
                                  "Tag like B24-00817"])
def test_a_phone_number_a_date_a_clock_or_an_id_is_no_range(text: str) -> None:
    assert (read(text).low, read(text).high) == (None, None)


@pytest.mark.parametrize(("name", "description", "lo", "hi"), [
    ("ph", "", 0, 14),
    ("juice_ph", "pH of the sample.", 0, 14),
    ("temp_f", "", 20, 110),
    ("temperature_c", "", -10, 40),
    ("humidity_pct", "", 0, 100),
    ("specific_gravity", "", 0.98, 1.13),
    ("reading", "Sugar in °Brix.", 1, 30),
    ("volume_l", "Litres to package.", 10, 5000),
    ("juice", "Juice volume in litres.", 10, 5000),
])
def test_a_measure_is_drawn_in_its_own_range(name: str, description: str, lo: float, hi: float) -> None:
    rng = random.Random(7)
    values = [value_for({"type": "number", "description": description}, rng, name=name) for _ in range(30)]
    assert all(lo <= v <= hi for v in values), values
