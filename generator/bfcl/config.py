"""Config section `products.bfcl` (strict)."""

from __future__ import annotations

from ..records import Record


class BfclConfig(Record):
    """Placeholder until the bfcl product lands; refuses unknown keys like every config model."""
