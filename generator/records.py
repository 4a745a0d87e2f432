"""Typed records at every stage boundary.

catalog + histories -> Target -> DisclosurePlan -> Draft -> Verdicts -> Sample | Rejection -> files.
Every record is a strict pydantic model: unknown fields are refused.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid")


# ---------------------------------------------------------------- catalog

class ToolHints(Record):
    """Phrasing hints for the template writer (catalog extension field `x-trajgen.hints`).

    intents: sentence templates for the action, with `{param}` slots for stated values,
        e.g. "find a route from {origin} to {destination}". Slots for values that the
        plan does not state are dropped together with their marked phrase `[...]`.
    need: short statements of the underlying need for the vaguest level ("I'm hungry").
    nouns: natural noun phrase per parameter ("departure city").
    surface: natural words per enum value, per parameter ({"cartype": {"public_transit": "public transport"}}).
    """

    intents: list[str] = Field(default_factory=list)
    need: list[str] = Field(default_factory=list)
    nouns: dict[str, str] = Field(default_factory=dict)
    surface: dict[str, dict[str, str]] = Field(default_factory=dict)


# ---------------------------------------------------------------- value profiles
# What a tool's prose says about its values, read once by the LLM (`trajgen hints`,
# prompts/tool_values.j2) or written by hand: realistic values per parameter path and a small
# closed set of rules that code checks (generator.core.value_rules). See docs/values.md.

Weekday = Literal["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
GapUnit = Literal["minutes", "hours", "days"]


class _Rule(Record):
    # The rule holds only when every named parameter is present with one of the listed values.
    when: dict[str, list[Any]] = Field(default_factory=dict)


class RequiresRule(_Rule):
    kind: Literal["requires"]
    params: list[str] = Field(min_length=1)


class ForbidsRule(_Rule):
    kind: Literal["forbids"]
    params: list[str] = Field(min_length=1)


class AllowedRule(_Rule):
    kind: Literal["allowed"]
    param: str
    values: list[Any] | None = None
    min: float | None = None
    max: float | None = None


class ExactlyOneRule(_Rule):
    kind: Literal["exactly_one"]
    params: list[str] = Field(min_length=2)


class AtMostOneRule(_Rule):
    kind: Literal["at_most_one"]
    params: list[str] = Field(min_length=2)


class OrderRule(_Rule):
    kind: Literal["order"]
    first: str
    second: str
    min_gap: float | None = None
    max_gap: float | None = None
    unit: GapUnit | None = None  # for dates and times; plain numbers compare in their own units
    same_day: bool = False


class CalendarRule(_Rule):
    kind: Literal["calendar"]
    param: str
    weekdays: list[Weekday] = Field(default_factory=list)
    min_days_ahead: int | None = None  # at least this many days after the query time
    max_days_ahead: int | None = None
    not_future: bool = False
    not_past: bool = False


Rule = Annotated[RequiresRule | ForbidsRule | AllowedRule | ExactlyOneRule | AtMostOneRule | OrderRule
                 | CalendarRule, Field(discriminator="kind")]


class ValueProfile(Record):
    """A tool's value profile: `values` by parameter path ("lines[].item_code", "address.zip"),
    each checked against its schema; `rules` between and on parameters."""

    values: dict[str, list[Any]] = Field(default_factory=dict)
    rules: list[Rule] = Field(default_factory=list)


class Edge(Record):
    """This tool's output can feed `params` of the consumer tool `tool`."""

    tool: str
    params: list[str] = Field(default_factory=list)
    source: Literal["catalog", "inferred", "llm"] = "catalog"


class Tool(Record):
    """One callable function, normalized from any catalog form.

    `name` is the function name exactly as offered to a model (TRAILBench: "<app>_<api>";
    TRAJECT-Bench: "<parent tool>: <API name>"); `parameters` is standard JSON Schema
    (type "object", JSON types only; BFCL's dict/float/tuple/any are normalized on read).
    """

    name: str
    app: str
    api: str
    domain: str
    description: str = ""
    parameters: dict[str, Any] = Field(default_factory=lambda: {"type": "object", "properties": {}})
    output: str | None = None
    hints: ToolHints | None = None
    profile: ValueProfile | None = None  # what the prose says of values (trajgen hints, docs/values.md)
    edges: list[Edge] = Field(default_factory=list)
    source: str = ""
    source_format: str = ""
    # What the rest of the catalog says about a parameter's values (generator.core.lore): schema
    # keywords to draw with, by parameter path ("lines[].sku"); never part of the tool's schema.
    said: dict[str, dict[str, Any]] = Field(default_factory=dict)

    @property
    def properties(self) -> dict[str, dict[str, Any]]:
        return self.parameters.get("properties") or {}

    @property
    def required(self) -> list[str]:
        return list(self.parameters.get("required") or [])

    def openai(self) -> dict[str, Any]:
        """OpenAI tools-format definition."""
        return {"type": "function", "function": {"name": self.name, "description": self.description,
                                                 "parameters": self.parameters}}


class ToolCall(Record):
    tool: str
    arguments: dict[str, Any] = Field(default_factory=dict)


class HistoryEvent(Record):
    """One logged call of a user (TRAILBench event layout, minus the derived `fulltoolname`)."""

    time: str
    apitype: str
    toolname: str
    apiname: str
    parameters: dict[str, Any] = Field(default_factory=dict)


class UserHistory(Record):
    user: str
    events: list[HistoryEvent]
    source: str = ""


# ---------------------------------------------------------------- targets and plans

TargetKind = Literal["single", "parallel", "sequential", "irrelevance", "multi_turn"]


class Binding(Record):
    """A sequential dependency: argument `param` of call `call` comes from call `from_call`'s output."""

    call: int
    param: str
    from_call: int


class Target(Record):
    """What the user really wants: one call or a trajectory of calls, plus context."""

    id: str
    kind: TargetKind
    calls: list[ToolCall]
    offered: list[str]
    domain: str = ""
    user: str | None = None
    history: list[HistoryEvent] = Field(default_factory=list)
    time: str | None = None
    temporal_parameters: list[str] = Field(default_factory=list)
    bindings: list[Binding] = Field(default_factory=list)
    outputs: list[str] = Field(default_factory=list)
    # History hints may point at one earlier event ("as my taxi request yesterday evening",
    # generator.core.pointers): TRAIL turns them on when the plain readings cannot give the targets asked.
    pointers: bool = False


Disclosure = Literal["stated", "hinted", "omitted"]
ToolDisclosure = Literal["named", "implied", "omitted"]
Source = Literal["query", "history", "time", "default", "previous_step", "unrecoverable"]


class ArgPlan(Record):
    param: str
    value: Any
    mode: Disclosure
    source: Source = "query"
    hint: str | None = None


class CallPlan(Record):
    tool: str
    tool_mode: ToolDisclosure
    args: list[ArgPlan] = Field(default_factory=list)
    # The user's last call of this function held every value the query leaves to the history and
    # no argument the call lacks: "search permits like last time" reads right (never set without history).
    repeats_last: bool = False
    # Every value the query leaves to the history, hinted or not, is the user's most frequent one:
    # "the disposition I usually go with, and the rest as usual" reads right (set 40).
    rest_usual: bool = False


class DisclosurePlan(Record):
    """How much of the target one query discloses. Decided in code; the writer only phrases it."""

    target_id: str
    level: str
    calls: list[CallPlan]
    paraphrases: int = 1
    style: Literal["explicit", "casual", "indirect", "need"] = "explicit"

    def args(self) -> list[tuple[int, ArgPlan]]:
        return [(i, a) for i, c in enumerate(self.calls) for a in c.args]


class Draft(Record):
    """A writer's realization of a plan: `n` paraphrases."""

    target_id: str
    level: str
    texts: list[str]
    writer: str
    attempts: int = 1
    raw: str | None = None


class Verdict(Record):
    validator: str
    ok: bool
    reason: str = ""


class Sample(Record):
    """An accepted item of any product; `payload` is product-specific and JSON-serializable."""

    item_id: str
    product: str
    payload: dict[str, Any]


class Rejection(Record):
    item_id: str
    product: str
    stage: str
    validator: str = ""
    reason: str
    raw: str | None = None
    attempts: int = 0
    twin: str | None = None  # dedup: "<product>:<id>" of the kept sample this one duplicates


class ItemResult(Record):
    """What the engine stores per finished item, so a rerun can skip it."""

    item_id: str
    product: str
    samples: list[Sample] = Field(default_factory=list)
    rejections: list[Rejection] = Field(default_factory=list)


class RunManifest(Record):
    config: dict[str, Any]
    seed: int
    writer: str
    model: str | None
    endpoint: str | None
    template_hashes: dict[str, str]
    code_version: str
    code_digest: str  # sha256 of the package's files (provenance.code_digest): part of the state key
    inputs: dict[str, str] = Field(default_factory=dict)  # input file or folder named by the config -> SHA-256
    counts: dict[str, int]
    files: dict[str, str] = Field(default_factory=dict)
    llm_cost_usd: float | None = None  # from llm.prices, summed over every invocation


def dict_at(obj: dict[str, Any], key: str, default: dict[str, Any] | None = None) -> dict[str, Any]:
    """`obj[key]` when it is a JSON object, else `default` (an empty one): the one way every
    reader of loosely shaped input (schemas, tool calls, records) looks one level down."""
    value = obj.get(key)
    return value if isinstance(value, dict) else ({} if default is None else default)
