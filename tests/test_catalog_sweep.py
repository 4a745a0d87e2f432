"""The catalog sweep's own readings: a TRAJECT wire value is valid when one JSON reading of it
validates, the way `wire_value` wrote it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from generator.schema import is_valid
from generator.traject.export import wire_value

_SPEC = importlib.util.spec_from_file_location(
    "catalog_sweep", Path(__file__).resolve().parents[1] / "benchmarks" / "catalog_sweep.py")
sweep = importlib.util.module_from_spec(_SPEC)
sys.modules.setdefault("catalog_sweep", sweep)  # its dataclasses look their module up
_SPEC.loader.exec_module(sweep)


def test_every_wire_value_reads_back_to_a_valid_value() -> None:
    schema = {"type": "array", "items": {"type": "string", "enum": ["MT10", "MT11"]}, "default": []}
    for value in ([], ["MT10"], ["MT10", "MT11"]):
        assert any(is_valid(schema, r) for r in sweep._wire_readings(wire_value(value))), value
    assert not any(is_valid(schema, r) for r in sweep._wire_readings("MT99"))
