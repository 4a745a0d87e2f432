"""The one helper for data the repo does not ship: skips in a user's clone, fails under CI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROBE = '''
from upstream import check_script, upstream_path

def test_needs_data():
    upstream_path("no-such-benchmark")

def test_needs_a_check():
    check_script("check_nothing.py")
'''


def run_probe(tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    (tmp_path / "test_probe.py").write_text(PROBE)
    (tmp_path / "conftest.py").write_text((HERE / "conftest.py").read_text())
    (tmp_path / "upstream.py").write_text((HERE / "upstream.py").read_text())
    base = {"PATH": "/usr/bin:/bin", "TRAJGEN_UPSTREAM": str(tmp_path / "upstream")}
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs", str(tmp_path)],
                          cwd=tmp_path, env={**base, **env}, capture_output=True, text=True, timeout=120,
                          check=False)


def test_missing_data_skips_locally_with_one_closing_line(tmp_path: Path) -> None:
    proc = run_probe(tmp_path)
    assert proc.returncode == 0, proc.stdout
    summary = [ln for ln in proc.stdout.splitlines() if ln.startswith("skipped: ")]
    assert summary == [(f"skipped: 1 for want of reference checks ({tmp_path / 'checks'}); "
                        f"1 for want of upstream data ({tmp_path / 'upstream'}; set TRAJGEN_UPSTREAM)")]


def test_missing_data_fails_under_ci(tmp_path: Path) -> None:
    proc = run_probe(tmp_path, CI="true")
    assert proc.returncode == 1 and "2 failed" in proc.stdout, proc.stdout
    assert "upstream data missing under CI=true" in proc.stdout
    assert "reference checks missing under CI=true" in proc.stdout
