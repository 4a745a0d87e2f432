"""The chat-template SDG export: the same rows with tools as JSON Schemas and arguments as objects,
audited as such, and rendered through a real chat template by transformers' apply_chat_template
(a Qwen2.5-style template from tests/fixtures, on a tokenizer built locally: nothing downloaded)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hub_support import jsonl, run

from generator.hub.chat import chat_row
from generator.products.sdg_audit import audit_sdg, row_problems

TEMPLATE = Path(__file__).parent / "fixtures" / "chat" / "qwen25_style.jinja"


@pytest.fixture(scope="module")
def rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("chat")
    products = {"sdg": {"categories": {"simple": 3, "parallel": 2, "irrelevance": 1, "multi_turn_base": 1},
                        "chat_template": True}}
    run(tmp, tmp / "out", products=products)
    out = tmp / "out" / "sdg"
    return jsonl(out / "train.jsonl"), jsonl(out / "chat" / "train.jsonl"), out


def test_same_rows_other_form(rows):
    sdg, chat, _ = rows
    assert [chat_row(r) for r in sdg] == chat
    for s, c in zip(sdg, chat, strict=True):
        assert c["tools"] == json.loads(s["tools"])
        calls = [tc for m in c["messages"] for tc in m.get("tool_calls") or []]
        assert all(isinstance(tc["function"]["arguments"], dict) for tc in calls)
        assert row_problems(c, chat=True) == [] and row_problems(s) == []


def test_audit_knows_the_forms_apart(rows, tmp_path):
    _, chat, out = rows
    assert audit_sdg(out).errors == []
    row = next(r for r in chat if r["category"] == "simple")
    bad = [dict(row, messages=[row["messages"][0], {**row["messages"][1], "tool_calls": [
        {**tc, "function": {**tc["function"], "arguments": json.dumps(tc["function"]["arguments"])}}
        for tc in row["messages"][1]["tool_calls"]]}])]
    (tmp_path / "chat").mkdir()
    (tmp_path / "chat" / "train.jsonl").write_text("".join(json.dumps(r) + "\n" for r in bad))
    msgs = [f.message for f in audit_sdg(tmp_path / "chat" / "train.jsonl").errors]
    assert any("not an object (chat-template form)" in m for m in msgs)


def tokenizer():
    pytest.importorskip("transformers")
    from tokenizers import Tokenizer, models
    from transformers import PreTrainedTokenizerFast

    return PreTrainedTokenizerFast(tokenizer_object=Tokenizer(models.WordLevel({"<unk>": 0}, unk_token="<unk>")),
                                   chat_template=TEMPLATE.read_text(encoding="utf-8"))


def test_a_row_renders_through_a_real_chat_template(rows):
    _, chat, _ = rows
    tok = tokenizer()
    assert any(r["category"].startswith("multi_turn") for r in chat)
    for row in chat:
        text = tok.apply_chat_template(row["messages"], tools=row["tools"], tokenize=False)
        for tool in row["tools"]:
            assert json.dumps(tool, ensure_ascii=False) in text  # each schema listed once, as JSON
        for m in row["messages"]:
            for tc in m.get("tool_calls") or []:
                args = json.dumps(tc["function"]["arguments"], ensure_ascii=False)
                assert f'"arguments": {args}}}' in text  # an object, encoded once
        assert '"arguments": "' not in text
        if row["category"].startswith("multi_turn"):
            assert re.search(r"<tool_response>\n.+\n</tool_response>", text)  # tool results rendered


def test_the_bfcl_sdg_form_would_not(rows):
    """Why the chat form exists: given the BFCL-SDG form, transformers refuses `tools` (a string)
    and the template encodes the arguments twice."""
    row = next(r for r in rows[0] if r["category"] == "simple")
    tok = tokenizer()
    with pytest.raises(ValueError, match="Tools should either be a JSON schema"):
        tok.apply_chat_template(row["messages"], tools=row["tools"], tokenize=False)
    text = tok.apply_chat_template(row["messages"], tools=json.loads(row["tools"]), tokenize=False)
    assert '"arguments": "{\\"' in text
