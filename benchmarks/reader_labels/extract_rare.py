"""Select TRAILBench / TRAJECT-Bench queries with candidate hint or description wording (annotator C).

Stdlib only. The existing label sets (trail.jsonl, traject.jsonl) hold almost no `hinted` and
`described` pairs. This script enriches those classes: it scans every paraphrase of every record
of the allowed upstream files, keeps the queries whose text contains one of the CANDIDATES words
(a broad list; a match only puts a query in the sample, it decides no label), drops the queries
already labelled in trail.jsonl / traject.jsonl (same file, record, level, paraphrase), and
prints each kept query with what a reader needs to label every argument of its gold call(s):

  * TRAILBench: query time (with weekday), gold call, per argument the gold value, the schema's
    description/enum/default and the history facts (events strictly before the query time):
    values with counts, the most recent value and ties, for the gold tool (app.api), the gold
    app, the gold apitype and the whole history (extract_trail.pair_lines).
  * TRAJECT-Bench: the gold calls, per argument the gold value and the catalog's description,
    type and default; for sequential records the earlier steps' outputs (cut) and adapt_* fields.

Files (only these; never u7, u8, u10, parallel/Music or sequential/Travel):
  TRAILBench  u1, u2, u4, u5 (gpt, gemini), u6 history_query files
  TRAJECT     parallel/Travel and parallel/Email (simple_ver, hard_ver),
              sequential/Education/traj_query.json

Order: the candidates are printed grouped by tier, then file, record, level, paraphrase (files in
the order above, TRAILBench first). Tier 1: the query has a description word (DESCRIBE); tier 2:
a history/situation word (HINT) and no description word; tier 3: only weak words (WEAK:
possessives, "just", "first", "this" ...). Matches inside TRAJECT's fixed template clauses
(TEMPLATES: "Before I book, please pull", "Airbnb near <lat>,<lng>", "note nearby hotel
clusters", "let's not repeat it" ...) do not count. Every word each query matched is printed. The
annotator labels tier 1 in full (to find every described value the files have), then tier 2 in
order until at least 60 hinted pairs, then tier 3 if still short, and reports where he stopped.

    python benchmarks/reader_labels/extract_rare.py [--upstream DIR] [--out to_label.jsonl]
        [--only trail|traject] [--tier 1|2]

The upstream root is --upstream, else $TRAJGEN_UPSTREAM, else ../shared/upstream beside the repo.
--out writes the to-label JSONL (label fields empty, one line per argument; not committed).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import extract_trail
import extract_traject

TRAIL_FILES = extract_trail.FILES
TRAJECT_ROOT = "traject-bench/public_data"
TRAJECT_FILES = [  # (file relative to TRAJECT_ROOT, level)
    ("parallel/Travel/simple_ver.json", "simple"),
    ("parallel/Travel/hard_ver.json", "hard"),
    ("parallel/Email/simple_ver.json", "simple"),
    ("parallel/Email/hard_ver.json", "hard"),
    ("sequential/Education/traj_query.json", "sequential"),
]

# Candidate wording. HINT: words that usually point at the user's history or situation.
# DESCRIBE: words that often describe a value by world knowledge. WEAK: words that sometimes do.
# Matched case-insensitively on word boundaries ("my" as a word, "here" not inside "where").
HINT = [
    # history
    "last time", "again", "usual", "usually", "as usual", "regular", "regularly", "always",
    "normally", "typically", "same", "same as", "before", "previous", "previously", "earlier",
    "like before", "as before", "once more", "one more time", "repeat", "the one I", "the ones I",
    "that one", "the one we", "I just", "I went", "I was", "we went", "I had", "I ordered",
    "I watched", "I searched", "I bought", "I read", "where I", "recent", "recently",
    "yesterday", "last week", "last night", "this morning", "my favorite", "my favourite",
    "favorite", "favourite", "my go-to", "go-to",
    # situation / habit places
    "home", "back home", "my place", "work", "office", "gym", "school", "campus", "university",
    "college", "dorm", "back to", "the mall", "the metro", "the station", "the airport",
    "the hospital", "the park", "the company", "nearby", "near me", "near here", "around here",
    "close by", "closest", "nearest", "near", "around me", "local", "locally", "here",
    "this city", "this area", "current location", "where I am", "hometown", "that place",
    "that restaurant", "that shop", "that store", "that show", "that video", "that song",
    "my account", "my order", "my usual", "my regular", "my city", "my area",
]
DESCRIBE = [
    "capital of", "capital", "currency of", "currency", "country of", "largest", "biggest",
    "smallest", "tallest", "highest", "oldest", "newest", "famous", "known as", "known for",
    "headquarters", "headquartered", "birthplace", "home of", "home to", "national", "official",
    "most popular", "best-known", "best known", "main airport", "main station", "hub",
]
WEAK = ["my", "just", "first", "still", "typical", "current", "this", "that", "these", "those",
        "our", "we", "us", "the one", "latest", "last", "next"]


# Fixed template clauses of the TRAJECT-Bench query generator that hold a candidate word and
# repeat across 18 to 51 queries each (counted over the five allowed files). A match inside them
# says nothing about any argument, so they are cut out of the text before matching (the query
# itself is printed and labelled whole). Only TRAJECT texts contain them.
TEMPLATES = [
    r"\bnear -?\d",  # "Airbnb near 41.3851,2.1734", "prices/availability ... near 52.52,13.40"
    r"note nearby hotel clusters",
    r"to confirm the main station",
    r"Before booking, please fetch",
    r"Before I book, please pull",
    r"Here[’']s the short stack while the build finishes",
    r"Last campaign[’']s bounce screenshot is still in the team chat[—-]+let[’']s not repeat it",
    r"I promised a quick scrub before we touch the CRM again",
    r"I need a hygiene pass before I unlock sending",
    r"I[’']ve got ten minutes before warmup throttles kick in",
]
TEMPLATE_RX = re.compile("|".join(TEMPLATES))


def _rx(words: list[str]) -> re.Pattern[str]:
    alts = sorted({re.escape(w) for w in words}, key=len, reverse=True)
    return re.compile(r"(?<![\w-])({})(?![\w-])".format("|".join(alts)), re.IGNORECASE)


DESCRIBE_RX, HINT_RX, WEAK_RX = _rx(DESCRIBE), _rx(HINT), _rx(WEAK)


def matches(text: str) -> tuple[int, list[str]]:
    """(tier, every matched word); tier 0 when nothing matches. Template clauses are cut first."""
    text = TEMPLATE_RX.sub(" ", text)
    found = [sorted({m.group(1).lower() for m in rx.finditer(text)})
             for rx in (DESCRIBE_RX, HINT_RX, WEAK_RX)]
    words = sorted(set(found[0] + found[1] + found[2]))
    for tier, f in enumerate(found, 1):
        if f:
            return tier, words
    return 0, []


def labelled(path: Path) -> set[tuple[str, int, str, int]]:
    out = set()
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                out.add((r["file"], r["record"], r["level"], r["paraphrase"]))
    return out


def trail_candidates(upstream: Path, done: set) -> list[dict[str, Any]]:
    schemas = extract_trail.load_schemas(upstream)
    out = []
    for path in TRAIL_FILES:
        data = json.loads((upstream / path).read_text())
        for idx, rec in enumerate(data):
            for level, paras in rec["query"].items():
                for para, q in enumerate(paras):
                    tier, words = matches(q)
                    if not tier or (path, idx, level, para) in done:
                        continue
                    ans = rec["answer"]
                    schema = schemas.get(f"{ans['toolname']}_{ans['apiname']}", {})
                    out.append({"tier": tier, "words": words, "file": path, "record": idx,
                                "level": level, "paraphrase": para, "query": q,
                                "text": extract_trail.show(path, idx, level, para, rec, schema),
                                "args": [(0, f"{ans['toolname']}.{ans['apiname']}", p, v)
                                         for p, v in ans["parameters"].items()]})
    return out


def traject_block(rel: str, idx: int, level: str, rec: dict[str, Any], descs: dict) -> str:
    lines = [f"=== {rel} #{idx} | {level}", f"Q: {rec['query']}"]
    for ci, tool in enumerate(rec["tool list"]):
        lines.append(f"  call {ci}: {tool['tool name']}")
        if level == "sequential":
            adapt = {k: tool[k] for k in tool if k.startswith("adapt_")}
            if adapt:
                lines.append(f"      adapt: {json.dumps(adapt, ensure_ascii=False)[:400]}")
        for key, req in (("required parameters", "req"), ("optional parameters", "opt")):
            for p in tool.get(key) or []:
                lines.append(f"    - [{req}] {p['name']} = {json.dumps(p['value'], ensure_ascii=False)}")
                d = descs.get((tool["tool name"], p["name"]), "")
                if d:
                    lines.append(f"        catalog: {d[:300]}")
        if level == "sequential" and ci + 1 < len(rec["tool list"]):
            lines.append(f"      output: {str(tool.get('executed_output', ''))[:700]}")
    return "\n".join(lines)


def traject_candidates(upstream: Path, done: set) -> list[dict[str, Any]]:
    root = upstream / TRAJECT_ROOT
    descs = extract_traject.catalog_descriptions(root)
    out = []
    for rel, level in TRAJECT_FILES:
        data = json.loads((root / rel).read_text())
        path = f"{TRAJECT_ROOT}/{rel}"
        for idx, rec in enumerate(data):
            tier, words = matches(rec["query"])
            if not tier or (path, idx, level, 0) in done:
                continue
            out.append({"tier": tier, "words": words, "file": path, "record": idx,
                        "level": level, "paraphrase": 0, "query": rec["query"],
                        "text": traject_block(rel, idx, level, rec, descs),
                        "args": [(ci, tool, name, value)
                                 for ci, tool, name, value, _ in extract_traject.gold_args(rec)]})
    return out


def default_upstream() -> Path:
    return extract_trail.default_upstream()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--upstream", type=Path, default=default_upstream())
    ap.add_argument("--out", type=Path, help="write the to-label JSONL here")
    ap.add_argument("--only", choices=["trail", "traject"])
    ap.add_argument("--tier", type=int, choices=[1, 2, 3])
    args = ap.parse_args()
    done = labelled(HERE / "trail.jsonl") | labelled(HERE / "traject.jsonl")
    cands: list[dict[str, Any]] = []
    if args.only != "traject":
        cands += trail_candidates(args.upstream, done)
    if args.only != "trail":
        cands += traject_candidates(args.upstream, done)
    cands.sort(key=lambda c: c["tier"])  # stable: file, record, level, paraphrase kept within a tier
    if args.tier:
        cands = [c for c in cands if c["tier"] == args.tier]
    blocks = [f"[tier {c['tier']}: {', '.join(c['words'])}]\n{c['text']}" for c in cands]
    print("\n\n".join(blocks))
    if args.out:
        rows = [{"file": c["file"], "record": c["record"], "level": c["level"],
                 "paraphrase": c["paraphrase"], "call": ci, "query": c["query"], "tool": tool,
                 "param": p, "gold": v, "label": None, "determined": None, "evidence": "",
                 "labeler": "annotator-C", "sampled_for": "rare", "candidate_words": c["words"]}
                for c in cands for ci, tool, p, v in c["args"]]
        args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    per = Counter((c["file"].split("/")[0], c["level"], c["tier"]) for c in cands)
    print(f"\n{len(cands)} candidate queries, {sum(len(c['args']) for c in cands)} arguments "
          f"(excluded {len(done)} labelled queries)", file=sys.stderr)
    for k, n in sorted(per.items()):
        print(f"  {k[0]:14s} {k[1]:20s} tier {k[2]}: {n}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
