"""Config section `products.traject` (strict)."""

from __future__ import annotations

from ..records import Record


class TrajectConfig(Record):
    """Placeholder until the traject product lands; refuses unknown keys like every config model."""
