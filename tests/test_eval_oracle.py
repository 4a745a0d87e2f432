"""The fake server's model under test: exact shares per level, deterministic plans, corruptions
that differ from the gold at the intended stage, and multi-step answers."""

from collections import Counter

import pytest

from generator.evaluate.records import EvalItem
from generator.judge.cases import Candidate
from generator.records import ToolCall
from generator.testing.oracle import (
    ERRORS,
    GoldEntry,
    Oracle,
    gold_lines,
    lenient,
    parse_mix,
    parse_shares,
    stage_of,
)

TOOLS = [{"type": "function", "function": {"name": n, "description": d, "parameters": {
    "type": "object", "required": ["city"],
    "properties": {"city": {"type": "string"}, "date": {"type": "string"},
                   "mode": {"type": "string", "enum": ["car", "bus", "walk"]}, "people": {"type": "integer"}}}}}
    for n, d in (("Wayline_get_route", "route between places"), ("Wayline_get_traffic", "traffic on a route"),
                 ("Skyfare_find_flights", "flights"))]


def item(i: int, level: str, rank: int, calls: int = 1, steps: str = "one") -> EvalItem:
    gold = [ToolCall(tool=TOOLS[k % 2]["function"]["name"],
                     arguments={"city": f"City {i}", "date": "2025-06-04", "mode": "bus", "people": 2})
            for k in range(calls)]
    return EvalItem(id=f"i{i}", format="trail", source="f", target=f"t{i}", level=level, level_rank=rank,
                    query=f"q{i}", messages=[{"role": "user", "content": f"question {i}"}], tools=TOOLS, gold=gold,
                    steps=steps, outputs=["out"] * calls)


def oracle(items, accuracy="0.9,0.3", mix="", seed=0) -> Oracle:
    lines = gold_lines(items)
    tools = {x["tools"]: x["defs"] for x in lines if "defs" in x}
    entries = [GoldEntry.model_validate(x) for x in lines if "defs" not in x]
    ranked, named = parse_shares(accuracy)
    return Oracle(entries, tools, ranked=ranked, named=named, mix=parse_mix(mix), seed=seed)


ITEMS = [item(i, "Minimum", 0) for i in range(40)] + [item(i, "High", 1, calls=2) for i in range(40, 80)]


def test_shares_are_exact_per_level():
    o = oracle(ITEMS)
    assert sum(i.id in o.correct for i in ITEMS[:40]) == 36 and sum(i.id in o.correct for i in ITEMS[40:]) == 12
    named = oracle(ITEMS, accuracy="0.9,High=0.5")
    assert sum(i.id in named.correct for i in ITEMS[40:]) == 20


def test_plans_are_deterministic_and_follow_the_mix():
    a, b = oracle(ITEMS), oracle(ITEMS)
    plans = [a.plan(a.entries[i.id]) for i in ITEMS]
    assert plans == [b.plan(b.entries[i.id]) for i in ITEMS]
    assert plans != [oracle(ITEMS, seed=1).plan(oracle(ITEMS, seed=1).entries[i.id]) for i in ITEMS]
    only_values = oracle(ITEMS, mix="PARAM_VALUE_ERROR=1")
    labels = Counter(only_values.plan(only_values.entries[i.id]).label for i in ITEMS)
    assert labels == Counter({"VALID_CALL": 48, "PARAM_VALUE_ERROR": 32})


def test_corruptions_differ_at_the_intended_stage():
    o = oracle(ITEMS, accuracy="0")
    for i in ITEMS:
        e = o.entries[i.id]
        plan = o.plan(e)
        assert plan.label in ERRORS
        changed = [(g, c) for g, c in zip(e.gold, plan.calls, strict=False) if g != c]
        if plan.stop_at is None and len(plan.calls) == len(e.gold):
            assert len(changed) == 1 and stage_of(changed[0][0], Candidate(call=changed[0][1])) == plan.label


def test_lenient_comparison():
    assert lenient(True) == lenient("yes") == lenient("1") == lenient(1)
    assert lenient("New-York ") == lenient("new york") and lenient(3) == lenient("3.0")
    assert lenient("2025-06-04") != lenient("06/04/2025")


def test_answers_one_step_at_a_time_for_loops():
    seq = item(99, "Minimum", 0, calls=2, steps="loop")
    o = oracle([seq], accuracy="1")
    body = {"messages": seq.messages, "tools": TOOLS}
    first = o.answer(body)
    assert [c["function"]["name"] for c in first["tool_calls"]] == ["Wayline_get_route"]
    body["messages"] = [*seq.messages, first, {"role": "tool", "tool_call_id": "call_0", "content": "out"}]
    second = o.answer(body)
    assert [c["function"]["name"] for c in second["tool_calls"]] == ["Wayline_get_traffic"]
    body["messages"] += [second, {"role": "tool", "tool_call_id": "call_0", "content": "out"}]
    assert o.answer(body) == {"role": "assistant", "content": "Done."}
    assert o.answer({"messages": [{"role": "user", "content": "unknown"}]}) is None


def test_bad_mix_is_refused():
    with pytest.raises(ValueError, match="no weight"):
        parse_mix("VALID_CALL=1")
