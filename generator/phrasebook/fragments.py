"""Slot fragments: how a value of each parameter is said inside a request, by the semantic type
generator.semantic infers ("for {v} people", "at {v}% brightness", "near {v}", "by {v}",
"sorted by {v}", "saying {v}"). `{v}` is the value as surface.render says it.

FRAGMENTS maps a semantic type to a maker; a maker gets the parameter as a `Slot` and returns
alternatives (the first is the canonical one). A value said through a fragment is no read-out:
"with the party size set to 4" becomes "for 4 people".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..freetext import PERSON_WORDS
from ..semantic import infer, tokens
from .lexicon import gerund, is_plural, known, lemmas, plural, verb_lemma, with_article
from .nouns import param_noun, unit_suffix

_START = frozenset({"start", "from", "since", "begin", "beginning", "after", "min", "minimum", "lower", "earliest",
                    "first", "low", "least", "floor", "gte", "gt"})
_END = frozenset({"end", "to", "until", "till", "before", "max", "maximum", "upper", "latest", "last", "high",
                  "most", "ceiling", "lte", "lt", "limit", "budget", "under"})
_ORIGIN = frozenset({"origin", "departure", "depart", "pickup", "source", "src", "from", "start", "leaving"})
_GOAL = frozenset({"destination", "dest", "arrival", "arrive", "dropoff", "target", "to", "end", "dst", "into"})


@dataclass(frozen=True)
class Slot:
    param: str
    spec: dict[str, Any]
    noun: str
    kind: str
    words: frozenset[str]

    def has(self, *names: str) -> bool:
        return bool(self.words & set(names))

    @property
    def head(self) -> str:
        return self.noun.rsplit(" ", 1)[-1]

    @property
    def text(self) -> str:
        return f"{self.param} {self.spec.get('description') or ''}".lower()


Maker = Callable[[Slot], list[str]]
FRAGMENTS: dict[str, Maker] = {}


def maker(*kinds: str) -> Callable[[Maker], Maker]:
    def deco(fn: Maker) -> Maker:
        for k in kinds:
            FRAGMENTS[k] = fn
        return fn

    return deco


def item_spec(spec: dict[str, Any]) -> dict[str, Any]:
    items = spec.get("items")
    return items if spec.get("type") == "array" and isinstance(items, dict) else spec


def slot_kind(param: str, spec: dict[str, Any]) -> str:
    """The semantic type of a parameter for phrasing: enum, bool and object first, then
    generator.semantic's type of the parameter (of its items for an array)."""
    inner = item_spec(spec)
    if inner.get("enum"):
        return "enum"
    if inner.get("type") == "boolean":
        return "bool"
    if inner.get("type") in ("object", "dict") or "properties" in inner:
        return "object"
    fmt = inner.get("format")
    if fmt in _TIME_FORMATS:
        return _TIME_FORMATS[fmt]
    described = str(spec.get("description") or inner.get("description") or "")
    if re.search(r"%Y|YYYY|yyyy", described):  # "Check-in date, format %Y-%m-%d"
        return "date"
    if re.search(r"%H|HH:MM|hh:mm", described):
        return "clock"
    return infer(param, {**inner, "description": spec.get("description") or inner.get("description")})


_TIME_FORMATS = {"date": "date", "date-time": "date", "time": "clock", "datetime": "date"}


def make_slot(param: str, spec: dict[str, Any]) -> Slot:
    return Slot(param, spec, param_noun(param, spec), slot_kind(param, spec), frozenset(tokens(param)))


def _rest(slot: Slot, drop: set[str]) -> str:
    """The noun without the words `drop` ("cooking time limit" minus time words -> "cooking")."""
    return " ".join(w for w in slot.noun.split() if w.lower() not in drop)


def _role(slot: Slot) -> str | None:
    if slot.has(*_ORIGIN) and not slot.has("date", "time"):
        return "from"
    if slot.has(*_GOAL) and not slot.has("date", "time"):
        return "to"
    return None


def _bound(slot: Slot) -> str | None:
    """ "min" / "max" for a lower or upper bound parameter (min_price, max_results, budget)."""
    if slot.has("min", "minimum", "least", "lower", "floor", "gte", "gt", "above", "over"):
        return "min"
    if slot.has("max", "maximum", "most", "upper", "ceiling", "lte", "lt", "limit", "budget", "under", "below"):
        return "max"
    return None


# ---------------------------------------------------------------- time


_DAY_WORDS = {"date", "day", "time", "datetime", "dt", "when", "timestamp", "at", "on"}
_DATE_ROLES = [
    ({"start", "from", "since", "begin"}, ["from {v}", "starting {v}"]),
    ({"end", "to", "until", "till"}, ["until {v}", "through {v}"]),
    ({"checkin", "arrival", "arrive"}, ["arriving {v}", "checking in {v}"]),
    ({"checkout"}, ["checking out {v}", "leaving {v}"]),
    ({"departure", "depart", "outbound", "leave", "leaving"}, ["leaving {v}", "departing {v}"]),
    ({"return", "inbound", "back"}, ["coming back {v}", "returning {v}"]),
    ({"due", "deadline"}, ["due {v}", "by {v}"]),
    ({"birth", "dob", "born"}, ["born {v}"]),
    ({"delivery", "deliver"}, ["delivered {v}"]),
    ({"expires", "expiry", "expiration", "expire", "valid"}, ["valid until {v}", "expiring {v}"]),
    ({"after"}, ["after {v}"]),
    ({"before"}, ["before {v}"]),
]


def _dated(slot: Slot, prep: str) -> list[str]:
    words = set(slot.words) | ({"checkin"} if slot.has("check") and slot.has("in") else set())
    words |= {"checkout"} if slot.has("check") and slot.has("out") else set()
    for keys, options in _DATE_ROLES:
        if words & keys:
            return [o.replace("{v}", f"{prep} {{v}}" if prep != "on" or "from" in o or "until" in o
                              or "by" in o or "after" in o or "before" in o or "through" in o or "valid" in o
                              else "on {v}") for o in options]
    rest = _rest(slot, _DAY_WORDS)
    return [f"{prep} {{v}}"] if not rest or rest == slot.noun else [f"{prep} {{v}}", f"with the {slot.noun} {prep} {{v}}"]


@maker("date")
def _date(slot: Slot) -> list[str]:
    return [re.sub(r"\b(from|until|through|by|after|before) on ", r"\1 ", f) for f in _dated(slot, "on")]


@maker("clock")
def _clock(slot: Slot) -> list[str]:
    return [re.sub(r"\b(from|until|through|by|after|before) at ", r"\1 ", f) for f in _dated(slot, "at")]


@maker("unix_time")
def _unix(slot: Slot) -> list[str]:
    if slot.has(*_START):
        return ["from timestamp {v}", "starting at timestamp {v}"]
    if slot.has(*_END):
        return ["until timestamp {v}", "up to timestamp {v}"]
    return ["at timestamp {v}"]


@maker("year")
def _year(slot: Slot) -> list[str]:
    bound = _bound(slot) or ("min" if slot.has("after", "since", "from", "start") else
                             "max" if slot.has("before", "until", "to", "end") else None)
    return {"min": ["from {v} on", "since {v}"], "max": ["up to {v}", "until {v}"]}.get(bound or "", ["from {v}", "in {v}"])


@maker("month_number")
def _month(slot: Slot) -> list[str]:
    return ["for month {v}"]


@maker("hour")
def _hour(slot: Slot) -> list[str]:
    return ["for the last {v} hours", "over {v} hours"] if slot.has("hours") else ["at hour {v}"]


@maker("weekday")
def _weekday(slot: Slot) -> list[str]:
    return ["on {v}"]


@maker("month_name")
def _month_name(slot: Slot) -> list[str]:
    return ["in {v}", "for {v}"]


_LOOKBACK = frozenset({"since", "within", "last", "past", "ago", "lookback", "look back", "back", "newer than",
                       "max age", "age"})


@maker("duration_seconds", "duration_minutes", "duration_hours", "duration_days", "duration_iso")
def _duration(slot: Slot) -> list[str]:
    unit = {"duration_seconds": "seconds", "duration_minutes": "minutes", "duration_hours": "hours",
            "duration_days": "nights" if slot.has("night", "nights") else "days",
            "duration_iso": ""}[slot.kind]
    said = f"{{v}} {unit}".strip()
    last = slot.noun.split()[-1]
    rest = _rest(slot, {"minutes", "hours", "days", "nights", "seconds", "weeks", "in", "mins", "secs", "duration",
                        "length", "time", "period"} | _COUNT_WORDS)
    if last in ("minutes", "hours", "days", "nights", "seconds", "weeks") and rest in _LOOKBACK:
        return [f"from the last {said}", f"within the last {said}"]  # "since_seconds": no "a since of"
    if last in ("minutes", "hours", "days", "nights", "seconds", "weeks") and rest and rest != slot.noun:
        return [f"with {with_article(rest)} of {said}"]
    if last in ("minutes", "hours", "days", "nights", "seconds", "weeks"):
        return [f"for {said}"]
    if last in ("duration", "length", "time", "period", "stay"):
        return [f"for {said}"] if len(slot.noun.split()) == 1 else [f"for {said}", f"with {with_article(slot.noun)} of {said}"]
    if _bound(slot) == "max":
        return [f"within {said}", f"in under {said}"]
    return [f"with {with_article(slot.noun)} of {said}"]


# ---------------------------------------------------------------- numbers


def _unit(slot: Slot, table: dict[str, str], default: str = "") -> str:
    words = set(tokens(f"{slot.param} {slot.spec.get('description') or ''}"))
    return next((u for k, u in table.items() if k in words), default)


@maker("percent")
def _percent(slot: Slot) -> list[str]:
    rest = _rest(slot, {"percent", "percentage", "pct", "level", "value", "%", "minimum", "maximum", "min", "max"})
    if slot.has("discount", "off"):
        return ["with a {v}% discount", "at {v}% off"]
    bound = {"min": "at least ", "max": "at most "}.get(_bound(slot) or "", "")
    return [f"at {bound}{{v}}% {rest}".strip(), f"to {{v}}% {rest}".strip()] if not bound else \
        [f"with {bound}{{v}}% {rest}".strip()]


@maker("temperature")
def _temperature(slot: Slot) -> list[str]:
    unit = _unit(slot, {"celsius": " Celsius", "fahrenheit": " Fahrenheit", "kelvin": " Kelvin"}) or \
        unit_suffix(slot.param).removeprefix(" degrees")
    bound = _bound(slot)
    if bound:
        return [f"{'above' if bound == 'min' else 'below'} {{v}} degrees{unit}"]
    return [f"to {{v}} degrees{unit}", f"at {{v}} degrees{unit}"]


_CURRENCIES = {"usd": " dollars", "dollar": " dollars", "dollars": " dollars", "eur": " euros",
               "euro": " euros", "euros": " euros", "gbp": " pounds", "jpy": " yen", "yen": " yen",
               "inr": " rupees", "rupees": " rupees", "cents": " cents"}


@maker("money", "tip")
def _money(slot: Slot) -> list[str]:
    unit = _unit(slot, _CURRENCIES)
    bound = _bound(slot)
    if bound == "max":
        return [f"under {{v}}{unit}", f"for at most {{v}}{unit}"]
    if bound == "min":
        return [f"over {{v}}{unit}", f"for at least {{v}}{unit}"]
    if slot.kind == "tip":
        return [f"with a {{v}}{unit} tip"]
    return [f"for {{v}}{unit}", f"with {with_article(slot.noun)} of {{v}}{unit}"] if unit else [f"with {with_article(slot.noun)} of {{v}}"]


@maker("rating")
def _rating(slot: Slot) -> list[str]:
    bound = _bound(slot)
    if bound == "min":
        return ["rated {v} or higher", "with at least {v} stars"]
    if bound == "max":
        return ["rated {v} or lower"]
    return ["rated {v}", "with a rating of {v}"]


@maker("age")
def _age(slot: Slot) -> list[str]:
    bound = _bound(slot)
    return {"min": ["at least {v} years old"], "max": ["at most {v} years old"]}.get(bound or "", ["aged {v}"])


_COUNT_WORDS = {"num", "number", "count", "quantity", "qty", "of", "total", "no", "nb", "amount", "n", "size"}


@maker("count")
def _count(slot: Slot) -> list[str]:
    thing = _rest(slot, _COUNT_WORDS | {"max", "min", "maximum", "minimum"})
    thing = "people" if slot.has("party", "people", "persons", "person") or thing in ("party", "") and \
        slot.has("party") else thing
    if not thing or not known(thing.split()[-1]):
        return ["with a quantity of {v}"] if slot.has("quantity", "qty") else [f"with {with_article(slot.noun)} of {{v}}"]
    things = plural(thing)
    bound = {"min": "at least ", "max": "up to "}.get(_bound(slot) or "", "")
    return [f"for {bound}{{v}} {things}", f"with {bound}{{v}} {things}"]


@maker("limit")
def _limit(slot: Slot) -> list[str]:
    thing = _rest(slot, _COUNT_WORDS | {"limit", "max", "maximum", "top", "k", "per", "page", "results", "result"})
    things = plural(thing) if thing and known(thing.split()[-1]) else "results"
    return [f"showing up to {{v}} {things}", f"with at most {{v}} {things}"]


@maker("page")
def _page(slot: Slot) -> list[str]:
    return ["on page {v}"]


@maker("offset")
def _offset(slot: Slot) -> list[str]:
    return ["skipping the first {v}", "starting after the first {v}"]


@maker("distance")
def _distance(slot: Slot) -> list[str]:
    unit = _unit(slot, _DISTANCE_UNITS)
    if unit and (_bound(slot) == "max" or slot.has(*_REACH)):  # "max_distance_km", "radius_km"
        return [f"within {{v}}{unit}"]
    if unit and _bound(slot) == "min":
        return [f"at least {{v}}{unit}"]
    if unit and len(slot.param) == 1:  # physics: "with d = 0.5 meters"
        return [f"with {slot.param} = {{v}}{unit}"]
    if unit:  # a distance covered ("log a run with a distance of 12 km"), not a search radius
        rest = _rest(slot, set(_DISTANCE_UNITS))
        said = lemmas(rest.split()[-1]) if rest else {}
        if "NOUN" in said and "ADJ" not in said:
            return [f"with {with_article(rest)} of {{v}}{unit}"]
        return [f"covering {{v}}{unit}"]  # "daily_miles": no "a daily of 12 miles"
    return [f"with {{v}} {slot.noun}"] if is_plural(slot.head) else [f"within a {slot.noun} of {{v}}"]  # not "a bins"


# People a user does something with (a session, an appointment, a ride), not about.
_PROVIDERS = frozenset({"coach", "trainer", "instructor", "teacher", "tutor", "therapist", "doctor", "dentist",
                        "nurse", "physician", "vet", "veterinarian", "stylist", "barber", "hairdresser", "mentor",
                        "lawyer", "attorney", "driver", "agent", "mechanic", "plumber", "electrician", "caregiver",
                        "babysitter", "nanny", "surgeon", "host", "guide"})
_REACH = frozenset({"radius", "range", "within", "near", "nearby", "around", "proximity", "reach"})
_DISTANCE_UNITS = {"km": " km", "kilometers": " km", "kilometres": " km", "miles": " miles", "mi": " miles",
                   "meters": " meters", "metres": " meters", "m": " meters", "feet": " feet", "ft": " feet"}


@maker("weight")
def _weight(slot: Slot) -> list[str]:
    unit = _unit(slot, {"kg": " kg", "kilograms": " kg", "lbs": " pounds", "pounds": " pounds", "lb": " pounds",
                        "grams": " grams", "g": " grams"})
    return [f"weighing {{v}}{unit}"]


@maker("height")
def _height(slot: Slot) -> list[str]:
    unit = _unit(slot, {"cm": " cm", "centimeters": " cm", "inches": " inches", "meters": " meters"})
    return [f"{{v}}{unit} tall"] if unit else [f"with {with_article(slot.noun)} of {{v}}"]


@maker("latitude")
def _latitude(slot: Slot) -> list[str]:
    return ["at latitude {v}"]


@maker("longitude")
def _longitude(slot: Slot) -> list[str]:
    return ["at longitude {v}"]


@maker("coordinates")
def _coordinates(slot: Slot) -> list[str]:
    return ["near {v}", "around {v}"]


@maker("port")
def _port(slot: Slot) -> list[str]:
    return ["on port {v}"]


@maker("id_number", "id", "uuid")
def _id(slot: Slot) -> list[str]:
    thing = slot.noun if slot.noun not in ("ID", "IDs", "identifier") else ""
    if not thing or not known(thing.split()[-1]):
        return ["with ID {v}"]
    return [f"for {thing} {{v}}"]


# ---------------------------------------------------------------- people, places, things


@maker("person", "first_name", "last_name")
def _person(slot: Slot) -> list[str]:
    if slot.has("to", "recipient", "recipients", "receiver", "payee"):
        return ["to {v}"]
    if slot.has("from", "sender", "payer"):
        return ["from {v}"]
    if slot.has("author", "by", "creator", "composer", "director"):
        return ["by {v}"]
    if slot.has("assignee", "assign", "assigned", "owner"):
        return ["assigned to {v}"]
    if slot.has("attendees", "attendee", "guests", "participants", "invitees", "members", "with", "cc"):
        return ["with {v}", "inviting {v}"]
    return ["for {v}"]


@maker("email")
def _email(slot: Slot) -> list[str]:
    if slot.has("cc", "bcc"):
        return ["copying {v}", "with {v} in copy"]
    if slot.has("from", "sender", "reply"):
        return ["from {v}"]
    if slot.has("notify", "notification", "alert", "alerts"):
        return ["notifying {v}"]
    return ["to {v}"] if slot.has("to", "recipient", "recipients", "emails") else ["for {v}"]


@maker("phone")
def _phone(slot: Slot) -> list[str]:
    return ["to {v}"] if slot.has("to", "recipient") else ["at {v}", "on {v}"]


@maker("url")
def _url(slot: Slot) -> list[str]:
    if slot.has("upload", "to", "target", "destination", "webhook", "callback", "post", "dest"):
        return ["to {v}"]
    return ["from {v}"] if slot.has("source", "from", "image", "file", "download", "src") else ["at {v}"]


@maker("ipv4", "ipv6")
def _ip(slot: Slot) -> list[str]:
    return ["with IP address {v}", "at {v}"]


@maker("mac")
def _mac(slot: Slot) -> list[str]:
    return ["with MAC address {v}"]


@maker("hostname")
def _host(slot: Slot) -> list[str]:
    return ["on host {v}", "at {v}"]


@maker("username")
def _username(slot: Slot) -> list[str]:
    return ["for user {v}", "for the account {v}"]


@maker("password")
def _password(slot: Slot) -> list[str]:
    return ["with the password {v}"]


@maker("pin")
def _pin(slot: Slot) -> list[str]:
    return ["with PIN {v}", "using PIN {v}"]


@maker("token")
def _token(slot: Slot) -> list[str]:
    return ["with the token {v}"]


@maker("code")
def _code(slot: Slot) -> list[str]:
    if slot.has("pin", "passcode"):
        return ["with PIN {v}", "using PIN {v}"]
    if slot.has("coupon", "promo", "voucher", "discount"):
        return ["with the code {v}", "using coupon {v}"]
    label = {"sku": "SKU", "isbn": "ISBN", "barcode": "barcode", "asin": "ASIN", "serial": "serial number"}
    word = next((v for k, v in label.items() if slot.has(k)), None)
    named = " ".join(tokens(slot.param))
    if word is None and len(named.split()) > 1 and named.endswith(" code"):  # "with budget code BC141"
        return [f"with {named} {{v}}", f"under {named} {{v}}"]
    return [f"for {word or 'code'} {{v}}"] if word != "serial number" else ["with serial number {v}"]


@maker("version")
def _version(slot: Slot) -> list[str]:
    return ["version {v}", "at version {v}"]


@maker("artist")
def _artist(slot: Slot) -> list[str]:
    return ["by {v}"]


@maker("restaurant", "hotel", "store")
def _venue(slot: Slot) -> list[str]:
    return ["at {v}"]


@maker("company")
def _company(slot: Slot) -> list[str]:
    if slot.has("airline", "carrier"):
        return ["with {v}", "flying {v}"]
    return ["from {v}", "by {v}"]


@maker("city", "country", "country_code", "state", "place", "address", "postcode", "airport_code")
def _place(slot: Slot) -> list[str]:
    role = _role(slot)
    if role:
        return [f"{role} {{v}}"]
    if slot.kind == "address":
        return ["at {v}"]
    if slot.kind == "postcode":
        return ["in postcode {v}", "around {v}"]
    if slot.has("near", "nearby", "around", "location", "loc", "position"):
        return ["near {v}", "around {v}"]
    return ["in {v}"]


@maker("room")
def _room(slot: Slot) -> list[str]:
    return ["in the {v}"]


@maker("currency")
def _currency(slot: Slot) -> list[str]:
    role = _role(slot) or ("from" if slot.has("base") else "to" if slot.has("quote", "target") else None)
    return [f"{role} {{v}}"] if role else ["in {v}"]


@maker("language", "locale")
def _language(slot: Slot) -> list[str]:
    role = _role(slot)
    return {"from": ["from {v}"], "to": ["into {v}"]}.get(role or "", ["in {v}"])


@maker("timezone")
def _timezone(slot: Slot) -> list[str]:
    return ["in the {v} time zone"]


@maker("color")
def _color(slot: Slot) -> list[str]:
    return ["in {v}"]


@maker("file")
def _file(slot: Slot) -> list[str]:
    role = _role(slot) or ("from" if slot.has("input") else "to" if slot.has("output", "save") else None)
    return [f"{role} {{v}}"] if role else [f"for the {slot.head if known(slot.head) else 'file'} {{v}}"]


@maker("mime", "data_format")
def _format(slot: Slot) -> list[str]:
    return ["in {v} format", "as {v}"]


@maker("flight_code")
def _flight(slot: Slot) -> list[str]:
    return ["for flight {v}"]


@maker("ticker")
def _ticker(slot: Slot) -> list[str]:
    return ["for {v}", "for the {v} stock"]


@maker("food", "product")
def _thing(slot: Slot) -> list[str]:
    return ["for {v}"]


@maker("ingredient")
def _ingredient(slot: Slot) -> list[str]:
    return ["with {v}", "using {v}"]


@maker("cuisine")
def _cuisine(slot: Slot) -> list[str]:
    return ["serving {v} food", "for {v} food"]


@maker("genre")
def _genre(slot: Slot) -> list[str]:
    return ["in the {v} genre", "for some {v}"]


_WORKS = ("song", "track", "album", "movie", "film", "book", "show", "podcast", "playlist", "game", "episode",
          "video", "series")


@maker("title_work")
def _work(slot: Slot) -> list[str]:
    work = next((w for w in _WORKS if slot.has(w, w + "s")), None)
    return [f"for the {work} {{v}}"] if work else ["called {v}"]


@maker("title")
def _title(slot: Slot) -> list[str]:
    return ["titled {v}", "called {v}"] if not slot.has("subject") else ["with the subject {v}"]


@maker("topic")
def _topic(slot: Slot) -> list[str]:
    return ["about {v}", "on {v}"]


@maker("category")
def _category(slot: Slot) -> list[str]:
    if slot.has("tag", "tags", "label", "labels"):
        return ["tagged {v}"]
    return ["in the {v} category" if not is_plural(slot.head) else "in {v}", "under {v}"]


@maker("size")
def _size(slot: Slot) -> list[str]:
    return ["in size {v}"]


@maker("job")
def _job(slot: Slot) -> list[str]:
    return ["for {v} roles", "as {v}"]


@maker("variant")
def _variant(slot: Slot) -> list[str]:
    if slot.has("mode"):
        return ["in {v} mode"]
    if slot.has("style"):
        return ["in {v} style"]
    return [f"of {slot.noun} {{v}}"]


@maker("search_term")
def _search(slot: Slot) -> list[str]:
    return ["for {v}", "matching {v}"]


_SAYING = {"message", "messages", "text", "body", "content", "review", "comment", "reply", "post", "tweet",
           "status", "answer"}


@maker("text")
def _text(slot: Slot) -> list[str]:
    if slot.has(*_SAYING):
        return ["saying {v}", "that says {v}"]
    if slot.has("prompt", "question", "query"):
        return ["asking {v}"]
    if slot.has("description", "desc", "summary"):
        return ["described as {v}"]
    if slot.has("note", "notes", "comment", "comments", "memo", "remark", "remarks"):
        return ["noting {v}", "with a note saying {v}"]
    return [f"with the {slot.noun} {{v}}"]


@maker("object")
def _object(slot: Slot) -> list[str]:
    return ["with {v}"]


@maker("enum")
def _enum(slot: Slot) -> list[str]:
    return enum_fragments(slot)


@maker("bool")
def _bool(slot: Slot) -> list[str]:
    return ["{v}"]


@maker("generic", "room", "uuid")
def _generic(slot: Slot) -> list[str]:
    if len(slot.param) == 1:  # math: "with a = 1, b = -3 and c = 2"
        return [f"with {slot.param} = {{v}}"]
    words = tokens(slot.param)
    naming = words[-1:]
    if naming == ["name"] and len(words) > 1 and words[-2] in PERSON_WORDS:  # "coach_name": a person,
        # not "called Ann Lee": one the user sees ("with coach Ann Lee") or one asked about
        role = words[-2]
        return [f"with {role} {{v}}"] if role in _PROVIDERS else [f"for {role} {{v}}"]  # "for player X"
    if set(naming) & {"name", "title", "label", "nickname", "alias"} and slot.spec.get("type") in ("string", None):
        return ["labelled {v}", "called {v}"] if naming == ["label"] else ["called {v}", "named {v}"]
    if slot.spec.get("type") in ("integer", "number"):
        unit = unit_suffix(slot.param)
        if is_plural(slot.head) and not unit:
            return [f"with {{v}} {slot.noun}"]
        return [f"with {with_article(slot.noun)} of {{v}}{unit}"]
    return [f"with {slot.noun} {{v}}", f"for the {slot.noun} {{v}}"]


FRAGMENTS["room"] = _room
FRAGMENTS["uuid"] = _id


# ---------------------------------------------------------------- enums and booleans


_ACTION = frozenset({"action", "command", "operation", "op", "verb", "cmd", "do"})
_SORT = frozenset({"sort", "sortby", "orderby", "sort_by", "order_by", "ranking", "rank"})
_ORDER = frozenset({"asc", "desc", "ascending", "descending"})


def enum_fragments(slot: Slot) -> list[str]:
    """How an enum value is said, by what the parameter is ("sorted by {v}", "in {v} mode",
    "with {v} priority"); the value itself comes from `enum_words`."""
    values = [str(v).lower() for v in item_spec(slot.spec).get("enum") or []]
    if slot.has(*_ACTION):
        return ["to {v} it"]
    if slot.has("method", "via", "channel", "medium", "means"):  # "by autoclave", not "with autoclave method"
        return ["by {v}", "using {v}"]
    if slot.has("reason", "cause", "why"):  # "because of bad weather", not "with bad weather reason"
        return ["because of {v}", "due to {v}"]
    if values and all(is_code(v) for v in item_spec(slot.spec).get("enum") or []):
        return [f"with {slot.noun} {{v}}", f"for {slot.noun} {{v}}"]  # "with freezer F1_minus80"
    if set(values) <= _ORDER | {"none", ""}:
        return ["{v}"]
    if slot.has(*_SORT) or (slot.has("sort", "order") and slot.has("by")):
        return ["sorted by {v}"]
    if slot.has("mode"):
        return ["in {v} mode"]
    if slot.has("format", "fmt", "output"):
        return ["in {v} format", "as {v}"]
    if slot.has("unit", "units", "system", "scale"):
        return ["in {v}"]
    if slot.has("language", "lang", "locale"):
        return ["in {v}"]
    if slot.has("granularity", "interval", "bucket", "period") and not slot.has("time"):
        return ["by {v}", "per {v}"]
    if slot.has("frequency", "repeat", "recurrence"):
        return ["{v}"]
    raw = item_spec(slot.spec).get("enum") or []
    if raw and all(isinstance(v, int | float) and not isinstance(v, bool) for v in raw):
        return _numeric_enum(slot)
    if slot.has("days", "weekday", "weekdays", "day"):
        return ["on {v}"]
    if slot.has("category", "genre", "section", "class", "topic"):
        return [f"in the {{v}} {slot.head}"]
    if slot.has("type", "kind"):
        return [f"of the {{v}} {slot.head}" if slot.head in ("type", "kind") else f"for {{v}} {plural(slot.head)}"]
    if slot.has("status", "state"):
        return [f"with {slot.noun} {{v}}"]
    if unit_suffix(slot.param):  # "with a nominal volume of 200 microliters"
        return [f"with {with_article(slot.noun)} of {{v}}{unit_suffix(slot.param)}"]
    if known(slot.head) and len(slot.noun.split()) <= 2:  # "with high priority", "with email reminders"
        if is_plural(slot.head) or slot.head.endswith(_ABSTRACT):
            return [f"with {{v}} {slot.noun}"]
        return [f"with the {{v}} {slot.noun}"]  # "with the rolling update strategy"
    return [f"with {slot.noun} {{v}}"]


_SPANS = ("seconds", "minutes", "hours", "days", "nights", "weeks", "months", "years")


def _numeric_enum(slot: Slot) -> list[str]:
    """A number from a list is said as the parameter's kind of number says it ("for 4 tickets",
    "for 14 days", "with a severity of 3"), not as a weekday or a category."""
    span = next((u for u in _SPANS if slot.has(u, u[:-1])), None)
    if span:
        return [f"for {{v}} {span}"]
    spec = {k: v for k, v in slot.spec.items() if k != "enum"}
    kind = slot_kind(slot.param, spec)
    if kind in FRAGMENTS and kind not in ("enum", "generic"):
        return FRAGMENTS[kind](Slot(slot.param, spec, slot.noun, kind, slot.words))
    return [f"with {with_article(slot.noun)} of {{v}}{unit_suffix(slot.param)}"]


# Endings of abstract (mass) nouns, said without an article: "with high priority", "with
# warning severity", "with fast routing"; a countable one takes "the": "the dark theme".
_ABSTRACT = ("ity", "ness", "ance", "ence", "cy", "ing")


_WEEKDAYS = {d[:3]: d for d in ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")}
_WEEKDAYS |= {"tues": "tuesday", "thur": "thursday", "thurs": "thursday", "weds": "wednesday"}
_ORDER_WORDS = {"asc": "lowest first", "ascending": "lowest first", "desc": "highest first",
                "descending": "highest first"}
_DATE_ORDER = {"asc": "oldest first", "ascending": "oldest first", "desc": "newest first",
               "descending": "newest first"}


_CODE_PART = re.compile(r"[A-Za-z]+[0-9]|[0-9]+[A-Za-z]")


def is_code(value: Any) -> bool:
    """A code or identifier, not words: a part mixing letters and digits ("F1_minus80",
    "fridge_4C", "v1") or one glued word that no split makes English ("OOMKilled")."""
    from .lexicon import split_compound

    if not isinstance(value, str) or isinstance(value, bool) or not value.strip():
        return False
    parts = [p for p in re.split(r"[\s_./-]+", value) if p]
    if any(_CODE_PART.search(p) for p in parts):
        return True
    glued = re.sub(r"[\s_./-]+", "", value).lower()
    if len(parts) == 1 and _status_code(value):
        return True
    return len(parts) == 1 and len(glued) >= 6 and bool(re.search(r"[A-Z]{2}[a-z]", value)) and \
        not known(glued) and split_compound(glued) == [glued]


_HUMP = re.compile(r"[A-Z][a-z]+")


def _status_code(value: str) -> bool:
    """One glued CamelCase word of three or more distinct humps ("ImagePullBackOff",
    "CrashLoopBackOff", "NodeNotReady"): a code as an API writes it, said as written, never
    split into words ("image pull back off"). A name whose humps repeat ("DuckDuckGo") is a
    brand and keeps its words."""
    humps = _HUMP.findall(value)
    return bool(re.fullmatch(r"(?:[A-Z][a-z]+|[A-Z]+(?=[A-Z][a-z]|$))+", value)) and len(humps) >= 3 \
        and len({h.lower() for h in humps}) == len(humps)


def _because(value: Any, param: str) -> str | None:
    """A reason said as a clause: "vet_unavailable" -> "because the vet is unavailable" (nouns
    and a closing adjective); None for any other value ("owner request", "bad weather")."""
    if not set(tokens(param)) & {"reason", "cause", "why"}:
        return None
    if re.search(r"[a-z][A-Z]", str(value)):  # "ImagePullBackOff" is a status code, not a clause
        return None
    *subject, state = tokens(str(value)) or [""]
    said = lemmas(state)
    if not subject or set(said) != {"ADJ"}:  # "unavailable", not "ready" (a verb too) or "off"
        return None
    if not all(set(lemmas(w)) & {"NOUN", "VERB"} and "ADJ" not in lemmas(w) for w in subject):
        return None
    verb = "are" if is_plural(subject[-1]) else "is"
    return f"because the {' '.join(subject)} {verb} {state}"


_NONE = frozenset({"none", "null", "nil", "no", "n/a"})
_ANY = frozenset({"any", "all", "every", "either", "both"})
OWN_FRAME = re.compile(r"^(?:with|in) (?:no|any|all) ")  # a value that brings its own frame


def quantified(value: Any, param: str, spec: dict[str, Any]) -> str | None:
    """An enum value that is a quantifier, said with its frame: "none" -> "with no hazard class",
    "any" -> "in any category", "all" -> "with all sizes" (never "in the none class"); None for
    any other value. Frames taking `{v}` leave such a value as it is (OWN_FRAME)."""
    v = str(value).strip().lower()
    if v not in _NONE | _ANY or isinstance(value, bool):
        return None
    thing = param_noun(param, spec) or "option"
    prep = "in" if thing.rsplit(" ", 1)[-1] in ("category", "class", "genre", "section", "group") else "with"
    if v in _NONE:
        return f"with no {thing}"
    return f"{prep} all {plural(thing)}" if v in ("all", "every", "both") else f"{prep} any {thing}"


_GLUED_CAMEL = re.compile(r"(?:[A-Z]+(?![a-z])|[A-Z][a-z]+){2,}")


def _code_family(value: Any, spec: dict[str, Any]) -> bool:
    """A member of an enum of status codes: every member one glued CamelCase word and some of
    them codes ("BackOff" beside "ImagePullBackOff" and "OOMKilled" is said as written too)."""
    members = [str(v) for v in item_spec(spec).get("enum") or []]
    return isinstance(value, str) and len(members) > 1 and all(_GLUED_CAMEL.fullmatch(m) for m in members) \
        and any(is_code(m) for m in members)


def enum_words(value: Any, param: str, spec: dict[str, Any]) -> str | None:
    """The words for an enum value when the plain de-identified words would not do
    ("fri" -> "Friday", "desc" -> "newest first" for a date sort, "vet_unavailable" -> "because
    the vet is unavailable" for a reason); a code as written ("F1_minus80"); None: use the words."""
    if is_code(value) or _code_family(value, spec):
        return str(value)
    framed = quantified(value, param, spec)
    if framed:
        return framed
    reason = _because(value, param)
    if reason:
        return reason
    v = str(value).lower()
    if v in _WEEKDAYS and set(tokens(param)) & {"day", "days", "weekday", "weekdays", "on", "repeat"}:
        return _WEEKDAYS[v].capitalize()
    if v in _ORDER_WORDS:
        dated = set(tokens(f"{param} {spec.get('description') or ''}")) & {"date", "time", "newest", "recent"}
        return (_DATE_ORDER if dated else _ORDER_WORDS)[v]
    *key, order = tokens(str(value)) or [""]
    if key and order in _ORDER_WORDS:  # "price_desc" -> "price, highest first"
        dated = set(key) & {"date", "time", "created", "updated", "published", "newest", "recent"}
        return f"{' '.join(key)}, {(_DATE_ORDER if dated else _ORDER_WORDS)[order]}"
    return None


def _object_words(words: list[str]) -> list[str]:
    """A person after a verb takes "the" ("notifying the owner"); anything else is as named."""
    from ..freetext import PERSON_WORDS

    return ["the", *words] if len(words) == 1 and words[0] in PERSON_WORDS else words


# Adjectives that place a thing among others rather than describe it: a boolean so named picks
# which one ("from the previous container"); "marked as previous" says nothing.
_RELATIONAL = frozenset({"previous", "prior", "next", "last", "first", "current", "latest", "recent", "original",
                         "old", "new", "older", "newer", "earlier", "later"})


def _described_thing(adjective: str, description: str) -> str:
    """The noun the description puts after the adjective (or its adverb): "Return logs of the
    previously terminated container." -> "container"; "one" when it names none."""
    said = tokens(description)
    for i, w in enumerate(said):
        if w in (adjective, adjective + "ly"):
            for nxt in said[i + 1:i + 4]:
                if "NOUN" in lemmas(nxt) and "ADJ" not in lemmas(nxt):
                    return nxt
    return "one"


_BOOL_LEAD = re.compile(r"^(?:is|has|have|should|can|do|does|with|show|return|fetch|get)_", re.IGNORECASE)
_SWITCHES = frozenset({"on", "power", "enabled", "active", "state", "powered", "switch"})


@lru_cache(maxsize=65536)
def bool_words(param: str, description: str = "") -> tuple[str, str]:
    """(said when true, said when false) for a boolean parameter ("include_photos" ->
    ("including photos", "without photos"), "simulate_presence" -> ("simulating presence",
    "without simulating presence"), "on" -> ("turned on", "turned off"))."""
    words = tokens(param)
    if set(words) <= _SWITCHES:
        return "turned on", "turned off"
    if words and words[0] in ("include", "includes", "with", "show", "return", "fetch", "add"):
        rest = " ".join(words[1:]) or "extras"
        return f"including {rest}", f"without {rest}"
    if words and words[-1] == "only" or words and words[0] == "only":
        rest = " ".join(w for w in words if w != "only")
        return f"{rest} only", f"not just {rest}"
    if words and words[0] in ("is", "has", "should", "can"):
        rest = " ".join(words[1:])
        return (f"that is {rest}", f"that is not {rest}") if words[0] == "is" else (f"with {rest}", f"without {rest}")
    if words and words[0] in ("enable", "use", "allow", "disable", "skip", "avoid", "no"):
        rest = " ".join(words[1:])
        return (f"using {rest}", f"without {rest}") if words[0] != "avoid" else (f"avoiding {rest}", f"allowing {rest}")
    if len(words) == 1 and words[0] in _RELATIONAL:  # "previous": the previous what, never "marked as previous"
        thing = _described_thing(words[0], description)
        return f"from the {words[0]} {thing}", f"not from the {words[0]} {thing}"
    if len(words) == 1 and words[0].endswith("ed") and verb_lemma(words[0]):  # "passed", "neutered"
        return f"marked as {words[0]}", f"not marked as {words[0]}"  # a state needs a frame, never bare
    if len(words) > 1 and words[0] in ("in", "on", "at", "under", "over"):  # "in_stock": in stock / not in stock
        return " ".join(words), f"not {' '.join(words)}"
    if len(words) == 1 and set(lemmas(words[0])) == {"ADJ"}:  # "urgent": marked so, not "with urgent"
        return f"marked as {words[0]}", f"not marked as {words[0]}"
    lemma = verb_lemma(words[0]) if words else None
    if lemma and len(words) > 1 and lemma == words[0] and not is_plural(words[0]) \
            and "ADJ" not in lemmas(words[0]):  # "express_shipping" is express shipping, not expressing it
        said = " ".join([gerund(lemma), *_object_words(words[1:])])
        return said, f"without {said}"
    noun = " ".join(words)
    return f"with {noun}", f"without {noun}"
