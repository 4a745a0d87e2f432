"""The when2call summary blocks and plot (see when2call.py): reply mix, macro F1, over-call,
over-ask and tool-hallucination rates, and the paired difference between the history twins, each
rate with a 95% bootstrap interval that resamples targets (the twins of one target are
correlated)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..evaluate.plots import pyplot, save
from ..evaluate.records import EvalResult
from ..evaluate.stats import bootstrap, interval, rng_for

KINDS = ("tool_call", "request_for_info", "cannot_answer", "direct")
TWINS = ("stated", "determined", "undetermined", "tool_removed", "no_tool")
EXPECTED = {"stated": "tool_call", "determined": "tool_call", "undetermined": "request_for_info",
            "tool_removed": "cannot_answer", "no_tool": "direct"}
COLORS = {"tool_call": "#2e86c1", "request_for_info": "#4c9a2a", "cannot_answer": "#c0392b", "direct": "#f1c40f",
          "none": "#7f8c8d"}
Block = dict[str, Any]


def reply(r: EvalResult) -> str:
    return str(r.measures.get("reply") or "none")


def rate(rows: list[EvalResult], hit: Callable[[EvalResult], bool], seed: int, name: str, reps: int) -> Block | None:
    """Share of `rows` where `hit` holds, with an interval over resampled targets."""
    if not rows:
        return None
    per: dict[str, list[int]] = {}
    for r in rows:
        per.setdefault(r.target, []).append(int(hit(r)))
    groups = [(float(sum(v)), float(len(v))) for _, v in sorted(per.items())]
    point = sum(g[0] for g in groups) / sum(g[1] for g in groups)
    return {"n": len(rows), "targets": len(groups), "rate": round(point, 4),
            "ci95": interval(bootstrap(groups, rng_for(seed, f"when2call:{name}"), reps))}


def mix(rows: list[EvalResult]) -> dict[str, int]:
    counts = Counter(reply(r) for r in rows)
    return {k: counts[k] for k in (*KINDS, "none") if counts[k]}


def macro_f1(rows: list[EvalResult]) -> float | None:
    scores = []
    for kind in sorted({r.level for r in rows}):
        tp = sum(r.level == kind and reply(r) == kind for r in rows)
        said = sum(reply(r) == kind for r in rows)
        true = sum(r.level == kind for r in rows)
        p, q = (tp / said if said else 0.0), (tp / true if true else 0.0)
        scores.append(2 * p * q / (p + q) if p + q else 0.0)
    return round(sum(scores) / len(scores), 4) if scores else None


def paired(rows: list[EvalResult], value: Callable[[EvalResult], float], seed: int, name: str,
           reps: int) -> Block | None:
    """Mean over targets with both history twins of value(determined) - value(undetermined)."""
    per: dict[str, dict[str, float]] = {}
    for r in rows:
        if r.category in ("determined", "undetermined"):
            per.setdefault(r.target, {})[r.category] = value(r)
    diffs = [v["determined"] - v["undetermined"] for _, v in sorted(per.items()) if len(v) == 2]
    if not diffs:
        return None
    boot = bootstrap([(d, 1.0) for d in diffs], rng_for(seed, f"when2call:{name}"), reps)
    return {"targets": len(diffs), "difference": round(sum(diffs) / len(diffs), 4), "ci95": interval(boot)}


def twin_pairs(rows: list[EvalResult], seed: int, reps: int) -> Block:
    """Accuracy and call rate of the determined twin minus its undetermined twin, overall and per
    way the undetermined history fails (absent, tie, conflicting, no query time)."""
    cases = {r.target: str(r.measures.get("case")) for r in rows if r.category == "undetermined"}
    out: Block = {}
    for case in ["all", *sorted(set(cases.values()))]:
        part = [r for r in rows if case == "all" or cases.get(r.target) == case]
        out[case] = {"accuracy": paired(part, lambda r: float(r.correct), seed, f"acc:{case}", reps),
                     "call_rate": paired(part, lambda r: float(reply(r) == "tool_call"), seed, f"call:{case}", reps)}
    return out


def summary(rows: list[EvalResult], seed: int, reps: int) -> Block:
    def twin(name: str) -> list[EvalResult]:
        return [r for r in rows if r.category == name]

    rates = {
        "over_call": rate([r for r in rows if r.level == "request_for_info"], lambda r: reply(r) == "tool_call",
                          seed, "over_call", reps),
        "over_ask_determined": rate(twin("determined"), lambda r: reply(r) == "request_for_info", seed,
                                    "over_ask_determined", reps),
        "over_ask_stated": rate(twin("stated"), lambda r: reply(r) == "request_for_info", seed, "over_ask_stated", reps),
        "tool_hallucination": rate([r for r in rows if r.level == "cannot_answer"], lambda r: reply(r) == "tool_call",
                                   seed, "hallucination", reps),
        "call_ok": rate([r for r in rows if r.level == "tool_call" and reply(r) == "tool_call"],
                        lambda r: bool(r.measures.get("call_ok")), seed, "call_ok", reps),
    }
    pairs = twin_pairs(rows, seed, reps)
    return {
        "reply_mix": {k: mix([r for r in rows if r.level == k]) for k in KINDS if any(r.level == k for r in rows)},
        "reply_mix_by_twin": {t: mix(twin(t)) for t in TWINS if twin(t)},
        "macro_f1": macro_f1(rows),
        **rates,
        "history_twins": pairs,
        # what the terminal table shows besides the levels: rates and paired differences, by name
        "rates": {**{k: v for k, v in rates.items() if v is not None},
                  **{f"twins {k}: {m} det-undet": v for k, d in pairs.items() for m, v in d.items() if v}},
        "classified_by": dict(sorted(Counter(str(r.measures.get("by") or "").split(":")[0] for r in rows).items())),
        "drop": None,  # the levels are categories, not vagueness: no first-to-last drop
    }


def plot(block: Block, path: Path) -> Path | None:
    """The reply mix per twin (or per category for files without twins), one stacked bar each."""
    plt = pyplot()
    shares = block.get("reply_mix_by_twin") or block.get("reply_mix") or {}
    if plt is None or not shares:
        return None
    fig, ax = plt.subplots(figsize=(7.6, 3.8))
    xs = list(shares)
    bottom = [0.0] * len(xs)
    for kind in (*KINDS, "none"):
        ys = [shares[x].get(kind, 0) / max(1, sum(shares[x].values())) for x in xs]
        if any(ys):
            ax.bar(xs, ys, bottom=bottom, label=kind, color=COLORS[kind])
            bottom = [b + y for b, y in zip(bottom, ys, strict=True)]
    ax.set_xticks(range(len(xs)), [f"{x}\n(right: {EXPECTED.get(x, x)})" for x in xs], fontsize=8)
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of replies")
    ax.set_title("When2Call: what the model did, per twin")
    ax.legend(title="reply", fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    return save(plt, fig, path)
