"""Play a conversation over a stateful environment, then shape it into a BFCL multi-turn category.

`play` asks the step generators for one turn at a time, executes every gold call for real and
keeps the results. `shape` turns the played turns into segments (what the user says, what the
assistant does) for base / miss_param / miss_func / long_context. Renderers for SDG rows and
native BFCL files read the segments; nothing here knows about either format.
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import Field

from ...records import Record
from .model import Env, Executed, Step, StepGen, Turn

MULTI_TURN_CATEGORIES = ("multi_turn_base", "multi_turn_miss_param", "multi_turn_miss_func",
                         "multi_turn_long_context")


class Segment(Record):
    """One user turn as the model sees it.

    user: the user's words; None = BFCL's empty turn, where held-out functions come back.
    ask: the assistant's text instead of calls (a clarification, or "I cannot do that yet").
    turn: the executed gold calls and the reply; None when `ask` is set.
    added_tools: tools offered from this segment on (miss_func).
    """

    user: str | None
    ask: str | None = None
    turn: Turn | None = None
    added_tools: list[str] = Field(default_factory=list)


class Shaped(Record):
    category: str
    segments: list[Segment]
    held_out: list[str] = Field(default_factory=list)  # tools not offered until `added_tools`


class PlayError(Exception):
    """The environment offered no usable turn (all generators declined or a call failed)."""


def failed(result: Any) -> bool:
    """A gold call must succeed; BFCL classes and our simulations report errors as data."""
    if isinstance(result, dict):
        return "error" in result
    return isinstance(result, str) and result.lower().startswith("error")


def execute_step(env: Env, step: Step) -> Turn:
    rounds = []
    for rnd in step.rounds:
        done = [Executed(call=c, result=env.execute(c)) for c in rnd]
        if any(failed(e.result) for e in done):
            raise PlayError(f"gold call failed: {done[0].call.tool}: {str(done[0].result)[:120]}")
        rounds.append(done)
    return Turn(step=step, rounds=rounds, reply=step.reply)


def propose(env: Env, gens: list[StepGen], rng: random.Random, need_missing: bool,
            used: list[StepGen]) -> tuple[Step, StepGen]:
    """A step from a generator not used yet in this conversation if possible (variety)."""
    fresh = [g for g in gens if g not in used]
    stale = [g for g in gens if g in used]
    rng.shuffle(fresh)
    rng.shuffle(stale)
    for gen in fresh + stale:
        step = gen(env, rng)
        if step is not None and (step.missing is not None or not need_missing):
            return step, gen
    raise PlayError("no step generator could propose a turn")


def play(env: Env, gens: list[StepGen], rng: random.Random, n_turns: int,
         missing_at: int | None = None) -> list[Turn]:
    """Play `n_turns` turns; the turn `missing_at` must offer a miss_param variant."""
    turns: list[Turn] = []
    used: list[StepGen] = []
    for i in range(n_turns):
        step, gen = propose(env, gens, rng, i == missing_at, used)
        used.append(gen)
        turns.append(execute_step(env, step))
    return turns


# ---------------------------------------------------------------- shaping per category

def shape_base(turns: list[Turn], category: str = "multi_turn_base") -> Shaped:
    return Shaped(category=category, segments=[Segment(user=t.step.text, turn=t) for t in turns])


def missing_problems(env: Env, turn: Turn) -> list[str]:
    """A miss_param turn must withhold a *required* value, and its wording must not leak it."""
    miss = turn.step.missing
    if miss is None:
        return ["the turn has no miss_param variant"]
    calls = [c for c in turn.step.calls if miss.param in c.arguments]
    if not calls:
        return [f"no call of the turn takes '{miss.param}'"]
    problems = [f"'{miss.param}' is optional for {c.tool}" for c in calls
                if miss.param not in env.required_params(c.tool)]
    values = [str(c.arguments[miss.param]).lower() for c in calls]
    problems += [f"'{miss.param}' value {v!r} leaks into the vague request" for v in values
                 if v in miss.vague_text.lower()]
    return problems


def shape_miss_param(turns: list[Turn], k: int) -> Shaped:
    miss = turns[k].step.missing
    assert miss is not None, "miss_param needs a turn with a Missing variant"
    segs = [Segment(user=t.step.text, turn=t) for t in turns]
    segs[k:k + 1] = [Segment(user=miss.vague_text, ask=miss.ask_text),
                     Segment(user=miss.supply_text, turn=turns[k])]
    return Shaped(category="multi_turn_miss_param", segments=segs)


def miss_func_choice(turns: list[Turn]) -> tuple[int, str] | None:
    """The first turn (after the first) that uses a tool no earlier turn used; its last such
    tool is held out (the action itself, not a lookup that precedes it)."""
    seen: set[str] = set(turns[0].tools_used) if turns else set()
    for k in range(1, len(turns)):
        fresh = [t for t in turns[k].tools_used if t not in seen]
        if fresh:
            return k, fresh[-1]
        seen.update(turns[k].tools_used)
    return None


def cannot_text(tool: str) -> str:
    return (f"I can't do that yet: none of the tools I have right now can {tool.replace('_', ' ')}. "
            "If that function becomes available, I can continue.")


def shape_miss_func(turns: list[Turn], k: int, tool: str) -> Shaped:
    segs = [Segment(user=t.step.text, turn=t) for t in turns]
    segs[k:k + 1] = [Segment(user=turns[k].step.text, ask=cannot_text(tool)),
                     Segment(user=None, turn=turns[k], added_tools=[tool])]
    return Shaped(category="multi_turn_miss_func", segments=segs, held_out=[tool])


# ---------------------------------------------------------------- one conversation per category

EnvFactory = Any  # () -> (env, step generators); a fresh environment per attempt


def build(category: str, make_env: EnvFactory, rng: random.Random, n_turns: int,
          attempts: int = 8) -> tuple[Shaped, Env]:
    """Play and shape one conversation of `category`; retries with a fresh environment."""
    last = "no attempt"
    for _ in range(attempts):
        env, gens = make_env()
        try:
            return _build_once(category, env, gens, rng, n_turns), env
        except PlayError as exc:
            last = str(exc)
    raise PlayError(f"{category}: no valid conversation in {attempts} attempts ({last})")


def _build_once(category: str, env: Env, gens: list[StepGen], rng: random.Random,
                n_turns: int) -> Shaped:
    if category == "multi_turn_miss_param":
        k = rng.randrange(min(1, n_turns - 1), n_turns)
        turns = play(env, gens, rng, n_turns, missing_at=k)
        problems = missing_problems(env, turns[k])
        if problems:
            raise PlayError("; ".join(problems))
        return shape_miss_param(turns, k)
    turns = play(env, gens, rng, max(n_turns, 2) if category == "multi_turn_miss_func" else n_turns)
    if category == "multi_turn_miss_func":
        choice = miss_func_choice(turns)
        if choice is None:
            raise PlayError("every turn reuses a tool of the first turn")
        return shape_miss_func(turns, *choice)
    return shape_base(turns, category)
