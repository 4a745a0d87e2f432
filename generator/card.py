"""The dataset card: README.md in every run directory, a Hugging Face dataset card.

Built by generator.hub.card from registered sections (generator.hub.sections); a new section
is one function: `@section(ORDER, "name")` from this module.
"""

from __future__ import annotations

from .hub import meaning as _meaning  # noqa: F401  (registers "vagueness by meaning")
from .hub import sections as _sections  # noqa: F401  (registers the sections)
from .hub.card import SECTIONS, CardInput, card_text, section

__all__ = ["SECTIONS", "CardInput", "card_text", "section"]
