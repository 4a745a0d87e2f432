"""Phrasing found defective by readers of three catalogs new to trajgen (waste collection, fiber
field service, self storage; 2026-12-03, set 10): each case as the reader saw it, and what a person
would write instead."""

from __future__ import annotations

import pytest

from generator.core.textquality import identifier
from generator.phrasebook.derive import derive_hints
from generator.phrasebook.fragments import enum_words
from generator.phrasebook.terms import FRAMES, term
from generator.records import Tool


def said(param: str, spec: dict, value: str, kind: str = "number", intent: str = "find accounts") -> str:
    return FRAMES[kind](term(param, spec), value, intent)


def test_an_id_described_as_the_number_of_a_thing_is_said_as_the_thing() -> None:
    t = term("truck_id", {"type": "string", "description": "Fleet unit number of the collection truck, e.g. 'U-2417'."})
    assert (t.noun, t.pointer) == ("collection truck", True)  # never "fleet unit number of the collection truck U-5557"
    assert term("vessel_id", {"type": "string", "description": "Internal reference number of the vessel"}).noun == "vessel"


@pytest.mark.parametrize(("value", "words"), [("damaged", "because it was damaged"), ("stolen", "because it was stolen"),
                                              ("downsize", "to downsize"), ("upsize", "to upsize"),
                                              ("vet_unavailable", "because the vet is unavailable")])
def test_a_one_word_reason_is_said_as_what_happened_or_what_is_wanted(value: str, words: str) -> None:
    assert enum_words(value, "reason", {"type": "string", "enum": [value]}) == words


def test_a_reason_of_the_wrong_thing_takes_its_article() -> None:
    assert said("reason", {"type": "string", "enum": ["wrong_stream"]}, "wrong stream", "enum",
                "swap a cart") == "because of the wrong stream"


@pytest.mark.parametrize("param", ["limit", "max_results", "top_k"])
def test_a_result_limit_is_at_most_so_many_results(param: str) -> None:
    assert said(param, {"type": "integer", "description": ""}, "7") == "with at most 7 results"


def test_a_model_number_inside_a_name_is_kept() -> None:
    t = term("wifi_router", {"type": "boolean", "description": "Include a managed Wi-Fi 6 router ($10/month)."})
    assert t.act == "include a managed Wi-Fi 6 router"  # never "a managed wi- router"


def test_a_unit_written_in_mixed_case_is_said_and_passes_the_identifier_check() -> None:
    spec = {"type": "number", "description": "Receive power measured at the ONT during install, dBm (negative)."}
    assert said("rx_power_dbm", spec, "-19.4") == "with RX power -19.4 dBm"  # never "RX power DBM -19.4"
    assert not identifier("activate it with the receive power at -19.4 dBm and a 2.4 GHz radio")
    assert identifier("set maxPower to 3")


def test_a_count_of_someones_things_is_said_without_the_owner() -> None:
    spec = {"type": "integer", "description": "Number of the customer's devices affected."}
    assert said("devices_affected", spec, "4") == "with 4 devices affected"  # never "4 customer's devices"


def test_an_enum_of_the_verbs_a_call_may_take_is_said_as_its_verb() -> None:
    tool = Tool(name="overlock_unit", app="", api="overlock_unit", domain="storage",
                description="Place (or remove) a facility overlock on a delinquent unit's door.",
                parameters={"type": "object", "properties": {
                    "unit_id": {"type": "string"}, "action": {"type": "string", "enum": ["place", "remove"]}}})
    assert derive_hints(tool).intents[0].startswith("{action} ")  # "remove a ... overlock", never "with the remove action"


@pytest.mark.parametrize(("value", "words"), [("parking_40ft", "parking 40 ft"),
                                              ("extended_5am_11pm", "extended 5 am to 11 pm"),
                                              ("F1_minus80", "F1_minus80")])
def test_an_option_of_words_and_measures_is_said_in_words(value: str, words: str) -> None:
    assert enum_words(value, "size", {"type": "string", "enum": [value]}) == words
