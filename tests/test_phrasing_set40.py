"""Phrasing the set-40 session fixed: a tool named by a form with a number ("Generate the NRC Form
5 ...": never "make this request"), a plural the lexicon lacks ("order dosimeters", never "order a
dosimeters"), a description's stand-in for its parameters cut ("get the dose report of one
subaccount"), values the history settles beside a hinted one pointed at ("..., and the rest as
usual"), and the "usual" hints that merge merged even where one of them cannot."""

from __future__ import annotations

import random

from generator.phrasebook.intent import intent_of
from generator.phrasebook.lexicon import is_plural
from generator.records import ArgPlan, Tool
from generator.writers.phrasing.args import Arg
from generator.writers.phrasing.clauses import REST_AS_USUAL, TERSE_REPEATS, merged_hints


def _tool(name: str, description: str, props: dict) -> Tool:
    return Tool(name=name, app="dosimetry", api=name, domain="dosimetry_set40", description=description,
                parameters={"type": "object", "properties": props, "required": list(props)})


def test_a_form_with_a_number_names_the_tool() -> None:
    form5 = _tool("generate_form5", "Generate the NRC Form 5 (Occupational Dose Record for a Monitoring Period) of one "
                  "wearer and one year, with TEDE and DDE totals in rem. Returns the document id.",
                  {"wearer_id": {"type": "string"}, "year": {"type": "integer"}})
    assert intent_of(form5) == "generate the NRC Form 5"
    stage = _tool("schedule_stage_check", "Schedule a Part 141 stage check for a student.", {"student_id": {"type": "string"}})
    assert "Part" not in intent_of(stage) or "Part 141 stage check" in intent_of(stage), intent_of(stage)


def test_a_plural_the_lexicon_lacks_takes_no_a() -> None:
    assert is_plural("dosimeters") and is_plural("analyzers") and not is_plural("chassis")
    order = _tool("order_dosimeters", "Order extra or replacement dosimeters for a subaccount.", {"subaccount": {"type": "string"}})
    assert "a dosimeters" not in intent_of(order), intent_of(order)
    enroll = _tool("enroll_wearer", "Enroll a new wearer and issue dosimeters starting with the given wear period.",
                   {"name": {"type": "string"}})
    assert intent_of(enroll) == "enroll a new wearer and issue dosimeters"


def test_a_stand_in_for_the_parameters_is_never_read_out() -> None:
    report = _tool("get_period_report", "Get the dose report of one subaccount and one wear period: one line per wearer.",
                   {"subaccount": {"type": "string"}, "wear_period": {"type": "string"}})
    assert intent_of(report) == "get the dose report"
    other = _tool("get_report", "Get the dose report of one subaccount.", {"account": {"type": "string"}})
    assert intent_of(other) == "get the dose report"  # no parameter says it: a stand-in all the same (set 41)


def _arg(param: str, text: str | None, value: object, mode: str) -> Arg:
    return Arg(param, text or "", ArgPlan(param=param, value=value, mode=mode, source="history", hint=text))


def test_values_the_history_settles_beside_a_hint_are_pointed_at() -> None:
    args = [_arg("removed_part_disposition", "the removed part disposition I usually go with", "returned_to_owner", "hinted"),
            _arg("location_on_car", None, "L2", "omitted"), _arg("labor_hours", None, 3.5, "omitted")]
    said = [merged_hints(args, False, random.Random(seed), rest=True)[0] for seed in range(6)]
    assert all(m[-1].lstrip(",") in REST_AS_USUAL for m in said), said
    # with nothing hinted, the last call says it (as before), never both
    silent = [a for a in args if a.plan.mode == "omitted"]
    assert all(merged_hints(silent, False, random.Random(s), repeats=True)[0][-1].lstrip(",") in TERSE_REPEATS
               for s in range(4))
    assert merged_hints(args[:1], False, random.Random(0), rest=True)[0] == []  # nothing left unsaid: nothing added
    assert merged_hints(args, False, random.Random(0))[0] == []  # not every value the usual one: nothing


def test_usual_hints_that_merge_do_beside_one_that_cannot() -> None:
    args = [_arg("branch", "the branch I usually go with", "NWK", "hinted"),
            _arg("k_factor", "the nominal K-factor I always use", 5.6, "hinted"),
            _arg("temperature_rating", "the temperature rating I usually go with", 155, "hinted"),
            _arg("response_type", "my usual response type", "quick", "hinted")]
    mods, said = merged_hints(args, False, random.Random(0))
    assert mods[0] == "with my usual branch, temperature rating and response type", mods
    assert said >= {"branch", "temperature_rating", "response_type"} and "k_factor" not in said


def test_reasons_with_no_subject_in_the_value_read_as_clauses() -> None:
    from generator.phrasebook.terms import _reason_clause

    said = {v: _reason_clause(v) for v in ("left employment", "never started", "duties changed", "deceased",
                                           "above level 1", "suspected static exposure", "unexpected reading")}
    assert said == {"left employment": "because they left employment", "never started": "because they never started",
                    "duties changed": "because the duties were changed", "deceased": "because they died",
                    "above level 1": "because it was above level 1",
                    "suspected static exposure": "because of a suspected static exposure",
                    "unexpected reading": "because of an unexpected reading"}, said
    assert _reason_clause("damaged in transit") == "because it was damaged in transit"  # as before
    assert _reason_clause("unused rescheduled") == "because it was unused (rescheduled)"


def test_an_aside_that_lists_what_falls_under_a_value_never_names_it() -> None:
    from generator.phrasebook.fragments import enum_words

    occupancy = {"type": "string", "enum": ["light_hazard", "ordinary_hazard_1", "storage"],
                 "description": "Hazard classification: light_hazard (offices, schools), ordinary_hazard_1 (parking "
                                "garages, laundries) or storage."}
    assert "parking" not in (enum_words("ordinary_hazard_1", "occupancy", occupancy) or "")
    frequency = {"type": "string", "enum": ["annual", "3_year", "5_year"],
                 "description": "Frequency: annual, 3_year (dry pipe full-flow trip test, for example) or 5_year."}
    assert enum_words("3_year", "frequency", frequency) == "3-year"
    loss = {"type": "string", "enum": ["depth_gt_80", "other"],
            "description": "Basis: depth_gt_80 (metal loss deeper than 80 percent of wall) or other."}
    assert enum_words("depth_gt_80", "basis", loss) == "metal loss deeper than 80 percent of wall"  # a whole aside


def test_whose_records_they_are_goes_without_saying() -> None:
    search = _tool("search_properties", "Search the inspection company's customer properties. Returns matches.",
                   {"city": {"type": "string"}})
    assert intent_of(search) == "search the customer properties"
    cars = _tool("search_cars", "Search the car repair system's car master by reporting mark.", {"mark": {"type": "string"}})
    assert intent_of(cars) == "search the car master"
    own = _tool("get_pet", "Get the owner's pet record.", {"pet_id": {"type": "string"}})
    assert "owner's" in intent_of(own)  # a person's is no house's


def test_a_date_something_is_needed_by_is_said_so() -> None:
    from tests.test_phrasing_set34 import _explicit

    order = Tool(name="order_part", app="shop", api="order_part", domain="rail_set40", description="Order repair material.",
                 parameters={"type": "object", "required": ["part_type"], "properties": {
                     "part_type": {"type": "string", "enum": ["knuckle", "air_hose"], "description": "Material to order."},
                     "need_by": {"type": "string", "description": "Date needed, YYYY-MM-DD."}}})
    said = _explicit(order, {"part_type": "knuckle", "need_by": "2025-08-12"})
    assert "needed by August 12" in said and "on August 12" not in said, said



def test_durations_named_by_a_state_or_an_act_read_as_one() -> None:
    from generator.phrasebook.terms import say, term

    valid = term("valid_days", {"type": "integer", "description": "Days the quote stays valid, 15 to 90."})
    assert say(valid, "number", "84") == "valid for 84 days"
    back = term("return_to_static_seconds", {"type": "integer", "description": "Seconds for the gauge to return to "
                                                                               "static pressure after closing the drain."})
    assert say(back, "number", "45") == "returning to static in 45 seconds"


def test_two_measures_with_one_noun_are_told_apart_by_the_phrase_after_the_comma() -> None:
    from tests.test_phrasing_set34 import _explicit

    prior = Tool(name="record_prior_dose", app="dosimetry", api="record_prior_dose", domain="dosimetry_set40",
                 description="Record occupational dose received elsewhere.", parameters={"type": "object", "required": [],
                 "properties": {"sde_wb_mrem": {"type": "number", "description": "Shallow dose, whole body, in mrem."},
                                "sde_me_mrem": {"type": "number", "description": "Shallow dose, maximally exposed "
                                                                                  "extremity, in mrem."}}})
    said = _explicit(prior, {"sde_wb_mrem": 800, "sde_me_mrem": 2100})
    assert "whole body shallow dose of 800 mrem" in said and "extremity shallow dose of 2100 mrem" in said, said


def test_an_id_that_is_two_things_is_named_by_its_parameter_and_a_kind_by_its_object() -> None:
    from generator.phrasebook.terms import term
    from tests.test_phrasing_set34 import _explicit

    car = {"type": "string", "description": "Car initial and number: the reporting mark and up to 6 digits, e.g. 'UP 904512'."}
    assert term("car", car).noun == "car" and term("car", car).pointer
    bad_order = Tool(name="create_bad_order", app="shop", api="create_bad_order", domain="rail_set40",
                     description="Bad-order a car: record a defect that takes it out of service.",
                     parameters={"type": "object", "required": ["car", "bad_order_type"], "properties": {
                         "car": car, "bad_order_type": {"type": "string", "enum": ["heavy", "light"],
                                                        "description": "heavy (needs a shop) or light (repair in place)."}}})
    said = _explicit(bad_order, {"car": "UP 904512", "bad_order_type": "light"})
    assert "for car UP 904512" in said and "as a light bad order" in said and "car initial" not in said, said


def test_values_settled_beside_a_hint_no_rest_as_usual_covers_are_hinted_on_their_own(monkeypatch) -> None:
    from generator.core import plan

    args = [plan._Arg("badge_type", "eye_lens", ["history"], "the type from my order on Tuesday", 0.9, 0.1, True),
            plan._Arg("wear_period", "2025-05", ["history"], "my usual wear period", 0.9, 0.9, True, habit=True)]
    plans = [ArgPlan(param="badge_type", value="eye_lens", mode="hinted", source="history",
                     hint="the type from my order on Tuesday"),
             ArgPlan(param="wear_period", value="2025-05", mode="omitted", source="history")]
    monkeypatch.setattr(plan, "rest_usual", lambda target, tool, plans: False)
    out, _ = plan._pointed_silent(plans, args, None, None)  # type: ignore[arg-type]
    assert [(p.param, p.mode, p.hint) for p in out] == [("badge_type", "hinted", "the type from my order on Tuesday"),
                                                          ("wear_period", "hinted", "my usual wear period")]
    monkeypatch.setattr(plan, "rest_usual", lambda target, tool, plans: True)  # "and the rest as usual" says it
    assert plan._pointed_silent(plans, args, None, None) == (plans, True)  # type: ignore[arg-type]
    assert plan._pointed_silent(plans[1:], args, None, None) == (plans[1:], False)  # type: ignore[arg-type]


def test_whose_things_they_are_is_the_parameters_value() -> None:
    ship = _tool("return_dosimeters", "Log the return shipment of a subaccount's worn dosimeters (with the control "
                 "dosimeter) for processing.", {"subaccount": {"type": "string"}, "carrier": {"type": "string"}})
    assert intent_of(ship) == "log the return shipment of the worn dosimeters"


def test_a_member_another_tool_gives_is_never_drawn() -> None:
    import collections

    from generator.core import lore
    from generator.core.values import sample_arguments

    badges = {"type": "array", "items": {"type": "string", "enum": ["whole_body_osl", "ring_tld", "fetal"]},
              "description": "Dosimeters to issue. fetal is issued only through declare_pregnancy."}
    (enroll,) = lore.annotate([_tool("enroll_wearer", "Enroll a new wearer.", {"badge_types": badges})])
    drawn = collections.Counter(b for s in range(40) for b in sample_arguments(enroll, random.Random(s))["badge_types"])
    assert drawn["fetal"] == 0 and drawn["whole_body_osl"] and drawn["ring_tld"], drawn


def test_a_filter_named_only_is_pointed_at_as_a_filter() -> None:
    from generator.core.plan import history_noun

    report = _tool("get_period_report", "Get the dose report of a subaccount.",
                   {"subaccount": {"type": "string"}, "only_above_level": {"type": "string", "enum": ["level_1", "level_2"],
                                                                           "description": "Only wearers above this level."}})
    assert history_noun("only_above_level", report) == "level filter"
    assert history_noun("subaccount", report) != "subaccount filter"


def test_not_an_adjective_on_an_occasion_takes_no_article() -> None:
    from generator.phrasebook.fragments import enum_words

    assert enum_words("not_defective_on_reinspection", "reason", {}) == "because it is not defective on reinspection"
    assert enum_words("not_an_adverse_event", "reason", {}) == "because it is not an adverse event"
    assert enum_words("deceased", "reason", {}) == "because they died"  # of a person, never "because it was"


def test_a_persons_two_names_are_one_and_what_they_wear_is_worn() -> None:
    from tests.test_phrasing_set34 import _explicit

    props = {"subaccount": {"type": "string", "description": "Subaccount code, e.g. '104387-NM'."},
             "first_name": {"type": "string", "description": "First name, e.g. 'Maria'."},
             "last_name": {"type": "string", "description": "Last name, e.g. 'Okafor'."},
             "date_of_birth": {"type": "string", "format": "date", "description": "Date of birth (YYYY-MM-DD)."},
             "id_number": {"type": "string", "description": "Employee or other id printed on the label, e.g. 'E20931'."},
             "wear_location": {"type": "string", "enum": ["collar", "chest", "waist"],
                               "description": "Where the whole-body dosimeter is worn: collar, chest or waist."}}
    enroll = Tool(name="enroll_wearer", app="dosimetry", api="enroll_wearer", domain="dosimetry_set40",
                  description="Enroll a new wearer and issue dosimeters.", parameters={"type": "object", "properties": props,
                                                                                       "required": list(props)})
    said = _explicit(enroll, {"subaccount": "351393-04", "first_name": "Christine", "last_name": "Lowe",
                              "date_of_birth": "1965-01-25", "id_number": "E57815", "wear_location": "waist"})
    assert "Christine Lowe, born on January 25, 1965" in said and "first name" not in said and "someone" not in said, said
    assert "the whole-body dosimeter worn at the waist" in said and "ID E57815" in said, said
    from generator.phrasebook.terms import say, term

    worn = term("wear_location", {"type": "string", "enum": ["collar", "waist"], "description": "Wear location."})
    assert say(worn, "enum", "waist") == "worn at the waist"
