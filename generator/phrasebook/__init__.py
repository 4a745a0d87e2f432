"""Phrasing from the catalog alone, in the catalog author's words, as `ToolHints` for tools
without hand-written ones.

lexicon: English word knowledge (inflect, lemminflect); terms: what a parameter is (noun, unit,
role) from its description, and the few frames a value is said in; intent: the verb phrase of a
tool from its description; fragments: enum values and booleans in words; derive: the assembled
hints.
"""

from .derive import derive_hints, derived_for, hints_of

__all__ = ["derive_hints", "derived_for", "hints_of"]
