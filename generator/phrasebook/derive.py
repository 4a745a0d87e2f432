"""Derived hints: for a tool without `x-trajgen.hints`, the same kind of `ToolHints` the bundled
catalog has by hand, from the catalog alone.

intents: verb phrases with one optional `[fragment]` per parameter ("lock the door [for lock
{lock_id}] [with PIN {pin_code}]"), two or three of them (other verbs, other orders); an
action-like enum becomes the verb ("{action} the door"); an id of the object follows it
("cancel the order {order_id}"); latitude and longitude pair up ("near {lat}, {lon}").
need: for tools that find things out, what the user wants to know ("I'd like to know the
weather"). nouns: generator.phrasebook.nouns. surface: words per enum value and per boolean
("fri" -> "Friday", include_photos true -> "including photos").
"""

from __future__ import annotations

import json
from typing import Any

from ..records import Tool, ToolHints
from .fragments import FRAGMENTS, Slot, bool_words, enum_words, item_spec, make_slot
from .intents import Action, derive_action, object_phrase
from .lexicon import known, singular

SYNONYMS = {
    "get": ["get", "pull up", "look up"], "search for": ["search for", "look for", "find"],
    "list": ["list", "show me"], "find": ["find", "look for"], "show": ["show me", "pull up"],
    "create": ["create", "set up"], "delete": ["delete", "remove"], "remove": ["remove", "delete"],
    "update": ["update", "change"], "book": ["book", "reserve"], "calculate": ["calculate", "work out"],
    "check": ["check", "look at"], "look up": ["look up", "check"], "track": ["track", "check on"],
    "schedule": ["schedule", "set up"], "send": ["send"], "add": ["add"], "set": ["set", "adjust"],
    "order": ["order"], "buy": ["buy", "get"], "play": ["play", "put on"], "generate": ["generate", "make"],
}
# Verbs of tools that find something out: their need is wanting to know it.
KNOWING = frozenset({"get", "look up", "check", "show", "list", "search for", "find", "calculate", "track",
                     "estimate", "predict", "analyze", "compare", "recommend", "suggest", "identify"})
# Order of fragments in an intent: what, who, where, how much, when, switches, nested details.
RANK = {"search_term": 1, "title_work": 1, "title": 1, "food": 1, "product": 1, "text": 1, "topic": 1,
        "ticker": 1, "code": 1, "artist": 1, "ingredient": 1, "cuisine": 1, "genre": 1, "person": 2,
        "first_name": 2, "last_name": 2, "email": 2, "phone": 2, "username": 2, "company": 2, "city": 3,
        "country": 3, "country_code": 3, "place": 3, "address": 3, "room": 3, "restaurant": 3, "hotel": 3,
        "store": 3, "airport_code": 3, "coordinates": 3, "latitude": 3, "longitude": 3, "date": 6, "clock": 6,
        "unix_time": 6, "weekday": 6, "bool": 7, "object": 8}
_ACTION = frozenset({"action", "command", "operation", "op", "verb", "cmd"})


def _key(tool: Tool) -> str:
    return json.dumps([tool.name, tool.api, tool.app, tool.description, tool.parameters], sort_keys=True,
                      default=str)


def hints_of(tool: Tool | None) -> ToolHints | None:
    """The tool's catalog (or hints-file) hints, else hints derived from the catalog alone."""
    if tool is None or tool.hints is not None:
        return tool.hints if tool else None
    key = _key(tool)
    if key not in _CACHE:
        if len(_CACHE) > 8192:
            _CACHE.clear()
        _CACHE[key] = derive_hints(tool)
    return _CACHE[key]


_CACHE: dict[str, ToolHints] = {}  # derived hints by the tool's content (deterministic, so shareable)


def derive_hints(tool: Tool) -> ToolHints:
    slots = {p: make_slot(p, spec) for p, spec in tool.properties.items() if isinstance(spec, dict)}
    action = derive_action(tool)
    return ToolHints(intents=intents(action, slots), need=needs(action),
                     nouns={p: s.noun for p, s in slots.items()}, surface=surfaces(slots))


# ---------------------------------------------------------------- intents


def _verb_param(slots: dict[str, Slot]) -> str | None:
    """An enum parameter whose values are the verbs of the call ("action": lock / unlock)."""
    for p, s in slots.items():
        values = [str(v) for v in item_spec(s.spec).get("enum") or []]
        if s.kind == "enum" and s.has(*_ACTION) and values and all(_verbish(v) for v in values):
            return p
    return None


def _verbish(value: str) -> bool:
    from .lexicon import lemmas

    first = value.replace("_", " ").split(" ", 1)[0].lower()
    return "VERB" in lemmas(first)


_NAMING = frozenset({"name", "title", "label", "nickname", "called"})


def _id_param(action: Action, slots: dict[str, Slot]) -> tuple[str, str] | None:
    """A string id or name of the object itself, said right after it: ("order_id", "{v}") for
    "cancel the order ORD-1", ("automation_name", "called {v}") for "create an automation
    called Evening"."""
    head = singular(action.head.lower())
    for p, s in slots.items():
        if s.spec.get("type") == "array" or singular(s.head.lower()) != head:
            continue
        if s.kind in ("id", "uuid", "flight_code", "code"):
            return p, "{v}"
        if s.words & _NAMING and s.spec.get("type") in ("string", None):
            return p, "called {v}"
    return None


def _segment(p: str, slot: Slot, variant: int) -> str:
    options = FRAGMENTS.get(slot.kind, FRAGMENTS["generic"])(slot)
    return "[" + options[variant % len(options)].replace("{v}", "{" + p + "}") + "]"


def _pair(slots: dict[str, Slot]) -> tuple[str, str] | None:
    lat = next((p for p, s in slots.items() if s.kind == "latitude"), None)
    lon = next((p for p, s in slots.items() if s.kind == "longitude"), None)
    return (lat, lon) if lat and lon else None


def _letters(slots: dict[str, Slot], skip: set[str]) -> list[str]:
    """Single-letter parameters (x, y, z; a, b, c): said together, "with x = 1, y = 2 and z = 3"."""
    return [p for p in slots if len(p) == 1 and p not in skip and slots[p].kind in ("generic", "count", "limit")]


def _segments(slots: dict[str, Slot], skip: set[str], variant: int) -> list[str]:
    pair = _pair(slots)
    letters = _letters(slots, skip)
    grouped = len(letters) >= 2 and variant != 1
    if grouped:
        said = [f"{p} = {{{p}}}" for p in letters]
        skip = skip | set(letters)
    order = sorted((p for p in slots if p not in skip), key=lambda p: RANK.get(slots[p].kind, 4))
    if variant % 2:
        order = order[::-1] if len(order) > 2 else order
    out = []
    for p in order:
        if pair and p == pair[1]:
            continue
        if pair and p == pair[0]:
            out.append(f"[near {{{pair[0]}}}, {{{pair[1]}}}]" if variant != 1 else
                       f"[at latitude {{{pair[0]}}} and longitude {{{pair[1]}}}]")
            continue
        out.append(_segment(p, slots[p], variant))
    if grouped:
        out.insert(0, "[with " + ", ".join(said[:-1]) + f" and {said[-1]}]")
    return out


def intents(action: Action, slots: dict[str, Slot]) -> list[str]:
    verb = action.verb or "get"
    acting = _verb_param(slots)
    named = _id_param(action, slots)
    skip = {x for x in (acting, named[0] if named else None) if x}
    out = []
    for i, v in enumerate(SYNONYMS.get(verb, [verb])[:3]):
        obj = object_phrase(action, verb) if action.obj != "this" else "it"
        head = f"{{{acting}}} {_definite(obj)}" if acting else _verb_object(v, obj)
        if named:
            said = named[1].replace("{v}", "{" + named[0] + "}")
            head = f"{_definite_head(head)} [{said}]" if named[1] == "{v}" else f"{head} [{said}]"
        out.append(" ".join([head, *_segments(slots, skip, i)]))
    if acting:  # without the action said, a verb that names neither value
        out.append(" ".join([f"deal with {_definite(object_phrase(action, verb))}", *_segments(slots, skip, 0)]))
    return out


_PARTICLES = frozenset({"up", "out", "down", "on", "off", "in", "over", "back", "away"})


def _verb_object(verb: str, obj: str) -> str:
    """ "look up" + "it" -> "look it up": a pronoun goes before a phrasal verb's particle."""
    *lead, last = verb.split()
    return f"{' '.join(lead)} it {last}" if obj == "it" and lead and last in _PARTICLES else f"{verb} {obj}"


def _definite_head(head: str) -> str:
    """ "create an order" + its id -> "create the order": an id points at one known thing."""
    verb, _, obj = head.partition(" a ") if " a " in head else head.partition(" an ")
    return f"{verb} the {obj}" if obj else head


def _definite(obj: str) -> str:
    if obj.startswith(("a ", "an ")):
        return "the " + obj.split(" ", 1)[1]
    return obj if obj.startswith("the ") or obj == "it" else f"the {obj}"


# Things one wants to know (rather than to have): "I'd like to know the weather".
INFORMATION = frozenset({"status", "weather", "price", "prices", "forecast", "schedule", "balance", "rate",
                         "rates", "score", "scores", "time", "distance", "route", "value", "usage", "news",
                         "details", "info", "information", "availability", "results", "location", "summary",
                         "total", "sum", "average", "count", "temperature", "traffic", "standings",
                         "ranking", "rankings", "quote", "quotes", "definition", "meaning", "stats",
                         "statistics", "level", "levels", "area", "population", "result", "answer"})


def needs(action: Action) -> list[str]:
    if action.verb not in KNOWING or not action.obj or not all(known(w) for w in action.obj.split()):
        return []
    if action.verb not in ("search for", "find", "list", "recommend", "suggest") and \
            action.head.lower() not in INFORMATION:
        return []
    obj = object_phrase(action, "check")
    if action.verb in ("search for", "find", "list", "recommend", "suggest"):
        return [f"I'm looking for {object_phrase(action, 'find')}"]
    return [f"I'd like to know {obj}", f"I need {obj}"]


# ---------------------------------------------------------------- surface words


def surfaces(slots: dict[str, Slot]) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for p, s in slots.items():
        if s.kind == "bool":
            yes, no = bool_words(p, str(s.spec.get("description") or ""))
            out[p] = {"true": yes, "false": no}
        elif s.kind == "enum":
            words = {str(v): w for v in item_spec(s.spec).get("enum") or [] if (w := enum_words(v, p, s.spec))}
            if words:
                out[p] = words
    return out


def derived_for(tools: list[Tool]) -> list[Tool]:
    """Tools without hints get derived ones (the engine calls this after any hints file)."""
    return [t if t.hints is not None else t.model_copy(update={"hints": derive_hints(t)}) for t in tools]


def fragment_options(param: str, tool: Tool | None, noun: str | None = None) -> list[str]:
    """How a value of `param` is said in a request ("for {v} people"), for any tool."""
    spec: dict[str, Any] = (tool.properties.get(param) if tool else None) or {}
    slot = make_slot(param, spec)
    if noun and noun != slot.noun:
        slot = Slot(slot.param, slot.spec, noun, slot.kind, slot.words)
    return FRAGMENTS.get(slot.kind, FRAGMENTS["generic"])(slot)
