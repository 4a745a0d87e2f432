"""Derived hints: for a tool without `x-trajgen.hints`, the same kind of `ToolHints` the bundled
catalog has by hand, from the catalog author's words alone (generator.phrasebook.intent and
.terms): one intent, the verb phrase of the description ("get the latest water quality
readings"), with no slots (every value is said after it, in its own frame); a noun per parameter
from its description; words per enum value and per boolean ("fri" -> "Friday", a switch
described "Stop feeding while oxygen is low" -> "stopping feeding while oxygen is low").
No need statements are derived: a need a catalog does not state would be a guess.

Built once per tool per run: `hints_of` keeps them by the tool's content.
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

from ..core.inflection import engine
from ..core.semantic import tokens
from ..records import Tool, ToolHints
from .fragments import bool_words, enum_words, item_spec, stated_condition
from .intent import intent_of
from .lexicon import gerund, is_plural, known, lemmas, verb_lemma
from .terms import Term, bool_phrases, term

_CACHE: dict[str, ToolHints] = {}  # derived hints by the tool's content (deterministic, so shareable)


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


def derive_hints(tool: Tool) -> ToolHints:
    terms = _told_apart({p: term(p, spec) for p, spec in tool.properties.items() if isinstance(spec, dict)}, tool)
    nouns = {t.noun for t in terms.values() if t.noun} | {t.head for t in terms.values() if t.head}
    return ToolHints(intents=[_verb_slot(tool, _definite(intent_of(tool, nouns), terms))], need=[],
                     nouns={p: t.noun for p, t in terms.items() if t.noun},
                     surface=surfaces(tool, terms))


def _told_apart(terms: dict[str, Term], tool: Tool) -> dict[str, Term]:
    """Two parameters with one noun ("Quarts at morning feed.", "Quarts at evening feed." both
    "quarts": "1 quart, 1 quart and 5 hay flakes", reader, set 15) are told apart by the rest of
    their description's first phrase when it is short ("2 quarts at morning feed")."""
    nouns = [t.noun for t in terms.values() if t.noun]
    out = dict(terms)
    for p, t in terms.items():
        if not t.noun or nouns.count(t.noun) < 2:
            continue
        first = re.split(r"[.;:(,]", str(tool.properties[p].get("description") or ""), maxsplit=1)[0].strip()
        if first.lower().startswith(t.noun.lower() + " ") and len(first.split()) <= 6:
            out[p] = dataclasses.replace(t, noun=first[0].lower() + first[1:])
    # ... else by their names, where those differ and hold the noun ("Depth in cm below unit datum
    # at which the feature was first defined" and "... of the feature's base": the top depth and
    # the base depth, never "a depth of 108 cm, a depth of 29 cm"; set 24)
    left = [t.noun for t in out.values() if t.noun]
    clashing = {p: t for p, t in out.items() if t.noun and left.count(t.noun) > 1}
    plains = [t.plain for t in clashing.values()]
    for p, t in clashing.items():
        if t.plain and plains.count(t.plain) == 1 and t.noun.split()[-1].lower() in t.plain.lower().split():
            out[p] = dataclasses.replace(t, noun=t.plain)
    # ... else by the phrase after their first comma: "Shallow dose, whole body, in mrem" and "Shallow dose,
    # maximally exposed extremity": the whole body shallow dose, never two "a shallow dose of" (set 40)
    left = [t.noun for t in out.values() if t.noun]
    for p, t in [(p, t) for p, t in out.items() if t.noun and left.count(t.noun) > 1]:
        out[p] = dataclasses.replace(t, noun=said_after_comma(t.noun, str(tool.properties[p].get("description") or "")))
    return out


_WANTED = re.compile(r"^(?:[A-Z][a-z]+(?: [a-z]+)?) (?:want|wants|need|needs|request|requests|ask for|asks for) "
                     r"((?:an?|the) [a-z][a-z -]{2,40}?)(?=[;.,]|$)")


def _wanted(description: str) -> tuple[str, str] | None:
    """A flag whose description says who wants what ("Counsel want a realtime feed; ..."): "with a realtime
    feed" / "without a realtime feed", never "counseling want a realtime feed" (set 49)."""
    m = _WANTED.match(description.strip())
    return (f"with {m[1]}", f"without {m[1]}") if m else None


def said_after_comma(noun: str, description: str) -> str:
    """`noun` with the phrase its description puts after it and a comma ("Shallow dose, whole body, in
    mrem": "whole body shallow dose"); `noun` itself where there is no such phrase."""
    parts = [x.strip() for x in description.split(",")]
    second = parts[1] if len(parts) > 1 and parts[0].lower() == noun.lower() else ""
    if re.fullmatch(r"[a-z]+(?: [a-z]+){0,3}", second) and not second.startswith(("in ", "e.g", "from ", "as ")):
        return f"{second} {noun}"
    return noun


def _verb_slot(tool: Tool, intent: str) -> str:
    """ "place a facility overlock" -> "{action} a facility overlock" when an enum parameter's values
    are the verbs the call may take ("place", "remove"): the value is said as the verb, never
    "place a facility overlock with the remove action"."""
    verb, _, rest = intent.partition(" ")
    if not rest:
        return intent
    for p, spec in tool.properties.items():
        members = [str(m) for m in item_spec(spec).get("enum") or []] if isinstance(spec, dict) else []
        if spec.get("type") == "string" and verb.lower() in members and len(members) >= 2 and \
                all(re.fullmatch(r"[a-z]+", m) and "VERB" in lemmas(m) and m == verb_lemma(m) for m in members):
            return f"{{{p}}} {rest}"
    return intent


def _definite(intent: str, terms: dict[str, Term]) -> str:
    """ "tare a microbalance" -> "tare the microbalance" when a parameter points at it (its id)."""
    verb, _, obj = intent.partition(" ")
    head = obj.split(" of ", 1)[0].rsplit(" ", 1)[-1]
    pointed = any((t.pointer or t.of == "name") and t.head.lower() == head.lower() and
                  t.noun.split(" ", 1)[0] not in ("original", "replaced", "previous", "prior", "corrected")
                  for t in terms.values())  # an original claim's id names the claim replaced, not the new one (set 33)
    new = " new " in f" {obj.lower()} "  # "create a new logbook" named by its parameter is still a new one
    return f"{verb} the {obj.split(' ', 1)[1]}" if pointed and not new and obj.startswith(("a ", "an ")) else intent


def surfaces(tool: Tool, terms: dict[str, Term]) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for p, t in terms.items():
        spec: dict[str, Any] = tool.properties[p]
        inner = item_spec(spec)
        if inner.get("type") == "boolean":
            described = str(spec.get("description") or "")  # a clause saying the condition, read back: first
            yes, no = _wanted(described) or stated_condition(p, described) or bool_phrases(t, p) or _described_state(t, p) or \
                _hyphenated_kind(tool, p) or _verbed_by_tool(tool, p) or bool_words(p, described)
            out[p] = {"true": yes, "false": _other_way(described) or no}
        elif inner.get("enum"):
            written = f"{tool.description} {spec.get('description') or ''}"
            words = {str(v): w for v in inner["enum"] if (w := enum_words(v, p, spec) or _as_written(v, written))}
            if words:
                out[p] = words
    return out


# "List every date of service and line rather than a summary": what false asks for is the other way.
_RATHER = re.compile(r"\b(?:rather than|instead of) (?:(a|an|the) )?([a-z][a-z-]*(?: [a-z][a-z-]*){0,2})\.?$", re.IGNORECASE)


def _other_way(description: str) -> str:
    """A flag's false said as the other way its description names ("as a summary"), "" when it
    names none (set 33: "without every date of service" for a summary statement)."""
    m = _RATHER.search(description.strip())
    if m is None or not all(known(w) for w in m.group(2).lower().replace("-", " ").split()) or \
            m.group(2).lower().split()[-1] in ("one", "ones", "it", "that", "this"):
        return ""
    thing = m.group(2)
    if thing.split()[0].lower() in ("in", "on", "at", "by", "over", "via", "from", "with", "through"):
        return thing  # "joins over Zoom rather than in the room": false is "in the room", never "as an in the
        # room" (set 49)
    if m.group(1):
        return f"as {m.group(1).lower()} {thing}"
    return f"as {thing}" if engine().singular_noun(thing.split()[-1]) else f"as {engine().a(thing)}"


def _verbed_by_tool(tool: Tool, param: str) -> tuple[str, str] | None:
    """A verb-and-object name whose verb the tool's prose uses as one ("ground_vehicle" beside
    "Grounded cars cannot be rented"): "grounding the vehicle" / "without grounding the vehicle",
    never "a ground vehicle"."""
    words = tokens(param)
    if len(words) != 2 or not all(known(w) for w in words):
        return None
    lead, obj = words
    done = (f"{lead}ed", f"{lead}d", f"{lead}{lead[-1:]}ed")
    if not re.search(r"\b(?:" + "|".join(map(re.escape, done)) + r")\b", tool.description, re.IGNORECASE):
        return None
    said = f"{gerund(lead)} the {obj}"
    return said, f"without {said}"


def _described_state(t: Term, param: str) -> tuple[str, str] | None:
    """A boolean its description names by a noun phrase that holds the name ("member": "Society
    member rate") -> "with the society member rate" / "without the society member rate"."""
    said = t.noun.split()
    if len(said) <= len(tokens(param)) or not set(tokens(param)) <= set(said) or not t.noun.isascii():
        return None
    return f"with the {t.noun}", f"without the {t.noun}"


def _hyphenated_kind(tool: Tool, param: str) -> tuple[str, str] | None:
    """A boolean whose words the tool's or its own description hyphenates before a noun ("A
    pre-need sale is one made before ..." for pre_need): the kind of thing the call makes, "as a
    pre-need sale" / "not as a pre-need sale"."""
    words = tokens(param)
    if len(words) < 2:
        return None
    spec = tool.properties.get(param) or {}
    written = f"{spec.get('description') or ''} {tool.description}"
    m = re.search(r"(?<![\w-])" + "-".join(map(re.escape, words)) + r"\s+([a-z]+)\b", written, re.IGNORECASE)
    if not m or "NOUN" not in lemmas(m[1].lower()) or is_plural(m[1].lower()):
        return None
    kind = engine().a(f"{'-'.join(words)} {m[1].lower()}")
    return f"as {kind}", f"not as {kind}"


def _as_written(value: Any, text: str) -> str | None:
    """An enum value the catalog writes in capitals elsewhere ("rov" beside "ROV"): as written."""
    if isinstance(value, str) and re.fullmatch(r"[A-Z][a-z]+(?: [A-Z][a-z]+)+", value):
        return value  # "River Terminal", "Elm Creek": a place's name as the catalog writes it
    upper = str(value).upper()
    if str(value) == upper and str(value).isalpha():  # "WB", "NB": a code in capitals stays so
        return upper
    return upper if str(value).isalpha() and re.search(rf"\b{re.escape(upper)}\b", text) else None


def derived_for(tools: list[Tool]) -> list[Tool]:
    """Tools without hints get derived ones (the engine calls this after any hints file)."""
    return [t if t.hints is not None else t.model_copy(update={"hints": derive_hints(t)}) for t in tools]
