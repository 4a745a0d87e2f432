"""Score our native BFCL files with BFCL's own evaluation code, gold as the prediction.

Per entry we call the same functions `bfcl evaluate` calls (bfcl_eval.eval_checker.eval_runner):
the AST entry check (decode the prompt-mode text, then ast_checker), the relevance check, and
the multi-turn check (decode, execute model and ground truth on fresh instances, compare state
and results per turn, plus the irrelevance check on empty turns). The gold "prediction" is the
text a perfect prompt-mode model would write: `[f(a=1, b='x')]` from the first acceptable
alternative of every listed parameter ("" = omit), and keyword-only calls for multi-turn.

Needs the bfcl-eval package (a separate check environment); imported lazily.
Usage: python -m generator.bfcl.check OUT_DIR/bfcl
       python -m generator.bfcl.check --write-results OUT_DIR/bfcl RESULT_DIR  (for `bfcl evaluate`)
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

MODEL = "gpt-4o-2024-11-20"  # a prompt-mode handler: its decoder reads our gold text
NO_ANSWER = {"irrelevance", "live_irrelevance", "live_relevance"}


def read_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def first(alts: list[Any]) -> Any:
    for a in alts:
        if a != "":
            return collapse(a)
    return None


def collapse(value: Any) -> Any:
    """A dict (or list of dicts) whose values are again alternative lists -> one concrete value."""
    if isinstance(value, dict):
        return {k: v for k, v in ((k, first(alts)) for k, alts in value.items()) if v is not None}
    if isinstance(value, list):
        return [collapse(x) if isinstance(x, dict) else x for x in value]
    return value


def gold_text(ground_truth: list[dict[str, dict[str, list[Any]]]]) -> str:
    calls = []
    for call in ground_truth:
        for name, params in call.items():
            args = {k: v for k, v in ((k, first(alts)) for k, alts in params.items()) if v is not None}
            calls.append(f"{name}(" + ", ".join(f"{k}={v!r}" for k, v in args.items()) + ")")
    return "[" + ", ".join(calls) + "]"


def handler() -> Any:
    os.environ.setdefault("OPENAI_API_KEY", "dummy")  # the handler builds a client; nothing is sent
    from bfcl_eval.eval_checker.eval_runner import get_handler

    return get_handler(MODEL)


def check_ast(handler: Any, cat: str, questions: list[dict], answers: dict[str, dict],
              predict: Any = gold_text) -> list[dict]:
    from bfcl_eval.constants.enums import Language, ReturnFormat
    from bfcl_eval.eval_checker.eval_runner import _evaluate_single_ast_entry

    out = []
    for q in questions:
        gt = answers[q["id"]]["ground_truth"]
        res = _evaluate_single_ast_entry(handler, q["id"], predict(gt), gt, q, MODEL, cat,
                                         language=Language.PYTHON, return_format=ReturnFormat.PYTHON)
        out.append({"id": q["id"], **res})
    return out


def check_relevance(handler: Any, cat: str, questions: list[dict], answers: dict[str, dict]) -> list[dict]:
    from bfcl_eval.eval_checker.eval_runner import _evaluate_single_relevance_entry

    out = []
    for q in questions:
        gt = answers.get(q["id"], {}).get("ground_truth")
        text = gold_text(gt) if gt and "irrelevance" not in cat else "I cannot help with that."
        out.append({"id": q["id"], **_evaluate_single_relevance_entry(handler, q["id"], text, q, MODEL, cat)})
    return out


def multi_turn_prediction(gt: list[list[str]]) -> list[list[str]]:
    """One step per turn holding all its calls; an empty turn answers in text."""
    return [["[" + ", ".join(turn) + "]"] if turn else ["I cannot do that yet."] for turn in gt]


def decode_turns(handler: Any, pred: list[list[str]]) -> list[list[list[str]]]:
    """Decode every step as BFCL's runner does: undecodable or empty steps count as no call."""
    out = []
    for turn in pred:
        steps = []
        for text in turn:
            try:
                calls = handler.decode_execute(text, has_tool_call_tag=False)
            except Exception:  # noqa: BLE001,S112 -- chat text is not a call, as in the runner
                continue
            if calls:
                steps.append(calls)
        out.append(steps)
    return out


def check_multi_turn(handler: Any, cat: str, questions: list[dict], answers: dict[str, dict],
                     predict: Any = None) -> list[dict]:
    """BFCL's multi-turn entry check; then (stricter than BFCL's runner, which skips it) the
    irrelevance check: no call on a turn whose ground truth is empty."""
    from bfcl_eval.eval_checker.eval_runner import _evaluate_single_multi_turn_entry
    from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_checker import multi_turn_irrelevance_checker

    out = []
    for q in questions:
        gt = answers[q["id"]]["ground_truth"]
        pred = (predict or multi_turn_prediction)(gt)
        res = _evaluate_single_multi_turn_entry(handler, q["id"], pred, gt, dict(q), MODEL, cat)
        if res.get("valid"):
            res = multi_turn_irrelevance_checker(decode_turns(handler, pred), gt)
        out.append({"id": q["id"], **res})
    return out


def check_dir(data_dir: Path) -> dict[str, tuple[int, int, list[dict]]]:
    """category -> (passed, total, failures) over every BFCL_v4_*.json in `data_dir`."""
    h = handler()
    report: dict[str, tuple[int, int, list[dict]]] = {}
    for qf in sorted(data_dir.glob("BFCL_v4_*.json")):
        cat = qf.stem[len("BFCL_v4_"):]
        af = data_dir / "possible_answer" / qf.name
        if not af.exists():
            af = data_dir / "gold" / qf.name  # trajgen's side file for live_relevance
        answers = {a["id"]: a for a in read_lines(af)} if af.exists() else {}
        questions = read_lines(qf)
        kind = check_multi_turn if cat.startswith("multi_turn") else \
            check_relevance if cat in NO_ANSWER else check_ast
        results = kind(h, cat, questions, answers)
        bad = [r for r in results if not r.get("valid")]
        report[cat] = (len(results) - len(bad), len(results), bad)
    return report


def write_results(data_dir: Path, result_dir: Path) -> list[Path]:
    """Gold "model results" in the layout `bfcl evaluate` reads (BFCL_v4_<cat>_result.json)."""
    paths = []
    for qf in sorted(data_dir.glob("BFCL_v4_*.json")):
        cat = qf.stem[len("BFCL_v4_"):]
        af = data_dir / "possible_answer" / qf.name
        if not af.exists():
            af = data_dir / "gold" / qf.name
        answers = {a["id"]: a["ground_truth"] for a in read_lines(af)} if af.exists() else {}
        lines = [{"id": q["id"], "result": gold_result(cat, answers.get(q["id"]))} for q in read_lines(qf)]
        path = result_dir / f"BFCL_v4_{cat}_result.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
        paths.append(path)
    return paths


def gold_result(cat: str, gt: Any) -> Any:
    if cat.startswith("multi_turn"):
        return multi_turn_prediction(gt)
    if gt is None or "irrelevance" in cat:
        return "I cannot help with that."
    return gold_text(gt)


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[0] == "--write-results":
        print(f"wrote {len(write_results(Path(argv[1]), Path(argv[2])))} result files")
        return 0
    if len(argv) != 1:
        print("usage: python -m generator.bfcl.check OUT_DIR/bfcl", file=sys.stderr)
        return 2
    report = check_dir(Path(argv[0]))
    ok = total = 0
    for cat, (good, n, bad) in report.items():
        ok, total = ok + good, total + n
        print(f"  {cat}: {good}/{n}")
        for b in bad[:3]:
            print(f"    {b['id']}: {b.get('error_type')} {str(b.get('error') or b.get('error_message'))[:160]}")
    print(f"official checker, gold as prediction: {ok}/{total} over {len(report)} categories")
    return 0 if total and ok == total else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
