"""TRAJECT outputs the set-42 session fixed: a search's `size_class` drawn from the ice class enum
("1B" for a tanker), a recap's `demurrage_rate` of 1.3976 beside a "Demurrage rate in USD per day"
parameter; and a rejection reason that quoted a lower-cased id ("lab_sample_id='ls-25-62655'")."""

from __future__ import annotations

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
    from generator.records import Target, Tool, ToolCall
    from generator.traject.determined import value_problems

    tool = Tool(name="get_sample", app="Lab", api="get_sample", domain="lab", output="One sample.",
                parameters={"type": "object", "required": ["lab_sample_id"],
                            "properties": {"lab_sample_id": {"type": "string"}}})
    row = Target(id="t", kind="sequential", calls=[ToolCall(tool="get_sample", arguments={"lab_sample_id": "LS-25-62655"})],
                 offered=["get_sample"], domain="lab", outputs=["{}"])
    assert value_problems("Get the sample.", row, {"get_sample": tool}) == \
        ["call 1 lab_sample_id='LS-25-62655': not stated in the query"]
