"""Phrasing from the catalog alone: what a tool does (intents), how each parameter's value is
said (fragments), nouns and enum words, as `ToolHints` for tools without hand-written ones.

lexicon: English word knowledge (inflect, lemminflect); nouns: parameter noun phrases;
fragments: value phrasing per semantic type; intents: verb and object from the name and the
description; derive: the assembled hints.
"""

from .derive import derive_hints, derived_for, fragment_options, hints_of

__all__ = ["derive_hints", "derived_for", "fragment_options", "hints_of"]
