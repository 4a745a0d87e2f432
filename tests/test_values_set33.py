"""Values the set-33 session fixed: a town and its county agree (set 32: a locate ticket in
"Reston", Loudoun County), and a derived persona lives in a real town where the catalog works
(set 32: TRAIL histories in "Christiantown" and "South Gary")."""

from __future__ import annotations

import random

from generator.catalog import Catalog
from generator.core import lore, zips
from generator.core.values import sample_arguments
from generator.records import Tool


def test_the_counties_of_a_town_come_from_its_zip_codes() -> None:
    assert zips.county_key("Prince William County") == zips.county_key("Prince William") == "prince william"
    assert zips.county_key("Manassas city") == "manassas"
    assert zips.counties_of("Reston", "VA") == {"fairfax"}
    assert "prince william" in zips.counties_of("Manassas", "VA")
    assert "Leesburg" in zips.towns_in("Loudoun County", "VA")
    assert "Reston" not in zips.towns_in("Loudoun", "VA")
    assert zips.towns_in("Nowhere", "VA") == ()


def _ticket(domain: str, county_fixed: bool = False) -> Tool:
    return Tool(name="create_locate_request", app="one_call", api="create_locate_request", domain=domain,
                description="File a locate request for a dig site.",
                parameters={"type": "object", "required": ["county", "place"], "properties": {
                    "county": {"type": "string", "description":
                               "County of the work site, e.g. 'Fairfax', 'Prince William', 'Loudoun'."},
                    "place": {"type": "string", "description": "City, town or community of the work site, "
                              "e.g. 'Manassas', 'Reston'."}}})


def test_a_town_lies_in_the_county_beside_it() -> None:
    tool = _ticket("locating_set33_test")
    Catalog(lore.annotate([tool]))
    rng = random.Random(3)
    draws = [sample_arguments(tool, rng, optional_rate=0.5) for _ in range(60)]
    assert {d["county"] for d in draws} == {"Fairfax", "Prince William", "Loudoun"}, draws
    for d in draws:
        assert zips.county_key(d["county"]) in zips.counties_of(d["place"], "VA"), d
    assert len({d["place"] for d in draws}) >= 4  # the county's own towns, not only the two quoted


def test_a_fixed_town_takes_its_own_county() -> None:
    tool = _ticket("locating_set33_fixed")
    Catalog(lore.annotate([tool]))
    rng = random.Random(4)
    for _ in range(20):
        d = sample_arguments(tool, rng, optional_rate=0.5, fixed={"place": "Leesburg"})
        assert d["place"] == "Leesburg" and d["county"] == "Loudoun", d


def test_a_derived_persona_lives_in_a_real_town_of_the_catalogs_state() -> None:
    from generator.derived_personas import derive_personas

    tool = _ticket("locating_set33_persona")
    catalog = Catalog(lore.annotate([tool]))
    towns = [p.places["city"] for p in derive_personas(catalog, 11, 6)]
    assert towns and all(zips.counties_of(t, "VA") for t in towns), towns


def _addition() -> Tool:
    return Tool(name="record_addition", app="cellar", api="record_addition", domain="cellar_set33",
                description="Record an addition to a wine lot.",
                parameters={"type": "object", "required": ["lot_id", "additive", "rate", "rate_unit"], "properties": {
                    "lot_id": {"type": "string", "pattern": "^\\d{2}-[A-Z]{2}-[A-Z]{2}-\\d{2}$", "description":
                               "Wine lot id: two-digit vintage, varietal code, vineyard code and sequence, e.g. "
                               "'25-CS-HV-01'. Varietal codes: CS Cabernet Sauvignon, ME Merlot, PN Pinot Noir, "
                               "ZI Zinfandel, CH Chardonnay, RI Riesling."},
                    "additive": {"type": "string", "enum": ["potassium_metabisulfite", "tartaric_acid", "dap",
                                                             "fermaid_k", "bentonite"]},
                    "rate": {"type": "number", "minimum": 0.1, "maximum": 300, "description":
                             "Addition rate in the unit of rate_unit. Typical: potassium metabisulfite 20 to 50 mg/L "
                             "(as SO2); tartaric acid 0.5 to 2.0 g/L; DAP and Fermaid K 10 to 30 g/hL; bentonite 25 "
                             "to 100 g/hL or 2 to 8 lb/1000gal."},
                    "rate_unit": {"type": "string", "enum": ["mg/L", "g/L", "g/hL", "lb/1000gal"]}}})


RANGES = {"potassium_metabisulfite": (20, 50, "mg/L"), "tartaric_acid": (0.5, 2.0, "g/L"), "dap": (10, 30, "g/hL"),
          "fermaid_k": (10, 30, "g/hL"), "bentonite": (25, 100, "g/hL")}


def test_a_rate_takes_the_range_and_unit_of_the_thing_added() -> None:
    rng = random.Random(6)
    draws = [sample_arguments(_addition(), rng, optional_rate=0.5) for _ in range(60)]
    assert {d["additive"] for d in draws} == set(RANGES)
    for d in draws:
        lo, hi, unit = RANGES[d["additive"]]
        assert lo <= d["rate"] <= hi and d["rate_unit"] == unit, d


def test_a_listed_code_inside_an_id_is_any_of_the_list() -> None:
    rng = random.Random(7)
    lots = [sample_arguments(_addition(), rng, optional_rate=0.5)["lot_id"] for _ in range(60)]
    varietals = {lot.split("-")[1] for lot in lots}
    assert len(varietals) >= 4 and varietals <= {"CS", "ME", "PN", "ZI", "CH", "RI"}, varietals
    assert {lot.split("-")[2] for lot in lots} == {"HV"}  # a code no list gives stays the example's


def test_a_day_at_least_two_weeks_out_is_two_weeks_out() -> None:
    from datetime import datetime

    tool = Tool(name="schedule_bottling_run", app="cellar", api="schedule_bottling_run", domain="cellar_set33",
                description="Book the mobile bottling line.",
                parameters={"type": "object", "required": ["bottling_date"], "properties": {
                    "bottling_date": {"type": "string", "format": "date", "description":
                                      "Day of the run (YYYY-MM-DD); at least 14 days from today, the mobile line's "
                                      "booking lead time."}}})
    ref = datetime(2025, 6, 2, 9, 0)
    rng = random.Random(8)
    for _ in range(30):
        day = datetime.strptime(sample_arguments(tool, rng, ref=ref)["bottling_date"], "%Y-%m-%d")
        assert (day - ref.replace(hour=0)).days >= 14, day


def test_a_period_that_must_have_ended_has_and_takes_its_frequencys_form() -> None:
    from datetime import datetime

    tool = Tool(name="generate_operations_report", app="cellar", api="generate_operations_report", domain="cellar_set33",
                description="Build the operations report for a period.",
                parameters={"type": "object", "required": ["period_type", "period"], "properties": {
                    "period_type": {"type": "string", "enum": ["monthly", "quarterly", "annual"]},
                    "period": {"type": "string", "pattern": "^\\d{4}(-(0[1-9]|1[0-2])|-Q[1-4])?$", "description":
                               "Period reported: a month as YYYY-MM for monthly, YYYY-Q1 to YYYY-Q4 for quarterly, "
                               "YYYY for annual. Must be a period that has ended."}}})
    ref = datetime(2025, 6, 2, 9, 0)
    rng = random.Random(9)
    draws = [sample_arguments(tool, rng, ref=ref) for _ in range(40)]
    assert {d["period_type"] for d in draws} == {"monthly", "quarterly", "annual"}
    for d in draws:
        p = d["period"]
        if d["period_type"] == "monthly":
            assert len(p) == 7 and "Q" not in p and p < "2025-06", d
        elif d["period_type"] == "quarterly":
            assert "-Q" in p and p < "2025-Q2", d
        else:
            assert len(p) == 4 and p < "2025", d


def test_a_balance_in_an_insurers_catalog_is_a_receipts_amount() -> None:
    from generator.core import semantic

    balance = {"type": "number", "description": "Only claims with at least this insurance balance outstanding, in USD."}
    typical = semantic.typical_range("money", "min_balance", balance, 0.0)
    assert typical.hi <= 5_000, typical
    insured = {"type": "number", "description": "Insured value of the building, in USD."}
    assert semantic.typical_range("money", "insured_value", insured, 0.0).hi >= 100_000  # an asset's worth stays one


def _inoculation() -> Tool:
    return Tool(name="record_inoculation", app="cellar", api="record_inoculation", domain="cellar_set33",
                description="Record that a lot was inoculated with a yeast or a malolactic bacteria culture.",
                parameters={"type": "object", "required": ["organism", "strain", "dose_g_per_hl"], "properties": {
                    "organism": {"type": "string", "enum": ["yeast", "malolactic_bacteria"]},
                    "strain": {"type": "string", "description": "Commercial strain name as on the package. Yeast, "
                               "e.g. 'EC-1118', 'RC212', 'D254', 'QA23'; ML bacteria, e.g. 'VP41', 'Alpha', 'CH16'."},
                    "dose_g_per_hl": {"type": "number", "minimum": 0.5, "maximum": 50, "description":
                                      "Dose in grams per hectoliter. Yeast is usually 20 to 30 g/hL after "
                                      "rehydration; freeze-dried ML bacteria about 1 g/hL."}}})


def test_examples_and_doses_given_per_kind_keep_to_the_calls_kind() -> None:
    rng = random.Random(10)
    draws = [sample_arguments(_inoculation(), rng, optional_rate=0.5) for _ in range(40)]
    assert {d["organism"] for d in draws} == {"yeast", "malolactic_bacteria"}
    for d in draws:
        if d["organism"] == "yeast":
            assert d["strain"] in {"EC-1118", "RC212", "D254", "QA23"} and 20 <= d["dose_g_per_hl"] <= 30, d
        else:
            assert d["strain"] in {"VP41", "Alpha", "CH16"} and d["dose_g_per_hl"] == 1, d


def test_a_dated_calls_daily_count_is_its_own_and_modest() -> None:
    from datetime import datetime

    tool = Tool(name="update_call_status", app="tow", api="update_call_status", domain="tow_set33",
                description="Move a call to its next status.",
                parameters={"type": "object", "required": ["call_id", "odometer_miles"], "properties": {
                    "call_id": {"type": "string", "pattern": "^C-\\d{6}-\\d{4}$", "description":
                                "Call id: 'C-', the call date as YYMMDD and a four-digit sequence, e.g. 'C-250603-0042'."},
                    "odometer_miles": {"type": "integer", "minimum": 0, "maximum": 999999,
                                       "description": "Odometer reading at check-in."}}})
    rng = random.Random(11)
    draws = [sample_arguments(tool, rng, ref=datetime(2025, 6, 2, 9)) for _ in range(30)]
    counts = {int(d["call_id"].rsplit("-", 1)[1]) for d in draws}
    assert len(counts) >= 10 and max(counts) <= 120, counts
    assert all(8_000 <= d["odometer_miles"] <= 190_000 for d in draws), [d["odometer_miles"] for d in draws]


def test_a_range_in_words_is_no_rate_of_a_sibling_value() -> None:
    """"Fewest stars from 1 to 5" beside `order_by: stars` gives no thing a rate of 1 "to" (the
    set-33 quickstart's min_rating pinned to 1, caught before it landed)."""
    tool = Tool(name="search_restaurant", app="food", api="search_restaurant", domain="food_set33",
                description="Find restaurants.",
                parameters={"type": "object", "required": ["min_rating", "order_by"], "properties": {
                    "min_rating": {"type": "integer", "minimum": 1, "maximum": 5,
                                   "description": "Fewest stars from 1 to 5."},
                    "order_by": {"type": "string", "enum": ["stars", "distance"]}}})
    rng = random.Random(12)
    draws = [sample_arguments(tool, rng) for _ in range(60)]
    assert len({d["min_rating"] for d in draws if d["order_by"] == "stars"}) >= 2, draws


def test_a_new_id_a_simulated_output_makes_takes_any_listed_code() -> None:
    """TRAJECT's simulated outputs made every lot a '25-CS-HV-nn' Cabernet (set 33, second reading)."""
    from datetime import datetime

    from generator.traject.fresh import fresh_id

    spec = _addition().properties["lot_id"]
    rng = random.Random(13)
    made = [fresh_id(spec, rng, datetime(2025, 6, 2)) for _ in range(40)]
    assert all(m is not None for m in made)
    assert len({str(m).split("-")[1] for m in made}) >= 4, made


def test_a_list_of_calls_a_value_is_left_out_of_is_no_examples() -> None:
    """"leave out for roadside services (jump start, lockout, tire change, fuel delivery)" names calls,
    never drop-off addresses (set 33, second reading: a drop-off address "jump start")."""
    from generator.core import allowed

    said = allowed.read("Where the vehicle goes (a shop, a home, or our yard). Required for tows; leave out for "
                        "roadside services (jump start, lockout, tire change, fuel delivery).")
    assert "lockout" not in said.examples, said
    assert allowed.read("Hive state (healthy, queenless, swarming).").examples == ("healthy", "queenless", "swarming")
