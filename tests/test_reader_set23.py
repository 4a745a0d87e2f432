"""What the capable-model players of set 23 wrote and the checks refused (all judged false)."""

from __future__ import annotations

from generator.core.plan import plan_calls
from generator.core.surface import mentions
from generator.reader.flags import read_flag
from generator.reader.text import Text
from generator.records import Target, Tool, ToolCall
from generator.validators import VALIDATORS
from generator.writers.base import WriteRequest

RESCAN = "True when pages were missing or illegible and a rescan was asked of the lender; the PDF is posted as it is."


def test_a_flag_said_by_a_part_of_its_descriptions_clause() -> None:
    assert read_flag(Text("Post it; no rescan was asked of the lender."), "rescan_requested", RESCAN)[0] is False
    assert read_flag(Text("Post it, no rescan asked for."), "rescan_requested", RESCAN)[0] is False
    assert read_flag(Text("Post it; we asked the lender for a rescan."), "rescan_requested", RESCAN)[0] is True
    assert read_flag(Text("Post the article for 30 days."), "rescan_requested", RESCAN) is None


def _tool(name: str, props: dict, description: str) -> Tool:
    return Tool(name=name, app="", api=name, domain="x", description=description,
                parameters={"type": "object", "properties": props, "required": []})


def test_an_enum_said_in_another_order_or_as_an_adverb() -> None:
    search = _tool("search_aircraft", {"operation": {"type": "string", "enum": ["private", "charter_part_135"]}},
                   "Search aircraft on file.")
    assert mentions("which privately operated aircraft we have on file", "private", "operation", search)
    assert mentions("which aircraft on file fly Part 135 charter", "charter_part_135", "operation", search)
    assert not mentions("which aircraft on file fly rental", "charter_part_135", "operation", search)


def test_another_calls_request_is_no_leak_of_this_ones_omitted_flag() -> None:
    eat = _tool("find_place_to_eat", {"city": {"type": "string"}, "delivery": {"type": "boolean"}},
                "Find a place to eat in a city.")
    deliver = _tool("find_food_delivery", {"city": {"type": "string"}}, "Find food delivery in a city.")
    target = Target(id="t", kind="parallel", offered=[eat.name, deliver.name],
                    calls=[ToolCall(tool=eat.name, arguments={"city": "Leeds", "delivery": True}),
                           ToolCall(tool=deliver.name, arguments={"city": "Cardiff"})])
    plan = plan_calls(target, {(0, "delivery"): ("omitted", "history", None)})
    req = WriteRequest(target=target, plan=plan, tools=[eat, deliver], n=1)
    ok = "I have nothing sorted for dinner in Leeds, and I wonder what food delivery there is in Cardiff."
    assert [v for v in VALIDATORS.get("omitted_absent")(req, [ok]) if not v.ok] == []
    leak = "Find me a place to eat in Leeds with delivery, and food delivery in Cardiff."
    assert [v for v in VALIDATORS.get("omitted_absent")(req, [leak]) if not v.ok]
