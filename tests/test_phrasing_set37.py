"""Phrasing the set-37 session fixed: a kind the intent names said with its noun ("as a line
hold"), names by their initials (INN, IMO number), a day filtering a search ("for tomorrow"), a
glossed code by its gloss, units of names (mCi, mrem/h), officer hours, a reply within N hours, a
release kind, free text set off in quotes, an id named by its role, a kind named "type",
nuclides as written (Tc-99m) and an act's end said as a moment, never a bound."""

from __future__ import annotations

from generator.records import Tool
from tests.test_phrasing_set34 import _explicit
from tests.test_phrasing_set36 import _refused

_KINDS = ["customs_cbp", "usda", "fumigation", "freight", "line", "terminal"]


def _tool(name: str, description: str, props: dict, required: list[str]) -> Tool:
    return Tool(name=name, app="ops", api=name, domain="holds_set37", description=description,
                parameters={"type": "object", "properties": props, "required": required})


def test_a_kind_of_the_thing_the_intent_names_is_said_with_that_noun() -> None:
    release = _tool("release_hold", "Release an active hold on a container.",
                    {"container_number": {"type": "string", "description": "Container number, e.g. 'CSQU3054383'."},
                     "hold_type": {"type": "string", "enum": _KINDS, "description": "Kind of hold: line (line "
                                   "operational hold), terminal (charges unpaid). Required with container_number."}},
                    ["container_number"])
    said = _explicit(release, {"container_number": "CSQU2237190", "hold_type": "line"})
    assert "as a line hold" in said and "for a line" not in said, said
    place = _tool("place_hold", "Place a hold on a container.",
                  {"container_number": {"type": "string", "description": "Container number, e.g. 'CSQU3054383'."},
                   "hold_type": {"type": "string", "enum": _KINDS, "description": "Kind of hold: fumigation (pest "
                                 "treatment ordered), line (line operational hold)."}},
                  ["container_number", "hold_type"])
    said = _explicit(place, {"container_number": "CSQU8056028", "hold_type": "fumigation"})
    assert "as a fumigation hold" in said and "as fumigation" not in said.replace("as a fumigation", ""), said


def test_a_name_given_by_its_initials_is_said_by_them() -> None:
    from generator.phrasebook.terms import term

    def noun(name: str, description: str) -> str:
        return term(name, {"type": "string", "description": description}).noun

    assert noun("inn", "International non-proprietary name of the active substance, e.g. 'dapagliflozin'.") == "INN"
    assert noun("imo_number", "IMO ship identification number, 7 digits, e.g. '9839131'.") == "IMO number"
    assert noun("un_number", "UN number of the dangerous goods, e.g. 'UN1263'.") == "UN number"
    assert noun("us_state", "US state code.") == "US state code"  # two letters are no initials of "US state"


def test_a_day_said_by_the_time_filters_a_search_and_never_says_when_to_search() -> None:
    import random

    from generator.records import ArgPlan
    from generator.writers.phrasing.args import Arg, _hint_modifier
    from generator.writers.phrasing.clauses import ranges

    props = {"slot_date": {"type": "string", "format": "date", "description": "Appointment slot date, YYYY-MM-DD."}}
    search = _tool("search_truck_appointments", "Search truck appointments.", props, [])
    book = _tool("book_truck_appointment", "Book a truck appointment.", props, [])
    plan = ArgPlan(param="slot_date", value="2025-06-03", mode="hinted", source="time", hint="tomorrow")
    assert _hint_modifier(Arg("slot_date", "tomorrow", plan), search, random.Random(1)) == "for tomorrow"
    assert _hint_modifier(Arg("slot_date", "tomorrow", plan), book, random.Random(1)) == "tomorrow"
    assert ranges(["from? today"], reading=True) == ["from today"]  # "search runs from today"
    assert ranges(["from? today"]) == ["today"]  # "book a rental today"
    assert ranges(["from? today", "until? Friday"], reading=True) == ["from today", "until Friday"]


def test_a_code_its_description_glosses_is_said_by_the_gloss() -> None:
    tool = _tool("set_response_category", "Set the response category of an anomaly.",
                 {"anomaly_id": {"type": "string", "description": "Anomaly id, e.g. 'A-204518'."},
                  "basis": {"type": "string", "enum": ["fpr_le_1_1", "depth_gt_80", "engineering_judgement"],
                            "description": "Criterion that sets the category: fpr_le_1_1 (failure pressure at most "
                            "1.1 x MAOP), depth_gt_80 (metal loss deeper than 80 percent of wall), "
                            "engineering_judgement."}},
                 ["anomaly_id", "basis"])
    said = _explicit(tool, {"anomaly_id": "A-204518", "basis": "depth_gt_80"})
    assert "based on metal loss deeper than 80 percent of wall" in said and "gt" not in said.split(), said


def test_activities_and_dose_rates_are_said_in_their_units() -> None:
    tool = _tool("package_shipment", "Pack dispensed doses.",
                 {"surface_dose_rate_mrem_h": {"type": "number", "description": "Highest dose rate on the package "
                                               "surface, mrem/h."},
                  "eluate_activity_mci": {"type": "number", "description": "Activity of the eluate in mCi."}},
                 ["surface_dose_rate_mrem_h", "eluate_activity_mci"])
    said = _explicit(tool, {"surface_dose_rate_mrem_h": 15.7, "eluate_activity_mci": 933})
    assert "15.7 mrem/h" in said and "933 mCi" in said and "hours" not in said and "MCI" not in said, said


def _release() -> Tool:
    return _tool("release_detention", "Lift a detention. release_type: full (all grounds rectified), "
                 "conditional (released on conditions agreed with the flag state; give conditions).",
                 {"detention_id": {"type": "string", "description": "Detention id, e.g. 'DET-2025-0193'."},
                  "release_type": {"type": "string", "enum": ["full", "conditional"],
                                   "description": "Kind of release, see the tool description."},
                  "conditions": {"type": "string", "description": "Conditions of a conditional release, required "
                                 "then, e.g. 'Sail direct to Gdansk with class surveyor on board, no cargo'."}},
                 ["detention_id", "release_type"])


def test_a_release_kind_an_hours_count_a_reply_window_and_a_clause_are_said_plainly() -> None:
    said = _explicit(_release(), {"detention_id": "DET-2025-0115", "release_type": "conditional",
                                  "conditions": "Sail direct to Gdansk with class surveyor on board, no cargo"})
    assert "as a conditional release" in said, said
    assert 'with the conditions "Sail direct to Gdansk with class surveyor on board, no cargo"' in said, said
    invoice = _tool("invoice_detention_costs", "Raise the invoice for the follow-up inspections.",
                    {"detention_id": {"type": "string", "description": "Detention id, e.g. 'DET-2025-0193'."},
                     "inspector_hours": {"type": "number", "description": "Officer hours spent on re-inspections."},
                     "reply_within_hours": {"type": "integer", "minimum": 24, "maximum": 168,
                                            "description": "Hours the flag state is given to reply, 24 to 168."},
                     "deficiency_ids": {"type": "array", "items": {"type": "string"}, "description":
                                        "The detainable deficiencies of this inspection, e.g. ['DEF-0048173']."}},
                    ["detention_id"])
    said = _explicit(invoice, {"detention_id": "DET-2025-6048", "inspector_hours": 6, "reply_within_hours": 88,
                               "deficiency_ids": ["DEF-6935633", "DEF-9002896"]})
    assert "6 officer hours" in said and "a reply within 88 hours" in said, said
    from generator.core.semantic import infer

    assert infer("reply_within_hours", invoice.properties["reply_within_hours"]) == "duration_hours"
    assert "detainable deficiencies DEF-6935633" in said and "inspections" not in said, said


def test_an_id_named_by_its_role_and_a_kind_named_type_are_said_by_their_names() -> None:
    manifest = _tool("create_manifest", "Start a manifest.",
                     {"generator_epa_id": {"type": "string", "description": "EPA ID of the generator shipping the "
                                           "waste, e.g. 'TXD987654321'."},
                      "designated_facility_epa_id": {"type": "string", "description": "EPA ID of the TSDF receiving the "
                                                     "waste, e.g. 'LAD000777201'."}},
                     ["generator_epa_id", "designated_facility_epa_id"])
    said = _explicit(manifest, {"generator_epa_id": "TXD604876475", "designated_facility_epa_id": "LAD593877840"})
    assert "designated facility LAD593877840" in said and "EPA ID LAD" not in said, said
    report = _tool("report_discrepancy", "Record a discrepancy in item 18 of a manifest.",
                   {"line_number": {"type": "integer", "description": "Manifest line the discrepancy concerns."},
                    "discrepancy_type": {"type": "string", "enum": ["quantity", "type", "residue"],
                                         "description": "quantity: amount differs; type: the waste is not what the line "
                                         "describes; residue: an empty container holds residue."}},
                   ["line_number", "discrepancy_type"])
    said = _explicit(report, {"line_number": 4, "discrepancy_type": "type"})
    assert "as a type discrepancy" in said, said


def test_nuclides_are_written_as_written_and_an_end_of_an_act_is_no_bound() -> None:
    from generator.phrasebook.lexicon import nuclide

    assert [nuclide(w) for w in ("tc99m", "mo99", "f18", "i131", "co2", "n95", "pm25")] == \
        ["Tc-99m", "Mo-99", "F-18", "I-131", None, None, None]
    elution = _tool("record_generator_elution", "Log an elution of a generator.",
                    {"elution_time": {"type": "string", "format": "date-time", "description": "End of elution, local "
                                      "time with offset, e.g. '2025-06-03T03:15:00-04:00'."},
                     "mo99_uci": {"type": "number", "description": "Mo-99 activity of the eluate in microcuries."},
                     "eluate_activity_mci": {"type": "number", "description": "Tc-99m activity of the eluate in mCi."},
                     "radiopharmaceutical": {"type": "string", "enum": ["tc99m_mertiatide", "f18_fdg"]}},
                    ["elution_time", "mo99_uci", "radiopharmaceutical", "eluate_activity_mci"])
    said = _explicit(elution, {"elution_time": "2025-06-02T14:00:00-04:00", "mo99_uci": 112, "eluate_activity_mci": 933,
                               "radiopharmaceutical": "tc99m_mertiatide"})
    assert "Mo-99" in said and "Tc-99m mertiatide" in said and "until" not in said, said
    assert "933 mCi" in said and not _refused(elution, {"elution_time": "2025-06-02T14:00:00-04:00", "mo99_uci": 112,
                                                        "eluate_activity_mci": 933,
                                                        "radiopharmaceutical": "tc99m_mertiatide"}, said), said


def test_a_date_by_which_a_thing_must_be_done_and_a_name_with_its_capital() -> None:
    tool = _tool("record_deficiency", "Record a deficiency found during an inspection.",
                 {"deficiency_code": {"type": "string", "description": "5-digit Paris MoU deficiency code, e.g. '07105'."},
                  "rectify_by": {"type": "string", "format": "date", "description": "Date by which the deficiency must "
                                 "be rectified, YYYY-MM-DD."}},
                 ["deficiency_code", "rectify_by"])
    said = _explicit(tool, {"deficiency_code": "07105", "rectify_by": "2025-06-12"})
    assert "to be rectified by June 12, 2025" in said and "Paris MoU" in said, said
    assert not _refused(tool, {"deficiency_code": "07105", "rectify_by": "2025-06-12"}, said), said


def test_a_reason_of_a_thing_done_to_or_left_unused_is_a_clause() -> None:
    from generator.phrasebook.terms import _reason_clause

    assert _reason_clause("wrong dose sent") == "because the wrong dose was sent"
    assert _reason_clause("unused rescheduled") == "because it was unused (rescheduled)"
    assert _reason_clause("shipper cancelled") == "because the shipper cancelled"


def test_a_yes_no_flag_named_by_its_condition_is_no_country() -> None:
    from generator.core.semantic import infer

    assert infer("ground_for_detention_flag", {"type": "string"}) != "country"
    assert infer("deleted_flag", {"type": "string"}) != "country"
    assert infer("vessel_flag", {"type": "string"}) == "country" and infer("flag_state", {"type": "string"}) == "country"


def test_an_id_is_never_told_apart_from_a_flag_that_names_its_thing() -> None:
    tool = _tool("schedule_pickup", "Book a pickup of waste at a generator's site.",
                 {"generator_epa_id": {"type": "string", "description": "EPA ID of the generator, e.g. 'TXD987654321'."},
                  "liftgate_required": {"type": "boolean", "default": False, "description": "The generator has no dock, "
                                        "so the truck needs a liftgate."}},
                 ["generator_epa_id"])
    said = _explicit(tool, {"generator_epa_id": "TXD604876475"})
    assert "generator TXD604876475" in said and "epa TXD" not in said.lower(), said


def test_the_checks_accept_one_as_a_pronoun_and_a_noun_under_another_determiner() -> None:
    from generator.core.surface import mentions
    from generator.core.textquality import grammar

    assert grammar("Tell me what one costs on the marketplace.") == []
    assert grammar("I need one tickets for the show.")  # a determiner before a plural stays caught
    from pathlib import Path

    from generator.readers import read_catalogs

    tools = read_catalogs([Path(__file__).parents[1] / "examples" / "catalog.json"])
    log = next(t for t in tools if t.name == "Fitpulse_log_workout")  # the bundled catalog says swimming "a swim"
    assert mentions("my 30-minute swim should go in my log", "swimming", "activity", log)
    assert not mentions("I want to go running today", "swimming", "activity", log)
