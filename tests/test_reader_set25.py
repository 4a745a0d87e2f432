"""Reading classes found in the third held-out label set (LLM-written queries over TRAILBench
histories and TRAJECT-Bench tools, 2026-12-05): each test fails when its class is taken out of the
reader."""

from __future__ import annotations

from datetime import datetime

import pytest

from generator.reader import Situation, read_query
from generator.records import HistoryEvent, Tool, ToolCall

NOW = datetime(2025, 7, 30, 18, 0)  # a Wednesday


def tool(name: str, props: dict, domain: str = "misc") -> Tool:
    app, _, api = name.partition("_")
    return Tool(name=name, app=app, api=api, domain=domain, description="",
                parameters={"type": "object", "properties": props}, source_format="openai")


def event(time: str, app: str, kind: str, api: str = "do", **params) -> HistoryEvent:
    return HistoryEvent(time=time, apitype=kind, toolname=app, apiname=api, parameters=params)


def read(text: str, call: ToolCall, t: Tool, history=(), time=NOW) -> dict:
    situation = Situation(time=time, tools={t.name: t}, history=list(history), steps=[], adapted=[])
    return {a.param: a for a in read_query(text, [call], situation, [t.domain]).args}


SHOP = tool("Taobao_search_goods", {"keyword": {"type": "string"}, "free_shipping": {"type": "boolean"},
                                    "sort_by": {"type": "string", "enum": ["comprehensive", "sales_descending"]}},
            "shopping")
SHOPPING = [event(f"2025-07-2{d} 12:00", "Taobao", "shopping", "search_goods", keyword=k, free_shipping=True,
                  sort_by="sales_descending") for d, k in ((6, "cola"), (8, "dresses"))]


def test_again_repeats_what_was_asked_not_how_it_was_sorted():
    call = ToolCall(tool=SHOP.name, arguments={"keyword": "white dresses", "free_shipping": True,
                                               "sort_by": "sales_descending"})
    out = read("Show me dresses again, but only white ones.", call, SHOP, SHOPPING)
    assert out["sort_by"].label == "omitted"


def test_the_same_settings_still_take_in_the_sort():
    call = ToolCall(tool=SHOP.name, arguments={"keyword": "lime juice", "free_shipping": True,
                                               "sort_by": "sales_descending"})
    assert read("Search lime juice with the same settings as the cola.", call, SHOP, SHOPPING)["sort_by"].label == "hinted"


FOOD = tool("Meituan_search_restaurant", {"name": {"type": "string"}, "food": {"type": "array", "items": {"type": "string"}},
                                          "location": {"type": "string"}, "is_delivery": {"type": "boolean"}}, "food")
MEALS = [event("2025-07-11 20:55", "Meituan", "food", "search_restaurant", name="Elephant Supermarket",
               food=["Egg tart combo"], location="Gate 3", is_delivery=True),
         event("2025-07-29 12:30", "Meituan", "food", "search_restaurant", name="Zero Light Meal",
               food=["Salad"], location="Siyuan Gate", is_delivery=True)]


def test_a_thing_from_a_day_points_at_that_days_event():
    call = ToolCall(tool=FOOD.name, arguments={"name": "Elephant Supermarket", "food": ["Egg tart combo"],
                                               "location": "Siyuan Gate", "is_delivery": True})
    out = read("That egg tart combo from the 11th again.", call, FOOD, MEALS)
    assert (out["name"].label, out["name"].determined) == ("hinted", True)


@pytest.mark.parametrize("text", ["Lunch here, something light.", "Get it delivered here."])
def test_here_for_a_place_points_at_where_the_user_is(text):
    call = ToolCall(tool=FOOD.name, arguments={"name": "Zero Light Meal", "food": ["Salad"], "location": "Siyuan Gate",
                                               "is_delivery": True})
    out = read(text, call, FOOD, MEALS)
    assert (out["location"].label, out["location"].determined) == ("hinted", True)


def test_eating_here_is_no_delivery():
    call = ToolCall(tool=FOOD.name, arguments={"name": "Zero Light Meal", "food": ["Salad"], "location": "Siyuan Gate",
                                               "is_delivery": False})
    assert read("A salad from Zero Light Meal I can eat here.", call, FOOD, MEALS)["is_delivery"].label == "stated"


def test_a_name_said_without_its_trailing_kind_of_place_is_stated():
    call = ToolCall(tool=FOOD.name, arguments={"name": "Gu Yang Western Food Restaurant", "food": ["Steak"],
                                               "location": "Siyuan Gate", "is_delivery": False})
    out = read("A steak at Gu Yang Western Food, please.", call, FOOD, MEALS)
    assert out["name"].label == "stated"
    call = ToolCall(tool=FOOD.name, arguments={"name": "Berlin Restaurant", "food": ["Steak"],
                                               "location": "Siyuan Gate", "is_delivery": False})
    assert read("A steak in Berlin, please.", call, FOOD, MEALS)["name"].label != "stated"


PATH = tool("GaodeMap_get_path", {"start_name": {"type": "string"}, "end_name": {"type": "string"}}, "transport")
TRIPS = [event("2025-07-28 08:00", "GaodeMap", "transport", "get_path", start_name="Longsheng Metro", end_name="Huawei F3"),
         event("2025-07-29 08:00", "GaodeMap", "transport", "get_path", start_name="Longsheng Metro", end_name="Huawei F3"),
         event("2025-07-29 19:00", "GaodeMap", "transport", "get_path", start_name="Huawei F3", end_name="Longsheng Metro"),
         event("2025-07-30 09:00", "GaodeMap", "transport", "get_path", start_name="Longsheng Metro", end_name="Pujiang Park"),
         event("2025-07-30 14:00", "GaodeMap", "transport", "get_path", start_name="Pujiang Park", end_name="Hui Jin Mall")]


def test_the_way_i_came_said_without_the_is_the_way_back():
    call = ToolCall(tool=PATH.name, arguments={"start_name": "Pujiang Park", "end_name": "Longsheng Metro"})
    out = read("Heading back now, same way I came this morning.", call, PATH, TRIPS[:4])
    assert [(out[p].label, out[p].determined) for p in ("start_name", "end_name")] == [("hinted", True)] * 2


def test_where_i_came_from_is_where_the_latest_trip_started():
    call = ToolCall(tool=PATH.name, arguments={"start_name": "Hui Jin Mall", "end_name": "Pujiang Park"})
    out = read("Done here, get me back to where I came from.", call, PATH, TRIPS)
    assert (out["end_name"].label, out["end_name"].determined) == ("hinted", True)


def test_a_history_value_written_with_other_spacing_determines():
    call = ToolCall(tool=PATH.name, arguments={"start_name": "Huijin Mall", "end_name": "Pujiang Park"})
    out = read("Done shopping, back to where I came from.", call, PATH, TRIPS)
    assert (out["start_name"].label, out["start_name"].determined) == ("hinted", True)


def test_a_habit_word_before_a_dash_and_the_morning_commute():
    call = ToolCall(tool=PATH.name, arguments={"start_name": "Huawei F3", "end_name": "City Dental"})
    out = read("To City Dental from the office \u2014 bike route.", call, PATH, TRIPS[:3])
    assert (out["start_name"].label, out["start_name"].determined) == ("hinted", True)
    call = ToolCall(tool=PATH.name, arguments={"start_name": "Longsheng Metro", "end_name": "Huawei F3"})
    out = read("Morning commute time, the quickest way.", call, PATH, TRIPS[:3], time=datetime(2025, 7, 31, 7, 50))
    assert [(out[p].label, out[p].determined) for p in ("start_name", "end_name")] == [("hinted", True)] * 2


LISTINGS = tool("Airbnb_count", {"bedrooms": {"type": "integer"}, "offset": {"type": "integer"}}, "travel")


@pytest.mark.parametrize("text,bedrooms", [("How many two-bedroom listings, from the first result?", 2),
                                           ("One-bedroom places, starting from the top of the list.", 1)])
def test_a_count_joined_to_its_noun_and_an_offset_from_the_start(text, bedrooms):
    call = ToolCall(tool=LISTINGS.name, arguments={"bedrooms": bedrooms, "offset": 0})
    out = read(text, call, LISTINGS)
    assert (out["bedrooms"].label, out["offset"].label) == ("stated", "stated")


def test_an_unsaid_value_is_determined_by_the_tools_own_calls_as_the_guidelines_say():
    own = [event(f"2025-07-2{d} 10:00", "Taobao", "shopping", "search_goods", keyword="socks", free_shipping=True,
                 sort_by="sales_descending") for d in (1, 2, 3)]
    other = [event(f"2025-07-2{d} 10:00", "JD", "shopping", "search_goods", keyword="socks", sort_by="comprehensive")
             for d in (5, 6)]
    call = ToolCall(tool=SHOP.name, arguments={"keyword": "white dresses", "free_shipping": True, "sort_by": "sales_descending"})
    out = read("Find me white dresses.", call, SHOP, own + other)
    assert (out["sort_by"].label, out["sort_by"].determined) == ("omitted", True)


TANKS = tool("CiderMill_get_tank_readings", {"tank_id": {"type": "string"}}, "cider_mill")


def test_a_request_named_by_the_plural_of_its_function_is_the_event_it_points_at():
    """"my tank reading request" is a `get_tank_readings` call: "readings" and "reading" stem alike."""
    history = [event("2025-05-24 08:32", "CiderMill", "cider_mill", "update_tank", tank_id="FT-01"),
               event("2025-05-24 12:13", "CiderMill", "cider_mill", "get_tank_readings", tank_id="FT-03")]
    call = ToolCall(tool=TANKS.name, arguments={"tank_id": "FT-03"})
    out = read("Readings for the same tank as my tank reading request on May 24 at lunchtime.", call, TANKS,
               history, time=datetime(2025, 5, 25, 9, 3))
    assert (out["tank_id"].label, out["tank_id"].determined) == ("hinted", True)


def test_the_same_things_listed_with_commas_as_one_event_cover_each_of_them():
    meds = tool("Clinic_search_medications", {"query": {"type": "string"},
                                              "max_price": {"type": "number", "description": "Maximum price in dollars"},
                                              "sort_by": {"type": "string", "enum": ["newest", "name"]}}, "vet")
    history = [event("2025-05-06 18:57", "Clinic", "vet", "search_medications", query="ibuprofen", max_price=234.0,
                     sort_by="newest"),
               event("2025-05-06 18:58", "Clinic", "vet", "search_medications", query="omeprazole", max_price=58.99),
               event("2025-05-20 10:00", "Clinic", "vet", "search_medications", query="omeprazole", max_price=58.99)]
    call = ToolCall(tool=meds.name, arguments={"query": "ibuprofen", "max_price": 234.0, "sort_by": "newest"})
    out = read("Search the catalog with the same search term, price and sort order as my first medication search "
               "on May 6.", call, meds, history)
    assert [(out[p].label, out[p].determined) for p in ("query", "max_price", "sort_by")] == [("hinted", True)] * 3


def test_the_same_place_and_meal_as_an_event_cover_the_place_and_the_meal():
    food = tool("Meituan_search_restaurant", {"name": {"type": "string"}, "meal_type": {"type": "string",
                "enum": ["lunch", "dinner"]}, "food": {"type": "array", "items": {"type": "string"}}}, "food")
    history = [event("2025-07-29 12:03", "Meituan", "food", "search_restaurant", name="Chopia", meal_type="lunch",
                     food=["Light meal"]),
               event("2025-07-29 15:00", "Eleme", "food", "search_restaurant", name="Zero Cafe", meal_type="lunch",
                     food=["Tea"])]
    call = ToolCall(tool=food.name, arguments={"name": "Chopia", "meal_type": "dinner", "food": ["Light meal"]})
    out = read("Dinner time: same place and same meal as lunch today.", call, food, history,
               time=datetime(2025, 7, 29, 18, 0))
    assert (out["name"].label, out["name"].determined) == ("hinted", True)
