"""Noun phrases for parameters, from their names and descriptions ("full_name" -> "full name",
"device_id" -> "device", "rpos" + "Radical position" -> "radical position")."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from ..semantic import GENERIC, said_order, tokens
from .lexicon import ABBREVIATIONS, expand, known, lemmas, lower_words, plural, split_compound

# Leading words of a name that are no part of the noun ("which_door", "get_all", "is_public").
_LEAD = frozenset({"which", "what", "the", "a", "an", "is", "has", "get", "set", "do", "does", "should",
                   "if", "use", "enable", "include", "with", "need", "needs", "allow", "my", "your", "p",
                   "param", "arg", "input", "in", "out", "opt"})
# A "name" suffix that is part of the noun ("full name"), not a pointer to the thing ("city name").
_NAME_KEEPERS = frozenset({"full", "first", "last", "middle", "given", "family", "display", "nick", "user",
                           "screen", "real", "legal", "short", "long", "file", "host", "domain", "brand",
                           "company", "product", "trade", "business", "account", "profile", "event",
                           "street", "place", "pet", "team", "store", "shop", "app", "device"} -
                          {"company", "product", "store", "shop", "device", "event", "place", "team", "pet"})
_POINTERS = frozenset({"id", "ids", "identifier", "uid", "name", "names", "key", "code"})
_CLAUSE = re.compile(r"[,.;:(\[]")
_NOT_NOUN = frozenset({"or", "include", "includes", "including", "is", "are", "be", "can", "will", "should",
                       "must", "default", "e", "g", "if", "when", "whether", "this", "that", "it", "you",
                       "value", "one", "following", "from", "for", "by", "which", "used", "in", "on",
                       "at", "with", "and", "per"})
# Description openings that point at the thing rather than name it ("Identifier of the lock").
_POINTER_START = frozenset({"identifier", "id", "name", "number", "list", "array", "unique", "string",
                            "value", "the", "optional", "required", "specifies", "specify", "enter"})
# Names that say nothing: the noun a user would say for them when the description does not help.
_GENERIC_NOUNS = {"q": "search", "query": "search", "search": "search", "term": "search term",
                  "keyword": "keyword", "keywords": "keywords", "s": "search", "text": "text",
                  "input_text": "text", "content": "text", "value": "value", "val": "value", "data": "data",
                  "input": "input", "x": "x", "y": "y", "key": "key", "item": "item", "items": "items"}


# A unit at the end of a name is said with the value, not in the noun ("volume_ul" is a volume
# of 250 microliters, "storage_temp_c" a storage temperature of -20 degrees Celsius).
UNIT_SUFFIXES = {"ul": " microliters", "ml": " ml", "l": " liters", "mg": " mg", "g": " grams", "kg": " kg",
                 "lb": " pounds", "lbs": " pounds", "mm": " mm", "cm": " cm", "km": " km", "h": " hours",
                 "hr": " hours", "hrs": " hours", "sec": " seconds", "secs": " seconds", "ms": " milliseconds",
                 "pct": "%", "usd": " dollars", "eur": " euros", "mb": " MB", "gb": " GB", "kb": " KB",
                 "px": " pixels", "deg": " degrees", "c": " degrees Celsius", "f": " degrees Fahrenheit"}


def unit_suffix(param: str) -> str:
    """The unit a name ends with, as said after a value (" microliters"), or ""."""
    words = tokens(param)
    return UNIT_SUFFIXES.get(words[-1], "") if len(words) > 1 else ""


# Time units ending a name: the value says them ("duration_minutes" is a duration of 30 minutes).
_TIME_UNITS = frozenset({"seconds", "secs", "minutes", "mins", "hours", "hrs", "days", "weeks", "months",
                         "years"})
# A name ending in a preposition is no noun ("sort_by", "group_by"): what it picks is an order.
_BY_NOUNS = {"sort": "sort order", "order": "sort order", "group": "grouping", "filter": "filter"}


def _is_noun(word: str) -> bool:
    return "NOUN" in lemmas(word) or word in ABBREVIATIONS


def name_words(param: str) -> list[str]:
    """The name's words, abbreviations expanded, leading non-noun words, digits and a trailing
    unit (of measure or of time, when a noun remains) dropped; "sort_by" is a sort order."""
    words = [part for w in said_order(list(tokens(param))) if not w.isdigit() for part in split_compound(w)]
    while len(words) > 1 and words[0] in _LEAD:
        words = words[1:]
    if unit_suffix(param) and len(words) > 1 and words[-1] in UNIT_SUFFIXES:
        words = words[:-1]
    if len(words) > 1 and words[-1] in _TIME_UNITS and _is_noun(words[-2]):
        words = words[:-1]
    if len(words) > 1 and words[-1] == "by" and words[-2] in _BY_NOUNS:
        words = [*words[:-2], *_BY_NOUNS[words[-2]].split()]
    return [expand(w) for w in words]


def _strip_pointer(words: list[str]) -> list[str]:
    """ "device id" -> "device", "blind ids" -> "blinds", "city name" -> "city", "full name" stays."""
    if len(words) >= 2 and words[-1].lower() in _POINTERS and words[-2] not in _NAME_KEEPERS:
        many = words[-1].lower() in ("ids", "names")
        return [*words[:-2], plural(words[-2]) if many else words[-2]]
    return words


def description_noun(description: str) -> str | None:
    """A short noun phrase opening the description ("Starting location name" -> "starting
    location"); None when the first clause is a sentence or too long."""
    first = _CLAUSE.split(str(description or ""), maxsplit=1)[0].strip()
    first = re.split(r"\s+or\s+", first, maxsplit=1)[0]  # "Medication or active ingredient": a medication
    first = re.sub(r"^(?:the|a|an|any|some|all|each|every|list of|the list of|a list of|an? array of|array of)\s+",
                   "", first,
                   flags=re.IGNORECASE)
    words = first.split()
    if not words or len(words) > 4 or words[0].lower() in _POINTER_START | {"whether", "if", "is", "true",
                                                                              "false", "set"}:
        return None
    if len(words) > 1 and words[-1].lower() in ("name", "names", "id", "ids", "identifier") and \
            words[-2].lower() not in _NAME_KEEPERS:
        words = words[:-1]
    if any(not re.fullmatch(r"[A-Za-z][A-Za-z'-]*", w) or w.lower() in _NOT_NOUN for w in words):
        return None
    if not any(w[:1].islower() or (w[:1].isupper() and w[1:].islower()) for w in words):
        return None  # "MY" opening a list of codes is a value, not a noun
    return lower_words(" ".join(words))


def _plain(words: list[str]) -> bool:
    """Every word is English or a known abbreviation ("rpos" and "lonlat" are not)."""
    return all(known(w) or w.isupper() for w in words)


@lru_cache(maxsize=65536)
def _noun(param: str, description: str, is_bool: bool) -> str:
    words = name_words(param)
    if not is_bool:
        words = _strip_pointer(words)
    name = " ".join(words) if words else param
    described = None if is_bool else description_noun(description)
    generic = param.lower() in GENERIC or not words
    if described and (generic or not _plain(words) or len(described.split()) <= 3):
        return described
    if generic:
        return _GENERIC_NOUNS.get(param.lower(), name)
    return name


def param_noun(param: str, spec: dict[str, Any] | None = None) -> str:
    """The natural noun phrase of parameter `param` with property schema `spec`."""
    spec = spec or {}
    return _noun(param, str(spec.get("description") or ""), spec.get("type") == "boolean")


def head(noun: str) -> str:
    return noun.rsplit(" ", 1)[-1]


def is_abbreviation(word: str) -> bool:
    return word.lower() in ABBREVIATIONS
