"""The views of a text every reading class shares, computed once per text and cached.

`fold` is the one normaliser of the reader: lowercase, accents removed, apostrophes dropped
("McDonald's" -> "mcdonalds"), every other non-alphanumeric run a single space. `stem` is a
deliberately small suffix stripper (plural, -ed, -ing, final -e): both sides of a comparison go
through it, so it only has to be consistent, not linguistically right.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

_APOSTROPHE = re.compile(r"['\u2019\u2018`]")
_NON_WORD = re.compile(r"[^0-9a-z]+")
_WORD = re.compile(r"[0-9a-z]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")

# Words that carry no content of their own: dropped when two phrasings are compared word by word.
STOPWORDS = frozenset(["a", "an", "the", "of", "on", "in", "at", "to", "for", "from", "by", "with", "about", "into", "onto", "over", "under", "and", "or", "but", "as", "is", "are", "was", "were", "be", "been", "being", "am", "do", "does", "did", "me", "my", "mine", "i", "you", "your", "we", "our", "us", "it", "its", "this", "that", "these", "those", "some", "any", "please", "can", "could", "would", "will", "shall", "should", "may", "might", "must", "just", "also", "then", "so", "very", "really", "quite"])


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Lowercase, accents and apostrophes removed, other punctuation as single spaces."""
    lowered = text.lower()
    if lowered.isascii():  # the common case: no accents to strip
        plain = lowered
    else:
        decomposed = unicodedata.normalize("NFKD", lowered)
        plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _NON_WORD.sub(" ", _APOSTROPHE.sub("", plain)).strip()


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    if word.endswith("ly") and len(word) >= 6:  # "instantly" -> "instant", "weekly" -> "week"
        word = word[:-2]
    if word.endswith("ings") and len(word) >= 8:  # "readings" stems as "reading" does ("get_tank_readings")
        word = word[:-1]
    for suffix, keep in (("ies", "y"), ("ing", ""), ("ied", "y"), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            word = word[: len(word) - len(suffix)] + keep
            if suffix in ("ing", "ed") and len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
                word = word[:-1]  # "wrapped" -> "wrap", "swimming" -> "swim"
            break
    return word[:-1] if word.endswith("e") and len(word) > 3 else word


def words(text: str) -> list[str]:
    return _WORD.findall(fold(text))


# Identifier abbreviations a person never says: a text names `lat` as "the latitude".
SAID_IN_FULL = {"lat": "latitude", "lng": "longitude", "lon": "longitude"}


@lru_cache(maxsize=65536)
def identifier_words(name: str) -> tuple[str, ...]:
    """"sort_by" / "sortBy" / "sort-by" -> ("sort", "by"); "lat" -> ("latitude",)."""
    return tuple(SAID_IN_FULL.get(w, w) for w in words(_CAMEL.sub(" ", name)))


def content_stems(text: str) -> tuple[str, ...]:
    return tuple(stem(w) for w in words(text) if w not in STOPWORDS)


@dataclass
class Text:
    """One query text and its views; every view is computed on first use."""

    raw: str
    _memo: dict[str, object] = field(default_factory=dict, repr=False)

    @cached_property
    def folded(self) -> str:
        return fold(self.raw)

    @cached_property
    def padded(self) -> str:
        """The folded text with a space at each end: `" x " in padded` is a whole-word search."""
        return f" {self.folded} "

    @cached_property
    def tokens(self) -> list[str]:
        return self.folded.split()

    @cached_property
    def stems(self) -> list[str]:
        return [stem(w) for w in self.tokens]

    @cached_property
    def content(self) -> list[str]:
        """Stems of the content words, in order (stopwords dropped)."""
        return [stem(w) for w in self.tokens if w not in STOPWORDS]

    @cached_property
    def content_set(self) -> frozenset[str]:
        return frozenset(self.content)

    @cached_property
    def content_line(self) -> str:
        return f" {' '.join(self.content)} "

    @cached_property
    def stems_line(self) -> str:
        return f" {' '.join(self.stems)} "

    def has_content(self, seq: tuple[str, ...] | list[str]) -> bool:
        """The stems follow each other among the text's content stems."""
        return bool(seq) and f" {' '.join(seq)} " in self.content_line

    def stems_at(self, seq: tuple[str, ...] | list[str]) -> int:
        """Token index where the stems follow each other in the text (stopwords kept), or -1."""
        if not seq or f" {' '.join(seq)} " not in self.stems_line:
            return -1
        return contains_sequence(self.stems, seq)

    @cached_property
    def squeezed(self) -> str:
        """The folded text without spaces: "Haupt Bahnhof" and "Hauptbahnhof" meet here."""
        return self.folded.replace(" ", "")

    def has_phrase(self, phrase: str) -> bool:
        """Whole-word occurrence of a folded phrase."""
        folded = fold(phrase)
        return bool(folded) and f" {folded} " in self.padded

    def find(self, phrase: str) -> int:
        """Character offset of a whole-word phrase in `folded`, or -1."""
        folded = fold(phrase)
        at = self.padded.find(f" {folded} ") if folded else -1
        return at  # padded has one leading space: offsets line up with `folded`


def contains_sequence(hay: list[str], needle: tuple[str, ...] | list[str]) -> int:
    """Start of the first contiguous occurrence of `needle` in `hay`, or -1."""
    n = len(needle)
    if not n:
        return -1
    first = needle[0]
    for i, w in enumerate(hay):
        if w == first and tuple(hay[i:i + n]) == tuple(needle):
            return i
    return -1


def bare_verb_only(text: Text, word: str) -> bool:
    """A noun in -ing ("checking", "parking") whose stem the text says only as another form: "check
    the balance" says no "checking" account."""
    return word.endswith("ing") and len(word) > 5 and not any(
        t.endswith("ing") and stem(t) == stem(word) for t in text.tokens)
