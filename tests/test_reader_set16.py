"""The reader, from the set-16 reading (an optical lab, a locksmith shop, a race timing company):
each test names a reading whose absence left a determined hint or a stated value unread, and
fails when that reading is removed."""

from __future__ import annotations

from test_reader import event, read_one

from generator.reader.read import read_value

NOW = "2025-05-16 10:00"


def test_an_earlier_act_singled_out_by_its_day_is_a_pointer_whatever_its_noun() -> None:
    """"the incident id from my incident update on Tuesday": the one update of that Tuesday, not
    the most recent incident ("my last incident") nor nothing ("update" is no event noun)."""
    history = [event("2025-05-13 09:00", "Dispatch", "update_incident", "dispatch", incident_id="CA-SHU-004512"),
               event("2025-05-14 11:00", "Dispatch", "update_incident", "dispatch", incident_id="CA-SHU-025722")]
    for text in ("Get the incident using the incident id from my last incident update on Tuesday.",
                 "Get the incident using the incident id from my incident update on Tuesday."):
        got = read_one(text, {"incident_id": "CA-SHU-004512"}, history=history, time=NOW, domain="dispatch",
                       name="Dispatch_get_incident", app="Dispatch")["incident_id"]
        assert (got.label, got.rule, got.determined) == ("hinted", "history:event", True), (text, got.evidence)


def test_a_coordinate_named_in_full_is_its_abbreviated_parameter() -> None:
    """`lat` / `lon` are said "the latitude" / "the longitude": "the latitude I usually go with"
    and "the same longitude as my incident on Wednesday" hint at them over the whole history."""
    history = [event(f"2025-05-{d:02d} 09:00", "Dispatch", "get_jurisdiction", "dispatch", lat=-34.0, lon=151.2)
               for d in (5, 8)] + [event("2025-05-14 09:00", "Dispatch", "create_incident", "dispatch",
                                         lat=-33.1, lon=151.2)]
    out = read_one("Maybe you could get the jurisdiction using the latitude I usually go with, using the same "
                   "longitude as my incident on Wednesday?", {"lat": -34.0, "lon": 151.2},
                   {"lat": {"type": "number"}, "lon": {"type": "number"}}, history=history, time=NOW,
                   domain="dispatch", name="Dispatch_get_jurisdiction", app="Dispatch")
    assert (out["lat"].label, out["lat"].determined) == ("hinted", True), out["lat"].evidence
    assert (out["lon"].label, out["lon"].determined) == ("hinted", True), out["lon"].evidence


def test_an_object_is_stated_when_each_of_its_fields_is() -> None:
    spec = {"type": "object", "properties": {"air_to_ground_freq_mhz": {"type": "number"},
                                             "callsign": {"type": "string"}, "phone": {"type": "string"}}}
    gold = {"air_to_ground_freq_mhz": 168.35, "callsign": "Air Attack 6", "phone": "+1-415-951-7467"}
    text = "a ground contact with air to ground freq 168.35 MHz, callsign Air Attack 6 and the phone +1-415-951-7467"
    assert read_value(text, "ground_contact", gold, spec) is not None
    assert read_value(text.replace("168.35", "170.1"), "ground_contact", gold, spec) is None  # one field not said


def test_today_inside_a_span_from_today_is_no_date_of_its_own() -> None:
    """"berths a week from today" names one day: the arrival (today) is not said by the "today"
    inside it; "from today until a week from today" says both."""
    now = "2025-05-15 10:00"
    text = "Could you search for berths a week from today?"
    assert read_value(text, "arrival", "2025-05-15", {"type": "string"}, time=now) is None
    assert read_value(text, "departure", "2025-05-22", {"type": "string"}, time=now) is not None
    assert read_value("book from today until a week from today", "arrival", "2025-05-15", {"type": "string"},
                      time=now) is not None


def test_a_pointer_noun_that_heads_a_description_names_its_parameter() -> None:
    """"the same dishes as my food order on May 4": `food`, described "Dishes to order", from that
    order (found in the quickstart once the stated-only budget pooled values)."""
    history = [event("2025-05-04 22:31", "Munchbox", "order_food", "food", restaurant_id="RES-38960",
                     food=["falafel wrap", "fries"]),
               event("2025-05-08 07:41", "Munchbox", "order_food", "food", restaurant_id="RES-91028",
                     food=["margherita pizza"])]
    props = {"restaurant_id": {"type": "string", "description": "Restaurant id"},
             "food": {"type": "array", "items": {"type": "string"}, "description": "Dishes to order"}}
    for text in ("Please place an order for restaurant RES-12484, with the same dishes as my food order on May 4.",
                 "Please place an order for restaurant RES-12484, with the dishes from my food order on May 4."):
        got = read_one(text, {"restaurant_id": "RES-12484", "food": ["falafel wrap", "fries"]}, props,
                       history=history, time="2025-05-18 13:17", domain="food", name="Munchbox_order_food",
                       app="Munchbox")["food"]
        assert (got.label, got.determined) == ("hinted", True), (text, got.evidence)


def test_a_description_head_noun_skips_a_closing_participle() -> None:
    """"Dishes wanted" is dishes: "the dishes from my restaurant search on May 16" points at that
    search's `food` (the quickstart lost targets to it once the reader checked determination)."""
    history = [event("2025-05-16 12:30", "Munchbox", "search_restaurant", "food", location="Dorm B",
                     food=["margherita pizza"]),
               event("2025-05-18 19:30", "Munchbox", "search_restaurant", "food", location="Dorm B", food=["dumplings"])]
    props = {"location": {"type": "string", "description": "Delivery area"},
             "food": {"type": "array", "items": {"type": "string"}, "description": "Dishes wanted"}}
    got = read_one("Find somewhere delivering near Dorm B, with the dishes from my restaurant search on May 16.",
                   {"location": "Dorm B", "food": ["margherita pizza"]}, props, history=history,
                   time="2025-05-20 10:00", domain="food", name="Munchbox_search_restaurant", app="Munchbox")["food"]
    assert (got.label, got.determined) == ("hinted", True), got.evidence


def test_the_thing_an_act_is_done_to_is_no_reference() -> None:
    """"book a ride without sharing the car": "the car" is the shared ride, no pointer to the last
    car type; the car type stays the schema default's."""
    history = [event("2025-05-16 12:30", "Ridely", "get_taxi", "transport", destination="Mall", car_type="xl")]
    props = {"destination": {"type": "string"}, "share_ride": {"type": "boolean", "default": False},
             "car_type": {"type": "string", "enum": ["economy", "xl"], "default": "economy"}}
    got = read_one("Book a ride to the Mall without sharing the car.",
                   {"destination": "Mall", "share_ride": False, "car_type": "economy"}, props, history=history,
                   time="2025-05-20 10:00", domain="transport", name="Ridely_get_taxi", app="Ridely")["car_type"]
    assert got.determined is True and got.rule != "history:reference", (got.rule, got.evidence)
