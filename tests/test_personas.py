"""generator.personas: strict persona files and habit-driven synthetic histories."""

from __future__ import annotations

import itertools
import json
import random
import re
from collections import Counter
from datetime import datetime
from pathlib import Path

import jsonschema
import pytest

from generator.catalog import Catalog
from generator.core.values import meal_for_hour
from generator.errors import InputError
from generator.personas import Persona, load_personas, synthesize_histories, synthesize_history
from generator.records import Tool

ROOT = Path(__file__).resolve().parents[1]
CATALOG = ROOT / "examples" / "catalog.json"
PERSONAS = ROOT / "examples" / "personas.yaml"
START = datetime(2025, 5, 5, 6, 0)
FMT = "%Y-%m-%d %H:%M"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    tools = []
    for raw in json.loads(CATALOG.read_text(encoding="utf-8")):
        x = raw["x-trajgen"]
        tools.append(Tool(name=raw["function"]["name"], app=x["app"], api=x["api"], domain=x["domain"],
                          parameters=raw["function"]["parameters"]))
    return Catalog(tools)


@pytest.fixture(scope="module")
def personas() -> list[Persona]:
    return load_personas(PERSONAS)


@pytest.fixture(scope="module")
def histories(personas, catalog):
    return {(p.id, n): synthesize_history(p, catalog, random.Random(n), start=START, n_events=n)
            for p in personas for n in (20, 80, 150)}


def test_example_personas_load(personas):
    assert len(personas) >= 6
    assert all(len(p.habits) >= 4 and {"home"} <= set(p.places) and p.apps for p in personas)


def test_sizes_order_and_catalog_consistency(histories, catalog):
    checks = {t.name: jsonschema.Draft202012Validator(t.parameters) for t in catalog.tools}
    for (user, n), h in histories.items():
        assert h.user == user and len(h.events) == n
        times = [datetime.strptime(e.time, FMT) for e in h.events]
        assert times[0] >= START and all(a < b for a, b in itertools.pairwise(times))
        for e in h.events:
            tool = catalog[f"{e.toolname}_{e.apiname}"]
            assert e.apitype == tool.domain
            assert not list(checks[tool.name].iter_errors(e.parameters)), e


def test_habits_recur(histories):
    for (user, n), h in histories.items():
        calls = Counter((e.toolname, e.apiname, json.dumps(e.parameters, sort_keys=True)) for e in h.events)
        # 20 events are about five days: a habit that varies one of three texts may recur only twice
        assert calls.most_common(1)[0][1] >= (3 if n >= 80 else 2), user
        if n >= 80:
            assert sum(c >= 3 for c in calls.values()) >= 3, user


def test_meal_types_follow_the_hour(histories):
    seen = 0
    for h in histories.values():
        for e in h.events:
            meal = e.parameters.get("meal_type")
            if meal in ("breakfast", "lunch", "dinner", "night_snack"):
                seen += 1
                assert meal == meal_for_hour(int(e.time[11:13])), (e.time, meal)
    assert seen >= 20


def test_temporal_values_agree_with_shared_checker(histories, catalog):
    from generator.core import temporal

    for h in histories.values():
        for e in h.events:
            assert temporal.consistent(catalog[f"{e.toolname}_{e.apiname}"], e.parameters, e.time) == []


def test_dates_are_relative_to_the_event_day(histories):
    for h in histories.values():
        for e in h.events:
            for name, value in e.parameters.items():
                if isinstance(value, str) and len(value) == 10 and value[4] == "-" and value[7] == "-":
                    days = (datetime.strptime(value, "%Y-%m-%d") - datetime.strptime(e.time[:10], "%Y-%m-%d")).days
                    assert 0 <= days <= 7, (name, value, e.time)


def test_placeholders_are_expanded(histories, personas):
    maya = next(p for p in personas if p.id == "maya")
    events = histories[("maya", 150)].events
    rides = [e for e in events if e.toolname == "Ridely" and e.parameters.get("origin") == maya.places["home"]]
    assert len(rides) >= 5
    assert not any(re.search(r"\{\w+\}", json.dumps(e.parameters)) for e in events)


def test_follow_ups_chain_producer_to_consumer(histories):
    events = histories[("maya", 150)].events
    orders = [i for i, e in enumerate(events) if e.apiname == "order_food"]
    assert len(orders) >= 3
    for i in orders:
        if events[i].parameters.get("restaurant_id") != "DD-3318":
            continue  # a one-off order, not the lunch routine
        search = next(e for e in reversed(events[:i]) if e.apiname == "search_restaurant")
        gap = datetime.strptime(events[i].time, FMT) - datetime.strptime(search.time, FMT)
        assert 4 * 60 <= gap.total_seconds() <= 30 * 60
    priya = histories[("priya", 150)].events
    booked = [i for i, e in enumerate(priya) if e.apiname == "book_flight"
              and e.parameters["passenger_names"] == ["Priya Halden"]]
    assert len(booked) >= 2
    assert all(any(e.apiname == "search_flights" for e in priya[max(0, i - 3):i]) for i in booked)


def test_favourite_apps_dominate(histories, personas, catalog):
    for p in personas:
        events = histories[(p.id, 150)].events
        for api, app in p.apps.items():
            used = Counter(e.toolname for e in events if e.apiname == api)
            if sum(used.values()) >= 4:
                assert used.most_common(1)[0][0] == app, (p.id, api, used)


def test_deterministic_for_a_seed(personas, catalog):
    a = synthesize_histories(personas, catalog, 5, start=START, n_events=40)
    b = synthesize_histories(personas, catalog, 5, start=START, n_events=40)
    c = synthesize_histories(personas, catalog, 6, start=START, n_events=40)
    dumps = [json.dumps([h.model_dump() for h in hs]) for hs in (a, b, c)]
    assert dumps[0] == dumps[1] != dumps[2]


@pytest.mark.parametrize("sizes", [(60, 25), (25, 60)])
def test_histories_of_a_run_are_each_their_own_walk(personas, catalog, sizes):
    """Products of one run share a persona's walked days (personas._Days): each history, shorter
    or longer than one asked before, is the one a walk of its own gives."""
    for n in sizes:
        got = synthesize_histories(personas, catalog, 9, start=START, n_events=n)
        own = [synthesize_history(p, catalog, random.Random(f"9:{p.id}"), start=START, n_events=n) for p in personas]
        assert [h.model_dump() for h in got] == [h.model_dump() for h in own]


# ---------------------------------------------------------------- bad input

GOOD = """\
- id: ada
  name: Ada
  places: {home: 1 Elm Street}
  habits:
    - {tool: Clockwork_add_alarm, days: weekdays, at: "06:00-06:30", args: {time: "06:45"}}
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "p.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_minimal_file_loads(tmp_path):
    [p] = load_personas(write(tmp_path, GOOD))
    assert p.habits[0].window() == (360, 390)
    assert load_personas(write(tmp_path, "personas:\n" + GOOD))[0].id == "ada"


@pytest.mark.parametrize("text,field", [
    (GOOD.replace("  name: Ada\n", "  name: Ada\n  age: 40\n"), "age"),
    (GOOD.replace('"06:00-06:30"', '"25:00"'), "habits.0.at"),
    (GOOD.replace('"06:00-06:30"', '"07:00-06:30"'), "habits.0.at"),
    (GOOD.replace("days: weekdays", "days: [monday]"), "habits.0.days"),
    (GOOD.replace('"06:45"', '"{office}"'), None),
    (GOOD.replace('args: {time: "06:45"}}', 'args: {time: "06:45"}, then: [{tool: X_y, args: {a: "{gym}"}}]}'), None),
    (GOOD.replace('args: {time: "06:45"}}', 'args: {time: "06:45"}, then: [{tool: X_y, after: soon}]}'),
     "habits.0.then.0.after"),
    (GOOD.replace("  habits:\n", "  habits: []\n  old:\n"), None),
    (GOOD.replace("id: ada", "id: 'a b'"), "id"),
    (GOOD + GOOD.replace("name: Ada", "name: Ada again"), "id"),
])
def test_bad_persona_files_raise_input_error(tmp_path, text, field):
    path = write(tmp_path, text)
    with pytest.raises(InputError) as info:
        load_personas(path)
    err = info.value
    assert err.file == str(path)
    assert err.record is not None
    if field:
        assert err.field == field


@pytest.mark.parametrize("text", ["", "- [unclosed", "just a string", "personas: 3"])
def test_unreadable_files_raise_input_error(tmp_path, text):
    with pytest.raises(InputError):
        load_personas(write(tmp_path, text))
    with pytest.raises(InputError, match="cannot read"):
        load_personas(tmp_path / "missing.yaml")


@pytest.mark.parametrize("change,field", [
    (("Clockwork_add_alarm", "Clockwork_fly"), "habits[0].tool"),
    (('time: "06:45"', 'time: "06:45", volume: 3'), "habits[0].args"),
    (('time: "06:45"', 'time: "06:45", sound: foghorn'), "habits[0].args"),
    (("  places:", "  apps: {add_alarm: Noteleaf}\n  places:"), "apps.add_alarm"),
    (("  places:", "  domains: [food, cooking]\n  places:"), "domains[1]"),
    (('args: {time: "06:45"}}', 'args: {time: "06:45"}, then: [{tool: Nope_x}]}'), "habits[0].then[0].tool"),
    (('args: {time: "06:45"}}', 'args: {time: "06:45"}, then: [{tool: Clockwork_set_timer, chance: 1.0, args: {minutes: 0}}]}'),
     "habits[0].then[0].args"),
])
def test_habits_are_checked_against_the_catalog(tmp_path, catalog, change, field):
    [p] = load_personas(write(tmp_path, GOOD.replace(*change)))
    with pytest.raises(InputError) as info:
        synthesize_history(p, catalog, random.Random(0), start=START, n_events=20)
    assert info.value.field == field and info.value.record == "ada"


def test_habit_vary_recombines_recurring_values(personas, catalog):
    maya = next(p for p in personas if p.id == "maya")
    h = synthesize_history(maya, catalog, random.Random(3), start=START, n_events=150)
    rides = [e.parameters for e in h.events if e.apiname == "get_taxi" and e.time[11:13] == "08"]
    habit = {"Granite Tower", "Pulse Studio Eastgate", "Lakeshore Mall"}
    dests = {r["destination"] for r in rides}
    assert habit <= dests  # every alternative recurs (a ride of no habit may fall at 08:00 too)
    assert sum(r["destination"] in habit for r in rides) >= 0.8 * len(rides)
    combos = {(r["destination"], r.get("car_type")) for r in rides if r["destination"] in habit}
    assert len(combos) > len(habit)  # and they combine with the other varied value


def test_habit_vary_placeholders_are_checked():
    raw = {"id": "x", "name": "X", "places": {"home": "1 Road"},
           "habits": [{"tool": "Ridely_get_taxi", "at": "08:00-08:30", "vary": {"origin": ["{office}"]}}]}
    with pytest.raises(ValueError, match="office"):
        Persona.model_validate(raw)
