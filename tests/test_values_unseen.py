"""Values a person would use on a catalog never seen (issue 21, second round), one property per
class of defect two readers found. Every tool here is invented (a marine survey office, a kiln
workshop), in no domain the readers saw: the draws must follow what the prose and the examples
say, never a table keyed to one catalog's names."""

from __future__ import annotations

import random
import re
from collections import Counter
from datetime import datetime, timedelta
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core import dependencies, freetext, lore, semantic, values
from generator.records import Tool

REF = values.REFERENCE_TIME
PREFIX = st.text(alphabet="ABCDEFGHKLMNPRSTVWXZ", min_size=2, max_size=4)
SEEDS = st.integers(0, 10_000)


def _tool(name: str, properties: dict[str, Any], description: str = "Records a survey.",
          required: list[str] | None = None) -> Tool:
    parameters = {"type": "object", "properties": properties,
                  "required": list(properties) if required is None else required}
    return lore.annotate([Tool(name=name, app="t", api=name, domain="marine survey", description=description,
                               parameters=parameters)])[0]


def _draws(tool: Tool, seed: int, n: int = 12, rate: float = 0.5) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [values.sample_arguments(tool, rng, optional_rate=rate) for _ in range(n)]


# ---------------------------------------------------------------- 1. a date inside an id

@settings(max_examples=25, deadline=None)
@given(PREFIX, st.dates(datetime(2016, 1, 1).date(), datetime(2025, 5, 1).date()), SEEDS)
def test_an_id_whose_example_holds_a_date_holds_a_real_recent_date(prefix: str, day: Any, seed: int) -> None:
    example = f"{prefix}-{day:%y%m%d}-07"
    tool = _tool("log_sample", {"sample_id": {"type": "string",
                                              "description": f"Sample id, {prefix}-YYMMDD-NN, e.g. {example}."},
                                "scan": {"type": "string", "description": f"Scan file, e.g. SCAN_{day:%Y%m%d}_0042.tif"}})
    for args in _draws(tool, seed):
        six = re.fullmatch(rf"{prefix}-(\d{{6}})-\d\d", args["sample_id"])
        assert six, args
        drawn = datetime.strptime(six.group(1), "%y%m%d")
        assert drawn.strftime("%y%m%d") == example[len(prefix) + 1:-3] or \
            REF - timedelta(days=61) <= drawn <= REF, args
        eight = re.search(r"SCAN_(\d{8})_", args["scan"])
        assert eight and datetime.strptime(eight.group(1), "%Y%m%d") <= REF, args


@settings(max_examples=25, deadline=None)
@given(PREFIX, SEEDS)
def test_a_pattern_id_with_a_year_slot_gets_a_year_near_the_query(prefix: str, seed: int) -> None:
    tool = _tool("get_permit", {"permit_id": {"type": "string", "pattern": rf"^{prefix}-\d{{4}}-\d{{4}}$"},
                                "lot": {"type": "string", "pattern": r"^(1[89]|20)\d{2}\.\d{1,4}$"}})
    for args in _draws(tool, seed):
        assert int(args["permit_id"].split("-")[1]) in (REF.year, REF.year - 1), args
        assert int(args["lot"][:4]) <= REF.year, args


# ---------------------------------------------------------------- 2. the example is a format

@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["QRT", "JB", "MLW"]), st.integers(1950, 2019), st.integers(10, 999), SEEDS)
def test_an_example_is_a_shape_to_vary_not_the_value_of_every_call(initials: str, year: int, lot: int,
                                                                    seed: int) -> None:
    dedication = "In memory of Harold and Joan Pike, 2023"
    tool = _tool("register_gift", {
        "surveyor_initials": {"type": "string", "description": f"Initials of the surveyor, e.g. {initials}."},
        "lot_number": {"type": "string", "description": f"Lot, year.lot.item, e.g. {year}.{lot}.4"},
        "dedication": {"type": "string", "description": f"Printed verbatim, e.g. '{dedication}'"}})
    draws = _draws(tool, seed, n=40)
    for name, example in (("surveyor_initials", initials), ("lot_number", f"{year}.{lot}.4"),
                          ("dedication", dedication)):
        said = Counter(a[name] for a in draws)
        assert said[example] <= 20, (name, said.most_common(3))  # half at most, the rest other values
        assert len(said) >= 8, (name, said)
    assert all(re.fullmatch(rf"[A-Z]{{{len(initials)}}}", a["surveyor_initials"]) for a in draws)
    assert all(re.fullmatch(r"\d{4}\.\d+\.\d+", a["lot_number"]) for a in draws)
    assert all(a["dedication"].startswith("In memory of ") for a in draws)


# ---------------------------------------------------------------- 3. ranges in prose

@settings(max_examples=20, deadline=None)
@given(PREFIX, st.integers(2, 12), st.integers(30, 60), st.integers(5, 25), SEEDS)
def test_ranges_the_tool_prose_states_hold(prefix: str, last: int, low: int, width: int, seed: int) -> None:
    description = (f"Log a kiln firing. Kilns are named {prefix}-01 .. {prefix}-{last:02d}. Target bands: "
                   f"{low}–{low + width} % RH; chamber max 900 lux.")
    tool = _tool("log_firing", {"kiln_id": {"type": "string"},
                                "relative_humidity": {"type": "number", "minimum": 0, "maximum": 100},
                                "lux": {"type": "number", "minimum": 0}}, description)
    for args in _draws(tool, seed):
        assert re.fullmatch(rf"{prefix}-\d\d", args["kiln_id"]) and 1 <= int(args["kiln_id"][-2:]) <= last, args
        assert low <= args["relative_humidity"] <= low + width, args
        assert args["lux"] <= 900, args


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["H", "D", "QX"]), st.integers(1, 3), SEEDS)
def test_a_site_has_a_few_buildings(lead: str, first: int, seed: int) -> None:
    tool = _tool("log_room", {"room_code": {"type": "string", "description": f"Room, e.g. {lead}{first}-LAB07."}})
    for args in _draws(tool, seed):
        assert re.fullmatch(rf"{lead}[1-3]-LAB\d\d", args["room_code"]), args


# ---------------------------------------------------------------- 4. persons and their ids

NAME = re.compile(r"[A-Z][a-z'-]+(?: [A-Z][a-z'-]+)+")


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["examiner", "inspector", "assessor", "conservator", "approver", "surveyor", "witness"]), SEEDS)
def test_a_person_role_is_a_persons_name(role: str, seed: int) -> None:
    tool = _tool("file_survey", {role: {"type": "string"}})
    for args in _draws(tool, seed):
        value = args[role]
        assert NAME.fullmatch(value) and role not in value.lower(), value
        assert not re.search(r"\d", value), value


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["Q", "W", "TK"]), st.integers(1000, 9999), SEEDS)
def test_a_badge_id_follows_the_examples_in_parentheses(lead: str, number: int, seed: int) -> None:
    tool = _tool("sign_in", {"crew_id": {"type": "string", "description": f"Badge id ({lead}{number}, SUP-014)."}})
    for args in _draws(tool, seed):
        assert re.fullmatch(rf"{lead}\d{{4}}|SUP-\d{{3}}", args["crew_id"]), args


# ---------------------------------------------------------------- 5. money on the thing's scale

@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["insured_value", "hull_value_usd", "valuation", "appraised_value", "amount"]), SEEDS)
def test_what_a_thing_is_insured_or_valued_at_is_thousands_and_more(name: str, seed: int) -> None:
    tool = _tool("insure_vessel", {name: {"type": "number"}}, "Record the valuation of a vessel for insurance.")
    for args in _draws(tool, seed):
        assert args[name] >= 1000, args


def test_an_everyday_price_stays_at_its_scale() -> None:
    tool = _tool("order_snack", {"price": {"type": "number"}}, "Order a snack from the canteen.")
    assert all(a["price"] <= 500 for a in _draws(tool, 3, n=30))


# ---------------------------------------------------------------- 6. places that agree

@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["^[A-Z]{2}$", "^[A-Z]{3}$"]), SEEDS)
def test_a_city_and_its_country_agree(pattern: str, seed: int) -> None:
    tool = _tool("book_berth", {"port_city": {"type": "string"},
                                "port_country": {"type": "string", "pattern": pattern},
                                "stops": {"type": "array", "items": {"type": "object", "properties": {
                                    "city": {"type": "string"}, "country_code": {"type": "string",
                                                                                 "pattern": "^[A-Z]{2}$"}}}}})
    table = dict(semantic.CITIES)
    from generator.core import codes
    for args in _draws(tool, seed, rate=1.0):
        pairs = [(args["port_city"], args["port_country"])] + [(s["city"], s["country_code"])
                                                              for s in args.get("stops") or [] if "city" in s
                                                              and "country_code" in s]
        for city, country in pairs:
            if city in table:
                assert country == codes.same_form(table[city], country), (city, country)


# ---------------------------------------------------------------- 7. free text of the tool's world

@settings(max_examples=20, deadline=None)
@given(st.lists(st.sampled_from(["antifouling paint", "zinc anode", "hull plating", "bilge pump", "sea chest"]),
                min_size=2, max_size=4, unique=True), SEEDS)
def test_search_words_and_notes_come_from_the_tools_own_words(parts: list[str], seed: int) -> None:
    listed = ", ".join(f"'{p}'" for p in parts)
    tool = _tool("search_defects", {
        "query": {"type": "string", "description": "Free text matched against the defect record."},
        "component": {"type": "string", "description": f"Component, e.g. {listed}"},
        "finding": {"type": "string"}}, required=["query", "finding"])
    for args in _draws(tool, seed):
        own = {p.lower() for p in parts}
        assert args["query"].lower() in own, args
        assert not freetext.everyday(args["finding"]), args


@settings(max_examples=20, deadline=None)
@given(SEEDS)
def test_an_ingredient_with_examples_is_one_of_the_catalogs_world(seed: int) -> None:
    tool = _tool("check_stock", {"ingredient_name": {
        "type": "string", "description": "USP name, e.g. 'Glycerin USP', 'Ora-Sweet', 'Lidocaine HCl powder'."}})
    for args in _draws(tool, seed):
        assert args["ingredient_name"] in ("Glycerin USP", "Ora-Sweet", "Lidocaine HCl powder"), args


# ---------------------------------------------------------------- 8. prose rules

@settings(max_examples=20, deadline=None)
@given(st.sampled_from([("hull_number", "imo_number"), ("serial", "tag_code")]), SEEDS)
def test_either_one_or_the_other_not_both(pair: tuple[str, str], seed: int) -> None:
    a, b = pair
    tool = _tool("find_vessel", {a: {"type": "string"}, b: {"type": "string"}},
                 f"Find a vessel. Give either {a} or {b}, not both.", required=[])
    assert [r.kind for r in dependencies.rules(tool.description, tool.properties)] == ["one_of"]
    for args in _draws(tool, seed, rate=0.5):
        assert (a in args) != (b in args), args


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([("condemned", "repair"), ("fail", "retest")]), SEEDS)
def test_values_that_require_a_parameter_bring_it(verdicts: tuple[str, str], seed: int) -> None:
    tool = _tool("close_survey", {"verdict": {"type": "string", "enum": ["pass", *verdicts]},
                                  "remarks": {"type": "string"}, "survey_date": {"type": "string", "format": "date"}},
                 f"Close a survey. '{verdicts[0]}' and '{verdicts[1]}' require remarks. "
                 "survey_date may not be in the future.", required=["verdict", "survey_date"])
    for args in _draws(tool, seed, n=20, rate=0.2):
        if args["verdict"] in verdicts:
            assert args.get("remarks"), args
        assert datetime.strptime(args["survey_date"], "%Y-%m-%d").date() <= REF.date(), args


def test_a_value_requiring_a_named_report_reads_the_longest_name() -> None:
    props = {"job_id": {"type": "string"}, "outcome": {"type": "string", "enum": ["completed", "abandoned"]},
             "post_job_report_id": {"type": "string"}}
    rules = dependencies.rules("Outcome 'completed' requires a post-job inspection report id.", props)
    assert [(r.kind, r.subject, r.values) for r in rules] == [("if_value", "post_job_report_id", ("completed",))]
