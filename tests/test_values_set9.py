"""Values from the set-9 readings (issue 21), on invented descriptions: an apostrophe inside a
quoted example is part of it (a customs catalog's goods description "men" was cut from
"e.g. 'men's knit pullover, ...'" in 45 of 300 rows)."""

from __future__ import annotations

import pytest

from generator.core import allowed


@pytest.mark.parametrize("text, example", [
    ("Plain description of the goods, e.g. 'men's knit pullover, 80% cotton 20% polyester'.",
     "men's knit pullover, 80% cotton 20% polyester"),
    ("Name on the plaque (e.g. 'O'Neill Family Bench').", "O'Neill Family Bench"),
    ("Dish to order, e.g. 'chef's special'.", "chef's special"),
])
def test_an_apostrophe_inside_a_quoted_example_is_part_of_it(text: str, example: str) -> None:
    assert allowed.read(text).examples == (example,)


def test_quoted_lists_still_split_at_their_quotes() -> None:
    said = allowed.read("Finish: one of 'matte', 'gloss' or 'satin'. Don't mix finishes.")
    assert said.allowed == ("matte", "gloss", "satin")
    assert allowed.read("Tag, e.g. 'A-1' or 'B-2'.").examples == ("A-1", "B-2")
