"""User turns of a multi-turn SDG conversation written by the LLM writer (`--writer llm`).

A played conversation has template user turns ("Create a file named 'notes.txt' ..."): exact, but
quoted and form-like. Under the LLM writer each full request turn is written again from what it
asks: its gold calls, with the values the template turn gives stated and every other value (an
id or a path an earlier turn or round produced, which the assistant knows from the conversation)
left unsaid. The written turn passes the product's validators, the reader's among them (nothing
added, nothing left-out restated), or the item is rejected with the reason. Turns whose words
belong to a clarification (miss_param: the vague request and the value supplied after the
question; miss_func: the turn the assistant cannot do yet) keep the template words, so the
exchange around them stays coherent.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...core.surface import forms
from ...core.vagueness import normalize, value_elements
from ...products.base import RunContext
from ...products.common import realize
from ...records import ArgPlan, CallPlan, DisclosurePlan, Rejection, Target, Tool, ToolCall
from .dialogue import Segment, Shaped
from .model import Turn

# The plan cannot check where an unsaid value comes from (the conversation's state, not a
# history or an earlier call of this target): hinted_recoverable does not apply.
SKIP = ("hinted_recoverable",)


def rewritable(seg: Segment) -> bool:
    """A full request turn in its own words (not part of a clarification exchange)."""
    return seg.turn is not None and seg.ask is None and seg.user is not None and seg.user == seg.turn.step.text


def turn_target(turn: Turn, tools: list[Tool], tid: str) -> Target:
    calls = [ToolCall(tool=c.tool, arguments=dict(c.arguments)) for c in turn.step.calls]
    kind = "single" if len(calls) == 1 else ("sequential" if len(turn.step.rounds) > 1 else "parallel")
    return Target(id=tid, kind=kind, calls=calls, offered=[t.name for t in tools])


def called_tools(target: Target, tools: list[Tool]) -> list[Tool]:
    """The tools the turn calls. A simulated environment's `app` is its domain word ("tasks",
    "files"), no app a user could name: left blank, so "list my tasks" is no app name."""
    names = {c.tool for c in target.calls}
    return [t.model_copy(update={"app": ""}) if t.source_format == "sim" else t for t in tools if t.name in names]


def said(value: object, text: str, param: str = "") -> bool:
    """The template turn gives the value (every element of a list), in any form a reader takes
    for it ("June 5" for 2025-06-05: players, set 15, were told never to write the date the
    gold call moves a task to)."""
    low = normalize(text)
    if not value_elements(value):
        return False
    return all(normalize(x) in low or any(normalize(f) in low for f in forms(x, param, None) if len(f) > 2)
               for x in value_elements(value))


_QUOTED = re.compile(r'"([^"]{2,80})"')
_NONE = object()


def turn_plan(target: Target, text: str, tools: Sequence[Tool] = ()) -> DisclosurePlan:
    """What the template turn gives is stated; a record it names by a quoted title (I finished
    "Schedule car service") is named so, by that title, never left for the writer to guess; the
    rest is left unsaid: at its schema default (`tools`) the tool's default gives it, else the
    assistant knows it from the conversation (a lookup of open tasks before ticking one off is
    the assistant's, no default of `status`: source "unrecoverable", as the query cannot give it)."""
    defaults = {(t.name, k): s["default"] for t in tools for k, s in t.properties.items()
                if isinstance(s, dict) and "default" in s}
    stated = {(i, k) for i, c in enumerate(target.calls) for k, v in c.arguments.items() if said(v, text, k)}
    titles = [q for q in _QUOTED.findall(text)
              if not any(normalize(q) == normalize(str(v)) for c in target.calls for v in c.arguments.values())]
    named = [(i, k) for i, c in enumerate(target.calls) for k in c.arguments
             if (i, k) not in stated and k.lower().endswith("id")]
    hint = {named[0]: titles[0]} if len(titles) == 1 and len(named) == 1 else {}
    calls = [CallPlan(tool=c.tool, tool_mode="implied", args=[
        ArgPlan(param=k, value=v, mode="stated") if (i, k) in stated
        else ArgPlan(param=k, value=v, mode="hinted", source="query", hint=hint[(i, k)]) if (i, k) in hint
        else ArgPlan(param=k, value=v, mode="omitted",
                     source="default" if defaults.get((c.tool, k), _NONE) == v else "unrecoverable")
        for k, v in c.arguments.items()]) for i, c in enumerate(target.calls)]
    return DisclosurePlan(target_id=target.id, level="turn", calls=calls, style="casual")


async def written(ctx: RunContext, item_id: str, product: str, shaped: Shaped,
                  tools: list[Tool]) -> Shaped | Rejection:
    """`shaped` with every rewritable user turn written by the writer, or the first rejection."""
    segments = list(shaped.segments)
    for k, seg in enumerate(segments):
        if not rewritable(seg):
            continue
        assert seg.turn is not None and seg.user is not None
        target = turn_target(seg.turn, tools, f"{item_id}/turn{k}")
        done = await realize(ctx, target.id, product, target, turn_plan(target, seg.user, tools),
                             called_tools(target, tools), skip=SKIP,
                             before=[s.user for s in segments[:k] if s.user])
        if not done.ok:
            assert done.rejection is not None
            return done.rejection.model_copy(update={"item_id": item_id, "stage": f"{done.rejection.stage}:turn{k}"})
        assert done.texts is not None
        segments[k] = seg.model_copy(update={"user": done.texts[0]})
    return shaped.model_copy(update={"segments": segments})
