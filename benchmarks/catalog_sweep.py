"""Catalog sweep: every real catalog through every product that applies, one row per catalog.

    python benchmarks/catalog_sweep.py [UPSTREAM] [--only WORD] [--jobs 2] [--json FILE] [--no-own]

UPSTREAM is the folder holding the original benchmarks' files (default: $TRAJGEN_UPSTREAM,
else ../shared/upstream beside the repository). Catalogs found there (CATALOG_SOURCES):
each TRAILBench API file (trailbench/apis/apis_openai/*_openai.json), each TRAJECT-Bench
domain (traject-bench/public_data/tools/*_tool.json), the functions of each BFCL category
(bfcl/data/BFCL_v4_<category>.json; the multi-turn categories' functions are the class files
of bfcl/data/multi_turn_func_doc/). Then the repo's own catalogs (`--no-own` leaves them out):
the bundled examples/catalog.json (own:bundled, hand-written hints) and the hint-less catalogs a
new user would write, tests/fixtures/catalogs/*.json (own:<name>). Each catalog is run through sdg, trail (personas derived
from the catalog), traject, judge and bfcl with small counts (SMALL_COUNTS: ~25 SDG rows, 16
TRAIL targets, 2+2 trajectories per domain, 40 judge rows, 10 BFCL entries) so the default
run stays within a few minutes on 2 cores. SDG and BFCL multi-turn categories are left out:
they run over built-in stateful classes, not over the catalog.

Columns (METRICS, a registry: a new column is one `Metric`): tools read, tools skipped (with
the first reason), requested/accepted/rejected per product, the share of generated argument
values valid against their schema (gold calls of sdg, trail, traject and judge; traject's
string-typed wire values are valid when one JSON reading of them validates), the share of the
judge's VALID_CALL calls valid against the tools_list of their own row ("judge VC"), the share of
numeric values sitting on a schema bound, value recall per level (TRAIL Minimum / Low /
Medium / High, TRAJECT simple over required values / hard over all values, as the benchmarks
count it), the read-out share of the accepted queries (queries holding a read-out such as
"with the X set to Y", generator.core.textquality), the text defects per class left in accepted
queries (0 after the text gate), what the text gate rejected per class, and the most frequent
rejection reasons. Below the
table, every product that delivered less than 90% of what was requested is listed with
trajgen's own reason. Exit status 1 when a run raised a traceback or a value was invalid.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
SMALL_COUNTS: dict[str, Any] = {  # the products swept (a section per registered product), small
    "sdg": {"categories": {"simple": 3, "multiple": 3, "parallel": 2, "parallel_multiple": 2, "irrelevance": 2,
                           "live_simple": 2, "live_multiple": 2, "live_parallel": 2,
                           "live_parallel_multiple": 2, "live_relevance": 2, "live_irrelevance": 2}},
    "trail": {"targets": 16, "min_history": 10, "events": 80},
    "traject": {"parallel": 2, "sequential": 2, "k": {"min": 2, "max": 4}, "chain": {"min": 2, "max": 3}},
    "judge": {"rows": 40, "rows_per_item": 20},
    "bfcl": {"categories": {"simple_python": 2, "multiple": 2, "parallel": 2, "irrelevance": 2,
                            "live_simple": 2}},
}
PRODUCTS = tuple(SMALL_COUNTS)
SHORT = 0.9


# ---------------------------------------------------------------- catalogs


@dataclass(frozen=True)
class CatalogSpec:
    name: str
    path: Path


def _trailbench(root: Path) -> list[CatalogSpec]:
    return [CatalogSpec(f"trail:{p.stem.removesuffix('_openai')}", p)
            for p in sorted((root / "trailbench/apis/apis_openai").glob("*_openai.json"))]


def _traject(root: Path) -> list[CatalogSpec]:
    return [CatalogSpec(f"traject:{p.stem.removesuffix('_tool')}", p)
            for p in sorted((root / "traject-bench/public_data/tools").glob("*_tool.json"))]


def _bfcl(root: Path) -> list[CatalogSpec]:
    data = root / "bfcl/data"
    files = [p for p in sorted(data.glob("BFCL_v4_*.json")) if "multi_turn" not in p.stem]
    out = [CatalogSpec(f"bfcl:{p.stem.removeprefix('BFCL_v4_')}", p) for p in files]
    return out + [CatalogSpec(f"bfcl-mt:{p.stem}", p) for p in sorted((data / "multi_turn_func_doc").glob("*.json"))]


def _own(root: Path) -> list[CatalogSpec]:
    """The repo's own catalogs: the bundled example (hand-written hints) and the hint-less
    catalogs written the way a new user would (odd schemas, snake_case names, no hints)."""
    hintless = sorted((REPO / "tests" / "fixtures" / "catalogs").glob("*.json"))
    return [CatalogSpec("own:bundled", REPO / "examples" / "catalog.json"),
            *(CatalogSpec(f"own:{p.stem}", p) for p in hintless)]


CATALOG_SOURCES: list[Callable[[Path], list[CatalogSpec]]] = [_trailbench, _traject, _bfcl]


def catalogs(root: Path, own: bool = True) -> list[CatalogSpec]:
    found = [c for source in CATALOG_SOURCES for c in source(root)]
    return found + _own(root) if own else found


# ---------------------------------------------------------------- one run


@dataclass
class CatalogRun:
    spec: CatalogSpec
    seconds: float = 0.0
    tools_read: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)
    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    shortfalls: list[dict[str, Any]] = field(default_factory=list)
    values: int = 0
    valid: int = 0
    judge_calls: int = 0  # tool calls of the judge's VALID_CALL rows, checked against their own tools_list
    judge_valid: int = 0
    numeric: int = 0
    at_bound: int = 0
    rejections: list[tuple[str, int]] = field(default_factory=list)
    requested: dict[str, int] = field(default_factory=dict)
    recall: dict[str, float] = field(default_factory=dict)  # value recall per level (trail, traject)
    meaning: dict[str, float] = field(default_factory=dict)  # value recall by meaning per level (the reader)
    bands: list[tuple[str, bool]] = field(default_factory=list)  # (kind level, held) per calibrated level
    queries: int = 0
    readout_queries: int = 0
    defects: dict[str, int] = field(default_factory=dict)  # text defects in accepted queries, per class
    gate: dict[str, int] = field(default_factory=dict)  # text_quality rejections, per class
    error: str = ""
    traceback: str = ""


def config_for(spec: CatalogSpec) -> dict[str, Any]:
    return {"seed": 1, "catalog": [str(spec.path)], "writer": "template", "products": SMALL_COUNTS}


def run_catalog(spec: CatalogSpec) -> CatalogRun:
    """Generate every product for one catalog in a scratch directory and measure it."""
    from generator.config import RunConfig
    from generator.engine import Overrides, generate
    from generator.errors import TrajgenError

    logging.getLogger("generator").setLevel(logging.ERROR)  # shortfalls are reported below the table
    run = CatalogRun(spec)
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        try:
            cfg = RunConfig.model_validate(config_for(spec))
            summary = generate(cfg, Path(tmp), Overrides(out=str(Path(tmp) / "out"), progress=False, fresh=True))
            measure(run, summary, Path(tmp) / "out")
        except TrajgenError as exc:
            run.error = str(exc)
        except Exception:  # noqa: BLE001 - a traceback is the finding
            run.traceback = traceback.format_exc()
            run.error = run.traceback.strip().splitlines()[-1]
    run.seconds = time.monotonic() - start
    return run


def measure(run: CatalogRun, summary: Any, out: Path) -> None:
    from generator.catalog import Catalog
    from generator.readers import read_catalog
    from generator.screening import screen

    tools = read_catalog(run.spec.path)
    kept, skipped = screen(tools)
    run.tools_read, run.skipped = len(tools), [(t.name, why) for t, why in skipped]
    run.counts = summary.per_product
    run.requested = requested_from_card(out / "README.md")
    run.shortfalls = [line for line in summary.notes if line.startswith("short:")]
    catalog = Catalog(kept)
    for tool, args in gold_calls(out, catalog):
        _score_call(run, tool, args)
    run.judge_calls, run.judge_valid = judge_valid_calls(out / "judge")
    run.recall = {**trail_recall(out / "trail"), **traject_recall(out / "traject")}
    run.meaning, run.bands = by_meaning(out)
    rejected = [json.loads(line) for line in (out / "rejections.jsonl").read_text().splitlines()]
    reasons = Counter(f"{r['product']}:{r.get('validator') or r['stage']}" for r in rejected)
    run.rejections = reasons.most_common(3)
    measure_text(run, out, rejected)


# ---------------------------------------------------------------- text


_GATE = re.compile(r"text_quality: query \d+: (\w+):")
_OWN = re.compile(r"^query \d+: (\w+):")  # a rejection named text_quality states its class first


def measure_text(run: CatalogRun, out: Path, rejected: list[dict[str, Any]]) -> None:
    """Read-out share and defects per class of every accepted query (generator.textreport),
    and what the text gate rejected, per class."""
    from generator.textreport import text_figures

    defects: Counter[str] = Counter()
    for fmt in PRODUCTS:
        for figs in text_figures(out / fmt, fmt).values() if (out / fmt).exists() else []:
            run.queries += int(figs["queries"])
            run.readout_queries += round(float(figs["readout_share"]) * int(figs["queries"]))
            defects.update({k.split(".", 1)[1]: int(v) for k, v in figs.items() if k.startswith("defects.")})
    run.defects = {k: v for k, v in defects.items() if v}
    run.gate = dict(Counter(m for r in rejected for m in set(_GATE.findall(r.get("reason", ""))) | (
        set(_OWN.findall(r.get("reason", ""))) if r.get("validator") == "text_quality" else set())))


# ---------------------------------------------------------------- values of the generated calls

Call = tuple[Any, dict[str, Any]]


def _sdg_calls(out: Path, catalog: Any) -> Iterator[Call]:
    path = out / "sdg/train.jsonl"
    for line in path.read_text().splitlines() if path.exists() else []:
        for msg in json.loads(line)["messages"]:
            for call in msg.get("tool_calls") or []:
                fn = call["function"]
                if fn["name"] in catalog.by_name:
                    yield catalog.by_name[fn["name"]], json.loads(fn["arguments"])


def _trail_calls(out: Path, catalog: Any) -> Iterator[Call]:
    from generator.core.identity import trail_function_name

    by_trail = {trail_function_name(t): t for t in catalog.tools}
    for path in sorted((out / "trail").glob("all_generated_queries_*.json")):
        for rec in json.loads(path.read_text()):
            a = rec["answer"]
            tool = by_trail.get(f"{a['toolname']}_{a['apiname']}")
            if tool is not None:
                yield tool, a["parameters"]


def _traject_calls(out: Path, catalog: Any) -> Iterator[Call]:
    from generator.traject.export import traject_name

    by_name = {traject_name(t): t for t in catalog.tools}
    for path in sorted((out / "traject").rglob("*.json")):
        if path.name == "hard_ver.json":
            continue  # the same calls as simple_ver.json
        for rec in json.loads(path.read_text()):
            for step in rec.get("tool list") or rec.get("trajectory") or []:
                tool = by_name.get(step.get("tool name"))
                params = step.get("required parameters", []) + step.get("optional parameters", [])
                if tool is not None:
                    yield tool, {"__wire__": True, **{p["name"]: p["value"] for p in params}}


def _judge_calls(out: Path, catalog: Any) -> Iterator[Call]:
    path = out / "judge/meta.jsonl"
    for line in path.read_text().splitlines() if path.exists() else []:
        gold = json.loads(line).get("gold")
        if gold and gold["tool"] in catalog.by_name:
            yield catalog.by_name[gold["tool"]], gold["arguments"]


def judge_valid_calls(judge_dir: Path) -> tuple[int, int]:
    """(calls, schema-valid calls) of the rows labelled VALID_CALL, each call checked against the
    parameters of its tool in the row's own tools_list (what a consumer of the row sees)."""
    from generator.core.schema import is_valid

    calls = valid = 0
    for path in sorted(judge_dir.glob("*.jsonl")) if judge_dir.exists() else []:
        for line in path.read_text().splitlines() if not path.name.startswith(("meta", "pairs")) else []:
            row = json.loads(line)
            if row.get("label") != "VALID_CALL":
                continue
            tools = {t["function"]["name"]: t["function"] for t in json.loads(row["tools_list"])}
            for msg in json.loads(row["messages_history"]):
                for call in msg.get("tool_calls") or []:
                    fn = call["function"]
                    schema = (tools.get(fn["name"]) or {}).get("parameters")
                    calls += 1
                    valid += schema is not None and is_valid(schema, json.loads(fn["arguments"]))
    return calls, valid


CALL_SOURCES: list[Callable[[Path, Any], Iterator[Call]]] = [_sdg_calls, _trail_calls, _traject_calls, _judge_calls]


def gold_calls(out: Path, catalog: Any) -> Iterator[Call]:
    for source in CALL_SOURCES:
        yield from source(out, catalog)


def _wire_readings(value: Any) -> list[Any]:
    """TRAJECT-Bench writes every value as a string: the JSON readings it may stand for."""
    if not isinstance(value, str):
        return [value]
    out: list[Any] = [value, {"true": True, "false": False}.get(value.lower(), value)]
    try:
        out.append(json.loads(value))
    except ValueError:
        pass
    parts = [v.strip() for v in value.split(",")] if value.strip() else []  # [] is written ""
    return out + [parts, [_json_or_text(v) for v in parts]]


def _json_or_text(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _score_call(run: CatalogRun, tool: Any, args: dict[str, Any]) -> None:
    from generator.core.schema import is_valid

    wire = args.pop("__wire__", False)
    for name, value in args.items():
        schema = tool.properties.get(name)
        run.values += 1
        readings = _wire_readings(value) if wire else [value]
        if schema is not None and any(is_valid(schema, v) for v in readings):
            run.valid += 1
        number = next((v for v in readings if isinstance(v, int | float) and not isinstance(v, bool)), None)
        bounds = [schema.get(k) for k in ("minimum", "maximum")] if isinstance(schema, dict) else []
        if number is not None and any(b is not None for b in bounds):
            run.numeric += 1
            run.at_bound += number in bounds


# ---------------------------------------------------------------- value recall per level
# Both as the benchmarks' own scorers count it: a gold value is recalled when its normalized
# string occurs in the normalized query (TRAIL: mean per query, per level; TRAJECT: simple over
# required values, hard over required and optional ones, pooled over the catalog's queries).

TRAIL_LEVELS = {"Minimum Difficulty": "M", "Low Difficulty": "L", "Medium Difficulty": "Me",
                "High Difficulty": "H"}


def trail_recall(trail_dir: Path) -> dict[str, float]:
    from generator.trail.measure import measure as trail_measure

    records = [r for p in sorted(trail_dir.glob("all_generated_queries_*.json")) for r in json.loads(p.read_text())]
    if not records:
        return {}
    fig = trail_measure(records)
    return {f"trail:{short}": fig.levels[level].vr for level, short in TRAIL_LEVELS.items()}


def _counted(rec: dict[str, Any], optional: bool) -> tuple[int, int]:
    from generator.core.vagueness import normalize

    q = normalize(rec["query"])
    values = [normalize(p["value"]) for c in rec["tool list"]
              for p in c.get("required parameters", []) + (c.get("optional parameters", []) if optional else [])]
    values = [v for v in values if len(v) >= 2 and v not in ("true", "false")]
    return sum(v in q for v in values), len(values)


def traject_recall(traject_dir: Path) -> dict[str, float]:
    out: dict[str, float] = {}
    for version, optional in (("simple", False), ("hard", True)):
        hits = total = 0
        for path in sorted(traject_dir.glob(f"parallel/*/{version}_ver.json")):
            for rec in json.loads(path.read_text()):
                h, n = _counted(rec, optional)
                hits, total = hits + h, total + n
        if total:
            out[f"traject:{version}"] = hits / total
    return out


def by_meaning(out: Path) -> tuple[dict[str, float], list[tuple[str, bool]]]:
    """Value recall by meaning per level (the reader, rules only, as the card reads it) and each
    calibrated level's band verdict, for the run's TRAIL and TRAJECT files."""
    from generator.hub.meaning import read_by_meaning

    vr: dict[str, float] = {}
    bands: list[tuple[str, bool]] = []
    from generator.errors import InputError

    for kind in ("trail", "traject"):
        if not (out / kind).is_dir():
            continue
        try:
            meaning = read_by_meaning(kind, out / kind)
        except InputError as exc:  # the run's own files not readable: a finding, said in the bands column
            bands.append((f"{kind} unreadable: {exc}", False))
            continue
        for row in meaning.table.rows:
            if row[3] is not None:
                vr[f"{kind}:{TRAIL_LEVELS.get(row[0], row[0])}"] = row[3]
        bands += [(f"{kind} {v.band.level}", v.held) for v in meaning.verdicts]
    return vr, bands


def _bands_cell(run: CatalogRun) -> str:
    if not run.bands:
        return "-"
    failed = [name.split(" ", 1)[1].split(" ")[0] for name, held in run.bands if not held]
    return f"{len(run.bands) - len(failed)}/{len(run.bands)}" + (f" ({','.join(failed)})" if failed else "")


def _recall_cell(keys: list[str], source: str = "recall") -> Callable[[CatalogRun], str]:
    def cell(run: CatalogRun) -> str:
        got = [getattr(run, source).get(k) for k in keys]
        return "-" if all(v is None for v in got) else "/".join("-" if v is None else f"{v:.2f}" for v in got)
    return cell


# ---------------------------------------------------------------- columns


@dataclass(frozen=True)
class Metric:
    """One column: `header`, `width` and the cell of a run."""

    header: str
    width: int
    cell: Callable[[CatalogRun], str]


def requested_from_card(card: Path) -> dict[str, int]:
    """Requested count per product, from the dataset card's "Requested vs produced" table
    (trajgen's own accounting: items, TRAIL targets, trajectories per kind, judge rows)."""
    out: dict[str, int] = {}
    text = card.read_text() if card.exists() else ""
    section = text.split("## Requested vs produced", 1)[-1].split("\n## ", 1)[0] if text else ""
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 4 and cells[2].isdigit():
            out[cells[0]] = out.get(cells[0], 0) + int(cells[2])
    return out


def _product_cell(product: str) -> Callable[[CatalogRun], str]:
    def cell(run: CatalogRun) -> str:
        c = run.counts.get(product)
        return "-" if not c else f"{run.requested.get(product, c['items'])}/{c['accepted']}/{c['rejected']}"
    return cell


def _share(num: int, den: int) -> str:
    return f"{num / den:.3f}" if den else "-"


def _counts(counts: dict[str, int]) -> str:
    """ "0", or the classes with their counts ("readout 3, article 1")."""
    return ", ".join(f"{k} {v}" for k, v in sorted(counts.items(), key=lambda kv: -kv[1])) or "0"


def _skipped_cell(run: CatalogRun) -> str:
    if not run.skipped:
        return "0"
    return f"{len(run.skipped)} ({run.skipped[0][1][:40]})"


METRICS: list[Metric] = [
    Metric("catalog", 26, lambda r: r.spec.name),
    Metric("tools", 5, lambda r: str(r.tools_read)),
    Metric("skipped", 12, _skipped_cell),
    *[Metric(f"{p} r/a/rej", 12, _product_cell(p)) for p in PRODUCTS],
    Metric("valid", 6, lambda r: _share(r.valid, r.values)),
    Metric("judge VC", 8, lambda r: _share(r.judge_valid, r.judge_calls)),
    Metric("readout", 7, lambda r: _share(r.readout_queries, r.queries)),
    Metric("defects", 9, lambda r: _counts(r.defects)),
    Metric("gate rejected", 28, lambda r: _counts(r.gate)),
    Metric("at-bound", 8, lambda r: _share(r.at_bound, r.numeric)),
    Metric("trail VR M/L/Me/H", 19, _recall_cell([f"trail:{s}" for s in TRAIL_LEVELS.values()])),
    Metric("traject VR s/h", 14, _recall_cell(["traject:simple", "traject:hard"])),
    Metric("meaning trail M/L/Me/H", 22, _recall_cell([f"trail:{s}" for s in TRAIL_LEVELS.values()], "meaning")),
    Metric("meaning traject h", 17, _recall_cell(["traject:hard"], "meaning")),
    Metric("bands", 12, _bands_cell),
    Metric("sec", 5, lambda r: f"{r.seconds:.0f}"),
    Metric("top rejections / error", 40,
           lambda r: r.error[:80] if r.error else ", ".join(f"{k} {n}" for k, n in r.rejections)),
]


def table(runs: list[CatalogRun]) -> list[str]:
    head = " ".join(m.header.ljust(m.width) for m in METRICS)
    rows = [" ".join(m.cell(r).ljust(m.width) for m in METRICS) for r in runs]
    return [head, "-" * len(head), *rows]


def short_lines(runs: list[CatalogRun]) -> list[str]:
    """Products below 90% of what was requested, with trajgen's own explanation."""
    out = []
    for run in runs:
        for line in run.shortfalls:
            produced, requested = (int(x) for x in line.split()[2:5:2])
            if requested and produced / requested < SHORT:
                out.append(f"{run.spec.name}: {line}")
    return out


# ---------------------------------------------------------------- main


def default_upstream() -> Path:
    env = os.environ.get("TRAJGEN_UPSTREAM")
    return Path(env) if env else REPO.parent / "shared" / "upstream"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("upstream", nargs="?", type=Path, default=default_upstream())
    ap.add_argument("--only", help="run only catalogs whose name contains this word")
    ap.add_argument("--jobs", type=int, default=2, help="catalogs run in parallel (default 2)")
    ap.add_argument("--json", type=Path, help="also write every measure to this JSON file")
    ap.add_argument("--no-own", action="store_true",
                    help="leave out the repo's own catalogs (the bundled one and the hint-less test catalogs)")
    args = ap.parse_args(argv)
    specs = [c for c in catalogs(args.upstream, own=not args.no_own) if not args.only or args.only in c.name]
    if not specs:
        print(f"no catalog found under {args.upstream}", file=sys.stderr)
        return 2
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        runs = list(pool.map(run_catalog, specs))
    print("\n".join(table(runs)))
    for line in short_lines(runs):
        print(line)
    for run in runs:
        if run.traceback:
            print(f"\n{run.spec.name}: TRACEBACK\n{run.traceback}", file=sys.stderr)
    if args.json:
        args.json.write_text(json.dumps([{**r.__dict__, "spec": r.spec.name} for r in runs], indent=1, default=str))
    values, valid = sum(r.values for r in runs), sum(r.valid for r in runs)
    jcalls, jvalid = sum(r.judge_calls for r in runs), sum(r.judge_valid for r in runs)
    print(f"\n{len(runs)} catalogs, {values} values, valid {_share(valid, values)}, "
          f"judge VALID_CALL calls {jcalls}, schema-valid {_share(jvalid, jcalls)}, tracebacks {sum(bool(r.traceback) for r in runs)}, errors {sum(bool(r.error) for r in runs)}")
    return 1 if any(r.traceback for r in runs) or valid < values or jvalid < jcalls else 0


if __name__ == "__main__":
    sys.exit(main())
