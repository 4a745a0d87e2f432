"""The LLM writer: an OpenAI-compatible model phrases the plan, the validators check it.

The prompt (prompts/write_queries.j2) states the plan in prose, from the task built here and in
`llm_task` (see there): per call, what the tool does (a sure verb phrase, and always the
catalog's description), each argument the user gives -- stated with its parameter's
description, unit, format and allowed values; pointed at by a hint whose cue must stay; said in
words; taken from an earlier step -- and the ones left out; the query time; the app when the
plan names it; what no message may contain; a few style examples of the target benchmark
(prompts/write_queries_examples.j2, by level). The client re-asks with the validators' problems.

Failure policy: when the client gives up after its bounded re-asks (LLMError, not
retryable) but the last reply still parses, the writer returns that reply as a Draft
(raw output and attempt count kept), so `validate` rejects it under the failing
validator's name. Transport/budget errors and unparseable replies re-raise the LLMError;
the caller turns it into a Rejection with `exc.raw` and `exc.attempts`.
"""

from __future__ import annotations

import random
import re
from typing import Any

from pydantic import BaseModel, ConfigDict

from ..errors import LLMError
from ..llm.protocol import LLMClient
from ..llm.request import parse_reply
from ..records import DisclosurePlan, Draft, Tool
from .base import WRITERS, TextCheck, WriteRequest
from .llm_task import PROMPT, CallTask, call_tasks, never_write, spoken_time

LANGUAGES = {"en": "English", "es": "Spanish", "de": "German", "fr": "French", "zh": "Chinese"}

STYLES = {
    "explicit": "a clear, complete request.",
    "casual": "relaxed and chatty, like a quick message to a friend.",
    "indirect": "indirect: the user hints at what they want rather than ordering it.",
    "need": "the user mainly states their need or situation; the request itself stays implicit.",
}


class QueryReply(BaseModel):
    model_config = ConfigDict(extra="forbid")

    queries: list[str]


def _tools(req: WriteRequest) -> dict[str, Tool]:
    return {t.name: t for t in req.tools}


def facts(req: WriteRequest, rng: random.Random) -> list[dict[str, str]]:
    """Every argument the user gives, over all calls: {param, text, mode} (for the fake server
    and the tests; the prompt groups them under their call)."""
    return [{"param": f.param, "text": f.text, "mode": f.mode} for c in call_tasks(req, rng) for f in c.facts
            if f.mode != "previous"]


def intent(calls: list[CallTask], kind: str) -> str:
    """The calls' verb phrases in one line ("" for a call whose description speaks instead)."""
    joiner = ", then " if kind == "sequential" else ", and also "
    return joiner.join(c.action for c in calls if c.action)


def app_named(plan: DisclosurePlan, tools: dict[str, Tool]) -> str | None:
    apps = [tools[c.tool].app for c in plan.calls if c.tool_mode == "named" and c.tool in tools
            and tools[c.tool].app]
    return " and ".join(dict.fromkeys(apps)) or None


def task(req: WriteRequest, seed: int) -> dict[str, Any]:
    """The task: everything the model needs, nothing it could leak by accident."""
    tools = _tools(req)
    calls = call_tasks(req, random.Random(f"llm:{seed}"))
    app = app_named(req.plan, tools)
    return {
        "task": PROMPT,
        "n": req.n,
        "level": req.plan.level,
        "style": req.plan.style,
        "kind": req.target.kind,
        "intent": intent(calls, req.target.kind),
        "app": app,
        "time": spoken_time(req.target.time),
        "calls": [c.model_dump() for c in calls],
        "facts": [{"param": f.param, "text": f.text, "mode": f.mode} for c in calls for f in c.facts
                  if f.mode != "previous"],
        "forbidden": never_write(req, calls, app),
        # a value pointed at through the user's history (its cue kept): the tone may point too
        "points": any(f.mode == "hinted" and f.keep for c in calls for f in c.facts),
        # two or more values pointed to through one earlier event ("... as my charge on May 9")
        "shared_event": _shared_event([f.text for c in calls for f in c.facts if f.mode == "hinted"]),
        "language": LANGUAGES.get(req.language, req.language),
    }


def _shared_event(hints: list[str]) -> bool:
    events = [m.group(0) for h in hints if (m := re.search(r"\bmy \w.*$", h))]
    return len(events) != len(set(events))


def forbidden(req: WriteRequest, seed: int = 0) -> list[str]:
    """What no message of `req` may contain (the prompt's never-write list)."""
    return list(task(req, seed)["forbidden"])


def messages(req: WriteRequest, seed: int) -> list[dict[str, str]]:
    from ..prompting import render_messages

    t = task(req, seed)
    return render_messages(PROMPT, task=t, avoid=list(req.avoid), style_text=STYLES[req.plan.style],
                           before=list(req.before))


def _reply_check(req: WriteRequest, check: TextCheck | None) -> Any:
    if check is None:
        from ..validators import check_for

        check = check_for(req)
    return lambda reply: check(list(reply.queries))


def _parsed(raw: str | None) -> list[str] | None:
    """The queries of a reply the client gave up on, read by the client's own tolerant loader
    (fences, <think> blocks, a sentence around the object), so a reply that parsed there but
    failed a validator is rejected under that validator, not as an `llm` write failure."""
    value, _ = parse_reply(raw or "", QueryReply)
    return value.queries if isinstance(value, QueryReply) else None


class LLMWriter:
    name = "llm"

    def __init__(self, client: LLMClient, temperature: float | None = None) -> None:
        self.client = client
        self.temperature = temperature

    async def write(self, req: WriteRequest, seed: int, check: TextCheck | None = None) -> Draft:
        tag = f"{PROMPT}:{req.plan.target_id}:{req.plan.level}"
        try:
            got = await self.client.structured(
                messages(req, seed),
                QueryReply,
                check=_reply_check(req, check),
                temperature=self.temperature,
                tag=tag,
                seed=seed % 2**31,  # per item: equal prompts of two items are distinct exchanges
            )
        except LLMError as exc:
            texts = None if exc.retryable else _parsed(exc.raw)
            if texts is None:
                raise
            return self._draft(req, texts, exc.raw, exc.attempts)
        return self._draft(req, list(got.value.queries), got.raw, got.attempts)

    def _draft(self, req: WriteRequest, texts: list[str], raw: str | None, attempts: int) -> Draft:
        return Draft(
            target_id=req.plan.target_id,
            level=req.plan.level,
            texts=texts,
            writer=self.name,
            attempts=attempts,
            raw=raw,
        )


WRITERS.add("llm", LLMWriter)

# Variables the prompt may use (checked at start-up through prompting.check_templates).
PROMPT_VARIABLES = {PROMPT: {"task", "avoid", "style_text", "before"}}
