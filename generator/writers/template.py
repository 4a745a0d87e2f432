"""The built-in writer: realizes a disclosure plan from phrase templates, no LLM.

Deterministic for (plan, seed). A query is assembled from parts:
    opener (per style) + clause(s) + closer
    clause = intent (catalog hint template, or derived from the API name)
             + app mention (only when the plan names the tool)
             + modifiers for stated / hinted arguments the intent did not absorb.
Stated values go through `surface.render`; hinted ones use the plan's hint phrase; omitted
ones never appear. Multi-call plans join their clauses ("First ..., then ...", "Also ...").
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass

from ..records import ArgPlan, CallPlan, DisclosurePlan, Draft, Tool
from ..surface import join_words, normalize, noun, render, spec_of, value_kind, words
from .base import WRITERS, TextCheck, WriteRequest

MAX_TRIES = 8  # check-driven retries with other template choices
MAX_DISTINCT = 12  # draws per paraphrase to find a text not used yet

_SLOT = re.compile(r"\{([^{}]+)\}")
_OPTIONAL = re.compile(r"\[([^\[\]]*)\]")
_START = ("start", "origin", "from", "departure", "pickup", "source")
_END = ("end", "destination", "dest", "arrival", "dropoff", "target")

VERBS = {
    "search": "search for",
    "query": "look up",
    "lookup": "look up",
    "get": "get",
    "find": "find",
    "list": "list",
    "check": "check",
    "add": "add",
    "create": "create",
    "set": "set",
    "book": "book",
    "buy": "buy",
    "order": "order",
    "send": "send",
    "play": "play",
    "delete": "delete",
    "remove": "remove",
    "update": "update",
    "cancel": "cancel",
    "fetch": "get",
    "recommend": "recommend",
    "log": "log",
    "record": "record",
    "view": "view",
    "download": "download",
    "reserve": "reserve",
    "call": "call",
    "make": "make",
    "open": "open",
    "start": "start",
    "stop": "stop",
    "share": "share",
    "translate": "translate",
    "track": "track",
    "schedule": "schedule",
    "pay": "pay",
    "post": "post",
    "retrieve": "get",
    "show": "show",
    "calculate": "calculate",
    "convert": "convert",
}
MASS_NOUNS = {
    "news",
    "knowledge",
    "information",
    "info",
    "weather",
    "music",
    "data",
    "advice",
    "traffic",
    "goods",
    "details",
    "status",
    "history",
    "food",
}

OPENERS: dict[str, list[tuple[str, str]]] = {
    "explicit": [
        ("Please {c}", "."),
        ("Can you {c}", "?"),
        ("Could you {c}", "?"),
        ("I'd like to {c}", "."),
        ("Help me {c}", "."),
        ("I want to {c}", "."),
        ("Can you please {c}", "?"),
        ("{c}", "."),
    ],
    "casual": [
        ("Hey, can you {c}", "?"),
        ("{c}, please", "."),
        ("Quick one: {c}", "."),
        ("I wanna {c}", "."),
        ("Can you {c} for me", "?"),
        ("Could ya {c}", "?"),
        ("Yo, {c}", "."),
        ("Gotta {c}", "."),
    ],
    "indirect": [
        ("I was wondering if you could {c}", "."),
        ("Is there a way to {c}", "?"),
        ("I'd love to {c}", "."),
        ("Would it be possible to {c}", "?"),
        ("I've been meaning to {c}", "."),
        ("It would help if you could {c}", "."),
        ("Any chance you could {c}", "?"),
        ("Could you maybe {c}", "?"),
        ("Maybe you could {c}", "?"),
    ],
    "need": [
        ("{n}. Can you help me {c}", "?"),
        ("{n}. Could you {c}", "?"),
        ("{n}, so please {c}", "."),  # not after a question need (see _need_openers)
        ("{n}. I'd like to {c}", "."),
        ("{n}. Maybe {c}", "?"),
    ],
    "need_bare": [
        ("I need to {c}", "."),
        ("I have to {c}", "."),
        ("I've got to {c}", "."),
        ("Need to {c}", "."),
    ],
}
BARE_NEED = [
    ("{n}", "."),
    ("{n}. Can you help", "?"),
    ("{n}. Any ideas", "?"),
    ("{n}. Sort it out for me", "."),
]
APP_FORMS = ["on {app}", "using {app}", "with {app}", "through {app}", "via {app}"]
# Two calls share one sentence; longer chains become one sentence per call (no run-ons).
JOINS = {
    "sequential": ["first {0}, then {1}", "{0}, and after that {1}", "{0} and then {1}"],
    "parallel": ["{0}, and also {1}", "{0}, plus {1}", "{0} and {1}"],
}
# Follow-up sentences of a longer request: (middle leads, last leads).
FOLLOW_UPS = {
    "sequential": (
        ["Then {c}.", "After that, {c}.", "Once that's done, {c}.", "Next, {c}."],
        ["Finally, {c}.", "Last, {c}.", "And to wrap up, {c}."],
    ),
    "parallel": (
        ["Also, {c}.", "On top of that, {c}.", "And {c}.", "While you're at it, {c}."],
        ["Finally, {c}.", "And one more thing: {c}.", "Last, {c}."],
    ),
}
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
# How a value produced by an earlier call is referred to ("book tickets for the event you find").
RESULT_REFS = ["for the {n} you find", "using the {n} from that", "with the {n} you get from that"]
ROLE_REFS = {
    "from": ["from that place", "starting from the place you find"],
    "to": ["to that place", "to the place you find"],
}


# ---------------------------------------------------------------- pieces


@dataclass
class Arg:
    """One argument as it will be said: its text (None = omitted) and how it was disclosed."""

    param: str
    text: str | None
    plan: ArgPlan


def _role(param: str) -> str | None:
    tokens = set(param.lower().split("_"))
    if tokens & set(_START):
        return "from"
    if tokens & set(_END):
        return "to"
    return None


def arg_texts(call: CallPlan, tool: Tool | None, time: str | None, rng: random.Random) -> list[Arg]:
    out = []
    for a in call.args:
        text = None
        if a.mode == "stated":
            text = render(a.value, a.param, tool, time=time, rng=rng) or None  # blank: nothing to say
        elif a.mode == "hinted":
            text = a.hint
        out.append(Arg(a.param, text, a))
    return out


def _fill(template: str, said: dict[str, str]) -> tuple[str, set[str]] | None:
    """Fill `{param}` slots; drop `[...]` segments whose slots are not said. None when a
    mandatory slot has nothing to say."""
    used: set[str] = set()

    def optional(m: re.Match[str]) -> str:
        inner = m.group(1)
        names = _SLOT.findall(inner)
        if not names or any(n not in said for n in names):
            return ""
        used.update(names)
        return _SLOT.sub(lambda s: said[s.group(1)], inner)

    body = _OPTIONAL.sub(optional, template)
    names = _SLOT.findall(body)
    if any(n not in said for n in names):
        return None
    used.update(names)
    text = re.sub(r"\s+", " ", _SLOT.sub(lambda s: said[s.group(1)], body)).strip()
    if " " not in text or text.rsplit(" ", 1)[-1].lower() in DANGLING:
        return None  # "book", "reserve a place in": the template needs the slots it dropped
    return text, used


def derived_intent(tool: Tool | None, fallback: str = "") -> str:
    """A verb phrase from the API name ("get_path" -> "get a path", "search_goods" -> "search for goods")."""
    tokens = words(tool.api if tool else fallback).split()
    if not tokens:
        return "help me with something"
    verb, rest = VERBS.get(tokens[0]), tokens[1:]
    if verb is None:
        verb, rest = "use", tokens
    if not rest:
        return f"{verb} something" if verb != "use" else "help me with this"
    obj = " ".join(rest)
    if rest[-1] in MASS_NOUNS or rest[-1].endswith("s"):
        return f"{verb} {obj}"
    return f"{verb} {'an' if obj[0] in 'aeiou' else 'a'} {obj}"


def intent_phrase(tool: Tool | None) -> str:
    """A slot-free intent for prompts: the first hint intent with optional parts dropped and
    mandatory slots said as "the <noun>" ("order {food}" -> "order the dishes")."""
    for template in tool.hints.intents if tool and tool.hints else []:
        body = _OPTIONAL.sub("", template)
        nouns = {n: f"the {noun(n, tool)}" for n in _SLOT.findall(body)}
        filled = _fill(body, nouns)
        if filled:
            return filled[0]
    return derived_intent(tool)


def _intent(tool: Tool | None, said: dict[str, str], rng: random.Random) -> tuple[str, set[str]]:
    templates = list(tool.hints.intents) if tool and tool.hints else []
    rng.shuffle(templates)
    options = [f for f in (_fill(t, said) for t in templates) if f]
    if options:
        # Mostly the template that absorbs the most values: slots read better than modifiers.
        return max(options, key=lambda f: len(f[1])) if rng.random() < 0.75 else options[0]
    return derived_intent(tool, tool.name if tool else ""), set()


def _modifier(arg: Arg, tool: Tool | None, time: str | None, rng: random.Random) -> str:
    text = arg.text or ""
    if arg.plan.mode == "hinted":
        return _hint_modifier(arg, tool, rng)
    kind = value_kind(arg.plan.value, arg.param, tool, time)
    return MODIFIERS.get(kind, _plain_modifier)(arg, tool, text, rng)


_PLAIN_DATE_HINT = re.compile(
    r"^an? (?:date|day) of ((?:January|February|March|April|May|June|July|August|"
    r"September|October|November|December) \d{1,2}, \d{4})$"
)


def _hint_modifier(arg: Arg, tool: Tool | None, rng: random.Random) -> str:
    text = arg.text or ""
    if arg.plan.source == "time":
        return text
    role = _role(arg.param)
    if text in ("home", "work"):
        return f"{role or 'at'} {text}"
    if role is not None:
        return f"{role} {text}"
    enum = spec_of(tool, arg.param).get("enum") or []
    if arg.plan.value in enum and not isinstance(arg.plan.value, bool):  # an enum member in words
        return _enum_modifier(arg, tool, text, rng)
    dated = _PLAIN_DATE_HINT.match(text)
    if dated:  # "a date of June 3, 2025" is just "on June 3, 2025"
        return f"on {dated[1]}"
    if text.startswith(("a ", "an ")):  # "a volume of fifty-six": a measure, said "with" it
        return f"with {text}"
    if _adverbial(text):  # an enum said in words ("repeating the whole list", "in IMAX")
        return text
    return rng.choice([f"with {text}", f"using {text}", f"for {text}"])


def _plain_modifier(arg: Arg, tool: Tool | None, text: str, rng: random.Random) -> str:
    role = _role(arg.param)
    if role:
        return f"{role} {text}"
    n = noun(arg.param, tool)
    verb = "are" if isinstance(arg.plan.value, list) or (n.endswith("s") and not n.endswith("ss")) else "is"
    return rng.choice(
        [f"with the {n} set to {text}", f"where the {n} {verb} {text}", f"with {text} as the {n}"]
    )


def _number_modifier(arg: Arg, tool: Tool | None, text: str, rng: random.Random) -> str:
    n = noun(arg.param, tool)
    if n.startswith("number of "):  # "for 2 guests", not "with a number of guests of 2"
        return f"for {text} {n[len('number of ') :]}"
    if n.endswith("s") and not n.endswith("ss"):  # "with 0 checked bags"
        return f"with {text} {n}"
    return rng.choice([f"with a {n} of {text}", f"with a {n} of {text}", f"with the {n} set to {text}"])


ADVERB_STARTS = {"this", "next", "last", "whenever", "today", "tomorrow", "tonight", "once", "every", "just"}


def _adverbial(text: str) -> bool:
    """Whether a catalog surface phrase can follow a clause as is ("in IMAX", "paying in cash")."""
    first = text.split(" ", 1)[0].lower()
    return first in PREPOSITIONS or first in ADVERB_STARTS or first.endswith(("ing", "ly"))


# Nouns after which an enum value reads as a class label ("in the home goods category").
CLASS_NOUNS = ("category", "type", "kind", "class", "genre", "section")


def _enum_modifier(arg: Arg, tool: Tool | None, text: str, rng: random.Random) -> str:
    n = noun(arg.param, tool)
    if _adverbial(text):
        return text
    if text.split(" ", 1)[0].lower() in ("a", "an", "the", "my"):
        return f"for {text}"
    if n.split()[-1] in text.lower().split():  # "high priority" already says it is a priority
        return f"with {text}"
    if n.split()[-1] in CLASS_NOUNS:
        return f"in the {text} {n}"
    return rng.choice([f"with {text} as the {n}", f"with the {n} set to {text}"])


def _when_modifier(prep: str) -> Callable[[Arg, Tool | None, str, random.Random], str]:
    """Dates and times: a bare "on May 3rd" when the parameter is just a date, else its noun."""

    def modify(arg: Arg, tool: Tool | None, text: str, rng: random.Random) -> str:
        n = noun(arg.param, tool)
        bare = text in ("today", "tomorrow", "the day after tomorrow", "noon", "midnight")
        said = text if bare else f"{prep} {text}"
        if n in ("date", "day", "time", "when", "datetime"):
            return said
        return rng.choice([f"with the {n} {said}", f"with {n} {said}"])

    return modify


MODIFIERS: dict[str, Callable[[Arg, Tool | None, str, random.Random], str]] = {
    "bool": lambda a, t, text, rng: text,
    "date": _when_modifier("on"),
    "datetime": _when_modifier("for"),
    "clock": _when_modifier("at"),
    "enum": _enum_modifier,
    "text": _plain_modifier,
    "number": _number_modifier,
    "list": _plain_modifier,
}


# History hints that share a frame merge into one phrase: "the same activity, duration and
# distance as last time" instead of three "with the same ... as last time" modifiers.
HINT_GROUPS = [
    (re.compile(r"^the same (.+) as last time$"), "with the same {} as last time"),
    (re.compile(r"^my usual (.+)$"), "with my usual {}"),
]


# Levels whose real queries are terse (TRAILBench High, ~10 words): "the same X as last time"
# hints collapse to one "like last time", which still points at the history.
TERSE_LEVELS = frozenset({"High"})
TERSE_REPEATS = ["like last time", "same as last time", "as I did last time"]


def _merged_hints(args: list[Arg], terse: bool, rng: random.Random) -> tuple[list[str], set[str]]:
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
            and _role(a.param) is None
            and (m := pattern.match(a.text or ""))
        ]
        if terse and i == 0 and hits:
            out.append("," * bool(len(hits) < len(args)) + rng.choice(TERSE_REPEATS))  # said last
            used |= {a.param for a, _ in hits}
        elif len(hits) >= 2:
            out.append(phrase.format(join_words([m[1] for _, m in hits])))
            used |= {a.param for a, _ in hits}
    return out, used


def _result_ref(param: str, tool: Tool | None, rng: random.Random) -> str:
    """The value an earlier call produces, referred to by what it is ("the event you find")."""
    role = _role(param)
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
    args = arg_texts(call, tool, time, rng)
    # Slots take values; hint phrases ("my usual gym", "in 2 hours") only fit as modifiers,
    # except the place words "home" / "work" that read like values.
    said = {
        a.param: a.text
        for a in args
        if a.text is not None and (a.plan.mode == "stated" or a.text in ("home", "work"))
    }
    intent, used = _intent(tool, said, rng)
    mods, merged = _merged_hints([a for a in args if a.param not in used], level in TERSE_LEVELS, rng)
    mods += [
        _modifier(a, tool, time, rng) for a in args if a.text is not None and a.param not in used | merged
    ]
    rng.shuffle(mods)
    mods.sort(key=lambda m: m.startswith(","))  # ", like last time" closes the clause
    bound = [a for a in args if a.plan.source == "previous_step"]
    if after_previous and bound:
        mods.append(_result_ref(bound[0].param, tool, rng))
    parts = [intent]
    if call.tool_mode == "named" and tool is not None:
        parts.append(rng.choice(APP_FORMS).format(app=tool.app))
    closing = [m for m in mods if m.startswith(",")]
    mods = [m for m in mods if not m.startswith(",")]
    if mods:
        parts.append(mods[0] if len(mods) == 1 else join_words(mods))
    text = " ".join(parts)
    return (
        text + "".join(f", {m[1:]}" for m in closing)
        if mods
        else " ".join([text, *(m.lstrip(",") for m in closing)])
    )


# ---------------------------------------------------------------- sentences


_QUESTION_START = (
    "how",
    "what",
    "what's",
    "where's",
    "how's",
    "where",
    "when",
    "why",
    "who",
    "which",
    "am",
    "is",
    "are",
    "can",
    "could",
    "do",
    "does",
    "has",
    "have",
    "should",
    "will",
    "anything",
)


def _need(tool: Tool | None, rng: random.Random) -> str | None:
    needs = tool.hints.need if tool and tool.hints else []
    return rng.choice(needs).rstrip(".!?") if needs else None


def _is_question(need: str) -> bool:
    return need.split(" ", 1)[0].lower() in _QUESTION_START


def _need_sentence(need: str) -> str:
    """A need said on its own: "I'm hungry." / "Where is my package?"."""
    return _capitalize(need) + ("?" if _is_question(need) else ".")


def _cycle(options: list[str], n: int, rng: random.Random) -> list[str]:
    """`n` picks from `options`, no option twice in a row (follow-up leads vary)."""
    order = rng.sample(options, len(options))
    return [order[i % len(order)] for i in range(n)]


def _join(clauses: list[str], kind: str, rng: random.Random) -> list[str]:
    """The request as sentence bodies: the first goes after the opener, the rest are whole
    sentences. Two calls share one sentence; longer chains get a sentence per call."""
    k = "sequential" if kind == "sequential" else "parallel"
    if len(clauses) == 1:
        return clauses
    if len(clauses) == 2:
        return [rng.choice(JOINS[k]).format(*clauses)]
    mids, lasts = FOLLOW_UPS[k]
    first = f"first {clauses[0]}" if k == "sequential" and rng.random() < 0.5 else clauses[0]
    rest = [m.format(c=c) for m, c in zip(_cycle(mids, len(clauses) - 2, rng), clauses[1:-1], strict=True)]
    return [first, *rest, rng.choice(lasts).format(c=clauses[-1])]


def _capitalize(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _only_need(plan: DisclosurePlan) -> bool:
    """A need-style plan that states nothing and names no app can be said as the need alone."""
    return all(a.mode == "omitted" for _, a in plan.args()) and all(
        c.tool_mode != "named" for c in plan.calls
    )


_ADDRESSED = re.compile(r"^(\w+ me|let me)\b", re.IGNORECASE)
_FIRST_PERSON = ("to ", "me ", "Gotta ", "wanna ")
SAFE_OPENERS = [("Can you {c}", "?"), ("Please {c}", "."), ("Could you {c}", "?")]
# Levels whose real queries are short (TRAILBench Medium / High: ~10 words): openers of at most
# this many words before the request.
SHORT_LEVELS = {"Medium": 4, "High": 3}
# Levels whose real queries often open with the situation ("I'm at X and hungry. ..."), and how often.
CONTEXT_RATE = {"Minimum": 0.9, "Low": 0.4}


def _fitting(openers: list[tuple[str, str]], body: str) -> list[tuple[str, str]]:
    """Openers that read well before `body`: "tell me ..." / "remind me ..." addresses the
    assistant, so "I'd like to tell me" and "Help me remind me" are out."""
    if not _ADDRESSED.match(body):
        return openers
    ok = [o for o in openers if not o[0].split("{c}")[0].endswith(_FIRST_PERSON)]
    return ok or SAFE_OPENERS


def _short(openers: list[tuple[str, str]], level: str) -> list[tuple[str, str]]:
    if level not in SHORT_LEVELS:
        return openers
    short = [o for o in openers if len(o[0].split("{c}")[0].split()) <= SHORT_LEVELS[level]]
    return short if len(short) >= 2 else openers


def _need_openers(need: str) -> list[tuple[str, str]]:
    """Need openers, the need said as its own sentence ("Where is my parcel? Can you ...")."""
    if not _is_question(need):
        return OPENERS["need"]
    return [(o.replace("{n}.", "{n}?"), m) for o, m in OPENERS["need"] if o.startswith("{n}.")]


def _head(body: str, plan: DisclosurePlan, tool: Tool | None, rng: random.Random) -> str:
    """The first sentence: opener + first request body (or the need alone)."""
    need = _need(tool, rng) if plan.style == "need" else None
    if need is None:
        # Without need statements a need is said as the intent itself ("I need to get a taxi").
        style = "need_bare" if plan.style == "need" else plan.style
        opener, mark = rng.choice(_fitting(_short(OPENERS[style], plan.level), body))
        return _capitalize(opener.format(c=body).strip()) + mark
    if _only_need(plan):
        opener, mark = rng.choice(BARE_NEED)
        mark = "?" if _is_question(need) and opener == "{n}" else mark
        return (
            _capitalize(opener.replace("{n}.", "{n}?" if _is_question(need) else "{n}.").format(n=need))
            + mark
        )
    opener, mark = rng.choice(_fitting(_short(_need_openers(need), plan.level), body))
    return _capitalize(opener.format(c=body, n=need).strip()) + mark


def _context(plan: DisclosurePlan, tool: Tool | None, rng: random.Random) -> str | None:
    """An optional situation sentence before an explicit request ("I need a ride. Book ...")."""
    rate = CONTEXT_RATE.get(plan.level, 0.0)
    if plan.style == "need" or rng.random() >= rate:
        return None
    need = _need(tool, rng)
    return _need_sentence(need) if need else None


# ---------------------------------------------------------------- framed levels

# Situations for scenario-framed requests, per catalog domain. No values, dates, times of day
# or app names: the frame must never disclose (or seem to disclose) an argument.
SCENES: dict[str, list[str]] = {
    "entertainment": [
        "My cousin is staying with me and I promised to plan some fun, but I've left it to the last minute.",
        "I'm trying to pull together a proper outing for friends who never agree on anything.",
        "Work has been brutal lately and I finally have some free time, so I want to line up a few things to enjoy.",
        "A friend's birthday is coming up and I'm in charge of the fun part, so the plans are on me.",
    ],
    "finance": [
        "Budget review is looming and my accounts are a bit of a mess, so I want a quick triage first.",
        "I'm trying to get my money in order before the next pay cycle, and a few things can't wait.",
        "My partner asked where our money is going and honestly I'm not sure, so let's get some clarity.",
        "I've been ignoring my finances for too long; time to clear the backlog in one go.",
    ],
    "food": [
        "I'm hosting a few friends soon and want the food side of things handled without stress.",
        "The fridge is looking sad and nobody in this house wants to cook, so let's sort out food.",
        "I promised my family a good meal and I'd rather not leave it to chance.",
        "It's a busy stretch at work, so I want food sorted without spending ages on it.",
    ],
    "shopping": [
        "I'm finally tackling the list of things I keep meaning to buy, and I want it done in one sitting.",
        "I'm moving into a new place soon and there's a pile of shopping errands I need to clear.",
        "Gift season is sneaking up and I'd rather not be the person scrambling at the last minute.",
        "I've got a few orders and purchases hanging over me, so quick triage please.",
    ],
    "travel": [
        "I'm planning a trip and the details keep slipping through the cracks, so let's pin them down.",
        "My boss just approved the trip, and I need the logistics settled before prices move.",
        "There's a family visit coming up and I'm the one who always ends up organizing everything.",
        "I want this trip to go smoothly, so I'm getting the bookings and checks out of the way now.",
    ],
    "transport": ["I've got places to be and I'd like the getting-around part figured out in advance."],
    "reminder": ["My head is all over the place lately and I keep dropping the ball on small things."],
    "health": ["I'm trying to take my health more seriously and want to get a few things on the books."],
    "messaging": ["My inbox and chats are piling up and people are waiting on me."],
    "information": ["I want a handle on what's going on before I make any plans."],
    "": ["I've got a few things to sort out and I'd like to get them done in one go."],
}
BRIDGES = ["Here's what I need.", "Here's the list.", "So, a few things.", "Here's the plan."]
CLOSERS = [
    "Keep it skimmable; I'm pasting the results into my notes.",
    "A short rundown of each is perfect, no need for long explanations.",
    "Just the key points for each, please, I'm short on patience.",
    "Give me the results as a quick list I can forward on.",
    "Nothing fancy, a quick summary of each will do.",
]
FRAMED_STEPS: dict[str, tuple[list[tuple[str, str]], list[tuple[str, str]], list[tuple[str, str]]]] = {
    "parallel": (
        [("First, could you {c}", "?"), ("To start, I need to {c}", "."), ("Could you {c} first", "?")],
        [
            ("I'd also like to {c}", "."),
            ("Could you also {c}", "?"),
            ("On top of that, {c}", "."),
            ("I also need to {c}", "."),
            ("See if you can {c}", "."),
            ("While you're at it, {c}", "."),
        ],
        [("And finally, {c}", "."), ("Last thing: {c}", "."), ("To round it off, could you {c}", "?")],
    ),
    "sequential": (
        [("First, could you {c}", "?"), ("Start with this: {c}", "."), ("To begin, I need to {c}", ".")],
        [
            ("Then {c}", "."),
            ("Once that's done, {c}", "."),
            ("After that, I need to {c}", "."),
            ("Next, could you {c}", "?"),
        ],
        [("Finally, {c}", "."), ("And to wrap up, {c}", "."), ("Last step: {c}", ".")],
    ),
}


def _step(options: list[tuple[str, str]], body: str, rng: random.Random) -> str:
    opener, mark = rng.choice(_fitting(options, body))
    return _capitalize(opener.format(c=body)) + mark


def _framed_steps(clauses: list[str], kind: str, rng: random.Random) -> list[str]:
    firsts, mids, lasts = FRAMED_STEPS["sequential" if kind == "sequential" else "parallel"]
    if len(clauses) == 1:
        return [_step(firsts, clauses[0], rng)]
    order = rng.sample(mids, len(mids))
    middle = [_step([order[i % len(order)]], c, rng) for i, c in enumerate(clauses[1:-1])]
    return [_step(firsts, clauses[0], rng), *middle, _step(lasts, clauses[-1], rng)]


def scenario(
    clauses: list[str], plan: DisclosurePlan, tools: dict[str, Tool], kind: str, rng: random.Random
) -> str:
    """A scenario-framed request (TRAJECT-Bench hard / trajectory queries): situation, the
    calls one sentence each, a closing wish. Indirect in tone, never vague about the calls."""
    first = tools.get(plan.calls[0].tool) if plan.calls else None
    scene = rng.choice(SCENES.get(first.domain if first else "", SCENES[""]) or SCENES[""])
    steps = _framed_steps(clauses, kind, rng)
    closer = [rng.choice(CLOSERS)] if kind != "sequential" or rng.random() < 0.5 else []
    return " ".join([scene, rng.choice(BRIDGES), *steps, *closer])


Frame = Callable[[list[str], DisclosurePlan, dict[str, Tool], str, random.Random], str]
# Plan levels realized as a framed scenario instead of opener + request.
FRAMES: dict[str, Frame] = {"hard": scenario, "traj_query": scenario}


# ---------------------------------------------------------------- polish

_A_AN = re.compile(r"\b([Aa]) (?=(?:[aeioAEIO]|8|11\b|18\b))")
_ONE_PLURAL = re.compile(
    r"(?<![\w.,:-])(1|one) ((?:(?!of\b)[A-Za-z-]+ )?)"
    r"(night|seat|ticket|spot|guest|adult|minute|hour|day|star|room|passenger|rider|traveller|bag|item)s\b"
)
_MONTH_NAMES = "January|February|March|April|May|June|July|August|September|October|November|December"
# "at June 2nd, 2025 at 9 am" (a datetime filling an "at {time}" slot) -> "on June 2nd, ...".
_AT_DATE = re.compile(rf"\bat (?=(?:the \d+(?:st|nd|rd|th) of )?(?:{_MONTH_NAMES})\b)")
_SENTENCE_START = re.compile(r"([.?!] )([a-z])")


def polish(text: str) -> str:
    """Surface grammar the slot filling cannot see: "a amount" -> "an amount", "1 nights" ->
    "1 night", sentence starts capitalized, no space before punctuation."""
    text = _A_AN.sub(lambda m: f"{m[1]}n ", text)
    text = _ONE_PLURAL.sub(r"\1 \2\3", text)
    text = _AT_DATE.sub("on ", text)
    text = re.sub(r"(?<![\w.,:-])(1|one) people\b", r"\1 person", text)
    text = re.sub(r"\s+([,.;?!])", r"\1", text)
    text = re.sub(r"([?!])[.?!]+|(?<!\.)\.\.(?!\.)", lambda m: m[1] or ".", text)
    text = _SENTENCE_START.sub(lambda m: m[1] + m[2].upper(), text)
    return re.sub(r"\s+", " ", text).strip()


def compose(
    plan: DisclosurePlan, tools: dict[str, Tool], kind: str, time: str | None, rng: random.Random
) -> str:
    """One query for `plan`."""
    clauses = [
        clause(c, tools.get(c.tool), time, rng, after_previous=i > 0, level=plan.level)
        for i, c in enumerate(plan.calls)
    ]
    frame = FRAMES.get(plan.level)
    if frame is not None and len(clauses) > 1:
        return polish(frame(clauses, plan, tools, kind, rng))
    tool = tools.get(plan.calls[0].tool) if plan.calls else None
    bodies = _join(clauses, kind, rng)
    head = _head(bodies[0], plan, tool, rng)
    if plan.style == "need" and _only_need(plan) and tool and tool.hints and tool.hints.need:
        bodies = bodies[:1]  # the need alone says it all
    context = _context(plan, tool, rng)
    return polish(" ".join([*([context] if context else []), head, *bodies[1:]]))


# ---------------------------------------------------------------- the writer


def _rng(seed: int, attempt: int, index: int, draw: int) -> random.Random:
    return random.Random(f"template:{seed}:{attempt}:{index}:{draw}")


def paraphrases(req: WriteRequest, seed: int, attempt: int) -> list[str]:
    """`req.n` texts, distinct after normalization and from `req.avoid` when possible."""
    tools = {t.name: t for t in req.tools}
    seen = {normalize(t) for t in req.avoid}
    out: list[str] = []
    for i in range(req.n):
        text = ""
        for draw in range(MAX_DISTINCT):
            text = compose(req.plan, tools, req.target.kind, req.target.time, _rng(seed, attempt, i, draw))
            if normalize(text) not in seen:
                break
        seen.add(normalize(text))
        out.append(text)
    return out


class TemplateWriter:
    name = "template"

    def __init__(self, max_tries: int = MAX_TRIES) -> None:
        self.max_tries = max_tries

    def write_sync(self, req: WriteRequest, seed: int, check: TextCheck | None = None) -> Draft:
        texts: list[str] = []
        attempt = 0
        for attempt in range(1, self.max_tries + 1):
            texts = paraphrases(req, seed, attempt)
            if check is None or not check(texts):
                break
        return Draft(
            target_id=req.plan.target_id,
            level=req.plan.level,
            texts=texts,
            writer=self.name,
            attempts=attempt,
        )

    async def write(self, req: WriteRequest, seed: int, check: TextCheck | None = None) -> Draft:
        return self.write_sync(req, seed, check)


WRITERS.add("template", TemplateWriter)


def plan_sample(
    plan: DisclosurePlan, tools: list[Tool], seed: int = 0, kind: str = "single", time: str | None = None
) -> str:
    """One query for a plan without a request object (handy for notebooks and audits)."""
    return compose(plan, {t.name: t for t in tools}, kind, time, _rng(seed, 0, 0, 0))
