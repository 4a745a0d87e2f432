"""Results of pure functions of a catalog's schemas, found by the schema object's identity.

The value draws ask for the canonical JSON text of the same tool schema thousands of times a
run (`schema.schema_key`, the prose rules of `dependencies.rules`): dumping it each time was
about a tenth of a TRAJECT parallel draw. A schema is read once from the catalog and never
changed in place, so the text of one schema object is the text of its first dump. The memo keeps
each object it has seen alive (so its id is never reused by another object while the entry
stands) and drops its oldest entries past `size`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

R = TypeVar("R")


def by_identity(size: int = 4096, kinds: tuple[type, ...] = (dict, list)) -> Callable[[Callable[..., R]], Callable[..., R]]:
    """Memoize a function whose last argument is a schema (a dict or list never changed in place;
    or one of `kinds`, such as a catalog's Tool) by that argument's identity and the other
    arguments' values (hashable: names, prose); a last argument of another kind goes straight
    through."""

    def wrap(fn: Callable[..., R]) -> Callable[..., R]:
        seen: dict[tuple[Any, ...], tuple[Any, R]] = {}

        @wraps(fn)
        def memoized(*args: Any) -> R:
            obj = args[-1]
            if not isinstance(obj, kinds):
                return fn(*args)
            key = (*args[:-1], id(obj))
            hit = seen.get(key)
            if hit is not None:  # the entry keeps obj alive: no other object has its id meanwhile
                return hit[1]
            result = fn(*args)
            if len(seen) >= size:
                del seen[next(iter(seen))]
            seen[key] = (obj, result)
            return result

        memoized.cache_clear = seen.clear  # type: ignore[attr-defined]
        return memoized

    return wrap
