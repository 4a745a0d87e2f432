"""trajgen's When2Call files against When2Call's own: every field of When2Call's test rows is in
trajgen's with the same type, the tool docs and answers have the same shape, the SFT and
preference rows have the fields of When2Call's converters (synthetic_data_gen/convert_raw_train_
data_to_{sft,pref}.py), and all three files load with `datasets`. When2Call's own test file is
read by the same audit and eval loader (skipped where the upstream folder is absent)."""

import json
from pathlib import Path

import pytest
from test_when2call_product import CATALOGS, make, rows
from upstream import have_upstream, upstream_path

from generator.evaluate.formats import LoadContext
from generator.evaluate.load import load_items
from generator.when2call.audit import audit_when2call, stats_when2call

UPSTREAM_TEST = ("when2call", "data", "test", "when2call_test_llm_judge.jsonl")
CATEGORIES = {"tool_call", "request_for_info", "cannot_answer", "direct"}


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> Path:
    return make(tmp_path_factory.mktemp("w2c-files") / "run", CATALOGS["library_loans"])


def upstream_rows() -> list[dict]:
    if not have_upstream(*UPSTREAM_TEST):
        pytest.skip("[absent]upstream data: When2Call's test file")
    return [json.loads(line) for line in upstream_path(*UPSTREAM_TEST).read_text().splitlines()]


def kind(value) -> str:
    return type(value).__name__


def shape(row: dict) -> dict[str, str]:
    """Each field's type, None fields aside (When2Call leaves them null or absent by category)."""
    return {k: kind(v) for k, v in row.items() if v is not None}


def test_every_upstream_field_is_there_with_its_type(run):
    ours = rows(run)
    theirs = upstream_rows()
    for category in {r["correct_answer"] for r in theirs}:
        want: dict[str, str] = {}
        for r in (r for r in theirs if r["correct_answer"] == category):
            want |= shape(r)
        for r in (r for r in ours if r["correct_answer"] == category):
            got = shape(r)
            assert {k: got.get(k) for k in want} == want, (category, r["uuid"])
            assert list(r["answers"]) == list(theirs[0]["answers"])  # the four categories, When2Call's order
            assert all(isinstance(v, str) and v for v in r["answers"].values())


def test_tool_docs_and_the_gold_call_have_when2call_shapes(run):
    theirs = upstream_rows()
    their_doc = json.loads(theirs[0]["tools"][0])
    for r in rows(run):
        for text in [*r["tools"], *([r["target_tool"]] if r["target_tool"] else [])]:
            doc = json.loads(text)
            assert set(doc) == set(their_doc) and doc["parameters"]["type"] == their_doc["parameters"]["type"]
        call = json.loads(r["answers"]["tool_call"])
        assert set(call) == set(json.loads(theirs[0]["answers"]["tool_call"]))


def test_the_training_rows_have_the_converters_fields(run):
    for r in rows(run, "when2call_train_sft.jsonl"):
        assert set(r) == {"tools", "messages"} and all(isinstance(t, dict) for t in r["tools"])
        assert [m["role"] for m in r["messages"]][-2:] == ["user", "assistant"]
    for r in rows(run, "when2call_train_pref.jsonl"):
        assert set(r) == {"tools", "messages", "chosen_response", "rejected_response", "chosen_reward",
                          "rejected_reward"}
        assert r["messages"][-1]["role"] == "user" and r["chosen_response"]["role"] == "assistant"
        assert (r["chosen_reward"], r["rejected_reward"]) == (1.0, 0.0)


def test_the_files_load_with_datasets(run):
    datasets = pytest.importorskip("datasets")
    folder = run / "when2call"
    test = datasets.load_dataset("json", data_files=str(folder / "when2call_test.jsonl"), split="train")
    assert len(test) == len(rows(run)) and set(test["correct_answer"]) <= CATEGORIES
    assert test.features["tools"].feature.dtype == "string" and test.features["question"].dtype == "string"
    assert test.features["held_out_param"].dtype == "string"
    sft = datasets.load_dataset("json", data_files=str(folder / "when2call_train_sft.jsonl"), split="train")
    assert sft.column_names == ["tools", "messages"]
    pref = datasets.load_dataset("json", data_files=str(folder / "when2call_train_pref.jsonl"), split="train")
    assert {"chosen_response", "rejected_response"} <= set(pref.column_names)
    assert pref.features["chosen_reward"].dtype == "float64"
    sdg = datasets.load_dataset("json", data_files=str(folder / "when2call_sdg.jsonl"), split="train")
    assert set(sdg.column_names) == {"id", "trajectory_id", "category", "messages", "tools"}


def test_when2call_own_file_is_read_and_checked(tmp_path):
    theirs = upstream_rows()
    path = upstream_path(*UPSTREAM_TEST)
    assert audit_when2call(path).errors == []
    report = stats_when2call(path)
    checked = sum(r["correct_answer"] in ("tool_call", "request_for_info") for r in theirs)
    stem = path.stem + "."  # figures of a file not named like trajgen's carry its name
    assert report.figures[stem + "checked"] == checked and report.figures[stem + "rows"] == len(theirs)
    assert 0 <= report.figures[stem + "contradictions"] <= checked
    items = load_items([path], ["when2call"], LoadContext())
    assert len(items) == len(theirs) and {i.level for i in items} == {r["correct_answer"] for r in theirs}


def test_the_sdg_rows_are_valid_sdg_rows_with_the_context_and_the_right_answer(run):
    from generator.products.sdg_audit import ROW_KEYS, row_problems
    from generator.products.sdg_eval import claims

    test, sdg = rows(run), rows(run, "when2call_sdg.jsonl")
    assert len(test) == len(sdg)
    for t, s in zip(test, sdg, strict=True):
        assert set(s) == set(ROW_KEYS) and row_problems(s) == []
        assert (s["id"], s["trajectory_id"], s["category"]) == (t["uuid"], t["source_id"], f"when2call_{t['correct_answer']}")
        user, answer = s["messages"]
        assert user["content"].endswith(t["question"]) and (t["query_time"] or "") in user["content"]
        assert all(e["time"] in user["content"] for e in t["history"])
        if t["correct_answer"] == "tool_call":
            fn = answer["tool_calls"][0]["function"]
            gold = json.loads(t["answers"]["tool_call"])
            assert (fn["name"], json.loads(fn["arguments"])) == (gold["name"], gold["arguments"])
        else:
            assert answer == {"role": "assistant", "content": t["answers"][t["correct_answer"]]}
        assert [d["function"]["name"] for d in json.loads(s["tools"])] == [json.loads(x)["name"] for x in t["tools"]]
    assert not claims(run / "when2call" / "when2call_sdg.jsonl")  # eval reads the twins from the test file
