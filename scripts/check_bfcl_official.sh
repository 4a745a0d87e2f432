#!/usr/bin/env bash
# Score native BFCL files with the official `bfcl evaluate` CLI (package bfcl-eval), gold as the
# model's output. BFCL's runner reads questions from its own package data, so the package is
# copied to a scratch dir and our files replace the categories we wrote (docs/formats.md, "BFCL").
# Usage: scripts/check_bfcl_official.sh OUT_DIR/bfcl   (env BFCL_PY: python of the check venv;
#        default .bfcl-venv/bin/python)
set -euo pipefail
DATA=$(cd "${1:?usage: check_bfcl_official.sh OUT_DIR/bfcl}" && pwd)
REPO=$(cd "$(dirname "$0")/.." && pwd)
PY=${BFCL_PY:-$REPO/.bfcl-venv/bin/python}
MODEL=gpt-4o-2024-11-20   # a prompt-mode handler; it never calls the API during evaluation
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT

PKG=$("$PY" -c "import bfcl_eval, os; print(os.path.dirname(bfcl_eval.__file__))")
cp -r "$PKG" "$SCRATCH/bfcl_eval"
cp "$DATA"/BFCL_v4_*.json "$SCRATCH/bfcl_eval/data/"
cp "$DATA"/possible_answer/BFCL_v4_*.json "$SCRATCH/bfcl_eval/data/possible_answer/"
(cd "$REPO" && "$PY" -m generator.bfcl.check --write-results "$DATA" "$SCRATCH/proj/result/$MODEL/trajgen")
CATS=$(cd "$DATA" && ls BFCL_v4_*.json | sed 's/^BFCL_v4_//; s/\.json$//' | paste -sd, -)

cd "$SCRATCH"
PYTHONPATH="$SCRATCH" OPENAI_API_KEY=dummy BFCL_PROJECT_ROOT="$SCRATCH/proj" \
  "$PY" -m bfcl_eval evaluate --model "$MODEL" --test-category "$CATS" > "$SCRATCH/eval.log" 2>&1 \
  || { tail -30 "$SCRATCH/eval.log"; exit 1; }
# one score file per category: its first line holds the accuracy and the counts
"$PY" - "$SCRATCH/proj/score" <<'PY'
import json, pathlib, sys
bad = 0
for f in sorted(pathlib.Path(sys.argv[1]).rglob("BFCL_v4_*_score.json")):
    head = json.loads(f.read_text().splitlines()[0])
    cat = f.name[len("BFCL_v4_"):-len("_score.json")]
    print(f"  {cat}: {head['correct_count']}/{head['total_count']} accuracy={head['accuracy']:.4f}")
    bad += head["correct_count"] != head["total_count"]
print("bfcl evaluate (official CLI), gold as prediction:", "all 100%" if not bad else f"{bad} categories below 100%")
sys.exit(1 if bad else 0)
PY
