"""Config section `products.trail` (strict)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import Field, PositiveInt, field_validator

from ..records import Record

# TRAILBench's own query files read by trajgen's reader (rules only; every file that parses, 6,089
# (query, argument) pairs): value recall by meaning per level for a call of 1, 2, and 3 or more
# values, and over all of them. A level gives away more of a small call: a call of one value states
# it at Minimum in all 28 such queries, of two values 84 of 86. The planner aims each target at its
# size's figure (product.VR_GOALS) and the card's bands follow a file's own mix of sizes (hub.py),
# so a catalog of one-value tools is held to what the benchmark does with one-value calls.
TRAILBENCH_BY_SIZE: dict[str, tuple[float, ...]] = {
    "Minimum": (1.0, 0.977, 0.820), "Low": (0.571, 0.698, 0.580),
    "Medium": (0.200, 0.377, 0.361), "High": (0.036, 0.011, 0.064)}
TRAILBENCH_MEAN = {"Minimum": 0.838, "Low": 0.589, "Medium": 0.358, "High": 0.057}

START_FORMAT = "%Y-%m-%d %H:%M"

LEVEL_NAMES = ("Minimum Difficulty", "Low Difficulty", "Medium Difficulty", "High Difficulty")


class Paraphrases(Record):
    """Queries per level; TRAILBench's usual pattern is 1/2/2/1."""

    minimum: int = Field(1, ge=1, le=5)  # queries at the Minimum level (every value stated)
    low: int = Field(2, ge=1, le=5)  # queries at the Low level
    medium: int = Field(2, ge=1, le=5)  # queries at the Medium level
    high: int = Field(1, ge=1, le=5)  # queries at the High level (most values left to the history)

    def by_level(self) -> dict[str, int]:
        return dict(zip(LEVEL_NAMES, (self.minimum, self.low, self.medium, self.high), strict=True))


class TrailConfig(Record):
    """Personalized single-call queries at four vagueness levels, written as TRAILBench files.

    source "synthetic": histories simulated from the run's personas (`personas:` at the top
    of the config); "real": histories read from TRAILBench query files (`files`: files or
    directories, relative to the config file), else the run's top-level `histories:`. Event k of a user's log becomes a target when at least `min_history`
    events precede it; those events are its history and its time is the query time.
    """

    source: Literal["synthetic", "real"] = "synthetic"  # histories simulated from personas, or read from TRAILBench files
    targets: PositiveInt = 100  # target calls asked (each gets queries at the four levels)
    files: list[str] = Field(default_factory=list)  # real: TRAILBench query files or directories
    variant: str = "gpt"  # real: in a directory, read all_generated_queries_*_<variant>.json
    users: list[str] | None = None  # restrict to these user ids / persona ids
    personas: PositiveInt | None = None  # synthetic: use only the first N personas
    events: int = Field(150, ge=2, le=2000)  # synthetic: events per persona history
    start: str = "2025-05-01 00:00"  # synthetic: first day of the histories
    min_history: int = Field(20, ge=0)  # events that must precede a target (its history)
    min_inferable: float = Field(1.0, ge=0.0, le=1.0)  # share of counted values inferable
    # Target mix (targets.select): exact repeats of an earlier call of the same function at
    # most `repeat_share` of the targets, repeats of the most recent one at most `recent_share`
    # (TRAILBench: 0.13 / 0.05); targets with values no level may leave out (said at every level,
    # literally or by meaning: a "2", a boolean, a date only "tomorrow" recovers) while such values
    # stay within `fixed_budget` of all the targets' values, pooled as a reader counts them -- that
    # share is the High level's value recall, which must stay <= 0.10 literally and <= 0.12 by meaning.
    repeat_share: float = Field(0.25, ge=0.0, le=1.0)
    recent_share: float = Field(0.10, ge=0.0, le=1.0)  # at most this share repeats the most recent call
    fixed_budget: float = Field(0.06, ge=0.0, le=1.0)  # share of the targets' values no level may leave out
    # Hints that point at one earlier event ("the same pickup as my taxi request yesterday
    # evening", docs/trail.md): "auto" turns them on only when the logs cannot give the targets
    # asked without them (the mix relaxed as far as it goes either way).
    pointers: Literal["auto", "on", "off"] = "auto"
    paraphrases: Paraphrases = Field(default_factory=Paraphrases)  # queries per level
    policy: dict[str, Any] = Field(default_factory=dict)  # overrides of the disclosure policy
    max_attempts: int = Field(3, ge=1, le=10)  # writer attempts per level before a rejection

    @field_validator("start")
    @classmethod
    def _start_is_a_time(cls, value: str) -> str:
        # Checked here so a free-text date ("tomorrow") is a ConfigError naming the field,
        # not a strptime traceback when the histories are built.
        return checked_start(value)

    def start_time(self) -> datetime:
        return datetime.strptime(self.start, START_FORMAT)


def checked_start(value: str) -> str:
    """A histories' start time in 'YYYY-MM-DD HH:MM' form, stripped (a ValueError naming it otherwise)."""
    try:
        datetime.strptime(value.strip(), START_FORMAT)
    except ValueError:
        raise ValueError(f"start {value!r} is not a time in 'YYYY-MM-DD HH:MM' form") from None
    return value.strip()
