"""Items per second of the template writer on one core against N workers (`--engine process`).

    python benchmarks/scaling.py [--scale 2] [--workers 2] [--repeat 3] [--ray]

Writes the quickstart config with every count multiplied by `--scale` (a run long enough to
amortise the workers' start-up), then runs `trajgen generate` on it into fresh directories,
alternating: the default engine (every item in one process, one core) and `--engine process
--workers N` (plus `--engine ray --workers N` with `--ray`). Each run is a separate process, so
no warm cache carries over. From each run's closing line it takes the seconds of the plan, the
item run and the export, and prints per run and as the median over the repeats:

- run items/s: items / seconds of the run phase (the CPU work the workers share);
- end-to-end items/s: items / wall seconds of the whole command (start-up, plan and export
  included: those stay on one core);
- the ratio of each to the one-core figure. Every output is also checked to be byte-identical to
  the one-core run's.

Beside each run: the load average when it started and the busy cores of the whole machine while it
ran (all processes, from /proc/stat). One process alone keeps about 1 core busy and N workers about
N; more than that means other processes shared the cores and the figures understate the scaling,
so measure on a quiet machine.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
QUICKSTART = ROOT / "examples" / "quickstart.yaml"
RATE = re.compile(r"planned in ([\d.]+) s, ran (\d+) item\(s\) in ([\d.]+) s \([\d.,]+ items/s, ([\d.]+) CPU s\), "
                  r"exported in ([\d.]+) s")


SCALED = {"sdg": ("categories",), "bfcl": ("categories",), "trail": ("targets", "events"),
          "traject": ("parallel", "sequential"), "judge": ("rows",)}


def times(value: object, k: int) -> object:
    return {name: n * k for name, n in value.items()} if isinstance(value, dict) else value * k


def write_config(k: int, folder: Path) -> Path:
    """The quickstart with every product count times k (seed and everything else unchanged)."""
    cfg = yaml.safe_load(QUICKSTART.read_text())
    for product, fields in SCALED.items():
        for name in fields:
            cfg["products"][product][name] = times(cfg["products"][product][name], k)
    cfg["catalog"] = [str(QUICKSTART.parent / p) for p in cfg["catalog"]]
    cfg["personas"] = str(QUICKSTART.parent / cfg["personas"])
    path = folder / f"quickstart_x{k}.yaml"
    path.write_text(yaml.safe_dump(cfg, sort_keys=False))
    return path


def digest(out: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(out.rglob("*")):
        if p.is_file() and not p.relative_to(out).parts[0].startswith("."):
            h.update(str(p.relative_to(out)).encode() + p.read_bytes())
    return h.hexdigest()[:12]


def cpu_jiffies() -> tuple[int, int]:
    """(busy, total) CPU time of the whole machine so far, in clock ticks (Linux; zeros elsewhere)."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0, 0
    idle = fields[3] + fields[4]  # idle + iowait
    return sum(fields) - idle, sum(fields)


def run(cfg: Path, out: Path, engine: list[str]) -> dict[str, float | str]:
    load = os.getloadavg()[0]
    cmd = [sys.executable, "-m", "generator.cli", "generate", str(cfg), "--out", str(out), "--fresh", *engine]
    busy0, total0 = cpu_jiffies()
    start = time.perf_counter()
    proc = subprocess.run(cmd, check=False, capture_output=True, text=True, cwd=ROOT)
    wall = time.perf_counter() - start
    busy1, total1 = cpu_jiffies()
    cores = (os.cpu_count() or 1) * (busy1 - busy0) / max(1, total1 - total0)
    found = RATE.search(proc.stderr)
    if proc.returncode != 0 or not found:
        raise SystemExit(f"{' '.join(engine) or 'one process'} failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    plan, items, run_s, cpu, export = (float(x) for x in found.groups())
    return {"items": items, "plan": plan, "run": run_s, "cpu": cpu, "export": export, "wall": wall,
            "run_rate": items / run_s, "e2e_rate": items / wall, "load": load, "cores": cores,
            "digest": digest(out)}


def line(name: str, r: dict[str, float | str], base: dict[str, float | str] | None) -> str:
    ratio = (f"  x{r['run_rate'] / base['run_rate']:.2f} run, x{r['e2e_rate'] / base['e2e_rate']:.2f} end-to-end"
             if base else "")
    return (f"{name:<22} {int(r['items']):>5} items  plan {r['plan']:5.1f} s  run {r['run']:6.1f} s  "
            f"(CPU {r['cpu']:5.1f} s)  export {r['export']:4.1f} s  wall {r['wall']:6.1f} s  run {r['run_rate']:6.1f} items/s  "
            f"end-to-end {r['e2e_rate']:5.1f} items/s  load {r['load']:.1f}  busy cores {r['cores']:.2f}{ratio}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=int, default=2, help="multiply every quickstart count by this")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--ray", action="store_true", help="also --engine ray (needs the ray extra)")
    args = ap.parse_args(argv)
    engines = {"one process": [], f"process x{args.workers}": ["--engine", "process", "--workers", str(args.workers)]}
    if args.ray:
        engines[f"ray x{args.workers}"] = ["--engine", "ray", "--workers", str(args.workers)]
    results: dict[str, list[dict[str, float | str]]] = {name: [] for name in engines}
    with tempfile.TemporaryDirectory() as tmp:
        cfg = write_config(args.scale, Path(tmp))
        print(f"quickstart x{args.scale}, {os.cpu_count()} CPUs, {args.repeat} round(s)")
        for i in range(args.repeat):
            for name, flags in engines.items():
                r = run(cfg, Path(tmp) / name.replace(" ", "_"), flags)
                results[name].append(r)
                print(f"round {i + 1}: " + line(name, r, results["one process"][-1] if flags else None), flush=True)
    return report(results)


def median_of(runs: list[dict[str, float | str]]) -> dict[str, float | str]:
    return {k: statistics.median(float(r[k]) for r in runs) if k != "digest" else runs[0][k] for k in runs[0]}


def report(results: dict[str, list[dict[str, float | str]]]) -> int:
    base = median_of(results["one process"])
    print("median:")
    for name, runs in results.items():
        print("  " + line(name, median_of(runs), base if name != "one process" else None))
    same = {r["digest"] for runs in results.values() for r in runs}
    print("outputs byte-identical across engines and rounds: " + ("yes" if len(same) == 1 else f"NO ({same})"))
    return 0 if len(same) == 1 else 1


if __name__ == "__main__":
    sys.exit(main())
