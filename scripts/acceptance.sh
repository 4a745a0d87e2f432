#!/usr/bin/env bash
# Acceptance run, as a new user would check it: the quickstart from scratch (timed), a rerun that
# must leave byte-identical files and send nothing, trajgen's own audits of every file, the
# independent reference checks in ../shared/checks (when present), and BFCL's official checker
# plus `datasets` loading in a separate check venv (skipped with TRAJGEN_SKIP_BFCL=1).
# Usage: scripts/acceptance.sh [OUT_DIR]     (run with the project's venv active)
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
OUT=${1:-$(mktemp -d)/quickstart}
SHARED=${TRAJGEN_SHARED:-$REPO/../shared}
BFCL_VENV=${TRAJGEN_BFCL_VENV:-$REPO/.bfcl-venv}
cd "$REPO"

t0=$(date +%s.%N)
trajgen generate examples/quickstart.yaml --out "$OUT" --fresh --quiet
t1=$(date +%s.%N)
echo "quickstart: $(python -c "print(f'{$t1 - $t0:.1f}')") s -> $OUT"
sums() { (cd "$OUT" && find . -type f -not -path './.state/*' -not -path './.cache/*' | sort | xargs sha256sum); }
before=$(sums)
trajgen generate examples/quickstart.yaml --out "$OUT" --quiet
[ "$before" = "$(sums)" ] || { echo "rerun changed the files"; exit 1; }
python -c "import json,sys; c=json.load(open('$OUT/manifest.json'))['counts']; sys.exit(c['llm_requests_sent'] != 0)"
echo "rerun: byte-identical, no LLM request"

trajgen validate "$OUT/sdg/train.jsonl" | tail -1
for f in "$OUT"/trail/all_generated_queries_*.json; do trajgen validate --format trail "$f" | tail -1; done
trajgen validate --format traject "$OUT/traject" | tail -1
trajgen validate --format judge "$OUT/judge/test.jsonl" | tail -1
trajgen validate --format bfcl "$OUT/bfcl" | tail -1

if [ -d "$SHARED/checks" ]; then
  python "$SHARED/checks/check_sdg.py" "$OUT/sdg/train.jsonl"
  python "$SHARED/checks/check_trail.py" "$OUT/trail/apis" "$OUT"/trail/all_generated_queries_*.json | tail -1
  python "$SHARED/checks/check_traject.py" "$OUT/traject" | tail -1
  python "$SHARED/checks/check_judge.py" "$OUT/judge/test.jsonl"
else
  echo "reference checks skipped: $SHARED/checks not found"
fi

if [ "${TRAJGEN_SKIP_BFCL:-0}" = 1 ]; then
  echo "BFCL official checker skipped (TRAJGEN_SKIP_BFCL=1)"; exit 0
fi
install_bfcl() {
  python3 -m venv "$BFCL_VENV" &&
  # torch first, pinned: bfcl-eval pulls it in, and an unpinned torch is a multi-GB CUDA download
  "$BFCL_VENV/bin/pip" install -q torch==2.13.0 &&
  "$BFCL_VENV/bin/pip" install -q bfcl-eval==2026.3.23 soundfile "datasets<4" "pyarrow<18" jsonschema polars pytest &&
  "$BFCL_VENV/bin/pip" install -q -e .
}
if [ ! -x "$BFCL_VENV/bin/python" ] || ! "$BFCL_VENV/bin/python" -c "import bfcl_eval, datasets" 2>/dev/null; then
  # an install that cannot reach a package index is not a failure of trajgen: say so and stop here
  install_bfcl || { echo "BFCL official checker skipped: could not install bfcl-eval into $BFCL_VENV"; exit 0; }
fi
BFCL_PY="$BFCL_VENV/bin/python" scripts/check_bfcl_official.sh "$OUT/bfcl"
# every native category, multi-turn included (BFCL's own stateful classes run in the check venv)
"$BFCL_VENV/bin/trajgen" generate examples/bfcl_native.yaml --out "$OUT-bfcl-native" --fresh --quiet
BFCL_PY="$BFCL_VENV/bin/python" scripts/check_bfcl_official.sh "$OUT-bfcl-native/bfcl"
[ -d "$SHARED/checks" ] && "$BFCL_VENV/bin/python" "$SHARED/checks/check_bfcl.py" "$OUT/bfcl" | tail -1
"$BFCL_VENV/bin/python" benchmarks/judge_agreement.py "$OUT/judge" | tail -2
"$BFCL_VENV/bin/python" - "$OUT" <<'PY'
import sys, datasets
out = sys.argv[1]
datasets.disable_progress_bars()
sdg = datasets.load_dataset("json", data_files=f"{out}/sdg/train.jsonl")["train"]
judge = datasets.load_dataset("parquet", data_files=f"{out}/judge/test.parquet")["train"]
print(f"datasets: sdg {sdg.num_rows} rows, judge {judge.num_rows} rows")
PY
"$BFCL_VENV/bin/python" -m pytest -q tests/test_bfcl_official.py tests/test_judge_labeler.py tests/test_eval_bfcl.py -p no:cacheprovider | tail -1
