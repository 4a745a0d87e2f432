"""Repairs of a drawn call toward its profile's rules (generator.core.value_rules), one per rule kind.

A plain redraw rarely meets a rule that narrows a value a lot ("a Monday at least 7 days ahead",
"a window of at least 60 minutes"): the drawer knows nothing of it. So each broken rule gets one
targeted change first (add a required parameter, drop a forbidden one, keep one of several,
move a date to the next allowed day, set the second moment a gap after the first) and the
whole call is then checked again; what still breaks a rule is redrawn (generator.core.profiles.obeying).
Values the caller fixed are never changed, and a change the schema refuses is not made.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime, time, timedelta
from typing import Any

from ..records import (
    AllowedRule,
    AtMostOneRule,
    CalendarRule,
    ExactlyOneRule,
    ForbidsRule,
    OrderRule,
    RequiresRule,
    Rule,
    Tool,
)
from .schema import is_valid
from .value_rules import CHECKS, UNIT_SECONDS, WEEKDAYS, holds, moment, present

Draw = Callable[[str], Any]  # a fresh value for a top-level parameter (raises when it has none)


class Repair:
    """The context of one call's repair: its tool, fixed names, query time, rng and drawer."""

    def __init__(self, tool: Tool, keep: frozenset[str], now: datetime, rng: random.Random, draw: Draw) -> None:
        self.tool, self.keep, self.now, self.rng, self.draw = tool, keep, now, rng, draw

    def settable(self, path: str) -> bool:
        return "." not in path and "[" not in path and path not in self.keep and path in self.tool.properties

    def put(self, args: dict[str, Any], path: str, value: Any) -> None:
        if self.settable(path) and is_valid(self.tool.properties[path], value):
            args[path] = value

    def add(self, args: dict[str, Any], path: str) -> None:
        if self.settable(path) and not present(args, path):
            try:
                self.put(args, path, self.draw(path))
            except ValueError:  # no value for it (Unsampleable is a ValueError): the redraw decides
                pass

    def drop(self, args: dict[str, Any], path: str) -> None:
        if self.settable(path) and path not in self.tool.required:
            args.pop(path, None)


Fix = Callable[[Any, dict[str, Any], Repair], None]
FIXES: dict[str, Fix] = {}


def _fix(kind: str) -> Callable[[Fix], Fix]:
    def register(fn: Fix) -> Fix:
        FIXES[kind] = fn
        return fn
    return register


@_fix("requires")
def _requires(rule: RequiresRule, args: dict[str, Any], r: Repair) -> None:
    for path in rule.params:
        r.add(args, path)


@_fix("forbids")
def _forbids(rule: ForbidsRule, args: dict[str, Any], r: Repair) -> None:
    for path in rule.params:
        r.drop(args, path)


@_fix("exactly_one")
def _exactly_one(rule: ExactlyOneRule, args: dict[str, Any], r: Repair) -> None:
    if not any(present(args, p) for p in rule.params):
        r.add(args, r.rng.choice(rule.params))
    _keep_one(rule.params, args, r)


@_fix("at_most_one")
def _at_most_one(rule: AtMostOneRule, args: dict[str, Any], r: Repair) -> None:
    _keep_one(rule.params, args, r)


def _keep_one(params: list[str], args: dict[str, Any], r: Repair) -> None:
    """One of the given `params` stays: a value the caller fixed (bound to an earlier output)
    before one drawn here, else one at random."""
    given = [p for p in params if present(args, p)]
    fixed = [p for p in given if not r.settable(p)]
    kept = fixed[:1] or r.rng.sample(given, min(1, len(given)))
    for path in given:
        if path not in kept:
            r.drop(args, path)


@_fix("allowed")
def _allowed(rule: AllowedRule, args: dict[str, Any], r: Repair) -> None:
    value = args.get(rule.param)
    if value is None:
        return
    if rule.values is not None:
        r.put(args, rule.param, r.rng.choice(rule.values))
    elif isinstance(value, int | float) and not isinstance(value, bool):
        lo = rule.min if rule.min is not None else float("-inf")
        hi = rule.max if rule.max is not None else float("inf")  # (a lone minimum was capped at the value
        bounded = min(max(value, lo), hi)  # itself: 119 a night stayed under a 5-star hotel's 250, set 28)
        r.put(args, rule.param, round(bounded) if isinstance(value, int) and float(bounded).is_integer() else bounded)


@_fix("order")
def _order(rule: OrderRule, args: dict[str, Any], r: Repair) -> None:
    a, b = args.get(rule.first), args.get(rule.second)
    ma, mb = moment(a), moment(b)
    if ma is None or mb is None or type(ma) is not type(mb):
        return
    gap = _gap_for(rule, r.rng, isinstance(ma, float))
    if r.settable(rule.second):
        r.put(args, rule.second, _shifted(a, ma, gap, rule.unit, b))
    elif r.settable(rule.first):
        r.put(args, rule.first, _shifted(b, mb, -gap, rule.unit, a))


def _gap_for(rule: OrderRule, rng: random.Random, numbers: bool) -> float:
    """A gap inside [min_gap, max_gap]; dates and times default to whole quarter hours
    (or whole days), numbers to whole units."""
    lo = rule.min_gap if rule.min_gap is not None else (1.0 if numbers or rule.unit != "minutes" else 15.0)
    spread = 10.0 if numbers else {"minutes": 120.0, "hours": 4.0, "days": 7.0}[rule.unit or "minutes"]
    hi = rule.max_gap if rule.max_gap is not None else (lo * 3 if lo > 0 else spread)
    hi = max(hi, lo)
    step = 15.0 if rule.unit in (None, "minutes") and not numbers else 1.0
    choices = [lo + step * i for i in range(int((hi - lo) // step) + 1)]
    return rng.choice(choices) if choices else lo


def _shifted(base: Any, at: datetime | time | float, gap: float, unit: str | None, like: Any) -> Any:
    """`base` moved by `gap` units, written like `like` (a number stays an int when it can)."""
    if isinstance(at, float):
        out = at + gap
        return int(out) if isinstance(like, int) and isinstance(base, int) and out.is_integer() else out
    seconds = gap * UNIT_SECONDS[unit or "minutes"]
    if isinstance(at, time):
        moved = datetime.combine(datetime(2000, 1, 1), at) + timedelta(seconds=seconds)
        return _written(moved, like, time_only=True)
    return _written(at + timedelta(seconds=seconds), like)


def _written(when: datetime, like: Any, time_only: bool = False) -> Any:
    """`when` in the string shape of `like` ("2025-06-09", "2025-06-09T14:30:00Z", "14:30")."""
    text = str(like)
    if time_only:
        return when.strftime("%H:%M:%S" if text.count(":") == 2 else "%H:%M")
    if len(text) == 10:
        return when.strftime("%Y-%m-%d")
    sep = "T" if "T" in text else " "
    clock = "%H:%M:%S" if text[11:].count(":") >= 2 else "%H:%M"
    tail = "Z" if text.endswith("Z") else (text[-6:] if text[-6:-5] in "+-" and text[-3:-2] == ":" else "")
    return when.strftime(f"%Y-%m-%d{sep}{clock}") + tail


@_fix("calendar")
def _calendar(rule: CalendarRule, args: dict[str, Any], r: Repair) -> None:
    value = args.get(rule.param)
    when = moment(value)
    if not isinstance(when, datetime):
        return
    day = when.date()
    low = [r.now.date() + timedelta(days=rule.min_days_ahead)] if rule.min_days_ahead is not None else []
    low += [r.now.date()] if rule.not_past else []
    day = max([day, *low])
    if rule.not_future:
        day = min(day, r.now.date())
    step = -1 if rule.not_future else 1
    for _ in range(7):
        if not rule.weekdays or WEEKDAYS[day.weekday()] in rule.weekdays:
            break
        day += timedelta(days=step)
    moved = datetime.combine(day, when.time())
    if rule.not_future and moved > r.now:  # today, but later than the query: an hour before it
        moved = (r.now - timedelta(hours=1)).replace(second=0, microsecond=0)
    r.put(args, rule.param, _written(moved, value))


PASSES = 3  # a repair can break a rule repaired before it (a date moved after its gap was set)


def repaired(rules: list[Rule], args: dict[str, Any], r: Repair) -> dict[str, Any]:
    """`args` after targeted changes for the rules it breaks (a copy; fixed values kept), in up
    to PASSES passes over the rules."""
    out = dict(args)
    for _ in range(PASSES):
        broken = [rule for rule in rules if holds(rule.when, out) and CHECKS[rule.kind](rule, out, r.now)]
        if not broken:
            break
        for rule in broken:
            FIXES[rule.kind](rule, out, r)
    return out
