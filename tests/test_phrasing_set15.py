"""Phrasing classes found by reading the set-15 catalogs (a craft brewery, a horse boarding
stable, an HVAC contractor) and by the players of the LLM writer, each on a small case."""

from __future__ import annotations

import random

from generator.core.pointers import act_of
from generator.phrasebook.intent import intent_of
from generator.phrasebook.terms import say, term
from generator.records import DisclosurePlan, HistoryEvent, Tool
from generator.writers.phrasing.scenes import scenario


def tool(name: str, description: str, properties: dict | None = None) -> Tool:
    return Tool(name=name, app="x", api=name, domain="x", description=description,
                parameters={"type": "object", "properties": properties or {"batch_id": {"type": "string"}}})


def said(param: str, schema: dict, kind: str, value: str) -> str:
    return say(term(param, schema), kind, value, "do it")


def test_a_participle_after_what_is_recorded_leaves_the_description_to_the_name() -> None:
    """"Record beer removed from the bonded premises": never "record a beer"; "Log a vaccine
    given": "record a vaccination"; a lookup's participle is a filter ("look up vessels")."""
    assert intent_of(tool("record_excise_removal", "Record beer removed from the brewery bonded premises for the "
                          "monthly report.")) == "record an excise removal"
    assert intent_of(tool("record_vaccination", "Log a vaccine given. Vaccine codes: EWT, WNV.")) == "record a vaccination"
    assert intent_of(tool("find_vessels", "Look up vessels registered at a port.")) == "look up vessels"
    assert intent_of(tool("set_blanket_instructions", "Tell barn staff how to blanket a horse by temperature.")) \
        == "set blanket instructions"


def test_a_names_word_the_description_writes_is_the_authors_word() -> None:
    """`assign_fermenter` beside "Knock out a batch into a fermenter": never "make this request"."""
    assert intent_of(tool("assign_fermenter", "Knock out a batch into a fermenter.")) == "assign the fermenter"


def test_a_substring_filter_is_said_as_containing() -> None:
    schema = {"type": "string", "description": "Part of the beer's brand name, e.g. 'Ridgeline'."}
    assert said("name_contains", schema, "text", "Ridgeline") == "with the name containing Ridgeline"


def test_a_possessive_determiner_is_no_part_of_the_noun() -> None:
    schema = {"type": "string", "description": "Our SKU, e.g. MLT-2ROW-55 (55 lb sack of 2-row)."}
    assert term("sku", schema).noun == "SKU"


def test_what_someone_has_is_said_by_the_person_or_by_the_names_words() -> None:
    assert term("rider_name", {"type": "string", "description": "Rider's full name."}).noun == "rider"
    barn = {"type": "string", "description": "The horse's barn (call) name, e.g. 'Biscuit', 'Rosie'."}
    assert said("barn_name", barn, "text", "Rosie") == "with the barn name Rosie"


def test_a_noun_before_a_clause_of_its_own_is_cut_there() -> None:
    """"Date blood was drawn": never "with a date blood of June 2"."""
    t = term("test_date", {"type": "string", "description": "Date blood was drawn, YYYY-MM-DD."})
    assert t.noun == "test date"


def test_an_adjective_before_the_unit_is_said_with_it() -> None:
    schema = {"type": "number", "description": "Billable hours, in quarter hours."}
    assert said("labor_hours", schema, "number", "6.75") == "with 6.75 billable hours"


def test_a_name_of_letters_and_digits_is_said_as_the_description_writes_it() -> None:
    schema = {"type": "number", "description": "SEER2 efficiency of the outdoor unit."}
    assert "SEER2" in said("seer2", schema, "number", "17") and "seer 2" not in said("seer2", schema, "number", "17")


def test_a_search_query_is_what_is_searched_for() -> None:
    schema = {"type": "string", "description": "Part description, e.g. 'inducer motor', 'flame sensor'."}
    assert said("query", schema, "text", "flame sensor") == "for flame sensor"


def test_things_counted_per_a_unit_go_after_the_count() -> None:
    schema = {"type": "integer", "minimum": 0, "maximum": 20}
    assert said("hay_flakes_per_day", schema, "number", "8") == "with 8 hay flakes per day"


def test_an_earlier_event_is_named_by_its_thing_and_act() -> None:
    """"my entry request" for get_docket_entries (set 14), "my stall" for assign_stall (set 15)."""
    def event(name: str) -> HistoryEvent:
        return HistoryEvent.model_construct(apiname=name)

    assert act_of(event("get_docket_entries")) == "docket entry request"
    assert act_of(event("assign_stall")) == "stall assignment"
    assert act_of(event("search_restaurant")) == "restaurant search"


def test_a_domain_with_no_written_situation_gets_no_stock_opener() -> None:
    """Every TRAJECT hard query of a new catalog opened "I've got a few things to sort out and
    I'd like to get them done in one go. Here's the plan." (readers, sets 14 and 15)."""
    tools = {"get_batch": tool("get_batch", "Get a batch.")}
    plan = DisclosurePlan.model_validate({"target_id": "t", "level": "hard", "calls": [
        {"tool": "get_batch", "tool_mode": "implied", "args": []}]})
    text = scenario(["get the batch", "move the beer"], plan, tools, "parallel", random.Random(1))
    assert not text.startswith("I've got") and "Here's" not in text.split(".")[0]


def test_the_llm_is_asked_for_a_date_as_a_person_says_it() -> None:
    """Players, set 15: "date: say "2025-06-03", written exactly so" made every TRAJECT
    sequential query read like a form ("book it for 2025-06-03 at 10:00"). A moment is given
    in words; an id the gold spells its own way still is written exactly so."""
    from generator.records import ArgPlan
    from generator.writers.llm_task import fact

    t = tool("book_table", "Book a table.", {"date": {"type": "string", "description": "Reservation date, format %Y-%m-%d"},
                                             "code": {"type": "string", "enum": ["move_to_track", "hold"]}})
    date = fact(ArgPlan(param="date", value="2025-06-03", mode="stated", hint="2025-06-03"), t, None, random.Random(1))
    assert date is not None and not date.literal and "June" in date.text
    code = fact(ArgPlan(param="code", value="XK-1", mode="stated", hint="XK-1"), t, None, random.Random(1))
    assert code is not None and code.literal == "XK-1"


def test_a_multi_turn_category_says_it_is_no_conversation_over_the_catalog(tmp_path) -> None:
    """Players, set 15: multi-turn rows of a stable's catalog were to-do conversations, and
    nothing said so. The run says so per category, in its summary and card."""
    import json
    import subprocess
    import sys

    cfg = tmp_path / "run.yaml"
    catalog = tmp_path / "c.json"
    catalog.write_text(json.dumps([{"name": "get_batch", "description": "Get a batch by id.",
                                    "parameters": {"type": "dict", "properties": {
                                        "batch_id": {"type": "string", "description": "Batch id, e.g. B25-0142."}},
                                        "required": ["batch_id"]}}]))
    cfg.write_text("seed: 1\ncatalog: [c.json]\nproducts:\n  sdg:\n    categories: {simple: 1, multi_turn_base: 1}\n")
    out = subprocess.run([sys.executable, "-m", "generator.cli", "generate", str(cfg), "--out", str(tmp_path / "o"),
                          "--quiet"], capture_output=True, text=True, timeout=300, check=False)
    assert out.returncode == 0, out.stderr
    card = (tmp_path / "o" / "README.md").read_text(encoding="utf-8")
    assert "simulated to-do list and file system" in card


def test_a_bound_in_a_name_says_its_value_with_it() -> None:
    """A blanket rule's `below_temp_f`: "below 40 degrees Fahrenheit", never "with a rule with 40
    degrees Fahrenheit and the heavy blanket" (reader, set 15)."""
    schema = {"type": "integer", "description": "Apply when the overnight low is below this, °F.",
              "minimum": -20, "maximum": 70}
    assert said("below_temp_f", schema, "number", "40") == "below 40 degrees Fahrenheit"
    assert term("over_limit", {"type": "boolean"}).phrase == ""


def test_an_act_done_is_said_as_done() -> None:
    """log_refrigerant's action: "as recovered", never "with the recovered action" (set 15)."""
    schema = {"type": "string", "enum": ["added", "recovered"]}
    assert said("action", schema, "enum", "recovered") == "as recovered"


def test_a_term_of_the_trade_the_catalog_writes_is_no_identifier() -> None:
    """`seer2` beside "SEER2 efficiency of the outdoor unit": "a SEER2 of 16" was refused as a
    parameter name (sets of C's quotes short by half); `co2_ppm` still is one."""
    from generator.core.identity import forbidden

    t = tool("create_quote", "Build a quote.", {"seer2": {"type": "number", "description": "SEER2 efficiency."},
                                                "co2_ppm": {"type": "number", "description": "CO2 in ppm."},
                                                "x1": {"type": "number", "description": "A factor."}})
    names = [f for f, what, _ in forbidden(t) if what == "parameter name"]
    assert "seer2" not in names and "co2_ppm" in names and "x1" in names


def test_an_optional_value_at_its_default_is_left_to_the_default_in_an_explicit_request() -> None:
    """Readers of the LLM writer, set 15: "in the default order", "with 0 checked bags", "valid
    for 30 days" were stated because the gold holds them. The plan leaves them to the default."""
    from generator.core.plan import plan_explicit
    from generator.records import Target, ToolCall

    t = tool("create_quote", "Build a quote.", {"customer_id": {"type": "string"},
                                                "valid_days": {"type": "integer", "default": 30},
                                                "rush": {"type": "boolean", "default": False}})
    t = t.model_copy(update={"parameters": {**t.parameters, "required": ["customer_id"]}})
    target = Target(id="x", kind="single", offered=["create_quote"],
                    calls=[ToolCall(tool="create_quote", arguments={"customer_id": "C-1", "valid_days": 30, "rush": 0})])
    modes = {a.param: a.mode for _, a in plan_explicit(target, tools={"create_quote": t}).args()}
    assert modes == {"customer_id": "stated", "valid_days": "omitted", "rush": "stated"}  # 0 is no False
    assert {a.mode for _, a in plan_explicit(target).args()} == {"stated"}


def test_a_kind_the_intent_names_is_said_as_that_kind() -> None:
    """"record an excise removal for a taxpaid" (reader, set 15): "as taxpaid"; a lookup by
    type: "list equipment of type air handler", never "list equipment for air handler"."""
    removal = {"type": "string", "enum": ["taxpaid", "export"], "description": "Kind of removal on the TTB form."}
    assert say(term("removal_type", removal), "enum", "taxpaid", "record an excise removal") == "as taxpaid"
    kind = {"type": "string", "enum": ["furnace", "air_handler"], "description": "Filter by type."}
    assert say(term("equipment_type", kind), "enum", "air handler", "list equipment") == "of type air handler"


def test_an_earlier_event_is_never_named_by_a_linking_word() -> None:
    """"using the ID from my last to work order on May 7" (reader, set 15)."""
    assert act_of(HistoryEvent.model_construct(apiname="add_part_to_work_order")) == "work order"
    assert act_of(HistoryEvent.model_construct(apiname="list_equipment")) == "equipment search"  # (set 33)


def test_two_parameters_of_one_noun_are_told_apart_by_their_descriptions() -> None:
    """"with the grain Purina Strategy, 1 quart, 1 quart and 5 hay flakes per day" (reader, set
    15): "Quarts at morning feed." and "Quarts at evening feed." say which feed."""
    from generator.phrasebook.derive import derive_hints

    t = tool("update_feed_plan", "Replace a horse's feed card.",
             {"grain_quarts_am": {"type": "number", "description": "Quarts at morning feed."},
              "grain_quarts_pm": {"type": "number", "description": "Quarts at evening feed."}})
    nouns = derive_hints(t).nouns
    assert nouns == {"grain_quarts_am": "quarts at morning feed", "grain_quarts_pm": "quarts at evening feed"}
    schema = t.properties["grain_quarts_am"]
    assert say(term("grain_quarts_am", schema, nouns["grain_quarts_am"]), "number", "2", "x") == \
        "with 2 quarts at morning feed"


def test_a_flag_of_what_is_needed_says_whether_it_is() -> None:
    """"without following up needed" (reader, set 15)."""
    from generator.phrasebook.fragments import bool_words

    assert bool_words("follow_up_needed") == ("with a follow-up needed", "with no follow-up needed")
    assert bool_words("permit_required") == ("with a permit required", "with no permit required")


def test_letting_someone_know_is_notifying_them() -> None:
    """Players, set 15: "... and let the owner know" for notify_owner was refused once."""
    from generator.reader.flags import read_flag
    from generator.reader.text import Text

    said = read_flag(Text("Record the cut on HRS-1 and please make sure to let the owner know."), "alert_owner")
    assert said is not None and said[0] is True
    said = read_flag(Text("Log a cut on HRS-1, but don't let the owner know."), "alert_owner")
    assert said is not None and said[0] is False


def test_a_flag_of_a_state_is_named_by_the_state_not_its_subject() -> None:
    """"Horse is body-clipped" for `clipped`: named "horse", so every query that named the horse
    was refused for revealing the omitted flag (set 15, round 3: B lost rows to it)."""
    schema = {"type": "boolean", "description": "Horse is body-clipped (needs heavier blankets).", "default": False}
    assert term("clipped", schema).noun == "clipped"


def test_a_code_the_description_lists_is_asked_in_words() -> None:
    """"They want a dual_fuel system" (readers of the second play, set 15): a value the description
    lists among the allowed ones is a member, said in words; a file name stays as written."""
    from generator.records import ArgPlan
    from generator.writers.llm_task import fact

    t = tool("create_quote", "Build a quote.", {
        "system_type": {"type": "string", "description": "ac_furnace, heat_pump_air_handler, dual_fuel or ductless."},
        "attachment": {"type": "string", "description": "File name of the signed form."}})
    code = fact(ArgPlan(param="system_type", value="dual_fuel", mode="stated"), t, None, random.Random(1))
    assert code is not None and not code.literal and code.text == "dual fuel"
    name = fact(ArgPlan(param="attachment", value="form_2.pdf", mode="stated"), t, None, random.Random(1))
    assert name is not None and name.literal == "form_2.pdf"


def test_a_number_the_description_names_and_one_of_a_period_are_read() -> None:
    """Players, second set-15 play: "auto-ship every month" for repeat_every_months=1 and "a
    one-time order" for 0 ("0 for a one-time order") were refused three times."""
    from generator.core.plan import plan_explicit
    from generator.records import Target, ToolCall
    from generator.validators.reading import reading
    from generator.writers.base import WriteRequest

    t = tool("order_filters", "Ship replacement air filters.", {
        "customer_id": {"type": "string"},
        "repeat_every_months": {"type": "integer", "minimum": 0, "maximum": 12,
                                "description": "Auto-ship interval in months; 0 for a one-time order."}})

    def label(value: int, text: str) -> str:
        target = Target(id="x", kind="single", offered=[t.name],
                        calls=[ToolCall(tool=t.name, arguments={"customer_id": "C-12345", "repeat_every_months": value})])
        req = WriteRequest(target=target, plan=plan_explicit(target), tools=[t], n=1)
        return next(a.label for a in reading(req, text).args if a.param == "repeat_every_months")

    assert label(1, "Ship customer C-12345 two filters on auto-ship every month.") == "stated"
    assert label(0, "Ship customer C-12345 two filters as a one-time order.") == "stated"
    assert label(3, "Ship customer C-12345 two filters every month.") != "stated"
