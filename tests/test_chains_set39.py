"""Chains the set-39 session fixed: a step that needs the thing an earlier step planned to have
happened ("Record the pilot's times ... after a move" after the order for that move was just
made; "Issue a certificate after an acceptable inspection" after the inspection was only
scheduled), and a step that sets again a value the thing was just made with (an order retimed
the moment it was created), never follow that step."""

from __future__ import annotations

from generator.traject.graph import build_graph
from generator.traject.shapes import not_yet
from tests.test_chains_set37 import _tool

_ORDER_NO = {"type": "string", "description": "Pilot order number, e.g. 'PO-250602-0415'."}
_INSPECTION = {"type": "string", "description": "Inspection id, e.g. 'INS-2025-04418'."}
_ORDER = _tool("create_pilot_order", "Order a pilot for a move. Returns the order number and status requested.",
               {"vessel_imo": {"type": "string", "description": "IMO number, e.g. '9321483'."}})
_MOVEMENT = _tool("record_pilot_movement", "Record the pilot's times and observations after a move. Returns the "
                  "order as completed.", {"order_number": _ORDER_NO})
_RETIME = _tool("change_order_time", "Move the boarding time of an order that has no pilot aboard yet.",
                {"order_number": _ORDER_NO, "new_time": {"type": "string", "format": "date-time"}})
_DISPATCH = _tool("dispatch_pilot", "Assign a pilot on the roster to an order.", {"order_number": _ORDER_NO})
_SCHEDULE = _tool("schedule_inspection", "Schedule an inspection of a registered object. Returns the "
                  "inspection_id with status scheduled.", {"object_id": {"type": "string"}})
_CERTIFICATE = _tool("issue_certificate", "Issue a certificate of operation after an acceptable inspection.",
                     {"inspection_id": _INSPECTION})
_RESULT = _tool("record_inspection_result", "Record the outcome of an inspection carried out today or earlier.",
                {"inspection_id": _INSPECTION})
_RATINGS = _tool("record_condition_ratings", "Record the NBI component condition ratings of an inspection.",
                 {"inspection_id": _INSPECTION, "deck_rating": {"type": "integer"}})
_FEE = _tool("record_inspection_fee", "Record the fee paid for an inspection.", {"inspection_id": _INSPECTION})
_LADDER = _tool("report_ladder_deficiency", "Report a pilot ladder that does not meet SOLAS.",
                {"order_number": _ORDER_NO})
_DISCOVERY = _tool("log_discovery_request", "Log a discovery request on a case.", {"case_id": {"type": "string"}})
_STRIKE = _tool("schedule_strike", "Book the crew to break down the installation after the event.",
                {"event_id": {"type": "string"}})
_EVENT = _tool("create_event", "Create an event for a client.", {"client": {"type": "string"}})
_PAR = _tool("update_par_levels", "Change the par level (the pieces the customer should have after a delivery) "
             "of an account.", {"account_id": {"type": "string"}})
_DELIVERY = _tool("create_delivery", "Create a delivery ticket for an account.", {"account_id": {"type": "string"}})


def test_a_step_that_needs_the_planned_thing_done_never_follows_its_making() -> None:
    assert not_yet(_ORDER, _MOVEMENT)  # "after a move": the order's move has not happened
    assert not_yet(_SCHEDULE, _CERTIFICATE)  # "after an acceptable inspection"
    assert not_yet(_SCHEDULE, _RESULT)  # "an inspection carried out today or earlier"
    assert not not_yet(_ORDER, _DISPATCH)  # assigning a pilot is what an order waits for
    assert not not_yet(_EVENT, _STRIKE)  # booking the crew for after the event is planning ahead
    assert not not_yet(_DELIVERY, _PAR)  # "after a delivery" in brackets defines, it does not ask


def test_what_was_seen_is_never_recorded_on_a_visit_only_just_planned() -> None:
    assert not_yet(_SCHEDULE, _RATINGS)  # ratings of an inspection only just scheduled
    assert not_yet(_ORDER, _LADDER)  # an order returned "status requested": the pilot has not gone out
    assert not not_yet(_SCHEDULE, _FEE)  # a fee may be paid before the visit
    assert not not_yet(_SCHEDULE, _DISCOVERY)  # it takes another thing than the one scheduled


def test_a_value_just_made_is_never_set_again_at_once() -> None:
    assert not_yet(_ORDER, _RETIME)  # the order would have been made for the right time
    issue = _tool("issue_runway_notam", "Issue a runway NOTAM. Returns the NOTAM number.", {"runway": {"type": "string"}})
    replace = _tool("replace_notam", "Replace a NOTAM to change its times.", {"notam_number": {"type": "string"}})
    assert not_yet(issue, replace)  # the NOTAM would have been issued with the right times
    assert not not_yet(_DISPATCH, _RETIME)  # dispatching makes nothing the retime sets again


def test_the_graph_has_no_such_edge() -> None:
    graph = build_graph([_ORDER, _MOVEMENT, _RETIME, _DISPATCH])
    edges = {(p, e.tool) for p in graph.tools for e in graph.successors(p)}
    assert ("create_pilot_order", "dispatch_pilot") in edges, edges
    assert ("create_pilot_order", "record_pilot_movement") not in edges
    assert ("create_pilot_order", "change_order_time") not in edges


def test_a_new_id_whose_description_says_its_year_holds_this_year() -> None:
    import random
    from datetime import datetime

    from generator.traject.fresh import fresh_id

    notam = {"type": "string", "pattern": "^[A-Z][0-9]{4}/[0-9]{2}$",
             "description": "NOTAM number: series letter, 4-digit sequence, slash, 2-digit year, e.g. 'A0457/25'."}
    made = {fresh_id(notam, random.Random(i), datetime(2025, 6, 2)) for i in range(10)}
    assert all(str(n).endswith("/25") for n in made), made
    bare = {**notam, "description": "Hold number, e.g. 'HO-24'."}
    assert not all(str(fresh_id({**bare, "pattern": "^HO-[0-9]{2}$"}, random.Random(i), datetime(2025, 6, 2)))
                   .endswith("25") for i in range(10))  # a last group of two digits is a year only when said


def test_a_found_spans_start_is_before_its_end() -> None:
    import random

    from generator.traject.cohere import life_order

    rows = [{"notam_number": "A0612/25", "start_time": "2025-06-03T16:15", "end_time": "2025-06-02T14:45"}]
    life_order(rows, set(), random.Random(1))
    assert rows[0]["start_time"][:10] < rows[0]["end_time"][:10], rows


def test_a_deadline_is_no_present_of_the_errand() -> None:
    from generator.traject.timeline import forward

    assert forward([{"job": "J", "due_date": "2025-06-18"}], {"work_date": "2025-06-01"}, set()) == {"work_date": "2025-06-01"}
    assert forward([{"job": "J", "visit_date": "2025-06-18"}], {"work_date": "2025-06-01"}, set()) == {"work_date": "2025-06-18"}
    notam = {"start_time": "2025-06-02T10:00", "end_time": "2025-08-03T10:00"}  # a replacement starts within it
    assert forward([notam], {"new_start_time": "2025-06-02T15:00"}, set()) == {"new_start_time": "2025-06-02T15:00"}


def test_a_thing_found_free_on_a_day_is_booked_that_day() -> None:
    import random

    from generator.records import Edge
    from generator.traject.sample import sample_sequential

    crew = {"type": "string", "pattern": "^CREW-[0-9]{2}$", "description": "Crew id, e.g. 'CREW-03'."}
    listing = _tool("list_crews", "List field crews. Returns crews with crew_id and crew size.",
                    {"available_on": {"type": "string", "format": "date", "description": "Only crews free on this date."}})
    booking = _tool("schedule_field_work", "Book a crew for field work. Returns field_task_id.",
                    {"crew_id": crew, "work_date": {"type": "string", "format": "date", "description": "Field day."}})
    steps = [("list_crews", None), ("schedule_field_work", Edge(tool="schedule_field_work", params=["crew_id"]))]
    for seed in range(8):
        t = sample_sequential("s", steps, {listing.name: listing, booking.name: booking}, random.Random(seed))
        assert len(t.calls) == 2 and t.calls[1].arguments["work_date"] == t.calls[0].arguments["available_on"], t.calls


def test_coordinates_alone_make_no_geocoding_and_an_unknown_list_is_left_out() -> None:
    import random

    from generator.traject.shapes import _topic_fields
    from generator.traject.simulate import simulate_output

    monument = _tool("record_monument", "Record a monument found or set on a job, with its coordinates in the job's "
                     "State Plane zone. Returns the point record.", {"job_number": {"type": "string"}})
    assert "country" not in _topic_fields(monument), _topic_fields(monument)
    job = _tool("get_job", "Get a job: client, survey type and field tasks with crews and dates.",
                {"job_number": {"type": "string", "description": "Job number, e.g. 'LS-25-0317'."}})
    out = simulate_output(job, {"job_number": "LS-25-0317"}, random.Random(1))
    assert "[{}" not in out, out
