"""Phrases set 27's readers found clipped or mis-framed, written here for other trades: an object
that runs into a clause of its own ("List permits other towns have issued"), what is asked for
("Ask the clinic for the Vaccination Record of a dog"), a number whose description opens on "... Number" read as a
place ("for switch" rather than "in 7992145475"). Every tool here is invented for the test."""

from __future__ import annotations

from typing import Any

import pytest

from generator.core import semantic
from generator.phrasebook.intent import from_description, intent_of
from generator.records import Tool


def _tool(name: str, description: str, props: dict[str, Any] | None = None) -> Tool:
    return Tool(name=name, app="", api=name, domain="d", description=description,
                parameters={"type": "object", "properties": props or {}})


@pytest.mark.parametrize(("name", "description"), [
    ("list_boarding_requests", "List boarding requests other owners have made for next week."),
    ("search_transfer_requests", "List transfer requests other kennels have sent for dogs in our care."),
])
def test_an_object_running_into_its_own_clause_is_no_intent(name: str, description: str) -> None:
    assert from_description(_tool(name, description)) == ""
    assert intent_of(_tool(name, description)).split()[0] in ("search", "list")


def test_asking_for_a_thing_of_something_says_the_thing() -> None:
    tool = _tool("request_vet_record", "Ask the previous clinic for the Vaccination Record of a dog before boarding.")
    assert intent_of(tool) == "ask the previous clinic for the Vaccination Record"


@pytest.mark.parametrize(("description", "kind"), [
    ("Location Routing Number of our switch serving the rate center, 10 digits.", "id"),
    ("Location of the kennel run.", "place"),
])
def test_a_description_opening_on_a_number_is_no_place(description: str, kind: str) -> None:
    assert semantic.infer("lrn", {"type": "string", "description": description}) == kind


def test_a_filter_flag_left_off_is_said_as_no_filter_in_plain_words() -> None:
    from generator.phrasebook.fragments import bool_words
    from generator.reader.flags import read_flag
    from generator.reader.text import Text

    said = "Only kennels with dogs not yet collected."
    _, no = bool_words("has_boarders", said)
    assert no == "whether or not they have dogs not yet collected", no
    assert read_flag(Text(f"find kennels {no}"), "has_boarders", said)[0] is False  # type: ignore[index]


def test_a_filter_said_by_what_the_things_do_then_keeps_those_words() -> None:
    from generator.phrasebook.terms import term

    t = term("expiring_before", {"type": "string", "format": "date",
                                 "description": "Only licences that expire before this date, YYYY-MM-DD."})
    assert t.phrase == "for licences that expire before" and not t.role, t


def test_a_role_s_name_is_a_person_s() -> None:
    import random

    from generator.core import values

    rng = random.Random(2)
    names = [values.value_for({"type": "string"}, rng, name="scout_name") for _ in range(10)]
    assert not any(n.endswith(" Scout") for n in names), names


def test_a_name_s_code_word_is_said_as_written() -> None:
    tool = _tool("update_e911_address", "Provision or change the 911 service address of a number on our network.")
    assert intent_of(tool) == "update the E911 address"


def test_a_flag_described_as_a_state_is_said_and_read_in_the_author_s_words() -> None:
    from generator.phrasebook.fragments import bool_words
    from generator.reader.flags import read_flag
    from generator.reader.text import Text

    said = "Whether the soundboard passed the crack check before shipping."
    yes, no = bool_words("board_ok", said)
    assert (yes, no) == ("with the soundboard having passed the crack check",
                         "with the soundboard not having passed the crack check")
    assert read_flag(Text(f"record the regulation {yes}"), "board_ok", said)[0] is True  # type: ignore[index]
    assert read_flag(Text(f"record the regulation {no}"), "board_ok", said)[0] is False  # type: ignore[index]
    assert bool_words("tuned", "Whether the piano is tuned.") == ("with the piano tuned", "with the piano not tuned")


def test_a_name_s_modifier_and_participle_leave_a_person_s_name() -> None:
    import random

    from generator.core import values

    rng = random.Random(3)
    for name in ("corrected_authorized_name", "authorized_name"):
        said = [values.value_for({"type": "string"}, rng, name=name) for _ in range(8)]
        assert not any("Authorized" in s or "Corrected" in s for s in said), said


def test_turning_a_thing_into_another_says_into_what() -> None:
    tool = _tool("convert_estimate_to_job", "Turn an accepted estimate into a tuning job. The estimate must be open.")
    assert intent_of(tool) == "turn an accepted estimate into a tuning job"


def test_a_flag_that_lists_more_says_which_more() -> None:
    from generator.phrasebook.terms import term

    t = term("include_loaners", {"type": "boolean", "description": "Also list pianos that are out on loan."})
    assert t.act == "list pianos that are out on loan", t


def test_a_filter_described_as_a_filter_is_said_by_what_it_filters() -> None:
    from generator.phrasebook.terms import term

    t = term("voicing_status", {"type": "string", "description": "Voicing status filter: 'pending' or 'done'."})
    assert t.noun == "voicing status", t
