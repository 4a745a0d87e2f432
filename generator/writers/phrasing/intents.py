"""Intent phrases: catalog intent templates with their `{slot}`s filled, or the tool's verb
phrase from its description (generator.phrasebook.intent) when it has no usable template."""

from __future__ import annotations

import random
import re

from ...core.surface import noun
from ...phrasebook import hints_of
from ...phrasebook.fragments import OWN_FRAME
from ...phrasebook.intent import intent_of
from ...records import Tool

_SLOT = re.compile(r"\{([^{}]+)\}")
_OPTIONAL = re.compile(r"\[([^\[\]]*)\]")

PREPOSITIONS = {
    "in",
    "at",
    "on",
    "as",
    "with",
    "without",
    "for",
    "by",
    "to",
    "from",
    "via",
    "inside",
    "outside",
    "under",
    "over",
    "near",
    "within",
    "before",
    "after",
    "instantly",
    "and",
    "but",
    "so",
    "sorted",
}
# Words after which an intent template cannot end: its mandatory slot was dropped.
DANGLING = PREPOSITIONS | {
    "is",
    "of",
    "the",
    "a",
    "an",
    "my",
    "much",
    "called",
    "named",
    "saying",
    "that",
    "about",
    "like",
    "some",
    "if",
    "when",
    "where",
}


_OWN_FRAME = re.compile(r"\b(?:because of|due to|for)\s+because\s+", re.IGNORECASE)


# A filled "[with ...]" segment is kept marked while the clause is built, so that the "with"
# phrases of a template and of the clause's modifiers share one "with" ("with 6 replicas and the
# rolling update strategy", never "with 6 replicas with the rolling update strategy").
WITH_OPEN, WITH_ITEM, WITH_CLOSE = "\x01", "\x03", "\x02"
_WITH_RUN = re.compile("(?:\x01with [^\x01\x02]*\x02 ?){2,}")
_WITH_GROUP = re.compile("\x01with ([^\x01\x02]*)\x02")


def _merge_with_run(m: re.Match[str]) -> str:
    items = [i for g in _WITH_GROUP.findall(m.group(0)) for i in g.split(WITH_ITEM)]
    return f"{WITH_OPEN}with {WITH_ITEM.join(items)}{WITH_CLOSE} "


def unmark(text: str) -> str:
    """The marked text as said: each "with" group's items joined ("with A, B and C")."""
    text = _WITH_GROUP.sub(lambda g: with_items(g.group(1).split(WITH_ITEM)), text)
    return re.sub(r"\s+", " ", text).strip()


def with_items(items: list[str]) -> str:
    """ "with A, B and C"; an item that is a list itself ("known allergies X, Y and Z") goes last,
    and a second such item keeps its own "with" -- never "with X, Y and Z and a profile"."""
    from ...core.surface import join_words

    plain = [i for i in items if " and " not in i and "," not in i]
    lists = [i for i in items if i not in plain]
    head = join_words([*plain, *lists[:1]])
    return " with ".join(["with " + head, *lists[1:]])


def _fill(template: str, said: dict[str, str], marked: bool = False) -> tuple[str, set[str]] | None:
    """Fill `{param}` slots; drop `[...]` segments whose slots are not said. None when a
    mandatory slot has nothing to say. Adjacent "[with ...]" segments share one "with"; with
    `marked` the "with" groups stay marked (`unmark` says them)."""
    used: set[str] = set()

    def optional(m: re.Match[str]) -> str:
        inner = m.group(1)
        names = _SLOT.findall(inner)
        if not names or any(n not in said for n in names):
            return ""
        used.update(names)
        own = [said[n] for n in names if OWN_FRAME.match(said[n])]
        if own and len(names) == 1:  # "with no hazard class" replaces "in the {v} class"
            return own[0]
        filled = _SLOT.sub(lambda s: said[s.group(1)], inner).strip()
        plain = filled.startswith("with ") and not filled.startswith("with or ") and WITH_OPEN not in filled
        return f"{WITH_OPEN}{filled}{WITH_CLOSE}" if plain else filled

    body = _OPTIONAL.sub(optional, template)
    names = _SLOT.findall(body)
    if any(n not in said for n in names):
        return None
    used.update(names)
    text = re.sub(r"\s+", " ", _SLOT.sub(lambda s: said[s.group(1)], body)).strip()
    text = _WITH_RUN.sub(_merge_with_run, text).strip()
    text = _OWN_FRAME.sub("because ", text)  # a reason said as a clause brings its own "because"
    plain = unmark(text)
    if " " not in plain or plain.rsplit(" ", 1)[-1].lower() in DANGLING:
        return None  # "book", "reserve a place in": the template needs the slots it dropped
    return (text if marked else plain), used


def derived_intent(tool: Tool | None, fallback: str = "") -> str:
    """The verb phrase of a tool without usable templates (generator.phrasebook.intent)."""
    return intent_of(tool) if tool is not None else "help me with this"


def intent_phrase(tool: Tool | None) -> str:
    """A slot-free intent for prompts: the first hint intent with optional parts dropped and
    mandatory slots said as "the <noun>" ("order {food}" -> "order the dishes")."""
    hints = hints_of(tool)
    for template in hints.intents if hints else []:
        body = _OPTIONAL.sub("", template)
        nouns = {n: f"the {noun(n, tool)}" for n in _SLOT.findall(body)}
        filled = _fill(body, nouns)
        if filled:
            return filled[0]
    return derived_intent(tool)


def choose_intent(
    tool: Tool | None, said: dict[str, str], rng: random.Random, marked: bool = False
) -> tuple[str, set[str]]:
    hints = hints_of(tool)
    templates = list(hints.intents) if hints else []
    rng.shuffle(templates)
    options = [f for f in (_fill(t, said, marked) for t in templates) if f]
    if options:
        # A template that absorbs the most values (slots read better than modifiers); ties
        # (other verbs, other orders) vary.
        most = max(len(f[1]) for f in options)
        return rng.choice([f for f in options if len(f[1]) == most])
    return derived_intent(tool, tool.name if tool else ""), set()
