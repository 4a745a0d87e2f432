"""Values said in words: enum members ("fri" -> "Friday", "desc" -> "newest first", "none" ->
"with no hazard class", "vet_unavailable" -> "because the vet is unavailable"), codes kept as
written ("F1_minus80", "ImagePullBackOff"), and booleans named by their parameter
("include_photos" -> "including photos" / "without photos") when the description gives no verb
phrase (generator.phrasebook.terms reads that one first).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from ..core.freetext import is_person_role
from ..core.inflection import engine
from ..core.semantic import tokens
from .lexicon import MASS_NOUNS, gerund, is_plural, known, lemmas, nuclide, plural, uncountable, verb_lemma


def item_spec(spec: dict[str, Any]) -> dict[str, Any]:
    items = spec.get("items")
    return items if spec.get("type") == "array" and isinstance(items, dict) else spec


_WEEKDAYS = {d[:3]: d for d in ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")}
_WEEKDAYS |= {"tues": "tuesday", "thur": "thursday", "thurs": "thursday", "weds": "wednesday"}
_ORDER_WORDS = {"asc": "lowest first", "ascending": "lowest first", "desc": "highest first",
                "descending": "highest first"}
_DATE_ORDER = {"asc": "oldest first", "ascending": "oldest first", "desc": "newest first",
               "descending": "newest first"}


_ORDERING = frozenset({"sort", "order", "sorting", "ordering", "direction", "dir", "sortby", "orderby", "by"})
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


_LINKS_AFTER = frozenset({"on", "at", "in", "after", "for", "by", "during", "upon", "when", "since"})


def _because(value: Any, param: str) -> str | None:
    """A reason said as a clause: "vet_unavailable" -> "because the vet is unavailable" (nouns
    and a closing adjective); None for any other value ("owner request", "bad weather")."""
    if not set(tokens(param)) & {"reason", "cause", "why"}:
        return None
    if re.search(r"[a-z][A-Z]", str(value)):  # "ImagePullBackOff" is a status code, not a clause
        return None
    words = tokens(str(value)) or [""]
    if words[0] == "not" and len(words) >= 2 and all(w.isalpha() for w in words) and not words[1].endswith("ing"):
        # "not_an_adverse_event": "because it is not an adverse event" (set 36); "not_fasting" is the person's
        bare = words[1] in ("a", "an", "the") or (len(words) == 2 or words[2] in _LINKS_AFTER) and (
            "ADJ" in lemmas(words[1]) or words[1].endswith(("ed", "able", "ible", "ous", "ive")))  # "not defective on
        # reinspection", never "not a defective on reinspection" (set 40)
        rest = words[1:] if bare else [str(engine().a(words[1])).split()[0], *words[1:]]  # "not serious", "not a case"
        return f"because it is not {' '.join(rest)}"  # "because it is not an adverse event" (set 36)
    *subject, state = words
    said = lemmas(state)
    if subject in (["too"], ["very"], ["over"]) and "ADJ" in said:  # "too_cold": "because it was too cold",
        return f"because it was {subject[0]} {state}"  # never "because of too cold" (set 47)
    if not subject:
        return _because_one(state)
    if set(said) != {"ADJ"}:  # "unavailable", not "ready" (a verb too) or "off"
        return None
    if not all(set(lemmas(w)) & {"NOUN", "VERB"} and "ADJ" not in lemmas(w) for w in subject):
        return None
    verb = "are" if is_plural(subject[-1]) else "is"
    return f"because the {' '.join(subject)} {verb} {state}"


def _because_one(word: str) -> str | None:
    """A one-word reason: a participle is what happened to the thing ("stolen" -> "because it was
    stolen"), a bare verb what the user wants ("downsize", "upsize" -> "to downsize"); None for a
    noun or anything else ("vacancy": "because of vacancy")."""
    if word in ("deceased", "died"):  # of a person: never "because it was deceased" (set 40)
        return "because they died"
    forms = lemmas(word).get("VERB", ())
    if forms and word not in forms and not word.endswith(("ing", "s")):
        return f"because it was {word}"
    if forms and word in forms and "NOUN" not in lemmas(word) and "ADJ" not in lemmas(word):
        return f"to {word}"
    head = next((p for p in ("down", "up", "re") if word.startswith(p) and len(word) > len(p) + 2), "")
    if not lemmas(word) and head and "VERB" in lemmas(word[len(head):]):
        return f"to {word}"  # "upsize" beside "downsize"
    return None


_NONE = frozenset({"none", "null", "nil", "no", "n/a"})
_ANY = frozenset({"any", "all", "every", "either", "both"})
OWN_FRAME = re.compile(r"^(?:with|in) (?:no|any|all) ")  # a value that brings its own frame


def _among_codes(value: str, spec: dict[str, Any]) -> bool:
    """Whether a quantifier word is one of several short codes of its enum ("all" beside "aml", "cml")."""
    from .lexicon import known

    codes = [str(e) for e in spec.get("enum") or [] if isinstance(e, str) and str(e).lower() != value
             and re.fullmatch(r"[a-z]{2,4}", str(e).lower()) and not known(str(e).lower())]
    return len(codes) >= 2


def quantified(value: Any, param: str, spec: dict[str, Any]) -> str | None:
    """An enum value that is a quantifier, said with its frame: "none" -> "with no hazard class",
    "any" -> "in any category", "all" -> "with all sizes" (never "in the none class"); None for
    any other value. Frames taking `{v}` leave such a value as it is (OWN_FRAME)."""
    v = str(value).strip().lower()
    if v not in _NONE | _ANY or isinstance(value, bool):
        return None
    if v == "all" and _among_codes(v, spec):  # "all" among aml, cml, mds: acute lymphoblastic leukemia, never "with all
        return v.upper()  # patient's primary diagnoses" (set 47)
    if str(value).isupper() and any(str(e).isupper() and str(e).lower() not in _NONE | _ANY and
                                    (len(str(e)) <= 3 or re.search(r"\d", str(e))) for e in spec.get("enum") or []):
        return None  # "NO" among NOX, SO2 and CO2 is nitric oxide, never "with no certified component" (set 41)
    from .terms import term

    t = term(param, spec)
    thing = t.noun or "option"
    if v == "any" and (t.of == "clock" or thing in ("day", "time of day")):  # time_of_day "any"
        return "at any time of day"
    prep = "in" if thing.rsplit(" ", 1)[-1] in ("category", "class", "genre", "section", "group") else "with"
    if v in _NONE:
        return f"with no {thing}"
    return f"{prep} all {plural(thing)}" if v in ("all", "every", "both") else f"{prep} any {thing}"


_GLUED_CAMEL = re.compile(r"(?:[A-Z]+(?![a-z])|[A-Z][a-z]+){2,}")


def code_family(value: Any, spec: dict[str, Any]) -> bool:
    """A member of an enum of status codes: every member one glued CamelCase word and some of
    them codes ("BackOff" beside "ImagePullBackOff" and "OOMKilled" is said as written too)."""
    members = [str(v) for v in item_spec(spec).get("enum") or []]
    return isinstance(value, str) and len(members) > 1 and all(_GLUED_CAMEL.fullmatch(m) for m in members) \
        and any(is_code(m) for m in members)


_MEASURED = re.compile(r"(\d+(?:\.\d+)?)(am|pm|ft|in|m|cm|mm|km|kg|lb|lbs|gb|mb|tb|mbps|gbps|h|hr|hrs|min|mins|day|days)",
                       re.IGNORECASE)
_CLOCK = re.compile(r"\d+ [ap]m")


def _measured_words(value: Any) -> str | None:
    """A snake_case enum value of words and measures, said in words: "parking_40ft" -> "parking 40
    ft", "extended_5am_11pm" -> "extended 5 am to 11 pm"; None for any other value."""
    if not isinstance(value, str) or not re.fullmatch(r"(?:[a-z]+|\d+(?:\.\d+)?[a-z]+)(?:_[a-z0-9.]+)+", value):
        return None  # a measure may lead: "9.5mm_superpave" is "9.5 mm superpave" (set 47)
    parts = value.split("_")
    if not any(p.isalpha() for p in parts):
        return None
    said = [f"{m[1]} {m[2].lower()}" if (m := _MEASURED.fullmatch(p)) else p for p in parts]
    if said == parts or not all(re.fullmatch(r"[a-z]+|[\d.]+ [a-z]+", w) for w in said):
        return None
    out: list[str] = []
    for w in said:  # two clock times in a row are a span
        out += ["to", w] if out and _CLOCK.fullmatch(w) and _CLOCK.fullmatch(out[-1]) else [w]
    return " ".join(out)


def _ratio_words(value: Any, spec: dict[str, Any]) -> str | None:
    """A value holding a ratio its description writes with a colon: `syrup_2_1` beside "2:1 and
    HFCS are for fall stores" is "2:1 syrup", never "syrup 2 1"."""
    m = re.fullmatch(r"([a-z]+)_(\d+)_(\d+)", str(value)) if isinstance(value, str) else None
    if m is None or f"{m[2]}:{m[3]}" not in str(spec.get("description") or ""):
        return None
    return f"{m[2]}:{m[3]} {m[1]}"


def _snake_words(value: Any) -> str | None:
    """A snake_case enum value of words and a code or two, said as words with its codes in
    capitals: "co2_injection" -> "CO2 injection", "gas_e0_90" -> "gas E0 90"; None for a value
    with no word of three letters or no code part (plain words are de-identified elsewhere)."""
    if not isinstance(value, str) or not re.fullmatch(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+", value):
        return None
    parts = value.split("_")
    if not any(re.fullmatch(r"[a-z]{3,}", p) for p in parts) or not any(re.search(r"\d", p) for p in parts):
        return None
    return " ".join(_MEASURE_PART.sub(r"\1 \2", p) if _MEASURE_PART.fullmatch(p) else nuclide(p) or p.upper()
                    if re.search(r"\d", p) and re.search(r"[a-z]", p) else p for p in parts)


# A number and its unit in one part: "30in" is "30 in" (set 48: "the medium 21 to 30IN hinge kit").
_MEASURE_PART = re.compile(r"(\d+(?:\.\d+)?)(in|mm|cm|ft|km|kg|lb|lbs|ml|oz|gal|psi|kw|hp|kva|mph)")  # never "103g" (a section)


def _code_led(value: Any) -> str | None:
    """A code and words after it: "D2166_ucs" -> "D2166 UCS", "D4767_cu_triaxial" -> "D4767 CU
    triaxial" (set 42: "search lab tests by D2166_ucs"); a part no lexicon knows is an abbreviation."""
    if not isinstance(value, str) or not re.fullmatch(r"[A-Z][A-Z0-9]*\d[A-Z0-9]*(?:_[a-z]+)+", value):
        return None
    head, *rest = value.split("_")
    return " ".join([head, *(p.upper() if len(p) <= 3 and not known(p) else p for p in rest)])


_DOTTED = re.compile(r"([a-z][a-z_]*[a-z])_(\d+)_(\d+)")


def enum_words(value: Any, param: str, spec: dict[str, Any]) -> str | None:
    """The words for an enum value when the plain de-identified words would not do
    ("fri" -> "Friday", "desc" -> "newest first" for a date sort, "vet_unavailable" -> "because
    the vet is unavailable" for a reason); a code as written ("F1_minus80"); None: use the words."""
    if isinstance(value, str) and (m := _SPAN.fullmatch(value)) and int(m.group(2)) < int(m.group(3)):
        lead = enum_words(m.group(1), param, spec) or m.group(1).replace("_", " ")  # "multi_family_2_4" is
        return f"{lead} {m.group(2)}-{m.group(3)}"  # "multi-family 2-4", never "multi family 2 4" (set 34)
    if isinstance(value, str) and (m := _DOTTED.fullmatch(value)) and int(m[2]) >= int(m[3]) and \
            _ratio_words(value, spec) is None:  # "annual_refresher_48_8" (a ratio "syrup_2_1" is "2:1 syrup"):
        lead = enum_words(m[1], param, spec) or m[1].replace("_", " ")  # "annual refresher 48.8" (30 CFR 48.8),
        return f"{lead} {m[2]}.{m[3]}"  # "ocenco eba 6.5", never "48 8" (set 45); a span's ends rise (above)
    if isinstance(value, str) and (m := _PREFIXED.fullmatch(value)):  # "non_electric" is "non-electric"
        return f"{m.group(1)}-{m.group(2).replace('_', ' ')}"
    if isinstance(value, str) and (m := _SPAN_OF_TIME.fullmatch(value)):  # "3_year" is "3-year", a kind by
        return f"{m.group(1)}-{m.group(2)}" + (f" {m.group(3).replace('_', ' ')}" if m.group(3) else "")  # its span (set 40)
    spaced = _proper_name(value, spec) or _snake_gloss(value, spec) or _measured_words(value) or \
        _ratio_words(value, spec) or _snake_words(value) or _code_led(value)
    if spaced:
        return spaced
    sexed = _SEX_CODES.get(str(value).upper()) if set(tokens(f"{param} {spec.get('description') or ''}")) & _SEX \
        and all(str(v).upper() in _SEX_CODES for v in spec.get("enum") or [value]) else None
    if sexed:  # "F" of a sex or gender is "female", as a person says it
        return sexed
    glossed = named_by_gloss(value, spec) or _glossed_code(value, spec)
    if glossed:
        return glossed
    if is_code(value) and (cased := _code_and_words(value) or _section_and_words(value, spec)):
        return cased  # "B31G_original": "B31G original", never "by B31G_original" (set 36)
    if is_code(value) or code_family(value, spec):
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
    if v in _ORDER_WORDS and set(tokens(param)) & _ORDERING:  # "asc" is "lowest first" only in an order
        dated = set(tokens(f"{param} {spec.get('description') or ''}")) & {"date", "time", "newest", "recent"}
        return (_DATE_ORDER if dated else _ORDER_WORDS)[v]
    *key, order = tokens(str(value)) or [""]
    if key and order in _ORDER_WORDS:  # "price_desc" -> "price, highest first"
        dated = set(key) & {"date", "time", "created", "updated", "published", "newest", "recent"}
        return f"{' '.join(key)}, {(_DATE_ORDER if dated else _ORDER_WORDS)[order]}"
    return None


def _code_and_words(value: Any) -> str | None:
    """A code joined to English words by underscores, said with the words apart ("B31G_original",
    "modified_B31G"); None for a code of code parts ("F1_minus80" stays as written)."""
    from ..core.surface import written_cased

    said = written_cased(str(value)) if "_" in str(value) else None
    return said if said and all(not w.islower() or w.isalpha() and known(w) for w in said.split()) else None


_SECTION = re.compile(r"(\d+)([a-z])(\d)?")


def _section_and_words(value: Any, spec: dict[str, Any]) -> str | None:
    """A lower-case code joined to English words ("104d1_order", "107a_order"), said with the words
    apart and, where the description speaks of sections or writes one with its letter in
    parentheses ("75.370(a)(1)", "Section of the Mine Act"), the code as a section is written:
    "104(d)(1) order", never "for 104d1_order" (set 45)."""
    parts = str(value).split("_")
    codes = [p for p in parts if re.search(r"\d", p)]
    if len(parts) < 2 or len(codes) != 1 or not all(p in codes or p.isalpha() and known(p) for p in parts):
        return None
    prose = str(spec.get("description") or "")
    cited = re.search(r"\bsections?\b|\d\([a-z]\)", prose, re.IGNORECASE)
    m = _SECTION.fullmatch(codes[0])
    code = f"{m[1]}({m[2]})" + (f"({m[3]})" if m[3] else "") if m and cited else codes[0]
    return " ".join(code if p in codes else p for p in parts)


def _proper_name(value: Any, spec: dict[str, Any]) -> str | None:
    """A lower-case value that is a place's name, said with its capitals: as the description writes
    its words ("marcus_hook (up to Marcus Hook range)": Marcus Hook), or a town's ("philadelphia":
    Philadelphia; set 38: "the up to Marcus Hook range reach", "the philadelphia reach")."""
    from ..core import zips

    if not isinstance(value, str) or not re.fullmatch(r"[a-z]+(?:_[a-z]+)*", value):
        return None
    titled = " ".join(w.capitalize() for w in value.split("_"))
    if re.search(rf"\b{re.escape(titled)}\b", str(spec.get("description") or "")):
        return titled
    return titled if len(value) > 5 and "_" not in value and not known(value) and zips.is_town(titled) else None


def _snake_gloss(value: Any, spec: dict[str, Any]) -> str | None:
    """A snake_case code with a part that is no word, glossed by its description: "depth_gt_80
    (metal loss deeper than 80 percent of wall)" is that metal loss, never "the depth gt 80 basis"
    (set 37)."""
    if not isinstance(value, str) or not re.fullmatch(r"[a-z0-9]+(?:_[a-z0-9]+)+", value) or \
            all(known(w) for w in value.split("_")):
        return None
    # the whole aside, never its first item: "3_year (dry pipe full-flow trip test, for example)" and
    # "ordinary_hazard_1 (parking garages, laundries)" list what falls under them (set 40)
    m = re.search(rf"(?<![\w-]){re.escape(value)}\s*\(([a-z][^(),;]{{2,80}})\)", str(spec.get("description") or ""))
    # "new_colocation (a new tenant or a new rad center)": the cases it covers, no name of it (set 41)
    return m.group(1).strip() if m and len(m.group(1).split()) <= 10 and " or " not in m.group(1) else None


def _glossed_code(value: Any, spec: dict[str, Any]) -> str | None:
    """A code of joined parts, one no word, that the description glosses in a few words:
    "FECAL_FLOT (fecal flotation)" is "fecal flotation" (set 34: "the fecal FLOT test")."""
    listed = _listed_gloss(value, spec)
    if listed:
        return listed
    if not isinstance(value, str) or not re.fullmatch(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+", value) or \
            all(known(w.lower()) for w in value.split("_")):
        return None
    m = re.search(rf"(?<![\w-]){re.escape(value)}\s*\(([a-z][a-z -]{{2,40}})\)", str(spec.get("description") or ""))
    return m.group(1).strip() if m and len(m.group(1).split()) <= 4 else None


def named_by_gloss(value: Any, spec: dict[str, Any]) -> str | None:
    """A code the description glosses with a proper name ("BREAKWATER (Breakwater anchorage)",
    "MARCUS_HOOK_ANCH (Marcus Hook anchorage)") said by that name; a code of words glossed in
    prose ("CAPE_HENLOPEN (sea pilot station off Lewes, DE)") by its words as a name: "Cape
    Henlopen" (set 38: "from cape henlopen in marcus hook anch")."""
    if not isinstance(value, str) or not re.fullmatch(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*", value) or len(value) < 4:
        return None
    m = re.search(rf"(?<![\w-]){re.escape(value)}\s*\(([^()]{{2,80}})\)", str(spec.get("description") or ""))
    if m is None:
        return None
    gloss = m.group(1).strip()
    if re.fullmatch(r"[A-Z][a-z]+(?: [A-Z][a-z]+)*(?: [a-z]+)?", gloss) and len(gloss.split()) <= 5:
        return gloss
    parts = value.split("_")
    prose = len(gloss.split()) >= 5 or "," in gloss  # a gloss that describes the place, never names it
    if len(parts) == 1 and not known(value.lower()):  # "KBVE (Boise ID, Mountain time)": a call sign, said as
        return None  # written, never "the Kbve station" (set 41)
    return " ".join(p.title() for p in parts) if prose and all(p.isalpha() and len(p) > 2 for p in parts) else None


def _listed_gloss(value: Any, spec: dict[str, Any]) -> str | None:
    """A short upper-case code the description lists with its meaning, code then words, among
    others so listed ("Adjustment reason: DMG damaged in warehouse, CC cycle count variance, FND
    found stock"): "cycle count variance", never "because of CC" (set 35); a code that is also a
    word is its gloss too ("HAD haddock": "a catch for haddock", never "for had": set 38)."""
    if not isinstance(value, str) or not re.fullmatch(r"[A-Z][A-Z0-9]{1,4}(?:_[A-Z0-9]+){0,2}", value):
        return None
    desc = str(spec.get("description") or "")
    members = [str(v) for v in item_spec(spec).get("enum") or [] if isinstance(v, str)]
    glosses = {v: m.group(1).strip() for v in members  # a name too: "KFO Killybegs Fishermen's Organisation",
               if (m := re.search(rf"(?:^|[:;,]\s*){re.escape(v)}\s+([a-z][a-z/ -]{{2,40}}?|[A-Z][\w'/ -]{{2,40}}?)"
                                  rf"(?=\s*(?:[,;.(]|$))", desc))}  # "FROM_NORD FROM Nord (Boulogne)" (set 38)
    return glosses.get(value) if len(glosses) >= 2 else None


def _done_phrase(lead: str, rest: str, lemma: str | None) -> tuple[str, str] | None:
    """A flag named by a past verb and its object as a doing: "reached_surface_water" is "reaching
    surface water" (set 28: "with reached surface water"); None for any other name, and for a
    passive one ("shipped_by_air")."""
    if rest and lead.endswith("ed") and lemma and lemma != lead and "VERB" in lemmas(lead) and known(rest.split()[0]) \
            and rest.split()[0] not in ("by", "to", "in", "on", "at", "for", "from", "with", "as", "via", "off", "out") \
            and not (len(rest.split()) >= 2 and _past_participle(rest.split()[-1])):  # "closed_house_conditions_met":
        # things and what was done to them, never "closing house conditions met" (set 34)
        said = f"{gerund(lemma)} {rest}"
        return said, f"not {said}"
    return None


_SPAN = re.compile(r"([a-z][a-z_]*?)_(\d+)_(\d+)")
_SPAN_OF_TIME = re.compile(r"(\d{1,3})_(second|minute|hour|day|week|month|year)(?:_([a-z]+(?:_[a-z]+)*))?")
_PREFIXED = re.compile(r"(non|pre|post|semi|multi|sub|inter|intra|anti|as(?=_(?:[a-z]+ed|built|found|left|drawn|is|run|sold|read)(?:_|$)))"
                       r"_([a-z]+(?:_[a-z]+)*)")  # "as_built_shots" is "as-built shots" (set 39), "as_run" "as-run" (set 41)
_SEX = frozenset({"sex", "gender"})
_SEX_CODES = {"M": "male", "F": "female", "U": "unknown", "X": "unspecified", "MIXED": "mixed", "BOTH": "both"}


def _object_words(words: list[str]) -> list[str]:
    """A person after a verb takes "the" ("notifying the owner"); anything else is as named."""
    from ..core.freetext import PERSON_WORDS

    return ["the", *words] if len(words) == 1 and words[0] in PERSON_WORDS else words


_SWITCHES = frozenset({"on", "power", "enabled", "active", "state", "powered", "switch"})
_INCLUDING = frozenset({"include", "includes", "with", "show", "return", "fetch", "add"})
_VERB_LEADS = frozenset({"enable", "use", "allow", "disable", "skip", "avoid"})  # verbs that are nouns too


def _third_person_verb(word: str) -> bool:
    """A verb's -s form ("keeps", "needs") after a name's first word: the name reads as a clause."""
    lemma = verb_lemma(word)
    return bool(lemma) and word in (f"{lemma}s", f"{lemma}es") and "VERB" in lemmas(word)


def _needed(words: list[str], description: str) -> tuple[str, str] | None:
    """"oiler_required": ("with an oiler required", "with no oiler required"), a name's word the
    lexicon lacks taken when the description writes it (the author's word); never "without
    following up needed"."""
    written = {w.lower() for w in re.findall(r"[A-Za-z]+", description)}
    if len(words) < 2 or words[-1] not in ("needed", "required") or \
            not all(known(w) or w in written for w in words[:-1]):
        return None
    thing = "-".join(words[:-1]) if verb_lemma(words[0]) == words[0] and len(words) == 3 else " ".join(words[:-1])
    return f"with {engine().a(thing)} {words[-1]}", f"with no {thing} {words[-1]}"


def _clause(words: list[str]) -> tuple[str, str] | None:
    """"client_keeps_flowers": with the client keeping flowers, never "with client keeps flowers"."""
    if len(words) < 3 or not is_person_role(words[0]) or not _third_person_verb(words[1]) \
            or not all(known(w) for w in words):
        return None
    doing = f"the {words[0]} {gerund(verb_lemma(words[1]) or words[1])} {' '.join(words[2:])}"
    return f"with {doing}", f"without {doing}"


# "segments that have (true) or do not have (false) an active slow order": the true reading is the
# description without its false branch ("segments that have an active slow order").
_TRUE_OR_FALSE = re.compile(r"\s*\(true\)\s+or\s+[^()]{1,40}?\s*\(false\)|\s+or\s+[^()]{1,40}?\s*\(false\)(?=.*\(true\))",
                            re.IGNORECASE)


def true_reading(description: str) -> str:
    """A flag's description without its false branch."""
    return _TRUE_OR_FALSE.sub("", description)


_BRANCHES = re.compile(r"^(?P<before>.*?)\s*\(true\)\s+or\s+(?P<no>[^()]{1,40}?)\s*\(false\)\s*(?P<after>.*)$",
                       re.IGNORECASE)
_NEGATIONS = frozenset({"do", "does", "did", "not", "no", "don't", "doesn't", "didn't", "is", "are", "isn't", "aren't"})


def false_reading(description: str) -> str | None:
    """The description of a flag's false value when it writes both ("segments that have (true) or
    do not have (false) an active slow order" -> "segments that do not have an active slow
    order"); None when it writes one."""
    m = _BRANCHES.match(description.strip())
    if m is None:
        return None
    no = m["no"].split()
    kept = len([w for w in no if w.lower() not in _NEGATIONS]) or 1
    before = m["before"].split()
    if len(before) < kept:
        return None
    return " ".join([*before[:-kept], *no, m["after"]]).strip()


# A filter flag described by what it keeps: "Only officials cleared to run the middle at this level."
_ONLY = re.compile(r"^only ([a-z]+s) ((?:cleared|certified|approved|qualified|licensed|eligible|available|"
                   r"active|open|with|without|who|that|in|on|from|under|over|also|not)\b[^.;]{2,110}?)\.?$", re.IGNORECASE)
# "True to return only anomalies not yet dug up" says the same filter (set 36: "without not excavated").
_TRUE_TO_KEEP = re.compile(r"^(?:set to )?true to (?:return|list|show|get|find|keep|include) only ", re.IGNORECASE)


def _kept_only(description: str) -> tuple[str, str] | None:
    """ "Only officials cleared to run the middle at this level" (`can_center`): said by what the
    filter keeps, never "with center"."""
    aside = re.compile(r"\s*\([^)]*\)")  # "(e.g. heartworm treatment, bottle-feeding)" ends no sentence (set 48)
    only = _ONLY.match(aside.sub("", _TRUE_TO_KEEP.sub("only ", true_reading(description).strip())))
    if only is None:
        return None
    negated = _ONLY.match(false_reading(description) or "")
    if negated is not None:  # both values said: "limited to segments that do not have an active slow order"
        return f"limited to {only.group(1)} {only.group(2)}", f"limited to {negated.group(1)} {negated.group(2)}"
    kept = re.sub(r"\s*\([^)]*\)", "", re.sub(r"^also\s+", "", only.group(2), flags=re.IGNORECASE))
    if kept.lower().startswith("not "):  # never "whether or not not yet dug up"
        return f"limited to {only.group(1)} {kept}", f"not limited to {only.group(1)} {kept}"
    if kept.lower().startswith("with "):  # "whether or not they have an open notice", never "with or without
        # orders not yet delivered", read as a read-out (set 27), nor "whether or not with ..."
        return f"limited to {only.group(1)} {kept}", f"whether or not they have {kept[5:]}"
    if kept.lower().startswith(("that ", "who ")):  # "whether or not they have ...", never "whether or not that have"
        return f"limited to {only.group(1)} {kept}", f"whether or not they {kept.split(' ', 1)[1]}"
    return f"limited to {only.group(1)} {kept}", f"whether or not {kept}"


# "Whether the coupon passed visual inspection before cutting": a state of the call's thing, said in
# the author's words (set 27: "that are visual acceptable" for `visual_acceptable`).
_WHETHER_STATE = re.compile(r"^\s*whether (?:or not )?(?P<subj>(?:the |a |an |its |this )?(?!(?:the|a|an|its|this)\b)"
                            r"[a-z-]+(?: [a-z-]+)??) "
                            r"(?P<verb>[a-z]+ed|is|are|was|were|can|could|will|may|must) (?P<rest>[a-z][a-z -]*?)"
                            r"(?=\s*[.,;(]|\s+(?:before|after|when|if|during|while|until|by)\b|\s*$)", re.IGNORECASE)


_MODALS = {"can": "cannot", "could": "could not", "will": "will not", "may": "may not", "must": "need not"}


# "Filter on acknowledged (true) or unacknowledged (false) alarms" (set 44: the unacknowledged ones said
# "without filtering on acknowledged alarms"): each side in the description's own word.
_BOTH_SIDES = re.compile(r"\b([a-z][\w-]{3,}) \(true\) or ([a-z][\w-]{3,}) \(false\)(?: ([a-z]+))?", re.IGNORECASE)


def _both_sides(description: str) -> tuple[str, str] | None:
    m = _BOTH_SIDES.search(description)
    if m is None:
        return None
    things = f" {m[3].lower()}" if m[3] and m[3].lower() not in ("only", "ones", "and", "or") else ""
    return f"with only {m[1].lower()}{things}", f"with only {m[2].lower()}{things}"


def _whether_state(description: str) -> tuple[str, str] | None:
    m = _WHETHER_STATE.match(description)
    if m is None or len(m.group("rest").split()) > 5:
        return None
    subj, verb, rest = m.group("subj").lower(), m.group("verb").lower(), m.group("rest").lower()
    subj = re.sub(r" (?:has|have|had)$", "", subj)  # "Whether the owner has signed the change order": "with the
    # owner having signed", never "the owner has having signed" (set 47)
    if verb in _MODALS:  # "Whether the insured vehicle can be driven": never "with the having insured ..." (set 35)
        return f"where {subj} {verb} {rest}", f"where {subj} {_MODALS[verb]} {rest}"
    if subj in ("anyone", "anybody", "someone", "somebody"):  # "Whether anyone reported an injury"
        return f"where someone {verb} {rest}", f"where no one {verb} {rest}"
    if verb in ("is", "are", "was", "were") and rest.startswith("not "):  # "Whether any item was not acceptable":
        every = f"every {subj[4:]}" if subj.startswith("any ") else subj  # never "not not acceptable" (set 44)
        return f"with {subj} {rest}", f"with {every} {rest[4:]}"
    if verb in ("is", "are", "was", "were"):
        return f"with {subj} {rest}", f"with {subj} not {rest}"
    return f"with {subj} having {verb} {rest}", f"with {subj} not having {verb} {rest}"


_TRUE_WHEN = re.compile(r"^\s*(?:set to )?true (?:when|if)\s+", re.IGNORECASE)


def _true_when(description: str) -> tuple[str, str] | None:
    """ "True when the anomaly was located at the expected position" (`found`): the state in the
    author's words, "with the anomaly located at ..." / "... not located at ...", where the name
    alone gives no phrase (set 36: "with found", "without found")."""
    m = _TRUE_WHEN.match(description)
    return _whether_state("Whether " + description[m.end():]) if m else None


_NOW_WORDS = frozenset({"now", "today", "tonight", "currently", "yet"})


@lru_cache(maxsize=65536)
def bool_words(param: str, description: str = "") -> tuple[str, str]:
    """(said when true, said when false) for a boolean parameter named, without a verb phrase in
    its description: "include_photos" -> "including photos", "simulate_presence" -> "simulating
    presence", "in_stock" -> "in stock", "urgent" -> "marked as urgent", "on" -> "turned on"; a
    name no phrase can be checked by is said plainly ("with sms opt in set to yes")."""
    words = [w for w in tokens(param) if w not in ("has", "should", "can")] or tokens(param)
    if len(words) == 2 and words[0] in ("non", "pre", "semi", "anti") and known(words[1]):  # "non_plastic": marked
        return f"marked as {words[0]}-{words[1]}", f"not marked as {words[0]}-{words[1]}"  # as non-plastic (set 42)
    words = [w if known(w) or len(w) > 4 else w.upper() for w in words]  # "include_qr": QR
    lead, rest = (words[0], " ".join(words[1:])) if words else ("", "")
    lemma = verb_lemma(lead)
    if set(words) <= _SWITCHES:
        return "turned on", "turned off"
    needed = _both_sides(description) or _whether_state(description) or _kept_only(description) or \
        _needed(words, description) or _held_state(words)
    if needed:
        return needed
    if lead in _INCLUDING:
        return f"including {rest or 'extras'}", f"without {rest or 'extras'}"
    named = _found_named(words) or _noun_state(words) or _verb_named(words, description) or _clause(words)
    if named:
        return named
    filtered = _filter_frames(words) or _done_phrase(lead, rest, lemma)
    if filtered:
        return filtered
    if len(words) == 2 and rest in _NOW_WORDS and set(lemmas(lead)) & {"ADJ"}:  # "available_now": "that are
        return f"that are {lead} {rest}", f"including ones not {lead} {rest}"  # available now" (set 35: "an available now")
    state = " ".join(words[1:]) if lead == "is" else lead if len(words) == 1 else ""
    if state in ("marked", "flagged", "tagged", "labelled", "labeled"):  # its own frame: never "marked as marked"
        return state, f"not {state}"
    if state and (state.endswith("ed") and verb_lemma(state) or set(lemmas(state)) == {"ADJ"} or lead == "is"):
        return f"marked as {state}", f"not marked as {state}"  # a state needs a frame, never bare
    if rest and lead == "no":  # "no_smoking": without smoking
        return f"without {rest}", f"with {rest}"
    if rest and lead in ("by", "per") and all(known(w) for w in rest.split()):  # "by_rectangle": broken down by
        return f"broken down {' '.join(words)}", f"not broken down {' '.join(words)}"  # rectangle (set 38: "without by rectangle")
    if rest and (lead in ("in", "on", "at", "under", "over", "below", "above", "inside", "outside", "within") or
                 lead == "out" and rest.startswith("of ")):  # "inside_eca": inside ECA (set 43: "set to yes")
        # "in_stock" / "not in stock"; "out_of_service": "out of service" (set 29: "with out of service")
        return " ".join(words), f"not {' '.join(words)}"
    if lemma and lead in (lemma, lemma + "s") and (lead in _VERB_LEADS or not set(lemmas(lead)) - {"VERB"}):
        said = " ".join([gerund(lemma), *_object_words(words[1:])])  # "air_attack" is a noun, never "airing"
        return said, f"without {said}"
    switched = _switched(words)
    if switched:
        return switched
    noun = " ".join(words)
    kind = _authored_kind(words)
    if kind:
        return kind
    if len(words) == 2 and words[0].isupper() and words[1] in _BY_A_BODY:  # "fide_rated": FIDE-rated, never
        return f"{words[0]}-{words[1]}", f"not {words[0]}-{words[1]}"  # "with FIDE rated" (set 29)
    if len(words) == 2 and words[0].isupper() and known(words[1]) and _past_participle(words[1]):
        return f"with {noun}", f"with {words[0]} not {words[1]}"  # "npo_confirmed": with NPO confirmed
    if len(words) == 1 and words[0].isalpha() and words[0].islower() and len(words[0]) >= 8:
        return f"with {noun}", f"without {noun}"  # "extravasation": a long word is a thing, had or not
    if len(words) == 3 and words[1] == "by" and _past_participle(words[0]) and words[2].isalpha():
        done = f"{words[0]} by the {words[2]}"  # "redeemed_by_pledgor": redeemed by the pledgor, never "set to yes"
        return done, f"not {done}"
    return _had_or_not(words, description)


def _had_or_not(words: list[str], description: str) -> tuple[str, str]:
    """The last frames of `bool_words`: a thing had or not, a thing in a state or not, and a name
    no phrase can be checked by said plainly."""
    noun = " ".join(words)
    described = _described_thing(words, description) or _true_when(description)
    if described:
        return described
    if len(words) == 2 and words[1] in ("off", "in", "up", "out") and verb_lemma(words[0]) == words[0] and known(words[0]):
        done = f"{engine().a(words[0])}-{words[1]}"  # `drop_off`: "as a drop-off", never "with drop off set to yes"
        return f"as {done}", f"not as {done}"  # (set 34)
    if not all(known(w) for w in words) or words[-1] in ("in", "out", "on", "off", "up"):
        return f"with {noun} set to yes", f"with {noun} set to no"  # "sms_opt_in": no phrase checks it
    if len(words) >= 2 and (_past_participle(words[-1]) or set(lemmas(words[-1])) == {"ADJ"}) \
            and "NOUN" in lemmas(words[-2]):  # "badge_printed", "seal_intact": with the seal intact
        thing = " ".join(words[:-1])
        return f"with the {thing} {words[-1]}", f"with the {thing} not {words[-1]}"
    compound = all(set(lemmas(w)) & {"NOUN", "ADJ"} for w in words)  # "registration fee waiver", not "air attack on scene"
    if len(words) >= 2 and compound and not is_plural(words[-1]) and words[-1] not in MASS_NOUNS:
        return f"with {engine().a(noun)}", f"without {noun}"  # "with a fee waiver"; "without chlorine bleach"
    return f"with {noun}", f"without {noun}"


# A state a thing is in where it is kept: a DD-214 "on file", parts "in stock", a crew "on site".
_HELD = frozenset({("on", "file"), ("on", "hand"), ("on", "site"), ("in", "place"), ("on", "record"), ("in", "stock")})


def _held_state(words: list[str]) -> tuple[str, str] | None:
    """ "dd214_on_file": with the DD214 on file / with no DD214 on file (never "with dd214 on file
    set to no"); a flag that is one person's role ("veteran") is what the person is marked as; a
    thing and what happened to it ("show_stopped": with the show stopped, never "including stopped")."""
    if len(words) >= 3 and tuple(words[-2:]) in _HELD and not is_plural(words[-3]):  # "pets on site" as it is
        thing = " ".join(w.upper() if re.search(r"\d", w) else w for w in words[:-2])
        return f"with the {thing} {' '.join(words[-2:])}", f"with no {thing} {' '.join(words[-2:])}"
    if len(words) == 1 and is_person_role(words[0]):
        return f"marked as {engine().a(words[0])}", f"not marked as {engine().a(words[0])}"
    if len(words) == 2 and words[0] in _INCLUDING and _past_participle(words[1]) and known(words[1]):
        return f"with the {words[0]} {words[1]}", f"with the {words[0]} not {words[1]}"  # "show_stopped"
    return None


# Adjectives in -able said of a thing itself ("the vehicle drivable"), never of what it serves.
_STATES_OF_A_THING = frozenset({"available", "drivable", "usable", "operable", "removable", "repairable", "reachable",
                                "payable", "readable", "movable", "rentable", "sellable"})


def _filter_frames(words: list[str]) -> tuple[str, str] | None:
    """A flag ending in "only" ("available_only": "that are available") or named by an adjective in
    -able ("rechargeable": "that are rechargeable", never "with rechargeable")."""
    if "only" in words:
        rest = " ".join(w for w in words if w != "only")
        if len(rest.split()) == 1 and "ADJ" in lemmas(rest):  # available_only: "that are available"
            return f"that are {rest}", f"including ones not {rest}"
        return f"{rest} only", f"not just {rest}"
    able = [w for w in words if w != "is"]
    if 1 <= len(able) <= 2 and all(w.isalpha() for w in able) and re.search(r"\w{3}(?:able|ible|proof)$", able[-1]) \
            and (not lemmas(able[-1]) or "ADJ" in lemmas(able[-1])):  # a timetable is no state
        if len(able) == 2 and "NOUN" in lemmas(able[0]) and not {"ADJ", "ADV"} & set(lemmas(able[0])) and \
                (is_plural(able[0]) or able[1] in _STATES_OF_A_THING):  # "wheelchair accessible" is one adjective
            return f"with the {able[0]} {able[1]}", f"with the {able[0]} not {able[1]}"  # `keys_available`: never
        return f"that are {' '.join(able)}", f"that are not {' '.join(able)}"  # "that are not keys available" (set 33)
    return None


def _described_thing(words: list[str], description: str) -> tuple[str, str] | None:
    """A flag named by a modifier and a participle whose description names the thing after the
    modifier: "unrated_allowed", "True when unrated players may enter" -> "with unrated players
    allowed" (set 29: "with unrated allowed set to no")."""
    if len(words) != 2 or not _past_participle(words[-1]) or "NOUN" in lemmas(words[0]):
        return None
    m = re.search(rf"\b{re.escape(words[0])}\s+([a-z]{{3,}})\b", description.lower())
    if m is None or not known(m[1]) or "NOUN" not in lemmas(m[1]):
        return None
    thing = f"{words[0]} {m[1]}"
    return f"with {thing} {words[1]}", f"with {thing} not {words[1]}"


# What a body does to a thing it vouches for: a "FIDE-rated" event, a "USDA-certified" farm.
_BY_A_BODY = frozenset({"rated", "certified", "approved", "sanctioned", "accredited", "licensed", "registered",
                        "listed", "compliant"})


def _past_participle(word: str) -> bool:
    return word.endswith("ed") and verb_lemma(word) not in (None, word) or word in _IRREGULAR_DONE


# Past participles that do not end in -ed: "first_aid_given", "report_sent", "fee_paid".
_IRREGULAR_DONE = frozenset({"given", "taken", "done", "made", "seen", "known", "shown", "written", "sent", "paid",
                             "held", "kept", "left", "found", "brought", "bought", "told", "drawn", "worn", "won",
                             "met"})



# A flag's description that is one clause saying the true condition: "Doors need new bore or mortise
# prep.", "Address on the ID matches the service address."
_CONDITION = re.compile(r"^(?P<subject>[A-Z][a-z]+(?: (?:on|of|in|for) the [A-Za-z]+)?) "
                        r"(?P<verb>needs?|matches|match|has|have|is|are|requires?|contains?|includes?) "
                        r"(?P<rest>[A-Za-z][A-Za-z -]{1,60})\.?$")
_NEGATED = {"need": "don't need", "needs": "doesn't need", "match": "don't match", "matches": "doesn't match",
            "has": "doesn't have", "have": "don't have", "is": "isn't", "are": "aren't", "require": "don't require",
            "requires": "doesn't require", "contain": "don't contain", "contains": "doesn't contain",
            "include": "don't include", "includes": "doesn't include"}


@lru_cache(maxsize=8192)
def stated_condition(param: str, description: str) -> tuple[str, str] | None:
    """(true, false) from a description that is the true condition in one clause: "where the doors
    need new bore or mortise prep" / "where the doors don't need ..."; None unless the reader reads
    both back (the phrase is checked, never a guess)."""
    from ..reader.flags import read_flag
    from ..reader.text import Text

    m = _CONDITION.match(description.strip())
    if m is None:
        return None
    subject = m.group("subject")
    subject = f"the {subject[0].lower()}{subject[1:]}"
    said = (f"where {subject} {m.group('verb')} {m.group('rest')}",
            f"where {subject} {_NEGATED[m.group('verb')]} {m.group('rest')}")
    back = [read_flag(Text(f"Please do it, {s}."), param, description) for s in said]
    return said if back[0] is not None and back[0][0] and back[1] is not None and not back[1][0] else None


_FOUND = frozenset({"found", "detected", "observed", "seen", "reported", "noted"})


def _found_named(words: list[str]) -> tuple[str, str] | None:
    """Things and whether they were found: "hazardous_conditions_found" is "with hazardous conditions
    found" / "with no hazardous conditions found" (set 45: "the hazardous conditions not found")."""
    *things, last = words
    if last not in _FOUND or not things or verb_lemma(things[0]) == things[0] and "NOUN" not in lemmas(things[0]) \
            or not all(known(w) for w in things):
        return None
    said = " ".join(things)
    one = not is_plural(things[-1]) and not uncountable(things[-1])  # "with a leak detected"
    return f"with {engine().a(said) if one else said} {last}", f"with no {said} {last}"


# States a thing is checked for (never "-free", "-friendly", "only": "gluten_free" is no gluten's state).
_STATES = frozenset({"correct", "regular", "intact", "normal", "valid", "clean", "secure", "stable", "legible",
                     "functional", "operational", "level", "tight", "adequate", "acceptable"})


def _noun_state(words: list[str]) -> tuple[str, str] | None:
    """A thing and its state: "direction_correct" is "with the direction correct" / "with the direction
    not correct", "pulse_regular" "with the pulse regular" (set 45: "with a direction correct")."""
    if len(words) != 2 or not known(words[0]) or "NOUN" not in lemmas(words[0]) or words[1] not in _STATES \
            or "ADJ" in lemmas(words[0]):
        return None
    return f"with the {words[0]} {words[1]}", f"with the {words[0]} not {words[1]}"


def _verb_named(words: list[str], description: str) -> tuple[str, str] | None:
    """A name that is a verb form said as one: "presenting" -> "presenting" / "not presenting",
    "reprint" (described by an order, "Print even if ...") -> "reprinting", "needs_visa_letter"
    -> "needing a visa letter"; None for any other name."""
    lead, rest = words[0], words[1:]
    lemma = verb_lemma(lead)
    if not lemma or not all(known(w) for w in words):
        return None
    if not rest and lead.endswith("ing") and lemma != lead:
        return lead, f"not {lead}"
    first = description.split()[0].lower().strip(",.:;") if description.split() else ""
    ordered = first not in _NO_ORDER and verb_lemma(first) == first  # "True when ..." orders nothing: no "hazarding"
    if not rest and lead == lemma and ordered:
        return gerund(lemma), f"without {gerund(lemma)}"
    if len(rest) == 2 and lead in (f"{lemma}s", f"{lemma}es", f"{lemma[:-1]}ies") and rest[0] in ("with", "to") and \
            "NOUN" in lemmas(rest[1]) and not is_plural(rest[1]):  # "complies_with_plan": "complying with the plan",
        said = f"{gerund(lemma)} {rest[0]} the {rest[1]}"  # never "without complies with plan" (set 45)
        return said, f"not {said}"
    if rest and lead in (f"{lemma}s", f"{lemma}es") and "NOUN" in lemmas(rest[-1]) and not is_plural(rest[-1]) \
            and rest[0] not in _PREPOSITIONS:  # "pets_on_site": pets on site, no verb
        noun = " ".join(rest)
        said = f"{gerund(lemma)} {noun if uncountable(rest[-1]) else engine().a(noun)}"  # "needing anesthesia"
        return said, f"not {said}"
    return None


_PREPOSITIONS = frozenset({"on", "in", "at", "off", "under", "over", "for", "with", "to", "from", "by"})
_NO_ORDER = frozenset({"", "true", "false", "whether", "if", "when", "set", "yes", "no"})


def _switched(words: list[str]) -> tuple[str, str] | None:
    """A thing named with its switch state ("aeration_fans_on") said as a person sees it: "with
    the aeration fans on" / "with the aeration fans off"; None for any other name."""
    *thing, state = words
    if state != "on" or not thing or not all(known(w) and "NOUN" in lemmas(w) for w in thing[-1:]) \
            or not all(known(w) for w in thing):
        return None
    said = " ".join(thing)
    return f"with the {said} on", f"with the {said} off"


def _authored_kind(words: list[str]) -> tuple[str, str] | None:
    """A kind of a known noun named by a modifier the lexicon lacks but the author wrote as a
    word ("graveside_service" -> "with a graveside service"): a lowercase word of five letters or
    more, never an abbreviation in capitals ("PRE", "SMS")."""
    *mods, head = words
    if not mods or "NOUN" not in lemmas(head) or is_plural(head) or head in MASS_NOUNS or known(mods[0]) and all(map(known, mods)):
        return None
    if not all(known(w) or (w.isalpha() and w.islower() and len(w) >= 5) for w in mods):
        return None
    noun = " ".join(words)
    return f"with {engine().a(noun)}", f"without {engine().a(noun)}"
