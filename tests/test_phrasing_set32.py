"""Phrasing the set-32 session fixed: one query writes every day the same way (the set-31 players
and readers: "from the 27th of May, 2025 through May 31st, 2025")."""

from __future__ import annotations

import random
import re
from datetime import datetime

from generator.core.surface import forms as surface_forms
from generator.core.surface import render

WHEN = datetime(2025, 6, 1, 9)
_STYLE = (("of", re.compile(r"^the \d+(st|nd|rd|th) of [A-Z]")), ("th", re.compile(r"^[A-Z][a-z]+ \d+(st|nd|rd|th)\b")),
          ("plain", re.compile(r"^[A-Z][a-z]+ \d+\b(?!st|nd|rd|th)")))


def _style(text: str) -> str:
    return next(name for name, pattern in _STYLE if pattern.match(text))


def test_one_query_writes_its_days_one_way() -> None:
    seen = set()
    for seed in range(60):
        rng = random.Random(seed)
        days = [render(v, p, None, time=WHEN, rng=rng) for v, p in (
            ("2025-05-27", "start_date"), ("2025-05-31", "end_date"), ("2025-06-20 14:30:00", "due_at"),
            ("2026-01-03", "review_date"))]
        styles = {_style(d) for d in days}
        assert len(styles) == 1, days
        seen |= styles
    assert seen == {"of", "th", "plain"}  # every style is used, one per query


def test_a_near_day_may_still_be_said_as_tomorrow() -> None:
    said = {render("2025-06-02", "start_date", None, time=WHEN, rng=random.Random(seed)) for seed in range(40)}
    assert "tomorrow" in said and said <= {"tomorrow", "June 2", "June 2nd", "the 2nd of June"}, said


def test_every_style_is_still_read_as_the_day() -> None:
    forms = set(surface_forms("2025-05-27", "start_date", None, time=WHEN))
    assert {"May 27th", "May 27", "the 27th of May"} <= forms, forms
    forms = set(surface_forms("2025-06-20 14:30:00", "due_at", None, time=WHEN))
    assert {"June 20th at 2:30 pm", "the 20th of June at 2:30 pm", "June 20 at 2:30 pm"} <= forms, forms


def test_a_listed_scope_keeps_its_words_beside_a_status_filter() -> None:
    from generator.testing.phrasing import explicit_query, one_tool

    tool = one_tool("search_deliveries", "Search scheduled and past deliveries.", [], {
        "status": {"type": "string", "enum": ["scheduled", "dispatched", "delivered", "cancelled"]},
        "account_number": {"type": "string", "description": "Account number, e.g. '204817'."}}, domain="propane")
    for seed in range(6):
        q = explicit_query(tool, {"status": "cancelled", "account_number": "213254"}, seed=seed)
        assert "search and past" not in q and "scheduled and past deliveries" in q, q


def _tree(name: str, description: str, required: list[str], properties: dict):
    from generator.testing.phrasing import one_tool

    return one_tool(name, description, required, properties, domain="tree_care")


def test_a_reason_that_is_a_state_is_said_as_one() -> None:
    from generator.testing.phrasing import explicit_query

    tool = _tree("apply_for_removal_permit", "File an application with the town for removing a protected tree.",
                 ["tree_id", "municipality", "reason"], {
                     "tree_id": {"type": "string", "description": "Tree id, e.g. 'TR-104377'."},
                     "municipality": {"type": "string", "description": "Town or city issuing the permit, e.g. 'Town of Wellesley'."},
                     "reason": {"type": "string", "enum": ["dead", "hazardous", "diseased", "storm_damage"],
                                "description": "Reason for removal."}})
    q = explicit_query(tool, {"tree_id": "TR-677058", "municipality": "Town of Wellesley", "reason": "dead"})
    assert "because it is dead" in q and "because of dead" not in q, q
    assert "the Town of Wellesley" in q, q


def test_the_day_work_was_finished_is_no_bound() -> None:
    from generator.testing.phrasing import explicit_query

    tool = _tree("record_job_completion", "Close out a job when the crew is done.", ["job_number", "completed_on"], {
        "job_number": {"type": "string", "description": "Job number, e.g. 'JB-31207'."},
        "completed_on": {"type": "string", "format": "date", "description": "Day the work was finished, YYYY-MM-DD."}})
    q = explicit_query(tool, {"job_number": "JB-73600", "completed_on": "2025-05-06"})
    assert "until" not in q and ("May 6" in q or "6th of May" in q), q


def test_a_rate_the_description_opens_with_is_said_whole() -> None:
    from generator.testing.phrasing import explicit_query, one_tool

    tool = one_tool("update_delivery_plan", "Change an account's delivery plan.", ["account_number", "k_factor"], {
        "account_number": {"type": "string", "description": "Account number, e.g. '204817'."},
        "k_factor": {"type": "number", "description": "Degree days per gallon used by the account (higher means less use)."}},
        domain="propane")
    q = explicit_query(tool, {"account_number": "204817", "k_factor": 4.5})
    assert "4.5 degree days per gallon" in q, q


def test_a_reason_of_practices_not_sufficient_is_a_clause() -> None:
    from generator.phrasebook.terms import _reason_clause

    assert _reason_clause("locating practices not sufficient") == "because the locating practices were not sufficient"
    assert _reason_clause("freight not ready") == "because the freight is not ready"
