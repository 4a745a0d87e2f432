"""The optional world-knowledge oracle: what rules and tables cannot hold.

The rule layer (tables of capitals, currencies, codes, airports) reads the descriptions trajgen's
own template writer uses; LLM-written text describes values any way it likes ("the city of a
hundred spires", "Canada's flag carrier", "the company formerly known as Facebook"). For the gold
values the rules leave omitted (never stated, described or hinted ones), one question per query
asks a model, through the project's LLM client (cached like every exchange), how the text gives
each such value: "stated" (in words the rules missed), "described" (world knowledge pins it down),
"hinted" (the text points at it through the user's own history or situation: "my commute", "the
local dish", "from here") or "none", with the value it denotes and the words it rests on.

The model never sees the gold value, only its shape ("AAAA" for a four-letter code). An answer
counts only when the value it gives denotes the gold (the rule layer reads the answer as a text
and must state the gold from it) and its evidence is words of the query; otherwise the pair stays
omitted and the evidence says what the model claimed. A "hinted" answer names no value (the
model never sees the history): it counts when its pointing words are words of the query that are
not already the evidence of another argument's stated or described label, and the reader then
reads those words with its own history rules (read.read_pointer), which say whether the pointer
determines the gold. So the oracle can add labels the text supports, never invent a value.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator

from ..llm.protocol import LLMClient
from ..records import ToolCall
from .records import ArgReading, Reading, Situation
from .text import Text, content_stems, fold

TEMPLATE = "reader_world"
TEMPLATE_VARS = {TEMPLATE: {"query", "questions"}}  # for prompting.check_templates
_SHAPE_MAX = 40


class WorldAnswer(BaseModel):
    id: int
    how: Literal["stated", "described", "hinted", "none"]
    value: str | None = None
    evidence: str = ""

    @field_validator("evidence", mode="before")
    @classmethod
    def _no_evidence(cls, said: Any) -> Any:
        """A "none" answer with `"evidence": null`, as models write it, has no evidence."""
        return "" if said is None else said
    # hinted: what the pointer points at ("last": the latest such value, "usual": the habitual one,
    # "place": a place of the user's life, "here": where the user is now)
    pointer: Literal["last", "usual", "place", "here"] | None = None


class WorldReply(BaseModel):
    answers: list[WorldAnswer] = Field(default_factory=list)


@dataclass(frozen=True)
class Question:
    id: int
    arg: int  # index into Reading.args
    tool: str
    tool_description: str
    parameter: str
    parameter_description: str
    format: str

    def asked(self) -> dict[str, Any]:
        return {"id": self.id, "tool": self.tool, "tool_description": self.tool_description,
                "parameter": self.parameter, "parameter_description": self.parameter_description,
                "format": self.format}


def shape(value: Any, spec: dict[str, Any]) -> str:
    """What the value looks like, without the value: its type, its options, its letters as A / a / 9."""
    options = spec.get("enum") or (spec.get("items") or {}).get("enum")
    if options:
        return "one of " + ", ".join(map(str, options[:30]))
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, list):  # each item's shape ("a list of 1: written like Aaaaaa aaaaaaa")
        return f"a list of {len(value)}: " + "; ".join(shape(v, {}) for v in value[:5])
    text = str(value)
    if len(text) > _SHAPE_MAX:
        return "free text"
    return "written like " + "".join("A" if c.isupper() else "a" if c.isalpha() else "9" if c.isdigit() else c
                                     for c in text)


def asks(reading: ArgReading) -> bool:
    """The pairs the oracle is asked about: left omitted by the rules, with a value to denote (a
    string, a number, or a list of strings)."""
    gold = reading.gold
    if reading.label != "omitted" or reading.source or isinstance(gold, bool) or gold is None:
        return False
    if isinstance(gold, list):  # a list of names ("food": ["Nanjing cuisine"])
        return bool(gold) and all(isinstance(v, str) and v.strip() for v in gold)
    return (isinstance(gold, str) and bool(gold.strip())) or isinstance(gold, int | float)


def questions(reading: Reading, calls: Sequence[ToolCall], situation: Situation) -> list[Question]:
    out: list[Question] = []
    for i, a in enumerate(reading.args):
        if not asks(a):
            continue
        tool = situation.tools.get(calls[a.call].tool)
        spec = (tool.properties.get(a.param) or {}) if tool else {}
        out.append(Question(len(out), i, calls[a.call].tool, (tool.description if tool else "")[:200],
                            a.param, str(spec.get("description") or "")[:300], shape(a.gold, spec)))
    return out


def messages(query: str, qs: Sequence[Question]) -> list[dict[str, str]]:
    from ..prompting import render_messages

    return render_messages(TEMPLATE, query=query, questions=[q.asked() for q in qs])


def problems_of(query: str, qs: Sequence[Question]) -> Any:
    """The semantic check of a reply: one answer per question, evidence copied from the query."""
    ids = {q.id for q in qs}
    folded = fold(query)

    def check(reply: WorldReply) -> list[str]:
        out = []
        got = {a.id for a in reply.answers}
        if ids - got:
            out.append(f"no answer for question id(s) {sorted(ids - got)}")
        for a in reply.answers:
            if a.how == "hinted" and not a.evidence:
                out.append(f"question {a.id}: a 'hinted' answer needs its evidence (the pointing words)")
            elif a.how in ("stated", "described") and (not a.value or not a.evidence):
                out.append(f"question {a.id}: a '{a.how}' answer needs a value and its evidence")
            elif a.how != "none" and fold(a.evidence) not in folded:
                out.append(f"question {a.id}: the evidence {a.evidence!r} is not words of the request")
        return out

    return check


# ---------------------------------------------------------------- what an answer settles

def denotes(value: str, reading: ArgReading, situation: Situation, calls: Sequence[ToolCall]) -> bool:
    """The value the model gives is the gold: equal once folded, or the rule layer, reading the
    model's value as a text, states the gold from it ("Seattle-Tacoma (KSEA)" for KSEA)."""
    from .read import Arg, stated

    if fold(value) == fold(str(reading.gold)):
        return True
    call = calls[reading.call]
    arg = Arg(Text(value), reading.param, reading.gold, situation.tools.get(call.tool),
              Situation(tools=situation.tools), "", list(call.arguments), call=reading.call)
    return stated(arg) is not None


_PRECISE = re.compile(r"-?\d+\.\d{3,}")


def too_precise(gold: Any) -> bool:
    """A number with three decimals or more (a coordinate, 37.6213129): world knowledge names the
    place ("the Bay Area's main international airport"), never its point to that precision, so
    such a value is never described."""
    return not isinstance(gold, bool) and isinstance(gold, int | float | str) and bool(_PRECISE.fullmatch(str(gold).strip()))


def settle(reading: Reading, qs: Sequence[Question], answers: Sequence[WorldAnswer], situation: Situation,
           calls: Sequence[ToolCall], model: str, query: str = "") -> Reading:
    """The reading with every answer that holds applied (label, value, evidence), the others noted:
    values first, then pointers (whose words must not be a value's evidence)."""
    args = list(reading.args)
    by_id = {a.id: a for a in answers}
    spans = {i: a.evidence for i, a in enumerate(args) if a.label in ("stated", "described")}
    for q in qs:
        a = by_id.get(q.id)
        if a is None or a.how not in ("stated", "described") or not a.value:
            continue
        old = args[q.arg]
        if a.how == "described" and too_precise(old.gold):
            note = f"; {model} described '{a.evidence}' as {a.value!r}: no description pins a value that fine"
            args[q.arg] = old.model_copy(update={"evidence": old.evidence + note})
            continue
        if denotes(a.value, old, situation, calls):
            args[q.arg] = old.model_copy(update={"label": a.how, "determined": None, "value": a.value,
                                                 "rule": f"oracle:{a.how}",
                                                 "evidence": f"{model}: '{a.evidence}' -> {a.value}"})
            spans[q.arg] = a.evidence
        else:
            note = f"; {model} read '{a.evidence}' as {a.value!r}, not the gold"
            args[q.arg] = old.model_copy(update={"evidence": old.evidence + note})
    for q in qs:
        a = by_id.get(q.id)
        if a is not None and a.how == "hinted" and args[q.arg].label == "omitted":
            args[q.arg] = _hinted(args[q.arg], a, [s for i, s in spans.items() if i != q.arg], query, situation,
                                  calls, model)
    return reading.model_copy(update={"args": args})


def _hinted(old: ArgReading, a: WorldAnswer, spans: Sequence[str], query: str, situation: Situation,
            calls: Sequence[ToolCall], model: str) -> ArgReading:
    """A pointer answer: hinted, determined by the reader's own history rules for its words,
    unless its words only repeat another argument's evidence (then noted, and omitted stands)."""
    from .read import Arg, read_pointer

    words = set(content_stems(a.evidence))
    if not words or any(words <= set(content_stems(s)) for s in spans):
        return old.model_copy(update={"evidence": old.evidence + f"; {model} read '{a.evidence}' as a pointer, "
                                                               "but those words give another argument"})
    call = calls[old.call]
    tool = situation.tools.get(call.tool)
    arg = Arg(Text(query), old.param, old.gold, tool, situation, tool.domain if tool else "", list(call.arguments),
              call=old.call)
    read = read_pointer(arg, a.evidence, a.pointer)
    if read is None:
        return old.model_copy(update={"evidence": old.evidence + f"; {model} read '{a.evidence}' as a pointer, "
                                                               "but it points at other arguments of that event"})
    return read.model_copy(update={"tool": old.tool, "source": old.source, "rule": f"oracle:hinted+{read.rule}",
                                   "evidence": f"{model}: '{a.evidence}' points at it; {read.evidence}"})


@dataclass
class Oracle:
    """The oracle of one run: a client (any LLMClient) and what it has asked."""

    client: LLMClient
    asked: int = 0
    failed: int = 0
    waiting: int = 0  # batch mode: queries whose question waits for a batch answer

    async def consult(self, query: str, reading: Reading, calls: Sequence[ToolCall], situation: Situation) -> Reading:
        qs = questions(reading, calls, situation)
        if not qs:
            return reading
        self.asked += 1
        from ..errors import LLMError

        try:
            reply = await self.client.structured(messages(query, qs), WorldReply, check=problems_of(query, qs),
                                                 temperature=0.0, tag="reader_world")
        except LLMError as exc:  # the rules' reading stands; the summary says how many
            if type(exc).__name__ == "Deferred":
                self.waiting += 1
            else:
                self.failed += 1
            return reading
        return settle(reading, qs, reply.value.answers, situation, calls, self.client.model, query)


async def consult_all(oracle: Oracle, items: Sequence[tuple[str, Reading, Sequence[ToolCall], Situation]],
                      concurrency: int = 8) -> list[Reading]:
    """Every query's reading after the oracle, in order (at most `concurrency` in flight)."""
    gate = asyncio.Semaphore(concurrency)

    async def one(item: tuple[str, Reading, Sequence[ToolCall], Situation]) -> Reading:
        async with gate:
            return await oracle.consult(*item)

    return list(await asyncio.gather(*(one(i) for i in items)))
