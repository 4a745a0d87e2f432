"""The catalog sweep's own readings: a TRAJECT wire value is valid when one JSON reading of it
validates, the way `wire_value` wrote it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from generator.core.schema import is_valid
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


def test_judge_valid_calls_are_checked_against_their_own_rows_tools(tmp_path: Path) -> None:
    """The "judge VC" column: a VALID_CALL row's call that its own tools_list refuses counts as
    invalid; rows with another label and the meta/pairs files are not read."""
    import json

    tools = json.dumps([{"type": "function", "function": {"name": "f", "parameters": {
        "type": "object", "properties": {"code": {"type": "string", "pattern": "^[A-Z]{5}$"}}, "required": ["code"]}}}])

    def row(label: str, code: str) -> str:
        call = {"id": "c", "type": "function", "function": {"name": "f", "arguments": json.dumps({"code": code})}}
        history = [{"role": "user", "content": "q"}, {"role": "assistant", "content": None, "tool_calls": [call]}]
        return json.dumps({"tools_list": tools, "messages_history": json.dumps(history), "label": label})

    (tmp_path / "test.jsonl").write_text("\n".join([row("VALID_CALL", "ECRKW"), row("VALID_CALL", "ecrkw"),
                                                    row("PARAM_VALUE_ERROR", "x")]))
    (tmp_path / "meta.jsonl").write_text(row("VALID_CALL", "bad"))
    assert sweep.judge_valid_calls(tmp_path) == (2, 1)
