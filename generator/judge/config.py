"""Config section `products.judge` (strict)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, PositiveInt, model_validator

from ..records import Record

Label = Literal["VALID_CALL", "TOOL_ERROR", "PARAM_NAME_ERROR", "PARAM_VALUE_ERROR"]
LABELS: tuple[Label, ...] = ("VALID_CALL", "TOOL_ERROR", "PARAM_NAME_ERROR", "PARAM_VALUE_ERROR")


def _default_mix() -> dict[Label, float]:
    return {"VALID_CALL": 0.4, "TOOL_ERROR": 0.2, "PARAM_NAME_ERROR": 0.2, "PARAM_VALUE_ERROR": 0.2}


class JudgeConfig(Record):
    """Judge rows (tool-selection-quality layout): a request, the offered tools, a candidate call
    or text reply, and its label under the ordered rule (tool, then names, then values).

    rows: rows to write; the label of every row index is planned up front from `mix`.
    rows_per_item: rows built per work item (batching keeps engine overhead low).
    mix: share of each label (normalized; missing labels get 0).
    valid_text_share: share of VALID_CALL rows that are correct text replies to a request no
        offered tool serves (BFCL's irrelevance case).
    operators: weight per corruption operator name (unlisted operators keep weight 1; 0 disables).
    distractors: same-domain tools offered beside the gold tool (the nearest neighbour first).
    llm_share: share of PARAM_VALUE_ERROR rows corrupted by the LLM operator (needs `llm`).
    paired: also write `judge/pairs.jsonl` (gold as chosen, corrupted call as rejected).
    max_attempts: operator/scenario draws per row before the row is given up (and counted).
    persona_events: events simulated per persona when the run has personas but no histories
        (their values feed "a value from the user's own history").
    """

    rows: PositiveInt = 2000
    rows_per_item: PositiveInt = Field(50, le=10_000)
    mix: dict[Label, float] = Field(default_factory=_default_mix)
    valid_text_share: float = Field(0.15, ge=0, le=1)
    operators: dict[str, float] = Field(default_factory=dict)
    distractors: tuple[int, int] = (1, 3)
    llm_share: float = Field(0.0, ge=0, le=1)
    paired: bool = False
    max_attempts: int = Field(6, ge=1, le=50)
    persona_events: PositiveInt = 60

    @model_validator(mode="after")
    def _check(self) -> JudgeConfig:
        if any(v < 0 for v in self.mix.values()) or sum(self.mix.values()) <= 0:
            raise ValueError("mix needs non-negative shares with a positive sum")
        if any(v < 0 for v in self.operators.values()):
            raise ValueError("operator weights must be non-negative")
        lo, hi = self.distractors
        if lo < 0 or hi < lo:
            raise ValueError("distractors must be (min, max) with 0 <= min <= max")
        return self

    def shares(self) -> dict[Label, float]:
        total = sum(self.mix.values())
        return {lab: self.mix.get(lab, 0.0) / total for lab in LABELS}
