"""The reader's typed records: what goes in (a query in its context) and what comes out (a
reading per gold argument, and the content the gold calls do not hold)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import Field

from ..records import HistoryEvent, Record, Tool, ToolCall

Label = Literal["stated", "described", "hinted", "omitted"]
LABELS: tuple[Label, ...] = ("stated", "described", "hinted", "omitted")
AddedKind = Literal["request", "condition", "alternative", "wish"]


class Step(Record):
    """An earlier step of a sequential trajectory, as the reader sees it: the call and its output
    (text, as the benchmark files hold it)."""

    call: ToolCall
    output: str = ""


class Situation(Record):
    """Everything besides the text that a reader of one query may use."""

    time: datetime | None = None
    tools: dict[str, Tool] = Field(default_factory=dict)  # offered tools by name
    history: list[HistoryEvent] = Field(default_factory=list)
    steps: list[Step] = Field(default_factory=list)  # sequential: every gold call before, with output
    # sequential: per gold call, the argument the trajectory took from an earlier output ("" none)
    adapted: list[str] = Field(default_factory=list)


class ArgReading(Record):
    """How a reader of the text gets one gold argument.

    label: stated | described | hinted | omitted (see docs/reader.md);
    determined: for hinted and omitted, whether the reading rule yields exactly the gold (null for
        stated and described);
    value: what the reading gives (the stated value, the described entity, the history or default
        value a rule yields), null when nothing follows;
    rule: which reading class or rule decided (e.g. "number", "date", "history:last", "default");
    evidence: the words of the text, or the rule and the history value;
    source: "previous_output" for a sequential value taken from an earlier step's output.
    """

    call: int
    tool: str
    param: str
    gold: Any
    label: Label
    determined: bool | None = None
    value: Any = None
    rule: str = ""
    evidence: str = ""
    source: str | None = None


class Added(Record):
    """A request, condition, alternative or wish of the text that the gold calls do not hold."""

    kind: AddedKind
    span: str


class Reading(Record):
    """The reading of one query: one ArgReading per argument of every gold call, plus added content."""

    args: list[ArgReading] = Field(default_factory=list)
    added: list[Added] = Field(default_factory=list)

    def labels(self) -> dict[tuple[int, str], Label]:
        return {(a.call, a.param): a.label for a in self.args}
