"""How many TRAIL targets real user histories can give, and how many trajgen makes.

A target counts only when every value a vague level leaves out is determined the way a reader
determines it (the most recent or the single most frequent value wherever a reader may look, the
query time, a schema default, or a pointer to one earlier event), and the High level's pooled
literal value recall stays within its band (0.10). This script builds the candidate pools trajgen
selects from (generator.trail.targets.Pools, with pointers), takes every candidate that states
nothing at every level, then the candidates with stated-only values fewest first while the pooled
stated share stays within the band: an upper bound on what any selection can make. It then runs
the selection trajgen uses and prints both.

    python benchmarks/trail_real_bound.py CONFIG.yaml

CONFIG is a run config with `products.trail.source: real` (e.g. TRAILBench's users). Prints one
line per pool and the bound; exit 0.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.config import load_config
from generator.engine import load_inputs
from generator.products.base import RunContext, build_product
from generator.trail.targets import Candidate, Pools
from generator.writers.base import WRITERS

HIGH_BAND = 0.10


def bound(pools: Pools, band: float = HIGH_BAND) -> list[Candidate]:
    """The most distinct targets whose pooled stated-only share stays within `band`: free
    candidates first, then stated-only ones fewest first (a greedy knapsack; optimal when each
    candidate's size is about the same, as TRAIL calls' are)."""
    free = [c for tier in ("new", "repeat", "recent") for c in pools.tiers[tier]]
    partial = sorted(pools.tiers["partial"], key=lambda c: c.fixed)
    chosen: list[Candidate] = []
    calls: set[str] = set()
    said = values = 0.0
    for c in free + partial:
        if c.call in calls or said + c.said > band * (values + c.size) + 1e-9:
            continue
        chosen.append(c)
        calls.add(c.call)
        said, values = said + c.said, values + c.size
    return chosen


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("config", type=Path)
    args = ap.parse_args(argv)
    cfg = load_config(args.config)
    catalog, histories = load_inputs(cfg, args.config.parent)
    ctx = RunContext(config=cfg, base_dir=args.config.parent, out_dir=Path("."), seed=cfg.seed, catalog=catalog,
                     histories=histories, writer=WRITERS.get("template")())
    product = build_product("trail", cfg)
    asked = product.config.targets
    for pointers in (False, True):
        pools = product.pools(ctx, pointers)
        offered = {t: pools.offered(t) for t in ("new", "repeat", "recent", "partial")}
        print(f"pointers {'on ' if pointers else 'off'}: candidates {offered}; at most {len(bound(pools))} "
              f"distinct targets with High's stated share <= {HIGH_BAND}")
    picks, steps, _ = product.select(ctx)
    print(f"trajgen selects {len(picks)} of {asked} asked ({', '.join(steps) or 'defaults'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
