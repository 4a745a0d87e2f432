"""Throughput, CPU and memory of trajgen, measured the way a user would see them.

    pip install -e ".[bench]"           # adds openai[aiohttp] for the bare loop
    python benchmarks/throughput.py     # ~5 minutes on 2 cores; --skip-memory for ~3 minutes

What it runs, all on this machine, in one go:

Steps 2 and 3 run `--rounds` times (default 3), back to back, and the median round is reported
with every round's ratio: this machine's speed drifts by tens of percent within minutes.

1. An aiohttp fake OpenAI endpoint in its own process (200 ms per reply, valid replies from the
   project's answerers, counters of requests and of the first request / last reply times).
2. The bare loop: `openai.AsyncOpenAI` with `DefaultAioHttpClient` under an asyncio.Semaphore(256),
   2,000 requests -- the least client code that can drive that endpoint. Its rate is requests /
   its own wall time, as the yardstick's bare-client loop reports it (the stricter rate over the
   endpoint's first-request-to-last-reply span is printed too).
3. trajgen: the quickstart through the LLM writer at --concurrency 256 into a fresh directory.
   Its request rate is requests / (last reply - first request) as the endpoint counted them. With
   the default `--engine auto` and 256 requests in flight on a machine with several CPUs, its
   items run on a process pool (see the README); client CPU counts those worker processes.
4. The template writer on the quickstart: CPU per work item and per accepted sample.
5. Peak RSS of the template writer for ~10k and ~100k work items (SDG rows).

It prints a table: the ratio of trajgen's rate to the bare loop's, client CPU per request and per
item, LLM tokens per accepted item per format, template CPU per item, RSS 10k vs 100k.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SYSTEM = "You write realistic user requests for a tool-calling benchmark. Answer with JSON only."


# ---------------------------------------------------------------- the endpoint (own process)

def serve(port: int, latency_s: float) -> None:
    from aiohttp import web

    from generator.testing.answerers import answer

    st = {"requests": 0, "first_request_at": None, "last_reply_at": None, "in_flight": 0, "in_flight_max": 0}

    async def chat(request: web.Request) -> web.Response:
        st["requests"] += 1
        st["in_flight"] += 1
        st["in_flight_max"] = max(st["in_flight_max"], st["in_flight"])
        st["first_request_at"] = st["first_request_at"] or time.time()
        try:
            body = await request.json()
            await asyncio.sleep(latency_s)
            reply = answer(body.get("messages") or [])
            if set(reply) == {"error"}:  # not one of trajgen's prompts (the bare loop's)
                reply = {"queries": ["What is the weather tomorrow?"] * 4}
            content = json.dumps(reply)
            usage = {"prompt_tokens": len(json.dumps(body["messages"])) // 4,
                     "completion_tokens": len(content) // 4}
            return web.json_response({"id": "x", "object": "chat.completion", "created": 0,
                                      "model": body.get("model"), "usage": usage,
                                      "choices": [{"index": 0, "finish_reason": "stop",
                                                   "message": {"role": "assistant", "content": content}}]})
        finally:
            st["in_flight"] -= 1
            st["last_reply_at"] = time.time()

    async def models(request: web.Request) -> web.Response:
        return web.json_response({"object": "list", "data": [{"id": "fake", "object": "model"}]})

    async def stats(request: web.Request) -> web.Response:
        if request.method == "POST":
            st.update(requests=0, first_request_at=None, last_reply_at=None, in_flight_max=0)
        return web.json_response(st)

    app = web.Application(client_max_size=16 * 1024 * 1024)
    app.router.add_post("/v1/chat/completions", chat)
    app.router.add_get("/v1/models", models)
    app.router.add_route("*", "/stats", stats)
    web.run_app(app, host="127.0.0.1", port=port, access_log=None, print=lambda *_: None, backlog=4096)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stats(port: int, reset: bool = False) -> dict:
    req = urllib.request.Request(f"http://127.0.0.1:{port}/stats", data=b"" if reset else None,
                                 method="POST" if reset else "GET")
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


def rate(st: dict) -> float:
    span = (st["last_reply_at"] or 0) - (st["first_request_at"] or 0)
    return st["requests"] / span if span > 0 else 0.0


# ---------------------------------------------------------------- the two clients

async def bare_loop(base_url: str, n: int, concurrency: int) -> None:
    import openai

    client = openai.AsyncOpenAI(base_url=base_url, api_key="sk-bench", max_retries=0,
                                http_client=openai.DefaultAioHttpClient())
    sem = asyncio.Semaphore(concurrency)

    async def one(i: int) -> None:
        async with sem:
            r = await client.chat.completions.create(
                model="fake", temperature=0.7,
                messages=[{"role": "system", "content": SYSTEM},
                          {"role": "user", "content": f"Tool get_weather: weather for a city. Write 4 "
                                                      f"queries. Persona #{i}."}])
        json.loads(r.choices[0].message.content)

    started = time.perf_counter()  # the clock the yardstick's bare-client loop uses: imports excluded
    await asyncio.gather(*(one(i) for i in range(n)))
    wall = time.perf_counter() - started
    await client.close()
    print(json.dumps({"job_wall_s": wall}))


def machine_cpu_s() -> float | None:
    """CPU seconds every process on this machine has used (Linux), to count a run's worker
    processes too: the process engine's workers are not the driver's children."""
    try:
        fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    except OSError:
        return None
    busy = sum(int(x) for i, x in enumerate(fields[:8]) if i not in (3, 4))  # all but idle, iowait
    return busy / os.sysconf("SC_CLK_TCK")


def process_cpu_s(pid: int) -> float:
    try:
        parts = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")


def run_child(args: list[str], server: int | None = None) -> tuple[float, int, float, str]:
    """(CPU seconds, peak RSS in KiB, wall seconds, stdout) of one child process. With `server`
    (the endpoint's pid) on Linux, the CPU is every process's but the endpoint's while the child
    ran: its worker processes included."""
    wall, machine, serving = time.monotonic(), machine_cpu_s(), process_cpu_s(server) if server else 0.0
    proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    out = proc.stdout.read() if proc.stdout else ""
    _, status, ru = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {' '.join(args)}")
    cpu = ru.ru_utime + ru.ru_stime
    if server and machine is not None:
        cpu = max(cpu, machine_cpu_s() - machine - (process_cpu_s(server) - serving))  # type: ignore[operator]
    return cpu, ru.ru_maxrss, time.monotonic() - wall, out


def trajgen(*args: str) -> list[str]:
    return [sys.executable, "-m", "generator.cli", *args]


def manifest(out: Path) -> dict:
    return json.loads((out / "manifest.json").read_text())


# ---------------------------------------------------------------- measurements

def quickstart_scaled(tmp: Path, scale: int) -> str:
    """The quickstart's config with every product's counts times `scale` (a run of at least
    20,000 requests at --scale 8, where fixed costs no longer hide the cost per request), TRAIL's
    but its targets: choosing TRAIL targets grows faster than linearly with the persona logs
    (840 targets over 2,000-event logs take minutes to plan on one core, docs/performance.md),
    which would measure the planner, not the client."""
    if scale == 1:
        return "examples/quickstart.yaml"
    import yaml

    cfg = yaml.safe_load((ROOT / "examples" / "quickstart.yaml").read_text())
    for key in ("catalog",):
        cfg[key] = [str(ROOT / "examples" / c) for c in cfg[key]]
    cfg["personas"] = str(ROOT / "examples" / cfg["personas"])
    prod = cfg["products"]
    for name in ("sdg", "bfcl"):
        prod[name]["categories"] = {k: v * scale for k, v in prod[name]["categories"].items()}
    prod["when2call"]["twins"] = {k: v * scale for k, v in prod["when2call"]["twins"].items()}
    for name, keys in (("traject", ("parallel", "sequential")), ("judge", ("rows",))):
        prod[name].update({k: prod[name][k] * scale for k in keys})
    path = tmp / f"quickstart-x{scale}.yaml"
    path.write_text(yaml.safe_dump(cfg, sort_keys=False))
    return str(path)


def measure_llm(port: int, server: int, tmp: Path, n_bare: int, rounds: int, scale: int = 1) -> dict:
    """`rounds` rounds of the bare loop then trajgen, back to back: this machine's speed drifts by
    tens of percent within minutes, so each round's ratio compares runs made moments apart.
    Two rates of trajgen's: over the endpoint's window (first request to last reply) and end to
    end (requests / the whole `trajgen generate` wall time: start, planning, requests, export)."""
    base = f"http://127.0.0.1:{port}/v1"
    config = quickstart_scaled(tmp, scale)
    runs = []
    for _ in range(rounds):
        stats(port, reset=True)
        cpu, _, _, out = run_child([sys.executable, __file__, "--bare", base, "-n", str(n_bare)], server)
        bare = stats(port)
        stats(port, reset=True)
        dest = tmp / "llm"
        tcpu, rss, wall, _ = run_child(trajgen("generate", config, "--writer", "llm",
                                               "--base-url", base, "--model", "fake", "--concurrency", "256",
                                               "--fresh", "--quiet", "--out", str(dest)), server)
        shutil.rmtree(dest / ".cache")  # the next round sends every request again
        mine = stats(port)
        runs.append({"bare_rate": n_bare / json.loads(out)["job_wall_s"], "bare_span_rate": rate(bare),
                     "bare_cpu_ms": 1000 * cpu / bare["requests"], "rate": rate(mine),
                     "requests": mine["requests"], "cpu_ms": 1000 * tcpu / mine["requests"], "wall": wall,
                     "e2e_rate": mine["requests"] / wall,
                     "cpu": tcpu, "rss_mb": rss / 1024, "counts": manifest(dest)["counts"]})
    for r in runs:
        r["ratio"], r["span_ratio"] = r["rate"] / r["bare_rate"], r["rate"] / r["bare_span_rate"]
        r["e2e_ratio"] = r["e2e_rate"] / r["bare_rate"]
    mid = sorted(runs, key=lambda r: r["ratio"])[len(runs) // 2]
    return {**mid, "rounds": runs, "config": "quickstart" if scale == 1 else f"quickstart x{scale}"}


def measure_template(tmp: Path) -> dict:
    out = tmp / "template"
    cpu, rss, _wall, _ = run_child(trajgen("generate", "examples/quickstart.yaml", "--fresh", "--quiet",
                                          "--out", str(out)))
    idle, _, _, _ = run_child([sys.executable, "-c", "import generator.cli, generator.engine"])
    return {"cpu": cpu, "import_cpu": idle, "rss_mb": rss / 1024, "counts": manifest(out)["counts"]}


def scaled_config(tmp: Path, items: int) -> Path:
    cfg = tmp / f"scale{items}.yaml"
    share = {"simple": 0.4, "multiple": 0.3, "parallel": 0.15, "irrelevance": 0.15}
    cats = ", ".join(f"{k}: {round(items * v)}" for k, v in share.items())
    cfg.write_text(f"seed: 1\ncatalog: [{ROOT / 'examples' / 'catalog.json'}]\n"
                   f"products:\n  sdg:\n    categories: {{{cats}}}\n")
    return cfg


def measure_memory(tmp: Path, sizes: list[int]) -> dict[int, tuple[float, float]]:
    out = {}
    for n in sizes:
        cpu, rss, _, _ = run_child(trajgen("generate", str(scaled_config(tmp, n)), "--fresh", "--quiet",
                                           "--out", str(tmp / f"scale{n}")))
        out[n] = (rss / 1024, cpu)
    return out


# ---------------------------------------------------------------- report

def per_format_tokens(counts: dict) -> list[str]:
    rows = []
    for key in sorted(k for k in counts if k.endswith(".llm_tokens")):
        p = key.split(".")[0]
        acc = counts.get(f"{p}.accepted", 0)
        rows.append(f"| LLM tokens per accepted item, {p} | {counts[key] / acc:.0f} |" if acc else
                    f"| LLM tokens per accepted item, {p} | - |")
    return rows


def per_round(llm: dict, key: str) -> str:
    return ", ".join(f"{r[key]:.2f}" for r in llm["rounds"])


def report(llm: dict, tpl: dict, mem: dict[int, tuple[float, float]]) -> str:
    c, tc = llm["counts"], tpl["counts"]
    items = sum(v for k, v in c.items() if k.endswith(".items"))
    accepted = sum(v for k, v in c.items() if k.endswith(".accepted"))
    t_items = sum(v for k, v in tc.items() if k.endswith(".items"))
    t_acc = sum(v for k, v in tc.items() if k.endswith(".accepted"))
    work = tpl["cpu"] - tpl["import_cpu"]
    rows = ["| figure | value |", "|---|---:|",
            (f"| bare loop (openai + aiohttp, c=256), median round | {llm['bare_rate']:.0f} req/s "
            f"(requests / its own wall time, as the yardstick's bare-client loop reports it; "
            f"{llm['bare_span_rate']:.0f} req/s over the endpoint's first-request-to-last-reply span), "
            f"{llm['bare_cpu_ms']:.2f} ms CPU/request |"),
            (f"| trajgen LLM writer, {llm['config']} (c=256), median round | {llm['rate']:.0f} req/s over "
            f"{llm['requests']} requests (the endpoint's span) |"),
            (f"| **ratio trajgen / bare loop** (median of {len(llm['rounds'])} rounds; per round) | "
            f"**{llm['ratio']:.2f}** ({per_round(llm, 'ratio')}) |"),
            (f"| ratio against the bare loop's endpoint span (stricter; per round) | {llm['span_ratio']:.2f} "
            f"({per_round(llm, 'span_ratio')}) |"),
            (f"| trajgen end to end (requests / whole generate wall time), median round | "
            f"{llm['e2e_rate']:.0f} req/s over {llm['wall']:.1f} s |"),
            (f"| **ratio end to end / bare loop** (per round) | **{llm['e2e_ratio']:.2f}** "
            f"({per_round(llm, 'e2e_ratio')}) |"),
            f"| trajgen client CPU per request (whole run, worker processes included) | {llm['cpu_ms']:.2f} ms |",
            (f"| trajgen CPU per work item / per accepted sample (LLM) | {1000 * llm['cpu'] / items:.1f} ms / "
            f"{1000 * llm['cpu'] / accepted:.2f} ms |"),
            f"| trajgen wall / peak RSS (LLM) | {llm['wall']:.1f} s / {llm['rss_mb']:.0f} MB |",
            *per_format_tokens(c),
            (f"| template writer CPU per work item / per accepted sample (plan, render, validate, export; "
            f"imports excluded) | {1000 * work / t_items:.2f} ms / {1000 * work / t_acc:.2f} ms |"),
            f"| template quickstart peak RSS | {tpl['rss_mb']:.0f} MB |"]
    return "\n".join(rows + memory_rows(mem))


def memory_rows(mem: dict[int, tuple[float, float]]) -> list[str]:
    rows = []
    for n, (rss, cpu) in sorted(mem.items()):
        rows.append(f"| template writer, {n:,} SDG items: peak RSS / CPU | {rss:.0f} MB / {cpu:.1f} s "
                    f"({1000 * cpu / n:.2f} ms per item, imports included) |")
    if len(mem) == 2:
        (a, (ra, _)), (b, (rb, _)) = sorted(mem.items())
        rows.append(f"| **peak RSS {b:,} / {a:,} items** | **{rb / ra:.2f}x** |")
    return rows


def memory_report(mem: dict[int, tuple[float, float]]) -> str:
    return "\n".join(["| figure | value |", "|---|---:|", *memory_rows(mem)])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=2000, help="requests of the bare loop")
    ap.add_argument("--latency-ms", type=float, default=200.0)
    ap.add_argument("--sizes", default="10000,100000", help="work items for the memory runs")
    ap.add_argument("--rounds", type=int, default=3, help="bare-loop / trajgen rounds (the median is reported)")
    ap.add_argument("--scale", type=int, default=1,
                    help="the LLM run's product counts times this, TRAIL's targets excepted (8: over 20,000 requests)")
    ap.add_argument("--skip-memory", action="store_true")
    ap.add_argument("--only-memory", action="store_true",
                    help="only the peak-RSS runs of the template writer (no endpoint, no LLM run)")
    ap.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--bare", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.serve:
        return serve(a.serve, a.latency_ms / 1000)
    if a.bare:
        return asyncio.run(bare_loop(a.bare, a.n, 256))
    if a.only_memory:
        with tempfile.TemporaryDirectory(prefix="trajgen-bench-") as tmp:
            mem = measure_memory(Path(tmp), [int(x) for x in a.sizes.split(",")])
        print(memory_report(mem))
        return None
    port = free_port()
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(port), "--latency-ms", str(a.latency_ms)],
                              cwd=ROOT)
    try:
        for _ in range(100):
            try:
                stats(port)
                break
            except OSError:
                time.sleep(0.1)
        with tempfile.TemporaryDirectory(prefix="trajgen-bench-") as tmp:
            llm = measure_llm(port, server.pid, Path(tmp), a.n, a.rounds, a.scale)
            tpl = measure_template(Path(tmp))
            mem = {} if a.skip_memory else measure_memory(Path(tmp), [int(x) for x in a.sizes.split(",")])
        print(report(llm, tpl, mem))
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
