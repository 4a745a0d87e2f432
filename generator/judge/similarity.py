"""Tool similarity by name + description tokens (Jaccard), for plausible wrong tools."""

from __future__ import annotations

import re
from functools import lru_cache

from ..records import Tool

_STOP = frozenset(["a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "get", "in", "is", "it", "of", "on", "or", "set", "the", "to", "with", "this", "that", "your", "you", "can", "based", "given", "using", "use"])


def split_words(text: str) -> list[str]:
    """'getWeather_forecast' -> ['get', 'weather', 'forecast']."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text)
    return [w for w in re.split(r"[^A-Za-z0-9]+", spaced.lower()) if w]


@lru_cache(maxsize=8192)
def _tokens(name: str, description: str) -> frozenset[str]:
    return frozenset(w for w in split_words(f"{name} {description}") if w not in _STOP)


def tool_tokens(tool: Tool) -> frozenset[str]:
    return _tokens(tool.name, tool.description)


def jaccard(a: Tool, b: Tool) -> float:
    ta, tb = tool_tokens(a), tool_tokens(b)
    return len(ta & tb) / len(ta | tb) if ta | tb else 0.0


def nearest(tool: Tool, pool: list[Tool]) -> list[Tool]:
    """Other tools of `pool`, most similar first (ties broken by name, for determinism)."""
    others = [t for t in pool if t.name != tool.name]
    return sorted(others, key=lambda t: (-jaccard(tool, t), t.name))
