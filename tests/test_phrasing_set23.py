"""Phrasings the set-23 readings asked for (an aircraft shop, an electric utility, a loan office)."""

from __future__ import annotations

from generator.phrasebook import terms


def test_a_reading_at_check_in_is_in_the_hours_its_description_says() -> None:
    term = terms._term("hobbs_in", "Hobbs meter reading at check-in, hours (e.g. 2871.4).", "number", "")
    assert term.unit == "hours", term
    assert terms._term("slump_in", "Slump of the load.", "number", "").unit == "inches"


def test_a_directive_number_shaped_like_a_day_is_said_as_written() -> None:
    from generator.core.surface import render

    assert render("2011-09-28", "ad_number", None) == "2011-09-28"
    assert render("2011-09-28", "due_date", None) != "2011-09-28"
