"""What a tool without an output description returns: inferred output fields and shape.

Most catalogs (OpenAI tool lists, BFCL docs, TRAILBench APIs) say nothing about outputs, yet
sequential trajectories need an output to read a value from, and a simulated output has to
look like the tool's. The shape is inferred from the tool's own words:

- a topic the name or description names (weather -> temperature, condition, humidity, wind
  speed; a stock quote -> symbol, price, change; news -> title, source, published_at, url;
  ...; see TOPICS) contributes its fields;
- the API's verb decides the form: a lookup (search/list/find/browse/recommend...) returns a
  collection of rows named after its subject (`list_devices` -> "devices" with `device_id`
  and `name`), an action (create/book/set/send/...) one object with `<subject>_id` and a
  `status` ("confirmed", "updated", "sent"), a getter one object with `<subject>_id`, `name`.

generator.traject.graph reads these fields as it reads a described output's, so a lister's
`device_id` can feed a setter's `device_id` in a chain.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..core.semantic import singular, tokens
from ..records import Tool

TOPICS: list[tuple[frozenset[str], tuple[str, ...]]] = [
    (frozenset({"weather", "forecast", "temperature", "rain", "wind"}), ("temperature", "condition", "humidity", "wind_speed")),
    (frozenset({"geocode", "geocoding", "coordinates", "coordinate", "latlng"}), ("latitude", "longitude", "name", "country")),
    (frozenset({"stock", "quote", "ticker", "shares", "share"}), ("symbol", "price", "change_percent", "currency")),
    (frozenset({"exchange", "conversion", "fx"}), ("rate", "converted_amount", "currency")),
    (frozenset({"news", "article", "headline"}), ("title", "source", "published_at", "url")),
    (frozenset({"energy", "consumption", "electricity"}), ("energy_kwh", "cost", "currency")),
    (frozenset({"translate", "translation"}), ("translated_text", "language")),
    (frozenset({"route", "direction", "directions", "path", "distance", "commute"}),
     ("distance_km", "duration_minutes", "steps")),
    (frozenset({"calculate", "compute", "area", "sum", "average", "factorial", "solve", "math"}), ("result",)),
    (frozenset({"snapshot", "image", "photo", "picture", "camera"}), ("image_url", "captured_at")),
    (frozenset({"device", "thermostat", "light", "lock", "sensor"}), ("device_id", "name", "room", "status")),
    (frozenset({"flight"}), ("flight_number", "airline", "departure_time", "arrival_time", "price")),
    (frozenset({"hotel"}), ("hotel_id", "name", "address", "price", "rating")),
    (frozenset({"restaurant"}), ("restaurant_id", "name", "address", "rating")),
    (frozenset({"movie", "film"}), ("title", "year", "rating")),
    (frozenset({"song", "music", "track", "album", "artist"}), ("title", "artist", "album")),
    (frozenset({"event", "calendar", "meeting", "appointment"}), ("event_id", "title", "date", "location")),
    (frozenset({"user", "profile", "account", "member", "contact"}), ("user_id", "name", "email")),
    (frozenset({"order", "purchase", "cart"}), ("order_id", "status", "total")),
    (frozenset({"product", "item", "goods"}), ("product_id", "name", "price")),
]
# Words with more than one sense: a topic they alone match needs a second word of it in the
# name or the description ("get_forecast: the weather forecast" is weather; a tide forecast, a
# film's shooting path, a crew member or a waste profile are not weather, routes or user accounts).
WEAK_KEYS = frozenset({"forecast", "quote", "share", "shares", "exchange", "conversion", "path", "distance",
                       "direction", "area", "sum", "average", "solve", "light", "lock", "track", "item", "goods",
                       "order", "member", "account", "event", "image", "camera", "sensor", "device", "route",
                       "picture", "snapshot", "compute", "calculate", "profile"})  # a waste profile has no email (set 38)
# Topic fields an action's output does not repeat: the thing's title or place is the user's.
ACTION_SILENT = frozenset({"status", "title", "name", "location", "address"})
LOOKUP_VERBS = frozenset({"search", "list", "find", "browse", "query", "recommend", "lookup", "discover",
                          "fetch", "retrieve", "filter", "scan"})
GETTER_VERBS = frozenset({"get", "check", "show", "view", "read", "track", "describe", "estimate", "calculate",
                          "compute", "count", "measure", "detect", "predict", "convert", "translate"})
ACTION_STATUS: dict[str, str] = {
    "create": "created", "add": "added", "book": "confirmed", "reserve": "confirmed", "set": "updated",
    "update": "updated", "edit": "updated", "change": "updated", "schedule": "scheduled", "send": "sent",
    "post": "posted", "delete": "deleted", "remove": "removed", "cancel": "cancelled", "lock": "locked",
    "unlock": "unlocked", "register": "registered", "play": "playing", "order": "placed", "pay": "completed",
    "invite": "sent", "start": "started", "stop": "stopped", "turn": "updated", "open": "opened",
    "close": "closed", "upload": "uploaded", "submit": "submitted", "transfer": "completed",
    "hire": "hired", "assign": "assigned", "approve": "approved", "reject": "rejected", "dispatch": "dispatched",
    "report": "reported", "log": "logged", "issue": "issued", "renew": "renewed", "request": "requested",
    "release": "released", "enable": "enabled", "disable": "disabled", "subscribe": "subscribed",
    "unsubscribe": "unsubscribed", "follow": "following", "unfollow": "unfollowed", "revoke": "revoked",
    "archive": "archived", "restore": "restored", "file": "filed", "place": "placed", "lift": "lifted",
    "nullify": "nullified", "record": "recorded", "declare": "declared",  # a record made now (set 45: an exam
    # recorded June 2 returned EX-250203-1662)
}
# Verbs that undo what another action did: a trajectory never books and cancels, creates and
# deletes, opens and closes the same kind of thing at once (`undoes`).
UNDO_VERBS = frozenset({"cancel", "delete", "remove", "close", "stop", "unlock", "disable", "unsubscribe",
                        "unfollow", "revoke", "archive", "void", "refund", "release", "terminate", "unbook",
                        "unassign", "reject", "decline", "withdraw", "deactivate", "discard", "clear", "drop",
                        "lift", "nullify", "rescind", "retract"})  # (set 36: a restriction set and lifted at once)
_FILLER = frozenset({"a", "an", "the", "by", "for", "of", "to", "from", "in", "on", "with", "and", "all", "my",
                     "new", "info", "information", "details", "data", "list", "api", "v1", "v2"})


def api_words(tool: Tool) -> list[str]:
    """The words of the function's own name (its API part when the catalog splits names)."""
    return list(_api_words(tool.api or tool.name))


@lru_cache(maxsize=8192)
def _api_words(name: str) -> tuple[str, ...]:
    return tuple(w for w in tokens(re.sub(r"[.:]", " ", name)) if w not in _FILLER)


def verb_of(tool: Tool) -> str:
    """The verb of the name: the first word of its last dotted part when that is a verb a
    namespaced catalog puts there (`trains.addCars` adds), else the name's first word."""
    return _verb_of(tool.api or tool.name)


@lru_cache(maxsize=8192)  # asked of every pair of tools of every parallel draw (`undoes`)
def _verb_of(name: str) -> str:
    words = _api_words(name)
    last = tokens(re.split(r"[.:]", name)[-1])
    known = LOOKUP_VERBS | GETTER_VERBS | set(ACTION_STATUS) | UNDO_VERBS
    return last[0] if last and last[0] in known else words[0] if words else ""


def moves(tool: Tool) -> bool:
    """Whether a tool changes a record (an update, a transfer, an assignment): the values it
    states are the new ones, not the record's."""
    from ..core.values import CHANGE_VERBS

    return verb_of(tool) in CHANGE_VERBS | {"assign", "set", "return"}


def subject_of(tool: Tool) -> str:
    """The thing a tool is about: the last noun of its name (`list_devices` -> device)."""
    words = [w for w in api_words(tool) if w not in LOOKUP_VERBS | GETTER_VERBS | set(ACTION_STATUS)]
    return singular(words[-1]) if words else ""


def _topic(keys: frozenset[str], name: set[str], text: set[str]) -> bool:
    """Whether a topic's keys match the name (or, failing that, the description); a match by
    WEAK_KEYS alone needs a second key of the topic in the name or the description."""
    hits = keys & name or keys & text
    return bool(hits) and (bool(hits - WEAK_KEYS) or len(keys & (name | text)) >= 2)


def _topic_fields(tool: Tool) -> tuple[str, ...]:
    """The fields of the topic the name names; failing that, of a topic two of whose words the
    description uses (one word of prose, "allows users to ...", names no topic)."""
    name = {singular(w) for w in api_words(tool)} | set(api_words(tool))
    text = {singular(w) for w in tokens(tool.description)} | set(tokens(tool.description))
    for keys, fields in TOPICS:
        if keys & name and _topic(keys, name, text):
            return fields
    return next((fields for keys, fields in TOPICS if len({singular(k) for k in keys & text}) >= 2), ())  # two words, never
    # one word and its plural ("with its coordinates": no geocoding, no country; set 39)


def inferred_fields(tool: Tool) -> list[str]:
    """Output fields of a tool without an output description (see the module doc): its own id,
    the topic's fields, a status for an action, a name otherwise (never free text a simulator
    would have to invent from another world)."""
    subject, verb = subject_of(tool), verb_of(tool)
    own = [acted_on(tool, subject) or (f"{'_'.join(subject.split())}_id" if subject and subject != "id" else "id")]
    topic = list(_topic_fields(tool))
    if verb in ACTION_STATUS:  # what an action reports: never a title or place it would have to invent
        extra = [f for f in topic if f not in own and f not in ACTION_SILENT and not f.endswith("_id")]
        fields = own + ["status"] + extra[:2]
    elif topic:
        fields = ([own[0]] if verb in LOOKUP_VERBS else []) + topic
    elif verb in GETTER_VERBS and _noun_phrase(tool):
        fields = [_noun_phrase(tool)]  # get_liquidity_value returns the liquidity value
    else:
        fields = own + ["name"]
    return list(dict.fromkeys(fields))


def _noun_phrase(tool: Tool) -> str:
    verbs = LOOKUP_VERBS | GETTER_VERBS | set(ACTION_STATUS)
    return "_".join(w for w in api_words(tool) if w not in verbs)


def acted_on(tool: Tool, subject: str) -> str:
    """The id param naming the thing the tool acts on (`shoot_day_id` of update_shoot_day):
    a required id param whose words end with the subject; "" when none."""
    for p in tool.required:
        w = tokens(p)
        if len(w) >= 2 and w[-1] == "id" and subject and w[-2] == subject:
            return p
    return ""


def _nouns(tool: Tool) -> frozenset[str]:
    return _nouns_of(tool.api or tool.name)


@lru_cache(maxsize=8192)
def _nouns_of(name: str) -> frozenset[str]:
    verbs = LOOKUP_VERBS | GETTER_VERBS | set(ACTION_STATUS) | UNDO_VERBS
    return frozenset(singular(w) for w in _api_words(name) if w not in verbs and len(w) > 2)


def undoes(a: Tool, b: Tool) -> bool:
    """Whether one tool undoes what the other does to the same kind of thing: one's verb is an
    UNDO_VERB, the other's an action, and their names share a noun (`book_location` and
    `cancel_location_booking`, `open_valve` and `close_valve`, `create_event` and `delete_event`)."""
    va, vb = verb_of(a), verb_of(b)
    undo = (va in UNDO_VERBS) != (vb in UNDO_VERBS)
    done, undoer = (vb, a) if va in UNDO_VERBS else (va, b)
    action = done in ACTION_STATUS
    # what the act makes, named by its verb: `assign_official` makes the assignment `remove_assignment` undoes
    made = {done + "ment", done + "ing", done.removesuffix("e") + "ing", done.removesuffix("e") + "ation"} if done else set()
    return undo and action and bool(_nouns(a) & _nouns(b) or made & _nouns(undoer))


# States a record is in the moment it is made, and states it reaches only later. A tool that acts
# on a record in a later state never follows the call that made it (set 37: a line received on
# the draft manifest just started, a profile not yet approved put on a manifest).
_BORN_STATES = frozenset({"draft", "pending", "open", "new", "unsigned", "unapproved", "active", "scheduled", "booked",
                          "created", "empty", "unassigned"})
_LATER_STATES = frozenset({"approved", "signed", "incoming", "received", "completed", "closed", "shipped", "delivered",
                           "dispatched", "certified", "issued", "finalized", "final", "accepted", "rejected", "expired",
                           "overdue", "released", "resolved", "settled", "posted", "paid", "verified", "inspected",
                           "returned", "fulfilled", "sealed", "archived", "voided", "submitted", "confirmed", "filed"})
_MAKING_VERBS = frozenset({"create", "add", "register", "open", "new", "enroll", "file", "book", "submit", "start", "draft",
                           "schedule", "place", "issue", "initiate"})
_MADE_IN = re.compile(r"\b(?:in|with) (?:the )?status ['\"`]?([a-z_]+)|\bas (?:an? )?['\"`]?(draft|pending)\b", re.IGNORECASE)


def not_yet(producer: Tool, consumer: Tool) -> bool:
    """Whether `consumer` cannot follow the making `producer` has just done: it acts only on a thing
    in a state the one just made cannot be in yet ("one line of an incoming manifest" after
    create_manifest, which returns it "in status draft"; approving "a pending waste profile" just
    submitted is fine); it needs the planned thing to have happened ("Record the pilot's times ...
    after a move" after the order for it, what was seen on an inspection only just scheduled); or it
    sets again a value the thing was just made with (an order retimed, a NOTAM replaced, as made)."""
    if verb_of(producer) not in _MAKING_VERBS:
        return False
    acting = re.split(r"(?<=[a-z)])\.\s", consumer.description, maxsplit=1)[0]
    if verb_of(consumer) in _SETTING_VERBS and _named(producer) & _named(consumer):
        return True  # the maker would have said the right value at once (set 38: an order retimed as made)
    if verb_of(consumer) in _RECORDING_VERBS and _planned(producer) and _takes_made(producer, consumer) and \
            not _named(consumer) & _MONEY_NOUNS:
        return True  # what was seen on a visit only just booked (set 39: ratings of an inspection scheduled)
    return (verb_of(consumer) not in _PLANNING_VERBS and _after_it(_made_nouns(producer), acting)) or _not_yet(
        verb_of(producer), _nouns(producer), producer.description, acting, verb_of(consumer) in LOOKUP_VERBS)


# Verbs that write down what was seen or done, and money that may change hands before the event.
_RECORDING_VERBS = frozenset({"record", "report", "log", "enter"})
_MONEY_NOUNS = frozenset({"payment", "deposit", "fee", "charge", "invoice", "prepayment", "refund"})
_PLANNED_STATUS = re.compile(r"\b(?:in |with |and )?status (?:scheduled|requested|booked|planned|pending)\b", re.IGNORECASE)


def _takes_made(producer: Tool, consumer: Tool) -> bool:
    """Whether `consumer` takes the thing `producer` makes: a parameter named by the head noun of the
    maker's name (`inspection_id` after `schedule_inspection`) or one the maker returns by name
    ("Returns field_task_id")."""
    head = (_api_words(producer.api or producer.name) or [""])[-1]
    return any(singular(head) in map(singular, tokens(p)) or re.search(rf"\b{re.escape(p)}\b", producer.description)
               for p in consumer.properties)


def _planned(tool: Tool) -> bool:
    """Whether the tool plans a thing that happens later: a booking verb, or an order it returns
    "with status requested"."""
    return verb_of(tool) in _PLANNING_VERBS or bool(_PLANNED_STATUS.search(tool.description))


# Verbs that set again a value a record was just made with.
_SETTING_VERBS = frozenset({"update", "modify", "edit", "change", "reschedule", "amend", "adjust", "patch", "rename",
                            "retime", "replace", "revise", "extend"})  # a NOTAM replaced as it is issued (set 39)
# What a tool needs to have happened already: "Record the pilot's times ... after a move", "Issue a
# certificate ... after an acceptable inspection", "the outcome of an inspection carried out today".
_AFTER_NOUN = re.compile(r"\bafter (?:a|an|the|each|every|its|their) (?:([a-z-]+) )?([a-z]+)(?=[.,;:)]|$|\s(?:of|for|"
                         r"at|on|in|by|with|to|from)\b)|\b(?:a|an|the) ([a-z]+) (?:(?:is|was|has been) )?(?:carried out|"
                         r"held|performed|conducted|completed|finished)\b", re.IGNORECASE)


def _named(tool: Tool) -> frozenset[str]:
    """The words of the name after its verb (`create_pilot_order`: pilot, order)."""
    return frozenset(singular(w) for w in _api_words(tool.api or tool.name)[1:] if len(w) > 2)


# Verbs that plan a thing ahead: booking the crew "after the event" is done before it.
_PLANNING_VERBS = frozenset({"book", "schedule", "plan", "reserve", "order", "request", "arrange"})


def _made_nouns(tool: Tool) -> frozenset[str]:
    """The nouns of the tool's name and what its first sentence makes it for ("Order a pilot for a move")."""
    first = re.split(r"(?<=[a-z)])\.\s", tool.description, maxsplit=1)[0]
    return _nouns(tool) | {singular(w.lower()) for w in re.findall(r"\bfor (?:a|an|the) ([a-z]+)", first, re.IGNORECASE)}


def _after_it(nouns: frozenset[str], acting: str) -> bool:
    """Whether `acting` needs a thing of `nouns` to have happened or been done (`_AFTER_NOUN`; an
    aside in brackets defines, it does not ask); one just made has not."""
    return any(singular((m[2] or m[3]).lower()) in nouns for m in _AFTER_NOUN.finditer(re.sub(r"\([^()]*\)", "", acting)))


_STATES = "|".join(sorted(_BORN_STATES | _LATER_STATES))


# The state a making verb leaves its record in when the tool does not say ("in status draft").
_DONE = {"submit": "submitted", "file": "filed", "issue": "issued", "book": "booked", "schedule": "scheduled",
         "place": "placed", "register": "registered", "open": "open", "draft": "draft"}


@lru_cache(maxsize=8192)  # asked of every step of every chain tried
def _not_yet(verb: str, nouns: frozenset[str], made_by: str, acting: str, looks_up: bool = False) -> bool:
    """Whether `acting` (the consumer's first sentence, before its list of fields) wants a thing
    of `nouns` only in later states, none of them the one the maker leaves it in."""
    if not nouns:
        return False
    made = _MADE_IN.search(made_by)
    state = (made[1] or made[2]).lower() if made else _DONE.get(verb)
    said = acting.split(":", 1)[0]
    found = [(m[2], m[1]) for m in _WANTED.finditer(said)] + \
        [(m[1], m[2]) for m in _WANTED_AFTER.finditer(said) if not looks_up]  # "casings received at the plant"
    # are what a search looks through, a new one among them
    for noun, states in found:
        if noun.lower() not in nouns and singular(noun.lower()) not in nouns:
            continue
        wanted = {w.lower() for w in re.findall(r"[a-z]+", states, re.IGNORECASE)} - {"or", "and"}
        if wanted <= _LATER_STATES and state not in wanted:
            return True
    return False


# ... and a state said after its noun: "the copy of the manifest signed by the designated facility".
_WANTED_AFTER = re.compile(rf"\b([a-z]+) ({_STATES}) (?=by|for|at|in|on|with)\b", re.IGNORECASE)
_WANTED = re.compile(rf"\b((?:{_STATES})(?:,? (?:or|and) (?:{_STATES}))*)\s+(?:(?!(?:the|a|an|its|their|by|of|to|for|"
                     r"with|and|or)\b)[a-z-]+\s+)?([a-z]+)(?=\s+(?:of|for|to|from|with|on|in|at|by|and|or|that|which|"
                     r"before|after|once|so)\b|[,.;:()]|$)", re.IGNORECASE)


def conflicting(tools: list[Tool], candidate: Tool) -> bool:
    """Whether `candidate` undoes (or is undone by) one of `tools`."""
    return any(undoes(t, candidate) for t in tools)


def inferred_collection(tool: Tool) -> str:
    """The plural a lookup lists its rows under ("devices"), "" for a single object."""
    if verb_of(tool) not in LOOKUP_VERBS:
        return ""
    subject = subject_of(tool) or "result"
    return subject + ("es" if subject.endswith(("s", "x", "ch", "sh")) else "s")


def action_status(tool: Tool, args: dict | None = None) -> str | None:
    """What an action reports: its own verb's outcome, or the one its arguments ask for
    (`lock_door(action="unlock")` is "unlocked")."""
    asked = [ACTION_STATUS[v.lower()] for v in (args or {}).values() if isinstance(v, str) and v.lower() in ACTION_STATUS]
    return asked[0] if asked else ACTION_STATUS.get(verb_of(tool))
