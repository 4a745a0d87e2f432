import json

from generator.catalog import Catalog
from generator.records import HistoryEvent, Sample, Tool
from generator.trail.export import LEVELS, export_trail

TOOL = Tool(name="Meituan_search_restaurant", app="Meituan", api="search_restaurant", domain="food",
            parameters={"type": "object", "properties": {"location": {"type": "string"},
                                                         "is_delivery": {"type": "boolean"}}})


def payload(user, time, n):
    hist = [HistoryEvent(time="2025-05-01 08:00", apitype="food", toolname="Meituan",
                         apiname="search_restaurant", parameters={"location": "Café Ünter", "is_delivery": True})]
    return {"user": user, "time": time,
            "query": {lv: [f"{lv} {n} {i} über" for i in range(c)] for lv, c in zip(LEVELS, (1, 2, 2, 1))},
            "answer": {"apitype": "food", "toolname": "Meituan", "apiname": "search_restaurant",
                       "parameters": {"location": "Café Ünter", "is_delivery": False, "max_price": 40.5},
                       "temporal_parameters": ["meal_type"] if n else None},
            "history": [h.model_dump() for h in hist]}


def test_layout_is_byte_compatible(tmp_path):
    samples = [Sample(item_id=str(i), product="trail", payload=payload(u, "2025-05-02 12:00", i))
               for i, u in enumerate(["u2", "u1", "u2"])]
    paths = export_trail(samples, Catalog([TOOL]), tmp_path)
    names = sorted(p.relative_to(tmp_path).as_posix() for p in paths)
    assert names == ["all_generated_queries_u1.json", "all_generated_queries_u2.json",
                     "apis/apis_openai/food_openai.json"]
    text = (tmp_path / "all_generated_queries_u2.json").read_text(encoding="utf-8")
    data = json.loads(text)
    assert json.dumps(data, indent=2, ensure_ascii=False) == text  # no trailing newline, non-ASCII kept
    assert "über" in text and not text.endswith("\n")
    assert [r["id"] for r in data] == [0, 1]
    r = data[0]
    assert list(r) == ["id", "time", "query", "answer", "user_history"]
    assert list(r["query"]) == list(LEVELS) and [len(v) for v in r["query"].values()] == [1, 2, 2, 1]
    assert list(r["answer"]) == ["apitype", "toolname", "apiname", "parameters"]  # None dropped
    assert list(data[1]["answer"])[-1] == "temporal_parameters"
    assert r["answer"]["parameters"]["is_delivery"] is False and r["answer"]["parameters"]["max_price"] == 40.5
    hist = json.loads(r["user_history"])
    assert r["user_history"] == json.dumps(hist, ensure_ascii=False)
    assert list(hist[0]) == ["time", "apitype", "toolname", "apiname", "fulltoolname", "parameters"]
    assert hist[0]["fulltoolname"] == "food.Meituan.search_restaurant"
    apis = json.loads((tmp_path / "apis/apis_openai/food_openai.json").read_text(encoding="utf-8"))
    assert apis[0]["function"]["name"] == "Meituan_search_restaurant"


def test_export_is_deterministic(tmp_path):
    samples = [Sample(item_id="a", product="trail", payload=payload("u1", "2025-05-02 12:00", 1))]
    export_trail(samples, Catalog([TOOL]), tmp_path / "a")
    export_trail(samples, Catalog([TOOL]), tmp_path / "b")
    name = "all_generated_queries_u1.json"
    assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
