"""Where a catalog's coordinates lie: one region per catalog, one neighbourhood per call.

Latitudes and longitudes drawn one by one over the globe give a polygon whose vertices span
continents, a bounding box upside down and a wildfire in the Southern Ocean. A person's calls
happen somewhere: the region the catalog's prose names ("lon is negative in the western US",
"2-letter US state code", "Fees in GBP") or, when it names none, one populated region chosen
for the catalog's domain. Every call with coordinates is centred on one populated place of that
region (`centred`), and each coordinate drawn inside it lies within a few kilometres to tens of
kilometres of that place (`near`): the vertices of one polygon, the corners of one bbox, a drop
point and the incident it serves.

The catalog registers its domains' prose when it is built (`note`); a tool seen without its
catalog reads only its own prose. The anchors are real towns, so a point is on land and near
people; the table is small on purpose (a region is a list of towns, not a gazetteer).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from . import zips

Anchor = tuple[float, float]  # (lat, lon)


@dataclass(frozen=True)
class Region:
    """A named region: the prose that names it and the towns its points are drawn around."""

    name: str
    cue: re.Pattern[str]
    anchors: tuple[Anchor, ...]


def _region(name: str, cue: str, anchors: Iterable[Anchor], flags: int = 0) -> Region:
    return Region(name, re.compile(cue, flags), tuple(anchors))


_WEST_US = ((40.5865, -122.3917), (38.5816, -121.4944), (36.7378, -119.7871), (42.3265, -122.8756),
            (44.0582, -121.3153), (43.6150, -116.2023), (46.8721, -113.9940), (35.1983, -111.6513),
            (39.5296, -119.8138), (47.6588, -117.4260), (39.0639, -108.5506), (38.4404, -122.7141))
_US = _WEST_US + ((39.7392, -104.9903), (41.8781, -87.6298), (30.2672, -97.7431), (33.7490, -84.3880),
                  (42.3601, -71.0589), (45.5152, -122.6784), (47.6062, -122.3321), (44.9778, -93.2650),
                  (36.1627, -86.7816), (39.9612, -82.9988), (35.7796, -78.6382), (44.4759, -73.2121),
                  (43.0481, -76.1474), (40.4406, -79.9959))
_CANADA = ((43.6532, -79.3832), (49.2827, -123.1207), (51.0447, -114.0719), (45.4215, -75.6972),
           (45.5017, -73.5673), (44.6488, -63.5752))
_UK = ((51.5072, -0.1276), (53.4808, -2.2426), (51.4545, -2.5879), (53.8008, -1.5491), (55.9533, -3.1883),
       (51.4816, -3.1791))
_EUROPE = _UK + ((48.8566, 2.3522), (45.7640, 4.8357), (52.5200, 13.4050), (48.1351, 11.5820),
                 (40.4168, -3.7038), (41.3874, 2.1686), (45.4642, 9.1900), (52.3676, 4.9041),
                 (48.2082, 16.3738), (50.0755, 14.4378), (52.2297, 21.0122), (55.6761, 12.5683))
_JAPAN = ((35.6762, 139.6503), (34.6937, 135.5023), (35.1815, 136.9066), (43.0618, 141.3545),
          (33.5904, 130.4017))
_AUSTRALIA = ((-33.8688, 151.2093), (-37.8136, 144.9631), (-27.4698, 153.0251), (-31.9523, 115.8613),
              (-34.9285, 138.6007))
_INDIA = ((19.0760, 72.8777), (28.7041, 77.1025), (12.9716, 77.5946), (13.0827, 80.2707), (18.5204, 73.8567))

# Most specific first: the first region whose cue the prose has is the catalog's.
REGIONS: tuple[Region, ...] = (
    _region("western_us", r"\bwestern (?:US|U\.S\.|United States)\b|\bPacific Northwest\b|\bWest Coast\b", _WEST_US,
            re.IGNORECASE),
    _region("us", r"\bU\.?S\.?A?\b|\bUnited States\b|\bUSD\b|\bZIP\b|\bUS state\b|\b(?i:two-letter state|state code)\b|"
            r"\b[Cc]ount(?:y|ies)\b|\bNOAA\b|\bUSCG\b|\bSSN\b|"
            # the country's own agencies and codes (set 23: a utility under ANSI placed in the UK)
            r"\bANSI\b|\bFAA\b|\bFCC\b|\bOSHA\b|\bEPA\b|\bFDA\b|\bUSPS\b|\bFEMA\b|\bCFR\b|\bNEC\b|\bIRS\b", _US),
    _region("canada", r"\bCanada\b|\bCanadian\b|\bCAD\b", _CANADA),
    _region("uk", r"\bUK\b|\bUnited Kingdom\b|\bBritish\b|\bGBP\b|\bEngland\b", _UK),
    _region("europe", r"\bEurope(?:an)?\b|\bEU\b|\bEUR\b|\beuros?\b", _EUROPE),
    _region("japan", r"\bJapan(?:ese)?\b|\bJPY\b|\bprefecture\b", _JAPAN, re.IGNORECASE),
    _region("australia", r"\bAustralia(?:n)?\b|\bAUD\b", _AUSTRALIA),
    _region("india", r"\bIndia(?:n)?\b|\bINR\b|\brupees?\b", _INDIA),
)
BY_NAME = {r.name: r for r in REGIONS}
# A catalog that names no region is placed in one of these, the same one for all its calls.
UNNAMED = ("us", "europe", "uk", "canada", "australia", "japan")

# "lon is negative in the western US", "longitudes west of Greenwich are negative"
_WEST = re.compile(r"\b(?:lon|lng|longitude)s?\b[^.;]{0,20}\bnegative\b", re.IGNORECASE)
_SOUTH = re.compile(r"\b(?:lat|latitude)s?\b[^.;]{0,20}\bnegative\b", re.IGNORECASE)

_DOMAINS: dict[str, str] = {}  # domain -> its catalog's prose (registered by generator.catalog)
_ANCHOR: ContextVar[Anchor | None] = ContextVar("anchor", default=None)

# How far one call's points lie from its town, in degrees (about 20-25 km).
SPREAD_LAT, SPREAD_LON = 0.2, 0.25


def note(domain: str, texts: Iterable[str]) -> None:
    """Register the prose of a catalog's tools in `domain` (the region is read from all of it)."""
    _DOMAINS[domain] = "\n".join(texts)


def tool_text(description: str, parameters: dict[str, Any]) -> str:
    """A tool's prose: its description and every parameter description (the JSON holds them)."""
    return f"{description}\n{json.dumps(parameters, ensure_ascii=False, sort_keys=True)}"


def region_for(domain: str, text: str) -> Region:
    """The region the prose names (the catalog's, else the tool's own), else the domain's own
    populated region (stable: a hash of the domain's name)."""
    return _region_for(domain, text, _DOMAINS.get(domain, ""))


# A catalog's prose is long and asked for every place drawn: the answers are kept per prose (the
# registered string itself, so a domain registered again with other tools is read again).
@lru_cache(maxsize=4096)
def _region_for(domain: str, text: str, catalog_prose: str) -> Region:
    prose = f"{catalog_prose}\n{text}"
    named = next((r for r in REGIONS if r.cue.search(prose)), None)
    if named is not None:
        return named
    pick = int(hashlib.sha256(domain.encode()).hexdigest(), 16) % len(UNNAMED)
    return BY_NAME[UNNAMED[pick]]


def named_region(domain: str) -> str | None:
    """The region a domain's catalog prose names ("USD", "US state", "Europe"), or None: codes of
    places (airports) keep to it; a catalog that names none is not placed anywhere for them."""
    return _region_named(_DOMAINS.get(domain, ""))


def home_state(domain: str) -> str | None:
    """The one US state the domain's catalog works in (generator.core.zips.state_of), or None; only
    for a catalog placed in the US or named nowhere."""
    prose = _DOMAINS.get(domain, "")
    if not prose or _region_named(prose) not in (None, "us", "western_us"):
        return None
    return zips.state_of(prose)


def _home_points(domain: str) -> tuple[Anchor, ...]:
    """The points of the home state's towns a call is centred on (empty without a home state)."""
    state = home_state(domain)
    points = [zips.point_of(town, state) for town in home_towns(domain)] if state else []
    return tuple(p for p in points if p is not None)


def home_towns(domain: str) -> tuple[str, ...]:
    """The towns of the domain's home state a town is drawn from (empty when it has none)."""
    state = home_state(domain)
    return zips.towns_of(state, _DOMAINS.get(domain, "")) if state else ()


@lru_cache(maxsize=256)
def _region_named(prose: str) -> str | None:
    return next((r.name for r in REGIONS if r.cue.search(prose)), None)


# A catalog whose prose keeps to one town: a city department's handhelds, "a street address within
# the city", a municipal service.
_ONE_TOWN = re.compile(r"\bwithin the (?:city|town|municipality)\b|\bmunicipal\b|\bcity(?:-wide| council| department|"
                       r"'s)\b|\bcitywide\b", re.IGNORECASE)


def anchors_for(domain: str, text: str) -> tuple[Anchor, ...]:
    """The towns a call may be centred on: the region's, kept to the hemisphere the prose
    gives ("lon is negative") when any of them is in it; a single one (stable: a hash of the
    domain's name) when the prose keeps to one city."""
    return _anchors_for(domain, text, _DOMAINS.get(domain, ""))


@lru_cache(maxsize=4096)
def _anchors_for(domain: str, text: str, catalog_prose: str) -> tuple[Anchor, ...]:
    region = _region_for(domain, text, catalog_prose)
    prose = f"{catalog_prose}\n{text}"
    towns = _home_points(domain) or region.anchors  # an arborist in MetroWest works there, never in Reno (set 32)
    if _WEST.search(prose):
        towns = tuple(a for a in towns if a[1] < 0) or towns
    if _SOUTH.search(prose):
        towns = tuple(a for a in towns if a[0] < 0) or towns
    if _ONE_TOWN.search(prose):
        towns = (towns[int(hashlib.sha256(domain.encode()).hexdigest(), 16) % len(towns)],)
    return towns


@contextmanager
def centred(anchor: Anchor | None) -> Iterator[None]:
    """Coordinates drawn inside the block lie near `anchor` (None: no anchor, the old draw)."""
    token = _ANCHOR.set(anchor)
    try:
        yield
    finally:
        _ANCHOR.reset(token)


def active() -> Anchor | None:
    return _ANCHOR.get()


def near(kind: str, rng: random.Random, lo: float | None = None, hi: float | None = None) -> float | None:
    """A latitude or longitude near the active anchor inside [lo, hi], or None when there is no
    anchor or the neighbourhood misses the range (a schema bound elsewhere wins)."""
    anchor = _ANCHOR.get()
    if anchor is None or kind not in ("latitude", "longitude"):
        return None
    centre, spread = (anchor[0], SPREAD_LAT) if kind == "latitude" else (anchor[1], SPREAD_LON)
    value = round(centre + rng.uniform(-spread, spread), 4)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        return None
    return value
