"""Deterministic answers to the project's prompts, one registered function per task.

The fake server finds the ```json task block in the conversation, dispatches on its "task"
field and returns the answer as the assistant's JSON content. Tasks and shapes: TASKS.md.
Stdlib only (plus the project's tiny registry), so the server runs anywhere.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..registry import Registry

TASK_BLOCK = re.compile(r"```json task[ \t]*\n(.*?)\n[ \t]*```", re.DOTALL)


@dataclass(frozen=True)
class AnswerContext:
    """What an answerer may react to besides the task: which attempt this is, which faults to play."""

    attempt: int = 1  # number of user messages so far: 1 = first ask, >1 = a re-ask
    leak_first: bool = False
    drop_first: bool = False

    @property
    def first(self) -> bool:
        return self.attempt <= 1


Answerer = Callable[[dict[str, Any], AnswerContext], dict[str, Any]]
ANSWERERS: Registry[Answerer] = Registry("fake task")


def find_task(messages: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The task block of the latest user message that has one (re-asks append plain notes)."""
    for m in reversed(messages):
        if m.get("role") != "user" or not isinstance(m.get("content"), str):
            continue
        match = TASK_BLOCK.search(m["content"])
        if match:
            try:
                data = json.loads(match.group(1))
            except json.JSONDecodeError:
                return None
            return data if isinstance(data, dict) else None
    return None


def answer(messages: list[dict[str, Any]], *, leak_first: bool = False,
           drop_first: bool = False) -> dict[str, Any]:
    task = find_task(messages)
    if task is None:
        return {"error": "no ```json task block in the user messages"}
    name = str(task.get("task", ""))
    if name not in ANSWERERS:
        return {"error": f"unknown task '{name}'"}
    attempt = sum(1 for m in messages if m.get("role") == "user")
    return ANSWERERS.get(name)(task, AnswerContext(attempt, leak_first, drop_first))


# ---------------------------------------------------------------- helpers

def words(identifier: str) -> str:
    """'getRoute_by-car' -> 'get route by car'."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", identifier)
    return " ".join(w.lower() for w in re.split(r"[^A-Za-z0-9]+", spaced) if w)


def join_and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def action_words(tool_name: str) -> str:
    """The action part of a tool name: 'AppleHealth_log_exercise' -> 'log exercise'."""
    if ":" in tool_name:
        return words(tool_name.split(":", 1)[1]) or words(tool_name)
    head, _, rest = tool_name.partition("_")
    # An app prefix is capitalized ("AppleHealth_"); "get_weather" has none.
    return words(rest) if rest and any(c.isupper() for c in head) else words(tool_name)


# ---------------------------------------------------------------- write_queries

OPENERS = [("Could you", "?"), ("Please", "."), ("I'd like to", "."), ("Can you", "?"),
           ("Help me", "."), ("I want to", "."), ("I need to", "."), ("Would you", "?")]
EXTRAS = ["", " for me", " if possible", " when you get a chance", " as soon as you can", " in one go"]


def _paraphrase(i: int, intent: str, app: str | None, facts: list[str]) -> str:
    """Paraphrase `i`: the opener varies fastest, then the extra; all distinct up to 48."""
    opener, mark = OPENERS[i % len(OPENERS)]
    extra = EXTRAS[(i // len(OPENERS)) % len(EXTRAS)]
    tail = f" (variant {i + 1})" if i >= len(OPENERS) * len(EXTRAS) else ""
    using = f" using {app}" if app else ""
    with_facts = f" with {join_and(facts)}" if facts else ""
    return f"{opener} {intent or 'sort this out'}{using}{with_facts}{extra}{tail}{mark}"


def _fact_texts(facts: list[dict[str, Any]], drop_stated: bool) -> list[str]:
    out, dropped = [], False
    for f in facts:
        if drop_stated and not dropped and f.get("mode", "stated") == "stated":
            dropped = True
            continue
        out.append(str(f.get("text", "")))
    return out


# A fixed request per language, so that queries asked in another language really are in it.
FOREIGN = {
    "Spanish": "Hola, necesito que me ayudes con una cosa, por favor: {facts}. Muchas gracias por tu ayuda{i}.",
    "German": "Hallo, kannst du mir bitte bei einer Sache helfen: {facts}. Vielen Dank für deine Hilfe{i}.",
    "French": "Bonjour, pourriez-vous m'aider avec une chose, s'il vous plaît : {facts}. Merci beaucoup{i}.",
    "Chinese": "你好，请帮我处理一件事情：{facts}。非常感谢你的帮助{i}。",
}


@ANSWERERS.register("write_queries")
def write_queries(task: dict[str, Any], ctx: AnswerContext) -> dict[str, Any]:
    n = int(task.get("n", 1))
    facts = _fact_texts(list(task.get("facts") or []), ctx.drop_first and ctx.first)
    foreign = FOREIGN.get(str(task.get("language") or "English"))
    if foreign:
        return {"queries": [foreign.format(facts=", ".join(facts), i=f" ({i + 1})" if i else "") for i in range(n)]}
    queries = [_paraphrase(i, str(task.get("intent") or ""), task.get("app"), facts) for i in range(n)]
    forbidden = [str(s) for s in task.get("forbidden") or []]
    if ctx.leak_first and ctx.first and forbidden and queries:
        queries[0] = f"{queries[0]} {forbidden[0]}"
    return {"queries": queries}


# ---------------------------------------------------------------- tool_hints

def _slots(props: dict[str, Any]) -> str:
    return "".join(f" [with {words(p)} {{{p}}}]" for p in props)


def _surface(props: dict[str, Any]) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for p, spec in props.items():
        enum = spec.get("enum") if isinstance(spec, dict) else None
        if enum:
            out[p] = {str(v): words(str(v)) or str(v) for v in enum}
    return out


@ANSWERERS.register("tool_hints")
def tool_hints(task: dict[str, Any], ctx: AnswerContext) -> dict[str, Any]:
    tool = task.get("tool") or {}
    action = action_words(str(tool.get("name", "")))
    props = (tool.get("parameters") or {}).get("properties") or {}
    return {"intents": [f"{action}{_slots(props)}", f"I want to {action}{_slots(props)}"],
            "need": [f"I need to {action}."],
            "nouns": {p: words(p) for p in props},
            "surface": _surface(props)}


# ---------------------------------------------------------------- simulate_output

@ANSWERERS.register("simulate_output")
def simulate_output(task: dict[str, Any], ctx: AnswerContext) -> dict[str, Any]:
    include = [str(v) for v in task.get("must_include") or []]
    args = json.dumps(task.get("arguments") or {}, ensure_ascii=False, sort_keys=True)
    body = "; ".join(include) if include else "done"
    return {"output": f"{task.get('tool', 'tool')} called with {args} returned: {body}"}


# ---------------------------------------------------------------- corrupt_value

def _other_enum(gold: Any, schema: dict[str, Any]) -> Any:
    options = [v for v in schema.get("enum") or [] if v != gold]
    return options[0] if options else None


def wrong_value(gold: Any, schema: dict[str, Any]) -> Any:
    """A value of the same kind that is clearly not `gold`."""
    alt = _other_enum(gold, schema)
    if alt is not None:
        return alt
    if isinstance(gold, bool):
        return not gold
    if isinstance(gold, int):
        return gold + 7
    if isinstance(gold, float):
        return round(gold * 2 + 1.5, 3)
    if isinstance(gold, list):
        return gold[:-1] if gold else ["unrelated"]
    if isinstance(gold, dict):
        return {}
    if isinstance(gold, str) and gold:
        return f"{gold[::-1]} Nowhere" if gold[::-1] != gold else f"{gold} Nowhere"
    return "unrelated"


@ANSWERERS.register("corrupt_value")
def corrupt_value(task: dict[str, Any], ctx: AnswerContext) -> dict[str, Any]:
    gold = task.get("gold_value")
    value = wrong_value(gold, task.get("schema") or {})
    return {"value": value,
            "reason": f"'{task.get('param', '?')}' set to {json.dumps(value)} instead of {json.dumps(gold)}, "
                      "which the request does not support"}


# ---------------------------------------------------------------- final_answer, propose_edges

@ANSWERERS.register("final_answer")
def final_answer(task: dict[str, Any], ctx: AnswerContext) -> dict[str, Any]:
    outputs = [str(o) for o in task.get("outputs") or []]
    return {"answer": "Here is what I found: " + (" ".join(outputs) if outputs else "nothing yet.")}


@ANSWERERS.register("propose_edges")
def propose_edges(task: dict[str, Any], ctx: AnswerContext) -> dict[str, Any]:
    return {"edges": []}
