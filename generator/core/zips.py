"""Real US ZIP codes: a drawn ZIP is one the USPS delivers to, in the town its call names.

Five random digits are often no ZIP at all (43200), a post-office-box ZIP (98165) where a dock
or a house is meant, or a ZIP of another town than the city beside it. The `zipcodes` package
ships the USPS list (about 42,000 codes with their town and state); only active STANDARD codes
are drawn: street delivery, never a PO box, a single firm's code or a military one. Loaded once,
on the first ZIP a run draws.
"""

from __future__ import annotations

import random
from functools import lru_cache


@lru_cache(maxsize=1)
def _index() -> tuple[tuple[str, ...], dict[tuple[str, str], tuple[str, ...]], dict[str, tuple[str, ...]]]:
    import zipcodes

    every: list[str] = []
    by_town: dict[tuple[str, str], list[str]] = {}
    by_state: dict[str, list[str]] = {}
    for z in zipcodes.list_all():
        if z.get("zip_code_type") != "STANDARD" or not z.get("active"):
            continue
        code, state = str(z["zip_code"]), str(z["state"])
        every.append(code)
        by_town.setdefault((str(z["city"]).lower(), state), []).append(code)
        by_state.setdefault(state, []).append(code)
    return (tuple(every), {k: tuple(v) for k, v in by_town.items()}, {k: tuple(v) for k, v in by_state.items()})


def real_zip(rng: random.Random, city: str | None = None, state: str | None = None) -> str:
    """A delivering ZIP code: of `city` in `state` where the list knows the town, else of `state`,
    else of anywhere in the US."""
    every, by_town, by_state = _index()
    if city and state and (city.lower(), state) in by_town:
        return rng.choice(by_town[(city.lower(), state)])
    if state and state in by_state:
        return rng.choice(by_state[state])
    return rng.choice(every)


def of_town(city: str, state: str, seed: str) -> str | None:
    """A ZIP of `city`, `state` chosen by `seed` (a value drawn before: the same draw, the same
    ZIP), None when the list does not know the town."""
    codes = _index()[1].get((city.lower(), state))
    if not codes or not seed.isdigit():
        return None
    return seed if seed in codes else codes[int(seed) % len(codes)]  # the town's own stays


def town_of(code: str) -> tuple[str, str] | None:
    """(city, state) of a delivering ZIP code, None for any other string."""
    return _towns().get(code)


@lru_cache(maxsize=1)
def _towns() -> dict[str, tuple[str, str]]:
    _, by_town, _ = _index()
    return {code: (city.title(), state) for (city, state), codes in by_town.items() for code in codes}
