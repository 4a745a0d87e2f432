"""Values and rules the set-36 session fixed (a container terminal, a pharmacovigilance desk, a gas
pipeline integrity group): container numbers with their check digit, the reporter's own words
never a complaint letter or a first name, the rules of "Required when X is (not) given", "give X,
or Y with Z", "or all of ...", "less negative than", slots on the hour, a county of its state, a
run id of its year, and a habit of one call is no habit."""

from __future__ import annotations

import random
from datetime import datetime

from stdnum import casrn, iso6346

from generator.core import dependencies, lore, semantic
from generator.core.checkdigits import with_check_digit
from generator.core.values import sample_arguments, value_for
from generator.records import Tool


def _tool(name: str, description: str, props: dict, required: list[str]) -> Tool:
    return lore.annotate([Tool(name=name, app="ops", api=name, domain="terminal_set36", description=description,
                               parameters={"type": "object", "properties": props, "required": required})])[0]


def _rules(tool: Tool) -> set[tuple]:
    return {(r.kind, r.subject, r.others) for r in dependencies.rules(tool.description, tool.properties)}


_CONTAINER = {"type": "string", "pattern": "^[A-Z]{3}[UJZ][0-9]{7}$", "description":
              "ISO 6346 container number: owner code, category letter, 6-digit serial and check digit, e.g. "
              "'CSQU3054383'."}


def test_a_container_number_and_a_cas_number_carry_their_check_digit() -> None:
    rng = random.Random(1)
    for _ in range(20):
        number = value_for(_CONTAINER, rng, name="container_number")
        assert iso6346.is_valid(number), number
    assert with_check_digit("cas_number", {"description": "CAS registry number"}, "7732-18-3") == "7732-18-5"
    assert casrn.is_valid(with_check_digit("cas_rn", {"description": "CAS RN of the substance"}, "64-17-9"))
    entry = {"type": "string", "description": "CBP entry number: filer code, 7-digit number, check digit, e.g. "
             "'ABC-1234567-8'."}
    drawn = [value_for(entry, random.Random(i), name="reference") for i in range(20)]
    assert all(len(d.rsplit("-", 1)[1]) == 1 for d in drawn), drawn  # one check digit, never "-16"


def test_the_reporters_own_words_are_never_a_letter_nor_a_first_name() -> None:
    tool = _tool("create_case", "Book in a new adverse event case.",
                 {"patient_sex": {"type": "string", "enum": ["female", "male", "unknown"]},
                  "reporter": {"type": "string", "enum": ["physician", "pharmacist", "consumer"]},
                  "event_verbatim": {"type": "string", "description": "The event in the reporter's own words, e.g. "
                                     "'yellow eyes and dark urine after starting the tablets'."}},
                 ["patient_sex", "reporter", "event_verbatim"])
    rng = random.Random(4)
    for _ in range(10):
        said = sample_arguments(tool, rng)["event_verbatim"]
        assert "reason" not in said.lower() and "my case" not in said.lower(), said
    assert semantic.infer("verbatim", {"type": "string", "description":
                                       "Reported term as given by the reporter, e.g. 'pounding headache'."}) != "first_name"
    assert semantic.infer("given_name", {"type": "string", "description": "Given name."}) == "first_name"


def _visits() -> Tool:
    return _tool("search_vessel_visits",
                 "Search vessel visits. Give at least one of vessel_name, imo_number or an ETA window (eta_from "
                 "together with eta_to).",
                 {"vessel_name": {"type": "string", "description": "Vessel name, e.g. 'MSC TINA'."},
                  "imo_number": {"type": "string", "description": "IMO number, 7 digits, e.g. '9839131'."},
                  "eta_from": {"type": "string", "format": "date-time",
                               "description": "Start of the ETA window. Required when eta_to is given."},
                  "eta_to": {"type": "string", "format": "date-time",
                             "description": "End of the ETA window. Required when eta_from is given."}}, [])


def test_an_eta_window_has_both_ends_and_a_search_some_key() -> None:
    tool = _visits()
    rules = _rules(tool)
    assert ("requires", "eta_to", ("eta_from",)) in rules and ("requires", "eta_from", ("eta_to",)) in rules
    assert ("any_of", "vessel_name", ("imo_number", "eta_from")) in rules, rules
    rng = random.Random(2)
    for _ in range(30):
        d = sample_arguments(tool, rng, optional_rate=0.4)
        assert ("eta_from" in d) == ("eta_to" in d), d
        assert {"vessel_name", "imo_number", "eta_from"} & set(d), d


def test_a_release_by_container_names_the_hold_type_and_a_calculation_takes_all_its_inputs() -> None:
    release = _tool("release_hold", "Release an active hold. Give hold_id, or container_number with hold_type.",
                    {"hold_id": {"type": "string", "description": "Hold id, e.g. 'HLD-0098123'."},
                     "container_number": {**_CONTAINER, "description": "Container number, e.g. 'CSQU3054383'. "
                                          "Required when hold_id is not given."},
                     "hold_type": {"type": "string", "enum": ["customs", "freight"], "description": "Kind of hold."}},
                    [])
    rules = _rules(release)
    assert ("any_of", "container_number", ("hold_id",)) in rules and ("requires", "container_number", ("hold_type",)) \
        in rules, rules
    calc = _tool("calculate_failure_pressure",
                 "Calculate the burst pressure. Give anomaly_id to use the inspection's measurements, or all of "
                 "depth_pct, length_in and wall_in for a manual calculation.",
                 {"anomaly_id": {"type": "string", "description": "Anomaly id, e.g. 'A-004217'."},
                  "depth_pct": {"type": "number", "minimum": 1, "maximum": 80, "description": "Depth, percent."},
                  "length_in": {"type": "number", "minimum": 0.5, "maximum": 40, "description": "Length in inches."},
                  "wall_in": {"type": "number", "minimum": 0.2, "maximum": 1, "description": "Wall in inches."}}, [])
    rng = random.Random(5)
    for _ in range(30):
        d = sample_arguments(calc, rng, optional_rate=0.4)
        manual = {"depth_pct", "length_in", "wall_in"} & set(d)
        assert "anomaly_id" in d or len(manual) == 3, d
        assert not manual or len(manual) == 3, d


def test_less_negative_than_is_greater_and_a_slot_on_the_hour_starts_on_it() -> None:
    tool = _tool("record_cp_reading", "Record cathodic protection readings.",
                 {"on_potential_mv": {"type": "integer", "minimum": -3000, "maximum": 0,
                                      "description": "Potential with current applied, e.g. -1180."},
                  "instant_off_mv": {"type": "integer", "minimum": -3000, "maximum": 0,
                                     "description": "Instant-off potential, e.g. -920. Less negative than "
                                     "on_potential_mv."},
                  "slot_start": {"type": "string", "format": "date-time",
                                 "description": "Start of the slot, on the hour, e.g. '2024-11-06T09:00:00'."}},
                 ["on_potential_mv", "instant_off_mv", "slot_start"])
    assert ("below", "on_potential_mv", ("instant_off_mv",)) in _rules(tool)
    rng = random.Random(6)
    for _ in range(30):
        d = sample_arguments(tool, rng)
        assert d["on_potential_mv"] <= d["instant_off_mv"], d
        assert datetime.fromisoformat(d["slot_start"]).minute == 0, d


def test_a_county_lies_in_the_state_beside_it_and_a_run_id_keeps_its_year() -> None:
    tool = _tool("search_segments", "Search pipeline segments. Give line_id, or state with county.",
                 {"line_id": {"type": "string", "description": "Pipeline id, e.g. 'L-2104'."},
                  "state": {"type": "string", "enum": ["TX", "OK", "LA", "AR"], "description": "State."},
                  "county": {"type": "string", "description": "County name, e.g. 'Tarrant'."}}, [])
    rng = random.Random(7)
    states = set()
    for _ in range(40):
        d = sample_arguments(tool, rng, optional_rate=0.5)
        assert "line_id" in d or {"state", "county"} <= set(d), d
        if "county" in d and "state" in d:
            states.add(d["state"])
            assert d["state"] == "TX" or d["county"] != "Tarrant", d
    assert len(states) >= 2
    run = {"type": "string", "pattern": "^ILI-[0-9]{2}-[0-9]{3}$",
           "description": "Run id, 'ILI-', two-digit year, dash, 3 digits, e.g. 'ILI-24-017'."}
    years = {value_for(run, random.Random(i), name="run_id")[4:6] for i in range(20)}
    assert years <= {"22", "23", "24", "25"}, years


def test_a_search_result_lies_inside_the_range_it_was_searched_by() -> None:
    import ast

    from generator.traject.simulate import Context, simulate_output, vocabulary

    search = Tool(name="search_cases", app="pv", api="search_cases", domain="pv_set36",
                  description="Search case safety reports. Returns matching cases with case_id, serious and milepost.",
                  parameters={"type": "object", "required": [], "properties": {
                      "serious": {"type": "boolean", "description": "True for serious cases only."},
                      "milepost_from": {"type": "number"}, "milepost_to": {"type": "number"}}})
    record = Tool(name="get_case", app="pv", api="get_case", domain="pv_set36", description="Get one case.",
                  parameters={"type": "object", "required": ["case_id"], "properties": {
                      "case_id": {"type": "string"}, "serious": {"type": "boolean"},
                      "milepost": {"type": "number", "minimum": 0, "maximum": 600}}})
    context = Context(vocab=vocabulary([search, record]))
    for seed in range(8):
        out = ast.literal_eval(simulate_output(search, {"milepost_from": 37.4, "milepost_to": 52.0},
                                               random.Random(seed), context=context))
        rows = next(v for v in out.values() if isinstance(v, list))
        assert all(37.4 <= r["milepost"] <= 52.0 for r in rows), out


def test_a_death_among_the_criteria_makes_the_outcome_fatal_and_a_resolution_date_needs_a_recovery() -> None:
    tool = _tool("add_event", "Add a coded adverse event to a case. seriousness lists every criterion that applies. "
                 "death in seriousness requires outcome fatal, and outcome fatal requires death in seriousness.",
                 {"case_id": {"type": "string", "description": "Case id, e.g. 'PV24-004512'."},
                  "end_date": {"type": "string", "format": "date", "description": "Date the event resolved. Only with "
                               "outcome recovered or recovered_with_sequelae."},
                  "outcome": {"type": "string", "enum": ["recovered", "recovering", "recovered_with_sequelae", "fatal",
                                                         "unknown"], "description": "Outcome."},
                  "seriousness": {"type": "array", "items": {"type": "string", "enum": [
                      "death", "hospitalization", "disability"]}, "description": "Criteria that apply: death, "
                      "hospitalization, disability."}},
                 ["case_id", "outcome"])
    kinds = {(r.kind, r.subject) for r in dependencies.rules(tool.description, tool.properties)}
    assert ("only", "end_date") in kinds and ("implies", "outcome") in kinds
    assert ("needs", "outcome") not in kinds  # a required outcome is no outcome "only with a death"
    rng = random.Random(8)
    deaths = 0
    for _ in range(60):
        d = sample_arguments(tool, rng, optional_rate=0.6)
        if "death" in (d.get("seriousness") or []):
            deaths += 1
            assert d["outcome"] == "fatal", d
        assert "end_date" not in d or d["outcome"] in ("recovered", "recovered_with_sequelae"), d
    assert deaths


def test_a_work_window_opens_mostly_at_the_shift_starts_its_description_lists() -> None:
    tool = _tool("assign_quay_crane", "Assign a quay crane to a vessel visit for one work window.",
                 {"visit_id": {"type": "string", "description": "Visit id, e.g. 'VV-24-00412'."},
                  "window_start": {"type": "string", "format": "date-time", "description": "Start of the work window, "
                                   "local time. Shifts start at 07:00, 15:00 and 23:00 (early, day, hoot owl)."}},
                 ["visit_id", "window_start"])
    rng = random.Random(9)
    starts = [sample_arguments(tool, rng)["window_start"][11:16] for _ in range(40)]
    assert sum(s in ("07:00", "15:00", "23:00") for s in starts) >= 30, starts
    late = datetime(2025, 6, 2, 16, 30)  # a shift start is never before the call's own time that day
    for _ in range(20):
        start = datetime.fromisoformat(sample_arguments(tool, rng, ref=late)["window_start"][:19])
        assert start >= late, start


def test_a_restriction_is_never_set_and_lifted_nor_a_hold_placed_and_released_in_one_chain() -> None:
    from generator.traject.shapes import undoes

    def named(name: str) -> Tool:
        return Tool(name=name, app="ops", api=name, domain="pipe_set36", description="Act on a record.",
                    parameters={"type": "object", "properties": {"record_id": {"type": "string"}}, "required": []})

    assert undoes(named("set_pressure_restriction"), named("lift_pressure_restriction"))
    assert undoes(named("place_hold"), named("release_hold"))
    assert undoes(named("create_case"), named("nullify_case"))
    assert not undoes(named("place_hold"), named("get_hold"))


def test_a_record_listed_before_its_with_is_that_record_never_a_shop_product() -> None:
    from generator.traject.graph import output_fields

    tool = Tool(name="get_product", app="pv", api="get_product", domain="pv_set36",
                description="Get one product: INN, formulations and strengths, international birth date and the "
                            "reference safety information in force (CCDS version, EU SmPC date) with the listed "
                            "adverse reactions of each.",
                parameters={"type": "object", "properties": {"product_code": {"type": "string"}},
                            "required": ["product_code"]})
    fields = output_fields(tool)
    assert "inn" in fields and "price" not in fields, fields


def test_a_pressure_is_of_the_scale_of_its_example_and_of_its_sibling_in_the_same_unit() -> None:
    tool = _tool("set_pressure_restriction", "Put a pressure restriction on a segment.",
                 {"segment_id": {"type": "string", "description": "Segment id, e.g. 'L-2104-S017'."},
                  "restricted_pressure_psig": {"type": "integer", "minimum": 50, "maximum": 2000,
                                               "description": "Maximum allowed pressure in psig, e.g. 720."},
                  "operating_pressure_psig": {"type": "integer", "minimum": 0, "maximum": 2200,
                                              "description": "Actual operating pressure when found, in psig."}},
                 ["segment_id", "restricted_pressure_psig", "operating_pressure_psig"])
    rng = random.Random(10)
    for _ in range(40):
        d = sample_arguments(tool, rng)
        assert 180 <= d["restricted_pressure_psig"] <= 2000, d
        assert 240 <= d["operating_pressure_psig"] <= 2200, d


def test_a_statistic_is_computed_over_a_period_that_has_passed() -> None:
    tool = _tool("run_disproportionality", "Compute a disproportionality statistic over a period.",
                 {"product_code": {"type": "string", "description": "Product code, e.g. 'HT-1042'."},
                  "period_start": {"type": "string", "format": "date", "description": "First day of the period."},
                  "period_end": {"type": "string", "format": "date", "description": "Last day, after period_start."}},
                 ["product_code", "period_start", "period_end"])
    ref = datetime(2025, 6, 2, 9, 0)
    rng = random.Random(11)
    for _ in range(30):
        d = sample_arguments(tool, rng, ref=ref)
        assert d["period_start"] <= d["period_end"] <= "2025-06-02", d


def test_a_study_number_built_of_the_product_code_is_the_calls_product() -> None:
    tool = _tool("create_case", "Book in a new case.",
                 {"product_code": {"type": "string", "pattern": "^HT-[0-9]{4}$",
                                   "description": "Suspect product code, 'HT-' and 4 digits, e.g. 'HT-1042'."},
                  "report_type": {"type": "string", "enum": ["spontaneous", "study"], "description": "Report type."},
                  "study_number": {"type": "string", "pattern": "^HT-[0-9]{4}-[0-9]{3}$", "description":
                                   "Protocol number of the study, product code plus 3 digits, e.g. 'HT-1042-301'. "
                                   "Required when report_type is study."}},
                 ["product_code", "report_type"])
    rng = random.Random(12)
    studies = 0
    for _ in range(40):
        d = sample_arguments(tool, rng, optional_rate=0.3)
        if "study_number" in d:  # added by the rule, after the call's own values
            studies += 1
            assert d["study_number"].startswith(d["product_code"] + "-"), d
    assert studies >= 5


def test_a_rectifier_is_set_by_a_current_or_by_both_taps_never_a_mix() -> None:
    tool = _tool("adjust_rectifier", "Change the output of a rectifier. Give either target_current_a, or both "
                 "coarse_tap and fine_tap.",
                 {"rectifier_id": {"type": "string", "description": "Rectifier id, e.g. 'RECT-104'."},
                  "target_current_a": {"type": "number", "minimum": 0.5, "maximum": 60, "description": "Current, A."},
                  "coarse_tap": {"type": "string", "enum": ["A", "B", "C"], "description": "Coarse tap."},
                  "fine_tap": {"type": "integer", "minimum": 1, "maximum": 8, "description": "Fine tap."}},
                 ["rectifier_id"])
    rng = random.Random(13)
    for _ in range(60):
        d = sample_arguments(tool, rng, optional_rate=0.5)
        taps = ("coarse_tap" in d) + ("fine_tap" in d)
        assert ("target_current_a" in d and taps == 0) or ("target_current_a" not in d and taps == 2), d


def test_an_age_and_its_age_group_agree_band_by_band_in_the_ages_own_unit() -> None:
    tool = _tool("create_case", "Book in a new case. patient_age and age_group must agree when both are given.",
                 {"patient_age": {"type": "integer", "minimum": 0, "maximum": 120,
                                  "description": "Patient age in years at onset, 0 to 120."},
                  "age_group": {"type": "string", "enum": ["neonate", "infant", "child", "adolescent", "adult",
                                                           "elderly"],
                                "description": "Age group: neonate (under 28 days), infant (28 days to 23 months), "
                                               "child (2 to 11 years), adolescent (12 to 17), adult (18 to 64), "
                                               "elderly (65 and over)."}},
                 ["patient_age", "age_group"])
    bands = {"neonate": (0, 0), "infant": (0, 1), "child": (2, 11), "adolescent": (12, 17), "adult": (18, 64),
             "elderly": (65, 120)}
    rng = random.Random(14)
    for _ in range(40):
        d = sample_arguments(tool, rng)
        lo, hi = bands[d["age_group"]]
        assert lo <= d["patient_age"] <= hi, d
