"""The summary as a terminal table: one row per format and level."""

from __future__ import annotations

from typing import Any

from rich.table import Table

from ..judge.config import LABELS

SHORT = {"VALID_CALL": "valid", "TOOL_ERROR": "tool", "PARAM_NAME_ERROR": "name", "PARAM_VALUE_ERROR": "value"}


def ci(block: dict[str, Any] | None) -> str:
    if not block or not block.get("ci95"):
        return "-"
    lo, hi = block["ci95"]
    return f"{lo:.3f}-{hi:.3f}"


def summary_table(summary: dict[str, Any]) -> Table:
    table = Table(title=f"trajgen eval: {summary['name']} ({summary['mode']})")
    for col in ("format", "level", "n", "targets", "accuracy", "95% CI", *(SHORT[lab] for lab in LABELS)):
        table.add_column(col, justify="left" if col in ("format", "level") else "right")
    for fmt, block in summary["formats"].items():
        for lv in block["levels"]:
            table.add_row(fmt, lv["level"], str(lv["n"]), str(lv["targets"]), f"{lv['accuracy']:.3f}", ci(lv),
                          *(f"{lv['error_mix'][lab]:.2f}" for lab in LABELS))
        for name, r in (block.get("rates") or {}).items():  # a format's own rates (when2call)
            value = r.get("rate", r.get("difference"))
            table.add_row(fmt, name, str(r.get("n", "")), str(r["targets"]), f"{value:+.3f}" if "difference" in r
                          else f"{value:.3f}", ci(r), "", "", "", "")
        drop = block.get("drop")
        if drop:
            table.add_row(fmt, f"drop {drop['from']}->{drop['to']}", "", str(drop["targets"]),
                          f"{drop['drop']:+.3f}", ci(drop), "", "", "", "")
    return table
