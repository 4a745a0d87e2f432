"""TRAJECT chains from the set-21 reading: a chain no person would run, and the rule that keeps it
out, on a small case that fails when the rule is removed."""

from __future__ import annotations

from generator.records import Tool
from generator.traject.shapes import undoes


def _tool(name: str) -> Tool:
    return Tool(name=name, app="", api=name, description="", domain="referee",
                parameters={"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]})


def test_an_act_and_the_removal_of_what_it_made_are_no_chain() -> None:
    """`assign_official` then `remove_assignment` of the same assignment (a chain in set 20 and 21
    readings): the act makes an assignment, the second undoes it; names sharing no noun otherwise."""
    assert undoes(_tool("assign_official"), _tool("remove_assignment"))
    assert undoes(_tool("book_venue"), _tool("cancel_booking"))
    assert not undoes(_tool("assign_official"), _tool("remove_conflict"))


def test_a_search_that_feeds_an_act_never_filters_on_a_state_that_is_over() -> None:
    """"list productions with closed status. Finally, put a rehearsal on the calendar for the
    production you find" (set 21): when the next step acts, a closed, cancelled or finished filter
    becomes a live state; a next step that only reads keeps it."""
    import random

    from generator.traject.bind import first_call

    search = Tool(name="list_productions", app="", api="list_productions", description="List productions.",
                  domain="stage", parameters={"type": "object", "properties": {"status": {
                      "type": "string", "enum": ["pre_production", "rehearsal", "running", "closed"]}},
                      "required": ["status"]})
    act, read = _tool("schedule_rehearsal"), _tool("get_production")
    for seed in range(30):
        assert first_call(search, random.Random(seed), 1.0, act)["status"] != "closed"
    assert any(first_call(search, random.Random(s), 1.0, read)["status"] == "closed" for s in range(30))
