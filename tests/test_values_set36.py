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
