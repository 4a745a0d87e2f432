"""Time that moves forward along a sequential chain (issue 21).

A chain is one person's errand in order: a technician found available on June 4 does not sign
a return on June 2, and a unit is not returned to service before the repair order that took it
out was reported. So:

- a later step's own moments (dates and date-times the query states) are never before the
  moments of the steps before it: when they are, they move forward by whole days together,
  so their order within the call and their time of day stay (`forward`);
- a record an output describes as past (a bin's `last_reading_at`, a work order's `opened_at`)
  happened no later than the first moment a later step states (`settle`), and a moment the
  output names as ahead (`next_free_slot`, `correct_by`, `expected_return`) is not before the
  chain's present.

Only the moments of the errand count: values within `WINDOW` of the reference time (a date of
birth or a year of death is history, not part of the chain).
"""

from __future__ import annotations

import random
import re
from datetime import date, datetime, timedelta
from typing import Any

from ..core.values import REFERENCE_TIME
from .agree import date_filters, filtered_field
from .graph import param_words

# How far from the reference time a value is still a moment of the chain (days before, after).
WINDOW = (30, 400)
# Words of an output field holding a moment still ahead (a deadline, a next slot, an end).
AHEAD = frozenset({"next", "due", "by", "until", "expires", "expiry", "expected", "scheduled", "upcoming",
                   "deadline", "end", "ends", "start", "starts", "valid", "eta", "return", "planned"})
# Words of a moment a deadline sets: it lies ahead of the errand, never its present (a job due June 18
# does not move the time logged on it to June 18).
_DEADLINE = frozenset({"due", "deadline", "expires", "expiry", "expiration", "end", "ends", "until"})  # nor is a
# NOTAM's end the moment its replacement starts after (set 39: replaced after it ended)
# How many days before the next step a past record is dated at most.
PAST_DAYS = 14
_MOMENT = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?")


def moment(value: Any) -> datetime | None:
    """The moment a value names when it is one of the chain's (the module docstring), else None."""
    m = _MOMENT.match(value) if isinstance(value, str) else None
    if m is None:
        return None
    try:
        at = datetime(int(m[1]), int(m[2]), int(m[3]), int(m[4] or 0), int(m[5] or 0))
    except ValueError:
        return None
    lo, hi = REFERENCE_TIME - timedelta(days=WINDOW[0]), REFERENCE_TIME + timedelta(days=WINDOW[1])
    return at if lo <= at <= hi else None


def moments(args: dict[str, Any]) -> list[datetime]:
    return [at for v in args.values() if (at := moment(v)) is not None]


def shifted(value: str, days: int) -> str:
    """`value` with its calendar day moved by `days`, the rest of the text (a time, a zone) kept."""
    day = date.fromisoformat(value[:10]) + timedelta(days=days)
    return day.isoformat() + value[10:]


def _days_after(earliest: datetime, latest: datetime) -> int:
    """Whole days to add to `earliest` so it is not before `latest`."""
    if earliest >= latest:
        return 0
    days = (latest.date() - earliest.date()).days
    return days + (1 if earliest + timedelta(days=days) < latest else 0)


def forward(before: list[dict[str, Any]], args: dict[str, Any], fixed: set[str]) -> dict[str, Any]:
    """`args` with its free moments moved forward together by whole days so that none is before
    a moment of the calls `before` it; unchanged when a fixed value (bound or kept from an earlier
    call) is itself a moment, whose order with the others would break."""
    latest = max((at for a in before for p, v in a.items() if not _DEADLINE & set(param_words(p).split())
                  and (at := moment(v)) is not None), default=None)  # a new job's due date is no present (set 39)
    free = {p: at for p, v in args.items() if p not in fixed and (at := moment(v)) is not None}
    if latest is None or not free or any(moment(args[p]) for p in fixed if p in args):
        return args
    days = _days_after(min(free.values()), latest)
    return {p: shifted(v, days) if p in free else v for p, v in args.items()} if days else args


def _ahead(field: str) -> bool:
    return bool(AHEAD & set(param_words(field).split()))


def _floor(row: dict[str, Any], field: str, args: dict[str, Any]) -> date | None:
    """The earliest day the call's own date filters allow for the field (None: no lower bound)."""
    lows = [lo for stem, (lo, _) in date_filters(args).items() if lo and filtered_field(row, stem, args) == field]
    return max(lows, default=None)


def settle(rows: list[dict[str, Any]], args: dict[str, Any], span: tuple[datetime, datetime],
           keep: set[str], rng: random.Random) -> None:
    """Past records at most the first later moment or the present (`span[0]`), moments ahead not
    before the present (`span[1]`); fields the call gave or a later step reads stay."""
    until, now = span
    given = {str(v) for v in args.values()}
    for row in rows:
        for f in [f for f in row if f not in keep and f not in args and str(row[f]) not in given]:
            at = moment(row[f])
            if at is None:
                continue
            if _ahead(f) and at.date() < now.date():
                row[f] = shifted(row[f], (now.date() - at.date()).days + rng.randint(1, PAST_DAYS))
            elif not _ahead(f) and at.date() > until.date():
                floor = _floor(row, f, args)
                if floor and floor > until.date():
                    continue  # the call's own filter is after the next step: nothing fits both
                room = (until.date() - floor).days if floor else PAST_DAYS
                back = rng.randint(min(1, max(room, 0)), max(min(room, PAST_DAYS), 0))
                row[f] = shifted(row[f], (until.date() - at.date()).days - back)


def spans(calls: list[dict[str, Any]]) -> list[tuple[datetime, datetime]]:
    """Per call: (the first moment a later call states, else the present; the present: the
    latest moment stated up to it, at least the reference time)."""
    out = []
    for i in range(len(calls)):
        later = [at for a in calls[i + 1:] for at in moments(a)]
        now = max([REFERENCE_TIME, *(at for a in calls[: i + 1] for at in moments(a))])
        out.append((min(later, default=now), now))
    return out
