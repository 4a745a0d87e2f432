"""Disclosure plans for trajectories, decided in code; the writer only phrases them.

- simple (parallel): every argument stated but an optional one at its schema default (not a flag),
  which the gold fills by the format's convention; tools implied (the task is clear, no identifiers);
  a stated value whose natural rendering differs from the gold spelling (ISO date, 24h time)
  carries that spelling in `hint` (a writer may say it either way: the query is published as
  checked, never rewritten to the gold spelling afterwards).
- hard (parallel): indirect style, tools implied; an argument is omitted when it is an
  optional argument at its schema default, described where a description picks exactly the
  gold value without saying it ("Apple's stock ticker", "the capital of Germany": DESCRIBERS,
  `describe_for`), and stated otherwise. Saying a value in other words (a date "June 3, 2025",
  a number "forty-two", an enum member's wording) is stating it, as a reader reads it, so the
  hard plan never does; TRAJECT-Bench's hard queries leave values out or describe them.
  The other resolvable hints (`HINTERS`: an enum member by its natural wording, a date, clock
  time, decimal or integer in words, carrying the parameter's noun) stay for `resolves` and
  the audit.
- sequential: one query; a value bound to an earlier call's output is omitted with source
  `previous_step`, an optional one at its default (not a flag) with source `default`; everything
  else is stated.
`unrecoverable` proves, per plan, that every gold value can be recovered.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from functools import lru_cache, partial
from typing import Any

from ..core.semantic import tokens
from ..core.surface import noun, render
from ..core.vagueness import normalize
from ..phrasebook.fragments import is_code
from ..phrasebook.lexicon import engine, is_plural, with_article
from ..records import ArgPlan, CallPlan, DisclosurePlan, Target, Tool
from ..registry import Registry
from .calls import has_default, known_default
from .describe import DESCRIBERS, STATING
from .export import wire_text

# (tool, param, value) -> hint phrase or None; (tool, param, hint) -> the value it resolves to.
Hinter = Callable[[Tool, str, Any], str | None]
Resolver = Callable[[Tool, str, str], Any]
HINTERS: Registry[tuple[Hinter, Resolver]] = Registry("traject hint")

_UNITS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_HUMAN_DATE = "{d:%B} {d.day}, {d.year}"


def spec(tool: Tool, param: str) -> dict[str, Any]:
    return tool.properties.get(param) or {}


# Enum members that are plain words already get a paraphrase that still names one member.
ENUM_WORDS = {
    "breakfast": "the first meal of the day",
    "brunch": "a late-morning meal",
    "lunch": "the midday meal",
    "dinner": "the evening meal",
    "asc": "lowest first",
    "desc": "highest first",
    "ascending": "lowest first",
    "descending": "highest first",
}


def enum_surface(tool: Tool, param: str, value: Any) -> str:
    custom = (tool.hints.surface.get(param, {}) if tool.hints else {}).get(str(value))
    plain = re.sub(r"[_\-]+", " ", str(value)).strip().lower()
    if custom and normalize(value) not in normalize(custom):
        return custom
    return ENUM_WORDS.get(plain) or custom or plain


def _enum_hint(tool: Tool, param: str, value: Any) -> str | None:
    enum = spec(tool, param).get("enum") or []
    if isinstance(value, bool) or value not in enum or is_code(value):
        return None  # a code ("F1_minus80") has no words to hide it in: it is stated as written
    hint = enum_surface(tool, param, value)
    return hint if normalize(value) not in normalize(hint) and _enum_resolve(tool, param, hint) == value else None


def _enum_resolve(tool: Tool, param: str, hint: str) -> Any:
    hits = [
        v for v in spec(tool, param).get("enum") or [] if normalize(enum_surface(tool, param, v)) == normalize(hint)
    ]
    return hits[0] if len(hits) == 1 else None


def _date_hint(tool: Tool, param: str, value: Any) -> str | None:
    if not (isinstance(value, str) and _DATE.match(value)):
        return None
    try:
        return _HUMAN_DATE.format(d=datetime.strptime(value, "%Y-%m-%d"))
    except ValueError:
        return None


def _date_resolve(tool: Tool, param: str, hint: str) -> Any:
    try:
        return datetime.strptime(hint, "%B %d, %Y").strftime("%Y-%m-%d")
    except ValueError:
        return None


def number_words(n: int) -> str:
    """English words for 0 <= n < 10000 ("two hundred forty-five", "two thousand nineteen")."""
    if n >= 1000:
        thousands, rest = divmod(n, 1000)
        return f"{_UNITS[thousands]} thousand" + (f" {number_words(rest)}" if rest else "")
    if n >= 100:
        hundreds, rest = divmod(n, 100)
        return f"{_UNITS[hundreds]} hundred" + (f" {number_words(rest)}" if rest else "")
    if n < 20:
        return _UNITS[n]
    tens, unit = divmod(n, 10)
    return _TENS[tens] + (f"-{_UNITS[unit]}" if unit else "")


def _number_hint(tool: Tool, param: str, value: Any) -> str | None:
    if isinstance(value, bool):
        return None
    text = str(value)
    if not text.isdigit() or not 10 <= int(text) < 10000 or text != str(int(text)):
        return None
    if _is_code_spec(spec(tool, param)):  # a code written in digits ("6221"); TRAJECT keeps every value a string
        return None  # is read digit by digit, never "six thousand two hundred twenty-one"
    return number_words(int(text))


def _is_code_spec(s: dict[str, Any]) -> bool:
    """A schema that makes its digits a code: a string type, a pattern, or a description that
    calls the value a code, id or number of something."""
    words = set(re.findall(r"[a-z]+", str(s.get("description") or "").lower()))
    return s.get("type") == "string" or "pattern" in s or bool(words & {"code", "id", "identifier", "prefix"})


def _number_resolve(tool: Tool, param: str, hint: str) -> Any:
    return _number_table().get(hint)


_CLOCK = re.compile(r"^([01]\d|2[0-3]):([0-5]\d)$")
_FRACTIONS = {"25": "a quarter", "5": "a half", "75": "three quarters"}


def clock_words(h: int, m: int) -> str:
    """ "half past ten in the morning", "quarter to seven in the evening", "midnight"."""
    if (h, m) in ((0, 0), (12, 0)):
        return "midnight" if h == 0 else "noon"
    if m == 45:
        return f"quarter to {_clock_hour(h + 1)}"
    lead = {0: "", 15: "quarter past ", 30: "half past "}.get(m)
    if lead is not None:
        return f"{lead}{_clock_hour(h)}"
    return f"{number_words(h % 12 or 12)} {'oh ' if m < 10 else ''}{number_words(m)} {_period(h)}"


def _period(h: int) -> str:
    return "in the morning" if h % 24 < 12 else "in the afternoon" if h % 24 < 18 else "in the evening"


def _clock_hour(h: int) -> str:
    h %= 24
    return {0: "midnight", 12: "noon"}.get(h) or f"{number_words(h % 12)} {_period(h)}"


def _clock_hint(tool: Tool, param: str, value: Any) -> str | None:
    m = _CLOCK.match(value) if isinstance(value, str) and not spec(tool, param).get("enum") else None
    return clock_words(int(m[1]), int(m[2])) if m else None


@lru_cache(maxsize=1)
def _clock_table() -> dict[str, str]:
    return {clock_words(h, m): f"{h:02d}:{m:02d}" for h in range(24) for m in range(60)}


@lru_cache(maxsize=1)
def _number_table() -> dict[str, int]:
    return {number_words(i): i for i in range(10000)}


def _clock_resolve(tool: Tool, param: str, hint: str) -> Any:
    return _clock_table().get(hint)


def _decimal_hint(tool: Tool, param: str, value: Any) -> str | None:
    """4.5 -> "4 and a half", 4.25 -> "4 and a quarter"; None for any other decimal: "12 point 3"
    is how no one writes a number, so 12.3 is stated in numerals."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return None
    m = re.fullmatch(r"(\d+)\.(\d+)", str(value))
    if not m or spec(tool, param).get("enum"):
        return None
    if set(m[2]) == {"0"}:  # 262.0 is written "262" in the gold call: say it in words
        return _number_hint(tool, param, m[1])
    frac = _FRACTIONS.get(m[2])
    return f"{m[1]} and {frac}" if frac else None


def _decimal_resolve(tool: Tool, param: str, hint: str) -> Any:
    m = re.fullmatch(r"(\d+) (?:and (a quarter|a half|three quarters)|point ((?:\d ?)+))", hint)
    if not m:
        return None
    inverse = {v: k for k, v in _FRACTIONS.items()}
    return f"{m[1]}.{inverse[m[2]] if m[2] else m[3].replace(' ', '')}"


def register_hinters() -> None:
    """Idempotent registration (called by the product, not at import)."""
    for name, pair in (
        ("enum", (_enum_hint, _enum_resolve)),
        ("date", (_date_hint, _date_resolve)),
        ("clock", (_clock_hint, _clock_resolve)),
        ("decimal", (_decimal_hint, _decimal_resolve)),
        ("number", (_number_hint, _number_resolve)),
        *DESCRIBERS.items(),
    ):
        if name not in HINTERS:
            HINTERS.add(name, pair)


# Kinds whose words alone do not say which parameter they fill ("for eleven", "on June 2,
# 2025" next to a check-in and a check-out date): their hint carries the parameter's noun.
NOUNED = frozenset({"date", "clock", "decimal", "number"})


def hint_core(tool: Tool, param: str, value: Any) -> tuple[str, str] | None:
    """(kind, phrase) of the first hinter that can say `value` without its literal spelling."""
    register_hinters()
    for name in HINTERS.names():
        phrase = HINTERS.get(name)[0](tool, param, value)
        if phrase:
            return name, phrase
    return None


def hint_for(tool: Tool, param: str, value: Any) -> str | None:
    """The hint phrase: "a cooking time limit of eleven", "the first meal of the day"."""
    found = hint_core(tool, param, value)
    if found is None:
        return None
    kind, phrase = found
    if kind not in NOUNED:
        return phrase
    said = _bounded(noun(param, tool), param, tool)
    counted_noun = said.removeprefix("number of ")
    if is_plural(counted_noun.rsplit(" ", 1)[-1]) and " of " not in counted_noun:
        return f"{phrase} {counted_noun}"  # "eleven liters", "thirteen nights"
    article = with_article(said)  # "an x", "an ID"; a mass noun's value still takes "a ... of"
    return f"{article if article != said else engine().a(said)} of {phrase}"


_BOUND_WORDS = {"at most ": "maximum", "at least ": "minimum"}


def _bounded(said: str, param: str, tool: Tool) -> str:
    """The noun with its bound: a `max_price` of 25.5 is "a maximum price of", never "a price of"
    (which would ask for items at that price)."""
    from ..phrasebook.terms import term

    word = _BOUND_WORDS.get(term(param, spec(tool, param)).bound, "")
    return f"{word} {said}" if word and not {"maximum", "minimum", "max", "min"} & set(said.split()) else said


def hint_said(tool: Tool, param: str, value: Any, hint: str) -> str:
    """What of a hint a query must say: the value in words without the parameter's noun
    ("June 3, 2025" of "a check-in date of June 3, 2025", "thirty" of "thirty minutes"), so a
    writer may put it in the parameter's own fragment ("from June 3, 2025", "for thirty minutes")."""
    found = hint_core(tool, param, value)
    return found[1] if found and found[0] in NOUNED and found[1] in hint else strip_noun(hint)


def strip_noun(hint: str) -> str:
    return hint.rsplit(" of ", 1)[1] if hint.startswith(("a ", "an ")) and " of " in hint else hint


def same_value(a: Any, b: Any) -> bool:
    """Equal as written, or as numbers (a hint "262" resolves a gold 262.0)."""
    if str(a) == str(b):
        return True
    try:
        return float(str(a)) == float(str(b))
    except ValueError:
        return False


def resolves(tool: Tool, param: str, hint: str, value: Any) -> bool:
    register_hinters()
    words = hint.split()
    cores = {hint, strip_noun(hint), *(" ".join(words[:k]) for k in range(1, len(words)))}
    return any(same_value(HINTERS.get(n)[1](tool, param, c), value) for n in HINTERS.names() for c in cores)


def is_default(tool: Tool, param: str, value: Any) -> bool:
    """An optional value a query may leave out: it equals the default a reader of the catalog
    sees (`calls.known_default`)."""
    return has_default(tool, param) and known_default(tool, param) == value


def _hard_arg(tool: Tool, param: str, value: Any, others: Callable[[], list[Any]]) -> ArgPlan:
    if is_default(tool, param, value) and not _said_anyway(tool, param, value, others):
        return ArgPlan(param=param, value=value, mode="omitted", source="default")
    hint = describe_for(tool, param, value)
    if hint:
        return ArgPlan(param=param, value=value, mode="hinted", source="query", hint=hint)
    return ArgPlan(param=param, value=value, mode="stated")


def _said_anyway(tool: Tool, param: str, value: Any, others: Callable[[], list[Any]]) -> bool:
    """Whether a query would disclose a left-out flag or one-character default anyway: a speed
    of 1 next to "1 ticket" (another value of the trajectory equal to it), a flag named in the
    tool's own name (is_delivery of a `delivery_search`). Longer values are not said by chance;
    a flag named only in the tool's description may still be (omitted_absent rejects the query)."""
    if counted(value) is not None:
        return False
    if not isinstance(value, bool):
        return any(same_value(value, o) for o in others() if not isinstance(o, bool))
    words = {w for w in tokens(param) if len(w) >= 3}  # "delivery" of is_delivery, not "is"
    return bool(words & _tool_words(tool))


def _tool_words(tool: Tool) -> set[str]:
    """The words of the tool's own name (api and app): a flag named by them is said with the tool."""
    return set(tokens(f"{tool.api} {tool.app}"))


def describe_for(tool: Tool, param: str, value: Any) -> str | None:
    """A description that picks exactly `value` without saying it ("Apple's stock ticker"), as
    the hard plan uses; None for a value whose only hint says it in other words (a date in words,
    a number in words, an enum member's wording, a code by what it stands for: describe.STATING),
    which by meaning is stated."""
    return next((p for name, (hinter, _) in DESCRIBERS.items()
                 if name not in STATING and (p := hinter(tool, param, value))), None)


def literal_surface(tool: Tool, param: str, value: Any) -> str | None:
    """The value exactly as the gold call spells it, when the natural rendering would not
    (ISO dates, 24h clock times): simple queries state values verbatim, like upstream's. Not a
    timestamp ("2025-06-02T14:15:00-06:00"): upstream's queries hold none, and read out it is a form
    (set 43); it is said in words, as the other products say it."""
    if (
        isinstance(value, str)
        and not _TIMESTAMP.match(value)
        and not (spec(tool, param).get("enum") and not _plain_word(value))  # "no_limit" is said in words
        and not (_plain_word(value.replace("_", " ")) and "_" in value)  # so is a listed "move_to_track"
        and normalize(value) not in normalize(render(value, param, tool))
    ):
        return value
    return None


_TIMESTAMP = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}")


def _plain_word(value: str) -> bool:
    """An enum member a person may say as written ("relevance", "indoor"), not an identifier."""
    return bool(re.fullmatch(r"[a-z]+(?: [a-z]+)*", value))


def _stated(tool: Tool, args: dict[str, Any], others: Callable[[str], list[Any]] | None = None) -> list[ArgPlan]:
    """Every value stated, but an optional one at its schema default (`others`: the trajectory's
    other values, for `_said_anyway`), which is left out: the gold fills it by the format's
    convention, and "with the diet set to none", "with 0 days of flexibility" read as a form. A
    flag stays stated: the tool's own words say one anyway ("find food delivery")."""
    return [
        ArgPlan(param=k, value=v, mode="omitted", source="default")
        if others is not None and k not in tool.required and (not isinstance(v, bool) or no_filter_flag(tool, k, v))
        and is_default(tool, k, v) and not _said_anyway(tool, k, v, partial(others, k))
        else ArgPlan(param=k, value=v, mode="stated", hint=literal_surface(tool, k, v)) for k, v in args.items()
    ]


def no_filter_flag(tool: Tool, param: str, value: Any) -> bool:
    """A filter flag ("Only premises with ...") left at false filters nothing: said, it is a clause
    read out for no reason (set 22: "with or without at least one assembly past its annual test due
    date or an open compliance notice" in 26 of 60 TRAJECT queries). One whose false reading the
    description writes ("(true) or do not have (false)") filters too."""
    from ..phrasebook.fragments import false_reading

    description = str((tool.properties.get(param) or {}).get("description") or "")
    from ..core.values import ONLY_FLAG  # "When true, only cars with an open bad order" too (set 40)

    return value is False and ONLY_FLAG.match(description) is not None and false_reading(description) is None


def simple_plan(target: Target, tools: dict[str, Tool]) -> DisclosurePlan:
    calls = [
        CallPlan(tool=c.tool, tool_mode="implied", args=_stated(tools[c.tool], c.arguments, partial(_others, target, i)))
        for i, c in enumerate(target.calls)
    ]
    return DisclosurePlan(target_id=target.id, level="simple", calls=calls, style="explicit")


def hard_plan(target: Target, tools: dict[str, Tool]) -> DisclosurePlan:
    calls = [
        CallPlan(
            tool=c.tool,
            tool_mode="implied",
            args=[_hard_arg(tools[c.tool], k, v, partial(_others, target, i, k)) for k, v in c.arguments.items()],
        )
        for i, c in enumerate(target.calls)
    ]
    return DisclosurePlan(target_id=target.id, level="hard", calls=calls, style="indirect")


def _others(target: Target, call: int, param: str) -> list[Any]:
    """Every value of the trajectory but one argument's (asked for only by a left-out default:
    building it for every argument made a hard plan quadratic in the trajectory's values)."""
    return [v for i, c in enumerate(target.calls) for k, v in c.arguments.items() if (i, k) != (call, param)]


def sequential_plan(target: Target, tools: dict[str, Tool]) -> DisclosurePlan:
    bound = {(b.call, b.param) for b in target.bindings}
    calls = []
    for i, c in enumerate(target.calls):
        stated = {a.param: a for a in _stated(tools[c.tool], c.arguments, partial(_others, target, i))}
        args = [
            ArgPlan(param=k, value=v, mode="omitted", source="previous_step")
            if (i, k) in bound
            else stated[k]
            for k, v in c.arguments.items()
        ]
        calls.append(CallPlan(tool=c.tool, tool_mode="implied", args=args))
    return DisclosurePlan(target_id=target.id, level="traj_query", calls=calls, style="casual")


# ---------------------------------------------------------------- how hard a hard query can be
# TRAJECT-Bench's hard queries state little of the call (read by meaning, about 0.4 of its
# values); ours may only leave out or describe what stays determined, so a trajectory whose
# values are mostly free text (search words, ids, e-mail addresses) cannot make a hard query at
# all. Sampling therefore prefers trajectories whose hard plan states at most HARD_FLOOR of the
# values (`hard_floor`), and a written hard query the independent reader reads as stating more
# than HARD_RECALL_CAP of them is rejected (checks.vague_enough). Both count every gold value,
# as the reader's value recall does. Sampling also prefers plans that keep TRAJECT-Bench's
# literal value recall low, which counts fewer values (no flags, nothing under two characters):
# a plan that leaves out only flags and "1"s is under the cap by meaning and over it literally.
HARD_FLOOR = 0.4
HARD_RECALL_CAP = 0.5
# A domain whose every draw must state more (ids and free text no default or description can
# stand for: a court clerk's case numbers, a marina's slip ids) gets hard queries only when the
# config's `hard_ceiling` allows what its least draw states (up to all of it: a catalog of ids and
# free text has nothing a query can leave out and keep determined); each is checked against what
# its own plan states (`hard_cap`), the domain's figure said in the run's notes and the card.
HARD_CEILING = 1.0


def hard_cap(plan: DisclosurePlan) -> float:
    """How much of the values a hard query written from `plan` may state, read by meaning:
    HARD_RECALL_CAP, or what the plan itself must state where that is more (such a plan is drawn
    only when the config's `hard_ceiling` allows that much)."""
    share = _stated_share([a for _, a in plan.args()])
    return share if HARD_RECALL_CAP < share <= HARD_CEILING else HARD_RECALL_CAP


def counted(value: Any) -> str | None:
    """The value as TRAJECT-Bench's value recall counts it (its wire string, normalized), or
    None when it is not counted (shorter than 2 characters, a boolean)."""
    v = normalize(wire_text(value))
    return v if len(v) >= 2 and v not in ("true", "false") else None


def hard_floor(target: Target, tools: dict[str, Tool]) -> float:
    """How much the hard plan must state, for choosing trajectories: the higher of the share by
    meaning (`meaning_floor`) and the share of the counted values (TRAJECT-Bench's literal
    value recall, which skips flags and one-character values, the values a hard plan most
    often leaves out as defaults). 0.0 without any."""
    return floors(target, tools)[0]


def meaning_floor(target: Target, tools: dict[str, Tool]) -> float:
    """Share of every value the hard plan must state, as the reader counts (the cap's measure)."""
    return floors(target, tools)[1]


def floors(target: Target, tools: dict[str, Tool]) -> tuple[float, float]:
    """(`hard_floor`, `meaning_floor`) of one hard plan, made once."""
    args = [a for _, a in hard_plan(target, tools).args()]
    meaning = _stated_share(args)
    return max(meaning, _stated_share([a for a in args if counted(a.value) is not None])), meaning


def stated_counts(target: Target, tools: dict[str, Tool]) -> tuple[int, int]:
    """(values stated, values) of the target's hard plan, by meaning."""
    args = [a for _, a in hard_plan(target, tools).args()]
    return sum(a.mode == "stated" for a in args), len(args)


def _stated_share(args: list[ArgPlan]) -> float:
    return sum(a.mode == "stated" for a in args) / len(args) if args else 0.0


def _arg_problem(
    plan: DisclosurePlan, target: Target, tools: dict[str, Tool], i: int, a: ArgPlan
) -> str | None:
    tool = tools[plan.calls[i].tool]
    if a.mode == "stated":
        return None
    if a.mode == "hinted":
        ok = bool(a.hint) and resolves(tool, a.param, a.hint or "", a.value)
        return None if ok else f"call {i + 1} {a.param}: hint {a.hint!r} does not resolve to {a.value!r}"
    if a.source == "default" and is_default(tool, a.param, a.value):
        return None
    if a.source == "previous_step" and any(b.call == i and b.param == a.param for b in target.bindings):
        return None
    return f"call {i + 1} {a.param}: omitted value {a.value!r} is not recoverable (source {a.source})"


def unrecoverable(plan: DisclosurePlan, target: Target, tools: dict[str, Tool]) -> list[str]:
    """Problems where a gold value could not be recovered from the query, a default or an
    earlier step ([] = every value recoverable)."""
    out = [_arg_problem(plan, target, tools, i, a) for i, a in plan.args()]
    return [p for p in out if p]
