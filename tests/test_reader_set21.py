"""The reader, from an LLM playing the writer on two catalogs written for the purpose (a ready-mix
dispatcher, a referee assigning office): each test names a wording a strong model used for a flag
that the reader left unread (the reply was re-asked), and fails when that reading is removed."""

from __future__ import annotations

from generator.reader.read import read_value

_INACTIVE = {"type": "boolean", "description": "Also return accounts with no order in the last 24 months.",
             "default": False}


def _flag(text: str, param: str, value: bool, spec: dict) -> bool:
    return read_value(text, param, value, spec) is not None


def test_a_flag_that_adds_things_is_read_by_those_things_and_what_is_done_with_them() -> None:
    """"excluding any accounts that haven't placed an order in the last 24 months" sets
    include_inactive false (six re-asks wanted the literal "without accounts with no order ...");
    "that also includes accounts with no order" sets it true; the things' own "no" is theirs."""
    for text in ("Find accounts for Baker, excluding any accounts that haven't placed an order in the last 24 months.",
                 "Find accounts for Baker, leaving out accounts with no order in the last 24 months."):
        assert _flag(text, "include_inactive", False, _INACTIVE), text
        assert not _flag(text, "include_inactive", True, _INACTIVE), text
    for also in ("Find Baker's accounts, one that also includes accounts with no order in the last 24 months.",
                 "Find Baker's accounts, also including accounts that haven't placed an order in the last 24 months."):
        assert _flag(also, "include_inactive", True, _INACTIVE) and not _flag(also, "include_inactive", False, _INACTIVE)
    plans = {"type": "boolean", "description": "Include plans bundling a termite warranty.", "default": False}
    assert _flag("List the plans, without the ones bundling a termite warranty.", "include_termite", False, plans)
    assert not _flag("Find accounts with no order in the last 24 months.", "include_inactive", False, _INACTIVE)


def test_a_verb_and_its_object_may_have_the_objects_modifiers_between() -> None:
    """"I accept the late-cancel fee" says accept_fee=true (re-asked twice for "accepting fee")."""
    spec = {"type": "boolean", "description": "Must be true when the late-cancel fee applies.", "default": False}
    assert _flag("Cancel SO-123456, and I accept the late-cancel fee.", "accept_fee", True, spec)
    assert _flag("Cancel SO-123456; we won't accept the late-cancel fee.", "accept_fee", False, spec)


def test_a_descriptions_act_is_read_without_its_means() -> None:
    """"Send the assignment by text and e-mail." is said "send them the assignment" (notify=true);
    the means (text and e-mail) is the API's, not the user's."""
    spec = {"type": "boolean", "description": "Send the assignment by text and e-mail.", "default": True}
    assert _flag("Put OF-12345 on G25-01873 as AR1 and send them the assignment.", "notify", True, spec)
    assert _flag("Put OF-12345 on G25-01873 as AR1 but don't send them the assignment.", "notify", False, spec)


def test_the_same_list_of_things_as_last_time_hints_at_each_of_them() -> None:
    """"check out with the same product, quantity, shipping address and shipping speed as last time":
    the quantity is hinted and determined, not only the last noun of the list (a template-writer
    query the determined check rejected once its values were drawn over the whole day)."""
    from test_reader import event, read_one

    args = {"product_id": "P-118", "quantity": 2, "address": "12 Elm Row", "speed": "express"}
    history = [event("2025-05-30 18:00", "Shop", "checkout", "shopping", **args)]
    out = read_one("Could you check out with the same product, quantity, shipping address and shipping speed as "
                   "last time?", args, {"product_id": {"type": "string"}, "quantity": {"type": "integer"},
                                        "address": {"type": "string", "description": "Shipping address"},
                                        "speed": {"type": "string", "description": "Shipping speed"}},
                   history=history, time="2025-06-02 10:00", domain="shopping", name="Shop_checkout", app="Shop")
    for param in args:
        assert (out[param].label, out[param].determined) == ("hinted", True), (param, out[param].evidence)


def test_a_hinted_parameters_own_noun_is_no_leak_of_another_value() -> None:
    """"the same minimum rating and sorting as last time" does not reveal the hinted sort order
    'rating': the word belongs to the minimum rating's name."""
    from generator.core.plan import plan_calls
    from generator.records import Target, Tool, ToolCall
    from generator.validators import VALIDATORS
    from generator.writers.base import WriteRequest

    tool = Tool(name="Eats_search", app="Eats", api="search", domain="food", description="Find restaurants.",
                parameters={"type": "object", "properties": {
                    "min_rating": {"type": "number", "description": "Minimum rating"},
                    "sort_by": {"type": "string", "enum": ["rating", "price"]}}})
    t = Target(id="x", kind="single", offered=[tool.name],
               calls=[ToolCall(tool=tool.name, arguments={"min_rating": 4, "sort_by": "rating"})])
    plan = plan_calls(t, {(0, "min_rating"): ("hinted", "history", "the same minimum rating as last time"),
                          (0, "sort_by"): ("hinted", "history", "the same sorting as last time")})
    req = WriteRequest(target=t, plan=plan, tools=[tool], n=1, avoid=[])
    said = VALIDATORS.get("omitted_absent")(req, ["Find a place with the same minimum rating and sorting as last time."])
    assert all(v.ok for v in said), said
