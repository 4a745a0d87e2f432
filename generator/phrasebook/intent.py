"""What a tool does, as the verb phrase a user says, from the words the catalog author wrote.

The description's first sentence gives it when it opens with a verb ("Returns the latest water
quality readings for a net pen" -> "get the latest water quality readings", "Schedule a sea lice
count for a pen" -> "schedule a sea lice count"); the phrase ends where the object does (at a
preposition, a clause or a verb form), so the values are said after it, each in its own frame.
Else the function name, when it reads as a verb and English words ("cancel_harvest" -> "cancel
the harvest"): a name whose words are not all English is not guessed at ("pilotage" is never
"pilot age"). Else a plain frame that names only the tool's app or nothing.
"""

from __future__ import annotations

import re

from ..core.inflection import engine
from ..core.semantic import tokens
from ..records import Tool
from .lexicon import CREATING, FUNCTION_WORDS, MASS_NOUNS, VERBS, is_plural, known, lemmas, verb_lemma
from .terms import _STOPS as STOPS
from .terms import _np

_LEAD_INS = re.compile(
    r"^(?:(?:this|the)\s+(?:endpoint|api|tool|function|method|service|route|call|operation)\s+(?:will\s+|can\s+)?"
    r"|(?:allows?|lets?|enables?|helps?)\s+(?:you|users?|the user|clients?|developers?)\s+(?:to\s+)?"
    r"|(?:is\s+)?used\s+to\s+|use\s+this\s+(?:\w+\s+)?to\s+|you\s+can\s+|an?\s+(?:api|endpoint|tool)\s+(?:to|that)\s+)+",
    re.IGNORECASE,
)
_BOILERPLATE = re.compile(r"^(?:this|the) (?:tool|function|api|endpoint|service) (?:belongs|is (?:a )?part) ",
                          re.IGNORECASE)
_ACRONYM = re.compile(r"[A-Z][A-Z0-9]+")
# Words after a verb that are no object: "Returns a list of ...", "Gets all ..."
_LIST_OF = re.compile(r"^(?:a |an |the )?(?:(?:full |complete )?(?:list|set|array|collection) of |all |any |some )",
                      re.IGNORECASE)


def first_sentence(description: str) -> str:
    text = re.sub(r"\([^)]*\)|`", "", description.strip())
    marker = re.search(r"tool description:\s*", text, re.IGNORECASE)
    text = text[marker.end():] if marker else text
    label = re.match(r"^([^:.]{1,40}):\s+(?=[a-z])", text)  # "Ridely ride-hailing: request a car ..."
    if label and len(label[1].split()) <= 4 and user_verb(label[1].split()[0]) is None:
        text = text[label.end():]
    sentences = [s.rstrip(".!?;: ") for s in re.split(r"(?<=[.!?;])\s|\n", text) if s.strip()]
    return _LEAD_INS.sub("", next((s for s in sentences if not _BOILERPLATE.match(s)), ""))


# Verbs a description says of what the tool hands back ("Returns the readings", "Gives the
# forecast": the user gets them) and a user says of what they hand over ("Return a unit to the
# blood bank", "Give consent"): read as "get" only in the third person, or when the tool's name
# does not act so itself.
_HANDING = frozenset({"give", "return", "provide"})


def user_verb(word: str, imperative: bool = False) -> str | None:
    """The verb a user says for a description's or a name's first word ("Returns" -> "get",
    "Schedule" -> "schedule", "Configure" -> "set up"); None for no verb or a code verb.
    `imperative`: the word is the user's own act (the tool's name acts so too: `return_unit`)."""
    w = word.lower()
    lemma = verb_lemma(w) or ("" if not lemmas(w) else None)
    if w in _HANDING and (imperative or w == "give"):  # "Give the insured consent", "Return a unit to the bank"
        return w
    if w in ("load", "loads") and imperative:  # `load_curing_chamber` "Load built tires into a chamber": loading
        return "load"
    if w in VERBS:
        return VERBS[w]
    if lemma and lemma in VERBS:
        return VERBS[lemma]
    if lemma and (lemma == w or w in (lemma + "s", lemma + "es")) and "VERB" in lemmas(w):
        return lemma
    return None


# Words that say how many of a thing, not what it is: a user asks for "the submission".
_WHICH_ONE = frozenset({"single", "specific", "particular", "given", "individual", "one", "certain"})


def _object(words: list[str], verb: str, described: bool, written: frozenset[str] = frozenset()) -> str:
    """The object with its article: the author's own determiner when there is one, else "the"
    (a new thing: "a"; a plural or mass noun: none)."""
    if len(words) > 2 and words[0].lower() == "one" and words[1].lower() == "of":  # "Ship one of our items"
        inner = _object(words[2:], verb, described, written)
        return f"one of {inner}" if inner else ""
    if len(words) > 2 and [w.lower() for w in words[:2]] in (["one", "more"], ["one", "extra"], ["an", "extra"]):
        return " ".join(["another", *_np(words[2:], joins=True, cased=True)])  # "Add one more coin": never "a more coin"
    det = words[0].lower() if words and words[0].lower() in ("a", "an", "the", "all", "every") else ""
    rest = " ".join(words)
    rest = _LIST_OF.sub("", rest) if det in ("a", "an", "the", "all") else rest
    np = _np(rest.split(), joins=True, cased=True)
    np = np[1:] if len(np) > 1 and np[0].lower() in _WHICH_ONE else np  # "Get a single submission": the submission
    said_by = next((i for i, w in enumerate(np) if i and w.lower() in _SUBJECTS), None)
    np = np[:said_by] if said_by else np  # "a lending request we cannot or will not fill": the request
    while np and ("VERB" in lemmas(np[-1]) and "NOUN" not in lemmas(np[-1]) and not np[-1].endswith("ing")
                  and not (len(np) >= 4 and np[-3].lower() in ("or", "and"))  # "a remote or field disconnect"
                  and not _compound_head(np)  # "a station's traffic log": the lexicon knows only "to log" (set 41)
                  or np[-1].lower() in _DANGLING and np[-1] != "A"):  # "a notice of loss and [open a claim]"
        np = np[:-1]
    np = _one_of_the_kinds(np) if described else np
    if described and "of" in np[1:] and "or" in np[np.index("of"):] and "NOUN" in lemmas(np[-1]) \
            and np[-1].lower() not in ("it", "them", "one") and np[-2].lower() != "or":  # "the dose report of a CT or fluoroscopy
        np = np[:np.index("of")]  # exam": the kinds it may be of are no part of the one request
    if not np or (not described and not all(_english(w) or w.lower() in written for w in np)):
        return ""
    counted = det in ("a", "an") and np[-1].endswith("ing") and len(np) <= 2 or \
        not det and len(np) == 2 and np[-1].endswith("ing") and "ADJ" in lemmas(np[0])  # "Create a boring": a noun
    # (set 42); "Schedule cold milling": the milling (set 47)
    if described and lemmas(np[-1]) and "NOUN" not in lemmas(np[-1]) and not counted or _possessive(np[-1]):
        return ""  # "Change a tool's or a chamber's state": a possessor is no object
    obj = " ".join(np)
    if np[0].lower() in _OWN_DETERMINERS:  # "Add another driver": its own determiner, never "an another"
        return obj
    if det in ("a", "an", "the") and any(_possessive(w) for w in np):  # "list a crew member's duties"
        return f"{det} {obj}"
    if not det and _possessive(np[0]) and not np[0][:1].isupper():  # "Look up one aircraft's status": the
        return f"the {obj}"  # aircraft's status, never "look up aircraft's status" (set 31)
    head = np[np.index("of") - 1] if "of" in np[1:] else np[-1]
    if is_plural(head) or head in MASS_NOUNS or not det and head.endswith("ing"):  # "schedule packaging"
        # the author's "a" stays where the plural is another verb's ("Enroll a new wearer and issue dosimeters")
        return f"{det} {obj}" if det == "the" or det in ("a", "an") and " and " in obj else obj
    if det in ("a", "an") or (not det and verb in CREATING):
        return engine().a(obj)
    return f"the {obj}"


_VAGUE_OBJECT = re.compile(r"^\w+ (?:a|an|the|one) (?:period|time|span|window|interval|case|situation|stretch) "
                           r"(?:in which|during which|when|where|that|which|of time)\b", re.IGNORECASE)


def _compound_head(np: list[str]) -> bool:
    """Whether the last word heads a compound after a singular noun ("traffic log", "call log")."""
    return len(np) >= 2 and ("NOUN" in lemmas(np[-2]) or np[-2].lower().endswith("ing") and len(np[-2]) > 5) \
        and not _possessive(np[-2]) and not is_plural(np[-2]) and np[-2].lower() not in _DANGLING  # "boring log" (set 42)


# Words an object never ends on: "a notice of loss and [open a claim]", "the sampling points of a plant
# or of the [distribution system]" (set 26: the intent cut where a value word stood).
_DANGLING = frozenset({"and", "or", "of", "the", "a", "an", "to", "for", "with", "in", "on", "by", "from", "at"})


# Pronouns that open a relative clause without "that" ("a request we cannot fill"): no part of the object.
_SUBJECTS = frozenset({"we", "you", "they", "i", "he", "she"})
_OWN_DETERMINERS = frozenset({"another", "each", "every", "some", "any", "this", "that", "these", "those", "your",
                              "their", "its", "our", "my", "his", "her", "no", "one"})


def _english(word: str) -> bool:
    """A known word, an acronym the description writes ("SPC"), a hyphenated compound of known
    words ("work-in-progress") or a known verb done again ("rekey", "reissue")."""
    return known(word) or bool(_ACRONYM.fullmatch(word)) or "-" in word and all(map(known, word.split("-"))) \
        or word.lower().startswith("re") and len(word) >= 5 and known(word[2:]) and "VERB" in lemmas(word[2:]) \
        or prefixed_verb(word)


# Prefixes that make a new verb of a known one: "rekey", "reissue", "cryopreserve", "precool", "deice".
_VERB_PREFIXES = ("re", "cryo", "pre", "de", "un", "co", "sub", "over", "under", "out", "auto", "micro", "inter",
                  "trans", "retro", "bio", "photo")


def prefixed_verb(word: str) -> bool:
    """A word the lexicon lacks that is a known verb with a prefix ("cryopreserve": set 47, the
    intent was "make this request")."""
    w = word.lower()
    return not lemmas(w) and any(w.startswith(p) and len(w) - len(p) >= 4 and "VERB" in lemmas(w[len(p):])
                                 for p in _VERB_PREFIXES)


def _possessive(word: str) -> bool:
    return word.lower().endswith(("'s", "s'", "\u2019s"))


def _one_of_the_kinds(np: list[str]) -> list[str]:
    """ "standing or ad-hoc order" -> "order": the kinds an author lists are no one request (a
    user places one order); "order or invoice" (two things) stays for `_listed` to judge."""
    if "or" not in np[1:-2]:
        return np
    i = np.index("or")
    if i == 1 and np[i + 2].lower() in _DANGLING:  # "pallet or case of an ASN line": two things, the first
        return [np[0], *np[i + 2:]]  # kept (set 35: "receive the of an ASN line")
    return np[i + 2:] if i == 1 else np


def _without_own_tail(intent: str, nouns: set[str]) -> str:
    """ "set up the automatic feeder of a pen" -> "... feeder" when a parameter says the pen."""
    m = re.search(r" of an? ((?:\w+ ){0,3}(\w+))$", intent)
    return intent[:m.start()] if m and (m[1] in nouns or m[2] in nouns) else intent


def _without_app(sentence: str, app: str) -> str:
    """The sentence without the app's own name ("across different Rocket League playlists" ->
    "across different playlists"): a query names the app only where its plan says so, and the
    verb phrase is used in every plan."""
    if not app or not app.strip():
        return sentence
    return re.sub(r"\s+", " ", re.sub(r"(?<![\w-])" + re.escape(app.strip()) + r"(?:'s)?(?![\w-])", " ", sentence)).strip()


# Words after a verb in the base form that show it is one: "Open a new incident", "Check whether".
_AFTER_VERB = frozenset({"a", "an", "the", "one", "all", "each", "every", "your", "my", "its", "their", "this",
                         "whether", "if", "up", "or", "and"})


# Words that open a clause, not an object, after a verb ("Record that ...", "Show how ...").
_CLAUSES = frozenset({"that", "how", "when", "where", "why", "what", "which", "who"})


# Words the lexicon also knows as nouns ("a find") that open a description only as its verb.
_ONLY_VERBS_HERE = frozenset({"find", "fetch", "retrieve", "locate"})


def _opens_intent(words: list[str], name_verb: str | None) -> bool:
    """Whether the description's first word is a verb a user says, not the head of a noun phrase
    ("Full incident record", "Spray records for a block", "Point forecast and ..."): an inflected
    verb before its object ("Returns the ..."), a word that is only a verb ("Log", "Cancel"), the
    name's own verb ("List supply inventory" for list_inventory_items), or a verb before a
    determiner ("Record a stock movement")."""
    w, after = words[0].lower(), words[1].lower()
    said = lemmas(w)
    if after == "of" and set(said) != {"VERB"}:  # "Chart of a parameter" is a noun phrase
        return False
    if verb_lemma(w) not in (None, w) and after not in STOPS:
        return True
    if verb_lemma(w) in _ASPECT and _is_gerund(after):  # "Start processing a lot"
        return True
    if w in _ONLY_VERBS_HERE:  # "Find accessions by characterization data": no description opens with a find
        return True
    if "ADJ" in said and user_verb(w) != name_verb and after not in _AFTER_VERB:
        return False  # "Open warehouse-receipt bushels", "Dry bushels and ...": an adjective, unsure
    return set(said) == {"VERB"} or user_verb(w) == name_verb or after in _AFTER_VERB or "NOUN" not in lemmas(after)


def _listed(words: list[str], obj: str) -> bool:
    """The object is the first of several things the tool changes ("Update size, containment,
    status and cause", "Change a tank's status and/or record ..."): no one of them is the intent."""
    last = obj.split()[-1].lower()
    end = next((i for i, w in enumerate(words) if w.lower().rstrip(",;:.") == last), len(words) - 1)
    said = obj.split()
    second = any(w in ("or", "and") and (set(lemmas(v)) == {"VERB"} or o in ("it", "them"))
                 for w, v, o in zip(said, said[1:], [*said[2:], ""]))
    return words[end].endswith(",") or words[end + 1:end + 2] == ["and/or"] or second  # "... a zone or lift it"


def _unglued(word: str) -> str:
    """A glued CamelCase word of English words as those words ("RemoteStartTransaction" is "remote
    start transaction", "StatusNotification" "status notification"; set 35: "send a
    remotestarttransaction"); any other word as it is."""
    parts = re.findall(r"[A-Z][a-z]+", word)
    if len(parts) < 2 or "".join(parts) != word.rstrip(",.;:") or not all(known(p.lower()) for p in parts):
        return word
    return " ".join(p.lower() for p in parts) + word[len(word.rstrip(",.;:")):]


def from_description(tool: Tool) -> str:
    words = " ".join(map(_unglued, _without_app(first_sentence(tool.description), tool.app or "").split())).split()
    if len(words) < 2 or any(w.endswith(":") for w in words[:3]):
        return ""  # "Practice account: name, ship-to address, ...": a heading, no order ("practice the account")
    if _VAGUE_OBJECT.match(" ".join(words)):
        return ""  # "Log a period in which a monitoring system ...": the name says what (set 41: "log a period")
    name_word = next(iter(tokens((tool.api or tool.name).rsplit(".", 1)[-1])), "")
    # "Return a checked-out item to the property room" gives it back (set 42: "look up the checked-out item")
    handed = words[0] == "Return" and re.search(r"\sto\s+(?:the|its|their|a|an)\s", first_sentence(tool.description))
    verb = user_verb(words[0], imperative=words[0].lower() == name_word or bool(handed))
    name_verb = user_verb(name_word, imperative=True)
    if verb is None or not _opens_intent(words, name_verb):
        return ""
    if words[1].lower() in ("whether", "if") and len(words) <= 12:  # "Checks whether a domain is free"
        return " ".join([verb, words[1].lower(), *words[2:]])
    if words[1].lower() in _CLAUSES:  # "Record that a member called in sick": no object, the name says it
        return ""
    verb = _direct(verb, words)
    verb, words = _gerund(*_particle(verb, words))
    rest = words[3:] if len(words) > 3 and words[1].lower() in ("or", "and") and user_verb(words[2]) else words[1:]
    if rest is not words[1:] and words[1].lower() == "or" and {words[0].lower(), words[2].lower()} <= _REACHING:
        verb = "contact"  # "Text or email the customer": a channel the call chooses (set 34: "text ... by email")
    obj = _object(rest, verb, described=True)  # "List or watch objects" lists objects
    other = re.search(r" or ([a-z-]+)$", obj or "")  # "Register a new seller or re-scan the ID of an existing one":
    act = other[1].removeprefix("re-") if other else ""  # "re-scan": scan again
    if other and "VERB" in lemmas(act) and ("NOUN" not in lemmas(act) or act != other[1]) and len(obj.split()) > 3:
        obj = obj[:other.start()]  # the first act, never "register a new seller or re-scan" (set 46)
    obj = f"{obj} {number}" if obj and (number := _number_closing(rest, obj)) else obj
    if not obj or _listed(rest, obj) or _two_objects(verb, rest, obj) or _clause_after(rest, obj, verb) or \
            _cut_at_number(rest, obj) or _names_a_flag(tool, obj):
        return ""
    obj = _with_name_modifier(tool, obj)
    if verb == "get" and obj.split()[0] in ("a", "an") and _by_its_id(tool):
        verb, obj = "look up", f"the {obj.split(' ', 1)[1]}"  # "Get a pawn loan" by its ticket: look it up, not take one out
    return (f"{verb} {obj}{_split_particle(tool, verb, rest, obj)}{_recipient(verb, rest, obj)}"
            f"{_complement(verb, rest, obj) or _purpose(rest, obj)}")


# Verbs of one way of reaching someone: "text or email" them is to contact them.
_REACHING = frozenset({"text", "email", "e-mail", "call", "phone", "fax", "message", "sms", "mail", "page", "ring"})


_PURPOSE = re.compile(r"[a-z]+(?:tion|sion|ment|al|ance|ence|ure|sis)")


def _purpose(rest: list[str], obj: str) -> str:
    """What the object is for, when the author says it in one noun right after it ("Schedule
    specimens for destruction after ...": " for destruction"; never "schedule specimens" alone)."""
    said = [w for w in obj.split() if w not in ("a", "an", "the")]
    words = [w.strip(",.;:").lower() for w in rest]
    at = next((i + 1 for i in range(len(words)) if said and words[i] == said[-1].lower()), None)
    if at is None or at + 1 >= len(words) or words[at] != "for" or rest[at][-1:] in ",.;:":
        return ""
    noun = words[at + 1]
    return f" for {noun}" if _PURPOSE.fullmatch(noun) and "NOUN" in lemmas(noun) and known(noun) else ""


# Participles that qualify the object right after it ("a vaccine given", "beer removed from ...").
_PARTICIPLES = frozenset({"given", "taken", "done", "made", "sent", "kept", "held", "shown", "written", "seen",
                          "brought", "bought", "sold", "paid", "put", "set", "left", "lost", "found", "run"})


_LOOKING = frozenset({"look", "find", "search", "list", "get", "show", "check", "browse", "fetch", "pull", "see"})


def _clause_after(rest: list[str], obj: str, verb: str) -> bool:
    """Whether the description goes on, right after the object, with what the intent would cut
    and the object needs: a participle ("Record beer removed from the premises", "Log a vaccine
    given") or a question word ("Tell barn staff how to blanket a horse"). The cut reads as
    another request ("record a beer"), so the name says it instead (set 15)."""
    if re.search(r"\s(?:and|or|then)\s+\w+$", obj):
        return False  # "mark a colony dead and record [why]": the second verb is cut off (_no_dangling_verb)
    last = obj.split()[-1].lower()
    words = [w.strip(",.;:").lower() for w in rest]
    at = next((i + 1 for i, w in enumerate(words) if w == last), None)
    if at is None or at >= len(words) or rest[at - 1][-1:] in ",.;:":
        return False  # "Configure the feeder of a pen: how many meals ...": the clause stands apart
    after = words[at]
    if after in _CLAUSES or after in _AUXILIARIES:  # "List port-out requests other carriers have sent" (set 27)
        return True
    # a participle qualifying what is recorded ("Record beer removed from ..."); after a lookup's
    # object it is a filter the values say ("Look up vessels registered at a port")
    lemma = verb_lemma(after)
    participle = after in _PARTICIPLES or after.endswith("ed") and lemma not in (None, after) and "NOUN" not in lemmas(after)
    return participle and verb.split()[0] not in _LOOKING


# Verbs after which an object's clause is the object's own (a contact clause: "requests carriers
# have sent").
_AUXILIARIES = frozenset({"have", "has", "had", "is", "are", "was", "were", "will", "would", "can", "could", "should",
                          "must", "may", "might", "do", "does", "did"})


# Words of a flag's name that say only that it is one ("include_taf" is about the TAF).
_FLAG_WORDS = frozenset({"include", "includes", "including", "show", "with", "is", "has", "only", "use", "enable",
                         "enabled", "allow", "return", "want", "need", "needs", "add", "get", "the", "of", "all"})


def _names_a_flag(tool: Tool, obj: str) -> bool:
    """Whether the object names the thing an optional flag turns on or off ("Get the current METAR
    and TAF" beside `include_taf`): every query then states the flag, even one that leaves it out
    (set 31: no hard TRAJECT query in a flight school); the name's words say the intent instead."""
    required = set(tool.required)
    said = {w.lower().strip(",.;:") for w in obj.split()}
    flags = [set(tokens(n)) - _FLAG_WORDS for n, s in tool.properties.items()
             if isinstance(s, dict) and s.get("type") == "boolean" and n not in required]
    return any(words and words <= said for words in flags)  # `gauge_run` is no "inspection run" (set 36)


def _cut_at_number(rest: list[str], obj: str) -> bool:
    """Whether the object ends where a name with a number goes on ("Schedule a Part 141 stage
    check": "a Part" is no stage check; set 31): the name's words say it instead."""
    last = obj.split()[-1].lower()
    words = [w.strip(",.;:").lower() for w in rest]
    at = next((i + 1 for i, w in enumerate(words) if w == last), None)
    return at is not None and at + 1 < len(words) and rest[at - 1][-1:] not in ",.;:" and \
        re.fullmatch(r"\d[\w.-]*", words[at]) is not None


def _number_closing(rest: list[str], obj: str) -> str | None:
    """The number that closes a capitalised name right after the object ("Generate the NRC Form 5 of
    one wearer": "the NRC Form 5"; set 40: "make this request"), None where the name goes on ("a Part
    141 stage check") or the object is no name."""
    last = obj.split()[-1]
    words = [w.strip(",.;:") for w in rest]
    at = next((i + 1 for i, w in enumerate(words) if w == last), None)
    if at is None or at >= len(words) or not last[:1].isupper() or rest[at - 1][-1:] in ",.;:" or \
            not re.fullmatch(r"\d{1,4}[A-Za-z]?", words[at]):
        return None
    closes = at + 1 == len(words) or rest[at][-1:] in ",.;:" or words[at + 1].lower() in _DANGLING | {"(", "as"}
    return words[at] if closes else None


def _by_its_id(tool: Tool) -> bool:
    """A tool that reads one record by a required identifier (`get_pawn_ticket(ticket_number)`)."""
    props = tool.parameters.get("properties") or {}
    return any(isinstance(props.get(name), dict) and (tokens(name)[-1:] in (["id"], ["number"], ["no"])
                                                       or "pattern" in props[name])
               for name in tool.parameters.get("required") or ())


def _with_name_modifier(tool: Tool, obj: str) -> str:
    """The object with the word the tool's name puts before it when the description says it in a
    clause the intent leaves out: "Record a treatment the patient did not receive" is
    `record_missed_treatment`, so "a missed treatment", never "a treatment" (the opposite request)."""
    name = list(tokens((tool.api or tool.name).rsplit(".", 1)[-1]))
    said = obj.lower().split()
    for i, word in enumerate(name[1:-1], start=1):
        head = name[i + 1]
        if word in said or head not in said or said.count(head) != 1 or word in FUNCTION_WORDS:
            continue
        if not (word.endswith("ed") and "VERB" in lemmas(word)):  # a state the thing is in: missed, cancelled
            continue
        at = said.index(head)
        words = obj.split()
        words.insert(at, word)
        if at > 0 and words[at - 1].lower() in ("a", "an"):
            words[at - 1] = engine().a(word).split()[0]
        return " ".join(words)
    return obj


# Verbs whose object needs where it goes ("Put an exam on a radiologist's worklist") or what it
# becomes ("Mark an exam as performed"): without it the request says nothing.
_PLACING = frozenset({"put", "place"})  # "move X to Y": Y is most often a parameter, said with its value
# Verbs whose object becomes something else, said after "into" ("Turn an accepted quote into a sales
# order"; set 27: "turn accepted quote QT-25-4724 with a ship date").
_TURNING = frozenset({"turn", "convert", "transform", "make"})
_ASKING = frozenset({"ask", "query", "contact"})
_MARKING = frozenset({"mark", "flag", "set", "label", "tag"})


def _complement(verb: str, rest: list[str], obj: str) -> str:
    """What a verb of placing or marking needs after its object: " on a radiologist's worklist",
    " as performed"; "" for any other verb or when the author writes none."""
    lead = verb.split()[0]
    if lead not in _PLACING | _MARKING | _ASKING | _TURNING:
        return ""
    said = [w for w in obj.split() if w not in ("a", "an", "the")]
    words = [w.strip(",.;:") for w in rest]
    at = next((i + 1 for i in range(len(words)) if said and words[i].lower() == said[-1].lower()), None)
    if at is None or at >= len(words):
        return ""
    if lead in _MARKING and words[at].lower() == "as" and at + 1 < len(words) \
            and (words[at + 1].lower().endswith("ed") or "ADJ" in lemmas(words[at + 1].lower())):
        return f" as {words[at + 1].lower()}"
    if lead in _ASKING and words[at].lower() == "to" and at + 1 < len(words) and user_verb(words[at + 1]):
        end = next((i for i in range(at + 2, min(len(words), at + 6)) if rest[i - 1][-1:] in ",.;:"), None)
        said_to = words[at:end if end is not None else min(len(words), at + 5)]  # "Ask the lender to renew a loan"
        while said_to and said_to[-1].lower() in _DANGLING:  # cut before its object: "to move a container [to]" (set 36)
            said_to = said_to[:-1]
        return " " + " ".join(w.lower() for w in said_to) if len(said_to) >= 3 else ""
    if lead in _ASKING and words[at].lower() == "for":  # "Ask another facility for a patient's prior images"
        wanted = [w for w in words[at + 1:at + 6] if not _possessive(w) and w.lower() not in ("a", "an", "the")]
        np = []
        for w in wanted:
            if w.lower() in STOPS or w.lower() in FUNCTION_WORDS or \
                    verb_lemma(w.lower()) == w.lower() and "NOUN" not in lemmas(w.lower()):
                break  # "for the Customer Service Record of an account": the record (set 27)
            np.append(w)
        article = words[at + 1].lower() if at + 2 < len(words) and words[at + 1].lower() in ("a", "an", "the") and \
            not _possessive(words[at + 2]) else ""  # "for the Customer Service Record", "for prior images"
        return f" for {article + ' ' if article else ''}{' '.join(np)}" if np and "NOUN" in lemmas(np[-1].lower()) else ""
    if lead in _PLACING and words[at].lower() in ("on", "onto", "to", "into", "in") or \
            lead in _TURNING and words[at].lower() == "into":
        tail: list[str] = []
        for w in rest[at + 1:at + 5]:
            if tail and w.lower() in _PLACE_ENDS:  # "on a route for one service date": the place is "on a route"
                break
            tail.append(w.strip(",.;:"))
            if w[-1:] in ",.;:" or w.lower() in ("and", "or") or verb_lemma(w.lower()) == w.lower() and "NOUN" not in lemmas(w):
                break
        while tail and (tail[-1].lower() in ("and", "or", "a", "an", "the", "another") or _possessive(tail[-1])
                        or tail[-1].lower() in STOPS):
            tail.pop()
        if tail and any(w.lower() not in ("a", "an", "the") for w in tail):
            return " " + " ".join([words[at].lower(), *tail])
    return ""


_PLACE_ENDS = frozenset({"for", "with", "by", "from", "at", "until", "during", "within", "per", "if", "when", "so"})


_HEAD_ENDS = frozenset({"for", "on", "at", "in", "with", "from", "by", "of", "about", "within"})


def _recipient(verb: str, rest: list[str], obj: str) -> str:
    """A verb of handing over says to whom ("Hand a car to the renter at the counter": "hand a car
    to the renter"); "" for any other verb or when the author names no one."""
    if verb.split()[0] not in _GIVING:
        return ""
    said = [w for w in obj.split() if w not in ("a", "an", "the")]
    words = [w.lower().strip(",.;:") for w in rest]
    at = next((i + 1 for i in range(len(words)) if said and words[i] == said[-1].lower()), None)
    tail = words[at:at + 3] if at is not None else []
    if len(tail) == 3 and tail[0] == "to" and tail[1] in ("the", "a", "an", "your", "their") \
            and "NOUN" in lemmas(tail[2]) and known(tail[2]):
        assert at is not None
        for i in range(at + 3, min(at + 5, len(words))):  # "to a reference laboratory": the whole compound
            if rest[i - 1][-1:] in ",.;:" or words[i] in STOPS or "NOUN" not in lemmas(words[i]) or not known(words[i]):
                break
            if verb_lemma(words[i]) == words[i] and len(lemmas(words[i])) > 1:  # a noun that is a verb too ends
                if i + 1 == len(words) or rest[i][-1:] in ",.;:" or words[i + 1] in _HEAD_ENDS:  # the compound
                    tail.append(words[i])  # where a preposition follows: "to a transplant program for one
                break  # candidate", never "to a transplant" (set 45)
            tail.append(words[i])
        return " " + " ".join(tail)
    return ""


def _split_particle(tool: Tool, verb: str, rest: list[str], obj: str) -> str:
    """A phrasal verb the author splits around its object, as the tool's name joins it ("Check a
    patient in at the desk" for check_in_patient): the particle after the object (" in"), else ""."""
    said = [w for w in obj.split() if w not in ("a", "an", "the")]
    words = [w.lower().strip(",.;:") for w in rest]
    at = next((i + 1 for i in range(len(words)) if said and words[i] == said[-1].lower()), None)
    particle = words[at] if at is not None and at < len(words) else ""
    named = tokens((tool.api or tool.name).rsplit(".", 1)[-1])
    pair = [verb.split()[0], particle]
    joined = any(named[i:i + 2] == pair for i in range(len(named) - 1))
    after = words[at + 1] if at is not None and at + 1 < len(words) else ""
    # "Check a car in and close the rental": a particle that ends its clause is no preposition
    ends = not after or after in ("and", "or", "at", "from", "when", "after", "before", "once", "then") \
        or (at is not None and rest[at][-1:] in ",.;:")
    if particle == "into" and verb.split()[0] in _CHECKING and at is not None:  # "Check a towed vehicle into a
        tail = []  # storage yard": checked into the yard, never "check a towed vehicle" (set 33)
        for w in rest[at + 1:at + 5]:
            if w.lower().strip(",.;:") in ("and", "or") or w.lower() in STOPS - {"a", "an", "the"}:
                break
            tail.append(w.strip(",.;:"))
            if w[-1:] in ",.;:":
                break
        return " into " + " ".join(tail) if tail and tail[-1].lower() not in ("a", "an", "the") else ""
    return f" {particle}" if particle in _SPLIT and " " not in verb and (joined or ends) else ""


_CHECKING = frozenset({"check", "book", "log", "sign", "admit"})


_SPLIT = frozenset({"in", "out", "up", "off", "down", "back", "on", "over"})


_PARTICLES = frozenset({"up", "out", "off", "down", "back"})


def _direct(verb: str, words: list[str]) -> str:
    """The author's verb with the object they wrote for it: "Apply delivered scale tickets to a
    contract" applies the tickets (never "apply for" them, which asks for new ones), "Search the
    parts catalogue" searches the catalogue; a verb the user says with "for" keeps it only when
    the description writes no direct object."""
    lemma, _, prep = verb.partition(" ")
    if prep != "for" or words[1].lower() in STOPS - {"a", "an", "the"} or verb_lemma(words[0].lower()) != lemma:
        return verb
    return lemma


def _particle(verb: str, words: list[str]) -> tuple[str, list[str]]:
    """A phrasal verb said once: "Look up patients" is "look up" + "patients" (never "look up
    the up patients"), "Sign out a user" is "sign out"."""
    particle = words[1].lower()
    if particle not in _PARTICLES:
        return verb, words
    return (verb if verb.endswith(f" {particle}") else f"{verb} {particle}"), [words[0], *words[2:]]


# Verbs of aspect, said with the gerund they take ("Start processing a lot", "Stop charging a car").
_ASPECT = frozenset({"start", "stop", "begin", "finish", "resume", "continue", "keep", "pause", "quit", "cease"})


def _is_gerund(word: str) -> bool:
    w = word.lower()
    return w.endswith("ing") and verb_lemma(w) not in (None, w)


def _gerund(verb: str, words: list[str]) -> tuple[str, list[str]]:
    """A verb of aspect says its gerund with it: "start processing" + "a lot"."""
    if verb in _ASPECT and len(words) > 2 and _is_gerund(words[1]):
        return f"{verb} {words[1].lower()}", [words[0], *words[2:]]
    return verb, words


# Verbs with two objects: "Give the insured written consent", "Send the user a reminder".
_GIVING = frozenset({"give", "grant", "send", "hand", "offer", "show", "tell", "lend", "award", "pay", "email",
                     "text", "notify"})


def _two_objects(verb: str, rest: list[str], obj: str) -> bool:
    """The description's verb takes a person and a thing and the parse cannot tell them apart
    ("Give the insured written consent to destroy ..."): not a clean parse, the name says it."""
    if verb.split()[0] not in _GIVING:
        return False
    said = obj.split()[1:] if obj.split()[0] in ("a", "an", "the") else obj.split()
    after = rest[len(said) + (1 if rest and rest[0].lower() in ("a", "an", "the") else 0):][:1]
    second_np = bool(after) and after[0].lower() in ("a", "an", "the", "some", "your", "their")
    participle = any(w != said[0] and verb_lemma(w) not in (None, w) and "NOUN" not in lemmas(w) for w in said[1:])
    return second_np or participle


def from_name(tool: Tool) -> str:
    app = {w.lower() for w in tokens(tool.app)} if tool.app else set()
    name = (tool.api or tool.name).rsplit(".", 1)[-1]  # "events_api.EventsApi.list_event": the last part acts
    named = [w for w in tokens(re.sub(r"\bv\d+\b", " ", name)) if not w.isdigit()]
    words = [w for w in named if w not in app]
    words = words if len(words) >= 2 else named  # "TencentVideo" search_video still searches for a video
    words = [part for w in words for part in (spelled_out(w, tool.description) or w).split()]
    words = [w.upper() if _CODE_WORD.fullmatch(w) else w for w in words]  # `update_e911_address`: "the E911 address"
    written = _written_words(tool.description)
    if len(words) < 2 or not all(_english(w) or w.lower() in written for w in words):
        return ""
    verb = user_verb(words[0], imperative=True) or (words[0].lower() if prefixed_verb(words[0]) else None)
    if verb is None or not (set(lemmas(words[0])) & {"VERB"} or words[0] in VERBS or prefixed_verb(words[0])):
        return ""  # "lookup_storm_reports"
    if len(words) > 2 and words[1] in _NAME_PARTICLES:  # "track_in_lot" tracks in the lot, "call_out_reserve"
        verb, words = f"{verb} {words[1]}", [words[0], *words[2:]]
    if len(words) > 2 and words[1].lower() in ("by", "for", "near", "with"):  # search_by_trait searches by trait
        return " ".join([verb.split()[0], *(w.lower() for w in words[1:])])
    if len(words) > 2 and words[1].lower() == "to":
        return _moved_to(tool, verb, [w.lower() for w in words[2:]])
    obj = _object(words[1:], verb, described=False, written=written)
    return f"{verb} {obj}" if obj else ""


def _moved_to(tool: Tool, verb: str, whom: list[str]) -> str:
    """`release_to_owner`: the name's verb, the description's object and the name's receiver
    ("Hand an item authorized for release to its owner": "release an item to its owner", set 42:
    "make this request"); "" when the description names no object."""
    said = first_sentence(tool.description).split()
    if len(said) < 2 or user_verb(said[0]) is None:
        return ""
    obj = _object(said[1:], verb, described=True)
    det = re.search(rf"\bto (its|their|the|his|her) {re.escape(' '.join(whom))}\b", tool.description, re.IGNORECASE)
    return f"{verb} {obj} to {det[1].lower() if det else 'the'} {' '.join(whom)}" if obj else ""


# A name's word of letters and digits is a code the author wrote (`e911`, `mp3`), said as written
# (set 27: "make this request" for `update_e911_address`).
_CODE_WORD = re.compile(r"[a-z]{1,3}\d{1,4}|\d{1,3}[a-z]{1,2}", re.IGNORECASE)


def _written_words(description: str) -> frozenset[str]:
    """The words a description writes: a name's word the lexicon lacks is still the author's
    own word when the description writes it too ("fermenter", "pilotage"), not a guess."""
    return frozenset(w.lower() for w in re.findall(r"[A-Za-z][a-z]{2,}", description))


_NAME_PARTICLES = _PARTICLES | {"in"}


def spelled_out(word: str, description: str) -> str | None:
    """A name's word that is no English word, as the description writes it: an acronym in
    capitals ("spc" -> "SPC") or the words it is the initials of ("wip" -> "work-in-progress",
    said as one modifier); None when the description does not say it."""
    if known(word) or len(word) < 2:
        return None
    said = re.findall(r"[A-Za-z][\w'-]*", description)
    if word.upper() in said:
        return word.upper()
    for i in range(len(said) - len(word) + 1):
        run = said[i:i + len(word)]
        if "".join(w[0] for w in run).lower() == word and all(w.isalpha() for w in run) \
                and not {run[0].lower(), run[-1].lower()} & FUNCTION_WORDS:
            inner = any(w.lower() in FUNCTION_WORDS for w in run)  # "work-in-progress" is one modifier
            return ("-" if inner else " ").join(w.lower() for w in run)
    return None


def intent_of(tool: Tool, nouns: set[str] = frozenset()) -> str:  # type: ignore[assignment]
    """The tool's verb phrase: from the description, else the name, else a plain frame;
    without a closing "of a <thing>" that one of `nouns` (the parameters' nouns) says."""
    return _DAY_OWNED.sub(r"\1's", _without_own_tail(_no_dangling_participle(_no_dangling_verb(_no_one_of(
        _no_placeholder(_no_house(_no_member_word(from_description(tool), tool))), tool)), tool)
                             or from_name(tool)
                             or from_noun_phrase(tool) or from_name_words(tool) or from_first_words(tool) or plain_intent(tool),
                             set(nouns)))


def _no_member_word(intent: str, tool: Tool) -> str:
    """`intent` without a word before its object's noun that is a value one of the tool's own
    parameters chooses: "Search awarded jobs" beside a status filter holding "awarded" is "search
    jobs" (set 47: read as the status asked for in rows whose call sets none)."""
    members = {str(m).lower() for spec in tool.properties.values() if isinstance(spec, dict)
               for m in spec.get("enum") or [] if isinstance(m, str) and re.fullmatch(r"[a-z]+", str(m).lower())}
    said = intent.split()
    kept = [w for i, w in enumerate(said) if not (0 < i < len(said) - 1 and w in members and len(w) > 2
                                                  and "NOUN" not in lemmas(w) and "NOUN" in lemmas(said[i + 1])
                                                  and not {said[i - 1], said[i + 1]} & {"and", "or", "a", "an"})]
    return " ".join(kept) if len(kept) >= 2 else intent


# A day's own things take no article: "get today's buy prices", never "get the today's" (set 46).
_DAY_OWNED = re.compile(r"\b(?:the|a|an) (today|tomorrow|tonight|yesterday)'s\b", re.IGNORECASE)


# "a player's current FIDE rating of one kind": the kind is a parameter's, said with its value
# ("of type rapid"); the description's stand-in for it is never said (set 29).
_PLACEHOLDER = re.compile(r"\s+(?:of|for|in|on)\s+(?:one|a given|a chosen|a single|a specific|the chosen|the given)\s+"
                          r"(?:kind|type|sort|category|kinds|types)\b", re.IGNORECASE)


# "Get the dose report of one subaccount and one wear period": the parameters said by their values
# ("for subaccount 930744-NM"), the stand-in never read out (set 40).
_OF_ONE = re.compile(r"\s+(?:of|for) one ([a-z]+(?: [a-z]+)?)(?: and (?:one )?([a-z]+(?: [a-z]+)?))?$")
# "of one analyzer", "of one or more" (the rest cut off): a stand-in for what the values say (set 41)
_OF_ONE_ANY = re.compile(r"\s+(?:of|for) one(?: or more)?(?: [a-z]+){0,2}$")


def _no_one_of(intent: str, tool: Tool) -> str:
    m = _OF_ONE.search(intent)
    named = {w for n in tool.properties for w in tokens(n)}
    nouns = [g for g in (m.groups() if m else ()) if g]
    if m and nouns and all(g.split()[-1] in named or g.split()[-1].rstrip("s") in named for g in nouns):
        return intent[:m.start()]
    if (any_one := _OF_ONE_ANY.search(intent)) and len(intent[:any_one.start()].split()) >= 2:
        return intent[:any_one.start()]
    # "of a subaccount's worn dosimeters": whose they are is the parameter's value (set 40), "the worn dosimeters"
    owned = re.search(r"\b(?:of|for) (?:a|an|one) ([a-z]+)'s ", intent)
    if owned and owned[1] in named:
        return intent[:owned.start()] + intent[owned.start():owned.end()].split(" ", 1)[0] + " the " + intent[owned.end():]
    return intent


# "Search the inspection company's customer properties", "the car repair system's car master": whose
# records they are goes without saying to the user of the system (set 40: read out in every format).
_HOUSE = re.compile(r"\bthe (?:[a-z-]+ ){0,3}(?:company|system|department|firm|office|agency|organi[sz]ation|service|"
                    r"lab|laboratory|shop|registry|database|unit|team|network|utility|district|group)'s (?=[a-z])")


def _no_house(intent: str) -> str:
    return _HOUSE.sub("the ", intent, count=1)


def _no_placeholder(intent: str) -> str:
    """`intent` without a stand-in for a parameter's value ("of one kind", "for a given type")."""
    return _PLACEHOLDER.sub("", intent)


_NOUN_LEAD = re.compile(r"^((?:[A-Za-z][\w'/-]*)(?: [A-Za-z][\w'/-]*){0,6}?)(?= for | by | with |[,.;:(]|$)")


def from_noun_phrase(tool: Tool) -> str:
    """A tool whose name cannot be read (`get_per_diem_statement`) and whose description opens with
    what it gives, as a noun phrase ("Monthly per diem statement for a billing account."), said with
    its name's verb: "get the monthly per diem statement"; "" when the name opens with no verb or the description with
    one, or the phrase has a word that is neither English nor the name's."""
    named = tokens((tool.api or tool.name).rsplit(".", 1)[-1])
    verb = user_verb(named[0], imperative=True) if named else None
    m = _NOUN_LEAD.match(_without_app(first_sentence(tool.description), tool.app or "").strip())
    if verb is None or m is None:
        return ""
    words = m.group(1).split()
    if words[0].lower() in ("a", "an", "the"):
        words = words[1:]
    first = words[0].lower() if words else ""
    if not words or len(words) < 2 or user_verb(first) is not None and "VERB" in lemmas(first) or first in STOPS \
            or not all(known(w.lower()) or w.lower() in named or w.isupper() for w in words):
        return ""
    return f"{verb} the {' '.join(w if w.isupper() else w.lower() for w in words)}"


def _no_dangling_verb(intent: str) -> str:
    """"Mark a colony dead and record why" read up to its clause: "mark a colony dead", never
    "mark a colony dead and record for colony C-2025-87314" (a second verb left without its object)."""
    m = re.search(r"\s+(?:and|or|then)\s+(\w+)$", intent)
    if m and user_verb(m.group(1)) is not None:
        return intent[:m.start()]
    return intent


def _no_dangling_participle(intent: str, tool: Tool) -> str:
    """"List NOTAMs of an airport ending within the next hours" read up to its clause: "list the
    NOTAMs of an airport", never "... of an airport ending for KDEN" (set 39: 57 queries); the
    name's word for it said before its noun instead ("list the expiring NOTAMs of an airport":
    `list_expiring_notams`, never a query that fits search_notams as well)."""
    cut = re.search(r"\s(\w+)\s+(\w+)$", intent)
    if cut and cut.group(2).lower() in _WHEN_PARTICIPLES and user_verb(cut.group(1)) is None \
            and cut.group(1).lower() not in STOPS | {"a", "an", "the"}:
        kept = intent[:cut.start(2)].rstrip()
        named = [w.lower() for w in tokens((tool.api or tool.name).rsplit(".", 1)[-1])]
        said = next((w for w in named if w.endswith(("ing", "ed")) and w not in kept.lower().split()), None)
        head = next((w for w in kept.split()[1:] if w.lower() in named and w.lower() != said), None) if said else None
        return re.sub(rf"\b{re.escape(head)}\b", f"{said} {head}", kept, count=1) if head else kept
    return intent


# Participles a description's clause of time opens with, cut from it: "ending (within the next hours)".
_WHEN_PARTICIPLES = frozenset({"ending", "starting", "expiring", "beginning", "finishing", "lapsing", "running",
                               "arriving", "departing", "falling", "occurring", "coming", "going", "leaving",
                               "entering"})  # "record a new animal coming (into the shelter)" (set 48)


def from_name_words(tool: Tool) -> str:
    """The name's own words when it opens with a verb and the rest are words written out, the
    author's even where the lexicon lacks them ("get_crane_specs": "get the crane specs"); "" else."""
    app = {w.lower() for w in tokens(tool.app)} if tool.app else set()
    named = [w for w in tokens((tool.api or tool.name).rsplit(".", 1)[-1]) if w.lower() not in app]
    verb = user_verb(named[0], imperative=True) if named else None
    rest = [w.lower() for w in named[1:]]
    if verb is None or not rest or not all(w.isalpha() and len(w) > 2 and w not in STOPS for w in rest):
        return ""
    return f"{verb} the {' '.join(_spelled(w, tool.description) for w in rest)}"


def _spelled(word: str, description: str) -> str:
    """A short word of the name no lexicon has, said as the author's words it abbreviates ("ili":
    "in-line inspection") or else in capitals ("ILI"; set 36: "schedule the ili run")."""
    if known(word) or len(word) > 4:
        return word
    said = re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)*", description)
    for i in range(len(said)):
        for j in range(i + 1, min(i + len(word), len(said)) + 1):
            parts = [p for w in said[i:j] for p in w.split("-")]
            if "".join(p[0] for p in parts).lower() == word:
                return " ".join(said[i:j]).lower()
    return word.upper()


_FIRST_STOPS = frozenset({"of", "for", "with", "in", "on", "by", "that", "which", "who", "where", "when", "from", "at",
                          "so", "and", "or", "before", "after", "to", "per", "as", "if"})


def from_first_words(tool: Tool) -> str:
    """The description's own opening, its verb and object up to the first qualifier ("Search the Learn to
    Skate USA classes of the current session" is "search the Learn to Skate USA classes"): the plain frame
    where no derived intent could be checked (set 49: "make this request with level basic 1"); "" when the
    opening is no imperative verb and a short object of known or capitalised words."""
    words = re.split(r"[ (,;:.]", first_sentence(tool.description).strip())[:14]
    verb = user_verb(words[0], imperative=True) if len(words) > 1 and words[0] else None
    if verb is None or words[1].lower() in _FIRST_STOPS:
        return ""  # "Chart of a parameter on a line": a noun, no verb
    out: list[str] = []
    for i, w in enumerate(words[1:], 1):
        named = w[:1].isupper() or w.lower() in ("to", "of", "and") and i + 1 < len(words) and words[i + 1][:1].isupper() \
            and out and out[-1][:1].isupper()
        if not w or (w.lower() in _FIRST_STOPS and not named and len(out) >= 2):
            break
        out.append(w if w[:1].isupper() and i > 1 else w.lower())
    if not 2 <= len(out) <= 7 or not all(w[:1].isupper() or known(w) for w in out) or out[-1].lower() in _FIRST_STOPS:
        return ""
    return " ".join([verb, *out])


def plain_intent(tool: Tool) -> str:
    from ..writers.phrasing.clauses import spoken_app

    return f"make a {spoken_app(tool.app)} request" if tool.app else "make this request"
