"""Payment schedules that fit the term the tool's prose allows: "layaways run at most 90 days"
with installments every two weeks holds at most 6 of them (set-13 reading: 8 to 12 biweekly
installments of a 90-day layaway were read as breaking the shop's rule in 15 of 60 rows)."""

from __future__ import annotations

import random
import re
from typing import Any

from ..records import Tool
from .schema import is_valid
from .semantic import tokens

_TERM = re.compile(r"\b(?:at most|no more than|up to|maximum of|within)\s+(\d+)\s+(day|week|month)s?\b", re.IGNORECASE)
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30}
_PERIOD_DAYS = {"daily": 1, "weekly": 7, "biweekly": 14, "fortnightly": 14, "semimonthly": 15, "semi_monthly": 15,
                "monthly": 30, "quarterly": 91}
_COUNTED = frozenset({"installments", "installment", "payments", "payment"})


def installments_within_term(tool: Tool, args: dict[str, Any], rng: random.Random,
                             keep: frozenset[str]) -> dict[str, Any]:
    """The number of installments cut to what the term holds at the call's frequency (its value,
    else its schema default); a call whose prose states no term, or that has no frequency, is kept."""
    term = _TERM.search(tool.description)
    if not term:
        return args
    term_days = int(term.group(1)) * _UNIT_DAYS[term.group(2).lower()]
    props = tool.properties
    count = next((p for p, s in props.items() if s.get("type") == "integer" and set(tokens(p)) & _COUNTED), None)
    period = next((p for p, s in props.items() if set(map(str, s.get("enum") or ())) & set(_PERIOD_DAYS)), None)
    if count is None or period is None or count in keep or not isinstance(args.get(count), int):
        return args
    every = _PERIOD_DAYS.get(str(args.get(period, props[period].get("default"))))
    if not every or args[count] * every <= term_days:
        return args
    low = int(props[count].get("minimum", 1))
    fits = [n for n in range(low, term_days // every + 1) if is_valid(props[count], n)]
    if fits:
        args[count] = rng.choice(fits)
    return args
