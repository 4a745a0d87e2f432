"""`trajgen validate` flags what no format may hold: NaN/Infinity and ids repeated in a file."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.cli import main as cli_main
from generator.validate import file_findings


def rows(n: int) -> list[dict]:
    return [{"id": f"simple_{i}", "category": "simple", "messages": [{"role": "user", "content": "hi"}],
             "tools": []} for i in range(n)]


def write_jsonl(path: Path, items: list[dict], raw_lines: dict[int, str] | None = None) -> Path:
    lines = [json.dumps(r) for r in items]
    for i, text in (raw_lines or {}).items():
        lines[i] = text
    path.write_text("".join(x + "\n" for x in lines), encoding="utf-8")
    return path


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 40), at=st.integers(0, 39), constant=st.sampled_from(["NaN", "Infinity", "-Infinity"]))
def test_nan_and_infinity_are_errors_naming_the_line(tmp_path_factory, n, at, constant):
    at %= n
    bad = json.dumps({**rows(n)[at], "score": 1.5}).replace("1.5", constant)
    path = write_jsonl(tmp_path_factory.mktemp("n") / "train.jsonl", rows(n), {at: bad})
    found = file_findings(path)
    assert [f.where for f in found] == [f"{path}:{at + 1}"] and constant in found[0].message


@settings(max_examples=30, deadline=None)
@given(n=st.integers(1, 30), copies=st.integers(2, 200))
def test_repeated_ids_are_errors(tmp_path_factory, n, copies):
    path = write_jsonl(tmp_path_factory.mktemp("d") / "train.jsonl", rows(n) * copies)
    found = file_findings(path)
    assert all(f.severity == "error" for f in found)
    assert len(found) == min(n, 5) + (n > 5)
    assert f"appears {copies} times" in found[0].message


def test_unique_ids_and_plain_numbers_pass(tmp_path):
    assert file_findings(write_jsonl(tmp_path / "train.jsonl", rows(50))) == []


def test_validate_exits_non_zero_on_nan_in_an_sdg_file(tmp_path, capsys):
    sdg = tmp_path / "sdg"
    sdg.mkdir()
    bad = json.dumps({**rows(1)[0], "x": 0.5}).replace("0.5", "NaN")
    write_jsonl(sdg / "train.jsonl", rows(3), {1: bad})
    code = cli_main(["validate", str(sdg / "train.jsonl"), "--format", "sdg"])
    out = capsys.readouterr().out
    assert code != 0 and "NaN is not a JSON number" in out
