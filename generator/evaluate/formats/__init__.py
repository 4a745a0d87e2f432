"""One module per benchmark format: how to find its files, turn them into items, and score a
prediction with the format's own rule. Each registers itself in FORMATS."""

from . import bfcl, sdg, trail, traject, when2call  # noqa: F401  (registration)
from .base import FORMATS, EvalFormat, LoadContext

__all__ = ["FORMATS", "EvalFormat", "LoadContext"]
