"""A simulated search keeps to its own filters when the output's field names the bounded thing
without its unit (`max_weight_lbs` bounds a `weight`) or by its last word and unit
(`min_drive_hours_left` bounds an `hours_of_service_left`), never a free-space filter's capacity
(set 29: a 12,000 lb cap found a 16,000 lb load, a driver with at least 7.02 hours had 1.0)."""

from __future__ import annotations

import random

from generator.traject.simulate import _honor


def test_a_filter_bounds_the_field_that_names_its_thing() -> None:
    rows = [{"weight": 46000, "hours_of_service_left": 1.0, "capacity_bu": 50000}]
    _honor(rows, {"max_weight_lbs": 12000, "min_drive_hours_left": 7.02, "min_free_space_bu": 90000},
           random.Random(1))
    assert rows[0]["weight"] <= 12000, rows
    assert rows[0]["hours_of_service_left"] >= 7.02, rows
    assert rows[0]["capacity_bu"] == 50000, rows  # what is free is capacity minus current
