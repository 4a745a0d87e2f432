"""Identifiers a simulated output makes up, in the catalog's format and its time frame.

A record an action creates gets a new id: never the catalog's own example (a second account
numbered like the description's "e.g. ACC-55102" is a collision, not a new account), in the
example's format, with its date slots at the moment the record is made ("CB-YYMMDD-NN" shown as
CB-250314-07 becomes CB-250602-31 for a batch opened on 2025-06-02, accession "2024.112" becomes
2025.418). A record a lookup finds existed before the query: its date slots fall some weeks
earlier. The example is read through `values.examples_of`, so an id a description shows after
"e.g." or "like" counts as one.

A record a search found by a value its id embeds agrees with the search (`asked_parts`): when
the id's description names a part ("'TA-' then the station, the local date YYMMDD ...") and the
call filtered on it (station="AMS", date="2025-06-02"), the id holds the asked code in the
example's slot of that shape and the asked day in its date slots (TA-AMS-250602-...).
"""

from __future__ import annotations

import random
import re
from datetime import datetime, timedelta
from typing import Any

from ..core.lore import id_like
from ..core.schema import is_valid
from ..core.values import (
    PADDED_COUNT,
    REFERENCE_TIME,
    closing_count,
    examples_of,
    is_season,
    leading_code,
    listed_parts,
    ordinal_dated,
    season_digits,
)
from ..records import Tool
from .agree import LOWER, UPPER, day_of
from .graph import is_id_param, param_words
from .shapes import ACTION_STATUS, verb_of

_DIGITS = re.compile(r"\d+")
_NUMBERED = re.compile(r"\d+(?:[./-]\d+)+")  # an accession number "2024.112" is an id without letters
# A digit group of this length that parses in one of these forms, within YEARS of the moment the
# record is made, is a date slot ("250314" in CB-250314-07, "2024" in 2024.112, "24" in TRT-24-017).
DATE_SLOTS: dict[int, tuple[str, ...]] = {8: ("%Y%m%d",), 6: ("%y%m%d",), 4: ("%Y",), 2: ("%y",)}
YEARS = 3
# How long before the query a record a lookup finds was made (days).
AGE = (3, 120)


# Last words of a field naming a record by a number the catalog shows as an id ("citation_number"
# shown as PC24018833, "permit_number" as RPP-7-004512).
ID_HEADS = frozenset({"number", "no", "ref", "reference", "serial", "code"})


def names_record(field: str) -> bool:
    """Whether an output field may hold a record's identifier (fresh_id decides from the
    catalog's examples whether it does)."""
    w = param_words(field).split()
    return is_id_param(field) or w[-1:] != [] and w[-1] in ID_HEADS


def creates(tool: Tool, field: str, args: dict[str, Any]) -> bool:
    """Whether `field` of the tool's output is the id of a record the call makes: an action's id
    field that does not echo one of the call's arguments (a recall's recall_id, not the batch_id
    it recalls)."""
    checks_in = param_words(tool.api or tool.name).split()[:2] == ["check", "in"]  # a check-in opens a visit (set 45:
    return (verb_of(tool) in ACTION_STATUS or checks_in) and names_record(field) and field not in args  # an old one)


def made_at(created: bool, rng: random.Random) -> datetime:
    """When the record an id names was made: now for a created one, weeks ago for one found."""
    return REFERENCE_TIME if created else REFERENCE_TIME - timedelta(days=rng.randint(*AGE))


def fresh_id(spec: dict[str, Any], rng: random.Random, made: datetime,
             asked: dict[str, Any] | None = None) -> str | None:
    """A new id in the format of the catalog's examples for `spec`, none of them, that `spec`
    accepts, holding the parts the call that found it `asked` for (`asked_parts`); None when the
    catalog shows no example id or closes the set (a value profile's enum of the user's own
    vessels): the caller draws as before."""
    examples = [e for e in examples_of(spec) if id_like(e) or isinstance(e, str) and _NUMBERED.fullmatch(e)]
    codes, day = asked_parts(spec, asked or {})
    made = day or made
    for _ in range(8 if examples and "enum" not in spec else 0):
        example = rng.choice(examples)  # an id holding its day of the year holds a real day (set 30: day 883)
        value = ordinal_dated(example, spec, rng, made) or \
            with_codes(listed_parts(in_format(example, rng, made, _YEAR_SAID.search(str(spec.get("description") or ""))
                                              is not None), spec, rng), example, spec, codes)  # a lot of any
        # varietal the description lists, never the example's Cabernet for every lot (set 33)
        if value not in examples and is_valid(spec, value):
            return value
    return None


_YEAR_SAID = re.compile(r"\b(?:2|two)[- ]digit year\b|\bYY\b")
_CODE = re.compile(r"[A-Z][A-Z0-9]{1,5}")
_SEPARATORS = re.compile(r"([-_/.:])")
# Words of an argument that say only its form, not which part of an id it fills.
FORM_ONLY = frozenset({"code", "id", "value", "iata", "icao"})
DATE_NAMES = re.compile(r"\b(?:date|day|Y{2,4}MMDD)\b", re.IGNORECASE)


def _described(spec: dict[str, Any]) -> str:
    return " " + param_words(str(spec.get("description", ""))) + " "


def asked_parts(spec: dict[str, Any], asked: dict[str, Any]) -> tuple[list[str], datetime | None]:
    """The codes and the day of the call's filters that the id's description names as parts of
    the id: a code argument whose words the description says (station="AMS" for "'TA-' then the
    station"), and the one day filtered on, not a window's side, when it says a date."""
    said, codes, days = _described(spec), [], []
    for p, v in sorted(asked.items()):
        w = param_words(p).split()
        named = any(f" {x} " in said for x in w if x not in FORM_ONLY)
        if isinstance(v, str) and _CODE.fullmatch(v) and named:
            codes.append(v)
        elif day_of(v) is not None and not (LOWER | UPPER) & set(w):
            days.append(day_of(v))
    named_day = DATE_NAMES.search(str(spec.get("description", ""))) is not None
    day = days[0] if len(days) == 1 and named_day else None
    return codes, datetime(day.year, day.month, day.day) if day else None


def _shape(text: str) -> str:
    return re.sub(r"[A-Z]", "A", re.sub(r"\d", "9", text))


def with_codes(value: str, example: str, spec: dict[str, Any], codes: list[str]) -> str:
    """`value` (drawn in `example`'s format) with each code in the one part of the example of
    its shape that the pattern does not spell out (the "MAN" of TA-MAN-250614-087, never "TA");
    a code whose slot is not one part is left out."""
    parts, shown = _SEPARATORS.split(value), _SEPARATORS.split(example)
    pattern = str(spec.get("pattern", ""))
    for code in codes:
        slots = [i for i, s in enumerate(shown) if _shape(s) == _shape(code) and s not in pattern]
        slots = slots[1:] if len(slots) > 1 and slots[0] == 0 else slots  # the id's own prefix
        if len(slots) == 1 and len(parts) == len(shown):
            parts[slots[0]] = code
    return "".join(parts)


def in_format(example: str, rng: random.Random, made: datetime, year_last: bool = False) -> str:
    """`example` with each digit group redrawn: a date slot at `made`, any other group a
    number of the same width; `year_last`: a last group of two digits is the year (its
    description says "2-digit year": NOTAM A0457/25 is made A0612/25, never A5228/39; set 39)."""
    groups = list(_DIGITS.finditer(example))
    out, last = [], 0
    for i, m in enumerate(groups):  # a leading code ("44FX1234": a site's state) stays the example's
        kept = m.group() if leading_code(m, example) else None
        more = i < len(groups) - 1 or year_last and len(m.group()) == 2
        out += [example[last:m.start()], kept or _slot(m.group(), more, rng, made)]
        last = m.end()
    return "".join(out) + example[last:]


def _slot(digits: str, more: bool, rng: random.Random, made: datetime) -> str:
    fmt = next((f for f in DATE_SLOTS.get(len(digits), ()) if _dated(digits, f, more, made)), None)
    if fmt is not None:
        return made.strftime(fmt)
    if is_season(digits):  # "PRG-2526-07": the season of the record's year
        return season_digits(made.year)
    if not more and PADDED_COUNT.fullmatch(digits):
        return closing_count(digits, rng)
    low = 1 if digits.startswith("0") else 10 ** (len(digits) - 1)
    return str(rng.randint(low, 10 ** len(digits) - 1)).zfill(len(digits))


def _dated(digits: str, fmt: str, more: bool, made: datetime) -> bool:
    """A two-digit group is a year only before another group ("TRT-24-017", never "HO-24")."""
    if fmt == "%y" and not more:
        return False
    try:
        when = datetime.strptime(digits, fmt)
    except ValueError:
        return False
    return abs(when.year - made.year) <= YEARS
