"""The rules of a value profile (records.ValueProfile), checked in code.

A rule names parameters by path: a top-level name ("pickup_start") or a field of an object
("address.zip"); `allowed` and `calendar` may also name array items ("lines[].qty": every item is
checked). `violations(rules, args, now)` lists every rule a call breaks (one line each, [] = the
call obeys); `rule_problems(tool, rules)` lists what is wrong with the rules themselves for that
tool (unknown parameters, values its schema refuses), for a re-ask or a one-line refusal.

Each kind is one checker in CHECKS (a registry, so a new kind is one function).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime, time
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
from .lore import leaves
from .schema import is_valid

UNIT_SECONDS = {"minutes": 60, "hours": 3600, "days": 86400}
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MISSING = object()


# ---------------------------------------------------------------- reading a call

def values_at(args: dict[str, Any], path: str) -> list[Any]:
    """Every value a call sets at `path` ("a.b", "lines[].qty"); [] when absent (None is absent)."""
    found: list[Any] = [args]
    for part in path.split("."):
        many = part.endswith("[]")
        name = part[:-2] if many else part
        nxt: list[Any] = []
        for node in found:
            value = node.get(name, _MISSING) if isinstance(node, dict) else _MISSING
            if value is _MISSING or value is None:
                continue
            if many:
                nxt.extend(v for v in value if v is not None) if isinstance(value, list) else None
            else:
                nxt.append(value)
        found = nxt
    return found


def present(args: dict[str, Any], path: str) -> bool:
    return bool(values_at(args, path))


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, str) and isinstance(b, str):
        return a.strip().lower() == b.strip().lower()
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    return bool(a == b)


def holds(when: dict[str, list[Any]], args: dict[str, Any]) -> bool:
    """The rule's condition: every named parameter present with one of its listed values (an
    empty list: with any value)."""
    for path, wanted in when.items():
        got = values_at(args, path)
        if not got or (wanted and not any(_same(g, w) for g in got for w in wanted)):
            return False
    return True


# ---------------------------------------------------------------- dates, times and numbers

def moment(value: Any) -> datetime | time | float | None:
    """A value as something ordered: a datetime (ISO date or date-time, naive in UTC), a time of
    day ("14:30"), or a number; None when it is none of these."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if not isinstance(value, str) or not value.strip():
        return None
    text = value.strip()
    try:
        return time.fromisoformat(text) if len(text) <= 8 and ":" in text else _naive(datetime.fromisoformat(text))
    except ValueError:
        return None


def _naive(when: datetime) -> datetime:
    return when if when.tzinfo is None else when.astimezone(UTC).replace(tzinfo=None)


def _gap(a: datetime | time | float, b: datetime | time | float, unit: str | None) -> float | None:
    """b - a, in `unit` for dates and times (plain difference for numbers); None when the two
    are not comparable."""
    if isinstance(a, float) and isinstance(b, float):
        return b - a
    if isinstance(a, time) and isinstance(b, time):
        a, b = datetime.combine(date(2000, 1, 1), a), datetime.combine(date(2000, 1, 1), b)
    if isinstance(a, datetime) and isinstance(b, datetime):
        return (b - a).total_seconds() / UNIT_SECONDS[unit or "minutes"]
    return None


# ---------------------------------------------------------------- the checks

Check = Callable[[Any, dict[str, Any], datetime], list[str]]
CHECKS: dict[str, Check] = {}


def _check(kind: str) -> Callable[[Check], Check]:
    def register(fn: Check) -> Check:
        CHECKS[kind] = fn
        return fn
    return register


def _cond(rule: Rule) -> str:
    if not rule.when:
        return ""
    return " when " + " and ".join(f"{p} is {' or '.join(map(str, v))}" if v else f"{p} is given"
                                   for p, v in rule.when.items())


@_check("requires")
def _requires(rule: RequiresRule, args: dict[str, Any], now: datetime) -> list[str]:
    return [f"{p} is required{_cond(rule)}" for p in rule.params if not present(args, p)]


@_check("forbids")
def _forbids(rule: ForbidsRule, args: dict[str, Any], now: datetime) -> list[str]:
    return [f"{p} is not allowed{_cond(rule)}" for p in rule.params if present(args, p)]


@_check("exactly_one")
def _exactly_one(rule: ExactlyOneRule, args: dict[str, Any], now: datetime) -> list[str]:
    n = sum(present(args, p) for p in rule.params)
    return [] if n == 1 else [f"exactly one of {', '.join(rule.params)} must be given{_cond(rule)} ({n} are)"]


@_check("at_most_one")
def _at_most_one(rule: AtMostOneRule, args: dict[str, Any], now: datetime) -> list[str]:
    n = sum(present(args, p) for p in rule.params)
    return [] if n <= 1 else [f"at most one of {', '.join(rule.params)} may be given{_cond(rule)} ({n} are)"]


@_check("allowed")
def _allowed(rule: AllowedRule, args: dict[str, Any], now: datetime) -> list[str]:
    out = []
    for value in values_at(args, rule.param):
        if rule.values is not None and not any(_same(value, w) for w in rule.values):
            out.append(f"{rule.param}={value!r} is not one of {rule.values}{_cond(rule)}")
        number = moment(value) if isinstance(value, int | float) else None
        if isinstance(number, float) and ((rule.min is not None and number < rule.min)
                                          or (rule.max is not None and number > rule.max)):
            out.append(f"{rule.param}={value!r} is outside [{rule.min}, {rule.max}]{_cond(rule)}")
    return out


@_check("order")
def _order(rule: OrderRule, args: dict[str, Any], now: datetime) -> list[str]:
    a, b = values_at(args, rule.first), values_at(args, rule.second)
    if not a or not b:
        return []
    ma, mb = moment(a[0]), moment(b[0])
    gap = _gap(ma, mb, rule.unit) if ma is not None and mb is not None else None
    where = f"{rule.first}={a[0]!r}, {rule.second}={b[0]!r}"
    if gap is None:
        return [f"{rule.first} and {rule.second} cannot be compared ({where})"]
    # strictly after, unless min_gap is given: min_gap 0 allows the same value ("not after")
    after = gap >= rule.min_gap if rule.min_gap is not None else gap > 0
    out = [] if after else [f"{rule.second} must come after {rule.first} ({where})"]
    unit = f" {rule.unit}" if rule.unit else ""
    if rule.min_gap is not None and gap < rule.min_gap and after:
        out.append(f"{rule.second} must be at least {rule.min_gap:g}{unit} after {rule.first} ({where})")
    if rule.max_gap is not None and gap > rule.max_gap:
        out.append(f"{rule.second} must be at most {rule.max_gap:g}{unit} after {rule.first} ({where})")
    if rule.same_day and isinstance(ma, datetime) and isinstance(mb, datetime) and ma.date() != mb.date():
        out.append(f"{rule.first} and {rule.second} must be on the same day ({where})")
    return [line + _cond(rule) for line in out]


@_check("calendar")
def _calendar(rule: CalendarRule, args: dict[str, Any], now: datetime) -> list[str]:
    return [line + _cond(rule) for value in values_at(args, rule.param) for line in _on_calendar(rule, value, now)]


def _on_calendar(rule: CalendarRule, value: Any, now: datetime) -> Iterator[str]:
    when = moment(value)
    if not isinstance(when, datetime):
        yield f"{rule.param}={value!r} is not a date"
        return
    days = (when.date() - now.date()).days
    if rule.weekdays and WEEKDAYS[when.weekday()] not in rule.weekdays:
        yield f"{rule.param}={value!r} is a {WEEKDAYS[when.weekday()]}, not a {' or '.join(rule.weekdays)}"
    if rule.min_days_ahead is not None and days < rule.min_days_ahead:
        yield f"{rule.param}={value!r} must be at least {rule.min_days_ahead} day(s) after {now:%Y-%m-%d}"
    if rule.max_days_ahead is not None and days > rule.max_days_ahead:
        yield f"{rule.param}={value!r} must be at most {rule.max_days_ahead} day(s) after {now:%Y-%m-%d}"
    if rule.not_future and when > now:
        yield f"{rule.param}={value!r} is in the future (query time {now:%Y-%m-%d %H:%M})"
    if rule.not_past and when < now and days < 0:
        yield f"{rule.param}={value!r} is in the past (query time {now:%Y-%m-%d %H:%M})"


def violations(rules: list[Rule], args: dict[str, Any], now: datetime) -> list[str]:
    """Every rule `args` breaks at query time `now` ([] = the call obeys every rule)."""
    return [line for rule in rules if holds(rule.when, args) for line in CHECKS[rule.kind](rule, args, now)]


# ---------------------------------------------------------------- the rules themselves

def param_paths(tool: Tool) -> dict[str, dict[str, Any]]:
    """Every path a rule or a value list may name, with its schema: leaves and objects."""
    out = dict(leaves(tool.parameters))
    for name, prop in tool.properties.items():
        out.setdefault(name, prop if isinstance(prop, dict) else {})
    return out


def _named(rule: Rule) -> list[tuple[str, str]]:
    """(field, path) of every parameter a rule names."""
    names = [(f"when['{p}']", p) for p in rule.when]
    if isinstance(rule, RequiresRule | ForbidsRule | ExactlyOneRule | AtMostOneRule):
        names += [("params", p) for p in rule.params]
    elif isinstance(rule, OrderRule):
        names += [("first", rule.first), ("second", rule.second)]
    elif isinstance(rule, AllowedRule | CalendarRule):
        names.append(("param", rule.param))
    return names


def _one_valued(rule: Rule) -> bool:
    """Kinds that need a single value per call at each named path (no array items)."""
    return not isinstance(rule, AllowedRule | CalendarRule)


def rule_problems(tool: Tool, rules: list[Rule]) -> list[str]:
    """What is wrong with `rules` for `tool` ([] = usable): unknown paths, array items where one
    value is needed, values the schema refuses, an `allowed` rule that allows nothing."""
    paths = param_paths(tool)
    known = ", ".join(sorted(paths)) or "none"
    problems = []
    for i, rule in enumerate(rules):
        for field, path in _named(rule):
            if path not in paths:
                problems.append(f"rules[{i}] ({rule.kind}) {field} names '{path}', which is not a parameter of "
                                f"{tool.name} (parameters: {known})")
            elif "[]" in path and (_one_valued(rule) or field.startswith("when")):
                problems.append(f"rules[{i}] ({rule.kind}) {field} names the array item '{path}': only "
                                "'allowed' and 'calendar' rules may name array items")
        problems += _value_problems(i, rule, paths)
    return problems


def _value_problems(i: int, rule: Rule, paths: dict[str, dict[str, Any]]) -> list[str]:
    out = []
    listed = [(f"when['{p}']", p, v) for p, vs in rule.when.items() for v in vs]
    if isinstance(rule, AllowedRule):
        if rule.values is None and rule.min is None and rule.max is None:
            out.append(f"rules[{i}] (allowed) gives neither values nor min/max")
        listed += [("values", rule.param, v) for v in rule.values or []]
    for field, path, value in listed:
        if path in paths and not is_valid(paths[path], value):
            out.append(f"rules[{i}] ({rule.kind}) {field} lists {value!r}, which the schema of '{path}' refuses")
    return out
