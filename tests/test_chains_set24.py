"""Chains over ids that nest (set 24: an excavation's site, its units and their levels; a catalog
number of a site's find): the unit a chain opens at a site is that site's, a search of a site finds
that site's finds, and a new id keeps the code its example opens with."""

from __future__ import annotations

import random
from typing import Any

from generator.core.lore import annotate
from generator.records import Edge, Tool
from generator.traject.bind import sample_chain
from generator.traject.fresh import in_format
from generator.traject.graph import build_graph
from generator.traject.reading import parse_output, results
from generator.traject.simulate import Context, simulate_all, simulate_output, vocabulary

SITE = {"type": "string", "pattern": "^[0-9]{2}[A-Z]{2}[0-9]{4}$", "description": "Site number, e.g. '12KT8041'."}
TRENCH = {"type": "string", "pattern": "^[0-9]{2}[A-Z]{2}[0-9]{4}-T[0-9]{2}$",
          "description": "Trench id as returned by open_trench: the site number, '-T' and two digits, e.g. '12KT8041-T03'."}
FIND = {"type": "string", "pattern": "^[0-9]{2}[A-Z]{2}[0-9]{4}\\.[0-9]{3}$",
        "description": "Find number: the site number, a point and three digits, e.g. '12KT8041.017'."}


def _tool(name: str, props: dict[str, Any], description: str, required: list[str] | None = None) -> Tool:
    params = {"type": "object", "properties": props, "required": required if required is not None else list(props)}
    return Tool(name=name, app="dig", api=name, description=description, domain="dig", parameters=params)


OPEN = _tool("open_trench", {"site_number": SITE, "opened_by": {"type": "string", "description": "Initials, e.g. 'JK'."}},
             "Open a trench at a site and return its trench_id.")
LOG = _tool("log_trench_photo", {"trench_id": TRENCH, "facing": {"type": "string", "enum": ["N", "E", "S", "W"]}},
            "Log a photo of a trench.")
SEARCH = _tool("search_finds", {"site_number": SITE, "material": {"type": "string", "enum": ["bone", "stone", "glass"]}},
               "Search the finds of a site. Returns find_number, material and weight_g.", required=["site_number"])
WEIGH = _tool("weigh_find", {"find_number": FIND, "weight_g": {"type": "number", "description": "Weight, grams."}},
              "Record a find's weight.")
CLOSE = _tool("close_trench", {"site": SITE, "trench_id": TRENCH}, "Close a trench of a site.")
TOOLS = annotate([OPEN, LOG, SEARCH, WEIGH, CLOSE])
BY_NAME = {t.name: t for t in TOOLS}


def test_the_trench_a_chain_opens_at_a_site_is_that_sites() -> None:
    edge = build_graph(TOOLS).edge("open_trench", "log_trench_photo")
    assert edge is not None
    for seed in range(12):
        rng = random.Random(seed)
        target = sample_chain("s0", [("open_trench", None), ("log_trench_photo", edge)], BY_NAME, rng)
        site, trench = target.calls[0].arguments["site_number"], target.calls[1].arguments["trench_id"]
        assert trench.startswith(site + "-T"), (site, trench)
        assert results(parse_output(simulate_all(target, BY_NAME, rng)[0]))[0]["trench_id"] == trench


def test_a_search_of_a_site_finds_that_sites_finds() -> None:
    for seed in range(12):
        out = simulate_output(SEARCH, {"site_number": "31WK0417"}, random.Random(seed),
                              context=Context(vocab=vocabulary(TOOLS)))
        rows = [r for r in results(parse_output(out)) if "find_number" in r]
        assert rows and all(str(r["find_number"]).startswith("31WK0417.") for r in rows), out


def test_a_new_id_keeps_the_code_its_example_opens_with() -> None:
    from generator.core.values import REFERENCE_TIME

    rng = random.Random(3)
    made = {in_format("44FX1234-U07", rng, REFERENCE_TIME) for _ in range(20)}
    assert all(m.startswith("44FX") for m in made) and len(made) > 10


def test_a_call_given_a_trench_names_that_trenchs_site() -> None:
    edge = Edge(tool="close_trench", params=["trench_id"], source="inferred")  # the site it closes at is said
    for seed in range(12):
        target = sample_chain("s0", [("open_trench", None), ("close_trench", edge)], BY_NAME, random.Random(seed))
        args = target.calls[1].arguments
        assert args["trench_id"].startswith(args["site"] + "-T"), args
