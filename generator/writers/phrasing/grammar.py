"""Grammar clean-up on the assembled text: what slot filling cannot see ("a amount")."""

from __future__ import annotations

import re
from collections.abc import Iterable


def capitalize(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


# A capital "A" is an article only where a sentence starts: elsewhere it is a value's letter
# ("option A and a phase", "DIV A and ..."), which is never edited.
_A_AN = re.compile(r"(?:(?<![\w-])(a)|(?:^|(?<=[.!?] ))(A)) (?=(?:[aeiouhAEIOUH]|8|11\b|18\b))")
_NEXT_WORD = re.compile(r"[A-Za-z0-9]+")


def _an(m: re.Match[str]) -> str:
    """ "a amount" -> "an amount", by how the next word sounds ("a euthanasia", "a one-way ticket",
    "an 8-hour shift" stay as inflect says)."""
    from ...core.textquality import right_article

    word = _NEXT_WORD.match(m.string, m.end())
    said = right_article(word[0]) if word and not word[0].isdigit() else "an"
    return f"{m[1] or m[2]}n " if said == "an" else m[0]


_ONE_PLURAL = re.compile(
    r"(?<![\w.,:-])(1|one) ((?:(?!of\b)[A-Za-z-]+ )?)"
    r"(night|seat|ticket|spot|guest|adult|minute|hour|day|star|room|passenger|rider|traveller|bag|item)s\b"
)
_ONE_ANY = re.compile(r"(?<![\w.,:-])(1|one) ([a-z]+)\b(?!['-])")
# "1 tail lines": the counted noun is the head of a compound ("tail lines", "day passes").
_ONE_COMPOUND = re.compile(r"(?<![\w.,:-])(1|one) ([a-z]+) ([a-z]+)\b(?!['-])")


def _one_singular(m: re.Match[str]) -> str:
    """ "1 passes" -> "1 pass", "one nights" -> "one night" (lemminflect decides what is plural)."""
    from ...phrasebook.lexicon import is_plural, singular

    return f"{m[1]} {singular(m[2])}" if is_plural(m[2]) else m[0]


def _one_compound(m: re.Match[str]) -> str:
    """ "1 tail lines" -> "1 tail line": a noun modifier then a plural head agree with the one
    (inflect gives the singular); "1 of the items", "one more items" are no compounds."""
    from ...core.inflection import engine
    from ...phrasebook.lexicon import FUNCTION_WORDS, is_plural, known

    modifier, head = m[2], m[3]
    if modifier in FUNCTION_WORDS or not known(modifier) or is_plural(modifier) or not is_plural(head):
        return m[0]
    one = engine().singular_noun(head)
    return f"{m[1]} {modifier} {one}" if one else m[0]


_MONTH_NAMES = "January|February|March|April|May|June|July|August|September|October|November|December"
# "at June 2nd, 2025 at 9 am" (a datetime filling an "at {time}" slot) -> "on June 2nd, ...".
_AT_DATE = re.compile(rf"\bat (?=(?:the \d+(?:st|nd|rd|th) of )?(?:{_MONTH_NAMES})\b)")
_DAY_PREP = re.compile(r"\b(?:on|at|in) (today|tomorrow|tonight|the day after tomorrow)\b")
_SENTENCE_START = re.compile(r"([.?!] )([a-z])")
# A value ending in its fragment's noun ("Thai food" in "for {v} food"): the noun is said once.
_VALUE_NOUN_TWICE = re.compile(r"\b(?!(?:that|had|very|really|bye)\b)([a-z]{3,}) \1\b")


def polish(text: str, keep: Iterable[str] = ()) -> str:
    """Surface grammar the slot filling cannot see: "a amount" -> "an amount", "1 nights" ->
    "1 night", "for Thai food food" -> "for Thai food", sentence starts capitalized, no space
    before punctuation. The inside of a value in `keep` (the stated values, said verbatim) is
    never edited (set 29: a PGN's "1. e4" became "1. E4")."""
    keep = list(keep)
    text, inner = _masked(text, keep)
    for value in sorted({v for v in keep if len(v) > 1 and v.endswith(".") and " " not in v}, key=len, reverse=True):
        text = text.replace(value, value[:-1] + "\x01")  # "stock code NEP/07. from CFR ...": a code's own full
    text = _polished(text)  # stop ends no sentence (set 38: "NEP/07. From CFR")
    for k, middle in enumerate(inner):
        text = text.replace(f"\x00{k}\x00", middle)
    return text.replace("\x01.", ".").replace("\x01", ".")


def _masked(text: str, keep: Iterable[str]) -> tuple[str, list[str]]:
    """`text` with the inside of each kept value of three words or more with punctuation inside
    that it holds (all but its first and last word, which the article and the noun after it
    agree with) replaced by a mark, and the insides in order."""
    inner: list[str] = []
    for value in sorted({v for v in keep if len(v.split(" ")) >= 3 and re.search(r"[.?!,;]\s", v)}, key=len, reverse=True):
        first, _, rest = value.partition(" ")
        middle, _, last = rest.rpartition(" ")
        if value in text:
            text = text.replace(value, f"{first} \x00{len(inner)}\x00 {last}")
            inner.append(middle)
    return text, inner


def _polished(text: str) -> str:
    text = _A_AN.sub(_an, text)
    text = _ONE_PLURAL.sub(r"\1 \2\3", text)
    text = _ONE_ANY.sub(_one_singular, text)
    text = _ONE_COMPOUND.sub(_one_compound, text)
    text = _AT_DATE.sub("on ", text)
    text = _DAY_PREP.sub(r"\1", text)  # "due on today" -> "due today"
    text = re.sub(r"\b(?:the|a|an) (?=(?:The|A|An) [A-Z])", "", text)  # "from the The Crimson Horizon playlist"
    text = re.sub(r"(?<![\w.,:-])(1|one) people\b", r"\1 person", text)
    text = _VALUE_NOUN_TWICE.sub(r"\1", text)
    text = re.sub(r"\s+([,.;?!])", r"\1", text)
    text = re.sub(r"([?!])[.?!]+|(?<!\.)\.\.(?!\.)", lambda m: m[1] or ".", text)
    text = _SENTENCE_START.sub(lambda m: m[1] + m[2].upper(), text)
    return re.sub(r"\s+", " ", text).strip()
