"""The reading of one query: each gold argument is tried as stated (every reading class in turn),
then described, then bound to an earlier output (sequential), then hinted, else omitted; hinted
and omitted values are then checked against the rules that determine them."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from ..core.identity import trail_names
from ..records import HistoryEvent, Tool, ToolCall
from . import history as hist
from .added import added_content
from .anchors import Local, call_texts
from .dates import as_moment, read_moment
from .determine import from_time, schema_default
from .enums import relation_self, stated_enum
from .flags import read_flag
from .hints import Hint, bound_params, bound_to, hints_in, is_place, param_role, refers_to
from .meanings import meanings
from .names import partly_said, stated_address, stated_code, stated_string
from .numbers import as_number, none_of, numbers_in, one_of, ordinal_of, said_range, same_number, top_one
from .pointers import Pointer, acting_on, covers, cues, mentions, pointers_in, resolve, value_of
from .records import ArgReading, Reading, Situation
from .sequential import bound_to_output
from .text import STOPWORDS, Text, content_stems, fold, identifier_words, stem
from .units import quantities_in, stated_quantity, unit_of
from .world import described


@dataclass
class Arg:
    """One gold argument in its context: what every reading class receives."""

    text: Text
    param: str
    gold: Any
    tool: Tool | None
    situation: Situation
    kind: str
    params: list[str]
    local: Local | None = None  # the segments of the text that speak of this call (anchors.py)
    call: int = 0
    same_tool: list[HistoryEvent] | None = None  # this tool's earlier calls (computed once per call)
    siblings: tuple[str, ...] = ()  # the words the call's other stated values were read from, folded

    @property
    def spec(self) -> dict[str, Any]:
        return (self.tool.properties.get(self.param) or {}) if self.tool else {}

    @property
    def descriptions(self) -> dict[str, str]:
        """The call's parameters' descriptions, as the catalog writes them."""
        props = self.tool.properties if self.tool else {}
        return {p: str((props.get(p) or {}).get("description") or "") for p in self.params}


Reader = Callable[[Arg, Any], "str | None"]


# ---------------------------------------------------------------- stated: one reader per class

def _boolean(arg: Arg, value: Any) -> str | None:
    flag = as_flag(value)
    if flag is None and isinstance(value, str) and value.strip().lower() in _NONE:
        flag = False  # download="none": "no download needed"
    if flag is None:
        return None
    said = read_flag(arg.text, arg.param, str(arg.spec.get("description", "")), _flag_words(arg))
    if said is None or said[0] != flag or _only_in_siblings(arg):
        return None
    return said[1]


def _only_in_siblings(arg: Arg) -> bool:
    """Whether every word of the flag's name is one the text says once, for another stated value of
    the same call ("fastest delivery first" is a sort order, not is_delivery=true)."""
    names = [w for w in identifier_words(arg.param) if w not in STOPWORDS and w not in ("is", "has", "include")]
    taken = {w for evidence in arg.siblings for w in evidence.split()}
    return bool(names) and all(w in taken and arg.text.padded.count(f" {w} ") <= 1 for w in names)


def _flag_words(arg: Arg) -> tuple[tuple[bool, str], ...]:
    """The catalog's own phrase for each value of the flag: its hints' surface words, and the
    description's act up to its first negation, which is what true does ("List the loans that would
    forfeit without moving them": "list the loans that would forfeit" asks for dry_run=true)."""
    said = (arg.tool.hints.surface.get(arg.param) or {}) if arg.tool and arg.tool.hints else {}
    hinted = tuple((key == "true", str(said[key])) for key in ("true", "false") if said.get(key))
    act = _ACT.match(str(arg.spec.get("description") or ""))
    return (*hinted, (True, act.group(1))) if act and not hinted else hinted


# A description that is an order, up to its first negation or clause break: "List the loans that would forfeit"
_ACT = re.compile(r"^((?:list|show|return|include|send|notify|email|text|print|keep|hold|mark|flag|"
                  r"lock|charge|waive|skip|simulate|preview|check|validate|test)\b[^.;:(]*?)"
                  r"(?=\s+(?:without|not|but|unless|instead|by|via|through|over)\b|[.;:(]|$)", re.IGNORECASE)


_NONE = frozenset({"none", "off", "disabled", "no"})


def as_flag(value: Any) -> bool | None:
    """A boolean gold, or one written as text ("true", as RapidAPI catalogs pass it)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    return None


def _enum(arg: Arg, value: Any) -> str | None:
    options = arg.spec.get("enum") or (arg.spec.get("items") or {}).get("enum")
    if not isinstance(value, str) or not options or value not in options:
        return None
    return stated_enum(arg.text, value, list(options), _meanings(arg, [str(o) for o in options])) or \
        relation_self(arg.text, value, arg.param, str(arg.spec.get("description") or ""), list(options))


def _option(arg: Arg, value: Any) -> str | None:
    """An option of an API whose schema lists none ("ASC", "hq"), said by its everyday words or by
    the meaning its description gives it ("'mtp' (massive transfusion pack)")."""
    if not isinstance(value, str) or arg.spec.get("enum") or not _CODE_LIKE.fullmatch(value):
        return None
    return stated_enum(arg.text, value, [value], _meanings(arg, [value]))


def _meanings(arg: Arg, options: list[str]) -> dict[str, tuple[str, ...]]:
    """What the parameter's (or its items') and the tool's descriptions say the options mean."""
    items = arg.spec.get("items") if isinstance(arg.spec.get("items"), dict) else {}
    own = f"{arg.spec.get('description') or ''} {(items or {}).get('description') or ''}"
    return meanings(options, arg.param, own, arg.tool.description if arg.tool else "")


_CODE_LIKE = re.compile(r"[A-Za-z]+(?:_[A-Za-z]+){0,3}")


def _date(arg: Arg, value: Any) -> str | None:
    moment = as_moment(value)
    return read_moment(arg.text.raw, moment, arg.situation.time) if moment else None


def _number(arg: Arg, value: Any) -> str | None:
    n = as_number(value)
    if n is None:
        return None
    said = next((x.text for x in numbers_in(arg.text.raw) if same_number(x.value, n)), None)
    if said is not None and _in_another_unit(arg, n):
        said = None
    if isinstance(value, str) and arg.spec.get("enum"):  # a code "1" ("1 for an original claim") is said as written or by its meaning,
        return said  # never by "a claim" or "the first one" (set 33 player: 'a claim' read as claim_frequency_code 1)
    nouns = frozenset(stem(w) for w in _counted_words(arg.param))
    if said is None and n == 1:
        said = one_of(arg.text.raw, nouns) or top_one(arg.text.raw, nouns)
    if said is None and n == 0:  # "no checked bags": the noun from the name or the description
        said = none_of(arg.text.raw, nouns | _described_nouns(arg))
    if said is None and n == 0 and nouns & _SKIPS:  # "starting from the first result": nothing skipped
        said = next((m.group(0) for m in _FROM_THE_START.finditer(arg.text.raw)), None)
    return said or ordinal_of(arg.text.raw, nouns | _described_nouns(arg), n) or _named_number(arg, n)


def _counted_words(param: str) -> list[str]:
    """The words of what a count counts: all of the name's, but those after a "per", which say
    what it is counted against ("a delay" says no max_holes_per_delay of 1: set 28)."""
    words = list(identifier_words(param))
    return words[:words.index("per")] if "per" in words[1:] else words


# Parameters that say how many results to skip before the first one returned.
_SKIPS = frozenset({"offset", "skip"})
_FROM_THE_START = re.compile(r"\b(?:(?:start(?:ing)?|begin(?:ning)?) )?(?:from|at|with) the (?:very )?"
                             r"(?:start|beginning|top(?: of the list)?|first(?: result| one| entry| item| page| record)?)\b",
                             re.IGNORECASE)
_NAMED_NUMBER = re.compile(r"(\d+(?:\.\d+)?)\s*\(([a-z]+)\)")


def _named_number(arg: Arg, n: float) -> str | None:
    """A number its description names ("0 (empty) to 8 (full)", "0 for a one-time order"), said by
    that name ("a full tank", "a one-time order"); one of a period the name counts in, said "every
    month" (players, set 15: "auto-ship every month" for repeat_every_months=1 was refused)."""
    description = str(arg.spec.get("description") or "").lower()
    for number, word in _NAMED_NUMBER.findall(description) + _NUMBER_FOR.findall(description):
        if same_number(float(number), n) and f" {' '.join(re.findall(r'[a-z0-9]+', word))} " in arg.text.padded:
            return f"{word} (= {number}, as the description names it)"
    period = next((w for w in identifier_words(arg.param) if w.rstrip("s") in _PERIODS), None)
    if n == 1 and period is not None:
        unit = period.rstrip("s")
        said = re.search(rf"\b(?:every|each|once a|once an|once per|per)\s+{unit}\b|\b{_PERIODS[unit]}\b", arg.text.raw,
                         re.IGNORECASE)
        if said:
            return f"{said.group(0)} (= 1 {unit})"
    return None


# "0 for a one-time order", "1 = weekly", "0 means no limit": a number and the words it stands for.
_NUMBER_FOR = re.compile(r"(\d+(?:\.\d+)?)\s+(?:for|=|means)\s+(?:a |an |the )?([a-z][a-z-]+(?: [a-z-]+)?)")
_PERIODS = {"day": "daily", "week": "weekly", "month": "monthly", "year": "yearly"}


def _in_another_unit(arg: Arg, n: float) -> bool:
    """Every time the text says the number `n`, a unit of another size than the parameter's follows
    it: "ten minutes" does not state timeout=10 of a timeout in seconds (the unit reader finds
    "10 seconds", or "a minute" for 60); any unit, for a count or an index ("~0 km" is no offset)."""
    unit = unit_of(arg.param, str(arg.spec.get("description", "")))
    if unit is None and not set(identifier_words(arg.param)) & _COUNTS:
        return False
    bare = sum(same_number(x.value, n) for x in numbers_in(arg.text.raw))
    other = sum(same_number(q, n) and u != unit for q, u, _ in quantities_in(arg.text.raw))
    return other >= bare


# Parameters that count or index things, with no unit of measure: "within ~0 km" gives no offset 0.
_COUNTS = frozenset({"offset", "index", "page", "limit", "count", "skip", "num", "number", "size", "top", "max",
                     "results", "per"})


def _described_nouns(arg: Arg) -> frozenset[str]:
    """Stems of the content words of the parameter's description ("Days of flexibility around
    the date")."""
    said = re.findall(r"[a-z]+", str(arg.spec.get("description") or "").lower())
    return frozenset(stem(w) for w in said if w not in STOPWORDS and len(w) > 2)


def _range(arg: Arg, value: Any) -> str | None:
    """A range value "1-10" said as "the top 10", "1 to 10", "all 100"."""
    m = _RANGE.fullmatch(value.strip()) if isinstance(value, str) else None
    return said_range(arg.text.raw, int(m.group(1)), int(m.group(2))) if m else None


_RANGE = re.compile(r"(\d+)\s*-\s*(\d+)")


def _unit(arg: Arg, value: Any) -> str | None:
    n = as_number(value)
    unit = unit_of(arg.param, str(arg.spec.get("description", ""))) if n is not None else None
    return stated_quantity(arg.text.raw, n, unit) if unit and n is not None else None


def _name(arg: Arg, value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    n = as_number(value)  # "0" as a string is still the number the unit reading rules out
    return None if n is not None and _in_another_unit(arg, n) else stated_string(arg.text, value)


def _code(arg: Arg, value: Any) -> str | None:
    return stated_code(arg.text, value, arg.param) if isinstance(value, str) else None


def _address(arg: Arg, value: Any) -> str | None:
    return stated_address(arg.text, value) if isinstance(value, str) else None


# The reading classes of `stated`, tried in order; each is a separate, testable piece.
STATED: dict[str, Reader] = {"boolean": _boolean, "enum": _enum, "date": _date, "number": _number,
                             "range": _range, "unit": _unit, "name": _name, "address": _address,
                             "code": _code, "option": _option}


def stated(arg: Arg) -> tuple[str, str] | None:
    """(class, evidence) when the text says the whole gold value."""
    elements = arg.gold if isinstance(arg.gold, list) and arg.gold else [arg.gold]
    found = [_stated_element(arg, v) for v in elements]
    if any(f is None for f in found):
        return None
    classes = sorted({f[0] for f in found if f})
    return "+".join(classes), "; ".join(f[1] for f in found if f)


def read_value(text: str | Text, param: str, value: Any, spec: dict[str, Any] | None = None,
               time: Any = None) -> tuple[str, str] | None:
    """(class, evidence) when `text` states `value` of a parameter `param` with schema `spec`, read
    on its own (no history, no other call): a field of a nested object ("x4" for a part's
    quantity, "not sent for evaluation" for sent_for_evaluation=false) is read as any value is."""
    t = text if isinstance(text, Text) else Text(text)
    tool = Tool(name=param, app="", api=param, domain="",
                parameters={"type": "object", "properties": {param: dict(spec or {})}})
    return stated(Arg(t, param, value, tool, Situation(time=time), "", [param]))


def _stated_element(arg: Arg, value: Any) -> tuple[str, str] | None:
    """A value of one call among several is read in the parts of the text that ask for that call,
    or in what their anaphora point back to ("that address", "Harari" after "Yuval Noah Harari")."""
    if isinstance(value, dict):
        return _object(arg, value)
    if arg.local is None:
        return _by_class(arg, value)
    own = arg.local.own
    said = _by_class(replace(arg, text=own, local=None), value) if own is not None and own.raw else None
    if said:
        return said
    pointed = arg.local.pointed(value, arg.param)
    if pointed is not None:  # "that address": the value is what it points back to, or not said
        return ("anaphora", f"{_antecedent(arg.local, value)}") if pointed else None
    return _by_class(replace(arg, text=arg.local.text_for(value), local=None), value) or _referred(arg, value)


def _object(arg: Arg, value: dict[str, Any]) -> tuple[str, str] | None:
    """An object is stated when each of its fields is, each read as a parameter of its own ("a
    ground contact with air to ground freq 168.35 MHz, callsign 6 and the phone +1-415-951-7467")."""
    fields = {k: v for k, v in value.items() if v is not None}
    if not fields:
        return None
    props = arg.spec.get("properties") if isinstance(arg.spec.get("properties"), dict) else {}
    tool = arg.tool.model_copy(update={"parameters": {"type": "object", "properties": props}}) if arg.tool else None
    found = []
    for key, field_value in fields.items():
        got = stated(replace(arg, param=key, gold=field_value, tool=tool, params=list(fields)))
        if got is None:
            return None
        found.append(f"{key}: {got[1]}")
    return "object", "; ".join(found)


def _by_class(arg: Arg, value: Any) -> tuple[str, str] | None:
    for name, reader in STATED.items():
        evidence = reader(arg, value)
        if evidence:
            return name, evidence
    return None


def _referred(arg: Arg, value: Any) -> tuple[str, str] | None:
    """A name of several words written in full elsewhere in the text, referred to here by its last
    word ("learn more about Harari" after "Yuval Noah Harari's talks")."""
    if arg.local is None or not isinstance(value, str):
        return None
    stems = content_stems(value)
    if len(stems) < 2 or len(stems[-1]) < 4 or not stems[-1].isalpha() or stems[-1] not in arg.local.text.content_set:
        return None
    whole = stated_string(arg.text, value)
    return ("anaphora", f"{stems[-1]} (refers back to {whole})") if whole else None


def _antecedent(local: Local, value: Any) -> str | None:
    v = fold(str(value))
    return next((f"{a} (pointed back to)" for a in local.antecedents if v and fold(a) == v), None)


# ---------------------------------------------------------------- hinted

def referring_hints(arg: Arg) -> list[Hint]:
    """Hints referring to the argument. With no history a text can only point at the user's
    situation ("nearby", "my home"): "again" or "the mall" there points at nothing the reader has."""
    has_history = bool(arg.situation.history)
    lowered = arg.text.raw.lower()
    every = hints_in(lowered)
    found = [h for h in every if not _in_dated_pointer(h, lowered, arg.situation.time)
             and (has_history or _first_person(h)) and refers_to(h, arg.param, arg.gold, arg.text, arg.params, arg.descriptions)
             and not _part_of_other_hint(h, every, arg)]
    return sorted(found, key=lambda h: _rank(h, arg))


def _part_of_other_hint(hint: Hint, every: Sequence[Hint], arg: Arg) -> bool:
    """A noun inside a "last time" / "usual" phrase that names another parameter ("my regular
    arrival city" names the destination) is that phrase's, not a reference to this argument."""
    if hint.kind != "reference":
        return False
    return any(o.kind in ("recency", "usual") and o.words in hint.words
               and (named := bound_params(o, arg.params, arg.descriptions)) and arg.param not in named for o in every)


def _in_dated_pointer(hint: Hint, lowered: str, now: datetime | None) -> bool:
    """ "my last video search on Sunday" is one event of a day (a pointer), not "last time": its
    "my last ..." says no value of the arguments the pointer does not cover."""
    if hint.kind != "recency" or not hint.words.startswith("my "):
        return False
    return any(hint.words in p.words and _dated(p, now) for p in pointers_in(lowered))


def _dated(p: Pointer, now: datetime | None) -> bool:
    c = cues(p.desc, now, ())
    return c.days is not None or c.hours is not None or c.around is not None


def _rank(hint: Hint, arg: Arg) -> int:
    """Which hint's rule reads the argument: a place word; a "last time" / "usual" whose own words
    name the parameter ("the city I always use": usual, not "the city"); a noun of the value; the
    user's position; an unbound "again" / "my usual"; last, a noun that only names the parameter."""
    if hint.kind == "reference":
        return 6 if _names_param_only(hint.word, arg) else 2
    if bound_to(hint, arg.param, arg.params, arg.descriptions):
        return 1
    return {"habit": 0, "here": 0, "nearby": 3, "recency": 4, "usual": 5}[hint.kind]


def _names_param_only(noun: str, arg: Arg) -> bool:
    return stem(noun) in {stem(w) for w in identifier_words(arg.param)}


_ME = re.compile(r"\b(?:me|my|i|here)\b")


def _first_person(hint: Hint) -> bool:
    """Without a history only the user's own situation is a pointer: "near me", "my location",
    "my home"; "hotels nearby" may be near anything the text names."""
    return hint.kind in ("nearby", "habit", "here") and bool(_ME.search(hint.words))


def resolve_hint(hint: Hint, arg: Arg) -> tuple[Any, str] | None:
    events, where = hist.scope(arg.text, arg.situation.history, arg.kind, arg.situation.tools)
    vals = hist.values(events, arg.param, arg.tool.api if arg.tool else None)
    # A place named by its noun ("the hospital") may sit in any place of the history: where the
    # user went is where they may now start from.
    places = _places(events) if is_place(arg.param) else vals
    found: tuple[Any, str] | None
    if hint.kind == "habit":
        found = hist.habit(hint.word, events, arg.param, hint.window) or hist.holding(hint.word, places)
    elif hint.kind == "here":
        found = hist.trip_end(arg.situation.history, hint.word, arg.situation.time)
    elif hint.kind == "reference":
        found = hist.holding(hint.word, vals) or hist.holding(hint.word, places) or hist.last(vals)
    elif hint.kind == "usual":
        found = hist.usual(vals)
    elif hint.kind == "nearby" and place_role(arg.param) == "origin":  # "from here": where the user is now
        found = hist.where_now(events, arg.situation.time) or hist.last(vals)
    elif hint.kind == "nearby":
        found = hist.last(vals) or hist.last(_places(arg.situation.history))
    else:
        found = hist.last(vals)
    return (found[0], f"'{hint.words}' -> {found[1]} over {where}: {found[0]!r}") if found else None


def _places(events: Sequence[HistoryEvent]) -> list[Any]:
    return [v for e in events for p, v in e.parameters.items() if is_place(p) and isinstance(v, str)]


def pointed(arg: Arg, said: str | None = None) -> ArgReading | None:
    """A pointer to one earlier event ("same filters as the storage basket search yesterday"), in
    the text or in the words `said` of it."""
    history = arg.situation.history
    if not history:
        return None
    role = place_role(arg.param)
    free = not (arg.spec.get("enum") or (arg.spec.get("items") or {}).get("enum")) and isinstance(arg.gold, str | list)
    for p in pointers_in((arg.text.raw if said is None else said).lower()):
        events, where = _pointer_events(p, arg)
        found = resolve(p, events, arg.param, role, arg.situation.time, _apps(history))
        latest = next((value_of(p, e, arg.param, role) for e in reversed(events)
                       if value_of(p, e, arg.param, role) is not None), None)
        if (latest is None and not p.field) or not covers(p, arg.param, arg.gold, role, found[0] if found else latest, free,
                                                         arg.params, _apps(history), arg.descriptions):
            continue
        if found is None:
            return _reading(arg, "hinted", False, None, "history:event", f"'{p.words}' -> no one event gives it")
        return _reading(arg, "hinted", hist.same(found[0], arg.gold), found[0], "history:event",
                        f"'{p.words}' -> {found[1]} over {where}: {found[0]!r}")
    return None


_NOT_PLACE = frozenset({"time", "date", "hour", "day", "price", "duration", "count", "number"})


def place_role(param: str) -> str:
    """The place role of a parameter ("start_name": origin); none for "start_time" or "end_date"."""
    return "" if set(identifier_words(param)) & _NOT_PLACE else param_role(param)


def _apps(history: Sequence[HistoryEvent]) -> tuple[str, ...]:
    return tuple(sorted({e.toolname for e in history}))


def _pointer_events(p: Pointer, arg: Arg) -> tuple[list[HistoryEvent], str]:
    """Where a pointer looks, and which scope that is: trips for a "where" pointer; the app its
    words name; else the history scope of the text; only events before the query."""
    now = arg.situation.time
    events = [e for e in arg.situation.history if now is None or (hist.parse_time(e.time) or now) < now]
    if p.field:
        return [e for e in events if any(param_role(k) in ("origin", "destination") for k in e.parameters)], "trips"
    said = f"{p.noun} {p.desc}"
    apps = {a for a in _apps(events) if len(fold(a)) >= 2 and re.search(rf"\b{re.escape(fold(a))}\b", fold(said))}
    if apps:
        events = [e for e in events if e.toolname in apps]
        return acting_on(p, events) or events, f"app {', '.join(sorted(apps))}"
    acting = acting_on(p, events)
    if acting:  # "my knowledge request yesterday": the knowledge requests, whatever the query asks for
        return acting, "the whole history"
    scoped, where = hist.scope(arg.text, events, arg.kind, arg.situation.tools)
    kind = [e for e in events if e.apitype == arg.kind] if arg.kind else events
    # "the same kind of gift I was looking for on Idle Fish": the event may lie outside the app the
    # query asks for, in the same kind
    if mentions(p, kind, now) and not mentions(p, scoped, now):
        return kind, f"kind {arg.kind}"
    return scoped, where


def hinted(arg: Arg) -> ArgReading | None:
    pointer = pointed(arg)
    if pointer is not None:
        return pointer
    hints = referring_hints(arg)
    if not hints:
        return None
    for hint in hints:
        found = resolve_hint(hint, arg)
        if found is not None:
            return _reading(arg, "hinted", hist.same(found[0], arg.gold), found[0],
                            f"history:{hint.kind}", found[1])
    h = hints[0]
    return _reading(arg, "hinted", False, None, f"history:{h.kind}",
                    f"'{h.words}' -> the history yields no single value")


# ---------------------------------------------------------------- a pointer found by the oracle

# The kinds of pointer the oracle may name, as the reader's hint kinds (used when the pointing
# words hold no pointer or hint phrase the reader knows: "my commute", "from here").
POINTER_KINDS = {"last": "recency", "usual": "usual", "place": "habit", "here": "nearby"}


def read_pointer(arg: Arg, words: str, kind: str | None = None) -> ArgReading | None:
    """The argument as hinted by `words`, a pointer to the user's history or situation that the
    rules did not find (the oracle's): `determined` by the reader's own rule for the pointer those
    words make (one earlier event, "last time", "usual", a habit place, "nearby"), else for the
    `kind` named; with no history, or none of them yielding a value, only the schema default and
    the query time determine. None when the words say which parts of an earlier event are the
    same, and those parts are other arguments ("the same filters as my last search" is no
    departure city); a pointer at a thing ("the laptop I was looking at") says no parts."""
    if arg.situation.history and _said_parts(words) and pointed(arg, said=words) is None:
        return None
    found = _pointer_value(arg, words, kind) if arg.situation.history else None
    if found is not None:
        return found
    for rule, why in (("default", schema_default(arg.tool, arg.param, arg.gold)),
                      ("time", from_time(arg.gold, arg.param, arg.situation.time))):
        if why:
            return _reading(arg, "hinted", True, arg.gold, rule, f"'{words}'; {why}")
    return _reading(arg, "hinted", False, None, "history:none", f"'{words}' -> the history yields no single value")


def _said_parts(words: str) -> bool:
    found = pointers_in(words.lower())
    return bool(found) and not any(p.reference for p in found)


def _pointer_value(arg: Arg, words: str, kind: str | None) -> ArgReading | None:
    event = pointed(arg, said=words)
    if event is not None:
        return event
    lowered = words.lower()
    found = sorted(hints_in(lowered), key=lambda h: _rank(h, arg))
    # a noun phrase ("my lunch staple") is the reader's weakest pointer (its rule falls back on the
    # latest value): read only when neither the words nor the model name another kind
    hints = [h for h in found if h.kind != "reference"]
    if kind in POINTER_KINDS:
        tail = re.findall(r"[a-z]+", lowered)
        hints.append(Hint(POINTER_KINDS[kind], lowered, tail[-1] if tail else ""))
    hints = hints or found
    for hint in hints:
        value = resolve_hint(hint, arg)
        if value is not None:
            return _reading(arg, "hinted", hist.same(value[0], arg.gold), value[0],
                            f"history:{hint.kind}", value[1])
    return None


# ---------------------------------------------------------------- omitted

def omitted(arg: Arg) -> ArgReading:
    """A value the query leaves out, as a reader takes it: a habit every earlier call of the history
    a reader looks at holds (a green cab every time is green, whatever the schema's default; players'
    readers, set 22), else the schema's default, else the query's day for a moment, else unknown.
    A parameter with a default of its own is never "today" by the query's time: left out, it is
    the default (an e-mail search is over any time, not today)."""
    events, where = hist.scope(arg.text, arg.situation.history, arg.kind, arg.situation.tools)
    vals = hist.values(events, arg.param, arg.tool.api if arg.tool else None)
    settled = hist.settled(vals)
    why = schema_default(arg.tool, arg.param, arg.gold)
    given = [hist.key(v) for v in vals if v != hist.NONE_GIVEN]
    habit = settled is not None and settled[0] != hist.NONE_GIVEN and hist.key(settled[0]) != hist.key(arg.gold) \
        and len(given) >= 2 and set(given) == {hist.key(settled[0])}  # every earlier call: one call is no habit
    if why and not habit:
        return _reading(arg, "omitted", True, arg.gold, "default", why)
    spec = (arg.tool.properties.get(arg.param) or {}) if arg.tool else {}
    why = from_time(arg.gold, arg.param, arg.situation.time) if spec.get("default") is None else None
    if why:
        return _reading(arg, "omitted", True, arg.gold, "time", why)
    own = hist.settled(hist.values(_same_tool(arg), arg.param, arg.tool.api if arg.tool else None))
    if own is not None and own[0] != hist.NONE_GIVEN:  # the guidelines' rule: over that tool's own calls
        return _reading(arg, "omitted", hist.key(own[0]) == hist.key(arg.gold), own[0], "history:settled",
                        f"{own[1]} over the tool's own calls: {own[0]!r}")
    if settled is not None:
        return _reading(arg, "omitted", hist.key(settled[0]) == hist.key(arg.gold), settled[0], "history:settled",
                        f"{settled[1]} over {where}: {settled[0]!r}")
    partly = partly_said(arg.text, arg.gold) if isinstance(arg.gold, str) else []
    note = f"said only in part: {' '.join(partly)}" if partly else "nothing in the text gives it"
    return _reading(arg, "omitted", False, None, "none", note)


def _same_tool(arg: Arg) -> list[HistoryEvent]:
    if arg.same_tool is not None:
        return arg.same_tool
    return same_tool_events(arg.tool, arg.situation.history)


def same_tool_events(tool: Tool | None, history: Sequence[HistoryEvent]) -> list[HistoryEvent]:
    if tool is None or not history:
        return []
    names = {(tool.app, tool.api), trail_names(tool)}  # a tool without an app is logged under its kind
    return [e for e in history if (e.toolname, e.apiname) in names or f"{e.toolname}_{e.apiname}" == tool.name]


# ---------------------------------------------------------------- one argument, one call, one query

def _reading(arg: Arg, label: str, determined: bool | None, value: Any, rule: str, evidence: str,
             source: str | None = None) -> ArgReading:
    return ArgReading(call=arg.call, tool=arg.tool.name if arg.tool else "", param=arg.param, gold=arg.gold,
                      label=label, determined=determined, value=value, rule=rule, evidence=evidence,
                      source=source)  # type: ignore[arg-type]


def read_arg(arg: Arg) -> ArgReading:
    reading = _label(arg)
    if reading.source is None and _adapted(arg):  # the trajectory says this value came from an output
        return reading.model_copy(update={"source": "previous_output"})
    return reading


def _label(arg: Arg) -> ArgReading:
    said = stated(arg)
    if said:
        return _reading(arg, "stated", None, arg.gold, said[0], said[1])
    world = described(arg.text.raw, arg.gold)
    if world:  # a pointer to the user's own history wins the tie with a description
        return hinted(arg) or _reading(arg, "described", None, world.value, "world", world.evidence)
    bound = _from_output(arg)
    if bound is not None:
        return bound
    return hinted(arg) or omitted(arg)


def _adapted(arg: Arg) -> bool:
    declared = arg.situation.adapted
    return arg.call < len(declared) and declared[arg.call] == arg.param


def _from_output(arg: Arg) -> ArgReading | None:
    """A sequential value found in an earlier step's output. Where the trajectory declares which
    argument each step took from an output (`adapt_parameter`), only that one is."""
    if not arg.situation.steps or (arg.situation.adapted and not _adapted(arg)):
        return None
    bound = bound_to_output(arg.gold, arg.situation.steps, arg.text, arg.param)
    if bound is None:
        return None
    return _reading(arg, "omitted", bound.determined, arg.gold if bound.determined else None,
                    "previous_output", bound.evidence, source="previous_output")


def read_call(text: str | Text, call: ToolCall, situation: Situation, *, index: int = 0,
              kind: str = "", local: Local | None = None) -> list[ArgReading]:
    """The reading of every argument of one gold call (`local`: the part of the text about it)."""
    t = text if isinstance(text, Text) else Text(text)
    tool = situation.tools.get(call.tool)
    params = list(call.arguments)
    earlier = same_tool_events(tool, situation.history)
    done: dict[str, ArgReading] = {}
    # flags last: a flag's word said inside another value's words is that value's ("fastest delivery
    # first" is a sort order, not is_delivery=true)
    for param in sorted(params, key=lambda p: as_flag(call.arguments[p]) is not None):
        gold = call.arguments[param]
        siblings = tuple(fold(r.evidence) for r in done.values() if r.label == "stated") if as_flag(gold) is not None else ()
        arg = Arg(t, param, gold, tool, situation, kind or (tool.domain if tool else ""), params, local, index, earlier,
                  siblings)
        reading = read_arg(arg)
        done[param] = reading if reading.tool == call.tool else reading.model_copy(update={"tool": call.tool})
    return [done[p] for p in params]


def read_query(text: str, calls: Sequence[ToolCall], situation: Situation,
               kinds: Sequence[str] = ()) -> Reading:
    """The reading of one query: every argument of every gold call, and the added content."""
    t = Text(text)
    locals_ = call_texts(text, calls, situation.tools)
    args: list[ArgReading] = []
    for i, call in enumerate(calls):
        step = situation.model_copy(update={"steps": situation.steps[:i]}) if situation.steps else situation
        args += read_call(t, call, step, index=i, kind=kinds[i] if i < len(kinds) else "", local=locals_[i])
    return Reading(args=args, added=added_content(text, calls, situation.tools))
