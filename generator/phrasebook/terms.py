"""What a parameter is and how its value is said, from the words the catalog author wrote.

`term(param, spec)` reads the parameter's description (its name only when the description says
nothing usable) into a `Term`: a noun phrase ("sensor depth", "farm site", "feed"), a unit
("metres", "degrees Celsius"), a role in a range (from / until), a bound (at most / at least),
what the description is *of* ("Number of holes found" counts holes, "Time of the first meal" is
the first meal's time, "Type of feed delivered" is a kind of feed) and, for a boolean, the verb
phrase it switches ("Stop feeding while dissolved oxygen is low").

`say(term, kind, value_text)` puts the value in one of a few frames known to be grammatical
(FRAMES): "for pen P-0412", "with a sensor depth of 12 metres", "with 3 holes", "from June 2
until June 5", "with the first meal at 6 am", "because of low weight", "stopping feeding while
dissolved oxygen is low". A phrase that cannot be checked -- an identifier that splits into
words the lexicon does not know, a description that does not parse -- is not guessed: the value
goes in the plain frame of its kind without a noun ("on June 2", "for P-0412").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from ..core import allowed
from ..core.freetext import PERSON_WORDS, is_person_role
from ..core.inflection import engine
from ..core.semantic import infer, tokens
from .fragments import true_reading
from .lexicon import (
    ABBREVIATIONS,
    FUNCTION_WORDS,
    MASS_NOUNS,
    gerund,
    is_plural,
    known,
    lemmas,
    nuclide,
    plural,
    singular,
    verb_lemma,
    with_article,
)

# Words that end a noun phrase in a description: a preposition, a clause, a verb form.
_STOPS = frozenset({"for", "by", "from", "with", "in", "on", "at", "to", "into", "within", "using", "via", "that",
                    "which", "who", "whose", "when", "while", "where", "if", "whether", "as", "or", "and", "than",
                    "before", "after", "during", "until", "since", "between", "per", "about", "over", "under",
                    "is", "are", "was", "were", "be", "will", "can", "should", "must", "e", "eg", "i", "ie",
                    "including", "excluding", "except", "incl", "without", "unless", "even",
                    "default", "defaults", "optionally", "only", "also", "how", "what", "why",
                    "against", "across", "through", "throughout", "among", "upon", "onto", "toward", "towards",
                    "along", "versus", "vs", "near", "above", "below", "beneath", "beyond", "so", "because",
                    "once", "although", "though", "being", "behind", "beside", "inside", "outside", "around",
                    "underneath", "alongside"})  # "Full street address being moved out of"; "a mat temperature
# reading behind the screed": the reading, never "a reading behind" (set 47)
_DETERMINERS = frozenset({"the", "a", "an", "its", "their", "this", "that", "each", "every", "any", "all", "one"})
# Words that point at a thing rather than name it: "Farm site identifier" is a farm site.
_POINTERS = frozenset({"identifier", "identity", "id", "ids", "code", "number", "no", "key", "reference", "ref", "name"})
# A list parameter named by what the call does with its members: `add_accessorials`, `remove_tags`.
_CHANGES = {"add": "adding", "remove": "removing", "drop": "dropping", "include": "including", "exclude": "excluding",
            "attach": "attaching", "detach": "detaching", "delete": "deleting", "append": "adding"}


# A span a change moves something by: "extending it by 36 hours".
_SHIFTS = {"extend": "extending it", "shorten": "shortening it", "delay": "delaying it", "postpone": "postponing it",
           "advance": "moving it up", "prolong": "extending it"}
_RECORD_WORDS = frozenset({"confirmation", "receipt", "ticket", "booking", "reservation", "order", "request"})
_HEADS_OF = {  # "<head> of X": what the value is said as
    "number": "count", "count": "count", "amount": "amount", "quantity": "count", "total": "count",
    "name": "name", "title": "name", "time": "clock", "hour": "clock", "date": "date", "day": "date",
    "start": "from", "beginning": "from", "end": "until", "type": "kind", "kind": "kind", "category": "kind",
    "identifier": "id", "id": "id", "code": "id",
}
_FROM = frozenset({"start", "from", "since", "begin", "beginning", "first", "earliest", "after", "min", "minimum",
                   "lower", "starting", "started", "opens", "checkin", "depart", "departure", "outbound"})
_UNTIL = frozenset({"end", "to", "until", "till", "last", "latest", "before", "max", "maximum", "upper", "ending",
                    "ended", "finished", "completed", "closes", "checkout", "return", "inbound"})
_AT_MOST = frozenset({"max", "maximum", "highest", "longest", "largest", "most", "upper", "limit", "ceiling",
                      "budget", "biggest", "greatest"})
_AT_LEAST = frozenset({"min", "minimum", "lowest", "shortest", "smallest", "least", "lower", "floor"})
_UNITS = frozenset({"ul", "km", "kg", "g", "mg", "m", "cm", "mm", "ml", "l", "kn", "nm", "mb", "gb", "kb", "ms", "usd",
                    "eur", "gbp", "ft", "mi", "lb", "lbs", "oz", "c", "f", "h", "hr", "hrs", "min", "mins", "s",
                    "sec", "secs", "pct", "px", "gal", "ppm", "ha", "psi", "mph", "mhz", "sqft", "bu", "mv", "kv", "kw",
                    "kwh", "psig", "ma", "hz", "usft"})
_UNIT_WORDS = {"ul": "microliters", "c": "degrees Celsius", "f": "degrees Fahrenheit", "g": "grams", "kg": "kg", "km": "km",
               "m": "metres", "cm": "cm", "mm": "mm", "ml": "ml", "mg": "mg", "h": "hours", "hr": "hours",
               "hrs": "hours", "min": "minutes", "mins": "minutes", "s": "seconds", "sec": "seconds",
               "secs": "seconds", "ms": "milliseconds", "pct": "percent", "usd": "dollars", "eur": "euros",
               "gbp": "pounds", "lb": "pounds", "lbs": "pounds", "ft": "feet", "mi": "miles", "kn": "kilonewtons",
               "px": "pixels", "mb": "MB", "gb": "GB", "kb": "KB", "oz": "ounces", "l": "litres", "nm": "nautical miles",
               "gal": "gallons", "ppm": "ppm", "ha": "hectares", "psi": "psi", "mph": "mph", "mhz": "MHz", "sqft": "square feet",
               "bu": "bushels", "mv": "millivolts", "kv": "kV", "kw": "kW", "kwh": "kWh", "psig": "psig", "ma": "mA",
               "hz": "Hz", "usft": "US survey feet", "mt": "mt"}  # (set 39: "northing USFT 1713446.71"; set 36: "a pipe-to-soil potential of -2400" for `on_potential_mv`)
_SPANS = ("seconds", "minutes", "hours", "days", "nights", "weeks", "months", "years")
_UNIT_NAMES = _UNITS | set(_SPANS) | set(_UNIT_WORDS.values()) | {"ul", "meters", "kilometers", "kilometres", "miles",
                                                                  "grams", "pounds", "tonnes", "knots", "percent",
                                                                  "acres", "liters", "inches", "yards", "tons",
                                                                  "eighths", "quarters", "tenths", "sixteenths"}
UNIT_NAMES = _UNIT_NAMES  # the unit words a name may end with (core.surface)
_NOTE = frozenset({"note", "notes", "comment", "comments", "remark", "remarks", "memo", "description"})
_REASON = frozenset({"reason", "cause", "why"})
_METHOD = frozenset({"method", "how", "via", "channel", "means", "mode"})
_IN_WORDS = frozenset({"currency", "unit", "units", "language", "lang", "locale", "format", "system", "scale"})
_UNIT_SYSTEMS = frozenset({"metric", "imperial", "si", "us", "us customary", "customary"})
_NAMING = frozenset({"name", "title", "label", "nickname", "alias"})
_COLLECTIONS = frozenset({"library", "catalog", "catalogue", "archive", "archives", "database", "collection",
                          "inventory", "index", "repository", "registry", "records", "shelves", "stacks",
                          "dictionary", "directory", "register", "roster"})  # (set 36: "the product dictionary called X")
_VENUES = frozenset({"restaurant", "hotel", "store"})
_SAYING = frozenset({"message", "text", "body", "content", "reply", "answer", "post", "tweet", "caption"})
_SEARCHED = frozenset({"search", "query", "keyword", "keywords", "match", "matching", "lookup"})
_READING = frozenset({"get", "list", "search", "find", "show", "look", "check", "track", "count", "fetch"})
_KINDS = frozenset({"species", "type", "kind", "category", "genre", "breed", "variety", "class", "sort"})
_PLACE_KINDS = frozenset({"city", "country", "place", "address", "region", "location"})


@dataclass(frozen=True)
class Term:
    noun: str = ""  # the noun phrase a user says for the parameter ("" when none could be checked)
    unit: str = ""  # said after a number ("metres"), "" when none
    of: str = ""  # what "<head> of X" made of it: count | amount | name | clock | date | kind | id | ""
    role: str = ""  # from | until | ""
    bound: str = ""  # "at most " | "at least " | ""
    act: str = ""  # a boolean's verb phrase in the base form ("stop feeding while ..."), "" when none
    sem: str = ""  # generator.core.semantic's type (id, person, place, text, ...)
    pointer: bool = False  # the noun points at one thing ("Pen number", "Farm site identifier")
    place: str = ""  # from | to: a source or a destination ("source_pen", "Destination pen or plant")
    phrase: str = ""  # the name read as the words before its value ("cancelled by", "expiring within", "born on")
    plain: str = ""  # the name's words as written, for the plain frame when no noun could be checked
    negation: str = ""  # "negative for" | "excluding" | "without": the values are what the call must not have

    @property
    def label(self) -> str:
        """The noun naming the parameter itself: "car type" for "Type of car", "number of fish"
        for "Number of fish to sample" (the frames say the value with `noun`)."""
        if not self.noun:
            return ""
        return _LABELS.get(self.of, "{n}").format(n=self.noun)

    @property
    def head(self) -> str:
        """The head noun: the last word, or the one before "of" ("species of the smolt")."""
        words = self.noun.split()
        return words[words.index("of") - 1] if "of" in words[1:] else words[-1] if words else ""


# ---------------------------------------------------------------- reading a description


# A standard's number or a length in characters modifies a noun, it is none: "ISO 639-1 language
# code", "10-digit NPI", "Two-letter state code".
_MODIFIERS = re.compile(r"(?i:\b(?:\d+|two|three|four|five|six|eight|ten)-(?:digit|letter|character|char)s?\b)|"
                        r"(?<![\w-])[A-Z]{2,}[ -]\d[\d.:]*(?:-\d[\d.:]*)*\b(?!-)")  # "ISO 8601", never "Wi-Fi 6"
# A date or clock pattern says how a value is written, never what it is: "YYYY-MM-DD", "HH:MM".
_PATTERNS = re.compile(r"\b(?:yyyy|yy|mm|dd|hh|ss)(?:[-/:.T ](?:yyyy|yy|mm|dd|hh|ss))+\b", re.IGNORECASE)
# So does an id template, with the word that introduces it: "AUD-NNN", "Format Q-YY-NNNNN", "WO-######".
_TEMPLATES = re.compile(r"(?:\b(?:[Ff]ormat(?:ted as)?|[Pp]attern)\b:?\s*)?(?<![\w-])(?:[A-Z]{1,6}[-_])?"
                        r"(?:[NXD#]{3,}|[NXD#]*Y{2}(?=[-_])|#+)(?:[-_](?:[NXYD#]{2,}|[A-Z]{1,6}))*(?![\w-])")


# Words that say how a value is written, not what it is: "Comma-separated reviewer IDs" are
# reviewers, "Integer from -3 to 3" names nothing, "List of tags" is tags. They open a
# description (with a closing "of"/"list"), never its noun.
_FORMAT_LEAD = re.compile(
    r"^(?:(?:a|an|the)\s+)?(?:(?:(?:comma|space|semicolon|pipe|newline|whitespace|tab)[- ]?(?:separated|delimited)|"
    r"(?:json|csv)(?:-encoded)?|iso(?:[- ]?8601)?|integer|int|whole number|float|decimal|numeric|string|str|boolean|"
    r"free[- ]?(?:text|form)|plain[- ]text|"
    r"bool|array|list)(?![\w-])(?:\s+(?:value|list|array|string)\b)?(?:\s+of\b)?[\s,:;.]*)+",
    re.IGNORECASE)


def without_format_words(text: str) -> str:
    """The description without the words that say how its value is written ("Comma-separated
    reviewer IDs" -> "reviewer IDs", "Integer from -3 to 3" -> "from -3 to 3", "Comma-separated:
    banquet, tutorial" -> "": format words that are the whole first clause leave no noun); "List name" and
    "String length" keep theirs (a format word before a noun, with no "of", is that noun's)."""
    m = _FORMAT_LEAD.match(text)
    if not m or not m.group(0).strip():
        return text
    lead, rest = m.group(0).strip().lower(), text[m.end():]
    after = rest.split(" ", 1)[0]
    if re.fullmatch(r"(?:list|array|string|str)", lead) and m.group(0)[-1:] == " " and after.isalpha() \
            and after.islower() and after not in _STOPS:
        return text
    return "" if re.search(r"[,:;.]$", lead) else rest  # "Comma-separated: a, b" lists values, names none


def _clean(description: str) -> str:
    text = _MODIFIERS.sub(" ", without_format_words(re.sub(r"\([^)]*\)|`|\"", " ", description).strip()))
    text = _TEMPLATES.sub(" ", _PATTERNS.sub(" ", text))
    text = re.split(r"\s(?:e\.g\.|i\.e\.|eg|ie|for example|such as|like)[\s,]", text, maxsplit=1)[0]
    return without_format_words(re.sub(r"\s+", " ", text).strip())


# "Book hours, in tenths": a precision, not a unit ("book hours of 3 tenths" says 0.3 hours).
_PRECISIONS = frozenset({"tenths", "hundredths", "thousandths", "increments", "steps", "multiples", "halves",
                         "tens", "hundreds", "thousands", "dozens"})  # "in whole hundreds of kilograms" (set 38)


# How a value is written, never its unit: "Name of the person who signed, in capitals" (set 36: "J.
# MORALES capitals").
_WRITTEN_IN = frozenset({"capitals", "caps", "uppercase", "lowercase", "letters", "digits", "english", "full", "brackets",
                         "quotes", "writing", "print", "words", "figures"})


def _unit_of(text: str) -> str:
    """ "Sensor depth in metres" -> "metres"; ", in degrees Celsius" -> "degrees Celsius"; "in mm/s"
    -> "mm/s" (set 28: "a particle velocity of 41 mm")."""
    # "modules come in pallets of 30", "sold in boxes": how a thing is packed, never the count's unit (set 31)
    text = re.sub(r"\b(?:comes?|came|sold|packed|shipped|supplied|delivered|available) in [a-z]+s\b", " ", text)
    rate = re.search(r"(?:^|[\s,])in ([A-Za-zµ°]{1,6}/[A-Za-z0-9]{1,6})(?=[\s.,;)]|$)", text)
    if rate:
        return rate[1]
    whole = re.search(r"(?:^|[\s,])in (?:whole|full|complete) ([a-z]+s)\b", text)  # "in whole furlongs: 2, 3, ..."
    if whole and whole[1] not in _PRECISIONS:
        return whole[1]
    m = re.search(r"(?:^|[\s,])in (degrees [A-Za-z]+|[A-Za-z]+)\s*[.,;]?\s*$", text)
    if m is None:  # "in square feet, 300-12000" (set 34: "a living area of 3900 feet")
        m = re.search(r"(?:^|[\s,])in (degrees [A-Za-z]+|(?:square|cubic|linear|board) (?:feet|foot|[a-z]+s)|"
                      r"(?:[A-Z][a-z]+ )?[a-z]+s)\b(?!\s*\d)", text)  # "in Worldscale points" (set 42); "dead in
        # days 1-7" is when, never the count's unit (set 46: "for 30 days")
    if m is None:  # "Depth of the level's top in cm below the unit datum": a unit's symbol anywhere
        m = re.search(r"(?:^|[\s,])in ([A-Za-z]{1,4})\b(?!['-])", text)
        m = m if m and m[1].lower() in _UNITS - {"s", "h", "c", "f", "l", "m", "g"} else None
    if m is None:  # "Extracted honey, lb.": a unit closing the first clause after a comma
        tail = re.match(r"^[^.;]*?,\s*([A-Za-z]+)\s*(?:[.;]|$)", text)  # ", hours (e.g. 2871.4)." cleaned
        rate = re.match(r"^[^.;]*?,\s*([A-Za-zµ]{1,8} per (?:hour|minute|second|day))\s*(?:[.;]|$)", text)
        return rate[1] if rate else tail[1] if tail and tail[1].lower() in _UNITS | set(_SPANS) else ""  # ", microR
        # per hour" (set 46: "a handheld reading of 16755 hours")
    if m[1].lower() in _DETERMINERS | {"order", "stock", "total", "words"} | _PRECISIONS | _WRITTEN_IN:
        return ""
    word = m[1]
    return word if word.startswith(("degrees", "square ", "cubic ", "linear ", "board ")) or word.endswith("s") or \
        word.lower() in _UNITS else ""


def _np(words: list[str], joins: bool = False, cased: bool = False) -> list[str]:
    """The noun phrase opening `words`: up to a stop word, a clause, a participle or a second
    determiner; "X or Y Z" stays one phrase ("a delousing or health treatment"), "meals per day"
    keeps its "per"."""
    out: list[str] = []
    words = [w for w in words if w]
    for i, w in enumerate(words):
        bare, low = w.rstrip(",;:."), w.rstrip(",;:.").lower()
        after = words[i + 1].lower().rstrip(",;:.") if i + 1 < len(words) else None
        if not out and low in _DETERMINERS | {"required", "optional"}:
            continue
        if out and (_joined(low, after, joins) or low == "of" and after not in _STOPS):
            out.append(low)
            continue
        titled = cased and i > 0 and bare[:1].isupper()  # "MedDRA Preferred Term code": a term's name, no clause
        if bare == "A" and out and 0 < i and words[i - 1][:1].isupper() and words[i - 1] == words[i - 1].rstrip(",;:."):
            out.append(bare)  # "issue Form A (and Form B ...)": a form's letter, no article
            continue
        if low in _STOPS or low in _DETERMINERS and out[-1:] != ["of"] or out and not titled and _participle(low, after) \
                and not (low.endswith("ing") and len(out) == 1 and "ADJ" in lemmas(out[0])):  # "cold milling on a
            break  # job" is the milling, never "a cold" (set 47)
        if out and low in ("back", "away") and after in ("into", "to", "in", "onto", "from", "out", "on", None):
            break  # "Release a held job back into production": the job, no "job back"
        if not (re.fullmatch(r"[A-Za-z][A-Za-z'-]*", bare) or re.fullmatch(r"[A-Z]{1,3}\d{1,4}", bare)) or bare.endswith("-"):
            break  # "FH- followed by 3 digits": an id's prefix is no word; a code ("E911 address") is one
        out.append(bare if re.fullmatch(r"[A-Z0-9]{2,}s?", bare) or re.search(r"[a-z][A-Z]", bare)  # "MedDRA" as written
                   or cased and i > 0 and bare[:1].isupper() else low)
        if bare != w:  # "pen:" -- the clause ends with the word
            break
    while out and (out[-1] in ("of", "or", "and", "per") or out[-1] in _DETERMINERS):
        out.pop()
    return out[:8]


def _joined(word: str, after: str | None, joins: bool) -> bool:
    """ "per" before a unit of time; with `joins` (an intent's object), "or" / "and" between two
    parts of one noun phrase ("a delousing or health treatment")."""
    if word == "per":
        return after in ("day", "week", "hour", "month", "year", "minute", "second", "night", "person", "unit")
    return joins and word in ("or", "and") and after is not None and after not in _STOPS | _DETERMINERS


def _participle(word: str, after: str | None) -> bool:
    """ "delivered", "farmed", "doing the count": a verb form that starts a clause after a noun
    (at the end, or before a determiner or a preposition); "tracking number" is a modifier."""
    said = lemmas(word)
    lemma = verb_lemma(word)
    if word in ("read", "set", "put", "cut", "cast", "spread") and after in ("on", "by", "at", "from", "in", "off",
                                                                         "during", "with", "after"):
        return True  # "Draft forward read on the marks": the draft forward, never "a draft forward read" (set 38)
    if "VERB" in said and lemma and lemma != word and word in _irregular_participles(lemma):
        return after is None or after in _STOPS | _DETERMINERS  # "patients known to ...", never "given name"
    if "VERB" not in said or lemma == word or not (word.endswith(("ed", "ing")) or word in (
            "found", "taken", "sent", "done", "made", "given", "held")):
        return False
    if word.endswith("ing"):  # "doing the count" starts a clause; "rating", "tracking number" do not
        return after in _DETERMINERS or "NOUN" not in said and (after is None or after in _STOPS)
    return True


@lru_cache(maxsize=4096)
def _irregular_participles(lemma: str) -> tuple[str, ...]:
    """ "known", "written", "shown": past participles that do not end in "-ed"."""
    from lemminflect import getInflection

    return tuple(f for f in getInflection(lemma, "VBN") if not f.endswith("ed"))


def _drop_pointer(words: list[str]) -> list[str]:
    """ "farm site identifier" -> "farm site"; "courier tracking number" keeps its number, and a
    code named by what it says keeps its word ("reject code BD", never "the reject BD")."""
    if _pointer(words) and not (words[-1].lower() == "code" and set(lemmas(words[-2].lower())) & {"VERB", "ADJ"}):
        return words[:-1]
    return words


def _pointer(words: list[str]) -> bool:
    """ "Farm site identifier" points at the farm site; a part of a name is no thing ("last name")."""
    last = words[-1].lower() if words else ""
    pointing = last in _POINTERS or last.endswith("s") and last[:-1] in _POINTERS - {"name", "no"}  # "reviewer IDs"
    return len(words) >= 2 and pointing and not words[-2].endswith("ing") and words[-2] != "of" \
        and not (last == "name" and words[-2].lower() in _NAME_PARTS)


# Who keeps a record, said with a possessive before the record's own noun ("the lab's patient ID").
_KEEPERS = frozenset({"lab", "laboratory", "company", "carrier", "clinic", "club", "shop", "store", "system", "hospital",
                      "office", "agency", "department", "bank", "school", "firm", "practice", "pharmacy", "library",
                      "museum", "branch", "vendor", "supplier", "platform", "app", "site", "university", "county",
                      "city", "state", "court", "registry", "insurer", "payer", "manufacturer", "tms", "erp", "crm"})
_NAME_PARTS = frozenset({"first", "last", "middle", "given", "family", "full", "nick", "display", "sur", "legal"})


def _imperative(words: list[str]) -> bool:
    """ "Show free time ranges for this date", "Print even if ...": a verb in the base form before
    a determiner, an adjective or an adverb is an order, no noun ("Search term", "Free text" are)."""
    first, after = words[0].lower(), (words[1].lower() if len(words) > 1 else "")
    said = lemmas(first)
    if not after or "VERB" not in said or "ADJ" in said or verb_lemma(first) != first:
        return False
    return after in _DETERMINERS or bool(set(lemmas(after)) & {"ADJ", "ADV"})


def _checked(words: list[str], described: bool) -> str:
    """The phrase, or "" when it cannot be checked: every word of a name-derived phrase must be
    English; a description's own words are the author's (jargon such as "smolt" is kept), but a
    phrase must still end in a noun, not in an adjective or a verb."""
    if not words or len(words) == 1 and words[0].lower() in _POINTERS - {"name"} | {"codes", "ids", "identifiers"}:
        return ""  # "ISO 4217 code." names no thing: the name does
    if described and set(lemmas(words[0].lower())) == {"VERB"} and verb_lemma(words[0].lower()) == words[0].lower():
        return ""
    if described and _imperative(words):
        return ""
    if described and len(words) > 1 and {w.lower() for w in words[1:]} & _CLAUSE_SUBJECTS:
        return ""  # "Day she left or died", "Pen she goes back to": a clause cut, never "a day she" (set 31)
    if not described and not all(known(w) or w.upper() == w for w in words):
        return ""
    last = lemmas(words[-1]) or ({"NOUN": ()} if known(words[-1]) else {})  # "namespace": a closed compound
    gerund_noun = words[-1].endswith("ing") and "VERB" in last
    if len(words) >= 2 and words[-1].lower() in _ENDS and "NOUN" in lemmas(words[-2].lower()):
        return " ".join(words)  # "Draft aft": a measure at one end of the ship (set 38)
    if (last or not described) and "NOUN" not in last and not gerund_noun and words[-1] not in ABBREVIATIONS:
        return ""
    if not described and set(last) & {"ADJ", "ADV"} and words[-1] not in _KINDS:  # "daily_miles" is no "daily"
        return ""
    return " ".join(words)


def _described(words: list[str]) -> tuple[str, str, str, bool]:
    """(noun, of, role, pointer) from a description's first clause."""
    if words and words[0].lower() in ("estimated", "approximate", "expected", "total", "requested", "planned",
                                      "exact", "precise"):  # "Exact member number": a member (set 29)
        words = words[1:]
    if len(words) >= 4 and words[0].lower() in ("new", "updated", "revised") and words[1].lower() == "number" and \
            words[2].lower() == "of":  # "New number of cases": a count of cases, never case number 274 (set 33)
        words = words[1:]
    if len(words) > 2 and words[0].lower() in _AT_LEAST | _AT_MOST and len(_np(words[1:], cased=True)) >= 2:
        words = words[1:]  # "Minimum rated hookload": a rated hookload with a bound, never "a minimum"
    if len(words) >= 4 and words[1].lower() in _POINTERS and words[2].lower() == "of":  # "Inspector ID of the lead"
        return _checked(_np(words[3:]), True), "", "", True
    if len(words) >= 3 and words[1].lower() == "of" and words[0].lower() in _HEADS_OF:
        what = _HEADS_OF[words[0].lower()]
        rest = _np(words[2:])
        if what in ("from", "until"):
            return _checked(rest, True), "", what, False
        return _checked(_drop_pointer(rest), True), what, "", what == "id" or _pointer(rest)
    low = [w.lower() for w in words]
    at = low.index("of") if "of" in low else -1
    if at >= 2 and low[at - 1] in _POINTERS - {"name"} and at + 1 < len(words):
        # "Fleet unit number of the collection truck": an id of the thing, said "truck U-2417"
        return _checked(_np(words[at + 1:]), True), "", "", True
    np = _np(words, cased=True)
    if len(np) >= 3 and np[0].lower().removesuffix("'s").removesuffix("'") in _KEEPERS and \
            np[0].endswith(("'s", "s'")):
        np = np[1:]  # "The lab's patient ID": the patient's, never "for lab's patient PT0482913" (set 30)
    noun = _drop_pointer(np)
    if noun and noun[-1].endswith(("'s", "s'")) and _pointer(np):  # "Account holder's name": "account holder X"
        noun = [*noun[:-1], noun[-1].removesuffix("'s").removesuffix("'")]
    return _checked(noun, True), "", "", _pointer(np)


# Unit words of parameter names beyond _UNITS, as written after a number ("16 g/dL", "12 cSt").
# Written as a user writes them and never in mixed case ("cSt", "kWh" read as identifiers: words).
_NUMERATORS = {"g": "g", "mg": "mg", "ug": "µg", "mcg": "µg", "ng": "ng", "mmol": "mmol", "umol": "µmol",
               "meq": "meq", "iu": "IU", "u": "U", "lb": "lb", "lbs": "lb", "kg": "kg", "ml": "mL", "l": "L",
               "gal": "gal", "km": "km", "m": "m", "mi": "mi", "kwh": "kWh", "cells": "cells", "mrem": "mrem",
               "rem": "rem", "msv": "mSv", "usv": "µSv", "mr": "mR", "mgy": "mGy"}  # "mrem_h": 15.7 mrem/h (set 37)
_DENOMINATORS = {"dl": "dL", "l": "L", "ml": "mL", "bu": "bu", "kg": "kg", "h": "h", "hr": "h", "min": "min",
                 "s": "s", "m2": "m²", "ha": "ha", "ac": "acre", "ul": "µL", "day": "day", "d": "day", "ft": "ft",
                 "yd": "yd"}  # "weight_lb_ft": a casing of 40 lb/ft, never "40 feet"
_NAME_UNITS = {"cst": "centistokes", "ppb": "ppb", "cents": "cents", "kw": "kW", "mw": "MW", "kwh": "kilowatt-hours",
               "mwh": "MWh", "rpm": "rpm", "bpm": "bpm", "mmhg": "mm Hg", "db": "dB", "kpa": "kilopascals",
               "mpa": "MPa", "bar": "bar", "hz": "Hz", "khz": "kilohertz", "kv": "kV", "ma": "mA", "nm": "nm",
               "dbm": "dBm", "dbi": "dBi", "klbs": "klbs", "klb": "klbs", "kips": "kips", "bbl": "barrels",
               "bbls": "barrels", "mci": "mCi", "uci": "µCi", "ci": "Ci", "mbq": "MBq", "gbq": "GBq", "kbq": "kBq",
               "msv": "mSv", "usv": "µSv", "mrem": "mrem", "mgy": "mGy", "cpm": "cpm", "dpm": "dpm"}  # (set 37)
_AT_TEMPERATURE = re.compile(r"(\d+)([cf])")
_FRACTION = re.compile(r"(\d+)(?:st|nd|rd|th)s")  # a measure counted in parts of a unit: 32nds of an inch


_WINDOW_UNITS = frozenset({"hours", "days", "weeks", "months", "years"})


def unit_tail(words: list[str]) -> tuple[list[str], str]:
    """A name's content words and the unit its closing tokens write, as said after a number:
    `pretransfusion_hgb_g_dl` -> (pretransfusion hgb, "g/dL"), `viscosity_cst_40c` -> (viscosity,
    "cSt at 40 °C"), `cost_per_acre_cents` -> (cost, "cents per acre"); (words, "") when the
    name closes on no such unit (the single units of _UNITS are read by `_name_unit`)."""
    at = _AT_TEMPERATURE.fullmatch(words[-1]) if len(words) > 2 else None
    rest, cond = (words[:-1], f" at {at[1]} °{at[2].upper()}") if at else (words, "")
    if len(rest) > 2 and rest[-2] in _NUMERATORS and rest[-1] in _DENOMINATORS and rest[-2] != rest[-1]:
        return rest[:-2], f"{_NUMERATORS[rest[-2]]}/{_DENOMINATORS[rest[-1]]}{cond}"  # "g_dl", "lb_bu"
    if len(rest) > 3 and rest[-3] == "per" and (rest[-1] in _NAME_UNITS or rest[-1] in _UNIT_WORDS):
        unit = _NAME_UNITS.get(rest[-1]) or _UNIT_WORDS[rest[-1]]
        return rest[:-3], f"{unit} per {rest[-2]}{cond}"  # "cost_per_acre_cents": 5200 cents per acre
    if len(rest) > 2 and rest[-2] == "per" and rest[-1] in _NAME_UNITS:  # "energy_price_per_kwh": 0.35 per
        return rest[:-2], f"per {_NUMERATORS.get(rest[-1]) or _NAME_UNITS[rest[-1]]}{cond}"  # kWh, no energy (set 35)
    if len(rest) > 1 and rest[-1] in _NAME_UNITS:
        return rest[:-1], f"{_NAME_UNITS[rest[-1]]}{cond}"
    if len(rest) > 2 and rest[-1] in ("md", "tvd") and rest[-2] in _UNIT_WORDS:  # `top_of_cement_ft_md`
        return rest[:-2], f"{_UNIT_WORDS[rest[-2]]} {rest[-1].upper()}{cond}"  # 6000 feet MD
    if len(rest) > 2 and rest[-2].isdigit() and rest[-1] in _WINDOW_UNITS:  # `impound_count_12_months`: a count in
        head = rest[:-3] if rest[-3] in ("last", "past", "in", "within") else rest[:-2]  # a window, never "with impound
        return head, f"in the last {rest[-2]} {rest[-1]}{cond}"  # count 12 at 8 months" (set 48)
    if len(rest) > 1 and (part := _FRACTION.fullmatch(rest[-1])):
        return rest[:-1], f"/{part[1]}"  # "tread_depth_32nds": a tread depth of 17/32
    return words, ""


def _content(param: str) -> list[str]:
    """The name's tokens without a closing unit that `unit_tail` reads."""
    return unit_tail(tokens(param))[0] if tokens(param) else []


def _from_name(param: str) -> str:
    said = _content(param)
    words = [w for i, w in enumerate(said) if not w.isdigit() and w not in said[:i][-1:]]
    while len(words) > 1 and words[-1] in _UNIT_NAMES and (words[-1] not in ("min", "mins") or
                                                           words[-2] in _SPAN_NOUNS):
        words = words[:-1]
    words = [w for w in words if w not in _AT_MOST | _AT_LEAST] or words  # "max_distance": the bound is said apart
    if words[-2:] in (["sort", "by"], ["order", "by"]):  # "sort_by" picks an order
        words = [*words[:-2], "sort", "order"]
    words = [ABBREVIATIONS.get(w, w) for w in _drop_pointer(words) if w not in ("is", "has", "get", "set", "include")]
    return _checked(words, False)


_GENERIC = frozenset({"query", "q", "value", "text", "input", "data", "search", "term", "keyword", "resource", "object",
                      "item", "target", "entity", "thing"})
_SPAN_NOUNS = frozenset({"duration", "length", "time", "wait", "delay", "timeout", "interval", "break", "runtime"})


def _shorter_by_name(described: str, param: str) -> str:
    """ "city of the clinic" for `clinic_city` is the name's "clinic city": the same words, fewer."""
    said = _from_name(param)
    if said and " of " in described and len(said.split()) > 1 and set(said.split()) <= set(described.split()):
        return said
    opens = described.split()[:len(said.split())] == said.split() and len(described.split()) > len(said.split())
    if said and opens and tokens(param)[-1:] and tokens(param)[-1] in _POINTERS:
        return said  # "Technician employee id" for technician_id: "technician TEC-118", said once
    named = said or " ".join(tokens(param))
    if re.match(r"names? of (?:the )?(?:part(?:y|ies)|persons?|people)\b", described, re.IGNORECASE) \
            and _names_person(named):  # "Names of the parties conveying" for `grantors`: "grantors X and Y"
        return named
    return described


def _bound(words: set[str]) -> str:
    if words & _AT_MOST:
        return "at most "
    if words & _AT_LEAST:
        return "at least "
    return ""


def _act(description: str) -> str:
    """A boolean's short verb phrase: the verb and its object, or the verb and one prepositional
    phrase ("Stop feeding while oxygen is low" -> "stop feeding", "Include signed download URLs
    for the PDF" -> "include signed download URLs", "Flag for ethics review"); "" when the
    description is no order or its words after the verb are a condition ("Print even if ...")."""
    text = re.sub(r"^(?:whether to|if true,?|set to true to|true to)\s+", "", _clean(description), flags=re.IGNORECASE)
    text = re.sub(r"^also\s+", "", text, flags=re.IGNORECASE).rstrip(". ")
    words = re.split(r"[;.,]\s| instead of | rather than ", text)[0].split()  # its first clause, said when false too
    if not words or not re.fullmatch(r"[A-Za-z]+", words[0]):
        return ""
    first = words[0].lower()
    if verb_lemma(first) != first or set(lemmas(first)) - {"VERB", "NOUN"} or "VERB" not in lemmas(first):
        return ""
    if len(words) > 1 and words[1].lower() in ("is", "are", "was", "were", "of"):  # "Page count is ..." is no order
        return ""
    second = words[1].lower() if len(words) > 2 else ""
    said_of = _third_person(second) or "NOUN" in lemmas(first) and verb_lemma(second) not in (None, second) \
        and second.endswith("s")  # "Work needs the canal ... dewatered": a statement of work (set 43: "working needs")
    if said_of and words[2].lower() in _DETERMINERS:
        return ""  # "Move exceeds the threshold": a statement of a move ("Return logs of ..." is an order)
    if len(words) > 2 and words[2].lower() in ("is", "are", "was", "were", "has", "have"):
        return ""  # "Evidence seal was intact at transfer": a statement about a seal, not "evidence the seal"
    rest = words[1:]
    if not rest:  # a verb alone ("Include") says less than the name
        return ""
    prep = rest[0].lower() if rest[0].lower() in _ACT_PREPS else ""
    obj = _object_np(rest[1:] if prep else rest)
    if not obj:
        return ""  # "Print even if a badge was printed": a condition, no short form
    whole = re.sub(r"\s*\([^)]*\)?", "", " ".join(rest)).split()
    if first in _SHOWING and not prep and len(obj) < len(whole) <= 10 and whole[len(obj)].lower() in _WHICH:
        return " ".join([first, *whole])  # "Include referees under 18": which ones is the point, never
    at = len(obj) + (1 if prep else 0)  # "including referees" (all of them)
    if first in _HIDING and at < len(whole) and whole[at].lower() in _WHICH:  # "Leave out accounts with no
        return " ".join([first, *whole]) if len(whole) <= 12 else ""  # project in ...": never "leaving out accounts"
    return " ".join([first, *([prep] if prep else []), *obj])


# Verbs of a flag that adds rows to an answer, and the words that open a qualifier saying which rows.
_SHOWING = frozenset({"include", "return", "list"})  # "Also list stock that becomes saleable next season"
_HIDING = frozenset({"leave", "exclude", "skip", "hide", "omit", "ignore", "drop", "filter"})  # and rows it keeps out (set 26)
_WHICH = frozenset({"under", "over", "with", "without", "older", "younger", "below", "above", "that", "who",
                    "which", "not", "no", "whose", "in", "from", "since", "before", "after"})


def _third_person(word: str) -> bool:
    """A verb's -s form and no noun ("exceeds", "takes", "needs"): the word a statement's subject
    is followed by, never an order's object."""
    lemma = verb_lemma(word)
    return bool(lemma) and lemma != word and word.endswith("s") and "NOUN" not in lemmas(word)


def _modifier_only(word: str) -> bool:
    said = set(lemmas(word.lower()))
    return bool(said) and said <= {"ADJ", "ADV"} and word.lower() == word


_ACT_PREPS = frozenset({"for", "to", "into", "on", "in", "with", "from"})
_ACT_ENDS = frozenset({"now", "immediately", "already", "also", "too", "first", "automatically", "again"})


def _object_np(words: list[str]) -> list[str]:
    """The object after a boolean's verb, up to a preposition other than "of", a clause or a
    condition ("the output of the previous run", "signed download URLs"), ending in a noun; []
    when it is longer than a short phrase."""
    np: list[str] = []
    for w in words:
        bare = w.rstrip(",;:.")
        if bare.lower() in _STOPS - {"of"} or not re.fullmatch(r"[A-Za-z][A-Za-z'&-]*|\d{1,2}", bare):
            break  # a small number names a model inside the phrase ("a managed Wi-Fi 6 router")
        if bare.lower() not in _ACT_ENDS:
            np.append(bare if re.search(r"[A-Z]", bare[1:]) else bare.lower())
        if bare != w:
            break
    while np and (np[-1] in _DETERMINERS | {"of", "and", "or", "per"} or _modifier_only(np[-1]) or np[-1].isdigit()):
        np.pop()  # never end on an adverb or an adjective
    return np if np and len(np) <= 7 else []


# "Date anyone in the company first received ...": a noun opening a clause, no noun phrase ("a date
# anyone of May 28", set 36); the name says it.
_CLAUSE_LED = re.compile(r"^[A-Za-z]+ (?:anyone|someone|everyone|anybody|somebody|nobody|it|they|we|you|he|she)\b",
                         re.IGNORECASE)
# "Reference of the authority placing the hold": the authority's reference, said "authority
# reference ABC-..." (set 36: "for reference of the authority ABC-2160507-13").
_OWNED_POINTER = re.compile(r"^(reference|number|id|code|identifier) of (?:the|a|an) ([a-z]+(?: [a-z]+)?)$")


def _no_noun_phrase(first: str) -> bool:
    """A first clause that opens with a part of a thing ("Part of ...") or a clause ("Date anyone ...")."""
    return _PART_OF.match(first) is not None or _CLAUSE_LED.match(first) is not None


def _owner_first(noun: str) -> str:
    m = _OWNED_POINTER.match(noun)
    return f"{m[2]} {m[1]}" if m else noun


@lru_cache(maxsize=16384)
def _unit_said(param: str, clean: str) -> str:
    """The unit a number is said in: its name's own (`min_hookload_klbs`: klbs, whatever the
    prose), else the description's, a rate whole ("in miles per hour" is no distance; set 22: "a
    restricted speed of 5 miles" for `speed_mph`), else a unit word closing the name."""
    own = unit_tail(tokens(param))[1] if tokens(param) else ""
    prose = _unit_of(clean) or _rate_led(param, clean)
    # "in USD per DC watt": the rate whole, its denominator's capitals too (set 31: "3.16 USD per DC"),
    # "pounds per cubic foot" (set 42)
    rate = re.search(rf"\b{re.escape(prose)}\s+per\s+((?-i:[A-Z]{{1,4}})\s+[a-z]+|(?:square |cubic |linear )?[a-z]+)\b", clean,
                     re.IGNORECASE) if prose else None
    named = "per" in tokens(param)[:-1]
    if rate:
        prose = (not named and _name_unit(param)) or f"{prose} per {rate.group(1)}"
    if rate and named:  # `ppa_rate_per_kwh`, "PPA price in USD per kWh": USD per kWh, never kilowatt-hours
        return prose
    return own or prose or _name_unit(param)


def _last_side(param: str) -> str:
    """ "from" / "until" of a name with bound words of both sides, by its last (`planned_start_to`:
    the latest start, never "starting June 4"); "" otherwise."""
    sides = [w for w in tokens(param) if w in _FROM | _UNTIL and w not in _ordinal_of_thing(tokens(param))]
    if sides and {w in _FROM for w in sides} == {True, False}:
        return "until" if sides[-1] in _UNTIL else "from"
    return ""


_FORM_WORDS = frozenset({"abbreviation", "abbreviations", "prefix", "acronym", "symbol", "initials"})


def _said_longer(noun: str, name_words: set[str]) -> bool:
    """A description noun that says the name's thing at length, by how it is written ("US state
    postal abbreviation" for `state`): the name's words say it (set 24: "the US state postal
    abbreviation MD"); not where a name word is unknown ("radiocarbon lab code prefix" for `lab`)."""
    said = [re.sub(r"'s$|s'$", "", w.lower()) for w in noun.split()]
    content = {w for w in name_words if len(w) > 2 and w not in _UNIT_NAMES}
    if not content or not all(known(w) for w in content) or not content <= set(said) | {w + "s" for w in said}:
        return False
    tagged = "of" in said[1:] and said[said.index("of") - 1] in _TAG_WORDS  # "tag of the event", never "country code"
    return said[-1] in _FORM_WORDS or tagged


_TAG_WORDS = frozenset({"tag", "code", "identifier", "label"})  # "Cabrillo CONTEST tag of the event": the contest


def _one_of_two(noun: str, first: str, name_words: set[str]) -> bool:
    """A description noun that is one of two kinds the value may be ("US state or Canadian province
    code" for `jurisdiction`): the name says the value whole where its words are English (set 29:
    "with the US state ON", Ontario being a province)."""
    other = re.search(rf"\b{re.escape(noun)} or (?:an? )?[A-Za-z]", first, re.IGNORECASE) if noun else None  # set 34:
    # "Distributor or manufacturer part number", never "the distributor 00.7518.088.000"
    content = {w for w in name_words if len(w) > 2 and w not in _UNIT_NAMES}
    if content <= _SEARCHED | {"term", "text", "value", "input", "string"}:
        return False  # a search's `query`: "Medication or active ingredient" is what it matches, no "query"
    return other is not None and bool(content) and all(known(w) for w in content) and \
        not {w.lower() for w in noun.split()} >= content


# "Part of the person's or ranch's name", "Substring of the title": a search matching a piece of
# the thing the name names (set 25: "consignor accounts with the part of the person's Hadley").
_PART_OF = re.compile(r"^(?:any |a )?(?:part|substring|fragment|portion|piece|prefix|beginning|start) of\b", re.IGNORECASE)


def _headless(noun: str) -> bool:
    """A description noun that ends in an adjective, its head cut off ("Short human-readable name"
    read as "short human-readable"): no noun (set 24: "for short human-readable CQ WW CW 2025 SOAB")."""
    last = noun.split()[-1].split("-")[-1].lower() if noun.split() else ""
    found = lemmas(last)
    return bool(found) and "NOUN" not in found and "ADJ" in found


_RATE_LED = re.compile(r"^([A-Za-z]+(?: [a-z]+)?) per ([a-z]+)\b")


def _rate_led(param: str, text: str) -> str:
    """The rate a description opens with when the parameter's name names none of it ("Degree
    days per gallon used by the account" for `k_factor`): its unit, "degree days per gallon" (set
    32: "an automatic plan with 3 degree days"); "" otherwise."""
    m = _RATE_LED.match(text.strip())
    if m is None or set(tokens(m.group(0))) & set(tokens(param)) or not all(known(w) for w in m.group(0).lower().split()) \
            or m.group(0).split()[0].lower() in _NO_UNITS:  # "Amount per administration" is no unit (set 36)
        return ""
    return m.group(0).lower()


# Words that open a rate but are no unit of it: "Amount per administration" counts no "amounts".
_NO_UNITS = frozenset({"amount", "amounts", "number", "count", "value", "quantity", "total", "dose", "share", "fraction",
                       "size", "level"})


def _named_shorter(noun: str, plain: str) -> str:
    """The name's own words for a description's long noun that ends past the name's head ("Rough
    repair cost range midpoint" for `estimated_repair_cost_usd`: "estimated repair cost", set 34)."""
    said, named = noun.lower().split(), plain.lower().split()
    if len(said) < 4 or not 2 <= len(named) <= 3 or not all(known(w) for w in named) or named[-1] not in said \
            or said[-1] == named[-1] or "of" in said:  # "OCLC institution symbol of a library" names its owner
        return noun
    return plain


def _unit_led(first: str) -> bool:
    """A description that opens with the unit and where it is counted from ("Meters north of the
    site grid origin of the unit's southwest corner", "Days past the due date"): it names no thing,
    the parameter's name does (set 24: "a meters north of the site grid origin of of 451 metres")."""
    said = first.lower().split()
    return len(said) > 2 and said[0] in _UNIT_NAMES and said[1] not in ("of", "per", "in", "for")


def _one_of_a_pair(noun: str, first: str) -> bool:
    """A value that is two things ("Car initial and number: the reporting mark and the digits"): the
    noun said is the first of them only, never the value's (set 40: "the car initial UP 904512")."""
    return bool(noun) and re.match(rf"(?:the |a |an )?{re.escape(noun)} and (?:number|id|code|no)$", first.strip(),
                                   re.IGNORECASE) is not None


def _term(param: str, description: str, json_type: str, fmt: str, members: tuple[str, ...] = ()) -> Term:
    clean = _clean(description)
    first = re.split(r"[,;:.]\s|[,;:]$|\.$", clean, maxsplit=1)[0]
    noun, of, role, pointer = _described(first.split())
    if _a_member(noun, members) or (json_type != "boolean" and _a_statement(noun, first)):  # "Vaults are 7x5x7
        noun, of, role, pointer = "", "", "", False  # ft crates": one value described, not the parameter
    name_words = set(tokens(param))
    by_name = not noun or _one_kind(noun, first, description, name_words) or _astray(noun, first, name_words) or \
        _unit_led(first) or bool(_rate_led(param, first)) or _said_longer(noun, name_words) or _MEASURED_ALONG.match(first) is not None or \
        _headless(noun) or _no_noun_phrase(first) or _one_of_two(noun, first, name_words) or _one_of_a_pair(noun, first)
    if by_name:
        paired, named = _one_of_a_pair(noun, first), _from_name(param)  # "Car initial and number": car UP 904512
        noun, of, _, pointer = _described(named.split())  # "number_of_tickets" counts tickets
        cut = named.split()[len(noun.split()):][:1]
        noun = "" if cut and cut[0] in _STOPS - {"of"} else noun  # "air_to_ground_freq" is no "air"
        pointer = pointer or _pointer(tokens(param)) or paired
    else:
        noun = _initialism(_spelled_out(_shorter_by_name(noun, param), param), param)
        noun, of = _own_head(first, noun, of, name_words)
    unit, named = _unit_said(param, clean), _from_name(param)
    unit, noun = _in_inches(param, json_type, unit or _minutes_named(param, json_type, description), noun, by_name, description)
    if noun and " " not in noun and noun.lower() not in name_words and named \
            and named.split()[-1] not in _GENERIC | _FROM | _UNTIL and not (of and unit):  # "end" is no thing
        noun, of, _, pointer = _described(named.split())  # "Link to an accepted plan" is the treatment plan
        pointer = pointer or _pointer(tokens(param))  # "Fleet number painted on the bus": "bus 4", never "a bus of 4"
    only = _only_those(first, json_type)  # "Only qualifications that lapse before this date": said so, no bound
    role = "" if only else _role_of(param, json_type, name_words - _minute_tail(param, unit), role, description)
    whose, statistic = _whose_phrase(description), _STATISTIC.match(first.strip())
    noun, role = _own_figure(first, noun, role, bool(whose), bool(statistic))
    if not noun and json_type in ("integer", "number"):
        noun = _bound_noun(tokens(param), role)
    if noun and not statistic:
        noun = " ".join(w for w in noun.split() if w not in _AT_MOST | _AT_LEAST and w.lower() != unit.lower()) or noun
        noun = noun.removeprefix("of ")  # "Hours of single-lane closure" is a closure of some hours
    act = _act(description) if json_type == "boolean" else ""
    # "min" of minutes or of a rate per minute (`dialysate_flow_ml_min`, in mL/min) is no minimum
    unit_min = {"min", "mins"} if unit == "minutes" or "/min" in unit.lower() else set()
    bound = "" if statistic else _bound_said(first, description, (name_words - unit_min) if by_name else None)
    # a description that only lists the values ("pickup, mail or email") says nothing of their kind
    listing = allowed.leading_list(description.strip()) is not None
    sem = infer(param, {"type": json_type, "format": fmt, "description": "" if listing else description})
    last = _LAST_DIGITS.match(clean)
    if last and json_type in ("string", "integer"):  # "Last 4 digits of the card": "the card ending in 7490";
        thing = last["owned"] or last["thing"]  # "of the claimant's Social Security number": that number's, never
        return Term(noun=thing, sem=sem, phrase=f"with the {thing} ending in", plain=thing)  # "the claimant ending in"
    if sem == "percent" and not (name_words & {"percent", "pct", "percentage"} or re.search(r"%|percent", clean)):
        sem = ""  # "Spray volume" is no share: never "at 31% spray volume"
    bound = bound or ("at most " if sem == "limit" else "")
    place = _place_of(json_type, name_words, noun, sem, role, tokens(param)[-1:]) or _party_side(param, json_type, role)
    plain = _plain(param, unit)
    noun = _owner_first(_named_shorter(_without_done(re.sub(r"^(?:the|a|an) ", "", noun)), plain))  # no "a the unit"
    noun, unit, pointer = _settled(_calendar_date(noun, role), unit, pointer, param, plain, description, json_type)
    noun = _by_role(_trimmed(noun, description), param) if pointer else _trimmed(noun, description)
    if json_type == "string" and _KEYWORDS.search(first):  # "Product name or keyword": the words searched for,
        noun, pointer, sem = "", False, "search_term"  # "for sourdough", never "the product sourdough"
    return Term(noun=noun, unit=unit, of=of, role=role, bound=bound if json_type in ("integer", "number") else "",
                act=act, sem=sem, pointer=pointer, place=place, phrase=whose or _reported(description, json_type) or _worn(description) or
                _moment_phrase(first, json_type) or only or _ranked(first, json_type) or
                _phrase(_content(param), noun, role), plain=plain,
                negation="" if json_type == "boolean" else _negation(param, description))


# "Where the whole-body dosimeter is worn: collar, chest or waist" (set 40: "born on ... at waist"): said
# with the thing worn, "with the whole-body dosimeter worn at the waist".
_WORN = re.compile(r"^\s*where the ([a-z-]+(?: [a-z-]+)?) is worn\b", re.IGNORECASE)


def _worn(description: str) -> str:
    m = _WORN.match(description)
    return f"with the {m[1].lower()} worn at the" if m else ""


# "What the customer reports, in their words": the text is theirs, said as theirs (set 34: "the
# customer concerns flat rear tire again").
_REPORTED = re.compile(r"^\s*what the ([a-z]+) (reports?|says?|describes?|complains? (?:of|about)|noticed|asks? for)\b",
                       re.IGNORECASE)
_REPORTING = {"report": "reporting", "say": "saying", "describe": "describing", "complain": "complaining of",
              "noticed": "noticing", "ask": "asking for"}


def _reported(description: str, json_type: str) -> str:
    m = _REPORTED.match(description)
    if m is None or json_type != "string" or not is_person_role(m[1].lower()):
        return ""
    verb = m[2].lower().split()[0]
    return f"with the {m[1].lower()} {_REPORTING.get(verb.removesuffix('s'), _REPORTING.get(verb, 'saying'))}"


# A moment described by what happened then: "Time the diver left the surface", "When the sample was
# collected" (set 26: four dive times said bare, one after another, and the gold not told apart).
# A date filter on a thing's own date: "Only items whose next inspection is due on or before this date"
# (set 26: "search for equipment until the 25th of June").
_WHOSE = re.compile(r"^only \w+ (?:whose |with (any |an? |the )?)((?:\w+ ){0,3}?\w+) (?:(?:is|are|was|were|falls?)( due)?|"
                    r"(due)) (on or |at or )?(before|after|by) (?:this|the given) (?:date|day|time|moment)", re.IGNORECASE)


def _role_of(param: str, json_type: str, name_words: set[str], said: str, description: str = "") -> str:
    """The side of a range a parameter is ("from" / "until" / ""): its name's last side word, else
    the one its description gives (`said`), else any bound word of its name."""
    if _HELD.match(param):  # `hold_until`: "Do not send before this date", never "send ... until June 5" (set 33);
        return "not_before" if _NOT_BEFORE.search(description) else "until"  # a police hold's ends then
    role = _last_side(param) or said
    if said and not _last_side(param) and not (name_words & (_FROM | _UNTIL)) and tokens(param)[-1:] in _ON_A_DAY \
            and re.match(r"\W*(?:end|start|beginning|finish) of (?:the )?[a-z]", description, re.IGNORECASE):
        return ""  # `elution_time`, "End of elution": when the elution ended, no range's bound (set 37: "log an
        # elution until 2 pm")
    if not role and _LAST_DONE.match(param) and json_type == "string":
        return ""  # `last_performed`: the day a thing was last done, a fact and no bound (set 30: "until May 31")
    if tokens(param) in (["first", "name"], ["last", "name"]):
        return ""  # a given name, no range's start (set 48: "starting at name Gregory")
    if not role:
        bounds = name_words - _ordinal_of_thing(tokens(param))  # "first_truck_time": the first truck's, no bound
        bounds -= _infinitive_to(tokens(param))
        if bounds & _DONE and not (bounds - _DONE) & (_FROM | _UNTIL) and tokens(param)[-1:] in _ON_A_DAY:
            return ""  # `completed_on`: the day the work was done, a fact and no bound (set 32: "completion until May 6")
        role = "from" if bounds & _FROM else "until" if bounds & _UNTIL else ""
        if not role and json_type == "string" and len(name_words) == 1:  # "open"/"close" of hours: from/until
            role = "from" if name_words & _OPENS else "until" if name_words & _CLOSES else ""
    return role


def _infinitive_to(words: list[str]) -> set[str]:
    """"to" between two words of an act or a recipient (`failure_to_appear_date`: the day of a missed
    hearing, no range's end; set 48: "until May 22nd"; `note_to_tech`), never the bound of `date_to`,
    `to_date` or `date_to_year`."""
    inside = [i for i, w in enumerate(words) if w == "to" and 0 < i < len(words) - 1]
    return {"to"} if any([words[i + 1]] not in _ON_A_DAY and words[i - 1] not in _RANGE_HEADS for i in inside) else set()


_RANGE_HEADS = frozenset({"date", "time", "year", "month", "day", "hour", "price", "amount", "age", "value", "size",
                          "weight", "length", "count", "number", "level", "grade", "range", "period"})


_LAST_DONE = re.compile(r"^(?:date_)?last_[a-z]+ed(?:_(?:on|at|date))?$")
# A moment before which the act waits: `hold_until`, `embargo_until`, `defer_until`, `not_before`, when
# its description says so ("Do not send before this date"); a hold that ends then is "until".
_NOT_BEFORE = re.compile(r"\bnot (?:\w+ ){0,2}(?:before|until|earlier)\b|\bno earlier\b|\bearliest\b|\bwait(?:s)? "
                         r"until\b|\bheld until\b", re.IGNORECASE)
_HELD = re.compile(r"^(?:hold|holding|embargo|embargoed|defer|deferred|release_not|send_not)_(?:until|till)(?:_date|_time)?$|"
                   r"^not_before(?:_date|_time)?$", re.IGNORECASE)
_DONE = frozenset({"completed", "finished", "ended"})
# A government named by its kind ("Town of Wellesley", "County of Sacramento").
_OFFICE_NAMED = re.compile(r"(?:City|Town|County|Village|Borough|Township|Parish|City and County) of [A-Z]")
_ON_A_DAY = (["on"], ["at"], ["date"], ["day"], ["time"])


def _own_figure(first: str, noun: str, role: str, whose: bool, statistic: bool) -> tuple[str, str]:
    """(noun, role) of a date filter on a thing's own date ("whose next inspection is due on or
    before": that date's, never "until June 25") and of a figure a report records over a period
    ("Highest turbidity reading of the month": its words, never a bound "of at most 0.13")."""
    if statistic:
        return re.sub(r"\s+", " ", first.strip()).lower().replace("-percentile", " percentile"), ""
    return noun, "" if whose else role


def _whose_phrase(description: str) -> str:
    m = _WHOSE.match(description.strip())
    none = _WITH_NONE.match(description.strip()) if m is None else None
    if none:  # "Only cases with no custody movement since this date": never "until June 2" (set 42)
        return none[1].lower()
    if m is None:
        return ""
    noun = m.group(2).lower()  # "Only structures with any inspection due on or before": with an inspection due (set 39)
    article = ("an" if noun[:1] in "aeiou" else "a") if m.group(1) is not None and m.group(1).strip().lower() != "the" else "the"
    return f"with {article} {noun}{' due' if m.group(3) or m.group(4) else ''} {(m.group(5) or '').lower()}{m.group(6).lower()}"


_WITH_NONE = re.compile(r"^only \w+ ((?:with no|without(?: an?| any)?) (?:[\w-]+ ){0,3}?(?:since|after|before|until))\s+"
                        r"(?:this|the given|that) (?:date|day|time|moment)\b", re.IGNORECASE)


# "Only qualifications that lapse before this date": a filter said by what the things do then (set 27:
# "list the qualification of a welder until June 3rd").
_ONLY_THOSE = re.compile(r"^only (?:the |those )?((?:[\w-]+ ){0,3}[\w-]+s) (?:that|which) ((?:[\w-]+ ){0,3}?)"
                         r"((?:on or |at or )?(?:before|after|by|since|until))\s+(?:this|the given|that) (?:date|day|time|"
                         r"moment|date-time|datetime)$", re.IGNORECASE)


def _only_those(first: str, json_type: str) -> str:
    m = _ONLY_THOSE.match(first.strip()) if json_type == "string" else None
    if m is None or not m.group(2).strip():
        done = _DONE_UP_TO.match(first.strip()) if json_type == "string" else None
        return f"for {done.group(1).lower()} {done.group(2).lower()} {done.group(3).lower()}" if done else ""
    return f"for {m.group(1).lower()} that {m.group(2).strip().lower()} {m.group(3).lower()}"


# "Bill time logged up to this date": what the act takes, said by when it was done (set 39: "a bill time
# of June 2"): "for time logged up to June 2".
_DONE_UP_TO = re.compile(r"^(?:[a-z]+ )?((?:[\w-]+ ){0,2}?[\w-]+) ([a-z]+ed) (up to|through|until|on or before|before|since|"
                         r"after|on or after) (?:this|the given|that) (?:date|day|time|moment)$", re.IGNORECASE)


_MOMENT_LEAD = re.compile(r"^(?:time|date(?: and time)?|moment|when)\s+(?:that\s+|when\s+)?(?=the\s)", re.IGNORECASE)


_MODALS = frozenset({"should", "would", "could", "might", "must", "can", "will", "shall", "may", "ought"})  # "Date
# the work should be done by": no act done then, never "with the work shalling be done" (set 26)


def _trimmed(noun: str, description: str) -> str:
    """A noun without a filter's "filter" ("NDE status filter": set 27) or its call's own thing
    ("The detainable deficiencies of this inspection", never "of this inspections": set 37), its
    words cased as the description writes them ("UN number", "Paris MoU": set 37)."""
    noun = re.sub(r"(?<=\w) filter$", "", noun)
    noun = re.sub(r"(?<=\w) of (?:this|that|the same|its|their) [a-z]+$", "", noun)
    return " ".join(_cased_as_described(w, description) for w in noun.split())


def _by_role(noun: str, param: str) -> str:
    """An id described by a bare "EPA ID" said by the role its name gives: `designated_facility_epa_id`,
    "EPA ID of the TSDF receiving the waste", is "designated facility LAD000777201" (set 37); a code
    described at length by its owner (`agent_code`, "Ship agent's account code") by that owner:
    "agent AG-6695", never "ship agent's account code AG-6695" (set 38, 46 rows)."""
    named, said = tokens(param), noun.split()
    owner = next((w[:-2] for w in said if w.endswith("'s")), "")
    if len(said) >= 3 and len(named) == 2 and named[0] == owner.lower() and named[1] in _POINTERS:
        return owner
    if noun and [w.lower() for w in said] == named[-len(said):] and all(w.isupper() or w.lower() in _POINTERS for w in said) \
            and len(named) > len(said) and all(known(w) for w in named[:-len(said)]):
        return " ".join(named[:-len(said)])
    return noun


def written_in_capitals(word: str, description: str) -> bool:
    """Whether a description writes a short word in capitals ("UN number", "state DOT")."""
    return word.isalpha() and 2 <= len(word) <= 5 and \
        re.search(rf"(?<![\w'-]){word.upper()}(?![\w'-])", description) is not None


def _cased_as_described(word: str, description: str) -> str:
    """A noun's word as the description writes it: in capitals ("UN number") or with its capital
    inside a sentence ("5-digit Paris MoU deficiency code": "Paris MoU", never "paris MoU")."""
    if not (word.isalpha() and word.islower()):
        return word
    if written_in_capitals(word, description):
        return word.upper()
    titled = word.capitalize()
    inside = re.search(rf"(?<=[\w,;:)-] ){titled}\b", description) and not re.search(rf"\b{word}\b", description)
    return titled if inside and not re.search(rf"(?:^|[.!?]\s+){titled}\b", description) else word  # ("Ordering
    # provider's ... National Provider Identifier": the provider)


_BY_WHICH = re.compile(r"^(?:the )?(?:date|day|time|deadline)s? by which (?:the |a |an |its |it )?(?:[a-z-]+ ){0,3}?"
                       r"(?:must|should|has to|have to|is to|are to|needs to) be ([a-z]+ed)\b", re.IGNORECASE)


def _moment_phrase(first: str, json_type: str) -> str:
    """ "with the diver leaving the surface on" for "Time the diver left the surface"; "to be
    rectified by" for "Date by which the deficiency must be rectified" (set 37: "record the
    deficiency ... on June 27", read as the day it is recorded); "" for any other description."""
    by = _BY_WHICH.match(first.strip()) if json_type == "string" else None
    if by is not None:
        return f"to be {by[1].lower()} by"
    lead = _MOMENT_LEAD.match(first.strip()) if json_type == "string" else None
    if lead is None:
        return ""
    words = first.strip()[lead.end():].lower().split()
    for k in (2, 3):  # "the diver left", "the standby diver left"
        if len(words) <= k:
            return ""
        passive = words[k] in ("was", "were")
        modal = words[k] in ("should", "must", "will", "shall") and len(words) > k + 1 and words[k + 1] != "be"  # "Time the first truck should
        done = words[k + 1] if (passive or modal) and len(words) > k + 1 else words[k]  # arrive": arriving (set 47)
        lemma = verb_lemma(done) or (done if modal and "VERB" in lemmas(done) else None)
        rest = words[k + 2 if passive or modal else k + 1:]
        rest = rest[:next((i for i, w in enumerate(rest) if w in ("or", "and")), len(rest))]  # "began or was first
        # seen": the first way only (set 41: "with the outage beginning or was first seen on")
        if lemma and (lemma != done or modal) and done not in _MODALS and "VERB" in lemmas(done) and len(rest) <= 6:
            said = done if passive else gerund(lemma)  # "with the sample taken on", "with the diver leaving ... on"
            rest = [w.rstrip(",.;") for w in rest]
            closing = "" if rest[-1:] and rest[-1] in ("by", "before", "after", "until") else " on"  # "needing the kits
            return f"with {' '.join([*words[:k], said, *rest])}{closing}"  # by June 9", never "by on" (set 47)
    return ""


def _minutes_named(param: str, json_type: str, description: str) -> str:
    """ "minutes" for a number whose name closes on `min` and whose description opens with minutes:
    `t90_min`, "Minutes with SpO2 below 90%", is no minimum (set 46: "T90 at least 96")."""
    if json_type in ("integer", "number") and tokens(param)[-1:] in (["min"], ["mins"]) and \
            re.match(r"\s*(?:the )?(?:number of )?minutes\b", description, re.IGNORECASE):
        return "minutes"
    return ""


def _minute_tail(param: str, unit: str) -> set[str]:
    """The `min` a name in minutes closes on, which is no minimum (`t90_min`)."""
    return set(tokens(param)[-1:]) & {"min", "mins"} if unit == "minutes" else set()


def _in_inches(param: str, json_type: str, unit: str, noun: str, by_name: bool, description: str = "") -> tuple[str, str]:
    """(unit, noun) of a number whose name closes on "in": `slump_in`, `stick_reading_in` are in
    inches, never "with slump in 4"; a reading taken on the way in (`hobbs_in` "at shutdown",
    beside a `hobbs_out`) is no length (set 31: "an incoming hobbs meter of 6151.8 inches")."""
    words = tokens(param)
    if unit or json_type not in ("integer", "number") or len(words) < 2 or words[-1] != "in":
        return unit, noun
    if _TAKEN_AT.search(description) and not re.search(r"\binch(?:es)?\b|\bin\.", description, re.IGNORECASE):
        return unit, noun
    return "inches", noun if noun and not by_name else " ".join(words[:-1])


# A reading said of a moment ("at shutdown", "when it returns", "greater than hobbs_out"): the "in"
# of its name is the way in.
_TAKEN_AT = re.compile(r"\b(?:at|on|upon) (?:shutdown|return|arrival|check-?in|the end)\b|\bwhen (?:it )?(?:returns|"
                       r"comes? (?:back|in))\b|\b(?:greater|more|higher|later) than \w+_out\b", re.IGNORECASE)


def _ordinal_of_thing(words: tuple[str, ...] | list[str]) -> set[str]:
    """"first" / "last" that count a thing ("first truck", "last load"), not a bound of a range
    ("first_date", "last_seen")."""
    return {w for i, w in enumerate(words) if w in ("first", "last") and i + 2 < len(words)
            and words[i + 1] not in _MOMENT_WORDS}


_MOMENT_WORDS = frozenset({"time", "date", "day", "hour", "at", "seen", "updated", "modified", "name"})


def _one_kind(noun: str, first: str, description: str, name_words: set[str]) -> bool:
    """Whether the description's noun is one of two kinds it names, so no name for every value."""
    if re.search(rf"\b{re.escape(noun)}\s+or\s+\w", first, re.IGNORECASE) \
            and name_words & set(noun.lower().split()):  # "Issuing US state or Canadian province" for
        return True  # issuing_region: one of the kinds is no name for every value; the name is
    # "Pawn ticket ('PT-...') or purchase ID ('PU-...')": one kind is no name for the other's values
    return re.search(rf"\b{re.escape(noun)}\s*\(['\"`][^)]*\)\s+or\s+\w", description, re.IGNORECASE) is not None


def _astray(noun: str, first: str, name_words: set[str]) -> bool:
    """Whether a description's noun is no name for the value: a format's parts ("Producer number
    plus tank suffix" of `tank_id`), or the words before a compound it cut ("State bulk milk" of
    "State bulk milk hauler/sampler license number") that share no word with a name that says
    what it is (`driver_license`)."""
    words = {w.lower().rstrip("s") for w in noun.split()}
    if " plus " in f" {noun.lower()} ":
        return True
    named = {w.rstrip("s") for w in name_words} - _GENERIC - {"id", "ids", "number", "no", "code"}
    cut = re.search(rf"\b{re.escape(noun)}\s*\w*/", first, re.IGNORECASE) is not None
    return cut and len(noun.split()) >= 2 and bool(named) and not words & named


def _place_of(json_type: str, name_words: set[str], noun: str, sem: str, role: str, last: list[str]) -> str:
    """"from" / "to" for a place the name or noun gives a side (`origin_floor` 46 is no place);
    from_location / to_location: "from DEN08 to DEN87", never "in X in Y"; a pickup's confirmation
    number (`last` word of the name) is no place: "with confirmation PU-2049913", never "from PU-2049913" (set 30)."""
    if last and last[0] in _POINTERS - {"name"} | _RECORD_WORDS:
        return ""
    place = "" if json_type in ("integer", "number", "boolean") else "from" if name_words & _SOURCES else \
        "to" if name_words & _GOALS or noun.startswith("destination") else ""
    return ("from" if role == "from" else "to") if not place and sem == "place" and role else place


def _party_side(param: str, json_type: str, role: str) -> str:
    """ "from" / "to" of a thing named by the side it is on (`from_cfr`, `to_cfr`: the vessel giving
    and the one receiving a quota): "from CFR X to CFR Y", never "the starting CFR X, the ending CFR
    Y" (set 38)."""
    words = tokens(param)
    if json_type != "string" or len(words) < 2 or words[0] not in ("from", "to") or words[-1] in _MOMENT_WORDS:
        return ""
    return words[0] if (words[0], role) in (("from", "from"), ("to", "until")) else ""


def _ranked(first: str, json_type: str) -> str:
    """"Position of the stop on the route": "as stop" (said "as stop 7"); "" for anything else."""
    ranked = _RANKED.match(first) if json_type == "integer" else None
    return f"as {ranked.group(1).lower()}" if ranked else ""


_KEYWORDS = re.compile(r"\bname or (?:a |an )?(?:keywords?|search (?:terms?|text|string|words))\b", re.IGNORECASE)
# A place in a sequence, said as the thing's number ("Position of the stop on the route" -> "as stop 7").
_RANKED = re.compile(r"^(?:position|place|rank) of (?:the |a |an )?([a-z]+)\b(?! of)", re.IGNORECASE)


def _own_head(first: str, noun: str, of: str, name_words: set[str]) -> tuple[str, str]:
    """(noun, of) of a description "X of the Y" whose X holds a word of the name: X ("Panel code of
    the reference lab" for `panel` is the panel code, not the lab); an attribute head alone ("Name
    of the well boat") keeps Y."""
    before = first.split(" of ", 1)[0].lower().split() if " of " in first else []
    if before and (name_words & set(before)) - _OF_HEADS and not name_words & set(noun.lower().split()) \
            and len(before) <= 3:
        return " ".join(before), ""
    return noun, of


def _without_done(noun: str) -> str:
    """Ids named with what was done to them: "Animal ids euthanized" is the animal ids (never
    "animal ids euthanizeds")."""
    parts = noun.split()
    if len(parts) >= 3 and parts[-2].lower() in ("ids", "numbers", "codes", "names") \
            and (parts[-1].endswith("ed") or parts[-1] in _PARTICIPLES):
        return " ".join(parts[:-1])
    if len(parts) >= 2 and parts[-1] in ("set", "put", "sent", "kept", "filed", "entered") and \
            is_plural(parts[-2].lower()) and "NOUN" in lemmas(parts[-2].lower()):  # "Egg receipts set": the
        return " ".join(parts[:-1])  # receipts, never "egg receipts sets" (set 46)
    return noun


_COPULA = re.compile(r"^(?P<subject>(?:[\w'%-]+\s+){1,4}?)(?:is|are|was|were|must|should|will|can|may|has|have)\s", re.IGNORECASE)


def _bound_said(first: str, description: str, name_words: set[str] | None) -> str:
    """ "at most " / "at least " / "": from the name's words when the noun is the name's
    (`name_words`), else from the description's first clause."""
    # "Maximum 6 per trip." states a limit on the value, it does not make the value a maximum
    limit = re.match(r"^(?:the\s+)?(?:maximum|minimum|max|min|at most|at least|up to)\s+(?:of\s+)?\d", first, re.IGNORECASE)
    storey = {"floor"} if _STOREY.search(description) else set()  # "Floor of the origin unit; 0 for ground
    own = re.split(r"\s+of\s+(?:the|a|an|each|every)\s+", first, maxsplit=1)[0]  # "Set pressure of the lowest
    said = name_words if name_words is not None else set() if limit else {w.lower() for w in own.split()}  # valve"
    # "upper" and "lower" bound a value only as the end of a range ("upper limit"): an "Upper
    # (superstructure) hour meter reading" is one reading, never "at most 6.92"
    sides = set() if re.search(r"\b(?:upper|lower)[ _-](?:limit|bound|threshold|end|cap|value)\b",
                               f"{first} {' '.join(sorted(said))}", re.IGNORECASE) else {"upper", "lower"}
    said = said - storey - sides  # level" is a storey, no price floor
    if said & _AT_MOST and said & _AT_LEAST and (side := _SIDE_SAID.search(description)):
        return "at most " if side.group(1) else "at least "  # `max_lowest_rating` "at or below this value" (set 39)
    if said & _AT_MOST and said & _AT_LEAST:  # "Minimum hours left on the 11-hour driving limit": the first says (set 29)
        first_said = next((w for w in re.findall(r"[a-z]+", first.lower()) if w in said & (_AT_MOST | _AT_LEAST)), None)
        said = {first_said} if first_said else said
    return _bound(said)


# Which side of the value a filter keeps, said outright: "at or below this value", "or more".
_SIDE_SAID = re.compile(r"\b(?:(at or below|at or under|or below|or less|or lower|or fewer|or under)|"
                        r"(at or above|at or over|or above|or more|or higher|or greater))\b", re.IGNORECASE)


# A figure a report records over a period (set 26: a month's highest turbidity said "of at most 0.13",
# its lowest chlorine "of at least 1.2", its 95th percentile "CFE turbidity 95TH NTU").
_STATISTIC = re.compile(r"^(?:the\s+)?(?:highest|lowest|peak|maximum|minimum|average|mean|median|total|\d+(?:st|nd|rd|th)"
                        r"[- ]percentile)\b[^;]{3,80}?\b(?:of|for|during|over|in) the (?:month|day|week|year|quarter|"
                        r"shift|period|run|test|season|reporting period)\b", re.IGNORECASE)


def is_statistic(description: str) -> bool:
    """Whether a description opens with a figure recorded over a period (`_STATISTIC`)."""
    return _STATISTIC.match(_clean(description)) is not None


# "Longest axis in cm": measured along the longest axis, the name's length, never "an axis of at most 115 cm" (set 24)
_MEASURED_ALONG = re.compile(r"\b(longest|shortest|widest|narrowest|largest|greatest|deepest|highest)\s+(?:axis|side|"
                             r"dimension|point|edge|diameter|span|extent|part)\b", re.IGNORECASE)


_STOREY = re.compile(r"\b(?:ground|storey|story|elevator|stairs|building|unit)\b", re.IGNORECASE)


def _a_statement(noun: str, first: str) -> bool:
    """The description's first clause says something of its noun ("FAO standard is 85% of initial
    viability"): a rule about the value, not a name for the parameter ("a FAO of 85 percent")."""
    m = _COPULA.match(first + " ")
    return bool(noun) and m is not None and noun.lower() in m["subject"].lower()


def _spelled_out(noun: str, param: str) -> str:
    """A description's bare plural head with what the name says it is of: "Frames covered with
    bees" of `frames_of_bees` is "frames of bees" (the name's own words, in the lexicon or not)."""
    spelled = list(_content(param))  # "Frames covered with bees" of `frames_of_bees`: "frames of bees"
    if " " not in noun and spelled[:2] == [noun.lower(), "of"] and len(spelled) >= 3:
        return " ".join(spelled)
    return noun


_INITIALED_NOUNS = frozenset({"number", "id", "code", "no"})


def _initialism(noun: str, param: str) -> str:
    """A noun the name gives as its initials said by them: `inn` "International non-proprietary
    name of the active substance" is the INN, `imo_number` "IMO ship identification number" the IMO
    number, as a person in the trade says them (set 37)."""
    names = tokens(param)
    words = noun.split()
    for short in (w for w in names if 2 <= len(w) <= 6 and w.isalpha()):
        rest = " ".join(w for w in names if w != short and w in _INITIALED_NOUNS)
        if words and words[0] == short.upper():
            return " ".join([short.upper(), *(r.upper() if r == "id" else r for r in rest.split())]) if rest else noun
        for split in (words, [p for w in words for p in w.split("-")], [w for w in words if w.lower() not in _STOPS]):
            if len(short) >= 3 and len(split) >= len(short) and "".join(w[0] for w in split[:len(short)]).lower() == short:
                return " ".join([short.upper(), *(r.upper() if r == "id" else r for r in rest.split())])
    return noun  # "US state code" stays


def _calendar_date(noun: str, role: str) -> str:
    if noun.lower() in ("calendar day", "calendar date", "day of the calendar") and not role:
        noun = "date"  # "Calendar day, YYYY-MM-DD": a date, never "with a calendar day of June 3"
    return noun


_LAST_DIGITS = re.compile(r"(?:the )?last (?:4|four|2|two|3|three|5|five|6|six) (?:digits|characters) of (?:the |a |an )?"
                          r"(?:[a-z]+'s (?P<owned>(?:[A-Za-z]+ ){0,3}(?:number|card|account|phone|code))\b|"
                          r"(?P<thing>[a-z]+(?: (?:card|account|phone|number))?)\b)", re.IGNORECASE)


def _bound_noun(words: list[str], role: str) -> str:
    """A number named for one end of a range as that end: "death_year_from" is the earliest death
    year, "weight_to" the maximum weight; never "death year to" read out."""
    if not role or words[-1:] not in (["from"], ["to"], ["until"], ["till"]) or len(words) < 2 or \
            not all(known(w) for w in words[:-1]):
        return ""
    timed = bool(set(words) & {"year", "month", "day", "date", "hour", "time", "week"})
    end = ("earliest", "latest") if timed else ("minimum", "maximum")
    return f"{end[0] if role == 'from' else end[1]} {' '.join(words[:-1])}"


def _a_member(noun: str, members: tuple[str, ...]) -> bool:
    """Whether a description's noun says one of the enum's own values ("vaults" of vault |
    open_floor), so names that value and never the parameter ("with vault vaults")."""
    said = f" {' '.join(singular(w) for w in noun.lower().split())} "
    return noun != "" and any(f" {' '.join(tokens(m))} " in said for m in members)


_NEGATIVE = frozenset({"negative", "neg"})
_EXCLUDING = frozenset({"exclude", "excluded", "excluding", "exclusion", "exclusions", "except", "blacklist",
                        "blacklisted", "blocklist", "blocked", "omit", "omitted", "skip", "ignore", "ignored"})
_WITHOUT = frozenset({"without", "not"})
_NEGATING = _NEGATIVE | _EXCLUDING | _WITHOUT


def _negation(param: str, description: str) -> str:
    """How a parameter whose values are what the call must NOT have is said before them:
    `antigen_negative` ["E","K"] is "negative for E and K" (never "with the antigens E and K"),
    `exclude_tags` "excluding", a description "Allergens the dish must not contain" "without"."""
    said, text = tokens(param), description.lower()
    words = set(said)
    if said[-1:] and said[-1] in _NEGATIVE or re.search(r"\bnegative for\b(?! (?:a|an|the|any|loss|losses|deductions?|"
                                                         r"decreases?|reductions?|refunds?|credits?|debits?)\b)", text):
        return "negative for"  # a test result: "K-negative"; never a sign: "Change in quantity, negative for a
        # loss" (set 47: "because of theft negative for adjustment 4")
    if words & _EXCLUDING or re.search(r"^(?:exclude|excluding|except)\b|\b(?:to exclude|excluded)\b", text):
        return "excluding"
    if words & (_WITHOUT | _NEGATIVE) or re.search(r"^without\b|\bmust not (?:contain|have|include|match)\b", text):
        return "without"  # "negative_keywords": results without them
    return ""


def negated_noun(t: Term) -> str:
    """The noun of a negated parameter without its negating words ("negative keywords" -> "keywords")."""
    said = [w for w in (t.noun or t.plain).split() if w.lower() not in _NEGATING | {"in", "of", "to", "for"}]
    return " ".join(said)


_OPENS = frozenset({"open", "opens", "opening"})
_CLOSES = frozenset({"close", "closes", "closing"})
_COMPARING = frozenset({"over", "under", "above", "below", "beyond"})
_PREPS = frozenset({"by", "until", "before", "after", "since", "within", "than", "at", "on", "to"})
_RELATIVE = frozenset({"today", "tomorrow", "yesterday", "tonight", "this", "next", "last"})
_ELAPSED_NOUNS = frozenset({"time", "hours", "days", "period", "duration"})  # `time_in_service_hours` is the time, never
# "timing in service in 792 hours" (set 49)
_BIRTH = frozenset({"birth", "dob", "born", "birthday"})
_BIRTH_MEASURES = frozenset({"weight", "wt", "lb", "lbs", "kg", "length", "height", "size", "order", "rank", "place", "city",
                             "country", "count"})
_SEARCHING_VERBS = frozenset({"find", "search", "list", "look", "show", "get", "browse", "filter", "query"})
_DEATH = frozenset({"death", "dod", "died"})
_EXPIRY = frozenset({"expiry", "expiration", "expires", "expiring"})


_SPAN_WORDS = frozenset({"seconds", "secs", "minutes", "mins", "hours", "hrs", "days", "weeks", "months", "years"})
_PARTICLES_AFTER = frozenset({"to", "from", "in", "on", "up", "down", "out", "back", "off"})


def _phrase(words: list[str], noun: str, role: str) -> str:
    """The name as the words before its value, when it reads as one: "cancelled_by" ->
    "cancelled by", "expiring_within_days" -> "expiring within", "discovered_at" -> "discovered on",
    "rack_to_tank_id" -> "racking to tank", "corrects_entry_id" -> "correcting entry"; a date of
    birth or expiry by its role ("born on", "with the lot expiring"); "" for any other name."""
    said = set(words) | set(noun.lower().split())
    if len(words) >= 2 and words[0] in ("below", "above", "under", "over") and words[1] in _MEASURED:
        return words[0]  # `below_temp_f`: "below 40 degrees Fahrenheit", never a bare "with 40 degrees Fahrenheit"
    if len(words) >= 2 and words[-1] in _SUBSTRING and all(known(w) for w in words[:-1]):
        return f"with the {' '.join(words[:-1])} containing"  # `name_contains`: never "the part of the beer's brand"
    if len(words) >= 3 and words[0] in ("in", "on", "for", "at") and words[-1] in ("of", "by", "for", "to") \
            and all(known(w) for w in words):
        return " ".join(words)  # `in_favor_of`: "in favor of Jamie Myers", never "with in favor of ..."
    if len(words) == 2 and words[0] in ("from", "to") and words[1] in _PAGED:
        return " ".join(words)  # `from_page`, `to_page`: "from page 2", "to page 3", never "with from page 2"
    if len(words) >= 2 and words[0] in _CHANGES:
        return _CHANGES[words[0]]  # `remove_accessorials`: "removing liftgate delivery", never "... as the services" (set 30)
    if len(words) == 2 and words[1] in _SPAN_WORDS and words[0] in _SHIFTS:
        return f"{_SHIFTS[words[0]]} by"  # `extend_hours`: "extending it by 36 hours", never "for 36 hours" (set 43)
    if words[:1] == ["due"] and words[1:2] in (["in"], ["within"], ["after"]):
        return " ".join(words[:2])  # `due_in_days`: "due in 8 days", never "for 8 days" (set 30)
    if len(words) == 2 and words[1] in _SPAN_WORDS and set(lemmas(words[0])) & {"ADJ"} and "NOUN" not in lemmas(words[0]):
        return f"{words[0]} for"  # `valid_days`: "valid for 84 days", never a quote "for 84 days" (set 40)
    if len(words) >= 3 and words[-1] in _SPAN_WORDS and words[1] in _PARTICLES_AFTER and verb_lemma(words[0]) == words[0] \
            and all(known(w) for w in words[:-1]) and words[0] not in _ELAPSED_NOUNS:  # `return_to_static_seconds`: "returning to static in 45
        return f"{gerund(words[0])} {' '.join(words[1:-1])} in"  # seconds", never a test "for 45 seconds" (set 40)
    by_name = _name_phrase(words, role)
    if by_name or not said & (_BIRTH | _DEATH | _EXPIRY):
        return by_name
    if said & _BIRTH == {"birthday"} and set(words) - {"birthday", "date", "day", "of"}:
        return ""  # a birthday child's name, a birthday party's booking: no day of birth (set 49: "born on BDAY-9996")
    if said & _BIRTH:  # a birth weight is no day of birth (set 31: "born on 100 pounds")
        return "" if said & _BIRTH_MEASURES else "born on"
    if said & _DEATH and said & {"date", "day", "dod"}:  # beside the call's own date it says its role; never
        return "with the date of death"  # "who died on", which hangs on whatever is said before it (an instrument)
    if said & _DEATH:
        return ""
    return f"with the {' '.join(rest)} expiring" if (rest := _expiring_thing(words, noun)) else "expiring"


def _expiring_thing(words: list[str], noun: str) -> list[str]:
    """What expires, by the noun's owner ("Expiry date of the ID": the ID, never "with the of the
    ID expiring", set 46) or its own words ("lot expiry date": the lot), else by the name's words
    (`id_expiration`)."""
    head, _, owner = noun.partition(" of ")
    skip = _EXPIRY | {"date", "day", "time", "the", "a", "an", "of"}
    rest = [w for w in (owner or head).split() if w.lower() not in skip]
    if rest or not owner:
        return rest
    named = [w for w in words if w not in skip]
    return [w.upper() if w == "id" else w for w in named]


# What a bound in a name ("below_temp_f", "over_weight_kg") is of.
_MEASURED = frozenset({"temp", "temperature", "threshold", "level", "price", "amount", "age", "weight", "height",
                       "speed", "pressure", "depth", "length", "cost", "value"})
_POSSESSIVE_DETERMINERS = frozenset({"our", "my", "your", "their", "its", "his", "her"})
_PERSON_NAMES = frozenset({"name", "full name", "last name", "first name", "surname", "family name", "given name"})
_NAME_HALVES = frozenset({"last name", "first name", "surname", "family name", "given name", "middle name"})


def _settled(noun: str, unit: str, pointer: bool, param: str, plain: str, description: str,
             json_type: str) -> tuple[str, str, bool]:
    """(noun, unit, pointer) as said, once the description's noun is read (set 15): a flag of a
    state by the state, what someone has, a noun before its clause, an adjective with its unit,
    a name of letters and digits as written."""
    if len(noun.split()) > 1 and noun.split()[0].lower() in _POSSESSIVE_DETERMINERS:
        noun = noun.split(" ", 1)[1]  # "Our SKU": the SKU, never "with the our SKU"
    if json_type == "boolean" and re.match(rf"^(?:the )?{re.escape(noun)} (?:is|are|was|were|has been)\b", description,
                                           re.IGNORECASE) and plain:
        noun = plain  # "Horse is body-clipped" for `clipped`: the flag is the state, never the horse (set 15)
    noun, pointer = _owned(noun, plain, pointer)
    noun = _before_clause(noun, plain, description)
    if unit and len(noun.split()) == 1 and ("NOUN" not in lemmas(noun) and ("ADJ" in lemmas(noun) or noun.endswith(
            ("able", "ible", "ive", "ous"))) or unit in _SPANS and re.match(rf"\W*{re.escape(noun)} {unit}\b", description,
                                                                            re.IGNORECASE)):
        noun, unit = f"{noun} {unit}", ""  # "Billable hours": 6.75 billable hours, never "a billable of 6.75 hours";
        # "Officer hours spent": 4.5 officer hours, never "an officer of 4.5 hours" (set 37)
    return noun or _as_written(param, description), unit, pointer


def _owned(noun: str, plain: str, pointer: bool) -> tuple[str, bool]:
    """A noun of what someone has ("Rider's full name", "The horse's barn (call) name"): a
    person's name is said by the person ("rider Jane Doe"), anything else by the name's own words
    when they are English ("barn name Rosie"), never "the horse's barn Rosie" (set 15)."""
    m = re.match(r"^(.+?)(?:'s|s'|\u2019s)\s+(.+)$", noun)
    if m is None:
        return _of_someone(noun, pointer)
    if re.fullmatch(r"(?:[A-Z][a-z]+ ?)+", m.group(2)) and plain and plain.split()[-1].isupper() and len(plain.split()) > 1:
        # "Ordering provider's National Provider Identifier" for `ordering_provider_npi`: "the ordering provider
        # NPI", never "ordering provider's National Provider"; for `requested_by_npi` the provider (set 30)
        return (m.group(1), True) if plain.split()[0].endswith("ed") else (plain, pointer)
    if m.group(2).lower() in _NAME_HALVES:  # "Patient's last name": "the last name Grant", never the
        return m.group(2).lower(), False  # patient's whole name nor "last patient Grant" (set 30)
    if m.group(2).lower() in _PERSON_NAMES or m.group(1).lower() == plain.lower():
        return m.group(1), True  # `assessor_id` "Assessor's official number": "assessor OF-22524"
    if plain and len(plain.split()) > 1 and all(known(w) for w in plain.split()) and \
            m.group(2).split()[-1].lower() not in ("number", "id", "code", "certification", "license"):
        return plain, pointer
    return noun, pointer


def _of_someone(noun: str, pointer: bool) -> tuple[str, bool]:
    """A noun of what someone has, written "X of the Y": "Full legal name of the deceased" and
    "Badge of the repair technician" are said by the person ("deceased Rebecca Hunt", "repair
    technician TEC-94"), "Phone of the person" by the phone; never "for badge of the repair
    technician TEC-94" (set 21)."""
    m = re.match(r"^(.+?) of (?:the |a |an )?([a-z][a-z -]+)$", noun, re.IGNORECASE)
    if m is None:
        return noun, pointer
    head, owner = m.group(1).lower(), m.group(2).lower()
    if owner in ("person", "contact", "user", "customer", "caller", "account holder"):
        return m.group(1), pointer
    if (head in _PERSON_NAMES or head in ("legal name", "full legal name", "badge", "badge number", "badge id")) \
            and (is_person_role(owner.split()[-1]) or owner.split()[-1] in ("technician", "inspector", "driver")):
        return m.group(2), True
    return noun, pointer


def _before_clause(noun: str, plain: str, description: str) -> str:
    """A noun the description goes on from with a clause of its own ("Date blood was drawn"):
    the noun is what comes before the clause's subject ("date"), said by the name's words when
    that alone is too broad ("test date"), never "a date blood of June 2"."""
    words = noun.split()
    if len(words) < 2 or not re.match(rf"^(?:the\s+)?{re.escape(noun)}\s+(?:was|were|is|are|has been|had been)\b",
                                      description.strip(), re.IGNORECASE):
        return noun
    cut = " ".join(words[:-1])
    return plain if cut.lower() in _BROAD_NOUNS and plain and all(known(w) for w in plain.split()) else cut


_BROAD_NOUNS = frozenset({"date", "time", "day", "number", "name", "amount", "value"})


def _as_written(param: str, description: str) -> str:
    """A name of letters and digits as its description writes it ("SEER2" for `seer2`), never
    split ("seer 2 17")."""
    if not re.fullmatch(r"[a-z]+[0-9]+[a-z0-9]*", param):
        return ""
    m = re.search(rf"(?<![\w-]){re.escape(param)}(?![\w-])", description, re.IGNORECASE)
    return m.group(0) if m and m.group(0) != param else ""
# A name's last word that makes it a match on part of a text ("name_contains", "title_like").
_SUBSTRING = frozenset({"contains", "containing", "like", "includes", "substring"})


def _name_phrase(words: list[str], role: str) -> str:
    pointed = words[-1:] != [w for w in words if w not in _POINTERS][-1:]
    words = [w for w in words if w not in _POINTERS][:4]
    if not words or not all(known(w) for w in words):
        return ""
    verb, lemma = words[0], verb_lemma(words[0])
    if pointed and len(words) >= 3 and words[1] == "to" and lemma == verb:  # "rack_to_tank_id": racking to tank X
        return " ".join([gerund(verb), *words[1:]])
    if len(words) >= 2 and lemma and verb == f"{lemma}s" and "NOUN" not in lemmas(verb):  # "corrects_entry"
        return " ".join([gerund(lemma), *words[1:]])
    while words[-1] in _UNIT_NAMES and len(words) > 2:
        words = words[:-1]
    if len(words) == 3 and words[1] in ("before", "after", "since") and words[2] in ("year", "date", "day") and \
            words[0].endswith("ed") and _state(words[0]):  # "installed_before_year": installed before 2009, never
        return f"{words[0]} {words[1]}"  # "with installed before year 2009" (set 28)
    if len(words) == 2 and words[1] in ("to", "as") and verb.endswith("ed") and lemma and lemma != verb and \
            set(lemmas(verb)) == {"VERB"}:  # `downgraded_to`: "downgraded to copper 2", never "with the copper 2
        return f"{verb} {words[1]}"  # grade" read as the grade shipped (set 46)
    if len(words) == 2 and words[1] in ("on", "to") and set(lemmas(verb)) == {"VERB"} and lemma == verb:
        return f"{gerund(verb)} {words[1]}"  # "mobilize_on": mobilizing on June 4; "curtail_to_kw": curtailing to
    if len(words) == 2 and words[1] in _COMPARING and verb_lemma(words[0]) == words[0]:
        return f"{gerund(words[0])} {words[1]}"  # "dwell_over_hours": dwelling over 120 hours
    if len(words) >= 2 and words[-2] in ("after", "before") and "NOUN" in lemmas(words[-1]) and \
            words[-1] not in _TIME_NOUNS | {"date", "time"} and (pointed or len(words) >= 3):
        return " ".join(words[-2:])  # "insert_after_position": after position 12, never "a position of 12";
        # "after_stop_id": after stop STP-30418, never "add new stop STP-30418"
    if len(words) < 2 or words[-1] not in _PREPS or words[-1] == "to" or not _state(words[-2]) or \
            words[-1] in ("at", "on") and words[-2].endswith("ing"):
        return ""  # "sort_by", "date_to", "reading_at" name no state of the thing
    said = " ".join(words[:-1]) if words[-1] in ("at", "on") else ""
    if said and verb_lemma(words[-2]) in _HAPPENING:  # "occurred_at": "an incident that occurred on June 2"
        return f"that {said} on"
    return f"{said} on" if said else " ".join(words)  # "discovered on June 2"


# Verbs with no object: their participle cannot follow a noun ("an incident occurred on" is a sentence).
_HAPPENING = frozenset({"occur", "happen", "arise", "originate", "take"})


def _state(word: str) -> bool:
    """A participle or an adjective: "cancelled", "built", "expiring", "due", "valid"."""
    participle = word.endswith(("ed", "en", "ing", "t")) and verb_lemma(word) not in (None, word)
    return participle or "ADJ" in lemmas(word)


def _unit_and_datum(word: str, unit: str) -> bool:
    """A name's last word that is its unit's symbol and a datum ("cmbd": cm below datum, "ftmsl")."""
    return bool(unit) and unit.lower() in _UNITS and word.startswith(unit.lower()) and word != unit.lower() and \
        not known(word)


def _plain(param: str, unit: str) -> str:
    """The name's words as written ("free_so2_ppm" -> "free SO2"): a word the lexicon does not
    know is said in capitals, as an abbreviation is; a bound is said apart ("at least")."""
    words = [re.sub(r"(?<=[a-z]{3})(\d+)$", r" \1", w) for w in _content(param)
             if w not in _POINTERS - {"name"} | _AT_MOST | _AT_LEAST]
    while len(words) > 1 and (words[-1] in _UNIT_NAMES or _UNIT_WORDS.get(words[-1]) == unit or words[-1] == unit or
                              _unit_and_datum(words[-1], unit)):
        words = words[:-1]
    if "per" in words[1:] and words[words.index("per") - 1] in _UNITS:  # "tannin_g_per_l": the unit says it
        words = words[:words.index("per") - 1]
    numbered = bool(set(words[1:]) & {"one", "two", "three", "four", "1", "2", "3", "4"})  # "act one": a thing
    head = set(lemmas(words[-1])) if words else set()  # a noun head that is no adverb is the thing measured: "wet_mass_g" (set 42)
    if unit and not set(words) & (_WEIGHINGS | _ENDS) and not numbered and not ("NOUN" in head and "ADV" not in head) and \
            all(known(w) and (set(lemmas(w)) & {"ADJ", "ADV"} or set(lemmas(w)) == {"VERB"}) for w in words):
        return ""  # "daily_miles": "12 miles" says it
    words = [nuclide(w) or w for w in _phrasal(words)]  # "tc99m activity": "Tc-99m activity" (set 37)
    if len(words) > 1 and words[0] in _NAME_PREFIXES:  # "non_plastic": "non-plastic", never "NON plastic" (set 42)
        words = [f"{words[0]}-{words[1]}", *words[2:]]
    return " ".join(w if known(w.split()[0]) or "-" in w or len(w) > 4 else w.upper() for w in words)  # "NWCG"


_NAME_PREFIXES = frozenset({"non", "pre", "post", "anti", "semi", "multi", "sub", "inter", "intra", "re", "co"})
_PLURAL_PARTICLES = frozenset({"ons", "ins", "ups", "offs", "outs", "overs", "downs", "backs", "aways", "throughs"})
# Words of the end of a thing a measure is taken at: `draft_aft_ft` is the draft aft, never bare "36 feet"
# beside "a draft forward of 34.3 feet" (set 38).
_ENDS = frozenset({"aft", "fwd", "forward", "fore", "stern", "bow", "port", "starboard", "inboard", "outboard"})


def _phrasal(words: list[str]) -> list[str]:
    """A verb and a plural particle are one noun: "add_ons" -> "add-ons", "check_ins" -> "check-ins"."""
    out: list[str] = []
    for w in words:
        if out and w in _PLURAL_PARTICLES and verb_lemma(out[-1]) == out[-1]:
            out[-1] = f"{out[-1]}-{w}"
        else:
            out.append(w)
    return out


_LABELS = {"kind": "{n} type", "count": "number of {n}", "amount": "amount of {n}", "clock": "{n} time",
           "date": "{n} date"}
_SOURCES = frozenset({"source", "origin", "pickup", "src"})
_GOALS = frozenset({"destination", "dest", "dropoff", "dst", "return"})


# The time a rate named by two units is per (`btu_hr`, `lb_hr`, `gal_min`), and numerators only a
# rate's name holds, as written.
_PER_TIME = frozenset({"hr", "h", "min", "sec", "day", "yr"})
_RATE_NUMERATORS = {"btu": "BTU", "mmbtu": "MMBTU", "lb": "lb", "lbs": "lb", "gal": "gal", "kg": "kg", "l": "L",
                    "m3": "m3", "kw": "kW", "kwh": "kWh", "t": "t", "bbl": "bbl", "scf": "scf", "cfm": "cfm"}


def _name_unit(param: str) -> str:
    words = tokens(param)
    said = unit_tail(words)[1] if words else ""
    if said:
        return said
    if "per" in words[1:-1] and words[words.index("per") - 1] in _UNITS:  # "water_gal_per_acre"
        i = words.index("per")
        return f"{_UNIT_WORDS.get(words[i - 1], words[i - 1])} per {' '.join(_UNIT_WORDS.get(w, w).removesuffix('s') for w in words[i + 1:])}"
    if len(words) < 2 or words[-1] in ("min", "mins") and words[-2] not in _SPAN_NOUNS:  # "price_min" is a bound
        return ""
    if len(words) >= 3 and words[-2] == "per" and words[-1] in _PER_TIME:
        return ""  # `survey_micror_per_h`: a rate per hour, never hours (its description says of what)
    if len(words) >= 3 and words[-1] in _PER_TIME and (words[-2] in _UNITS or words[-2] in _RATE_NUMERATORS):
        return f"{_RATE_NUMERATORS.get(words[-2], words[-2])}/{words[-1]}"  # `heat_input_btu_hr`: BTU/hr, never
        # "hours" (set 38: "a heat input of 2000000 hours")
    return _UNIT_WORDS.get(words[-1], words[-1] if words[-1] in _UNIT_NAMES and len(words[-1]) > 3 else "")


# Words that name a thing only as capital initials when they lead a name: `or_time` is an OR
# (operating room) time, `it_asset` an IT asset, `us_state` a US state; "an or time" is no English
# and reads as a conjunction (set 45: every operating room booking was rejected as "an or").
_INITIALS = frozenset({"or", "it", "us"})


def _capital_initials(t: Term) -> Term:
    fields = {}
    for key in ("noun", "plain"):
        words = getattr(t, key).split()
        if len(words) >= 2 and words[0] in _INITIALS:
            fields[key] = " ".join([words[0].upper(), *words[1:]])
    return Term(**{**t.__dict__, **fields}) if fields else t


def _said_as_a_role(param: str, t: Term) -> Term:
    """"Name and role of the caller": "caller Sheri Garrison, RN", never "called Sheri Garrison" (a
    patient's name, set 45); "First sequence number to return": "starting at sequence 1", never "for
    first sequence 1"."""
    from ..core.freetext import is_person_role

    words = tokens(param)
    if t.noun == "name" and len(words) == 2 and words[1] == "name" and is_person_role(words[0]):
        return Term(**{**t.__dict__, "noun": words[0], "plain": words[0]})
    said = (t.noun or t.plain).split()
    if len(said) >= 2 and said[-1] in ("to", "by", "for", "with") and said[0].endswith("ed") and verb_lemma(said[0]):
        return Term(**{**t.__dict__, "phrase": " ".join(said)})  # `called_out_to`: "called out to R. Dillard", never "with
        # the called out to R. Dillard" (set 45)
    first = re.fullmatch(r"first ([a-z]+)", t.noun)
    if first and t.role == "from" and words[:1] in (["start"], ["first"], ["from"]):
        return Term(**{**t.__dict__, "phrase": f"starting at {first[1]}", "pointer": False})
    return t


_FOR_WHOM_ONLY = re.compile(r"^\s*[A-Z][\w' -]{0,40}? only:\s*(?=\S)")


def term(param: str, spec: dict[str, Any] | None, noun: str | None = None) -> Term:
    """The Term of parameter `param` with property schema `spec` (`noun`: a catalog hint's noun)."""
    spec = spec or {}
    items = spec.get("items")
    inner: dict[str, Any] = items if spec.get("type") == "array" and isinstance(items, dict) else spec
    description = true_reading(str(spec.get("description") or inner.get("description") or ""))
    description = _FOR_WHOM_ONLY.sub("", description, count=1) or description  # "Dogs only: heartworm antigen
    # test result" names the result, never "dogs" (set 48: "with positive dogs")
    members = tuple(str(m) for m in inner.get("enum") or () if isinstance(m, str))
    t = _term(param, description, str(inner.get("type") or ""), str(inner.get("format") or ""), members)
    t = _named_as_written(param, description, t)
    if t.act and re.search(r"\(true\).{0,40}\(false\)", str(spec.get("description") or ""), re.IGNORECASE):
        t = Term(**{**t.__dict__, "act": ""})  # both sides said, no act: never "without filtering on acknowledged
        # alarms" for the unacknowledged ones (set 44)
    if (cut := re.sub(r"(?:\s+(?:of|for|to|in|on|at|by|with|the|a|an))+$", "", t.noun)) != t.noun and cut:
        t = Term(**{**t.__dict__, "noun": cut})  # "Averaging period of the limit: 1_hour, ...": never "... of the" (set 41)
    owned = re.fullmatch(r"(\w+(?: \w+)?) of the [a-z]+", t.noun) if t.unit and inner.get("type") in ("number", "integer") else None
    if owned:  # "Deepest draft of the ship, feet": "a deepest draft of 34 feet", never "... of the ship of 34 feet" (set 38)
        t = Term(**{**t.__dict__, "noun": owned[1]})
    named = re.fullmatch(r"(\w+ \w+) of the [a-z]+", t.noun) if t.sem in ("company", "person", "organization") else None
    if named:  # "Contractor company of the crew": "the contractor company Lonestar Tower Services" (set 41)
        t = Term(**{**t.__dict__, "noun": named[1]})
    qualified = re.fullmatch(rf"({re.escape(' '.join(tokens(param)))}) of an? [\w -]+", t.noun)
    if qualified:  # "County of an in-person job, to find reporters who cover it": the county, never "my usual
        t = Term(**{**t.__dict__, "noun": qualified[1]})  # county of an in-person job" (set 49)
    said = t.noun.split()
    if len(said) >= 3 and re.fullmatch(r"[A-Z]{2,5}", said[-1]) and \
            re.search(rf"\b{re.escape(t.noun)} [a-z]+ed\b", description, re.IGNORECASE):  # "Filing frequency TTB
        t = Term(**{**t.__dict__, "noun": " ".join(said[:-1])})  # assigned": the frequency, never "frequency TTB" (set 33)
    if t.plain and _FORMULA.match(description):  # "Sum of measured angles minus the theoretical sum": the
        t = Term(**{**t.__dict__, "noun": t.plain})  # angular misclosure, never "a sum of 286 seconds" (set 39)
    if t.sem == "money" and t.unit and t.unit.lower() not in _CURRENCY_UNITS:  # a sum of lengths in feet
        t = Term(**{**t.__dict__, "sem": ""})  # is no amount of money ("with sum of ... of 9800 feet": set 39)
    t = _said_by_name(param, description, _compound_unit(description, t))
    t = _capital_initials(t)
    dated = re.match(r"(?:today|tonight|tomorrow|yesterday)'s ", t.noun)
    if dated and len(t.noun.split()) > 1:  # "Today's screening weight": "a screening weight of 204 pounds",
        t = Term(**{**t.__dict__, "noun": t.noun[dated.end():]})  # never "a today's screening weight" (set 45)
    t = _said_as_a_role(param, t)
    owner = re.fullmatch(r"([a-z]+)'s ([a-z]+(?: [a-z]+)?)", t.noun) if t.pointer else None
    if owner:  # "Candidate's sequence number": "candidate sequence 1200", never "for candidate's sequence 1200"
        t = Term(**{**t.__dict__, "noun": f"{owner[1]} {owner[2]}"})  # (set 45)
    graded = re.fullmatch(r"(?:degree|level|grade|extent) of (.+)", t.noun)
    if graded and graded[1].split() == tokens(param):  # "Degree of negligence": "low negligence", never
        t = Term(**{**t.__dict__, "noun": graded[1]})  # "the low degree" (set 45)
    if not t.noun and not t.plain and inner.get("enum") and tokens(param) and all(known(w) for w in tokens(param)):  # `code`: "Only events
        t = Term(**{**t.__dict__, "plain": " ".join(tokens(param))})  # with this ... code": "code R", never "with R"
    if _WHAT_IT_IS.match(description) and tokens(param) == ["description"]:  # "What the item is, as on the property
        t = Term(**{**t.__dict__, "phrase": "described as"})  # report": "described as Glock 19 pistol", never "a note" (set 42)
    doing = _PERCENT_DOING.match(description) if t.unit == "percent" and not t.noun else None
    if doing:  # "Per cent passing the No. 4 (4.75 mm) sieve": "85 percent passing the No. 4 sieve" (set 42)
        t = Term(**{**t.__dict__, "noun": re.sub(r"\s*\([^)]*\)", "", doing[1]).strip()})
    t = _read_as_written(_counted_as_described(t, description, str(inner.get("type") or "")), description, inner)
    t = _named_plainly(t, description, inner)
    t = Term(**{**t.__dict__, "noun": _of_what(t.noun, description)}) if t.noun else t
    per = re.search(r"_per_([a-z]+)$", param)  # `min_rate_per_mile` in USD: "at least 2.25 USD per mile" (set 29)
    if per and t.unit and " per " not in f" {t.unit} " and "/" not in t.unit and known(per[1]):
        t = Term(**{**t.__dict__, "unit": f"{t.unit} per {per[1]}"})
    return _hinted(t, noun) if noun else t


def _named_plainly(t: Term, description: str, inner: dict[str, Any]) -> Term:
    """The name's words where the description's noun is none (set 47): no noun phrase (`_unsound`), a label of
    the value's form ("Full names of the employees witnessing"), or a share of another ("Wet density as a
    percent of the Rice density")."""
    if inner.get("type") != "boolean" and _unsound(t.noun, description) and (plain := re.sub(r"\s+[Ee]\d+$", "", t.plain)) and \
            all(known(w.lower()) or re.fullmatch(r"[A-Z0-9-]{2,}|[a-z]{4,}", w) for w in plain.split()):
        t = Term(**{**t.__dict__, "noun": plain})  # "a viable of 3", "the non-reactive t": the name's words (set 47)
    if t.noun in ("full names", "full name", "names", "name", "last names", "first names") and t.plain and \
            "name" not in t.plain and t.plain not in ("query", "search", "term", "text", "keyword", "q") and \
            all(known(w) for w in t.plain.split()):  # "Full names of the employees
        t = Term(**{**t.__dict__, "noun": t.plain})  # witnessing": the witnesses, never "with the full names" (set 47)
    if t.plain and t.noun and re.match(rf"{re.escape(t.noun)} as an? (?:percent|percentage|share|fraction|ratio) of\b",
                                       description, re.IGNORECASE):  # "Wet density as a percent of the Rice density"
        t = Term(**{**t.__dict__, "noun": t.plain})  # is the percent compaction, never "at 93.6% wet density" (set 47)
    if "'s " in t.noun and len(t.noun.split()) >= 4 and len(t.plain.split()) >= 2 and \
            set(t.plain.lower().split()) <= set(t.noun.lower().replace("'s", "").split()):  # "posting agent's
        t = Term(**{**t.__dict__, "noun": t.plain})  # Department of Insurance license": "agent license" (set 48)
    if t.noun in ("amount", "value", "number", "total") and len(t.plain.split()) >= 2 and t.noun in t.plain.split():
        t = Term(**{**t.__dict__, "noun": t.plain})  # "amount withheld", never a bare "amount" (set 48)
    return t


def _of_what(noun: str, description: str) -> str:
    """A one-word noun the description says "to" or "against" something ("Antibody to hepatitis B core
    antigen"): the whole phrase, never "the non-reactive antibody" beside four other antibodies (set 47)."""
    m = re.match(rf"{re.escape(noun)} (to|against) ((?:[A-Za-z][\w-]* ){{0,4}}[A-Za-z][\w-]*)(?=[.;,(]|$)", description.strip(),
                 re.IGNORECASE)
    return f"{noun} {m[1]} {m[2]}" if m and " " not in noun and noun.lower() in _TESTED_THINGS else noun


# Things a lab result names by what they react to.
_TESTED_THINGS = frozenset({"antibody", "antibodies", "antigen", "antigens", "allergy", "sensitivity", "immunity"})


def _unsound(noun: str, description: str) -> bool:
    """Whether a noun read from a description is no noun phrase: an adjective or a letter alone
    ("Viable CD34+ cells": "viable", "T. cruzi antibody": "t", "Mother's self-reported race": "self"), a
    modifier before "of" ("Completed weeks of gestation": "completed of gestation"), a moment and the
    subject of its clause ("Date processing started": "date processing"), or the first of two things
    joined ("Red cell and plasma depletion method": "red cell")."""
    said = noun.split()
    if not said:
        return False
    told = re.split(r"\be\.?g\.?|\bfor example\b", description, maxsplit=1)[0]  # an example's words say no noun
    if len(said) == 1 and (len(said[0]) == 1 or said[0].islower() and (
            set(lemmas(said[0])) - {"ADV"} == {"ADJ"} or re.search(rf"\b{re.escape(noun)}(?:-[a-z]|\s+[\w+]*\d)", told,
                                                                   re.IGNORECASE))):
        return True  # "self-reported race": never "self"; "Viable CD34+ cells": never "viable"
    if len(said) >= 3 and said[1] == "of" and (set(lemmas(said[0])) - {"ADV"} == {"ADJ"} or said[0].endswith("ed")
                                               and {"VERB", "ADJ"} <= set(lemmas(said[0]))):
        return True
    if len(said) == 2 and said[0] in ("date", "time", "day") and re.match(rf"{re.escape(noun)} [a-z]+ed\b", description,
                                                                         re.IGNORECASE):
        return True
    joined = re.match(rf"{re.escape(noun)} (?:and|or) ((?:[a-z]+ ){{0,3}}method|(?:[a-z]+ ){{0,3}}type)\b", description,
                      re.IGNORECASE)  # "Red cell and plasma depletion method": the method, never "red cell"
    return joined is not None


def _counted_as_described(t: Term, description: str, json_type: str) -> Term:
    """A number's noun and bound as its description says them (set 46): a superlative filter is a
    bound, a count keeps what was done to its things, an index or a ratio is named by its parameter,
    a count described by a plural noun is that many of them."""
    top = t.noun.split()[:1] if json_type in ("integer", "number") and len(t.noun.split()) >= 2 else []
    if top and top[0] in _SUPERLATIVE_BOUNDS and not t.bound and not _STATISTIC.match(description.strip()):  # "Oldest
        # flock age to include, weeks": a flock age of at most 35 weeks; "Highest moisture reading of the month" is a
        # figure a report records (set 26)
        t = Term(**{**t.__dict__, "noun": " ".join(t.noun.split()[1:]), "bound": _SUPERLATIVE_BOUNDS[top[0]],
                    "role": ""})  # never "an oldest flock age of 35 weeks" (set 46)
    said = [w.lower() for w in description.split()[:2]]
    if json_type == "integer" and t.noun and len(said) == 2 and said[0] == t.noun.lower() and \
            is_plural(said[0]) and said[1].endswith("ed") and verb_lemma(said[1]) not in (None, said[1]):
        t = Term(**{**t.__dict__, "noun": f"{t.noun} {said[1]}"})  # "Eggs rejected at receiving": 0 eggs rejected,
        # never "with 0 eggs" beside the cases received (set 46)
    having = re.match(r"([A-Z][a-z]+s) (with|without) ((?:an? |the )?[\w-]+(?: [\w-]+){0,4}?)(?= \(|[.,;]|$)", description)
    if json_type == "integer" and having and t.noun.lower() == having[1].lower():  # "Naps with a sleep-onset REM
        t = Term(**{**t.__dict__, "noun": having[1].lower() + having[0][len(having[1]):]})  # period": 2 naps with a
        # sleep-onset REM period, never "with 2 naps" (set 46)
    if t.plain.split()[-1:] in (["index"], ["rate"]) and " per " in f" {t.noun} ":  # "Central apneas per hour of
        t = Term(**{**t.__dict__, "noun": t.plain})  # sleep": a central apnea index of 5.8 (set 46)
    if t.plain and _RATIO.match(description) and t.plain.lower() not in t.noun.lower():  # "Saleable chicks over eggs
        t = Term(**{**t.__dict__, "noun": t.plain})  # set, percent" is the hatch of total, never "saleable chicks of 53.7
        # percent" beside the hatch of fertile said the same (set 46)
    counted = re.match(r"([A-Z][a-z]+s) [a-z]", description) if json_type == "integer" and not t.noun \
        and not t.unit else None  # ("Hours the flag state is given" has its unit: a span, no things counted)
    if counted and t.plain and is_plural(counted[1].lower()) and "NOUN" in lemmas(counted[1].lower()):  # "Embryos dead
        t = Term(**{**t.__dict__, "noun": f"{t.plain} {counted[1].lower()}"})  # in days 1-7": "4 early dead embryos",
        # never "early dead 4" (set 46)
    return t


def _read_as_written(t: Term, description: str, inner: dict[str, Any]) -> Term:
    """A date said by its side of a span when its description opens with one ("First day ...")."""
    side = re.match(r"\s*(?:the )?(first|last) (?:day|date)\b", description, re.IGNORECASE)
    if side and not t.role and inner.get("type") == "string" and (inner.get("format") in ("date", "date-time") or
                                                                  "YYYY" in description):  # "First day the
        t = Term(**{**t.__dict__, "role": "from" if side[1].lower() == "first" else "until"})  # price applies":
        # starting June 4, never "a first day of June 4th" (set 46)
    return t


# A filter's bound said by a superlative noun: "Oldest flock age to include", "Lowest price".
_SUPERLATIVE_BOUNDS = {"oldest": "at most ", "youngest": "at least ", "highest": "at most ", "lowest": "at least ",
                       "largest": "at most ", "smallest": "at least ", "longest": "at most ", "shortest": "at least ",
                       "heaviest": "at most ", "lightest": "at least "}
# A share defined by what it divides: "Saleable chicks over eggs set, percent", "Hits divided by at-bats".
_RATIO = re.compile(r"^\s*[A-Za-z][\w -]{2,40}? (?:over|divided by) [a-z][\w -]{2,40}?(?:,|\.|$)")


def _compound_unit(description: str, t: Term) -> Term:
    """A unit of two words the description hyphenates ("Volume to transfer in acre-feet"): "a volume
    of 46.3 acre-feet", never "an acre of 46.3 feet" (set 43); nor a kilowatt-hour a duration."""
    if not t.unit or len(t.noun.split()) != 1 or \
            not re.search(rf"\b{re.escape(t.noun)}-{re.escape(t.unit)}\b", description, re.IGNORECASE):
        return t
    said = description.lower().split()
    lead, then = (said + ["", ""])[:2]  # "Volume to transfer in acre-feet": a volume (and "my usual volume")
    noun = lead if set(lemmas(lead)) == {"NOUN"} or "NOUN" in lemmas(lead) and then in ("to", "of", "in", "for", "at") else ""
    return Term(**{**t.__dict__, "noun": noun, "plain": noun, "unit": f"{t.noun}-{t.unit}", "sem": ""})


def _said_by_name(param: str, description: str, t: Term) -> Term:
    """The name's own words where the description's noun reads worse (set 42): a generic person
    ("Badge of the second person who counted": "second counter 84185"), a code of a thing the
    description names after "of" ("NIBRS offense code of the case's main offense": "offense code
    11A"), a limit that is the thing measured ("Liquid limit in per cent": "a liquid limit of 60",
    never "a liquid of at most 60")."""
    own = [w for w in tokens(param) if w not in ("badge", "id", "number", "no", "code", "employee", "name")]
    if t.noun.split()[-1:] in (["person"], ["individual"], ["people"]) and all(known(w) for w in own) and \
            (len(own) >= 2 or len(own) == 1 and "NOUN" in lemmas(own[0])):  # "escort Joseph Gallegos", never
        # "company person Joseph Gallegos" (set 45)
        return Term(**{**t.__dict__, "noun": " ".join(own)})
    sided = [w for w in tokens(param) if w not in _UNITS and w not in _UNIT_NAMES]
    if len(sided) == 2 and sided[1] in ("top", "bottom", "inner", "outer", "upper", "lower") and known(sided[0]) and \
            (t.noun.count(" of ") >= 2 or t.noun == " ".join(sided)):  # `depth_top_ft`: "a top depth of 4 feet", never
        return Term(**{**t.__dict__, "noun": f"{sided[1]} {sided[0]}", "bound": ""})  # "a depth of the top of the
        # sample of 4 feet and a depth bottom of 6 feet" (set 42)
    if len(sided) == 2 and len(t.noun.split(" of the ")[0].split()) >= 3 and " of the " in t.noun and \
            all(known(w) and len(w) > 2 for w in sided) \
            and "NOUN" in lemmas(sided[-1]):  # "Measured energy transfer ratio of the hammer": "a hammer efficiency
        return Term(**{**t.__dict__, "noun": " ".join(sided)})  # of 88 percent" (set 42)
    spelled = " ".join(tokens(param))
    one = own[0] if len(own) == 1 else ""  # `inspector_id` of "Employee number of the trained acceptance staff ..."
    if one and len(t.noun.split()) >= (4 if one == spelled else 3) and set(lemmas(one)) == {"NOUN"} and len(one) > 3 \
            and one not in _GENERIC_NAMES and t.sem not in ("clock", "date", "datetime") \
            and (one not in t.noun.split() or len(t.noun.split()) >= 4 and t.pointer):  # "program TXHS-TX1", never
        # "OPTN transplant program code TXHS-TX1" (set 45)
        return Term(**{**t.__dict__, "noun": one, "plain": one})  # `carrier`: "carrier CX", never "the
        # operator's IATA airline designator CX" (set 43)
    head = re.split(r"\s+of\s+", description, maxsplit=1)[0].lower().split() if " of " in description else []
    if tokens(param)[-1:] in (["code"], ["number"]) and len(tokens(param)) == 2 and set(tokens(param)) <= set(head) \
            and len(head) <= 4 and t.noun.lower() != spelled:
        return Term(**{**t.__dict__, "noun": spelled, "plain": spelled})
    if tokens(param)[-1:] == ["limit"] and len(tokens(param)) == 2 and t.sem != "limit" and \
            re.match(rf"\s*(?:the\s+)?{re.escape(spelled)}\b(?!\s+(?:of|on|for)\b)", description, re.IGNORECASE):
        return Term(**{**t.__dict__, "noun": spelled, "bound": "", "plain": spelled})
    return t


_GENERIC_NAMES = frozenset({"value", "amount", "status", "state", "text", "notes", "note", "description", "comment",
                            "reason", "kind", "type", "mode", "level", "result", "data", "details", "info", "label"})
_WHAT_IT_IS = re.compile(r"^\s*what (?:the|this|an?) [a-z]+ is\b", re.IGNORECASE)


# A share of things doing something: "Per cent passing the No. 4 sieve", "Percent retained on ...".
_PERCENT_DOING = re.compile(r"^\s*(?:per ?cent|percentage|share)\s+((?:passing|retained|remaining|finer|coarser|failing|"
                            r"completing|responding|returning)\b(?:[^;.:]|\.(?=\s*\d))*)", re.IGNORECASE)  # "the No. 4 sieve"


# A description that defines its value by arithmetic on others ("X minus Y", "X divided by Y").
_FORMULA = re.compile(r"^[^.;]*?\b(?:minus|divided by|multiplied by|times the|less the)\b", re.IGNORECASE)
_CURRENCY_UNITS = frozenset({"dollars", "euros", "pounds", "usd", "eur", "gbp", "cents", "yen", "francs"})


def _named_as_written(param: str, description: str, t: Term) -> Term:
    """A name the description spells out ("vin": "vehicle identification number", "npi":
    "National Provider Identifier") said as the initialism people use ("VIN 1HGCV...", never "for
    vehicle identification 1HGCV...", set 33); a name that is the second of two things the
    description's noun joins ("stall": "Row letter and stall number") said by itself, never by
    the first ("the row letter C-01")."""
    if not t.noun:
        return t
    first = tokens(param)[:1]
    if t.pointer and first and first[0] in _REPLACED and _REPLACING.search(description) and t.noun in tokens(param):
        return Term(**{**t.__dict__, "noun": f"{first[0]} {t.noun}"})  # "original claim CLM-...", never the new claim (set 33)
    if re.fullmatch(r"[a-z]{3,5}", param) and _spelled(param, description):
        return Term(**{**t.__dict__, "noun": param.upper(), "plain": param.upper()})
    joined = re.match(rf"{re.escape(t.noun)} and (?:the |its )?([a-z]+(?: [a-z]+)?)\b", description.strip(), re.IGNORECASE)
    named = [w for w in tokens(param) if w not in ("id", "number", "no", "code")]
    if joined and named and named == tokens(joined.group(1))[:len(named)] and not set(named) & set(t.noun.split()):
        return Term(**{**t.__dict__, "noun": " ".join(named)})
    return t


_REPLACED = frozenset({"original", "replaced", "previous", "prior", "corrected"})
_REPLACING = re.compile(r"\bbeing (?:replaced|corrected|voided|amended)\b|\breplaces\b|\bto (?:replace|correct)\b", re.IGNORECASE)


def _spelled(initials: str, description: str) -> bool:
    """Whether consecutive words of the description have `initials` as their first letters."""
    words = [w for w in re.findall(r"[A-Za-z]+", description.split(",")[0]) if w.lower() not in ("of", "and", "the")]
    n = len(initials)
    return any("".join(w[0] for w in words[i:i + n]).lower() == initials for i in range(len(words) - n + 1))


@lru_cache(maxsize=4096)
def _hinted(t: Term, noun: str) -> Term:
    """A catalog hint's noun read like a description ("number of nights" counts nights,
    "minimum rating" is a rating with a bound)."""
    said, of, _, pointer = _described(noun.split())
    if said and noun.lower().startswith(f"{said.lower()} at ") and len(noun.split()) <= 6:
        said = noun  # "quarts at morning feed" beside "quarts at evening feed" (derive._told_apart)
    said = " ".join(w for w in (said or noun).split() if w not in _AT_MOST | _AT_LEAST) or noun
    if said.split()[-1].lower() in FUNCTION_WORDS | _PRONOUNS or {w.lower() for w in said.split()[1:]} & _CLAUSE_SUBJECTS:
        return t  # "time it was found" cut to "time it", "day they arrived": no noun
    owner = [w for w in said.split() if w.endswith(("'s", "s'"))]
    if owner:  # "operator's employee number": the id is the operator's, said "operator E-1187"
        said, pointer = " ".join(said.split()[:said.split().index(owner[0]) + 1]).removesuffix("'s").rstrip("'"), True
    return Term(**{**t.__dict__, "noun": said, "of": of or t.of, "pointer": pointer or t.pointer})


# ---------------------------------------------------------------- frames


Frame = Callable[[Term, str, str], str]  # (term, value as said, the tool's intent) -> phrase
FRAMES: dict[str, Frame] = {}


def frame(*kinds: str) -> Callable[[Frame], Frame]:
    def deco(fn: Frame) -> Frame:
        for k in kinds:
            FRAMES[k] = fn
        return fn
    return deco


def _done_as(t: Term, v: str) -> bool:
    """An enum value that is what was done ("added", "recovered", "declined") of a noun that only
    says it is a kind of act ("action", "type")."""
    return t.head in ("action", "type", "kind", "event", "operation") and re.fullmatch(r"[a-z]+ed", v) is not None \
        and verb_lemma(v) not in (None, v)


_FOR_COUNTS = frozenset({*_SPANS, "people", "persons", "guests", "adults", "children", "kids", "passengers",
                         "riders", "travellers", "travelers", "tickets", "seats", "rooms", "players", "attendees"})
_TIME_NOUNS = frozenset({"week", "month", "year", "quarter", "season", "day"})
# Numbered places in a text, a hall or a list, and the word a number of one is said with.
_PAGED = {"page": "on", "row": "in", "chapter": "in", "verse": "in", "line": "on", "track": "on", "scene": "in",
          "aisle": "in", "platform": "on",
          # the numbered parts of a contest or a course (set 29: "with a round of 4", "a round of the incident of 4")
          "round": "in", "board": "on", "lap": "on", "heat": "in", "hole": "on", "inning": "in", "lane": "in"}


def _a(noun: str) -> str:
    """ "a sensor depth", "an acceptable delivery lead time": a measure takes "a" even when its
    head is a mass noun; a plural takes none."""
    if _STATISTIC.match(noun):
        return f"the {noun}"  # "the highest turbidity reading of the month", never "a highest"
    if is_plural(noun.split(" of ", 1)[0].split()[-1]):  # the head before its "of": "a sum of the leg lengths" (set 39)
        return noun
    if re.match(r"[A-Z][A-Z0-9]+\b", noun):  # "an X80", "an NDE status", "a PPV": read letter by letter,
        return f"{'an' if noun[0] in 'AEFHILMNORSX' else 'a'} {noun}"  # which inflect does not
    return engine().a(noun)


def _unit(t: Term) -> str:
    return "" if not t.unit else t.unit if t.unit.startswith("/") else f" {t.unit}"


# Units of an amount of stuff: "63.4 lb of extracted honey", never "an extracted honey of 63.4 lb".
_MASS_UNITS = frozenset({"lb", "lbs", "kg", "g", "oz", "gal", "l", "ml", "bu", "tons", "tonnes", "pounds",
                         "kilograms", "gallons", "litres", "liters", "ounces", "bushels"})


# Heads that name the measure itself, not the stuff: "a size of 1 gallon", never "1 gallon of size".
_MEASURE_HEADS = frozenset({"size", "capacity", "volume", "weight", "amount", "quantity", "total", "level", "limit",
                            "mass", "load", "dose", "rate", "max", "min", "minimum", "maximum"})


# Names of a weighing's parts: "a gross weight of 64000 pounds", never "64000 pounds of truck".
_WEIGHINGS = frozenset({"gross", "tare", "net"})
_WEIGHED = frozenset({"truck", "trailer", "tanker", "vehicle", "rig", "tractor", "container", "pallet", "box", "bin",
                      "drum", "tank", "load", "trucks", "loads"})


def _measure_once(t: Term, v: str) -> str | None:
    """A number whose noun already names its unit, said once: "hours" of 120 hours is "120
    hours", "percent of operative brakes" is "97.5 percent of operative brakes", "labor" in
    hours is "2.25 hours of labor" (never "hours of 120 hours", "a labor of 2.25 hours")."""
    words = t.noun.lower().split()
    if not words:
        return None
    if t.unit.lower() in _MASS_UNITS and t.plain.lower() in _WEIGHINGS | {f"{w} weight" for w in _WEIGHINGS} and \
            words[-1] in _WEIGHED:  # a truck weighed, not honey by the pound
        return f"with a {t.plain.lower().removesuffix(' weight')} weight of {t.bound}{v} {t.unit}"
    if set(words) <= _UNIT_NAMES | {t.unit.lower()}:
        return f"{'for' if t.unit in _SPANS and not t.bound else 'with'} {t.bound}{v} {t.unit or t.noun}"
    if words[0] in _UNIT_NAMES | _MEASURES and words[1:2] == ["of"]:
        return f"with {t.bound}{v} {t.noun}"
    if t.unit.lower() in ("percent", "per cent", "%"):
        return None  # "11 percent of optimum water content" is a share of it: "an optimum water content of 11 percent" (set 42)
    if t.unit and (t.head in MASS_NOUNS or t.head.endswith(_MASS_ENDS) or (t.unit.lower() in _MASS_UNITS and t.head.lower() not in _MEASURE_HEADS
                                                         and t.noun.lower() != t.plain.lower())):
        return f"with {t.bound}{v} {t.unit} of {t.noun}"
    return None


_CHANNELS = frozenset({"mail", "email", "pdf", "fax", "courier", "post", "pickup", "download", "sms", "text"})
_BACK_UNITS = frozenset({"years", "months", "weeks", "days", "hours", "minutes"})
_PRONOUNS = frozenset({"it", "they", "them", "he", "she", "him", "her", "we", "you", "i", "one"})
# Words that open a clause inside a noun phrase a description cut: a subject ("she left") or its
# possessor ("her milk goes").
_CLAUSE_SUBJECTS = frozenset({"she", "he", "they", "we", "you", "i", "her", "his", "their", "our", "my", "its"})
_MEASURES = frozenset({"percent", "percentage", "per cent", "share", "fraction", "number", "amount", "count"})
_MASS_ENDS = ("labor", "labour", "work", "footage", "mileage", "space", "room", "downtime")


# Words that say a range's side in the noun itself ("a latest ship year of 2019"): no "from"/"to" frame.
_SIDES_OF_RANGE = frozenset({"first", "last", "upper", "lower", "latest", "earliest", "initial", "final", "minimum",
                             "maximum", "highest", "lowest"})


@frame("number")
def _number(t: Term, v: str, intent: str) -> str:
    """A number in its frame, its unit singular after one ("a change of 1 each", never "1 eaches", set 35)."""
    said = _number_frame(t, v, intent)
    if v.lstrip("+-") == "1" and t.unit and (one := _one_of_unit(t.unit)):
        said = re.sub(rf"(?<![\w.]){re.escape(v)} {re.escape(t.unit)}\b", f"{v} {one}", said)
    return said


def _pointed_at(t: Term, v: str, intent: str) -> str:
    """ "for Batch C5": a value that says its noun is not told it again; a move's target is where it
    goes: "move scheduled spot SPT-1 to commercial break BRK-2", never "for commercial break" (set 41)."""
    lead = "to" if t.plain.split()[:1] in (["target"], ["destination"]) and intent.split()[:1] and \
        intent.split()[0] in _MOVING | {"transfer", "reassign", "relocate"} else "for"
    return f"{lead} {v}" if v.lower().startswith(f"{t.head.lower()} ") else f"{lead} {_listed_noun(t.noun, v)} {v}"


def _state_code(t: Term, v: str) -> str | None:
    """ "in GA", never "with the US state code GA" (set 41)."""
    own = set(t.plain.lower().split()) - {"state", "us", "code", "the"}  # "CDL state TX" is who issued it, no place
    if t.sem != "state" or "state" not in t.plain.split() or not re.fullmatch(r"[A-Z]{2}", v):
        return None
    return f"with the {t.plain} {v}" if own else f"in {v}"  # "with the CDL state TX" (set 44: "drivers in TX")


def _share_or_quarter(t: Term, v: str) -> str | None:
    """ "Share of the line's spots in percent": "with 40% of the line's spots", never "with 40 share of
    ..."; "Calendar quarter, 1 to 4": "for Q1", never "with a calendar quarter of 1" (set 41)."""
    share = re.fullmatch(r"(?:share|percentage|proportion|fraction|part) (of .+)", t.noun)
    if share and (t.unit == "percent" or t.sem == "percent"):
        return f"with {t.bound}{v}% {share[1]}"
    if t.head == "quarter" and v in ("1", "2", "3", "4") and not t.bound:
        return f"for Q{v}"
    return None


def _share_doing(t: Term, v: str) -> str | None:
    """ "with 85 percent passing the No. 4 sieve" (`_PERCENT_DOING`, set 42)."""
    if t.unit == "percent" and _PERCENT_DOING.match(f"percent {t.noun}"):
        return f"with {t.bound}{v} percent {t.noun}"
    return None


def _named_measure(t: Term, v: str) -> str:
    """A number said with its name's words: "with a wet mass of 905 grams" (an adjective and a noun,
    set 42), else the words as written ("with REI 12 hours", never a bare "12")."""
    pair = t.plain.split()
    if t.unit and len(pair) == 2 and "ADJ" in lemmas(pair[0]) and "NOUN" in lemmas(pair[1]) and t.plain.islower():
        return f"with {_a(t.plain)} of {t.bound}{v}{_unit(t)}"
    return f"with {t.plain} {t.bound}{v}{_unit(t)}".replace("  ", " ")


def _one_of_unit(unit: str) -> str | None:
    """The singular of a plural unit ("eaches" -> "each", "kilowatt-hours", "square feet" ->
    "square foot"), None for a symbol ("kW", "ppm")."""
    from ..core.inflection import engine

    *lead, last = unit.split(" ")
    if not last[:1].islower() or len(lead) > 1:
        return None
    one = engine().singular_noun(last)
    return " ".join([*lead, one]) if isinstance(one, str) and one != last else None


def _day_of(t: Term, v: str) -> str:
    """ "Day of incubation candled": on day 12 of incubation (set 46: "with an incubation of 12")."""
    if t.of == "date" and t.noun and not t.unit and "day" in t.plain.split() and re.fullmatch(r"\d{1,3}", v):
        return f"on day {v} of {t.noun}"
    return ""


def _number_frame(t: Term, v: str, intent: str) -> str:
    relation = t.plain.lower().split()
    if len(relation) == 2 and relation[0] in ("after", "before", "since", "until") and t.sem != "percent" \
            and known(relation[1]) and not t.unit:  # `after_round` 4: "after round 4", never "from standings 4" (set 29)
        return f"{relation[0]} {relation[1]} {v}"
    if t.role and t.noun and not t.bound and not t.unit and t.of in ("", "id") and t.sem not in ("limit", "percent") \
            and t.noun.split()[0].lower() not in _SIDES_OF_RANGE:  # "a latest ship year of 2019" says its side
        short = t.noun.split(" of ")[0].split()  # "milepost of the search range": from milepost 19 to milepost 112.47
        short = short[1:] if len(short) > 1 and short[0].lower() in _FROM | _UNTIL else short
        return f"{'from' if t.role == 'from' else 'to'} {' '.join(short)} {v}"
    back = t.plain.split()
    if len(back) == 2 and back[1] in ("back", "ago") and back[0] in _BACK_UNITS:  # years_back: "going back 30 years"
        return f"going back {v} {back[0]}"
    span = next((u for u in _SPANS if t.unit == u), None)
    if whole := _share_or_quarter(t, v) or _day_of(t, v):
        return whole
    if said := _share_doing(t, v):
        return said
    once = _measure_once(t, v) if t.sem != "percent" or t.unit else None
    if once:
        return once
    if t.sem == "percent" and not t.unit:  # "at 26% brightness", "with at least 5% alcohol"; "at 92.6% compaction",
        return f"{'with' if t.bound else 'at'} {t.bound}{v}% {_PERCENT_WORD.sub('', t.noun)}".rstrip()  # (set 47)
    if t.of == "count" and t.noun and _counted_done(t.plain):  # "Number of the customer's devices affected"
        return f"with {t.bound}{v} {t.plain}"
    if t.of == "count" and t.noun:  # "with 3 holes", "for 12 nights", "for 4 guests"
        noun = " ".join(w for w in t.noun.split() if not w.endswith(("'s", "s'"))) or t.noun  # never "4 customer's devices"
        done = len(noun.split()) > 1 and is_plural(noun.split()[0])  # "joints run": 44 joints run, never "joints runs"
        things = plural(noun) if known(noun.split()[-1]) and not done else noun
        return f"{'for' if plural(t.head) in _FOR_COUNTS else 'with'} {t.bound}{v} {things}"
    if t.of == "amount" and t.noun:
        return f"with {t.bound}{v}{_unit(t)} of {t.noun}" if t.unit else f"with {t.bound}{v} {t.noun}"
    if t.sem == "limit" and set(tokens(t.noun or t.plain or "limit")) <= _LIMIT_WORDS:
        return f"with at most {v} results"  # never "with a limit of at most 7"
    if t.noun and t.pointer:
        return f"{'in' if t.head in _TIME_NOUNS else 'for'} {t.noun} {v}"
    if t.noun and t.head in _PAGED and not t.bound and not t.unit:  # "on page 4", "in row 12", never "a page of 4";
        moved = intent.split(" ", 1)[0] in ("change", "update", "edit", "move", "modify", "set")
        noun = t.noun.split(" of ")[0]  # "Round of the incident": in round 4
        return f"{'to' if moved else _PAGED[t.head]} {noun} {v}"  # a cue changed moves "to script page 1"
    if span and not t.bound and t.noun.split()[:1] in (["length"], ["duration"], ["time"], ["period"]):
        return f"for {v} {span}"
    if t.noun and (is_plural(t.noun.split()[0]) or is_plural(t.head) or _plural_per(t.noun)) and not t.unit:  # "with 4 meals per day"
        return f"with {t.bound}{v} {t.noun}"
    if t.noun:
        return f"with {_a(t.noun)} of {t.bound}{v}{_unit(t)}"
    if span and t.plain in ("", span):
        return f"for {t.bound}{v} {span}"
    if t.plain and is_plural(t.plain.rsplit(" ", 1)[-1]):  # "with 3 retry attempts"
        return f"with {t.bound}{v} {t.plain}"
    if _counted_done(t.plain):  # "with 67 passengers boarded", never "with passengers boarded 67"
        return f"with {t.bound}{v} {t.plain}"
    head, _, particle = t.plain.rpartition(" ")
    if t.unit and head and particle in ("in", "out"):  # odometer_in_mi: "with the odometer at 6100 miles",
        return f"with the {head} at {t.bound}{v}{_unit(t)}"  # never "odometer in 6100 miles"
    if span and particle in ("within", "after", "before") and head:  # `reply_within_hours`: "with a reply
        return f"with {_a(head)} {particle} {v} {span}"  # within 88 hours", never "with reply within at 88 hours" (set 37)
    if span and t.plain and not t.bound:  # "act_one_minutes": with act one at 75 minutes
        return f"with {t.plain} at {v} {span}"
    return _named_measure(t, v)


_LIMIT_WORDS = frozenset({"limit", "max", "maximum", "top", "k", "n", "results", "result",
                          "count", "num", "number", "rows", "items"})


_PARTICIPLES = frozenset({"sold", "held", "seen", "taken", "given", "shown", "paid", "sent", "built", "made", "done",
                          "found", "lost", "kept", "left", "spent", "run", "won", "drawn", "grown", "read", "cut",
                          "put", "set", "shut", "hit", "split", "spread", "bought", "caught", "fed", "brought"})


def _plural_per(noun: str) -> bool:
    """ "hay flakes per day": things counted per a unit ("with 8 hay flakes per day")."""
    before = noun.split(" per ", 1)[0].split() if " per " in noun else []
    return bool(before) and is_plural(before[-1])


def _counted_done(plain: str) -> bool:
    """Things counted and what was done to them ("passengers boarded", "bags loaded", "units sold"):
    the count goes before the things, as a person says it."""
    words = plain.split()
    return len(words) == 2 and is_plural(words[0]) and (words[1].endswith("ed") or words[1] in _PARTICIPLES)


@frame("date", "datetime", "iso_time")
def _date(t: Term, v: str, intent: str) -> str:
    # a moment said time first ("11 am on June 2nd") is "at" it: never "transferred on 11 am on June 2nd"
    return _CLOCK_ON.sub("at ", _date_frame(t, v, intent))


# Heads of "X of the Y" that say only which attribute of Y a value is ("Name of the well boat")
_OF_HEADS = frozenset({"name", "id", "number", "code", "value", "type", "kind", "date", "time"})
_MOMENT_NOUNS = frozenset({"date", "day", "time", "datetime", "and"})
_CLOCK_ON = re.compile(r"\bon (?=(?:\d{1,2}(?::\d{2})? ?[ap]\.?m\.?|noon|midnight)\b)", re.IGNORECASE)


def _date_frame(t: Term, v: str, intent: str) -> str:
    if re.fullmatch(r"[a-z]+ing (?:before|after|by|on or before|on or after)", t.phrase):  # `expiring_before`:
        return f"{t.phrase} {v}"  # "expiring before June 2", never "until June 2" (set 41: a lease filter)
    named = t.plain.split()
    if t.role in ("from", "until") and len(named) >= 3 and named[-1] in ("before", "after"):
        # `inspection_due_before`, `service_life_ends_before`: two such bounds of one search are two
        # things, never "until June 23 until June 4" (set 45)
        done = verb_lemma(named[-2]) if named[-2].endswith("s") else None
        thing = named[:-2] + [gerund(done)] if done and done != named[-2] else named[:-1]
        return f"with the {' '.join(thing)} {named[-1]} {v}"
    if f"{t.plain} ".startswith("as of "):  # `as_of_date`: "as of June 3", never "an as of date of June 3" (set 35)
        return f"as of {v}"
    if t.plain.split()[-1:] == ["by"] and len(t.plain.split()) <= 2:  # `need_by`: "needed by August 12", never "on
        lead = t.plain.split()[0] if len(t.plain.split()) == 2 else ""  # August 12" (set 40: an order's date)
        return f"{_BY_LEADS.get(lead, '')}by {v}"
    if not set(t.noun.split()) - _MOMENT_NOUNS and set(t.plain.split()) - _MOMENT_NOUNS and not t.role:
        t = replace(t, noun=t.plain)  # "Time of the blood draw" for collection_time: "a collection
    event = [w for w in t.noun.split() if w not in _MOMENT_NOUNS]  # time of ...", never two bare moments
    said = _EVENTS.get(event[0]) if len(event) == 1 else None
    if said:  # "departing June 2", "for delivery on June 4"
        return said.format(v=v)
    if len(event) == 1 and not t.role and re.fullmatch(r"[a-z]+ed", event[0]) and verb_lemma(event[0]) not in (None, event[0]):
        return f"{event[0]} on {v}"  # `drilled_date`: "drilled on May 6", never "a drilled date of May 6" (set 42)
    if t.noun.split()[:1] == ["new"] and intent.split()[:1] and intent.split()[0] in _MOVING:
        # "move booked installation INS-25-3804 to June 9", never "because of an equipment delay starting
        # June 9" (set 31); a named moment by its name: "with a new shut-off time of" (set 43: "change the
        # order ... to June 2", which moved the whole order)
        return f"with {_a(t.noun)} of {v}" if len(event) > 1 and not set(event) & _STARTS else f"to {v}"
    if t.role == "from":  # "from June 2" once a closing bound follows (clauses.ranges)
        return f"starting {v}"
    if t.role == "until":
        return f"until {v}"
    if t.role == "not_before":
        return f"no earlier than {v}"
    if event and len(event) < len(t.noun.split()):  # "Planned harvest date" is no date of the act
        return f"with {_a(t.noun)} of {v}"
    # "Time of the blood draw": "with the blood draw on ..."; "Onset of asystole": "with the onset of asystole on
    # June 2", never a bare "on June 2" that names no event (set 45)
    if event and (t.of in ("clock", "date", "time") or re.fullmatch(r"[a-z]+ of [a-z]+(?: [a-z]+)?", t.noun) and not t.role):
        return f"with the {t.noun} on {v}"
    if re.fullmatch(r"last [a-z]+ed", t.noun):  # `last_performed`: "last performed on May 31" (set 30)
        return f"{t.noun} on {v}"
    return f"on {v}"


_BY_LEADS = {"need": "needed ", "needed": "needed ", "due": "due ", "required": "required ", "complete": "completed ",
             "ship": "shipped ", "deliver": "delivered ", "return": "returned "}


_STARTS = frozenset({"start", "starting", "first", "begin", "beginning"})
# Verbs of a request that moves something in time: its new moment is where it moves "to".
_MOVING = frozenset({"move", "reschedule", "postpone", "rebook", "shift", "push", "change", "update", "bring"})
_EVENTS = {"departure": "departing {v}", "arrival": "arriving {v}", "return": "returning {v}",
           "delivery": "for delivery on {v}", "pickup": "for pickup on {v}", "dropoff": "for drop-off on {v}",
           "checkin": "checking in {v}", "checkout": "checking out {v}", "check-in": "checking in {v}",
           "check-out": "checking out {v}", "due": "due {v}", "deadline": "due {v}"}


@frame("clock")
def _clock(t: Term, v: str, intent: str) -> str:
    if t.of == "clock" and t.noun:  # "Time of the first meal" -> "with the first meal at 6 am"
        return f"with the {t.noun} at {v}"
    return {"from": f"from {v}", "until": f"until {v}", "not_before": f"no earlier than {v}"}.get(t.role, f"at {v}")


_SITES = frozenset({"location", "site", "facility", "branch", "depot", "yard", "terminal", "warehouse"})
_POSITIONS = frozenset({"front", "middle", "back", "rear", "center", "centre", "left", "right", "top", "bottom"})


_DAY_PARTS = {"morning": "in the morning", "afternoon": "in the afternoon", "evening": "in the evening",
              "night": "at night", "midday": "at midday", "noon": "at noon", "overnight": "overnight"}


def _enum_by_value(t: Term, v: str) -> str | None:
    """The frame the value itself calls for, whatever the noun: its own preposition, an act done,
    a part of the day, none, not, unknown, other; None for any other value."""
    if re.match(r"^(?:by|in|on|at|with|without|because|from|to|for|using|including|out of|within)\b", v):
        return v  # the value's words bring their own frame ("with all causes", "by diver", "out of service",
        # "within 24 hours", never "with within 24 hours priority": set 45)
    if _done_as(t, v):  # log_refrigerant's action "recovered": "as recovered", never "the recovered action"
        return f"as {v}"
    timed = (set(tokens(t.noun)) | ({t.sem} if t.sem else set())) & {"day", "time", "period", "window"} or t.of == "clock"
    if timed and v.lower() in _DAY_PARTS:  # time_of_day "morning": "in the morning", never "the morning day"
        return _DAY_PARTS[v.lower()]
    if timed and v.lower() in ("any", "anytime", "any time"):
        return "at any time of day"
    if v.lower() == "none" and t.noun:  # a value said as written (TRAJECT's literal): "with no chain requirement"
        return f"with no {t.noun}"
    if v.lower().startswith("not ") and t.noun and len(v.split()) == 2 and (t.head or "") not in _REASON:
        return f"with the {t.noun} {v}"  # "with the pregnancy test not required"; a reason is its clause
    if v.lower() == "unknown" and t.head:  # "because of unknown" says nothing; its own noun where short
        short = t.noun if t.noun and len(t.noun.split()) <= 3 and " of " not in f" {t.noun} " else t.head
        return f"with the {short} unknown"  # (set 36: "the result unknown and the result unknown")
    if v.lower() == "other" and t.head:  # "for another category" reads as some category: the value is "other"
        return f"filed under {v}" if t.head in _KINDS | {"code"} else f"with the {t.noun} given as {v}"
    return None


_URGENCY = frozenset({"urgency", "priority", "severity"})


def _said_state(t: Term, v: str, head: str, intent: str = "") -> str:
    """An urgency or a sex said as a person says it: "marked urgent" (never "with the urgent
    urgency"), "with female animals" (never "the female sex of the animals"); "" otherwise."""
    if re.fullmatch(r"[a-z]+", v) and " " not in t.noun and (len(v) >= 5 and head[:5] == v[:5] or head in _URGENCY):
        return f"marked {v}"
    if head == "sex" and v.lower() in ("male", "female", "mixed") and " of " in t.noun:
        return f"with {v.lower()} {t.noun.split(' of ', 1)[1].removeprefix('the ')}"
    if head == "sex" and re.fullmatch(r"[a-z]+", v) and v not in ("male", "female", "mixed", "unknown") \
            and "NOUN" in lemmas(v):  # a horse's sex is a kind of horse: "that are fillies", never "with the filly sex"
        owner = t.noun.split()[0] if len(t.noun.split()) == 2 and t.noun.split()[1] == "sex" else ""
        if owner and intent.split()[:1] and intent.split()[0] not in _SEARCHING_VERBS:  # one calf recorded: "with a
            return f"with {_a(v)} {owner}"  # heifer calf", never "for cow 5179 that are heifers" (set 31)
        return f"that are {plural(v)}"
    return ""


def _said_with_its_noun(t: Term, v: str, head: str) -> str:
    """An enum value that names its own noun or says it otherwise (set 29): "with carts allowed",
    never "with the carts allowed cart rule"; a new setting "with the transport changed to power
    cart", never "with the power cart new transport"; "with the male ratings", never "with the
    male rating gender"; "" otherwise."""
    words = t.noun.lower().split()
    if len(words) == 2 and words[0] != head and re.match(r"\d", v) and len(v.split()) > 1 \
            and singular(v.lower().split()[-1]) == singular(words[0]):
        return f"with the {v} {words[1]}"  # the value ends as its noun begins: "with the 9.5 mm superpave mix",
        # never "with 9.5 mm superpave" (set 47)
    if len(words) == 2 and words[0] != head and len(v.split()) > 1 and \
            {singular(x) for x in v.lower().split()} & {singular(words[0])}:
        return f"with {v}"
    if len(words) == 2 and words[0] == "new" and re.fullmatch(r"[a-z][a-z ]*", v):
        return f"with the {words[1]} changed to {v}"
    if len(words) == 2 and head == "gender" and v.lower() in ("male", "female") and "NOUN" in lemmas(words[0]):
        return f"with the {v.lower()} {plural(words[0])}"
    return ""


def _at_site(t: Term, v: str) -> str:
    """A value of a site: "at River Terminal" ("Elevator location"), never "with the ...
    location"; a position on the thing is where it is: "with the hole location at the back",
    "with mixed hole locations", never "for course CRS-478 at back" (set 29)."""
    noun = t.noun.split(" of ")[0]
    if "wear" in noun.lower().split() and re.fullmatch(r"[a-z]+", v):  # `wear_location` waist: "worn at the waist",
        return f"worn at the {v}"  # never "at waist" after a birth date (set 40)
    if v.lower() in _POSITIONS:
        return f"with the {noun} at the {v}"
    return f"with mixed {plural(noun)}" if v.lower() == "mixed" else f"at {v}"


_WORK_NOUNS = frozenset({"work", "job", "task", "service", "activity", "operation"})


def _kind_by_name(t: Term, v: str, head: str, intent: str) -> str:
    """A kind named `<thing>_type` whose description names it otherwise: bye_type half_point,
    "Bye value.": "as a half point bye", never "with the half point bye value" (set 29); ""
    otherwise."""
    named = t.plain.lower().split()
    if len(named) == 2 and named[1] in ("type", "kind") and head not in ("type", "kind") and head in t.noun.split()[-1:] \
            and named[0] in t.noun.split() and re.fullmatch(r"[a-z][a-z ]*", v) and named[0] not in v.split() \
            and intent.split(" ", 1)[0] not in _READING:
        whole = named[0] in _WORK_NOUNS and len(v.split()) >= 2 and "NOUN" in lemmas(v.split()[-1]) \
            and "ADJ" not in lemmas(v.split()[-1])  # a kind of work that is a piece of work: "as a sump test",
        return f"as {_a(v)}" if whole else f"as {_a(v)} {named[0]}"  # never "a sump test work" (set 44)
    return ""


def _reason_frame(t: Term, v: str, intent: str) -> str:
    if intent.split(" ", 1)[0] in _READING:  # a filter of what is read is no reason for reading it
        return f"with {v} as the {t.head}"
    thing = (t.noun or t.plain).lower().split()
    if len(thing) == 2 and thing[1] == "cause" and "NOUN" in lemmas(thing[0]) and re.fullmatch(r"[a-z][a-z ]*", v):
        return f"for {_a(v)} {thing[0]}"  # a loss cause: "for a hail loss", never "because they are backing" (set 35)
    if re.fullmatch(r"[a-z]+(?:al|ic|ary|ive)", v) and "ADJ" in lemmas(v):  # "for personal reasons", never "because of personal"
        return f"for {v} reasons"
    return _reason_clause(v) or (f"because of the {v}" if v.split(" ", 1)[0].lower() in ("wrong", "incorrect")
                                 else f"because of {v}")


def _reason_clause(v: str) -> str:
    """A reason that is a clause of its own: "shipper cancelled" -> "because the shipper
    cancelled", "equipment unavailable" -> "because the equipment is unavailable" (set 29:
    "because of shipper cancelled"); "" otherwise."""
    words = v.split()
    if (own := _someone_did(words)):
        return own
    if len(words) >= 4 and words[-2] == "not" and "ADJ" in lemmas(words[-1]) and "NOUN" in lemmas(words[-3]):
        head = " ".join(words[:-2])  # "locating practices not sufficient": never "because they are locating ..." (set 32)
        return f"because the {head} {'were' if is_plural(words[-3]) else 'was'} not {words[-1]}"
    if len(words) == 3 and "ADJ" in lemmas(words[0]) and "NOUN" in lemmas(words[1]) and verb_lemma(words[2]) \
            and verb_lemma(words[2]) != words[2] and not _acts(words[1]):  # "wrong dose sent": "because the wrong
        return f"because the {words[0]} {words[1]} {'were' if is_plural(words[1]) else 'was'} {words[2]}"  # dose was sent"
    if (done := _done_by(words) or _reason_state(words)):
        return done
    if words and words[0].endswith("ing") and verb_lemma(words[0]) and words[0] not in _STATE_WORDS and \
            not _a_thing(words[1:]) and "NOUN" not in lemmas(words[-1]):  # "lighting work", "painting": work done,
        return f"because they are {v}"  # "because of lighting work" (set 39); "feeling unwell": a state someone is in
    if len(words) == 2 and "NOUN" in lemmas(words[0]) and words[1] in _STATE_ADJECTIVES:  # "work complete":
        return f"because the {words[0]} {'are' if is_plural(words[0]) else 'is'} {words[1]}"  # never "because of work
    if len(words) == 1 and not lemmas(v) and re.fullmatch(r"[a-z]{4,}ed", v):  # complete"; "superseded", a word the
        return f"because it was {v}"  # lexicon lacks: "because it was superseded", never "because of superseded" (set 39)
    if len(words) == 2 and "NOUN" in lemmas(words[0]) and words[1].endswith("ed") and _past(words[1]):
        # (set 43: never "because the crop was need") "shipper cancelled" did it; an "order cancelled" had it done (set 30: "because the order cancelled")
        return f"because the {v}" if _acts(words[0]) else \
            f"because the {words[0]} {'were' if is_plural(words[0]) else 'was'} {words[1]}"  # "the duties were changed"
    if len(words) == 3 and _acts(words[1]) and "NOUN" in lemmas(words[0]) and words[2].endswith("ed") and \
            verb_lemma(words[2]):  # "motor club reassigned": the club did it (set 33: "because of motor club reassigned")
        return f"because the {words[0]} {words[1]} {words[2]} it"
    if len(words) == 2 and "NOUN" in lemmas(words[0]) and set(lemmas(words[1])) == {"ADJ"}:
        return f"because the {words[0]} {'are' if is_plural(words[0]) else 'is'} {words[1]}"
    if len(words) >= 2 and re.fullmatch(r"un[a-z]+ed", words[0]) and "ADJ" in lemmas(words[0]):  # "unused_rescheduled":
        return f"because it was {words[0]} ({' '.join(words[1:])})"  # "because it was unused (rescheduled)" (set 37)
    return _reason_sentence(words)


# Words that place a reading against a bound: "above level 1" (set 40: "because of above level 1").
_AGAINST = frozenset({"above", "below", "over", "under", "beyond", "outside", "within", "exceeding"})
_ABSTRACT = re.compile(r"[a-z]+(?:ment|tion|sion|ship|ance|ence|ity|ure)$")


_FAULTS = frozenset({"missing", "broken", "wrong", "expired", "invalid", "incorrect", "damaged", "lost", "faulty",
                     "illegible", "unreadable", "duplicate", "late", "incomplete"})
_STATE_PREPS = frozenset({"on", "in", "at", "for", "by", "from", "under", "to"})


def _reason_state(words: list[str]) -> str:
    """A reason that says what state a thing is in (set 43: "because they are packaging not UN spec",
    "because of forbidden on aircraft", "because of quantity exceeds limit"): "because the packaging is
    not UN spec", "because it is forbidden on aircraft", "because it is damaged or leaking", "because
    the quantity exceeds the limit", "because of a missing label", "because the label is missing"."""
    low = [w.lower() for w in words]
    at = low.index("not") if "not" in low[1:-1] else 0
    if at and all("NOUN" in lemmas(w) or w.endswith("ing") for w in low[:at]):
        head = " ".join(words[:at])
        return f"because the {head} {'are' if is_plural(low[at - 1]) else 'is'} not {' '.join(words[at + 1:])}"
    done = len(low) >= 2 and (_past(low[0]) and low[0].endswith(("ed", "en")) or set(lemmas(low[0])) == {"ADJ"})
    if done and (low[1] in _STATE_PREPS or low[1] == "or" and len(low) == 3):  # a state "is", an event "was":
        was = low[1] != "or" and "ADJ" not in lemmas(low[0])  # "damaged in transit" (set 40)
        return f"because it {'was' if was else 'is'} {' '.join(words)}"
    if len(low) >= 3 and "NOUN" in lemmas(low[0]) and _third_person_verb(low[1]) and "NOUN" in lemmas(low[-1]):
        return f"because the {low[0]} {low[1]} the {' '.join(words[2:])}"
    if len(low) >= 2 and low[0] in _FAULTS and "NOUN" in lemmas(low[-1]):  # "the wrong stream" is the one it was
        return f"because of {'the ' + ' '.join(words) if low[0] == 'wrong' else _a(' '.join(words))}"
    if len(low) == 2 and low[1] in _FAULTS and "NOUN" in lemmas(low[0]):
        return f"because the {low[0]} {'are' if is_plural(low[0]) else 'is'} {low[1]}"
    return ""


def _third_person_verb(word: str) -> bool:
    lemma = verb_lemma(word)
    return bool(lemma) and lemma != word and word.endswith("s") and "VERB" in lemmas(word)


def _someone_did(words: list[str]) -> str:
    """A reason that is what someone did or is, or a thing that happened, with no subject in the
    value (set 40: "because of left employment", "because of never started", "because it was
    deceased", "because it was suspected static exposure"): "because they left employment",
    "because they never started", "because they died", "because of a suspected static exposure",
    "because it was above level 1"; "" otherwise."""
    if words in (["deceased"], ["died"]):  # of a person ("dead" may be a tree's: "because it is dead")
        return "because they died"
    if len(words) == 2 and words[0] == "never" and _past(words[1]):
        return f"because they never {words[1]}"
    if len(words) == 2 and _past(words[0]) and not words[0].endswith("ed") and set(lemmas(words[1])) == {"NOUN"}:
        thing = words[1] if _ABSTRACT.fullmatch(words[1]) or is_plural(words[1]) else f"the {words[1]}"
        return f"because they {words[0]} {thing}"  # "left employment", "lost the card"
    if len(words) >= 2 and words[0] in _AGAINST:
        return f"because it was {' '.join(words)}"
    if len(words) >= 2 and words[0].endswith("ed") and {"ADJ", "VERB"} & set(lemmas(words[0])) \
            and "NOUN" in lemmas(words[-1]) and not words[-1].endswith("ed") \
            and all(("ADJ" in lemmas(w) or "NOUN" in lemmas(w)) and w not in _PLACE_LINKS for w in words[1:]):
        return f"because of {_a(' '.join(words))}"  # "suspected static exposure", "unexpected reading"
    return ""


def _done_by(words: list[str]) -> str:
    """A reason that tells what a thing or someone did, in the past, with its particle: "buyer walked
    away", "financing fell through" -> "because the financing fell through"; a death said as one
    ("pet deceased" -> "because the pet died"); "" otherwise (set 34: "because they are financing
    fell through", "because of buyer walked away")."""
    if len(words) == 2 and words[1] in ("deceased", "dead", "died") and "NOUN" in lemmas(words[0]):
        return f"because the {words[0]} died"
    at = next((i for i, w in enumerate(words) if i > 0 and _past(w)), None)
    if at is None or at > 2 or not all("NOUN" in lemmas(w) or w.endswith("ing") for w in words[:at]):
        return ""
    rest = words[at + 1:]
    if rest and all(w in _PARTICLES for w in rest) or not rest and not words[at].endswith("ed") or \
            not rest and words[at - 1] in _BEINGS:
        return f"because the {' '.join(words)}"
    return ""


def _past(word: str) -> bool:
    """A verb's past form: "walked", "fell", "broke", "left" (never "-ing" or "-s")."""
    lemma = verb_lemma(word)
    return bool(lemma) and lemma != word and not word.endswith(("ing", "s"))


def _a_thing(words: list[str]) -> bool:
    """Words that end in a noun of a cause ("scheduling conflict"): a thing, never a state someone is in."""
    return bool(words) and (words[-1] in _COUNTED_CAUSES or set(lemmas(words[-1])) == {"NOUN"})


_PARTICLES = frozenset({"away", "through", "out", "off", "up", "down", "back", "over", "in"})
# Who does what their reason says, with no object: "pet recovered" (set 34: "the pet was recovered").
_BEINGS = frozenset({"pet", "animal", "dog", "cat", "horse", "patient", "child", "student", "driver", "client",
                     "customer", "owner", "buyer", "seller", "tenant", "guest"})


# Past verbs that take a doing as their object ("resumed fishing", "stopped trading").
_ASPECT_DONE = frozenset({"resumed", "stopped", "started", "began", "continued", "finished", "quit", "ceased"})


def _reason_sentence(words: list[str]) -> str:
    """More reasons that are clauses (set 30: "because of booked elsewhere", "because of customer
    declined quote"): a subject that did something to a thing ("because the customer declined the
    quote"), a thing done ("because it was booked elsewhere", "because it is not covered by
    insurance"), a state someone is in ("because they are feeling unwell"), a request ("at the
    patient's request"), a record that is one ("as a duplicate"); "" otherwise."""
    if len(words) >= 3 and "NOUN" in lemmas(words[0]) and words[1] in _JUDGED and "NOUN" in lemmas(words[-1]) \
            and not _acts(words[0]):  # a thing had it done, for a cause (set 46: "the load rejected the radiation")
        cause = words[2] if len(words) == 3 else _a(" ".join(words[2:]))
        return f"because the {words[0]} {'were' if is_plural(words[0]) else 'was'} {words[1]} for {cause}"
    if len(words) == 3 and "NOUN" in lemmas(words[0]) and words[1].endswith("ed") and verb_lemma(words[1]) \
            and "NOUN" in lemmas(words[2]):
        return f"because the {words[0]} {words[1]} the {words[2]}"
    rest = words[1:] if words[0] == "not" else words
    if not rest:
        return ""
    if words[0] == "not" and len(rest) == 1 and "ADJ" in lemmas(rest[0]):
        return f"because it is not {rest[0]}"  # "not stable": never "because of not stable" (set 33)
    if "longer" in words[1:-1] and words[words.index("longer") - 1] == "no" and words.index("longer") >= 2 and \
            all("NOUN" in lemmas(w) for w in words[:words.index("longer") - 1]):  # "move_no_longer_needed" (set 38:
        at = words.index("longer")  # "because of move no longer needed")
        subject = " ".join(words[:at - 1])
        return f"because the {subject} {'are' if is_plural(words[at - 2]) else 'is'} no longer {' '.join(words[at + 1:])}"
    if len(words) == 2 and words[0] in _ASPECT_DONE and words[1].endswith("ing"):
        return f"because it {words[0]} {words[1]}"  # "resumed_fishing": the vessel did (set 38: "because it was resumed fishing")
    if len(words) >= 3 and words[1] in _PLACE_LINKS and (words[0] in _CLAUSE_PARTICIPLES or words[0].endswith("ed")
                                                          and verb_lemma(words[0])):
        return f"because it was {' '.join(words)}"  # "gone on arrival", "damaged in transit" (set 33)
    if rest[0].endswith("ed") and verb_lemma(rest[0]) and len(words) >= 2 and len(rest) >= 2 and \
            not ({"NOUN"} == set(lemmas(rest[1])) or len(rest) == 2 and "NOUN" in lemmas(rest[1])
                 and "ADV" not in lemmas(rest[1])):
        return f"because it {'is' if words[0] == 'not' else 'was'} {' '.join(words)}"
    if rest[0].endswith("ed") and verb_lemma(rest[0]) and words[0] != "not" and len(words) == 2:
        return f"because of {_a(' '.join(words))}"  # "missed appointment": a thing, never "it was missed appointment"
    if len(words) == 3 and words[1] == "not" and "NOUN" in lemmas(words[0]) and "ADJ" in lemmas(words[2]):
        return f"because the {words[0]} {'are' if is_plural(words[0]) else 'is'} not {words[2]}"  # "freight not ready"
    if words == ["no", "show"]:
        return "because of a no-show"
    if len(words) == 2 and words[1] in _COUNTED_CAUSES and not is_person_role(words[0]):
        return f"because of {_a(' '.join(words))}"  # "because of a duplicate request", "a carrier delay"
    if rest[0].endswith("ing") and verb_lemma(rest[0]) and rest[0] not in _STATE_WORDS and "NOUN" not in lemmas(rest[-1]):
        return f"because they are {' '.join(words)}"  # never "because they are lighting work" (set 39)
    if len(words) == 2 and words[1] in ("request", "requests") and is_person_role(words[0]):
        return f"at the {words[0]}'s request"
    if len(words) == 1 and words[0] in _RECORD_KINDS:
        return f"as {_a(words[0])}"
    if len(words) == 1 and "NOUN" not in lemmas(words[0]) and ("ADJ" in lemmas(words[0]) or
                                                             words[0].endswith("ed") and verb_lemma(words[0])):
        return f"because it is {words[0]}"  # a state of the thing: "because it is dead", never "because of dead" (set 32)
    if len(words) == 2 and "NOUN" in lemmas(words[0]) and words[1] in ("down", "out", "off", "offline", "unavailable"):
        return f"because the {words[0]} {'are' if is_plural(words[0]) else 'is'} {words[1]}"  # "equipment down"
    return ""


def _acts(noun: str) -> bool:
    """Whether a noun names who acts (a person by role, or a body that decides: the police, a club)."""
    return is_person_role(noun) or noun in _AGENTS


# What is done to a thing on a judgement, with its cause after it ("load rejected radiation").
_JUDGED = frozenset({"rejected", "refused", "denied", "flagged", "held", "recalled", "condemned", "quarantined",
                     "returned", "removed", "withdrawn", "voided", "downgraded", "impounded", "seized", "blocked"})
_AGENTS = frozenset({"police", "club", "insurer", "payer", "carrier", "agency", "court", "bank", "lender", "dispatch",
                     "dispatcher", "company", "council", "broker", "vendor", "supplier", "landlord", "tenant", "customer",
                     "client", "owner", "member", "shipper", "consignee", "buyer", "seller", "school", "hospital"})
_PLACE_LINKS = frozenset({"on", "in", "at", "during", "after", "before", "by"})
_CLAUSE_PARTICIPLES = frozenset({"gone", "done", "lost", "stolen", "broken", "taken", "sold", "left", "hit", "shut", "frozen",
                          "torn", "worn", "bent", "burnt", "burned", "caught", "held", "stuck"})
def _ranked_or_typed(t: Term, v: str, intent: str) -> str:
    """A rank ("as secondary", never "sorted by secondary") and a thing of a kind its noun names
    (`closure`, "Closure type": "with a screwcap closure", never "for screwcap"); "" otherwise (set 33)."""
    if v.lower() in _RANKS:  # a policy's coordination order, a contact's rank
        return f"as {v.lower()}"
    typed = t.noun.removeprefix("new ").split()
    if len(typed) == 2 and typed[1] in ("type", "kind") and t.plain.split() == typed[:1] and \
            typed[0] not in v.lower().split() and re.fullmatch(r"[a-z][a-z ]*", v):  # `closure`, "Closure type":
        lead = "to" if t.noun.startswith("new ") and intent.split(" ", 1)[0] in _MOVING | {"set"} else "with"
        return f"{lead} {_a(v)} {typed[0]}"
    return ""


_RANKS = frozenset({"primary", "secondary", "tertiary"})
_COUNTED_CAUSES = frozenset({"request", "delay", "error", "failure", "breakdown", "conflict", "issue", "problem",
                             "complaint", "mistake", "emergency", "change", "dispute", "closure", "outage"})
_STATE_WORDS = frozenset({"pending", "missing", "outstanding", "remaining", "existing", "incoming", "outgoing"})
# Words of a state a thing is in that the lexicon knows only as verbs ("complete") or as both.
_STATE_ADJECTIVES = frozenset({"complete", "done", "finished", "over", "ready", "full", "empty", "clear", "open",
                               "closed", "late", "down", "out", "ill", "sick", "unwell", "away", "absent"})  # (set 46:
# "because of patient ill")
_RECORD_KINDS = frozenset({"duplicate", "mistake", "error", "test", "typo", "fraud", "spam"})


_GROUNDS = frozenset({"basis", "criterion", "criteria", "ground", "grounds", "trigger", "justification", "rationale"})


def _grounds_or_own_kind(t: Term, v: str) -> str:
    """A criterion glossed in words ("based on metal loss deeper than 80 percent of wall", never
    "with the ... basis") and a kind named "type" ("as a type discrepancy", never a bare "with
    type"); "" otherwise (set 37)."""
    words, thing = set(tokens(t.noun)) | ({t.sem} if t.sem else set()), t.noun.split()
    if words & _GROUNDS and len(v.split()) >= 3 and v[:1].islower():
        return f"based on {v}"
    if t.head in ("type", "kind") and v.lower() == t.head and len(thing) == 2 and known(thing[0]):
        return f"as {_a(v)} {thing[0]}"
    return ""


@frame("enum")
def _enum(t: Term, v: str, intent: str) -> str:
    if county := _county(t, v):  # a county an enum lists: "in Weld County" (set 39: "with the weld colorado county")
        return county
    if (by_value := _enum_by_value(t, v)) is not None or \
            (by_value := _ranked_or_typed(t, v, intent) or _echoing_intent(t, v, intent) or _grounds_or_own_kind(t, v)):
        return by_value
    if (by_noun := _by_nouns_words(t, v, intent)) is not None:
        return by_noun
    if (kind_of := _kind_of_the_object(t, v, intent)):
        return kind_of
    head = t.head or ""
    if head in _SITES:
        return _at_site(t, v)
    if head == "delivery" and set(v.lower().split()) & _CHANNELS:  # "by email pdf", never "with the email pdf delivery"
        return f"by {v}"
    if v.lower() in ("both", "all") and head and head not in _KINDS and " " not in t.noun:  # "with the both
        return f"for {v.lower()} {plural(head)}"  # direction": "for both directions"
    if head == "role" and v.lower() in ("either", "any", "both"):  # "with the either party role" said plainly
        return f"in {v.lower()} role"
    if head == "role" and re.fullmatch(r"[a-z]+", v):  # "as grantor", never "with the grantor party role"
        return f"as {v}"
    if head == "condition" and re.fullmatch(r"[a-z]+", v):  # "in fair condition", never "with the fair condition"
        return f"in {v} condition"
    if head in ("frequency", "schedule", "cadence") and re.fullmatch(r"[a-z-]+ly", v):  # "on a monthly schedule"
        return f"on {_a(v)} schedule"
    if said := _said_with_its_noun(t, v, head):
        return said
    if head in ("status", "state") and len(t.noun.split()) > 1:  # "Current operating status": "with status X"
        return f"with {head} {v}"
    if not head or head in re.split(r"[\s_-]+", v.lower()):  # "with SPICE-ROOM", never "the SPICE-ROOM room" (set 44)
        return f"with {t.plain} {v}" if not head and t.plain else f"with {v}"
    if stated := _said_state(t, v, head, intent):
        return stated
    if t.of == "kind":
        return _of_kind(t, v, head, intent)
    if kind := _kind_by_name(t, v, head, intent):
        return kind
    if head in _KINDS and re.fullmatch(r"[A-Z0-9]{1,3}(?:\.[0-9])?[+-]?", v):  # a class "B" is "CDL class B", never
        # "for B"; a freight class "77.5" is "freight class 77.5", never "for 77.5" (set 30)
        return f"with {t.plain if t.plain and head in t.plain.lower().split() else head} {v}"
    thing = t.plain.split()[:-1] if len(t.plain.split()) == 2 and head in ("type", "kind") else []
    reading = intent.split(" ", 1)[0] in _READING and not _CHECKED_IN.match(intent)  # "check a customer in" writes
    if said := _of_its_thing(v, thing, intent, reading):
        return said
    if head in ("type", "kind") and reading:  # "list equipment of type air handler",
        return f"of {head} {v}"  # never "list equipment for air handler"
    if head in ("class", "category") and len(t.noun.split()) == 2 and known(t.noun.split()[0]) and \
            re.fullmatch(r"[a-z][a-z ]*", v):  # "in the senior membership class", never "for senior" (set 29)
        return f"in the {v} {t.noun}"
    if head in _KINDS:
        return f"for {v}"
    if re.fullmatch(r"[A-Z0-9]{1,3}", v) and t.noun:  # "grade" 11, "PK": "for grade 11", never "with the 11 grade"
        return f"for {t.noun} {v}"
    if is_plural(head) and v.lower() in _SIDES:  # "ears" right: "for the right ear", never "with right ears"
        return f"for the {v} {singular(t.noun)}"
    if is_plural(head) or head in MASS_NOUNS or head.endswith(("ity", "ness", "ance", "ence", "ing")):
        return f"with {v} {t.noun}"
    return _maker_or_member(t, v, head) or _participle_state(t, v, head) or f"with the {v} {_own_noun(t.noun)}"


def _of_its_thing(v: str, thing: list[str], intent: str, reading: bool) -> str:
    """A kind of the call's thing or of one it uses ("customer_type"): "search sales for medical customers",
    never "of type medical" (set 47); stop_type corner when adding a stop: "as a corner stop", never "for
    corner"; a boring's hammer_type: "with a safety hammer", never "as a safety hammer" (set 42)."""
    if not thing or not re.fullmatch(r"[a-z][a-z ]*", v):
        return ""
    if reading:
        return f"for {v} {plural(thing[0])}" if is_person_role(thing[0]) else ""
    if not known(thing[0]):
        return ""
    return f"{'as' if thing[0] in intent.lower().split() else 'with'} {_a(v)} {thing[0]}"


_PERCENT_WORD = re.compile(r"^(?:percent|percentage|pct)\s+")  # never "92.6% percent compaction"
_CHECKED_IN = re.compile(r"check (?:\S+ ){1,3}(?:in|out)\b|check[- ](?:in|out)\b")


def _participle_state(t: Term, v: str, head: str) -> str:
    """A thing and the state a participle says it ended in: "with the data uploaded" for an upload
    `uploaded` (set 46: "the uploaded data upload"), "with the program response accepted"; "" for a
    kind, a code or a grade, which the participle names (an "overhauled condition code")."""
    noun = _own_noun(t.noun).split()
    if not noun or " " in v or not re.fullmatch(r"[a-z]{4,}ed", v) or head in _KINDS | _NAMED_BY_PARTICIPLE or \
            "VERB" not in lemmas(v) or "ADJ" in lemmas(v) and "VERB" not in lemmas(v):
        return ""
    if len(noun) > 1 and verb_lemma(v) == noun[-1]:  # the verb's own noun goes: "the data uploaded"
        return f"with the {' '.join(noun[:-1])} {v}"
    return f"with the {' '.join(noun)} {v}" if head in _ENDED_IN else ""


# Things that end in a state a participle says (a decision approved, an upload failed); "refrigerated
# storage" and "sanded treatment" are kinds, said as they are.
_ENDED_IN = frozenset({"result", "decision", "outcome", "response", "upload", "download", "transfer", "check", "review",
                       "inspection", "verification", "answer", "reply", "payment", "delivery", "request", "application"})
_NAMED_BY_PARTICIPLE = frozenset({"code", "grade", "level", "class", "category", "tier", "rating", "method", "program",
                                  "schedule", "plan", "position", "version", "edition", "model", "style", "size"})


def _kind_of_the_object(t: Term, v: str, intent: str) -> str:
    """The kind of the thing the call makes, by a `<thing>_type` whose thing the intent names: "create
    a bad order ... as a light bad order", never "for light" (set 40); "" otherwise."""
    words = t.plain.lower().split()
    thing = " ".join(words[:-1])
    if len(words) >= 3 and words[-1] in ("type", "kind") and f" {thing}" in f" {intent.lower()}" \
            and re.fullmatch(r"[a-z]+", v) and intent.split(" ", 1)[0] not in _READING:
        return f"as {_a(v)} {thing}"
    return ""


def _by_nouns_words(t: Term, v: str, intent: str) -> str | None:
    """An enum value framed by a word of its noun: a reason, a language or currency ("in SGD"), a sort
    order, a method ("by fax"); None for any other noun."""
    words = set(tokens(t.noun)) | ({t.sem} if t.sem else set())
    if words & _REASON:
        return _reason_frame(t, v, intent)
    if words & _IN_WORDS and (words & _IN_WORDS != {"system"} or v.lower() in _UNIT_SYSTEMS) and \
            t.noun.split()[-1:] not in (["type"], ["kind"], ["class"], ["category"]):  # "in SGD", "in metric",
        return v if v.startswith("per ") else f"in {v}"  # "the buy price per net ton", never "in per" (set 46)  # "in French", "in PDF"; no "in electronic" (set 28); a unit's type no unit (set 41)
    if words & {"sort", "sorting"} or (t.head or "").lower() in ("order", "ordering"):  # "Work order status" sorts nothing
        return v if v.endswith(" first") else f"sorted by {v}"
    if words & _METHOD and re.fullmatch(r"[a-z]+ly", v):  # billed "on an hourly basis", never "by hourly" (set 39)
        return f"on {_a(v)} basis"
    if words & _METHOD and re.fullmatch(r"[A-Z0-9]{1,2}", v):  # "Procedure A, B or C": "using method A", never "by A" (set 42)
        return f"using {t.noun.split(' of ')[0]} {v}"
    if words & _METHOD and not v.startswith(("by ", "in ", "using ")):
        return f"by {v}"
    return None


def _maker_or_member(t: Term, v: str, head: str) -> str:
    """A maker said as one ("made by Zoetis", never "the zoetis vaccine manufacturer"), a value that
    is itself one of its noun's class ("for carpenter ants", "for the AC condenser", never "with the
    carpenter ants insect"); "" otherwise (set 34)."""
    if head in ("manufacturer", "maker"):
        return f"made by {v[:1].upper() + v[1:] if v.isalpha() and v.islower() else v}"
    if t.noun in _CLASS_NOUNS and re.fullmatch(r"[A-Za-z][A-Za-z ]*", v) and "NOUN" in lemmas(v.split()[-1].lower()):
        return f"for {v}" if is_plural(v.split()[-1].lower()) else f"for the {v}"
    return ""


# Nouns of a class whose members a value names whole ("Insect identified." carpenter_ants).
_CLASS_NOUNS = frozenset({"insect", "pest", "component", "appliance", "device", "organism", "animal", "plant",
                          "crop", "vehicle", "instrument", "equipment", "machine"})


def _own_noun(noun: str) -> str:
    """A value's noun without the thing it belongs to and a "current"/"our" before it: "the request
    sent queue", "the lending side", never "the request sent current queue of the transaction"
    (set 23: 31 of 60 TRAJECT queries)."""
    words = noun.split()
    if " of " in f" {noun} " and words.index("of") >= 1:
        words = words[:words.index("of")]
    while len(words) > 1 and words[0].lower() in ("current", "our", "its", "their", "the"):
        words = words[1:]
    return " ".join(words) or noun


# kinds of a thing no one counts: "Kind of coverage" medicare is "medicare coverage", never "for a medicare" (set 30)
_UNCOUNTED_KINDS = frozenset({"coverage", "insurance", "storage", "postage", "usage", "mileage", "damage", "baggage",
                              "luggage", "care", "treatment", "service", "maintenance", "training", "support"})


def _of_kind(t: Term, v: str, head: str, intent: str) -> str:
    """A value of a "Type of X" parameter in the frame its kind takes."""
    if is_plural(head) or head in MASS_NOUNS or head in _UNCOUNTED_KINDS or not re.fullmatch(r"[a-z][a-z ]*", v):
        return f"with {v} {t.noun}"  # "Type of feed delivered" -> "with grower pellet feed"; "with medicare coverage"
    named = t.noun.split()
    thing = named[-2] if head in ("type", "kind") and len(named) >= 2 else head
    if thing in intent.lower().split() and "NOUN" in lemmas(v.split()[-1]) and thing not in v.split():
        return f"as {_a(v)} {thing}"  # "release a hold as a line hold", never "as line" or "for a line" (set 37)
    if head in intent.lower().split():  # "record an excise removal as taxpaid", never "for a taxpaid"
        return f"as {v}"
    where = t.noun.removesuffix(" type").removesuffix(" kind")
    if where != t.noun and where.split()[0] in ("place", "location", "site", "setting"):
        return f"with {_a(v)} as the {where}"  # "with a hospital as the place of death", never "open a case for a hospital"
    last = v.split()[-1]
    if "NOUN" not in lemmas(last) and (set(lemmas(last)) & {"ADJ", "VERB"}) and known(head):
        return f"for {_a(v)} {head}"  # "for a manufactured property", never "for a manufactured" (set 34)
    if "ADJ" in lemmas(last) and known(thing) and thing not in ("type", "kind"):  # "lift a detention as a full
        lead = "for" if is_person_role(thing) else "as"  # release", never "for a full" (set 37); a bid "for a
        return f"{lead} {_a(v)} {thing}"  # private owner", never "as a private owner", the user's role (set 47)
    return f"for {_a(v)}"  # "Kind of recorded document" plat: "for a plat", never "with plat recorded document"


# One side of a pair or set: a value that picks one member of what a plural noun names.
_SIDES = frozenset({"left", "right", "front", "back", "rear", "upper", "lower", "top", "bottom", "inner", "outer"})


def _echoing_intent(t: Term, v: str, intent: str) -> str | None:
    """A choice whose noun the request already says: a reset's type is "with a soft reset" after
    "reset charger X", an availability changed is "to inoperative" after "change availability"
    (set 35: "with reset type hard", "with operative availability")."""
    said, noun = intent.lower().split(), (t.noun or t.plain).lower().split()
    if not said or not noun or not re.fullmatch(r"[A-Za-z][a-z]+(?: [a-z]+)?", v):
        return None
    if len(noun) == 2 and noun[1] in ("type", "kind", "mode") and noun[0] == said[0]:
        return f"with {_a(v.lower())} {noun[0]}"
    if len(noun) == 1 and said[:2] in (["change", noun[0]], ["set", noun[0]], ["update", noun[0]]):
        return f"to {v.lower()}"
    return None


@frame("bool")
def _bool(t: Term, v: str, intent: str) -> str:
    return v


@frame("text")
@frame("dict")
def _dict(t: Term, v: str, intent: str) -> str:
    return v if v.startswith(("with ", "for ")) else f"with {v}"


def _site_or_office(t: Term, v: str, intent: str) -> str:
    """A site said where it is ("Injection site" right hind limb: "at the right hind limb", set 34),
    an office as one ("file an application in the Town of Wellesley", never "in Town of Wellesley",
    set 32); "" otherwise."""
    if t.head in ("site", "spot") and re.fullmatch(r"[a-z][a-z -]*", v) and not v.startswith(("the ", "a ")):
        return f"at the {v}"
    if _OFFICE_NAMED.match(v):
        return f"{'to' if intent.split(' ', 1)[0] in ('submit', 'send', 'mail', 'forward', 'deliver') else 'in'} the {v}"
    return ""


def _side_of(t: Term, v: str, intent: str) -> str:
    """A place said by its side: "from DEN08", "to DEN87"; a destination of a stay is where it is
    ("look for a stay in Brussels", never "a stay to Brussels"); "" for no place."""
    if t.place == "to" and intent and not goes_somewhere(intent) and not re.search(r"\d|\bdestination\b", v) \
            and not t.plain.startswith("to ") and not re.fullmatch(r"[A-Z]{3,5}", v):  # a code: "to ORD" (set 43)  # `to_location` beside its `from_location`: "from X to Y" (set 38)
        # a code or "the destination ZIP code from last time" is an end of a trip (set 29: "from 04188 in 77353")
        return f"in {v}"
    if t.place and re.fullmatch(r"\d+", v) and "badge" in t.noun.split():  # "to badge 5969", never "to 5969" (set 42)
        return f"{t.place} {re.sub(r' (?:number|no|id)$', '', t.noun)} {v}"
    return f"{t.place} {v}" if t.place else ""


def _county(t: Term, v: str) -> str:
    """ "in Hamilton County", never "with the ohio county Hamilton" (set 38); "" for anything else."""
    if t.sem != "county" or not re.fullmatch(r"[A-Z][A-Za-z.' -]+", v):
        return ""
    return f"in {v}" if v.split()[-1] in ("County", "Parish", "Borough") else f"in {v} County"


def _signed_by(t: Term, v: str) -> str:
    """`authorized_signatory`, "Name of the person who signed": "with authorized signatory J.
    MORALES", never "container X called J. MORALES" (set 36); "" for any other name."""
    role = (t.plain or "").split()[-1:]
    if t.sem == "person" and t.noun in PERSON_WORDS | _NAMING and role and is_person_role(role[0]) \
            and role[0] not in PERSON_WORDS:
        return f"with {t.plain.lower()} {v}"
    return ""


def _unnamed(t: Term, v: str, pointed: bool) -> str:
    """A value whose parameter has no noun: an id says its name's noun too ("for quote QUO-41549",
    never a bare "for QUO-41549"); an id of no noun at all ("Employee or other id") is "with ID
    E57815", never "born on ... for E57815" (set 40)."""
    if t.plain:
        return f"{'for' if pointed else 'with'} {_listed_noun(t.plain, v)} {v}"
    return f"with ID {v}" if t.sem == "id" and not re.match(r"[A-Za-z]+[-_]", v) else f"for {v}"


@frame("text")
def _text(t: Term, v: str, intent: str) -> str:
    words = set(tokens(t.noun)) | {t.sem}
    named = t.noun and t.of == "name" and (not intent or t.head in intent.split()) or t.head in _NAMING
    if named and not t.sem.endswith("_name") and set(t.noun.split()[:-1]) <= set(intent.split()):
        if intent.split(" ", 1)[0] in _SEARCHING_VERBS and set(intent.lower().split()) & _COLLECTIONS:  # "search the library
            return f"for {v}"  # for Symphony No. 4", never "the library called Symphony No. 4"
        # "book a well boat called Havbris"; a nested object's name: "a workload called billing-worker"
        return _signed_by(t, v) or f"called {v}"  # but "with the last name Okon", "with the trade name Captan 80 WDG"
    if t.sem in _VENUES and not (t.pointer and re.search(r"\d", v)):  # a code is no venue: "for industry 6221"
        return f"at {v}"
    if t.sem == "cuisine":  # "serving Thai food"
        return f"serving {v} food"
    if words & _SEARCHED and not t.pointer and t.sem != "id":  # what a search matches: "matching Harrisburg", never "saying Harrisburg"
        return f"matching {v}"
    if t.sem == "search_term" and not t.pointer:  # a search's `query` ("Part description"): "for flame sensor",
        return f"for {v}"  # never "with a note saying flame sensor"
    v = v[:-1] if v.endswith(".") and not v.endswith("..") and v.count(".") >= 1 and " " in v else v  # a
    # sentence quoted mid-clause drops its full stop: "a note saying the crew stood by.?" never ends a query
    if (t.head in _SAYING and t.sem != "place" and not _body_of_water(t) or t.sem in _SAYING) and not words & _NOTE \
            and not (t.sem == "text" and re.fullmatch(r"[A-Z]*\d[\w-]*", v)):  # a code: "packing instruction Y847"
        # a message's text: "saying see you at 6", never a water body's ("saying Mississippi River": set 26;
        # "Name of the water body reached": set 28)
        return f"saying {v}"
    thing = t.noun.split()[:-1] if t.noun.split()[-1:] == ["description"] else []
    if len(thing) == 1 and "NOUN" in lemmas(thing[0]) and not {"ADJ", "ADV"} & set(lemmas(thing[0])) \
            and known(thing[0]) and thing[0] in t.plain.split():  # "with the vehicle described as a
        return f"with the {thing[0]} described as {v}"  # silver minivan", never "a note saying silver Honda minivan"
    if words & _NOTE:
        return f"with a note saying {v}"
    if placed := _state_code(t, v) or _set_off(t, v) or _site_or_office(t, v, intent) or _county(t, v):
        return placed
    if t.sem == "email":  # "with the email X", never "in X"; whose: "the agent's email" beside the buyer's (set 34)
        owner = next((w for w in reversed(t.noun.split()[:-1]) if is_person_role(w)), None)
        return f"with the {owner}'s email {v}" if owner else f"with the email {v}"
    if sided := _side_of(t, v, intent):
        return sided
    owner = next((w for w in t.noun.split()[:-1] if is_person_role(w) or w in ("mailing", "billing", "home")), None)
    if owner and t.head == "address" and t.sem == "address":  # "Owner's mailing address": whose it is, never
        return f"with the {t.noun} {v}" if owner in ("mailing", "billing", "home") else f"with the {owner}'s address {v}"
    if t.sem in _PLACE_KINDS or t.head in _PLACE_KINDS:  # the place the act happens "in" (set 33: a lien notice
        # for impound IMP-14177), a street address "at" ("at 4120 Cherry Creek Dr", never "in 4120 ...": set 39)
        return f"at {v}" if re.match(r"\d+[A-Za-z]?\s+[A-Z]", v) else f"in {v}"
    pointed = t.sem == "id" or t.pointer and bool(re.search(r"\d", v))  # "banquet" is no id: "with the add-on banquet"
    prep, _, rest = (t.noun or t.plain).partition(" ")
    if prep in ("from", "to") and rest:  # `from_person`, `to_person`: "from PER-22855", never "for from person"
        return f"{prep} {v}" if rest.rsplit(" ", 1)[-1] in PERSON_WORDS | {"person", "party"} else f"{prep} {rest} {v}"
    if not t.noun:
        return _unnamed(t, v, pointed)
    who = t.noun.removesuffix(" name")
    if who.rsplit(" ", 1)[-1] in PERSON_WORDS and not (pointed and re.search(r"\d", v)):  # "reviewer REV-0087" is an id  # "with coach Ann Lee" (a "coach name" too)
        return f"with {who} {v}"
    if pointed and t.noun.split(" ", 1)[0] in _REPLACED and " " in t.noun and t.noun.split()[0] in t.plain.split():
        # "replacing claim CLM-2025-004821" for `original_claim_id` (set 33); a "prior notification" is a PNO's name (set 38)
        return f"replacing {t.noun.split(' ', 1)[1]} {v}"
    if pointed:
        return _pointed_at(t, v, intent)
    if " " not in t.noun and is_plural(t.noun) and re.fullmatch(r"[a-z][a-z ,]*", v):  # "with showroom as the
        several = bool(re.search(r",| and ", v))  # channel", never "with the channels showroom"
        return f"with {v} as the {t.noun if several else singular(t.noun)}"
    return f"with the {_own_noun(t.noun) if re.fullmatch(r'[A-Z0-9-]{2,12}', v) else t.noun} {v}"  # "the OCLC
    # institution symbol ZCU", never "the OCLC institution symbol of a library ZCU"


def _set_off(t: Term, v: str) -> str:
    """Free text that is a clause of its own (a capitalised phrase of four words or more, or one
    with a comma) set off in quotes: 'with the conditions "Sail direct to Gdansk with class surveyor
    on board, no cargo"', never glued on (set 37); "" for any other text."""
    lower = [w for w in re.findall(r"[A-Za-z]+", v) if w.islower() and w not in ("and", "or", "of", "the")]
    pointed = t.sem == "id" or t.pointer and bool(re.search(r"\d", v))
    if pointed or len(v.split()) < 4 or len(lower) < 2 or not (v[:1].isupper() or "," in v) or '"' in v:
        return ""
    return f"with the {_own_noun(t.noun or t.plain or 'text')} \"{v}\""


def _body_of_water(t: Term) -> bool:
    """A "body" that is no message's: the word before it names another thing ("water body")."""
    words = t.noun.lower().split()
    return t.head == "body" and len(words) >= 2 and words[-2] not in ("message", "email", "mail", "text", "post", "letter")


_ID_LIST = re.compile(r"\S+(?:(?:, | and |,)\S+)+")


# Words before an id's noun that say who issues the id, not what the thing is: "utility-assigned
# backflow assembly BFA-018342" is "backflow assembly BFA-018342" (set 22).
_ISSUED = re.compile(r"^(?:(?:[a-z]+-)?(?:assigned|generated|issued|created|provided)|unique|internal|system|"
                     r"external|our|the)\s+", re.IGNORECASE)


def _listed_noun(noun: str, v: str) -> str:
    """ "reviewers" before "REV-0087 and REV-0112": a list of ids takes the plural; who issues the
    id is not said ("utility-assigned backflow assembly")."""
    while len(noun.split()) > 1 and _ISSUED.match(noun):
        noun = _ISSUED.sub("", noun, count=1)
    if not _ID_LIST.fullmatch(v) or not re.search(r"\d", v) or is_plural(noun.split()[-1]):
        return noun
    return f"{noun.rsplit(' ', 1)[0]} {plural(noun.split()[-1])}" if " " in noun else plural(noun)


_ANIMALS = frozenset({"horse", "horses", "dog", "dogs", "cat", "cats", "animal", "animals", "pet", "pets", "cattle",
                      "cow", "cows", "calf", "calves", "foal", "foals", "puppy", "puppies", "kitten", "kittens",
                      "bird", "birds", "sheep", "goat", "goats", "pig", "pigs", "mare", "mares", "colt", "colts",
                      "heifer", "heifers", "steer", "steers", "bull", "bulls", "lamb", "lambs", "ewe", "ewes"})


def say(t: Term, kind: str, v: str, intent: str = "") -> str:
    """`v` (the value as surface.render says it) in the frame of its kind; a name that reads as
    the words before its value says it so ("cancelled by the patient", "expiring within 9 days");
    a negated parameter's values are said with the negation ("negative for E and K")."""
    if t.negation and kind not in ("bool", "dict"):
        return " ".join(w for w in (t.negation, negated_noun(t), v) if w)
    if t.phrase and kind not in ("bool", "dict") and (not (t.role and kind in ("date", "datetime", "clock")) or
                                                      t.phrase.endswith(" since")):  # "booked since May 28" (set 48)
        at = "at" if t.phrase.endswith(" on") and (kind == "clock" or _CLOCK_ON.match(f"on {v}")) else ""
        lead = f"{t.phrase[:-3]} at" if at else t.phrase
        person = kind == "enum" and v.isalpha() and v.islower() and "NOUN" in lemmas(v) and not is_plural(v)
        lead = lead.removesuffix(" on") if v.split()[0] in _RELATIVE else lead  # "picked today", "by the patient"
        if lead.endswith("expiring") and kind in ("date", "datetime") and v.split()[0] not in _RELATIVE:
            lead += " on"  # "with the ID expiring on May 15, 2027", never "expiring the 15th of May" (set 46)
        lead = "by" if any(lead == f"{g} by" and intent.split()[:1] == [k] for k, g in _SHIFTS.items()) else lead  # "extend
        # the loan by 7 days", never "extend the loan extending it by 7 days"
        if lead.startswith("born") and kind == "number" and re.fullmatch(r"\d{4}", v):
            lead = f"{lead.removesuffix(' on')} in"  # a year: "born in 2015", never "born on 2015" (set 28)
        if lead.startswith("born") and intent and not _names_person(intent) and not set(intent.lower().split()) & _ANIMALS:
            lead = f"for someone {lead}"  # "book treatments for someone born on", but "find horses born in 2015"
        if kind == "number" and t.unit and lead.lower().endswith(f" {t.unit.lower()}"):  # "expiring in days" of 30
            lead = lead[:-len(t.unit) - 1]  # days: "expiring in 30 days", never "expiring in days 30 days" (set 23)
        first = lead.split()
        if len(first) >= 3 and "NOUN" in lemmas(first[0]) and verb_lemma(first[0]) in (None, first[0]) \
                and "ADJ" in lemmas(first[1]) and "VERB" not in lemmas(first[1]):  # "certificate valid on": a state
            lead = f"with {with_article(first[0])} {' '.join(first[1:])}"  # of a thing, never "testers certificate valid on"
        return f"{lead} {'the ' if person else ''}{v}{_unit(t) if kind == 'number' else ''}"
    return FRAMES.get(kind, FRAMES["text"])(t, v, intent)


def one_of_a_list(t: Term, said: str, v: str) -> str:
    """One item of a list said with its noun in the singular: "for hatcher H10", never "for hatchers
    H10" (set 46); `said` as it was otherwise."""
    nouns = t.noun.split()
    if nouns and re.fullmatch(r"[A-Z0-9][\w.-]*", v) and is_plural(nouns[-1]) and said.endswith(f" {t.noun} {v}"):
        return f"{said[:-len(t.noun) - len(v) - 1]}{' '.join([*nouns[:-1], singular(nouns[-1])])} {v}"
    return said


# Requests that go somewhere: their destination is said with "to" ("a flight to Lima").
_MOTION = frozenset({"fly", "flight", "flights", "drive", "ride", "rides", "travel", "trip", "trips", "ship", "shipping",
                     "send", "move", "moving", "deliver", "delivery", "go", "going", "transfer", "transport", "route",
                     "routes", "directions", "fare", "fares", "ticket", "tickets", "train", "trains", "bus", "taxi",
                     "cab", "journey", "commute", "navigate", "haul", "tow", "dispatch", "return", "bring", "head",
                     "sail", "cruise", "transit", "shuttle"})


def goes_somewhere(intent: str) -> bool:
    """Whether a request goes somewhere (its destination is said with "to", a stay's with "in")."""
    return bool(set(re.findall(r"[a-z]+", intent.lower())) & _MOTION)


def _names_person(intent: str) -> bool:
    """Whether a request names the person a birth date is of ("search for patients", "add another
    driver", "check the driver's license")."""
    from ..core.freetext import is_person_role

    return any(is_person_role(w) or (w.endswith("s") and is_person_role(w[:-1]))
               for w in re.findall(r"[a-z]+", intent.lower().replace("'s", "")))


def kind_of_value(kind: str) -> str:
    """surface.value_kind's name -> the frame family."""
    return kind if kind in FRAMES else "text"


# ---------------------------------------------------------------- booleans


def bool_phrases(t: Term, param: str) -> tuple[str, str] | None:
    """(said when true, said when false) from the description's verb phrase: "Stop feeding while
    oxygen is low" -> ("stopping feeding while oxygen is low", "without stopping feeding ...");
    None when the description gives no verb phrase."""
    if not t.act:
        return None
    verb, _, rest = t.act.partition(" ")
    said = " ".join([gerund(verb), rest]).strip()
    if verb in _INCLUDING | _SHOWING:  # "without PC-only comments"; "include for the PDF" names nothing included
        return (said, f"without {rest}") if rest.split()[0] not in _ACT_PREPS else None
    return said, f"without {said}"


_INCLUDING = frozenset({"include", "attach", "add"})
