"""LLM-written phrasing hints for tools that have none (`trajgen hints CATALOG --out hints.json`).

One request per tool (cached by the client), validated against the tool's real schema:
intent slots must name real parameters, surface keys must be real enum values. The hints file
is merged by the template writer into tools that lack `x-trajgen.hints`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .config import LLMConfig
from .core.profiles import profile_problems
from .core.value_rules import param_paths
from .errors import InputError, LLMError, RunStopped
from .io import write_json
from .llm.protocol import LLMClient
from .prompting import render_messages
from .records import Tool, ToolHints, ValueProfile, dict_at

log = logging.getLogger(__name__)

TEMPLATE = "tool_hints.j2"
VALUES_TEMPLATE = "tool_values.j2"
TEMPLATE_VARS = {TEMPLATE: {"tool"}, VALUES_TEMPLATE: {"tool", "paths"}}  # for prompting.check_templates at start-up
SLOT = re.compile(r"\{([^{}]*)\}")
M = TypeVar("M", bound=BaseModel)
R = TypeVar("R")


def tool_brief(tool: Tool) -> dict[str, Any]:
    return {"name": tool.name, "description": tool.description, "parameters": tool.parameters}


def hint_messages(tool: Tool) -> list[dict[str, str]]:
    return render_messages(TEMPLATE, tool=tool_brief(tool))


# ---------------------------------------------------------------- validation

def _brackets_balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += {"[": 1, "]": -1}.get(ch, 0)
        if depth < 0 or depth > 1:  # phrases are flat: "[from {origin}]"
            return False
    return depth == 0


def intent_problems(tool: Tool, intents: list[str]) -> list[str]:
    params = set(tool.properties)
    known = ", ".join(sorted(params)) or "none"
    problems = [] if intents else ["intents: give at least one sentence template"]
    for i, text in enumerate(intents):
        for slot in SLOT.findall(text):
            if slot not in params:
                problems.append(f"intents[{i}] uses the slot {{{slot}}}, but {tool.name} has no parameter "
                                f"'{slot}' (parameters: {known})")
        if not _brackets_balanced(text):
            problems.append(f"intents[{i}] has unbalanced or nested [ ] around its optional phrases")
    return problems


def surface_problems(tool: Tool, surface: dict[str, dict[str, str]]) -> list[str]:
    problems = []
    for param, words in surface.items():
        spec = tool.properties.get(param) or {}
        items = dict_at(spec, "items")
        enum = spec.get("enum") or items.get("enum") or (["true", "false"] if spec.get("type") == "boolean" else None)
        if not enum:
            problems.append(f"surface['{param}']: '{param}' is not a parameter with enum values or a boolean")
            continue
        allowed = {str(v).lower() if isinstance(v, bool) else str(v) for v in enum}
        for value in words:
            if value not in allowed:
                problems.append(f"surface['{param}'] has the key '{value}', which is not one of its enum "
                                f"values ({', '.join(sorted(allowed))})")
    return problems


def hint_problems(tool: Tool, hints: ToolHints) -> list[str]:
    """Everything wrong with `hints` for `tool` ([] = usable): slots, keys, and the text gate."""
    unknown_nouns = sorted(set(hints.nouns) - set(tool.properties))
    nouns = [f"nouns has the key '{p}', which is not a parameter of {tool.name}" for p in unknown_nouns]
    return (intent_problems(tool, hints.intents) + nouns + surface_problems(tool, hints.surface)
            + text_problems(hints))


# Stand-in values for slots when hint texts go through the text gate: capitalized names, so no
# article or agreement check depends on them, and distinct, so two slots never double a word.
_FILLERS = ("Calder", "Brisa", "Orton", "Velmar", "Quill", "Tamsin", "Ardent", "Lowell", "Mirren", "Sable")


def _filled(template: str) -> str:
    count = iter(range(10**6))
    return SLOT.sub(lambda m: _FILLERS[next(count) % len(_FILLERS)], template.replace("[", "").replace("]", ""))


def text_problems(hints: ToolHints) -> list[str]:
    """The text gate (generator.core.textquality) over every hint text: intents with their slots
    filled, needs, nouns and enum words."""
    from .core.textquality import defects

    texts = [(f"intents[{i}]", _filled(t)) for i, t in enumerate(hints.intents)]
    texts += [(f"need[{i}]", t) for i, t in enumerate(hints.need)]
    texts += [(f"nouns['{p}']", n) for p, n in hints.nouns.items()]
    texts += [(f"surface['{p}']['{v}']", w) for p, words in hints.surface.items() for v, w in words.items()]
    return [f"{where}: {d.reason()}" for where, text in texts for d in defects(text, kinds=_HINT_CLASSES)]


# Empty texts are allowed for words (a value may be said with nothing); the rest applies.
_HINT_CLASSES = ("doubled_word", "article", "grammar", "identifier", "repr", "digit_string", "readout")


# ---------------------------------------------------------------- writing

async def hint_tool(tool: Tool, client: LLMClient) -> ToolHints:
    result = await client.structured(hint_messages(tool), ToolHints, check=partial(hint_problems, tool),
                                     tag=f"hints:{tool.name}")
    return result.value


async def _try_hint(tool: Tool, client: LLMClient) -> ToolHints | None:
    # One tool without hints is not fatal: the template writer falls back to generic phrasing.
    return await _or_none(hint_tool(tool, client), f"no hints for {tool.name}")


async def _or_none(asking: Awaitable[R], failure: str) -> R | None:
    """The model's answer for one tool, or None when it cannot give one (the tool is left
    without); a batch round's deferred answer is None too (it comes with --batch-in)."""
    from .llm.batch.client import Deferred

    try:
        return await asking
    except RunStopped:  # budget spent, endpoint down or refused: stop, do not skip the tool
        raise
    except Deferred:
        return None
    except LLMError as exc:
        log.warning("%s: %s", failure, exc)
        return None


async def write_hints(tools: Sequence[Tool], client: LLMClient) -> dict[str, ToolHints]:
    """Hints per tool name, for every tool the model answered acceptably (in catalog order)."""
    results = await asyncio.gather(*(_try_hint(t, client) for t in tools))
    return {t.name: h for t, h in zip(tools, results, strict=True) if h is not None}


# ---------------------------------------------------------------- the hints file
# One JSON object per tool name: the phrasing hints (ToolHints' keys) and the value profile
# ("values", "rules": records.ValueProfile), either or both.

PROFILE_KEYS = ("values", "rules")


def load_hint_file(path: Path) -> tuple[dict[str, ToolHints], dict[str, ValueProfile]]:
    """(phrasing hints, value profiles) per tool name, from one hints file."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError("hints file not found", file=str(path)) from None
    except (OSError, ValueError) as exc:
        raise InputError(f"not a readable JSON file ({exc})", file=str(path)) from None
    if not isinstance(data, dict):
        raise InputError("expected a JSON object mapping tool names to hints", file=str(path))
    hints, profiles = {}, {}
    for name, value in data.items():
        if not isinstance(value, dict):
            raise InputError(f"expected an object, got {type(value).__name__}", file=str(path), record=name)
        phrasing = {k: v for k, v in value.items() if k not in PROFILE_KEYS}
        profile = {k: v for k, v in value.items() if k in PROFILE_KEYS}
        if phrasing or not profile:
            hints[name] = _load_one(path, name, phrasing, ToolHints)
        if profile:
            profiles[name] = _load_one(path, name, profile, ValueProfile)
    return hints, profiles


def load_hints(path: Path) -> dict[str, ToolHints]:
    return load_hint_file(path)[0]


def _load_one(path: Path, name: str, value: Any, model: type[M]) -> M:
    try:
        return model.model_validate(value)
    except ValidationError as err:
        e = err.errors()[0]
        field = ".".join(str(p) for p in e["loc"]) or None
        raise InputError(e["msg"], file=str(path), record=name, field=field) from None


def save_hints(path: Path, hints: dict[str, ToolHints], profiles: dict[str, ValueProfile] | None = None) -> None:
    profiles = profiles or {}
    names = sorted(set(hints) | set(profiles))
    write_json(Path(path), {name: {**(hints[name].model_dump() if name in hints else {}),
                                   **(profiles[name].model_dump(exclude_none=True) if name in profiles else {})}
                            for name in names})


def apply_hints(tools: Sequence[Tool], hints: dict[str, ToolHints], source: str | Path = "hints") -> list[Tool]:
    """Tools lacking catalog hints get the file's (checked like written hints: slots, keys and
    the text gate; the first problem stops the run with one line); catalog hints always win."""
    out = []
    for t in tools:
        if t.hints is None and t.name in hints:
            problems = hint_problems(t, hints[t.name])
            if problems:
                field, _, why = problems[0].partition(": ")
                raise InputError(why or field, file=str(source), record=t.name, field=field if why else None)
            t = t.model_copy(update={"hints": hints[t.name]})
        out.append(t)
    return out


merge_hints = apply_hints


# ---------------------------------------------------------------- library entry for the CLI

def _catalog_tools(catalog_paths: Sequence[str | Path]) -> list[Tool]:
    from .readers import read_catalogs  # the readers package is optional at import time

    loaded = read_catalogs([Path(p) for p in catalog_paths])
    return list(getattr(loaded, "tools", loaded))


HINT_KINDS = ("phrasing", "values")


@dataclass
class HintsOutcome:
    """What one `trajgen hints` did: lines for the user, and whether the file was written."""

    lines: list[str] = field(default_factory=list)
    written: bool = False


async def _ask(tools: list[Tool], kinds: Sequence[str], client: Any) -> tuple[dict[str, ToolHints],
                                                                             dict[str, ValueProfile]]:

    phrasing = [t for t in tools if t.hints is None] if "phrasing" in kinds else []
    valued = [t for t in tools if t.profile is None and t.properties] if "values" in kinds else []
    try:
        hints = await asyncio.gather(*(_try_hint(t, client) for t in phrasing))
        profiles = await asyncio.gather(*(try_profile(t, client) for t in valued))
    finally:
        await client.aclose()
    return ({t.name: h for t, h in zip(phrasing, hints, strict=True) if h is not None},
            {t.name: p for t, p in zip(valued, profiles, strict=True) if p is not None})


def _counted(tools: list[Tool], profiles: dict[str, ValueProfile]) -> tuple[dict[str, ValueProfile], int]:
    """Profiles with only the values they may use, and how many values were dropped."""
    from .core.profiles import cleaned

    by_name = {t.name: t for t in tools}
    done = {name: cleaned(by_name[name], p) for name, p in profiles.items()}
    return {name: c.profile for name, c in done.items()}, sum(c.dropped for c in done.values())


def run_hints(catalog_paths: Sequence[str | Path], out_path: str | Path, llm_cfg: LLMConfig,
              base_url: str | None = None, model: str | None = None, *, kinds: Sequence[str] = HINT_KINDS,
              batch_out: str | Path | None = None, batch_in: str | Path | None = None) -> HintsOutcome:
    """Write phrasing hints and value profiles for catalog tools that have none into `out_path`
    (merged with what is there). With `batch_out`/`batch_in` the prompts go through an OpenAI
    Batch input file and its answers (docs/batch.md): the file is written once nothing waits."""
    out = Path(out_path)
    tools = _catalog_tools(catalog_paths)
    cache_dir = Path(llm_cfg.cache_dir) if llm_cfg.cache_dir else out.parent / ".cache" / "llm"
    if batch_out is None and batch_in is None:
        from .llm.client import make_client

        client: Any = make_client(llm_cfg, cache_dir, base_url=base_url, model=model)
        return _finish(out, tools, *asyncio.run(_ask(tools, kinds, client)))
    return _run_offline(out, tools, kinds, llm_cfg, cache_dir, base_url, model, batch_out, batch_in)


def _run_offline(out: Path, tools: list[Tool], kinds: Sequence[str], llm_cfg: LLMConfig, cache_dir: Path,
                 base_url: str | None, model: str | None, batch_out: str | Path | None,
                 batch_in: str | Path | None) -> HintsOutcome:
    from .errors import ConfigError
    from .reader.offline import offline_for

    name = model or llm_cfg.model
    if not name:
        raise ConfigError("--batch-out / --batch-in need --model (it is part of every request)", field="--model")
    cache_dir.mkdir(parents=True, exist_ok=True)
    off = offline_for(name, base_url, cache_dir, out.resolve().parent, cfg=llm_cfg.model_copy(update={"model": name}),
                      dataset="hints", what="hints prompt")
    try:
        if batch_in is not None:
            off.ingest_file(Path(batch_in))
        hints, profiles = asyncio.run(_ask(tools, kinds, off.client))
        if off.waiting():
            if batch_out is None:
                raise ConfigError(f"{off.waiting()} hints prompt(s) still wait for an answer (re-asks of "
                                  "refused replies): rerun with --batch-out DIR to write them", field="--batch-in")
            return HintsOutcome([*off.notes, off.write_round(Path(batch_out))])
        done = _finish(out, tools, hints, profiles)
        return HintsOutcome([*off.notes, *done.lines], done.written)
    finally:
        off.ledger.close()


def _finish(out: Path, tools: list[Tool], hints: dict[str, ToolHints],
            profiles: dict[str, ValueProfile]) -> HintsOutcome:
    from .core.profiles import MAX_VALUES

    kept, dropped = _counted(tools, profiles)
    old_hints, old_profiles = load_hint_file(out) if out.exists() else ({}, {})
    save_hints(out, {**old_hints, **hints}, {**old_profiles, **kept})
    rules = sum(len(p.rules) for p in kept.values())
    line = (f"hints written for {len(hints)} tool(s), value profiles for {len(kept)} tool(s) ({rules} rule(s); "
            f"{dropped} value(s) dropped: refused by their schema, dates or times, repeats, or past the first "
            f"{MAX_VALUES} of a parameter) to {out}")
    return HintsOutcome([line], True)


# ---------------------------------------------------------------- value profiles: asking the model, writing them

def profile_messages(tool: Tool) -> list[dict[str, str]]:
    brief = {"name": tool.name, "description": tool.description, "parameters": tool.parameters}
    return render_messages(VALUES_TEMPLATE, tool=brief, paths=sorted(param_paths(tool)))


async def profile_tool(tool: Tool, client: LLMClient) -> ValueProfile:
    result = await client.structured(profile_messages(tool), ValueProfile, check=partial(profile_problems, tool),
                                     tag=f"values:{tool.name}")
    return result.value


async def try_profile(tool: Tool, client: LLMClient) -> ValueProfile | None:
    return await _or_none(profile_tool(tool, client), f"no value profile for {tool.name}")


PROFILES_FILE = "value_profiles.json"


def write_profiles(out_dir: Path, tools: Sequence[Tool]) -> list[Path]:
    """The profiles a run drew with, beside its data (`value_profiles.json`, by tool name), so
    `trajgen stats` re-checks every exported call against its tool's rules; [] without any."""
    from .core.values import REFERENCE_TIME

    profiles = {t.name: t.profile.model_dump(mode="json", exclude_none=True) for t in tools if t.profile is not None}
    if not profiles:
        return []
    path = out_dir / PROFILES_FILE
    # reference_time: the query time of calls whose file gives none (SDG, BFCL, judge, TRAJECT draws)
    write_json(path, {"reference_time": REFERENCE_TIME.isoformat(), "tools": dict(sorted(profiles.items()))})
    return [path]
