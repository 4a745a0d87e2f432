"""Accuracy with 95% intervals from a bootstrap clustered by target, per level and per slice; the
paired per-target drop from the first to the last level; the error-type mix per level.

Paraphrases and levels of one target are correlated, so the bootstrap resamples whole targets
(each with its items) rather than items. The RNG of every block is seeded from the run seed and
the block's name: the same results give byte-identical summaries.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable
from typing import Any

from ..judge.config import LABELS
from .records import EvalResult

Block = dict[str, Any]


def rng_for(seed: int, name: str) -> random.Random:
    return random.Random(int.from_bytes(hashlib.sha256(f"{seed}:{name}".encode()).digest()[:8], "big"))


def percentile(sorted_values: list[float], q: float) -> float:
    """Linear interpolation between order statistics (numpy's default)."""
    if not sorted_values:
        return float("nan")
    pos = (len(sorted_values) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def clusters(rows: Iterable[EvalResult]) -> list[tuple[int, int]]:
    """(correct, total) per target, in target order."""
    acc: dict[str, list[int]] = {}
    for r in rows:
        c = acc.setdefault(r.target, [0, 0])
        c[0] += r.correct
        c[1] += 1
    return [(c[0], c[1]) for _, c in sorted(acc.items())]


def bootstrap(groups: list[tuple[float, float]], rng: random.Random, reps: int) -> list[float]:
    """Ratio-of-sums statistic over resampled groups, `reps` times, sorted."""
    k = len(groups)
    idx = range(k)
    out = []
    for _ in range(reps):
        draw = rng.choices(idx, k=k)
        den = sum(groups[i][1] for i in draw)
        out.append(sum(groups[i][0] for i in draw) / den if den else 0.0)
    return sorted(out)


def interval(values: list[float]) -> list[float]:
    return [round(percentile(values, 0.025), 4), round(percentile(values, 0.975), 4)]


def accuracy(rows: list[EvalResult], rng: random.Random, reps: int) -> Block:
    groups = clusters(rows)
    n = sum(t for _, t in groups)
    point = sum(c for c, _ in groups) / n if n else 0.0
    return {"n": n, "targets": len(groups), "accuracy": round(point, 4),
            "ci95": interval(bootstrap([(float(c), float(t)) for c, t in groups], rng, reps)) if n else None}


def paired_drop(rows: list[EvalResult], first: str, last: str, rng: random.Random, reps: int) -> Block | None:
    """Mean over targets seen at both levels of acc(first) - acc(last), with a target bootstrap."""
    per: dict[str, dict[str, list[int]]] = {}
    for r in rows:
        if r.level in (first, last):
            per.setdefault(r.target, {}).setdefault(r.level, []).append(r.correct)
    diffs = [sum(lv[first]) / len(lv[first]) - sum(lv[last]) / len(lv[last])
             for _, lv in sorted(per.items()) if first in lv and last in lv]
    if not diffs:
        return None
    boot = bootstrap([(d, 1.0) for d in diffs], rng, reps)
    return {"from": first, "to": last, "targets": len(diffs), "drop": round(sum(diffs) / len(diffs), 4),
            "ci95": interval(boot)}


def error_mix(rows: list[EvalResult]) -> dict[str, float]:
    n = len(rows) or 1
    return {lab: round(sum(r.error_type == lab for r in rows) / n, 4) for lab in LABELS}


def by(rows: list[EvalResult], key: Callable[[EvalResult], Any]) -> dict[str, list[EvalResult]]:
    out: dict[str, list[EvalResult]] = {}
    for r in rows:
        out.setdefault(str(key(r)), []).append(r)
    return out


def measure_means(rows: list[EvalResult]) -> dict[str, float]:
    """Mean of every numeric or boolean measure the format's scorer reported (e.g. TRAJECT's
    exact match, inclusion and usage; TRAILBench's per-stage accuracies)."""
    sums: dict[str, float] = {}
    for r in rows:
        for k, v in r.measures.items():
            if isinstance(v, bool | int | float):
                sums[k] = sums.get(k, 0.0) + float(v)
    return {k: round(v / len(rows), 4) for k, v in sorted(sums.items())}


def first_to_last_drop(rows: list[EvalResult], levels: list[str], rng: random.Random, reps: int) -> Block | None:
    """The paired drop from the most explicit level to the vaguest level that shares targets with
    it (TRAJECT's sequential queries have no simple twin; BFCL entries are never paired)."""
    for last in reversed(levels[1:]):
        drop = paired_drop(rows, levels[0], last, rng, reps)
        if drop is not None:
            return drop
    return None


def natural(kv: tuple[str, Any]) -> tuple[int, int, str]:
    key = kv[0]
    return (0, int(key), "") if key.isdigit() else (1, 0, key)


def level_order(rows: list[EvalResult]) -> list[str]:
    return sorted({r.level for r in rows}, key=lambda lv: (min(r.level_rank for r in rows if r.level == lv), lv))


def summarize_format(name: str, rows: list[EvalResult], seed: int, reps: int) -> Block:
    levels = level_order(rows)
    levelled = by(rows, lambda r: r.level)

    def acc(block: str, part: list[EvalResult]) -> Block:
        return accuracy(part, rng_for(seed, f"{name}:{block}"), reps)

    slices = {dim: {k: acc(f"{dim}:{k}", part) for k, part in sorted(by(rows, getter).items(), key=natural)}
              for dim, getter in (("category", lambda r: r.category), ("domain", lambda r: r.domain),
                                  ("length", lambda r: r.length))}
    return {
        "overall": acc("overall", rows),
        "levels": [{"level": lv, **acc(f"level:{lv}", levelled[lv]), "error_mix": error_mix(levelled[lv]),
                    "measures": measure_means(levelled[lv])} for lv in levels],
        "drop": first_to_last_drop(rows, levels, rng_for(seed, f"{name}:drop"), reps),
        **{f"by_{dim}": blocks for dim, blocks in slices.items()},
    }


def summarize(rows: list[EvalResult], seed: int, reps: int) -> dict[str, Block]:
    """Per format: the common blocks, and the format's own (EvalFormat.summary) merged over them."""
    from .formats import FORMATS

    rows = sorted(rows, key=lambda r: r.id)
    out = {}
    for fmt, part in sorted(by(rows, lambda r: r.format).items()):
        extra = FORMATS.get(fmt).summary if fmt in FORMATS else None
        out[fmt] = {**summarize_format(fmt, part, seed, reps), **(extra(part, seed, reps) if extra else {})}
    return out
