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

from ..core import allowed
from ..core.identity import forbidden_in
from ..core.plan import history_noun
from ..core.surface import blank, forms, noun, render, words
from ..core.vagueness import normalize, value_elements
from ..phrasebook import hints_of
from ..phrasebook.fragments import is_code
from ..phrasebook.intent import from_description, plain_intent
from ..phrasebook.lexicon import FUNCTION_WORDS, lemmas, singular
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
_CUES = ("last time", "same as before", "like before", "previously", "again", "usually", "usual", "always",
         "regular", "normal")
_PLACE_WORDS = ("home", "work", "the office")
# Words no message can do without: never on the never-write list (a rule about the parameter
# says what to leave out instead).
_COMMON = frozenset({"a", "an", "the", "any", "all", "none", "no", "yes", "on", "off", "in", "out", "up",
    "down", "one", "some", "both", "either", "neither", "other", "others", "default", "standard", "normal",
    "regular", "auto", "true", "false", "not", "and", "or", "of", "to", "for", "by", "with", "at", "it",
    "is", "be", "new", "old", "more", "less", "most", "least", "first", "last", "next", "this", "that"})
DESCRIPTION_CHARS = 1200  # catalogs state business rules here; a cut rule misleads


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
    unsaid: list[str] = Field(default_factory=list)  # labels of arguments left out (the assistant knows them)
    defaults: list[str] = Field(default_factory=list)  # labels of arguments left out at the tool's default


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
        if body and not _SLOT.search(body) and len(body.split()) >= 2 and body != plain_intent(tool) \
                and sure(body, tool, authored=tool.hints is not None):
            return body
    derived = from_description(tool)
    return derived if derived and sure(derived, tool, authored=False) else None


def sure(phrase: str, tool: Tool, authored: bool) -> bool:
    """A catalog's own intent is sure unless cut; a derived one whose verb opens the description
    must also say what that opening says (`follows`): "search for the collections database" is a
    misreading of "Search the collections database"."""
    verb = phrase.split()[0].lower()
    opens = (re.findall(r"[a-z]+", tool.description.lower()) or [""])[0]
    same_verb = bool(opens) and (opens == verb or lemmas(opens).get("VERB", ("",))[0] == verb)
    return whole(phrase) and (authored or not same_verb or follows(phrase, tool.description))


def whole(phrase: str) -> bool:
    """A verb phrase that is not cut: it ends on a content word, never on "for", "the", "my"
    ("sign me up for" once its optional slot is dropped)."""
    return phrase.split()[-1].lower() not in FUNCTION_WORDS


_LOOSE = FUNCTION_WORDS - {"for", "to", "with", "from", "of", "that", "not", "no"} | {"one"}


def follows(phrase: str, text: str) -> bool:
    """Whether a verb phrase derived from a description says what the description's opening
    says: past the verb, its words are the description's next words (articles and particles
    aside). "search for the collections database" does not follow "Search the collections
    database" (it searches for the database), "record loaned objects" does not follow "Record
    that loaned objects are back", "get the loan" does not follow "Loan agreement with ..."."""
    def content(words: list[str]) -> list[str]:
        return [w for w in words if w not in _LOOSE and w not in ("up", "out", "off", "down", "back")]

    said = content(re.findall(r"[a-z0-9'-]+", phrase.lower())[1:])
    opening = content(re.findall(r"[a-z0-9'-]+", text.lower())[1:])
    return bool(said) and opening[: len(said)] == said


# A sentence ends at a period after a word (never after a list number "2." or an abbreviation
# "e.g."), before a capital.
_SENTENCE_END = re.compile(r"(?<=[A-Za-z)\]}'\"]{2}[.!?])\s+(?=[A-Z])")


def description(tool: Tool | None) -> str:
    """The tool's description: whole, up to DESCRIPTION_CHARS; a longer one up to its last whole
    sentence within the bound, marked " ...": a numbered or bulleted rule list ("Rules: - A batch
    carries rx_number; - ...") stays one sentence, so it is given whole or not at all, never cut
    after its first rule or at its opening."""
    text = " ".join((tool.description if tool else "").split())
    if len(text) <= DESCRIPTION_CHARS:
        return text
    kept: list[str] = []
    for sentence in _SENTENCE_END.split(text):
        if len(" ".join([*kept, sentence])) > DESCRIPTION_CHARS:
            break
        kept.append(sentence)
    return " ".join(kept) + " ..." if kept else text[:DESCRIPTION_CHARS].rsplit(" ", 1)[0] + " ..."


# ---------------------------------------------------------------- one parameter


def _spec(tool: Tool | None, param: str) -> dict[str, Any]:
    spec = tool.properties.get(param) if tool else None
    return spec if isinstance(spec, dict) else {}


def _inner(spec: dict[str, Any]) -> dict[str, Any]:
    items = spec.get("items")
    return items if spec.get("type") == "array" and isinstance(items, dict) else spec


def about(tool: Tool | None, param: str) -> str:
    spec = _spec(tool, param)
    return clipped(" ".join(str(spec.get("description") or _inner(spec).get("description") or "").split()))


ABOUT_CHARS = 400


def clipped(text: str, limit: int = ABOUT_CHARS) -> str:
    """`text` whole when short, else to its last full sentence (or word) within `limit`, marked
    with "..." -- never cut mid-word ("OB Orang": set 28's play)."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    end = head.rfind(". ")
    return head[:end + 1] + " ..." if end >= limit // 2 else head.rsplit(" ", 1)[0].rstrip(",;:") + " ..."


def _range(spec: dict[str, Any]) -> str:
    lo, hi = spec.get("minimum"), spec.get("maximum")
    if lo is not None and hi is not None:
        return f"from {lo} to {hi}"
    return f"at least {lo}" if lo is not None else f"at most {hi}" if hi is not None else ""


def _meanings(tool: Tool | None, param: str, members: list[Any], spelled: str = "", value: str = "") -> str:
    """ "one of: standard shipping, express, pick-up": each member in the words a person says
    for it (the catalog's hint words, else its own words; a code as written), never an
    identifier the model could copy -- but the member the fact must spell as written is listed
    so, with its words: "rating (best rated first)", never a required word outside the list."""
    hints = hints_of(tool)
    words = (hints.surface.get(param) or {}) if hints else {}
    shown = []
    own = spelled or value  # the value to say is always listed (set 28: observation code TF, 14th of 40)
    listed = members[:12] if not own or own in map(str, members[:12]) or own not in map(str, members) else \
        [*members[:11], next(m for m in members if str(m) == own)]
    for m in listed:
        said = words.get(str(m)) or (str(m) if is_code(m) else re.sub(r"[_\s]+", " ", str(m)).strip())
        shown.append(f"{m} ({said})" if spelled and str(m) == spelled and said != spelled else said)
    more = f" and {len(members) - 12} more" if len(members) > 12 else ""
    return "one of: " + ", ".join(shown) + more


def detail(tool: Tool | None, param: str, spelled: str = "", value: str = "") -> str:
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
        parts.append(_meanings(tool, param, list(inner["enum"]), spelled, value))
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
    spelled = a.hint if a.mode == "stated" and a.hint else ""
    value = str(a.value) if isinstance(a.value, str | int | float) and not isinstance(a.value, bool) else ""
    common = {"param": label, "about": about(tool, a.param), "detail": detail(tool, a.param, spelled or "", value)}
    if a.source == "previous_step":
        return Fact(**common, text="", mode="previous", step=step)
    if spelled and _MOMENT.fullmatch(spelled):  # a date or a time is said as a person says it (players, set
        text = render(a.value, a.param, tool, time=time, rng=rng)  # 15: "book it for 2025-06-03 at 10:00");
        return Fact(**common, text=text or spelled, mode="stated")  # the reader reads either spelling
    if spelled:  # the spelling the plan asks for (TRAJECT simple: the gold's)
        return Fact(**common, text=spelled, mode="stated", literal=spelled)
    if a.mode == "stated" and structured(a.value):  # facts, never a run-on noun phrase
        text = as_facts(a.value, a.param, _spec(tool, a.param), time)
        return Fact(**common, text=text, mode="stated", parts=True) if text else None
    if a.mode == "stated" and as_written(a.value, _spec(tool, a.param)):
        return Fact(**common, text=str(a.value), mode="stated", literal=str(a.value))
    if a.mode == "stated" and a.value is False and filter_flag(a.param, _spec(tool, a.param)):
        return Fact(**common, text=no_filter(a.param, label), mode="stated")
    if a.mode == "stated":
        text = render(a.value, a.param, tool, time=time, rng=rng)
        return Fact(**common, text=text, mode="stated") if text else None  # a blank value says nothing
    if a.mode == "hinted" and a.hint and a.source == "query":
        return Fact(**common, text=words_core(a.hint), mode="words", literal=_literal(a.value))
    if a.mode == "hinted" and a.hint:
        text = pointer(a.hint, a.param, tool) if a.source == "history" else a.hint
        return Fact(**common, text=text, mode="hinted", keep=keep_words(a.hint, a.source), literal=_literal(a.value))
    return None


def as_written(value: Any, spec: dict[str, Any]) -> bool:
    """A free-text value with an underscore ("todo_2.txt", "IMG_8877_6609"): a file name, code or
    identifier the call holds as written, given to the model exactly so (in words, "todo 2.txt"
    would ask for another file). An enum member is said in words instead (its list says which)."""
    inner = _inner(spec)
    listed = allowed.read(str(inner.get("description") or spec.get("description") or "")).allowed
    # a code the description lists as one of the values ("ac_furnace, dual_fuel or ductless") is a
    # member too: "a dual fuel system", never "a dual_fuel system" (players and readers, set 15)
    return isinstance(value, str) and "_" in value and not inner.get("enum") and value not in listed


def filter_flag(param: str, spec: dict[str, Any]) -> bool:
    """A flag that narrows a search ("Only covered garages", `nonstop_only`): false is no filter,
    unless the description says what false keeps ("segments that have (true) or do not have
    (false) an active slow order": false keeps those without one; set 22)."""
    from ..phrasebook.fragments import false_reading

    desc = str(spec.get("description") or "").lower().split()
    return spec.get("type") == "boolean" and (desc[:1] == ["only"] or "only" in re.split(r"[_\W]+", param.lower())) \
        and false_reading(str(spec.get("description") or "")) is None


def no_filter(param: str, label: str) -> str:
    """A filter flag's false, as no filter: "whether or not covered", "whether or not in stock" --
    never the opposite filter ("anywhere outdoors" for "Only covered garages"). The condition is
    the parameter's name less its switch words, as the flag reader takes it (generator.reader.flags)."""
    said = [w for w in words(param).split() if w not in ("only", "is", "has")]
    return "whether or not " + " ".join(said or label.split())


# Trailing parameter-name tokens that are a unit ("internal_length_in"): never in a pointer's noun.
_UNIT_TOKENS = frozenset({"in", "cm", "mm", "m", "km", "kg", "g", "mg", "mcg", "ml", "l", "lb", "lbs", "oz", "ft",
                          "s", "sec", "secs", "min", "mins", "h", "hr", "hrs", "days", "pct", "usd", "eur"})


def pointer_noun(label: str, param: str, tool: Tool | None) -> str:
    """A history pointer's noun as English: the label less a unit suffix ("internal length in" ->
    "internal length"); a label that opens with a verb ("exclude expiring within days") is no
    noun, so the value's unit ("number of days") or "setting" names it."""
    words = label.split()
    if len(words) > 1 and words[-1].lower() in _UNIT_TOKENS:
        words = words[:-1]
    head = lemmas(words[0]) if words else {}
    if words and "VERB" in head and "NOUN" not in head and "ADJ" not in head:
        unit = term(param, _spec(tool, param)).unit
        return f"number of {unit}" if unit and " " not in unit else "setting"
    return " ".join(words)


def pointer(hint: str, param: str, tool: Tool | None) -> str:
    """The history hint with its noun as English (see pointer_noun); the cue stays as is."""
    label = history_noun(param, tool) if tool else noun(param, tool)
    better = pointer_noun(label, param, tool)
    if better == label:  # a hint written with the name's unit token ("my regular internal length in")
        units = "|".join(sorted(map(re.escape, _UNIT_TOKENS)))
        return re.sub(rf"(?<![a-z]){re.escape(label)} (?:{units})(?![a-z])", label, hint, count=1)
    return re.sub(rf"(?<![a-z]){re.escape(label)}(?![a-z])", better, hint, count=1)


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
    if as_written(value, spec):  # a photo reference "IMG_8877_6609" as the call holds it
        return str(value)
    leaf = Tool(name=key, app="", api=key, domain="", parameters={"type": "object", "properties": {key: spec}})
    said = render(value, key, leaf, time=time)
    unit = term(key, spec).unit if isinstance(value, int | float) else ""
    return f"{said} {unit}" if unit and unit not in said else said


def _fields(value: Any, spec: dict[str, Any], time: str | None) -> str:
    props = dict_at(spec, "properties")
    if not isinstance(value, dict):
        return _fact_of(value, "", spec, time)
    return ", ".join(f"{noun(k)}: {_fact_of(v, k, dict_at(props, k), time)}" for k, v in value.items() if not blank(v))


# An ISO date, clock time or date-time: the gold's spelling of a moment.
_MOMENT = re.compile(r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:?\d{2})?)?|\d{2}:\d{2}(?::\d{2})?")


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
    facts: list[Fact] = []
    params: list[str] = []
    unsaid: list[str] = []
    defaults: list[str] = []
    for a in call.args:
        f = fact(a, tool, req.target.time, rng, _feeding_step(req, i, a.param))
        if f is not None:
            facts.append(f)
            params.append(a.param)
        elif a.mode == "omitted":
            (defaults if a.source == "default" else unsaid).append(noun(a.param, tool))
    return CallTask(number=i + 1, action=action(tool), description=description(tool),
                    facts=distinct_labels(facts, params, tool), unsaid=list(dict.fromkeys(unsaid)),
                    defaults=list(dict.fromkeys(defaults)))


def distinct_labels(facts: list[Fact], params: list[str], tool: Tool | None) -> list[Fact]:
    """Facts of one call that share a label ("folder" for `source_folder` and `target_folder`)
    say which parameter each is: the parameter's name in words ("source folder", "target
    folder"), else its description, else the label numbered."""
    counts: dict[str, int] = {}
    for f in facts:
        counts[f.param] = counts.get(f.param, 0) + 1
    out = []
    for n, (f, param) in enumerate(zip(facts, params, strict=True), 1):
        if counts[f.param] < 2:
            out.append(f)
            continue
        named = words(param)
        twins = [words(p) for g, p in zip(facts, params, strict=True) if g.param == f.param]
        abouts = [g.about for g in facts if g.param == f.param]
        label = named if twins.count(named) == 1 else f"{f.param} ({f.about})" \
            if f.about and abouts.count(f.about) == 1 else f"{f.param} {n}"
        out.append(f.model_copy(update={"param": label}))
    return out


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
