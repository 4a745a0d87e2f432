"""Rules the prose writes between parameters are kept (generator.core.dependencies)."""

from __future__ import annotations

import random
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core import dependencies
from generator.core.values import sample_arguments, temporal_value, value_for
from generator.readers import read_catalogs
from generator.records import Tool

FIXTURES = Path(__file__).parent / "fixtures" / "catalogs"


def _tool(description: str, props: dict, required: list[str] | None = None) -> Tool:
    return Tool(name="t", app="a", api="t", domain="d", description=description,
                parameters={"type": "object", "properties": props, "required": required or []})


# (tool description, properties) for each kind of rule, named in made-up words: the rule is read
# from the prose, not from any catalog's names
CASES = {
    "requires": ("Finish a batch.", {"glaze_to": {"type": "number", "description": "Glaze level (requires kiln_fire or"
                                                                                    " air_dry)."},
                                     "kiln_fire": {"type": "boolean"}, "air_dry": {"type": "boolean"}}),
    "when": ("Move a crate.", {"send_to": {"type": "string", "enum": ["dock", "other_site", "bin"]},
                               "site_id": {"type": "string", "description": "Required when send_to is other_site."}}),
    "implies": ("Update a job. Phase 'closed' requires done_pct 100.",
                {"phase": {"type": "string", "enum": ["open", "closed"]},
                 "done_pct": {"type": "integer", "minimum": 0, "maximum": 100}}),
    "together": ("Log a transfer. When splitting, give split_to and split_qty.",
                 {"split_to": {"type": "string"}, "split_qty": {"type": "number"}, "memo": {"type": "string"}}),
    "sign": ("Record a movement. Use a negative amount for loss and sale.",
             {"kind": {"type": "string", "enum": ["intake", "loss", "sale"]}, "amount_kg": {"type": "integer"}}),
    "only": ("Record a movement.", {"kind": {"type": "string", "enum": ["intake", "loss"]},
                                    "invoice": {"type": "string", "description": "For intakes: the invoice paid."}}),
}


@pytest.mark.parametrize("kind", sorted(CASES))
def test_each_prose_rule_is_read_and_kept(kind: str) -> None:
    description, props = CASES[kind]
    tool = _tool(description, props)
    assert [r.kind for r in dependencies.rules(description, props)] == [kind]
    rng = random.Random(4)
    calls = [sample_arguments(tool, rng, optional_rate=0.7) for _ in range(150)]
    assert not [c for c in calls if dependencies.problems(description, props, c)]


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_reading_catalogs_rules_hold_in_every_call(seed: int) -> None:
    rng = random.Random(seed)
    for name in ("cider_mill", "fire_dispatch", "dental_practice"):
        for tool in read_catalogs([FIXTURES / f"{name}.json"], base_dir=Path(".")):
            args = sample_arguments(tool, rng, optional_rate=0.8)
            assert not dependencies.problems(tool.description, tool.properties, args), (tool.name, args)
            assert not [w for w in dependencies.windows(tool.description, tool.properties)
                        if dependencies.window_broken(w, tool.properties, args)], (tool.name, args)


def test_a_rule_that_names_no_parameter_is_none() -> None:
    props = {"q": {"type": "string", "description": "Requires authentication; used when cache is cold."}}
    assert dependencies.rules("Give more and better results.", props) == []


def test_a_caller_fixed_value_wins_and_the_free_side_follows() -> None:
    description, props = CASES["when"]
    tool = _tool(description, props)
    args = sample_arguments(tool, random.Random(1), fixed={"site_id": "S-1"})
    assert args["send_to"] == "other_site"


@pytest.mark.parametrize(("text", "hours", "same"), [
    ("Read entries between two times (a < b, max 24h span).", 24, False),
    ("Search between the two days; max 60 days range.", 1440, False),
    ("start and end must fall on the same day.", None, True),
])
def test_a_window_the_prose_bounds_is_kept(text: str, hours: float | None, same: bool) -> None:
    props = {"start_time": {"type": "string", "format": "date-time"}, "end_time": {"type": "string",
                                                                                  "format": "date-time"}}
    tool = _tool(text, props, ["start_time", "end_time"])
    (window,) = dependencies.windows(text, props)
    assert (window.hours, window.same_day) == (hours, same)
    rng = random.Random(2)
    broken = {"start_time": "2025-06-02T22:30:00Z", "end_time": "2025-08-20T10:00:00Z"}
    kept = dependencies.keep_windows(text, props, broken, rng)
    assert not dependencies.window_broken(window, props, kept) and dependencies.window_broken(window, props, broken)
    assert all(not dependencies.window_broken(window, props, sample_arguments(tool, rng)) for _ in range(50))


@pytest.mark.parametrize(("name", "lo", "hi"), [("date_of_birth", -80 * 366, -365), ("expiry_date", 1, 800),
                                                ("valid_until", 1, 800), ("needed_by", 1, 40)])
def test_a_date_lies_where_its_meaning_puts_it(name: str, lo: int, hi: int) -> None:
    ref, schema, rng = datetime(2025, 6, 2, 9), {"type": "string", "format": "date"}, random.Random(3)
    for value in [value_for(schema, rng, name=name, ref=ref) for _ in range(20)] + \
            [temporal_value(name, schema, ref, rng) for _ in range(20)]:
        assert lo <= (datetime.strptime(value, "%Y-%m-%d") - ref).days + 1 <= hi, (name, value)
