"""Sample TRAILBench (query, gold argument) pairs for hand labelling and print what a reader needs.

Stdlib only. The sample is stratified by file x level and drawn with a fixed seed; the unit drawn
is one query (record, level, paraphrase) and every argument of its gold call becomes a pair, so a
query is read once for all its arguments. High and Medium levels are over-sampled (they hold most
hinted/omitted values). Records are drawn without replacement within a stratum while they last.

For each query the printout gives the query, its time (with weekday), the gold call, and per
argument: the gold value, the schema's description/enum/default for that parameter, and history
facts (events strictly before the query time): the values of that parameter with counts and the
most recent one, for the gold tool (app.api), the gold app, the gold apitype and the whole history.
These are facts to apply the guideline's rules with; the label is the annotator's reading.

    python benchmarks/reader_labels/extract_trail.py [--upstream DIR] [--out to_label.jsonl]

The upstream root is --upstream, else $TRAJGEN_UPSTREAM, else ../shared/upstream beside the repo.
The to-label file has the keys of the label format with label/determined/evidence left empty.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import random
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

FILES = [  # u7, u8, u10 are reserved for the reader's developers: never sampled here
    "trailbench/query/history_query/u1/all_generated_queries_u1_gpt.json",
    "trailbench/query/history_query/u2/all_generated_queries_u2_gpt.json",
    "trailbench/query/history_query/u4/all_generated_queries_u4_gpt.json",
    "trailbench/query/history_query/u5/all_generated_queries_u5_gpt.json",
    "trailbench/query/history_query/u5/all_generated_queries_u5_gemini.json",
    "trailbench/query/history_query/u6/all_generated_queries_u6_gpt.json",
]
# queries drawn per file and level (x 6 files); High/Medium over-sampled
QUOTA = {"Minimum Difficulty": 3, "Low Difficulty": 5, "Medium Difficulty": 8,
         "High Difficulty": 9}
SEED = 20250801


def default_upstream() -> Path:
    env = os.environ.get("TRAJGEN_UPSTREAM")
    return Path(env) if env else Path(__file__).resolve().parents[2].parent / "shared" / "upstream"


def load_schemas(upstream: Path) -> dict[str, dict[str, Any]]:
    """function name (<toolname>_<apiname>) -> its parameters block."""
    out: dict[str, dict[str, Any]] = {}
    for path in sorted(glob.glob(str(upstream / "trailbench/apis/apis_openai/*.json"))):
        for tool in json.loads(Path(path).read_text()):
            fn = tool["function"]
            out[fn["name"]] = fn.get("parameters", {})
    return out


def labelled_records(paths: list[Path]) -> set[tuple[str, int]]:
    """(file, record) of every pair in these label files: a new sample leaves those records out."""
    return {(row["file"], row["record"]) for path in paths
            for row in map(json.loads, path.read_text().splitlines()) if row}


def sample_queries(data: list[dict[str, Any]], rng: random.Random,
                   skip: set[int] = frozenset()) -> list[tuple[int, str, int]]:  # type: ignore[assignment]
    """(record, level, paraphrase) per level quota; distinct records while they last."""
    picked = []
    for level, n in QUOTA.items():
        cands = [(i, p) for i, r in enumerate(data) if i not in skip
                 for p in range(len(r["query"].get(level, [])))]
        rng.shuffle(cands)
        seen: set[int] = set()
        first = [c for c in cands if not (c[0] in seen or seen.add(c[0]))]  # one per record
        rest = [c for c in cands if c not in first]
        picked += [(i, level, p) for i, p in (first + rest)[:n]]
    return picked


def key(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False, sort_keys=True)


def facts(events: list[dict[str, Any]], param: str) -> str:
    """'N events with param; counts (most frequent first); most recent' for one slice."""
    vals = [(e["time"], e["parameters"][param]) for e in events if param in e["parameters"]]
    if not vals:
        return f"{len(events)} events, none with {param}"
    counts = Counter(key(v) for _, v in vals).most_common()
    top = counts[0][1]
    tie = sum(1 for _, c in counts if c == top) > 1
    recent = key(max(vals, key=lambda tv: tv[0])[1])
    shown = ", ".join(f"{v} x{c}" for v, c in counts[:8]) + (" ..." if len(counts) > 8 else "")
    return f"{len(vals)}/{len(events)} with it: {shown}; recent={recent}" + ("; TIE for top" if tie else "")


def history_of(rec: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in json.loads(rec["user_history"]) if e["time"] < rec["time"]]


def pair_lines(rec: dict[str, Any], param: str, schema: dict[str, Any]) -> list[str]:
    ans, hist = rec["answer"], history_of(rec)
    spec = schema.get("properties", {}).get(param, {})
    slices = [
        (f"tool {ans['toolname']}.{ans['apiname']}",
         [e for e in hist if (e["toolname"], e["apiname"]) == (ans["toolname"], ans["apiname"])]),
        (f"app {ans['toolname']}", [e for e in hist if e["toolname"] == ans["toolname"]]),
        (f"apitype {ans['apitype']}", [e for e in hist if e["apitype"] == ans["apitype"]]),
        ("whole history", hist),
    ]
    lines = [f"  - {param} = {key(ans['parameters'][param])}",
             (f"      schema: {spec.get('description', '')!r} enum={spec.get('enum')} "
             f"default={key(spec['default']) if 'default' in spec else '-'}")]
    merged: dict[str, list[str]] = {}  # slices with the same facts are printed once
    for name, ev in slices:
        merged.setdefault(facts(ev, param), []).append(name)
    lines += [f"      {' = '.join(names)}: {text}" for text, names in merged.items()]
    return lines


def show(path: str, idx: int, level: str, para: int, rec: dict[str, Any],
         schema: dict[str, Any]) -> str:
    ans = rec["answer"]
    when = datetime.strptime(rec["time"], "%Y-%m-%d %H:%M")
    head = [(f"=== {path.split('/')[-1]} #{idx} | {level} [{para}] | time {rec['time']} "
            f"({when:%A})"),
            f"Q: {rec['query'][level][para]}",
            f"gold: {ans['apitype']}.{ans['toolname']}.{ans['apiname']} {key(ans['parameters'])}"]
    body = [ln for p in ans["parameters"] for ln in pair_lines(rec, p, schema)]
    return "\n".join(head + body)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--upstream", type=Path, default=default_upstream())
    ap.add_argument("--out", type=Path, help="write the to-label JSONL here")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--exclude", type=Path, nargs="*", default=[],
                    help="label files whose records a new (disjoint) sample leaves out")
    ap.add_argument("--labeler", default="annotator-A")
    args = ap.parse_args()
    done = labelled_records(args.exclude)
    schemas = load_schemas(args.upstream)
    if not schemas:
        print(f"no TRAILBench schemas under {args.upstream}; set --upstream", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    rows, blocks = [], []
    for path in FILES:
        data = json.loads((args.upstream / path).read_text())
        skip = {rec for file, rec in done if file == path}
        for idx, level, para in sorted(sample_queries(data, rng, skip)):
            rec = data[idx]
            ans = rec["answer"]
            schema = schemas.get(f"{ans['toolname']}_{ans['apiname']}", {})
            blocks.append(show(path, idx, level, para, rec, schema))
            for param, gold in ans["parameters"].items():
                rows.append({"file": path, "record": idx, "level": level, "paraphrase": para,
                             "call": 0, "query": rec["query"][level][para],
                             "tool": f"{ans['toolname']}.{ans['apiname']}", "param": param,
                             "gold": gold, "label": None, "determined": None, "evidence": "",
                             "labeler": args.labeler})
    print("\n\n".join(blocks))
    if args.out:
        args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    levels = Counter(r["level"] for r in rows)
    print(f"\n{len(blocks)} queries, {len(rows)} pairs: {dict(levels)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
