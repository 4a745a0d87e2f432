"""The eval-format contract (`base.py`: how to find a format's files, turn them into items, and
score a prediction with the format's own rule) and the generic call scorer (`calls.py`). Each
format's module lives in its product's package (e.g. trail/eval.py) and registers itself in
FORMATS when imported (plugins.load_plugins)."""

from .base import FORMATS, EvalFormat, LoadContext

__all__ = ["FORMATS", "EvalFormat", "LoadContext"]
