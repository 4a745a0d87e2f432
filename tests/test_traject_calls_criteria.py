"""A TRAJECT call of a tool that requires nothing still says what it is about: a reader of an
invented permits office found every parallel "search permits" / "look up parcels" call empty
(the hard plan prefers calls with nothing to say), which no person asks."""

from __future__ import annotations

import random

import pytest

from generator.records import Tool
from generator.traject.calls import arguments


def _tool(properties: dict, required: list[str] | None = None) -> Tool:
    return Tool(name="search_parcels", app="Permits", api="search_parcels", domain="permits",
                description="Search parcels by address, APN, owner or zoning.",
                parameters={"type": "object", "properties": properties, "required": required or []})


SEARCH = _tool({
    "address": {"type": "string", "description": "Street address or part of it"},
    "owner_name": {"type": "string", "description": "Owner of record"},
    "zoning": {"type": "string", "enum": ["R-1", "R-2", "C-1", "M-1"], "description": "Zoning district"},
    "status": {"type": "string", "enum": ["active", "retired"], "default": "active",
               "description": "Parcel status"},
})


@pytest.mark.parametrize("lean", [False, True])
def test_a_call_of_a_tool_that_requires_nothing_carries_a_criterion(lean: bool) -> None:
    for seed in range(60):
        args = arguments(SEARCH, random.Random(seed), 0.2, lean=lean)
        said = {p: v for p, v in args.items() if not (p == "status" and v == "active")}
        assert said, (seed, args)  # not empty, and not only the default


def test_a_tool_with_required_values_gets_no_extra_criterion() -> None:
    tool = _tool({"apn": {"type": "string", "description": "Assessor's parcel number"},
                  "owner_name": {"type": "string", "description": "Owner of record"}}, required=["apn"])
    drawn = [arguments(tool, random.Random(seed), 0.0, lean=True) for seed in range(30)]
    assert all(set(a) == {"apn"} for a in drawn), drawn
