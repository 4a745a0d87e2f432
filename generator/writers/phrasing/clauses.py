"""One call as a clause: intent + app mention + modifiers, with merged history hints and
references to values an earlier call produces."""

from __future__ import annotations

import random
import re

from ...core.semantic import tokens
from ...core.surface import join_words, noun
from ...records import CallPlan, Tool
from .args import Arg, arg_texts, modifier, param_role, reads_records
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
    # every form of a "last time" hint (core.plan's HISTORY_PHRASES): "with the same latitude and longitude
    # as last time", never "the same latitude as last time, using the longitude I used last time" (set 39)
    (re.compile(r"^the (?:same )?(.+?) (?:as|I used|from) last time$"), "with the same {} as last time"),
    (re.compile(r"^my usual (.+)$"), "with my usual {}"),
]


_LINKED = re.compile(r"\b(?:in|for|on|at|to|from|with|by)\b")  # "number of nights" merges


# History nouns that stand for the thing itself ("the same one as last time"): never merged.
NOUNLESS = frozenset({"one", "amount", "ID", "IDs", "name", "title", "label", "code", "number"})


# Levels whose real queries are terse (TRAILBench High, ~10 words): "the same X as last time"
# hints collapse to one "like last time", which still points at the history.
TERSE_LEVELS = frozenset({"High"})
TERSE_REPEATS = ["like last time", "same as last time", "as I did last time"]
# Values the history settles (the last call's and the most frequent), left unsaid beside a hinted one:
# "the disposition I usually go with, and the rest as usual" (set 40: a repair line's location and hours
# in the gold that nothing in the query pointed at).
REST_AS_USUAL = ["and the rest as usual", "with everything else as usual", "otherwise as usual"]


def merged_hints(args: list[Arg], terse: bool, rng: random.Random,
                 repeats: bool = False, rest: bool = False) -> tuple[list[str], set[str]]:
    """Merged modifiers for groups of hinted arguments, and the parameters they say (`terse`: the
    hints may collapse to one "like last time", which the plan allows only when the user's last
    call of the function holds those values: CallPlan.repeats_last). With `repeats` (that same
    condition), values the history gives and the query leaves out without a word are pointed at
    by one "like last time": a reader of a bare "suggest tariff classifications" whose call
    carries a description and a material cannot tell where they come from (set-9 readings: 13-19
    TRAIL rows of 60 per catalog). With `rest` (CallPlan.rest_usual), those beside a hinted value get
    one "and the rest as usual"."""
    out: list[str] = []
    used: set[str] = set()
    usual = [(a, m) for a in args if a.plan.mode == "hinted" and a.plan.source == "history"
             and param_role(a.param) is None and (m := USUAL_FORMS.match(a.text or "")) and _noun(m) not in NOUNLESS]
    # nouns a reader tells apart: "with my usual basin, cover type and limit", never "the basin I always
    # use with my regular depth and the limit I usually go with" (set 28); those of them that merge do,
    # the others keep their own hint (set 40: four "I usually go with" in a row beside one K-factor)
    usual = [(a, m) for a, m in usual if len(_noun(m).split()) <= 2 and "-" not in _noun(m) and " of " not in f" {_noun(m)} "]
    heads = [_noun(m).split()[-1].lower() for _, m in usual]
    if len(usual) >= 2 and len(set(heads)) == len(heads):
        out.append(f"with my usual {join_words([_noun(m) for _, m in usual])}")
        used |= {a.param for a, _ in usual}
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
        if not (terse and i == 0):  # a merged phrase names each noun: "one" cannot be merged, nor a noun
            hits = [(a, m) for a, m in hits if m[1] not in NOUNLESS and not _LINKED.search(m[1])]  # with its own
            # preposition ("the same subject and people in copy as last time" reads as people in a copy)
        said_last = any("last time" in (a.text or "") for a in args if a.plan.mode == "hinted" and a not in [h for h, _ in hits])
        if terse and i == 0 and hits and _unbound_fits(args) and not said_last:  # never "the limit I used last
            # time like last time" (set 28): the collapse would say "last time" twice
            out.append("," * bool(len(hits) < len(args)) + rng.choice(TERSE_REPEATS))  # said last
            used |= {a.param for a, _ in hits}
        elif len(hits) >= 2:
            out.append(phrase.format(join_words([m[1] for _, m in hits])))
            used |= {a.param for a, _ in hits}
    silent = [a for a in args if a.plan.mode == "omitted" and a.plan.source == "history"]
    # only where no value is hinted: a bare "as I did last time" after "my usual dishes" is read
    # as the last call's dishes too, which may not be the usual ones
    hinted = any(a.plan.mode == "hinted" for a in args)
    if repeats and silent and not hinted and not any(m.startswith(",") for m in out) and _unbound_fits(args):
        out.append("," + rng.choice(TERSE_REPEATS))
    elif rest and silent and hinted and not any(m.startswith(",") for m in out) and _unbound_fits(args):
        out.append("," + rng.choice(REST_AS_USUAL))
    more, pointed = merged_pointers([a for a in args if a.param not in used])
    return out + more, used | pointed


# The forms of a "usual" hint (core.plan's habit phrases): one noun each, merged when several.
USUAL_FORMS = re.compile(r"^(?:my (?:usual|regular) (.+)|the (.+?) I (?:usually go with|always use))$")


def _noun(m: re.Match[str]) -> str:
    return m[1] or m[2]


def _unbound_fits(args: list[Arg]) -> bool:
    """A bare "like last time" binds to no argument, so a reader takes it for every value left
    unsaid: said only when each of those is one the history gives (not a default or the time)."""
    return all(a.plan.source == "history" for a in args if a.plan.mode == "omitted")


# A pointer to one earlier event (generator.core.pointers): "the same X as my video search on Tuesday",
# "the X from my video search on Tuesday". Pointers to one event merge: "with the same category
# and sort order as my video search on Tuesday", never the event said twice.
POINTER = re.compile(r"^the (?:same )?(.+?) (?:as|from) (my .+)$")


POINTED = re.compile(r"\b(?:as|from) my \S")


def _points(a: Arg) -> bool:
    """The argument is said by a pointer to one earlier event, or to the last one ("the name I used
    last time"), which no other modifier may follow ("as last time for lunch" is no lunch event)."""
    return a.plan.mode == "hinted" and a.plan.source == "history" and (
        bool(POINTER.match(a.text or "")) or "last time" in (a.text or ""))


def merged_pointers(args: list[Arg]) -> tuple[list[str], set[str]]:
    """One "with the same A and B as my <event>" per event two or more hinted arguments point at,
    and the parameters it says."""
    groups: dict[str, list[tuple[Arg, str]]] = {}
    for a in args:
        m = POINTER.match(a.text or "") if a.plan.mode == "hinted" and a.plan.source == "history" else None
        if m and m[1] not in NOUNLESS and param_role(a.param) is None:
            groups.setdefault(m[2], []).append((a, m[1]))
    out, used = [], set()
    for event, hits in groups.items():
        if len(hits) >= 2:
            out.append(f"with the same {join_words([n for _, n in hits])} as {event}")
            used |= {a.param for a, _ in hits}
    return out, used


def result_ref(param: str, tool: Tool | None, rng: random.Random) -> str:
    """The value an earlier call produces, referred to by what it is ("the event you find")."""
    role = param_role(param)
    if role:
        return rng.choice(ROLE_REFS[role])
    return rng.choice(RESULT_REFS).format(n=noun(param, tool))


def result_refs(params: list[str], tool: Tool | None, rng: random.Random, found: bool = True) -> list[str]:
    """Every value the call reads from earlier output, referred to: the ones of a role each by
    its own phrase, the others in one ("for the submission and the reviewer IDs you find"), so
    no read value goes unsaid. What an earlier call made or did (`found` False: a work order
    opened) is never "the work order you find"."""
    plain = [p for p in params if not param_role(p)]
    out = [result_ref(p, tool, rng) for p in params if param_role(p)]
    if plain:
        nouns = [noun(p, tool) for p in plain]
        refs = RESULT_REFS if found else [r for r in RESULT_REFS if "you find" not in r]
        phrase = rng.choice(refs).format(n=nouns[0])
        out.append(phrase.replace(f"the {nouns[0]}", join_words([f"the {n}" for n in nouns]), 1))
    return out


_OPENING, _CLOSING = ("starting ", "from? "), ("until ", "until? ", "through ")
_FROM_CLOCK = re.compile(r"from (?:\d{1,2}(?::\d\d)?(?: ?[ap]\.?m\.?)?|noon|midnight)(?:$| on )", re.IGNORECASE)


def ranges(mods: list[str], reading: bool = False) -> list[str]:
    """A range of times is said "from A until B", its closing bound right after its opening one.
    A bound alone is said as stated ("starting June 2", "until Friday"); a time hint alone
    (marked "from? " / "until? " by args._hint_modifier) as the hint ("tomorrow"), with its bound
    where the call reads records ("search inspection runs from today", never "search ... today",
    which says when to search: set 37)."""
    # "from 3:30 pm" is a range's opening too: its close follows it, never "from 3:30 pm because of
    # weather until 6 pm" (set 30)
    opening = next((m for m in mods if m.startswith(_OPENING) or _FROM_CLOCK.match(m)), None)
    closing = [m for m in mods if m.startswith(_CLOSING)]
    if opening is None or not closing:
        # a lone "from 10:30 am" reads as the time it is moved from: "starting at 10:30 am" (set 30)
        alone = opening is not None and _FROM_CLOCK.match(opening) and \
            not any(m.startswith("from ") for m in mods if m is not opening)  # a trip's "from home" keeps its own
        return [f"starting at {m[5:]}" if m is opening and alone else
                m.replace("? ", " ", 1) if reading and m.startswith(("from? ", "until? ")) else
                m.split("? ", 1)[1] if m.startswith(("from? ", "until? ")) else m for m in mods]
    rest = [m for m in mods if m not in closing]
    at = rest.index(opening)
    said = opening if _FROM_CLOCK.match(opening) else "from " + opening.split(" ", 1)[1]
    closing = [m.replace("until? ", "until ", 1) for m in closing]
    return [*rest[:at], said, *closing, *rest[at + 1:]]


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


def without_other_values(intent: str, call: CallPlan, tool: Tool | None) -> str:
    """The intent without a word that is another value of one of the call's choices: the tool
    `log_section_repair` logging a spot repair is "log a repair ... as a spot repair", never "log a
    section repair ... as a spot repair" (set 21: 27 rows)."""
    from ...core.inflection import engine

    props = tool.properties if tool else {}
    for arg in call.args:
        enum = (props.get(arg.param) or {}).get("enum") or []
        if not isinstance(arg.value, str) or arg.value not in enum:
            continue
        named = [v for v in enum if isinstance(v, str) and re.search(rf"\b{re.escape(v.replace('_', ' '))}\b", intent, re.IGNORECASE)]
        if len(named) >= 2 and arg.value not in named:
            continue  # "record a go no go decision" names the choice, no one value of it (set 49: "record a go
            # decision ... with the delay decision")
        for other in (str(v).replace("_", " ") for v in enum if v != arg.value and isinstance(v, str)):
            mine = re.escape(str(arg.value).replace("_", " "))  # ... or right after the chosen one ("the spay
            said = rf"(?<=\w )\b{re.escape(other)}\b(?= (?!(?:the|this|that|my|our|its)\b)[a-z]{{3,}})|(?<=\b{mine} ){re.escape(other)}\b"  # neuter"
            # of a spay: "the spay", set 48); a modifier of
            # the intent's noun, never the noun itself nor its verb ("release the hold" of a hold destroyed, set 35)
            listed = rf"\b{re.escape(other)},? (?:and|or) |(?:\band|\bor|,) {re.escape(other)}\b"
            if len(other) >= 4 and re.search(said, intent, re.IGNORECASE) and not re.search(listed, intent, re.IGNORECASE) \
                    and other.lower() not in str(arg.value).replace("_", " ").lower():  # ("scheduled and past
                # deliveries" names the search's scope, never one status: set 32, "search and past deliveries")
                intent = re.sub(rf"\s*{said}", "", intent, count=1, flags=re.IGNORECASE)
                intent = re.sub(r"\b(an?) (\w+)", lambda m: engine().a(m.group(2)), intent)
    return intent


_KIND_NAMES = frozenset({"species"})  # a kind of animal is a noun; a "type" may be a state ("declined")


def kind_in_intent(intent: str, call: CallPlan, tool: Tool | None) -> tuple[str, set[str]]:
    """The intent's thing said as the kind the call chooses: "record a new cat" for a `species` cat
    whose description is "Species of the animal", never "record a new animal ... for cat" (set 48:
    23 rows); the parameter so said."""
    from ...core.inflection import engine
    from ...phrasebook.terms import term

    props = tool.properties if tool else {}
    for arg in call.args:
        schema = props.get(arg.param) or {}
        value = str(arg.value).replace("_", " ")
        if arg.mode != "stated" or arg.value not in (schema.get("enum") or []) or \
                not set(tokens(arg.param)) & _KIND_NAMES or not re.fullmatch(r"[a-z ]+", value):
            continue
        head = re.search(r"\bof (?:the |an? )?([a-z]+)$", term(arg.param, schema).noun)
        thing = re.compile(rf"\b(a|an|the) ((?:new |another )?){head[1]}\b" if head else r"(?!)")
        m = thing.search(intent)
        if m is not None and len(thing.findall(intent)) == 1:
            article = "the" if m[1] == "the" else engine().a(m[2] + value).split()[0]
            return f"{intent[:m.start()]}{article} {m[2]}{value}{intent[m.end():]}", {arg.param}
    return intent, set()


def _left_in(intent: str, call: CallPlan, tool: Tool | None) -> set[str]:
    """The enum parameters whose value the intent says once the other values are taken out of it
    ("schedule the spay/neuter" of a neuter: "schedule the neuter", never "... with the neuter
    procedure" too; set 48)."""
    props = tool.properties if tool else {}
    return {a.param for a in call.args if a.mode == "stated" and isinstance(a.value, str)
            and a.value in ((props.get(a.param) or {}).get("enum") or [])
            and re.search(rf"\b{re.escape(a.value.replace('_', ' '))}\b", intent, re.IGNORECASE)}


def one_of_listed(intent: str, call: CallPlan, tool: Tool | None) -> tuple[str, set[str]]:
    """The intent's "setters and hatchers" said as the one the call chooses ("find hatchers" for a
    `machine_type` hatcher, never "find setters and hatchers for a hatcher": set 46), with the
    parameters so said."""
    from ...core.inflection import engine

    props, chosen = tool.properties if tool else {}, set()
    for arg in call.args:
        enum = [str(v).replace("_", " ") for v in (props.get(arg.param) or {}).get("enum") or [] if isinstance(v, str)]
        value = str(arg.value).replace("_", " ")
        if arg.mode != "stated" or value not in enum or not re.fullmatch(r"[a-z]+", value):
            continue
        mine = engine().plural(value)
        for other in (engine().plural(o) for o in enum if o != value and re.fullmatch(r"[a-z]+", o)):
            pair = rf"\b(?:{mine},? (?:and|or) {other}|{other},? (?:and|or) {mine})\b"
            if re.search(pair, intent):
                intent = re.sub(pair, mine, intent, count=1)
                chosen.add(arg.param)
                break
    return intent, chosen


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
    switches = [m for m in others if _rank(m) > len(_ORDER)]
    others = [m for m in others if m not in switches]
    return unmark(intent), [*others, *([with_items(withs)] if withs else []), *switches]


# Where a modifier goes in the clause: what the call is about ("for pen P-0412"), places, how and
# why, when ("from June 2 until June 5"), then the "with" group, then switches (", stopping
# feeding while oxygen is low") -- plain and always the same, never shuffled into "on June 2 and
# for pen P-0412".
_ORDER = (("for ", "called ", "named ", "filed under "), ("from ", "to ", "in ", "at ", "near "), ("by ", "because ", "due "),
          ("starting ", "from? ", "until", "through ", "on ", "between ", "before ", "after "))


def _rank(m: str) -> int:
    if m.startswith(("with ", "using ")):
        return len(_ORDER)
    at = next((i for i, starts in enumerate(_ORDER) if m.startswith(starts)), None)
    if at is not None:
        return at
    if m.split(" ", 1)[0].endswith("ing") or m.startswith(("without ", "not ", "where ")):
        return len(_ORDER) + 1  # a condition clause ("where the address ... doesn't match ...") closes it too
    return len(_ORDER) - 1


# A moment said by what happens then ("scheduled on June 3", "leaving the bank on June 2"): a reason
# before it would take it as its own ("because the site is not ready scheduled on June 3", set 47).
_DONE_THEN = re.compile(r"^[a-z]+(?:ed|ing)\b(?:(?: [a-z]+){0,4} (?:on|at|by)\b| as [a-z]+ed$)")  # "marked as rejected"


def ordered(mods: list[str], reading: bool = False) -> list[str]:
    said = sorted(mods, key=_rank)
    for i in range(len(said) - 1):  # "in Kern County for someone born on May 20, 1966", never "born on May 20,
        if re.search(r"\bborn (?:on|in)\b", said[i]) and said[i + 1].startswith("in "):  # 1966 in Kern County" (set 48)
            said[i], said[i + 1] = said[i + 1], said[i]
    reasons = [m for m in said if m.startswith(("because ", "due "))]
    if reasons and any(_DONE_THEN.match(m) for m in said[said.index(reasons[-1]) + 1:]):
        rest = [m for m in said if m not in reasons]
        last = max(i for i, m in enumerate(rest) if _DONE_THEN.match(m))
        said = [*rest[:last + 1], *reasons, *rest[last + 1:]]
    return ranges(said, reading)


def joined(mods: list[str]) -> str:
    """Modifiers one after the other; a switch closes the clause after a comma, a negated one last:
    "adding approved charges and without selling the invoice", never "without selling the invoice
    and adding approved charges", which negates both (set 29)."""
    switches = sorted((m for m in mods if _rank(m) > len(_ORDER)), key=lambda m: m.startswith(("without ", "not ", "no ")))
    rest = " ".join(m for m in mods if m not in switches)
    return ", ".join([x for x in (rest, join_words(switches)) if x])


_POINTED = re.compile(r"for ([a-z][a-z ]{1,40}?) ([A-Z0-9][A-Za-z0-9./-]*[0-9][A-Za-z0-9./-]*)")


# What may follow the object of an intent: its end, a particle or a preposition (never a noun it
# modifies: "record a bin monitoring reading" is no act on the bin).
_AFTER_OBJECT = "back|up|out|off|down|in|on|to|for|from|with|at|into|by"


def named_once(intent: str, mods: list[str]) -> tuple[str, list[str]]:
    """The thing acted on named once: "get the unit" + "for unit UN-204417" is "get unit
    UN-204417", "put a unit back" + "for unit UN-1" is "put unit UN-1 back", "mark the inspection
    deficiency" + "for deficiency DEF-1" is "mark inspection deficiency DEF-1" (never "get the unit
    for unit ..."); a noun that modifies another ("a bin monitoring reading") is left as it is."""
    for m in mods:
        said = _POINTED.fullmatch(m)
        if said is None:
            continue
        object_ = re.compile(rf"\b(?:the|an?) ((?:[a-z]+ ){{0,2}}){re.escape(said[1])}(?=$| (?:{_AFTER_OBJECT})\b)")
        if len(object_.findall(intent)) == 1:
            return object_.sub(rf"\g<1>{said[1]} {said[2]}", intent), [x for x in mods if x is not m]  # the id has no backslash
        words = said[1].split()
        if len(words) >= 3 and words[-1] not in ("id", "code", "number", "no") and \
                re.search(rf"\b{re.escape(' '.join(words[:-1]))}(?=$| (?:{_AFTER_OBJECT})\b)", intent):
            # "complete an approved adoption for application AP-2025-00871", never "... for approved adoption
            # application AP-2025-00871" (set 48): the words the intent says, said once
            return intent, [f"for {words[-1]} {said[2]}" if x is m else x for x in mods]
    return intent, mods


_HALVES = (("first_name", "last_name"), ("given_name", "family_name"), ("first_name", "surname"), ("forename", "surname"))


def one_name(own: list[tuple[Arg, str]], intent: str = "") -> list[tuple[Arg, str]]:
    """A person's first and last name said as one name ("register a patient named Christine Lowe",
    "issue dosimeters for Christine Lowe"), never "with the first name Christine, the last name Lowe"
    (set 40)."""
    from ...core.freetext import is_person_role

    stated = {a.param: a for a, _ in own if a.plan.mode == "stated" and a.text}
    last_word = (re.findall(r"[a-z]+", intent.lower()) or [""])[-1]
    frame = "named" if is_person_role(last_word) or is_person_role(last_word.removesuffix("s")) else "for"
    for first, last in ((f, f[:-len(h)] + t) for f in stated for h, t in _HALVES if f.endswith(h)):
        if last in stated:
            born = next((m for _, m in own if m.startswith("for someone born ")), None)  # "for Christine Lowe,
            whole = f"{frame} {stated[first].text} {stated[last].text}" + (f", {born.removeprefix('for someone ')}" if born else "")  # born on"
            return [(a, whole if a.param == first else m) for a, m in own if a.param != last and m != born]
    return own


def told_apart(own: list[tuple[Arg, str]], tool: Tool | None) -> list[tuple[Arg, str]]:
    """A clock time said with a bare "at" in a tool that takes two or more ("at 10:30 am at 9:15
    am" of a batch, an arrival and a discharge) named by its own noun ("with the arrival at 9:15
    am"): a reader cannot tell which it is."""
    from ...core.values import is_temporal

    bare = [a for a, m in own if re.fullmatch(r"at [^,]+", m) and a.plan.mode == "stated"]
    clocks = [n for n, sch in (tool.properties.items() if tool else ()) if is_temporal(n, sch) == "time"]
    if not bare or len(clocks) < 2:
        return own
    named = {n: _clock_noun(n, tool) for n in clocks}
    if not all(named.get(a.param) for a in bare) or len(set(named.values())) < len(named):
        return own
    return [(a, f"with the {named[a.param]} {m}" if a in bare else m) for a, m in own]


_SPAN_ENDS = {"from": "to", "start": "end", "min": "max", "lowest": "highest", "first": "last"}


def spans(own: list[tuple[Arg, str]], tool: Tool | None) -> list[tuple[Arg, str]]:
    """Two stated numbers that open and close one range (`milepost_from`, `milepost_to`; `bay_from`,
    `bay_to`) said as one: "from milepost 37.4 to 38", never "to milepost 38 with a start milepost of
    37.4 miles" (set 36)."""
    from ...core.semantic import tokens

    numbers = {a.param: a for a, _ in own if a.plan.mode == "stated" and isinstance(a.plan.value, int | float)
               and not isinstance(a.plan.value, bool)}
    out, dropped = list(own), set()
    for p, a in numbers.items():
        words = tokens(p)
        if len(words) < 2 or (words[-1] not in _SPAN_ENDS and words[0] not in _SPAN_ENDS):
            continue
        first = words[-1] in _SPAN_ENDS
        end = "_".join(words[:-1] + [_SPAN_ENDS[words[-1]]]) if first else "_".join([_SPAN_ENDS[words[0]], *words[1:]])
        b = numbers.get(end) or next((x for q, x in numbers.items() if "_".join(tokens(q)) == end), None)
        if b is None or not a.plan.value <= b.plan.value:
            continue
        stem, unit = _stem_and_unit(words[:-1] if first else words[1:])
        if a.plan.value == b.plan.value:  # "age weeks between 41 and 41" (set 46): one value
            said = f"with {stem} {a.text}{unit}"
        else:
            said = f"from {stem} {a.text} to {b.text}{unit}" if words[0] != "min" else \
                f"with {stem} between {a.text} and {b.text}{unit}"
        out = [(x, said if x is a else m) for x, m in out]
        dropped.add(b.param)
    return [(x, m) for x, m in out if x.param not in dropped]


def _stem_and_unit(words: list[str]) -> tuple[str, str]:
    """A range's noun and the unit its name closes on, said after the second number: `min_age_weeks`
    is "age between 24 and 25 weeks", never "age weeks between 24 and 25" (set 46)."""
    from ...phrasebook.terms import unit_tail

    rest, unit = unit_tail(words) if len(words) >= 2 else (words, "")
    if not unit and len(words) >= 2 and words[-1] in _SPAN_UNITS:
        rest, unit = words[:-1], words[-1]
    return " ".join(rest), f" {unit}" if unit else ""


_SPAN_UNITS = frozenset({"seconds", "minutes", "hours", "days", "weeks", "months", "years", "feet", "meters", "miles"})


def _clock_noun(param: str, tool: Tool | None) -> str:
    """A clock parameter's noun without its "time" ("arrival time" -> "arrival"); "" for a bare time."""
    words = [w for w in noun(param, tool).split() if w not in ("time", "clock", "hh:mm")]
    return " ".join(words)


def clause_parts(
    call: CallPlan,
    tool: Tool | None,
    time: str | None,
    rng: random.Random,
    after_previous: bool = False,
    level: str = "",
    split: bool = False,
    found: bool = True,
) -> tuple[str, str | None]:
    """The clause of `clause` (one sentence per call: nothing is moved to a follow-up); `found`:
    the previous call looked something up (else it made or did something)."""
    args = arg_texts(call, tool, time, rng)
    # Slots take values; hint phrases ("my usual gym", "in 2 hours") only fit as modifiers,
    # except the place words "home" / "work" that read like values.
    said = {
        a.param: a.text
        for a in args
        if a.text is not None and (a.plan.mode == "stated" or a.text in ("home", "work"))
    }
    intent, used = choose_intent(tool, said, rng, marked=True)
    before, intent = intent, without_other_values(intent, call, tool)
    intent, chosen = one_of_listed(intent, call, tool)
    used = set(used) | chosen | (_left_in(intent, call, tool) if intent != before else set())
    intent, kind = kind_in_intent(intent, call, tool)
    used |= kind
    mods, merged = merged_hints([a for a in args if a.param not in used], level in TERSE_LEVELS and call.repeats_last, rng,
                                 repeats=call.repeats_last, rest=call.rest_usual)
    pointed = [m for m in mods if POINTED.search(m)]  # merged: "with the same A and B as my <event>"
    mods = [m for m in mods if m not in pointed]
    own = one_name([(a, modifier(a, tool, time, rng)) for a in args if a.text is not None and a.param not in used | merged],
                   intent)
    for a, m in spans(told_apart(own, tool), tool):
        (pointed if _points(a) else mods).append(m)
    closing = [m.lstrip(",") for m in mods if m.startswith(",")]  # ", like last time" closes the clause
    mods = ordered([m for m in mods if not m.startswith(",")], reads_records(tool))
    bound = [a for a in args if a.plan.source == "previous_step"]
    if after_previous and bound:
        mods += result_refs([a.param for a in bound], tool, rng, found)
    app = call.tool_mode == "named" and tool is not None and tool.app
    said_intent, rest = with_modifiers(intent, [] if app else mods)
    parts = [said_intent]
    if app:
        parts.append(rng.choice(APP_FORMS).format(app=spoken_app(tool.app)))  # type: ignore[union-attr]
        _, rest = with_modifiers("", mods)
    parts[0], rest = named_once(parts[0], rest)
    text = " ".join([*parts, *([joined(rest)] if rest else [])])
    # A pointer's event ("my video search on Tuesday") is told last, each after a comma, so no other
    # modifier runs on into its description ("... on July 22 in Xuhui" is no event of Xuhui).
    text += "".join(f", {m}" if i or mods else f" {m}" for i, m in enumerate(pointed))
    if closing:
        text += "".join(f", {m}" for m in closing) if mods else " " + " ".join(closing)
    return text, None
