"""Agreement between our judge labels and BFCL's AST checker (error types mapped to labels as in
docs/formats.md, "Judge rows").

Run in the venv that has bfcl-eval installed (not a runtime dependency of trajgen; `make
acceptance` builds it as .bfcl-venv):
    .bfcl-venv/bin/python benchmarks/judge_agreement.py outputs/quickstart/judge
Reads test.jsonl and the line-aligned meta.jsonl (gold calls). Rows with a call are judged by
the AST checker; text replies / no-gold rows by BFCL's relevance rule (reported separately).
Exit status 0 iff the AST agreement is >= --min (default 0.99).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from generator.judge import bfcl_opinion
from generator.judge.audit import candidate_of, read_rows, tool_of
from generator.records import ToolCall


def judge(row: dict[str, Any], meta: dict[str, Any]) -> tuple[str, str | None, str]:
    """(our label, BFCL AST label or None, BFCL relevance label)."""
    offered = [tool_of(t) for t in json.loads(row["tools_list"])]
    gold = ToolCall.model_validate(meta["gold"]) if meta.get("gold") else None
    cand = candidate_of(json.loads(row["messages_history"]))
    return (row["label"], bfcl_opinion.ast_label(gold, cand, offered),
            bfcl_opinion.relevance_label(gold, cand))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("judge_dir", type=Path)
    ap.add_argument("--min", type=float, default=0.99)
    args = ap.parse_args(argv)
    if not bfcl_opinion.available():
        print("bfcl-eval is not importable in this interpreter", file=sys.stderr)
        return 2
    rows_in, metas_in = read_rows(args.judge_dir / "test.jsonl"), read_rows(args.judge_dir / "meta.jsonl")
    problems = rows_in.problems + metas_in.problems
    if problems:
        print(f"unreadable judge rows: line {problems[0][0]}: {problems[0][1]}", file=sys.stderr)
        return 2
    rows, metas = [r for _, r in rows_in.rows], [m for _, m in metas_in.rows]
    ast, rel, confusion = Counter(), Counter(), Counter()
    for row, meta in zip(rows, metas, strict=True):
        ours, theirs, relevance = judge(row, meta)
        if theirs is None:
            rel[ours == relevance] += 1
            continue
        ast[ours == theirs] += 1
        confusion[(ours, theirs)] += 1
    judged = ast[True] + ast[False]
    rate = ast[True] / judged if judged else 0.0
    print(f"rows={len(rows)} ast_judged={judged} ast_agreement={rate:.4f} "
          f"relevance_judged={rel[True] + rel[False]} relevance_agreement="
          f"{rel[True] / max(1, rel[True] + rel[False]):.4f}")
    for (ours, theirs), n in sorted(confusion.items()):
        if ours != theirs:
            print(f"  disagree ours={ours} bfcl={theirs}: {n}")
    return 0 if rate >= args.min else 1


if __name__ == "__main__":
    sys.exit(main())
