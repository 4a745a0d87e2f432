"""The template writer's phrasing, from the set-21 reading (a tire retreading plant, a funeral home's
arrangements desk, a theatre's stage management desk): each test names a read-out the readers
counted and fails when its phrasing is removed."""

from __future__ import annotations

from generator.core.surface import render
from generator.phrasebook.fragments import bool_words
from generator.reader.read import read_value
from generator.records import Tool


def test_a_flag_of_a_thing_kept_on_file_says_where_it_is() -> None:
    """`dd214_on_file`: "with the DD214 on file" / "with no DD214 on file", never "with dd214 on file
    set to no" (15 rows); the reader reads both back."""
    assert bool_words("dd214_on_file") == ("with the DD214 on file", "with no DD214 on file")
    for value, said in zip((True, False), bool_words("dd214_on_file"), strict=True):
        assert read_value(f"Request honors for FH-2025-0143 {said}.", "dd214_on_file", value, {"type": "boolean"})


def test_a_flag_that_is_a_persons_role_is_what_they_are_marked_as() -> None:
    """`veteran` ("Ever served in the US armed forces."): "marked as a veteran", never "the state of
    death PA and veteran" (11 rows)."""
    assert bool_words("veteran") == ("marked as a veteran", "not marked as a veteran")


def test_a_flag_of_a_thing_and_what_happened_to_it_is_a_state() -> None:
    """`show_stopped`: "with the show stopped", never "including stopped"; `first_aid_given` with an
    irregular participle: "with the first aid given", never "with a first aid given"."""
    assert bool_words("show_stopped") == ("with the show stopped", "with the show not stopped")
    assert bool_words("first_aid_given") == ("with the first aid given", "with the first aid not given")


def test_a_persons_record_is_said_by_the_name_then_the_rest() -> None:
    """The informant of a case: "the person making arrangements, Haley Jackson (grandchild,
    913-635-1912)", never "a person making arrangement for best phone ... with the full name ...
    and the relationship ..." (21 rows); a pharmacy's record is no person's."""
    tool = Tool(name="open_case", app="", api="open_case", description="Open a case.", domain="funeral",
                parameters={"type": "object", "properties": {"informant": {
                    "type": "object", "description": "Person making arrangements (legal next of kin or authorized agent).",
                    "properties": {"name": {"type": "string", "description": "Full name."},
                                   "relationship": {"type": "string", "description": "Relationship to the deceased."},
                                   "phone": {"type": "string", "description": "Best phone number."}}}}})
    said = render({"name": "Haley Jackson", "relationship": "grandchild", "phone": "913-635-1912"}, "informant", tool)
    assert said == "the person making arrangements, Haley Jackson (grandchild, 913-635-1912)"


def test_loading_things_into_a_place_is_loading_not_getting() -> None:
    """`load_curing_chamber` "Load built tires ... into a curing chamber": "load built tires", never
    "get built tires" (16 rows)."""
    from generator.writers.phrasing.intents import derived_intent

    chamber = Tool(name="load_curing_chamber", app="", api="load_curing_chamber", domain="retread",
                   description="Load built tires of one or more work orders into a curing chamber and start the cycle.",
                   parameters={"type": "object", "properties": {}})
    assert derived_intent(chamber).startswith("load ")


def test_a_numbered_place_in_a_text_is_said_by_its_number() -> None:
    """A cue "on page 4", never "with a page of 4"; a list of cues "from page 2" "to page 5", never
    "with from page 2 and to page 5" (14 rows)."""
    from generator.phrasebook.terms import say, term

    assert say(term("page", {"type": "integer"}), "number", "4") == "on page 4"
    assert say(term("from_page", {"type": "integer"}), "number", "2") == "from page 2"
    assert say(term("to_page", {"type": "integer"}), "number", "5") == "to page 5"


def test_a_rooms_letter_is_no_article() -> None:
    """`venue` STATE_ROOM_A is "state room A": lower-cased, the letter read as an article became
    "state room an as a memorial service" and 8 rows were rejected."""
    tool = Tool(name="book_event", app="", api="book_event", description="Book an event.", domain="funeral",
                parameters={"type": "object", "properties": {"venue": {"type": "string",
                                                                       "enum": ["MAIN_CHAPEL", "STATE_ROOM_A"]}}})
    assert render("STATE_ROOM_A", "venue", tool) == "state room A"
    assert render("MAIN_CHAPEL", "venue", tool) == "main chapel"


def test_a_numbered_parts_length_names_the_part() -> None:
    """`act_one_minutes` (no description): "with act one at 75 minutes", never "for 75 minutes for
    105 minutes" where nothing says which act (17 rows, 2 chain values undetermined)."""
    from generator.phrasebook.terms import say, term

    assert say(term("act_one_minutes", {"type": "integer"}), "number", "75") == "with act one at 75 minutes"


def test_what_someone_has_written_x_of_the_y_is_said_by_the_person() -> None:
    """"Badge of the repair technician (TEC-NN)" is "repair technician TEC-94", never "for badge of
    the repair technician TEC-94"; "Phone of the person" is the phone (12 rows)."""
    from generator.phrasebook.terms import say, term

    tech = term("technician_id", {"type": "string", "description": "Badge of the repair technician (TEC-NN)."})
    assert say(tech, "text", "TEC-94") == "for repair technician TEC-94"
    phone = term("contact_phone", {"type": "string", "description": "Phone of the person to call."})
    assert "of the person" not in say(phone, "text", "317-200-0984")


def test_a_type_of_place_is_said_as_the_place() -> None:
    """`place_of_death_type` "Type of place where the death occurred.": "with a hospital as the place
    of death", never "open a case for a hospital with the full legal name ..." (19 rows)."""
    from generator.phrasebook.terms import say, term

    spec = {"type": "string", "description": "Type of place where the death occurred.", "enum": ["hospital", "residence"]}
    assert say(term("place_of_death_type", spec), "enum", "hospital") == "with a hospital as the place of death"


def test_an_intent_never_names_another_value_of_the_calls_choice() -> None:
    """`log_section_repair` logging a spot repair: "log a repair ... as a spot repair", never "log a
    section repair ... as a spot repair" (27 rows); a section repair keeps its word."""
    from generator.records import ArgPlan, CallPlan
    from generator.writers.phrasing.clauses import without_other_values

    tool = Tool(name="log_section_repair", app="", api="log_section_repair", description="Log a repair.",
                domain="retread", parameters={"type": "object", "properties": {
                    "repair_type": {"type": "string", "enum": ["nail_hole", "section", "bead", "spot"]}}})
    spot = CallPlan(tool=tool.name, tool_mode="implied", args=[ArgPlan(param="repair_type", value="spot", mode="stated")])
    assert without_other_values("log a section repair", spot, tool) == "log a repair"
    section = CallPlan(tool=tool.name, tool_mode="implied", args=[ArgPlan(param="repair_type", value="section", mode="stated")])
    assert without_other_values("log a section repair", section, tool) == "log a section repair"
    assert without_other_values("log the spot", section, tool) == "log the spot"  # the noun itself stays


def test_a_page_changed_is_where_the_thing_moves() -> None:
    """"Change cue Q-30052 on script page 1" reads as where the cue is; the gold moves it there:
    "to script page 1" (16 rows)."""
    from generator.phrasebook.terms import say, term

    assert say(term("script_page", {"type": "integer"}), "number", "1", "change cue Q-30052") == "to script page 1"
    assert say(term("page", {"type": "integer"}), "number", "4", "add a cue") == "on page 4"
