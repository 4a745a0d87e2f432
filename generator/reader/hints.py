"""Hints: words that point at a value through the user's history or situation instead of giving it.

Kinds and the rule each names:
- recency ("last time", "again", "same as before", "the one I just ordered") -> history last;
- habit of frequency ("usual", "regular", "always", "as I normally do", "favorite") -> history usual;
- habit words ("home", "work", "my gym", "the office", "the airport") -> history habit;
- position ("nearby", "around here", "near me") -> the user's location: history last;
- reference ("the mall" for "The River Mall", "that restaurant", "my account"): a definite,
  demonstrative or possessive noun phrase whose noun is a word of the gold or of the parameter's
  name -> the one history value holding the noun, else history last.

A hint must refer to the argument: a hint bound to a noun binds to the parameter that noun names
(its name words, or a word of its gold value); a location hint binds to location parameters by
its preposition ("from home" the origin, "to work" the destination); an unbound recency or
frequency hint ("same as last time", "my usual") refers to every argument of the call that the
history holds.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from .text import STOPWORDS, Text, content_stems, identifier_words, stem

_RECENT = re.compile(r"\b(?:(?:same|like|as) (?:as )?(?:last time|before|the last one|the other day|yesterday|previously|earlier)"
                     r"|last time|again|once more|another one|the same (?:one|thing|order|place|again)|same (?:one|thing|order|place|spot|route|ride|trip)"
                     r"|the one i (?:just|had|got|ordered|used|bought|booked|saw|watched|read|visited|went)\w*"
                     r"|(?:what|where) i (?:just|had|got|ordered|used|bought|booked|went|visited|watched|read)\w*(?: (?:last time|before|yesterday|earlier))?"
                     r"|my (?:last|previous|latest|most recent) \w+|reorder|re-order)\b")
# Frequency said of the user's own habit ("my usual", "as always", "I normally"), not of the world.
_USUAL = re.compile(r"\b(?:(?:my|the|our) (?:usual|regular|favou?rite|go-?to|typical)|as (?:usual|always)|usual"
                    r"|i (?:usually|always|normally|typically|regularly)|like i (?:always|usually) do)\b")
# Habit places: "home" alone ("a ride home"), "work" after a preposition or "my"; the others after
# my/the/our. The
# word must close its noun phrase ("the station names" names no place).
_HABIT = re.compile(r"\b(?:(?P<pre>from|to|at|near|around|towards|back to|back|head(?:ing)?(?: back)?(?: to)?|get to|go to|leave)\s)?"
                    r"(?:(?P<det>my|the|our)\s)?(?:(?P<adj>[a-z]+)\s)??(?P<w>home|work|office|gym|school|campus|airport|station|dorm|place)"
                    r"(?=\s*(?:[.,;:!?)\u2014\u2013]|$)|\s+(?:and|or|to|from|for|at|in|on|by|with|please|now|today|tonight|again)\b)")
# A habit place: "home" alone; "work", "school", "campus", "the office", "my dorm" after "to", "from",
# "back to" or a possessive ("back to Xuhui campus"); "my place" is home.
_BARE = frozenset({"school", "campus", "work", "office", "home", "dorm"})


def _is_habit(m: re.Match[str]) -> bool:
    w, det, pre = m.group("w"), m.group("det"), m.group("pre")
    if w == "place":
        return det == "my" and not m.group("adj")
    if m.group("adj") and (m.group("adj") in STOPWORDS or m.group("adj") in _BARE):
        return False
    return bool(det) or w == "home" or (bool(pre) and w in _BARE)


def _adjective(m: re.Match[str]) -> tuple[str, ...]:
    return (m.group("adj"),) if m.group("adj") else ()


# Going back with no place said ("how do I get back?", "take me back from here"): back where the
# user's days start and end, read as "home".
_GO_BACK = re.compile(r"\b(?:get(?:ting)?|go(?:ing)?|head(?:ing)?|ride|riding|take me|bring me|come|coming|walk(?:ing)?)"
                      r" back\b(?=\s*(?:[.,;:!?\u2014\u2013]|$)|\s+(?:from|now|tonight|please|again)\b)")
# The trip between home and work: "my morning commute", "the evening commute home".
_COMMUTE_WORDS = re.compile(r"\b(?:(?:my|the|our) )?(?:(?P<part>morning|evening|afternoon|daily|usual) )?commute\b")
# Where the user is now: "done at the hospital", "all done at the exit-entry office", "finished at the
# visa center", "I'm here", "to get here": the end of their latest trip (holding the place's words).
_HERE = re.compile(r"\b(?:(?:all |finally |just )?(?:done|finished|wrapping up|wrapped up) (?:at |here|out here)"
                   r"(?:(?:the|my) (?P<place>[a-z' -]{3,40}?))?(?=\s*(?:[.,;!?\u2014\u2013]|$|\band\b|\bnow\b))"
                   r"|\b(?:all |just )?done (?:shopping|here|with (?:my|the) \w+)\b"
                   r"|\b(?:dinner|lunch|breakfast|class|work|shopping|the (?:meeting|appointment|movie|game))(?:'s| is)? "
                   r"(?:done|over|finished)\b"
                   r"|\b(?:just )?got (?:dropped off|off the \w+)\b"
                   r"|\bi'?m (?:here|done here)\b|\b(?:to|i) (?:get|got) here\b)")
_NEARBY = re.compile(r"\b(?:nearby|near (?:me|here|my (?:location|place))|around (?:here|me)|from here|close (?:by|to me)"
                     r"|in my (?:area|neighbou?rhood)|where i am|my (?:current )?location"
                     r"|(?:delivered|deliver(?: it)?|bring(?: it)?|send(?: it)?|order|lunch|dinner|breakfast|food|eat|eating) here"
                     r"|here in (?:the|this) \w+)\b")
# A short noun phrase closed by a function word or punctuation: "the mall.", "that restaurant
# again", "my gym" (not "the best subway route": an open phrase names a kind, not one thing).
_CLOSERS = "|".join(sorted(STOPWORDS | {"again", "last", "please", "now", "today", "tonight", "tomorrow", "usual",
                                        "same", "regular", "favorite", "favourite"}))
_W = rf"(?!(?:{_CLOSERS})\b)[a-z]+"
_REFERENCE = re.compile(rf"\b(?P<det>the|that|this|those|these|my|our|same)\s+(?:(?:same|usual|regular|favou?rite)\s+)?"
                        rf"(?:(?P<adj>{_W})\s+)?(?P<noun>{_W})(?=\s*(?:[.,;:!?)\u2014\u2013]|$)|\s+(?:{_CLOSERS})\b)")

# "without sharing the car": the thing an act is done to, no pointer to an earlier value
_AFTER_GERUND = re.compile(r"\b\w{3,}ing\s+$")

_ORIGIN = frozenset({"start", "origin", "from", "departure", "pickup", "source", "begin", "departing"})
_DESTINATION = frozenset({"end", "destination", "dest", "to", "arrival", "dropoff", "drop", "target", "arrive"})
_PLACE = frozenset({"location", "address", "place", "city", "area", "near", "position", "lat", "lng", "lon",
                    "latitude", "longitude", "where", "region", "district", "neighborhood", "poi", "station",
                    "airport"}) | _ORIGIN | _DESTINATION


# Nouns that name a parameter by another word ("usual budget": the prices; "same length": the duration).
SYNONYMS = {"length": ("duration",), "long": ("duration",), "budget": ("price",), "window": ("time", "date"),
            "showtime": ("time",), "cost": ("price",), "section": ("category",), "spend": ("price",),
            "term": ("keyword", "query", "q", "search"), "limit": ("max", "maximum"), "text": ("content",)}


@dataclass(frozen=True)
class Hint:
    kind: str  # recency | usual | habit | nearby | reference | here
    words: str
    word: str = ""  # the habit word or the reference noun
    role: str = ""  # origin | destination | "" for a location hint
    window: tuple[str, ...] = ()  # recency / usual: content words around it; habit: its adjective
    said: tuple[str, ...] = ()  # recency / usual: the words around it, "time" too ("my regular exercising time")


@lru_cache(maxsize=8192)
def hints_in(lowered: str) -> tuple[Hint, ...]:
    """Every hint phrase of a (lowercased) text."""
    cues = sorted([("recency", m) for m in _RECENT.finditer(lowered)] + [("usual", m) for m in _USUAL.finditer(lowered)],
                  key=lambda c: c[1].start())
    ends = [m.end() for _, m in cues]
    out = [Hint(kind, m.group(0), window=_window(lowered, m, after=_before(ends, m)),
                said=_window(lowered, m, skip=STOPWORDS, after=_before(ends, m))) for kind, m in cues]
    out += [Hint("habit", m.group(0).strip(), m.group("w"), _role(m.group("pre")), _adjective(m))
            for m in _HABIT.finditer(lowered) if _is_habit(m)]
    out += [Hint("habit", m.group(0).strip(), "home", "destination") for m in _GO_BACK.finditer(lowered)]
    for m in _COMMUTE_WORDS.finditer(lowered):  # "my morning commute": from home to work (evening: back)
        start, end = ("work", "home") if m.group("part") in ("evening", "afternoon") else ("home", "work")
        out += [Hint("habit", m.group(0), start, "origin"), Hint("habit", m.group(0), end, "destination")]
    out += [Hint("here", m.group(0).strip(), m.group("place") or "", "origin") for m in _HERE.finditer(lowered)]
    out += [Hint("nearby", m.group(0)) for m in _NEARBY.finditer(lowered)]
    out += [Hint("reference", m.group(0), m.group("noun")) for m in _REFERENCE.finditer(lowered)
            if m.group("noun") not in STOPWORDS and (m.group("det") != "the" or not m.group("adj"))
            and not (m.group("det") == "the" and _AFTER_GERUND.search(lowered, 0, m.start()))]
    return tuple(out)


_CLAUSE_END = re.compile(r"[,.;!?]| and | or | but ")
_VERBS = frozenset({"use", "used", "go", "went", "had", "got", "ordered", "order", "chose", "picked", "want",
                    "like", "usually", "always", "normally", "one", "same", "time", "last", "before", "from"})
# Words that open the noun phrase a trailing hint closes ("the alarm time I usually go with").
_OPENERS = frozenset({"the", "my", "our", "your", "that", "this", "these", "those", "same", "a", "an"})
# After a coordinated noun ("my usual restaurant and dishes"), what may follow: the clause's end or
# a preposition, not a determiner or pronoun (as after a verb: "my usual restaurant and book a table").
_AFTER_NOUNS = frozenset({"for", "at", "with", "using", "on", "in", "to", "from", "by", "please", "again"})


def _before(ends: list[int], m: re.Match[str]) -> int:
    """Where the hint phrase before this one ends: a hint's words never reach into another's."""
    return max((e for e in ends if e <= m.start()), default=0)


def _window(lowered: str, m: re.Match[str], span: int = 3, skip: frozenset[str] | None = None,
            after: int = 0) -> tuple[str, ...]:
    """The content words of the noun phrase a hint modifies: after a fronted one, up to the next
    function word ("my usual cabin for ..." -> cabin; "my usual restaurant and dishes" -> both);
    before one that follows its noun, from the word that opens the phrase ("the departure city I
    used last time" -> departure, city; "the same distance as last time" -> distance); never past
    its clause or into an earlier hint ("the account from last time as I did last time")."""
    start = max([e.end() for e in _CLAUSE_END.finditer(lowered, 0, m.start())] + [after])
    drop = STOPWORDS | _VERBS if skip is None else skip
    if m.group(0).startswith(_FRONTED):
        listed = _fronted_list(lowered[m.end():])  # "my usual time, party size and seating": all three
        if listed:
            return tuple(w for w in listed if w not in drop or w == "time")
        return tuple(w for w in _fronted_phrase(lowered[m.end():]) if w not in drop or w == "time")[:span]
    listed = _same_list(lowered[max(after, 0):m.start()])
    if listed:  # "the same product, quantity, shipping address and shipping speed as last time": all four
        return tuple(w for w in listed if w not in drop)
    tokens = re.findall(r"[a-z]+", lowered[start:m.start()])
    opener = max((i for i, w in enumerate(tokens) if w in _OPENERS), default=-1)
    return tuple(w for w in tokens[opener + 1:] if w not in drop or (w == "time" and opener >= 0))[-span:]


def _same_list(before: str) -> list[str]:
    """The words of a list of nouns that "the same" opens and a trailing hint closes, or [] when
    what lies between is no such list (a verb, a clause of its own, a single noun)."""
    sentence = re.split(r"[.;!?]", before)[-1]
    at = sentence.rfind(" same ")
    if at < 0:
        return []
    parts = [p.strip() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+", sentence[at + 6:]) if p.strip()]
    if len(parts) < 2 or any(len(p.split()) > 3 or set(p.split()) & (_VERBS - {"one"}) for p in parts):
        return []
    return [w for p in parts for w in re.findall(r"[a-z]+", p)]


_NOUN = r"[a-z]+(?: [a-z]+){0,2}"
_LISTED = re.compile(rf"^\s*((?:{_NOUN}, )+{_NOUN},? and {_NOUN})(?=\s*(?:[.,;!?]|$|\s(?:{'|'.join(sorted(_AFTER_NOUNS))})\b))")


def _fronted_list(rest: str) -> list[str]:
    """The words of a list of nouns after a fronted hint ("my usual time, party size and seating",
    set 28: the writer merges three hints so), or [] when what follows is no such list."""
    m = _LISTED.match(rest)
    if m is None:
        return []
    parts = re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group(1))
    if any(set(p.split()) & (_VERBS - {"one", "time"}) or set(p.split()) & STOPWORDS for p in parts):
        return []
    return [w for p in parts for w in p.split()]


def _fronted_phrase(rest: str) -> list[str]:
    """The words of the noun phrase after a fronted hint, nouns joined by "and" included."""
    clause = re.split(r"[,.;!?]| or | but ", rest, maxsplit=1)[0]
    tokens = re.findall(r"[a-z]+", clause)
    out: list[str] = []
    for i, w in enumerate(tokens):
        if w == "of" and out and i + 1 < len(tokens) and tokens[i + 1] not in STOPWORDS:
            continue  # "my regular number of nights"
        if w != "and" and w in STOPWORDS:
            break
        if w == "and":
            tail = list(itertools.takewhile(lambda t: t not in STOPWORDS, tokens[i + 1:]))
            follow = tokens[i + 1 + len(tail)] if i + 1 + len(tail) < len(tokens) else ""
            if not tail or len(tail) > 3 or (follow and follow not in _AFTER_NOUNS):
                break
            continue
        out.append(w)
    return out


_FRONTED = ("my ", "the ", "our ", "usual", "regular", "favorite", "favourite", "go-to", "goto", "typical")


def _role(pre: str | None) -> str:
    if not pre:
        return ""
    return "origin" if pre.startswith(("from", "leave")) else "destination" if pre != "near" and pre != "around" else ""


def param_role(param: str) -> str:
    ws = set(identifier_words(param))
    if ws & _ORIGIN:
        return "origin"
    if ws & _DESTINATION:
        return "destination"
    return "place" if ws & _PLACE else ""


def is_place(param: str) -> bool:
    return bool(set(identifier_words(param)) & _PLACE)


def refers_to(hint: Hint, param: str, gold: object, text: Text, params: list[str],
              descriptions: Mapping[str, str] | None = None) -> bool:
    """Whether `hint` refers to the argument `param` (with gold value `gold`) of the call
    (`descriptions`: the call's parameters' descriptions, which may name them too)."""
    if hint.kind in ("habit", "nearby", "here"):
        return not isinstance(gold, bool) and _location_binding(hint, param)
    if hint.kind == "reference":
        return _names_argument(hint.word, param, gold, anywhere=is_place(param))
    if _PLACE_WORDS & set(hint.words.split()):  # "the same place", "same spot": where, not what or how
        return bool(param_role(param)) and not isinstance(gold, bool)
    bound = bound_params(hint, params, descriptions or {})
    if bound:  # "the same distance as last time": only the distance
        return param in bound
    things = [stem(w) for w in hint.window if stem(w) not in _WHOLE]
    if things and hint.kind == "usual":  # "my usual Sukiya beef bowl": the argument that holds it
        return isinstance(gold, str | list) and bool(set(things) & set(content_stems(" ".join(map(str, _items(gold))))))
    if is_sort(param):  # "dresses again": what is asked for again, not how the list was ordered
        return bool({stem(w) for w in hint.window} & _ORDERING_WORDS)
    return True  # an unbound "again" / "my usual": the whole call


def is_sort(param: str) -> bool:
    """A parameter that orders results ("sort_by", "order_by", "ranking"), not one that filters them."""
    ws = set(identifier_words(param))
    return bool(ws & {"sort", "sorting", "sorted", "rank", "ranking"}) or {"order", "by"} <= ws


# Words of a pointer that take in how results were ordered ("the same settings", "sorted the same way").
_ORDERING_WORDS = frozenset(map(stem, ("settings", "setting", "setup", "way", "sort", "sorted", "sorting", "order",
                                       "ordered", "options", "preferences")))


_PLACE_WORDS = frozenset({"place", "spot"})
# Window words that speak of the whole call ("usual settings", "the way I usually search").
_WHOLE = frozenset(map(stem, ("settings", "setting", "filters", "way", "setup", "search", "order", "thing",
                              "stuff", "one", "options", "otherwise")))


def _items(gold: object) -> list[object]:
    return gold if isinstance(gold, list) else [gold]


def bound_to(hint: Hint, param: str, params: list[str], descriptions: Mapping[str, str] | None = None) -> bool:
    """A recency / usual hint whose own words name this parameter ("my usual cabin"), by its name or,
    when they name no parameter by its name, by its description ("my regular exercising time")."""
    if hint.kind not in ("recency", "usual"):
        return False
    return param in bound_params(hint, params, descriptions or {})


def bound_params(hint: Hint, params: list[str], descriptions: Mapping[str, str]) -> set[str]:
    """The parameters a hint's own noun phrase names: those whose description's noun phrase it says
    in full ("the sorting options from last time"), and for each other word, the parameters it names
    by name ("my usual restaurant and dishes": restaurant_id), else the one parameter whose
    description's head noun it is ("dishes" for "Dishes to order", "the area" for "Delivery area")."""
    described = described_params(hint.said, params, descriptions)
    used = {s for q in described for s in described_as(descriptions.get(q, ""))}
    out = set(described)
    for w in dict.fromkeys((*hint.window, *hint.said)):
        if stem(w) in used or stem(w) in _WHOLE:
            continue
        out |= {q for q in params if _names_argument(w, q, None)} or headed(stem(w), params, descriptions)
    return out


def headed(word: str, params: list[str], descriptions: Mapping[str, str]) -> set[str]:
    """The one parameter whose description's head noun is `word` (none when two share it)."""
    hits = {q for q in params if _head_noun(descriptions.get(q, "")) == word}
    if not hits:  # "Rider's surname or full name": "the rider I always use" names it (set 28's play)
        hits = {q for q in params if _owner_noun(descriptions.get(q, "")) == word}
    return hits if len(hits) == 1 else set()


def _owner_noun(description: str) -> str:
    """The owner a description opens with ("Rider's surname" -> rider), "" when none."""
    m = re.match(r"\W*(?:the\s+)?([a-z]+)'s\b", description.lower())
    return stem(m.group(1)) if m else ""


def _head_noun(description: str) -> str:
    """The last content word of a description's first phrase, before a clause of purpose or place
    ("Dishes to order": dish; "Delivery area": area)."""
    head = re.split(r"[.:;,(]| to | in | for | from | with | when ", description.lower(), maxsplit=1)[0]
    words = head.split()
    while len(words) > 1 and words[-1].endswith("ed"):  # "Dishes wanted", "Seats booked": the noun before
        words.pop()
    stems = content_stems(" ".join(words))
    return stems[-1] if stems else ""


# Words a description adds to what a parameter is ("exercising time range" is an exercising time).
_LOOSE = frozenset({"range"})


def described_as(description: str) -> frozenset[str]:
    """What a description calls its parameter: the content words of its first phrase (up to a stop,
    comma, colon or bracket), when that is a short noun phrase ("Sorting options", "exercising time
    (in minutes)"); empty otherwise."""
    head = re.split(r"[.:;,(]", description, maxsplit=1)[0]
    stems = [s for s in content_stems(head) if s not in _LOOSE]
    return frozenset(stems) if 0 < len(stems) <= 4 else frozenset()


def described_params(words: Iterable[str], params: Iterable[str], descriptions: Mapping[str, str]) -> set[str]:
    """The parameters whose description's noun phrase the words say in full ("the same exercising
    time as ..." names the one described as "exercising time", not "exercising category")."""
    said = {stem(w) for w in words}
    return {p for p in params if (d := described_as(descriptions.get(p, ""))) and d <= said}


def _location_binding(hint: Hint, param: str) -> bool:
    role = param_role(param)
    if not role:
        return False
    if hint.kind == "nearby":
        return role in ("place", "origin")
    return not hint.role or role == "place" or role == hint.role


def _names_argument(noun: str, param: str, gold: object, anywhere: bool = False) -> bool:
    """The noun is a word of the parameter's name, or the head (last content word) of the gold;
    for a place, any word of it ("the university" for "... University Xuhui Campus")."""
    s = stem(noun)
    names = {stem(w) for w in identifier_words(param)}
    if s in names or set(SYNONYMS.get(s, ())) & names:
        return True
    ends = {stem(w): w for w in _ORIGIN | _DESTINATION}
    end = noun if noun in _ORIGIN | _DESTINATION else ends.get(s, "")  # "the starting point": the origin
    if end and param_role(param) == ("origin" if end in _ORIGIN else "destination"):
        return True  # "my regular pickup point" names the origin
    golds = gold if isinstance(gold, list) else [gold]
    words = [content_stems(g) if anywhere else content_stems(g)[-1:] for g in golds if isinstance(g, str)]
    return any(s in w for w in words)
