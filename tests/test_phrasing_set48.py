"""Phrasing fixed in set 48 (an animal shelter, a bail bond agency, a kitchen exhaust cleaning
company): a given name is no range's start ("starting at name Lisa" in 18 catalogs) nor end, "to" inside an act is no "until", "Dogs only:" names no noun, a cat is no category, a
count in a window of 12 months, a value that opens on its noun said once, the kind of animal said as
the thing recorded ("record a new cat"), the one procedure the intent names said once, a three-word
noun the intent already says cut to its head, a person's housing said as what they do, and a filter
kept "(e.g. heartworm treatment, ...)" read past its aside."""

from __future__ import annotations

from phrasing_support import annotated_tool, explicit_query

from generator.core.surface import render
from generator.phrasebook.fragments import _kept_only
from generator.phrasebook.terms import term
from generator.records import Tool
from generator.writers.phrasing.args import said_as


def _tool(name: str, description: str, props: dict) -> Tool:
    return annotated_tool(name, description, props, "shelter", "set48")


def _query(tool: Tool, args: dict) -> str:
    return explicit_query(tool, args)


def _said(tool: Tool, param: str, value: object, kind: str) -> str:
    return said_as(param, tool, kind, render(value, param, tool))


def test_a_given_name_is_no_start_and_a_missed_hearing_no_end():
    assert term("first_name", {"type": "string", "description": "Defendant's first name."}).role == ""
    assert term("last_name", {"type": "string", "description": "Defendant's last name."}).role == ""
    missed = term("failure_to_appear_date", {"type": "string", "description": "Date of the missed hearing, YYYY-MM-DD."})
    assert missed.role == ""
    assert term("date_to_year", {"type": "integer", "description": "Latest year."}).role == "until"


def test_a_kind_a_value_is_for_is_no_noun_nor_a_category():
    heartworm = term("heartworm_test", {"type": "string", "enum": ["negative", "positive"],
                                        "description": "Dogs only: heartworm antigen snap test result."})
    assert "dogs" not in heartworm.noun
    assert term("cat_compatibility", {"type": "string", "enum": ["cat_friendly", "cat_reactive"]}).plain == \
        "cat compatibility"


def test_a_count_in_a_window_says_its_window_after_the_count():
    impounds = term("impound_count_12_months", {"type": "integer", "description": "How many impounds."})
    assert impounds.unit == "in the last 12 months"
    assert "12" not in impounds.plain


INTAKE = _tool("record_intake", "Record a new animal coming into the shelter and create its record.", {
    "species": {"type": "string", "enum": ["dog", "cat", "rabbit"], "description": "Species of the animal."},
    "brought_in_by": {"type": "string", "description": "Name of the officer, finder or owner who brought the animal "
                      "in, e.g. 'Officer R. Delgado'."}})


def test_a_value_that_opens_on_its_noun_says_it_once():
    said = _said(INTAKE, "brought_in_by", "Officer R. Delgado", "text")
    assert "officer Officer" not in said and said.endswith("Officer R. Delgado")


def test_the_kind_of_animal_is_the_thing_recorded():
    query = _query(INTAKE, {"species": "cat"})
    assert "a new cat" in query and "for cat" not in query and "coming for" not in query


SURGERY = _tool("schedule_spay_neuter", "Book a spay (females) or neuter (males) in the shelter clinic.", {
    "animal_id": {"type": "string", "description": "Shelter animal id, e.g. 'A1048823'."},
    "procedure": {"type": "string", "enum": ["spay", "neuter"], "description": "Spay for a female, neuter for a male."}})


def test_the_one_procedure_the_intent_names_is_said_once():
    for value, other in (("spay", "neuter"), ("neuter", "spay")):
        query = _query(SURGERY, {"animal_id": "A1048823", "procedure": value})
        assert value in query.lower() and other not in query.lower(), query
        assert query.lower().count(value) == 1, query


ADOPTION = _tool("finalize_adoption", "Complete an approved adoption: take the adoption fee and print the contract.", {
    "application_id": {"type": "string", "description": "Approved adoption application, e.g. 'AP-2025-00871'."}})


def test_a_noun_the_intent_says_is_cut_to_its_head():
    query = _query(ADOPTION, {"application_id": "AP-2025-00871"})
    assert "for application AP-2025-00871" in query and "approved adoption application" not in query, query


APPLICATION = _tool("submit_adoption_application", "Enter an adoption application for an animal.", {
    "housing": {"type": "string", "enum": ["own_house", "rent_apartment", "lives_with_family", "mobile_home"],
                "description": "Applicant's housing."}})


def test_a_persons_housing_is_what_they_do():
    assert _said(APPLICATION, "housing", "rent_apartment", "enum") == "with an applicant who rents an apartment"
    assert _said(APPLICATION, "housing", "own_house", "enum") == "with an applicant who owns a house"
    assert _said(APPLICATION, "housing", "lives_with_family", "enum") == "with an applicant who lives with family"
    assert "who" not in _said(APPLICATION, "housing", "mobile_home", "enum")


def test_a_filter_is_read_past_its_aside():
    kept = _kept_only("Only partners that take animals needing ongoing medical care (e.g. heartworm treatment, "
                      "bottle-feeding, post-surgical recovery).")
    assert kept is not None and kept[0] == "limited to partners that take animals needing ongoing medical care"


def test_a_member_that_tells_what_happened_or_whose_place_is_said_so():
    quarantine = _tool("start_bite_quarantine", "Place a dog that bit a person under the 10-day observation.", {
        "exposure": {"type": "string", "enum": ["bite_broke_skin", "scratch"]},
        "quarantine_location": {"type": "string", "enum": ["shelter", "owner_home"]}})
    assert "a bite that broke the skin" in _said(quarantine, "exposure", "bite_broke_skin", "enum")
    assert _said(quarantine, "quarantine_location", "owner_home", "enum").endswith("the owner's home")
    storage = _tool("set_eggs", "Set eggs in a setter.", {"program": {"type": "string", "enum": ["long_stored_eggs"]}})
    assert "that" not in _said(storage, "program", "long_stored_eggs", "enum"), "a participle modifies its noun"


def test_a_named_site_is_where_it_happens_and_a_long_possessive_noun_is_the_names():
    posting = _tool("post_bond", "Record that a written bond was posted at the jail.", {
        "facility": {"type": "string", "description": "Jail where the bond was posted, e.g. 'Twin Towers "
                     "Correctional Facility'."},
        "agent_license_number": {"type": "string", "description": "Posting agent's Department of Insurance license "
                                 "number, e.g. '2H04817'."}})
    assert _said(posting, "facility", "Twin Towers Correctional Facility", "text") == \
        "at Twin Towers Correctional Facility"
    assert "Department of Insurance" not in term("agent_license_number", posting.properties["agent_license_number"]).noun


def test_a_number_and_its_unit_in_one_part_are_two_words():
    kit = _tool("record_fan_hinge_kit_installation", "Record a hinge kit installed on a fan.", {
        "kit_size": {"type": "string", "enum": ["small_up_to_20in", "medium_21_to_30in"]}})
    assert "30 in" in _said(kit, "kit_size", "medium_21_to_30in", "enum")
    assert "30IN" not in _said(kit, "kit_size", "medium_21_to_30in", "enum")


def test_a_place_is_said_before_a_birth_date_it_would_be_read_as_the_birthplace():
    from generator.writers.phrasing.clauses import ordered
    said = ordered(["for someone born on May 20, 1966", "in Kern County"])
    assert said.index("in Kern County") < said.index("for someone born on May 20, 1966")
