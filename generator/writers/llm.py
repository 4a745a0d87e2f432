"""The LLM writer: an OpenAI-compatible model phrases the plan, the validators check it.

The prompt (prompts/write_queries.j2) states the plan in prose, built from the task dict:
    {"task": "write_queries", n, level, style, intent, app, facts: [{param, text, mode}], forbidden}
`facts` are the stated values (surface forms) and hinted arguments (hint phrases); `param`
is the parameter's natural noun, never its identifier. `forbidden` lists surface forms of
omitted values first, then hinted values' literal forms, then identifiers (function, API,
parameter names) and the app name
when the plan does not name it. The client re-asks with the validators' problems.

Failure policy: when the client gives up after its bounded re-asks (LLMError, not
retryable) but the last reply still parses, the writer returns that reply as a Draft
(raw output and attempt count kept), so `validate` rejects it under the failing
validator's name. Transport/budget errors and unparseable replies re-raise the LLMError;
the caller turns it into a Rejection with `exc.raw` and `exc.attempts`.
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel, ConfigDict

from ..errors import LLMError
from ..identity import forbidden_in
from ..llm.protocol import LLMClient
from ..llm.request import parse_reply
from ..records import DisclosurePlan, Draft, Tool
from ..surface import forms, noun, render
from ..vagueness import normalize, value_elements
from .base import WRITERS, TextCheck, WriteRequest
from .template import intent_phrase

LANGUAGES = {"en": "English", "es": "Spanish", "de": "German", "fr": "French", "zh": "Chinese"}

PROMPT = "write_queries"

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
    """What the user says: stated values as surface forms, hinted ones as hint phrases."""
    tools, out = _tools(req), []
    for call in req.plan.calls:
        tool = tools.get(call.tool)
        for a in call.args:
            if a.mode == "stated":
                text = render(a.value, a.param, tool, time=req.target.time, rng=rng)
            elif a.mode == "hinted" and a.hint:
                text = a.hint
            else:
                continue
            if text:  # a blank value has nothing to say
                out.append({"param": noun(a.param, tool), "text": text, "mode": a.mode})
    return out


def _said(req: WriteRequest) -> set[str]:
    return {normalize(x) for _, a in req.plan.args() if a.mode == "stated" for x in value_elements(a.value)}


def _unsaid_forms(req: WriteRequest, mode: str) -> list[str]:
    """Surface forms of the `mode` (omitted / hinted) values; hinted ones only in absolute
    forms, since their hint may legitimately be relative ("tomorrow")."""
    tools, said, out = _tools(req), _said(req), []
    time = req.target.time if mode == "omitted" else None
    for call in req.plan.calls:
        tool = tools.get(call.tool)
        for a in call.args:
            if a.mode != mode or a.source == "previous_step":
                continue
            value = [x for x in value_elements(a.value) if normalize(x) not in said and not isinstance(x, bool)]
            if value:
                out += forms(value if isinstance(a.value, list) else value[0], a.param, tool, time)
    return out


def _identifiers(req: WriteRequest) -> list[str]:
    """The identifiers the validator refuses (generator.identity.forbidden_in), less the enum
    identifiers: the facts say those in words, which the model must not take as forbidden."""
    return [ident for ident, _, _ in forbidden_in(req.plan, _tools(req), enums=False)]


def forbidden(req: WriteRequest) -> list[str]:
    """Omitted values' surface forms first, then hinted values, then identifiers; deduplicated."""
    seen: set[str] = set()
    out = []
    for f in _unsaid_forms(req, "omitted") + _unsaid_forms(req, "hinted") + _identifiers(req):
        key = normalize(f, words=True)
        if key and key not in seen:
            seen.add(key)
            out.append(f)
    return out


def intent(plan: DisclosurePlan, tools: dict[str, Tool], kind: str) -> str:
    phrases = [intent_phrase(tools.get(c.tool)) for c in plan.calls]
    joiner = ", then " if kind == "sequential" else ", and also "
    return joiner.join(phrases)


def app_named(plan: DisclosurePlan, tools: dict[str, Tool]) -> str | None:
    apps = [tools[c.tool].app for c in plan.calls if c.tool_mode == "named" and c.tool in tools
            and tools[c.tool].app]
    return " and ".join(dict.fromkeys(apps)) or None


def task(req: WriteRequest, seed: int) -> dict[str, Any]:
    """The JSON task block: everything the model needs, nothing it could leak by accident."""
    tools = _tools(req)
    return {
        "task": PROMPT,
        "n": req.n,
        "level": req.plan.level,
        "style": req.plan.style,
        "intent": intent(req.plan, tools, req.target.kind),
        "app": app_named(req.plan, tools),
        "facts": facts(req, random.Random(f"llm:{seed}")),
        "forbidden": forbidden(req),
        "language": LANGUAGES.get(req.language, req.language),
    }


def messages(req: WriteRequest, seed: int) -> list[dict[str, str]]:
    from ..prompting import render_messages

    t = task(req, seed)
    chained = any(a.source == "previous_step" for _, a in req.plan.args())
    return render_messages(
        PROMPT, task=t, avoid=list(req.avoid), style_text=STYLES[req.plan.style], chained=chained
    )


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
PROMPT_VARIABLES = {PROMPT: {"task", "avoid", "style_text", "chained"}}
