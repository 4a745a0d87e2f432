"""Value and phrasing classes found by the 2026-12-04 set-18 reading (a laboratory animal
facility, an orchestra library, a forensic blood-alcohol lab), each on a small case that fails
when its rule is removed."""

from __future__ import annotations

import random
from datetime import datetime

from generator.core import allowed, constraints, value_sense
from generator.core.lore import annotate
from generator.core.values import _reshaped, is_temporal, number_range, sample_arguments, value_for
from generator.phrasebook.fragments import enum_words
from generator.phrasebook.intent import intent_of
from generator.records import Tool

REF = datetime(2025, 6, 2, 9, 0)


def _tool(name: str, props: dict, description: str = "", required: list[str] | None = None) -> Tool:
    return Tool(name=name, app="", api=name, description=description, domain="lab",
                parameters={"type": "object", "properties": props, "required": required or list(props)})


def test_a_lower_bound_in_words_bounds_the_draw() -> None:
    """"Coefficient of determination of the curve; must be at least 0.995": never 0.04, and read
    to the thousandth (never rounded up to 1.0)."""
    schema = {"type": "number", "description": "Coefficient of determination; must be at least 0.995",
              "minimum": 0, "maximum": 1}
    assert allowed.read(schema["description"]).low == 0.995
    assert number_range("r_squared", schema, REF)[:2] == (0.995, 1.0)
    drawn = {value_for(schema, random.Random(i), name="r_squared") for i in range(20)}
    assert all(0.995 <= v < 1.0 for v in drawn), drawn


def test_a_season_keeps_its_two_consecutive_years() -> None:
    """"Season as YYYY-YY, e.g. 2025-26" is never "2025-53"; "RNT-2526-041" keeps a season."""
    for i in range(10):
        season = _reshaped("2025-26", random.Random(i), REF)
        assert int(season[5:]) == (int(season[:4]) + 1) % 100, season
        rental = _reshaped("RNT-2526-041", random.Random(i), REF)
        assert int(rental[6:8]) == int(rental[4:6]) + 1, rental
    assert _reshaped("PR-2021-031", random.Random(1), REF).split("-")[1] in ("2024", "2025")  # a year, no season


def test_a_description_that_opens_with_date_is_a_date() -> None:
    assert is_temporal("first_rehearsal", {"type": "string", "description": "Date of the first rehearsal"}) == "date"
    assert is_temporal("replacement_needed_by", {"type": "string", "description": "Date a replacement is needed"}) \
        == "date"
    assert is_temporal("fmt", {"type": "string", "description": "Date format to use"}) is None


def test_a_catch_all_with_its_condition_closes_the_list() -> None:
    """"ASCAP, BMI, SESAC or none for public-domain works" lists four values (no "powell.com")."""
    said = allowed.read("Performing rights organization: ASCAP, BMI, SESAC or none for public-domain works")
    assert said.allowed == ("ASCAP", "BMI", "SESAC", "none")


def test_a_name_with_digits_inside_is_not_varied_like_an_id() -> None:
    """A strain "C57BL/6J" is one name (never "C34BL/2J"); "HSGC-02" and "CC-534185" count records."""
    tool = annotate([_tool("order", {"strain": {"type": "string", "description": "Strain, e.g. C57BL/6J"}})])[0]
    assert {sample_arguments(tool, random.Random(i))["strain"] for i in range(12)} == {"C57BL/6J"}
    assert _reshaped("CC-534185", random.Random(2), REF) != "CC-534185"


def test_the_examples_other_tools_give_a_name_are_all_its_values() -> None:
    """A bare `strain` takes the strains two other tools show, never a bacterium's "K-12"."""
    tools = annotate([
        _tool("search", {"strain": {"type": "string", "description": "Strain, e.g. C57BL/6J, BALB/cByJ, Sprague Dawley"}}),
        _tool("order", {"strain": {"type": "string", "description": "Vendor strain name, e.g. C57BL/6J (000664)"}}),
        _tool("breed", {"strain": {"type": "string", "description": "Strain being bred"}})])
    drawn = {sample_arguments(tools[2], random.Random(i))["strain"] for i in range(12)}
    assert drawn <= {"C57BL/6J", "BALB/cByJ", "Sprague Dawley"}, drawn


def test_people_of_an_orchestra_are_people() -> None:
    for name, desc in (("conductor", "Conductor's full name"), ("soloist", "Soloist's name"),
                       ("musician", "Musician who last had the part")):
        value = value_for({"type": "string", "description": desc}, random.Random(3), name=name)
        assert len(value.split()) == 2 and not value.startswith("The ") and "Conductor" not in value, value


def test_a_hall_name_is_a_hall() -> None:
    value = value_for({"type": "string", "description": "Hall name"}, random.Random(4), name="venue")
    assert value.endswith(" Hall"), value


def test_a_list_of_names_repeats_none_and_dates_come_in_order() -> None:
    parts = {"type": "array", "items": {"type": "string"}, "description": "Names of parts, e.g. 'Horn 3'"}
    dates = {"type": "array", "items": {"type": "string", "format": "date"}, "description": "Concert dates"}
    for i in range(15):
        got = value_for(parts, random.Random(i), name="missing_parts")
        assert len(got) == len(set(got)), got
        days = value_for(dates, random.Random(i), name="concert_dates")
        assert days == sorted(days), days


def test_a_dose_per_kilogram_and_a_blood_alcohol_are_their_measures() -> None:
    dose = number_range("dose_mg_per_kg", {"type": "number", "description": "Dose in mg/kg", "maximum": 100}, REF)
    assert dose[1] <= 10, dose
    bac = number_range("replicate_1", {"type": "number", "description": "First result in g/100 mL"}, REF)
    assert 0 < bac[0] and bac[1] <= 0.3, bac


def test_repeated_measurements_agree() -> None:
    tool = _tool("record", {"replicate_1": {"type": "number"}, "replicate_2": {"type": "number"},
                            "reference_value": {"type": "number"},
                            "readings": {"type": "array", "items": {"type": "number"}}})
    args = {"replicate_1": 0.085, "replicate_2": 0.162, "reference_value": 0.08, "readings": [0.043, 0.161, 0.242]}
    got = value_sense.repeated_measures(tool, args, random.Random(1), frozenset())
    assert abs(got["replicate_2"] - 0.085) <= 0.003, got
    assert all(abs(r - 0.08) <= 0.003 for r in got["readings"]), got


def test_an_order_the_description_states_holds() -> None:
    props = {"collection_time": {"type": "string", "format": "date-time"},
             "incident_time": {"type": "string", "format": "date-time",
                               "description": "Time of the incident; must be before the collection"}}
    pairs = constraints.pairs_for(props)
    assert [(p.first, p.second) for p in pairs] == [("incident_time", "collection_time")]
    bad = {"collection_time": "2025-06-02T10:15:00Z", "incident_time": "2025-06-02T11:00:00Z"}
    assert constraints.constraint_problems(_tool("r", props), bad)


def test_a_light_dark_cycle_is_no_clock_time() -> None:
    from generator.core.temporal import ratio_meant

    assert ratio_meant("light_cycle", {"description": "Light:dark hours, e.g. 12:12 or 14:10"})
    assert not ratio_meant("start", {"description": "Format hours:minutes"})


def test_a_sex_code_is_said_as_a_word() -> None:
    spec = {"type": "string", "description": "Sex of the animals in the cage", "enum": ["M", "F", "mixed"]}
    assert enum_words("F", "sex", spec) == "female"
    assert enum_words("F", "grade", {"type": "string", "enum": ["A", "F"]}) != "female"


def test_a_tool_named_in_words_the_lexicon_lacks_gets_its_description_noun_phrase() -> None:
    tool = _tool("get_per_diem_statement", {"billing_account": {"type": "string"}},
                 "Monthly per diem statement for a billing account.")
    assert intent_of(tool) == "get the monthly per diem statement"
    sent = _tool("refer_to_outside_lab", {"specimen_id": {"type": "string"}},
                 "Send a specimen to a reference laboratory for tests we don't do in-house.")
    assert intent_of(sent) == "send a specimen to a reference laboratory"


def test_a_string_count_varies_a_little() -> None:
    """"e.g. 14.12.10.8.6" (players per section) is never "78.40.61.1.1": each a little more or
    less, the sections still largest first."""
    for i in range(10):
        got = [int(x) for x in _reshaped("14.12.10.8.6", random.Random(i), REF).split(".")]
        assert got == sorted(got, reverse=True) and max(got) <= 18 and min(got) >= 4, got


def test_a_tracking_number_is_a_carriers() -> None:
    import re

    for i in range(10):
        got = value_for({"type": "string", "description": "Carrier tracking number"}, random.Random(i),
                        name="tracking_number")
        assert re.fullmatch(r"1Z[0-9A-Z]{16}|\d{12}|\d{22}", got), got


def test_an_employee_id_takes_the_catalogs_employee_id_shape() -> None:
    """"Supervisor employee id" is an id like the catalog's other employee ids ("FS-118"), never
    a name ("Joshua Spencer") or "BY-77013"."""
    import re

    tools = annotate([
        _tool("create_batch", {"analyst_id": {"type": "string", "description": "Analyst employee id, e.g. FS-118"}}),
        _tool("destroy", {"authorized_by": {"type": "string", "description": "Supervisor employee id"}})])
    got = {sample_arguments(tools[1], random.Random(i))["authorized_by"] for i in range(8)}
    assert all(re.fullmatch(r"FS-\d{3}", g) for g in got), got
    from generator.core import semantic

    assert semantic.infer("authorized_by", {"type": "string", "description": "Supervisor employee id"}) == "id"
    assert semantic.infer("authorized_by", {"type": "string", "description": "Who authorized it"}) == "person"


def test_an_until_is_a_date() -> None:
    assert is_temporal("retain_until", {"type": "string", "description": "End of the retention period"}) == "date"


def test_a_list_of_three_word_names_is_a_list() -> None:
    said = allowed.read("Reference laboratory: NMS Labs, Axis Forensic Toxicology or Quest Forensic")
    assert said.allowed == ("NMS Labs", "Axis Forensic Toxicology", "Quest Forensic")


def test_a_from_and_a_to_person_are_said_from_and_to() -> None:
    """`from_person` / `to_person` ids: "from FS-860 to FS-982", never "for from person FS-860"."""
    from generator.phrasebook.terms import say, term

    spec = {"type": "string", "description": "Employee id or name releasing the specimen"}
    assert say(term("from_person", spec), "id", "FS-860") == "from FS-860"
    assert say(term("to_person", {"type": "string", "description": "Employee id or name receiving it"}),
               "id", "FS-982") == "to FS-982"


def test_a_moment_said_time_first_is_at_it() -> None:
    """"transferred on 11 am on June 2nd" is "transferred at 11 am on June 2nd"."""
    from generator.phrasebook.terms import say, term

    t = term("transferred_at", {"type": "string", "description": "Date and time of the transfer"})
    assert say(t, "datetime", "11 am on June 2nd, 2025") == "transferred at 11 am on June 2nd, 2025"
    assert say(t, "datetime", "June 2nd, 2025 at 11 am") == "transferred on June 2nd, 2025 at 11 am"


def test_a_flag_stating_a_state_is_said_with_its_state() -> None:
    """"Evidence seal was intact at transfer" states a seal's state (no "evidencing seal"): "with
    the seal intact" / "with the seal not intact"."""
    from generator.phrasebook.fragments import bool_words
    from generator.phrasebook.terms import _act

    assert _act("Evidence seal was intact at transfer") == ""
    assert bool_words("seal_intact") == ("with the seal intact", "with the seal not intact")


def test_an_article_follows_the_sound_of_the_next_word() -> None:
    """"record a euthanasia" stays (a "yoo" sound), "a amount" and "a hour" become "an"."""
    from generator.writers.phrasing.grammar import polish

    assert polish("record a euthanasia of animals") == "record a euthanasia of animals"
    assert polish("a amount of 3 and a hour") == "an amount of 3 and an hour"
    assert polish("a unicorn and a umbrella") == "a unicorn and an umbrella"


def test_ids_named_with_what_was_done_to_them_are_the_ids() -> None:
    """"Animal ids euthanized": "for animal ids ANI-1 and ANI-2", never "animal ids euthanizeds"."""
    from generator.phrasebook.terms import term

    spec = {"type": "array", "items": {"type": "string"}, "description": "Animal ids euthanized"}
    assert term("animal_ids", spec).noun == "animal ids"


def test_a_date_falls_on_the_weekdays_its_description_allows() -> None:
    """"Requested delivery date. Vendors deliver Tuesday to Thursday.": never a Monday or a Friday."""
    tool = _tool("order", {"delivery_date": {"type": "string", "format": "date",
                                             "description": "Requested delivery date. Vendors deliver Tuesday to Thursday."}})
    for i in range(10):
        got = value_sense.on_said_weekdays(tool, {"delivery_date": f"2025-06-{2 + i:02d}"}, random.Random(i), frozenset())
        assert datetime.strptime(got["delivery_date"], "%Y-%m-%d").weekday() in (1, 2, 3), got


def test_an_urgency_and_a_sex_are_said_as_people_say_them() -> None:
    """"the urgent urgency", "the male sex of the animals" (set 18, round 2): "marked urgent", "with
    male animals"."""
    from generator.phrasebook.terms import say, term

    urgency = term("urgency", {"type": "string", "enum": ["routine", "urgent"], "description": "Urgency"})
    assert say(urgency, "enum", "urgent") == "marked urgent"
    assert say(urgency, "enum", "routine") == "marked routine"
    sex = term("sex", {"type": "string", "enum": ["M", "F", "mixed"], "description": "Sex of the animals in the cage"})
    assert say(sex, "enum", "male") == "with male animals"


def test_ids_of_one_kind_of_thing_share_its_shape() -> None:
    """`dam_ids` "Female animal ids" beside `sire_id` "Male animal id, e.g. M24-01873": a dam's id is
    an animal id (never "DAM-44341")."""
    import re

    tools = annotate([
        _tool("breed", {"sire_id": {"type": "string", "description": "Male animal id, e.g. M24-01873"},
                        "dam_ids": {"type": "array", "items": {"type": "string"},
                                    "description": "Female animal ids (1 for a pair, 2 for a trio)"}})])
    for i in range(6):
        got = sample_arguments(tools[0], random.Random(i))["dam_ids"]
        assert all(re.fullmatch(r"M\d{2}-\d{5}", g) for g in got), got


def test_a_padded_count_closing_an_id_stays_that_size() -> None:
    """"PRG-2526-07" is a season's 7th program: never PRG-2526-98; "HSGC-02" a lab's second GC."""
    for i in range(10):
        assert 1 <= int(_reshaped("PRG-2526-07", random.Random(i), REF)[-2:]) <= 9
        assert 1 <= int(_reshaped("HSGC-02", random.Random(i), REF)[-2:]) <= 9
        assert 1 <= int(_reshaped("RNT-2526-041", random.Random(i), REF)[-3:]) <= 99


def test_a_replacement_part_costs_what_a_part_costs() -> None:
    """"Spending limit in US dollars" for ordering a replacement part is no insured value."""
    from generator.core import freetext
    from generator.core.semantic import typical_range

    schema = {"type": "number", "description": "Spending limit in US dollars"}
    with freetext.subject(["order", "replacement", "part"]):
        assert typical_range("money", "max_cost_usd", schema, 0).hi <= 1000
    assert typical_range("money", "replacement_value", {"type": "number"}, 0).hi >= 100_000


def test_a_tracking_number_is_its_carriers() -> None:
    import re

    tool = _tool("ship", {"carrier": {"type": "string", "enum": ["UPS", "DHL"]},
                          "tracking_number": {"type": "string", "description": "Carrier tracking number"}})
    got = value_sense.tracking_by_carrier(tool, {"carrier": "DHL", "tracking_number": "1ZABCDEF0123456789"},
                                          random.Random(1), frozenset())
    assert re.fullmatch(r"\d{10}", got["tracking_number"]), got


def test_a_reported_value_follows_from_its_replicates() -> None:
    tool = _tool("record", {"replicate_1": {"type": "number"}, "replicate_2": {"type": "number"},
                            "reported_value": {"type": "number"}})
    got = value_sense.repeated_measures(tool, {"replicate_1": 0.083, "replicate_2": 0.085, "reported_value": 0.218},
                                        random.Random(1), frozenset())
    assert min(got["replicate_1"], got["replicate_2"]) <= got["reported_value"] <= max(got["replicate_1"],
                                                                                      got["replicate_2"]), got


def test_what_the_object_is_for_stays_in_the_intent() -> None:
    """"Schedule specimens for destruction after the retention period.": never "schedule specimens"."""
    tool = _tool("schedule_specimen_destruction", {"specimen_ids": {"type": "array", "items": {"type": "string"}}},
                 "Schedule specimens for destruction after the retention period.")
    assert intent_of(tool) == "schedule specimens for destruction"


def test_a_code_of_another_thing_is_named_by_its_own_words() -> None:
    """"Panel code of the reference lab, e.g. 8052B" for `panel`: "for panel code 8052B", never
    "for reference lab 8052B" beside the reference lab's own name."""
    from generator.phrasebook.terms import say, term

    t = term("panel", {"type": "string", "description": "Panel code of the reference lab, e.g. 8052B"})
    assert say(t, "id", "8052B") == "for panel code 8052B"
    assert term("customer_id", {"type": "string", "description": "ID of the customer"}).noun == "customer"


def test_a_search_of_a_collection_is_for_the_title() -> None:
    """"search the orchestra's music library called Symphony No. 4" names the library: a search
    of a collection is for the title; anything else is still "called" it."""
    from generator.phrasebook.terms import say, term

    t = term("title", {"type": "string", "description": "Words from the title, e.g. 'Symphony No. 4'"})
    assert say(t, "text", "Symphony No. 4", "search the orchestra's music library") == "for Symphony No. 4"
    assert say(t, "text", "Symphony No. 4", "create a concert program") == "called Symphony No. 4"


def test_a_simulated_id_keeps_its_season_and_count_size() -> None:
    """A program a simulated search returns is "PRG-2526-05", never "PRG-6652-97"."""
    from generator.traject.fresh import fresh_id

    spec = {"type": "string", "description": "Program id, e.g. PRG-2526-07"}
    for i in range(10):
        got = fresh_id(spec, random.Random(i), REF)
        assert got is not None and got[4:8] == "2526" and 1 <= int(got[-2:]) <= 9, got


def test_two_moments_of_a_call_say_which_is_which() -> None:
    """"estimate the blood alcohol on June 2 at 9:30 am UTC on June 2 at 9:15 am UTC": a moment of
    an event says the event ("with the blood draw on ..."), one whose description says only "Time"
    is named by its parameter ("a collection time of ...")."""
    from generator.phrasebook.terms import say, term

    t = term("collection_time", {"type": "string", "format": "date-time", "description": "Time of the blood draw"})
    assert say(t, "datetime", "June 2nd, 2025 at 9:30 am UTC") == "with the blood draw on June 2nd, 2025 at 9:30 am UTC"
    bare = term("collection_time", {"type": "string", "format": "date-time", "description": "Time"})
    assert say(bare, "datetime", "June 2nd, 2025 at 9:30 am UTC") == "with a collection time of June 2nd, 2025 at 9:30 am UTC"
    assert say(term("date", {"type": "string", "format": "date", "description": "Date"}), "date", "June 2nd, 2025") \
        == "on June 2nd, 2025"
