"""The reader takes "my tee time search on Friday" to the tee time searches: a thing the
function's name says with the word before it ("tee time") is the thing, although "time" alone
is no thing ("last time"). Before set 29 no event acted on it and every such hint was refused."""

from __future__ import annotations

from datetime import datetime

from generator.reader.pointers import acting_on, pointers_in, resolve
from generator.records import HistoryEvent


def _event(time: str, api: str, **params: object) -> HistoryEvent:
    return HistoryEvent(time=time, apitype="golf", toolname="GolfCourse", apiname=api, parameters=dict(params))


HISTORY = [
    _event("2025-05-15 17:37", "search_tee_times", course_id="CRS-217", players=2),
    _event("2025-05-16 15:23", "cancel_tee_time", booking_id="BK-100200"),
    _event("2025-05-16 17:39", "search_tee_times", course_id="CRS-629", players=4),
    _event("2025-05-17 19:50", "get_course_info", course_id="CRS-311"),
]


def test_a_compound_thing_finds_the_events_that_act_on_it() -> None:
    p = pointers_in("using the same course as my tee time search on friday?")[0]
    acting = acting_on(p, HISTORY)
    assert [e.apiname for e in acting] == ["search_tee_times", "cancel_tee_time", "search_tee_times"], acting
    found = resolve(p, acting, "course_id", "", datetime(2025, 5, 18, 17, 40), ("GolfCourse",))
    assert found is not None and found[0] == "CRS-629", found
