"""generator.readers: catalogs and histories, valid and malformed, own fixtures and upstream files."""

from __future__ import annotations

from pathlib import Path

import pytest
from upstream import UPSTREAM, upstream_path

from generator.core.schema import argument_errors
from generator.errors import InputError
from generator.readers import (
    detect_catalog_format,
    read_catalog,
    read_catalogs,
    read_histories,
    read_trail_records,
    tool_from_openai,
    traject_tool_name,
)

FIX = Path(__file__).resolve().parent / "fixtures" / "readers"
CAT, BAD, HIST = FIX / "catalogs", FIX / "bad", FIX / "histories"


# ---------------------------------------------------------------- catalogs: valid forms

def test_openai_catalog_with_extension_and_name_split():
    tools = read_catalog(CAT / "notes_openai.json", base_dir=FIX)
    add, search = tools
    assert (add.name, add.app, add.api, add.domain) == ("Notely_add_note", "Notely", "add_note", "notes")
    assert add.output == "The id of the new note." and add.hints.nouns == {"text": "note"}
    assert add.required == ["text"] and add.properties["notebook"]["default"] == "home"
    # TRAILBench layout (<apitype>_openai.json): the domain is the stem, a name without "_" stays whole
    assert (search.app, search.api, search.domain) == ("", "search", "notes")
    assert add.source == "catalogs/notes_openai.json" and add.source_format == "openai"


def test_openai_wrapped_in_tools_key():
    (t,) = read_catalog(CAT / "wrapped_tools.json")
    # not TRAILBench's layout: the name is whole, no app "Clock" is guessed from it
    assert (t.app, t.api, t.domain) == ("", "Clock_set_alarm", "wrapped_tools")


def test_bfcl_docs_jsonl_normalized():
    area, poly = read_catalog(CAT / "geometry_docs.json")
    assert (area.name, area.app, area.api, area.domain) == ("geo.triangle_area", "", "geo.triangle_area",
                                                            "geometry_docs")
    assert area.properties["base"]["type"] == "number" and "optional" not in area.properties["unit"]
    assert area.output == "area (float): The area." and area.source_format == "bfcl"
    assert poly.properties["points"]["items"] == {"type": "array", "items": {"type": "number"}}
    assert poly.properties["meta"]["type"] == "object" and "type" not in poly.properties["extra"]


def test_bfcl_question_file_collects_functions_first_wins():
    tools = read_catalog(CAT / "questions_demo.json")
    assert [t.name for t in tools] == ["units.convert", "weather_now"]
    assert tools[0].description == "Convert units." and tools[0].source_format == "bfcl_questions"
    assert tools[0].domain == "questions_demo"


def test_traject_catalog_types_names_edges_and_duplicates():
    tools = read_catalog(CAT / "Pets_tool.json")
    assert [t.name for t in tools] == ["Pet Finder: Search pets", "Pet Finder: Pet details"]
    search = tools[0]
    assert (search.app, search.api, search.domain) == ("Pet Finder", "Search pets", "Pets")
    p = search.properties
    assert p["limit"] == {"type": "number", "examples": [10]}
    assert p["kind"] == {"type": "string", "description": "cat or dog", "examples": ["cat"]}
    assert p["since"] == {"type": "string", "format": "date", "description": "Listed since"}
    assert p["vaccinated"] == {"type": "boolean"}
    assert "page" in p and search.required == ["city"]  # the rewritten duplicate is united in
    assert search.output == "A list of pets with ids.\nJSON array of objects."
    assert [(e.tool, e.params) for e in search.edges] == [("Pet Finder: Pet details", ["pet_id"]),
                                                          ("Vet Map: Nearest vet", ["city"])]
    assert argument_errors(search, {"city": "Oslo", "limit": 5, "since": "2025-01-02"}) == []


def test_traject_tool_name_collapses_whitespace():
    assert traject_tool_name("Airbnb listings: Count  listings by lat lng ") == \
        "Airbnb listings: Count listings by lat lng"


def test_read_catalogs_directory_sorted_and_deterministic():
    a = read_catalogs([CAT], base_dir=FIX)
    b = read_catalogs(["catalogs"], base_dir=FIX)
    assert [t.model_dump() for t in a] == [t.model_dump() for t in b]
    assert [t.source for t in a] == sorted(t.source for t in a)
    assert len(a) == 9


def test_duplicate_with_same_signature_merges_across_files():
    tools = read_catalogs([FIX / "conflict" / "a_openai.json", FIX / "conflict" / "c_openai.json"])
    assert len(tools) == 1 and tools[0].description == ""  # first file wins


def test_duplicate_with_other_parameters_names_both_files():
    with pytest.raises(InputError) as err:
        read_catalogs([FIX / "conflict"])
    msg = str(err.value)
    assert "Shop_buy" in msg and "a_openai.json" in msg and "b_openai.json" in msg


def test_duplicate_policy_error_refuses_any_cross_file_duplicate():
    files = [FIX / "conflict" / "a_openai.json", FIX / "conflict" / "c_openai.json"]
    with pytest.raises(InputError, match="c_openai.json"):
        read_catalogs(files, on_duplicate="error")


def test_tool_from_openai_single_definition():
    t = tool_from_openai({"type": "function", "function": {"name": "A_b"}}, domain="x")
    assert (t.app, t.api, t.domain, t.parameters) == ("", "A_b", "x", {"type": "object", "properties": {}})  # whole name


# ---------------------------------------------------------------- catalogs: malformed

@pytest.mark.parametrize("name, record, field, words", [
    ("invalid_json.json", None, None, ["invalid JSON at line 3 column 3"]),
    ("truncated.json", None, None, ["invalid JSON", "truncated"]),
    ("no_name.json", 1, "function.name", ["tool has no name"]),
    ("params_not_object.json", 0, "function.parameters", ["must be an object, got list"]),
    ("params_not_object_type.json", 0, "function.parameters.type", ["type object"]),
    ("required_missing.json", 0, "function.parameters.required", ["['y']"]),
    ("unknown_type.json", 0, "parameters.properties.x.type", ["unknown type 'strng'"]),
    ("unknown_rapidapi_type.json", 0, "required_parameters[0].type", ["'COLOR'"]),
    ("traject_no_name.json", 0, "tool name", ["no name"]),
    ("bad_line.jsonl", None, None, ["line 2"]),
    ("unknown_format.json", 0, None, ["unrecognized catalog format", "involved_classes"]),
    ("empty.json", None, None, ["empty"]),
    ("x_trajgen_bad.json", 0, "x-trajgen.hints.nouns", ["dictionary"]),
])
def test_malformed_catalog_raises_input_error(name, record, field, words):
    with pytest.raises(InputError) as err:
        read_catalog(BAD / name)
    e = err.value
    assert e.file and e.file.endswith(name)
    assert (e.record, e.field) == (record, field)
    for w in words:
        assert w in str(e), str(e)


def test_missing_catalog_path():
    with pytest.raises(InputError, match="not found"):
        read_catalogs([FIX / "nope.json"])
    with pytest.raises(InputError, match="not found"):
        read_catalog(FIX / "nope.json")


def test_detect_needs_objects():
    with pytest.raises(InputError, match="no tool records"):
        detect_catalog_format([1, 2], "x.json")


# ---------------------------------------------------------------- histories

def test_trail_query_file_history_is_last_history_plus_answer():
    warnings: list[str] = []
    (h,) = read_histories(HIST / "all_generated_queries_u3_demo.json", warnings=warnings)
    assert h.user == "u3"
    assert [(e.toolname, e.time) for e in h.events] == [
        ("Clock", "2025-03-01 08:00"), ("Eats", "2025-03-01 12:10"), ("Eats", "2025-03-02 09:00"),
        ("Metro", "2025-03-02 18:00"), ("Metro", "2025-03-02 19:30"), ("Clock", "2025-03-03 07:45")]
    assert len(warnings) == 1 and "99:99" in warnings[0] and "skipped" in warnings[0]
    records = read_trail_records(HIST / "all_generated_queries_u3_demo.json")
    for r in records:  # record k's target is event len(record_k.history) of the log
        assert h.events[len(r.history)] == r.answer.event(r.time)


def test_trail_records_minimal_typing():
    records = read_trail_records(HIST / "all_generated_queries_u3_demo.json")
    assert [r.id for r in records] == [0, 1, 2] and records[0].user == "u3"
    assert records[2].query["High Difficulty"] == ["bare string query"]
    assert records[1].answer.parameters == {"start_name": "Gym", "end_name": "Home"}


def test_strict_mode_makes_bad_event_time_fatal():
    with pytest.raises(InputError) as err:
        read_histories(HIST / "all_generated_queries_u3_demo.json", strict=True)
    assert err.value.field == "user_history[2].time" and "99:99" in str(err.value)


def test_event_list_jsonl_grouped_by_user():
    alice, bob = read_histories(HIST / "events.jsonl")
    assert (alice.user, len(alice.events), bob.user, len(bob.events)) == ("alice", 2, "bob", 1)


def test_event_array_user_from_stem_and_user_object():
    warnings: list[str] = []
    (carol,) = read_histories(HIST / "carol.json", warnings=warnings)
    assert carol.user == "carol" and len(carol.events) == 3 and len(warnings) == 1
    (dave,) = read_histories(HIST / "dave.json")
    assert dave.user == "dave" and [e.apiname for e in dave.events] == ["set_alarm", "search_restaurant"]


@pytest.mark.parametrize("name, record, field, words", [
    ("bad_record_time.json", 1, "time", ["unparseable time 'tomorrow'"]),
    ("event_missing_key.json", 0, "user_history[1]", ["misses apiname"]),
    ("bad_history_string.json", 2, "user_history", ["not valid JSON"]),
])
def test_malformed_histories(name, record, field, words):
    with pytest.raises(InputError) as err:
        read_histories(HIST / name)
    assert (err.value.record, err.value.field) == (record, field)
    for w in words:
        assert w in str(err.value)


def test_history_directory_reads_sorted_files(tmp_path):
    for name in ("dave.json", "events.jsonl"):
        (tmp_path / name).write_bytes((HIST / name).read_bytes())
    assert [h.user for h in read_histories(tmp_path)] == ["dave", "alice", "bob"]


def test_history_of_a_catalog_is_refused():
    with pytest.raises(InputError, match="misses"):
        read_histories(CAT / "notes_openai.json")


# ---------------------------------------------------------------- real upstream files

@pytest.fixture
def upstream() -> Path:
    return upstream_path()


def _need(path: Path) -> Path:
    return upstream_path(str(path.relative_to(UPSTREAM)))


def test_upstream_trailbench_catalogs(upstream):
    apis = _need(upstream / "trailbench" / "apis" / "apis_openai")
    tools = read_catalogs([apis], base_dir=upstream)
    by_domain = {d: sum(t.domain == d for t in tools) for d in {t.domain for t in tools}}
    assert by_domain["transport"] == 13 and by_domain["entertainment"] == 15 and len(tools) == 58
    t = next(t for t in tools if t.name == "GaodeMap_get_path")
    assert (t.app, t.api) == ("GaodeMap", "get_path")


def test_upstream_traject_catalogs(upstream):
    tools_dir = _need(upstream / "traject-bench" / "public_data" / "tools")
    email = read_catalog(_need(tools_dir / "Email_tool.json"))
    # 70 records, 5 of them repeat a name (LLM-rewritten descriptions): 65 distinct tools.
    assert len(email) == 65
    names = {t.name for t in email}
    assert "Blaze Verify: Verify an email" in names
    assert any(t.edges for t in email)
    all_tools = read_catalogs([tools_dir])
    assert len({t.name for t in all_tools}) == len(all_tools)


def test_upstream_traject_trajectory_names_match_catalog(upstream):
    import json

    base = upstream / "traject-bench" / "public_data"
    names = {t.name for t in read_catalogs([_need(base / "tools")])}
    traj = _need(base / "parallel" / "Email" / "simple_ver.json")
    calls = [c["tool name"] for r in json.loads(traj.read_text()) for c in r["tool list"]]
    hits = sum(traject_tool_name(c) in names for c in calls)
    assert hits / len(calls) > 0.99


def test_upstream_bfcl(upstream):
    docs = _need(upstream / "bfcl" / "data" / "multi_turn_func_doc")
    math = read_catalog(docs / "math_api.json")
    assert len(math) == 17 and math[0].properties["number"]["type"] == "number"
    simple = read_catalog(_need(upstream / "bfcl" / "data" / "BFCL_v4_simple_python.json"))
    assert len(simple) > 300 and any("." in t.name for t in simple)
    with pytest.raises(InputError, match="memory_kv.json and .*memory_vector.json"):
        read_catalogs([docs])  # two classes define archival_memory_add differently


def test_upstream_trailbench_histories(upstream):
    query = upstream / "trailbench" / "query" / "history_query"
    u6 = _need(query / "u6" / "all_generated_queries_u6_gpt.json")
    (h,) = read_histories(u6)
    records = read_trail_records(u6)
    assert h.user == "u6" and len(h.events) == len(records[-1].history) + 1
    assert all(h.events[len(r.history)] == r.answer.event(r.time) for r in records)


def test_upstream_u7_bad_event_time_is_a_warning(upstream):
    warnings: list[str] = []
    u7 = _need(upstream / "trailbench/query/history_query/u7/all_generated_queries_u7_gpt.json")
    (h,) = read_histories(u7, warnings=warnings)
    assert len(warnings) == 1 and "180:12" in warnings[0] and h.user == "u7"


def test_upstream_truncated_u7_gemini(upstream):
    f = _need(upstream / "trailbench/query/history_query/u7/all_generated_queries_u7_gemini.json")
    with pytest.raises(InputError) as err:
        read_histories(f)
    assert "truncated" in str(err.value) and err.value.file.endswith("u7_gemini.json")
