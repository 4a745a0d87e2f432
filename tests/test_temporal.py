from generator.core.temporal import analyze, consistent, temporal_hint, temporal_parameters
from generator.core.vagueness import normalize
from generator.records import Tool

MEAL_TOOL = Tool(name="Meituan_search_restaurant", app="Meituan", api="search_restaurant", domain="food",
                 parameters={"type": "object", "properties": {
                     "meal_type": {"type": "string", "enum": ["breakfast", "lunch", "afternoon_tea",
                                                              "dinner", "night_snack"]},
                     "location": {"type": "string"}}})


def test_meal_type_follows_from_the_hour():
    args = {"meal_type": "dinner", "location": "Maple Court"}
    assert temporal_parameters(MEAL_TOOL, args, "2025-05-01 19:00") == ["meal_type"]
    assert temporal_parameters(MEAL_TOOL, args, "2025-05-01 08:00") == []
    assert consistent(MEAL_TOOL, args, "2025-05-01 19:00") == []
    assert "does not fit" in consistent(MEAL_TOOL, args, "2025-05-01 08:00")[0]


def test_relative_dates_clock_times_and_today_only():
    args = {"start_date": "2025-05-02", "time": "21:30", "remind_time": "today_only",
            "upload_date": "within_one_week", "start_time": "2025-05-01 20:00"}
    found = {t.param: t.kind for t in analyze(None, args, "2025-05-01 19:00")}
    assert found == {"start_date": "date", "time": "clock", "remind_time": "now_enum", "start_time": "date"}
    assert temporal_hint(None, "start_date", "2025-05-02", "2025-05-01 19:00") == "tomorrow"
    assert temporal_hint(None, "time", "21:30", "2025-05-01 19:00") == "in 2 hours and 30 minutes"
    # a date far from the query time is not temporal
    assert temporal_parameters(None, {"d": "2025-06-30"}, "2025-05-01 19:00") == []


def test_hints_never_contain_the_literal_value():
    cases = [("meal_type", "dinner"), ("t", "3:30"), ("t", "15:30"), ("d", "2025-05-01 15:30"),
             ("r", "today"), ("r", "now"), ("r", "today_only")]
    for param, value in cases:
        hint = temporal_hint(MEAL_TOOL if param == "meal_type" else None, param, value, "2025-05-01 15:00")
        assert hint is None or normalize(value) not in normalize(hint), (value, hint)


def test_consistency_flags_wrong_year_and_bad_clock():
    problems = consistent(None, {"start_time": "2024-05-21 19:00", "time": "25:61"}, "2025-05-21 18:00")
    assert len(problems) == 2
    assert consistent(None, {}, "yesterday") == ["query time 'yesterday' is not in '%Y-%m-%d %H:%M' form"]
