"""Properties of TRAIL over generated user histories: events over a small catalog with several apps
of one kind sharing function and parameter names, sparse and dense logs, values drawn from tiny
pools (so ties, repeats and habits all occur), commutes at weekday mornings and evenings.

For every history: planning and writing never raise, and every value a plan hints or leaves out
because of the history is determined by the whole-history reading (docs/trail.md, "Determined"),
read back by the checks' own reader (validators/habitphrase.Reader), whether or not the app is
named; the queries the template writer makes are read the same way by the stats (trail/measure.py).
"""

from __future__ import annotations

import asyncio
import random
from datetime import datetime, timedelta
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import generator.trail.product  # registers the product (also imported by name below)
import generator.writers.template  # noqa: F401
from generator.catalog import Catalog
from generator.config import RunConfig
from generator.core.identity import trail_names
from generator.core.plan import PlanPolicy, calibrated, plan_levels
from generator.products.base import RunContext, build_product
from generator.records import HistoryEvent, Tool, UserHistory
from generator.trail.export import record_json
from generator.trail.measure import measure
from generator.trail.product import VR_GOALS, policy_of
from generator.trail.targets import Mix, Pools, build_target, choose, tool_of
from generator.validators.habitphrase import Reader
from generator.writers.base import WRITERS


def _tool(app: str, api: str, kind: str, props: dict) -> Tool:
    return Tool(name=f"{app}_{api}", app=app, api=api, domain=kind,
                parameters={"type": "object", "properties": props, "required": list(props)[:1]})


TAXI = {"start_name": {"type": "string", "description": "Pickup place"},
        "end_name": {"type": "string", "description": "Drop-off place"},
        "car_type": {"type": "string", "enum": ["economy", "comfort", "van"]},
        "max_price": {"type": "integer", "minimum": 5, "maximum": 200}}
FOOD = {"location": {"type": "string", "description": "Delivery address"},
        "cuisine": {"type": "string", "enum": ["thai", "pizza", "sushi", "ramen"]},
        "party_size": {"type": "integer", "minimum": 1, "maximum": 8}}
ORDER = {"location": {"type": "string", "description": "Delivery address"},
         "dishes": {"type": "array", "items": {"type": "string"}, "description": "Dishes to order"}}
TOOLS = [_tool("Ridely", "get_taxi", "transport", TAXI), _tool("Hopcab", "get_taxi", "transport", TAXI),
         _tool("Dishdash", "search_restaurant", "food", FOOD), _tool("Munchbox", "search_restaurant", "food", FOOD),
         _tool("Dishdash", "order_food", "food", ORDER)]
CATALOG = Catalog(TOOLS)
POOLS = {"start_name": ["Maple Court", "Granite Tower", "Willow Park"],
         "end_name": ["Granite Tower", "Maple Court", "Lakeshore Mall"],
         "car_type": ["economy", "comfort", "van"], "max_price": [20, 35],
         "location": ["Maple Court", "Granite Tower"], "cuisine": ["thai", "pizza", "sushi"],
         "party_size": [2, 4], "dishes": [["pad thai"], ["ramen", "gyoza"]]}
START = datetime(2025, 5, 5, 0, 0)  # a Monday


@st.composite
def histories(draw) -> UserHistory:
    """A time-ordered log: sparse (a few events) or dense (dozens), values from tiny pools."""
    n = draw(st.sampled_from([draw(st.integers(3, 10)), draw(st.integers(25, 70))]))
    spread = draw(st.integers(1, 3))  # how many pool values each parameter uses: 1 = strong habits
    events, when = [], START
    for _ in range(n):
        when += timedelta(hours=draw(st.integers(1, 30)), minutes=draw(st.integers(0, 59)))
        tool = TOOLS[draw(st.integers(0, len(TOOLS) - 1))]
        params = {p: draw(st.sampled_from(POOLS[p][:spread])) for p in tool.properties
                  if p == next(iter(tool.properties)) or draw(st.booleans())}
        app, api = trail_names(tool)
        events.append(HistoryEvent(time=when.strftime("%Y-%m-%d %H:%M"), apitype=tool.domain, toolname=app,
                                   apiname=api, parameters=params))
    return UserHistory(user="u1", events=events)


def _policy() -> PlanPolicy:
    cfg = RunConfig.model_validate({"catalog": ["x"], "products": {"trail": {"source": "real"}}})
    return policy_of(cfg.products.trail)  # type: ignore[union-attr]


POLICY = _policy()


def _hint_text(plan) -> str:
    """What every query of the plan carries at least: each hint phrase, habit words as places."""
    hints = [a.hint for _, a in plan.args() if a.mode == "hinted" and a.hint]
    return " and ".join(f"from {h}" if h in ("home", "work") else h for h in hints)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(log=histories(), seed=st.integers(0, 10_000), pointing=st.booleans())
def test_every_history_value_a_plan_leaves_out_is_determined(log: UserHistory, seed: int, pointing: bool) -> None:
    """With and without hints that point at one earlier event (Target.pointers)."""
    pools = Pools([log], CATALOG, 2, 1.0, random.Random(seed), pointing)
    picks = choose(pools, 20, Mix(1.0, 1.0, 0.3))
    for user, k in picks:
        tool = tool_of(log.events[k], CATALOG)
        assert tool is not None
        target = build_target(f"t{k}", log, k, tool, CATALOG, pointing)
        app, api = trail_names(tool)
        reader = Reader(target.history, app, api, tool.domain, target.time,
                        {q: str(s.get("description", "")) for q, s in tool.properties.items()})
        policy = calibrated(POLICY, target, tool, VR_GOALS)
        for plan in plan_levels(target, tool, random.Random(seed + k), policy):
            text = _hint_text(plan)
            unsaid = {a.param: a.value for _, a in plan.args() if a.mode != "stated"}
            for named in (False, True):  # the app named at this level or not: either way
                for _, a in plan.args():
                    if a.mode == "stated" or a.source != "history":
                        continue
                    why = reader.problem(text, a.param, a.value, a.hint if a.mode == "hinted" else None,
                                         unsaid, named=named)
                    assert why is None, (plan.level, a, text, why, [e.model_dump() for e in target.history])


def _run_trail(log: UserHistory, tmp: Path) -> list[dict]:
    cfg = RunConfig.model_validate({"seed": 3, "catalog": ["x"], "products": {"trail": {
        "source": "real", "targets": 6, "min_history": 2}}})
    ctx = RunContext(config=cfg, base_dir=tmp, out_dir=tmp, seed=3, catalog=CATALOG, histories=[log],
                     writer=WRITERS.get("template")())
    product = build_product("trail", cfg)
    items = product.plan(ctx)

    async def go():
        return [await product.run(it, ctx) for it in items]

    results = asyncio.run(go())
    return [record_json(i, payload) for i, payload in enumerate(product.payloads(results))]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(log=histories())
def test_trail_over_generated_histories_never_raises_and_its_queries_read_back(log: UserHistory,
                                                                                tmp_path: Path) -> None:
    records = _run_trail(log, tmp_path)
    fig = measure(records, {t.name: t for t in TOOLS})
    for level, f in fig.levels.items():
        assert f.determined == f.omitted, (level, f)
