"""The format contract and what the formats share (relative paths, offered tool sets)."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...judge.similarity import jaccard
from ...records import Tool
from ...registry import Registry
from ..records import EvalItem, Prediction, Score


@dataclass
class LoadContext:
    """Settings every loader sees; `warnings` collects one line per skipped part of an input."""

    max_tools: int = 20
    seed: int = 0
    root: Path | None = None  # item ids name files relative to this folder (see `label`)
    warnings: list[str] = field(default_factory=list)


Review = Callable[[EvalItem, Prediction, Any], Awaitable[Prediction]]


@dataclass(frozen=True)
class EvalFormat:
    """`discover(dir)` lists this format's files below a directory; `claims(file)` says whether a
    file given by name is one; `load` turns a file into items; `score` applies the format's rule.
    `levels` is the display order of its vagueness levels (explicit first); `title` its name in
    plots (default: `name`). A plug-in registers one in FORMATS from its own module (its entry
    point), and `trajgen eval` looks for it by default. Optional: `review`
    looks at a reply before it is scored, with the judge model's client when one is configured
    (when2call: which kind of reply it is); `summary` adds the format's own blocks to its summary
    (rows, seed, bootstrap reps); `plot` draws its own figure from that summary."""

    name: str
    discover: Callable[[Path], list[Path]]
    claims: Callable[[Path], bool]
    load: Callable[[Path, LoadContext], list[EvalItem]]
    score: Callable[[EvalItem, Prediction], Score]
    levels: tuple[str, ...]
    review: Review | None = None
    summary: Callable[[list[Any], int, int], dict[str, Any]] | None = None
    plot: Callable[[dict[str, Any], Path], Path | None] | None = None
    title: str = ""


def title_of(name: str) -> str:
    """A format's name in plots and tables: its registered title, else its name."""
    return (FORMATS.get(name).title or name) if name in FORMATS else name


FORMATS: Registry[EvalFormat] = Registry("eval format")


def visible(root: Path, path: Path) -> bool:
    """Not inside a hidden folder below `root` (a run's .state/ and .cache/ hold JSON too)."""
    return not any(part.startswith(".") for part in path.relative_to(root).parts)


def level_rank(levels: tuple[str, ...], level: str) -> int:
    return levels.index(level) if level in levels else len(levels)


def label(path: Path, ctx: LoadContext) -> str:
    """A file's name in item ids: relative to the folder the inputs share (so ids, and the seeded
    choices made from them, do not depend on where the files live), else absolute."""
    resolved = path.resolve()
    if ctx.root is not None:
        try:
            return resolved.relative_to(ctx.root).as_posix() or "."
        except ValueError:
            pass
    return resolved.as_posix()


def offered_tools(gold: list[Tool], pool: list[Tool], rng: random.Random, cap: int) -> list[Tool]:
    """The gold tools, each one's nearest neighbour in `pool`, then random others from `pool`, up
    to `cap` (never fewer than the gold tools), shuffled. Nearest neighbours keep the set from
    giving the answer away; the cap keeps large domains within what APIs accept (OpenAI: 128)."""
    chosen = {t.name: t for t in gold}
    for tool in gold:
        others = [t for t in pool if t.name != tool.name]
        if others and len(chosen) < cap:
            near = min(others, key=lambda t: (-jaccard(tool, t), t.name))  # nearest()[0], without the sort
            chosen.setdefault(near.name, near)
    rest = [t for t in pool if t.name not in chosen]
    rng.shuffle(rest)
    for tool in rest[: max(0, cap - len(chosen))]:
        chosen[tool.name] = tool
    offered = list(chosen.values())
    rng.shuffle(offered)
    return offered
