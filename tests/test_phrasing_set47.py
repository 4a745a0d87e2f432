"""Phrasing fixed in set 47: an enum member led by a measure is said in words ("9.5mm_superpave":
"with the 9.5 mm superpave mix", never "the 9.5mm_superpave superpave mix"); a word the description
writes as an initialism keeps its capitals ("state DOT"); "too_cold" is "because it was too cold";
an intent drops a word that is a member of the tool's own filter ("search jobs", never "search
awarded jobs" when no status is asked), ends before "behind the screed", keeps "cold milling" and
reads a prefixed verb ("cryopreserve the unit", never "make this request")."""

from __future__ import annotations

from generator.core import lore
from generator.core.surface import render
from generator.phrasebook.fragments import _because, _measured_words
from generator.phrasebook.intent import intent_of, prefixed_verb
from generator.records import Tool
from generator.writers.phrasing.args import said_as


def _tool(name: str, description: str, props: dict) -> Tool:
    return lore.annotate([Tool(name=name, app="paving", api=name, domain="set47b", description=description,
                               parameters={"type": "object", "properties": props})])[0]


MIX = _tool("order_hot_mix", "Order hot-mix asphalt from a plant for a paving day.", {
    "mix_design": {"type": "string", "description": "Superpave mix.",
                   "enum": ["9.5mm_superpave", "12.5mm_superpave", "19mm_superpave", "25mm_superpave_base"]}})
BID = _tool("submit_bid", "Submit a bid based on an estimate. Public owners (municipal, state DOT) require a bond.", {
    "owner_type": {"type": "string", "description": "Kind of owner.",
                   "enum": ["private", "commercial", "municipal", "state_dot"]}})


def _said(tool: Tool, param: str, value: str) -> str:
    return said_as(param, tool, "enum", render(value, param, tool))


def test_a_measure_led_member_is_said_in_words_with_its_noun():
    assert _measured_words("9.5mm_superpave") == "9.5 mm superpave"
    assert _measured_words("25mm_superpave_base") == "25 mm superpave base"
    assert _said(MIX, "mix_design", "12.5mm_superpave") == "with the 12.5 mm superpave mix"
    assert "_" not in _said(MIX, "mix_design", "25mm_superpave_base")


def test_an_initialism_is_said_as_the_description_writes_it():
    assert _said(BID, "owner_type", "state_dot").endswith("state DOT")
    assert "DOT" not in _said(BID, "owner_type", "municipal")


def test_too_cold_is_a_reason_clause():
    assert _because("too_cold", "rejection_reason") == "because it was too cold"
    assert _because("wrong_mix", "rejection_reason") is None


def test_intents_read_as_the_author_meant():
    jobs = _tool("search_jobs", "Search awarded jobs. Returns job numbers.", {
        "status": {"type": "string", "enum": ["awarded", "scheduled", "complete"], "description": "Job status."}})
    assert intent_of(jobs) == "search jobs"
    plain = _tool("search_jobs", "Search awarded jobs. Returns job numbers.", {"crew": {"type": "string"}})
    assert intent_of(plain) == "search awarded jobs"
    mat = _tool("record_mat_temperature", "Record a mat temperature reading behind the screed with the infrared gun.",
                {"job_id": {"type": "string"}})
    assert intent_of(mat) == "record a mat temperature reading"
    milling = _tool("schedule_milling", "Schedule cold milling on a job.", {"job_id": {"type": "string"}})
    assert intent_of(milling) == "schedule cold milling"
    frozen = _tool("cryopreserve_unit", "Record that a processed unit was frozen in the controlled-rate freezer.",
                   {"unit_id": {"type": "string"}})
    assert intent_of(frozen) == "cryopreserve the unit"
    assert prefixed_verb("cryopreserve") and not prefixed_verb("cryostat")


def test_a_sign_convention_is_no_negation():
    adjust = _tool("adjust_package_quantity", "Adjust a package's quantity.", {
        "adjustment": {"type": "number", "description": "Change in quantity, negative for a loss, in the package's unit."}})
    assert "negative for" not in said_as("adjustment", adjust, "number", "4")
    antigen = _tool("search_units", "Search blood units.", {
        "antigens": {"type": "array", "items": {"type": "string"}, "description": "Units negative for these antigens."}})
    assert said_as("antigens", antigen, "list", "E and K").startswith("negative for")


def test_a_noun_that_is_no_noun_phrase_gives_way_to_the_names_words():
    from generator.phrasebook.terms import _unsound, term

    cases = {("cd34_count_e6", "Viable CD34+ cells after processing, x10^6 cells."): "CD34 count",
             ("chagas_antibody", "T. cruzi antibody; done once per donor."): "chagas antibody",
             ("gestational_age_weeks", "Completed weeks of gestation at delivery (or expected), e.g. 39."): "gestational age",
             ("processing_date", "Date processing started, YYYY-MM-DD."): "processing date",
             ("processing_method", "Red cell and plasma depletion method."): "processing method"}
    for (param, description), noun in cases.items():
        kind = "integer" if param.endswith(("e6", "weeks")) else "string"
        assert term(param, {"type": kind, "description": description}).noun == noun, param
    assert not _unsound("breed of the sire", "Breed of the sire.")
    assert not _unsound("tank", "Tank and canister the straws go in, e.g. 'Tank 1 canister 3'.")
    assert term("include_details", {"type": "boolean", "description": "Include details-grade coins."}).noun == "details"


def test_moments_phrases_and_reasons_read_in_order():
    from generator.phrasebook.terms import term
    from generator.writers.phrasing.clauses import ordered

    first = term("first_load_time", {"type": "string", "description": "Time the first truck should arrive on site, HH:MM."})
    assert first.phrase == "with the first truck arriving on site on"
    kits = term("requested_delivery_date", {"type": "string", "description": "Date the hospital needs the kits by."})
    assert kits.phrase == "with the hospital needing the kits by"
    up = term("available_on", {"type": "string", "description": "Date the driver should be available, YYYY-MM-DD."})
    assert "being" not in up.phrase
    said = ordered(["because the site is not ready", "scheduled on June 3", "for job J-18227"])
    assert said.index("because the site is not ready") > said.index("scheduled on June 3"), said
    assert ordered(["because of rain", "on June 3"]) == ["because of rain", "on June 3"]


def test_a_percent_of_another_is_named_by_the_parameter():
    from generator.phrasebook.terms import term

    t = term("percent_compaction", {"type": "number", "description": "Wet density as a percent of the Rice density."})
    assert t.noun == "percent compaction"
    density = _tool("record_density_test", "Record a nuclear gauge density test.", {
        "percent_compaction": {"type": "number", "description": "Wet density as a percent of the Rice density."}})
    assert said_as("percent_compaction", density, "number", "93.6") == "at 93.6% compaction"


def test_a_kind_of_person_and_a_list_of_names_read_as_people():
    from generator.phrasebook.terms import term

    spec = {"type": "string", "enum": ["adult_use", "medical"], "description": "Adult-use or medical purchase."}
    sales = _tool("search_sales", "Search recorded sales.", {"customer_type": spec})
    assert said_as("customer_type", sales, "enum", render("medical", "customer_type", sales)) == "for medical customers"
    check_in = _tool("check_in_customer", "Check a customer in at the front desk.", {"customer_type": spec})
    assert said_as("customer_type", check_in, "enum", render("medical", "customer_type", check_in)) == "as a medical customer"
    names = {"type": "array", "items": {"type": "string"}, "description": "Full names of the employees witnessing."}
    assert term("witnesses", names).noun == "witnesses"
    assert term("query", {"type": "string", "description": "Name or part of it."}).noun != "query"


def test_an_owner_is_bid_for_and_a_signature_is_had():
    from generator.phrasebook.fragments import _whether_state

    assert _said(BID, "owner_type", "private") == "for a private owner"
    assert _whether_state("Whether the owner has signed the change order.") == (
        "with the owner having signed the change order", "with the owner not having signed the change order")


def test_all_among_short_codes_is_a_code():
    from generator.phrasebook.fragments import quantified

    spec = {"type": "string", "enum": ["aml", "all", "mds", "cml", "other"], "description": "Primary diagnosis."}
    assert quantified("all", "diagnosis", spec) == "ALL"
    assert quantified("all", "category", {"type": "string", "enum": ["all", "tools", "parts"]}) != "ALL"


def test_a_reason_follows_the_state_it_explains():
    from generator.writers.phrasing.clauses import ordered

    said = ordered(["because it was segregated", "marked as rejected", "for mix order MO-25-0833"])
    assert said.index("marked as rejected") < said.index("because it was segregated"), said


def test_an_antibody_is_named_by_what_it_is_to():
    from generator.phrasebook.terms import term

    spec = {"type": "string", "enum": ["non_reactive", "reactive"], "description": "Antibody to hepatitis B core antigen."}
    assert term("anti_hbc", spec).noun == "antibody to hepatitis B core antigen"
    assert term("reason", {"type": "string", "description": "Reason to cancel the visit."}).noun != "reason to cancel the visit"
