"""One multi-turn SDG conversation over our simulated tools, for any multi-turn category."""

from __future__ import annotations

import random
from typing import Any

from ...records import Tool
from . import sim_files, sim_tasks  # noqa: F401  (register the simulated environments)
from .dialogue import Shaped, build
from .sdg_rows import sdg_rows
from .sim import SIM_ENVS


def sim_distractors(env_name: str, rng: random.Random) -> list[Tool]:
    """Tools of the other simulated environments (their names never clash: one namespace)."""
    out: list[Tool] = []
    for name, factory in SIM_ENVS.items():
        if name != env_name:
            out += factory(random.Random(0), False)[0].tools()
    return out


def pick_distractors(own: list[Tool], pool: list[Tool], n: int, rng: random.Random) -> list[Tool]:
    names = {t.name for t in own}
    seen: set[str] = set()
    usable = []
    for t in pool:
        if t.name not in names and t.name not in seen:
            seen.add(t.name)
            usable.append(t)
    return rng.sample(usable, min(n, len(usable)))


def sdg_conversation(category: str, rng: random.Random, n_turns: int, trajectory_id: str,
                     catalog_tools: list[Tool], n_distractors: int) -> list[dict[str, Any]]:
    """SDG rows of one conversation; long_context gets big states and many distractor tools."""
    shaped, tools = shaped_conversation(category, rng, n_turns, catalog_tools, n_distractors)
    return sdg_rows(shaped, tools, trajectory_id)


def shaped_conversation(category: str, rng: random.Random, n_turns: int, catalog_tools: list[Tool],
                        n_distractors: int) -> tuple[Shaped, list[Tool]]:
    """One played and shaped conversation and the tools it offers (before its user turns are
    worded: the LLM writer may reword them, generator.bfcl.multiturn.llm_turns)."""
    env_name = rng.choice(SIM_ENVS.names())
    big = category == "multi_turn_long_context"
    env_seed = rng.randrange(2**32)

    def make_env() -> tuple[Any, list[Any]]:
        return SIM_ENVS.get(env_name)(random.Random(env_seed), big)

    shaped, env = build(category, make_env, rng, n_turns)
    tools = env.tools()
    if big:
        pool = sim_distractors(env_name, rng) + list(catalog_tools)
        tools = tools + pick_distractors(tools, pool, n_distractors, rng)
        rng.shuffle(tools)
    return shaped, tools
