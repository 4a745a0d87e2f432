"""The tool graph: which tool's output can feed which other tool's parameter.

Three sources, merged in this order (the first edge for a producer/consumer pair wins):
1. `catalog`: TRAJECT-Bench `connected tools` (already on `Tool.edges` from the reader);
   consumer names are matched whitespace-insensitively.
2. `inferred` (documented heuristic, `infer_params`): producer P feeds consumer C's param q when
   P and C are distinct tools of the same domain with different API names (playing music on one
   app never "feeds" playing music on another) and either
   - **id -> id** (preferred): q is an identifier (`<x>_id`, `<x>Id`, or a bare `id` whose
     subject `<x>` comes from C's API name), P's output lists `<x>_id` (or says "<x> id"),
     P does not take q itself (an echoed input is no source), P and C belong to the same app
     (ids are app-scoped: a Dishdash restaurant_id means nothing to Tablely), and when q's
     description names an API of that app ("Order identifier from place_order"), P is that
     API; or
   - **data -> lookup** (from a P whose output the catalog does not describe, only a name or
     title of the same subject: other fields inferred from a name are guesses, a melody
     generator's "artist" feeds no sculpture lookup): C is a lookup (its API verb is
     search/find/get/list/check/track/...),
     q is not user-owned (see below), and P's output lists the value: the field q itself
     (`artist` -> `artist`), or `<x>_<attr>` fed by a P that lists `<x>_id` and `<attr>`
     (`movie_title` <- a movie search's `title`), where a bare `title`/`name` needs the same
     subject on both sides (an event's title is not a movie title).
3. `llm` (optional, `llm_edges: true`): edges proposed by the model (task `propose_edges`),
   each checked against the catalog before it is kept; see `propose.py`.

Whatever the source, only *bindable* params survive (`bindable`): string/number params, not
enums or flags, not paging/format controls, and never **user-owned** values -- what the user
decides or authors (addresses, contacts, recipients, message text, amounts and prices, dates
and times, party sizes, quantities, min/max filters...). Nor a param that only *echoes* a
required input of the producer (`echoed`: a domain check told `domain` feeding another lookup
of that `domain`), whose value the query states for the first call anyway. An edge left with
no bindable param is dropped, so every edge of a chain carries a real binding. `source_field` names the field
of P's output that holds the value (a restaurant search's `restaurant_id`, a movie's `title`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, TypeVar, cast

from ..core import semantic
from ..core.lore import entity_keys
from ..core.values import is_temporal
from ..records import Edge, Tool
from .shapes import (
    GETTER_VERBS,
    LOOKUP_VERBS,
    inferred_collection,
    inferred_fields,
    not_yet,
    subject_of,
    undoes,
)

# Parameters that control paging or presentation rather than carry data between calls.
CONTROL_PARAMS = frozenset(
    {
        "limit",
        "page",
        "offset",
        "count",
        "size",
        "format",
        "lang",
        "language",
        "locale",
        "sort",
        "order",
        "sort_by",
        "order_by",
        "callback",
        "fields",
        "per_page",
        "page_size",
        "currency",
        "units",
        "unit",
        "timezone",
        "region",
        "country",
        "max_results",
        "start",
        "end",
        "type",
        "status",
        "state",
    }
)
# Name words of values the user decides or authors; a previous output never chooses them
# (the reviewer's case: a delivery address bound to the restaurant's address).
USER_OWNED = frozenset(
    [
        "address",
        "contact",
        "recipient",
        "cc",
        "bcc",
        "message",
        "text",
        "body",
        "note",
        "notes",
        "comment",
        "content",
        "subject",
        "label",
        "reason",
        "request",
        "instructions",
        "amount",
        "price",
        "budget",
        "tip",
        "fee",
        "cost",
        "quantity",
        "tickets",
        "spots",
        "party",
        "size",
        "guests",
        "guest",
        "adults",
        "children",
        "kids",
        "passengers",
        "passenger",
        "names",
        "people",
        "email",
        "phone",
        "coupon",
        "password",
        "date",
        "time",
        "day",
        "days",
        "nights",
        "minutes",
        "hours",
        "duration",
        "calories",
        "payment",
        "min",
        "max",
        "rating",
        "stars",
        "card",
        "account",
        "seat",
        "seats",
    ]
)
# API verbs of lookups: only they take a plain data value (an artist, a movie title) from an
# earlier output; actions (order, book, send, create) take ids from it, never free data.
READ_VERBS = frozenset(
    [
        "search",
        "find",
        "get",
        "list",
        "lookup",
        "look",
        "check",
        "track",
        "fetch",
        "show",
        "browse",
        "query",
        "view",
        "read",
    ]
)
# Attributes a `<subject>_<attr>` param reads from an output that lists `<subject>_id`.
SUBJECT_ATTRS = ("title", "name")
_WS = re.compile(r"\s+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
# a quoted field name has a lower-case letter: 'ATL' or 'PT0482913' quoted is an example value (set 30)
_QUOTED = re.compile(r"""['"`]((?=[A-Z0-9_]*[a-z])[A-Za-z_][A-Za-z0-9_]{1,30})['"`]""")
_SNAKE = re.compile(r"\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b")
_LIST_SPLIT = re.compile(r",\s*|\s+and\s+")
MAX_FIELDS = 8
T = TypeVar("T")


def squash(name: str) -> str:
    """Whitespace-insensitive tool-name key (upstream names differ by doubled spaces)."""
    return _WS.sub(" ", name).strip().lower()


def words(text: str) -> str:
    """Output text as space-separated lowercase words (snake_case and camelCase split)."""
    text = _CAMEL.sub(" ", text or "")
    return " " + _WS.sub(" ", re.sub(r"[^a-z0-9]+", " ", text.lower())).strip() + " "


@lru_cache(maxsize=65536)
def param_words(param: str) -> str:
    return words(param).strip()


def is_id_param(param: str) -> bool:
    """An identifier: `<x>_id`, or the number or barcode a trade names its things by (a work
    order number, an OCLC number, a transaction number, a patron barcode: set 23), never a phone's,
    a card's or a page's number."""
    w = param_words(param).split()
    if not w:
        return False
    return w[-1] == "id" or len(w) >= 2 and singular(w[-1]) in _KEY_NOUNS and not set(w) & _NOT_KEYS


_KEY_NOUNS = frozenset({"number", "no", "num", "barcode"})
_NOT_KEYS = frozenset({"phone", "telephone", "mobile", "fax", "cell", "house", "street", "page", "pages", "card",
                       "pin", "apartment", "suite", "floor", "building", "po", "box", "zip", "postal", "version",
                       "line", "lines", "of", "total"})


def id_subject(field: str) -> str:
    """What an identifier names, singular ("work order" of `work_order_number`, "oclc" of
    `oclc_numbers`)."""
    return " ".join(singular(w) for w in param_words(field).split()[:-1])


def singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "ches", "shes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") and len(word) > 3 else word


# ---------------------------------------------------------------- what an output lists


def _sentence(tool: Tool) -> tuple[str, str]:
    """(collection phrase, field enumeration) of the first sentence of the output description,
    or of the tool description's "Returns ..." clause when the catalog has no output description:
    "matching restaurants with restaurant_id, name and rating." -> ("matching restaurants", ...)."""
    first = (tool.output or "").strip().split("\n", 1)[0].split(". ", 1)[0].rstrip(".")
    if not first:
        first = returns_clause(tool.description)
    head, sep, tail = first.partition(" with ")
    return (head, tail) if sep else ("", first)


# "Returns the matching productions, each with ...", "...; returns a reservation_id and ...",
# "Get one production's details: title, stage, director and wrap date."
# (a sentence that starts "Return ..." says what comes back; "return to service" inside one does not)
_RETURNS = re.compile(r"(?:(?:^|[.;]\s+)(?:it\s+)?returns?|\s(?:it\s+)?returns)\s+(.+?)(?:\.\s|\.$|;|$)",
                      re.IGNORECASE)
_COLON = re.compile(r"^[^:.;]{3,80}:\s*([^:]+?)\.?$")
# "(e.g. 'Q-7730415')" ends no sentence (set 30: "Returns a quote_id (e.g." read as the whole output)
_ABBREVIATED = re.compile(r"\b(?:e\.g\.|i\.e\.|etc\.|vs\.|approx\.)", re.IGNORECASE)


def returns_clause(description: str) -> str:
    """What a tool description says the call returns ("" when it does not say): the object of
    its "returns" clause, or an enumeration after a colon in its first sentence."""
    text = _ABBREVIATED.sub(lambda m: m[0].replace(".", ""), re.sub(r"\s+", " ", description or "").strip())
    m = _RETURNS.search(text)
    if m:  # "Returns exam_id, to which gas readings ... are attached", "Returns hazard_id, e.g. 'HZ-...'":
        said = _EXAMPLE_ASIDE.sub("", m[1])  # the id, never `to` nor `eg_hz_2025_0312` (set 45)
        return _NOT_FIELDS.split(said, maxsplit=1)[0].strip()
    first = text.split(". ", 1)[0]
    c = _COLON.match(first) if first.split(" ", 1)[0].lower() not in _ACTING_VERBS else None  # "Record the inspection
    return c[1].strip() if c and len(_LIST_SPLIT.split(c[1])) >= 2 else ""  # ...: seal and case intact" lists checks


# An example in parentheses, and what ends a returns clause's list: a bare example, a relative clause.
_EXAMPLE_ASIDE = re.compile(r"\s*\([^()]*\beg\b[^()]*\)")
_NOT_FIELDS = re.compile(r",?\s*\beg\b|,\s*(?:to |in |on |by |for |from )?(?:which|whom|where)\b|,\s*used (?:by|for|in)\b")
# First words of a description that acts: its colon lists what the act checks or needs, never what comes back.
_ACTING_VERBS = frozenset({"record", "log", "create", "add", "register", "submit", "file", "enter", "schedule", "book",
                           "place", "assign", "close", "open", "start", "complete", "update", "set", "cancel", "issue"})


def _field(item: str) -> str:
    """The field an enumeration item names: a quoted name ("its new 'status'"), a snake_case
    name, else its words without articles and possessives ("the permit status"), without what
    says its form or its use ("the 9-digit PRO number that tracks the freight": pro_number;
    "the examiner's name": examiner_name; set 30)."""
    named = _QUOTED.findall(item) or _SNAKE.findall(item)
    if named:
        return named[-1]
    item = _EACH_ITS.sub("", item.lower())
    item = _STATUS_SAID.sub(lambda m: m[0].split()[0], item)  # "status requested": the status field
    item = "status" if _AS_DONE.match(item) else re.sub(r"^any ", "", item)  # "the order as completed"; "any delay charge"
    item = re.sub(r"^((a|an|the|its|their|his|her|new|each)\s+)+", "", item)
    trimmed = _TRAILING.sub("", item)
    if trimmed.split() and trimmed.split()[-1] not in _WH:  # "where to stream" is a field whole
        item = trimmed
    item = _FORM_OF.sub("", item).replace("'s ", " ").replace("s' ", "s ")
    return re.sub(r"[^a-z0-9]+", "_", item).strip("_")


_WH = frozenset({"where", "what", "how", "when", "who", "which", "whether", "why"})
_EACH_ITS = re.compile(r"^(?:for |of )?(?:each|every) [a-z]+(?: [a-z]+)? (?:its|their) ")
# what follows an item's noun and says what it is for or when it comes ("that tracks ...",
# "valid for 24 hours", "computed from pH ...", "to print on the labels", "once collected")
_TRAILING = re.compile(r"\s+(?:that|which|who|whose|valid|computed|calculated|derived|sent|used|shown|printed|"
                       r"to|once|when|if|for|in which|where)\b.*$")
_FORM_OF = re.compile(r"^(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)[- ](?:digit|letter|character|"
                      r"char)\s+")
# a condition set between commas inside an enumeration ("a rejection id and, when a recollection is
# requested, the new order_id"): no item of it
_ASIDE = re.compile(r",\s*(?:when|once|if|where|unless|after|before)\b[^,]*,\s*", re.IGNORECASE)


def _listed(tail: str) -> list[str]:
    """Fields of a short enumeration ("ride_id, driver name, car plate and fare"); [] for prose.
    An enumeration that quotes its names ("'sensor_id', 'pressure_psi' and 'recorded_at'
    timestamp, nearest first") is read by its quoted names only. Asides in parentheses are no
    items ("AD numbers (YYYY-NN-NN), subject"), nor what comes before a colon ("the shop's record
    for one aircraft: make, model, ..."); one short item is a field ("the squawk id (SQ-NNNNNN)");
    an item of a long prose is skipped when most items are short (set 23)."""
    tail = _INPUTS.split(tail, maxsplit=1)[0]  # "the LSI computed from pH, alkalinity, ...": one field
    quoted = _QUOTED.findall(_PAREN.sub("", tail))
    if len(quoted) >= 2:
        return list(dict.fromkeys(quoted))
    tail = _ASIDE.sub(" ", _PAREN.sub("", tail))
    tail = tail.split(":", 1)[1] if ":" in tail else tail
    items = [i.strip() for i in _LIST_SPLIT.split(tail) if i.strip()]
    short = [i for i in items if len(_field(i).split("_")) <= 4]
    if len(items) == 1 and short and _ONE_FIELD.search(_field(short[0]).replace("_", " ")):
        return [_field(short[0])]
    if len(items) < 2 or len(short) < 2 or 2 * len(short) < len(items) + 1:
        return []
    return [_field(i) for i in _shared_noun(short)]


_PAREN = re.compile(r"\s*\([^()]*\)")
# One thing returned by its identifier: "the new work order number", "the squawk id", "a request id".
_ONE_FIELD = re.compile(r"\b(?:id|ids|number|numbers|no|barcode|code|reference|url|link)$", re.IGNORECASE)
_INPUTS = re.compile(r"\s(?:computed|calculated|derived|worked out) from\b|\sbased on\b", re.IGNORECASE)


def _shared_noun(items: list[str]) -> list[str]:
    """Split a shared noun: "departure and arrival times" names two times: departure_time, arrival_time."""
    out = list(items)
    for i in range(len(out) - 1):
        nxt = out[i + 1].split()
        if len(out[i].split()) == 1 and len(nxt) == 2 and nxt[1] in ("times", "dates"):
            out[i], out[i + 1] = f"{out[i]} {nxt[1][:-1]}", f"{nxt[0]} {nxt[1][:-1]}"
    return out


def output_fields(tool: Tool) -> list[str]:
    """Field names the output description lists, in order (at most MAX_FIELDS): the items of a
    short enumeration, else quoted names and snake_case identifiers of the prose; a tool
    without an output description gets the fields its name implies (generator.traject.shapes)."""
    return list(_output_fields(tool.name, tool.api, tool.output or "", tool.description, tuple(tool.required)))


@lru_cache(maxsize=65536)
def _output_fields(name: str, api: str, output: str, description: str, required: tuple[str, ...]) -> tuple[str, ...]:
    # graphs over large catalogs ask this for every producer/consumer pair: cached by content
    tool = Tool(name=name, app="", api=api, domain="", output=output or None, description=description,
                parameters={"type": "object", "properties": {r: {} for r in required}, "required": list(required)})
    text = output if output.strip() else returns_clause(description)
    if not text:
        return tuple(inferred_fields(tool)[:MAX_FIELDS])
    head, tail = _sentence(tool)
    listed = _listed(tail)
    if not listed and head and _listed(head):  # "INN, formulations and strengths, ... with the listed adverse
        listed, head = _listed(head), ""  # reactions of each": the enumeration is before its "with" (set 36: a
    lead = _field(_PAREN.sub("", head)) if head else ""  # drug product read as "wireless earbuds", price 173.28)
    if listed and is_id_param(lead):  # "OCLC numbers with title, author, ...": the numbers too
        listed = [lead, *listed]
    seen: list[str] = []
    for field in listed or _QUOTED.findall(_PAREN.sub("", text)) + _SNAKE.findall(text):
        field = re.sub(r"^(?:and|or)_(?=[a-z])", "", field or "")  # "..., and flags for readings above": `flags`,
        if field and field not in seen and field not in ("and", "or"):  # never `and_flags` (set 40)
            seen.append(field)
    return tuple(seen[:MAX_FIELDS])


# "flag (L, H, LL or HH for critical)", "status (preliminary, final or corrected)": a field and
# the values it takes
_FIELD_VALUES = re.compile(r"\b([a-z][a-z_]*(?: [a-z_]+)?) \(([^()]{3,120})\)")


def listed_values(tool: Tool) -> dict[str, list[str]]:
    """The values the returns clause lists for an output field in parentheses, by field (set 30:
    a lab result's flag drawn as "Albania" where the prose says L, H, LL or HH)."""
    return dict(_listed_values((tool.output or "").strip() or returns_clause(tool.description)))


@lru_cache(maxsize=8192)
def _listed_values(text: str) -> tuple[tuple[str, list[str]], ...]:  # read once per prose, not per simulated call
    out: dict[str, list[str]] = {}
    for m in _FIELD_VALUES.finditer(text):
        if re.search(r"\be\.?g\b|\bfor example\b|\bsuch as\b|'s\b", m[2]):
            continue  # examples of a form, never the values
        items = [re.split(r"\s+(?:for|when|if|as)\b", i.strip(), maxsplit=1)[0].strip(" .'\"`")
                 for i in re.split(r",\s*(?:or\s+)?|\s+or\s+", m[2])]
        items = [i for i in items if i and len(i.split()) <= 3]
        if len(items) >= 2:
            out[_field(m[1].split()[-1])] = items
    for m in [*_STATUS_SAID.finditer(text), *_AS_DONE.finditer(text)]:  # "Returns the order number and status
        out.setdefault("status", [m[1]])  # requested", "the order as completed" (set 38: "out for delivery")
    return tuple(out.items())


# The record returned in the state the call left it: "Returns the order as completed".
_AS_DONE = re.compile(r"(?:^|\breturns? )(?:the |its )?[a-z]+ as ([a-z]+ed)\b", re.IGNORECASE)
# A status the returns clause gives its value: "and status requested", "with status cancelled".
_STATUS_SAID = re.compile(r"\b(?:status|state) ((?:[a-z]+ed|open|pending|active|draft|new|closed))\b(?!\s+(?:by|to|on|at)\b)")


# "Returns the updated appointment": the record the call changed, as the call left it
_CHANGED_RECORD = re.compile(r"^(?:the |an? |its )?(?:updated|changed|modified|revised|amended|rescheduled|corrected|"
                             r"moved) [a-z][a-z ]{1,40}$", re.IGNORECASE)


def record_returned(tool: Tool) -> bool:
    """Whether the tool says it returns the record it changed, as changed: its output is the
    call's own values, never a topic's fields (set 30: a rescheduled appointment came back as an
    event with another date and a city)."""
    text = (tool.output or "").strip() or returns_clause(tool.description)
    return bool(_CHANGED_RECORD.match(text.rstrip(". ")))


def collection(tool: Tool) -> str:
    """The plural noun an output lists its rows under ("restaurants"), "" for a single object."""
    described = (tool.output or "").strip() or returns_clause(tool.description)
    if not described:
        return inferred_collection(tool)
    head = [w for w in param_words(_sentence(tool)[0]).split() if w not in ("each", "all", "its", "their")]
    if head and singular(head[-1]) != head[-1]:
        return head[-1]
    return _listed_under(described)


# "a 'hydrants' key holding an array", "a 'readings' array", "A list of sensors", "returns the
# hydrants matching ...": where a prose output description says its results are listed.
_KEYED = re.compile(r"['\"`]([A-Za-z_][A-Za-z0-9_]*)['\"`]\s+(?:key\s+)?(?:(?:holding|containing|with|that is|is)\s+)?"
                    r"(?:an?\s+)?(?:array|list)", re.IGNORECASE)
_LIST_OF = re.compile(r"\b(?:an?\s+)?(?:list|array)\s+of\s+(?:the\s+)?([a-z]+)", re.IGNORECASE)
_RETURNS_PLURAL = re.compile(r"\breturns\s+(?:the|all)\s+([a-z]+s)\b", re.IGNORECASE)


def _listed_under(text: str) -> str:
    """The name a prose output description lists its results under ("" when it lists none)."""
    for pattern in (_KEYED, _LIST_OF, _RETURNS_PLURAL):
        m = pattern.search(text)
        if m and singular(m[1].lower()) != m[1].lower() or m and pattern is _KEYED:
            return m[1]
    return ""


def subject(tool: Tool) -> str:
    """What a tool is about: `<x>` of the first `<x>_id` its output lists, else its API's noun."""
    ids = [f for f in output_fields(tool) if is_id_param(f) and param_words(f) != "id"]
    if ids:
        return " ".join(param_words(ids[0]).split()[:-1])
    api = param_words(tool.api).split()
    return (subject_of(tool) or singular(api[-1])) if len(api) > 1 else ""


# ---------------------------------------------------------------- which params may be bound


def feedable(tool: Tool, param: str) -> bool:
    """Whether a param's type allows binding it to an earlier call's output at all."""
    spec = tool.properties.get(param) or {}
    if "enum" in spec or spec.get("type") in ("boolean", "array", "object"):
        return False
    return spec.get("type", "string") in ("string", "integer", "number")


def user_owned(tool: Tool, param: str) -> bool:
    """Values the user decides or authors (USER_OWNED words, dates and clock times)."""
    if is_id_param(param):
        return False
    if set(param_words(param).split()) & USER_OWNED:
        return True
    return is_temporal(param, tool.properties.get(param) or {}) is not None


def bindable(tool: Tool, param: str) -> bool:
    """Whether any edge may bind `param` of `tool` (applied to every edge source)."""
    if param not in tool.properties or param.lower() in CONTROL_PARAMS:
        return False
    return feedable(tool, param) and not user_owned(tool, param)


def verb(tool: Tool) -> str:
    """The first word of the API name ("search" for search_restaurant)."""
    api = param_words(tool.api).split()
    return api[0] if api else ""


def _id_subject(consumer: Tool, param: str) -> str:
    sub = id_subject(param)
    if sub:
        return sub
    api = param_words(consumer.api).split()
    return singular(api[-1]) if api else ""


def _named_api(producer: Tool, consumer: Tool, param: str, siblings: Iterable[Tool]) -> bool:
    """False when the param's description names another API of the app ("from place_order")."""
    text = words(str((consumer.properties.get(param) or {}).get("description", "")))
    named = {t.api for t in siblings if t.app == consumer.app and f" {param_words(t.api)} " in text}
    return not named or producer.api in named


def id_source(producer: Tool, consumer: Tool, param: str, siblings: Iterable[Tool] = ()) -> str:
    """The producer's output field feeding id param `param` ("" when the id rule does not hold)."""
    if producer.app != consumer.app or param in producer.properties:
        return ""
    sub = _id_subject(consumer, param)
    field = "_".join(sub.split() + ["id"])
    listed = field in output_fields(producer) or f" {sub} id " in words(producer.output or "")
    if sub and _found_by_getter(producer, param, siblings):
        field, listed = param, True
    elif not param_words(param).endswith("id") and not described(producer):
        return ""  # a number or barcode is read only from an output the catalog describes, never a guessed one
    if sub and not listed:  # a work order number for a work_order_id, OCLC numbers for an oclc_number
        field = next((f for f in output_fields(producer) if is_id_param(f) and id_subject(f) == sub), "")
        listed = bool(field)
    if not sub or not listed or _searched_once_made(producer, consumer):
        return ""
    return field if _named_api(producer, consumer, param, siblings) else ""


_MAKING = frozenset({"create", "add", "register", "open", "new", "enroll", "file", "book", "submit", "log", "record"})


def _searched_once_made(producer: Tool, consumer: Tool) -> bool:
    """A record just made is never searched for by its new id: the maker said it (set 30:
    "register a new patient ... then find the patient with the id you get from that")."""
    return verb(consumer) in LOOKUP_VERBS and verb(producer) in _MAKING and subject(producer) == subject(consumer)


def _found_by_getter(producer: Tool, param: str, siblings: Iterable[Tool]) -> bool:
    """Whether a search whose output the catalog does not describe finds things of the kind a
    sibling getter looks up by `param` alone: "search requests" beside "get_request(transaction_number)"
    finds transaction numbers (set 23: no chain from the queue a loan office searches)."""
    if described(producer) or verb(producer) not in READ_VERBS:
        return False
    return any(t.app == producer.app and t.domain == producer.domain and t.name != producer.name
               and verb(t) in GETTER_VERBS and list(t.required) == [param] and subject(t) == subject(producer)
               for t in siblings)


def data_source(producer: Tool, consumer: Tool, param: str) -> str:
    """The producer's output field feeding data param `param` of a lookup ("" when none)."""
    if verb(consumer) not in READ_VERBS:
        return ""
    fields, w = output_fields(producer), param_words(param).split()
    if w and w[-1] in SUBJECT_ATTRS and subject(producer) == subject(consumer) and verb(producer) in GETTER_VERBS:
        return ""  # a client looked up, then searched for again by its own name (set 26)
    if param in fields and (w[-1] not in SUBJECT_ATTRS or subject(producer) == subject(consumer)):
        return param
    sub, attr = "_".join(w[:-1]), w[-1] if w else ""
    if sub and attr in SUBJECT_ATTRS and f"{sub}_id" in fields and attr in fields:
        return attr
    return ""


# What may be carried from one call's output to another's input besides ids: the user's own
# words and quantities never (AUTHORED), places, names, titles and dates when the output holds them.
AUTHORED = USER_OWNED - {"address", "contact", "recipient", "names", "date", "time", "day"}
CARRIED_KINDS = frozenset({"city", "place", "address", "person", "artist", "title_work", "company", "product",
                           "restaurant", "hotel", "room", "country", "country_code", "ticker", "food"})


def value_bindable(tool: Tool, param: str) -> bool:
    """Whether a value edge (`value_source`) may bind `param`: bindable, or a place, name or
    date the user did not author."""
    if param not in tool.properties or param.lower() in CONTROL_PARAMS or not feedable(tool, param):
        return False
    return not set(param_words(param).split()) & AUTHORED


def value_source(producer: Tool, consumer: Tool, param: str) -> str:
    """The producer's output field feeding a name, place, title or date `param` of a lookup or
    getter of the same app (across apps, titles and times are too often another thing's: an
    event's title is no movie title): a field of the same name, or of the same semantic kind
    (a city for a city); "" when none."""
    if producer.app != consumer.app or param in producer.properties or not value_bindable(consumer, param):
        return ""
    if verb(consumer) not in READ_VERBS | GETTER_VERBS:
        return ""  # an action is told what to do by the user; only ids come from earlier output
    if subject(producer) == subject(consumer) and verb(producer) in GETTER_VERBS:
        return ""  # the thing just looked up, searched for again by its own name (set 26)
    fields = [f for f in output_fields(producer) if not is_id_param(f)]
    if param in fields:  # a bare "name" is the producer's own thing's: another's (a linguist's name as a client's,
        return "" if param in SUBJECT_ATTRS else param  # set 26), or the same one's looked up again by its name
    spec = consumer.properties.get(param) or {}
    kind = semantic.infer(param, spec)
    if kind not in CARRIED_KINDS or spec.get("format") or is_temporal(param, spec):
        return ""  # a date (a `collected_to` read as a person: set 26), e-mail or uri param reads only a field of its own name
    return next((f for f in fields if semantic.infer(f, {"type": "string"}) == kind and (
        kind not in _BROAD_CARRIED or set(param_words(f).split()) & set(param_words(param).split()))), "")


# Kinds too broad for a field of the kind alone to feed a parameter: a diver's base is no project's
# water body, nor a dive log's decompression stops (set 26); a field sharing a word of the name may.
_BROAD_CARRIED = frozenset({"place", "person"})


Candidates = tuple[list[str], list[str], list[str]]  # (id params, data params, value params)


def candidates(consumer: Tool) -> Candidates:
    """The consumer params any edge could bind, by rule (computed once per consumer)."""
    ids = [q for q in consumer.properties if is_id_param(q) and bindable(consumer, q)]
    data = [q for q in consumer.properties if not is_id_param(q) and bindable(consumer, q)]
    values = [q for q in consumer.properties if not is_id_param(q) and value_bindable(consumer, q)]
    return ids, data, values


def infer_params(producer: Tool, consumer: Tool, siblings: Iterable[Tool] = (),
                 cands: Candidates | None = None) -> list[str]:
    """Consumer params the producer's output can feed (the heuristic in the module doc),
    identifiers first."""
    if producer.name == consumer.name or producer.domain != consumer.domain:
        return []
    if producer.api == consumer.api or opposite_sides(producer, consumer) or _status_unmet(producer, consumer):
        return []
    ids, data, value_params = cands or candidates(consumer)
    found = [q for q in ids if id_source(producer, consumer, q, siblings)]
    if not described(producer):  # guessed fields: only the name of the same kind of thing
        return found + [q for q in data if param_words(q).split()[-1] in SUBJECT_ATTRS
                        and data_source(producer, consumer, q)]
    found += [q for q in data if data_source(producer, consumer, q)]
    values = [q for q in value_params if q not in found and value_source(producer, consumer, q)]
    return found + values


# A status a tool's input must be in ("Sign the physician interpretation of a scored study; the study must
# be in status 'scored'") and one a tool says it returns ("Returns the study with status 'scored'").
_MUST_BE_STATUS = re.compile(r"\bmust (?:be|have) (?:in )?(?:the )?(?:status|state) ['\"`](\w+)['\"`]", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _status_needed(description: str) -> str:
    m = _MUST_BE_STATUS.search(description)
    return m[1].lower() if m else ""


def _status_unmet(producer: Tool, consumer: Tool) -> bool:
    """Whether the consumer needs its record in a status the producer, a tool that acts, does not say
    it leaves it in (set 46: a study signed as interpreted right after it was booked; only the scoring
    tool "returns the study with status 'scored'"). A lookup may find a record in any status."""
    needed = _status_needed(consumer.description)
    if not needed or verb(producer) in READ_VERBS:
        return False
    return re.search(rf"['\"`]{re.escape(needed)}['\"`]", f"{producer.description} {producer.output or ''}",
                     re.IGNORECASE) is None


# Two sides of one trade that name different things by the same ids: a library's borrowing request is
# not the lending request it answers or ships (set 23: every chain began with a borrowing request and
# went on to ship it as one of our loans).
_SIDES = (("borrowing", "lending"), ("borrow", "lend"), ("inbound", "outbound"), ("incoming", "outgoing"),
          ("purchase", "sale"), ("buy", "sell"), ("import", "export"), ("payable", "receivable"),
          ("debit", "credit"))


def opposite_sides(producer: Tool, consumer: Tool) -> bool:
    """Whether the two tools' names speak of opposite sides of a trade (borrowing and lending)."""
    mine, theirs = set(param_words(producer.name).split()), set(param_words(consumer.name).split())
    return any(a in mine and b in theirs or b in mine and a in theirs for a, b in _SIDES)


def described(tool: Tool) -> bool:
    """Whether the catalog says what the tool returns (an output description, or a "Returns
    ..." clause in its description) rather than trajgen inferring it from the name."""
    return bool((tool.output or "").strip() or returns_clause(tool.description))


def source_field(producer: Tool, consumer: Tool, param: str) -> str:
    """Where in the producer's output a bound value sits (the param's own name when neither
    rule explains the edge, e.g. a catalog or LLM edge)."""
    if is_id_param(param) or param_words(param).split()[-1:] == ["ids"]:
        return _id_field(producer, consumer, param)
    return data_source(producer, consumer, param) or value_source(producer, consumer, param) or param


def _id_field(producer: Tool, consumer: Tool, param: str) -> str:
    """The output field holding an identifier: the one of the param's entity that the output
    lists or its description names (a `conflict_submission_id` reads `submission_id`; the
    `reviewer_id` of a result is one of `reviewer_ids`), else the producer's own id when the
    output names no id of that entity (an `asset_id` is the `hydrant_id` a search found), else
    the param itself. Never another entity's id: a submission is not read from a `session_id`."""
    listed, text = output_fields(producer), words(producer.output or "")
    keys = [_id_subject(consumer, param), *entity_keys(param)] if is_id_param(param) else list(entity_keys(param))
    for key in dict.fromkeys(k for k in keys if k):
        field = "_".join(key.split() + ["id"])
        if field in listed or f" {key} id " in text:
            return field
    if param in listed:
        return param
    named_so = [f for f in listed if is_id_param(f) and id_subject(f) in keys]  # `work_order_number` listed
    if named_so:
        return named_so[0]
    own = [f for f in listed if is_id_param(f)]
    named = [f for f in own if f" {param_words(f)} " in f" {' '.join(keys)} "]
    return own[0] if own and not named and not _other_entity(producer, keys) else param


def _other_entity(producer: Tool, keys: list[str]) -> bool:
    """Whether the producer's output description speaks of the param's entity at all (then an
    id under another name is another entity's, not this one's)."""
    text = words(f"{producer.output or ''} {producer.description}")
    return any(f" {k} " in text for k in keys if k)


COORDINATES = ("latitude", "longitude")


def echo_arg(args: Iterable[str], field_name: str) -> str | None:
    """The argument an output field repeats: one of the same name, or the one coordinate of the
    same kind (a forecast asked for `latitude` reports it as `lat`)."""
    args = list(args)
    if field_name in args:
        return field_name
    if f"new_{field_name}" in args:  # the order "with the new time" a `new_time` set (set 38: '11:45')
        return f"new_{field_name}"
    keys = entity_keys(field_name) if is_id_param(field_name) else ()
    same_entity = [p for p in args if keys and entity_keys(p)[:1] == keys[:1]]  # car_id of the car_ids given
    if len(same_entity) == 1:
        return same_entity[0]
    if field_name in _KIND_FIELDS:  # a `type` of the systems listed by `system_type` is the one asked for (set 40:
        kinds = [p for p in args if p.endswith(f"_{field_name}")]  # a dry pipe filter listing deluge systems)
        if len(kinds) == 1:
            return kinds[0]
    kind = semantic.infer(field_name, {"type": "number"})
    same = [p for p in args if kind in COORDINATES and semantic.infer(p, {"type": "number"}) == kind]
    return same[0] if len(same) == 1 else None


_KIND_FIELDS = frozenset({"type", "kind", "category", "class", "grade", "tier", "mode", "level"})


def echoed(producer: Tool, consumer: Tool, param: str) -> bool:
    """Whether `param` would only read back what the producer is always told: its output field
    repeats one of the producer's required inputs (a domain check's `domain`, the coordinates
    a point forecast was asked for), which the query states, so the binding would give it away."""
    field = source_field(producer, consumer, param)
    arg = echo_arg(producer.required, field)
    return arg is not None and (param in producer.required or arg != field  # the car added is no new car
                                or semantic.infer(param, {"type": "number"}) in COORDINATES)


# ---------------------------------------------------------------- the graph


def _catalog_edges(tool: Tool, by_key: dict[str, Tool]) -> list[Edge]:
    edges = []
    for e in tool.edges:
        consumer = by_key.get(squash(e.tool))
        if consumer is None or consumer.name == tool.name:
            continue
        edges.append(Edge(tool=consumer.name, params=list(e.params), source="catalog"))
    return edges


class ToolGraph:
    """Producer name -> outgoing edges (consumer names are the catalog's exact names)."""

    def __init__(self, tools: Iterable[Tool]) -> None:
        self.tools = {t.name: t for t in tools}
        self.out: dict[str, list[Edge]] = {name: [] for name in self.tools}
        self._cache: dict[tuple[str, ...], Any] = {}

    def cached(self, key: tuple[str, ...], build: Callable[[], T]) -> T:
        """What `build` makes from the graph as it is now (emptied when an edge is added)."""
        if key not in self._cache:
            self._cache[key] = build()
        return cast(T, self._cache[key])

    def add(self, producer: str, edge: Edge) -> bool:
        """Add an edge, keeping only bindable params; an edge with none is refused, and so is
        one into a tool that undoes the producer (`shapes.undoes`: book, then cancel)."""
        consumer = self.tools.get(edge.tool)
        if producer not in self.out or consumer is None or producer == edge.tool:
            return False
        if any(e.tool == edge.tool for e in self.out[producer]) or undoes(self.tools[producer], consumer) or \
                not_yet(self.tools[producer], consumer):  # (a line received on a draft manifest: set 37)
            return False
        params = [p for p in edge.params if (bindable(consumer, p)
                  or (edge.source == "inferred" and value_bindable(consumer, p)))
                  and not echoed(self.tools[producer], consumer, p)]
        if not params:
            return False
        self.out[producer].append(edge.model_copy(update={"params": params}))
        self._cache.clear()
        return True

    def edge(self, producer: str, consumer: str) -> Edge | None:
        return next((e for e in self.out.get(producer, []) if e.tool == consumer), None)

    def successors(self, producer: str) -> list[Edge]:
        return list(self.out.get(producer, []))

    def edge_count(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for edges in self.out.values():
            for e in edges:
                counts[e.source] = counts.get(e.source, 0) + 1
        return dict(sorted(counts.items()))


def build_graph(tools: Iterable[Tool], *, infer: bool = True) -> ToolGraph:
    """Catalog edges first, then inferred ones for pairs the catalog does not connect."""
    tools = list(tools)
    graph = ToolGraph(tools)
    by_key = {squash(t.name): t for t in tools}
    for t in tools:
        for e in _catalog_edges(t, by_key):
            graph.add(t.name, e)
    if infer:
        for group in _by_domain(tools).values():
            _infer_into(graph, group)
    return graph


def _by_domain(tools: list[Tool]) -> dict[str, list[Tool]]:
    groups: dict[str, list[Tool]] = {}
    for t in tools:
        groups.setdefault(t.domain, []).append(t)
    return groups


def _infer_into(graph: ToolGraph, tools: list[Tool]) -> None:
    cands = {c.name: candidates(c) for c in tools}
    for p in tools:
        for c in tools:
            params = infer_params(p, c, tools, cands[c.name])
            if params:
                graph.add(p.name, Edge(tool=c.name, params=params, source="inferred"))
