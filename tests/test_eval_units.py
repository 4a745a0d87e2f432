"""Pure parts of `trajgen eval`: wire names, the TRAILBench and TRAJECT-Bench scorers and their
error labels, the clustered bootstrap and the paired drop, limits, and input errors."""

import json
import random

import pytest

from generator.cli import main
from generator.errors import InputError
from generator.evaluate import stats
from generator.evaluate.formats import FORMATS
from generator.evaluate.formats.base import offered_tools
from generator.evaluate.load import select
from generator.evaluate.records import EvalItem, EvalResult, Prediction
from generator.evaluate.wire import decode_arguments, read_calls, wire_names
from generator.llm.protocol import WireCall
from generator.plugins import load_plugins
from generator.records import Tool, ToolCall

load_plugins()  # each format registers its scorer from its package (e.g. generator/trail/eval.py)

ANSWER = {"apitype": "food", "toolname": "Tablely", "apiname": "search_restaurant",
          "parameters": {"city": "Ashford", "party_size": 2, "vegan": True}}


def trail_item() -> EvalItem:
    return EvalItem(id="t", format="trail", source="f", target="t", level="High", level_rank=3, query="q",
                    messages=[], tools=[], reference={"answer": ANSWER})


def trail(calls: list[ToolCall]):
    return FORMATS.get("trail").score(trail_item(), Prediction(calls=calls))


def test_wire_names_are_valid_distinct_and_reversible():
    names = wire_names(["Blaze Verify: Verify an email", "math.factorial", "大众点评_search", "a b", "a_b", "x" * 80])
    assert all(len(w) <= 64 and w.replace("_", "").replace("-", "").isalnum() for w in names.values())
    assert len(set(names.values())) == len(names)
    calls, notes = read_calls([WireCall(name=names["math.factorial"], arguments='{"n": 5}'),
                               WireCall(name="unknown", arguments="[1]")], {w: o for o, w in names.items()})
    assert calls[0] == ToolCall(tool="math.factorial", arguments={"n": 5})
    assert calls[1].tool == "unknown" and calls[1].arguments == {} and "not an object" in notes[0]
    assert decode_arguments("{bad")[1].startswith("arguments are not JSON")


@pytest.mark.parametrize(("args", "tool", "label"), [
    ({"city": "ashford", "party_size": 2, "vegan": True}, "Tablely_search_restaurant", "VALID_CALL"),
    ({"city": "Ashford", "party_size": 2, "vegan": True}, "Munchbox_search_restaurant", "TOOL_ERROR"),
    ({"city": "Ashford", "party_size": 2, "vegan": True}, "Tablely_book_table", "TOOL_ERROR"),
    ({"city": "Ashford", "party_size": 2}, "Tablely_search_restaurant", "PARAM_NAME_ERROR"),
    ({"city": "Ashford", "party_size": 2, "vegan": True, "x": 1}, "Tablely_search_restaurant", "PARAM_NAME_ERROR"),
    ({"city": "Bristol", "party_size": 2, "vegan": True}, "Tablely_search_restaurant", "PARAM_VALUE_ERROR"),
    ({"city": "Ashford", "party_size": "2", "vegan": True}, "Tablely_search_restaurant", "PARAM_VALUE_ERROR"),
    ({"city": "Ashford", "party_size": 2, "vegan": "true"}, "Tablely_search_restaurant", "VALID_CALL"),
])
def test_trail_scorer_and_stage_labels(args, tool, label):
    s = trail([ToolCall(tool=tool, arguments=args)])
    assert s.error_type == label and s.correct is (label == "VALID_CALL")
    assert s.measures["overall"] is s.correct


def test_trail_no_call_is_a_tool_error():
    s = trail([])
    assert not s.correct and s.error_type == "TOOL_ERROR" and s.measures["format"] is False


def traject_item(ordered: bool) -> EvalItem:
    gold = [{"tool name": "Wx: forecast", "required parameters": [{"name": "city", "value": "Oslo"}],
             "optional parameters": [{"name": "days", "value": "3"}]},
            {"tool name": "Map: route", "required parameters": [{"name": "to", "value": "Bergen"}],
             "optional parameters": []}]
    return EvalItem(id="j", format="traject", source="f", target="j", level="hard", level_rank=1, query="q",
                    messages=[], tools=[], reference={"tool list": gold, "ordered": ordered})


@pytest.mark.parametrize(("calls", "label"), [
    ([("Map: route", {"to": "Bergen"}), ("Wx: forecast", {"city": "Oslo", "days": 3})], "VALID_CALL"),
    ([("Wx: forecast", {"city": "Oslo", "days": "3"})], "TOOL_ERROR"),
    ([("Map: route", {"to": "Bergen"}), ("Wx: forecast", {"city": "Oslo"})], "PARAM_NAME_ERROR"),
    ([("Map: route", {"to": "Bergen"}), ("Wx: forecast", {"city": "Oslo", "days": 4})], "PARAM_VALUE_ERROR"),
])
def test_traject_parallel_scorer(calls, label):
    pred = Prediction(calls=[ToolCall(tool=t, arguments=a) for t, a in calls])
    s = FORMATS.get("traject").score(traject_item(False), pred)
    assert s.error_type == label and s.correct is (label == "VALID_CALL")
    assert set(s.measures) == {"exact_match", "inclusion", "usage"}


def test_traject_sequential_order_matters():
    pred = Prediction(calls=[ToolCall(tool="Map: route", arguments={"to": "Bergen"}),
                             ToolCall(tool="Wx: forecast", arguments={"city": "Oslo", "days": "3"})])
    assert FORMATS.get("traject").score(traject_item(False), pred).correct
    s = FORMATS.get("traject").score(traject_item(True), pred)
    assert not s.correct and s.error_type == "TOOL_ERROR"


def row(target: str, level: str, correct: bool, i: int) -> EvalResult:
    return EvalResult(id=f"{target}:{level}:{i}", format="trail", target=target, level=level,
                      level_rank=["Minimum", "High"].index(level), category="c", domain="d", length=1, query="q",
                      prediction=[], correct=correct, error_type="VALID_CALL" if correct else "TOOL_ERROR", setup="s")


def test_bootstrap_is_clustered_and_seeded():
    # 20 targets with 10 perfectly correlated paraphrases each: 200 items but 20 independent units
    rows = [row(f"t{t}", "Minimum", t % 2 == 0, i) for t in range(20) for i in range(10)]
    a = stats.accuracy(rows, stats.rng_for(0, "x"), 2000)
    assert a["accuracy"] == 0.5 and a["targets"] == 20 and a["n"] == 200
    lo, hi = a["ci95"]
    assert hi - lo > 0.3  # as wide as 20 coin flips, not 200
    assert stats.accuracy(rows, stats.rng_for(0, "x"), 2000) == a  # reproducible
    independent = [row(f"u{i}", "Minimum", i % 2 == 0, 0) for i in range(200)]
    lo2, hi2 = stats.accuracy(independent, stats.rng_for(0, "x"), 2000)["ci95"]
    assert hi2 - lo2 < 0.2


def test_paired_drop_uses_targets_seen_at_both_levels():
    rows = [row(f"t{t}", "Minimum", True, 0) for t in range(10)]
    rows += [row(f"t{t}", "High", t < 3, 0) for t in range(8)]  # t8, t9 have no High query
    summary = stats.summarize(rows, seed=1, reps=500)["trail"]
    drop = summary["drop"]
    assert drop["targets"] == 8 and drop["drop"] == round(5 / 8, 4)
    assert drop["ci95"][0] <= drop["drop"] <= drop["ci95"][1]
    assert [b["level"] for b in summary["levels"]] == ["Minimum", "High"]
    assert summary["levels"][1]["error_mix"]["TOOL_ERROR"] == round(5 / 8, 4)


def test_limit_keeps_whole_targets_in_a_seeded_order():
    items = [EvalItem(id=f"{t}:{k}", format="trail", source="f", target=str(t), level="Low", level_rank=1,
                      query="q", messages=[], tools=[]) for t in range(30) for k in range(4)]
    picked = select(items, 10, seed=3)
    assert len(picked) == 10 and len({i.target for i in picked}) == 3
    assert picked == select(items, 10, seed=3) and picked != select(items, 10, seed=4)


def test_offered_tools_keep_gold_and_cap():
    pool = [Tool(name=f"T{i}", app="A", api=f"api{i}", domain="d", description=f"thing {i % 3}") for i in range(40)]
    gold = pool[:3]
    offered = offered_tools(gold, pool, random.Random(0), cap=8)
    assert len(offered) == 8 and {t.name for t in gold} <= {t.name for t in offered}
    assert len(offered_tools(pool[:10], pool, random.Random(0), cap=5)) == 10  # never fewer than gold


def test_judge_rows_are_refused_with_one_line(tmp_path, capsys):
    judge = tmp_path / "test.jsonl"
    judge.write_text(json.dumps({"tools_list": "[]", "messages_history": "[]", "label": "VALID_CALL"}) + "\n")
    assert main(["eval", str(judge), "--model", "m", "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert "judge rows" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_files_need_an_out_folder_and_known_formats(tmp_path, capsys):
    f = tmp_path / "all_generated_queries_u1.json"
    f.write_text("[]")
    assert main(["eval", str(f), "--model", "m"]) == 2
    assert "--out" in capsys.readouterr().err
    assert main(["eval", str(f), "--model", "m", "--out", str(tmp_path), "--formats", "trail,nope"]) == 2
    assert "unknown format 'nope'" in capsys.readouterr().err


def test_trail_file_without_tool_schemas_is_a_clear_error(tmp_path):
    f = tmp_path / "all_generated_queries_u1.json"
    f.write_text(json.dumps([{"id": 0, "time": "2025-05-01 10:00", "query": {"High Difficulty": ["hi"]},
                              "answer": ANSWER, "user_history": "[]"}]))
    from generator.evaluate.formats import LoadContext

    with pytest.raises(InputError, match="no tool schemas"):
        FORMATS.get("trail").load(f, LoadContext())
