"""The plausibility audit's check of value profiles: every exported call against its tool's rules.

A run drawn with value profiles writes them beside its data (`value_profiles.json`,
generator.core.profiles). This module reads that file as plain JSON and re-checks each exported call
(generator.core.plausibility reads the calls from the files, with their tool's name and query time)
with its own small readers of the seven rule kinds: it imports neither the rule records nor
generator.core.value_rules, so a checker or a repair that goes wrong is caught rather than agreed with.
Calls of a tool without rules are not counted; a rule's `when` that does not hold is not counted.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

FILE = "value_profiles.json"
_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_UNIT = {"minutes": 60.0, "hours": 3600.0, "days": 86400.0}


@dataclass
class RuleBook:
    rules: dict[str, list[dict[str, Any]]]  # tool name -> its rules as written
    reference: datetime  # the query time of calls whose file does not give one


def load_rules(path: Path) -> RuleBook | None:
    """The profiles file of the run at (or above) `path`; None without one or when unreadable."""
    start = path if path.is_dir() else path.parent
    for folder in (start, *start.parents):
        if (folder / FILE).is_file():
            try:
                data = json.loads((folder / FILE).read_text(encoding="utf-8"))
                tools = data["tools"]
                reference = datetime.fromisoformat(data["reference_time"])
            except (OSError, ValueError, KeyError, TypeError):
                return None
            return RuleBook({n: list(p.get("rules") or []) for n, p in tools.items() if isinstance(p, dict)},
                            reference)
    return None


def _values(args: dict[str, Any], path: str) -> list[Any]:
    nodes: list[Any] = [args]
    for part in path.split("."):
        name, many = part.removesuffix("[]"), part.endswith("[]")
        got = [n.get(name) for n in nodes if isinstance(n, dict) and n.get(name) is not None]
        nodes = [v for g in got for v in (g if isinstance(g, list) else [])] if many else got
    return nodes


def _eq(a: Any, b: Any) -> bool:
    if isinstance(a, str) and isinstance(b, str):
        return a.strip().lower() == b.strip().lower()
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    return bool(a == b)


def _applies(rule: dict[str, Any], args: dict[str, Any]) -> bool:
    for path, wanted in (rule.get("when") or {}).items():
        got = _values(args, path)
        if not got or (wanted and not any(_eq(g, w) for g in got for w in wanted)):
            return False
    return True


def _moment(value: Any) -> tuple[str, Any] | None:
    from .plausibility import _key  # the audit's own reader of numbers, dates and clock times

    return _key(value)


def _requires(r: dict[str, Any], args: dict[str, Any], now: datetime) -> str | None:
    missing = [p for p in r["params"] if not _values(args, p)]
    return f"missing {', '.join(missing)}" if missing else None


def _forbids(r: dict[str, Any], args: dict[str, Any], now: datetime) -> str | None:
    there = [p for p in r["params"] if _values(args, p)]
    return f"has {', '.join(there)}" if there else None


def _count(r: dict[str, Any], args: dict[str, Any]) -> int:
    return sum(bool(_values(args, p)) for p in r["params"])


def _allowed(r: dict[str, Any], args: dict[str, Any], now: datetime) -> str | None:
    for v in _values(args, r["param"]):
        if r.get("values") is not None and not any(_eq(v, w) for w in r["values"]):
            return f"{r['param']}={v!r} not listed"
        number = v if isinstance(v, int | float) and not isinstance(v, bool) else None
        if number is not None and ((r.get("min") is not None and number < r["min"])
                                   or (r.get("max") is not None and number > r["max"])):
            return f"{r['param']}={v!r} out of bounds"
    return None


def _order(r: dict[str, Any], args: dict[str, Any], now: datetime) -> str | None:
    a, b = _values(args, r["first"]), _values(args, r["second"])
    if not a or not b:
        return None
    ka, kb = _moment(a[0]), _moment(b[0])
    if ka is None or kb is None or ka[0] != kb[0]:
        return f"{r['first']}={a[0]!r} and {r['second']}={b[0]!r} not comparable"
    if ka[0] == "t":
        ka = ("d", datetime.combine(datetime(2000, 1, 1), ka[1]))
        kb = ("d", datetime.combine(datetime(2000, 1, 1), kb[1]))
    gap = kb[1] - ka[1]
    gap = gap.total_seconds() / _UNIT[r.get("unit") or "minutes"] if isinstance(gap, timedelta) else gap
    low, high = r.get("min_gap"), r.get("max_gap")
    if (gap <= 0 if low is None else gap < low) or (high is not None and gap > high):
        return f"{r['first']}={a[0]!r} -> {r['second']}={b[0]!r}: gap {gap:g}"
    if r.get("same_day") and ka[1].date() != kb[1].date():
        return f"{r['first']}={a[0]!r} and {r['second']}={b[0]!r} on two days"
    return None


def _calendar(r: dict[str, Any], args: dict[str, Any], now: datetime) -> str | None:
    for v in _values(args, r["param"]):
        k = _moment(v)
        if k is None or k[0] != "d":
            return f"{r['param']}={v!r} is no date"
        day, ahead = k[1], (k[1].date() - now.date()).days
        if (r.get("weekdays") and _DAYS[day.weekday()] not in r["weekdays"]) \
                or (r.get("min_days_ahead") is not None and ahead < r["min_days_ahead"]) \
                or (r.get("max_days_ahead") is not None and ahead > r["max_days_ahead"]) \
                or (r.get("not_future") and day > now) or (r.get("not_past") and ahead < 0):
            return f"{r['param']}={v!r} ({_DAYS[day.weekday()]}, {ahead} day(s) after {now:%Y-%m-%d})"
    return None


KINDS: dict[str, Callable[[dict[str, Any], dict[str, Any], datetime], str | None]] = {
    "requires": _requires,
    "forbids": _forbids,
    "exactly_one": lambda r, a, now: None if _count(r, a) == 1 else f"{_count(r, a)} of {', '.join(r['params'])}",
    "at_most_one": lambda r, a, now: None if _count(r, a) <= 1 else f"{_count(r, a)} of {', '.join(r['params'])}",
    "allowed": _allowed,
    "order": _order,
    "calendar": _calendar,
}


def broken(rules: list[dict[str, Any]], args: dict[str, Any], now: datetime) -> list[tuple[str, str | None]]:
    """(kind, what broke or None) for every rule that applies to the call."""
    return [(r.get("kind", "?"), KINDS[r["kind"]](r, args, now) if r.get("kind") in KINDS else "unknown kind")
            for r in rules if isinstance(r, dict) and _applies(r, args)]
