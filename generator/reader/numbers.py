"""Numbers of a text in every form a person writes them: digits ("1,200", "2.5", "$40"), scaled
("2.5k", "3 million"), words ("sixty-one", "two hundred and five": text2num's `alpha2digit`),
and the everyday quantity words ("a dozen", "half", "a couple", "a pair").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# Quantity words that alpha2digit leaves alone; matched before it runs so "half an hour" stays whole.
_WORD_VALUES = {"a dozen": 12.0, "dozen": 12.0, "half a dozen": 6.0, "a couple of": 2.0, "a couple": 2.0,
                "a pair of": 2.0, "a score of": 20.0, "half": 0.5, "a quarter": 0.25, "quarter": 0.25,
                "a single": 1.0, "single": 1.0, "a hundred": 100.0, "a thousand": 1000.0,
                "a million": 1e6, "a billion": 1e9}
_WORD_RE = re.compile(r"\b(" + "|".join(sorted(map(re.escape, _WORD_VALUES), key=len, reverse=True)) + r")\b")
_SCALE = {"k": 1e3, "thousand": 1e3, "m": 1e6, "mm": 1e6, "million": 1e6, "mn": 1e6, "bn": 1e9,
          "b": 1e9, "billion": 1e9}
# A number not glued to a date, clock time, code or identifier ("2023-03-15", "19:00", "v2", "A1").
_NUMBER = re.compile(
    r"(?<![\w.:/-])(-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?|-?\.\d+)"
    r"(?:\s?(k|m|mm|mn|bn|b|thousand|million|billion)\b|x\b)?(?![\w:/]|-\d|\.\d)",
    re.IGNORECASE)
_AND_A_HALF = re.compile(r"\b(\d+) and a half\b")
_ORDINAL = re.compile(r"\b(\d+)(?:st|nd|rd|th)\b")


@dataclass(frozen=True)
class Number:
    value: float
    text: str  # the words of the text it was read from


@lru_cache(maxsize=16384)
def with_digits(text: str) -> str:
    """`text` with number words written as digits ("sixty-one" -> "61", "second" -> "2nd"). A lone
    "one" stays a word: "one connective insight" says no 1 (see `one_of`)."""
    from text_to_num import alpha2digit  # imported on first use: no import-time cost

    text = _GLUED.sub(r"\1 ", text)  # "a two-bedroom flat": the number of bedrooms, as "two bedroom"
    try:
        return alpha2digit(text, "en", threshold=1.5)
    except (ValueError, IndexError):  # a parse it cannot finish: the text as written
        return text


@lru_cache(maxsize=16384)
def numbers_in(text: str) -> tuple[Number, ...]:
    """Every number the text says, once per occurrence, in text order."""
    lowered = text.lower()
    found = [Number(_WORD_VALUES[m.group(1)], m.group(0)) for m in _WORD_RE.finditer(lowered)]
    digits = with_digits(text) if _has_letters_of_numbers(lowered) else text
    digits = _AND_A_HALF.sub(r"\1.5", digits)
    found += [n for m in _NUMBER.finditer(digits.replace("$", " ").replace("€", " ")) for n in _number(m)]
    found += [Number(float(m.group(1)), m.group(0)) for m in _ORDINAL.finditer(digits.lower())]
    found += [Number(float(m.group(1)), m.group(0)) for m in _TIMES.finditer(text)]
    found += [Number(float(m.group(i)), m.group(0)) for m in _OVER.finditer(text) for i in (1, 2)
              if int(m.group(1)) >= 50 and 30 <= int(m.group(2)) < int(m.group(1))]
    return tuple(found)


# A reading of two numbers over each other: a blood pressure "158/65" says 158 and 65 (never a
# date: its first number is above 31 and above the second, which "12/25" and "24/7" are not).
_OVER = re.compile(r"(?<![\w.:/-])(\d{2,3})/(\d{2,3})(?![\w/:.-]|\.\d)")


# A count written as a multiplier before it ("parts KNK-E50 x4", "x 2", "×3"); "4x" is read by _NUMBER.
_TIMES = re.compile(r"(?<![\w.-])[x\u00d7]\s?(\d+)(?![\w:/-]|[.,]\d)", re.IGNORECASE)


# A number word joined to the noun it counts ("two-bedroom", "three-night", "half-hour"), never to
# another number word ("sixty-one").
_UNITS_WORDS = ("one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
                "sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|half")
_GLUED = re.compile(rf"\b({_UNITS_WORDS})-(?!(?:{_UNITS_WORDS})\b)(?=[a-z])", re.IGNORECASE)
_NUMBER_WORDS = re.compile(r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                           r"thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|"
                           r"thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|"
                           r"billion|zero|first|second|third|fourth|fifth|tenth)\b")


def _has_letters_of_numbers(lowered: str) -> bool:
    """Cheap pre-check so alpha2digit runs only on texts that spell a number."""
    return bool(_NUMBER_WORDS.search(lowered))


def _number(m: re.Match[str]) -> list[Number]:
    """The number as scaled ("2.5k" = 2500) and, written with a scale, as written ("1000M views"
    for a milestone of 1000 in millions)."""
    value = float(m.group(1).replace(",", ""))
    scale = _SCALE.get((m.group(2) or "").lower(), 1.0)
    scaled = Number(value * scale, m.group(0).strip())
    return [scaled] if scale == 1.0 else [scaled, Number(value, m.group(0).strip())]


_ONE = re.compile(r"\b(?:a single|single|an? one|one|an?)(?:\s+|(?<=one)-)(\w+)")  # "one night", "a one-bedroom flat"


def one_of(text: str, nouns: frozenset[str]) -> str | None:
    """"one night" / "a single ticket" when the noun is one of `nouns` (stems of the parameter's
    name and unit): the only way a lone "one" or "a" states the number 1."""
    from .text import stem

    m = next((m for m in _ONE.finditer(text.lower()) if stem(m.group(1)) in nouns), None)
    return m.group(0) if m else None


_NO = re.compile(r"\b(?:no|zero)\s+((?:[a-z'-]+\s+){0,2}[a-z'-]+)")
_FAMILY = 6  # letters two words share to be one family ("flexibility", "flexible")


def none_of(text: str, nouns: frozenset[str]) -> str | None:
    """"no checked bags" / "no flexibility on the date" when a word of the one to three after
    "no" or "zero" is one of `nouns` (stems of the parameter's name and description) or of its
    family: the way a lone "no" states the number 0 ("no more than 2" names no such noun)."""
    from .text import stem

    def ours(word: str) -> bool:
        s = stem(word)
        return s in nouns or (len(s) >= _FAMILY and any(n[:_FAMILY] == s[:_FAMILY] for n in nouns if len(n) >= _FAMILY))

    m = next((m for m in _NO.finditer(text.lower()) if any(ours(w) for w in m.group(1).split()[:3])), None)
    return m.group(0) if m else None


def as_number(value: object) -> float | None:
    """A gold value as a number: ints and floats, and strings that are plainly one ("40", "2.5")."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str) and _PLAIN.fullmatch(value.strip()):
        return float(value.strip())
    return None


_PLAIN = re.compile(r"-?\d+(?:\.\d+)?")


def same_number(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-6 * max(1.0, abs(a), abs(b))


_TOP_ONE = re.compile(r"\b(?:just |only )?the (?:top|first|best|single|#1|number one) (?:hit|result|match|one|track|song|item|"
                      r"entry|pick)\b|\bjust (?:the )?one\b")
_COUNTS = frozenset({"limit", "count", "num", "number", "max", "size", "top", "n", "results", "per", "page_size"})


def top_one(text: str, nouns: frozenset[str]) -> str | None:
    """"just the top hit" for a limit of 1."""
    if not nouns & _COUNTS:
        return None
    m = _TOP_ONE.search(text.lower())
    return m.group(0) if m else None


_ORDINAL_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
                  "ninth": 9, "tenth": 10}
_NTH_NOUN = re.compile(r"\b(" + "|".join(_ORDINAL_WORDS) + r"|\d+(?:st|nd|rd|th)) (\w+)")


def ordinal_of(text: str, nouns: frozenset[str], n: float) -> str | None:
    """"the first page" for page=1: an ordinal before the parameter's own noun."""
    from .text import stem

    for m in _NTH_NOUN.finditer(text.lower()):
        if not text[:m.start()].strip() or text[:m.start()].rstrip()[-1:] in ".:;!?":
            continue  # "First, request prior authorization ...": an order of requests, never a count (set 33 player)
        word = m.group(1)
        value = _ORDINAL_WORDS.get(word) or int(re.sub(r"\D", "", word) or 0)
        if value == n and stem(m.group(2)) in nouns:
            return m.group(0)
    if nouns & _PLACES:  # a finishing position said as a placing: "finished first", "disqualified from second"
        for m in _PLACED.finditer(text.lower()):
            word = m.group(1)
            if (_ORDINAL_WORDS.get(word) or int(re.sub(r"\D", "", word) or 0)) == n:
                return m.group(0)
    return None


_PLACES = frozenset({"position", "place", "rank", "finish", "placing", "standing"})
_PLACED = re.compile(r"\b(?:finish(?:ed|es|ing)?|plac(?:ed|ing)|came|ended|from|in)\s+(?:in\s+)?(?:the\s+)?("
                     + "|".join(_ORDINAL_WORDS) + r"|\d+(?:st|nd|rd|th))\b(?!\s+(?:race|day|week|time|of))")


def said_range(text: str, low: int, high: int) -> str | None:
    """A range of positions: "the top 10" / "all 100 spots" (from 1), "1 to 10", "11-20", "between 5 and 9"."""
    t = with_digits(text).lower() if _has_letters_of_numbers(text.lower()) else text.lower()
    if low == 1:
        m = re.search(rf"\b(?:top|first|all|all of the|the) {high}\b", t)
        if m:
            return m.group(0)
    m = re.search(rf"\b(?:from |between )?{low}\s*(?:-|to|through|and|–)\s*{high}\b", t)
    return m.group(0) if m else None
