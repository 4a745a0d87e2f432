"""Our own simulated stateful tools for the multi-turn SDG rows (no bfcl-eval needed).

Each environment keeps its state in plain dicts, executes calls deterministically and exposes
step generators that read the current state to propose a plausible next user turn. Environments
register in SIM_ENVS as factories `(rng, big) -> (env, step generators)`; `big` fills the state
with many extra records so that listings produce long tool outputs (long_context).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...errors import InputError
from ...records import Tool, ToolCall
from ...registry import Registry
from .model import StepGen

SimFactory = Callable[[random.Random, bool], tuple[Any, list[StepGen]]]
SIM_ENVS: Registry[SimFactory] = Registry("simulated environment")


def make_tool(domain: str, name: str, description: str, props: dict[str, dict[str, Any]],
              required: list[str]) -> Tool:
    params = {"type": "object", "properties": props, "required": required}
    return Tool(name=name, app=domain, api=name, domain=domain, description=description,
                parameters=params, source="trajgen.bfcl.sim", source_format="sim")


class SimEnv:
    """Dispatches a call to the method `do_<tool>`; unknown tools or bad args are user errors."""

    name = "sim"

    def tools(self) -> list[Tool]:
        raise NotImplementedError

    def execute(self, call: ToolCall) -> Any:
        method = getattr(self, f"do_{call.tool}", None)
        if method is None:
            raise InputError(f"{self.name} has no tool {call.tool!r}")
        try:
            return method(**call.arguments)
        except (KeyError, ValueError) as exc:
            return {"error": f"{type(exc).__name__}: {exc}"}

    def initial_config(self) -> dict[str, Any]:
        raise NotImplementedError

    def required_params(self, tool: str) -> list[str]:
        return next(t.required for t in self.tools() if t.name == tool)


def pick(rng: random.Random, items: list[Any]) -> Any:
    return items[rng.randrange(len(items))]
