"""Print what a human annotator needs to label the LLM-written queries (annotator D).

Stdlib only. Reads benchmarks/reader_labels/llm_written/{traject_hard,trail_high}.json and prints,
per record, the query and every gold argument with its schema facts. It proposes no labels.

* traject_hard.json: per gold call (index in `tool list`) and argument: the gold value and the
  parameter's description / type / default from the TRAJECT-Bench catalogs (tools/*_tool.json).
* trail_high.json: the query time (with weekday), the gold call, and per argument: the gold value,
  the schema's description / enum / default, and history facts over the events strictly before
  the query time, for four slices: the gold tool (app.api), the gold app, the gold apitype and the
  whole history. Each slice gives the values of that parameter with counts (most frequent first),
  the most recent value, whether the top count is tied, and whether the gold is both the most
  recent and the single most frequent value. With --events the record's history is also listed
  (one line per event) so that habit words ("home", "my commute") can be read against it.

    python3 benchmarks/reader_labels/extract_llm.py traject [--records 0,3]
    python3 benchmarks/reader_labels/extract_llm.py trail [--records 5] [--events]
    python3 benchmarks/reader_labels/extract_llm.py trail --file third/llm_written/trail.json

The upstream root is --upstream, else $TRAJGEN_UPSTREAM, else ../shared/upstream.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
TRAJECT_FILE = HERE / "llm_written" / "traject_hard.json"
TRAIL_FILE = HERE / "llm_written" / "trail_high.json"


def upstream_root(arg: str | None) -> Path:
    return Path(arg or os.environ.get("TRAJGEN_UPSTREAM") or "../shared/upstream")


def key(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False, sort_keys=True)


# ---------------------------------------------------------------- TRAJECT-Bench

def traject_catalog(root: Path) -> dict[tuple[str, str], dict[str, Any]]:
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for path in sorted(glob.glob(str(root / "traject-bench/public_data/tools/*_tool.json"))):
        for tool in json.loads(Path(path).read_text()):
            for k in ("required_parameters", "optional_parameters"):
                for p in tool.get(k) or []:
                    out.setdefault((tool["tool name"], p["name"]), p)
    return out


def show_traject(data: list[dict[str, Any]], idxs: list[int], cat: dict) -> None:
    for i in idxs:
        rec = data[i]
        print(f"=== traject_hard #{i} ({rec.get('domain')}, source {rec.get('source_record')})")
        print(f"Q: {rec['query']}")
        for ci, tool in enumerate(rec["tool list"]):
            print(f" [{ci}] {tool['tool name']}")
            for k in ("required parameters", "optional parameters"):
                for p in tool.get(k) or []:
                    spec = cat.get((tool["tool name"], p["name"]))
                    print(f"   - {p['name']} = {key(p['value'])}   ({k.split()[0]})")
                    if spec is None:
                        print("       catalog: (parameter not in catalog)")
                    else:
                        print(f"       catalog: {spec.get('description', '')!r} "
                              f"type={spec.get('type')} default={key(spec.get('default'))}")
        print()


# ---------------------------------------------------------------- TRAILBench

def trail_schemas(root: Path) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for path in sorted(glob.glob(str(root / "trailbench/apis/apis_openai/*.json"))):
        for tool in json.loads(Path(path).read_text()):
            fn = tool["function"]
            out[fn["name"]] = fn.get("parameters", {})
    return out


def history_of(rec: dict[str, Any]) -> list[dict[str, Any]]:
    events = json.loads(rec["user_history"]) if rec.get("user_history") else []
    return sorted((e for e in events if e["time"] < rec["time"]), key=lambda e: e["time"])


def facts(events: list[dict[str, Any]], param: str, gold: Any) -> str:
    vals = [(e["time"], e["parameters"][param]) for e in events if param in e["parameters"]]
    if not vals:
        return f"{len(events)} events, none with {param}"
    counts = Counter(key(v) for _, v in vals).most_common()
    top = counts[0][1]
    tied = [v for v, c in counts if c == top]
    recent_t, recent_v = max(vals, key=lambda tv: tv[0])
    recent = key(recent_v)
    shown = ", ".join(f"{v} x{c}" for v, c in counts[:10]) + (" ..." if len(counts) > 10 else "")
    g = key(gold)
    flags = []
    if len(tied) > 1:
        flags.append(f"TIE for top ({len(tied)} values x{top})")
    flags.append("gold=recent" if g == recent else "gold!=recent")
    flags.append("gold=single-top" if (len(tied) == 1 and tied[0] == g) else "gold not single-top")
    if g not in {v for v, _ in counts}:
        flags.append("gold NOT in slice")
    return (f"{len(vals)}/{len(events)} with it: {shown}; recent={recent} ({recent_t}); "
            + "; ".join(flags))


def show_trail(data: list[dict[str, Any]], idxs: list[int], schemas: dict, events: bool) -> None:
    for i in idxs:
        rec = data[i]
        ans = rec["answer"]
        when = datetime.strptime(rec["time"], "%Y-%m-%d %H:%M")
        hist = history_of(rec)
        later = len(json.loads(rec["user_history"] or "[]")) - len(hist)
        print(f"=== trail_high #{i} ({rec.get('source_file', '').split('/')[-1]} "
              f"#{rec.get('source_record')}) | time {rec['time']} ({when:%A}) | "
              f"{len(hist)} earlier events" + (f", {later} not earlier (ignored)" if later else ""))
        for level, texts in rec["query"].items():
            for q in texts:
                print(f"Q ({level}): {q}")
        print(f"gold: {ans['apitype']}.{ans['toolname']}.{ans['apiname']} {key(ans['parameters'])}")
        schema = schemas.get(f"{ans['toolname']}_{ans['apiname']}", {})
        for param, gold in ans["parameters"].items():
            spec = schema.get("properties", {}).get(param, {})
            print(f"  - {param} = {key(gold)}")
            print(f"      schema: {spec.get('description', '')!r} enum={spec.get('enum')} "
                  f"default={key(spec['default']) if 'default' in spec else '-'}")
            slices = [
                (f"tool {ans['toolname']}.{ans['apiname']}",
                 [e for e in hist if (e["toolname"], e["apiname"]) == (ans["toolname"], ans["apiname"])]),
                (f"app {ans['toolname']}", [e for e in hist if e["toolname"] == ans["toolname"]]),
                (f"apitype {ans['apitype']}", [e for e in hist if e["apitype"] == ans["apitype"]]),
                ("whole history", hist),
            ]
            merged: dict[str, list[str]] = {}
            for name, ev in slices:
                merged.setdefault(facts(ev, param, gold), []).append(name)
            for text, names in merged.items():
                print(f"      {' = '.join(names)}: {text}")
        if events:
            print("  history:")
            for e in hist:
                print(f"    {e['time']} {datetime.strptime(e['time'], '%Y-%m-%d %H:%M'):%a} "
                      f"{e['apitype']}.{e['toolname']}.{e['apiname']} {key(e['parameters'])}")
        print()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("which", choices=["traject", "trail"])
    ap.add_argument("--records", help="comma-separated indices (default: all)")
    ap.add_argument("--events", action="store_true", help="trail: list the earlier events")
    ap.add_argument("--upstream")
    ap.add_argument("--file", type=Path, help="the queries to show (default: llm_written/{traject_hard,trail_high}.json)")
    args = ap.parse_args()
    root = upstream_root(args.upstream)
    path = args.file or (TRAJECT_FILE if args.which == "traject" else TRAIL_FILE)
    data = json.loads(path.read_text())
    idxs = [int(x) for x in args.records.split(",")] if args.records else list(range(len(data)))
    if args.which == "traject":
        show_traject(data, idxs, traject_catalog(root))
    else:
        show_trail(data, idxs, trail_schemas(root), args.events)
    return 0


if __name__ == "__main__":
    sys.exit(main())
