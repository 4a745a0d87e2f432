"""The optional LLM operator: ask a model for a plausible wrong value (task `corrupt_value`).

Its proposal goes through the same independent labeler as every other operator; the re-ask
check here only asks for a schema-valid value that differs from the gold one.
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from ..core.values import is_valid
from ..llm.protocol import LLMClient
from ..prompting import render_messages
from ..records import ToolCall
from .cases import Candidate, Scenario
from .operators import OPERATORS, Operator

TEMPLATE = "judge_corrupt_value"
TEMPLATE_VARS = {TEMPLATE: {"request", "tool", "param", "arguments", "schema", "gold_value"}}  # start-up check


class CorruptValueReply(BaseModel):
    value: Any
    reason: str = ""


def corrupt_messages(sc: Scenario, param: str) -> list[dict[str, str]]:
    """The prompt for one parameter of the gold call (pure; tested without a client)."""
    assert sc.gold is not None
    tool = sc.offered_tool(sc.gold.tool)
    assert tool is not None
    return render_messages(TEMPLATE, request=sc.request or "", tool=tool.name, param=param,
                           arguments=sc.gold.arguments, schema=tool.properties[param],
                           gold_value=sc.gold.arguments[param])


def reply_check(schema: dict[str, Any], gold: Any):  # -> ReplyCheck
    def check(reply: CorruptValueReply) -> list[str]:
        if reply.value == gold:
            return ["the value equals the correct value; propose a wrong one"]
        if reply.value in ("", [], None):
            return ["an empty value reads as omitting the parameter; propose a wrong non-empty value"]
        if not is_valid(schema, reply.value):
            return [f"the value does not fit the parameter schema {schema}"]
        return []
    return check


async def llm_value(sc: Scenario, rng: random.Random, llm: LLMClient) -> Candidate | None:
    assert sc.gold is not None
    tool = sc.offered_tool(sc.gold.tool)
    params = sorted(p for p in sc.gold.arguments if tool is not None and p in tool.properties)
    if not params or tool is None:
        return None
    param = rng.choice(params)
    got = await llm.structured(corrupt_messages(sc, param), CorruptValueReply,
                               check=reply_check(tool.properties[param], sc.gold.arguments[param]),
                               tag="judge.corrupt_value")
    args = {**sc.gold.arguments, param: got.value.value}
    return Candidate(call=ToolCall(tool=tool.name, arguments=args), note=f"llm: {got.value.reason}")


OPERATORS.add("llm_value", Operator("llm_value", "PARAM_VALUE_ERROR", True, llm_fn=llm_value))
