"""Config section `products.bfcl` (strict): native BFCL v4 files, plus knobs shared with the
BFCL-style SDG categories (languages, multi-turn shape)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, NonNegativeInt, model_validator

from ..records import Record

SINGLE_TURN = ("simple_python", "multiple", "parallel", "parallel_multiple", "irrelevance",
               "live_simple", "live_multiple", "live_parallel", "live_parallel_multiple",
               "live_relevance", "live_irrelevance")
MULTI_TURN = ("multi_turn_base", "multi_turn_miss_param", "multi_turn_miss_func",
              "multi_turn_long_context")
NATIVE_CATEGORIES = SINGLE_TURN + MULTI_TURN

# BFCL's own stateful classes (bfcl_eval) that our native multi-turn generator can drive.
BfclClass = Literal["GorillaFileSystem", "MathAPI", "TicketAPI", "TradingBot", "TravelAPI", "TwitterAPI"]
NativeCategory = Literal[
    "simple_python", "multiple", "parallel", "parallel_multiple", "irrelevance",
    "live_simple", "live_multiple", "live_parallel", "live_parallel_multiple",
    "live_relevance", "live_irrelevance",
    "multi_turn_base", "multi_turn_miss_param", "multi_turn_miss_func", "multi_turn_long_context"]


class TurnRange(Record):
    min: int = Field(2, ge=1, le=8)  # fewest user turns
    max: int = Field(4, ge=1, le=8)  # most user turns

    @model_validator(mode="after")
    def _ordered(self) -> TurnRange:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is greater than max ({self.max})")
        return self


class BfclConfig(Record):
    """Native BFCL v4 question + possible_answer files, one pair per category.

    categories: entries per native category (absent or 0 = file not written).
    native: write `<out>/bfcl/` at all (off = only the knobs below are used, by the SDG rows).
    languages: languages of the live_* user queries; the first is the main one, the others
        are used for `second_language_share` of the live entries (SDG rows and native files).
    second_language_share: share of live_* queries written in languages[1:].
    multi_turn_classes: BFCL classes the native multi-turn entries are drawn from (needs the
        `bfcl-eval` package; without it the multi-turn files are skipped with a note).
    turns: user turns per multi-turn conversation (before miss_* augmentation).
    long_context_distractors: extra tools offered in multi_turn_long_context SDG rows.
    """

    categories: dict[NativeCategory, NonNegativeInt] = Field({  # pydantic copies defaults
        "simple_python": 5, "multiple": 5, "parallel": 3, "parallel_multiple": 3,
        "irrelevance": 3, "live_simple": 3, "live_multiple": 3, "live_parallel": 2,
        "live_parallel_multiple": 2, "live_relevance": 2, "live_irrelevance": 2})
    native: bool = True
    languages: list[Literal["en", "zh", "es", "de", "fr"]] = Field(["en"], min_length=1)
    second_language_share: float = Field(0.0, ge=0.0, le=1.0)
    multi_turn_classes: list[BfclClass] = Field([
        "GorillaFileSystem", "MathAPI", "TicketAPI", "TradingBot", "TravelAPI", "TwitterAPI"], min_length=1)
    turns: TurnRange = Field(default_factory=TurnRange)
    long_context_distractors: int = Field(12, ge=0, le=200)

    @model_validator(mode="after")
    def _languages_unique(self) -> BfclConfig:
        if len(set(self.languages)) != len(self.languages):
            raise ValueError(f"languages repeat: {self.languages}")
        return self
