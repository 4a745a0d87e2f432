"""Records of the judge stage: a scenario (request + offered tools + gold), a candidate answer,
the labeler's judgement, and the finished row."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import Field

from ..catalog import Catalog
from ..records import Record, Tool, ToolCall
from .config import Label


class Candidate(Record):
    """What the assistant answered: one call, or a text reply (call is None)."""

    call: ToolCall | None = None
    text: str | None = None
    note: str = ""  # what the operator did, for the audit trail


class Judgement(Record):
    label: Label
    reasons: list[str] = Field(default_factory=list)


@dataclass
class Scenario:
    """One request situation. `gold` is None when no offered tool serves the request
    (the request was written for `wanted`, which is then not offered)."""

    wanted: Tool
    wanted_call: ToolCall
    offered: list[Tool]
    gold: ToolCall | None
    catalog: Catalog
    history_values: dict[str, list[Any]] = field(default_factory=dict)
    request: str | None = None

    def offered_tool(self, name: str) -> Tool | None:
        return next((t for t in self.offered if t.name == name), None)


class JudgeRow(Record):
    """A finished row plus its provenance (the provenance goes to judge/meta.jsonl)."""

    id: str
    request: str
    tools: list[dict[str, Any]]
    gold: ToolCall | None
    candidate: Candidate
    label: Label
    reasons: list[str]
    operator: str
