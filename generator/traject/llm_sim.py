"""Optional LLM-written tool outputs and final answers (config `llm_outputs: true`).

Tasks `simulate_output` and `final_answer` (generator/testing/TASKS.md). Every value a later
call reads from an output (`must_include`) is checked to occur verbatim and re-asked otherwise,
so bindings stay literal exactly as with the deterministic simulator. Replies are cached by
the client, so reruns are byte-identical.
"""

from __future__ import annotations

from ..llm.protocol import LLMClient
from ..prompting import prompts
from ..records import Record, Target, Tool
from .simulate import carries

TEMPLATE_VARS = {
    "traject_output": {"tool", "description", "arguments", "output_description", "must_include"},
    "traject_answer": {"request", "outputs"},
}  # for prompting.check_templates at start-up


class OutputReply(Record):
    output: str


class AnswerReply(Record):
    answer: str


def missing_values(must: list[str]):
    def check(reply: OutputReply) -> list[str]:
        return [f"the output must contain {m!r} verbatim" for m in must if m not in reply.output]

    return check


async def llm_output(llm: LLMClient, tool: Tool, arguments: dict, must: list[str]) -> str:
    messages = prompts().render_messages(
        "traject_output",
        tool=tool.name,
        description=tool.description,
        arguments=arguments,
        output_description=tool.output or "",
        must_include=must,
    )
    reply = await llm.structured(
        messages, OutputReply, check=missing_values(must), temperature=0.0, tag="traject.simulate_output"
    )
    return reply.value.output


async def llm_outputs(llm: LLMClient, target: Target, tools: dict[str, Tool]) -> list[str]:
    carry = carries(target, tools)
    return [
        await llm_output(llm, tools[c.tool], c.arguments, [str(v) for v in carry[i].values()])
        for i, c in enumerate(target.calls)
    ]


async def llm_answer(llm: LLMClient, request: str, outputs: list[str]) -> str:
    messages = prompts().render_messages("traject_answer", request=request, outputs=outputs)
    reply = await llm.structured(messages, AnswerReply, temperature=0.0, tag="traject.final_answer")
    return reply.value.answer
