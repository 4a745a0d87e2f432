"""A run writes only beneath --out; names from catalogs are checked; write failures are one line."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.errors import InputError, OutputError
from generator.io import atomic_write_text, confined_to
from generator.names import MAX_DESCRIPTION, checked_tools
from generator.readers import read_catalogs

ROOT = Path(__file__).resolve().parents[1]


def tool(name: str = "get_weather", domain: str | None = None, desc: str = "Weather now",
         app: str | None = None) -> dict:
    fn: dict = {"name": name, "description": desc,
                "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}
    ext = {k: v for k, v in (("domain", domain), ("app", app)) if v is not None}
    return {"type": "function", "function": fn, **({"x-trajgen": ext} if ext else {})}


def catalog(tmp_path: Path, *tools: dict) -> Path:
    path = tmp_path / "cat.json"
    path.write_text(json.dumps(list(tools), ensure_ascii=False), encoding="utf-8")
    return path


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "import sys; from generator.cli import main; sys.exit(main())",
                           *args], cwd=cwd, capture_output=True, text=True, timeout=120, check=False)


def run_config(tmp_path: Path, cat: Path) -> Path:
    cfg = tmp_path / "run.yaml"
    cfg.write_text(f"seed: 1\ncatalog: [{cat}]\nproducts:\n  sdg:\n    categories: {{simple: 2, multiple: 2}}\n")
    return cfg


# ---------------------------------------------------------------- the write guard

def test_writes_outside_the_roots_are_refused(tmp_path):
    out = tmp_path / "out"
    with confined_to(out):
        atomic_write_text(out / "a" / "ok.txt", "ok")
        for bad in (out / ".." / "escaped.txt", out / "a" / ".." / ".." / "escaped.txt", tmp_path / "x.txt"):
            with pytest.raises(OutputError, match="outside the output directory"):
                atomic_write_text(bad, "no")
        (out / "link").symlink_to(tmp_path, target_is_directory=True)
        with pytest.raises(OutputError, match="outside"):
            atomic_write_text(out / "link" / "escaped.txt", "no")
    assert not list(tmp_path.glob("*.txt")) and (out / "a" / "ok.txt").read_text() == "ok"


def test_a_full_disk_is_one_line_not_a_traceback(tmp_path, monkeypatch):
    from generator import io

    def full(path, data):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))
    monkeypatch.setattr(io, "_atomic_write", full)
    with pytest.raises(OutputError, match="no space left on the device"):
        atomic_write_text(tmp_path / "f.txt", "x")


# ---------------------------------------------------------------- names from catalogs

@pytest.mark.parametrize("field,value", [
    ("domain", "../../../../ESCAPED_finance"), ("domain", "a/b"), ("domain", ".."), ("app", "../x"),
    ("app", "Maps\x00"), ("domain", "x" * 65)])
def test_path_names_are_refused_with_one_clear_error(tmp_path, field, value):
    cat = catalog(tmp_path, tool(**{field: value}))
    with pytest.raises(InputError) as info:
        checked_tools(read_catalogs([cat]))
    assert field in str(info.value) and "cat.json" in str(info.value)


@pytest.mark.parametrize("name", ["../../x", "get weather", "get_weather🌦", "a" * 65, "x\ny"])
def test_uncallable_tool_names_are_refused(tmp_path, name):
    with pytest.raises(InputError, match="tool name"):
        checked_tools(read_catalogs([catalog(tmp_path, tool(name=name))]))


def test_real_names_pass(tmp_path):
    tools = checked_tools(read_catalogs([catalog(tmp_path, tool("math.factorial"),
                                                 tool("get_weather", domain="Weather & Travel", app="大众点评"))]))
    assert [t.name for t in tools] == ["get_weather", "math.factorial"] or len(tools) == 2


def test_traject_names_keep_their_spaces_and_slashes():
    from generator.names import TRAJECT_NAME, _ok

    assert _ok(TRAJECT_NAME, "Uncovered Treasure: /topic/{topic}")
    assert not _ok(TRAJECT_NAME, "../../etc: passwd") and not _ok(TRAJECT_NAME, "Weather 🌦: now")


def test_over_long_descriptions_are_cut_with_a_warning(tmp_path, caplog):
    long = "word " * (MAX_DESCRIPTION // 2)
    t = tool(desc=long)
    t["function"]["parameters"]["properties"]["city"]["description"] = long
    with caplog.at_level("WARNING"):
        [got] = checked_tools(read_catalogs([catalog(tmp_path, t)]))
    assert len(got.description) == MAX_DESCRIPTION
    assert len(got.parameters["properties"]["city"]["description"]) == MAX_DESCRIPTION
    assert "2 description(s)" in caplog.text


def test_an_escaping_domain_stops_the_run_before_anything_is_written(tmp_path):
    cat = catalog(tmp_path, tool(domain="../../../../ESCAPED_finance"), tool("other_tool"))
    res = cli("generate", str(run_config(tmp_path, cat)), "--out", str(tmp_path / "out"), "--quiet", cwd=tmp_path)
    assert res.returncode == 2 and "Traceback" not in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1 and "domain" in res.stderr
    assert not (tmp_path / "out").exists() and not list(tmp_path.parent.rglob("*ESCAPED*"))


# ---------------------------------------------------------------- unwritable output

def test_an_output_path_that_cannot_be_created_is_one_line(tmp_path):
    cat = catalog(tmp_path, tool(), tool("other_tool"))
    cfg = run_config(tmp_path, cat)
    for out in ("/proc/trajgen-cannot-be-here", str(cat)):  # not creatable (even as root); a file
        res = cli("generate", str(cfg), "--out", out, "--quiet", cwd=tmp_path)
        assert res.returncode == 2 and "Traceback" not in res.stderr, res.stderr
        assert len(res.stderr.strip().splitlines()) == 1


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes through directory permissions")
def test_a_read_only_output_directory_is_one_line(tmp_path):
    out = tmp_path / "ro"
    out.mkdir(mode=0o555)
    cat = catalog(tmp_path, tool(), tool("other_tool"))
    res = cli("generate", str(run_config(tmp_path, cat)), "--out", str(out), "--quiet", cwd=tmp_path)
    assert res.returncode == 2 and "permission denied" in res.stderr and "Traceback" not in res.stderr


@pytest.mark.parametrize("denied", ["mkdir", "access"])
def test_a_directory_the_user_may_not_write_is_one_line_even_as_root(tmp_path, monkeypatch, capsys, denied):
    """The read-only case above cannot happen as root (CI runs as root): the refusal is injected
    where the run meets it, creating the directory or checking that it may write there."""
    from generator import engine
    from generator.cli import main

    out = tmp_path / "denied"
    if denied == "mkdir":
        real = Path.mkdir

        def refuse(self, *a, **k):
            if self == out:
                raise PermissionError(errno.EACCES, "Permission denied", str(self))
            return real(self, *a, **k)
        monkeypatch.setattr(Path, "mkdir", refuse)
    else:
        monkeypatch.setattr(engine.os, "access", lambda path, mode: Path(path) != out)
    cat = catalog(tmp_path, tool(), tool("other_tool"))
    assert main(["generate", str(run_config(tmp_path, cat)), "--out", str(out), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "permission denied" in err and str(out) in err and len(err.strip().splitlines()) == 1, err
    assert not (out / "manifest.json").exists()


def test_a_disk_that_fills_during_export_leaves_no_manifest(tmp_path, monkeypatch):
    from generator import io
    from generator.config import load_config
    from generator.engine import Overrides, generate

    cat = catalog(tmp_path, tool(), tool("other_tool"))
    cfg = run_config(tmp_path, cat)
    real = io.os.replace

    def fill(src, dst):  # every atomic writer (whole files and line by line) ends in os.replace
        if Path(dst).name == "train.jsonl":
            raise OSError(errno.ENOSPC, "No space left on device", str(dst))
        real(src, dst)
    monkeypatch.setattr(io.os, "replace", fill)
    with pytest.raises(OutputError, match="no space left"):
        generate(load_config(cfg), tmp_path, Overrides(out=str(tmp_path / "out"), progress=False))
    assert not (tmp_path / "out" / "manifest.json").exists()
    assert not list((tmp_path / "out").rglob("*.tmp"))  # no half-written file left behind


def test_every_upstream_catalog_passes_the_name_checks():
    """The charsets refuse what is dangerous, not what real benchmarks ship ("?", "..", ": ")."""
    from upstream import upstream_path

    from generator.names import check_tool
    from generator.readers import read_catalog

    root = upstream_path()
    files = [*root.glob("trailbench/apis/apis_openai/*.json"), *root.glob("traject-bench/public_data/tools/*.json"),
             *root.glob("bfcl/data/multi_turn_func_doc/*.json"),
             *(p for p in root.glob("bfcl/data/BFCL_v4_*.json") if "multi_turn" not in p.name)]
    assert len(files) >= 30
    for path in files:
        for tool in read_catalog(path):
            check_tool(tool)
