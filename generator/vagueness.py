"""Measurable vagueness (docs/formats.md, Vagueness), shared by plans, validators, audits and stats.

Text is compared after `norm`: lowercase, whitespace collapsed. A gold value counts as
"recalled" when its normalized string occurs verbatim inside the normalized query. Booleans,
None and values shorter than 2 characters are skipped (they cannot be found literally);
list values are split into their elements. This is exactly the definition used by the
reviewer's independent check, so our numbers and theirs agree.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

_WS = re.compile(r"\s+")


def norm(s: Any) -> str:
    """Lowercase, whitespace-collapsed string form of any value (str() for non-strings)."""
    return _WS.sub(" ", str(s).lower()).strip()


def value_elements(value: Any) -> list[Any]:
    """A list value contributes each element; anything else is a single element."""
    return list(value) if isinstance(value, list) else [value]


def countable(value: Any) -> bool:
    """Whether a single (non-list) value takes part in value recall."""
    if isinstance(value, bool) or value is None:
        return False
    return len(norm(value)) >= 2


def gold_values(params: dict[str, Any]) -> list[tuple[str, str]]:
    """(param, normalized value) pairs that value recall counts, in parameter order."""
    out: list[tuple[str, str]] = []
    for name, value in params.items():
        for x in value_elements(value):
            if countable(x):
                out.append((name, norm(x)))
    return out


def recalled(query: str, values: Iterable[tuple[str, str]]) -> list[bool]:
    nq = norm(query)
    return [v in nq for _, v in values]


def value_recall(query: str, values: Sequence[tuple[str, str]]) -> float:
    """Share of gold values occurring verbatim in the query; 0.0 when there are none."""
    if not values:
        return 0.0
    hits = recalled(query, values)
    return sum(hits) / len(hits)


def mentions_app(query: str, app: str) -> bool:
    """Whether the app (TRAILBench `toolname`) is named in the query."""
    a = norm(app)
    return bool(a) and a in norm(query)


def mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0
