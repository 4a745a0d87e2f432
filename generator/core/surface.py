"""Natural surface forms of argument values, and detection of those forms in text.

`render` says a value the way a user would ("May 3rd", "7:30 pm", "public transit",
"noodles, dumplings and rice"); `forms` lists every surface form we accept when detecting
a value; `mentions` / `leaks` decide whether a text mentions a value, after normalizing
case, whitespace, punctuation, `_`/`-` and am/pm spellings on both sides.

Enum values are never rendered as identifiers (`public_transit`): catalog hints
(`ToolHints.surface`) or de-identified words are used, which also keeps them out of
literal value recall -- as in TRAILBench, where enum values are paraphrased.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from functools import lru_cache
from typing import Any
from weakref import WeakKeyDictionary

from ..records import Tool
from .actions import verb_forms
from .schema import local_moments
from .temporal import parse_clock_value, parse_date_value, parse_time, ratio_meant
from .unitcodes import is_unit_code, unit_words
from .vagueness import normalize

MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

# "." splits only between letters: dotted function names (BFCL's math.factorial) read as words,
# numbers such as 1.5 stay whole.
_SPLIT = re.compile(r"[_\s]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Za-z])\.(?=[A-Za-z])")
# ---------------------------------------------------------------- names


def words(identifier: str) -> str:
    """De-identified words: "public_transit" -> "public transit", "sortBy" -> "sort by"."""
    parts = [p for p in _SPLIT.split(str(identifier)) if p]
    return " ".join(parts).lower() if parts else str(identifier)


def spec_of(tool: Tool | None, param: str) -> dict[str, Any]:
    """`param`'s schema; a string whose description is its list of values ("frequent | periodic |
    annual", "hourly, daily, weekly or monthly") has them as its enum, as a reader takes them."""
    spec = (tool.properties.get(param) if tool else None) or {}
    if spec.get("type") != "string" or "enum" in spec or "examples" in spec:
        return spec
    said = (tool.said.get(param) or {}).get("enum") if tool and tool.said else None
    if said:  # "Closure type: sidewalk, parking_lane, ...", "Window is one of: early (05:00-08:00), ...",
        return {**spec, "enum": list(said)}  # written in the tool's description
    if _SPLIT.split(param.lower())[-1] not in _CHOICE_HEADS:
        return spec
    from .allowed import read  # cached by description

    listed = read(str(spec.get("description") or "")).allowed
    return {**spec, "enum": list(listed)} if listed else spec


# Names that only say a value is one of a few ("inspection_type", "rate_basis"): read out with
# their value ("the inspection type periodic") unless phrasing knows the list.
_CHOICE_HEADS = frozenset({"type", "kind", "basis", "mode", "class", "category", "level", "tier", "method",
                           "grade", "direction", "style", "frequency", "cadence", "shift", "priority"})


def _hinted_noun(tool: Tool | None, param: str) -> str | None:
    return tool.hints.nouns.get(param) if tool and tool.hints else None


def _hints(tool: Tool | None) -> Any:
    from ..phrasebook import hints_of  # derived hints for tools without catalog ones

    return hints_of(tool)


def noun(param: str, tool: Tool | None = None) -> str:
    """Natural noun phrase for a parameter: catalog hint, else the one its description gives
    (generator.phrasebook.terms: "Farm site identifier" -> "farm site"), else its name's words."""
    from ..phrasebook.lexicon import lemmas
    from ..phrasebook.terms import term

    said = _hinted_noun(tool, param) or term(param, spec_of(tool, param)).label
    if not said and param.lower().endswith("_at") and len(param) > 3:  # "pickup_at": the pickup time
        return f"{words(param[:-3])} time"
    if not said and param.lower().endswith(("_by", "_before")) and \
            re.match(r"\W*(?:the )?date\b", str(spec_of(tool, param).get("description") or ""), re.IGNORECASE):
        return f"{words(param).replace(' ', '-')} date"  # "needed_by", "Date the stems must arrive": the needed-by date
    said = said or _plain_noun(term(param, spec_of(tool, param)).plain, words(param)) or _spoken_name(param)
    cut = re.sub(r"(?<=\w)\s+(?:cubic\s+|square\s+)?(?:feet|ft|degrees|deg)$", "", said)
    said = cut if cut != said and "NOUN" in lemmas(cut.split()[-1].lower()) else said  # "the same minimum
    # envelope", "the same bearing", never "the same minimum envelope cubic feet" (set 49)
    # `near_address`: the address a search is near, never "my regular near address" (set 33)
    return said[5:] if said.startswith("near ") and len(said.split()) > 1 else said


# Short forms of a name said in full in a query ("the same minimum depth qualification as my diver
# search", never "the same min depth qualification fsw": set 26).
_ABBREVIATIONS = {"min": "minimum", "max": "maximum", "qty": "quantity", "num": "number", "avg": "average",
                  "temp": "temperature", "amt": "amount"}


def _spoken_name(param: str) -> str:
    """A name's words with short forms said whole and a unit abbreviation off its end."""
    from ..phrasebook.lexicon import known, lemmas
    from ..phrasebook.terms import UNIT_NAMES

    whole = words(param).split()
    said = list(whole)
    while len(said) > 1 and said[-1].isalpha() and (said[-1].lower() in UNIT_NAMES or len(said) > 2 and len(
            said[-1]) <= 4 and not known(said[-1].lower())):
        said.pop()
    found = lemmas(said[-1].lower())
    said = said if not found or "NOUN" in found else whole  # "since" of `since_minutes` is no noun
    return " ".join(_ABBREVIATIONS.get(w.lower(), w) for w in said)


def _plain_noun(plain: str, named: str) -> str:
    """The name's words without their unit ("northing" for `northing_m`, never "the northing m I
    always use"; set 24): only a unit cut off the end (a "part number" stays one), and ending in a
    noun or a word the lexicon lacks, never in another kind of word ("since" of `since_minutes`)."""
    from ..phrasebook.lexicon import lemmas
    from ..phrasebook.terms import UNIT_NAMES

    said, whole = plain.lower().split(), named.lower().split()
    if not said or whole[:len(said)] != said or not set(whole[len(said):]) <= UNIT_NAMES or said == whole:
        return ""
    found = lemmas(said[-1])
    return plain if not found or "NOUN" in found else ""


# ---------------------------------------------------------------- normalization


_ALNUM = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
_DIGITS = frozenset("0123456789")
_NUMERIC = frozenset("0123456789.")
_SEPS = frozenset(":./")


def found(text: str, form: str) -> bool:
    """Whether `form` occurs in `text` as whole words: not inside a word (ASCII letters and
    digits), and a number not inside another one ("9" in "9:30", "12" in "12.5"); a bare number
    may carry a unit suffix ("1x", "5km"). A scan with str.find: the equivalent regex, compiled
    for every new form, cost more than all the searches."""
    stop = _DIGITS if form and set(form) <= _NUMERIC else _ALNUM
    n, size = len(form), len(text)
    start = text.find(form)
    while start != -1:
        end = start + n
        if ((start == 0 or text[start - 1] not in _ALNUM)
                and not (start >= 2 and text[start - 2] in _DIGITS and text[start - 1] in _SEPS)
                and (end == size or text[end] not in stop)
                and not (end + 1 < size and text[end] in _SEPS and text[end + 1] in _DIGITS)):
            return True
        start = text.find(form, start + 1)
    return False


@lru_cache(maxsize=4096)  # keyed by values, which grow with the run: bounded small, memory stays flat
def _literal(phrase: str) -> re.Pattern[str]:
    return re.compile(re.escape(phrase), re.IGNORECASE)


def blank_out(text: str, phrases: list[str]) -> str:
    """`text` with every occurrence of each phrase (in the order given, any case) replaced by a
    space. ASCII text and phrases are matched with str.find on lowered copies (what IGNORECASE
    does for ASCII, without compiling a pattern per value); anything else by a case-insensitive
    pattern, compiled once per phrase (re's own cache holds only 512)."""
    for p in phrases:
        text = _blank_ascii(text, p) if text.isascii() and p.isascii() else _literal(p).sub(" ", text)
    return text


def _blank_ascii(text: str, phrase: str) -> str:
    if not phrase:
        return _literal(phrase).sub(" ", text)  # an empty pattern matches between every character
    low, needle = text.lower(), phrase.lower()
    at = low.find(needle)
    if at < 0:
        return text
    parts, start = [], 0
    while at >= 0:
        parts.append(text[start:at])
        start = at + len(needle)
        at = low.find(needle, start)
    parts.append(text[start:])
    return " ".join(parts)


def contains(text: str, form: str) -> bool:
    """Whether normalized `form` occurs in normalized `text` as whole words."""
    f = normalize(form, words=True)
    return bool(f) and found(normalize(text, words=True), f)


# ---------------------------------------------------------------- value kinds


@dataclass(frozen=True)
class Ctx:
    param: str
    tool: Tool | None
    spec: dict[str, Any]
    time: datetime | None
    style: int = 0  # the one way this query writes a day (set 32: never "from the 27th of May through May 31st")


Render = Callable[[Any, Ctx], list[str]]


@dataclass(frozen=True)
class Kind:
    """One family of values: `says` lists natural renderings (first = canonical),
    `accepts` every form detection should accept (renderings + literal variants)."""

    name: str
    matches: Callable[[Any, Ctx], bool]
    says: Render
    accepts: Render


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _relative_day(day: datetime, ctx: Ctx) -> str | None:
    if ctx.time is None:
        return None
    delta = (day.date() - ctx.time.date()).days
    return {0: "today", 1: "tomorrow", 2: "the day after tomorrow"}.get(delta)


def _weekday_forms(day: datetime, ctx: Ctx) -> list[str]:
    if ctx.time is None or not 0 <= (day.date() - ctx.time.date()).days <= 7:
        return []
    name = WEEKDAYS[day.weekday()]
    return [f"this {name}", f"next {name}", f"on {name}"]


def _date_forms(value: Any, ctx: Ctx) -> list[str]:
    """Every way a person writes the day: "today" first where it is near, then the query's own
    style ("June 4th", "June 4" or "the 4th of June"), then the two others."""
    day, _ = parse_date_value(value)  # type: ignore[misc]
    month, d = MONTHS[day.month - 1], day.day
    year = "" if ctx.time is not None and ctx.time.year == day.year else f", {day.year}"
    plain = [f"{month} {_ordinal(d)}{year}", f"{month} {d}{year}", f"the {_ordinal(d)} of {month}{year}"]
    plain = plain[ctx.style:] + plain[:ctx.style]
    rel = _relative_day(day, ctx)
    return ([rel] if rel else []) + plain


def _date_says(value: Any, ctx: Ctx) -> list[str]:
    """The day near or in the query's one style: one query never writes two days two ways."""
    forms = _date_forms(value, ctx)
    return forms[:-2]


def _date_accepts(value: Any, ctx: Ctx) -> list[str]:
    day, _ = parse_date_value(value)  # type: ignore[misc]
    month, d = MONTHS[day.month - 1], day.day
    extra = [
        str(value).strip(),
        f"{d} {month}",
        f"{_ordinal(d)} {month}",
        f"{month} {_ordinal(d)}",
        f"{month} {d}",
        f"{day.month}/{d}",
        f"{month[:3]} {d}",
    ]
    return _date_forms(value, ctx) + _weekday_forms(day, ctx) + extra


def _clock_says_hm(h: int, m: int) -> list[str]:
    h12, ap = h % 12 or 12, "am" if h < 12 else "pm"
    if m == 0:
        special = {0: ["midnight"], 12: ["noon", "12 pm"]}.get(h, [])
        return special + [f"{h12} {ap}", f"{h12}:00 {ap}"]
    return [f"{h12}:{m:02d} {ap}"]


def _clock_says(value: Any, ctx: Ctx) -> list[str]:
    h, m = parse_clock_value(value)  # type: ignore[misc]
    if value in (ctx.spec.get("enum") or []):  # one of the slots a shop offers, as it writes them ("at 13:30")
        return [str(value)]
    return _clock_says_hm(h, m)


def _clock_accepts(value: Any, ctx: Ctx) -> list[str]:
    h, m = parse_clock_value(value)  # type: ignore[misc]
    h12, ap = h % 12 or 12, "am" if h < 12 else "pm"
    return _clock_says_hm(h, m) + [
        f"{h12}.{m:02d} {ap}",
        f"{h:02d}:{m:02d}",
        f"{h}:{m:02d}",
        str(value).strip(),
    ]


def _split_datetime(value: Any) -> tuple[str, str]:
    date, _, clock = str(value).strip().partition(" ")
    return date, clock


def _datetime_says(value: Any, ctx: Ctx) -> list[str]:
    date, clock = _split_datetime(value)
    d, c = _date_says(date, ctx), _clock_says(clock, ctx)
    return [f"{d[0]} at {c[0]}", f"{d[-1]} at {c[0]}", f"{c[0]} on {d[0]}"]


def _datetime_accepts(value: Any, ctx: Ctx) -> list[str]:
    date, clock = _split_datetime(value)
    every = [f"{d} at {c}" for d in _date_forms(date, ctx) for c in _clock_says(clock, ctx)]
    return _datetime_says(value, ctx) + every + [str(value).strip()]


def _is_date(value: Any, ctx: Ctx) -> bool:
    parsed = parse_date_value(value) if not _named_number(ctx.param) else None
    return parsed is not None and not parsed[1]


def _is_datetime(value: Any, ctx: Ctx) -> bool:
    parsed = parse_date_value(value) if not _named_number(ctx.param) else None
    return parsed is not None and parsed[1]


_NUMBER_WORDS = frozenset({"id", "number", "no", "num", "code", "ref", "reference", "serial"})
_DAY_WORDS = frozenset({"date", "day", "time", "datetime", "timestamp", "when", "at", "on"})


@lru_cache(maxsize=4096)
def _named_number(param: str) -> bool:
    """Whether the parameter names a number or an id ("ad_number"): a value of it shaped like a day
    ("2011-09-28", airworthiness directive 2011-09-28) is said as written, never "on the 28th of
    September, 2011" (set 23)."""
    words = re.split(r"[^a-z0-9]+", re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", param or "").lower())
    return bool(words) and words[-1] in _NUMBER_WORDS and not set(words) & _DAY_WORDS


def _is_clock(value: Any, ctx: Ctx) -> bool:
    return parse_clock_value(value) is not None and not ratio_meant(ctx.param, ctx.spec)  # a titer "1:16"


def _is_enum(value: Any, ctx: Ctx) -> bool:
    """An enum's value, but a clock time ("13:30" of the start times a shop offers) is said as one
    ("at 1:30 pm", set 34: "with 13:30 start time")."""
    return isinstance(value, str) and value in (ctx.spec.get("enum") or []) and \
        not (_CLOCK_VALUE.fullmatch(value) and parse_clock_value(value))


_CLOCK_VALUE = re.compile(r"\d{1,2}:\d{2}")


def _surface_hint(ctx: Ctx, key: str) -> str | None:
    hints = _hints(ctx.tool)
    said = hints.surface.get(ctx.param, {}) if hints and _top_level(ctx) else {}
    if key in said:
        return said[key]
    return _nested_words(ctx, key)


def _top_level(ctx: Ctx) -> bool:
    """Whether `ctx` is the tool's own parameter (or its items), not a field of a nested object."""
    spec = ctx.tool.properties.get(ctx.param) if ctx.tool else None
    return spec is not None and (spec is ctx.spec or spec.get("items") is ctx.spec or not ctx.spec or
                                 ctx.spec == {**spec, "enum": ctx.spec.get("enum")})  # its listed values as enum


def _nested_words(ctx: Ctx, key: str) -> str | None:
    """Words of an enum value or boolean of a parameter no hint covers (a nested field)."""
    from ..phrasebook.fragments import bool_words, enum_words

    if key in ("true", "false") and ctx.spec.get("type") == "boolean":
        return bool_words(ctx.param)[key == "false"]
    return enum_words(key, ctx.param, ctx.spec) if ctx.spec.get("enum") else None


def _enum_word(value: Any, ctx: Ctx) -> str:
    """The catalog's words for the value; a unit code as written ("mL", never "m l"); else the
    derived words."""
    if _catalog_word(ctx, str(value)) is None and is_unit_code(ctx.param, str(value).split(" ", 1)[0], ctx.spec):
        return str(value)  # and a unit with its qualifier: "kg G" (gross), never "kg g" (set 43)
    return _surface_hint(ctx, str(value)) or _place_named(value, ctx) or _name_words(value)


_PLACE_PARAMS = frozenset({"county", "city", "town", "state", "country", "region", "province", "borough", "parish",
                           "township", "municipality"})


def _place_named(value: Any, ctx: Ctx) -> str | None:
    """A place an enum lists by its name, said as written: "Weld" of a county, never "weld" (set 39)."""
    title = re.compile(r"[A-Z][a-z]+(?:[ -][A-Z][a-z]+)*")
    if not _PLACE_PARAMS & set(re.split(r"[\W_]+", ctx.param.lower())) or not title.fullmatch(str(value)):
        return None
    return str(value) if all(title.fullmatch(str(v)) for v in ctx.spec.get("enum") or [value]) else None


def _catalog_word(ctx: Ctx, key: str) -> str | None:
    said = ctx.tool.hints.surface.get(ctx.param, {}) if ctx.tool and ctx.tool.hints and _top_level(ctx) else {}
    return said.get(key)


def _name_words(value: Any) -> str:
    """words(value), but a name whose parts repeat keeps its capitals ("DuckDuckGo" -> "Duck
    Duck Go", not "duck duck go")."""
    said = words(value)
    if re.search(r"\b(\w+) \1\b", said) and re.fullmatch(r"(?:[A-Z][a-z]+){2,}", str(value)):
        return " ".join(re.findall(r"[A-Z][a-z]+", str(value)))
    cased = written_cased(str(value))
    if cased:
        return cased
    if re.fullmatch(r"[A-Z0-9_]+_[A-Z]", str(value)):  # "STATE_ROOM_A": state room A, never an article "a"
        return said[:-1] + said[-1].upper()
    if re.fullmatch(r"[A-Z]", str(value)):  # a letter of a list: "pointers F and J", never "f and j" (set 33)
        return str(value)
    if re.fullmatch(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+", str(value)):  # a code joined by hyphens: "YARD-MAIN", "US-EAST"
        return str(value)  # as written, never "at yard-main" (set 33)
    if _MODEL_CODE.fullmatch(str(value)):  # an endorsement "A.10", an airframe "PA-28-161", a model "C172S" as
        return str(value)  # written, never "the a.10" (set 31)
    if said.lower() in _LOAN_PHRASES:
        return said.lower()
    loaned = {i + k for i in range(len(said.split())) for n in (2, 3)
              if " ".join(said.lower().split()[i:i + n]) in _LOAN_PHRASES for k in range(n)}
    spoken = [w if i in loaned else _initialism(w) for i, w in enumerate(said.split())]  # "lungs en bloc" (set 45)
    if len(spoken) > 1 and spoken[-1] in ("a", "i"):  # "plan_a": plan A, never the article (set 43)
        spoken[-1] = spoken[-1].upper()
    for at in (0, -1) if len(spoken) > 1 else ():  # "in_or": in the OR, never the conjunction "in or" (set 45)
        spoken[at] = "OR" if spoken[at] == "or" else spoken[at]
    if len(spoken) == 2 and spoken[1] in ("left", "right") and spoken[0].isalpha() and spoken[0].islower() and \
            not (spoken[1] == "left" and _someone(spoken[0])):
        spoken.reverse()  # "kidney_right": the right kidney, never "the kidney right organ" (set 45); but a
        # "seller_left" is a seller who left (set 46: "because they left the seller")
    return " ".join(spoken)


def _someone(word: str) -> bool:
    """A person by role or by an agent's ending ("seller", "driver", "tenant", "patient")."""
    from .freetext import is_person_role

    return is_person_role(word) or bool(re.fullmatch(r"[a-z]{3,}(?:er|or|ant|ent|ee)", word))


def written_cased(value: str) -> str | None:
    """A value the author wrote in mixed case, said with the parts that are names or codes cased
    as written: "Baker_Hughes" -> "Baker Hughes", "EU_SmPC" -> "EU SmPC", "iOS", and a code of
    short capitals "WHO_UMC" -> "WHO UMC" (set 36: "the baker hughes ILI vendor", "EU SM PC",
    "by who UMC"); None where every part is a word or words ("Pending", "PowerSwitchFailure",
    "IN_PROGRESS": said as words)."""
    from ..phrasebook.lexicon import known

    parts = [p for p in re.split(r"[_\s]+", value) if p]
    if not parts or not re.search(r"[A-Z]", value):
        return None
    if not re.search(r"[a-z]", value):  # short capitals, one of them no word: an initialism's parts
        return " ".join(parts) if len(parts) > 1 and any(not known(p.lower()) for p in parts) and all(
            p.isalnum() and (not p.isalpha() or len(p) <= 3 or len(p) <= 5 and not known(p.lower())) for p in parts) else None

    def named(part: str) -> bool:  # a name ("Hughes", "SmPC", "iOS") or a code no word spells ("RSTRENG")
        if part.isupper():
            return len(part) >= 2 and part.isalnum() and (not part.isalpha() or not known(part.lower()))
        humps = re.findall(r"[A-Z]?[a-z]+", part)  # "inStock", "PowerSwitchFailure": words, no name
        return not part.islower() and not ("".join(humps) == part and all(known(h.lower()) for h in humps))

    if not any(named(p) for p in parts):
        return None
    titled = any(named(p) and not p.isupper() for p in parts)  # "Baker Hughes": a name keeps its words' capitals
    return " ".join(p if named(p) or p.isupper() or titled and p[:1].isupper() else words(p) for p in parts)


def _initialism(word: str) -> str:
    """A short word no dictionary has and no unit is an initialism, said in capitals: "cfii" ->
    "CFII", "ach" -> "ACH", "hoa" -> "HOA" (set 31: "with certificate sought cfii")."""
    from ..phrasebook.lexicon import known
    from ..phrasebook.terms import UNIT_NAMES

    if word in _CONTINENTS:  # "east Asia", never "east ASIA" (set 43)
        return word.capitalize()
    if len(word) == 1 and word.isalpha() and word not in ("a", "i"):  # "type B M", "plan C": a letter (set 43)
        return word.upper()
    if 2 <= len(word) <= 4 and word.isalpha() and word.islower() and not known(word) and word not in UNIT_NAMES:
        return word.upper()
    return word


_CONTINENTS = frozenset({"asia", "africa", "europe", "america", "americas", "oceania", "antarctica", "eurasia"})


# Phrases English has borrowed, whose short words are no initialisms (set 33: "with status EN route").
_LOAN_PHRASES = frozenset({"en route", "ad hoc", "per diem", "pro rata", "in situ", "en masse", "en bloc", "de minimis",
                           "a la carte", "et al"})


# A code of capitals and digits with its separators: "A.10", "PA-28-161", "C172S", "IQ8M-72-2-US".
_MODEL_CODE = re.compile(r"(?=[^a-z]*\d)(?=.*[A-Z])[A-Z0-9]+(?:[-./][A-Z0-9]+)*")


def _enum_says(value: Any, ctx: Ctx) -> list[str]:
    return [_enum_word(value, ctx)]


def _enum_accepts(value: Any, ctx: Ctx) -> list[str]:
    said = _enum_word(value, ctx)  # "with no fouling" may share a "with": "with 3 holes and no fouling"
    units = list(unit_words(str(value))) if is_unit_code(ctx.param, value, ctx.spec) else []  # "milliliters"
    acts = list(verb_forms(str(value)))  # "bought" for purchase
    return [said, said.removeprefix("with "), words(value), _name_words(value), str(value), *units, *acts,
            *_reordered(words(value))]


def _reordered(said: str) -> list[str]:
    """Other orders of a value's words and the adverb of a one-word value: "Part 135 charter" for
    charter_part_135, "privately" operated for private (players, set 23: both refused)."""
    import itertools

    parts = said.split()
    if len(parts) == 1 and len(parts[0]) > 3 and parts[0].isalpha():
        word = parts[0].lower()
        return [word[:-1] + "ily" if word.endswith("y") else word[:-2] + "ly" if word.endswith("le") else word + "ly"]
    if 2 <= len(parts) <= 3:
        return [" ".join(p) for p in itertools.permutations(parts) if list(p) != parts]
    return []


def _bool_says(value: Any, ctx: Ctx) -> list[str]:
    hinted = _surface_hint(ctx, "true" if value else "false")
    if hinted:
        return [hinted]
    n = noun(ctx.param, ctx.tool)
    return [f"with {n}", f"including {n}"] if value else [f"without {n}", f"no {n}", f"no need for {n}"]


def _bool_accepts(value: Any, ctx: Ctx) -> list[str]:
    return [*_bool_says(value, ctx), noun(ctx.param, ctx.tool)]


def _number_text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _number_says(value: Any, ctx: Ctx) -> list[str]:
    return [_number_text(value)]


def _number_accepts(value: Any, ctx: Ctx) -> list[str]:
    quarter = ["Q" + str(value)] if re.search(r"(?:^|_)quarter$", ctx.param) and str(value) in ("1", "2", "3", "4") else []
    return sorted({_number_text(value), str(value), *quarter})  # "for Q1" of a calendar quarter 1 (set 41)


def _text_says(value: Any, ctx: Ctx) -> list[str]:
    # An identifier-like string ("economy_class") is said in words, like an enum value; a list
    # written into one string ("REV-0087,REV-0112") is said as a list ("REV-0087 and REV-0112").
    text = str(value)
    parts = listed(text, ctx.spec)
    if parts:
        return [join_words([_text_says(p, ctx)[0] for p in parts])]
    from ..phrasebook.fragments import named_by_gloss

    named = named_by_gloss(text, ctx.spec)  # "MARCUS_HOOK_ANCH (Marcus Hook anchorage)": that name (set 38)
    if named:
        return [named]
    return [words(text)] if "_" in text and " " not in text and not _AS_WRITTEN.search(text) else [text]


# A file name, a path, an address: said as written ("strings_en.json", never "strings en json": set 26).
_AS_WRITTEN = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,4}$|[/@\\]")


def _text_accepts(value: Any, ctx: Ctx) -> list[str]:
    return [*_text_says(value, ctx), str(value), words(str(value))]


_LISTED = re.compile(r"comma|separated|delimited|\blist\b", re.IGNORECASE)


def listed(text: str, spec: dict[str, Any]) -> list[str]:
    """The items of a list written into one string: commas with no space after them
    ("reinforcement learning,robotics"), or any commas when the description says the value is a
    list ("Comma-separated add-on codes"); [] for any other text (an address, "1,000")."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) < 2 or not all(re.search(r"[A-Za-z]", p) for p in parts):
        return []
    return parts if not re.search(r",\s", text) or _LISTED.search(str(spec.get("description") or "")) else []


# RFC 3339 forms (JSON Schema `date-time` / `time`): "2025-06-02T10:00:00Z", "09:45:00Z".
_ISO_DT = re.compile(r"^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$")
_ISO_CLOCK = re.compile(r"^(\d{2}:\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$")


def _zone(zone: str | None) -> str:
    """ "Z" -> " UTC", "+02:00" -> " UTC+02:00" (the offset is part of the value: it is said)."""
    if not zone:
        return ""
    return " UTC" if zone in ("Z", "+00:00", "+0000") else f" UTC{zone}"


def _iso_parts(value: Any) -> tuple[str | None, str, str | None, str | None] | None:
    """(date, HH:MM, seconds, zone) of an RFC 3339 date-time or time value."""
    if not isinstance(value, str):
        return None
    m = _ISO_DT.match(value.strip())
    if m and parse_date_value(m[1]) and parse_clock_value(m[2]):
        return m[1], m[2], m[3], m[4]
    c = _ISO_CLOCK.match(value.strip())
    if c and parse_clock_value(c[1]) and (c[2] or c[3]):
        return None, c[1], c[2], c[3]
    return None


def _is_iso(value: Any, ctx: Ctx) -> bool:
    parts = _iso_parts(value)
    return parts is not None and parts[2] in (None, "00")


_LOCAL = re.compile(r"\blocal time\b|\blocal\b[^.]{0,20}\b(?:time|clock)\b", re.IGNORECASE)


def _iso_says(value: Any, ctx: Ctx) -> list[str]:
    """An RFC 3339 moment said as a person says it, with its zone ("9:45 am UTC") unless the
    parameter is in local time (set 22: "7 am UTC" for an appointment the tool takes in local time)."""
    date, clock, _, zone = _iso_parts(value)  # type: ignore[misc]
    local = _local_clock(ctx)
    said = [c + ("" if local else _zone(zone)) for c in _clock_says(clock, ctx)[:1]]
    if date is None:
        return said
    return [f"{d} at {said[0]}" for d in _date_says(date, ctx)]


def _local_clock(ctx: Ctx) -> bool:
    """Whether the parameter is in local time: its description says so, or another moment of the
    same tool's does (one tool's moments share a clock; set 34: a radon test "starting June 2 at
    7 pm" and "ending June 8 at 8 pm UTC", only the start described as local)."""
    if _LOCAL.search(str(ctx.spec.get("description") or "")):
        return True
    return bool(ctx.tool) and ctx.param in local_moments(ctx.tool.parameters.get("properties"))  # type: ignore[union-attr]


def _iso_accepts(value: Any, ctx: Ctx) -> list[str]:
    date, clock = _iso_parts(value)[:2]  # type: ignore[index]
    out = _iso_says(value, ctx) + [str(value).strip()]
    if date is None:
        return out + _clock_accepts(clock, ctx)
    return out + [f"{d} at {c}" for d in _date_forms(date, ctx) for c in _clock_says(clock, ctx)]


def _is_bool(value: Any, ctx: Ctx) -> bool:
    return isinstance(value, bool)


def _is_number(value: Any, ctx: Ctx) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _always(value: Any, ctx: Ctx) -> bool:
    return True


# Order matters: the first kind whose predicate matches renders the value.
KINDS: tuple[Kind, ...] = (
    Kind("bool", _is_bool, _bool_says, _bool_accepts),
    Kind("number", _is_number, _number_says, _number_accepts),
    Kind("enum", _is_enum, _enum_says, _enum_accepts),
    Kind("datetime", _is_datetime, _datetime_says, _datetime_accepts),
    Kind("iso_time", _is_iso, _iso_says, _iso_accepts),
    Kind("date", _is_date, _date_says, _date_accepts),
    Kind("clock", _is_clock, _clock_says, _clock_accepts),
    Kind("text", _always, _text_says, _text_accepts),
)


@lru_cache(maxsize=4096)
def _when(time: str) -> datetime | None:
    return parse_time(time)  # strptime is slow and every render needs the query time


def _ctx(
    param: str, tool: Tool | None, time: str | datetime | None, spec: dict[str, Any] | None = None
) -> Ctx:
    when = _when(time) if isinstance(time, str) else time
    return Ctx(param, tool, spec if spec is not None else spec_of(tool, param), when)


def kind_of(value: Any, ctx: Ctx) -> Kind:
    return next(k for k in KINDS if k.matches(value, ctx))


def value_kind(value: Any, param: str, tool: Tool | None, time: str | datetime | None = None) -> str:
    """ "list", "dict" (an object or a list of them: each says its own noun, "with a line for SKU
    X", never "the lines a line ...") or the name of the scalar kind ("bool", "number", ...)."""
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return "dict"
    if isinstance(value, list | dict):
        return type(value).__name__
    return kind_of(value, _ctx(param, tool, time)).name


def _item_ctx(ctx: Ctx) -> Ctx:
    items = dict_at(ctx.spec, "items")
    return Ctx(ctx.param, ctx.tool, items, ctx.time, ctx.style)


def join_words(items: list[str], conj: str = "and") -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conj} {items[-1]}"


_STYLES: WeakKeyDictionary[random.Random, int] = WeakKeyDictionary()


def _style(rng: random.Random | None) -> int:
    """The way days are written in the query of this generator (drawn at its first day)."""
    if rng is None:
        return 0
    if rng not in _STYLES:
        _STYLES[rng] = rng.randrange(3)
    return _STYLES[rng]


def _render_one(value: Any, ctx: Ctx, rng: random.Random | None) -> str:
    if blank(value):
        return ""
    options = kind_of(value, ctx).says(value, ctx)
    return rng.choice(options) if rng is not None and len(options) > 1 else options[0]


def render(
    value: Any,
    param: str,
    tool: Tool | None,
    *,
    time: str | datetime | None = None,
    rng: random.Random | None = None,
) -> str:
    """The natural surface form of `value` for `param` of `tool`; canonical without `rng`."""
    ctx, style = _ctx(param, tool, time), _style(rng)
    return _render_ctx(value, replace(ctx, style=style) if style else ctx, rng)


def _render_ctx(value: Any, ctx: Ctx, rng: random.Random | None) -> str:
    if blank(value):
        return ""
    if isinstance(value, list):
        ictx = _item_ctx(ctx)
        people = _people(value, ictx, rng)
        if people:  # "the passengers Melissa Russo (weight 63) and Kristen Fuentes (weight 72, age 47)" (set 49)
            return people
        said = [t for t in (_render_ctx(v, ictx, rng) for v in value) if t]
        if any(isinstance(v, dict) for v in value) and any("," in t or " and " in t for t in said):
            return "; ".join(said[:-1]) + f"; and {said[-1]}" if len(said) > 1 else join_words(said)  # one each
        return join_words(said)
    if isinstance(value, dict):
        return _dict_says(value, ctx, rng)
    return _render_one(value, ctx, rng)


def _child(ctx: Ctx, key: str) -> Ctx:
    props = dict_at(ctx.spec, "properties")
    spec = dict_at(props, key)
    return Ctx(key, None, spec, ctx.time, ctx.style)


_LABELS = frozenset({"kind", "type", "mode", "category", "class", "level", "role"})


_ADDRESS_PARTS = (("street", "line1", "address1", "address_line1", "street_address", "address"),
                  ("city", "town", "locality"), ("state", "region", "province"), ("zip", "postal_code", "zip_code",
                                                                                   "postcode", "zipcode"))


def _postal(value: dict[str, Any]) -> str | None:
    """A postal address written as one ("191 Young Crossing, Chicago, IL 62850"), never "in Chicago in
    191 Young Crossing with the ZIP 62850 and the state IL"; None unless the object is only an
    address with a street and a city."""
    parts = [next((str(value[k]) for k in keys if isinstance(value.get(k), str | int) and str(value[k])), "")
             for keys in _ADDRESS_PARTS]
    known = {k for keys in _ADDRESS_PARTS for k in keys}
    if not (parts[0] and parts[1]) or set(value) - known:
        return None
    tail = " ".join(p for p in parts[2:] if p)
    return ", ".join(p for p in (parts[0], parts[1], tail) if p)


def _dict_says(value: dict[str, Any], ctx: Ctx, rng: random.Random | None) -> str:
    """A nested object as a noun phrase with its fields in their frames: {"kind": "time", "at":
    "09:45:00Z", "offset_minutes": 53} -> "a time trigger at 9:45 am UTC and with an offset of
    53 minutes" (never a repr)."""
    from ..phrasebook.lexicon import singular, with_article
    from ..phrasebook.terms import term

    postal = _postal(value)
    if postal:  # "a service address at 191 Young Crossing, Chicago, IL 62850"
        noun = term(ctx.param, ctx.spec).noun if ctx.param else ""
        return f"{with_article(noun)} at {postal}" if noun and "address" in noun.lower() else postal
    noun = term(ctx.param, ctx.spec).noun if ctx.param else ""
    person = _person_record(value, ctx, rng) if _of_a_person(noun) else None
    if person:  # "the person making arrangements, Haley Jackson (granddaughter, 913-635-1912)"
        last = noun.split()[-1]  # one of a list: "the player, Dana Butler (M-1570)", never "the players, ..." (set 49)
        one = singular(last) != last and _of_a_person(singular(last)) and ctx.spec.get("type") == "object"
        return f"the {singular(noun) if one else noun}, {person}"
    labels: list[str] = []
    parts: list[str] = []
    bare: list[str] = []
    thing = term(ctx.param, ctx.spec).noun or words(ctx.param)
    member = _member_of_group(value, thing, ctx, rng)
    if member:
        return member
    named = ""
    amount = _amount_said(value, ctx, rng)
    if amount is not None:
        return amount
    counted = _count_of(value)
    if counted is not None:  # {"item_code": "ROS-50", "stems": 10}: "10 stems of ROS-50", never "a stem for
        count, code = counted  # item ROS-50 with 10 stems of this item"
        head = f"{value[count]} {words(count).lower()} of {_render_ctx(value[code], _child(ctx, code), rng)}"
        rest = {k: v for k, v in value.items() if k not in counted and not blank(v)}
        if not rest:
            return head
        (key, state), = rest.items() if len(rest) == 1 else (("", None),)
        if key in _STATES and re.fullmatch(r"[\w-]+", str(state)):
            return f"{head}, {_render_ctx(state, _child(ctx, key), rng)}"  # "18 units of BK-1042, damaged"
        for key, v in rest.items():  # the other fields in their frames
            _add_field(key, v, _child(ctx, key), _render_ctx(v, _child(ctx, key), rng), parts, bare)
        return " ".join([head, *_field_phrases(parts, bare)])
    for key, v in value.items():
        if blank(v):
            continue
        child = _child(ctx, key)
        said = _render_ctx(v, child, rng)
        if not named and _names_the_thing(key, thing, v, said):  # {"material": "tape_roll"}: "a tape roll"
            named = said
            continue
        if key.lower() in _LABELS and isinstance(v, str) and len(said.split()) <= 2:
            labels.append(said)
            continue
        _add_field(key, v, child, said, parts, bare)
    thing = singular(named or thing)
    if labels and " " in thing:  # the kind names the thing: "an involved node", not "a node involved object"
        thing = " ".join([*thing.split()[:-1], *labels])
        labels = []
    return " ".join([with_article(" ".join([*labels, thing])), *_field_phrases(parts, bare)])


_PERSON = re.compile(r"[A-Z][a-z'-]+(?: [A-Z][a-z'.-]*)*(?: [A-Z][a-z'-]+)")
_GROUPS = frozenset({"team", "crew", "staff", "roster", "party", "members", "personnel", "people", "participants",
                     "squad", "panel", "attendees"})


def _member_of_group(value: dict[str, Any], thing: str, ctx: Ctx, rng: random.Random | None) -> str | None:
    """A member of a team given by id and role, as a person says one: "DV-6696 as a standby diver"
    (set 26: "a dive standby diver for diver DV-6696"); None for any other object."""
    from ..phrasebook.lexicon import with_article

    if not thing or thing.lower().split()[-1] not in _GROUPS:
        return None
    role = next((k for k, v in value.items() if k.lower() in _LABELS and isinstance(v, str) and v), None)
    ident = next((k for k, v in value.items() if k != role and isinstance(v, str) and v and
                  (k.lower() == "id" or k.lower().endswith("_id"))), None)
    if role is None or ident is None or any(not blank(v) for k, v in value.items() if k not in (role, ident)):
        return None
    return f"{value[ident]} as {with_article(_render_ctx(value[role], _child(ctx, role), rng))}"


def _of_a_person(noun: str) -> bool:
    """Whether an object's noun names a person ("person making arrangements", "emergency contact",
    "informant"), not a place or a firm ("pharmacy")."""
    from ..phrasebook.lexicon import singular
    from .freetext import is_person_role

    said = [singular(w) for w in noun.lower().split()]  # "passengers": each one a person (set 49)
    return bool(set(said) & {"person", "contact", "kin", "guardian", "parent", "owner", "applicant"}) or \
        any(is_person_role(w) for w in said)


def _people(value: list[Any], ctx: Ctx, rng: random.Random | None) -> str | None:
    """A list of people's records with the noun said once: "the passengers Melissa Russo (weight 63)
    and Sara Jackson (weight 56, age 73)", never "the passengers, Melissa Russo (63); the passengers,
    ..." (set 49); None unless every item is a person's record."""
    from ..phrasebook.terms import term

    noun = term(ctx.param, ctx.spec).noun if ctx.param else ""
    if not value or not all(isinstance(v, dict) for v in value) or not _of_a_person(noun):
        return None
    said = [_person_record(v, ctx, rng) for v in value]
    if any(s is None for s in said):
        return None
    return f"the {noun} {join_words([s for s in said if s])}"


def _person_record(value: dict[str, Any], ctx: Ctx, rng: random.Random | None) -> str | None:
    """A person's record said as people say one: the name, then the rest in parentheses ("Haley
    Jackson (grandchild, 913-635-1912)"), never "for best phone ... with the full name ... and the
    relationship ..."; None unless one field is a person's name and up to three others are plain."""
    names = [k for k, v in value.items() if isinstance(v, str) and re.search(r"(?:^|_)name$", k)
             and _PERSON.fullmatch(v.strip())]
    rest = {k: v for k, v in value.items() if k not in names and not blank(v)}
    if len(names) != 1 or not 1 <= len(rest) <= 3 or \
            any(isinstance(v, bool | list | dict) or not isinstance(v, str | int) for v in rest.values()):
        return None
    said = [f"{words(k).lower()} {v}" if isinstance(v, int) and not isinstance(v, bool) else
            _render_ctx(v, _child(ctx, k), rng) for k, v in rest.items()]  # "weight 72, age 47", never "(72, 47)"
    return f"{value[names[0]].strip()} ({', '.join(said)})"


def _add_field(key: str, v: Any, child: Ctx, said: str, parts: list[str], bare: list[str]) -> None:
    """One field of an object in its frame (`parts`), or, a flag, its state said bare after the
    noun (`bare`: "a profile ... and neutered")."""
    from ..phrasebook.fragments import OWN_FRAME
    from ..phrasebook.terms import kind_of_value, say, term

    if isinstance(v, bool):
        bare.append(re.sub(r"\bmarked as ", "", said))
        return
    kind = value_kind(v, key, None) if isinstance(v, list | dict) else kind_of(v, child).name
    parts.append(said if OWN_FRAME.match(said) else say(term(key, child.spec), kind_of_value(kind), said))


_TIME_UNITS = frozenset({"seconds", "minutes", "hours", "days", "weeks", "months", "years", "nights"})
_STATES = frozenset({"reason", "condition", "status", "state", "cause", "grade"})  # said after a comma: "..., damaged"


def _count_of(value: dict[str, Any]) -> tuple[str, str] | None:
    """(count key, code key) of an object that is so many of one thing: one whole number named by
    a plural ("stems", "units", "cases") and one code (a string with a digit and no space)."""
    counts = [k for k, v in value.items() if isinstance(v, int) and not isinstance(v, bool)]
    codes = [k for k, v in value.items() if isinstance(v, str) and re.search(r"\d", v) and " " not in v.strip()]
    if len(counts) != 1 or len(codes) != 1:
        return None
    noun = words(counts[0]).lower()
    if " " in noun or not noun.endswith("s") or noun.endswith("ss") or noun in _TIME_UNITS:
        return None
    return counts[0], codes[0]


def _amount_said(value: dict[str, Any], ctx: Ctx, rng: random.Random | None) -> str | None:
    """{"item": "acrylamide grout", "quantity": 2, "unit": "gal"}: "2 gal of acrylamide grout" (set
    28: "a materials used in gal with the material ... and a quantity of 2"); None for any other."""
    amount = _amount_of(value)
    if amount is None:
        return None
    qty, unit, item = amount
    many = value[unit] in ("each", "ea", "unit", "units", "pcs", "piece", "pieces")
    unit_said = ("unit" if value[qty] == 1 else "units") if many else _render_ctx(value[unit], _child(ctx, unit), rng)
    head = f"{_render_ctx(value[qty], _child(ctx, qty), rng)} {unit_said} of {value[item]}"
    parts: list[str] = []
    bare: list[str] = []
    for key, v in value.items():
        if key not in (qty, unit, item) and not blank(v):
            _add_field(key, v, _child(ctx, key), _render_ctx(v, _child(ctx, key), rng), parts, bare)
    return " ".join([head, *_field_phrases(parts, bare)])


_AMOUNT_WORDS = frozenset({"quantity", "qty", "amount", "volume", "weight", "count"})
_UNIT_KEYS = frozenset({"unit", "units", "uom", "unit_of_measure"})
_ITEM_KEYS = frozenset({"item", "material", "product", "name", "description", "substance", "chemical", "part"})


def _amount_of(value: dict[str, Any]) -> tuple[str, str, str] | None:
    """(amount key, unit key, item key) of an object that is an amount of a thing in a unit; None
    for any other object."""
    qty = [k for k, v in value.items() if isinstance(v, int | float) and not isinstance(v, bool)
           and set(k.lower().split("_")) & _AMOUNT_WORDS]
    unit = [k for k, v in value.items() if k.lower() in _UNIT_KEYS and isinstance(v, str) and v.strip()]
    item = [k for k, v in value.items() if k.lower() in _ITEM_KEYS and isinstance(v, str) and v.strip()]
    return (qty[0], unit[0], item[0]) if len(qty) == len(unit) == len(item) == 1 else None


def _names_the_thing(key: str, thing: str, value: Any, said: str) -> bool:
    """A field named as the object itself (`materials: [{material, quantity}]`) holds what the
    object is: its words are the noun ("a tape roll with a quantity of 2"), never "a material with
    material tape roll"."""
    from ..phrasebook.lexicon import singular

    if not isinstance(value, str) or not said or len(said.split()) > 4 or re.search(r"\d", said):
        return False
    return singular(words(key).lower()) in (singular(thing.lower()), singular(thing.lower().rsplit(" ", 1)[-1]))


def _field_phrases(parts: list[str], bare: list[str]) -> list[str]:
    """Fields after the object's noun as one reads them: phrases with their own preposition
    follow as they are ("a pharmacy called Bell Pharmacy in Lima at 555-0100"), the "with ..."
    ones share one "with" ("with breed Beagle and a quantity of 4"), booleans (`bare`:
    "neutered", "not neutered") close with "and" -- never "called X and in Lima"."""
    direct = [p for p in parts if p.split(" ", 1)[0] != "with"]
    withs = [p.split(" ", 1)[1] for p in parts if p.split(" ", 1)[0] == "with"]
    out = [*direct, *(["with " + join_words(withs)] if withs else [])]
    if bare:
        out.append(("and " if out else "") + join_words(bare))
    return out


def _forms_one(value: Any, ctx: Ctx) -> list[str]:
    out: list[str] = []
    for f in kind_of(value, ctx).accepts(value, ctx):
        if f and f not in out:
            out.append(f)
    return out


def forms(value: Any, param: str, tool: Tool | None, time: str | datetime | None = None) -> list[str]:
    """Every surface form accepted when detecting `value` (for lists: the forms of every element)."""
    return _forms_ctx(value, _ctx(param, tool, time))


def _forms_ctx(value: Any, ctx: Ctx) -> list[str]:
    if isinstance(value, list):
        ictx = _item_ctx(ctx)
        return [f for v in value for f in _forms_ctx(v, ictx)]
    if isinstance(value, dict):
        return [f for k, v in value.items() for f in _forms_ctx(v, _child(ctx, k))]
    return _forms_one(value, ctx)


_DETERMINED = re.compile(r"^an? (?P<rest>[a-z][a-z -]*)$")


def _determined_noun(text: str, form: str) -> bool:
    """Whether a form "a <noun>" is said with another determiner or a measure before its noun:
    "my swim", "the swim", "my 30-minute swim"."""
    m = _DETERMINED.match(form)
    if m is None:
        return False
    return re.search(rf"\b(?:my|the|your|our|this|that|his|her|their|[\w]+-(?:minute|hour|mile|km|day|night|week))\s+"
                     rf"(?:[\w]+-(?:minute|hour|mile|km|day|night|week)\s+)?{re.escape(m['rest'])}\b", text,
                     re.IGNORECASE) is not None


_CLOCKED = re.compile(r"(.*?\b)(\d{1,2})[- _:](\d\d)(\b.*)")
_QUARTERS = ("00", "15", "30", "45")
_LETTERED = re.compile(r"(?<=[a-z]{3} )([a-z])(?= [aeiou]| [a-z]+$|$)")


def spoken_member(text: str) -> str:
    """A member's words as said (set 49): a clock in it "late 15-30" is "late 3:30 pm", never "the late 15-30
    public skate"; a lettered label "rink a ice" is "rink A ice", never "at rink an ice"."""
    clocked = _CLOCKED.fullmatch(text) if len(re.findall(r"\d", text)) in (3, 4) else None  # one clock, no range
    if clocked and int(clocked[2]) <= 23 and clocked[3] in _QUARTERS:
        hour = int(clocked[2])
        at = f"{hour % 12 or 12}{'' if clocked[3] == '00' else ':' + clocked[3]} {'am' if hour < 12 else 'pm'}"
        text = f"{clocked[1]}{at}{clocked[4]}" if clocked[1] else f"{clocked[4].strip()} {at}".strip()  # "13:00 early":
        # the early 1 pm
    lettered = _LETTERED.search(text)
    return text[:lettered.start(1)] + lettered[1].upper() + text[lettered.end(1):] if lettered else text


def _element_mentioned(text: str, value: Any, ctx: Ctx) -> bool:
    kind = kind_of(value, ctx)
    if kind.name == "datetime":
        date, clock = _split_datetime(value)
        if any(contains(text, f) for f in _datetime_accepts(value, ctx)):
            return True
        return _element_mentioned(text, date, ctx) and _element_mentioned(text, clock, ctx)
    forms_ = kind.accepts(value, ctx)
    if kind.name == "enum":  # "late 15-30" is said "late 3:30 pm", "rink a ice" "rink A ice" (set 49)
        forms_ = [*forms_, *(said for f in forms_ if (said := spoken_member(f)) != f)]
    if any(contains(text, f) for f in forms_):
        return True
    if any(_determined_noun(text, f) for f in forms_):  # "a swim" said as "my 30-minute swim" (set 37)
        return True
    # "with any delivery date" said inside a shared "with A, B and any delivery date" group
    return kind.name == "bool" and any(f.startswith("with ") and len(f) > 12 and contains(text, f[5:]) for f in forms_)


def mentioned_parts(
    text: str, value: Any, param: str, tool: Tool | None, time: str | datetime | None = None
) -> list[bool]:
    """Per element (one for scalars): whether `text` mentions it in any accepted form. An
    object is one element per field (in a list: one element, mentioned when all its fields are). Blank elements (None, "") have
    nothing to say and are left out."""
    return _parts_ctx(text, value, _ctx(param, tool, time))


def _parts_ctx(text: str, value: Any, ctx: Ctx) -> list[bool]:
    if isinstance(value, list):
        ictx = _item_ctx(ctx)
        return [all(_parts_ctx(text, v, ictx)) for v in value if not blank(v)]
    if isinstance(value, dict):
        return [all(_parts_ctx(text, v, _child(ctx, k))) for k, v in value.items() if not blank(v)]
    return [] if blank(value) else [_element_mentioned(text, value, ctx)]


def blank(value: Any) -> bool:
    """Nothing to say: None, an empty string, or an object / array holding only blanks (an empty
    profile is left out of the text, never said as a dangling "with a profile")."""
    if isinstance(value, dict):
        return all(blank(v) for v in value.values())
    if isinstance(value, list):
        return all(blank(v) for v in value)
    return value is None or (isinstance(value, str) and not value.strip())


def mentions(
    text: str, value: Any, param: str, tool: Tool | None, time: str | datetime | None = None
) -> bool:
    """Whether `text` states `value` (every element of a list; a blank value trivially)."""
    return all(mentioned_parts(text, value, param, tool, time))


def leaks(text: str, value: Any, param: str, tool: Tool | None, time: str | datetime | None = None) -> bool:
    """Whether `text` discloses `value` at least partly (any element of a list)."""
    return any(mentioned_parts(text, value, param, tool, time))


from ..records import dict_at
from .identity import is_identifier  # noqa: F401  (one definition, re-exported)
