"""The one `inflect` engine of the project, loaded without typeguard's instrumentation.

inflect decorates its methods with typeguard's `@typechecked`, which re-parses and recompiles
their source when the module is imported (about 2 s of every start on a small machine) and then
checks argument types on every call (a large share of the template writer's CPU). We call
inflect with plain strings and ints only, so its module is imported with `typechecked` bound to
the identity; the decorator is restored at once for anyone else.
"""

from __future__ import annotations

import importlib
import re
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
    """The shared `inflect.engine()`, whose `a` says an initialism by its letters' names."""
    eng = _import_inflect().engine()
    plain = eng.a

    def a(text: str, count: Any = 1) -> str:
        said = spelled_article(text) if count == 1 else None
        return f"{said} {text}" if said else plain(text, count)

    eng.a = a
    return eng


# An initialism opening a phrase ("UTC date", "FAO gear code", "EU code"), said letter by letter:
# two capitals, or a capital and consonants only, or a capital and two vowels (set 38: inflect
# gave "an UTC date", "a FAO gear code", "a EU code").
_INITIALISM = re.compile(r"([A-Z])([A-Z]{1,3})(?=$|[\s,;:.)/-])")
_AN_LETTERS = frozenset("AEFHILMNORSX")


def spelled_article(text: str) -> str | None:
    """ "a" / "an" of a phrase opening with an initialism said by its letters; None otherwise
    ("ICES rectangle", "SIM card": said as words, inflect decides)."""
    m = _INITIALISM.match(text)
    if m is None:
        return None
    rest = m[2]
    if not (len(rest) == 1 or not set(rest) & set("AEIOUY") or len(rest) == 2 and set(rest) <= set("AEIOU")):
        return None
    return "an" if m[1] in _AN_LETTERS else "a"
