"""What the phrasing tests build: a one-call tool and the template writer's explicit query of it."""

from __future__ import annotations

from typing import Any

from ..core.plan import plan_explicit
from ..records import Target, Tool, ToolCall
from ..writers.base import WriteRequest
from ..writers.template import paraphrases


def one_tool(name: str, description: str, required: list[str], properties: dict[str, Any], domain: str = "club") -> Tool:
    """A tool of one app and domain, named as its API."""
    return Tool(name=name, app=domain, api=name, domain=domain, description=description,
                parameters={"type": "object", "required": required, "properties": properties})


def explicit_query(tool: Tool, args: dict[str, Any], seed: int = 7) -> str:
    """The template writer's query of one call of `tool` that states every value."""
    t = Target(id="x", kind="single", calls=[ToolCall(tool=tool.name, arguments=args)], offered=[tool.name],
               domain=tool.domain)
    req = WriteRequest(target=t, plan=plan_explicit(t, tools={tool.name: tool}), tools=[tool], n=1)
    return paraphrases(req, seed, 1)[0]
