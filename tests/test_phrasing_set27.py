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
