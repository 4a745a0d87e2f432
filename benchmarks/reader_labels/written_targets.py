"""Draw the targets of a held-out set of new LLM-written queries: gold calls for which a writer
(a capable model, or a person) writes new text.

Stdlib only. Every TRAILBench record of the held-out users already appears in the first two sets
(as original queries), so the written sets keep their gold calls and histories and have a new
writer write new text for them; the text is what no reader's author has seen. TRAILBench: 8
records per held-out file (u1, u2, u4, u5 gpt and gemini, u6; never u7, u8, u10), leaving out those
whose gold and time an earlier written set used, each assigned High (2 of 3) or Medium.
TRAJECT-Bench: 12 parallel hard records per domain (Travel, Email) that no earlier set drew, with
at most 8 gold arguments.

    python benchmarks/reader_labels/written_targets.py --dir third --seed 20261205
    python benchmarks/reader_labels/written_targets.py --dir fourth --seed 20261206 --exclude third

Writes DIR/llm_written/trail.json and DIR/llm_written/traject_hard.json (DIR under this folder),
with empty queries for the writer to fill (in the format of llm_written/).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path

SETS = Path(__file__).resolve().parent
sys.path.insert(0, str(SETS))
from extract_trail import FILES as TRAIL_FILES

TRAJECT_DOMAINS = ("Travel", "Email")


def upstream(arg: str | None) -> Path:
    return Path(arg or os.environ.get("TRAJGEN_UPSTREAM") or SETS.parents[2] / "shared" / "upstream")


def key(v: object) -> str:
    return json.dumps(v, ensure_ascii=False, sort_keys=True)


def trail_targets(root: Path, rng: random.Random, earlier: list[Path]) -> list[dict]:
    written = json.loads((SETS / "llm_written" / "trail_high.json").read_text())
    written += [r for d in earlier for r in json.loads((d / "llm_written" / "trail.json").read_text())]
    seen = {(r["time"], key(r["answer"])) for r in written}
    out: list[dict] = []
    for f in TRAIL_FILES:
        recs = [(i, r) for i, r in enumerate(json.loads((root / f).read_text()))
                if (r["time"], key(r["answer"])) not in seen and r["answer"].get("parameters")]
        for i, r in rng.sample(recs, min(8, len(recs))):
            level = "Medium Difficulty" if len(out) % 3 == 2 else "High Difficulty"
            out.append({"id": len(out), "source_file": f, "source_record": i, "time": r["time"],
                        "query": {level: [""]}, "answer": r["answer"], "user_history": r["user_history"]})
    return out


def labelled(path: Path, field: str = "record") -> set[tuple[str, int]]:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return {(r["file"], r[field]) for r in rows}


def traject_targets(root: Path, rng: random.Random, earlier: list[Path]) -> list[dict]:
    taken = labelled(SETS / "traject.jsonl") | labelled(SETS / "fresh" / "traject.jsonl")
    written = json.loads((SETS / "llm_written" / "traject_hard.json").read_text())
    written += [r for d in earlier for r in json.loads((d / "llm_written" / "traject_hard.json").read_text())]
    used = {(r["domain"], r["source_record"]) for r in written}
    out: list[dict] = []
    for domain in TRAJECT_DOMAINS:
        rel = f"traject-bench/public_data/parallel/{domain}/hard_ver.json"
        simple = rel.replace("hard_ver", "simple_ver")
        recs = [(i, r) for i, r in enumerate(json.loads((root / rel).read_text()))
                if (rel, i) not in taken and (simple, i) not in taken and (domain, i) not in used
                and sum(len(t.get(k) or []) for t in r["tool list"]
                        for k in ("required parameters", "optional parameters")) <= 8]
        for i, r in rng.sample(recs, min(12, len(recs))):
            out.append({"domain": domain, "source_record": i, "query": "", "tool list": r["tool list"]})
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--upstream")
    ap.add_argument("--dir", required=True, help="the set's folder, under this script's")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--exclude", nargs="*", default=[], help="earlier written sets' folders")
    args = ap.parse_args()
    root, rng = upstream(args.upstream), random.Random(args.seed)
    earlier = [SETS / d for d in args.exclude]
    out = SETS / args.dir / "llm_written"
    if any((out / name).exists() for name in ("trail.json", "traject_hard.json")):
        raise SystemExit(f"{out} already holds targets (and perhaps written queries): not overwritten")
    out.mkdir(parents=True, exist_ok=True)
    for name, rows in (("trail.json", trail_targets(root, rng, earlier)),
                       ("traject_hard.json", traject_targets(root, rng, earlier))):
        (out / name).write_text(json.dumps(rows, ensure_ascii=False, indent=1) + "\n")
        print(f"{out / name}: {len(rows)} targets")


if __name__ == "__main__":
    main()
