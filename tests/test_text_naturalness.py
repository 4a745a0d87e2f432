"""What the template writer says reads as people say it: apps by their spoken names, names
whose parts repeat, intents from descriptions that open with a clause, and free-text values
that are phrases fitting the parameter, never random words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.core.surface import render
from generator.phrasebook.intent import intent_of
from generator.phrasebook.terms import say, term
from generator.records import Tool
from generator.textreport import text_figures
from generator.writers.phrasing.clauses import spoken_app


@pytest.mark.parametrize(("app", "said"), [
    ("Spotify_v3", "Spotify"), ("Spotify _v2", "Spotify"), ("Yahoo Finance_v2", "Yahoo Finance"),
    ("Booking.com_v2", "Booking.com"), ("MapFanAPI - Search", "MapFanAPI"), ("Helioviewer v1", "Helioviewer"),
    ("Weee grocery API (sayweee.com) - browsing/searching", "Weee grocery API"),
    ("iata_airport_codes", "iata airport codes"), ("PetPal", "PetPal"), ("Drillster 2.0", "Drillster 2.0"),
])
def test_apps_are_said_without_versions_and_taglines(app: str, said: str) -> None:
    assert spoken_app(app) == said


def _tool(name: str, description: str, props: dict, app: str = "") -> Tool:
    return Tool(name=name, app=app, api=name.split(": ")[-1], domain="d", description=description,
                parameters={"type": "object", "properties": props})


def test_a_description_opening_with_a_clause_names_its_object() -> None:
    tool = _tool("Mail: FreeDomain", "Checks whether a domain is available for registration.",
                 {"domain": {"type": "string"}}, app="Mail")
    assert intent_of(tool) == "check whether a domain is available for registration"  # the author's words


def test_a_function_named_by_its_apps_word_keeps_it() -> None:
    tool = _tool("TencentVideo_search_video", "Tencent Video's video search function based on keywords.",
                 {"keyword": {"type": "string"}}, app="TencentVideo")
    tool = tool.model_copy(update={"api": "search_video"})
    assert intent_of(tool) == "search for the video"  # not "make a TencentVideo request"


def test_an_enum_name_whose_parts_repeat_keeps_its_capitals() -> None:
    tool = _tool("search_images", "Search images.",
                 {"engine": {"type": "string", "enum": ["Bing", "DuckDuckGo", "Google"]}})
    assert render("DuckDuckGo", "engine", tool) == "Duck Duck Go"


def test_the_text_report_exempts_the_offered_apps_of_judge_rows(tmp_path: Path) -> None:
    tools = [{"type": "function", "function": {"name": "Yahoo Finance_v2: stock/news", "parameters": {}}}]
    row = {"tools_list": json.dumps(tools), "label": "VALID_CALL",
           "messages_history": [{"role": "user", "content": "Get the AAPL news via Yahoo Finance_v2."}]}
    (tmp_path / "test.jsonl").write_text(json.dumps(row) + "\n")
    figs = text_figures(tmp_path, "judge")["all"]
    assert figs["defects.identifier"] == 0
    row["messages_history"][0]["content"] = "Get the AAPL news via stock_news."
    (tmp_path / "test.jsonl").write_text(json.dumps(row) + "\n")
    assert text_figures(tmp_path, "judge")["all"]["defects.identifier"] == 1


# ---------------------------------------------------------------- free-text values

FREE_TEXT_PARAMS = [  # (tool name, parameter, schema): names, categories, free text, unknown nouns
    ("update_pet_profile", "profile", {"type": "object", "properties": {"name": {"type": "string"},
                                                                       "breed": {"type": "string"}}}),
    ("update_pet_profile", "allergies", {"type": "array", "items": {"type": "string"},
                                         "description": "Known allergies"}),
    ("refill_prescription", "pharmacy", {"type": "object", "properties": {"name": {"type": "string"}},
                                         "required": ["name"]}),
    ("book_appointment", "notes", {"type": "string", "description": "Anything the vet should know"}),
    ("search_medications", "query", {"type": "string", "description": "Medication or active ingredient"}),
    ("cancel_order", "reason", {"type": "string"}),
    ("create_event", "title", {"type": "string", "description": "Event title"}),
    ("create_automation", "automation_name", {"type": "string"}),
    ("get_player_stats", "player_name", {"type": "string", "description": "The name of the NBA player."}),
    ("museum_info", "museum", {"type": "string", "description": "The name of the museum."}),
    ("tune", "gizmo_nickname", {"type": "string"}),
    ("register", "serial", {"type": "string"}),
    ("analyze", "statement", {"type": "string", "description": "What the user says about the issue"}),
    ("tts", "content", {"type": "string", "description": "The text content that needs to be converted to speech."}),
]


def _lorem_words() -> set[str]:
    from faker.providers.lorem.en_US import Provider

    return set(Provider.word_list)


def _strings(value) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


@pytest.mark.parametrize(("tool_name", "param", "schema"), FREE_TEXT_PARAMS)
def test_free_text_values_are_phrases_never_random_words(tool_name: str, param: str, schema: dict) -> None:
    """Every value is a phrase, a name or a category member: never a lone dictionary word drawn
    at random ("a profile called allow", "with breed effort", "allergies tend, shake and alone")."""
    import random

    from generator.core.values import sample_arguments

    tool = _tool(tool_name, "", {param: schema})
    tool = tool.model_copy(update={"parameters": {**tool.parameters, "required": [param]}})
    lorem = _lorem_words()
    for seed in range(25):
        for text in _strings(sample_arguments(tool, random.Random(seed))[param]):
            assert text.lower() not in lorem, (param, text)


def test_names_fit_the_thing_they_name() -> None:
    import random

    from generator.core.freetext import CATEGORIES, PET_NAMES, TEXTS
    from generator.core.values import sample_arguments

    pet = _tool("update_pet_profile", "", {"profile": FREE_TEXT_PARAMS[0][2]})
    pet = pet.model_copy(update={"parameters": {**pet.parameters, "required": ["profile"]}})
    names = {sample_arguments(pet, random.Random(s))["profile"].get("name") for s in range(30)} - {None}
    assert names and names <= set(PET_NAMES)
    pharmacy = _tool("refill_prescription", "", {"pharmacy": FREE_TEXT_PARAMS[2][2]})
    pharmacy = pharmacy.model_copy(update={"parameters": {**pharmacy.parameters, "required": ["pharmacy"]}})
    assert all(sample_arguments(pharmacy, random.Random(s))["pharmacy"]["name"].endswith(" Pharmacy")
               for s in range(10))
    meds = _tool("search_medications", "", {"query": FREE_TEXT_PARAMS[4][2]})
    meds = meds.model_copy(update={"parameters": {**meds.parameters, "required": ["query"]}})
    assert {sample_arguments(meds, random.Random(s))["query"] for s in range(10)} <= set(CATEGORIES["medication"])
    notes = _tool("book_appointment", "", {"notes": FREE_TEXT_PARAMS[3][2]})
    notes = notes.model_copy(update={"parameters": {**notes.parameters, "required": ["notes"]}})
    assert {sample_arguments(notes, random.Random(s))["notes"] for s in range(10)} <= set(TEXTS["note"])


# ---------------------------------------------------------------- enum and boolean words


def test_booleans_read_as_english() -> None:
    from generator.phrasebook.fragments import bool_words

    assert bool_words("express_shipping") == ("with express shipping", "without express shipping")
    assert bool_words("notify_owner") == ("notifying the owner", "without notifying the owner")
    assert bool_words("simulate_presence")[0] == "simulating presence"


def test_sort_orders_and_reasons_read_as_english() -> None:
    from generator.phrasebook.fragments import enum_words

    assert enum_words("price_desc", "sort_by", {}) == "price, highest first"
    assert enum_words("date_asc", "sort", {}) == "date, oldest first"
    reason = term("reason", {"type": "string", "enum": ["owner_request", "bad_weather"]})
    assert say(reason, "enum", "bad weather") == "because of bad weather"


# ---------------------------------------------------------------- TRAJECT hard hints


def test_hard_hints_are_said_in_the_parameters_own_fragment() -> None:
    """ "starting June 3, 2025", "until June 9, 2025", "for thirty minutes", not "from a from date of
    June 3, 2025" / "with a duration minutes of thirty"; the check still finds the value words."""
    import random

    from generator.records import ArgPlan
    from generator.traject.plans import hint_for, hint_said
    from generator.writers.phrasing.args import Arg, modifier

    tool = _tool("set_away_mode", "Set the away mode.", {
        "from_date": {"type": "string", "format": "date"}, "to_date": {"type": "string", "format": "date"},
        "duration_minutes": {"type": "integer"}, "transition_seconds": {"type": "number"}})
    for param, value, said in [("from_date", "2025-06-03", "starting June 3, 2025"),  # "from" in a range
                               ("to_date", "2025-06-09", "until June 9, 2025"),
                               ("duration_minutes", 30, "thirty minutes"),
                               ("transition_seconds", 23, "a transition of twenty-three seconds")]:
        hint = hint_for(tool, param, value)
        plan = ArgPlan(param=param, value=value, mode="hinted", source="query", hint=hint)
        text = modifier(Arg(param, hint, plan), tool, None, random.Random(1))
        # the hint's own "a <noun> of" never stacks on the fragment's ("a transition seconds of")
        assert said in text and text.count(" of ") <= 1 and "seconds of" not in text, (param, hint, text)
        assert hint_said(tool, param, value, hint) in text


def test_units_ending_a_name_are_said_with_the_value() -> None:
    from generator.phrasebook.fragments import bool_words

    assert say(term("volume_ul", {"type": "number"}), "number", "250") == "with a volume of 250 microliters"
    assert term("storage_temp_c", {"type": "number"}).noun == "storage temperature"
    method = term("method", {"type": "string", "enum": ["autoclave", "chemical_waste"]})
    assert say(method, "enum", "autoclave") == "by autoclave"
    assert bool_words("in_stock") == ("in stock", "not in stock")
    assert bool_words("urgent") == ("marked as urgent", "not marked as urgent")


def test_glued_words_split_only_into_words() -> None:
    from generator.phrasebook.lexicon import split_compound

    assert split_compound("configs") == ["configs"]  # not "con figs"
    assert split_compound("outputsize") == ["output", "size"]


def test_a_full_name_and_a_stylist_are_people() -> None:
    import random

    from generator.core.values import sample_arguments

    for param, schema in [("name", {"type": "string", "description": "Full name of the account holder"}),
                          ("stylist_name", {"type": "string"})]:
        tool = _tool("book", "", {param: schema})
        tool = tool.model_copy(update={"parameters": {**tool.parameters, "required": [param]}})
        value = sample_arguments(tool, random.Random(3))[param]
        assert len(value.split()) == 2 and value.split()[1][:1].isupper() and value.split()[1][1:].islower(), value


@pytest.mark.parametrize(("param", "schema", "said"), [
    ("duration_min", {"type": "integer"}, "for {v} minutes"),  # minutes after a span word
    ("price_min", {"type": "number"}, "with a price of at least {v}"),  # a bound, not minutes
    ("distance_km", {"type": "number"}, "with a distance of {v} km"),
    ("max_distance_miles", {"type": "number"}, "with a distance of at most {v} miles"),
    ("daily_miles", {"type": "number"}, "with {v} miles"),  # no "a daily of": an adjective is no noun
    ("d", {"type": "number", "description": "Distance in meters"}, "with a distance of {v} meters"),
    ("extend_days", {"type": "integer", "enum": [7, 14, 21]}, "extending it by {v} days"),  # no weekday "on 7"
    ("number_of_tickets", {"type": "integer", "enum": [1, 2, 3, 4]}, "for {v} tickets"),
    ("coach_name", {"type": "string"}, "with coach {v}"),  # a person, not "called ..."
    ("abv_min", {"type": "number", "description": "Minimum alcohol by volume percentage"},
     "with at least {v}% alcohol"),
    ("depth_m", {"type": "number", "description": "Sensor depth in metres"}, "with a sensor depth of {v} metres"),
    ("fish_sampled", {"type": "integer", "description": "Number of fish to sample"}, "with {v} fish"),
    ("pen_number", {"type": "integer", "description": "Pen number within the site"}, "for pen {v}"),
])
def test_numbers_bounds_units_and_people_are_said_as_a_user_says_them(param: str, schema: dict, said: str) -> None:
    kind = "number" if schema["type"] in ("integer", "number") else "text"
    assert say(term(param, schema), kind, "{v}") == said
