"""The four answers of every item, one per When2Call category: the gold call, a clarifying
question that names the missing parameter in words, a refusal, and a direct answer.

The template writer's texts are built here from the catalog's words (the tool's intent, the
parameter's noun); the LLM writer's come from prompts/when2call_*.j2 (llm.py in this package).
A clarifying question always names the parameter: with its noun when the noun holds a word of
the parameter's name, else with the name's words ("the reserve percent"), so that a reader of
the question, and the eval's rule, can tell which value it asks for.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from ..core.surface import noun, words
from ..phrasebook.derive import hints_of
from ..records import Tool, ToolCall

GENERIC = frozenset({"id", "ids", "name", "names", "type", "number", "no", "code", "value", "values", "key", "ref",
                     "the", "of", "a", "an", "to", "for", "in", "on", "by", "at", "and", "or", "is"})
ASK = ("Which {noun} would you like me to use?", "Could you tell me the {noun}?",
       "What {noun} should I use for this?", "Sure, which {noun} do you mean?",
       "Before I go ahead: what is the {noun}?")
ASK_NUMBER = ("What {noun} would you like?", "Could you tell me the {noun}?",
              "Before I go ahead: what {noun} should I use?")  # a number is no "which ... do you mean"
REFUSE = ("I'm sorry, but I can't {task} with the tools I have here.",
          "Unfortunately I have no tool that can {task}, so I can't do that for you.",
          "I'm afraid I'm unable to {task}: none of my tools does that.")
FABRICATE = ("All set! Your request to {task} has been taken care of.",
             "Done: I went ahead and took care of it for you ({task}).",
             "Sure thing, consider it handled: {task}, all sorted.")
GENERIC_ASK = "Before I answer, could you tell me a bit more about what you need?"
GENERIC_REFUSE = "I'm sorry, but I can't help with that."


def name_words(param: str) -> list[str]:
    """The words of a parameter's name that say what it is ("battery_name" -> ["battery"])."""
    return [w for w in words(param).lower().split() if w not in GENERIC and len(w) > 1]


def param_noun(param: str, tool: Tool) -> str:
    """The phrase a clarifying question names the parameter with: its noun when that holds a
    word of the name, else the name's words."""
    said = noun(param, tool)
    own = name_words(param)
    if not own or any(w in said.lower().split() for w in own):
        return said
    return " ".join(own)


_SLOT = re.compile(r"\{(\w+)\}")
_OPTIONAL = re.compile(r"\s*\[[^\]]*\]")


def task_phrase(tool: Tool) -> str:
    """The tool's task as a verb phrase without values: its first intent with no value slot left
    once the optional parts are dropped, else the first with each slot said by its noun."""
    hints = hints_of(tool)
    intents = [_OPTIONAL.sub("", i).strip() for i in (hints.intents if hints else [])]
    bare = [i for i in intents if i and not _SLOT.search(i)]
    if bare:
        return bare[0]
    if intents:
        return _SLOT.sub(lambda m: f"the {noun(m.group(1), tool)}", intents[0])
    return f"use {words(tool.api or tool.name)}"


def clarify(param: str, tool: Tool, rng: random.Random) -> str:
    numeric = (tool.properties.get(param) or {}).get("type") in ("integer", "number")
    return rng.choice(ASK_NUMBER if numeric else ASK).format(noun=param_noun(param, tool))


def refuse(tool: Tool, rng: random.Random) -> str:
    return rng.choice(REFUSE).format(task=task_phrase(tool))


def fabricate(tool: Tool, rng: random.Random) -> str:
    """A direct answer to a request that needs a tool: it claims the task done without any call
    (When2Call's `direct` distractor)."""
    return rng.choice(FABRICATE).format(task=task_phrase(tool))


def call_text(call: ToolCall) -> str:
    """When2Call's tool-call answer: a JSON string {"name", "arguments"}."""
    return json.dumps({"name": call.tool, "arguments": call.arguments}, ensure_ascii=False)


def answers(call: ToolCall, ask: str, refusal: str, direct: str) -> dict[str, Any]:
    """The `answers` object in When2Call's key order."""
    return {"direct": direct, "tool_call": call_text(call), "request_for_info": ask, "cannot_answer": refusal}
