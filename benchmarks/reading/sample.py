"""Draw a reading sheet from a run directory: up to N queries per format, each with its gold
call and the descriptions of the tools it calls, and blank label fields for a reader.

    python benchmarks/reading/sample.py RUN_DIR --out SHEET.jsonl [--per-format 100] [--seed 1]

One JSON line per query: {"id", "format", "query", "gold": [{"tool", "arguments"}],
"tools": [{"name", "description"}], "label": "", "defect_class": "", "note": ""}. The reader
fills `label` with natural | plain | defective, and for a defective query `defect_class`
(see README.md here). The draw is seeded: the same run and seed give the same sheet.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

Item = dict[str, Any]
READERS: dict[str, Callable[[Path], Iterator[Item]]] = {}


def reader(fmt: str) -> Callable[[Callable[[Path], Iterator[Item]]], Callable[[Path], Iterator[Item]]]:
    def deco(fn: Callable[[Path], Iterator[Item]]) -> Callable[[Path], Iterator[Item]]:
        READERS[fmt] = fn
        return fn
    return deco


def _described(tools: list[dict[str, Any]], names: set[str]) -> list[dict[str, str]]:
    out = []
    for t in tools:
        fn = t.get("function", t)
        if fn.get("name") in names:
            out.append({"name": fn["name"], "description": str(fn.get("description") or "")})
    return out


def _load(text: Any) -> Any:
    return json.loads(text) if isinstance(text, str) else text


def _first_user(messages: list[dict[str, Any]]) -> str:
    return next((str(m.get("content") or "") for m in messages if m.get("role") == "user"), "")


def _calls(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    for m in messages:
        if m.get("role") == "assistant" and m.get("tool_calls"):
            return [{"tool": c["function"]["name"], "arguments": _load(c["function"]["arguments"])}
                    for c in m["tool_calls"]]
    return []


@reader("sdg")
def _sdg(run: Path) -> Iterator[Item]:
    for path in sorted((run / "sdg").glob("**/*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            messages = row.get("messages") or []
            gold = _calls(messages)
            tools = _load(row.get("tools") or "[]")
            yield {"id": f"sdg:{row.get('id')}", "query": _first_user(messages), "gold": gold,
                   "tools": _described(tools, {g["tool"] for g in gold})}


@reader("trail")
def _trail(run: Path) -> Iterator[Item]:
    described = _trail_descriptions(run)
    for path in sorted((run / "trail").glob("all_generated_queries_*.json")):
        for rec in json.loads(path.read_text(encoding="utf-8")):
            ans = rec.get("answer") or {}
            gold = [{"tool": ans.get("apiname"), "arguments": ans.get("parameters") or {}}]
            for level, texts in (rec.get("query") or {}).items():
                for k, text in enumerate(texts):
                    yield {"id": f"trail:{path.stem}:{rec.get('id')}:{level}:{k}", "query": text, "gold": gold,
                           "level": level,
                           "tools": [{"name": str(ans.get("apiname")),
                                      "description": described.get(f"{ans.get('toolname')}_{ans.get('apiname')}",
                                                                   described.get(str(ans.get("apiname")), ""))}]}


def _trail_descriptions(run: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in sorted((run / "trail" / "apis").glob("**/*")):
        if path.is_file():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (json.JSONDecodeError, UnicodeDecodeError):
                continue
            for t in data if isinstance(data, list) else []:
                fn = t.get("function", t) if isinstance(t, dict) else {}
                if fn.get("name"):
                    out[fn["name"]] = str(fn.get("description") or "")
    return out


@reader("traject")
def _traject(run: Path) -> Iterator[Item]:
    for path in sorted((run / "traject").glob("*/*/*.json")):
        for k, rec in enumerate(json.loads(path.read_text(encoding="utf-8"))):
            tools = rec.get("tool list") or []
            gold = [{"tool": t.get("tool name"),
                     "arguments": {p["name"]: p.get("value") for p in [*(t.get("required parameters") or []),
                                                                        *(t.get("optional parameters") or [])]}}
                    for t in tools]
            where = path.relative_to(run / "traject").with_suffix("").as_posix()  # parallel/food/hard_ver
            yield {"id": f"traject:{where}:{k}", "query": rec.get("query") or "",
                   "gold": gold, "version": path.stem,
                   "tools": [{"name": str(t.get("tool name")), "description": str(t.get("tool description") or "")}
                             for t in tools]}


@reader("judge")
def _judge(run: Path) -> Iterator[Item]:
    rows = (run / "judge" / "test.jsonl")
    meta = (run / "judge" / "meta.jsonl")
    if not rows.exists():
        return
    metas = [json.loads(x) for x in meta.read_text(encoding="utf-8").splitlines()] if meta.exists() else []
    for k, line in enumerate(rows.read_text(encoding="utf-8").splitlines()):
        row = json.loads(line)
        gold = (metas[k].get("gold") if k < len(metas) else None) or {}
        tools = _load(row.get("tools_list") or "[]")
        yield {"id": f"judge:{k}", "query": _first_user(_load(row.get("messages_history") or "[]")),
               "gold": [{"tool": gold.get("tool"), "arguments": gold.get("arguments") or {}}],
               "tools": _described(tools, {str(gold.get("tool"))})}


@reader("bfcl")
def _bfcl(run: Path) -> Iterator[Item]:
    for path in sorted((run / "bfcl").glob("BFCL_v4_*.json")):
        answers = path.parent / "possible_answer" / path.name
        gold_by_id = {}
        if answers.exists():
            for line in answers.read_text(encoding="utf-8").splitlines():
                rec = json.loads(line)
                gold_by_id[rec["id"]] = [{"tool": name, "arguments": {p: v[0] if v else None for p, v in args.items()}}
                                         for call in rec.get("ground_truth") or [] for name, args in call.items()]
        for line in path.read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            turns = rec.get("question") or [[]]
            gold = gold_by_id.get(rec["id"], [])
            yield {"id": f"bfcl:{rec['id']}", "query": _first_user(turns[0] if turns else []), "gold": gold,
                   "tools": _described(rec.get("function") or [], {g["tool"] for g in gold})}


def sheet(run: Path, per_format: int, seed: int) -> list[Item]:
    out: list[Item] = []
    for fmt, read in READERS.items():
        items = [i for i in read(run) if i["query"].strip()]
        rng = random.Random(f"{seed}:{fmt}")
        for item in rng.sample(items, min(per_format, len(items))):
            out.append({"id": item["id"], "format": fmt, **{k: v for k, v in item.items() if k != "id"},
                        "label": "", "defect_class": "", "note": ""})
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run", type=Path)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--per-format", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if not args.run.is_dir():
        print(f"sample: {args.run}: not a run directory", file=sys.stderr)
        return 2
    rows = sheet(args.run, args.per_format, args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    counts: dict[str, int] = {}
    for r in rows:
        counts[r["format"]] = counts.get(r["format"], 0) + 1
    print(f"sample: {len(rows)} queries -> {args.out} ({', '.join(f'{f} {n}' for f, n in counts.items())})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
