"""What a catalog says about a parameter's values outside the parameter's own schema.

Real catalogs spread what a value may be over the whole document: a tool's description lists
the values of one of its parameters ("Condition is one of: healthy, stressed, declining",
"category: one of radio, phone, order", "Template examples: 'appt_48h', 'recall_6mo'"), and an
entity's identifier format is written once (a `pattern` on `get_patient_record.patient_id`,
"Treatment plan ID like TP-20931", "Returns account_id (e.g. ACC-0318)") and holds for every
tool that takes that entity (`patient_id` on ten tools, `ordering_provider_id`,
`rack_to_tank_id`). `annotate` reads both and stores, per tool, the schema keywords a draw of a
parameter should use (`Tool.said`, by parameter path such as "lines[].sku"): `enum` for a
closed list, `examples` and `pattern` for an id. The tool's own schema is never changed (it is
what the products export); generator.core.values draws with `drawing_schema`.

A parameter's own description, pattern and examples always come first: the catalog's word for
the entity is used only where the parameter says nothing of its own.
"""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any

from ..records import Tool
from . import allowed, semantic
from .memo import by_identity
from .schema import local_date_time, local_moments

# Words that make a name an identifier, and heads that are identifiers themselves.
_ID_WORDS = frozenset({"id", "ids", "identifier", "identifiers", "uid", "uuid"})
_ID_HEADS = frozenset({"tag", "sku", "code", "number", "ref", "npi"})
_SELF_HEADS = frozenset({"sku", "npi"})
# Names whose values depend on what they qualify: a list given for one says nothing of another.
_BROAD_NAMES = frozenset({"unit", "type", "kind", "status", "state", "mode", "format", "level", "priority",
                          "source", "name", "method", "channel", "scope", "size", "color", "direction"})
_SAME = {"no": "number", "nr": "number", "num": "number", "ids": "id"}
# An identifier written in prose: "PR-2024-031", "CA-SHU-004512", "ACC-0318", "B24-00817".
_PROSE_ID = re.compile(r"(?<![\w-])([A-Z][A-Z0-9]{0,5}(?:-[A-Z0-9]+)+)(?![\w-])")
# An identifier or code a description shows after a cue: "like TP-20931", "e.g. D2392", "e.g. N07".
_CUED_ID = re.compile(r"(?:\be\.g\.|\bfor example|\b(?:ID|id|code|number) (?:such as|like)|\bin the form|\bformat)[\s,:]*['\"`]?"
                      r"([A-Z][A-Z0-9]*(?:[-.][A-Z0-9]+)*)(?![\w-])")
# An acronym naming the kind of code ("Planned CDT procedure codes", "ICD-10-CM code").
_CODE_KIND = re.compile(r"\b([A-Z][A-Z0-9]{1,5})(?:-[A-Z0-9]+)*\s+(?:\w+\s+)?(?:codes?|ids?|numbers?)\b")
# Cues after a parameter's mention that a list of its values follows.
_LIST_CUE = re.compile(r"^\W{0,3}(?:[\w'-]+,?\s+){0,8}?(?:[\w-]+(?=:))?(?:is |are |must be |can be )?(?:['\"]|one of|values?|options?|examples?|"
                       r"either|such as|e\.g\.|like|allowed|valid|accepted|:|[A-Z0-9][\w.]{0,7}\s*=\s)", re.IGNORECASE)


@dataclass
class _Shape:
    """Evidence for one entity's identifier format."""

    examples: list[str] = field(default_factory=list)
    pattern: str | None = None


def annotate(tools: list[Tool]) -> list[Tool]:
    """`tools` with `said` filled from the whole catalog (tools without anything said unchanged)."""
    shapes, lists, examples = _id_shapes(tools), _closed_lists(tools), _given_examples(tools)
    series, steps, years, measured = _series(tools), _unit_steps(tools), _year_led(tools), _measured(tools)
    ranges, sets, typical = _ranges_said(tools), _number_sets(tools), _typical_ranges(tools)
    scales, offset, glossed = _number_examples(tools), _catalog_offset(tools), _glossed_examples(tools)
    out = []
    for tool in tools:
        said: dict[str, dict[str, Any]] = {}
        for path, schema in leaves(tool.parameters):
            extra = _year_pattern(path, schema, years) or _list_of_examples(path, schema, lists) or \
                _id_parts(path, schema, series) or _dimensions(tool, schema) or \
                _said_for(tool, path, schema, lists, shapes, examples) or \
                _scale_elsewhere(path, schema, scales) or _money_owed(tool, path, schema, tools)
            extra = {**_step_elsewhere(path, schema, steps), **_multiple_said(tool, path, schema), **(extra or {})}
            extra = {**(_ranges_elsewhere(tool, path, schema, ranges) or _typical_of(path, schema, typical) or
                        _typical_in_prose(tool, path, schema)),
                     **(extra or _numbers_elsewhere(path, schema, sets))}
            extra = {**_said_after(tool, path), **_fitting(extra, schema)}
            extra = extra if "description" in extra else {**extra, **_animal_birth(tool, path, schema),
                                                            **_local_end(tool, path, schema)}
            extra = {**extra, **_offset_elsewhere(schema, offset), **_glossed_elsewhere(path, schema, glossed),
                     **_issued_elsewhere(tool, path, schema)}
            if measured & set(entity_keys(leaf_name(path), str(schema.get("description") or ""))):
                extra[MEASURED_KEY] = True
            if extra:
                said[path] = extra
        out.append(tool.model_copy(update={"said": said}) if said else tool)
    return out


# "fetal is issued only through declare_pregnancy" (set 40: fetal badges at every enrolment): a member
# another tool gives is never one this call sends.
_ONLY_THROUGH = re.compile(r"\b`?([a-z][a-z0-9_]*)`? (?:is|are) (?:issued|given|set|added|created|recorded|assigned|"
                           r"requested|opened) only (?:through|via|by|with|using) `?([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`?")


def _issued_elsewhere(tool: Tool, path: str, schema: dict[str, Any]) -> dict[str, Any]:
    owner = tool.properties.get(path.removesuffix("[]")) if path.endswith("[]") else None
    said = f"{schema.get('description') or ''} {(owner or {}).get('description') or ''}"
    members = [v for v in schema.get("enum") or [] if isinstance(v, str)]
    elsewhere = {m[1] for m in _ONLY_THROUGH.finditer(said) if m[1] in members and m[2] != tool.name}
    kept = [v for v in members if v not in elsewhere]
    return {"enum": kept, NARROWED_KEY: True} if elsewhere and kept else {}


GLOSSED_KEY = "x-glossed-examples"  # examples another tool glosses: real codes, used as written
_GLOSSED = re.compile(r"['\"]([^'\"]{2,40})['\"]\s*\((?!e\.g\.|i\.e\.|format|optional)[A-Za-z][^)]*\)")


def glossed_in(description: str) -> list[str]:
    """The quoted examples a description tells the meaning of ("'27.7.b' (west of Ireland)")."""
    return _GLOSSED.findall(description)


def _glossed_examples(tools: list[Tool]) -> dict[str, frozenset[str]]:
    """Per parameter name, the quoted examples some tool's description tells the meaning of
    ("'HKE/571214' (northern hake)")."""
    found: dict[str, set[str]] = {}
    for tool in tools:
        for path, schema in leaves(tool.parameters):
            said = glossed_in(str(schema.get("description") or ""))
            if said:
                found.setdefault(leaf_name(path), set()).update(said)
    return {k: frozenset(v) for k, v in found.items()}


def _glossed_elsewhere(path: str, schema: dict[str, Any], glossed: dict[str, frozenset[str]]) -> dict[str, Any]:
    """A parameter showing, without glosses, examples another tool glosses under the same name is
    marked: they are the same real codes (set 38: 'HKE/571214' of `transfer_quota` varied into
    'HKE/206290' because only `get_quota_balance` said it is northern hake)."""
    known = glossed.get(leaf_name(path), frozenset())
    own = [e for e in allowed.read(str(schema.get("description") or "")).examples if isinstance(e, str)]
    return {GLOSSED_KEY: True} if len(own) > 1 and all(e in known for e in own) else {}


def _catalog_offset(tools: list[Tool]) -> str | None:
    """The UTC offset the catalog's examples of local times with offset are written with, the most
    frequent one ("-04:00"); None when none shows one."""
    from .values import _OFFSET_EXAMPLE

    seen = Counter(m.group(1) for t in tools for _, schema in leaves(t.parameters)
                   for m in _OFFSET_EXAMPLE.finditer(str(schema.get("description") or "")))
    return seen.most_common(1)[0][0] if seen else None


def _offset_elsewhere(schema: dict[str, Any], offset: str | None) -> dict[str, Any]:
    """A "local time with offset" with no example of its own is written with the catalog's offset
    (set 37: preparation times drawn in UTC beside administration times at -04:00)."""
    from .values import _ANY_OFFSET, _OFFSET_EXAMPLE, _UTC_SAID, _WITH_OFFSET, OFFSET_KEY

    desc = str(schema.get("description") or "")
    said = _WITH_OFFSET.search(desc) or _ANY_OFFSET.search(desc) and not _UTC_SAID.search(desc)  # "RFC 3339 with
    if offset is None or not said or _OFFSET_EXAMPLE.search(desc):  # offset." beside the catalog's -05:00 (set 44)
        return {}
    return {OFFSET_KEY: offset}


def _local_end(tool: Tool, path: str, schema: dict[str, Any]) -> dict[str, Any]:
    """The end of a span whose start is in local time is drawn in it too (schema.local_moments)."""
    if "." in path or local_date_time(schema) or path not in local_moments(tool.parameters.get("properties")):
        return {}
    return {"description": f"{schema.get('description') or ''} (local time)".strip(), NARROWED_KEY: True}


# A birth date in a tool about animals ("Register a new animal patient", "Pet's name"): an animal's,
# born weeks to years ago (set 34: pets born in 1948, a 42-year-old rabbit).
_BIRTH = frozenset({"birth", "born", "dob", "birthdate", "birthday"})
_ANIMAL_WORDS = re.compile(r"\b(?:animals?|pets?|dogs?|cats?|horses?|puppy|puppies|kittens?|foals?|calf|calves|"
                           r"livestock|canine|feline|equine|species|breed)\b", re.IGNORECASE)


def _animal_birth(tool: Tool, path: str, schema: dict[str, Any]) -> dict[str, Any]:
    words = set(re.split(r"[_\W]+", leaf_name(path).lower()))
    if not words & _BIRTH or "." in path or _ANIMAL_WORDS.search(str(schema.get("description") or "")):
        return {}
    others = [str(s.get("description") or "") + " " + n for n, s in (tool.parameters.get("properties") or {}).items()
              if isinstance(s, dict) and n != path]
    if not _ANIMAL_WORDS.search(" ".join([tool.description, *others])):
        return {}
    return {"description": f"{schema.get('description') or ''} (the animal's)".strip(), NARROWED_KEY: True}


# "The four times ... must be in order: left_surface < reached_bottom < left_bottom < reached_surface"
# (set 26: 20 of 21 dive logs with the diver back on the surface before leaving it).
_CHAIN = re.compile(r"\w+(?:\s*(?:<=?|\u2264)\s*\w+)+")


def _said_after(tool: Tool, path: str) -> dict[str, Any]:
    """The parameter a chain of the tool's own prose puts just before this one."""
    from .constraints import AFTER_KEY

    for m in _CHAIN.finditer(tool.description):
        chain = re.split(r"\s*(?:<=?|\u2264)\s*", m.group(0))
        if all(c in tool.properties for c in chain) and path in chain[1:]:
            return {AFTER_KEY: chain[chain.index(path) - 1]}
    for m in _NAMED_ORDER.finditer(tool.description):  # "departure_date must be after arrival_date" (set 28:
        a, b = m.group(1), m.group(3)  # stall stays arriving and leaving on one day)
        later, earlier = (a, b) if m.group(2).lower() in ("after", "later than") else (b, a)
        if later == path and earlier in tool.properties and earlier != path:
            return {AFTER_KEY: earlier}
    return {}


_NAMED_ORDER = re.compile(r"`?\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b`? (?:(?:must|should|has to|needs to) (?:be |come |fall )?|is |are )"
                          r"(?:strictly )?(after|later than|before|earlier than) (?:the )?`?\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b`?")


RANGES_KEY = "x-ranges"  # a drawing-schema mark: the value lies inside one of these [low, high] ranges


def _ranges_said(tools: list[Tool]) -> dict[str, list[tuple[float, float]]]:
    """The labelled ranges a tool's prose puts a number in ("The frequency must lie inside the
    amateur band (kHz): 160m 1800-2000, 80m 3500-4000, ..."), by parameter name."""
    from .dependencies import rules

    return {r.subject: [(lo, hi) for _, lo, hi in r.target] for t in tools
            for r in rules(t.description, t.properties) if r.kind == "in_ranges"}


def _ranges_elsewhere(tool: Tool, path: str, schema: dict[str, Any],
                      ranges: dict[str, list[tuple[float, float]]]) -> dict[str, Any]:
    """A number of the same name as one another tool's prose puts in labelled ranges, where its own
    tool says none, lies inside those of them its own bounds allow (set 24: a sked "e.g. 50260.0
    for 6m" at 130000 kHz; the 6m and 2m bands of `log_qso`)."""
    name = leaf_name(path)
    if "." in path or name not in ranges or schema.get("type") not in _NUMBER_TYPES or schema.get("enum"):
        return {}
    lo, hi = schema.get("minimum", float("-inf")), schema.get("maximum", float("inf"))
    inside = [[a, b] for a, b in ranges[name] if lo <= a and b <= hi]
    return {RANGES_KEY: inside} if inside else {}


# "Typical finished-water values: turbidity 0.02-0.15 NTU, free chlorine 0.8-2.5 mg/L, pH 7.0-8.2"
# (set 26: a month's 95th-percentile turbidity of 18 NTU, an entry point chlorine of 33 mg/L): the
# values a catalog says a quantity takes, by its word and unit, hold for every number named so.
_TYPICAL = re.compile(r"(?<![\w.-])([A-Za-z][A-Za-z]+)\s+(?:(\d+(?:\.\d+)?)\s*(?:-|\u2013|to)\s*|(?:under|below|less than) )"
                      r"(\d+(?:\.\d+)?)(?!\w|\.\d)(?:\s*([A-Za-z][A-Za-z/]*))?")


def _typical_ranges(tools: list[Tool]) -> dict[str, list[tuple[float, float, str]]]:
    """(low, high, unit) ranges by the lower-case word that labels them, from the descriptions of
    a catalog's numbers; a ceiling ("manganese under 0.05 mg/L") starts at 0."""
    out: dict[str, list[tuple[float, float, str]]] = {}
    for tool in tools:
        for path, schema in leaves(tool.parameters):
            if schema.get("type") not in _NUMBER_TYPES:
                continue
            for m in _TYPICAL.finditer(str(schema.get("description") or "")):
                low, high = float(m.group(2) or 0.0), float(m.group(3))
                unit = _unit_key(m.group(4) or "") or "=" + _name_units(path)  # none said: the name's own units
                if low < high and m.group(1).lower() not in _NOT_LABELS:
                    out.setdefault(m.group(1).lower(), []).append((low, high, unit))
    return out


# "Typical base rates per new word in USD: 0.10-0.16 for Spanish, ..., 0.18-0.28 for Japanese" (set
# 26: a per-word rate of 26 USD, drawn inside a schema's 0.02-40 that also covers yen).
_TYPICAL_CLAUSE = re.compile(r"^\s*(?:typical|usual|normal|common)(?:ly)?\s+([A-Za-z][\w -]{2,80}?)\s*:\s*(.+)$", re.IGNORECASE)
_A_RANGE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(?:-|\u2013|to)\s*(\d+(?:\.\d+)?)(?!\w|\.\d)")


def _typical_in_prose(tool: Tool, path: str, schema: dict[str, Any]) -> dict[str, Any]:
    """The ranges a clause of the tool's prose opening on "Typical ..." gives the number whose
    name its words hold ("base rates per new word" for `base_rate_per_word`), inside its bounds."""
    if "." in path or schema.get("type") not in _NUMBER_TYPES or schema.get("enum"):
        return {}
    own = set(semantic.tokens(path)) - {"usd", "eur", "gbp", "pct", "percent"}
    lo, hi = schema.get("minimum", float("-inf")), schema.get("maximum", float("inf"))
    for clause in re.split(r"(?<=[.;])\s+(?=[A-Z])|;\s*", tool.description):
        m = _TYPICAL_CLAUSE.match(clause)
        if not m or not own or not own <= {semantic.singular(w) for w in semantic.tokens(m.group(1))}:
            continue
        found = [[float(a), float(b)] for a, b in _A_RANGE.findall(m.group(2)) if lo <= float(a) < float(b) <= hi]
        if found:
            return {RANGES_KEY: found}
    return {}


def _name_units(path: str) -> str:
    from .dependencies import _UNIT_WORDS_OF_NAMES

    return " ".join(sorted(set(semantic.tokens(leaf_name(path))) & _UNIT_WORDS_OF_NAMES - {"min", "max"}))


_NOT_LABELS = frozenset({"from", "between", "is", "are", "be", "values", "value", "range", "typically", "usually",
                         "normally", "about", "around", "approximately", "roughly", "minutes", "hours", "days", "and",
                         "or", "of", "at", "in", "than", "up"})


def _unit_key(unit: str) -> str:
    return re.sub(r"[^a-z]", "", unit.lower())


def _typical_of(path: str, schema: dict[str, Any], typical: dict[str, list[tuple[float, float, str]]]) -> dict[str, Any]:
    """The ranges the catalog gives a number's quantity, where the number has no bounds of its own
    and carries the unit said with them (a chlorine feed in lb/day is no residual in mg/L)."""
    said = str(schema.get("description") or "")
    if schema.get("type") not in _NUMBER_TYPES or schema.get("enum") or "minimum" in schema or "maximum" in schema \
            or _TYPICAL.search(said):
        return {}
    bounds = allowed.read(said)
    if bounds.low is not None or bounds.high is not None:
        return {}
    words = semantic.tokens(leaf_name(path))
    units = "".join(words) + _unit_key(said)
    found = [[lo, hi] for w in words for lo, hi, unit in typical.get(w, [])
             if (unit[1:] == _name_units(path) if unit.startswith("=") else unit in units)]
    return {RANGES_KEY: found} if found else {}


def _fitting(extra: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """`extra` with only the listed values the parameter's own schema admits: a parameter's own
    pattern wins over a list the prose gives near its name (regulators "TX_RRC (42), NM_OCD (30)"
    listed after "the API number's state code" are no API numbers), and a list none of whose
    values fits is dropped."""
    from .schema import is_valid

    own = {k: v for k, v in schema.items() if k != "description"}
    for key in ("enum", "examples"):
        listed = extra.get(key)
        if isinstance(listed, list) and own:
            kept = [v for v in listed if is_valid(own, v)]
            extra = {**extra, key: kept} if kept else {k: v for k, v in extra.items() if k != key}
    return extra


# ---------------------------------------------------------------- steps of one unit

# The unit a number's name ends in (`volume_cy`, `load_cy`, `weight_lb`): an abbreviation, never a word.
_UNIT_SUFFIX = re.compile(r"_([a-z]{1,3})$")


def _unit_steps(tools: list[Tool]) -> dict[str, Any]:
    """What the catalog says of numbers wherever it says it one way only: the step of a unit (an
    order "in quarter-yard steps", `volume_cy` multipleOf 0.25, says how yards are counted) and
    the bounds of a name (`slump_in` 1-9 on an order bounds the slump measured on site)."""
    found: dict[tuple[str, str], set[float]] = {}
    for tool in tools:
        for path, schema in leaves(tool.parameters):
            name = leaf_name(path)
            m = _UNIT_SUFFIX.search(name)
            step = _num(schema.get("multipleOf"))
            if m and step is not None and 0 < step < 1:
                found.setdefault(("multipleOf", m.group(1)), set()).add(step)
            for key in ("minimum", "maximum"):
                bound = _num(schema.get(key)) if schema.get("type") in ("number", "float", "integer") else None
                if bound is not None:
                    found.setdefault((key, name), set()).add(bound)
    return {f"{key} {name}": said.pop() for (key, name), said in found.items() if len(said) == 1}


def _multiple_said(tool: Tool, path: str, schema: dict[str, Any]) -> dict[str, Any]:
    """A number the prose says is "a multiple of 5" (its own description, or the tool's after its
    name: "speed_mph must be below ... and is a multiple of 5 mph") is drawn in those steps (set 22:
    slow orders at 7 or 23 mph)."""
    if schema.get("type") not in ("number", "float", "integer") or "multipleOf" in schema:
        return {}
    name = re.escape(leaf_name(path))
    m = _MULTIPLE.search(str(schema.get("description") or "")) or \
        re.search(rf"\b{name}\b[^.;]{{0,120}}?\bmultiples? of (\d+(?:\.\d+)?)", tool.description, re.IGNORECASE)
    counted = _COUNTED_IN.search(str(schema.get("description") or "")) or \
        re.search(rf"\b{name}\b[^.;]{{0,80}}?{_COUNTED_IN.pattern}", tool.description, re.IGNORECASE)
    step = float(m.group(1)) if m else _COUNTED_STEPS[counted.group(1).lower().replace("-", " ")] if counted else 0.0
    if step <= 0 or (schema.get("type") == "integer" and not step.is_integer()):
        return {}
    return {"multipleOf": int(step) if step.is_integer() else step}


_MULTIPLE = re.compile(r"\bmultiples? of (?:a |an |one )?(\d+(?:\.\d+)?)(?:-[a-z]+)?\b", re.IGNORECASE)  # "(multiples
# of a 160-egg tray)" (set 46: samples of 527 and 873 eggs)
# "in whole hundreds of kilograms", "counts all officers, in half hours" (set 38: a quota transfer
# of 2825 kg, 19.3 inspector hours): the steps a number is counted in.
_COUNTED_IN = re.compile(r"\bin (?:whole )?(tens|hundreds|thousands|half[- ]hours|quarter[- ]hours)\b", re.IGNORECASE)
_COUNTED_STEPS = {"tens": 10.0, "hundreds": 100.0, "thousands": 1000.0, "half hours": 0.5, "quarter hours": 0.25}


def _step_elsewhere(path: str, schema: dict[str, Any], steps: dict[str, Any]) -> dict[str, Any]:
    """A number with no step or bounds of its own takes the catalog's: a truck's `load_cy` of
    3.75 yards, never 3.7; a slump measured on site of at most 9 inches, never 12.5 (set 20)."""
    if schema.get("type") not in ("number", "float", "integer"):
        return {}
    name = leaf_name(path)
    m = _UNIT_SUFFIX.search(name)
    out = {}
    if m and f"multipleOf {m.group(1)}" in steps and "multipleOf" not in schema and schema.get("type") != "integer":
        out["multipleOf"] = steps[f"multipleOf {m.group(1)}"]
    if not {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} & set(schema):
        out.update({key: steps[f"{key} {name}"] for key in ("minimum", "maximum") if f"{key} {name}" in steps})
    return out


# A clock time or a date: what a shift or a day is, never what an identifier is.
_MOMENT_VALUE = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?|\d{4}-\d{2}-\d{2}(?:[T ][\d:]+\S*)?",
                           re.IGNORECASE)


def is_moment_value(value: Any) -> bool:
    return isinstance(value, str) and _MOMENT_VALUE.fullmatch(value.strip()) is not None


def _time_as_id(path: str, said: dict[str, Any]) -> bool:
    """Whether prose read for an identifier gave it clock times or dates ("between 06:00 and
    10:00" next to "GWO ID"): a certificate id is never "10:00"."""
    if not _name_keys(leaf_name(path)):
        return False
    values = [*(said.get("enum") or []), *(said.get("examples") or [])]
    return any(is_moment_value(v) for v in values)


def _said_for(tool: Tool, path: str, schema: dict[str, Any], lists: dict[str, list[tuple[Any, ...]]],
              shapes: dict[str, _Shape], examples: dict[str, list[Given]]) -> dict[str, Any]:
    """What the first reader that knows anything says of one parameter (an identifier never
    takes clock times or dates from prose read for it)."""
    readers: tuple[Callable[[], dict[str, Any]], ...] = (
        partial(_same_as_sibling, tool, path, schema), partial(_number_set, tool, path, schema),
        partial(_moment, tool, path, schema),
        partial(_looking_back, tool, path, schema),
        partial(_listed_in_tool, tool, path, schema), partial(_listed_elsewhere, path, schema, lists),
        partial(_id_shape, path, schema, shapes), partial(_examples_elsewhere, path, schema, examples),
        partial(_listed_for_the_text, tool, path, schema), partial(_open_hours, tool, path, schema),
        partial(_codes_above, tool, path, schema))
    if _noted(leaf_name(path)):  # one tool's notes ("gate hours, PPE, badging") say nothing of another's
        readers = tuple(r for r in readers if r.func not in (_listed_elsewhere, _examples_elsewhere))  # type: ignore[attr-defined]
    return next((found for read in readers if (found := read()) and not _time_as_id(path, found)), {})


# ---------------------------------------------------------------- sums owed on an entity

# "must be lower than the base fine", "below the fare paid": a part of a sum, not the sum
_BELOW = re.compile(r"\b(?:lower|less|smaller) than (?:the )?|\bbelow (?:the )?|\bunder the ", re.IGNORECASE)


def _money_owed(tool: Tool, path: str, schema: dict[str, Any], tools: list[Tool]) -> dict[str, Any]:
    """The sums a sum of money on an entity can be, from what the catalog states for that entity:
    a citation's payment is one of the fines the citation tool lists ($45 ... $338), plus the late
    penalties its own prose adds ("+$25 after 21 days, +$50 more"); a reduced amount "lower than
    the base fine" is a part of one. Nothing when no tool about the call's entities states a sum."""
    from .quantities import stated_money

    money = semantic.infer(leaf_name(path), schema) == "money" or bool(_MONEY_NAMES & set(leaf_name(path).split("_")))
    if schema.get("type") not in _NUMBER_TYPES or "." in path or not money or \
            schema.get("examples") or schema.get("enum") or (_num(schema.get("maximum")) is not None):
        return {}
    own = f"{tool.description} {schema.get('description') or ''}"
    base = _linked_sums(tool, tools, _owed_words(own))
    if len(base) < 2:  # one sum is a rule's threshold ("1,000,000 USD or more needs a courier")
        return {}
    if _BELOW.search(own) and re.search(rf"\b{re.escape(leaf_name(path).split('_')[0])}", own, re.IGNORECASE):
        return {"enum": sorted({float(round(b * f)) for b in base for f in (0.25, 0.4, 0.5, 0.6, 0.75)})}
    steps = stated_money(tool.description)[1]
    owed = {b + sum(steps[:k]) for b in base for k in range(len(steps) + 1)}
    return {"enum": sorted(owed)}


def _num(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


_MONEY_NAMES = frozenset({"amount", "paid", "payment", "usd", "eur", "gbp", "balance", "fine", "fee", "price", "fare",
                          "cost", "charge", "toll", "refund"})
# What a sum owed is called: the word a payment's prose and the tool that lists the sums share.
_OWED = frozenset({"fine", "fee", "price", "fare", "cost", "charge", "toll", "rent", "deposit", "premium", "dues"})


def _owed_words(text: str) -> set[str]:
    return {semantic.singular(w) for w in re.findall(r"[a-z]+", text.lower())} & _OWED


def _linked_sums(tool: Tool, tools: list[Tool], owed: set[str]) -> list[float]:
    """Sums stated by the tools that speak of an entity this tool takes (its id in their
    parameters or prose) and call them what this tool's prose calls what it pays (a fine),
    else by those one entity further (an appeal's citation)."""
    from .quantities import stated_money

    seen, names = {tool.name}, _id_names(tool)
    for _ in range(2 if owed else 0):
        near = [t for t in tools if t.name not in seen and names & (_id_names(t) | _spoken_ids(t))]
        sums = sorted({a for t in near if owed & _owed_words(t.description) for a in stated_money(t.description)[0]})
        if sums:
            return sums
        seen |= {t.name for t in near}
        names = set().union(*(_id_names(t) for t in near)) - names if near else set()
    return []


def _id_names(tool: Tool) -> set[str]:
    return {leaf_name(p) for p, _ in leaves(tool.parameters) if _name_keys(leaf_name(p))}


def _spoken_ids(tool: Tool) -> set[str]:
    """Ids a tool's prose names ("Returns {citation_number, fine_usd}")."""
    return {w for w in re.findall(r"[a-z]+(?:_[a-z0-9]+)+", tool.description) if _name_keys(w)}


def leaves(schema: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """(path, schema) of every scalar a call sets: "lines[].sku", "applicator.name", "tags[]"."""
    for name, prop in (schema.get("properties") or {}).items():
        if not isinstance(prop, dict):
            continue
        path = f"{prefix}{name}"
        items = prop.get("items") if isinstance(prop.get("items"), dict) else None
        if "properties" in prop:
            yield from leaves(prop, f"{path}.")
        elif items is not None and "properties" in items:
            yield from leaves(items, f"{path}[].")
        elif items is not None:
            yield f"{path}[]", {**items, **({"description": prop["description"]} if "description" in prop
                                            and "description" not in items else {})}
        else:
            yield path, prop


def leaf_name(path: str) -> str:
    """The name a leaf's value is known by: "lines[].sku" -> "sku", "bin_tags[]" -> "bin_tag"."""
    last = path.rsplit(".", 1)[-1]
    if not last.endswith("[]"):
        return last
    last = last[:-2]
    return last[:-3] + "y" if last.endswith("ies") else last[:-1] if last.endswith("s") and not last.endswith("ss") else last


def _own_values(schema: dict[str, Any]) -> bool:
    said = allowed.read(str(schema.get("description") or ""))
    return bool(schema.get("enum") or "const" in schema or said.allowed)


# ---------------------------------------------------------------- lists in the tool's prose


def _mentions(tool: Tool, name: str) -> Iterator[re.Match[str]]:
    """Where the tool's prose names parameter `name`, outside the fields it says it returns
    ("Returns {work_order_id, status: 'closed', lost_production_mwh}" lists no values)."""
    spoken = r"[\s_]".join(re.escape(w) for w in name.split("_")) + r"(?:e?s)?"  # "Suspected causes: ..."
    returned = [b.span() for b in re.finditer(r"\{[^{}]*\}", tool.description)]
    for m in re.finditer(rf"(?<![\w-]){spoken}(?![\w-])", tool.description, re.IGNORECASE):
        if not any(a < m.start() < b for a, b in returned):
            yield m


def _mentions_of_head(tool: Tool, name: str, schema: dict[str, Any]) -> list[re.Match[str]]:
    """Where the tool's prose names, as a sentence's subject, the noun the parameter's description
    opens with, when it never names the parameter (set 24: `facing`, "Direction the camera faces.",
    and "Direction is the way the camera faces and is one of: N, NE, E, ...")."""
    head = re.match(r"\W*([A-Za-z]{5,})\b", str(schema.get("description") or ""))
    if head is None or any(True for _ in _mentions(tool, name)) or head.group(1).lower() in _OPEN_HEADS:
        return []
    return list(re.finditer(rf"(?:^|(?<=[.;]\s))({re.escape(head.group(1))})\b", tool.description, re.IGNORECASE))


def _listed_in_tool(tool: Tool, path: str, schema: dict[str, Any]) -> dict[str, Any]:
    """The closed list (as `enum`) or the examples the tool's description gives for a parameter
    that lists none of its own: "appointment_type is one of: ...", "Template examples: ..."."""
    if _own_values(schema) or schema.get("type") not in (None, "string", *_NUMBER_TYPES):
        return {}
    if schema.get("type") in _NUMBER_TYPES:
        return _numbers_in_tool(tool, path, schema)
    name = leaf_name(path)
    for m in [*_mentions(tool, name), *_mentions_of_head(tool, name, schema)]:
        rest = tool.description[m.end():]
        if codes := _codes_after(rest):
            return {"enum": codes}
        if fitting := _lists_that_fit(rest):
            return {"enum": fitting}
        if not _LIST_CUE.match(rest):
            continue
        said = allowed.read(_sentence(m.group(0) + rest))
        stated = allowed.leading_list(_sentence(re.sub(r"^\s*(?:is|are|:)\s*", "", rest)))
        if stated and rest.lstrip().startswith(("is '", 'is "', "are '", ": '")):
            return {"enum": list(stated)}
        if said.allowed:
            return {"enum": list(said.allowed)}
        if said.examples and not schema.get("examples") and not allowed.read(str(schema.get("description") or "")).examples:
            return {"examples": list(said.examples)}
    return {}


# "Track condition must fit the surface: dirt and synthetic take fast, good, muddy, sloppy, wet_fast
# or sealed; turf takes firm, good, yielding or soft" (set 28: a person's name as the condition).
_MUST_FIT = re.compile(r"^\s*(?:must|should|has to|have to)\s+(?:fit|match|suit|follow|agree with)\b[^:;.]{0,60}:",
                       re.IGNORECASE)
_TAKES = re.compile(r"\b(?:takes?|uses?|allows?|can be|is one of|are one of)\s+(.+)$", re.IGNORECASE)


def _lists_that_fit(rest: str) -> list[str]:
    """Every value of the lists a rule gives per kind of another thing, in order: a parameter that
    "must fit" another takes one of them (which one fits is the other's rule, read elsewhere)."""
    fit = _MUST_FIT.match(rest)
    if fit is None:
        return []
    out: list[str] = []
    for clause in _sentence(rest[fit.end():]).split(";"):
        m = _TAKES.search(clause)
        listed = allowed.read(f"One of {m.group(1).strip()}").allowed if m else ()
        out += [v for v in listed if v not in out]
    return out if len(out) >= 2 else []


# "Add an extra charge to an owner's bill (blanketing, holding for farrier/vet, extra grain,
# shavings)": three or more short items in words, no digits, in one parenthesis of the tool's prose.
_PAREN_ITEMS = re.compile(r"\(((?:[A-Za-z][A-Za-z/' -]{1,30}[a-z],\s*){2,}(?:or\s+|and\s+)?[A-Za-z][A-Za-z/' -]{1,30}[a-z])\)")
# Words of a parameter name that hold free text about what the call is for, not a name or an id.
_TEXT_WORDS = frozenset({"item", "description", "reason", "purpose", "memo", "line", "what", "subject", "service"})


# "Caution or send-off code, see above.": the codes are the ones the tool's description lists.
_SEE_ABOVE = re.compile(r"\bsee above\b|\b(?:listed|given|shown) above\b|\bsee (?:the )?tool(?:'s)? description\b",
                        re.IGNORECASE)
_CODE_RUN = re.compile(r"(?<![\w-])[A-Z0-9]{1,10}(?:,\s*(?:and\s+|or\s+)?[A-Z0-9]{1,10}(?![\w-])){2,}")


def _codes_above(tool: Tool, path: str, schema: dict[str, Any]) -> dict[str, Any]:
    """The codes a parameter that says "see above" takes: every run of three or more upper-case
    codes the tool's description lists ("Cautions use the codes UB, DT, PI, ...; send-offs SFP, VC,
    ..."), never an invented "R67WAX3" (set 20)."""
    if schema.get("enum") or schema.get("type") not in (None, "string") or \
            not _SEE_ABOVE.search(str(schema.get("description") or "")):
        return {}
    codes = [c for run in _CODE_RUN.findall(tool.description) for c in re.findall(r"[A-Z0-9]{1,10}", run)
             if re.search(r"[A-Z]", c)]
    return {"enum": list(dict.fromkeys(codes))} if len(codes) >= 3 else {}


def _listed_for_the_text(tool: Tool, path: str, schema: dict[str, Any]) -> dict[str, Any]:
    """The examples the tool's prose lists in parentheses, for the one free-text parameter they
    can be of (set 15: a stable's extra charge for "Send the invoice", drawn from a to-do list).
    Nothing when the tool has two such parameters, or the parameter shows values of its own."""
    if "." in path or _own_values(schema) or schema.get("type") not in (None, "string") or schema.get("format"):
        return {}
    m = _PAREN_ITEMS.search(tool.description)
    if m is None or not set(str(leaf_name(path)).lower().split("_")) & _TEXT_WORDS:
        return {}
    texts = [p for p, s in (tool.parameters.get("properties") or {}).items()
             if isinstance(s, dict) and s.get("type") in (None, "string") and not _own_values(s)
             and set(p.lower().split("_")) & _TEXT_WORDS]
    if texts != [path]:
        return {}
    items = [re.sub(r"^(?:or|and)\s+", "", i.strip()) for i in m.group(1).split(",")]
    return {"examples": items}


_DIMENSION = re.compile(r"\d+(?:\.\d+)?(?:x\d+(?:\.\d+)?){1,2}")


def _dimensions(tool: Tool, schema: dict[str, Any]) -> dict[str, Any]:
    """Sizes written as dimensions ("Nominal size, e.g. 16x25x1" beside "(e.g. 16x25x1, 20x25x4)")
    are drawn from the sizes the catalog shows, each dimension from the examples' own (16 or 20 by
    25 by 1 or 4), never random digits its pattern allows (set 15: a 69x25x5 air filter)."""
    if schema.get("type") not in (None, "string") or schema.get("enum"):
        return {}
    own = [e for e in allowed.read(str(schema.get("description") or "")).examples if isinstance(e, str)]
    if not own or not all(_DIMENSION.fullmatch(e) for e in own):
        return {}  # only a size its own description shows: never a customer id "16x25x4" (set 15, round 3)
    shown = [*own, *allowed.read(tool.description).examples]
    sizes = [e for e in dict.fromkeys(shown) if isinstance(e, str) and _DIMENSION.fullmatch(e)]
    if len({s.count("x") for s in sizes}) != 1:
        return {}
    parts = [sorted({s.split("x")[i] for s in sizes}, key=float) for i in range(sizes[0].count("x") + 1)]
    combos = ["x".join(p) for p in itertools.product(*parts)]
    pattern = schema.get("pattern")
    try:
        combos = [c for c in combos if not isinstance(pattern, str) or re.search(pattern, c)]
    except re.error:
        return {}
    return {"enum": combos, NARROWED_KEY: True} if combos else {}


# "the indoor arena is open 7:00-20:00", "Pickups run 08:00 to 17:00": the hours a call happens in.
_OPEN_HOURS = re.compile(r"\b(?:open|runs?|operat\w*|hours?|between|from)\b[^.;]{0,20}?\b(\d{1,2}):(\d{2})\s*"
                         r"(?:-|–|—|to|until|and)\s*(\d{1,2}):(\d{2})\b", re.IGNORECASE)
_CLOCK_NAMES = frozenset({"time", "start", "starts", "hour", "slot", "at"})


def _open_hours(tool: Tool, path: str, schema: dict[str, Any]) -> dict[str, Any]:
    """The hours the tool's prose says its calls happen in, for its one clock time (set 15: a
    riding lesson at 10:45 pm in an arena open 7:00-20:00): the time is drawn between them."""
    m = _OPEN_HOURS.search(tool.description)
    desc = str(schema.get("description") or "")
    if m is None or "." in path or schema.get("type") not in (None, "string") or _own_values(schema) or \
            not (set(leaf_name(path).lower().split("_")) & _CLOCK_NAMES) or "between" in desc.lower():
        return {}
    clocks = [p for p in (tool.parameters.get("properties") or {})
              if set(p.lower().split("_")) & _CLOCK_NAMES and "date" not in p.lower()]
    if clocks != [path]:
        return {}
    window = f"between {int(m.group(1)):02d}:{m.group(2)} and {int(m.group(3)):02d}:{m.group(4)}"
    if _WEEKDAYS.search(tool.description):  # "Appointments are on weekdays between 07:00 and 17:00"
        window += " on weekdays"
    return {"description": f"{desc} ({window})".strip(), NARROWED_KEY: True}


_WEEKDAYS = re.compile(r"\bweekdays?\b|\bbusiness days?\b|\bmonday\s*(?:to|through|-|–)\s*friday\b|\bmon\s*-\s*fri\b",
                       re.IGNORECASE)


_NUMBER_TYPES = ("integer", "number", "float")
# "needs hold_reason (waiting_parts, waiting_crane, weather, access_permit)": the codes a parameter
# takes, in parentheses right after its name (three or more lower-case codes, not a gloss in words).
_PAREN_CODES = re.compile(r"^\s*\(\s*([a-z][a-z0-9_]*(?:\s*,\s*(?:or\s+)?[a-z][a-z0-9_]*){2,})\s*\)")


def _codes_after(rest: str) -> list[str]:
    m = _PAREN_CODES.match(rest)
    return [c.strip().removeprefix("or ").strip() for c in m.group(1).split(",")] if m else []


# "feet (30, 35, 40, 45, 50, 55, 60 or 65)", "main breakers are 100, 150, 200, 320 or 400 A": three or
# more numbers closed by "or"/"and" are the values there are, unless they are examples ("e.g. 5, 10 or 20").
_NUMBER_ITEM = r"(?:(?:every (?:point|value|number|step|size|grade) )?from \d+ to \d+|\d+(?:\.\d+)?)"
_NUMBER_SET = re.compile(rf"(?<![\w.,-]){_NUMBER_ITEM}(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+){_NUMBER_ITEM})+"
                         r"(?![\w.,-]|\.\d)")
_EXAMPLE_CUE = re.compile(r"(?:e\.g\.?|eg\.|for example|for instance|such as|like|say|example[s:]*)[\s:,(]*$", re.IGNORECASE)
# Words of a name that say its unit or its kind of number, not the thing ("main_breaker_amps").
_NUMBER_NAME_WORDS = frozenset({"amps", "amp", "amperes", "a", "ft", "feet", "kva", "kw", "kwh", "mw", "v", "volts", "pct",
                                "percent", "lb", "lbs", "kg", "mm", "cm", "m", "in", "inches", "hours", "hrs", "min",
                                "mins", "psi", "gal", "l", "count", "num", "number", "size", "value", "nameplate",
                                "standard", "rated", "max", "minimum", "maximum"})


def number_set(text: str) -> list[str]:
    """Every closed list of three or more numbers in `text` that is not a list of examples, in order,
    glosses left out and a stretch "every point from 60 to 70" spelled out ("1 (PO), 2 (FR), 4 and 6
    (G), ... 58 (AU), and every point from 60 to 70": the Sheldon scale's points; set 24)."""
    text = re.sub(r"\s*\((?![^()]*\d)[^()]*\)", "", text)  # "(PO)", "(VF)": glosses; "(30, 35 or 40)" stays
    out: list[str] = []
    for m in _NUMBER_SET.finditer(text):
        closed = re.search(r"\b(?:and|or)\s+(?:every \w+ )?(?:from )?\d+(?:\.\d+)?(?:\s+to\s+\d+)?$", m.group(0))
        if not closed or _EXAMPLE_CUE.search(text[max(0, m.start() - 16):m.start()]):
            continue
        found: list[str] = []
        for item in re.finditer(r"from (\d+) to (\d+)|(\d+(?:\.\d+)?)", m.group(0)):
            lo, hi = item.group(1), item.group(2)
            found += [str(n) for n in range(int(lo), int(hi) + 1)] if lo and 0 < int(hi) - int(lo) <= 50 else \
                [item.group(3)] if item.group(3) else []
        out += found if len(found) >= 3 else []
    return list(dict.fromkeys(out))


def _number_set(tool: Tool, path: str, schema: dict[str, Any]) -> dict[str, Any]:
    """The values a number takes where the prose lists all of them: its own description ("Pole
    length as branded, feet (30, 35, ... or 65)") or a sentence of the tool's that names its thing
    ("Residential main breakers are 100, 150, 200, 320 or 400 A" for `main_breaker_amps`,
    "Standard ratings: ... 10, 15, 25 and 100 kVA; ... 75, 112.5 and 150 kVA" for `kva_rating`:
    every list of the sentence). Set 23: pole heights of 6 feet, breakers of 36 A, 4.2 kVA."""
    if schema.get("type") not in _NUMBER_TYPES or schema.get("enum"):
        return {}
    kind = "integer" if schema.get("type") == "integer" else "number"
    lo, hi = schema.get("minimum", float("-inf")), schema.get("maximum", float("inf"))
    own = [x for x in allowed.typed(number_set(str(schema.get("description") or "")), kind) if lo <= x <= hi]  # type: ignore[operator]
    if len(own) >= 3:
        return {"enum": own}
    thing = [w for w in leaf_name(path).lower().split("_") if w and w not in _NUMBER_NAME_WORDS]
    if not thing:
        return {}
    spoken = r"[\s-]".join(re.escape(w) for w in thing) + r"(?:e?s)?"
    for sentence in re.split(r"(?<=[^.\s]{2})\.\s+", tool.description):
        if re.search(rf"(?<![\w-]){spoken}(?![\w-])", sentence, re.IGNORECASE):
            listed = [x for x in allowed.typed(number_set(sentence), kind) if lo <= x <= hi]  # type: ignore[operator]
            if len(listed) >= 3:
                return {"enum": sorted(set(listed), key=float)}  # type: ignore[arg-type]
    if semantic.infer(leaf_name(path), schema) != "money":
        return {}
    return _sums_listed(tool, thing[-1], kind, lo, hi, bool(re.search(r"\b0 (?:when|for|if)\b", str(schema.get("description") or ""))))


_PER_UNIT = re.compile(r"\b(?:per|a|each) (?:person|passenger|head|guest|seat|page|hour|day|night|pair|unit)\b", re.IGNORECASE)


def _sums_listed(tool: Tool, head: str, kind: str, lo: Any, hi: Any, nothing: bool) -> dict[str, Any]:
    """The sums of money a sentence of the tool's lists for its thing's head: "Standard fees: adult dogs
    $150, puppies under 6 months $200, adult cats $75, ..." for `adoption_fee` (set 48: fees of 416.50)."""
    for sentence in re.split(r"(?<=[^.\s]{2})\.\s+", tool.description):
        if re.search(rf"(?<![\w-]){re.escape(head)}s?(?![\w-])", sentence, re.IGNORECASE):
            sums = [float(x.replace(",", "")) for x in re.findall(r"\$\s?(\d[\d,]*(?:\.\d+)?)", sentence)] + \
                [float(x.replace(",", "")) for x in re.findall(r"(?<![\d.])(\d[\d,]*(?:\.\d+)?) ?(?:USD|dollars)\b(?!\s*(?:/|per\b|each\b))", sentence)]
            listed = [int(x) if kind == "integer" or x.is_integer() else x for x in sums if lo <= x <= hi]
            if _PER_UNIT.search(sentence):
                continue  # "249 USD per person for a sunrise flight": a price per head, no amount of the list
            if len(set(listed) | ({0} if nothing else set())) >= 3:  # and 0 where its own text says when ("0 when
                # the fee is waived", "0 for a timely cancellation": set 49, "half day 175 USD, full day 300 USD")
                return {"enum": sorted(set(listed) | ({0} if nothing else set()))}
    return {}


def _number_sets(tools: list[Tool]) -> dict[str, list[Any]]:
    """The numbers each head noun takes where a tool's prose lists all of them (`_number_set`):
    "grade" the Sheldon scale's points."""
    out: dict[str, list[Any]] = {}
    for tool in tools:
        for path, schema in leaves(tool.parameters):
            words = [w for w in leaf_name(path).lower().split("_") if w not in _NUMBER_NAME_WORDS]
            if words and (found := _number_set(tool, path, schema).get("enum")):
                out.setdefault(words[-1], found)
                out.setdefault("_".join(words), found)  # `impound_fee`'s fees are an impound's (set 48: adoption
                if len(words) > 1:  # fees of 35, 75 and 150): a head said with a modifier lends to the same words only
                    out[f"qualified:{words[-1]}"] = [1]
    return out


def _numbers_elsewhere(path: str, schema: dict[str, Any], sets: dict[str, list[Any]]) -> dict[str, Any]:
    """A number named by a head noun whose values another tool's prose lists takes those its bounds
    allow (set 24: a crossover's `source_grade` 17 and `minimum_grade` 19, where `record_grade` lists
    the Sheldon points)."""
    words = [w for w in leaf_name(path).lower().split("_") if w not in _NUMBER_NAME_WORDS]
    key = "_".join(words) if "_".join(words) in sets else words[-1] if words and f"qualified:{words[-1]}" not in sets \
        else ""
    if key not in sets or schema.get("type") not in _NUMBER_TYPES or schema.get("enum"):
        return {}
    lo, hi = schema.get("minimum", float("-inf")), schema.get("maximum", float("inf"))
    fitting = [x for x in sets[key] if lo <= x <= hi]
    return {"enum": fitting} if len(fitting) >= 3 else {}


def _numbers_in_tool(tool: Tool, path: str, schema: dict[str, Any]) -> dict[str, Any]:
    """The example numbers the tool's prose gives a numeric parameter ("crane_class is the rated
    capacity in metric tonnes, e.g. 500, 750, 1200"): they set its scale; nothing when the
    parameter has examples or a range of its own."""
    said = allowed.read(str(schema.get("description") or ""))
    if schema.get("examples") or said.examples or said.low is not None or said.high is not None:
        return {}
    for m in _mentions(tool, leaf_name(path)):
        rest = tool.description[m.end():]
        if not _LIST_CUE.match(rest):
            continue
        numbers = allowed.typed(allowed.read(_sentence(m.group(0) + rest)).examples,
                                "integer" if schema.get("type") == "integer" else "number")
        if len(numbers) >= 2:
            return {"examples": numbers}
    return {}


# ---------------------------------------------------------------- one quantity named in two tools

_UNIT_NAMES = frozenset({"usd", "eur", "gbp", "dollars", "s", "sec", "secs", "seconds", "ms", "h", "hr", "hrs", "hours",
                         "min", "mins", "minutes", "days", "lb", "lbs", "kg", "g", "mm", "cm", "m", "km", "in",
                         "inches", "ft", "feet", "mi", "pct", "percent"})


def _quantity_key(words: Iterable[str]) -> tuple[str, ...]:
    """The words that name a quantity, less its unit ("claiming price" of `claiming_price_usd`)."""
    return tuple(w for w in (x.lower() for x in words) if w and w not in _UNIT_NAMES)


def _number_examples(tools: list[Tool]) -> dict[tuple[str, ...], list[object]]:
    """The example numbers a catalog gives a quantity, by the words of its parameter's name."""
    out: dict[tuple[str, ...], list[object]] = {}
    for tool in tools:
        for path, schema in leaves(tool.parameters):
            if schema.get("type") in _NUMBER_TYPES and "." not in path:
                said = allowed.typed(allowed.read(str(schema.get("description") or "")).examples,
                                     "integer" if schema.get("type") == "integer" else "number")
                if len(said) >= 2:
                    out.setdefault(_quantity_key(leaf_name(path).split("_")), said)
    return out


def _scale_elsewhere(path: str, schema: dict[str, Any], scales: dict[tuple[str, ...], list[object]]) -> dict[str, Any]:
    """A number that says nothing of its scale takes the examples another tool gives the quantity
    its description names (set 28: a claim's "Claiming price, in US dollars." at $21 to $466, where
    the entry's `claiming_price_usd` says "e.g. 16000 or 40000")."""
    if schema.get("type") not in _NUMBER_TYPES or "." in path or schema.get("enum") or schema.get("examples") or \
            any(k in schema for k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")):
        return {}
    description = str(schema.get("description") or "")
    if allowed.read(description).examples:
        return {}
    named = re.split(r"[,.;:(]| in | of ", description, maxsplit=1)[0].split()
    for key in (_quantity_key(named), _quantity_key(leaf_name(path).split("_"))):
        if len(key) >= 2 and key in scales:
            return {"examples": list(scales[key])}
    return {}


def _closed_lists(tools: list[Tool]) -> dict[str, list[tuple[Any, ...]]]:
    """Every closed list the catalog gives, by the singular name of the parameter it is for."""
    lists: dict[str, list[tuple[Any, ...]]] = {}
    for tool in tools:
        for path, schema in leaves(tool.parameters):
            said = allowed.read(str(schema.get("description") or "")).allowed
            values = tuple(schema.get("enum") or ()) or said or tuple(_listed_in_tool(tool, path, schema).get("enum") or ())
            if values:
                found = lists.setdefault(semantic.singular(leaf_name(path)), [])
                found.extend([values] if values not in found else [])
    return lists


def _listed_elsewhere(path: str, schema: dict[str, Any], lists: dict[str, list[tuple[Any, ...]]]) -> dict[str, Any]:
    """The one closed list the catalog gives another parameter of the same name (the `categories`
    of a log search are the `category` values of a log entry); nothing when lists disagree."""
    if _own_values(schema) or schema.get("type") not in (None, "string"):
        return {}
    if semantic.singular(leaf_name(path)) in _BROAD_NAMES:  # one tool's `unit` says nothing of another's
        return {}
    found = lists.get(semantic.singular(leaf_name(path))) or []
    return {"enum": list(found[0])} if len(found) == 1 and all(isinstance(v, str) for v in found[0]) else {}


def _list_of_examples(path: str, schema: dict[str, Any], lists: dict[str, list[tuple[Any, ...]]]) -> dict[str, Any]:
    """A parameter whose examples are members of the closed list the catalog gives the same name
    draws from that list: a conflict limited to age groups "e.g. ['U12', 'U13']" takes the league's
    `age_group` values (U8 ... U19, adult), never a series counted from U01 (set 20: "U04", "U02")."""
    said = allowed.read(str(schema.get("description") or "")).examples
    listed = _listed_elsewhere(path, schema, lists).get("enum") or []
    return {"enum": listed} if said and listed and set(said) <= set(listed) else {}


# An example whose parts the description glosses as measures: "e.g. DR-230-26 (application prefix
# DR/TR/ST/AP, width in mm, depth in 32nds)"; every parameter of that thing is marked so.
_MEASURED_PARTS = re.compile(r"\([^()]*\b(?:width|depth|length|height|diameter|size|weight|gauge|radius)\b[^()]*"
                             r"\b(?:in )?(?:mm|cm|inch(?:es)?|32nds|ft|feet|kg|lb|g)\b[^()]*\)", re.IGNORECASE)
MEASURED_KEY = "x-measured-parts"


def measured_parts(schema: dict[str, Any]) -> bool:
    """Whether an id's numbers are measures (its own gloss, or one of the same thing elsewhere)."""
    return bool(schema.get(MEASURED_KEY)) or bool(_MEASURED_PARTS.search(str(schema.get("description") or "")))


def _measured(tools: list[Tool]) -> set[str]:
    return {key for tool in tools for path, schema in leaves(tool.parameters)
            if _MEASURED_PARTS.search(str(schema.get("description") or ""))
            for key in entity_keys(leaf_name(path), str(schema.get("description") or ""))}


# "e.g. PRD-2531 (season year + show number)": the id's digits open with a year.
# "'J-' plus five digits where the first two are the year the job was opened" (set 27: jobs J-61150).
_YEAR_LED = re.compile(r"\((?:[a-z]+ )?year\s*(?:\+|and|then|,|followed by)\s*[^()]*\)|"
                       r"\bfirst (?:two|2|four|4)(?: digits)? (?:are|is|give|being) the year\b", re.IGNORECASE)
_LED_ID = re.compile(r"([A-Z]{1,6}-?)(\d{4,})")


def _year_led(tools: list[Tool]) -> dict[str, str]:
    """The pattern of every entity whose ids a description says open with a year, by entity key:
    a production "PRD-2531 (season year + show number)" of the 2025 season is PRD-24.. to PRD-26..,
    never PRD-4322 (set 21: 64 of 200 values), on every tool that names a production."""
    out: dict[str, str] = {}
    for tool in tools:
        for path, schema in leaves(tool.parameters):
            desc = str(schema.get("description") or "")
            example = next((m for e in allowed.read(desc).examples if isinstance(e, str)
                            and (m := _LED_ID.fullmatch(e))), None) if _YEAR_LED.search(desc) else None
            if example is None:
                continue
            prefix, digits = example.groups()
            wide = 4 if len(digits) >= 6 and digits[:2] in ("19", "20") else 2
            year = int(digits[:wide])
            years = "|".join(str(y).zfill(wide) for y in (year - 1, year))  # this season or the last
            pattern = f"^{re.escape(prefix)}(?:{years})[0-9]{{{len(digits) - wide}}}$"
            for key in entity_keys(leaf_name(path), desc):
                out.setdefault(key, pattern)
    return out


def _year_pattern(path: str, schema: dict[str, Any], years: dict[str, str]) -> dict[str, Any]:
    """A year-led entity's pattern for one of its parameters, where its own pattern allows it."""
    if not years or schema.get("type") not in ("string", None) or schema.get("enum"):
        return {}
    found = next((years[k] for k in entity_keys(leaf_name(path), str(schema.get("description") or ""))
                  if k in years), None)
    own = schema.get("pattern") or template_pattern(str(schema.get("description") or ""))
    if found is None or isinstance(own, str) and not _agrees(own, found):
        return {}
    return {"pattern": found, NARROWED_KEY: True}


def _agrees(own: str, narrowed: str) -> bool:
    """Whether ids of the narrowed pattern match the parameter's own (three seeded samples: the same
    answer on every run, and the process's global random state left alone)."""
    import random

    import rstr

    draw = rstr.Rstr(random.Random(0))
    try:
        return all(re.search(own, draw.xeger(narrowed)) for _ in range(3))
    except re.error:
        return False


# ---------------------------------------------------------------- the numbered parts of an id

NARROWED_KEY = "x-narrowed"
# An id of a numbered series as written: letters, then its number ("D03", "CH07").
_SERIES_ID = re.compile(r"\b([A-Z]{1,4})-?(\d{1,4})\b")
# "The state has 12 districts": how many of a thing there are.
_HOW_MANY = re.compile(r"\b(\d{1,4}) ([a-z]+?)s\b")
# The parts an id's example is made of, in order: "(district number, then a 4-digit sequence)",
# "(date, then chair number)", "with a leading district digit pair".
_PARTS = re.compile(r"\(([^()]*?\bthen\b[^()]*)\)")
_LEADING = re.compile(r"\bleading ([a-z]+) (?:digit pair|digits|number)\b")


@dataclass(frozen=True)
class _Series:
    """A numbered series the catalog states: its first number and its last ("D01 to D12"; a
    unit's chairs "CH21-CH24" and "e.g. 'CH07'": 1 to 24)."""
    low: int
    top: int


def _series(tools: list[Tool]) -> dict[str, _Series]:
    """Numbered series by the thing they number ("district" -> 1..12, "chair" -> 1..24), from
    parameters whose description writes the series' ids beside the example ("The state has 12
    districts, D01 to D12"; "e.g. 'CH07'. Chairs CH21-CH24 are the isolation room")."""
    found: dict[str, _Series] = {}
    for tool in tools:
        for path, schema in leaves(tool.parameters):
            desc = str(schema.get("description") or "")
            ids = _SERIES_ID.findall(desc)
            prefixes = {p for p, _ in ids}
            if len(ids) < 2 or len(prefixes) != 1:
                continue
            numbers = [int(n) for _, n in ids]
            thing = _thing(leaf_name(path))
            counted = [int(n) for n, noun in _HOW_MANY.findall(desc.lower()) if noun == thing]
            top = max(numbers + counted)
            if thing and top > 1 and (thing not in found or found[thing].top < top):
                found[thing] = _Series(1, top)  # a series is numbered from 1 whatever its example
    return found


def _thing(name: str) -> str:
    """What an id parameter numbers: `chair_id` -> chair, `district` -> district."""
    words = [w for w in name.lower().split("_") if w not in ("id", "code", "number", "no", "num")]
    return semantic.singular(words[-1]) if words else ""


def _id_parts(path: str, schema: dict[str, Any], series: dict[str, _Series]) -> dict[str, Any]:
    """An id's pattern narrowed to the numbers its parts can take: a chair of the unit's 24, a
    segment id whose district part is one of the state's 12 districts ("SG-041207 (district
    number, then a 4-digit sequence)"), never CH88 or SG-801118. Nothing when no part is numbered
    by a stated series."""
    desc = str(schema.get("description") or "")
    pattern = schema.get("pattern")
    if schema.get("type") not in ("string", None) or schema.get("enum") or schema.get("format"):
        return {}
    if own_series := _own_series(desc, pattern):
        return {"pattern": own_series, NARROWED_KEY: True}
    if not series:
        return {}
    # the example, else the series' own first id ("Fermenter id, FV-01 to FV-12"); with no pattern
    # of the catalog's, the narrowed one is the only one (set 15: FV-74 of a brewery's 12)
    example = next((e for e in allowed.read(desc).examples if isinstance(e, str)), None) or \
        next((m.group(0) for m in _SERIES_ID.finditer(desc)), None)
    if not example or not re.fullmatch(r"[A-Za-z0-9-]+", example) or pattern is not None and not isinstance(pattern, str):
        return {}
    groups = [(m.start(), m.end()) for m in re.finditer(r"\d+", example)]
    own = series.get(_thing(leaf_name(path)))
    parts: list[tuple[int, int, _Series]] = []  # (start, end, series) of each numbered part
    if own and len(groups) == 1 and groups[0][1] == len(example):  # "CH07": the id is its own series'
        parts.append((*groups[0], own))
    named = _PARTS.search(desc)
    lead = _LEADING.search(desc)
    if named:
        names = [n.strip() for n in re.split(r",?\s*\bthen\b\s*|,", named.group(1)) if n.strip()]
        spans = _split(groups, names, example)
        for (start, end), part in zip(spans, names, strict=False):
            head = re.match(r"(?:a |the )?([a-z]+) (?:number|no\.?)$", part.lower())
            if head and semantic.singular(head.group(1)) in series and (start, end) not in [p[:2] for p in parts]:
                parts.append((start, end, series[semantic.singular(head.group(1))]))
    elif lead and semantic.singular(lead.group(1)) in series and groups and groups[0][0] == 0:
        width = 2 if "pair" in lead.group(0) else len(str(series[semantic.singular(lead.group(1))].top))
        parts.append((0, width, series[semantic.singular(lead.group(1))]))
    if not parts:
        return {}
    narrowed, at = "", 0
    ends = [example]  # the example with each part at its series' first and last number
    for start, end, ser in sorted(parts):
        narrowed += _shape(example[at:start]) + _upto(ser, end - start)
        ends = [e[:start] + str(n).zfill(end - start)[-(end - start):] + e[end:] for e in ends for n in (ser.low, ser.top)]
        at = end
    narrowed = f"^{narrowed}{_shape(example[at:])}$"
    try:  # a narrowing, never a change: the series' ends still match the catalog's own pattern
        if not all((pattern is None or re.search(pattern, e)) and re.search(narrowed, e) for e in ends):
            return {}
    except re.error:
        return {}
    return {"pattern": narrowed, NARROWED_KEY: True}


# "P-01 to P-12", "F-1 to F-4", "BT-01..BT-06": a numbered series, its prefix on both ends.
_OWN_SERIES = re.compile(r"\b([A-Z]{1,5}-?)(\d{1,3})\s*(?:\.\.\.?|–|—|-|to|through)\s*\1(\d{1,3})\b")


def _own_series(desc: str, pattern: Any) -> str | None:
    """The ids of the numbered series a parameter's own description writes ("Paddock: P-01 to
    P-12 (small dry lots), F-1 to F-4 (grass fields)") as one pattern, None when it writes none
    or the catalog's own pattern refuses their ends (set 15: PAD-13715 for a stable's paddocks)."""
    alts, ends = [], []
    for m in _OWN_SERIES.finditer(desc):
        first, last, width = int(m.group(2)), int(m.group(3)), len(m.group(2))
        if not 0 < last - first < 100:
            continue
        numbers = [str(n).zfill(width) for n in range(first, last + 1)]
        alts.append(f"{re.escape(m.group(1))}(?:{'|'.join(numbers)})")
        ends += [m.group(1) + numbers[0], m.group(1) + numbers[-1]]
    if not alts:
        return None
    try:
        if isinstance(pattern, str) and not all(re.search(pattern, e) for e in ends):
            return None
    except re.error:
        return None
    return f"^(?:{'|'.join(alts)})$"


def _split(groups: list[tuple[int, int]], names: list[str], example: str) -> list[tuple[int, int]]:
    """The spans of an example's named parts: one digit group each, or one group cut by the
    widths the names give ("district number, then a 4-digit sequence" in "041207")."""
    if len(groups) == len(names):
        return groups
    if len(groups) == 1 and len(names) == 2:
        width = re.search(r"(\d+)-digit", names[1])
        if width:
            start, end = groups[0]
            cut = end - int(width.group(1))
            return [(start, cut), (cut, end)] if cut > start else []
    return []


def _shape(text: str) -> str:
    """A stretch of an example outside its numbered parts, as a pattern: its letters and marks as
    written, its digits any digits."""
    return "".join("[0-9]" if c.isdigit() else re.escape(c) for c in text)


def _upto(ser: _Series, width: int) -> str:
    """The numbers of a series written `width` digits wide, as an alternation."""
    numbers = [str(n).zfill(width) for n in range(max(ser.low, 1), ser.top + 1) if len(str(n)) <= width]
    return "(?:" + "|".join(numbers) + ")" if numbers else "[0-9]" * width


# ---------------------------------------------------------------- a sibling's format

SAME_AS_KEY = "x-same-as"
# "Local end, same format", "same format as start_time", "Same as `from`", "in the same units as min_x"
_SAME_AS = re.compile(r"\bsame (?:format|type|kind|units?|shape|syntax|notation)\b(?: as (?:the |for |in )?[`'\"]?(\w+))?|"
                      r"\bsame as (?:the |for |in )?[`'\"]?(\w+)", re.IGNORECASE)
# The two ends of a pair of parameters (either way): the partner `end` has when it points at "same format".
_PARTNERS = (("start", "end"), ("begin", "end"), ("from", "to"), ("min", "max"), ("minimum", "maximum"),
             ("lower", "upper"), ("earliest", "latest"), ("since", "until"), ("after", "before"),
             ("arrival", "departure"), ("checkin", "checkout"), ("first", "last"), ("open", "close"),
             ("origin", "destination"), ("source", "target"))


def _partner(name: str, names: list[str]) -> str | None:
    """The parameter `name` pairs with: `end` -> `start`, `to_date` -> `from_date`."""
    words = name.lower().split("_")
    for a, b in _PARTNERS:
        for mine, theirs in ((a, b), (b, a)):
            if mine in words:
                other = "_".join(theirs if w == mine else w for w in name.split("_"))
                match = next((n for n in names if n.lower() == other.lower()), None)
                if match:
                    return match
    return None


def _same_as_sibling(tool: Tool, path: str, schema: dict[str, Any]) -> dict[str, Any]:
    """A parameter whose description says it has "the same format" as a sibling takes the
    sibling's description (its format, its kind), the sibling's name read as its own: an `end`
    that is "Local end, same format" as `start` ('YYYY-MM-DDTHH:MM') is that moment, never a
    file format ("json") because its own words say "format"."""
    m = _SAME_AS.search(str(schema.get("description") or ""))
    if not m or "." in path or "[]" in path:
        return {}
    props = tool.properties
    named = m.group(1) or m.group(2)
    sibling = named if named in props and named != path else _partner(path, [n for n in props if n != path])
    other = props.get(sibling or "") or {}
    text = str(other.get("description") or "")
    if not sibling or not text or _SAME_AS.search(text):
        return {}
    own = re.sub(rf"(?<![A-Za-z]){re.escape(sibling.split('_')[0])}(?![A-Za-z])", path.split("_")[0], text,
                 flags=re.IGNORECASE)
    keys = {k: v for k, v in other.items() if k in ("format", "pattern", "type")}
    return {**keys, "description": own, SAME_AS_KEY: sibling}


# ---------------------------------------------------------------- moments the tool's prose writes

# Bare names of a period's bounds: the lower one is where a look back starts, the upper one its end.
_LOWER_BOUNDS = frozenset({"since", "start", "begin", "from", "after", "starting"})
_UPPER_BOUNDS = frozenset({"until", "till", "end", "to", "before", "ending"})
# Bounds that name other things too (`from`/`to` a place or a person): a moment only where the
# tool's prose says how times are written.
_AMBIGUOUS_BOUNDS = frozenset({"from", "to", "after", "before"})
# The tool speaks of moments: it names a time format, or it reads data over a stretch of time.
_TIME_FORMAT_NAMED = re.compile(r"\b(?:iso[- ]?8601|rfc[- ]?3339|date[- ]?times?|timestamps?|utc|"
                                r"yyyy-mm-dd|hh:mm)\b", re.IGNORECASE)
_TIME_PROSE = re.compile(r"\b(?:time[- ]?series|trends?|window|period|interval|history|historical|logs?|"
                         r"archive|resolution|since|until|hours?|days?|minutes?|weeks?)\b", re.IGNORECASE)
# A participle before `_on` / `_at` that still lies ahead (`scheduled_at`, `due_on`); others are done.
AHEAD = frozenset({"scheduled", "planned", "expected", "due", "requested", "needed", "booked", "starts", "ends",
                   "expires", "expiring", "effective", "valid", "start", "end", "open", "close", "deliver",
                   "delivery", "ship", "return", "proposed", "projected", "estimated", "promised", "desired",
                   "preferred", "reserved", "targeted", "anticipated", "intended", "wanted", "required", "renewed",
                   "extended", "expired"})
# The drawing schema's word for "a moment of the last few days" (generator.core.values reads it).
RECENT = "recently"


def _bare(schema: dict[str, Any]) -> bool:
    keys = ("description", "format", "enum", "pattern", "examples", "const", "default")
    return schema.get("type") in (None, "string") and not any(schema.get(k) not in (None, "") for k in keys)


def moment_kind(tool: Tool, path: str) -> tuple[str, bool] | None:
    """("date" | "datetime", done) for a parameter named like a moment (`since`, `end`, `sampled_on`,
    `raised_at`) on a tool that speaks of time; `done` when the moment lies behind the call (the
    start of a look back, a sample taken)."""
    name = leaf_name(path).lower()
    words = name.split("_")
    prose = f"{tool.name.replace('_', ' ')} {tool.description}"
    if name in _LOWER_BOUNDS | _UPPER_BOUNDS:
        cue = _TIME_FORMAT_NAMED if name in _AMBIGUOUS_BOUNDS else _TIME_PROSE
        if not (_TIME_FORMAT_NAMED.search(prose) or cue.search(prose)):
            return None
        return "datetime", name in _LOWER_BOUNDS
    if len(words) >= 2 and words[-1] in ("on", "at") and words[-2] not in AHEAD:
        done = words[-2].endswith("ed") or words[-2] in ("last", "previous", "prior")
        return ("date" if words[-1] == "on" else "datetime"), done
    return None


def _moment(tool: Tool, path: str, schema: dict[str, Any]) -> dict[str, Any]:
    """A moment its own schema says nothing of (`since`, `start`/`end` of a trend, `sampled_on`) is
    a date or date-time in the format the tool's prose names ("ISO 8601 with offset"), else RFC
    3339; a look back's start and a thing already done lie in the last few days, never a label
    such as "start 9"."""
    found = moment_kind(tool, path) if _bare(schema) else None
    if found is None:
        return {}
    kind, done = found
    from .values import value_format  # values draws with what lore says; lore reads its formats

    fmt = value_format({"description": tool.description}) if _TIME_FORMAT_NAMED.search(tool.description) else None
    json_format = {"%Y-%m-%dT%H:%M:%SZ": "date-time", "%Y-%m-%d": "date"}.get(fmt or "")
    said: dict[str, Any] = {"type": "string"}
    if fmt and not json_format:
        said["description"] = f"{RECENT if done else 'moment'}, written {fmt}"
    else:
        said["format"] = json_format or ("date-time" if kind == "datetime" else "date")
        said["description"] = RECENT if done else "moment"
    return said


# The verbs of a tool that writes down what was done: its moments are behind the call.
_RECORDING = frozenset({"record", "log"})
# Words of a moment still ahead even in a record ("the ID's expiration date", "next due").
_STILL_AHEAD = re.compile(r"\b(?:expir\w*|next|until|deadline|due|expected|planned|scheduled|needed|"
                          r"estimated|ahead|future)\b", re.IGNORECASE)


_DATED = re.compile(r"\bYYYY-MM-DD\b")  # its form in words (set 48: check-ins recorded a week ahead)


def recorded_moment(tool: Tool, name: str, schema: dict[str, Any]) -> bool:
    """Whether a date a record tool writes down is a moment of the last few days:
    `record_processing_results`' "Date processing started", `record_hla_typing`'s "Date on the lab
    report" (set 47: 40 finished steps dated up to a week after the query's today); never one its
    words put ahead ("expected", "due", "expiration")."""
    said = str(schema.get("description") or "")
    dated = schema.get("format") in ("date", "date-time") or _DATED.search(said) is not None  # a BFCL date says
    return dated and \
        semantic.tokens(tool.api or tool.name)[:1] in [[v] for v in _RECORDING] and \
        not set(name.lower().split("_")) & AHEAD and not _STILL_AHEAD.search(f"{name} {said}")


# A tool about what is done and kept: "a patient's prior images", "previous orders", "past visits".
_BEHIND = re.compile(r"\b(?:prior|previous|past|earlier|historical|history|archived?)\b", re.IGNORECASE)
BOUND_WORDS = _LOWER_BOUNDS | _UPPER_BOUNDS


def _looking_back(tool: Tool, path: str, schema: dict[str, Any]) -> dict[str, Any]:
    """A date that says nothing of itself but bounds a look back lies behind the call: an
    `ordered_since`, or the `exam_date_from` of a request for a patient's prior images, is a day
    of the past, never today or next week."""
    words = set(leaf_name(path).lower().split("_"))
    said = str(schema.get("description") or "")
    done = any(w.endswith("ed") and w not in AHEAD for w in words - BOUND_WORDS) or \
        bool(words & _LOWER_BOUNDS) and said.lower().startswith("only ")  # `created_after`; "Only ADs effective on or after"
    if said and words & BOUND_WORDS and _LOOKUP.match(tool.name) and \
            (done or _RECORDED.search(f"{tool.description} {said}") or _done_between(tool.description)) and \
            not _AHEAD_SAID.search(f"{tool.description} {said}"):
        return {"description": f"in the past; {said}"}  # the window of reads kept, outages reported (set 23)
    if said or schema.get("format") not in ("date", "date-time"):
        return {}
    if "since" in words or (words & BOUND_WORDS and _BEHIND.search(tool.description)):
        return {"description": "a day in the past"}
    return {}


# "Search sterilizer loads run between two dates", "samples collected between": things an act done
# made, looked up over a window (set 25: loads "run" from June 2 until June 30 on June 2).
_THINGS_DONE_BETWEEN = re.compile(r"\b[a-z]+s ([a-z]+) (?:between|from|during|over)\b", re.IGNORECASE)


def _done_between(description: str) -> bool:
    from .temporal import participle_of
    from .values import _PLANNING_VERBS

    said = (m.group(1).lower() for m in _THINGS_DONE_BETWEEN.finditer(description))
    # "run" is its own participle: loads run between two dates
    return any(w not in AHEAD and (lemma := participle_of(w)) is not None and lemma not in _PLANNING_VERBS for w in said)


# A lookup of what has been recorded: its window's bounds lie behind the call, never "reads through
# August" from a June query (set 23).
_LOOKUP = re.compile(r"^(?:get|list|search|find|lookup|fetch|query|view|show|browse|read)_", re.IGNORECASE)
_RECORDED = re.compile(r"\b(?:reads|readings?|reported|recorded|logged|measured|occurred|happened|history|historical|"
                       r"kept|archived?)\b", re.IGNORECASE)
_AHEAD_SAID = re.compile(r"\b(?:upcoming|scheduled|planned|future|forecast|due|expected|available)\b", re.IGNORECASE)


# ---------------------------------------------------------------- examples another tool gives

Given = tuple[tuple[str, ...], str | None]  # what one parameter shows of its values: examples, pattern


def _given_examples(tools: list[Tool]) -> dict[str, list[Given]]:
    """What each parameter name is given anywhere in the catalog, one entry per parameter that
    gives anything: its examples ("Track code, e.g. 'MAIN'") and its pattern (`^PEO-\\d{3}$`)."""
    found: dict[str, list[Given]] = {}
    for tool in tools:
        for path, schema in leaves(tool.parameters):
            if schema.get("type") in _NUMBER_TYPES:  # a number's examples are numbers: `years_at_employer`'s
                continue  # "e.g. 3.5" is no `employer` (set 48)
            said = tuple(e for e in allowed.read(str(schema.get("description") or "")).examples
                         if isinstance(e, str) and not allowed.affix(e))
            pattern = schema.get("pattern") if isinstance(schema.get("pattern"), str) else None
            if said or pattern:
                found.setdefault(semantic.singular(leaf_name(path)), []).append((said, pattern))
    return found


def _examples_elsewhere(path: str, schema: dict[str, Any], examples: dict[str, list[Given]]) -> dict[str, Any]:
    """The examples and pattern other tools give a parameter of the same name, for one that says
    nothing of its own (a bare `track` is a track code like the 'MAIN' of `search_submissions.track`,
    no invented title; a bare `officer_badge` is a `^PEO-\\d{3}$` badge like the citation's, not
    "badge 6"); nothing when the catalog gives two different forms. A broad name (`state`) takes
    them only when two or more parameters all give the same (the plate's "CA, NV, BC" everywhere)."""
    own = [e for e in allowed.read(str(schema.get("description") or "")).examples  # "All units transfused ...": none
           if not allowed.affix(e)]  # "'/P', '/M' or a prefix such as 'KH6/'" are parts of a callsign
    if not own and not schema.get("examples") and _bare_charset(schema.get("pattern")):
        return _examples_in_charset(path, schema["pattern"], examples)
    if not own and not schema.get("examples") and isinstance(schema.get("pattern"), str):
        return _examples_in_pattern(path, schema["pattern"], examples)
    if own or schema.get("examples") or "pattern" in schema or "format" in schema or _own_values(schema) or \
            schema.get("type") not in (None, "string"):
        return {}  # (a date-time `end` is no "HH:MM" `end` of another tool's opening hours)
    found = examples.get(semantic.singular(leaf_name(path))) or _by_head(leaf_name(path), examples)
    forms = list(dict.fromkeys(found))
    if len(forms) > 1 and not any(p for _, p in forms):  # the strains two tools show are all strains
        forms = [(tuple(dict.fromkeys(e for said, _ in forms for e in said)), None)]
    if len(forms) != 1 or (semantic.singular(leaf_name(path)) in _BROAD_NAMES and len(found) < 2):
        return {}
    said, pattern = forms[0]
    return {**({"examples": list(said)} if said else {}), **({"pattern": pattern} if pattern else {})}


# Heads too broad to say what a value looks like: an `airport_code` is no `country_code`.
_OPEN_HEADS = frozenset({"name", "date", "time", "number", "code", "count", "amount", "address", "email", "phone",
                         "note", "text", "description", "title", "url", "value", "label", "reference", "key"})


def _by_head(name: str, examples: dict[str, list[Given]]) -> list[Given]:
    """What the catalog gives the parameters named by the same head noun, where nothing of this
    name gives any (set 24: `worked_callsign` is a callsign like `station_callsign`'s 'K1ABC', never
    "callsign 8"): their examples together, without a pattern (one station's own form is not every
    station's)."""
    words = [semantic.singular(w) for w in semantic.tokens(name)]
    head = words[-1] if words else ""
    if not head or head in _OPEN_HEADS | _BROAD_NAMES | _ID_WORDS | _ID_HEADS or len(head) < 4:
        return []
    if set(words) & _AGAINST:
        return []
    from .freetext import is_person_role  # a function-level import: freetext imports this module

    # a consignee's confirmation is the receiver's own number, never one of the carrier's pickup
    # confirmations (set 30: "PU-6690743" as the consignee's)
    party = words[0] if len(words) > 1 and is_person_role(words[0]) else None
    said = tuple(dict.fromkeys(e for key, given in examples.items() if key.split("_")[-1] == head and key != name
                               and not set(key.split("_")) & _AGAINST and (party is None or key.startswith(f"{party}_"))
                               for ex, _ in given for e in ex))
    return [(said, None)] if said else []


# Modifiers that make a parameter the opposite of its head noun's others: the foods a user
# dislikes are never the foods to order (set 25: a restaurant search for "chili, coriander").
_AGAINST = frozenset({"disliked", "dislike", "excluded", "exclude", "avoid", "avoided", "banned", "blocked", "allergic",
                      "allergy", "allergen", "forbidden", "unwanted", "skip", "skipped", "without", "except", "not"})


def _examples_in_pattern(path: str, pattern: str, examples: dict[str, list[Given]]) -> dict[str, Any]:
    """A patterned parameter with no example of its own takes the examples another parameter of its
    name (or head noun) gives that its pattern accepts (set 24: an own callsign "HL26VKQU/G7Q" drawn
    from `^[A-Z0-9]{1,3}[0-9][A-Z]{1,4}(/[A-Z0-9]{1,3})?$` where a sibling shows 'K1ABC')."""
    name = semantic.singular(leaf_name(path))
    given = [e for ex, _ in (examples.get(name) or []) + _by_head(leaf_name(path), examples) for e in ex]
    try:
        fitting = list(dict.fromkeys(e for e in given if re.fullmatch(pattern, e)))
    except re.error:
        return {}
    return {"examples": fitting} if fitting else {}


def _noted(name: str) -> bool:
    """Whether a parameter is written text a person types for the one call (notes, a reason, a
    message): its words are the call's own, never the examples of a same-named parameter."""
    from .freetext import text_role

    return text_role(semantic.tokens(name)) not in (None, "status")


# A pattern that only says which characters a value has ("^[A-Z0-9_]{4,40}$"), not its form.
_CHARSET = re.compile(r"\^?\[[^\]]+\](?:\{\d+(?:,\d*)?\}|[+*])\$?")


def _bare_charset(pattern: Any) -> bool:
    return isinstance(pattern, str) and _CHARSET.fullmatch(pattern) is not None


def _examples_in_charset(path: str, pattern: str, examples: dict[str, list[Given]]) -> dict[str, Any]:
    """A `recipe` whose schema says only `^[A-Z0-9_]{4,40}$` is a recipe like the ones another
    tool shows ("PE_GATEPOLY_V12, CVD_TEOS_5KA"), not 'Y9DBLXPH5_INWW4': the one set of examples
    the catalog gives that name, each inside the parameter's own pattern."""
    given = list(dict.fromkeys(said for said, _ in examples.get(semantic.singular(leaf_name(path))) or [] if said))
    if len(given) != 1 or not all(re.fullmatch(pattern.strip("^$"), e) for e in given[0]):
        return {}
    return {"examples": list(given[0])}


def _sentence(text: str) -> str:
    """The sentence `text` opens (a full stop inside a value such as "e.g." does not end it; a
    line break does: each bullet of a rules list is a sentence of its own)."""
    return re.split(r"(?<!\be\.g)(?<!\bi\.e)\.(?=\s+[A-Z])|\n", text, maxsplit=1)[0]


# ---------------------------------------------------------------- identifiers across tools


def entity_keys(name: str, description: str = "") -> tuple[str, ...]:
    """The entity an identifier names, most specific first ("treatment_plan_id" -> ("treatment
    plan", "plan"); a `procedure_code` "Planned CDT procedure codes" is also a "cdt code");
    () when the name is no identifier's."""
    keys = _name_keys(name)
    kind = _CODE_KIND.search(description)
    if keys and kind:
        head = semantic.singular(semantic.tokens(kind.group(0))[-1])
        keys = (*keys, f"{kind.group(1).lower()} {head}")
    if _EMPLOYEE_ID.search(description):  # "Analyst employee id, e.g. FS-118": any employee's id looks so
        keys = (*keys, "employee")
    lead = _ID_OF.match(description)
    if keys and lead and lead.group(1).lower() not in _ID_WORDS:  # "Female animal ids" beside "Male animal id,
        keys = (*keys, semantic.singular(lead.group(1).lower()))  # e.g. M24-01873": a dam is an animal too
    return tuple(dict.fromkeys(keys))


_ID_OF = re.compile(r"^\W*(?:[A-Za-z]+\s+)?([A-Za-z]{3,})\s+ids?\b(?!\s+of\b)", re.IGNORECASE)
_EMPLOYEE_ID = re.compile(r"\b(?:employee|staff|personnel)\s+(?:id|ids|number|no\.?)\b", re.IGNORECASE)


def _name_keys(name: str) -> tuple[str, ...]:
    words = [_SAME.get(w, semantic.singular(w)) for w in semantic.tokens(name)]
    rest = [w for w in words if w not in _ID_WORDS]
    if not rest or (len(rest) == len(words) and rest[-1] not in _ID_HEADS):
        return ()
    # "tank" names the entity of `rack_to_tank_id`; "bin tag" that of `bin_tags` (a tag alone
    # could be any tag's); a SKU is an entity by itself
    alone = rest[-1] not in _ID_HEADS or rest[-1] in _SELF_HEADS or len(rest) == 1
    full, head = " ".join(rest), rest[-1] if alone else " ".join(rest[-2:])
    return (full, head) if full != head else (full,)


_LINE_FIELDS = frozenset({"description", "label", "title", "item", "service", "product", "task", "line"})


def item_key(items: dict[str, Any]) -> str | None:
    """The field that tells the objects of one list apart (a crew member's `tech_id`, an order
    line's `part_number`, else a `name`): the same thing twice in one list is a slip (one cart
    weighed twice in a pickup). A required identifier first; None when no field names one."""
    props = [n for n, s in (items.get("properties") or {}).items() if isinstance(s, dict)
             and s.get("type") in (None, "string", "integer")]
    required = set(items.get("required") or [])
    ids = sorted((n for n in props if _name_keys(n)), key=lambda n: n not in required)
    names = [n for n in props if n == "name" or n.endswith("_name")]
    spec = items.get("properties") or {}
    counted = any(set(re.split(r"[_\W]+", n.lower())) & {"quantity", "qty", "count"} for n in props)
    kinds = [n for n in props if n in required and spec[n].get("enum") and spec[n].get("type") in (None, "string")]
    # an invoice's or an order's line is told by what it is for: one "Quarterly service" line each
    lines = [n for n in props if n in required and n.lower() in _LINE_FIELDS and not spec[n].get("enum")]
    per = _PER_ENTRY.search(str(items.get("description") or ""))  # "One entry per tested frequency": frequency_hz
    said = set(re.findall(r"[a-z]+", per.group(1).lower())) if per else set()
    each = [n for n in props if said & set(re.split(r"[_\W]+", n.lower()))]
    return (each or ids or names or lines or (kinds if counted else []) or [None])[0]  # "2 sofas" once, never "1 sofa" and "3 sofas"


_PER_ENTRY = re.compile(r"\b(?:one|an?)\s+(?:entry|item|row|line|record|object)\s+(?:per|for each|for every)\s+([\w ]+)",
                        re.IGNORECASE)


def acted_on(parameters: dict[str, Any], args: dict[str, Any]) -> set[tuple[str, str]]:
    """(entity, id) of what a call acts on: its first required identifier and the identity of
    each object of its lists. Two calls of one parallel batch never act on the same thing (one
    move cancelled twice, one car in two moves)."""
    props = parameters.get("properties") or {}
    required = [n for n in parameters.get("required") or [] if isinstance(n, str)]
    out: set[tuple[str, str]] = set()
    first = next((n for n in required if _name_keys(n) and isinstance(args.get(n), str | int)), None)
    if first:
        out.add((_name_keys(first)[-1], str(args[first])))
    for name, value in args.items():
        items = (props.get(name) or {}).get("items")
        key = item_key(items) if isinstance(items, dict) and isinstance(value, list) else None
        entity = (_name_keys(key) or (key,))[-1] if key else ""
        for item in value if key else []:
            if isinstance(item, dict) and isinstance(item.get(key), str | int):
                out.add((entity, str(item[key])))
    return out


def id_like(value: Any) -> bool:
    return isinstance(value, str) and bool(re.search(r"\d", value)) and bool(re.search(r"[A-Za-z]", value)) \
        and re.fullmatch(r"[A-Za-z0-9]+(?:[-_./][A-Za-z0-9]+)*", value) is not None


def _own_shape(schema: dict[str, Any]) -> _Shape:
    pattern = schema.get("pattern") if isinstance(schema.get("pattern"), str) else None
    pattern = pattern or template_pattern(str(schema.get("description") or ""))
    placeholder = semantic.id_template(schema)  # "Proposal number (PRP-NNNNN)": PRP-, never "PRO-" elsewhere
    pattern = pattern or (semantic.template_regex(placeholder) if placeholder else None) or semantic.id_family(schema)
    return _Shape(list(dict.fromkeys(_visible(schema) + _cued(schema))), pattern)


# An id written as a template: "EQ-<NNNNNN>", "T-<NNN>", "B<YY>-<NNNN>", "LOT-<YYYY>-<NN>".
_TEMPLATE_ID = re.compile(r"(?<![\w<>-])((?:[A-Z][A-Z0-9]*-?)?(?:<[A-Za-z#]+>-?[A-Z0-9]*)+)(?![\w<>])")
_SLOTS = {"N": "[0-9]", "#": "[0-9]", "D": "[0-9]", "9": "[0-9]", "Y": "[0-9]", "M": "[0-9]", "A": "[A-Z]",
          "L": "[A-Z]", "X": "[A-Z0-9]"}


def template_pattern(description: str) -> str | None:
    """The pattern of an id template a description writes ("Equipment id, EQ-<NNNNNN>" ->
    ^EQ-[0-9]{6}$; "R#######" -> ^R[0-9]{7}$), None when it writes none or two different ones (set 15: "EQU-34078" drawn
    for a catalog that asked for EQ-<NNNNNN>)."""
    marked = semantic.HASH_TEMPLATE.sub(lambda m: re.sub(r"#+", lambda r: f"<{r.group(0)}>", m.group(1)), description)
    found = {m.group(1).rstrip("-") for m in _TEMPLATE_ID.finditer(marked)}
    if len(found) != 1:
        return None
    out = ""
    for part in re.split(r"(<[A-Za-z#]+>)", found.pop()):
        if part.startswith("<"):
            slot = part[1:-1]
            kinds = {_SLOTS.get(c.upper()) for c in slot}
            if len(kinds) != 1 or None in kinds:
                return None
            out += f"{kinds.pop()}{{{len(slot)}}}"
        else:
            out += re.escape(part)
    return f"^{out}$"


def _visible(schema: dict[str, Any]) -> list[str]:
    """The id-like examples generator.core.values itself reads from a schema (an all-digit one too:
    "ID document number, e.g. '24813377'" is that id's own shape, set 46)."""
    from .values import examples_of  # a function-level import: values imports this module

    return [e for e in examples_of(schema) if id_like(e) or isinstance(e, str) and e.isdigit() and len(e) >= 4]


def _cued(schema: dict[str, Any]) -> list[str]:
    """Ids a description shows after a cue that values does not read as an example ("like TP-20931")."""
    return [m.group(1).rstrip(".") for m in _CUED_ID.finditer(str(schema.get("description") or ""))
            if id_like(m.group(1).rstrip("."))]


# A parameter that holds a part of an id: "Last 4 digits of ...", "First three characters of ...".
_A_PART = re.compile(r"\s*(?:the )?(?:last|first|final|leading|trailing) (?:\d|one|two|three|four|five|six)\w* "
                     r"(?:digits?|characters?|letters?|numbers?)\b", re.IGNORECASE)


def _id_shapes(tools: list[Tool]) -> dict[str, _Shape]:
    """Every entity's identifier examples and pattern, from parameters and tool prose."""
    shapes: dict[str, _Shape] = {}
    for tool in tools:
        for path, schema in leaves(tool.parameters):
            if _A_PART.match(str(schema.get("description") or "")):
                continue  # "Last four characters of the ID document number": never the whole id's shape (set 46)
            own = _own_shape(schema)
            for example in _prose_ids(tool, path):
                own.examples.append(example)
            for key in entity_keys(leaf_name(path), str(schema.get("description") or "")):
                shape = shapes.setdefault(key, _Shape())
                shape.examples.extend(e for e in own.examples if e not in shape.examples)
                shape.pattern = shape.pattern or own.pattern
    for key, examples in _named_ids(tools).items():
        shape = shapes.setdefault(key, _Shape())
        shape.examples.extend(e for e in examples if e not in shape.examples)
    return shapes


# "Returns vessel_id (e.g. VSL-20417)", "Booking IDs look like BK-2025-0193", "a job number like HO-0412"
_NAMED_ID = re.compile(r"\b([a-z]+(?:[ _][a-z]+)?)[ _](id|ids|number|numbers|no|code|codes)\b\)?[^.;]{0,30}?"
                       r"(?:e\.g\.|\blike|\bsuch as|\bin the form)\s*\(?['\"`]?([A-Z][A-Z0-9]*(?:[-.][A-Z0-9]+)+)",
                       re.IGNORECASE)


def _named_ids(tools: list[Tool]) -> dict[str, list[str]]:
    """Ids a tool's prose shows for an entity it names, whether or not the tool takes it (a
    register call returns the `vessel_id` every other tool takes)."""
    out: dict[str, list[str]] = {}
    for tool in tools:
        for m in _NAMED_ID.finditer(f"{tool.description} {tool.output or ''}"):  # "'room_id' (e.g. 'RM-AUD-1')"
            head = {"ids": "id", "numbers": "number", "no": "number", "codes": "code"}.get(m.group(2).lower(),
                                                                                       m.group(2).lower())
            if id_like(m.group(3)):
                for key in entity_keys(f"{m.group(1)}_{head}".replace(" ", "_")):
                    out.setdefault(key, []).append(m.group(3))
    return out


def _prose_ids(tool: Tool, path: str) -> list[str]:
    """Ids the tool's description shows for a parameter: a sentence that names it ("Returns
    account_id (e.g. ACC-0318)") or, for the one id a lookup takes, "by ID (e.g. PR-2024-031)"."""
    name = leaf_name(path)
    ids = [p for p, _ in leaves(tool.parameters) if entity_keys(leaf_name(p))]
    out: list[str] = []
    for sentence in re.split(r"(?<!\be\.g\.)(?<!\bi\.e\.)(?<=[.;])\s+", tool.description):
        named = re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", sentence) is not None
        sole = ids == [path] and re.search(r"\bID\b", sentence) is not None
        if named or sole:
            out.extend(m.group(1) for m in _PROSE_ID.finditer(sentence) if re.search(r"\d", m.group(1)))
    return out


def _id_shape(path: str, schema: dict[str, Any], shapes: dict[str, _Shape]) -> dict[str, Any]:
    """The catalog's identifier format for a parameter that shows none of its own."""
    if _visible(schema) or "pattern" in schema or _own_values(schema) or schema.get("type") not in (None, "string"):
        return {}
    described = _DESCRIBED_ID.match(str(schema.get("description") or ""))
    keys = entity_keys(leaf_name(path), str(schema.get("description") or "")) if entity_keys(leaf_name(path)) else \
        (semantic.singular((described.group(1) or described.group(2)).lower()),) if described else ()
    if not keys:
        return {}
    if _cued(schema):
        return {"examples": _cued(schema)}
    for key in keys:
        shape = shapes.get(key)
        if shape is None or not (shape.examples or shape.pattern):
            continue
        examples = [e for e in shape.examples if shape.pattern is None or re.search(shape.pattern, e)]
        out: dict[str, Any] = {"examples": examples} if examples else {}
        return {**out, "pattern": shape.pattern} if shape.pattern else out
    return {}


# A parameter not named as an id whose description opens by naming one: a `destination` that is
# "Destination yard id or a contract id" takes a yard's id, in the catalog's format for yards.
_DESCRIBED_ID = re.compile(r"^(?:the |a |an )?(?:(?:[A-Za-z]+ )?([A-Za-z]+)|([A-Za-z]+)(?:, [A-Za-z]+)* or [A-Za-z]+) "
                           r"(?:id|ID|identifier)\b")  # "Slip, dock or mooring id": a slip's, first


def id_formats(tools: list[Tool]) -> dict[str, dict[str, Any]]:
    """Entity -> the catalog's format of its identifiers (`examples`, `pattern`), for values
    no parameter schema describes (an id a simulated output lists)."""
    return {k: {"type": "string", **_id_shape(f"{k.replace(' ', '_')}_id", {"type": "string"}, shapes)}
            for shapes in [_id_shapes(tools)] for k in shapes}


def id_format(formats: dict[str, dict[str, Any]], name: str) -> dict[str, Any] | None:
    """The format of an identifier named `name` (`conflict_submission_id`: a submission's),
    None when the catalog shows none."""
    return next((formats[k] for k in entity_keys(name) if len(formats.get(k, {})) > 1), None)


def _merged(schema: dict[str, Any], extra: dict[str, Any] | None) -> dict[str, Any]:
    """`schema` with the catalog's keywords for it (its own keywords win, except a description
    that only points at a sibling's format: the sibling's says what that format is; and a pattern
    narrowed to the numbers the catalog gives an id's parts)."""
    if extra and (SAME_AS_KEY in extra or NARROWED_KEY in extra):
        return {**schema, **extra}
    return schema if not extra else {**extra, **schema}


def drawing_parameters(tool: Tool) -> dict[str, Any]:
    """The tool's parameters schema with `said` merged in at every path: what values draw from."""
    if not tool.said:
        return tool.parameters
    return _applied(_sorted_json(tool.parameters), _sorted_json(tool.said))


@by_identity()
def _sorted_json(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True)


@lru_cache(maxsize=2048)
def _applied_cached(parameters: str, said: str) -> str:
    extra: dict[str, dict[str, Any]] = json.loads(said)
    return json.dumps(_apply(json.loads(parameters), extra, ""))


def _applied(parameters: str, said: str) -> dict[str, Any]:
    return json.loads(_applied_cached(parameters, said))  # a fresh copy: callers may not share it


def _apply(schema: dict[str, Any], said: dict[str, dict[str, Any]], prefix: str) -> dict[str, Any]:
    props = schema.get("properties")
    if not isinstance(props, dict):
        return schema
    out = dict(props)
    for name, prop in props.items():
        if not isinstance(prop, dict):
            continue
        path = f"{prefix}{name}"
        items = prop.get("items") if isinstance(prop.get("items"), dict) else None
        if "properties" in prop:
            out[name] = _apply(prop, said, f"{path}.")
        elif items is not None and "properties" in items:
            out[name] = {**prop, "items": _apply(items, said, f"{path}[].")}
        elif items is not None:
            out[name] = {**prop, "items": _merged(items, said.get(f"{path}[]"))}
        else:
            out[name] = _merged(prop, said.get(path))
    return {**schema, "properties": out}


def param_schema(tool: Tool, name: str) -> dict[str, Any]:
    """The schema to draw a top-level parameter's value from (`tool.properties[name]` with what
    the catalog says of it)."""
    return dict((drawing_parameters(tool).get("properties") or {}).get(name) or {})
