"""Phrasing the set-36 session fixed (a container terminal, a pharmacovigilance desk, a gas
pipeline integrity group): a flag said by the clause of its "True when ...", two results of one
word told apart by their names, a measured "maximum depth" said as a depth, a range said once,
names and codes cased as written, a signatory signing, never "called"."""

from __future__ import annotations

from generator.core.plan import plan_explicit
from generator.core.surface import written_cased
from generator.phrasebook.fragments import enum_words
from generator.phrasebook.intent import from_name_words
from generator.phrasebook.terms import term
from generator.records import Target, Tool, ToolCall
from generator.validators import run_all
from generator.writers.base import WriteRequest
from tests.test_phrasing_set34 import _explicit


def _tool(name: str, description: str, props: dict, required: list[str]) -> Tool:
    return Tool(name=name, app="ops", api=name, domain="pipe_set36", description=description,
                parameters={"type": "object", "properties": props, "required": required})


def _refused(tool: Tool, args: dict, text: str) -> list[str]:
    target = Target(id="x", kind="single", calls=[ToolCall(tool=tool.name, arguments=args)], offered=[tool.name],
                    domain=tool.domain)
    req = WriteRequest(target=target, plan=plan_explicit(target, tools={tool.name: tool}), tools=[tool], n=1)
    return [v.reason for v in run_all(req, [text]) if not v.ok]


def _dig() -> Tool:
    return _tool("record_dig_findings", "Record what was found at one anomaly in a dig.",
                 {"dig_id": {"type": "string", "description": "Dig id, e.g. 'DIG-24-0031'."},
                  "found": {"type": "boolean", "description": "True when the anomaly was located at the expected "
                            "position."},
                  "soil_ph": {"type": "number", "minimum": 2, "maximum": 12, "description": "Soil pH at the pipe."}},
                 ["dig_id", "found"])


def test_a_flag_true_when_a_thing_was_so_is_said_by_that_clause_and_read_back() -> None:
    tool = _dig()
    for value, said in ((True, "with the anomaly located at the expected position"),
                        (False, "with the anomaly not located at the expected position")):
        args = {"dig_id": "DIG-24-6048", "found": value, "soil_ph": 7.5}
        text = _explicit(tool, args)
        assert said in text and "found" not in text, text
        assert not _refused(tool, args, text), (text, _refused(tool, args, text))


def test_a_filter_true_to_return_only_some_is_said_by_what_it_keeps() -> None:
    tool = _tool("search_anomalies", "Search anomalies reported by inspection runs.",
                 {"segment_id": {"type": "string", "description": "Segment id, e.g. 'L-2104-S017'."},
                  "not_excavated": {"type": "boolean", "default": False,
                                    "description": "True to return only anomalies not yet dug up."}}, ["segment_id"])
    text = _explicit(tool, {"segment_id": "L-2553-S733", "not_excavated": True})
    assert "limited to anomalies not yet dug up" in text and "excavated" not in text, text


def _causality() -> Tool:
    return _tool("assess_causality", "Record a causality assessment for one drug-event pair.",
                 {"case_id": {"type": "string", "description": "Safety case id, e.g. 'PV24-004512'."},
                  "result": {"type": "string", "enum": ["possible", "unlikely"], "description": "Causality result."},
                  "dechallenge": {"type": "string", "enum": ["positive", "negative", "unknown"],
                                  "description": "Result of stopping or reducing the drug."},
                  "rechallenge": {"type": "string", "enum": ["positive", "negative", "unknown"],
                                  "description": "Result of re-introducing the drug."}}, ["case_id"])


def test_two_results_of_one_word_are_told_apart_by_their_names() -> None:
    tool = _causality()
    for de, re_ in (("negative", "positive"), ("unknown", "unknown")):
        args = {"case_id": "PV25-011524", "result": "possible", "dechallenge": de, "rechallenge": re_}
        text = _explicit(tool, args)
        assert "dechallenge result" in text and "rechallenge result" in text, text
        assert not _refused(tool, args, text), (text, _refused(tool, args, text))


def test_a_measured_maximum_is_no_bound_outside_a_search() -> None:
    calc = _tool("calculate_failure_pressure", "Calculate the predicted burst pressure of a metal loss anomaly.",
                 {"anomaly_id": {"type": "string", "description": "Anomaly id, e.g. 'A-004217'."},
                  "depth_pct": {"type": "number", "minimum": 0, "maximum": 80,
                                "description": "Maximum depth as percent of nominal wall, 0 to 80."}}, ["anomaly_id"])
    text = _explicit(calc, {"anomaly_id": "A-451010", "depth_pct": 27})
    assert "27 percent" in text and "at most" not in text, text
    search = _tool("search_anomalies", "Search anomalies.",
                   {"run_id": {"type": "string", "description": "Run id, e.g. 'ILI-24-017'."},
                    "max_depth_pct": {"type": "number", "description": "Maximum depth of the anomalies to return, "
                                      "percent of wall."}},
                   ["run_id"])
    assert "at most 40" in _explicit(search, {"run_id": "ILI-24-017", "max_depth_pct": 40})


def test_a_range_of_two_numbers_is_said_once_from_one_to_the_other() -> None:
    tool = _tool("search_segments", "Search pipeline segments.",
                 {"line_id": {"type": "string", "description": "Pipeline id, e.g. 'L-2104'."},
                  "milepost_from": {"type": "number", "description": "Start milepost, in miles from the origin."},
                  "milepost_to": {"type": "number", "description": "End milepost, greater than milepost_from."}},
                 ["line_id"])
    args = {"line_id": "L-2024", "milepost_from": 37.4, "milepost_to": 38}
    text = _explicit(tool, args)
    assert "from milepost 37.4 to 38" in text and "start milepost" not in text, text
    assert not _refused(tool, args, text), (text, _refused(tool, args, text))


def test_names_and_codes_keep_the_case_they_are_written_in() -> None:
    assert written_cased("Baker_Hughes") == "Baker Hughes"
    assert written_cased("EU_SmPC") == "EU SmPC"
    assert written_cased("WHO_UMC") == "WHO UMC"
    assert written_cased("RSTRENG_effective_area") == "RSTRENG effective area"
    assert written_cased("inStock") is None and written_cased("IN_PROGRESS") is None  # words, no names
    assert enum_words("B31G_original", "method", {"enum": ["B31G_original", "modified_B31G"]}) == "B31G original"
    assert enum_words("modified_B31G", "method", {"enum": ["B31G_original", "modified_B31G"]}) == "modified B31G"
    assert enum_words("F1_minus80", "slot", {"enum": ["F1_minus80", "F2_minus20"]}) == "F1_minus80"
    tool = _tool("run_signal", "Compute a disproportionality statistic.",
                 {"product_code": {"type": "string", "description": "Product code, e.g. 'HT-1042'."},
                  "database": {"type": "string", "enum": ["company", "VigiBase", "FAERS"], "description": "Source."}},
                 ["product_code", "database"])
    args = {"product_code": "HT-4506", "database": "VigiBase"}
    text = _explicit(tool, args)
    assert "VigiBase" in text, text
    assert not _refused(tool, args, text), (text, _refused(tool, args, text))


def test_a_noun_is_never_read_out_of_a_clause_a_unit_or_a_writing_rule() -> None:
    assert term("initial_receipt_date", {"type": "string", "format": "date", "description":
                "Date anyone in the company first received the minimum information."}).noun == "initial receipt date"
    assert term("reference", {"type": "string", "description": "Reference of the authority placing the hold."}) \
        .noun == "authority reference"
    assert term("dose_value", {"type": "number", "description": "Amount per administration, e.g. 10."}).unit == ""
    assert term("on_potential_mv", {"type": "integer", "description": "Pipe-to-soil potential, e.g. -1180."}) \
        .unit == "millivolts"
    tool = _tool("update_vgm", "Record the verified gross mass of a packed container.",
                 {"container_number": {"type": "string", "description": "Container number, e.g. 'CSQU3054383'."},
                  "authorized_signatory": {"type": "string", "description": "Name, in capitals, of the person "
                                           "authorised by the shipper to sign, e.g. 'J. MORALES'."}},
                 ["container_number", "authorized_signatory"])
    text = _explicit(tool, {"container_number": "CSQU2058759", "authorized_signatory": "J. MORALES"})
    assert "authorized signatory J. MORALES" in text and "called" not in text and "capitals" not in text, text


def test_an_ask_to_clause_never_ends_on_its_preposition_and_a_run_is_no_flag() -> None:
    move = _tool("request_yard_move", "Ask the yard to move a container to another block or slot.",
                 {"container_number": {"type": "string", "description": "Container number, e.g. 'CSQU3054383'."},
                  "to_block": {"type": "string", "description": "Destination yard block, e.g. 'C07'."}},
                 ["container_number"])
    text = _explicit(move, {"container_number": "CSQU8056028", "to_block": "R03"})
    assert " to to " not in text and "to R03" in text, text
    run = _tool("schedule_ili_run", "Schedule an in-line inspection run between a launcher and a receiver trap.",
                {"line_id": {"type": "string", "description": "Pipeline id, e.g. 'L-2104'."},
                 "gauge_run": {"type": "boolean", "default": True, "description": "Run a gauge plate pig first."}},
                ["line_id"])
    text = _explicit(run, {"line_id": "L-4861"})
    assert "schedule an in-line inspection run" in text, text
    named = _tool("schedule_ili_run", "Runs are planned by the integrity group.", {}, [])
    assert from_name_words(named) == "schedule the ILI run"  # no words it abbreviates: in capitals
    assert from_name_words(_tool("book_ndt_scan", "A non-destructive testing scan of a weld.", {}, [])) \
        == "book the non-destructive testing scan"


def test_a_flag_whose_clause_names_a_level_restates_no_level_left_out() -> None:
    tool = _tool("search_meddra_terms", "Look up MedDRA terms by words.",
                 {"text": {"type": "string", "description": "Words to search, e.g. 'hives'."},
                  "level": {"type": "string", "enum": ["LLT", "PT", "SOC"], "default": "LLT",
                            "description": "Hierarchy level to return."},
                  "include_non_current": {"type": "boolean", "default": False,
                                          "description": "Also return LLTs flagged non-current."}}, ["text"])
    args = {"text": "hives", "level": "LLT", "include_non_current": True}
    text = _explicit(tool, args)
    assert "LLTs flagged non-current" in text, text
    assert not _refused(tool, args, text), (text, _refused(tool, args, text))


def test_a_reason_that_denies_is_a_clause_and_a_dictionary_is_searched_for_a_name() -> None:
    nullify = _tool("nullify_case", "Nullify a case.",
                    {"case_id": {"type": "string", "description": "Case id, e.g. 'PV24-004512'."},
                     "reason": {"type": "string", "enum": ["duplicate", "not_valid", "not_an_adverse_event"],
                                "description": "Why the case is nullified."}}, ["case_id", "reason"])
    for value, said in (("not_an_adverse_event", "because it is not an adverse event"),
                        ("not_valid", "because it is not valid")):
        args = {"case_id": "PV25-588514", "reason": value}
        text = _explicit(nullify, args)
        assert said in text, text
        assert not _refused(nullify, args, text), (text, _refused(nullify, args, text))
    search = _tool("search_products", "Search the company's product dictionary.",
                   {"name": {"type": "string", "description": "Trade name, e.g. 'Ventrelo'."}}, ["name"])
    text = _explicit(search, {"name": "Ventrelo"})
    assert "for Ventrelo" in text and "called" not in text, text


def test_a_term_named_in_capitals_is_the_noun_whole() -> None:
    said = term("meddra_pt_code", {"type": "string", "description": "MedDRA Preferred Term code, 8 digits starting "
                                   "with 10, e.g. '10019211' (Headache)."}).noun
    assert said == "MedDRA Preferred Term code", said  # never "meddra", nor a clause from "Preferred"
