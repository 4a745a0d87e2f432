"""Shared helpers for the phrasing tests of the reading sets (imported explicitly): a tool of one
catalog with its lore, and the explicit query the template writer makes of one call."""

from __future__ import annotations

from generator.core import lore
from generator.core.plan import plan_explicit
from generator.records import Target, Tool, ToolCall
from generator.writers.base import WriteRequest
from generator.writers.template import paraphrases


def annotated_tool(name: str, description: str, props: dict, app: str, domain: str) -> Tool:
    return lore.annotate([Tool(name=name, app=app, api=name, domain=domain, description=description,
                               parameters={"type": "object", "properties": props})])[0]


def explicit_query(tool: Tool, args: dict) -> str:
    target = Target(id="x", kind="single", calls=[ToolCall(tool=tool.name, arguments=args)], offered=[tool.name],
                    domain=tool.domain)
    request = WriteRequest(target=target, plan=plan_explicit(target, tools={tool.name: tool}), tools=[tool], n=1)
    return paraphrases(request, 1, 1)[0]
