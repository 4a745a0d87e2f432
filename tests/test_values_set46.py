"""Values fixed in set 46 (a sleep-disorders lab, a scrap-metal yard, a broiler hatchery): a field
whose aside names members of another enum ("(cpap mode)", "(bilevel modes)") goes with them only; a
score's range per member said in the tool's text ("Epworth (epworth) 0-24") binds it; counts that
"cannot add up to more than the sample" stay within it; "always the higher of the two" orders two
shares; "not needed for a passport or military ID" takes both members out; an id whose own
description shows an all-digit example never takes the shape of a parameter holding its last four
characters; a date that "must be in the future" lies ahead."""

from __future__ import annotations

import random
from datetime import timedelta

from generator.core import dependencies, lore
from generator.core.values import REFERENCE_TIME, sample_arguments
from generator.records import Tool

PAP = Tool(
    name="record_pap_titration", app="lab", api="record_pap_titration", domain="set46a",
    description="Record the outcome of a PAP titration. Only the pressure fields of the chosen mode are filled.",
    parameters={"type": "object", "required": ["mode"], "properties": {
        "mode": {"type": "string", "enum": ["cpap", "bilevel_s", "bilevel_st", "asv"], "description": "Final PAP mode."},
        "cpap_cm_h2o": {"type": "number", "minimum": 4, "maximum": 20, "description": "CPAP pressure, cm H2O (cpap mode)."},
        "ipap_cm_h2o": {"type": "number", "minimum": 4, "maximum": 25, "description": "Inspiratory pressure (bilevel modes)."},
        "epap_cm_h2o": {"type": "number", "minimum": 4, "maximum": 20, "description": "Expiratory pressure (bilevel and asv)."},
        "backup_rate_bpm": {"type": "integer", "minimum": 8, "maximum": 20, "description": "Backup rate (bilevel_st only)."},
        "due_from": {"type": "string", "format": "date", "description": "Earliest due (or FOC) date."}}})
FORMS = Tool(
    name="record_questionnaire", app="lab", api="record_questionnaire", domain="set46a",
    description="Record a completed questionnaire. Score ranges by instrument: Epworth Sleepiness Scale (epworth) 0-24; "
                "STOP-BANG (stop_bang) 0-8; Insomnia Severity Index (isi) 0-28.",
    parameters={"type": "object", "required": ["instrument", "total_score"], "properties": {
        "instrument": {"type": "string", "enum": ["epworth", "stop_bang", "isi"], "description": "Form."},
        "total_score": {"type": "integer", "minimum": 0, "maximum": 28,
                        "description": "Total score; must lie in the instrument's own range."}}})
CANDLING = Tool(
    name="record_candling", app="hatchery", api="record_candling", domain="set46c",
    description="Record candling of a set. The counts cannot add up to more than the sample.",
    parameters={"type": "object", "required": ["eggs_sampled", "clears", "early_dead", "late_dead"], "properties": {
        "incubation_day": {"type": "integer", "minimum": 7, "maximum": 19, "description": "Day of incubation candled."},
        "eggs_sampled": {"type": "integer", "minimum": 150, "maximum": 5000, "description": "Eggs in the sample."},
        "clears": {"type": "integer", "minimum": 0, "maximum": 5000, "description": "Clear eggs in the sample."},
        "early_dead": {"type": "integer", "minimum": 0, "maximum": 5000, "description": "Embryos dead in days 1-7."},
        "late_dead": {"type": "integer", "minimum": 0, "maximum": 5000, "description": "Embryos dead after day 14."}}})
HATCH = Tool(
    name="record_hatch", app="hatchery", api="record_hatch", domain="set46c",
    description="Record the hatch pull. Hatch of total is saleable chicks over eggs set; hatch of fertile is saleable "
                "chicks over fertile eggs, and is always the higher of the two.",
    parameters={"type": "object", "required": ["saleable_chicks", "hatch_of_total_pct", "hatch_of_fertile_pct"], "properties": {
        "saleable_chicks": {"type": "integer", "minimum": 0, "maximum": 100000, "description": "First-quality chicks."},
        "hatch_of_total_pct": {"type": "number", "minimum": 0, "maximum": 100, "description": "Percent of eggs set."},
        "hatch_of_fertile_pct": {"type": "number", "minimum": 0, "maximum": 100, "description": "Percent of fertile."}}})


def test_a_field_whose_aside_names_members_goes_with_them_only() -> None:
    found = {r.subject: r.values for r in dependencies.rules(PAP.description, PAP.properties) if r.kind == "only"}
    assert found == {"cpap_cm_h2o": ("cpap",), "ipap_cm_h2o": ("bilevel_s", "bilevel_st"),
                     "epap_cm_h2o": ("bilevel_s", "bilevel_st", "asv"), "backup_rate_bpm": ("bilevel_st",)}, found
    porting = {"status": {"type": "string", "enum": ["submitted", "foc_received", "activated"], "description": "Status."},
               "due_from": {"type": "string", "format": "date", "description": "Earliest due (or FOC) date."}}
    assert not dependencies.rules("Search port requests.", porting), "an abbreviation beside a date names no member"
    rng = random.Random(46)
    for _ in range(40):
        args = sample_arguments(PAP, rng, optional_rate=1.0)
        assert "cpap_cm_h2o" not in args or args["mode"] == "cpap", args
        assert "backup_rate_bpm" not in args or args["mode"] == "bilevel_st", args


def test_a_score_keeps_the_range_of_its_member() -> None:
    rng = random.Random(461)
    bands = {"epworth": 24, "stop_bang": 8, "isi": 28}
    seen = set()
    for _ in range(40):
        args = sample_arguments(FORMS, rng)
        assert args["total_score"] <= bands[args["instrument"]], args
        seen.add(args["instrument"])
    assert seen == set(bands)


def test_counts_stay_within_the_whole_and_the_higher_of_two_is_higher() -> None:
    rng = random.Random(462)
    for _ in range(40):
        args = sample_arguments(CANDLING, rng)
        assert args["clears"] + args["early_dead"] + args["late_dead"] <= args["eggs_sampled"], args
        hatch = sample_arguments(HATCH, rng)
        assert hatch["hatch_of_total_pct"] < hatch["hatch_of_fertile_pct"], hatch
    parts = [r for r in dependencies.rules(CANDLING.description, CANDLING.properties) if r.kind == "parts"]
    assert [(r.subject, set(r.others)) for r in parts] == [("eggs_sampled", {"clears", "early_dead", "late_dead"})], \
        "the day candled is no count of the sample"


def test_not_needed_for_two_members_takes_both_out() -> None:
    props = {"id_type": {"type": "string", "enum": ["drivers_license", "state_id", "passport", "military_id"],
                         "description": "Type of photo ID."},
             "id_state": {"type": "string", "enum": ["TX", "OK"],
                          "description": "State that issued the ID (not needed for a passport or military ID)."}}
    found = [(r.kind, r.values) for r in dependencies.rules("Register a seller.", props) if r.subject == "id_state"]
    assert found == [("only", ("drivers_license", "state_id"))], found


def test_an_id_keeps_its_own_example_over_a_part_of_it_elsewhere() -> None:
    search = Tool(name="search_sellers", app="yard", api="search_sellers", domain="set46b", description="Search sellers.",
                  parameters={"type": "object", "properties": {
                      "id_last4": {"type": "string", "pattern": "^[0-9A-Z]{4}$",
                                   "description": "Last four characters of the ID document number."}}})
    register = Tool(name="register_seller", app="yard", api="register_seller", domain="set46b",
                    description="Register a seller.",
                    parameters={"type": "object", "required": ["id_number", "id_expiration"], "properties": {
                        "id_number": {"type": "string", "description": "ID document number, e.g. '24813377'."},
                        "id_expiration": {"type": "string", "description": "Expiry date of the ID, YYYY-MM-DD; "
                                                                           "must be in the future."}}})
    tools = {t.name: t for t in lore.annotate([search, register])}
    rng = random.Random(463)
    for _ in range(20):
        args = sample_arguments(tools["register_seller"], rng)
        assert len(args["id_number"]) == 8 and args["id_number"].isdigit(), args
        assert args["id_expiration"] > REFERENCE_TIME.strftime("%Y-%m-%d"), args
    review = Tool(name="schedule_review", app="yard", api="schedule_review", domain="set46b", description="Schedule.",
                  parameters={"type": "object", "required": ["review_date"], "properties": {"review_date": {
                      "type": "string", "format": "date",
                      "description": "Date of the next review, YYYY-MM-DD; must be in the future."}}})
    ahead = [sample_arguments(review, rng)["review_date"] for _ in range(20)]
    assert all(d > REFERENCE_TIME.strftime("%Y-%m-%d") for d in ahead), ahead  # today is no future day
    bare = register.model_copy(update={"parameters": {"type": "object", "required": ["id_number"], "properties": {
        "id_number": {"type": "string", "description": "ID document number."}}}})
    tools = {t.name: t for t in lore.annotate([search, bare])}
    drawn = [sample_arguments(tools["register_seller"], rng)["id_number"] for _ in range(10)]
    assert all(len(v) != 4 for v in drawn), drawn  # a part's shape is never the whole id's


def test_an_npi_drawn_from_an_example_passes_its_check_digit() -> None:
    from stdnum import luhn

    tool = Tool(name="create_referral", app="lab", api="create_referral", domain="set46a", description="Refer a patient.",
                parameters={"type": "object", "required": ["referring_npi"], "properties": {"referring_npi": {
                    "type": "string", "pattern": "^[0-9]{10}$",
                    "description": "10-digit National Provider Identifier of the referring clinician, e.g. '1487392015'."}}})
    rng = random.Random(464)
    drawn = [sample_arguments(tool, rng)["referring_npi"] for _ in range(20)]
    assert all(luhn.is_valid("80840" + v) for v in drawn), drawn


def test_a_day_something_was_done_is_behind_and_receipts_set_now_are_this_years() -> None:
    npip = Tool(name="record_npip_test", app="hatchery", api="record_npip_test", domain="set46c", description="Record a test.",
                parameters={"type": "object", "required": ["collection_date", "lay_date"], "properties": {
                    "collection_date": {"type": "string", "format": "date", "description": "Date collected, YYYY-MM-DD."},
                    "lay_date": {"type": "string", "format": "date", "description": "Day the eggs were collected."}}})
    setter = Tool(name="set_eggs", app="hatchery", api="set_eggs", domain="set46c", description="Set eggs.",
                  parameters={"type": "object", "required": ["receipt_ids"], "properties": {"receipt_ids": {
                      "type": "array", "minItems": 2, "maxItems": 4,
                      "items": {"type": "string", "pattern": "^ER-[0-9]{4}-[0-9]{5}$"}, "description": "Egg receipts set."}}})
    rng = random.Random(465)
    today = REFERENCE_TIME.strftime("%Y-%m-%d")
    for _ in range(20):
        args = sample_arguments(npip, rng)
        assert args["collection_date"] <= today and args["lay_date"] <= today, args
        ids = sample_arguments(setter, rng)["receipt_ids"]
        assert all(i.startswith(f"ER-{REFERENCE_TIME.year}-") for i in ids), ids


def test_a_sample_of_whole_trays_and_an_order_taken_weeks_ahead() -> None:
    candling = CANDLING.model_copy(update={"parameters": {"type": "object", "required": ["eggs_sampled"], "properties": {
        "eggs_sampled": {"type": "integer", "minimum": 150, "maximum": 5000,
                         "description": "Eggs in the candled sample (multiples of a 160-egg tray)."}}}})
    order = Tool(name="create_chick_order", app="hatchery", api="create_chick_order", domain="set46c",
                 description="Enter a chick order. Orders are taken at least 21 days ahead so that eggs can be set for them.",
                 parameters={"type": "object", "required": ["placement_date"], "properties": {"placement_date": {
                     "type": "string", "format": "date", "description": "Day the chicks are placed on the farm."}}})
    tools = {t.name: t for t in lore.annotate([candling, order])}
    rng = random.Random(466)
    earliest = (REFERENCE_TIME + timedelta(days=21)).strftime("%Y-%m-%d")
    for _ in range(20):
        assert sample_arguments(tools["record_candling"], rng)["eggs_sampled"] % 160 == 0
        assert sample_arguments(tools["create_chick_order"], rng)["placement_date"] >= earliest


def test_a_city_of_an_address_is_the_personas_city() -> None:
    from generator.derived_personas import _places_for

    places = {"home": "6603 Ortiz Avenue", "city": "Beaumont", "work": "Pine Street Yard"}
    assert _places_for("city", {"type": "string", "description": "City of the service address."}, places) == ["Beaumont"]
    assert _places_for("service_address", {"type": "string", "description": "Street address."}, places) == \
        ["6603 Ortiz Avenue"]


def test_a_set_moved_now_is_this_years() -> None:
    move = Tool(name="transfer_to_hatcher", app="hatchery", api="transfer_to_hatcher", domain="set46c",
                description="Move a set from its setter to hatchers.",
                parameters={"type": "object", "required": ["set_id"], "properties": {"set_id": {
                    "type": "string", "pattern": "^SET-[0-9]{4}-[0-9]{4}$", "description": "Set id."}}})
    rng = random.Random(467)
    drawn = [sample_arguments(move, rng)["set_id"] for _ in range(20)]
    assert all(v.startswith(f"SET-{REFERENCE_TIME.year}-") for v in drawn), drawn


def test_a_persons_name_in_an_example_names_few_of_the_calls() -> None:
    search = Tool(name="search_patients", app="lab", api="search_patients", domain="set46a", description="Search patients.",
                  parameters={"type": "object", "required": ["last_name"], "properties": {"last_name": {
                      "type": "string", "description": "Patient last name, e.g. 'Okafor'."}}})
    rng = random.Random(468)
    drawn = [sample_arguments(search, rng)["last_name"] for _ in range(60)]
    assert drawn.count("Okafor") <= 20 and len(set(drawn)) >= 15, drawn  # (60% of the draws had been the example)
