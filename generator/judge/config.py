"""Config section `products.judge` (strict)."""

from __future__ import annotations

from ..records import Record


class JudgeConfig(Record):
    """Placeholder until the judge product lands; refuses unknown keys like every config model."""
