"""Every validator passes a good realization and fails a bad one, with a useful reason."""

from __future__ import annotations

import random

from test_plan import FOOD, TAXI, food_target, food_then_taxi_target, taxi_target

from generator.core.plan import plan_calls, plan_explicit, plan_levels
from generator.records import ArgPlan, CallPlan, DisclosurePlan, Draft, HistoryEvent, Target, ToolCall
from generator.validators import TEXT_VALIDATORS, VALIDATORS, check_for, levels_ordered, validate
from generator.validators.habitphrase import Reader
from generator.writers.base import WriteRequest


def _req(t: Target, plan: DisclosurePlan, tools=None, n: int = 1, avoid=()) -> WriteRequest:
    return WriteRequest(target=t, plan=plan, tools=tools or [TAXI], n=n, avoid=list(avoid))


def _run(name: str, req: WriteRequest, texts: list[str]) -> list[str]:
    return [v.reason for v in VALIDATORS.get(name)(req, texts) if not v.ok]


def _taxi_plan(modes: dict[str, tuple[str, str, str | None]], tool_mode: str = "implied") -> DisclosurePlan:
    t = taxi_target()
    specs = {(0, p): m for p, m in modes.items()}
    return plan_calls(t, specs, tool_modes={0: tool_mode})  # type: ignore[arg-type]


GOOD_EXPLICIT = (
    "Get me a taxi from Maple Court to Eastgate Plaza, an express car, leaving at 7:30 pm, for at most 40."
)


def test_registry_names() -> None:
    """One registry: the generic validators every product runs, the TRAJECT checks and TRAIL's."""
    from generator.trail.product import TrailProduct
    from generator.traject.checks import TRAJECT_VALIDATORS

    assert set(TRAJECT_VALIDATORS) <= set(VALIDATORS.names())
    assert set(TEXT_VALIDATORS) | set(TRAJECT_VALIDATORS) | set(TrailProduct.validators) == set(VALIDATORS.names())
    assert set(TrailProduct.validators) - set(TEXT_VALIDATORS) == {"stated_read"}
    assert set(TEXT_VALIDATORS) == {
        "stated_present",
        "omitted_absent",
        "no_identifiers",
        "hinted_recoverable",
        "paraphrases_distinct",
        "answer_valid",
        "time_hint_present",
        "history_hints",
        "text_quality",
        "language",
        "restated",
        "determined",
        "added_content",
    }


def test_stated_present() -> None:
    req = _req(taxi_target(), plan_explicit(taxi_target()))
    assert _run("stated_present", req, [GOOD_EXPLICIT]) == []
    bad = _run("stated_present", req, ["Get me a taxi from Maple Court to Eastgate Plaza at 7:30 pm for 40."])
    assert bad == ["query 1 does not state the car type 'express car'"]


def test_omitted_absent() -> None:
    plan = _taxi_plan(
        {"start_name": ("omitted", "history", None), "departure_time": ("hinted", "time", "in an hour")}
    )
    req = _req(taxi_target(), plan)
    ok = "I need an express car to Eastgate Plaza in an hour, under 40."
    assert _run("omitted_absent", req, [ok]) == []
    leak = _run(
        "omitted_absent", req, ["Express car from maple court to Eastgate Plaza in an hour, under 40."]
    )
    assert leak and "omitted starting location 'Maple Court'" in leak[0]
    literal = _run("omitted_absent", req, ["Express car to Eastgate Plaza at 19:30, under 40."])
    assert literal and "hinted departure time '19:30'" in literal[0]


def test_omitted_absent_ignores_stated_and_tool_implied_values() -> None:
    t = Target(
        id="x",
        kind="single",
        offered=[TAXI.name],
        calls=[
            ToolCall(
                tool=TAXI.name,
                arguments={"start_name": "Eastgate", "end_name": "Eastgate Plaza", "car_type": "taxi"},
            )
        ],
    )
    plan = plan_calls(
        t, {(0, "start_name"): ("omitted", "history", None), (0, "car_type"): ("omitted", "history", None)}
    )
    # "Eastgate" is inside the stated "Eastgate Plaza"; "taxi" is part of the API name get_taxi.
    assert _run("omitted_absent", _req(t, plan), ["Get me a taxi to Eastgate Plaza."]) == []


def test_no_identifiers() -> None:
    req = _req(taxi_target(), plan_explicit(taxi_target()))
    assert _run("no_identifiers", req, [GOOD_EXPLICIT]) == []
    bad = _run(
        "no_identifiers",
        req,
        ["Call get_taxi on Ridely with start_name Maple Court and car_type express_car."],
    )
    assert any("API name 'get_taxi'" in r for r in bad)
    assert any("app name 'Ridely'" in r for r in bad)
    assert any("parameter name 'start_name'" in r for r in bad)
    assert any("enum identifier 'express_car'" in r for r in bad)
    assert _run("no_identifiers", req, ["Call Ridely_get_taxi now"]) != []


def test_no_identifiers_allows_named_app() -> None:
    req = _req(taxi_target(), _taxi_plan({}, tool_mode="named"))
    assert (
        _run("no_identifiers", req, ["Book an express car on Ridely from Maple Court to Eastgate Plaza."])
        == []
    )


def test_hinted_recoverable() -> None:
    good = _taxi_plan(
        {"start_name": ("hinted", "history", "home"), "departure_time": ("hinted", "time", "in an hour")}
    )
    assert _run("hinted_recoverable", _req(taxi_target(), good), []) == []
    wrong_source = _taxi_plan({"end_name": ("omitted", "time", None)})
    assert _run("hinted_recoverable", _req(taxi_target(), wrong_source), []) == [
        "omitted argument end_name='Eastgate Plaza' is not recoverable from time"
    ]
    no_source = _taxi_plan({"max_price": ("omitted", "unrecoverable", None)})
    assert "cannot be recovered" in _run("hinted_recoverable", _req(taxi_target(), no_source), [])[0]
    no_hint = _taxi_plan({"start_name": ("hinted", "history", None)})
    assert "no hint phrase" in _run("hinted_recoverable", _req(taxi_target(), no_hint), [])[0]
    fresh = taxi_target().model_copy(update={"history": []})
    assert _run("hinted_recoverable", _req(fresh, good), [])  # history no longer holds the value


def test_hinted_recoverable_previous_step() -> None:
    t = food_then_taxi_target()
    assert _run("hinted_recoverable", _req(t, plan_calls(t), [FOOD, TAXI]), []) == []
    bad = plan_calls(t, {(0, "food"): ("omitted", "previous_step", None)})
    assert "no earlier call feeds it" in _run("hinted_recoverable", _req(t, bad, [FOOD, TAXI]), [])[0]


def test_paraphrases_distinct() -> None:
    req = _req(taxi_target(), plan_explicit(taxi_target()), n=2, avoid=["Earlier query."])
    assert _run("paraphrases_distinct", req, ["One way.", "Another way."]) == []
    assert _run("paraphrases_distinct", req, ["Same  thing!", "same thing"]) == [
        "query 2 repeats query 1; phrase it differently"
    ]
    assert _run("paraphrases_distinct", req, ["earlier QUERY", "New one"]) == [
        "query 1 repeats an earlier query; phrase it differently"
    ]
    assert _run("paraphrases_distinct", req, ["Only one."]) == ["expected 2 queries, got 1"]
    assert "empty" in _run("paraphrases_distinct", req, ["", "x"])[0]


def test_answer_valid() -> None:
    t = taxi_target()
    assert _run("answer_valid", _req(t, plan_explicit(t)), []) == []
    bad_call = t.model_copy(
        update={
            "calls": [
                ToolCall(
                    tool=TAXI.name,
                    arguments={
                        "start_name": "Maple Court",
                        "end_name": "Eastgate Plaza",
                        "car_type": "express_car",
                        "share_ride": "true",
                    },
                )
            ]
        }
    )
    problems = _run("answer_valid", _req(bad_call, plan_explicit(bad_call)), [])
    assert any("share_ride" in p for p in problems)
    mismatch = _run("answer_valid", _req(t, plan_explicit(food_target()), [TAXI, FOOD]), [])
    assert any("does not match" in p for p in mismatch)
    unknown = _run("answer_valid", _req(t, plan_explicit(t), [FOOD]), [])
    assert any("not among the request's tools" in p for p in unknown)


def test_check_for_and_validate() -> None:
    req = _req(taxi_target(), plan_explicit(taxi_target()))
    check = check_for(req)
    assert check([GOOD_EXPLICIT]) == []
    problems = check(["Use get_taxi."])
    assert any(p.startswith("stated_present:") for p in problems)
    assert any(p.startswith("no_identifiers:") for p in problems)
    assert check_for(req, skip={"stated_present", "no_identifiers", "text_quality"})(["Use get_taxi."]) == []
    # Plan-only validators are not fed back to writers (rewording cannot fix them).
    broken = _req(taxi_target(), plan_explicit(food_target()), tools=[TAXI, FOOD])
    assert check_for(broken)([GOOD_EXPLICIT.replace("Maple Court", "x")]) != []
    assert not any(p.startswith(("answer_valid", "hinted_recoverable")) for p in check_for(broken)(["x"]))
    verdicts = validate(req, Draft(target_id="t0", level="explicit", texts=[GOOD_EXPLICIT], writer="x"))
    assert {v.validator for v in verdicts} == set(TEXT_VALIDATORS) and all(v.ok for v in verdicts)


def _drafts(plans, texts_by_level):
    return [
        Draft(target_id=p.target_id, level=p.level, texts=x, writer="test")
        for p, x in zip(plans, texts_by_level)
    ]


def test_levels_ordered() -> None:
    t = taxi_target()
    explicit = _taxi_plan({})
    vague = _taxi_plan(
        {"start_name": ("hinted", "history", "home"), "max_price": ("omitted", "history", None)}
    )
    good = levels_ordered(
        [explicit, vague],
        _drafts([explicit, vague], [[GOOD_EXPLICIT], ["Express car from home to Eastgate Plaza."]]),
    )
    assert all(v.ok for v in good)
    same = levels_ordered([explicit, vague], _drafts([explicit, vague], [[GOOD_EXPLICIT], [GOOD_EXPLICIT]]))
    assert any("not below" in v.reason for v in same if not v.ok)
    grows = levels_ordered(
        [vague, explicit],
        _drafts([vague, explicit], [["Express car from home to Eastgate Plaza."], [GOOD_EXPLICIT]]),
    )
    reasons = [v.reason for v in grows if not v.ok]
    assert any("states arguments" in r for r in reasons) and any("rises" in r for r in reasons)
    assert t.id == explicit.target_id


def test_levels_ordered_on_template_output() -> None:
    from generator.writers.template import TemplateWriter

    w = TemplateWriter()
    for seed in range(30):
        t = food_target() if seed % 2 else taxi_target()
        tool = FOOD if seed % 2 else TAXI
        plans = plan_levels(t, tool, random.Random(seed))
        drafts = []
        for p in plans:
            req = WriteRequest(target=t, plan=p, tools=[tool], n=p.paraphrases)
            drafts.append(w.write_sync(req, seed, check_for(req)))
            assert all(v.ok for v in validate(req, drafts[-1])), (p, drafts[-1])
        assert all(v.ok for v in levels_ordered(plans, drafts, [tool])), [
            v for v in levels_ordered(plans, drafts, [tool])
        ]


def test_plan_args_cover_multi_call() -> None:
    plan = DisclosurePlan(
        target_id="x",
        level="l",
        calls=[
            CallPlan(
                tool=TAXI.name,
                tool_mode="implied",
                args=[ArgPlan(param="start_name", value="A", mode="stated")],
            )
        ],
    )
    assert plan.args()[0][1].param == "start_name"


def test_hinted_recoverable_needs_a_resolving_phrase_for_dates_and_clock_times() -> None:
    # Query time 2025-05-02 18:30, departure 19:30: the time alone does not give it.
    omitted = _taxi_plan({"departure_time": ("omitted", "time", None)})
    assert "does not follow from the query time" in _run("hinted_recoverable", _req(taxi_target(), omitted), [])[0]
    wrong = _taxi_plan({"departure_time": ("hinted", "time", "in 2 hours")})
    assert "does not resolve" in _run("hinted_recoverable", _req(taxi_target(), wrong), [])[0]
    for hint in ("at 7.30 pm", "in an hour", "at 7:30 pm"):
        ok = _taxi_plan({"departure_time": ("hinted", "time", hint)})
        assert _run("hinted_recoverable", _req(taxi_target(), ok), []) == [], hint


def test_hinted_recoverable_is_independent_of_the_planner() -> None:
    # A date a week after the query time: the planner's temporal rule recovers it, but with
    # nothing said the model cannot know which day is meant.
    t = taxi_target()
    args = {**t.calls[0].arguments, "departure_time": "2025-05-09"}
    t = t.model_copy(update={"calls": [ToolCall(tool=TAXI.name, arguments=args)]})
    plan = plan_calls(t, {(0, "departure_time"): ("omitted", "time", None)})
    assert _run("hinted_recoverable", _req(t, plan), [])
    hinted = plan_calls(t, {(0, "departure_time"): ("hinted", "time", "a week from today")})
    assert _run("hinted_recoverable", _req(t, hinted), []) == []
    today = t.model_copy(update={"calls": [ToolCall(tool=TAXI.name, arguments={**args, "departure_time": "2025-05-02"})]})
    same_day = plan_calls(today, {(0, "departure_time"): ("omitted", "time", None)})
    assert _run("hinted_recoverable", _req(today, same_day), []) == []


def test_time_hint_present() -> None:
    plan = _taxi_plan({"departure_time": ("hinted", "time", "in an hour")})
    req = _req(taxi_target(), plan)
    base = "Get me an express car from Maple Court to Eastgate Plaza, under 40"
    assert _run("time_hint_present", req, [f"{base} in an hour."]) == []
    assert _run("time_hint_present", req, [f"{base} at 7.30 pm."]) == []  # an equivalent phrase
    assert "does not say when" in _run("time_hint_present", req, [f"{base}."])[0]
    assert _run("time_hint_present", req, [f"{base} in 2 hours."])  # resolves to another time


# ---------------------------------------------------------------- history hints against the text
# taxi_target's log: origin Maple Court twice (most recent and most frequent), destinations
# Willow Park then Eastgate Plaza (a tie: Eastgate Plaza is only the most recent).
TAXI_REST = "Get me an express car to Eastgate Plaza at 7:30 pm, under 40"


def test_history_hint_missing_from_the_text_is_rejected() -> None:
    req = _req(taxi_target(), _taxi_plan({"start_name": ("hinted", "history", "home")}))
    assert _run("history_hints", req, [f"{TAXI_REST}, from home."]) == []
    missing = _run("history_hints", req, [f"{TAXI_REST}."])
    assert missing and "does not say 'home'" in missing[0]
    # every other validator lets the text without "home" through: only this one reads hints
    others = [v for v in validate(req, Draft(target_id="t0", level="x", texts=[f"{TAXI_REST}."], writer="t"))
              if not v.ok]
    assert {v.validator for v in others} == {"history_hints"}


def test_history_hint_whose_rule_picks_another_value_is_rejected() -> None:
    t = taxi_target()
    plan = plan_calls(t, {(0, "end_name"): ("hinted", "history", "the same drop-off as last time")})
    text = "Get me an express car from Maple Court to the same drop-off as last time at 7:30 pm, under 40."
    assert _run("history_hints", _req(t, plan), [text]) == []  # Eastgate Plaza was the last one
    usual = plan_calls(t, {(0, "end_name"): ("hinted", "history", "my usual drop-off")})
    tied = _run("history_hints", _req(t, usual), [text.replace("the same drop-off as last time", "my usual drop-off")])
    assert tied and "no single value (a tie)" in tied[0]
    older = t.model_copy(update={"calls": [ToolCall(tool=TAXI.name, arguments={
        **t.calls[0].arguments, "end_name": "Willow Park"})]})
    wrong = plan_calls(older, {(0, "end_name"): ("hinted", "history", "the same drop-off as last time")})
    bad = _run("history_hints", _req(older, wrong), [text])
    assert bad and "the history gives 'eastgate plaza', not 'willow park'" in bad[0]


def test_history_omission_needs_every_reading_to_agree() -> None:
    t = taxi_target()
    habit = plan_calls(t, {(0, "start_name"): ("omitted", "history", None)})
    assert _run("history_hints", _req(t, habit), [TAXI_REST + "."]) == []
    only_recent = plan_calls(t, {(0, "end_name"): ("omitted", "history", None)})
    text = "Get me an express car from Maple Court at 7:30 pm, under 40."
    assert _run("history_hints", _req(t, only_recent), [text])  # a tie: not the usual one
    # a "last time" cue anywhere makes the recent reading the one that counts ...
    assert _run("history_hints", _req(t, only_recent), [text[:-1] + ", same as last time."]) == []
    # ... and a "usual" cue elsewhere brings the tie back
    assert _run("history_hints", _req(t, only_recent), [text[:-1] + " as usual, same as last time."])


# ---------------------------------------------------------------- where the reader looks, habit words


def _ride(tool, day: int, start: str, end: str) -> HistoryEvent:
    return HistoryEvent(time=f"2025-05-{day:02d} 08:15", apitype=tool.domain, toolname=tool.app,
                        apiname=tool.api, parameters={"start_name": start, "end_name": end})


def test_a_habit_word_must_mean_the_gold_place() -> None:
    """The history ties 'work' to Granite Tower (four weekday morning rides): a ride to Lakeshore
    Mall said 'to work' is rejected, as the quickstart's maya once was; to Granite Tower it passes."""
    commute = [_ride(TAXI, 5 + i, "Maple Court", "Granite Tower") for i in range(4)]
    base = taxi_target().model_copy(update={"history": commute})
    for gold, ok in (("Granite Tower", True), ("Lakeshore Mall", False)):
        t = base.model_copy(update={"calls": [ToolCall(tool=TAXI.name, arguments={
            "start_name": "Maple Court", "end_name": gold, "car_type": "express_car"})]})
        plan = plan_calls(t, {(0, "end_name"): ("hinted", "history", "work")})
        got = _run("history_hints", _req(t, plan), ["Get me an express car from Maple Court to work."])
        assert (got == []) is ok, got
        if not ok:
            assert "ties to 'granite tower', not 'lakeshore mall'" in got[0]


def test_the_reader_looks_where_the_query_points() -> None:
    """Ridely's last ride went to Eastgate Plaza, Hopcab's (later) to Willow Park: 'the same drop-off as
    last time' is Eastgate Plaza only when the query names Ridely."""
    hopcab = TAXI.model_copy(update={"app": "Hopcab", "name": "Hopcab_get_taxi"})
    history = [_ride(TAXI, 5, "Maple Court", "Eastgate Plaza"), _ride(hopcab, 6, "Maple Court", "Willow Park")]
    reader = Reader(history, "Ridely", "get_taxi", "transport")
    text = "Book {} a car to the same drop-off as last time."
    assert reader.problem(text.format("on Ridely"), "end_name", "Eastgate Plaza", named=True) is None
    why = reader.problem(text.format(""), "end_name", "Eastgate Plaza")
    assert why and "over the same function of this kind" in why and "'willow park'" in why
    # a habit word tied to another place (home: Maple Court) misleads a reader about this one
    assert reader.problem("From home, please.", "end_name", "Willow Park") is not None


def test_the_words_of_a_stated_value_are_no_cue() -> None:
    """'Always Fresh Market' is a name the query states, not an 'as always': the destination left
    out is read the 'last time' way only (Willow Park was the last, Eastgate Plaza the usual)."""
    history = [_ride(TAXI, 5, "Maple Court", "Eastgate Plaza"), _ride(TAXI, 6, "Maple Court", "Eastgate Plaza"),
               _ride(TAXI, 7, "Maple Court", "Willow Park")]
    reader = Reader(history, "Ridely", "get_taxi", "transport")
    text = "From Always Fresh Market to the same drop-off as last time."
    assert reader.problem(text, "end_name", "Willow Park", said=["Always Fresh Market"]) is None
    assert reader.problem(text, "end_name", "Willow Park")  # without knowing it is a name: 'always'
