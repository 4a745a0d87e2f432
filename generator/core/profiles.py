"""Value profiles: what a tool's prose says about its values, read once by the LLM.

Heuristics (generator.core.dependencies, quantities, lore) read the prose of the catalogs they were
built on; a rule written only in a description ("the window must be at least 60 minutes", "an
effective date is a Monday at least a week ahead", "a hazmat code requires the hazmat block")
is beyond them on a catalog they never saw. `trajgen hints` therefore asks the model once per
tool (generator.hints, prompts/tool_values.j2, cached, or through --batch-out/--batch-in) for a ValueProfile:
realistic values per parameter path and rules of a small closed set of kinds
(generator.core.value_rules). The reply is checked against the tool's schema and re-asked with its
problems; the profile is stored beside the phrasing hints, in the same file.

A run with a profile draws a profiled parameter from its values (lore's `said`, so every product
and every derived persona draws through generator.core.values unchanged), repairs and redraws a call
until it obeys the rules (`obeying`, called by generator.core.values.sample_arguments), and the
`answer_valid` validator rejects a gold call that still breaks one; a run without a profile
behaves as before.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..errors import InputError
from ..records import Tool, ValueProfile
from . import lore
from .schema import is_valid
from .value_rules import param_paths, rule_problems, violations

log = logging.getLogger(__name__)

MAX_VALUES = 8
ATTEMPTS = 8  # draws of one call (each repaired) before it is left to the validators to reject
_TEMPORAL_FORMATS = frozenset({"date", "date-time", "time"})


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
    generator.core.lore.annotate, so the profile wins over what lore read), the schema untouched."""
    out = []
    for tool in tools:
        if tool.profile is not None and tool.profile.values:
            said = {**tool.said, **{p: {**tool.said.get(p, {}), "enum": list(v)} for p, v in tool.profile.values.items()}}
            tool = tool.model_copy(update={"said": said})
        out.append(tool)
    return out


def obeying(tool: Tool, draw: Callable[[], dict[str, Any]], now: datetime, rng: random.Random,
            keep: frozenset[str] = frozenset()) -> dict[str, Any]:
    """A draw of `tool`'s arguments that obeys its profile's rules and its schema: each draw gets
    one targeted repair per broken rule (generator.core.rule_repair), and is redrawn up to ATTEMPTS
    times. When none obeys, the one breaking the fewest rules is returned: the `answer_valid`
    validator then rejects the sample with the broken rule as its reason (rejections.jsonl)."""
    from .rule_repair import Repair, repaired
    from .schema import argument_errors
    from .values import value_for

    rules = tool.profile.rules if tool.profile is not None else []
    args = draw()
    if not rules:
        return args
    params = lore.drawing_parameters(tool).get("properties") or {}
    fix = Repair(tool, keep, now, rng, lambda p: value_for(params.get(p) or {}, rng, name=p, ref=now, optional=False))
    best: tuple[int, dict[str, Any]] | None = None
    for attempt in range(ATTEMPTS):
        fixed = repaired(rules, args, fix)
        fixed = fixed if not argument_errors(tool, fixed) else args  # a repair the schema refuses is undone
        broken = len(violations(rules, fixed, now))
        if not broken:
            return fixed
        best = (broken, fixed) if best is None or broken < best[0] else best
        if attempt < ATTEMPTS - 1:
            args = draw()
    assert best is not None
    log.debug("%s: no draw obeyed its value rules: %s", tool.name, violations(rules, best[1], now))
    return best[1]  # the draw breaking the fewest rules: answer_valid refuses it, saying which


def kept_rules(tool: Tool, args: dict[str, Any], now: datetime, rng: random.Random,
               keep: frozenset[str] = frozenset()) -> dict[str, Any]:
    """`args` repaired toward its profile's rules after a later stage changed it (a history event's
    dates re-derived from its time); unchanged when the repair does not obey them and the schema."""
    from .rule_repair import Repair, repaired
    from .schema import argument_errors
    from .values import value_for

    if tool.profile is None or not tool.profile.rules or not violations(tool.profile.rules, args, now):
        return args
    params = lore.drawing_parameters(tool).get("properties") or {}
    fix = Repair(tool, keep, now, rng, lambda p: value_for(params.get(p) or {}, rng, name=p, ref=now, optional=False))
    fixed = repaired(tool.profile.rules, args, fix)
    return fixed if not violations(tool.profile.rules, fixed, now) and not argument_errors(tool, fixed) else args


def call_violations(tool: Tool, args: dict[str, Any], time: str | None) -> list[str]:
    """The rules of `tool`'s profile that a gold call breaks, at the target's query time."""
    from .temporal import parse_time
    from .values import REFERENCE_TIME

    if tool.profile is None or not tool.profile.rules:
        return []
    return violations(tool.profile.rules, args, (parse_time(time) if time else None) or REFERENCE_TIME)
