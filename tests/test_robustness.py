"""Bad input never gives a traceback: the CLI prints one line naming the file (record, field)
and exits 2 for a user error, or reports findings and exits 1. Cases marked REAL run the CLI
in a subprocess, as a user would; the rest call the same `main` in-process (an escaping
exception fails the test just as a traceback would), which keeps the file fast."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from generator.catalog import Catalog
from generator.config import RunConfig
from generator.core.schema import check_schema
from generator.errors import InputError
from generator.jsonl import MAX_PROBLEMS, first_object, read_jsonl
from generator.products.base import RunContext, WorkItem
from generator.readers import read_catalog
from generator.writers.base import WRITERS

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
USER_ERROR, FINDINGS = 2, 1


REAL = "real"  # pass as the first argument of trajgen() to run a subprocess


def trajgen(*args: str | Path) -> subprocess.CompletedProcess[str]:
    if args and args[0] == REAL:
        return subprocess.run([sys.executable, "-m", "generator.cli", *map(str, args[1:])],
                              check=False, capture_output=True, text=True, timeout=120)
    from generator.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in args])
    return subprocess.CompletedProcess(list(args), code, out.getvalue(), err.getvalue())


def user_error(proc: subprocess.CompletedProcess[str], *needles: str) -> str:
    """Exit 2 with exactly one stderr line containing every needle, and no traceback."""
    assert "Traceback" not in proc.stderr + proc.stdout
    assert proc.returncode == USER_ERROR, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


def findings(proc: subprocess.CompletedProcess[str], *needles: str) -> None:
    """Exit 1 with the findings on stdout, nothing on stderr."""
    assert "Traceback" not in proc.stderr + proc.stdout
    assert proc.returncode == FINDINGS, proc.stdout + proc.stderr
    assert proc.stderr == ""
    for needle in needles:
        assert needle in proc.stdout, proc.stdout


# ---------------------------------------------------------------- 1. unsatisfiable catalog schemas

BAD_PARAMS = {
    "enum_empty": ({"type": "string", "enum": []}, "enum"),
    "min_gt_max": ({"type": "integer", "minimum": 5, "maximum": 1}, "minimum"),
    "exclusive": ({"type": "number", "exclusiveMinimum": 3, "exclusiveMaximum": 3}, "exclusiveMinimum"),
    "length": ({"type": "string", "minLength": 5, "maxLength": 1}, "minLength"),
    "items_count": ({"type": "array", "minItems": 3, "maxItems": 1}, "minItems"),
    "regex": ({"type": "string", "pattern": "("}, "pattern"),
    "items_not_object": ({"type": "array", "items": "string"}, "items"),
    "type_unknown": ({"type": "strin"}, "type"),
    "nested_enum": ({"type": "array", "items": {"type": "string", "enum": []}}, "items.enum"),
}


def bad_catalog(tmp_path: Path, param: dict | None = None, required: str | None = None) -> Path:
    catalog = json.loads((EXAMPLES / "catalog.json").read_text())
    schema = copy.deepcopy(catalog)[0]
    params = schema["function"]["parameters"]
    if param is not None:
        params["properties"]["p"] = param
        params["required"] = [*params.get("required", []), "p"]
    if required is not None:
        params["required"] = [*params.get("required", []), required]
    path = tmp_path / "catalog.json"
    path.write_text(json.dumps([schema, *catalog[1:]]))
    return path


def config(tmp_path: Path) -> Path:
    cfg = tmp_path / "run.yaml"
    cfg.write_text("seed: 1\ncatalog: [catalog.json]\nproducts:\n  sdg:\n    categories: {simple: 2}\n")
    return cfg


@pytest.mark.parametrize("case", sorted(BAD_PARAMS))
def test_unsatisfiable_schema_stops_before_writing(tmp_path: Path, case: str) -> None:
    param, key = BAD_PARAMS[case]
    bad_catalog(tmp_path, param)
    real = (REAL,) if case == "regex" else ()
    proc = trajgen(*real, "generate", config(tmp_path), "--out", tmp_path / "out", "--quiet")
    user_error(proc, "catalog.json", "record 0", f"function.parameters.properties.p.{key}")
    assert not (tmp_path / "out").exists()


def test_required_name_missing_from_properties(tmp_path: Path) -> None:
    bad_catalog(tmp_path, required="ghost")
    proc = trajgen("generate", config(tmp_path), "--out", tmp_path / "out", "--quiet")
    user_error(proc, "record 0", "function.parameters.required", "ghost")
    assert not (tmp_path / "out").exists()


def test_required_missing_without_properties_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps([{"name": "f", "description": "", "parameters":
                                 {"type": "dict", "required": ["x"]}}]))
    with pytest.raises(InputError) as err:
        read_catalog(path)
    assert err.value.field == "parameters.required" and err.value.record == 0


def test_check_schema_accepts_satisfiable_schemas() -> None:
    check_schema({"type": "object", "properties": {
        "a": {"type": "integer", "minimum": 1, "maximum": 1},
        "b": {"type": "string", "pattern": "^[A-Z]{3}$", "minLength": 3, "maxLength": 3},
        "c": {"type": "array", "items": {"type": "string", "enum": ["x", "y"]}, "enum": ["x"]},
    }}, "parameters")


def test_check_schema_names_the_draft_2020_12_violation() -> None:
    with pytest.raises(InputError) as err:
        check_schema({"type": "object", "properties": {"a": {"type": "string", "minLength": -1}}},
                     "function.parameters")
    assert err.value.field == "function.parameters.properties.a.minLength"


# ---------------------------------------------------------------- 2. validate / stats on bad files

@pytest.fixture
def files(tmp_path: Path) -> Path:
    junk = bytes(random.Random(0).randrange(128, 256) for _ in range(300))
    for name in ("x.jsonl", "x.bin", "x.parquet"):
        (tmp_path / name).write_bytes(junk)
    (tmp_path / "a.jsonl").write_text("1\n")
    (tmp_path / "a.json").write_text("[]\n")
    (tmp_path / "EMPTY").mkdir()
    return tmp_path


def test_binary_jsonl_is_not_detected(files: Path) -> None:
    user_error(trajgen("validate", files / "x.jsonl"), "x.jsonl", "cannot tell which format")


@pytest.mark.parametrize("fmt", ["sdg", "judge", "bfcl"])
def test_binary_file_is_a_finding(files: Path, fmt: str) -> None:
    real = (REAL,) if fmt == "sdg" else ()
    findings(trajgen(*real, "validate", files / "x.bin", "--format", fmt), "x.bin:line 1: not UTF-8")


def test_binary_traject_file_is_one_line(files: Path) -> None:
    user_error(trajgen("validate", files / "x.bin", "--format", "traject"), "x.bin", "not UTF-8")


def test_binary_parquet(files: Path) -> None:
    user_error(trajgen("validate", files / "x.parquet"), "x.parquet", "cannot tell")
    user_error(trajgen(REAL, "validate", files / "x.parquet", "--format", "judge"),
               "x.parquet", "not a readable Parquet file")


@pytest.mark.parametrize("fmt", ["sdg", "judge"])
def test_non_object_rows_are_findings(files: Path, fmt: str) -> None:
    findings(trajgen("validate", files / "a.jsonl", "--format", fmt),
             "a.jsonl:line 1: expected a JSON object, got a number")


def test_bfcl_array_line_is_a_finding(files: Path) -> None:
    findings(trajgen("validate", files / "a.json", "--format", "bfcl"), "expected a JSON object, got an array")


@pytest.mark.parametrize("fmt", ["sdg", "judge", "bfcl"])
def test_stats_of_an_empty_directory(files: Path, fmt: str) -> None:
    real = (REAL,) if fmt == "sdg" else ()
    user_error(trajgen(*real, "stats", files / "EMPTY", "--format", fmt), "EMPTY")


@pytest.mark.parametrize(("name", "fmt"), [("x.jsonl", "sdg"), ("a.jsonl", "sdg"), ("a.jsonl", "judge"),
                                           ("a.json", "bfcl")])
def test_stats_without_a_readable_row(files: Path, name: str, fmt: str) -> None:
    user_error(trajgen("stats", files / name, "--format", fmt), name, "to measure")


def test_catalog_option_refused_where_not_taken(files: Path) -> None:
    row = {"id": "a", "trajectory_id": "a", "category": "simple", "tools": "[]",
           "messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "ok"}]}
    (files / "train.jsonl").write_text(json.dumps(row) + "\n")
    user_error(trajgen(REAL, "validate", files / "train.jsonl", "--catalog", files), "--catalog", "trail", "'sdg'")


def test_malformed_sdg_rows_are_findings(files: Path) -> None:
    base = {"id": "a", "trajectory_id": "a", "category": "simple", "tools": "[]"}
    rows = [{**base, "messages": [1, 2]},
            {**base, "messages": [{"role": "user", "content": "x"}, {"role": "assistant", "tool_calls": [3]}]},
            {**base, "messages": [{"role": "user"}, {"role": "tool", "tool_call_id": ["x"]}]}]
    (files / "bad.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    findings(trajgen("validate", files / "bad.jsonl", "--format", "sdg"),
             "messages must be a list of objects", "tool_calls must be a list of objects",
             "answers no open call")


def test_jsonl_reader_caps_problems_and_reads_bom(tmp_path: Path) -> None:
    path = tmp_path / "f.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + b'{"a": 1}\n' + b"nope\n" * (MAX_PROBLEMS + 5))
    lines = read_jsonl(path)
    assert lines.rows == [(1, {"a": 1})]
    assert len(lines.problems) == MAX_PROBLEMS + 1 and "stopped after" in lines.problems[-1][1]


def test_sniffer_never_raises(files: Path) -> None:
    for path in (files / "x.jsonl", files / "EMPTY", files / "missing.jsonl", files / "a.jsonl"):
        assert first_object(path) is None


# ---------------------------------------------------------------- 3 + 4. a real run directory

@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("run")
    cfg = root / "run.yaml"
    cfg.write_text(f"seed: 1\ncatalog: [{EXAMPLES / 'catalog.json'}]\npersonas: {EXAMPLES / 'personas.yaml'}\n"
                   "products:\n  sdg: {categories: {simple: 2}}\n"
                   "  traject: {domains: [food], parallel: 2, sequential: 1}\n"
                   "  judge: {rows: 10, rows_per_item: 5}\n"
                   "  bfcl: {categories: {simple_python: 1}}\n"
                   "  trail: {source: synthetic, targets: 4, min_history: 20}\n")
    proc = trajgen("generate", cfg, "--out", root / "OUT", "--quiet")
    assert proc.returncode == 0, proc.stderr
    return root / "OUT"


@pytest.mark.parametrize("name", ["simple_ver.json", "hard_ver.json"])
def test_traject_single_file_finds_its_twin(run_dir: Path, name: str) -> None:
    real = (REAL,) if name == "simple_ver.json" else ()
    proc = trajgen(*real, "validate", run_dir / "traject" / "parallel" / "food" / name)
    assert proc.returncode == 0, proc.stdout
    assert "0 error(s)" in proc.stdout and "twin checks skipped" not in proc.stdout


def test_traject_twin_checked_from_disk(run_dir: Path, tmp_path: Path) -> None:
    src = run_dir / "traject" / "parallel" / "food"
    (tmp_path / "simple_ver.json").write_text((src / "simple_ver.json").read_text())
    hard = json.loads((src / "hard_ver.json").read_text())
    (tmp_path / "hard_ver.json").write_text(json.dumps(hard[:-1]))
    findings(trajgen("validate", tmp_path / "simple_ver.json"), f"simple has {len(hard)} records, hard {len(hard) - 1}")


def test_traject_lone_file_skips_twin_check_with_a_note(run_dir: Path, tmp_path: Path) -> None:
    src = run_dir / "traject" / "parallel" / "food" / "simple_ver.json"
    (tmp_path / "simple_ver.json").write_text(src.read_text())
    proc = trajgen("validate", tmp_path / "simple_ver.json")
    assert proc.returncode == 0, proc.stdout
    assert "no hard_ver.json beside simple_ver.json" in proc.stdout


@pytest.mark.parametrize("command", ["stats", "validate"])
def test_run_directory_reports_every_format(run_dir: Path, command: str) -> None:
    real = (REAL,) if command == "stats" else ()
    proc = trajgen(*real, command, run_dir)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for fmt in ("bfcl", "judge", "sdg", "trail", "traject"):
        assert f"== {fmt}: {run_dir / fmt}" in proc.stdout


def test_run_directory_part_error_is_reported_not_raised(run_dir: Path, tmp_path: Path) -> None:
    (tmp_path / "manifest.json").write_text("{}")
    (tmp_path / "sdg").mkdir()
    (tmp_path / "sdg" / "train.jsonl").write_text((run_dir / "sdg" / "train.jsonl").read_text())
    (tmp_path / "judge").mkdir()
    (tmp_path / "judge" / "test.jsonl").write_text((run_dir / "judge" / "test.jsonl").read_text() + "{oops\n")
    findings(trajgen("validate", tmp_path), "== judge:", "== sdg:", "line 11: invalid JSON")


# ---------------------------------------------------------------- 5. one foreign-tool sampler

def _context(catalog: Path) -> RunContext:
    from generator.readers import read_catalogs

    cfg = RunConfig.model_validate({"seed": 3, "catalog": [str(catalog)],
                                    "products": {"sdg": {"categories": {"irrelevance": 1}}}})
    return RunContext(config=cfg, base_dir=EXAMPLES, out_dir=EXAMPLES, seed=3,
                      catalog=Catalog(read_catalogs(cfg.catalog)), histories=[],
                      writer=WRITERS.get("template")())


def test_foreign_request_offers_one_domain_and_asks_another() -> None:
    import generator.writers.template  # noqa: F401
    from generator.products.sdg import SdgSpec, foreign_request

    ctx = _context(EXAMPLES / "catalog.json")
    item = WorkItem(item_id="i", product="sdg", index=0, spec=SdgSpec(category="irrelevance"))
    rng = random.Random(5)
    for _ in range(30):
        pick = foreign_request(item, ctx, rng, max_offered=4)
        assert pick is not None and 1 <= len(pick.offered) <= 4
        assert len({t.domain for t in pick.offered}) == 1
        assert pick.tool.domain != pick.offered[0].domain
        assert pick.tool.api not in {t.api for t in pick.offered}
        assert pick.target.offered == [t.name for t in pick.offered]


def test_both_irrelevance_builders_share_the_sampler(tmp_path: Path, monkeypatch) -> None:
    """A one-domain catalog still gets irrelevance rows (a built-in off-topic request that no
    offered tool serves); only when every such request touches the tools is the item rejected."""
    import asyncio

    import generator.bfcl.sdg_categories
    import generator.writers.template  # noqa: F401
    from generator.core import offtopic
    from generator.products.sdg import FOREIGN_NEEDS, SDG_CATEGORIES, SdgSpec

    one = json.loads((EXAMPLES / "catalog.json").read_text())[:1]
    (tmp_path / "one.json").write_text(json.dumps(one))
    ctx = _context(tmp_path / "one.json")
    for category in ("irrelevance", "live_irrelevance"):
        item = WorkItem(item_id="i", product="sdg", index=0, spec=SdgSpec(category=category))
        result = asyncio.run(SDG_CATEGORIES.get(category)(item, ctx))
        (row,) = [s.payload for s in result.samples]
        request, reply = row["messages"][0]["content"], row["messages"][1]
        assert "tool_calls" not in reply and offtopic.unrelated(request, ctx.catalog.tools)
    monkeypatch.setattr(offtopic, "TEMPLATES", [("Book me a taxi to the station.", {})])
    for category in ("irrelevance", "live_irrelevance"):
        item = WorkItem(item_id="i", product="sdg", index=0, spec=SdgSpec(category=category))
        result = asyncio.run(SDG_CATEGORIES.get(category)(item, ctx))
        assert result.rejections[0].reason == f"{category} {FOREIGN_NEEDS}"


def test_a_raising_detector_means_not_this_format(tmp_path: Path) -> None:
    from generator.audit import _safely

    def boom(path: Path) -> bool:
        raise OSError("unreadable")

    assert _safely(boom, tmp_path) is False
