"""Simulated results whose fields agree with the call and with each other (issue 21).

What a reader checks first in an output is that it answers the call that made it:

- a field that names what an argument names carries the argument's value, also under a longer
  name (`balances_commodity` of a balance asked for `commodity`; `echo_named`);
- a quantity the call filtered on through a derived word ("at least 580,000 bushels of free
  space": `min_free_space_bu`) holds in the result: capacity minus current (`free_space`);
- a part never exceeds its whole (`current_bu` <= `capacity_bu`, `used_x` <= `total_x`), and a
  net is gross minus tare, whether the call or the result gives the other two (`whole_parts`,
  `net_of`);
- a quantity in the unit of a quantity the call gave is on its scale: a shrink of 3,300 wet
  bushels yields at most 3,300 dry bushels, a total at least the costs it sums (`same_scale`);
- a total billed at a rate on one quantity is their product (`charges`);
- a record's moments follow its life: born before dying, dying before burial, opened before
  closed (`life_order`).

Fields a later step reads (`keep`) are never touched: their values are the chain's gold.
"""

from __future__ import annotations

import random
from datetime import timedelta
from itertools import pairwise
from typing import Any

from .agree import day_of
from .graph import param_words

Row = dict[str, Any]

# Words of a parameter that hold no thing of their own: a longer field ending with them names
# anything ("farm_name" is no grower's name filter).
BROAD = frozenset({"name", "id", "type", "status", "value", "date", "time", "code", "number", "query", "q",
                   "keyword", "search", "limit", "page", "offset", "sort", "order"})
# Words that only say a parameter's form: `start_time` names what a `start` field holds.
FORM_WORDS = frozenset({"time", "date", "at", "on", "value"})
# First words of the part and of the whole of one quantity (`current_bu` of `capacity_bu`).
PART_WORDS = frozenset({"current", "used", "occupied", "filled", "stored", "booked", "reserved", "sold", "consumed",
                        "spent", "issued"})
WHOLE_WORDS = frozenset({"capacity", "total", "max", "maximum", "limit", "allotted", "allocated"})
# First words of a derived quantity: what is left of a whole (`free_space_bu`, `available_seats`).
LEFT_WORDS = frozenset({"free", "available", "remaining", "open", "spare", "unused"})
# First words of a sum: at least the quantities of its unit the call gave.
SUM_WORDS = frozenset({"total", "sum", "grand", "gross", "overall"})
# Units no scale follows from: a percentage is 0-100 whatever the input's percentage was.
NO_SCALE = frozenset({"pct", "percent", "percentage", "rate", "ratio", "f", "c", "id", "ids", "year", "days"})


def _words(name: str) -> list[str]:
    return param_words(name).split()


def _number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


def _as_number(v: Any) -> float | None:
    if _number(v):
        return float(v)
    if isinstance(v, str):
        try:
            return float(v)
        except ValueError:
            return None
    return None


def _like(old: Any, new: float) -> Any:
    """`new` in the type of `old` (a whole number stays whole)."""
    return round(new) if isinstance(old, int) else round(new, 2)


def _bound_word(w: list[str]) -> bool:
    return len(w) > 1 and w[0] in ("min", "max")


def named_arg(field: str, args: dict[str, Any]) -> str | None:
    """The argument a field names under another spelling: the field ends with the argument's
    words (`balances_commodity` ~ `commodity`), or the argument is the field plus a word of form
    (`start` ~ `start_time`); never a bound (`min_price`) and never a broad word alone."""
    fw = _words(field)
    for p in sorted(args):
        pw = _words(p)
        if not pw or _bound_word(pw) or pw == fw or (len(pw) == 1 and pw[0] in BROAD):
            continue
        tail = len(fw) > len(pw) and fw[-len(pw):] == pw
        formed = len(pw) > len(fw) and pw[: len(fw)] == fw and set(pw[len(fw):]) <= FORM_WORDS
        if tail or formed and fw[-1] not in BROAD:
            return p
    return None


def echo_named(rows: list[Row], args: dict[str, Any], keep: set[str]) -> None:
    """A field naming an argument under a longer or shorter name carries the argument's value."""
    for row in rows:
        for f in [f for f in row if f not in keep and f not in args]:
            p = named_arg(f, args)
            value = args.get(p) if p else None
            if isinstance(value, str) and not isinstance(row[f], list | dict) or _number(value):
                row[f] = value


def _pairs(row: Row, firsts: frozenset[str], seconds: frozenset[str]) -> list[tuple[str, str]]:
    """(a, b) fields of one quantity: a's first word in `firsts`, b's in `seconds`, same rest."""
    out = []
    for a in row:
        wa = _words(a)
        if len(wa) < 2 or wa[0] not in firsts or not _number(row[a]):
            continue
        for b in row:
            wb = _words(b)
            if len(wb) >= 2 and wb[0] in seconds and wb[1:] == wa[1:] and _number(row[b]):
                out.append((a, b))
    return out


def whole_parts(rows: list[Row], keep: set[str], rng: random.Random) -> None:
    """A part larger than its whole is redrawn as a share of it (a bin holds at most its capacity)."""
    for row in rows:
        for part, whole in _pairs(row, PART_WORDS, WHOLE_WORDS):
            if row[part] > row[whole] and part not in keep:
                row[part] = _like(row[part], row[whole] * rng.uniform(0.15, 0.85))


def free_space(rows: list[Row], args: dict[str, Any], keep: set[str], rng: random.Random) -> None:
    """A minimum (or maximum) of what is left (`min_free_space_bu`) holds as whole minus part."""
    for p, v in sorted(args.items()):
        w, limit = _words(p), _as_number(v)
        if not (_bound_word(w) and len(w) > 2 and w[1] in LEFT_WORDS and limit is not None):
            continue
        unit = w[-1]
        for row in rows:
            pairs = [(a, b) for a, b in _pairs(row, PART_WORDS, WHOLE_WORDS) if _words(a)[-1] == unit]
            for part, whole in pairs[:1]:
                if part in keep or whole in keep:
                    continue
                if w[0] == "min" and row[whole] < limit:
                    row[whole] = _like(row[whole], limit * rng.uniform(1.1, 1.6))
                left = row[whole] - row[part]
                if w[0] == "min" and left < limit or w[0] == "max" and left > limit:
                    lo, hi = (limit, row[whole]) if w[0] == "min" else (0, min(limit, row[whole]))
                    row[part] = _like(row[part], row[whole] - rng.uniform(lo, hi))


def net_of(rows: list[Row], args: dict[str, Any], keep: set[str]) -> None:
    """net = gross - tare for one quantity (`net_weight_lb`, `gross_weight_lb`, `tare_weight_lb`),
    the result's member computed from the two the call or the result gives."""
    for row in rows:
        both = {**args, **row}
        for f in [f for f in row if f not in keep and f not in args and _number(row[f])]:
            w = _words(f)
            if len(w) < 2 or w[0] not in ("net", "gross", "tare"):
                continue
            other = {k: _as_number(both.get(k)) for k in both if _words(k)[1:] == w[1:] and _words(k)[0] in
                     ("net", "gross", "tare") and _words(k)[0] != w[0]}
            got = {_words(k)[0]: x for k, x in other.items() if x is not None}
            if len(got) < 2:
                continue
            value = {"net": got.get("gross", 0) - got.get("tare", 0), "gross": got.get("net", 0) + got.get("tare", 0),
                     "tare": got.get("gross", 0) - got.get("net", 0)}[w[0]]
            if value >= 0:
                row[f] = _like(row[f], value)


def _scale_of(args: dict[str, Any], unit: str) -> list[float]:
    """The quantities the call gave in `unit` (its last word), bounds and shares left out."""
    out = []
    for p, v in sorted(args.items()):
        w, x = _words(p), _as_number(args[p])
        if w and w[-1] == unit and not _bound_word(w) and x is not None and x > 0 and not isinstance(v, bool):
            out.append(x)
    return out


def same_scale(rows: list[Row], args: dict[str, Any], keep: set[str], rng: random.Random) -> None:
    """A quantity in the unit of quantities the call gave is on their scale: a sum at least
    their sum, anything else (what came of them: dry from wet bushels) at most the largest."""
    for row in rows:
        for f in [f for f in row if f not in keep and f not in args and _number(row[f])]:
            w = _words(f)
            given = _scale_of(args, w[-1]) if len(w) > 1 and w[-1] not in NO_SCALE else []
            if not given:
                continue
            lo, hi = (sum(given), sum(given) * 1.6) if w[0] in SUM_WORDS else (min(given) * 0.5, max(given))
            if not lo <= row[f] <= hi:
                row[f] = _like(row[f], rng.uniform(max(lo, hi * 0.85), hi) if w[0] not in SUM_WORDS
                               else rng.uniform(lo * 1.05, hi))


# Stages of one record's life, in order, by the words of its moment fields: a person is born
# before dying and dies before being buried; a case is opened before it is closed. The days an
# earlier stage moves back by when it is found after a later one.
STAGES: tuple[tuple[frozenset[str], tuple[int, int]], ...] = (
    (frozenset({"birth", "born"}), (365 * 20, 365 * 90)),
    (frozenset({"death", "died", "deceased"}), (1, 10)),
    (frozenset({"interment", "burial", "buried", "funeral", "cremation"}), (1, 10)),
)
CASE_STAGES: tuple[tuple[frozenset[str], tuple[int, int]], ...] = (
    (frozenset({"opened", "created", "reported", "issued", "ordered", "placed", "filed", "submitted"}), (1, 10)),
    (frozenset({"closed", "completed", "resolved", "delivered", "corrected", "fulfilled"}), (1, 10)),
)


# A span's start before its end (set 39: a NOTAM found starting June 3 and ending June 2).
SPAN_STAGES: tuple[tuple[frozenset[str], tuple[int, int]], ...] = (
    (frozenset({"start", "starts", "begin", "begins", "effective"}), (1, 10)),
    (frozenset({"end", "ends", "expires", "expiry", "until"}), (1, 10)),
)


def _stage(field: str, stages: tuple[tuple[frozenset[str], tuple[int, int]], ...]) -> int | None:
    w = set(_words(field))
    return next((i for i, (words, _) in enumerate(stages) if words & w), None)


def life_order(rows: list[Row], keep: set[str], rng: random.Random) -> None:
    """A record's moments follow its life: an earlier stage found after a later one moves back
    before it (a date of birth after the date of death, a burial before the death)."""
    for stages in (STAGES, CASE_STAGES, SPAN_STAGES):
        for row in rows:
            staged = sorted(((i, f) for f in row if (i := _stage(f, stages)) is not None and day_of(row[f])),
                            reverse=True)
            for (later, b), (earlier, a) in pairwise(staged):
                day_a, day_b = day_of(row[a]), day_of(row[b])
                if earlier < later and a not in keep and day_a and day_b and day_a > day_b:
                    back = rng.randint(*stages[earlier][1])
                    row[a] = (day_b - timedelta(days=back)).isoformat() + str(row[a])[10:]


# Words of a result's field that sums a charge; of a rate; of what a rate is paid on.
_TOTAL_WORDS = frozenset({"total", "amount", "due", "charge", "charges", "cost", "costs", "invoiced", "billed"})
_RATE_WORDS = frozenset({"rate", "tariff"})
_PAID_ON = frozenset({"hours", "hour", "days", "nights", "quantity", "qty", "units", "count", "tons", "tonnes",
                      "kg", "lbs", "minutes", "gallons", "liters", "litres", "miles", "km", "pieces", "containers"})


def charged(args: dict[str, Any]) -> float | None:
    """A rate times the one quantity the call pays it on (`inspector_hours` 20 at an
    `hourly_rate_eur` of 240: 4800); None unless the call gives exactly one of each."""
    rates = [float(v) for p, v in args.items() if _number(v) and _RATE_WORDS & set(_words(p))]
    paid = [float(v) for p, v in args.items() if _number(v) and not _RATE_WORDS & set(w := _words(p))
            and _PAID_ON & set(w)]
    return round(rates[0] * paid[0], 2) if len(rates) == 1 and len(paid) == 1 else None


def charges(rows: list[Row], args: dict[str, Any], keep: set[str]) -> None:
    """The total a call billing a rate on one quantity returns is their product (set 38: 20
    inspector hours at 240 EUR an hour invoiced 283 EUR)."""
    due = charged(args)
    if due is None:
        return
    for row in rows:
        for f in [f for f in row if f not in keep and f not in args and _number(row[f])]:
            if _TOTAL_WORDS & set(_words(f)) and not _RATE_WORDS & set(_words(f)):
                row[f] = _like(row[f], due)


def agree(rows: list[Row], args: dict[str, Any], keep: set[str], rng: random.Random) -> None:
    """Every rule of the module docstring, in the order one feeds the next."""
    life_order(rows, keep | set(args), rng)
    echo_named(rows, args, keep)
    same_scale(rows, args, keep, rng)
    charges(rows, args, keep)
    net_of(rows, args, keep)
    free_space(rows, args, keep, rng)
    whole_parts(rows, keep, rng)
