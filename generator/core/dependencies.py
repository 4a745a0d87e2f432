"""Rules between parameters that a catalog writes only in prose, read and kept.

Parameters drawn one by one break what the descriptions say about each other: a backsweetened
cider with neither pasteurize nor sterile_filter ("requires pasteurize or sterile_filter"), a
reassign id with release_to home_unit ("Required when release_to is another_incident"), status
'contained' at 55 percent ("status 'contained' requires containment_pct 100"), racking without
the volume ("give rack_to_tank_id and volume_moved_l"), usage recorded as +1 ("Use a negative
quantity for usage, waste ..."), a PO on a waste movement ("For receipts: the PO being received").

Each rule is read from the tool's description and its parameters' descriptions, naming only the
tool's own parameters and enum values (a phrase that names none is no rule), and kept by
`enforce`: the side that is free is set or left out, never a caller-fixed one. `problems` says
which rules a call breaks (for checks and tests). Rule readers are a registry (`READERS`).
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..records import dict_at
from . import allowed
from .memo import by_identity
from .schema import is_valid

Draw = Callable[[str], Any]  # a fresh valid value for a parameter (generator.core.values)


@dataclass(frozen=True)
class Rule:
    """kind: "requires" (subject set => one of `others` set), "when" (subject set <=> `others[0]`
    == value), "implies" (others[0] == value => subject == target), "together" (subject and
    others[0] both or neither), "sign" (subject < 0 when others[0] is one of `values`), "only" (subject set => others[0] is
    one of `values`), "needs" (subject set <=> others[0] is one of `values`), "one_of" (exactly one of
    subject and others[0] set), "if_value" (others[0] is one of `values` => subject set), "pairs"
    (others[0] is one of `values` => subject is one of `target`; "forms_for" the same for an open
    subject, `target` the forms given for those values), "near" (subject within a share
    `target` of others[0]), "band_if" (others[0] is one of `values` => subject inside the band
    `target`), "always" (subject == `target`: "Refused unless safety_test_passed is true"), "below"
    (subject <= others[0]: "tach time is always lower than or equal to Hobbs time"), "in_ranges" (subject
    inside one of the labelled ranges `target`, the one others[0] names when set), "band_is"
    (others[0] inside the band `target` => subject == values[0]), "contains" (others[0] ==
    values[0] => the list subject holds one of `target`), "ways" (the parameters of at most one of the
    ways `target` set: "Give parcel_number; or owner_name with county; or township, range and
    section together"), "any_of" (at
    least one of subject and `others` set: "Give at least one of title, author or isbn")."""

    kind: str
    subject: str
    others: tuple[str, ...]
    values: tuple[Any, ...] = ()  # enum values, or a flag's False ("empty when passed")
    target: Any = None


Props = dict[str, dict[str, Any]]


def _name(word: str, props: Props) -> str | None:
    word = word.strip("'\"`.,;:()")
    return word if word in props else None


def _enum(schema: dict[str, Any]) -> list[str]:
    """The values a parameter takes: its enum, else the list its description gives ("awarded,
    partially_awarded, waitlisted, declined")."""
    listed = schema.get("enum") or allowed.read(str(schema.get("description") or "")).allowed
    return [str(v) for v in listed or []]


def _owner_of(value: str, props: Props, skip: str = "") -> str | None:
    """The parameter whose enum holds `value` (singular or plural: "receipts" is `receipt`)."""
    forms = {value, value.rstrip("s"), re.sub(r"ies$", "y", value)}
    return next((n for n, s in props.items() if n != skip and forms & set(_enum(s))), None)


# ---------------------------------------------------------------- readers

_REQUIRES = re.compile(r"\brequires? (\w+)(?: (?:or|and) (\w+))?")


def _requires(tool: str, props: Props) -> list[Rule]:
    """"backsweeten_to_sg ... (requires pasteurize or sterile_filter)" in the subject's own text."""
    out = []
    for name, schema in props.items():
        for m in _REQUIRES.finditer(str(schema.get("description") or "")):
            others = tuple(n for n in (_name(m.group(1), props), _name(m.group(2) or "", props)) if n and n != name)
            if others:
                out.append(Rule("requires", name, others))
        for m in _REQUIRED_WITH_PARAM.finditer(str(schema.get("description") or "")):
            other = _name(m.group(1), props)  # "Payoff ...; required with lienholder" (set 35: a lender, no payoff)
            if other and other != name and m.group(0)[0] == "r":  # and no payoff owed to no one: both or neither
                out.append(Rule("together", name, (other,)))
            elif other and other != name:  # "State ... Required with insured_last_name.": a sentence of its own,
                out.append(Rule("requires", other, (name,)))  # the other needs this one (set 36: ETA windows)
        for m in _USED_WITH.finditer(str(schema.get("description") or "")):
            other = _name(m.group(1), props)  # "County name, used with state" (set 41: Bexar County with no state)
            if other and other != name:
                out.append(Rule("requires", name, (other,)))
        for m in _REQUIRED_WITHOUT_PARAM.finditer(str(schema.get("description") or "")):
            other = _name(m.group(1) or m.group(2), props)  # "Required when hold_id is not given": one of the two (set 36)
            if other and other != name:
                out.append(Rule("any_of", name, (other,)))
    return out


# (either case: "Required when eta_to is given." opens its sentence; set 36: ETA windows with one end)
_REQUIRED_WITH_PARAM = re.compile(r"\brequired (?:with|when|whenever|if) `?(\w+)`?(?: is (?:given|set|sent|present|passed))?"
                                  r"(?=\s*[.;,)]|$)", re.IGNORECASE)
_USED_WITH = re.compile(r"\bused (?:only )?(?:together )?with `?(\w+)`?(?=\s*[.;,)]|$)", re.IGNORECASE)
_REQUIRED_WITHOUT_PARAM = re.compile(r"\brequired (?:when|if|whenever) `?(\w+)`? is (?:not|never) (?:given|set|sent|present|"
                                     r"passed)(?=\s*[.;,)]|$)|\brequired unless `?(\w+)`? is (?:given|set|sent|present|passed)"
                                     r"(?=\s*[.;,)]|$)", re.IGNORECASE)


# ... also a trailing clause: "Order that received the concrete, when disposition is reship."
# "required when vaccine is rabies_1yr or rabies_3yr": every value listed (set 34: only the first was read).
_WHEN = re.compile(r"(?:\b(?:required|only|used) |(?<=, ))(?:when|if) (\w+)(?: is |\s*==?\s*)['\"`]?(\w+)"
                   r"((?:['\"`]?(?:,\s*|\s+or\s+|,\s*or\s+)['\"`]?\w+)*)", re.IGNORECASE)
# "Required when declining: conflict, injury, ...": the act an enum value names, as a gerund.
_WHEN_DOING = re.compile(r"\b(?:required|only|used) (?:when|if) (\w+ing)\b", re.IGNORECASE)


# Words after "is" that say whether a parameter is given, not which value it has ("is not set").
_NO_VALUE = frozenset({"not", "set", "given", "provided", "specified", "present", "missing", "absent", "omitted",
                       "empty", "unset", "blank"})


def _required_when(tool: str, props: Props) -> list[Rule]:
    """"Required when release_to is another_incident": the subject goes with that value only."""
    out = []
    for name, schema in props.items():
        m = _WHEN.search(str(schema.get("description") or ""))
        other = _name(m.group(1), props) if m else None
        if m and other and other != name and m.group(2).lower() not in _NO_VALUE:
            more = [w for w in re.findall(r"\w+", m.group(3)) if w.lower() != "or" and w in _enum(props[other])]
            out.append(Rule("when", name, (other,), (m.group(2), *more)))
        elif (doing := _WHEN_DOING.search(str(schema.get("description") or ""))) and \
                (acted := _value_acted(doing.group(1), props, name)):
            out.append(Rule("when", name, (acted[0],), (acted[1],)))
    return out


def _value_acted(gerund: str, props: Props, skip: str) -> tuple[str, str] | None:
    """The one enum value a gerund does ("declining" -> `response` 'decline')."""
    root = gerund.lower().removesuffix("ing")
    found = [(n, v) for n, sch in props.items() if n != skip for v in _enum(sch)
             if v.lower() in (root, root + "e") or (len(root) > 3 and root[-1] == root[-2] and v.lower() == root[:-1])]
    return found[0] if len(found) == 1 else None


# "When the spill reached surface water, receiving_water is required" (set 28: "saying Mill Creek" on
# overflows that reached no water): the parameter goes with the flag the clause says in words, true.
_WHEN_FLAG = re.compile(r"\b(?:when|if|where)\s+(?:the\s+\w+\s+|it\s+|they\s+)?([a-z][a-z ]{3,60}?),\s*`?(\w+)`?\s+"
                        r"(?:is|are|becomes|must be (?:given|set))\s+(?:also\s+)?required\b", re.IGNORECASE)


def _required_with_flag(tool: str, props: Props) -> list[Rule]:
    out = []
    for m in _WHEN_FLAG.finditer(tool):
        subject = _name(m.group(2), props)
        said = set(re.split(r"\W+", m.group(1).lower()))
        flags = [n for n, sch in props.items() if sch.get("type") == "boolean" and set(n.lower().split("_")) <= said]
        if subject and len(flags) == 1 and flags[0] != subject:
            out.append(Rule("when", subject, (flags[0],), (True,)))
    return out


# "reship = sent to another order (give reship_order)": that value of the enum needs the parameter.
_GIVE_FOR = re.compile(r"\b([\w-]+)\s*[=:]\s*[^;=]*?\((?:give|with|needs?|requires?) `?(\w+)`?\)", re.IGNORECASE)


def _give_for_value(tool: str, props: Props) -> list[Rule]:
    out = []
    for name, schema in props.items():
        for m in _GIVE_FOR.finditer(str(schema.get("description") or "")):
            subject = _name(m.group(2), props)
            if subject and subject != name and m.group(1) in _enum(schema):
                out.append(Rule("if_value", subject, (name,), (m.group(1),)))
    return out


_IMPLIES = re.compile(r"\b(\w+) ['\"`](\w+)['\"`] requires (\w+) (?:of |= ?|to be )?(-?\d+(?:\.\d+)?|true|false)",
                      re.IGNORECASE)


# A parameter's own "Must be true for 'out_of_gas' and 'first_fill'", "Must be true when result is
# 'fail'", "0 for a pass": its value whenever a sibling's enum takes one of those values (set 32: out
# of gas with no leak check, a pass with a pressure drop); "Required true for dental_cleaning, spay_neuter
# and mass_removal" (set 34: a dental booked with no drop-off).
_VALUE_FOR = re.compile(r"(?:^|(?<=[.;]))\s*(?:(?:it )?(?:must|should|has to) be |is always |(?:is )?required(?: to be)? )?"
                        r"(true|false|-?\d+(?:\.\d+)?)\s+"
                        r"(?:for|when|if)\s+(?:(\w+) is\s+)?((?:(?:a|an|the)\s+)?['\"`]?\w+['\"`]?(?:(?:,\s*|\s+(?:and|or)\s+)"
                        r"(?:(?:a|an|the)\s+)?['\"`]?\w+['\"`]?)*)", re.IGNORECASE)


def _value_for(tool: str, props: Props) -> list[Rule]:
    out: list[Rule] = []
    for own, schema in props.items():
        m = _VALUE_FOR.search(str(schema.get("description") or ""))
        if m is None or schema.get("type") not in ("boolean", *_NUMBER_TYPES):
            continue
        said = [w for w in re.findall(r"['\"`]?(\w+)['\"`]?", m.group(3)) if w.lower() not in ("a", "an", "the", "and", "or")]
        owners = [n for n in props if n != own and (m.group(2) in (None, n)) and said and all(v in _enum(props[n]) for v in said)]
        if len(owners) != 1 or (schema.get("type") == "boolean") != (m.group(1).lower() in ("true", "false")):
            continue
        raw = m.group(1).lower()
        target: Any = raw == "true" if raw in ("true", "false") else float(raw)
        out.extend(Rule("implies", own, (owners[0],), (v,), target) for v in said)
        if target is True and "default" not in schema:  # a red tag is issued on a fail, never on a pass
            out.extend(Rule("implies", own, (owners[0],), (v,), False) for v in _enum(props[owners[0]]) if v not in said)
    return out


# "Retainage withheld, percent; 0 on a retainage release" (set 47: a release still holding 10%): the value a
# number takes with a member a sibling's enum spells in words.
_VALUE_ON_MEMBER = re.compile(r"(?:^|[.;,])\s*(-?\d+(?:\.\d+)?)\s+(?:on|for|with|in)\s+(?:a|an|the)\s+"
                              r"([a-z][a-z -]{2,40}?)\s*(?:[.;]|$)", re.IGNORECASE)


# "Fee charged ..., e.g. 150.00. 0 when the fee is waived" beside a payment method `waived` (set 48:
# "by waived with a fee of 35").
_VALUE_WHEN = re.compile(r"(?:^|[.;,])\s*(-?\d+(?:\.\d+)?)\s+when\s+(?:the\s+|its\s+)?[a-z]+\s+(?:is|are|was)\s+"
                         r"([a-z][a-z -]{2,30}?)\s*(?:[.;,]|$)", re.IGNORECASE)


# "How the fee was paid; waived when the fee is 0" (set 48: a fee of 0 paid in cash): the member a
# number's value says.
_MEMBER_WHEN = re.compile(r"\b([a-z][a-z_]*) when (?:the |its )?([a-z][a-z ]{1,30}?) (?:is|are|was) (-?\d+(?:\.\d+)?)\b",
                          re.IGNORECASE)


def _value_on_member(tool: str, props: Props) -> list[Rule]:
    out = []
    for own, schema in props.items():
        m = _MEMBER_WHEN.search(str((schema or {}).get("description") or ""))
        number = _numeric_param(m[2], props) if m and m[1] in _enum(schema or {}) else None
        if m and number:
            out.append(Rule("implies", own, (number,), (float(m[3]),), m[1]))
    for own, schema in props.items():
        said = str((schema or {}).get("description") or "")
        m = _VALUE_ON_MEMBER.search(said) or _VALUE_WHEN.search(said)
        if m is None or (schema or {}).get("type") not in _NUMBER_TYPES:
            continue
        member = re.sub(r"[\s-]+", "_", m[2].strip().lower())
        owners = [n for n in props if n != own and member in [v.lower() for v in _enum(props[n])]]
        if len(owners) == 1:
            value = next(v for v in _enum(props[owners[0]]) if v.lower() == member)
            out.append(Rule("implies", own, (owners[0],), (value,), float(m[1])))
    return out


# "rejection_reason: Why the load was rejected" beside a flag `rejected` (set 47: a reason given for a load
# not marked rejected): a reason says the flag is set.
_WHY_DONE = re.compile(r"^\s*why (?:the|a|an|this) [a-z]+(?: [a-z]+)? (?:was|were|is|got) ([a-z]+ed)\b", re.IGNORECASE)


def _why_flagged(tool: str, props: Props) -> list[Rule]:
    out: list[Rule] = []
    for own, schema in props.items():
        m = _WHY_DONE.match(str((schema or {}).get("description") or ""))
        members = _enum(schema or {})
        flags = [n for n, sch in props.items() if (sch or {}).get("type") == "boolean" and m is not None
                 and m[1].lower() in n.lower().split("_")]
        if m is not None and members and len(flags) == 1:
            out.extend(Rule("implies", flags[0], (own,), (v,), True) for v in members)
    return out


# "Microchip number found by the scan ... Leave out when the scan found no chip" beside the flag
# `microchip_scanned` (set 48: chip numbers on animals recorded as never scanned): a value the act
# of a flag finds is given only when the flag is set.
_FINDS = re.compile(r"\b(?:found|finds|find|showed|shows|read|reads)\b", re.IGNORECASE)


def _found_by_flag(tool: str, props: Props) -> list[Rule]:
    out = []
    for flag, fs in props.items():
        words = flag.lower().split("_")
        done = [w for w in words if w.endswith("ed") and len(w) > 4]
        if (fs or {}).get("type") != "boolean" or len(done) != 1:
            continue
        stem = done[0][:-2]
        stem = stem[:-1] if len(stem) > 3 and stem[-1] == stem[-2] else stem  # "scanned": scan
        heads = set(words) - {done[0]}
        for name, sch in props.items():
            said = str((sch or {}).get("description") or "")
            if name != flag and (sch or {}).get("type") != "boolean" and heads & set(name.lower().split("_")) and \
                    re.search(rf"\b{re.escape(stem)}", said, re.IGNORECASE) and _FINDS.search(said):
                out.append(Rule("requires", name, (flag,)))
    return out


def _implies(tool: str, props: Props) -> list[Rule]:
    """"status 'contained' requires containment_pct 100" (in the tool's or a parameter's text)."""
    texts = [tool] + [str(s.get("description") or "") for s in props.values()]
    out = []
    for m in (m for t in texts for m in _IMPLIES.finditer(t)):
        field, subject = _name(m.group(1).lower(), props), _name(m.group(3), props)
        if field and subject and m.group(2) in _enum(props[field]) + [m.group(2)]:
            raw = m.group(4).lower()
            target: Any = raw == "true" if raw in ("true", "false") else float(raw)
            out.append(Rule("implies", subject, (field,), (m.group(2),), target))
    return out


_TOGETHER = re.compile(r"(?<!\bnot )(?<!\bnever )\b(?:give|set|send|provide|with|both) (\w+) and (\w+)\b", re.IGNORECASE)
# "(not both end_time and extend_hours)" (set 43: every change given both a shut-off time and an
# extension): at most one of the two.
_NOT_BOTH = re.compile(r"\b(?:not|never) both `?(\w+)`? and `?(\w+)`?", re.IGNORECASE)
# "Give northing and easting together" names `northing_usft` and `easting_usft` by their words (set 40:
# monuments recorded with an easting and no northing)
_SAID_TOGETHER = re.compile(r"\b(?:give|set|send|provide) (?:the )?([a-z]\w*) and (?:the )?([a-z]\w*) together\b", re.IGNORECASE)


def _together(tool: str, props: Props) -> list[Rule]:
    """"When racking ..., give rack_to_tank_id and volume_moved_l": both or neither."""
    out = []
    for m in _TOGETHER.finditer(tool):
        a, b = _name(m.group(1), props), _name(m.group(2), props)
        if a and b and a != b:
            out.append(Rule("together", a, (b,)))
    for m in _SAID_TOGETHER.finditer(tool):
        a, b = (_name(w, props) or _stemmed_param(w, props) for w in (m.group(1), m.group(2)))
        if a and b and a != b and not any(r.subject == a and r.others == (b,) for r in out):
            out.append(Rule("together", a, (b,)))
    for m in _NOT_BOTH.finditer(tool):
        a, b = _name(m.group(1), props), _name(m.group(2), props)
        out += [Rule("ways", a, (b,), target=((a,), (b,)))] if a and b and a != b else []
    return out


_SIGN = re.compile(r"\bnegative (\w+) for ([^.;]+)", re.IGNORECASE)


def _sign(tool: str, props: Props) -> list[Rule]:
    """"Use a negative quantity for usage, waste and downward corrections": the values named
    that belong to one enum make the subject negative, the enum's others positive."""
    out = []
    for m in _SIGN.finditer(tool + " " + " ".join(str(s.get("description") or "") for s in props.values())):
        # "a negative power" names `power_mw` when it is the one parameter with that word
        named = [n for n in props if m.group(1).lower() in re.split(r"[^a-z0-9]+", n.lower())]
        subject = _name(m.group(1), props) or (named[0] if len(named) == 1 else None)
        words = [w for w in re.split(r"[^\w]+", m.group(2).lower()) if w]
        owners = {o for w in words if (o := _owner_of(w, props, skip=subject or ""))}
        if subject and len(owners) == 1:
            owner = owners.pop()
            listed = tuple(v for v in _enum(props[owner]) if {v, v + "s"} & set(words))
            out.append(Rule("sign", subject, (owner,), listed))
    return out


# "DMG, SHR, EXP and RTV are negative only" (set 35: damage adjustments of +3): the values named
# make the one signed number of the call negative.
_ARE_NEGATIVE = re.compile(r"((?:['\"`]?[\w-]+['\"`]?(?:,\s*|\s+(?:and|or)\s+))*['\"`]?[\w-]+['\"`]?)\s+(?:are|is)\s+"
                           r"(?:always\s+)?negative\b", re.IGNORECASE)


def _are_negative(tool: str, props: Props) -> list[Rule]:
    signed = [n for n, s in props.items() if s.get("type") in _NUMBER_TYPES and not s.get("enum")
              and (s.get("minimum") is None or s["minimum"] < 0) and re.search(r"\bnegative\b", str(s.get("description") or ""))]
    out = []
    for m in (m for t in _texts(tool, props) for m in _ARE_NEGATIVE.finditer(t)):
        words = [w.strip("'\"`") for w in _LISTED.split(m.group(1)) if w.strip()]
        owners = {_owner_of(w, props) for w in words}
        owner = owners.pop() if len(owners) == 1 else None
        if len(signed) == 1 and owner is not None:
            out.append(Rule("sign", signed[0], (owner,), tuple(w for w in words if w in _enum(props[owner]))))
    return out


_FOR_VALUE = re.compile(r"^\s*(?:only )?for (\w+)\s*[:,]|\((?:only )?(?:required )?for (\w+)\b", re.IGNORECASE)


def _for_value(tool: str, props: Props) -> list[Rule]:
    """"For receipts: the PO being received": the subject goes with that enum value only."""
    out = []
    for name, schema in props.items():
        m = _FOR_VALUE.search(str(schema.get("description") or ""))
        word = (m.group(1) or m.group(2)).lower() if m else ""
        owner = _owner_of(word, props, skip=name) if word else None
        if owner:
            value = next(v for v in _enum(props[owner]) if v in {word, word.rstrip("s"), re.sub(r"ies$", "y", word)})
            out.append(Rule("only", name, (owner,), (value,)))
    return out


def _stem(word: str) -> str:
    """A word without its inflection: "awards", "awarded" -> "award"; "accepted" -> "accept"."""
    w = word.lower()
    for end in ("ings", "ing", "ed", "es", "s"):
        if w.endswith(end) and len(w) - len(end) >= 4:
            return w[: -len(end)]
    return w


def _values_named(word: str, props: Props, skip: str = "") -> tuple[str, tuple[str, ...]] | None:
    """The enum parameter and its values a word names by stem ("awards" names `awarded` and
    `partially_awarded` of `decision`; "accepted papers" names `accept`, `accept_with_shepherding`)."""
    w = word.lower()  # "Vehicles only: ..." names `vehicle` ("vehicl" + "es" is no stem of it; set 48)
    stems = {_stem(w), _stem(w[:-1])} if w.endswith("es") else {_stem(w)}
    stems |= {_stem(w[:-3])} if w.endswith("ers") and len(w) > 6 else set()  # "Renters only:" names `rent_house`
    for name, schema in props.items():
        hits = tuple(v for v in _enum(schema) if stems & {_stem(t) for t in re.split(r"[\W_]+", v) if t})
        if name != skip and hits:
            return name, hits
    return None


_DETERMINERS = frozenset({"the", "a", "an", "its", "their", "his", "her", "your", "this", "that"})
_ID_WORDS = frozenset({"id", "ids", "number", "no", "ref", "code", "key"})


def _named_params(phrase: str, props: Props) -> list[str]:
    """Parameters a prose phrase names: "the awarded amount and its currency" -> awarded_amount,
    currency (a phrase's words joined, or the one parameter whose name holds them all)."""
    out = []
    for part in re.split(r",|\band\b|\bor\b", phrase):
        words = [w for w in re.findall(r"[a-z0-9]+", part.lower()) if w not in _DETERMINERS]
        joined = "_".join(words)
        holders = [n for n in props if words and set(words) <= set(n.lower().split("_"))]
        name = joined if joined in props else holders[0] if len(holders) == 1 else None
        if name and name not in out:
            out.append(name)
    return out


# "For awards, the awarded amount and its currency are required"; "printer_id is required when
# output is printer"; "X and Y are required if mode = batch"
_FOR_KIND = re.compile(r"\bfor (\w+)(?: \w+)?\s*[,:]\s*([\w\s,']+?) (?:is|are) (?:required|mandatory|needed)",
                       re.IGNORECASE)
_SUBJECT_WHEN = re.compile(r"([\w\s,']+?) (?:is|are|must be) (?:required|mandatory|given|set) (?:when|if) (\w+)"
                           r"(?: is |\s*==?\s*)['\"`]?(\w+)['\"`]?((?:(?:,\s*|\s+or\s+|,\s*or\s+)['\"`]?\w+['\"`]?)*)",
                           re.IGNORECASE)


_ELLIPTIC_WHEN = re.compile(r";\s*([\w\s,']+?) (?:when|if) (\w+)(?: is |\s*==?\s*)['\"`]?(\w+)", re.IGNORECASE)


def _a_value_of(word: str, schema: dict[str, Any]) -> bool:
    """Whether `word` can be a value of the parameter: one its list holds, or any word of an open
    string ("is over 250,000" of an amount is a threshold, not a value)."""
    listed = _enum(schema)
    return word in listed if listed else schema.get("type") not in ("number", "integer", "float")


def _needed_for(tool: str, props: Props) -> list[Rule]:
    """A tool's prose making parameters go with some values of an enum, both ways: set for
    those values, left out for the others (no awarded amount on a declined grant)."""
    texts = [tool] + [str(s.get("description") or "") for s in props.values()]
    out: list[Rule] = []
    for text in texts:
        for m in _FOR_KIND.finditer(text):
            owned = _values_named(m.group(1), props)
            out.extend(Rule("needs", s, (owned[0],), owned[1]) for s in _named_params(m.group(2), props)
                       if owned and s != owned[0])
        said = list(_SUBJECT_WHEN.finditer(text))
        # "...; labor_hours and resolution_notes when status is completed": the rule said once, its
        # verb left out after it (set 30: completed work orders with no resolution notes)
        for m in [*said, *(_ELLIPTIC_WHEN.finditer(text) if said else ())]:
            other = _name(m.group(2), props)
            subjects = [s for s in _named_params(m.group(1).split(";")[-1], props) if s != other]
            # "cap_stamp is required when status is set or reset": 'set' of the status enum is a value
            # (set 40: new monuments with no cap stamp); every value listed
            listed = _enum(props[other]) if other else []
            more = tuple(w for w in re.findall(r"\w+", m.group(4) if m.re is _SUBJECT_WHEN else "") if w in listed)
            out.extend(Rule("needs", s, (other,), (m.group(3), *more)) for s in subjects
                       if other and len(subjects) <= 3 and (m.group(3).lower() not in _NO_VALUE or m.group(3) in listed)
                       and _a_value_of(m.group(3), props[other]))
    return out


# "(accepted papers only)", "accepted papers only", "applies to accepted submissions only",
# "only for accepted papers", "only applies to awards"
_ONLY_FOR = re.compile(r"\((\w+)(?: \w+)? only\)|\bapplies (?:only )?to (\w+)\b[^.;]*?\bonly\b|"
                       r"\bonly (?:applies )?(?:to|for) (\w+)|^\s*(\w+)(?: \w+)? only\b|"
                       r",\s*(\w+)(?: \w+)? only\s*(?=[,.]|$)", re.IGNORECASE)  # "..., dcd only, ISO 8601" (set 45)


def _only_for(tool: str, props: Props) -> list[Rule]:
    """A parameter that applies under some values of an enum only: left out under the others."""
    out: list[Rule] = []
    for name, schema in props.items():
        text = str(schema.get("description") or "")
        if text.count("(") > 1:  # "SEAT (~800 gal), scooper (water only)": glosses of its own values
            continue
        if (two := _two_members(text, props, name)) is not None:
            out.append(two)
        for m in _ONLY_FOR.finditer(text):
            word = next(g for g in m.groups() if g)
            owned = _values_named(word, props, skip=name)
            if owned and not any(r.subject == name for r in out):
                out.append(Rule("only", name, (owned[0],), owned[1]))
    return out


# "Real estate and vehicles: total owed on mortgages or loans" (set 48: a loan balance on cash): a
# description that opens on two members of one enum says what it is for those two only.
_TWO_MEMBERS = re.compile(r"^\s*([A-Za-z][\w -]{1,30}?) and ([A-Za-z][\w -]{1,30}?)(?: only)?\s*:")


def _two_members(text: str, props: Props, name: str) -> Rule | None:
    m = _TWO_MEMBERS.match(text)
    said = [_member_said(m[i].lower(), props, name) for i in (1, 2)] if m else []
    if len(said) == 2 and said[0] and said[1] and said[0][0] == said[1][0] and said[0][1] != said[1][1]:
        return Rule("only", name, (said[0][0],), (said[0][1], said[1][1]))
    return None


# "Give either ndc or ingredient_name, not both", "Give meter_id or block (4-digit block number),
# not both": exactly one of the two.
_EITHER = re.compile(r"\b(?:either|give|pass|send|provide|use|set) (?:either )?(?:an? |the )?`?(\w+)`?(?: \([^)]*\))? or "
                     r"(?:an? |the )?`?(\w+)`?(?: \([^)]*\))?,? (?:but )?not both\b", re.IGNORECASE)


def _either(tool: str, props: Props) -> list[Rule]:
    texts = [tool] + [str(s.get("description") or "") for s in props.values()]
    out = []
    for m in (m for t in texts for m in _EITHER.finditer(t)):
        a, b = _name(m.group(1), props), _name(m.group(2), props)
        if a and b and a != b:
            out.append(Rule("one_of", a, (b,)))
    for name, schema in props.items():  # "Game the room is for; give this or rental_id" (set 49: both given)
        this = _THIS_OR.search(str((schema or {}).get("description") or ""))
        other = _name(this.group(1), props) if this else None
        if other and other != name and not any({r.subject, *r.others} == {name, other} for r in out):
            out.append(Rule("one_of", name, (other,)))
    return out


_THIS_OR = re.compile(r"\b(?:give|pass|send|provide|use|set) this or (?:the )?`?(\w+)`?", re.IGNORECASE)


# "'reject' and 'hold' require comments", "Outcome 'completed' requires a post-treatment
# condition report id", "'fraud' revocations bar the household for a year and need a case note",
# "(reason 'hazard_or_obstruction', must cite the citation just issued)": quoted values of one
# enum that need a parameter set. A word between the quotes and the verb starts at a word start
# (the lookbehind): a word split anywhere backtracked for 30 s of CPU on one description.
_VALUES_REQUIRE = re.compile(r"((?:['\"`][\w-]+['\"`](?:\s*,\s*|\s+(?:and|or)\s+)?)+)(?:[\s,]*(?<![\w-])[\w-]+){0,14}?[\s,]*\b"
                             r"(?:requires?|needs?|must (?:cite|quote|give|include|carry|reference|state))\s+"
                             r"(?:an?\s+|the\s+)?([\w\s-]{2,60}?)(?=\s*(?:[.;,()]|$|\s(?:and|or|for|with|when|if)\s))",
                             re.IGNORECASE)


def _param_of(phrase: str, props: Props) -> str | None:
    """The parameter a phrase names: its words joined, or the one parameter of two or more words
    all in the phrase ("a post-treatment condition report id" -> post_treatment_report_id)."""
    named = _named_params(phrase, props)
    if len(named) == 1:
        return named[0]
    words = set(re.findall(r"[a-z0-9]+", phrase.lower()))
    holders = sorted((n for n in props if len(n.split("_")) >= 2 and set(n.lower().split("_")) <= words),
                     key=lambda n: -len(n.split("_")))  # the longest name the phrase spells ("treatment_id" is less)
    if len(holders) > 1 and len(holders[0].split("_")) == len(holders[1].split("_")):
        return None
    if holders:
        return holders[0]
    # "the citation just issued" names `citation_number`: an identifier by its entity's words
    named = [n for n in props if (own := set(n.lower().split("_")) - _ID_WORDS) and own <= words
             and own != set(n.lower().split("_"))]
    return named[0] if len(named) == 1 else None


def _values_require(tool: str, props: Props) -> list[Rule]:
    texts = [tool] + [str(s.get("description") or "") for s in props.values()]
    out: list[Rule] = []
    for m in (m for t in texts for m in _VALUES_REQUIRE.finditer(t)):
        values = tuple(re.findall(r"['\"`]([\w-]+)['\"`]", m.group(1)))
        owners = {_owner_of(v, props) for v in values}
        owner = owners.pop() if len(owners) == 1 else None
        subject = _param_of(m.group(2), props)
        if owner and subject and subject != owner and subject not in {r.subject for r in out}:
            out.append(Rule("if_value", subject, (owner,), values))
    return out


# "Result is pass, hold or reject; a hold or reject needs a note": values of one enum named as
# plain words (quoted ones are _values_require's) that need a parameter set.
_WORDS_REQUIRE = re.compile(r"\b(?:requires?|needs?|must (?:have|include|give|carry))\s+(?:an?\s+|the\s+)?"
                            r"([\w\s-]{2,40}?)(?=\s*(?:[.;,()]|$|\s(?:and|or|for|with|when|if)\s))", re.IGNORECASE)


def _stemmed_param(phrase: str, props: Props) -> str | None:
    """The one parameter whose name holds every word of `phrase` by stem ("a note" -> `notes`)."""
    words = {_stem(w) for w in re.findall(r"[a-z0-9]+", phrase.lower()) if w not in _DETERMINERS}
    found = [n for n in props if words and words <= {_stem(w) for w in n.lower().split("_")}]
    return found[0] if len(found) == 1 else None


def _words_require(tool: str, props: Props) -> list[Rule]:
    out: list[Rule] = []
    for clause in _clauses(tool, props):
        m = _WORDS_REQUIRE.search(clause)
        if m is None or re.search(r"['\"`]", clause[:m.start()]):
            continue
        subject = _param_of(m.group(1), props) or _stemmed_param(m.group(1), props)
        named = _values_in(clause[:m.start()], props, skip=subject or "") if subject else None
        if subject and named and subject not in {r.subject for r in out}:
            out.append(Rule("if_value", subject, (named[0],), named[1]))
            listed = [v for v in _enum(props[subject]) if re.search(rf"(?<![\w-]){re.escape(v)}(?![\w-])", clause[m.start():])]
            if listed:  # "underwater inspections need access_equipment dive_team, or boat ..." (set 39: 'none')
                out.append(Rule("pairs", subject, (named[0],), named[1], tuple(listed)))
    return out


def _quoted_values(text: str, props: Props) -> tuple[str, tuple[str, ...]] | None:
    """The one enum parameter whose values `text` quotes ("'reduced'", "'hold' and 'reject'")."""
    values = tuple(re.findall(r"['\"`]([\w-]+)['\"`]", text))
    owners = {_owner_of(v, props) for v in values}
    owner = owners.pop() if len(owners) == 1 else None
    return (owner, values) if owner and values else None


# "reduced_amount_usd is required with 'reduced' (and must be lower than the base fine) and
# forbidden otherwise", "surcharge is mandatory for 'express' and must not be sent otherwise"
_WITH_ONLY = re.compile(r"`?(\w+)`? (?:is|are) (?:required|mandatory|needed|expected) (?:with|for|when|on|under) "
                        r"((?:['\"`][\w-]+['\"`](?:\s*,\s*|\s+(?:and|or)\s+)?)+)(?:\s*\([^)]*\))?,? and (?:is |are )?"
                        r"(?:forbidden|not allowed|never (?:sent|given|set)|must not be (?:sent|given|set)|omitted|"
                        r"left out) otherwise", re.IGNORECASE)


def _forbidden_otherwise(tool: str, props: Props) -> list[Rule]:
    out = []
    for m in (m for t in _texts(tool, props) for m in _WITH_ONLY.finditer(t)):
        subject, owned = _name(m.group(1), props), _quoted_values(m.group(2), props)
        if subject and owned and owned[0] != subject:
            out.append(Rule("needs", subject, (owned[0],), owned[1]))
    return out


def _texts(tool: str, props: Props) -> list[str]:
    return [tool] + [str(s.get("description") or "") for s in props.values()]


# A parameter's own "Required for business accounts.": it belongs to that kind of call, set there
# and left out of the others (no business name on a resident's account); anywhere in it, the values
# of another enum listed ("P&S bond number, required for order_buyer, dealer and packer": set 25,
# dealers registered with no bond).
_REQUIRED_FOR = re.compile(r"(?P<opens>^\s*)?\b(?<!not )(?<!never )(?:required|mandatory|needed) (?:for|with|on) (?:an? |the )?"
                           r"(?P<said>(?:['\"`]?[\w-]+['\"`]?(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)?)+)", re.IGNORECASE)
_LISTED = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")
_ANY = frozenset({"all", "any", "every", "each", "both"})


def _required_for(tool: str, props: Props) -> list[Rule]:
    out = []
    for name, schema in props.items():
        for m in _REQUIRED_FOR.finditer(str(schema.get("description") or "")):
            said = [w.strip("'\"`") for w in _LISTED.split(m.group("said").strip()) if w.strip("'\"`")]
            owned = _values_named(said[0], props, skip=name) if m.group("opens") is not None and said \
                and said[0].lower() not in _ANY else None  # a kind said by a word: only as the opening
            owners = {_owner_of(w, props, skip=name) for w in said} if len(said) > 1 else set()
            if owners and len(owners) == 1 and None not in owners:
                owned = (str(owners.pop()), tuple(said))
            owned = owned or _kinds_listed(said, props, name)
            if owned:
                out.append(Rule("needs", name, (owned[0],), owned[1]))
                break
    for m in _NAMED_REQUIRED_FOR.finditer(tool):  # the tool's "related_detention_id is required for
        named = _name(m[1], props)  # jumped_detention and failed_repair_yard" (set 37)
        words = [w.strip("'\"`") for w in _LISTED.split(m["said"].strip()) if w.strip("'\"`")]
        whose = [_owner_of(w, props, skip=named or "") for w in words]
        said = words[:whose.index(None)] if None in whose else words  # (never "and must be")
        owners = set(whose[:len(said)])
        if named and said and len(owners) == 1 and None not in owners:
            out.append(Rule("needs", named, (str(owners.pop()),), tuple(said)))
        elif named and (kinds := _kinds_listed(words, props, named)):
            out.append(Rule("needs", named, (kinds[0],), kinds[1]))  # "sulfur_percent is required for oils and coal"
    return out


def _category(word: str) -> str:
    """A word that names a group of values by a word of theirs: "oils" -> "oil", "gaseous" -> "gas"."""
    word = word.lower()
    if word.endswith("eous"):
        return word[:-4]
    return word[:-2] if word.endswith(("ses", "xes")) else word[:-1] if word.endswith("s") and not word.endswith("ss") else word


# "ppm for NO, NOX, SO2 and CO; percent for CO2 and O2", the tool's "quantity_units must suit the fuel:
# scf or mscf for gaseous fuels, gallons for oils, tons for coal and wood" (set 41: natural gas in
# gallons, NO at 92 percent): values of one enum, each given for values of another, named or by a group word.
_SUITS = re.compile(r"`?\b([a-z][a-z0-9_]*)`? must (?:suit|match|fit|agree with|follow|go with) (?:the )?\w+[^:]*:\s*([^.]+)")


def _suits(tool: str, props: Props) -> list[Rule]:
    enums = {n: _enum(s) for n, s in props.items() if _enum(s)}
    texts = [(n, str(props[n].get("description") or "")) for n in enums]
    texts += [(m[1], m[2]) for m in _SUITS.finditer(tool) if m[1] in enums]
    out = []
    for name, text in texts:
        for clause in re.split(r";\s*", text):
            for own, whose in _given_for(clause):
                values = _own_values(re.sub(r"\s*\([^)]*\)", "", own), enums[name])
                named = _group_named(whose, enums, name)
                if values and named and (rule := Rule("pairs", name, (named[0],), named[1], values)) not in out:
                    out.append(rule)
    return out


# "result must be pass_with_modification or fail when max_usage_percent exceeds 105" (set 41: a fail at
# 21 percent, a pass with modification at 7.9): the values named above the threshold, the others at
# or below it.
_MUST_WHEN_OVER = re.compile(r"`?\b([a-z]\w*)`? must be `?(\w+)`?(?:,? or `?(\w+)`?)? (?:when|if|whenever) `?([a-z]\w*)`? "
                             r"(?:exceeds|is (?:above|over|more than|greater than)) (\d+(?:\.\d+)?)")


def _must_when_over(tool: str, props: Props) -> list[Rule]:
    out = []
    for m in (m for t in _texts(tool, props) for m in _MUST_WHEN_OVER.finditer(t)):
        subject, number = _name(m[1], props), _name(m[4], props)
        members = _enum(props[subject]) if subject else []
        above = tuple(v for v in (m[2], m[3]) if v and v in members)
        if not subject or not number or not above or props[number].get("type") not in _NUMBER_TYPES:
            continue
        threshold = float(m[5])
        low = float(props[number].get("minimum", 0))
        high = float(props[number].get("maximum", threshold * 2))
        rest = tuple(v for v in members if v not in above)
        out += [Rule("band_if", number, (subject,), above, (threshold, high))] if high > threshold else []
        out += [Rule("band_if", number, (subject,), rest, (low, threshold))] if rest and low < threshold else []
    return out


def _given_for(clause: str) -> list[tuple[str, str]]:
    """("scf or mscf (thousand scf)", "gaseous fuels"), ("gallons", "oils") ... of one clause."""
    parts = re.split(r"\s+for\s+", clause.strip().rstrip("."))
    out = []
    for i in range(1, len(parts)):
        own = parts[i - 1].rsplit(",", 1)[-1] if i > 1 else parts[0].rsplit(":", 1)[-1]
        whose = parts[i].rsplit(",", 1)[0] if i < len(parts) - 1 else parts[i]
        out.append((own.strip(), whose.strip()))
    return out


def _group_named(text: str, enums: dict[str, list[str]], skip: str) -> tuple[str, tuple[str, ...]] | None:
    """The one other enum every content word of `text` names values of (by value or group word)."""
    for other, values in enums.items():
        if other == skip:
            continue
        own_words = set(re.split(r"[\W_]+", other.lower()))
        found: list[str] = []
        for word in (w for w in re.findall(r"[A-Za-z0-9_]+", text) if w.lower() not in ("and", "or", "the", "all")):
            # a value said as it is first: "NO" is no word of NO_SO2_CO2_MIX
            hits = [v for v in values if v == word] or [v for v in values if _category(word) in v.lower().split("_")]
            if not hits and _category(word) not in own_words:
                found = []
                break
            found += [v for v in hits if v not in found]
        if found:
            return other, tuple(found)
    return None


_NAMED_REQUIRED_FOR = re.compile(r"`?\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b`? (?:is|are) (?:required|mandatory|needed) "
                                 r"(?:for|with|on) (?:an? |the )?(?P<said>(?:['\"`]?[\w-]+['\"`]?(?:,\s*(?:and\s+|or\s+)?|"
                                 r"\s+(?:and|or)\s+)?)+)")


def _kinds_listed(said: list[str], props: Props, skip: str) -> tuple[str, tuple[str, ...]] | None:
    """The one enum two or more listed words name, each by a value written with hyphens for its
    underscores or by a word of its values ("Required for stage and end-of-course checks": stage_1,
    stage_2, stage_3 and end_of_course of `check_type`; set 31: stage checks with no check
    instructor); None unless every word names values of the same parameter."""
    if len(said) < 2:
        return None
    found: dict[str, list[str]] = {}
    for word in said:
        key = word.lower().replace(" ", "-")
        keys = {key, _category(key)}  # "oils" of distillate_oil and residual_oil, "gaseous" of natural_gas (set 41)
        hits = {n: [str(v) for v in _enum(sch) if str(v).lower().replace("_", "-") == key or
                    keys & set(str(v).lower().split("_"))] for n, sch in props.items() if n != skip}
        hits = {n: vs for n, vs in hits.items() if vs}
        if len(hits) != 1:
            return None
        (name, values), = hits.items()
        found.setdefault(name, []).extend(values)
    return (next(iter(found)), tuple(found[next(iter(found))])) if len(found) == 1 else None


# "card_last4 only with method 'card'", "tip_pct is only allowed when mode is 'dine_in'"
_ONLY_WITH = re.compile(r"`?(\w+)`? (?:is |are )?(?:only|solely) (?:allowed |valid |accepted |used |sent |given )?"
                        r"(?:with|for|when|if|on) (?:(\w+) (?:is |= ?)?)?['\"`]([\w-]+)['\"`]", re.IGNORECASE)


def _only_with(tool: str, props: Props) -> list[Rule]:
    out = []
    for m in (m for t in _texts(tool, props) for m in _ONLY_WITH.finditer(t)):
        subject, named = _name(m.group(1), props), _name(m.group(2) or "", props)
        owner = named if named and m.group(3) in _enum(props[named]) else _owner_of(m.group(3), props, skip=subject or "")
        if subject and owner and owner != subject:
            out.append(Rule("only", subject, (owner,), (m.group(3),)))
    return out


# A parameter's own "...; only with the condition 'cost_exceeds_max'", "only with billing_method
# 'ifla_voucher'" (set 23: fees on answers that allow none, vouchers billed by invoice).
_OWN_ONLY_WITH = re.compile(r"(?:^|[;.,]\s*)only (?:with|for|when|if|on|under) (?:the |an? )?(?:(\w+) )?(?:(?:is|=) )?"
                            r"['\"`]([\w-]+)['\"`]", re.IGNORECASE)
# "Reason code. For 'unfilled' one of: 'in_use', 'not_owned'. For 'conditional' one of: ..."
_FOR_VALUE_LIST = re.compile(r"\bfor ['\"`]([\w-]+)['\"`],? (?:one of|any of|use|choose from):? "
                             r"((?:['\"`][\w-]+['\"`](?:,\s*|\s+or\s+|\s+and\s+)?)+)", re.IGNORECASE)


def _own_only(tool: str, props: Props) -> list[Rule]:
    out = []
    for name, schema in props.items():
        for m in _OWN_ONLY_WITH.finditer(str(schema.get("description") or "")):
            named = _name(m.group(1) or "", props)
            owner = named if named and m.group(2) in _enum(props[named]) else _owner_of(m.group(2), props, skip=name)
            owner = owner or next((n for n, sch in props.items() if n != name and re.search(
                rf"['\"`]{re.escape(m.group(2))}['\"`]", str(sch.get("description") or ""))), None)  # a code it quotes
            if owner and owner != name:
                out.append(Rule("only", name, (owner,), (m.group(2),)))
        for m in _OWN_ONLY_LISTED.finditer(str(schema.get("description") or "")):
            owner = _name(m.group(1), props)  # "Only with outcome recovered or recovered_with_sequelae" (set 36:
            said = re.split(r",\s*(?:or\s+)?|\s+or\s+", m.group(2))  # a resolution date of an event not recovered)
            if owner and owner != name and all(v in _enum(props[owner]) for v in said):
                out.append(Rule("only", name, (owner,), tuple(said)))
    return out


_OWN_ONLY_LISTED = re.compile(r"(?:^|[;.,]\s*)only (?:with|for|when|if) (?:the )?(\w+) (?:is )?([\w-]+(?:(?:,\s*(?:or\s+)?|\s+or\s+)"
                              r"[\w-]+)*)(?=\s*[.;,)]|$)", re.IGNORECASE)


def _lists_per_value(tool: str, props: Props) -> list[Rule]:
    """A parameter whose description lists its values per value of another enum: under 'unfilled'
    one of these, under 'conditional' one of those (set 23: 'in_use' given for a conditional answer)."""
    out = []
    for name, schema in props.items():
        for m in _FOR_VALUE_LIST.finditer(str(schema.get("description") or "")):
            owner = _owner_of(m.group(1), props, skip=name)
            listed = tuple(re.findall(r"['\"`]([\w-]+)['\"`]", m.group(2)))
            if owner and listed:
                out.append(Rule("pairs", name, (owner,), (m.group(1),), listed))
        out += _grouped_per_value(name, str(schema.get("description") or ""), props)
    return out


def _grouped_per_value(name: str, description: str, props: Props) -> list[Rule]:
    """"Allowed values depend on species: cattle: 'steers', 'heifers'; hogs: 'sows'" (set 25: hogs of
    class 'steers'): each label a member of one other enum, its quoted values the ones it allows."""
    groups = allowed.GROUP.findall(description)
    owners = {_owner_of(label, props, skip=name) for label, _ in groups}
    if len(groups) < 2 or len(owners) != 1 or None in owners:
        return []
    owner = owners.pop()
    assert owner is not None
    return [Rule("pairs", name, (owner,), (label,), tuple(re.findall(r"['\"`]([^'\"`]+)['\"`]", listed)))
            for label, listed in groups]


# "Meter fault ticket (MF-xxxxx) supporting a meter_malfunction claim": the parameter backs that
# one value of another enum and goes with it only.
_BACKING = re.compile(r"\b(?:support(?:ing|s)?|backing|to back) (?:an? |the )?['\"`]?(\w+_\w+)['\"`]?"
                      r"(?: (?:claim|case|request|ground|reason)s?)?\b", re.IGNORECASE)


def _backing(tool: str, props: Props) -> list[Rule]:
    out = []
    for name, schema in props.items():
        for m in _BACKING.finditer(str(schema.get("description") or "")):
            owner = _owner_of(m.group(1), props, skip=name)
            if owner:
                out.append(Rule("only", name, (owner,), (m.group(1),)))
    return out


# "Numeric tests (ph, potency, ...) take result_value; appearance and sterility take result_text":
# the values of one enum that a clause names go with the parameter it says they take, the others not.
_TAKE = re.compile(r"\b(?:take|takes|use|uses)\s+(?:an?\s+|the\s+)?`?(\w+)`?(?=[\s.;,)]|$)", re.IGNORECASE)


def _values_in(text: str, props: Props, skip: str = "") -> tuple[str, tuple[str, ...]] | None:
    """The one enum parameter whose values `text` names as whole words ("NS-1/NS-2", "category_1",
    "Government indemnity" for government_indemnity); one-letter values are never read."""
    low = text.lower()
    hits = {}
    for name, schema in props.items():
        found = tuple(v for v in _enum(schema) if len(v) > 1 and name != skip and any(
            re.search(rf"(?<![\w-])(?<!\d\.){re.escape(form)}(?![\w-])(?!\.\d)", low)  # "10" is not in "0.10%" (set 43)
            for form in {v.lower(), v.lower().replace("_", " ")}))
        if found:
            hits[name] = found
    if len(hits) > 1:  # the clause names its parameter: "sterile_category 'nonsterile'"
        hits = {n: v for n, v in hits.items() if re.search(rf"(?<!\w){re.escape(n.lower())}(?!\w)", low)} or hits
    return next(iter(hits.items())) if len(hits) == 1 else None


def _clauses(tool: str, props: Props) -> list[str]:
    return [c for t in _texts(tool, props) for c in re.split(r"(?<=[.;])\s+|;|\n", t) if c.strip()]


def _values_take(tool: str, props: Props) -> list[Rule]:
    out = []
    for clause in _clauses(tool, props):
        m = _TAKE.search(clause)
        if m is None:
            continue
        subject = _name(m.group(1), props)
        named = _values_in(clause[:m.start()], props, skip=subject or "") if subject else None
        if subject and named and not re.search(r"['\"`]", clause[:m.start()]):
            out.append(Rule("needs", subject, (named[0],), named[1]))
    return out


# "sterile_category 'nonsterile' only in NS-1/NS-2", "Government indemnity is only available to
# venues in the US (venue_country 'US')": some values of one parameter allow only some of another.
_ONLY_IN = re.compile(r"\bonly (?:(?:available|allowed|valid|used|made|permitted|possible) )?(?:in|at|with|for|to|on)\b",
                      re.IGNORECASE)
_PARAM_QUOTED = re.compile(r"`?(\w+)`?\s*(?:=\s*)?['\"`]([^'\"`]+)['\"`]")


def _pairs(tool: str, props: Props) -> list[Rule]:
    out = []
    for clause in _clauses(tool, props):
        m = _ONLY_IN.search(clause)
        left = _values_in(clause[:m.start()], props) if m else None
        if not m or not left:
            continue
        right = _values_in(clause[m.end():], props, skip=left[0])
        if right:
            out.append(Rule("pairs", right[0], (left[0],), left[1], right[1]))
            continue
        named = next(((n, v) for n, v in _PARAM_QUOTED.findall(clause[m.end():]) if _name(n, props) and n != left[0]),
                     None)
        if named:  # a value of an open parameter (a country): the closed side changes instead
            out.append(Rule("only_where", named[0], (left[0],), left[1], (named[1],)))
    return out


# "Voltage must fit the service type: residential and commercial single-phase services are 120/240
# V; commercial three-phase is 120/208 V or 277/480 V" (set 23): a clause that names values of one
# enum in words and writes values of another as they are pairs them.
_FIT_VERB = re.compile(r"\b(?:is|are|use|uses|take|takes|fits?|only|means?|gets?)\b", re.IGNORECASE)
_NOT_FIT = re.compile(r"\b(?:not|never|no|except|unless|nor|cannot|can't|isn't|aren't)\b", re.IGNORECASE)


def _words_of_value(value: str) -> tuple[str, ...]:
    return tuple(w for w in re.split(r"[\W_]+", value.lower()) if w)


def _named_in_words(clause: str, values: list[str]) -> list[str]:
    """The values of an enum a clause names in words: every word of the value ("commercial
    three-phase" for commercial_three_phase), or its first word alone standing for every value it
    opens where the clause says none of them whole ("residential" for both residential ones)."""
    said = set(_words_of_value(clause))  # a number is never named in words ("10" of a tolerance in "0.10%": set 43)
    whole = [v for v in values if _words_of_value(v) and set(_words_of_value(v)) <= said and re.search(r"[A-Za-z]", v)]
    heads = {_words_of_value(v)[0] for v in whole}
    grouped = [v for v in values if v not in whole and len(_words_of_value(v)) > 1 and _words_of_value(v)[0] in said
               and _words_of_value(v)[0] not in heads]
    return whole + grouped


def _listed_beside(clause: str, values: list[str], written: list[str]) -> list[str]:
    """Plain-word values listed with a written one ("in gal, qt or fl_oz"): units too (set 30:
    liquid chlorine allowed only in fl_oz)."""
    if not written:
        return []
    at = min(clause.find(v) for v in written)
    near = clause[max(0, at - 25):at]
    return [v for v in values if v.isalpha() and v not in written and
            re.search(rf"(?<![\w/.-]){re.escape(v)}\s*(?:,|\bor\b|\band\b)", near)]


def _values_fit(tool: str, props: Props) -> list[Rule]:
    enums = {n: _enum(s) for n, s in props.items() if s.get("enum")}
    fits: dict[tuple[str, str], dict[str, set[str]]] = {}
    for clause in _clauses(tool, props):
        if not _FIT_VERB.search(clause) or _NOT_FIT.search(clause):
            continue
        for kinds, kind_values in enums.items():
            named = _named_in_words(clause, kind_values)
            for other, other_values in enums.items():
                written = [v for v in other_values if other != kinds and not v.isalpha() and
                           re.search(rf"(?<![\w/.-]){re.escape(v)}(?![\w/-]|\.\d)", clause)]
                written += _listed_beside(clause, other_values, written) if other != kinds else []
                for value in named if written else []:
                    fits.setdefault((other, kinds), {}).setdefault(value, set()).update(written)
    out = []
    for (other, kinds), allowed_by in fits.items():
        by_target: dict[tuple[str, ...], list[str]] = {}
        for value, fit in allowed_by.items():
            by_target.setdefault(tuple(sorted(fit)), []).append(value)
        out += [Rule("pairs", other, (kinds,), tuple(values), target) for target, values in by_target.items()]
    return out


# "Route of administration. Bordetella may be intranasal or oral; the others are subcutaneous"
# (set 34: a lyme vaccine given intranasal): a parameter's own text gives the values that go with
# some values of another enum, named in words, and the value every other one takes.
_MAY_BE = re.compile(r"^\s*(?P<who>[\w /-]{2,60}?)\s+(?:may|can|must|should|is to|are to)?\s*(?:be|is|are|go|goes)\s+"
                     r"(?:given |done |used )?(?P<what>[\w-]+(?:(?:,\s*|\s+or\s+|,\s*or\s+)[\w-]+)*)\s*$", re.IGNORECASE)
_THE_OTHERS = re.compile(r"^\s*(?:the |all )?others?\s+(?:are|is|get|take|must be|should be|go)\s+(?:given\s+)?"
                         r"(?P<what>[\w-]+(?:(?:,\s*|\s+or\s+|,\s*or\s+)[\w-]+)*)\s*\.?\s*$", re.IGNORECASE)


def _own_values(listed: str, values: list[str]) -> tuple[str, ...] | None:
    """The enum values a list ("intranasal or oral") names, each one of `values`; None when a
    word is none of them."""
    words = [w for w in re.split(r",\s*(?:or\s+)?|\s+or\s+", listed.strip()) if w]
    found = tuple(next((v for v in values if v.lower() == w.lower()), "") for w in words)
    return found if words and all(found) else None


def _may_be(tool: str, props: Props) -> list[Rule]:
    enums = {n: _enum(s) for n, s in props.items() if s.get("enum")}
    out = []
    for name, values in enums.items():
        clauses = [c for c in re.split(r"[.;]\s*", str(props[name].get("description") or "")) if c.strip()]
        out += [r for c in clauses for r in _listed_in_turn(c, name, values, enums)]
        for i, clause in enumerate(clauses):
            m = _MAY_BE.match(clause)
            own = _own_values(m.group("what"), values) if m else None
            hits = [(o, named) for o, vs in enums.items() if o != name and m and
                    (named := _named_in_words(m.group("who"), vs))]
            if own is None or len(hits) != 1:
                continue
            other, named = hits[0]
            out.append(Rule("pairs", name, (other,), tuple(named), own))
            rest = _THE_OTHERS.match(clauses[i + 1]) if i + 1 < len(clauses) else None
            left = _own_values(rest.group("what"), values) if rest else None
            if left:
                out.append(Rule("pairs", name, (other,), tuple(v for v in enums[other] if v not in named), left))
    return out


# "Grease depth in the unit given, e.g. 2500 (microns) or 0.098 (inches)" (set 48: 0.108 recorded in
# microns, 13000 in inches): an example per value of the unit enum sets the scale under that value.
_NUMBER_FOR = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*\(([A-Za-z_]+)\)")


def _examples_per_member(tool: str, props: Props) -> list[Rule]:
    out = []
    for name, schema in props.items():
        if (schema or {}).get("type") not in _NUMBER_TYPES:
            continue
        said = [(float(n), _member_said(w.lower(), props, name)) for n, w in _NUMBER_FOR.findall(str(schema.get("description") or ""))]
        owners = {m[0] for _, m in said if m}
        if len(said) >= 2 and all(m for _, m in said) and len(owners) == 1:
            out += [Rule("band_if", name, (m[0],), (m[1],), (x / 100, x * 4)) for x, m in said if m and x > 0]
    return out


# "...; after cleaning, surfaces must be down to bare metal (no more than 50 microns, 0.002 in.)" (set 48:
# after-cleaning readings of 2,500 to 10,000 microns): a ceiling a clause opening on an enum's member
# gives the one number of the tool.
_MEMBER_CEILING = re.compile(r"^\s*([a-z][a-z_ ]{1,30}?)\b[^;.]*?\b(?:no more than|not more than|at most|up to|below|under)"
                             r"\s+(\d+(?:\.\d+)?)", re.IGNORECASE)


def _member_ceiling(tool: str, props: Props) -> list[Rule]:
    numbers = [n for n, sch in props.items() if (sch or {}).get("type") in _NUMBER_TYPES]
    if len(numbers) != 1:
        return []
    out = []
    for clause in re.split(r";\s*|(?<=[a-z)])\.\s+", tool):
        m = _MEMBER_CEILING.match(clause)
        if m is None or re.search(r"\bor (?:above|over|more than|greater than)\b", clause, re.IGNORECASE):
            continue  # "sodium below 120 or above 160": a limit each way, no band
        said = _member_said(m[1].split()[0].lower(), props, numbers[0])
        if said and float(m[2]) > 0:
            out.append(Rule("band_if", numbers[0], (said[0],), (said[1],), (0.0, float(m[2]))))
    return out


# "...per NFPA 96 Table 12.4: solid-fuel cooking (wood or charcoal) monthly; high-volume cooking (...)
# quarterly; moderate-volume cooking semi-annually; low-volume cooking (...) annually" (set 48: solid
# fuel on an annual schedule): a table in prose, one clause per value of one enum with the value of
# another it takes, three or more clauses in a row.
def _table_pairs(tool: str, props: Props) -> list[Rule]:
    enums = {n: _enum(s) for n, s in props.items() if s.get("enum")}
    if len(enums) < 2:
        return []
    out = []
    for text in [tool] + [str(s.get("description") or "") for s in props.values()]:
        clauses = [c for c in re.split(r";\s*|:\s+|\.\s+", re.sub(r"\([^()]*\)", " ", text)) if c.strip()]
        for row, col in itertools.permutations(enums, 2):
            found = [(_one_named(c, enums[row]), _one_named(c, enums[col])) for c in clauses]
            run = [(r, c) for r, c in found if r and c]
            if len(run) >= 3 and len({r for r, _ in run}) == len(run) and len({c for _, c in run}) == len(run):
                out += [Rule("pairs", col, (row,), (r,), (c,)) for r, c in run]
    return out


def _one_named(clause: str, values: list[str]) -> str | None:
    """The one value of an enum a clause names in words ("semi-annually" names `semi_annual`, not
    `annual`: the value of most words)."""
    words = set(_words_of_value(clause))
    words |= {w[:-2] for w in words if w.endswith("ly") and len(w) > 5}
    named = [v for v in values if _words_of_value(v) and set(_words_of_value(v)) <= words and re.search(r"[A-Za-z]", v)]
    named = [v for v in named if not any(o != v and set(_words_of_value(v)) < set(_words_of_value(o)) for o in named)]
    return named[0] if len(named) == 1 else None


# "Route of administration: DHPP, FVRCP and rabies are subcutaneous, bordetella intranasal or oral"
# (set 48: rabies given orally, FeLV intranasal): after a colon, values of another enum named in
# words, then this enum's values, then more of each in turn, the verb said once.
_ARE_LISTED = re.compile(r"^(?P<who>[\w ,/-]{2,80}?)\s+(?:are|is|must be|should be|go|get)\s+(?:given\s+)?(?P<rest>[\w ,/-]+?)\s*$",
                         re.IGNORECASE)


def _listed_in_turn(clause: str, name: str, values: list[str], enums: dict[str, list[str]]) -> list[Rule]:
    m = _ARE_LISTED.match(clause.split(":", 1)[1] if ":" in clause else "")
    if m is None:
        return []
    chunks = [c.strip() for c in re.split(r",\s*", m.group("rest")) if c.strip()]
    groups: list[tuple[str, tuple[str, ...]]] = []
    who = m.group("who")
    for chunk in chunks:
        own = _own_values(chunk, values)
        if own is not None and who:
            groups.append((who, own))
            who = ""
            continue
        words = chunk.split()
        split = next((i for i in range(1, len(words)) if _own_values(" ".join(words[i:]), values)), None)
        if split is None:
            return []
        groups.append((" ".join(words[:split]), _own_values(" ".join(words[split:]), values) or ()))
    out = []
    for said, own in groups:
        hits = [(o, named) for o, vs in enums.items() if o != name and (named := _named_in_words(said, vs))]
        if len(hits) != 1 or not own:
            return []
        out.append(Rule("pairs", name, (hits[0][0],), tuple(hits[0][1]), own))
    return out


# "Signal reports follow the mode: three-digit RST (e.g. '599', '579') for CW and RTTY, two-digit RS
# (e.g. '59', '57') for SSB, FM and AM" (set 24: "received 7" for an FT8 contact): examples given per
# value of an enum are the forms an open parameter takes with those values.
_EXAMPLES_FOR = re.compile(r"\((?:e\.g\.,?|for example,?|such as|like)\s*((?:['\"][^'\"]+['\"](?:,\s*|\s+or\s+|\s+and\s+)?)+)\)"
                           r"\s+(?:for|with|on|in)\s+(?:the\s+)?([^;:()]+?)(?=,\s+(?:and\s+)?(?:an?\s+|the\s+)?(?-i:[a-z])|;|\.(?:\s|$)|$)",
                           re.IGNORECASE)
_PLAIN = frozenset({"the", "a", "an", "in", "of", "for", "to", "and", "or", "with", "on", "by", "from", "is", "are",
                    "this", "that", "it", "its", "as", "each", "see", "tool", "description", "form", "uses", "use"})


def _content(text: str) -> set[str]:
    return {w.rstrip("s") for w in re.split(r"[\W_]+", text.lower()) if len(w) > 2 and w not in _PLAIN}


def _examples_per_value(tool: str, props: Props) -> list[Rule]:
    enums = {n: _enum(s) for n, s in props.items() if s.get("enum")}
    open_ = [n for n, s in props.items() if s.get("type") in (None, "string") and not s.get("enum")
             and "pattern" not in s and "format" not in s]
    out = []
    for sentence in (x for t in _texts(tool, props) for x in re.split(r"(?<=[^.\s]{2})\.\s+", t)):
        found = list(_EXAMPLES_FOR.finditer(sentence))
        if len(found) < 2:
            continue  # one form for some values says nothing of the others'
        lead = _content(sentence[:found[0].start()])
        subjects = [n for n in open_ if len(_content(str(props[n].get("description") or "")) & lead) >= 2]
        for m in found:
            forms = tuple(re.findall(r"['\"]([^'\"]+)['\"]", m.group(1)))
            for kinds, kind_values in enums.items():
                said = [v for v in kind_values if re.search(rf"(?<![\w-]){re.escape(v)}(?![\w-])", m.group(2), re.IGNORECASE)]
                out += [Rule("forms_for", subject, (kinds,), tuple(said), forms) for subject in subjects if said]
    return out


# "The frequency must lie inside the amateur band for the region (kHz): 160m 1800-2000, 80m
# 3500-4000, 40m 7000-7300, ..." (set 24: contacts at 98000 kHz): a number inside one of the ranges
# a sentence that names it lists, the one its label's value names where a parameter holds labels.
_LABELLED_RANGE = re.compile(r"(?<![\w.])([A-Za-z0-9][\w.]*)\s+(\d+(?:\.\d+)?)\s*(?:-|–|to)\s*(\d+(?:\.\d+)?)(?!\w|\.\d)")


def _in_ranges(tool: str, props: Props) -> list[Rule]:
    numbers = [n for n, s in props.items() if s.get("type") in _NUMBER_TYPES and not s.get("enum")]
    out = []
    for sentence in (x for t in _texts(tool, props) for x in re.split(r"(?<=[^.\s]{2})\.\s+", t)):
        ranges = tuple((m.group(1), float(m.group(2)), float(m.group(3))) for m in _LABELLED_RANGE.finditer(sentence))
        if len(ranges) < 3 or not re.search(r"\b(?:in|inside|within|between)\b", sentence):
            continue
        for name in numbers:
            thing = [w for w in name.lower().split("_") if w not in _UNIT_WORDS_OF_NAMES]
            lo, hi = props[name].get("minimum"), props[name].get("maximum")
            inside = all((lo is None or a >= lo) and (hi is None or b <= hi) and a < b for _, a, b in ranges)
            if thing and inside and re.search(rf"\b{re.escape(' '.join(thing))}\b", sentence, re.IGNORECASE):
                labels = next((n for n, sch in props.items() if sch.get("enum") and
                               {str(v) for v in sch["enum"]} <= {r[0] for r in ranges}), "")
                out.append(Rule("in_ranges", name, (labels,), (), ranges))
    return out + _own_ranges(props, numbers)


_LABELLED_CEILING = re.compile(r"(?<![\w.])([A-Za-z][\w.]*)\s+(?:under|below|less than|at most|up to)\s+(\d+(?:\.\d+)?)(?!\w|\.\d)")


def _own_ranges(props: Props, numbers: list[str]) -> list[Rule]:
    """A number whose own description gives a range per value of an enum, by those values' words
    ("Typical values: turbidity 0.02-0.15 NTU, free chlorine 0.8-2.5 mg/L, pH 7.0-8.2": set 26, a
    total coliform result of 0.1): inside the range of the call's value, where it has one."""
    out = []
    enums = {n: _enum(s) for n, s in props.items() if isinstance(s, dict) and s.get("enum")}
    for name in numbers:
        said = str(props[name].get("description") or "")
        found = [(m.group(1), float(m.group(2)), float(m.group(3))) for m in _LABELLED_RANGE.finditer(said)] + \
            [(m.group(1), 0.0, float(m.group(2))) for m in _LABELLED_CEILING.finditer(said)]
        for other, values in enums.items():
            ranges = tuple((v, a, b) for label, a, b in found if a < b for v in _glossed(label, values))
            if len({v for v, _, _ in ranges}) >= 3:
                out.append(Rule("in_ranges", name, (other,), (), ranges))
    return out


_NUMBER_TYPES = ("integer", "number", "float")
_UNIT_WORDS_OF_NAMES = frozenset({"khz", "mhz", "hz", "ghz", "m", "ft", "kg", "lb", "lbs", "km", "mi", "cm", "mm", "kw",
                                  "kva", "v", "amps", "a", "pct", "percent", "usd", "c", "f", "psi", "min", "max"})


def _fix_in_ranges(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """A number moved into the range its label's value names, else one picked by its own digits,
    at the same share of that range its digits give (reproducible, no draw spent)."""
    s, labels = rule.subject, rule.others[0]
    if s in keep:
        return
    old = _number(args.get(s)) or 0.0
    ranges = [r for r in rule.target if labels and r[0] == str(args.get(labels))] or list(rule.target)
    _, lo, hi = ranges[int(abs(old) * 10) % len(ranges)]
    value = lo + (hi - lo) * ((int(abs(old) * 100) % 997) / 997)
    places = max(len(f"{x:g}".partition(".")[2]) for _, a, b in rule.target for x in (a, b))
    args[s] = round(value) if isinstance(args.get(s), int) and not places else round(value, max(1, places))


# "an anticipatory batch (no rx_number) is allowed only for nonsterile preparations": without the
# subject, only those values; the other values need it.
_WITHOUT_ONLY = re.compile(r"\((?:no|without) `?(\w+)`?\)[^.;]*?\bonly (?:for|with|in|on) (?:an? |the )?(\w+)",
                           re.IGNORECASE)


def _without_only(tool: str, props: Props) -> list[Rule]:
    out = []
    for m in (m for t in _texts(tool, props) for m in _WITHOUT_ONLY.finditer(t)):
        subject = _name(m.group(1), props)
        owned = _values_named(m.group(2), props, skip=subject or "") if subject else None
        others = tuple(v for v in _enum(props[owned[0]]) if v not in owned[1]) if owned else ()
        if subject and owned and others:
            out.append(Rule("if_value", subject, (owned[0],), others))
    return out


# "actual_amount must be within ±5% of target_amount": the subject lies near the other.
_WITHIN = re.compile(r"`?(\w+)`? (?:must|should|has to|needs to) (?:be |lie |stay )?within (?:±|\+/-|plus or minus )?\s?"
                     r"(\d+(?:\.\d+)?)\s?(?:%|percent) of `?(\w+)`?", re.IGNORECASE)


def _within(tool: str, props: Props) -> list[Rule]:
    out = []
    for m in (m for t in _texts(tool, props) for m in _WITHIN.finditer(t)):
        subject, other = _name(m.group(1), props), _name(m.group(3), props)
        if subject and other and subject != other:
            out.append(Rule("near", subject, (other,), (), float(m.group(2)) / 100))
    return out


# "ISO7-CR must be at least +5 Pa; HD-BSC must be negative, between -2.5 and -7.5 Pa": a reading's
# band under one value of an enum, the reading named by its unit (`pressure_differential_pa`).
_BAND_BETWEEN = re.compile(r"\bbetween\s*([+-]?\d+(?:\.\d+)?)\s*(?:and|to)\s*([+-]?\d+(?:\.\d+)?)\s*([A-Za-z°%]+)")
_BAND_LEAST = re.compile(r"\bat least\s*\+?(\d+(?:\.\d+)?)\s*([A-Za-z°%]+)")


# "tach time is always lower than or equal to Hobbs time", "next_due_tach is greater than
# tach_at_compliance", "Must be at least the current reading" (a parameter's own text): one number
# of the call is at most another (set 23: tach above Hobbs in 13 of 25 check-ins).
_COMPARED = re.compile(r"(?:^|(?<=[.;:,]\s)|(?<=^\s))(?:the\s+)?([\w`' -]{2,40}?)\s+(?:is|are|must be|should be|has to be|"
                       r"needs to be)\s+(?:always\s+|never\s+)?(?:(?:above|below|over|under)\s+\()?(?:(lower|less|smaller|greater|higher|more|larger|"
                       r"later|earlier)\s+than\)?(?:\s+or\s+equal\s+to)?|(equal to or (?:lower|less|greater|higher|"
                       r"more) than)|(at (?:least|most)|no (?:more|less|greater|lower) than|not (?:more|less|greater|"
                       r"lower) than))\s+(?:the\s+|its\s+)?([\w`' -]{2,40}?)(?=[.;,(]|\s+(?:on|at|in|when|and|"
                       r"by|for|read)\b|$)", re.IGNORECASE)
# A parameter's own "...; at least the 95th percentile": a comparison whose subject is the parameter
# (set 26: a month's highest turbidity under its 95th percentile).
# "Planned max depth cannot exceed the site's water depth" (set 26: a dive planned to 170 fsw at a
# site 73 fsw deep) reads as "is at most"; a description opening so is its parameter's own.
_NOT_EXCEED = re.compile(r"\s+(?:cannot|can not|must not|may not|should not|shall not|does not|do not|never)\s+exceed\s+",
                         re.IGNORECASE)
_ITS_OWN = re.compile(r"(?:^\s*|(?<=[.;,]\s))(?=(?:at (?:least|most)|no (?:more|less|greater|lower) than|(?:greater|higher|"
                      r"lower|less|more|smaller|larger) than)\s)", re.IGNORECASE)
# "..., less than wet_mass_g and more than tare_mass_g" (set 42: a dry mass above the wet one): the
# second comparison has the same subject.
_AND_COMPARED = re.compile(r"\s+and\s+(?=(?:at (?:least|most)|no (?:more|less|greater|lower) than|(?:greater|higher|"
                           r"lower|less|more|smaller|larger) than)\s)", re.IGNORECASE)
# "Less negative than on_potential_mv" (set 36: an instant-off of -1266 mV beside an on potential of
# -867): of negative numbers, less negative is greater.
_NEGATIVE_SIDE = ((re.compile(r"\bless negative than\b", re.IGNORECASE), "greater than"),
                  (re.compile(r"\bmore negative than\b", re.IGNORECASE), "lower than"))
_LOWER_WORDS = ("lower", "less", "smaller", "earlier", "at most", "no more", "no greater", "not more", "not greater")


# "The feature's top must be above its base (smaller depth in cmbd)" (set 24: a pit's top at 108 cm,
# its base at 29): above and below said of depths, which grow downward, or of heights and elevations.
_ABOVE = re.compile(r"(?:^|(?<=[.;:,]\s))(?:the\s+)?([\w' -]{2,40}?)\s+(?:must|should|has to|needs to)\s+be\s+"
                    r"(above|below|deeper than|shallower than|higher than)\s+(?:its\s+|the\s+)?([\w' -]{2,40}?)"
                    r"(?=\s*[.;,(]|$)", re.IGNORECASE)


def _above_below(tool: str, props: Props) -> list[Rule]:
    out = []
    for m in (m for t in _texts(tool, props) for m in _ABOVE.finditer(t)):
        first = _numeric_param(re.sub(r"^.*'s\s+", "", m.group(1)), props)
        second = _numeric_param(m.group(3), props)
        if not first or not second or first == second:
            continue
        deep = all({"depth", "deep", "cmbd", "mbsf", "fbgs"} & set(n.lower().split("_")) for n in (first, second))
        up = m.group(2).lower() in ("above", "higher than")  # (set 32: "percent_after must be higher than
        lower = m.group(2).lower() in ("shallower than",) or up == deep  # percent_before" read as below it)
        out.append(Rule("below", first, (second,)) if lower else Rule("below", second, (first,)))
    return out


# "Lowest grade at which to cross; usually the source grade or one point below" (set 24: a crossover
# at grade 15 asking for at least 17): a parameter's own text puts it at or below another.
_USUALLY_BELOW = re.compile(r"\busually\s+(?:the\s+|its\s+)?([\w' -]{2,40}?)\s+or\s+(?:one|two|three|a few|\d+)\s+"
                            r"(?:points?|steps?|grades?|units?|levels?)\s+(below|lower|under|above|higher|over)\b", re.IGNORECASE)


def _usually_near(tool: str, props: Props) -> list[Rule]:
    out = []
    for own, schema in props.items():
        m = _USUALLY_BELOW.search(str(schema.get("description") or ""))
        other = _numeric_param(m.group(1), props) if m else None
        if m and other and other != own and (props.get(own) or {}).get("type") in _NUMBER_TYPES:
            below = m.group(2).lower() in ("below", "lower", "under")
            out.append(Rule("below", own, (other,)) if below else Rule("below", other, (own,)))
    return out


# "station_to must be after station_from", a parameter's own "End station, after station_from" (set 40:
# staking from 12+37.50 to 5+02.4): of two strings that read as numbers (stations), one after the other.
_AFTER_SAID = re.compile(r"\b`?([a-z]\w*)`? (?:must|should|has to|needs to) (?:be|come|lie) (after|before|beyond|past) "
                         r"(?:the )?`?([a-z]\w*)`?", re.IGNORECASE)
_OWN_AFTER = re.compile(r"(?:^|[,;]\s*)(?:it )?(?:must be |should be |is )?(after|before|beyond|past) (?:the )?`?([a-z]\w*)`?"
                        r"(?=\s*[,.;(]|$)", re.IGNORECASE)


def _read_as_numbers(schema: dict[str, Any]) -> bool:
    """Whether a string parameter's quoted examples all read as numbers ('10+00', '12+37.50')."""
    said = re.findall(r"'([^']+)'", str(schema.get("description") or ""))
    return schema.get("type") == "string" and bool(said) and all(_number(v) is not None for v in said)


def _stations_ordered(tool: str, props: Props) -> list[Rule]:
    found = [(m[1], m[2], m[3]) for t in _texts(tool, props) for m in _AFTER_SAID.finditer(t)]
    found += [(n, m[1], m[2]) for n, sch in props.items() if (m := _OWN_AFTER.search(str(sch.get("description") or "")))]
    out: list[Rule] = []
    for first, said, second in found:
        a, b = _name(first, props), _name(second, props)
        if a and b and a != b and all(_read_as_numbers(props[n]) for n in (a, b)):
            rule = Rule("below", b, (a,)) if said.lower() in ("after", "beyond", "past") else Rule("below", a, (b,))
            out += [rule] if rule not in out else []
    return out


# "Give station_from and station_to for linear work (curb_and_gutter, storm_sewer, ...); building_corners
# and lot_corners take neither" (set 40: stations on building corners): set for the values listed, else left out.
_GIVE_FOR_LISTED = re.compile(r"\b(?:give|send|set|provide|include) (?:the )?`?([a-z]\w*)`?(?: and (?:the )?`?([a-z]\w*)`?)? "
                              r"(?:only )?for [\w\s-]{0,40}?\(([^)]+)\)", re.IGNORECASE)


def _give_for_listed(tool: str, props: Props) -> list[Rule]:
    out = []
    for m in (m for t in _texts(tool, props) for m in _GIVE_FOR_LISTED.finditer(t)):
        values = [w.strip(" '\"`") for w in _LISTED.split(m[3]) if w.strip(" '\"`")]
        owners = {_owner_of(v, props) for v in values}
        owner = owners.pop() if len(owners) == 1 else None
        if owner is None or not all(v in _enum(props[owner]) for v in values):
            continue
        out += [Rule("needs", n, (owner,), tuple(values)) for w in (m[1], m[2]) if w and (n := _name(w, props))
                and n != owner]
    return out


def _compared(tool: str, props: Props) -> list[Rule]:
    """One number parameter at most another, both named by their words in the tool's text or
    the subject's own ("Must be at least depth_start_ft_md"); "below" rules: subject <= other."""
    out = []
    tool = _BARE_COMPARED.sub(lambda m: f". {m[1]} is {'less' if m[2].lower() in ('below', 'under') else 'greater'} "
                              f"than {m[3]}.", tool)  # "(plastic_limit below liquid_limit)" (set 42)
    texts = [(_NOT_EXCEED.sub(" is at most ", tool), None)] + [(_own_comparison(str(s.get("description") or "")), n)
                                                              for n, s in props.items()]
    for text, own in texts:
        for m in _COMPARED.finditer(text):
            said = (m.group(2) or m.group(3) or m.group(4) or "").lower()
            first = _numeric_param(m.group(1), props) or (own if own and m.group(1).lower().strip() in
                                                          ("it", "this", "value", "this value") else None)
            second = _numeric_param(m.group(5), props) if not re.match(r"\s*\d+(?:[.,]\d+)?(?:\s|$)", m.group(5)) else None  # "at most
            if own and first is None and m.start() == 0:  # 168 hours later" is a bound, no `duration_hours` (set 43)
                first = own
            if (share := _share_of(m.group(5), props)) is not None:
                if first and first != share[0]:
                    lower = any(said.startswith(w) or f" {w}" in f" {said}" for w in _LOWER_WORDS)
                    out.append(Rule("share", first, (share[0],), ("most" if lower else "least",), share[1]))
                continue
            if first and second and first != second and (props.get(first) or {}).get("type") in _NUMBER_TYPES:
                lower = any(said.startswith(w) or f" {w}" in f" {said}" for w in _LOWER_WORDS)
                strict = ("strict",) if m.group(2) and "or equal" not in m.group(0).lower() else ()
                rule = Rule("below", first, (second,), strict) if lower else Rule("below", second, (first,), strict)
                out += [rule] if rule not in out else []
    return out


# "The down payment is at least one third of the premium" (set 48: read as "at least the premium",
# down payments of 7,006.30 on a premium of 7,000): a share of another number, never the number.
_SHARE = re.compile(r"^\s*(?:(one|a|two|three)\s+(half|thirds?|quarters?|fourth|fifths?|tenths?)|(\d+(?:\.\d+)?)\s*"
                    r"(?:%|percent))\s+of\s+(?:the\s+|its\s+)?(.+)$", re.IGNORECASE)
_PARTS = {"half": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4, "fifth": 5, "fifths": 5,
          "tenth": 10, "tenths": 10}


def _share_of(phrase: str, props: Props) -> tuple[str, float] | None:
    """The number a share names and the share ("one third of the premium": premium, 1/3)."""
    m = _SHARE.match(phrase)
    if m is None:
        return None
    share = float(m[3]) / 100 if m[3] else (2.0 if m[1].lower() == "two" else 3.0 if m[1].lower() == "three"
                                            else 1.0) / _PARTS[m[2].lower()]
    other = _numeric_param(m[4], props)
    return (other, share) if other and 0 < share <= 1 else None


def _share_broken(rule: Rule, args: dict[str, Any]) -> bool:
    a, b = _number(args.get(rule.subject)), _number(args.get(rule.others[0]))
    if a is None or b is None or not isinstance(rule.target, float):
        return False
    bound = rule.target * b
    return a < bound - 0.005 if rule.values == ("least",) else a > bound + 0.005


def _fix_share(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """A share off its bound comes inside it: "at least a third" a little over a third (0.43 of the
    whole), "at most a tenth" a little under (0.8 of the tenth)."""
    b = _number(args.get(rule.others[0]))
    if rule.subject in keep or b is None or not isinstance(rule.target, float):
        return
    f = rule.target
    value = b * (f + (1 - f) * 0.15 if rule.values == ("least",) else f * 0.8)
    if abs(b) >= 100:  # money and counts of hundreds: a round ten ("a down payment of 2,950")
        value = 10 * (math.ceil(value / 10) if rule.values == ("least",) else math.floor(value / 10))
    args[rule.subject] = round(value) if isinstance(args.get(rule.subject), int) or abs(b) >= 100 else round(value, 2)


_BARE_COMPARED = re.compile(r"\(\s*`?([a-z]\w*_\w*)`?\s+(below|under|above|over)\s+`?([a-z]\w*_\w*)`?\s*\)", re.IGNORECASE)


def _own_comparison(description: str) -> str:
    """A parameter's description with its comparisons given a subject: "Must be at least x" and
    "Cannot exceed x" open with "It"; "...; at least x" is "...; It is at least x"."""
    text = _NOT_EXCEED.sub(" is at most ", f" {description}").strip()
    for said, meant in _NEGATIVE_SIDE:
        text = said.sub(meant, text)
    # "Rating of the main breaker in amps; not above main_panel_amps" (set 31: a 175 A breaker on a 125 A panel)
    text = re.sub(r"\bnot (?:above|over|higher than)\b", "at most", text, flags=re.IGNORECASE)
    text = re.sub(r"\bnot (?:below|under|lower than)\b", "at least", text, flags=re.IGNORECASE)
    # "Plastic limit in per cent water content, below liquid_limit" (set 42: a plastic limit over the liquid one)
    text = re.sub(r"(?<=[,;]\s)(below|under|above|over)\s+(?=`?[a-z]+_[a-z_]+`?\s*[.;,]?\s*$)",
                  lambda m: "less than " if m[1].lower() in ("below", "under") else "greater than ", text, flags=re.IGNORECASE)
    # "...; must not exceed static_psi", "...; must be greater than suction_psi": a clause of its own too
    # (set 40: a residual pressure above the static one, a discharge under the suction)
    text = re.sub(r"(?:^|(?<=[.;]\s))(?=is at most\b)", "It ", text)
    text = re.sub(r"(?:^\s*|(?<=[.;]\s))(?=(?:must|should|has to|needs to) be\b)", "It ", text, flags=re.IGNORECASE)
    return _ITS_OWN.sub("It is ", _AND_COMPARED.sub("; ", text))


# "Give at least one of title, author, isbn, issn or oclc_number" (set 23: WorldCat searched with no
# search term at all in 22 of 60 rows): a search needs one of them.
_AT_LEAST_ONE = re.compile(r"\b(?:(?:give|provide|pass|supply|specify|set|include|use)\s+)?at least one of\s+"
                           r"(?:the\s+)?([\w`', ]+?(?:\s+(?:or|and)\s+[\w`']+))(?:\s+(?:is|are|must)\b|[.;:(]|$)",
                           re.IGNORECASE)


# "Either plant_id or sampling_point_id must be given" (set 26: 40 lab searches with neither).
_EITHER_GIVEN = re.compile(r"\beither (?:an? |the )?`?(\w+)`? or (?:an? |the )?`?(\w+)`? (?:must|should|has to|needs to) be "
                           r"(?:given|set|provided|passed|specified|sent|included)\b|\beither (?:an? |the )?`?(\w+)`? or "
                           r"(?:an? |the )?`?(\w+)`? is required\b", re.IGNORECASE)


def _any_of(tool: str, props: Props) -> list[Rule]:
    out = []
    for m in (m for t in _texts(tool, props) for m in _EITHER_GIVEN.finditer(t)):
        a, b = _name(m.group(1) or m.group(3), props), _name(m.group(2) or m.group(4), props)
        if a and b and a != b:
            out.append(Rule("any_of", a, (b,)))
    for m in (m for t in _texts(tool, props) for m in _AT_LEAST_ONE.finditer(t)):
        named = [_name(w, props) for w in re.split(r",\s*|\s+or\s+|\s+and\s+", m.group(1))]
        found = list(dict.fromkeys(n for n in named if n))
        if len(found) >= 2 and len(found) == len(named):
            out.append(Rule("any_of", found[0], tuple(found[1:])))
    filters = [n for n, sch in props.items() if "default" not in sch]  # "Give at least one filter": any of
    if _ANY_FILTER.search(tool) and len(filters) >= 2:  # them, never a search of everyone (set 32)
        out.append(Rule("any_of", filters[0], tuple(filters[1:])))
    return out


# "Give a station_id, a charge_point_id or an id_tag (at least one).", "Give either a city or a
# latitude/longitude pair", "Give at least one of lot_number, lpn or location together with the
# sku", "Give either a zone or a list of locations" (set 35: 33 searches and holds with none).
_GIVE_LIST = re.compile(r"(?:^|[.;]\s+)(?:give|provide|pass|send|specify|supply)\s+(?P<either>either\s+)?(?:at least one of\s+)?"
                        r"(?P<list>[^.;()]+?\s+or\s+[^.;()]+?)(?:\s*\((?P<paren>[^)]*)\))?(?=\s+together with\b|\s*[.;]|$)",
                        re.IGNORECASE)
_ITEM_ARTICLE = re.compile(r"^(?:(?:an?|the|one|some)\s+)?(?:list of\s+|set of\s+)?", re.IGNORECASE)


# An aside inside a list of ways ("or the ship name (optionally with the flag state), or the call
# sign") and a closing "or both" say nothing of which ways there are (set 37: ship searches by type alone).
_ASIDE = re.compile(r"\s*\((?:optionally|optional|e\.g\.|for example|if |when )[^)]*\)", re.IGNORECASE)
_OR_BOTH = re.compile(r",?\s+or\s+both(?=\s*[.;]|$)|\s*\(or both\)(?=,\s*or\s)", re.IGNORECASE)  # "X or Y (or both), or Z"


def _give_list(tool: str, props: Props) -> list[Rule]:
    out = []
    texts = [_OR_BOTH.sub("", _ASIDE.sub("", _unnamed_asides(t, props))) for t in _texts(tool, props)]
    for m in (m for t in texts for m in _GIVE_LIST.finditer(t)):
        if re.search(r"\bnot both\b", m["paren"] or "") or re.search(r"\bnot both\b", m["list"]):
            continue
        listed = re.sub(r",?\s+(?:with|plus)\s+(?:an?\s+)?optional\b.*$", "", m["list"])  # ", with an optional date
        whole = re.search(r",?\s*(?:or\s+)?all of\s+(.+)$", listed)  # range" is no way (set 43)
        if whole:  # "Give anomaly_id ..., or all of depth_pct, length_in and smys_psi for a manual
            listed = listed[:whole.start()]  # calculation" (set 36: half a manual calculation): one item, all of them
        items = [_ITEM_ARTICLE.sub("", w.strip()) for w in re.split(r",\s*(?:or\s+)?|\s+or\s+", listed) if w.strip()]
        withs = [_with_item(w, props) for w in items]  # "state with county": the state needs the county (set 36)
        groups = [w[:1] if w else _given_item(item, props) for w, item in zip(withs, items, strict=True)]
        if whole:
            groups.append([n for w in re.split(r",\s*|\s+and\s+", re.sub(r"\s+(?:for|to)\s.*$", "", whole[1]))
                           if (n := _name(w.strip(" `'\""), props))])
        if [bool(g) for g in groups].count(False) == 1 and m["paren"]:  # "or an ETA window (eta_from together
            paren = [_name(w.strip(" `'\""), props) for w in re.split(r"\s+(?:together with|with|and)\s+|/|,\s*", m["paren"])]
            groups = [g or [p for p in paren if p] for g in groups]  # with eta_to)": the window's ends (set 36)
        missing = [item for g, item in zip(groups, items, strict=False) if not g]
        if len(groups) >= 2 and len(missing) == len(groups) - 1 and all(re.fullmatch(r"`?[a-z]+(?:_[a-z]+)+`?", i)
                                                                       for i in missing):
            kept = next(g[0] for g in groups if g)  # "Give project_number or lab_sample_id" where the schema has no
            out.append(Rule("any_of", kept, (kept,)))  # lab_sample_id: the one it has (set 42: 25 searches of nothing)
        if len(groups) < 2 or any(not g for g in groups):
            continue
        heads = [g[0] for g in groups]
        if len(set(heads)) != len(heads):
            continue
        out += [Rule("together", g[0], (x,)) for g in groups for x in g[1:]]
        out += [Rule("requires", w[0], (w[1],)) for w in withs if w]
        exact = m["either"] and len(heads) == 2 and not re.search(r"\bat least\b", m["paren"] or "")
        if exact:  # "either a city or a latitude/longitude pair": the city, or both coordinates
            out += [Rule("one_of", a, (b,)) for a in groups[0] for b in groups[1]]
        else:
            out.append(Rule("any_of", heads[0], tuple(heads[1:])))
    return out


# "Give parcel_number; or owner_name with county; or township, range and section together (with county)"
# (set 40: parcel searches by a lone range or a section with nothing else): ways apart by "; or", a way
# of several parameters given whole, the ones "with" it beside.
_WAYS = re.compile(r"(?:^|[.;]\s+)(?:give|provide|pass|send|specify|supply|search by)\s+([^.;]+(?:;\s*or\s+[^.;]+)+)",
                   re.IGNORECASE)


def _give_ways(tool: str, props: Props) -> list[Rule]:
    out: list[Rule] = []
    for m in (m for t in _texts(tool, props) for m in _WAYS.finditer(t)):
        ways: list[tuple[list[str], list[str]]] = []
        for way in re.split(r";\s*or\s+", m[1]):
            way = re.sub(r"\s+together\b", "", way)
            beside = re.findall(r"\((?:with|plus|and)\s+([^)]+)\)|\s(?:together with|with|plus)\s+(.+)$", way)
            way = re.sub(r"\s*\([^)]*\)|\s(?:together with|with|plus)\s+.+$", "", way)
            own = [_name(w.strip(" `'\""), props) for w in _LISTED.split(_ITEM_ARTICLE.sub("", way.strip())) if w.strip()]
            besides = [_name(w.strip(" `'\""), props) for b in beside for w in _LISTED.split(b[0] or b[1]) if w.strip()]
            if not own or not all(own) or not all(besides):
                ways = []
                break
            ways.append(([str(n) for n in own], [str(n) for n in besides]))
        heads = [w[0][0] for w in ways]
        if len(ways) < 2 or len(set(heads)) != len(heads):
            continue
        out.append(Rule("any_of", heads[0], tuple(heads[1:])))
        out.append(Rule("ways", heads[0], tuple(heads[1:]), target=tuple(tuple(own) for own, _ in ways)))
        out += [Rule("together", own[0], (x,)) for own, _ in ways for x in own[1:]]
        out += [Rule("requires", own[0], (x,)) for own, besides in ways for x in besides if x not in own]
    return out


def _with_item(item: str, props: Props) -> list[str]:
    """The two parameters of an item "X with Y" ("the insured's last name with the state"), [] else."""
    joined = re.split(r"\s+(?:together with|with|plus)\s+", item.strip())
    named = [_given_item(_ITEM_ARTICLE.sub("", w), props) for w in joined]
    return [n[0] for n in named] if len(joined) == 2 and all(len(n) == 1 for n in named) else []


def _unnamed_asides(text: str, props: Props) -> str:
    """`text` without the asides that name no parameter: "Give either driver_id (the segment is proposed to
    that driver, who must accept it) or an annotation ..." (set 44: segments resolved with neither)."""
    def cut(m: re.Match[str]) -> str:
        named = any(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", m[0]) for n in props)
        return m[0] if named or re.search(r"\b(?:together|or both|not both|at least)\b", m[0]) else ""

    return re.sub(r"\s*\([^()]*\)", cut, text)


def _given_item(item: str, props: Props) -> list[str]:
    """The parameters one item of a "give X or Y" list names: "station_id", "a city", "a list of
    locations", "a latitude/longitude pair" (both); [] when it names none."""
    item = re.sub(r"\s+(?:pair|together|both)$", "", item.strip().strip("`'\""))
    both = re.fullmatch(r"both\s+`?(\w+)`?\s+and\s+`?(\w+)`?", item)  # "or both coarse_tap and fine_tap" (set 36:
    if both and _name(both[1], props) and _name(both[2], props):  # a current sent with a lone coarse tap)
        return [str(_name(both[1], props)), str(_name(both[2], props))]
    if "/" in item:
        parts = [_name(w, props) or _param_of(w, props) for w in item.split("/")]
        return [p for p in parts if p] if all(parts) else []
    words = item.split()  # "a street address" is `address`, whose own text opens "Street address" (set 40)
    named = _name(item.replace(" ", "_"), props) or _name(item, props) or \
        (_name(words[0], props) if len(words) >= 3 else None) or _param_of(item, props)  # "annotation explaining why
    # no driver is responsible" names `annotation`, never `driver_id` (set 44)
    if named is None and len(words) >= 2 and (head := _name(words[-1], props)) and \
            str(props[head].get("description") or "").lower().startswith(item.lower()):
        named = head
    pair = [_name(w, props) or _param_of(w, props) for w in item.split(" and ")] if " and " in item else []
    if len(pair) == 2 and all(pair):  # "a canal and lateral": the two together (set 43)
        return [str(p) for p in pair]
    if named is None and len(words) >= 2 and _name(words[-1].lower(), props):  # "a parcel APN": `apn`
        named = _name(words[-1].lower(), props)
    if named is None and len(words) >= 2 and "and" not in words:  # "the totalizer reading, or an instantaneous flow": the one name that
        led = [n for n in props if words[0].lower() in n.lower().split("_")]  # shares the item's first word (set 43)
        named = led[0] if len(led) == 1 and len(words[0]) > 3 else None
    return [named] if named else []


_ANY_FILTER = re.compile(r"\b(?:give|pass|provide|set|use|requires?|needs?) at least one (?:filter|criterion|search field|"
                         r"search parameter|parameter|field)\b|\bat least one (?:filter|criterion) (?:is |must be )?(?:required|"
                         r"given|set)\b", re.IGNORECASE)


def _numeric_param(phrase: str, props: Props) -> str | None:
    name = _name(phrase.strip().strip("`'"), props) or _param_of(phrase, props)
    if name is None:  # "Hobbs time" names `hobbs_in` when it is the one hobbs parameter
        words = [w for w in re.findall(r"[a-z0-9]+", phrase.lower()) if w not in _FILLER]
        named = [n for n in props if words and set(words) & set(n.lower().split("_"))
                 and (props[n] or {}).get("type") in ("number", "integer", "float")]
        # "static pressure" is static_psi, never return_to_static_seconds (set 40): the words the name shares,
        # a quantity its unit measures counted too; a tie names none ("two months' rent": term or rent?)
        score = sorted(((-_shared(words, n), n) for n in named), key=lambda x: x[0])
        name = score[0][1] if len(score) == 1 or score and score[0][0] < score[1][0] else None
    return name if name and (props.get(name) or {}).get("type") in ("number", "integer", "float") else None


_FILLER = frozenset({"the", "a", "an", "its", "time", "value", "values", "current", "of", "at", "in"})
_MEASURED_IN = {"pressure": {"psi", "psig", "kpa", "bar"}, "temperature": {"f", "c", "degf", "degc"},
                "depth": {"ft", "m", "in", "cm", "mm"}, "length": {"ft", "m", "in", "mi", "km"},
                "weight": {"lb", "lbs", "kg", "tons"}, "flow": {"gpm", "lps", "cfs"}, "dose": {"mrem", "rem", "msv"}}


def _shared(words: list[str], name: str) -> int:
    own = set(name.lower().split("_"))
    return len(set(words) & own) + sum(bool(_MEASURED_IN.get(w, set()) & own) for w in words)


def _by_unit(unit: str, props: Props) -> str | None:
    unit = unit.lower().strip("°")
    named = [n for n, s in props.items() if s.get("type") in ("number", "integer", "float")
             and n.lower().split("_")[-1] == unit]
    return named[0] if len(named) == 1 else None


def _band_if(tool: str, props: Props) -> list[Rule]:
    out = []
    for clause in _clauses(tool, props):
        between, least = _BAND_BETWEEN.search(clause), _BAND_LEAST.search(clause)
        if between:
            lo, hi = sorted((float(between.group(1)), float(between.group(2))))
            unit, at = between.group(3), between.start()
        elif least and float(least.group(1)) > 0:
            lo, hi = float(least.group(1)), float(least.group(1)) * 3
            unit, at = least.group(2), least.start()
        else:
            continue
        subject, named = _by_unit(unit, props), _values_in(clause[:at], props)
        if subject and named and named[0] != subject:
            out.append(Rule("band_if", subject, (named[0],), named[1], (lo, hi)))
    return out


# A number's own "At least 10 for electric and 30 for diesel drivers" (set 40: a diesel pump run 11 minutes):
# a floor per value of another enum, up to the number's own maximum.
_LEAST_FOR = re.compile(r"\bat least (\d+(?:\.\d+)?) for (\w+)((?:(?:,| and|, and) (\d+(?:\.\d+)?) for (\w+))*)", re.IGNORECASE)


def _least_per_value(tool: str, props: Props) -> list[Rule]:
    out = []
    for name, schema in props.items():
        m = _LEAST_FOR.search(str(schema.get("description") or ""))
        if m is None or schema.get("type") not in _NUMBER_TYPES:
            continue
        pairs = [(m[1], m[2]), *re.findall(r"(\d+(?:\.\d+)?) for (\w+)", m[3] or "")]
        owners = {_owner_of(v, props, skip=name) for _, v in pairs}
        owner = owners.pop() if len(owners) == 1 else None
        top = _number(schema.get("maximum"))
        if owner is None or top is None:
            continue
        values = {v: next(e for e in _enum(props[owner]) if e in {v, v.rstrip("s")}) for _, v in pairs}
        out += [Rule("band_if", name, (owner,), (values[v],), (float(n), top)) for n, v in pairs if float(n) <= top]
    return out


# An enum's own "weekly_churn (diesel, and electric pumps in high-rise ...), monthly_churn (electric)" (set 40:
# a monthly churn of a diesel pump): the values of another enum a value is for, named in its aside.
_GENERIC_VALUES = frozenset({"other", "none", "any", "all", "unknown", "both", "either", "not", "no", "yes", "na"})
_VALUE_ASIDE = re.compile(r"\b([a-z][a-z0-9_]*) \(([^()]{2,120})\)")


def _values_in_asides(tool: str, props: Props) -> list[Rule]:
    out = []
    for name, schema in props.items():
        own = _enum(schema)
        for m in _VALUE_ASIDE.finditer(str(schema.get("description") or "")):
            # the words that open the aside's items ("diesel", "and electric pumps in ..."), the first of
            # them a value: "spontaneous (from a consumer or HCP)" names no set of reporters
            words = [w for item in re.split(r",|\bor\b|\band\b", m[2]) if (w := item.strip().split(" ")[0])]
            named = {o: [w for w in words if w in _enum(props[o]) and w not in _GENERIC_VALUES]
                     for o in props if o != name and _enum(props[o])}
            named = {o: ws for o, ws in named.items() if ws and words[:1] == ws[:1]}
            if m[1] in own and len(named) == 1:
                other, values = next(iter(named.items()))
                out.append(Rule("pairs", other, (name,), (m[1],), tuple(dict.fromkeys(values))))
    return out


# "A pole with remaining strength below 67% of a new pole's must be marked 'reject'; 67% to 80% may
# be 'restore'", "business strikes graded 60 and above are MS" (sets 23, 24: a 24% pole passed, an MS
# coin at grade 9): a value of an enum said with a band of a number named in its sentence.
_BELOW_N = re.compile(r"\b(?:below|under|less than|lower than)\s+(\d+(?:\.\d+)?)", re.IGNORECASE)
_N_UP = re.compile(r"\b(\d+(?:\.\d+)?)\s*%?\s+(?:and|or)\s+(?:above|up|over|higher|more)\b|"
                   r"\b(?:above|over|at least)\s+(\d+(?:\.\d+)?)", re.IGNORECASE)
_N_TO_M = re.compile(r"\b(\d+(?:\.\d+)?)\s*%?\s*(?:to|-|–)\s*(\d+(?:\.\d+)?)\s*%?", re.IGNORECASE)
_MUST = re.compile(r"\b(?:must|shall)\b", re.IGNORECASE)  # "business strikes graded 60 and above are MS" binds no proof
_UP_TO_N = re.compile(r"\b(?:up to|at most|no more than|not more than|not above|not over)\s+(\d+(?:\.\d+)?)", re.IGNORECASE)


def _band_of(clause: str, schema: dict[str, Any]) -> tuple[float, float] | None:
    step = 1.0 if schema.get("type") == "integer" else 0.1
    lo, hi = schema.get("minimum", 0), schema.get("maximum")
    clause = re.sub(r"(?<=\d),(?=\d{3}\b)", "", clause.replace("$", ""))  # "$50,000" is 50000
    bands = [(float(lo), float(m.group(1)) - step) for m in _BELOW_N.finditer(clause)]
    bands += [(float(lo), float(m.group(1))) for m in _UP_TO_N.finditer(clause)]
    bands += [(float(m.group(1) or m.group(2)), float(hi if hi is not None else float(m.group(1) or m.group(2)) * 1.25))
              for m in _N_UP.finditer(clause)]
    bands += [(float(m.group(1)), float(m.group(2))) for m in _N_TO_M.finditer(clause)
              if float(m.group(1)) < float(m.group(2))]
    return bands[0] if len(bands) == 1 and bands[0][0] <= bands[0][1] else None


def _enum_said(clause: str, props: Props, skip: str) -> tuple[str, str] | None:
    """The one enum value a clause names: quoted, or an upper-case code as it is ("MS")."""
    found = {(n, str(v)) for n, sch in props.items() if n != skip and sch.get("enum") for v in sch["enum"]
             if isinstance(v, str) and (re.search(rf"['\"`]{re.escape(v)}['\"`]", clause) or
                                        v.isupper() and len(v) > 1 and re.search(rf"(?<![\w-]){re.escape(v)}(?![\w-])", clause)
                                        or "_" in v and re.search(rf"(?<![\w-]){_spoken(v)}(?![\w-])", clause, re.IGNORECASE))}
    return next(iter(found)) if len(found) == 1 else None


def _thresholds(tool: str, props: Props) -> list[Rule]:
    numbers = {n: s for n, s in props.items() if s.get("type") in _NUMBER_TYPES and not s.get("enum")}
    out = []
    for sentence in (x for t in _texts(tool, props) for x in re.split(r"(?<=[^.\s]{2})\.\s+", t)):
        subject = None
        for clause in re.split(r";\s*", sentence):
            named = [n for n in numbers if re.search(
                r"\b" + r"[\s_]".join(re.escape(w[:5]) + r"\w*" for w in n.split("_") if w not in _UNIT_WORDS_OF_NAMES),
                clause, re.IGNORECASE)]
            subject = named[0] if len(named) == 1 else subject
            said = _enum_said(clause, props, subject or "") if subject else None
            band = _band_of(clause, numbers[subject]) if subject and said else None
            if subject and said and band:
                out.append(Rule("band_if", subject, (said[0],), (said[1],), band))
                if _MUST.search(clause) and not re.search(r"\bmay\b", clause):
                    out.append(Rule("band_is", said[0], (subject,), (said[1],), band))
    return out


# "Acceptance limits: weight at least 110 lb; temperature no higher than 99.5 F; systolic 90-180 mmHg
# and diastolic 50-100 mmHg" (set 45: every one of 37 vitals records would have deferred its donor):
# the band each reading of a tool's list of limits keeps.
_LIMIT = re.compile(r"(?P<thing>[A-Za-z][A-Za-z/ -]{1,40}?)\s+(?:(?P<least>at least|no (?:less|lower) than|not (?:below|under|"
                    r"less than)|minimum(?: of)?)\s+(?P<a>-?\d+(?:\.\d+)?)|(?P<most>at most|no (?:more|higher|greater) than|"
                    r"not (?:above|over|more than)|up to|maximum(?: of)?)\s+(?P<b>-?\d+(?:\.\d+)?)|(?:between\s+)?"
                    r"(?P<lo>-?\d+(?:\.\d+)?)\s*(?:-|–|to|and)\s*(?P<hi>-?\d+(?:\.\d+)?))(?![\d.])")
_LIMITS_SAID = re.compile(r"\b(?:limits?|acceptable|accepted|acceptance|normal range|allowed)\b", re.IGNORECASE)
# One limit a sentence binds: "Oxygen must be at least 19.5 % where miners work", "Methane at a working
# place: 1.0 % or more stops work" (set 45: oxygen at 4 %, methane at 72 % in a belt entry).
_MUST_LIMIT = re.compile(r"\b(?:must|shall) (?:be|stay|remain) (?:at least|at most|no (?:more|less|higher|lower) than)\s+\d",
                         re.IGNORECASE)
_STOPS_AT = re.compile(r"(?P<thing>[A-Za-z][A-Za-z ]{1,30}?)(?: (?:at|in|on) (?:an? |the )?[a-z ]{1,30}?)?:?\s+(?P<b>\d+(?:\.\d+)?)"
                       r"\s*%?\s+or (?:more|higher|above) (?:stops|requires|triggers|calls for|means|is an?)\b", re.IGNORECASE)


# "target_plasma_ml must not exceed the nomogram volume for today's weight (625, 750 or 800 mL)" (set 45:
# every target 261-498 mL): a number its sentence names by its name takes one of the values it lists.
_LISTED_NUMBERS = re.compile(r"\((\d+(?:\.\d+)?(?:,\s*\d+(?:\.\d+)?)*,?\s+or\s+\d+(?:\.\d+)?)\s*[A-Za-z%]*\)")


def _numbers_listed(tool: str, props: Props) -> list[Rule]:
    out = []
    for sentence in re.split(r"(?<=[^.\s]{2})\.\s+", tool):
        m = _LISTED_NUMBERS.search(sentence)
        named = [n for n in props if (props[n] or {}).get("type") in _NUMBER_TYPES and re.search(rf"\b{n}\b", sentence)]
        if not m or len(named) != 1:
            continue
        lo, hi = _number(props[named[0]].get("minimum")), _number(props[named[0]].get("maximum"))
        values = [float(v) for v in re.findall(r"\d+(?:\.\d+)?", m[1])]
        if len(values) >= 2 and all((lo is None or v >= lo) and (hi is None or v <= hi) for v in values):
            out.append(Rule("in_ranges", named[0], ("",), (), tuple((named[0], v, v) for v in values)))
    return out


def _limits_listed(tool: str, props: Props) -> list[Rule]:
    out = []
    for sentence in re.split(r"(?<=[^.\s]{2})\.\s+", tool):
        found: dict[str, tuple[float, float]] = {}
        for m in _LIMIT.finditer(sentence):
            thing = re.split(r"\b(?:and|or)\b|[,:;]", m["thing"])[-1]
            name = _numeric_param(thing, props) if thing.strip() else None
            band = _limit_band(m, props[name]) if name and name not in found else None
            if name and band:
                found[name] = band
        if len(found) >= 2 and _LIMITS_SAID.search(sentence) or len(found) == 1 and _MUST_LIMIT.search(sentence):
            out += [Rule("in_ranges", n, ("",), (), ((n, a, b),)) for n, (a, b) in found.items()]
        for m in _STOPS_AT.finditer(sentence):  # the readings below the level that stops work
            name = _numeric_param(m["thing"], props)
            lo, top = (props[name].get("minimum"), float(m["b"])) if name else (None, 0.0)
            if name and lo is not None and lo < top and not any(r.subject == name for r in out):
                step = 10 ** -len(m["b"].partition(".")[2])
                out.append(Rule("in_ranges", name, ("",), (), ((name, float(lo), round(top - step, 6)),)))
    return out


def _limit_band(m: re.Match[str], schema: dict[str, Any]) -> tuple[float, float] | None:
    """The band a limit leaves inside the schema's own: a one-sided limit keeps the half of the
    schema's span next to it (a temperature "no higher than 99.5 F" of 94-104 is 96.8-99.5, never a
    hypothermic 94.1), its ends as precise as the limit is said; None when it says no more than the
    schema."""
    lo, hi = _number(schema.get("minimum")), _number(schema.get("maximum"))
    places = len((m["a"] or m["b"] or m["lo"]).partition(".")[2])
    if m["least"]:
        a = float(m["a"])
        band = (a, round(a + (hi - a) / 2, places)) if hi is not None else None
    elif m["most"]:
        b = float(m["b"])
        band = (round(b - (b - lo) / 2, places), b) if lo is not None else None
    else:
        band = (float(m["lo"]), float(m["hi"]))
    inside = band is not None and (lo is None or band[0] >= lo) and (hi is None or band[1] <= hi) and band[0] < band[1]
    return band if inside and band != (lo, hi) else None


def _spoken(value: str) -> str:
    return re.escape(value.replace("_", " ")).replace(r"\ ", r"[\s_]")


def _spoken_for(tool: str, props: Props) -> list[Rule]:
    """An enum value said in words, unquoted: "full value protection needs declared_value_usd" (in
    any text), and a parameter whose own description is "for full value protection" or "Number of
    vaults for vault storage": the parameter goes with that value and is left out with the others
    (the longest value said wins: "for full value protection" is no packing service "full").
    Every value a text says needs it counts ("fixed_price needs futures_price and basis;
    hedge_to_arrive needs futures_price only": futures_price goes with both), and so does a value
    that "must give" it ("An entrapment ... must give passengers_trapped")."""
    texts = [tool] + [str(s.get("description") or "") for s in props.values() if isinstance(s, dict)]
    found: dict[str, tuple[int, str, str]] = {}
    needing: dict[tuple[str, str], set[str]] = {}
    said = " ".join(texts).lower()
    for owner, schema in props.items():
        for value in (v for v in _enum(schema) if isinstance(v, str) and v.lower() not in _ANY_VALUE):
            if not all(w in said for w in value.lower().replace("_", " ").split()):
                continue  # no text says it: no pattern below can match (and none is compiled)
            for name, own in props.items():
                if name == owner or not isinstance(own, dict):
                    continue
                needs = rf"(?<!['\"`])\b{_spoken(value)}\b(?!['\"`])[^.;]{{0,40}}?\b(?:requires?|needs?|must (?:give|send|include|carry))\s+" \
                        rf"(?:`?\w+`?(?:\s*,\s*|\s+and\s+))*`?{re.escape(name)}\b(?!`?\s+(?:['\"`][\w.-]+['\"`]|\d))"
                # (never "requires connector_id 0": a value of it, `_requires_value`)
                said_for = rf"(?<!['\"`] )(?<!\d )\bfor (?:an? |the )?{_spoken(value)}\b"  # not "'P/A' for e_coli": a
                # form; nor "6 to 80 for A": a range for a value (_ranges_per_value), not a parameter of it
                named = any(re.search(needs, t, re.IGNORECASE) for t in texts)
                if named:
                    needing.setdefault((name, owner), set()).add(value)
                paired = _FOR_MEMBERS.search(str(own.get("description") or ""))  # "fineness for silver ('925')" pairs values
                unsaid = _NOT_FOR.sub("", str(own.get("description") or ""))  # never "not needed for virtual" (_not_for)
                if (named or not paired and re.search(said_for, unsaid, re.IGNORECASE)) and \
                        len(value) > found.get(name, (0, "", ""))[0]:
                    found[name] = (len(value), owner, value)
    rules = [Rule("needs", name, (owner,), _widest(needing.get((name, owner), set()), value))
             for name, (_, owner, value) in found.items() if (name, owner) in needing or not _per_member(props, name, owner)]
    return rules + _for_shared_word(props, set(found)) + _channel_needs(props)


# "Donor specimen sent; not needed for virtual" (set 45: every virtual crossmatch sent a specimen,
# the aside read as "needed for virtual"): a parameter that a value of another enum goes without.
_NOT_FOR_LEAD = r"(?:not|never) (?:needed|required|used|given|sent|applicable) "
# ... and a list of them: "not needed for a passport or military ID" (set 46: a passport's issuing state).
_NOT_FOR_ITEM = r"(?:an? |the )?[\w-]+(?: (?!or\b|and\b)[\w-]+)?"
_NOT_FOR = re.compile(rf"\b{_NOT_FOR_LEAD}for ({_NOT_FOR_ITEM}(?:(?:,? or |,? and |, ){_NOT_FOR_ITEM})*)", re.IGNORECASE)


def _not_for(tool: str, props: Props) -> list[Rule]:
    out = []
    for name, schema in props.items():
        for m in _NOT_FOR.finditer(str(schema.get("description") or "")):
            items = [re.sub(r"^(?:an?|the) ", "", i.strip().lower()) for i in re.split(r",? or |,? and |, ", m[1])]
            found = [_member_said(i, props, name) for i in items]
            owners = {f[0] for f in found if f}
            if len(owners) != 1 or not found[0]:
                continue
            owner = owners.pop()
            unsaid = {f[1] for f in found if f}
            rest = tuple(v for v in _enum(props[owner]) if v not in unsaid)
            if 0 < len(rest) < len(_enum(props[owner])):
                out.append(Rule("only", name, (owner,), rest))
    return out


def _member_said(words: str, props: Props, skip: str) -> tuple[str, Any] | None:
    """The (parameter, enum member) a phrase names: "military id" is `military_id`, "passport
    holder" is `passport` (its first word, where the two do not name one)."""
    for said in (words, words.split()[0]):
        joined = said.replace(" ", "_").replace("-", "_")
        owner = _owner_of(joined, props, skip=skip)
        if owner is not None:
            forms = {joined, joined.rstrip("s"), re.sub(r"ies$", "y", joined)}
            return owner, next(v for v in _enum(props[owner]) if v in forms)
    return None


# "Device model; must match the serial prefix (AXI = Aurora Xi, PCS = PCS2, NXS = NexSys PCS)" beside a
# serial of pattern "^(AXI|PCS|NXS)-[0-9]{5}$" (set 45: 11 of 14 runs named another device's model).
_CODE_GLOSS = re.compile(r"\b([A-Z][A-Z0-9]{1,5})\s*=\s*([A-Za-z0-9][\w .-]*?)\s*(?=[,;)]|$)")


def _prefix_glossed(tool: str, props: Props) -> list[Rule]:
    out = []
    for owner, schema in props.items():
        members = {re.sub(r"[^a-z0-9]", "", str(v).lower()): v for v in _enum(schema)}
        glossed = {members[k]: code for code, gloss in _CODE_GLOSS.findall(str(schema.get("description") or ""))
                   if (k := re.sub(r"[^a-z0-9]", "", gloss.lower())) in members}
        for name, other in props.items() if len(glossed) >= 2 else ():
            opens = re.match(r"\^\(([A-Z0-9|]+)\)", str(other.get("pattern") or "")) if name != owner else None
            if opens and set(glossed.values()) <= set(opens[1].split("|")):
                out.append(Rule("prefixed", name, (owner,), tuple(glossed), tuple(glossed.values())))
    return out


# "Alarm code shown by the device when end_status is 'aborted_device_error'" (set 45: alarm codes on
# completed runs): an optional parameter's own "when X is 'v'" gives it with that value only.
_OWN_WHEN = re.compile(r"\bwhen `?(\w+)`? is ['\"`](\w+)['\"`]")


def _own_when(tool: str, props: Props) -> list[Rule]:
    out = []
    for name, schema in props.items():
        for m in _OWN_WHEN.finditer(str(schema.get("description") or "")):
            if m[1] != name and m[1] in props and m[2] in _enum(props[m[1]]):
                out.append(Rule("needs", name, (m[1],), (m[2],)))
    return out


# An enum member that names a band of another parameter: trigger "gcs_5_or_less" beside a `gcs` of 3-15
# (set 45: a GCS-5 trigger with a GCS of 8), "age_under_18", "score_10_or_more".
_BAND_MEMBER = re.compile(r"([a-z]+(?:_[a-z]+)?)_(?:(\d+(?:_\d+)?)_or_(less|fewer|lower|below|under|more|higher|above|over|"
                          r"greater)|(under|below|over|above)_(\d+))")


def _member_named_bands(tool: str, props: Props) -> list[Rule]:
    out = []
    for owner, schema in props.items():
        for member in (v for v in _enum(schema) if isinstance(v, str)):
            m = _BAND_MEMBER.fullmatch(member.lower())
            named = m and next((n for n in props if n != owner and (props[n] or {}).get("type") in _NUMBER_TYPES and
                                m[1] in (n.lower(), n.lower().rsplit("_", 1)[0])), None)
            if not m or not named:
                continue
            n = float((m[2] or m[5]).replace("_", "."))
            low = (m[3] or m[4]) in ("less", "fewer", "lower", "below", "under")
            strict = bool(m[4])
            lo, hi = _number(props[named].get("minimum")), _number(props[named].get("maximum"))
            band = ((lo if lo is not None else 0.0), n - strict) if low else (n + strict, hi if hi is not None else n * 2)
            if band[0] <= band[1]:
                out.append(Rule("band_if", named, (owner,), (member,), band))
    return out


# "quantity is velocity times area", "total = rate x hours" (set 45: 53,000 cfm at 5 fpm): a number the
# tool's text makes the product of two others.
_PRODUCT = re.compile(r"\b([a-z][a-z ]{1,30}?) (?:is|=|equals) (?:the )?([a-z][a-z ]{1,30}?) (?:times|x|×|multiplied by) "
                      r"(?:the )?([a-z][a-z ]{1,30}?)(?=[.;,]|$)", re.IGNORECASE)


# "Hatch of total is ...; hatch of fertile is ..., and is always the higher of the two" (set 46: a hatch
# of fertile under the hatch of total): of the two numbers one sentence names, the one said higher is above.
_OF_THE_TWO = re.compile(r"\b(?:is|are) (?:always |never )?the (higher|lower|larger|smaller|greater|lesser) of the two\b",
                         re.IGNORECASE)
_TWO_UNIT_WORDS = frozenset({"pct", "percent", "pc", "lb", "lbs", "kg", "g", "ft", "m", "c", "f", "usd", "ml", "l"})


def _higher_of_two(tool: str, props: Props) -> list[Rule]:
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", tool):
        said = _OF_THE_TWO.search(sentence)
        if said is None:
            continue
        low = sentence.lower()
        spoken = {n: " ".join(w for w in n.lower().split("_") if w not in _TWO_UNIT_WORDS) for n, sch in props.items()
                  if (sch or {}).get("type") in _NUMBER_TYPES}
        named = [n for n, words in spoken.items() if words and re.search(rf"\b{re.escape(words)}\b", low)]
        subject = max(named, key=lambda n: low.rfind(f"{spoken[n]} is ", 0, said.start()), default=None)  # the one
        # that "is" the higher: "hatch of fertile is saleable chicks over ..., and is always the higher"
        alike = [n for n in named if n != subject and (props[n] or {}).get("type") == (props[str(subject)] or {}).get("type")
                 and set(n.lower().split("_")) & _TWO_UNIT_WORDS == set(str(subject).lower().split("_")) & _TWO_UNIT_WORDS]
        if subject is None or len(alike) != 1:
            continue  # the two of one kind ("hatch of total" beside "hatch of fertile", both percent)
        other = alike[0]
        higher = said[1].lower() in ("higher", "larger", "greater")
        out.append(Rule("below", other, (subject,), ("strict",)) if higher else Rule("below", subject, (other,), ("strict",)))
    return out


# "The counts cannot add up to more than the sample" (set 46: 1,200 clear eggs of a 1,000-egg sample): the
# tool's counts together stay within the whole the sentence names.
_ADD_UP = re.compile(r"\b(?:counts?|numbers?|they|these|parts) (?:cannot|can ?not|can't|may not|must not|should not|"
                     r"never) (?:add up to|sum to|total|exceed) (?:more than )?the (\w+)", re.IGNORECASE)
_NOT_COUNTS = frozenset({"day", "days", "hour", "hours", "minute", "minutes", "year", "age", "week", "weeks", "id", "number",
                         "no", "pct", "percent", "temp", "temperature", "weight"})


def _parts_within(tool: str, props: Props) -> list[Rule]:
    out = []
    counts = [n for n, sch in props.items() if (sch or {}).get("type") == "integer"]
    for m in _ADD_UP.finditer(tool):
        stem = m[1].lower()[:5]
        whole = [n for n in counts if any(w.startswith(stem) for w in n.lower().split("_"))]
        parts = tuple(n for n in counts if n not in whole and not set(n.lower().split("_")) & _NOT_COUNTS
                      and not str((props[n] or {}).get("description") or "").lower().startswith("day"))
        if len(whole) == 1 and len(parts) >= 2:
            out.append(Rule("parts", whole[0], parts))
    return out


# "Optimal CPAP pressure, cm H2O (cpap mode)", "Inspiratory pressure (bilevel modes)", "(bilevel and asv)",
# "(bilevel_st only)" (set 46: a CPAP pressure on an ASV titration): an aside that names members of another
# enum, or the stem several share, gives the parameter with those members only.
_MEMBER_ASIDE = re.compile(r"\(([a-z][\w ,/-]{1,60})\)")
_ASIDE_FILLER = frozenset({"only", "mode", "modes", "and", "or", "the", "type", "types", "kind", "kinds"})


def _aside_members(tool: str, props: Props) -> list[Rule]:
    out = []
    for name, schema in props.items():
        for m in _MEMBER_ASIDE.finditer(str((schema or {}).get("description") or "")):
            words = [w for w in re.split(r"[\s,/]+", m[1].lower()) if w and w not in _ASIDE_FILLER]
            if not words or not set(re.split(r"[\s,/]+", m[1].lower())) & {"only", "mode", "modes", "and", "or"}:
                continue
            found = {n: [v for v in _enum(sch) if any(_member_or_stem(v, w, _enum(sch)) for w in words)]
                     for n, sch in props.items() if n != name and (sch or {}).get("enum")}
            owners = [n for n, vs in found.items()
                      if vs and all(any(_member_or_stem(v, w, vs) for v in vs) for w in words)]
            if len(owners) == 1 and len(found[owners[0]]) < len(_enum(props[owners[0]])):
                out.append(Rule("only", name, (owners[0],), tuple(found[owners[0]])))
    return out


# "Score ranges by instrument: Epworth Sleepiness Scale (epworth) 0-24; STOP-BANG (stop_bang) 0-8" beside a
# total_score that "must lie in the instrument's own range" (set 46: an Epworth of 26, a STOP-BANG of 19):
# the tool's text gives the one ranged number a band per member it names in parentheses.
_MEMBER_RANGE = re.compile(r"\(([\w-]+)\)\s+(\d[\d,]*(?:\.\d+)?)\s*(?:-|–|to)\s*(\d[\d,]*(?:\.\d+)?)")
_RANGED = re.compile(r"\b(?:range|scale|score)\b", re.IGNORECASE)


def _tool_member_ranges(tool: str, props: Props) -> list[Rule]:
    found = [(m[1], float(m[2].replace(",", "")), float(m[3].replace(",", ""))) for m in _MEMBER_RANGE.finditer(tool)]
    owners = {_owner_of(v, props) for v, _, _ in found}
    ranged = [n for n, sch in props.items() if (sch or {}).get("type") in _NUMBER_TYPES and not sch.get("enum")
              and (_RANGED.search(str(sch.get("description") or "")) or n.lower().endswith("score"))]
    if len(found) < 2 or len(owners) != 1 or None in owners or len(ranged) != 1:
        return []
    return [Rule("band_if", ranged[0], (str(next(iter(owners))),), (v,), (lo, hi)) for v, lo, hi in found if lo < hi]


# "Rates ... about 0.03-0.05 on new asphalt, 0.05-0.08 on existing asphalt, 0.07-0.10 on milled surfaces and
# concrete"; "9.5 mm mix at 1.25 to 2 in; 12.5 mm mix at 1.5 to 2.5 in" (set 47: tack at 0.043 on existing
# asphalt, a 9.5 mm surface at 2.39 in): the tool's text gives a number a band per member it names in words.
_SAID_BAND = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(?:-|–|to)\s*(\d+(?:\.\d+)?)(?![\w.])")


def _member_worded_bands(tool: str, props: Props) -> list[Rule]:
    enums = {n: _enum(sch) for n, sch in props.items() if (sch or {}).get("enum") and len(_enum(sch)) >= 2}
    found: list[tuple[str, tuple[str, ...], float, float]] = []
    for clause in re.split(r"[,;]\s+|(?<=\.)\s+", tool):
        m = _SAID_BAND.search(clause)
        if m is None or float(m[1]) >= float(m[2]):
            continue
        named = [(n, tuple(v for v in vs if _member_worded(v, vs, clause[:m.start()], clause[m.end():])))
                 for n, vs in enums.items()]
        named = [(n, vs) for n, vs in named if vs]
        if len(named) == 1:
            found.append((named[0][0], named[0][1], float(m[1]), float(m[2])))
    owners = {o for o, _, _, _ in found}
    if len(found) < 2 or len(owners) != 1:
        return []
    lo, hi = min(f[2] for f in found), max(f[3] for f in found)
    fits = [n for n, sch in props.items() if (sch or {}).get("type") in _NUMBER_TYPES and not (sch or {}).get("enum")
            and (_number(sch.get("minimum")) or 0.0) <= lo and hi <= (_number(sch.get("maximum")) or hi)]
    said = set(re.findall(r"[a-z]+", tool.lower()))
    named_fits = [n for n in fits if set(n.lower().split("_")) & said - {"in", "mm", "per", "of", "the"}]
    subject = (named_fits if len(named_fits) == 1 else fits if len(fits) == 1 else [None])[0]
    if subject is None:
        return []
    owner = next(iter(owners))
    return [Rule("band_if", subject, (owner,), members, (a, b)) for _, members, a, b in found]


def _member_worded(value: str, members: list[str], before: str, after: str) -> bool:
    """Whether a clause names the member around its band: by its number and unit before it ("9.5 mm mix"
    for 9.5mm_superpave), by all its words after it ("on new asphalt"), or by its first word where no
    other member opens so ("on milled surfaces" for milled_asphalt)."""
    parts = [p for p in re.split(r"_|(?<=\d)(?=[a-z])", value.lower()) if p]
    numbers = [p for p in parts if re.fullmatch(r"\d+(?:\.\d+)?", p)]
    if numbers:
        return bool(re.search(rf"(?<![\w.]){re.escape(numbers[0])}\s*(?:{parts[parts.index(numbers[0]) + 1]})?\b",
                              before, re.IGNORECASE)) if parts.index(numbers[0]) + 1 < len(parts) else False
    led = re.match(r"\s*(?:on|for|with|of|at)\s+(.*)", after, re.IGNORECASE)  # "0.03-0.05 on new asphalt"; never
    words = {w.rstrip("s") for w in re.findall(r"[a-z]+", led[1].lower())} if led else set()  # "6-84 inch pipe"
    if all(p.rstrip("s") in words for p in parts):
        return True
    firsts = [re.split(r"_", m.lower())[0] for m in members]
    return len(parts) > 1 and firsts.count(parts[0]) == 1 and parts[0] in words


def _member_or_stem(value: str, word: str, members: list[str]) -> bool:
    """`value` is the member `word`, or one of two or more members `word` opens ("bilevel" of bilevel_s and
    bilevel_st; never "FOC" of foc_received alone, an abbreviation)."""
    stem = f"{word}_"
    return value.lower() == word or value.lower().startswith(stem) and sum(m.lower().startswith(stem) for m in members) >= 2


# "Percent compaction is the wet density divided by the maximum theoretical (Rice) density of the mix" (set 47:
# a wet 153.6 over a Rice 153.4 recorded as 93.7%): a number its text says is the quotient of two others.
_QUOTIENT = re.compile(r"\b([a-z][a-z ]{1,30}?) (?:is|=|equals) (?:the )?([a-z][a-z ]{1,30}?) divided by (?:the )?"
                       r"([a-z][a-z ()-]{1,60}?)(?= of |[.;,]|$)", re.IGNORECASE)


def _quotients(tool: str, props: Props) -> list[Rule]:
    out = []
    for m in _QUOTIENT.finditer(tool):
        named = [_numeric_param(m[i].replace("(", " ").replace(")", " "), props) for i in (1, 2, 3)]
        if all(named) and len(set(named)) == 3:
            scale = 100.0 if "percent" in str(named[0]).lower().split("_") or "pct" in str(named[0]).lower().split("_") else 1.0
            out.append(Rule("quotient", str(named[0]), (str(named[1]), str(named[2])), (), scale))
    return out


# "The down payment ...; down payment plus installments must equal the premium" (set 48: plans of a
# 7,006.30 down payment on a 7,000 premium with installments of 15,000): a whole that is one part
# plus a count of equal parts (`installment_amount` times `number_of_installments`), or two parts.
_SUM = re.compile(r"\b([a-z][a-z ]{1,30}?) plus (?:the |its )?([a-z][a-z ]{1,30}?) (?:must |should |has to |have to )?"
                  r"(?:equal|add up to|sum to|total)s? (?:the |its )?([a-z][a-z ]{1,30}?)(?=[.;,]|$)", re.IGNORECASE)
_COUNT_WORDS = frozenset({"number", "count", "num", "n", "total"})


def _sums(tool: str, props: Props) -> list[Rule]:
    out = []
    for m in (m for t in _texts(tool, props) for m in _SUM.finditer(t)):
        whole, part = _numeric_param(m[3], props), _numeric_param(m[1], props)
        each, count = _each_and_count(m[2], props)
        if whole and part and each and len({whole, part, each, count or whole}) == 3 + bool(count):
            out.append(Rule("sum", whole, (part, each) + ((count,) if count else ())))
    return out


def _each_and_count(phrase: str, props: Props) -> tuple[str | None, str | None]:
    """The amount of each of a plural's parts and the count of them ("installments":
    `installment_amount`, `number_of_installments`), else the one parameter the phrase names."""
    last = phrase.strip().split()[-1].lower()
    one = last.removesuffix("s")
    named = [n for n, sch in props.items() if (sch or {}).get("type") in _NUMBER_TYPES
             and one in {w.removesuffix("s") for w in n.lower().split("_")}]
    count = [n for n in named if (props[n] or {}).get("type") == "integer" and _COUNT_WORDS & set(n.lower().split("_"))]
    each = [n for n in named if n not in count]
    if len(count) == 1 and len(each) == 1:
        return each[0], count[0]
    return _numeric_param(phrase, props), None


def _sum_broken(rule: Rule, args: dict[str, Any]) -> bool:
    whole, *parts = (_number(args.get(n)) for n in (rule.subject, *rule.others))
    if whole is None or any(p is None for p in parts):
        return False
    total = parts[0] + parts[1] * (parts[2] if len(parts) > 2 else 1.0)  # type: ignore[operator]
    return abs(whole - total) > max(0.5, 0.001 * abs(whole))


def _fix_sum(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """The whole stays (it is what the parts pay off): a part at or over it comes down to a share of
    it (35 to 47%, from the whole's own digits: reproducible), the equal parts share the rest, and
    the first part takes the cents they leave; a whole that is not free is the parts' sum."""
    s, part, each, *count = rule.subject, *rule.others
    whole, first = _number(args.get(s)), _number(args.get(part))
    n = _number(args.get(count[0])) if count else 1.0
    if whole is None or first is None or not n:
        return
    if s in keep or (part in keep and each in keep):
        if s not in keep:
            args[s] = round(first + (_number(args.get(each)) or 0.0) * n, 2)
        return
    if part not in keep and not 0 < first < whole:
        first = round(whole * (0.35 + (int(whole) % 13) / 100), -1 if whole >= 100 else 2)
    rest = math.floor((whole - first) / n) if whole >= 100 else round((whole - first) / n, 2)  # whole dollars, the
    # first part takes what is left over (a down payment of 2,952 and 3 of 1,116)
    if each not in keep and rest > 0:
        args[each] = int(rest) if float(rest).is_integer() else rest
        left = round(whole - rest * n, 2)
        args[part] = int(left) if left.is_integer() and isinstance(args.get(part), int) else left


# "the return runs 1 to 3 F warmer than the supply" (set 49: brine back at 19 F from a supply of 1 F): a
# reading so far above (or below) another one.
_OFFSET = re.compile(r"\b(?:the )?([a-z][a-z ]{1,30}?) (?:runs|is|reads|stays|comes back|sits)(?: usually| typically)? "
                     r"(\d+(?:\.\d+)?) to (\d+(?:\.\d+)?) ?(?:°\s?)?(?:[A-Za-z%]{1,4} )?(warmer|colder|cooler|hotter|higher|lower|"
                     r"more|less|above|below) (?:than )?(?:the |its )?([a-z][a-z ]{1,30}?)(?=[.;,]|$)", re.IGNORECASE)


def _offsets(tool: str, props: Props) -> list[Rule]:
    out = []
    for m in (m for t in _texts(tool, props) for m in _OFFSET.finditer(t)):
        this, base = _numeric_param(m[1], props), _numeric_param(m[5], props)
        lo, hi = float(m[2]), float(m[3])
        down = m[4].lower() in ("colder", "cooler", "lower", "less", "below")
        if this and base and this != base and lo < hi:
            out.append(Rule("offset", this, (base,), (str(-hi if down else lo), str(-lo if down else hi))))
    return out


def _offset_broken(rule: Rule, args: dict[str, Any]) -> bool:
    this, base = _number(args.get(rule.subject)), _number(args.get(rule.others[0]))
    lo, hi = (float(v) for v in rule.values)
    return this is not None and base is not None and not lo - 1e-9 <= this - base <= hi + 1e-9


def _fix_offset(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """The reading sits the stated span from the other: the one not kept moves (the span's middle, as
    precise as the other reading)."""
    this, base = rule.subject, rule.others[0]
    lo, hi = (float(v) for v in rule.values)
    a, b = _number(args.get(this)), _number(args.get(base))
    if a is None or b is None:
        return
    if this not in keep:
        args[this] = _like(args[this], b + (lo + hi) / 2)
    elif base not in keep:
        args[base] = _like(args[base], a - (lo + hi) / 2)


def _like(old: Any, value: float) -> Any:
    return round(value) if isinstance(old, int) and not isinstance(old, bool) else round(value, 1)


# "Prices: 249 USD per person for a sunrise flight, 229 USD for a sunset flight, 895 USD for a private flight
# for two" (set 49: every gift certificate off the price list): the amount a call pays is its kind's price,
# per head times the count where the price is per person, and a price "for two" sets the count.
_PRICED = re.compile(r"\$?(\d[\d,]*(?:\.\d+)?) ?(?:USD|dollars)?( (?:per|a|each) (?:person|passenger|head|guest|seat|"
                     r"skater|rider|ticket))? for (?:an? |the )?([\w -]{2,40}?)(?: for (one|two|three|four|five|six|\d+))?"
                     r"(?=[,;.]|$| and )", re.IGNORECASE)
_HOW_MANY = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_HEADCOUNT = frozenset({"count", "passengers", "persons", "people", "guests", "seats", "skaters", "riders", "tickets",
                        "number", "num", "party", "size", "pax"})


def _member_prices(tool: str, props: Props) -> list[Rule]:
    money = [n for n, sch in props.items() if (sch or {}).get("type") in _NUMBER_TYPES and
             {"amount", "price", "usd", "total", "paid", "cost"} & set(n.lower().split("_"))]
    counts = [n for n, sch in props.items() if (sch or {}).get("type") == "integer" and _HEADCOUNT & set(n.lower().split("_"))
              and n not in money]
    if len(money) != 1 or len(counts) > 1:
        return []
    out = []
    for name, sch in props.items():
        members = [m for m in _enum(sch or {}) if isinstance(m, str)]
        prices, each = [], False
        for m in _PRICED.finditer(tool):
            each = bool(m[2]) or each and not m[4]  # "per person" carries to the next price of the list
            hit = [v for v in members if v.lower().replace("_", " ") in m[3].lower().split(" ")[:3] or
                   m[3].lower().startswith(v.lower().replace("_", " "))]
            if len(hit) == 1:
                count = m[4] and (_HOW_MANY.get(m[4].lower()) or int(m[4]) if m[4].isdigit() else _HOW_MANY.get(m[4].lower()))
                prices.append(f"{hit[0]}={m[1].replace(',', '')}:{'each' if each and not count else count or ''}")
        if len(prices) >= 2:
            out.append(Rule("priced", money[0], (name, *counts), tuple(prices)))
    return out


def _price_of(rule: Rule, args: dict[str, Any]) -> tuple[float, str] | None:
    member = args.get(rule.others[0])
    said = next((v.split("=", 1)[1] for v in rule.values if v.split("=", 1)[0] == member), None)
    if said is None:
        return None
    price, how = said.split(":")
    return float(price), how


def _priced_broken(rule: Rule, args: dict[str, Any]) -> bool:
    got, amount = _price_of(rule, args), _number(args.get(rule.subject))
    if got is None or amount is None:
        return False
    price, how = got
    count = _number(args.get(rule.others[1])) if len(rule.others) > 1 else None
    if how.isdigit():
        return abs(amount - price) > 0.01 or count is not None and count != int(how)
    return abs(amount - price * (count or 1 if how == "each" else 1)) > 0.01


def _fix_priced(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """The amount is the price the prose gives the call's kind (per head times the count); a price "for
    two" sets the count to two."""
    got = _price_of(rule, args)
    if got is None or rule.subject in keep:
        return
    price, how = got
    count = rule.others[1] if len(rule.others) > 1 else None
    if how.isdigit() and count is not None and count not in keep:
        args[count] = int(how)
    heads = _number(args.get(count)) if count and how == "each" else None
    total = price * (heads or 1)
    args[rule.subject] = int(total) if total.is_integer() and isinstance(args.get(rule.subject), int) else round(total, 2)


# "the two-official system (two referees doing both jobs) ... three-official (one referee, two linesmen)"
# (set 49: 13 of 14 crews the wrong size): the members that say how many of each listed thing a call takes.
_NUMBER_WORDS = {"no": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_HOW_MANY_OF = re.compile(r"\b(no|one|two|three|four|five|six|\d)\s+([a-z]+)", re.IGNORECASE)


def _sized_by_member(tool: str, props: Props) -> list[Rule]:
    lists = {n: sch for n, sch in props.items() if (sch or {}).get("type") == "array"}
    out = []
    for name, sch in props.items():
        members = [m for m in _enum(sch or {}) if isinstance(m, str)]
        sizes: dict[str, dict[str, int]] = {}
        for m in members:
            said = re.search(rf"\b{re.escape(m).replace('_', '[- _]')}\b[^(.;]{{0,25}}\(([^)]{{3,80}})\)", tool, re.IGNORECASE)
            if said is None:
                continue
            for count, noun in _HOW_MANY_OF.findall(said[1]):
                one = re.sub(r"men$", "man", noun.lower()).removesuffix("s")
                hit = [n for n in lists if one in n.lower().split("_")]
                if len(hit) == 1:
                    sizes.setdefault(hit[0], {})[m] = int(count) if count.isdigit() else _NUMBER_WORDS[count.lower()]
        for listed, per in sizes.items():
            for m in members:  # "Linesmen ...; empty for the two-official system"
                if m not in per and re.search(rf"\b(?:empty|none) (?:for|with|under) (?:the |a )?{re.escape(m).replace('_', '[- _]')}\b",
                                              str((props.get(listed) or {}).get("description") or ""), re.IGNORECASE):
                    per[m] = 0
            if len(per) >= 2:
                out.append(Rule("sized", listed, (name,), tuple(f"{m}={n}" for m, n in per.items())))
    return out


def _size_of(rule: Rule, args: dict[str, Any]) -> int | None:
    member = args.get(rule.others[0])
    return next((int(v.split("=")[1]) for v in rule.values if v.split("=")[0] == member), None)


def _sized_broken(rule: Rule, args: dict[str, Any]) -> bool:
    size, value = _size_of(rule, args), args.get(rule.subject)
    return size is not None and (len(value) if isinstance(value, list) else 0) != size


def _fix_sized(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """The list holds as many as the member says: cut, or filled with fresh items; none is left out."""
    size = _size_of(rule, args)
    if size is None or rule.subject in keep:
        return
    items = list(args.get(rule.subject) or [])[:size]
    for _ in range(8 * size):
        if len(items) >= size:
            break
        fresh = draw(rule.subject)
        items += [v for v in (fresh if isinstance(fresh, list) else []) if v not in items][:size - len(items)]
    if items:
        args[rule.subject] = items
    elif size == 0:
        args.pop(rule.subject, None)


def _products(tool: str, props: Props) -> list[Rule]:
    out = []
    for m in _PRODUCT.finditer(tool):
        named = [_numeric_by_words(re.split(r"\b(?:and|or|with|,)\b", m[i])[-1], props) for i in (1, 2, 3)]
        if all(named) and len(set(named)) == 3:
            out.append(Rule("product", str(named[0]), (str(named[1]), str(named[2])), (),
                            tuple((_number((props.get(str(n)) or {}).get("minimum")),
                                   _number((props.get(str(n)) or {}).get("maximum"))) for n in named)))
    return out


def _numeric_by_words(phrase: str, props: Props) -> str | None:
    """The number a phrase names by its parameter's name, else the one number whose description opens
    with the phrase's last word ("area" of "Cross-section area at the measuring point")."""
    named = _numeric_param(phrase, props)
    word = phrase.strip().split()[-1].lower() if phrase.strip() else ""
    opens = [n for n, sch in props.items() if (sch or {}).get("type") in _NUMBER_TYPES and word and
             word in re.findall(r"[a-z]+", str((sch or {}).get("description") or "").lower().split(" at ")[0])[:4]]
    return named or (opens[0] if len(opens) == 1 else None)


# "Serial of the replacement unit put in service when the unit failed" beside results fail_seal_broken,
# fail_indicator, ... (set 45: a replacement for a unit that passed): given with those results only.
_WHEN_DONE = re.compile(r"\bwhen (?:the |a |an |its )?\w+ (\w+ed)\b", re.IGNORECASE)


def _when_done(tool: str, props: Props) -> list[Rule]:
    out = []
    for name, schema in props.items():
        m = _WHEN_DONE.search(str(schema.get("description") or ""))
        stem = _stem(m[1].lower()) if m else ""
        for owner in [o for o in props if o != name and stem] if m else []:
            members = tuple(v for v in _enum(props[owner]) if isinstance(v, str) and v.lower().split("_")[0] == stem)
            if members and len(members) < len(_enum(props[owner])):
                out.append(Rule("only", name, (owner,), members))
    return out


def _per_member(props: Props, name: str, owner: str) -> bool:
    """Whether `name`'s own text says "... for A, ... for B": its form per member of `owner` (set 44:
    "percent for CCP-2B, degrees Fahrenheit for CCP-3B, ..., 1 or 0 for CCP-1B" is no reading of CCP-1B
    alone), never a parameter of one member."""
    said = str(dict_at(props, name).get("description") or "")
    return sum(bool(re.search(rf"\bfor (?:an? |the )?{_spoken(v)}\b", said, re.IGNORECASE)) for v in _enum(props[owner])) >= 2


def _widest(values: set[str], longest: str) -> tuple[str, ...]:
    """The values a text says need a parameter, without one said only inside a longer one ("full"
    inside "full value protection"), the longest first."""
    spoken = {v: f" {v.lower().replace('_', ' ')} " for v in values | {longest}}
    kept = [v for v in spoken if not any(o != v and spoken[v] in spoken[o] for o in spoken)]
    return tuple(sorted(kept, key=lambda v: (v != longest, -len(v), v)))


# "Refused unless safety_test_passed is true": the call the tool accepts holds that value.
_UNLESS = re.compile(r"\b(?:refused|rejected|declined|not accepted|fails?)\s+unless\s+`?(\w+)`?\s+(?:is|=|==)\s+"
                     r"['\"`]?([\w-]+)['\"`]?", re.IGNORECASE)


# A flag's own "...; check-in is refused when false" (set 45: 16 check-ins with the photo ID unchecked).
_REFUSED_WHEN = re.compile(r"\b(?:is |are |will be |gets )?(?:refused|rejected|blocked|not allowed|denied) (?:when|if) "
                           r"(false|true)\b", re.IGNORECASE)


def _refused_unless(tool: str, props: Props) -> list[Rule]:
    out = [Rule("always", n, (n,), (), m[1].lower() == "false") for n, sch in props.items()
           if (sch or {}).get("type") == "boolean" and (m := _REFUSED_WHEN.search(str((sch or {}).get("description") or "")))]
    for m in (m for t in _texts(tool, props) for m in _UNLESS.finditer(t)):
        name, raw = _name(m.group(1), props), m.group(2)
        target: Any = raw.lower() == "true" if raw.lower() in ("true", "false") else raw
        if name and (isinstance(target, bool) or target in _enum(props[name])):
            out.append(Rule("always", name, (name,), (), target))
    return out


# "Defects seen; empty when passed.": a list or text left out while a flag of the call holds.
_EMPTY_WHEN = re.compile(r"\b(?:empty|none|blank|omitted|left out) (?:when|if) `?(\w+)`?(?: is (true|yes))?\b",
                         re.IGNORECASE)


def _empty_when(tool: str, props: Props) -> list[Rule]:
    """"Defects seen; empty when passed." (set 21: retreads passed with three defects): the list
    holds something only when the flag it names is false."""
    out = []
    for name, schema in props.items():
        m = _EMPTY_WHEN.search(str(schema.get("description") or ""))
        flag = _name(m.group(1), props) if m else None
        if flag and flag != name and dict_at(props, flag).get("type") == "boolean":
            out.append(Rule("only", name, (flag,), (False,)))
    return out


# "A 'pass' must not list deficiencies": the parameter goes with the enum's other values only.
_MUST_NOT = re.compile(r"((?:['\"`][\w-]+['\"`](?:\s*,\s*|\s+(?:and|or)\s+)?)+)\s*(?:\w+\s+)?(?:must not|may not|cannot|"
                       r"can't|should not|does not|do not) (?:list|give|send|include|have|carry|take) (?:any )?`?(\w+)`?",
                       re.IGNORECASE)


def _must_not(tool: str, props: Props) -> list[Rule]:
    out = []
    for m in (m for t in _texts(tool, props) for m in _MUST_NOT.finditer(t)):
        owned, subject = _quoted_values(m.group(1), props), _name(m.group(2), props)
        rest = tuple(v for v in _enum(props[owned[0]]) if v not in owned[1]) if owned else ()
        if owned and subject and subject != owned[0] and rest:
            out.append(Rule("needs", subject, (owned[0],), rest))
    return out


# "An entrapment is always priority 'emergency'": one enum's value fixes another's.
_ALWAYS = re.compile(r"(?:^|[.;]\s*)([\w\s-]{2,60}?) (?:is|are) always (?:(\w+) )?['\"`]([\w-]+)['\"`]", re.IGNORECASE)


def _always(tool: str, props: Props) -> list[Rule]:
    out = []
    for m in (m for t in _texts(tool, props) for m in _ALWAYS.finditer(t)):
        named = _name(m.group(2) or "", props)
        target = named if named and m.group(3) in _enum(props[named]) else _owner_of(m.group(3), props)
        subject = _values_in(m.group(1), props, skip=target or "")
        if target and subject and subject[0] != target:
            out.append(Rule("implies", target, (subject[0],), subject[1][:1], m.group(3)))
    return out


def _for_shared_word(props: Props, taken: set[str]) -> list[Rule]:
    """"When the tool should be back, for down states": the members of `state` that hold the word
    (scheduled_down, unscheduled_down) are the ones the parameter goes with."""
    out: list[Rule] = []
    for owner, schema in props.items():
        members = [v for v in _enum(schema) if isinstance(v, str)]
        noun = owner.lower().split("_")[-1]
        words = {w for v in members for w in v.lower().split("_") if len(w) >= 3}
        for word in sorted(words):
            holders = tuple(v for v in members if word in v.lower().split("_"))
            if not 2 <= len(holders) < len(members):
                continue
            said = rf"\bfor (?:the |all )?{re.escape(word)}[\s_-]{re.escape(noun)}s?\b"
            out += [Rule("needs", name, (owner,), holders) for name, own in props.items()
                    if name != owner and name not in taken and isinstance(own, dict)
                    and re.search(said, str(own.get("description") or ""), re.IGNORECASE)]
    return out


# An enum naming how to reach someone ("preferred_contact": phone, sms, email) needs the way it names.
_CHANNEL_WORDS = frozenset({"contact", "channel", "via", "notify", "notification", "notifications", "reach"})


def _channel_needs(props: Props) -> list[Rule]:
    out: list[Rule] = []
    for owner, schema in props.items():
        if not _CHANNEL_WORDS & set(owner.lower().split("_")):
            continue
        out += [Rule("if_value", value, (owner,), (value,)) for value in _enum(schema)
                if value != owner and isinstance(props.get(value), dict)]
    return out


_ANY_VALUE = frozenset({"other", "none", "all", "any", "unknown", "default"})


# A parameter's own description pairing its values with another's members: "Karat for gold ('10K',
# '14K', '24K'), fineness for silver and platinum ('925', '999', '950')" (set 13: platinum at 24K).
_FOR_MEMBERS = re.compile(r"\bfor ([\w ,-]+?)\s*\(([^)]*['\"`][^)]*)\)", re.IGNORECASE)


def _values_for_members(tool: str, props: Props) -> list[Rule]:
    out = []
    for name, schema in props.items():
        own = set(_enum(schema))
        if not own or not isinstance(schema, dict):
            continue
        for phrase, listed in _FOR_MEMBERS.findall(str(schema.get("description") or "")):
            members = _values_in(phrase, props, skip=name)
            values = tuple(v for v in re.findall(r"['\"`]([^'\"`]+)['\"`]", listed) if v in own)
            if members and values:
                out.append(Rule("pairs", name, (members[0],), members[1], values))
    return out


# A parameter's own forms given per value of another enum: "Reporting unit; must match the analyte:
# 'NTU' for turbidity; 'mg/L' for free_chlorine, total_chlorine and toc; 'SU' for ph", or glossed by
# those values' words, "e.g. 'EPA 180.1' (turbidity), 'SM 4500-Cl G' (DPD chlorine)" (set 26: pH
# reported in unit "1", turbidity by a chlorine method).
_FORM_FOR = re.compile(r"['\"`]([^'\"`]{1,40})['\"`]\s+for\s+((?:[\w-]+(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)?)+)")
_GLOSSED = re.compile(r"['\"`]([^'\"`]{1,40})['\"`]\s*\(([^()]{1,40})\)")


def _forms_said(tool: str, props: Props) -> list[Rule]:
    out = []
    enums = {n: _enum(s) for n, s in props.items() if isinstance(s, dict) and s.get("enum")}
    for name, schema in props.items():
        if not isinstance(schema, dict) or schema.get("enum") or schema.get("type") not in (None, "string"):
            continue
        text = str(schema.get("description") or "")
        for other, values in ((o, v) for o, v in enums.items() if o != name):
            listed = [(m.group(1), [v for v in values if re.search(rf"(?<![\w-]){re.escape(v)}(?![\w-])", m.group(2))])
                      for m in _FORM_FOR.finditer(text)]
            glossed = [(m.group(1), _glossed(m.group(2), values)) for m in _GLOSSED.finditer(text)]
            for found in (listed, glossed):
                found = [(form, said) for form, said in found if said]
                if len(found) >= 2:  # one form for one value says nothing of the others'
                    out += [Rule("forms_for", name, (other,), tuple(said), (form,)) for form, said in found]
    return out


def _glossed(gloss: str, values: list[str]) -> list[str]:
    """The values a short gloss names: every word of a value ("pH" for ph), else the values its
    last word ends ("DPD chlorine": free_chlorine and total_chlorine)."""
    words = _words_of_value(gloss)
    whole = [v for v in values if _words_of_value(v) and set(_words_of_value(v)) <= set(words)]
    return whole or [v for v in values if words and len(_words_of_value(v)) > 1 and _words_of_value(v)[-1] == words[-1]]


# "The cap in rate_unit: 6 to 80 for A, 1000 to 400000 for W" (set 35: a 23 W cap on a charger):
# a number's own range per member of another enum, said in its own description.
_RANGE_FOR = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s*(?:to|-|–)\s*(\d[\d,]*(?:\.\d+)?)\s+for\s+['\"`]?([\w-]+)['\"`]?")


def _ranges_per_value(tool: str, props: Props) -> list[Rule]:
    out = []
    for subject, schema in props.items():
        if schema.get("type") not in _NUMBER_TYPES or schema.get("enum"):
            continue
        found = [(float(m[1].replace(",", "")), float(m[2].replace(",", "")), m[3])
                 for m in _RANGE_FOR.finditer(str(schema.get("description") or ""))]
        owners = {_owner_of(v, {n: s for n, s in props.items() if n != subject}) for _, _, v in found}
        if len(found) < 2 or len(owners) != 1 or None in owners:
            continue
        owner = owners.pop()
        out += [Rule("band_if", subject, (owner,), (v,), (lo, hi)) for lo, hi, v in found if lo < hi]  # type: ignore[arg-type]
    return out


# "Quantity in metric tonnes. MGO 20-500 mt, other grades 100-5000 mt", "Maximum sulphur ... at or below
# the grade's limit: 3.50 HSFO, 0.50 VLSFO and B24_VLSFO, 0.10 ULSFO and MGO" (set 43: 30 mt of VLSFO, a
# 2.8% cap on MGO): a number's band per member of an enum, the member before its range or after its cap.
_NUM = r"(\d[\d,]*(?:\.\d+)?)"
_OTHER_BAND = re.compile(rf"\b(?:all )?others?(?: [a-z]+)?\s+{_NUM}\s*(?:-|–|to)\s*{_NUM}", re.IGNORECASE)
_CAPPED = re.compile(r"\b(?:limit|max(?:imum)?|at most|at or below|cap)\b", re.IGNORECASE)


def _member_bands(tool: str, props: Props) -> list[Rule]:
    out = []
    for subject, schema in ((n, s) for n, s in props.items() if s.get("type") in _NUMBER_TYPES and not s.get("enum")):
        said, floor = str(schema.get("description") or ""), float(schema.get("minimum", 0))
        for owner, members in ((n, [str(v) for v in s["enum"]]) for n, s in props.items() if s.get("enum") and n != subject):
            bands = {}
            for m in members:
                ranged = re.search(rf"(?<![\w-]){re.escape(m)}\s+{_NUM}\s*(?:-|–|to)\s*{_NUM}", said)
                capped = re.search(rf"{_NUM}\s+(?:[\w-]+(?:,\s*|\s+and\s+|\s+or\s+))*?{re.escape(m)}(?![\w-])", said)
                if ranged:
                    bands[m] = (float(ranged[1].replace(",", "")), float(ranged[2].replace(",", "")))
                elif capped and _CAPPED.search(said[:capped.start()]):
                    bands[m] = (floor, float(capped[1].replace(",", "")))
            rest = _OTHER_BAND.search(said)
            if rest and bands:
                bands.update({m: (float(rest[1].replace(",", "")), float(rest[2].replace(",", ""))) for m in members if m not in bands})
            if len(bands) >= 2:
                out += [Rule("band_if", subject, (owner,), (m,), band) for m, band in bands.items() if band[0] < band[1]]
    return out


# "Size class by deadweight: GP 10,000-24,999 dwt, MR 25,000-54,999, ..." (set 42: a GP tanker searched
# at 60,000 dwt and more): an enum whose members are bands of a measure another parameter gives.
_BY_MEASURE = re.compile(r"^[^:.;]*?\bby ([a-z]+)\b", re.IGNORECASE)


def _bands_of_members(tool: str, props: Props) -> list[Rule]:
    out = []
    for owner, schema in ((n, s) for n, s in props.items() if s.get("enum")):
        said = str(schema.get("description") or "")
        measure = _BY_MEASURE.match(said)
        subject = next((n for n, s in props.items() if n != owner and s.get("type") in _NUMBER_TYPES and measure and
                        measure[1].lower() in f"{n} {s.get('description') or ''}".lower()), None)
        if subject is None:
            continue
        for member in map(str, schema["enum"]):
            band = re.search(rf"(?<![\w-]){re.escape(member)}\s+(\d[\d,]*)\s*(?:-|–|to)\s*(\d[\d,]*)\b", said)
            lo, hi = (float(band[1].replace(",", "")), float(band[2].replace(",", ""))) if band else (0.0, 0.0)
            out += [Rule("band_if", subject, (owner,), (member,), (lo, hi))] if lo < hi else []  # type: ignore[arg-type]
    return out


# "Digital devices go in a faraday_bag", "biological items must be packaged in paper (paper_bag or
# box)" (set 42: a phone in an envelope, blood in a heat-sealed bag): a member of one enum said with
# the members of another it goes in.
_GOES_IN = re.compile(r"\b(?:go|goes|must go|are packed|must be packed|must be packaged|are packaged|belong|are kept|must be kept|"
                      r"are stored|must be stored)\s+in\b", re.IGNORECASE)


def _goes_in(tool: str, props: Props) -> list[Rule]:
    enums = {n: [str(v) for v in s["enum"]] for n, s in props.items() if s.get("enum") and s.get("type") == "string"}
    out: list[Rule] = []
    for sentence in (x for t in _texts(tool, props) for x in re.split(r"(?<=[.;])\s+", t)):
        verb = _GOES_IN.search(sentence)
        if verb is None:
            continue
        head, rest = sentence[:verb.start()].lower(), sentence[verb.end():]
        for owner, members in enums.items():
            said = [m for m in members if re.search(rf"\b{re.escape(m.replace('_', ' '))}(?:s|es)?\b", head.replace("_", " "))]
            for subject, into in ((n, [v for v in vs if re.search(rf"(?<![\w-]){re.escape(v)}(?![\w-])", rest)])
                                  for n, vs in enums.items() if n != owner):
                out += [Rule("pairs", subject, (owner,), (m,), tuple(into)) for m in said[:1] if into]
    return out


def _made_for(tool: str, props: Props) -> list[Rule]:
    """A member named for a member of another enum is for that one alone (set 43: a faraday bag for
    documents, a blood kit for narcotics): `packaging="firearm_box"` takes `category="firearm"`;
    and the one container a "go in" sentence gives a class ("Digital devices go in a faraday_bag")
    is that class's."""
    enums = {n: [str(v) for v in s["enum"]] for n, s in props.items() if s.get("enum") and s.get("type") == "string"}
    out = [Rule("pairs", r.others[0], (r.subject,), r.target, r.values)
           for r in _goes_in(tool, props) if len(r.target) == 1]
    for owner, members in enums.items():
        for subject, kinds in ((n, vs) for n, vs in enums.items() if n != owner):
            for member in (m for m in members if re.search(r"[_ -]", m)):
                said = [k for k in kinds if _names_a_thing(k) and re.match(rf"{re.escape(k)}[_ -]", member)]
                out += [Rule("pairs", subject, (owner,), (member,), (said[0],))] if len(said) == 1 else []
    return out


def _names_a_thing(kind: str) -> bool:
    """A member that can only be a noun ("firearm", "pest"), not "full", "standard", "patient" or
    "other", which lead members of other kinds ("full_value_protection", "other_hcp")."""
    from ..phrasebook.lexicon import lemmas

    return kind != "other" and set(lemmas(kind)) == {"NOUN"}


# "an SPT split-spoon sample spans 1.5 ft, a Shelby tube 2 ft" (set 42: a Shelby tube logged from 1 to
# 8 feet): the span between a pair's two ends per member of an enum.
_SPANS = re.compile(r"\bspans?\b", re.IGNORECASE)
_SPAN_OF = re.compile(r"(\d+(?:\.\d+)?)\s*(?:ft|feet|foot|m|cm|mm|in|inches|metres|meters)\b", re.IGNORECASE)


def _spans_per_value(tool: str, props: Props) -> list[Rule]:
    said = next((x for t in _texts(tool, props) for x in re.split(r"(?<=\.)\s+", t) if _SPANS.search(x)), None)
    pair = next((r for r in _compared(tool, props) if r.kind == "below"), None)
    if said is None or pair is None:
        return []
    out = []
    for clause in re.split(r"[,;]\s*", said):
        size = _SPAN_OF.search(clause)
        words = clause.lower().replace("-", " ").replace("_", " ")
        for owner, schema in ((n, s) for n, s in props.items() if s.get("enum")):
            member = next((str(m) for m in schema["enum"] if str(m).replace("_", " ") in words), None)
            if member and size:
                out.append(Rule("span", pair.others[0], (pair.subject, owner), (member,), (float(size[1]),)))  # type: ignore[arg-type]
    return out


# "ChargePointMaxProfile caps the whole charger and requires connector_id 0" (set 35: a charger's
# cap put on connector 2): a member of one enum fixes another parameter's value.
_REQUIRES_VALUE = re.compile(r"(?:^|[.;]\s*)['\"`]?([\w-]+)['\"`]?\b[^.;]{0,80}?\brequires\s+`?(\w+)`?\s+(?:(?:of|=|set to|at)\s+)?"
                             r"['\"`]?([\w.-]+?)['\"`]?(?=[\s.,;)]|$)", re.IGNORECASE)


def _requires_value(tool: str, props: Props) -> list[Rule]:
    out = []
    for m in (m for t in _texts(tool, props) for m in _REQUIRES_VALUE.finditer(t)):
        subject, owner = _name(m[2], props), _owner_of(m[1], props)
        if subject is None or owner is None or owner == subject:
            continue
        schema = props[subject]
        value: Any = m[3]
        if schema.get("type") in _NUMBER_TYPES:
            n = _number(value)
            value = None if n is None else int(n) if schema.get("type") == "integer" else n
        if value is not None and is_valid(schema, value):
            out.append(Rule("implies", subject, (owner,), (m[1],), value))
    return out


# "First-party coverages (COLL, COMP, RENTAL, TOWING) are for the insured or their passengers; BI and
# PD are for third-party claimants" (set 35: towing for a pedestrian): members of one enum that go
# with the members of another the sentence names.
_ARE_FOR = re.compile(r"(?:\(|^|[.;]\s*)((?:['\"`]?[\w-]+['\"`]?(?:,\s*|\s+and\s+|\s+or\s+))+['\"`]?[\w-]+['\"`]?)\)?"
                      r"\s+(?:are|is) (?:only |always )?for (?:the |an? )?([\w\s'-]{3,80}?)(?=[.;,(]|$)", re.IGNORECASE)


def _are_for(tool: str, props: Props) -> list[Rule]:
    out = []
    for m in (m for t in _texts(tool, props) for m in _ARE_FOR.finditer(t)):
        listed = [w.strip("'\"`") for w in _LISTED.split(m[1]) if w.strip()]
        owners = {_owner_of(w, props) for w in listed}
        owner = owners.pop() if len(owners) == 1 else None
        said = {w.rstrip("s") for w in re.split(r"[\s'-]+", m[2].lower()) if w}
        for subject, schema in props.items():
            members = [v for v in _enum(schema) if isinstance(v, str)]
            fit = tuple(v for v in members if len(v.split("_")) == 1 and v.lower().rstrip("s") in said
                        or sum(w.rstrip("s") in said for w in v.lower().split("_")) >= 2)
            if owner and subject != owner and fit and len(fit) < len(members):
                out.append(Rule("pairs", subject, (owner,), tuple(listed), fit))
    return out


# "patient_age and age_group must agree" beside "neonate (under 28 days), infant (28 days to 23
# months), child (2 to 11 years), ..., elderly (65 and over)" (set 36: a 70-year-old neonate): the
# number's band names the enum's value, each band in the number's own unit.
_AGREE = re.compile(r"\b(\w+) and (\w+) must (?:agree|match|be consistent)\b", re.IGNORECASE)
_IN_YEARS = {"day": 1 / 365, "days": 1 / 365, "week": 7 / 365, "weeks": 7 / 365, "month": 1 / 12, "months": 1 / 12,
             "year": 1.0, "years": 1.0}
_MEMBER_BAND = re.compile(r"^(?:(under|below|less than) (\d+(?:\.\d+)?) ?(\w+)?|(\d+(?:\.\d+)?) ?(\w+)? (?:to|-|–) "
                          r"(\d+(?:\.\d+)?) ?(\w+)?|(\d+(?:\.\d+)?) ?(\w+)? (?:and over|and older|or older|or more|\+))$")


# "release_type: ..., conditional (released on conditions agreed with the flag state; give
# conditions)", and a parameter's own "Conditions of a conditional release, required then" (set 37:
# a full release given the conditions of a conditional one): the parameter goes with that value.
_GIVEN_IN_GLOSS = re.compile(r"\b([\w-]+) \([^()]*?\bgive (\w+)\)", re.IGNORECASE)
_OF_A_VALUE = re.compile(r"^\s*\w+(?: \w+)? of (?:a|an|the) ([\w-]+) \w+,? (?:required|needed) (?:then|in that case)\b",
                         re.IGNORECASE)


def _given_with_value(tool: str, props: Props) -> list[Rule]:
    out = []
    for m in (m for t in _texts(tool, props) for m in _GIVEN_IN_GLOSS.finditer(t)):
        owner, subject = _owner_of(m[1], props), _name(m[2], props)
        if owner and subject and owner != subject:
            out.append(Rule("when", subject, (owner,), (m[1],)))
    for name, schema in props.items():
        own = _OF_A_VALUE.match(str(schema.get("description") or ""))
        owner = _owner_of(own[1], props, skip=name) if own else None
        if own and owner:
            out.append(Rule("when", name, (owner,), (own[1],)))
    return out


# "outcome fatal requires death in seriousness" (set 37: a fatal event whose seriousness left
# death out): a value of one enum puts a member in a list.
# "gnss_control needs gnss_static_receiver or gnss_rtk_rover in equipment" (set 40: control work booked
# with a digital level only): the value named alone, and any of the members listed.
_REQUIRES_MEMBER = re.compile(r"\b(?:(\w+) )?['\"`]?([\w-]+)['\"`]? (?:requires|needs) ['\"`]?([\w-]+)['\"`]?"
                              r"((?:,?\s+or\s+['\"`]?[\w-]+['\"`]?|,\s*['\"`]?[\w-]+['\"`]?)*) in (\w+)\b", re.IGNORECASE)


def _requires_member(tool: str, props: Props) -> list[Rule]:
    out = []
    for m in (m for t in _texts(tool, props) for m in _REQUIRES_MEMBER.finditer(t)):
        listed = _name(m[5], props)
        owner = (_name(m[1], props) if m[1] else None) or _owner_of(m[2], props, skip=listed or "")
        if owner is None or listed is None or owner == listed or props[listed].get("type") != "array":
            continue
        items = props[listed].get("items") if isinstance(props[listed].get("items"), dict) else {}
        members = (m[3], *(w for w in re.findall(r"[\w-]+", m[4] or "") if w != "or"))
        if m[2] in _enum(props[owner]) and all(w in _enum(items or {}) for w in members):
            out.append(Rule("contains", listed, (owner,), (m[2],), members))
    return out


def _agreeing_bands(tool: str, props: Props) -> list[Rule]:
    out = []
    for m in (m for t in _texts(tool, props) for m in _AGREE.finditer(t)):
        pair = [_name(m[1], props), _name(m[2], props)]
        number = next((n for n in pair if n and (props[n] or {}).get("type") in _NUMBER_TYPES), None)
        kind = next((n for n in pair if n and _enum(props[n])), None)
        if number is None or kind is None:
            continue
        unit = "years" if re.search(r"\bin years\b", str(props[number].get("description") or "")) else None
        for value in _enum(props[kind]):
            said = re.search(rf"\b{re.escape(value)}\s*\(([^()]+)\)", str(props[kind].get("description") or ""))
            band = _member_band(said[1].strip(), unit) if said else None
            if band is not None:
                out.append(Rule("band_is", kind, (number,), (value,), band))
    return out


def _member_band(text: str, unit: str | None) -> tuple[float, float] | None:
    """(lowest, highest) of "under 28 days", "28 days to 23 months", "2 to 11 years", "65 and over",
    in years where the number counts years (a band in another unit is converted), else as said."""
    m = _MEMBER_BAND.match(text)
    if m is None:
        return None

    def of(n: str, said: str | None, fallback: str | None) -> float:
        word = said or fallback
        return float(n) * (_IN_YEARS.get(word or "", 1.0) if unit == "years" else 1.0)

    if m[1]:
        return 0.0, of(m[2], m[3], m[3]) - 1e-9
    if m[4]:
        return of(m[4], m[5], m[7]), of(m[6], m[7], m[7])
    return of(m[8], m[9], m[9]), 1e9


# A clause that leaves out "is required" after one that says it: "work_order_number is required when
# status is scheduled, completion_date when completed, deferral_reason when deferred";
# "remaining_length_ft is required for length_reduced, remaining_width_ft for width_reduced" (set 39).
_REQUIRED_SAID = re.compile(r"\b(?:is|are) (?:required|mandatory|needed) (?:when|for|with|on|if)\b[^.]*", re.IGNORECASE)
# ... and one that points back at the values the clause before named: "title_commitment_number is
# required for alta_nsps surveys, and table_a_items only applies to them".
_ONLY_THEM = re.compile(r"^(?:is|are) (?:required|mandatory|needed) for (?:an? |the )?([\w-]+)\b[^.;]*?(?:,\s*)?\band "
                        r"`?([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`? (?:only )?(?:applies|apply|is used|are used) (?:only )?to "
                        r"(?:them|those|these|it)\b", re.IGNORECASE)
_ELIDED = re.compile(r"(?:,|;|\band)\s+(?:and\s+)?`?([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`? (?:when|for|with|on|if) (?:an? |the |it is |"
                     r"they are )?((?:['\"`]?[\w-]+['\"`]?(?:,\s*|\s+(?:and|or)\s+)?)+)")


def _elided_required(tool: str, props: Props) -> list[Rule]:
    """The clauses `_ELIDED` reads after a "... is required when/for ..." (`_REQUIRED_SAID`): each
    parameter goes with the values of one enum it names, and only with them (rule "needs")."""
    out = []
    for said in _REQUIRED_SAID.finditer(tool):
        for m in _ELIDED.finditer(said.group(0)):
            name = m.group(1) if m.group(1) in props else None
            words = [w.strip("'\"`") for w in re.split(r",\s*|\s+(?:and|or)\s+", m.group(2)) if w.strip("'\"`")]
            owners = [_owner_of(w, props, skip=name or "") for w in words]
            named = words[:owners.index(None)] if None in owners else words  # (never "... and must be less")
            if name and named and len(set(owners[:len(named)])) == 1:
                out.append(Rule("needs", name, (str(owners[0]),), tuple(named)))
        them = _ONLY_THEM.match(said.group(0))
        owner = _owner_of(them.group(1), props, skip=them.group(2)) if them and them.group(2) in props else None
        if them and owner:
            out.append(Rule("only", them.group(2), (owner,), (them.group(1),)))
    return out


# "discrepancy_notes are required when counted_items differs from expected_items" (set 42: audits 242
# expected, 70 counted, no note).
_DIFFERS = re.compile(r"`?([a-z]\w*)`? (?:is|are) required (?:when|if) `?([a-z]\w*)`? differs? from `?([a-z]\w*)`?",
                      re.IGNORECASE)


def _when_differs(tool: str, props: Props) -> list[Rule]:
    return [Rule("differs", m[1], (m[2], m[3])) for t in _texts(tool, props) for m in _DIFFERS.finditer(t)
            if all(n in props for n in (m[1], m[2], m[3]))]


# "cold_case and appeal_pending holds have no expiry" (set 42: an appeal hold lapsing in July): the
# parameter named by the noun goes only with the enum's other values.
_HAVE_NO = re.compile(r"\b((?:`?[a-z]\w*`?,\s*)*`?[a-z]\w*`?\s+(?:and|or)\s+`?[a-z]\w*`?)\s+(?:[a-z]+\s+)?(?:have|has|take|takes)"
                      r"\s+no\s+([a-z]+)\b", re.IGNORECASE)


def _no_value_for(tool: str, props: Props) -> list[Rule]:
    out = []
    for m in (m for t in _texts(tool, props) for m in _HAVE_NO.finditer(t)):
        said = [w.strip("` ") for w in re.split(r",\s*|\s+(?:and|or)\s+", m[1])]
        owner = next((n for n, sch in props.items() if set(said) <= set(map(str, sch.get("enum") or [])) and len(said) >= 1), None)
        stem = m[2].lower()[:5]
        subject = next((n for n in props if n != owner and any(w.startswith(stem) for w in n.lower().split("_"))), None)
        if owner and subject:
            others = tuple(v for v in props[owner]["enum"] if v not in said)
            out.append(Rule("only", subject, (owner,), others))
    return out


# A parameter's own "Packing group; omit for Classes 2 and 7 and Division 6.2" (set 43: packing group
# II on a Class 2.2 gas): set only beside the enum's other members. A listed "2" covers members "2.1"
# and "2.2"; every listed item must be a member, so "not for use with X" reads nothing.
_OMIT_FOR = re.compile(r"\b(?:omit(?:ted)?|leave (?:it )?out|not|never)\s+(?:for|with|on)\s+([^.;)]+)", re.IGNORECASE)
_LIST_WORDS = re.compile(r"\b(?:the|a|an|class(?:es)?|divisions?|types?|kinds?|categor(?:y|ies)|and|or)\b", re.IGNORECASE)


def _omitted_for(tool: str, props: Props) -> list[Rule]:
    out = []
    for subject, schema in props.items():
        for m in _OMIT_FOR.finditer(str(schema.get("description") or "")):
            said = [w.strip("`'\" ") for w in re.split(r",|\s+", _LIST_WORDS.sub(" ", m[1])) if w.strip("`'\" ")]
            for owner, other in ((n, [str(v) for v in s.get("enum") or []]) for n, s in props.items() if n != subject):
                hit = [[v for v in other if v == w or v.startswith(f"{w}.")] for w in said]
                if said and other and all(hit):
                    out.append(Rule("only", subject, (owner,), tuple(v for v in other if not any(v in h for h in hit))))
    return out


# "Give liquid_limit and plastic_limit, or non_plastic true with neither" (set 42: 48 Atterberg
# results that recorded nothing): the values, or the flag, never both, never neither.
_OR_FLAG = re.compile(r"\bgive\s+`?([a-z]\w*)`?(?:\s+and\s+`?([a-z]\w*)`?)?(?:\s*\([^)]*\))?,?\s+or\s+`?([a-z]\w*)`?"
                      r"\s+(?:true|set)\b", re.IGNORECASE)


def _values_or_flag(tool: str, props: Props) -> list[Rule]:
    out = []
    for m in (m for t in _texts(tool, props) for m in _OR_FLAG.finditer(t)):
        flag = m[3]
        if (props.get(flag) or {}).get("type") != "boolean":
            continue
        out += [Rule("one_of", v, (flag,)) for v in (m[1], m[2]) if v and v in props and v != flag]
    return out


# "Values ... must not increase from a coarser sieve to a finer one" (set 42: 21% passing the No. 4
# sieve and 65% the No. 200): the numbers of a group of like-named parameters fall (or rise) in the
# order the schema gives them.
_MONOTONE = re.compile(r"\b(?:must|should|may|can)\s+(?:not|never)\s+(increase|decrease|rise|fall|grow|drop)\s+from\b|"
                       r"\b(?:must|should)\s+(decrease|increase|fall|rise|drop|grow)\s+from\b", re.IGNORECASE)


def _monotone(tool: str, props: Props) -> list[Rule]:
    m = _MONOTONE.search(tool)
    if not m:
        return []
    by_ends: dict[tuple[str, str], list[str]] = {}  # "passing_no4_pct": (passing, pct), in the schema's order
    for n in (n for n, s in props.items() if (s or {}).get("type") in _NUMBER_TYPES and "_" in n):
        by_ends.setdefault((n.split("_")[0], n.split("_")[-1]), []).append(n)
    group = max(by_ends.values(), key=len, default=[])
    if len(group) < 3:
        return []
    falls = (m[1] or "").lower() in ("increase", "rise", "grow") or (m[2] or "").lower() in ("decrease", "fall", "drop")
    return [Rule("below", b, (a,)) if falls else Rule("below", a, (b,)) for a, b in itertools.pairwise(group)]


READERS: list[Callable[[str, Props], list[Rule]]] = [_values_or_flag, _when_differs, _no_value_for, _bands_of_members, _member_bands, _goes_in, _made_for, _omitted_for, _spans_per_value, _requires, _required_when, _required_with_flag, _implies, _value_for, _together, _sign,
                                                      _for_value, _needed_for, _only_for, _either, _values_require,
                                                      _forbidden_otherwise, _required_for, _only_with, _backing,
                                                      _values_take, _pairs, _without_only, _within, _band_if,
                                                      _spoken_for, _always, _refused_unless, _must_not,
                                                      _values_for_members, _words_require, _give_for_value, _empty_when,
                                                      _compared, _stations_ordered, _give_for_listed, _give_ways,
                                                      _least_per_value, _values_in_asides, _any_of, _own_only, _lists_per_value, _values_fit,
                                                      _examples_per_value, _forms_said, _in_ranges,
                                                      _thresholds, _above_below, _usually_near, _may_be, _elided_required, _suits, _must_when_over,
                                                      _ranges_per_value, _requires_value, _give_list, _are_negative,
                                                      _are_for, _agreeing_bands, _requires_member, _given_with_value,
                                                      _limits_listed, _not_for, _prefix_glossed, _own_when,
                                                      _member_named_bands, _products, _when_done, _numbers_listed,
                                                      _higher_of_two, _parts_within, _aside_members, _tool_member_ranges,
                                                      _member_worded_bands, _value_on_member, _why_flagged, _quotients, _sums, _found_by_flag, _table_pairs, _examples_per_member, _member_ceiling, _offsets, _member_prices, _sized_by_member]


def rules(description: str, props: Props) -> list[Rule]:
    """Every prose rule between a tool's parameters (a group's order read from the schema's own
    order of its parameters: `_monotone`)."""
    return list(_rules(description, _props_key(props))) + _monotone(description, props)


@by_identity()
def _props_key(props: Props) -> str:
    import json

    return json.dumps(props, sort_keys=True, default=str)


@lru_cache(maxsize=2048)
def _rules(description: str, props_key: str) -> tuple[Rule, ...]:
    import json

    props = json.loads(props_key)
    out: list[Rule] = []
    for rule in (r for reader in READERS for r in reader(description, props)):
        # "Phase 'closed' requires done_pct 100" is read by `_implies` already: the general
        # "'v1' and 'v2' require P" reader (`_values_require`, last) adds no second rule on it
        # ... but "Rabies only: number on the rabies tag" (`_only_for`) and "rabies needs the rabies tag
        # number" are one each way (set 48: rabies shots with no tag)
        if rule.kind == "if_value" and any({rule.subject, *rule.others} == {o.subject, *o.others} and o.kind != "only"
                                           for o in out):
            continue
        # a value said in words (`_spoken_for`, last) adds nothing where a reader above read the pair
        if rule.kind == "needs" and any((rule.subject, rule.others) == (o.subject, o.others) and o.kind not in ("pairs", "band_if")
                                        for o in out):
            continue
        out.append(rule)
    # a reading so far above another is above it: the offset alone holds the pair (set 49: a "below" fix moved
    # the brine supply out of its band before the offset set the return)
    offset = {frozenset((r.subject, *r.others)) for r in out if r.kind == "offset"}
    out = [r for r in out if not (r.kind in ("below", "above") and frozenset((r.subject, *r.others)) in offset)]
    # where a text says which values of one enum a parameter goes with, a clause read as "'v'
    # requires it" of another enum misread its subject ("An entrapment is always priority
    # 'emergency' and must give passengers_trapped" is no rule of every emergency)
    said = {(r.subject, r.others[0]) for r in out if r.kind == "needs"}
    # "death in seriousness requires outcome fatal": the value it fixes (`implies`), never "an outcome
    # only with a death" (set 36: every event's required outcome tied to a death)
    implied = {(r.subject, r.others[0]) for r in out if r.kind == "implies"}
    # a subject that goes with more values than a "needs" rule names (underwater inspections need
    # access_equipment dive_team or boat, fracture_critical ones snooper_ubit ...): needed there, not only there
    wider = {(r.subject, r.others[0], v) for r in out if r.kind == "pairs" for v in r.values}
    out = [Rule("if_value", r.subject, r.others, r.values) if r.kind == "needs" and any(
        (r.subject, r.others[0], v) in wider for v in _enum(props.get(r.others[0]) or {}) if v not in r.values) else r
        for r in out]
    # a value left out is its default: where the pair does not allow it, the subject is given ("none"
    # access equipment of a fracture-critical inspection: set 39)
    out += [Rule("if_value", r.subject, r.others, r.values) for r in out if r.kind == "pairs" and
            "default" in (props.get(r.subject) or {}) and props[r.subject]["default"] not in r.target]
    out = [_as_booleans(_with_default(r, props), props) for r in out]
    strict = {(r.subject, r.others) for r in out if r.kind == "below" and r.values == ("strict",)}
    out = [r for r in out if not (r.kind == "below" and not r.values and (r.subject, r.others) in strict)]  # one of a pair
    return tuple(r for r in out if not (r.kind == "if_value" and any(
        s == r.subject and o != r.others[0] for s, o in said)) and not (
        r.kind == "needs" and (r.subject, r.others[0]) in implied))


def _as_booleans(rule: Rule, props: Props) -> Rule:
    """A rule on a boolean's value written as a word ("When seal_intact is false, condition_notes
    are required") holds the boolean itself (set 42: a broken seal returned with no notes)."""
    other = props.get(rule.others[0]) if rule.others else None
    if not isinstance(other, dict) or other.get("type") != "boolean" or not rule.values or \
            not all(isinstance(v, str) and v.lower() in ("true", "false") for v in rule.values):
        return rule
    return Rule(rule.kind, rule.subject, rule.others, tuple(v.lower() == "true" for v in rule.values), rule.target)


def _with_default(rule: Rule, props: Props) -> Rule:
    """A "when" rule whose other parameter has a schema default holds that default as `target`:
    left out, it is that value ("catch_on_board ... Required when purpose is landing", purpose
    defaulting to landing: a notification with no purpose lists its catch; set 38)."""
    if rule.kind != "when" or rule.target is not None:
        return rule
    default = (props.get(rule.others[0]) or {}).get("default")
    return Rule(rule.kind, rule.subject, rule.others, rule.values, default) if default is not None else rule


# ---------------------------------------------------------------- checking


def _set(args: dict[str, Any], name: str) -> bool:
    """Given: a basis of 0 is a basis (0 == False, so no `in (None, False, ...)` test)."""
    value = args.get(name)
    return name in args and not (value is None or value is False or value == "" or value == [])


# A station along an alignment, hundreds of feet '+' feet: '12+37.50' is 1237.5 ft.
_STATION = re.compile(r"(\d{1,4})\+(\d{2}(?:\.\d+)?)")


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str) and (station := _STATION.fullmatch(value.strip())):
        return float(station[1]) * 100 + float(station[2])
    try:
        return float(value) if isinstance(value, str) else None
    except ValueError:
        return None


def _holds(value: Any, member: Any) -> bool:
    """`value` is `member`, or a list that holds it ("death in seriousness": set 36, a death with
    the outcome "recovering")."""
    return value == member or isinstance(value, list) and member in value


def _broken_set45(rule: Rule, args: dict[str, Any]) -> bool:
    """A product off its factors, an id off its model's code, a diastolic near its systolic (set 45),
    parts over their whole (set 46)."""
    s, o = rule.subject, rule.others[0]
    if rule.kind == "product":  # a product within a rounding of its factors
        x, y, z = _number(args.get(s)), _number(args.get(o)), _number(args.get(rule.others[1]))
        return x is not None and y is not None and z is not None and abs(x - y * z) > max(1.0, 0.02 * abs(x))
    if rule.kind == "parts":  # counts of parts together over their whole (set 46)
        whole, parts = _number(args.get(s)), [_number(args.get(n)) or 0.0 for n in rule.others]
        return whole is not None and sum(parts) > whole
    if rule.kind == "prefixed":  # the code an id opens with is the one its enum's value is glossed by
        code = dict(zip(rule.values, rule.target, strict=False)).get(args.get(o))
        return code is not None and isinstance(args.get(s), str) and not args[s].startswith(code)
    a, b = _number(args.get(s)), _number(args.get(o))  # a diastolic of 0.5-0.75 the systolic ("131 over 130")
    return a is not None and b is not None and not 0.5 * b <= a <= 0.75 * b


def broken(rule: Rule, args: dict[str, Any]) -> bool:
    """Whether `args` break `rule`."""
    s, o = rule.subject, rule.others[0]
    if rule.kind == "requires":
        return _set(args, s) and not any(_set(args, x) for x in rule.others)
    if rule.kind in ("product", "prefixed", "parts") or rule.kind == "below" and _blood_pressure(s, o):
        return _broken_set45(rule, args)
    if rule.kind in _BROKEN_BY:  # a quotient, a sum within a rounding of its parts; a share off its bound
        return _BROKEN_BY[rule.kind](rule, args)
    if rule.kind == "when":  # (an other left out holds its default, `_with_default`)
        return _set(args, s) != (args.get(o, rule.target) in rule.values) and \
            (_set(args, s) or o in args or rule.target is not None)
    if rule.kind == "only":
        return _set(args, s) and o in args and args[o] not in rule.values
    if rule.kind == "needs":
        return o in args and _set(args, s) != (args[o] in rule.values)
    if rule.kind == "implies":  # a word target holds when the subject is left out too (its default is another)
        return _holds(args.get(o), rule.values[0]) and (s in args or isinstance(rule.target, str) or rule.target is True) \
            and args.get(s) != rule.target  # (a flag that must be true is false when left out)
    if rule.kind == "together":
        return (s in args) != (o in args)
    if rule.kind == "always":
        return args.get(s) != rule.target
    if rule.kind == "one_of":
        return _set(args, s) == _set(args, o)
    if rule.kind == "if_value":
        return args.get(o) in rule.values and not _set(args, s)
    if rule.kind == "band_if":
        x = _number(args.get(s))
        return args.get(o) in rule.values and x is not None and not rule.target[0] <= x <= rule.target[1]
    if rule.kind == "near":
        a, b = _number(args.get(s)), _number(args.get(o))
        return a is not None and b is not None and abs(a - b) > abs(b) * rule.target
    if rule.kind == "any_of":
        return not any(_set(args, x) for x in (s, *rule.others))
    if rule.kind in ("span", "differs"):
        return _pair_broken(rule, args)
    if rule.kind == "ways":
        return sum(any(_set(args, x) for x in way) for way in rule.target) > 1
    if rule.kind == "below":  # (a reading before an act and after it: never the same, set 32)
        a, b = _number(args.get(s)), _number(args.get(o))
        return a is not None and b is not None and (a > b or a == b and (_around_an_act(s, o) or rule.values == ("strict",)))
    if rule.kind == "contains":
        return args.get(o) == rule.values[0] and not (isinstance(args.get(s), list) and any(t in args[s] for t in rule.target))
    if rule.kind == "band_is":  # a number in the band says the enum's value
        x = _number(args.get(o))
        return x is not None and rule.target[0] <= x <= rule.target[1] and args.get(s, rule.values[0]) != rule.values[0]
    if rule.kind == "in_ranges":
        x, label = _number(args.get(s)), args.get(o) if o else None
        if label is not None and all(n != str(label) for n, _, _ in rule.target):
            return False  # no range said for this value (manganese "under 0.05"): nothing to keep
        return x is not None and not any(a <= x <= b for n, a, b in rule.target if label is None or n == str(label))
    if rule.kind == "forms_for" and o in args and args[o] not in rule.values:  # Boulder's example parcel in El
        return args.get(s) in rule.target  # Paso County (set 40): a form given for one value, never another's
    if rule.kind in ("pairs", "only_where", "forms_for"):
        return args.get(o) in rule.values and s in args and args[s] not in rule.target
    n = _number(args.get(s))
    if rule.kind == "sign" and n is not None and o in args and n != 0:
        return (n > 0) if args[o] in rule.values else False
    return False


def problems(description: str, props: Props, args: dict[str, Any]) -> list[str]:
    return [f"{r.kind}: {r.subject} / {', '.join(r.others)}" for r in rules(description, props) if broken(r, args)]


# ---------------------------------------------------------------- keeping


def enforce(description: str, props: Props, args: dict[str, Any], draw: Draw,
            keep: frozenset[str] = frozenset()) -> dict[str, Any]:
    """`args` with every prose rule kept where a free parameter allows it."""
    out = _in_order(rules(description, props), dict(args), keep)
    for _ in range(3):  # a fix may set the value another rule reads (reason 'restitution' needs a claimant)
        hit = [r for r in rules(description, props) if broken(r, _defaulted(r, out, props))]
        # the way chosen first, then what goes with it (set 36); a pair completed last, once the
        # values that allow it stand (set 40: stations dropped for lot corners put back by their pair)
        hit.sort(key=lambda r: (r.kind != "one_of", r.kind == "together"))
        for rule in hit:
            view = _defaulted(rule, out, props)
            if broken(rule, view):
                _FIXES[rule.kind](rule, view, draw, keep | _anchored(rule, props))
                owner = rule.others[0]
                if view is not out:
                    if owner not in out and view.get(owner) == dict_at(props, owner).get("default"):
                        view.pop(owner, None)  # the default stays unsaid
                    out.clear()
                    out.update(view)
        if not hit:
            break
    return out


def _in_order(found: list[Rule], args: dict[str, Any], keep: frozenset[str]) -> dict[str, Any]:
    """Numbers that "below" rules put in a chain of three or more take the call's own values sorted
    ("tare < dry soil plus tare < wet soil plus tare": set 42, a tare over the wet mass; sieves
    from coarse to fine, some left out): fixing one pair at a time would break the next."""
    below = [r for r in found if r.kind == "below"]
    groups: list[set[str]] = []
    for r in below:  # the chains: names joined by a rule
        pair = {r.subject, r.others[0]}
        joined = [g for g in groups if g & pair]
        groups = [g for g in groups if not g & pair] + [pair.union(*joined)]
    for names in (g for g in groups if len(g) >= 3):
        args = _sorted_chain([r for r in below if r.subject in names], names, args, keep)
    return args


def _sorted_chain(below: list[Rule], names: set[str], args: dict[str, Any], keep: frozenset[str]) -> dict[str, Any]:
    order: list[str] = []
    left = set(names)
    while left:  # the lowest first: a name no rule puts above another name left
        low = sorted(n for n in left if not any(r.others[0] == n and r.subject in left for r in below))
        if not low:
            return args  # a cycle: nothing to sort by
        order.append(low[0])
        left.discard(low[0])
    given = [n for n in order if _number(args.get(n)) is not None]
    if len(given) < 2 or set(given) & keep:
        return args
    values = sorted((args[n] for n in given), key=lambda v: _number(v) or 0.0)
    return {**args, **dict(zip(given, values))}  # (two equal values of a strict pair: the pair fixes separate them)


_SAYS_EXAMPLE = re.compile(r"\b(?:e\.g\.|for example)[,:]?\s*'?\d")


def _anchored(rule: Rule, props: Props) -> frozenset[str]:
    """The side of a "below" pair the other moves to: the one whose description shows an example
    reading ("Hobbs meter at engine start, e.g. 4521.3"), when the other shows none (set 31: Hobbs
    out moved under a Hobbs in of 13.6)."""
    if rule.kind != "below":
        return frozenset()
    shown = [n for n in (rule.subject, *rule.others[:1])
             if _SAYS_EXAMPLE.search(str((props.get(n) or {}).get("description") or ""))]
    return frozenset(shown) if len(shown) == 1 else frozenset()


def _defaulted(rule: Rule, args: dict[str, Any], props: Props) -> dict[str, Any]:
    """`args` with the rule's enum at its default where the call leaves it out: a load sent
    without a disposition is the default warehouse_storage, and carries no contract_number."""
    owner = rule.others[0] if rule.others else None
    schema = props.get(owner) if owner else None
    if rule.kind in ("needs", "if_value", "implies", "pairs", "band_if") and owner not in args and isinstance(schema, dict) \
            and "default" in schema:
        return {**args, owner: schema["default"]}  # type: ignore[dict-item]
    return args


def _drop(args: dict[str, Any], name: str, keep: frozenset[str]) -> bool:
    if name in keep:
        return False
    args.pop(name, None)
    return True


def _fix_requires(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    other = next((x for x in rule.others if x not in keep), None)
    if other is not None:
        value = draw(other)
        args[other] = True if isinstance(value, bool) else value
    else:
        _drop(args, rule.subject, keep)


def _fix_when(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    s, o, v = rule.subject, rule.others[0], rule.values[0]
    # a free subject follows the call's choice of `o` (no bias towards the one value it needs)
    if _set(args, s):
        if not _drop(args, s, keep) and o not in keep:
            args[o] = v
    elif s not in keep:
        args[s] = draw(s)


def _fix_only(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    if not _drop(args, rule.subject, keep) and rule.others[0] not in keep:
        args[rule.others[0]] = rule.values[0]  # a subject that stays (required) takes the value it goes with


def _fix_needs(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """The enum's value stays (it is the call's choice); the subject follows it, set or left out."""
    s, o = rule.subject, rule.others[0]
    if args[o] in rule.values and s not in keep:
        args[s] = draw(s)
    elif args[o] not in rule.values and not _drop(args, s, keep) and o not in keep:
        args[o] = rule.values[0]
    elif args[o] in rule.values and o not in keep and s in keep:
        args.pop(o, None)


def _fix_implies(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    if rule.subject not in keep:
        target = rule.target
        args[rule.subject] = int(target) if isinstance(target, float) and target.is_integer() else target
    elif rule.others[0] not in keep:
        args.pop(rule.others[0], None)


def _fix_always(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    if rule.subject not in keep:
        args[rule.subject] = rule.target


def _fix_together(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    missing = rule.others[0] if rule.subject in args else rule.subject
    present = rule.subject if missing == rule.others[0] else rule.others[0]
    if missing not in keep:
        args[missing] = draw(missing)
    else:
        _drop(args, present, keep)


def _fix_sign(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    n = _number(args[rule.subject])
    if rule.subject in keep or n is None:
        return
    value = -abs(n)
    raw = args[rule.subject]
    args[rule.subject] = str(value) if isinstance(raw, str) else type(raw)(value)


def _fix_one_of(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """Both given: the free one goes; neither: the subject is drawn (else the other)."""
    s, o = rule.subject, rule.others[0]
    if _set(args, s):
        if not _drop(args, o, keep):
            _drop(args, s, keep)
        return
    name = s if s not in keep else o if o not in keep else None
    if name is not None:
        value = draw(name)
        args[name] = True if isinstance(value, bool) else value  # a flag given is a flag set


def _fix_if_value(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    s, o = rule.subject, rule.others[0]
    if s not in keep:
        args[s] = draw(s)
    elif o not in keep:
        args.pop(o, None)


def _redrawn(name: str, draw: Draw, fits: Callable[[Any], bool]) -> Any:
    return next((v for v in (draw(name) for _ in range(24)) if fits(v)), None)


def _fix_pairs(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """A closed subject takes one of the values its other's value allows (NS-1 for a nonsterile
    batch); when it is fixed, the other moves off the values that need it."""
    s, o = rule.subject, rule.others[0]
    value = _redrawn(s, draw, lambda v: v in rule.target) if s not in keep else None
    if value is not None:
        args[s] = value
    elif o not in keep and (other := _redrawn(o, draw, lambda v: v not in rule.values)) is not None:
        args[o] = other


def _fix_forms_for(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """An open subject takes one of the forms given for its other's value (a '-12' report for FT8),
    picked by the digits of the value it had, so the call stays reproducible."""
    if rule.subject in keep:
        return
    if args.get(rule.others[0]) in rule.values:
        args[rule.subject] = rule.target[sum(map(ord, str(args.get(rule.subject)))) % len(rule.target)]
    elif isinstance(args.get(rule.subject), str):  # another value's form: its digits drawn anew from the call's
        import hashlib  # own values (reproducible), the first kept

        digits = iter(str(int(hashlib.sha256(repr(sorted(args.items(), key=str)).encode()).hexdigest(), 16)))
        args[rule.subject] = re.sub(r"(?<=.)\d", lambda _: next(digits), args[rule.subject])


def _fix_band_is(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """The enum takes the value the number's band says (a pole at 24% is a reject)."""
    if rule.subject not in keep:
        args[rule.subject] = rule.values[0]


def _fix_only_where(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """An open subject (a venue's country) keeps its value; the closed side moves off the values
    that need another (no government indemnity abroad)."""
    s, o = rule.subject, rule.others[0]
    other = _redrawn(o, draw, lambda v: v not in rule.values) if o not in keep else None
    if other is not None:
        args[o] = other
    elif s not in keep:
        args[s] = rule.target[0]


def _fix_near(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """The free side moves near the other: an actual weighing a little off its target (within the
    band, by a share drawn from the other's own digits so the call stays reproducible)."""
    s, o = rule.subject, rule.others[0]
    name, anchor = (s, o) if s not in keep else (o, s) if o not in keep else (None, None)
    if name is None or anchor is None:
        return
    base = _number(args[anchor]) or 0.0
    share = (int(abs(base) * 1000) % 9 - 4) / 4 * rule.target * 0.8  # -0.8 .. +0.8 of the band
    value = round(base * (1 + share), 2)
    raw = args[name]
    args[name] = round(value) if isinstance(raw, int) and not isinstance(raw, bool) else value


def _fix_any_of(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """One of the names set, chosen by the call's own values (reproducible, not always the first)."""
    free = [x for x in (rule.subject, *rule.others) if x not in keep]
    if free:
        name = free[sum(map(ord, repr(sorted(args.items(), key=str)))) % len(free)]
        args[name] = draw(name)


def _fix_ways(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """One way stays: the one a caller fixed, else the one with most of its parameters given; the
    others' own parameters go (a parameter two ways share stays)."""
    given = [(any(x in keep for x in way), sum(_set(args, x) for x in way), -i) for i, way in enumerate(rule.target)]
    chosen = rule.target[given.index(max(given))]
    for way in rule.target:
        for x in way:
            if x not in chosen and x not in keep:
                args.pop(x, None)


def _around_an_act(first: str, second: str) -> bool:
    """`percent_before` and `percent_after`: one reading taken before an act and after it."""
    a, b = (set(re.split(r"[^a-z]+", n.lower())) for n in (first, second))
    return {"before", "after"} <= (a ^ b) and len(a & b) > 0


def _blood_pressure(low: str, high: str) -> bool:
    return "diastolic" in low.lower().split("_") and "systolic" in high.lower().split("_")


def _fix_below(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """The free side moves a little under (or over) the other: tach a tenth or so below Hobbs, a
    next due reading above the one at compliance (a share from the other's own digits: reproducible)."""
    s, o = rule.subject, rule.others[0]
    name, anchor, sign = (s, o, -1) if s not in keep else (o, s, 1) if o not in keep else (None, None, 0)
    if name is None or anchor is None:
        return
    base = _number(args[anchor]) or 0.0
    if isinstance(args.get(name), str):  # a station is drawn again on its side, else the two swap
        picks = [v for v in (draw(name) for _ in range(24)) if isinstance(v, str) and (x := _number(v)) is not None
                 and (x < base if sign < 0 else x > base)]
        if picks:
            args[name] = picks[int(abs(base) * 7) % len(picks)]
        elif anchor not in keep:
            args[name], args[anchor] = args[anchor], args[name]
        return
    # a value the parameter's own draw gives, on the right side and near (a Sheldon point at or under
    # the source grade, never 38), else one a few percent off the other's
    drawn = [x for x in (_number(draw(name)) for _ in range(24)) if x is not None]
    whole = isinstance(args[name], int) and not isinstance(args[name], bool)
    around = [x for x in drawn if (x < base if sign < 0 else x > base)] if _around_an_act(s, o) else []
    if around:  # a gauge read before a fill is any reading under the one after it, never the same (set 32)
        got = around[int(abs(base) * 7) % len(around)]
        args[name] = got if not whole else round(got)
        return
    if _around_an_act(s, o) and name == s and o not in keep and (own := _number(args[s])) is not None:
        over = [x for x in (_number(draw(o)) for _ in range(24)) if x is not None and x > own]
        if over:  # nothing under a gauge of 5 after the fill: the one after it rises instead
            args[o] = round(over[0]) if isinstance(args[o], int) and not isinstance(args[o], bool) else over[0]
            return
    if _blood_pressure(s, o):  # a blood pressure: the
        ratio = 0.58 + (int(abs(base) * 7) % 13) / 100  # diastolic about 0.6-0.7 of the systolic, never "105 over 102"
        args[name] = round(base * ratio if sign < 0 else base / ratio)  # (set 45)
        return
    side = [x for x in drawn if (base * 0.85 <= x <= base if sign < 0 else base <= x <= base * 1.15)]
    listed = [x for x in set(drawn) if (x <= base if sign < 0 else x >= base)]
    if rule.values == ("strict",):  # "greater than": never the same (set 42: a sample from 2 to 2 feet)
        side, listed = [x for x in side if x != base], [x for x in listed if x != base]
    if side or listed and len(set(drawn)) <= 12:  # else a value of a short list (a 125 A panel's breaker: 100 or 125)
        got = (max if sign < 0 else min)(side or listed)
        args[name] = round(got) if whole else got
        return
    # 2 to 10 percent; a reading in the thousands (a Hobbs meter at 5298.5) moves by a flight's
    # few hours, a hundredth of that share (set 31: Hobbs in 1.5 after Hobbs out 5298.5)
    share = (0.02 + (int(abs(base) * 1000) % 9) / 100) * (0.01 if abs(base) >= 1000 else 1)
    places = max(1, len(f"{base:g}".partition(".")[2]))  # a turbidity of 0.09 moves to 0.08, never to -0.0
    value = round(base + sign * max(abs(base) * share, 10 ** -places), places)
    if whole and round(value) == base and anchor not in keep and _number(args[name]) != base:
        args[name], args[anchor] = args[anchor], args[name]  # no whole number between: the two swap (levels 4 and 1)
        return
    args[name] = (round(value) if round(value) != base else round(base) + sign) if whole else value  # a step at least


def _fix_band_if(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """The reading moves into its band (a share of it taken from a fresh draw's digits, so the
    call stays reproducible); a fixed reading moves its enum off the values that band it."""
    s, o = rule.subject, rule.others[0]
    lo, hi = rule.target
    if s not in keep:
        seed = abs(_number(draw(s)) or 0.0)
        moved = lo + (hi - lo) * (int(seed * 1000) % 101) / 100
        if hi - lo >= 1000:  # a wide band's value is a round one: a 250000 W cap, never 252370 (set 35)
            moved = min(max(float(f"{moved:.2g}"), lo), hi)
        places = 1 if hi - lo >= 0.5 else math.ceil(-math.log10(hi - lo)) + 1  # a tack rate of 0.05-0.08 gal/sy:
        said = round(moved) if isinstance(args.get(s), int) and not isinstance(args.get(s), bool) else \
            round(moved, places)  # 0.062, never 0.1 outside it (set 47)
        args[s] = said if lo <= said <= hi else round(moved, 6)  # a band's floor kept: 0.00098 in., never 0.0
    elif o not in keep and (other := _redrawn(o, draw, lambda v: v not in rule.values)) is not None:
        args[o] = other


def _pair_broken(rule: Rule, args: dict[str, Any]) -> bool:
    """A "span" rule: the pair's ends the member's span apart; a "differs" rule: a note needed when
    two values differ, and with it they differ by the few it tells of."""
    s = rule.subject
    if rule.kind == "span":
        low, owner = rule.others
        a, b = _number(args.get(s)), _number(args.get(low))
        return args.get(owner) in rule.values and a is not None and b is not None and abs(a - b - rule.target[0]) > 1e-6
    one, two = (args.get(x) for x in rule.others)
    far = (x := _number(one)) is not None and (y := _number(two)) is not None and abs(x - y) > max(2.0, 0.05 * abs(x))
    return all(x in args for x in rule.others) and (one != two and not _set(args, s) or _set(args, s) and far)


def _fix_span(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """The far end moves to the near end plus the member's span (else the near end to the far one's minus it)."""
    low, span = rule.others[0], rule.target[0]
    whole = all(isinstance(args[x], int) and not isinstance(args[x], bool) for x in (rule.subject, low))
    if rule.subject not in keep:
        value = (_number(args[low]) or 0.0) + span
        args[rule.subject] = int(value) if whole and value == int(value) else round(value, 2)
    elif low not in keep:
        value = (_number(args[rule.subject]) or 0.0) - span
        args[low] = int(value) if whole and value == int(value) else round(value, 2)


def _fix_differs(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """Two counts that differ with no note: the second agrees with the first (an audit that found
    what the system shows), else the note is drawn; with a note, one apart."""
    a, b = rule.others
    if b not in keep:
        noted = _set(args, rule.subject) and isinstance(args[a], int) and not isinstance(args[a], bool) and args[a] > 0
        args[b] = args[a] - 1 if noted else args[a]  # one item the note tells of missing
    elif rule.subject not in keep:
        args[rule.subject] = draw(rule.subject)


def _fix_contains(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    held = args.get(rule.subject)
    if rule.subject not in keep:
        args[rule.subject] = [*(held if isinstance(held, list) else []), rule.target[0]]
    elif rule.others[0] not in keep:
        args.pop(rule.others[0], None)


def _fix_product(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """The first free factor inside its bounds is the quotient of the product by the other (a quantity
    of 62,000 cfm over 345 square feet moves at 180 fpm, never 35: the measured whole is what a person
    writes down first); else the product is its factors' (`target`: each one's bounds)."""
    s, (a, b) = rule.subject, rule.others
    x, y, z = (_number(args.get(n)) for n in (s, a, b))
    if x is None or y is None or z is None or not y or not z:
        return
    whole = {n: isinstance(args[n], int) and not isinstance(args[n], bool) for n in (s, a, b)}
    bounds = dict(zip((s, a, b), rule.target or ((None, None),) * 3, strict=False))

    def inside(name: str, value: float) -> bool:
        lo, hi = bounds.get(name, (None, None))
        return (lo is None or value >= lo) and (hi is None or value <= hi)

    for free, other in ((a, z), (b, y)):
        if free not in keep and inside(free, x / other):
            args[free] = round(x / other) if whole[free] else round(x / other, 1)
            return
    if s not in keep and inside(s, y * z):
        args[s] = round(y * z) if whole[s] else round(y * z, 2)


def _quotient_broken(rule: Rule, args: dict[str, Any]) -> bool:
    x, y, z = (_number(args.get(n)) for n in (rule.subject, *rule.others))
    return x is not None and y is not None and z is not None and z != 0 and \
        abs(x - y / z * float(rule.target)) > 0.006 * abs(x) + 0.051


def _fix_quotient(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """The numerator is the quotient times the denominator (a wet density from the Rice density and the
    percent compaction, both drawn where a person reads them); else the quotient follows its parts."""
    s, (top, bottom) = rule.subject, rule.others
    x, y, z = (_number(args.get(n)) for n in (s, top, bottom))
    if x is None or y is None or z is None or not z:
        return
    if top not in keep:
        args[top] = round(x * z / float(rule.target), 1)
    elif s not in keep:
        args[s] = round(y / z * float(rule.target), 1)


def _fix_parts(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """Parts over their whole come down to a share of it (5 to 35%, from the whole's own digits:
    reproducible), each in proportion; a whole under parts that are all fixed rises above them."""
    whole = _number(args.get(rule.subject))
    given = {n: _number(args.get(n)) or 0.0 for n in rule.others if n in args}
    if whole is None or sum(given.values()) <= whole:
        return
    fixed = sum(v for n, v in given.items() if n in keep)
    free = {n: v for n, v in given.items() if n not in keep}
    room = whole * (0.05 + (int(whole) % 7) / 20) - fixed
    if free and room > 0:
        total = sum(free.values()) or 1.0
        for n, v in free.items():
            args[n] = int(v * room / total)
    elif rule.subject not in keep:
        args[rule.subject] = int(sum(given.values()) / 0.8) + 1


def _fix_prefixed(rule: Rule, args: dict[str, Any], draw: Draw, keep: frozenset[str]) -> None:
    """The id takes its value's code in place of the one it opens with; a fixed id moves the enum to
    the value its code is glossed by."""
    s, o = rule.subject, rule.others[0]
    codes = dict(zip(rule.values, rule.target))
    opened = next((c for c in sorted(rule.target, key=len, reverse=True) if str(args.get(s, "")).startswith(c)), None)
    if s not in keep and opened is not None:
        args[s] = codes[args[o]] + str(args[s])[len(opened):]
    elif o not in keep and opened is not None:
        args[o] = next(v for v, c in codes.items() if c == opened)


_FIXES: dict[str, Callable[[Rule, dict[str, Any], Draw, frozenset[str]], None]] = {
    "requires": _fix_requires, "when": _fix_when, "only": _fix_only, "implies": _fix_implies,
    "together": _fix_together, "sign": _fix_sign, "needs": _fix_needs, "one_of": _fix_one_of,
    "if_value": _fix_if_value, "pairs": _fix_pairs, "only_where": _fix_only_where, "forms_for": _fix_forms_for, "in_ranges": _fix_in_ranges, "near": _fix_near, "below": _fix_below, "any_of": _fix_any_of,
    "band_if": _fix_band_if, "band_is": _fix_band_is, "always": _fix_always, "contains": _fix_contains,
    "ways": _fix_ways, "differs": _fix_differs, "span": _fix_span, "prefixed": _fix_prefixed, "product": _fix_product, "quotient": _fix_quotient, "sum": _fix_sum, "share": _fix_share, "offset": _fix_offset, "priced": _fix_priced, "sized": _fix_sized,
    "parts": _fix_parts,
}
_BROKEN_BY: dict[str, Callable[[Rule, dict[str, Any]], bool]] = {
    "quotient": _quotient_broken, "sum": _sum_broken, "share": _share_broken, "offset": _offset_broken, "priced": _priced_broken, "sized": _sized_broken}


# ---------------------------------------------------------------- windows in time

_SAME_DAY = re.compile(r"\bsame (?:calendar )?day\b|\bone calendar day\b|\bon one day\b", re.IGNORECASE)
_SPAN = re.compile(r"\b(?:max(?:imum)?|at most|up to|no more than|not more than|(?:cannot|can ?not|must not|may not) "
                   r"(?:exceed|be longer than|span more than))\s*(\d+)\s*-?\s*"
                   r"(h|hrs?|hours?|d|days?|weeks?|months?|years?)\b(?:\s*(?:span|range|window|apart|long))?",
                   re.IGNORECASE)
_UNIT_HOURS = {"h": 1, "hr": 1, "hrs": 1, "hour": 1, "hours": 1, "d": 24, "day": 24, "days": 24, "week": 168,
               "weeks": 168, "month": 730, "months": 730, "year": 8760, "years": 8760}


# The shortest span: the later moment's own "at least 48 hours after start_datetime", or the tool's
# "The test must run at least 48 hours" (set 34: radon tests of 59 days where a person runs 2 to 7).
_LEAST = re.compile(r"\b(?:at least|no less than|a minimum of|minimum of)\s*(\d+)\s*-?\s*(h|hrs?|hours?|d|days?|weeks?|"
                    r"months?)\b", re.IGNORECASE)
_LASTS = re.compile(r"\b(?:runs?|lasts?|takes?|stays?|must run|must last) (?:for )?(?:at least|no less than|a minimum of)\s*"
                    r"(\d+)\s*-?\s*(h|hrs?|hours?|d|days?|weeks?|months?)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Window:
    """An ordered pair of moments (`path` names the object holding them, "" for the call) that
    must fall on one day and/or span at most `hours`."""

    path: str
    first: str
    second: str
    same_day: bool
    hours: float | None
    least: float | None = None  # the shortest span the prose allows, in hours ("at least 48 hours after start")
    each: tuple[float, ...] = ()  # the only spans it allows, in hours ("1, 3, 6 or 12 months after the service date")


def windows(description: str, props: Props) -> list[Window]:
    """The time windows a tool's prose bounds (`_windows_read`), read once per schema."""
    return list(_windows_read(description, props))


@by_identity()
def _windows_read(description: str, props: Props) -> list[Window]:
    """The time windows a tool's prose bounds: "start and end must fall on the same day",
    "max 24h span", "max 60 days range" (in the tool's or the later moment's description)."""
    from .constraints import pairs_for

    out = []
    for path, sub in [("", props)] + [(n, s.get("properties") or {}) for n, s in props.items()
                                      if isinstance(s.get("properties"), dict)]:
        for pair in pairs_for(sub):
            if pair.kind != "order" or pair.role is None:
                continue
            own = str((sub.get(pair.second) or {}).get("description") or "")
            span = _SPAN.search(f"{description} {own}") or _WITHIN_OF.search(own)
            hours = float(span.group(1)) * _UNIT_HOURS[span.group(2).lower()] if span else None
            short = _LEAST.search(own) or _LASTS.search(description)
            least = float(short.group(1)) * _UNIT_HOURS[short.group(2).lower()] if short else None
            each: tuple[float, ...] = ()
            if (offset := _OFFSETS.search(own)) is not None:
                unit = _UNIT_HOURS[offset.group(2).lower()]
                said = [float(n) * unit for n in re.findall(r"\d+(?:\.\d+)?", offset.group(1))]
                if re.search(r",|\bor\b", offset.group(1)):
                    each = tuple(said)
                else:
                    least, hours = said[0], said[-1]
            if _SAME_DAY.search(description) or hours or least or each:
                out.append(Window(path, pair.first, pair.second, bool(_SAME_DAY.search(description)), hours, least,
                                  each))
    return out


# "... within 30 days of the failure to appear": the later moment's own bound.
_WITHIN_OF = re.compile(r"\bwithin (\d+) (hours?|days?|weeks?|months?) of\b", re.IGNORECASE)


# The later moment's own offsets from the first: "2 to 8 weeks after the start date" (a span),
# "1, 3, 6 or 12 months after the service date" (one of those; set 48: foster homes due back the
# day they took the animal, stickers due before the cleaning they certify).
_OFFSETS = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?(?:(?:,\s*|\s*(?:to|or|-|\u2013)\s*)\d+(?:\.\d+)?)+)\s*"
                      r"(days?|weeks?|months?|years?) (?:after|from|later than)\b", re.IGNORECASE)


def _holder(args: dict[str, Any], path: str) -> dict[str, Any] | None:
    held = args.get(path) if path else args
    return held if isinstance(held, dict) else None


def _moments(window: Window, props: Props, held: dict[str, Any]) -> tuple[Any, Any] | None:
    from .constraints import as_point

    sub = props if not window.path else (props.get(window.path) or {}).get("properties") or {}
    if window.first not in held or window.second not in held:
        return None
    a = as_point(held[window.first], sub.get(window.first) or {})
    b = as_point(held[window.second], sub.get(window.second) or {})
    if not a or not b or a.moment is None or b.moment is None or not (a.has_day and b.has_day):
        return None
    return a, b


def window_broken(window: Window, props: Props, args: dict[str, Any]) -> bool:
    held = _holder(args, window.path)
    pts = _moments(window, props, held) if held is not None else None
    if pts is None:
        return False
    a, b = pts[0].moment, pts[1].moment
    span = (b - a).total_seconds() / 3600
    if window.each:  # a month is 28 to 31 days: within four days of one of the spans said
        return not any(abs(span - e) <= 96 for e in window.each)
    return (window.same_day and a.date() != b.date()) or (window.hours is not None and span > window.hours) or \
        (window.least is not None and not window.least <= span <= (window.hours or window.least * _SPREAD))


# A span the prose gives only its shortest for runs up to this many times it: a radon test of "at
# least 48 hours" runs two to six days, never two months.
_SPREAD = 3


# A bound of two days or more gives the span its scale: a loan that "may not exceed 24 months"
# runs months, a curb reservation of "at most 7 days" a day or more, never a quarter of an hour.
_LONG = 48
_SCALE = 8


def _too_short(window: Window, props: Props, args: dict[str, Any]) -> bool:
    held = _holder(args, window.path)
    pts = _moments(window, props, held) if held is not None else None
    if pts is None or window.same_day or window.hours is None or window.hours < _LONG:
        return False
    return (pts[1].moment - pts[0].moment).total_seconds() < window.hours * 3600 / _SCALE


def keep_windows(description: str, props: Props, args: dict[str, Any], rng: Any,
                 keep: frozenset[str] = frozenset()) -> dict[str, Any]:
    """`args` with the later moment of each bounded window moved inside it (same day: 15 minutes
    to 3 hours after the first, by midday when the first is late; a span: within it, and a long
    bound's span at least an eighth of it)."""
    from datetime import timedelta

    out = dict(args)
    for window in windows(description, props):
        if not (window_broken(window, props, out) or _too_short(window, props, out)) or \
                (window.path or window.second) in keep:
            continue
        held = dict(_holder(out, window.path) or {})
        a, b = _moments(window, props, held)  # type: ignore[misc]
        start = a.moment
        if window.same_day and start.hour >= 21:
            start = start.replace(hour=rng.randint(7, 14), minute=0)
            held[window.first] = start.strftime(a.fmt)
        if window.each:
            held[window.second] = _later_by(start, rng.choice(window.each)).strftime(b.fmt)
            _put_back(out, window.path, held)
            continue
        limit = 3 * 60 if window.same_day else int((window.hours or (window.least or 1) * _SPREAD) * 60)
        shortest = 15 if window.same_day or limit < _LONG * 60 else limit // _SCALE
        shortest = max(shortest, int((window.least or 0) * 60))
        end = start + timedelta(minutes=15 * rng.randint(max(1, shortest // 15), max(1, limit // 15)))
        held[window.second] = end.strftime(b.fmt)
        _put_back(out, window.path, held)
    return out


def _put_back(out: dict[str, Any], path: str, held: dict[str, Any]) -> None:
    if path:
        out[path] = held
    else:
        out.update(held)


def _later_by(start: Any, hours: float) -> Any:
    """`start` moved on by `hours`, whole months by the calendar (three months after May 31 is
    August 31, six after August 31 is the last of February)."""
    import calendar
    from datetime import timedelta

    months = hours / _UNIT_HOURS["month"]
    if hours < 28 * 24 or abs(months - round(months)) > 0.01:
        return start + timedelta(hours=hours)
    total = start.month - 1 + round(months)
    year, month = start.year + total // 12, total % 12 + 1
    return start.replace(year=year, month=month, day=min(start.day, calendar.monthrange(year, month)[1]))


# ---------------------------------------------------------------- lead times from the request

# "loan_start must be at least 90 days after the request date (today)", "effective_from must be at
# least 7 days out", "Must be requested at least 72 hours before start", "start_date may be today
# or up to 30 days ahead"
_AFTER_TODAY = re.compile(r"`?(\w+)`? (?:must|should|has to|needs to|shall) be (?:at least|no less than|a minimum of|"
                          r"not less than) (\d+) (hours?|days?|weeks?|months?) (?:out|ahead|away|in advance|in the future|"
                          r"from (?:now|today)|after (?:today|now|the (?:request|booking|order|application)(?: date)?))\b",
                          re.IGNORECASE)  # "test_date must be at least 21 days away when notify_agency is true" (set 41)
_BEFORE_IT = re.compile(r"\b(?:requested|booked|made|filed|submitted|placed|ordered|arranged) at least (\d+) "
                        r"(hours?|days?|weeks?|months?) (?:before|ahead of|prior to|in advance of) (?:the |its )?`?(\w+)`?",
                        re.IGNORECASE)
# "Most permits require a test protocol 30 days and notice 30 days before the test"
_NOTICE_BEFORE = re.compile(r"\bnotice (?:of )?(\d+) (hours?|days?|weeks?) (?:before|ahead of|prior to) (?:the |its )?([a-z]+)\b",
                            re.IGNORECASE)
# "expiration_date may be at most one year after today" (set 37: approvals running to 2027).
_AT_MOST_AHEAD = re.compile(r"`?(\w+)`? (?:may|can|must|should) be (?:at most|no more than|up to|within) (\d+|one|two|three|"
                            r"four|six|twelve) (days?|weeks?|months?|years?) (?:after|from) (?:today|now)\b", re.IGNORECASE)
_SMALL_NUMBERS = {"one": "1", "two": "2", "three": "3", "four": "4", "six": "6", "twelve": "12"}
# "Needs 48 hours notice: requested_date at least two days ahead" (set 40: stakes asked for tomorrow):
# the parameter named, with no verb.
_NAMED_AHEAD = re.compile(r"(?:^|[:;,.]\s*)`?([a-z]\w*)`? (?:at least|no less than|no sooner than) (\d+|one|two|three|four|six|"
                          r"twelve) (hours?|days?|weeks?) (?:ahead|out|in advance|from (?:today|now)|after (?:today|now))\b",
                          re.IGNORECASE)
_UP_TO_AHEAD = re.compile(r"`?(\w+)`? (?:may|can|must|should) be (?:today|now)(?: or)? (?:up to|within|at most|no more "
                          r"than) (\d+) (days?|weeks?|months?) (?:ahead|out|later|in advance|from today)", re.IGNORECASE)


# "so planned_start is at least 3 business days out", "The requested energize date is at least 10
# business days out for overhead and 20 for underground" (set 23): the subject is the nearest
# parameter named before it in its clause, by its name or in words; a number per kind of call.
_AT_LEAST_OUT = re.compile(r"\b(?:is|are|must be|should be|needs to be|has to be|falls?)(?: (?:taken|placed|made|booked|"
                           r"entered|submitted|received|scheduled))? (?:at least|no less than|"
                           r"a minimum of|not less than|no sooner than) (\d+) (business |working |calendar )?"
                           r"(hours?|days?|weeks?|months?) (?:out|ahead|in advance|in the future|from (?:now|today)|"
                           r"after (?:today|now|the (?:request|booking|order|application)(?: date)?))"
                           r"(?P<tail>(?: for [a-z][\w-]*(?: [a-z][\w-]*)?(?:,? and|,| or) \d+ for [a-z][\w-]*"
                           r"(?: [a-z][\w-]*)?)*)", re.IGNORECASE)
_LEAD_KIND = re.compile(r"(?:(\d+) )?for ([a-z][\w-]*(?: (?!and\b|or\b)[a-z][\w-]*)?)", re.IGNORECASE)
_CLAUSE_START = re.compile(r".*(?:[.;:]\s|,\s*so\s|\bso that\s|\bso\s)", re.IGNORECASE | re.DOTALL)


@dataclass(frozen=True)
class Lead:
    """A moment the prose puts at least `least` and at most `most` hours after the request;
    `business` when `least` counts business days (hours of 24 per business day), and `per_kind`
    the least for calls of a kind (a word of an enum value: "overhead" 10 days, "underground" 20)."""

    name: str
    least: float = 0
    most: float | None = None
    business: bool = False
    per_kind: tuple[tuple[str, float], ...] = ()
    other_kinds: tuple[str, ...] = ()  # the enum's other values: a call of one of them has no least

    def least_for(self, args: dict[str, Any]) -> float:
        """The least of this call's kind, the largest of them where no value says its kind."""
        if not self.per_kind:
            return self.least
        words = {w for v in args.values() if isinstance(v, str) for w in re.split(r"[\W_]+", v.lower()) if w}
        words |= {f"{w}s" for w in words} | {f"{w}es" for w in words}  # "for taps": a call of crossing 'tap'
        said = [h for kind, h in self.per_kind if set(kind.lower().split()) <= words]
        if not said and any(v in args.values() for v in self.other_kinds):
            return 0.0  # an emergency ticket is no normal one
        return max(said) if said else max(h for _, h in self.per_kind)


def _subject(clause: str, props: Props) -> str | None:
    """The parameter named last in `clause`, by its name or its name in words ("requested
    energize date")."""
    best: tuple[int, str] | None = None
    for name in props:
        for form in {name, name.replace("_", " ")}:
            found = [m.end() for m in re.finditer(rf"(?<![\w-]){re.escape(form)}(?![\w-])", clause, re.IGNORECASE)]
            if found and (best is None or found[-1] > best[0]):
                best = (found[-1], name)
    return best[1] if best else None


def _leads_out(texts: list[str], props: Props) -> dict[str, Lead]:
    out: dict[str, Lead] = {}
    for text in texts:
        for m in _AT_LEAST_OUT.finditer(text):
            head = text[:m.start()]
            start = _CLAUSE_START.match(head)
            name = _subject(head[start.end():] if start else head, props) or _window_start(head, props) or \
                _sole_moment(props)  # "Orders are taken at least 21 days ahead": the order's one date (set 46)
            if name is None:
                continue
            hours = _UNIT_HOURS[m.group(3).lower()]
            kinds = [(k.group(2), float(k.group(1) or m.group(1)) * hours)
                     for k in _LEAD_KIND.finditer(m.group("tail") or "")]
            least = float(m.group(1)) * hours
            out[name] = Lead(name, max([least, *(h for _, h in kinds)]) if kinds else least,
                             business=bool(m.group(2)) and m.group(2).strip().lower() != "calendar",
                             per_kind=tuple(kinds))
    return out


def _sole_moment(props: Props) -> str | None:
    """The one date or moment a tool takes, if it takes one."""
    moments = [n for n in props if _moment_schema(props[n])]
    return moments[0] if len(moments) == 1 else None


def _window_start(head: str, props: Props) -> str | None:
    """ "The delivery window must be at least 3 days after today" (set 43: enquiries for the same
    week): the moment that opens the window the clause names by its last word."""
    said = re.findall(r"[a-z]+", head.lower())[-1:]
    named = [n for n in props if said and said[0] in n.lower().split("_") and _moment_schema(props[n])]
    opening = [n for n in named if set(n.lower().split("_")) & {"start", "from", "begin", "open", "first"}]
    return opening[0] if len(opening) == 1 else named[0] if len(named) == 1 else None


def _calendar_hours(lead: Lead, least: float, ref: Any) -> float:
    """`least` in calendar hours from `ref`: business days skip Saturdays and Sundays."""
    if not lead.business:
        return least
    from datetime import timedelta

    days, day, left = 0, ref, int(-(-least // 24))
    while left > 0:
        day, days = day + timedelta(days=1), days + 1
        left -= day.weekday() < 5
    return days * 24.0


def leads(description: str, props: Props) -> list[Lead]:
    """The moments the prose puts ahead of the request (`_leads_read`), read once per schema."""
    return list(_leads_read(description, props))


@by_identity()
def _leads_read(description: str, props: Props) -> list[Lead]:
    texts = _texts(description, props)
    out: dict[str, Lead] = _leads_out(texts, props)
    for m in (m for t in texts for m in _AFTER_TODAY.finditer(t)):
        if _name(m.group(1), props):
            out[m.group(1)] = Lead(m.group(1), float(m.group(2)) * _UNIT_HOURS[m.group(3).lower()])
    for m in (m for t in texts for m in _NAMED_AHEAD.finditer(t)):
        if _name(m.group(1), props) and m.group(1) not in out:
            count = float(_SMALL_NUMBERS.get(m.group(2).lower(), m.group(2)))
            out[m.group(1)] = Lead(m.group(1), count * _UNIT_HOURS[m.group(3).lower()])
    for m in (m for t in texts for m in _BEFORE_IT.finditer(t)):
        if _name(m.group(3), props):
            out[m.group(3)] = Lead(m.group(3), float(m.group(1)) * _UNIT_HOURS[m.group(2).lower()])
    for m in (m for t in texts for m in _NOTICE_BEFORE.finditer(t)):  # "notice 30 days before the test" (set 41:
        said = _stemmed_param(f"{m[3]} date", props) or _stemmed_param(m[3], props)  # stack tests the next day)
        if said and said not in out and _moment_schema(props[said]):
            out[said] = Lead(said, float(m[1]) * _UNIT_HOURS[m[2].lower()])
    for m in (m for t in texts for m in (*_UP_TO_AHEAD.finditer(t), *_AT_MOST_AHEAD.finditer(t))):
        if _name(m.group(1), props):
            count = float(_SMALL_NUMBERS.get(m.group(2).lower(), m.group(2)))
            out[m.group(1)] = Lead(m.group(1), 0, count * _UNIT_HOURS[m.group(3).lower()])
    for name, schema in props.items():  # "Day of the run (YYYY-MM-DD); at least 14 days from today" (set 33)
        own = _OWN_AHEAD.search(str(schema.get("description") or ""))
        if own and name not in out and _moment_schema(schema):
            out[name] = Lead(name, float(own.group(1)) * _UNIT_HOURS[own.group(3).lower()],
                             business=bool(own.group(2)) and own.group(2).strip().lower() != "calendar")
    for m in _KIND_SAID_AHEAD.finditer(description):
        said = _name(m.group(2).replace(" ", "_"), props) or _stemmed_param(m.group(2), props)
        kinds = next((_enum(s) for s in props.values() if m.group(1) in _enum(s)), [])
        if said and said not in out and kinds and _moment_schema(props[said]):
            hours = float(m.group(3)) * _UNIT_HOURS[m.group(5).lower()]
            out[said] = Lead(said, hours, business=bool(m.group(4)) and m.group(4).strip().lower() != "calendar",
                             per_kind=((m.group(1), hours),), other_kinds=tuple(k for k in kinds if k != m.group(1)))
    for name, schema in props.items():  # "For a normal ticket at least 3 working days after today" (set 32)
        ahead = _KIND_AHEAD.search(str(schema.get("description") or ""))
        if ahead and name not in out:
            hours = float(ahead.group(2)) * _UNIT_HOURS[ahead.group(4).lower()]
            kinds = next((_enum(s) for s in props.values() if ahead.group(1) in _enum(s)), [])
            out[name] = Lead(name, hours, business=bool(ahead.group(3)) and ahead.group(3).strip().lower() != "calendar",
                             per_kind=((ahead.group(1), hours),), other_kinds=tuple(k for k in kinds if k != ahead.group(1)))
    return list(out.values())


# A moment's own description, a clause of its own: "Day of the run (YYYY-MM-DD); at least 14 days
# from today, the mobile line's booking lead time", "Pickup day, no sooner than 2 business days out".
_OWN_AHEAD = re.compile(r"(?:^|[.;,(]\s*)(?:it must be |must be |it is )?(?:at least|no earlier than|no sooner than|not "
                        r"less than) (\d+) (business |working |calendar )?(hours?|days?|weeks?|months?) (?:from "
                        r"(?:today|now)|after (?:today|now)|out|ahead|in advance)\b", re.IGNORECASE)


# The tool's own: "For a planned impairment the start must be at least 24 hours after the call" (set 40:
# planned impairments starting within the hour): the kind's word, then the moment in words.
_KIND_SAID_AHEAD = re.compile(r"(?:^|[.;]\s*)for (?:a |an |the )?([a-z][\w-]*)(?: [a-z]+)?,? (?:the |its )?([a-z][\w ]{0,30}?) "
                              r"(?:must be|is|has to be|needs to be) (?:at least|no earlier than|no sooner than) (\d+) "
                              r"(business |working |calendar )?(hours?|days?|weeks?) (?:after|from) (?:the (?:call|request)|"
                              r"today|now|filing)\b", re.IGNORECASE)


def _moment_schema(schema: dict[str, Any]) -> bool:
    """Whether a parameter holds a day or a moment (its format, or a date layout its description writes)."""
    return schema.get("format") in ("date", "date-time") or bool(
        re.search(r"\bYYYY-MM-DD\b|\bISO[ -]?8601\b|\bdate\b", str(schema.get("description") or ""), re.IGNORECASE))


# A moment's own description: "For a normal ticket at least 3 working days after today; for an
# emergency ticket today": the least of the calls of that kind (a word of an enum value).
_KIND_AHEAD = re.compile(r"(?:^|[.;]\s*)for (?:a |an |the )?([a-z][\w-]*)(?: [a-z]+)?,? (?:it is |it must be |must be )?"
                         r"(?:at least|no earlier than|no sooner than|not before) (\d+) (business |working |calendar )?"
                         r"(hours?|days?|weeks?) (?:after|from) (?:today|now|filing|the request)\b", re.IGNORECASE)


def keep_leads(description: str, props: Props, args: dict[str, Any], ref: Any, rng: Any,
               keep: frozenset[str] = frozenset()) -> dict[str, Any]:
    """`args` with each moment the prose puts ahead of the request moved there (a loan that starts
    90 days out at the earliest starts 90 to 135 days out), the moment paired after it (its end)
    moved by as much, so the span stays."""
    from datetime import timedelta

    from .constraints import as_point, pairs_for

    out = dict(args)
    for lead in leads(description, props):
        point = as_point(out.get(lead.name), props.get(lead.name) or {}) if lead.name not in keep else None
        if point is None or point.moment is None or not point.has_day:
            continue
        ahead = (point.moment - ref).total_seconds() / 3600 if point.has_clock else \
            (point.moment.date() - ref.date()).days * 24  # a date is a whole day ahead or not
        least = _calendar_hours(lead, lead.least_for(out), ref)
        if ahead >= least and (lead.most is None or ahead <= lead.most):
            continue
        most = lead.most if lead.most is not None else least * 1.5 + 24
        days = rng.randint(int(-(-least // 24)), max(int(-(-least // 24)), int(most // 24)))
        moved = ref.replace(hour=point.moment.hour, minute=point.moment.minute) + timedelta(days=days)
        if lead.business and moved.weekday() > 4:  # business days out: on a weekday
            moved += timedelta(days=7 - moved.weekday())
        shift = moved - point.moment
        out[lead.name] = moved.strftime(point.fmt)
        for pair in pairs_for(props):
            later = as_point(out.get(pair.second), props.get(pair.second) or {}) if pair.first == lead.name else None
            if later is not None and later.moment is not None and pair.second not in keep:
                out[pair.second] = (later.moment + shift).strftime(later.fmt)
    return out
