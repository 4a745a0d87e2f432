"""Write the to-label lines of a written set: one per (written query, gold argument), in the
guidelines' format with label, determined and evidence left for the annotator.

    python benchmarks/reader_labels/written_to_label.py third trail|traject --out FILE [--records 0-23]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

SETS = Path(__file__).resolve().parent


def trail_rows(here: Path, idxs: range | None) -> list[dict]:
    rel = f"{here.name}/llm_written/trail.json"  # named under the folder of the sets, as reader_agreement finds it
    out = []
    for i, rec in enumerate(json.loads((here.parent / rel).read_text())):
        if idxs is not None and i not in idxs:
            continue
        ans = rec["answer"]
        for level, texts in rec["query"].items():
            for k, q in enumerate(texts):
                out += [{"file": rel, "record": i, "level": level, "paraphrase": k, "call": 0, "query": q,
                         "tool": f"{ans['toolname']}.{ans['apiname']}", "param": p, "gold": v}
                        for p, v in ans["parameters"].items()]
    return out


def traject_rows(here: Path, idxs: range | None) -> list[dict]:
    rel = f"{here.name}/llm_written/traject_hard.json"
    out = []
    for i, rec in enumerate(json.loads((here.parent / rel).read_text())):
        if idxs is not None and i not in idxs:
            continue
        for c, tool in enumerate(rec["tool list"]):
            out += [{"file": rel, "record": i, "level": "hard", "paraphrase": 0, "call": c, "query": rec["query"],
                     "tool": tool["tool name"], "param": p["name"], "gold": p["value"]}
                    for k in ("required parameters", "optional parameters") for p in tool.get(k) or []]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("set", help="the set's folder, under this script's")
    ap.add_argument("which", choices=["trail", "traject"])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--records", help="a range a-b of record indices (default: all)")
    args = ap.parse_args()
    idxs = None
    if args.records:
        a, b = (int(x) for x in args.records.split("-"))
        idxs = range(a, b + 1)
    rows = (trail_rows if args.which == "trail" else traject_rows)(SETS / args.set, idxs)
    args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    print(f"{args.out}: {len(rows)} pairs")


if __name__ == "__main__":
    main()
