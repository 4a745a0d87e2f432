"""No module binds one top-level name twice: a constant defined again further down a module
silently replaces the first for every function, including those written above it (set 38: six
such pairs in the phrasing and value modules, each read by code that meant the other)."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "generator"


def _bound_twice(source: str) -> list[str]:
    names: Counter[str] = Counter()
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] += 1
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names[node.name] += 1
    return sorted(n for n, k in names.items() if k > 1)


def test_the_check_finds_a_name_bound_twice() -> None:
    assert _bound_twice("A = 1\ndef f():\n    return A\nA = 2\n") == ["A"]
    assert _bound_twice("A = 1\nB = 2\n") == []


def test_no_module_binds_a_top_level_name_twice() -> None:
    found = {str(p.relative_to(PACKAGE)): twice for p in sorted(PACKAGE.rglob("*.py"))
             if (twice := _bound_twice(p.read_text(encoding="utf-8")))}
    assert not found, found
