"""Which part of a text speaks of which gold call, when a query asks for several.

A value is stated only when the text gives it *for this argument*: "look up 'Berlin' to confirm
the main station" does not give an Airbnb search its market "Berlin", and "Verify x@y.com" gives
the address to the validator it asks for, not to a GetTempMail call the text asks for elsewhere
("Run the corresponding check for GetTempMail") or not at all.

Segments are sentences, colon-introduced parts and list items (";", ", ", " and ", "then"). Each
segment goes to the call(s) it speaks of most (`_owners`): those holding a value it says (a
value held by several calls counts for each; a short one only when one call holds it), and the
calls whose name, description and parameters share its words (words every call shares say
nothing). A segment that names no call continues the item before it in its sentence, else it is
an orphan (a preamble, a purpose): orphans speak for every call. The values of a call are then
read in its segments and the orphans; a flag, a single noun any request may say, not in the
segments a closer call leads. An item that "and" joins to the one before stays with it when only
one word of a parameter or description ties it elsewhere. No value is read inside a provider's or
app's name as the text writes it: "pull domains from Hotels com Provider" says no get_hotels.

Anaphora: "that address", "the same year", "this domain" in a call's segments take the nearest
mention of their kind before them in the whole text ("Try reaching that address" after "Verify
info@acme.com" gives the SMTP check the user "info" and the domain "acme.com"); a mention is
never taken from after the anaphor.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ..records import Tool, ToolCall
from .numbers import as_number
from .text import Text, content_stems, fold, identifier_words

# A sentence ends at . ! ? (not after "No.", "Mr.", "e.g."), a colon, a new line; an item at ";", ", "
# (not ", 2021": a date goes on), " and ", " then ".
_SENTENCE = re.compile(r"(?<=[.!?])(?<!\bNo\.)(?<!\bno\.)(?<!\bMr\.)(?<!\bDr\.)(?<!\bSt\.)(?<!\bvs\.)(?<!\be\.g\.)"
                       r"(?<!\bi\.e\.)\s+|:\s+|\n+")
_ITEM = re.compile(r";\s*|,\s+(?!\d{4}\b)|\s+and\s+|\s+then\s+")
_GENERIC = frozenset(content_stems(
    "get api search list data info information v1 v2 v3 by all detail details for endpoint tool this uses use "
    "provides provide returns return retrieves retrieve part comprehensive specific given based allows user users "
    "service services result results including include various such can which it its their from with")) | {"v1", "v2"}
_SHORT = 5  # values of fewer folded characters are "short"
_VALUE_WEIGHT = 3
_MARGIN = 2  # a call this close to the best shares the segment: one word of a description decides nothing


def is_short(value: object) -> bool:
    if isinstance(value, bool) or as_number(value) is not None:
        return True
    return isinstance(value, str) and len(fold(value)) < _SHORT


@dataclass
class Local:
    """The part of a text that speaks of one call: its segments and the orphans, and what the
    anaphora of its segments point back to."""

    text: Text  # its segments (shared with calls as close), and the orphans
    antecedents: list[str] = field(default_factory=list)
    own: Text | None = None  # the segments that speak of it most
    kinds: set[str] = field(default_factory=set)  # the kinds its anaphora name ("address", "year")
    near: Text | None = None  # its own segments and the orphans, without those it shares with a closer call

    def text_for(self, value: object) -> Text:
        """Where a value of this call is read beyond its own segments: a flag, a single noun that any
        neighbouring request may say ("note nearby hotel clusters"), only in the orphans; any
        other value also in the segments it shares with another call."""
        flag = isinstance(value, bool) or str(value).strip().lower() in ("true", "false")
        return self.near if flag and self.near is not None else self.text

    def pointed(self, value: object, param: str = "") -> bool | None:
        """For a value of a kind this call's anaphora name: whether they point back to it (the
        value is read through them only: "Try reaching that address" gives the address that comes
        before it, not one written later). None for a value of no such kind."""
        v = str(value)
        if not any(fits(k, v, param) for k in self.kinds):
            return None
        return fold(v) in {fold(a) for a in self.antecedents}


def segments(text: str) -> list[list[tuple[int, str]]]:
    """Sentences (and colon-introduced parts), each as its list items with their offsets."""
    out = []
    for s in _spans(text, _SENTENCE, 0, len(text)):
        items = [(a, text[a:b]) for a, b in _spans(text, _ITEM, s[0], s[1])]
        if items:
            out.append(items)
    return out


def _spans(text: str, sep: re.Pattern[str], start: int, end: int) -> list[tuple[int, int]]:
    out, at = [], start
    for m in sep.finditer(text, start, end):
        if text[at:m.start()].strip():
            out.append((at, m.start()))
        at = m.end()
    if text[at:end].strip():
        out.append((at, end))
    return out


# ---------------------------------------------------------------- what each call is called

@lru_cache(maxsize=4096)
def _name_stems(name: str) -> frozenset[str]:
    return frozenset(s for s in content_stems(" ".join(identifier_words(name))) if s not in _GENERIC and len(s) > 1)


def _vocabulary(call: ToolCall, tool: Tool | None) -> dict[str, float]:
    """Stem -> weight: the names of the API and of its provider 2, the description's first sentence
    and the parameter names 1."""
    app, _, api = call.tool.partition(": ")
    words: dict[str, float] = {}
    extra = ""
    if tool is not None:
        extra = f"{tool.description.split('. ')[0]} {' '.join(tool.properties)}"
    for s in _name_stems(extra) | _name_stems(app) | set(_name_stems(" ".join(call.arguments))):
        words[s] = 1
    for s in _name_stems(api or app):
        words[s] = 2
    return words


def _distinctive(vocabs: list[dict[str, float]]) -> list[dict[str, float]]:
    """A word tells the calls apart as much as few calls have it: its weight is shared among them
    (a word every call has says nothing)."""
    if len(vocabs) < 2:
        return vocabs
    counts: dict[str, int] = {}
    for v in vocabs:
        for w in v:
            counts[w] = counts.get(w, 0) + 1
    return [{w: k for w, k in v.items() if counts[w] < len(vocabs)} for v in vocabs]


def _value_forms(calls: Sequence[ToolCall]) -> list[set[str]]:
    """Per call, the folded values that tie a segment to it: longer values, and short ones that
    no other call holds."""
    forms = [{f for v in c.arguments.values() for x in (v if isinstance(v, list) else [v])
              if not isinstance(x, bool | dict) and x is not None for f in _written_forms(x) if len(f) >= 2}
             for c in calls]
    shorts = [{f for f in fs if is_short(f)} for fs in forms]
    out = []
    for i, fs in enumerate(forms):
        others = set().union(*(s for j, s in enumerate(shorts) if j != i)) if len(shorts) > 1 else set()
        out.append({f for f in fs if not is_short(f) or f not in others})
    return out


def _written_forms(x: object) -> set[str]:
    """A value as a text may write it, folded: 143.5 is also "143.50" (money)."""
    forms = {fold(str(x))}
    number = as_number(x)
    if number is not None and not isinstance(x, bool) and number != int(number) and round(number, 2) == number:
        forms.add(fold(f"{number:.2f}"))
    return forms


def _owners(view: Text, vocabs: list[dict[str, float]], values: list[set[str]]) -> tuple[set[int], set[int]]:
    """(the calls a segment speaks of most, those close enough to share it)."""
    said_here = {v for vals in values for v in vals if _said_in(view, v)}
    # a value said only as part of a longer one ("acme com" in "ann acme com") is that one's
    inside = {v for v in said_here if any(v != w and f" {v} " in f" {w} " for w in said_here)}
    scores, names = [], []
    for vocab, vals in zip(vocabs, values, strict=True):
        named = sum(k for w, k in vocab.items() if w in view.content_set)
        said = sum(_VALUE_WEIGHT for v in vals if v in said_here and v not in inside)
        scores.append(named + said)
        names.append(named)
    best = max(scores, default=0)
    if not best:
        return set(), set()
    top = {i for i, k in enumerate(scores) if k == best}
    # a call shares the segment when it comes close and some word of it is there too, or no word of
    # the leader is ("look up 'Berlin' to confirm the main station" is the station search's alone)
    worded = any(names[i] for i in top)
    return top, {i for i, k in enumerate(scores) if k >= best - _MARGIN and (names[i] or not worded)}


Owners = tuple[set[int], set[int]]


def _said_in(view: Text, value: str) -> bool:
    """Whether the segment says a (folded) value: as written, or a value of words in another
    inflection ("yoga mats" for "yoga mat"), as the reading of the value itself accepts it."""
    if f" {value} " in view.padded:
        return True
    stems = content_stems(value) if not is_short(value) and not any(c.isdigit() for c in value) else ()
    return view.has_content(stems)


def _continued(text: str, items: list[tuple[int, str]], owners: list[Owners], weak: list[bool]) -> list[Owners]:
    """A list item that names no call continues the item before it in the sentence ("events in
    Lima next week and under 412": the price is Lima's); so does one joined to it by "and" that
    only one word of a call's parameters or description ties to a call the item before is not about
    ("confirm 'Berlin' and note nearby hotel clusters" is still the station search's, not the hotel
    search's)."""
    out: list[Owners] = []
    for k, o in enumerate(owners):
        joined = k > 0 and _AND.fullmatch(text[items[k - 1][0] + len(items[k - 1][1]):items[k][0]]) is not None
        out.append(out[-1] if out and (not o[1] or (joined and weak[k] and out[-1][1] and not o[0] & out[-1][1])) else o)
    return out


_AND = re.compile(r"\s+and\s+")


def _weak(view: Text, vocabs: list[dict[str, float]], values: list[set[str]]) -> bool:
    """No call is named here by more than one word of weight 1, nor by a value."""
    said_here = any(_said_in(view, v) for vals in values for v in vals)
    return not said_here and max((sum(k for w, k in v.items() if w in view.content_set) for v in vocabs),
                                 default=0) < _MARGIN


# ---------------------------------------------------------------- anaphora

_EMAIL = r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
_DOMAIN = r"(?<![@\w.-])(?:[\w-]+\.)+[a-z]{2,}(?![\w-])"
_KINDS: dict[str, re.Pattern[str]] = {
    "address": re.compile(_EMAIL), "email": re.compile(_EMAIL), "mailbox": re.compile(_EMAIL),
    "inbox": re.compile(_EMAIL), "contact": re.compile(_EMAIL),
    "domain": re.compile(rf"{_EMAIL}|{_DOMAIN}"), "site": re.compile(rf"https?://\S+|{_DOMAIN}"),
    "url": re.compile(r"https?://\S+"),
    "year": re.compile(r"(?<![\d-])(?:1[0-9]{3}|20[0-9]{2})(?![\d-])"),
}
# "that year", "the same address", "the domain." ("the year the Olympics took place" describes a year,
# it does not point back to one)
_ANAPHOR = re.compile(r"\b(?:(?:that|this|those|these)(?: same| very)? (?P<k>" + "|".join(_KINDS) + r")\b"
                      r"|the(?: same| very)? (?P<k2>" + "|".join(_KINDS) + r")\b(?=\s*(?:[.,;:!?)]|$|is\b|was\b|for\b|and\b"
                      r"|so\b|too\b|again\b|itself\b)))", re.IGNORECASE)


def antecedent(text: str, at: int, kind: str) -> str | None:
    """The nearest mention of `kind` before offset `at`."""
    found = [m.group(0).rstrip(".,;:)") for m in _KINDS[kind].finditer(text, 0, at)]
    return found[-1] if found else None


def parts_of(mention: str) -> list[str]:
    """A mention and the values it holds: an address's local part and domain, a URL's host."""
    out = [mention]
    if "@" in mention:
        out += mention.split("@", 1)
    host = re.sub(r"^https?://(?:www\.)?", "", mention).split("/")[0]
    if host != mention:
        out.append(host)
    return out


def _resolved(text: str, start: int, end: int) -> tuple[list[str], set[str]]:
    out, kinds = [], set()
    for m in _ANAPHOR.finditer(text, start, end):
        kind = (m.group("k") or m.group("k2")).lower()
        kinds.add(kind)
        found = antecedent(text, m.start(), kind)
        if found:
            out += parts_of(found)
    return out, kinds


_ADDRESS_KINDS = frozenset({"address", "email", "mailbox", "inbox", "contact"})
_USER = frozenset({"user", "username", "local", "mailbox", "login"})


def fits(kind: str, value: str, param: str = "") -> bool:
    """The value is of the kind an anaphor names, or a part of one: the domain of an address, its
    user where the parameter says so."""
    if kind in _ADDRESS_KINDS:
        return bool(_KINDS["email"].fullmatch(value) or re.fullmatch(_DOMAIN, value)
                    or set(identifier_words(param)) & _USER)
    return bool(_KINDS[kind].fullmatch(value))


# ---------------------------------------------------------------- per call

_NAMED = re.compile(r"[A-Za-z0-9]+")


@lru_cache(maxsize=256)
def _proper_names(names: frozenset[str]) -> re.Pattern[str] | None:
    """The names of providers and apps as a text writes them (case kept: "Hotels com Provider",
    not "hotels"), longest first."""
    forms = sorted({tuple(_NAMED.findall(n)) for n in names if any(c.isupper() for c in n)}, key=len, reverse=True)
    alts = [r"[\W_]*".join(map(re.escape, ws)) for ws in forms if ws and len("".join(ws)) >= 3]
    return re.compile(r"(?<![\w@.])(?:" + "|".join(alts) + r")(?![\w@])") if alts else None


def unnamed(text: str, names: frozenset[str]) -> str:
    """The text without the proper names of providers and apps: a value said inside a name ("Hotels"
    in "pull domains from Hotels com Provider") is said of the provider, not for any argument."""
    pattern = _proper_names(names)
    return pattern.sub("", text) if pattern else text


def _said_for_each(text: str, calls: Sequence[ToolCall], i: int) -> bool:
    """Every value of call `i` is said more times than the other calls holding it ("a Kunyomi reading
    like 'oya', and finally look up what 'oya' means": one 'oya' each), so one mention is its own."""
    padded = f" {fold(text)} "
    values = [fold(str(v)) for v in calls[i].arguments.values() if fold(str(v))]
    return bool(values) and all(
        padded.count(f" {v} ") > sum(v in {fold(str(w)) for w in c.arguments.values()} for j, c in enumerate(calls) if j != i)
        for v in values)


def call_texts(text: str, calls: Sequence[ToolCall], tools: dict[str, Tool] | None = None) -> list[Local | None]:
    """Per call, the part of the text that speaks of it (None: the whole text counts)."""
    sentences = segments(text)
    parts = [item for s in sentences for item in s]
    if len(calls) < 2 or len(parts) < 2:
        return [None] * len(calls)
    tools = tools or {}
    vocabs = _distinctive([_vocabulary(c, tools.get(c.tool)) for c in calls])
    values = _value_forms(calls)
    owners = [o for s in sentences
              for o in _continued(text, s, [_owners(Text(item), vocabs, values) for _, item in s],
                                  [_weak(Text(item), vocabs, values) for _, item in s])]
    orphans = [p for p, o in zip(parts, owners, strict=True) if not o[1]]
    # a name that is itself a gold value ("DEI" for page) stays: there the name is what is asked for
    held = {fold(str(v)) for c in calls for v in c.arguments.values()}
    names = frozenset(n for n in [c.tool.partition(": ")[0] for c in calls] + [t.app for t in tools.values()]
                      if fold(n) not in held)

    def joined(items: list[tuple[int, str]]) -> Text:
        return Text(unnamed(" ".join(item for _, item in sorted(items)), names))

    out: list[Local | None] = []
    for i in range(len(calls)):
        mine = [p for p, o in zip(parts, owners, strict=True) if i in o[1]]
        if not mine and _said_for_each(text, calls, i):  # no part asks for this call in its words, but
            out.append(None)  # its values are said once more than the other calls holding them take
            continue
        said = sorted(mine + orphans)
        own = [p for p, o in zip(parts, owners, strict=True) if i in o[0]]
        antecedents: list[str] = []
        kinds: set[str] = set()
        for at, item in own:
            found, named = _resolved(text, at, at + len(item))
            antecedents += found
            kinds |= named
        out.append(Local(joined(said), antecedents, joined(own), kinds, joined(own + orphans)))
    return out
