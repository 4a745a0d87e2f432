"""TRAJECT-Bench's offline metrics (`utils/metrics.py`; docs/formats.md, TRAJECT-Bench), reimplemented.

- exact_match_tools: set equality of `tool name`s (parallel) or list equality (sequential);
- inclusion_tools: |set(gt names) & set(pred names)| / len(gt list) -- a trajectory that
  repeats a tool name cannot reach 1.0, which is why we never repeat tools by default;
- tool_traj_usage: per shared tool name, the FIRST call of each side must have equal
  normalized required and optional parameter lists.
"""

from __future__ import annotations

import ast
import re
from typing import Any

Call = dict[str, Any]
COUNTRIES = {
    "US": "United States",
    "UK": "United Kingdom",
    "GB": "United Kingdom",
    "CA": "Canada",
    "AU": "Australia",
    "DE": "Germany",
    "FR": "France",
    "IN": "India",
    "JP": "Japan",
    "CN": "China",
    "IT": "Italy",
    "ES": "Spain",
    "BR": "Brazil",
    "MX": "Mexico",
}
_DATE = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")
_NUM = re.compile(r"^-?\d+(\.\d+)?$")


def names(calls: list[Call]) -> list[str]:
    return [c.get("tool name", "") for c in calls]


def exact_match_tools(gt: list[Call], pred: list[Call], order: bool = False) -> bool:
    if order:
        return names(gt) == names(pred)
    return set(names(gt)) == set(names(pred))


def inclusion_tools(gt: list[Call], pred: list[Call]) -> float:
    if not gt:
        return 0.0
    return len(set(names(gt)) & set(names(pred))) / len(gt)


def _literal(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    try:
        return ast.literal_eval(value)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return value


def _text(value: str) -> Any:
    s = re.sub(r"\s+", " ", value).strip().replace(", ", ",")
    if "," in s:
        s = ",".join(COUNTRIES.get(p, p) for p in s.split(","))
    m = _DATE.match(s)
    if m:
        return f"{int(m[1]):04d}-{int(m[2]):02d}-{int(m[3]):02d}"
    if s.lower() in ("true", "yes", "1"):
        return True
    if s.lower() in ("false", "no", "0"):
        return False
    if _NUM.match(s):
        return float(s) if "." in s else int(s)
    return s


def normalize_value(value: Any) -> Any:
    value = _literal(value)
    if isinstance(value, str):
        return _text(value)
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return value if value not in (0, 1) else bool(value)
    return value


def _empty(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == {}


def normalize_params(params: list[dict[str, Any]] | None) -> list[tuple[str, str]]:
    out = [
        (str(p.get("name")), repr(normalize_value(p.get("value"))))
        for p in params or []
        if not _empty(p.get("value"))
    ]
    return sorted(out)


def _params(call: Call, kind: str) -> list[dict[str, Any]]:
    return call.get(f"{kind} parameters", call.get(f"{kind}_parameters")) or []


def same_call(gt: Call, pred: Call) -> bool:
    return all(
        normalize_params(_params(gt, k)) == normalize_params(_params(pred, k))
        for k in ("required", "optional")
    )


def _first(calls: list[Call], name: str) -> Call:
    return next(c for c in calls if c.get("tool name") == name)


def tool_traj_usage(gt: list[Call], pred: list[Call]) -> list[bool]:
    shared: list[str] = []
    pred_names = set(names(pred))
    for n in names(gt):
        if n in pred_names and n not in shared:
            shared.append(n)
    return [same_call(_first(gt, n), _first(pred, n)) for n in shared]


def gold_scores(records: list[dict[str, Any]]) -> dict[str, float]:
    """Mean EM / inclusion / usage of every record's gold scored as its own prediction."""
    if not records:
        return {"em": 0.0, "inclusion": 0.0, "usage": 0.0, "n": 0}
    em = inc = use = 0.0
    for r in records:
        g = r["tool list"]
        em += exact_match_tools(g, g, r.get("trajectory_type") != "parallel")
        inc += inclusion_tools(g, g)
        u = tool_traj_usage(g, g)
        use += sum(u) / len(u) if u else 1.0
    n = len(records)
    return {"em": em / n, "inclusion": inc / n, "usage": use / n, "n": n}
