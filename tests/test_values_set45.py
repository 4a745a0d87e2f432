"""Values fixed in set 45 (plasma collection center, organ procurement, coal mine safety): a tool's
list of limits keeps each reading inside its band (vitals that would defer every donor); one
limit a sentence binds ("Oxygen must be at least 19.5 %", "1.0 % or more stops work") does too;
"not needed for virtual" is a parameter the value goes without, never one it needs."""

from __future__ import annotations

import random

from generator.core import dependencies
from generator.core.values import sample_arguments
from generator.records import Tool

VITALS = Tool(
    name="record_screening_vitals", app="center", api="record_screening_vitals", domain="set45a",
    description="Record the screening vitals of an open visit. Acceptance limits: weight at least 110 lb; temperature "
                "no higher than 99.5 F; systolic 90-180 mmHg and diastolic 50-100 mmHg; pulse 50-100 beats per minute.",
    parameters={"type": "object", "required": ["weight_lb", "temperature_f", "systolic_mmhg", "diastolic_mmhg", "pulse_bpm"],
                "properties": {
                    "weight_lb": {"type": "integer", "minimum": 80, "maximum": 450, "description": "Weight in pounds."},
                    "temperature_f": {"type": "number", "minimum": 94.0, "maximum": 104.0, "description": "Oral temperature."},
                    "systolic_mmhg": {"type": "integer", "minimum": 60, "maximum": 240, "description": "Systolic pressure."},
                    "diastolic_mmhg": {"type": "integer", "minimum": 30, "maximum": 140, "description": "Diastolic pressure."},
                    "pulse_bpm": {"type": "integer", "minimum": 30, "maximum": 180, "description": "Pulse."}}})
GAS = Tool(
    name="record_gas_reading", app="mine", api="record_gas_reading", domain="set45c",
    description="Record a gas reading. Methane at a working place: 1.0 % or more stops work except ventilation changes. "
                "Oxygen must be at least 19.5 % where miners work or travel.",
    parameters={"type": "object", "required": ["methane_percent", "oxygen_percent"], "properties": {
        "methane_percent": {"type": "number", "minimum": 0, "maximum": 100, "description": "Methane in percent."},
        "oxygen_percent": {"type": "number", "minimum": 0, "maximum": 21.5, "description": "Oxygen in percent."}}})


def test_a_tools_list_of_limits_keeps_every_reading_inside_it() -> None:
    rng = random.Random(45)
    for _ in range(30):
        args = sample_arguments(VITALS, rng)
        assert 110 <= args["weight_lb"] <= 280 and 96.8 <= args["temperature_f"] <= 99.5, args  # a one-sided
        # limit keeps the half of the span next to it
        assert 90 <= args["systolic_mmhg"] <= 180 and 50 <= args["diastolic_mmhg"] <= 100, args
        assert 50 <= args["pulse_bpm"] <= 100, args
    one = VITALS.model_copy(update={"description": "Record vitals. Weight at least 110 lb."})
    assert not [r for r in dependencies.rules(one.description, one.properties) if r.kind == "in_ranges"], \
        "one limit with no word of limits and no must binds nothing"


def test_one_limit_a_sentence_binds_keeps_its_reading() -> None:
    rng = random.Random(46)
    for _ in range(30):
        args = sample_arguments(GAS, rng)
        assert args["methane_percent"] < 1.0 and args["oxygen_percent"] >= 19.5, args


def test_a_parameter_not_needed_for_a_value_goes_without_it() -> None:
    props = {"crossmatch_type": {"type": "string", "enum": ["virtual", "flow_cytometry", "cdc"], "description": "Kind."},
             "specimen": {"type": "string", "enum": ["peripheral_blood", "lymph_nodes"],
                          "description": "Donor specimen sent; not needed for virtual."}}
    found = [r for r in dependencies.rules("Send donor specimens to the HLA lab.", props) if r.subject == "specimen"]
    assert [(r.kind, r.values) for r in found] == [("only", ("flow_cytometry", "cdc"))], found


def test_an_id_opens_with_the_code_its_models_gloss_gives() -> None:
    run = Tool(name="start_run", app="center", api="start_run", domain="set45a", description="Start a run on a device.",
               parameters={"type": "object", "required": ["device_serial", "device_model"], "properties": {
                   "device_serial": {"type": "string", "pattern": "^(AXI|PCS|NXS)-[0-9]{5}$", "description": "Serial."},
                   "device_model": {"type": "string", "enum": ["aurora_xi", "pcs2", "nexsys_pcs"],
                                    "description": "Device model; must match the serial prefix (AXI = Aurora Xi, "
                                                   "PCS = PCS2, NXS = NexSys PCS)."}}})
    code = {"aurora_xi": "AXI", "pcs2": "PCS", "nexsys_pcs": "NXS"}
    rng = random.Random(47)
    for _ in range(20):
        args = sample_arguments(run, rng)
        assert args["device_serial"].startswith(code[args["device_model"]]), args


def test_a_deadline_falls_inside_the_span_its_priority_names() -> None:
    from datetime import datetime

    assign = Tool(name="assign_corrective_action", app="mine", api="assign_corrective_action", domain="set45c",
                  description="Assign the correction of a hazard with a due date.",
                  parameters={"type": "object", "required": ["priority", "due_at"], "properties": {
                      "priority": {"type": "string", "enum": ["immediate", "this_shift", "within_24_hours", "within_7_days"],
                                   "description": "Urgency."},
                      "due_at": {"type": "string", "format": "date-time",
                                 "description": "Deadline, ISO 8601 with offset, e.g. '2025-03-14T05:20:00-05:00'."}}})
    hours = {"immediate": 1, "this_shift": 8, "within_24_hours": 24, "within_7_days": 168}
    ref = datetime(2025, 6, 2, 9, 0)
    rng = random.Random(48)
    for _ in range(20):
        args = sample_arguments(assign, rng, ref=ref)
        due = datetime.fromisoformat(args["due_at"]).replace(tzinfo=None)
        assert ref <= due and (due - ref).total_seconds() <= hours[args["priority"]] * 3600, args


def test_a_details_line_written_for_one_reason_is_never_the_details_of_another() -> None:
    hold = Tool(name="place_inventory_hold", app="center", api="place_inventory_hold", domain="set45a",
                description="Place units on hold after a freezer temperature excursion (above -20 C) or a labelling error.",
                parameters={"type": "object", "required": ["hold_reason"], "properties": {
                    "hold_reason": {"type": "string", "enum": ["lookback", "temperature_excursion", "labeling_error"],
                                    "description": "Why the units are held."},
                    "details": {"type": "string", "description": "Short description, e.g. 'FRZ-02 alarm, -14 C for 3 h'."}}})
    rng = random.Random(49)
    seen = [sample_arguments(hold, rng, optional_rate=1.0) for _ in range(30)]
    assert not [a for a in seen if a["hold_reason"] != "temperature_excursion" and "FRZ-02" in str(a.get("details"))], seen


def test_a_search_of_things_found_opens_by_the_calls_day_and_a_company_person_is_a_person() -> None:
    from datetime import datetime

    from generator.core import semantic

    search = Tool(name="search_hazards", app="mine", api="search_hazards", domain="set45c", description="Search the hazard log.",
                  parameters={"type": "object", "required": ["found_from"], "properties": {
                      "found_from": {"type": "string", "format": "date", "description": "Earliest date found, YYYY-MM-DD."}}})
    ref = datetime(2025, 6, 2, 9, 0)
    rng = random.Random(50)
    for _ in range(20):
        assert sample_arguments(search, rng, ref=ref)["found_from"] <= "2025-06-02"
    assert semantic.infer("escort_name", {"type": "string", "description": "Company person escorting the inspector."}) == "person"
    from generator.phrasebook import terms

    escort = terms.term("escort_name", {"type": "string", "description": "Company person escorting the inspector."})
    assert escort.noun == "escort", escort  # never "company person Joseph Gallegos"


def test_the_times_of_a_call_for_a_shift_fall_in_that_shift() -> None:
    from datetime import datetime

    exam = Tool(name="record_examination", app="mine", api="record_examination", domain="set45c",
                description="Record a completed examination.",
                parameters={"type": "object", "required": ["shift", "started_at"], "properties": {
                    "shift": {"type": "string", "enum": ["day", "evening", "owl"], "description": "Shift (owl = midnight shift)."},
                    "started_at": {"type": "string", "format": "date-time",
                                   "description": "Start, ISO 8601 with offset, e.g. '2025-03-14T05:20:00-05:00'."}}})
    opens = {"day": 7, "evening": 15, "owl": 23}
    rng = random.Random(51)
    for _ in range(30):
        args = sample_arguments(exam, rng, ref=datetime(2025, 6, 2, 9, 0))
        hour = datetime.fromisoformat(args["started_at"]).hour
        assert (hour - opens[args["shift"]]) % 24 < 8, args


def test_a_parameter_said_for_one_value_goes_with_that_value_only() -> None:
    props = {"end_status": {"type": "string", "enum": ["completed", "aborted_device_error"], "description": "How it ended."},
             "device_error_code": {"type": "string", "description": "Alarm code shown when end_status is 'aborted_device_error'."},
             "pathway": {"type": "string", "enum": ["dbd", "dcd"], "description": "Pathway."},
             "planned_withdrawal_at": {"type": "string", "description": "Planned withdrawal, dcd only, ISO 8601 with offset."}}
    found = {(r.kind, r.subject, r.values) for r in dependencies.rules("Close a run.", props)}
    assert ("needs", "device_error_code", ("aborted_device_error",)) in found, found
    assert ("only", "planned_withdrawal_at", ("dcd",)) in found, found


def test_a_moment_said_minutes_after_another_comes_after_it() -> None:
    from generator.core import constraints

    props = {"linehaul_rate_usd": {"type": "number", "description": "Agreed rate, before fuel surcharge, 200 to 15000."},
             "fuel_surcharge_usd": {"type": "number", "description": "Fuel surcharge in USD."},
             "asystole_at": {"type": "string", "description": "Onset of asystole, ISO 8601."},
             "death_declared_at": {"type": "string", "description": "Declaration of death, dcd only, at least 5 minutes "
                                                                  "after asystole, ISO 8601 local time with offset."}}
    found = [(p.first, p.second) for p in constraints._described_pairs_read(props)]
    assert found == [("asystole_at", "death_declared_at")], found  # ", before fuel surcharge" orders nothing


def test_a_record_a_call_records_is_made_now_and_optionals_drawn_first_keep_their_priority() -> None:
    from datetime import datetime

    from generator.core.values import repair_arguments
    from generator.traject.fresh import creates

    exam = Tool(name="record_examination", app="mine", api="record_examination", domain="set45c",
                description="Record a completed examination. Returns exam_id.",
                parameters={"type": "object", "required": [], "properties": {"shift": {"type": "string"}}})
    assert creates(exam, "exam_id", {"shift": "day"})
    assign = Tool(name="assign_corrective_action", app="mine", api="assign_corrective_action", domain="set45c",
                  description="Assign the correction of a hazard.",
                  parameters={"type": "object", "required": ["priority"], "properties": {
                      "priority": {"type": "string", "enum": ["immediate", "within_24_hours"]},
                      "due_at": {"type": "string", "format": "date-time"}}})
    args = repair_arguments(assign, {"priority": "within_24_hours", "due_at": "2025-06-29T15:45:00-05:00"},
                            random.Random(52), ref=datetime(2025, 6, 2, 9, 0))
    assert args["due_at"].startswith(("2025-06-02", "2025-06-03")), args


def test_a_member_naming_a_band_keeps_its_number_in_it() -> None:
    referral = Tool(name="log_donor_referral", app="opo", api="log_donor_referral", domain="set45b",
                    description="Log a new referral phoned in by a hospital.",
                    parameters={"type": "object", "required": ["trigger", "gcs"], "properties": {
                        "trigger": {"type": "string", "enum": ["gcs_5_or_less", "cardiac_death"], "description": "Trigger."},
                        "gcs": {"type": "integer", "minimum": 3, "maximum": 15, "description": "Glasgow Coma Scale."}}})
    rng = random.Random(53)
    seen = [sample_arguments(referral, rng) for _ in range(30)]
    assert all(a["gcs"] <= 5 for a in seen if a["trigger"] == "gcs_5_or_less"), seen
    assert any(a["trigger"] == "gcs_5_or_less" for a in seen)


def test_a_step_of_work_going_on_now_acts_on_todays_record_and_a_section_code_is_dotted() -> None:
    from datetime import datetime

    from generator.phrasebook.fragments import enum_words

    vitals = Tool(name="record_screening_vitals", app="center", api="record_screening_vitals", domain="set45a",
                  description="Record the screening vitals of an open visit.",
                  parameters={"type": "object", "required": ["visit_id"], "properties": {"visit_id": {
                      "type": "string", "pattern": "^VIS-[0-9]{6}-[0-9]{3}$",
                      "description": "Visit id, e.g. 'VIS-250314-017' (date of visit as YYMMDD and a sequence)."}}})
    rng = random.Random(54)
    for _ in range(10):
        visit = sample_arguments(vitals, rng, ref=datetime(2025, 6, 2, 9, 0))["visit_id"]
        assert visit[4:10] in ("250602", "250601"), visit
    spec = {"enum": ["annual_refresher_48_8", "multi_family_2_4"]}
    assert enum_words("annual_refresher_48_8", "training_type", spec) == "annual refresher 48.8"
    assert enum_words("multi_family_2_4", "kind", spec) == "multi-family 2-4"  # a span's ends rise


def test_a_case_acted_on_now_is_of_this_year() -> None:
    from datetime import datetime

    pathway = Tool(name="set_donor_pathway", app="opo", api="set_donor_pathway", domain="set45b",
                   description="Set the donation pathway of an authorized referral.",
                   parameters={"type": "object", "required": ["referral_id"], "properties": {"referral_id": {
                       "type": "string", "pattern": "^REF-[0-9]{4}-[0-9]{6}$", "description": "Referral, e.g. 'REF-2024-004817'."}}})
    rng = random.Random(55)
    for _ in range(10):
        assert sample_arguments(pathway, rng, ref=datetime(2025, 6, 2, 9, 0))["referral_id"].startswith("REF-2025-")


def test_a_diastolic_pressure_is_well_under_its_systolic() -> None:
    vitals = Tool(name="record_vitals", app="center", api="record_vitals", domain="set45a", description="Record vitals.",
                  parameters={"type": "object", "required": ["systolic_mmhg", "diastolic_mmhg"], "properties": {
                      "systolic_mmhg": {"type": "integer", "minimum": 60, "maximum": 240, "description": "Systolic, mmHg."},
                      "diastolic_mmhg": {"type": "integer", "minimum": 30, "maximum": 140,
                                         "description": "Diastolic in mmHg; must be lower than the systolic."}}})
    rng = random.Random(56)
    for _ in range(20):
        args = sample_arguments(vitals, rng)
        assert 0.5 * args["systolic_mmhg"] <= args["diastolic_mmhg"] <= 0.75 * args["systolic_mmhg"], args


def test_a_product_is_its_factors_and_a_replacement_is_for_a_failed_unit_only() -> None:
    props = {"air_velocity_fpm": {"type": "integer", "minimum": 0, "maximum": 2000, "description": "Air velocity in fpm."},
             "cross_section_sq_ft": {"type": "number", "minimum": 10, "maximum": 400, "description": "Cross-section area."},
             "air_quantity_cfm": {"type": "integer", "minimum": 0, "maximum": 500000, "description": "Air quantity."}}
    vent = Tool(name="record_ventilation_check", app="mine", api="record_ventilation_check", domain="set45c",
                description="Record an air measurement. Quantity is velocity times area.",
                parameters={"type": "object", "required": list(props), "properties": props})
    rng = random.Random(57)
    for _ in range(20):
        a = sample_arguments(vent, rng)
        assert abs(a["air_quantity_cfm"] - a["air_velocity_fpm"] * a["cross_section_sq_ft"]) <= \
            max(1.0, 0.02 * a["air_quantity_cfm"]) + a["cross_section_sq_ft"], a  # (a whole fpm rounds)
    scsr = {"result": {"type": "string", "enum": ["pass", "fail_seal_broken", "fail_indicator"], "description": "Result."},
            "replacement_serial": {"type": "string", "description": "Serial of the replacement put in service when the unit failed."}}
    found = [(r.kind, r.values) for r in dependencies.rules("Record the inspection of a unit.", scsr) if r.subject == "replacement_serial"]
    assert found == [("only", ("fail_seal_broken", "fail_indicator"))], found


def test_a_flag_refused_when_false_is_true_and_a_number_takes_one_of_the_values_its_sentence_lists() -> None:
    check_in = {"id_verified": {"type": "boolean", "description": "True when the photo ID was checked; check-in is refused "
                                                                "when false."}}
    assert [(r.kind, r.target) for r in dependencies.rules("Open today's visit.", check_in)] == [("always", True)]
    run = Tool(name="start_collection_run", app="center", api="start_collection_run", domain="set45a",
               description="Start a run. target_plasma_ml must not exceed the nomogram volume for today's weight "
                           "(625, 750 or 800 mL).",
               parameters={"type": "object", "required": ["target_plasma_ml"], "properties": {"target_plasma_ml": {
                   "type": "integer", "minimum": 200, "maximum": 800, "description": "Plasma volume to collect in mL."}}})
    rng = random.Random(58)
    assert {sample_arguments(run, rng)["target_plasma_ml"] for _ in range(20)} <= {625, 750, 800}


def test_a_check_in_opens_a_visit_and_an_acting_tools_colon_lists_no_output() -> None:
    from generator.traject.fresh import creates
    from generator.traject.graph import output_fields

    check_in = Tool(name="check_in_donor", app="center", api="check_in_donor", domain="set45a",
                    description="Open today's visit for a donor. Returns the visit_id used by every screening record.",
                    parameters={"type": "object", "properties": {"donor_id": {"type": "string"}}})
    assert creates(check_in, "visit_id", {"donor_id": "DN-0048213"})
    assert output_fields(check_in) == ["visit_id"], output_fields(check_in)
    exam = Tool(name="record_examination", app="mine", api="record_examination", domain="set45c",
                description="Record a completed examination. Returns exam_id, to which gas readings, ventilation checks "
                            "and hazards are attached.", parameters={"type": "object", "properties": {}})
    hazard = Tool(name="log_hazard", app="mine", api="log_hazard", domain="set45c",
                  description="Log a hazard found on an examination. Returns hazard_id, e.g. 'HZ-2025-0312'.",
                  parameters={"type": "object", "properties": {}})
    scsr = Tool(name="record_scsr_inspection", app="mine", api="record_scsr_inspection", domain="set45c",
                description="Record the inspection of a unit per the manufacturer: seal and case intact, indicator in range.",
                parameters={"type": "object", "properties": {}})
    assert output_fields(exam) == ["exam_id"] and output_fields(hazard) == ["hazard_id"], (output_fields(exam), output_fields(hazard))
    assert "seal" not in output_fields(scsr) and "case_intact" not in output_fields(scsr), output_fields(scsr)


def test_an_id_laid_out_by_parts_has_this_years_year_and_one_sites_code() -> None:
    from datetime import datetime

    hold = Tool(name="place_inventory_hold", app="center", api="place_inventory_hold", domain="set45a",
                description="Place units on hold.",
                parameters={"type": "object", "required": ["dins"], "properties": {"dins": {
                    "type": "array", "minItems": 2, "items": {
                        "type": "string", "pattern": "^[A-Z][0-9]{12}$",
                        "description": "Donation number: facility code (1 letter + 4 digits), 2-digit collection year "
                                       "and 6-digit sequence, e.g. 'W042025123456'."}}}})
    rng = random.Random(59)
    for _ in range(10):
        dins = sample_arguments(hold, rng, ref=datetime(2025, 6, 2, 9, 0))["dins"]
        assert all(d[5:7] in ("24", "25") for d in dins) and len({d[:5] for d in dins}) == 1, dins


def test_optionals_drawn_before_a_search_of_things_found_look_back() -> None:
    from datetime import datetime

    from generator.core.values import repair_arguments

    search = Tool(name="search_hazards", app="mine", api="search_hazards", domain="set45c", description="Search the hazard log.",
                  parameters={"type": "object", "required": [], "properties": {
                      "found_from": {"type": "string", "format": "date", "description": "Earliest date found."}}})
    args = repair_arguments(search, {"found_from": "2025-06-09"}, random.Random(60), ref=datetime(2025, 6, 2, 9, 0))
    assert args["found_from"] <= "2025-06-02", args
