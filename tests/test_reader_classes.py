"""The reading classes added for LLM-written text, one test each: each fails when its class is
taken out of the reader (scripts/mutate.py names the spot): values said for another request,
anaphora, names referred to by their last word, flags written as text, period bounds, days said by
name or arithmetic, ranges and ordinals, options of schemas that list none, defaults written in a
description, empty values, the trajectory's own source marking, pointers to one earlier event,
reversals and "where" pointers, habit places over every place, where the user is now, a usual
bound to its noun."""

from datetime import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.reader import Situation, Step, read_query
from generator.records import HistoryEvent, Tool, ToolCall

NOW = datetime(2025, 7, 30, 18, 0)  # a Wednesday


def tool(name: str, props: dict, domain: str = "misc", description: str = "", source: str = "openai") -> Tool:
    app, _, api = name.partition(": ") if ": " in name else name.partition("_")
    return Tool(name=name, app=app, api=api, domain=domain, description=description,
                parameters={"type": "object", "properties": props}, source_format=source)


def read(text: str, calls: list[ToolCall], tools: list[Tool], *, history=(), time=NOW, kinds=(), steps=(),
         adapted=()) -> dict[tuple[int, str], object]:
    situation = Situation(time=time, tools={t.name: t for t in tools}, history=list(history), steps=list(steps),
                          adapted=list(adapted))
    return {(a.call, a.param): a for a in read_query(text, calls, situation, list(kinds)).args}


def one(text: str, args: dict, props: dict | None = None, **kw):
    t = tool("App_do", props or {p: {"type": "string"} for p in args}, kw.pop("domain", "misc"),
             source=kw.pop("source", "openai"))
    out = read(text, [ToolCall(tool="App_do", arguments=args)], [t], kinds=[t.domain], **kw)
    return {p: a for (_, p), a in out.items()}


def event(time: str, app: str, kind: str, **params) -> HistoryEvent:
    return HistoryEvent(time=time, apitype=kind, toolname=app, apiname="do", parameters=params)


# ---------------------------------------------------------------- a value is stated for its own request

STATION = tool("Deutsche Bahn: Search stations", {"query": {"type": "string"}}, description="Find train stations")
MARKETS = tool("Airbnb listings: Markets", {"market": {"type": "string"}}, description="Listings per market")


def test_a_value_written_for_another_request_does_not_state_this_one():
    calls = [ToolCall(tool=STATION.name, arguments={"query": "Berlin"}),
             ToolCall(tool=MARKETS.name, arguments={"market": "Berlin"})]
    out = read("Please gather: look up 'Berlin' to confirm the main station; Markets from Airbnb listings.",
               calls, [STATION, MARKETS])
    assert out[(0, "query")].label == "stated"
    assert out[(1, "market")].label == "omitted", out[(1, "market")]


SMTP = tool("fast Email verifier: email Check SMTP", {"username": {"type": "string"}, "domain": {"type": "string"}},
            description="Checks your domain's SMTP configuration")
VALIDATE = tool("Email Address Validator: Validate Email Address", {"email": {"type": "string"}},
                description="Determines if an email address is deliverable")


def test_that_address_points_back_to_the_address_before_it_never_forward():
    calls = [ToolCall(tool=VALIDATE.name, arguments={"email": "ann@acme.com"}),
             ToolCall(tool=SMTP.name, arguments={"username": "ann", "domain": "acme.com"})]
    back = read("Validate ann@acme.com for deliverability. Then check SMTP for that address.", calls, [VALIDATE, SMTP])
    assert (back[(1, "username")].label, back[(1, "domain")].label) == ("stated", "stated")
    assert back[(1, "domain")].rule == "anaphora"
    ahead = read("Check SMTP for that address. Then validate ann@acme.com for deliverability.", calls,
                 [VALIDATE, SMTP])
    assert (ahead[(1, "username")].label, ahead[(1, "domain")].label) == ("omitted", "omitted")


def test_a_name_written_in_full_is_referred_to_by_its_last_word():
    talks = tool("TED Talks API: getTalks", {"speaker": {"type": "string"}}, description="TED talks by speaker")
    people = tool("DEI: GetPeople", {"page": {"type": "string"}}, description="People in DEI")
    calls = [ToolCall(tool=talks.name, arguments={"speaker": "yuval_noah_harari"}),
             ToolCall(tool=people.name, arguments={"page": "yuval_noah_harari"})]
    out = read("Find TED talks by Yuval Noah Harari. Then show the DEI people page about Harari.", calls,
               [talks, people])
    assert out[(1, "page")].label == "stated" and "refers back" in out[(1, "page")].evidence


SUGGEST = tool("Roomly com Provider: Auto Suggest", {"string": {"type": "string"}, "get_hotels": {"type": "boolean"}},
               description="Suggests places for a search string")
DOMAINS = tool("Hotels com Provider: Domains", {}, description="Lists the booking domains")
STOPS = tool("Railnet: Autocomplete", {"query": {"type": "string"}}, description="Finds train stations by name")


@pytest.mark.parametrize("text, asked, said", [
    # a provider's name says nothing of a flag (the domains API is offered, not asked for)
    ("Auto suggest 'Lima' from Roomly com Provider. Last year I booked on Hotels com Provider.", (0, 2), False),
    # a bare noun in a request another call is closer to
    ("Auto suggest 'Lima' from Roomly com Provider. Then pull hotel domains from Hotels com Provider.", (0, 1, 2),
     False),
    # a bare noun that "and" joins to another request
    ("Auto suggest 'Lima' from Roomly com Provider. Confirm the 'Lima' station and note nearby hotel clusters.",
     (0, 1, 2), False),
    ("Auto suggest 'Lima' from Roomly com Provider, hotels included. Then pull domains from Hotels com Provider.",
     (0, 1, 2), True),
])
def test_a_flag_is_read_in_its_own_request_never_a_neighbours_or_a_providers_name(text, asked, said):
    calls = [ToolCall(tool=SUGGEST.name, arguments={"string": "Lima", "get_hotels": True}),
             ToolCall(tool=DOMAINS.name, arguments={}), ToolCall(tool=STOPS.name, arguments={"query": "Lima"})]
    got = read(text, [calls[i] for i in asked], [SUGGEST, DOMAINS, STOPS])[(0, "get_hotels")]
    assert got.label == ("stated" if said else "omitted"), got


# ---------------------------------------------------------------- flags, periods, days, ranges, options

def test_a_flag_written_as_text_reads_as_a_flag():
    out = one("the year fact in JSON format, no fragment", {"json": "true", "fragment": "false"})
    assert (out["json"].label, out["fragment"].label) == ("stated", "stated")
    assert out["json"].rule == "boolean"


@pytest.mark.parametrize("text, gold", [("talks from 2017 onwards", "2017-01-01"),
                                        ("published since January 2019", "2019-01-01"),
                                        ("recorded until 2020", "2020-12-31")])
def test_a_month_or_year_bounding_a_period_is_its_first_or_last_day(text, gold):
    assert one(text, {"from_date": gold})["from_date"].label == "stated"


@pytest.mark.parametrize("text, gold", [("the Hot 100 on the Ides of March 2023", "2023-03-15"),
                                        ("the chart for May Day 2023", "2023-05-01"),
                                        ("the day after Halloween 2023", "2023-11-01"),
                                        ("the third Saturday of January 2019", "2019-01-19"),
                                        ("on June 3, 2025 and then the Saturday right after that", "2025-06-07")])
def test_days_said_by_name_or_by_calendar_arithmetic(text, gold):
    assert one(text, {"date": gold})["date"].label == "stated", (text, gold)


@pytest.mark.parametrize("text", ["Close the turn with an off-block of 10:15 am UTC on June 2, 2025.",
                                  "Close the turn with an off-block of June 2, 2025 at 10:15 am UTC.",
                                  "Close the turn: off-block June 2nd 2025, 10:15."])
def test_a_date_time_with_a_zone_is_stated_by_its_date_and_time_in_either_order(text):
    gold = {"off_block": "2025-06-02T10:15:00Z"}
    assert one(text, gold)["off_block"].label == "stated", text
    assert one(text.replace("10:15", "10:45"), gold)["off_block"].label != "stated"


def test_a_from_to_pair_of_times_shares_its_day_and_each_time_takes_the_nearest_day():
    gold = {"start": "2025-06-02T10:15:00Z", "end": "2025-06-02T11:15:00Z"}
    out = one("Allocate stand 12 from 10:15 to 11:15 am UTC on June 2, 2025.", gold)
    assert (out["start"].label, out["end"].label) == ("stated", "stated")
    out = one("Allocate stand 12 from 10:15 am on June 2, 2025 until 11:15 am on June 3.", gold)
    assert (out["start"].label, out["end"].label) == ("stated", "omitted")


def test_ranges_top_n_and_ordinals_of_the_parameter_noun():
    props = {"range": {"type": "string"}, "page": {"type": "integer"}, "limit": {"type": "integer"}}
    out = one("the top 10 songs, second page, just the top hit", {"range": "1-10", "page": 2, "limit": 1}, props)
    assert {p: a.label for p, a in out.items()} == dict.fromkeys(props, "stated")


def test_an_option_of_a_schema_that_lists_none_is_said_by_its_words():
    out = one("stations sorted descending, with the high-quality download", {"order": "DESC", "download": "hq"})
    assert (out["order"].label, out["download"].label) == ("stated", "stated")
    assert out["order"].rule == "option"


# ---------------------------------------------------------------- defaults, empty values, source

def test_a_default_written_in_the_description_determines():
    props = {"smtp": {"type": "string", "description": "Check the mail server. Default: true"},
             "by": {"type": "string", "description": "- Song Name (default)\n- Date"}}
    out = one("verify it", {"smtp": "true", "by": "Song Name"}, props)
    assert all((a.label, a.determined, a.rule) == ("omitted", True, "default") for a in out.values()), out
    assert one("verify it", {"by": "Date"}, props)["by"].determined is False


def test_an_empty_value_is_the_catalog_default_left_empty():
    out = one("list the airports", {"icao": ""}, source="traject")
    assert (out["icao"].label, out["icao"].determined) == ("omitted", True)


def test_source_previous_output_follows_the_trajectory_declaration():
    first = tool("Numbers: Get year fact", {"year": {"type": "string"}})
    second = tool("Helioviewer v1: getJP2Image", {"date": {"type": "string"}, "observatory": {"type": "string"}})
    calls = [ToolCall(tool=first.name, arguments={"year": "1969"}),
             ToolCall(tool=second.name, arguments={"date": "1969", "observatory": "SDO"})]
    steps = [Step(call=calls[0], output="{'number': 1969, 'type': 'year'}"), Step(call=calls[1], output="")]
    out = read("A fact about 1969, then an SDO image from 1969.", calls, [first, second], steps=steps,
               adapted=["", "date"])
    assert (out[(1, "date")].label, out[(1, "date")].source) == ("stated", "previous_output")
    assert out[(1, "observatory")].source is None


# ---------------------------------------------------------------- pointers to one earlier event

SHOP = tool("Pinduoduo_search_goods", {"keyword": {"type": "string"}, "sort_by": {"type": "string"},
                                       "max_price": {"type": "number"}}, "shopping")
SEARCHES = [event("2025-07-29 10:00", "Pinduoduo", "shopping", keyword="Storage basket", sort_by="price_ascending",
                  max_price=20),
            event("2025-07-30 09:00", "Pinduoduo", "shopping", keyword="Socks", sort_by="sales_descending",
                  max_price=50)]


def test_a_pointer_reads_the_one_event_it_names_even_when_not_the_latest():
    call = ToolCall(tool=SHOP.name, arguments={"keyword": "Clothes hanger", "sort_by": "price_ascending",
                                               "max_price": 20})
    out = read("Need clothes hangers from Pinduoduo. Same filters as the storage basket search yesterday.", [call],
               [SHOP], history=SEARCHES, kinds=["shopping"])
    assert out[(0, "keyword")].label == "stated"
    for p in ("sort_by", "max_price"):
        assert (out[(0, p)].label, out[(0, p)].determined, out[(0, p)].rule) == ("hinted", True, "history:event")


def test_a_pointer_whose_lead_names_one_parameter_covers_only_it():
    call = ToolCall(tool=SHOP.name, arguments={"keyword": "Mop", "sort_by": "price_ascending", "max_price": 50})
    out = read("I need a mop. Search and sort it the same way I did for the storage basket yesterday.", [call],
               [SHOP], history=SEARCHES, kinds=["shopping"])
    assert (out[(0, "sort_by")].label, out[(0, "sort_by")].determined) == ("hinted", True)
    assert out[(0, "max_price")].label == "omitted"


TAXI = tool("Didi_get_taxi", {"start_name": {"type": "string"}, "end_name": {"type": "string"}}, "transport")
TRIPS = [event("2025-07-30 07:30", "Didi", "transport", start_name="North Campus", end_name="Lake Lab"),
         event("2025-07-30 12:00", "Didi", "transport", start_name="Lake Lab", end_name="City Hospital")]


def test_the_reverse_of_a_trip_and_where_a_trip_started_or_ended():
    call = ToolCall(tool=TAXI.name, arguments={"start_name": "Lake Lab", "end_name": "North Campus"})
    out = read("Taxi back please, just the reverse of this morning's trip.", [call], [TAXI], history=TRIPS,
               kinds=["transport"])
    assert [(out[(0, p)].label, out[(0, p)].determined) for p in ("start_name", "end_name")] == [("hinted", True)] * 2
    call = ToolCall(tool=TAXI.name, arguments={"start_name": "City Hospital", "end_name": "Lake Lab"})
    out = read("Take me back to where I left from at noon.", [call], [TAXI], history=TRIPS, kinds=["transport"])
    assert (out[(0, "end_name")].label, out[(0, "end_name")].determined) == ("hinted", True)


def test_habit_places_and_where_the_user_is_now():
    call = ToolCall(tool=TAXI.name, arguments={"start_name": "City Hospital", "end_name": "North Campus"})
    out = read("Done at the hospital, get me a taxi back to campus.", [call], [TAXI], history=TRIPS,
               kinds=["transport"])
    assert (out[(0, "start_name")].label, out[(0, "start_name")].determined, out[(0, "start_name")].rule) == \
        ("hinted", True, "history:here")
    assert (out[(0, "end_name")].label, out[(0, "end_name")].determined, out[(0, "end_name")].rule) == \
        ("hinted", True, "history:habit")


@pytest.mark.parametrize("text", ["Directions to get back home.", "Get me back home, please."])
def test_back_home_is_where_the_trip_goes_not_where_it_starts(text):
    call = ToolCall(tool=TAXI.name, arguments={"start_name": "City Hospital", "end_name": "North Campus"})
    out = read(text, [call], [TAXI], history=TRIPS, kinds=["transport"])
    assert out[(0, "start_name")].label == "omitted" and out[(0, "end_name")].label == "hinted"


def test_the_same_place_binds_place_arguments_only():
    food = tool("Eleme_order", {"dish": {"type": "string"}, "address": {"type": "string"},
                                "payment": {"type": "string"}}, "food")
    history = [event("2025-07-29 12:00", "Eleme", "food", dish="Ramen", address="Gate 3", payment="wallet")]
    call = ToolCall(tool=food.name, arguments={"dish": "Beef bowl", "address": "Gate 3", "payment": "wallet"})
    out = read("A beef bowl on Eleme, delivered to the same place as my ramen.", [call], [food], history=history,
               kinds=["food"])
    assert (out[(0, "address")].label, out[(0, "address")].determined) == ("hinted", True)
    assert out[(0, "payment")].label == "omitted"


def test_from_here_points_at_where_the_user_is_as_the_start():
    """"From here" is where the latest trip ended (not where the latest trip started), or the place
    of a later event of the same kind that names one."""
    call = ToolCall(tool=TAXI.name, arguments={"start_name": "City Hospital", "end_name": "Airport T2"})
    out = read("How do I get to Airport T2 from here?", [call], [TAXI], history=TRIPS, kinds=["transport"])
    assert (out[(0, "start_name")].label, out[(0, "start_name")].rule, out[(0, "start_name")].determined) == \
        ("hinted", "history:nearby", True)
    assert out[(0, "end_name")].label == "stated"
    stops = event("2025-07-30 13:00", "Didi", "transport", location="Harbor Square")
    out = read("How do I get to Airport T2 from here?", [call], [TAXI], history=[*TRIPS, stops], kinds=["transport"])
    assert (out[(0, "start_name")].label, out[(0, "start_name")].determined) == ("hinted", False)


def test_a_usual_bound_to_its_noun_covers_only_the_argument_holding_it():
    food = tool("Eleme_search", {"food": {"type": "string"}, "order_by": {"type": "string"}}, "food")
    history = [event(f"2025-07-2{i} 12:00", "Eleme", "food", food="Beef bowl rice", order_by="default_sorting")
               for i in range(3)]
    call = ToolCall(tool=food.name, arguments={"food": "Beef bowl rice", "order_by": "default_sorting"})
    out = read("Lunch: my usual beef bowl on Eleme.", [call], [food], history=history, kinds=["food"])
    assert (out[(0, "food")].label, out[(0, "food")].determined) == ("hinted", True)
    assert out[(0, "order_by")].label == "omitted"


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=5), st.sampled_from(["yesterday", "this morning", "on Monday"]))
def test_a_pointer_never_reads_an_event_after_the_query(later, when):
    """Whatever events follow the query, a pointer reads only the ones before it."""
    after = [event(f"2025-07-31 0{k}:00", "Pinduoduo", "shopping", keyword="Storage basket", sort_by="price_descending",
                   max_price=99) for k in range(later)]
    call = ToolCall(tool=SHOP.name, arguments={"keyword": "Hangers", "sort_by": "price_ascending", "max_price": 20})
    out = read(f"Hangers, same filters as the storage basket search {when}.", [call], [SHOP],
               history=SEARCHES + after, kinds=["shopping"])
    assert out[(0, "sort_by")].value != "price_descending"


def test_a_flag_is_not_read_from_inside_another_value_of_its_call() -> None:
    """'fastest delivery first' says the sort order (delivery_time), not is_delivery=true; a second
    'delivery' ('for delivery') says the flag."""
    from generator.reader.read import read_query
    from generator.reader.records import Situation
    from generator.records import Tool, ToolCall

    tool = Tool(name="Food_search", app="Food", api="search", domain="food", description="Find restaurants.",
                parameters={"type": "object", "properties": {
                    "is_delivery": {"type": "boolean", "description": "Delivery (true) or dine-in (false)"},
                    "sort_by": {"type": "string", "enum": ["recommended", "delivery_time", "rating"]}}})
    call = ToolCall(tool=tool.name, arguments={"is_delivery": True, "sort_by": "delivery_time"})
    situation = Situation(tools={tool.name: tool})
    labels = {a.param: a.label for a in read_query("Find a place to eat, fastest delivery first.", [call],
                                                   situation).args}
    assert labels == {"is_delivery": "omitted", "sort_by": "stated"}
    labels = {a.param: a.label for a in read_query("Find a place for delivery, fastest delivery first.", [call],
                                                   situation).args}
    assert labels["is_delivery"] == "stated"


# ---------------------------------------------------------------- pointers as the planner's queries write them

VIDEO = tool("Bilibili_search_video", {"keyword": {"type": "string"}, "sort_by": {"type": "string"},
                                       "upload_date": {"type": "string", "enum": ["no_limit", "within_one_day"],
                                                       "default": "no_limit"}}, "entertainment")


def video_search(time: str, keyword: str, sort_by: str, upload_date: str = "no_limit") -> HistoryEvent:
    return HistoryEvent(time=time, apitype="entertainment", toolname="Bilibili", apiname="search_video",
                        parameters={"keyword": keyword, "sort_by": sort_by, "upload_date": upload_date})


VIDEOS = [video_search("2025-07-20 12:10", "Sea legends", "popular"),
          video_search("2025-07-28 20:00", "Qin Mu", "latest"),  # Monday
          video_search("2025-07-29 09:00", "Throne of Seal", "comprehensive", "within_one_day"),  # yesterday
          video_search("2025-07-30 08:00", "Morning news", "high_views", "within_one_day")]


def _video(text: str, **args) -> dict:
    gold = {"keyword": "Qin Mu", "sort_by": "latest", "upload_date": "no_limit"} | args
    return read(text, [ToolCall(tool=VIDEO.name, arguments=gold)], [VIDEO], history=VIDEOS, kinds=["entertainment"])


def test_the_thing_from_my_event_on_a_day_points_at_that_event():
    out = _video("Search for videos sorted by latest with the search keywords from my video search on Monday.")
    assert (out[(0, "keyword")].label, out[(0, "keyword")].determined, out[(0, "keyword")].rule) == \
        ("hinted", True, "history:event")


def test_an_events_description_ends_where_another_pointer_starts():
    out = _video("Search for videos with the same sort order as my video search on Monday using the search keywords "
                 "from my video search on Monday.")
    assert (out[(0, "sort_by")].label, out[(0, "sort_by")].determined) == ("hinted", True), out[(0, "sort_by")]
    out = _video("Search for videos with the same sort order as my video search on Monday with the search keywords "
                 "from my video search yesterday.", keyword="Throne of Seal")
    assert (out[(0, "sort_by")].determined, out[(0, "keyword")].determined) == (True, True)


@pytest.mark.parametrize("when", ["on July 20", "on the 20th of July", "on July 20 at lunchtime",
                                  "on the evening of July 28"])
def test_a_day_said_by_month_and_day_picks_that_days_event(when):
    want = "latest" if "28" in when else "popular"
    out = _video(f"Search for Qin Mu videos with the same sort order as my video search {when}.", sort_by=want)
    assert (out[(0, "sort_by")].label, out[(0, "sort_by")].determined) == ("hinted", True), out[(0, "sort_by")]


def test_my_last_search_on_a_day_is_that_event_not_last_time_for_every_argument():
    out = _video("Search for Qin Mu videos with the same sort order as my last video search on Monday.")
    assert out[(0, "sort_by")].determined is True
    # the most recent upload date is within_one_day: "my last ... on Monday" says nothing of it
    assert (out[(0, "upload_date")].label, out[(0, "upload_date")].determined) == ("omitted", True), \
        out[(0, "upload_date")]


EXERCISE = tool("HUAWEIHealth_log_exercise", {
    "category": {"type": "string", "description": "exercising category"},
    "duration": {"type": "number", "description": "exercising time (in minutes)"}}, "sport_and_health")
WORKOUTS = [HistoryEvent(time=t, apitype="sport_and_health", toolname="HUAWEIHealth", apiname="log_exercise",
                         parameters={"category": c, "duration": d})
            for t, c, d in (("2025-07-21 20:00", "walking", 45), ("2025-07-26 20:00", "walking", 45),
                            ("2025-07-28 21:00", "walking", 60), ("2025-07-29 07:00", "cycling", 30))]


@pytest.mark.parametrize(("text", "minutes"), [
    ("Log a walk with the same exercising time as my exercise log on Monday.", 60),
    ("Log a walk for my regular exercising time.", 45)])
def test_a_noun_names_the_parameter_its_description_names(text, minutes):
    call = ToolCall(tool=EXERCISE.name, arguments={"category": "walking", "duration": minutes})
    out = read(text, [call], [EXERCISE], history=WORKOUTS, kinds=["sport_and_health"])
    assert (out[(0, "duration")].label, out[(0, "duration")].determined) == ("hinted", True), out[(0, "duration")]


def test_a_pointer_naming_what_the_event_did_looks_at_those_events_in_any_kind():
    news = tool("Zhihu_get_daily_news", {"category": {"type": "string"}}, "news")
    history = [HistoryEvent(time="2025-07-29 10:00", apitype="knowledge", toolname="Zhihu", apiname="get_knowledge",
                            parameters={"category": "lifestyle"}),
               HistoryEvent(time="2025-07-29 19:00", apitype="news", toolname="Zhihu", apiname="get_daily_news",
                            parameters={"category": "entertainment"})]
    call = ToolCall(tool=news.name, arguments={"category": "lifestyle"})
    out = read("Get the daily news for the same news category as my knowledge request yesterday.", [call], [news],
               history=history, kinds=["news"])
    assert (out[(0, "category")].label, out[(0, "category")].determined) == ("hinted", True), out[(0, "category")]


def test_a_pointers_noun_covers_the_parameters_it_names_in_full():
    knowledge = tool("Xiaohongshu_get_knowledge", {
        "category": {"type": "string", "description": "result category", "default": "hot_searches"},
        "note_type": {"type": "string", "description": "type of the note"},
        "sort_by": {"type": "string", "description": "Sorting options", "default": "comprehensive"}}, "knowledge")
    history = [HistoryEvent(time="2025-07-29 10:00", apitype="knowledge", toolname="Xiaohongshu",
                            apiname="get_knowledge",
                            parameters={"category": "lifestyle", "note_type": "video", "sort_by": "latest"})]
    call = ToolCall(tool=knowledge.name, arguments={"category": "hot_searches", "note_type": "video",
                                                    "sort_by": "comprehensive"})
    out = read("Get knowledge with the same note type as my knowledge request yesterday.", [call], [knowledge],
               history=history, kinds=["knowledge"])
    assert (out[(0, "note_type")].label, out[(0, "note_type")].determined) == ("hinted", True)
    # "note type" is no word of settings nor any type argument: the category and the sort are the defaults
    for p in ("category", "sort_by"):
        assert (out[(0, p)].label, out[(0, p)].determined) == ("omitted", True), out[(0, p)]
    call = ToolCall(tool=knowledge.name, arguments={"category": "hot_searches", "note_type": "video",
                                                    "sort_by": "latest"})
    out = read("Get video notes, with the sorting options from my knowledge request yesterday.", [call], [knowledge],
               history=history, kinds=["knowledge"])
    assert (out[(0, "sort_by")].label, out[(0, "sort_by")].determined) == ("hinted", True)
    assert (out[(0, "category")].label, out[(0, "category")].determined) == ("omitted", True), out[(0, "category")]


@pytest.mark.parametrize(("when", "minutes"), [("on Monday night", 45),
                                               ("yesterday at lunchtime", 20)])
def test_parts_of_the_day_cover_the_hours_people_mean(when, minutes):
    history = [HistoryEvent(time=t, apitype="sport_and_health", toolname="HUAWEIHealth", apiname="log_exercise",
                            parameters={"category": "walking", "duration": d})
               for t, d in (("2025-07-28 18:45", 34), ("2025-07-28 22:05", 45), ("2025-07-29 10:20", 15),
                            ("2025-07-29 12:10", 20))]
    call = ToolCall(tool=EXERCISE.name, arguments={"category": "walking", "duration": minutes})
    out = read(f"Log a walk with the same exercising time as my exercise log {when}.", [call], [EXERCISE],
               history=history, kinds=["sport_and_health"])
    assert (out[(0, "duration")].label, out[(0, "duration")].determined) == ("hinted", True), out[(0, "duration")]


def test_the_thing_an_event_acted_on_is_no_word_of_its_values():
    history = [video_search("2025-07-28 19:00", "Funny video clips", "latest"),
               video_search("2025-07-28 20:30", "Sea legends", "latest")]
    call = ToolCall(tool=VIDEO.name, arguments={"keyword": "Sea legends", "sort_by": "latest", "upload_date": "no_limit"})
    out = read("Search for videos, with the same search keywords as my last video search on Monday.", [call], [VIDEO],
               history=history, kinds=["entertainment"])
    assert (out[(0, "keyword")].label, out[(0, "keyword")].determined) == ("hinted", True), out[(0, "keyword")]
