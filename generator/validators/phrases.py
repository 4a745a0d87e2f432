"""A required phrase found as a person would say it: a hint "the capital of Netherlands" is said
by "the capital of the Netherlands", "the Netherlands' capital" or "capitals of the Netherlands"
-- articles, inflection and word order bend; the words themselves, and any number, do not."""

from __future__ import annotations

import re

from ..core.surface import contains
from ..reader.numbers import numbers_in
from ..reader.text import STOPWORDS, contains_sequence, stem, words

_ARTICLES = frozenset({"a", "an", "the"})
_SLACK = 3  # words a reordered phrase may spread beyond its own length ("capital city of the Netherlands")


def _stems(text: str) -> list[str]:
    return [stem(w) for w in words(text) if w not in _ARTICLES]


_S_POSSESSIVE = re.compile(r"(?<=[sS])['’][sS]\b")


def _one_possessive(text: str) -> str:
    """A name ending in s takes either possessive: "the United Arab Emirates' code" and
    "United Arab Emirates's code" are written alike."""
    return _S_POSSESSIVE.sub("'", text)


def phrase_said(text: str, phrase: str) -> bool:
    """Whether `text` says `phrase`: word for word; else without articles and inflection, in
    order; else (a phrase of two or more content words and no number) its content words close
    together in any order. A possessive of a name ending in s is read in either form."""
    text, phrase = _one_possessive(text), _one_possessive(phrase)
    if contains(text, phrase):
        return True
    said, want = _stems(text), _stems(phrase)
    if not want:
        return False
    if contains_sequence(said, want) >= 0:
        return True
    return _reordered(text, phrase)


def _reordered(text: str, phrase: str) -> bool:
    content = [stem(w) for w in words(phrase) if w not in STOPWORDS]
    if len(content) < 2 or numbers_in(phrase):  # "five hundred three" is no "three hundred five"
        return False
    said = [stem(w) for w in words(text) if w not in STOPWORDS]
    width = len(content) + _SLACK
    need = sorted(content)
    return any(all(said[i:i + width].count(w) >= need.count(w) for w in set(need))
               for i in range(max(1, len(said) - len(content) + 1)))
