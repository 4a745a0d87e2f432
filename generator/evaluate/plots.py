"""PNG plots (matplotlib, the optional extra `trajgen[eval]`): accuracy against vagueness level
with the 95% bands, one line per model evaluated into the same folder; and each model's
error-type mix per level. Without matplotlib, plots are skipped with a note."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..judge.config import LABELS

COLORS = {"VALID_CALL": "#4c9a2a", "TOOL_ERROR": "#c0392b", "PARAM_NAME_ERROR": "#e67e22",
          "PARAM_VALUE_ERROR": "#f1c40f"}


def pyplot() -> Any | None:
    try:
        import matplotlib

        matplotlib.use("Agg")  # files only, never a window
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    return plt


def model_summaries(root: Path) -> dict[str, dict[str, Any]]:
    """Model name -> summary.json of every model evaluated into `root`."""
    out = {}
    for f in sorted(root.glob("*/summary.json")):
        try:
            data = json.loads(f.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            continue
        out[str(data.get("name") or f.parent.name)] = data
    return out


def accuracy_plot(root: Path, path: Path) -> Path | None:
    plt = pyplot()
    fig = accuracy_figure(plt, model_summaries(root)) if plt is not None else None
    return save(plt, fig, path) if fig is not None else None


def accuracy_figure(plt: Any, summaries: dict[str, dict[str, Any]]) -> Any | None:
    """One panel per format, one line (with its band) per model."""
    formats = sorted({f for s in summaries.values() for f in s.get("formats", {})})
    if not formats:
        return None
    fig, axes = plt.subplots(1, len(formats), figsize=(4.2 * len(formats), 3.6), squeeze=False)
    for ax, fmt in zip(axes[0], formats, strict=True):
        for name, summary in summaries.items():
            levels = summary.get("formats", {}).get(fmt, {}).get("levels", [])
            if levels:
                draw_line(ax, name, levels)
        ax.set_title(title_of(fmt))
        ax.set_ylim(0, 1)
        ax.set_xlabel("vagueness level")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8, loc="lower left")
    axes[0][0].set_ylabel("accuracy (95% CI, clustered by target)")
    return fig


def title_of(fmt: str) -> str:
    from .formats.base import title_of as registered  # the formats import this module's helpers

    return registered(fmt)


def draw_line(ax: Any, name: str, levels: list[dict[str, Any]]) -> None:
    xs = [b["level"] for b in levels]
    ys = [b["accuracy"] for b in levels]
    line = ax.plot(xs, ys, marker="o", label=name)[0]
    lo = [b["ci95"][0] if b.get("ci95") else b["accuracy"] for b in levels]
    hi = [b["ci95"][1] if b.get("ci95") else b["accuracy"] for b in levels]
    ax.fill_between(xs, lo, hi, alpha=0.2, color=line.get_color())


def error_mix_plot(summary: dict[str, Any], path: Path) -> Path | None:
    plt = pyplot()
    formats = sorted(summary.get("formats", {}))
    if plt is None or not formats:
        return None
    fig, axes = plt.subplots(1, len(formats), figsize=(4.2 * len(formats), 3.6), squeeze=False)
    for ax, fmt in zip(axes[0], formats, strict=True):
        levels = summary["formats"][fmt]["levels"]
        xs = [b["level"] for b in levels]
        bottom = [0.0] * len(xs)
        for lab in LABELS:
            shares = [b["error_mix"][lab] for b in levels]
            ax.bar(xs, shares, bottom=bottom, label=lab, color=COLORS[lab])
            bottom = [b + s for b, s in zip(bottom, shares, strict=True)]
        ax.set_title(f"{title_of(fmt)}: {summary.get('name', '')}")
        ax.set_ylim(0, 1)
        ax.set_ylabel("share of items")
    axes[0][-1].legend(fontsize=7, loc="lower right")
    return save(plt, fig, path)


def save(plt: Any, fig: Any, path: Path) -> Path:
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp.png")
    fig.savefig(tmp, dpi=110, metadata={"Software": None})  # no version stamp: stable bytes
    plt.close(fig)
    tmp.replace(path)
    return path
