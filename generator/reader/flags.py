"""Booleans: stated when the text says the condition or its negation ("only open now" for
open_now=true, "no need to include the lyrics" for include_lyrics=false, "with free shipping"
for free_shipping=true).

The condition is the parameter's name without its switch words (is_, has_, include_, enable_,
only_, ...): its content stems must occur in a row in the text. A negation in the few words before
them ("no", "not", "don't", "without", "no need to") reads false. A description that names
what each value means ("True if delivery else False for dine-in") adds those phrases: "dine in"
then reads false.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from .text import STOPWORDS, Text, fold, identifier_words, stem

_SWITCH = frozenset({"is", "has", "have", "include", "includes", "including", "included", "enable", "enabled", "only",
                     "with", "show", "allow", "allowed", "use", "need", "needs", "want", "should", "can",
                     "do", "does", "get", "return", "flag", "filter", "whether", "if", "bool", "boolean"})
_NEGATION = frozenset({"no", "not", "dont", "doesnt", "didnt", "without", "never", "isnt", "arent", "wont",
                       "neednt", "none", "exclude", "excluding", "skip", "avoid", "nor", "non", "cannot",
                       "cant", "shouldnt", "hasnt", "havent", "except", "minus", "neither", "wasnt", "werent",
                       "hadnt", "aint", "couldnt", "wouldnt"})
_WINDOW = 5
# Verbs that leave the condition out with a particle ("leave out the retired ones", "filter the
# expired lots out"): the verb before the condition and "out" before or just after it.
_OUT_VERBS = frozenset({"leave", "leaving", "left", "filter", "filtering", "filtered", "rule", "ruling", "ruled",
                        "cut", "cutting", "keep", "keeping", "kept"})
_OMIT = frozenset({"omit", "omitting", "ignore", "ignoring", "hide", "hiding", "drop", "dropping", "excluded",
                   "skipping", "avoiding"})
# Words of a requirement, one meaning: "no courier needed" says courier_required=false.
_REQUIRED = ("requir", "need", "necessary", "mandatory")


@lru_cache(maxsize=8192)
def condition_stems(param: str) -> tuple[str, ...]:
    ws = [w for w in identifier_words(param) if w not in _SWITCH and w not in STOPWORDS]
    return tuple(stem(w) for w in ws)


# Words that say the condition does not hold ("paid shipping" for free_shipping=false, "eat in" for
# is_delivery=false, "outdoors" for covered=false, "sold out" for in_stock_only=false).
OPPOSITES = {"free": ("paid", "charged", "with a fee"), "delivery": ("eat in", "dine in", "dining in", "pick up",
             "pickup", "take out", "takeout", "takeaway", "pick it up", "pick them up", "dine at", "to eat at",
             "eat here", "eat it here", "eat there", "eating in"),
             "deliver": ("eat in", "dine in", "pick up", "pickup", "pick it up", "pick them up"),
             "cover": ("outdoor", "outdoors", "uncovered", "open air"), "indoor": ("outdoor", "outdoors"),
             "stock": ("sold out", "out of stock"), "refundable": ("non refundable", "nonrefundable"),
             "direct": ("with stops", "layover", "connecting"), "nonstop": ("with stops", "layover", "connecting")}


def _unfiltered(before: list[str], after: Sequence[str] = ()) -> bool:
    """"any cancellation policy", "regardless of insurance", "hazmat or not", "with or without
    lyrics", "whether or not it is open": the condition is not asked for."""
    if before and (before[-1] in ("any", "whatever") or before[-2:] == ["regardless", "of"]):
        return True
    either = " ".join(before[-3:])
    return (list(after[:2]) in (["or", "not"], ["or", "non"], ["or", "no"])
            or either.endswith(("with or without", "whether or not")))


@lru_cache(maxsize=1)
def _opposites() -> dict[str, tuple[str, ...]]:
    """OPPOSITES by the stem of their word (conditions are compared as stems)."""
    return {stem(k): v for k, v in OPPOSITES.items()}


def _opposite(text: Text, key: tuple[str, ...]) -> tuple[bool, str] | None:
    """The opposite of the condition's first word said before the rest of it ("paid shipping")."""
    for phrase in _opposites().get(key[0], ()):
        if text.stems_at(tuple(stem(w) for w in phrase.split()) + key[1:]) >= 0:
            return False, f"{phrase} (the opposite)"
    return None


def _said_otherwise(text: Text, head: str) -> tuple[bool, str] | None:
    """The head word in everyday words ("to everyone" for reply_all), or its opposite."""
    from .enums import PHRASINGS

    said = next((p for p in PHRASINGS.get(head, ()) if text.has_phrase(p)), None)
    if said:
        return True, said
    against = next((p for p in _opposites().get(head, ()) if text.has_phrase(p)), None)
    return (False, f"{against} (the opposite)") if against else None


def _at(text: Text, key: tuple[str, ...]) -> int:
    """Where the condition's stems start, in a row or with one word between ("open right now"),
    or as one family ("substitutes" for substitutions)."""
    at = text.stems_at(key)
    if at < 0 and len(key) == 1 and len(key[0]) >= 6:
        at = next((i for i, w in enumerate(text.stems) if len(w) >= 6 and (w.startswith(key[0][:max(5, len(key[0]) - 2)]) or
                                                                             key[0].startswith(w))), -1)
    if at >= 0 or len(key) < 2:
        return at
    for i, w in enumerate(text.stems):
        if w == key[0] and key[1] in text.stems[i + 1:i + 3] and all(k in text.stems[i:i + len(key) + 2] for k in key):
            return i
        if len(key) == 2 and w == key[0] and key[1] in text.stems[i + 3:i + 5] and \
                not set(text.tokens[i + 1:text.stems.index(key[1], i + 1)]) & (_SCOPE_BREAKS | {"and", "or", "to"}):
            return i  # "accept the late-cancel fee" for accept_fee: the verb, its object's modifiers, the object
    span = _spread(text.stems, list(key), gap=2) if len(key) >= 3 else None
    return span[0] if span else -1  # "transfused or pregnant in the last 3 months": a few words between


def _compound(text: Text, key: str) -> int:
    """A one-word condition written as two ("pre-admission" for preadmission): where it starts, or -1."""
    return next((i for i in range(len(text.tokens) - 1) if stem(text.tokens[i] + text.tokens[i + 1]) == key), -1)


_MEANING = re.compile(r"\b(true|false)\s+(?:if|for|when|means|=)\s+([a-z][a-z -]{1,30}?)(?=\s*(?:[,.;)]|else|otherwise|$))")


_SIDES = re.compile(r"\b([a-z][a-z-]{3,}) \((true|false)\)")  # a word of its own: never "on (true) or off (false)"


@lru_cache(maxsize=4096)
def described_values(description: str) -> tuple[tuple[bool, tuple[str, ...]], ...]:
    """(value, phrase stems) for each "True if X" / "False for Y" of a parameter description, and
    for the everyday phrasings of the phrase's first word ("dine-in": "eat in", "eat out")."""
    from .enums import PHRASINGS

    out: list[tuple[bool, tuple[str, ...]]] = [(m[2] == "true", (stem(m[1]),)) for m in _SIDES.finditer(description.lower())]  # "acknowledged (true) or
    for v, phrase in _MEANING.findall(description.lower()):  # unacknowledged (false) alarms" (set 44)
        ws = re.findall(r"[a-z]+", phrase)
        content = [w for w in ws if w not in STOPWORDS]
        for said in [" ".join(ws), *(PHRASINGS.get(content[0], ()) if content else ())]:
            out.append((v == "true", tuple(stem(w) for w in said.split())))
    return tuple(out)


def read_flag(text: Text, param: str, description: str = "",
              wordings: tuple[tuple[bool, str], ...] = ()) -> tuple[bool, str] | None:
    """(the value the text gives the flag, the words) or None when the text does not say it. A
    name that is itself an exclusion ("exclude_restricted_use") is read as its rest, inverted:
    "leaving out restricted use pesticides" excludes them."""
    lead, *rest = identifier_words(param) or [""]
    if lead in _EXCLUDING and rest and not wordings:
        said = _read_flag(text, "_".join(rest), "", ())
        return (not said[0], said[1]) if said else None
    said = _read_flag(text, param, description, wordings)
    if said is None and (other := _other_object(param)) is not None:  # "ground the car" for ground_vehicle
        said = _read_flag(text, other, "", ())
    if said is None and lead in _TELLING and rest:  # "let the owner know" for notify_owner (players, set 15)
        said = next((found for verb in sorted(_TELLING - {lead})
                     if (found := _read_flag(text, "_".join([verb, *rest]), "", ())) is not None), None) \
            or _let_know(text, rest[-1])
    return said or _clause_said(text, description)


# "Whether the coupon passed visual inspection before cutting": the flag's own clause, its verb and
# the words after it, said in the text ("the coupon having passed visual inspection"; set 27).
_WHETHER = re.compile(r"^\s*(?:whether (?:or not )?|(?:set to )?true (?:when|if) )(?:the |a |an |its |this )?[\w-]+(?: [\w-]+)?? (?P<verb>[a-z]+(?:ed|s)|is|are|"
                      r"was|were|has|have|had|passed|failed) (?P<rest>[a-z-]+(?: [a-z-]+)?)", re.IGNORECASE)
_BE = frozenset({"is", "are", "was", "were", "has", "have", "had"})


def _clause_said(text: Text, description: str) -> tuple[bool, str] | None:
    m = _WHETHER.match(description)
    if m is None:
        return None
    verb, rest = m.group("verb").lower(), m.group("rest").lower().split()
    words = [stem(w) for w in ([] if verb in _BE else [verb]) + rest if w not in ("the", "a", "an", "its", "of")]
    if not words:
        return None
    kept = [i for i, t in enumerate(text.tokens) if t not in ("the", "a", "an", "its", "of")]
    stems = [text.stems[i] for i in kept]
    for j in range(len(stems) - len(words) + 1):
        if stems[j:j + len(words)] == words:
            i = kept[j]
            negated = any(t in _NEGATION for t in text.tokens[max(0, i - 3):i])
            return not negated, " ".join(text.tokens[max(0, i - 3):kept[j + len(words) - 1] + 1])
    return None


# Verbs of telling someone: one is as good as another for a `notify_owner` flag.
_TELLING = frozenset({"notify", "tell", "inform", "alert", "message", "contact"})


def _let_know(text: Text, who: str) -> tuple[bool, str] | None:
    """ "let the owner know" (and "don't let the owner know") for a flag of telling `who`."""
    person = stem(who)
    for i, w in enumerate(text.tokens):
        near = text.stems[i + 1:i + 5]
        if w == "let" and person in near and "know" in text.tokens[i + 2:i + 6]:
            negated = any(t in _NEGATION for t in text.tokens[max(0, i - 3):i])
            return not negated, " ".join(text.tokens[i:i + 5])
    return None


# Names that are themselves a leaving out: their rest is what is left out.
_EXCLUDING = frozenset({"exclude", "excluding", "omit", "skip", "hide", "ignore", "without"})
# The thing a verb-object name acts on, in the words people use for it.
_OBJECT_WORDS = {"vehicle": "car", "car": "vehicle", "customer": "client", "client": "customer",
                 "automobile": "car", "truck": "vehicle"}
_PRONOUNS = frozenset({"it", "them", "this", "that"})
_FRAMES = frozenset({"with", "without", "no", "including", "plus", "and", "not", "excluding"})


def _other_object(param: str) -> str | None:
    words = list(identifier_words(param))
    if len(words) == 2 and words[1] in _OBJECT_WORDS:
        return f"{words[0]}_{_OBJECT_WORDS[words[1]]}"
    return None


def _pronoun_object(text: Text, key: tuple[str, ...]) -> int:
    """Where the verb of a two-word verb-object name is said with a pronoun for its object ("ground
    it", "grounding them"), or -1."""
    if len(key) != 2:
        return -1
    return next((i for i, w in enumerate(text.stems[:-1]) if w == key[0] and len(key[0]) >= 4
                 and text.tokens[i + 1] in _PRONOUNS), -1)


def _done_by(text: Text, param: str) -> tuple[bool, str] | None:
    """A flag of who did the call's own act (`redeemed_by_pledgor`): "by the pledgor" (or "by the
    pledgor themselves") says it, "not by the pledgor" its opposite; the act is the call's."""
    words = identifier_words(param)
    if len(words) != 3 or words[1] != "by":
        return None
    who = stem(words[2])
    for i in range(1, len(text.stems)):
        if text.stems[i] == who and (text.tokens[i - 1] == "by" or text.tokens[i - 2:i] == ["by", "the"]):
            lead = i - 1 if text.tokens[i - 1] == "by" else i - 2
            negated = any(w in _NEGATION for w in text.tokens[max(0, lead - 2):lead])
            return not negated, " ".join(text.tokens[max(0, lead - 2):i + 1])
    return None


def _framed(text: Text, at: int) -> int:
    """A head noun said alone counts only in a frame that says the flag ("without my location",
    "with the location"), not as any mention ("the customer asked")."""
    if at < 0:
        return at
    framed = set(text.tokens[max(0, at - 4):at]) & (_FRAMES | _NEGATION | _OMIT) or _negated_list(text.tokens, at=at) \
        or text.tokens[at + 1:at + 3] == ["or", "not"]  # "whether they're in compliance or not": no filter
    return at if framed else -1  # "without a static IP or a VoIP phone line": the list's negation frames it


def _by_description(text: Text, description: str) -> tuple[bool, str] | None:
    """The flag said by the phrase its description gives a value ("true if delivered"), read with
    a negation before it ("not marked as delivery" says the phrase of True negated)."""
    said = [(at, value, phrase) for value, phrase in described_values(description)
            if phrase and (at := text.stems_at(phrase)) >= 0]
    if not said:
        return None
    at, value, phrase = min(said, key=lambda s: s[0])  # the first said: a later call's "acknowledged by" is no
    before = text.tokens[max(0, at - _WINDOW):at]  # flag of this one (set 44)
    negated = any(w in _NEGATION or w in _OMIT for w in before) or "no need" in " ".join(before)
    return value != negated, " ".join(phrase) + f" (the description's phrase for {value}" + \
        (", negated)" if negated else ")")


# "True when pages were missing or illegible and a rescan was asked of the lender": a long clause,
# read by its part that names the thing (`rescan_requested`: "a rescan was asked of the lender").
_LONG_MEANING = re.compile(r"\b(true|false)\s+(?:if|when|means)\s+([^.;]{10,160})", re.IGNORECASE)


def _by_clause(text: Text, description: str) -> tuple[bool, str] | None:
    """The flag said by a part of the long clause its description gives a value, that part's
    first two content words near each other in either order ("no rescan was asked", "we asked the
    lender for a rescan"), a negation before them reading the other value (players, set 23: four
    such replies refused)."""
    for value, clause in _LONG_MEANING.findall(description):
        for part in re.split(r"\s+(?:and|or|but)\s+|,\s*", clause.lower()):
            content = [stem(w) for w in re.findall(r"[a-z]+", part) if w not in STOPWORDS and w not in _FILLER]
            if len(content) < 2 or len(content) > 6:
                continue
            for head in (content[:2], content[1::-1]):
                found = _spread(text.stems, head, gap=4)
                if found is None:
                    continue
                before = text.tokens[max(0, found[0] - _WINDOW):found[0]]
                words = " ".join(text.tokens[found[0]:found[1]])  # "the anomaly not located at" (set 36)
                negated = any(w in _NEGATION or w in _OMIT for w in before) or _not_after(text.tokens, found[1]) \
                    or any(w in _NEGATION for w in text.tokens[found[0]:found[1]])
                return (value.lower() == "true") != negated, f"{words} (the description's clause for {value})"
    return None


def _not_after(tokens: list[str], end: int) -> bool:
    """A negation right after the clause's words: "with the entry fee not paid" (set 29: read as
    the fee received)."""
    after = tokens[end:end + 3]
    if after[:1] and after[0] in ("is", "was", "were", "are", "has", "been", "being"):
        after = after[1:]
    return bool(after) and after[0] in ("not", "never", "un", "no")


# A description that says what true adds to a result: "Also return accounts with no order in the
# last 24 months.", "Include archived projects." (the things, up to the sentence's end).
_ADDS = re.compile(r"^(?:also |optionally )?(?:return|include|list|show|add)s?\s+(?:also\s+)?(.+?)\s*(?:[.;(]|$)",
                   re.IGNORECASE)
_INCLUDING = frozenset({"include", "includes", "including", "also", "plus", "add", "adding", "with"})


def _by_object(text: Text, description: str) -> tuple[bool, str] | None:
    """A flag whose description adds things to a result, read by those things and what is done
    with them: "excluding any accounts that haven't placed an order in the last 24 months" is
    false, "that also includes accounts with no order ..." true (the things' own "no" is theirs)."""
    m = _ADDS.match(description.strip())
    base = [stem(w) for w in (fold(m.group(1)).split() if m else []) if w not in STOPWORDS and w not in _NEGATION and w not in _FILLER]
    if len(base) < 2:
        return None
    stems = text.stems
    for start in (i for i, w in enumerate(stems) if w == base[0]):
        window = stems[start:start + len(base) + 6]
        if not all(b in window for b in base[1:]):
            continue
        end = start + max(window.index(b) for b in base) + 1
        before, after = _in_scope(text.tokens[max(0, start - _WINDOW):start]), text.tokens[end:end + 3]
        said = " ".join(text.tokens[max(0, start - _WINDOW):end])
        if any(w in _NEGATION or w in _OMIT for w in before) or _left_out(before, after):
            return False, said + " (the things true adds, left out)"
        if set(text.tokens[max(0, start - 3):start]) & _INCLUDING:  # "also including accounts ..."
            return True, said + " (the things true adds, included)"
    return None


# "Only testers also qualified to test fire sprinkler assemblies (DCDA/RPDA).": a filter flag said
# by what it keeps.
_ONLY_KEPT = re.compile(r"^only\s+(?:the\s+)?[a-z]+\s+(.+?)\s*(?:\.\s|\.?$)", re.IGNORECASE)


def _by_kept(text: Text, description: str) -> tuple[bool, str] | None:
    """A flag described by what it keeps ("Only testers with at least one test gauge calibrated
    within the last 12 months"), read by most of those words together in the text: "only ones
    with at least one gauge calibrated in the last 12 months" is true, "whether or not ..." or
    "with or without ..." no filter (false), a negation before them false (players, set 22: seven
    such paraphrases refused)."""
    m = _ONLY_KEPT.match(description.strip())
    rest = re.sub(r"\([^)]*\)", " ", m.group(1)) if m else ""
    base = list(dict.fromkeys(stem(w) for w in fold(rest).split()
                              if w not in STOPWORDS and w not in _NEGATION and w not in _FILLER and w != "also"))
    if len(base) < 2:
        return None
    need = max(2, -(-len(base) * 3 // 5))
    stems = text.stems
    for start in (i for i, w in enumerate(stems) if w in base):
        window = stems[start:start + len(base) + 6]
        if len(set(base) & set(window)) < need:
            continue
        before = _in_scope(text.tokens[max(0, start - _WINDOW - 2):start])
        said = " ".join(text.tokens[max(0, start - _WINDOW):start + len(base) + 2])
        if _unfiltered(before) or "whether" in before or " ".join(before[-3:]).endswith("with or without"):
            return False, said + " (what the filter keeps, not asked for)"
        negated = any(w in _NEGATION or w in _OMIT for w in before)
        return (not negated), said + " (what the filter keeps" + (", negated)" if negated else ")")
    return None


def _by_meaning(text: Text, description: str, wordings: tuple[tuple[bool, str], ...]) -> tuple[bool, str] | None:
    """The flag said by what the catalog says its values mean: the description's phrase for a
    value, the catalog's own wording, the things true adds, what a filter keeps."""
    described = _by_description(text, description) or _by_clause(text, description)
    if described is not None:
        return described
    for flag, worded in wordings:
        by_words = _by_wording(text, flag, worded)
        if by_words is not None:
            return by_words
    included = _by_object(text, description)
    return included if included is not None else _by_kept(text, description)


def _read_flag(text: Text, param: str, description: str = "",
               wordings: tuple[tuple[bool, str], ...] = ()) -> tuple[bool, str] | None:
    """(the value the text gives the flag, the words) or None when the text does not say it.
    `wordings`: the catalog's own phrase for each value ("before the hazmat responder has been
    called" for false), read with their negation ("the responder has not been called")."""
    meant = _by_meaning(text, description, wordings)
    if meant is not None:
        return meant
    key = condition_stems(param)
    if not key:
        return None
    at, width = _at(text, key), len(key)
    if at < 0 and len(key) > 1 and key[-1] in _REQUIRED:  # "courier_required": "no courier needed"
        key, at = next(((k, a) for k in _required_keys(key) if (a := _at(text, k)) >= 0), (key, at))
    if at < 0 and len(key) == 1:
        at, width = _compound(text, key[0]), 2
    if at < 0 and len(key) > 1:
        opposite = _opposite(text, key)
        if opposite:  # "paid shipping" for free_shipping
            return opposite
        at = _pronoun_object(text, key)  # "ground it": the verb of a verb-object name, its object a pronoun
        passive = _spread(text.stems, [key[1], key[0]]) if at < 0 and len(key) == 2 else None
        by = _done_by(text, param) if at < 0 and passive is None else None
        if by is not None:
            return by
        if passive is not None:  # "the parents should be notified" for notify_parents: object, then its verb
            at, key, width = passive[0], key[::-1], passive[1] - passive[0]
        elif at < 0:  # "attach_location": the head noun alone, framed ("without my location"); of
            key = key[-2:-1] if key[-1] in _REQUIRED else key[-1:]  # "leak_check_required" the check, never
            at, width = _framed(text, _at(text, key)), 1  # "requested" (set 32: a traceback past the text's end)
        else:
            key = key[:1]
    if at < 0:
        return _evidence_of(text, param) or _said_otherwise(text, key[-1])
    before = text.tokens[max(0, at - _WINDOW):at]
    if "ones" in text.tokens[max(0, at - _WINDOW - 3):at]:  # "without the ones that bundle a termite warranty"
        before = text.tokens[max(0, at - _WINDOW - 4):at]
    opened = max((i for i, w in enumerate(before) if w in _CLAUSE_OPENERS), default=-1)
    before = before[opened:] if opened > 0 else before  # "cannot be driven, where someone reported an injury":
    # the negation is the earlier clause's (set 35)
    spread = _spread(text.stems[at:], list(key), gap=2) if len(key) >= 3 else None
    end = at + spread[1] if spread else next((j + 1 for j in range(min(len(text.stems), at + len(key) + 2) - 1, at - 1, -1)
                if text.stems[j] == key[-1]), min(at + width, len(text.tokens)))  # "sent for evaluation": one word between
    after = text.tokens[end:end + 2]
    answered = _answered(text, text.tokens[end - 1], after) if after[:1] != ["set"] else _set_to(text.tokens[end:end + 3])
    if answered is None and identifier_words(param)[-1:] == ("on",) and _switched_off(text.tokens[end:end + 5]):
        answered = False  # "with the aeration fans off", "the utilities will be off" (LLM writer played, set 34)
    if answered is not None:  # "sent for evaluation: no", "first aid given - yes"
        return answered, " ".join(text.tokens[at:end + 1])
    # a negation before the condition or inside it ("the seal isn't intact", "access not confirmed")
    negated = (any(w in _NEGATION or w in _OMIT for w in before + text.tokens[at + 1:end - 1]) or _negated_list(text.tokens, at)
               or "no need" in " ".join(text.tokens[max(0, at - _WINDOW - 3):at]) or _left_out(before, text.tokens[end:end + 3])
               or _unfiltered(before, after) or _own_word_negated(text, param, end)
               or bool(_NOT_NEEDED.match(" ".join(text.tokens[end:end + 4]))))
    said = " ".join(text.tokens[max(0, at - _WINDOW):end + (2 if _unfiltered([], after) else 0)])
    return (not negated), said


# Words that open a clause of its own: a negation before them is another clause's.
_CLAUSE_OPENERS = frozenset({"where", "when", "while", "whereas"})
_SIGNS = frozenset({"evidence", "sign", "signs", "trace", "traces", "indication", "indications", "proof"})


def _evidence_of(text: Text, param: str) -> tuple[bool, str] | None:
    """A flag named for the evidence of a thing (`previous_treatment_evidence`) said as "(no) sign of
    any previous treatment", "evidence of a previous treatment" (the LLM writer played, set 34)."""
    words = identifier_words(param)
    if len(words) < 2 or words[-1] not in _SIGNS:
        return None
    thing = [stem(w) for w in words[:-1]]
    for i, w in enumerate(text.tokens):
        if w not in _SIGNS:
            continue
        j = i + 1 + (text.tokens[i + 1:i + 2] == ["of"])
        while j < len(text.tokens) and text.tokens[j] in ("a", "an", "any", "the", "earlier", "prior"):
            j += 1
        if text.stems[j:j + len(thing)] == thing:
            negated = any(t in _NEGATION for t in text.tokens[max(0, i - 3):i])
            return not negated, " ".join(text.tokens[max(0, i - 3):j + len(thing)])
    return None


_COPULA = frozenset({"will", "be", "is", "are", "was", "were", "been", "still", "currently", "stay", "stays", "remain",
                     "remains", "going", "to", "all", "turned", "switched", "shut"})


def _switched_off(after: list[str]) -> bool:
    """ "off" right after the condition, or after a copula ("will be off", "are still off")."""
    at = next((i for i, w in enumerate(after) if w not in _COPULA), len(after))
    return at < len(after) and after[at] == "off"


def _own_word_negated(text: Text, param: str, end: int) -> bool:
    """The condition, then a word of the flag's name that the condition leaves out, negated:
    "with unrated players not allowed" for unrated_allowed (set 29)."""
    own = {stem(w) for w in identifier_words(param)}
    return any(text.tokens[j] == "not" and j + 1 < len(text.tokens) and text.stems[j + 1] in own
               for j in range(end, min(end + 2, len(text.tokens))))


# The condition, then a word that it is not wanted: "free shipping isn't necessary", "insurance not needed".
_NOT_NEEDED = re.compile(r"(?:is |are )?(?:isnt|arent|not|no longer) (?:really )?(?:necessary|needed|required|important"
                         r"|essential|a must)\b")


_LIST_NEGATIONS = frozenset({"without", "no", "neither", "nor"})
_CLAUSE_BREAKS = frozenset({"but", "with", "plus", "including", "include", "add", "adding", "also", "then", "and"})


def _negated_list(tokens: list[str], at: int) -> bool:
    """The condition at `at` is the later member of a negated "or" list: "without a static IP or
    a VoIP phone line", "no router or phone line" (nothing that opens another clause between)."""
    back = tokens[max(0, at - 12):at]
    start = next((i for i in range(len(back) - 1, -1, -1) if back[i] in _LIST_NEGATIONS), None)
    if start is None:
        return False
    between = back[start + 1:]
    return any(w in ("or", "nor") for w in between) and not any(w in _CLAUSE_BREAKS for w in between)


def _required_keys(key: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The condition with its requirement word said by another one ("courier needed")."""
    return [(*key[:-1], word) for word in _REQUIRED if word != key[-1]]


def _left_out(before: list[str], after: list[str]) -> bool:
    """"leave out the retired ones", "filter the expired lots out": a verb of _OUT_VERBS before the
    condition with "out" after it, before the condition or in the two words following it."""
    at = next((i for i in range(len(before) - 1, -1, -1) if before[i] in _OUT_VERBS), None)
    return at is not None and ("out" in before[at + 1:] or "out" in after[:3])


def _answered(text: Text, last: str, after: list[str]) -> bool | None:
    """The flag answered right after its words, as in a list of facts: "first aid given: yes"."""
    if not after or after[0] not in ("yes", "no", "true", "false"):
        return None
    said = re.search(rf"\b{re.escape(last)}\s*[:=\u2013-]\s*{after[0]}\b", fold_keep(text.raw))
    return (after[0] in ("yes", "true")) if said else None


def _set_to(after: list[str]) -> bool | None:
    """"with weak D tested set to no": the flag answered by its setting."""
    return after[2] in ("yes", "true", "on") if after[:2] == ["set", "to"] and after[2:] and \
        after[2] in ("yes", "no", "true", "false", "on", "off") else None


def fold_keep(raw: str) -> str:
    """The text lowercased with its punctuation (a colon says a fact's answer follows)."""
    return re.sub(r"['\u2019]", "", raw.lower())


# Words of a flag's phrase that carry its polarity, not its condition: "before the responder has
# been called" says the call has not happened; auxiliaries and "already" / "yet" say nothing.
_NOT_YET = frozenset({"before", "until"})
_FILLER = frozenset({"already", "yet", "still", "has", "have", "had", "get", "got", "they", "he", "she", "them"})
_GAP = 3  # words allowed between two words of the condition ("has not been called")


def _by_wording(text: Text, value: bool, phrase: str) -> tuple[bool, str] | None:
    """The flag read by one of its own phrases: the phrase's condition words in order (a few words
    between), negated when the text's negation differs from the phrase's own."""
    ws = fold(phrase).split()
    flips = any(w in _NEGATION or w in _NOT_YET for w in ws)
    base = [stem(w) for w in ws if w not in STOPWORDS and w not in _FILLER and w not in _NEGATION
            and w not in _NOT_YET]
    if len(base) < 2:  # one word ("all", "hazmat") is the condition reading's or the surface forms' job
        return None
    span = _spread(text.stems, base)
    if span is None:
        return None
    start, end = span
    around = text.tokens[max(0, start - _WINDOW):end]
    before = _in_scope(text.tokens[max(0, start - _WINDOW):start])  # "without center and including referees under 18"
    if text.tokens[start] in _SCOPE_BREAKS:  # a phrase that opens with its own frame: only "not including" negates it
        before = before[-1:]
    negated = any(w in _NEGATION or w in _NOT_YET for w in before + text.tokens[start:end]) or \
        _negated_list(text.tokens, start)
    return (value if negated == flips else not value), " ".join(around) + f" (the catalog's words for {value})"


# Words that open a clause of their own: a negation before them does not reach past them.
_SCOPE_BREAKS = frozenset({"but", "with", "plus", "including", "include", "also", "then", "add", "adding"})


def _in_scope(before: list[str]) -> list[str]:
    """The words before a phrase that can still negate it: those after the last clause opener."""
    cut = next((i for i in range(len(before) - 1, -1, -1) if before[i] in _SCOPE_BREAKS), -1)
    return before[cut + 1:]


def _spread(stems: list[str], base: list[str], gap: int = _GAP) -> tuple[int, int] | None:
    """(start, end) of the first run of `base` in `stems` in order, at most `gap` words apart."""
    for i, w in enumerate(stems):
        if w != base[0]:
            continue
        at = i
        for b in base[1:]:
            nxt = next((j for j in range(at + 1, min(len(stems), at + 2 + gap)) if stems[j] == b), None)
            if nxt is None:
                break
            at = nxt
        else:
            return i, at + 1
    return None
