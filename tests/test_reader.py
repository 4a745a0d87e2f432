"""The reader, one reading class per test: each fails when its class is taken out of the reader
(scripts/mutate.py and the docs name the spot). Property tests where a class has many forms."""

from datetime import date, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.reader import Situation, Step, read_query
from generator.reader.dates import as_moment, read_moment
from generator.reader.units import UNITS, convert
from generator.records import HistoryEvent, Tool, ToolCall

NOW = datetime(2025, 5, 1, 19, 0)  # a Thursday


def tool(name: str, props: dict, domain: str = "misc", app: str = "App") -> Tool:
    return Tool(name=name, app=app, api=name.split("_", 1)[-1], domain=domain,
                parameters={"type": "object", "properties": props})


def read_one(text: str, args: dict, props: dict | None = None, *, history=(), time=NOW, domain="misc",
             name="App_do", app="App"):
    t = tool(name, props or {p: {"type": "string"} for p in args}, domain, app)
    reading = read_query(text, [ToolCall(tool=name, arguments=args)],
                         Situation(time=time, tools={name: t}, history=list(history)), [domain])
    return {a.param: a for a in reading.args}


def event(time: str, app: str, api: str, kind: str, **params) -> HistoryEvent:
    return HistoryEvent(time=time, apitype=kind, toolname=app, apiname=api, parameters=params)


# ---------------------------------------------------------------- stated: number words

@pytest.mark.parametrize("text, gold", [
    ("weather at latitude sixty-one, at longitude one hundred three", {"lat": 61, "lon": 103}),
    ("a table for a dozen people", {"party_size": 12}),
    ("budget of 2.5k", {"budget": 2500}),
    ("two hundred and five results", {"limit": 205}),
    ("over 132 and a half", {"min_price": 132.5}),
])
def test_number_words_and_numeric_forms_are_stated(text, gold):
    out = read_one(text, gold, {p: {"type": "number"} for p in gold})
    assert {p: a.label for p, a in out.items()} == dict.fromkeys(gold, "stated")
    assert all(a.rule == "number" for a in out.values())


def test_a_lone_one_is_no_number_but_one_night_is():
    assert read_one("surface one connective insight", {"page": "1"})["page"].label == "omitted"
    assert read_one("book one night please", {"nights": 1}, {"nights": {"type": "integer"}})["nights"].label == "stated"


# ---------------------------------------------------------------- stated: dates and times

@pytest.mark.parametrize("text, gold", [
    ("remind me tomorrow at 7 pm", "2025-05-02 19:00"),
    ("book it for next Friday", "2025-05-02"),
    ("on the 3rd of June", "2025-06-03"),
    ("in two hours", "21:00"),
    ("this weekend", "2025-05-03"),
    ("the day after tomorrow at noon", "2025-05-03 12:00"),
])
def test_relative_and_absolute_dates_resolve_with_the_query_time(text, gold):
    arg = read_one(text, {"when": gold})["when"]
    assert (arg.label, arg.rule) == ("stated", "date"), arg


def test_a_date_needs_the_query_time_to_be_read():
    assert read_one("remind me tomorrow", {"when": "2025-05-09"})["when"].label == "omitted"


_FORMS = [lambda d: d.isoformat(), lambda d: f"{d:%B} {d.day}", lambda d: f"the {d.day}{_suffix(d.day)} of {d:%B}",
          lambda d: f"{d.day} {d:%B} {d.year}", lambda d: f"{d:%b}. {d.day}, {d.year}"]


def _suffix(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


@settings(max_examples=60, deadline=None)
@given(days=st.integers(min_value=0, max_value=300), form=st.sampled_from(range(len(_FORMS))))
def test_a_date_written_in_any_form_reads_back_to_the_same_day(days, form):
    day = NOW.date() + timedelta(days=days)
    text = f"please book it for {_FORMS[form](day)}"
    assert read_moment(text, as_moment(day.isoformat()), NOW), text


@settings(max_examples=40, deadline=None)
@given(days=st.integers(min_value=1, max_value=6))
def test_in_n_days_and_the_weekday_name_read_the_same_day(days):
    day: date = NOW.date() + timedelta(days=days)
    moment = as_moment(day.isoformat())
    assert read_moment(f"in {days} days", moment, NOW)
    assert read_moment(f"on {day:%A}", moment, NOW)


# ---------------------------------------------------------------- stated: units and conversions

@pytest.mark.parametrize("text, param, gold", [
    ("a slot of two hours", "duration_minutes", 120),
    ("within 5 km", "radius_meters", 5000),
    ("half an hour", "timeout_seconds", 1800),
    ("about 3 miles", "distance_km", 4.828),
])
def test_units_convert_arithmetically(text, param, gold):
    arg = read_one(text, {param: gold}, {param: {"type": "number"}})[param]
    assert (arg.label, arg.rule) == ("stated", "unit"), arg


def test_the_unit_table_agrees_with_pint():
    pint = pytest.importorskip("pint")
    ureg = pint.UnitRegistry()
    for unit, (dim, _, _) in UNITS.items():
        same_kind = [u for u, (d, _, _) in UNITS.items() if d == dim]
        for other in same_kind:
            expected = ureg.Quantity(7.0, unit).to(other).magnitude
            assert convert(7.0, unit, other) == pytest.approx(expected, rel=1e-9), (unit, other)


# ---------------------------------------------------------------- stated: enum values by their words

SORT = {"sort_by": {"type": "string", "enum": ["comprehensive_ranking", "price_ascending", "price_descending"]}}


def test_enum_values_are_said_by_their_words():
    said = read_one("sorted by price from high to low", {"sort_by": "price_descending"}, SORT)["sort_by"]
    assert (said.label, said.rule) == ("stated", "enum")
    cheap = read_one("cheapest first please", {"sort_by": "price_ascending"}, SORT)["sort_by"]
    assert cheap.label == "stated"


def test_an_enum_word_that_fits_two_values_states_neither():
    assert read_one("sort by price", {"sort_by": "price_descending"}, SORT)["sort_by"].label == "omitted"


def test_booleans_are_stated_by_the_condition_or_its_negation():
    props = {"include_lyrics": {"type": "boolean"},
             "is_delivery": {"type": "boolean", "description": "True if delivery else False for dine-in"}}
    out = read_one("no need to include the lyrics, and I'd like to dine in",
                   {"include_lyrics": False, "is_delivery": False}, props)
    assert {p: a.label for p, a in out.items()} == {"include_lyrics": "stated", "is_delivery": "stated"}
    assert read_one("include the lyrics", {"include_lyrics": False}, props)["include_lyrics"].label == "omitted"


@pytest.mark.parametrize("text, gold", [("not marked as delivery", False), ("for delivery", True),
                                        ("no delivery please", False), ("I'll dine in", False)])
def test_a_described_phrase_of_a_boolean_is_read_with_its_negation(text, gold):
    """The description's phrase for True ("delivery"), negated, says False: the template writer's
    "not marked as delivery" was read as is_delivery=true and four real-history targets re-asked."""
    props = {"is_delivery": {"type": "boolean", "description": "True if delivery else False for dine-in"}}
    assert read_one(text, {"is_delivery": gold}, props)["is_delivery"].label == "stated", text
    assert read_one(text, {"is_delivery": not gold}, props)["is_delivery"].label != "stated", text


# ---------------------------------------------------------------- stated: names, places and codes

@pytest.mark.parametrize("text, gold", [
    ("take me to new york", "New York"),
    ("meet at the hauptbahnhof", "Hauptbahnhof"),
    ("a hotel in zurich", "Zürich"),
    ("a hotel in Zuerich", "Zürich"),
    ("trains to Hauptbanhof", "Hauptbahnhof"),
    ("show me mosquito nets", "mosquito net"),
    ("a protective case for my Mac Air", "Mac Air protective case"),
])
def test_names_are_stated_with_case_accent_plural_order_and_spelling_variants(text, gold):
    assert read_one(text, {"place": gold})["place"].label == "stated", (text, gold)


@pytest.mark.parametrize("text, gold", [("trains to Berlin", "Berlin Hauptbahnhof"), ("some lenses", "GM2 lens"),
                                        ("flights on 2023-03-18", "2023-03-15")])
def test_a_value_said_only_in_part_or_one_digit_off_is_not_stated(text, gold):
    assert read_one(text, {"place": gold})["place"].label == "omitted"


@pytest.mark.parametrize("text, param, gold", [("prices in US dollars", "currency", "USD"),
                                               ("the charts of Germany", "country", "DE"),
                                               ("lyrics in French", "lang", "fr"),
                                               ("fly out of Heathrow tomorrow", "origin", "LHR")])
def test_codes_are_stated_by_the_entitys_name(text, param, gold):
    arg = read_one(text, {param: gold})[param]
    assert (arg.label, arg.rule) == ("stated", "code"), arg


# ---------------------------------------------------------------- described

@pytest.mark.parametrize("text, param, gold", [("weather in the capital of France", "city", "Paris"),
                                               ("convert it into Japan's currency", "to", "JPY"),
                                               ("hotels in the country where Lyon is", "country", "France")])
def test_values_pinned_down_by_world_knowledge_are_described(text, param, gold):
    arg = read_one(text, {param: gold})[param]
    assert arg.label == "described" and arg.determined is None, arg


def test_a_description_that_fits_another_value_does_not_describe_the_gold():
    assert read_one("weather in the capital of Spain", {"city": "Paris"})["city"].label == "omitted"


# ---------------------------------------------------------------- hinted: history over the right scope

HISTORY = [
    event("2025-04-28 08:00", "Didi", "get_taxi", "transport", end_name="Office Park"),
    event("2025-04-29 12:00", "Meituan", "search", "food", location="Lake Mall"),
    event("2025-04-30 09:00", "Gaode", "get_path", "transport", end_name="Central Station"),
    event("2025-05-01 18:00", "Taobao", "search_goods", "shopping", end_name="Warehouse 9"),
]


def test_last_time_reads_the_named_app_else_the_kind_else_the_whole_history():
    named = read_one("take me there again with Didi", {"end_name": "Office Park"}, history=HISTORY,
                     domain="transport", name="Didi_get_taxi", app="Didi")["end_name"]
    assert (named.label, named.determined) == ("hinted", True), named
    kind = read_one("a taxi to the same place as last time", {"end_name": "Central Station"}, history=HISTORY,
                    domain="transport", name="Didi_get_taxi", app="Didi")["end_name"]
    assert (kind.label, kind.determined, kind.value) == ("hinted", True, "Central Station"), kind
    whole = read_one("same as last time", {"end_name": "Warehouse 9"}, history=HISTORY, domain="transport",
                     name="Didi_get_taxi", app="Didi")["end_name"]
    assert (whole.label, whole.determined) == ("hinted", True), whole
    assert "whole history" in whole.evidence


def test_a_noun_that_the_history_ties_to_one_place_is_a_determined_hint():
    arg = read_one("a ride from the mall", {"start_name": "Lake Mall"}, history=HISTORY, domain="transport",
                   name="Didi_get_taxi", app="Didi")["start_name"]
    assert (arg.label, arg.determined) == ("hinted", True), arg


def test_without_history_only_the_users_situation_is_a_hint():
    assert read_one("same as last time", {"end_name": "Warehouse 9"})["end_name"].label == "omitted"
    assert read_one("restaurants near me", {"location": "Lake Mall"})["location"].label == "hinted"
    assert read_one("hotels in Rome and an airport nearby", {"location": "Lake Mall"})["location"].label == "omitted"


# ---------------------------------------------------------------- ties

USUAL = [event(f"2025-04-2{i} 12:00", "Meituan", "order", "food", dish=d) for i, d in
         enumerate(["pho", "ramen", "pho", "ramen", "tacos"], start=1)]


@pytest.mark.parametrize("tied", ["pho", "ramen"])
def test_my_usual_with_a_tie_for_the_most_frequent_is_not_determined(tied):
    arg = read_one("order my usual", {"dish": tied}, history=USUAL, domain="food", name="Meituan_order",
                   app="Meituan")["dish"]
    assert (arg.label, arg.determined) == ("hinted", False), arg
    single = read_one("order my usual", {"dish": "ramen"}, history=USUAL[:4] + USUAL[1:2], domain="food",
                      name="Meituan_order", app="Meituan")["dish"]
    assert (single.label, single.determined) == ("hinted", True), single


def test_an_omitted_value_is_determined_by_default_time_or_the_settled_history_value():
    props = {"sort": {"type": "string", "default": "best"}, "meal_type": {"type": "string"},
             "dish": {"type": "string"}}
    out = read_one("get me food", {"sort": "best", "meal_type": "dinner", "dish": "ramen"}, props,
                   history=USUAL[:4] + [USUAL[1]], domain="food", name="Meituan_order", app="Meituan")
    assert [(a.rule, a.determined) for a in out.values()] == [("default", True), ("time", True),
                                                              ("history:settled", True)]
    occurs = read_one("get me food", {"dish": "tacos"}, history=USUAL[:4], domain="food", name="Meituan_order",
                      app="Meituan")["dish"]
    assert occurs.determined is False  # merely occurring somewhere is not enough


# ---------------------------------------------------------------- added content

CALL = [ToolCall(tool="Shop_search", arguments={"keyword": "backpack"})]
SHOP = {"Shop_search": tool("Shop_search", {"keyword": {"type": "string"}}, "shopping", "Shop")}


@pytest.mark.parametrize("text, kind", [
    ("Find me a backpack. Also email Sam the receipt from yesterday.", "request"),
    ("Find me a backpack, but only if it's under $50.", "condition"),
    ("Find me a backpack, or else book the 11:15 train.", "alternative"),
])
def test_requests_conditions_and_alternatives_the_gold_does_not_hold_are_added(text, kind):
    added = read_query(text, CALL, Situation(tools=SHOP)).added
    assert [a.kind for a in added] == [kind], added


@pytest.mark.parametrize("text", ["Find me a backpack and keep it short.", "Find me a backpack, bullet points please.",
                                  "Find me a backpack for under 50.", "Search for a backpack and show me the results."])
def test_style_wishes_and_held_conditions_are_not_added(text):
    calls = [ToolCall(tool="Shop_search", arguments={"keyword": "backpack", "max_price": 50})]
    assert read_query(text, calls, Situation(tools=SHOP)).added == []


# ---------------------------------------------------------------- sequential

def test_a_value_from_an_earlier_output_is_determined_when_the_query_picks_it():
    out = "[{'id': 'H1', 'name': 'Alpha Inn'}, {'id': 'H2', 'name': 'Beta Lodge'}]"
    steps = [Step(call=ToolCall(tool="list_hotels", arguments={}), output=out)]
    calls = [ToolCall(tool="list_hotels", arguments={}), ToolCall(tool="details", arguments={"hotel_id": "H2"})]
    picked = read_query("list hotels, then details of Beta Lodge", calls,
                        Situation(steps=steps + [Step(call=calls[1])])).args[0]
    assert (picked.source, picked.determined) == ("previous_output", True), picked
    unpicked = read_query("list hotels, then details of one of them", calls,
                          Situation(steps=steps + [Step(call=calls[1])])).args[0]
    assert (unpicked.source, unpicked.determined) == ("previous_output", False), unpicked


# ---------------------------------------------------------------- several calls: whose value is it

def test_a_short_value_said_for_one_call_does_not_state_another_calls():
    calls = [ToolCall(tool="Genius: Chart Artists", arguments={"per_page": "20", "period": "week"}),
             ToolCall(tool="KPOP: Girl Groups", arguments={"limit": "20"})]
    text = "To anchor timing: surface trending artists on Genius this week; cap at 20. Keep it tight."
    got = {(a.call, a.param): a.label for a in read_query(text, calls, Situation()).args}
    assert got == {(0, "per_page"): "stated", (0, "period"): "stated", (1, "limit"): "omitted"}
    listed = "Get Genius chart artists per_page 20 period week, and get KPOP girl groups limit 20."
    assert {a.label for a in read_query(listed, calls, Situation()).args} == {"stated"}


def test_everyday_forms_of_flags_multipliers_and_word_families():
    props = {"reply_all": {"type": "boolean"}, "open_now": {"type": "boolean"}, "speed": {"type": "number"}}
    out = read_one("reply to everyone, only places open right now, at 1.6x speed",
                   {"reply_all": True, "open_now": True, "speed": 1.6}, props)
    assert {p: a.label for p, a in out.items()} == dict.fromkeys(props, "stated")
    assert read_one("find a dermatologist", {"specialty": "dermatology"})["specialty"].label == "stated"
    assert read_one("a transition plan", {"mode": "transit"})["mode"].label == "omitted"


RIDES = [event(f"2025-04-2{i} 08:00", "Ridely", "get_taxi", "transport", car_type=c, passengers=p, origin=o)
         for i, (c, p, o) in enumerate([("comfort", 2, "Home Court"), ("economy", 1, "Home Court"),
                                        ("comfort", 1, "Elm Gate")], start=1)]


def test_a_hint_refers_to_the_argument_its_own_words_name():
    props = {"car_type": {"type": "string"}, "passengers": {"type": "integer"}, "origin": {"type": "string"}}
    out = read_one("a ride for the same car category as last time, from my regular pickup point",
                   {"car_type": "comfort", "passengers": 1, "origin": "Home Court"}, props, history=RIDES,
                   domain="transport", name="Ridely_get_taxi", app="Ridely")
    assert (out["car_type"].label, out["car_type"].rule, out["car_type"].determined) == ("hinted", "history:event", True)
    assert out["passengers"].label == "omitted"
    assert (out["origin"].label, out["origin"].rule, out["origin"].determined) == ("hinted", "history:usual", True)


# ---------------------------------------------------------------- what a hint's own noun phrase names

# An invented bike-rental user: the last value of each parameter is not its most frequent one, so an
# argument a hint does not reach reads undetermined (no "settled" value), one it reaches determined.
PEDALO = {"station": {"type": "string", "description": "Pick-up station"},
          "bike_type": {"type": "string", "description": "Bike type"},
          "hours": {"type": "integer", "description": "Rental period, in hours"},
          "lock": {"type": "string", "description": "Lock type"},
          "extras": {"type": "array", "items": {"type": "string"}, "description": "Accessories to rent"},
          "q": {"type": "string", "description": "Words to look for"},
          "max_km": {"type": "integer", "description": "Longest ride in kilometres"},
          "origin": {"type": "string", "description": "Start place"},
          "destination": {"type": "string", "description": "End place"}}
RENTALS = [event(f"2025-04-{d} 08:00", "Pedalo", "rent_bike", "mobility", station=s, bike_type=b, hours=h, lock=k,
                 extras=x, q=q, max_km=m, origin=o, destination="Quay Gate")
           for d, s, b, h, k, x, q, m, o in [
               (21, "Pier 9", "cargo", 3, "chain", ["helmet"], "river loop", 20, "Mill Yard"),
               (22, "Pier 9", "cargo", 3, "chain", ["helmet"], "river loop", 20, "Mill Yard"),
               (23, "Dock Row", "city", 2, "u-lock", ["basket"], "hill climb", 35, "Old Forge")]]


@pytest.mark.parametrize("text, param, gold", [
    # a hint's words never reach into an earlier hint's: "as I did last time" is the whole rental
    ("rent from the station from last time as I did last time", "bike_type", "city"),
    # a fronted hint names its own noun phrase, not what follows its preposition
    ("rent my regular one at Dock Row, for two hours", "bike_type", "cargo"),
    ("rent a bike for my usual search words for the lock I always use", "q", "river loop"),
    # a trailing hint's phrase opens at its determiner ("the rental period"), not at the lock before it
    ("rent a bike with my usual lock with the rental period I usually go with", "hours", 3),
    # nouns joined by "and", one named by its description's head noun ("Accessories to rent")
    ("rent a bike from my usual station and accessories, please", "extras", ["helmet"]),
    # a noun naming a parameter by another word: a search term, a limit, the starting point
    ("rent a bike for the search term I always use", "q", "river loop"),
    ("rent a bike with my regular distance limit", "max_km", 20),
    ("rent a bike from the starting point I always use", "origin", "Mill Yard"),
])
def test_a_hint_reads_the_arguments_its_own_noun_phrase_names(text, param, gold):
    args = {"station": "Pier 9", "bike_type": "cargo", "hours": 3, "lock": "chain", "extras": ["helmet"],
            "q": "river loop", "max_km": 20, "origin": "Mill Yard", "destination": "Quay Gate"}
    args[param] = gold
    out = read_one(text, args, PEDALO, history=RENTALS, domain="mobility", name="Pedalo_rent_bike", app="Pedalo")
    assert (out[param].label, out[param].determined) == ("hinted", True), out[param]


def test_my_usual_time_names_the_time_not_the_date():
    props = {"date": {"type": "string", "description": "Reservation date"},
             "time": {"type": "string", "description": "Reservation time"}}
    history = [HistoryEvent(time=f"2025-04-{d} 12:00", apitype="food", toolname="Tablo", apiname="book_table",
                            parameters={"date": f"2025-04-{d + 2}", "time": t})
               for d, t in [(10, "18:30"), (11, "18:30"), (12, "12:00")]]
    out = read_one("book a table for my usual time", {"date": "2025-05-01", "time": "18:30"}, props,
                   history=history, domain="food", name="Tablo_book_table", app="Tablo")
    assert (out["time"].rule, out["time"].determined) == ("history:usual", True)
    assert (out["date"].label, out["date"].rule) == ("omitted", "time")


@pytest.mark.parametrize("text, gold", [("a table for 4 inside", "indoor"), ("we'd rather sit outdoors", "outdoor")])
def test_seating_said_as_inside_or_outside_is_stated(text, gold):
    props = {"seating": {"type": "string", "enum": ["indoor", "outdoor", "bar", "no_preference"]}}
    assert read_one(text, {"seating": gold}, props)["seating"].label == "stated"


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=6)


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=200), args=st.dictionaries(st.text(min_size=1, max_size=12), JSON, max_size=4))
def test_any_text_and_any_gold_values_read_without_error(text, args):
    reading = read_query(text, [ToolCall(tool="t", arguments=args)],
                         Situation(time=NOW, history=HISTORY, steps=[Step(call=ToolCall(tool="s"), output=text)]))
    assert [a.param for a in reading.args] == list(args)
    assert all(a.determined is None for a in reading.args if a.label in ("stated", "described"))


def test_between_described_and_hinted_the_pointer_to_the_users_history_wins():
    trips = [event("2025-04-20 09:00", "Skyhop", "search_flights", "travel", city="Paris")]
    arg = read_one("flights to the capital of France, the city I visited last time", {"city": "Paris"},
                   history=trips, domain="travel", name="Skyhop_search_flights", app="Skyhop")["city"]
    assert (arg.label, arg.determined) == ("hinted", True), arg


@pytest.mark.parametrize("text, param, gold, props", [
    ("add it gift-wrapped", "gift_wrap", True, {"type": "boolean"}),
    ("including paid shipping", "free_shipping", False, {"type": "boolean"}),
    ("anywhere outdoors", "covered", False, {"type": "boolean"}),
    ("water the plants every week", "repeat", "weekly", {"type": "string", "enum": ["daily", "weekly", "monthly"]}),
    ("sorted by most expensive first", "sort_by", "price_high_to_low",
     {"type": "string", "enum": ["price_low_to_high", "price_high_to_low", "best_selling"]}),
    ("showtimes in 3D", "format", "three_d", {"type": "string", "enum": ["two_d", "three_d", "imax"]}),
    ("find a paediatrician", "specialty", "pediatrics", {"type": "string"}),
    ("a stay with any cancellation policy", "free_cancellation", False, {"type": "boolean"}),
    ("for 6 nights with breakfast", "breakfast_included", True, {"type": "boolean"}),
])
def test_everyday_forms_of_conditions_orders_and_spellings(text, param, gold, props):
    assert read_one(text, {param: gold}, {param: props})[param].label == "stated"


def test_a_number_said_in_another_unit_does_not_state_it():
    """"ten minutes" is not timeout=10 of a timeout in seconds; "10 seconds" or a bare "timeout 10" is."""
    from generator.reader.read import read_value

    spec = {"type": "number", "description": "Optional timeout to wait for response (in seconds)."}
    assert read_value("I've got ten minutes before it locks: verify a@b.com", "timeout", 10, spec) is None
    assert read_value("verify a@b.com with a 10 second timeout", "timeout", 10, spec) is not None
    assert read_value("verify a@b.com, timeout 10", "timeout", 10, spec) is not None
    assert read_value("log a walk of 10 minutes", "duration_minutes", 10, {"type": "number"}) is not None
