"""`trajgen read`: every kind of query file, the line format, bad input, the reader's independence,
and the agreement script on the dev labels."""

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import main
from generator.reader.command import label_of, read_files
from tests.upstream import ROOT, UPSTREAM, upstream_path

KEYS = {"file", "record", "level", "paraphrase", "call", "query", "tool", "param", "gold", "label", "determined",
        "evidence", "labeler"}
SCHEMA = [{"type": "function", "function": {
    "name": "Didi_get_taxi", "description": "Ride hailing",
    "parameters": {"type": "object", "properties": {
        "start_name": {"type": "string"}, "end_name": {"type": "string"},
        "product_type": {"type": "string", "enum": ["taxi", "express_car"], "default": "taxi"}},
        "required": ["start_name", "end_name"]}}}]


def trail_file(tmp_path: Path, query: object = None) -> Path:
    (tmp_path / "apis" / "apis_openai").mkdir(parents=True)
    (tmp_path / "apis" / "apis_openai" / "transport_openai.json").write_text(json.dumps(SCHEMA))
    history = [{"time": "2025-05-01 08:00", "apitype": "transport", "toolname": "Didi", "apiname": "get_taxi",
                "fulltoolname": "transport.Didi.get_taxi",
                "parameters": {"start_name": "Home Court", "end_name": "Lake Mall", "product_type": "taxi"}}]
    record = {"id": 0, "time": "2025-05-01 19:00",
              "query": query or {"Minimum Difficulty": ["A taxi from Home Court to Lake Mall please."],
                                 "High Difficulty": ["Get me a ride back to the mall."]},
              "answer": {"apitype": "transport", "toolname": "Didi", "apiname": "get_taxi",
                         "parameters": {"start_name": "Home Court", "end_name": "Lake Mall", "product_type": "taxi"}},
              "user_history": json.dumps(history)}
    path = tmp_path / "all_generated_queries_u1_gpt.json"
    path.write_text(json.dumps([record]))
    return path


def lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines()]


def test_only_reads_the_queries_a_label_file_names_and_a_bad_one_is_one_line(tmp_path, capsys):
    out, only = tmp_path / "labels.jsonl", tmp_path / "only.jsonl"
    only.write_text(json.dumps({"file": "all_generated_queries_u1_gpt.json", "record": 0, "level": "High Difficulty",
                                "paraphrase": 0, "param": "end_name"}) + "\n")
    path = trail_file(tmp_path)
    assert main(["read", str(path), "--out", str(out), "--root", str(tmp_path), "--only", str(only)]) == 0
    assert {r["level"] for r in lines(out)} == {"High Difficulty"} and len(lines(out)) == 3
    only.write_text('{"file": "all_generated_queries_u1_gpt.json", "record": 0}\n')
    capsys.readouterr()
    assert main(["read", str(path), "--out", str(tmp_path / "x.jsonl"), "--only", str(only)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "only.jsonl" in err[0] and "line 1" in err[0] and "level" in err[0]
    assert not (tmp_path / "x.jsonl").exists()


def test_a_trailbench_file_gives_one_line_per_query_and_argument(tmp_path, capsys):
    out = tmp_path / "labels.jsonl"
    assert main(["read", str(trail_file(tmp_path)), "--out", str(out), "--root", str(tmp_path)]) == 0
    rows = lines(out)
    assert len(rows) == 6 and all(KEYS <= set(r) for r in rows)
    assert rows[0]["file"] == "all_generated_queries_u1_gpt.json" and rows[0]["tool"] == "Didi.get_taxi"
    high = {r["param"]: (r["label"], r["determined"]) for r in rows if r["level"] == "High Difficulty"}
    assert high == {"start_name": ("omitted", True), "end_name": ("hinted", True), "product_type": ("omitted", True)}
    table = capsys.readouterr().out
    assert "trail High Difficulty" in table and "VR" in table
    first = out.read_bytes()
    assert main(["read", str(trail_file(tmp_path / "again")), "--out", str(out), "--root", str(tmp_path / "again")]) == 0
    assert out.read_bytes() == first  # same input, same bytes


def test_sdg_and_judge_rows_are_read_from_their_messages(tmp_path):
    tools = [{"type": "function", "function": {"name": "get_weather", "description": "Weather",
                                               "parameters": {"type": "object", "properties": {
                                                   "city": {"type": "string"}, "days": {"type": "integer"}}}}}]
    call = {"role": "assistant", "tool_calls": [{"id": "c1", "type": "function", "function": {
        "name": "get_weather", "arguments": json.dumps({"city": "Paris", "days": 3})}}]}
    user = {"role": "user", "content": "Weather in the capital of France for three days?"}
    sdg = tmp_path / "train.jsonl"
    sdg.write_text(json.dumps({"id": "a", "trajectory_id": "a", "category": "simple", "messages": [user, call],
                               "tools": json.dumps(tools)}) + "\n")
    judge = tmp_path / "test.jsonl"
    row = {"tools_list": json.dumps(tools), "messages_history": json.dumps([user, call]), "label": "VALID_CALL",
           "binary_label": "CORRECT", "failure_reason": "[]"}
    judge.write_text(json.dumps(row) + "\n" + json.dumps({**row, "label": "TOOL_ERROR"}) + "\n")
    read_files([sdg, judge], out=tmp_path / "out.jsonl", root=tmp_path)
    got = {(r["file"], r["param"]): r["label"] for r in lines(tmp_path / "out.jsonl")}
    assert got == {("train.jsonl", "city"): "described", ("train.jsonl", "days"): "stated",
                   ("test.jsonl", "city"): "described", ("test.jsonl", "days"): "stated"}


@pytest.mark.parametrize("query, where", [
    ({"Minimum Difficulty": [3]}, "record 0: field 'query.Minimum Difficulty'"),
    ("not an object", "record 0: field 'query'"),
])
def test_bad_input_is_one_line_naming_file_record_and_field_and_writes_nothing(tmp_path, capsys, query, where):
    out = tmp_path / "labels.jsonl"
    assert main(["read", str(trail_file(tmp_path, query)), "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and where in err and "all_generated_queries_u1_gpt.json" in err
    assert not out.exists()


def test_a_file_of_no_known_kind_is_refused(tmp_path, capsys):
    path = tmp_path / "x.json"
    path.write_text(json.dumps([{"hello": 1}]))
    assert main(["read", str(path)]) == 2
    assert "not a TRAILBench, TRAJECT-Bench, BFCL, SDG or judge query file" in capsys.readouterr().err


FORBIDDEN = ("generator.core.surface", "generator.phrasebook", "generator.writers", "generator.validators",
             "..surface", "..phrasebook", "..writers", "..validators")


def test_the_reader_shares_no_code_with_the_writers_or_the_validators():
    for path in (ROOT / "generator" / "reader").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                name = "." * node.level + (node.module or "")
                assert not name.startswith(FORBIDDEN) and not name.lstrip(".").startswith(
                    ("surface", "phrasebook", "writers", "validators")), (path.name, name)


# ---------------------------------------------------------------- the original benchmarks' files

def test_upstream_trailbench_traject_and_bfcl_files_are_read(tmp_path):
    files = [upstream_path("trailbench", "query", "history_query", "u7", "all_generated_queries_u7_gpt.json"),
             upstream_path("traject-bench", "public_data", "parallel", "Music", "simple_ver.json"),
             upstream_path("traject-bench", "public_data", "parallel", "Music", "hard_ver.json"),
             upstream_path("traject-bench", "public_data", "sequential", "Travel", "simple_ver.json"),
             upstream_path("bfcl", "data", "BFCL_v4_simple_python.json")]
    summary = read_files(files, out=tmp_path / "out.jsonl", root=UPSTREAM)
    rows = lines(tmp_path / "out.jsonl")
    assert all(KEYS <= set(r) for r in rows)
    vr = {row[0]: row[-2] for row in summary.rows()}  # level -> value recall by meaning
    assert vr["traject simple"] > vr["traject hard"]  # hard restates less
    assert vr["trail Minimum Difficulty"] > vr["trail High Difficulty"]
    assert any(r.get("source") == "previous_output" for r in rows if r["level"] == "sequential")


def test_the_agreement_script_on_the_dev_labels():
    upstream_path("trailbench")
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "reader_agreement.py"), "--labels",
                          str(ROOT / "benchmarks" / "reader_labels_dev" / "dev.jsonl"), "--root", str(UPSTREAM)],
                         check=False, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    overall = next(x for x in run.stdout.splitlines() if x.startswith("agreement overall"))
    assert float(overall.split()[2]) >= 0.95, run.stdout


def test_a_traject_copy_named_for_its_level_is_read_at_that_level(tmp_path):
    """traject_hard.json (a copy named for its level, as the held-out LLM-written file) is hard;
    simple_ver.json stays simple."""
    from generator.reader.sources import _traject_level

    assert _traject_level(tmp_path / "traject_hard.json", {}) == "hard"
    assert _traject_level(tmp_path / "hard_ver.json", {}) == "hard"
    assert _traject_level(tmp_path / "simple_ver.json", {}) == "simple"
    assert _traject_level(tmp_path / "traject_simple.json", {}) == "simple"


def test_a_file_under_a_linked_folder_is_named_relative_to_the_root(tmp_path):
    """A root whose benchmark folders are links (as a label set's join folder is): output lines
    name the file through the link, so they join with labels named the same way."""
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "u1").mkdir(parents=True)
    target = elsewhere / "u1" / "q.json"
    target.write_text("[]")
    root = tmp_path / "R"
    root.mkdir()
    (root / "trailbench").symlink_to(elsewhere)
    assert label_of(root / "trailbench" / "u1" / "q.json", root) == "trailbench/u1/q.json"
    assert label_of(target, elsewhere) == "u1/q.json"
    assert label_of(target, root) == target.as_posix()
