"""Sample TRAJECT-Bench (query, gold argument) pairs for hand labelling (annotator B).

Stdlib only. Reads the upstream public_data tree and writes a "to-label" JSONL file: one line
per (query, gold argument) with the query, the gold tool, the parameter, the gold value and the
parameter's description from the domain catalogs (tools/*.json) where one exists.

Files used (and only these; parallel/Music and sequential/Travel are reserved for the reader's
developers):
  parallel/Travel/simple_ver.json + hard_ver.json   (index-aligned twins, same gold calls)
  parallel/Email/simple_ver.json  + hard_ver.json
  sequential/Education/traj_query.json

Sampling (fixed seed):
  * parallel: per domain, records whose simple and hard twins carry the same gold calls and
    have at most MAX_PARAMS gold arguments are shuffled with the seed; records are taken in
    that order until the domain holds at least PARALLEL_QUOTA pairs per level. Every argument
    of a taken record is written twice, once with the simple query and once with the hard one,
    so the same gold appears at both levels.
  * sequential: records with at most MAX_PARAMS gold arguments are shuffled the same way and
    taken until SEQUENTIAL_QUOTA pairs. For these lines the file also carries what is needed to
    judge a value bound to an earlier step: the step's adapt_* fields and the earlier steps'
    outputs (cut to OUTPUT_CHARS characters).

Usage:
  python3 benchmarks/reader_labels/extract_traject.py \
      --root ../shared/upstream/traject-bench/public_data \
      --out /tmp/traject_to_label.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

SEED = 20250611
MAX_PARAMS = 8
PARALLEL_QUOTA = 90  # pairs per level per domain
SEQUENTIAL_QUOTA = 70
OUTPUT_CHARS = 1500

PARALLEL = {
    "Travel": ("parallel/Travel/simple_ver.json", "parallel/Travel/hard_ver.json"),
    "Email": ("parallel/Email/simple_ver.json", "parallel/Email/hard_ver.json"),
}
SEQUENTIAL = "sequential/Education/traj_query.json"


def load(root: Path, rel: str) -> list:
    with open(root / rel, encoding="utf-8") as fh:
        return json.load(fh)


def catalog_descriptions(root: Path) -> dict[tuple[str, str], str]:
    """(tool name, parameter name) -> description, over every domain catalog."""
    out: dict[tuple[str, str], str] = {}
    for path in sorted((root / "tools").glob("*_tool.json")):
        with open(path, encoding="utf-8") as fh:
            tools = json.load(fh)
        for tool in tools:
            for key in ("required_parameters", "optional_parameters"):
                for p in tool.get(key) or []:
                    desc = (p.get("description") or "").strip()
                    extra = []
                    if p.get("type"):
                        extra.append(f"type {p['type']}")
                    if "default" in p:
                        extra.append(f"default {p['default']!r}")
                    text = desc + (f" [{', '.join(extra)}]" if extra else "")
                    out.setdefault((tool["tool name"], p["name"]), text)
    return out


def gold_args(record: dict):
    """Yield (call index, tool name, parameter, value, required?) for a record's gold calls."""
    for ci, tool in enumerate(record["tool list"]):
        for key, req in (("required parameters", True), ("optional parameters", False)):
            for p in tool.get(key) or []:
                yield ci, tool["tool name"], p["name"], p["value"], req


def calls_signature(record: dict) -> list:
    return [
        (t["tool name"], t.get("required parameters"), t.get("optional parameters"))
        for t in record["tool list"]
    ]


def labelled_records(paths: list[str]) -> set[tuple[str, int]]:
    """(file under public_data, record) of every pair in these label files (whose `file` may be
    named from the upstream root): a new sample leaves those records out."""
    out = set()
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    row = json.loads(line)
                    out.add((row["file"].split("public_data/")[-1], row["record"]))
    return out


def sample_parallel(root: Path, rng: random.Random, descs: dict,
                    skip: frozenset | set = frozenset()) -> list[dict]:
    rows: list[dict] = []
    for (simple_rel, hard_rel) in PARALLEL.values():
        simple, hard = load(root, simple_rel), load(root, hard_rel)
        candidates = [
            i
            for i, (s, h) in enumerate(zip(simple, hard))
            if (simple_rel, i) not in skip and (hard_rel, i) not in skip
            and calls_signature(s) == calls_signature(h)
            and 0 < len(list(gold_args(s))) <= MAX_PARAMS
        ]
        rng.shuffle(candidates)
        taken = 0
        for i in candidates:
            if taken >= PARALLEL_QUOTA:
                break
            args = list(gold_args(simple[i]))
            for level, rel, rec in (("simple", simple_rel, simple[i]), ("hard", hard_rel, hard[i])):
                for ci, tool, name, value, req in args:
                    rows.append(
                        {
                            "file": rel,
                            "record": i,
                            "level": level,
                            "paraphrase": 0,
                            "call": ci,
                            "query": rec["query"],
                            "tool": tool,
                            "param": name,
                            "gold": value,
                            "required": req,
                            "description": descs.get((tool, name), ""),
                        }
                    )
            taken += len(args)
    return rows


def sample_sequential(root: Path, rng: random.Random, descs: dict,
                      skip: frozenset | set = frozenset()) -> list[dict]:
    data = load(root, SEQUENTIAL)
    candidates = [i for i, r in enumerate(data)
                  if (SEQUENTIAL, i) not in skip and 0 < len(list(gold_args(r))) <= MAX_PARAMS]
    rng.shuffle(candidates)
    rows: list[dict] = []
    for i in candidates:
        if len(rows) >= SEQUENTIAL_QUOTA:
            break
        rec = data[i]
        for ci, tool, name, value, req in gold_args(rec):
            step = rec["tool list"][ci]
            earlier = [
                {"call": k, "tool": t["tool name"], "output": str(t.get("executed_output", ""))[:OUTPUT_CHARS]}
                for k, t in enumerate(rec["tool list"][:ci])
            ]
            rows.append(
                {
                    "file": SEQUENTIAL,
                    "record": i,
                    "level": "sequential",
                    "paraphrase": 0,
                    "call": ci,
                    "query": rec["query"],
                    "tool": tool,
                    "param": name,
                    "gold": value,
                    "required": req,
                    "description": descs.get((tool, name), ""),
                    "adapt": {k: step[k] for k in step if k.startswith("adapt_")},
                    "earlier_outputs": earlier,
                }
            )
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default="../shared/upstream/traject-bench/public_data")
    ap.add_argument("--out", default="/tmp/traject_to_label.jsonl")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--exclude", nargs="*", default=[],
                    help="label files whose records a new (disjoint) sample leaves out")
    args = ap.parse_args()
    root = Path(args.root)
    rng = random.Random(args.seed)
    descs = catalog_descriptions(root)
    skip = labelled_records(args.exclude)
    rows = sample_parallel(root, rng, descs, skip) + sample_sequential(root, rng, descs, skip)
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    counts: dict[str, int] = {}
    for row in rows:
        counts[row["level"]] = counts.get(row["level"], 0) + 1
    queries = {(r["file"], r["record"]) for r in rows}
    print(f"wrote {len(rows)} pairs from {len(queries)} queries to {args.out}: {counts}")


if __name__ == "__main__":
    main()
