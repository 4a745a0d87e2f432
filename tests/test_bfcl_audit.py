"""The native BFCL audit: clean files pass, each kind of defect is found, BFCL's own known
inconsistencies are found (when the upstream copy is present)."""

import json
from pathlib import Path

import pytest
from upstream import upstream_path

from generator.bfcl.audit import audit_bfcl, stats_bfcl

FN = {"name": "f", "description": "", "parameters": {"type": "dict", "required": ["a"], "properties": {
    "a": {"type": "string"}, "b": {"type": "integer", "default": 1}}}}


def write(d: Path, cat: str, questions: list[dict], answers: list[dict] | None) -> Path:
    (d / "possible_answer").mkdir(parents=True, exist_ok=True)
    (d / f"BFCL_v4_{cat}.json").write_text("".join(json.dumps(q) + "\n" for q in questions))
    if answers is not None:
        (d / "possible_answer" / f"BFCL_v4_{cat}.json").write_text("".join(json.dumps(a) + "\n" for a in answers))
    return d


def single(tmp_path: Path, params: dict, fn: dict = FN, qid: str = "simple_python_0") -> list[str]:
    q = {"id": qid, "question": [[{"role": "user", "content": "do a with xyz"}]], "function": [fn]}
    a = {"id": qid, "ground_truth": [{"f": params}]}
    return [f.message for f in audit_bfcl(write(tmp_path, "simple_python", [q], [a])).errors]


def test_clean_entry_passes(tmp_path):
    assert single(tmp_path, {"a": ["xyz"], "b": [1, ""]}) == []
    assert stats_bfcl(tmp_path).figures["simple_python.value_recall"] == 1.0


@pytest.mark.parametrize("params, fragment", [
    ({"a": ["x", ""]}, None),  # a warning only (BFCL's own files do it)
    ({"b": [1]}, "required but not in the answer"),
    ({"a": ["x"], "c": [1]}, "not in the schema"),
    ({"a": [""]}, "no acceptable value"),
])
def test_defects_are_found(tmp_path, params, fragment):
    errors = single(tmp_path, params)
    assert (not errors) if fragment is None else any(fragment in e for e in errors)


def test_bad_id_and_type(tmp_path):
    assert any("id" in e for e in single(tmp_path, {"a": ["x"]}, qid="simple_7x"))
    fn = {**FN, "parameters": {**FN["parameters"], "type": "object"}}
    assert any("dict" in e for e in single(tmp_path, {"a": ["x"]}, fn=fn))


def test_multi_turn_checks(tmp_path):
    q = {"id": "multi_turn_miss_func_0", "question": [[{"role": "user", "content": "sort it"}], []],
         "initial_config": {}, "involved_classes": ["GorillaFileSystem"], "missed_function": {"1": ["sort"]}}
    good = {"id": q["id"], "ground_truth": [[], ["sort(file_name='a.txt')"]]}
    assert not audit_bfcl(write(tmp_path, "multi_turn_miss_func", [q], [good])).errors
    bad = {"id": q["id"], "ground_truth": [[], ["sort('a.txt')"]]}
    assert audit_bfcl(write(tmp_path, "multi_turn_miss_func", [q], [bad])).errors
    short = {"id": q["id"], "ground_truth": [["sort(file_name='a.txt')"]]}
    assert audit_bfcl(write(tmp_path, "multi_turn_miss_func", [q], [short])).errors


def test_upstream_known_inconsistencies_are_found():
    report = audit_bfcl(upstream_path("bfcl", "data", "BFCL_v4_live_simple.json"))
    ids = {f.where.rsplit(":", 1)[-1] for f in report.errors}
    assert {"live_simple_106-63-0", "live_simple_112-68-0"} <= ids
