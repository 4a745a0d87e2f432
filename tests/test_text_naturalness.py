"""What the template writer says reads as people say it: apps by their spoken names, names
whose parts repeat, intents from descriptions that open with a clause, and free-text values
that are phrases fitting the parameter, never random words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.phrasebook.intents import derive_action
from generator.records import Tool
from generator.surface import render
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
    action = derive_action(tool)
    assert (action.verb, action.obj) == ("check", "domain")


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
