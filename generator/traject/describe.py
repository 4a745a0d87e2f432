"""Indirect descriptions that determine a value, for hard TRAJECT queries.

A hard query may describe a value instead of spelling it, but only when the description picks
exactly that value: "Germany's two-letter country code" is DE (ISO 3166, via pycountry), "the
three-letter code of the Euro" is EUR (ISO 4217), "the two-letter code for German" is de
(ISO 639-1), "Apple's stock ticker" is AAPL (a fact table of listed companies), "the capital of
Germany" is Berlin, "the Unix time of May 3, 2025 at 14:03:27 UTC" is 1746281007. Each describer comes with its resolver, which
reads the description back to the value (generator.traject.plans.HINTERS holds both); a value
whose description would not read back to it exactly (a lowercase country code, an unknown
company) is not described.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from ..core.semantic import infer, tokens
from ..records import Tool

# Listed companies whose ticker is not their own name (META, IBM, SAP would give themselves away).
TICKER_COMPANIES = {
    "AAPL": "Apple", "MSFT": "Microsoft", "TSLA": "Tesla", "AMZN": "Amazon", "NVDA": "Nvidia",
    "NFLX": "Netflix", "JPM": "JPMorgan Chase", "KO": "Coca-Cola", "GOOGL": "Alphabet (class A)",
    "DIS": "Disney", "WMT": "Walmart", "PEP": "PepsiCo", "NKE": "Nike", "INTC": "Intel",
    "BA": "Boeing", "GS": "Goldman Sachs",
}


def possessive(name: str) -> str:
    """"Germany's", and "the United Arab Emirates'" for a name ending in s (as style guides write
    a plural name's; the resolvers read either form, and so does a hint's check)."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _kind(tool: Tool, param: str) -> str:
    spec = tool.properties.get(param) or {}
    return "enum" if spec.get("enum") else infer(param, spec)


# ---------------------------------------------------------------- tickers

_TICKER = re.compile(r"^(.+?)(?:'s|') stock ticker$")


def ticker_hint(tool: Tool, param: str, value: Any) -> str | None:
    if not isinstance(value, str) or value not in TICKER_COMPANIES:
        return None
    if _kind(tool, param) != "ticker" and not {"symbol", "ticker"} & set(tokens(param)):
        return None
    return f"{possessive(TICKER_COMPANIES[value])} stock ticker"


def ticker_resolve(tool: Tool, param: str, hint: str) -> Any:
    m = _TICKER.match(hint)
    hits = [t for t, name in TICKER_COMPANIES.items() if m and name == m[1]]
    return hits[0] if len(hits) == 1 else None


# ---------------------------------------------------------------- ISO codes


@lru_cache(maxsize=1)
def _pycountry() -> Any:
    import pycountry

    return pycountry


def _plain_name(record: Any) -> str | None:
    """A name people say ("Germany", "South Korea"); None for "Korea, Republic of" forms."""
    name = getattr(record, "common_name", None) or getattr(record, "name", None)
    return name if name and "," not in name and "(" not in name else None


_LENGTHS = {2: "two", 3: "three"}
_COUNTRY = re.compile(r"^(.+?)(?:'s|') (two|three)-letter country code$")


def country_hint(tool: Tool, param: str, value: Any) -> str | None:
    if not (isinstance(value, str) and value.isupper() and len(value) in _LENGTHS):
        return None
    if _kind(tool, param) not in ("country", "country_code") and "country" not in tokens(param):
        return None
    found = _pycountry().countries.get(**{f"alpha_{len(value)}": value})
    name = _plain_name(found) if found else None
    return f"{possessive(name)} {_LENGTHS[len(value)]}-letter country code" if name else None


def country_resolve(tool: Tool, param: str, hint: str) -> Any:
    m = _COUNTRY.match(hint)
    if not m:
        return None
    hits = [c for c in _pycountry().countries if _plain_name(c) == m[1]]
    field = "alpha_2" if m[2] == "two" else "alpha_3"
    return getattr(hits[0], field) if len(hits) == 1 else None


_LANGUAGE = re.compile(r"^the two-letter code for (.+)$")


def language_hint(tool: Tool, param: str, value: Any) -> str | None:
    if not (isinstance(value, str) and value.islower() and len(value) == 2):
        return None
    if _kind(tool, param) != "language" and not {"lang", "language"} & set(tokens(param)):
        return None
    found = _pycountry().languages.get(alpha_2=value)
    name = _plain_name(found) if found else None
    return f"the two-letter code for {name}" if name else None


def language_resolve(tool: Tool, param: str, hint: str) -> Any:
    m = _LANGUAGE.match(hint)
    hits = [x for x in _pycountry().languages if m and getattr(x, "alpha_2", None) and _plain_name(x) == m[1]]
    return hits[0].alpha_2 if len(hits) == 1 else None


_CURRENCY = re.compile(r"^the three-letter code of the (.+)$")


def currency_hint(tool: Tool, param: str, value: Any) -> str | None:
    if not (isinstance(value, str) and value.isupper() and len(value) == 3):
        return None
    if _kind(tool, param) != "currency" and "currency" not in tokens(param):
        return None
    found = _pycountry().currencies.get(alpha_3=value)
    name = _plain_name(found) if found else None
    return f"the three-letter code of the {name}" if name and value.lower() not in name.lower() else None


def currency_resolve(tool: Tool, param: str, hint: str) -> Any:
    m = _CURRENCY.match(hint)
    hits = [c for c in _pycountry().currencies if m and _plain_name(c) == m[1]]
    return hits[0].alpha_3 if len(hits) == 1 else None


# ---------------------------------------------------------------- Unix time

_UNIX = re.compile(r"^the Unix time(?: in (milliseconds))? of (\w+ \d{1,2}, \d{4} at \d{2}:\d{2}:\d{2}) UTC$")


def unix_hint(tool: Tool, param: str, value: Any) -> str | None:
    text = str(value) if isinstance(value, int | str) and not isinstance(value, bool) else ""
    if not re.fullmatch(r"\d{10}|\d{13}", text) or _kind(tool, param) != "unix_time":
        return None
    millis = len(text) == 13
    if millis and not text.endswith("000"):
        return None  # a millisecond part has no words a reader would use
    when = datetime.fromtimestamp(int(text) // (1000 if millis else 1), UTC)
    return f"the Unix time{' in milliseconds' if millis else ''} of {when:%B} {when.day}, {when:%Y at %H:%M:%S} UTC"


def unix_resolve(tool: Tool, param: str, hint: str) -> Any:
    m = _UNIX.match(hint)
    if not m:
        return None
    try:
        when = datetime.strptime(m[2], "%B %d, %Y at %H:%M:%S").replace(tzinfo=UTC)
    except ValueError:
        return None
    seconds = int(when.timestamp())
    return str(seconds * 1000) if m[1] else str(seconds)


# ---------------------------------------------------------------- capitals

# Capitals among the cities values are drawn from (semantic.CITIES), by country code: "the
# capital of Germany" is Berlin and nothing else.
CAPITALS = {
    "PT": "Lisbon", "ES": "Madrid", "FR": "Paris", "DE": "Berlin", "AT": "Vienna", "IT": "Rome",
    "NL": "Amsterdam", "BE": "Brussels", "DK": "Copenhagen", "SE": "Stockholm", "NO": "Oslo",
    "FI": "Helsinki", "PL": "Warsaw", "CZ": "Prague", "IE": "Dublin", "GB": "London", "MX": "Mexico City",
    "CO": "Bogota", "PE": "Lima", "CL": "Santiago", "KE": "Nairobi", "EG": "Cairo", "TH": "Bangkok",
    "KR": "Seoul", "JP": "Tokyo", "TW": "Taipei", "GR": "Athens", "HU": "Budapest",
}
_CAPITAL = re.compile(r"^the capital of (.+)$")


def _country_name(code: str) -> str | None:
    found = _pycountry().countries.get(alpha_2=code)
    return _plain_name(found) if found else None


def capital_hint(tool: Tool, param: str, value: Any) -> str | None:
    if not isinstance(value, str) or _kind(tool, param) not in ("city", "place"):
        return None
    codes = [c for c, city in CAPITALS.items() if city == value]
    name = _country_name(codes[0]) if codes else None
    return f"the capital of {name}" if name and value.lower() not in name.lower() else None


def capital_resolve(tool: Tool, param: str, hint: str) -> Any:
    m = _CAPITAL.match(hint)
    hits = [city for code, city in CAPITALS.items() if m and _country_name(code) == m[1]]
    return hits[0] if len(hits) == 1 else None


# Descriptions that name what a code stands for ("the three-letter code of the Canadian Dollar",
# "Germany's two-letter country code", "the Unix time of May 3, 2025 ..."): the independent reader
# reads the code as stated by them (docs/reader.md: "US dollars" states USD), so a hard query's
# value recall by meaning counts them; only a relation world knowledge resolves (a capital, a
# company's ticker) leaves the value unsaid.
STATING = frozenset({"country", "language", "currency", "unix_time"})

DESCRIBERS = {
    "capital": (capital_hint, capital_resolve),
    "ticker": (ticker_hint, ticker_resolve),
    "country": (country_hint, country_resolve),
    "language": (language_hint, language_resolve),
    "currency": (currency_hint, currency_resolve),
    "unix_time": (unix_hint, unix_resolve),
}
