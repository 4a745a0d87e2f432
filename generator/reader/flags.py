"""Booleans: stated when the text says the condition or its negation ("only open now" for
open_now=true, "no need to include the lyrics" for include_lyrics=false, "with free shipping"
for free_shipping=true).

The condition is the parameter's name without its switch words (is_, has_, include_, enable_,
only_, ...): its content stems must occur in a row in the text. A negation in the few words before
them ("no", "not", "don't", "without", "no need to") reads false. A description that names
what each value means ("True if delivery else False for dine-in") adds those phrases: "dine in"
then reads false.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .text import STOPWORDS, Text, identifier_words, stem

_SWITCH = frozenset({"is", "has", "have", "include", "includes", "including", "enable", "enabled", "only",
                     "with", "show", "allow", "allowed", "use", "need", "needs", "want", "should", "can",
                     "do", "does", "get", "return", "flag", "filter", "whether", "if", "bool", "boolean"})
_NEGATION = frozenset({"no", "not", "dont", "doesnt", "didnt", "without", "never", "isnt", "arent", "wont",
                       "neednt", "none", "exclude", "excluding", "skip", "avoid", "nor", "non", "cannot",
                       "cant", "shouldnt", "hasnt", "havent", "except", "minus"})
_WINDOW = 5


@lru_cache(maxsize=8192)
def condition_stems(param: str) -> tuple[str, ...]:
    ws = [w for w in identifier_words(param) if w not in _SWITCH and w not in STOPWORDS]
    return tuple(stem(w) for w in ws)


def _said_otherwise(text: Text, head: str) -> tuple[bool, str] | None:
    """The head word in everyday words ("to everyone" for reply_all)."""
    from .enums import PHRASINGS

    said = next((p for p in PHRASINGS.get(head, ()) if text.has_phrase(p)), None)
    return (True, said) if said else None


def _at(text: Text, key: tuple[str, ...]) -> int:
    """Where the condition's stems start, in a row or with one word between ("open right now")."""
    at = text.stems_at(key)
    if at >= 0 or len(key) < 2:
        return at
    for i, w in enumerate(text.stems):
        if w == key[0] and key[1] in text.stems[i + 1:i + 3] and all(k in text.stems[i:i + len(key) + 2] for k in key):
            return i
    return -1


_MEANING = re.compile(r"\b(true|false)\s+(?:if|for|when|means|=)\s+([a-z][a-z -]{1,30}?)(?=\s*(?:[,.;)]|else|otherwise|$))")


@lru_cache(maxsize=4096)
def described_values(description: str) -> tuple[tuple[bool, tuple[str, ...]], ...]:
    """(value, phrase stems) for each "True if X" / "False for Y" of a parameter description, and
    for the everyday phrasings of the phrase's first word ("dine-in": "eat in", "eat out")."""
    from .enums import PHRASINGS

    out = []
    for v, phrase in _MEANING.findall(description.lower()):
        ws = re.findall(r"[a-z]+", phrase)
        content = [w for w in ws if w not in STOPWORDS]
        for said in [" ".join(ws), *(PHRASINGS.get(content[0], ()) if content else ())]:
            out.append((v == "true", tuple(stem(w) for w in said.split())))
    return tuple(out)


def read_flag(text: Text, param: str, description: str = "") -> tuple[bool, str] | None:
    """(the value the text gives the flag, the words) or None when the text does not say it."""
    for value, phrase in described_values(description):
        if phrase and text.stems_at(phrase) >= 0:
            return value, " ".join(phrase) + f" (the description's phrase for {value})"
    key = condition_stems(param)
    if not key:
        return None
    at = _at(text, key)
    if at < 0 and len(key) > 1:  # "attach_location": the head noun alone ("without my location")
        key = key[-1:]
        at = _at(text, key)
    if at < 0:
        return _said_otherwise(text, key[-1])
    before = text.tokens[max(0, at - _WINDOW):at]
    negated = any(w in _NEGATION for w in before) or "no need" in " ".join(before)
    said = " ".join(text.tokens[max(0, at - _WINDOW):at + len(key)])
    return (not negated), said
