"""What one `write_queries` prompt tells the model, built from the plan and the catalog (pure).

Per call of the plan (`CallTask`): what the tool does, in words that are sure -- a slot-free
intent of the catalog's hints, else the verb phrase opening its description
(generator.phrasebook.intent) -- and always the catalog's own description of the tool; then each
argument as the user gives it (`Fact`):

- stated: the value as said (generator.core.surface.render), with the parameter's description, unit,
  format, range and, for an enum, what each member means in words;
- hinted: a pointer ("the same place as last time", "tomorrow") with the words that must stay
  (a history hint may bend around its cue; a time hint may be any phrase that means the same
  moment at the query time);
- words: a TRAJECT hard value said in words ("June 3, 2025", "forty-two"), never as written
  in the call;
- previous: a value the user gets from an earlier step and refers to as "that" / "the result";
- left out: named only by its label, under "say nothing about".

Then what no message may contain (`never_write`): identifiers, and the distinctive forms of the
values left out or pointed at -- never a word the model is told to say, never a common word
or a short number (a rule about the parameter covers those: "say nothing about the seat
preference" instead of banning "any").
"""

from __future__ import annotations

import random
import re
from datetime import datetime
from typing import Any, Literal

from pydantic import Field

from ..core.identity import forbidden_in
from ..core.surface import blank, forms, noun, render
from ..core.vagueness import normalize, value_elements
from ..phrasebook import hints_of
from ..phrasebook.fragments import is_code
from ..phrasebook.intent import from_description, plain_intent
from ..phrasebook.lexicon import singular
from ..phrasebook.terms import term
from ..records import ArgPlan, CallPlan, Record, Tool, dict_at
from ..validators.leaves import structured
from .base import WriteRequest

PROMPT = "write_queries"
FactMode = Literal["stated", "hinted", "words", "previous"]

_SLOT = re.compile(r"\{[^{}]+\}")
_OPTIONAL = re.compile(r"\[[^\[\]]*\]")
# Cue words of the history readings (generator.validators.habitphrase.CUES): what a history
# hint must keep when the model rewords it.
_CUES = ("last time", "same as before", "like before", "previously", "again", "usual", "always", "regular",
         "normal")
_PLACE_WORDS = ("home", "work", "the office")
# Words no message can do without: never on the never-write list (a rule about the parameter
# says what to leave out instead).
_COMMON = frozenset({"a", "an", "the", "any", "all", "none", "no", "yes", "on", "off", "in", "out", "up",
    "down", "one", "some", "both", "either", "neither", "other", "others", "default", "standard", "normal",
    "regular", "auto", "true", "false", "not", "and", "or", "of", "to", "for", "by", "with", "at", "it",
    "is", "be", "new", "old", "more", "less", "most", "least", "first", "last", "next", "this", "that"})
DESCRIPTION_CHARS = 320


class Fact(Record):
    """One argument the message gives: `param` is its label (a noun, never the identifier)."""

    param: str
    text: str
    mode: FactMode
    about: str = ""  # the catalog's description of the parameter
    detail: str = ""  # unit, format, range, allowed values and their meanings
    keep: str = ""  # hinted: the words that must stay when the pointer is reworded
    literal: str = ""  # words, hinted: the value as the call writes it, never to be used; stated: keep exactly
    parts: bool = False  # stated: a structured value given as its facts, leaf by leaf
    step: int = 0  # previous: the 1-based step whose result gives the value


class CallTask(Record):
    number: int
    action: str | None  # a sure verb phrase, or None (the description then says what it does)
    description: str  # the catalog's words
    facts: list[Fact] = Field(default_factory=list)
    unsaid: list[str] = Field(default_factory=list)  # labels of arguments left out


# ---------------------------------------------------------------- what the tool does


def action(tool: Tool | None) -> str | None:
    """A verb phrase the model may use as is: a catalog intent with no mandatory slot once its
    optional parts are dropped ("check the class timetable"), else the verb phrase opening the
    description. None when neither is sure: slot nouns filled in by guess read as "buy the
    number of tickets the ticket tier tickets", so the description speaks instead."""
    if tool is None:
        return None
    hints = hints_of(tool)
    for template in hints.intents if hints else []:
        body = " ".join(_OPTIONAL.sub(" ", template).split())
        if body and not _SLOT.search(body) and len(body.split()) >= 2 and body != plain_intent(tool):
            return body
    return from_description(tool) or None


def description(tool: Tool | None) -> str:
    """The tool's description, whole sentences up to DESCRIPTION_CHARS."""
    text = " ".join((tool.description if tool else "").split())
    if len(text) <= DESCRIPTION_CHARS:
        return text
    cut = text[:DESCRIPTION_CHARS]
    end = max(cut.rfind(". "), cut.rfind("; "))
    return (cut[: end + 1] if end > DESCRIPTION_CHARS // 3 else cut.rsplit(" ", 1)[0] + " ...").strip()


# ---------------------------------------------------------------- one parameter


def _spec(tool: Tool | None, param: str) -> dict[str, Any]:
    spec = tool.properties.get(param) if tool else None
    return spec if isinstance(spec, dict) else {}


def _inner(spec: dict[str, Any]) -> dict[str, Any]:
    items = spec.get("items")
    return items if spec.get("type") == "array" and isinstance(items, dict) else spec


def about(tool: Tool | None, param: str) -> str:
    spec = _spec(tool, param)
    return " ".join(str(spec.get("description") or _inner(spec).get("description") or "").split())[:240]


def _range(spec: dict[str, Any]) -> str:
    lo, hi = spec.get("minimum"), spec.get("maximum")
    if lo is not None and hi is not None:
        return f"from {lo} to {hi}"
    return f"at least {lo}" if lo is not None else f"at most {hi}" if hi is not None else ""


def _meanings(tool: Tool | None, param: str, members: list[Any]) -> str:
    """ "one of: standard shipping, express, pick-up": each member in the words a person says
    for it (the catalog's hint words, else its own words; a code as written), never an
    identifier the model could copy."""
    hints = hints_of(tool)
    words = (hints.surface.get(param) or {}) if hints else {}
    shown = []
    for m in members[:12]:
        said = words.get(str(m)) or (str(m) if is_code(m) else re.sub(r"[_\s]+", " ", str(m)).strip())
        shown.append(said)
    more = f" and {len(members) - 12} more" if len(members) > 12 else ""
    return "one of: " + ", ".join(shown) + more


def detail(tool: Tool | None, param: str) -> str:
    """Unit, kind, format, range and allowed values of a parameter, from its schema and words."""
    spec = _spec(tool, param)
    inner = _inner(spec)
    parts = []
    kind = {"integer": "a whole number", "number": "a number", "boolean": "yes or no"}.get(str(inner.get("type")))
    if kind:
        parts.append(kind)
    unit = term(param, spec).unit
    if unit and inner.get("type") in ("integer", "number"):
        parts.append(f"in {unit}")
    if inner.get("format"):
        parts.append(f"format {inner['format']}")
    if _range(inner):
        parts.append(_range(inner))
    if inner.get("enum"):
        parts.append(_meanings(tool, param, list(inner["enum"])))
    if spec.get("type") == "array":
        parts.insert(0, "a list")
    return "; ".join(parts)


def keep_words(hint: str, source: str) -> str:
    """What must stay when a pointer is reworded: a history hint's cue ("last time", "usual",
    "home"); a time hint only its meaning (any phrase for the same moment is read back)."""
    low = hint.lower()
    if source == "history":
        cue = next((c for c in _CUES if re.search(rf"(?<![a-z]){re.escape(c)}(?![a-z])", low)), None)
        place = next((w for w in _PLACE_WORDS if re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", low)), None)
        return cue or place or hint
    return ""


def words_core(hint: str) -> str:
    """The value words of a TRAJECT hard hint without its noun: "a check-in date of June 3, 2025"
    -> "June 3, 2025" (the message may put the value in any frame of its own)."""
    return hint.rsplit(" of ", 1)[1] if hint.startswith(("a ", "an ")) and " of " in hint else hint


def fact(a: ArgPlan, tool: Tool | None, time: str | None, rng: random.Random, step: int = 0) -> Fact | None:
    label = noun(a.param, tool)
    common = {"param": label, "about": about(tool, a.param), "detail": detail(tool, a.param)}
    if a.source == "previous_step":
        return Fact(**common, text="", mode="previous", step=step)
    if a.mode == "stated" and a.hint:  # the spelling the plan asks for (TRAJECT simple: the gold's)
        return Fact(**common, text=a.hint, mode="stated", literal=a.hint)
    if a.mode == "stated" and structured(a.value):  # facts, never a run-on noun phrase
        text = as_facts(a.value, a.param, _spec(tool, a.param), time)
        return Fact(**common, text=text, mode="stated", parts=True) if text else None
    if a.mode == "stated":
        text = render(a.value, a.param, tool, time=time, rng=rng)
        return Fact(**common, text=text, mode="stated") if text else None  # a blank value says nothing
    if a.mode == "hinted" and a.hint and a.source == "query":
        return Fact(**common, text=words_core(a.hint), mode="words", literal=_literal(a.value))
    if a.mode == "hinted" and a.hint:
        return Fact(**common, text=a.hint, mode="hinted", keep=keep_words(a.hint, a.source), literal=_literal(a.value))
    return None


def as_facts(value: Any, param: str, spec: dict[str, Any], time: str | None) -> str:
    """A structured value as its facts, each leaf with its noun and unit, grouped under its item:
    "employee: E-1187; injury type: puncture wound; first aid given: yes; sent for evaluation: no";
    a list of objects item by item: "part 1 (part number: KNK-E50, quantity: 4), part 2 (...)"."""
    if isinstance(value, dict):
        props = dict_at(spec, "properties")
        return "; ".join(f"{noun(k)}: {_fact_of(v, k, dict_at(props, k), time)}" for k, v in value.items()
                         if not blank(v))
    return _fact_of(value, param, spec, time)


def _fact_of(value: Any, key: str, spec: dict[str, Any], time: str | None) -> str:
    if isinstance(value, list) and any(isinstance(v, dict) for v in value):
        items, one = dict_at(spec, "items"), singular(noun(key))
        return ", ".join(f"{one} {n} ({_fields(v, items, time)})" for n, v in enumerate(value, 1) if not blank(v))
    if isinstance(value, dict):
        return f"({_fields(value, spec, time)})"
    if isinstance(value, bool):
        return "yes" if value else "no"
    leaf = Tool(name=key, app="", api=key, domain="", parameters={"type": "object", "properties": {key: spec}})
    said = render(value, key, leaf, time=time)
    unit = term(key, spec).unit if isinstance(value, int | float) else ""
    return f"{said} {unit}" if unit and unit not in said else said


def _fields(value: Any, spec: dict[str, Any], time: str | None) -> str:
    props = dict_at(spec, "properties")
    if not isinstance(value, dict):
        return _fact_of(value, "", spec, time)
    return ", ".join(f"{noun(k)}: {_fact_of(v, k, dict_at(props, k), time)}" for k, v in value.items() if not blank(v))


def _literal(value: Any) -> str:
    """The value as the call writes it (262.0 is "262"), lists comma-joined."""
    if isinstance(value, list):
        return ", ".join(_literal(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _feeding_step(req: WriteRequest, call: int, param: str) -> int:
    return next((b.from_call + 1 for b in req.target.bindings if b.call == call and b.param == param), call)


def call_task(req: WriteRequest, i: int, call: CallPlan, tool: Tool | None, rng: random.Random) -> CallTask:
    facts, unsaid = [], []
    for a in call.args:
        f = fact(a, tool, req.target.time, rng, _feeding_step(req, i, a.param))
        if f is not None:
            facts.append(f)
        elif a.mode == "omitted":
            unsaid.append(noun(a.param, tool))
    return CallTask(number=i + 1, action=action(tool), description=description(tool), facts=facts,
                    unsaid=list(dict.fromkeys(unsaid)))


def call_tasks(req: WriteRequest, rng: random.Random) -> list[CallTask]:
    tools = {t.name: t for t in req.tools}
    return [call_task(req, i, c, tools.get(c.tool), rng) for i, c in enumerate(req.plan.calls)]


# ---------------------------------------------------------------- the query time


def spoken_time(time: str | None) -> str | None:
    """ "2025-06-03 09:15" -> "Tuesday, June 3, 2025, 9:15 am" (as given when it does not parse)."""
    if not time:
        return None
    for fmt in ("%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%d"):
        try:
            t = datetime.strptime(time.strip(), fmt)
        except ValueError:
            continue
        day = f"{t:%A}, {t:%B} {t.day}, {t.year}"
        if fmt == "%Y-%m-%d":
            return day
        clock = f"{t.hour % 12 or 12}:{t.minute:02d} {'am' if t.hour < 12 else 'pm'}"
        return f"{day}, {clock}"
    return time


# ---------------------------------------------------------------- what no message may contain


def _said_phrases(calls: list[CallTask], app: str | None) -> list[str]:
    out = [f.text for c in calls for f in c.facts if f.text] + ([app] if app else [])
    return [normalize(p, words=True) for p in out]


def _common(form: str) -> bool:
    """A form no message can avoid or a rule about its parameter covers: a common word, a
    number of one or two digits, anything under three characters."""
    key = normalize(form, words=True)
    return len(key) < 3 or key in _COMMON or bool(re.fullmatch(r"\d{1,2}", key))


def _within(form: str, phrases: list[str]) -> bool:
    key = normalize(form, words=True)
    return any(f" {key} " in f" {p} " or f" {p} " in f" {key} " for p in phrases if p)


def _stated_elements(req: WriteRequest) -> set[str]:
    return {normalize(x) for _, a in req.plan.args() if a.mode == "stated" for x in value_elements(a.value)}


def _unsaid_forms(req: WriteRequest) -> list[str]:
    """Omitted values in every surface form (relative ones included: they would say the value),
    then hinted and said-in-words values as written in the call; enum members and booleans are
    left to the "say nothing about" rule (their words are common: "any", "standard", "off")."""
    tools, said, out = {t.name: t for t in req.tools}, _stated_elements(req), []
    for mode in ("omitted", "hinted"):
        for call in req.plan.calls:
            tool = tools.get(call.tool)
            for a in call.args:
                if a.mode != mode or a.source == "previous_step" or _enumerated(tool, a.param):
                    continue
                value = [x for x in value_elements(a.value) if normalize(x) not in said and not isinstance(x, bool)]
                if not value:
                    continue
                if mode == "omitted":
                    out += forms(value if isinstance(a.value, list) else value[0], a.param, tool, req.target.time)
                else:
                    out += [str(x) for x in value]
    return out


def _enumerated(tool: Tool | None, param: str) -> bool:
    inner = _inner(_spec(tool, param))
    return bool(inner.get("enum")) or inner.get("type") == "boolean"


def _identifiers(req: WriteRequest) -> list[str]:
    """The identifiers the validator refuses (generator.core.identity.forbidden_in), less the enum
    identifiers: the facts say those in words, which the model must not take as forbidden."""
    return [ident for ident, _, _ in forbidden_in(req.plan, {t.name: t for t in req.tools}, enums=False)]


def never_write(req: WriteRequest, calls: list[CallTask], app: str | None) -> list[str]:
    """Unsaid values' distinctive forms first, then identifiers; deduplicated; never a word
    the model is told to say, never a common word."""
    said, seen, out = _said_phrases(calls, app), set(), []
    for f in _unsaid_forms(req):
        key = normalize(f, words=True)
        if key and key not in seen and not _common(f) and not _within(f, said):
            seen.add(key)
            out.append(f)
    for ident in _identifiers(req):
        key = normalize(ident, words=True)
        if key and key not in seen:
            seen.add(key)
            out.append(ident)
    return out
