"""One call as a clause: intent + app mention + modifiers, with merged history hints and
references to values an earlier call produces."""

from __future__ import annotations

import random
import re

from ...records import CallPlan, Tool
from ...surface import join_words, noun
from .args import Arg, arg_texts, modifier, param_role
from .intents import WITH_CLOSE, WITH_ITEM, WITH_OPEN, choose_intent, unmark, with_items

APP_FORMS = ["on {app}", "using {app}", "with {app}", "through {app}", "via {app}"]
# Catalog app names carry versions and taglines users never say: "Spotify_v3", "Booking.com_v2",
# "MapFanAPI - Search", "Weee grocery API (sayweee.com)".
_APP_TAIL = re.compile(r"\s*(?:\([^)]*\)|\s-\s.*$|[_\s]v\d+(?:\.\d+)*$)", re.IGNORECASE)


def spoken_app(app: str) -> str:
    """An app as a user names it: without version suffix, tagline or underscores."""
    said = app
    while (shorter := _APP_TAIL.sub("", said).strip()) != said and shorter:
        said = shorter
    return re.sub(r"_+", " ", said).strip() or app
# How a value produced by an earlier call is referred to ("book tickets for the event you find").
RESULT_REFS = ["for the {n} you find", "using the {n} from that", "with the {n} you get from that"]
ROLE_REFS = {
    "from": ["from that place", "starting from the place you find"],
    "to": ["to that place", "to the place you find"],
}


# History hints that share a frame merge into one phrase: "the same activity, duration and
# distance as last time" instead of three "with the same ... as last time" modifiers.
HINT_GROUPS = [
    (re.compile(r"^the same (.+) as last time$"), "with the same {} as last time"),
    (re.compile(r"^my usual (.+)$"), "with my usual {}"),
]


# History nouns that stand for the thing itself ("the same one as last time"): never merged.
NOUNLESS = frozenset({"one", "amount", "ID", "IDs", "name", "title", "label", "code", "number"})


# Levels whose real queries are terse (TRAILBench High, ~10 words): "the same X as last time"
# hints collapse to one "like last time", which still points at the history.
TERSE_LEVELS = frozenset({"High"})
TERSE_REPEATS = ["like last time", "same as last time", "as I did last time"]


def merged_hints(args: list[Arg], terse: bool, rng: random.Random) -> tuple[list[str], set[str]]:
    """Merged modifiers for groups of hinted arguments, and the parameters they say."""
    out: list[str] = []
    used: set[str] = set()
    for i, (pattern, phrase) in enumerate(HINT_GROUPS):
        hits = [
            (a, m)
            for a in args
            if a.plan.mode == "hinted"
            and a.param not in used
            and a.plan.source != "time"
            and param_role(a.param) is None
            and (m := pattern.match(a.text or ""))
        ]
        if not (terse and i == 0):  # a merged phrase names each noun: "one" cannot be merged
            hits = [(a, m) for a, m in hits if m[1] not in NOUNLESS]
        if terse and i == 0 and hits:
            out.append("," * bool(len(hits) < len(args)) + rng.choice(TERSE_REPEATS))  # said last
            used |= {a.param for a, _ in hits}
        elif len(hits) >= 2:
            out.append(phrase.format(join_words([m[1] for _, m in hits])))
            used |= {a.param for a, _ in hits}
    return out, used


def result_ref(param: str, tool: Tool | None, rng: random.Random) -> str:
    """The value an earlier call produces, referred to by what it is ("the event you find")."""
    role = param_role(param)
    if role:
        return rng.choice(ROLE_REFS[role])
    return rng.choice(RESULT_REFS).format(n=noun(param, tool))


def clause(
    call: CallPlan,
    tool: Tool | None,
    time: str | None,
    rng: random.Random,
    after_previous: bool = False,
    level: str = "",
) -> str:
    """Intent + app + modifiers for one call."""
    return clause_parts(call, tool, time, rng, after_previous, level)[0]


# A clause holds at most MAX_MODIFIERS chained modifiers; with more, those a "make it ..." can
# carry ("for ...", "with ...", "sorted by ...") go to a follow-up sentence: "Book a table for
# 4 on Friday at 7 pm near the station. Include a window seat."
MAX_MODIFIERS = 4
KEEP_MODIFIERS = 3
FOLLOW_UP_FORMS = ["Make it {m}.", "Please make it {m}."]
WITH_FOLLOW_UP_FORMS = ["Include {m}.", "Please include {m}.", "Add {m} too."]  # "with ..." fields
# Modifiers a follow-up can carry; times and places ("on June 3", "at 9 am", "from home") stay.
_MOVABLE = frozenset({"for", "with", "of", "in", "sorted", "under", "over", "within", "using", "via", "by"})


def follow_up(moved: list[str], rng: random.Random) -> str:
    """The follow-up sentence of moved modifiers: "Include a note saying X." for "with ..."
    fields, else "Make it for anna@example.com."."""
    if all(m.startswith("with ") and m.split()[1:2] != ["or"] for m in moved):  # not "with or without X"
        return rng.choice(WITH_FOLLOW_UP_FORMS).format(m=join_words([m.removeprefix("with ") for m in moved]))
    return rng.choice(FOLLOW_UP_FORMS).format(m=join_words(moved))


def _split_modifiers(mods: list[str]) -> tuple[list[str], list[str]]:
    """(kept in the clause, moved to a follow-up sentence) for a clause's open modifiers."""
    if len(mods) <= MAX_MODIFIERS:
        return mods, []
    moved = [m for m in mods[KEEP_MODIFIERS:] if _movable(m)]
    if not moved:
        return mods, []
    return [m for m in mods if m not in moved], moved


_TRAILING_WITH = re.compile(f"{WITH_OPEN}with ([^{WITH_OPEN}{WITH_CLOSE}]*){WITH_CLOSE}$")


def with_modifiers(intent: str, mods: list[str]) -> tuple[str, list[str]]:
    """The intent (its "with" groups marked, intents.unmark) and the clause's open modifiers as
    one text: the "with ..." modifiers join the intent's closing "with" group, or form one group
    of their own -- "called web with 6 replicas and the rolling update strategy", "by autoclave
    with a note saying X and email reminders", never "... with A with B" or "... and with B"."""
    withs = [m.removeprefix("with ") for m in mods if m.startswith("with ") and not m.startswith("with or ")]
    others = [m for m in mods if not (m.startswith("with ") and not m.startswith("with or "))]
    closing = _TRAILING_WITH.search(intent)
    if withs and closing and not others:
        items = [*closing.group(1).split(WITH_ITEM), *withs]
        return unmark(intent[: closing.start()] + f"{WITH_OPEN}with {WITH_ITEM.join(items)}{WITH_CLOSE}"), []
    said = [join_words(others)] if others else []
    return unmark(intent), [*said, *([with_items(withs)] if withs else [])]


def _movable(modifier_text: str) -> bool:
    return " " in modifier_text and modifier_text.split(" ", 1)[0].lower() in _MOVABLE


def _held_back(
    args: list[Arg], said: dict[str, str], tool: Tool | None, time: str | None, rng: random.Random
) -> dict[str, str]:
    """Optional stated arguments (last first) kept out of the intent when the clause would
    stack more than MAX_MODIFIERS phrases, as the modifiers a follow-up sentence says."""
    total = sum(a.text is not None for a in args)
    if tool is None or total <= MAX_MODIFIERS:
        return {}
    held: dict[str, str] = {}
    for a in reversed([a for a in args if a.param in said and a.param not in tool.required]):
        if total - len(held) <= KEEP_MODIFIERS:
            break
        said_as = modifier(a, tool, time, rng)
        if _movable(said_as):
            held[a.param] = said_as
    return dict(reversed(held.items()))


def clause_parts(
    call: CallPlan,
    tool: Tool | None,
    time: str | None,
    rng: random.Random,
    after_previous: bool = False,
    level: str = "",
    split: bool = False,
) -> tuple[str, str | None]:
    """The clause of `clause`, and (with `split`, when it stacks more than MAX_MODIFIERS
    modifiers) a follow-up sentence holding some of them."""
    args = arg_texts(call, tool, time, rng)
    # Slots take values; hint phrases ("my usual gym", "in 2 hours") only fit as modifiers,
    # except the place words "home" / "work" that read like values.
    said = {
        a.param: a.text
        for a in args
        if a.text is not None and (a.plan.mode == "stated" or a.text in ("home", "work"))
    }
    held = _held_back(args, said, tool, time, rng) if split else {}
    said = {k: v for k, v in said.items() if k not in held}
    intent, used = choose_intent(tool, said, rng, marked=True)
    used |= set(held)
    mods, merged = merged_hints([a for a in args if a.param not in used], level in TERSE_LEVELS, rng)
    mods += [
        modifier(a, tool, time, rng) for a in args if a.text is not None and a.param not in used | merged
    ]
    rng.shuffle(mods)
    mods.sort(key=lambda m: m.startswith(","))  # ", like last time" closes the clause
    bound = [a for a in args if a.plan.source == "previous_step"]
    if after_previous and bound:
        mods.append(result_ref(bound[0].param, tool, rng))
    app = call.tool_mode == "named" and tool is not None and tool.app
    closing = [m for m in mods if m.startswith(",")]
    mods = [m for m in mods if not m.startswith(",")]
    moved: list[str] = list(held.values())
    if split:
        mods, more = _split_modifiers(mods)
        moved += more
    said_intent, rest = with_modifiers(intent, [] if app else mods)
    parts = [said_intent]
    if app:
        parts.append(rng.choice(APP_FORMS).format(app=spoken_app(tool.app)))  # type: ignore[union-attr]
        _, rest = with_modifiers("", mods)
    if rest:
        parts.append(" ".join(rest))
    text = " ".join(parts)
    text = (
        text + "".join(f", {m[1:]}" for m in closing)
        if mods
        else " ".join([text, *(m.lstrip(",") for m in closing)])
    )
    return text, (follow_up(moved, rng) if moved else None)
