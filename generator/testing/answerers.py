"""Deterministic answers to the project's prompts, one registered function per task.

The fake server reads the task from the prompt's own text -- the facts a real model is given,
written with `| tojson` where a value must survive verbatim -- so production prompts carry
nothing that only tests need. One reader per prompt recognizes it and extracts the fields;
one answerer per task returns the reply as the assistant's JSON content. Tasks: TASKS.md.
Stdlib only (plus the project's tiny registry), so the server runs anywhere.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..registry import Registry


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
# Task name -> reader of that prompt's text: the task's fields, or None when the text is not it.
Reader = Callable[[str], dict[str, Any] | None]
READERS: Registry[Reader] = Registry("prompt reader")


def _json_after(text: str, label: str, default: Any = None) -> Any:
    """The JSON value written on the rest of the line after `label` (prompts use `| tojson`)."""
    m = re.search(r"^" + re.escape(label) + r"[ \t]*(.*)$", text, re.MULTILINE)
    if not m:
        return default
    try:
        return json.JSONDecoder().raw_decode(m.group(1))[0]
    except json.JSONDecodeError:
        return default


def find_task(messages: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The task of the latest user message that is one of the project's prompts (re-asks
    append plain notes), read from the prompt's own text: {"task": name, ...fields}."""
    for m in reversed(messages):
        if m.get("role") != "user" or not isinstance(m.get("content"), str):
            continue
        for name, read in READERS.items():
            fields = read(m["content"])
            if fields is not None:
                return {"task": name, **fields}
    return None


def answer(messages: list[dict[str, Any]], *, leak_first: bool = False,
           drop_first: bool = False) -> dict[str, Any]:
    task = find_task(messages)
    if task is None:
        return {"error": "not one of trajgen's prompts (no task recognized in the user messages)"}
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


# ---------------------------------------------------------------- prompt readers

WRITE_HEAD = re.compile(r"^Write (\d+) different user messages? for this request, in (.+)\.$", re.MULTILINE)
FACT = re.compile(r"^\s*- (.*?): (say it in words as|point to it as|say) (\".*)$", re.MULTILINE)
FACT_MODES = {"say": "stated", "point to it as": "hinted", "say it in words as": "words"}
REQUEST = re.compile(r"^Request \d+(?:: (.*?))?\.$", re.MULTILINE)


def _facts(text: str) -> list[dict[str, Any]]:
    out = []
    for m in FACT.finditer(text):
        try:
            value = json.JSONDecoder().raw_decode(m.group(3))[0]
        except json.JSONDecodeError:
            continue
        out.append({"param": m.group(1), "text": str(value), "mode": FACT_MODES[m.group(2)]})
    return out


def _intent(text: str) -> str:
    """The requests' verb phrases, joined as the writer joins them (", then " for a chain)."""
    joiner = ", then " if "a later one uses what an earlier one returns" in text else ", and also "
    return joiner.join(m.group(1) for m in REQUEST.finditer(text) if m.group(1))


@READERS.register("write_queries")
def read_write_queries(text: str) -> dict[str, Any] | None:
    head = WRITE_HEAD.search(text)
    if head is None:
        return None
    forbidden = _json_after(text, "- Never write any of these:", [])
    return {"n": int(head.group(1)), "language": head.group(2), "intent": _intent(text),
            "app": _json_after(text, "The user names the app: say"),
            "facts": _facts(text), "forbidden": forbidden if isinstance(forbidden, list) else []}


@READERS.register("tool_hints")
def read_tool_hints(text: str) -> dict[str, Any] | None:
    tool = _json_after(text, "Write phrasing hints for this tool:")
    return {"tool": tool} if isinstance(tool, dict) else None


@READERS.register("tool_values")
def read_tool_values(text: str) -> dict[str, Any] | None:
    if "Write {\"values\": {...}, \"rules\": [...]}." not in text:
        return None
    tool = _json_after(text, "Tool:")
    return {"tool": tool} if isinstance(tool, dict) else None


@READERS.register("simulate_output")
def read_simulate_output(text: str) -> dict[str, Any] | None:
    if "Return what this call returned." not in text:
        return None
    return {"tool": _json_after(text, "Tool:", "tool"), "arguments": _json_after(text, "Arguments:", {}),
            "must_include": _json_after(
                text, "The response must contain each of these values verbatim "
                      "(a later call reads them from it):", [])}


@READERS.register("corrupt_value")
def read_corrupt_value(text: str) -> dict[str, Any] | None:
    if "Propose ONE plausible but wrong value" not in text:
        return None
    return {"request": _json_after(text, "Request:", ""), "tool": _json_after(text, "Tool:", ""),
            "param": _json_after(text, "Parameter:", "?"), "gold_value": _json_after(text, "Correct value:"),
            "schema": _json_after(text, "Parameter schema:", {})}


@READERS.register("final_answer")
def read_final_answer(text: str) -> dict[str, Any] | None:
    if "Write the final answer to the user." not in text:
        return None
    outputs = []
    for m in re.finditer(r"^\d+\. (\".*)$", text, re.MULTILINE):
        try:
            outputs.append(json.JSONDecoder().raw_decode(m.group(1))[0])
        except json.JSONDecodeError:
            continue
    return {"request": _json_after(text, "The user asked:", ""), "outputs": outputs}


@READERS.register("propose_edges")
def read_propose_edges(text: str) -> dict[str, Any] | None:
    return {} if "List the pairs where a value found in the" in text else None


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


# ---------------------------------------------------------------- tool_values

# The fake "reads" rules written in the description as `a` requires `b`, exactly one of `a`, `b`,
# `a` before `b`, `a` is one of `x`, `y`: a stand-in for a model reading prose.
_RULE_PROSE = (
    (re.compile(r"`(\w+)` requires `(\w+)`"),
     lambda m: {"kind": "requires", "when": {m[1]: []}, "params": [m[2]]}),
    (re.compile(r"exactly one of `(\w+)`, `(\w+)`"), lambda m: {"kind": "exactly_one", "params": [m[1], m[2]]}),
    (re.compile(r"`(\w+)` before `(\w+)`"), lambda m: {"kind": "order", "first": m[1], "second": m[2]}),
    (re.compile(r"`(\w+)` is one of ((?:`[^`]*`(?:, )?)+)"),
     lambda m: {"kind": "allowed", "param": m[1], "values": re.findall(r"`([^`]*)`", m[2])}),
)


def _leaf_values(spec: dict[str, Any]) -> list[Any] | None:
    if spec.get("examples"):
        return list(spec["examples"])
    if spec.get("type") in ("integer", "number") and "minimum" in spec and "maximum" in spec:
        lo, hi = spec["minimum"], spec["maximum"]
        return [lo, (lo + hi) // 2 if spec["type"] == "integer" else (lo + hi) / 2, hi]
    return None


@ANSWERERS.register("tool_values")
def tool_values(task: dict[str, Any], ctx: AnswerContext) -> dict[str, Any]:
    """Values from each parameter's `examples` (or its bounds), rules from the prose above.
    Fault mode `leak_first`: the first reply names a parameter the tool does not have."""
    tool = task.get("tool") or {}
    props = (tool.get("parameters") or {}).get("properties") or {}
    values = {p: v for p, spec in props.items() if isinstance(spec, dict) and (v := _leaf_values(spec))}
    text = str(tool.get("description", ""))
    rules = [make(m) for pattern, make in _RULE_PROSE for m in pattern.finditer(text)]
    if ctx.leak_first and ctx.first:
        rules.append({"kind": "requires", "params": ["no_such_parameter"]})
    return {"values": values, "rules": rules}


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


# ---------------------------------------------------------------- when2call

@READERS.register("when2call_clarify")
def read_when2call_clarify(text: str) -> dict[str, Any] | None:
    if "Write the assistant's clarifying question" not in text:
        return None
    return {"noun": _json_after(text, "Say it as:", "value"), "request": _json_after(text, "Request:", "")}


@READERS.register("when2call_refusal")
def read_when2call_refusal(text: str) -> dict[str, Any] | None:
    return {"request": _json_after(text, "Request:", "")} if "Write the assistant's refusal" in text else None


@READERS.register("when2call_direct")
def read_when2call_direct(text: str) -> dict[str, Any] | None:
    return {"request": _json_after(text, "Request:", "")} if "Write the assistant's direct answer" in text else None


@READERS.register("when2call_question")
def read_when2call_question(text: str) -> dict[str, Any] | None:
    if "Write one question a user might ask an assistant on the topic above" not in text:
        return None
    return {"topic": _json_after(text, "Topic:", "general knowledge")}


@READERS.register("when2call_judge")
def read_when2call_judge(text: str) -> dict[str, Any] | None:
    if "Which kind of reply is it?" not in text:
        return None
    return {"reply": _json_after(text, "Reply:", "")}


@ANSWERERS.register("when2call_clarify")
def when2call_clarify(task: dict[str, Any], ctx: AnswerContext) -> dict[str, Any]:
    return {"question": f"Could you tell me the {task.get('noun') or 'value'} you have in mind?"}


@ANSWERERS.register("when2call_refusal")
def when2call_refusal(task: dict[str, Any], ctx: AnswerContext) -> dict[str, Any]:
    return {"reply": "I'm sorry, but I can't do that: none of my tools can handle this request."}


@ANSWERERS.register("when2call_direct")
def when2call_direct(task: dict[str, Any], ctx: AnswerContext) -> dict[str, Any]:
    return {"answer": f"Here is my answer from what I know, without any tool: {words(str(task.get('request') or ''))}."}


@ANSWERERS.register("when2call_question")
def when2call_question(task: dict[str, Any], ctx: AnswerContext) -> dict[str, Any]:
    return {"question": f"What is one surprising fact about {task.get('topic') or 'history'}?"}


KIND_RULES = ((re.compile(r'"name"\s*:|<TOOLCALL>', re.IGNORECASE), "tool_call"), (re.compile(r"\?"), "request_for_info"),
              (re.compile(r"\b(sorry|unable|can't|cannot|afraid)\b", re.IGNORECASE), "cannot_answer"))


@ANSWERERS.register("when2call_judge")
def when2call_judge(task: dict[str, Any], ctx: AnswerContext) -> dict[str, Any]:
    text = str(task.get("reply") or "")
    return {"classification": next((kind for rule, kind in KIND_RULES if rule.search(text)), "direct_answer")}
