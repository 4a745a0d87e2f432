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


def test_a_switch_off_a_sign_of_a_thing_and_the_same_value_i_used_last_time_are_read() -> None:
    from test_reader import event

    from generator.reader.flags import read_flag
    from generator.reader.text import Text

    assert read_flag(Text("book it; the utilities will be off"), "utilities_on")[0] is False
    assert read_flag(Text("book it; the utilities will be on"), "utilities_on")[0] is True
    evidence = "Visible evidence of a previous treatment (drill holes in slab, bait stations)."
    assert read_flag(Text("record it, no sign of any previous treatment"), "previous_treatment_evidence", evidence)[0] \
        is False
    assert read_flag(Text("there is evidence of a previous treatment"), "previous_treatment_evidence", evidence)[0] is True
    history = [event("2025-04-10 09:00", "App", "do", "home", zip_code="65772"),
               event("2025-04-12 09:00", "App", "do", "home", zip_code="43214"),
               event("2025-04-14 09:00", "App", "do", "home", zip_code="65772")]
    got = read_one("price it for the same ZIP code I used last time", {"zip_code": "65772"},
                   {"zip_code": {"type": "string", "description": "5-digit ZIP code"}}, history=history,
                   domain="home")["zip_code"]
    assert (got.label, got.determined) == ("hinted", True), got
