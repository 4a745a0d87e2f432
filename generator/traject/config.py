"""Config section `products.traject` (strict)."""

from __future__ import annotations

from pydantic import Field, NonNegativeInt, model_validator

from ..records import Record


class IntRange(Record):
    """An inclusive integer range; `min <= max` is enforced."""

    min: int = Field(ge=1)  # the smallest, inclusive
    max: int = Field(ge=1)  # the largest, inclusive

    @model_validator(mode="after")
    def _ordered(self) -> IntRange:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is greater than max ({self.max})")
        return self


class TrajectConfig(Record):
    """Multi-tool trajectories written as TRAJECT-Bench files.

    domains: catalog domains to use; empty = every domain with at least `k.min` tools.
    parallel / sequential: trajectories per domain of each kind.
    k: tools per parallel trajectory (capped by the domain's size).
    chain: steps per sequential chain (capped by the longest path the tool graph offers).
    allow_repeats: let one tool occur twice in a trajectory (TRAJECT-Bench's inclusion metric
        can then never reach 1.0 on gold, so it is off by default).
    llm_edges: ask the LLM (task `propose_edges`, cached) for extra producer -> consumer edges.
    llm_outputs: have the LLM write tool outputs and final answers (tasks `simulate_output`,
        `final_answer`; bound values are checked to occur verbatim) instead of the simulator.
    max_attempts: samples tried per item before it is recorded as a rejection.
    hard_ceiling: the most of its values a hard query may state, read by meaning. 0.5 (the
        default) is TRAJECT-Bench's hard band: a domain whose every draw must state more (ids and
        free text that no default or description stands for) gets no parallel trajectories, and
        the run says why and how much the least draw must state. Up to 1.0 lets such a domain
        have hard queries that state that much (indirect words, every value still determined:
        a catalog of ids and free text has nothing a query can leave out); the card's hard band
        then reads FAILED for it.
    """

    domains: list[str] = Field(default_factory=list)
    parallel: NonNegativeInt = 5  # parallel trajectories per domain
    sequential: NonNegativeInt = 5  # sequential chains per domain
    k: IntRange = Field(default_factory=lambda: IntRange(min=3, max=10))
    chain: IntRange = Field(default_factory=lambda: IntRange(min=2, max=10))
    allow_repeats: bool = False
    llm_edges: bool = False
    llm_outputs: bool = False
    max_attempts: int = Field(4, ge=1, le=20)
    hard_ceiling: float = Field(0.5, ge=0.5, le=1.0)  # most of its values a hard query may state, by meaning
