"""A model under test for the fake server: answers tool-calling requests from a gold side file,
correctly for a configured share of each level's items and otherwise with a corrupted call made
by the judge product's operators, so `trajgen eval` can be tested end to end offline.

    python -m generator.testing.oracle gold RUN_DIR --out gold.jsonl      # same flags as `trajgen eval`
    python -m generator.testing.fake_openai --oracle gold.jsonl --accuracy 0.9,0.7,0.5,0.3

Deterministic: within each (format, level), items are ranked by a hash of (seed, item id) and the
first round(share * n) are answered with the gold calls. A wrong item gets a label drawn from the
error mix (TOOL_ERROR / PARAM_NAME_ERROR / PARAM_VALUE_ERROR), one of its gold calls (seeded) is
replaced by an operator's candidate of that label, and the candidate is kept only if it differs
from the gold at that stage under a lenient comparison (case, spaces, punctuation, "1"/1/true), so
that no benchmark's scorer can take it for right. Items that expect no call get a call instead
(TOOL_ERROR). `injected` records what was done to each item.

Requests are matched to items by their user messages (plus the offered tool names when two
items share them); sequential trajectories are answered one gold step per turn.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import Field

from ..catalog import Catalog
from ..core.values import sample_arguments
from ..judge.cases import Candidate, Scenario
from ..judge.config import Label
from ..judge.operators import OPERATORS, Operator
from ..readers import tool_from_openai
from ..records import Record, Tool, ToolCall

ERRORS: tuple[Label, ...] = ("TOOL_ERROR", "PARAM_NAME_ERROR", "PARAM_VALUE_ERROR")
SKIP_OPERATORS = {"history_value", "llm_value"}  # need a user history / an LLM
DONE = "Done."


class GoldEntry(Record):
    """One item as the oracle sees it, in the names sent on the wire."""

    key: str
    id: str
    format: str
    level: str
    level_rank: int
    steps: str
    tools: str  # hash of the tool set (a "tools" line)
    gold: list[ToolCall] = Field(default_factory=list)
    context_calls: int = 0  # calls already in the item's own context (multi-turn rows)
    any_call: bool = False  # BFCL relevance: any call is right, so a wrong answer is no call
    # when2call: the kind of reply expected, the answer of every kind (the call as a JSON string),
    # and a digest of the system message (twins share the question and differ in the history)
    expects: str = ""
    answers: dict[str, str] = Field(default_factory=dict)
    context: str = ""


@dataclass
class Plan:
    label: Label
    calls: list[ToolCall]  # what the oracle answers (a corrupted call replaced or removed)
    stop_at: int | None = None  # a text reply instead of call `stop_at`
    text: str | None = None  # a text reply (when2call: a question, a refusal or a direct answer)


def message_key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def user_texts(messages: list[dict[str, Any]]) -> list[str]:
    return [str(m.get("content") or "") for m in messages if m.get("role") == "user"]


def item_key(texts: list[str]) -> str:
    return message_key("\x1e".join(texts))


def system_text(messages: list[dict[str, Any]]) -> str:
    return "\n\n".join(str(m.get("content") or "") for m in messages if m.get("role") == "system")


def context_keys(messages: list[dict[str, Any]]) -> set[str]:
    """Digests of every paragraph prefix of the request's system messages: JSON mode puts the
    item's own system text first in a longer one."""
    keys = set()
    for m in messages:
        if m.get("role") == "system":
            parts = str(m.get("content") or "").split("\n\n")
            keys |= {message_key("\n\n".join(parts[:k])) for k in range(1, len(parts) + 1)}
    return keys


# ---------------------------------------------------------------- the gold side file

def gold_lines(items: list[Any]) -> list[dict[str, Any]]:
    """Side-file lines for eval items (generator.evaluate.records.EvalItem): tool sets once, then
    one entry per item with its gold calls under wire names."""
    from ..evaluate.ask import Session

    lines: dict[str, dict[str, Any]] = {}
    entries = []
    for item in items:
        s = Session(item, json_calls=False)
        digest = message_key(json.dumps(s.tools, sort_keys=True))
        lines.setdefault(digest, {"tools": digest, "defs": s.tools})
        gold = [ToolCall(tool=s.names[c.tool], arguments=c.arguments) for c in item.gold]
        entries.append(GoldEntry(key=item_key(user_texts(item.messages)), id=item.id, format=item.format,
                                 level=item.level, level_rank=item.level_rank, steps=item.steps, tools=digest,
                                 gold=gold, context_calls=calls_made(item.messages),
                                 any_call=item.reference.get("rule") == "relevance",
                                 **reply_kinds(item, s.names)).model_dump(mode="json"))
    return [*lines.values(), *entries]


def reply_kinds(item: Any, names: dict[str, str]) -> dict[str, Any]:
    """when2call items: the kind expected, the answers per kind (the call under its wire name)
    and the system message's digest; nothing for the other formats."""
    answers = item.reference.get("answers") if item.format == "when2call" else None
    if not answers:
        return {}
    call = json.loads(answers.get("tool_call") or "{}")
    if isinstance(call, dict) and call.get("name"):
        call["name"] = names.get(call["name"], call["name"])
    return {"expects": item.level, "answers": {**answers, "tool_call": json.dumps(call, ensure_ascii=False)},
            "context": message_key(system_text(item.messages)) if system_text(item.messages) else ""}


def write_gold(argv: list[str]) -> int:
    from ..evaluate.api import requested_formats
    from ..evaluate.formats import LoadContext
    from ..evaluate.load import load_items, select

    p = argparse.ArgumentParser(prog="python -m generator.testing.oracle gold")
    p.add_argument("paths", nargs="+")
    p.add_argument("--out", required=True)
    p.add_argument("--formats", default="", help="comma-separated (default: every registered format)")
    p.add_argument("--limit", type=int)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--max-tools", type=int, default=20)
    a = p.parse_args(argv)
    ctx = LoadContext(max_tools=a.max_tools, seed=a.seed)
    formats = requested_formats([f for f in a.formats.split(",") if f] or None)
    items = select(load_items([Path(x) for x in a.paths], formats, ctx), a.limit, a.seed)
    Path(a.out).write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in gold_lines(items)),
                           encoding="utf-8")
    print(f"{len(items)} items -> {a.out}")
    return 0


# ---------------------------------------------------------------- configuration

def parse_shares(text: str) -> tuple[list[float], dict[str, float]]:
    """'0.9,0.7' (by level rank) and/or 'High=0.3' (by level name)."""
    ranked, named = [], {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, value = part.rpartition("=")
        if name:
            named[name] = float(value)
        else:
            ranked.append(float(value))
    return ranked, named


def parse_mix(text: str) -> dict[Label, float]:
    _, named = parse_shares(text)
    mix = {lab: named.get(lab, 0.0 if named else 1.0) for lab in ERRORS}
    if not any(mix.values()):
        raise ValueError(f"error mix {text!r} gives no weight to any of {', '.join(ERRORS)}")
    return mix


# ---------------------------------------------------------------- lenient comparison

_PUNCT = re.compile(r"[\s,./\-_*^'\"]+")
_TRUE, _FALSE = {"true", "yes", "1", "1.0"}, {"false", "no", "0", "0.0"}


def lenient(value: Any) -> Any:
    """A value as the most forgiving scorer would see it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return lenient(str(float(value)))
    if isinstance(value, list):
        return tuple(lenient(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, lenient(v)) for k, v in value.items()))
    text = str(value).strip().lower()
    if text in _TRUE or text in _FALSE:
        return "true" if text in _TRUE else "false"
    try:
        return str(float(text))
    except ValueError:
        return _PUNCT.sub("", text)


def stage_of(gold: ToolCall, cand: Candidate) -> Label:
    call = cand.call
    if call is None or call.tool != gold.tool:
        return "TOOL_ERROR"
    if set(call.arguments) != set(gold.arguments) or named(call) != named(gold):
        return "PARAM_NAME_ERROR"
    if any(lenient(v) != lenient(gold.arguments[k]) for k, v in call.arguments.items()):
        return "PARAM_VALUE_ERROR"
    return "VALID_CALL"


def named(call: ToolCall) -> set[str]:
    """Parameters with a value: TRAJECT-Bench drops empty ones before comparing, so giving an
    empty gold value a value changes the names it sees."""
    return {k for k, v in call.arguments.items() if v not in ("", None, [], {})}


# ---------------------------------------------------------------- the oracle

class Oracle:
    def __init__(self, entries: list[GoldEntry], tools: dict[str, list[dict[str, Any]]], *,
                 ranked: list[float], named: dict[str, float], mix: dict[Label, float], seed: int = 0,
                 log: Path | None = None) -> None:
        self.entries = {e.id: e for e in entries}
        self.tools = tools
        self.by_key: dict[str, list[GoldEntry]] = {}
        for e in entries:
            self.by_key.setdefault(e.key, []).append(e)
        self.mix, self.seed, self.log = mix, seed, log
        self.ranked, self.named = ranked, named
        self.correct = self._choose_correct(entries)
        self.injected: dict[str, Label] = {}
        self._plans: dict[str, Plan] = {}
        self._lock = threading.Lock()

    @classmethod
    def from_file(cls, path: str | Path, *, accuracy: str = "0.9,0.7,0.5,0.3", error_mix: str = "",
                  seed: int = 0, log: str | Path | None = None) -> Oracle:
        tools: dict[str, list[dict[str, Any]]] = {}
        entries = []
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if "defs" in row:
                tools[row["tools"]] = row["defs"]
            else:
                entries.append(GoldEntry.model_validate(row))
        ranked, named = parse_shares(accuracy)
        return cls(entries, tools, ranked=ranked, named=named, mix=parse_mix(error_mix), seed=seed,
                   log=Path(log) if log else None)

    @classmethod
    def from_options(cls, *, oracle: str, accuracy: str, error_mix: str, oracle_log: str | None,
                     seed: int) -> Oracle:
        return cls.from_file(oracle, accuracy=accuracy, error_mix=error_mix, seed=seed, log=oracle_log)

    def share(self, e: GoldEntry) -> float:
        if e.level in self.named:
            return self.named[e.level]
        if not self.ranked:
            return 1.0
        return self.ranked[min(e.level_rank, len(self.ranked) - 1)]

    def _choose_correct(self, entries: list[GoldEntry]) -> set[str]:
        groups: dict[tuple[str, str], list[GoldEntry]] = {}
        for e in entries:
            groups.setdefault((e.format, e.level), []).append(e)
        out: set[str] = set()
        for group in groups.values():
            group.sort(key=lambda e: message_key(f"{self.seed}:{e.id}"))
            out |= {e.id for e in group[: round(self.share(group[0]) * len(group))]}
        return out

    # ------------------------------------------------------------ answering

    def answer(self, body: dict[str, Any]) -> dict[str, Any] | None:
        messages = list(body.get("messages") or [])
        entry = self.find(messages, body)
        if entry is None:
            return None
        plan = self.plan(entry)
        done = calls_made(messages) - entry.context_calls
        # a when2call item may offer no tool: without `tools` and without a JSON reply format it is native
        native = bool(body.get("tools")) or (bool(entry.expects) and not body.get("response_format"))
        if plan.text is not None:
            return text_reply(plan.text, native)
        if entry.steps == "one":
            return reply(plan.calls if done == 0 else [], native)
        if plan.stop_at is not None and done >= plan.stop_at:
            return reply([], native)
        return reply(plan.calls[done:done + 1], native)

    def find(self, messages: list[dict[str, Any]], body: dict[str, Any]) -> GoldEntry | None:
        found = next((self.by_key[k] for k in candidate_keys(user_texts(messages)) if k in self.by_key), [])
        if len(found) <= 1:
            return found[0] if found else None
        offered = offered_names(body, messages, {n for e in found for n in self.names(e)})
        found = [e for e in found if self.names(e) == offered] or found
        contexts = context_keys(messages)
        return next((e for e in found if (e.context in contexts if e.context else not contexts)), found[0])

    def names(self, e: GoldEntry) -> set[str]:
        return {t["function"]["name"] for t in self.tools[e.tools]}

    def plan(self, e: GoldEntry) -> Plan:
        with self._lock:
            if e.id not in self._plans:
                self._plans[e.id] = self._make_plan(e)
                self._record(e, self._plans[e.id].label)
            return self._plans[e.id]

    def _record(self, e: GoldEntry, lab: Label) -> None:
        self.injected[e.id] = lab
        if self.log is not None:
            with self.log.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps({"id": e.id, "format": e.format, "level": e.level, "label": lab}) + "\n")

    def _make_plan(self, e: GoldEntry) -> Plan:
        if e.expects:
            return kind_plan(e, e.id in self.correct, random.Random(f"{self.seed}:{e.id}:kind"))
        if e.id in self.correct:
            return Plan("VALID_CALL", list(e.gold))
        if e.any_call:
            return Plan("TOOL_ERROR", [], stop_at=0)
        rng = random.Random(f"{self.seed}:{e.id}:corrupt")
        tools = [tool_from_openai(d) for d in self.tools[e.tools]]
        if not e.gold:
            return Plan("TOOL_ERROR", [unwanted_call(tools, rng)])
        for lab in preferred(self.mix, rng):
            plan = corrupt(e, tools, lab, rng)
            if plan is not None:
                return plan
        return Plan("TOOL_ERROR", [], stop_at=0)  # nothing applied: answer in text


KINDS = ("tool_call", "request_for_info", "cannot_answer", "direct")


def kind_plan(e: GoldEntry, correct: bool, rng: random.Random) -> Plan:
    """when2call: the answer of the expected kind, or of another kind drawn evenly (a call where
    a question, refusal or answer is right; a question, refusal or answer where a call is)."""
    kind = e.expects if correct else rng.choice([k for k in KINDS if k != e.expects])
    label: Label = "VALID_CALL" if correct else "TOOL_ERROR"
    if kind != "tool_call":
        return Plan(label, [], text=e.answers.get(kind) or DONE)
    call = json.loads(e.answers.get("tool_call") or "{}")
    return Plan(label, [ToolCall(tool=str(call.get("name") or "call"), arguments=dict(call.get("arguments") or {}))])


def preferred(mix: dict[Label, float], rng: random.Random) -> list[Label]:
    """The labels in the order to try: one drawn by weight, then the others as fallbacks."""
    weighted = [lab for lab in ERRORS if mix[lab] > 0]
    first = rng.choices(weighted, weights=[mix[lab] for lab in weighted])[0]
    return [first, *(lab for lab in ERRORS if lab != first)]


def corrupt(e: GoldEntry, tools: list[Tool], lab: Label, rng: random.Random) -> Plan | None:
    by_name = {t.name: t for t in tools}
    order = visible_calls(e.gold)
    rng.shuffle(order)
    ops = [op for _, op in OPERATORS.items() if op.label == lab and op.needs_gold and op.name not in SKIP_OPERATORS]
    for i in order:
        gold = e.gold[i]
        if gold.tool not in by_name:
            continue
        sc = Scenario(by_name[gold.tool], gold, tools, gold, Catalog(tools), {})
        cand = first_candidate(sc, ops, lab, rng)
        if cand is not None:
            return replaced(e, i, cand, lab)
    return None


def visible_calls(gold: list[ToolCall]) -> list[int]:
    """Calls whose corruption every scorer can see: TRAJECT-Bench compares only the first call of
    each tool name (and tool names as a set), so a tool that occurs twice is left alone."""
    counts: dict[str, int] = {}
    for c in gold:
        counts[c.tool] = counts.get(c.tool, 0) + 1
    unique = [i for i, c in enumerate(gold) if counts[c.tool] == 1]
    return unique or list(range(len(gold)))


def first_candidate(sc: Scenario, ops: list[Operator], lab: Label, rng: random.Random) -> Candidate | None:
    assert sc.gold is not None
    for op in rng.sample(ops, len(ops)):
        assert op.fn is not None
        try:
            cand = op.fn(sc, rng)
        except (ValueError, TypeError, KeyError):  # a schema the operator cannot work with
            continue
        if cand is not None and stage_of(sc.gold, cand) == lab:
            return cand
    return None


def replaced(e: GoldEntry, i: int, cand: Candidate, lab: Label) -> Plan:
    if cand.call is None:  # a text reply where call i belonged
        return Plan(lab, e.gold[:i] + e.gold[i + 1:] if e.steps == "one" else list(e.gold), stop_at=i)
    return Plan(lab, [*e.gold[:i], cand.call, *e.gold[i + 1:]])


def unwanted_call(tools: list[Tool], rng: random.Random) -> ToolCall:
    tool = rng.choice(tools)
    return ToolCall(tool=tool.name, arguments=sample_arguments(tool, rng, optional_rate=0.0))


def candidate_keys(texts: list[str]) -> list[str]:
    """Keys of the request's user messages, longest prefix first (a loop or a JSON-mode follow-up
    adds user messages after the item's own), each also with trailing paragraphs of its last
    message dropped (a client may append an instruction to the last user message)."""
    keys = []
    for n in range(len(texts), 0, -1):
        parts = texts[n - 1].split("\n\n")
        keys += [item_key([*texts[:n - 1], "\n\n".join(parts[:k])]) for k in range(len(parts), 0, -1)]
    return keys


def calls_made(messages: list[dict[str, Any]]) -> int:
    """Tool calls the assistant already made in this conversation (native or JSON mode)."""
    n = 0
    for m in messages:
        if m.get("role") != "assistant":
            continue
        if m.get("tool_calls"):
            n += len(m["tool_calls"])
            continue
        try:
            n += len(json.loads(m.get("content") or "").get("tool_calls") or [])
        except (ValueError, AttributeError):
            continue
    return n


def offered_names(body: dict[str, Any], messages: list[dict[str, Any]], pool: set[str]) -> set[str]:
    """The tools a request offers: natively, or (JSON mode) the names of `pool` the system message
    lists as `- name:` lines -- twins that share the words and context differ only in these."""
    if body.get("tools"):
        return {t.get("function", {}).get("name") for t in body["tools"]}
    text = system_text(messages)
    return {n for n in pool if f"\n- {n}: " in f"\n{text}"}


def text_reply(text: str, native: bool) -> dict[str, Any]:
    if native:
        return {"role": "assistant", "content": text}
    return {"role": "assistant", "content": json.dumps({"tool_calls": [], "text": text}, ensure_ascii=False)}


def reply(calls: list[ToolCall], native: bool) -> dict[str, Any]:
    if not native:
        body = {"tool_calls": [{"name": c.tool, "arguments": c.arguments} for c in calls], "text": "" if calls else DONE}
        return {"role": "assistant", "content": json.dumps(body, ensure_ascii=False)}
    if not calls:
        return {"role": "assistant", "content": DONE}
    return {"role": "assistant", "content": None,
            "tool_calls": [{"id": f"call_{k}", "type": "function",
                            "function": {"name": c.tool, "arguments": json.dumps(c.arguments, ensure_ascii=False)}}
                           for k, c in enumerate(calls)]}


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] != "gold":
        print("usage: python -m generator.testing.oracle gold PATHS... --out GOLD.jsonl", file=sys.stderr)
        return 2
    return write_gold(argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())

__all__ = ["Oracle", "gold_lines", "write_gold"]
