"""Template writer throughput: queries per second over the bundled example catalog and personas,
and the CPU cost per item of whole SDG runs as they grow.

    python benchmarks/template_writer_speed.py [--writes 1000] [--target-s 0.8]
    python benchmarks/template_writer_speed.py --sdg 10000,20000[,100000] [--max-ratio 2.1]
                                               [--max-cpu-s 300]
    python benchmarks/template_writer_speed.py --quickstart [--max-cpu-s 10]

Writes: builds TRAILBench-style targets (event k of a synthetic persona log, its history and
time), plans the four disclosure levels of each, and times `--writes` single-query writes; exit
1 when they take longer than `--target-s`.

--sdg: one `trajgen generate` per size (the bundled catalog, the template writer, only the sdg
product, its single-turn categories in the quickstart's proportions), each in a fresh output
directory; prints the CPU seconds (user + system of the child process, export included) and the
milliseconds per item, and the ratio of each size's CPU to the first's. Exit 1 when a ratio to
the first size is above `--max-ratio` times the size ratio over 2 (20,000 items at most 2.1x the
CPU of 10,000) or the last size takes more than `--max-cpu-s`.

--quickstart: the CPU seconds of `trajgen generate examples/quickstart.yaml --fresh` (exit 1 above
`--max-cpu-s`).
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

from generator.catalog import Catalog
from generator.core.plan import plan_levels
from generator.personas import load_personas, synthesize_histories
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


# The single-turn SDG categories of the quickstart, in its proportions.
SDG_MIX = {"simple": 40, "multiple": 30, "parallel": 20, "parallel_multiple": 20, "irrelevance": 20,
           "live_simple": 10, "live_multiple": 10, "live_parallel": 5, "live_parallel_multiple": 5}


def sdg_config(items: int) -> str:
    total = sum(SDG_MIX.values())
    counts = {c: max(1, round(items * n / total)) for c, n in SDG_MIX.items()}
    counts["simple"] += items - sum(counts.values())
    cats = ", ".join(f"{c}: {n}" for c, n in counts.items())
    return (f"seed: 7\ncatalog: [{EXAMPLES / 'catalog.json'}]\nwriter: template\n"
            f"products:\n  sdg:\n    categories: {{{cats}}}\n")


def cpu_of(cmd: list[str]) -> float:
    """User + system CPU seconds of the child process `cmd` (which must succeed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def generate(config: Path, out: Path) -> list[str]:
    return [sys.executable, "-m", "generator.cli", "generate", str(config), "--out", str(out), "--fresh", "--quiet"]


def sdg_scaling(sizes: list[int], max_ratio: float, max_cpu_s: float) -> int:
    cpu: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            config = Path(tmp) / f"sdg{n}.yaml"
            config.write_text(sdg_config(n), encoding="utf-8")
            cpu.append(cpu_of(generate(config, Path(tmp) / f"out{n}")))
            ratio = cpu[-1] / cpu[0]
            print(f"sdg {n:>7,} items: {cpu[-1]:7.1f} s CPU, {cpu[-1] / n * 1000:5.2f} ms per item, "
                  f"{ratio:4.2f}x the CPU of {sizes[0]:,}", flush=True)
    for n, c in list(zip(sizes, cpu, strict=True))[1:]:
        print(f"ratio {n:,} / {sizes[0]:,} items: {c / cpu[0]:.2f}x the CPU "
              f"(limit {max_ratio * (n / sizes[0]) / 2:.2f}x)")
    bad = [n for n, c in zip(sizes, cpu, strict=True) if c / cpu[0] > max_ratio * (n / sizes[0]) / 2]
    if bad:
        print(f"cost per item grows: {', '.join(map(str, bad))} above {max_ratio}x per doubling")
    if cpu[-1] > max_cpu_s:
        print(f"{sizes[-1]:,} items took {cpu[-1]:.0f} s CPU (limit {max_cpu_s:.0f} s)")
    return 1 if bad or cpu[-1] > max_cpu_s else 0


def quickstart(max_cpu_s: float) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        cpu = cpu_of(generate(EXAMPLES / "quickstart.yaml", Path(tmp) / "qs"))
    print(f"quickstart: {cpu:.1f} s CPU end to end, export included (limit {max_cpu_s:.0f} s)")
    return 0 if cpu <= max_cpu_s else 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--writes", type=int, default=1000)
    ap.add_argument("--target-s", type=float, default=0.8)
    ap.add_argument("--sdg", help="comma-separated SDG run sizes, e.g. 10000,20000,100000")
    ap.add_argument("--max-ratio", type=float, default=2.1)
    ap.add_argument("--max-cpu-s", type=float, default=None)
    ap.add_argument("--quickstart", action="store_true")
    args = ap.parse_args(argv)
    if args.sdg:
        return sdg_scaling([int(x) for x in args.sdg.split(",")], args.max_ratio, args.max_cpu_s or 300.0)
    if args.quickstart:
        return quickstart(args.max_cpu_s or 10.0)
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
