"""What a catalog says its codes mean, so a code is read as stated when the text says its meaning:
"massive transfusion pack" for pack=mtp when the description glosses "'mtp' (massive transfusion
pack)", "female" for sex=F.

Three sources, per option value:
- a gloss in the parameter's or the tool's description: "'mtp' (massive transfusion pack)",
  "F = female", "'electronic': computer crossmatch", "A - approved";
- an abbreviation spelled out there: "massive transfusion protocol (MTP)" for mtp;
- the standard meaning of a one-letter code the parameter's subject makes unambiguous: F / M / U /
  O / X of a sex or gender (ISO/IEC 5218 and HL7 administrative gender).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from .text import identifier_words, words

# A gloss that names no meaning, only a property of the option.
_NO_MEANING = frozenset({"default", "deprecated", "recommended", "optional", "required", "legacy", "e g", "eg"})
_MAX_WORDS = 6

# Standard meanings of one-letter codes, by the subject words that make them unambiguous.
STANDARD: tuple[tuple[frozenset[str], dict[str, tuple[str, ...]]], ...] = (
    (frozenset({"sex", "gender"}), {"f": ("female", "woman", "girl"), "m": ("male", "man", "boy"),
                                    "u": ("unknown", "unspecified", "not known"), "o": ("other",),
                                    "x": ("non binary", "nonbinary", "unspecified")}),
)


def meanings(options: Sequence[str], param: str, own: str, tool: str = "") -> dict[str, tuple[str, ...]]:
    """Each option's meanings (phrases), from the parameter's own description (`own`), the tool's,
    and the standard codes (whose subject only the parameter's name and own description give)."""
    text = f"{own} {tool}".strip()
    out: dict[str, tuple[str, ...]] = {}
    for option in options:
        found = [*_glossed(text, option), *_spelled_out(text, option), *_standard(param, own, option)]
        if found:
            out[option] = tuple(dict.fromkeys(found))
    return out


@lru_cache(maxsize=8192)
def _glossed(description: str, option: str) -> tuple[str, ...]:
    """"'mtp' (massive transfusion pack)", "F = female", "'electronic': computer crossmatch"."""
    if not description or not option.strip():
        return ()
    flags = 0 if len(option) <= 2 else re.IGNORECASE  # "F" is a code, "f" inside a sentence is not
    pat = re.compile(rf"(?<![\w'\"])['\"]?{re.escape(option)}['\"]?\s*(?:\(([^()]{{2,80}})\)|(?:=|:|\s[-\u2013])\s*"
                     rf"([^,;.()\n]{{2,80}}))", flags)
    out = []
    for m in pat.finditer(description):
        phrase = " ".join(words(m.group(1) or m.group(2))[:_MAX_WORDS])
        if phrase and phrase not in _NO_MEANING and phrase != option.lower():
            out.append(phrase)
    if not out and re.fullmatch(r"[A-Z]{2,5}", option) and len(_CODE_LIST.findall(description)) >= 2:
        # "Adjustment reason: DMG damaged in warehouse, CC cycle count variance, FND found stock"
        listed = re.search(rf"(?:^|[:;,]\s*){option}\s+([a-z][a-z/ -]{{2,40}}?)(?=\s*(?:[,;.]|$))", description)
        out += [" ".join(words(listed.group(1))[:_MAX_WORDS])] if listed else []
    return tuple(out)


# A list of codes, each followed by its meaning in lower-case words.
_CODE_LIST = re.compile(r"(?:^|[:;,]\s*)[A-Z]{2,5}\s+[a-z]")


@lru_cache(maxsize=8192)
def _spelled_out(description: str, option: str) -> tuple[str, ...]:
    """The words before "(MTP)" whose initials spell the code: "massive transfusion protocol"."""
    code = option.lower()
    if not description or not code.isalpha() or not 2 <= len(code) <= 6:
        return ()
    out = []
    for m in re.finditer(rf"([A-Za-z][\w\s-]*?)\s*\(\s*['\"]?{re.escape(option)}['\"]?\s*\)", description,
                         re.IGNORECASE):
        before = words(m.group(1))
        if len(before) >= len(code) and "".join(w[0] for w in before[-len(code):]) == code:
            out.append(" ".join(before[-len(code):]))
    return tuple(out)


def _standard(param: str, description: str, option: str) -> tuple[str, ...]:
    """The standard meaning of a one-letter code whose subject the parameter names."""
    if len(option) != 1:
        return ()
    subject = set(identifier_words(param)) | set(words(description))
    return next((table.get(option.lower(), ()) for names, table in STANDARD if names & subject), ())
