"""One real generated sample per format, for the README, from a quickstart run directory.

    python scripts/readme_samples.py outputs/quickstart            # print the README's sample blocks
    python scripts/readme_samples.py outputs/quickstart --check    # exit 1 when README.md's differ
    python scripts/readme_samples.py outputs/quickstart --write    # refresh README.md's sample blocks

Each sample is the first record of a format's file, with long strings cut to a readable length
(ending in "…") and bulky fields (tool lists, histories, outputs) left out; `tests/test_readme.py`
checks that every sample block of README.md still matches the quickstart's files this way.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CUT = 240
BLOCK = re.compile(r"<!-- sample (?P<file>\S+) -->\n```json\n(?P<body>.*?)\n```", re.DOTALL)


def cut(value: Any) -> Any:
    if isinstance(value, str):
        return value if len(value) <= CUT else value[:CUT].rstrip() + "…"
    if isinstance(value, list):
        return [cut(v) for v in value]
    if isinstance(value, dict):
        return {k: cut(v) for k, v in value.items()}
    return value


def first_json(path: Path) -> Any:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".jsonl" or text.lstrip().startswith("{"):
        return json.loads(text.splitlines()[0])
    return json.loads(text)[0]


def drop(record: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k not in keys}


def trail(row: dict[str, Any]) -> dict[str, Any]:
    return drop(row, "user_history")


def traject(row: dict[str, Any]) -> dict[str, Any]:
    calls = {t["tool name"]: {p["name"]: p["value"] for p in t["required parameters"] + t["optional parameters"]}
             for t in row["tool list"]}
    return {"query": row["query"], "tool list (name: parameters)": calls}


def sdg(row: dict[str, Any]) -> dict[str, Any]:
    return drop(row, "tools")


def bfcl(row: dict[str, Any]) -> dict[str, Any]:
    return {"id": row["id"], "question": row["question"], "function": [f["name"] for f in row["function"]]}


def answer(row: dict[str, Any]) -> dict[str, Any]:
    return {"id (possible_answer/)": row["id"], "ground_truth": row["ground_truth"]}


def judge(row: dict[str, Any]) -> dict[str, Any]:
    return drop(row, "tools_list")


# README sample file (relative to the run directory) -> how its record is shown
SAMPLES = {
    "trail/all_generated_queries_maya.json": trail,
    "traject/parallel/travel/hard_ver.json": traject,
    "sdg/train.jsonl": sdg,
    "bfcl/BFCL_v4_simple_python.json": bfcl,
    "bfcl/possible_answer/BFCL_v4_simple_python.json": answer,
    "judge/test.jsonl": judge,
}


def render(run: Path, rel: str) -> str:
    """The record with one top-level key per line, each value on one line."""
    record = cut(SAMPLES[rel](first_json(run / rel)))
    lines = [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in record.items()]
    return "{\n" + ",\n".join(lines) + "\n}"


def blocks(readme: str) -> dict[str, str]:
    return {m["file"]: m["body"] for m in BLOCK.finditer(readme)}


def stale(run: Path, readme: str) -> list[str]:
    """The README sample blocks that no longer match the run's files."""
    return [rel for rel, body in blocks(readme).items() if rel not in SAMPLES or render(run, rel) != body]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", type=Path)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    if args.write:
        path = ROOT / "README.md"
        readme = path.read_text(encoding="utf-8")
        path.write_text(BLOCK.sub(lambda m: f"<!-- sample {m['file']} -->\n```json\n{render(args.run, m['file'])}\n```",
                                  readme), encoding="utf-8")
        return 0
    if args.check:
        bad = stale(args.run, (ROOT / "README.md").read_text(encoding="utf-8"))
        for rel in bad:
            print(f"README.md: the sample of {rel} differs from {args.run / rel}", file=sys.stderr)
        return 1 if bad else 0
    for rel in SAMPLES:
        print(f"<!-- sample {rel} -->\n```json\n{render(args.run, rel)}\n```\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
