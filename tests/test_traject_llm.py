"""LLM-written outputs / answers and LLM errors, through the fake server's answerers (no network)."""

from __future__ import annotations

import asyncio
import json

from test_traject_support import bundled_catalog, context

from generator.errors import LLMError
from generator.llm.protocol import Structured, Usage
from generator.testing.answerers import answer
from generator.traject.config import TrajectConfig
from generator.traject.product import TrajectProduct
from generator.writers.template import TemplateWriter


class AnswererLLM:
    """Answers every prompt like the fake OpenAI server; a failing check raises like the client."""

    model, endpoint = "fake-model", "memory"

    def __init__(self, fail: bool = False) -> None:
        self.usage, self.tags, self.fail = Usage(), [], fail

    async def structured(self, messages, reply_model, *, check=None, temperature=None, tag=""):
        self.tags.append(tag)
        if self.fail:
            raise LLMError("endpoint kept failing", attempts=3, raw="{}")
        data = answer(messages)
        value = reply_model.model_validate(data)
        problems = check(value) if check else []
        if problems:
            raise LLMError("; ".join(problems), attempts=1, raw=json.dumps(data))
        return Structured(value=value, raw=json.dumps(data), attempts=1)


def run(llm, tmp_path, domains=("shopping", "food", "travel"), parallel=2, sequential=3):
    cfg = TrajectConfig(domains=list(domains), parallel=parallel, sequential=sequential, llm_outputs=True)
    ctx = context(bundled_catalog(), cfg, tmp_path, writer=TemplateWriter())
    ctx.llm = llm
    product = TrajectProduct(cfg)

    async def go():
        return [await product.run(i, ctx) for i in product.plan(ctx)]

    results = asyncio.run(go())
    return results, product.export(results, ctx)


def test_llm_outputs_keep_bindings_literal(tmp_path):
    llm = AnswererLLM()
    results, paths = run(llm, tmp_path)
    # every chain is written (a parallel hard query of the fake answerer may be refused: not this test's subject)
    assert all(r.samples for r in results if "sequential" in r.item_id)
    assert "traject.simulate_output" in llm.tags and "traject.final_answer" in llm.tags
    seq = [r for p in paths if p.name == "traj_query.json" for r in json.loads(p.read_text())]
    assert seq
    for r in seq:
        assert r["final_answer"]["answer"].startswith("Here is what I found:")
        assert r["generation_info"]["model"] == "fake-model"
        for j, c in enumerate(r["tool list"][1:], 1):
            value = next(
                p["value"]
                for p in c["required parameters"] + c["optional parameters"]
                if p["name"] == c["adapt_parameter"]
            )
            assert str(value) in r["tool list"][j - 1]["executed_output"]
            assert "called with" in c["executed_output"]


def test_llm_failure_is_a_rejection_not_a_crash(tmp_path):
    # one item of each kind: every attempt of an item re-draws its trajectory (128 parallel draws)
    results, paths = run(AnswererLLM(fail=True), tmp_path, domains=("food",), parallel=1, sequential=1)
    assert len(results) == 2 and not any(r.samples for r in results)
    # every attempt that got as far as writing failed at the LLM (a draw whose hard query could
    # not leave enough out is rejected before any call: stage "sample", validator "hard_floor")
    assert {rej.stage for r in results for rej in r.rejections if rej.validator != "hard_floor"} == {"llm"}
    assert paths == []


def test_prompt_templates_declare_their_variables():
    from generator.prompting import check_templates
    from generator.traject import llm_sim, propose

    assert check_templates({**propose.TEMPLATE_VARS, **llm_sim.TEMPLATE_VARS}) == []
