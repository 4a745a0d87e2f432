import json

from upstream import upstream_path

from generator.trail.audit import audit_trail, stats_trail

API = [{"type": "function", "function": {"name": "Meituan_search_restaurant", "description": "d",
        "parameters": {"type": "object", "properties": {
            "location": {"type": "string"}, "is_delivery": {"type": "boolean"},
            "order_by": {"type": "string", "enum": ["default_sorting", "rating"], "default": "default_sorting"},
            "meal_type": {"type": "string", "enum": ["breakfast", "lunch", "dinner"]}}, "required": []}}}]
EVENT = {"time": "2025-05-01 08:00", "apitype": "food", "toolname": "Meituan", "apiname": "search_restaurant",
         "fulltoolname": "food.Meituan.search_restaurant", "parameters": {"location": "Maple Court"}}


def record(rid, params, high="I'm hungry.", **kw):
    r = {"id": rid, "time": "2025-05-01 19:00",
         "query": {"Minimum Difficulty": ["Find a place at Maple Court for dinner on Meituan"],
                   "Low Difficulty": ["Find dinner at Maple Court", "Dinner near Maple Court"],
                   "Medium Difficulty": ["Something for dinner", "Any dinner spots?"],
                   "High Difficulty": [high]},
         "answer": {"apitype": "food", "toolname": "Meituan", "apiname": "search_restaurant", "parameters": params},
         "user_history": json.dumps([EVENT])}
    r.update(kw)
    return r


def write(tmp_path, records, text=None):
    (tmp_path / "apis" / "apis_openai").mkdir(parents=True)
    (tmp_path / "apis" / "apis_openai" / "food_openai.json").write_text(json.dumps(API))
    f = tmp_path / "all_generated_queries_u1.json"
    f.write_text(text if text is not None else json.dumps(records, indent=2))
    return f


def messages(report):
    return [f.message for f in report.findings]


def test_clean_file_has_no_errors(tmp_path):
    f = write(tmp_path, [record(0, {"location": "Maple Court", "meal_type": "dinner", "is_delivery": True},
                                temporal_parameters=None)])
    rep = audit_trail(f)
    assert rep.errors == [], messages(rep)
    assert rep.figures["all.minimum.vr"] == 1.0 and rep.figures["all.high.vr"] == 0.0
    assert rep.figures["all.high.recoverable"] == 0.5  # location from history; dinner not listed temporal


def test_parse_error_has_line_and_column(tmp_path):
    f = write(tmp_path, [], text='[\n  {"id": 0,\n  "time": "2025')
    rep = audit_trail(f)
    assert rep.errors and rep.errors[0].where.endswith(":3:11")
    assert "truncated" in rep.errors[0].message


def test_defects_are_found(tmp_path):
    bad = record(1, {"location": "Maple Court", "is_delivery": "true", "order_by": "fastest", "cuisine": "x"},
                 high="Use search_restaurant on Meituan")
    bad["query"]["Low Difficulty"][0] = "Use search_restaurant for me"
    bad["query"]["High Difficulty"] = "a bare string"
    f = write(tmp_path, [record(0, {"location": "Maple Court", "meal_type": "breakfast"}), bad])
    msgs = " | ".join(messages(audit_trail(f)))
    for needle in ("boolean stored as the string 'true'", "bare string", "unknown parameter",
                   "is not one of", "identifier leaked", "does not fit the query hour",
                   "fails TRAILBench's scorer"):
        assert needle in msgs, needle


def test_stats_keeps_only_parse_errors(tmp_path):
    f = write(tmp_path, [record(0, {"location": "Maple Court", "is_delivery": "true"})])
    rep = stats_trail(f)
    assert rep.findings == [] and any("VR" in line for line in rep.lines)


def test_upstream_known_defects_and_value_recall():
    rep = audit_trail(upstream_path("trailbench"))
    errors = [(f.where, f.message) for f in rep.errors]
    assert any("u7_gemini" in w and "invalid JSON" in m for w, m in errors)
    assert sum("u5_gemini" in w and "bare string" in m for w, m in errors) == 2
    assert any("u10_gpt" in w and "id 29" in w and "boolean stored as the string" in m for w, m in errors)
    vr = [rep.figures[f"gpt.{lv}.vr"] for lv in ("minimum", "low", "medium", "high")]
    for got, want in zip(vr, (0.655, 0.497, 0.303, 0.039)):
        assert abs(got - want) < 0.02, vr
    assert rep.figures["gpt.high.recoverable"] < 0.6


def test_a_record_whose_levels_are_out_of_order_is_counted_non_monotone():
    """A known-bad record (Low says both values, Minimum none) is counted; its ordered twin is not:
    the ordering audit reads the levels, it does not compare trajgen's output with itself."""
    from generator.trail.measure import measure

    answer = {"apitype": "information", "toolname": "Newsly", "apiname": "get_news",
              "parameters": {"topic": "science", "region": "Northmere"}}
    levels = ("Minimum Difficulty", "Low Difficulty", "Medium Difficulty", "High Difficulty")

    def record(*queries):
        return {"id": "r1", "time": "2025-05-07 07:39", "answer": answer, "user_history": json.dumps([]),
                "query": {lv: [q] for lv, q in zip(levels, queries)}}

    bad = record("Get me news.", "Get science news for Northmere.", "Get news.", "News?")
    good = record("Get science news for Northmere.", "Get science news.", "Get news.", "News?")
    assert measure([bad]).non_monotone == 1
    assert measure([good]).non_monotone == 0
