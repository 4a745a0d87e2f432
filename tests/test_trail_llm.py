"""The trail product through the LLM writer and the fake OpenAI-compatible server: a draft that
leaks an omitted value, or drops a stated one, is re-asked with the validator's reason (within
the bound) and the item is accepted; a model that never complies yields a rejection."""

import json
from pathlib import Path

import pytest

from generator.config import RunConfig
from generator.engine import Overrides, generate
from generator.testing.fake_openai import FakeOpenAI

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def run(tmp_path: Path, srv: FakeOpenAI, targets: int = 6, max_reasks: int = 2):
    cfg = RunConfig.model_validate({
        "seed": 7, "catalog": ["catalog.json"], "personas": "personas.yaml", "writer": "llm",
        "llm": {"concurrency": 4, "timeout_s": 5, "max_reasks": max_reasks},
        "products": {"trail": {"targets": targets, "max_attempts": 1}}})
    return generate(cfg, EXAMPLES, Overrides(out=str(tmp_path / "out"), base_url=srv.base_url,
                                             model="fake", progress=False))


def reask_notes(srv: FakeOpenAI) -> list[str]:
    """The problem notes the client sent back (user messages after an assistant reply)."""
    notes = []
    for r in srv.requests:
        msgs = r.body.get("messages") or []
        if len(msgs) > 2 and msgs[-2].get("role") == "assistant":
            notes.append(msgs[-1]["content"])
    return notes


@pytest.mark.parametrize(("fault", "validator"), [("leak_first", "omitted_absent"),
                                                  ("drop_first", "stated_present")])
def test_bad_drafts_are_reasked_with_their_reason(tmp_path, fault, validator):
    with FakeOpenAI(seed=1, **{fault: True}) as srv:
        summary = run(tmp_path, srv)
        notes = reask_notes(srv)
    assert summary.per_product["trail"] == {"items": 6, "done": 6, "accepted": 6, "rejected": 0,
                                            "duplicates": 0, "written": 6, "made": 6, "asked": 6}
    assert notes and any(validator in n for n in notes)
    # leak_first appends the first forbidden string: an omitted value or an identifier
    allowed = (validator, "no_identifiers") if fault == "leak_first" else (validator,)
    assert all(any(v in n for v in allowed) for n in notes)
    first_asks = sum(1 for r in srv.requests if r.task == "write_queries") - len(notes)
    assert len(notes) <= first_asks  # one re-ask per faulty first draft, never more


def test_a_model_that_never_complies_is_rejected_with_raw_output(tmp_path):
    bad = {"queries": ["Use Dishdash_search_restaurant with meal_type"]}
    with FakeOpenAI(seed=1) as srv:
        srv.push(*[bad] * 3)  # first ask + 2 re-asks of the first request all fail
        summary = run(tmp_path, srv, targets=1)
    assert summary.per_product["trail"]["rejected"] == 1
    rej = [json.loads(line) for line in (tmp_path / "out" / "rejections.jsonl").read_text().splitlines()]
    # the writer hands back the last draft; the product's validation rejects it with the raw text
    assert rej[0]["product"] == "trail" and rej[0]["stage"] == "validate:Minimum"
    # the first failing validator depends on the drawn target (a hinted one fails history_hints first)
    assert rej[0]["validator"] in ("stated_present", "no_identifiers", "history_hints") and rej[0]["reason"]
    assert rej[0]["attempts"] == 3 and "Dishdash_search_restaurant" in (rej[0]["raw"] or "")


def test_an_attempt_given_up_is_said_even_when_a_later_one_is_accepted(tmp_path):
    """An abandoned try of an item leaves its line in rejections.jsonl and its count (the LLM writer
    played, set 34: two tries of a fee quote in no export and no line)."""
    bad = {"queries": ["Use Dishdash_search_restaurant with meal_type"]}
    cfg = RunConfig.model_validate({
        "seed": 7, "catalog": ["catalog.json"], "personas": "personas.yaml", "writer": "llm",
        "llm": {"concurrency": 1, "timeout_s": 5, "max_reasks": 2},
        "products": {"trail": {"targets": 1, "max_attempts": 2}}})
    with FakeOpenAI(seed=1) as srv:
        srv.push(*[bad] * 3)  # the first attempt: its ask and both re-asks fail; the second is answered well
        summary = generate(cfg, EXAMPLES, Overrides(out=str(tmp_path / "out"), base_url=srv.base_url,
                                                    model="fake", progress=False))
    assert summary.per_product["trail"]["accepted"] == 1 and summary.per_product["trail"]["rejected"] == 1
    rej = [json.loads(line) for line in (tmp_path / "out" / "rejections.jsonl").read_text().splitlines()]
    assert [r["product"] for r in rej] == ["trail"] and "Dishdash_search_restaurant" in (rej[0]["raw"] or "")
