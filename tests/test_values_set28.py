"""Values read in set 28 (the bundled catalog played by a capable model, and three new trades):
a call's places at one scale and in one country; streets with the endings streets have; plural
titles by inflect; side-by-side searches in one place; a TRAIL target that leaves out a value
its user always sets; a time-frame whose schema default is another value, never left unsaid."""

from __future__ import annotations

import random
import re
from typing import Any

from test_values_set24 import _draws, _tool  # the same drawing helpers

from generator.core import place_scale, semantic, temporal
from generator.records import HistoryEvent, Target, Tool, ToolCall
from generator.trail.targets import unset_habit
from generator.traject.sample import one_place

ROUTE = _tool(
    "plan_route",
    "Plan a route between two places with optional stops.",
    {"origin": {"type": "string", "description": "Start place"},
     "destination": {"type": "string", "description": "End place"},
     "mode": {"type": "string", "enum": ["car", "public_transit", "walk", "bike"], "description": "Travel mode"},
     "waypoints": {"type": "array", "items": {"type": "string"}, "description": "Stops to make on the way"}},
    required=["origin", "destination"])

TOWNS = dict(semantic.CITIES)


def _places(args: dict[str, Any]) -> list[str]:
    return [args["origin"], args["destination"], *args.get("waypoints", [])]


def test_the_places_of_one_route_are_all_towns_of_one_country_or_all_spots_in_a_town() -> None:
    draws = _draws(ROUTE, 80)
    for args in draws:
        places = _places(args)
        towns = [p for p in places if p in TOWNS]
        assert not towns or len(towns) == len(places), args
        assert len({TOWNS[t] for t in towns}) <= 1, args
        if args.get("mode") in ("walk", "bike"):
            assert not towns, args
    assert any(_places(a)[0] in TOWNS for a in draws) and any(_places(a)[0] not in TOWNS for a in draws)


def test_a_flight_may_leave_the_country() -> None:
    flight = _tool("search_flights", "Search flights between two cities.",
                   {"origin_city": {"type": "string", "description": "Departure city"},
                    "destination_city": {"type": "string", "description": "Arrival city"}})
    args = {"origin_city": "Boston", "destination_city": "Lisbon"}
    assert place_scale.one_trip(flight, dict(args), random.Random(1), frozenset(), {}) == args
    drive = _tool("plan_drive", "Plan a drive between two cities.", flight.properties)
    moved = place_scale.one_trip(drive, dict(args), random.Random(1), frozenset(), {})
    assert moved["origin_city"] == "Boston" and TOWNS[moved["destination_city"]] == "US"


def test_a_place_the_caller_fixed_or_the_persona_owns_stays() -> None:
    args = {"origin": "Lisbon", "destination": "12 Hale Street", "waypoints": ["Cardiff"]}
    kept = place_scale.one_trip(ROUTE, dict(args), random.Random(2), frozenset({"destination"}), {"waypoints": ["Cardiff"]})
    assert kept["destination"] == "12 Hale Street" and kept["waypoints"] == ["Cardiff"]


def test_streets_end_as_streets_do() -> None:
    rng = random.Random(4)
    endings = {semantic.street_address(rng).rsplit(" ", 1)[1] for _ in range(400)}
    assert endings <= set(semantic.STREET_ENDINGS) and len(endings) >= 8


def test_a_plural_title_is_spelled_by_inflect() -> None:
    rng = random.Random(0)
    titles = {semantic._title(rng, "movie_title") for _ in range(600)}
    assert "Compasses of Horizon" in titles or any(t.startswith("Compasses of") for t in titles)
    assert not any("Compasss" in t or "Echos " in t for t in titles)


def _tool_with(props: dict[str, Any]) -> Tool:
    return Tool(name="food_search", app="food", api="search", domain="food", description="Search restaurants.",
                parameters={"type": "object", "properties": props, "required": []})


def test_side_by_side_searches_take_the_place_one_of_them_gives() -> None:
    a = _tool_with({"city": {"type": "string", "description": "City"}})
    b = Tool(name="order", app="o", api="order", domain="food", description="Find breakfast places.",
             parameters={"type": "object", "properties": {"location": {"type": "string", "description": "Area"},
                                                          "meal": {"type": "string"}}, "required": []})
    calls = [ToolCall(tool="food_search", arguments={"city": "Singapore"}),
             ToolCall(tool="order", arguments={"meal": "breakfast"})]
    out = one_place(calls, {"food_search": a, "order": b})
    assert out[1].arguments == {"location": "Singapore", "meal": "breakfast"}
    other = [calls[0], ToolCall(tool="order", arguments={"location": "Oslo"})]
    assert one_place(other, {"food_search": a, "order": b})[1].arguments == {"location": "Oslo"}


MAIL = Tool(name="Mailcraft_search_emails", app="Mailcraft", api="search_emails", domain="messaging",
            description="Search the inbox.",
            parameters={"type": "object", "properties": {
                "received": {"type": "string", "enum": ["today", "this_week", "any"], "description": "Received"},
                "unread_only": {"type": "boolean", "description": "Only unread mail"}}, "required": []})


def _mail(t: str, **params: Any) -> HistoryEvent:
    return HistoryEvent(time=t, apitype="messaging", toolname="Mailcraft", apiname="search_emails", parameters=params)


def test_a_target_that_leaves_out_what_its_user_always_sets_is_no_target() -> None:
    history = [_mail(f"2025-05-0{d} 08:00", received="today", unread_only=True) for d in range(1, 8)]
    bare = Target(id="t", kind="single", calls=[ToolCall(tool=MAIL.name, arguments={"received": "today"})],
                  offered=[MAIL.name], domain="messaging", user="u", history=history, time="2025-05-09 08:00")
    assert unset_habit(bare, MAIL) == "unread_only"
    whole = bare.model_copy(update={"calls": [ToolCall(tool=MAIL.name, arguments={"received": "today", "unread_only": True})]})
    assert unset_habit(whole, MAIL) is None
    mixed = bare.model_copy(update={"history": history[:3] + [_mail("2025-05-08 08:00", received="today")] * 4})
    assert unset_habit(mixed, MAIL) is None


def test_a_time_frame_whose_default_is_another_is_never_read_from_the_query_time() -> None:
    events = _tool_with({"when": {"type": "string", "enum": ["today", "tomorrow", "this_month"], "default": "this_month"}})
    free = _tool_with({"when": {"type": "string", "enum": ["today", "tomorrow", "this_month"]}})
    assert not temporal.from_time_alone(events, "when", "today", "2025-05-15 14:00")
    assert temporal.from_time_alone(free, "when", "today", "2025-05-15 14:00")


BLAST = _tool(
    "create_blast_design",
    "Create a blast design. Design rules: burden 25 to 40 hole diameters (e.g. 2.6-4.1 m for 102 mm holes); "
    "spacing 1.0 to 1.5 times burden; stemming 0.7 to 1.3 times burden.",
    {"hole_diameter_mm": {"type": "integer",
                          "description": "Drill bit diameter in millimetres. The rigs drill 76, 89, 102, 115 or 127 mm."},
     "burden_m": {"type": "number", "minimum": 1.5, "maximum": 8, "description": "Burden, in metres."},
     "spacing_m": {"type": "number", "minimum": 1.5, "maximum": 10, "description": "Spacing, in metres."}})


def test_a_band_that_measures_one_thing_in_another_bounds_neither() -> None:
    from generator.core import quantities

    assert quantities.bands(BLAST.description, BLAST.properties) == {}
    assert quantities.bands("Hold at 45-55 % RH and keep spacing 2 to 3 m.", {
        "relative_humidity": {"type": "number"}}) == {"relative_humidity": (45.0, 55.0)}


def test_a_prose_band_that_no_listed_value_meets_leaves_the_list() -> None:
    from generator.core import values

    tool = _tool("drill", "Drill holes. Burden 25 to 40 hole diameters.", {
        "hole_diameter_mm": {"type": "integer", "enum": [76, 89, 102], "description": "Drill bit diameter"}})
    drawn = values._in_stated_ranges(tool, {"properties": dict(tool.properties)})
    assert drawn["properties"]["hole_diameter_mm"]["enum"] == [76, 89, 102]
    assert "maximum" not in drawn["properties"]["hole_diameter_mm"]
    assert {a["hole_diameter_mm"] for a in _draws(BLAST, 20)} <= {76, 89, 102, 115, 127}


def test_a_count_per_thing_is_not_said_by_a_thing() -> None:
    from generator.reader import read_value

    spec = {"type": "integer", "minimum": 1, "maximum": 10, "description": "Most holes allowed to fire within one window."}
    assert read_value("with a delay of 166 milliseconds", "max_holes_per_delay", 1, spec) is None
    assert read_value("firing one hole per delay", "max_holes_per_delay", 1, spec)


def test_a_habit_at_the_schema_default_is_what_the_unset_parameter_means() -> None:
    spec = {"type": "boolean", "default": True, "description": "Only unread mail"}
    tool = MAIL.model_copy(update={"parameters": {**MAIL.parameters, "properties": {
        **MAIL.properties, "unread_only": spec}}})
    history = [_mail(f"2025-05-0{d} 08:00", received="today", unread_only=True) for d in range(1, 8)]
    bare = Target(id="t", kind="single", calls=[ToolCall(tool=MAIL.name, arguments={"received": "today"})],
                  offered=[MAIL.name], domain="messaging", user="u", history=history, time="2025-05-09 08:00")
    assert unset_habit(bare, tool) is None


def test_a_date_filter_is_never_read_from_the_query_time() -> None:
    rider = _tool_with({"available_on": {"type": "string", "description": "Only riders not suspended on this date, YYYY-MM-DD."}})
    race = _tool_with({"race_date": {"type": "string", "description": "Race date, YYYY-MM-DD."}})
    assert not temporal.from_time_alone(rider, "available_on", "2025-05-15", "2025-05-15 14:00")
    assert temporal.from_time_alone(race, "race_date", "2025-05-15", "2025-05-15 14:00")


def test_a_parameter_that_must_fit_another_takes_the_values_the_rule_lists() -> None:
    from generator.core import lore

    tool = _tool("post_results", "Post the official order of finish. Track condition must fit the surface: dirt and "
                 "synthetic take fast, good, muddy, sloppy, wet_fast or sealed; turf takes firm, good, yielding or soft.",
                 {"track_condition": {"type": "string", "description": "Official condition of the surface at post "
                                      "time (see the rule above)."}})
    said = lore.annotate([tool])[0].said["track_condition"]
    assert said["enum"] == ["fast", "good", "muddy", "sloppy", "wet_fast", "sealed", "firm", "yielding", "soft"]


def test_positions_a_guard_mans_are_no_jobs() -> None:
    spec = {"type": "string", "description": "Guard (sentry) positions manned during the firing, e.g. 'Gate 2 haul road'."}
    assert semantic.infer("guard_posts", spec) != "job"
    assert semantic.infer("occupation", {"type": "string"}) == "job"


def test_a_number_without_a_scale_takes_the_examples_another_tool_gives_its_quantity() -> None:
    from generator.core import lore

    enter = _tool("enter_horse", "Enter a horse.", {"claiming_price_usd": {
        "type": "integer", "description": "Price the horse is entered to be claimed for, in US dollars, e.g. 16000 or 40000."}})
    claim = _tool("file_claim", "File a claim.", {"claim_price_usd": {"type": "integer",
                                                                     "description": "Claiming price, in US dollars."}})
    said = lore.annotate([enter, claim])[1].said["claim_price_usd"]
    assert said["examples"] == [16000, 40000]
    bounded = _tool("file_claim", "File a claim.", {"claim_price_usd": {
        "type": "integer", "minimum": 1, "maximum": 500, "description": "Claiming price, in US dollars."}})
    assert "claim_price_usd" not in (lore.annotate([enter, bounded])[1].said or {})


def test_a_parameter_required_when_a_flag_holds_goes_with_that_flag_only() -> None:
    from generator.core import dependencies

    tool = _tool("report_overflow", "Record an overflow. When the spill reached surface water, receiving_water is "
                 "required and the report is flagged.",
                 {"reached_surface_water": {"type": "boolean", "default": False, "description": "Whether it reached water."},
                  "receiving_water": {"type": "string", "description": "Name of the water body reached, e.g. 'Mill Creek'."}},
                 required=["reached_surface_water"])
    rules = [r for r in dependencies.rules(tool.description, tool.properties) if r.kind == "when"]
    assert [(r.subject, r.others, r.values) for r in rules] == [("receiving_water", ("reached_surface_water",), (True,))]
    for args in _draws(tool, 40):
        assert ("receiving_water" in args) == (args.get("reached_surface_water") is True), args


def test_a_length_of_pipe_worked_is_a_stretch_of_the_network_not_a_box() -> None:
    tool = _tool("update_work_order", "Record what was done.", {"actual_length_ft": {
        "type": "number", "minimum": 0, "maximum": 1500, "description": "Length of pipe actually worked, in feet."}})
    lengths = [a["actual_length_ft"] for a in _draws(tool, 30)]
    assert sum(x > 20 for x in lengths) >= 25, lengths
    crate = _tool("ship_crate", "Ship a crate.", {"length_ft": {"type": "number", "minimum": 0, "maximum": 1500,
                                                               "description": "Crate length, in feet."}})
    assert all(a["length_ft"] <= 20 for a in _draws(crate, 20))


def test_parallel_searches_share_the_place_one_gives() -> None:
    from generator.traject.sample import sample_parallel

    a = Tool(name="find_tables", app="t", api="find_tables", domain="food", description="Find free tables.",
             parameters={"type": "object", "required": ["city"], "properties": {
                 "city": {"type": "string", "description": "City"}, "party_size": {"type": "integer", "minimum": 1, "maximum": 8}}})
    b = Tool(name="find_breakfast", app="d", api="find_breakfast", domain="food", description="Find breakfast places.",
             parameters={"type": "object", "required": ["meal"], "properties": {
                 "location": {"type": "string", "description": "Area"},
                 "meal": {"type": "string", "enum": ["breakfast", "lunch"]}}})
    for seed in range(12):
        calls = {c.tool: c.arguments for c in sample_parallel(f"p{seed}", [a, b], 2, random.Random(seed), lean=True).calls}
        assert calls["find_breakfast"].get("location") == calls["find_tables"]["city"], calls


def test_a_target_without_its_users_standing_value_is_no_candidate() -> None:
    from generator.catalog import Catalog
    from generator.records import UserHistory
    from generator.trail.targets import eligible

    events = [_mail(f"2025-05-{d:02d} 08:00", received="today", unread_only=True) for d in range(1, 24)]
    bare = UserHistory(user="u", events=[*events, _mail("2025-05-25 08:00", received="today")])
    whole = UserHistory(user="u", events=[*events, _mail("2025-05-25 08:00", received="today", unread_only=True)])
    catalog = Catalog([MAIL])
    assert not eligible(bare, len(events), catalog, 20, 0.5)
    assert eligible(whole, len(events), catalog, 20, 0.5)


def test_the_bundled_catalog_draws_values_that_go_together() -> None:
    from pathlib import Path

    from generator.config import load_config
    from generator.core.values import sample_arguments
    from generator.engine import load_inputs

    root = Path(__file__).resolve().parents[1] / "examples"
    catalog, _ = load_inputs(load_config(root / "quickstart.yaml"), root)
    rng = random.Random(3)
    for _ in range(60):
        hotel = sample_arguments(catalog.by_name["Staywise_search_hotels"], rng, optional_rate=1.0)
        assert hotel.get("min_stars") != 5 or hotel["max_price"] >= 250, hotel
        recipe = sample_arguments(catalog.by_name["Cookpal_search_recipe"], rng, optional_rate=1.0)
        assert recipe.get("diet") != "low_carb" or not {"rice", "chickpeas", "pasta", "lentils"} & set(recipe["ingredients"])
        shop = sample_arguments(catalog.by_name["Cartly_search_products"], rng, optional_rate=1.0)
        assert shop.get("category") != "beauty" or shop["keyword"] not in ("standing desk", "air fryer"), shop
        workout = sample_arguments(catalog.by_name["Stridely_log_workout"], rng, optional_rate=1.0)
        assert workout["sport"] != "yoga" or workout.get("notes") != "hilly route", workout


def test_a_name_that_means_a_horse_in_one_tool_and_a_rider_in_another_gets_no_shared_pool() -> None:
    from generator.catalog import Catalog
    from generator.derived_personas import _pools

    horses = _tool("search_horses", "Find horses.", {"name": {
        "type": "string", "description": "Registered name or its beginning, e.g. 'Tapit Trice'."}}, required=["name"])
    riders = _tool("search_jockeys", "Find riders.", {"name": {"type": "string", "description": "Rider's surname or full name."},
                                                      "track": {"type": "string", "enum": ["SAR", "BEL"]}}, required=["name"])
    pools = _pools(Catalog([horses, riders]), {"home": "12 Hale Street"}, random.Random(1))
    assert "name" not in pools
    same = _tool("find_riders", "Find riders.", {"name": {"type": "string", "description": "Rider's surname."}},
                 required=["name"])
    assert "name" in _pools(Catalog([riders, same]), {"home": "12 Hale Street"}, random.Random(1))


def test_a_code_in_capitals_is_never_recased_as_a_valid_call() -> None:
    from test_values_set22 import recased

    from generator.core.lore import annotate

    tool = annotate([Tool(name="add_observation", app="", api="add_observation", domain="sewer",
                          description="Add a coded observation.",
                          parameters={"type": "object", "properties": {
                              "code": {"type": "string", "description": "PACP observation code: CC (crack), RFB (roots)."},
                              "track": {"type": "string", "description": "Track code, e.g. SAR."},
                              "remarks": {"type": "string"}}})])[0]
    gold = ToolCall(tool="add_observation", arguments={"code": "CC", "track": "SAR", "remarks": "Crack near the joint"})
    assert recased(tool, gold) == {"remarks"}


def test_an_order_the_tools_prose_writes_with_names_is_strict() -> None:
    tool = _tool("request_stalls", "Apply for stalls. departure_date must be after arrival_date, and every horse listed "
                 "must be in the trainer's care.",
                 {"arrival_date": {"type": "string", "description": "Date the horses ship in, YYYY-MM-DD."},
                  "departure_date": {"type": "string", "description": "Date the stalls are vacated, YYYY-MM-DD."}})
    for args in _draws(tool, 40):
        assert args["arrival_date"] < args["departure_date"], args


def test_a_lone_minimum_of_a_value_rule_lifts_the_value_to_it() -> None:
    from datetime import datetime

    from generator.core.rule_repair import Repair, repaired
    from generator.core.value_rules import AllowedRule

    hotel = _tool("search_hotels", "Find hotels.", {"min_stars": {"type": "integer"}, "max_price": {"type": "integer"}})
    rule = AllowedRule(kind="allowed", when={"min_stars": [5]}, param="max_price", min=250.0)
    fix = Repair(hotel, frozenset(), datetime(2025, 6, 2), random.Random(0), lambda p: None)
    assert repaired([rule], {"min_stars": 5, "max_price": 119}, fix)["max_price"] == 250
    capped = AllowedRule(kind="allowed", param="max_price", max=300.0)
    assert repaired([capped], {"min_stars": 5, "max_price": 900}, fix)["max_price"] == 300


def test_a_trajectory_draw_keeps_its_tools_value_rules() -> None:
    from pathlib import Path

    from generator.config import load_config
    from generator.core.value_rules import violations
    from generator.core.values import REFERENCE_TIME
    from generator.engine import load_inputs
    from generator.traject.calls import arguments

    root = Path(__file__).resolve().parents[1] / "examples"
    catalog, _ = load_inputs(load_config(root / "quickstart.yaml"), root)
    for name in ("Staywise_search_hotels", "Munchbox_search_restaurant", "Cookpal_search_recipe"):
        tool = catalog.by_name[name]
        assert tool.profile is not None
        for seed in range(40):
            args = arguments(tool, random.Random(seed), 0.8)
            assert not violations(tool.profile.rules, args, REFERENCE_TIME), (name, args)


def test_a_trajectory_that_breaks_a_value_rule_is_drawn_again_before_any_text() -> None:
    from pathlib import Path

    from generator.config import load_config
    from generator.engine import load_inputs
    from generator.traject.product import broken_rules

    root = Path(__file__).resolve().parents[1] / "examples"
    catalog, _ = load_inputs(load_config(root / "quickstart.yaml"), root)
    bad = Target(id="t", kind="sequential", offered=[], domain="travel", calls=[
        ToolCall(tool="Staywise_search_hotels", arguments={"city": "Austin", "check_in": "2025-06-03", "min_stars": 5,
                                                           "max_price": 125})])
    assert "max_price=125" in (broken_rules(bad, catalog.by_name) or "")
    good = bad.model_copy(update={"calls": [ToolCall(tool="Staywise_search_hotels", arguments={
        "city": "Austin", "check_in": "2025-06-03", "min_stars": 5, "max_price": 320})]})
    assert broken_rules(good, catalog.by_name) is None


def test_a_search_before_an_act_finds_things_in_the_state_the_act_names() -> None:
    from generator.traject.bind import _kind_for

    search = _tool("search_blasts", "Search blasts at a site.", {"status": {
        "type": "string", "enum": ["designed", "approved", "drilled", "loading", "fired"]}})
    loading = _tool("create_loading_plan", "Set the charge for every hole of a drilled blast. Returns the plan.",
                    {"blast_id": {"type": "string"}})
    firing = _tool("record_firing", "Record that a loaded blast was fired. The all-clear follows.",
                   {"blast_id": {"type": "string"}})
    muck = _tool("record_fragmentation", "Record fragmentation of a fired blast's muckpile.", {"blast_id": {"type": "string"}})
    for then, want in ((loading, "drilled"), (firing, "loading"), (muck, "fired")):
        for seed in range(5):
            args = _kind_for(search, {"status": "designed"}, then, frozenset(), random.Random(seed))
            assert args["status"] == want, (then.name, args)


def test_an_order_the_tools_prose_states_with_is_holds_too() -> None:
    tool = _tool("record_firing", "Record that a loaded blast was fired. The all-clear is given after the inspection, so "
                 "all_clear_at is after fired_at (normally 5-30 minutes).",
                 {"fired_at": {"type": "string", "format": "date-time", "description": "Firing time, ISO 8601."},
                  "all_clear_at": {"type": "string", "format": "date-time", "description": "Time of the all-clear."}})
    from generator.core import lore

    assert lore.annotate([tool])[0].said["all_clear_at"]["x-after"] == "fired_at"


def test_a_simulated_search_keeps_the_year_its_filter_asks_for() -> None:
    from generator.traject.simulate import simulate_output

    search = _tool("search_pipe_segments", "Search gravity main segments. Returns a list of segments with segment_id, "
                   "material, install_year and last_inspection_date.",
                   {"installed_before_year": {"type": "integer", "minimum": 1880, "maximum": 2030,
                                              "description": "Only segments installed before this year."}})
    for seed in range(12):
        out = simulate_output(search, {"installed_before_year": 2007}, random.Random(seed))
        years = [int(y) for y in re.findall(r"'install_year': (\d+)", out)]
        assert years and all(y < 2007 for y in years), out



def test_a_killed_runs_half_written_files_are_removed_by_the_next_export(tmp_path: Any) -> None:
    from generator.engine import remove_left_temps

    (tmp_path / "judge").mkdir()
    (tmp_path / ".state").mkdir()
    left = tmp_path / "judge" / ".meta.jsonl.i6ujo2lu.tmp"
    kept = [tmp_path / ".state" / ".items.jsonl.ab12cd34.tmp", tmp_path / "judge" / "notes.tmp"]
    for p in (left, *kept):
        p.write_text("")
    remove_left_temps(tmp_path)
    assert not left.exists() and all(p.exists() for p in kept)
