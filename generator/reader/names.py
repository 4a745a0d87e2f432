"""Names, places and free text said in the text: literally or with case, spacing, punctuation,
accent, plural and spelling variants, and entity codes said by the entity's name ("Germany" for
DE, "US dollars" for USD, "French" for fr).

Spelling variants use rapidfuzz: the best-aligned window of the text must be within one edit per
eight characters of the value, and only for values of six characters or more without digits
(a date or an id one digit off is another value, not a misspelling).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from .text import STOPWORDS, Text, bare_verb_only, content_stems, fold, stem, words

_FUZZY_MIN = 6


_TRANSLIT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue",
                           "æ": "ae", "ø": "oe", "å": "aa"})


def _other_script(value: str) -> bool:
    """Letters outside the Latin script (accents aside: "Zürich" folds to "zurich")."""
    return any(c.isalpha() and not fold(c) for c in value)


# Words that relate the value's content words rather than add one: "the difference between
# MacBook Air and Pro" is said by "MacBook Air and Pro differences".
_RELATION = frozenset({"between", "among", "versu", "vs", "than"})


def stated_string(text: Text, gold: str) -> str | None:
    """The words of `text` that say `gold`, or None when it is not said (in whole)."""
    g = fold(gold)
    if _other_script(gold):  # "磊哥游戏", "Москва": letters the Latin fold drops, compared as written
        return f"{gold.strip()} (as written)" if gold.strip().casefold() in text.raw.casefold() else None
    if not g:
        return None
    if f" {g} " in text.padded:
        return g
    spelled = fold(gold.translate(_TRANSLIT))  # "Zürich" written "Zuerich"
    if spelled != g and f" {spelled} " in text.padded:
        return f"{spelled} (transliterated)"
    stems = content_stems(gold)
    if stems and text.has_content(stems) and not (" " not in g and bare_verb_only(text, g)):
        return " ".join(stems) + " (word forms)"
    stems = tuple(s for s in stems if s not in _RELATION) or stems
    if len(stems) > 1 and _near_each_other(text, stems):
        return " ".join(stems) + " (word order)"
    if " " not in g and not bare_verb_only(text, g) and (root := _same_root(text, g)):
        return f"{root} (word family)"
    squeezed = g.replace(" ", "")
    if len(squeezed) >= _FUZZY_MIN and squeezed in text.squeezed and _squeezed_at_words(text, squeezed):
        return f"{g} (spacing)"
    *name, last = g.split() or [""]
    if last in _VENUE_WORDS and len(name) >= 2 and f" {' '.join(name)} " in text.padded:
        return f"{' '.join(name)} (without its '{last}')"  # "Gu Yang Western Food" for "... Restaurant"
    return _fuzzy(text, g)


# The kind of place a name may end with and people leave off when the rest is a name of two words or
# more ("Xuhui Grand Gateway" for "Xuhui Grand Gateway Plaza"; "Berlin" stays no "Berlin Hauptbahnhof").
_VENUE_WORDS = frozenset({"restaurant", "plaza", "mall", "store", "shop", "supermarket", "cafe", "center", "centre"})


def _same_root(text: Text, g: str) -> str | None:
    """A word of the text from the same family as a one-word value ("dermatologist" for
    "dermatology"): a value of eight letters or more, and a word sharing all but its last three
    letters ("transition" is no "transit": too short a value to tell)."""
    need = len(g) - 3
    if len(g) < 8 or not g.isalpha():
        return None
    head = _us(g)[:need]
    return next((w for w in text.tokens if _us(w).startswith(head) and w != g), None)


def _us(word: str) -> str:
    """British spellings of Greek and Latin roots in the American form ("paediatric", "oestrogen")."""
    return word.replace("ae", "e").replace("oe", "e") if len(word) > 5 else word


def _kin(a: str, b: str) -> bool:
    """The same word or one family ("adjust" / "adjustment", "useful" / "usefulness")."""
    return a == b or (min(len(a), len(b)) >= 5 and (a.startswith(b) or b.startswith(a)))


def _near_each_other(text: Text, stems: tuple[str, ...]) -> bool:
    """Every content word of the value, or one of its family, within one short stretch of the
    text, in any order ("a protective case for my Mac Air" says "Mac Air protective case";
    "adjusting the transparency of NX models" says "NX model transparency adjustment")."""
    width = len(stems) + 2
    content = text.content
    hits = [i for i, w in enumerate(content) if any(_kin(w, s) for s in stems)]
    return any(all(any(_kin(w, s) for w in content[i:i + width]) for s in stems) for i in hits)


def _squeezed_at_words(text: Text, squeezed: str) -> bool:
    """The spaceless match starts and ends at word boundaries of the text."""
    starts, ends, pos = {0}, set(), 0
    for w in text.tokens:
        pos += len(w)
        ends.add(pos)
        starts.add(pos)
    at = text.squeezed.find(squeezed)
    while at >= 0:
        if at in starts and at + len(squeezed) in ends:
            return True
        at = text.squeezed.find(squeezed, at + 1)
    return False


def _fuzzy(text: Text, g: str) -> str | None:
    if len(g) < _FUZZY_MIN or any(c.isdigit() for c in g) or len(text.folded) < len(g):
        return None
    from rapidfuzz import fuzz
    from rapidfuzz.distance import Levenshtein

    hit = fuzz.partial_ratio_alignment(g, text.folded, score_cutoff=80)
    if hit is None:
        return None
    window = _widen(text.folded, hit.dest_start, hit.dest_end)
    allowed = max(1, len(g) // 8)
    if window[:1] != g[:1] or Levenshtein.distance(g, window, score_cutoff=allowed) > allowed:
        return None
    return f"{window} (spelling)"


def _widen(folded: str, start: int, end: int) -> str:
    """The aligned window grown to whole words."""
    while start > 0 and folded[start - 1] != " ":
        start -= 1
    while end < len(folded) and folded[end] != " ":
        end += 1
    return folded[start:end]


_EMAIL = re.compile(r"([a-z0-9][a-z0-9._+-]*)@([a-z0-9-]+)((?:\.[a-z0-9-]+)+)")
_DOMAIN = re.compile(r"([a-z0-9-]+)((?:\.[a-z]{2,})+)")
_SITE_WORDS = frozenset({"domain", "site", "website", "web", "email", "mail", "address", "inbox"})
_NEAR = 6  # tokens


def stated_address(text: Text, gold: str) -> str | None:
    """An email address or a web domain said by its parts, where the domain is a named company's
    ("info at Apple's domain" for info@apple.com, "Gmail's domain" for gmail.com): the mailbox's
    words and the domain's name within a few words of each other; a bare domain needs a word
    saying it is a site or a domain. The usual top-level domain goes without saying."""
    g = gold.strip().lower()
    m = _EMAIL.fullmatch(g)
    if m:
        local = [w for w in re.split(r"[._+-]+", m.group(1)) if w]
        need = [*(stem(w) for w in local), stem(m.group(2))]
    elif (d := _DOMAIN.fullmatch(g)) and not any(c.isdigit() for c in d.group(1)):
        need = [stem(d.group(1))]
    else:
        return None
    stems = text.stems
    at = [i for i, w in enumerate(stems) if w == need[-1]]
    for i in at:
        window = stems[max(0, i - _NEAR):i + _NEAR + 1]
        if all(w in window for w in need) and (m or _SITE_WORDS & set(text.tokens[i:i + 4])):
            return " ".join(text.tokens[max(0, i - _NEAR):i + 2]) + " (by its parts)"
    return None


def partly_said(text: Text, gold: str) -> list[str]:
    """Content words of `gold` the text says ("lenses" for "GM2 lens"): a partial mention."""
    return [w for w in content_stems(gold) if w in text.content_set and len(w) > 2]


# ---------------------------------------------------------------- codes said by the entity's name

_COUNTRY_ALIASES = {"US": ("usa", "america", "united states", "the states", "u s a"),
                    "GB": ("uk", "britain", "great britain", "united kingdom", "u k"),
                    "AE": ("uae", "emirates"), "KR": ("south korea", "korea"), "RU": ("russia",),
                    "CN": ("china", "mainland china"), "TW": ("taiwan",), "VN": ("vietnam",),
                    "IR": ("iran",), "SY": ("syria",), "BO": ("bolivia",), "VE": ("venezuela",),
                    "TZ": ("tanzania",), "LA": ("laos",), "MD": ("moldova",), "CZ": ("czechia", "czech republic")}
_CURRENCY_ALIASES = {"USD": ("us dollar", "american dollar", "dollar", "buck"), "GBP": ("british pound", "pound", "quid"),
                     "EUR": ("euro",), "JPY": ("japanese yen", "yen"), "CNY": ("yuan", "renminbi", "rmb", "chinese yuan"),
                     "INR": ("indian rupee", "rupee"), "CHF": ("swiss franc",), "KRW": ("korean won",),
                     "CAD": ("canadian dollar",), "AUD": ("australian dollar",), "MXN": ("mexican peso",),
                     "RUB": ("russian ruble", "rouble"), "BTC": ("bitcoin",), "ETH": ("ether", "ethereum")}


@lru_cache(maxsize=4096)
def code_names(code: str, param: str) -> tuple[str, ...]:
    """The names a text may use for the entity whose standard code is `code`, given the parameter's
    name (a currency, country or language parameter reads the code as such; otherwise every kind
    the code can be is tried). Empty when the code names nothing known."""
    key = code.strip()
    if not (2 <= len(key) <= 6) or " " in key:
        return ()
    kinds = _kinds_for(param)
    names: list[str] = []
    for kind in kinds:
        names += _NAMERS[kind](key)
    return tuple(dict.fromkeys(n for n in names if n))


def _kinds_for(param: str) -> tuple[str, ...]:
    ws = set(words(param.replace("_", " ")))
    picked = tuple(k for k, cues in _KIND_CUES.items() if ws & cues)
    return picked or tuple(k for k in _NAMERS if k not in _CUED_ONLY)


_KIND_CUES = {"airport": {"airport", "iata", "icao", "ident", "apt", "dep", "arr", "departure", "arrival", "origin",
                         "destination", "from", "to", "fly", "flight"},
              "currency": {"currency", "cur", "ccy", "from", "to", "base", "target", "symbol", "quote"},
              "country": {"country", "region", "nation", "market", "gl", "geo", "cc", "location", "loc"},
              "language": {"language", "lang", "locale", "hl", "lr", "translation", "source", "target"},
              "us_state": {"state", "province"}}


def _country(code: str) -> list[str]:
    import pycountry

    country = pycountry.countries.get(alpha_2=code.upper()) if len(code) == 2 else (
        pycountry.countries.get(alpha_3=code.upper()) if len(code) == 3 else None)
    if country is None:
        return []
    names = [getattr(country, a, "") for a in ("name", "common_name", "official_name")]
    return names + list(_COUNTRY_ALIASES.get(country.alpha_2, ()))


@lru_cache(maxsize=1)
def country_aliases() -> dict[str, str]:
    """Folded country name, common name, official name or alias -> alpha-2 code."""
    import pycountry

    out = {fold(a): code for code, aliases in _COUNTRY_ALIASES.items() for a in aliases}
    for c in pycountry.countries:
        for attr in ("name", "common_name", "official_name"):
            out.setdefault(fold(getattr(c, attr, "") or ""), c.alpha_2)
    out.pop("", None)
    return out


def _currency(code: str) -> list[str]:
    import pycountry

    if len(code) != 3:
        return []
    currency = pycountry.currencies.get(alpha_3=code.upper())
    names = [currency.name] if currency is not None else []
    return names + list(_CURRENCY_ALIASES.get(code.upper(), ()))


def _language(code: str) -> list[str]:
    import pycountry

    lang, _, region = code.replace("_", "-").partition("-")
    found = (pycountry.languages.get(alpha_2=lang.lower()) if len(lang) == 2 else
             pycountry.languages.get(alpha_3=lang.lower()) if len(lang) == 3 else None)
    if found is None:
        return []
    name = found.name.split(" (")[0]
    if region:  # "en-US": the language said with its country ("American English", "US English", "English (US)")
        countries = [*_country(region), region.upper()]
        return [f"{name} {c}" for c in countries] + [f"{c} {name}" for c in countries] + [name]
    return [name]


_AIRPORT_FILLER = frozenset({"airport", "international", "intl", "regional", "municipal", "airfield", "field",
                             "air", "base", "aerodrome", "county", "metropolitan", "the", "of", "de"})


@lru_cache(maxsize=2)
def _airports(icao: bool) -> dict[str, Any]:
    import airportsdata

    return dict(airportsdata.load("ICAO" if icao else "IATA"))


def _airport(code: str) -> list[str]:
    """An IATA (3 letters) or ICAO (4) code said by the airport's name ("Heathrow" for LHR): the
    name, the name without "Airport", and the words of the name that are not its city's nor
    generic ("Heathrow", "John F Kennedy", "Charles de Gaulle")."""
    if not code.isalpha() or not code.isupper() or len(code) not in (3, 4):
        return []
    found = _airports(len(code) == 4).get(code)
    if not found:
        return []
    name, city = found["name"], found.get("city", "")
    city_words = set(fold(city).split())
    own = [w for w in fold(name).split() if w not in _AIRPORT_FILLER and w not in city_words]
    bare = name.removesuffix(" Airport")
    return [name, bare] + ([" ".join(own)] if own and len(" ".join(own)) >= 4 else [])


def _us_state(code: str) -> list[str]:
    """ "Indiana" for "IN" (GeoNames' US states): a plate's, a licence's or an address's state."""
    from .world import _geo

    state = _geo().get_us_states().get(code.upper()) if len(code) == 2 else None
    return [state["name"]] if state else []


_NAMERS = {"currency": _currency, "country": _country, "language": _language, "airport": _airport,
           "us_state": _us_state}
_CUED_ONLY = frozenset({"us_state"})  # "IN" is India or Indiana only where the parameter says which


def stated_code(text: Text, gold: str, param: str) -> str | None:
    """The entity named in the text whose code is `gold`."""
    for name in code_names(gold, param):
        said = _said_name(text, name)
        if said:
            return f"{said} (= {gold})"
    return None


def _said_name(text: Text, name: str) -> str | None:
    g = fold(name)
    if g and g not in STOPWORDS and f" {g} " in text.padded:
        return g
    stems = content_stems(name)
    return " ".join(stems) if stems and text.has_content(stems) else None
