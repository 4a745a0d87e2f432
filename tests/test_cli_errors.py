"""A user mistake gives one clear line naming the file, record and field; exit 2; no traceback;
no output directory left behind."""

import contextlib
import io
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BAD = ROOT / "tests" / "fixtures" / "bad_catalogs"


def run_cli(*args: str, cwd: Path, real: bool = False) -> subprocess.CompletedProcess:
    """The CLI on `args` from `cwd`: in a subprocess when `real` (as a user runs it), else the same
    `main` in-process (an escaping exception fails the test as a traceback would; ~1.5 s of
    import saved per call)."""
    if real:
        return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd,
                              capture_output=True, text=True, timeout=120, check=False)
    from generator.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(cwd), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exc:  # argparse's own refusals and --help
            code = exc.code if isinstance(exc.code, int) else 1
    return subprocess.CompletedProcess(list(args), code, out.getvalue(), err.getvalue())


def config_for(tmp_path: Path, catalog: Path) -> Path:
    cfg = tmp_path / "run.yaml"
    cfg.write_text(f"catalog: [{catalog}]\nproducts:\n  sdg:\n    categories: {{simple: 2}}\n")
    return cfg


@pytest.mark.parametrize("fixture, expected", [
    ("invalid_json.json", ["invalid_json.json", "line"]),
    ("no_name.json", ["no_name.json", "record 1", "name"]),
    ("params_not_object.json", ["params_not_object.json", "record 0", "parameters"]),
])
def test_malformed_catalog_one_line_no_output(tmp_path, fixture, expected):
    out = tmp_path / "out"
    proc = run_cli("generate", str(config_for(tmp_path, BAD / fixture)), "--out", str(out), cwd=tmp_path, real=True)
    assert proc.returncode == 2
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    for word in expected:
        assert word in lines[0], lines[0]
    assert not out.exists()


def test_bad_config_one_line(tmp_path):
    cfg = tmp_path / "run.yaml"
    cfg.write_text("catalog: [x.json]\nwriterr: template\n")
    proc = run_cli("generate", str(cfg), cwd=tmp_path)
    assert proc.returncode == 2
    assert "writerr" in proc.stderr and "Traceback" not in proc.stderr


def test_missing_catalog_file(tmp_path):
    proc = run_cli("generate", str(config_for(tmp_path, tmp_path / "nope.json")), cwd=tmp_path)
    assert proc.returncode == 2
    assert "nope.json" in proc.stderr and "Traceback" not in proc.stderr


def test_every_command_has_help(tmp_path):
    for cmd in ("generate", "validate", "stats", "hints"):
        proc = run_cli(cmd, "--help", cwd=tmp_path)
        assert proc.returncode == 0 and "usage:" in proc.stdout


def test_validate_unknown_format_is_a_user_error(tmp_path):
    f = tmp_path / "x.txt"
    f.write_text("hello")
    proc = run_cli("validate", str(f), cwd=tmp_path)
    assert proc.returncode == 2 and "--format" in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.parametrize("args, word", [
    (["--limit", "-1"], "--limit"),
    (["--limit", "0"], "--limit"),
    (["--concurrency", "0"], "--concurrency"),
    (["--shard", "3/2"], "--shard"),
])
def test_bad_flags_are_refused(tmp_path, args, word):
    cfg = config_for(tmp_path, ROOT / "examples" / "catalog.json")
    proc = run_cli("generate", str(cfg), "--out", str(tmp_path / "o"), *args, cwd=tmp_path)
    assert proc.returncode == 2 and word in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "o").exists()


@pytest.mark.slow
def test_out_is_a_file(tmp_path):
    cfg = config_for(tmp_path, ROOT / "examples" / "catalog.json")
    (tmp_path / "o").write_text("x")
    proc = run_cli("generate", str(cfg), "--out", str(tmp_path / "o"), cwd=tmp_path)
    assert proc.returncode == 2 and "not a directory" in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.parametrize("make, word", [
    (lambda p: p.mkdir(), "directory"),
    (lambda p: p.write_bytes(b"\xff\xfe\x00bad"), "UTF-8"),
])
def test_unreadable_config(tmp_path, make, word):
    cfg = tmp_path / "cfg.yaml"
    make(cfg)
    proc = run_cli("generate", str(cfg), cwd=tmp_path)
    assert proc.returncode == 2 and word in proc.stderr and "Traceback" not in proc.stderr
