"""Natural replies a capable model gave that the checks rejected falsely (issue 24, play 4), each
with the reply that really is wrong beside it:

1. a unit code ("mL", "kg", "mg/dL") is said as written, in any case, or by its unit words;
2. zero is said as "no" ("no checked bags", "no flexibility on the date");
3. a false flag is said by an everyday negation ("no courier needed", "leave out the retired ones");
4. a plural of a stated value ("yoga mats") ties its segment to its call like the singular;
5. a hyphenated modifier ("the on-hold batches") and a phrasal verb ("came in today") are no defects;
6. an action value is said by its verb ("we bought it" for purchase).

The tools are small catalog-shaped stand-ins with the schemas of the play runs' catalogs.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.actions import verb_forms
from generator.core.plan import plan_explicit
from generator.core.textquality import defects
from generator.core.unitcodes import is_unit_code, unit_words
from generator.records import Target, Tool, ToolCall
from generator.validators import check_for
from generator.validators.text import read_as_stated
from generator.writers.base import WriteRequest


def _tool(name: str, properties: dict[str, dict[str, object]], description: str = "") -> Tool:
    return Tool(name=name, app="", api=name, domain="ops", description=description or f"{name} tool.",
                parameters={"type": "object", "properties": properties})


def _req(*calls: tuple[Tool, dict[str, object]]) -> WriteRequest:
    t = Target(id="t", kind="single" if len(calls) == 1 else "parallel", offered=[c[0].name for c in calls],
               time="2025-06-02 08:00", calls=[ToolCall(tool=tool.name, arguments=args) for tool, args in calls])
    return WriteRequest(target=t, plan=plan_explicit(t), tools=list({c[0].name: c[0] for c in calls}.values()), n=1)


def _problems(req: WriteRequest, text: str) -> list[str]:
    return check_for(req)([text])


# ---------------------------------------------------------------- 1. unit codes

WEIGH = _tool("record_weighing", {
    "batch_id": {"type": "string"}, "target_amount": {"type": "number"}, "actual_amount": {"type": "number"},
    "unit": {"type": "string", "enum": ["mcg", "mg", "g", "mL"]}},
    "Record one weighed or measured ingredient for a batch.")
LAB = _tool("record_lab_value", {
    "patient_id": {"type": "string"}, "value": {"type": "number"},
    "measure_unit": {"type": "string", "enum": ["mg/dL", "mmol/L", "°C", "kg", "cm"]}})


@pytest.mark.parametrize("said", ["mL", "ml", "ML", "milliliters", "millilitres"])
def test_a_unit_code_is_said_as_written_or_by_its_words(said: str) -> None:
    req = _req((WEIGH, {"batch_id": "CB-250314-07", "target_amount": 214.19, "actual_amount": 150.53, "unit": "mL"}))
    assert _problems(req, f"For batch CB-250314-07, log a measurement: target 214.19 {said}, actual 150.53 {said}.") == []


def test_another_unit_is_no_statement_of_the_unit() -> None:
    req = _req((WEIGH, {"batch_id": "CB-250314-07", "target_amount": 214.19, "actual_amount": 150.53, "unit": "mL"}))
    problems = _problems(req, "For batch CB-250314-07, log a measurement: target 214.19 mg, actual 150.53 mg.")
    assert problems == ["stated_present: query 1 does not state the unit 'mL'"]


@pytest.mark.parametrize(("code", "said"), [("mg/dL", "milligrams per deciliter"), ("mg/dL", "mg/dL"),
                                            ("°C", "degrees Celsius"), ("kg", "kilograms"), ("mmol/L", "mmol/L")])
def test_unit_codes_of_any_kind(code: str, said: str) -> None:
    req = _req((LAB, {"patient_id": "P-118", "value": 37.5, "measure_unit": code}))
    assert _problems(req, f"Record a value of 37.5 {said} for patient P-118.") == []


def test_a_size_is_no_unit_and_an_identifier_stays_forbidden() -> None:
    assert not is_unit_code("size", "L", {"enum": ["S", "M", "L", "XL"]})
    assert is_unit_code("quantity_unit", "mL", {"enum": ["units", "g", "mL"]})
    sort = _tool("search_batches", {"room": {"type": "string"},
                                    "sort_by": {"type": "string", "enum": ["date_desc", "date_asc"]}})
    req = _req((sort, {"room": "NS-2", "sort_by": "date_desc"}))
    assert any("enum identifier 'date_desc'" in p for p in _problems(req, "List batches in NS-2, date_desc."))


_PREFIXES = {"k": "kilo", "c": "centi", "m": "milli", "u": "micro", "n": "nano"}
_BASES = ["g", "L", "m", "s", "W", "V", "Pa", "J"]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(_PREFIXES)), st.sampled_from(_BASES), st.sampled_from(_BASES))
def test_unit_words_mean_what_pint_reads_in_the_code(prefix: str, base: str, per: str) -> None:
    pint = pytest.importorskip("pint")
    ureg = _registry(pint)
    for code in (prefix + base, f"{prefix}{base}/{per}"):
        said = unit_words(code)
        assert said, code
        for words in said[:2]:  # singular and plural, American spelling
            pint_words = words.replace(" per ", " / ")
            assert ureg.Quantity(1, code).to(pint_words).magnitude == pytest.approx(1.0), (code, words)


_UREG: list[object] = []


def _registry(pint: object) -> object:
    if not _UREG:
        _UREG.append(pint.UnitRegistry())  # type: ignore[attr-defined]
    return _UREG[0]


def test_words_are_no_unit_code() -> None:
    assert unit_words("units") == () and unit_words("m l") == () and unit_words("XL") == ()
    assert unit_words("mcg")[:2] == ("microgram", "micrograms")


# ---------------------------------------------------------------- 2. zero said as "no"

SEARCH_FLIGHTS = _tool("search_flights", {
    "from_city": {"type": "string"}, "to_city": {"type": "string"},
    "date": {"type": "string", "description": "Departure date, format %Y-%m-%d"},
    "flexible_days": {"type": "integer", "minimum": 0, "maximum": 3, "description": "Days of flexibility around the date"}})
BOOK = _tool("book_flight", {
    "flight_id": {"type": "string"}, "passenger_names": {"type": "array", "items": {"type": "string"}},
    "checked_bags": {"type": "integer", "minimum": 0, "maximum": 3, "description": "Checked bags"}})


def test_no_flexibility_is_zero_days() -> None:
    args = {"from_city": "Auckland", "to_city": "Lisbon", "date": "2025-06-12", "flexible_days": 0}
    req = _req((SEARCH_FLIGHTS, args))
    assert _problems(req, "Find me flights from Auckland to Lisbon on June 12th with no flexibility on the date.") == []
    assert _problems(req, "Find me flights from Auckland to Lisbon on June 12th, nothing flexible.") != []


@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=0, max_value=3))
def test_no_checked_bags_says_zero_and_only_zero(bags: int) -> None:
    req = _req((BOOK, {"flight_id": "SK-204", "passenger_names": ["Breanna Mcdonald"], "checked_bags": bags}))
    text = "Book flight SK-204 for Breanna Mcdonald, and no checked bags."
    assert (_problems(req, text) == []) is (bags == 0)
    assert read_as_stated(req, text, 0, "checked_bags") is (bags == 0)  # TRAJECT's values_determined reads so
    if bags == 0:  # "no more than" is no "no"
        assert _problems(req, "Book flight SK-204 for Breanna Mcdonald, no more than 2 checked bags.") != []


# ---------------------------------------------------------------- 3. false flags in everyday negation

FORMULAS = _tool("search_master_formulas", {
    "query": {"type": "string"}, "include_retired": {"type": "boolean", "default": False}})
LOAN = _tool("create_outgoing_loan", {
    "borrower_institution": {"type": "string"},
    "objects": {"type": "array", "items": {"type": "object", "properties": {
        "accession_number": {"type": "string"}, "courier_required": {"type": "boolean", "default": False}}}}})


@pytest.mark.parametrize("said", ["leave out the retired ones", "leaving out retired formulas",
                                  "filter the retired ones out", "skip the retired ones", "omit retired formulas"])
@pytest.mark.parametrize("include", [False, True])
def test_leaving_out_says_false(said: str, include: bool) -> None:
    req = _req((FORMULAS, {"query": "baclofen", "include_retired": include}))
    assert (_problems(req, f"Search the master formulas for baclofen, {said}.") == []) is (not include)


def test_leaving_in_is_no_leaving_out() -> None:
    req = _req((FORMULAS, {"query": "baclofen", "include_retired": False}))
    assert _problems(req, "Search the master formulas for baclofen, leave the retired ones in.") != []


@pytest.mark.parametrize(("said", "courier"), [("no courier needed", False), ("a courier is not required", False),
                                               ("a courier needed", True), ("courier required", True)])
@pytest.mark.parametrize("gold", [False, True])
def test_a_requirement_in_other_words(said: str, courier: bool, gold: bool) -> None:
    loan = {"borrower_institution": "Rijksmuseum", "objects": [{"accession_number": "2025.112", "courier_required": gold}]}
    req = _req((LOAN, loan))
    text = f"Set up an outgoing loan to the Rijksmuseum of object 2025.112, {said}."
    assert (_problems(req, text) == []) is (courier == gold)


# ---------------------------------------------------------------- 4. plurals of a stated value

PRODUCTS = _tool("search_products", {
    "keyword": {"type": "string", "description": "Product keywords"},
    "min_price": {"type": "number"}, "max_price": {"type": "number"},
    "sort_by": {"type": "string", "enum": ["relevance", "price_low_to_high", "price_high_to_low"]}},
    "Marketplace product search.")


def test_a_plural_ties_its_segment_to_its_call() -> None:
    req = _req((PRODUCTS, {"keyword": "phone charger", "min_price": 335.99}),
               (PRODUCTS, {"keyword": "yoga mat", "sort_by": "price_high_to_low"}),
               (PRODUCTS, {"keyword": "desk lamp", "max_price": 257.89}))
    text = "Look up phone chargers from 335.99 up; yoga mats, most expensive first; and desk lamps under 257.89."
    assert _problems(req, text) == []
    wrong = _problems(req, text.replace("yoga mats", "yoga blocks"))
    assert "stated_present: query 1 does not state the product keywords 'yoga mat'" in wrong


def test_a_plural_of_another_value_is_not_this_one() -> None:
    req = _req((PRODUCTS, {"keyword": "bath mat", "sort_by": "price_low_to_high"}),
               (PRODUCTS, {"keyword": "yoga mat", "sort_by": "price_high_to_low"}))
    assert _problems(req, "Find bath mats, cheapest first; and yoga mats, most expensive first.") == []
    wrong = _problems(req, "Find bath mats, cheapest first; and mats, most expensive first.")
    assert "stated_present: query 1 does not state the product keywords 'yoga mat'" in wrong


# ---------------------------------------------------------------- 5. text-quality false positives


@pytest.mark.parametrize("text", ["list the on-hold batches in room NS-2", "an in-store pickup", "the to-do list",
                                  "a new acquisition that came in today by transfer", "the crate checked in today",
                                  "I logged on today", "what is on today", "prices in today's market"])
def test_compound_modifiers_and_phrasal_verbs_are_no_defects(text: str) -> None:
    assert defects(text) == []


@pytest.mark.parametrize(("text", "kind"), [("list the on batches", "article"), ("get a the zone", "article"),
                                            ("make a reservation on today", "grammar"),
                                            ("book a table in today", "grammar"), ("meet at tomorrow", "grammar")])
def test_stacked_articles_and_prepositions_stay_defects(text: str, kind: str) -> None:
    assert kind in {d.kind for d in defects(text)}


# ---------------------------------------------------------------- 6. an action said by its verb

ACQUIRE = _tool("register_acquisition", {
    "title": {"type": "string"},
    "acquisition_method": {"type": "string", "enum": ["gift", "purchase", "bequest", "transfer", "field_collection"]},
    "source_name": {"type": "string"}}, "Register a newly acquired object.")


@pytest.mark.parametrize(("method", "said", "ok"), [
    ("purchase", "we bought it from", True), ("purchase", "we purchased it from", True),
    ("gift", "it was donated by", True), ("bequest", "it was bequeathed by", True),
    ("purchase", "we got it from", False), ("transfer", "we bought it from", False),
    ("purchase", "it was donated by", False)])
def test_an_action_value_said_by_its_verb(method: str, said: str, ok: bool) -> None:
    req = _req((ACQUIRE, {"title": "The Velvet Compass", "acquisition_method": method, "source_name": "Hale Gallery"}))
    assert (_problems(req, f"Please register The Velvet Compass: {said} Hale Gallery.") == []) is ok


def test_verb_forms_come_from_the_lemmas() -> None:
    assert {"bought", "buys", "buying", "purchased"} <= set(verb_forms("purchase"))
    assert verb_forms("field_collection") == () and "given" not in verb_forms("gift")


def test_a_brand_with_spaces_is_said_as_spelled() -> None:
    # set 8 player: "AutoZone Commercial" (an enum value) was refused as an identifier three times
    parts = _tool("order_parts", {"ro_number": {"type": "string"},
                                  "supplier": {"type": "string", "enum": ["AutoZone Commercial", "NAPA", "inStock"]}})
    req = _req((parts, {"ro_number": "RO-1182", "supplier": "AutoZone Commercial"}))
    assert _problems(req, "Order the parts for RO-1182 from AutoZone Commercial.") == []
    req = _req((parts, {"ro_number": "RO-1182", "supplier": "inStock"}))  # one camelCase word stays an identifier
    assert any("enum identifier 'inStock'" in p for p in _problems(req, "Order the parts for RO-1182 from inStock."))
