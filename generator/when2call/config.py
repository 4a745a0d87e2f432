"""Config section `products.when2call` (strict): how many twins of each kind, and how the
history twins are built."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field, NonNegativeInt, PositiveInt, field_validator, model_validator

from ..records import Record

START_FORMAT = "%Y-%m-%d %H:%M"
from ..trail.config import checked_start

Twin = Literal["stated", "determined", "undetermined", "tool_removed", "no_tool"]
Category = Literal["tool_call", "request_for_info", "cannot_answer", "direct"]
Case = Literal["absent", "tie", "conflicting"]

TWINS: tuple[Twin, ...] = ("stated", "determined", "undetermined", "tool_removed", "no_tool")
CATEGORIES: tuple[Category, ...] = ("tool_call", "request_for_info", "cannot_answer", "direct")
CASES: tuple[Case, ...] = ("absent", "tie", "conflicting")
# The When2Call category each twin is labelled with.
CATEGORY_OF: dict[Twin, Category] = {"stated": "tool_call", "determined": "tool_call",
                                     "undetermined": "request_for_info", "tool_removed": "cannot_answer",
                                     "no_tool": "direct"}


class When2CallConfig(Record):
    """Twins per target in When2Call's formats (docs/when2call.md).

    `twins`: how many targets get each twin, by twin kind (its When2Call category in brackets):
    stated (tool_call), determined (tool_call: the value left out, the history determines it),
    undetermined (request_for_info: the same words, a history that does not), tool_removed
    (cannot_answer: the stated request without its tool), no_tool (direct: a request no tool
    serves). A run plans max(twins) targets; target i gets twin k when i < twins[k].
    `cases`: how the undetermined history fails to determine the value, cycled over targets.
    `history`: background events per target history (other tools), `calls`: earlier calls of
    the target tool in a history that has them (the absent case has none).
    """

    # targets that get each twin, by twin kind (a run plans max(twins) targets)
    twins: dict[Twin, NonNegativeInt] = Field(default_factory=lambda: dict.fromkeys(TWINS, 20))
    cases: list[Case] = Field(default_factory=lambda: list(CASES), min_length=1)  # undetermined histories, cycled
    time_share: float = Field(0.2, ge=0.0, le=1.0)  # targets whose left-out value is the query date
    history: int = Field(8, ge=0, le=200)  # background events (other tools) per target history
    calls: tuple[int, int] = (3, 5)  # earlier calls of the target tool in a history that has them
    distractors: tuple[int, int] = (1, 3)  # tools of other kinds offered beside the target
    personas: PositiveInt | None = None  # use only the first N personas (derived ones: N users)
    events: int = Field(120, ge=10, le=2000)  # events per persona log the backgrounds are cut from
    start: str = "2025-05-01 00:00"  # when the histories begin ('YYYY-MM-DD HH:MM')
    max_attempts: int = Field(3, ge=1, le=10)  # fresh draws per target before a rejection

    @field_validator("start")
    @classmethod
    def _start_is_a_time(cls, value: str) -> str:
        return checked_start(value)

    @model_validator(mode="after")
    def _ranges(self) -> When2CallConfig:
        for name in ("calls", "distractors"):
            lo, hi = getattr(self, name)
            if lo < 0 or hi < lo:
                raise ValueError(f"{name} must be (low, high) with 0 <= low <= high")
        if self.calls[0] < 3:
            raise ValueError("calls must start at 3 or more: a tie and a conflict need three earlier calls")
        return self

    def start_time(self) -> datetime:
        return datetime.strptime(self.start, START_FORMAT)

    def targets(self) -> int:
        return max(self.twins.values(), default=0)

    def has(self, twin: Twin, index: int) -> bool:
        return index < self.twins.get(twin, 0)
