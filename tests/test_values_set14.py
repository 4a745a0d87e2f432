"""Value classes found by reading the set-14 catalogs (a beekeeping outfit, a court clerk's
office, a marina), each pinned on a small tool of its own."""

from __future__ import annotations

from generator.core import lore
from generator.records import Tool


def tool(name: str, description: str, properties: dict, required: list[str] | None = None) -> Tool:
    return Tool(name=name, app="x", api=name, domain="x", description=description,
                parameters={"type": "object", "properties": properties, "required": required or []})


def test_a_list_under_the_plural_of_the_parameter_in_the_tool_prose_is_its_enum() -> None:
    """"Suspected causes: varroa, queen_failure, ..." lists `suspected_cause`'s values: a loss
    cause is never drawn from generic free text ("a scheduling conflict")."""
    t = tool("report_colony_loss", "Mark a colony dead and record why. Suspected causes: varroa, queen_failure, "
             "starvation, pesticide, absconding. Pesticide kills should be reported.",
             {"colony_id": {"type": "string"}, "suspected_cause": {"type": "string"}}, ["colony_id", "suspected_cause"])
    [annotated] = lore.annotate([t])
    assert annotated.said["suspected_cause"]["enum"] == ["varroa", "queen_failure", "starvation", "pesticide",
                                                         "absconding"]
