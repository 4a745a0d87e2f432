"""Agreement of `trajgen read` with hand labels in the reading guidelines' format.

    python benchmarks/reader_agreement.py                        # the held-out set: reader_labels/{trail,traject,llm}.jsonl
    python benchmarks/reader_agreement.py --labels benchmarks/reader_labels_dev/*.jsonl
    python benchmarks/reader_agreement.py --reader labels.jsonl  # an existing `trajgen read` output

Without --reader, the reader is run on the files the labels name, found under --root (default:
$TRAJGEN_UPSTREAM, else ../shared/upstream beside the repo), else beside the label file. Pairs are joined on (file, record,
level, paraphrase, call, param). Printed: agreement overall and per hand label (of the pairs a
person gave label X, the share the reader also gave X), agreement on `determined` where both say
hinted or omitted, agreement on `source` (previous_output), the confusion table, and every
disagreement with the reader's evidence (--show N).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LABELS = ("stated", "described", "hinted", "omitted")
KEY = ("file", "record", "level", "paraphrase", "call", "param")


def read_lines(paths: list[str]) -> list[dict]:
    rows = []
    for p in paths:
        with open(p, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if line.strip():
                    try:
                        rows.append(json.loads(line))
                    except json.JSONDecodeError as e:
                        sys.exit(f"{p}: line {n}: not JSON ({e.msg})")
    return rows


def key(row: dict) -> tuple:
    missing = [k for k in KEY if k not in row]
    if missing:
        sys.exit(f"a line misses {', '.join(missing)}: {json.dumps(row)[:200]}")
    return tuple(str(row[k]) for k in KEY)


def run_reader(labels: list[dict], roots: list[Path], answers: list[str] = (), model: str = "") -> list[dict]:
    """`trajgen read` over the queries the labels name (`--only`), each file found under the first
    of `roots` that holds it (the upstream folder, then the label set's own folder: its LLM-written
    files). With `answers` (OpenAI Batch output files, gzipped or not), the world-knowledge oracle
    is on and answered from them, as `--batch-out` then `--batch-in` would: its questions are
    written, the answers brought in, and the queries read again; a question no file answers leaves
    the rules' reading, and is counted."""
    sys.path.insert(0, str(ROOT))
    from generator.reader.command import read_files

    files = sorted({row["file"] for row in labels})
    only = frozenset((str(r["file"]), int(r["record"]), str(r["level"]), int(r["paraphrase"])) for r in labels)
    where = {f: next((r for r in roots if (r / f).is_file()), None) for f in files}
    absent = [f for f, r in where.items() if r is None]
    if absent:
        sys.exit(f"not under {' or '.join(map(str, roots))}: {', '.join(absent)} (set --root or TRAJGEN_UPSTREAM)")
    rows: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        for n, root in enumerate(dict.fromkeys(r for r in where.values() if r is not None)):
            mine = [f for f, r in where.items() if r == root]
            if root != roots[0]:  # files of the label set: read beside the upstream catalogs
                root = with_catalogs(mine, root, roots[0], Path(tmp) / f"root{n}")
            out = Path(tmp) / f"read{n}.jsonl"
            if answers:
                _with_oracle([root / f for f in mine], out, root, only, answers, model, Path(tmp) / f"oracle{n}")
            else:
                read_files([root / f for f in mine], out=out, root=root, only=only)
            rows += read_lines([str(out)])
    return rows


def _with_oracle(paths: list[Path], out: Path, root: Path, only: frozenset, answers: list[str], model: str,
                 work: Path) -> None:
    from generator.reader.command import read_files
    from generator.reader.offline import offline_for
    from generator.reader.oracle import Oracle

    off = offline_for(model, None, work / "cache", work)
    try:
        read_files(paths, root=root, oracle=Oracle(off.client), write=False, only=only)  # the questions
        off.write_round(work / "questions")
        for n, path in enumerate(answers):
            plain = work / f"answers{n}.jsonl"
            opener = gzip.open if path.endswith(".gz") else open
            with opener(path, "rb") as src:
                plain.write_bytes(src.read())
            off.ingest_file(plain)
        summary = read_files(paths, out=out, root=root, oracle=Oracle(off.client), only=only)
        if summary.oracle and summary.oracle[3]:
            print(f"{summary.oracle[3]} oracle question(s) of {root} answered by no file: their rule readings stand",
                  file=sys.stderr)
    finally:
        off.ledger.close()


CATALOGS = {"apis": ("trailbench", "apis"), "tools": ("traject-bench", "public_data", "tools")}


def with_catalogs(files: list[str], source: Path, upstream: Path, root: Path) -> Path:
    """A folder holding copies of `files` (from `source`) with the upstream tool catalogs linked
    beside each (`apis/` for TRAILBench queries, `tools/` for TRAJECT-Bench ones), where the reader
    looks for them."""
    for f in files:
        (root / f).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source / f, root / f)
        for name, parts in CATALOGS.items():
            link = (root / f).parent / name
            if not link.exists() and upstream.joinpath(*parts).is_dir():
                link.symlink_to(upstream.joinpath(*parts), target_is_directory=True)
    return root


def agreement(labels: list[dict], reader: list[dict]) -> dict:
    by_key = {key(r): r for r in reader}
    pairs = [(h, by_key.get(key(h))) for h in labels]
    missing = [h for h, r in pairs if r is None]
    joined = [(h, r) for h, r in pairs if r is not None]
    confusion = Counter((h["label"], r["label"]) for h, r in joined)
    per_label = {lb: _share([r["label"] == lb for h, r in joined if h["label"] == lb]) for lb in LABELS}
    unsaid = [(h, r) for h, r in joined if h["label"] in ("hinted", "omitted") and r["label"] in ("hinted", "omitted")]
    sources = [(h, r) for h, r in joined if h.get("source") or r.get("source")]
    return {"pairs": len(joined), "missing": missing, "joined": joined, "confusion": confusion,
            "overall": _share([h["label"] == r["label"] for h, r in joined]), "per_label": per_label,
            "determined": _share([bool(h.get("determined")) == bool(r.get("determined")) for h, r in unsaid]),
            "determined_n": len(unsaid),
            "source": _share([h.get("source") == r.get("source") for h, r in sources]), "source_n": len(sources)}


def _share(flags: list[bool]) -> tuple[float | None, int]:
    return (sum(flags) / len(flags) if flags else None, len(flags))


def _fmt(value: tuple[float | None, int] | float | None) -> str:
    share, n = value if isinstance(value, tuple) else (value, None)
    text = "n/a" if share is None else f"{share:.3f}"
    return f"{text} (n={n})" if n is not None else text


def report(res: dict, show: int) -> list[str]:
    out = [f"pairs joined: {res['pairs']}; label pairs with no reader line: {len(res['missing'])}",
           f"agreement overall: {_fmt(res['overall'])}"]
    out += [f"  on {lb:9s}: {_fmt(res['per_label'][lb])}" for lb in LABELS]
    out += [f"determined (both hinted/omitted): {_fmt((res['determined'][0], res['determined_n']))}",
            f"source previous_output: {_fmt((res['source'][0], res['source_n']))}",
            "confusion (rows: hand label, columns: reader)",
            "  " + " " * 10 + "".join(f"{lb:>11s}" for lb in LABELS)]
    out += ["  " + f"{h:10s}" + "".join(f"{res['confusion'][(h, r)]:>11d}" for r in LABELS) for h in LABELS]
    wrong = [(h, r) for h, r in res["joined"] if h["label"] != r["label"]
             or (h["label"] in ("hinted", "omitted") and r["label"] in ("hinted", "omitted")
                 and bool(h.get("determined")) != bool(r.get("determined")))]
    for h, r in wrong[:show]:
        out.append(f"- {h['file']}#{h['record']} {h['level']}/{h['paraphrase']} call {h['call']} {h['param']}={h['gold']!r}: "
                   f"hand {h['label']}/{h.get('determined')} ({h.get('evidence', '')}), reader {r['label']}/"
                   f"{r.get('determined')} ({r.get('evidence', '')})")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    held_out = [str(ROOT / "benchmarks/reader_labels" / f"{n}.jsonl") for n in ("trail", "traject", "llm")]
    ap.add_argument("--labels", nargs="+", default=[p for p in held_out if Path(p).is_file()])
    ap.add_argument("--reader", nargs="+", help="`trajgen read` output(s) to compare (default: run the reader)")
    default_root = os.environ.get("TRAJGEN_UPSTREAM") or str(ROOT.parent / "shared" / "upstream")
    ap.add_argument("--root", default=default_root, help="where the labelled files are (paths in labels are relative)")
    ap.add_argument("--show", type=int, default=20, help="print at most N disagreements")
    ap.add_argument("--oracle", nargs="+", default=[], metavar="ANSWERS",
                    help="turn the world-knowledge oracle on, answered from these OpenAI Batch output files "
                         "(.jsonl or .jsonl.gz; e.g. benchmarks/reader_labels/*oracle*.jsonl.gz)")
    ap.add_argument("--oracle-model", default="capable-model", help="the model name the answers were asked as")
    args = ap.parse_args()
    if not args.labels:
        sys.exit("no label files (benchmarks/reader_labels/*.jsonl is empty; pass --labels)")
    labels = read_lines(args.labels)
    # a label set's own files: beside its label file, or under the folder of the sets ("third/llm_written/...")
    roots = [Path(args.root), *dict.fromkeys(d for p in args.labels for d in (Path(p).parent, Path(p).parent.parent))]
    reader = read_lines(args.reader) if args.reader else run_reader(labels, roots, args.oracle, args.oracle_model)
    print("\n".join(report(agreement(labels, reader), args.show)))


if __name__ == "__main__":
    main()
