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
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..audit import STATS
from ..errors import InputError
from ..io import atomic_write_bytes
from ..registry import Registry
from .prepare import Prepared
from .reports import stats_report

PLOTS_DIR = "plots"
OURS, THEIRS, EXTRA = "#3b6ea5", "#c9c9c9", "#e08a3c"
RC: dict[str, Any] = {"font.family": "DejaVu Sans", "font.size": 9}  # DejaVu ships with matplotlib: same glyphs everywhere

@dataclass
class PlotInput:
    out_dir: Path
    products: list[str]
    prep: Prepared
    stats: dict[str, dict[str, Any] | None] = field(default_factory=dict)  # figures by product, read once


PlotFn = Callable[[PlotInput], "Any | None"]  # returns a matplotlib Figure, or None
PLOTS: dict[str, tuple[str, PlotFn]] = {}  # file name -> (caption, function), in drawing order
_ORDER: dict[str, int] = {}


def plot(name: str, caption: str, order: int) -> Callable[[PlotFn], PlotFn]:
    """Register a plot (here, or from a product's package); plots draw and show in `order`."""
    def deco(fn: PlotFn) -> PlotFn:
        if name in PLOTS:
            raise ValueError(f"plot '{name}' registered twice")
        _ORDER[name] = order
        PLOTS[name] = (caption, fn)
        ranked = sorted(PLOTS.items(), key=lambda kv: (_ORDER[kv[0]], kv[0]))
        PLOTS.clear()
        PLOTS.update(ranked)
        return fn
    return deco


@dataclass(frozen=True)
class LevelPanel:
    """A format's panel in the per-level plots (value recall, words per query), registered by its
    package under the product's name: its levels, its figures per level from its `trajgen stats`
    figures, and the same figures measured on the benchmark's published files."""

    title: str
    bench: str  # the benchmark's name, in the legend
    xlabel: str
    labels: tuple[str, ...]
    series: Callable[[dict[str, Any], str], list[float | None]]  # (stats figures, "vr" | "words") -> per label
    upstream: dict[str, tuple[float | None, ...]]  # "vr" | "words" -> the published files' values per label


LengthFn = Callable[["PlotInput"], list[tuple[str, Sequence[int]]]]  # (series name, tool calls per row)
LEVEL_PANELS: Registry[LevelPanel] = Registry("level panel of product")
CATEGORY_PANELS: Registry[str] = Registry("category panel of product")  # product -> the x label of its panel
LENGTH_SERIES: list[tuple[int, LengthFn]] = []  # (order, series of tool calls per row), registered by products


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

def _level_plot(inp: PlotInput, what: str, ylabel: str, fmt: str, title: str) -> Any | None:
    panels = [(panel, figs) for p in inp.products if p in LEVEL_PANELS
              if (panel := LEVEL_PANELS.get(p)) and (figs := stats_of(inp, p, p))]
    if not panels:
        return None
    fig, axes = figure(5.0 * len(panels), 4.0, len(panels))
    for ax, (panel, figs) in zip(axes, panels, strict=True):
        bars(ax, list(panel.labels), [("this dataset", panel.series(figs, what), OURS),
                                      (f"{panel.bench} (published files)", list(panel.upstream[what]), THEIRS)], fmt)
        ax.set_title(panel.title, fontsize=10)
        ax.set_ylabel(ylabel)
        ax.set_xlabel(panel.xlabel)
    fig.suptitle(title, fontsize=11)
    return fig


@plot("value_recall.png", "Value recall per vagueness level, next to the benchmark's own files", 10)
def value_recall(inp: PlotInput) -> Any | None:
    fig = _level_plot(inp, "vr", "value recall\n(share of gold values stated literally)", ".2f",
                      "Value recall per level: this dataset vs the benchmark")
    if fig is not None:
        for ax in fig.axes:
            ax.set_ylim(0, 1.1)
    return fig


@plot("words_per_query.png", "Mean words per query per vagueness level, next to the benchmark's own files", 20)
def words_per_query(inp: PlotInput) -> Any | None:
    return _level_plot(inp, "words", "mean words per query", ".1f",
                       "Words per query per level: this dataset vs the benchmark")


# ---------------------------------------------------------------- counts

def requested_vs_produced(ax: Any, planned: Counter[str], produced: Counter[str], groups: list[str]) -> None:
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


@plot("categories.png", "SDG and BFCL categories: rows requested by the config and rows written", 40)
def categories(inp: PlotInput) -> Any | None:
    shown = [p for p in inp.products if p in CATEGORY_PANELS and inp.prep.planned.get(p)]
    if not shown:
        return None
    tallest = max(len(inp.prep.planned[p]) for p in shown)
    fig, axes = figure(6.5 * len(shown), 1.2 + 0.32 * tallest, len(shown))
    for ax, p in zip(axes, shown, strict=True):
        planned = inp.prep.planned[p]
        requested_vs_produced(ax, planned, inp.prep.produced.get(p) or Counter(), sorted(planned))
        ax.set_xlabel(CATEGORY_PANELS.get(p))
        ax.set_title(f"{p.upper()} categories", fontsize=10)
    return fig


@plot("trajectory_length.png", "Tool calls per trajectory (TRAJECT-Bench) and per SDG row", 50)
def trajectory_length(inp: PlotInput) -> Any | None:
    series = [(name, xs) for _, fn in sorted(LENGTH_SERIES, key=lambda o_fn: o_fn[0]) for name, xs in fn(inp) if xs]
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


@plot("rejections.png", "Rejections by format and validator, duplicates removed included", 60)
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
