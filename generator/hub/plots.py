"""Figures of a run, as PNG files in <out>/plots/ (the dataset card shows them).

Each plot is a function registered with the file name it writes; it reads the run's own files
(through the formats' stats, the rejections, the dedup/split outcome) and returns None when the
run has nothing to show (no TRAILBench output, no rejection...). Drawn with matplotlib's object
API on the Agg canvas (no pyplot, no global state), the bundled DejaVu Sans font, and no
software/date metadata, so the same data gives byte-identical files on a rerun.
"""

from __future__ import annotations

import io
import json
from array import array
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..audit import STATS
from ..errors import InputError
from ..io import atomic_write_bytes
from .prepare import Prepared
from .reports import stats_report

PLOTS_DIR = "plots"
OURS, THEIRS, EXTRA = "#3b6ea5", "#c9c9c9", "#e08a3c"
RC: dict[str, Any] = {"font.family": "DejaVu Sans", "font.size": 9}  # DejaVu ships with matplotlib: same glyphs everywhere

# Published benchmark files, measured with the same value-recall rule as `trajgen stats`:
# TRAILBench's GPT-written query files (1,815 queries over 10 users) and TRAJECT-Bench's parallel
# queries (9 domains). They are constants so that the figure does not depend on having the files.
TRAIL_LEVELS = ("Minimum", "Low", "Medium", "High")
TRAIL_UPSTREAM_VR = (0.655, 0.497, 0.303, 0.039)
TRAIL_UPSTREAM_WORDS = (20.0, 14.0, 10.2, 9.7)
TRAJECT_VERSIONS = ("simple", "hard", "sequential")
TRAJECT_UPSTREAM_VR = (0.743, 0.413, 0.697)
TRAJECT_UPSTREAM_WORDS = (56.4, 109.1, None)


@dataclass
class PlotInput:
    out_dir: Path
    products: list[str]
    prep: Prepared
    stats: dict[str, dict[str, Any] | None] = field(default_factory=dict)  # figures by product, read once


PlotFn = Callable[[PlotInput], "Any | None"]  # returns a matplotlib Figure, or None
PLOTS: dict[str, tuple[str, PlotFn]] = {}  # file name -> (caption, function)


def plot(name: str, caption: str) -> Callable[[PlotFn], PlotFn]:
    def deco(fn: PlotFn) -> PlotFn:
        PLOTS[name] = (caption, fn)
        return fn
    return deco


def write_plots(out_dir: Path, products: list[str], prep: Prepared) -> list[Path]:
    """Draw every plot that has data; returns the files written."""
    from matplotlib import rc_context

    inp = PlotInput(out_dir=out_dir, products=products, prep=prep)
    written = []
    for name, (_, fn) in PLOTS.items():
        with rc_context(RC):  # type: ignore[arg-type]  # matplotlib types keys as a Literal of every rc name
            fig = fn(inp)
            png = png_bytes(fig) if fig is not None else None
        if png is not None:
            path = out_dir / PLOTS_DIR / name
            atomic_write_bytes(path, png)
            written.append(path)
    return written


def png_bytes(fig: Any) -> bytes:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, metadata={"Software": None})
    return buf.getvalue()


def figure(width: float, height: float, panels: int = 1) -> tuple[Any, list[Any]]:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="tight")  # one layout pass: "constrained" redraws until it settles
    axes = fig.subplots(1, panels, squeeze=False)[0]
    return fig, list(axes)


def stats_of(inp: PlotInput, product: str, rel: str) -> dict[str, Any] | None:
    if product not in inp.stats:
        inp.stats[product] = _figures(inp, product, inp.out_dir / rel)
    return inp.stats[product]


def _figures(inp: PlotInput, product: str, path: Path) -> dict[str, Any] | None:
    if product not in inp.products or product not in STATS or not path.exists():
        return None
    try:
        return stats_report(product, path).figures
    except InputError:
        return None


def bars(ax: Any, labels: list[str], series: list[tuple[str, list[float | None], str]], fmt: str) -> None:
    """Grouped bars with the value above each bar; a None value leaves its slot empty."""
    width = 0.8 / len(series)
    for k, (name, values, color) in enumerate(series):
        xs = [i + (k - (len(series) - 1) / 2) * width for i in range(len(labels))]
        shown = [(x, v) for x, v in zip(xs, values, strict=True) if v is not None]
        rects = ax.bar([x for x, _ in shown], [v for _, v in shown], width, label=name, color=color)
        ax.bar_label(rects, labels=[format(v, fmt) for _, v in shown], fontsize=8, padding=2)
    ax.set_xticks(range(len(labels)), labels)
    top = max((v for _, vs, _ in series for v in vs if v is not None), default=1.0)
    ax.set_ylim(0, top * 1.15)
    ax.legend(fontsize=8, frameon=False, loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=len(series))
    ax.spines[["top", "right"]].set_visible(False)


# ---------------------------------------------------------------- value recall and length

def _trail_series(fig: dict[str, Any], what: str) -> list[float | None]:
    return [fig.get(f"all.{lv.lower()}.{what}") for lv in TRAIL_LEVELS]


def _traject_series(fig: dict[str, Any], what: str) -> list[float | None]:
    return [fig.get(f"{v}_{what}") if fig.get(f"{v}_records") else None for v in TRAJECT_VERSIONS]


def _level_plot(inp: PlotInput, what: str, upstream: tuple[tuple, tuple], ylabel: str, fmt: str,
                title: str) -> Any | None:
    trail, traject = stats_of(inp, "trail", "trail"), stats_of(inp, "traject", "traject")
    panels = [p for p in (("TRAILBench levels", trail, TRAIL_LEVELS, _trail_series, upstream[0], "TRAILBench"),
                          ("TRAJECT-Bench versions", traject, TRAJECT_VERSIONS, _traject_series, upstream[1],
                           "TRAJECT-Bench")) if p[1]]
    if not panels:
        return None
    fig, axes = figure(5.0 * len(panels), 4.0, len(panels))
    for ax, (name, figs, labels, series, theirs, bench) in zip(axes, panels, strict=True):
        bars(ax, list(labels), [("this dataset", series(figs or {}, what), OURS),
                                (f"{bench} (published files)", list(theirs), THEIRS)], fmt)
        ax.set_title(name, fontsize=10)
        ax.set_ylabel(ylabel)
        ax.set_xlabel("vagueness level" if bench == "TRAILBench" else "query version")
    fig.suptitle(title, fontsize=11)
    return fig


@plot("value_recall.png", "Value recall per vagueness level, next to the benchmark's own files")
def value_recall(inp: PlotInput) -> Any | None:
    fig = _level_plot(inp, "vr", (TRAIL_UPSTREAM_VR, TRAJECT_UPSTREAM_VR), "value recall\n(share of gold values "
                      "stated literally)", ".2f", "Value recall per level: this dataset vs the benchmark")
    if fig is not None:
        for ax in fig.axes:
            ax.set_ylim(0, 1.1)
    return fig


@plot("words_per_query.png", "Mean words per query per vagueness level, next to the benchmark's own files")
def words_per_query(inp: PlotInput) -> Any | None:
    return _level_plot(inp, "words", (TRAIL_UPSTREAM_WORDS, TRAJECT_UPSTREAM_WORDS), "mean words per query",
                       ".1f", "Words per query per level: this dataset vs the benchmark")


# ---------------------------------------------------------------- counts

def _requested_vs_produced(ax: Any, planned: Counter[str], produced: Counter[str], groups: list[str]) -> None:
    ys = range(len(groups))
    h = 0.38
    ax.barh([y - h / 2 for y in ys], [planned[g] for g in groups], h, label="requested", color=THEIRS)
    rects = ax.barh([y + h / 2 for y in ys], [produced[g] for g in groups], h, label="produced", color=OURS)
    ax.bar_label(rects, fontsize=7, padding=2)
    ax.set_yticks(list(ys), groups, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, max([*planned.values(), *produced.values(), 1]) * 1.12)
    ax.legend(fontsize=8, frameon=False, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    ax.spines[["top", "right"]].set_visible(False)


@plot("label_mix.png", "Judge labels: rows requested by the plan and rows written")
def label_mix(inp: PlotInput) -> Any | None:
    planned, produced = inp.prep.planned.get("judge"), inp.prep.produced.get("judge")
    if not planned:
        return None
    labels = [lab for lab in ("VALID_CALL", "TOOL_ERROR", "PARAM_NAME_ERROR", "PARAM_VALUE_ERROR") if lab in planned]
    fig, (ax,) = figure(7.0, 2.8)
    _requested_vs_produced(ax, planned, produced or Counter(), labels)
    ax.set_xlabel("rows")
    ax.set_title("Judge label mix (VALID_CALL = the candidate answer is right)", fontsize=10)
    return fig


@plot("categories.png", "SDG and BFCL categories: rows requested by the config and rows written")
def categories(inp: PlotInput) -> Any | None:
    shown = [p for p in ("sdg", "bfcl") if inp.prep.planned.get(p)]
    if not shown:
        return None
    tallest = max(len(inp.prep.planned[p]) for p in shown)
    fig, axes = figure(6.5 * len(shown), 1.2 + 0.32 * tallest, len(shown))
    for ax, p in zip(axes, shown, strict=True):
        planned = inp.prep.planned[p]
        _requested_vs_produced(ax, planned, inp.prep.produced.get(p) or Counter(), sorted(planned))
        ax.set_xlabel("rows (multi-turn miss_func yields two rows per conversation)" if p == "sdg" else "entries")
        ax.set_title(f"{p.upper()} categories", fontsize=10)
    return fig


def _calls_per_row(path: Path) -> array[int]:
    """Read line by line into a compact array: flat in memory whatever the file's size."""
    out = array("I")
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                row = json.loads(line)
                out.append(sum(len(m.get("tool_calls") or []) for m in row["messages"]))
    return out


def _traject_lengths(root: Path, pattern: str) -> list[int]:
    return [len(r["tool list"]) for f in sorted(root.rglob(pattern))
            for r in json.loads(f.read_text(encoding="utf-8"))]


@plot("trajectory_length.png", "Tool calls per trajectory (TRAJECT-Bench) and per SDG row")
def trajectory_length(inp: PlotInput) -> Any | None:
    series: list[tuple[str, Sequence[int]]] = []
    if "traject" in inp.products and (inp.out_dir / "traject").is_dir():
        series += [("TRAJECT parallel", _traject_lengths(inp.out_dir / "traject", "simple_ver.json")),
                   ("TRAJECT sequential", _traject_lengths(inp.out_dir / "traject", "traj_query.json"))]
    sdg_files = sorted((inp.out_dir / "sdg").glob("*.jsonl")) if "sdg" in inp.products else []
    if sdg_files:
        series.append(("SDG rows", array("I", (n for f in sdg_files for n in _calls_per_row(f)))))
    series = [(name, xs) for name, xs in series if xs]
    if not series:
        return None
    top = max(max(xs) for _, xs in series)
    fig, (ax,) = figure(6.5, 3.4)
    edges = [x - 0.5 for x in range(top + 2)]
    colors = (OURS, EXTRA, THEIRS)
    ax.hist([xs for _, xs in series], bins=edges, label=[n for n, _ in series],
            color=list(colors[:len(series)]), density=True)
    ax.set_xticks(range(top + 1))
    ax.set_xlabel("tool calls (0 = answered in text)")
    ax.set_ylabel("share of rows of that kind")
    ax.set_title("Tool calls per trajectory (TRAJECT-Bench) or per row (SDG)", fontsize=10)
    ax.legend(fontsize=8, frameon=False)
    ax.spines[["top", "right"]].set_visible(False)
    return fig


def rejection_counts(out_dir: Path) -> Counter[str]:
    path = out_dir / "rejections.jsonl"
    counts: Counter[str] = Counter()
    if path.is_file():
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    r = json.loads(line)
                    counts[f"{r['product']}: {r.get('validator') or r.get('stage')}"] += 1
    return counts


@plot("rejections.png", "Rejections by format and validator, duplicates removed included")
def rejections(inp: PlotInput) -> Any | None:
    counts = rejection_counts(inp.out_dir)
    if not counts:
        return None
    top = counts.most_common(15)
    fig, (ax,) = figure(7.0, max(2.2, 1.0 + 0.3 * len(top)))  # one reason still gets a readable chart
    ys = range(len(top))
    rects = ax.barh(list(ys), [n for _, n in top], color=[EXTRA if "duplicate" in k else OURS for k, _ in top])
    ax.bar_label(rects, fontsize=7, padding=2)
    ax.set_yticks(list(ys), [k for k, _ in top], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("rejected drafts or removed rows")
    more = f" (top 15 of {len(counts)})" if len(counts) > 15 else ""
    ax.set_title(f"Rejection reasons{more}; orange: duplicates removed", fontsize=10)
    ax.spines[["top", "right"]].set_visible(False)
    return fig
