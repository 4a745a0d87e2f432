"""The repo stands alone: no pointers to documents a user of the repo does not have, no machine paths."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTSIDE_DOCS = re.compile(r"FORMATS\.md|DESIGN\.md|STYLE\.md|see its issue|\.\./shared/(?!upstream)")
MACHINE_PATH = re.compile(r"(?<![\w.])/(?:work|home|root|Users|check)/\w")
SCANNED = ["generator", "prompts", "examples", "scripts", "benchmarks", "README.md", "Makefile"]


def _files():
    for name in SCANNED:
        path = ROOT / name
        paths = [path] if path.is_file() else path.rglob("*")
        yield from (p for p in paths if p.is_file() and p.suffix in {".py", ".j2", ".md", ".yaml", ".sh", ""})


def _hits(pattern):
    return [f"{p.relative_to(ROOT)}:{i}" for p in _files()
            for i, line in enumerate(p.read_text(errors="replace").splitlines(), 1) if pattern.search(line)]


def test_code_and_readme_point_only_at_the_repos_own_docs():
    assert _hits(OUTSIDE_DOCS) == []


def test_no_machine_specific_paths():
    assert _hits(MACHINE_PATH) == []
