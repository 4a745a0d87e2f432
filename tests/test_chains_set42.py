"""TRAJECT outputs the set-42 session fixed: a search's `size_class` drawn from the ice class enum
("1B" for a tanker), a recap's `demurrage_rate` of 1.3976 beside a "Demurrage rate in USD per day"
parameter; and a rejection reason that quoted a lower-cased id ("lab_sample_id='ls-25-62655'")."""

from __future__ import annotations

from generator.records import Tool
from generator.traject.simulate import matching_param

VOCAB = {"ice_class": {"type": "string", "enum": ["none", "1C", "1B"], "description": "Minimum Finnish-Swedish ice class."},
         "vessel_class": {"type": "string", "enum": ["GP", "MR", "VLCC"], "description": "Size class by deadweight: GP ..."},
         "demurrage_usd_per_day": {"type": "integer", "description": "Demurrage rate in USD per day pro rata, e.g. 28,000."}}


def test_an_output_field_is_the_parameter_its_words_describe() -> None:
    assert matching_param("size_class", VOCAB) == "vessel_class"  # the description says "Size class"
    assert matching_param("ice_class", VOCAB) == "ice_class"
    assert matching_param("demurrage_rate", VOCAB) == "demurrage_usd_per_day"
    assert matching_param("exchange_rate", VOCAB) == ""  # nothing describes it


def test_a_rejection_quotes_a_value_as_the_call_holds_it() -> None:
    from generator.records import Target, ToolCall
    from generator.traject.determined import value_problems

    tool = Tool(name="get_sample", app="Lab", api="get_sample", domain="lab", output="One sample.",
                parameters={"type": "object", "required": ["lab_sample_id"],
                            "properties": {"lab_sample_id": {"type": "string"}}})
    row = Target(id="t", kind="sequential", calls=[ToolCall(tool="get_sample", arguments={"lab_sample_id": "LS-25-62655"})],
                 offered=["get_sample"], domain="lab", outputs=["{}"])
    assert value_problems("Get the sample.", row, {"get_sample": tool}) == \
        ["call 1 lab_sample_id='LS-25-62655': not stated in the query"]


def _tool(name: str, description: str) -> Tool:
    return Tool(name=name, app="Room", api=name, domain="room", description=description,
                parameters={"type": "object", "properties": {"barcode": {"type": "string"}}})


def test_a_step_on_a_thing_in_a_state_another_act_brings_waits_for_that_act() -> None:
    from generator.traject.chains import needed_state, too_soon

    intake = _tool("intake_evidence", "Book a new item into the property room from a temporary locker.")
    check_in = _tool("check_in_item", "Return a checked-out item to the property room.")
    check_out = _tool("check_out_item", "Release an item from the property room to a person, with a signed chain of "
                      "custody line.")
    release = _tool("release_to_owner", "Hand an item authorized for release to its owner.")
    authorize = _tool("authorize_disposition", "Record the case officer's decision on a disposition review item.")
    orders = _tool("issue_voyage_orders", "Send voyage orders to the master of a fixed ship: load and discharge ports.")
    fixture = _tool("create_fixture", "Record a new voyage charter fixture 'on subjects' for a cargo order and a ship.")
    claim = _tool("submit_demurrage_claim", "Submit the owners' demurrage claim on a fixture.")
    assert (needed_state(check_in), needed_state(orders), needed_state(release)) == ("check", "fix", "authorize")
    assert needed_state(check_out) is None  # a signed custody line is how it is done, not what it acts on
    assert too_soon(intake, check_in) and too_soon(fixture, orders) and too_soon(intake, release)
    assert too_soon(fixture, claim)  # a claim once the voyage ran its course
    assert not too_soon(intake, check_out) and not too_soon(authorize, release)


def test_a_searched_class_is_the_class_the_results_list() -> None:
    import random

    from generator.traject.simulate import Context, simulate_output, vocabulary

    search = Tool(name="search_vessels", app="Desk", api="search_vessels", domain="tankers",
                  description="Search the position list. Returns ships with imo_number, name, size class.",
                  output="JSON with vessels: array of {imo_number, name, size_class}",
                  parameters={"type": "object", "properties": {
                      "vessel_class": {"type": "string", "enum": ["GP", "MR", "LR2"], "description": "Size class by deadweight."},
                      "ice_class": {"type": "string", "enum": ["none", "1B"], "description": "Minimum ice class."}}})
    for seed in range(6):
        said = simulate_output(search, {"vessel_class": "LR2"}, random.Random(seed), context=Context(vocab=vocabulary([search])))
        assert "'size_class': 'LR2'" in said and "'MR'" not in said and "'GP'" not in said, said
