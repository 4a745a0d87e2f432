"""The reader, as the set-34 session taught it: a relationship's "self" said as who holds the policy
(the LLM writer played on medical billing), a death said as one, a slot time said as the shop
writes it."""

from __future__ import annotations

from test_reader import read_one

RELATION = {"subscriber_relationship": {"type": "string", "enum": ["self", "spouse", "child", "other"],
                                        "description": "Patient's relationship to the policy holder."}}


def _relation(text: str, gold: str) -> str:
    return read_one(text, {"subscriber_relationship": gold}, RELATION)["subscriber_relationship"].label


def test_self_is_said_as_who_holds_the_policy() -> None:
    assert _relation("add a tertiary policy to PA-095103, and the patient is the policy holder", "self") == "stated"
    assert _relation("add a policy for PA-1; the subscriber is the patient herself", "self") == "stated"
    assert _relation("add a policy for PA-1, the policy holder is the patient's spouse", "self") == "omitted"
    assert _relation("add a policy for PA-1, the policy holder is the patient's spouse", "spouse") == "stated"
    assert _relation("add a policy for PA-1 for the patient", "self") == "omitted"


def test_a_death_and_a_slot_time_are_read_in_their_words() -> None:
    props = {"reason": {"type": "string", "enum": ["pet_recovered", "pet_deceased", "no_show"]},
             "slot": {"type": "string", "enum": ["08:00", "13:30"], "description": "Start time, HH:MM 24-hour."}}
    got = read_one("cancel AP-1 because the pet died, it was at 13:30", {"reason": "pet_deceased", "slot": "13:30"}, props)
    assert got["reason"].label == "stated" and got["slot"].label == "stated", got
