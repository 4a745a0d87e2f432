"""The scale of money a catalog works in, read from its own money parameters: the least amounts
and the examples it gives ("Demurrage rate in USD per day, e.g. 28,000 for an MR, 90,000 for a
VLCC", "lumpsum_usd" from 50,000). A sum of money whose own schema says nothing of its scale but a
wide cap ("Amount claimed by the owners in USD", 0 to 5,000,000) is drawn at that scale, never at
a shop receipt's (set 42: demurrage claims of 60 and 171 USD against 400 hours on demurrage)."""

from __future__ import annotations

import re
import statistics
from collections.abc import Iterable
from typing import Any

from ..records import Tool
from . import semantic

_SCALES: dict[str, float] = {}  # domain -> the median of its money figures (registered by generator.catalog)
_SAID = re.compile(r"\b(?:e\.g\.|for example|such as|typically|usually)[,:]?\s*(?:about |around )?\$?(\d{1,3}(?:,\d{3})+|\d+)"
                   r"(?:\.\d+)?(?:\s*(?:-|to)\s*\$?(\d{1,3}(?:,\d{3})+|\d+))?", re.IGNORECASE)
_MORE = re.compile(r",\s*(\d{1,3}(?:,\d{3})+|\d{4,})\b")  # "e.g. 28,000 for an MR, 90,000 for a VLCC"


def _figures(name: str, schema: dict[str, Any]) -> list[float]:
    said = str(schema.get("description") or "")
    out = [float(schema["minimum"])] if isinstance(schema.get("minimum"), int | float) and schema["minimum"] >= 1 else []
    for m in _SAID.finditer(said):
        out += [float(x.replace(",", "")) for x in (m[1], m[2]) if x]
        out += [float(x.replace(",", "")) for x in _MORE.findall(said[m.end():m.end() + 80])]
    return out


def note(domain: str, tools: Iterable[Tool]) -> None:
    """Register the domain's money scale: the median of the figures its money parameters give,
    when they give two or more."""
    figures = [f for t in tools for n, s in t.properties.items() if isinstance(s, dict) and
               s.get("type") in ("number", "integer") and semantic.infer(n, s) == "money" for f in _figures(n, s)]
    if len(figures) >= 2:
        _SCALES[domain] = statistics.median(figures)
    else:
        _SCALES.pop(domain, None)


def scale(domain: str) -> float | None:
    """The domain's money scale, None when its catalog gives none."""
    return _SCALES.get(domain)
