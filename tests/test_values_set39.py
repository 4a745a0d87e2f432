"""Values the set-39 session fixed: a moment "at most 48 hours ago" lies in those 48 hours, one
"not more than 3 days in the past" is no past moment (a NOTAM starting weeks ago), the
'YYYY-MM-DDTHH:MMZ' form keeps its Z, a parameter an elided clause ties to a value ("...
completion_date when completed, deferral_reason when deferred") goes with that value only, and a
simulated output's condition is the sky's only for the weather and a type a lodging's only for a
stay (a bridge's NBI condition 'partly cloudy', its span type 'hotel')."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from generator.core.dependencies import rules
from generator.core.values import REFERENCE_TIME, past_limit, temporal_value, value_format


def test_a_moment_at_most_hours_ago_lies_in_those_hours() -> None:
    sale = {"type": "string", "format": "date", "description": "Date of the first sale; at most 48 hours ago."}
    assert past_limit(sale) == timedelta(hours=48)
    for seed in range(30):
        day = datetime.strptime(temporal_value("sale_date", sale, REFERENCE_TIME, random.Random(seed)), "%Y-%m-%d")
        assert REFERENCE_TIME.date() - timedelta(days=2) <= day.date() <= REFERENCE_TIME.date(), day
    weighed = {"type": "string", "format": "date-time", "description": "When the catch was weighed, within the last "
                                                                       "7 days."}
    for seed in range(30):
        at = datetime.strptime(temporal_value("weighed_at", weighed, REFERENCE_TIME, random.Random(seed)),
                               "%Y-%m-%dT%H:%M:%SZ")
        assert REFERENCE_TIME - timedelta(days=7) <= at <= REFERENCE_TIME, at


def test_a_floor_in_the_past_is_no_past_moment() -> None:
    start = {"type": "string", "description": "Start of validity, UTC, 'YYYY-MM-DDTHH:MMZ', e.g. "
                                              "'2025-06-10T04:00Z'; not more than 3 days in the past."}
    assert past_limit(start) is None and value_format(start) == "%Y-%m-%dT%H:%MZ"
    for seed in range(30):
        at = datetime.strptime(temporal_value("start_time", start, REFERENCE_TIME, random.Random(seed)),
                               "%Y-%m-%dT%H:%MZ")
        assert at >= REFERENCE_TIME - timedelta(days=3), at


def test_an_elided_required_clause_ties_its_parameter_to_its_value() -> None:
    props = {"status": {"type": "string", "enum": ["scheduled", "completed", "deferred", "cancelled"]},
             "work_order_number": {"type": "string"}, "completion_date": {"type": "string", "format": "date"},
             "deferral_reason": {"type": "string", "enum": ["programmed_rehab", "programmed_replacement", "funding",
                                                            "seasonal"],
                                 "description": "Why the repair is deferred: programmed_rehab or programmed_replacement "
                                                "(a capital project will address it), funding, seasonal."}}
    said = rules("Change the status of a deficiency. work_order_number is required when status is scheduled, "
                 "completion_date when completed (not after today), deferral_reason when deferred.", props)
    needs = {(r.subject, r.values) for r in said if r.kind == "needs"}
    assert {("work_order_number", ("scheduled",)), ("completion_date", ("completed",)),
            ("deferral_reason", ("deferred",))} <= needs, said


def test_a_simulated_condition_and_type_belong_to_their_world() -> None:
    from generator.traject.simulate import POOLS, fake_field

    rng = random.Random(3)
    bridge = {fake_field("nbi_condition", rng, "structure") for _ in range(20)}
    assert bridge <= {"good", "fair", "poor"}, bridge
    sky = {fake_field("condition", rng, "weather") for _ in range(20)}
    assert sky <= set(POOLS["condition"]), sky
    kinds = {fake_field("main_span_type", rng, "structure") for _ in range(10)}
    assert not kinds & set(POOLS["type"]), kinds
    assert {fake_field("room_type", rng, "hotel") for _ in range(10)} <= set(POOLS["type"])
    assert isinstance(fake_field("rating_date", rng, "load rating"), str)  # a date, never the rating 3.9


def test_parts_the_prose_says_add_up_to_a_total_do() -> None:
    from generator.core.values import sample_arguments
    from generator.records import Tool

    qty = {"type": "number", "minimum": 0}
    tool = Tool(name="record_element_condition", app="bridges", api="record_element_condition", domain="b39",
                description="Record one element's quantities by condition state. The four condition-state quantities "
                            "must add up to total_quantity.",
                parameters={"type": "object", "properties": {
                    "total_quantity": {"type": "number", "minimum": 1, "maximum": 200000},
                    "cs1_quantity": qty, "cs2_quantity": {**qty, "default": 0}, "cs3_quantity": {**qty, "default": 0}},
                    "required": ["total_quantity", "cs1_quantity", "cs2_quantity", "cs3_quantity"]})
    for seed in range(20):
        args = sample_arguments(tool, random.Random(seed))
        parts = [args[p] for p in ("cs1_quantity", "cs2_quantity", "cs3_quantity")]
        assert abs(sum(parts) - args["total_quantity"]) < 0.01, args
        assert parts[0] >= parts[-1], args  # most of an element in good condition


def test_a_daily_window_opens_on_the_half_hour_and_lasts_hours() -> None:
    from generator.core.values import sample_arguments
    from generator.records import Tool

    tool = Tool(name="issue_runway_notam", app="notam", api="issue_runway_notam", domain="b39",
                description="Issue a runway NOTAM.",
                parameters={"type": "object", "properties": {"daily_schedule": {
                    "type": "string", "pattern": "^([01][0-9]|2[0-3])[0-5][0-9]-([01][0-9]|2[0-3])[0-5][0-9]$",
                    "description": "Daily hours in UTC, 'HHMM-HHMM', e.g. '0400-1000'."}}, "required": ["daily_schedule"]})
    for seed in range(20):
        said = sample_arguments(tool, random.Random(seed))["daily_schedule"]
        start, end = (int(x[:2]) * 60 + int(x[2:]) for x in said.split("-"))
        assert start % 30 == 0 and (end - start) % (24 * 60) in {h * 60 for h in (2, 3, 4, 5, 6, 8, 10)}, said


def test_a_history_is_asked_over_days_gone_by() -> None:
    from generator.core.values import sample_arguments
    from generator.records import Tool

    day = {"type": "string", "format": "date"}
    tool = Tool(name="get_notam_history", app="notam", api="get_notam_history", domain="b39",
                description="Get the NOTAMs issued, replaced and cancelled at an airport over a period, for audits.",
                parameters={"type": "object", "properties": {
                    "location": {"type": "string", "description": "ICAO location identifier, e.g. 'KDEN'."},
                    "from_date": {**day, "description": "First day (YYYY-MM-DD)."},
                    "to_date": {**day, "description": "Last day (YYYY-MM-DD), on or after from_date."}},
                    "required": ["location", "from_date", "to_date"]})
    for seed in range(20):
        args = sample_arguments(tool, random.Random(seed))
        assert args["from_date"] <= args["to_date"] <= REFERENCE_TIME.strftime("%Y-%m-%d"), args


def test_a_note_on_a_recommended_action_reads_as_an_inspectors_note() -> None:
    from generator.core.values import sample_arguments
    from generator.records import Tool

    tool = Tool(name="create_deficiency", app="bridges", api="create_deficiency", domain="b39",
                description="Open a maintenance deficiency (repair recommendation) on a structure.",
                parameters={"type": "object", "properties": {
                    "recommended_action": {"type": "string", "enum": ["seal_deck_cracks", "repair_railing",
                                                                      "clean_and_paint_steel"]},
                    "priority": {"type": "string", "enum": ["low", "medium", "high"]},
                    "description": {"type": "string", "description": "What and where."}},
                    "required": ["recommended_action", "priority", "description"]})
    for seed in range(10):
        args = sample_arguments(tool, random.Random(seed))
        assert args["priority"] not in args["description"].split(), args  # never "seal deck cracks low deficiency"
        assert args["description"].endswith(" recommended"), args


def test_a_clause_pointing_back_and_clauses_after_a_semicolon_tie_their_parameters() -> None:
    props = {"survey_type": {"type": "string", "enum": ["boundary", "alta_nsps", "topographic"]},
             "title_commitment_number": {"type": "string"},
             "table_a_items": {"type": "array", "items": {"type": "integer"}}}
    said = rules("Open a new survey job. title_commitment_number is required for alta_nsps surveys, and "
                 "table_a_items only applies to them. Returns the job number.", props)
    assert any(r.kind == "only" and r.subject == "table_a_items" and r.values == ("alta_nsps",) for r in said), said
    invoice = {"billing_method": {"type": "string", "enum": ["lump_sum", "hourly", "percent_complete"],
                                  "description": "lump_sum, hourly or percent_complete."},
               "amount_usd": {"type": "number"},
               "percent_complete": {"type": "number", "minimum": 1, "maximum": 100,
                                    "description": "Cumulative percent complete, 1 to 100."},
               "through_date": {"type": "string", "format": "date",
                                "description": "Bill time logged up to this date (YYYY-MM-DD)."}}
    said = rules("Create an invoice. amount_usd is required for lump_sum; percent_complete for percent_complete (the "
                 "cumulative percent); through_date for hourly (bills logged time up to that date).", invoice)
    needs = {(r.subject, r.values) for r in said if r.kind == "needs"}
    assert {("percent_complete", ("percent_complete",)), ("through_date", ("hourly",))} <= needs, said


def test_a_day_that_bounds_what_was_done_is_today_or_before() -> None:
    through = {"type": "string", "format": "date", "description": "Bill time logged up to this date (YYYY-MM-DD)."}
    from generator.core.values import sample_arguments
    from generator.records import Tool

    tool = Tool(name="create_invoice", app="x", api="create_invoice", domain="b39", description="Create an invoice.",
                parameters={"type": "object", "properties": {"through_date": through}, "required": ["through_date"]})
    for seed in range(20):
        assert sample_arguments(tool, random.Random(seed))["through_date"] <= REFERENCE_TIME.strftime("%Y-%m-%d")


def test_a_posting_gives_its_tons_or_removes_the_posting() -> None:
    from generator.core.values import sample_arguments
    from generator.records import Tool

    tons = {"type": "number", "minimum": 3, "maximum": 40}
    props = {"bin": {"type": "string", "pattern": "^[0-9]{7}$"}, "single_unit_tons": tons, "combination_tons": tons,
             "remove_posting": {"type": "boolean", "default": False}}
    text = "Set or remove a weight limit. Give single_unit_tons or combination_tons (or both), or remove_posting true."
    assert any(r.kind == "any_of" and set(r.others) == {"combination_tons", "remove_posting"} for r in rules(text, props))
    tool = Tool(name="set_load_posting", app="b", api="set_load_posting", domain="b39", description=text,
                parameters={"type": "object", "properties": props, "required": ["bin"]})
    removed = 0
    for seed in range(40):
        args = sample_arguments(tool, random.Random(seed))
        assert "single_unit_tons" in args or "combination_tons" in args or args.get("remove_posting") is True, args
        removed += args.get("remove_posting") is True
    assert removed, "a flag among the alternatives is given as true"


def test_kinds_that_need_their_own_equipment_get_it_never_the_default_none() -> None:
    from generator.core.values import sample_arguments
    from generator.records import Tool

    text = ("Schedule an inspection of a structure. underwater inspections need access_equipment dive_team, or boat "
            "when the channel can be probed from the surface. fracture_critical inspections are hands-on and need "
            "snooper_ubit, manlift, bucket_truck or rope_access.")
    props = {"bin": {"type": "string", "pattern": "^[0-9]{7}$"},
             "inspection_type": {"type": "string", "enum": ["routine", "fracture_critical", "underwater"]},
             "access_equipment": {"type": "string", "default": "none", "enum": [
                 "none", "ladder", "snooper_ubit", "manlift", "bucket_truck", "boat", "rope_access", "dive_team"]}}
    said = rules(text, props)
    assert any(r.kind == "pairs" and r.values == ("underwater",) and set(r.target) == {"boat", "dive_team"}
               for r in said), said
    assert not any(r.kind == "needs" and r.subject == "access_equipment" for r in said), said
    tool = Tool(name="schedule_inspection", app="b", api="schedule_inspection", domain="b39", description=text,
                parameters={"type": "object", "properties": props, "required": ["bin", "inspection_type"]})
    needed = {"underwater": {"boat", "dive_team"}, "fracture_critical": {"snooper_ubit", "manlift", "bucket_truck",
                                                                        "rope_access"}}
    for seed in range(60):
        args = sample_arguments(tool, random.Random(seed))
        if args["inspection_type"] in needed:
            assert args.get("access_equipment") in needed[args["inspection_type"]], args
