"""Simulated outputs hold the catalog's own kind of values (issue 21): a field naming a parameter
of the catalog is drawn as that parameter (its value profile when there is one), and an output
that echoes what the step was given returns exactly that."""

from __future__ import annotations

import functools
import random
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.catalog import Catalog
from generator.core.lore import annotate, id_like
from generator.core.profiles import apply_profiles, drawn_from_profile
from generator.core.schema import is_valid
from generator.hints import load_hint_file
from generator.readers import read_catalog
from generator.records import Tool
from generator.screening import screen
from generator.traject.chains import chain_for
from generator.traject.graph import build_graph, echo_arg
from generator.traject.reading import parse_output, results
from generator.traject.sample import sample_sequential
from generator.traject.simulate import matching_param, simulate_all, simulate_output, vocabulary

FIXTURES = Path(__file__).parent / "fixtures"
CATALOGS = {"marina_harbor": FIXTURES / "profiles" / "marina_harbor.hints.json", "fleet_tracker": None,
            "lab_inventory": None, "film_production": None}


def _tools(name: str) -> list[Tool]:
    tools, _ = screen(read_catalog(FIXTURES / "catalogs" / f"{name}.json"))
    hints = CATALOGS[name]
    profiles = load_hint_file(hints)[1] if hints else {}
    return drawn_from_profile(annotate(apply_profiles(tools, profiles)))


@functools.cache
def loaded(name: str) -> list[Tool]:
    """A catalog's tools, read on first use (not at collection, where every xdist worker would)."""
    return _tools(name)


def _trajectories(name: str, seed: int) -> tuple[Catalog, list[Any]]:
    catalog = Catalog(loaded(name))
    graph = build_graph(catalog.tools)
    out = []
    for domain, members in catalog.by_domain.items():
        for index in range(3):
            rng = random.Random(f"{seed}:{domain}:{index}")
            steps = chain_for(graph, [t.name for t in members], index, 4, rng, seed=str(seed))
            target = sample_sequential(f"s{index}", steps, catalog.by_name, rng) if steps else None
            if target is not None:
                out.append(target.model_copy(update={"outputs": simulate_all(target, catalog.by_name, rng)}))
    return catalog, out


def _rows(output: str) -> list[dict[str, Any]]:
    return [r for r in results(parse_output(output)) if isinstance(r, dict)]


def test_the_profiled_catalog_has_profiled_parameters():
    assert any(t.profile is not None and t.profile.values for t in loaded("marina_harbor"))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(CATALOGS)), seed=st.integers(0, 2**16))
def test_a_field_naming_a_catalog_parameter_holds_a_value_of_it(name, seed):
    """Every output field that names a parameter of the catalog (the same name, an id of the
    same entity, the same thing by its last word) holds a value that parameter's schema, with
    the value profile merged in, accepts; or the value the step was given or an earlier step read."""
    catalog, targets = _trajectories(name, seed)
    vocab = vocabulary(catalog.tools)
    for target in targets:
        for call, output in zip(target.calls, target.outputs, strict=True):
            given_values = {repr(v) for v in call.arguments.values()} | {
                repr(x) for v in call.arguments.values() if isinstance(v, list) for x in v}
            for row in _rows(output):
                for field, value in row.items():
                    param = matching_param(field, vocab)
                    if not param or field == "status" or repr(value) in given_values:
                        continue
                    values = value if isinstance(value, list) else [value]
                    assert all(is_valid(vocab[param], v) for v in values), (name, call.tool, field, param, value)


ADD_CARS = Tool(name="trains.addCars", app="trains", api="trains.addCars", domain="yard",
                description="Add cars to an outbound train's consist. The train must be building.",
                parameters={"type": "object", "required": ["train_symbol", "car_ids"], "properties": {
                    "train_symbol": {"type": "string"},
                    "car_ids": {"type": "array", "items": {"type": "string", "pattern": "^[A-Z]{2,4} \\d{1,6}$"}}}})
GET_CAR = Tool(name="cars.get", app="cars", api="cars.get", domain="yard", description="Get a car by id.",
               parameters={"type": "object", "required": ["car_id"], "properties": {"car_id": {"type": "string"}}})


@given(seed=st.integers(0, 2**16), n=st.integers(1, 3), mark=st.sampled_from(["BNSF", "GATX", "TTX"]))
def test_an_action_returns_the_entities_it_was_given(seed, n, mark):
    rng = random.Random(seed)
    cars = [f"{mark} {rng.randint(1, 999999)}" for _ in range(n)]
    args = {"train_symbol": f"M-KCKSTL-{rng.randint(10, 28)}", "car_ids": cars}
    row = _rows(simulate_output(ADD_CARS, args, rng))[0]
    echoed = {k: v for k, v in row.items() if k != "status"}
    assert echoed.get("train_symbol") == args["train_symbol"]
    held = [v for v in echoed.values() if isinstance(v, str) and id_like(v.replace(" ", "-"))]
    assert set(held) - {args["train_symbol"]} <= set(cars)
    assert echoed.get("car_ids") == cars or echoed.get("car_id") == (cars[0] if n == 1 else cars)


def test_an_edge_reading_back_the_entity_given_is_no_link():
    assert build_graph([ADD_CARS, GET_CAR]).edge(ADD_CARS.name, GET_CAR.name) is None


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(CATALOGS)), seed=st.integers(0, 2**16))
def test_an_echoed_entity_is_the_one_the_step_was_given(name, seed):
    """A field of an output that repeats an argument of its call holds that argument's value."""
    _, targets = _trajectories(name, seed)
    for target in targets:
        bound = {(b.call, b.param) for b in target.bindings}
        for i, (call, output) in enumerate(zip(target.calls, target.outputs, strict=True)):
            for row in _rows(output):
                for field, value in row.items():
                    arg = echo_arg(call.arguments, field)
                    asked = call.arguments.get(arg) if arg else None
                    if isinstance(asked, str) and id_like(asked) and (i, arg) not in bound:
                        assert value == asked, (call.tool, field, value, asked)
