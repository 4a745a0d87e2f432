"""Value profiles: what a tool's prose says about its values, read once by the LLM.

Heuristics (generator.dependencies, quantities, lore) read the prose of the catalogs they were
built on; a rule written only in a description ("the window must be at least 60 minutes", "an
effective date is a Monday at least a week ahead", "a hazmat code requires the hazmat block")
is beyond them on a catalog they never saw. `trajgen hints` therefore asks the model once per
tool (prompts/tool_values.j2, cached, or through --batch-out/--batch-in) for a ValueProfile:
realistic values per parameter path and rules of a small closed set of kinds
(generator.value_rules). The reply is checked against the tool's schema and re-asked with its
problems; the profile is stored beside the phrasing hints, in the same file.

A run with a profile draws a profiled parameter from its values (lore's `said`, so every product
and every derived persona draws through generator.values unchanged) and redraws a call until it
obeys the rules (`obeying`); a run without one behaves as before.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any

from .errors import InputError, LLMError, RunStopped
from .llm.protocol import LLMClient
from .prompting import render_messages
from .records import Tool, ValueProfile
from .schema import is_valid
from .value_rules import param_paths, rule_problems, violations

log = logging.getLogger(__name__)

TEMPLATE = "tool_values.j2"
TEMPLATE_VARS = {TEMPLATE: {"tool", "paths"}}  # for prompting.check_templates
MAX_VALUES = 8
ATTEMPTS = 12  # draws of one call before it is given up as unable to obey its rules
_TEMPORAL_FORMATS = frozenset({"date", "date-time", "time"})


def profile_messages(tool: Tool) -> list[dict[str, str]]:
    brief = {"name": tool.name, "description": tool.description, "parameters": tool.parameters}
    return render_messages(TEMPLATE, tool=brief, paths=sorted(param_paths(tool)))


# ---------------------------------------------------------------- checking a profile

def value_problems(tool: Tool, profile: ValueProfile) -> list[str]:
    """Value lists naming unknown paths, or with no value the path's schema accepts."""
    paths = param_paths(tool)
    known = ", ".join(sorted(paths)) or "none"
    problems = []
    for path, values in profile.values.items():
        if path not in paths:
            problems.append(f"values has the key '{path}', which is not a parameter path of {tool.name} "
                            f"(paths: {known})")
        elif values and not any(is_valid(paths[path], v) for v in values):
            problems.append(f"values['{path}']: none of {values[:3]!r}... is valid for its schema {paths[path]}")
    return problems


def profile_problems(tool: Tool, profile: ValueProfile) -> list[str]:
    """Everything wrong with `profile` for `tool` ([] = usable): the re-ask's reasons."""
    return value_problems(tool, profile) + rule_problems(tool, profile.rules)


@dataclass
class Cleaned:
    profile: ValueProfile
    dropped: int  # values the schema refuses, and values of dates and times (drawn from the query time)


def cleaned(tool: Tool, profile: ValueProfile) -> Cleaned:
    """`profile` with only the values it may use: valid for their path's schema, not dates or
    times, deduplicated, at most MAX_VALUES per path. Dropped values are counted, never used."""
    paths = param_paths(tool)
    kept: dict[str, list[Any]] = {}
    dropped = 0
    for path, values in profile.values.items():
        schema = paths.get(path)
        good = [] if schema is None or schema.get("format") in _TEMPORAL_FORMATS else \
            [v for v in values if is_valid(schema, v)]
        unique = [v for i, v in enumerate(good) if v not in good[:i]][:MAX_VALUES]
        dropped += len(values) - len(unique)
        if unique:
            kept[path] = unique
    return Cleaned(ValueProfile(values=kept, rules=profile.rules), dropped)


# ---------------------------------------------------------------- asking the model

async def profile_tool(tool: Tool, client: LLMClient) -> ValueProfile:
    result = await client.structured(profile_messages(tool), ValueProfile, check=partial(profile_problems, tool),
                                     tag=f"values:{tool.name}")
    return result.value


async def try_profile(tool: Tool, client: LLMClient) -> ValueProfile | None:
    from .llm.batch.client import Deferred

    try:
        return await profile_tool(tool, client)
    except RunStopped:
        raise
    except Deferred:  # a batch round: the answer comes with --batch-in
        return None
    except LLMError as exc:
        log.warning("no value profile for %s: %s", tool.name, exc)
        return None


# ---------------------------------------------------------------- a run with profiles

def apply_profiles(tools: Sequence[Tool], profiles: dict[str, ValueProfile], source: str = "hints") -> list[Tool]:
    """Tools without a catalog profile get the file's, checked (the first problem stops the run
    with one line naming file, tool and field); the catalog's own profile always wins."""
    out = []
    for tool in tools:
        profile = tool.profile or profiles.get(tool.name)
        if profile is not None:
            problems = profile_problems(tool, profile)
            if problems:
                field, _, why = problems[0].partition(": ")
                where = source if tool.profile is None else tool.source or "catalog"
                raise InputError(why or field, file=where, record=tool.name, field=field if why else "profile")
            tool = tool.model_copy(update={"profile": cleaned(tool, profile).profile})
        out.append(tool)
    return out


def drawn_from_profile(tools: Sequence[Tool]) -> list[Tool]:
    """Each profiled path drawn from its values: merged into `said` as an enum (after
    generator.lore.annotate, so the profile wins over what lore read), the schema untouched."""
    out = []
    for tool in tools:
        if tool.profile is not None and tool.profile.values:
            said = {**tool.said, **{p: {**tool.said.get(p, {}), "enum": list(v)} for p, v in tool.profile.values.items()}}
            tool = tool.model_copy(update={"said": said})
        out.append(tool)
    return out


class Disobeyed(Exception):
    """No draw of a call obeyed its tool's rules within ATTEMPTS: the call is not used."""

    def __init__(self, tool: str, broken: list[str]) -> None:
        super().__init__(f"{tool}: no draw in {ATTEMPTS} obeyed its value rules ({broken[0]})")
        self.tool, self.broken = tool, broken


def obeying(tool: Tool, draw: Callable[[], dict[str, Any]], now: datetime) -> dict[str, Any]:
    """A draw of `tool`'s arguments that obeys its profile's rules (redrawn up to ATTEMPTS times)."""
    args = draw()
    if tool.profile is None or not tool.profile.rules:
        return args
    for _ in range(ATTEMPTS - 1):
        broken = violations(tool.profile.rules, args, now)
        if not broken:
            return args
        args = draw()
    broken = violations(tool.profile.rules, args, now)
    if broken:
        raise Disobeyed(tool.name, broken)
    return args
