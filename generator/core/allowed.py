"""What a parameter's description says its values are: the allowed values it lists, examples,
a stated default and a numeric range.

Real catalogs rarely put an `enum` in the schema; they write the values in prose:
"One of: low, mid, high", "Unit system, either 'metric' or 'imperial'", "Valid values are
motion, brief, exhibit", "How often to feed: daily, every_other_day or weekly", "[Enum]: USD,
EUR, JPY", "Valid Options: small (60px), medium (300px) or large". A list after such a cue is
the parameter's enum (`described`), drawn from every time; a list after "e.g.", "such as",
"for example" is only a set of examples. "Default is 30" / "Default value is 299792458" is a
default; "from 0.0 to 1.0", "between 1 and 5", "maximum is 50" narrow a number.

Parsing is deliberately strict: a list counts only when it has two or more short items
(quoted, or single tokens of at most three words, each optionally glossed in parentheses) and
none of them reads as prose ("any equity, index or forex" is not a list of values). A wrong
"enum" would pin a parameter to junk ("mid and "), so anything unclear is left out.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache

# Cues before a closed list of values, and before a list of examples.
_CLOSED = re.compile(r"(?:\bone or more of|\bone of|\b(?:valid|allowed|possible|accepted|supported|available|permitted|acceptable)"
                     r"(?: values| options| inputs| units| types|(?=\s*:)|(?=\s+(?:are|is|include)\b))|\boptions(?: are)?|\bmust be(?: one of)?|"
                     r"\bcan be(?: one of)?|\beither|\bvalues? (?:are|is|can be|include)|\bsupports|"
                     r"\[enum\]|\bchoices?(?: are)?)\s*(?:(?:are|is|include)\b|:)?\s*:?\s*", re.IGNORECASE)
_OPEN = re.compile(r"(?:\be\.g\b\.?|\beg\b(?!-)\.?|\bi\.e\b\.?|\bfor example|\bfor instance|\bsuch as|\blike|"
                   r"\bincluding|\bexamples?(?: are| include)?|\bpor ejemplo|\bpar exemple|\bzum beispiel|記述例|例えば)\s*[,:：]?\s*",
                   re.IGNORECASE)
# A colon after a short lead ("How often to feed: daily, weekly") also opens a closed list.
# "Shift: first, second, third" lists values; "Where the truck is: route and milepost or yard" says
# what a value is made of (a clause before the colon), never which values there are.
_COLON = re.compile(r"^(?!where\b)[^.:;\n]{2,60}:(?!\w)\s*", re.IGNORECASE)  # never the colon of "HH:MM"
_WHERE_COLON = re.compile(r"^where\b[^.:;\n]{2,60}:(?!\w)\s*", re.IGNORECASE)
# A single quote inside a word ("'men's knit pullover'") is an apostrophe, not the closing quote.
_SINGLE_QUOTED = r"(?<!\w)'(?:[^'\n]|(?<=\w)'(?=\w)){{1,{n}}}'(?!\w)"
_QUOTED = rf"""(?:{_SINGLE_QUOTED.format(n=40)}|"[^"\n]{{1,40}}"|`[^`\n]{{1,40}}`)"""
# One quoted example after a cue may be a whole line of free text ("e.g. 'oak dresser, top scratched
# and left leg broken'"): it says what the text holds, where a list's items are short.
_LINE_QUOTED = rf"""(?:{_SINGLE_QUOTED.format(n=120)}|"[^"\n]{{1,120}}"|`[^`\n]{{1,120}}`)"""
_WORD = r"(?!(?:or|and|etc)\b)[\w+/:%-]+(?:\.\d+)*"  # "1987.112.4": an accession number, whole
_BARE = rf"{_WORD}(?: {_WORD})?"
# A name of three or four capitalised words, in a list of names ("Axis Forensic Toxicology")
# or a title and a name ("Rev. Ann Moyer, Rabbi David Klein, Fr. Tomas Ruiz": never "Rev").
_TITLES = r"(?:Rev|Fr|Dr|Mr|Mrs|Ms|Prof|Msgr|Sr|Sra|St|Capt|Lt|Sgt|Hon)"
_NAME_RUN = (rf"(?-i:(?:{_TITLES}\. [A-Z][\w&'-]*(?: [A-Z][\w&'-]*){{1,3}}"
             r"|[A-Z][\w&'-]*(?: [A-Z][\w&'-]*){2,3}))(?=\s*(?:,|\s(?:or|and)\s|[.;]|$))")
# A code written in three or four upper-case parts, as a plate or a registration is ("FL 4417 KR").
_PLATE = r"(?-i:[A-Z0-9]{1,5}(?: [A-Z0-9]{1,5}){2,3})"
_GLOSS = re.compile(r"\s*\([^()\n]{0,80}\)")
_ITEM = re.compile(rf"\s*\[?\s*({_QUOTED}|{_NAME_RUN}|{_BARE})")
_SEP = re.compile(r"\s*(?:,\s*(?:(?:and|or)\s+)?|\s(?:or|and)\s+|\s*\|\s*|\s*/\s+)")
_NOUN_AFTER = re.compile(r"\s+[a-z]+(?=\s*(?:,|\s(?:or|and)\s|[.;]|$))")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")
_PAREN_LIST = re.compile(r"\(([^()]{3,200})\)")
# "(Buy/Sell)": the few words a value is, in parentheses (not a unit such as "(km/h)")
_PAREN_SLASH = re.compile(r"\(\s*([A-Za-z][A-Za-z_-]{2,15}(?:\s*/\s*[A-Za-z][A-Za-z_-]{2,15}){1,4})\s*\)")
# One example after a cue, unquoted: "eg. Bankruptcy", "e.g. HSBC", "e.g., 4/4", "e.g Ice age"
_SINGLE = re.compile(r"(?:\be\.g\b\.?|\beg\b(?!-)\.?|\bi\.e\b\.?|\bfor example|\bsuch as|\bpor ejemplo|\bpar exemple)"
                     rf"\s*[,:]?\s*({_BARE}|{_PLATE})(?=(?:\s*\([^()\n]{{1,40}}\))?\s*(?:[,;)]|\.(?!\d)|$))",
                     re.IGNORECASE)  # not "like": "works like magic"; "e.g. 8443970 (Boston)": a glossed one
_AS_DEFAULT = re.compile(r"\b(?:with )?([A-Za-z][\w-]*) as (?:the )?default\b", re.IGNORECASE)
# Words that make an unquoted item prose rather than a value.
_PROSE = frozenset({"a", "an", "the", "any", "all", "other", "more", "some", "this", "that", "which", "if",
                    "is", "are", "be", "to", "of", "for", "in", "on", "with", "by", "not", "etc", "used",
                    "see", "set", "you", "your", "it", "its", "will", "can", "should", "return", "returns",
                    "e", "i", "eg", "ie",
                    # a modal or an auxiliary makes a clause, not a value ("snake_case and cannot contain")
                    "cannot", "can't", "must", "may", "might", "could", "would", "shall", "do", "does",
                    "no", "has", "have", "contain", "contains", "include", "includes"})
# "Default is 30", "defaults to m/s", "Default 'JSON'"; a bare word needs the verb ("the default
# tokenizer" names a thing, it states no value)
_DEFAULT = re.compile(r"\bdefaults?(?: value)?(?:(?:\s+is\b|\s+to be\b|\s+to\b|\s*=|\s*:)\s*(?:set to\s*)?"
                      rf"({_QUOTED}|-?\d+(?:\.\d+)?(?!\w|\.\d)|[A-Za-z_][\w./-]*[\w/])|"
                      rf"\s*({_QUOTED}|-?\d+(?:\.\d+)?(?!\w|\.\d)))", re.IGNORECASE)
_NUM = r"(-?\d+(?:\.\d+)?)"
_RANGES = [re.compile(rf"\bfrom {_NUM}\b[^.;\n]{{0,40}}?\bto {_NUM}", re.IGNORECASE),
           re.compile(rf"\bbetween {_NUM} and {_NUM}", re.IGNORECASE),
           re.compile(rf"\brange (?:of |is )?\[?{_NUM}\s*(?:-|to|,|\.\.)\s*{_NUM}", re.IGNORECASE),
           re.compile(rf"\(\s*{_NUM}\s*(?:-|to)\s*{_NUM}\s*\)", re.IGNORECASE),
           # "1-8 (Cornell scale)", "0 (none) to 5 (severe)", "0–100": a bare range, not a date,
           # a phone number or a clock time (nothing numeric joined on either side)
           re.compile(rf"(?<![\w.:/-])[$€£]?{_NUM}\s*(?:\([^()]{{1,30}}\)\s*)?(?:-|–|—|\bto\b)\s*[$€£]?{_NUM}"
                      r"(?![\w:/-]|\.\d)", re.IGNORECASE)]  # "$10-$75" is a range of money too
# "between 1.0 and 1.5 times MAWP", "1.25x the MAWP": a ratio to another quantity, never the value's range
# (set 38: a hydrostatic test pressure of 1.33 psig).
_TIMES_AFTER = re.compile(r"\s*(?:times\b|x\b|×|percent of\b|% of\b)", re.IGNORECASE)
_UPPER = re.compile(rf"\b(?:maximum|max|at most|up to|no more than|(?:rarely|seldom|never) (?:more than|over|above))(?: value)?(?: is| of)?(?: fixed at)?\s*:?\s*{_NUM}",
                    re.IGNORECASE)

# "must be at least 0.995", "no less than 18", "minimum is 5", ">= 0.9": the least a value may be
_LOWER = re.compile(rf"(?:\bat least|\bno less than|\bnot less than|\bminimum(?: value)?(?: is| of)?|\bmin\.?(?: is)?|>=|≥)"
                    rf"\s*:?\s*{_NUM}", re.IGNORECASE)


@dataclass(frozen=True)
class Described:
    """What a description says about a parameter's values."""

    allowed: tuple[str, ...] = ()  # a closed list: the enum the schema did not write
    examples: tuple[str, ...] = ()
    default: str | float | None = None
    low: float | None = None
    high: float | None = None


def _strip(item: str) -> str:
    return item.strip().strip("'\"`").strip()


def _items(text: str, whole: bool = False) -> tuple[str, ...] | None:
    """The values of the list at the start of `text` (`whole`: the list is all of it), or None
    when it is not a list of values."""
    text = _GLOSS.sub("", text)  # "small (60px), medium (300px)": the glosses say what a value means
    pos, raw, end = 0, [], 0
    while (m := _ITEM.match(text, pos)) is not None:
        raw.append(m.group(1))
        end = m.end()
        noun = _NOUN_AFTER.match(text, end) if raw[-1][:1] in "'\"`" else None
        end = noun.end() if noun else end  # "'calendar' days or 'court' days"
        sep = _SEP.match(text, end)
        if sep is None:
            break
        pos = sep.end()
    if raw and raw[-1].endswith(".") and raw[-1].strip("'\"`") == raw[-1]:
        raw[-1] = raw[-1].rstrip(".")  # the sentence's full stop
    quoted = [r for r in raw if r[:1] in "'\"`"]
    if len(quoted) >= 2 and not whole:  # "options: 'Darwin', 'Lamarck', default is 'Darwin'"
        raw = raw[:next((i for i, r in enumerate(raw) if r[:1] not in "'\"`"), len(raw))]
    last = raw[-1].split() if raw else []
    qualified = bool(last) and last[0].lower() in _CATCH_ALL and (
        _QUALIFIER.match(text[end:]) is not None if len(last) == 1 else
        len(last) == 2 and _QUALIFIER.match(" " + last[1]) is not None)
    if qualified:
        raw[-1] = last[0]
    items = [i for i in (_strip(r) for r in raw) if i]
    if whole and text[end:].strip(" .") != "":
        return None
    if raw and raw[-1][:1] not in "'\"`" and re.match(r" +[A-Za-z]", text[end:]) and not qualified:
        return None  # "facility code, 2-digit collection year": a phrase cut short, the parts of a format
    catch_all = [i.lower() in _CATCH_ALL for i in items]  # "..., arson, other": a value, not prose
    if len(items) < 2 or not all(_value_like(r, i) or (c and len(items) - sum(catch_all) >= 2)
                                 for r, i, c in zip(raw, items, catch_all, strict=False)):
        return None
    return tuple(dict.fromkeys(items))


_CATCH_ALL = frozenset({"other", "none", "all", "any"})
# "... or none for public-domain works": the catch-all value, and when it is the one
_QUALIFIER = re.compile(r" +(?:for|if|when|where|otherwise|in case)\b", re.IGNORECASE)


def _value_like(raw: str, item: str) -> bool:
    if raw.strip()[:1] in "'\"`":
        return True
    words = item.split()
    prose = {w.lower() for w in words if not w.isupper()} & _PROSE  # "IN" is India's code, "in" a word
    named = len(words) <= 4 and all(w[:1].isupper() for w in words)  # "Axis Forensic Toxicology": a name
    return 0 < len(words) and (len(words) <= 2 or named) and not prose and "%" not in item  # "%H:%M" is a format


# A code and what it means: "0041 corn", "'11' drought", "12 = Excess moisture", "R1: symptomatic anemia".
_CODE = r"""['"`]?([A-Z0-9][A-Za-z0-9.]{0,7})['"`]?"""
_CODED_ITEM = re.compile(rf"^\s*(?:(?:and|or)\s+)?{_CODE}\s*(=|:|–|—|-)?\s+(?!(?:digits?|characters?|chars?|letters?)\b)([A-Za-z][^=]{{0,60}})$")


def _split_top(text: str) -> list[str]:
    """`text` split at commas and semicolons outside parentheses."""
    parts: list[str] = []
    cur: list[str] = []
    depth = 0
    for ch in text:
        depth += (ch == "(") - (ch == ")")
        if ch in ",;" and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    return parts + ["".join(cur)]


def coded(text: str, *, cued: bool = True) -> tuple[str, ...] | None:
    """The codes of a list of codes each followed by its meaning, at the start of `text` ("0041
    corn, 0081 soybeans, 0011 wheat" -> 0041, 0081, 0011; "'11' drought, '12' heat"): the
    codes are the values, the words only say what they mean. Without a cue before it
    (`cued=False`) only "CODE = meaning" counts. Each code holds a digit or is upper case."""
    sentence = re.split(r"(?<=[^.\s]{2})\.(?:\s+(?=[A-Z])|\s*$)", text, maxsplit=1)[0]
    codes: list[str] = []
    for part in _split_top(sentence):
        m = _CODED_ITEM.match(part.strip())
        if m is None or not (re.search(r"\d", m.group(1)) or m.group(1).isupper()):
            break
        if not cued and m.group(2) != "=":
            break
        codes.append(m.group(1))
    enough = 3 if cued else 2
    return tuple(dict.fromkeys(codes)) if len(codes) >= enough and len(set(codes)) == len(codes) else None


_EQUALS_LIST = re.compile(r"""(?<![\w'"`])['"`]?[A-Z0-9][A-Za-z0-9.]{0,7}['"`]?\s*=\s*[A-Za-z]""")


def _coded_anywhere(text: str) -> tuple[str, ...] | None:
    """ "RMA crop code 0041 = corn, 0081 = soybeans": a list of "CODE = meaning" needs no cue."""
    return next((found for m in _EQUALS_LIST.finditer(text) if (found := coded(text[m.start():], cued=False))), None)


def _after(cue: re.Pattern[str], text: str) -> list[tuple[str, ...]]:
    out = []
    for m in cue.finditer(text):
        found = coded(text[m.end():]) or _items(text[m.end():]) or _glossed(text[m.end():])
        if found:
            out.append(found)
    return out


# Nouns that name what a value is, never a value: "City, town or community" glosses a place (set 32).
_KINDS_OF_THING = frozenset({"city", "town", "village", "community", "county", "borough", "municipality", "township",
                             "state", "province", "region", "country", "district", "person", "individual", "company",
                             "business", "organization", "organisation", "team", "group", "site", "building",
                             "name", "address", "street", "place", "location", "area"})


def leading_list(text: str) -> tuple[str, ...] | None:
    """A description that is a list of values, or opens with one as its first sentence: quoted
    values ("'hand' or 'ground_sweep' (shaken/swept drops; ...). More prose.") or three or more
    bare one-word values ("stainless, ibc, oak_barrel, flextank", "distributor | retail | on_premise")."""
    first = re.split(r"(?<=[^.\s]{2})\.\s+(?=[A-Z])", text, maxsplit=1)[0]
    quoted = re.sub(r"\s*\([^()]*\)", "", first)
    if quoted[:1] in "'\"`" and (found := _items(quoted, whole=True)):
        return found
    found = _items(text, whole=True) or _items(re.split(r";\s+", text, maxsplit=1)[0], whole=True)
    if found and any(c in text for c in "'\"`"):  # "LX, SQ, FLY, DECK, VID or SPOT; all departments if omitted."
        return found
    bare = found is not None and len(found) >= 3 and all(re.fullmatch(r"[\w-]+", f) for f in found) and \
        not all(f.lower() in _KINDS_OF_THING for f in found)  # "City, town or community.": what it is, no values
    if bare and found and re.fullmatch(r"[A-Z][a-z]{2,}", found[0]) and \
            all(re.fullmatch(r"[A-Z][A-Z0-9]{0,3}", f) for f in found[1:]):
        return found[1:]  # "Zone, N, S, E, W or DT": the label is no code
    return found if bare else _labelled_codes(text) or _series_of_names(text)


def _series_of_names(text: str) -> tuple[str, ...] | None:
    """A description that lists places of a series ("Rehearsal Hall A, Rehearsal Hall B, or the
    stage"): two or more names that differ only in their last mark, and at most two others of a
    word or two; never a list of title-case labels ("Street Address, City Name")."""
    found = [re.sub(r"^(?:the|a|an) ", "", f.strip()) for f in re.split(r",\s*(?:or\s+|and\s+)?|\s+or\s+", text.strip().rstrip("."))]
    heads = [f.rsplit(" ", 1)[0] for f in found if re.fullmatch(r"[A-Z][\w'-]*(?: [A-Z][\w'-]*)* [A-Z0-9]{1,2}", f)]
    rest = [f for f in found if not re.fullmatch(r"[A-Z][\w'-]*(?: [A-Z][\w'-]*)* [A-Z0-9]{1,2}", f)]
    if len(heads) < 2 or len(set(heads)) != 1 or len(rest) > 2 or not all(re.fullmatch(r"[\w-]+(?: [\w-]+)?", f) for f in rest):
        return None
    return tuple(f[:1].upper() + f[1:] for f in found)  # "the stage" beside "Rehearsal Hall A" is the Stage


# "Dispatch zone, N, S, E, W or DT (downtown).": a label of a few words, then its codes.
_LABELLED = re.compile(r"^[A-Z][a-z]+(?: [a-z]+){0,3},\s+(.+)$")


def _labelled_codes(text: str) -> tuple[str, ...] | None:
    """Codes after a label (set 15: a dispatch zone drawn as "kitchen" beside "N, S, E, W or
    DT"): three or more, each upper case of one to four letters or digits."""
    m = _LABELLED.match(text.strip())
    found = _items(m.group(1), whole=True) if m else None
    codes = found is not None and len(found) >= 3 and all(re.fullmatch(r"[A-Z][A-Z0-9]{0,3}", f) for f in found)
    return found if codes else None


_VERBS = frozenset({"is", "are", "be", "must", "can", "should", "will", "may", "use", "used", "see", "set", "returns",
                    "return", "include", "includes", "not", "if", "when", "only"})


def phrase_list(description: str) -> tuple[str, ...]:
    """A description that is only a list of kinds in plain words ("Proof of loss, settlement
    sheet, FSA-578 acreage report, photos."): its phrases, as a person writes them (first
    letter lower case unless an acronym); () when it is anything else."""
    text = description.strip().rstrip(".").strip()
    parts = [p.strip() for p in re.split(r",\s*(?:(?:and|or)\s+)?|\s+(?:or|and)\s+(?=[^,]*$)", text)]
    if len(parts) < 3 or any(not re.fullmatch(r"[A-Za-z0-9][\w/&' -]*", p) or len(p.split()) > 4 or
                             {w.lower() for w in p.split()} & _VERBS for p in parts):
        return ()
    return tuple(dict.fromkeys(p[0].lower() + p[1:] if p[1:2].islower() else p for p in parts))


def _glossed(text: str) -> tuple[str, ...] | None:
    """Quoted values each followed by what it means, up to the sentence's end: "either 'gini'
    for the Gini impurity or 'entropy' for the information gain"."""
    sentence = re.split(r"(?<=[^'\"`\s])\.\s", text, maxsplit=1)[0]
    quoted = [_strip(q) for q in re.findall(_QUOTED, sentence)]
    return tuple(dict.fromkeys(quoted)) if len(quoted) >= 2 and re.search(r"\bor\b", sentence) and \
        re.match(rf"\s*{_QUOTED}", text) else None


def _between(text: str) -> list[tuple[str, ...]]:
    """ "Preference between thinking and feeling": two words a value is one of (never numbers or
    clock times, which make a range: "runs between 00:00 and 06:00")."""
    out: list[tuple[str, ...]] = []
    for m in re.finditer(r"\bbetween\s+", text, re.IGNORECASE):
        found = _items(text[m.end():])
        if found and len(found) == 2 and not any(re.fullmatch(r"-?[\d.:]+(?:\s*[ap]\.?m\.?)?", f, re.IGNORECASE)
                                                 for f in found):  # numbers and clock times make a range
            out.append(found)
    return out


# A Markdown table of settings and their values ("|設定|値|", "|Setting|Value|"): the value column.
_VALUE_HEADERS = frozenset({"値", "value", "values", "code", "コード", "id", "値の例"})
# A default stated under a heading in another language ("#### デフォルト `0`").
_FOREIGN_DEFAULT = re.compile(r"(?:デフォルト|既定値|默认值?|默認值?|valeur par défaut|standardwert)\W*`([^`\n]{1,40})`",
                              re.IGNORECASE)


def _table_values(description: str) -> tuple[str, ...]:
    """The values of the value column of a description's first Markdown table ("|設定|値|"), when
    it lists values: a table of a range ("|範囲|値|", rows min / max) lists none."""
    block: list[str] = []
    for line in description.splitlines():
        if line.strip().startswith("|"):
            block.append(line)
        elif block:
            break  # the first table only: the next one says something else
    rows = [[_GLOSSED.sub("", c).strip().strip("`").strip() for c in line.strip().strip("|").split("|")]
            for line in block]
    if len(rows) < 4 or not set(rows[1][0]) <= set("-: ") or rows[0][0].lower() in _RANGE_WORDS:
        return ()
    column = next((i for i, h in enumerate(rows[0]) if h.lower() in _VALUE_HEADERS), None)
    if column is None or any(r[0].lower() in _RANGE_WORDS for r in rows[2:]):
        return ()
    values = [r[column] for r in rows[2:] if len(r) > column and 0 < len(r[column]) <= 20]
    return tuple(dict.fromkeys(values)) if len(set(values)) >= 2 else ()


_GLOSSED = re.compile(r"（[^）]*）|\([^)]*\)")
_RANGE_WORDS = frozenset({"範囲", "range", "最小", "最大", "min", "max", "minimum", "maximum"})


# "Allowed reasons are: payment due, coin count mismatch, declared value over tier limit, suspected
# counterfeit, customer request." (set 24: hold reasons "completed successfully"): an explicit cue
# and a colon close a list of short phrases, longer than the two words a list item has elsewhere.
_PHRASES_CUE = re.compile(r"\b(?:allowed|valid|accepted|permitted|possible)\s+[a-z]+\s+(?:are|is)\s*:\s*([^.;:]+)",
                          re.IGNORECASE)
_PHRASE = re.compile(r"[a-z0-9][a-z0-9' /-]*", re.IGNORECASE)


def _phrases_allowed(text: str) -> list[tuple[str, ...]]:
    m = _PHRASES_CUE.search(text)
    if m is None:
        return []
    items = [i.strip() for i in re.split(r",\s*(?:or\s+|and\s+)?|\s+or\s+", m.group(1)) if i.strip()]
    if not 3 <= len(items) <= 12 or not all(_PHRASE.fullmatch(i) and len(i.split()) <= 5 for i in items):
        return []
    return [tuple(items)]


# "leave out for roadside services (jump start, lockout, tire change)": the calls a value is left out
# of, never values of it (set 33: a drop-off address "fuel delivery").
_WHEN_LEFT_OUT = re.compile(r"\b(?:leave (?:it |this )?(?:out|empty|blank)|omit(?:ted)?|not (?:used|needed|required)|"
                            r"except|unless|only) (?:for|when|with|on|if)\b[^.;(]{0,60}$", re.IGNORECASE)


@lru_cache(maxsize=8192)
def read(description: str) -> Described:
    """The allowed values, examples, default and range a description states."""
    text = re.sub(r"\s+", " ", description.replace("**", "")).strip()
    closed = _after(_CLOSED, text) or _between(text) or _letters(text) or _phrases_allowed(text) or _grouped(text)
    if not closed and (listed := _coded_anywhere(text)):
        closed = [listed]
    table = _table_values(description)
    default = _default(text)
    if not closed and table and (default is None or str(default).removesuffix(".0") in table):
        closed = [table]  # a table whose values do not hold the default is not all of them
    colon = _COLON.match(text)
    leading = not closed and not colon
    if leading:  # the description is the list ("'calendar' days or 'court' days")
        closed = [found] if (found := leading_list(text)) else []
    if not closed and colon:
        found = coded(text[colon.end():]) or _items(text[colon.end():])
        closed = [found] if found and not _OPEN.search(colon.group(0)) else []
    where = _WHERE_COLON.match(text) if not closed and not colon else None
    if where and " and " not in text[where.end():] and len(told := leading_list(text[where.end():]) or ()) >= 3:
        closed = [told]  # "Where the tire ran before removal: steer, drive or trailer."
    if not closed and not colon and (quoted := _quoted_after_colon(text)):
        closed = [quoted]  # "Where the frame comes from: 'lab_supplied' (give frame_sku), ... or 'uncut' (...)"
    if closed and any(_FORMAT_TOKEN.fullmatch(c) or _COUNTED.fullmatch(c) for c in closed[0]):
        closed = []  # "Date the work must be finished, YYYY-MM-DD", "Consignment id, 'CN-' and 6 digits": a shape
    run = re.sub(r"\([^()]*\)", "", _cue_run(text))  # "e.g. '012345678ELC' ('ELC' for ...)": an aside, no example
    examples = [i for lst in _after(_OPEN, text) for i in lst if not _told_beside_quotes(i, text)] + \
        _quoted_examples(text) + [_strip(q.group(0)) for q in re.finditer(_LINE_QUOTED, run)]  # "... or initials
    # and birth date 'J.K. 1958-03-14'" (set 37)
    # "(healthy, queenless, swarming)" lists values; "(person or organisation)" only glosses
    # ... but "(about 52,000-56,000 lb)" is one amount: a comma between digits is no separator
    examples += [i for m in _PAREN_LIST.finditer(text) for i in (_items(_THOUSANDS.sub("", m.group(1))) or _one_id(m.group(1)))
                 if (_THOUSANDS.sub("", m.group(1)).count(",") >= 2 or _ids(m.group(1))) and
                 not _glosses_code(text[:m.start()]) and not _WHEN_LEFT_OUT.search(text[:m.start()])]
    examples += [i.strip() for m in _PAREN_SLASH.finditer(text) for i in m.group(1).split("/")
                 if i.strip().lower() not in _PROSE]
    if closed and leading and examples and not {e.lower() for e in examples} & {c.lower() for c in closed[0]}:
        closed = []  # "Building name or street address, partial match (e.g. 'Harbor View Tower')" says what a value is
    # "e.g. '(951) 555-0172'" is one example: its tail left when the aside is taken out is none (set 48)
    examples = [e for e in examples if not any(o != e and re.search(rf"[ )]{re.escape(e)}$", o) for o in examples)]
    low, high = _range(text)
    return Described(allowed=closed[0] if closed else (), examples=tuple(dict.fromkeys(examples)),
                     default=default, low=low, high=high)


# "Allowed values depend on species: cattle: 'steers', 'heifers'; hogs: 'sows', 'boars'": quoted
# values listed under labels (members of another parameter, which `dependencies` pairs them with).
GROUP = re.compile(r"(?<![\w'\"`-])([A-Za-z][\w-]*):\s*((?:['\"`][^'\"`\n]{1,40}['\"`](?:,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+)?)+)")


def _grouped(text: str) -> list[tuple[str, ...]]:
    """Every value of two or more labelled groups of quoted values, in the order written."""
    groups = GROUP.findall(text)
    if len(groups) < 2:
        return []
    return [tuple(dict.fromkeys(v for _, listed in groups for v in re.findall(r"['\"`]([^'\"`]+)['\"`]", listed)))]


# "Wave or corral letter (A to H)", "Start corral letter, A (fastest seed) to H"
_LETTER_RANGE = re.compile(r"\bletters?\b[^.;]{0,30}?(?<![\w'-])([A-Z])(?:\s*\([^()]{1,30}\))?\s*(?:to|through|-|–)\s*"
                           r"([A-Z])(?![\w'-])")


def _letters(text: str) -> list[tuple[str, ...]]:
    """The letters a description's letter range allows ("letter (A to H)": A, B, ..., H)."""
    m = _LETTER_RANGE.search(text)
    if m is None or not 1 <= ord(m.group(2)) - ord(m.group(1)) <= 25:
        return []
    return [tuple(chr(c) for c in range(ord(m.group(1)), ord(m.group(2)) + 1))]


# "6 digits", "two letters": how a value is written, never a value.
_COUNTED = re.compile(r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten) (?:digits?|letters?|characters?|chars?)",
                      re.IGNORECASE)
# A date or time format written out ("YYYY-MM-DD", "HH:MM", "DD/MM/YYYY"): no value of a list.
_FORMAT_TOKEN = re.compile(r"[YMDHhmsS]{1,4}(?:[-/:. T][YMDHhmsS]{1,4})+")


def _quoted_after_colon(text: str) -> tuple[str, ...]:
    """The values a description lists after its first colon when every one is quoted (glosses
    between them allowed), whatever the lead says; () when it lists fewer than two so."""
    if ":" not in text:
        return ()
    after = text.split(":", 1)[1].strip()
    found = _items(after) or ()
    said = all(f"'{i}'" in after or f'"{i}"' in after or f"`{i}`" in after for i in found)
    return found if len(found) >= 2 and said else ()


def _ids(text: str) -> bool:
    """Whether a parenthesis holds only identifiers ("(T1184, RPh-022)"): two of them are a list
    of examples, where two words ("(person, organisation)") would only gloss; one alone is an
    example when written in capitals and digits ("(R0048213)")."""
    parts = [p.strip() for p in re.split(r",|\bor\b", text)]
    if len(parts) == 1:  # one id alone: "R followed by 7 digits (R0048213)", "T plus two digits (T07)"
        return re.fullmatch(r"[A-Z]{1,5}-?\d{2,}(?:[-/][A-Z0-9]+)*", parts[0]) is not None  # "(G25-01873)"
    return all(re.fullmatch(r"[A-Za-z]{1,5}[-_]?\d{2,}", p) for p in parts)


def _one_id(text: str) -> tuple[str, ...]:
    """The id a parenthesis holds alone ("(R0048213)"), as a list of one (`_ids` says whether it is one)."""
    return (text.strip(),) if "," not in text and " or " not in text else ()


def _glosses_code(before: str) -> bool:
    """Whether a parenthesis follows a code it explains: "K05.311 (chronic periodontitis,
    localized, slight)" says what the code means, it lists no values."""
    return re.search(r"[A-Za-z]*\d[\w.-]*['\"`]?\s*$", before) is not None


def _told_beside_quotes(item: str, text: str) -> bool:
    """Whether a listed item is words that say what a quoted example is, not a value: "e.g. 'MRN
    00482913' or initials and birth date 'J.K. 1958-03-14'" (set 37: a patient reference "initials")."""
    return bool(re.search(r"['\"]", _cue_run(text))) and not re.search(rf"['\"]{re.escape(item)}['\"]", text)


def _cue_run(text: str) -> str:
    """The rest of the sentence after an example cue ("e.g. ..."), "" without one."""
    cue = _OPEN.search(text)
    return re.split(r"(?<=[\w'\")])\.\s+(?=[A-Z][a-z])", text[cue.end():], maxsplit=1)[0] if cue else ""


def _quoted_examples(text: str) -> list[str]:
    """A single example after a cue, quoted ("e.g. 'HV-0142'") or a bare value ending the
    phrase ("eg. Bankruptcy", "e.g. HSBC"); a bare one only when it reads as a value."""
    # "e.g. 'Quarterly general pest service' or 'Exterior rodent exclusion, 6 entry points'": both
    run = rf"{_OPEN.pattern}({_LINE_QUOTED}(?:\s*(?:,\s*)?(?:\bor\b|\band\b|,)\s*{_LINE_QUOTED})*)"
    quoted = [_strip(q.group(0)) for m in re.finditer(run, text, re.IGNORECASE)
              for q in re.finditer(_LINE_QUOTED, m.group(1))]
    bare = [m.group(1) for m in _SINGLE.finditer(text)
            if (_value_like(m.group(1), m.group(1)) or re.fullmatch(_PLATE, m.group(1).rstrip(".")))
            and not re.fullmatch(_TITLES, m.group(1))]  # "e.g. Rev. Ann Moyer": a title opens a name
    return quoted + [b.rstrip(".") for b in bare]


def plate_like(value: str) -> bool:
    """Whether a value is a code in three or four upper-case parts ("FL 4417 KR"): its shape,
    like an id's, is what an example of it shows."""
    return re.fullmatch(_PLATE, value) is not None and any(c.isdigit() for c in value)


def _default(text: str) -> str | float | None:
    m = _DEFAULT.search(text) or _AS_DEFAULT.search(text) or _FOREIGN_DEFAULT.search(text)
    if not m:
        return None
    value = next(g for g in m.groups() if g is not None).strip("'\"`")
    if value.lower() in _PROSE or value.lower() in ("none", "null", "empty", "not", "no", "everything", "nothing"):
        return None
    try:
        return float(value) if re.fullmatch(r"-?\d+(?:\.\d+)?", value) else value
    except ValueError:
        return value


_THOUSANDS_SEP = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")  # "16,000 to 26,000 lb" is 16000 to 26000, not 0 to 26


def _range(text: str) -> tuple[float | None, float | None]:
    text = _THOUSANDS_SEP.sub("", text)
    for rx in _RANGES:
        m = rx.search(text)
        if m and float(m.group(1)) < float(m.group(2)) and not _TIMES_AFTER.match(text, m.end()):
            return float(m.group(1)), float(m.group(2))
    up, low = _UPPER.search(text), _LOWER.search(text)
    high, least = (float(up.group(1)) if up else None), (float(low.group(1)) if low else None)
    return (None, high) if least is not None and high is not None and least >= high else (least, high)


# Values that stand for "nothing" or for a value's shape, never a value a person states: sending
# them is what leaving the parameter out already does ("", "null", [], {}), or they describe the
# value ("YYYY-MM-DD", "snake_case") rather than being one.
NOTHING = frozenset({"", "null", "none", "nil", "n/a", "na", "undefined", "empty", "any", "everything", "nothing",
                     "not specified", "unspecified", "unknown", "not applicable", "none specified", "tbd"})
# Words that say what kind of value goes here, not a value ("Search keywords (e.g., exercise type)").
_DESCRIPTORS = frozenset({"type", "types", "name", "names", "content", "tag", "tags", "category", "keyword",
                          "keywords", "title", "id", "value", "values", "etc", "creator", "kind", "string"})
_COORD_ORDER = re.compile(r"^(?:lat|lng|lon|latitude|longitude)\s*,\s*(?:lat|lng|lon|latitude|longitude)$", re.IGNORECASE)
_TEMPLATE = re.compile(r"^(?=.*(?:YYYY|YY|MM|DD|HH|hh|mm|SS|ss))[YMDHhmsSTZz:/.\- ,+]+$")
_CONVENTIONS = frozenset({"snake_case", "camelcase", "pascalcase", "kebab-case", "upper_case", "lowercase",
                          "uppercase", "title case", "screaming_snake_case"})


def placeholder(value: str, *, about_format: bool = False, names_fields: bool = False) -> bool:
    """Whether a stated example or default stands for nothing ("", "null") or for a value's
    shape ("YYYY-MM-DD", "snake_case", "exercise type", "tags") rather than being a value; a
    format template is a value only for a parameter that asks for a format, a field's name
    ("name", "date") only for one that names fields (`sort_by`, `fields`)."""
    if not names_fields and set(value.lower().split()) & _DESCRIPTORS:  # "tags", "creator name"
        return True
    if _COORD_ORDER.match(value.strip()):
        return True  # "lng,lat" says the order of a pair, not a place
    return value.strip().lower() in NOTHING or (not about_format and (
        _TEMPLATE.match(value) is not None or value.lower() in _CONVENTIONS))


# Words that stand in for a value a description does not give ("default", "See description for
# allowed values."): sent as a value they name nothing the API knows, unless the API lists them.
STAND_INS = frozenset({"default", "standard", "see description", "see above", "see below", "see docs",
                       "see documentation", "as described", "various", "other", "misc", "tbd", "todo", "xxx",
                       "free text", "free-text", "free form", "free-form", "freeform", "any text", "text"})


def stand_in(value: str) -> bool:
    """Whether a stated example or default only stands in for a value ("default", "see description")."""
    text = value.strip().lower().rstrip(".")
    return text in STAND_INS or text in NOTHING or text.startswith(("see description", "see the description"))


def allowed_values(description: str) -> list[str]:
    """The closed list of values a description states ([] when it states none)."""
    return list(read(description).allowed)


def affix(example: object) -> bool:
    """An example that is a part to put on a value, not a value: "/P", "/M", "KH6/", "-A" (set 24:
    a worked callsign "KH6/" in every call)."""
    return isinstance(example, str) and len(example) > 1 and (
        example.startswith("/") or example.endswith(("/", "-")) or
        example.startswith("-") and any(c.isalpha() for c in example))


def typed(values: tuple[str, ...] | list[str], json_type: str) -> list[object]:
    """Listed values in the parameter's JSON type ("5" -> 5 for an integer), unconvertible ones left out."""
    out: list[object] = []
    for v in values:
        try:
            out.append(_convert(v, json_type))
        except ValueError:
            continue
    return out


def _convert(value: str, json_type: str) -> object:
    if json_type == "integer":
        return int(value)
    if json_type == "number":  # "3" is 3 as people write it, "2.5" is 2.5
        return int(value) if re.fullmatch(r"-?\d+", value.strip()) else float(value)
    if json_type == "boolean":
        if value.lower() not in ("true", "false"):
            raise ValueError(value)
        return value.lower() == "true"
    if json_type in ("array", "object"):
        return json.loads(value)
    return value
