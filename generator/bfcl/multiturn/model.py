"""Records of a multi-turn conversation over a stateful environment.

A step generator looks at the environment's current state and proposes one user turn (`Step`):
the user's words, the gold calls in rounds (calls of one round are independent and go into one
assistant message; a later round may depend on an earlier round's results), how to phrase the
reply, and optionally how the turn reads when a required value is withheld (`Missing`, for
miss_param). The conversation builder executes the calls for real to get the tool results.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from pydantic import Field

from ...records import Record, Tool, ToolCall


class Missing(Record):
    """A variant of the turn with one required value left out (it cannot be recovered)."""

    param: str
    vague_text: str  # the user's request without the value
    ask_text: str  # the assistant's clarification question
    supply_text: str  # the user's next turn, giving the value


class Step(Record):
    text: str
    rounds: list[list[ToolCall]]
    reply: str = "Done."  # may hold "{result}": a short summary of the last tool result
    missing: Missing | None = None

    @property
    def calls(self) -> list[ToolCall]:
        return [c for r in self.rounds for c in r]


class Executed(Record):
    call: ToolCall
    result: Any


class Turn(Record):
    step: Step
    rounds: list[list[Executed]] = Field(default_factory=list)
    reply: str = ""

    @property
    def tools_used(self) -> list[str]:
        return [e.call.tool for r in self.rounds for e in r]


class Env(Protocol):
    """A stateful tool environment: offered tools, real execution, a serializable start state."""

    name: str

    def tools(self) -> list[Tool]: ...

    def execute(self, call: ToolCall) -> Any: ...

    def initial_config(self) -> dict[str, Any]: ...

    def required_params(self, tool: str) -> list[str]: ...


StepGen = Callable[[Any, random.Random], Step | None]
