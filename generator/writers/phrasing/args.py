"""Argument phrases: what each argument says (stated value, hint, or nothing) and the
modifier it becomes when no intent slot absorbed it ("with the party size set to 4")."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace

from ...core.inflection import engine
from ...core.semantic import tokens
from ...core.surface import render, spec_of, spoken_member, value_kind
from ...phrasebook import hints_of
from ...phrasebook.lexicon import FUNCTION_WORDS, known
from ...phrasebook.terms import (
    Term,
    goes_somewhere,
    kind_of_value,
    one_of_a_list,
    say,
    term,
    written_in_capitals,
)
from ...records import ArgPlan, CallPlan, Tool
from .intents import PREPOSITIONS

_START = ("start", "origin", "from", "departure", "pickup", "source")
_END = ("end", "destination", "dest", "arrival", "dropoff", "target")


@dataclass
class Arg:
    """One argument as it will be said: its text (None = omitted) and how it was disclosed."""

    param: str
    text: str | None
    plan: ArgPlan


# Words of a moment: "pickup_at", "start_date" are times, never a place to go from or to.
_MOMENT = frozenset({"at", "time", "date", "datetime", "day", "hour", "when", "on", "ts", "timestamp"})


def param_role(param: str) -> str | None:
    tokens = set(param.lower().split("_"))
    if tokens & _MOMENT:
        return None
    if tokens & set(_START):
        return "from"
    if tokens & set(_END):
        return "to"
    return None


def arg_texts(call: CallPlan, tool: Tool | None, time: str | None, rng: random.Random) -> list[Arg]:
    out = []
    for a in call.args:
        text = None
        if a.mode == "stated" and a.hint:
            text = a.hint  # the spelling the plan asks for (TRAJECT simple: the gold's, as upstream writes it)
        elif a.mode == "stated":
            text = render(a.value, a.param, tool, time=time, rng=rng) or None  # blank: nothing to say
        elif a.mode == "hinted":
            text = a.hint
        out.append(Arg(a.param, text, a))
    return out


def modifier(arg: Arg, tool: Tool | None, time: str | None, rng: random.Random) -> str:
    """The phrase of an argument no intent slot absorbed: a hint phrase, a catalog surface
    phrase ("by car", "a standard car"), or the value in its parameter's frame ("for pen
    P-0412", "with a sensor depth of 12 metres", "from June 2"); never a read-out."""
    text = arg.text or ""
    if arg.plan.mode == "hinted":
        return _hint_modifier(arg, tool, rng)
    kind = value_kind(arg.plan.value, arg.param, tool, time)
    if kind == "bool":
        return text
    if kind == "enum" and tool is not None and tool.hints is not None and _phrase_like(text):  # catalog words
        return _enum_modifier(arg, tool, text, rng)
    return said_as(arg.param, tool, kind, text)


def said_as(param: str, tool: Tool | None, kind: str, text: str) -> str:
    """`text` (a value as said) in the frame of `param`'s term (the catalog hint's noun first)."""
    if kind == "number" and (compass := _compass_said(param, tool, text)):
        return compass
    if tool is not None and tokens(param)[:1] == ["new"] and kind in ("text", "id") and _moves(tool):
        noun = term(param, spec_of(tool, param)).noun.removeprefix("new ")
        return f"to {noun} {text}" if noun else f"to {text}"  # "move the booking to flight FLT-10517", never "for
        # flight": the flight it moves to (set 49)
    hints = hints_of(tool)
    hinted = tool.hints.nouns.get(param) if tool and tool.hints else None
    intent = " ".join(hints.intents[:1]) if hints else ""
    text = spoken_member(text) if kind == "enum" else text
    t = apart(term(param, spec_of(tool, param), hinted), param, tool)
    t = _plain_noun(t, param) if kind in ("number", "date", "datetime", "clock") else t
    if (plain := _said_plainly(t, param, tool, kind, text)) is not None:
        return plain
    said = say(t, kind_of_value(kind), text, intent)
    if kind == "number" and text == "1" and t.noun and (one := engine().singular_noun(t.noun.split()[-1])):
        said = re.sub(rf"\b1 {re.escape(t.noun)}\b", f"1 {' '.join([*t.noun.split()[:-1], one])}", said)  # "1 certified
        # copy", never "1 certified copies" (set 49)
    if t.noun and text.split(" ")[0].lower() == t.noun.split(" ")[-1].lower():  # the value opens on its noun:
        said = re.sub(rf"(?:\b(?:the|an?) )?{re.escape(t.noun)} (?={re.escape(text)})", "", said, count=1)  # "with
        # Officer R. Delgado", never "with officer Officer R. Delgado" (set 48)
    if kind == "enum" and (cased := cased_as_described(text, tool, param)) != text:
        said = re.sub(rf"(?<!\w){re.escape(text)}(?!\w)", lambda _: cased, said, count=1)
    if kind == "enum" and (done := _what_they_do(t.noun, text)):
        return done
    if kind == "enum" and (told := _as_a_clause(text)) != text:
        said = re.sub(rf"\b(?:an?|the) {re.escape(text)}\b|(?<!\w){re.escape(text)}(?!\w)", told, said, count=1)
    if kind == "text" and t.noun.lower() in _SITES and text[:1].isupper() and text.split()[-1].lower() in _SITES \
            and t.noun.lower() not in intent.lower():  # ("ask another facility": the one asked, no place it is at)
        return f"at {text}"  # "at Twin Towers Correctional Facility", never "with the Facility Twin Towers ..." (set 48)
    return one_of_a_list(t, said, text) if kind == "list" else said


_SPANS = frozenset({"days", "weeks", "months", "years", "nights", "hours"})
_CAPTION = re.compile(r"[A-Z][\w.'&-]*(?: [\w.'&,-]+)* v\. [A-Z]")
_SPENT_ON = frozenset({"flight", "flying", "driving", "operation", "operating", "work", "service"})
_WEEKDAYS = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"})
_PURPOSE_BARE = ("filing", "review", "use", "testing", "inspection", "reference", "research", "training")


def _said_plainly(t: Term, param: str, tool: Tool | None, kind: str, text: str) -> str | None:
    """A few values said as a clerk says them, where the term's frame reads as a label (set 49): a language
    "in Korean" (never "with language of the witness Korean"), a count of things "with 4 changes" (never
    "4 changes count"), a mode or kind named by its adjective "with simultaneous interpretation" (never "by
    simultaneous"), a copy of a kind whose noun is a member "for the original" (never "for Original"), a
    purpose "for court filing", "for the appeal record"; None for any other value."""
    words = tokens(param)
    members = [str(m).lower() for m in (spec_of(tool, param).get("enum") or [])] if tool is not None else []
    head = t.noun.lower().split()
    if kind == "enum" and words[-1:] in (["test"], ["check"]) and text in ("passed", "failed", "not tested") and \
            head[:1] in (["result"], ["outcome"]):  # the noun names no test
        thing = " ".join(words[:-1] if text == "not tested" else words)  # "the ammonia detector test failed",
        return f"with the {thing} {text}"  # never "with the result failed" (set 49)
    if kind == "number" and len(words) == 2 and words[0].endswith("ing") and words[1] in _SPANS and re.fullmatch(r"\d+", text):
        return f"{words[0]} for {text} {words[1] if text != '1' else words[1][:-1]}"  # "recurring for 25 weeks"
    if kind == "text" and ("caption" in words or _CAPTION.match(text)):
        return f"in {text}"  # a case's caption names the case: "in Ramirez v. Coastal Freight", never "saying ..."
    if kind == "clock" and len(words) == 2 and words[0] in ("latest", "earliest") and words[1] in ("start", "end", "finish"):
        edge = "no later than" if words[0] == "latest" else "no earlier than"  # never "from 9 pm" for the
        return f"{'starting' if words[1] == 'start' else 'ending'} {edge} {text}"  # latest start (set 49)
    if kind == "enum" and (words in (["day", "of", "week"], ["weekday"], ["day"]) or words[-3:] == ["day", "of", "week"]) and \
            text.lower() in _WEEKDAYS:
        return f"on {text.capitalize()}"  # "on Thursday", never "with the thursday day" (set 49)
    if kind == "number" and t.unit in ("hours", "minutes", "days") and (spent := re.fullmatch(
            r"time (in|on|at|under) ([a-z ]+)", t.plain.lower())):  # "with 640 hours in service" (set 49)
        return f"with {text} {t.unit} {spent[1]} {spent[2]}"
    if kind == "number" and t.unit in ("hours", "minutes") and head[-1:] and head[-1] in _SPENT_ON:
        return f"with {t.bound}{text} {t.noun} {t.unit}"  # "with at least 2325 total balloon flight hours"
    if kind == "text" and words == ["language"] and re.fullmatch(r"[A-Z][a-z]+(?: [A-Z][a-z]+){0,2}", text):
        return f"in {text}"
    if kind == "number" and re.fullmatch(r"\d+", text) and len(head) == 2 and head[1] == "count" and \
            engine().singular_noun(head[0]):
        return f"with {text} {head[0] if text != '1' else engine().singular_noun(head[0]) or head[0]}"
    if kind == "enum" and len(head) == 2 and head[1] in ("mode", "method", "style") and " " not in text and \
            text.lower().endswith(("ous", "ive", "al", "ic", "ary")) and known(head[0]):
        return f"with {text.lower()} {head[0]}"
    if kind == "enum" and len(head) == 2 and head[1] == "type" and head[0] in members and text.lower() in members:
        return f"for {'an' if text.lower() == head[0] and text[:1].lower() in 'aeiou' else 'a' if text.lower() == head[0] else 'the'} " \
               f"{text.lower()}"
    if kind == "enum" and head == ["purpose"] and re.fullmatch(r"[a-z]+(?: [a-z]+){0,2}", text):
        return f"for {text}" if text.split()[-1].endswith("ing") or text.split()[-1] in _PURPOSE_BARE else f"for the {text}"
    return None


_MOVE_VERBS = frozenset({"move", "rebook", "transfer", "reassign", "relocate", "reschedule", "switch", "shift"})


def _moves(tool: Tool) -> bool:
    """Whether a tool moves a thing somewhere (its name's verb, or its description's first word)."""
    first = (re.findall(r"[a-z]+", tool.description.lower())[:1] or [""])[0]
    return bool(set(tokens(tool.name)[:1]) & _MOVE_VERBS) or first in _MOVE_VERBS


# Unit words of a name, never its noun (`ceiling_ft_agl`, `min_envelope_cubic_feet`).
_NAME_UNITS = frozenset({"ft", "feet", "agl", "msl", "cubic", "sq", "square", "sm", "nm", "km", "mi", "miles", "m", "cm",
                         "mm", "in", "inches", "kg", "lb", "lbs", "hrs", "hours", "min", "mins", "usd", "pct", "psi",
                         "psig", "kt", "kts", "knots", "f", "c", "gal", "gals", "l", "ml"})


def _plain_noun(t: Term, param: str) -> Term:
    """A term the name gave no noun: the plain frame of its name's own words, units and bound words left
    to their places ("a ceiling of 2700 feet", "an envelope of at least 94000 cubic feet", "a medical valid
    through June 4"), never "FT AGL at most 2700" or "envelope cubic at least" (set 49)."""
    if t.noun or t.phrase or t.negation:
        return t
    through = len(tokens(param)) >= 2 and tokens(param)[-1] in ("through", "until")
    if not through and not {w.lower() for w in t.plain.split()} & _GARBLING_UNITS:
        return t  # only where the name's unit words would be read out ("FT AGL", "envelope cubic")
    words = [w for w in tokens(param) if w not in _NAME_UNITS and w not in ("min", "max", "minimum", "maximum")]
    if words == ["ceiling"] or words == ["floor"]:
        t = replace(t, bound="")  # a cloud ceiling, a building's floor: the thing measured, no bound
    if not words or not all(w.isalpha() and known(w) for w in words):
        return t
    if len(words) >= 2 and words[-1] in ("through", "until", "on", "since", "before", "after"):
        return replace(t, phrase=f"with {engine().a(words[0])} {' '.join(words[1:])}", role="", bound="")
    if words[-1] in PREPOSITIONS or words[-1] in FUNCTION_WORDS:
        return t  # `reply_within_hours`: its own frame says it ("a reply within 88 hours")
    unit = t.unit or next((_SPELLED[w] for w in tokens(param) if w in _SPELLED), "")
    return replace(t, noun=" ".join(words), unit=unit)


_GARBLING_UNITS = frozenset({"ft", "agl", "msl", "cubic", "sq", "sm"})
_SPELLED = {"ft": "feet", "sm": "statute miles", "kt": "knots", "kts": "knots", "hrs": "hours", "mi": "miles"}


def _compass_said(param: str, tool: Tool | None, text: str) -> str | None:
    """A compass direction in degrees, as a pilot says one: "with the wind from 240 degrees", "with a bearing
    of 50 degrees" (set 49: "from forecast surface wind direction 24", "with 24 bearing degrees")."""
    from ...core.values import compass_step

    if tool is None or not re.fullmatch(r"\d{1,3}", text) or not compass_step(param, spec_of(tool, param)):
        return None
    words = [w for w in tokens(param) if w not in ("degrees", "deg", "from", "true", "to")]
    if "wind" in words and "direction" not in words and "from" in tokens(param):
        return f"with the wind from {text} degrees"
    return f"with {engine().a(' '.join(words))} of {text} degrees" if words else None


_SITES = frozenset({"facility", "center", "centre", "jail", "prison", "hospital", "clinic", "school", "station",
                    "terminal", "warehouse", "yard", "depot", "plant", "office", "courthouse", "library", "campus"})


def _as_a_clause(text: str) -> str:
    """A member that tells what happened or whose place it is, said so: "bite broke skin" is "a bite that
    broke the skin", "owner home" is "the owner's home" (set 48: "for a bite broke skin at owner home" in 17
    rows); any other member as it is."""
    from ...core.freetext import is_person_role
    from ...core.inflection import engine
    from ...phrasebook.lexicon import lemmas, verb_lemma

    words = text.split()
    if len(words) >= 3 and words[1].islower() and not words[0].endswith("s") and "NOUN" in lemmas(words[0]) and \
            verb_lemma(words[1]) not in (None, words[1]) and not words[1].endswith(("s", "ed", "ing")) and \
            "NOUN" in lemmas(words[-1]):
        # (a past form of its own: "broke", "tore", "bit"; "supplied", "sealed", "stored" modify a noun)
        return f"{engine().a(words[0])} that {words[1]} the {' '.join(words[2:])}"
    if len(words) == 2 and is_person_role(words[0]) and words[1] in ("home", "house", "office", "premises"):
        return f"the {words[0]}'s {words[1]}"
    return text


def _what_they_do(noun: str, text: str) -> str | None:
    """A person's choice that is an act, said as what the person does: `housing` "rent_apartment" of
    "Applicant's housing" is "with an applicant who rents an apartment", never "with rent apartment
    applicant's housing" (set 48: 18 rows); None for any other value."""
    from ...core.freetext import is_person_role
    from ...core.inflection import engine
    from ...phrasebook.lexicon import lemmas, verb_lemma

    owner = re.fullmatch(r"([a-z]+)'s [a-z ]+", noun)
    words = text.split()
    if owner is None or not is_person_role(owner[1]) or len(words) < 2 or "VERB" not in lemmas(words[0]):
        return None
    lemma = verb_lemma(words[0])
    if lemma is None or (lemma != words[0] and not words[0].endswith("s")):
        return None
    does = words[0] if lemma != words[0] else f"{words[0]}s"  # "rent": "rents"; "lives" as it is
    rest = " ".join(words[1:])
    said = rest if words[1] in PREPOSITIONS or words[1] in ("with", "in", "at", "on") else engine().a(rest)
    return f"with {engine().a(owner[1])} who {does} {said}"


def cased_as_described(text: str, tool: Tool | None, param: str) -> str:
    """A value's word that the tool's or the parameter's description writes in capitals, said so:
    "state_dot" beside "state DOT" is "state DOT", never "a state dot" (set 47); never a word of more
    than three letters that is a word anyway ("ONCE" daily), nor a listed value ("COD" of cod)."""
    spec = spec_of(tool, param)
    listed = {str(e) for e in spec.get("enum") or []}
    about = f"{tool.description if tool else ''} {spec.get('description') or ''}"
    return " ".join(w.upper() if w.islower() and w.upper() not in listed and written_in_capitals(w, about) and
                    w not in FUNCTION_WORDS and (len(w) <= 3 or not known(w)) else w for w in text.split(" "))


# The words of a name that tell one of two same-named measures from the other (`depth_start_ft_md`,
# `depth_end_ft_md`: "a starting measured depth", "an ending measured depth").
_SIDE_WORDS = {"start": "starting", "begin": "starting", "beginning": "starting", "from": "starting",
               "end": "ending", "to": "ending", "initial": "initial", "final": "final", "first": "first",
               "last": "last", "before": "before", "after": "after", "pre": "pre-", "post": "post-",
               "opening": "opening", "closing": "closing", "in": "incoming", "out": "outgoing", "next": "next",
               "previous": "previous", "prior": "prior", "current": "current"}


def apart(t: Term, param: str, tool: Tool | None) -> Term:
    """`t` with its side said when another parameter of the tool has the same noun (set 22: "a
    measured depth of 1600 feet MD, a measured depth of 13000 feet MD" for a day's start and end)."""
    if tool is not None and t.bound and not _bound_named(param, tool):
        t = replace(t, bound="")
    elif tool is not None and t.bound and t.noun and not reads_records(tool):  # a record's `max_dry_density_pcf`
        extreme = "maximum" if t.bound == "at most " else "minimum"  # is the maximum it records (set 42: "a dry
        named = t.noun if t.noun.lower().startswith(extreme) else f"{extreme} {t.noun}"  # unit weight of at most 104")
        t = replace(t, bound="", noun=named, role="" if t.role in ("until", "from") else t.role)
    if tool is None or not t.noun or t.bound:
        return t
    twins = [p for p in tool.properties if p != param and spec_of(tool, p).get("type") != "boolean"  # a flag's
             and _same_noun(term(p, spec_of(tool, p)).noun, t.noun)]  # "generator has no dock" is no generator (set 37)
    side = next((_SIDE_WORDS[w] for w in tokens(param) if w in _SIDE_WORDS), "")
    if twins and not side:
        from ...phrasebook.derive import said_after_comma

        told = said_after_comma(t.noun, str(spec_of(tool, param).get("description") or ""))
        return replace(t, noun=told) if told != t.noun else _by_name(t, [term(p, spec_of(tool, p)).plain for p in twins])
    if not twins or not side or side.rstrip("-") in t.noun.lower().split():
        return t
    return replace(t, noun=f"{side}{'' if side.endswith('-') else ' '}{t.noun}")


# The verbs of a tool that reads records: only there is a "maximum" in a description a filter's bound.
_READING_VERBS = frozenset({"search", "find", "list", "get", "query", "filter", "browse", "count", "lookup", "look",
                            "fetch", "show", "check", "scan", "match", "select", "pull", "retrieve"})
_BOUND_WORDS = frozenset({"min", "max", "minimum", "maximum", "least", "most", "limit", "cap", "ceiling", "floor",
                          "upto", "budget", "threshold"})


def reads_records(tool: Tool | None) -> bool:
    """Whether a tool reads records (its name's verb: "search", "list", ...)."""
    named = tokens((tool.api or tool.name).rsplit(".", 1)[-1]) if tool is not None else []
    return bool(named) and named[0].lower() in _READING_VERBS


def _bound_named(param: str, tool: Tool) -> bool:
    """Whether a bound ("at most", "at least") read from a description is the parameter's: said by
    its name (`min_depth_pct`), or a filter of a tool that reads records. A "Maximum depth as
    percent of wall" given to a calculation or a record is the anomaly's depth (set 36: "a measured
    depth of at most 67.8 percent", "a specified yield strength of at least 35000 psi")."""
    return bool(set(tokens(param)) & _BOUND_WORDS) or reads_records(tool)


_PREFIXES = re.compile(r"\b(inter|intra|pre|post|non|sub|semi|multi|anti) (?=[a-z])")


def _by_name(t: Term, others: list[str]) -> Term:
    """Same-noun measures with no side word told apart by their names (set 28: `inter_hole_delay_ms`
    and `inter_row_delay_ms` said "a delay of 103 milliseconds and a delay of 132 milliseconds"):
    "an inter-hole delay", "an inter-row delay", when the name holds the noun and differs."""
    plain = _PREFIXES.sub(r"\1-", t.plain)
    if re.fullmatch(r"[A-Z]+\d+|[A-Z]{2,5}", plain):  # "X80" beside "a median fragment size": the trade's own name
        return replace(t, noun=plain)
    core = t.noun.split(" of ", 1)[0]
    if plain and " " not in core and re.fullmatch(r"[a-z]{4,}", plain.lower()) and plain.lower() != core.lower() \
            and plain.lower() not in (o.lower() for o in others):  # `dechallenge`, "Result of stopping the drug":
        return replace(t, noun=f"{plain.lower()} {core}")  # the dechallenge result (set 36: "the negative result" twice)
    if not plain or t.noun.lower().split()[-1] not in plain.lower().split() or plain.lower() in (o.lower() for o in others) \
            or not all(w.isalpha() or "-" in w for w in plain.split()):
        return _first_word_apart(t, plain, others)
    return replace(t, noun=plain.lower())


def _first_word_apart(t: Term, plain: str, others: list[str]) -> Term:
    """`loading_temp_c` beside `discharge_temp_c`, both "cargo temperature": "a loading cargo
    temperature", "a discharge cargo temperature" (set 42: the two told apart by nothing)."""
    first = plain.lower().split()[:1]
    if not first or not first[0].isalpha() or not known(first[0]) or first[0] in t.noun.lower().split() or \
            first[0] in (o.lower().split()[0] for o in others if o):
        return _own_word_apart(t, plain, others)
    return replace(t, noun=f"{first[0]} {t.noun}")


def _own_word_apart(t: Term, plain: str, others: list[str]) -> Term:
    """`brine_supply_temp_f` beside `brine_return_temp_f`, both "brine temperature": the one word of its
    name neither the noun nor a twin's name has goes before the noun's head, "a brine supply temperature"
    (set 49: "a brine temperature of 17 degrees, a brine temperature of 19 degrees")."""
    said = t.noun.lower().split()
    theirs = {w for o in others for w in o.lower().split()}
    plain_words = plain.lower().split()
    own = [w for w in plain_words if w.isalpha() and len(w) > 2 and w not in said and w not in theirs
           and not said[-1].startswith(w)]  # "temp" is the noun's "temperature"
    head = next((i for i, w in enumerate(plain_words) if said[-1].startswith(w) or w.startswith(said[-1][:4])), -1)
    if len(own) != 1 or not known(own[0]) or " of " in t.noun or plain_words.index(own[0]) > head:
        return t  # a word after the noun's head qualifies it ("tach time at compliance"): no name word
    return replace(t, noun=" ".join([*t.noun.split()[:-1], own[0], t.noun.split()[-1]]))


def _same_noun(other: str, noun: str) -> bool:
    """Whether two nouns would read alike: equal, or one word that heads the other ("size" beside
    "median fragment size": set 28, "a median fragment size of 82 mm and a size of 340 mm")."""
    a, b = other.lower(), noun.lower()
    return bool(other) and (a == b or " " not in b and (a.endswith(f" {b}") or a.startswith(f"{b} ")) or
                            " " not in a and b.startswith(f"{a} of "))


def _phrase_like(text: str) -> bool:
    """A catalog surface phrase that carries its own frame ("by car", "a standard car")."""
    return _adverbial(text) or text.split(" ", 1)[0].lower() in ("a", "an", "the", "my")


_PLAIN_DATE_HINT = re.compile(
    r"^an? (?:date|day) of ((?:January|February|March|April|May|June|July|August|"
    r"September|October|November|December) \d{1,2}, \d{4})$"
)


_PLACED = ("on ", "at ", "in ", "by ", "from ", "until ", "before ", "after ", "for ", "within ", "between ", "during ")


def _hint_modifier(arg: Arg, tool: Tool | None, rng: random.Random) -> str:
    text = arg.text or ""
    if arg.plan.source == "time":  # "today", "at 7 pm": in a range, "from today until Friday"
        t = term(arg.param, spec_of(tool, arg.param))
        if t.role and re.search(r"\b(?:after|before|since|until)$", t.phrase or ""):
            return f"{t.phrase} {text}"  # "effective after today", never "search for ADs today" (set 23)
        said = t.role
        if not said and reads_records(tool) and not text.startswith(_PLACED):  # "search appointments for tomorrow",
            return f"for {text}"  # never "search appointments tomorrow", which says when to search (set 37)
        return f"{said}? {text}" if said and not text.startswith(("until", "by", "before", "from")) else text
    role = param_role(arg.param)
    if text in ("home", "work"):
        return "home" if text == "home" and role == "to" else f"{role or 'at'} {text}"  # "a cab home", never "to home"
    core = _hint_core(arg, tool)
    if core is not None:  # "from June 3, 2025", "over twenty-three seconds", not "a from date of ..."
        return _in_fragment(arg, tool, core, role, rng)
    hints = hints_of(tool) if tool is not None else None
    if role == "to" and tool is not None and not goes_somewhere(hints.intents[0] if hints and hints.intents
                                                              else tool.description):
        role = "in"  # a stay's destination: "look for a stay in the capital of Belgium"
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


def _hint_core(arg: Arg, tool: Tool | None) -> str | None:
    """The value words of a hint that names its parameter ("a from date of June 3, 2025" ->
    "June 3, 2025"), None for any other hint."""
    from ...traject.plans import hint_said

    if tool is None or arg.plan.source != "query" or not arg.text:
        return None
    core = hint_said(tool, arg.param, arg.plan.value, arg.text)
    return core if core != arg.text else None


def _in_fragment(arg: Arg, tool: Tool | None, core: str, role: str | None, rng: random.Random) -> str:
    """The value words in the parameter's own frame, as a stated value would be said (its role
    from the description's words: "target_date" is no closing bound)."""
    return said_as(arg.param, tool, value_kind(arg.plan.value, arg.param, tool), core)


ADVERB_STARTS = {"this", "next", "last", "whenever", "today", "tomorrow", "tonight", "once", "every", "just",
                 "because"}


def _adverbial(text: str) -> bool:
    """Whether a catalog surface phrase can follow a clause as is ("in IMAX", "paying in cash",
    "walking"). A participle or adverb heads its own phrase only alone or before a function word
    ("repeating the whole list"); before a noun it is an adjective of a noun phrase that needs a
    frame ("rolling update" is "with the rolling update strategy", never bare)."""
    first, *rest = text.lower().split() or [""]
    if first in PREPOSITIONS or first in ADVERB_STARTS:
        return True
    return first.endswith(("ing", "ly")) and (not rest or rest[0] in FUNCTION_WORDS or rest[0] in PREPOSITIONS)


def _enum_modifier(arg: Arg, tool: Tool | None, text: str, rng: random.Random) -> str:
    if _adverbial(text):
        return text
    if text.split(" ", 1)[0].lower() in ("a", "an", "the", "my"):
        return f"for {text}"
    return said_as(arg.param, tool, "enum", text)


