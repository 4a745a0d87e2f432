"""Coordinates lie where the catalog says, one neighbourhood per call (generator.core.places)."""

from __future__ import annotations

import math
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.catalog import Catalog
from generator.core import places
from generator.core.values import sample_arguments
from generator.readers import read_catalogs
from generator.records import Tool

FIXTURES = Path(__file__).parent / "fixtures" / "catalogs"
POINT = {"type": "object", "properties": {"lat": {"type": "number"}, "lon": {"type": "number"}}}


def _tool(name: str, description: str, parameters: dict, domain: str = "geo_test") -> Tool:
    return Tool(name=name, app=domain, api=name, domain=domain, description=description, parameters=parameters)


def _points(value: object) -> list[tuple[float, float]]:
    """Every {lat, lon}-like pair inside a call (nested objects and lists too)."""
    out: list[tuple[float, float]] = []
    if isinstance(value, dict):
        lats = {k.replace("lat", "#"): v for k, v in value.items() if "lat" in k and isinstance(v, float)}
        lons = {k.replace("lon", "#"): v for k, v in value.items() if "lon" in k and isinstance(v, float)}
        out += [(lats[k], lons[k]) for k in lats if k in lons]
        for v in value.values():
            out += _points(v)
    elif isinstance(value, list):
        for v in value:
            out += _points(v)
    return out


def _km(a: tuple[float, float], b: tuple[float, float]) -> float:
    dlat, dlon = math.radians(b[0] - a[0]), math.radians(b[1] - a[1])
    h = math.sin(dlat / 2) ** 2 + math.cos(math.radians(a[0])) * math.cos(math.radians(b[0])) * math.sin(dlon / 2) ** 2
    return 6371 * 2 * math.asin(math.sqrt(h))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_region_the_prose_names_holds_every_point_of_every_tool(seed: int) -> None:
    # only one tool says where; the catalog's other tools follow it
    said = _tool("open_case", "Coordinates in decimal degrees; lon is negative in the western US.", POINT)
    silent = _tool("lookup", "Who is responsible at a point.", POINT)
    Catalog([said, silent])
    rng = random.Random(seed)
    for tool in (said, silent):
        lat, lon = (sample_arguments(tool, rng, optional_rate=1.0)[k] for k in ("lat", "lon"))
        assert 30 < lat < 50 and -125 < lon < -100, (tool.name, lat, lon)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_one_calls_points_are_one_neighbourhood_and_a_bbox_runs_one_way(seed: int) -> None:
    tools = {t.api: t for t in read_catalogs([FIXTURES / "fire_dispatch.json"], base_dir=Path("."))}
    Catalog(list(tools.values()))
    rng = random.Random(seed)
    for name in ("create_evacuation_zone", "search_incidents", "request_air_tanker", "list_available_resources"):
        args = sample_arguments(tools[name], rng, optional_rate=1.0)
        pts = _points(args)
        assert all(_km(a, b) < 100 for a in pts for b in pts), (name, pts)
        assert all(p[1] < 0 for p in pts), (name, pts)  # "lon is negative in the western US"
        box = args.get("bbox")
        if box:
            assert box["min_lat"] <= box["max_lat"] and box["min_lon"] <= box["max_lon"], box


def test_a_catalog_that_names_no_region_keeps_one_populated_region() -> None:
    tools = [_tool(f"t{i}", "Find things near a point.", POINT, domain="quiet_domain") for i in range(3)]
    Catalog(tools)
    region = places.region_for("quiet_domain", "")
    rng = random.Random(5)
    for tool in tools:
        args = sample_arguments(tool, rng, optional_rate=1.0)
        assert min(_km((args["lat"], args["lon"]), a) for a in region.anchors) < 50, args


def test_a_tool_without_coordinates_spends_no_draw_on_a_town() -> None:
    plain = _tool("count", "Count things.", {"type": "object", "properties": {"n": {"type": "integer"}}})
    a, b = random.Random(3), random.Random(3)
    sample_arguments(plain, a, optional_rate=1.0)
    sample_arguments(plain, b, optional_rate=1.0)
    assert a.random() == b.random()
    assert places.active() is None  # the anchor does not outlive the call
