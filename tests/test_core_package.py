"""The disclosure core (generator/core/) is pure: it reads and writes no files, sends no requests
and holds no run state, so nothing in it imports the run layer."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[1] / "generator" / "core"
RUN_LAYER = ("generator.io", "generator.llm", "generator.prompting", "generator.engine", "generator.runner",
             "generator.state", "generator.cli", "generator.config", "generator.card", "generator.hub",
             "generator.lock", "generator.batch_rounds", "generator.engines")


def imported(path: Path) -> set[str]:
    """Absolute names of the modules `path` imports (relative imports resolved from generator.core)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = ["generator", "core"][: 3 - node.level] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


@pytest.mark.parametrize("path", sorted(CORE.glob("*.py")), ids=lambda p: p.name)
def test_core_imports_no_run_layer(path: Path) -> None:
    bad = sorted(n for n in imported(path) if n.startswith(RUN_LAYER))
    assert bad == [], f"{path.name} imports the run layer: {bad}"


def test_the_check_sees_a_run_layer_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from ..io import write_json\nfrom ..records import Tool\n")
    assert imported(bad) >= {"generator.io", "generator.io.write_json"}
