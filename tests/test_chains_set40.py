"""Chains the set-40 session fixed: an id that repeats another id's number holds the call's ('SYS-
066081-05' of property 'PRP-066081'), a subaccount '104387-NM' is of the account '104387' searched,
a `type` field of the systems a `system_type` filter lists is that type, a listed output field
"and flags" is `flags`, and a year-to-date total or the flags of readings are never a date or a
country."""

from __future__ import annotations

import ast
import random

from generator.core.value_sense import nested_by_examples
from generator.records import Tool
from generator.traject.graph import echo_arg, output_fields
from generator.traject.simulate import Context, fake_field, simulate_output, vocabulary

_PROPERTY = {"type": "string", "pattern": "^PRP-[0-9]{6}$", "description": "Property id, 'PRP-' and 6 digits, e.g. 'PRP-004127'."}
_SYSTEM = {"type": "string", "pattern": "^SYS-[0-9]{6}-[0-9]{2}$",
           "description": "System id: the property's 6 digits and a 2-digit system number, e.g. 'SYS-004127-02'."}
_ACCOUNT = {"type": "string", "pattern": "^[0-9]{6}$", "description": "Dosimetry account number, 6 digits, e.g. '104387'."}
_SUBACCOUNT = {"type": "string", "pattern": "^[0-9]{6}-[A-Z0-9]{2}$",
               "description": "Subaccount code: the account number, a dash and 2 characters, e.g. '104387-NM'."}


def _tool(name: str, description: str, props: dict, required: list[str]) -> Tool:
    return Tool(name=name, app="ops", api=name, domain="chains_set40", description=description,
                parameters={"type": "object", "properties": props, "required": required})


def test_an_id_that_repeats_another_ids_number_holds_the_calls() -> None:
    props = {"property_id": _PROPERTY, "system_id": _SYSTEM}
    args = {"property_id": "PRP-066081", "system_id": "SYS-372534-05"}
    assert nested_by_examples(props, args, frozenset()) == {"property_id": "PRP-066081", "system_id": "SYS-066081-05"}
    assert nested_by_examples(props, args, frozenset({"system_id"})) == {"property_id": "PRP-372534",
                                                                         "system_id": "SYS-372534-05"}
    assert nested_by_examples({"account_number": _ACCOUNT, "subaccount": _SUBACCOUNT},
                              {"account_number": "140710", "subaccount": "275209-NM"}, frozenset()) \
        == {"account_number": "140710", "subaccount": "140710-NM"}


def test_a_lookup_reports_the_things_of_what_it_was_given() -> None:
    listing = _tool("list_systems", "List the systems at a property. Returns each system's system_id, type, area "
                    "served and year installed.",
                    {"property_id": _PROPERTY, "system_type": {"type": "string", "enum": ["wet_pipe", "dry_pipe", "deluge"]}},
                    ["property_id"])
    wearers = _tool("search_wearers", "Find wearers on an account. Returns wearer id, name, subaccount and status.",
                    {"account_number": _ACCOUNT, "subaccount": _SUBACCOUNT}, ["account_number"])
    system = _tool("get_system", "Get one system.", {"system_id": _SYSTEM}, ["system_id"])
    ctx = Context(vocab=vocabulary([listing, wearers, system]))
    for seed in range(5):
        body = ast.literal_eval(simulate_output(listing, {"property_id": "PRP-635483", "system_type": "dry_pipe"},
                                                random.Random(seed), context=ctx))
        rows = body.get("systems") or [body]
        assert all(r["system_id"].startswith("SYS-635483-") for r in rows if "system_id" in r), body
        assert all(r.get("type", "dry_pipe") == "dry_pipe" for r in rows), body
        body = ast.literal_eval(simulate_output(wearers, {"account_number": "140710"}, random.Random(seed), context=ctx))
        rows = body.get("wearers") or [body]
        assert all(r["subaccount"].startswith("140710-") for r in rows if "subaccount" in r), body
    assert echo_arg(["property_id", "system_type"], "type") == "system_type"
    assert echo_arg(["system_type", "valve_type"], "type") is None  # two kinds: neither


def test_listed_output_fields_hold_no_conjunction() -> None:
    report = _tool("get_period_report", "Get the dose report of a subaccount: one line per wearer with each quantity "
                   "in mrem, control badge subtracted, and flags for readings above the investigation levels.",
                   {"subaccount": _SUBACCOUNT}, ["subaccount"])
    fields = output_fields(report)
    assert "flags" in fields and not any(f == "and" or f.startswith("and_") for f in fields), fields


def test_a_total_to_date_and_the_flags_of_readings_are_left_unsaid() -> None:
    for seed in range(5):
        assert fake_field("updated_year_to_date", random.Random(seed)) is fake_field("flags", random.Random(seed))
        assert isinstance(fake_field("rating_date", random.Random(seed)), str)
