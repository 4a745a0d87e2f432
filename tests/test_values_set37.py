"""Values and rules the set-37 session fixed (a container terminal, a pharmacovigilance desk and a
pipeline group read in set 36; a port state control office, a hazardous waste manifest desk and a
nuclear pharmacy in set 37): a reference whose examples are tied to a kind takes its call's
kind's form; an "only" flag false is left out; names asked in capitals; a fatal outcome lists
death, and an onset and a death have happened, in order; local times with offset keep the
catalog's offset; "not in the past", "at most one year after today", "X is required for a and b",
"give X" in a value's gloss; a phone drawn from its example is a phone."""

from __future__ import annotations

import json
import random
import re

from generator.core import lore
from generator.core.values import sample_arguments
from generator.records import Tool

_KINDS = ["customs_cbp", "usda", "fumigation", "freight", "line", "terminal"]


def _tool(name: str, description: str, props: dict, required: list[str]) -> Tool:
    return lore.annotate([Tool(name=name, app="ops", api=name, domain="holds_set37", description=description,
                               parameters={"type": "object", "properties": props, "required": required})])[0]


def _release() -> Tool:
    return _tool("release_hold", "Release an active hold on a container.",
                 {"hold_id": {"type": "string", "pattern": "^HLD-[0-9]{7}$", "description": "Hold id, e.g. 'HLD-0098123'."},
                  "hold_type": {"type": "string", "enum": _KINDS, "description": "Kind of hold."},
                  "release_reference": {"type": "string", "description": "Reference of the release document, e.g. "
                                        "'ABC-1234567-8' for CBP or 'REL-55190' for a line release."}},
                 ["hold_id", "hold_type", "release_reference"])


def _place() -> Tool:
    return _tool("place_hold", "Place a hold on a container.",
                 {"container": {"type": "string", "description": "Container number, e.g. 'CSQU3054383'."},
                  "hold_type": {"type": "string", "enum": _KINDS, "description": "Kind of hold."},
                  "reference": {"type": "string", "description": "Reference of the authority placing the hold. For "
                                "customs_cbp the CBP entry number (filer code, 7-digit number, check digit, e.g. "
                                "'ABC-1234567-8'); for usda the APHIS inspection number; otherwise the line's or "
                                "terminal's case number."}},
                 ["container", "hold_type", "reference"])


def _cbp(value: str) -> bool:
    return re.fullmatch(r"[A-Z]{3}-[0-9]{7}-[0-9]", value) is not None


def test_a_reference_takes_the_form_its_kind_is_given_and_never_another_kinds() -> None:
    rng = random.Random(3)
    seen = set()
    for _ in range(60):
        args = sample_arguments(_release(), rng)
        ref, kind = args["release_reference"], args["hold_type"]
        seen.add(kind)
        if kind == "customs_cbp":
            assert _cbp(ref), args
        elif kind == "line":
            assert ref.startswith("REL-"), args
        else:
            assert not _cbp(ref) and not ref.startswith("REL-"), args
    assert {"customs_cbp", "line"} <= seen
    for _ in range(60):
        args = sample_arguments(_place(), rng)
        ref, kind = args["reference"], args["hold_type"]
        assert _cbp(ref) == (kind == "customs_cbp"), args
        if kind == "usda":
            assert ref.startswith("APHIS-"), args


def test_an_only_flag_set_false_is_left_out() -> None:
    tool = _tool("search_stations", "Search test stations of a line.",
                 {"line_id": {"type": "string", "description": "Line id, e.g. 'L-2104'."},
                  "below_criterion": {"type": "boolean", "description": "True to return only stations that failed "
                                      "the criterion at the last survey."}},
                 ["line_id"])
    rng = random.Random(5)
    drawn = [sample_arguments(tool, rng).get("below_criterion") for _ in range(80)]
    assert False not in drawn and True in drawn, drawn


def test_a_name_asked_in_capitals_is_written_in_capitals() -> None:
    from generator.core.values import value_for

    schema = {"type": "string", "description": "Name, in capitals, of the person authorised to sign the VGM."}
    drawn = [value_for(schema, random.Random(i), name="authorized_signatory") for i in range(10)]
    assert all(d == d.upper() and any(c.isalpha() for c in d) for d in drawn), drawn
    plain = {"type": "string", "description": "Name of the person authorised to sign the VGM."}
    drawn = [value_for(plain, random.Random(i), name="authorized_signatory") for i in range(10)]
    assert any(d != d.upper() for d in drawn), drawn


def _event() -> Tool:
    return _tool("add_event", "Add an adverse event to a case. outcome fatal requires death in seriousness. "
                 "end_date must not be before onset_date.",
                 {"onset_date": {"type": "string", "format": "date", "description": "Date of onset, YYYY-MM-DD."},
                  "end_date": {"type": "string", "format": "date", "description": "Date the event resolved."},
                  "outcome": {"type": "string", "enum": ["recovered", "recovering", "fatal", "unknown"]},
                  "seriousness": {"type": "array", "items": {"type": "string", "enum": [
                      "death", "life_threatening", "hospitalization", "disability"]},
                      "description": "Seriousness criteria that apply."},
                  "date_of_death": {"type": "string", "format": "date", "description": "Date of death, "
                                    "YYYY-MM-DD. Required when outcome is fatal."}},
                 ["outcome"])


def test_a_fatal_outcome_lists_death_and_a_death_comes_after_the_onset() -> None:
    rng = random.Random(2)
    fatal = dated = 0
    for _ in range(150):
        args = sample_arguments(_event(), rng)
        if args["outcome"] == "fatal":
            fatal += 1
            assert "death" in (args.get("seriousness") or []), args
        if args.get("onset_date") and args.get("date_of_death"):
            dated += 1
            assert args["date_of_death"] >= args["onset_date"], args
        if args.get("onset_date") and args.get("end_date"):
            assert args["end_date"] >= args["onset_date"], args
    assert fatal >= 10 and dated >= 5, (fatal, dated)


def test_a_local_time_with_offset_is_written_with_the_catalogs_offset_never_utc() -> None:
    from generator.core.values import value_for

    own = {"type": "string", "format": "date-time", "description": "Planned administration time, local time with "
           "offset, e.g. '2025-06-03T09:30:00-04:00'."}
    assert all(value_for(own, random.Random(i), name="calibration_time").endswith("-04:00") for i in range(5))
    bare = {"type": "string", "format": "date-time", "description": "Time of reconstitution, local time with offset."}
    tools = [_tool("order_dose", "Order a dose.", {"calibration_time": own}, ["calibration_time"]),
             _tool("prepare_kit", "Record a kit preparation.", {"prepared_at": bare}, ["prepared_at"])]
    kit = lore.annotate(tools)[1]
    drawn = [sample_arguments(kit, random.Random(i))["prepared_at"] for i in range(5)]
    assert all(d.endswith("-04:00") for d in drawn), drawn
    utc = {"type": "string", "format": "date-time", "description": "Start time in UTC."}
    assert value_for(utc, random.Random(1), name="start").endswith("Z")


def test_a_release_gives_conditions_only_when_conditional_and_an_order_takes_effect_from_today() -> None:
    from tests.test_phrasing_set37 import _release

    rng = random.Random(4)
    for _ in range(40):
        args = sample_arguments(lore.annotate([_release()])[0], rng)
        assert ("conditions" in args) == (args["release_type"] == "conditional"), args
    refusal = _tool("issue_refusal_of_access", "Issue a refusal of access order. related_detention_id is required "
                    "for jumped_detention and failed_repair_yard.",
                    {"ground": {"type": "string", "enum": ["multiple_detentions", "jumped_detention",
                                                           "failed_repair_yard"]},
                     "related_detention_id": {"type": "string", "description": "The detention, e.g. 'DET-2025-0193'."},
                     "effective_from": {"type": "string", "format": "date", "description": "Date the order takes "
                                        "effect, YYYY-MM-DD; not in the past."}},
                    ["ground", "effective_from"])
    for _ in range(40):
        args = sample_arguments(refusal, rng)
        assert args["effective_from"] >= "2025-06-02", args  # the reference day
        assert ("related_detention_id" in args) == (args["ground"] != "multiple_detentions"), args


def test_a_phone_drawn_from_its_example_is_a_phone_and_an_approval_runs_at_most_a_year() -> None:
    from generator.core.value_sense import US_AREA_CODES

    tool = _tool("create_manifest", "Start a manifest.",
                 {"emergency_response_phone": {"type": "string", "description": "24-hour emergency response number, "
                                               "US format with area code, e.g. '800-424-9300' or '713-555-0142'."}},
                 ["emergency_response_phone"])
    rng = random.Random(7)
    for _ in range(30):
        phone = sample_arguments(tool, rng)["emergency_response_phone"]
        assert re.fullmatch(r"[2-9]\d\d-[2-9]\d\d-\d{4}", phone) and int(phone[:3]) in US_AREA_CODES, phone
    approve = _tool("approve_waste_profile", "Approve a pending waste profile. expiration_date may be at most one year "
                    "after today.", {"expiration_date": {"type": "string", "description": "Last day the approval is "
                                                         "valid, YYYY-MM-DD."}}, ["expiration_date"])
    drawn = [sample_arguments(approve, rng)["expiration_date"] for _ in range(30)]
    assert all("2025-06-02" <= d <= "2026-06-02" for d in drawn), drawn


def test_a_quantity_required_for_one_kind_goes_with_that_kind_alone() -> None:
    from generator.core import dependencies

    props = {"discrepancy_type": {"type": "string", "enum": ["quantity", "partial_rejection", "full_rejection"]},
             "rejected_quantity": {"type": "integer", "description": "Quantity rejected."}}
    rules = dependencies.rules("Record a discrepancy. rejected_quantity is required for partial_rejection and must be "
                               "less than the line's quantity.", props)
    assert ("needs", "rejected_quantity", ("discrepancy_type",), ("partial_rejection",)) in \
        {(r.kind, r.subject, r.others, r.values) for r in rules}, rules


def test_a_kind_a_rule_brings_in_still_gives_the_reference_its_form() -> None:
    release = _tool("release_hold", "Release an active hold on a container.",
                    {"container_number": {"type": "string", "description": "Container number, e.g. 'CSQU3054383'."},
                     "hold_type": {"type": "string", "enum": _KINDS, "description": "Kind of hold. Required with "
                                   "container_number."},
                     "release_reference": {"type": "string", "description": "Reference of the release document, e.g. "
                                           "'ABC-1234567-8' for CBP or 'REL-55190' for a line release."}},
                    ["container_number", "release_reference"])
    rng = random.Random(11)
    for _ in range(60):
        args = sample_arguments(release, rng)
        if args.get("hold_type") == "line":
            assert args["release_reference"].startswith("REL-"), args
        elif args.get("hold_type") == "customs_cbp":
            assert _cbp(args["release_reference"]), args


def test_a_death_a_rule_brings_in_comes_after_the_onset_in_a_real_catalog() -> None:
    """The pharmacovigilance desk's add_event (benchmarks/reading/catalogs): a death a rule adds, an
    onset and a death both moved back from the future, keep their order."""
    tool = lore.annotate([Tool(name="add_event", app="pv", api="add_event", domain="pv_set37", description=_ADD_EVENT,
                               parameters={"type": "object", "properties": _ADD_EVENT_PROPS,
                                           "required": _ADD_EVENT_REQUIRED})])[0]
    rng = random.Random(0)
    for _ in range(300):
        args = sample_arguments(tool, rng)
        for later in ("end_date", "date_of_death"):
            assert not (args.get("onset_date") and args.get(later) and args[later] < args["onset_date"]), args
        assert args.get("onset_date", "") <= "2025-06-02" and args.get("date_of_death", "") <= "2025-06-02", args


_ADD_EVENT = (              "Add a coded adverse event to a case. Events are coded at MedDRA Lowest Level Term; the PT and SOC ar"
              "e derived. seriousness lists every ICH E2A criterion that applies (empty list for non-serious). deat"
              "h in seriousness requires outcome fatal and date_of_death, and outcome fatal requires death in serio"
              "usness. end_date must not be before onset_date. Returns the event_id.")
_ADD_EVENT_PROPS = json.loads('{"case_id": {"type": "string", "pattern": "^PV[0-9]{2}-[0-9]{6}$", "description": "Internal safety case id, \'PV\', two-digit year of receipt, dash, 6 digits, e.g. \'PV24-004512\'."}, "meddra_llt_code": {"type": "string", "pattern": "^10[0-9]{6}$", "description": "MedDRA Lowest Level Term code, 8 digits starting with 10, e.g. \'10019211\'."}, "verbatim": {"type": "string", "description": "Reported term as given by the reporter, e.g. \'pounding headache\'."}, "onset_date": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}(-[0-9]{2})?$", "description": "Date of onset, YYYY-MM-DD, or YYYY-MM when only the month is known."}, "end_date": {"type": "string", "format": "date", "description": "Date the event resolved, YYYY-MM-DD. Only with outcome recovered or recovered_with_sequelae."}, "outcome": {"type": "string", "enum": ["recovered", "recovering", "not_recovered", "recovered_with_sequelae", "fatal", "unknown"], "description": "Outcome at the time of the last information."}, "seriousness": {"type": "array", "items": {"type": "string", "enum": ["death", "life_threatening", "hospitalization", "disability", "congenital_anomaly", "other_medically_important"]}, "default": [], "description": "ICH E2A seriousness criteria that apply: death, life_threatening (at immediate risk of death at the time of the event), hospitalization (initial or prolonged), disability (persistent or significant incapacity), congenital_anomaly, other_medically_important."}, "date_of_death": {"type": "string", "format": "date", "description": "Date of death, YYYY-MM-DD. Required when outcome is fatal."}}')
_ADD_EVENT_REQUIRED = ['case_id', 'meddra_llt_code', 'verbatim', 'outcome']


def test_an_id_carries_its_call_s_state_and_a_placeholder_example_is_never_a_value() -> None:
    from generator.core.values import _placeholder, value_for

    search = _tool("search_handlers", "Search handler sites. Give epa_id, or a name (add state to narrow it down).",
                   {"epa_id": {"type": "string", "description": "EPA identification number of the site, 12 characters: "
                               "the two-letter state code, one letter and 9 digits, e.g. 'TXD987654321' or "
                               "'OHR000123456'."},
                    "name": {"type": "string", "description": "Site name, e.g. 'Gulf Coast Plating'."},
                    "state": {"type": "string", "enum": ["TX", "LA", "OH"], "description": "Two-letter US state code."}},
                   [])
    rng = random.Random(3)
    for _ in range(40):
        args = sample_arguments(search, rng)
        if "epa_id" in args and "state" in args:
            assert args["epa_id"][:2] == args["state"], args
    ruled = _tool("get_handler", "Get a handler's site record.",
                  {"epa_id": search.properties["epa_id"],
                   "state": {"type": "string", "enum": ["TX", "LA", "OH"], "description": "Two-letter US state code "
                             "of the site. Required with epa_id."}}, ["epa_id"])
    for _ in range(40):  # the state a rule brings in
        args = sample_arguments(ruled, rng)
        assert args["epa_id"][:2] == args.get("state", args["epa_id"][:2]), args
    assert _placeholder("012345678ELC") and _placeholder("TXD987654321") and not _placeholder("TXR000081205")
    tracking = {"type": "string", "description": "Manifest tracking number, 9 digits and 3 letters, e.g. '012345678ELC'."}
    assert all(value_for(tracking, random.Random(i), name="manifest_tracking_number") != "012345678ELC"
               for i in range(200))


def test_a_way_listed_with_an_aside_or_or_both_is_one_of_the_ways() -> None:
    from generator.core import dependencies

    props = {"imo_number": {"type": "string"}, "ship_name": {"type": "string"}, "flag_state": {"type": "string"},
             "call_sign": {"type": "string"}, "ship_type": {"type": "string"}, "port_locode": {"type": "string"}}
    ships = dependencies.rules("Search the register. Give the IMO number, or the ship name (optionally with the flag "
                               "state), or the call sign.", props)
    assert ("any_of", "imo_number", ("ship_name", "call_sign")) in {(r.kind, r.subject, r.others) for r in ships}
    both = dependencies.rules("Search inspections. Give imo_number or port_locode, or both.", props)
    assert ("any_of", "imo_number", ("port_locode",)) in {(r.kind, r.subject, r.others) for r in both}


def test_words_beside_quoted_examples_are_no_examples() -> None:
    from generator.core import allowed

    said = allowed.read("Patient identifier as the account wants it on the label, e.g. 'MRN 00482913' or initials and "
                        "birth date 'J.K. 1958-03-14'. Leave out for a stock dose.")
    assert said.examples == ("MRN 00482913", "J.K. 1958-03-14"), said
    assert allowed.read("Payment method, e.g. card, cash or cheque.").examples == ("card", "cash", "cheque")


def test_a_quoted_aside_after_an_example_is_no_example() -> None:
    from generator.core import allowed
    from generator.core.values import value_for

    schema = {"type": "string", "description": "Manifest tracking number, 9 digits followed by 3 letters, e.g. "
              "'012345678ELC' ('ELC' for manifests created electronically)."}
    assert allowed.read(schema["description"]).examples == ("012345678ELC",)
    assert all(re.fullmatch(r"\d{9}ELC", value_for(schema, random.Random(i), name="manifest_tracking_number"))
               for i in range(30))
