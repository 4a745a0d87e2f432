"""Every mutation of scripts/mutate.py still finds its spot in the code (exactly once), so the
mutation table cannot silently turn into a list of mutations that no longer apply."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _mutate_module():
    spec = importlib.util.spec_from_file_location("trajgen_mutate", ROOT / "scripts" / "mutate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


MUTATE = _mutate_module()


@pytest.mark.parametrize("m", MUTATE.MUTATIONS, ids=lambda m: m.name)
def test_each_mutation_spot_exists_once_and_its_tests_exist(m) -> None:
    text = (ROOT / m.file).read_text(encoding="utf-8")
    count = text.count(m.old)
    assert count == 1 or (m.append and count >= 1), f"{m.file}: the spot occurs {count} times"
    for test in m.tests:
        path, _, name = test.partition("::")
        source = (ROOT / path).read_text(encoding="utf-8")
        assert not name or f"def {name.split('[')[0]}(" in source, f"{test} does not exist"
