"""Phrasing classes found by reading the set-17 catalogs (a hearing-aid clinic, a seed bank, a
commercial print shop), each on a small case that fails when its rule is removed."""

from __future__ import annotations

from test_phrasing_set15 import said, tool

from generator.core.pointers import act_of, nominal
from generator.phrasebook.intent import intent_of
from generator.phrasebook.terms import term
from generator.records import HistoryEvent


def test_an_id_template_is_how_a_value_is_written_never_its_noun() -> None:
    """"AUD-NNN", "Format Q-YY-NNNNN, e.g. Q-25-00871": never "for aud-nnn AUD-703" nor "for
    format Q-YY-NNNNN Q-25-77906"; the name says what it is."""
    for param, description in (("audiologist_id", "AUD-NNN"), ("quote_id", "Format Q-YY-NNNNN, e.g. Q-25-00871."),
                               ("work_order", "WO-###### from the dispatch board")):
        t = term(param, {"type": "string", "description": description})
        assert "NNN" not in t.noun.upper() and "format" not in t.noun.lower() and "#" not in t.noun, (description, t)
    assert said("quote_id", {"type": "string", "description": "Format Q-YY-NNNNN, e.g. Q-25-00871."}, "id",
                "Q-25-77906") == "for quote Q-25-77906"
    assert term("state", {"type": "string", "description": "NY state code"}).noun  # "NY" is no template


def test_a_description_that_states_a_rule_names_no_parameter() -> None:
    """"FAO standard is 85% of initial viability": a rule about the value, never "a FAO of 85 percent"."""
    t = term("below_percent", {"type": "integer", "description": "FAO standard is 85% of initial viability."})
    assert "fao" not in t.noun.lower(), t
    assert term("depth", {"type": "number", "description": "Sensor depth in metres"}).noun == "sensor depth"


def test_a_description_opening_with_find_is_the_intent() -> None:
    """"Find accessions by characterization data": "find accessions", never "make this request"; a
    name whose second word is a preposition says it ("search by trait")."""
    assert intent_of(tool("search_by_trait", "Find accessions by characterization data. Returns a list of "
                          "{accession_number, genus}.")) == "find accessions"
    assert intent_of(tool("search_by_trait", "")) == "search by trait"


def test_an_earlier_act_is_said_by_the_noun_of_its_verb() -> None:
    """"the seed lot from my lot movement on May 31", never "from my lot on May 31"; a verb whose
    noun the lexicon does not know keeps the thing alone (no guessed word)."""
    def act(api: str) -> str:
        return act_of(HistoryEvent(time="2025-05-01 10:00", apitype="x", toolname="X", apiname=api, parameters={}))

    assert act("move_lot") == "lot movement" and act("withdraw_seeds") == "seed withdrawal"
    assert act("cancel_appointment") == "appointment cancelation" and act("search_restaurant") == "restaurant search"
    assert nominal("depart") == "departure" and nominal("extend") is None


def test_simple_and_sequential_traject_plans_leave_optional_defaults_unsaid() -> None:
    """"look up a late-night snack recipe with diet none", "with 0 days of flexibility": the gold
    fills an optional default by the format's convention, so the query need not read it out (the
    LLM-writer reading of 2026-12-04: 8 of 24 TRAJECT rows). A flag stays said (a delivery search
    says "delivery" anyway), and a required value is said even at its default."""
    from generator.records import Target, ToolCall
    from generator.traject.plans import sequential_plan, simple_plan

    recipe = tool("search_recipe", "Find recipes.", {
        "dish": {"type": "string"}, "diet": {"type": "string", "enum": ["none", "vegan"], "default": "none"},
        "quick": {"type": "boolean", "default": False}, "servings": {"type": "integer", "default": 2}})
    recipe = recipe.model_copy(update={"parameters": {**recipe.parameters, "required": ["dish", "servings"]}})
    t = Target(id="t", kind="parallel", offered=[recipe.name], time="2025-06-02 08:00", calls=[
        ToolCall(tool=recipe.name, arguments={"dish": "ramen", "diet": "none", "quick": False, "servings": 2})])
    for plan in (simple_plan(t, {recipe.name: recipe}), sequential_plan(t, {recipe.name: recipe})):
        modes = {a.param: (a.mode, a.source) for _, a in plan.args()}
        assert modes["diet"] == ("omitted", "default"), modes
        assert modes["dish"][0] == modes["quick"][0] == modes["servings"][0] == "stated", modes


def test_a_storey_is_no_bound_no_place_and_no_article() -> None:
    """"Floor of the origin unit; 0 for ground level": never "a the origin unit of at least 46"
    (a price floor is a bound, a storey is not; a count is no place "from 46"); "Full street
    address being moved out of" is a full street address (the sweep's household movers lost half
    their TRAIL targets to these)."""
    from generator.phrasebook.terms import say

    t = term("origin_floor", {"type": "integer", "description": "Floor of the origin unit; 0 for ground level."})
    assert not t.bound and not t.place and not t.noun.startswith("the "), t
    assert "the origin unit" not in say(t, "count", "46", "open an estimate").replace("with the origin unit", "")
    assert term("min_price", {"type": "number", "description": "Price floor"}).bound == "at least "
    assert term("origin_address", {"type": "string", "description": "Full street address being moved out of, "
                                   "with unit, city, state and ZIP."}).noun == "full street address"


def test_a_list_pointed_at_is_named_never_the_one() -> None:
    """"order groceries for the one from my grocery order on June 16": which one? A list that is
    the function's own object is named ("the groceries from my grocery order"); a single value
    still reads "the one" ("cancel the one from ...")."""
    from generator.core.plan import history_noun

    groceries = tool("order_groceries", "Order groceries for delivery.", {
        "groceries": {"type": "array", "items": {"type": "string"}, "description": "Groceries to order"},
        "delivery_date": {"type": "string", "description": "Delivery date"}})
    assert history_noun("groceries", groceries) not in ("one", "ones", "")


def test_an_order_word_of_an_api_name_is_not_the_acts_noun() -> None:
    """"the same ID as my first latest audiogram request earlier today": "latest" of
    `get_latest_audiogram` read as "the most recent one" to the reader (the LLM player's nine false
    rejections); the act is "audiogram request"."""
    def act(api: str) -> str:
        return act_of(HistoryEvent(time="2025-05-01 10:00", apitype="x", toolname="X", apiname=api, parameters={}))

    assert act("get_latest_audiogram") == "audiogram request"
    assert act("get_next_slot") == "slot request"


def test_a_flag_named_by_an_adjective_in_able_is_a_state() -> None:
    """`rechargeable`: "models that are rechargeable", never "with rechargeable" / "without
    rechargeable" (set 17: both readers and the LLM player); a noun in -able stays a thing."""
    from generator.phrasebook.fragments import bool_words

    assert bool_words("rechargeable") == ("that are rechargeable", "that are not rechargeable")
    assert bool_words("wheelchair_accessible")[0] == "that are wheelchair accessible"
    assert bool_words("cable") == ("with cable", "without cable")


def test_a_pointer_reads_only_events_of_the_targets_own_app_and_api() -> None:
    """TRAILBench's recoverability (and the reference check's): a value left out is in the history
    of the same app, API and parameter. "the same destination as my route request on Sunday" for a
    taxi pointed at another app's event (4 of 254 High values of the quickstart, once the stated-only
    budget pooled values); a pointer to an earlier taxi request of the same app stays."""
    from test_plan import TAXI, event, target

    from generator.core.plan import pointer_choice

    route = TAXI.model_copy(update={"name": "Wayline_get_route", "app": "Wayline", "api": "get_route"})
    base = [event(TAXI, {"start_name": "Maple Court", "end_name": f"Place {i}"}, f"2025-05-0{i} 09:00") for i in (1, 2, 3)]
    for other, pointed in ((route, False), (TAXI, True)):
        history = [*base, event(other, {"start_name": "Maple Court", "end_name": "Willow Park"}, "2025-05-04 18:00"),
                   event(TAXI, {"start_name": "Maple Court", "end_name": "Dock Street"}, "2025-05-05 09:00")]
        t = target(TAXI, {"start_name": "Maple Court", "end_name": "Willow Park"}, history,
                   time="2025-05-06 10:00").model_copy(update={"pointers": True})
        assert ("end_name" in pointer_choice(t, TAXI).pointers) is pointed, (other.app, pointer_choice(t, TAXI))


def test_one_side_of_a_plural_noun_is_said_in_the_singular() -> None:
    """`ears` right: "order aids for the right ear", never "with right ears" (set 17, 27 rows)."""
    from generator.phrasebook.terms import say

    t = term("ears", {"type": "string", "enum": ["left", "right", "binaural"], "description": "Which ear(s)."})
    assert say(t, "enum", "right", "order aids") == "for the right ear"
