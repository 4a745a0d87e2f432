"""Shares per format from a labelled reading sheet (see sample.py and README.md here).

    python benchmarks/reading/score.py SHEET.jsonl [--json SHARES.json] [--max-defective 0.10]

Every line must carry `label` natural | plain | defective (a defective one also a
`defect_class`); a blank or unknown label is refused with the line number. Prints per format
the count and the share of each label and the defect classes; exits 1 when a format's
defective share is above --max-defective (the issue's bar: 10%).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

LABELS = ("natural", "plain", "defective")


class SheetError(ValueError):
    pass


def read(path: Path) -> list[dict[str, Any]]:
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        row = json.loads(line)
        if row.get("label") not in LABELS:
            raise SheetError(f"{path}:{n}: label {row.get('label')!r} is not one of {', '.join(LABELS)}")
        if row["label"] == "defective" and not str(row.get("defect_class") or "").strip():
            raise SheetError(f"{path}:{n}: a defective query needs a defect_class")
        rows.append(row)
    return rows


def shares(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for fmt in sorted({r["format"] for r in rows}):
        mine = [r for r in rows if r["format"] == fmt]
        counts = Counter(r["label"] for r in mine)
        out[fmt] = {"n": len(mine), **{lab: counts[lab] / len(mine) for lab in LABELS},
                    "classes": dict(Counter(r["defect_class"] for r in mine if r["label"] == "defective"))}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sheet", type=Path)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--max-defective", type=float, default=0.10)
    args = ap.parse_args(argv)
    try:
        table = shares(read(args.sheet))
    except (OSError, json.JSONDecodeError, SheetError) as e:
        print(f"score: {e}", file=sys.stderr)
        return 2
    print(f"{'format':<10}{'n':>5}{'natural':>10}{'plain':>8}{'defective':>11}  classes")
    for fmt, s in table.items():
        classes = ", ".join(f"{c} {k}" for c, k in sorted(s["classes"].items()))
        print(f"{fmt:<10}{s['n']:>5}{s['natural']:>10.0%}{s['plain']:>8.0%}{s['defective']:>11.0%}  {classes}")
    if args.json:
        args.json.write_text(json.dumps(table, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return 1 if any(s["defective"] > args.max_defective for s in table.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
