"""The LLM writer's texts for the when2call twins (prompts/when2call_*.j2), each checked and
re-asked with the problems when it does not do its job: a clarifying question that asks and names
the missing value, a refusal that does not ask, a direct answer, a request that needs no tool."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pydantic import BaseModel

from ..core.offtopic import tool_words, unrelated
from ..llm.protocol import LLMClient, ReplyCheck
from ..prompting import render_messages
from ..records import Tool
from .replies import name_words, param_noun

PROMPTS: dict[str, set[str]] = {
    "when2call_clarify": {"request", "tool", "param", "description", "noun"},
    "when2call_refusal": {"request"},
    "when2call_direct": {"request"},
    "when2call_question": {"topic", "avoid"},
}
TOPICS = ("arithmetic", "units of measurement", "the calendar", "world geography", "spelling and words",
          "astronomy", "famous inventions", "the human body", "animals", "cooking basics")


class Question(BaseModel):
    question: str


class Refusal(BaseModel):
    reply: str


class Direct(BaseModel):
    answer: str


def _said(text: str) -> list[str]:
    return [] if text.strip() else ["the reply is empty"]


def asks_for(param: str, tool: Tool) -> ReplyCheck:
    wanted = {w.lower() for w in [*name_words(param), *param_noun(param, tool).split()] if len(w) > 2}

    def check(reply: Question) -> list[str]:
        text = reply.question.lower()
        problems = _said(text) + ([] if "?" in text else ["it is not a question (no question mark)"])
        if not any(w in text for w in wanted):
            problems.append(f"it does not name the missing value (say it as {param_noun(param, tool)!r})")
        return problems
    return check


def no_question(reply: Refusal) -> list[str]:
    return _said(reply.reply) + (["a refusal asks nothing back"] if reply.reply.rstrip().endswith("?") else [])


def answered(reply: Direct) -> list[str]:
    return _said(reply.answer) + (["answer it; do not ask back"] if reply.answer.rstrip().endswith("?") else [])


def clear_of(tools: Sequence[Tool]) -> ReplyCheck:
    def check(reply: Question) -> list[str]:
        if unrelated(reply.question, list(tools)):
            return _said(reply.question)
        return ["the question uses words of what the tools do; ask about something else"]
    return check


async def clarify(llm: LLMClient, request: str, param: str, tool: Tool, seed: int) -> str:
    spec = tool.properties.get(param) or {}
    messages = render_messages("when2call_clarify", request=request, tool=tool.name, param=param,
                               description=str(spec.get("description") or ""), noun=param_noun(param, tool))
    got = await llm.structured(messages, Question, check=asks_for(param, tool), tag="when2call.clarify", seed=seed)
    return str(got.value.question).strip()


async def refuse(llm: LLMClient, request: str, seed: int) -> str:
    got = await llm.structured(render_messages("when2call_refusal", request=request), Refusal, check=no_question,
                               tag="when2call.refusal", seed=seed)
    return str(got.value.reply).strip()


async def direct(llm: LLMClient, request: str, seed: int) -> str:
    got = await llm.structured(render_messages("when2call_direct", request=request), Direct, check=answered,
                               tag="when2call.direct", seed=seed)
    return str(got.value.answer).strip()


async def question(llm: LLMClient, tools: Sequence[Tool], index: int, seed: int) -> str:
    topic = TOPICS[index % len(TOPICS)]
    avoid = sorted(tool_words(list(tools)))
    got = await llm.structured(render_messages("when2call_question", topic=topic, avoid=avoid), Question,
                               check=clear_of(tools), tag="when2call.question", seed=seed)
    return str(got.value.question).strip()


def seed_of(rng: random.Random) -> int:
    return rng.randrange(2**31)
