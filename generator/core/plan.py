"""Disclosure plans: how much of a target each query reveals, decided in code.

The inferability rule: an argument may be hinted or omitted only when its value is
*determined* -- a rule picks exactly that value. From the user's history, read wherever a reader
may look (the same function, the app, every app of the same kind, the whole history:
generator.core.habits): "same as last time" picks the most recent value of the parameter, "my usual"
the single most frequent one (a tie picks nothing); an argument left out with no phrase at all
needs a value that is both, so that every reading agrees. A value that merely occurs somewhere
in the history is not enough. "home" / "work" are said only for the place the history (and a
persona's own places) ties them to. Besides the history: a value that follows from the query time
(a temporal parameter the time pins down) or equals the schema default. Everything else is
stated at every level. One target's hints all use one reading (`habit_reading`): a query that
says "last time" for one argument and "usual" for another invites both readings for both.

Levels are nested by construction: every inferable argument draws one uniform number `u`
and is stated at a level iff `u < policy.stated` of that level; the thresholds do not rise
from one level to the next, so the stated set can only shrink. The same trick orders the
app naming. A final adjustment makes the vaguest level strictly less explicit than the
first one whenever anything is inferable.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..records import ArgPlan, CallPlan, DisclosurePlan, HistoryEvent, Source, Target, Tool, ToolDisclosure
from .habits import ABSENT, PLACE_WORDS, READINGS, Reading, habits_of, picks, place_role, value_key
from .habitual import pointable
from .identity import trail_names
from .pointers import Pointer, conflicts, named_by, param_words, pointers
from .surface import leaks, noun, render, spec_of, words
from .temporal import from_time_alone, parse_time, temporal_hint
from .vagueness import countable, mean, normalize, value_elements

Style = Literal["explicit", "casual", "indirect", "need"]
LEVELS = ("Minimum", "Low", "Medium", "High")
# Preference among sources when a value is recoverable several ways: a time phrase is the
# most natural hint, then the user's own habits, then the schema default.
SOURCE_ORDER: tuple[Source, ...] = ("time", "history", "default")


class LevelPolicy(BaseModel):
    """Disclosure probabilities of one level, for inferable arguments only
    (non-inferable arguments are always stated)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    name: str
    stated: float = Field(ge=0, le=1)  # P(inferable arg stated)
    hinted: float = Field(ge=0, le=1)  # P(hinted | not stated); else omitted
    name_app: float = Field(ge=0, le=1)  # P(app named)
    styles: dict[Style, float] = Field({"explicit": 1.0}, min_length=1)  # pydantic copies defaults


class PlanPolicy(BaseModel):
    """Levels from most to least explicit. Thresholds must not rise (monotone nesting)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    levels: list[LevelPolicy] = Field(min_length=1)

    @model_validator(mode="after")
    def _monotone(self) -> PlanPolicy:
        for a, b in zip(self.levels, self.levels[1:]):
            if b.stated > a.stated or b.name_app > a.name_app:
                raise ValueError(f"level {b.name} is more explicit than {a.name}")
        return self


# Calibrated on TRAILBench-like targets (tests/test_plan.py::test_calibration*: real TRAILBench
# tools and gold values, 90% of values habitual in the user's log): literal value recall lands
# near 0.67 / 0.49 / 0.30 / 0.08 (TRAILBench: 0.655 / 0.497 / 0.303 / 0.039) and app naming near
# 0.43 / 0.26 / 0.14 / 0.03 (TRAILBench: 0.43 / 0.31 / 0.15 / 0.04). Non-inferable values are
# stated at every level, so the vaguest level's recall is about `recall_floor` of the targets.
DEFAULT_POLICY = PlanPolicy(
    levels=[
        LevelPolicy(
            name="Minimum", stated=0.92, hinted=0.2, name_app=0.45, styles={"explicit": 0.8, "casual": 0.2}
        ),
        LevelPolicy(
            name="Low",
            stated=0.64,
            hinted=0.25,
            name_app=0.3,
            styles={"explicit": 0.4, "casual": 0.5, "indirect": 0.1},
        ),
        LevelPolicy(
            name="Medium",
            stated=0.36,
            hinted=0.3,
            name_app=0.14,
            styles={"casual": 0.5, "indirect": 0.4, "need": 0.1},
        ),
        LevelPolicy(
            name="High",
            stated=0.0,
            hinted=0.35,
            name_app=0.03,
            styles={"need": 0.6, "indirect": 0.3, "casual": 0.1},
        ),
    ]
)


# ---------------------------------------------------------------- inferability


def same_function(event: HistoryEvent, tool: Tool) -> bool:
    return trail_names(tool) == (event.toolname, event.apiname)


def history_values(target: Target, tool: Tool, param: str) -> list[str]:
    """The compared forms of `param`'s values in the user's earlier calls of the same function
    (app + api), oldest first."""
    return habits_of(target, tool).function_values(param)


def habit_rules(target: Target, tool: Tool, param: str, value: Any) -> set[Reading]:
    """The readings that pick `value` from the history wherever a reader may look
    (generator.core.habits): "recent" when it is the most recent value of the parameter, "usual" when
    it is the single most frequent one -- in the same function, the app, the kind and the whole
    history alike."""
    return habits_of(target, tool).rules(param, value)


def habit_reading(target: Target, tool: Tool, call: int = 0) -> Reading:
    """The one reading of the target's history hints: the one that determines more counted
    values; on a tie, one chosen by the target's user and time, else its id (stable, both readings
    get used, and the same before and after the target is named: selection probes an event under
    a placeholder id, and a reading that changed with the id gave the run other inferable values)."""
    score = dict.fromkeys(READINGS, 0)
    for param, value in target.calls[call].arguments.items():
        n = sum(countable(x) for x in value_elements(value)) or 1
        for r in habit_rules(target, tool, param, value):
            score[r] += n
    if score["recent"] != score["usual"]:
        return max(READINGS, key=lambda r: score[r])
    key = f"{target.user}|{target.time}" if target.time else target.id
    return READINGS[sum(map(ord, key)) % 2]


def in_history(target: Target, tool: Tool, param: str, value: Any, reading: Reading | None = None) -> bool:
    """Whether the history determines `value` under `reading` (default: the target's own)."""
    return (reading or habit_reading(target, tool)) in habit_rules(target, tool, param, value)


def omittable_from_history(target: Target, tool: Tool, param: str, value: Any) -> bool:
    """Left out without a phrase, every reading must agree: most recent and most frequent. A person
    reads a bare request ("I have to look up parcels") as the user's last call of it, so a call of
    the function that left the parameter out counts as a value of its own (habits.ABSENT): an
    address used once, before a search by zoning, is not what "look up parcels" repeats. And the
    value stands: every earlier call of the function, two at least, took it (`Habits.standing`)."""
    return habit_rules(target, tool, param, value) == set(READINGS) and habits_of(target, tool).standing(param, value)


def repeats_last_call(target: Target, tool: Tool, args: Sequence[ArgPlan]) -> bool:
    """Whether "like last time", said of the whole call, picks the values the query leaves to the
    history: a person reads it as the user's last call of this function, so that call must hold each
    of those values and no argument the call lacks ("search permits as I did last time" after a
    search by permit type is not a search by contractor)."""
    last = next((e for e in reversed(target.history) if same_function(e, tool)), None)
    if last is None:
        return False
    wanted = {a.param: a.value for a in args}
    if not set(last.parameters) <= set(wanted):
        return False
    unsaid = [a for a in args if a.mode != "stated" and a.source == "history"]
    return all(a.param in last.parameters and value_key(last.parameters[a.param]) == value_key(a.value)
               for a in unsaid)


def rest_usual(target: Target, tool: Tool, args: Sequence[ArgPlan]) -> bool:
    """Whether "the rest as usual" beside a hinted value picks every value the query leaves to the
    history: each of them, hinted ones too, is the most frequent wherever a reader looks."""
    unsaid = [a for a in args if a.mode != "stated" and a.source == "history"]
    return any(a.mode == "omitted" for a in unsaid) and any(a.mode == "hinted" for a in unsaid) and \
        all("usual" in habit_rules(target, tool, a.param, a.value) for a in unsaid)


def follows_from_time(target: Target, tool: Tool, param: str, value: Any) -> bool:
    if param not in target.temporal_parameters or not target.time:
        return False
    return temporal_hint(tool, param, value, target.time) is not None


def is_default(tool: Tool, param: str, value: Any) -> bool:
    spec = spec_of(tool, param)
    if "default" not in spec or isinstance(spec["default"], bool) != isinstance(value, bool):
        return False
    return normalize(spec["default"]) == normalize(value)


def default_stands(target: Target, tool: Tool, param: str, value: Any) -> bool:
    """Whether leaving a default out still gives the default to a reader of this user: not where
    the user's own calls of the API took another value as a habit (two green rides on a route: a
    ride left unsaid is green, whatever the schema's default); one other call last time is no habit."""
    want = value_key(value)
    past = habits_of(target, tool).past(param)
    return all(picks(past[scope])["usual"] in (None, want, ABSENT) for scope in ("function", "kind_api"))


def plain_sources(
    target: Target, tool: Tool, param: str, value: Any, reading: Reading | None = None
) -> list[Source]:
    """The sources that determine `value` without a pointer to one event, in SOURCE_ORDER: the time,
    the history under `reading` (default: the target's own `habit_reading`), the schema default."""
    checks = {
        "time": follows_from_time,
        "history": lambda t, o, p, v: in_history(t, o, p, v, reading),
        "default": lambda t, o, p, v: is_default(o, p, v) and default_stands(t, o, p, v),
    }
    return [s for s in SOURCE_ORDER if checks[s](target, tool, param, value)]


def recoverable_from(
    target: Target, tool: Tool, param: str, value: Any, reading: Reading | None = None, call: int = 0
) -> list[Source]:
    """Every source that determines `value` without the query saying it, in SOURCE_ORDER: the
    plain ones, and the history through a pointer to one earlier event (`pointer_choice`); none for
    a value that a pointer's words would mislead a reader on (always stated)."""
    choice = pointer_choice(target, tool, call)
    if param in choice.stated:
        return []
    sources = plain_sources(target, tool, param, value, reading)
    if param in choice.pointers and "history" not in sources:
        sources = [s for s in SOURCE_ORDER if s in sources or s == "history"]
    return sources


# ---------------------------------------------------------------- pointers to one earlier event


class PointerChoice(NamedTuple):
    """The pointers of one call's arguments (param -> Pointer), and the arguments that are then
    always stated: a pointer's words cover an event that holds another value for them."""

    pointers: dict[str, Pointer]
    stated: frozenset[str]


NO_POINTERS = PointerChoice({}, frozenset())


def pointer_choice(target: Target, tool: Tool, call: int = 0) -> PointerChoice:
    """Pointers for the call's values that no plain source determines (generator.core.pointers), chosen
    one argument at a time, heaviest first: a pointer whose words would mislead a reader on another
    value left out (the covered events hold another value) is taken only when stating those costs
    fewer counted literals than the pointer saves; a pointer that would mislead on a pointed value
    is never taken. Cached per target; none unless the target allows pointers (`Target.pointers`)."""
    if not target.pointers:
        return NO_POINTERS
    habits = habits_of(target, tool)  # shared by the targets over this history: the call and time key it
    key = ("pointers", target.time, value_key(target.calls[call].arguments))
    if key not in habits.memo:
        habits.memo[key] = _choose_pointers(target, tool, call)
    return habits.memo[key]  # type: ignore[no-any-return]


GAP_COST = 1000  # a counted value said in other words: value recall (and the recoverability audits)
# would count it as left out, so a target with one is no target with every value accounted for


def _inside(value: Any, text: str) -> bool:
    """A counted element of `value` occurs in `text` as value recall finds it (as a substring)."""
    return any(countable(x) and normalize(x) in normalize(text) for x in value_elements(value))


def _weight(target: Target, tool: Tool, param: str, value: Any) -> int:
    """What stating `param` at every level costs: its counted values, which value recall then sees
    at the vaguest level too (GAP_COST when stating does not say them literally)."""
    n = sum(countable(x) for x in value_elements(value))
    return n if not n or literal_in_render(value, param, tool, target.time) else GAP_COST


def _choose_pointers(target: Target, tool: Tool, call: int) -> PointerChoice:
    now = parse_time(target.time or "")
    if now is None or not target.history:
        return NO_POINTERS
    args, reading = target.calls[call].arguments, habit_reading(target, tool, call)
    plain = {p: plain_sources(target, tool, p, v, reading) for p, v in args.items()}
    weight = {p: _weight(target, tool, p, v) for p, v in args.items()}
    others = {p: value_key(v) for p, v in args.items() if plain[p]}
    chosen: dict[str, Pointer] = {}
    stated: set[str] = set()
    needs = sorted((p for p in args if not plain[p] and weight[p] and pointable(tool, p)), key=lambda p: -weight[p])
    for p in needs:
        got = _best_pointer(target, tool, p, args, others, chosen, weight)
        if got is not None:
            chosen[p] = got[0]
            stated |= got[1]
            for q in got[1]:
                others.pop(q, None)
    return PointerChoice(chosen, frozenset(stated))


def _best_pointer(target: Target, tool: Tool, param: str, args: dict[str, Any], others: dict[str, str],
                  chosen: dict[str, Pointer], weight: dict[str, int]) -> tuple[Pointer, set[str]] | None:
    """The simplest pointer for `param` that misleads on no pointed value, with the fewest counted
    literals to state instead (fewer than it saves), and those arguments."""
    now, history, want = parse_time(target.time or ""), target.history, value_key(args[param])
    assert now is not None
    pointed = {q: value_key(args[q]) for q in chosen} | {param: want}
    names = {q: param_words(q, str(spec_of(tool, q).get("description", ""))) for q in args}
    if any(conflicts(history, now, c, {param: want}, value_key, named_by(history_noun(q, tool), names))
           for q, c in chosen.items()):
        return None  # an earlier pointer's words already cover another value of this parameter
    best: tuple[Pointer, set[str]] | None = None
    cost = weight[param]
    named = named_by(history_noun(param, tool), names)
    own = trail_names(tool)
    for c in pointers(history, now, param, want, value_key):
        if (history[c.index].toolname, history[c.index].apiname) != own:
            continue  # TRAILBench's recoverability: the value is in the history of the same app and API
        words_of_pointer = f"{c.said_act} {c.when()}"
        if any(leaks(words_of_pointer, v, q, tool, None) or _inside(v, words_of_pointer) for q, v in args.items()):
            continue  # "yesterday at lunchtime" would say meal_type "lunch"
        bad = set(conflicts(history, now, c, {**others, **pointed}, value_key, named))
        if bad & set(pointed):
            continue
        spent = sum(weight[q] for q in bad)
        if spent < cost:
            best, cost = (c, bad), spent
            if not spent:
                break
    return best


# ---------------------------------------------------------------- hint phrases


def _place_param(param: str, tool: Tool) -> bool:
    """Whether a habit word reads naturally for the parameter: a place in a trip, not a city,
    country, airport or station ("from home" for a city would be odd)."""
    spec = spec_of(tool, param)
    desc = str(spec.get("description", "")).lower()
    if spec.get("type") not in (None, "string") or set(re.split(r"[_\W]+", param.lower())) & _NOT_PLACES:
        return False  # `origin_floor` is a number on the way, never "from home" (set 25)
    return place_role(param) is not None and not any(
        w in desc or w in param.lower() for w in ("city", "country", "airport", "station"))


# Words of a parameter that is a trip's end in name only: its floor, its time, how far.
_NOT_PLACES = frozenset({"floor", "level", "time", "date", "hour", "count", "number", "distance", "elevator",
                         "stairs", "flights", "type", "kind", "notes", "instructions"})


# Hint phrases per reading; each carries that reading's cue ("last time"; "usual", "always",
# "regular") and no other, so a reader (validators.habitphrase) can tell which rule it names.
HISTORY_PHRASES: dict[Reading, tuple[str, ...]] = {
    "recent": ("the same {n} as last time", "the {n} I used last time", "the {n} from last time"),
    "usual": ("my usual {n}", "the {n} I usually go with", "my regular {n}", "the {n} I always use"),
}


def _object_head(tool: Tool) -> str:
    """The thing a function acts on, singular: "record_weight" -> "weight", "get_pod_logs" -> "log"."""
    from ..phrasebook.lexicon import lemmas

    last = words(tool.name.rsplit(".", 1)[-1]).split()[-1:]
    return (lemmas(last[0]).get("NOUN") or last)[0] if last else ""


def history_noun(param: str, tool: Tool) -> str:
    """The parameter's noun in a history hint; "one" ("amount" for a number) when the noun is the
    thing the function acts on, so a query never says it twice ("record a weight for the weight
    I always use" is "record a weight for my usual amount")."""
    from ..phrasebook.lexicon import lemmas

    n = noun(param, tool)
    n = n.split(" of the ")[0] if " of the " in n and n.split(" of the ")[0] else n  # "city of the site": a city
    if set(words(param).split()) <= {"sort", "by", "order", "ordering", "sorting"} and n in ("order", "ordering", "sort"):
        return "sort order"  # `sort_by`: "the sort order I always use", never "the order I ..." among bunker orders (set 43)
    only = re.fullmatch(r"only (?:(?:above|below|over|under|with|for|in|on|from|at) )?(\w+(?: \w+)?)", n)
    n = f"{only[1]} filter" if only else n  # `only_above_level`: "the same level filter", never "the same only
    # above level" (set 40)
    n = _side_noun(_with_its_head(n, param, tool))
    last = n.split()[-1] if n else ""  # (set 38: "search the sites for my regular one")
    if n in ("name", "title") and _object_head(tool) and _object_head(tool) != n:  # "my usual name" is the user's:
        return f"{_object_head(tool)} {n}"  # "the advertiser name I usually use" (set 41)
    if not last or (lemmas(last).get("NOUN") or (last,))[0] != _object_head(tool):
        return n
    if param.lower() in SEARCH_PARAMS:  # "search for medications using my usual search term"
        return "search term"
    pointer = words(param).split()[-1:]
    if pointer and pointer[0] in POINTER_NOUNS:  # "cancel the appointment with the same ID as last time"
        return POINTER_NOUNS[pointer[0]]
    kind = spec_of(tool, param).get("type")
    if kind == "array":  # "order groceries for the one from my grocery order": which one? the groceries
        return n
    from .semantic import infer

    if infer(param, spec_of(tool, param)) == "year":  # a vintage of 2015 is "the year I always use", never an amount
        return "year"  # (set 33)
    return "amount" if kind in ("integer", "number") else "one"


# The last words of a noun that has lost its head: a possessor, "with", a filter's "contains".
_HEADLESS = re.compile(r"(?:'s|\b(?:with|contains))$")


def _with_its_head(n: str, param: str, tool: Tool) -> str:
    """A noun that ends on a possessor or a preposition ("the patient's I always use", "the same mixed
    with as last time", "my usual name contains": set 47) is the description's noun phrase instead
    ("the non-cannabis waste I always use"), else the name's words with their codes in capitals."""
    if not n or not _HEADLESS.search(n):
        return n
    from ..phrasebook.lexicon import known
    from ..phrasebook.terms import _np

    found = _np(str(spec_of(tool, param).get("description") or "").split(), cased=True)
    while found and found[-1].lower() in ("it", "they", "them", "we", "you", "one"):
        found = found[:-1]  # "Non-cannabis waste it is mixed with": the waste
    described = " ".join(found)
    if described and not _HEADLESS.search(described) and described.lower() != n.lower():
        return described
    said = [w.upper() if re.search(r"\d", w) or len(w) <= 3 and not known(w) else w for w in words(param).split()]
    return " ".join(said) if not _HEADLESS.search(" ".join(said)) else n


def _side_noun(n: str) -> str:
    """A noun that is a name's words with a side or an act before it, said as the thing (set 42:
    "the same to location as last time", "the requested by badge from last time"): "the same
    destination", "the badge from last time"."""
    side = re.fullmatch(r"(to|from) (\w+(?: \w+)?)", n)
    if side:
        rest = "" if side[2] in ("location", "place", "address", "point", "site") else f" {side[2]}"
        return f"{'destination' if side[1] == 'to' else 'origin'}{rest}"
    done = re.fullmatch(r"\w+ed by (\w+(?: \w+)?)", n)
    return done[1] if done else n


# The last word of a parameter that points at its thing, said in a history hint in its stead.
POINTER_NOUNS = {"id": "ID", "ids": "IDs", "identifier": "ID", "uid": "ID", "uuid": "ID", "name": "name",
                 "title": "title", "label": "label", "code": "code", "number": "number", "no": "number"}


SEARCH_PARAMS = frozenset({"q", "query", "search", "term", "search_term", "search_query", "keyword", "keywords",
                           "text", "search_text"})


def _history_hints(
    target: Target, tool: Tool, param: str, value: Any, reading: Reading | None = None,
    places: Mapping[str, str] | None = None, habit_words: bool = True, call: int = 0,
) -> list[str]:
    """Phrases of the target's reading that pick `value`; first the habit words ("home", "work")
    that mean it for this user (generator.core.habits.place_ties, and the persona's `places`). When
    no reading picks it, the phrases of its pointer to one earlier event (`pointer_choice`)."""
    reading = reading or habit_reading(target, tool, call)
    n = history_noun(param, tool)
    if reading not in habit_rules(target, tool, param, value):
        pointer = pointer_choice(target, tool, call).pointers.get(param)
        return pointer.phrases(n) if pointer is not None else []
    out = [p.format(n=n) for p in HISTORY_PHRASES[reading]]
    # a habit word replaces the cue: only for a value every reading picks, so a reader who does not
    # know the user's places (takes "from home" as no cue at all) reads it as well
    if habit_words and _place_param(param, tool) and set(READINGS) <= set(habit_rules(target, tool, param, value)):
        out[:0] = habits_of(target, tool).place_words(param, value, places)
    return out


def _default_hints(target: Target, tool: Tool, param: str, value: Any) -> list[str]:
    return []  # nobody says "the default sort order": a default value is simply left out


def _time_hints(target: Target, tool: Tool, param: str, value: Any) -> list[str]:
    hint = temporal_hint(tool, param, value, target.time or "")
    return [hint] if hint else []


HINTERS = {"history": _history_hints, "default": _default_hints, "time": _time_hints}


def hint_options(
    target: Target, tool: Tool, param: str, value: Any, source: Source, reading: Reading | None = None,
    places: Mapping[str, str] | None = None, habit_words: bool = True, call: int = 0,
) -> list[str]:
    """Every phrase that refers to `value` through `source` without saying it (`hint_for` picks one)."""
    hinter = HINTERS[source]
    phrases = (_history_hints(target, tool, param, value, reading, places, habit_words, call) if hinter is _history_hints
               else hinter(target, tool, param, value))
    # Absolute forms only (time=None): "tomorrow" is the point of a time hint, not a leak.
    return [h for h in phrases if not leaks(h, value, param, tool, None)]


def hint_for(
    target: Target, tool: Tool, param: str, value: Any, source: Source, rng: random.Random,
    reading: Reading | None = None, places: Mapping[str, str] | None = None, habit_words: bool = True,
    call: int = 0,
) -> str | None:
    """A phrase that refers to `value` through `source` without saying it; None if none fits.
    History phrases are those of `reading` (default: the target's own `habit_reading`); habit
    words only where they mean the value for this user (`places`: a persona's own places)."""
    options = hint_options(target, tool, param, value, source, reading, places, habit_words, call)
    if options and options[0] in PLACE_WORDS and rng.random() < 0.6:
        return options[0]  # the place word reads best where it fits
    return rng.choice(options) if options else None


# ---------------------------------------------------------------- per-argument draws

# Sources whose hint gives the value itself: "tomorrow" or "in 2 hours" resolves against the query
# time to exactly the gold date or time, so a reader reading by meaning takes the value as stated
# (docs/reader.md). Such a hint lowers literal value recall only; leaving the value out is what makes
# a query vaguer by meaning. History hints ("my usual") and defaults name no value.
STATING_SOURCES: frozenset[Source] = frozenset({"time"})


class _Arg:
    """One argument's fixed random draws: decisions at every level derive from them."""

    def __init__(
        self,
        param: str,
        value: Any,
        sources: list[Source],
        hint: str | None,
        u: float,
        v: float,
        literal: bool,
        time_alone: bool = False,
        habit: bool = False,
    ) -> None:
        self.param, self.value, self.sources, self.hint = param, value, sources, hint
        self.u, self.v, self.literal, self.time_alone, self.habit = u, v, literal, time_alone, habit

    @property
    def inferable(self) -> bool:
        return bool(self.sources)

    @property
    def hint_states(self) -> bool:
        """Its hint gives the value itself (STATING_SOURCES): said by meaning whenever hinted."""
        return self.hint is not None and self.sources[0] in STATING_SOURCES

    @property
    def fixed_by_meaning(self) -> bool:
        """Said by meaning at every level: stated (not recoverable), or recoverable only through a
        hint that gives the value (a date other than today, which only its "tomorrow" recovers)."""
        return not self.inferable or (self.hint_states and not self.omit_sources)

    @property
    def omit_sources(self) -> list[Source]:
        """Sources that recover the value with nothing said: "time" only when the query time
        alone gives it (a date other than today needs its "tomorrow" phrase in the query),
        "history" only when every reading picks it (`habit`: most recent and most frequent)."""
        return [s for s in self.sources if (s != "time" or self.time_alone) and (s != "history" or self.habit)]

    def vague(self, hinted: bool) -> ArgPlan:
        """The hinted or omitted plan of this argument; hinted whenever it cannot be omitted, never
        when the hint would give the value itself and leaving it out is possible (levels stay
        nested by meaning too: a value left out at one level is not said again at a vaguer one)."""
        if self.hint is not None and ((hinted and not self.hint_states) or not self.omit_sources):
            return ArgPlan(param=self.param, value=self.value, mode="hinted", source=self.sources[0], hint=self.hint)
        return ArgPlan(param=self.param, value=self.value, mode="omitted", source=self.omit_sources[0])


def literal_in_render(value: Any, param: str, tool: Tool, time: str | None) -> bool:
    """Whether stating the value puts a counted literal into the query (value recall)."""
    text = normalize(render(value, param, tool, time=time))
    return any(countable(x) and normalize(x) in text for x in value_elements(value))


def _draw_arg(target: Target, tool: Tool, param: str, value: Any, rng: random.Random, reading: Reading,
              places: Mapping[str, str] | None = None, habit_words: bool = True, call: int = 0) -> _Arg:
    u, v = rng.random(), rng.random()
    return _arg_of(target, tool, param, value, reading, places, habit_words, call, (u, v, rng))


def _arg_of(target: Target, tool: Tool, param: str, value: Any, reading: Reading,
            places: Mapping[str, str] | None = None, habit_words: bool = True, call: int = 0,
            draws: tuple[float, float, random.Random] | None = None) -> _Arg:
    """The argument with its sources, hint and ways of being left out; `draws`: its (u, v) and the
    generator its hint phrase is drawn with (None: no draws, the first phrase -- for accounting)."""
    sources = recoverable_from(target, tool, param, value, reading, call)
    u, v, rng = draws or (0.0, 0.0, None)
    hint = None
    if sources and rng is not None:
        hint = hint_for(target, tool, param, value, sources[0], rng, reading, places, habit_words, call)
    elif sources:
        hint = next(iter(hint_options(target, tool, param, value, sources[0], reading, places, habit_words, call)), None)
    alone = "time" in sources and from_time_alone(tool, param, value, target.time or "") and \
        not dated_apart(target.history, tool, param)
    habit = "history" in sources and omittable_from_history(target, tool, param, value)
    arg = _Arg(param, value, sources, hint, u, v, literal_in_render(value, param, tool, target.time), alone, habit)
    if hint is None and sources and not arg.omit_sources:
        arg.sources = []  # neither omittable nor hintable: stated at every level
    return arg


def dated_apart(history: Sequence[HistoryEvent], tool: Tool, param: str) -> bool:
    """Whether the user's earlier calls of the function set `param` to another day than their own
    at least as often as to it: a date left unsaid is then no "today" to a reader, who says so only
    when the query does (set 29: tee times searched for the days ahead, pickups quoted 0 to 7 days
    out, and a query that never said the date)."""
    api = trail_names(tool)[1]
    same = [str(e.parameters[param])[:10] == str(e.time)[:10] for e in history
            if e.apiname == api and re.fullmatch(r"\d{4}-\d{2}-\d{2}.*", str(e.parameters.get(param, "")))]
    return bool(same) and sum(same) * 2 <= len(same)  # most of them on their own day: "today" goes unsaid


def spread_out(args: list[_Arg], spread: float) -> None:
    """Systematic sampling of the arguments a level may leave out by meaning: in the random order of
    their own draws, the r-th of m takes (r + spread) / m, so a level with `stated` p states
    ceil(p * m - spread) of them -- p * m on average over `spread`, never a coin's luck per
    argument (a target of 7 such arguments at p 0.75 stated 3 to 7 of them; now 5 or 6)."""
    movable = sorted((a for a in args if a.inferable and not a.fixed_by_meaning), key=lambda a: a.u)
    for rank, arg in enumerate(movable):
        arg.u = (rank + spread) / len(movable)


def _mode(arg: _Arg, level: LevelPolicy) -> ArgPlan:
    if not arg.inferable or arg.u < level.stated:
        return ArgPlan(param=arg.param, value=arg.value, mode="stated", source="query")
    return arg.vague(arg.v < level.hinted)


def tool_text(tool: Tool) -> str:
    """Words any query about the tool may contain anyway: its API words, app and intent phrases."""
    intents = " ".join(tool.hints.intents) if tool.hints else ""
    return normalize(f"{words(tool.api)} {tool.app} {re.sub(r'[{][^}]*[}]', ' ', intents)}")


def shadowed(value: Any, others: list[Any], tool: Tool) -> bool:
    """Whether every counted element of `value` also shows up inside the tool's own words or
    another argument's value ("taxi" in get_taxi, "breakfast" in "Coffee breakfast"), so
    dropping it cannot lower literal value recall."""
    elements = [normalize(x) for x in value_elements(value) if countable(x)]
    hay = " ".join([tool_text(tool)] + [normalize(x) for o in others for x in value_elements(o)])
    return bool(elements) and all(
        re.search(rf"(?<![a-z0-9]){re.escape(e)}(?![a-z0-9])", hay) for e in elements
    )


def _force_order(args: list[_Arg], n_levels: int, tool: Tool) -> dict[tuple[int, str], bool]:
    """Overrides (level, param) -> stated that make the last level strictly less explicit
    than the first: the most-explicit-drawn inferable arg is stated first, the least is
    not stated last. Args whose literal value moves value recall are preferred."""
    movers = [
        a
        for a in args
        if a.inferable and a.literal and not shadowed(a.value, [b.value for b in args if b is not a], tool)
    ]
    pool = movers or [a for a in args if a.inferable]
    if not pool or n_levels < 2:
        return {}
    first = min(pool, key=lambda a: a.u)
    last = max(pool, key=lambda a: a.u)
    return {(0, first.param): True, (n_levels - 1, last.param): False}


def _apply_force(plan: ArgPlan, arg: _Arg, stated: bool | None) -> ArgPlan:
    if stated is None or (plan.mode == "stated") == stated:
        return plan
    if stated:
        return ArgPlan(param=arg.param, value=arg.value, mode="stated", source="query")
    return arg.vague(arg.v < 0.5)


def _weighted(rng: random.Random, weights: Mapping[Style, float]) -> Style:
    names = sorted(weights)
    return rng.choices(names, weights=[weights[n] for n in names])[0]


def app_determined(target: Target, tool: Tool, rivals: Sequence[str]) -> bool:
    """Whether a query that does not name the app still gives it (`rivals`: the apps offered beside
    it with a function of the same name): no rival, or the user's calls of this function in this kind
    of app (else of any function of the kind) were last and most often of this app. A user who never
    read the news, offered two news apps, must name one."""
    return app_given(target.history, tool, rivals)


def app_given(history: Sequence[HistoryEvent], tool: Tool, rivals: Sequence[str]) -> bool:
    """app_determined over a history alone."""
    app, api = trail_names(tool)
    if not set(rivals) - {app}:
        return True
    kind = [e for e in history if e.apitype == tool.domain]
    used = [e.toolname for e in kind if e.apiname == api] or [e.toolname for e in kind]
    return all(got == app for got in picks(used).values())


def _tool_mode(u_app: float, level: LevelPolicy, style: str, has_app: bool = True,
               app_known: bool = True) -> ToolDisclosure:
    if has_app and (u_app < level.name_app or not app_known):  # a catalog without app names has nothing to name
        return "named"
    return "omitted" if style == "need" else "implied"


def plan_levels(
    target: Target,
    tool: Tool,
    rng: random.Random,
    policy: PlanPolicy = DEFAULT_POLICY,
    paraphrases: tuple[int, ...] = (1, 2, 2, 1),
    call: int = 0,
    places: Mapping[str, str] | None = None,
    habit_words: bool = True,
    u_app: float | None = None,
    app_known: bool = True,
    spread: float | None = None,
) -> list[DisclosurePlan]:
    """One plan per policy level for the single call `call` of `target`, nested by explicitness
    (`places`: the persona's own places, which habit words must agree with; `habit_words`: False
    plans no "home" / "work" at all; `u_app`: the app-naming draw, when the caller spreads it evenly
    over its targets, else drawn here; `app_known`: False names the app at every level,
    app_determined; `spread`: the target's draw in [0, 1) when the caller spreads it evenly over its
    targets: the arguments a level may leave out are then stated by systematic sampling, `spread_out`)."""
    if len(paraphrases) != len(policy.levels):
        raise ValueError(f"{len(paraphrases)} paraphrase counts for {len(policy.levels)} levels")
    reading = habit_reading(target, tool, call)
    args = [_draw_arg(target, tool, p, v, rng, reading, places, habit_words, call)
            for p, v in target.calls[call].arguments.items()]
    if spread is not None:
        spread_out(args, spread)
    drawn = rng.random()  # drawn either way: the draws after it stay the same
    u_app = drawn if u_app is None else u_app
    force = _force_order(args, len(policy.levels), tool)
    plans = []
    for li, (level, n) in enumerate(zip(policy.levels, paraphrases)):
        style = _weighted(rng, level.styles)
        arg_plans, rest = _pointed_silent([_apply_force(_mode(a, level), a, force.get((li, a.param))) for a in args],
                                          args, target, tool)
        plans.append(
            DisclosurePlan(
                target_id=target.id,
                level=level.name,
                paraphrases=n,
                style=style,  # type: ignore[arg-type]
                calls=[CallPlan(tool=tool.name, tool_mode=_tool_mode(u_app, level, style, bool(tool.app), app_known),
                               args=arg_plans, repeats_last=repeats_last_call(target, tool, arg_plans),
                               rest_usual=rest)],
            )
        )
    return plans


_USUAL_HINT = re.compile(r"\bmy (?:usual|regular)\b|\bI (?:usually|always)\b")


def _pointed_silent(plans: list[ArgPlan], args: list[_Arg], target: Target, tool: Tool) -> tuple[list[ArgPlan], bool]:
    """Values the history settles, left out beside a hinted one that no "and the rest as usual" can
    cover (`rest_usual`: a hinted value is no usual one), hinted on their own ("my usual wear period"):
    a reader of "order dosimeters ... for the type from my order on Tuesday" cannot tell where a wear
    period in the gold comes from (set 40: 9 TRAIL rows of 60). With the plans, whether "and the rest as
    usual" says the rest (`CallPlan.rest_usual`: never once the rest is hinted on its own)."""
    hinted = any(p.mode == "hinted" and p.source == "history" for p in plans)
    if not hinted:
        return plans, False
    if rest_usual(target, tool, plans):
        return plans, True
    hints = {a.param: a.hint for a in args if a.hint is not None and a.sources[:1] == ["history"]
             and _USUAL_HINT.search(a.hint)}  # a "last time" one merges into another's "as last time" a reader
    # cannot bind ("the same city and performer as last time"): left out as before
    return [ArgPlan(param=p.param, value=p.value, mode="hinted", source="history", hint=hints[p.param])
            if p.mode == "omitted" and p.source == "history" and p.param in hints else p for p in plans], False


def literal_counts(target: Target, tool: Tool, call: int = 0) -> tuple[int, int, int]:
    """(all, fixed, movable) counted values of the call: every one; those stated literally at every
    level (not inferable); those an inferable argument says literally when stated, which each
    level's `stated` probability moves in and out of the query."""
    total = fixed = movable = 0
    args, reading = target.calls[call].arguments, habit_reading(target, tool, call)
    for param, value in args.items():
        n = sum(countable(x) for x in value_elements(value))
        total += n
        if not n or not literal_in_render(value, param, tool, target.time):
            continue
        if not recoverable_from(target, tool, param, value, reading, call):
            fixed += n
        elif not shadowed(value, [o for q, o in args.items() if q != param], tool):
            movable += n
    return total, fixed, movable


def arg_shapes(target: Target, tool: Tool, call: int = 0) -> list[_Arg]:
    """The call's arguments as `plan_levels` sees them, without draws: how each can be left unsaid."""
    reading = habit_reading(target, tool, call)
    return [_arg_of(target, tool, p, v, reading, call=call) for p, v in target.calls[call].arguments.items()]


def meaning_counts(target: Target, tool: Tool, call: int = 0) -> tuple[int, int, int]:
    """(all, fixed, movable) arguments as value recall by meaning counts them (one per argument,
    booleans and values said in words included): every one; those every level says -- not
    recoverable, recoverable only through a hint that gives the value ("tomorrow"), or left out but
    said anyway by the tool's words or an always-said value ("taxi" of get_taxi); the others, which
    each level's `stated` probability moves in and out of the query."""
    shapes = arg_shapes(target, tool, call)
    said = [a.value for a in shapes if a.fixed_by_meaning]
    fixed = sum(a.fixed_by_meaning or shadowed(a.value, [v for v in said if v is not a.value], tool)
                for a in shapes)
    return len(shapes), fixed, len(shapes) - fixed


def meaning_floor(target: Target, tool: Tool, call: int = 0) -> float:
    """Share of the arguments every level says by meaning: the vaguest level's value recall by meaning."""
    total, fixed, _ = meaning_counts(target, tool, call)
    return fixed / total if total else 0.0


Counts = tuple[int, int, int]  # (all, fixed, movable): `meaning_counts`, `literal_counts`


class Goal(NamedTuple):
    """What a level is calibrated to: the expected value recall by meaning of a call of 1, 2, 3 or
    more values (`by_size`: where the benchmark's own queries of that size read), the margins around
    the same figure for a run's own mix of sizes that its expected recall by meaning must stay in
    (`margin`, pooled over arguments, as the reader counts), and the window its literal recall must
    stay in (a mean over queries, as the literal checks count); both figures are held to bands
    (docs/formats.md, Vagueness)."""

    by_size: tuple[float, ...]
    margin: tuple[float, float]
    literal: tuple[float, float]

    def meaning(self, size: int) -> float:
        """The expected value recall by meaning of a call of `size` values."""
        return self.by_size[min(size, len(self.by_size)) - 1] if size else 0.0

    def window(self, sizes: Sequence[int]) -> tuple[float, float]:
        """The window by meaning of a run whose calls hold `sizes` values: the margins around
        what the benchmark reads for that mix of sizes (pooled over values)."""
        values = sum(sizes)
        ref = sum(n * self.meaning(n) for n in sizes) / values if values else 0.0
        return max(0.0, ref - self.margin[0]), min(1.0, ref + self.margin[1])


def _share_at(goal: float, counts: Counts) -> float | None:
    """The `stated` probability that puts the expected recall of `counts` at `goal` (unclamped);
    None when nothing moves."""
    total, fixed, movable = counts
    return (goal * total - fixed) / movable if movable else None


def stated_for(goal: Goal, meaning: Counts, literal: Counts, lean: float = 0.0) -> float | None:
    """A level's `stated` probability for one target: the one that puts its expected value recall by
    meaning at `goal.meaning` for its size, pushed by `lean` towards stating the targets whose literal values move
    most per argument moved by meaning (it minimises (M(s) - goal)^2 - lean * L(s), M and L the
    expected recalls by meaning and literal); a target where nothing moves by meaning takes the middle
    of the literal window. None when nothing moves either way."""
    b = meaning[2] / meaning[0] if meaning[0] else 0.0
    d = literal[2] / literal[0] if literal[0] else 0.0
    want = _share_at(goal.meaning(meaning[0]), meaning)
    if want is None or not b:
        want = _share_at(sum(goal.literal) / 2, literal)
    else:
        want += lean * d / (2 * b * b)
    return None if want is None else min(1.0, max(0.0, want))


def stated_levels(policy: PlanPolicy, meaning: Counts, literal: Counts, goals: Mapping[str, Goal],
                  lean: Mapping[str, float] | None = None) -> list[float]:
    """Each level's `stated` probability for one target (`stated_for` for the levels in `goals`, the
    policy's own for the others), never above the previous level's: levels stay nested."""
    out, ceiling = [], 1.0
    for level in policy.levels:
        got = (stated_for(goals[level.name], meaning, literal, (lean or {}).get(level.name, 0.0))
               if level.name in goals else None)
        ceiling = min(ceiling, level.stated if got is None else got)
        out.append(ceiling)
    return out


def calibrated(policy: PlanPolicy, target: Target, tool: Tool, goals: Mapping[str, Goal],
               call: int = 0, lean: Mapping[str, float] | None = None) -> PlanPolicy:
    """`policy` with each level named in `goals` stating recoverable values with the probability that
    puts this target's expected value recall by meaning at the goal (`stated_for`; `lean`: the run's
    push per level that keeps its literal value recall in the goal's window, `run_leans`). By meaning
    a date said "tomorrow" is stated and a value said in words counts as much as one said verbatim;
    the literal count sees neither, so the two figures differ per target."""
    got = stated_levels(policy, meaning_counts(target, tool, call), literal_counts(target, tool, call), goals, lean)
    return PlanPolicy(levels=[lv.model_copy(update={"stated": s}) for lv, s in zip(policy.levels, got, strict=True)])


# ---------------------------------------------------------------- a run's calibration

MAX_LEAN = 8.0  # far enough to state every target whose literal values move at all


def run_recalls(policy: PlanPolicy, counts: Sequence[tuple[Counts, Counts]], goals: Mapping[str, Goal],
                lean: Mapping[str, float], level: str) -> tuple[float, float]:
    """A run's expected value recall at `level`: by meaning (pooled over the arguments) and literal
    (the mean over targets with counted values)."""
    at = [lv.name for lv in policy.levels].index(level)
    said = args = 0.0
    literal = []
    for m, lit in counts:
        s = stated_levels(policy, m, lit, goals, lean)[at]
        said, args = said + m[1] + s * m[2], args + m[0]
        if lit[0]:
            literal.append((lit[1] + s * lit[2]) / lit[0])
    return (said / args if args else 0.0), mean(literal)


def run_leans(policy: PlanPolicy, counts: Sequence[tuple[Counts, Counts]],
              goals: Mapping[str, Goal]) -> dict[str, float]:
    """Per level in `goals`, the smallest push (`stated_for`'s lean) that brings the run's expected
    literal value recall into the goal's literal window, stopping where the recall by meaning would
    leave its own window: 0 when the meaning goals alone keep literal recall inside. `counts`: each
    target's (`meaning_counts`, `literal_counts`). Where both windows cannot hold, the one by meaning
    does. Levels in order, each within the previous level's probabilities."""
    lean: dict[str, float] = {}
    for level in policy.levels:
        if level.name in goals:
            lean[level.name] = _lean(policy, counts, goals, lean, level.name)
    return lean


def _lean(policy: PlanPolicy, counts: Sequence[tuple[Counts, Counts]], goals: Mapping[str, Goal],
          lean: dict[str, float], level: str) -> float:
    goal = goals[level]
    _, literal = run_recalls(policy, counts, goals, {**lean, level: 0.0}, level)
    if goal.literal[0] <= literal <= goal.literal[1]:
        return 0.0
    sign = 1.0 if literal < goal.literal[0] else -1.0
    window = goal.window([m[0] for m, _ in counts])
    edges = (goal.literal[int(sign < 0)], window[int(sign > 0)])  # the edges met going that way

    def reached(x: float) -> bool:
        m, lit = run_recalls(policy, counts, goals, {**lean, level: sign * x}, level)
        return (lit - edges[0]) * sign >= 0 or (m - edges[1]) * sign >= 0

    lo, hi = 0.0, MAX_LEAN
    if not reached(hi):
        return sign * hi
    for _ in range(30):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if reached(mid) else (mid, hi)
    return round(sign * hi, 6)


# ---------------------------------------------------------------- explicit and generic plans


def plan_explicit(
    target: Target, style: Style = "explicit", level: str = "explicit", paraphrases: int = 1,
    tools: dict[str, Tool] | None = None,
) -> DisclosurePlan:
    """Everything stated, the tool implied: plain requests for SDG / BFCL / judge rows. With
    `tools`, an optional argument at its schema default is left to the default, unsaid: "in the
    default order", "with 0 checked bags", "valid for 30 days" read as a form (readers of the LLM
    writer, set 15); the gold keeps it, as the formats do."""
    calls = [
        CallPlan(
            tool=c.tool,
            tool_mode="implied",
            args=[ArgPlan(param=p, value=v, mode="omitted", source="default") if _at_default(tools, c.tool, p, v)
                  else ArgPlan(param=p, value=v, mode="stated") for p, v in c.arguments.items()],
        )
        for c in target.calls
    ]
    return DisclosurePlan(target_id=target.id, level=level, calls=calls, paraphrases=paraphrases, style=style)


def _at_default(tools: dict[str, Tool] | None, tool: str, param: str, value: Any) -> bool:
    """An optional argument whose value is the default its schema writes."""
    t = (tools or {}).get(tool)
    spec = t.properties.get(param) if t else None
    return t is not None and isinstance(spec, dict) and param not in t.required and "default" in spec \
        and spec["default"] == value and type(spec["default"]) is type(value)


ModeSpec = tuple[str, Source, str | None]


def _arg_plan(
    target: Target, call: int, param: str, value: Any, modes: dict[tuple[int, str], ModeSpec]
) -> ArgPlan:
    spec = modes.get((call, param))
    if spec is None and any(b.call == call and b.param == param for b in target.bindings):
        spec = ("omitted", "previous_step", None)
    if spec is None:
        return ArgPlan(param=param, value=value, mode="stated")
    mode, source, hint = spec
    return ArgPlan(param=param, value=value, mode=mode, source=source, hint=hint)  # type: ignore[arg-type]


def plan_calls(
    target: Target,
    modes: dict[tuple[int, str], ModeSpec] | None = None,
    *,
    level: str = "custom",
    tool_modes: dict[int, ToolDisclosure] | None = None,
    style: Style = "explicit",
    paraphrases: int = 1,
) -> DisclosurePlan:
    """A plan for multi-call targets: every argument stated unless `modes[(call, param)]`
    says otherwise; arguments bound to an earlier output (target.bindings) default to
    omitted / previous_step."""
    modes, tool_modes = modes or {}, tool_modes or {}
    calls = [
        CallPlan(
            tool=c.tool,
            tool_mode=tool_modes.get(i, "implied"),
            args=[_arg_plan(target, i, p, v, modes) for p, v in c.arguments.items()],
        )
        for i, c in enumerate(target.calls)
    ]
    return DisclosurePlan(target_id=target.id, level=level, calls=calls, paraphrases=paraphrases, style=style)


def stated_set(plan: DisclosurePlan) -> set[tuple[int, str]]:
    return {(i, a.param) for i, a in plan.args() if a.mode == "stated"}


# ---------------------------------------------------------------- target selection helpers


def recall_floor(target: Target, tool: Tool, call: int = 0) -> float:
    """Share of counted gold values that every level must state literally (non-inferable and
    said verbatim): the lowest value recall the vaguest level can reach. Products that
    need High <= 0.10 keep targets whose floor is low."""
    fixed = total = 0
    reading, args = habit_reading(target, tool, call), target.calls[call].arguments
    stated = [v for p, v in args.items() if not recoverable_from(target, tool, p, v, reading, call)]
    for param, value in args.items():
        n = sum(countable(x) for x in value_elements(value))
        total += n
        if not n:
            continue
        if recoverable_from(target, tool, param, value, reading, call):
            # left out, but its words are the tool's own or a stated value's ("taxi" in get_taxi)
            fixed += n if shadowed(value, [v for v in stated if v is not value], tool) else 0
        elif literal_in_render(value, param, tool, target.time):
            fixed += n
    return fixed / total if total else 0.0


def high_floor(target: Target, tool: Tool, call: int = 0) -> float:
    """The vaguest level's value recall, literal (`recall_floor`) or by meaning (`meaning_floor`),
    whichever is higher: a non-recoverable boolean, a "2" or a date only "tomorrow" recovers is
    said at every level though no literal count sees it."""
    return max(recall_floor(target, tool, call), meaning_floor(target, tool, call))


def orderable(target: Target, tool: Tool, call: int = 0) -> bool:
    """Whether levels can differ in literal value recall: some inferable value is said verbatim
    when stated. Without one, High cannot be strictly below Minimum (FORMATS 5)."""
    args, reading = target.calls[call].arguments, habit_reading(target, tool, call)
    return any(
        recoverable_from(target, tool, p, v, reading, call)
        and literal_in_render(v, p, tool, target.time)
        and not shadowed(v, [o for q, o in args.items() if q != p], tool)
        for p, v in args.items()
    )


def literal_gaps(target: Target, tool: Tool, call: int = 0) -> list[str]:
    """Parameters whose counted value is neither inferable nor said verbatim when stated
    (enum values said in words, dates said as "May 3rd"). A literal-match audit such as
    FORMATS 5's HIST / check_trail's recoverability cannot tell such a stated value from a
    dropped one, so products scored that way prefer targets without gaps."""
    out, reading = [], habit_reading(target, tool, call)
    for param, value in target.calls[call].arguments.items():
        if not any(countable(x) for x in value_elements(value)) or recoverable_from(
            target, tool, param, value, reading, call
        ):
            continue
        text = normalize(render(value, param, tool, time=target.time))
        if not all(normalize(x) in text for x in value_elements(value) if countable(x)):
            out.append(param)
    return out
