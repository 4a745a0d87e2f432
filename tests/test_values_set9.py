"""Values from the set-9 readings (issue 21), on invented descriptions: an apostrophe inside a
quoted example is part of it (a customs catalog's goods description "men" was cut from
"e.g. 'men's knit pullover, ...'" in 45 of 300 rows)."""

from __future__ import annotations

import pytest

from generator.core import allowed
from generator.records import Tool


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


def _tool(name: str, props: dict, required: list[str]) -> Tool:
    return Tool(name=name, app="bakery", api=name, domain="bakery", description="",
                parameters={"type": "object", "properties": props, "required": required})


BATCH = {"type": "string", "pattern": r"^BK-\d{6}-\d{2}$",
         "description": "Bake batch id: 'BK-', the bake date YYMMDD, a 2-digit run, e.g. 'BK-250311-04'."}


def test_an_id_holding_a_date_is_of_the_day_the_call_acts_on() -> None:
    """Set 9: "allocate a stand for turn TA-MAN-250406-716 from June 2" (19 of 200 values read as
    implausible): an id's date is the day its call acts on; a new date leaves it as drawn."""
    import random
    import re

    from generator.core.values import sample_arguments

    oven = _tool("book_oven_slot", {"batch_id": BATCH, "slot_start": {"type": "string", "format": "date-time"},
                                    "slot_end": {"type": "string", "format": "date-time"}},
                 ["batch_id", "slot_start", "slot_end"])
    moved = _tool("move_batch", {"batch_id": BATCH, "new_date": {"type": "string", "format": "date"}},
                  ["batch_id", "new_date"])
    drawn_apart = 0
    for seed in range(20):
        args = sample_arguments(oven, random.Random(seed), optional_rate=1.0)
        day = args["slot_start"][2:10].replace("-", "")
        assert re.fullmatch(r"BK-\d{6}-\d{2}", args["batch_id"]) and args["batch_id"][3:9] == day, args
        other = sample_arguments(moved, random.Random(seed), optional_rate=1.0)
        drawn_apart += other["batch_id"][3:9] != other["new_date"][2:10].replace("-", "")
    assert drawn_apart >= 15
