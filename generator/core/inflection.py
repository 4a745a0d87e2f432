"""The one `inflect` engine of the project, loaded without typeguard's instrumentation.

inflect decorates its methods with typeguard's `@typechecked`, which re-parses and recompiles
their source when the module is imported (about 2 s of every start on a small machine) and then
checks argument types on every call (a large share of the template writer's CPU). We call
inflect with plain strings and ints only, so its module is imported with `typechecked` bound to
the identity; the decorator is restored at once for anyone else.
"""

from __future__ import annotations

import importlib
import sys
from functools import lru_cache
from typing import Any


def _identity(target: Any = None, **_: Any) -> Any:
    return target if target is not None else _identity


def _import_inflect() -> Any:
    if "inflect" in sys.modules:
        return sys.modules["inflect"]
    import typeguard

    real = typeguard.typechecked
    typeguard.typechecked = _identity  # type: ignore[assignment]
    try:
        return importlib.import_module("inflect")
    finally:
        typeguard.typechecked = real


@lru_cache(maxsize=1)
def engine() -> Any:
    """The shared `inflect.engine()`."""
    return _import_inflect().engine()
