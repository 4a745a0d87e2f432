"""Template writer throughput: queries per second over the bundled example catalog and personas.

    python benchmarks/template_writer_speed.py [--writes 1000] [--target-s 0.8]

Builds TRAILBench-style targets (event k of a synthetic persona log, its history and time),
plans the four disclosure levels of each, and times `--writes` single-query writes. Prints the
figures; the exit status is 1 when the writes take longer than `--target-s` (the speed target:
1,000 template queries well under a second), so a regression shows without a timing assertion
in the unit tests.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from datetime import datetime
from pathlib import Path

from generator.catalog import Catalog
from generator.personas import load_personas, synthesize_histories
from generator.plan import plan_levels
from generator.readers import read_catalogs
from generator.trail.targets import build_target, tool_of
from generator.writers.base import WriteRequest
from generator.writers.template import TemplateWriter

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def requests(n_targets: int) -> list[WriteRequest]:
    catalog = Catalog(read_catalogs([str(EXAMPLES / "catalog.json")]))
    logs = synthesize_histories(load_personas(EXAMPLES / "personas.yaml"), catalog, 7,
                                start=datetime(2025, 5, 1), n_events=80)
    rng, out = random.Random(7), []
    for log in logs:
        for k in range(20, len(log.events), max(1, len(log.events) // n_targets)):
            tool = tool_of(log.events[k], catalog)
            if tool is None:
                continue
            target = build_target(f"{log.user}-{k}", log, k, tool, catalog)
            out += [WriteRequest(target=target, plan=p, tools=[tool], n=1) for p in plan_levels(target, tool, rng)]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--writes", type=int, default=1000)
    ap.add_argument("--target-s", type=float, default=0.8)
    args = ap.parse_args(argv)
    reqs = requests(n_targets=10)
    writer = TemplateWriter()
    writer.write_sync(reqs[0], 0)  # warm the phrasing caches
    start = time.perf_counter()
    texts = sum(len(writer.write_sync(reqs[i % len(reqs)], i).texts) for i in range(args.writes))
    elapsed = time.perf_counter() - start
    print(f"template writer: {texts} queries from {len(reqs)} plans in {elapsed:.3f} s "
          f"({texts / elapsed:,.0f} queries/s; target: {args.writes} in < {args.target_s} s)")
    return 0 if elapsed < args.target_s else 1


if __name__ == "__main__":
    sys.exit(main())
