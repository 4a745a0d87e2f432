"""What a tool does, as a verb and an object a user would say, from the function name and the
description: "lock_door" -> (lock, door), "Weather_1_GetWeather" -> (get, weather),
"Composition" + "Returns the portfolio composition of a mutual fund" -> (get, portfolio
composition), "adxr" + "Average Directional Movement Index Rating (ADXR) is ..." -> (get,
average directional movement index rating)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..records import Tool
from ..semantic import tokens
from .lexicon import (
    MASS_NOUNS,
    VERBS,
    expand,
    is_plural,
    known,
    lemmas,
    lower_words,
    split_compound,
    verb_lemma,
)

_NOISE = frozenset({"specified", "provided", "requested", "desired", "corresponding", "relevant", "respective", "selected",
                    "api", "endpoint", "v", "deprecated", "deprecating", "beta", "new", "old", "the", "a", "an",
                    "all", "any", "my", "some", "multiple", "various", "specific", "given", "particular",
                    "detailed", "full", "complete", "basic", "simple", "single", "one", "info"} - {"info"})
_STOP = frozenset({"for", "by", "from", "with", "in", "on", "at", "using", "based", "that", "which", "who",
                   "near", "around", "inside", "outside", "during", "since", "until", "across",
                   "where", "when", "if", "via", "to", "into", "within", "according", "given",
                   "including", "matching", "and", "or", "as", "such", "like", "about", "over", "under",
                   "between", "per", "is", "are", "will", "can", "this", "these", "it", "its", "their",
                   "your", "you", "users", "user's", "than", "without", "after", "before", "through", "of"})
_LEAD_INS = re.compile(
    r"^(?:(?:this|the)\s+(?:endpoint|api|tool|function|method|service|route|call|operation)\s+(?:will\s+|can\s+)?"
    r"|(?:allows?|lets?|enables?|helps?)\s+(?:you|users?|the user|clients?|developers?)\s+(?:to\s+)?"
    r"|(?:is\s+)?used\s+to\s+|use\s+this\s+(?:\w+\s+)?to\s+|you\s+can\s+|an?\s+(?:api|endpoint|tool)\s+(?:to|that)\s+)+",
    re.IGNORECASE,
)
_LEAD_NP = re.compile(r"^(?:a |an |the )?(?:(?:full |complete |detailed |short )?(?:list|lists|set|array|collection)"
                      r" of |(?:detailed |basic |key )?(?:information|info|details|data) (?:about|on|for|of) "
                      r"|the |a |an |all |any |some |multiple |various |specific |detailed |)+", re.IGNORECASE)


@dataclass(frozen=True)
class Action:
    """What the tool does: a user's verb (None: only a noun is known) and an object."""

    verb: str | None
    obj: str
    source: str  # "name" | "description"

    @property
    def head(self) -> str:
        return self.obj.rsplit(" ", 1)[-1] if self.obj else ""


# Verbs that start the API part of a namespaced name ("Weather_1_GetWeather", "sports_team.get_schedule").
_NAME_VERBS = frozenset({"get", "set", "list", "search", "create", "delete", "update", "find", "check", "add",
                         "remove", "fetch", "post", "put", "calculate", "send", "book", "cancel", "retrieve",
                         "convert", "compute", "play", "lookup", "query", "generate", "track", "schedule"})


def _clean_api(api: str) -> str:
    return re.sub(r"\{[^}]*\}|\([^)]*\)|\bv\d+\b", " ", api)


def _words(text: str, app: str) -> list[str]:
    app_words = {w.lower() for w in tokens(app)}
    out = []
    for w in tokens(text):
        if w.isdigit() or w in app_words or re.fullmatch(r"v\d+", w):
            continue
        out += [expand(p) for p in split_compound(w)]
    return [w for i, w in enumerate(out) if i == 0 or w != out[i - 1]]  # "color_mix.mix": one "mix"


def _user_verb(word: str) -> tuple[bool, str | None]:
    """(is a verb of an API name, the verb a user says) for one word ("retrieve" -> get)."""
    w = word.lower()
    if w in VERBS:
        return True, VERBS[w]
    lemma = verb_lemma(w)
    if lemma and lemma != w and lemma in VERBS:  # "returns", "retrieves", "lists"
        return True, VERBS[lemma]
    if lemma == w and set(lemmas(w)) == {"VERB"}:  # only ever a verb: "reschedule", "unfollow"
        return True, w
    return False, None


def from_name(tool: Tool) -> Action | None:
    api = _clean_api(tool.api or tool.name)
    if "." in api.strip("."):  # "text_to_speech.convert": the last part acts, the rest is the object
        *space, last = [p for p in api.split(".") if p]
        act = from_words(_words(last, tool.app))
        if act and act.verb and not act.obj:
            return Action(act.verb, _object(_words(" ".join(space), tool.app), _NAME_STOPS), "name")
        if act and act.verb:
            return act
    return from_words(_words(api, tool.app))


def from_words(words: list[str]) -> Action | None:
    words = [w for w in words if w not in _NOISE]
    at = next((i for i, w in enumerate(words) if _user_verb(w)[0] and (i == 0 or (w in _NAME_VERBS
                                                                                 and i < len(words) - 1))), None)
    if at is None:
        return Action(None, " ".join(words), "name") if words else None
    verb = _user_verb(words[at])[1]
    after = words[at + 1:]
    if verb and after and after[0] == verb.split()[-1]:  # "look_up_x": the verb already says "up"
        after = after[1:]
    while after and after[0].lower() in _NAME_STOPS | {"on", "at", "of"}:  # "play_on_speaker": a place
        after = after[1:]
        if not after:
            break
        return Action(verb, "", "name")
    obj = _object(after, _NAME_STOPS) or _object(words[:at], _NAME_STOPS)
    return Action(verb, obj, "name") if verb or obj else None


def _object(words: list[str], stops: frozenset[str] = _STOP) -> str:
    out: list[str] = []
    while words and words[0].lower() in stops | _CLAUSE_LEADS:  # "searches for news": the verb took "for"
        words = words[1:]  # "checks whether a domain is free": the domain is the object
    for w in words:
        low = w.lower()
        if out and (low in stops and (low not in ("and", "or") or len(out) >= 2) or _participle(low)):
            break
        if low.endswith("ly") and "ADV" in lemmas(low):  # "potentially undervalued stocks"
            continue
        if low not in _NOISE and low not in ("and", "or", "of") or out and low in ("and", "or", "of"):
            out.append(w)
    while out and out[-1].lower() in ("and", "or", "of"):
        out.pop()
    return " ".join(out[:5])


_CLAUSE_LEADS = frozenset({"of", "whether", "if", "how", "what", "which", "that", "a", "an", "the"})
_CLAUSE_WORDS = frozenset({"containing", "including", "using", "showing", "listing", "matching", "describing",
                           "representing", "having", "providing", "giving", "returning", "based", "associated",
                           "available", "related", "sorted", "provided", "specified", "hosted", "given",
                           "according", "ordered", "filtered", "grouped", "found", "stored", "registered"})


def _participle(word: str) -> bool:
    """ "related", "sorted", "containing": a clause starts after the object."""
    return word in _CLAUSE_WORDS


def known_adjective(word: str) -> bool:
    return "ADJ" in lemmas(word) and "VERB" not in lemmas(word)


# Inside a name, "on" and "of" are part of a term ("return_on_equity", "list_of_values").
_NAME_STOPS = frozenset({"by", "for", "from", "with", "to", "using", "via", "in", "and", "or"})


_BOILERPLATE = re.compile(r"^(?:this|the) (?:tool|function|api|endpoint|service) (?:belongs|is (?:a )?part) ",
                          re.IGNORECASE)


def _first_sentence(description: str) -> str:
    """The first sentence that says what the tool does: after a "Tool description:" marker,
    past boilerplate such as "This tool belongs to the Gorilla file system."."""
    text = re.sub(r"\([^)]*\)|`", "", description.strip())
    marker = re.search(r"tool description:\s*", text, re.IGNORECASE)
    text = text[marker.end():] if marker else text
    sentences = [s.rstrip(".!?; ") for s in re.split(r"(?<=[.!?;])\s|\n", text) if s.strip()]
    return next((s for s in sentences if not _BOILERPLATE.match(s)), "")


_DETERMINERS = frozenset({"a", "an", "the", "one", "all", "every", "each", "your", "my", "its"})
# (the determiner after an imperative verb is dropped: the object phrase brings its own article)


def _imperative(words: list[str]) -> bool:
    """A sentence opening with a verb's base form and then a determiner ("Scale a deployment",
    "Book the room"): the first word acts there, even when it can be a noun."""
    return len(words) > 2 and verb_lemma(words[0]) == words[0].lower() and words[1].lower() in _DETERMINERS


def from_description(tool: Tool) -> Action | None:
    sentence = _LEAD_INS.sub("", _first_sentence(tool.description))
    words = sentence.split()
    if not words:
        return None
    is_verb, verb = _user_verb(words[0])
    if not is_verb and _imperative(words):  # "Scale a deployment ...": a verb that is a noun too
        is_verb, verb = True, words[0].lower()
        words = [words[0], *words[2:]]  # the object takes its own article: "mute every alert" -> "mute alerts"
    if is_verb and verb:
        obj = _object(_LEAD_NP.sub("", " ".join(words[1:])).split())
        return Action(verb, _plain(obj, tool.app), "description") if obj else None
    m = re.match(r"^(.{3,60}?)\s+(?:is|are|returns?|provides?|gives?|shows?|measures?|indicates?)\b", sentence)
    if m and not re.search(r"[,;:]", m[1]):
        return Action(None, _plain(_LEAD_NP.sub("", m[1]), tool.app), "description")
    return None


def _plain(obj: str, app: str) -> str:
    app_words = {w.lower() for w in app.split()} if app else set()
    kept = [w for w in obj.split() if w.lower() not in app_words and re.fullmatch(r"[\w'&/-]+", w)]
    return lower_words(" ".join(kept[:5])).strip("/-")


def readable(action: Action | None) -> bool:
    """Every object word is English, an acronym or a number ("adxr", "rocr" are not)."""
    if action is None or not action.obj:
        return False
    return all(known(w) or w.isupper() or w.isdigit() for w in action.obj.split())


def derive_action(tool: Tool) -> Action:
    """The best action of `tool`: its name when the name says a verb and an English object,
    else its description, else the name's words with a default verb."""
    name, described = from_name(tool), from_description(tool)
    if readable(name) and name and name.verb:
        return name
    lead, *rest = name.obj.split() if name and not name.verb and name.obj else [""]
    if rest and described and described.verb == lead:  # "scale_deployment" + "Scale a deployment ..."
        return Action(lead, " ".join(rest), "name")
    if name and name.verb and not name.obj and described and described.verb == name.verb and readable(described):
        return described
    if readable(described) and described:
        verb = described.verb or (name.verb if name and name.verb else None)
        return Action(verb, described.obj, described.source)
    if name and name.obj:
        caps = {w.lower() for w in re.findall(r"\b[A-Z][A-Z0-9]+\b", tool.api or tool.name)}
        common = set(re.findall(r"\b[a-z][a-z0-9]*\b", tool.description or ""))
        return Action(name.verb, name.obj if readable(name) else _brand(name.obj, caps, common), "name")
    return Action(None, "this", "none")


def _brand(obj: str, caps: set[str], common: set[str] | frozenset[str] = frozenset()) -> str:
    """Unknown words of a name as a user writes them: acronyms as the name wrote them ("KAMA"),
    other words as names ("Spotify") or as they are ("lab"); a word the description writes in
    lower case is a common noun and stays so ("calibrate the pipette", not "the Pipette")."""
    return " ".join(w if known(w) or w.isupper() or w.lower() in common else w.upper() if w.lower() in caps
                    else w.capitalize() if len(w) > 5 else w for w in obj.split())


def object_phrase(action: Action, verb: str) -> str:
    """The object with the article it takes after `verb`: "a playlist" (create), "the door"
    (lock), "devices" (list), "the weather" (get)."""
    from .lexicon import BARE_PLURAL, CREATING, with_article

    obj = action.obj
    if obj == "this":
        return "this"
    head = action.head.lower()
    if verb == "list" and not is_plural(head) and head not in MASS_NOUNS and known(head):
        from .lexicon import plural  # one lists things: "list namespaced events", not "the ... event"

        return " ".join([*obj.split()[:-1], plural(obj.split()[-1])])
    if is_plural(head) or head in MASS_NOUNS:
        return obj if verb in BARE_PLURAL | CREATING and head not in ("weather",) else f"the {obj}"
    if verb in CREATING:
        return with_article(obj)
    return f"the {obj}"
