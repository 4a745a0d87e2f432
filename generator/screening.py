"""Screening a catalog at load: every tool whose required parameters can be sampled is kept;
a tool with a parameter no value satisfies is skipped, with the reason.

The probe draws the required parameters (and each optional one alone) with a generator
seeded by the tool's name, so the verdict is the same on every run. An optional parameter
that cannot be sampled does not skip its tool: the sampler leaves it out
(generator.core.values.sample_arguments). Skipped tools reach `rejections.jsonl` (product
"catalog"), the dataset card and one line on the terminal; a catalog with no tool left stops
the run with one line (generator.engine).
"""

from __future__ import annotations

import random

from .core.identity import trail_function_name, trail_names
from .core.values import Unsampleable, sample_arguments, value_for
from .errors import InputError
from .records import Rejection, Tool

PRODUCT = "catalog"


def sample_problem(tool: Tool) -> str | None:
    """Why `tool` cannot be sampled (None when it can)."""
    rng = random.Random(f"screen:{tool.name}")
    try:
        sample_arguments(tool, rng, optional_rate=0.0)
    except Unsampleable as exc:
        return str(exc)
    except (ValueError, TypeError, RecursionError) as exc:  # a schema shape the sampler cannot walk
        return f"cannot sample its parameters ({type(exc).__name__}: {str(exc)[:160]})"
    for name, schema in tool.properties.items():
        if name not in tool.required:
            try:
                value_for(schema, rng, name=name)
            except (Unsampleable, ValueError, TypeError, RecursionError):
                continue  # optional: left out of every call
    return None


def screen(tools: list[Tool]) -> tuple[list[Tool], list[tuple[Tool, str]]]:
    """(kept tools, [(skipped tool, reason)]) in catalog order."""
    kept: list[Tool] = []
    skipped: list[tuple[Tool, str]] = []
    named: dict[tuple[str, str], Tool] = {}  # TRAILBench (toolname, apiname) -> the tool holding it
    for tool in tools:
        problem = sample_problem(tool)
        owner = named.setdefault(trail_names(tool), tool) if problem is None else tool
        if problem is None and owner is not tool:  # "car.rental" beside "car_rental", "calculate_BMI"
            problem = (f"its TRAILBench name {trail_function_name(tool)} is that of {owner.name} "
                       "(names that differ only in case or punctuation cannot be told apart there)")
        if problem is None:
            kept.append(tool)
        else:
            skipped.append((tool, problem))
    return kept, skipped


def require_some(kept: list[Tool], skipped: list[tuple[Tool, str]]) -> None:
    """A run needs at least one tool; say why none is left."""
    if kept:
        return
    if not skipped:
        raise InputError("the catalog holds no tool")
    tool, reason = skipped[0]
    raise InputError(f"no tool of the catalog can be sampled ({len(skipped)} skipped; first: "
                     f"{tool.name}: {reason})", file=tool.source or None)


def skip_rejections(skipped: list[tuple[Tool, str]]) -> list[Rejection]:
    """Skipped tools as rejections.jsonl rows (product "catalog")."""
    return [Rejection(item_id=f"tool:{tool.name}", product=PRODUCT, stage="screen", validator="sampleable",
                      reason=f"tool {tool.name} ({tool.source or 'catalog'}) skipped: {reason}")
            for tool, reason in skipped]


def skip_lines(skipped: list[tuple[Tool, str]]) -> list[str]:
    """One line for the terminal (and the card) naming the skipped tools."""
    if not skipped:
        return []
    names = ", ".join(t.name for t, _ in skipped[:5]) + (", ..." if len(skipped) > 5 else "")
    return [(f"skipped {len(skipped)} tool(s) whose parameters cannot be sampled: {names} "
            "(reasons in rejections.jsonl and the dataset card)")]
