"""`trajgen stats` (text and --json, n/a instead of nan, every abbreviation explained) and
`trajgen validate` (errors fail, findings do not; an empty file is an error in every format)."""

from __future__ import annotations

import json
import re

import pytest
from hub_support import small_run_copy
from upstream import upstream_path

from generator.cli import main


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return small_run_copy(tmp_path_factory, "stats")


def test_stats_json_has_the_tables(out, capsys):
    assert main(["stats", str(out), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    titles = [t["title"] for t in data["tables"]]
    assert any(t.startswith("sdg: SDG rows per category") for t in titles)
    assert any(t.startswith("trail: all:") for t in titles) and any("judge labels" in t for t in titles)
    sdg = next(t for t in data["tables"] if t["title"].startswith("sdg:"))
    assert sdg["columns"] == ["category", "rows", "VR", "words"] and "VR" in sdg["legend"]
    irrelevance = next(r for r in sdg["rows"] if r[0] == "irrelevance")
    assert irrelevance[2] is None  # no value to recall: null, not NaN
    assert "NaN" not in json.dumps(data)


def test_stats_text_explains_every_abbreviation_and_never_prints_nan(out, capsys):
    assert main(["stats", str(out)]) == 0
    text = capsys.readouterr().out
    assert not re.search(r"\bnan\b", text, re.IGNORECASE) and "n/a" in text
    for abbr in ("VR", "APP", "NONE", "VR(all)", "VR(required)", "funcs", "calls"):
        assert re.search(rf"^\s+{re.escape(abbr)}: \w", text, re.MULTILINE), abbr


def test_simple_only_traject_file_says_na(out, capsys):
    simple = next((out / "traject").rglob("simple_ver.json"))
    assert main(["stats", str(simple)]) == 0
    text = capsys.readouterr().out
    hard = next(line for line in text.splitlines() if line.strip().startswith("hard"))
    assert hard.split()[1:] == ["0", "n/a", "n/a", "n/a"]


EMPTY = {
    "sdg": ("train.jsonl", ""),
    "judge": ("test.jsonl", ""),
    "bfcl": ("BFCL_v4_simple_python.json", ""),
    "trail": ("all_generated_queries_u1.json", "[]"),
    "traject": ("simple_ver.json", "[]"),
}


@pytest.mark.parametrize("fmt", sorted(EMPTY))
def test_an_empty_file_is_an_error(tmp_path, fmt, capsys):
    name, text = EMPTY[fmt]
    path = tmp_path / name
    path.write_text(text)
    assert main(["validate", "--format", fmt, str(path)]) != 0
    captured = capsys.readouterr()
    assert re.search(r"no (rows|entries|records)", captured.out + captured.err)


def test_zero_byte_trail_and_traject_files_are_errors(tmp_path):
    for name, fmt in (("all_generated_queries_u1.json", "trail"), ("simple_ver.json", "traject")):
        (tmp_path / name).write_text("")
        assert main(["validate", "--format", fmt, str(tmp_path / name)]) != 0


def test_our_run_validates_without_errors(out, capsys):
    assert main(["validate", str(out)]) == 0
    assert " 0 error(s)" in capsys.readouterr().out


def test_traject_hard_queries_are_findings_not_errors(capsys):
    """TRAJECT-Bench's own hard queries leave required values out by design: validate reports
    them as findings and exits 0."""
    parallel = upstream_path("traject-bench", "public_data", "parallel")
    hard = sorted(str(p) for p in parallel.glob("*/hard_ver.json"))
    assert hard
    assert main(["validate", "--format", "traject", *hard]) == 0
    text = capsys.readouterr().out
    findings = sum(int(n) for n in re.findall(r"(\d+) finding\(s\)", text))
    assert findings > 100 and "hard query drops required value(s)" in text
    assert all(" 0 error(s)" in line for line in text.splitlines() if "error(s)" in line)
