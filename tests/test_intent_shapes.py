"""The verb phrase of a tool's request from description and name shapes the template writer had
no rule for (issue 25i, hidden catalog set 6): a verb of aspect keeps its gerund, a clause or a
possessor after the verb is no object, a name's particle makes a phrasal verb, a name's acronym
or initials are said as the description writes them; and values framed without a read-out: a
nested field named as its object is the object's noun, a description whose subject is one enum
value names no parameter. Every tool here is invented for the test."""

from __future__ import annotations

from typing import Any

import pytest

from generator.core.surface import render, value_kind
from generator.phrasebook.intent import intent_of
from generator.phrasebook.terms import term
from generator.records import Tool
from generator.writers.phrasing.args import said_as


def _tool(name: str, description: str, props: dict[str, Any] | None = None) -> Tool:
    return Tool(name=name, app="", api=name, domain="d", description=description,
                parameters={"type": "object", "properties": props or {}})


def _said(tool: Tool, param: str, value: Any) -> str:
    return said_as(param, tool, value_kind(value, param, tool), render(value, param, tool))


@pytest.mark.parametrize(("name", "description", "intent"), [
    ("resume_print", "Resume printing a document after a paper jam.", "resume printing a document"),
    ("kiln_batch", "Start firing a batch of pottery in a kiln.", "start firing a batch of pottery"),
    ("halt_well", "Stop pumping water from a well when the level is low.", "stop pumping water"),
])
def test_a_verb_of_aspect_keeps_its_gerund(name: str, description: str, intent: str) -> None:
    assert intent_of(_tool(name, description)) == intent


@pytest.mark.parametrize(("name", "description", "intent"), [
    ("log_late_arrival", "Log that a student arrived after the bell.", "log a late arrival"),
    ("note_missed_dose", "Note that a patient skipped a scheduled dose.", "note the missed dose"),
    ("report_power_cut", "Report when a substation loses its feed.", "report the power cut"),
])
def test_a_clause_after_the_verb_is_no_object_the_name_says_it(name: str, description: str, intent: str) -> None:
    assert intent_of(_tool(name, description)) == intent


@pytest.mark.parametrize(("name", "description", "intent"), [
    ("set_valve_mode", "Change a pump's or a valve's control mode, e.g. put it in manual.", "set the valve mode"),
    ("set_hive_status", "Update a hive's or a colony's health status after an inspection.", "set hive status"),
])
def test_a_possessor_is_no_object(name: str, description: str, intent: str) -> None:
    assert intent_of(_tool(name, description)) == intent


@pytest.mark.parametrize(("name", "description", "intent"), [
    ("get_driver_log", "List a driver's shifts between two dates.", "list a driver's shifts"),
    ("get_hive_record", "Get the keeper's notes on a hive.", "get the keeper's notes"),
])
def test_a_possessor_keeps_the_authors_determiner(name: str, description: str, intent: str) -> None:
    assert intent_of(_tool(name, description)) == intent


@pytest.mark.parametrize(("name", "description", "intent"), [
    ("check_out_tool", "Tool loan from the crib to a mechanic.", "check out the tool"),
    ("log_in_visitor", "Visitor arrival at the front desk.", "log in the visitor"),
    ("back_up_volume", "Snapshot copy of a storage volume.", "back up the volume"),
])
def test_a_names_particle_makes_a_phrasal_verb(name: str, description: str, intent: str) -> None:
    assert intent_of(_tool(name, description)) == intent


@pytest.mark.parametrize(("name", "description", "intent"), [
    ("get_ecg_trace", "ECG trace of a patient over the last hour.", "get the ECG trace"),
    ("get_pob_count", "Persons on board a vessel, by deck.", "get the persons-on-board count"),
    ("list_rma_requests", "Return merchandise authorization requests open for a customer.",
     "list return merchandise authorization requests"),
])
def test_a_names_acronym_is_said_as_the_description_writes_it(name: str, description: str, intent: str) -> None:
    assert intent_of(_tool(name, description)) == intent


def test_a_names_word_the_description_never_spells_is_not_guessed() -> None:
    assert intent_of(_tool("get_xq_chart", "Chart of a parameter on a line.")) == "make this request"


def test_a_nested_field_named_as_its_object_is_the_objects_noun() -> None:
    tool = _tool("order_parts", "Order spare parts for a truck.", {"parts": {
        "type": "array", "items": {"type": "object", "properties": {
            "part": {"type": "string", "enum": ["brake_pad", "oil_filter"]},
            "quantity": {"type": "integer"}}}}})
    said = _said(tool, "parts", [{"part": "brake_pad", "quantity": 2}, {"part": "oil_filter", "quantity": 1}])
    assert "a brake pad" in said and "an oil filter" in said and "part with part" not in said, said


@pytest.mark.parametrize(("value", "never"), [("booth", "booth booths"), ("open_table", "open table booths")])
def test_a_description_of_one_enum_value_names_no_parameter(value: str, never: str) -> None:
    spec = {"type": "string", "enum": ["booth", "open_table"], "description": "Booths seat up to six guests."}
    tool = _tool("reserve_table", "Reserve a table for a party.", {"seating_kind": spec})
    assert term("seating_kind", spec).noun != "booths"
    assert never not in _said(tool, "seating_kind", value)
