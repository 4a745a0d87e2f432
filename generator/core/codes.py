"""Real codes from maintained data: countries, currencies and languages (pycountry, ISO 3166 /
4217 / 639), airports (airportsdata, IATA and ICAO), and the few code systems no library here
keeps, built from the ones it does: a UN/LOCODE is a country code and three letters of one of
its airport cities ("NLRTM"-like), a US state is a postal abbreviation (Faker's list).

Which code a parameter wants is read from its name and description (`code_kind`): "ISO 3166-1
alpha-3" is a three-letter country code, "ISO 639-1" a two-letter language code, "IATA" an
airport's three letters. `is_real(kind, value)` is the check the plausibility audit uses.

The common currencies come first on purpose: every ISO 4217 code is real, but an invoice in
"XDR" (a reserve asset) or "KPW" reads as a slip; a listed currency is drawn 9 times in 10.
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from typing import Any

# Currencies people pay in most (all ISO 4217); the rest of pycountry's list now and then.
COMMON_CURRENCIES = ("USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "CNY", "INR", "SEK", "NOK", "DKK",
                     "PLN", "SGD", "HKD", "NZD", "MXN", "BRL", "ZAR", "KRW")
# Stock exchange MICs (ISO 10383) of the largest exchanges: no maintained light library holds them.
EXCHANGE_MICS = ("XNYS", "XNAS", "XLON", "XPAR", "XETR", "XTKS", "XHKG", "XSHG", "XTSE", "XASX", "XSWX",
                 "XAMS", "XMIL", "XBOM", "XKRX")
_ODD_CURRENCIES = frozenset({"XDR", "XAU", "XAG", "XPT", "XPD", "XTS", "XXX", "XSU", "XUA", "XBA", "XBB",
                             "XBC", "XBD", "BOV", "CHE", "CHW", "CLF", "COU", "MXV", "USN", "UYI", "UYW"})


@lru_cache(maxsize=1)
def _pycountry() -> Any:
    import pycountry

    return pycountry


@lru_cache(maxsize=1)
def countries() -> tuple[tuple[str, str, str], ...]:
    """(alpha-2, alpha-3, common name) of every ISO 3166-1 country."""
    return tuple((c.alpha_2, c.alpha_3, getattr(c, "common_name", c.name)) for c in _pycountry().countries)


def country_name(alpha_2: str) -> str:
    """The common name of a country by its ISO code ("PT" -> "Portugal")."""
    return next((name for a2, _, name in countries() if a2 == alpha_2), alpha_2)


def same_form(alpha_2: str, sample: str) -> str | None:
    """Country `alpha_2` written as `sample` writes its country ("MX", "MEX" or "Mexico"), or
    None when `alpha_2` is no country."""
    row = next((c for c in countries() if c[0] == alpha_2), None)
    if row is None:
        return None
    if sample.isupper() and len(sample) in (2, 3):
        return row[0] if len(sample) == 2 else row[1]
    return row[2]


@lru_cache(maxsize=1)
def currencies() -> tuple[str, ...]:
    return tuple(c.alpha_3 for c in _pycountry().currencies if c.alpha_3 not in _ODD_CURRENCIES)


@lru_cache(maxsize=1)
def languages() -> tuple[tuple[str, str, str], ...]:
    """(alpha-2, alpha-3, name) of every ISO 639 language that has a two-letter code."""
    return tuple((x.alpha_2, x.alpha_3, x.name) for x in _pycountry().languages if hasattr(x, "alpha_2"))


@lru_cache(maxsize=1)
def airports() -> tuple[tuple[str, str, str, str], ...]:
    """(IATA, ICAO, city, country alpha-2) of airports that have both codes and a city."""
    import airportsdata

    data = airportsdata.load("IATA")
    return tuple(sorted((k, v["icao"], v["city"], v["country"]) for k, v in data.items()
                        if v.get("icao") and len(v["icao"]) == 4 and v.get("city") and v["icao"].isalpha()))


# Major airports first: a random one of 7,000 is mostly a landing strip nobody flies to.
_HUBS = ("LHR", "CDG", "FRA", "AMS", "MAD", "JFK", "LAX", "ORD", "ATL", "DFW", "SFO", "SEA", "YYZ", "MEX",
         "GRU", "DXB", "DOH", "IST", "SIN", "HND", "NRT", "ICN", "HKG", "PEK", "SYD", "BCN", "FCO", "MUC",
         "ZRH", "CPH", "LIS", "DUB", "BOS", "DEN", "MIA", "BKK", "DEL", "BOM", "JNB", "AKL")


# The major airports of a region a catalog's prose names (generator.core.places): a US airline's
# layover is Denver or Boston, not Johannesburg, and never a strip in Papua New Guinea.
REGION_HUBS: dict[str, tuple[str, ...]] = {
    "us": ("ATL", "ORD", "DFW", "DEN", "LAX", "SFO", "SEA", "JFK", "BOS", "MIA", "LAS", "PHX", "IAH", "MSP",
           "DTW", "CLT", "PHL", "EWR", "SLC", "SAN", "BWI", "DCA", "MCO", "TPA", "PDX", "AUS", "BNA", "STL",
           "MCI", "RDU", "SJC", "SMF", "MSY", "IND", "CLE", "PIT", "CMH", "SAT", "OAK", "FLL"),
    "western_us": ("LAX", "SFO", "SEA", "PDX", "SAN", "SJC", "SMF", "OAK", "LAS", "PHX", "SLC", "DEN", "BOI",
                   "RNO", "GEG", "ABQ", "TUS", "BUR", "ONT", "SNA"),
    "canada": ("YYZ", "YVR", "YUL", "YYC", "YEG", "YOW", "YWG", "YHZ", "YQB", "YXE"),
    "uk": ("LHR", "LGW", "MAN", "EDI", "BHX", "GLA", "BRS", "STN", "LTN", "NCL", "BFS", "LPL"),
    "europe": ("LHR", "CDG", "FRA", "AMS", "MAD", "BCN", "FCO", "MUC", "ZRH", "CPH", "LIS", "DUB", "VIE",
               "BRU", "OSL", "ARN", "HEL", "WAW", "PRG", "ATH", "MXP", "DUS", "HAM", "GVA", "LYS", "NCE"),
    "japan": ("HND", "NRT", "KIX", "ITM", "NGO", "CTS", "FUK", "OKA", "SDJ", "HIJ"),
    "australia": ("SYD", "MEL", "BNE", "PER", "ADL", "CBR", "OOL", "CNS", "HBA", "DRW"),
    "india": ("DEL", "BOM", "BLR", "MAA", "HYD", "CCU", "COK", "AMD", "PNQ", "GOI"),
}


def _hub(rng: random.Random, region: str | None = None) -> tuple[str, str, str, str]:
    table = {a[0]: a for a in airports()}
    if region in REGION_HUBS and (near := [table[h] for h in REGION_HUBS[region] if h in table]):
        return rng.choice(near)
    hubs = [table[h] for h in _HUBS if h in table]
    return rng.choice(hubs) if hubs and rng.random() < 0.9 else rng.choice(airports())


# Countries most calls name (all ISO 3166-1); the rest of the list now and then.
_COMMON_COUNTRIES = ("US", "GB", "DE", "FR", "ES", "IT", "NL", "CA", "AU", "JP", "IN", "BR", "MX", "CN", "KR",
                     "SE", "NO", "DK", "PL", "PT", "IE", "CH", "AT", "BE", "SG", "ZA", "NZ", "AR", "TR", "AE")


def country(rng: random.Random, alpha: int = 2) -> str:
    table = {c[0]: c for c in countries()}
    code = table[rng.choice(_COMMON_COUNTRIES)]  # a rare code (Niue, Tokelau) reads as a mistake
    return code[0] if alpha == 2 else code[1]


def currency(rng: random.Random) -> str:
    return rng.choice(COMMON_CURRENCIES)  # only currencies people commonly pay in


# Locales a translation or software team works in (CLDR language-REGION tags; "es-419" is Latin
# American Spanish, "zh-Hans-CN" simplified Chinese): never a tag drawn from a pattern ("px-Ulaj",
# "rj-Enrc-713": set 26) or one Faker pairs at random ("yi_US").
COMMON_LOCALES = ("en-US", "en-GB", "en-CA", "en-AU", "de-DE", "de-AT", "de-CH", "fr-FR", "fr-CA", "fr-BE", "fr-CH",
                  "es-ES", "es-MX", "es-419", "es-AR", "it-IT", "pt-BR", "pt-PT", "nl-NL", "nl-BE", "sv-SE", "da-DK",
                  "nb-NO", "fi-FI", "pl-PL", "cs-CZ", "hu-HU", "ro-RO", "el-GR", "tr-TR", "ru-RU", "uk-UA", "ja-JP",
                  "ko-KR", "zh-CN", "zh-TW", "zh-Hans-CN", "zh-Hant-TW", "ar-SA", "ar-AE", "he-IL", "hi-IN", "th-TH",
                  "vi-VN", "id-ID", "ms-MY")


def locale(rng: random.Random, schema: dict[str, Any]) -> str | None:
    """A real locale in the form the parameter writes them: its pattern's, and "de_DE" where its
    description's examples join with "_"; None when no common locale fits the pattern."""
    said = str(schema.get("description") or "")
    under = re.search(r"\b[a-z]{2,3}_[A-Z]{2}\b", said) and not re.search(r"\b[a-z]{2,3}-[A-Z]{2}\b", said)
    forms = [x.replace("-", "_") if under else x for x in COMMON_LOCALES]
    pattern = schema.get("pattern")
    if isinstance(pattern, str):
        try:
            forms = [x for x in forms if re.search(pattern, x)]
        except re.error:
            return None
    return rng.choice(forms) if forms else None


def language(rng: random.Random, alpha: int = 2) -> str:
    common = ("en", "es", "fr", "de", "pt", "it", "ja", "zh", "ko", "ar", "hi", "nl", "pl", "tr", "sv", "ru")
    code = rng.choice(common)  # never Avestan or Volapük: a code a real form offers
    if alpha == 3:
        return next(x[1] for x in languages() if x[0] == code)
    return code


def iata(rng: random.Random, region: str | None = None) -> str:
    """A major airport's IATA code, of `region` (a generator.core.places region name) when given."""
    return _hub(rng, region)[0]


def icao(rng: random.Random, region: str | None = None) -> str:
    return _hub(rng, region)[1]


def locode(rng: random.Random) -> str:
    """A UN/LOCODE-shaped code: a country and three letters of one of its cities."""
    _, _, city, cc = _hub(rng)
    letters = re.sub(r"[^A-Z]", "", city.upper())
    return f"{cc}{(letters + 'XXX')[:3]}"


def us_state(rng: random.Random) -> str:
    from faker.providers.address.en_US import Provider

    return rng.choice(sorted(Provider.states_abbr))


def mic(rng: random.Random) -> str:
    return rng.choice(EXCHANGE_MICS)


# ---------------------------------------------------------------- which code a parameter wants

_CODE_WORDS = frozenset({"code", "codes", "iso", "alpha", "abbreviation", "abbr", "symbol"})
_SHORT_RE = re.compile(r"\b(?:two|three|2|3)[- ]letter|\balpha[- ]?[23]\b|\biso[- ]?(?:3166|4217|639)|"
                       r"\b[23]-char", re.IGNORECASE)


def wants_code(name_words: list[str], schema: dict[str, Any]) -> bool:
    """Whether a country / language / currency parameter takes a code rather than a name."""
    desc = str(schema.get("description") or "")
    pattern = str(schema.get("pattern") or "")
    return bool(set(name_words) & _CODE_WORDS or _SHORT_RE.search(desc) or
                (schema.get("maxLength") or 99) <= 3 or re.search(r"\{[23]\}|\{2,3\}", pattern) or
                re.search(r"\bcode\b|\bslug\b", desc, re.IGNORECASE))


def alpha_of(schema: dict[str, Any]) -> int:
    """2 or 3: the letters of the code the schema or its description asks for."""
    text = f"{schema.get('description') or ''} {schema.get('pattern') or ''}".lower()
    if re.search(r"alpha[- ]?3|three[- ]letter|3[- ]letter|\{3\}|639-2|639-3", text) or schema.get("minLength") == 3:
        return 3
    return 2


# ---------------------------------------------------------------- checks (the plausibility audit)


def is_real(kind: str, value: Any) -> bool | None:
    """Whether `value` is a real code of `kind` ("country", "currency", "language", "airport"),
    None when `kind` is not one of those."""
    check = _CHECKS.get(kind)
    return None if check is None else (isinstance(value, str) and check(value.strip()))


def _country_ok(v: str) -> bool:
    up = v.upper()
    return any(up in (a2, a3) for a2, a3, _ in countries()) or up in ("UK", "EU")


def _currency_ok(v: str) -> bool:
    return _pycountry().currencies.get(alpha_3=v.upper()) is not None


def _language_ok(v: str) -> bool:
    low = v.lower().split("-")[0].split("_")[0]
    return any(low in (a2, a3) for a2, a3, _ in languages())


def _airport_ok(v: str) -> bool:
    up = v.upper()
    return any(up in (a[0], a[1]) for a in airports())


def _locale_ok(v: str) -> bool:
    """A language, an optional script and a region that exist ("de-DE", "zh-Hans-CN", "es-419")."""
    parts = re.split(r"[-_]", v)
    region = parts[-1] if len(parts) > 1 else ""
    return _language_ok(parts[0]) and (not region or region.isdigit() and len(region) == 3 or _country_ok(region)) \
        and all(len(p) == 4 and p.istitle() for p in parts[1:-1])


_CLOTHING_SIZES = frozenset({"XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL", "2XL", "3XL", "4XL", "SMALL", "MEDIUM",
                             "LARGE", "X-LARGE", "ONE SIZE"})


def _size_ok(v: str) -> bool:
    """A size a garment or a shoe is sold in ("M", "XL", "10.5"); "2x6 @ 24 in" is a rafter's (set 31)."""
    return v.upper() in _CLOTHING_SIZES or re.fullmatch(r"\d{1,2}(?:\.5)?", v) is not None


_CHECKS = {"country": _country_ok, "currency": _currency_ok, "language": _language_ok, "airport": _airport_ok,
           "locale": _locale_ok, "size": _size_ok}
