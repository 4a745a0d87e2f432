"""The reader-based validators (generator/validators/reading.py): known-bad LLM text is rejected
with the reason, known-good text passes.

- added_content: a further request, a condition, an alternative or a wish the calls do not hold;
- restated: a value the plan leaves out reads as stated in any wording; a TRAJECT hard value
  to be said in words appears as the call writes it;
- determined: a value left to the history that the reader resolves to another value;
- stated_read: a stated value the reader does not read (TRAIL).
"""

from __future__ import annotations

import asyncio
import json
from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_plan import FOOD, TAXI, food_target, taxi_target
from test_traject_audit_metrics import TARGET, TOOLS

from generator.config import LLMConfig
from generator.core.plan import plan_calls, plan_explicit
from generator.core.surface import mentions
from generator.llm.client import make_client
from generator.records import Target, Tool, ToolCall
from generator.testing.fake_openai import FakeOpenAI
from generator.traject.plans import hard_plan
from generator.validators import VALIDATORS, check_for
from generator.writers.base import WriteRequest
from generator.writers.llm import LLMWriter

REMIND = Tool(
    name="Notely_create_reminder", app="Notely", api="create_reminder", domain="productivity",
    description="Create a reminder that goes off at a given time.",
    parameters={"type": "object", "required": ["text", "time"], "properties": {
        "text": {"type": "string", "description": "What to be reminded of"},
        "time": {"type": "string", "description": "When, format %H:%M"}}})


def _run(name: str, req: WriteRequest, texts: list[str]) -> list[str]:
    return [v.reason for v in VALIDATORS.get(name)(req, texts) if not v.ok]


def _explicit(t: Target, tools: list[Tool]) -> WriteRequest:
    return WriteRequest(target=t, plan=plan_explicit(t), tools=tools, n=1)


def _reminders() -> WriteRequest:
    t = Target(id="r", kind="parallel", offered=[REMIND.name], time="2025-06-02 08:00", calls=[
        ToolCall(tool=REMIND.name, arguments={"text": "call mom", "time": "10:00"}),
        ToolCall(tool=REMIND.name, arguments={"text": "pick up the dry cleaning", "time": "11:15"})])
    return _explicit(t, [REMIND])


# ---------------------------------------------------------------- added content


def test_two_reminders_made_alternatives_are_rejected() -> None:
    req = _reminders()
    good = "Remind me to call mom at 10 am and to pick up the dry cleaning at 11:15 am."
    assert _run("added_content", req, [good]) == []
    bad = _run("added_content", req, ["Remind me to call mom at 10 am, or if not then, pick up the dry cleaning "
                                      + "at 11:15 am."])
    assert len(bad) == 1 and "adds an alternative" in bad[0] and "if not then" in bad[0]


def test_a_wish_no_argument_carries_is_rejected() -> None:
    req = _explicit(taxi_target(), [TAXI])
    good = "Get me an express car from Maple Court to Eastgate Plaza at 7:30 pm for at most 40."
    assert _run("added_content", req, [good]) == []
    bad = _run("added_content", req, [good[:-1] + ", a car with a nice ambience."])
    assert len(bad) == 1 and "adds a wish" in bad[0] and "nice ambience" in bad[0]
    assert _run("added_content", req, ["Somewhere quiet would be great: " + good])


def test_a_wish_an_argument_carries_or_the_users_situation_is_no_addition() -> None:
    req = _explicit(taxi_target(), [TAXI])
    held = "Get me a cheap express car from Maple Court to Eastgate Plaza at 7:30 pm, 40 at most."
    assert _run("added_content", req, [held]) == []  # "cheap" is the price limit's
    situation = "It's too quiet in here, get me an express car from Maple Court to Eastgate Plaza at 7:30 pm, max 40."
    assert _run("added_content", req, [situation]) == []


def test_a_search_for_a_place_with_a_nice_ambience_is_rejected() -> None:
    req = WriteRequest(target=food_target(), plan=plan_explicit(food_target()), tools=[FOOD], n=1)
    good = ("Order noodle soup and dumplings for delivery to Harborview Station for dinner on May 3, 2025, "
            "default sorting.")
    assert _run("added_content", req, [good]) == []
    bad = _run("added_content", req, [good.replace("for delivery", "from a place with a nice ambience, for delivery")])
    assert bad and "adds a wish" in bad[0] and "ambience" in bad[0]


def test_a_condition_and_a_further_request_are_rejected() -> None:
    req = _explicit(taxi_target(), [TAXI])
    base = "Get me an express car from Maple Court to Eastgate Plaza at 7:30 pm for at most 40"
    cond = _run("added_content", req, [base + ", but only if it has wifi."])
    assert cond and "adds a condition" in cond[0] and "only if it has wifi" in cond[0]
    more = _run("added_content", req, [base + ", and also email Sam the receipt."])
    assert more and "adds a further request" in more[0] and "email Sam" in more[0]


# ---------------------------------------------------------------- restatement


def _vague_taxi() -> WriteRequest:
    plan = plan_calls(taxi_target(), {(0, "max_price"): ("omitted", "history", None),
                                      (0, "start_name"): ("omitted", "history", None)}, tool_modes={0: "implied"})
    return WriteRequest(target=taxi_target(), plan=plan, tools=[TAXI], n=1)


def test_an_omitted_value_in_number_words_is_restated() -> None:
    req = _vague_taxi()
    good = "Book an express car to Eastgate Plaza at 7:30 pm."
    assert _run("restated", req, [good]) == []
    bad = _run("restated", req, ["Book an express car to Eastgate Plaza at 7:30 pm, forty at most."])
    assert len(bad) == 1 and "max_price=40" in bad[0]
    place = _run("restated", req, ["Book an express car from maple court to Eastgate Plaza at 7:30 pm."])
    assert place and "start_name" in place[0]


_FORMS = (lambda d: d.isoformat(), lambda d: f"{d:%B} {d.day}, {d.year}", lambda d: f"the {_ordinal(d.day)} of {d:%B}",
          lambda d: f"{d.day} {d:%B} {d.year}", lambda d: f"{d.month}/{d.day}/{d.year}")


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=3, max_value=200), st.sampled_from(range(len(_FORMS))))
def test_an_omitted_date_in_any_wording_is_restated(days: int, form: int) -> None:
    """The food order's date, left out, is caught however it is written (ISO, "June 3, 2025",
    "the 3rd of June", "3 June 2025", "6/3/2025"); the text without it passes."""
    t = food_target()
    day = date(2025, 5, 1) + timedelta(days=days)
    t.calls[0].arguments["reservation_date"] = day.isoformat()
    plan = plan_calls(t, {(0, "reservation_date"): ("omitted", "default", None)}, tool_modes={0: "implied"})
    req = WriteRequest(target=t, plan=plan, tools=[FOOD], n=1)
    base = "Order noodle soup and dumplings for delivery to Harborview Station for dinner, default sorting"
    assert _run("restated", req, [base + "."]) == []
    bad = _run("restated", req, [f"{base}, on {_FORMS[form](day)}."])
    assert bad and "reservation_date" in bad[0]


# Values a plan asks to be said in words, from the query itself (mode hinted, source query): the
# TRAJECT hard plan once did so with dates and clock times; it now states them, so the plans here
# set that mode, which the validator `restated` (its `_written_as_called` part) still serves.
IN_WORDS = {"date": "June 3, 2025", "at": "around half past six in the evening"}


def _in_words(target: Target) -> WriteRequest:
    plan = hard_plan(target, TOOLS)
    for call in plan.calls:
        call.args = [a.model_copy(update={"mode": "hinted", "source": "query", "hint": IN_WORDS[a.param]})
                     if a.param in IN_WORDS else a for a in call.args]
    return WriteRequest(target=target, plan=plan, tools=list(TOOLS.values()), n=1)


def _hard() -> WriteRequest:
    return _in_words(TARGET)


def test_a_traject_hard_query_stating_the_date_word_for_word_is_rejected() -> None:
    req = _hard()
    good = "I'm after a rain jacket, June 3, 2025, price asc, 25 and a half tops, around half past six in the evening."
    assert _run("restated", req, [good]) == []
    bad = _run("restated", req, [good.replace("June 3, 2025", "2025-06-03")])
    assert len(bad) == 1 and "'2025-06-03'" in bad[0] and "June 3, 2025" in bad[0]
    clock = _run("restated", req, [good.replace("around half past six in the evening", "at 18:30")])
    assert clock and "'18:30'" in clock[0]


def test_a_hard_value_inside_a_stated_one_is_said_for_that_one() -> None:
    """"11:45" of a stated start "2025-06-02 11:45" is no restatement of a pickup time 11:45."""
    t = TARGET.model_copy(deep=True)
    t.calls[0].arguments["at"] = "11:45"
    t.calls[0].arguments["query"] = "rain jacket 2025-06-02 11:45"
    req = WriteRequest(target=t, plan=hard_plan(t, TOOLS), tools=list(TOOLS.values()), n=1)
    text = "A rain jacket 2025-06-02 11:45, June 3, 2025, price asc, 25 and a half tops, around quarter to noon."
    assert _run("restated", req, [text]) == []


@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=0, max_value=700))
def test_any_traject_hard_date_written_as_the_call_writes_it_is_rejected(days: int) -> None:
    day = (date(2025, 1, 1) + timedelta(days=days)).isoformat()
    t = TARGET.model_copy(deep=True)
    t.calls[0].arguments["date"] = day
    req = _in_words(t)
    assert _run("restated", req, [f"A rain jacket for {day}, cheapest first, 25 and a half tops."])


# ---------------------------------------------------------------- in the LLM loop (fake server)


def test_the_llm_writer_is_asked_again_with_the_reason() -> None:
    """Through the project's fake OpenAI server: a reply that turns two reminders into
    alternatives is re-asked with the validator's reason; the reply after it is accepted."""
    req = _reminders()
    bad = "Remind me to call mom at 10 am, or if not then, pick up the dry cleaning at 11:15 am."
    good = "Remind me to call mom at 10 am and to pick up the dry cleaning at 11:15 am."
    seen: list[list[str]] = []
    base = check_for(req)

    def check(texts: list[str]) -> list[str]:
        seen.append(base(texts))
        return seen[-1]

    with FakeOpenAI() as fake:
        fake.push(json.dumps({"queries": [bad]}), json.dumps({"queries": [good]}))
        client = make_client(LLMConfig(base_url=fake.base_url, model="fake-model", max_reasks=2, max_retries=0), None)

        async def go():
            try:
                return await LLMWriter(client).write(req, 7, check)
            finally:
                await client.aclose()

        draft = asyncio.run(go())
        reask = fake.requests[-1].body["messages"][-1]["content"]
    assert draft.texts == [good] and draft.attempts == 2
    assert any("added_content" in p and "an alternative" in p for p in seen[0]) and seen[-1] == []
    assert "if not then" in reask


# ---------------------------------------------------------------- stated in other words

PRESS = Tool(
    name="Cellar_start_bottling", app="Cellar", api="start_bottling", domain="cellar",
    description="Start a bottling run from a tank.",
    parameters={"type": "object", "required": ["tank_id", "pasteurize"], "properties": {
        "tank_id": {"type": "string", "description": "Tank to bottle from"},
        "pasteurize": {"type": "boolean", "description": "Pasteurize the bottles after filling"}}})


@pytest.mark.parametrize(("pasteurize", "text"), [
    (False, "Start bottling from tank FT-03, and skip pasteurization."),
    (False, "Start bottling from tank FT-03, no pasteurization this time."),
    (True, "Start bottling from tank FT-03 and pasteurise it."),
])
def test_a_stated_value_in_other_words_is_read_as_stated(pasteurize: bool, text: str) -> None:
    """stated_present asks the reader when no surface form is found ('skip pasteurization' states
    pasteurize=false; the surface forms do not find it, so the reader's reading is what passes it);
    a query that drops the value still fails."""
    t = Target(id="b", kind="single", offered=[PRESS.name], time="2025-06-02 08:00", calls=[
        ToolCall(tool=PRESS.name, arguments={"tank_id": "FT-03", "pasteurize": pasteurize})])
    req = _explicit(t, [PRESS])
    assert not mentions(text, pasteurize, "pasteurize", PRESS, t.time)  # the reader, not the surface forms
    assert _run("stated_present", req, [text]) == []
    assert _run("stated_present", req, ["Start bottling from tank FT-03."]) != []


# ---------------------------------------------------------------- determined, stated_read (TRAIL)


def _taxi_with_history() -> tuple[Target, list]:
    """A taxi whose destination the user rode to on two days: Monday to Willow Park, Tuesday to the Dock."""
    from test_plan import event, target

    past = [event(TAXI, {"start_name": "Maple Court", "end_name": "Willow Park"}, "2025-05-05 09:00"),
            event(TAXI, {"start_name": "Maple Court", "end_name": "Dock Street"}, "2025-05-06 09:00")]
    t = target(TAXI, {"start_name": "Maple Court", "end_name": "Willow Park", "car_type": "express_car"}, past,
               time="2025-05-08 10:00")
    return t, past


def _plan(t: Target, modes: dict[str, tuple[str, str, str | None]]):
    from generator.records import ArgPlan, CallPlan, DisclosurePlan

    args = [ArgPlan(param=k, value=v, mode=modes.get(k, ("stated", "query", None))[0],
                    source=modes.get(k, ("stated", "query", None))[1], hint=modes.get(k, ("stated", "query", None))[2])
            for k, v in t.calls[0].arguments.items()]
    return DisclosurePlan(target_id=t.id, level="Low Difficulty",
                          calls=[CallPlan(tool=TAXI.name, tool_mode="named", args=args)])


def test_a_history_hint_the_reader_resolves_to_another_value_is_rejected() -> None:
    t, _ = _taxi_with_history()
    req = WriteRequest(target=t, plan=_plan(t, {"end_name": ("hinted", "history", "where I went on Monday")}),
                       tools=[TAXI], n=1)
    good = "Get me an express car from Maple Court to the same destination as my ride on Monday."
    assert _run("determined", req, [good]) == []
    bad = _run("determined", req, ["Get me an express car from Maple Court to the same destination as last time."])
    assert len(bad) == 1 and "end_name='Willow Park'" in bad[0] and "Dock Street" in bad[0], bad


def test_a_stated_value_the_reader_does_not_read_is_rejected() -> None:
    t, _ = _taxi_with_history()
    req = WriteRequest(target=t, plan=_plan(t, {}), tools=[TAXI], n=1)
    good = "Get me an express car from Maple Court to Willow Park."
    assert _run("stated_read", req, [good]) == []
    bad = _run("stated_read", req, ["Get me an express car from Maple Court, please."])
    assert len(bad) == 1 and "end_name='Willow Park'" in bad[0], bad
