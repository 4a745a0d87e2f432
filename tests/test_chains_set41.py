"""Chains the set-41 session fixed: a search for spots already preempted before the step that
preempts one (the filter moves to a state the act can follow), and an affidavit, a makegood or the
invoice of an order made one step before in proposal status (no such step follows the making)."""

from __future__ import annotations

import random

from generator.records import Tool
from generator.traject.bind import first_call
from generator.traject.chains import too_soon

_ORDER = {"type": "string", "pattern": "^ORD-[0-9]{6}$", "description": "Order number, e.g. 'ORD-250417'."}


def _tool(name: str, description: str, props: dict, required: list[str]) -> Tool:
    return Tool(name=name, app="traffic", api=name, domain="chains_set41", description=description,
                parameters={"type": "object", "properties": props, "required": required})


def test_a_search_never_finds_what_the_next_step_then_does_again() -> None:
    search = _tool("search_spots", "Search the spots of an order.", {
        "order_id": _ORDER,
        "status": {"type": "string", "enum": ["scheduled", "aired", "preempted", "missed"]}}, ["order_id", "status"])
    preempt = _tool("preempt_spot", "Preempt (bump) a spot, normally for breaking news.", {"spot_id": {"type": "string"}}, ["spot_id"])
    statuses = {first_call(search, random.Random(seed), 0.2, preempt)["status"] for seed in range(30)}
    assert "preempted" not in statuses and len(statuses) >= 2, statuses
    alone = {first_call(search, random.Random(seed), 0.2, None)["status"] for seed in range(30)}
    assert "preempted" in alone  # only the step that preempts rules it out


def test_what_follows_an_order_run_its_course_never_follows_its_making() -> None:
    made = _tool("create_order", "Create an order header in proposal status; spots are added with add_order_line.",
                 {"advertiser_id": {"type": "string"}}, ["advertiser_id"])
    placed = _tool("place_order", "Place an order for the items in the cart.", {"cart_id": {"type": "string"}}, ["cart_id"])
    affidavit = _tool("generate_affidavit", "Build the affidavit of an order for a month.", {"order_id": _ORDER}, ["order_id"])
    makegood = _tool("create_makegood", "Offer makegoods for missed spots of an order.", {"order_id": _ORDER}, ["order_id"])
    invoice = _tool("create_invoice", "Invoice an order for one month.", {"order_id": _ORDER}, ["order_id"])
    line = _tool("add_order_line", "Add a line to an order.", {"order_id": _ORDER}, ["order_id"])
    assert too_soon(made, affidavit) and too_soon(made, makegood) and too_soon(made, invoice)
    assert not too_soon(made, line)
    assert not too_soon(placed, invoice)  # an order placed is billed at once; one in proposal is not
