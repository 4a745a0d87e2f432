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
