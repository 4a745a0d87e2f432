"""Numbers whose last digit checks the others: an ISSN, an ISBN-13, an EAN / GTIN / UPC barcode, an
IMO ship number, a CAS registry number, a US provider's NPI, a freight container's number (ISO 6346). Drawn from a
pattern or an example, the last digit is any digit, so every ISSN of the set-23 library catalog
failed its check (a reader noticed; any catalog that validates rejects
them). The check digit is computed by python-stdnum, a maintained library of such standards
(docs/values.md says why it is a dependency); the other digits and the value's own layout
("0317-8471", "978-0-394-70322-0") stay as drawn.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from stdnum import casrn, ean, imo, iso6346, issn, luhn

# (the words that name the standard, the count of digits with its check, the check digit of the rest)
_STANDARDS: tuple[tuple[frozenset[str], tuple[int, ...], Callable[[str], str]], ...] = (
    (frozenset({"issn", "eissn"}), (8,), issn.calc_check_digit),
    (frozenset({"isbn", "isbn13"}), (13,), ean.calc_check_digit),
    (frozenset({"ean", "gtin", "upc", "barcode13"}), (8, 12, 13, 14), ean.calc_check_digit),
    (frozenset({"imo"}), (7,), imo.calc_check_digit),
    (frozenset({"cas", "casrn"}), tuple(range(5, 11)), lambda body: casrn.calc_check_digit(f"{body[:-2]}-{body[-2:]}")),
    # a US National Provider Identifier: Luhn over the prefix 80840 (set 46: 26 of 30 referring NPIs drawn
    # from an example failed it)
    (frozenset({"npi"}), (10,), lambda body: luhn.calc_check_digit("80840" + body)),
)
# A freight container's number (ISO 6346: owner code, category letter, six digits, check digit;
# set 36: 39 of 200 values read wrong by their check digit alone).
_CONTAINER = re.compile(r"[A-Z]{3}[UJZ][0-9]{7}")
_CONTAINER_WORDS = frozenset({"6346", "container"})


@lru_cache(maxsize=8192)  # asked for every string drawn: read once per name and description
def _standards(name: str, description: str) -> tuple[tuple[tuple[int, ...], Callable[[str], str]], ...]:
    """The standards the parameter's name or description names."""
    text = f"{name} {description}"
    said = set(re.findall(r"[a-z0-9]+", re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text).lower()))
    return tuple((lengths, check) for names, lengths, check in _STANDARDS if names & said)


@lru_cache(maxsize=8192)
def _container(name: str, description: str) -> bool:
    said = set(re.findall(r"[a-z0-9]+", f"{name} {description}".lower()))
    return bool(said & _CONTAINER_WORDS)


def with_check_digit(name: str, schema: dict[str, Any], value: Any) -> Any:
    """`value` with the check digit its standard computes, when the parameter's name or
    description names one and the value has that standard's count of digits; else `value`."""
    if not isinstance(value, str) or not value:
        return value
    if _CONTAINER.fullmatch(value) and _container(name, str(schema.get("description") or "")):
        return value[:-1] + iso6346.calc_check_digit(value[:-1])
    standards = _standards(name, str(schema.get("description") or ""))
    body = re.sub(r"[^0-9Xx]", "", value) if standards else ""
    for lengths, check in standards:
        if len(body) not in lengths or not body[:-1].isdigit():
            continue
        digit = check(body[:-1]).upper()
        last = max(i for i, c in enumerate(value) if c.isalnum())
        return value[:last] + digit + value[last + 1:]
    return value
