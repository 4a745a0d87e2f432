"""Hard TRAJECT queries on catalogs without hints: descriptions that determine a value, the
preference for trajectories a hard query can leave out, and the cap on what it says verbatim."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st
from upstream import UPSTREAM, check_script, upstream_path

from generator.catalog import Catalog
from generator.cli import main
from generator.readers import read_catalog
from generator.records import Target, Tool, ToolCall
from generator.screening import screen
from generator.traject import plans, sample
from generator.traject.checks import meaning_recall, vague_enough
from generator.traject.describe import DESCRIBERS

MARKET = Tool(
    name="Markets: quote", app="Markets", api="quote", domain="Finance",
    parameters={"type": "object", "required": ["symbol", "country", "currency", "lang", "city", "since"],
                "properties": {
                    "symbol": {"type": "string", "description": "Stock ticker symbol"},
                    "country": {"type": "string", "description": "ISO country code"},
                    "currency": {"type": "string", "description": "Currency code"},
                    "lang": {"type": "string", "description": "Language code"},
                    "city": {"type": "string", "description": "City name"},
                    "since": {"type": "integer", "description": "Unix timestamp (seconds since epoch)"},
                    "query": {"type": "string", "description": "Free-text search words"},
                    "email": {"type": "string", "description": "E-mail address to notify"}}},
)
DESCRIBED = {"symbol": "AAPL", "country": "DE", "currency": "JPY", "lang": "de", "city": "Berlin",
             "since": 1746281007}


def _target(args: dict) -> Target:
    return Target(id="t", kind="parallel", calls=[ToolCall(tool=MARKET.name, arguments=args)],
                  offered=[MARKET.name])


@pytest.mark.parametrize("param,value,phrase", [
    ("symbol", "AAPL", "Apple's stock ticker"),
    ("country", "DE", "Germany's two-letter country code"),
    ("country", "DEU", "Germany's three-letter country code"),
    ("currency", "JPY", "the three-letter code of the Yen"),
    ("lang", "de", "the two-letter code for German"),
    ("city", "Berlin", "the capital of Germany"),
    ("since", 1746281007, "the Unix time of May 3, 2025 at 14:03:27 UTC"),
])
def test_each_description_reads_back_to_exactly_its_value(param: str, value, phrase: str) -> None:
    hint = plans.hint_for(MARKET, param, value)
    assert hint == phrase
    assert plans.resolves(MARKET, param, hint, value)
    assert not plans.resolves(MARKET, param, hint, "something else")


@pytest.mark.parametrize("param,value", [
    ("symbol", "META"),      # the company name would say the ticker
    ("currency", "EUR"),     # so would "the Euro"
    ("country", "de"),       # a lowercase country code is not what "Germany's code" reads back to
    ("lang", "xx"),          # no such language
    ("city", "Springfield"),  # not a capital: "the capital of ..." cannot name it
    ("query", "kalem"),      # free text has no description that determines it
    ("email", "ana@example.com"),
])
def test_values_without_a_determining_description_stay_stated(param: str, value) -> None:
    assert plans.hint_for(MARKET, param, value) is None


@pytest.mark.parametrize("code,name", [("US", "United States"), ("PH", "Philippines")])
def test_a_name_ending_in_s_takes_its_apostrophe_and_either_possessive_is_said(code: str, name: str) -> None:
    hint = plans.hint_for(MARKET, "country", code)
    assert hint == f"{name}' two-letter country code"
    for written in (hint, f"{name}'s two-letter country code"):
        assert plans.resolves(MARKET, "country", written, code)
    t = _target({"country": code, "query": "kalem"})
    plan = plans.hard_plan(t, {MARKET.name: MARKET})
    assert [a.hint for _, a in plan.args()] == [None, None]  # a code by what it names is stated: said as it is


def test_every_describer_has_its_resolver() -> None:
    for name, (hinter, resolver) in DESCRIBERS.items():
        assert callable(hinter) and callable(resolver), name


def test_hard_floor_counts_what_the_hard_plan_must_state() -> None:
    # the ticker and the capital are described; a code by its name and a Unix time by its date are stated
    assert plans.hard_floor(_target(DESCRIBED), {MARKET.name: MARKET}) == 4 / 6
    half = _target({"symbol": "AAPL", "query": "kalem"})
    assert plans.hard_floor(half, {MARKET.name: MARKET}) == 0.5
    assert plans.hard_floor(_target({"query": "kalem", "email": "ana@example.com"}), {MARKET.name: MARKET}) == 1.0


def test_a_hard_query_saying_too_much_verbatim_is_rejected() -> None:
    t = _target({"symbol": "AAPL", "query": "kalem", "email": "ana@example.com"})
    plan = plans.hard_plan(t, {MARKET.name: MARKET})
    tools = {MARKET.name: MARKET}
    ok = "Look up Apple's stock ticker and search for kalem, please."
    assert vague_enough(ok, plan, t, tools) == []
    bad = vague_enough("Look up AAPL, search for kalem and mail ana@example.com.", plan, t, tools)
    assert bad and "states 1.00 of the values" in bad[0]
    # the reason names what the plan leaves out and the words that said it: a writer need not guess
    assert "it states symbol 'AAPL' as 'aapl'" in bad[0] and "which the plan leaves out" in bad[0], bad[0]


AGENDA = Tool(
    name="Agenda: find", app="Agenda", api="find", domain="Travel",
    parameters={"type": "object", "required": ["day", "query", "email"],
                "properties": {
                    "day": {"type": "string", "format": "date", "description": "Day to search"},
                    "query": {"type": "string", "description": "Free-text search words"},
                    "email": {"type": "string", "description": "E-mail address to notify"}}},
)


@pytest.mark.parametrize("said", ["on the 3rd of June, 2025", "on June 3, 2025", "on 3 June 2025"])
def test_a_date_said_in_words_is_stated_for_vague_enough(said: str) -> None:
    """By meaning a date in words is the date: the hard query states 2 of 3 values, though
    verbatim it says only "kalem" (1 of 3)."""
    t = Target(id="t", kind="parallel", offered=[AGENDA.name],
               calls=[ToolCall(tool=AGENDA.name, arguments={"day": "2025-06-03", "query": "kalem",
                                                            "email": "ana@example.com"})])
    tools = {AGENDA.name: AGENDA}
    plan = plans.hard_plan(t, tools)
    assert all(a.mode == "stated" for _, a in plan.args())  # a date is never "hinted" in words
    assert meaning_recall(f"Find kalem {said}, please.", plan, t, tools) == 2 / 3
    assert meaning_recall("Find kalem, please.", plan, t, tools) == 1 / 3


FLAGS = Tool(
    name="Finder: find", app="Finder", api="find", domain="Travel",
    parameters={"type": "object", "required": ["query", "email"],
                "properties": {
                    "query": {"type": "string", "description": "Free-text search words"},
                    "email": {"type": "string", "description": "E-mail address to notify"},
                    "live": {"type": "boolean", "default": False},
                    "page": {"type": "integer", "default": 1}}},
)


def test_leaving_out_only_flags_and_ones_is_not_vague_for_traject_bench_value_recall() -> None:
    """By meaning the plan states 2 of 4 values, within the cap; TRAJECT-Bench's value recall
    counts neither the flag nor the one-character page, so verbatim it is 2 of 2: sampling
    ranks the trajectory by the higher count, and the query check holds the count by meaning."""
    t = Target(id="t", kind="parallel", offered=[FLAGS.name],
               calls=[ToolCall(tool=FLAGS.name, arguments={"query": "kalem", "email": "ana@example.com",
                                                           "live": False, "page": 1})])
    tools = {FLAGS.name: FLAGS}
    plan = plans.hard_plan(t, tools)
    assert [a.mode for _, a in plan.args()] == ["stated", "stated", "omitted", "omitted"]
    assert plans.hard_floor(t, tools) == 1.0 and plans.meaning_floor(t, tools) == 0.5
    assert vague_enough("Search for kalem and mail ana@example.com.", plan, t, tools) == []


LEVY = Tool(
    name="Levies: rate", app="Levies", api="rate", domain="Trade",
    parameters={"type": "object", "required": ["tariff_code", "country_of_origin"],
                "properties": {
                    "tariff_code": {"type": "string", "description": "Tariff line number, e.g. '1234.56.7890'."},
                    "country_of_origin": {"type": "string", "pattern": "^[A-Z]{2}$",
                                          "description": "Country of origin, ISO 3166-1 alpha-2, e.g. 'CN'."}}},
)
FILING = Tool(
    name="Levies: file", app="Levies", api="file", domain="Trade",
    parameters={"type": "object", "required": ["filing_id"],
                "properties": {"filing_id": {"type": "string", "description": "Filing number, e.g. 'ZZ1-0000000-0'."},
                               "rush": {"type": "boolean", "default": False}}},
)


@pytest.mark.parametrize("country,name", [("JP", "Japan"), ("NO", "Norway")])
def test_a_code_said_by_what_it_names_is_stated_for_vague_enough(country: str, name: str) -> None:
    """The reader reads a country's two-letter code from the country's name, so the hard plan
    states it (3 of 4, the filing's rush flag left out at its default), and the check reads
    "Japan's two-letter country code" as stating JP, as the card's reading does: one figure."""
    tools = {LEVY.name: LEVY, FILING.name: FILING}
    t = Target(id="t", kind="parallel", offered=list(tools),
               calls=[ToolCall(tool=LEVY.name, arguments={"tariff_code": "4321.09.8765", "country_of_origin": country}),
                      ToolCall(tool=FILING.name, arguments={"filing_id": "QX7-1234567-8", "rush": False})])
    plan = plans.hard_plan(t, tools)
    assert [a.mode for _, a in plan.args()] == ["stated", "stated", "stated", "omitted"]
    said = f"What's the duty on line 4321.09.8765 with {name}'s two-letter country code as the origin, " \
           "and filing QX7-1234567-8 can go out."
    assert meaning_recall(said, plan, t, tools) == 0.75
    assert meaning_recall(said.replace(f"{name}'s two-letter country code", country), plan, t, tools) == 0.75
    assert meaning_recall(said.replace(f" with {name}'s two-letter country code as the origin", ""), plan, t,
                          tools) == 0.5


def _with_spec(spec: dict, required: bool, source_format: str) -> Tool:
    return Tool(name="Gauge: read", app="Gauge", api="read", domain="Water", source_format=source_format,
                parameters={"type": "object", "required": ["zone"] + (["unit"] if required else []),
                            "properties": {"zone": {"type": "string"}, "unit": spec}})


@given(value=st.text(alphabet="abcdefghij-", min_size=2, max_size=8), required=st.booleans(),
       source=st.sampled_from(["traject", "openai"]), as_default=st.booleans())
def test_the_hard_plan_leaves_out_exactly_the_defaults_a_catalog_reader_sees(value, required, source,
                                                                            as_default) -> None:
    """An optional value at its schema default, or at a TRAJECT-Bench catalog's pre-filled value
    (kept as the first example), is left out; a required one, another format's example, or any
    other value is stated."""
    spec = {"type": "string", "default": value} if as_default else {"type": "string", "examples": [value]}
    tool = _with_spec(spec, required, source)
    t = Target(id="t", kind="parallel", offered=[tool.name],
               calls=[ToolCall(tool=tool.name, arguments={"zone": "PZ-3", "unit": value})])
    modes = {a.param: a.mode for _, a in plans.hard_plan(t, {tool.name: tool}).args()}
    assert modes["unit"] == ("omitted" if not required and (as_default or source == "traject") else "stated")
    other = t.model_copy(update={"calls": [ToolCall(tool=tool.name, arguments={"zone": "PZ-3", "unit": value + "x"})]})
    assert {a.mode for _, a in plans.hard_plan(other, {tool.name: tool}).args()} == {"stated"}


@given(seed=st.integers(0, 10_000))
def test_a_lean_call_passes_its_required_values_and_defaults_only(seed: int) -> None:
    tool = Tool(name="Gym: book", app="Gym", api="book", domain="health",
                parameters={"type": "object", "required": ["class_id"],
                            "properties": {"class_id": {"type": "string"},
                                           "spots": {"type": "integer", "minimum": 1, "maximum": 3, "default": 1},
                                           "mat_rental": {"type": "boolean", "default": False},
                                           "note": {"type": "string"},
                                           "level": {"type": "string", "enum": ["easy", "hard"]}}})
    t = sample.sample_parallel("x", [tool], 1, random.Random(seed), lean=True)
    assert t.calls[0].arguments.keys() == {"class_id", "spots", "mat_rental"}
    modes = {a.param: a.mode for _, a in plans.hard_plan(t, {tool.name: tool}).args()}
    assert modes == {"class_id": "stated", "spots": "omitted", "mat_rental": "omitted"}


# One test per TRAJECT-Bench tool file, so the suite's workers share them; a checkout without the
# upstream folder collects one that skips (or fails under CI) in `upstream_path`.
_TRAJECT_TOOLS = UPSTREAM / "traject-bench" / "public_data" / "tools"
_TOOL_FILES = sorted(p.name for p in _TRAJECT_TOOLS.glob("*_tool.json")) or ["(upstream absent)"]


@pytest.mark.slow
@pytest.mark.parametrize("name", _TOOL_FILES)
def test_hard_queries_stay_vague_on_every_traject_bench_domain(tmp_path, name: str) -> None:
    """Every TRAJECT-Bench tool file: the reference check's hard value recall <= 0.50 and
    simple >= 0.90 (what `benchmarks/catalog_sweep.py` reports per catalog)."""
    check = check_script("check_traject.py")
    tools = upstream_path("traject-bench") / "public_data" / "tools"
    for path in [tools / name]:
        cfg = tmp_path / f"{path.stem}.json"
        cfg.write_text(json.dumps({"seed": 3, "catalog": [str(path)], "writer": "template",
                                   "products": {"traject": {"parallel": 4, "sequential": 0,
                                                            "k": {"min": 2, "max": 5}}}}))
        out = tmp_path / path.stem
        assert main(["generate", str(cfg), "--out", str(out), "--quiet"]) == 0, path.name  # in-process: no re-import
        proc = subprocess.run([sys.executable, str(check), str(out / "traject")], capture_output=True,
                              text=True, timeout=60, check=False)
        assert proc.returncode == 0, f"{path.name}: {proc.stdout}"
        # ... and not by giving up: at least half the requested pairs are made (drawing prefers trajectories
        # whose hard query can leave values out; without that preference far fewer pass the cap)
        domains = [d for d, ts in Catalog(screen(read_catalog(path))[0]).by_domain.items() if len(ts) >= 2]
        pairs = int(re.search(r"pairs=(\d+)", proc.stdout)[1])
        assert pairs >= 0.5 * 4 * len(domains), f"{path.name}: {pairs} pairs of {4 * len(domains)}"


def test_a_hard_query_is_held_to_half_or_to_what_its_own_plan_must_state() -> None:
    from generator.records import ArgPlan, CallPlan, DisclosurePlan

    def plan(*modes: str) -> DisclosurePlan:
        args = [ArgPlan(param=f"p{i}", value=f"v{i}", mode=m) for i, m in enumerate(modes)]
        return DisclosurePlan(target_id="t", level="hard", calls=[CallPlan(tool="x", tool_mode="implied", args=args)])

    assert plans.hard_cap(plan("stated", "omitted", "omitted", "omitted")) == plans.HARD_RECALL_CAP
    assert plans.hard_cap(plan("stated", "stated", "omitted")) == 2 / 3
    # a plan stating more is drawn only under a raised products.traject.hard_ceiling (up to all of it)
    assert plans.hard_cap(plan("stated", "stated", "stated", "stated", "omitted")) == 0.8
