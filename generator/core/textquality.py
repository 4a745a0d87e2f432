"""Text defects of a query, whatever wrote it: the detectors behind the `text_quality` gate
(generator.validators.quality), the text report of `trajgen stats` and the catalog sweep.

Each detector reads one text and returns `Defect`s; a defect lying wholly inside an *exempt*
span (a stated value as said, the value itself, a hint phrase, an app name) is not one: a
product called `smart_plug_v2` or a file `/tmp/a.txt` may be said because it is the value.

Defect classes (DEFECT_CLASSES; README "Text quality" shows an example of each):

- empty: blank text, or a placeholder left in it ("{city}", "<name>", "TODO", "lorem ipsum").
- doubled_word: the same word or phrase twice in a row ("play something something chill",
  "list events API events API Kubernetes").
- article: stacked or dangling determiners ("get a the zone", "list an of cities") or a/an
  that does not fit the next word's sound ("an cities", "a hour").
- identifier: a leftover identifier: snake_case, camelCase, a path, a dotted name
  ("search for an engine.query").
- repr: a Python/JSON object repr ("{'device_id': 'DEV-1'}", "['a', 'b']", "None").
- digit_string: a number spelled digit by digit ("37 point 8 1 0 2 1", "four five six").
- readout: more than MAX_READOUTS read-out constructions in one query (see READOUTS).

A *read-out* is a construction that assigns a value to a named parameter instead of saying it
in the flow of the sentence: "with the <noun> set to <value>", "with <value> as the <noun>",
"where the <noun> is/are <value>" ("with the granularity set to week", "with lock as the
action", "where the camera identifier is CAM-7"). One read-out in a query passes; the gate
rejects a query with two or more; the read-out share of a file is the share of its queries
holding at least one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from . import inflection

MAX_READOUTS = 1  # read-outs one query may hold; the gate rejects more

Span = tuple[int, int]


@dataclass(frozen=True)
class Defect:
    kind: str
    start: int
    end: int
    text: str
    why: str

    def reason(self) -> str:
        return f"{self.kind}: {self.why} ('{self.text}')"


Detector = Callable[[str], list[Defect]]
DETECTORS: dict[str, Detector] = {}


def detector(kind: str) -> Callable[[Detector], Detector]:
    def deco(fn: Detector) -> Detector:
        DETECTORS[kind] = fn
        return fn

    return deco


def _found(kind: str, pattern: re.Pattern[str], text: str, why: str, group: int = 0) -> list[Defect]:
    return [Defect(kind, m.start(group), m.end(group), m[group], why) for m in pattern.finditer(text)]


# ---------------------------------------------------------------- empty / placeholder

_PLACEHOLDER = re.compile(
    r"\{\s*\w*\s*\}|<[A-Za-z_][\w ]{0,30}>|\bTODO\b|\bTBD\b|(?i:lorem ipsum)|\bXXX+\b|\?\?\?|"
    r"\[(?:[A-Z_ ]{2,}|\.\.\.)\]"
)


@detector("empty")
def empty(text: str) -> list[Defect]:
    if len(re.findall(r"\w+", text)) < 2:
        return [Defect("empty", 0, len(text), text, "no request in the text")]
    return _found("empty", _PLACEHOLDER, text, "a placeholder is left in the text")


# ---------------------------------------------------------------- doubled words

# The second word must end there: "the domain domain.org" and "the user user@x.org" name a
# thing by its value, they double nothing.
_DOUBLE = re.compile(r"\b(\w+)\s+(\1)\b(?![.@/:-]\w)", re.IGNORECASE)
# Doublings English allows ("that that", "had had"), and casual emphasis.
_FINE_DOUBLES = frozenset({"that", "had", "very", "no", "so", "bye", "ha", "really"})


# A phrase of two to four words said twice in a row ("events API events API").
_DOUBLE_PHRASE = re.compile(r"\b((?:[A-Za-z][\w'-]*\s+){1,3}[A-Za-z][\w'-]*)\s+(\1)\b(?![.@/:-]\w)", re.IGNORECASE)


@detector("doubled_word")
def doubled_word(text: str) -> list[Defect]:
    words = [
        Defect("doubled_word", m.start(), m.end(), m[0], "a word is doubled")
        for m in _DOUBLE.finditer(text)
        if m[1].lower() not in _FINE_DOUBLES and not m[1].isdigit()  # digits: see digit_string
        and not _name_double(text, m) and not _phrasal_double(text, m)
    ]
    phrases = [Defect("doubled_word", m.start(), m.end(), m[0], "a phrase is doubled")
               for m in _DOUBLE_PHRASE.finditer(text)]
    return words + phrases


# Particles of phrasal verbs that also begin a phrase of their own: "look up up to 10 importers",
# "turn it on on Monday", "log in in the morning", "hand it over over lunch".
_PARTICLES = frozenset({"up", "down", "in", "on", "off", "out", "over", "back", "through", "around", "about", "by"})
_OBJECTS = frozenset({"it", "them", "him", "her", "me", "us", "this", "that", "these", "those", "one"})
_DETERMINERS = frozenset({"a", "an", "the", "my", "your", "his", "her", "our", "their", "its", "this", "these", "those"})
_TAIL = re.compile(r"\b(?:([A-Za-z]+)\s+)?([A-Za-z]+)\s+$")


def _phrasal_double(text: str, m: re.Match[str]) -> bool:
    """A verb's particle followed by a phrase that begins with the same word: the verb (or the
    verb and its pronoun object) comes just before, and words follow the pair."""
    from lemminflect import getAllLemmas

    if m[1].lower() not in _PARTICLES or not re.match(r"\s+[A-Za-z0-9$]", text[m.end():]):
        return False
    tail = _TAIL.search(text[: m.start()][-60:])
    if tail is None:
        return False
    if tail[2].lower() in _OBJECTS:
        return bool(tail[1]) and bool(getAllLemmas(tail[1].lower(), "VERB"))
    noun = (tail[1] or "").lower() in _DETERMINERS  # "the list in in the drawer"
    return not noun and bool(getAllLemmas(tail[2].lower(), "VERB"))


def _name_double(text: str, m: re.Match[str]) -> bool:
    """A capitalized doubling inside a sentence is a name ("Bora Bora", "Duck Duck Go")."""
    inside = bool(re.search(r"\w[\s,]*$", text[: m.start()]))
    return inside and m[1][:1].isupper() and m[2][:1].isupper()


# ---------------------------------------------------------------- articles

_FUNCTION_WORDS = (
    "a|an|the|my|your|his|her|our|their|its|this|these|those|of|to|for|with|and|or|in|on|at|by|"
    "from|is|are|was|were|be|as|than|that|which|what|whose|any|some|every|each"
)
# A function word joined by a hyphen is part of a compound modifier ("the on-hold batches", "an
# in-store pickup", "the to-do list"), not a second determiner.
# (a letter joined to more of a code is no function word: "an A.6 endorsement", "the A&P", "the A/C"; set 31)
# (a letter closing a code is no article: "in 27.6.a with species HKE", set 38)
_STACKED = re.compile(rf"(?<![\w.-])(?:a|an|the)\s+(?!(?-i:[A-Z]{{2,}})\b)(?:{_FUNCTION_WORDS})\b(?!-|[.&/]\w)",
                      re.IGNORECASE)  # an initialism in capitals is a noun: "an OR time" (set 45)
_ARTICLE_NEXT = re.compile(r"(?<![\w.-])(a|an)\s+([a-z][a-z'-]*)\b", re.IGNORECASE)


@lru_cache(maxsize=65536)
def right_article(word: str) -> str:
    """ "a" or "an" for `word`, by its sound (inflect: "an hour", "a user", "an X-ray")."""
    return inflection.engine().a(word).split(" ", 1)[0].lower()


def _wrong_article(m: re.Match[str]) -> bool:
    word = m[2]
    if not word.islower():  # names and acronyms: how they are said is unknown
        return False
    return right_article(word) != m[1].lower()


def _a_letter(text: str, start: int) -> bool:
    """A capital "A" that starts no sentence is a value's letter ("option A and a phase",
    "DIV A or B"), not an article."""
    return text[start] == "A" and text[start:start + 2] != "An" and \
        text[:start].rstrip()[-1:] not in ("", ".", "!", "?", ":")


@detector("article")
def article(text: str) -> list[Defect]:
    stacked = [d for d in _found("article", _STACKED, text, "determiners are stacked or the article has no noun")
               if not _a_letter(text, d.start)]
    wrong = [
        Defect("article", m.start(), m.end(), m[0], f"'{m[2]}' takes '{right_article(m[2])}'")
        for m in _ARTICLE_NEXT.finditer(text)
        if _wrong_article(m) and not _a_letter(text, m.start())
    ]
    return stacked + wrong


# ---------------------------------------------------------------- agreement and prepositions

# "what one costs", "how much one weighs": "one" is the subject, its verb no plural noun (set 37).
_PRONOUN_ONE = re.compile(r"\b(?:what|which|how much|how many|how|where|when|whether|if|each|every|no|any)\s+$",
                          re.IGNORECASE)
_ONE_OF = re.compile(r"(?<![\d.,-])\b(a|an|1|one)\s+([a-z][a-z-]*)(?=\s*(?:[,.;:?!]|$|\d|\b(?:" + _FUNCTION_WORDS + r")\b))")
# The previous word is kept to tell a particle from a preposition; a possessive ("in today's
# market") is a noun phrase the preposition governs, which is fine.
_BAD_PREP = re.compile(r"(?:\b([A-Za-z]+)\s+)?\b((?:on|at|in)\s+(?:today|tomorrow|tonight|yesterday))\b(?!['\u2019]s)",
                       re.IGNORECASE)
# Verbs (by lemma) that take "in" / "on" as their particle: in "came in today" or "log on
# tomorrow" the word belongs to the verb, and the relative day follows the phrasal verb bare.
_PARTICLE_VERBS: dict[str, frozenset[str]] = {
    "in": frozenset({"come", "check", "log", "sign", "move", "bring", "send", "turn", "hand", "call", "clock",
                     "drop", "fill", "pop", "walk", "get", "go", "phone", "ship", "mail", "arrive", "fly", "pull",
                     "punch", "put", "book", "be", "stop", "step", "sit", "stay", "write", "ring"}),
    "on": frozenset({"log", "sign", "carry", "move", "go", "come", "catch", "take", "put", "turn", "switch",
                     "hold", "keep", "be", "hang", "try", "pass", "hop", "get"}),
    "at": frozenset(),
}


@lru_cache(maxsize=65536)
def is_plural(word: str) -> bool:
    """Whether `word` is the plural of a noun (lemminflect's tables: "devices", "children";
    not "news", "series", "status")."""
    from lemminflect import getAllLemmas, getInflection

    lemmas = getAllLemmas(word, "NOUN").get("NOUN")
    return bool(lemmas) and lemmas[0] != word and word in getInflection(lemmas[0], "NNS")


@detector("grammar")
def grammar(text: str) -> list[Defect]:
    """A singular determiner before a plural head noun ("a services", "1 passes"), or a
    preposition before a relative day ("on today")."""
    plural = [
        Defect("grammar", m.start(), m.end(), m[0], f"'{m[1]}' before the plural '{m[2]}'")
        for m in _ONE_OF.finditer(text)
        if is_plural(m[2]) and not (m[1] == "one" and _PRONOUN_ONE.search(text[:m.start()]))
    ]
    bare_day = [Defect("grammar", m.start(2), m.end(2), m[2], "a relative day takes no preposition")
                for m in _BAD_PREP.finditer(text) if not _particle(m[1], m[2])]
    return plural + bare_day


def _particle(before: str | None, phrase: str) -> bool:
    """Whether the "in" / "on" of `phrase` is the particle of the verb `before` ("came in")."""
    from lemminflect import getAllLemmas

    if not before:
        return False
    verbs = _PARTICLE_VERBS[phrase.split()[0].lower()]
    lemmas = getAllLemmas(before.lower(), "VERB").get("VERB", ())
    return any(lemma in verbs for lemma in lemmas)


# ---------------------------------------------------------------- identifiers

_IDENTIFIER = re.compile(
    r"(?<![\w@/.-])(?:"
    r"[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*[A-Za-z0-9]"  # snake_case
    r"|[a-z]+(?:[A-Z][a-z0-9]+)+"  # camelCase
    r"|(?:~|\.{1,2})?/[\w.-]+(?:/[\w.-]+)+/?|[A-Za-z]:\\[\w\\.-]+"  # paths
    r"|[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+\(?\)?"  # dotted names
    r")(?![\w@/-])"
)
# A host name is said as written ("check example.org"): a dotted name ending in a common TLD.
_HOST = re.compile(r"(?:[a-z0-9-]+\.)+(?:com|org|net|io|co|edu|gov|info|biz|app|dev|ai|uk|de|fr|es|it|nl|eu|us|ca)")
_NOT_DOTTED = re.compile(r"^(?:e\.g|i\.e|a\.m|p\.m|etc|vs|approx|no|st|dr|mr|mrs|ms)\b", re.IGNORECASE)


# Units written in mixed case by everyone who uses them: words of the field, not identifiers.
MIXED_CASE_UNITS = frozenset({"dBm", "dBi", "dBA", "dBc", "dBW", "dBZ", "kWh", "MWh", "GWh", "mAh", "kHz", "MHz",
                              "GHz", "kPa", "MPa", "hPa", "mmHg", "cmH2O", "kVA", "kVAr", "mSv", "mGy", "kBq",
                              "MBq", "nMol", "mEq", "kDa", "mCi", "µCi", "uCi", "nCi", "GBq", "µSv", "cGy", "mR",
                              "cSt", "mPa", "kNm", "kWp", "kVp", "nSv", "kGy", "mOsm"})  # (a fuel's "93 cSt": set 43)


@detector("identifier")
def identifier(text: str) -> list[Defect]:
    out = []
    for m in _IDENTIFIER.finditer(text):
        token = m[0].rstrip(".")
        if token in MIXED_CASE_UNITS:
            continue
        if "." in token and "/" not in token and (_NOT_DOTTED.match(token) or token.count(".") == 0
                                                    or _HOST.fullmatch(token)):
            continue
        out.append(Defect("identifier", m.start(), m.start() + len(token), token, "an identifier is left in"))
    return out


# ---------------------------------------------------------------- object reprs

_REPR = re.compile(
    r"[{\[]\s*['\"]|['\"]\s*[}\]]|['\"]\s*:\s*['\"{\[\d-]|\{\s*\w+\s*:|\[\s*\]|"
    r"(?<=[a-z,;:] )(?:None|True|False|NaN)\b|[:=]\s*null\b"
)


@detector("repr")
def repr_(text: str) -> list[Defect]:
    return _found("repr", _REPR, text, "an object repr is left in the text")


# ---------------------------------------------------------------- digits spelled one by one

_DIGIT_WORDS = "zero|oh|one|two|three|four|five|six|seven|eight|nine"
_DIGITS = re.compile(
    rf"\b\d(?:\s+\d){{2,}}\b|\bpoint(?:\s+(?:\d|{_DIGIT_WORDS})\b){{2,}}|"
    rf"\b(?:{_DIGIT_WORDS})(?:[\s-]+(?:{_DIGIT_WORDS})\b){{2,}}",
    re.IGNORECASE,
)


@detector("digit_string")
def digit_string(text: str) -> list[Defect]:
    return _found("digit_string", _DIGITS, text, "a number is spelled digit by digit")


# ---------------------------------------------------------------- read-outs

_NP = r"[a-z][a-z0-9' -]{0,40}?"
READOUTS: list[tuple[str, re.Pattern[str]]] = [
    ("set to", re.compile(rf"\b(?:with|and|where|having)\s+(?:the|its|a)\s+{_NP}\s+(?:set|equal)\s+(?:to|as)\b",
                          re.IGNORECASE)),
    ("as the", re.compile(r"\bwith\s+[^,.;?!]{1,60}?\s+as\s+(?:the|its)\s+[a-z]", re.IGNORECASE)),
    ("where the X is", re.compile(rf"\b(?:where|whose)\s+(?:the\s+)?{_NP}\s+(?:is|are)\s+(?!\w+ing\b)",
                                  re.IGNORECASE)),
    ("X = Y", re.compile(r"\b(?:[a-z]+ ){0,3}[a-z]{2,}\s?=\s?\S", re.IGNORECASE)),
]


def readouts(text: str) -> list[Defect]:
    """Every read-out construction in `text` (see the module doc)."""
    out = []
    for name, pattern in READOUTS:
        out += [Defect("readout", m.start(), m.end(), m[0], f"read-out '{name}'") for m in pattern.finditer(text)]
    return out


@detector("readout")
def readout(text: str) -> list[Defect]:
    found = readouts(text)
    if len(found) <= MAX_READOUTS:
        return []
    first = found[0]
    why = f"{len(found)} read-outs (at most {MAX_READOUTS}); say the values in the flow of the sentence"
    return [Defect("readout", first.start, found[-1].end, first.text, why)]


DEFECT_CLASSES = tuple(DETECTORS)


# ---------------------------------------------------------------- exemptions


def exempt_spans(text: str, phrases: Iterable[str]) -> list[Span]:
    """Where in `text` the `phrases` (values as said, hint phrases, app names) occur."""
    spans = []
    low = text.lower()
    for p in {p.strip().lower() for p in phrases if p and p.strip()}:
        start = low.find(p)
        while start >= 0:
            spans.append((start, start + len(p)))
            start = low.find(p, start + 1)
    return spans


def _inside(d: Defect, spans: list[Span], text: str) -> bool:
    if any(a <= d.start and d.end <= b for a, b in spans):
        return True
    # "the domain domain.org": a label noun before a value that starts with the same word
    second = d.end - len(d.text.split()[-1]) if d.kind == "doubled_word" else -1
    return any(a == second and re.fullmatch(r"\S*[^\sA-Za-z]\S*", text[a:b]) for a, b in spans)


def defects(text: str, exempt: Iterable[str] = (), kinds: Iterable[str] | None = None) -> list[Defect]:
    """Every defect of `text` (of `kinds`, default all), minus those inside an exempt phrase."""
    spans = exempt_spans(text, exempt)
    out = []
    for kind in kinds or DETECTORS:
        if kind == "readout":  # a read-out counts as such even around a value
            out += DETECTORS[kind](text)
            continue
        out += [d for d in DETECTORS[kind](text) if not _inside(d, spans, text)]
    return out
