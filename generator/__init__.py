"""trajgen: tool-calling benchmark and training data with controlled, verified query vagueness."""

import re as _re

__version__ = "0.1.0"

# The phrasing rules and the reader build patterns from a catalog's own words (several thousand
# distinct ones on a run); `re` keeps 512 compiled patterns and recompiles the rest each time, about
# 5% of a quickstart's CPU. A larger cache keeps them (docs/performance.md).
if getattr(_re, "_MAXCACHE", 0) < 8192:
    _re._MAXCACHE = 8192  # type: ignore[attr-defined]
