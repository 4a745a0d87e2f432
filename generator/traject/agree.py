"""Simulated results that agree with the call and the catalog's prose (issue 21).

A record a lookup returns satisfies the call's own date filters: a search `issued_from` ..
`issued_to` lists citations issued in that window, `from_date` .. `to_date` batches compounded in
it, `date_from_year` .. `date_to_year` objects dated in those years (`honor_dates`). The field a
filter constrains is the row's date field that shares the filter's own words (`issued_at` for
`issued_to`), else its first field named as a moment (`compounded_on`), else its first date.

Money in a result is on the scale the prose states (`stated_amounts`): the amount the tool's
description gives for a value the call carries ("V170 blocking driveway $100" for a citation
with violation_code V170, "annual $144" for an annual permit), else a figure between the
smallest and largest amount the tool (or, failing that, its domain) states; a catalog that
states none keeps the simulator's everyday scale.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from datetime import date, timedelta
from typing import Any

from ..records import Tool
from .graph import param_words

# Words of a filter's name saying which end of a range it sets.
LOWER = frozenset({"from", "start", "after", "since", "begin", "earliest", "min", "starting"})
UPPER = frozenset({"to", "end", "before", "until", "through", "latest", "max", "ending"})
# Words that say only that a filter is a date ("issued_from" constrains issued_at).
DATE_WORDS = frozenset({"date", "dates", "day", "year", "time", "datetime", "at", "on"})
# Last words of a field holding the moment a record happened (`compounded_on`, `issued_at`).
MOMENT_WORDS = frozenset({"at", "on", "date", "time", "datetime", "when", "timestamp"})
# The default width of a range the call bounds on one side only (days before / after).
OPEN_RANGE = (60, 30)
_ISO_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")

Range = tuple[date | None, date | None]


def day_of(value: Any) -> date | None:
    """The calendar day a value starts with ("2025-06-20 11:15" -> 2025-06-20), None otherwise."""
    m = _ISO_DAY.match(value) if isinstance(value, str) else None
    try:
        return date(int(m.group(1)), int(m.group(2)), int(m.group(3))) if m else None
    except ValueError:
        return None


def _bound(param: str, value: Any) -> tuple[str, int, date] | None:
    """(the filter's own words, 0 lower / 1 upper, the day) of a date filter argument."""
    w = param_words(param).split()
    sides = [s for s, words in enumerate((LOWER, UPPER)) if words & set(w)]
    if len(sides) != 1:
        return None
    year = str(value) if "year" in w and re.fullmatch(r"\d{4}", str(value)) else ""
    day = (date(int(year), 12, 31) if sides[0] else date(int(year), 1, 1)) if year else day_of(value)
    stem = " ".join(x for x in w if x not in LOWER | UPPER | DATE_WORDS)
    return (stem, sides[0], day) if day else None


def date_filters(args: dict[str, Any]) -> dict[str, Range]:
    """The call's date ranges by the words naming what they filter ("" for a bare from_date)."""
    out: dict[str, list[date | None]] = {}
    for param in sorted(args):
        found = _bound(param, args[param])
        if found:
            out.setdefault(found[0], [None, None])[found[1]] = found[2]
        elif (one := _one_day(param, args[param])) is not None:  # "delivery_date": that day, both ends
            out.setdefault(one[0], [one[1], one[1]])
    return {stem: (lo, hi) for stem, (lo, hi) in out.items()}


def _one_day(param: str, value: Any) -> tuple[str, date] | None:
    """(the filter's own words, the day) of a call asking for one day (`delivery_date`, `available_on`):
    a search of June 3 finds deliveries of June 3, never of June 20 (set 32)."""
    w = param_words(param).split()
    day = day_of(value) if set(w) & DATE_WORDS and not set(w) & (LOWER | UPPER) else None
    if day is None or not isinstance(value, str) or len(value) != 10:
        return None
    return " ".join(x for x in w if x not in DATE_WORDS), day


def filtered_field(row: dict[str, Any], stem: str, args: Iterable[str]) -> str | None:
    """The row's date field a filter named by `stem` constrains (None: the row holds no date)."""
    given = set(args)
    dated = [f for f, v in row.items() if f not in given and day_of(v) is not None]
    named = [f for f in dated if stem and set(stem.split()) & set(param_words(f).split())]
    moments = [f for f in dated if param_words(f).split()[-1:] and param_words(f).split()[-1] in MOMENT_WORDS]
    return next(iter(named or moments or dated), None)


def within(value: str, span: Range, rng: random.Random) -> str:
    """`value` if its day lies in `span`, else a day drawn in it in the same format; a span
    whose ends contradict each other leaves the value as it is."""
    day, (lo, hi) = day_of(value), span
    if day is None or (lo is None or day >= lo) and (hi is None or day <= hi):
        return value
    lo = lo or (hi - timedelta(days=OPEN_RANGE[0]) if hi else None)
    hi = hi or (lo + timedelta(days=OPEN_RANGE[1]) if lo else None)
    if lo is None or hi is None or lo > hi:
        return value
    drawn = lo + timedelta(days=rng.randint(0, (hi - lo).days))
    return drawn.isoformat() + value[10:]


def honor_dates(rows: list[dict[str, Any]], args: dict[str, Any], rng: random.Random) -> None:
    """Every row's constrained date lies in the range the call asked for."""
    for stem, span in date_filters(args).items():
        for row in rows:
            f = filtered_field(row, stem, args)
            if f is not None:
                row[f] = within(row[f], span, rng)


# ---------------------------------------------------------------- money on the prose's scale

_NUMBER = r"(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?"
_AMOUNT = re.compile(rf"(?:[$€£]\s?|\b(?:USD|EUR|GBP)\s?){_NUMBER}|{_NUMBER}\s?(?:USD|EUR|GBP|dollars|euros)\b")
# Field words of an amount of money.
# ("total" alone is as often a count of results as a sum: `total_usd` is money by its unit.)
MONEY_WORDS = frozenset({"price", "fare", "fee", "fees", "amount", "balance", "cost", "paid", "fine",
                         "charge", "penalty", "usd", "eur", "gbp", "owed", "subtotal"})
# What ends the clause an amount belongs to ("V101 expired meter $45; V102 ...").
_CLAUSE_END = re.compile(r"[;\n]|\.\s")


def stated_amounts(text: str) -> list[tuple[int, float]]:
    """(position, amount) of every sum of money the prose states ("$45", "1,200 USD")."""
    out = []
    for m in _AMOUNT.finditer(text):
        whole, frac = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        out.append((m.start(), float(whole.replace(",", "") + (frac or ""))))
    return out


def prose(tool: Tool) -> str:
    return f"{tool.description} {tool.output or ''}"


def amount_for(text: str, args: dict[str, Any]) -> float | None:
    """The amount the prose states for a value the call carries: the first amount after the
    value in the same clause ("V170 blocking driveway $100")."""
    amounts = stated_amounts(text)
    for param in sorted(args):
        value = args[param]
        if not isinstance(value, str) or len(value.strip()) < 2:
            continue
        for m in re.finditer(rf"(?<![\w-]){re.escape(value)}(?![\w-])", text, re.IGNORECASE):
            end = _CLAUSE_END.search(text, m.end())
            stop = end.start() if end else len(text)
            found = [a for at, a in amounts if m.end() <= at < stop]
            if found:
                return found[0]
    return None


def on_scale(amounts: list[float], rng: random.Random) -> float:
    """A figure between the smallest and largest stated amount, whole when they all are."""
    lo, hi = min(amounts), max(amounts)
    if all(a == int(a) for a in amounts):
        return float(rng.randint(int(lo), int(hi)))
    return round(rng.uniform(lo, hi), 2)


def is_money(field: str) -> bool:
    return bool(MONEY_WORDS & set(param_words(field).split()))


def price(rows: list[dict[str, Any]], tool: Tool, args: dict[str, Any], domain: list[float],
          rng: random.Random) -> None:
    """Money fields the call did not give are on the prose's scale (the module docstring)."""
    own = [a for _, a in stated_amounts(prose(tool))]
    named, scale = amount_for(prose(tool), args), own or domain
    if named is None and not scale:
        return
    for row in rows:
        for f, v in row.items():
            if f not in args and is_money(f) and isinstance(v, int | float) and not isinstance(v, bool):
                row[f] = named if named is not None else on_scale(scale, rng)
