"""The reader on the set-32 propane catalog: a flag named for its requirement ("leak_check_required")
is read by its check, never by a word that shares the requirement's first letters ("101 gallons
requested" ran past the end of the text: a traceback that lost the dataset card)."""

from __future__ import annotations

from generator.reader.flags import read_flag
from generator.reader.text import Text

DESCRIPTION = "A leak check must be done before gas is turned back on. Must be true for 'out_of_gas' and 'first_fill'."


def test_a_word_at_the_end_that_only_begins_like_the_flag_says_nothing() -> None:
    q = ("I was wondering if you could schedule a propane delivery for customer account 204817 for tank TK-10555 "
         "on June 4th, 2025 as an automatic delivery with 101 gallons requested.")
    assert read_flag(Text(q), "leak_check_required", DESCRIPTION) is None


def test_the_check_itself_is_still_read() -> None:
    assert read_flag(Text("schedule a first fill for TK-1, leak check required"), "leak_check_required", "")[0] is True
    assert read_flag(Text("schedule a first fill for TK-1, no leak check needed"), "leak_check_required", "")[0] is False
    assert read_flag(Text("schedule it and do the leak check"), "leak_check_required", "")[0] is True


def test_a_family_match_shares_more_than_four_letters() -> None:
    from generator.reader.flags import _at
    assert _at(Text("with 101 gallons requested"), ("requir",)) == -1
    assert _at(Text("substitutes are fine"), ("substitut",)) == 0


def test_a_requirement_flag_is_read_by_its_head_noun() -> None:
    said = read_flag(Text("fill TK-1 with a leak check"), "leak_check_required", "")
    assert said is not None and said[0] is True, said
