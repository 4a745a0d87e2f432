"""Judge rows -> <out>/judge/test.jsonl + test.parquet (+ meta.jsonl, pairs.jsonl).

Row shape (five string columns, qualifire tool-selection-quality layout, FORMATS 4.1):
- tools_list: JSON list of OpenAI tool definitions {"type": "function", "function": {...}};
- messages_history: JSON list of OpenAI messages: the user request, then one assistant message
  with either `tool_calls` [{id, type: "function", function: {name, arguments: <JSON string>}}]
  (content null) or a text `content`;
- label: VALID_CALL | TOOL_ERROR | PARAM_NAME_ERROR | PARAM_VALUE_ERROR;
- binary_label: CORRECT iff label is VALID_CALL, else INCORRECT;
- failure_reason: JSON list of short reasons, "[]" when valid.
meta.jsonl (line-aligned) keeps the provenance: row id, operator, gold call, operator note.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import polars as pl

from ..io import atomic_write_bytes, write_jsonl
from ..products.common import tool_call_message
from .cases import Candidate, JudgeRow

COLUMNS = ("tools_list", "messages_history", "label", "binary_label", "failure_reason")


def assistant_message(row_id: str, cand: Candidate) -> dict[str, Any]:
    if cand.call is None:
        return {"role": "assistant", "content": cand.text or ""}
    return tool_call_message(row_id, [cand.call])


def messages_history(row: JudgeRow) -> list[dict[str, Any]]:
    return [{"role": "user", "content": row.request}, assistant_message(row.id, row.candidate)]


def columns(row: JudgeRow) -> dict[str, str]:
    return {
        "tools_list": json.dumps(row.tools, ensure_ascii=False),
        "messages_history": json.dumps(messages_history(row), ensure_ascii=False),
        "label": row.label,
        "binary_label": "CORRECT" if row.label == "VALID_CALL" else "INCORRECT",
        "failure_reason": json.dumps(row.reasons, ensure_ascii=False),
    }


def meta(row: JudgeRow) -> dict[str, Any]:
    gold = row.gold.model_dump(mode="json") if row.gold else None
    return {"id": row.id, "operator": row.operator, "label": row.label, "gold": gold,
            "note": row.candidate.note}


def parquet_bytes(table: list[dict[str, str]]) -> bytes:
    frame = pl.DataFrame({c: [r[c] for r in table] for c in COLUMNS}, schema={c: pl.String for c in COLUMNS})
    buf = io.BytesIO()
    frame.write_parquet(buf, compression="zstd", statistics=False)
    return buf.getvalue()


def file_names(split: str | None) -> dict[str, str]:
    """Un-split: test.jsonl, test.parquet, meta.jsonl, pairs.jsonl; per split S: S.jsonl,
    S.parquet, meta_S.jsonl, pairs_S.jsonl (meta and pairs line up with their split's rows)."""
    stem, side = (split, f"_{split}") if split else ("test", "")
    return {"jsonl": f"{stem}.jsonl", "parquet": f"{stem}.parquet", "meta": f"meta{side}.jsonl",
            "pairs": f"pairs{side}.jsonl"}


def write_judge(rows: list[JudgeRow], out_dir: Path, *, paired: bool = False,
                split: str | None = None) -> list[Path]:
    from .paired import pair

    table = [columns(r) for r in rows]
    paths = {k: out_dir / name for k, name in file_names(split).items()}
    write_jsonl(paths["jsonl"], table)
    atomic_write_bytes(paths["parquet"], parquet_bytes(table))
    write_jsonl(paths["meta"], (meta(r) for r in rows))
    if paired:
        write_jsonl(paths["pairs"], (p for r in rows if (p := pair(r)) is not None))
    else:
        paths.pop("pairs")
    return list(paths.values())
