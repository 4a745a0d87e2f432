"""English word knowledge for derived phrasing, through maintained libraries: articles and
plurals from `inflect`, lemmas, plural detection and verb forms from `lemminflect`.

Only what no library knows is written here: abbreviations seen in API schemas (`qty`,
`lat`, `tz`) and the verbs API names start with, mapped to what a user says.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..core.inflection import engine

# Abbreviations of parameter and API names, as a user says them.
ABBREVIATIONS = {
    "spec": "specification", "specs": "specifications", "qty": "quantity", "num": "number", "no": "number", "nb": "number", "lat": "latitude",
    "lng": "longitude", "lon": "longitude", "long": "longitude", "addr": "address",
    "desc": "description", "dest": "destination", "src": "source", "dst": "destination",
    "msg": "message", "msgs": "messages", "tz": "time zone", "amt": "amount", "max": "maximum",
    "min": "minimum", "temp": "temperature", "pct": "percent", "cnt": "count", "id": "ID",
    "ids": "IDs", "url": "URL", "urls": "URLs", "ip": "IP", "uri": "URI", "tel": "phone",
    "img": "image", "pic": "picture", "pics": "pictures", "doc": "document", "docs": "documents",
    "info": "info", "config": "settings", "cfg": "settings", "pwd": "password", "usr": "user",
    "dob": "date of birth", "lang": "language", "loc": "location",  # "cat" is a cat (set 48: "category compatibility")
    "freq": "frequency", "fmt": "format", "dir": "folder", "prev": "previous", "avg": "average",
    "std": "standard", "sym": "symbol", "symb": "symbol", "pos": "position", "rad": "radius",
    "dt": "date", "ts": "timestamp", "sec": "seconds", "secs": "seconds", "mins": "minutes",
    "hrs": "hours", "km": "km", "kg": "kg", "lb": "pounds", "lbs": "pounds", "ccy": "currency",
    "dept": "department", "org": "organization", "repo": "repository", "env": "environment",
    "btn": "button", "pin": "PIN", "sku": "SKU", "iata": "IATA", "icao": "ICAO", "isbn": "ISBN",
    "asin": "ASIN", "ssn": "SSN", "vin": "VIN", "api": "API", "os": "OS", "sms": "SMS",
    # clipped words said as they are (set 34: "with LAB antech reference")
    "lab": "lab", "labs": "labs", "condo": "condo", "condos": "condos", "limo": "limo",
    "rehab": "rehab", "promo": "promo", "admin": "admin", "tech": "tech", "techs": "techs", "bio": "bio",
}
# Words an API name or description starts with, mapped to the verb a user says (None: the
# word is a verb of the code, not of the user: "handle", "process", "execute").
VERBS: dict[str, str | None] = {
    "get": "get", "fetch": "get", "retrieve": "get", "return": "get", "obtain": "get", "read": "get",
    "load": "get", "provide": "get", "give": "get", "query": "look up", "lookup": "look up",
    "look": "look up", "search": "search for", "find": "find", "list": "list", "show": "show",
    "display": "show", "view": "show", "check": "check", "verify": "verify", "validate": "check",
    "add": "add", "create": "create", "make": "make", "new": "create", "generate": "generate",
    "insert": "add", "post": "post", "put": "put", "set": "set", "update": "update", "edit": "edit",
    "modify": "change", "change": "change", "patch": "update", "delete": "delete", "remove": "remove",
    "cancel": "cancel", "book": "book", "reserve": "reserve", "buy": "buy", "purchase": "buy",
    "order": "order", "send": "send", "play": "play", "pause": "pause", "stop": "stop",
    "start": "start", "open": "open", "close": "close", "lock": "lock", "unlock": "unlock",
    "share": "share", "translate": "translate", "track": "track", "schedule": "schedule",
    "pay": "pay", "transfer": "transfer", "calculate": "calculate", "compute": "calculate",
    "convert": "convert", "estimate": "estimate", "predict": "predict", "analyze": "analyze",
    "analyse": "analyze", "compare": "compare", "recommend": "recommend", "suggest": "suggest",
    "log": "log", "record": "record", "register": "register", "subscribe": "subscribe",
    "unsubscribe": "unsubscribe", "follow": "follow", "download": "download", "upload": "upload",
    "save": "save", "export": "export", "import": "import", "sync": "sync", "reset": "reset",
    "restart": "restart", "enable": "turn on", "disable": "turn off", "turn": "turn", "toggle": "toggle",
    "move": "move", "rename": "rename", "copy": "copy", "archive": "archive", "restore": "restore",
    "mark": "mark", "assign": "assign", "invite": "invite", "join": "join", "leave": "leave",
    "rate": "rate", "review": "review", "report": "report", "notify": "notify", "remind": "remind",
    "call": "call", "dial": "call", "text": "text", "email": "email", "reply": "reply",
    "forward": "forward", "approve": "approve", "reject": "reject", "submit": "submit",
    "apply": "apply for", "request": "request", "rent": "rent", "hire": "hire", "sell": "sell",
    "solve": "solve", "count": "count", "measure": "measure", "monitor": "monitor", "scan": "scan",
    "detect": "detect", "identify": "identify", "summarize": "summarize", "explain": "explain",
    "describe": "describe", "draw": "draw", "plot": "plot", "sort": "sort", "filter": "filter",
    "clean": "clean", "vacuum": "vacuum", "water": "water", "feed": "feed", "dim": "dim",
    "adjust": "adjust", "configure": "set up", "setup": "set up", "install": "install",
    "deploy": "deploy", "run": "run", "launch": "launch", "print": "print", "format": "format",
    "encode": "encode", "decode": "decode", "parse": "read", "extract": "extract", "match": "match",
    "resolve": "resolve", "geocode": "find", "reverse": "reverse", "fill": "fill", "refill": "refill",
    "handle": None, "process": None, "execute": None, "perform": None, "do": None, "manage": "manage",
    "use": None, "invoke": None, "api": None, "endpoint": None, "reschedule": "reschedule", "mix": "mix", "plan": "plan",
    "roll": "roll", "flip": "flip", "shuffle": "shuffle", "split": "split", "merge": "merge", "rank": "rank",
}
# Verbs whose object is usually a new thing ("create a playlist") rather than a known one.
CREATING = frozenset({"create", "make", "add", "generate", "book", "reserve", "buy", "order", "schedule",
                      "register", "post", "log", "record", "request", "rent", "hire", "draw", "plot",
                      "send", "start", "submit", "apply for", "set up", "launch"})
MASS_NOUNS = frozenset({"news", "knowledge", "information", "info", "weather", "music", "data", "advice",
                        "traffic", "goods", "details", "status", "history", "food", "energy", "usage",
                        "feedback", "equipment", "software", "evidence", "research", "progress",
                        "content", "media", "analytics", "metadata", "inventory", "insurance", "mail",
                        "luggage", "baggage", "furniture", "homework", "work", "money", "cash",
                        "electricity", "water", "time", "sentiment", "pricing", "availability",
                        "sedation", "supervision", "contrast", "oxygen", "transportation", "ventilation",
                        "fuel", "gas", "gasoline", "diesel", "oil", "propane", "access",
                        # materials bought and spread by weight or volume: "order salt", never "a salt"
                        "salt", "sand", "gravel", "brine", "ice", "snow", "grain", "feed", "fertilizer", "mulch",
                        "soil", "compost", "concrete", "asphalt", "cement", "lumber", "timber", "steel", "hay",
                        "straw", "flour", "sugar", "rice", "milk", "coffee", "saline", "heparin", "insulin",
                        "plasma", "blood", "dialysate", "paint", "glass", "paper", "cardboard", "scrap"})
# Suffixes of abstract (uncountable) nouns: "needing anesthesia", "with assistance".
_MASS_SUFFIXES = ("ia", "ness", "ity", "ance", "ence", "ism")


def uncountable(word: str) -> bool:
    """A mass or abstract noun, said without "a": "anesthesia", "assistance", "insurance"."""
    w = word.lower()
    return w in MASS_NOUNS or (len(w) > 5 and w.endswith(_MASS_SUFFIXES))


@lru_cache(maxsize=65536)
def lemmas(word: str) -> dict[str, tuple[str, ...]]:
    from lemminflect import getAllLemmas

    return dict(getAllLemmas(word.lower()))


FUNCTION_WORDS = frozenset({"a", "an", "the", "and", "or", "of", "to", "in", "on", "for", "by", "with", "from",
                            "at", "as", "into", "per", "vs", "via", "my", "your", "its", "their", "this", "that",
                            "these", "those", "not", "no", "all", "any", "each", "every", "both", "than"})


def known(word: str) -> bool:
    """An English word lemminflect knows (not "adxr", "spotarea", "lonlat")."""
    w = word.lower()
    return bool(lemmas(w)) or w in ABBREVIATIONS or w in FUNCTION_WORDS or _derived_of_closed(w)


# Nouns only ever plural: "record triage vitals", never "record a triage vitals" (set 34).
_PLURALIA = frozenset({"vitals", "goods", "clothes", "premises", "belongings", "surroundings", "proceeds", "arrears",
                       "earnings", "savings", "remains", "pants", "scissors", "tongs", "pliers", "shears", "groceries"})


@lru_cache(maxsize=65536)
def is_plural(word: str) -> bool:
    from lemminflect import getInflection

    if word.lower() in _PLURALIA:
        return True
    noun = lemmas(word).get("NOUN") or ()
    if not noun and not lemmas(word):  # "slurries", "dosimeters" (set 40: "order a dosimeters"): a word the lexicon
        return _ies_plural(word) is not None or _AGENT_PLURAL.search(word) is not None  # lacks, by its ending
    return bool(noun) and noun[0] != word.lower() and word.lower() in getInflection(noun[0], "NNS")


# Endings of a noun's plural no singular the lexicon lacks has ("dosimeters", "analyzers", "fittings").
_AGENT_PLURAL = re.compile(r"[a-z]{3,}(?:ers|ors|ists|ions|ments|ings)$", re.IGNORECASE)


def _ies_plural(word: str) -> str | None:
    """The singular of a plural in -ies the lexicon does not know ("slurries" -> "slurry"); None
    for any other word (an unknown "-s" word may be singular: "chassis")."""
    low = word.lower()
    return word[:-3] + ("Y" if word.isupper() else "y") if len(low) > 5 and low.endswith("ies") and low.isalpha() else None


@lru_cache(maxsize=65536)
def plural(phrase: str) -> str:
    """The plural of a noun phrase's head ("pass" -> "passes", "checked bag" -> "checked bags")."""
    head = phrase.rsplit(" ", 1)
    last = head[-1]
    if is_plural(last) or last in MASS_NOUNS or last.lower() in _PLURAL_ONLY or not last.isalpha():
        return phrase
    return " ".join([*head[:-1], engine().plural_noun(last) or last])


# Nouns that already name many, which the lexicon reads as singular (set 26: "for peoples DV-4714
# and DV-5647").
_PLURAL_ONLY = frozenset({"people", "personnel", "police", "cattle", "livestock", "staff", "clergy", "poultry",
                          "swine", "folk", "folks"})


@lru_cache(maxsize=65536)
def singular(phrase: str) -> str:
    head = phrase.rsplit(" ", 1)
    last = head[-1]
    if not is_plural(last):
        return phrase
    noun = lemmas(last).get("NOUN")
    return " ".join([*head[:-1], noun[0] if noun else _ies_plural(last) or _unknown_singular(last)])


def _unknown_singular(word: str) -> str:
    """A plural the lexicon does not know, by inflect's rules ("hatchers" -> "hatcher", set 46)."""
    one = engine().singular_noun(word)
    return one if isinstance(one, str) and one else word


def with_article(phrase: str) -> str:
    """ "a user", "an hour", "an ID", "a URL"; plurals and mass nouns take none."""
    last = phrase.rsplit(" ", 1)[-1]
    if is_plural(last) or last.lower() in MASS_NOUNS:
        return phrase
    first = phrase.split(" ", 1)[0]
    if _ACRONYM.match(first):  # letter by letter: "an SMS", "a URL"
        return f"{'an' if first[0] in 'AEFHILMNORSX' else 'a'} {phrase}"
    return engine().a(phrase)


def gerund(verb: str) -> str:
    """ "simulate" -> "simulating" (lemminflect; the verb itself when unknown)."""
    from lemminflect import getInflection

    forms = getInflection(verb, "VBG")
    return forms[0] if forms else verb


def verb_lemma(word: str) -> str | None:
    """The lemma of `word` read as a verb ("Returns" -> "return"), None when it is no verb."""
    w = word.lower()
    verbs = lemmas(w).get("VERB")
    return verbs[0] if verbs else None


_ACRONYM = re.compile(r"^[A-Z0-9]{2,}s?$")


@lru_cache(maxsize=65536)
def split_compound(word: str) -> list[str]:
    """An unknown glued word split into two known ones ("outputsize" -> output size,
    "spotarea" -> spot area, "lonlat" -> lon lat); the word itself when no split is found."""
    w = word.lower()
    if known(w) or len(w) < 5 or not w.isalpha() or _plural_of_known(w) or _derived_of_closed(w):
        return [word]
    splits = [(w[:i], w[i:]) for i in range(len(w) - 2, 1, -1)]
    found = [(left, right) for left, right in splits if _part(left) and _part(right) and left not in _PREFIXES]
    # The first part of a compound is a base form: "name space", not "names pace"; "time stamp".
    base = [(left, right) for left, right in found if _base_form(left)]
    best = (base or found)[:1]
    return [best[0][0], best[0][1]] if best else [word]


# Closed compounds of software and everyday catalogs that lemminflect does not know: one word.
CLOSED_COMPOUNDS = frozenset({"namespace", "timestamp", "workspace", "keyspace", "webhook", "dataset",
                              "hostname", "username", "filename", "pathname", "backend", "frontend",
                              "endpoint", "payload", "metadata", "checkout", "login", "logout", "signup",
                              "playlist", "keyword", "subnet", "firewall", "passcode", "zipcode",
                              "postcode", "wishlist", "smartphone", "livestream"})


def _derived_of_closed(w: str) -> bool:
    """ "namespaced", "timestamps": a closed compound with an ending is still one word."""
    return any(w.startswith(c) and w[len(c):] in ("", "s", "d", "ed", "es") for c in CLOSED_COMPOUNDS)


def _base_form(word: str) -> bool:
    found = lemmas(word)
    return not found or any(word in forms for forms in found.values())


# Word starts that have lemmas of their own but are prefixes here ("configs" is no "con figs").
_PREFIXES = frozenset({"con", "pro", "pre", "dis", "sub", "com", "per", "ex", "inter", "trans", "super"})


def _plural_of_known(w: str) -> bool:
    """ "configs", "params": the plural of a known word or abbreviation is one word."""
    return w.endswith("s") and (known(w[:-1]) or w[:-1] in ABBREVIATIONS)


def _part(word: str) -> bool:
    return (len(word) >= 3 and bool(lemmas(word))) or word in ABBREVIATIONS


# Chemical element symbols from fluorine on (lighter ones only for the tracers written so: C-11,
# C-14, N-13, O-15, H-3), for nuclides named in identifiers: "tc99m" is Tc-99m, "i131" I-131.
_ELEMENTS = (
    "F", "Ne", "Na", "Mg", "Al", "Si", "P", "S", "Cl", "Ar", "K", "Ca", "Sc", "Ti", "V", "Cr", "Mn", "Fe", "Co",
    "Ni", "Cu", "Zn", "Ga", "Ge", "As", "Se", "Br", "Kr", "Rb", "Sr", "Y", "Zr", "Nb", "Mo", "Tc", "Ru", "Rh",
    "Pd", "Ag", "Cd", "In", "Sn", "Sb", "Te", "I", "Xe", "Cs", "Ba", "La", "Ce", "Pr", "Nd", "Pm", "Sm", "Eu",
    "Gd", "Tb", "Dy", "Ho", "Er", "Tm", "Yb", "Lu", "Hf", "Ta", "W", "Re", "Os", "Ir", "Pt", "Au", "Hg", "Tl",
    "Pb", "Bi", "Po", "At", "Rn", "Fr", "Ra", "Ac", "Th", "Pa", "U", "Np", "Pu", "Am", "Cm", "Bk", "Cf", "Es",
    "Fm",
)
_ATOMIC = {s.lower(): (s, z) for z, s in enumerate(_ELEMENTS, start=9)}
_TRACERS = {"c11": "C-11", "c14": "C-14", "n13": "N-13", "o15": "O-15", "h3": "H-3"}
_NUCLIDE_WORD = re.compile(r"([a-z]{1,2})(\d{1,3})(m?)")


def nuclide(word: str) -> str | None:
    """A nuclide an identifier writes run together, as it is written ("tc99m" -> "Tc-99m", "mo99"
    -> "Mo-99", "f18" -> "F-18"); None for any other word (a mass number below the element's
    number or far above it is no nuclide: "co2", "n95", "pm25")."""
    low = word.lower()
    if low in _TRACERS:
        return _TRACERS[low]
    m = _NUCLIDE_WORD.fullmatch(low)
    if m is None or m[1] not in _ATOMIC:
        return None
    symbol, z = _ATOMIC[m[1]]
    return f"{symbol}-{m[2]}{m[3]}" if z <= int(m[2]) <= 3 * z else None
