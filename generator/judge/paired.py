"""Paired mode for preference training: per corrupted row, the gold answer is `chosen` and the
corrupted candidate is `rejected` (TRL conversational layout: prompt / chosen / rejected).

Columns shared with test.jsonl / test.parquet have the same name and type there: `tools_list`
and `failure_reason` are JSON strings, `label` a string; messages are OpenAI messages whose
tool-call arguments are JSON strings, as in `messages_history`."""

from __future__ import annotations

from typing import Any

from .cases import Candidate, JudgeRow
from .export import assistant_message, columns

# The right answer when no offered tool serves the request.
DECLINE = "I'm sorry, but none of the available tools can help with that request."


def gold_candidate(row: JudgeRow) -> Candidate:
    return Candidate(call=row.gold) if row.gold is not None else Candidate(text=DECLINE)


def pair(row: JudgeRow) -> dict[str, Any] | None:
    """None for valid rows: they have no rejected side."""
    if row.label == "VALID_CALL":
        return None
    cols = columns(row)
    return {"id": row.id, "tools_list": cols["tools_list"],
            "prompt": [{"role": "user", "content": row.request}],
            "chosen": [assistant_message(row.id, gold_candidate(row))],
            "rejected": [assistant_message(row.id, row.candidate)],
            "label": row.label, "failure_reason": cols["failure_reason"]}
