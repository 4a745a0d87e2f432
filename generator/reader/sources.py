"""The files `trajgen read` reads, as items: one query with its gold calls and its situation.

One loader per kind of file, registered in SOURCES and picked by content (first claim wins):
TRAILBench query files (with the tool schemas of an `apis/` folder beside or above them),
TRAJECT-Bench parallel (simple / hard) and sequential files (with the `tools/` catalogs when
found beside them), BFCL question files with their `possible_answer/` twin, trajgen's SDG rows
and judge rows. trajgen's outputs and the original benchmarks' files read alike.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import InputError, TrajgenError
from ..readers import read_catalog, read_trail_records, traject_tool_name
from ..readers.jsonfile import load_json_or_jsonl
from ..records import Tool, ToolCall
from ..registry import Registry
from .history import parse_time
from .records import Situation, Step


@dataclass
class Item:
    """One query to read, and how its output lines name it."""

    file: str
    record: int
    level: str
    paraphrase: int
    query: str
    calls: list[ToolCall]
    situation: Situation
    kinds: list[str] = field(default_factory=list)
    tool_labels: list[str] = field(default_factory=list)  # per call, as the output line names the tool
    kind: str = ""  # which source read it (trail, traject, bfcl, sdg, judge)


@dataclass(frozen=True)
class Source:
    claims: Callable[[Path, Any], bool]  # (path, the parsed file) -> is it mine
    items: Callable[[Path, Any, str], Iterator[Item]]  # (path, parsed file, label) -> items


SOURCES: Registry[Source] = Registry("query file kind")


def load(path: Path) -> Any:
    return load_json_or_jsonl(path, str(path))[1]


def first(value: Any) -> dict[str, Any]:
    rows = value if isinstance(value, list) else [value]
    return next((r for r in rows if isinstance(r, dict)), {})


def _rows(value: Any, label: str) -> list[Any]:
    if isinstance(value, dict):  # a JSON Lines file of one line reads as that one object
        return [value]
    if not isinstance(value, list):
        raise InputError("expected a JSON array or JSON Lines of records", file=label)
    return value


# ---------------------------------------------------------------- TRAILBench

def _claims_trail(path: Path, value: Any) -> bool:
    return "user_history" in first(value) and "answer" in first(value)


@lru_cache(maxsize=16)
def _schemas_near(folder: Path) -> dict[str, Tool]:
    """The OpenAI-format schemas of the nearest `apis/` folder at or above `folder` (TRAILBench
    keeps them in apis/apis_openai/, trajgen's trail output in trail/apis/apis_openai/)."""
    for parent in [folder, *folder.parents]:
        for candidate in (parent / "apis" / "apis_openai", parent / "apis"):
            files = sorted(candidate.glob("*_openai.json")) if candidate.is_dir() else []
            if files:
                return {t.name: t for f in files for t in _catalog(f, f.stem.removesuffix("_openai"))}
    return {}


def _catalog(path: Path, domain: str) -> list[Tool]:
    return [t if t.domain else t.model_copy(update={"domain": domain}) for t in read_catalog(path)]


def _trail_items(path: Path, value: Any, label: str) -> Iterator[Item]:
    warnings: list[str] = []
    records = read_trail_records(path, warnings=warnings)
    tools = _schemas_near(path.resolve().parent)
    for index, r in enumerate(records):
        name = f"{r.answer.toolname}_{r.answer.apiname}"
        call = ToolCall(tool=name, arguments=r.answer.parameters)
        situation = Situation(time=parse_time(r.time), tools=tools, history=r.history)
        for level, texts in r.query.items():
            for k, text in enumerate(texts):
                yield Item(label, index, level, k, text, [call], situation, [r.answer.apitype],
                           [f"{r.answer.toolname}.{r.answer.apiname}"])


# ---------------------------------------------------------------- TRAJECT-Bench

def _claims_traject(path: Path, value: Any) -> bool:
    row = first(value)
    return "query" in row and ("tool list" in row or "tool_list" in row)


def _traject_level(path: Path, row: dict[str, Any]) -> str:
    if "sequential" in path.parts or "tool_list" in row or path.name == "traj_query.json":
        return "sequential"
    # TRAJECT-Bench names its files hard_ver.json / simple_ver.json; a copy named for its level
    # anywhere in the stem (traject_hard.json) is read at that level too
    return "hard" if "hard" in path.stem.split("_") or path.name.startswith("hard") else "simple"


@lru_cache(maxsize=16)
def _traject_catalog(folder: Path) -> dict[str, Tool]:
    """Every TRAJECT-Bench catalog of the nearest `tools/` folder at or above `folder`."""
    for parent in [folder, *folder.parents]:
        files = sorted((parent / "tools").glob("*_tool.json")) if (parent / "tools").is_dir() else []
        if files:
            return dict(_catalog_of(tuple((str(f), (st := f.stat()).st_size, st.st_mtime_ns) for f in files)))
    return {}


@lru_cache(maxsize=8)  # every trajectory file of a run reads the same tools/ folder
def _catalog_of(files: tuple[tuple[str, int, int], ...]) -> dict[str, Tool]:
    return {t.name: t for f, _, _ in files for t in read_catalog(Path(f))}


def _traject_call(entry: Any, label: str, index: int, k: int) -> tuple[ToolCall, str]:
    if not isinstance(entry, dict) or not isinstance(entry.get("tool name"), str):
        raise InputError("a tool list entry needs a 'tool name'", file=label, record=index, field=f"tool list[{k}]")
    args: dict[str, Any] = {}
    for kind in ("required parameters", "optional parameters"):
        for p in entry.get(kind) or []:
            if not isinstance(p, dict) or not isinstance(p.get("name"), str):
                raise InputError("a parameter needs a 'name'", file=label, record=index,
                                 field=f"tool list[{k}].{kind}")
            if p.get("value") is not None:  # "" is a value too (an empty resume_key, ident)
                args[p["name"]] = p["value"]
    output = entry.get("executed_output")
    return ToolCall(tool=traject_tool_name(entry["tool name"]), arguments=args), "" if output is None else str(output)


def _adapted(entries: list[Any]) -> list[str]:
    """Per step, the argument a TRAJECT-Bench trajectory declares taken from an earlier output."""
    names = [e.get("adapt_parameter") if isinstance(e, dict) else None for e in entries]
    return [n if isinstance(n, str) else "" for n in names] if any(names) else []


def _traject_items(path: Path, value: Any, label: str) -> Iterator[Item]:
    catalog = _traject_catalog(path.resolve().parent)
    for index, row in enumerate(_rows(value, label)):
        if not isinstance(row, dict) or not isinstance(row.get("query"), str):
            raise InputError("a record needs a 'query' string", file=label, record=index, field="query")
        entries = row.get("tool list", row.get("tool_list")) or []
        pairs = [_traject_call(e, label, index, k) for k, e in enumerate(entries)]
        calls = [c for c, _ in pairs]
        level = _traject_level(path, row)
        steps = [Step(call=c, output=o) for c, o in pairs] if level == "sequential" else []
        situation = Situation(tools={c.tool: catalog[c.tool] for c in calls if c.tool in catalog}, steps=steps,
                              adapted=_adapted(entries) if level == "sequential" else [])
        domains = [catalog[c.tool].domain if c.tool in catalog else "" for c in calls]
        yield Item(label, index, level, 0, row["query"], calls, situation, domains, [c.tool for c in calls])


# ---------------------------------------------------------------- BFCL

def _claims_bfcl(path: Path, value: Any) -> bool:
    row = first(value)
    return "question" in row and "function" in row


# Categories whose questions have no gold call (nothing to read): BFCL ships no answers for them.
_NO_GOLD = ("irrelevance", "relevance")


def _bfcl_answers(path: Path, label: str) -> dict[str, Any]:
    twin = path.parent / "possible_answer" / path.name
    if not twin.is_file():
        if path.stem.endswith(_NO_GOLD):
            return {}
        raise InputError(f"no possible_answer/{path.name} beside it: BFCL gold answers are needed", file=label)
    return {r["id"]: r.get("ground_truth") for r in _rows(load(twin), str(twin)) if isinstance(r, dict) and "id" in r}


def _bfcl_gold(truth: Any) -> list[ToolCall]:
    """The first listed alternative of every argument ("" marks an optional one that may be left out)."""
    calls = []
    for entry in truth if isinstance(truth, list) else []:
        if not isinstance(entry, dict):
            return []  # multi-turn ground truth is call strings: not read here
        for name, params in entry.items():
            args = {p: next((a for a in alts if a != ""), None) for p, alts in (params or {}).items()
                    if isinstance(alts, list)}
            calls.append(ToolCall(tool=name, arguments={p: a for p, a in args.items() if a is not None}))
    return calls


def _bfcl_items(path: Path, value: Any, label: str) -> Iterator[Item]:
    from ..readers.base import CatalogSource
    from ..readers.bfcl import bfcl_tool

    answers = _bfcl_answers(path, label)
    for index, row in enumerate(_rows(value, label)):
        turns = row.get("question") if isinstance(row, dict) else None
        if not isinstance(turns, list) or not turns:
            raise InputError("'question' must be a list of turns", file=label, record=index, field="question")
        text = _first_user(turns)
        calls = _bfcl_gold(answers.get(row.get("id")))
        if text is None or not calls:
            continue
        tools = {t.name: t for t in (bfcl_tool(d, CatalogSource(path, label), "bfcl") for d in row.get("function") or [])}
        yield Item(label, index, path.stem.removeprefix("BFCL_v4_"), 0, text, calls, Situation(tools=tools),
                   [""] * len(calls), [c.tool for c in calls])


def _first_user(turns: list[Any]) -> str | None:
    messages = turns[0] if isinstance(turns[0], list) else turns
    texts = [m.get("content") for m in messages if isinstance(m, dict) and m.get("role") == "user"]
    return " ".join(t for t in texts if isinstance(t, str)) or None


# ---------------------------------------------------------------- SDG and judge rows (OpenAI messages)

def _claims_sdg(path: Path, value: Any) -> bool:
    row = first(value)
    return "messages" in row and "tools" in row


def _claims_judge(path: Path, value: Any) -> bool:
    row = first(value)
    return "messages_history" in row and "tools_list" in row


def _json_field(row: dict[str, Any], key: str, label: str, index: int) -> Any:
    raw = row.get(key)
    if isinstance(raw, str):
        try:
            return json.loads(raw)
        except json.JSONDecodeError as e:
            raise InputError(f"not valid JSON ({e.msg})", file=label, record=index, field=key) from None
    return raw


def _row_tools(row: dict[str, Any], key: str, label: str, index: int) -> dict[str, Tool]:
    """The tools of a row; rows repeat the same tool list, so each distinct JSON text is read once."""
    raw = row.get(key)
    if isinstance(raw, str):
        _json_field(row, key, label, index)  # a bad JSON text is named here, with its row
        return _openai_tools(raw)
    return _openai_tools(json.dumps(raw))


@lru_cache(maxsize=256)
def _openai_tools(raw: str) -> dict[str, Tool]:
    defs = json.loads(raw)
    tools = (_openai_tool(json.dumps(d, sort_keys=True)) for d in defs or [] if isinstance(d, dict))
    return {t.name: t for t in tools}


@lru_cache(maxsize=4096)
def _openai_tool(raw: str) -> Tool:
    """One tool definition (schema checks are slow; rows share definitions)."""
    from ..readers import tool_from_openai

    d = json.loads(raw)
    return tool_from_openai(d if "function" in d else {"type": "function", "function": d})


def _message_calls(message: dict[str, Any], label: str, index: int) -> list[ToolCall]:
    calls = []
    for k, tc in enumerate(message.get("tool_calls") or []):
        fn = tc.get("function") if isinstance(tc, dict) else None
        if not isinstance(fn, dict) or not isinstance(fn.get("name"), str):
            raise InputError("a tool call needs function.name", file=label, record=index, field=f"tool_calls[{k}]")
        args = fn.get("arguments")
        try:
            args = json.loads(args) if isinstance(args, str) else args
        except json.JSONDecodeError:
            raise InputError("arguments are not valid JSON", file=label, record=index,
                             field=f"tool_calls[{k}].function.arguments") from None
        calls.append(ToolCall(tool=fn["name"], arguments=args if isinstance(args, dict) else {}))
    return calls


def _conversation_item(messages: Any, tools: dict[str, Tool], label: str, index: int, level: str) -> Item | None:
    """The last user text before the last assistant tool call, and that call's gold."""
    if not isinstance(messages, list):
        raise InputError("messages must be a list", file=label, record=index, field="messages")
    last_call = max((i for i, m in enumerate(messages) if isinstance(m, dict) and m.get("tool_calls")), default=None)
    if last_call is None:
        return None
    users = [m.get("content") for m in messages[:last_call] if isinstance(m, dict) and m.get("role") == "user"]
    text = next((u for u in reversed(users) if isinstance(u, str) and u.strip()), None)
    if text is None:
        return None
    calls = _message_calls(messages[last_call], label, index)
    return Item(label, index, level, 0, text, calls, Situation(tools=tools), [""] * len(calls), [c.tool for c in calls])


def _sdg_items(path: Path, value: Any, label: str) -> Iterator[Item]:
    for index, row in enumerate(_rows(value, label)):
        if not isinstance(row, dict):
            raise InputError("a row must be an object", file=label, record=index)
        tools = _row_tools(row, "tools", label, index)
        item = _conversation_item(row.get("messages"), tools, label, index, str(row.get("category", "-")))
        if item is not None:
            yield item


def _judge_items(path: Path, value: Any, label: str) -> Iterator[Item]:
    """Only VALID_CALL rows carry a gold call: the others hold a corrupted one."""
    for index, row in enumerate(_rows(value, label)):
        if not isinstance(row, dict):
            raise InputError("a row must be an object", file=label, record=index)
        if row.get("label") != "VALID_CALL":
            continue
        tools = _row_tools(row, "tools_list", label, index)
        item = _conversation_item(_json_field(row, "messages_history", label, index), tools, label, index, "VALID_CALL")
        if item is not None:
            yield item


SOURCES.add("trail", Source(_claims_trail, _trail_items))
SOURCES.add("traject", Source(_claims_traject, _traject_items))
SOURCES.add("bfcl", Source(_claims_bfcl, _bfcl_items))
SOURCES.add("judge", Source(_claims_judge, _judge_items))
SOURCES.add("sdg", Source(_claims_sdg, _sdg_items))


def items_of(path: Path, label: str) -> Iterator[Item]:
    """The items of one file, read by the first source that claims it."""
    value = load(path)
    for name in SOURCES.names():
        source = SOURCES.get(name)
        if source.claims(path, value):
            try:
                for item in source.items(path, value, label):
                    item.kind = name
                    yield item
            except TrajgenError:
                raise
            except (KeyError, TypeError, AttributeError, ValueError) as e:
                raise InputError(f"unexpected shape ({type(e).__name__}: {e})", file=label) from None
            return
    raise InputError("not a TRAILBench, TRAJECT-Bench, BFCL, SDG or judge query file", file=label)

