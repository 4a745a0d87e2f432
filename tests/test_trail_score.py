import json

from upstream import upstream_path

from generator.trail.score import failing, include, prediction_of, score_query, score_records


def rec(params, rid=0):
    return {"id": rid, "time": "2025-05-01 10:00",
            "query": {"Minimum Difficulty": ["a"], "Low Difficulty": ["b", "c"],
                      "Medium Difficulty": ["d", "e"], "High Difficulty": ["f"]},
            "answer": {"apitype": "food", "toolname": "Meituan", "apiname": "search_restaurant",
                       "parameters": params}, "user_history": "[]"}


def test_include_rule():
    assert include("Dinner", ["dinner"])
    assert include(["A", "b"], [["b", "a"]])
    assert include(3, [3.005]) and not include(3, [3.1])
    assert include(True, [True]) and include("true", [True])
    assert not include("true", ["true"])  # upstream decodes the prediction, GT stays a string


def test_gold_as_prediction_scores_one_with_native_types():
    recs = [rec({"location": "Maple Court", "is_delivery": True, "max_price": 40, "food": ["rice"]})]
    assert score_records(recs)["all"]["overall"] == 1.0
    assert failing(recs) == []


def test_string_booleans_fail_their_own_scorer():
    recs = [rec({"is_delivery": "true"}, rid=29)]
    assert failing(recs) == [29]
    assert score_records(recs)["High Difficulty"]["tool_param_values"] == 0.0


def test_comparison_error_is_a_format_failure():
    answer = rec({"location": "x"})["answer"]
    pred = prediction_of(answer)
    pred[1][0]["search_restaurant"]["location"] = 5  # int prediction vs string GT
    s = score_query(answer, pred)
    assert s.overall is False or s.format is False


def test_upstream_gpt_files_fail_only_u10_id29():
    records, fails = [], []
    for f in sorted(upstream_path("trailbench", "query", "history_query").glob("*/*_gpt.json")):
        data = json.loads(f.read_text(encoding="utf-8"))
        records += data
        fails += [(f.parent.name, i) for i in failing(data)]
    assert fails == [("u10", 29)]
    overall = score_records(records)["all"]["overall"]
    assert 0.99 < overall < 1.0
