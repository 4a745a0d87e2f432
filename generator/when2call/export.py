"""When2Call's three files, field for field (docs/when2call.md), from the product's payloads.

- when2call_test.jsonl: one row per twin with When2Call's test fields (uuid, source, source_id,
  question, orig_question, correct_answer, answers, target_tool, tools, orig_tools,
  held_out_param; tools and target_tool are JSON strings of BFCL function docs, as in When2Call)
  and trajgen's own: twin, determined_by, undetermined_case, omitted_param, query_time, history.
- when2call_train_sft.jsonl: tools (BFCL function docs as objects), messages (the context, the
  question, the right answer; a call is `<TOOLCALL>[{"name", "arguments"}]</TOOLCALL>`).
- when2call_train_pref.jsonl: tools, messages (the context and the question), chosen_response,
  rejected_response (an answer of another category), chosen_reward, rejected_reward.
- when2call_sdg.jsonl: the same rows as BFCL-toolcall-SDG rows (id, trajectory_id, category,
  the user message with the context before the question, the answer as a native tool call or
  the text, tools as an OpenAI JSON string).

The context (the user's history and the query time, when the twin has them) is a system
message rendered from prompts/eval/when2call.j2, the same one `trajgen eval` sends, so that
training and evaluation see one context. Rows are in plan order, the twins of one target
together (stated, determined, undetermined, tool_removed, no_tool).
"""

from __future__ import annotations

import json
import random
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..catalog import Catalog
from ..io import write_jsonl
from ..judge.bfcl_opinion import bfcl_function
from ..products.common import tools_json
from ..prompting import render_messages
from ..records import HistoryEvent
from . import replies
from .config import CATEGORIES, CATEGORY_OF, Twin, When2CallConfig

NAME = "when2call"
TEST_FILE = "when2call_test.jsonl"
SFT_FILE = "when2call_train_sft.jsonl"
PREF_FILE = "when2call_train_pref.jsonl"
SDG_FILE = "when2call_sdg.jsonl"
FILES = (TEST_FILE, SFT_FILE, PREF_FILE)
TOOLCALL = "<TOOLCALL>[{}]</TOOLCALL>"
NAMESPACE = uuid.UUID("6f1c2b1e-5d0a-4c5e-9a43-2b1f6f3f9c10")  # trajgen's when2call rows


def event_json(e: HistoryEvent, catalog: Catalog) -> dict[str, Any]:
    """One earlier call as the model reads it: its time, the offered name of the tool, its arguments."""
    tool = catalog.by_trail.get((e.toolname, e.apiname))
    return {"time": e.time, "tool": tool.name if tool else f"{e.toolname}_{e.apiname}", "arguments": e.parameters}


def tool_doc(name: str, catalog: Catalog) -> dict[str, Any]:
    return bfcl_function(catalog[name])


def doc_text(name: str, catalog: Catalog) -> str:
    return json.dumps(tool_doc(name, catalog), ensure_ascii=False)


def row_id(target: str, twin: str) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{target}:{twin}"))


def base_row(p: Any, twin: Twin, question: str, catalog: Catalog, tools: list[str]) -> dict[str, Any]:
    return {"uuid": row_id(p.target, twin), "source": f"trajgen {catalog[p.tool].domain}".strip(),
            "source_id": p.target, "question": question, "orig_question": p.stated or p.question or question,
            "correct_answer": CATEGORY_OF[twin],
            "answers": replies.answers(p.call, p.ask, p.refusal, p.fabricated),
            "target_tool": doc_text(p.tool, catalog), "tools": [doc_text(t, catalog) for t in tools],
            "orig_tools": [doc_text(t, catalog) for t in p.offered], "held_out_param": None,
            "twin": twin, "determined_by": None, "undetermined_case": None, "omitted_param": None,
            "query_time": p.time, "history": [event_json(e, catalog) for e in p.determined_history]}


def twin_row(p: Any, twin: Twin, catalog: Catalog) -> dict[str, Any]:
    """The test row of one twin of payload `p` (a When2CallPayload)."""
    if twin == "stated":
        return base_row(p, twin, p.stated, catalog, p.offered)
    if twin == "determined":
        return {**base_row(p, twin, p.question, catalog, p.offered), "determined_by": p.determined_by,
                "omitted_param": p.held_out}
    if twin == "undetermined":
        row = base_row(p, twin, p.question, catalog, p.offered)
        return {**row, "held_out_param": p.held_out, "undetermined_case": p.case, "omitted_param": p.held_out,
                "query_time": None if p.rule == "time" else p.time,
                "history": [event_json(e, catalog) for e in p.undetermined_history]}
    if twin == "tool_removed":
        row = base_row(p, twin, p.stated, catalog, [t for t in p.offered if t != p.tool])
        return {**row, "target_tool": None}
    row = base_row(p, twin, p.direct_question, catalog, p.offered)
    answers = {"direct": p.direct_answer, "tool_call": row["answers"]["tool_call"],
               "request_for_info": replies.GENERIC_ASK, "cannot_answer": replies.GENERIC_REFUSE}
    return {**row, "orig_question": p.direct_question, "answers": answers, "target_tool": None}


def test_rows(payloads: list[Any], catalog: Catalog) -> Iterator[dict[str, Any]]:
    for p in payloads:
        for twin in p.twins:
            yield twin_row(p, twin, catalog)


# ---------------------------------------------------------------- training files

def context_messages(row: dict[str, Any], inline: bool = False) -> list[dict[str, str]]:
    """The system message with the user's history and the query time (none when the row has
    neither), then the question: what `trajgen eval` sends (`inline`: the context lines alone,
    for a form without a system message)."""
    messages = render_messages("eval/when2call", history=row.get("history") or [], time=row.get("query_time"),
                               question=row["question"], inline=inline)
    return [m for m in messages if m["content"]]


def response(row: dict[str, Any], category: str) -> dict[str, str]:
    text = row["answers"][category]
    return {"role": "assistant", "content": TOOLCALL.format(text) if category == "tool_call" else text}


def tools_of(row: dict[str, Any]) -> list[dict[str, Any]]:
    return [json.loads(t) for t in row["tools"]]


def sft_row(row: dict[str, Any]) -> dict[str, Any]:
    return {"tools": tools_of(row), "messages": [*context_messages(row), response(row, row["correct_answer"])]}


def pref_row(row: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """chosen: the row's own category; rejected: one of the other three, drawn (as When2Call's
    converter does, each with the same chance)."""
    wrong = rng.choice([c for c in CATEGORIES if c != row["correct_answer"]])
    return {"tools": tools_of(row), "messages": context_messages(row),
            "chosen_response": response(row, row["correct_answer"]), "rejected_response": response(row, wrong),
            "chosen_reward": 1.0, "rejected_reward": 0.0}


def sdg_reply(row: dict[str, Any]) -> dict[str, Any]:
    """The right answer as an OpenAI assistant message: a native tool call, else the text."""
    if row["correct_answer"] != "tool_call":
        return {"role": "assistant", "content": row["answers"][row["correct_answer"]]}
    call = json.loads(row["answers"]["tool_call"])
    digest = uuid.uuid5(NAMESPACE, f"{row['uuid']}:call").hex[:12]
    return {"role": "assistant", "content": None, "tool_calls": [{
        "id": f"call_{digest}", "type": "function",
        "function": {"name": call["name"], "arguments": json.dumps(call["arguments"], ensure_ascii=False)}}]}


def sdg_row(row: dict[str, Any], catalog: Catalog) -> dict[str, Any]:
    """The test row as a BFCL-toolcall-SDG row (sdg/train.jsonl's fields): the twins of one target
    share a trajectory_id, the category is when2call_<label>. The SDG form has no system message,
    so the context (history, query time) opens the user's message, before the question."""
    tools = tools_json([catalog[d["name"]] for d in tools_of(row)])
    return {"id": row["uuid"], "trajectory_id": row["source_id"], "category": f"when2call_{row['correct_answer']}",
            "messages": [{"role": "user", "content": "\n\n".join(m["content"] for m in context_messages(row, True))},
                         sdg_reply(row)], "tools": tools}


def export_rows(payloads: list[Any], catalog: Catalog, out: Path, seed: int) -> list[Path]:
    rows = list(test_rows(payloads, catalog))
    write_jsonl(out / TEST_FILE, rows)
    write_jsonl(out / SFT_FILE, (sft_row(r) for r in rows))
    write_jsonl(out / PREF_FILE, (pref_row(r, random.Random(f"{seed}:{r['uuid']}")) for r in rows))
    write_jsonl(out / SDG_FILE, (sdg_row(r, catalog) for r in rows))
    return [out / f for f in (*FILES, SDG_FILE)]


def export_when2call(payloads: list[Any], ctx: Any, cfg: When2CallConfig) -> list[Path]:
    return export_rows(payloads, ctx.catalog, ctx.product_dir(NAME), ctx.seed)
