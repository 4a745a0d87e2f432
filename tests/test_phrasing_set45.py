"""Phrasing and reading fixed in set 45 (plasma collection center, organ procurement, coal mine
safety): a name led by initials that are also English words ("or_time") says them in capitals; a
borrowed phrase inside a value ("lungs en bloc") is no initialism; a section code joined to words
("104d1_order") is said as a section; a graded noun ("Degree of negligence") is said by its thing;
two date bounds of one search are two things; a noun dated "today's" loses the day; a possessive
pointer noun loses its "'s"; a verb-noun ends the recipient where a preposition follows; an
alternative whose word is the call's own value ("as a backup offer") is no added content."""

from __future__ import annotations

from generator.core.surface import _name_words
from generator.phrasebook import terms
from generator.phrasebook.fragments import enum_words
from generator.phrasebook.intent import from_description
from generator.reader.added import added_content
from generator.records import Tool, ToolCall


def test_initials_that_are_english_words_are_said_in_capitals() -> None:
    t = terms.term("or_time", {"type": "string", "description": "Scheduled incision time, ISO 8601 with offset."})
    assert t.plain.startswith("OR "), t
    assert terms.term("order_time", {"type": "string", "description": "When."}).plain.startswith("order"), "only the word"


def test_a_borrowed_phrase_inside_a_value_is_no_initialism() -> None:
    assert _name_words("lungs_en_bloc") == "lungs en bloc"
    assert _name_words("cfii_rating") == "CFII rating"  # a short unknown word still is one


def test_a_section_code_joined_to_words_is_said_as_a_section() -> None:
    spec = {"type": "string", "enum": ["104a_citation", "104d1_order", "107a_order"],
            "description": "Section of the Mine Act under which it was issued."}
    assert enum_words("104d1_order", "action_type", spec) == "104(d)(1) order"
    assert enum_words("107a_order", "action_type", spec) == "107(a) order"
    plain = {"type": "string", "enum": ["104b_order", "107a_order"], "description": "Order kind."}
    assert enum_words("104b_order", "kind", plain) == "104b order"  # words apart, no sections where none are said


def test_a_graded_noun_is_said_by_its_thing() -> None:
    t = terms.term("negligence", {"type": "string", "enum": ["none", "low", "high"], "description": "Degree of negligence."})
    assert terms.say(t, "enum", "low") == "with low negligence"


def test_two_date_bounds_of_one_search_are_two_things() -> None:
    due = terms.term("inspection_due_before", {"type": "string", "format": "date",
                                               "description": "Units whose next inspection falls before this date."})
    life = terms.term("service_life_ends_before", {"type": "string", "format": "date",
                                                   "description": "Units reaching the end of their life before this date."})
    assert terms.say(due, "date", "June 9, 2025") == "with the inspection due before June 9, 2025"
    assert terms.say(life, "date", "June 4, 2025") == "with the service life ending before June 4, 2025"


def test_a_noun_dated_today_loses_the_day_and_a_pointer_its_possessive() -> None:
    t = terms.term("weight_lb", {"type": "integer", "description": "Today's screening weight in pounds."})
    assert terms.say(t, "number", "204") == "with a screening weight of 204 pounds"
    seq = terms.term("sequence_number", {"type": "integer", "minimum": 1, "maximum": 9999,
                                         "description": "Candidate's sequence number on the match run."})
    assert "'s" not in terms.say(seq, "number", "1200"), seq


def test_a_recipient_named_by_a_noun_that_is_a_verb_too_is_said_whole() -> None:
    tool = Tool(name="send_organ_offer", app="opo", api="send_organ_offer", domain="opo",
                description="Send an electronic organ offer to a transplant program for one candidate on a match run.",
                parameters={"type": "object", "properties": {"match_id": {"type": "string", "description": "Match run."}}})
    assert from_description(tool).endswith("to a transplant program"), from_description(tool)


def test_an_alternative_that_is_the_calls_own_value_is_no_added_content() -> None:
    tool = Tool(name="send_offer", app="opo", api="send_offer", domain="opo", description="Send an organ offer.",
                parameters={"type": "object", "properties": {"offer_type": {"type": "string", "enum": ["primary", "backup"]}}})
    backup = [ToolCall(tool="send_offer", arguments={"offer_type": "backup"})]
    primary = [ToolCall(tool="send_offer", arguments={"offer_type": "primary"})]
    text = "Send an organ offer as a backup offer."
    assert not added_content(text, backup, {"send_offer": tool})
    assert [a.kind for a in added_content(text, primary, {"send_offer": tool})] == ["alternative"]


def test_or_at_the_edge_of_a_value_is_the_operating_room_and_a_span_of_urgency_is_said_bare() -> None:
    assert _name_words("in_or") == "in OR" and _name_words("bad_roof_or_rib") == "bad roof or rib"
    t = terms.term("priority", {"type": "string", "enum": ["immediate", "within_24_hours"], "description": "Urgency."})
    assert terms.say(t, "enum", "within 24 hours") == "within 24 hours"


def test_a_moment_named_by_its_event_says_the_event() -> None:
    t = terms.term("asystole_at", {"type": "string", "format": "date-time",
                                   "description": "Onset of asystole, dcd only, ISO 8601 local time with offset."})
    assert terms.say(t, "datetime", "June 2, 2025 at 1:45 pm") == "with the onset of asystole on June 2, 2025 at 1:45 pm"


def test_an_initialism_in_capitals_after_an_article_is_no_stacked_determiner() -> None:
    from generator.core import textquality

    assert not textquality._STACKED.search("Book the room with an OR time of June 2.")
    assert textquality._STACKED.search("Book the room with an or time of June 2.")


def test_a_caller_is_said_by_role_a_first_number_as_a_start_and_a_side_before_its_organ() -> None:
    caller = terms.term("caller_name", {"type": "string", "description": "Name and role of the caller, e.g. 'Dana Ruiz, RN'."})
    assert terms.say(caller, "text", "Sheri Garrison, RN") == "with the caller Sheri Garrison, RN"
    first = terms.term("start_sequence", {"type": "integer", "description": "First sequence number to return."})
    assert terms.say(first, "number", "1") == "starting at sequence 1"
    assert _name_words("kidney_right") == "right kidney" and _name_words("liver_split_left") == "liver split left"


def test_a_flag_of_things_found_a_verb_with_its_object_and_a_participle_name_are_said_as_speech() -> None:
    from generator.phrasebook.fragments import bool_words

    assert bool_words("hazardous_conditions_found") == ("with hazardous conditions found", "with no hazardous conditions found")
    assert bool_words("leak_detected")[0] == "with a leak detected"
    assert bool_words("complies_with_plan") == ("complying with the plan", "not complying with the plan")
    called = terms.term("called_out_to", {"type": "string", "description": "Person the results were called out to."})
    assert terms.say(called, "text", "R. Dillard, dispatcher") == "called out to R. Dillard, dispatcher"


def test_a_thing_and_its_checked_state_is_said_as_such() -> None:
    from generator.phrasebook.fragments import bool_words

    assert bool_words("direction_correct") == ("with the direction correct", "with the direction not correct")
    assert bool_words("gluten_free")[1] != "with the gluten not free"  # "-free" is no state of its thing
