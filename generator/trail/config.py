"""Config section `products.trail` (strict)."""

from __future__ import annotations

from ..records import Record


class TrailConfig(Record):
    """Placeholder until the trail product lands; refuses unknown keys like every config model."""
