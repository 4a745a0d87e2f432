"""The reader on what capable-model players wrote for the set-22 catalogs (backflow testing, track
maintenance): each case was a first reply refused although it said the value; it fails when its
reading is removed."""

from __future__ import annotations

import pytest

from generator.reader.enums import stated_enum
from generator.reader.flags import read_flag
from generator.reader.text import Text

GAUGE = "Only testers with at least one test gauge calibrated within the last 12 months."
FIRE = "Only testers also qualified to test fire sprinkler assemblies (DCDA/RPDA)."
COMPLIANCE = "Only premises with at least one assembly past its annual test due date or an open compliance notice."


@pytest.mark.parametrize(("param", "description", "text", "value"), [
    ("gauge_calibration_current", GAUGE, "find testers, only ones with at least one gauge calibrated in the last 12 months",
     True),
    ("fire_line_qualified", FIRE, "find testers qualified for fire sprinkler assemblies in Smithview", True),
    ("out_of_compliance", COMPLIANCE, "search premises whether they are in compliance or not", False),
    ("out_of_compliance", COMPLIANCE, ("search premises with or without at least one assembly past its annual test "
                                       "due date or an open compliance notice"), False),
    ("out_of_compliance", COMPLIANCE, ("search premises whether or not they have at least one assembly past its "
                                       "annual test due date"), False),
])
def test_a_filter_flag_said_by_what_it_keeps_is_read(param: str, description: str, text: str, value: bool) -> None:
    said = read_flag(Text(text), param, description)
    assert said is not None and said[0] is value, said


def test_a_number_glued_to_its_unit_in_an_enum_value_is_read_apart() -> None:
    """"with a 30 mph slow order applied" for the action `slow_order_30mph`: refused twice."""
    options = ["none", "visual_supervision", "slow_order_10mph", "slow_order_30mph", "remove_from_service"]
    assert stated_enum(Text("report it with a 30 mph slow order applied"), "slow_order_30mph", options)
    assert stated_enum(Text("report it with a 10 mph slow order applied"), "slow_order_30mph", options) is None


def test_a_flag_whose_false_is_described_is_no_unfiltered_search() -> None:
    """"whether or not a slow order is in effect" for slow_order_in_effect=false, which the catalog
    describes as "segments that ... do not have (false) an active slow order"."""
    from generator.writers.llm_task import filter_flag

    spec = {"type": "boolean", "description": "Only segments that have (true) or do not have (false) an active slow order."}
    assert not filter_flag("slow_order_in_effect", spec)
    assert filter_flag("covered", {"type": "boolean", "description": "Only covered garages."})


def test_a_left_out_value_follows_the_settled_habit_over_the_schema_default() -> None:
    """priya's cab: gold ride_class=standard (the schema default) where every earlier ride was
    green; an e-mail search's `received`=today where the schema's default is any time (players'
    readers, set 22): neither is what a reader takes from a query that says nothing."""
    from tests.test_reader import event, read_one

    rides = [event(f"2025-04-2{i} 08:00", "Cabby", "get_taxi", "transport", ride_class="green") for i in range(1, 5)]
    props = {"ride_class": {"type": "string", "enum": ["standard", "green", "xl"], "default": "standard"}}
    cab = read_one("get me a cab", {"ride_class": "standard"}, props, history=rides, domain="transport",
                   name="Cabby_get_taxi", app="Cabby")["ride_class"]
    assert cab.determined is False, cab
    mail = read_one("search my emails", {"received": "today"},
                    {"received": {"type": "string", "enum": ["today", "this_week", "any"], "default": "any"}},
                    domain="email", name="Mailcraft_search_emails", app="Mailcraft")["received"]
    assert mail.determined is False, mail
