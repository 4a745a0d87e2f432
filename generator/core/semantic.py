"""Semantic types of parameters, and realistic values for each.

A parameter's *semantic type* (latitude, unix time, money, city, email, person, product, id,
free text, ...) is inferred from its name, its description and its schema (`infer`): the name's
words decide first (`start_ts` -> unix time, `device_id` -> id, `full_name` -> person); a name
too generic to say anything (`value`, `query`, `q`, `input`, ...) lets the description decide
("Song, album or artist to play" -> a music title); a `format` always wins for strings. Each
type has a generator: strings through Faker (seeded from the caller's `random.Random`, so
values are deterministic, and locale-aware: `use_locale("de_DE")`), numbers as a typical range
that the sampler intersects with the schema's own bounds (`typical_range`).

Only generic vocabulary is hand-written here (rooms, dishes, product kinds, genres, real world
cities): no name invented for the bundled example catalog appears, so a user's catalog never
receives another catalog's names.
"""

from __future__ import annotations

import base64
import json
import random
import re
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from functools import lru_cache
from typing import Any

from faker import Faker

from . import allowed, codes, freetext, places, zips

DEFAULT_LOCALE = "en_US"
LOCALE: ContextVar[str] = ContextVar("trajgen_locale", default=DEFAULT_LOCALE)


@contextmanager
def use_locale(locale: str) -> Iterator[None]:
    """Values drawn inside the block use Faker's `locale` (names, addresses, phone numbers)."""
    token = LOCALE.set(locale)
    try:
        yield
    finally:
        LOCALE.reset(token)


@lru_cache(maxsize=16)
def _faker(locale: str) -> Faker:
    return Faker(locale)


def check_locale(locale: str) -> str | None:
    """None when Faker knows `locale`, else the problem (for config checks)."""
    try:
        _faker(locale)
    except AttributeError:
        return f"unknown locale {locale!r} (Faker locales look like en_US, de_DE, fr_FR, ja_JP)"
    return None


def faker(rng: random.Random) -> Faker:
    """The locale's Faker, re-seeded from `rng`: the value depends on `rng` alone."""
    fake = _faker(LOCALE.get())
    fake.seed_instance(rng.getrandbits(48))
    return fake


# ---------------------------------------------------------------- generic vocabulary

# Counties that exist (the names most US states share), never "Dickerson County".
COUNTIES = ["Jefferson County", "Washington County", "Franklin County", "Jackson County", "Lincoln County",
            "Madison County", "Clay County", "Montgomery County", "Marion County", "Monroe County", "Union County",
            "Warren County", "Greene County", "Wayne County", "Fresno County", "King County", "Harris County"]
CITIES = [("Lisbon", "PT"), ("Porto", "PT"), ("Madrid", "ES"), ("Valencia", "ES"), ("Lyon", "FR"),
          ("Marseille", "FR"), ("Paris", "FR"), ("Berlin", "DE"), ("Hamburg", "DE"), ("Munich", "DE"),
          ("Vienna", "AT"), ("Zurich", "CH"), ("Milan", "IT"), ("Turin", "IT"), ("Rome", "IT"),
          ("Amsterdam", "NL"), ("Utrecht", "NL"), ("Brussels", "BE"), ("Copenhagen", "DK"),
          ("Stockholm", "SE"), ("Oslo", "NO"), ("Helsinki", "FI"), ("Warsaw", "PL"), ("Prague", "CZ"),
          ("Dublin", "IE"), ("Manchester", "GB"), ("Edinburgh", "GB"), ("London", "GB"),
          ("Chicago", "US"), ("Denver", "US"), ("Seattle", "US"), ("Austin", "US"), ("Boston", "US"),
          ("Toronto", "CA"), ("Vancouver", "CA"), ("Mexico City", "MX"), ("Bogota", "CO"),
          ("Lima", "PE"), ("Santiago", "CL"), ("Sao Paulo", "BR"), ("Cape Town", "ZA"),
          ("Nairobi", "KE"), ("Cairo", "EG"), ("Istanbul", "TR"), ("Dubai", "AE"), ("Mumbai", "IN"),
          ("Bangalore", "IN"), ("Singapore", "SG"), ("Bangkok", "TH"), ("Seoul", "KR"), ("Osaka", "JP"),
          ("Tokyo", "JP"), ("Taipei", "TW"), ("Sydney", "AU"), ("Melbourne", "AU"), ("Auckland", "NZ"),
          # more towns of the countries a catalog is placed in, so one catalog's towns still vary
          ("Portland", "US"), ("San Diego", "US"), ("Atlanta", "US"), ("Phoenix", "US"), ("Columbus", "US"),
          ("Raleigh", "US"), ("Madison", "US"), ("Omaha", "US"), ("Bristol", "GB"), ("Leeds", "GB"),
          ("Glasgow", "GB"), ("Cardiff", "GB"), ("Liverpool", "GB"), ("Nagoya", "JP"), ("Sapporo", "JP"),
          ("Fukuoka", "JP"), ("Kyoto", "JP"), ("Brisbane", "AU"), ("Perth", "AU"), ("Adelaide", "AU"),
          ("Delhi", "IN"), ("Chennai", "IN"), ("Pune", "IN"), ("Hyderabad", "IN"), ("Calgary", "CA"),
          ("Ottawa", "CA"), ("Montreal", "CA"), ("Halifax", "CA")]
ROOMS = ["kitchen", "living room", "bedroom", "bathroom", "hallway", "office", "garage", "dining room",
         "kids room", "basement", "guest room", "laundry room"]
DISHES = ["noodle soup", "grilled chicken", "veggie curry", "dumplings", "margherita pizza", "poke bowl",
          "falafel wrap", "pancakes", "caesar salad", "beef tacos", "mushroom risotto", "pad thai"]
CUISINES = ["italian", "thai", "mexican", "indian", "japanese", "greek", "vietnamese", "lebanese"]
INGREDIENTS = ["eggs", "spinach", "rice", "chickpeas", "tomatoes", "garlic", "onions", "lentils", "basil"]
PRODUCTS = ["wireless earbuds", "running shoes", "espresso beans", "yoga mat", "desk lamp", "rain jacket",
            "phone charger", "water bottle", "notebook", "backpack", "standing desk", "air fryer"]
GENRES = ["jazz", "indie pop", "lo-fi", "classical", "hip hop", "folk", "electronic", "blues"]
TOPICS = ["gardening", "space travel", "local history", "cooking", "startups", "climate policy",
          "machine learning", "urban cycling", "photography", "personal finance"]
CATEGORIES = ["work", "home", "errands", "health", "family", "travel", "finance", "hobby"]
MESSAGES = ["running late, be there in ten minutes", "can we move our call to tomorrow?",
            "please review the draft before Friday", "dinner is at seven, bring dessert",
            "the package arrived, thanks!", "reminder: team sync notes are in the shared folder",
            "let's meet at the usual place", "could you send me the latest figures?"]
TITLE_ADJ = ["Silent", "Golden", "Hidden", "Broken", "Electric", "Distant", "Velvet", "Northern", "Paper",
             "Crimson", "Quiet", "Wild"]
TITLE_NOUN = ["River", "Garden", "Signal", "Horizon", "Lantern", "Echo", "Orchard", "Harbor", "Season",
              "Compass", "Mirror", "Voyage"]
SIZES = ["S", "M", "L", "XL"]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]


# ---------------------------------------------------------------- inference

_SPLIT = re.compile(r"[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
# Names that say nothing about what a value is: the description decides.
GENERIC = frozenset({"value", "values", "query", "q", "input", "param", "arg", "data", "text", "term",
                     "keyword", "keywords", "search", "string", "str", "item", "items", "key", "val",
                     "input_text", "content", "filter", "s", "x", "y", "name", "names", "entity"})


def tokens(text: str) -> list[str]:
    """Lower-case words of an identifier or a text ("startTs" -> ["start", "ts"])."""
    return list(_tokens(str(text)))


@lru_cache(maxsize=65536)  # asked tens of times per drawn call, of the same few names and descriptions
def _tokens(text: str) -> tuple[str, ...]:
    return tuple(t.lower() for t in _SPLIT.split(text) if t)


_NUMBERED = re.compile(r"^([a-z]{4,})\d+$")  # "player1", "place2" (not "ipv4", "sha256")


def name_words(name: str) -> list[str]:
    """The words of a parameter's name without its numbering ("player1" -> ["player"],
    "file_name1" -> ["file", "name"])."""
    words = [m.group(1) if (m := _NUMBERED.match(w)) else w for w in tokens(name)]
    if len(words) > 1 and words[-1] in ("a", "b", "c", "d"):  # `cityA`, `team_b`: a lettered pair
        words = words[:-1]
    return [w for w in words if not w.isdigit()] or words


def singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "ches", "shes", "xes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3 \
        else word


@dataclass(frozen=True)
class Rule:
    """A semantic type: applies to JSON `types`, matched by name words (`words`), whole-name
    suffixes (`suffixes`), description phrases (`described`) or `formats`."""

    kind: str
    types: frozenset[str]
    words: frozenset[str] = frozenset()
    suffixes: tuple[str, ...] = ()
    described: tuple[str, ...] = ()
    formats: frozenset[str] = frozenset()


def _rule(kind: str, types: str, words: str = "", suffixes: str = "", described: tuple[str, ...] = (),
          formats: str = "") -> Rule:
    return Rule(kind, frozenset(types.split()), frozenset(words.split()), tuple(suffixes.split()),
                described, frozenset(formats.split()))


S, N, SN = "string", "integer number", "string integer number"
# Order matters: the first rule that matches wins.
RULES: list[Rule] = [
    _rule("email", S, "email emails mail", formats="email idn-email"),
    _rule("url", S, "url urls uri link links website homepage webhook endpoint href",
          formats="uri iri uri-reference iri-reference"),
    _rule("uuid", S, "uuid guid", formats="uuid"),
    _rule("ipv4", S, "ip ipv4", suffixes="ip_address ipaddress", formats="ipv4"),
    _rule("ipv6", S, "ipv6", formats="ipv6"),
    _rule("hostname", S, "hostname host fqdn", formats="hostname idn-hostname"),
    _rule("domain", S, "domain domains", suffixes="domain_name"),
    _rule("mac", S, "mac", suffixes="mac_address macaddress"),
    _rule("duration_iso", S, formats="duration"),
    _rule("clock", S, "time times date dates datetime when deadline"),
    _rule("latitude", SN, "lat latitude"),
    _rule("longitude", SN, "lon lng longitude", suffixes="_long"),
    _rule("coordinates", S, "coordinates coords coordinate latlng latlon geo"),
    _rule("unix_time", N, "timestamp ts epoch unix", described=("unix", "epoch", "seconds since",
                                                                  "timestamp")),
    _rule("probability", "number", "probability prob likelihood chance", described=("probability",)),
    _rule("year", N, "year yr"),
    _rule("month_number", "integer", "month"),
    _rule("hour", "integer", "hour"),
    _rule("age", N, "age"),
    _rule("percent", N, "percent percentage pct discount brightness humidity volume saturation opacity",
          described=("percent", "percentage", "%")),
    _rule("rating", N, "rating stars star score"),
    _rule("temperature", N, "temperature temp celsius fahrenheit degrees"),
    _rule("memory_size", N, "memory ram storage disk vram"),
    _rule("money", N, "price prices cost amount budget fee fare salary balance total payment deposit income "
                      "spend rent revenue charge valuation insured appraised",
          suffixes="_usd _eur _gbp _jpy _chf _in_usd",
          described=("price", "amount of money", "in usd", "dollars", "currency amount")),
    _rule("tip", N, "tip"),
    _rule("limit", N, "limit top max_results page_size per_page k n topk results",
          suffixes="max_results page_size per_page top_k num_results"),
    _rule("page", N, "page"),
    _rule("offset", N, "offset skip"),
    _rule("duration_seconds", N, "seconds secs timeout ttl second", suffixes="_sec _s"),
    _rule("duration_minutes", N, "minutes mins minute duration"),
    _rule("duration_hours", N, "hours hour"),
    _rule("duration_days", N, "days nights weeks"),
    _rule("duration_years", N, "years"),
    # a boat's length overall, beam and draft: 18-60 ft, 6-16 ft, 1.5-7 ft (never a 1 ft boat 19 ft deep)
    _rule("vessel_length", N, "loa"),
    _rule("vessel_beam", N, "beam"),
    _rule("vessel_draft", N, "draft draught"),
    _rule("distance", N, "distance radius km kilometers miles meters metres range"),
    _rule("weight", N, "weight kg kilograms lbs pounds"),
    _rule("height", N, "height cm"),
    _rule("port", "integer", "port"),
    _rule("card_code", N, "cvv cvc cvv2", suffixes="verification_number security_code card_code"),
    _rule("count", N, "count num number quantity qty people persons guests guest adults adult children kids "
                      "passengers passenger tickets ticket seats seat rooms copies servings players party "
                      "size members attendees", suffixes="_count"),
    _rule("id_number", N, "id ids identifier"),
    _rule("id", S, "id ids identifier uid", suffixes="_id _ids"),
    _rule("username", S, "username login handle screen_name nickname", suffixes="user_name"),
    _rule("password", S, "password passwd passphrase", formats="password"),
    _rule("pin", S, "pin"),
    _rule("token", S, "token secret apikey api_key cursor hash nonce checksum etag credential credentials",
          suffixes="api_key access_token"),
    _rule("command", S, "command cmd"),
    _rule("callback", S, "callback jsonp"),
    _rule("expression", S, "equation expression formula polynomial func"),
    _rule("variable", S, "variable var"),
    _rule("entry_key", S, "", suffixes="memory_key entry_key"),
    _rule("dataset", S, "dataset datasets df dataframe data"),
    _rule("county", S, "county counties"),
    _rule("phone", S, "phone mobile tel telephone fax msisdn cell"),
    _rule("tracking", S, "tracking awb waybill"),
    # "given" alone is no name: "Reported term as given by the reporter" (set 36: "reported as Tanya")
    _rule("first_name", S, "firstname givenname middlename", suffixes="first_name given_name middle_name"),
    _rule("last_name", S, "lastname surname", suffixes="last_name family_name"),
    _rule("person", S, "person contact recipient recipients attendee attendees guest guests passenger "
                       "leader maintainer maker individual spouse founder creator cardholder holder "
                       "passengers author driver patient doctor owner assignee sender customer employee "
                       "member friend user fullname who cc bcc to invitee participant examiner conservator "
                       "approver appraiser inspector reviewer technician nurse clerk curator pharmacist auditor "
                       "witness registrar supervisor signatory requester requestor verifier assessor adjuster "
                       "surveyor physician surgeon clinician dispatcher caseworker notary grantor grantee "
                       "decedent affiant mortgagor testator heir pledgor conductor soloist musician composer "
                       "librarian accompanist instructor coach tutor teacher trainer vet veterinarian",
          suffixes="full_name"),
    _rule("artist", S, "artist artists singer band performer"),
    _rule("restaurant", S, "restaurant restaurants"),
    _rule("hotel", S, "hotel hotels hostel lodging accommodation"),
    _rule("store", S, "store stores shop shops market supermarket grocer boutique"),
    _rule("company", S, "company companies organization organisation org employer brand manufacturer "
                        "vendor merchant airline carrier publisher seller supplier business"),
    _rule("country_code", S, "", suffixes="country_code countrycode"),
    _rule("country", S, "country countries nation nationality citizenship flag"),
    _rule("state", S, "province", suffixes="us_state"),
    _rule("postcode", S, "zip zipcode postcode postal", suffixes="postal_code zip_code"),
    _rule("city", S, "city cities town municipality"),
    _rule("address", S, "address street addresses"),
    _rule("place", S, "location locations place places origin destination venue pickup dropoff departure "
                      "arrival where near area neighborhood neighbourhood landmark spot stop station from "
                      "source target waypoint"),
    _rule("room", S, "room rooms zone"),
    _rule("currency", S, "currency currencies"),
    _rule("language", S, "language languages lang"),
    _rule("locale", S, "locale"),
    _rule("timezone", S, "timezone tz", suffixes="time_zone"),
    _rule("color", S, "color colour colors colours"),
    _rule("file", S, "file files filename path filepath dir directory folder attachment"),
    _rule("mime", S, "mime mimetype", suffixes="content_type"),
    _rule("version", S, "version"),
    _rule("airport_code", S, "icao iata"),
    _rule("locode", S, "locode unlocode"),
    _rule("flight_code", S, "flight", suffixes="flight_number flight_no flnr"),
    _rule("ticker", S, "ticker symbol symbols stock stocks"),
    _rule("code", S, "code codes coupon promo voucher sku isbn barcode serial", suffixes="serial_number serial_no"),
    _rule("weekday", S, "weekday weekdays"),
    _rule("month_name", S, "month"),
    _rule("food", S, "dish dishes food foods meal meals recipe recipes menu snack snacks"),
    _rule("cuisine", S, "cuisine cuisines"),
    _rule("ingredient", S, "ingredient ingredients grocery groceries"),
    _rule("product", S, "product products goods merchandise article"),
    _rule("genre", S, "genre genres"),
    _rule("title_work", S, "song songs track tracks album albums movie movies film films book books show shows "
                           "podcast podcasts playlist playlists game games episode video videos"),
    _rule("title", S, "title subject headline heading"),
    _rule("topic", S, "topic topics"),
    _rule("category", S, "category categories tag tags"),
    _rule("size", S, "size sizes"),
    _rule("job", S, "job occupation profession position"),
    _rule("variant", S, "type mode kind style variant", suffixes="type mode Type Mode"),
    _rule("data_format", S, "format", suffixes="format Format"),
    _rule("text", S, "message messages text body content note notes comment comments description memo review "
                     "caption prompt question instruction instructions reason request summary bio answer"),
]
_BY_KIND = {r.kind: r for r in RULES}
# Description phrases for generic names: the first phrase found in the description decides.
_DESCRIBED: list[tuple[str, str]] = [
    ("email", "email"), ("url", "url"), ("phone", "phone number"), ("city", "city"),
    ("country", "country"), ("address", "address"), ("place", "location"), ("artist", "artist"),
    ("title_work", "song"), ("title_work", "movie"), ("title_work", "book"), ("title_work", "album"),
    ("food", "dish"), ("food", "food"), ("restaurant", "restaurant"), ("hotel", "hotel"),
    ("product", "product"), ("person", "person"), ("person", "name of the user"),
    ("company", "company"), ("topic", "topic"), ("text", "message"), ("language", "language"),
    ("currency", "currency"), ("state", "state code"), ("file", "file"), ("file", "directory"),
    ("text", "memory"), ("text", "note"), ("postcode", "zipcode"), ("postcode", "zip code"),
    ("postcode", "postal code"), ("place", "starting point"), ("place", "start point"), ("place", "end point"),
    ("place", "ending point"), ("place", "place"), ("expression", "differentiated"),
    ("expression", "integrated"), ("expression", "equation"), ("expression", "polynomial"),
]


# Kinds whose words are too common in descriptions to decide anything ("the number of", "a short
# description", "the user's ...") when read from a description rather than a name.
_VAGUE_IN_TEXT = frozenset({"count", "text", "person", "id", "title", "category", "size", "code", "file",
                            "place", "version", "language", "clock", "color", "limit",  # "the limits" of a track authority are no page size
                            "job"})  # "Guard (sentry) positions manned during the firing" are places, no jobs (set 28)


# Last words that say little on their own: the word before decides ("artist_name" is an artist,
# "email_address" an email), else the weak word itself.
WEAK_HEADS = frozenset({"name", "names", "number", "no", "value", "values", "address", "string", "str", "info",
                        "state",  # a `flag_state` is a country
                        "ft", "feet", "gal", "kwh", "mm"})  # `loa_ft`: a unit no rule reads says what is measured
# Kinds a description may sharpen ("to_symbol ... from the forex currency list" is a currency).
_REFINABLE = frozenset({"ticker", "code", "title", "place", "city", "person", "room"})
_TOWN_LEAD = re.compile(r"\s*(?:the )?(?:town|city|village|municipality|community)\b(?! (?:code|id|number)\b)", re.IGNORECASE)
_WHERE = frozenset({"place", "city", "room", "address", "country", "state", "postcode", "hotel", "restaurant"})


def _by_name(name: str, words: list[str], candidates: list[Rule]) -> str | None:
    """The head noun decides: the last word ("pickup_city" is a city, "departure_time" a time,
    "user_preferences" no person), or for a weak last word the nearest word before it."""
    suffixed = next((r.kind for r in candidates if any(name.endswith(s) for s in r.suffixes)), None)
    if suffixed or not words:
        return suffixed
    order = [[w] for w in reversed(words[:-1])] + [words[-1:]] if words[-1] in WEAK_HEADS else [words[-1:]]
    for tail in order:
        hit = next((r.kind for r in candidates if _name_match(r, name, tail)), None)
        if hit:
            return hit
    return None


def _by_description(description: str, json_type: str) -> str | None:
    """The kind the description names first ("The zipcode of the second city" is a zipcode); a
    quoted example's words name nothing ("e.g. 'Columbus City Schools'" is no city: set 38)."""
    description = re.sub(r"'[^']*'|\"[^\"]*\"", " ", description)
    text = f" {' '.join(singular(t) for t in tokens(description))} "
    text = re.sub(r" company (?=(?:person|contact|representative|employee|official|staff member) )", " ", text)  # a
    # "Company person escorting the inspector" is a person, never "Jones Inc" (set 45)
    found = [(text.find(f" {phrase} "), kind) for kind, phrase in _DESCRIBED
             if f" {phrase} " in text and json_type in _BY_KIND[kind].types]
    return min(found)[1] if found else None


def _name_match(rule: Rule, name: str, words: list[str]) -> bool:
    if any(name.endswith(s) for s in rule.suffixes):
        return True
    hit = rule.words & ({*words, *(singular(w) for w in words)})
    whole = tokens(name)
    if hit and hit <= _LETTER_LIMITS and len(whole) > 1 and "top" not in whole:
        return False  # `k` and `top_k` are how many results; `dialysate_k` is potassium, `sample_n` a size
    return bool(hit)


# One-letter names of a result count ("k", "n"), never so inside a longer name.
_LETTER_LIMITS = frozenset({"k", "n"})


def _json_type(schema: dict[str, Any]) -> str:
    t = schema.get("type")
    if isinstance(t, list):
        t = next((x for x in t if x != "null"), "string")
    return {"float": "number", "dict": "object", "tuple": "array", "int": "integer", "bool": "boolean",
            "str": "string", "list": "array"}.get(t, t) if isinstance(t, str) else "string"


# Words for a span of time: after one, a closing "min" is minutes ("duration_min", "rest_min");
# elsewhere it is a lower bound ("price_min", "time_min").
SPAN_WORDS = frozenset({"duration", "length", "runtime", "wait", "delay", "timeout", "interval", "break",
                        "rest", "pause", "cooldown", "travel", "commute", "prep", "cook", "cooking", "workout",
                        "session", "exercise", "drive", "walk", "ride", "warmup", "stay", "lead", "bake"})


_BOUNDS = frozenset({"min", "max", "minimum", "maximum"})


def said_order(words: list[str]) -> list[str]:
    """A name's words in the order they are said: a closing "min" after a span word is
    "minutes" ("duration_min"), any other closing bound goes first ("price_min" is a min price)."""
    if len(words) >= 2 and words[-1] == "min" and words[-2] in SPAN_WORDS:
        return [*words[:-1], "minutes"]
    if len(words) >= 2 and words[-1] in _BOUNDS and words[-2] not in _BOUNDS:
        return [words[-1], *words[:-1]]
    return words


_COUNTING = frozenset({"num", "count", "qty", "quantity", "total", "n"})
_COUNT_LEADS = ("number of", "how many", "count of", "the number of", "total number", "amount of")


def _counts(words: list[str], description: str) -> bool:
    """A number that counts things (`num_updates`, "Number of frames with brood"): a count,
    whatever else its description mentions (a "timestamp" it counts since)."""
    lead = description.strip().lower()
    return bool(set(words) & _COUNTING) or (bool(words) and words[0] == "number") or lead.startswith(_COUNT_LEADS)


# Participles that do not end in -ed: `written_by`, `taken_by` name a person too.
_PARTICIPLES = frozenset({"written", "taken", "given", "seen", "done", "drawn", "made", "run", "read", "held",
                          "signed", "sent", "paid", "kept", "led", "won", "met", "brought", "caught", "sold", "told"})


# Participles whose `_by` names a field or a separator (`sorted_by`, `delimited_by`), not a person.
_ARRANGED = frozenset({"sorted", "grouped", "partitioned", "indexed", "keyed", "filtered", "clustered", "bucketed",
                       "separated", "delimited", "weighted", "ranked", "paginated", "followed", "aggregated"})
_FIELD_WORDS = re.compile(r"\b(?:field|column|attribute|key|sort|sorting|property)\b", re.IGNORECASE)


def _done_by(words: list[str], description: str) -> bool:
    """`<participle>_by`: the person who did it (`sort_by`, `group_by`, `sorted_by`, an
    `ordered_by` "field to sort on" name a field instead)."""
    verb = words[-2] if len(words) >= 2 and words[-1] == "by" else ""
    return (verb.endswith("ed") or verb in _PARTICIPLES) and verb not in _ARRANGED and \
        not _FIELD_WORDS.search(description)


_PERSON_ID = re.compile(r"\b(?:employee|staff|badge|user|personnel|member)\s+(?:id|ids|number|no\.?)\b", re.IGNORECASE)


# Units a rate per hour is of (`heat_input_btu_hr`, `steam_lb_hr`, `flow_gal_hr`).
_RATE_OF = frozenset({"btu", "mmbtu", "lb", "lbs", "gal", "kg", "kw", "kwh", "bbl", "scf", "l", "m3", "t"})


# What flies a flag: `vessel_flag` is a country, `ground_for_detention_flag` a yes/no mark.
_FLAG_OWNERS = frozenset({"vessel", "ship", "boat", "yacht", "aircraft", "carrier", "registry", "registered", "national"})


_API_KEY = re.compile(r"\b(?:api|secret|auth\w*|access|credential)\b", re.IGNORECASE)


def _said_of_its_trade(words: list[str], json_type: str, description: str) -> str | None:
    """Kinds a name's words would mislead on (set 49): `team_name` is a club's name ("Team or group the room
    is for"), never "bedroom"; `host_name` a person where the description opens on one ("Parent booking the
    party."), never "laptop-37.stokes.com"; `bearing_degrees` ("Forecast surface wind direction (from),
    degrees true") a compass direction, no temperature."""
    if json_type == "string" and (words[-1:] == ["team"] or words[-2:] == ["team", "name"]):
        return "generic"
    if json_type == "string" and words in (["host"], ["host", "name"]) and \
            (lead := (re.findall(r"[a-z]+", description.lower())[:1] or [""])[0]) != "host" and freetext.is_person_role(lead):
        return "person"
    if json_type in ("integer", "number") and "degrees" in words and (set(words) & _COMPASS or _COMPASS_SAID.search(description)):
        return "generic"
    return None


@lru_cache(maxsize=16384)
def _infer(name: str, json_type: str, fmt: str, description: str) -> str:
    words = said_order(name_words(name))  # `file_name1`, `player1`
    if name.lower() in ("key", "keys") and json_type == "string":  # an API's key, else a stored entry's
        return "token" if _API_KEY.search(description) else "entry_key"
    head = _head(words)
    if json_type == "string" and (words[-2:] == ["water", "body"] or words[:3] == ["body", "of", "water"]):
        return "place"  # a river or a lake, never a message body ("saying Mississippi River": set 26)
    if json_type == "string" and _done_by(words, description):
        # `administered_by`, `reported_by`: who did it, never "administered 4"; by their employee
        # id where the description asks for one ("Supervisor employee id")
        return "id" if _PERSON_ID.search(description) else "person"
    if said := _said_of_its_trade(words, json_type, description):
        return said
    if json_type == "string" and head in _TEXT_HEADS:
        return "text"  # `questions_for_authors` is questions, whoever reads them
    if json_type == "string" and head and freetext.is_category(head) and head not in _KIND_WORDS:
        return "generic"  # `pronouns`: a member of its everyday class ("they/them"), no first name
    if json_type != "string" and ("bp" in words or _BEFORE_PRESENT.search(description)):
        return "years_bp"  # "Conventional radiocarbon age, years BP": an age before 1950, no calendar year
    if json_type in ("string", "boolean", "") and words[-1:] == ["flag"] and len(words) >= 2 and \
            words[-2] not in _FLAG_OWNERS:
        return "generic"  # `ground_for_detention_flag`, `is_active_flag`: a yes/no mark, never a ship's flag (set 37:
        # "ground for detention flag: Gabon")
    kind = _infer_words(name, words, json_type, fmt, description)
    if kind == "hour" and len(words) >= 3 and words[-1] in ("hr", "h") and words[-2] in _RATE_OF:
        return "generic"  # `heat_input_btu_hr`: BTU per hour, no clock hour (set 38)
    if kind.startswith(("duration", "hour", "minute")) and len(words) >= 3 and words[-2] == "per":
        return "generic"  # `survey_micror_per_h`: a rate per hour, no span of hours (set 46: 16755 "hours")
    if kind == "hour" and ("hours" in tokens(name) or re.match(r"\W*hours\b", description, re.IGNORECASE)):
        return "duration_hours"  # `reply_within_hours`, "Hours the flag state is given": no clock hour (set 37)
    if kind == "percent" and "volume" in words and _VOLUME_UNIT.search(f"{name} {description}"):
        return "generic"  # "Sample volume in liters" is an amount of soil, no loudness (set 24: 20-40 L of pollen)
    if kind == "money" and (_PHYSICAL.search(description) or _UNIT_GIVEN.search(description)):
        return "generic"  # "the amount of fuel, in gallons" is a quantity, not money
    if kind == "limit" and _MONEY_LIMIT.search(description):
        return "money"  # "Owner-approved spend without further call, USD": a spending limit, not a page size
    if kind == "limit" and description.strip() and not _COUNTED.search(description):
        return "generic"  # "The cap in rate_unit: 6 to 80 for A": a power cap, never "at most 23 results" (set 35)
    if json_type == "string" and kind in ("generic", "company") and _PERSON_NAME_SAID.match(description):
        return "person"  # `signer_name`, "Full name of the homeowner who signed": a person (set 31); "Passenger's full name as on a
        # photo ID" is no id, "Full name of the deponent ...;
        # for a corporate deposition the company name" mostly a person (set 49)
    if json_type == "string" and kind in ("category", "generic", "topic") and _NUMBER_SAID.match(description):
        return "id"  # `wash_tag`, "Wash tag number.": the tag's number, never a label ("errands")
    if json_type == "string" and kind in ("place", "city", "address") and _TIME_SAID.search(description):
        return "clock"  # `earliest_departure`, "Earliest departure time, format %H:%M": a time, never "Osaka" (set 31)
    if json_type == "string" and kind == "place" and _NUMBER_LEAD.match(description):
        return "id"  # `lrn`, "Location Routing Number of our switch ...": a number, no place (set 27: "in 8692029313")
    if json_type == "string" and kind in _NAMED_KINDS and _ID_LEAD.search(description):
        return "id"  # "zone, Zone Id (forecast or county)": an identifier of the thing, not its name
    if kind == "ticker" and "ticker" not in words and not _MARKET.search(description):
        return "code"  # a key's "symbol" (AA1), a chart's: a market's ticker only where markets are spoken of
    if json_type == "string" and kind == "id" and (lead := _NAME_LEAD.match(description)) and \
            (lead.group(1) is None or lead.group(1).lower() in ("holder", "customer") or
             freetext.is_person_role(lead.group(1).lower())):
        return "person"  # `name_on_id`, "Full name as printed on the ID.", "Passenger's full name as on a photo
        # ID." (set 49: NAM-80964): a person's name, no id
    search = set(words) & {"query", "q", "keyword", "keywords", "search", "term"}
    broad = ("text", "variant", "generic", "category", "topic")  # "Search keywords (e.g., exercise type)"
    return "search_term" if search and kind in broad else kind  # "keyword to search in messages"


# "Amount per administration, in dose_unit": an amount in the unit another parameter gives, no money (set 31).
_UNIT_GIVEN = re.compile(r"\bin (?:the )?\w+_units?\b|\bper (?:administration|dose|application|treatment)\b",
                         re.IGNORECASE)
_BEFORE_PRESENT = re.compile(r"\byears? BP\b|\bbefore present\b|\bcal(?:ibrated)? BP\b|\bBP\b(?= age)")
_VOLUME_UNIT = re.compile(r"\b(?:lit(?:er|re)s?|l|ml|millilit(?:er|re)s?|gal(?:lon)?s?|m3|cubic|cc|oz)\b", re.IGNORECASE)
_MARKET = re.compile(r"\b(?:stocks?|shares?|equit(?:y|ies)|tickers?|market|exchange|nasdaq|nyse|crypto\w*|coins?|"
                     r"tokens?|etfs?|funds?|securit(?:y|ies)|compan(?:y|ies)|trading|portfolio|forex|currenc(?:y|ies))\b",
                     re.IGNORECASE)
# A description that says the value is a moment: it opens on a noun phrase ending in "time" or
# "date", or gives a clock or date format.
_TIME_SAID = re.compile(r"^(?:the |an? )?(?:(?!and |or )[\w'-]+ ){0,3}(?:time|date|datetime)(?=\s*(?:[,.;:(]|$|in |of |format))|"
                        r"%[HMYdm]\b|\bhh:mm\b|\byyyy-mm-dd\b", re.IGNORECASE)
# A description that opens on a person's full name ("Full name of the homeowner who signed").
_PERSON_NAME_SAID = re.compile(r"^(?:the |a |an )?(?:[\w'-]+'s )?(?:full|legal|first and last) name\b", re.IGNORECASE)
# A description that opens by saying the value is a person's name.
_NAME_LEAD = re.compile(r"^(?:the |a |an )?(?:(\w+)'s )?(?:full |first and last |legal )?name\b",
                        re.IGNORECASE)
# A description that opens on a noun phrase ending in "number" or "ID" ("Location Routing Number of ...").
_NUMBER_LEAD = re.compile(r"^(?:the |a |an )?(?:[\w-]+ ){0,4}(?:number|ID|identifier)\b(?!s)(?! of (?:the |a )?\w+s\b)", re.IGNORECASE)
# A description that is one noun phrase ending in "number" or "ID": the value is that number.
_NUMBER_SAID = re.compile(r"^[^.;:,()]{0,60}\b(?:number|no\.|ID|identifier)\.?\s*$"
                          # "Community Fleet Register number of the vessel: the flag state's ISO 3-letter code and ..."
                          # is an id, never a country (set 38: "the vessel's record in IRL620I51903")
                          r"|^[^.;:,()]{0,60}\b(?:number|ID|identifier)(?: of (?:the|a|an) [a-z ]{1,30})?\s*[:(]")
_COUNTED = re.compile(r"\b(?:results?|records?|rows?|items?|entries|entry|matches|hits|returns?|returned|pages?|"
                      r"how many|number|count|max(?:imum)?|top|listed|shown|list)\b", re.IGNORECASE)
_MONEY_LIMIT = re.compile(r"\b(?:USD|EUR|GBP|dollars?|euros?|spend(?:ing)?|cost|price|budget)\b|\$", re.IGNORECASE)


_COMPASS = frozenset({"bearing", "heading", "azimuth", "direction", "course", "wind", "track"})
_COMPASS_SAID = re.compile(r"\bdegrees (?:true|magnetic)\b|\bdirection\b|\bbearing\b|\bcompass\b", re.IGNORECASE)


# Name heads that make a parameter wording, whatever it is about.
_TEXT_HEADS = frozenset({"question", "questions", "summary", "justification", "rationale", "comment", "comments",
                         "remark", "remarks", "memo", "agenda", "explanation", "feedback", "review"})
# Category words that name a parameter's kind of value only loosely (their own rules read them).
_KIND_WORDS = frozenset({"status", "state", "level", "unit", "units", "role", "room", "field", "channel", "period",
                         "mode", "class", "rating", "team", "direction", "environment", "shift", "energy", "feature"})
_QUALIFIERS = frozenset({"for", "to", "of", "from", "on", "in", "by", "per", "with"})


def _head(words: list[str]) -> str:
    """The word a name is about: the last before a qualifier (`questions_for_authors`)."""
    cut = next((i for i, w in enumerate(words) if w in _QUALIFIERS and i > 0), len(words))
    return words[cut - 1] if words[:cut] else ""


def _infer_words(name: str, words: list[str], json_type: str, fmt: str, description: str) -> str:
    if fmt:
        hit = next((r.kind for r in RULES if fmt in r.formats and json_type in r.types), None)
        if hit:
            return hit
    candidates = [r for r in RULES if json_type in r.types]
    if json_type == "string" and words and words[-1] == "state" and _STATE_CODE_SAID.search(description):
        return "state"  # `destination_state`, "Two-letter USPS code of the state the animals ship to"
    if name.lower() not in GENERIC and (set(words) - GENERIC or not words):
        hit = _by_name(name, words, candidates)
        if hit == "person" and json_type == "string" and words[-1] in ("number", "no", "nr", "code"):
            return "id"  # `inspector_certificate_number`: the certificate's number, never "Catherine Hernandez" (set 49)
        if hit == "city" and _TOWN_LEAD.match(description):
            return hit  # "Town of the service address": a town, never a street address (set 32)
        if hit and not (hit in _REFINABLE and (better := _by_description(description, json_type))):
            return hit
        if hit in _WHERE and better not in _WHERE:
            return hit  # `base_location`, "Home base ... the person mobilizes from": a place, never a person (set 26)
        if hit:
            return better or hit
        if json_type in ("integer", "number") and _counts(words, description):
            return "count"
        if json_type == "string" and words and words[-1] in ("number", "no", "nr", "ref", "reference"):
            return "id"  # `lot_number`, `booking_ref`: a record's identifier (a phone's is caught above)
        if json_type == "string" and _NUMBER_SAID.match(description):
            return "id"  # `tech_epa_cert`, "Technician's EPA 608 certification number.": no technician's name
        if json_type == "string" and _us_state(words, description):
            return "state"
        if json_type == "string" and words and freetext.is_category(words[-1]):
            return "generic"  # `amenities`, `units`: the category's members, whatever the description adds
    if json_type in ("integer", "number") and re.search(r"\b(?:in|number of|how many) years\b", description, re.IGNORECASE):
        return "duration_years"
    first = _by_description(description, json_type)
    if first:
        return first
    # the words of the description's first sentence say what the value is; a later one speaks of
    # something else ("Newspaper names, e.g. ... The website is always included." is no URL)
    lead = re.split(r"(?<=[a-z0-9'\")])\.\s+(?=[A-Z])", description, maxsplit=1)[0]
    lead = _QUOTED_EXAMPLE.sub(" ", lead)  # "e.g. 'TurboCell'" is a value, no word of the kind (set 30: a phone)
    said = {w for w in (singular(t) for t in tokens(lead)) if len(w) >= 4 and w not in GENERIC}
    hit = next((r.kind for r in candidates if r.words & said and r.kind not in _VAGUE_IN_TEXT), None)
    plain = " ".join(re.findall(r"[\w$€£/%-]+", description.lower()))  # "Gross rate per spot in USD." says "in usd" (set 41)
    hit = hit or next((r.kind for r in candidates for d in r.described if f" {d} " in f" {plain} "), None)
    return hit or ("search_term" if set(words) & {"query", "q", "keyword", "keywords", "search", "term"}
                   else "generic")


_QUOTED_EXAMPLE = re.compile(r"'[^']{1,60}'|\"[^\"]{1,60}\"|`[^`]{1,60}`")
_PHYSICAL = re.compile(r"\b(?:gallons?|liters?|litres?|ml|kg|kilograms?|grams?|lbs?|pounds|ounces|cups|"
                       r"tablespoons?|meters?|km|miles|units? of (?:fuel|water|gas))\b", re.IGNORECASE)
_ID_LEAD = re.compile(r"^\W*(?:[\w-]+[,:]?\s+){0,3}(?:id|ids|identifier)\b|\bused to identify\b|\bgiven id\b",
                      re.IGNORECASE)
_NAMED_KINDS = frozenset({"room", "place", "category", "generic", "title", "variant", "topic", "company", "person",
                          "first_name"})
_STATE_OWNERS = frozenset({"us", "home", "billing", "shipping", "mailing", "issuing", "residence", "birth"})


def _us_state(words: list[str], description: str) -> bool:
    """A `state` that is a place ("The state where the purchase is made"), not a status ("the
    state of the ticket"); listed states are taken from the description before this is asked."""
    if not words or words[-1] != "state" or not (len(words) == 1 or words[0] in _STATE_OWNERS):
        return False
    return not re.search(r"\bstate\s+of\s+(?:the|a|an|this|its)\b|\bstatus\b", description, re.IGNORECASE)


# A description that says the value is a US state's postal code, whoever's state it is.
_STATE_CODE_SAID = re.compile(r"\b(?:USPS|postal) (?:code|abbreviation)s? (?:of|for) the state\b|"
                              r"\bstate(?:'s)? (?:postal |USPS )?(?:code|abbreviation)\b|\btwo-letter (?:US |USPS )?state\b",
                              re.IGNORECASE)


def infer(name: str, schema: dict[str, Any]) -> str:
    """The semantic type of parameter `name` with property schema `schema`."""
    fmt = schema.get("format") if isinstance(schema.get("format"), str) else ""
    return _infer(name, _json_type(schema), fmt, str(schema.get("description") or ""))


# ---------------------------------------------------------------- numbers

@dataclass(frozen=True)
class Typical:
    """The range a value of this type usually takes, and its decimals (None: whole numbers)."""

    lo: float
    hi: float
    decimals: int | None = None


TYPICAL: dict[str, Typical] = {
    "latitude": Typical(-60, 70, 4), "longitude": Typical(-150, 170, 4),
    "year": Typical(1990, 2025, 0), "month_number": Typical(1, 12, 0), "hour": Typical(0, 23, 0),
    "age": Typical(18, 75, 0), "percent": Typical(5, 95), "rating": Typical(3, 5, 1),
    "temperature": Typical(16, 28, 1), "money": Typical(5, 500, 2), "tip": Typical(1, 20, 2),
    "limit": Typical(5, 50, 0), "page": Typical(1, 5, 0), "offset": Typical(0, 100, 0),
    "duration_seconds": Typical(5, 300, 0), "duration_minutes": Typical(5, 120, 0),
    "duration_hours": Typical(1, 8), "duration_days": Typical(1, 14, 0), "distance": Typical(1, 50, 1),
    "weight": Typical(1, 90, 1), "height": Typical(150, 195, 0), "port": Typical(1024, 65535, 0),
    "count": Typical(1, 4, 0), "id_number": Typical(1000, 99999, 0), "generic": Typical(1, 20, 1),
    "probability": Typical(0.05, 0.95, 2), "duration_years": Typical(1, 30, 0), "years_bp": Typical(300, 9000, 0),
    "vessel_length": Typical(18, 60, 1), "vessel_beam": Typical(6, 16, 1), "vessel_draft": Typical(1.5, 7, 1),
}
_VESSEL_KINDS = frozenset({"vessel_length", "vessel_beam", "vessel_draft"})
UNIX_SPAN = 30 * 86400


def _persons_weight(description: str) -> bool:
    """Whether a weight is a person's by its owner word: "Passenger's weight", "weight of the rider"
    (set 49: 24 lb adults on a balloon booking)."""
    owner = re.search(r"\b(\w+)'s weight\b|\bweight of (?:the |each |every )?(\w+)\b", description, re.IGNORECASE)
    return owner is not None and freetext.is_person_role((owner.group(1) or owner.group(2) or "").lower())


def typical_range(kind: str, name: str, schema: dict[str, Any], ref_epoch: float) -> Typical:
    """The typical range of a numeric semantic type (unix times around the reference time)."""
    if kind == "unix_time":
        scale = 1000 if _millis(name, schema) else 1
        return Typical((ref_epoch - UNIX_SPAN) * scale, (ref_epoch + UNIX_SPAN) * scale, 0)
    if kind == "temperature" and "fahrenheit" in f"{name} {schema.get('description', '')}".lower():
        return Typical(60, 82)
    if kind == "year" and set(tokens(name)) & _CYCLE_YEARS:  # a water, fiscal or crop year of today's work:
        now = datetime.fromtimestamp(ref_epoch, tz=UTC).year  # never 2004 (set 43)
        return Typical(now - 2, now + 1, 0)
    if kind == "count" and set(tokens(name)) & {"children", "kids", "child"}:
        return Typical(0, 3)
    if kind == "card_code":
        return Typical(100, 999, 0)  # a card's three-digit verification number
    if kind in _VESSEL_KINDS and re.search(r"(?:^|_)m$|\bmet(?:er|re)s?\b", f"{name} {schema.get('description', '')}"):
        feet = TYPICAL[kind]
        return Typical(round(feet.lo / 3.28, 1), round(feet.hi / 3.28, 1), 1)  # the same boats in metres
    if kind == "memory_size":
        return Typical(2, 64, 0)  # gigabytes of memory or disk an instance or a device has
    desc = str(schema.get("description", ""))
    if kind == "weight" and (re.search(r"\b(?:person|patient|body|user|adult|individual)\b", desc, re.IGNORECASE) or
                             _persons_weight(desc)):
        pounds = re.search(r"\blbs?\b|\bpounds?\b", desc, re.IGNORECASE)
        return Typical(110, 240, 1) if pounds else Typical(50, 110, 1)  # an adult, in the unit the text gives
    if kind == "percent" and (set(tokens(name)) | set(tokens(str(schema.get("description", "")))[:8])) & _RATES:
        return Typical(1, 15, 1)  # an interest, tax or growth rate, a change threshold: a few percent
    if kind == "generic" and counts_things(name):
        return Typical(1, 20, 0)  # `dice`, `sides`, `rolls`: discrete things are whole
    own = {*tokens(name), *tokens(desc)}
    if kind == "money" and "declared" in own and not (_ASSET_WORDS - {"declared"}) & own:
        return Typical(50, 5_000, 0)  # what a shipped or submitted item is declared at (set 24: coins at $650,000)
    if kind == "money" and not _RECEIPT_WORDS & set(tokens(name)) and (_ASSET_WORDS & {*own, *freetext.SUBJECT.get()} or
                                                                   "replacement" in own and own & {"value", "cost", "costs"}):
        return Typical(5000, 1_500_000, 0)  # what an insured or appraised thing is worth, not a receipt
    if kind == "money":
        said = f"{' '.join(tokens(name))} {desc}".lower()
        per = next((t for pattern, t in _PER_UNIT if re.search(pattern, said)), None)
        if per is not None:
            return per
    return TYPICAL.get(kind, TYPICAL["generic"])


# Years an organisation works in ("water_year", "fiscal_year", "tax_year"): the current one or near it.
_CYCLE_YEARS = frozenset({"water", "fiscal", "tax", "crop", "reporting", "budget", "season", "academic", "school",
                          "program", "programme", "permit", "plan", "financial", "marketing", "grant", "award"})


# A price per person, night or ticket is what one of them costs: "no more than 436 per person" for
# a restaurant was no budget anyone sets (the LLM writer's reading, 2026-12-04).
_PER_UNIT = ((r"\bper (?:person|head|guest|diner)\b", Typical(15, 80, 0)),
             (r"\b(?:nightly|per night)\b", Typical(60, 300, 0)),
             (r"\bticket (?:price|fare)\b|\bper ticket\b", Typical(20, 150, 0)))


# Words that make an amount the worth of something insured, appraised or lent (an artwork, a
# building, a vessel): thousands and more, never a consumer receipt's 2 to 500.
_ASSET_WORDS = frozenset({"insurance", "insured", "insure", "valuation", "appraisal", "appraised", "indemnity",
                          "collateral", "coverage", "sum_insured", "mortgage", "property",
                          "declared",  # a shipment's declared value, not a receipt's
                          "consideration", "lien", "deed", "secured", "payoff"})  # a deed's price, a lien's sum


# What a bill, a claim or an account owes or was paid: a receipt's amount, even in an insurer's
# catalog (set 33: claims with at least $830,000 of insurance balance outstanding).
_RECEIPT_WORDS = frozenset({"balance", "charge", "charges", "copay", "coinsurance", "deductible", "premium", "paid",
                            "allowed", "billed", "owed", "due", "refund", "adjustment"})


_RATES = frozenset({"rate", "interest", "change", "threshold", "growth", "return", "tax", "inflation", "apr", "apy",
                    "yield", "fee", "commission"})
# Kinds whose values are whole numbers whatever the schema's type says (a `number` of pages is 3).
WHOLE_KINDS = frozenset({"count", "limit", "page", "offset", "id_number", "year", "month_number", "hour", "age",
                         "port", "duration_days", "duration_years", "unix_time"})


@lru_cache(maxsize=4096)
def counts_things(name: str) -> bool:
    """Whether a name's head is a plural noun of discrete things (`dice`, `sides`, `rolls`)."""
    words = name_words(name)
    if not words or len(words[-1]) < 3:
        return False
    return _inflect().singular_noun(words[-1]) not in (False, words[-1])


def _inflect() -> Any:
    from .inflection import engine  # never `import inflect` directly: see inflection.py

    return engine()


def _millis(name: str, schema: dict[str, Any]) -> bool:
    text = f"{name} {schema.get('description', '')}".lower()
    return "millisecond" in text or bool(re.search(r"(^|_)ms$", name)) or \
        (schema.get("minimum") or 0) >= 1e11


# ---------------------------------------------------------------- strings

Maker = Callable[[random.Random, str], Any]


def _code(rng: random.Random, n: int, alphabet: str = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789") -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


# Words that say a reference's role, not the entity it names (`new_provider_id` is a provider's).
ROLE_WORDS = frozenset({"new", "old", "current", "previous", "target", "source", "parent", "child", "ordering",
                        "rendering", "referring", "preferred", "primary", "secondary", "related", "linked", "from",
                        "to", "ship", "bill", "home", "other", "original", "corrects", "reassign", "assigned"})


def fake_id(rng: random.Random, name: str) -> str:
    """RES-80017 for a restaurant_id: a prefix from the entity the name names (its last word
    besides "id" and role words: `new_provider_id` is a provider's) and five digits; used only
    where the catalog shows no identifier of that entity (generator.core.lore)."""
    words = [w for w in tokens(name) if w not in ("id", "ids", "identifier", "uid")]
    words = [w for w in words if w not in ROLE_WORDS and w not in _ID_HEADS] or words
    if not words or words[-1] in _DOCUMENT_WORDS:  # `id_number`, `license_number`: a card's number, "D4829173"
        return f"{rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ')}{rng.randint(1000000, 9999999)}"
    prefix = words[-1][:3].upper()
    return f"{prefix}-{rng.randint(10000, 99999)}"


# What a person carries a number of: the number is the card's own ("D4829173"), no record id.
_DOCUMENT_WORDS = frozenset({"number", "no", "num", "nr", "license", "licence", "passport", "document", "card",
                             "permit", "badge", "visa"})


def _phone(rng: random.Random, name: str) -> str:
    fake = faker(rng)
    for _ in range(5):
        number = fake.phone_number()
        if "x" not in number.lower() and len(re.sub(r"\D", "", number)) >= 10:  # never "360-8377" with no area
            return _dialable(number)  # code (set 48)
    return _dialable(fake.numerify("+1-###-###-####"))


# US area codes in service (Faker draws any three digits: "911-699-7925", area code 235, readers
# of set 15), and the first digit of an exchange, never 0 or 1.
_AREA_CODES = ("201", "202", "206", "210", "212", "213", "214", "215", "216", "217", "224", "240", "248", "262",
               "267", "281", "301", "303", "305", "307", "312", "313", "314", "316", "317", "319", "320", "330",
               "336", "347", "352", "360", "385", "401", "402", "404", "405", "406", "407", "408", "410", "412",
               "414", "415", "417", "425", "435", "443", "469", "480", "501", "502", "503", "504", "505", "507",
               "508", "512", "513", "515", "520", "530", "541", "559", "571", "602", "603", "605", "608", "612",
               "614", "615", "617", "619", "626", "630", "646", "650", "651", "678", "702", "703", "704", "713",
               "720", "727", "734", "757", "763", "774", "801", "802", "803", "804", "813", "816", "828", "832",
               "843", "857", "858", "860", "904", "907", "913", "916", "917", "919", "925", "952", "971", "978")


def _dialable(number: str) -> str:
    """`number` with a real area code and an exchange that can be dialled, picked from its own
    digits (no draw: the rest of the run's values stay as they were)."""
    digits = re.sub(r"\D", "", number)
    lead = re.match(r"\+?1[-. ]|001[-. ]|\+1(?=\()", number)  # "+1-", "001-": the country code stays
    rest = number[lead.end():] if lead else number
    national = re.match(r"(\(?)(\d{3})(\)?[-. ]?)(\d)(\d{2}[-. ]?\d{4})$", rest)
    if national is None:
        return number
    home = places.home_state(freetext.DOMAIN.get())  # a Fairfax caller dials from 703 or 571 (set 32)
    own = [a for a in _AREA_CODES if a in zips.area_codes_of(home)] if home else []
    area = (own or _AREA_CODES)[int(digits) % len(own or _AREA_CODES)]
    first = national.group(4) if national.group(4) not in "01" else str(2 + int(digits[-1]) % 8)
    country = lead.group(0) if lead and not lead.group(0).startswith("001") else ""  # "001-" dials out of the US
    return country + national.group(1) + area + national.group(3) + first + national.group(5)


# The countries of a region a catalog's prose names (generator.core.places): a US contractor's
# buildings are in US cities, not in Oslo or Prague. Only regions named by a country, state or
# currency word: "Japanese", "Indian" or "European" in a food catalog are cuisines, no place.
_REGION_COUNTRIES = {"us": {"US"}, "western_us": {"US"}, "canada": {"CA"}}
# The countries of the region a catalog that names none is placed in (its coordinates' region): a
# utility's towns in one country, never Valencia, Seoul and Brussels for one service territory (set 23).
_PLACED_COUNTRIES = {**_REGION_COUNTRIES, "uk": {"GB"}, "japan": {"JP"}, "australia": {"AU"}, "india": {"IN"},
                     "europe": {"PT", "ES", "FR", "DE", "AT", "CH", "IT", "NL", "BE", "DK", "SE", "NO", "FI", "PL",
                                "CZ", "IE", "GB"}}


def _home_zip(rng: random.Random) -> str:
    """A delivering ZIP code, of a town of the catalog's own state where it works in one."""
    domain = freetext.DOMAIN.get()
    towns = places.home_towns(domain)
    return zips.real_zip(rng, rng.choice(towns) if towns else None, places.home_state(domain))


def _city(rng: random.Random, name: str) -> str:
    domain = freetext.DOMAIN.get()
    if home := places.home_towns(domain):  # a dealer in Fairfax County works in Reston, never Phoenix (set 32)
        return rng.choice(home)
    region = places.named_region(domain)
    own = [c for c in CITIES if c[1] in _REGION_COUNTRIES.get(region or "", set())]
    if not own and region is None and domain:
        own = [c for c in CITIES if c[1] in _PLACED_COUNTRIES.get(places.region_for(domain, "").name, set())]
    return rng.choice(own or CITIES)[0]


US_STATES = {"Chicago": "IL", "Denver": "CO", "Seattle": "WA", "Austin": "TX", "Boston": "MA", "Portland": "OR",
             "San Diego": "CA", "Atlanta": "GA", "Miami": "FL", "Phoenix": "AZ", "Columbus": "OH", "Raleigh": "NC",
             "Madison": "WI", "Omaha": "NE"}


# "Full street address ... with unit, city, state and ZIP", "full address": a whole address, by
# which a reader tells a local move from an interstate one, not "4821 Weaver Plaza" alone.
_FULL_ADDRESS = re.compile(r"\bfull (?:street |postal |mailing )?address\b|\bcity\b[^.]{0,30}\bZIP\b", re.IGNORECASE)
_WHOLE_ADDRESS = re.compile(r"^\d+ [^,]+, [A-Z][A-Za-z .'-]+, [A-Z]{2} \d{5}$")


def full_address_asked(schema: dict[str, Any]) -> bool:
    return _FULL_ADDRESS.search(str(schema.get("description") or "")) is not None


def is_full_address(value: Any) -> bool:
    return isinstance(value, str) and _WHOLE_ADDRESS.match(value) is not None


# The first three digits of each city's ZIP codes (USPS), so a Phoenix address is 850xx, not 11718.
_ZIP3 = {"Chicago": 606, "Denver": 802, "Seattle": 981, "Austin": 787, "Boston": 21, "Portland": 972,
         "San Diego": 921, "Atlanta": 303, "Miami": 331, "Phoenix": 850, "Columbus": 432, "Raleigh": 276,
         "Madison": 537, "Omaha": 681}
# Where each of those towns lies (WGS84), so a call's coordinates are of the town its address names.
CITY_POINTS = {"Chicago": (41.8781, -87.6298), "Denver": (39.7392, -104.9903), "Seattle": (47.6062, -122.3321),
               "Austin": (30.2672, -97.7431), "Boston": (42.3601, -71.0589), "Portland": (45.5152, -122.6784),
               "San Diego": (32.7157, -117.1611), "Atlanta": (33.7490, -84.3880), "Miami": (25.7617, -80.1918),
               "Phoenix": (33.4484, -112.0740), "Columbus": (39.9612, -82.9988), "Raleigh": (35.7796, -78.6382),
               "Madison": (43.0731, -89.4012), "Omaha": (41.2565, -95.9345)}


def zip_of(city: str, drawn: str) -> str | None:
    """A five-digit ZIP code of `city` that the USPS delivers to, chosen by the drawn one (set 30:
    "98165", a Seattle PO box, for a new consignee's street)."""
    if city not in US_STATES or not re.fullmatch(r"\d{5}", drawn):
        return None
    return zips.of_town(city, US_STATES[city], drawn) or f"{_ZIP3[city]:03d}{drawn[-2:]}"


def full_address(rng: random.Random, name: str = "") -> str:
    """A US street address with its city, state and ZIP ("4821 Weaver Plaza Apt 3, Austin, TX 78701")."""
    city = rng.choice(sorted(US_STATES))
    unit = f" Apt {rng.randint(1, 24)}" if rng.random() < 0.3 else ""
    zip_code = zips.real_zip(rng, city, US_STATES[city])
    return f"{_street(rng, name)}{unit}, {city}, {US_STATES[city]} {zip_code}"


def _place_in_format(rng: random.Random, name: str, schema: dict[str, Any]) -> str:
    """A place written the way the description asks ("in the format of street, city, state")."""
    desc = str(schema.get("description") or "")
    if full_address_asked(schema):
        return full_address(rng, name)
    if name_words(name)[-2:] == ["street", "name"]:  # the street of a split address, never a town (set 27)
        return street_name(rng)
    if re.search(r"street,\s*city", desc, re.IGNORECASE):
        city = rng.choice(sorted(US_STATES))
        return f"{_street(rng, name)}, {city}, {US_STATES[city]}"
    if re.search(r"\bstreet address\b", desc, re.IGNORECASE):
        return _street(rng, name)  # "Where the swarm was seen (street address or landmark)"
    street = name_words(name)[-1:] in (["address"], ["street"]) or \
        bool(re.search(r"\baddress\b", desc, re.IGNORECASE))  # a `street`, or a place "(... residence address)":
    # a street address, never a town (set 21: a removal "from Denver")
    named = _BUILDING_NAME.match(desc)
    if named and not street:  # "Hall name", "Name of the clinic": the building's name, never an address
        noun = (named.group(1) or named.group(2)).lower()
        return f"{faker(rng).last_name()} {noun.title()}"
    return str(STRING_MAKERS["address" if street else "place"](rng, name))


# A description that says the value is a building's or a site's name ("Hall name", "Name of the clinic").
_BUILDINGS = ("hall|theat(?:er|re)|arena|stadium|auditorium|center|centre|clinic|hospital|school|library|church|"
              "gallery|museum|studio|club|warehouse|depot|plant|farm|park|campus|hotel|lodge|chapel|pavilion")
_BUILDING_NAME = re.compile(rf"^\W*(?:the )?({_BUILDINGS})(?:'s)? name\b|^\W*name of the ({_BUILDINGS})\b", re.IGNORECASE)


def _city_in_format(rng: random.Random, name: str, schema: dict[str, Any]) -> str:
    """A city written the way the description asks: "City, State" is "Denver, CO", "City,
    Country" is "Lisbon, Portugal"."""
    desc = str(schema.get("description") or "")
    if re.search(r"street,\s*city", desc, re.IGNORECASE):
        return _place_in_format(rng, name, schema)
    if re.search(r"city(?:,| and)\s*state", desc, re.IGNORECASE):
        city = rng.choice(sorted(US_STATES))
        return f"{city}, {US_STATES[city]}"
    if re.search(r"city,\s*country", desc, re.IGNORECASE):
        city, code = rng.choice(CITIES)
        return f"{city}, {codes.country_name(code)}"
    return _city(rng, name)


def _street(rng: random.Random, name: str) -> str:
    """A house number and street ("4821 Weaver Avenue"), without suite or apartment."""
    return street_address(rng)


def street_address(rng: random.Random) -> str:
    """A house number and street ("4821 Weaver Avenue"), never a house "0995"."""
    return f"{faker(rng).building_number().lstrip('0') or '1'} {street_name(rng)}"


# The endings most streets have. Faker's own list holds every US suffix ("Mountain", "Mission",
# "Inlet", "Burgs", "Lights"): "579 Rodney Mountain" as a drive's end, "Bryant Lights" as a
# street of a dental office read as made up (sets 27 and 28).
STREET_ENDINGS = ("Street", "Street", "Avenue", "Avenue", "Road", "Road", "Drive", "Lane", "Boulevard", "Way",
                  "Court", "Place", "Terrace", "Parkway")


def street_name(rng: random.Random) -> str:
    """A street ("Weaver Avenue"): a surname and a common ending."""
    return f"{faker(rng).last_name()} {rng.choice(STREET_ENDINGS)}"


def landmark(rng: random.Random) -> str:
    """A named spot a person goes to in a town ("Foley Park", "Owens Station")."""
    return f"{faker(rng).last_name()} {rng.choice(['Park', 'Square', 'Station', 'Library', 'Market', 'Plaza'])}"


# Places a person goes to or passes through ("Hudson Station" fits a stop, not a court's location).
_STOPS = frozenset({"stop", "station", "pickup", "dropoff", "venue", "landmark", "spot", "waypoint", "origin",
                    "destination", "from", "to", "start", "end", "departure", "arrival", "source", "target", "near"})


def _place(rng: random.Random, name: str) -> str:
    roll = rng.random()
    if "address" in name_words(name):
        return _street(rng, name)
    if not set(name_words(name)) & _STOPS:  # a `location` of a thing or a forecast: mostly a town
        return _city(rng, name) if roll < 0.8 else _street(rng, name)
    if roll < 0.45:
        return _street(rng, name)
    if roll < 0.7:
        return landmark(rng)
    return _city(rng, name)


# Tracking numbers as the big carriers print them (@ a digit, # a letter or digit).
CARRIER_FORMATS = {"ups": "1Z######@@@@@@@@@@", "fedex": "@" * 12, "usps": "@" * 22, "dhl": "@" * 10}


def tracking_number(rng: random.Random, carrier: str | None = None) -> str:
    """A parcel's tracking number in `carrier`'s format (UPS "1Z" and 16 characters, FedEx 12
    digits, USPS 22, DHL 10), one of the first three when no carrier is given."""
    form = CARRIER_FORMATS[carrier or rng.choice(("ups", "fedex", "usps"))]
    return "".join(rng.choice("0123456789") if c == "@" else rng.choice("0123456789ABCDEFGHJKLMNPRSTUVWXYZ")
                   if c == "#" else c for c in form)


def _tracking(rng: random.Random, name: str) -> str:
    return tracking_number(rng)


def _restaurant(rng: random.Random, name: str) -> str:
    fake = faker(rng)
    kind = rng.choice(["Kitchen", "Grill", "Bistro", "Trattoria", "Noodle Bar", "Diner", "Cafe"])
    return f"{fake.last_name()}'s {kind}" if rng.random() < 0.5 else \
        f"The {rng.choice(TITLE_ADJ)} {rng.choice(['Fork', 'Spoon', 'Table', 'Ladle', 'Oven'])}"


def _hotel(rng: random.Random, name: str) -> str:
    return f"{faker(rng).last_name()} {rng.choice(['Hotel', 'Inn', 'Suites', 'House'])}"


LANGUAGES = ["English", "Spanish", "French", "German", "Portuguese", "Italian", "Japanese", "Chinese", "Korean",
             "Hindi", "Arabic", "Dutch", "Polish", "Turkish"]
LANGUAGE_CODES = ["en", "es", "fr", "de", "pt", "it", "ja", "zh", "ko", "hi", "ar", "nl", "pl", "tr"]


def _company(rng: random.Random, name: str) -> str:
    """A company name without Faker's "Smith, Jones and Lee" law-firm form nor its "Johnson-Morrison",
    two surnames that read as a person (set 35: payees no claims desk would pay)."""
    fake = faker(rng)
    for _ in range(4):
        company = fake.company()
        if "," not in company and " and " not in company and "-" not in company:
            return company
    return f"{fake.last_name()} {fake.company_suffix()}"


def _store(rng: random.Random, name: str) -> str:
    return f"{faker(rng).last_name()} {rng.choice(['Market', 'Grocers', 'Store', 'Supermarket', 'Outlet'])}"


def _title(rng: random.Random, name: str) -> str:
    adj, noun = rng.choice(TITLE_ADJ), rng.choice(TITLE_NOUN)
    return rng.choice([f"The {adj} {noun}", f"{adj} {noun}", f"{_plural(noun)} of {rng.choice(TITLE_NOUN)}"])


def _plural(noun: str) -> str:
    """inflect's plural ("Compasses", never "Compasss": set 28)."""
    from .inflection import engine

    return str(engine().plural_noun(noun))


def _artist(rng: random.Random, name: str) -> str:
    return faker(rng).name() if rng.random() < 0.6 else f"The {rng.choice(TITLE_ADJ)} {_plural(rng.choice(TITLE_NOUN))}"


def _search_term(rng: random.Random, name: str) -> str:
    own = freetext.search_words()  # a search in a collection is for what the collection holds, not "air fryer"
    return rng.choice(own) if own else rng.choice([*PRODUCTS, *TOPICS, *DISHES])


FOLDERS = ["documents", "reports", "photos", "projects", "backup", "invoices", "drafts", "archive", "data",
           "notes", "downloads", "music"]
FILE_STEMS = ["report", "notes", "budget_2025", "invoice_0423", "summary", "draft_v2", "meeting_minutes",
              "photo_0012", "results", "todo", "data", "readme"]
FILE_TYPES = ["txt", "pdf", "csv", "docx", "jpg", "png", "json", "md", "xlsx"]


def _file(rng: random.Random, name: str) -> str:
    """A file or folder name people use ("budget_2025.xlsx", "reports"), a path of them."""
    words = set(tokens(name))
    folder = rng.choice(FOLDERS)
    if words & {"dir", "directory", "folder"}:
        return f"/data/{folder}" if "path" in words else folder
    file = f"{rng.choice(FILE_STEMS)}.{rng.choice(FILE_TYPES)}"
    return f"/data/{folder}/{file}" if "path" in words else file


_IMAGE_TYPES = {"jpeg": "jpg", "jpg": "jpg", "heic": "heic", "png": "png", "webp": "webp", "tiff": "tif", "gif": "gif"}
_IMAGE_WORDS = frozenset({"photo", "photos", "image", "images", "picture", "pictures", "img", "snapshot", "pic"})
_FILE_WORDS = frozenset({"file", "files", "document", "documents", "doc", "docs", "pdf", "attachment", "scan",
                         "form", "invoice", "receipt", "report", "certificate", "contract", "manifest"})


def _url(rng: random.Random, name: str, described: str = "") -> str:
    """A link to what the name (or else its description) says it links to: a photo is an image
    file of the kind the description names, a document a PDF, anything else a page (never a
    company's tag page for a truck-camera photo; set 34: a `file_url` of "the uploaded image file
    (JPEG or HEIC)" is no PDF)."""
    fake = faker(rng)
    words = set(tokens(name))
    said = set(tokens(described))
    if words & _IMAGE_WORDS or not words & _FILE_WORDS - {"file", "files"} and said & (_IMAGE_WORDS | set(_IMAGE_TYPES)):
        kind = next((_IMAGE_TYPES[w] for w in tokens(described) if w in _IMAGE_TYPES), "jpg")
        return f"https://{fake.domain_name()}/photos/IMG_{rng.randint(1000, 9999)}.{kind}"
    if words & _FILE_WORDS:
        kind = next(w for w in tokens(name) if w in _FILE_WORDS).rstrip("s") or "file"
        return f"https://{fake.domain_name()}/files/{kind}-{rng.randint(10000, 99999)}.pdf"
    return f"https://{fake.domain_name()}/{fake.uri_path(deep=rng.randint(1, 2))}"


def _hostname(rng: random.Random, name: str) -> str:
    return faker(rng).hostname(levels=1)


# Colours as people name them (Faker's are CSS names: "blanchedalmond", "lightgoldenrodyellow");
# a hex code only where the parameter's name or description asks for one.
EVERYDAY_COLORS = ("white", "ivory", "cream", "black", "gray", "silver", "gold", "red", "burgundy", "pink", "blush",
                   "coral", "orange", "peach", "yellow", "green", "sage", "olive", "teal", "blue", "navy",
                   "lavender", "purple", "plum", "brown", "tan")
_HEX = re.compile(r"\bhex|#[0-9a-f]{3,6}\b|\brgb\b|\bcss\b", re.IGNORECASE)


def _color(rng: random.Random, name: str) -> str:
    return faker(rng).hex_color() if _HEX.search(name) else rng.choice(EVERYDAY_COLORS)


TICKERS = ["AAPL", "MSFT", "TSLA", "AMZN", "GOOGL", "NVDA", "META", "NFLX", "IBM", "JPM", "KO", "SAP", "ASML",
           "BTCUSDT", "ETHUSDT"]


def _ticker(rng: random.Random, name: str) -> str:
    return rng.choice(TICKERS)


def fake_npi(rng: random.Random) -> str:
    """A US National Provider Identifier: 10 digits, a 1 or a 2 first, the last a Luhn check digit
    over the prefix 80840 and the first nine (as CMS issues them)."""
    body = str(rng.choice((1, 2))) + "".join(str(rng.randint(0, 9)) for _ in range(8))
    digits = [int(c) for c in "80840" + body]
    total = sum(d if i % 2 else (d * 2 - 9 if d * 2 > 9 else d * 2) for i, d in enumerate(reversed(digits)))
    return body + str((10 - total % 10) % 10)


# The part of a person's name a description asks for, in the words it opens with.
_NAME_PART = re.compile(r"^(?:the )?(?:\w+ )?(?P<part>last name and first initial|last name|surname|family name|"
                        r"first name|given name)\b", re.IGNORECASE)


def _person_as_said(rng: random.Random, description: str) -> str | None:
    """A surname where the description opens with one ("Patient last name, partial match"), "Okafor,
    N" for a last name and first initial, a first name for a first name; None for a whole name."""
    m = _NAME_PART.match(description.strip())
    if m is None:
        return None
    fake, part = faker(rng), m.group("part").lower()
    if part == "last name and first initial":
        return f"{fake.last_name()}, {fake.first_name()[0]}"
    return fake.first_name() if part in ("first name", "given name") else fake.last_name()


# Capitals a description writes that are no code of the value ("the ID", "in UTC").
_PROSE_CAPS = frozenset({"ID", "IDS", "API", "URL", "UTC", "ISO", "OR", "AND", "NOT", "PDF", "CSV", "JSON", "YYYY", "MM",
                         "DD", "HH", "USD", "EUR", "GBP", "US", "UK", "EU", "NA", "TBD", "FAQ", "AM", "PM"})


def _written_codes(description: str) -> list[str]:
    """The codes a description writes out in capitals (two to six letters or digits, a letter
    first), in order, once each."""
    found = re.findall(r"(?<![\w-])([A-Z][A-Z0-9]{1,5})(?![\w-])", description)
    return list(dict.fromkeys(c for c in found if c not in _PROSE_CAPS))


def _code_value(rng: random.Random, name: str) -> str:
    if "isbn" in tokens(name):
        return faker(rng).isbn13(separator="")
    return _code(rng, rng.randint(6, 8))


DATA_STEMS = ["sales_2024", "customers", "train", "measurements", "survey_results", "transactions", "prices_daily"]
ENTRY_KEYS = ["favorite_color", "home_city", "user_birthday", "project_deadline", "dietary_preference",
              "wifi_password", "parking_spot", "meeting_time", "preferred_language", "gym_schedule"]
COMMANDS = {"windows": ["dir", "ipconfig /all", "systeminfo", "tasklist", "echo %USERNAME%"],
            "unix": ["ls -la", "df -h", "git status", "uptime", "cat notes.txt"]}
EXPRESSIONS = {"equation": ["2x + 3 = 11", "3x - 5 = 10", "x^2 - 4 = 0", "5x + 2 = 3x + 8"],
               "function": ["3x^2 + 2x - 1", "x^3 - 4x", "sin(x) + x^2", "2x^2 + 5"]}


def _entry_key(rng: random.Random, name: str, schema: dict[str, Any]) -> str:
    """The key of a stored entry: a short fact name, in the case the description asks for."""
    key = rng.choice(ENTRY_KEYS)
    if re.search(r"camel\s*case", str(schema.get("description") or ""), re.IGNORECASE):
        head, *rest = key.split("_")
        return head + "".join(w.title() for w in rest)
    return key


def _command(rng: random.Random, name: str, schema: dict[str, Any]) -> str:
    desc = str(schema.get("description") or "").lower()
    return rng.choice(COMMANDS["windows" if "windows" in desc or "cmd" in desc else "unix"])


def _expression(rng: random.Random, name: str, schema: dict[str, Any]) -> str:
    said = f"{name} {schema.get('description') or ''}".lower()
    return rng.choice(EXPRESSIONS["equation" if "equation" in said or "solve" in said else "function"])


def _variable(rng: random.Random, name: str, schema: dict[str, Any]) -> str:
    """ "x" in a function; a measured quantity in a model ("the dependent variable")."""
    said = f"{name} {schema.get('description') or ''}".lower()
    modelled = any(w in said for w in ("dependent", "regression", "predict", "model", "feature", "target"))
    return rng.choice(["price", "sales", "income", "temperature", "yield"] if modelled else ["x", "y", "t"])


def _coordinates(rng: random.Random, name: str) -> str:
    return f"{round(rng.uniform(-60, 70), 4)},{round(rng.uniform(-150, 170), 4)}"


def _f(method: str, *args: Any, **kwargs: Any) -> Maker:
    return lambda rng, name: getattr(faker(rng), method)(*args, **kwargs)


def _job(rng: random.Random, name: str) -> str:
    """A job as a person says it: Faker's catalogue form "Engineer, electrical" or "Investment
    banker, corporate" is "electrical engineer", "corporate investment banker"; "Research scientist
    (physical sciences)" loses its gloss; a qualifier with a slash ("museum/gallery") is not said."""
    job = re.sub(r"\s*\([^()]*\)", "", faker(rng).job()).strip()
    head, _, qualifier = job.partition(", ")
    if not qualifier:
        return job
    return head if "/" in qualifier or len(qualifier.split()) > 2 else f"{qualifier[0].upper()}{qualifier[1:]} {head.lower()}"


def _pick(items: list[Any]) -> Maker:
    return lambda rng, name: rng.choice(items)


STRING_MAKERS: dict[str, Maker] = {
    "email": _f("safe_email"), "url": _url,
    "uuid": lambda rng, name: str(uuid.UUID(int=rng.getrandbits(128), version=4)),
    "ipv4": _f("ipv4_public"), "ipv6": _f("ipv6"), "hostname": _hostname, "mac": _f("mac_address"),
    "duration_iso": lambda rng, name: rng.choice([f"PT{rng.randint(5, 90)}M", f"P{rng.randint(1, 14)}D",
                                                  f"PT{rng.randint(1, 8)}H"]),
    "latitude": lambda rng, name: f"{rng.uniform(-60, 70):.4f}",
    "longitude": lambda rng, name: f"{rng.uniform(-150, 170):.4f}",
    "coordinates": _coordinates, "id": fake_id, "username": _f("user_name"),
    "password": _f("password", length=12), "pin": lambda rng, name: f"{rng.randint(0, 9999):04d}",
    "token": lambda rng, name: "".join(rng.choice("0123456789abcdef") for _ in range(32)),
    "phone": _phone, "tracking": _tracking, "first_name": _f("first_name"), "last_name": _f("last_name"), "person": lambda rng, name: f"{faker(rng).first_name()} {faker(rng).last_name()}",
    "artist": _artist, "restaurant": _restaurant, "hotel": _hotel, "company": _company, "store": _store,
    "country_code": lambda rng, name: codes.country(rng), "country": _f("country"), "state": _f("state"),
    "postcode": lambda rng, name: _home_zip(rng), "city": _city, "address": _street, "place": _place,
    "room": _pick(ROOMS), "currency": lambda rng, name: codes.currency(rng), "language": _pick(LANGUAGES),
    "locale": _f("locale"), "timezone": _f("timezone"), "color": _color, "file": _file,
    "mime": _f("mime_type"), "version": lambda rng, name: f"{rng.randint(1, 5)}.{rng.randint(0, 12)}."
                                                            f"{rng.randint(0, 9)}",
    "ticker": _ticker, "code": _code_value, "weekday": _pick(WEEKDAYS), "month_name": _pick(MONTHS),
    "food": _pick(DISHES), "cuisine": _pick(CUISINES), "ingredient": _pick(INGREDIENTS),
    "product": _pick(PRODUCTS), "genre": _pick(GENRES), "title_work": _title, "title": _title,
    "topic": _pick(TOPICS), "category": _pick(CATEGORIES), "size": _pick(SIZES), "job": _job,
    "text": _pick(MESSAGES), "search_term": _search_term, "unix_time": lambda rng, name: str(
        rng.randint(1_740_000_000, 1_760_000_000)),
    "year": lambda rng, name: str(rng.randint(1990, 2025)),
    "data_format": _pick(["json", "csv", "xml"]),
    "airport_code": lambda rng, name: (codes.icao if "icao" in tokens(name) else codes.iata)(
        rng, places.named_region(freetext.DOMAIN.get())),
    "locode": lambda rng, name: codes.locode(rng),
    "flight_code": lambda rng, name: f"{_code(rng, 2, 'ABCDEFGHJKLMNPQRSTUVWXYZ')}{rng.randint(100, 2999)}",
    "clock": lambda rng, name: f"{rng.randint(7, 21):02d}:{rng.choice(['00', '15', '30', '45'])}",
    "callback": _pick(["handleResponse", "onData", "renderResults", "jsonpCallback"]),
    "domain": _f("domain_name"), "county": lambda rng, name: rng.choice(COUNTIES),
    "dataset": lambda rng, name: f"{rng.choice(DATA_STEMS)}.csv",
}


def string_value(kind: str, rng: random.Random, name: str, schema: dict[str, Any]) -> str:
    """A realistic string of semantic type `kind` (codes and languages shortened when the
    schema asks for a short value)."""
    coded = _coded(kind, rng, name, schema)
    if coded is not None:
        return coded
    if kind == "color" and _HEX.search(str(schema.get("description") or "")):  # "Hex colour, e.g. #1E90FF"
        return faker(rng).hex_color()
    words = name_words(name)  # a notation the description names, a member read in its context
    read = (_notation(rng, schema) if kind in _NOTATED else None) or (freetext.contextual_value(rng, words[-1], words + _content_words(schema))
                                      if words else None)
    if read is not None:
        return read
    tail = _LAST_N.match(str(schema.get("description") or ""))
    if tail:  # "Last 4 characters of the ID number.": that many digits, never a whole id
        return "".join(str(rng.randint(0, 9)) for _ in range(_SMALL_NUMBERS.get(tail.group(1).lower(), 4)))
    template = _template(rng, str(schema.get("description") or "")) if kind in ("id", "code", "generic") else None
    if template:
        return _from_template(rng, template)
    described = _described_member(rng, name, schema)
    if described is not None:
        return described
    if kind in ("generic", "person", "title") and _PET_NAMED.search(f"{' '.join(tokens(name))} {schema.get('description') or ''}"):
        return rng.choice(PET_NAMES)  # "Pet's name": Bella, never "Richardson Pet S" (set 34)
    if kind in _FREE_TEXT:
        return _FREE_TEXT[kind](rng, name, schema)
    as_said = _person_as_said(rng, str(schema.get("description") or "")) if kind == "person" else None
    if as_said is not None:  # "Patient last name, partial match": a surname, never "Joel Jackson"
        return as_said
    written = _written_codes(str(schema.get("description") or "")) if kind == "code" else []
    if len(written) >= 2:  # "GGM or GMK for the top master, AA, AB ... for masters, AA1, AB3 ...": one of them
        return rng.choice(written)
    if kind == "url":
        return _url(rng, name, str(schema.get("description") or ""))
    return str(STRING_MAKERS.get(kind, _proper_name)(rng, name))


# An animal's own name: "Pet's name.", `dog_name`, "Name of the horse".
_PET_NAMED = re.compile(r"\b(?:pet|animal|dog|cat|horse|puppy|kitten|pony)(?:'s|\u2019s)? name\b|"
                        r"\bname of the (?:pet|animal|dog|cat|horse|puppy|kitten|pony)\b", re.IGNORECASE)
# The names people most often give their pets (US pet insurers' and registries' yearly lists).
PET_NAMES = ("Bella", "Max", "Luna", "Charlie", "Lucy", "Cooper", "Daisy", "Milo", "Bailey", "Rocky", "Sadie", "Buddy",
             "Molly", "Bear", "Stella", "Duke", "Lola", "Tucker", "Zoe", "Oliver", "Leo", "Nala", "Simba", "Chloe",
             "Loki", "Pepper", "Ginger", "Oreo", "Biscuit", "Maple", "Rosie", "Winston", "Hazel", "Murphy", "Penny",
             "Scout", "Coco", "Gus", "Willow", "Jasper", "Mochi", "Kiwi", "Peanut", "Thumper", "Sunny", "Olive")


def _coded(kind: str, rng: random.Random, name: str, schema: dict[str, Any]) -> str | None:
    """A real code where the parameter asks for one: "ISO 3166 alpha-2" (or a `country_code`)
    is "DE", a language "code" is "de", a "state code" a US postal abbreviation."""
    words = tokens(name)
    if kind in ("country", "country_code") and (kind == "country_code" or codes.wants_code(words, schema)):
        return codes.country(rng, codes.alpha_of(schema))
    if kind in ("language", "locale") and kind == "language" and codes.wants_code(words, schema):
        return codes.language(rng, codes.alpha_of(schema))
    if kind == "state" and codes.wants_code(words, schema):
        return codes.us_state(rng)
    if kind == "locale":
        return codes.locale(rng, schema)
    return None


def _described_member(rng: random.Random, name: str, schema: dict[str, Any]) -> str | None:
    """For a name that says nothing ("query", "value"), a member of the category its description
    opens with ("Medication or active ingredient" -> a medication)."""
    if not set(tokens(name)) <= GENERIC:
        return None
    return freetext.category_value(rng, list(reversed(_content_words(schema)[:3])))


def _lead_words(schema: dict[str, Any]) -> list[str]:
    """Content words of what a description says before its examples ("Main forage plants")."""
    lead = re.split(r"\(|\be\.g\.|\bfor example\b|\bsuch as\b|:", str(schema.get("description") or ""), maxsplit=1)[0]
    return _content_words({"description": lead})


def _content_words(schema: dict[str, Any]) -> list[str]:
    return [w for w in tokens(str(schema.get("description") or "")) if w not in _FILLER]


_FILLER = frozenset({"the", "a", "an", "of", "to", "for", "or", "and", "in", "on", "optional", "optionally",
                     "specific", "name", "which", "that", "is", "be", "will", "you", "want", "this", "by"})
_NAMING = frozenset({"name", "names", "title", "label", "nickname", "alias"})


def _proper_name(rng: random.Random, name: str) -> str:
    """A member of a category nothing here knows: a proper name reads right far more often
    than a random word ("the Hartman breed", never "breed effort")."""
    fake = faker(rng)
    names = [fake.last_name() for _ in range(4)]
    return next((n for n in names if n.lower() not in _english_words()), names[-1])


@lru_cache(maxsize=1)
def _english_words() -> frozenset[str]:
    """Faker's English word list: a surname such as "Good" or "Price" would read as a word."""
    from faker.providers.lorem.en_US import Provider

    return frozenset(w.lower() for w in Provider.word_list)


_PERSON_NAME = re.compile(r"\b(?:first|last|given|family|full|middle) (?:or (?:first|last|given|family) )?name\b|"
                          r"\bsurname\b", re.IGNORECASE)


# A description that says the value is the name of a thing: "Name of the shelter", "Name and city
# of the patient's home dialysis unit" (group 1: the city is said too; group 2: the thing).
_NAME_OF = re.compile(r"^(?:the )?(?:full )?name( and (?:city|town|location))? of (?:the |a |an )?([\w' -]{3,60}?)[.;,]?$",
                      re.IGNORECASE)
_CLAUSE = re.compile(r"\s+(?=\w+ing\b(?!\s+(?!the\b|a\b|an\b|it\b|them\b|this\b|his\b|her\b|their\b|its\b)[a-z]+$)|"
                     r"(?:who|that|which|whose|for|to|in|on|at|with|from|by)\b)")  # "donor testing laboratory": a lab
_OWNER_WORDS = frozenset({"patient", "patients", "s", "customer", "customers", "user", "users", "his", "her", "their",
                          "its", "home", "own", "current"})


def _generic(rng: random.Random, name: str, schema: dict[str, Any]) -> str:
    """A value for a parameter no semantic type fits: a member of the category it names
    (`species`, `allergies`), a name for the thing it names (`museum_name`, `name` of a pet),
    a phrase for free text (`reason`, `statement`), else a proper name."""
    words = name_words(name)
    said = words + _content_words(schema)
    person = _PERSON_NAME.search(str(schema.get("description") or "")) if words and words[-1] in _NAMING else None
    if person:  # "Full name of the holder" is a whole name; "Partial match on first or last name" a surname
        as_said = _person_as_said(rng, str(schema.get("description") or ""))
        if as_said is not None:
            return as_said
        fake = faker(rng)
        said_name = person.group(0).lower()
        if said_name.startswith(("full", "middle")):
            return f"{fake.first_name()} {fake.last_name()}"
        return fake.first_name() if said_name in ("first name", "given name") else fake.last_name()
    if words and words[-1] in _NAMING:
        return _name_of(rng, words[:-1] or _described_thing(schema), schema)
    fake = faker(rng)
    lead = _content_words(schema)[:1]
    if lead and freetext.is_person_role(lead[0]):  # "Party the judgment is entered for": a person's name
        return f"{fake.first_name()} {fake.last_name()}"
    named = _NAME_OF.match(str(schema.get("description") or ""))
    if named:  # "Name and city of the patient's home dialysis unit": "Keller Dialysis Unit, Yakima"
        # "the crew member applying the treatment": the thing is the noun before its clause
        head = _CLAUSE.split(named.group(2).lower(), maxsplit=1)[0]
        thing = [w for w in re.findall(r"[a-z]+", head) if w not in _OWNER_WORDS][-2:]
        who = re.match(r"(?:who|whoever|the (?:person|one) who)\b", named.group(2).lower())  # "Name of who ran the cycle"
        title = (f"{fake.first_name()} {fake.last_name()}" if who or thing and freetext.is_person_role(thing[-1]) else
                 f"{fake.last_name()} {' '.join(thing).title()}" if thing else "")
        if title:
            return f"{title}, {STRING_MAKERS['city'](rng, 'city')}" if named.group(1) else title
    text_like = freetext.text_role(words) or (set(words) <= GENERIC and freetext.text_role(said))
    unit = freetext.unit_value(rng, said) if words and words[-1] == "unit" else None
    unit = unit or (freetext.contextual_value(rng, words[-1], said) if words else None) or _notation(rng, schema)
    return unit or freetext.category_value(rng, words) or (
        _everyday(rng, said) if text_like else None) or (
        freetext.name_of_thing(rng, words[-1], lambda: f"{fake.first_name()} {fake.last_name()}",
                               fake.last_name) if words else None) or \
        freetext.category_value(rng, list(reversed(said[len(words):][:3]))) or _neutral(rng, words, schema)


# Heads of names that identify a record rather than describe it: `bill_of_lading_number`, `lot_no`.
_ID_HEADS = frozenset({"number", "no", "num", "nr", "ref", "reference", "code", "identifier", "key", "tag",
                       "locator", "token", "serial", "account", "wallet"})
_TEMPLATE_RE = re.compile(r"\bformat:?\s+[`'\"]?([A-Z][A-Z0-9]*(?:[-/][A-Z0-9]+)+)[`'\"]?")
# "Last 4 characters of the ID number", "last four digits of the card"
_SMALL_NUMBERS = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_LAST_N = re.compile(r"^(?:the )?last ([2-6]|two|three|four|five|six) (?:characters|digits|chars)\b", re.IGNORECASE)
# An id template written with a digit mark ("R#######", "(WO-######) or (CALL-######)"): one of them.
# Later parts may carry a letter of their own ("G##-#####", "P#####-T#": a tank suffix).
HASH_TEMPLATE = re.compile(r"(?<![\w#])([A-Z][A-Z0-9]*-?#{2,}(?:-[A-Z]{0,3}#+)*)(?![\w#])")
# "10 digits.", "10-digit barcode of the sample vial": an id of that many digits.
_LED_DIGITS = re.compile(r"(?<![\w-])['\"`]?([A-Z]{1,5}-?)['\"`]?\s*(?:and|followed by|plus|then|\+)\s+(\d{1,2})\s+digits\b")
_DIGIT_COUNT = re.compile(r"(?<![\w.-])(\d{1,2})[- ]digits?\b(?! (?:year|month|day|season|hour|minute))", re.IGNORECASE)


def shaped(description: str) -> bool:
    """Whether a description writes the shape of an id ("6 digits", "'CN-' and 6 digits", "R#######")."""
    return _template(random.Random(0), description) is not None


def _template(rng: random.Random, description: str) -> str | None:
    """The id template a description writes ("format LOT-YYYY-NNN", "R#######"), one of them drawn
    where it writes several ("WO-###### or CALL-######"); None without one."""
    said = _TEMPLATE_RE.search(description)
    if said:
        return said.group(1)
    marked = HASH_TEMPLATE.findall(description) or _PLACEHOLDER_ID.findall(description)  # "LD-YYMMDD-NNN"
    if marked:
        return rng.choice(marked)
    lead = _LED_DIGITS.search(description)  # "ASG- and 7 digits", "R followed by 7 digits"
    if lead and 2 <= int(lead.group(2)) <= 20:
        return lead.group(1) + "#" * int(lead.group(2))
    counted = _DIGIT_COUNT.findall(description)
    return "#" * int(counted[0]) if len(set(counted)) == 1 and 3 <= int(counted[0]) <= 20 else None


def _neutral(rng: random.Random, words: list[str], schema: dict[str, Any]) -> str:
    """The value of a parameter whose meaning nothing here knows: an identifier shaped like
    the description's template when it names a record (`lot_number`, "format LOT-YYYY-NNN"),
    bytes for encoded data, else what `_unnamed` knows (never a placeholder, never a random word)."""
    desc = str(schema.get("description") or "")
    template = _template(rng, desc)
    if template:
        return _from_template(rng, template)
    if re.search(r"\bbase64\b|\bencoded\b", desc, re.IGNORECASE):
        return encoded_bytes(rng)
    lead = set(_content_words(schema)[:4])
    if words and (words[-1] in _ID_HEADS or lead & (_ID_HEADS | {"id", "identifier"})):
        initials = "".join(w[0] for w in words if w not in _ID_HEADS and w not in _FILLER and w not in
                           ("from", "to", "source", "target", "destination")).upper()
        return f"{initials or 'REF'}-{rng.randint(10000, 99999)}" if len(initials) > 1 else \
            fake_id(rng, initials or words[-1])  # `from_account` -> "ACC-48213"
    return _stated(schema) or _unnamed(rng, words, schema)


# Kinds a named notation overrides (a `position` "in FEN" is no job title; an id stays an id).
_NOTATED = frozenset({"generic", "text", "title", "title_work", "search_term", "variant", "job", "place", "category",
                      "topic", "product", "code"})
# Notations a description names, with values written in them (a chess position "in FEN").
NOTATIONS: list[tuple[re.Pattern[str], list[str]]] = [
    (re.compile(r"\bFEN\b|Forsyth", re.IGNORECASE),
     ["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
      "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"]),
    (re.compile(r"\bSMILES\b"), ["CCO", "c1ccccc1", "CC(=O)Oc1ccccc1C(=O)O"]),
    (re.compile(r"\bcron\b", re.IGNORECASE), ["0 9 * * 1", "*/15 * * * *", "0 0 1 * *"]),
    (re.compile(r"\bCVSS\s*v?3", re.IGNORECASE), ["AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", "AV:L/AC:H/PR:L/UI:R/S:U/C:L/I:L/A:N"]),
    (re.compile(r"\bCVSS\s*v?2", re.IGNORECASE), ["AV:N/AC:L/Au:N/C:P/I:P/A:P", "AV:L/AC:M/Au:S/C:C/I:N/A:N"]),
    (re.compile(r"\bDNA\b", re.IGNORECASE), ["ATGCGTACGTTAGC", "GATTACAGATTACA", "ATGGCCATTGTAATGGGCCGC"]),
    (re.compile(r"\bRNA\b", re.IGNORECASE), ["AUGGCCAUUGUAAUGGGCCGC", "GCAUCGAUCGAUGC"]),
    (re.compile(r"\bprotein sequence|amino acid sequence", re.IGNORECASE), ["MVLSPADKTNVKAAW", "MKTAYIAKQRQISFVKSHFSRQ"]),
]


def _notation(rng: random.Random, schema: dict[str, Any]) -> str | None:
    desc = str(schema.get("description") or "")
    return next((rng.choice(values) for rx, values in NOTATIONS if rx.search(desc)), None)


def _stated(schema: dict[str, Any]) -> str | None:
    """The default or first example a description states: for a parameter nothing else here
    knows, what the catalog says is the only value known to fit."""
    said = allowed.read(str(schema.get("description") or ""))
    if isinstance(said.default, str) and not allowed.placeholder(said.default) and not allowed.stand_in(said.default):
        return said.default
    return next((e for e in said.examples if not allowed.placeholder(e) and not allowed.stand_in(e)), None)


# Parameters that pick a configuration: only the catalog can say which ones exist.
SETTING_WORDS = frozenset({"config", "configuration", "tokenizer", "scaler", "profile", "preset", "template",
                           "theme", "layout", "namespace", "strategy", "scheme", "setting", "settings", "policy",
                           "mode", "style", "option", "options", "variant", "view", "workspace",
                           "environment", "locale", "engine", "backend", "pipeline", "queue", "channel"})


_WORDING = re.compile(r"\b(?:phrase|words?|terms?|text|string|details|description|statement|actions|"
                      r"objectives|outcomes|steps|summary|explanation|comment)\b", re.IGNORECASE)
_FILTERING = re.compile(r"filter|search|match|compar|contain|look ?up|appear", re.IGNORECASE)


def _unnamed(rng: random.Random, words: list[str], schema: dict[str, Any]) -> str:
    """The last resort for a meaning nothing here knows: wording (a value named only by generic
    words, or described as a phrase, details, terms): a search phrase where it filters or
    matches, else a note; a thing the description calls by its name: a name as people name such
    things ("Hartman Building"); else nothing is known (`NoValue`): a placeholder such as
    "default" is never a value a person sends."""
    desc = str(schema.get("description") or "")
    noun = words[-1] if words else ""
    if noun in SETTING_WORDS:
        raise NoValue(noun)
    if not words or set(words) <= GENERIC or _WORDING.search(desc) or noun in ("terms", "pattern", "greeting"):
        return _search_term(rng, "") if _FILTERING.search(desc) else freetext.text_value(rng, ["note"])
    named = freetext.name_value(rng, words[-2:], lambda: faker(rng).name(), faker(rng).last_name) \
        if "name" in tokens(desc) else None  # `funeral_home`: "Crawford Funeral Home"
    if named is None:
        raise NoValue(noun)
    return named


class NoValue(ValueError):
    """Nothing in the name, the description or the catalog says what value a parameter takes:
    an optional one is left out of the call, a required one gets `fallback` (when the drawer
    has a generic value) or `last_resort`."""

    def __init__(self, name: str, fallback: str | None = None) -> None:
        super().__init__(name)
        self.fallback = fallback


# Kinds of wording whose generic phrases come from a person's everyday life ("running late, be
# there in ten minutes"): no catalog's own text, so an optional one is left out, not filled.
EVERYDAY_TEXT = frozenset({"message", "sentence", "instruction", "request", "caption", "bio", "description",
                           "note", "review", "reason", "question", "answer"})


def _everyday(rng: random.Random, words: list[str]) -> str:
    """Wording nothing in the catalog shows: NoValue, an optional one is left out; a required
    one falls back to wording about the catalog's own topics, else a generic line."""
    role = freetext.text_role(words) or "message"
    text = freetext.text_value(rng, words)
    if role in EVERYDAY_TEXT:
        raise NoValue(role, fallback=freetext.topic_text(rng, role) or text)
    return text


def last_resort(rng: random.Random, name: str, schema: dict[str, Any] | None = None) -> str:
    """A value for a required parameter nothing says anything about: one of the kinds its
    description lists in plain words ("Proof of loss, settlement sheet, photos"), else a
    numbered label of the thing it names ("zone 4"), as people label things they have several
    of; never a placeholder such as "default", never a stranger's surname."""
    listed = allowed.phrase_list(str((schema or {}).get("description") or ""))
    if listed:
        return rng.choice(listed)
    words = [w for w in name_words(name) if w not in _FILLER] or ["item"]
    return f"{words[-1]} {rng.randint(1, 9)}"


# An identifier's shape written with placeholders anywhere in a description: "Meter fault ticket
# (MF-xxxxx)", "documents DOC-xxxxxx", "TRT-YY-NNN" (a digit run last; never a date such as YYMMDD).
_PLACEHOLDER_ID = re.compile(r"(?<![\w-])([A-Z]{1,6}(?:-(?:[A-Z]{1,6}|YYYY|YY))*-(?:x{2,}|N{2,}|#{2,}|9{2,}))(?![\w-])")


def id_template(schema: dict[str, Any]) -> str | None:
    """The one placeholder shape a parameter's description shows for its values, if any."""
    found = set(_PLACEHOLDER_ID.findall(str(schema.get("description") or "")))
    return found.pop() if len(found) == 1 else None


def id_family(schema: dict[str, Any]) -> str | None:
    """The pattern of the ids a description shows as one family of prefixes ("CSK-NNN for caskets,
    URN-NNN for urns, OBC-NNN ...": ^(?:CSK|URN|OBC)-[0-9]{3}$), None unless two or more templates
    differ only in their letters before the first dash."""
    found = sorted(set(_PLACEHOLDER_ID.findall(str(schema.get("description") or ""))))
    heads = [t.partition("-") for t in found]
    if len(found) < 2 or len({rest for _, _, rest in heads}) != 1 or not all(h.isalpha() for h, _, _ in heads):
        return None
    tail = template_regex(heads[0][2])[1:-1]
    return f"^(?:{'|'.join(h for h, _, _ in heads)})-{tail}$"


def from_template(rng: random.Random, template: str) -> str:
    return _from_template(rng, template)


# A part of a template that is one placeholder run ("NNN", "YYYY", "XX"), or a word that closes
# with a run of digit marks ("R#######", "INVxxxx"); every other letter is the id's own ("VEN" of
# "VEN-NNN" is no "VE" and a digit).
_ALL_SLOTS = re.compile(r"N+|D+|Y+|X+|9+|#+|x+")
# A part that is a date written in placeholders ("YYMMDD" of "LD-YYMMDD-NNN", "YYYYMMDD"): a day
# shortly before the reference day (2025-06-02), as an id made that day carries it.
_DATE_SLOTS = re.compile(r"(?:YYYY|YY)MM(?:DD)?|MMDD(?:YYYY|YY)?|DDMM(?:YYYY|YY)")
_DATE_CODES = {"YYYY": "%Y", "YY": "%y", "MM": "%m", "DD": "%d"}
_TEMPLATE_DAY = date(2025, 6, 2)
_CLOSING_RUN = re.compile(r"(.*?)(#+|x{2,}|N{2,}|9{2,})")


def template_regex(template: str) -> str:
    """The pattern of a placeholder template, read as `_from_template` fills it ("PRP-NNNNN" ->
    ^PRP-[0-9]{5}$): a shape other parameters of the same thing share (generator.core.lore)."""
    def run(slots: str) -> str:
        return f"{'[A-Z]' if slots[0] == 'X' else '[0-9]'}{{{len(slots)}}}"

    out = []
    for part in re.split(r"([^A-Za-z0-9#]+)", template):
        if _DATE_SLOTS.fullmatch(part):
            out.append(f"[0-9]{{{len(part)}}}")
        elif _ALL_SLOTS.fullmatch(part):
            out.append(run(part))
        elif (m := _CLOSING_RUN.fullmatch(part)) and m.group(1):
            out.append(re.escape(m.group(1)) + run(m.group(2)))
        else:
            out.append(re.escape(part))
    return "^" + "".join(out) + "$"


def _from_template(rng: random.Random, template: str) -> str:
    """ "LOT-YYYY-NNN" -> "LOT-2024-381": Y a year digit, N / D / 9 / # / x a digit, X a letter,
    in the parts that are placeholders (`_ALL_SLOTS`, `_CLOSING_RUN`); "VEN-NNN" -> "VEN-381"."""
    year = str(rng.randint(2019, 2025))
    years = iter(year * 3)

    def slot(ch: str) -> str:
        if ch == "Y":
            return next(years)
        if ch in "ND9#x":
            return str(rng.randint(0, 9))
        return rng.choice("ABCDEFGHJKLMNPRSTUVWXYZ") if ch == "X" else ch

    out = []
    for part in re.split(r"([^A-Za-z0-9#]+)", template):
        if _DATE_SLOTS.fullmatch(part):
            day = _TEMPLATE_DAY - timedelta(days=rng.randint(1, 30))
            out.append(day.strftime("".join(_DATE_CODES[c] for c in re.findall(r"YYYY|YY|MM|DD", part))))
        elif _ALL_SLOTS.fullmatch(part):
            out.append("".join(slot(ch) for ch in part))
        elif (m := _CLOSING_RUN.fullmatch(part)) and m.group(1):  # one mark after a letter counts: tank T1-T3
            out.append(m.group(1) + (str(rng.randint(1, 3)) if m.group(2) == "#" else "".join(slot(ch) for ch in m.group(2))))
        else:
            out.append(part)
    return "".join(out)


def _described_kind(schema: dict[str, Any]) -> str | None:
    """The kind of thing a description names ("Destination name" -> place), among the kinds
    whose makers give names."""
    for word in _content_words(schema)[:6]:
        rule = next((r for r in RULES if "string" in r.types and singular(word) in r.words
                     and r.kind in _NAMEABLE | {"place", "person"}), None)
        if rule is not None:
            return rule.kind
    return None


def _described_thing(schema: dict[str, Any]) -> list[str]:
    """ "The name of the museum" -> ["museum"]."""
    words = tokens(str(schema.get("description") or ""))
    if "name" in words[1:6] and words[words.index("name") - 1] not in _FILLER:  # "Filter by exchange name"
        at = words.index("name")
        before = words[at - 1]
        if before in ("full", "first", "last", "display", "real", "legal"):
            return ["person"]
        # a compound the description opens with names the thing whole: "Funeral home name"
        return [words[0], before] if at == 2 and words[0] not in _FILLER and words[0].isalpha() else [before]
    at = words.index("of") if "of" in words[:4] else -1  # "Name or part of it": "it" names nothing
    return [w for w in words[at + 1:at + 3] if w not in _FILLER and w not in _PRONOUNS][:1] if at >= 0 else []


_PRONOUNS = frozenset({"it", "its", "them", "this", "that", "these", "those", "which", "one"})


def _name_of(rng: random.Random, thing: list[str], schema: dict[str, Any] | None = None) -> str:
    fake = faker(rng)
    person = lambda: f"{fake.first_name()} {fake.last_name()}"
    described = _described_kind(schema or {}) if thing and not freetext.knows(thing[-1]) else None
    if described is not None:  # `end_name`, "Destination name": a place's name, not "End A6"
        return str(STRING_MAKERS[described](rng, "name"))
    named = freetext.name_value(rng, thing, person, fake.last_name)
    if named is not None:
        return named
    maker = next((STRING_MAKERS[k] for w in freetext.SUBJECT.get() if (k := infer(w, {"type": "string"}))
                  in _NAMEABLE), None)
    return maker(rng, "name") if maker else person()


# Kinds whose maker gives a name: a bare `name` of a restaurant search is a restaurant's.
_NAMEABLE = frozenset({"restaurant", "hotel", "store", "company", "artist", "city", "title_work", "product",
                       "food", "country"})


def _text(rng: random.Random, name: str, schema: dict[str, Any]) -> str:
    return _everyday(rng, tokens(name) + _content_words(schema))


def _titled(rng: random.Random, name: str, schema: dict[str, Any]) -> str:
    if tokens(name)[-2:] == ["subject", "name"]:  # the person a warrant or a report is about, not a to-do
        return faker(rng).name()
    words = tokens(name) + _content_words(schema)[:4]
    return freetext.title_value(rng, words, lambda: _title(rng, name))


def _search(rng: random.Random, name: str, schema: dict[str, Any]) -> str:
    """What a person searches with this tool: a member of what the tool's name or the
    description names ("search_exercise_plan" -> "yoga"), else a common search phrase."""
    return freetext.category_value(rng, list(reversed(_lead_words(schema)[:6]))) or \
        freetext.category_value(rng, list(freetext.SUBJECT.get())[:4]) or _search_term(rng, name)


def _variant(rng: random.Random, name: str, schema: dict[str, Any]) -> str:
    """A kind of something: a member of the category the name or description names
    (`forage_types`, "Main forage plants" -> a plant), else a neutral kind word."""
    words = tokens(name)
    value = freetext.category_value(rng, [w for w in words if w not in ("type", "types", "kind", "kinds")]) or \
        freetext.category_value(rng, list(reversed(_lead_words(schema)[:4]))) or _stated(schema)
    if value is None and ("tier" in words or "plan" in words):
        return rng.choice(["basic", "premium"])
    if value is None:  # "standard" or "default" would be a placeholder, not a kind of anything
        raise NoValue(name)
    return value


_FREE_TEXT: dict[str, Callable[[random.Random, str, dict[str, Any]], str]] = {
    "generic": _generic, "text": _text, "title": _titled, "search_term": _search, "variant": _variant,
    "entry_key": _entry_key, "command": _command, "expression": _expression, "variable": _variable,
    "city": _city_in_format, "place": _place_in_format, "address": _place_in_format,
}


def encoded_bytes(rng: random.Random) -> str:
    return base64.b64encode(bytes(rng.getrandbits(8) for _ in range(12))).decode()


FORMAT_MAKERS: dict[str, Maker] = {
    "byte": lambda rng, name: encoded_bytes(rng),
    "regex": lambda rng, name: rng.choice(["^[a-z]+$", "^\\d{3}$", "^[A-Z][a-z]*$"]),
    "json-pointer": lambda rng, name: f"/{faker(rng).word()}/{rng.randint(0, 9)}",
    "relative-json-pointer": lambda rng, name: f"{rng.randint(0, 3)}/{faker(rng).word()}",
    "uri-template": lambda rng, name: f"https://{faker(rng).domain_name()}/{{id}}",
    "json": lambda rng, name: json.dumps({faker(rng).word(): faker(rng).word()}),
}
