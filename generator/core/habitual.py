"""Which parameters a person can have a habit for, from the schema and descriptions alone.

A habit is a preference or a standing choice: the usual room, courier, report format, search
filter, the colleague who signs. A person has no habit for what each event brings with it:

- `created`: the identity of a thing made once ("register an acquisition": its title, its maker,
  its source; "create a playlist": its name);
- `acted_on`: the id of a one-off object a write acts on (the treatment closed, the batch
  recalled, the loan a crate is ordered for) -- ids of standing things (a staff badge, a room, a
  balance, an account) stay habits;
- `measured`: what a record/log call records or a result found (a reading, a count, a colony
  count, the condition found, an outcome);
- `event_text`: free text about one event (notes, comments, a justification, a message).

Synthetic histories draw such values fresh at every event (generator.personas), and the planner
hints only habitual values ("the same room as last time", never "the same colony count as last
time": generator.core.habits). The signals are a tool's verb (its api name, else the first word of
its description), a parameter's name words and its description; nothing is keyed to a catalog.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from ..records import Tool
from .values import is_temporal

Kind = Literal["habit", "created", "acted_on", "measured", "event_text"]
Action = Literal["read", "create", "record", "write"]

# A tool's verb -> what it does. Read tools only filter and look up: every value is a habit.
VERBS: dict[str, Action] = {
    **dict.fromkeys(("get", "list", "search", "find", "lookup", "look", "check", "view", "show", "fetch",
                     "retrieve", "browse", "query", "read", "filter", "track", "compare", "estimate",
                     "calculate", "preview", "explore", "locate", "discover", "recommend", "suggest",
                     "describe", "count", "download", "export", "watch", "monitor"), "read"),
    **dict.fromkeys(("create", "register", "add", "new", "open", "start", "file", "submit", "draft",
                     "compose", "write", "publish", "upload", "make", "generate", "enroll", "initiate",
                     "propose", "raise", "issue", "accession"), "create"),
    **dict.fromkeys(("record", "log", "enter", "measure", "report", "capture", "observe", "document",
                     "weigh", "sample", "inspect", "test", "survey", "examine", "assess", "grade",
                     "score", "rate", "review"), "record"),
}
# Name words of a measurement, observation or finding (any write tool).
OBSERVED = frozenset({"measured", "measurement", "measurements", "observed", "observation", "actual",
                      "reading", "readings", "result", "results", "finding", "findings", "found", "detected",
                      "condition", "outcome", "decision", "verdict", "cfu", "dimensions", "spent", "elapsed"})
# Name words of a sensor quantity: recorded by a record call, a setting elsewhere (a thermostat's
# temperature is a preference).
SENSED = frozenset({"temperature", "humidity", "pressure", "particles", "lux", "uv", "ph", "weight",
                    "level", "reading", "concentration", "rh"})
# A number a record call carries is what was recorded, unless it is a setting of the call.
SETTING = frozenset({"limit", "max", "min", "threshold", "page", "offset", "version", "priority", "within",
                     "top"})
# Name words of a planned length of an activity: a routine a person repeats ("log my usual 30-minute
# run"), not a reading taken -- unless its description says it was measured.
ROUTINE = frozenset({"duration", "minutes", "mins", "hours", "length", "reps", "sets", "laps"})
# Name words of the identity of a newly made thing.
IDENTITY = frozenset({"title", "name", "subject", "caption", "headline", "maker", "author", "artist",
                      "creator", "source", "donor", "vendor"})
# Free text about one event.
EVENT_TEXT = frozenset({"note", "notes", "comment", "comments", "description", "message", "text", "body",
                        "justification", "statement", "details", "summary", "remarks", "explanation",
                        "memo", "reason"})
# Name words of an identifier.
# (A licence plate or a VIN names the one vehicle a tow or a clamp acts on: towed once, not weekly.)
# (A barcode labels one item: an item destroyed or released once, not every week; set 43.)
ID_WORDS = frozenset({"id", "ids", "number", "numbers", "no", "num", "ref", "reference", "uuid", "accession", "plate",
                      "vin", "barcode", "barcodes"})
# Things a person keeps using: themselves and colleagues, places, equipment, accounts, formats.
STANDING = frozenset({"staff", "user", "employee", "badge", "member", "customer", "client", "contact",
                      "recipient", "sender", "owner", "payee", "beneficiary", "account", "card", "wallet", "phone", "store",
                      "shop", "restaurant", "merchant", "vendor", "supplier", "carrier", "courier", "driver",
                      "room", "location", "site", "warehouse", "branch", "station", "office", "venue",
                      "device", "equipment", "printer", "balance", "instrument", "logger", "scale", "vehicle",
                      "team", "department", "project", "channel", "group", "organization", "org", "company",
                      "template", "profile", "formula", "recipe", "product", "sku", "plan", "playlist",
                      "pharmacist", "compounder", "technician", "operator", "handler", "examiner",
                      "conservator", "appraiser", "approver", "inspector", "doctor", "physician", "provider",
                      "clinic", "hospital", "pharmacy", "agent", "author", "routing", "tax", "license", "hotel",
                      "gym", "class", "course", "salon", "airline"})
_SPLIT = re.compile(r"[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])")


def words(text: str) -> list[str]:
    return [w.lower() for w in _SPLIT.split(text) if w]


def action(tool: Tool) -> Action:
    """What `tool` does, from the first verb of its api name; a name without one (or with a
    plain write verb: close, set, order) takes the first word of its description when that is a
    create or record verb ("set_valuation: Record a new valuation" records)."""
    said = words(tool.api or tool.name)
    if said and said[0] not in VERBS and "VERB" in _lemmas(said[0]):  # `cancel_herd_check` cancels: no "check"
        said = []  # reads (set 31: one visit cancelled every week of a history)
    named = next((VERBS[w] for w in said if w in VERBS), None)
    if named == "read":
        return "read"
    lead = words(tool.description)[:1]
    described = VERBS.get(lead[0]) if lead else None
    if named is None and described == "read":
        return "read"
    return named or (described if described in ("create", "record") else "write")


def _lemmas(word: str) -> set[str]:
    from ..phrasebook.lexicon import lemmas  # the phrasebook reads this module's kinds

    return set(lemmas(word))


def _spec(tool: Tool, param: str) -> dict[str, Any]:
    spec = tool.properties.get(param)
    return spec if isinstance(spec, dict) else {}


def _free_text(spec: dict[str, Any]) -> bool:
    return spec.get("type") == "string" and not any(k in spec for k in ("enum", "format", "pattern", "const"))


def _identifier(name: list[str]) -> bool:
    return name[-1] in ID_WORDS or name[-1] == "serial"


def _recorded(name: list[str], spec: dict[str, Any]) -> bool:
    """What a record call records: a sensor quantity, a value its description calls measured or a
    result, or any number that is not a setting of the call."""
    described = set(words(str(spec.get("description", ""))))
    number = spec.get("type") in ("number", "integer") and not set(name) & (SETTING | ROUTINE)
    return bool(set(name) & SENSED or described & {"measured", "observed", "actual", "result"} or number)


def _over_a_period(spec: dict[str, Any]) -> bool:
    """A figure a report records over a period ("Highest turbidity reading of the month", "95th
    percentile ... for the month"): that month's, never "the one I usually go with" (set 26)."""
    from ..phrasebook.terms import is_statistic

    return spec.get("type") in ("number", "integer") and is_statistic(str(spec.get("description") or ""))


def value_kind(tool: Tool, param: str) -> Kind:
    """Why a person would or would not repeat `param`'s value across calls of `tool` ("habit")."""
    act = action(tool)
    spec = _spec(tool, param)
    name = words(param)
    if act == "read" or spec.get("type") == "boolean" or not name or is_temporal(param, spec) is not None:
        return "habit"
    if _identifier(name):
        return "habit" if set(name) & STANDING else "acted_on"
    if set(name) & OBSERVED or act == "record" and _recorded(name, spec) or _over_a_period(spec):
        return "measured"
    if act == "create" and set(name) & IDENTITY and not set(name) & (STANDING - IDENTITY):
        return "created"
    if set(name) & EVENT_TEXT and _free_text(spec):
        return "event_text"
    return "habit"


def habitual(tool: Tool, param: str) -> bool:
    """Whether a person could have a habit for `param` of `tool` (a preference or standing choice):
    only such values repeat in a synthetic history and may be hinted as "last time" / "usual"."""
    return value_kind(tool, param) == "habit"


def pointable(tool: Tool, param: str) -> bool:
    """Whether a hint may point at one earlier event for `param` ("the same accession as my treatment
    request yesterday"): a habit, or the object acted on, which an earlier call of another function
    brought up; never a measurement, a new thing's identity or an event's own text ("the same
    condition as my report on Friday" gives no reason to find that condition again)."""
    return value_kind(tool, param) in ("habit", "acted_on")
