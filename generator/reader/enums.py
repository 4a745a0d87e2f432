"""Enum values said by their words ("in Fahrenheit" for unit=FAHRENHEIT, "cheapest first" for
sort=price_asc, "sorted by price from high to low" for sort_by=price_descending).

An enum value is read as its identifier words ("price_descending" -> price, descending). A word is
said when its stem is in the text, or when one of its everyday phrasings is (the table below:
"descending" is "high to low", "highest first", ...). The gold value is stated when every one of
its words is said and no rival value of the same enum is said as fully and more specifically: two
values that both fit ("sort by price" fits price ascending and price descending alike) leave the
gold unstated.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .text import STOPWORDS, Text, bare_verb_only, fold, identifier_words, stem
from .units import UNIT_WORDS

# Everyday phrasings of the words enum values are built from (keys are folded identifier words).
PHRASINGS: dict[str, tuple[str, ...]] = {
    "deceased": ("died", "dead", "passed away"), "dead": ("died", "deceased", "passed away"),
    "asc": ("ascending", "low to high", "lowest first", "smallest first", "increasing", "cheapest",
            "least expensive", "lowest"),
    "ascending": ("asc", "low to high", "lowest first", "smallest first", "increasing", "cheapest",
                  "least expensive", "lowest", "from low to high"),
    "desc": ("descending", "high to low", "highest first", "largest first", "decreasing", "most expensive",
             "highest", "priciest"),
    "descending": ("desc", "high to low", "highest first", "largest first", "decreasing", "most expensive",
                   "highest", "priciest", "from high to low"),
    "low": ("cheap", "cheapest", "lowest", "inexpensive", "budget", "affordable"),
    "high": ("highest", "top", "best"),
    "newest": ("latest", "most recent", "newest first", "recent"),
    "latest": ("newest", "most recent", "recent"),
    "oldest": ("earliest", "oldest first"),
    "popular": ("popularity", "most popular", "trending"),
    "popularity": ("popular", "most popular"),
    "rating": ("rated", "best rated", "highest rated", "top rated", "ratings"),
    "distance": ("closest", "nearest", "distance", "shortest"),
    "within": ("past", "last", "in the last", "recent", "recently"),
    "nearest": ("closest", "nearest"),
    "price": ("cheapest", "priciest", "cost", "prices", "expensive"),
    "shortest": ("quickest", "fastest", "shortest"),
    "fastest": ("quickest", "fastest", "shortest time"),
    "time": ("fastest", "quickest", "soonest", "shortest"),  # a sort by a duration ("delivery_time")
    "c": ("celsius", "centigrade"), "celsius": ("centigrade", "c"),
    "f": ("fahrenheit",), "fahrenheit": ("f",),
    "metric": ("celsius", "kilometers", "km", "metric"),
    "imperial": ("fahrenheit", "miles", "imperial"),
    "km": ("kilometers", "kilometres"), "mi": ("miles",),
    "economy": ("coach", "economy class"), "business": ("business class",),
    "first": ("first class",),
    "en": ("english",), "fr": ("french",), "de": ("german",), "es": ("spanish",), "it": ("italian",),
    "zh": ("chinese", "mandarin"), "ja": ("japanese",), "ko": ("korean",), "ru": ("russian",),
    "pt": ("portuguese",), "vi": ("vietnamese",), "ar": ("arabic",), "hi": ("hindi",),
    "week": ("weekly", "past week", "last week", "this week", "7 days"),
    "month": ("monthly", "past month", "last month", "this month", "30 days"),
    "year": ("yearly", "past year", "last year", "this year", "annual"),
    "day": ("daily", "today", "past day", "24 hours"),
    "hour": ("hourly", "past hour", "last hour"),
    "delivery": ("deliver", "delivered", "to my address", "to the same address", "to my door", "bring it to me"),
    "takeout": ("take out", "takeaway", "pick up", "pickup", "to go", "pick it up", "pick them up"),
    "pickup": ("pick up", "takeout", "take out", "takeaway", "pick it up", "pick them up"),
    "dine": ("dine in", "eat in", "dining in", "eat out", "eating out", "sit down"),
    "indoor": ("inside", "indoors"), "outdoor": ("outside", "outdoors"),
    "public": ("public transport", "public transit", "transit"),
    "transit": ("public transport", "transit", "bus", "subway", "metro"),
    "walking": ("walk", "on foot", "walking", "walked"), "walk": ("on foot", "walking", "walked"), "cycling": ("bike", "cycle", "bicycle", "biking", "cycled", "biked"),
    "driving": ("drive", "car", "driving"),
    "congestion": ("traffic", "congestion"), "least": ("least", "avoid", "less", "minimal", "fewest"),
    "free": ("free", "no charge", "without charge"),
    "hq": ("high quality", "high-quality", "hi-fi"), "sq": ("standard quality", "standard-quality"),
    "lq": ("low quality",), "hd": ("high definition",), "sd": ("standard definition",),
    "min": ("minutes", "minute", "mins", "minimum"), "sec": ("seconds", "second", "secs"), "hr": ("hours", "hour"),
    "h": ("hours", "hour"),
    "weekly": ("every week", "each week", "once a week"), "daily": ("every day", "each day", "once a day"),
    "monthly": ("every month", "each month", "once a month"),
    "sci": ("science", "science fiction"), "fi": ("fiction", "science fiction"),
    "technology": ("tech",), "tech": ("technology",),
    "selling": ("sellers", "seller", "bestselling", "sales"), "seller": ("selling", "sales"),
    "all": ("everyone", "everybody", "all of them", "every one"),
    "no": ("without", "doesnt", "dont", "not", "none", "no need", "free of", "zero"),
    "more": ("more", "over", "longer", "above", "at least"), "less": ("less", "under", "shorter", "below", "at most"),
    # abbreviations of identifier words, said in full
    "lt": ("less than", "under", "below", "fewer than", "younger than"), "gt": ("greater than", "more than", "over", "above"),
    "le": ("at most", "up to", "or less"), "lte": ("at most", "up to", "or less"),
    "ge": ("at least", "or more"), "gte": ("at least", "or more"),
    "num": ("number",), "qty": ("quantity",), "temp": ("temperature",), "pct": ("percent", "percentage"),
    "amt": ("amount",), "max": ("maximum", "at most"), "neg": ("negative",), "pos": ("positive",),
    "std": ("standard",), "req": ("required", "request"), "dept": ("department",), "approx": ("approximately",),
    # a count unit: "3 units of polyester resin" is 3 each (set 28)
    "each": ("unit", "units", "piece", "pieces", "pcs", "ea"), "ea": ("each", "unit", "units", "piece", "pieces"),
}

# Identifier words that say nothing on their own: "sort_by_price" is said by "price".
_FILLER = STOPWORDS | {"sort", "sorted", "sorting", "by", "order", "type", "mode", "option", "value",
                       "average", "avg", "overall", "total", "only", "one"}
# Order words: a value that is the only one about its subject ("average_price_low_to_high" as the one
# price order) is said by its subject ("sort by price"); the direction is then the option's own.
_DIRECTION = frozenset({"asc", "ascending", "desc", "descending", "low", "high", "to", "first", "increasing",
                        "decreasing", "near", "far", "fast", "slow", "new", "old", "big", "small",
                        # a range's direction as one word (_RANGES): "sorted by distance" for distance_near_to_far
                        "nearest", "farthest", "fastest", "newest", "oldest"})


# Orders said as ranges read as one word: "price_high_to_low" is price descending.
_RANGES = ((("high", "to", "low"), "desc"), (("low", "to", "high"), "asc"), (("near", "to", "far"), "nearest"),
           (("far", "to", "near"), "farthest"), (("fast", "to", "slow"), "fastest"), (("new", "to", "old"), "newest"),
           (("old", "to", "new"), "oldest"), (("a", "to", "z"), "asc"), (("z", "to", "a"), "desc"))


_GLUED_UNIT = re.compile(r"^(\d+(?:\.\d+)?)([a-z]{1,4})$")


def _unglued(word: str) -> tuple[str, ...]:
    m = _GLUED_UNIT.match(word)
    return (m.group(1), m.group(2)) if m else (word,)


@lru_cache(maxsize=16384)
def value_words(value: str) -> tuple[str, ...]:
    """The words of an enum value, a number glued to its unit apart ("slow_order_30mph": 30 mph)."""
    words = _ranges(tuple(p for w in identifier_words(value) for p in _unglued(w)))
    ws = tuple(w for w in words if w not in _FILLER)
    return ws or words


def _ranges(words: tuple[str, ...]) -> tuple[str, ...]:
    out: list[str] = []
    i = 0
    while i < len(words):
        hit = next((word for seq, word in _RANGES if words[i:i + 3] == seq), None)
        out.append(hit or words[i])
        i += 3 if hit else 1
    return tuple(out)


def word_said(text: Text, word: str) -> str | None:
    if f" {word} " in text.padded:
        return word
    unit = UNIT_WORDS.get(word) if len(word) > 1 else None
    if unit:  # "gal_per_lane_mile" said as "gallons per lane mile", "lb" as "pounds"
        other = next((w for w, u in UNIT_WORDS.items() if u == unit and f" {w} " in text.padded), None)
        if other:
            return other
    if stem(word) in text.content_set and not bare_verb_only(text, word):
        return word
    for phrase in PHRASINGS.get(word, ()):
        if f" {fold(phrase)} " in text.padded:
            return phrase
    return None


def _coverage(text: Text, value: str, meant: tuple[str, ...] = ()) -> tuple[int, list[str]] | None:
    """(number of words, the phrases saying them) when every word of `value`, or of a meaning the
    catalog gives it, is said, else None."""
    ws = value_words(value)
    said = [word_said(text, w) for w in ws]
    if not ws or any(s is None for s in said):
        return _digit_form(text, value) or _meaning_said(text, meant)
    return len(ws), [s for s in said if s]


def _meaning_said(text: Text, meant: tuple[str, ...]) -> tuple[int, list[str]] | None:
    """The most specific meaning whose every content word is said ("massive transfusion pack")."""
    best: tuple[int, list[str]] | None = None
    for phrase in meant:
        ws = [w for w in phrase.split() if w not in STOPWORDS] or phrase.split()
        if ws and all(word_said(text, w) for w in ws) and (best is None or len(ws) > best[0]):
            best = len(ws), [f"{phrase} (its meaning)"]
    return best


def _digit_form(text: Text, value: str) -> tuple[int, list[str]] | None:
    """A value spelling a number said with digits: "three_d" is "3D"."""
    from .numbers import with_digits

    words = identifier_words(value)
    form = with_digits(" ".join(words)).replace(" ", "")
    if form == "".join(words) or f" {form} " not in text.padded:
        return None
    return len(words), [form]


def stated_enum(text: Text, gold: str, options: list[object],
                meant: dict[str, tuple[str, ...]] | None = None) -> str | None:
    """The phrases saying the enum value `gold`, or None when it is not said or a rival is said
    as specifically (a tie between readings is no statement). `meant`: each option's meanings
    as the catalog gives them (meanings.py)."""
    meant = meant or {}
    mine = _coverage(text, gold, meant.get(gold, ())) or _only_option_about(text, gold, options)
    if mine is None:
        return None
    rivals = [_coverage(text, str(o), meant.get(str(o), ())) for o in options if isinstance(o, str) and o != gold]
    if any(r is not None and r[0] >= mine[0] and not _inside(gold, str(o))
           for r, o in zip(rivals, [o for o in options if isinstance(o, str) and o != gold], strict=True)):
        return None
    return " + ".join(dict.fromkeys(mine[1]))


# "Patient's relationship to the policy holder" = self: the person said to be the holder ("the
# patient is the policy holder", "the subscriber is the patient herself", "on her own policy"; the
# LLM writer played on medical billing, set 33: only the form word "self" was read).
_HOLDER = r"(?:policy ?holders?|subscribers?|insured|primary insured|guarantors?|card ?holders?|account ?holders?|" \
    r"policy owners?|members?)"
_PERSON = r"(?:patient|member|client|customer|employee|dependent|child|person|he|she|they)"
_SELF_SAID = re.compile(
    rf"\b{_PERSON}(?:\s+is|\s+are|'s|\u2019s)\s+(?:also\s+)?(?:the\s+|their\s+own\s+|her\s+own\s+|his\s+own\s+)?{_HOLDER}\b|"
    rf"\b(?:the\s+)?{_HOLDER}\s+is\s+(?:the\s+)?{_PERSON}(?:\s+(?:themselves|themself|herself|himself))?(?![\w'\u2019])|"
    rf"\b{_PERSON}(?:'s|\u2019s)\s+own\s+(?:policy|plan|coverage|insurance)\b", re.IGNORECASE)
_RELATION = re.compile(r"\brelation(?:ship)?\b", re.IGNORECASE)


def relation_self(text: Text, gold: str, param: str, description: str, options: list[object]) -> str | None:
    """The words saying a relationship enum's "self" in a sentence ("the patient is the policy
    holder"), when no other relation of the enum is said there."""
    if gold.lower() != "self" or not (_RELATION.search(param) or _RELATION.search(description)):
        return None
    m = _SELF_SAID.search(text.raw)
    if m is None:
        return None
    clause = Text(m.group(0))
    if any(isinstance(o, str) and o.lower() not in ("self", "other") and word_said(clause, fold(o)) for o in options):
        return None  # "the policy holder is the patient's spouse"
    return f"{m.group(0)} (self, said as who holds it)"


def _only_option_about(text: Text, gold: str, options: list[object]) -> tuple[int, list[str]] | None:
    """Every word of `gold` that no rival value has is said (and there is one): the words it
    shares with rivals, order words above all, go without saying ("sort by price" for the one
    price order of the enum; "the series" for tv_series among movie, variety_show)."""
    rival_words = {w for o in options if isinstance(o, str) and o != gold for w in value_words(o)}
    own = [w for w in value_words(gold) if w not in rival_words and w not in _DIRECTION]
    said = [word_said(text, w) for w in own]
    if not own or any(x is None for x in said):
        return None
    return len(own), [f"{x} (the one option about it)" for x in said if x]


def _inside(gold: str, rival: str) -> bool:
    """The rival's words are the gold's plus more, or the same set in another form: only a rival
    saying something the gold does not (another word) competes."""
    return set(value_words(rival)) <= set(value_words(gold))
