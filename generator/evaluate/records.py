"""Typed records of an evaluation: the item sent to the model, its prediction, its score, the row
written to results.jsonl."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from ..judge.config import Label
from ..records import Record, ToolCall

Steps = Literal["one", "loop"]


class EvalItem(Record):
    """One query with its offered tools and gold, in a format's own terms.

    `target` groups items whose correctness is correlated (paraphrases and levels of one target
    call, simple/hard twins of one trajectory): the bootstrap resamples targets, not items.
    `steps`: "one" scores the first reply; "loop" (sequential trajectories) feeds the gold
    outputs back as tool results until the model stops calling tools.
    """

    id: str
    format: str
    source: str
    target: str
    level: str
    level_rank: int
    category: str = "-"
    domain: str = "-"
    length: int = 1
    query: str
    messages: list[dict[str, Any]]
    tools: list[dict[str, Any]]
    gold: list[ToolCall] = Field(default_factory=list)
    steps: Steps = "one"
    outputs: list[str] = Field(default_factory=list)
    reference: dict[str, Any] = Field(default_factory=dict)


class Prediction(Record):
    """What the model answered, tool names mapped back to the item's own names."""

    calls: list[ToolCall] = Field(default_factory=list)
    text: str = ""
    failure: str | None = None  # the endpoint refused this item (not retryable): scored as no call
    notes: list[str] = Field(default_factory=list)
    # what kind of reply it is and who said so (when2call: {"reply": "request_for_info", "by": "rule:question"})
    classified: dict[str, str] = Field(default_factory=dict)


class Score(Record):
    correct: bool
    error_type: Label
    measures: dict[str, Any] = Field(default_factory=dict)
    detail: str = ""


class EvalResult(Record):
    """One line of results.jsonl."""

    id: str
    format: str
    target: str
    level: str
    level_rank: int
    category: str
    domain: str
    length: int
    query: str
    prediction: list[ToolCall]
    text: str = ""
    correct: bool
    error_type: Label
    measures: dict[str, Any] = Field(default_factory=dict)
    detail: str = ""
    failure: str | None = None
    setup: str
