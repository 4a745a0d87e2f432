"""Native BFCL multi-turn entries (question line + possible_answer line) over BFCL's classes."""

from __future__ import annotations

import random
from typing import Any

from . import bfcl_steps  # noqa: F401  (register the class scenarios)
from .bfcl_env import BFCL_SCENARIOS, BfclEnv, call_string
from .dialogue import Shaped, build


def question_turns(shaped: Shaped) -> list[list[dict[str, str]]]:
    return [[{"role": "user", "content": s.user}] if s.user is not None else [] for s in shaped.segments]


def ground_truth(shaped: Shaped) -> list[list[str]]:
    return [[] if s.turn is None else [call_string(c) for c in s.turn.step.calls] for s in shaped.segments]


def missed_functions(shaped: Shaped) -> dict[str, list[str]]:
    return {str(i): s.added_tools for i, s in enumerate(shaped.segments) if s.added_tools}


def native_entry(shaped: Shaped, env: BfclEnv, entry_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    calls = [c for s in shaped.segments if s.turn is not None for c in s.turn.step.calls]
    config = {c: v for c, v in env.initial_config().items() if v}
    question: dict[str, Any] = {
        "id": entry_id, "question": question_turns(shaped), "initial_config": config,
        "path": [f"{env.owner[c.tool]}.{c.tool}" for c in calls],
        "involved_classes": sorted(env.instances)}
    if shaped.category == "multi_turn_miss_func":
        question["missed_function"] = missed_functions(shaped)
    return question, {"id": entry_id, "ground_truth": ground_truth(shaped)}


def pick_classes(rng: random.Random, classes: list[str]) -> list[str]:
    """One class, or two (as in about half of BFCL's entries) when the pool allows it."""
    pool = sorted(classes)
    first = rng.choice(pool)
    if len(pool) > 1 and rng.random() < 0.5:
        return [first, rng.choice([c for c in pool if c != first])]
    return [first]


def native_conversation(category: str, rng: random.Random, classes: list[str], n_turns: int,
                        entry_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    chosen = pick_classes(rng, classes)
    long_context = category == "multi_turn_long_context"

    def make_env() -> tuple[BfclEnv, list[Any]]:
        configs, gens = {}, []
        for cls in chosen:
            config, cls_gens = BFCL_SCENARIOS.get(cls)(random.Random(rng.randrange(2**32)))
            configs[cls] = config
            gens += cls_gens
        return BfclEnv(configs, long_context), gens

    shaped, env = build(category, make_env, rng, n_turns)
    assert isinstance(env, BfclEnv)  # make_env builds BFCL environments only
    return native_entry(shaped, env, entry_id)
