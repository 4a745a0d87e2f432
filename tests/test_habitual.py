"""generator.core.habitual: what a person can have a habit for, and synthetic histories and plans that
respect it, on an invented brewery-lab catalog (no catalog trajgen was built on)."""

from __future__ import annotations

from collections import Counter
from datetime import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.catalog import Catalog
from generator.core.habits import value_key
from generator.core.habitual import habitual, value_kind
from generator.core.plan import recoverable_from
from generator.derived_personas import derive_personas
from generator.personas import synthesize_histories
from generator.records import HistoryEvent, Tool, UserHistory
from generator.trail.targets import build_target, tool_of

START = datetime(2025, 3, 3, 6, 0)
ROOMS = ["cellar A", "cellar B", "pilot hall"]


def _tool(name: str, description: str, properties: dict, required: list[str]) -> Tool:
    return Tool(name=name, app="Brewlab", api=name, domain="brewing", description=description,
                parameters={"type": "object", "properties": properties, "required": required})


BREWERY = Catalog([
    _tool("search_recipes", "Search the recipe book.",
          {"style": {"type": "string", "enum": ["stout", "pils", "saison", "ipa"]},
           "max_abv": {"type": "number", "minimum": 2, "maximum": 12}}, ["style"]),
    _tool("register_brew", "Register a new brew in the cellar book. Returns its brew id.",
          {"brew_title": {"type": "string", "description": "Name the brewer gives the new brew."},
           "fermenter_room": {"type": "string", "enum": ROOMS},
           "yeast_strain": {"type": "string", "enum": ["US-05", "W-34/70", "Belle Saison"]}},
          ["brew_title", "fermenter_room", "yeast_strain"]),
    _tool("record_gravity", "Record a gravity reading taken from a fermenter.",
          {"brew_id": {"type": "string", "pattern": "^BR-[0-9]{5}$", "description": "Brew id, e.g. BR-00412."},
           "specific_gravity": {"type": "number", "minimum": 0.99, "maximum": 1.2,
                                "description": "Specific gravity measured with the hydrometer."},
           "fermenter_room": {"type": "string", "enum": ROOMS}},
          ["brew_id", "specific_gravity", "fermenter_room"]),
    _tool("close_brew", "Close a brew once it is packaged or dumped.",
          {"brew_id": {"type": "string", "pattern": "^BR-[0-9]{5}$"},
           "outcome": {"type": "string", "enum": ["kegged", "bottled", "dumped"]},
           "courier": {"type": "string", "enum": ["Hopfreight", "Maltmail", "own van"]}},
          ["brew_id", "outcome", "courier"]),
])
ONE_OFF = {("register_brew", "brew_title"), ("record_gravity", "brew_id"), ("record_gravity", "specific_gravity"),
           ("close_brew", "brew_id")}


def _histories():
    personas = derive_personas(BREWERY, seed=5, count=4)
    return synthesize_histories(personas, BREWERY, 5, start=START, n_events=150)


def test_kinds_of_the_invented_catalog():
    kinds = {(t.name, p): value_kind(t, p) for t in BREWERY.tools for p in t.properties}
    assert {k for k, v in kinds.items() if v != "habit"} == ONE_OFF | {("close_brew", "outcome")}
    assert kinds[("register_brew", "brew_title")] == "created"
    assert kinds[("record_gravity", "specific_gravity")] == "measured"
    assert kinds[("close_brew", "brew_id")] == "acted_on"


def test_one_off_values_never_repeat_in_a_synthetic_history():
    for history in _histories():
        seen: Counter[tuple[str, str, str]] = Counter()
        for e in history.events:
            for p, v in e.parameters.items():
                if (e.apiname, p) in ONE_OFF:
                    seen[(e.apiname, p, value_key(v))] += 1
        assert seen, history.user  # the tools were called
        repeated = [k for k, n in seen.items() if n > 1]
        assert not repeated, (history.user, repeated[:3])


def test_preferences_repeat_as_habits():
    for history in _histories():
        rooms = Counter(e.parameters["fermenter_room"] for e in history.events if "fermenter_room" in e.parameters)
        couriers = Counter(e.parameters["courier"] for e in history.events if "courier" in e.parameters)
        top = max([*rooms.values(), *couriers.values()])
        assert top >= 5, (history.user, rooms, couriers)


def _event(minute: int, api: str, **params) -> HistoryEvent:
    return HistoryEvent(time=f"2025-03-0{3 + minute // 600} {8 + minute % 600 // 60:02d}:{minute % 60:02d}",
                        apitype="brewing", toolname="Brewlab", apiname=api, parameters=params)


def test_a_measured_value_is_never_hinted_even_when_the_history_repeats_it():
    """The same gravity and brew three times before (a history no synthesis makes, as real logs
    could hold): the room is read back from the history, the gravity and the brew id never."""
    same = {"brew_id": "BR-00412", "specific_gravity": 1.048, "fermenter_room": "cellar B"}
    events = [_event(i * 90, "record_gravity", **same) for i in range(4)]
    log = UserHistory(user="u1", events=events)
    tool = tool_of(events[-1], BREWERY)
    assert tool is not None
    target = build_target("t1", log, 3, tool, BREWERY)
    got = {p: recoverable_from(target, tool, p, v) for p, v in target.calls[0].arguments.items()}
    assert "history" in got["fermenter_room"]
    assert "history" not in got["specific_gravity"] and "history" not in got["brew_id"]


WORDS = st.sampled_from(["level", "flow", "count", "weight", "colony", "dose", "batch", "tank", "left", "total"])


@settings(max_examples=60, deadline=None)
@given(name=st.lists(WORDS, min_size=1, max_size=3).map("_".join),
       verb=st.sampled_from(["record", "log", "measure"]), kind=st.sampled_from(["number", "integer"]))
def test_a_number_a_record_call_carries_is_measured(name, verb, kind):
    tool = _tool(f"{verb}_thing", "", {name: {"type": kind}}, [name])
    assert not habitual(tool, name)
    reader = _tool(f"list_{name}", "", {name: {"type": kind}}, [name])
    assert habitual(reader, name)  # a read call's number is a filter a person reuses



@pytest.mark.parametrize("name, description, kind", [
    ("duration", "exercising time (in minutes)", "habit"),  # "log my usual 30-minute run"
    ("minutes", "length of the session", "habit"),
    ("duration", "measured duration of the outage", "measured"),  # a measured length stays a reading
    ("distance_km", "distance covered", "measured"),
])
def test_a_planned_length_is_a_routine_unless_measured(name, description, kind):
    tool = _tool("log_exercise", "Log a workout.", {name: {"type": "integer", "description": description}}, [name])
    assert value_kind(tool, name) == kind


def test_a_value_inside_another_call_s_objects_counts_in_the_whole_history():
    """set 27: "the process I always use" for FCAW, the searches' habit, while the whole history
    holds GMAW more often inside the passes of procedures written (a reader counts them): no habit."""
    from generator.core.habits import Habits

    search = Tool(name="search_brewers", app="Brewlab", api="search_brewers", domain="brewing", description="",
                  parameters={"type": "object", "properties": {"style": {"type": "string"}}})
    events = [_event(i * 30, "search_brewers", style="stout") for i in range(3)]
    events += [_event(200 + i * 30, "write_recipe", steps=[{"style": "lager"}, {"style": "lager"}]) for i in range(3)]
    habits = Habits(events, search)
    assert habits.past("style")["whole"].count(value_key("lager")) == 6
    assert "usual" not in habits.rules("style", "stout")
    assert "usual" in Habits(events[:3], search).rules("style", "stout")
