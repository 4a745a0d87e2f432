"""Real US ZIP codes: a drawn ZIP is one the USPS delivers to, in the town its call names.

Five random digits are often no ZIP at all (43200), a post-office-box ZIP (98165) where a dock
or a house is meant, or a ZIP of another town than the city beside it. The `zipcodes` package
ships the USPS list (about 42,000 codes with their town and state); only active STANDARD codes
are drawn: street delivery, never a PO box, a single firm's code or a military one. Loaded once,
on the first ZIP a run draws.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
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


# ---------------------------------------------------------------- the catalog's own state

STATE_NAMES = {
    "Alabama": "AL", "Alaska": "AK", "Arizona": "AZ", "Arkansas": "AR", "California": "CA", "Colorado": "CO",
    "Connecticut": "CT", "Delaware": "DE", "Florida": "FL", "Georgia": "GA", "Hawaii": "HI", "Idaho": "ID",
    "Illinois": "IL", "Indiana": "IN", "Iowa": "IA", "Kansas": "KS", "Kentucky": "KY", "Louisiana": "LA",
    "Maine": "ME", "Maryland": "MD", "Massachusetts": "MA", "Michigan": "MI", "Minnesota": "MN", "Mississippi": "MS",
    "Missouri": "MO", "Montana": "MT", "Nebraska": "NE", "Nevada": "NV", "New Hampshire": "NH", "New Jersey": "NJ",
    "New Mexico": "NM", "New York": "NY", "North Carolina": "NC", "North Dakota": "ND", "Ohio": "OH", "Oklahoma": "OK",
    "Oregon": "OR", "Pennsylvania": "PA", "Rhode Island": "RI", "South Carolina": "SC", "South Dakota": "SD",
    "Tennessee": "TN", "Texas": "TX", "Utah": "UT", "Vermont": "VT", "Virginia": "VA", "Washington": "WA",
    "West Virginia": "WV", "Wisconsin": "WI", "Wyoming": "WY"}
# Longest first: "West Virginia" is no Virginia, "New Mexico" no Mexico; "Washington" and "Georgia" are
# people and a country too often to name a state alone.
_STATE_NAME = re.compile(r"\b(" + "|".join(sorted((n for n in STATE_NAMES if n not in ("Washington", "Georgia")),
                                                 key=len, reverse=True)) + r")\b")
_TOWN_STATE = re.compile(r"\b([A-Z][a-z]+(?: [A-Z][a-z]+)?),? ([A-Z]{2})\b")
# A town quoted where the prose speaks of towns ("Town of the service address, e.g. 'Middlebury'",
# "e.g. 'Town of Wellesley'"), never any quoted word (a surname 'Hollis', a hop 'Citra').
_TOWN_CLAUSE = re.compile(r"\b(?:[Tt]own|[Cc]ity|[Mm]unicipality|[Vv]illage|[Cc]ommunity|[Pp]lace|[Cc]ounty)\b"
                          r"(?:\be\.g\.|\bi\.e\.|[^.;\"]){0,160}")  # (within one JSON string)
_QUOTED_TOWN = re.compile(r"['\"](?:(?:Town|City|Village) of )?([A-Z][a-z]+(?: [A-Z][a-z]+)?)['\"]")
# A ZIP the prose writes as one: after "ZIP" or "postal code", or a state's code ("Dublin, OH 43017");
# never any five digits ("'NB14837'", a `maximum` of 50000: set 38, New York and Iowa votes for Ohio).
_ZIP_SAID = re.compile(r"(?:(?i:\bzip|\bpostal|\bpost code|\bpostcode)[^;\n]{0,40}?|\b[A-Z]{2},? )(?<![\w-])(\d{5})(?![\w-])")
_PHONE_SAID = re.compile(r"(?<!\d)\(?([2-9]\d{2})\)?[-. ]\d{3}[-. ]\d{4}(?!\d)")
# The state of each area code a phone number is drawn with (generator.core.semantic), and of a few
# more, so a number a catalog shows ("802-555-0176") tells its state.
AREA_STATES = {
    "201": "NJ", "202": "DC", "203": "CT", "205": "AL", "206": "WA", "207": "ME", "208": "ID", "210": "TX",
    "212": "NY", "213": "CA", "214": "TX", "215": "PA", "216": "OH", "217": "IL", "224": "IL", "240": "MD",
    "248": "MI", "256": "AL", "262": "WI", "267": "PA", "281": "TX", "301": "MD", "302": "DE", "303": "CO",
    "304": "WV", "305": "FL", "307": "WY", "312": "IL", "313": "MI", "314": "MO", "316": "KS", "317": "IN",
    "319": "IA", "320": "MN", "330": "OH", "336": "NC", "347": "NY", "352": "FL", "360": "WA", "385": "UT",
    "401": "RI", "402": "NE", "404": "GA", "405": "OK", "406": "MT", "407": "FL", "408": "CA", "410": "MD",
    "412": "PA", "413": "MA", "414": "WI", "415": "CA", "417": "MO", "425": "WA", "435": "UT", "443": "MD",
    "469": "TX", "480": "AZ", "501": "AR", "502": "KY", "503": "OR", "504": "LA", "505": "NM", "507": "MN",
    "508": "MA", "512": "TX", "513": "OH", "515": "IA", "520": "AZ", "530": "CA", "540": "VA", "541": "OR",
    "559": "CA", "571": "VA", "601": "MS", "602": "AZ", "603": "NH", "605": "SD", "608": "WI", "612": "MN",
    "614": "OH", "615": "TN", "617": "MA", "619": "CA", "626": "CA", "630": "IL", "646": "NY", "650": "CA",
    "651": "MN", "678": "GA", "701": "ND", "702": "NV", "703": "VA", "704": "NC", "713": "TX", "720": "CO",
    "727": "FL", "734": "MI", "757": "VA", "763": "MN", "774": "MA", "781": "MA", "801": "UT", "802": "VT",
    "803": "SC", "804": "VA", "808": "HI", "813": "FL", "816": "MO", "828": "NC", "832": "TX", "843": "SC",
    "857": "MA", "858": "CA", "860": "CT", "904": "FL", "907": "AK", "913": "KS", "916": "CA", "917": "NY",
    "919": "NC", "925": "CA", "952": "MN", "971": "OR", "973": "NJ", "978": "MA"}


def state_of(prose: str) -> str | None:
    """The one US state a catalog's prose works in, or None: the state it names ("propane
    dealer in Vermont"), the towns it writes with their state ("Middlebury, VT"), the ZIPs of its
    examples and the towns it quotes that only one state has ("'Manassas', 'Reston'"). A state
    named counts two votes, an example phone's area code half of one; at least 0.8 votes, and
    more than six in ten of all (set 32: Alabama ZIPs for a Vermont dealer,
    Chicago and Phoenix for one-call tickets in Fairfax County)."""
    return _state_of(prose) if prose else None


@lru_cache(maxsize=256)
def _state_of(prose: str) -> str | None:
    votes: defaultdict[str, float] = defaultdict(float)  # (a town of several states votes for each in part)
    for name in _STATE_NAME.findall(prose):
        votes[STATE_NAMES[name]] += 2.0
    by_town = _index()[1]
    for town, code in _TOWN_STATE.findall(prose):
        if (town.lower(), code) in by_town:
            votes[code] += 1
    for code in _ZIP_SAID.findall(prose):
        if (town := town_of(code)) is not None:
            votes[town[1]] += 1
    for area in _PHONE_SAID.findall(prose):
        if area in AREA_STATES:  # an example number's area code is half a vote
            votes[AREA_STATES[area]] += 0.5
    for county in _quoted_counties(prose):
        held = [state for (name, state) in _counties()[1] if name == county_key(county)]
        for state in held:
            votes[state] += 1 / len(held)
    states = _states_of_towns()
    for town in _quoted_towns(prose):
        for state in states.get(town.lower(), ()):  # "Middlebury" is in Vermont, Connecticut and Indiana
            votes[state] += 1 / len(states[town.lower()])
    top = max(votes, key=lambda s: votes[s], default=None)
    if top is None or votes[top] < 0.8 or votes[top] <= 0.6 * sum(votes.values()):
        return None  # a catalog of towns all over the country ('Boston', 'Denver', 'Austin') has no state
    return top


@lru_cache(maxsize=64)
def area_codes_of(state: str) -> tuple[str, ...]:
    """The area codes `AREA_STATES` gives `state`, in their order."""
    return tuple(a for a, s in AREA_STATES.items() if s == state)


def _quoted_towns(prose: str) -> set[str]:
    return {t for clause in _TOWN_CLAUSE.findall(prose) if not _COUNTY_LED.match(clause)
            for t in _QUOTED_TOWN.findall(clause)}


def _quoted_counties(prose: str) -> set[str]:
    """Names quoted after "county" ("County name, used with state, e.g. 'Bexar'"): counties, never
    towns (set 41: 'Bexar' voted for a hamlet in Arkansas, and every point of a Texas tower
    company's searches lay there)."""
    return {t for clause in _TOWN_CLAUSE.findall(prose) if _COUNTY_LED.match(clause)
            for t in _QUOTED_TOWN.findall(clause)}


_COUNTY_LED = re.compile(r"[Cc]ounty\b")


def is_town(name: str) -> bool:
    """Whether `name` is a US town's name (the ZIP index's; any case)."""
    return name.lower() in _states_of_towns()


@lru_cache(maxsize=1)
def _states_of_towns() -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for city, state in _index()[1]:
        out.setdefault(city, set()).add(state)
    return {k: frozenset(v) for k, v in out.items()}


def towns_of(state: str, prose: str = "") -> tuple[str, ...]:
    """The towns of `state` a draw picks from: those the prose quotes, else its thirty towns with
    the most delivering ZIP codes (the towns people live in, never a crossroads)."""
    return _towns_of(state, prose)


@lru_cache(maxsize=64)
def _towns_of(state: str, prose: str) -> tuple[str, ...]:
    states = _states_of_towns()
    quoted = sorted({t for t in _quoted_towns(prose) if state in states.get(t.lower(), ())})
    if len(quoted) >= 2:
        return tuple(quoted)
    by_town = _index()[1]
    ranked = sorted(((len(codes), city) for (city, s), codes in by_town.items() if s == state), reverse=True)
    return tuple(city.title() for _, city in ranked[:30])


def point_of(town: str, state: str) -> tuple[float, float] | None:
    """(lat, lon) of a town of `state`: the first of its delivering ZIP codes that the list places."""
    return _points().get((town.lower(), state))


@lru_cache(maxsize=1)
def _points() -> dict[tuple[str, str], tuple[float, float]]:
    import zipcodes

    out: dict[tuple[str, str], tuple[float, float]] = {}
    for z in zipcodes.list_all():
        key = (str(z["city"]).lower(), str(z["state"]))
        if key not in out and z.get("zip_code_type") == "STANDARD" and z.get("lat") and z.get("long"):
            out[key] = (float(z["lat"]), float(z["long"]))
    return out


# ---------------------------------------------------------------- towns and their counties

_COUNTY_WORD = re.compile(r"\s+(?:County|Parish|Borough|Municipality|Census Area|City and Borough|city|City)$")


def county_key(name: str) -> str:
    """A county's name without its kind, lower case: "Fairfax County", "Fairfax" -> "fairfax";
    "Manassas city" (a Virginia independent city) -> "manassas"; "Jefferson Parish" -> "jefferson"."""
    return _COUNTY_WORD.sub("", name.strip()).strip().lower()


@lru_cache(maxsize=1)
def _counties() -> tuple[dict[tuple[str, str], frozenset[str]], dict[tuple[str, str], tuple[str, ...]]]:
    """(town, state) -> the counties its delivering ZIP codes lie in; (county, state) -> its towns,
    the ones with the most delivering codes first."""
    import zipcodes

    of_town: dict[tuple[str, str], set[str]] = {}
    codes: dict[tuple[str, str], defaultdict[str, int]] = {}
    for z in zipcodes.list_all():
        if z.get("zip_code_type") != "STANDARD" or not z.get("active") or not z.get("county"):
            continue
        town, state, county = str(z["city"]), str(z["state"]), county_key(str(z["county"]))
        of_town.setdefault((town.lower(), state), set()).add(county)
        codes.setdefault((county, state), defaultdict(int))[town.title()] += 1
    towns = {k: tuple(t for t, _ in sorted(v.items(), key=lambda kv: (-kv[1], kv[0]))) for k, v in codes.items()}
    return {k: frozenset(v) for k, v in of_town.items()}, towns


def counties_of(town: str, state: str) -> frozenset[str]:
    """The counties (county_key) a town of `state` lies in, by its delivering ZIP codes; empty
    when the list does not know the town ("Reston", "VA" -> {"fairfax"})."""
    return _counties()[0].get((town.lower(), state), frozenset())


def towns_in(county: str, state: str) -> tuple[str, ...]:
    """The towns of a county of `state` (any form: "Loudoun", "Loudoun County"), most delivering
    codes first; empty for a name the list does not know as a county of that state."""
    return _counties()[1].get((county_key(county), state), ())


def counties_in(state: str) -> tuple[str, ...]:
    """The counties (county_key) of `state`, those with the most towns first ("TX" -> harris, ...)."""
    return _counties_in().get(state, ())


@lru_cache(maxsize=1)
def _counties_in() -> dict[str, tuple[str, ...]]:
    out: dict[str, list[tuple[int, str]]] = {}
    for (county, state), towns in _counties()[1].items():
        out.setdefault(state, []).append((-len(towns), county))
    return {s: tuple(c for _, c in sorted(v)) for s, v in out.items()}
