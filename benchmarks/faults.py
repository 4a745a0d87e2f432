"""A run through a flaky endpoint against the same run through a clean one.

    python benchmarks/faults.py                      # quickstart, --limit 30 per product
    python benchmarks/faults.py --limit 0            # the whole quickstart (454 items)
    python benchmarks/faults.py --mix error=0.3,garbled=0.1,hang=0.05
    python benchmarks/faults.py --budget 20000       # one run and five reruns with a spent budget

Both runs use the project's fake OpenAI-compatible server (generator/testing/fake_openai.py),
each in its own process on 127.0.0.1, and the quickstart through the LLM writer into fresh
directories. The flaky server answers 429 or 500 to `error` of the requests, a broken body (a
200 that is cut short, an HTML page, an object without `choices`) to `garbled`, and never
answers `hang` of them (they are held until the server stops). The flaky run is ONE invocation:
its exit code is printed, and it must be 0.

Prints the clean time, the flaky time, their ratio and whether every data file (the manifest's
file digests: the rows, the rejections, the plots) is byte-identical to the clean run's. The
target (docs/operations.md): ratio <= 3, data identical.

With `--budget N`: an SDG run of `--items` items through the LLM writer with `llm.budget_tokens:
N` and `--concurrency`, then `--reruns` more invocations of the same command, all against one
fake server. Prints what each invocation sent, the tokens the server answered in total, the
tokens the dataset's journal counted, and the bound: the budget plus one wave (the concurrency
times the largest reply the server answered). Target: the server's total within the bound, every
rerun sends nothing, and the journal counts every token the server answered.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SERVER = """
import json, sys, time
from generator.testing.fake_openai import FakeOpenAI
srv = FakeOpenAI(port=0, **json.loads(sys.argv[1])).start()
print(srv.base_url, flush=True)
try:
    sys.stdin.read()  # until the benchmark closes our stdin
finally:
    print(json.dumps(srv.counts()), flush=True)
    srv.stop()
"""
FAULTS = {"error": "error_rate", "garbled": "garbled_rate", "hang": "hang_rate", "malformed": "malformed_rate"}


def parse_mix(text: str) -> dict[str, float]:
    out: dict[str, float] = {}
    for part in filter(None, text.split(",")):
        name, _, value = part.partition("=")
        out[FAULTS[name.strip()]] = float(value)
    return out


def run(options: dict[str, object], out: Path, config: Path, limit: int, extra: list[str]) -> dict:
    srv = subprocess.Popen([sys.executable, "-c", SERVER, json.dumps({"seed": 1, **options})],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert srv.stdout is not None and srv.stdin is not None
    url = srv.stdout.readline().strip()
    cmd = [sys.executable, "-m", "generator.cli", "generate", str(config), "--writer", "llm",
           "--base-url", url, "--model", "fake", "--out", str(out), "--fresh", "--quiet",
           *(["--limit", str(limit)] if limit else []), *extra]
    started = time.perf_counter()
    done = subprocess.run(cmd, check=False, cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    srv.stdin.close()
    counts = json.loads(srv.stdout.readline() or "{}")
    srv.wait(timeout=30)
    return {"seconds": seconds, "rc": done.returncode, "stderr": done.stderr.strip()[-600:],
            "server": counts}


BUDGET_CONFIG = """seed: 3
catalog: [{catalog}]
writer: llm
llm: {{model: fake, concurrency: {concurrency}, budget_tokens: {budget}}}
products:
  sdg:
    categories: {{simple: {items}}}
"""


def budget_reruns(args: argparse.Namespace, tmp: Path) -> int:
    sys.path.insert(0, str(ROOT))  # this checkout's package, as the runs use (cwd=ROOT)
    from generator.state import Journal
    from generator.testing.fake_openai import FakeOpenAI

    cfg, out = tmp / "budget.yaml", tmp / "budget-out"
    cfg.write_text(BUDGET_CONFIG.format(catalog=ROOT / "examples" / "catalog.json", items=args.items,
                                        concurrency=args.concurrency, budget=args.budget))
    cmd = [sys.executable, "-m", "generator.cli", "generate", str(cfg), "--out", str(out), "--quiet"]
    sent: list[int] = []
    with FakeOpenAI(latency_ms=args.latency_ms or 150.0) as srv:
        for _ in range(1 + args.reruns):
            before = srv.count()
            done = subprocess.run([*cmd, "--base-url", srv.base_url], check=False, cwd=ROOT,
                                  capture_output=True, text=True)
            sent.append(srv.count() - before)
            print(f"run {len(sent)}: exit {done.returncode}, {sent[-1]} requests; "
                  f"{done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ''}")
        billed = srv.tokens()
        largest = max((r.tokens for r in srv.requests), default=0)
    journal = Journal(out, next((out / ".state").glob("*.llm.jsonl")).name.split(".")[0])
    journal.load()
    bound = args.budget + args.concurrency * largest
    print(f"budget {args.budget:,}; server answered {billed:,} tokens "
          f"({100 * (billed - args.budget) / args.budget:+.1f}%); journal counted {journal.spent.tokens:,}")
    print(f"bound: budget + one wave = {args.budget:,} + {args.concurrency} x {largest} = {bound:,}: "
          f"{'within' if billed <= bound else 'EXCEEDED'}; reruns sent {sent[1:]}")
    ok = billed <= bound and not any(sent[1:]) and journal.spent.tokens == billed
    return 0 if ok else 1


def data_files(out: Path) -> dict[str, str]:
    try:
        return json.loads((out / "manifest.json").read_text())["files"]
    except (OSError, ValueError, KeyError):
        return {}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--config", type=Path, default=ROOT / "examples" / "quickstart.yaml")
    p.add_argument("--limit", type=int, default=30, help="items per product (0: all)")
    p.add_argument("--mix", default="error=0.3,garbled=0.1,hang=0.05")
    p.add_argument("--latency-ms", type=float, default=0.0, help="every reply takes this long")
    p.add_argument("--keep", action="store_true", help="keep the output directories")
    p.add_argument("--budget", type=int, help="measure the budget reruns instead (tokens)")
    p.add_argument("--items", type=int, default=400, help="SDG items of the budget run")
    p.add_argument("--concurrency", type=int, default=8, help="llm.concurrency of the budget run")
    p.add_argument("--reruns", type=int, default=5, help="reruns after the budget run")
    p.add_argument("extra", nargs="*", help="more flags for trajgen generate (after --)")
    args = p.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="trajgen-faults-"))
    if args.budget:
        try:
            return budget_reruns(args, tmp)
        finally:
            import shutil

            shutil.rmtree(tmp, ignore_errors=True)
    base = {"latency_ms": args.latency_ms}
    flaky_opts = {**base, **parse_mix(args.mix), "hang_s": 3600.0}
    clean = run(base, tmp / "clean", args.config, args.limit, args.extra)
    flaky = run(flaky_opts, tmp / "flaky", args.config, args.limit, args.extra)
    same = data_files(tmp / "clean") == data_files(tmp / "flaky") != {}
    ratio = flaky["seconds"] / clean["seconds"]
    print(f"clean: {clean['seconds']:.1f} s (exit {clean['rc']}, server {clean['server']})")
    print(f"flaky: {flaky['seconds']:.1f} s (exit {flaky['rc']}, server {flaky['server']}, mix {args.mix})")
    print(f"ratio: {ratio:.2f}x (target <= 3)")
    print(f"data identical: {'yes' if same else 'NO'} ({len(data_files(tmp / 'clean'))} files)")
    for name, r in (("clean", clean), ("flaky", flaky)):
        if r["rc"]:
            print(f"{name} stderr: {r['stderr']}")
    if not args.keep:
        import shutil

        shutil.rmtree(tmp, ignore_errors=True)
    else:
        print(f"outputs in {tmp}")
    return 0 if same and flaky["rc"] == 0 and ratio <= 3 else 1


if __name__ == "__main__":
    raise SystemExit(main())
