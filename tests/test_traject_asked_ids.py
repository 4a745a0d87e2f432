"""Ids a search returns embed what the search asked for (issue 21), on an invented freight-depot
catalog: a load id is "'LD-' then the depot, the loading date YYMMDD and a 2-digit sequence", so
the loads a search of depot LYS on 2025-06-02 finds are LD-LYS-250602-NN, never the example's
depot and another day, and a later step acts on one of them."""

from __future__ import annotations

import random
from datetime import date, timedelta
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.lore import annotate
from generator.records import Tool
from generator.traject.bind import sample_chain
from generator.traject.fresh import asked_parts
from generator.traject.graph import build_graph
from generator.traject.reading import parse_output, results
from generator.traject.simulate import Context, simulate_all, simulate_output, vocabulary

LOAD_ID = {"type": "string", "pattern": r"^LD-[A-Z]{3}-\d{6}-\d{2}$",
           "description": "Load id: 'LD-' then the depot, the loading date YYMMDD and a 2-digit sequence, "
                          "e.g. 'LD-MRS-250311-42'."}


def _tool(name: str, description: str, properties: dict[str, Any], required: list[str]) -> Tool:
    return Tool(name=f"depot.{name}", app="depot", api=name, domain="depot", description=description,
                parameters={"type": "object", "properties": properties, "required": required})


SEARCH = _tool("search_loads", "Find the loads of a depot on a day. Returns loads: [{load_id, trailer_plate, status}].",
               {"depot": {"type": "string", "pattern": "^[A-Z]{3}$",
                          "description": "Depot code, e.g. 'MRS' Marseille, 'LYS' Lyon, 'NCE' Nice."},
                "date": {"type": "string", "format": "date", "description": "Loading date."},
                "status": {"type": "string", "enum": ["planned", "loading", "departed"]}}, ["depot", "date"])
CANCEL = _tool("cancel_load", "Cancel a planned load. Returns {load_id, status}.",
               {"load_id": LOAD_ID, "reason": {"type": "string", "enum": ["no_driver", "customer", "weather"]}},
               ["load_id", "reason"])
TOOLS = annotate([SEARCH, CANCEL])
BY_NAME = {t.name: t for t in TOOLS}
DEPOTS = st.sampled_from(["LYS", "NCE", "BOD", "TLS"])
DAYS = st.integers(-30, 30).map(lambda n: date(2025, 6, 2) + timedelta(days=n))


def _ids(output: str) -> list[str]:
    return [r["load_id"] for r in results(parse_output(output)) if isinstance(r, dict) and "load_id" in r]


@given(seed=st.integers(0, 2**16), depot=DEPOTS, day=DAYS)
def test_the_ids_a_search_returns_hold_its_depot_and_day(seed, depot, day):
    args = {"depot": depot, "date": day.isoformat()}
    out = simulate_output(SEARCH, args, random.Random(seed), context=Context(vocab=vocabulary(TOOLS)))
    ids = _ids(out)
    assert ids and all(i.startswith(f"LD-{depot}-{day:%y%m%d}-") for i in ids), (args, ids)


@settings(deadline=None)
@given(seed=st.integers(0, 2**16))
def test_a_chain_acts_on_a_load_of_the_depot_and_day_it_searched(seed):
    rng = random.Random(seed)
    edge = build_graph(TOOLS).edge("depot.search_loads", "depot.cancel_load")
    assert edge is not None
    target = sample_chain("s0", [("depot.search_loads", None), ("depot.cancel_load", edge)], BY_NAME, rng)
    asked, load = target.calls[0].arguments, target.calls[1].arguments["load_id"]
    assert load.startswith(f"LD-{asked['depot']}-{date.fromisoformat(asked['date']):%y%m%d}-"), (asked, load)
    assert load in _ids(simulate_all(target, BY_NAME, rng)[0])


def test_a_windows_side_or_an_unnamed_code_is_no_part_of_the_id():
    codes, day = asked_parts(LOAD_ID, {"date_from": "2025-06-02", "carrier": "GEF", "depot": "LYS"})
    assert codes == ["LYS"] and day is None
