"""The label mix: which label each row index gets, and which operator builds it."""

from __future__ import annotations

import random

from .config import LABELS, JudgeConfig, Label
from .operators import OPERATORS, Operator

# Default relative weights inside a label; the gold call dominates the valid rows.
DEFAULT_WEIGHTS = {"valid_exact": 3.0}


def label_counts(rows: int, shares: dict[Label, float]) -> dict[Label, int]:
    """Largest-remainder rounding: counts sum to `rows` and each is within 1 of rows*share."""
    exact = {lab: rows * shares.get(lab, 0.0) for lab in LABELS}
    counts = {lab: int(v) for lab, v in exact.items()}
    by_remainder = sorted(LABELS, key=lambda lab: (-(exact[lab] - counts[lab]), LABELS.index(lab)))
    for lab in by_remainder[: rows - sum(counts.values())]:
        counts[lab] += 1
    return counts


def plan_labels(rows: int, shares: dict[Label, float], rng: random.Random) -> list[Label]:
    labels = [lab for lab, n in label_counts(rows, shares).items() for _ in range(n)]
    rng.shuffle(labels)
    return labels


def operator_weights(cfg: JudgeConfig, label: Label, llm_ready: bool) -> dict[str, float]:
    """Weights of the operators intending `label`. The text reply takes `valid_text_share` of
    the valid rows and the LLM operator `llm_share` of the value rows; the rest share the remainder."""
    special = {"valid_text_reply": cfg.valid_text_share, "llm_value": cfg.llm_share if llm_ready else 0.0}
    ops = [op for _, op in OPERATORS.items() if op.label == label]
    plain = {op.name: cfg.operators.get(op.name, DEFAULT_WEIGHTS.get(op.name, 1.0))
             for op in ops if op.name not in special}
    total = sum(plain.values())
    rest = 1.0 - sum(special[op.name] for op in ops if op.name in special)
    out = {n: (w / total * rest if total else 0.0) for n, w in plain.items()}
    out |= {op.name: special[op.name] * cfg.operators.get(op.name, 1.0) for op in ops if op.name in special}
    return {n: w for n, w in sorted(out.items()) if w > 0}


def weighted_order(weights: dict[str, float], rng: random.Random) -> list[Operator]:
    """All operators in a weighted random order (Efraimidis-Spirakis keys): the first is drawn
    with probability proportional to its weight; the rest are fallbacks for scenarios the
    first one does not apply to."""
    keys = {n: rng.random() ** (1.0 / w) for n, w in weights.items()}
    return [OPERATORS.get(n) for n in sorted(weights, key=lambda n: (-keys[n], n))]
