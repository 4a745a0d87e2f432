"""Values from the set-22 reading (backflow testing, drilling operations, track maintenance):
each case fails when its rule is removed."""

from __future__ import annotations

import random

import pytest

from generator.core.values import value_for


@pytest.mark.parametrize(("name", "description", "lo", "hi"), [
    ("depth_ft_md", "Bit depth when the event started, feet.", 300, 40000),  # "a bit depth of 5"
    ("sample_depth_ft_md", "Measured depth where the sample was taken, in feet.", 300, 40000),
    ("tvd", "True vertical depth, ft.", 300, 40000),
    ("density_ppg", "Slurry density in ppg.", 6, 23),  # "a slurry density of 3"
    ("mud_weight", "Mud weight in pounds per gallon.", 6, 23),
])
def test_a_well_depth_and_a_fluid_weight_are_on_their_scale(name: str, description: str, lo: float, hi: float) -> None:
    spec = {"type": "number", "description": description}
    drawn = [value_for(spec, random.Random(seed), name=name) for seed in range(30)]
    assert all(lo <= v <= hi for v in drawn), drawn


def test_a_depth_with_no_well_stays_small() -> None:
    spec = {"type": "integer", "description": "Depth of the pool in feet."}
    assert max(value_for(spec, random.Random(s), name="pool_depth_ft") for s in range(30)) < 100


@pytest.mark.parametrize("name", ["calibrated_on", "installed_on", "tested_at", "spudded_date"])
def test_a_date_of_something_done_is_not_after_the_call(name: str) -> None:
    """A gauge "calibrated on" 2025-05-03 in a call made on 2025-05-01 (set 22: 243 of 358
    history dates that should lie behind their call lay ahead of it)."""
    from datetime import datetime

    from generator.core.values import temporal_value

    when = datetime(2025, 5, 1, 7, 21)
    spec = {"type": "string", "format": "date-time" if name.endswith("_at") else "date"}
    for seed in range(30):
        value = temporal_value(name, spec, when, random.Random(seed))
        assert value is not None and value[:10] <= "2025-05-01", (name, value)


def test_a_planned_date_may_lie_ahead() -> None:
    from generator.core.values import _happened

    assert not _happened("scheduled_on") and not _happened("due_date") and _happened("calibrated_on")
