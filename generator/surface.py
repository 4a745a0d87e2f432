"""Natural surface forms of argument values, and detection of those forms in text.

`render` says a value the way a user would ("May 3rd", "7:30 pm", "public transit",
"noodles, dumplings and rice"); `forms` lists every surface form we accept when detecting
a value; `mentions` / `leaks` decide whether a text mentions a value, after normalizing
case, whitespace, punctuation, `_`/`-` and am/pm spellings on both sides.

Enum values are never rendered as identifiers (`public_transit`): catalog hints
(`ToolHints.surface`) or de-identified words are used, which also keeps them out of
literal value recall -- as in TRAILBench, where enum values are paraphrased.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from .records import Tool
from .temporal import parse_clock_value, parse_date_value, parse_time

MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

# "." splits only between letters: dotted function names (BFCL's math.factorial) read as words,
# numbers such as 1.5 stay whole.
_SPLIT = re.compile(r"[_\s]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Za-z])\.(?=[A-Za-z])")
_BOOL_PREFIX = re.compile(r"^(is|has|need|needs|use|enable|include|with|allow|if)_", re.IGNORECASE)
# Words that betray a description clause is a sentence, not a noun phrase.
_NOT_NOUN = frozenset(
    {
        "or",
        "include",
        "includes",
        "including",
        "is",
        "are",
        "be",
        "can",
        "will",
        "should",
        "must",
        "default",
        "e",
        "g",
        "if",
        "when",
        "whether",
        "this",
        "that",
        "it",
        "you",
    }
)
_CLAUSE = re.compile(r"[,.;:(\[]")


# ---------------------------------------------------------------- names


def words(identifier: str) -> str:
    """De-identified words: "public_transit" -> "public transit", "sortBy" -> "sort by"."""
    parts = [p for p in _SPLIT.split(str(identifier)) if p]
    return " ".join(parts).lower() if parts else str(identifier)


def spec_of(tool: Tool | None, param: str) -> dict[str, Any]:
    return (tool.properties.get(param) if tool else None) or {}


def _hinted_noun(tool: Tool | None, param: str) -> str | None:
    return tool.hints.nouns.get(param) if tool and tool.hints else None


def _description_noun(spec: dict[str, Any]) -> str | None:
    """A short noun phrase from the parameter description ("Starting location name" ->
    "starting location"); None when the first clause is not a short phrase."""
    first = _CLAUSE.split(str(spec.get("description") or ""), maxsplit=1)[0].strip().lower()
    first = re.sub(r"^(the|a|an|list of|the list of)\s+", "", first)
    tokens = first.split()
    if not tokens or len(tokens) > 4 or tokens[0] in ("whether", "if", "is", "true", "false"):
        return None
    if len(tokens) > 1 and tokens[-1] in ("name", "names"):
        tokens = tokens[:-1]
    if any(not re.fullmatch(r"[a-z][a-z'-]*", t) or t in _NOT_NOUN for t in tokens):
        return None
    return " ".join(tokens)


def noun(param: str, tool: Tool | None = None) -> str:
    """Natural noun phrase for a parameter: catalog hint, else its description, else its name."""
    hinted = _hinted_noun(tool, param)
    if hinted:
        return hinted
    spec = spec_of(tool, param)
    if spec.get("type") == "boolean":
        return words(_BOOL_PREFIX.sub("", param))
    # "temperature1" reads "temperature 1": the identifier itself never reaches a query
    plain = re.sub(r"(?<=[A-Za-z])(?=\d)", " ", re.sub(r"_(name|id)$", "", param) or param)
    return _description_noun(spec) or words(plain)


# ---------------------------------------------------------------- normalization


_AMPM = re.compile(r"\b([ap])\.m\.?(?=\W|$)")
_GLUED = re.compile(r"(\d)(am|pm)\b")
_PUNCT = re.compile(r"[_\-\u2013\u2014,;!?\"\u201c\u201d\u2018\u2019()\[\]{}*]")
_DOT = re.compile(r"\.(?=\s|$)")
_WS = re.compile(r"\s+")


@lru_cache(maxsize=65536)
def normalize(text: str) -> str:
    """Lowercase, am/pm unified, `_`/`-`/punctuation to spaces, whitespace collapsed."""
    t = _AMPM.sub(r"\1m", str(text).lower())
    t = _GLUED.sub(r"\1 \2", t)
    t = _DOT.sub(" ", _PUNCT.sub(" ", t))
    return _WS.sub(" ", t).strip()


@lru_cache(maxsize=65536)
def _pattern(form: str) -> re.Pattern[str]:
    # Whole words; a number is not found inside another one ("9" in "9:30", "12" in "12.5").
    # A bare number may carry a unit suffix ("1x", "5km").
    after = r"(?![0-9])" if re.fullmatch(r"[0-9.]+", form) else r"(?![a-z0-9])"
    return re.compile(r"(?<![a-z0-9])(?<![0-9][:./])" + re.escape(form) + after + r"(?![:./][0-9])")


def contains(text: str, form: str) -> bool:
    """Whether normalized `form` occurs in normalized `text` as whole words."""
    f = normalize(form)
    return bool(f) and bool(_pattern(f).search(normalize(text)))


# ---------------------------------------------------------------- value kinds


@dataclass(frozen=True)
class Ctx:
    param: str
    tool: Tool | None
    spec: dict[str, Any]
    time: datetime | None


Render = Callable[[Any, Ctx], list[str]]


@dataclass(frozen=True)
class Kind:
    """One family of values: `says` lists natural renderings (first = canonical),
    `accepts` every form detection should accept (renderings + literal variants)."""

    name: str
    matches: Callable[[Any, Ctx], bool]
    says: Render
    accepts: Render


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _relative_day(day: datetime, ctx: Ctx) -> str | None:
    if ctx.time is None:
        return None
    delta = (day.date() - ctx.time.date()).days
    return {0: "today", 1: "tomorrow", 2: "the day after tomorrow"}.get(delta)


def _weekday_forms(day: datetime, ctx: Ctx) -> list[str]:
    if ctx.time is None or not 0 <= (day.date() - ctx.time.date()).days <= 7:
        return []
    name = WEEKDAYS[day.weekday()]
    return [f"this {name}", f"next {name}", f"on {name}"]


def _date_says(value: Any, ctx: Ctx) -> list[str]:
    day, _ = parse_date_value(value)  # type: ignore[misc]
    month, d = MONTHS[day.month - 1], day.day
    year = "" if ctx.time is not None and ctx.time.year == day.year else f", {day.year}"
    plain = [f"{month} {_ordinal(d)}{year}", f"{month} {d}{year}", f"the {_ordinal(d)} of {month}{year}"]
    rel = _relative_day(day, ctx)
    return ([rel] if rel else []) + plain


def _date_accepts(value: Any, ctx: Ctx) -> list[str]:
    day, _ = parse_date_value(value)  # type: ignore[misc]
    month, d = MONTHS[day.month - 1], day.day
    extra = [
        str(value).strip(),
        f"{d} {month}",
        f"{_ordinal(d)} {month}",
        f"{month} {_ordinal(d)}",
        f"{month} {d}",
        f"{day.month}/{d}",
        f"{month[:3]} {d}",
    ]
    return _date_says(value, ctx) + _weekday_forms(day, ctx) + extra


def _clock_says_hm(h: int, m: int) -> list[str]:
    h12, ap = h % 12 or 12, "am" if h < 12 else "pm"
    if m == 0:
        special = {0: ["midnight"], 12: ["noon", "12 pm"]}.get(h, [])
        return special + [f"{h12} {ap}", f"{h12}:00 {ap}"]
    return [f"{h12}:{m:02d} {ap}"]


def _clock_says(value: Any, ctx: Ctx) -> list[str]:
    h, m = parse_clock_value(value)  # type: ignore[misc]
    return _clock_says_hm(h, m)


def _clock_accepts(value: Any, ctx: Ctx) -> list[str]:
    h, m = parse_clock_value(value)  # type: ignore[misc]
    h12, ap = h % 12 or 12, "am" if h < 12 else "pm"
    return _clock_says_hm(h, m) + [
        f"{h12}.{m:02d} {ap}",
        f"{h:02d}:{m:02d}",
        f"{h}:{m:02d}",
        str(value).strip(),
    ]


def _split_datetime(value: Any) -> tuple[str, str]:
    date, _, clock = str(value).strip().partition(" ")
    return date, clock


def _datetime_says(value: Any, ctx: Ctx) -> list[str]:
    date, clock = _split_datetime(value)
    d, c = _date_says(date, ctx), _clock_says(clock, ctx)
    return [f"{d[0]} at {c[0]}", f"{d[-1]} at {c[0]}", f"{c[0]} on {d[0]}"]


def _datetime_accepts(value: Any, ctx: Ctx) -> list[str]:
    return _datetime_says(value, ctx) + [str(value).strip()]


def _is_date(value: Any, ctx: Ctx) -> bool:
    parsed = parse_date_value(value)
    return parsed is not None and not parsed[1]


def _is_datetime(value: Any, ctx: Ctx) -> bool:
    parsed = parse_date_value(value)
    return parsed is not None and parsed[1]


def _is_clock(value: Any, ctx: Ctx) -> bool:
    return parse_clock_value(value) is not None


def _is_enum(value: Any, ctx: Ctx) -> bool:
    return isinstance(value, str) and value in (ctx.spec.get("enum") or [])


def _surface_hint(ctx: Ctx, key: str) -> str | None:
    hints = ctx.tool.hints.surface.get(ctx.param, {}) if ctx.tool and ctx.tool.hints else {}
    return hints.get(key)


def _enum_word(value: Any, ctx: Ctx) -> str:
    return _surface_hint(ctx, str(value)) or words(value)


def _enum_says(value: Any, ctx: Ctx) -> list[str]:
    return [_enum_word(value, ctx)]


def _enum_accepts(value: Any, ctx: Ctx) -> list[str]:
    return [_enum_word(value, ctx), words(value), str(value)]


def _bool_says(value: Any, ctx: Ctx) -> list[str]:
    hinted = _surface_hint(ctx, "true" if value else "false")
    if hinted:
        return [hinted]
    n = noun(ctx.param, ctx.tool)
    return [f"with {n}", f"including {n}"] if value else [f"without {n}", f"no {n}", f"no need for {n}"]


def _bool_accepts(value: Any, ctx: Ctx) -> list[str]:
    return [*_bool_says(value, ctx), noun(ctx.param, ctx.tool)]


def _number_text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _number_says(value: Any, ctx: Ctx) -> list[str]:
    return [_number_text(value)]


def _number_accepts(value: Any, ctx: Ctx) -> list[str]:
    return sorted({_number_text(value), str(value)})


def _text_says(value: Any, ctx: Ctx) -> list[str]:
    # An identifier-like string ("economy_class") is said in words, like an enum value.
    text = str(value)
    return [words(text)] if "_" in text and " " not in text else [text]


def _text_accepts(value: Any, ctx: Ctx) -> list[str]:
    return [str(value), words(str(value))]


def _is_bool(value: Any, ctx: Ctx) -> bool:
    return isinstance(value, bool)


def _is_number(value: Any, ctx: Ctx) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _always(value: Any, ctx: Ctx) -> bool:
    return True


# Order matters: the first kind whose predicate matches renders the value.
KINDS: tuple[Kind, ...] = (
    Kind("bool", _is_bool, _bool_says, _bool_accepts),
    Kind("number", _is_number, _number_says, _number_accepts),
    Kind("enum", _is_enum, _enum_says, _enum_accepts),
    Kind("datetime", _is_datetime, _datetime_says, _datetime_accepts),
    Kind("date", _is_date, _date_says, _date_accepts),
    Kind("clock", _is_clock, _clock_says, _clock_accepts),
    Kind("text", _always, _text_says, _text_accepts),
)


@lru_cache(maxsize=4096)
def _when(time: str) -> datetime | None:
    return parse_time(time)  # strptime is slow and every render needs the query time


def _ctx(
    param: str, tool: Tool | None, time: str | datetime | None, spec: dict[str, Any] | None = None
) -> Ctx:
    when = _when(time) if isinstance(time, str) else time
    return Ctx(param, tool, spec if spec is not None else spec_of(tool, param), when)


def kind_of(value: Any, ctx: Ctx) -> Kind:
    return next(k for k in KINDS if k.matches(value, ctx))


def value_kind(value: Any, param: str, tool: Tool | None, time: str | datetime | None = None) -> str:
    """ "list", "dict" or the name of the scalar kind ("bool", "number", "enum", "date", ...)."""
    if isinstance(value, list | dict):
        return type(value).__name__
    return kind_of(value, _ctx(param, tool, time)).name


def _item_ctx(ctx: Ctx) -> Ctx:
    items = ctx.spec.get("items") if isinstance(ctx.spec.get("items"), dict) else {}
    return Ctx(ctx.param, ctx.tool, items, ctx.time)


def join_words(items: list[str], conj: str = "and") -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conj} {items[-1]}"


def _render_one(value: Any, ctx: Ctx, rng: random.Random | None) -> str:
    if blank(value):
        return ""
    options = kind_of(value, ctx).says(value, ctx)
    return rng.choice(options) if rng is not None and len(options) > 1 else options[0]


def render(
    value: Any,
    param: str,
    tool: Tool | None,
    *,
    time: str | datetime | None = None,
    rng: random.Random | None = None,
) -> str:
    """The natural surface form of `value` for `param` of `tool`; canonical without `rng`."""
    ctx = _ctx(param, tool, time)
    if isinstance(value, list):
        ictx = _item_ctx(ctx)
        return join_words([t for t in (_render_one(v, ictx, rng) for v in value) if t])
    if isinstance(value, dict):
        return ", ".join(f"{words(k)} {render(v, k, None, time=time, rng=rng)}" for k, v in value.items())
    return _render_one(value, ctx, rng)


def _forms_one(value: Any, ctx: Ctx) -> list[str]:
    out: list[str] = []
    for f in kind_of(value, ctx).accepts(value, ctx):
        if f and f not in out:
            out.append(f)
    return out


def forms(value: Any, param: str, tool: Tool | None, time: str | datetime | None = None) -> list[str]:
    """Every surface form accepted when detecting `value` (for lists: the forms of every element)."""
    ctx = _ctx(param, tool, time)
    if isinstance(value, list):
        ictx = _item_ctx(ctx)
        return [f for v in value for f in _forms_one(v, ictx)]
    if isinstance(value, dict):
        return [f for k, v in value.items() for f in forms(v, k, None, time)]
    return _forms_one(value, ctx)


def _element_mentioned(text: str, value: Any, ctx: Ctx) -> bool:
    kind = kind_of(value, ctx)
    if kind.name == "datetime":
        date, clock = _split_datetime(value)
        if any(contains(text, f) for f in _datetime_accepts(value, ctx)):
            return True
        return _element_mentioned(text, date, ctx) and _element_mentioned(text, clock, ctx)
    return any(contains(text, f) for f in kind.accepts(value, ctx))


def mentioned_parts(
    text: str, value: Any, param: str, tool: Tool | None, time: str | datetime | None = None
) -> list[bool]:
    """Per element (one for scalars): whether `text` mentions it in any accepted form.
    Blank elements (None, "") have nothing to say and are left out."""
    ctx = _ctx(param, tool, time)
    if isinstance(value, list):
        ictx = _item_ctx(ctx)
        return [_element_mentioned(text, v, ictx) for v in value if not blank(v)]
    if isinstance(value, dict):
        return [all(mentioned_parts(text, v, k, None, time)) for k, v in value.items() if not blank(v)]
    return [] if blank(value) else [_element_mentioned(text, value, ctx)]


def blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip()) or value in ([], {})


def mentions(
    text: str, value: Any, param: str, tool: Tool | None, time: str | datetime | None = None
) -> bool:
    """Whether `text` states `value` (every element of a list; a blank value trivially)."""
    return all(mentioned_parts(text, value, param, tool, time))


def leaks(text: str, value: Any, param: str, tool: Tool | None, time: str | datetime | None = None) -> bool:
    """Whether `text` discloses `value` at least partly (any element of a list)."""
    return any(mentioned_parts(text, value, param, tool, time))


from .identity import is_identifier  # noqa: F401  (one definition, re-exported)
